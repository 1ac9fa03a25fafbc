//! The records of a corpus run, engine by engine: each scenario's verdict,
//! its steps and why (the `--json` contract of `lawbook check` and the runs
//! `cargo xtask conformance` keeps). The reports ([`crate::report`]) and the
//! expectations ([`crate::expectations`]) are made of them; they depend on
//! nothing else in this crate. Their JSON Schema, for programs that read
//! runs, is `conformance/records.schema.json` (checked by this module's tests).

use lawbook_engines::{Capability, FaultKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The verdict of one scenario for one engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Every step agreed with the corpus.
    Passed,
    /// The engine's answer contradicts the corpus.
    Failed,
    /// The engine cannot answer a question the scenario asks.
    Unsupported,
    /// The engine failed to answer: it crashed, hung or answered nonsense.
    Error,
}

impl Verdict {
    /// The lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Failed => "failed",
            Verdict::Unsupported => "unsupported",
            Verdict::Error => "error",
        }
    }
}

/// What became of one step of a scenario.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepVerdict {
    /// The step ran and the engine's answers agreed with it.
    Passed,
    /// The engine's answer contradicts the step.
    Failed,
    /// The engine could not be asked what the step needs; the scenario went on.
    Unsupported,
    /// The engine failed to answer.
    Error,
    /// An earlier step ended the scenario.
    NotRun,
}

impl StepVerdict {
    /// The name, as reports write it.
    pub fn name(self) -> &'static str {
        match self {
            StepVerdict::Passed => "passed",
            StepVerdict::Failed => "failed",
            StepVerdict::Unsupported => "unsupported",
            StepVerdict::Error => "error",
            StepVerdict::NotRun => "not run",
        }
    }
}

/// One step's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepRecord {
    /// The step as written: keyword and text (`Then White is checkmated`).
    pub text: String,
    /// Its line in the feature file.
    pub line: usize,
    /// Its verdict.
    pub verdict: StepVerdict,
    /// Why, for anything but a pass: for people to read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// For an unsupported step, what the engine could not be asked (`None`:
    /// something other than a kind of question, such as a draw the engine's
    /// own claim had already ended).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capability: Option<Capability>,
    /// For an engine error, the kind of fault.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<FaultKind>,
}

impl StepRecord {
    /// Whether the step is unsupported only because the engine declares it
    /// cannot answer that kind of question (one of `declared` it lacks):
    /// a verdict that follows from the engine's capabilities alone.
    pub fn unsupported_as_declared(&self, declared: &[Capability]) -> bool {
        self.verdict == StepVerdict::Unsupported && self.capability.is_some_and(|c| !declared.contains(&c))
    }
}

/// One scenario's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioRecord {
    /// Its stable name: the feature file and the scenario's name
    /// (`draws.feature: A lone king cannot mate`), with ` [row N]` for the
    /// N-th of several scenarios of one file with the same name (the rows
    /// of an outline); what expectations name it by.
    #[serde(default)]
    pub id: String,
    /// The feature (area of the laws).
    pub feature: String,
    /// The rule block, if any.
    pub rule: Option<String>,
    /// The scenario's name.
    pub scenario: String,
    /// Its tags, rule ids and FIDE articles among them (without `@`).
    pub tags: Vec<String>,
    /// The feature file and line.
    pub location: String,
    /// The source quotes written above the scenario.
    pub quotes: Vec<String>,
    /// The verdict.
    pub verdict: Verdict,
    /// Why, for anything but a pass: the failing step and its message.
    pub message: Option<String>,
    /// The position the scenario had reached (FEN), if it had one.
    pub fen: Option<String>,
    /// The last move played or tried in the scenario, in UCI, for the arrow.
    pub last_move: Option<String>,
    /// Every step with its verdict (empty in runs recorded before steps were).
    #[serde(default)]
    pub steps: Vec<StepRecord>,
    /// The position the scenario set up, before its first move (FEN).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The last move tried and refused (UCI), for a crossed arrow.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// The pinned move lists the scenario compares with, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pins: Vec<String>,
    /// What the engine played when asked to move in the scenario's
    /// positions, judged by the Laws; `None` when it was not asked (probes
    /// off, or an engine that cannot be asked to move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<PlayRecord>,
}

/// What an engine played in a scenario's positions ([`crate::play`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayRecord {
    /// The search limit it was asked with (`depth=3`).
    pub limit: String,
    /// In how many positions it was asked to move.
    pub asked: usize,
    /// In how many of them what it played was judged (the others: it had
    /// ended the game, refused the position, or lawbook cannot play it).
    pub judged: usize,
    /// `passed` when nothing it played breaks the Laws, `failed` when
    /// something does, `error` when it failed to answer.
    pub verdict: StepVerdict,
    /// What breaks which article, with the position; or the fault.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The articles broken, in order, each once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub articles: Vec<String>,
    /// For an engine error, the kind of fault.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<FaultKind>,
}

/// One engine's run of the corpus.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineRun {
    /// The engine's name.
    pub engine: String,
    /// What the engine called itself, with its version.
    #[serde(default)]
    pub version: String,
    /// Wall time of the run, in milliseconds.
    pub wall_ms: u64,
    /// Time spent inside the engine's calls, summed, in microseconds (see
    /// [`lawbook_engines::Timed`]); the rest of the wall time is the harness's
    /// own work. Zero in runs recorded before it was measured.
    #[serde(default)]
    pub engine_us: u64,
    /// How many of the engine's answers were engine failures (it crashed,
    /// hung, answered nonsense or could not be started; see
    /// [`lawbook_engines::Tally::failures`]). Zero in runs recorded before it
    /// was counted.
    #[serde(default)]
    pub engine_faults: u64,
    /// The engine's failed answers by kind of fault (their sum is
    /// `engine_faults`). Empty in runs recorded before they were kept.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub faults: BTreeMap<FaultKind, usize>,
    /// The questions the engine answered, with an answer or by refusing the
    /// position (see [`lawbook_engines::Tally::answers`]); a run in which it
    /// answered none checked nothing. `None` in runs recorded before it was counted.
    #[serde(default)]
    pub engine_answers: Option<u64>,
    /// What chose the scenarios run (the tag expression, the folders of
    /// scenarios added or run instead); `None`: every scenario of the
    /// built-in corpus ran, and no other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selection: Option<String>,
    /// The search limit the engine was asked to move with in every
    /// scenario (`depth=3`); `None`: it was not asked (`--no-play`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<String>,
    /// Every scenario run.
    pub scenarios: Vec<ScenarioRecord>,
    /// The kinds of question the engine declares it answers; a step asking
    /// another kind is unsupported by declaration (see
    /// [`ScenarioRecord::lacking`]). Empty in runs recorded before it was kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capabilities: Vec<Capability>,
    /// The verdicts that differ from the engine's expectations, once compared
    /// ([`crate::expectations::compare`]; `lawbook-conformance report` does).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unexpected: Vec<Unexpected>,
    /// The engine version its expectations were seen with, once compared
    /// (`None`: it has no expectations file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_version: Option<String>,
}

impl ScenarioRecord {
    /// Whether the scenario failed or is in error only for what the engine
    /// played ([`PlayRecord`]): none of its steps failed or gave an error.
    pub fn failed_in_play_only(&self) -> bool {
        self.play.as_ref().is_some_and(|p| matches!(p.verdict, StepVerdict::Failed | StepVerdict::Error))
            && !self.steps.iter().any(|s| matches!(s.verdict, StepVerdict::Failed | StepVerdict::Error))
    }

    /// For an unsupported scenario that is so only because the engine
    /// declares it cannot answer some kinds of question (none of its
    /// unsupported steps is anything else): those kinds, each once, in
    /// order. `None` for any other verdict or cause: such a verdict cannot
    /// be derived from the engine's capabilities, and its expectations say it.
    pub fn lacking(&self, declared: &[Capability]) -> Option<Vec<Capability>> {
        if self.verdict != Verdict::Unsupported {
            return None;
        }
        let unsupported: Vec<&StepRecord> =
            self.steps.iter().filter(|s| s.verdict == StepVerdict::Unsupported).collect();
        if unsupported.is_empty() || !unsupported.iter().all(|s| s.unsupported_as_declared(declared)) {
            return None;
        }
        let mut kinds: Vec<Capability> = unsupported.iter().filter_map(|s| s.capability).collect();
        kinds.sort();
        kinds.dedup();
        Some(kinds)
    }
}

impl EngineRun {
    /// How many scenarios are unsupported by declaration
    /// ([`ScenarioRecord::lacking`]), per kind of question (a scenario
    /// lacking two kinds counts for each).
    pub fn lacking_counts(&self) -> BTreeMap<Capability, usize> {
        let mut counts = BTreeMap::new();
        for record in &self.scenarios {
            for kind in record.lacking(&self.capabilities).unwrap_or_default() {
                *counts.entry(kind).or_insert(0) += 1;
            }
        }
        counts
    }

    /// Counts of each verdict.
    pub fn counts(&self) -> BTreeMap<Verdict, usize> {
        let mut counts = BTreeMap::new();
        for record in &self.scenarios {
            *counts.entry(record.verdict).or_insert(0) += 1;
        }
        counts
    }

    /// Counts of each verdict per feature.
    pub fn by_feature(&self) -> BTreeMap<String, BTreeMap<Verdict, usize>> {
        let mut table: BTreeMap<String, BTreeMap<Verdict, usize>> = BTreeMap::new();
        for record in &self.scenarios {
            *table.entry(record.feature.clone()).or_default().entry(record.verdict).or_insert(0) += 1;
        }
        table
    }
}

/// What a comparison with an engine's expectations found different.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Unexpected {
    /// One scenario's verdict is not the expected one.
    Verdict {
        /// The scenario.
        id: String,
        /// The verdict expected.
        expected: Verdict,
        /// The verdict of this run.
        actual: Verdict,
        /// The first line of the run's message, if any.
        message: Option<String>,
    },
    /// The number of scenarios unsupported because the engine declares it
    /// cannot answer one kind of question is not the expected one: the
    /// corpus or the engine's declared capabilities changed.
    Count {
        /// The kind of question.
        capability: Capability,
        /// The number expected.
        expected: usize,
        /// The number in this run.
        actual: usize,
    },
}

impl Unexpected {
    /// The scenario's verdict in this run, for a verdict that changed.
    pub fn actual(&self) -> Option<Verdict> {
        match self {
            Unexpected::Verdict { actual, .. } => Some(*actual),
            Unexpected::Count { .. } => None,
        }
    }

    /// The line a report prints.
    pub fn line(&self) -> String {
        let (id, expected, actual, message) = match self {
            Unexpected::Verdict { id, expected, actual, message } => (id, *expected, *actual, message),
            Unexpected::Count { capability, expected, actual } => {
                return format!(
                    "unsupported for want of {} ({}): expected {expected} scenarios, now {actual}",
                    capability.describe(),
                    capability.name()
                );
            }
        };
        let what = match (expected, actual) {
            (_, Verdict::Passed) => "now passes".to_string(),
            (Verdict::Passed, Verdict::Failed) => "a new failure".to_string(),
            (Verdict::Passed, Verdict::Error) => "a new engine error".to_string(),
            (expected, actual) => format!("expected {}, now {}", expected.name(), actual.name()),
        };
        match message {
            Some(m) => format!("{id}: {what} ({m})"),
            None => format!("{id}: {what}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The records' JSON Schema, kept beside the crate for other programs.
    const SCHEMA: &str = include_str!("../records.schema.json");

    fn validator() -> jsonschema::Validator {
        let document: serde_json::Value = serde_json::from_str(SCHEMA).expect("the schema is JSON");
        jsonschema::draft202012::new(&document).expect("the schema compiles")
    }

    /// A run with every field filled in.
    fn full_run() -> EngineRun {
        let step = |verdict, capability, fault: Option<FaultKind>| StepRecord {
            text: "Then the position is dead".into(),
            line: 12,
            verdict,
            message: Some("why".into()),
            capability,
            fault,
        };
        let scenario = ScenarioRecord {
            id: "draws.feature: A lone king cannot mate [row 2]".into(),
            feature: "Draws".into(),
            rule: Some("A rule".into()),
            scenario: "A lone king cannot mate".into(),
            tags: vec!["fide-5.2.2".into()],
            location: "draws.feature:10".into(),
            quotes: vec!["de: \"...\"".into()],
            verdict: Verdict::Unsupported,
            message: Some("why".into()),
            fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
            last_move: Some("a1a2".into()),
            steps: vec![
                step(StepVerdict::Unsupported, Some(Capability::DeadPosition), None),
                step(StepVerdict::Error, None, Some(FaultKind::TimedOut)),
                step(StepVerdict::NotRun, None, None),
            ],
            start: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
            refused: Some("a1a3".into()),
            pins: vec!["draws__x".into()],
            play: None,
        };
        EngineRun {
            engine: "demo".into(),
            version: "demo 1".into(),
            wall_ms: 5,
            engine_us: 6,
            engine_faults: 1,
            faults: BTreeMap::from([(FaultKind::TimedOut, 1)]),
            engine_answers: Some(7),
            capabilities: vec![Capability::LegalMoves, Capability::Check],
            selection: Some("@draws".into()),
            play: None,
            scenarios: vec![scenario],
            unexpected: vec![
                Unexpected::Verdict {
                    id: "a".into(),
                    expected: Verdict::Passed,
                    actual: Verdict::Failed,
                    message: None,
                },
                Unexpected::Count { capability: Capability::Model, expected: 2, actual: 3 },
            ],
            expected_version: Some("demo 0".into()),
        }
    }

    #[test]
    fn the_schema_names_every_capability_and_fault_kind() {
        let document: serde_json::Value = serde_json::from_str(SCHEMA).expect("the schema is JSON");
        let named: Vec<&str> = document["$defs"]["capability"]["enum"]
            .as_array()
            .expect("an enum")
            .iter()
            .filter_map(serde_json::Value::as_str)
            .collect();
        let ours: Vec<&str> = Capability::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(named, ours);
        let named: Vec<&str> = document["$defs"]["fault_kind"]["enum"]
            .as_array()
            .expect("an enum")
            .iter()
            .filter_map(serde_json::Value::as_str)
            .collect();
        let ours: Vec<&str> = FaultKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(named, ours);
    }

    #[test]
    fn runs_are_what_the_schema_says_and_read_back() {
        let validator = validator();
        let run = full_run();
        let json = serde_json::to_value(&run).expect("a run is written");
        let errors: Vec<String> = validator.iter_errors(&json).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(serde_json::from_value::<EngineRun>(json.clone()).ok(), Some(run));
        // The schema can fail: a verdict that is none, a count that is no number.
        let mut wrong = json.clone();
        wrong["scenarios"][0]["verdict"] = "won".into();
        assert!(!validator.is_valid(&wrong));
        let mut wrong = json;
        wrong["unexpected"][1]["actual"] = "many".into();
        assert!(!validator.is_valid(&wrong));
        // A real run of the built-in engine, the old fields left out.
        let part = crate::corpus::embedded();
        let options = crate::RunOptions { tags: Some("@CASTLE-11".into()), ..crate::RunOptions::default() };
        let real = serde_json::to_value(crate::run_corpus(&part, &options).expect("the corpus runs")).unwrap();
        let errors: Vec<String> = validator.iter_errors(&real).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{errors:?}");
    }
}
