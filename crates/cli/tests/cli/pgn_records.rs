//! `lawbook pgn` judges how each record says its game ended: the games of
//! `tests/data/records.pgn` (written by `records.py` beside it, every move
//! checked legal and every fact a game rests on asserted with python-chess)
//! each give the finding, article and lawful result the Laws give, or none;
//! the findings fail the run only when `--fail-on` names their kind; the
//! output is the same for any `--jobs`.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn lawbook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lawbook")).args(args).output().expect("lawbook runs")
}

fn records() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records.pgn").to_str().expect("UTF-8 path").to_string()
}

fn games(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

/// A finding's kind, article and the result the Laws give.
type Expected = (&'static str, Option<&'static str>, Option<&'static str>);

#[test]
fn every_recorded_ending_is_judged_by_the_laws() {
    let output = lawbook(&["pgn", "--json", &records()]);
    assert_eq!(output.status.code(), Some(0), "the default fails on none of the new kinds");
    let games = games(&output);
    // (event, what the record says, finding kind, article, lawful result)
    let expected: [(&str, &str, Option<Expected>); 16] = [
        ("lichess flag, knight only", "time", Some(("winner-cannot-mate", Some("6.9"), Some("1/2-1/2")))),
        ("lichess flag, lone king", "time", Some(("winner-cannot-mate", Some("6.9"), Some("1/2-1/2")))),
        ("lichess flag, knight only, drawn", "time", None),
        ("cutechess flag, knight only", "time", Some(("winner-cannot-mate", Some("6.9"), Some("1/2-1/2")))),
        ("cutechess flag, rook", "time", None),
        ("resignation, knight only", "resignation", Some(("winner-cannot-mate", Some("5.1.2"), Some("1/2-1/2")))),
        (
            "threefold claimed, en passant at the first",
            "threefold-repetition",
            Some(("invalid-claim", Some("9.2"), None)),
        ),
        ("threefold claimed, no en passant", "threefold-repetition", None),
        ("fifty moves, a castling right lost on the way", "fifty-moves", None),
        ("fifty moves claimed a move early", "fifty-moves", Some(("invalid-claim", Some("9.3"), None))),
        ("fifty moves claimed with the move that makes them", "fifty-moves", None),
        ("agreement after one move", "agreement", Some(("early-agreement", Some("5.2.3"), None))),
        ("insufficient material with a rook", "insufficient-material", Some(("not-on-board", Some("5.2.2"), None))),
        ("adjudicated", "adjudication", Some(("adjudication", None, None))),
        ("unknown termination", "unknown", Some(("unknown-termination", None, None))),
        ("time forfeit after mate", "time", Some(("other-ending-first", Some("5.1.1"), None))),
    ];
    assert_eq!(games.len(), expected.len());
    let text = std::fs::read_to_string(records()).expect("the records");
    let events: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("[Event \"")?.strip_suffix("\"]")).collect();
    for ((game, event), (name, said, finding)) in games.iter().zip(events).zip(expected) {
        assert_eq!(event, name, "the records are in this order");
        assert_eq!(game["said"], said, "{name}: {game}");
        assert_eq!(game["problem"], Value::Null, "{name}: {game}");
        match finding {
            None => assert_eq!(game["record"], Value::Null, "{name}: {game}"),
            Some((kind, article, lawful)) => {
                let record = &game["record"];
                assert_eq!(record["kind"], kind, "{name}: {game}");
                assert_eq!(record["article"], article.map_or(Value::Null, Value::from), "{name}");
                assert_eq!(record["lawful"], lawful.map_or(Value::Null, Value::from), "{name}");
                assert_eq!(record["fen"], game["final_fen"], "{name}");
                assert!(record["move"].as_u64().is_some_and(|n| n > 0), "{name}");
                assert!(record["message"].as_str().is_some_and(|m| !m.is_empty()), "{name}");
            }
        }
    }
}

#[test]
fn findings_fail_the_run_only_when_asked_and_read_the_same_on_any_number_of_threads() {
    let file = records();
    let text = |output: &Output| String::from_utf8_lossy(&output.stdout).into_owned();
    let default = lawbook(&["pgn", "--jobs", "1", &file]);
    assert_eq!(default.status.code(), Some(0));
    let summary = text(&default).lines().last().unwrap_or_default().to_string();
    assert!(summary.contains("4 winner-cannot-mate, not failing"), "{summary}");
    assert!(summary.contains("2 invalid-claim, not failing"), "{summary}");
    let line = text(&default).lines().next().unwrap_or_default().to_string();
    assert!(line.contains("RECORD winner-cannot-mate (FIDE 6.9): White is recorded as the winner"), "{line}");
    assert!(line.contains("king and a knight"), "{line}");
    let strict = lawbook(&["pgn", "--fail-on", "winner-cannot-mate,invalid-claim", &file]);
    assert_eq!(strict.status.code(), Some(1));
    assert!(text(&strict).lines().last().unwrap_or_default().starts_with("16 games, 6 failed"), "{}", text(&strict));
    for jobs in ["2", "3"] {
        assert_eq!(text(&lawbook(&["pgn", "--jobs", jobs, &file])), text(&default), "--jobs {jobs}");
    }
}
