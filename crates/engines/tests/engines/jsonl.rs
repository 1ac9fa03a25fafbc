//! The JSON-lines adapter against fake engines (small `sh` scripts in
//! `tests/fakes/jsonl/`): the
//! protocol version of the `hello` reply, and, with the registry's
//! `validate_protocol`, replies that break the protocol's schema (a wrong
//! type, a missing field, a result or reason the protocol does not name),
//! each an engine error that names the request, the place in the reply and
//! what the schema wanted, in one line.

use lawbook_engines::adapters::jsonl::JsonlEngine;
use lawbook_engines::registry::{self, EngineSpec};
use lawbook_engines::{Ask, EngineError, Fault, FaultKind, PositionQuery};

/// A fake engine (in `tests/fakes/`). Its `hello` reply carries `HELLO` (the protocol field
/// and what follows it); its `game` reply's outcome is `OUTCOME`. Every
/// request line starts with `{"id":N` (the adapter writes the id first).
const FAKE: &str = "jsonl/schema.sh";

/// The `hello` reply fields of a well-behaved engine of version 1.
const HELLO: &str = r#""protocol":1,"engine":"fake 1","supports":["hello","legal_moves","is_legal","status","game","board"],"features":["checkers"]"#;

fn spec(hello: &str, outcome: &str, validate: bool) -> EngineSpec {
    let yaml = format!(
        "engines:\n  - name: fake\n    protocol: jsonl\n    command: sh\n    args: {}\n    timeout_ms: 5000\n    validate_protocol: {validate}\n",
        serde_json::json!([fake(FAKE), hello, outcome]),
    );
    registry::parse(&yaml).expect("a valid registry entry").remove(0)
}

/// The path of a fake engine's script in `tests/fakes/`.
fn fake(script: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fakes").join(script).to_string_lossy().into_owned()
}

fn start() -> PositionQuery {
    PositionQuery::from_start(&[]).expect("the initial position")
}

/// The fault of an engine error (and that its message is one line).
fn failure<T: std::fmt::Debug>(result: Result<T, EngineError>) -> Fault {
    match result {
        Err(EngineError::Failed(fault)) => {
            assert!(!fault.message().contains('\n'), "one line: {fault}");
            fault
        }
        other => panic!("expected an engine error, got {other:?}"),
    }
}

/// The message of a fault of kind `kind`, which it must be.
fn fault_of<T: std::fmt::Debug>(kind: FaultKind, result: Result<T, EngineError>) -> String {
    let fault = failure(result);
    assert_eq!(fault.kind(), kind, "{fault}");
    fault.message().to_string()
}

#[test]
fn the_registry_key_is_off_by_default() {
    let yaml = "engines:\n  - name: fake\n    protocol: jsonl\n    command: sh\n";
    assert!(!registry::parse(yaml).expect("a valid registry entry")[0].validate_protocol);
    let specs =
        registry::read(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance/engines.yaml"))
            .expect("the shipped registry reads");
    for spec in &specs {
        let jsonl = spec.protocol == registry::Protocol::Jsonl;
        assert_eq!(spec.validate_protocol, jsonl, "{}: every JSON-lines engine's replies are checked", spec.name);
    }
}

#[test]
fn replies_that_break_the_schema_are_engine_errors_naming_the_place() {
    let outcome = r#"{"result":"1-0","reason":"resignation"}"#;
    let mut engine = JsonlEngine::spawn(&spec(HELLO, outcome, true)).expect("the fake engine starts");
    let q = start();
    // A wrong type.
    assert_eq!(
        fault_of(FaultKind::BrokeProtocol, engine.in_check(&q)),
        r#"the reply to the status request breaks the protocol schema at /in_check: wanted true or false (whether the side to move is in check), found "no""#
    );
    // A missing field.
    assert_eq!(
        fault_of(FaultKind::BrokeProtocol, engine.legal_moves(&q)),
        "the reply to the legal_moves request breaks the protocol schema at /moves: wanted an array, each item once \
         (every legal move, in UCI, each once), found nothing"
    );
    // A reason the protocol does not name.
    assert_eq!(
        fault_of(FaultKind::BrokeProtocol, engine.outcome(&q)),
        r#"the reply to the game request breaks the protocol schema at /outcome/reason: wanted one of "checkmate", "stalemate", "insufficient_material", "dead_position", "seventyfive_moves", "fivefold_repetition", "fifty_moves", "threefold_repetition" (how a game ended by itself), found "resignation""#
    );
    // An error kind the protocol does not name.
    assert!(
        fault_of(FaultKind::BrokeProtocol, engine.board(&q)).starts_with(
            r#"the reply to the board request breaks the protocol schema at /error/kind: wanted one of "bad_json", "line_too_long","#
        )
    );
    // A field the schema does not name is no error: later revisions add fields.
    assert_eq!(engine.is_legal(&q, "e2e4".parse().expect("a move")), Ok(true));
    // The engine is still in step: no restart.
    assert_eq!(engine.restarts(), 0);

    // A result the protocol does not name.
    let mut engine =
        JsonlEngine::spawn(&spec(HELLO, r#"{"result":"2-0","reason":"checkmate"}"#, true)).expect("starts");
    assert_eq!(
        fault_of(FaultKind::BrokeProtocol, engine.outcome(&q)),
        r#"the reply to the game request breaks the protocol schema at /outcome/result: wanted one of "1-0", "0-1", "1/2-1/2" (a game result), found "2-0""#
    );
}

#[test]
fn without_validation_the_adapter_reads_replies_as_before() {
    let mut engine = JsonlEngine::spawn(&spec(HELLO, "null", false)).expect("the fake engine starts");
    let q = start();
    // Read by the protocol's types: a field of the wrong type, or missing, breaks the protocol,
    // and the message names the request, what is wrong and the reply.
    let why = fault_of(FaultKind::BrokeProtocol, engine.in_check(&q));
    assert!(why.starts_with("the reply to the status request does not fit the protocol (invalid type"), "{why}");
    assert!(why.contains(r#""in_check":"no""#), "{why}");
    let why = fault_of(FaultKind::BrokeProtocol, engine.legal_moves(&q));
    assert!(why.contains("missing field `moves`"), "{why}");
    assert_eq!(engine.outcome(&q), Ok(None));
    // With the schema, the same well-formed reply passes.
    let mut checked = JsonlEngine::spawn(&spec(HELLO, "null", true)).expect("the fake engine starts");
    assert_eq!(checked.outcome(&q), Ok(None));
}

#[test]
fn a_hello_reply_of_another_version_or_none_stops_the_client() {
    let supports = r#""engine":"fake","supports":["hello"],"features":[]"#;
    let cases = [
        (format!(r#""protocol":2,{supports}"#), "the engine speaks protocol version 2"),
        (supports.to_string(), r#"the engine's hello reply names no protocol version (it has no "protocol" field)"#),
        (
            format!(r#""protocol":"1",{supports}"#),
            r#"the engine's hello reply names no protocol version (its "protocol" is "1", not a whole number)"#,
        ),
        (format!(r#""protocol":null,{supports}"#), r#"(its "protocol" is null, not a whole number)"#),
        (
            r#""error":{"kind":"internal","message":"not today"}"#.to_string(),
            "the engine refused the hello request: internal: not today",
        ),
    ];
    for (hello, expected) in &cases {
        // The version is checked first, with or without the schema.
        for validate in [false, true] {
            let why = fault_of(FaultKind::WrongVersion, JsonlEngine::spawn(&spec(hello, "null", validate)));
            assert!(why.contains(expected), "{hello}: {why}");
            assert!(why.ends_with("; this client speaks protocol version 1 only"), "{hello}: {why}");
            let built = lawbook_engines::adapters::build(&spec(hello, "null", validate)).map(|e| e.name().to_string());
            assert!(fault_of(FaultKind::WrongVersion, built).contains(expected), "{hello}");
        }
    }
    // Version 1, written as JSON may write a whole number.
    let one = format!(r#""protocol":1.0,{supports}"#);
    assert!(JsonlEngine::spawn(&spec(&one, "null", true)).is_ok());
}

#[test]
fn a_hello_reply_that_breaks_the_schema_stops_a_validating_client() {
    let hello = r#""protocol":1,"engine":"fake","supports":["hello","status"],"features":["Chess960"]"#;
    assert!(JsonlEngine::spawn(&spec(hello, "null", false)).is_ok());
    let why = fault_of(FaultKind::BrokeProtocol, JsonlEngine::spawn(&spec(hello, "null", true)));
    assert!(
        why.starts_with(r#"the reply to the hello request breaks the protocol schema at /features/0: wanted one of "chess960", "automatic_fifty_moves", "checkers" or a string matching"#),
        "{why}"
    );
    assert!(why.ends_with(r#"found "Chess960""#), "{why}");
    // A request or feature of a later revision is allowed.
    let later =
        r#""protocol":1,"engine":"fake","supports":["hello","perft"],"features":["crazyhouse"],"author":"someone"}"#;
    let later = later.trim_end_matches('}');
    assert!(JsonlEngine::spawn(&spec(later, "null", true)).is_ok());
}

/// An engine whose game is over: `game_over` to everything (in `tests/fakes/`).
const OVER: &str = "jsonl/over.sh";

#[test]
fn game_over_is_a_refused_move_and_an_error_elsewhere() {
    let yaml = format!(
        "engines:\n  - name: over\n    protocol: jsonl\n    command: sh\n    args: {}\n",
        serde_json::json!([fake(OVER)])
    );
    let spec = registry::parse(&yaml).expect("a valid registry entry").remove(0);
    let mut engine = JsonlEngine::spawn(&spec).expect("it starts");
    let mate = PositionQuery::from_start(&["f2f3", "e7e5", "g2g4", "d8h4"]).expect("the fool's mate");
    let e2e4 = "e2e4".parse().expect("a UCI move");
    // To `play` and `is_legal`, the lawful answer after the end: no move is taken.
    let played = engine.play(&mate, e2e4).expect("an answer");
    assert!(!played.accepted && played.after.is_none());
    assert_eq!(engine.is_legal(&mate, e2e4), Ok(false));
    // Elsewhere it says a move of the list came after the end, which the harness never sends.
    assert_eq!(failure(engine.in_check(&mate)).kind(), FaultKind::RefusedMove);
}

#[test]
fn a_hello_without_the_required_fields_is_refused_always() {
    // `cat` echoes the request: a protocol number, and nothing the protocol requires of a reply.
    let spec = registry::parse("engines:\n  - name: cat\n    protocol: jsonl\n    command: cat\n").unwrap().remove(0);
    let why = fault_of(FaultKind::BrokeProtocol, JsonlEngine::spawn(&spec));
    assert!(why.contains("\"engine\"") && why.contains("\"supports\"") && why.contains("\"features\""), "{why}");
}
