//! UCI engines (Stockfish and its kin) over a child process.
//!
//! The engine is asked only in its own protocol and its answers are reported
//! as it gives them:
//!
//! - the legal moves: `position fen F moves M...`, then `go perft 1`, whose
//!   `e2e4: 1` lines end with `Nodes searched: N` (they may come after a
//!   `readyok`, so the adapter waits for that line, not for `readyok`);
//! - check and the checking pieces: the `Checkers:` line of `d`;
//! - checkmate and stalemate: no move in `go perft 1`, then `go depth 1`
//!   (`score mate 0` and `bestmove (none)` is mate, `bestmove (none)` without
//!   a mate score is stalemate);
//! - the board: the `Fen:` line of `d`.
//!
//! Stockfish silently drops an illegal move in `position ... moves` together
//! with every move after it. So after each `position` the adapter reads the
//! engine's `Fen:` line (`d`) and compares it with the position the query
//! means (computed with lawbook's notation crate, only to recognise the
//! engine's position, never as an answer): an engine that set up a different
//! position fails the request with a message showing both. The en passant
//! field is compared by FIDE 9.2.3: a square with no legal capture onto it is
//! no part of the position, so an engine that keeps such a square (Stockfish
//! does when the capture is only pseudo-legal) is not told it is wrong.
//!
//! A start lawbook refuses (a position no game can reach, asked about with no
//! moves) is compared with the FEN as written instead: the placement and the
//! side to move, the castling field as the same letters (or the same rooks),
//! the en passant field as the same text. An engine whose `d` shows the
//! position without what it cannot have (a castling right with no rook, an
//! en passant square no double step explains) has not taken it as given:
//! that is its refusal of the position ([`EngineError::Refused`]), not a
//! failure. One whose `d` shows anything else (other pieces, a right or a
//! square the FEN does not give: Stockfish 15.1, reading past its board,
//! turns a `K` with no rook into `Q`) misreads the FEN, a failure as for any
//! position. An engine whose `d` shows no FEN cannot refuse and is judged by
//! its answers; one that exits or hangs fails.
//!
//! Every request waits at most the registry's time limit. An engine that
//! exits, hangs, floods its output or prints something this adapter cannot
//! read gets [`EngineError::Failed`] for that request, and a fresh process is
//! started before the next one.

use crate::process::{Process, excerpt, one_line, program, read_answer, send};
use crate::registry::EngineSpec;
use crate::{Answer, Capability, Engine, EngineError, Facts, PositionQuery, Question};
use lawbook_board::{Board, Color, Square};
use lawbook_movegen::Position;
use lawbook_notation::fen;
use lawbook_notation::uci::UciMove;
use std::time::{Duration, Instant};

/// The most lines the handshake (`uci` ... `uciok`) may take.
const MAX_HANDSHAKE_LINES: usize = 5_000;
/// The most lines one answer may take (a position has at most 218 moves).
const MAX_ANSWER_LINES: usize = 2_000;

/// A UCI engine as a child process, restarted after any failure.
#[derive(Debug)]
pub struct UciEngine {
    name: String,
    program: String,
    args: Vec<String>,
    options: Vec<(String, String)>,
    timeout: Duration,
    /// The running engine; `None` after a failure (a fresh one is started
    /// before the next request).
    session: Option<Session>,
    /// What the engine calls itself (`id name`).
    id: String,
    restarts: usize,
    /// What the engine answers beyond the core of the protocol, learnt at its first start.
    dialect: Dialect,
    /// The registry says it plays Chess960 whether or not it offers `UCI_Chess960`.
    plays_chess960: bool,
    /// The facts of the last position asked about.
    last_facts: Option<(PositionQuery, Facts)>,
}

/// What a UCI engine answers beyond `position`, `go` and `bestmove`, learnt
/// at its first start from positions whose answers are known.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Dialect {
    /// What its `d` command shows.
    pub display: Display,
    /// `go perft 1` lists the legal moves (`e2e4: 1` lines, then `Nodes searched: N`).
    pub perft: bool,
    /// `go ... searchmoves M` searches only `M`: `bestmove M` when `M` is legal.
    pub searchmoves: bool,
    /// It offers the `UCI_Chess960` option, so it can be asked about Chess960 games.
    pub chess960: bool,
}

/// What a UCI engine's `d` command shows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Display {
    /// `Fen:` and `Checkers:` lines (Stockfish).
    Stockfish,
    /// A line that is the position's FEN (Glaurung).
    Fen,
    /// Nothing this adapter can read (most engines: `d` is not UCI).
    #[default]
    None,
}

/// One running engine process and what was last sent to it.
#[derive(Debug)]
struct Session {
    process: Process,
    /// The `UCI_Chess960` value last sent, if any.
    chess960: Option<bool>,
}

/// A failure in the words of a report.
fn failed(why: impl Into<String>) -> EngineError {
    EngineError::Failed(why.into())
}

/// What to compare of the engine's `Fen:` line with the intended position.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Compare {
    /// Placement, side to move, castling rights and en passant square.
    Position,
    /// Everything but the placement (which is the answer being asked for),
    /// plus the move number, so dropped moves still show.
    AllButPlacement,
}

/// The position a query means, to recognise the engine's by: lawbook's
/// replay of the query, or, for a start lawbook refuses (a position no game
/// can reach) with no moves after it, the FEN as written.
#[derive(Clone, Debug)]
enum Meant {
    /// A position a game can reach, replayed by lawbook.
    Replayed(Position),
    /// A start lawbook refuses: the query's FEN text, with its board and side to move.
    Written { fen: String, board: Board, turn: Color },
}

impl Meant {
    /// The position `query` means (see [`Meant`]).
    fn of(query: &PositionQuery) -> Result<Meant, EngineError> {
        match query.position() {
            Ok(pos) => Ok(Meant::Replayed(pos)),
            // With no moves, only the start can be what lawbook refuses.
            Err(refused) if query.moves.is_empty() => match fen::read_board(&query.fen) {
                Ok((board, turn)) => Ok(Meant::Written { fen: query.fen.clone(), board, turn }),
                Err(_) => Err(refused),
            },
            Err(e) => Err(e),
        }
    }

    fn board(&self) -> &Board {
        match self {
            Meant::Replayed(pos) => pos.board(),
            Meant::Written { board, .. } => board,
        }
    }

    fn turn(&self) -> Color {
        match self {
            Meant::Replayed(pos) => pos.turn(),
            Meant::Written { turn, .. } => *turn,
        }
    }
}

/// Checks the engine's FEN against the position meant.
fn same_as_meant(meant: &Meant, chess960: bool, engine_fen: &str, compare: Compare) -> Result<(), EngineError> {
    match meant {
        Meant::Replayed(pos) => same_position(pos, chess960, engine_fen, compare),
        Meant::Written { fen, board, .. } => same_as_written(fen, board, engine_fen, compare),
    }
}

/// Checks the engine's FEN against a start no game can reach, as written.
/// An engine that set it up without a castling right or the en passant
/// square the FEN gives (it drops what the position cannot have) refuses it;
/// one that set up other pieces, another side to move, or rights or a square
/// the FEN does not give, misreads the FEN (an engine failure, as for any
/// position).
fn same_as_written(written: &str, board: &Board, engine_fen: &str, compare: Compare) -> Result<(), EngineError> {
    let e: Vec<&str> = written.split_whitespace().collect();
    let a: Vec<&str> = engine_fen.split_whitespace().collect();
    if a.len() < 4 || e.len() < 4 {
        return Err(failed(format!("the engine's `d` shows an unreadable FEN: {}", excerpt(engine_fen))));
    }
    let dropped = |what: &str| {
        EngineError::refused(format!(
            "the engine set up the position without {what}: its FEN is {engine_fen:?}, the query's {written:?}"
        ))
    };
    let misread = |what: &str| {
        failed(format!(
            "the engine set up another position ({what}): its FEN is {engine_fen:?}, the query's {written:?}"
        ))
    };
    if compare == Compare::Position && crate::adapters::read_placement(a[0]).ok().as_ref() != Some(board) {
        return Err(misread("the pieces"));
    }
    if e[1] != a[1] {
        return Err(misread("the side to move"));
    }
    // The same rights as letters, or as rooks where both fields name rooks that are there.
    let letters = |s: &str| -> std::collections::BTreeSet<char> { s.chars().filter(|&c| c != '-').collect() };
    let rooks = |fields: &[&str]| {
        fen::read_setup(&format!("{} {} {} - 0 1", fields[0], fields[1], fields[2]))
            .ok()
            .map(|(s, _)| s.castling_rights)
    };
    let (shown, asked) = (letters(a[2]), letters(e[2]));
    let by_rooks = rooks(&a).zip(rooks(&e));
    if shown != asked && by_rooks.is_none_or(|(shown, asked)| shown != asked) {
        let fewer = shown.is_subset(&asked) || by_rooks.is_some_and(|(shown, asked)| (shown - asked).is_empty());
        return Err(if fewer { dropped("some of its castling rights") } else { misread("the castling rights") });
    }
    if a[3] != e[3] {
        return Err(if a[3] == "-" { dropped("its en passant square") } else { misread("the en passant square") });
    }
    if compare == Compare::AllButPlacement && a.len() >= 6 && e.len() >= 6 && a[5] != e[5] {
        return Err(misread("the move number"));
    }
    Ok(())
}

/// Checks the engine's FEN against the intended position.
fn same_position(expected: &Position, chess960: bool, engine_fen: &str, compare: Compare) -> Result<(), EngineError> {
    let meant = if chess960 { fen::write_shredder(expected) } else { fen::write(expected) };
    let e: Vec<&str> = meant.split_whitespace().collect();
    let a: Vec<&str> = engine_fen.split_whitespace().collect();
    let differ = || {
        failed(format!(
            "the engine answered a different position: its FEN is {engine_fen:?}, the query means {meant:?} \
             (an engine that drops an illegal move from `position ... moves` does this)"
        ))
    };
    if a.len() < 4 {
        return Err(failed(format!("the engine's `d` shows an unreadable FEN: {}", excerpt(engine_fen))));
    }
    if compare == Compare::Position && a[0] != e[0] {
        return Err(differ());
    }
    let sorted = |s: &str| {
        let mut c: Vec<char> = s.chars().collect();
        c.sort_unstable();
        c
    };
    // Castling rights may be written as KQkq or with the rooks' files (X-FEN,
    // Shredder-FEN): compare the rooks they name.
    let rooks = |fields: &[&str]| {
        fen::read_setup(&format!("{} {} {} - 0 1", fields[0], fields[1], fields[2]))
            .ok()
            .map(|(s, _)| s.castling_rights)
    };
    let same_rights = sorted(a[2]) == sorted(e[2]) || rooks(&a).is_some_and(|r| r == expected.castling_rights());
    if a[1] != e[1] || !same_rights {
        return Err(differ());
    }
    // FIDE 9.2.3: an en passant square without a legal capture is no part of the position.
    let ep_same = a[3] == e[3] || (e[3] == "-" && a[3].parse::<Square>().is_ok());
    if !ep_same {
        return Err(differ());
    }
    if compare == Compare::AllButPlacement && a.len() >= 6 && a[5] != e[5] {
        return Err(differ());
    }
    Ok(())
}

/// Whether an engine without `searchmoves` played `mv`: `here` is its
/// `bestmove` in the position before `mv`, `after` its `bestmove` once `mv`
/// was sent in `position ... moves`. An answer for the other side means it
/// played `mv`; one for the same side, that it dropped it; no move where the
/// position before `mv` has one (by the engine's own first answer), that
/// it played `mv` and found no move after it.
fn played(before: &Meant, mv: UciMove, here: Option<UciMove>, after: Option<UciMove>) -> Result<bool, EngineError> {
    let (Some(best), UciMove::Normal { from: mv_from, to: mv_to, .. }) = (after, mv) else {
        return Ok(here.is_some());
    };
    let Some(from) = best.from() else { return Ok(here.is_some()) };
    // A piece the move would have captured (on its target, or beside it for
    // en passant) can move only if the move was not played.
    let pawn_takes_sideways = before.board().role_at(mv_from) == Some(lawbook_board::Role::Pawn)
        && mv_from.file() != mv_to.file()
        && before.board().piece_at(mv_to).is_none();
    let captured = from == mv_to || (pawn_takes_sideways && from == Square::from_coords(mv_to.file(), mv_from.rank()));
    match before.board().color_at(from) {
        Some(color) if color == before.turn() => Ok(false),
        Some(_) => Ok(!captured),
        None => Err(failed(format!(
            "after {mv} the engine plays {best}, from a square that was empty before {mv}: \
             cannot tell whether it played {mv}"
        ))),
    }
}

/// What a search said of its position, as [`UciEngine::search`] reads it.
struct Search {
    /// The engine's move; `None` when it has none.
    best: Option<UciMove>,
    /// The score of the last search line that had one.
    score: Option<Score>,
}

/// A search line's score, as far as endings go.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Score {
    /// `score mate 0`: the side to move is mated.
    MateZero,
    /// `score cp 0`.
    Zero,
    /// Any other score.
    Other,
}

/// What `d` showed.
struct Shown {
    /// The position's FEN, when the engine's `d` shows it.
    fen: Option<String>,
    /// The checking pieces, when the engine's `d` shows them.
    checkers: Option<Vec<Square>>,
}

/// The FEN a line of `d` shows, if the line is one (Glaurung writes the
/// first four fields alone).
fn fen_line(line: &str) -> Option<String> {
    let line = line.trim();
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() != 4 && fields.len() != 6 {
        return None;
    }
    // A placement and a side to move make it a FEN line; the rest is the
    // engine's answer, compared later (and may be wrong).
    fen::read_setup(&format!("{} {} - - 0 1", fields[0], fields[1])).ok().map(|_| line.to_string())
}

/// Compares the engine's FEN, when its `d` shows one, with the intended position.
fn check_shown(expected: &Meant, chess960: bool, shown: &Shown, compare: Compare) -> Result<(), EngineError> {
    match &shown.fen {
        Some(fen) => same_as_meant(expected, chess960, fen, compare),
        None => Ok(()),
    }
}

impl UciEngine {
    /// Starts the engine `spec` names (its command found on PATH or in
    /// `/usr/games`, started with its argument list, never a shell) and
    /// shakes hands with it: `uci`/`uciok`, a `setoption` for each of the
    /// spec's options, `isready`/`readyok`, `ucinewgame`.
    ///
    /// # Errors
    /// [`EngineError::Failed`] when the program is missing (the message
    /// names the spec's install command), cannot be started, or does not
    /// complete the handshake within the time limit.
    pub fn spawn(spec: &EngineSpec) -> Result<UciEngine, EngineError> {
        let program = program(spec)?;
        let mut options = Vec::new();
        for (name, value) in &spec.options {
            one_line("the option", name)?;
            one_line("the option value", value)?;
            options.push((name.clone(), value.clone()));
        }
        let mut engine = UciEngine {
            name: spec.name.clone(),
            program,
            args: spec.args.clone(),
            options,
            timeout: Duration::from_millis(spec.timeout_ms.max(1)),
            session: None,
            id: String::new(),
            restarts: 0,
            dialect: Dialect::default(),
            plays_chess960: spec.chess960,
            last_facts: None,
        };
        let mut session = engine.start()?;
        let limit = engine.timeout;
        let chess960 = engine.dialect.chess960;
        engine.dialect = Dialect { chess960, ..UciEngine::probe(&mut session, Instant::now() + limit, limit)? };
        engine.session = Some(session);
        Ok(engine)
    }

    /// What the engine answers beyond the core of the protocol (learnt at its first start).
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Learns the engine's dialect from the initial position: what `d`
    /// shows, whether `go perft 1` lists the 20 moves, whether `searchmoves`
    /// restricts the search (two moves no engine would choose by itself).
    fn probe(session: &mut Session, deadline: Instant, limit: Duration) -> Result<Dialect, EngineError> {
        let process = &mut session.process;
        send(process, "position startpos")?;
        send(process, "d")?;
        send(process, "isready")?;
        let shown =
            read_answer(process, "`readyok` after `d`", deadline, limit, MAX_ANSWER_LINES, |l| l.trim() == "readyok")?;
        let display = if shown.iter().any(|l| l.trim().starts_with("Fen:"))
            && shown.iter().any(|l| l.trim().starts_with("Checkers:"))
        {
            Display::Stockfish
        } else if shown.iter().any(|l| fen_line(l).is_some()) {
            Display::Fen
        } else {
            Display::None
        };
        send(process, "go perft 1")?;
        // An engine without perft takes `go perft 1` for a search (of some
        // depth, or without end): stop it, and read up to its `bestmove`.
        let soon = (Instant::now() + Duration::from_millis(500)).min(deadline);
        let mut lines = Vec::new();
        let mut nodes = None;
        while let Ok(line) = process.read_line(soon) {
            let line = line.trim().to_string();
            if let Some(n) = line.strip_prefix("Nodes searched:") {
                nodes = n.trim().parse::<usize>().ok();
                break;
            }
            if line.starts_with("bestmove") {
                break;
            }
            lines.push(line);
        }
        let listed = lines.iter().filter(|l| l.split_once(':').is_some_and(|(_, n)| n.trim() == "1")).count();
        let perft = nodes == Some(20) && listed == 20;
        if nodes.is_none() {
            send(process, "stop")?;
        }
        send(process, "isready")?;
        read_answer(process, "`readyok` after `go perft 1`", deadline, limit, MAX_ANSWER_LINES, |l| {
            l.trim() == "readyok"
        })?;
        // With perft, legality comes from the move list: no need to know.
        let mut searchmoves = !perft;
        for mv in ["a2a3", "h2h4"].into_iter().filter(|_| !perft) {
            send(process, "position startpos")?;
            send(process, &format!("go depth 1 searchmoves {mv}"))?;
            searchmoves &= UciEngine::best_move(process, deadline, limit)?.is_some_and(|m| m.to_string() == mv);
        }
        Ok(Dialect { display, perft, searchmoves, chess960: false })
    }

    /// Reads up to `bestmove` and returns the move: `None` for `(none)`,
    /// `0000` and `a1a1`, and for a `bestmove` that no search line with a
    /// score came before (Ethereal, finding no legal move, repeats the best
    /// move of the position it searched last).
    fn best_move(process: &mut Process, deadline: Instant, limit: Duration) -> Result<Option<UciMove>, EngineError> {
        Ok(UciEngine::search(process, deadline, limit)?.best)
    }

    /// Reads a search up to `bestmove`: the move as [`UciEngine::best_move`]
    /// reads it, and what the last score said.
    fn search(process: &mut Process, deadline: Instant, limit: Duration) -> Result<Search, EngineError> {
        let lines = read_answer(process, "`bestmove`", deadline, limit, MAX_ANSWER_LINES, |l| {
            l.trim().starts_with("bestmove")
        })?;
        let mut score = None;
        for line in &lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(w) = words.windows(3).find(|w| w[0] == "score") {
                score = Some(match (w[1], w[2].parse::<i32>()) {
                    ("mate", Ok(0)) => Score::MateZero,
                    ("cp", Ok(0)) => Score::Zero,
                    _ => Score::Other,
                });
            }
        }
        let word = lines.last().and_then(|l| l.split_whitespace().nth(1)).unwrap_or("");
        let best = match (score, word) {
            (None, _) | (_, "(none)" | "0000" | "a1a1") => None,
            (_, text) => Some(
                text.parse::<UciMove>()
                    .map_err(|_| failed(format!("the engine's `bestmove` is {}, not a move", excerpt(text))))?,
            ),
        };
        Ok(Search { best, score })
    }

    /// What the engine calls itself (its `id name` line).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// How many times the engine was restarted after a failure.
    pub fn restarts(&self) -> usize {
        self.restarts
    }

    /// Starts a process and shakes hands with it.
    fn start(&mut self) -> Result<Session, EngineError> {
        let mut process = Process::spawn(&self.program, &self.args).map_err(|e| failed(e.to_string()))?;
        let limit = self.timeout;
        let deadline = Instant::now() + limit;
        send(&mut process, "uci")?;
        let lines =
            read_answer(&mut process, "`uciok` (the UCI handshake)", deadline, limit, MAX_HANDSHAKE_LINES, |l| {
                l.trim() == "uciok"
            })?;
        if let Some(id) = lines.iter().find_map(|l| l.trim().strip_prefix("id name ")) {
            self.id = id.trim().to_string();
        }
        self.dialect.chess960 = self.plays_chess960
            || lines
                .iter()
                .any(|l| l.split_whitespace().collect::<Vec<_>>()[..].starts_with(&["option", "name", "UCI_Chess960"]));
        for (name, value) in &self.options {
            send(&mut process, &format!("setoption name {name} value {value}"))?;
        }
        send(&mut process, "isready")?;
        read_answer(&mut process, "`readyok`", deadline, limit, MAX_HANDSHAKE_LINES, |l| l.trim() == "readyok")?;
        send(&mut process, "ucinewgame")?;
        send(&mut process, "isready")?;
        read_answer(&mut process, "`readyok`", deadline, limit, MAX_HANDSHAKE_LINES, |l| l.trim() == "readyok")?;
        Ok(Session { process, chess960: None })
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
            self.session = Some(fresh);
        }
        let Some(session) = self.session.as_mut() else { return Err(failed("the engine is not running")) };
        let limit = self.timeout;
        let result = f(session, Instant::now() + limit, limit);
        if matches!(result, Err(EngineError::Failed(_))) {
            // Dropping the process kills it; the next request starts a fresh one.
            self.session = None;
        }
        result
    }

    /// Sets up the query's position (with `extra` played after its moves)
    /// and reads it back with `d` where the engine's `d` shows it.
    fn set_position(
        session: &mut Session,
        display: Display,
        query: &PositionQuery,
        extra: Option<UciMove>,
        deadline: Instant,
        limit: Duration,
    ) -> Result<Shown, EngineError> {
        let process = &mut session.process;
        process.drain();
        send(process, "isready")?;
        read_answer(process, "`readyok`", deadline, limit, MAX_ANSWER_LINES, |l| l.trim() == "readyok")?;
        if session.chess960 != Some(query.chess960) {
            send(process, &format!("setoption name UCI_Chess960 value {}", query.chess960))?;
            session.chess960 = Some(query.chess960);
        }
        one_line("the FEN", &query.fen)?;
        let mut command = format!("position fen {}", query.fen);
        if !query.moves.is_empty() || extra.is_some() {
            command.push_str(" moves");
            for mv in query.moves.iter().chain(&extra) {
                command.push(' ');
                command.push_str(&mv.to_string());
            }
        }
        send(process, &command)?;
        if display != Display::None {
            send(process, "d")?;
        }
        send(process, "isready")?;
        let what = if display == Display::None { "`readyok`" } else { "the board (`d`, then `readyok`)" };
        let lines = read_answer(process, what, deadline, limit, MAX_ANSWER_LINES, |l| l.trim() == "readyok")?;
        if display == Display::Fen {
            let fen = lines.iter().find_map(|l| fen_line(l));
            return match fen {
                Some(fen) => Ok(Shown { fen: Some(fen), checkers: None }),
                None => Err(failed("the engine's answer to `d` has no FEN line, though it showed one at start-up")),
            };
        }
        if display == Display::None {
            return Ok(Shown { fen: None, checkers: None });
        }
        let fen = lines.iter().find_map(|l| l.trim().strip_prefix("Fen:")).map(|f| f.trim().to_string());
        let checkers = lines.iter().find_map(|l| l.trim().strip_prefix("Checkers:")).map(str::trim);
        let (Some(fen), Some(checkers)) = (fen, checkers) else {
            return Err(failed(
                "the engine's answer to `d` has no `Fen:` and `Checkers:` lines, though it showed them at start-up",
            ));
        };
        let mut squares = Vec::new();
        for word in checkers.split_whitespace() {
            let square = word
                .parse::<Square>()
                .map_err(|_| failed(format!("the engine's `Checkers:` line names {} as a square", excerpt(word))))?;
            squares.push(square);
        }
        Ok(Shown { fen: Some(fen), checkers: Some(squares) })
    }

    /// `go perft 1` on the position set up: the engine's legal moves.
    fn perft(process: &mut Process, deadline: Instant, limit: Duration) -> Result<Vec<UciMove>, EngineError> {
        send(process, "go perft 1")?;
        let lines = read_answer(
            process,
            "`Nodes searched:` (the end of `go perft 1`)",
            deadline,
            limit,
            MAX_ANSWER_LINES,
            |l| l.trim().starts_with("Nodes searched"),
        )?;
        let mut moves: Vec<UciMove> = Vec::new();
        let mut nodes = None;
        for line in &lines {
            let line = line.trim();
            if line.is_empty() || line == "readyok" || line.starts_with("info") {
                continue;
            }
            if let Some(count) = line.strip_prefix("Nodes searched:") {
                nodes = count.trim().parse::<usize>().ok();
                continue;
            }
            let garbage = || {
                failed(format!(
                    "the engine printed an unexpected line in its answer to `go perft 1`: {}",
                    excerpt(line)
                ))
            };
            let (mv, count) = line.split_once(':').ok_or_else(garbage)?;
            let mv: UciMove = mv.trim().parse().map_err(|_| garbage())?;
            if count.trim() != "1" {
                return Err(garbage());
            }
            if moves.contains(&mv) {
                return Err(failed(format!("the engine lists the move {mv} twice in `go perft 1`")));
            }
            moves.push(mv);
        }
        match nodes {
            Some(n) if n == moves.len() => Ok(moves),
            Some(n) => {
                Err(failed(format!("the engine lists {} moves but counts {n} nodes in `go perft 1`", moves.len())))
            }
            None => Err(failed("the engine's `Nodes searched:` line has no number")),
        }
    }
}

impl Engine for UciEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn version(&self) -> String {
        if self.id.is_empty() { self.program.clone() } else { self.id.clone() }
    }

    fn supports(&self, capability: Capability) -> bool {
        let d = self.dialect;
        match capability {
            Capability::LegalMoves => d.perft,
            Capability::MoveLegality | Capability::Play | Capability::Checkmate | Capability::Stalemate => true,
            Capability::Check | Capability::Checkers => d.display == Display::Stockfish,
            Capability::Board => d.display != Display::None,
            Capability::Outcome
            | Capability::InsufficientMaterial
            | Capability::DeadPosition
            | Capability::Repetitions
            | Capability::ThreefoldClaim
            | Capability::FiftyMoveClaim
            | Capability::Model
            | Capability::Trace => false,
        }
    }

    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        if (query.chess960 && !self.dialect.chess960) || !self.supports(question.capability()) {
            return Err(EngineError::Unsupported(question.capability()));
        }
        Ok(match question {
            Question::LegalMoves => Answer::LegalMoves(self.legal_moves(query)?),
            Question::IsLegal(mv) if self.dialect.perft => Answer::Bool(self.legal_moves(query)?.contains(mv)),
            Question::IsLegal(mv) => Answer::Bool(self.accepts(query, *mv)?),
            Question::Play(mv) => Answer::Played(self.play(query, *mv)?),
            Question::Board => Answer::Board(self.board(query)?),
            fact => return self.facts(query)?.answer(fact),
        })
    }
}

impl UciEngine {
    fn legal_moves(&mut self, query: &PositionQuery) -> Result<Vec<UciMove>, EngineError> {
        let expected = Meant::of(query)?;
        let display = self.dialect.display;
        self.request(|session, deadline, limit| {
            let shown = UciEngine::set_position(session, display, query, None, deadline, limit)?;
            check_shown(&expected, query.chess960, &shown, Compare::Position)?;
            UciEngine::perft(&mut session.process, deadline, limit)
        })
    }

    /// Whether the engine takes `mv` after the query's moves, for an engine
    /// without perft: with `searchmoves` where the engine honours it (its
    /// `bestmove` is `mv`), otherwise by playing `mv` in `position ... moves`
    /// and seeing whose move the engine's `bestmove` is (an engine that
    /// answers for the other side has played `mv`: it took it as legal).
    /// lawbook's replay of the query serves only to tell whose piece stands
    /// where.
    fn accepts(&mut self, query: &PositionQuery, mv: UciMove) -> Result<bool, EngineError> {
        let before = Meant::of(query)?;
        let dialect = self.dialect;
        self.request(|session, deadline, limit| {
            let shown = UciEngine::set_position(session, dialect.display, query, None, deadline, limit)?;
            check_shown(&before, query.chess960, &shown, Compare::Position)?;
            if dialect.searchmoves {
                send(&mut session.process, &format!("go depth 1 searchmoves {mv}"))?;
                return Ok(UciEngine::best_move(&mut session.process, deadline, limit)? == Some(mv));
            }
            // The game's own position first: the engine must answer for the side to move.
            send(&mut session.process, "go depth 1")?;
            let here = UciEngine::best_move(&mut session.process, deadline, limit)?;
            let turn = before.turn();
            if let Some(best) = here
                && best.from().and_then(|s| before.board().color_at(s)) != Some(turn)
            {
                return Err(failed(format!(
                    "the engine answered a different position: after the game's moves it plays {best}, \
                     which is not a move of {turn}"
                )));
            }
            UciEngine::set_position(session, dialect.display, query, Some(mv), deadline, limit)?;
            send(&mut session.process, "go depth 1")?;
            let after = UciEngine::best_move(&mut session.process, deadline, limit)?;
            played(&before, mv, here, after)
        })
    }

    /// Sends `mv` after the query's moves (`position ... moves ... mv`) and
    /// reads the position the engine shows with `d`: it took the move when
    /// the board or the side to move changed. Without `d`, whether it took
    /// the move is asked as [`UciEngine::accepts`] asks it (a pass cannot be
    /// asked that way), and the position afterwards is unknown.
    fn play(&mut self, query: &PositionQuery, mv: UciMove) -> Result<crate::Played, EngineError> {
        let dialect = self.dialect;
        if dialect.display == Display::None {
            if mv == UciMove::Null {
                return Err(EngineError::Unsupported(Capability::Play));
            }
            let accepted =
                if dialect.perft { self.legal_moves(query)?.contains(&mv) } else { self.accepts(query, mv)? };
            return Ok(crate::Played { accepted, after: None });
        }
        let before = Meant::of(query)?;
        self.request(|session, deadline, limit| {
            let shown = UciEngine::set_position(session, dialect.display, query, None, deadline, limit)?;
            check_shown(&before, query.chess960, &shown, Compare::Position)?;
            let shown = UciEngine::set_position(session, dialect.display, query, Some(mv), deadline, limit)?;
            let after = crate::adapters::read_board_and_turn(shown.fen.as_deref().unwrap_or_default())?;
            let accepted = after != (*before.board(), before.turn());
            Ok(crate::Played { accepted, after: Some(after) })
        })
    }

    /// Check, the checking pieces, checkmate and stalemate, as far as the
    /// engine's dialect tells them: the `Checkers:` line of Stockfish's `d`;
    /// whether it has a move (`go perft 1`, or the `bestmove` of `go depth 1`);
    /// and, without a move, whether its search scores the position as mate
    /// (`score mate 0`) or as a draw (`score cp 0`). Without a move and
    /// without such a score, mate and stalemate are told apart by check
    /// where `d` shows it (FIDE 5.1.1, 5.2.1), and are unknown otherwise.
    /// The last answer is kept, so the questions of one step cost one request.
    fn facts(&mut self, query: &PositionQuery) -> Result<Facts, EngineError> {
        if let Some((asked, facts)) = &self.last_facts
            && asked == query
        {
            return Ok(facts.clone());
        }
        let expected = Meant::of(query)?;
        let dialect = self.dialect;
        let facts = self.request(|session, deadline, limit| {
            let shown = UciEngine::set_position(session, dialect.display, query, None, deadline, limit)?;
            check_shown(&expected, query.chess960, &shown, Compare::Position)?;
            let mut facts = Facts::default();
            if dialect.display == Display::Stockfish {
                let checkers = shown.checkers.unwrap_or_default();
                facts.in_check = Some(!checkers.is_empty());
                facts.checkers = Some(checkers);
            }
            let has_move = if dialect.perft {
                Some(!UciEngine::perft(&mut session.process, deadline, limit)?.is_empty())
            } else {
                None
            };
            if has_move == Some(true) {
                facts.checkmate = Some(false);
                facts.stalemate = Some(false);
                return Ok(facts);
            }
            send(&mut session.process, "go depth 1")?;
            let search = UciEngine::search(&mut session.process, deadline, limit)?;
            match search.best {
                Some(best) if has_move == Some(false) => Err(failed(format!(
                    "the engine contradicts itself: `go perft 1` lists no move, but `go depth 1` plays {best}"
                ))),
                Some(_) => {
                    facts.checkmate = Some(false);
                    facts.stalemate = Some(false);
                    Ok(facts)
                }
                None => {
                    let mate = match search.score {
                        Some(Score::MateZero) => Some(true),
                        Some(Score::Zero) => Some(false),
                        _ => facts.in_check,
                    };
                    facts.checkmate = mate;
                    facts.stalemate = mate.map(|m| !m);
                    Ok(facts)
                }
            }
        })?;
        self.last_facts = Some((query.clone(), facts.clone()));
        Ok(facts)
    }

    fn board(&mut self, query: &PositionQuery) -> Result<Board, EngineError> {
        let expected = Meant::of(query)?;
        let display = self.dialect.display;
        self.request(|session, deadline, limit| {
            let shown = UciEngine::set_position(session, display, query, None, deadline, limit)?;
            check_shown(&expected, query.chess960, &shown, Compare::AllButPlacement)?;
            let fen = shown.fen.unwrap_or_default();
            crate::adapters::read_placement(fen.split_whitespace().next().unwrap_or_default())
        })
    }
}
