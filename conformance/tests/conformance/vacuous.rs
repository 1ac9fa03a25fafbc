//! Scenarios that cannot pass by accident: every scenario of
//! `tests/vacuous/` is vacuous (it would pass whatever the engine answers)
//! or false, and each must fail on the built-in engine with the reason its
//! `# says:` comment names.

use lawbook_conformance::records::Verdict;
use lawbook_conformance::{RunOptions, corpus, run_corpus};
use std::path::Path;

#[test]
fn every_vacuous_or_false_scenario_fails_and_says_why() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vacuous");
    let part = corpus::folder(&dir).expect("the folder reads");
    // What each scenario's message must hold, from the comment above it.
    let mut says = std::collections::BTreeMap::new();
    for file in &part.files {
        let lines: Vec<&str> = file.text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if let Some(name) = line.trim().strip_prefix("Scenario: ") {
                let said = lines[..i].iter().rev().find_map(|l| l.trim().strip_prefix("# says: "));
                says.insert(name.to_string(), said.expect("each scenario says why it fails").to_string());
            }
        }
    }
    let run = run_corpus(&part, &RunOptions::default()).expect("the folder runs");
    assert_eq!(run.scenarios.len(), says.len(), "every scenario ran");
    let mut problems = Vec::new();
    for record in &run.scenarios {
        let message = record.message.clone().unwrap_or_default();
        let expected = &says[&record.scenario];
        if record.verdict != Verdict::Failed {
            problems.push(format!("{}: {:?}, not failed ({message})", record.scenario, record.verdict));
        } else if !message.contains(expected.as_str()) {
            problems.push(format!("{}: failed, but its message does not say {expected:?}: {message}", record.scenario));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
