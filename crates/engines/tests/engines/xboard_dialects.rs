//! The xboard adapter against fake engines that each speak one dialect CECP
//! allows: refusals spelt in every allowed way and case, result comments in
//! many words or none, handshakes spread over lines or missing (protocol 1),
//! an engine that answers `ping` without announcing it, one that plays no
//! normal chess. The fakes are Python 3 scripts in `tests/fakes/xboard/`,
//! written from the protocol's specification (`cecp.py` is their common part).

use lawbook_board::Color;
use lawbook_engines::adapters::xboard::{Announces, Ending, When, XboardEngine};
use lawbook_engines::registry::{self, EngineSpec};
use lawbook_engines::{Ask, Capability, Engine, EngineError, FaultKind, PositionQuery};
use lawbook_notation::uci::UciMove;
use lawbook_outcome::{GameResult, Outcome, Reason};
use std::path::Path;
use std::time::{Duration, Instant};

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const FOOLS_MATE: &[&str] = &["f2f3", "e7e5", "g2g4", "d8h4"];
const SHUFFLE: &[&str] = &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"];
/// Every dialect that plays chess.
const CHESS_DIALECTS: &[&str] =
    &["sjaak", "reasons", "shouting", "error_illegal", "bare", "invalid", "protocol1", "quiet_ping"];

/// The registry entry of the fake `dialect` (`python3 -B tests/fakes/xboard/DIALECT.py`).
fn spec(dialect: &str) -> EngineSpec {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fakes/xboard/{dialect}.py"));
    let yaml = format!(
        "engines:\n  - name: {dialect}\n    protocol: xboard\n    command: python3\n    args: [\"-B\", {:?}]\n    timeout_ms: 5000\n",
        script.display().to_string()
    );
    registry::parse(&yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}")).remove(0)
}

fn spawn(dialect: &str) -> XboardEngine {
    XboardEngine::spawn(&spec(dialect)).unwrap_or_else(|e| panic!("{dialect} does not start: {e}"))
}

fn query(fen: &str, moves: &[&str]) -> PositionQuery {
    PositionQuery::from_fen(fen, moves).unwrap_or_else(|e| panic!("{moves:?}: {e}"))
}

fn m(text: &str) -> UciMove {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn every_dialect_starts_and_its_refusals_are_refusals() {
    for &dialect in CHESS_DIALECTS {
        let mut engine = spawn(dialect);
        let start = query(STARTPOS, &[]);
        assert_eq!(engine.is_legal(&start, m("e2e5")), Ok(false), "{dialect}");
        assert_eq!(engine.is_legal(&start, m("e2e4")), Ok(true), "{dialect}");
        assert_eq!(engine.is_legal(&query(STARTPOS, &["e2e4", "e7e5"]), m("e1g1")), Ok(false), "{dialect}");
        assert_eq!(engine.is_legal(&query(STARTPOS, &["e2e4", "e7e5"]), m("g1f3")), Ok(true), "{dialect}");
        assert_eq!(engine.restarts(), 0, "{dialect}");
    }
}

#[test]
fn sjaaks_words_are_read_by_their_meaning() {
    let mut sjaak = spawn("sjaak");
    assert_eq!(sjaak.features().myname, "Sjaak II 1.4.1");
    assert!(!sjaak.features().usermove && sjaak.features().setboard);
    let both = When { after_setup: true, after_move: true };
    let announces = sjaak.announces();
    assert_eq!(
        announces,
        Announces {
            mate: both,
            stalemate: both,
            insufficient_material: both,
            dead_position: When::default(),
            repetition: Some(3),
            fifty_moves: both,
            seventy_five_moves: When::default(),
            claims_threefold: true,
            claims_fifty_moves: true,
        }
    );
    let bare_kings = query("8/8/8/4k3/8/3r4/4K3/8 w - - 0 1", &["e2d3"]);
    assert_eq!(sjaak.outcome(&bare_kings), Ok(Some(Outcome::draw(Reason::InsufficientMaterial))));
    // A result line for a repetition or fifty moves is the engine's claim,
    // never an ending by itself: the outcome is unknown, the claim is told.
    let repeated = query(STARTPOS, SHUFFLE);
    assert_eq!(sjaak.outcome(&repeated), Err(EngineError::Unsupported(Capability::Outcome)));
    assert_eq!(sjaak.claims(&repeated).map(|c| c.threefold), Ok(Some(vec![SHUFFLE.len()])));
    // Said again after every later move: each is a claim.
    let mut on = SHUFFLE.to_vec();
    on.extend(["e2e4", "e7e5"]);
    let endings = sjaak.endings(&query(STARTPOS, &on)).unwrap();
    assert_eq!(endings.len(), 3, "{endings:?}");
    let claimed = sjaak.claims(&query(STARTPOS, &on)).map(|c| c.threefold);
    assert_eq!(claimed, Ok(Some(vec![SHUFFLE.len(), SHUFFLE.len() + 1, SHUFFLE.len() + 2])));
    let fifty = query("8/8/8/4k3/8/8/3RK3/8 w - - 100 80", &[]);
    assert_eq!(sjaak.outcome(&fifty), Err(EngineError::Unsupported(Capability::Outcome)));
    assert_eq!(sjaak.claims(&fifty).map(|c| c.fifty_moves), Ok(Some(vec![0])));
    // Silence where it claims wherever it may: no claim.
    assert_eq!(sjaak.claims(&query(STARTPOS, &["e2e4"])).map(|c| c.threefold), Ok(Some(vec![])));
}

#[test]
fn comments_in_many_spellings_name_their_reasons() {
    let mate = query(STARTPOS, FOOLS_MATE);
    let scholar = query(STARTPOS, &["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]);
    let stalemate = query("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", &["f1f7"]);
    let bare_kings = query("8/8/8/4k3/8/3r4/4K3/8 w - - 0 1", &["e2d3"]);
    let repeated = query(STARTPOS, SHUFFLE);
    let fifty = query("8/8/8/4k3/8/8/3RK3/8 w - - 99 80", &["d2d3"]);
    for dialect in ["sjaak", "reasons", "shouting", "error_illegal"] {
        let mut engine = spawn(dialect);
        assert_eq!(engine.outcome(&mate), Ok(Some(Outcome::win(Color::Black, Reason::Checkmate))), "{dialect}");
        assert_eq!(engine.checkmate(&mate), Ok(true), "{dialect}");
        assert_eq!(engine.outcome(&scholar), Ok(Some(Outcome::win(Color::White, Reason::Checkmate))), "{dialect}");
        assert_eq!(engine.outcome(&stalemate), Ok(Some(Outcome::draw(Reason::Stalemate))), "{dialect}");
        assert_eq!(engine.stalemate(&stalemate), Ok(true), "{dialect}");
        assert_eq!(engine.outcome(&bare_kings), Ok(Some(Outcome::draw(Reason::InsufficientMaterial))), "{dialect}");
        if dialect != "error_illegal" {
            // Read as claims of those draws (see `Ending::claim`).
            let claim =
                |engine: &mut XboardEngine, q| engine.endings(q).map(|e| e.first().and_then(|(_, e)| e.claim()));
            assert_eq!(claim(&mut engine, &repeated), Ok(Some(Reason::ThreefoldRepetition)), "{dialect}");
            assert_eq!(claim(&mut engine, &fifty), Ok(Some(Reason::FiftyMoves)), "{dialect}");
        }
    }
    let mut reasons = spawn("reasons");
    let dead = query("7k/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/K7 w - - 0 1", &[]);
    assert_eq!(reasons.outcome(&dead), Ok(Some(Outcome::draw(Reason::DeadPosition))));
    let seventy_five = query("8/8/8/4k3/8/8/3RK3/8 w - - 150 80", &[]);
    assert_eq!(reasons.outcome(&seventy_five), Ok(Some(Outcome::draw(Reason::SeventyFiveMoves))));
    // It ends the game at the fifth occurrence only, and says so.
    let mut five = spawn("error_illegal");
    assert_eq!(five.announces().repetition, Some(5));
    let mut fivefold = SHUFFLE.to_vec();
    fivefold.extend_from_slice(SHUFFLE);
    assert_eq!(five.outcome(&query(STARTPOS, &fivefold)), Ok(Some(Outcome::draw(Reason::FivefoldRepetition))));
    // Announced only after a move: silence after a set-up tells nothing.
    let shouting = spawn("shouting");
    assert_eq!(shouting.announces().mate, When { after_setup: false, after_move: true });
}

#[test]
fn comments_that_name_no_reason_are_endings_without_one() {
    let mate = query(STARTPOS, FOOLS_MATE);
    let stalemate = query("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", &["f1f7"]);
    for dialect in ["bare", "invalid"] {
        let mut engine = spawn(dialect);
        // What it announces is still learnt, whatever its words.
        assert!(engine.announces().mate.ever() && engine.announces().stalemate.ever(), "{dialect}");
        assert!(engine.supports(Capability::Outcome), "{dialect}");
        let ending = |result| vec![(4, Ending { result: Some(result), reason: None })];
        assert_eq!(engine.endings(&mate), Ok(ending(GameResult::BlackWins)), "{dialect}");
        assert_eq!(engine.outcome(&mate), Err(EngineError::Unsupported(Capability::Outcome)), "{dialect}");
        // It announced an ending, but not which: mate and stalemate stay unknown.
        assert_eq!(engine.checkmate(&mate), Err(EngineError::Unsupported(Capability::Checkmate)), "{dialect}");
        assert_eq!(
            engine.endings(&stalemate),
            Ok(vec![(1, Ending { result: Some(GameResult::Draw), reason: None })]),
            "{dialect}"
        );
        assert_eq!(engine.restarts(), 0, "{dialect}");
    }
}

#[test]
fn a_careful_handshake_over_many_lines_is_read_whole() {
    let began = Instant::now();
    let engine = spawn("reasons");
    // It said done=0, then its features, then done=1 after 0.3 s.
    assert!(began.elapsed() >= Duration::from_millis(300));
    let features = engine.features();
    assert_eq!(features.myname, "Reasons Engine 1.0 beta");
    assert!(features.usermove && features.setboard && features.ping);
    assert_eq!(features.variants.as_deref(), Some("normal,fischerandom"));
    assert_eq!(features.pongs_per_ping, 1);
}

#[test]
fn a_protocol_one_engine_is_heard_out_without_ping() {
    let mut engine = spawn("protocol1");
    let features = engine.features().clone();
    assert!(!features.ping && !features.setboard && !features.usermove, "{features:?}");
    assert_eq!(features.pongs_per_ping, 0);
    let mate = query(STARTPOS, FOOLS_MATE);
    assert_eq!(engine.outcome(&mate), Ok(Some(Outcome::win(Color::Black, Reason::Checkmate))));
    // Edit mode, Black to move.
    let stalemate = query("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]);
    assert_eq!(engine.outcome(&stalemate), Ok(Some(Outcome::draw(Reason::Stalemate))));
    // One that answers ping without announcing it is synchronised by ping.
    let mut pongs = spawn("quiet_ping");
    assert!(pongs.features().ping);
    assert_eq!(pongs.features().pongs_per_ping, 1);
    assert_eq!(pongs.outcome(&mate), Ok(Some(Outcome::win(Color::Black, Reason::Checkmate))));
    // Told not to use ping, it is heard out by its silences.
    let mut told = spec("quiet_ping");
    told.options.insert("ping".to_string(), "0".to_string());
    let mut told = XboardEngine::spawn(&told).unwrap_or_else(|e| panic!("ping: 0 does not start: {e}"));
    assert!(!told.features().ping);
    assert_eq!(told.is_legal(&query(STARTPOS, &[]), m("e2e5")), Ok(false));
}

#[test]
fn an_engine_without_normal_chess_is_told_so_at_once() {
    let began = Instant::now();
    let why = match XboardEngine::spawn(&spec("xiangqi_only")) {
        Err(EngineError::Failed(fault)) if fault.kind() == FaultKind::CouldNotStart => fault.message().to_string(),
        other => panic!("expected a failure to start, got {other:?}"),
    };
    assert!(why.contains("does not play normal chess") && why.contains("xiangqi, shogi, makruk"), "{why}");
    assert!(!why.contains("then:"), "one try is enough: {why}");
    assert!(began.elapsed() < Duration::from_secs(3));
}

#[test]
fn an_unknown_command_is_no_refusal_of_the_move() {
    let mut engine = spawn("usermove_only");
    match engine.is_legal(&query(STARTPOS, &[]), m("e2e4")) {
        Err(EngineError::Failed(fault)) => {
            assert_eq!(fault.kind(), FaultKind::BrokeProtocol, "{fault}");
            // And says what to do about it.
            assert!(fault.message().contains("--option usermove=1"), "{fault}");
        }
        other => panic!("expected a failure that says why, got {other:?}"),
    }
}
