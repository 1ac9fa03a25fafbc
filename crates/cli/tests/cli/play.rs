//! What an engine plays, judged (`lawbook check`, on unless `--no-play`): a
//! fake UCI engine (`tests/fakes/player.py`) answers every search with
//! canned lines, in two positions of a folder of scenarios.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Two positions, each set up by one scenario: Black mates in one with
/// Qh4#, and White in check from the rook on e8 with both rights to castle.
const SCENARIOS: &str = "Feature: What a fake engine plays\n\n  \
  @mate-in-one\n  Scenario: Black can mate with the queen on h4\n    \
  Given the position rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2\n\n  \
  @check\n  Scenario: White in check may not castle out of it\n    \
  Given the position 4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1\n";

/// A fresh folder holding [`SCENARIOS`] in `scenarios/`.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lawbook-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("scenarios")).expect("a temporary folder");
    std::fs::write(dir.join("scenarios/play.feature"), SCENARIOS).expect("the scenarios are written");
    dir
}

/// `lawbook check` of the fake in `mode` on the scenarios tagged `tag`, its JSON record read.
fn check(mode: &str, tag: &str, extra: &[&str]) -> (Output, serde_json::Value) {
    let dir = folder(&format!("{mode}-{}", tag.trim_start_matches('@')));
    let fake = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fakes/player.py");
    let engine = format!("python3 {} {mode}", fake.display());
    let mut args = vec!["check", "--uci", &engine, "--scenarios", "scenarios", "--no-corpus", "--tags", tag];
    args.extend(["--timeout", "1500", "--json", "run.json"]);
    args.extend(extra);
    let out = Command::new(env!("CARGO_BIN_EXE_lawbook")).args(&args).current_dir(&dir).output().expect("lawbook runs");
    let run = std::fs::read_to_string(dir.join("run.json")).unwrap_or_else(|_| {
        panic!("no record: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
    });
    let _ = std::fs::remove_dir_all(&dir);
    (out, serde_json::from_str(&run).expect("the record is JSON"))
}

/// The one scenario's verdict, its play record's verdict, and its message.
fn judged(run: &serde_json::Value) -> (String, String, String) {
    let scenario = &run["scenarios"][0];
    let play = &scenario["play"];
    (
        scenario["verdict"].as_str().unwrap_or_default().to_string(),
        play["verdict"].as_str().unwrap_or("not asked").to_string(),
        scenario["message"].as_str().unwrap_or_default().to_string(),
    )
}

#[test]
fn a_lawful_move_and_line_pass() {
    let (out, run) = check("lawful", "@mate-in-one", &[]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(judged(&run).1, "passed");
    assert_eq!(run["scenarios"][0]["play"]["limit"], "depth=3");
    assert_eq!(run["play"], "depth=3");
}

#[test]
fn a_line_going_on_after_its_mate_fails_by_5_1_1() {
    let (out, run) = check("past-mate", "@mate-in-one", &[]);
    assert_eq!(out.status.code(), Some(1));
    let (verdict, play, message) = judged(&run);
    assert_eq!((verdict.as_str(), play.as_str()), ("failed", "failed"), "{message}");
    assert!(message.contains("goes on with e1f2 after its move 1 ended the game by checkmate"), "{message}");
    assert!(message.starts_with("What it plays: its line `info depth 2 score mate 1 pv d8h4 e1f2`"), "{message}");
    assert!(message.contains("FIDE 5.1.1") && message.contains("Black to move"), "{message}");
}

#[test]
fn a_mate_score_its_line_does_not_back_fails() {
    let (_, run) = check("unbacked", "@mate-in-one", &[]);
    let (verdict, _, message) = judged(&run);
    assert_eq!(verdict, "failed", "{message}");
    assert!(message.contains("scores mate in 1") && message.contains("there is no mate"), "{message}");
}

#[test]
fn castling_out_of_check_fails_by_3_8_2() {
    let (_, run) = check("castles", "@check", &[]);
    let (verdict, _, message) = judged(&run);
    assert_eq!(verdict, "failed", "{message}");
    assert!(message.contains("it plays e1g1, which is illegal here") && message.contains("FIDE 3.8.2"), "{message}");
    assert_eq!(run["scenarios"][0]["play"]["articles"][0], "3.8.2");
}

#[test]
fn no_move_where_there_is_one_fails() {
    let (_, run) = check("none", "@mate-in-one", &[]);
    let (verdict, _, message) = judged(&run);
    assert_eq!(verdict, "failed", "{message}");
    assert!(message.contains("it names no move (`bestmove (none)`)"), "{message}");
}

#[test]
fn a_search_that_never_ends_is_an_error() {
    let (out, run) = check("silent", "@mate-in-one", &[]);
    // It answered nothing at all: no run of it counts as a pass.
    assert_eq!(out.status.code(), Some(2));
    let (verdict, play, message) = judged(&run);
    assert_eq!((verdict.as_str(), play.as_str()), ("error", "error"), "{message}");
    assert_eq!(run["scenarios"][0]["play"]["fault"], "timed-out", "{message}");
}

#[test]
fn no_play_asks_no_move() {
    let (out, run) = check("castles", "@check", &["--no-play"]);
    assert_eq!(judged(&run).1, "not asked");
    assert!(run.get("play").is_none(), "the run says it did not ask");
    // Its only scenario asks nothing an engine without perft can answer: nothing was checked.
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("answered none of the questions"), "{said}");
}

#[test]
fn a_search_limit_that_cannot_be_read_is_bad_usage() {
    let (out, _) = (
        Command::new(env!("CARGO_BIN_EXE_lawbook"))
            .args(["check", "--engine", "lawbook", "--play-limit", "depth=0"])
            .output()
            .expect("lawbook runs"),
        (),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not a number of plies"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
