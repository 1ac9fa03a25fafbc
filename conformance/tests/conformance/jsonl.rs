//! The JSON-lines rules protocol (conformance/PROTOCOL.md) from the
//! client's side: broken engines get clear errors and the run goes on; the
//! python-chess, chess.js and chessops adapters answer with their
//! libraries' rules. (`lawbook serve`, the server, is tested in
//! `crates/cli/tests/`.)

use lawbook_board::ByColor;
use lawbook_engines::adapters::jsonl::JsonlEngine;
use lawbook_engines::{Ask, BuiltIn, Capability, Engine, EngineError, Facts, FaultKind, PositionQuery, registry};
use lawbook_notation::fen;
use lawbook_notation::uci::UciMove;
use lawbook_outcome::{Game, Outcome, Reason};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The workspace root.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// An engine spec read the way the registry reads it, every reply checked
/// against the protocol's schema.
fn spec(name: &str, command: &Path, args: &[&str], timeout_ms: u64) -> registry::EngineSpec {
    let yaml = format!(
        "engines:\n  - name: {name}\n    protocol: jsonl\n    command: {}\n    args: {}\n    timeout_ms: {timeout_ms}\n    validate_protocol: true\n",
        json!(command.to_string_lossy()),
        json!(args),
    );
    let mut specs = registry::parse(&yaml).expect("a valid registry entry");
    specs.remove(0)
}

fn query(fen: &str, moves: &[UciMove]) -> PositionQuery {
    PositionQuery { fen: fen.to_string(), moves: moves.to_vec(), chess960: false, automatic_fifty_moves: false }
}

fn uci_moves(moves: &[&str]) -> Vec<UciMove> {
    moves.iter().map(|text| m(text)).collect()
}

/// A UCI move of the test's text.
fn m(text: &str) -> UciMove {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Random games from `start`, cut at `plies` or at the end of the game; every
/// prefix is a position to ask about.
fn random_game(start: &str, chess960: bool, plies: usize, rng: &mut Xoshiro256PlusPlus) -> Vec<UciMove> {
    let mode = chess960.then_some(lawbook_board::CastlingMode::Chess960);
    let pos = fen::read_with(start, mode, lawbook_board::Relaxations::STRICT).expect("a valid start");
    let mut game = Game::new(pos);
    let mut moves = Vec::new();
    while moves.len() < plies && !game.is_over() {
        let legal = game.position().legal_moves();
        let Some(&mv) = legal.choose(rng) else { break };
        moves.push(UciMove::from_move(game.position(), mv));
        game.play(mv).expect("a legal move of a game in progress");
    }
    moves
}

/// Starting positions with castling both ways, en passant, promotions,
/// near-fifty and near-seventy-five-move clocks, few pieces, Chess960.
const STARTS: &[(&str, bool)] = &[
    (fen::STARTPOS, false),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false),
    ("7k/8/6K1/8/8/8/8/R7 w - - 97 80", false),
    ("7k/8/6K1/8/8/8/3B4/R7 w - - 146 120", false),
    ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", false),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true),
];

fn sorted(moves: Vec<UciMove>) -> Vec<UciMove> {
    let set: BTreeSet<UciMove> = moves.into_iter().collect();
    set.into_iter().collect()
}

/// Check, the checkers (in square order), mate and stalemate, each asked on its own.
fn status(engine: &mut dyn Engine, q: &PositionQuery) -> Result<Facts, EngineError> {
    Ok(Facts {
        in_check: Some(engine.in_check(q)?),
        checkers: Some(engine.checkers(q)?),
        checkmate: Some(engine.checkmate(q)?),
        stalemate: Some(engine.stalemate(q)?),
        ..Facts::default()
    })
}

/// The draw-rule facts, each asked on its own.
fn game_state(engine: &mut dyn Engine, q: &PositionQuery) -> Result<Facts, EngineError> {
    let all = engine.facts(q)?;
    Ok(Facts { in_check: None, checkers: None, checkmate: None, stalemate: None, ..all })
}

/// Sends `input` to a fresh `program args` and returns its replies.
fn raw_session_of(program: &Path, args: &[&str], input: &[u8]) -> (Vec<Value>, std::process::ExitStatus) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the program ends");
    writer.join().expect("the writer finishes");
    let text = String::from_utf8(output.stdout).expect("UTF-8 replies");
    (text.lines().map(|l| serde_json::from_str(l).expect("every reply is JSON")).collect(), output.status)
}

/// A fake engine, `tests/fakes/misbehaves.sh`: a shell script that answers
/// `hello` and then misbehaves as `mode` says.
fn fake(mode: &str, timeout_ms: u64) -> Result<JsonlEngine, EngineError> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fakes/misbehaves.sh");
    let script = script.to_string_lossy();
    JsonlEngine::spawn(&spec(mode, Path::new("/bin/sh"), &[&script, mode], timeout_ms))
}

#[test]
fn broken_engines_get_an_error_verdict_and_a_restart() {
    let good = query(fen::STARTPOS, &uci_moves(&["e2e4"]));
    let bad = query(fen::STARTPOS, &[]);
    let cases: [(&str, FaultKind); 5] = [
        ("crash", FaultKind::Exited),
        ("hang", FaultKind::TimedOut),
        ("garbage", FaultKind::Garbage),
        ("wrong-id", FaultKind::BrokeProtocol),
        ("flood", FaultKind::Flooded),
    ];
    for (name, expected) in cases {
        let started = Instant::now();
        let mut engine = fake(name, 300).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(engine.supports(Capability::LegalMoves) && !engine.supports(Capability::Board));
        // Not announced: unsupported without asking. Announced but refused: unsupported.
        assert_eq!(engine.board(&good), Err(EngineError::Unsupported(Capability::Board)));
        assert_eq!(engine.checkmate(&good), Err(EngineError::Unsupported(Capability::Checkmate)));
        let chess960 = PositionQuery { chess960: true, ..good.clone() };
        assert_eq!(engine.legal_moves(&chess960), Err(EngineError::Unsupported(Capability::LegalMoves)));
        for round in 0..2 {
            match engine.legal_moves(&bad) {
                Err(EngineError::Failed(fault)) => {
                    assert_eq!(fault.kind(), expected, "{name}: {fault}");
                    assert!(fault.message().ends_with("; the engine was restarted"), "{name}: {fault}");
                }
                other => panic!("{name}: expected an engine error, got {other:?}"),
            }
            assert_eq!(engine.restarts(), round + 1, "{name}");
            // The run goes on: the restarted engine answers the next request.
            assert_eq!(engine.legal_moves(&good), Ok(vec![m("e7e5")]), "{name}");
        }
        assert!(started.elapsed() < Duration::from_secs(5), "{name} took {:.1?}", started.elapsed());
    }
    // A program that is missing, or that does not speak the protocol.
    let missing = JsonlEngine::spawn(&spec("missing", Path::new("no-such-engine-anywhere"), &[], 300));
    assert_eq!(missing.err().and_then(|e| e.kind()), Some(FaultKind::NotInstalled));
    assert_eq!(fake("silent", 300).err().and_then(|e| e.kind()), Some(FaultKind::TimedOut));
}

fn adapter_path(parts: &[&str]) -> PathBuf {
    parts.iter().fold(workspace().join("conformance/adapters"), |p, part| p.join(part))
}

fn python_chess() -> Option<JsonlEngine> {
    let installed = Command::new("python3").args(["-c", "import chess"]).stderr(Stdio::null()).status();
    if !installed.is_ok_and(|s| s.success()) {
        println!("SKIPPED: python-chess is not installed (pip install chess)");
        return None;
    }
    let script = adapter_path(&["python-chess", "adapter.py"]);
    let args = [script.to_string_lossy().into_owned()];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    Some(JsonlEngine::spawn(&spec("python-chess", Path::new("python3"), &args, 20_000)).expect("the adapter starts"))
}

fn chess_js() -> Option<JsonlEngine> {
    let node = Command::new("node").arg("--version").stdout(Stdio::null()).status();
    if !node.is_ok_and(|s| s.success()) || !adapter_path(&["chess.js", "node_modules", "chess.js"]).is_dir() {
        println!("SKIPPED: node or chess.js is not installed (npm install --prefix conformance/adapters/chess.js)");
        return None;
    }
    let script = adapter_path(&["chess.js", "adapter.mjs"]);
    let args = [script.to_string_lossy().into_owned()];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    Some(JsonlEngine::spawn(&spec("chess.js", Path::new("node"), &args, 20_000)).expect("the adapter starts"))
}

/// The chessops adapter, when node and chessops are installed.
fn chessops() -> Option<JsonlEngine> {
    let node = Command::new("node").arg("--version").stdout(Stdio::null()).status();
    if !node.is_ok_and(|s| s.success()) || !adapter_path(&["chessops", "node_modules", "chessops"]).is_dir() {
        println!(
            "SKIPPED: node or chessops is not installed (npm install --prefix conformance/adapters/chessops chessops)"
        );
        return None;
    }
    let script = adapter_path(&["chessops", "adapter.mjs"]);
    let args = [script.to_string_lossy().into_owned()];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    Some(JsonlEngine::spawn(&spec("chessops", Path::new("node"), &args, 20_000)).expect("the adapter starts"))
}

/// Positions whose answers every faithful rules library gives alike.
fn sample_positions() -> Vec<PositionQuery> {
    let mut positions = vec![
        query(fen::STARTPOS, &[]),
        query(fen::STARTPOS, &uci_moves(&["f2f3", "e7e5", "g2g4", "d8h4"])),
        query("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[]),
        query("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &uci_moves(&["e2e4"])),
        query("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &[]),
        query("R5nk/5K2/6P1/8/8/8/8/8 b - - 0 1", &[]),
        query("3qkb2/2pp1p2/8/8/4N3/8/8/4R1K1 w - - 0 1", &uci_moves(&["e4d6"])),
    ];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for _ in 0..4 {
        positions.push(query(fen::STARTPOS, &random_game(fen::STARTPOS, false, 40, &mut rng)));
    }
    positions
}

#[test]
fn python_chess_answers_with_its_own_rules() {
    let Some(mut engine) = python_chess() else { return };
    assert!(engine.hello().engine.starts_with("python-chess "), "{:?}", engine.hello());
    let mut built_in = BuiltIn;
    for q in sample_positions() {
        assert_eq!(
            sorted(engine.legal_moves(&q).expect("moves")),
            sorted(built_in.legal_moves(&q).expect("moves")),
            "{q:?}"
        );
        assert_eq!(status(&mut engine, &q), status(&mut built_in, &q), "{q:?}");
        assert_eq!(engine.board(&q), built_in.board(&q), "{q:?}");
    }
    let shuffle = uci_moves(&["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]);
    let state = game_state(&mut engine, &query(fen::STARTPOS, &shuffle)).expect("game state");
    let expected = Facts {
        outcome: Some(None),
        insufficient_material: ByColor::new(Some(false), Some(false)),
        dead_position: Some(false),
        repetitions: Some(2),
        can_claim_threefold: Some(true),
        can_claim_fifty_moves: Some(false),
        ..Facts::default()
    };
    assert_eq!(state, expected, "a threefold claim by announcing the move");
    let fools =
        game_state(&mut engine, &query(fen::STARTPOS, &uci_moves(&["f2f3", "e7e5", "g2g4", "d8h4"]))).expect("state");
    assert_eq!(fools.outcome, Some(Some(Outcome::win(lawbook_board::Color::Black, Reason::Checkmate))));
    let bishop =
        game_state(&mut engine, &query("4k3/P7/4K3/8/8/8/8/8 w - - 0 1", &uci_moves(&["a7a8b"]))).expect("state");
    assert_eq!(bishop.outcome, Some(Some(Outcome::draw(Reason::InsufficientMaterial))));
    assert_eq!(bishop.insufficient_material, ByColor::new(Some(true), Some(true)));
    let fifty = query("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &uci_moves(&["a1a2"]));
    assert_eq!(engine.can_claim_fifty_moves(&fifty), Ok(true));
    let automatic = PositionQuery { automatic_fifty_moves: true, ..fifty };
    assert_eq!(engine.outcome(&automatic), Ok(Some(Outcome::draw(Reason::FiftyMoves))));
    let chess960 = PositionQuery {
        chess960: true,
        ..query("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", &[])
    };
    assert_eq!(
        sorted(engine.legal_moves(&chess960).expect("moves")),
        sorted(built_in.legal_moves(&chess960).expect("moves"))
    );
    assert_eq!(engine.is_legal(&query(fen::STARTPOS, &[]), m("e2e4")), Ok(true));
    assert_eq!(engine.is_legal(&query(fen::STARTPOS, &[]), m("e2e5")), Ok(false));
    assert_eq!(
        engine.legal_moves(&query(fen::STARTPOS, &uci_moves(&["e2e5"]))).err().and_then(|e| e.kind()),
        Some(FaultKind::RefusedMove)
    );
    assert_eq!(engine.restarts(), 0);
}

#[test]
fn chess_js_answers_with_its_own_rules() {
    let Some(mut engine) = chess_js() else { return };
    assert!(engine.hello().engine.starts_with("chess.js 1."), "{:?}", engine.hello());
    let mut built_in = BuiltIn;
    for q in sample_positions() {
        assert_eq!(
            sorted(engine.legal_moves(&q).expect("moves")),
            sorted(built_in.legal_moves(&q).expect("moves")),
            "{q:?}"
        );
        assert_eq!(status(&mut engine, &q), status(&mut built_in, &q), "{q:?}");
        assert_eq!(engine.board(&q), built_in.board(&q), "{q:?}");
    }
    assert_eq!(engine.is_legal(&query(fen::STARTPOS, &[]), m("g1f3")), Ok(true));
    assert_eq!(engine.is_legal(&query(fen::STARTPOS, &[]), m("g1g3")), Ok(false));
    // chess.js ends games its own way, and judges no per-side material and no claims.
    let fools = query(fen::STARTPOS, &uci_moves(&["f2f3", "e7e5", "g2g4", "d8h4"]));
    assert_eq!(engine.outcome(&fools), Ok(Some(Outcome::win(lawbook_board::Color::Black, Reason::Checkmate))));
    let material = engine.insufficient_material(&fools, lawbook_board::Color::White);
    assert_eq!(material, Err(EngineError::Unsupported(Capability::InsufficientMaterial)));
    assert_eq!(engine.can_claim_threefold(&fools), Err(EngineError::Unsupported(Capability::ThreefoldClaim)));
    let chess960 = PositionQuery { chess960: true, ..query(fen::STARTPOS, &[]) };
    assert_eq!(engine.legal_moves(&chess960), Err(EngineError::Unsupported(Capability::LegalMoves)));
    assert_eq!(engine.restarts(), 0);
}

#[test]
fn chessops_answers_with_its_own_rules() {
    let Some(mut engine) = chessops() else { return };
    assert!(engine.hello().engine.starts_with("chessops 0."), "{:?}", engine.hello());
    for capability in [Capability::LegalMoves, Capability::MoveLegality, Capability::Outcome, Capability::Trace] {
        assert!(engine.supports(capability), "{capability:?}");
    }
    let mut built_in = BuiltIn;
    for q in sample_positions() {
        assert_eq!(
            sorted(engine.legal_moves(&q).expect("moves")),
            sorted(built_in.legal_moves(&q).expect("moves")),
            "{q:?}"
        );
        assert_eq!(status(&mut engine, &q), status(&mut built_in, &q), "{q:?}");
        assert_eq!(engine.board(&q), built_in.board(&q), "{q:?}");
    }
    // The draw rules: those chessops judges, and those the adapter counts from chessops's positions.
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let cases = [
        query(fen::STARTPOS, &uci_moves(&shuffle.repeat(2)[..7])),
        query(fen::STARTPOS, &uci_moves(&shuffle.repeat(2))),
        query(fen::STARTPOS, &uci_moves(&shuffle.repeat(4))),
        query("4k3/P7/4K3/8/8/8/8/8 w - - 0 1", &uci_moves(&["a7a8b"])),
        query("4k3/P7/4K3/8/8/8/8/8 w - - 0 1", &uci_moves(&["a7a8q"])),
        query("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &[]),
        query("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &uci_moves(&["a1a2"])),
        query("7k/8/6K1/8/8/8/8/R7 w - - 149 120", &uci_moves(&["a1a2"])),
        query("7k/8/6K1/8/8/8/8/R7 w - - 149 120", &uci_moves(&["a1a8"])),
        query("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", &[]),
        // After d2-d4 the en passant capture is legal, so that position does not come again (1);
        // the one after Kd8 does (2).
        query("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1", &uci_moves(&["d2d4", "e8d8", "e1d1", "d8e8", "d1e1"])),
        query("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1", &uci_moves(&["d2d4", "e8d8", "e1d1", "d8e8", "d1e1", "e8d8"])),
    ];
    for q in cases {
        assert_eq!(game_state(&mut engine, &q), game_state(&mut built_in, &q), "{q:?}");
    }
    // Fifty moves ending the game by itself (lawbook refuses moves after that end, so only before it).
    for moves in [&[][..], &["a1a2"], &["a1a8"]] {
        let automatic = PositionQuery {
            automatic_fifty_moves: true,
            ..query("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &uci_moves(moves))
        };
        assert_eq!(game_state(&mut engine, &automatic), game_state(&mut built_in, &automatic), "{automatic:?}");
    }
    // Dead positions beyond the material rule: chessops's only proof is insufficient material.
    let wall = query("8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/5K2 w - - 0 1", &[]);
    assert_eq!((engine.dead_position(&wall), engine.outcome(&wall)), (Ok(false), Ok(None)));
    // Every fact of every position of a game, SAN read both ways.
    let game = query(fen::STARTPOS, &uci_moves(&["e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8d2"]));
    let reads: Vec<Vec<String>> = (0..=game.moves.len())
        .map(|ply| {
            let texts: &[&str] = match ply {
                0 => &["e4", "Nf3", "Ke2", "O-O"],
                6 => &["dxc6", "Bxc6+", "Ba4", "cxb7"],
                7 => &["Qxd2+", "bxc6", "Nbd7", "Bd7"],
                8 => &["Kxd2", "Bxd2", "Nxd2", "Kf1"],
                _ => &[],
            };
            texts.iter().map(|t| t.to_string()).collect()
        })
        .collect();
    let theirs = engine.trace(&game, reads.clone()).expect("trace");
    assert_eq!(theirs, built_in.trace(&game, reads).expect("trace"));
    assert_eq!(theirs[0].reads, [Some(m("e2e4")), Some(m("g1f3")), None, None]);
    assert_eq!(theirs[8].reads, [Some(m("e1d2")), Some(m("c1d2")), Some(m("b1d2")), Some(m("e1f1"))]);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(960);
    for &(start, chess960) in STARTS {
        let game = PositionQuery { chess960, ..query(start, &random_game(start, chess960, 80, &mut rng)) };
        assert_eq!(engine.trace(&game, Vec::new()), built_in.trace(&game, Vec::new()), "{game:?}");
    }
    assert_eq!(engine.restarts(), 0);
}

#[test]
fn chessops_castling_is_written_and_read_as_uci_writes_it() {
    let Some(mut engine) = chessops() else { return };
    let start = query("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &[]);
    let chess960 = PositionQuery { chess960: true, ..start.clone() };
    let standard = engine.legal_moves(&start).expect("moves");
    assert!(standard.contains(&m("e1g1")) && standard.contains(&m("e1c1")) && !standard.contains(&m("e1h1")));
    let moves = engine.legal_moves(&chess960).expect("moves");
    assert!(moves.contains(&m("e1h1")) && moves.contains(&m("e1a1")) && !moves.contains(&m("e1g1")));
    // Each mode has one way of writing castling; the other names no move.
    for (q, legal, not) in [(&start, "e1g1", "e1h1"), (&chess960, "e1h1", "e1g1")] {
        assert_eq!(engine.is_legal(q, m(legal)), Ok(true), "{legal} in {q:?}");
        assert_eq!(engine.is_legal(q, m(not)), Ok(false), "{not} in {q:?}");
        let wrong = PositionQuery { moves: vec![m(not)], ..q.clone() };
        assert_eq!(engine.board(&wrong).err().and_then(|e| e.kind()), Some(FaultKind::RefusedMove));
    }
    let castled = BuiltIn.board(&query("2kr3r/8/8/8/8/8/8/R4RK1 w - - 0 1", &[]));
    assert_eq!(engine.board(&PositionQuery { moves: uci_moves(&["e1g1", "e8c8"]), ..start.clone() }), castled);
    assert_eq!(engine.board(&PositionQuery { moves: uci_moves(&["e1h1", "e8a8"]), ..chess960.clone() }), castled);
    // chessops's isLegal reads a king move two squares on in its square
    // numbering (g1 to a2) as castling; the adapter does not pass it on.
    let corner = PositionQuery { chess960: true, ..query("4k3/8/8/8/8/8/8/6KR w K - 0 1", &[]) };
    assert_eq!(engine.is_legal(&corner, m("g1h1")), Ok(true));
    assert_eq!(engine.is_legal(&corner, m("g1a2")), Ok(false));
    // A castling right that standard UCI cannot write is not answered in standard chess.
    let odd = query("4k3/8/8/8/8/8/8/6KR w K - 0 1", &[]);
    assert_eq!(engine.legal_moves(&odd), Err(EngineError::Unsupported(Capability::LegalMoves)));
    assert_eq!(engine.restarts(), 0);
}

#[test]
fn chessops_adapter_answers_bad_lines_with_errors() {
    if chessops().is_none() {
        return;
    }
    let script = adapter_path(&["chessops", "adapter.mjs"]).to_string_lossy().into_owned();
    let mut input = Vec::new();
    let mut line = |text: &[u8]| {
        input.extend_from_slice(text);
        input.push(b'\n');
    };
    line(br#"{"id":1,"request":"hello","protocol":1}"#);
    line(b"{\"id\": 2, \"request\": ");
    line(b"\xc3\x28 not utf-8");
    line(br#"{"id":3,"request":"legal_moves","position":{"fen":"startpos","moves":["e2e4","e7e5","e1e3"]}}"#);
    line(br#"{"id":4,"request":"promote","position":{"fen":"startpos"}}"#);
    line(
        br#"{"id":5,"request":"status","position":{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"}}"#,
    );
    line(br#"{"id":6,"request":"is_legal","position":{"fen":"startpos"}}"#);
    line(br#"{"id":"seven","request":"is_legal","position":{"fen":"startpos"},"move":"g1f3"}"#);
    line(&[b' '; 3]);
    line(&[b"[".as_slice(), &vec![b'1'; 2 << 20]].concat());
    line(br#"{"id":8,"request":"board","position":{"fen":"startpos","moves":["e2e4"]}}"#);
    line(br#"{"id":9,"request":"trace","position":{"fen":"startpos"},"read_san":"e4"}"#);
    line(br#"{"id":10,"request":"game","position":{"fen":"startpos","chess960":1}}"#);
    line(br#"{"id":11,"request":"is_legal","position":{"fen":"startpos"},"move":"e2e4x"}"#);
    line(br#"{"id":12,"request":"board","position":{"fen":"8/8/8/8/8/8/8/8 w - - 0 1"}}"#);
    line(br#"{"id":13,"request":"board","position":{"fen":"startpos","moves":"e2e4"}}"#);
    line(br#"{"id":14,"request":"board","position":{"fen":"startpos","moves":["e2e4",null]}}"#);
    line(br#"{"id":15,"request":"board","position":{"fen":"startpos","moves":["e2"]}}"#);
    line(br#"{"id":16,"request":7}"#);
    line(br#"[1,2]"#);
    line(br#"{"id":17,"request":"trace","position":{"fen":"startpos","moves":["e2e4"]},"read_san":[[],["e5","O-O-O","x","@e4",""]]}"#);
    let (replies, status) = raw_session_of(Path::new("node"), &[script.as_str()], &input);
    assert!(status.success(), "end of input ends the session cleanly: {status}");
    let summary: Vec<(Value, Value)> = replies.iter().map(|r| (r["id"].clone(), r["error"]["kind"].clone())).collect();
    assert_eq!(
        summary,
        [
            (json!(1), Value::Null),
            (Value::Null, json!("bad_json")),
            (Value::Null, json!("bad_json")),
            (json!(3), json!("illegal_move")),
            (json!(4), json!("unknown_request")),
            (json!(5), json!("bad_fen")),
            (json!(6), json!("bad_request")),
            (json!("seven"), Value::Null),
            (Value::Null, json!("line_too_long")),
            (json!(8), Value::Null),
            (json!(9), json!("bad_request")),
            (json!(10), json!("bad_request")),
            (json!(11), json!("bad_request")),
            (json!(12), json!("bad_fen")),
            (json!(13), json!("bad_request")),
            (json!(14), json!("bad_request")),
            (json!(15), json!("illegal_move")),
            (json!(16), json!("bad_request")),
            (Value::Null, json!("bad_json")),
            (json!(17), Value::Null),
        ]
    );
    assert_eq!(replies[7]["legal"], true);
    assert_eq!(replies[9]["placement"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    assert_eq!(replies[19]["positions"][1]["read"], json!(["e7e5", null, null, null, null]));
    let (replies, status) = raw_session_of(Path::new("node"), &[script.as_str()], b"");
    assert!(replies.is_empty() && status.success());
}
