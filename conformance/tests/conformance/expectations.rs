//! The expectations of every engine (`conformance/expectations/`) agree with
//! the registry, the corpus and the findings: each file names a registry
//! engine, each scenario it lists exists, and each expected failure has its
//! finding in `conformance/FINDINGS.md`, whose section names the scenario.

use lawbook_conformance::expectations::{self, Expectations};
use lawbook_conformance::records::Verdict;
use lawbook_conformance::{RunOptions, run_corpus};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every expectations file, by engine.
fn all_expectations() -> BTreeMap<String, Expectations> {
    let dir = expectations::corpus_directory();
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("conformance/expectations exists") {
        let path = entry.expect("a folder entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("yaml") {
            continue;
        }
        let engine = path.file_stem().and_then(|s| s.to_str()).expect("a file name").to_string();
        let read = Expectations::read(&dir, &engine).unwrap_or_else(|e| panic!("{e}"));
        out.insert(engine, read.expect("the file was just listed"));
    }
    out
}

/// The findings: each `## ` heading and the text of its section.
fn findings() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(root().join("FINDINGS.md")).expect("FINDINGS.md");
    let mut out = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            if let Some((h, body)) = current.take() {
                out.insert(h, body);
            }
            current = Some((heading.trim().to_string(), String::new()));
        } else if let Some((_, body)) = current.as_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    if let Some((h, body)) = current {
        out.insert(h, body);
    }
    // Names wrap across lines: compare the words, one space between.
    out.into_iter().map(|(h, body)| (h, body.split_whitespace().collect::<Vec<_>>().join(" "))).collect()
}

/// A scenario's name, from its id (`draws.feature: Name [row 2]`).
fn name_of(id: &str) -> &str {
    let name = id.split_once(": ").map_or(id, |(_, name)| name);
    match name.rsplit_once(" [row ") {
        Some((name, _)) => name,
        None => name,
    }
}

#[test]
fn expectations_name_real_engines_scenarios_and_findings() {
    let all = all_expectations();
    assert!(all.contains_key("stockfish"), "the engines CI runs have expectations");
    let specs = lawbook_engines::registry::read(&root().join("engines.yaml")).expect("the registry");
    let names: BTreeSet<&str> = specs.iter().map(|s| s.name.as_str()).collect();
    let run = run_corpus(&lawbook_conformance::corpus::embedded(), &RunOptions::default()).expect("the corpus runs");
    let ids: BTreeSet<&str> = run.scenarios.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), run.scenarios.len(), "every scenario has its own id");
    let findings = findings();
    let mut problems = Vec::new();
    for (engine, expected) in &all {
        if !names.contains(engine.as_str()) {
            problems.push(format!("{engine}.yaml: no engine {engine:?} in conformance/engines.yaml"));
        }
        if engine == "lawbook" && (!expected.scenarios.is_empty() || !expected.unsupported.is_empty()) {
            problems.push("lawbook.yaml: the built-in engine passes every scenario".to_string());
        }
        for e in &expected.scenarios {
            if !ids.contains(e.id.as_str()) {
                problems.push(format!("{engine}.yaml: no scenario {:?} in the corpus (renamed or removed?)", e.id));
            }
            if e.verdict != Verdict::Failed {
                continue;
            }
            let finding = e.finding.as_deref().unwrap_or_default();
            match findings.get(finding) {
                None => problems.push(format!("{engine}.yaml: {}: no finding headed {finding:?} in FINDINGS.md", e.id)),
                Some(body) if !body.contains(name_of(&e.id)) && !body.contains("**Scenarios:** every") => problems
                    .push(format!("{engine}.yaml: {}: the finding {finding:?} does not name this scenario", e.id)),
                Some(_) => {}
            }
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}
