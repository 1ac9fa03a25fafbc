//! What each engine is expected to answer, kept beside the corpus as
//! web-platform-tests and test262 keep theirs:
//! `conformance/expectations/<engine>.yaml` lists every scenario the engine
//! is known not to pass (failed, unsupported or in error), each with why: for
//! a failure the finding (`conformance/FINDINGS.md`) and the FIDE article,
//! for an unsupported scenario what the engine cannot be asked. Every other
//! scenario is expected to pass.
//!
//! A run is compared with its engine's expectations ([`compare`]): every
//! verdict that differs, a new failure and a new pass alike, is
//! *unexpected*, and `lawbook-conformance report --strict` exits 1 on any.
//! An engine without a file is expected to fail nothing and to give no
//! error (unsupported scenarios are allowed).
//!
//! ```
//! use lawbook_conformance::expectations::Expectations;
//! let text = "engine: stockfish\nversion: Stockfish 16\nscenarios:\n  - id: 'draws.feature: A lone king cannot mate'\n    verdict: unsupported\n    reason: the engine cannot tell whether a side has the material to checkmate\n";
//! let expectations = Expectations::parse(text)?;
//! assert_eq!(expectations.scenarios.len(), 1);
//! # Ok::<(), String>(())
//! ```

use crate::report::{EngineRun, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One engine's expected verdicts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectations {
    /// The engine's registry name.
    pub engine: String,
    /// What the engine called itself (name and version) when these verdicts were seen.
    pub version: String,
    /// Every scenario it does not pass, in the corpus's order.
    #[serde(default)]
    pub scenarios: Vec<Expected>,
}

/// A scenario an engine is known not to pass.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    /// The scenario's stable name ([`crate::report::ScenarioRecord::id`]).
    pub id: String,
    /// Its verdict: failed, unsupported or error.
    pub verdict: Verdict,
    /// For a failure: the heading of its finding in `conformance/FINDINGS.md`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finding: Option<String>,
    /// For a failure: the FIDE article the engine breaks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub article: Option<String>,
    /// Why, in words: what the engine cannot be asked, or what goes wrong.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The engine's version this verdict was last seen with, where it is
    /// not the file's `version` (a run of part of the corpus keeps the
    /// entries of the scenarios it did not run, with the version they were seen with).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seen_with: Option<String>,
}

/// A verdict that is not the expected one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unexpected {
    /// The scenario.
    pub id: String,
    /// The verdict expected.
    pub expected: Verdict,
    /// The verdict of this run.
    pub actual: Verdict,
    /// The first line of the run's message, if any.
    pub message: Option<String>,
}

impl Unexpected {
    /// The line a report prints.
    pub fn line(&self) -> String {
        let what = match (self.expected, self.actual) {
            (_, Verdict::Passed) => "now passes".to_string(),
            (Verdict::Passed, Verdict::Failed) => "a new failure".to_string(),
            (Verdict::Passed, Verdict::Error) => "a new engine error".to_string(),
            (expected, actual) => format!("expected {}, now {}", expected.name(), actual.name()),
        };
        match &self.message {
            Some(m) => format!("{}: {what} ({m})", self.id),
            None => format!("{}: {what}", self.id),
        }
    }
}

impl Expectations {
    /// Reads expectations from YAML text.
    ///
    /// # Errors
    /// A message naming what is wrong: not YAML, an unknown key, a verdict
    /// that is not one, `passed` listed (every scenario not listed is), a
    /// scenario without why (a failure's finding and article, or a reason),
    /// a scenario listed twice. lawbook's own files name a finding and
    /// article for every failure (`tests/expectations.rs` holds them to it).
    pub fn parse(text: &str) -> Result<Expectations, String> {
        let expectations: Expectations = serde_yaml::from_str(text).map_err(|e| e.to_string())?;
        let mut seen = std::collections::BTreeSet::new();
        for e in &expectations.scenarios {
            if e.verdict == Verdict::Passed {
                return Err(format!(
                    "{}: `passed` need not be listed: every scenario not listed is expected to pass",
                    e.id
                ));
            }
            if e.verdict == Verdict::Failed && e.reason.is_none() && (e.finding.is_none() || e.article.is_none()) {
                return Err(format!(
                    "{}: say why the failure is expected: its `finding` and FIDE `article`, or a `reason`",
                    e.id
                ));
            }
            if e.reason.is_none() && e.finding.is_none() {
                return Err(format!("{}: say why with `reason` (or `finding`)", e.id));
            }
            if !seen.insert(e.id.as_str()) {
                return Err(format!("{}: listed twice", e.id));
            }
        }
        Ok(expectations)
    }

    /// Reads `dir/<engine>.yaml`; `Ok(None)` when there is no such file.
    ///
    /// # Errors
    /// When the file exists but cannot be read or is not valid.
    pub fn read(dir: &Path, engine: &str) -> Result<Option<Expectations>, String> {
        let path = path_for(dir, engine);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        let expectations = Expectations::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if expectations.engine != engine {
            return Err(format!("{}: the file is for {:?}, not {engine:?}", path.display(), expectations.engine));
        }
        Ok(Some(expectations))
    }

    /// The engine version `entry` was seen with.
    pub fn seen_with<'a>(&'a self, entry: &'a Expected) -> &'a str {
        entry.seen_with.as_deref().unwrap_or(&self.version)
    }

    /// What a run of another version says of the entries seen with other
    /// versions: how many it confirms (the same verdict), and the ones it
    /// does not (a scenario it ran with another verdict), with the version
    /// each was seen with. Entries of scenarios it did not run are neither.
    pub fn confirmation(&self, run: &EngineRun) -> (usize, Vec<(String, String)>) {
        let verdicts: BTreeMap<&str, Verdict> = run.scenarios.iter().map(|r| (r.id.as_str(), r.verdict)).collect();
        let mut confirmed = 0;
        let mut not_confirmed = Vec::new();
        for entry in &self.scenarios {
            let seen = self.seen_with(entry);
            match verdicts.get(entry.id.as_str()) {
                Some(_) if seen == run.version => {}
                Some(&verdict) if verdict == entry.verdict => confirmed += 1,
                Some(_) => not_confirmed.push((entry.id.clone(), seen.to_string())),
                None => {}
            }
        }
        (confirmed, not_confirmed)
    }

    /// The expected verdict of each listed scenario.
    pub fn verdicts(&self) -> BTreeMap<&str, Verdict> {
        self.scenarios.iter().map(|e| (e.id.as_str(), e.verdict)).collect()
    }

    /// The expectations a run shows: every scenario it did not pass. What
    /// `previous` says of a scenario with the same verdict (finding,
    /// article, reason) is kept; a new unsupported or error verdict gets
    /// the run's message as its reason, a new failure too (its finding and
    /// article are for a person to write).
    ///
    /// The file's version becomes the run's. An entry of a scenario the run
    /// did not run (a run of part of the corpus) is kept, saying which
    /// version it was seen with.
    pub fn of_run(run: &EngineRun, previous: Option<&Expectations>) -> Expectations {
        let known: BTreeMap<&str, &Expected> =
            previous.map(|p| p.scenarios.iter().map(|e| (e.id.as_str(), e)).collect()).unwrap_or_default();
        let mut scenarios: Vec<Expected> = run
            .scenarios
            .iter()
            .filter(|r| r.verdict != Verdict::Passed)
            .map(|r| match known.get(r.id.as_str()) {
                Some(e) if e.verdict == r.verdict => Expected { seen_with: None, ..(*e).clone() },
                _ => Expected {
                    id: r.id.clone(),
                    verdict: r.verdict,
                    finding: None,
                    article: None,
                    reason: Some(reason_of(r.message.as_deref())),
                    seen_with: None,
                },
            })
            .collect();
        if let Some(previous) = previous {
            let ran: std::collections::BTreeSet<&str> = run.scenarios.iter().map(|r| r.id.as_str()).collect();
            for entry in previous.scenarios.iter().filter(|e| !ran.contains(e.id.as_str())) {
                let seen = previous.seen_with(entry);
                let seen_with = (seen != run.version).then(|| seen.to_string());
                scenarios.push(Expected { seen_with, ..entry.clone() });
            }
        }
        Expectations { engine: run.engine.clone(), version: run.version.clone(), scenarios }
    }

    /// The file's text: a comment saying what it is, then the YAML.
    ///
    /// # Errors
    /// When the expectations cannot be written as YAML (they always can).
    pub fn to_yaml(&self) -> Result<String, String> {
        let body = serde_yaml::to_string(self).map_err(|e| e.to_string())?;
        Ok(format!(
            "# The verdicts {} is known to give on the rule corpus other than `passed`,\n\
             # with why; every scenario not listed is expected to pass. Written by\n\
             # `lawbook check --write-expectations FILE`, read by `lawbook check --expect FILE`;\n\
             # for each failure, a finding and the FIDE article it breaks may be added by hand.\n{body}",
            self.engine
        ))
    }
}

/// The reason an unsupported or failed-to-answer scenario gives: its
/// message's first line, without the report's marker.
fn reason_of(message: Option<&str>) -> String {
    let line = message.and_then(|m| m.lines().next()).unwrap_or("no message");
    let line = line.trim_start_matches(crate::ask::UNSUPPORTED).trim_start_matches(crate::ask::ENGINE_ERROR).trim();
    // The step's line number changes with the file; the reason should not.
    match line.rsplit_once(" (line ") {
        Some((reason, rest)) if rest.trim_end_matches(')').parse::<usize>().is_ok() => reason.to_string(),
        _ => line.to_string(),
    }
}

/// Where an engine's expectations live in `dir`.
pub fn path_for(dir: &Path, engine: &str) -> PathBuf {
    dir.join(format!("{engine}.yaml"))
}

/// The corpus's own expectations folder.
pub fn corpus_directory() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations")
}

/// The verdicts of `run` that differ from `expectations` (with no
/// expectations: every failure and error).
pub fn compare(run: &EngineRun, expectations: Option<&Expectations>) -> Vec<Unexpected> {
    let expected = expectations.map(Expectations::verdicts);
    run.scenarios
        .iter()
        .filter_map(|r| {
            let want = match &expected {
                Some(map) => map.get(r.id.as_str()).copied().unwrap_or(Verdict::Passed),
                None if r.verdict == Verdict::Unsupported => Verdict::Unsupported,
                None => Verdict::Passed,
            };
            (want != r.verdict).then(|| Unexpected {
                id: r.id.clone(),
                expected: want,
                actual: r.verdict,
                message: r.message.as_deref().and_then(|m| m.lines().next()).map(|l| l.chars().take(160).collect()),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::ScenarioRecord;

    fn record(id: &str, verdict: Verdict, message: Option<&str>) -> ScenarioRecord {
        ScenarioRecord {
            id: id.into(),
            feature: "Draws".into(),
            rule: None,
            scenario: id.into(),
            tags: vec![],
            location: "draws.feature:1".into(),
            quotes: vec![],
            verdict,
            message: message.map(str::to_string),
            fen: None,
            last_move: None,
            steps: vec![],
            start: None,
            refused: None,
            pins: Vec::new(),
        }
    }

    fn run(records: Vec<ScenarioRecord>) -> EngineRun {
        EngineRun { engine: "demo".into(), version: "demo 2".into(), scenarios: records, ..EngineRun::default() }
    }

    #[test]
    fn every_changed_verdict_is_unexpected() {
        let text = "engine: demo\nversion: demo 1\nscenarios:\n\
                    - {id: a, verdict: failed, finding: F, article: '5.2.2'}\n\
                    - {id: b, verdict: unsupported, reason: cannot tell}\n\
                    - {id: c, verdict: unsupported, reason: cannot tell}\n";
        let expectations = Expectations::parse(text).unwrap();
        let now = run(vec![
            record("a", Verdict::Failed, Some("still wrong")),
            record("b", Verdict::Passed, None),
            record("c", Verdict::Failed, Some("expected x\nboard")),
            record("d", Verdict::Error, Some("ENGINE ERROR: crashed")),
            record("e", Verdict::Passed, None),
        ]);
        let lines: Vec<String> = compare(&now, Some(&expectations)).iter().map(Unexpected::line).collect();
        assert_eq!(
            lines,
            [
                "b: now passes",
                "c: expected unsupported, now failed (expected x)",
                "d: a new engine error (ENGINE ERROR: crashed)"
            ]
        );
        // Without expectations, failures and errors are unexpected, unsupported scenarios are not.
        let none: Vec<String> = compare(&now, None).iter().map(|u| u.id.clone()).collect();
        assert_eq!(none, ["a", "c", "d"]);
    }

    #[test]
    fn a_recorded_run_keeps_what_was_written_by_hand() {
        let previous = Expectations::parse(
            "engine: demo\nversion: demo 1\nscenarios:\n- {id: a, verdict: failed, finding: F, article: '5.2.2'}\n",
        )
        .unwrap();
        let now = run(vec![
            record("a", Verdict::Failed, Some("wrong")),
            record("b", Verdict::Unsupported, Some("UNSUPPORTED: the engine cannot tell x (line 12)")),
            record("c", Verdict::Passed, None),
        ]);
        let written = Expectations::of_run(&now, Some(&previous));
        assert_eq!(written.version, "demo 2");
        assert_eq!(written.scenarios[0], previous.scenarios[0]);
        assert_eq!(written.scenarios[1].reason.as_deref(), Some("the engine cannot tell x"));
        assert_eq!(written.scenarios.len(), 2);
        let text = written.to_yaml().unwrap();
        assert_eq!(Expectations::parse(&text), Ok(written));
    }

    #[test]
    fn expectations_say_which_version_each_verdict_was_seen_with() {
        let previous = Expectations::parse(
            "engine: demo\nversion: demo 1\nscenarios:\n- {id: a, verdict: failed, finding: F, article: '5.2.2'}\n\
             - {id: b, verdict: unsupported, reason: r}\n- {id: c, verdict: unsupported, reason: r}\n",
        )
        .unwrap();
        // A run of demo 2 over part of the corpus: a still fails, b now passes, c was not run.
        let now = run(vec![record("a", Verdict::Failed, Some("wrong")), record("b", Verdict::Passed, None)]);
        let (confirmed, not_confirmed) = previous.confirmation(&now);
        assert_eq!((confirmed, not_confirmed), (1, vec![("b".to_string(), "demo 1".to_string())]));
        let written = Expectations::of_run(&now, Some(&previous));
        assert_eq!(written.version, "demo 2");
        let seen: Vec<(&str, &str)> = written.scenarios.iter().map(|e| (e.id.as_str(), written.seen_with(e))).collect();
        assert_eq!(seen, [("a", "demo 2"), ("c", "demo 1")]);
        let text = written.to_yaml().unwrap();
        assert!(text.contains("seen_with: demo 1"), "{text}");
        assert_eq!(Expectations::parse(&text), Ok(written));
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        for (text, says) in [
            ("engine: x\nversion: y\nscenarios:\n- {id: a, verdict: failed}\n", "finding"),
            ("engine: x\nversion: y\nscenarios:\n- {id: a, verdict: passed}\n", "need not be listed"),
            ("engine: x\nversion: y\nscenarios:\n- {id: a, verdict: won, reason: r}\n", "unknown variant"),
            ("engine: x\nversion: y\nscenario: []\n", "unknown field"),
            (
                "engine: x\nversion: y\nscenarios:\n- {id: a, verdict: error, reason: r}\n- {id: a, verdict: error, reason: r}\n",
                "twice",
            ),
        ] {
            let error = Expectations::parse(text).unwrap_err();
            assert!(error.contains(says), "{text:?}: {error}");
        }
    }
}
