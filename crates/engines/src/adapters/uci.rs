//! UCI engines (Stockfish and its kin) over a child process.
//!
//! UCI leaves the legality of the moves in `position ... moves` to the GUI:
//! an engine may play on from an illegal move it is given without breaking
//! any law in its own play. So the adapter never judges a move by whether
//! the engine takes it as input. What the engine thinks legal shows only in
//! what it generates, and each way of seeing that is trusted only after the
//! engine has shown it at its first start, on positions whose answers are
//! known ([`Dialect`]):
//!
//! - the legal moves: `go perft 1`, whose `e2e4: 1` lines end with
//!   `Nodes searched: N` (they may come after a `readyok`), shown when it
//!   lists exactly the 20 moves of the initial position and the 3 of a king
//!   in check from a rook; an engine that answers with a search (`info`,
//!   `bestmove`), or not at all, has no perft;
//! - one move: `go depth 1 searchmoves M`, shown when it plays `a2a3` and
//!   `h2h4` when told to and does not play `e2e5` (no move of the initial
//!   position) when told to search only that; `bestmove M` after a scored
//!   search says `M` is legal, `(none)`, `0000` or `a1a1` that it is not,
//!   and so does another move from an engine that answered `e2e5` so (from
//!   one that answered it with no move, another move contradicts it);
//! - check and the checking pieces: the `Checkers:` line of `d` (Stockfish),
//!   and the board: its `Fen:` line, or a line that is the FEN (Glaurung),
//!   each shown when it describes the king in check and the position after
//!   the king's step;
//! - checkmate and stalemate: no move in `go perft 1`, or `go depth 1` with
//!   no move (`score mate 0` is mate, `score cp 0` stalemate).
//!
//! Whether a move is legal comes from perft where shown, else from
//! `searchmoves`, else it is unsupported; a move sent to the engine as
//! played ([`Question::Play`]) is taken when the same answer says it is
//! legal (the engine's board afterwards from `d`, where shown), and is
//! unsupported otherwise. An engine that later contradicts itself (two
//! perft lists for one position, a `bestmove` outside the moves it was
//! told to search) is no longer asked that way; its version says so.
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
//! The handshake takes what the protocol allows: lines that are not UCI
//! before `uciok` (banners, even with control characters), `id name` with
//! any spacing, `info string` lines anywhere, `option` lines of every type,
//! `copyprotection` and `registration` lines (`registration error` is
//! answered with `register later`), and CRLF line ends.
//!
//! Asked to move ([`Question::Search`]), it is set up as for any question
//! and sent `go depth D` (with `nodes N` where the limit says): the move of
//! `bestmove` as written, or how it says it has none (`(none)`, `0000`,
//! `a1a1`), and every `info` line with a `pv` (its depth, its score: `cp`,
//! or `mate N` with or without a bound). Judging them is the harness's work.
//!
//! An engine that exits by itself (a status, no signal) while a position is
//! set up, having said on standard error that the position or FEN is
//! illegal, invalid or bad (Toga II: `board_init_list(): illegal position`),
//! refuses it ([`EngineError::Refused`]).
//!
//! Every request waits at most the registry's time limit; each is preceded
//! by `isready`/`readyok`, so nothing said before is taken for its answer.
//! A search that has not ended by then is sent `stop`, and its `bestmove`
//! awaited a moment. An engine that exits, hangs, floods its output or
//! prints something this adapter cannot read gets [`EngineError::Failed`]
//! for that request, and a fresh process is started before the next one.

use super::restarting::{self, Restarting};
use crate::process::{Process, excerpt, installed_program, one_line, process_failed, read_answer, send, with_farewell};
use crate::registry::EngineSpec;
use crate::{
    Answer, Capability, Engine, EngineError, Facts, Fault, FaultKind, PositionQuery, Question, SearchLimit, Searched,
};
use lawbook_board::{Board, Square};
use lawbook_movegen::Position;
use lawbook_notation::fen;
use lawbook_notation::uci::UciMove;
use std::collections::HashMap;

pub mod divide;
pub use divide::Divided;
use std::time::{Duration, Instant};

/// The most lines the handshake (`uci` ... `uciok`) may take.
const MAX_HANDSHAKE_LINES: usize = 5_000;
/// The most lines one answer may take (a position has at most 218 moves).
const MAX_ANSWER_LINES: usize = 2_000;
/// The most lines a search asked for a move may print.
const MAX_SEARCH_LINES: usize = 50_000;
/// The words that begin a part of an `info` line: one of them ends a `pv`
/// that is not written last.
const INFO_WORDS: [&str; 17] = [
    "depth",
    "seldepth",
    "time",
    "nodes",
    "multipv",
    "score",
    "currmove",
    "currmovenumber",
    "hashfull",
    "nps",
    "tbhits",
    "sbhits",
    "cpuload",
    "string",
    "refutation",
    "currline",
    "pv",
];
/// How long a start-up probe waits, after `readyok`, for the rest of an
/// answer, and a stopped search for its `bestmove`.
const GRACE: Duration = Duration::from_millis(1_000);
/// The most answers kept to notice an engine contradicting itself.
const MAX_REMEMBERED: usize = 20_000;

/// The initial position, as the probes send it.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// The legal moves of [`START`].
const START_MOVES: [&str; 20] = [
    "a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3", "a2a4", "b2b4", "c2c4", "d2d4", "e2e4", "f2f4",
    "g2g4", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3",
];
/// A position with a short known answer: the white king on e1 in check
/// from the rook on e2.
const CHECKED: &str = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
/// The legal moves of [`CHECKED`]: step aside or take the rook.
const CHECKED_MOVES: [&str; 3] = ["e1d1", "e1e2", "e1f1"];
/// [`CHECKED`] after `e1f1`.
const CHECKED_AFTER: &str = "4k3/8/8/8/8/8/4r3/5K2 b - - 1 1";

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
    /// What the engine answers beyond the core of the protocol, learnt at
    /// its first start and narrowed when it contradicts itself.
    dialect: Dialect,
    /// Told to search only moves none of which is legal, it plays a move of
    /// its own choosing rather than none (learnt at its first start).
    searches_all_when_none_legal: bool,
    /// The registry says it plays Chess960 whether or not it offers `UCI_Chess960`.
    plays_chess960: bool,
    /// The facts of the last position asked about.
    last_facts: Option<(PositionQuery, Facts)>,
    /// The perft lists given so far, by position (sorted).
    perft_seen: HashMap<String, Vec<UciMove>>,
    /// The `searchmoves` verdicts given so far, by position and move.
    searchmoves_seen: HashMap<(String, UciMove), bool>,
    /// Why a capability shown at start-up is no longer trusted.
    distrusted: Vec<String>,
}

/// What a UCI engine answers beyond `position`, `go` and `bestmove`, learnt
/// at its first start from positions whose answers are known.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Dialect {
    /// What its `d` command shows.
    pub display: Display,
    /// `go perft 1` lists the legal moves (`e2e4: 1` lines, then `Nodes searched: N`).
    pub perft: bool,
    /// `go ... searchmoves M` searches only `M`: `bestmove M` when `M` is
    /// legal, never `M` when it is not.
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

/// A way of asking that the engine may stop being trusted with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Trusted {
    Perft,
    Searchmoves,
}

/// One running engine process and what was last sent to it.
#[derive(Debug)]
pub(super) struct Session {
    process: Process,
    /// The `UCI_Chess960` value last sent, if any.
    chess960: Option<bool>,
    /// The engine rejected a position with an `info string` error and may
    /// have dropped the commands sent after it: start a fresh one.
    stale: bool,
}

/// Whether a line is the engine's rejection of the position it was given:
/// an `info string` that reports an error about the position or the FEN
/// (Stockfish 17 and later: `info string CRITICAL ERROR: Command `...`
/// failed. Reason: Unsupported position. Too many pieces for WHITE.`).
fn rejects_position(line: &str) -> bool {
    line.trim().to_ascii_lowercase().strip_prefix("info string").is_some_and(super::words_refuse_position)
}

/// A fault of `kind`, in the words of a report.
fn failed(kind: FaultKind, why: impl Into<String>) -> EngineError {
    EngineError::failed(kind, why)
}

/// A fault of `kind` resting on the engine's line `line`.
fn failed_on(kind: FaultKind, line: &str, why: impl Into<String>) -> EngineError {
    EngineError::Failed(Fault::new(kind, why).with_line(line))
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
    /// A start lawbook refuses: the query's FEN text, with its board.
    Written { fen: String, board: Board },
}

impl Meant {
    /// The position `query` means (see [`Meant`]).
    fn of(query: &PositionQuery) -> Result<Meant, EngineError> {
        match query.position() {
            Ok(pos) => Ok(Meant::Replayed(pos)),
            // With no moves, only the start can be what lawbook refuses.
            Err(refused) if query.moves.is_empty() => match fen::read_board(&query.fen) {
                Ok((board, _)) => Ok(Meant::Written { fen: query.fen.clone(), board }),
                Err(_) => Err(refused),
            },
            Err(e) => Err(e),
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
        return Err(failed_on(
            FaultKind::Garbage,
            engine_fen,
            format!("the engine's `d` shows an unreadable FEN: {}", excerpt(engine_fen)),
        ));
    }
    let dropped = |what: &str| {
        EngineError::refused(format!(
            "the engine set up the position without {what}: its FEN is {engine_fen:?}, the query's {written:?}"
        ))
    };
    let misread = |what: &str| {
        failed_on(
            FaultKind::OtherPosition,
            engine_fen,
            format!("the engine set up another position ({what}): its FEN is {engine_fen:?}, the query's {written:?}"),
        )
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
        failed_on(
            FaultKind::OtherPosition,
            engine_fen,
            format!(
                "the engine answered a different position: its FEN is {engine_fen:?}, the query means {meant:?} \
             (an engine that drops an illegal move from `position ... moves` does this)"
            ),
        )
    };
    if a.len() < 4 {
        return Err(failed_on(
            FaultKind::Garbage,
            engine_fen,
            format!("the engine's `d` shows an unreadable FEN: {}", excerpt(engine_fen)),
        ));
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

/// What a search said of its position, as [`UciEngine::search`] reads it.
struct Search {
    /// The move of its `bestmove` line; `None` for `(none)`, `0000` and `a1a1`.
    said: Option<UciMove>,
    /// The score of the last search line that had one.
    score: Option<Score>,
}

impl Search {
    /// The engine's move, when a scored search line came before it: Ethereal,
    /// finding no legal move, repeats the best move of the position it
    /// searched last, with no search line.
    fn best(&self) -> Option<UciMove> {
        self.score.and(self.said)
    }
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

/// The word of a search's `bestmove` line and the move it names: `None`
/// for `(none)`, `0000` (UCI's null move) and `a1a1` (an old way to say
/// there is none); a word that is no UCI move is garbage.
fn bestmove_of(lines: &[String]) -> Result<Option<(String, UciMove)>, EngineError> {
    let word = lines.last().and_then(|l| l.split_whitespace().nth(1)).unwrap_or("");
    match word {
        "(none)" | "0000" | "a1a1" => Ok(None),
        text => match text.parse::<UciMove>() {
            Ok(mv) => Ok(Some((text.to_string(), mv))),
            Err(_) => Err(failed_on(
                FaultKind::Garbage,
                lines.last().map_or(text, String::as_str),
                format!("the engine's `bestmove` is {}, not a move", excerpt(text)),
            )),
        },
    }
}

/// A search's `info` line with a principal variation, read by its words
/// (UCI: `depth`, `score cp N` or `score mate N`, maybe `lowerbound` or
/// `upperbound`, and `pv` followed by the moves to the end of the line);
/// `None` for a line with no `pv` or an `info string`.
fn pv_line(line: &str) -> Option<crate::search::Line> {
    use crate::search::{Line, Score};
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") || words.get(1) == Some(&"string") {
        return None;
    }
    let pv = words.iter().position(|w| *w == "pv")?;
    let moves: Vec<&str> = words[pv + 1..].iter().take_while(|w| !INFO_WORDS.contains(w)).copied().collect();
    // The other parts, before the pv and after it.
    let before: Vec<&str> = words[..pv].iter().chain(&words[pv + 1 + moves.len()..]).copied().collect();
    let number_after = |key: &str| before.iter().position(|w| *w == key).and_then(|i| before.get(i + 1));
    let depth = number_after("depth").and_then(|d| d.parse().ok());
    let bound = before.iter().any(|w| *w == "lowerbound" || *w == "upperbound");
    let score = before.iter().position(|w| *w == "score").and_then(|i| {
        let value = before.get(i + 2)?.parse::<i32>().ok()?;
        match *before.get(i + 1)? {
            "cp" => Some(Score::Centipawns(value)),
            "mate" => Some(Score::Mate { moves: value, bound }),
            _ => None,
        }
    });
    Some(Line {
        text: line.trim().to_string(),
        depth,
        score,
        moves: moves.into_iter().map(str::to_string).collect(),
        uci: true,
    })
}

/// Whether `line` is the word `word`, or starts with it (spaces around ignored).
fn first_word_is(line: &str, word: &str) -> bool {
    line.split_whitespace().next() == Some(word)
}

/// The engine's name in an `id name` line, its words joined by single spaces.
fn id_name(line: &str) -> Option<String> {
    let mut words = line.split_whitespace();
    (words.next() == Some("id") && words.next() == Some("name")).then(|| words.collect::<Vec<_>>().join(" "))
}

/// The option an `option name N type T ...` line offers: `N`, which may
/// hold spaces.
fn option_name(line: &str) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"option") || words.get(1) != Some(&"name") {
        return None;
    }
    let end = words.iter().skip(2).position(|w| *w == "type").map_or(words.len(), |i| i + 2);
    Some(words[2..end].join(" "))
}

/// Whether `line` is a move list line of `go perft 1` (`e2e4: 1`), and its move.
fn perft_line(line: &str) -> Option<UciMove> {
    let (mv, count) = line.trim().split_once(':')?;
    if count.trim() != "1" {
        return None;
    }
    mv.trim().parse().ok()
}

/// The first four fields of a FEN (placement, side, castling, en passant).
fn fen_core(fen: &str) -> Vec<&str> {
    fen.split_whitespace().take(4).collect()
}

/// What `d` shows of a position whose FEN and checkers are known.
fn display_shown(lines: &[String], fen: &str, checkers: &[&str]) -> Display {
    let stockfish_fen = lines.iter().find_map(|l| l.trim().strip_prefix("Fen:")).map(fen_core);
    let stockfish_checkers = lines.iter().find_map(|l| l.trim().strip_prefix("Checkers:")).map(|c| {
        let mut squares: Vec<&str> = c.split_whitespace().collect();
        squares.sort_unstable();
        squares
    });
    let mut expected: Vec<&str> = checkers.to_vec();
    expected.sort_unstable();
    if stockfish_fen.as_deref() == Some(&fen_core(fen)[..]) && stockfish_checkers == Some(expected) {
        return Display::Stockfish;
    }
    if lines.iter().filter_map(|l| fen_line(l)).any(|shown| fen_core(&shown) == fen_core(fen)) {
        return Display::Fen;
    }
    Display::None
}

/// How an engine answered `go perft 1` at start-up.
enum PerftReply {
    /// Move lines and a node count.
    Listed(Vec<UciMove>, Option<usize>),
    /// Anything else: a search (`bestmove`), a line that is no perft line, or silence.
    NotPerft,
}

/// Sends `isready` and reads up to `readyok` (after dropping any line
/// already waiting), so that nothing the engine said before is taken for
/// the answer to what is sent next.
fn sync(process: &mut Process, deadline: Instant, limit: Duration) -> Result<Vec<String>, EngineError> {
    process.drain();
    send(process, "isready")?;
    read_answer(process, "`readyok`", deadline, limit, MAX_ANSWER_LINES, |l| l.trim() == "readyok")
}

/// Whether the engine's `d` shows the king in check and the position after
/// its step, and how.
fn probe_display(process: &mut Process, limit: Duration) -> Result<Display, EngineError> {
    let mut display = None;
    let cases = [
        (format!("position fen {CHECKED}"), CHECKED, &["e2"][..]),
        (format!("position fen {CHECKED} moves e1f1"), CHECKED_AFTER, &[][..]),
    ];
    for (command, fen, checkers) in cases {
        let deadline = Instant::now() + limit;
        sync(process, deadline, limit)?;
        send(process, &command)?;
        send(process, "d")?;
        send(process, "isready")?;
        let lines =
            read_answer(process, "`readyok` after `d`", deadline, limit, MAX_ANSWER_LINES, |l| l.trim() == "readyok")?;
        let shown = display_shown(&lines, fen, checkers);
        display = Some(match display {
            Some(before) if before != shown => Display::None,
            _ => shown,
        });
    }
    Ok(display.unwrap_or_default())
}

/// Whether `go perft 1` lists exactly the legal moves of [`START`] and of [`CHECKED`].
fn probe_perft(process: &mut Process, limit: Duration) -> Result<bool, EngineError> {
    for (fen, known) in [(START, &START_MOVES[..]), (CHECKED, &CHECKED_MOVES[..])] {
        let deadline = Instant::now() + limit;
        sync(process, deadline, limit)?;
        send(process, &format!("position fen {fen}"))?;
        send(process, "go perft 1")?;
        send(process, "isready")?;
        let PerftReply::Listed(mut moves, nodes) = read_probe_perft(process, deadline, limit)? else {
            return Ok(false);
        };
        let mut known: Vec<UciMove> = known.iter().filter_map(|m| m.parse().ok()).collect();
        moves.sort_unstable();
        known.sort_unstable();
        if moves != known || nodes != Some(known.len()) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Reads the answer to `go perft 1` and the `readyok` sent after it: perft
/// lines up to `Nodes searched: N`, or a search up to its `bestmove`. An
/// engine that has said neither a moment after `readyok` is sent `stop`; if
/// it says no `bestmove` then, its state is unknown (an error, so that it is
/// restarted).
fn read_probe_perft(process: &mut Process, deadline: Instant, limit: Duration) -> Result<PerftReply, EngineError> {
    let what = "an answer to `go perft 1`";
    let mut moves = Vec::new();
    let mut nodes = None;
    let mut perft = true;
    let (mut ended, mut ready) = (false, false);
    let mut grace: Option<Instant> = None;
    let mut count = 0;
    while !(ended && ready) {
        let until = grace.map_or(deadline, |g| g.min(deadline));
        let read = process.read_line(until);
        if !ended && grace.is_some_and(|g| Instant::now() >= g) {
            // Neither perft nor the end of a search: stop whatever it does.
            send(process, "stop")?;
            let soon = (Instant::now() + GRACE).min(deadline);
            read_answer(process, "`bestmove` after `stop`", soon, GRACE, MAX_ANSWER_LINES, |l| {
                first_word_is(l, "bestmove")
            })?;
            if !ready {
                read_answer(process, "`readyok`", deadline, limit, MAX_ANSWER_LINES, |l| l.trim() == "readyok")?;
            }
            return Ok(PerftReply::NotPerft);
        }
        let line = read.map_err(|e| with_farewell(process, &e, process_failed(what, &e, limit, None)))?;
        count += 1;
        if count > MAX_ANSWER_LINES {
            return Err(failed(
                FaultKind::Flooded,
                format!("the engine flooded its output: more than {MAX_ANSWER_LINES} lines for {what}"),
            ));
        }
        let trimmed = line.trim();
        if trimmed == "readyok" {
            ready = true;
            grace = Some(Instant::now() + GRACE);
        } else if first_word_is(trimmed, "bestmove") {
            (perft, ended) = (false, true);
        } else if let Some(n) = trimmed.strip_prefix("Nodes searched:") {
            nodes = n.trim().parse::<usize>().ok();
            ended = true;
        } else if first_word_is(trimmed, "info") {
            // A search line (not `info string`): give it a moment to end.
            if trimmed.split_whitespace().nth(1) != Some("string") && grace.is_none() {
                grace = Some(Instant::now() + GRACE);
            }
        } else if trimmed.is_empty() {
            continue;
        } else if let Some(mv) = perft_line(trimmed) {
            moves.push(mv);
        } else {
            perft = false;
        }
    }
    Ok(if perft { PerftReply::Listed(moves, nodes) } else { PerftReply::NotPerft })
}

/// Whether `go depth 1 searchmoves M` plays `a2a3` and `h2h4` when told
/// to, and does not play `e2e5` when told to search only that; and whether,
/// told that, it plays a move of its own (rather than none).
fn probe_searchmoves(process: &mut Process, limit: Duration) -> Result<(bool, bool), EngineError> {
    let mut searches_all = false;
    for (mv, legal) in [("a2a3", true), ("h2h4", true), ("e2e5", false)] {
        let deadline = Instant::now() + limit;
        sync(process, deadline, limit)?;
        send(process, &format!("position fen {START}"))?;
        send(process, &format!("go depth 1 searchmoves {mv}"))?;
        let search = UciEngine::search(process, deadline, limit)?;
        let asked: UciMove = mv.parse().map_err(|_| failed(FaultKind::Unaskable, format!("{mv} is no move")))?;
        match search.said {
            Some(said) if said == asked && (!legal || search.score.is_none()) => return Ok((false, false)),
            Some(said) if said == asked => {}
            _ if legal => return Ok((false, false)),
            said => searches_all = said.is_some(),
        }
    }
    Ok((true, searches_all))
}

impl UciEngine {
    /// Starts the engine `spec` names (its command found on PATH or in
    /// `/usr/games`, started with its argument list, never a shell) and
    /// shakes hands with it: `uci`/`uciok`, a `setoption` for each of the
    /// spec's options, `isready`/`readyok`, `ucinewgame`. Then it learns
    /// what the engine can show ([`Dialect`]); a probe that breaks the
    /// engine shows nothing, and a fresh process goes on.
    ///
    /// # Errors
    /// [`EngineError::Failed`] when the program is missing (the message
    /// names the spec's install command), cannot be started, or does not
    /// complete the handshake within the time limit.
    pub fn spawn(spec: &EngineSpec) -> Result<UciEngine, EngineError> {
        let program = installed_program(spec)?;
        let options = spec.options.iter().map(|(name, value)| (name.clone(), value.clone())).collect();
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
            searches_all_when_none_legal: false,
            plays_chess960: spec.chess960,
            last_facts: None,
            perft_seen: HashMap::new(),
            searchmoves_seen: HashMap::new(),
            distrusted: Vec::new(),
        };
        let mut session = engine.start()?;
        let limit = engine.timeout;
        let display = match probe_display(&mut session.process, limit) {
            Ok(display) => display,
            Err(_) => {
                session = engine.start()?;
                Display::None
            }
        };
        let perft = match probe_perft(&mut session.process, limit) {
            Ok(perft) => perft,
            Err(_) => {
                session = engine.start()?;
                false
            }
        };
        let (searchmoves, searches_all) = match probe_searchmoves(&mut session.process, limit) {
            Ok(found) => found,
            Err(_) => {
                session = engine.start()?;
                (false, false)
            }
        };
        engine.dialect = Dialect { display, perft, searchmoves, chess960: engine.dialect.chess960 };
        engine.searches_all_when_none_legal = searches_all;
        engine.session = Some(session);
        Ok(engine)
    }

    /// What the engine answers beyond the core of the protocol (learnt at
    /// its first start, narrowed when it contradicts itself).
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Reads a search up to `bestmove`: the move it names and what the last
    /// score said (`info string` lines are no search lines). A search still
    /// running at `deadline` is sent `stop`, and its `bestmove` awaited a
    /// moment before the failure is reported (the process is then restarted).
    fn search(process: &mut Process, deadline: Instant, limit: Duration) -> Result<Search, EngineError> {
        let lines = UciEngine::search_lines(process, deadline, limit, MAX_ANSWER_LINES)?;
        let mut score = None;
        for line in &lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.get(1) == Some(&"string") {
                continue;
            }
            if let Some(w) = words.windows(3).find(|w| w[0] == "score") {
                score = Some(match (w[1], w[2].parse::<i32>()) {
                    ("mate", Ok(0)) => Score::MateZero,
                    ("cp", Ok(0)) => Score::Zero,
                    _ => Score::Other,
                });
            }
        }
        let said = bestmove_of(&lines)?.map(|(_, said)| said);
        Ok(Search { said, score })
    }

    /// Every line of a search up to its `bestmove` (at most `max_lines`).
    /// A search still running at `deadline` is sent `stop`, and its
    /// `bestmove` awaited a moment before the failure is reported (the
    /// process is then restarted).
    fn search_lines(
        process: &mut Process,
        deadline: Instant,
        limit: Duration,
        max_lines: usize,
    ) -> Result<Vec<String>, EngineError> {
        match read_answer(process, "`bestmove`", deadline, limit, max_lines, |l| first_word_is(l, "bestmove")) {
            Err(EngineError::Failed(fault)) if Instant::now() >= deadline => {
                let stopped = send(process, "stop").is_ok()
                    && read_answer(process, "`bestmove`", Instant::now() + GRACE, GRACE, MAX_ANSWER_LINES, |l| {
                        first_word_is(l, "bestmove")
                    })
                    .is_ok();
                let then = if stopped {
                    "sent `stop`, it then ended its search"
                } else {
                    "sent `stop`, it did not end its search either"
                };
                Err(EngineError::Failed(fault.reword(|why| format!("{why}; {then}"))))
            }
            other => other,
        }
    }

    /// What the engine calls itself (its `id name` line).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// How many times the engine was restarted after a failure.
    pub fn restarts(&self) -> usize {
        self.restarts
    }

    /// Starts a process and shakes hands with it ([`Connection::open`]).
    fn start(&mut self) -> Result<Session, EngineError> {
        let connection = Connection::open(&self.program, &self.args, &self.options, self.timeout)?;
        if let Some(id) = connection.id() {
            self.id = id.to_string();
        }
        self.dialect.chess960 = self.plays_chess960 || connection.offers("UCI_Chess960");
        Ok(Session { process: connection.into_process(), chess960: None, stale: false })
    }

    /// Stops asking the engine one way for the rest of the run, saying why.
    fn distrust(&mut self, what: Trusted, why: String) {
        let name = match what {
            Trusted::Perft => {
                self.dialect.perft = false;
                "`go perft 1`"
            }
            Trusted::Searchmoves => {
                self.dialect.searchmoves = false;
                "`searchmoves`"
            }
        };
        self.last_facts = None;
        self.distrusted.push(format!("{name} no longer trusted: {why}"));
    }

    /// Sets up the query's position (with `extra` played after its moves)
    /// and reads it back with `d` where the engine's `d` shows it. An engine
    /// that ends by itself (no signal) saying on standard error that the
    /// position or FEN is illegal, invalid or bad refuses it (Toga II:
    /// `board_init_list(): illegal position`, then status 1).
    fn set_position(
        session: &mut Session,
        display: Display,
        query: &PositionQuery,
        extra: Option<UciMove>,
        deadline: Instant,
        limit: Duration,
    ) -> Result<Shown, EngineError> {
        UciEngine::set_position_as_told(session, display, query, extra, deadline, limit).map_err(|e| {
            match super::refusal_in_last_words(e, &query.fen) {
                refused @ EngineError::Refused(_) => {
                    session.stale = true;
                    refused
                }
                other => other,
            }
        })
    }

    /// [`UciEngine::set_position`] without reading a refusal on standard error.
    fn set_position_as_told(
        session: &mut Session,
        display: Display,
        query: &PositionQuery,
        extra: Option<UciMove>,
        deadline: Instant,
        limit: Duration,
    ) -> Result<Shown, EngineError> {
        let process = &mut session.process;
        sync(process, deadline, limit)?;
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
        let lines = read_answer(process, what, deadline, limit, MAX_ANSWER_LINES, |l| {
            l.trim() == "readyok" || rejects_position(l)
        })?;
        if let Some(rejection) = lines.last().filter(|l| rejects_position(l)) {
            // Its own words about the position it was given; what it does with
            // the commands after them is not known, so a fresh one goes on.
            session.stale = true;
            return Err(EngineError::refused(format!("{:?}: {}", query.fen, excerpt(rejection))));
        }
        if display == Display::Fen {
            let fen = lines.iter().find_map(|l| fen_line(l));
            return match fen {
                Some(fen) => Ok(Shown { fen: Some(fen), checkers: None }),
                None => Err(failed(
                    FaultKind::BrokeProtocol,
                    "the engine's answer to `d` has no FEN line, though it showed one at start-up",
                )),
            };
        }
        if display == Display::None {
            return Ok(Shown { fen: None, checkers: None });
        }
        let fen = lines.iter().find_map(|l| l.trim().strip_prefix("Fen:")).map(|f| f.trim().to_string());
        let checkers = lines.iter().find_map(|l| l.trim().strip_prefix("Checkers:")).map(str::trim);
        let (Some(fen), Some(checkers)) = (fen, checkers) else {
            return Err(failed(
                FaultKind::BrokeProtocol,
                "the engine's answer to `d` has no `Fen:` and `Checkers:` lines, though it showed them at start-up",
            ));
        };
        let mut squares = Vec::new();
        for word in checkers.split_whitespace() {
            let square = word.parse::<Square>().map_err(|_| {
                failed_on(
                    FaultKind::Garbage,
                    checkers,
                    format!("the engine's `Checkers:` line names {} as a square", excerpt(word)),
                )
            })?;
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
            if line.is_empty() || line == "readyok" || first_word_is(line, "info") {
                continue;
            }
            if let Some(count) = line.strip_prefix("Nodes searched:") {
                nodes = count.trim().parse::<usize>().ok();
                continue;
            }
            let garbage = || {
                failed_on(
                    FaultKind::Garbage,
                    line,
                    format!("the engine printed an unexpected line in its answer to `go perft 1`: {}", excerpt(line)),
                )
            };
            let mv = perft_line(line).ok_or_else(garbage)?;
            if moves.contains(&mv) {
                return Err(failed(
                    FaultKind::BrokeProtocol,
                    format!("the engine lists the move {mv} twice in `go perft 1`"),
                ));
            }
            moves.push(mv);
        }
        match nodes {
            Some(n) if n == moves.len() => Ok(moves),
            Some(n) => {
                let why = format!("the engine lists {} moves but counts {n} nodes in `go perft 1`", moves.len());
                Err(failed(FaultKind::BrokeProtocol, why))
            }
            None => Err(failed(FaultKind::Garbage, "the engine's `Nodes searched:` line has no number")),
        }
    }
}

impl restarting::Session for Session {
    fn spent(&self) -> bool {
        self.stale
    }
}

impl Restarting for UciEngine {
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

    fn start_session(&mut self) -> Result<Session, EngineError> {
        self.start()
    }
}

/// A UCI engine's process once it has shaken hands: `uci`/`uciok` (lines
/// that are not UCI before `uciok`, banners even with control characters,
/// passed over), a `setoption` for each option, `isready`/`readyok`
/// (`registration error` answered with `register later`), `ucinewgame`.
/// What [`UciEngine`] asks its questions through, and what `lawbook
/// perft-diff` asks for a divided perft ([`Connection::divide`]).
#[derive(Debug)]
pub struct Connection {
    process: Process,
    /// Its `id name`, if it said one.
    id: Option<String>,
    /// The options it offers (`option name N ...`).
    offered: Vec<String>,
}

impl Connection {
    /// Starts `program` with `args` (no shell) and shakes hands with it,
    /// setting `options` (name, value), all within `limit`.
    ///
    /// # Errors
    /// [`FaultKind::CouldNotStart`] when the program cannot be started, and
    /// the engine's fault when it does not complete the handshake.
    pub fn open(
        program: &str,
        args: &[String],
        options: &[(String, String)],
        limit: Duration,
    ) -> Result<Connection, EngineError> {
        for (name, value) in options {
            one_line("the option", name)?;
            one_line("the option value", value)?;
        }
        let mut process = Process::spawn(program, args).map_err(|e| EngineError::Failed(Fault::from(e)))?;
        let deadline = Instant::now() + limit;
        send(&mut process, "uci")?;
        let lines = Connection::read_handshake(&mut process, deadline, limit)?;
        let id = lines.iter().find_map(|l| id_name(l));
        let offered = lines.iter().filter_map(|l| option_name(l)).collect();
        for (name, value) in options {
            send(&mut process, &format!("setoption name {name} value {value}"))?;
        }
        // What comes after `uciok` (`copyprotection`, `registration`) is read, not dropped.
        send(&mut process, "isready")?;
        let said =
            read_answer(&mut process, "`readyok`", deadline, limit, MAX_HANDSHAKE_LINES, |l| l.trim() == "readyok")?;
        if lines.iter().chain(&said).any(|l| l.split_whitespace().eq(["registration", "error"])) {
            send(&mut process, "register later")?;
        }
        send(&mut process, "ucinewgame")?;
        sync(&mut process, deadline, limit)?;
        Ok(Connection { process, id, offered })
    }

    /// Reads the handshake up to `uciok`, passing over lines that are not
    /// UCI (banners, even with control characters).
    fn read_handshake(process: &mut Process, deadline: Instant, limit: Duration) -> Result<Vec<String>, EngineError> {
        let what = "`uciok` (the UCI handshake)";
        let mut lines: Vec<String> = Vec::new();
        loop {
            let line = match process.read_line(deadline) {
                Ok(line) => line,
                Err(e) => {
                    return Err(with_farewell(
                        process,
                        &e,
                        process_failed(what, &e, limit, lines.last().map(String::as_str)),
                    ));
                }
            };
            if line.trim() == "uciok" {
                return Ok(lines);
            }
            lines.push(line);
            if lines.len() > MAX_HANDSHAKE_LINES {
                return Err(failed(
                    FaultKind::Flooded,
                    format!("the engine flooded its output: more than {MAX_HANDSHAKE_LINES} lines without {what}"),
                ));
            }
        }
    }

    /// What the engine calls itself (its `id name` line), if it said.
    pub fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }

    /// Whether the engine offers the option `name` (`option name NAME ...`).
    pub fn offers(&self, name: &str) -> bool {
        self.offered.iter().any(|o| o == name)
    }

    /// The engine's process, for questions of one's own.
    pub fn process(&mut self) -> &mut Process {
        &mut self.process
    }

    /// The engine's process, the handshake done.
    pub fn into_process(self) -> Process {
        self.process
    }

    /// The engine's divided perft (`go perft DEPTH`) of the position `fen`
    /// after `moves` (UCI), read in any of the dialects [`divide`] reads,
    /// within `limit`; an `isready`/`readyok` after the answer keeps what the
    /// engine prints after its total from the next answer.
    ///
    /// # Errors
    /// The engine's fault: it exits, hangs, floods its output, or answers
    /// what [`divide::read_go_perft`] cannot read.
    pub fn divide(&mut self, fen: &str, moves: &[String], depth: u32, limit: Duration) -> Result<Divided, EngineError> {
        let deadline = Instant::now() + limit;
        one_line("the FEN", fen)?;
        let mut position = format!("position fen {fen}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        one_line("the moves", &position)?;
        let process = &mut self.process;
        send(process, &position)?;
        send(process, &format!("go perft {depth}"))?;
        let lines = read_answer(process, "\"Nodes searched\"", deadline, limit, divide::MAX_LINES, |l| {
            divide::total_line(l.trim()).is_some() || l.trim_start().starts_with("bestmove")
        })?;
        // Whatever the engine prints after its total is read here, not taken
        // for part of the next answer.
        send(process, "isready")?;
        read_answer(process, "readyok after its perft answer", deadline, limit, divide::MAX_LINES, |l| {
            l.trim() == "readyok"
        })?;
        divide::read_go_perft(&lines).map_err(EngineError::Failed)
    }
}

/// The position a query means, as text: what answers are remembered by.
fn key(query: &PositionQuery) -> String {
    format!("{}|{}|{}", query.fen, query.moves_text(), query.chess960)
}

impl Engine for UciEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn version(&self) -> String {
        let id = if self.id.is_empty() { self.program.clone() } else { self.id.clone() };
        if self.distrusted.is_empty() { id } else { format!("{id} ({})", self.distrusted.join("; ")) }
    }

    fn supports(&self, capability: Capability) -> bool {
        let d = self.dialect;
        match capability {
            Capability::LegalMoves => d.perft,
            Capability::MoveLegality | Capability::Play => d.perft || d.searchmoves,
            Capability::Checkmate | Capability::Stalemate => true,
            Capability::Chess960 => d.chess960,
            Capability::Search => true,
            Capability::Check | Capability::Checkers => d.display == Display::Stockfish,
            Capability::Board => d.display != Display::None,
            Capability::Outcome
            | Capability::InsufficientMaterial
            | Capability::DeadPosition
            | Capability::Repetitions
            | Capability::ThreefoldClaim
            | Capability::FiftyMoveClaim
            | Capability::Claims
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
            Question::IsLegal(mv) => Answer::Bool(self.is_legal(query, *mv)?.0),
            Question::Play(mv) => Answer::Played(self.play(query, *mv)?),
            Question::Board => Answer::Board(self.board(query)?),
            Question::Search(limit) => Answer::Searched(self.searched(query, *limit)?),
            fact => return self.facts(query)?.answer(fact),
        })
    }
}

impl UciEngine {
    /// The engine's perft list of the query's position, checked against
    /// the list it gave before for the same position.
    fn legal_moves(&mut self, query: &PositionQuery) -> Result<Vec<UciMove>, EngineError> {
        Ok(self.legal_moves_shown(query)?.0)
    }

    /// As [`UciEngine::legal_moves`], with what `d` showed of the position.
    fn legal_moves_shown(&mut self, query: &PositionQuery) -> Result<(Vec<UciMove>, Shown), EngineError> {
        let expected = Meant::of(query)?;
        let display = self.dialect.display;
        let (moves, shown) = self.request(|session, deadline, limit| {
            let shown = UciEngine::set_position(session, display, query, None, deadline, limit)?;
            check_shown(&expected, query.chess960, &shown, Compare::Position)?;
            Ok((UciEngine::perft(&mut session.process, deadline, limit)?, shown))
        })?;
        self.consistent_perft(query, &moves)?;
        Ok((moves, shown))
    }

    /// Remembers a perft list; one that differs from the list given before
    /// for the same position ends the trust in perft.
    fn consistent_perft(&mut self, query: &PositionQuery, moves: &[UciMove]) -> Result<(), EngineError> {
        let mut sorted = moves.to_vec();
        sorted.sort_unstable();
        let key = key(query);
        match self.perft_seen.get(&key) {
            Some(before) if *before != sorted => {
                let why = format!(
                    "it listed {} moves for a position where it had listed {} ({} {})",
                    sorted.len(),
                    before.len(),
                    query.fen,
                    query.moves_text()
                );
                self.distrust(Trusted::Perft, why);
                Err(EngineError::Unsupported(Capability::LegalMoves))
            }
            Some(_) => Ok(()),
            None => {
                if self.perft_seen.len() < MAX_REMEMBERED {
                    self.perft_seen.insert(key, sorted);
                }
                Ok(())
            }
        }
    }

    /// Whether `mv` is legal after the query's moves, by the engine's perft
    /// list where it has shown one, else by `searchmoves`; with what `d`
    /// showed of the position before the move, where it shows it.
    fn is_legal(&mut self, query: &PositionQuery, mv: UciMove) -> Result<(bool, Option<Shown>), EngineError> {
        if self.dialect.perft {
            let (moves, shown) = self.legal_moves_shown(query).map_err(|e| match e {
                EngineError::Unsupported(_) => EngineError::Unsupported(Capability::MoveLegality),
                other => other,
            })?;
            return Ok((moves.contains(&mv), Some(shown)));
        }
        if !self.dialect.searchmoves || mv == UciMove::Null {
            return Err(EngineError::Unsupported(Capability::MoveLegality));
        }
        let expected = Meant::of(query)?;
        let display = self.dialect.display;
        let (search, shown) = self.request(|session, deadline, limit| {
            let shown = UciEngine::set_position(session, display, query, None, deadline, limit)?;
            check_shown(&expected, query.chess960, &shown, Compare::Position)?;
            send(&mut session.process, &format!("go depth 1 searchmoves {mv}"))?;
            Ok((UciEngine::search(&mut session.process, deadline, limit)?, shown))
        })?;
        let legal = match search.said {
            Some(said) if said == mv && search.score.is_some() => true,
            // Unscored, it may be the answer to an earlier search, repeated.
            Some(said) if said == mv => return Err(EngineError::Unsupported(Capability::MoveLegality)),
            None => false,
            Some(_) if self.searches_all_when_none_legal => false,
            Some(said) => {
                let why = format!("told to search only {mv}, it played {said} ({} {})", query.fen, query.moves_text());
                self.distrust(Trusted::Searchmoves, why);
                return Err(EngineError::Unsupported(Capability::MoveLegality));
            }
        };
        let key = (key(query), mv);
        match self.searchmoves_seen.get(&key) {
            Some(&before) if before != legal => {
                let why = format!(
                    "it played {mv} in one search and not in another of the same position ({} {})",
                    query.fen,
                    query.moves_text()
                );
                self.distrust(Trusted::Searchmoves, why);
                return Err(EngineError::Unsupported(Capability::MoveLegality));
            }
            Some(_) => {}
            None if self.searchmoves_seen.len() < MAX_REMEMBERED => {
                self.searchmoves_seen.insert(key, legal);
            }
            None => {}
        }
        Ok((legal, Some(shown)))
    }

    /// `mv` sent as played, as a GUI sends it: only when the engine's own
    /// answer ([`UciEngine::is_legal`]) says it is legal, since UCI leaves
    /// the legality of the moves it is given to the GUI. A legal move is
    /// taken, and the board afterwards is what `d` shows; an illegal one is
    /// not sent, and the board is the one `d` showed before it. Without
    /// `d`, the board is unknown.
    fn play(&mut self, query: &PositionQuery, mv: UciMove) -> Result<crate::Played, EngineError> {
        let (accepted, shown) = self.is_legal(query, mv).map_err(|e| match e {
            EngineError::Unsupported(_) => EngineError::Unsupported(Capability::Play),
            other => other,
        })?;
        let display = self.dialect.display;
        if display == Display::None {
            return Ok(crate::Played { accepted, after: None });
        }
        let fen = if accepted {
            self.request(|session, deadline, limit| {
                UciEngine::set_position(session, display, query, Some(mv), deadline, limit)
            })?
            .fen
        } else {
            shown.and_then(|s| s.fen)
        };
        let after = crate::adapters::read_board_and_turn(fen.as_deref().unwrap_or_default())?;
        Ok(crate::Played { accepted, after: Some(after) })
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
        let (mut facts, moves, search) = self.request(|session, deadline, limit| {
            let shown = UciEngine::set_position(session, dialect.display, query, None, deadline, limit)?;
            check_shown(&expected, query.chess960, &shown, Compare::Position)?;
            let mut facts = Facts::default();
            if dialect.display == Display::Stockfish {
                let checkers = shown.checkers.unwrap_or_default();
                facts.in_check = Some(!checkers.is_empty());
                facts.checkers = Some(checkers);
            }
            let moves =
                if dialect.perft { Some(UciEngine::perft(&mut session.process, deadline, limit)?) } else { None };
            if moves.as_ref().is_some_and(|m| !m.is_empty()) {
                return Ok((facts, moves, None));
            }
            send(&mut session.process, "go depth 1")?;
            Ok((facts, moves, Some(UciEngine::search(&mut session.process, deadline, limit)?)))
        })?;
        if let Some(moves) = &moves
            && self.consistent_perft(query, moves).is_err()
        {
            return Ok(facts);
        }
        match (moves, search.as_ref().map(Search::best)) {
            (Some(_), None) | (None, Some(Some(_))) => {
                facts.checkmate = Some(false);
                facts.stalemate = Some(false);
            }
            (Some(_), Some(Some(best))) => {
                let why = format!(
                    "`go perft 1` lists no move, but `go depth 1` plays {best} ({} {})",
                    query.fen,
                    query.moves_text()
                );
                self.distrust(Trusted::Perft, why);
                return Ok(facts);
            }
            (_, Some(None)) => {
                let mate = match search.and_then(|s| s.score) {
                    Some(Score::MateZero) => Some(true),
                    Some(Score::Zero) => Some(false),
                    _ => facts.in_check,
                };
                facts.checkmate = mate;
                facts.stalemate = mate.map(|m| !m);
            }
            (None, None) => {}
        }
        self.last_facts = Some((query.clone(), facts.clone()));
        Ok(facts)
    }

    /// The position set up as for every question, then `go depth D` (and
    /// `nodes N`): every line with a `pv` read ([`pv_line`]), and the move of
    /// `bestmove` as written, or how it says it has none.
    fn searched(&mut self, query: &PositionQuery, limit: SearchLimit) -> Result<Searched, EngineError> {
        let expected = Meant::of(query)?;
        let display = self.dialect.display;
        let lines = self.request(|session, deadline, limit_time| {
            let shown = UciEngine::set_position(session, display, query, None, deadline, limit_time)?;
            check_shown(&expected, query.chess960, &shown, Compare::Position)?;
            let nodes = limit.nodes.map(|n| format!(" nodes {n}")).unwrap_or_default();
            send(&mut session.process, &format!("go depth {}{nodes}", limit.depth))?;
            UciEngine::search_lines(&mut session.process, deadline, limit_time, MAX_SEARCH_LINES)
        })?;
        let (best, no_move) = match bestmove_of(&lines)? {
            Some((word, _)) => (Some(word), None),
            None => (None, lines.last().and_then(|l| l.split_whitespace().nth(1)).map(str::to_string)),
        };
        Ok(Searched { best, no_move, ended_before: None, lines: lines.iter().filter_map(|l| pv_line(l)).collect() })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_lines_are_read_by_their_words() {
        use crate::search::Score;
        let line = pv_line("info depth 3 seldepth 4 multipv 1 score mate -2 lowerbound nodes 9 pv e2e4 e7e5").unwrap();
        assert_eq!((line.depth, line.score), (Some(3), Some(Score::Mate { moves: -2, bound: true })));
        assert_eq!(line.moves, ["e2e4", "e7e5"]);
        // A pv that is not written last ends at the next part of the line.
        let line = pv_line("info pv g1f3 d7d5 score cp 17 depth 2").unwrap();
        assert_eq!((line.moves.len(), line.score), (2, Some(Score::Centipawns(17))));
        assert!(pv_line("info string pv e2e4").is_none());
        assert!(pv_line("info depth 0 score mate 0").is_none());
        let said = |last: &str| bestmove_of(&["info depth 1".to_string(), last.to_string()]);
        assert_eq!(said("bestmove (none)"), Ok(None));
        assert_eq!(said("bestmove 0000 ponder e7e5"), Ok(None));
        assert_eq!(said("bestmove e1g1 ponder e8g8").unwrap().map(|(word, _)| word), Some("e1g1".to_string()));
        assert!(said("bestmove Nf3").is_err());
        assert!(crate::adapters::words_refuse_position("board_init_list(): illegal position"));
        assert!(crate::adapters::words_refuse_position("board_from_fen(): bad FEN (pos=27)"));
        assert!(!crate::adapters::words_refuse_position(
            "ethereal: src/bitboards.c:83: getlsb: Assertion `bb' failed."
        ));
    }

    #[test]
    fn handshake_lines_are_read_by_their_words() {
        assert_eq!(id_name("id   name   Toga II   3.0  ").as_deref(), Some("Toga II 3.0"));
        assert_eq!(id_name("id author Fabien Letouzey"), None);
        assert_eq!(id_name("identity name X"), None);
        assert_eq!(option_name("option name UCI_Chess960 type check default false").as_deref(), Some("UCI_Chess960"));
        assert_eq!(option_name("option  name Clear Hash  type button").as_deref(), Some("Clear Hash"));
        assert_eq!(option_name("option name UCI_Chess960 Mode type combo var a").as_deref(), Some("UCI_Chess960 Mode"));
        assert_eq!(option_name("info string option name UCI_Chess960 type check"), None);
        assert!(first_word_is("  bestmove e2e4 ponder e7e5", "bestmove"));
        assert!(!first_word_is("bestmoves e2e4", "bestmove"));
        assert_eq!(perft_line("e2e4: 1"), "e2e4".parse().ok());
        assert_eq!(perft_line("e2e4: 20"), None);
        assert_eq!(perft_line("info string e2e4: 1"), None);
    }

    #[test]
    fn the_display_probe_wants_the_position_and_its_checkers() {
        let lines = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let stockfish = lines(&["", "Fen: 4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "Key: 0", "Checkers: e2 "]);
        assert_eq!(display_shown(&stockfish, CHECKED, &["e2"]), Display::Stockfish);
        assert_eq!(display_shown(&stockfish, CHECKED, &[]), Display::None, "wrong checkers");
        let start = lines(&["Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Checkers: "]);
        assert_eq!(display_shown(&start, CHECKED, &["e2"]), Display::None, "another position");
        let glaurung = lines(&["+---+", "4k3/8/8/8/8/8/4r3/4K3 w - -", "11118386876534324246"]);
        assert_eq!(display_shown(&glaurung, CHECKED, &["e2"]), Display::Fen);
        assert_eq!(display_shown(&lines(&["Unknown command: d"]), CHECKED, &["e2"]), Display::None);
    }
}
