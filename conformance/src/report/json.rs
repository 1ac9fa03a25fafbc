//! The JSON summary, for programs.

use crate::records::{EngineRun, ScenarioRecord, Verdict};
use std::collections::BTreeMap;

/// The JSON summary: per engine, the counts overall and per area, and every
/// scenario that did not pass.
pub fn summary_json(runs: &[EngineRun]) -> String {
    let engines: Vec<serde_json::Value> = runs
        .iter()
        .map(|run| {
            let counts = |c: &BTreeMap<Verdict, usize>| {
                serde_json::json!({
                    "passed": c.get(&Verdict::Passed).copied().unwrap_or(0),
                    "failed": c.get(&Verdict::Failed).copied().unwrap_or(0),
                    "unsupported": c.get(&Verdict::Unsupported).copied().unwrap_or(0),
                    "error": c.get(&Verdict::Error).copied().unwrap_or(0),
                })
            };
            let areas: serde_json::Map<String, serde_json::Value> =
                run.by_feature().iter().map(|(f, c)| (f.clone(), counts(c))).collect();
            let not_passed: Vec<&ScenarioRecord> =
                run.scenarios.iter().filter(|r| r.verdict != Verdict::Passed).collect();
            serde_json::json!({
                "engine": run.engine,
                "version": run.version,
                "expected_version": run.expected_version,
                "unexpected": run.unexpected,
                "wall_ms": run.wall_ms,
                "engine_us": run.engine_us,
                "engine_faults": run.engine_faults,
                "faults": run.faults,
                "totals": counts(&run.counts()),
                "areas": areas,
                "not_passed": not_passed,
            })
        })
        .collect();
    serde_json::to_string_pretty(&serde_json::json!({ "engines": engines })).unwrap_or_default()
}
