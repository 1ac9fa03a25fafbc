//! xboard/CECP engines (GNU Chess, HoiChess, Phalanx, Fairy-Max) over a
//! child process.
//!
//! xboard engines cannot list moves; they can only refuse one. So this
//! adapter answers one question, whether a move is legal
//! ([`Question::IsLegal`]):
//!
//! 1. handshake: `xboard`, `protover 2`; every `feature` is answered
//!    `accepted` (`san=1` is `rejected`: moves are sent in coordinates) until
//!    `done=1`; then `new`, `force`, and a first `ping` that also counts how
//!    many `pong N` lines one `ping N` gives (GNU Chess answers twice, once
//!    from its front end and once, after its result lines, from its engine);
//! 2. the position: `new`, `force`, then `setboard FEN`, or for engines
//!    without `setboard` (Fairy-Max) xboard's edit mode (`a2a3` first when
//!    Black is to move, then `edit`, `#`, the pieces, `c`, `.`), which can
//!    only say what castling rights the kings and rooks on their home squares
//!    imply and cannot name an en passant square; other starting positions
//!    are unsupported for such engines;
//! 3. the game's moves (`usermove M` when the engine asked for `usermove=1`,
//!    the bare move otherwise), then `ping N` and every `pong N`: a refusal
//!    of a move here is an error, since the corpus only plays legal moves;
//!    a line refusing the position (`tellusererror Illegal position`, GNU
//!    Chess's `telluser Board is wrong!`, anything saying `illegal position`,
//!    an `Error (...)` about `setboard` other than an unknown command) is the
//!    engine's refusal of it ([`EngineError::Refused`]), also when the engine
//!    then exits; exiting or hanging without such a line is a failure. A
//!    start lawbook refuses (no game can reach it) is sent as written with
//!    `setboard`, and read as written for edit mode (unsupported there when
//!    its castling field names a rook or king that is not there);
//! 4. the move asked about, `ping N`, and the verdict: illegal when the
//!    engine answers `Illegal move...`, `Invalid move...` or
//!    `Error (illegal move)...`, legal when it says nothing of the kind
//!    before its pong.
//!
//! Registry `options` whose names are CECP features (`usermove`, `setboard`,
//! `ping`) override what the engine announced (HoiChess is sent
//! `usermove: "1"`: it reports a bare move it refuses as an unknown command
//! too); `memory` is sent as the CECP command `memory N` (the hash
//! size in MB: Fairy-Max takes 100 MB without it, and a run starts one
//! process per worker); any other option is sent as `option NAME=VALUE`.
//!
//! Result lines (`1-0 {White mates}`, `1/2-1/2 {Stalemate}`) are collected
//! and available from [`XboardEngine::result`]; they cannot answer the
//! harness's status questions (nothing in the protocol says whether a side is
//! in check, or gives the draw-rule facts), so the fact questions
//! ([`Question::InCheck`], [`Question::Outcome`], ...) stay unsupported. Chess960 queries are unsupported.
//!
//! Every request waits at most the registry's time limit. An engine that
//! exits, hangs, floods its output or prints garbage gets
//! [`EngineError::Failed`] for that request, and a fresh process is started
//! before the next one. An engine that refuses the move and then exits (as
//! HoiChess does after any refused move when its input is not a terminal)
//! gives its verdict and is restarted.

use crate::process::{
    Process, ProcessError, excerpt, one_line, process_failed, program, read_answer, read_answer_into, send,
};
use crate::registry::EngineSpec;
use crate::{Answer, Capability, Engine, EngineError, PositionQuery, Question};
use lawbook_board::{Color, File, Piece, Rank, Relaxations, Role, Setup, Square};
use lawbook_notation::fen;
use lawbook_notation::uci::UciMove;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// The most lines one answer may take.
const MAX_ANSWER_LINES: usize = 2_000;
/// How long a protocol-1 engine (no `feature` line at all) is waited for.
const FEATURE_WAIT: Duration = Duration::from_secs(2);
/// How long the handshake waits for `feature done=1` before repeating `xboard`.
/// GNU Chess's input thread blocks in `read` holding the lock of its standard
/// input, which its engine thread waits for at start-up; each line sent gives
/// that thread a chance, so the handshake sends them often (measured
/// 2026-12-01: a `feature done=1` within 2 s in 3 starts of 20 when repeating
/// every 100 ms, 15 of 20 every 2 ms).
const NUDGE_AFTER: Duration = Duration::from_millis(2);
/// How many processes a start tries before it gives up.
const START_TRIES: usize = 20;
/// How long a second or later try waits for the first `feature` line: a
/// GNU Chess that stays silent that long is usually stuck (see
/// [`NUDGE_AFTER`]), and another process is started.
const RETRY_FEATURE_WAIT: Duration = Duration::from_millis(500);
/// How long the handshake listens for a second `pong` to the same `ping`.
const SECOND_PONG_WAIT: Duration = Duration::from_millis(250);

/// What an xboard engine announced with `feature` (after the registry's overrides).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// `myname`: what the engine calls itself.
    pub myname: String,
    /// `usermove=1`: moves are sent as `usermove M`.
    pub usermove: bool,
    /// `setboard=1`: positions are set with `setboard FEN` (otherwise edit mode).
    pub setboard: bool,
    /// `ping=1`: the engine answers `ping N` with `pong N`.
    pub ping: bool,
    /// How many `pong N` lines one `ping N` gives (measured at the handshake).
    pub pongs_per_ping: usize,
}

/// An xboard engine as a child process, restarted after any failure.
#[derive(Debug)]
pub struct XboardEngine {
    name: String,
    program: String,
    args: Vec<String>,
    timeout: Duration,
    /// Registry options that override the engine's own features.
    overrides: BTreeMap<String, bool>,
    /// Registry options sent as `option NAME=VALUE`.
    engine_options: Vec<(String, String)>,
    /// The registry's `memory` option: the hash size in MB, sent as `memory N`.
    memory: Option<u32>,
    /// The running engine; `None` after a failure.
    session: Option<Session>,
    features: Features,
    restarts: usize,
}

/// One running engine process.
#[derive(Debug)]
struct Session {
    process: Process,
    features: Features,
    next_ping: u64,
    /// The process exited after answering: start a fresh one next time.
    dead: bool,
}

/// The CECP features the registry may override.
const OVERRIDABLE: &[&str] = &["usermove", "setboard", "ping"];

/// A failure in the words of a report.
fn failed(why: impl Into<String>) -> EngineError {
    EngineError::Failed(why.into())
}

/// Splits the rest of a `feature` line into its `key=value` pairs (values may be quoted).
fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].split_whitespace().last().unwrap_or_default().to_string();
        let after = &rest[eq + 1..];
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            }
        } else {
            match after.find(char::is_whitespace) {
                Some(end) => (&after[..end], &after[end..]),
                None => (after, ""),
            }
        };
        out.push((key, value.to_string()));
        rest = next.trim_start();
    }
    out
}

/// Whether a line refuses a move.
fn is_illegal_reply(line: &str) -> bool {
    let l = line.trim();
    l.starts_with("Illegal move") || l.starts_with("Invalid move") || l.starts_with("Error (illegal move")
}

/// Whether a line says the engine did not take a command or a position.
fn is_refusal(line: &str) -> bool {
    let l = line.trim();
    l.starts_with("Error") || l.starts_with("telluser") || l.to_ascii_lowercase().contains("illegal position")
}

/// Whether a line refuses the position `setboard` (or edit mode) gave: CECP's
/// `tellusererror Illegal position`, GNU Chess's `telluser Board is wrong!`,
/// any line saying `illegal position`, or an `Error (...)` about `setboard`
/// other than `Error (unknown command)` (an engine that does not know
/// `setboard` has not refused the position: it was never told it).
fn refuses_position(line: &str) -> bool {
    let l = line.trim();
    l.starts_with("telluser")
        || l.to_ascii_lowercase().contains("illegal position")
        || (l.starts_with("Error") && l.contains("setboard") && !l.starts_with("Error (unknown command)"))
}

/// A result line (`1-0 {White mates}`), if this is one.
fn result_line(line: &str) -> Option<&str> {
    let l = line.trim();
    ["1-0", "0-1", "1/2-1/2"]
        .iter()
        .any(|r| l.strip_prefix(r).is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '{'])))
        .then_some(l)
}

/// Whether edit mode can state this position exactly: no en passant square,
/// and castling rights exactly where a king and a rook stand on their home
/// squares (edit mode implies those rights and cannot state others).
fn edit_mode_can_state(setup: &Setup) -> bool {
    if setup.ep_square.is_some() {
        return false;
    }
    for (color, rank) in [(Color::White, Rank::First), (Color::Black, Rank::Eighth)] {
        let king_home =
            setup.board.piece_at(Square::from_coords(File::E, rank)) == Some(Piece { color, role: Role::King });
        for file in [File::A, File::H] {
            let corner = Square::from_coords(file, rank);
            let implied = king_home && setup.board.piece_at(corner) == Some(Piece { color, role: Role::Rook });
            if implied != setup.castling_rights.contains(corner) {
                return false;
            }
        }
    }
    true
}

impl XboardEngine {
    /// Starts the engine `spec` names (its command found on PATH or in
    /// `/usr/games`, started with its argument list, never a shell) and
    /// shakes hands with it (`xboard`, `protover 2`, its features, `new`,
    /// `force`, `ping`).
    ///
    /// # Errors
    /// [`EngineError::Failed`] when the program is missing (the message names
    /// the spec's install command), cannot be started, does not finish its
    /// handshake within the time limit, or does not answer `ping` (without
    /// `pong` there is no telling when it has answered).
    pub fn spawn(spec: &EngineSpec) -> Result<XboardEngine, EngineError> {
        let program = program(spec)?;
        let mut overrides = BTreeMap::new();
        let mut engine_options = Vec::new();
        let mut memory = None;
        for (name, value) in &spec.options {
            one_line("the option", name)?;
            one_line("the option value", value)?;
            if OVERRIDABLE.contains(&name.as_str()) {
                let on = match value.as_str() {
                    "1" | "true" => true,
                    "0" | "false" => false,
                    _ => return Err(failed(format!("engine {:?}: the feature {name} must be 1 or 0", spec.name))),
                };
                overrides.insert(name.clone(), on);
            } else if name == "memory" {
                let mb = value.parse::<u32>().map_err(|_| {
                    failed(format!("engine {:?}: memory must be a number of MB, not {value:?}", spec.name))
                })?;
                memory = Some(mb);
            } else {
                engine_options.push((name.clone(), value.clone()));
            }
        }
        let mut engine = XboardEngine {
            name: spec.name.clone(),
            program,
            args: spec.args.clone(),
            timeout: Duration::from_millis(spec.timeout_ms.max(1)),
            overrides,
            engine_options,
            memory,
            session: None,
            features: Features::default(),
            restarts: 0,
        };
        let session = engine.start()?;
        engine.features = session.features.clone();
        engine.session = Some(session);
        Ok(engine)
    }

    /// What the engine announced at its (last) handshake.
    pub fn features(&self) -> &Features {
        &self.features
    }

    /// How many times the engine was restarted after a failure.
    pub fn restarts(&self) -> usize {
        self.restarts
    }

    /// The result line the engine printed once the query's position was set
    /// up and its moves played (`1-0 {White mates}`, `1/2-1/2 {Stalemate}`),
    /// if it printed one; its last one if several.
    ///
    /// # Errors
    /// As [`Question::IsLegal`].
    pub fn result(&mut self, query: &PositionQuery) -> Result<Option<String>, EngineError> {
        let start = self.check_query(query, Capability::Outcome)?;
        self.request(|session, deadline, limit| {
            let lines = XboardEngine::set_up(session, query, &start, deadline, limit)?;
            Ok(lines.iter().rev().find_map(|l| result_line(l)).map(str::to_string))
        })
    }

    /// Reads the query's start and refuses what this adapter cannot ask. A
    /// start lawbook refuses (a position no game can reach) is read as
    /// written, for edit mode; `setboard` sends the FEN text itself. Edit mode
    /// cannot state castling rights naming a rook or king that is not there.
    fn check_query(&self, query: &PositionQuery, capability: Capability) -> Result<Setup, EngineError> {
        if query.chess960 {
            return Err(EngineError::Unsupported(capability));
        }
        let start = match fen::read_with(&query.fen, None, Relaxations::STRICT) {
            Ok(pos) => pos.to_setup(),
            Err(e) => match (fen::read_setup(&query.fen), fen::read_board(&query.fen)) {
                (Ok((setup, _)), _) => setup,
                // Castling rights naming what is not there: setboard sends the text, edit mode cannot state it.
                (Err(_), Ok((board, turn))) if self.features.setboard => Setup { board, turn, ..Setup::empty() },
                (Err(_), Ok(_)) => return Err(EngineError::Unsupported(capability)),
                (Err(_), Err(_)) => return Err(failed(format!("the query's FEN {:?} cannot be read: {e}", query.fen))),
            },
        };
        if !self.features.setboard && !edit_mode_can_state(&start) {
            // Without setboard, en passant and unusual castling rights cannot be stated.
            return Err(EngineError::Unsupported(capability));
        }
        Ok(start)
    }

    /// Starts a process and shakes hands with it, trying another process
    /// when one does not finish its handshake (GNU Chess often deadlocks at
    /// start-up), up to [`START_TRIES`] processes within the time limit.
    fn start(&mut self) -> Result<Session, EngineError> {
        let mut errors: Vec<String> = Vec::new();
        let began = Instant::now();
        let mut tries = 0;
        for attempt in 0..START_TRIES {
            if attempt > 0 && began.elapsed() >= self.timeout {
                break;
            }
            tries += 1;
            // The first try waits as long as the protocol says (2 s); later ones less.
            let wait = if attempt == 0 { FEATURE_WAIT } else { RETRY_FEATURE_WAIT };
            match self.start_once(wait) {
                Ok(session) => return Ok(session),
                Err(EngineError::Failed(why)) => {
                    if !errors.contains(&why) {
                        errors.push(why);
                    }
                }
                Err(other) => return Err(other),
            }
        }
        Err(failed(format!("{} (in {tries} tries, {} ms)", errors.join("; then: "), began.elapsed().as_millis())))
    }

    /// One try at [`XboardEngine::start`].
    fn start_once(&mut self, feature_wait: Duration) -> Result<Session, EngineError> {
        let mut process = Process::spawn(&self.program, &self.args).map_err(|e| failed(e.to_string()))?;
        let limit = self.timeout;
        let deadline = Instant::now() + limit;
        send(&mut process, "xboard")?;
        send(&mut process, "protover 2")?;
        let mut features = Features::default();
        let mut done_zero = false;
        let mut lines = 0;
        let protocol_one_until = Instant::now() + feature_wait.min(limit);
        let mut last_nudge = Instant::now();
        loop {
            let wait = if done_zero { deadline } else { protocol_one_until };
            let line = match process.read_line(wait.min(last_nudge + NUDGE_AFTER)) {
                Ok(line) => line,
                Err(ProcessError::Timeout(_)) if Instant::now() < wait => {
                    // GNU Chess often stalls at start-up until more input
                    // arrives: repeat the harmless `xboard` until it is done.
                    send(&mut process, "xboard")?;
                    last_nudge = Instant::now();
                    continue;
                }
                // No `feature done=0`: a protocol-1 engine, or one that said all it had to say.
                Err(ProcessError::Timeout(_)) if !done_zero => break,
                Err(e) => return Err(process_failed("`feature done=1` (the protover 2 handshake)", &e, limit, None)),
            };
            lines += 1;
            if lines > MAX_ANSWER_LINES {
                return Err(failed("the engine flooded its output during the handshake"));
            }
            let Some(rest) = line.trim().strip_prefix("feature ") else { continue };
            let mut finished = false;
            for (key, value) in parse_features(rest) {
                let on = value == "1";
                let reply = if key == "san" && on { "rejected" } else { "accepted" };
                one_line("the feature", &key)?;
                send(&mut process, &format!("{reply} {key}"))?;
                match key.as_str() {
                    "myname" => features.myname = value,
                    "usermove" => features.usermove = on,
                    "setboard" => features.setboard = on,
                    "ping" => features.ping = on,
                    "done" if on => finished = true,
                    "done" => done_zero = true,
                    _ => {}
                }
            }
            if finished {
                break;
            }
        }
        for (key, on) in &self.overrides {
            match key.as_str() {
                "usermove" => features.usermove = *on,
                "setboard" => features.setboard = *on,
                _ => features.ping = *on,
            }
        }
        if !features.ping {
            return Err(failed(
                "the engine does not announce `feature ping=1`, so there is no telling when it has answered \
                 (set `ping: \"1\"` in the registry's options if it does answer ping)",
            ));
        }
        if let Some(mb) = self.memory {
            send(&mut process, &format!("memory {mb}"))?;
        }
        for (name, value) in &self.engine_options {
            send(&mut process, &format!("option {name}={value}"))?;
        }
        send(&mut process, "new")?;
        send(&mut process, "force")?;
        send(&mut process, "ping 1")?;
        read_answer(&mut process, "`pong 1`", deadline, limit, MAX_ANSWER_LINES, |l| l.trim() == "pong 1")?;
        if self.features.pongs_per_ping > 0 {
            // A restart: the program's habit is known already.
            features.pongs_per_ping = self.features.pongs_per_ping;
            return Ok(Session { process, features, next_ping: 2, dead: false });
        }
        // The first start: count the pongs to one ping by listening a little for another.
        features.pongs_per_ping = 1;
        let listen_until = (Instant::now() + SECOND_PONG_WAIT).min(deadline);
        loop {
            match process.read_line(listen_until) {
                Ok(line) if line.trim() == "pong 1" => features.pongs_per_ping += 1,
                Ok(_) => {}
                Err(ProcessError::Timeout(_)) => break,
                Err(e) => return Err(process_failed("the end of the handshake", &e, limit, None)),
            }
            if features.pongs_per_ping > 4 {
                return Err(failed("the engine answers one ping with more than four pongs"));
            }
        }
        Ok(Session { process, features, next_ping: 2, dead: false })
    }

    /// Runs one request with a fresh deadline, starting the engine first if
    /// the last request broke it; a failure ends the process.
    fn request<T>(
        &mut self,
        f: impl FnOnce(&mut Session, Instant, Duration) -> Result<T, EngineError>,
    ) -> Result<T, EngineError> {
        if self.session.is_none() {
            self.restarts += 1;
            let fresh = self.start().map_err(|e| match e {
                EngineError::Failed(why) => failed(format!("the engine could not be restarted: {why}")),
                other => other,
            })?;
            self.features = fresh.features.clone();
            self.session = Some(fresh);
        }
        let Some(session) = self.session.as_mut() else { return Err(failed("the engine is not running")) };
        let limit = self.timeout;
        let result = f(session, Instant::now() + limit, limit);
        if session.dead || matches!(result, Err(EngineError::Failed(_))) {
            // Dropping the process kills it; the next request starts a fresh one.
            self.session = None;
        }
        result
    }

    /// Sends `ping N` and reads up to its last `pong N`, keeping the lines in `lines`.
    fn sync(
        session: &mut Session,
        what: &str,
        deadline: Instant,
        limit: Duration,
        lines: &mut Vec<String>,
    ) -> Result<(), EngineError> {
        let n = session.next_ping;
        session.next_ping += 1;
        if let Err(e) = send(&mut session.process, &format!("ping {n}")) {
            // It exited (HoiChess does after refusing a move): keep what it said before.
            while lines.len() < MAX_ANSWER_LINES
                && let Ok(line) = session.process.read_line(deadline)
            {
                lines.push(line);
            }
            return Err(e);
        }
        let pong = format!("pong {n}");
        let wanted = session.features.pongs_per_ping.max(1);
        let mut seen = 0;
        let what = format!("`{pong}` ({what})");
        read_answer_into(&mut session.process, &what, deadline, limit, MAX_ANSWER_LINES, lines, |l| {
            if l.trim() == pong {
                seen += 1;
            }
            seen >= wanted
        })
    }

    /// A move as this engine wants it.
    fn move_command(features: &Features, mv: &str) -> String {
        if features.usermove { format!("usermove {mv}") } else { mv.to_string() }
    }

    /// Explains a line that shows the engine does not take moves the way they are sent.
    fn misunderstood(features: &Features, line: &str) -> Option<EngineError> {
        let l = line.trim();
        let unknown = l.starts_with("Error (unknown command)");
        if features.usermove && (unknown || is_illegal_reply(l)) && l.contains("usermove") {
            return Some(failed(format!(
                "the engine does not understand `usermove` ({}); set `usermove: \"0\"` in the registry's options",
                excerpt(l)
            )));
        }
        if !features.usermove && unknown {
            return Some(failed(format!(
                "the engine does not take bare moves ({}); set `usermove: \"1\"` in the registry's options",
                excerpt(l)
            )));
        }
        None
    }

    /// Sets up the query's position and plays its moves; returns what the engine printed.
    fn set_up(
        session: &mut Session,
        query: &PositionQuery,
        start: &Setup,
        deadline: Instant,
        limit: Duration,
    ) -> Result<Vec<String>, EngineError> {
        one_line("the FEN", &query.fen)?;
        let features = session.features.clone();
        let process = &mut session.process;
        process.drain();
        send(process, "new")?;
        send(process, "force")?;
        if features.setboard {
            send(process, &format!("setboard {}", query.fen))?;
        } else {
            if start.turn == Color::Black {
                // xboard's own way to give Black the move before edit mode.
                send(process, &XboardEngine::move_command(&features, "a2a3"))?;
            }
            send(process, "edit")?;
            send(process, "#")?;
            for color in [Color::White, Color::Black] {
                if color == Color::Black {
                    send(process, "c")?;
                }
                for (square, piece) in start.board.pieces().filter(|(_, p)| p.color == color) {
                    send(process, &format!("{}{square}", piece.role.char().to_ascii_uppercase()))?;
                }
            }
            send(process, ".")?;
        }
        for mv in &query.moves {
            send(process, &XboardEngine::move_command(&features, &mv.to_string()))?;
        }
        let mut lines = Vec::new();
        let synced = XboardEngine::sync(
            session,
            "after setting up the position and playing the game's moves",
            deadline,
            limit,
            &mut lines,
        );
        for line in &lines {
            if let Some(e) = XboardEngine::misunderstood(&features, line) {
                return Err(e);
            }
            if refuses_position(line) {
                // Its own words, even if it then exited: a refusal, then a restart.
                session.dead |= synced.is_err();
                return Err(EngineError::refused(format!("{:?}: {}", query.fen, excerpt(line))));
            }
            if is_illegal_reply(line) {
                return Err(failed(format!(
                    "the engine refuses a move of the game the scenario plays ({}); moves: {}",
                    excerpt(line),
                    query.moves_text()
                )));
            }
            if is_refusal(line) {
                return Err(failed(format!(
                    "the engine did not take the position {:?} or a move of the game: {}",
                    query.fen,
                    excerpt(line)
                )));
            }
        }
        synced?;
        Ok(lines)
    }
}

impl Engine for XboardEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn supports(&self, capability: Capability) -> bool {
        capability == Capability::MoveLegality
    }

    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        match question {
            Question::IsLegal(mv) => Ok(Answer::Bool(self.is_legal(query, *mv)?)),
            other => Err(EngineError::Unsupported(other.capability())),
        }
    }
}

impl XboardEngine {
    /// Whether the engine takes `mv` after the query's moves.
    fn is_legal(&mut self, query: &PositionQuery, mv: UciMove) -> Result<bool, EngineError> {
        let start = self.check_query(query, Capability::MoveLegality)?;
        let uci = mv.to_string();
        self.request(|session, deadline, limit| {
            XboardEngine::set_up(session, query, &start, deadline, limit)?;
            let features = session.features.clone();
            send(&mut session.process, &XboardEngine::move_command(&features, &uci))?;
            let mut lines = Vec::new();
            let answered = XboardEngine::sync(session, &format!("after the move {uci}"), deadline, limit, &mut lines);
            if let Some(e) = lines.iter().find_map(|l| XboardEngine::misunderstood(&features, l)) {
                return Err(e);
            }
            let refused = lines.iter().any(|l| is_illegal_reply(l));
            match answered {
                Ok(()) => {}
                // It said "illegal" and then exited (HoiChess does): a verdict, then a restart.
                Err(_) if refused => session.dead = true,
                Err(e) => return Err(e),
            }
            if !refused && let Some(line) = lines.iter().find(|l| is_refusal(l)) {
                return Err(failed(format!("the engine did not take the move {uci}: {}", excerpt(line))));
            }
            Ok(!refused)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feature_lines_split_into_pairs() {
        let pairs = parse_features(r#"myname="HoiChess 0.22" variants="normal" ping=1 option="a -spin 0 1 2" done=1"#);
        let keys: Vec<&str> = pairs.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["myname", "variants", "ping", "option", "done"]);
        assert_eq!(pairs[0].1, "HoiChess 0.22");
        assert_eq!(pairs[3].1, "a -spin 0 1 2");
        assert_eq!(pairs[4].1, "1");
    }

    #[test]
    fn result_lines_are_recognised() {
        assert_eq!(result_line("1-0 {White mates}"), Some("1-0 {White mates}"));
        assert_eq!(result_line("1/2-1/2 {Stalemate}"), Some("1/2-1/2 {Stalemate}"));
        assert_eq!(result_line("1. e2e4"), None);
        assert_eq!(result_line("1-0x"), None);
    }

    #[test]
    fn edit_mode_states_only_home_square_castling() {
        let pos = |f: &str| fen::read(f).unwrap_or_else(|e| panic!("{f}: {e}")).to_setup();
        assert!(edit_mode_can_state(&pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")));
        assert!(!edit_mode_can_state(&pos("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1")));
        assert!(edit_mode_can_state(&pos("4k3/8/8/8/8/8/8/4K3 b - - 0 1")));
        assert!(!edit_mode_can_state(&pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")));
    }
}
