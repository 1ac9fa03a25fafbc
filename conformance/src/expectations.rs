//! What each engine is expected to answer, kept beside the corpus as
//! web-platform-tests and test262 keep theirs, listing only what differs
//! from what can be derived: `conformance/expectations/<engine>.yaml` lists
//! every scenario the engine is known not to pass (failed, in error, or
//! unsupported for a reason its declared capabilities do not give), each
//! with why: for a failure the finding (`conformance/FINDINGS.md`) and the
//! FIDE article, for the others what goes wrong. A scenario unsupported
//! only because the engine declares it cannot answer a kind of question
//! (lawbook's own model, say) is not listed: the file counts them per kind.
//! Every other scenario is expected to pass.
//!
//! A run is compared with its engine's expectations ([`compare`]): every
//! verdict that differs, a new failure and a new pass alike, is
//! *unexpected*, and so is a count that differs in a run of the whole
//! corpus; `lawbook-conformance report --strict` exits 1 on any. An engine
//! without a file is expected to fail nothing and to give no error
//! (unsupported scenarios are allowed).
//!
//! ```
//! use lawbook_conformance::expectations::Expectations;
//! let text = "engine: stockfish\nversion: Stockfish 16\nunsupported:\n  model: 154\nscenarios:\n  - id: 'draws.feature: A lone king cannot mate'\n    verdict: failed\n    finding: A lone king\n    article: '5.2.2'\n";
//! let expectations = Expectations::parse(text)?;
//! assert_eq!(expectations.scenarios.len(), 1);
//! assert_eq!(expectations.unsupported[&lawbook_engines::Capability::Model], 154);
//! # Ok::<(), String>(())
//! ```

use crate::records::{EngineRun, Unexpected, Verdict};
use lawbook_engines::Capability;
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
    /// How many scenarios are unsupported because the engine declares it
    /// cannot answer a kind of question, per kind: these follow from its
    /// capabilities and are not listed one by one, but their number keeps a
    /// change of the corpus (or of the capabilities) visible.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub unsupported: BTreeMap<Capability, usize>,
    /// The search limit the engine was asked to move with when these
    /// verdicts were seen (`depth=3`); `None`: it was not asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<String>,
    /// Every other scenario it does not pass, in the corpus's order.
    #[serde(default)]
    pub scenarios: Vec<Expected>,
}

/// A scenario an engine is known not to pass.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    /// The scenario's stable name ([`crate::records::ScenarioRecord::id`]).
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
    /// The verdict comes from what the engine played alone (its answers to
    /// the scenario's questions did not fail): a run that does not ask it
    /// to move cannot show it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub play: bool,
    /// The engine's version this verdict was last seen with, where it is
    /// not the file's `version` (a run of part of the corpus keeps the
    /// entries of the scenarios it did not run, with the version they were seen with).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seen_with: Option<String>,
}

impl Expectations {
    /// Reads expectations from YAML text.
    ///
    /// # Errors
    /// A message naming what is wrong: not YAML, an unknown key, a verdict
    /// that is not one, `passed` listed (every scenario not listed is), a
    /// scenario without why (a failure's finding and article, or a reason),
    /// a scenario listed twice. lawbook's own files name a finding and
    /// article for every failure (`tests/conformance/expectations.rs` holds them to it).
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

    /// The expectations a run shows: every scenario it did not pass, but
    /// those unsupported only because the engine declares it cannot answer
    /// their questions, which are counted per kind instead (a run of part of
    /// the corpus keeps the counts of `previous`). What `previous` says of a
    /// scenario with the same verdict (finding, article, reason) is kept; a
    /// new unsupported or error verdict gets the run's first reason, a new
    /// failure too (its finding and article are for a person to write).
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
            .filter(|r| r.verdict != Verdict::Passed && r.lacking(&run.capabilities).is_none())
            .map(|r| match known.get(r.id.as_str()) {
                // Why a scenario is unsupported is the run's to say, not a person's.
                Some(e) if e.verdict == r.verdict && r.verdict == Verdict::Unsupported => {
                    Expected { seen_with: None, reason: Some(reason_of(r, &run.capabilities)), ..(*e).clone() }
                }
                Some(e) if e.verdict == r.verdict => {
                    Expected { seen_with: None, play: r.failed_in_play_only(), ..(*e).clone() }
                }
                _ => Expected {
                    id: r.id.clone(),
                    verdict: r.verdict,
                    finding: None,
                    article: None,
                    reason: Some(reason_of(r, &run.capabilities)),
                    play: r.failed_in_play_only(),
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
        let unsupported = match (&run.selection, previous) {
            (Some(_), Some(previous)) => previous.unsupported.clone(),
            _ => run.lacking_counts(),
        };
        Expectations {
            engine: run.engine.clone(),
            version: run.version.clone(),
            unsupported,
            play: run.play.clone(),
            scenarios,
        }
    }

    /// The file's text: a comment saying what it is, then the YAML.
    ///
    /// # Errors
    /// When the expectations cannot be written as YAML (they always can).
    pub fn to_yaml(&self) -> Result<String, String> {
        let body = serde_yaml::to_string(self).map_err(|e| e.to_string())?;
        Ok(format!(
            "# The verdicts {} is known to give on the rule corpus other than `passed`,\n\
             # with why. `unsupported` counts, per kind of question the engine declares\n\
             # it cannot answer, the scenarios unsupported for that alone; `scenarios`\n\
             # lists every other one; every scenario not counted or listed is expected\n\
             # to pass. Written by `lawbook check --write-expectations FILE`, read by\n\
             # `lawbook check --expect FILE`; for each failure, a finding and the FIDE\n\
             # article it breaks may be added by hand.\n{body}",
            self.engine
        ))
    }
}

/// The reason an unsupported or failed-to-answer scenario gives: for one
/// that failed in what the engine played alone, the first line of that;
/// else the first line of the message of its first step that is unsupported for a reason
/// other than a kind of question the engine declares it does not answer
/// (`declared` are those it does), or in error, or failed; else the
/// scenario's message.
fn reason_of(record: &crate::records::ScenarioRecord, declared: &[Capability]) -> String {
    use crate::records::StepVerdict;
    if record.failed_in_play_only()
        && let Some(said) = record.play.as_ref().and_then(|p| p.message.as_deref())
    {
        // What it played, in the words of the scenario's message.
        return format!("What it plays: {}", said.lines().next().unwrap_or_default().trim());
    }
    let step = record
        .steps
        .iter()
        .find(|s| match s.verdict {
            StepVerdict::Unsupported => !s.unsupported_as_declared(declared),
            StepVerdict::Error | StepVerdict::Failed => true,
            StepVerdict::Passed | StepVerdict::NotRun => false,
        })
        .and_then(|s| s.message.as_deref());
    let line = step.or(record.message.as_deref()).and_then(|m| m.lines().next()).unwrap_or("no message");
    line.trim().to_string()
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
/// expectations: every failure and error), and, for a run of the whole
/// corpus, every count of scenarios unsupported by declaration that differs.
///
/// A scenario not listed is expected to pass, or to be unsupported when it
/// is so only because the engine declares it cannot answer its questions.
pub fn compare(run: &EngineRun, expectations: Option<&Expectations>) -> Vec<Unexpected> {
    let expected = expectations.map(Expectations::verdicts);
    // Expectations seen while the engine was asked to move, held to a run
    // that did not ask: what it played cannot show, so the verdicts it
    // alone gave, and the counts, are not compared.
    let unplayed = expectations.is_some_and(|e| e.play.is_some()) && run.play.is_none();
    let from_play: std::collections::BTreeSet<&str> = expectations
        .filter(|_| unplayed)
        .map(|e| e.scenarios.iter().filter(|s| s.play).map(|s| s.id.as_str()).collect())
        .unwrap_or_default();
    let mut unexpected: Vec<Unexpected> = run
        .scenarios
        .iter()
        .filter(|r| !from_play.contains(r.id.as_str()))
        .filter_map(|r| {
            let listed = expected.as_ref().and_then(|map| map.get(r.id.as_str()).copied());
            let want = match listed {
                Some(verdict) => verdict,
                None if r.verdict == Verdict::Unsupported && expected.is_none() => Verdict::Unsupported,
                None if r.lacking(&run.capabilities).is_some() => Verdict::Unsupported,
                None => Verdict::Passed,
            };
            (want != r.verdict).then(|| Unexpected::Verdict {
                id: r.id.clone(),
                expected: want,
                actual: r.verdict,
                message: r.message.as_deref().and_then(|m| m.lines().next()).map(|l| l.chars().take(160).collect()),
            })
        })
        .collect();
    if let Some(expectations) = expectations.filter(|_| run.selection.is_none() && !unplayed) {
        let counts = run.lacking_counts();
        let kinds: std::collections::BTreeSet<Capability> =
            counts.keys().chain(expectations.unsupported.keys()).copied().collect();
        for capability in kinds {
            let expected = expectations.unsupported.get(&capability).copied().unwrap_or(0);
            let actual = counts.get(&capability).copied().unwrap_or(0);
            if expected != actual {
                unexpected.push(Unexpected::Count { capability, expected, actual });
            }
        }
    }
    unexpected
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::{ScenarioRecord, StepRecord, StepVerdict};

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
            play: None,
        }
    }

    /// A scenario unsupported at one step, which asked a question of kind `capability`.
    fn unsupported(id: &str, capability: Option<Capability>, why: &str) -> ScenarioRecord {
        let step = StepRecord {
            text: "Then the position is dead".into(),
            line: 12,
            verdict: StepVerdict::Unsupported,
            message: Some(why.into()),
            capability,
            fault: None,
        };
        ScenarioRecord { steps: vec![step], ..record(id, Verdict::Unsupported, Some(&format!("{why} (line 12)"))) }
    }

    /// A run of demo 2, which declares it answers whether a side is in check,
    /// and nothing else.
    fn run(records: Vec<ScenarioRecord>) -> EngineRun {
        EngineRun {
            engine: "demo".into(),
            version: "demo 2".into(),
            capabilities: vec![Capability::Check],
            scenarios: records,
            ..EngineRun::default()
        }
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
            record("d", Verdict::Error, Some("engine error: crashed")),
            record("e", Verdict::Passed, None),
        ]);
        let lines: Vec<String> = compare(&now, Some(&expectations)).iter().map(Unexpected::line).collect();
        assert_eq!(
            lines,
            [
                "b: now passes",
                "c: expected unsupported, now failed (expected x)",
                "d: a new engine error (engine error: crashed)"
            ]
        );
        // Without expectations, failures and errors are unexpected, unsupported scenarios are not.
        let none: Vec<String> = compare(&now, None).iter().map(Unexpected::line).collect();
        assert_eq!(
            none,
            [
                "a: a new failure (still wrong)",
                "c: a new failure (expected x)",
                "d: a new engine error (engine error: crashed)"
            ]
        );
    }

    #[test]
    fn a_run_that_asks_no_move_is_not_held_to_verdicts_from_play() {
        let text = "engine: demo\nversion: demo 1\nplay: depth=3\nunsupported:\n  model: 3\nscenarios:\n\
                    - {id: a, verdict: failed, finding: F, article: '5.1.1', play: true}\n\
                    - {id: b, verdict: failed, finding: G, article: '3.9.2'}\n";
        let expectations = Expectations::parse(text).unwrap();
        let mut without = run(vec![record("a", Verdict::Passed, None), record("b", Verdict::Passed, None)]);
        let lines: Vec<String> = compare(&without, Some(&expectations)).iter().map(Unexpected::line).collect();
        // Only the failure its answers gave is held; no count is.
        assert_eq!(lines, ["b: now passes"]);
        // Asked to move, it is held to them all.
        without.play = Some("depth=3".into());
        assert_eq!(compare(&without, Some(&expectations)).len(), 3);
        // A failure found in play alone is written so.
        let mut played = record("a", Verdict::Failed, Some("What it plays: ..."));
        played.play = Some(crate::records::PlayRecord {
            limit: "depth=3".into(),
            asked: 1,
            judged: 1,
            verdict: StepVerdict::Failed,
            message: Some("...".into()),
            articles: vec!["5.1.1".into()],
            fault: None,
        });
        let written = Expectations::of_run(&run(vec![played]), None);
        assert!(written.scenarios[0].play);
    }

    #[test]
    fn a_recorded_run_keeps_what_was_written_by_hand() {
        let previous = Expectations::parse(
            "engine: demo\nversion: demo 1\nscenarios:\n- {id: a, verdict: failed, finding: F, article: '5.2.2'}\n",
        )
        .unwrap();
        let now = run(vec![
            record("a", Verdict::Failed, Some("wrong")),
            unsupported("b", Some(Capability::Check), "the engine cannot tell x in this position"),
            record("c", Verdict::Passed, None),
        ]);
        let written = Expectations::of_run(&now, Some(&previous));
        assert_eq!(written.version, "demo 2");
        assert_eq!(written.scenarios[0], previous.scenarios[0]);
        assert_eq!(written.scenarios[1].reason.as_deref(), Some("the engine cannot tell x in this position"));
        assert_eq!(written.scenarios.len(), 2);
        let text = written.to_yaml().unwrap();
        assert_eq!(Expectations::parse(&text), Ok(written));
    }

    #[test]
    fn what_the_capabilities_give_is_counted_not_listed() {
        let model = "the over-the-board rules are facts of lawbook's own model";
        let now = run(vec![
            // Unsupported because demo declares it answers no question of lawbook's model, nor of dead positions.
            unsupported("m1", Some(Capability::Model), model),
            unsupported("m2", Some(Capability::Model), model),
            unsupported("d", Some(Capability::DeadPosition), "the engine cannot tell whether the position is dead"),
            // Unsupported although demo declares it tells check: not derivable, so listed.
            unsupported(
                "c",
                Some(Capability::Check),
                "the engine cannot tell whether the side to move is in check in this position",
            ),
            // Unsupported for no kind of question: listed.
            unsupported("x", None, "the engine claimed a draw"),
            record("p", Verdict::Passed, None),
        ]);
        let written = Expectations::of_run(&now, None);
        let listed: Vec<&str> = written.scenarios.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(listed, ["c", "x"]);
        assert_eq!(written.unsupported, BTreeMap::from([(Capability::Model, 2), (Capability::DeadPosition, 1)]));
        let text = written.to_yaml().unwrap();
        assert!(text.contains("unsupported:\n  dead-position: 1\n  model: 2\n"), "{text}");
        assert_eq!(Expectations::parse(&text).as_ref(), Ok(&written));
        assert_eq!(compare(&now, Some(&written)), []);

        // One scenario more of lawbook's model, and one fewer of dead positions: both counts are unexpected.
        let mut changed = now.clone();
        changed.scenarios[2] = unsupported("m3", Some(Capability::Model), model);
        let lines: Vec<String> = compare(&changed, Some(&written)).iter().map(Unexpected::line).collect();
        assert_eq!(
            lines,
            [
                "unsupported for want of whether the position is dead (dead-position): expected 1 scenarios, now 0",
                "unsupported for want of facts of lawbook's own model (model): expected 2 scenarios, now 3",
            ]
        );
        // A run of part of the corpus compares verdicts only, and keeps the counts it cannot see.
        changed.selection = Some("@castling".into());
        assert_eq!(compare(&changed, Some(&written)), []);
        assert_eq!(Expectations::of_run(&changed, Some(&written)).unsupported, written.unsupported);
        // A scenario once counted that now fails is a new failure.
        changed.scenarios[0] = record("m1", Verdict::Failed, Some("wrong"));
        let lines: Vec<String> = compare(&changed, Some(&written)).iter().map(Unexpected::line).collect();
        assert_eq!(lines, ["m1: a new failure (wrong)"]);
    }

    #[test]
    fn an_engine_that_declares_no_chess960_has_its_chess960_scenarios_counted() {
        let why = "the engine cannot tell whether a move is legal in a Chess960 game, which it does not play";
        let now = run(vec![unsupported("c960", Some(Capability::Chess960), why)]);
        let written = Expectations::of_run(&now, None);
        assert!(written.scenarios.is_empty());
        assert_eq!(written.unsupported, BTreeMap::from([(Capability::Chess960, 1)]));
        // One that declares it plays Chess960, and does not answer there, has the scenario listed.
        let mut plays = now.clone();
        plays.capabilities.push(Capability::Chess960);
        assert_eq!(Expectations::of_run(&plays, None).scenarios.len(), 1);
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
