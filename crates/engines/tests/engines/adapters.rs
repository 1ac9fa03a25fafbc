//! The child-process adapters against fake engines that misbehave (crash
//! mid-answer, hang, print garbage, flood their output, answer slowly, answer
//! a different position), the registry's errors, and, where they are
//! installed, the real engines: Stockfish's legal moves against lawbook's,
//! and the Debian xboard engines' verdicts on a few moves.
//!
//! The fake engines are small `sh` scripts in `tests/fakes/uci/` and
//! `tests/fakes/xboard/`, started as `sh SCRIPT MODE MARKER` through the
//! registry's command and argument list. Each misbehaves once (it leaves a
//! marker file behind in a temporary folder), so the test can see the
//! adapter recover with a fresh process.

use lawbook_board::Color;
use lawbook_engines::Capability;
use lawbook_engines::adapters::uci::UciEngine;
use lawbook_engines::adapters::xboard::{Announces, Ending, When, XboardEngine};
use lawbook_engines::registry::{self, EngineSpec};
use lawbook_engines::{Ask, BuiltIn, Engine, EngineError, Facts, Fault, FaultKind, PositionQuery};
use lawbook_notation::uci::UciMove;
use lawbook_outcome::{GameResult, Outcome, Reason};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A fresh temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("lawbook-engines-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fake UCI engine: answers the initial position (20 moves, `d` with its
/// FEN) and the start-up probe's king in check (`CHECKED`, and after `e1f1`);
/// in `MODE` it misbehaves once on `go perft 1` (after the start-up probe's)
/// or `d`. Searches play no move.
const FAKE_UCI: &str = "uci/misbehaves.sh";

/// A fake UCI engine of the plainest kind: no `go perft`, no `d`. It takes
/// every move of `position fen F moves ...` (F is White to move) except `e2e5`, which it drops
/// (as Ethereal does), and answers `go` for the side to move: `e2e4` for
/// White, `e7e5` for Black, with a score line. In mode `searchmoves` it
/// honours `searchmoves` (`bestmove M` when M is `a2a3`, `h2h4` or `g1f3`,
/// `bestmove (none)` otherwise, as Glaurung does).
const FAKE_UCI_PLAIN: &str = "uci/plain.sh";

/// A fake xboard engine: `e2e5` and `e1g1` are illegal, everything else is
/// legal; in `MODE` it misbehaves once on the move `e2e4` (the start-up
/// probes play no such move). In mode `announce` it ends the games of the
/// start-up probes as a thorough engine would (a dead position as
/// `{Blocked}`, which the registry must name), the scholar's mate too, and
/// `a2a3` from the start with a comment that names no reason; in mode `hoi` it
/// announces only after a move, in HoiChess's words, and once the game is
/// over refuses every move and exits, as HoiChess does.
const FAKE_XBOARD: &str = "xboard/misbehaves.sh";

/// The registry spec of a fake engine (`script`, in `tests/fakes/`).
fn fake(dir: &TempDir, script: &str, protocol: &str, mode: &str, timeout_ms: u64) -> EngineSpec {
    fake_with(dir, script, protocol, mode, timeout_ms, "")
}

/// [`fake`], with more registry lines for its entry (each indented by four spaces).
fn fake_with(dir: &TempDir, script: &str, protocol: &str, mode: &str, timeout_ms: u64, more: &str) -> EngineSpec {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fakes").join(script);
    let marker = dir.path().join(format!("{protocol}-{mode}.done"));
    let yaml = format!(
        "engines:\n  - name: fake-{protocol}-{mode}\n    protocol: {protocol}\n    command: sh\n    args: [{:?}, {mode:?}, {:?}]\n    timeout_ms: {timeout_ms}\n{more}",
        path.display().to_string(),
        marker.display().to_string()
    );
    registry::parse(&yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}")).remove(0)
}

fn query(fen: &str, moves: &[&str]) -> PositionQuery {
    PositionQuery {
        fen: fen.to_string(),
        moves: moves.iter().map(|text| m(text)).collect(),
        chess960: fen.split_whitespace().nth(2).is_some_and(|c| c.chars().any(|c| "ABCDEFGHabcdefgh".contains(c))),
        automatic_fifty_moves: false,
    }
}

/// A UCI move of the test's text.
fn m(text: &str) -> UciMove {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The board of an answer as a FEN's first field.
fn placement(board: Result<lawbook_board::Board, EngineError>) -> Result<String, EngineError> {
    board.map(|b| {
        let mut out = String::new();
        lawbook_notation::fen::write_placement(&b, &mut out);
        out
    })
}

fn failure(result: Result<impl std::fmt::Debug, EngineError>) -> Fault {
    match result {
        Err(EngineError::Failed(fault)) => fault,
        other => panic!("expected an engine failure, got {other:?}"),
    }
}

/// A fake UCI engine misbehaves once in `mode`: the request fails with a
/// fault of kind `expect`, the next request is answered by a fresh
/// process, and a healthy engine beside it is not disturbed.
fn uci_misbehaves_once(mode: &str, timeout_ms: u64, expect: FaultKind) -> Fault {
    let dir = TempDir::new();
    let mut bad = UciEngine::spawn(&fake(&dir, FAKE_UCI, "uci", mode, timeout_ms)).unwrap();
    let mut good = UciEngine::spawn(&fake(&dir, FAKE_UCI, "uci", "good", timeout_ms)).unwrap();
    let start = query(STARTPOS, &[]);
    assert_eq!(good.legal_moves(&start).unwrap().len(), 20);
    let began = Instant::now();
    let fault = failure(bad.legal_moves(&start));
    assert_eq!(fault.kind(), expect, "{mode}: {fault}");
    if expect == FaultKind::TimedOut {
        assert!(fault.message().contains(&format!("the time limit of {timeout_ms} ms")), "{mode}: {fault}");
    }
    assert!(began.elapsed() < Duration::from_millis(timeout_ms + 2_000), "{mode}: took {:?}", began.elapsed());
    assert_eq!(good.legal_moves(&start).unwrap().len(), 20, "{mode}: the healthy engine is disturbed");
    assert_eq!(bad.legal_moves(&start).unwrap().len(), 20, "{mode}: the adapter did not recover");
    assert_eq!(bad.restarts(), 1, "{mode}");
    assert_eq!(good.restarts(), 0, "{mode}");
    fault
}

#[test]
fn uci_engine_that_crashes_mid_answer() {
    uci_misbehaves_once("crash", 3_000, FaultKind::Exited);
}

#[test]
fn uci_engine_that_hangs() {
    uci_misbehaves_once("hang", 800, FaultKind::TimedOut);
}

#[test]
fn uci_engine_that_prints_garbage() {
    let fault = uci_misbehaves_once("garbage", 3_000, FaultKind::Garbage);
    assert_eq!(fault.line(), Some("%% the quick brown fox &&"), "the line it rests on: {fault}");
}

#[test]
fn uci_engine_that_prints_binary_garbage() {
    uci_misbehaves_once("binary", 3_000, FaultKind::Garbage);
}

#[test]
fn uci_engine_that_floods_its_output() {
    uci_misbehaves_once("flood", 5_000, FaultKind::Flooded);
}

#[test]
fn uci_engine_that_answers_a_different_position() {
    uci_misbehaves_once("different", 3_000, FaultKind::OtherPosition);
}

#[test]
fn uci_engines_without_perft_are_asked_one_move_at_a_time() {
    use lawbook_engines::Capability;
    use lawbook_engines::adapters::uci::{Dialect, Display};
    let dir = TempDir::new();
    let start = query(STARTPOS, &[]);
    // No perft, no searchmoves: whether it takes a move as input says nothing
    // of its rules (UCI leaves that to the GUI), so it is not asked.
    let mut plain = UciEngine::spawn(&fake(&dir, FAKE_UCI_PLAIN, "uci", "plain", 3_000)).unwrap();
    let plain_dialect = Dialect { display: Display::None, perft: false, searchmoves: false, chess960: false };
    assert_eq!(plain.dialect(), plain_dialect);
    assert!(!plain.supports(Capability::MoveLegality) && !plain.supports(Capability::LegalMoves));
    assert!(!plain.supports(Capability::Board) && !plain.supports(Capability::Check));
    assert_eq!(plain.is_legal(&start, m("g1f3")), Err(EngineError::Unsupported(Capability::MoveLegality)));
    assert_eq!(plain.is_legal(&start, m("e2e5")), Err(EngineError::Unsupported(Capability::MoveLegality)));
    assert_eq!(plain.legal_moves(&start), Err(EngineError::Unsupported(Capability::LegalMoves)));
    assert_eq!(plain.board(&start), Err(EngineError::Unsupported(Capability::Board)));
    let chess960 = PositionQuery { chess960: true, ..start.clone() };
    // Searchmoves honoured: bestmove M is the engine's yes.
    let mut honest = UciEngine::spawn(&fake(&dir, FAKE_UCI_PLAIN, "uci", "searchmoves", 3_000)).unwrap();
    assert_eq!(honest.dialect(), Dialect { searchmoves: true, ..plain_dialect });
    assert_eq!(honest.is_legal(&start, m("g1f3")), Ok(true));
    assert_eq!(honest.is_legal(&start, m("b1b3")), Ok(false));
    assert_eq!(honest.is_legal(&chess960, m("g1f3")), Err(EngineError::Unsupported(Capability::MoveLegality)));
    assert_eq!(plain.restarts() + honest.restarts(), 0);
}

#[test]
fn uci_engine_that_answers_slowly_within_the_limit() {
    let dir = TempDir::new();
    let mut slow = UciEngine::spawn(&fake(&dir, FAKE_UCI, "uci", "slow", 3_000)).unwrap();
    let began = Instant::now();
    assert_eq!(slow.legal_moves(&query(STARTPOS, &[])).unwrap().len(), 20);
    assert!(began.elapsed() >= Duration::from_millis(900));
    assert_eq!(slow.restarts(), 0);
    assert_eq!(slow.id(), "Fake slow");
}

#[test]
fn uci_fake_status_and_board() {
    let dir = TempDir::new();
    let mut engine = UciEngine::spawn(&fake(&dir, FAKE_UCI, "uci", "good", 3_000)).unwrap();
    let status = engine.facts(&query(STARTPOS, &[])).unwrap();
    assert_eq!(status, Facts::of_status(vec![], false, false));
    assert_eq!(placement(engine.board(&query(STARTPOS, &[]))).unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
}

/// A fake xboard engine misbehaves once in `mode`, as [`uci_misbehaves_once`].
fn xboard_misbehaves_once(mode: &str, timeout_ms: u64, expect: FaultKind) {
    let dir = TempDir::new();
    let mut bad = XboardEngine::spawn(&fake(&dir, FAKE_XBOARD, "xboard", mode, timeout_ms)).unwrap();
    let mut good = XboardEngine::spawn(&fake(&dir, FAKE_XBOARD, "xboard", "good", timeout_ms)).unwrap();
    let start = query(STARTPOS, &[]);
    assert_eq!(good.is_legal(&start, m("e2e4")), Ok(true));
    let began = Instant::now();
    let fault = failure(bad.is_legal(&start, m("e2e4")));
    assert_eq!(fault.kind(), expect, "{mode}: {fault}");
    if expect == FaultKind::TimedOut {
        assert!(fault.message().contains(&format!("the time limit of {timeout_ms} ms")), "{mode}: {fault}");
    }
    assert!(began.elapsed() < Duration::from_millis(timeout_ms + 2_000), "{mode}: took {:?}", began.elapsed());
    assert_eq!(good.is_legal(&start, m("e2e5")), Ok(false), "{mode}: the healthy engine is disturbed");
    assert_eq!(bad.is_legal(&start, m("e2e4")), Ok(true), "{mode}: the adapter did not recover");
    assert_eq!(bad.is_legal(&start, m("e2e5")), Ok(false), "{mode}");
    assert_eq!(bad.restarts(), 1, "{mode}");
    assert_eq!(good.restarts(), 0, "{mode}");
}

#[test]
fn xboard_engine_that_crashes_mid_answer() {
    xboard_misbehaves_once("crash", 3_000, FaultKind::Exited);
}

#[test]
fn xboard_engine_that_hangs() {
    xboard_misbehaves_once("hang", 800, FaultKind::TimedOut);
}

#[test]
fn xboard_engine_that_prints_garbage() {
    xboard_misbehaves_once("garbage", 3_000, FaultKind::Garbage);
}

#[test]
fn xboard_engine_that_floods_its_output() {
    xboard_misbehaves_once("flood", 5_000, FaultKind::Flooded);
}

#[test]
fn xboard_engine_that_answers_slowly_within_the_limit() {
    let dir = TempDir::new();
    let mut slow = XboardEngine::spawn(&fake(&dir, FAKE_XBOARD, "xboard", "slow", 3_000)).unwrap();
    let began = Instant::now();
    assert_eq!(slow.is_legal(&query(STARTPOS, &[]), m("e2e4")), Ok(true));
    assert!(began.elapsed() >= Duration::from_millis(900));
    assert_eq!(slow.restarts(), 0);
    assert_eq!(slow.features().myname, "Fake slow");
}

#[test]
fn xboard_engine_that_refuses_the_games_moves() {
    let dir = TempDir::new();
    let mut engine = XboardEngine::spawn(&fake(&dir, FAKE_XBOARD, "xboard", "refuse", 3_000)).unwrap();
    let fault = failure(engine.is_legal(&query(STARTPOS, &["e2e4"]), m("e7e5")));
    assert_eq!(fault.kind(), FaultKind::RefusedMove, "{fault}");
    // Nothing to refuse without game moves; the candidate's refusal is the verdict.
    assert_eq!(engine.is_legal(&query(STARTPOS, &[]), m("e2e4")), Ok(false));
}

#[test]
fn xboard_engine_with_two_pongs_per_ping() {
    let dir = TempDir::new();
    let mut engine = XboardEngine::spawn(&fake(&dir, FAKE_XBOARD, "xboard", "twopongs", 3_000)).unwrap();
    assert_eq!(engine.features().pongs_per_ping, 2);
    let white_mates = Ending { result: Some(GameResult::WhiteWins), reason: Some(Reason::Checkmate) };
    assert_eq!(engine.endings(&query(STARTPOS, &[])), Ok(vec![(0, white_mates)]));
    assert_eq!(engine.is_legal(&query(STARTPOS, &[]), m("e1g1")), Ok(false));
    assert!(!engine.supports(lawbook_engines::Capability::LegalMoves));
    assert_eq!(
        engine.legal_moves(&query(STARTPOS, &[])),
        Err(EngineError::Unsupported(lawbook_engines::Capability::LegalMoves))
    );
}

/// The fake in mode `announce`: every ending the laws make automatic is
/// announced, set up or reached by a move, with a dead position named through
/// the registry's `endings`.
fn announcing(dir: &TempDir) -> XboardEngine {
    let spec = fake_with(dir, FAKE_XBOARD, "xboard", "announce", 3_000, "    endings: {Blocked: dead_position}\n");
    XboardEngine::spawn(&spec).unwrap()
}

const FOOLS_MATE: &[&str] = &["f2f3", "e7e5", "g2g4", "d8h4"];
const SHUFFLE: &[&str] = &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"];

#[test]
fn xboard_endings_are_learnt_at_start_up() {
    let dir = TempDir::new();
    let engine = announcing(&dir);
    let both = When { after_setup: true, after_move: true };
    assert_eq!(
        engine.announces(),
        Announces {
            mate: both,
            stalemate: both,
            insufficient_material: both,
            dead_position: both,
            repetition: Some(3),
            fifty_moves: both,
            seventy_five_moves: both,
            claims_threefold: true,
            claims_fifty_moves: true,
        }
    );
    assert!(engine.announces().every_automatic_ending(false, true));
    let hoi = fake_with(
        &dir,
        FAKE_XBOARD,
        "xboard",
        "hoi",
        3_000,
        "    endings: {\"Insufficient material\": insufficient_material, \"50 move rule\": fifty_moves, \"3 repetitions\": threefold_repetition}\n",
    );
    let hoi = XboardEngine::spawn(&hoi).unwrap();
    let after_move = When { after_setup: false, after_move: true };
    assert_eq!(
        hoi.announces(),
        Announces {
            mate: after_move,
            stalemate: after_move,
            insufficient_material: after_move,
            dead_position: When::default(),
            repetition: Some(3),
            fifty_moves: after_move,
            seventy_five_moves: When::default(),
            // It claims at the third occurrence; fifty moves only after a move, so not wherever it may.
            claims_threefold: true,
            claims_fifty_moves: false,
        }
    );
    assert_eq!(hoi.restarts(), 0);
    let silent = XboardEngine::spawn(&fake(&dir, FAKE_XBOARD, "xboard", "good", 3_000)).unwrap();
    assert_eq!(silent.announces(), Announces::default());
}

#[test]
fn xboard_announced_endings_answer_the_facts() {
    let dir = TempDir::new();
    let mut engine = announcing(&dir);
    let mate = query(STARTPOS, FOOLS_MATE);
    assert_eq!(engine.outcome(&mate), Ok(Some(Outcome::win(Color::Black, Reason::Checkmate))));
    assert_eq!(engine.checkmate(&mate), Ok(true));
    assert_eq!(engine.stalemate(&mate), Ok(false));
    let scholar = query(STARTPOS, &["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]);
    assert_eq!(engine.outcome(&scholar), Ok(Some(Outcome::win(Color::White, Reason::Checkmate))));
    let stalemate = query("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]);
    assert_eq!(engine.outcome(&stalemate), Ok(Some(Outcome::draw(Reason::Stalemate))));
    assert_eq!((engine.checkmate(&stalemate), engine.stalemate(&stalemate)), (Ok(false), Ok(true)));
    // It would have said so: silence is the game going on.
    let start = query(STARTPOS, &["e2e4"]);
    assert_eq!(engine.outcome(&start), Ok(None));
    assert_eq!((engine.checkmate(&start), engine.stalemate(&start)), (Ok(false), Ok(false)));
    // A claim at the third occurrence, not an ending: the outcome is unknown,
    // the claim is told; the move after it tells no more.
    let mut shuffled = SHUFFLE.to_vec();
    shuffled.push("e2e4");
    let repeated = query(STARTPOS, &shuffled);
    assert_eq!(engine.outcome(&repeated), Err(EngineError::Unsupported(Capability::Outcome)));
    assert_eq!(engine.claims(&repeated).map(|c| c.threefold), Ok(Some(vec![SHUFFLE.len()])));
    assert_eq!(engine.checkmate(&repeated), Err(EngineError::Unsupported(Capability::Checkmate)));
    let dead = query("7k/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/K7 w - - 0 1", &[]);
    assert_eq!(engine.outcome(&dead), Ok(Some(Outcome::draw(Reason::DeadPosition))));
    // A comment that names no reason is an ending without one: the outcome stays unknown.
    let mystery = query(STARTPOS, &["a2a3"]);
    assert_eq!(engine.outcome(&mystery), Err(EngineError::Unsupported(Capability::Outcome)));
    assert_eq!(engine.endings(&mystery), Ok(vec![(1, Ending { result: Some(GameResult::Draw), reason: None })]));
    assert_eq!(engine.is_legal(&mystery, m("e7e5")), Ok(true));
    assert_eq!(engine.outcome(&query(STARTPOS, &[])), Ok(None));
}

#[test]
fn xboard_silence_is_unknown_where_the_engine_would_not_speak() {
    let dir = TempDir::new();
    let spec = fake_with(
        &dir,
        FAKE_XBOARD,
        "xboard",
        "hoi",
        3_000,
        "    endings: {\"Insufficient material\": insufficient_material, \"50 move rule\": fifty_moves, \"3 repetitions\": threefold_repetition}\n",
    );
    let mut hoi = XboardEngine::spawn(&spec).unwrap();
    assert!(hoi.supports(Capability::Outcome) && hoi.supports(Capability::Checkmate));
    assert!(!hoi.supports(Capability::Check) && !hoi.supports(Capability::Repetitions));
    let mate = query(STARTPOS, FOOLS_MATE);
    assert_eq!(hoi.outcome(&mate), Ok(Some(Outcome::win(Color::Black, Reason::Checkmate))));
    // It announces nothing after a set-up: silence there says nothing.
    let stalemate = query("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]);
    assert_eq!(hoi.outcome(&stalemate), Err(EngineError::Unsupported(Capability::Outcome)));
    assert_eq!(hoi.stalemate(&stalemate), Err(EngineError::Unsupported(Capability::Stalemate)));
    // After a move it would have announced mate and stalemate, but not every ending.
    let on = query(STARTPOS, &["e2e4"]);
    assert_eq!(hoi.outcome(&on), Err(EngineError::Unsupported(Capability::Outcome)));
    assert_eq!((hoi.checkmate(&on), hoi.stalemate(&on)), (Ok(false), Ok(false)));
    // It claims at the third occurrence, then refuses the next move and
    // exits: after its own claim, what it refuses says nothing.
    let mut shuffled = SHUFFLE.to_vec();
    shuffled.push("e2e4");
    let repeated = query(STARTPOS, &shuffled);
    assert_eq!(hoi.outcome(&repeated), Err(EngineError::Unsupported(Capability::Outcome)));
    assert_eq!(hoi.is_legal(&repeated, m("e7e5")), Err(EngineError::Unsupported(Capability::MoveLegality)));
    assert_eq!(hoi.is_legal(&query(STARTPOS, &[]), m("e2e4")), Ok(true));
    assert_eq!(hoi.restarts(), 2);
    // An engine that announces nothing is asked nothing but moves.
    let mut silent = XboardEngine::spawn(&fake(&dir, FAKE_XBOARD, "xboard", "good", 3_000)).unwrap();
    for capability in [Capability::Outcome, Capability::Checkmate, Capability::Stalemate] {
        assert!(!silent.supports(capability), "{capability:?}");
    }
    assert_eq!(silent.outcome(&mate), Err(EngineError::Unsupported(Capability::Outcome)));
    assert_eq!(silent.is_legal(&query(STARTPOS, &[]), m("e2e5")), Ok(false));
}

#[test]
fn xboard_endings_in_the_registry_must_be_reasons() {
    let dir = TempDir::new();
    let spec = fake_with(&dir, FAKE_XBOARD, "xboard", "good", 3_000, "    endings: {Drawn game: a draw}\n");
    let fault = failure(XboardEngine::spawn(&spec).map(|e| e.announces()));
    assert_eq!(fault.kind(), FaultKind::CouldNotStart, "{fault}");
    let why = fault.message();
    assert!(why.contains("Drawn game") && why.contains("threefold_repetition") && why.contains("unnamed"), "{why}");
}

#[test]
fn registry_errors_are_clear() {
    let unknown_key = registry::parse("engines:\n  - name: x\n    protocol: uci\n    command: x\n    colour: blue\n");
    let why = unknown_key.unwrap_err().to_string();
    assert!(why.contains("unknown field") && why.contains("colour"), "{why}");

    let unknown_protocol = registry::parse("engines:\n  - name: x\n    protocol: telepathy\n    command: x\n");
    let why = unknown_protocol.unwrap_err().to_string();
    assert!(why.contains("unknown variant") && why.contains("telepathy"), "{why}");

    let no_command = registry::parse("engines:\n  - name: x\n    protocol: xboard\n");
    let why = no_command.unwrap_err().to_string();
    assert!(why.contains("needs a command"), "{why}");

    let twice = registry::parse("engines:\n  - {name: a, protocol: builtin}\n  - {name: a, protocol: builtin}\n");
    assert!(twice.unwrap_err().to_string().contains("appears twice"));

    let top = registry::parse("engine:\n  - {name: a, protocol: builtin}\n");
    assert!(top.unwrap_err().to_string().contains("unknown field"));
}

#[test]
fn the_shipped_registry_reads() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance/engines.yaml");
    let specs = registry::read(&path).unwrap();
    let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
    for name in ["lawbook", "stockfish", "python-chess", "chess.js", "chessops", "shakmaty", "cozy-chess", "chess"] {
        assert!(names.contains(&name), "{name} is missing from engines.yaml: {names:?}");
    }
    for spec in &specs {
        let process = !matches!(
            spec.protocol,
            registry::Protocol::Builtin
                | registry::Protocol::Shakmaty
                | registry::Protocol::CozyChess
                | registry::Protocol::ChessCrate
                | registry::Protocol::Esca
        );
        assert!(!process || spec.install.is_some(), "{} names no install command", spec.name);
    }
}

#[test]
fn a_missing_program_names_its_install_command() {
    let spec = registry::parse(
        "engines:\n  - name: nowhere\n    protocol: uci\n    command: lawbook-no-such-engine\n    install: apt-get install -y no-such-engine\n",
    )
    .unwrap()
    .remove(0);
    let xboard = EngineSpec { protocol: registry::Protocol::Xboard, ..spec.clone() };
    let jsonl = EngineSpec { protocol: registry::Protocol::Jsonl, ..spec.clone() };
    for spec in [spec, xboard, jsonl] {
        let fault = failure(lawbook_engines::adapters::build(&spec).map(|e| e.name().to_string()));
        assert_eq!(fault.kind(), FaultKind::NotInstalled, "{:?}: {fault}", spec.protocol);
        // What a person needs to act on it.
        assert!(fault.message().contains("apt-get install -y no-such-engine"), "{:?}: {fault}", spec.protocol);
    }
}

#[test]
fn build_dispatches_on_the_protocol() {
    let specs =
        registry::parse("engines:\n  - {name: lawbook, protocol: builtin}\n  - {name: s, protocol: shakmaty}\n")
            .unwrap();
    let mut builtin = lawbook_engines::adapters::build(&specs[0]).unwrap();
    assert_eq!(builtin.legal_moves(&query(STARTPOS, &[])).unwrap().len(), 20);
    let peer = lawbook_engines::adapters::build(&specs[1]);
    if cfg!(feature = "peers") {
        assert!(peer.is_ok());
    } else {
        let fault = failure(peer.map(|e| e.name().to_string()));
        assert_eq!(fault.kind(), FaultKind::CouldNotStart, "{fault}");
        assert!(fault.message().contains("--features peers"), "{fault}");
    }
}

/// Stockfish's spec from the shipped registry, or `None` (with a notice) when it is not installed.
fn installed(name: &str) -> Option<EngineSpec> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance/engines.yaml");
    let spec = registry::read(&path).unwrap().into_iter().find(|s| s.name == name)?;
    if lawbook_engines::process::locate(spec.command.as_deref().unwrap_or_default()).is_none() {
        println!("SKIPPED: {name} is not installed ({})", spec.install.as_deref().unwrap_or("no install command"));
        return None;
    }
    Some(spec)
}

/// Positions both engines are asked about (start FEN, moves).
const POSITIONS: &[(&str, &[&str])] = &[
    (STARTPOS, &[]),
    (STARTPOS, &["e2e4", "d7d5", "e4e5", "f7f5"]),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[]),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &["e2e4"]),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &[]),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", &["d7c8q"]),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["e1g1", "e8c8"]),
    ("4k3/8/8/8/1K1pP2r/8/8/8 b - e3 0 1", &[]),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", &[]),
    ("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", &["e1b1"]),
];

#[test]
fn stockfish_legal_moves_equal_lawbooks() {
    let Some(spec) = installed("stockfish") else { return };
    let mut stockfish = UciEngine::spawn(&spec).unwrap();
    for (fen, moves) in POSITIONS {
        let q = query(fen, moves);
        let mut theirs = stockfish.legal_moves(&q).unwrap_or_else(|e| panic!("{fen} {moves:?}: {e}"));
        let mut ours = BuiltIn.legal_moves(&q).unwrap();
        theirs.sort();
        ours.sort();
        assert_eq!(theirs, ours, "{fen} moves {moves:?}");
        assert_eq!(stockfish.board(&q), BuiltIn.board(&q), "{fen} moves {moves:?}");
    }
    // Mate, stalemate and a double check, as Stockfish reports them.
    let mate = stockfish.facts(&query(STARTPOS, &["f2f3", "e7e5", "g2g4", "d8h4"])).unwrap();
    assert_eq!(mate, Facts::of_status(vec![lawbook_board::Square::H4], true, false));
    let stalemate = stockfish.facts(&query("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[])).unwrap();
    assert_eq!(stalemate, Facts::of_status(vec![], false, true));
    let double = stockfish.facts(&query("4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1", &["e2b5"])).unwrap();
    let checkers = vec![lawbook_board::Square::E1, lawbook_board::Square::B5];
    assert_eq!(double, Facts::of_status(checkers, false, false));
    assert_eq!(stockfish.restarts(), 0);
}

/// Moves asked of the xboard engines: (start FEN, game moves, move, legal by the laws).
const XBOARD_PROBES: &[(&str, &[&str], &str, bool)] = &[
    (STARTPOS, &[], "e2e4", true),
    (STARTPOS, &[], "e2e5", false),
    (STARTPOS, &["e2e4"], "e7e5", true),
    (STARTPOS, &["e2e4"], "e2e4", false),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &[], "e1g1", true),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &[], "e1c1", true),
    ("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", &[], "e1g1", false),
    ("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", &[], "e1g1", false),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["h1g1", "a8b8", "g1h1", "b8a8"], "e1g1", false),
    ("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5"], "e5d6", true),
    ("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5", "e1d1", "e8d8"], "e5d6", false),
    ("8/1P6/8/8/8/8/6k1/4K3 w - - 0 1", &[], "b7b8n", true),
    ("6k1/5ppp/8/8/8/8/8/K2R4 w - - 0 1", &["d1d8"], "g8h8", false),
];

#[test]
fn xboard_engines_answer() {
    for name in ["gnuchess", "hoichess", "phalanx", "fairymax", "polyglot"] {
        let Some(spec) = installed(name) else { continue };
        let began = Instant::now();
        let mut engine = XboardEngine::spawn(&spec).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut disagreements = Vec::new();
        for (fen, moves, mv, legal) in XBOARD_PROBES {
            match engine.is_legal(&query(fen, moves), m(mv)) {
                Ok(verdict) if verdict == *legal => {}
                other => disagreements.push(format!("{fen} {moves:?} {mv}: {other:?}, the laws say {legal}")),
            }
        }
        println!(
            "{name} ({:?}): {} of {} probes agree with the laws, {} restarts, {:?}",
            engine.features(),
            XBOARD_PROBES.len() - disagreements.len(),
            XBOARD_PROBES.len(),
            engine.restarts(),
            began.elapsed()
        );
        for d in &disagreements {
            println!("  {name} disagrees: {d}");
        }
        // The basics must work for the adapter to be of any use.
        assert_eq!(engine.is_legal(&query(STARTPOS, &[]), m("e2e4")), Ok(true), "{name}");
        assert_eq!(engine.is_legal(&query(STARTPOS, &[]), m("e2e5")), Ok(false), "{name}");
    }
}

/// What each installed xboard engine announces (the registry's notes say
/// the same), the fool's mate as its checkmate, and a stalemate as one where
/// it announces stalemates.
#[test]
fn xboard_engines_announce_endings() {
    let after_move = When { after_setup: false, after_move: true };
    let both = When { after_setup: true, after_move: true };
    let expected: [(&str, When, Option<usize>); 5] = [
        ("gnuchess", both, Some(3)),
        ("polyglot", both, Some(3)),
        ("hoichess", after_move, Some(3)),
        ("phalanx", after_move, Some(3)),
        ("fairymax", after_move, None),
    ];
    for (name, stalemate, repetition) in expected {
        let Some(spec) = installed(name) else { continue };
        let began = Instant::now();
        let mut engine = XboardEngine::spawn(&spec).unwrap_or_else(|e| panic!("{name}: {e}"));
        let announces = engine.announces();
        println!("{name}: {announces:?}, learnt in {:?}", began.elapsed());
        assert!(announces.mate.after_move, "{name}: {announces:?}");
        assert_eq!(announces.stalemate, stalemate, "{name}");
        assert_eq!(announces.repetition, repetition, "{name}");
        let mate = query(STARTPOS, FOOLS_MATE);
        assert_eq!(engine.outcome(&mate), Ok(Some(Outcome::win(Color::Black, Reason::Checkmate))), "{name}");
        assert_eq!(engine.checkmate(&mate), Ok(true), "{name}");
        let stalemated = query("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", &["f1f7"]);
        if stalemate.after_move {
            assert_eq!(engine.outcome(&stalemated), Ok(Some(Outcome::draw(Reason::Stalemate))), "{name}");
            assert_eq!(engine.stalemate(&stalemated), Ok(true), "{name}");
        } else {
            assert_eq!(engine.stalemate(&stalemated), Err(EngineError::Unsupported(Capability::Stalemate)), "{name}");
        }
        // One move after the start: no ending, and no mate where it announces mates.
        let on = query(STARTPOS, &["e2e4"]);
        assert_eq!(engine.checkmate(&on), Ok(false), "{name}");
    }
}

/// A position no game can reach: a right to castle short with no rook on h1.
const NO_ROOK: &str = "4k3/8/8/8/8/8/8/4K3 w K - 0 1";

/// A fake UCI engine for positions no game can reach: it keeps the FEN of
/// `position fen F` and shows it in `d`; `go perft 1` lists the initial
/// position's 20 moves, the three of the start-up probe's king in check,
/// or for any other position the white king's five steps from e1 and
/// `e1g1`; searches play no move. In mode `corrects` its `d` drops a castling
/// right `K` (as an engine that repairs the position does), in mode
/// `misreads` it shows `Q` instead; in mode `crash` it exits on a position
/// whose castling field is `K`.
const FAKE_UCI_UNREACHABLE: &str = "uci/unreachable.sh";

/// A fake xboard engine with `setboard`: on a position whose castling field
/// is `K` it answers as its mode says (`telluser`: `tellusererror Illegal
/// position`; `exits`: an `Error (illegal position)` line, then it exits;
/// `crash`: it exits without a word; `unknown`: `Error (unknown command):
/// setboard`; `takes`: nothing). `e1g1` is an illegal move, all else legal.
const FAKE_XBOARD_UNREACHABLE: &str = "xboard/unreachable.sh";

#[test]
fn uci_engine_that_drops_what_a_position_no_game_can_reach_cannot_have_refuses_it() {
    let dir = TempDir::new();
    let unreachable = query(NO_ROOK, &[]);
    // Its `d` shows the castling right dropped: it has not taken the position as given.
    let mut corrects = UciEngine::spawn(&fake(&dir, FAKE_UCI_UNREACHABLE, "uci", "corrects", 3_000)).unwrap();
    match corrects.legal_moves(&unreachable) {
        Err(EngineError::Refused(why)) => assert!(why.contains("castling rights") && why.contains(NO_ROOK), "{why}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(corrects.restarts(), 0, "a refusal is an answer, not a failure");
    // Its `d` shows a right the FEN does not give: it misread the FEN, a failure.
    let mut misreads = UciEngine::spawn(&fake(&dir, FAKE_UCI_UNREACHABLE, "uci", "misreads", 3_000)).unwrap();
    let fault = failure(misreads.legal_moves(&unreachable));
    assert_eq!(fault.kind(), FaultKind::OtherPosition, "{fault}");
    assert!(fault.message().contains("(the castling rights)"), "{fault}");
    // One that shows the position as given has taken it, and its answer is its own.
    let mut takes = UciEngine::spawn(&fake(&dir, FAKE_UCI_UNREACHABLE, "uci", "takes", 3_000)).unwrap();
    assert!(takes.legal_moves(&unreachable).unwrap().contains(&m("e1g1")));
    // One that exits on it has failed, and is restarted.
    let mut crashes = UciEngine::spawn(&fake(&dir, FAKE_UCI_UNREACHABLE, "uci", "crash", 3_000)).unwrap();
    assert_eq!(failure(crashes.legal_moves(&unreachable)).kind(), FaultKind::Exited);
    assert_eq!(crashes.legal_moves(&query(STARTPOS, &[])).unwrap().len(), 20);
    assert_eq!(crashes.restarts(), 1);
}

#[test]
fn xboard_engine_that_says_the_position_is_illegal_refuses_it() {
    let dir = TempDir::new();
    let unreachable = query(NO_ROOK, &[]);
    for mode in ["telluser", "exits"] {
        let mut engine = XboardEngine::spawn(&fake(&dir, FAKE_XBOARD_UNREACHABLE, "xboard", mode, 3_000)).unwrap();
        match engine.is_legal(&unreachable, m("e1d1")) {
            Err(EngineError::Refused(why)) => assert!(why.to_lowercase().contains("illegal position"), "{mode}: {why}"),
            other => panic!("{mode}: expected a refusal, got {other:?}"),
        }
        // It goes on answering (a fresh process for the one that exited).
        assert_eq!(engine.is_legal(&query(STARTPOS, &[]), m("e2e4")), Ok(true), "{mode}");
        assert_eq!(engine.restarts(), usize::from(mode == "exits"), "{mode}");
    }
    // Exiting without a word is a crash; not knowing `setboard` is no refusal of the position.
    let mut crashes = XboardEngine::spawn(&fake(&dir, FAKE_XBOARD_UNREACHABLE, "xboard", "crash", 3_000)).unwrap();
    assert_eq!(failure(crashes.is_legal(&unreachable, m("e1d1"))).kind(), FaultKind::Exited);
    let mut unknown = XboardEngine::spawn(&fake(&dir, FAKE_XBOARD_UNREACHABLE, "xboard", "unknown", 3_000)).unwrap();
    assert_eq!(failure(unknown.is_legal(&unreachable, m("e1d1"))).kind(), FaultKind::RefusedMove);
    // An engine that takes the position is judged by its answers.
    let mut takes = XboardEngine::spawn(&fake(&dir, FAKE_XBOARD_UNREACHABLE, "xboard", "takes", 3_000)).unwrap();
    assert_eq!(takes.is_legal(&unreachable, m("e1d1")), Ok(true));
    assert_eq!(takes.is_legal(&unreachable, m("e1g1")), Ok(false));
}

#[test]
fn the_built_in_engine_refuses_a_position_no_game_can_reach_with_lawbooks_kind() {
    let mut builtin = BuiltIn;
    match builtin.legal_moves(&query(NO_ROOK, &[])) {
        Err(EngineError::Refused(why)) => assert!(why.starts_with("fen.castling_without_rook: "), "{why}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    let opposite_check = query("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", &[]);
    assert!(
        matches!(builtin.in_check(&opposite_check), Err(EngineError::Refused(why)) if why.starts_with("position.opposite_check: "))
    );
}
