//! xboard/CECP engines (GNU Chess, HoiChess, Phalanx, Fairy-Max, PolyGlot,
//! Sjaak II, and any other that keeps to the protocol) over a child process.
//!
//! xboard engines cannot list moves; they can refuse one, and they can end a
//! game with a result line. So this adapter answers whether a move is legal
//! ([`Question::IsLegal`]) and, from the endings the engine announces, how
//! the game ended ([`Question::Outcome`]) and whether the side to move is
//! checkmated or stalemated ([`Question::Checkmate`], [`Question::Stalemate`]):
//!
//! 1. handshake: `xboard`, `protover 2`; every `feature` is answered
//!    `accepted` (`san=1` is `rejected`: moves are sent in coordinates) until
//!    `done=1` (after a `done=0`, as long as the time limit allows; without
//!    either, for two seconds: a protocol-1 engine sends no feature at all),
//!    on one line or many, values quoted or not; an engine whose `variants`
//!    lack `normal` does not play chess and is not started. Then `new`,
//!    `force`, and a first `ping` that also counts how many `pong N` lines
//!    one `ping N` gives (GNU Chess answers twice, once from its front end
//!    and once, after its result lines, from its engine). An engine that does
//!    not announce `ping=1` is sent one all the same; if it does not answer
//!    `pong`, each of its answers ends when it has been silent for 0.3 s
//!    (`SILENCE`), which a slower reply defeats;
//! 2. the position: `new`, `force`, then `setboard FEN`, or for engines
//!    without `setboard` (Fairy-Max) xboard's edit mode (`a2a3` first when
//!    Black is to move, then `edit`, `#`, the pieces, `c`, `.`), which can
//!    only say what castling rights the kings and rooks on their home squares
//!    imply and cannot name an en passant square or the half-move clock;
//!    other starting positions are unsupported for such engines;
//! 3. the game's moves (`usermove M` when the engine asked for `usermove=1`,
//!    the bare move otherwise). For a move's legality they are sent at once
//!    and followed by one `ping N`; for the facts, each move is followed by
//!    its own `ping N`, so every result line is known to follow the set-up
//!    or a given move (the engines print them before their `pong`, GNU
//!    Chess between its two). A refused move is an error, since the corpus
//!    only plays legal moves, unless the engine had ended the game before
//!    it (see below). A line refusing the position (`tellusererror Illegal
//!    position`, GNU Chess's `telluser Board is wrong!`, anything saying
//!    `illegal position`, an `Error (...)` about `setboard` other than an
//!    unknown command) is the engine's refusal of it
//!    ([`EngineError::Refused`]), also when the engine then exits; exiting or
//!    hanging without such a line is a failure. A start lawbook refuses (no
//!    game can reach it) is sent as written with `setboard`, and read as
//!    written for edit mode (unsupported there when its castling field names
//!    a rook or king that is not there);
//! 4. the move asked about, `ping N`, and the verdict: illegal when the
//!    engine refuses it in any form CECP allows, in any case (`Illegal move:
//!    M`, `Illegal move (REASON): M`, a bare `Illegal move`, `Invalid move:
//!    M`, an `Error (...)` naming an illegal or invalid move, as Sjaak II's
//!    `Error (Illegal move or unknown command): M`), legal when it says
//!    nothing of the kind before its pong. `Error (unknown command)` is no
//!    refusal of a move.
//!
//! ## Endings
//!
//! A result line is `RESULT {COMMENT}`: the result (`1-0`, `0-1`,
//! `1/2-1/2`) and a comment in the engine's own words, read into a
//! [`lawbook_outcome::Reason`] through the registry's `endings` (by the
//! comment's words, rarely needed) and then by its meaning
//! ([`reason_of_comment`]: `White mates`, `Stalemate`, `insufficient
//! material`, `3-fold repetition`, `50 move rule` and their other common
//! spellings, in any case). A comment that names no reason, or none its
//! result allows (a mate drawn), or no comment at all, is an ending with a
//! result but no reason (Phalanx's `Drawn game` ends games by repetition and
//! by insufficient material alike): never an error. A refusal after a result line (GNU
//! Chess and PolyGlot refuse moves once they have called the material
//! insufficient, HoiChess every move once it has ended the game), or one that
//! says `game over`, is the engine's game having ended: the later moves of
//! the query are not asked, a move asked about there is refused
//! (`IsLegal` is false: the engine takes no move), and a `game over`
//! refusal without a result line is an ending with neither result nor reason.
//!
//! ## Claims and endings
//!
//! CECP lets an engine tell the GUI how it sees the game's end with a result
//! line, and the GUI arbitrates. What a line means follows the Laws:
//!
//! - a line for a repetition (threefold) or for fifty moves is the engine's
//!   *claim* of a draw ([`Ending::claim`]), which the Laws let the player to
//!   move make where the position has just occurred for the third time or
//!   fifty moves by each side have passed (FIDE 9.2, 9.3), never a game
//!   ended by itself; on a board that records the fifty moves by itself
//!   (`automatic_fifty_moves`), the fifty-move line announces that ending;
//! - a line for mate, stalemate, insufficient material, a dead position,
//!   fivefold repetition or seventy-five moves announces an ending the Laws
//!   make automatic (5.1.1, 5.2.1, 5.2.2, 9.6).
//!
//! [`Question::Claims`] is every claim along the query, with how many of its
//! moves came before it, for an engine seen at start-up to claim wherever
//! it may ([`Announces::claims_threefold`]: at the third occurrence of the
//! repeated start position; [`Announces::claims_fifty_moves`]: at a clock of
//! 100, set up and reached): its silence then says it claims nothing, which
//! the harness judges as its answer. Whether each claim was valid is the
//! harness's business, by the Laws.
//!
//! [`Question::Outcome`] is the first line's ending where that line
//! announces one, and unknown ([`EngineError::Unsupported`]) where the first
//! line is a claim (the engine's game ended by its claim: it says nothing
//! of how it would have ended by itself) or names no reason. Which endings
//! the engine announces at all is learnt at its first start ([`Announces`])
//! from positions whose answers are known: the fool's mate, a stalemate,
//! bare kings, a position dead behind locked pawns, a quiet move to a
//! half-move clock of 100 and of 150 (with `setboard` only: edit mode cannot
//! state the clock), each once set up and once reached by a move, and the
//! start position repeated five times by knight moves. Silence then says
//! what the engine would have announced:
//!
//! - [`Question::Outcome`]: the game goes on (`None`) only if the engine
//!   says something (an announcement or a claim) wherever the laws end the
//!   game by themselves (checkmate, stalemate, a dead position,
//!   insufficient material, fivefold repetition or earlier, seventy-five
//!   moves, and fifty moves where the board records them); otherwise
//!   silence leaves the ending unknown. No engine installed here announces
//!   a dead position that still has mating material, so for them only an
//!   announcement answers.
//! - [`Question::Checkmate`], [`Question::Stalemate`]: an announced mate is
//!   mate and not stalemate, an announced stalemate the reverse; silence is
//!   "no" for an engine that announces that ending in such a position (set
//!   up, or reached by a move: HoiChess and Phalanx announce only after a
//!   move) and had announced nothing earlier in the game; any other ending
//!   leaves both unknown (the engine named one ending, not the others).
//!
//! A move asked about after the engine's own claim is unsupported: its game
//! ended by the claim, so what it takes then says nothing of the move.
//! lawbook's rules serve only to read the query's FEN (the side to move,
//! what edit mode can state), never as an answer. Nothing in the protocol
//! says whether a side is in check, which pieces give it, where the pieces
//! stand or how often a position has occurred, so those questions stay
//! unsupported. Chess960 queries are unsupported.
//!
//! ## Searching
//!
//! Asked to move ([`Question::Search`]), the engine is set up as for a
//! move's legality, then sent `easy`, `post`, `sd D`, a clock of one second
//! (`level 40 5 0`, `time 100`, `otim 100`, for engines without `sd`),
//! `go` and `ping N`. Its answer is `move M` (or the older `N. ... M`), a
//! result line or `resign`; its thinking lines (`ply score time nodes pv`)
//! are read with the pv as free text (move numbers and marks such as `(+)`
//! left out; a score of 100000 + N is CECP's mate in N). CECP has an engine
//! on move answer `ping` only after its move, so a `pong` with no answer
//! before it says the engine will not move; as GNU Chess's front end and
//! PolyGlot answer `ping` while the engine thinks, a move that follows
//! within 0.3 s (`SILENCE`) still counts. Then `force` and a `ping` hear
//! out what it says after its move. A result line while the position was
//! set up means its game was over before it was asked (`ended_before`).
//! GNU Chess reads a position no game can reach only when asked to search
//! it, and exits saying `board_init_list(): illegal position`: its refusal.
//!
//! Registry `options` whose names are CECP features (`usermove`, `setboard`,
//! `ping`) override what the engine announced (HoiChess is sent
//! `usermove: "1"`: it reports a bare move it refuses as an unknown command
//! too; `ping: "0"` hears an engine out by its silences without trying
//! `ping`); `memory` is sent as the CECP command `memory N` (the hash
//! size in MB: Fairy-Max takes 100 MB without it, and a run starts one
//! process per worker); any other option is sent as `option NAME=VALUE`.
//!
//! Every request waits at most the registry's time limit (for an engine
//! without `ping`, each of its answers does). An engine that
//! exits, hangs, floods its output or prints garbage gets
//! [`EngineError::Failed`] for that request, and a fresh process is started
//! before the next one. An engine that refuses the move and then exits (as
//! HoiChess does after any refused move when its input is not a terminal)
//! gives its verdict and is restarted.

use super::restarting::{self, Restarting};
use crate::process::{
    Process, ProcessError, excerpt, installed_program, one_line, process_failed, read_answer, read_answer_into,
    read_until_quiet, send,
};
use crate::registry::EngineSpec;
use crate::search::{Line, Score};
use crate::{
    Answer, Capability, Claims, Engine, EngineError, Facts, Fault, FaultKind, PositionQuery, Question, SearchLimit,
    Searched,
};
use lawbook_board::{Color, File, Piece, Rank, Relaxations, Role, Setup, Square};
use lawbook_notation::fen;
use lawbook_notation::uci::UciMove;
use lawbook_outcome::{GameResult, Outcome, Reason};
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
/// How long the first handshake listens for a second `pong` to the same
/// `ping` (once per engine: restarts keep what it heard). GNU Chess's second
/// pong comes from its engine thread, after the result lines; on a loaded
/// machine it came later than 250 ms, the adapter then waited for one pong
/// only, and a result line was read with the next move or not at all, so
/// verdicts differed from run to run.
const SECOND_PONG_WAIT: Duration = Duration::from_millis(1_000);
/// How long an engine that does not answer `ping` (a protocol-1 engine) must
/// stay silent for its answer to count as complete. A reply later than that
/// is missed: `ping` is the only sure way to know.
const SILENCE: Duration = Duration::from_millis(300);

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
    /// How many `pong N` lines one `ping N` gives (measured at the handshake);
    /// 0 for an engine that does not answer `ping` (see `SILENCE`).
    pub pongs_per_ping: usize,
    /// `variants`: the variants the engine plays, as announced (`None`: all).
    pub variants: Option<String>,
}

impl Features {
    /// Why the engine cannot be asked about chess: its `variants` lack `normal`.
    fn no_normal_chess(&self) -> Option<String> {
        let list = self.variants.as_deref()?;
        let names: Vec<&str> = list.split(',').map(str::trim).filter(|v| !v.is_empty()).collect();
        if names.iter().any(|v| v.eq_ignore_ascii_case("normal")) {
            return None;
        }
        let shown = match names.len() {
            0 => "none".to_string(),
            n if n <= 12 => names.join(", "),
            n => format!("{}, and {} more", names[..12].join(", "), n - 12),
        };
        Some(format!("the engine does not play normal chess: its `feature variants` offers {shown}, without `normal`"))
    }
}

/// Where an engine announces one kind of ending.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct When {
    /// In a position just set up (`setboard`, edit mode), before any move.
    pub after_setup: bool,
    /// In a position a move has just reached.
    pub after_move: bool,
}

impl When {
    /// Whether it announces the ending where the query's last position
    /// stands: set up (`setup`) or reached by a move.
    pub const fn at(self, setup: bool) -> bool {
        if setup { self.after_setup } else { self.after_move }
    }

    /// Whether it announces the ending anywhere.
    pub const fn ever(self) -> bool {
        self.after_setup || self.after_move
    }
}

/// Which endings an xboard engine announces with a result line (named or
/// not), learnt at its first start from positions whose answers are known.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Announces {
    /// The side to move is checkmated (the fool's mate).
    pub mate: When,
    /// The side to move is stalemated.
    pub stalemate: When,
    /// Neither side can mate by the material rule (bare kings, king and knight against king).
    pub insufficient_material: When,
    /// A position dead with mating material on the board (kings behind locked pawns).
    pub dead_position: When,
    /// The occurrence of the start position, repeated by knight moves, at
    /// which the engine ends the game (3 or 5); `None` when it does not by the fifth.
    pub repetition: Option<usize>,
    /// A half-move clock of 100 (an ending at fifty moves, whatever its name).
    pub fifty_moves: When,
    /// A half-move clock of 150 (the seventy-five-move rule, or the engine's fifty moves).
    pub seventy_five_moves: When,
    /// It claims a draw by repetition (a result line naming it) at the
    /// third occurrence of the repeated start position.
    pub claims_threefold: bool,
    /// It claims a draw under the fifty-move rule (a result line naming it)
    /// at a half-move clock of 100, set up or reached by a move.
    pub claims_fifty_moves: bool,
}

impl Announces {
    /// Whether the engine announces any ending at all.
    pub const fn anything(&self) -> bool {
        self.mate.ever()
            || self.stalemate.ever()
            || self.insufficient_material.ever()
            || self.dead_position.ever()
            || self.repetition.is_some()
            || self.fifty_moves.ever()
            || self.seventy_five_moves.ever()
    }

    /// Whether it announces every ending the laws make automatic (FIDE 5.1.1,
    /// 5.2.1, 5.2.2, 9.6), where the query's last position stands (`setup`:
    /// set up, else reached by a move), with the fifty-move rule too where
    /// the board records it by itself: then its silence says the game goes on.
    pub const fn every_automatic_ending(&self, setup: bool, automatic_fifty_moves: bool) -> bool {
        // A position only set up has occurred once.
        let repetition = setup || matches!(self.repetition, Some(n) if n <= 5);
        self.mate.at(setup)
            && self.stalemate.at(setup)
            && self.insufficient_material.at(setup)
            && self.dead_position.at(setup)
            && repetition
            && self.seventy_five_moves.at(setup)
            && (!automatic_fifty_moves || self.fifty_moves.at(setup))
    }
}

/// An ending the engine announced.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The result its line gives; `None` for a refusal that only says the game is over.
    pub result: Option<GameResult>,
    /// The reason its comment names; `None` for a comment that names none (or
    /// none its result allows, or that the registry calls `unnamed`), a
    /// result line without a comment, or a refusal.
    pub reason: Option<Reason>,
}

impl Ending {
    /// The ending as lawbook writes one, when the engine gave both result and
    /// reason and the line is no claim (see [`Ending::claim`]).
    pub fn outcome(self) -> Option<Outcome> {
        if self.claim().is_some() {
            return None;
        }
        Some(Outcome { result: self.result?, reason: self.reason? })
    }

    /// The rule of the draw the line claims, if it claims one. In CECP a
    /// result line is what an engine says to the GUI, which arbitrates: for
    /// a repetition or fifty moves, where the Laws let the player to move
    /// claim a draw (FIDE 9.2, 9.3), it is the engine's claim, never a game
    /// ended by itself; a line for mate, stalemate, a dead position,
    /// fivefold repetition or seventy-five moves announces an ending the
    /// Laws make automatic.
    pub fn claim(self) -> Option<Reason> {
        match (self.result, self.reason) {
            (Some(GameResult::Draw), Some(reason @ (Reason::ThreefoldRepetition | Reason::FiftyMoves))) => Some(reason),
            _ => None,
        }
    }
}

/// The words of an engine's text, lowercase, with punctuation and hyphens
/// as spaces: `Draw by 50-move rule.` is `draw by 50 move rule`.
fn words(text: &str) -> String {
    let spaced: String =
        text.chars().flat_map(char::to_lowercase).map(|c| if c.is_alphanumeric() { c } else { ' ' }).collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The reason a result comment names, read by its meaning in any case and
/// common spelling (`White mates`, `checkmate`, `Stalemate`, `insufficient
/// material`, `no mating material`, `3-fold repetition`, `Draw by
/// repetition`, `50 move rule`, `fifty-move rule`, `75-move rule`,
/// `5-fold repetition`, `dead position`); `None` when it names none of them
/// (`Drawn game`, `White resigns`, no comment at all).
pub fn reason_of_comment(comment: &str) -> Option<Reason> {
    let text = words(comment);
    let words: Vec<&str> = text.split(' ').collect();
    let any = |wanted: &[&str]| words.iter().any(|w| wanted.contains(w));
    let pair =
        |first: &[&str], second: &[&str]| words.windows(2).any(|p| first.contains(&p[0]) && second.contains(&p[1]));
    let of_moves = any(&["move", "moves", "rule"]);
    if any(&["stalemate", "stalemated", "stalemates"]) || pair(&["stale"], &["mate", "mated"]) {
        Some(Reason::Stalemate)
    } else if any(&["insufficient"]) || pair(&["mating", "enough", "no"], &["material"]) {
        Some(Reason::InsufficientMaterial)
    } else if any(&["dead"]) {
        Some(Reason::DeadPosition)
    } else if any(&["fivefold"]) || pair(&["5", "five"], &["fold", "repetition", "repetitions", "times"]) {
        Some(Reason::FivefoldRepetition)
    } else if any(&["repetition", "repetitions", "repeated", "repetitive", "threefold"])
        || pair(&["3", "three"], &["fold", "times"])
    {
        Some(Reason::ThreefoldRepetition)
    } else if of_moves && (any(&["75", "seventyfive"]) || pair(&["seventy"], &["five"])) {
        Some(Reason::SeventyFiveMoves)
    } else if of_moves && any(&["50", "fifty"]) {
        Some(Reason::FiftyMoves)
    } else if any(&["mate", "mates", "mated", "checkmate", "checkmates", "checkmated"]) {
        Some(Reason::Checkmate)
    } else {
        None
    }
}

/// Whether a game with this result can end for this reason: a mate is
/// won, the rest are drawn.
fn fits(result: GameResult, reason: Reason) -> bool {
    (result == GameResult::Draw) != (reason == Reason::Checkmate)
}

/// What a result comment means: the registry's `endings` (by the comment's
/// words), then [`reason_of_comment`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct EndingTable(BTreeMap<String, Option<Reason>>);

impl EndingTable {
    /// The table of `spec`, or why its `endings` cannot be read.
    fn of(spec: &EngineSpec) -> Result<EndingTable, EngineError> {
        let mut table = BTreeMap::new();
        for (text, name) in &spec.endings {
            let reason = if name == "unnamed" {
                None
            } else {
                Some(name.parse::<Reason>().map_err(|_| {
                    let names: Vec<&str> = Reason::ALL.iter().map(|r| r.as_str()).collect();
                    failed(FaultKind::CouldNotStart, format!(
                        "engine {:?}: `endings` reads {text:?} as {name:?}, which is no reason: write one of {} or unnamed",
                        spec.name,
                        names.join(", ")
                    ))
                })?)
            };
            table.insert(words(text), reason);
        }
        Ok(EndingTable(table))
    }

    /// The ending a line announces, if it is a result line: the reason its
    /// comment names, or none (an unnamed ending) for a comment that names
    /// none, names none the result allows (a mate drawn), or is missing.
    fn read(&self, line: &str) -> Option<Ending> {
        let text = result_line(line)?;
        let (result, rest) = if let Some(rest) = text.strip_prefix("1/2-1/2") {
            (GameResult::Draw, rest)
        } else if let Some(rest) = text.strip_prefix("1-0") {
            (GameResult::WhiteWins, rest)
        } else {
            (GameResult::BlackWins, text.strip_prefix("0-1").unwrap_or(text))
        };
        let rest = rest.trim();
        let comment = match rest.strip_prefix('{') {
            Some(inner) => inner.split('}').next().unwrap_or_default(),
            None => rest,
        };
        let reason = match self.0.get(&words(comment)) {
            Some(reason) => *reason,
            None => reason_of_comment(comment).filter(|&reason| fits(result, reason)),
        };
        Some(Ending { result: Some(result), reason })
    }
}

/// What the engine printed while a position was set up and moves played.
#[derive(Debug, Default)]
struct Transcript {
    /// Each line, with how many of the query's moves had been sent when it
    /// was read (exact when each move was followed by its own ping).
    lines: Vec<(usize, String)>,
    /// Why the engine stopped answering, if it did (HoiChess exits after a refusal).
    stopped: Option<EngineError>,
}

/// What a transcript says of the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Heard {
    /// Each ending announced, with how many of the query's moves came before it.
    endings: Vec<(usize, Ending)>,
    /// The engine took every move of the query (it refuses none unless it has ended the game).
    took_all: bool,
}

/// A position whose ending is known, asked at start-up (see [`Announces`]).
struct Probe {
    fen: &'static str,
    moves: &'static [&'static str],
    /// It needs `setboard` (edit mode cannot state its half-move clock).
    clock: bool,
}

const FOOLS_MATE: Probe = Probe { fen: fen::STARTPOS, moves: &["f2f3", "e7e5", "g2g4", "d8h4"], clock: false };
const FOOLS_MATE_SET: Probe =
    Probe { fen: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", moves: &[], clock: false };
const STALEMATE: Probe = Probe { fen: "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", moves: &["f1f7"], clock: false };
const STALEMATE_SET: Probe = Probe { fen: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", moves: &[], clock: false };
/// The king takes the last rook: bare kings.
const BARE_KINGS: Probe = Probe { fen: "8/8/8/4k3/8/3r4/4K3/8 w - - 0 1", moves: &["e2d3"], clock: false };
const KNIGHT_SET: Probe = Probe { fen: "8/8/8/4k3/8/8/3NK3/8 w - - 0 1", moves: &[], clock: false };
/// The black king takes the rook: the kings are left behind a locked wall of pawns.
const LOCKED: Probe =
    Probe { fen: "7k/7R/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/K7 b - - 0 1", moves: &["h8h7"], clock: false };
const LOCKED_SET: Probe = Probe { fen: "7k/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/K7 w - - 0 1", moves: &[], clock: false };
const FIFTY: Probe = Probe { fen: "8/8/8/4k3/8/8/3RK3/8 w - - 99 80", moves: &["d2d3"], clock: true };
const FIFTY_SET: Probe = Probe { fen: "8/8/8/4k3/8/8/3RK3/8 w - - 100 80", moves: &[], clock: true };
const SEVENTY_FIVE: Probe = Probe { fen: "8/8/8/4k3/8/8/3RK3/8 w - - 149 80", moves: &["d2d3"], clock: true };
const SEVENTY_FIVE_SET: Probe = Probe { fen: "8/8/8/4k3/8/8/3RK3/8 w - - 150 80", moves: &[], clock: true };
/// The start position occurs again after every four moves: the fifth time after sixteen.
const REPETITION: Probe = Probe {
    fen: fen::STARTPOS,
    moves: &[
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6",
        "f3g1", "f6g8",
    ],
    clock: false,
};

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
    /// What its result comments mean.
    endings: EndingTable,
    /// Which endings it announces, learnt at its first start.
    announces: Announces,
    /// The facts of the last position asked about.
    last_facts: Option<(PositionQuery, Facts)>,
    /// The first process has started: later ones take its `ping` habit.
    started: bool,
}

/// One running engine process.
#[derive(Debug)]
pub(super) struct Session {
    process: Process,
    features: Features,
    next_ping: u64,
    /// The process exited after answering: start a fresh one next time.
    dead: bool,
}

/// The CECP features the registry may override.
const OVERRIDABLE: &[&str] = &["usermove", "setboard", "ping"];

/// A failure in the words of a report.
fn failed(kind: FaultKind, why: impl Into<String>) -> EngineError {
    EngineError::failed(kind, why)
}

/// A fault of `kind` resting on the engine's line `line`.
fn failed_on(kind: FaultKind, line: &str, why: impl Into<String>) -> EngineError {
    EngineError::Failed(Fault::new(kind, why).with_line(line))
}

/// The rest of a `feature` line, if this is one.
fn feature_line(line: &str) -> Option<&str> {
    let l = line.trim_start();
    let rest = l.strip_prefix("feature")?;
    rest.starts_with(char::is_whitespace).then_some(rest)
}

/// Splits the rest of a `feature` line into its `key=value` pairs (values
/// may be quoted; spaces around `=` are tolerated).
fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].split_whitespace().last().unwrap_or_default().to_string();
        let after = rest[eq + 1..].trim_start();
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

/// What an `Error (TYPE): COMMAND` line says went wrong, lowercase: the
/// TYPE, or all after `Error` when there are no brackets; `None` for another line.
fn error_kind(line: &str) -> Option<String> {
    let l = line.trim().to_lowercase();
    let rest = l.strip_prefix("error")?.trim_start();
    Some(match rest.strip_prefix('(') {
        Some(inner) => inner.split(')').next().unwrap_or_default().trim().to_string(),
        None => rest.to_string(),
    })
}

/// Whether a line is CECP's `Error (unknown command): COMMAND`, in any case.
fn is_unknown_command(line: &str) -> bool {
    error_kind(line).is_some_and(|kind| kind == "unknown command")
}

/// Whether a line refuses a move, in any of the forms CECP allows and in
/// any case: `Illegal move: M`, `Illegal move (REASON): M`, a bare `Illegal
/// move`, `Invalid move: M`, or an `Error (...)` whose type says illegal or
/// invalid move (Sjaak II's `Error (Illegal move or unknown command): M`).
fn is_illegal_reply(line: &str) -> bool {
    let l = line.trim().to_lowercase();
    l.starts_with("illegal move")
        || l.starts_with("invalid move")
        || error_kind(&l).is_some_and(|kind| kind.contains("illegal move") || kind.contains("invalid move"))
}

/// Whether a refusal says the game is over (HoiChess: `Illegal move (game over): M`).
fn says_game_over(line: &str) -> bool {
    let l = format!(" {} ", words(line));
    [" game over ", " game is over ", " game has ended ", " game ended "].iter().any(|s| l.contains(s))
}

/// Whether a line says the engine did not take a command or a position.
fn is_refusal(line: &str) -> bool {
    let l = line.trim().to_lowercase();
    l.starts_with("error") || l.starts_with("telluser") || l.contains("illegal position")
}

/// Whether a line refuses the position `setboard` (or edit mode) gave: CECP's
/// `tellusererror Illegal position`, GNU Chess's `telluser Board is wrong!`,
/// any line saying `illegal position`, or an `Error (...)` about `setboard`
/// other than `Error (unknown command)` (an engine that does not know
/// `setboard` has not refused the position: it was never told it); in any case.
fn refuses_position(line: &str) -> bool {
    let l = line.trim().to_lowercase();
    l.starts_with("telluser")
        || l.contains("illegal position")
        || (l.starts_with("error") && l.contains("setboard") && !is_unknown_command(&l))
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
        let program = installed_program(spec)?;
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
                    _ => {
                        return Err(failed(
                            FaultKind::CouldNotStart,
                            format!("engine {:?}: the feature {name} must be 1 or 0", spec.name),
                        ));
                    }
                };
                overrides.insert(name.clone(), on);
            } else if name == "memory" {
                let mb = value.parse::<u32>().map_err(|_| {
                    failed(
                        FaultKind::CouldNotStart,
                        format!("engine {:?}: memory must be a number of MB, not {value:?}", spec.name),
                    )
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
            endings: EndingTable::of(spec)?,
            announces: Announces::default(),
            last_facts: None,
            started: false,
        };
        let session = engine.start()?;
        engine.features = session.features.clone();
        engine.session = Some(session);
        engine.started = true;
        engine.announces = engine.probe()?;
        // The probes may end an engine that exits after a refusal: not a failure.
        if engine.session.is_none() {
            let session = engine.start()?;
            engine.session = Some(session);
        }
        engine.restarts = 0;
        Ok(engine)
    }

    /// Which endings the engine announces (learnt at its first start).
    pub fn announces(&self) -> Announces {
        self.announces
    }

    /// Learns which endings the engine announces, from positions whose
    /// endings are known, each set up and played with a ping after every
    /// move: an ending counts where the engine announces one (named or not)
    /// anywhere in the probe's game.
    fn probe(&mut self) -> Result<Announces, EngineError> {
        let mut announces = Announces::default();
        let pairs = [
            (&mut announces.mate, FOOLS_MATE_SET, FOOLS_MATE),
            (&mut announces.stalemate, STALEMATE_SET, STALEMATE),
            (&mut announces.insufficient_material, KNIGHT_SET, BARE_KINGS),
            (&mut announces.dead_position, LOCKED_SET, LOCKED),
            (&mut announces.fifty_moves, FIFTY_SET, FIFTY),
            (&mut announces.seventy_five_moves, SEVENTY_FIVE_SET, SEVENTY_FIVE),
        ];
        let mut fifty_claims = Vec::new();
        for (when, set_up, played) in pairs {
            // After a move, an ending announced earlier counts too: a clock of
            // 149 is already past fifty moves.
            let (set_up, played) = (self.probe_ending(&set_up)?, self.probe_ending(&played)?);
            *when = When { after_setup: set_up.is_some(), after_move: played.is_some() };
            fifty_claims.push([set_up, played]);
        }
        // The clock of 100, set up or reached: a result line claiming fifty moves.
        let claims_fifty =
            |heard: Option<(usize, Ending)>| heard.is_some_and(|(_, e)| e.claim() == Some(Reason::FiftyMoves));
        announces.claims_fifty_moves = fifty_claims[4].iter().all(|heard| claims_fifty(*heard));
        // The start position occurs for the (n + 1)th time after 4n moves, and so does each after it.
        let repetition = self.probe_ending(&REPETITION)?.filter(|&(ply, _)| ply > 0);
        announces.repetition = repetition.map(|(ply, _)| ply / 4 + 1);
        announces.claims_threefold =
            repetition.is_some_and(|(ply, e)| ply == 8 && e.claim() == Some(Reason::ThreefoldRepetition));
        Ok(announces)
    }

    /// After how many of the probe's moves the engine first announced an
    /// ending, and the ending; `None` when it announced none (or the probe
    /// cannot be set up).
    fn probe_ending(&mut self, probe: &Probe) -> Result<Option<(usize, Ending)>, EngineError> {
        if probe.clock && !self.features.setboard {
            return Ok(None);
        }
        let moves = probe.moves.iter().map(|m| m.parse::<UciMove>()).collect::<Result<Vec<_>, _>>();
        let moves =
            moves.map_err(|e| failed(FaultKind::Unaskable, format!("a start-up probe's move cannot be read: {e}")))?;
        let query = PositionQuery { fen: probe.fen.to_string(), moves, chess960: false, automatic_fifty_moves: false };
        let start = match self.check_query(&query, Capability::Outcome) {
            Ok(start) => start,
            Err(EngineError::Unsupported(_)) => return Ok(None),
            Err(e) => return Err(e),
        };
        let endings = self.endings.clone();
        self.request(|session, deadline, limit| {
            let transcript = XboardEngine::set_up(session, &query, &start, deadline, limit, true)?;
            if transcript.stopped.is_some() {
                session.dead = true;
            }
            // A refusal or anything else unexpected only means no ending was heard.
            for (ply, line) in &transcript.lines {
                if let Some(ending) = endings.read(line) {
                    return Ok(Some((*ply, ending)));
                }
            }
            match transcript.stopped {
                // It refused a move and exited (HoiChess): no ending heard.
                Some(_) if transcript.lines.iter().any(|(_, l)| is_illegal_reply(l)) => Ok(None),
                Some(e) => Err(e),
                None => Ok(None),
            }
        })
    }

    /// What the engine announced at its (last) handshake.
    pub fn features(&self) -> &Features {
        &self.features
    }

    /// How many times the engine was restarted after a failure.
    pub fn restarts(&self) -> usize {
        self.restarts
    }

    /// Every ending the engine announced once the query's position was set
    /// up and its moves played, each with how many of the moves came before
    /// it (0: right after the set-up); the first is the game's.
    ///
    /// # Errors
    /// As [`Question::Outcome`].
    pub fn endings(&mut self, query: &PositionQuery) -> Result<Vec<(usize, Ending)>, EngineError> {
        Ok(self.hear(query, Capability::Outcome)?.endings)
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
                (Err(_), Err(_)) => {
                    return Err(failed(
                        FaultKind::Unaskable,
                        format!("the query's FEN {:?} cannot be read: {e}", query.fen),
                    ));
                }
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
        let mut errors: Vec<Fault> = Vec::new();
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
                Ok(session) => {
                    // Another process would say the same.
                    return match session.features.no_normal_chess() {
                        Some(why) => Err(failed(FaultKind::CouldNotStart, why)),
                        None => Ok(session),
                    };
                }
                Err(EngineError::Failed(fault)) => {
                    if !errors.iter().any(|e| e.message() == fault.message()) {
                        errors.push(fault);
                    }
                }
                Err(other) => return Err(other),
            }
        }
        // The last try's fault, in the words of every try.
        let said: Vec<&str> = errors.iter().map(Fault::message).collect();
        let why = format!("{} (in {tries} tries, {} ms)", said.join("; then: "), began.elapsed().as_millis());
        let last = errors.pop().unwrap_or_else(|| Fault::new(FaultKind::CouldNotStart, ""));
        Err(EngineError::Failed(last.reword(|_| why)))
    }

    /// One try at [`XboardEngine::start`].
    fn start_once(&mut self, feature_wait: Duration) -> Result<Session, EngineError> {
        let mut process = Process::spawn(&self.program, &self.args).map_err(|e| EngineError::Failed(Fault::from(e)))?;
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
                return Err(failed(FaultKind::Flooded, "the engine flooded its output during the handshake"));
            }
            let Some(rest) = feature_line(&line) else { continue };
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
                    "variants" => features.variants = Some(value),
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
        if let Some(mb) = self.memory {
            send(&mut process, &format!("memory {mb}"))?;
        }
        for (name, value) in &self.engine_options {
            send(&mut process, &format!("option {name}={value}"))?;
        }
        send(&mut process, "new")?;
        send(&mut process, "force")?;
        if self.started {
            // A restart: the program's habit is known already.
            features.ping = self.features.ping;
            features.pongs_per_ping = self.features.pongs_per_ping;
            if features.ping {
                send(&mut process, "ping 1")?;
                read_answer(&mut process, "`pong 1`", deadline, limit, MAX_ANSWER_LINES, |l| l.trim() == "pong 1")?;
            } else {
                let what = "the end of the handshake";
                read_until_quiet(&mut process, what, SILENCE, deadline, limit, MAX_ANSWER_LINES, &mut Vec::new())?;
            }
            return Ok(Session { process, features, next_ping: 2, dead: false });
        }
        let mut session = Session { process, features, next_ping: 2, dead: false };
        let process = &mut session.process;
        let features = &mut session.features;
        if features.ping {
            send(process, "ping 1")?;
            read_answer(process, "`pong 1`", deadline, limit, MAX_ANSWER_LINES, |l| l.trim() == "pong 1")?;
        } else if self.overrides.get("ping") != Some(&false) {
            // Not announced (a protocol-1 engine): it may answer all the same.
            send(process, "ping 1")?;
            let mut lines = 0;
            loop {
                match process.read_line((Instant::now() + SILENCE).min(deadline)) {
                    Ok(line) if line.trim() == "pong 1" => {
                        features.ping = true;
                        break;
                    }
                    Ok(_) => lines += 1,
                    Err(ProcessError::Timeout(_)) => break,
                    Err(e) => return Err(process_failed("the end of the handshake", &e, limit, None)),
                }
                if lines > MAX_ANSWER_LINES {
                    return Err(failed(FaultKind::Flooded, "the engine flooded its output during the handshake"));
                }
            }
        }
        if !features.ping {
            // Its answers end when it falls silent.
            features.pongs_per_ping = 0;
            let mut lines = Vec::new();
            read_until_quiet(
                process,
                "the end of the handshake",
                SILENCE,
                deadline,
                limit,
                MAX_ANSWER_LINES,
                &mut lines,
            )?;
            return Ok(session);
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
                return Err(failed(FaultKind::BrokeProtocol, "the engine answers one ping with more than four pongs"));
            }
        }
        Ok(session)
    }

    /// Sends `ping N` and reads up to its last `pong N`, keeping the lines in
    /// `lines`; for an engine that does not answer `ping`, reads until it
    /// falls silent for [`SILENCE`], within the time limit from now.
    fn sync(
        session: &mut Session,
        what: &str,
        deadline: Instant,
        limit: Duration,
        lines: &mut Vec<String>,
    ) -> Result<(), EngineError> {
        if !session.features.ping {
            // Each answer is waited for on its own: the silences add up.
            let what = format!("a silence ending its answer ({what})");
            let deadline = deadline.max(Instant::now() + limit);
            return read_until_quiet(&mut session.process, &what, SILENCE, deadline, limit, MAX_ANSWER_LINES, lines);
        }
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
        let unknown = is_unknown_command(l);
        if features.usermove && (unknown || is_illegal_reply(l)) && l.contains("usermove") {
            return Some(failed_on(
                FaultKind::BrokeProtocol,
                l,
                format!(
                    "the engine does not understand `usermove` ({}); give `--option usermove=0` (the registry: `usermove: \"0\"`)",
                    excerpt(l)
                ),
            ));
        }
        // `Error (unknown command): e2e4`: a bare move is no command to it.
        let names_a_move = || {
            l.split_once(':')
                .is_some_and(|(_, command)| command.trim().parse::<UciMove>().is_ok_and(|m| m != UciMove::Null))
        };
        if !features.usermove && unknown && names_a_move() {
            return Some(failed_on(
                FaultKind::BrokeProtocol,
                l,
                format!(
                    "the engine does not take bare moves ({}); give `--option usermove=1` (the registry: `usermove: \"1\"`)",
                    excerpt(l)
                ),
            ));
        }
        None
    }

    /// Sends a line of the set-up or a move; an engine that no longer reads
    /// (it exited) stops the transcript instead of failing at once.
    fn send_or_stop(session: &mut Session, line: &str, transcript: &mut Transcript, sent: usize) -> bool {
        match send(&mut session.process, line) {
            Ok(()) => true,
            Err(e) => {
                // Keep what it said before it went.
                while transcript.lines.len() < MAX_ANSWER_LINES
                    && let Ok(line) = session.process.read_line(Instant::now() + Duration::from_millis(50))
                {
                    transcript.lines.push((sent, line));
                }
                transcript.stopped = Some(e);
                false
            }
        }
    }

    /// A `ping` and its pongs, the lines read on the way tagged with `sent`;
    /// a failure stops the transcript.
    fn sync_into(
        session: &mut Session,
        what: &str,
        deadline: Instant,
        limit: Duration,
        transcript: &mut Transcript,
        sent: usize,
    ) -> bool {
        let mut lines = Vec::new();
        let result = XboardEngine::sync(session, what, deadline, limit, &mut lines);
        transcript.lines.extend(lines.into_iter().map(|l| (sent, l)));
        match result {
            Ok(()) => true,
            Err(e) => {
                transcript.stopped = Some(e);
                false
            }
        }
    }

    /// Sets up the query's position and plays its moves, with a ping after
    /// each move when `each` (so every line is known to follow the set-up or
    /// one move) or once after all of them; stops at the first refused move.
    /// Returns what the engine printed; a garbled line, a flood or a timeout
    /// is a failure at once, an engine that exits stops the transcript
    /// (HoiChess exits after refusing a move).
    fn set_up(
        session: &mut Session,
        query: &PositionQuery,
        start: &Setup,
        deadline: Instant,
        limit: Duration,
        each: bool,
    ) -> Result<Transcript, EngineError> {
        one_line("the FEN", &query.fen)?;
        let features = session.features.clone();
        let mut transcript = Transcript::default();
        session.process.drain();
        let mut setup = vec!["new".to_string(), "force".to_string()];
        if features.setboard {
            setup.push(format!("setboard {}", query.fen));
        } else {
            if start.turn == Color::Black {
                // xboard's own way to give Black the move before edit mode.
                setup.push(XboardEngine::move_command(&features, "a2a3"));
            }
            setup.push("edit".to_string());
            setup.push("#".to_string());
            for color in [Color::White, Color::Black] {
                if color == Color::Black {
                    setup.push("c".to_string());
                }
                for (square, piece) in start.board.pieces().filter(|(_, p)| p.color == color) {
                    setup.push(format!("{}{square}", piece.role.char().to_ascii_uppercase()));
                }
            }
            setup.push(".".to_string());
        }
        for line in &setup {
            if !XboardEngine::send_or_stop(session, line, &mut transcript, 0) {
                return Ok(transcript);
            }
        }
        if each
            && !XboardEngine::sync_into(session, "after setting up the position", deadline, limit, &mut transcript, 0)
        {
            return Ok(transcript);
        }
        for (i, mv) in query.moves.iter().enumerate() {
            let sent = if each { i + 1 } else { query.moves.len() };
            if !XboardEngine::send_or_stop(
                session,
                &XboardEngine::move_command(&features, &mv.to_string()),
                &mut transcript,
                sent,
            ) {
                return Ok(transcript);
            }
            if each {
                let what = format!("after the game's move {mv}");
                if !XboardEngine::sync_into(session, &what, deadline, limit, &mut transcript, sent) {
                    return Ok(transcript);
                }
                if transcript.lines.iter().any(|(at, l)| *at == sent && (is_illegal_reply(l) || is_refusal(l))) {
                    return Ok(transcript);
                }
            }
        }
        if !each {
            let what = "after setting up the position and playing the game's moves";
            XboardEngine::sync_into(session, what, deadline, limit, &mut transcript, query.moves.len());
        }
        Ok(transcript)
    }

    /// Reads a transcript: the endings announced, and whether the engine took
    /// every move. A refusal after an ending (or one that says `game over`)
    /// is the engine's game having ended; any other refusal, a misunderstood
    /// command, or an engine that stopped answering for no such reason is a
    /// failure.
    fn read_transcript(
        features: &Features,
        table: &EndingTable,
        query: &PositionQuery,
        transcript: Transcript,
    ) -> Result<Heard, EngineError> {
        let mut endings: Vec<(usize, Ending)> = Vec::new();
        let mut took_all = true;
        for (sent, line) in &transcript.lines {
            if let Some(e) = XboardEngine::misunderstood(features, line) {
                return Err(e);
            }
            if refuses_position(line) {
                // Its own words, even if it then exited: a refusal (the
                // caller restarts an engine that stopped).
                return Err(EngineError::refused(format!("{:?}: {}", query.fen, excerpt(line))));
            }
            if let Some(ending) = table.read(line) {
                endings.push((*sent, ending));
                continue;
            }
            let illegal = is_illegal_reply(line);
            if !illegal && !is_refusal(line) {
                continue;
            }
            if illegal && says_game_over(line) && endings.is_empty() {
                // Over before the move it refuses, without a result line.
                endings.push((sent.saturating_sub(1), Ending { result: None, reason: None }));
            }
            if endings.is_empty() {
                return Err(if illegal {
                    failed_on(
                        FaultKind::RefusedMove,
                        line,
                        format!(
                            "the engine refuses a move of the game the scenario plays ({}); moves: {}",
                            excerpt(line),
                            query.moves_text()
                        ),
                    )
                } else {
                    failed_on(
                        FaultKind::RefusedMove,
                        line,
                        format!(
                            "the engine did not take the position {:?} or a move of the game: {}",
                            query.fen,
                            excerpt(line)
                        ),
                    )
                });
            }
            took_all = false;
            break;
        }
        match transcript.stopped {
            Some(e) if took_all => Err(e),
            _ => Ok(Heard { endings, took_all }),
        }
    }

    /// Sets up the query and plays its moves one by one, and reads what the engine said.
    fn hear(&mut self, query: &PositionQuery, capability: Capability) -> Result<Heard, EngineError> {
        let start = self.check_query(query, capability)?;
        let table = self.endings.clone();
        self.request(|session, deadline, limit| {
            let transcript = XboardEngine::set_up(session, query, &start, deadline, limit, true)?;
            if transcript.stopped.is_some() {
                session.dead = true;
            }
            XboardEngine::read_transcript(&session.features, &table, query, transcript)
        })
    }
}

impl restarting::Session for Session {
    fn spent(&self) -> bool {
        self.dead
    }
}

impl Restarting for XboardEngine {
    type Session = Session;

    fn session(&mut self) -> &mut Option<Session> {
        &mut self.session
    }

    fn restart_count(&mut self) -> &mut usize {
        &mut self.restarts
    }

    fn time_limit(&self) -> Duration {
        self.timeout
    }

    /// A fresh process; what it announced replaces what the last one did.
    fn start_session(&mut self) -> Result<Session, EngineError> {
        let fresh = self.start()?;
        self.features = fresh.features.clone();
        Ok(fresh)
    }
}

/// The facts a game's endings tell of its last position, for an engine that
/// announces `announces` (see the module documentation).
fn facts_of(heard: &Heard, query: &PositionQuery, announces: &Announces) -> Facts {
    let moves = query.moves.len();
    let setup = moves == 0;
    let claimed = |rule: Reason| -> Vec<usize> {
        heard.endings.iter().filter(|(_, e)| e.claim() == Some(rule)).map(|(sent, _)| *sent).collect()
    };
    let mut facts = Facts {
        // A claim first: the engine's game ended by its claim, and it says
        // nothing of how the game would have ended by itself.
        outcome: match heard.endings.first() {
            // On a board that records the fifty moves by itself, a line for
            // them announces that ending rather than claiming it.
            Some((_, ending)) if query.automatic_fifty_moves && ending.claim() == Some(Reason::FiftyMoves) => {
                Some(Some(Outcome { result: GameResult::Draw, reason: Reason::FiftyMoves }))
            }
            Some((_, ending)) => ending.outcome().map(Some),
            None => announces.every_automatic_ending(setup, query.automatic_fifty_moves).then_some(None),
        },
        claims: (announces.claims_threefold || announces.claims_fifty_moves).then(|| Claims {
            threefold: announces.claims_threefold.then(|| claimed(Reason::ThreefoldRepetition)),
            fifty_moves: announces.claims_fifty_moves.then(|| claimed(Reason::FiftyMoves)),
        }),
        ..Facts::default()
    };
    if !heard.took_all {
        return facts;
    }
    let last = heard.endings.iter().find(|(sent, _)| *sent == moves).map(|(_, ending)| ending.reason);
    match last {
        // FIDE 5.1.1 / 5.2.1: a mated king is in check, a stalemated one is not.
        Some(Some(Reason::Checkmate)) => {
            facts.checkmate = Some(true);
            facts.stalemate = Some(false);
        }
        Some(Some(Reason::Stalemate)) => {
            facts.checkmate = Some(false);
            facts.stalemate = Some(true);
        }
        // Another ending names neither.
        Some(_) => {}
        None if heard.endings.is_empty() => {
            facts.checkmate = announces.mate.at(setup).then_some(false);
            facts.stalemate = announces.stalemate.at(setup).then_some(false);
        }
        // Ended earlier: it may no longer be looking.
        None => {}
    }
    facts
}
impl Engine for XboardEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn version(&self) -> String {
        if self.features.myname.is_empty() { self.program.clone() } else { self.features.myname.clone() }
    }

    fn supports(&self, capability: Capability) -> bool {
        let a = &self.announces;
        match capability {
            Capability::MoveLegality | Capability::Play => true,
            // An announcement is an answer, even where silence is none.
            Capability::Outcome => a.anything(),
            Capability::Checkmate => a.mate.ever(),
            Capability::Stalemate => a.stalemate.ever(),
            Capability::Claims => a.claims_threefold || a.claims_fifty_moves,
            Capability::Search => true,
            _ => false,
        }
    }

    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        if !self.supports(question.capability()) {
            return Err(EngineError::Unsupported(question.capability()));
        }
        match question {
            Question::IsLegal(mv) => Ok(Answer::Bool(self.is_legal(query, *mv)?)),
            // xboard has no pass, and shows no position after a move.
            Question::Play(UciMove::Null) => Err(EngineError::Unsupported(Capability::Play)),
            Question::Play(mv) => {
                Ok(Answer::Played(crate::Played { accepted: self.is_legal(query, *mv)?, after: None }))
            }
            Question::Search(limit) => Ok(Answer::Searched(self.searched(query, *limit)?)),
            fact => self.facts(query, fact.capability())?.answer(fact),
        }
    }
}

impl XboardEngine {
    /// The facts the engine's announcements tell of the query's last
    /// position; the last answer is kept, so the questions of one step cost
    /// one request.
    fn facts(&mut self, query: &PositionQuery, capability: Capability) -> Result<Facts, EngineError> {
        if let Some((asked, facts)) = &self.last_facts
            && asked == query
        {
            return Ok(facts.clone());
        }
        let heard = self.hear(query, capability)?;
        let facts = facts_of(&heard, query, &self.announces);
        self.last_facts = Some((query.clone(), facts.clone()));
        Ok(facts)
    }

    /// Whether the engine takes `mv` after the query's moves; a game the
    /// engine ended before its last move takes no move.
    fn is_legal(&mut self, query: &PositionQuery, mv: UciMove) -> Result<bool, EngineError> {
        let start = self.check_query(query, Capability::MoveLegality)?;
        let uci = mv.to_string();
        let table = self.endings.clone();
        self.request(|session, deadline, limit| {
            let transcript = XboardEngine::set_up(session, query, &start, deadline, limit, false)?;
            if transcript.stopped.is_some() {
                session.dead = true;
            }
            let heard = XboardEngine::read_transcript(&session.features, &table, query, transcript)?;
            if !heard.took_all || session.dead {
                // It refused a move of the game after ending it: it takes none.
                // After its own claim, though, its game ended by the claim,
                // and what it takes then says nothing of the move.
                if heard.endings.first().is_some_and(|(_, e)| e.claim().is_some()) {
                    return Err(EngineError::Unsupported(Capability::MoveLegality));
                }
                return Ok(false);
            }
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
                let why = format!("the engine did not take the move {uci}: {}", excerpt(line));
                return Err(failed_on(FaultKind::BrokeProtocol, line, why));
            }
            Ok(!refused)
        })
    }
}

/// The most lines one search may print.
const MAX_SEARCH_LINES: usize = 50_000;

/// The move of an engine's move line: `move M` (CECP 2), or `N. ... M` (the
/// older form xboard still reads).
fn move_line(line: &str) -> Option<&str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["move", mv] => Some(mv),
        [number, "...", mv] if number.trim_end_matches('.').parse::<u32>().is_ok() => Some(mv),
        _ => None,
    }
}

/// Whether a line answers `go`: a move, a result line or `resign`.
fn answers_go(line: &str) -> bool {
    move_line(line).is_some() || result_line(line).is_some() || line.trim() == "resign"
}

/// A word of a line without its move number: `4.` and `4...` are nothing,
/// `4.Bxf7` is `Bxf7` (castling's `0-0` keeps its zeros).
fn without_move_number(word: &str) -> &str {
    match word.find('.') {
        Some(i) if i > 0 && word[..i].bytes().all(|b| b.is_ascii_digit()) => word[i..].trim_start_matches('.'),
        _ if word.bytes().all(|b| b == b'.') => "",
        _ => word,
    }
}

/// A line of thinking output (`ply score time nodes pv`, CECP's `post`):
/// four numbers, maybe more fields up to a tab, then the principal
/// variation in any notation, whose move numbers (`4.`, `4...`) and marks
/// (`(+)`, `<HT>`, `{...}`) are left out. A score of 100000 + N is CECP's
/// mate in N moves (and -100000 - N mated in N).
fn thinking_line(line: &str) -> Option<Line> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() < 4 {
        return None;
    }
    let numbers: Vec<i64> =
        words[..4].iter().map(|w| w.trim_start_matches('+').parse::<i64>()).collect::<Result<_, _>>().ok()?;
    let depth = u32::try_from(numbers[0]).ok()?;
    let score = i32::try_from(numbers[1]).ok()?;
    // After the four numbers: the rest, or what follows a tab (extra fields before it).
    let rest = match line.split_once('\t') {
        Some((head, tail)) if head.split_whitespace().count() >= 4 => tail,
        _ => {
            let mut rest = line.trim_start();
            for _ in 0..4 {
                rest = rest.trim_start();
                rest = rest.find(char::is_whitespace).map_or("", |i| &rest[i..]);
            }
            rest
        }
    };
    let moves = rest
        .split_whitespace()
        .filter(|w| !matches!(w.chars().next(), Some('(' | '<' | '{' | '[')))
        .map(without_move_number)
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let mate = score.unsigned_abs().checked_sub(100_000).filter(|n| *n < 1_000);
    let score = match mate {
        Some(n) => Score::Mate { moves: if score > 0 { n as i32 } else { -(n as i32) }, bound: false },
        None => Score::Centipawns(score),
    };
    Some(Line { text: line.trim().to_string(), depth: Some(depth), score: Some(score), moves, uci: false })
}

impl XboardEngine {
    /// The position set up as for every question, then a search as a game
    /// asks for one: `easy` (no pondering), `post`, `sd D` and a clock of a
    /// few seconds (for engines without `sd`), `go`, and a `ping`. Read up
    /// to the engine's move, a result line or `resign`, and its `pong`;
    /// then `force` stops it. An engine that answers the `ping` without a
    /// move or a result line, and stays silent a moment longer, said
    /// nothing (CECP: a `ping` while on move is answered after the move).
    /// A result line while the position was set up (the engine had ended
    /// the game) is `ended_before`, and no search is asked.
    fn searched(&mut self, query: &PositionQuery, limit: SearchLimit) -> Result<Searched, EngineError> {
        let start = self.check_query(query, Capability::Search)?;
        let table = self.endings.clone();
        let searched = self.request(|session, deadline, time| {
            let transcript = XboardEngine::set_up(session, query, &start, deadline, time, false)?;
            if transcript.stopped.is_some() {
                session.dead = true;
            }
            let ended = transcript.lines.iter().find_map(|(_, l)| result_line(l)).map(str::to_string);
            let heard = XboardEngine::read_transcript(&session.features, &table, query, transcript)?;
            if ended.is_some() || !heard.took_all || session.dead {
                let said = ended.unwrap_or_else(|| "it took no more moves (its game was over)".to_string());
                return Ok(Searched { ended_before: Some(said), ..Searched::default() });
            }
            for line in ["easy", "post", &format!("sd {}", limit.depth), "level 40 5 0", "time 100", "otim 100", "go"] {
                send(&mut session.process, line)?;
            }
            let n = session.next_ping;
            session.next_ping += 1;
            let pong = format!("pong {n}");
            if session.features.ping {
                send(&mut session.process, &format!("ping {n}"))?;
            }
            let wanted = if session.features.ping { session.features.pongs_per_ping.max(1) } else { usize::MAX };
            let mut lines = Vec::new();
            let mut pongs = 0;
            let mut answered = false;
            read_answer_into(
                &mut session.process,
                "its move (`move M`), a result line or `resign`, and its `pong`",
                deadline,
                time,
                MAX_SEARCH_LINES,
                &mut lines,
                |l| {
                    answered |= answers_go(l);
                    if l.trim() == pong {
                        pongs += 1;
                    }
                    pongs >= wanted || (answered && !session.features.ping)
                },
            )?;
            // Answered `ping` without moving (GNU Chess's front end and
            // PolyGlot answer it while the engine thinks): a move still
            // counts until the engine has been silent for a moment.
            while !answered && lines.len() < MAX_SEARCH_LINES {
                match session.process.read_line(deadline.min(Instant::now() + SILENCE)) {
                    Ok(line) => {
                        answered = answers_go(&line);
                        lines.push(line);
                    }
                    Err(_) => break,
                }
            }
            // `force`, and a `ping` that hears out what it says after its
            // move (a result line for the mate it gave), which the next
            // request must not take for its own.
            let mut after = Vec::new();
            if send(&mut session.process, "force").is_err()
                || XboardEngine::sync(session, "after its move and `force`", deadline, time, &mut after).is_err()
            {
                session.dead = true;
            }
            let mut searched = Searched::default();
            for line in &lines {
                if let Some(e) = XboardEngine::misunderstood(&session.features, line) {
                    return Err(e);
                }
                if let Some(mv) = move_line(line) {
                    searched.best = Some(mv.to_string());
                    break;
                }
                if answers_go(line) {
                    searched.no_move = Some(line.trim().to_string());
                    break;
                }
                if let Some(thought) = thinking_line(line) {
                    searched.lines.push(thought);
                }
            }
            Ok(searched)
        });
        // GNU Chess reads a position only when it searches it, and exits there.
        searched.map_err(|e| super::refusal_in_last_words(e, &query.fen))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinking_output_is_read_with_move_numbers_and_marks_left_out() {
        let line = thinking_line("2 182 0 46 (+) 4. Bxf7+ Ke7").unwrap();
        assert_eq!((line.depth, line.score), (Some(2), Some(Score::Centipawns(182))));
        assert_eq!(line.moves, ["Bxf7+", "Ke7"]);
        let line = thinking_line(" 3 +100002 0 132 12...Qxf2+ 13.Kh1 Qf1#").unwrap();
        assert_eq!(line.score, Some(Score::Mate { moves: 2, bound: false }));
        assert_eq!(line.moves, ["Qxf2+", "Kh1", "Qf1#"]);
        let line = thinking_line("5 -100003 10 900 9 7000\tO-O 0-0-0").unwrap();
        assert_eq!(
            (line.score, line.moves.clone()),
            (Some(Score::Mate { moves: -3, bound: false }), vec!["O-O".to_string(), "0-0-0".to_string()])
        );
        assert!(thinking_line("move e2e4").is_none());
        assert!(thinking_line("tellics say hello").is_none());
        assert_eq!(move_line("move e7e8q"), Some("e7e8q"));
        assert_eq!(move_line("12. ... Nf3"), Some("Nf3"));
        assert_eq!(move_line("1. e2e4"), None);
    }

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
    fn feature_lines_may_be_spaced_and_tabbed() {
        assert_eq!(feature_line("feature\tping=1"), Some("\tping=1"));
        assert_eq!(feature_line("  feature  done=1 "), Some("  done=1 "));
        assert_eq!(feature_line("features=1"), None);
        assert_eq!(feature_line("# feature ping=1"), None);
        let pairs = parse_features("  ping = 1   myname= \"A B\"  sigint=0 done=0");
        let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(pairs, [("ping", "1"), ("myname", "A B"), ("sigint", "0"), ("done", "0")]);
    }

    #[test]
    fn variants_without_normal_are_named() {
        let with = |list: &str| Features { variants: Some(list.to_string()), ..Features::default() };
        assert_eq!(Features::default().no_normal_chess(), None);
        assert_eq!(with("normal").no_normal_chess(), None);
        assert_eq!(with("xiangqi, NORMAL ,shogi").no_normal_chess(), None);
        let why = with("xiangqi,shogi").no_normal_chess().unwrap_or_default();
        assert!(why.contains("xiangqi, shogi") && why.contains("normal"), "{why}");
        let many: Vec<String> = (0..20).map(|i| format!("v{i}")).collect();
        let why = with(&many.join(",")).no_normal_chess().unwrap_or_default();
        assert!(why.contains("v11, and 8 more") && !why.contains("v12"), "{why}");
        assert!(with("").no_normal_chess().unwrap_or_default().contains("offers none"));
    }

    #[test]
    fn comments_are_read_by_their_meaning() {
        let cases: &[(&str, Option<Reason>)] = &[
            ("White mates", Some(Reason::Checkmate)),
            ("Black mates", Some(Reason::Checkmate)),
            ("black mates", Some(Reason::Checkmate)),
            ("Checkmate", Some(Reason::Checkmate)),
            ("White is mated", Some(Reason::Checkmate)),
            ("CHECKMATE!", Some(Reason::Checkmate)),
            ("Stalemate", Some(Reason::Stalemate)),
            ("stalemate.", Some(Reason::Stalemate)),
            ("Draw by stalemate", Some(Reason::Stalemate)),
            ("stale mate", Some(Reason::Stalemate)),
            ("insufficient material", Some(Reason::InsufficientMaterial)),
            ("Insufficient material", Some(Reason::InsufficientMaterial)),
            ("Draw by insufficient material", Some(Reason::InsufficientMaterial)),
            ("no mating material", Some(Reason::InsufficientMaterial)),
            ("Insufficient mating material", Some(Reason::InsufficientMaterial)),
            ("Dead position", Some(Reason::DeadPosition)),
            ("draw: dead-position", Some(Reason::DeadPosition)),
            ("Draw by repetition", Some(Reason::ThreefoldRepetition)),
            ("3-fold repetition", Some(Reason::ThreefoldRepetition)),
            ("3 repetitions", Some(Reason::ThreefoldRepetition)),
            ("threefold repetition", Some(Reason::ThreefoldRepetition)),
            ("Three-fold", Some(Reason::ThreefoldRepetition)),
            ("repetition", Some(Reason::ThreefoldRepetition)),
            ("5-fold repetition", Some(Reason::FivefoldRepetition)),
            ("fivefold repetition", Some(Reason::FivefoldRepetition)),
            ("Five fold", Some(Reason::FivefoldRepetition)),
            ("Draw by fifty-move rule", Some(Reason::FiftyMoves)),
            ("50 move rule", Some(Reason::FiftyMoves)),
            ("50-move rule", Some(Reason::FiftyMoves)),
            ("fifty move rule", Some(Reason::FiftyMoves)),
            ("Draw by 50 moves", Some(Reason::FiftyMoves)),
            ("75-move rule", Some(Reason::SeventyFiveMoves)),
            ("seventy-five move rule", Some(Reason::SeventyFiveMoves)),
            ("Drawn game", None),
            ("White resigns", None),
            ("Mystery", None),
            ("", None),
            ("fifty", None),
        ];
        for (comment, reason) in cases {
            assert_eq!(reason_of_comment(comment), *reason, "{comment:?}");
        }
    }

    #[test]
    fn result_lines_give_endings_unnamed_where_the_comment_names_nothing() {
        let table = EndingTable::default();
        let ending = |result, reason| Some(Ending { result: Some(result), reason });
        assert_eq!(table.read("1-0 {White mates}"), ending(GameResult::WhiteWins, Some(Reason::Checkmate)));
        assert_eq!(table.read(" 0-1 {Black mates} "), ending(GameResult::BlackWins, Some(Reason::Checkmate)));
        assert_eq!(
            table.read("1/2-1/2 {insufficient material}"),
            ending(GameResult::Draw, Some(Reason::InsufficientMaterial))
        );
        assert_eq!(table.read("1/2-1/2 Stalemate"), ending(GameResult::Draw, Some(Reason::Stalemate)));
        assert_eq!(table.read("1/2-1/2 {Drawn game}"), ending(GameResult::Draw, None));
        assert_eq!(table.read("1/2-1/2"), ending(GameResult::Draw, None));
        assert_eq!(table.read("1-0 {}"), ending(GameResult::WhiteWins, None));
        assert_eq!(table.read("1-0 {unclosed"), ending(GameResult::WhiteWins, None));
        // A reason the result does not allow names nothing.
        assert_eq!(table.read("1/2-1/2 {White mates}"), ending(GameResult::Draw, None));
        assert_eq!(table.read("1-0 {Stalemate}"), ending(GameResult::WhiteWins, None));
        for other in ["resign", "offer draw", "tellics say 1-0", "telluser 1/2-1/2", "1-0x", "move e2e4", "# 1-0"] {
            assert_eq!(table.read(other), None, "{other}");
        }
    }

    #[test]
    fn the_registrys_endings_come_first_by_their_words() {
        let mut spec = EngineSpec::program(crate::registry::Protocol::Xboard, "x", Vec::new());
        spec.endings.insert("Blocked!".to_string(), "dead_position".to_string());
        spec.endings.insert("3 repetitions".to_string(), "unnamed".to_string());
        let table = EndingTable::of(&spec).unwrap_or_default();
        let read = |line: &str| table.read(line).and_then(|e| e.reason);
        assert_eq!(read("1/2-1/2 {blocked}"), Some(Reason::DeadPosition));
        assert_eq!(read("1/2-1/2 {3 Repetitions}"), None);
        assert_eq!(read("1/2-1/2 {3-fold repetition}"), Some(Reason::ThreefoldRepetition));
    }

    #[test]
    fn refusals_in_every_form_cecp_allows() {
        for refusal in [
            "Illegal move: e2e5",
            "Illegal move (in check): e1g1",
            "Illegal move (no matching move)e2e5",
            "Illegal move",
            "illegal move",
            "ILLEGAL MOVE: e2e5",
            "Illegal move:e2e5",
            "Invalid move: e2e5",
            "invalid move e2e5",
            "Error (Illegal move): e1c1",
            "Error (illegal move) e1c1",
            "error (ILLEGAL MOVE): e1c1",
            "Error (Illegal move or unknown command): e2e5",
            "Error (invalid move): e2e5",
            "Error: illegal move e2e5",
            "  Illegal move (game over): e2e4",
        ] {
            assert!(is_illegal_reply(refusal), "{refusal}");
            assert!(!is_unknown_command(refusal), "{refusal}");
        }
        for other in [
            "Error (unknown command): e2e5",
            "error (Unknown Command): usermove",
            "Error (command not legal now): undo",
            "telluser Illegal move would be refused",
            "1. e2e4",
            "pong 3",
        ] {
            assert!(!is_illegal_reply(other), "{other}");
        }
        assert!(is_unknown_command("ERROR (unknown command): xyz"));
        assert!(is_unknown_command("Error(unknown command): xyz"));
        assert!(is_refusal("error (command not legal now): undo"));
        assert!(is_refusal("tellusererror Illegal Position"));
        assert!(says_game_over("Illegal move (Game Over): e2e4"));
        assert!(says_game_over("illegal move (the game is over) e2e4"));
        assert!(!says_game_over("Illegal move: e2e4"));
    }

    #[test]
    fn position_refusals_in_any_case() {
        assert!(refuses_position("tellusererror Illegal position"));
        assert!(refuses_position("TELLUSERERROR illegal POSITION"));
        assert!(refuses_position("telluser Board is wrong!"));
        assert!(refuses_position("error (illegal position): setboard 8/8/8/8/8/8/8/8 w - - 0 1"));
        assert!(refuses_position("Error (bad FEN): SETBOARD x"));
        assert!(!refuses_position("Error (unknown command): setboard x"));
        assert!(!refuses_position("error (Unknown Command): SetBoard x"));
        assert!(!refuses_position("Illegal move: e2e5"));
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
