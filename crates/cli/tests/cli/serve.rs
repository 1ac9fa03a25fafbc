//! `lawbook serve` through the `JsonlEngine` adapter, as a rules server
//! of the JSON-lines protocol (conformance/PROTOCOL.md): it agrees with the
//! built-in engine; broken lines get clear errors and the session goes on;
//! a stream of requests is answered in order.
//!
//! The 100,000-request load run is `#[ignore]`d: `cargo test --release -p
//! lawbook-cli --test cli serve:: -- --ignored --nocapture` runs it and
//! prints peak memory and speed.

use lawbook_board::Square;
use lawbook_engines::adapters::jsonl::JsonlEngine;
use lawbook_engines::{Ask, BuiltIn, Capability, Engine, EngineError, Facts, FaultKind, PositionQuery, registry};
use lawbook_notation::fen;
use lawbook_notation::uci::UciMove;
use lawbook_outcome::{Game, Outcome, Reason};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use rand::{RngExt as _, SeedableRng};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The `lawbook` binary of this package.
fn lawbook() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_lawbook"))
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

fn serve_engine() -> JsonlEngine {
    JsonlEngine::spawn(&spec("lawbook-serve", &lawbook(), &["serve"], 20_000)).expect("lawbook serve starts")
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

/// The same answer, or both engines refusing (their messages differ).
fn assert_same<T: PartialEq + std::fmt::Debug>(
    theirs: Result<T, EngineError>,
    ours: Result<T, EngineError>,
    q: &PositionQuery,
) {
    match (theirs, ours) {
        (Err(EngineError::Failed(_)), Err(EngineError::Failed(_))) => {}
        (theirs, ours) => assert_eq!(theirs, ours, "{q:?}"),
    }
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

#[test]
fn serve_agrees_with_the_built_in_engine_on_random_positions() {
    let started = Instant::now();
    let mut served = serve_engine();
    assert_eq!(served.hello().engine, format!("lawbook {}", env!("CARGO_PKG_VERSION")));
    // Every question but a trace (the differential runner computes lawbook's own), the model, claims
    // (a player's, never a rules server's) and a search (a rules server plays no moves).
    for capability in Capability::ALL {
        let answered =
            !matches!(capability, Capability::Model | Capability::Trace | Capability::Claims | Capability::Search);
        assert_eq!(served.supports(capability), answered, "{capability:?}");
    }
    let mut built_in = BuiltIn;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5eed_1a3b_00c0_ffee);
    let mut asked = 0;
    // Knight shuffles: repetitions, claims, fivefold.
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(5);
    let mut games: Vec<(&str, bool, Vec<UciMove>)> = vec![(fen::STARTPOS, false, uci_moves(&shuffle))];
    for round in 0..5 {
        for &(start, chess960) in STARTS {
            let plies = if round == 0 { 12 } else { 60 };
            games.push((start, chess960, random_game(start, chess960, plies, &mut rng)));
        }
    }
    for (start, chess960, moves) in &games {
        for cut in (0..=moves.len()).step_by(3).chain([moves.len()]) {
            let q = PositionQuery { chess960: *chess960, ..query(start, &moves[..cut]) };
            let ours = built_in.legal_moves(&q).expect("the built-in engine answers");
            assert_eq!(sorted(served.legal_moves(&q).expect("serve answers")), sorted(ours.clone()), "{q:?}");
            assert_eq!(status(&mut served, &q), status(&mut built_in, &q), "{q:?}");
            assert_same(game_state(&mut served, &q), game_state(&mut built_in, &q), &q);
            assert_eq!(served.board(&q), built_in.board(&q), "{q:?}");
            if let Some(&mv) = ours.first() {
                assert_eq!(served.is_legal(&q, mv), Ok(true), "{mv} in {q:?}");
            }
            assert_eq!(served.is_legal(&q, m("a1a1")), Ok(false));
            let automatic = PositionQuery { automatic_fifty_moves: true, ..q.clone() };
            assert_same(game_state(&mut served, &automatic), game_state(&mut built_in, &automatic), &automatic);
            asked += 1;
        }
    }
    assert_eq!(served.restarts(), 0);
    println!("{asked} positions agree ({:.1?})", started.elapsed());
}

#[test]
fn serve_answers_the_laws_through_the_adapter() {
    let mut served = serve_engine();
    let fools = query(fen::STARTPOS, &uci_moves(&["f2f3", "e7e5", "g2g4", "d8h4"]));
    assert_eq!(status(&mut served, &fools), Ok(Facts::of_status(vec![Square::H4], true, false)));
    assert_eq!(served.outcome(&fools), Ok(Some(Outcome::win(lawbook_board::Color::Black, Reason::Checkmate))));
    // A move after mate, and a move that is not legal: engine errors, no restart.
    let late = query(fen::STARTPOS, &uci_moves(&["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"]));
    assert_eq!(game_state(&mut served, &late).err().and_then(|e| e.kind()), Some(FaultKind::RefusedMove));
    let wrong = query(fen::STARTPOS, &uci_moves(&["e2e5"]));
    assert_eq!(served.legal_moves(&wrong).err().and_then(|e| e.kind()), Some(FaultKind::RefusedMove));
    // A FEN the engine will not read, and a position no game can reach: the engine's refusal, with its kind.
    let bad = query("not a fen", &[]);
    assert!(matches!(served.legal_moves(&bad), Err(EngineError::Refused(m)) if m.contains("bad_fen")));
    let opposite_check = query("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", &[]);
    assert!(
        matches!(served.legal_moves(&opposite_check), Err(EngineError::Refused(m)) if m.contains("bad_fen (position.opposite_check)")),
    );
    assert_eq!(served.restarts(), 0);
    // Chess960 castling is the king taking its rook.
    let chess960 = PositionQuery { chess960: true, ..query("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &[]) };
    let moves = served.legal_moves(&chess960).expect("moves");
    assert!(moves.contains(&m("e1h1")) && moves.contains(&m("e1a1")), "{moves:?}");
    assert!(!moves.contains(&m("e1g1")), "{moves:?}");
}

/// Sends `input` to a fresh `lawbook serve` and returns its replies.
fn raw_session(input: &[u8]) -> (Vec<Value>, std::process::ExitStatus) {
    raw_session_of(&lawbook(), &["serve"], input)
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

#[test]
fn malformed_lines_get_error_replies_and_the_session_goes_on() {
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
    line(br#"{"id":5,"request":"status","position":{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"}}"#);
    line(br#"{"id":6,"request":"is_legal","position":{"fen":"startpos"}}"#);
    line(br#"{"id":"seven","request":"is_legal","position":{"fen":"startpos"},"move":"g1f3"}"#);
    line(&[b' '; 3]);
    line(&[b"[".as_slice(), &vec![b'1'; 2 << 20]].concat());
    line(br#"{"id":8,"request":"board","position":{"fen":"startpos","moves":["e2e4"]}}"#);
    let (replies, status) = raw_session(&input);
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
        ]
    );
    assert_eq!(replies[0]["protocol"], 1);
    assert!(replies[3]["error"]["message"].as_str().is_some_and(|m| m.contains("move 3")), "{}", replies[3]);
    assert_eq!(replies[7]["legal"], true);
    assert_eq!(replies[9]["placement"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    // Empty input: no reply, clean exit.
    let (replies, status) = raw_session(b"");
    assert!(replies.is_empty() && status.success());
}

/// Peak memory (kB) from `/usr/bin/time -v`, if that ran.
fn peak_rss_kb(stderr: &str) -> Option<u64> {
    stderr
        .lines()
        .find_map(|l| l.trim().strip_prefix("Maximum resident set size (kbytes):"))
        .and_then(|v| v.trim().parse().ok())
}

/// `count` requests of every kind over random positions, to one `lawbook
/// serve`; returns (peak RSS in kB if measured, requests per second).
fn load(count: usize) -> (Option<u64>, f64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x10ad_0000_0000_0001);
    let games: Vec<Vec<String>> = (0..64)
        .map(|_| random_game(fen::STARTPOS, false, 80, &mut rng).iter().map(UciMove::to_string).collect())
        .collect();
    let kinds = ["legal_moves", "status", "board", "is_legal", "game"];
    let time = Path::new("/usr/bin/time");
    let mut command = if time.is_file() {
        let mut c = Command::new(time);
        c.arg("-v").arg(lawbook());
        c
    } else {
        Command::new(lawbook())
    };
    let mut child = command
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lawbook serve starts");
    let mut stdin = std::io::BufWriter::new(child.stdin.take().expect("stdin"));
    let stdout = child.stdout.take().expect("stdout");
    let started = Instant::now();
    let writer = std::thread::spawn(move || {
        for id in 0..count {
            let game = games.choose(&mut rng).expect("games");
            let cut = rng.random_range(0..=game.len());
            let kind = kinds[id % kinds.len()];
            let request = if id % 1000 == 999 {
                "garbage that is not JSON".to_string()
            } else {
                json!({"id": id, "request": kind, "move": "e2e4",
                       "position": {"fen": "startpos", "moves": &game[..cut]}})
                .to_string()
            };
            if writeln!(stdin, "{request}").is_err() {
                return;
            }
        }
    });
    let mut replies = 0;
    let mut errors = 0;
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("a reply line");
        let reply: Value = serde_json::from_str(&line).expect("every reply is JSON");
        if reply.get("error").is_some() {
            errors += 1;
            assert_eq!(reply["error"]["kind"], "bad_json", "{line}");
        } else {
            assert_eq!(reply["id"], json!(replies), "replies come in order");
        }
        replies += 1;
    }
    writer.join().expect("the writer finishes");
    let output = child.wait_with_output().expect("lawbook serve ends");
    let elapsed = started.elapsed().as_secs_f64();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(replies, count, "one reply per request");
    assert_eq!(errors, count / 1000, "one error per garbage line");
    (peak_rss_kb(&String::from_utf8_lossy(&output.stderr)), count as f64 / elapsed)
}

#[test]
fn a_short_stream_is_answered_in_order() {
    let (_, per_second) = load(2_000);
    println!("2,000 requests: {per_second:.0} requests/s");
}

#[test]
#[ignore = "a 100,000-request load run: cargo test --release -p lawbook-cli --test cli serve:: -- --ignored --nocapture"]
fn a_hundred_thousand_requests_with_bounded_memory() {
    let (small_rss, small_rate) = load(10_000);
    let (rss, rate) = load(100_000);
    println!("lawbook serve, 10,000 requests: {small_rate:.0} requests/s, peak RSS {small_rss:?} kB");
    println!("lawbook serve, 100,000 requests: {rate:.0} requests/s, peak RSS {rss:?} kB");
    if let (Some(small), Some(large)) = (small_rss, rss) {
        // Memory does not grow with the number of requests.
        assert!(large < small + small / 2 + 8 * 1024, "peak RSS grew from {small} kB to {large} kB");
        assert!(large < 256 * 1024, "peak RSS {large} kB");
    }
}
