//! The UCI adapter against fake engines of each dialect (the Python 3
//! scripts in `tests/fakes/uci/`): it asks only what an engine has shown at
//! start-up that it can answer, never judges a move by whether the engine
//! takes it as input, stops trusting a capability the engine contradicts,
//! stops a search that does not end, and takes every handshake UCI allows.

use lawbook_board::{Color, Square};
use lawbook_engines::adapters::uci::{Dialect, Display, UciEngine};
use lawbook_engines::registry::{self, EngineSpec};
use lawbook_engines::{Ask, Capability, Engine, EngineError, FaultKind, PositionQuery};
use lawbook_notation::uci::UciMove;
use std::path::Path;
use std::time::{Duration, Instant};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CHECKED: &str = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
const STALEMATE: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
const FOOLS_MATE: &[&str] = &["f2f3", "e7e5", "g2g4", "d8h4"];

/// The registry entry of the fake `script` (in `tests/fakes/uci/`), run by
/// `python3 -B` with `mode` as its argument.
fn fake(script: &str, mode: &str, timeout_ms: u64) -> EngineSpec {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fakes/uci").join(script);
    assert!(path.is_file(), "{} is missing", path.display());
    let yaml = format!(
        "engines:\n  - name: {script}\n    protocol: uci\n    command: python3\n    args: [\"-B\", {:?}, {mode:?}]\n    timeout_ms: {timeout_ms}\n",
        path.display().to_string()
    );
    registry::parse(&yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}")).remove(0)
}

fn spawn(script: &str, mode: &str) -> UciEngine {
    UciEngine::spawn(&fake(script, mode, 5_000)).unwrap_or_else(|e| panic!("{script} {mode}: {e}"))
}

fn query(fen: &str, moves: &[&str]) -> PositionQuery {
    PositionQuery::from_fen(fen, moves).unwrap_or_else(|e| panic!("{moves:?}: {e}"))
}

fn m(text: &str) -> UciMove {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A board and side to move as a FEN's first two fields.
fn shown(after: Option<(lawbook_board::Board, Color)>) -> Option<String> {
    after.map(|(board, turn)| {
        let mut out = String::new();
        lawbook_notation::fen::write_placement(&board, &mut out);
        format!("{out} {}", if turn == Color::White { "w" } else { "b" })
    })
}

/// Moves the laws forbid in the initial position, of every kind the corpus asks.
const ILLEGAL: &[&str] = &["e2e5", "e1g1", "d1d4", "b1b3", "a2b3", "e1e2", "0000"];

#[test]
fn an_engine_whose_go_perft_starts_a_search_has_no_perft_and_is_not_asked_about_moves() {
    let mut engine = spawn("no_perft.py", "");
    assert_eq!(engine.dialect(), Dialect::default());
    for capability in [Capability::LegalMoves, Capability::MoveLegality, Capability::Play, Capability::Board] {
        assert!(!engine.supports(capability), "{capability:?}");
    }
    let start = query(START, &[]);
    assert_eq!(engine.legal_moves(&start), Err(EngineError::Unsupported(Capability::LegalMoves)));
    assert_eq!(engine.is_legal(&start, m("e2e4")), Err(EngineError::Unsupported(Capability::MoveLegality)));
    assert_eq!(engine.play(&start, m("e2e5")), Err(EngineError::Unsupported(Capability::Play)));
    // Its own search still shows it has a move.
    assert_eq!(engine.checkmate(&start), Ok(false));
    assert_eq!(engine.restarts(), 0);
}

#[test]
fn a_correct_perft_answers_the_moves_one_move_and_a_move_played() {
    let mut engine = spawn("perft.py", "");
    assert_eq!(
        engine.dialect(),
        Dialect { display: Display::Stockfish, perft: true, searchmoves: false, chess960: false }
    );
    let start = query(START, &[]);
    assert_eq!(engine.legal_moves(&start).map(|l| l.len()), Ok(20));
    assert_eq!(engine.is_legal(&start, m("e2e4")), Ok(true));
    for illegal in ILLEGAL {
        assert_eq!(engine.is_legal(&start, m(illegal)), Ok(false), "{illegal}");
    }
    // A move the GUI may send is sent, and the board is the engine's; an illegal one is not sent.
    let played = engine.play(&start, m("e2e4")).unwrap();
    assert!(played.accepted);
    assert_eq!(shown(played.after).as_deref(), Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"));
    let refused = engine.play(&start, m("e2e5")).unwrap();
    assert!(!refused.accepted);
    assert_eq!(shown(refused.after).as_deref(), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
    assert!(!engine.play(&start, UciMove::Null).unwrap().accepted, "no pass in its list");
    let mate = query(START, FOOLS_MATE);
    assert_eq!(engine.checkmate(&mate), Ok(true));
    assert_eq!(engine.checkers(&mate), Ok(vec![Square::H4]));
    assert_eq!(engine.stalemate(&query(STALEMATE, &[])), Ok(true));
    assert_eq!(engine.in_check(&query(CHECKED, &[])), Ok(true));
    assert_eq!(engine.restarts(), 0);
    assert_eq!(engine.version(), "Fake perft");
}

#[test]
fn a_perft_that_contradicts_itself_is_no_longer_trusted_and_gives_no_failure() {
    let mut engine = spawn("perft.py", "fickle");
    let after_e4 = query(START, &["e2e4"]);
    assert_eq!(engine.legal_moves(&after_e4).map(|l| l.len()), Ok(20));
    assert_eq!(engine.legal_moves(&after_e4), Err(EngineError::Unsupported(Capability::LegalMoves)));
    assert!(!engine.supports(Capability::LegalMoves) && !engine.supports(Capability::MoveLegality));
    assert_eq!(engine.is_legal(&after_e4, m("e7e5")), Err(EngineError::Unsupported(Capability::MoveLegality)));
    assert!(engine.version().contains("`go perft 1` no longer trusted"), "{}", engine.version());
    // What it showed besides perft still answers.
    assert_eq!(engine.in_check(&after_e4), Ok(false));
    assert_eq!(engine.restarts(), 0);
}

#[test]
fn searchmoves_honoured_tells_whether_one_move_is_legal() {
    for mode in ["", "zeros", "fallback"] {
        let mut engine = spawn("searchmoves.py", mode);
        let dialect = Dialect { display: Display::Fen, perft: false, searchmoves: true, chess960: false };
        assert_eq!(engine.dialect(), dialect, "{mode}");
        assert!(engine.supports(Capability::MoveLegality) && !engine.supports(Capability::LegalMoves));
        let start = query(START, &[]);
        assert_eq!(engine.is_legal(&start, m("g1f3")), Ok(true), "{mode}");
        for illegal in ILLEGAL.iter().filter(|&&i| i != "0000") {
            assert_eq!(engine.is_legal(&start, m(illegal)), Ok(false), "{mode}: {illegal}");
        }
        assert_eq!(engine.is_legal(&query(CHECKED, &[]), m("e1f2")), Ok(false), "{mode}: into check");
        assert_eq!(engine.is_legal(&query(CHECKED, &[]), m("e1e2")), Ok(true), "{mode}");
        // A pass cannot be asked with `searchmoves`.
        assert_eq!(engine.is_legal(&start, UciMove::Null), Err(EngineError::Unsupported(Capability::MoveLegality)));
        assert_eq!(engine.play(&start, UciMove::Null), Err(EngineError::Unsupported(Capability::Play)));
        let refused = engine.play(&start, m("e2e5")).unwrap();
        assert!(!refused.accepted);
        assert_eq!(shown(refused.after).as_deref(), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
        let played = engine.play(&start, m("e2e4")).unwrap();
        assert!(played.accepted);
        assert_eq!(shown(played.after).as_deref(), Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"));
        assert_eq!(engine.restarts(), 0, "{mode}");
    }
}

#[test]
fn a_bestmove_outside_the_searchmoves_ends_the_trust_in_searchmoves() {
    let mut engine = spawn("searchmoves.py", "outside");
    assert!(engine.dialect().searchmoves, "it honours searchmoves at start-up");
    let after_e4 = query(START, &["e2e4"]);
    assert_eq!(engine.is_legal(&after_e4, m("e7e5")), Err(EngineError::Unsupported(Capability::MoveLegality)));
    assert!(!engine.supports(Capability::MoveLegality) && !engine.supports(Capability::Play));
    assert_eq!(engine.is_legal(&query(START, &[]), m("g1f3")), Err(EngineError::Unsupported(Capability::MoveLegality)));
    assert!(engine.version().contains("`searchmoves` no longer trusted"), "{}", engine.version());
    assert_eq!(engine.restarts(), 0);
}

#[test]
fn an_engine_that_ignores_searchmoves_and_perft_is_not_asked_about_moves() {
    let mut engine = spawn("ignores_searchmoves.py", "");
    assert_eq!(engine.dialect(), Dialect::default());
    let start = query(START, &[]);
    assert_eq!(engine.is_legal(&start, m("e2e4")), Err(EngineError::Unsupported(Capability::MoveLegality)));
    assert_eq!(engine.is_legal(&start, m("e2e5")), Err(EngineError::Unsupported(Capability::MoveLegality)));
    assert_eq!(engine.checkmate(&start), Ok(false));
}

#[test]
fn an_engine_that_plays_on_from_illegal_input_is_never_judged_by_it() {
    let mut engine = spawn("accepts_illegal.py", "");
    assert_eq!(engine.dialect(), Dialect::default());
    let start = query(START, &[]);
    for mv in ILLEGAL.iter().chain(&["e2e4"]) {
        assert_eq!(engine.is_legal(&start, m(mv)), Err(EngineError::Unsupported(Capability::MoveLegality)), "{mv}");
        assert_eq!(engine.play(&start, m(mv)), Err(EngineError::Unsupported(Capability::Play)), "{mv}");
    }
    assert_eq!(engine.checkmate(&start), Ok(false));
    // `bestmove a1a1` with no score: no move, and no telling mate from stalemate.
    assert_eq!(engine.checkmate(&query(STALEMATE, &[])), Err(EngineError::Unsupported(Capability::Checkmate)));
    assert_eq!(engine.restarts(), 0);
}

#[test]
fn a_search_that_does_not_end_is_stopped_and_costs_one_answer() {
    let limit = 1_500;
    let mut engine = UciEngine::spawn(&fake("accepts_illegal.py", "hang", limit)).unwrap();
    let began = Instant::now();
    match engine.checkmate(&query(START, &["e2e4"])) {
        Err(EngineError::Failed(fault)) => {
            assert_eq!(fault.kind(), FaultKind::TimedOut, "{fault}");
            // What it did when told to stop, for the person reading.
            assert!(fault.message().contains("sent `stop`, it then ended its search"), "{fault}");
        }
        other => panic!("expected a failure, got {other:?}"),
    }
    assert!(began.elapsed() < Duration::from_millis(limit + 2_500), "took {:?}", began.elapsed());
    assert_eq!(engine.checkmate(&query(START, &[])), Ok(false));
    assert_eq!(engine.restarts(), 1);
}

#[test]
fn the_handshake_takes_banners_odd_spacing_noise_registration_and_crlf() {
    let mut engine = spawn("banner_crlf.py", "");
    assert_eq!(engine.id(), "Fake Banner Engine 1.0");
    // Its `d` shows checkers only once it is told `register later`.
    assert_eq!(
        engine.dialect(),
        Dialect { display: Display::Stockfish, perft: true, searchmoves: false, chess960: true }
    );
    assert_eq!(engine.legal_moves(&query(START, &[])).map(|l| l.len()), Ok(20));
    // `info string score mate 0` after the search's `score cp 0` is no score.
    assert_eq!(engine.stalemate(&query(STALEMATE, &[])), Ok(true));
    assert_eq!(engine.checkmate(&query(STALEMATE, &[])), Ok(false));
    let mate = query(START, FOOLS_MATE);
    assert_eq!(engine.checkmate(&mate), Ok(true));
    assert_eq!(engine.checkers(&mate), Ok(vec![Square::H4]));
    assert_eq!(engine.restarts(), 0);
}

/// The registry's UCI engines that are installed show at start-up what
/// their registry notes say: Stockfish perft and `d`, Glaurung `searchmoves`
/// and a FEN line, Toga II and Ethereal neither.
#[test]
fn the_installed_uci_engines_show_their_dialects() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance/engines.yaml");
    let specs = registry::read(&path).unwrap();
    let expected = [
        ("stockfish", Display::Stockfish, true, true),
        ("glaurung", Display::Fen, false, true),
        ("toga2", Display::None, false, false),
        ("ethereal", Display::None, false, false),
    ];
    for (name, display, perft, searchmoves) in expected {
        let spec = specs.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("{name} is not in the registry"));
        if lawbook_engines::process::locate(spec.command.as_deref().unwrap_or_default()).is_none() {
            println!("SKIPPED: {name} is not installed");
            continue;
        }
        let began = Instant::now();
        let engine = UciEngine::spawn(spec).unwrap_or_else(|e| panic!("{name}: {e}"));
        let dialect = engine.dialect();
        println!("{name}: {dialect:?}, learnt in {:?}", began.elapsed());
        assert_eq!((dialect.display, dialect.perft, dialect.searchmoves), (display, perft, searchmoves), "{name}");
    }
}

#[test]
fn a_position_rejected_in_an_info_string_is_refused_and_a_fresh_engine_goes_on() {
    let mut engine = spawn("perft.py", "rejects");
    // Nine white knights and pawns too many: the engine says so and drops what follows.
    let crowded = query("4k3/8/8/8/3N4/8/PPPPPPPP/1N2K1N1 w - - 0 1", &[]);
    match engine.legal_moves(&crowded) {
        Err(EngineError::Refused(why)) => assert!(why.contains("Too many pieces"), "{why}"),
        other => panic!("expected the engine's refusal, got {other:?}"),
    }
    // Not a hang: the next question goes to a fresh process.
    assert_eq!(engine.legal_moves(&query(START, &[])).map(|m| m.len()), Ok(20));
}
