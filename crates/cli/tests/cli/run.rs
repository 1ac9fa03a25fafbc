//! `lawbook check` on folders of scenarios other than the corpus:
//! a run of nothing is an error, a folder without pinned lists says so, and
//! fake engines given a position no game can reach pass by refusing it and
//! get an error for crashing or hanging on it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn runner() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lawbook"));
    command.current_dir(std::env::temp_dir());
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
        .args(["check", "--engine", "lawbook", "--tags", "@no-such-rule", "--json"])
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
        .args(["check", "--engine", "lawbook", "--no-corpus", "--scenarios"])
        .arg(&dir)
        .arg("--json")
        .arg(&out)
        .output()
        .expect("it runs");
    // One scenario fails (its pins are missing): exit 1, the verdicts written.
    assert_eq!(result.status.code(), Some(1), "{}", String::from_utf8_lossy(&result.stderr));
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

/// A fake JSON-lines engine (`tests/fakes/unreachable.sh`) as a registry
/// entry: it answers `legal_moves` with the white king's five steps from e1,
/// except for a position whose castling field is `K` (no game can reach it:
/// there is no rook), where it does what `mode` says (refuses, crashes,
/// hangs, castles or obeys); with `everything`, it does that for every
/// position.
fn fake_engine(name: &str, mode: &str, everything: bool) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fakes/unreachable.sh");
    let mut args = vec![path.display().to_string(), mode.to_string()];
    if everything {
        args.push("every".to_string());
    }
    format!(
        "  - name: {name}\n    protocol: jsonl\n    command: /bin/sh\n    args: {}\n    timeout_ms: 500\n",
        serde_json::json!(args)
    )
}

#[test]
fn an_engine_that_refuses_a_position_no_game_can_reach_passes_and_one_that_crashes_on_it_is_an_error() {
    let dir = folder("unreachable");
    std::fs::write(
        dir.join("unreachable.feature"),
        "Feature: Unreachable\n  Scenario: Castling without a rook\n    \
         Given the position 4k3/8/8/8/8/8/8/4K3 w K - 0 1, which no game can reach\n    Then 0-0 is illegal\n    \
         And the legal moves are Kd1, Kd2, Ke2, Kf1 and Kf2\n  \
         Scenario: A position a game can reach\n    Given White: Ke1\n    And Black: Ke8\n    \
         Then the legal moves are Kd1, Kd2, Ke2, Kf1 and Kf2\n",
    )
    .expect("a feature file");
    let engines = [
        fake_engine("refuses", "refuses", false),
        fake_engine("refuses-all", "refuses", true),
        fake_engine("crashes", "crashes", false),
        fake_engine("hangs", "hangs", false),
        fake_engine("castles", "castles", false),
        fake_engine("obeys", "obeys", false),
    ];
    let registry = dir.join("engines.yaml");
    std::fs::write(&registry, format!("engines:\n{}", engines.concat())).expect("a registry");
    // Each engine's (verdict, message) for the two scenarios.
    let run = |name: &str| -> Vec<(String, String)> {
        let out = dir.join(format!("{name}.json"));
        let result = runner()
            .args(["check", "--engine", name, "--no-corpus", "--registry"])
            .arg(&registry)
            .arg("--scenarios")
            .arg(&dir)
            .arg("--json")
            .arg(&out)
            .output()
            .expect("it runs");
        // 0: every verdict passed; 1: some failed or ended in an engine error.
        assert!(matches!(result.status.code(), Some(0 | 1)), "{name}: {}", String::from_utf8_lossy(&result.stderr));
        let run: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&out).expect("verdicts")).expect("JSON");
        ["Castling without a rook", "A position a game can reach"]
            .iter()
            .map(|scenario| {
                let record = run["scenarios"].as_array().and_then(|s| s.iter().find(|r| r["scenario"] == *scenario));
                let record = record.unwrap_or_else(|| panic!("{name}: no verdict for {scenario}"));
                (
                    record["verdict"].as_str().unwrap_or_default().to_string(),
                    record["message"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    };
    let refuses = run("refuses");
    assert_eq!(refuses[0].0, "passed", "{refuses:?}");
    assert!(refuses[0].1.starts_with("the engine refused the position: bad_fen: no rook on h1"), "{refuses:?}");
    assert_eq!(refuses[1], ("passed".to_string(), String::new()));
    // Refusing a position a game can reach is no pass.
    let refuses_all = run("refuses-all");
    assert_eq!(refuses_all[1].0, "error", "{refuses_all:?}");
    assert!(refuses_all[1].1.contains("which a game can reach"), "{refuses_all:?}");
    // A crash or a hang on the position is an error, never a refusal.
    let crashes = run("crashes");
    assert_eq!(crashes[0].0, "error", "{crashes:?}");
    assert!(crashes[0].1.contains("exited"), "{crashes:?}");
    assert_eq!(crashes[1].0, "passed", "the restarted engine goes on: {crashes:?}");
    let hangs = run("hangs");
    assert_eq!(hangs[0].0, "error", "{hangs:?}");
    assert!(hangs[0].1.contains("no answer within 500 ms"), "{hangs:?}");
    // An engine that takes the position is judged.
    assert_eq!(run("castles")[0].0, "failed");
    assert_eq!(run("obeys")[0], ("passed".to_string(), String::new()));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run records what the engine declares it answers and which scenarios
/// were chosen: what its expectations are derived from.
#[test]
fn a_run_records_the_declared_capabilities_and_the_selection() {
    let out = folder("declared").join("run.json");
    let result = runner()
        .args(["check", "--engine", "lawbook", "--tags", "@CASTLE-11", "--json"])
        .arg(&out)
        .output()
        .expect("it runs");
    assert_eq!(result.status.code(), Some(0), "{}", String::from_utf8_lossy(&result.stderr));
    let run: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).expect("verdicts")).expect("JSON");
    let declared: Vec<&str> =
        run["capabilities"].as_array().expect("capabilities").iter().filter_map(|c| c.as_str()).collect();
    assert!(declared.contains(&"legal-moves") && declared.contains(&"model"), "{declared:?}");
    assert!(!declared.contains(&"claims"), "the built-in engine claims nothing as a player: {declared:?}");
    assert_eq!(run["selection"], "@CASTLE-11");
}
