//! `lawbook serve`'s replies against the protocol's JSON Schema
//! (`conformance/PROTOCOL.schema.json`): a session of every request kind,
//! answered and refused, sent to the binary; every request sent is checked
//! against the request schema, and every reply against the reply schema of
//! its request.

use lawbook_engines::adapters::jsonl::schema;
use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Stdio};

/// Sends `lines` to a fresh `lawbook serve` and returns its replies, one per line.
fn session(lines: &[Vec<u8>]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lawbook"))
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("lawbook serve starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input: Vec<u8> = lines.iter().flat_map(|line| line.iter().copied().chain([b'\n'])).collect();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("lawbook serve ends");
    writer.join().expect("the writer ends").expect("the requests are written");
    assert!(output.status.success(), "{:?}", output.status);
    let text = String::from_utf8(output.stdout).expect("UTF-8 replies");
    text.lines().map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"))).collect()
}

#[test]
fn every_reply_of_lawbook_serve_follows_the_schema() {
    let fools = json!({"fen": "startpos", "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]});
    let fifty = json!({"fen": "7k/8/6K1/8/8/8/8/R7 w - - 99 80", "moves": ["a1a2"], "automatic_fifty_moves": true});
    let shuffle = json!({"fen": "startpos", "moves": ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"]});
    let chess960 =
        json!({"fen": "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "chess960": true});
    let bare = json!({"fen": "8/8/4k3/8/8/3K4/8/8 w - - 0 1"});
    // (request kind, request, the error kind expected or none): every kind answered, then refused.
    let exchanges: Vec<(&str, Value, Option<&str>)> = vec![
        ("hello", json!({"id": 0, "request": "hello", "protocol": 1}), None),
        ("legal_moves", json!({"id": 1, "request": "legal_moves", "position": {"fen": "startpos"}}), None),
        ("legal_moves", json!({"id": 2, "request": "legal_moves", "position": fools}), None),
        ("legal_moves", json!({"id": 3, "request": "legal_moves", "position": chess960}), None),
        ("is_legal", json!({"id": 4, "request": "is_legal", "position": {"fen": "startpos"}, "move": "e2e4"}), None),
        ("is_legal", json!({"id": "five", "request": "is_legal", "position": fools, "move": "a2a3"}), None),
        ("status", json!({"id": 6, "request": "status", "position": fools}), None),
        ("status", json!({"id": 7, "request": "status", "position": {"fen": "startpos"}}), None),
        ("game", json!({"id": 8, "request": "game", "position": fools}), None),
        ("game", json!({"id": 9, "request": "game", "position": fifty}), None),
        ("game", json!({"id": 10, "request": "game", "position": shuffle}), None),
        ("game", json!({"id": 11, "request": "game", "position": bare}), None),
        ("board", json!({"id": 12, "request": "board", "position": fools}), None),
        // Refusals: each an error reply of its kind.
        ("trace", json!({"id": 13, "request": "trace", "position": fools, "read_san": [["e4"]]}), Some("unsupported")),
        (
            "is_legal",
            json!({"id": 14, "request": "is_legal", "position": {"fen": "startpos"}, "move": "castle"}),
            Some("bad_request"),
        ),
        (
            "status",
            json!({"id": 15, "request": "status", "position": {"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}}),
            Some("bad_fen"),
        ),
        (
            "board",
            json!({"id": 16, "request": "board", "position": {"fen": "startpos", "moves": ["e1g1"]}}),
            Some("illegal_move"),
        ),
        (
            "game",
            json!({"id": 17, "request": "game", "position": {"fen": "7k/8/6K1/8/8/8/8/R7 w - - 99 80", "moves": ["a1a2", "h8g8"], "automatic_fifty_moves": true}}),
            Some("game_over"),
        ),
    ];
    let mut lines: Vec<Vec<u8>> = Vec::new();
    for (kind, request, error) in &exchanges {
        // The requests are the protocol's own, but for those a refusal is about.
        let well_formed = schema::check_request(request);
        if *error == Some("bad_request") {
            assert!(well_formed.is_err(), "{kind}: {request}");
        } else {
            assert_eq!(well_formed, Ok(()), "{kind}: {request}");
        }
        lines.push(request.to_string().into_bytes());
    }
    // Lines that are no request: the error replies of those.
    let broken: [(&[u8], &str); 5] = [
        (b"not json", "bad_json"),
        (b"[1, 2]", "bad_json"),
        (b"\xff not UTF-8", "bad_json"),
        (br#"{"id": 20}"#, "bad_request"),
        (br#"{"id": 21, "request": "fly"}"#, "unknown_request"),
    ];
    lines.extend(broken.iter().map(|(line, _)| line.to_vec()));
    let mut too_long = br#"{"id":22,"request":"hello","pad":""#.to_vec();
    too_long.resize((1 << 20) + 10, b' ');
    too_long.extend_from_slice(b"\"}");
    lines.push(too_long);

    let replies = session(&lines);
    assert_eq!(replies.len(), exchanges.len() + broken.len() + 1, "one reply per line");
    for ((kind, request, error), reply) in exchanges.iter().zip(&replies) {
        assert_eq!(schema::check_reply(kind, reply), Ok(()), "{kind}: {request} -> {reply}");
        assert_eq!(reply["id"], request["id"]);
        assert_eq!(reply["error"]["kind"].as_str(), *error, "{kind}: {request} -> {reply}");
    }
    for ((line, error), reply) in broken.iter().zip(&replies[exchanges.len()..]) {
        // Not read as a request of any kind: the schema every reply follows.
        assert_eq!(schema::check_reply("?", reply), Ok(()), "{reply}");
        assert_eq!(reply["error"]["kind"], *error, "{}", String::from_utf8_lossy(line));
    }
    let last = replies.last().expect("a reply to the long line");
    assert_eq!(last["error"]["kind"], "line_too_long");
    assert_eq!(schema::check_reply("hello", last), Ok(()), "{last}");

    // The replies hold what the schema is exact about: a reason, a detail, a null id.
    assert_eq!(replies[8]["outcome"], json!({"result": "0-1", "reason": "checkmate"}));
    assert_eq!(replies[9]["outcome"]["reason"], "fifty_moves");
    assert_eq!(replies[11]["outcome"]["reason"], "insufficient_material");
    assert!(replies[15]["error"]["detail"].is_string(), "{}", replies[15]);
    assert_eq!(replies[exchanges.len()]["id"], Value::Null);
}

#[test]
fn a_reply_that_breaks_the_schema_is_caught() {
    // The checks above are not vacuous: serve's replies, each bent once.
    let replies = session(&[br#"{"id":1,"request":"status","position":{"fen":"startpos"}}"#.to_vec()]);
    let mut reply = replies[0].clone();
    assert_eq!(schema::check_reply("status", &reply), Ok(()));
    reply["checkers"] = json!(["i9"]);
    let why = schema::check_reply("status", &reply).expect_err("not a square");
    assert_eq!(why.pointer, "/checkers/0");
    // The status reply is not the answer to another request.
    assert_eq!(schema::check_reply("board", &replies[0]).map_err(|v| v.pointer), Err("/placement".into()));
}
