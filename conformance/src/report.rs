//! What a corpus run found, engine by engine, and the reports made of it:
//! a terminal table, JUnit XML for CI pages, a JSON summary and an HTML page
//! for people.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;

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
    /// Classifies a failed step by its message (see [`crate::world::answer`]).
    pub fn of_failure(message: &str) -> Verdict {
        if message.contains("UNSUPPORTED:") {
            Verdict::Unsupported
        } else if message.contains("ENGINE ERROR:") {
            Verdict::Error
        } else {
            Verdict::Failed
        }
    }

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

/// One scenario's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioRecord {
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
}

/// One engine's run of the corpus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineRun {
    /// The engine's name.
    pub engine: String,
    /// Wall time of the run, in milliseconds.
    pub wall_ms: u64,
    /// Time spent inside the engine's calls, summed, in microseconds (see
    /// [`crate::engine::Timed`]); the rest of the wall time is the harness's
    /// own work. Zero in runs recorded before it was measured.
    #[serde(default)]
    pub engine_us: u64,
    /// Every scenario run.
    pub scenarios: Vec<ScenarioRecord>,
}

impl EngineRun {
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

fn cell(counts: Option<&BTreeMap<Verdict, usize>>) -> String {
    let get = |v| counts.and_then(|c| c.get(&v)).copied().unwrap_or(0);
    format!("{}/{}/{}/{}", get(Verdict::Passed), get(Verdict::Failed), get(Verdict::Unsupported), get(Verdict::Error))
}

/// The engine-by-area table: passed/failed/unsupported/error per cell.
pub fn table(runs: &[EngineRun]) -> String {
    let mut features: Vec<String> = runs.iter().flat_map(|r| r.by_feature().into_keys()).collect();
    features.sort();
    features.dedup();
    let mut out = String::new();
    let _ = write!(out, "{:<38}", "area (passed/failed/unsupported/error)");
    for run in runs {
        let _ = write!(out, " {:>16}", run.engine);
    }
    out.push('\n');
    for feature in &features {
        let _ = write!(out, "{feature:<38}");
        for run in runs {
            let _ = write!(out, " {:>16}", cell(run.by_feature().get(feature)));
        }
        out.push('\n');
    }
    let _ = write!(out, "{:<38}", "all");
    for run in runs {
        let _ = write!(out, " {:>16}", cell(Some(&run.counts())));
    }
    out.push('\n');
    let _ = write!(out, "{:<38}", "wall time");
    for run in runs {
        let _ = write!(out, " {:>15.1}s", run.wall_ms as f64 / 1000.0);
    }
    out.push('\n');
    let _ = write!(out, "{:<38}", "engine time (inside engine calls)");
    for run in runs {
        let _ = write!(out, " {:>15.2}s", run.engine_us as f64 / 1e6);
    }
    out.push('\n');
    out
}

fn xml(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .map(|c| match c {
            '&' => "&amp;".to_string(),
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '"' => "&quot;".to_string(),
            '\'' => "&apos;".to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// JUnit XML: one test suite per engine and feature, one test case per scenario;
/// unsupported scenarios are skipped, engine errors are errors.
pub fn junit(runs: &[EngineRun]) -> String {
    let mut out =
        String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"lawbook conformance\">\n");
    for run in runs {
        for (feature, counts) in run.by_feature() {
            let get = |v| counts.get(&v).copied().unwrap_or(0);
            let total: usize = counts.values().sum();
            let _ = writeln!(
                out,
                "  <testsuite name=\"{} - {}\" tests=\"{total}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
                xml(&run.engine),
                xml(&feature),
                get(Verdict::Failed),
                get(Verdict::Error),
                get(Verdict::Unsupported)
            );
            for r in run.scenarios.iter().filter(|r| r.feature == feature) {
                let _ = write!(
                    out,
                    "    <testcase classname=\"{}.{}\" name=\"{}\"",
                    xml(&run.engine),
                    xml(&feature),
                    xml(&r.scenario)
                );
                let message = xml(r.message.as_deref().unwrap_or(""));
                match r.verdict {
                    Verdict::Passed => out.push_str("/>\n"),
                    Verdict::Failed => {
                        let _ = write!(
                            out,
                            ">\n      <failure message=\"{}\">{message}</failure>\n    </testcase>\n",
                            xml(&first_line(&message))
                        );
                    }
                    Verdict::Error => {
                        let _ = write!(
                            out,
                            ">\n      <error message=\"{}\">{message}</error>\n    </testcase>\n",
                            xml(&first_line(&message))
                        );
                    }
                    Verdict::Unsupported => {
                        let _ = write!(
                            out,
                            ">\n      <skipped message=\"unsupported: {}\"/>\n    </testcase>\n",
                            xml(&first_line(&message))
                        );
                    }
                }
            }
            out.push_str("  </testsuite>\n");
        }
    }
    out.push_str("</testsuites>\n");
    out
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").chars().take(200).collect()
}

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
                "wall_ms": run.wall_ms,
                "engine_us": run.engine_us,
                "totals": counts(&run.counts()),
                "areas": areas,
                "not_passed": not_passed,
            })
        })
        .collect();
    serde_json::to_string_pretty(&serde_json::json!({ "engines": engines })).unwrap_or_default()
}

/// The HTML page: the engine-by-area matrix, then for every scenario that did
/// not pass its rule, source quotes, the position drawn as an SVG board (an
/// arrow for the last move) and the expected and actual answers.
pub fn html(runs: &[EngineRun]) -> String {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>lawbook conformance</title>\n<style>\
body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px;color:#222}\
table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:4px 8px;text-align:right}th{background:#eee}\
td.area{text-align:left}.ok{background:#e3f6e3}.bad{background:#fbe0e0}.unsup{background:#f4f0d8}\
.case{border:1px solid #ccc;border-radius:6px;padding:1em;margin:1em 0;display:flex;gap:1.5em}\
.case svg{flex:none}.tags{color:#555;font-size:90%}pre{white-space:pre-wrap;background:#f6f6f6;padding:.5em}\
blockquote{margin:.3em 0;color:#444;font-style:italic}</style></head><body>\n<h1>lawbook conformance</h1>\n",
    );
    out.push_str("<p>Each cell: passed / failed / unsupported / error scenarios.</p>\n<table><tr><th>area</th>");
    for run in runs {
        let _ = write!(out, "<th>{}</th>", xml(&run.engine));
    }
    out.push_str("</tr>\n");
    let mut features: Vec<String> = runs.iter().flat_map(|r| r.by_feature().into_keys()).collect();
    features.sort();
    features.dedup();
    for feature in features.iter().map(Some).chain([None]) {
        let _ = write!(out, "<tr><td class=\"area\">{}</td>", xml(feature.map_or("all", String::as_str)));
        for run in runs {
            let by = run.by_feature();
            let all = run.counts();
            let counts = feature.map_or(Some(&all), |f| by.get(f));
            let bad = counts.is_some_and(|c| c.get(&Verdict::Failed).is_some() || c.get(&Verdict::Error).is_some());
            let unsup = counts.is_some_and(|c| c.get(&Verdict::Unsupported).is_some());
            let class = if bad {
                "bad"
            } else if unsup {
                "unsup"
            } else {
                "ok"
            };
            let _ = write!(out, "<td class=\"{class}\">{}</td>", cell(counts));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    for run in runs {
        let not_passed: Vec<&ScenarioRecord> = run.scenarios.iter().filter(|r| r.verdict != Verdict::Passed).collect();
        let _ = writeln!(out, "<h2>{}: {} scenarios not passed</h2>", xml(&run.engine), not_passed.len());
        for r in not_passed {
            out.push_str("<div class=\"case\">");
            if let Some(fen) = &r.fen {
                out.push_str(&board_svg(fen, r.last_move.as_deref()));
            }
            let _ = write!(
                out,
                "<div><h3>{} - {}</h3><p class=\"tags\">{} &middot; {} &middot; {}</p>",
                r.verdict.name(),
                xml(&r.scenario),
                xml(&r.feature),
                xml(r.rule.as_deref().unwrap_or("")),
                r.tags.iter().map(|t| format!("@{}", xml(t))).collect::<Vec<_>>().join(" ")
            );
            for quote in &r.quotes {
                let _ = write!(out, "<blockquote>{}</blockquote>", xml(quote));
            }
            if let Some(fen) = &r.fen {
                let _ = write!(out, "<p>Position: <code>{}</code></p>", xml(fen));
            }
            let _ = writeln!(
                out,
                "<pre>{}</pre><p class=\"tags\">{}</p></div></div>",
                xml(r.message.as_deref().unwrap_or("")),
                xml(&r.location)
            );
        }
    }
    out.push_str("</body></html>\n");
    out
}

fn board_svg(fen: &str, last_move: Option<&str>) -> String {
    use lawbook_notation::diagram::{SvgOptions, svg};
    let Ok((setup, _)) = lawbook_notation::fen::read_setup(fen) else { return String::new() };
    let mut options = SvgOptions { square_size: 40, ..SvgOptions::default() };
    if let Some(mv) = last_move
        && let (Some(from), Some(to)) =
            (mv.get(0..2).and_then(|s| s.parse().ok()), mv.get(2..4).and_then(|s| s.parse().ok()))
    {
        options.arrows.push((from, to));
    }
    svg(&setup.board, &options)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(feature: &str, verdict: Verdict, message: Option<&str>) -> ScenarioRecord {
        ScenarioRecord {
            feature: feature.into(),
            rule: Some("The king may not cross an attacked square".into()),
            scenario: format!("a {} scenario <with> \"markup\" & more", verdict.name()),
            tags: vec!["CASTLE-11".into(), "fide-3.8.2.2".into()],
            location: "castling.feature:10".into(),
            quotes: vec!["sv (000): \"Kungen får inte passera en anfallen ruta.\"".into()],
            verdict,
            message: message.map(str::to_string),
            fen: Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".into()),
            last_move: Some("e1c1".into()),
        }
    }

    fn runs() -> Vec<EngineRun> {
        vec![EngineRun {
            engine: "demo".into(),
            wall_ms: 1234,
            engine_us: 567_000,
            scenarios: vec![
                record("Castling", Verdict::Passed, None),
                record(
                    "Castling",
                    Verdict::Failed,
                    Some("expected 0-0-0 to be illegal, but the engine allows it as e1c1"),
                ),
                record("Draws", Verdict::Unsupported, Some("UNSUPPORTED: the engine cannot answer DrawRules")),
                record("Draws", Verdict::Error, Some("ENGINE ERROR: no answer within 5000 ms")),
            ],
        }]
    }

    #[test]
    fn failures_are_classified_by_their_message() {
        assert_eq!(Verdict::of_failure("Step panicked. Captured output: UNSUPPORTED: x"), Verdict::Unsupported);
        assert_eq!(Verdict::of_failure("Step panicked. Captured output: ENGINE ERROR: crashed"), Verdict::Error);
        assert_eq!(Verdict::of_failure("expected 0-0 to be legal"), Verdict::Failed);
    }

    #[test]
    fn the_table_counts_each_verdict_per_area() {
        let table = table(&runs());
        assert!(table.contains("Castling") && table.contains("1/1/0/0"), "{table}");
        assert!(table.contains("0/0/1/1"), "{table}");
        assert!(table.contains("1/1/1/1"), "{table}");
        assert!(table.contains("engine time (inside engine calls)") && table.contains("0.57s"), "{table}");
    }

    #[test]
    fn junit_escapes_and_classifies() {
        let xml = junit(&runs());
        assert!(xml.contains("<failure") && xml.contains("<error") && xml.contains("<skipped"), "{xml}");
        assert!(xml.contains("&lt;with&gt; &quot;markup&quot; &amp; more"), "{xml}");
        assert!(!xml.contains("<with>"));
        assert_eq!(xml.matches("<testcase").count(), 4);
    }

    #[test]
    fn the_page_draws_each_failing_position() {
        let page = html(&runs());
        assert_eq!(page.matches("<svg").count(), 3, "one board per scenario that did not pass");
        assert!(page.contains("Kungen får inte passera"), "the source quote is shown");
        assert!(page.contains("expected 0-0-0 to be illegal"));
        let summary: serde_json::Value = serde_json::from_str(&summary_json(&runs())).unwrap();
        assert_eq!(summary["engines"][0]["totals"]["failed"], 1);
        assert_eq!(summary["engines"][0]["not_passed"].as_array().map(Vec::len), Some(3));
    }

    /// Writes the sample runs' page and JUnit XML to the temporary folder, to
    /// look at: `cargo test -p lawbook-conformance --lib report -- --ignored`.
    #[test]
    #[ignore = "writes files to look at"]
    fn write_the_sample_reports() {
        let dir = std::env::temp_dir();
        std::fs::write(dir.join("lawbook-report.html"), html(&runs())).unwrap();
        std::fs::write(dir.join("lawbook-report.xml"), junit(&runs())).unwrap();
    }
}
