//! `lawbook-conformance run` on folders of scenarios other than the corpus:
//! a run of nothing is an error, and a folder without pinned lists says so.

use std::path::{Path, PathBuf};
use std::process::Command;

fn runner() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lawbook-conformance"));
    command.current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
    command
}

/// A fresh folder in the temporary folder.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lawbook-run-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
fn a_tag_expression_that_selects_nothing_is_an_error() {
    let out = folder("tags").join("run.json");
    let result = runner()
        .args(["run", "--engine", "lawbook", "--tags", "@no-such-rule", "--json"])
        .arg(&out)
        .output()
        .expect("it runs");
    assert_eq!(result.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(stderr.contains("selects no scenario"), "{stderr}");
    assert!(!out.exists(), "no verdicts are written for a run of nothing");
}

#[test]
fn another_folder_of_scenarios_runs_and_its_missing_pins_are_named() {
    let dir = folder("features");
    std::fs::write(
        dir.join("held-out.feature"),
        "Feature: Held out\n  Scenario: Castling through an attacked square\n    Given White: Ke1 Rh1\n    \
         And Black: Ke8 Rf8\n    And White to move\n    And White may still castle short\n    Then 0-0 is illegal\n  \
         Scenario: A pinned list without pins\n    Given the initial position\n    Then the legal moves are as pinned\n",
    )
    .expect("a feature file");
    let out = dir.join("run.json");
    let result = runner()
        .args(["run", "--engine", "lawbook", "--features"])
        .arg(&dir)
        .arg("--json")
        .arg(&out)
        .output()
        .expect("it runs");
    assert!(result.status.success(), "{}", String::from_utf8_lossy(&result.stderr));
    let run: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).expect("verdicts")).expect("JSON");
    let scenarios = run["scenarios"].as_array().expect("scenarios");
    assert_eq!(scenarios.len(), 2);
    let verdict = |name: &str| {
        scenarios.iter().find(|s| s["scenario"] == name).map(|s| (s["verdict"].clone(), s["message"].clone()))
    };
    assert_eq!(verdict("Castling through an attacked square").map(|v| v.0), Some("passed".into()));
    let (pinned, message) = verdict("A pinned list without pins").expect("the pinned scenario");
    assert_eq!(pinned, "failed");
    assert!(message.as_str().is_some_and(|m| m.contains("has no pinned lists")), "{message}");
    let _ = std::fs::remove_dir_all(&dir);
}
