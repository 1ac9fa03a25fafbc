//! What a corpus run found, engine by engine, and the reports made of it:
//! a terminal table, JUnit XML for CI pages, a JSON summary and an HTML page
//! for people.

use maud::{DOCTYPE, PreEscaped};
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesStart, BytesText, Event};
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
    /// Classifies a failed step by its message (see [`crate::ask::answer`]).
    pub fn of_failure(message: &str) -> Verdict {
        if message.contains(crate::ask::UNSUPPORTED) {
            Verdict::Unsupported
        } else if message.contains(crate::ask::ENGINE_ERROR) {
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
    /// Why, for anything but a pass.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
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
    /// The questions the engine answered, with an answer or by refusing the
    /// position (see [`lawbook_engines::Tally::answers`]); a run in which it
    /// answered none checked nothing. `None` in runs recorded before it was counted.
    #[serde(default)]
    pub engine_answers: Option<u64>,
    /// Every scenario run.
    pub scenarios: Vec<ScenarioRecord>,
    /// The verdicts that differ from the engine's expectations, once compared
    /// ([`crate::expectations::compare`]; `lawbook-conformance report` does).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unexpected: Vec<crate::expectations::Unexpected>,
    /// The engine version its expectations were seen with, once compared
    /// (`None`: it has no expectations file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_version: Option<String>,
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
    let _ = write!(out, "{:<38}", "unexpected (against expectations)");
    for run in runs {
        let _ = write!(out, " {:>16}", run.unexpected.len());
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
    let _ = write!(out, "{:<38}", "engine faults (failed answers)");
    for run in runs {
        let _ = write!(out, " {:>16}", run.engine_faults);
    }
    out.push('\n');
    out
}

/// The text without the control characters XML 1.0 cannot carry, even
/// escaped; line breaks and tabs stay.
fn printable(text: &str) -> String {
    text.chars().filter(|c| !c.is_control() || matches!(c, '\n' | '\t')).collect()
}

/// JUnit XML: one test suite per engine and feature, one test case per scenario;
/// unsupported scenarios are skipped, engine errors are errors.
pub fn junit(runs: &[EngineRun]) -> String {
    let mut writer = Writer::new_with_indent(Vec::new(), b' ', 2);
    write_junit(&mut writer, runs).expect("writing to memory does not fail");
    let mut out = String::from_utf8(writer.into_inner()).expect("the writer writes the UTF-8 it is given");
    out.push('\n');
    out
}

fn write_junit(writer: &mut Writer<Vec<u8>>, runs: &[EngineRun]) -> std::io::Result<()> {
    writer.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let suites = BytesStart::new("testsuites").with_attributes([("name", "lawbook conformance")]);
    writer.write_event(Event::Start(suites.borrow()))?;
    for run in runs {
        let engine = printable(&run.engine);
        for (feature, counts) in run.by_feature() {
            let get = |v| counts.get(&v).copied().unwrap_or(0).to_string();
            let area = printable(&feature);
            let suite = BytesStart::new("testsuite").with_attributes([
                ("name", format!("{engine} - {area}").as_str()),
                ("tests", counts.values().sum::<usize>().to_string().as_str()),
                ("failures", get(Verdict::Failed).as_str()),
                ("errors", get(Verdict::Error).as_str()),
                ("skipped", get(Verdict::Unsupported).as_str()),
            ]);
            writer.write_event(Event::Start(suite.borrow()))?;
            for r in run.scenarios.iter().filter(|r| r.feature == feature) {
                let case = writer.create_element("testcase").with_attributes([
                    ("classname", format!("{engine}.{area}").as_str()),
                    ("name", printable(&r.scenario).as_str()),
                ]);
                let message = printable(r.message.as_deref().unwrap_or(""));
                let first = first_line(&message);
                match r.verdict {
                    Verdict::Passed => case.write_empty()?,
                    Verdict::Failed | Verdict::Error => case.write_inner_content(|writer| {
                        let element = if r.verdict == Verdict::Failed { "failure" } else { "error" };
                        writer
                            .create_element(element)
                            .with_attribute(("message", first.as_str()))
                            .write_text_content(BytesText::new(&message))
                            .map(drop)
                    })?,
                    Verdict::Unsupported => case.write_inner_content(|writer| {
                        writer
                            .create_element("skipped")
                            .with_attribute(("message", format!("unsupported: {first}").as_str()))
                            .write_empty()
                            .map(drop)
                    })?,
                };
            }
            writer.write_event(Event::End(suite.to_end()))?;
        }
    }
    writer.write_event(Event::End(suites.to_end()))
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
                "version": run.version,
                "expected_version": run.expected_version,
                "unexpected": run.unexpected,
                "wall_ms": run.wall_ms,
                "engine_us": run.engine_us,
                "engine_faults": run.engine_faults,
                "totals": counts(&run.counts()),
                "areas": areas,
                "not_passed": not_passed,
            })
        })
        .collect();
    serde_json::to_string_pretty(&serde_json::json!({ "engines": engines })).unwrap_or_default()
}

/// One scenario across every run: the records of the engines, in run order.
struct Across<'r> {
    first: &'r ScenarioRecord,
    by_engine: Vec<(&'r str, &'r ScenarioRecord)>,
}

impl Across<'_> {
    /// The worst verdict any engine gave: error, failed, unsupported, passed.
    fn worst(&self) -> Verdict {
        let has = |v: Verdict| self.by_engine.iter().any(|(_, r)| r.verdict == v);
        [Verdict::Error, Verdict::Failed, Verdict::Unsupported].into_iter().find(|&v| has(v)).unwrap_or(Verdict::Passed)
    }
}

/// Every scenario of the runs, once, in the order of the first run that has it.
fn across(runs: &[EngineRun]) -> Vec<Across<'_>> {
    let mut out: Vec<Across> = Vec::new();
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    for run in runs {
        for r in &run.scenarios {
            let key = if r.id.is_empty() { r.location.as_str() } else { r.id.as_str() };
            let i = *index.entry(key).or_insert_with(|| {
                out.push(Across { first: r, by_engine: Vec::new() });
                out.len() - 1
            });
            out[i].by_engine.push((run.engine.as_str(), r));
        }
    }
    out
}

/// The HTML page: the engine-by-area matrix and the unexpected verdicts,
/// then every scenario once, failures and errors first, then unsupported
/// ones, then (folded) those every engine passed. A scenario that did not
/// pass everywhere shows its rule, source quotes and one board of its
/// position (an arrow for the last move), whatever the number of engines,
/// and for each engine that did not pass it, the message and the steps with
/// their verdicts. A filter box narrows the scenarios by any word (an
/// engine, an area, a verdict).
pub fn html(runs: &[EngineRun]) -> String {
    let mut features: Vec<String> = runs.iter().flat_map(|r| r.by_feature().into_keys()).collect();
    features.sort();
    features.dedup();
    let scenarios = across(runs);
    let section =
        |worst: &[Verdict]| -> Vec<&Across> { scenarios.iter().filter(|a| worst.contains(&a.worst())).collect() };
    let failing = section(&[Verdict::Failed, Verdict::Error]);
    let unsupported = section(&[Verdict::Unsupported]);
    let passed = section(&[Verdict::Passed]);
    // Built in and checked by the catalogue's tests: never missing here.
    let translations = crate::catalogue::parse_translations(
        crate::corpus::embedded_translations(),
        std::path::Path::new("features/translations.yaml"),
    )
    .unwrap_or_default();
    let page = maud::html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { "lawbook conformance" }
                style { (PreEscaped(STYLE)) }
            }
            body {
                h1 { "lawbook conformance" }
                nav {
                    a href="#failing" { "failed or in error (" (failing.len()) ")" } " · "
                    a href="#unsupported" { "unsupported (" (unsupported.len()) ")" } " · "
                    a href="#passed" { "passed by every engine (" (passed.len()) ")" }
                }
                p { "Each cell: passed / failed / unsupported / error scenarios." }
                table {
                    tr {
                        th { "area" }
                        @for run in runs { th { (run.engine) } }
                    }
                    @for feature in features.iter().map(Some).chain([None]) {
                        tr {
                            td.area { (feature.map_or("all", String::as_str)) }
                            @for run in runs {
                                @let by = run.by_feature();
                                @let all = run.counts();
                                @let counts = feature.map_or(Some(&all), |f| by.get(f));
                                td class=(cell_class(counts)) { (cell(counts)) }
                            }
                        }
                    }
                }
                @for run in runs.iter().filter(|r| !r.unexpected.is_empty()) {
                    h2 { (run.engine) ": " (run.unexpected.len()) " unexpected verdicts" }
                    @if let Some(seen) = run.expected_version.as_deref().filter(|v| *v != run.version) {
                        p { "The expectations were seen with " (seen) "; this run is of " (run.version) "." }
                    }
                    ul.unexpected {
                        @for u in &run.unexpected { li { (printable(&u.line())) } }
                    }
                }
                div.filters {
                    label { "Filter: " input #filter type="search" placeholder="an engine, an area, a verdict, any word"; }
                }
                h2 #failing { "Failed or in error: " (failing.len()) " scenarios" }
                @for a in &failing { (case(a, &translations)) }
                h2 #unsupported { "Unsupported by some engine: " (unsupported.len()) " scenarios" }
                @for a in &unsupported { (case(a, &translations)) }
                h2 #passed { "Passed by every engine: " (passed.len()) " scenarios" }
                details {
                    summary { "show them" }
                    ul {
                        @for a in &passed {
                            li data-search=(search_text(a)) { (a.first.feature) ": " (a.first.scenario) " " span.tags { (a.first.location) } }
                        }
                    }
                }
                script { (PreEscaped(FILTER)) }
            }
        }
    };
    page.into_string() + "\n"
}

/// What the filter box matches a scenario by.
fn search_text(a: &Across) -> String {
    let verdicts: Vec<String> =
        a.by_engine.iter().map(|(e, r)| format!("{e} {} {e}:{}", r.verdict.name(), r.verdict.name())).collect();
    format!(
        "{} {} {} {} {}",
        a.first.feature,
        a.first.scenario,
        a.first.tags.join(" "),
        a.first.location,
        verdicts.join(" ")
    )
    .to_lowercase()
}

/// Our English for a source quote written above a scenario, when we have it.
fn english<'t>(comment: &str, translations: &'t [crate::catalogue::Translation]) -> Option<&'t str> {
    let q = crate::catalogue::quote_line(comment)?;
    translations.iter().find(|t| t.lang == q.lang && t.quote == q.text).map(|t| t.en.as_str())
}

/// One scenario's card: its board once, its rule and quotes, each engine's
/// verdict, and for those that did not pass, why and their steps.
fn case(a: &Across, translations: &[crate::catalogue::Translation]) -> maud::Markup {
    let r = a.first;
    let fen = a.by_engine.iter().find_map(|(_, r)| r.fen.as_deref());
    let last = a.by_engine.iter().find_map(|(_, r)| r.last_move.as_deref());
    maud::html! {
        div.case data-search=(search_text(a)) {
            @if let Some(fen) = fen {
                // Trusted markup, written by lawbook-notation.
                (PreEscaped(board_svg(fen, 40, Vec::new(), last, None)))
            }
            div {
                h3 { (r.scenario) }
                p.tags {
                    (r.feature) " · " (r.rule.as_deref().unwrap_or("")) " · "
                    (r.tags.iter().map(|t| format!("@{t}")).collect::<Vec<_>>().join(" ")) " · " (r.location)
                }
                @for quote in &r.quotes {
                    blockquote { (quote) }
                    @if let Some(en) = english(quote, translations) {
                        p.translation lang="en" { "English (our translation): " (en) }
                    }
                }
                @if let Some(fen) = fen {
                    p { "Position: " code { (fen) } }
                }
                p.verdicts {
                    @for (engine, e) in &a.by_engine {
                        span class=(format!("v-{}", e.verdict.name())) { (engine) ": " (e.verdict.name()) }
                    }
                }
                @let unsupported: Vec<&str> = a.by_engine.iter().filter(|(_, e)| e.verdict == Verdict::Unsupported).map(|(n, _)| *n).collect();
                @if !unsupported.is_empty() {
                    p.tags { "Unsupported (" (unsupported.join(", ")) "): " (first_line(&printable(a.by_engine.iter().find(|(_, e)| e.verdict == Verdict::Unsupported).and_then(|(_, e)| e.message.as_deref()).unwrap_or("")))) }
                }
                @for (engine, e) in a.by_engine.iter().filter(|(_, e)| matches!(e.verdict, Verdict::Failed | Verdict::Error)) {
                    details open {
                        summary { (engine) ": " (e.verdict.name()) " - " (first_line(&printable(e.message.as_deref().unwrap_or("")))) }
                        pre { (printable(e.message.as_deref().unwrap_or(""))) }
                        @if !e.steps.is_empty() {
                            ol.steps {
                                @for step in &e.steps {
                                    li class=(step_class(step.verdict)) {
                                        span.verdict { (step.verdict.name()) }
                                        " " (step.text)
                                        @if let Some(why) = step.message.as_deref().filter(|_| step.verdict == StepVerdict::Unsupported) {
                                            span.why { " - " (first_line(&printable(why))) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The filter of the report and the rulebook: every element with a
/// `data-search` text holding all the words typed stays.
pub(crate) const FILTER: &str = "\
const box=document.getElementById('filter');\
box.addEventListener('input',()=>{const words=box.value.toLowerCase().split(/\\s+/).filter(w=>w);\
for(const el of document.querySelectorAll('[data-search]')){const text=el.dataset.search;\
el.style.display=words.every(w=>text.includes(w))?'':'none';}});";

/// The page's style sheet.
const STYLE: &str = "\
body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px;color:#222}\
table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:4px 8px;text-align:right}th{background:#eee}\
td.area{text-align:left}.ok{background:#e3f6e3}.bad{background:#fbe0e0}.unsup{background:#f4f0d8}\
.case{border:1px solid #ccc;border-radius:6px;padding:1em;margin:1em 0;display:flex;gap:1.5em}\
.case svg{flex:none}.tags{color:#555;font-size:90%}pre{white-space:pre-wrap;background:#f6f6f6;padding:.5em}\
blockquote{margin:.3em 0;color:#444;font-style:italic}.translation{margin:0 0 .3em 2.5em;font-size:85%;color:#555}\
ol.steps{list-style:none;padding:0;font-family:ui-monospace,monospace;font-size:90%}ol.steps li{padding:1px 4px}\
.verdict{display:inline-block;min-width:7em;font-weight:bold}.why{color:#555}\
li.s-passed .verdict{color:#1a7f1a}li.s-failed,li.s-error{background:#fbe0e0}li.s-unsupported{background:#f4f0d8}\
li.s-not-run{color:#888}.verdicts span{margin-right:.5em;padding:0 4px;border-radius:3px}\
.v-passed{background:#e3f6e3}.v-failed,.v-error{background:#fbe0e0}.v-unsupported{background:#f4f0d8}\
.filters{position:sticky;top:0;background:#fff;padding:.4em 0}.filters input{width:22em}details{margin:.3em 0}";

/// A step line's class, by its verdict.
fn step_class(verdict: StepVerdict) -> &'static str {
    match verdict {
        StepVerdict::Passed => "s-passed",
        StepVerdict::Failed => "s-failed",
        StepVerdict::Unsupported => "s-unsupported",
        StepVerdict::Error => "s-error",
        StepVerdict::NotRun => "s-not-run",
    }
}

/// A matrix cell's class: `bad` for any failure or error, `unsup` for any
/// unsupported scenario, otherwise `ok`.
fn cell_class(counts: Option<&BTreeMap<Verdict, usize>>) -> &'static str {
    let any = |v| counts.is_some_and(|c| c.contains_key(&v));
    if any(Verdict::Failed) || any(Verdict::Error) {
        "bad"
    } else if any(Verdict::Unsupported) {
        "unsup"
    } else {
        "ok"
    }
}

/// A position as a compact SVG board of `size`-pixel squares, the placement
/// alone (a position no game can reach is drawn as written): `highlights`
/// marked, the `arrow` move (UCI) in green, or a `refused` move in red.
pub(crate) fn board_svg(
    fen: &str,
    size: u32,
    highlights: Vec<lawbook_board::Square>,
    arrow: Option<&str>,
    refused: Option<&str>,
) -> String {
    use lawbook_notation::diagram::{SvgOptions, svg};
    let Ok((board, _)) = lawbook_notation::fen::read_board(fen) else { return String::new() };
    let squares = |mv: &str| -> Option<(lawbook_board::Square, lawbook_board::Square)> {
        Some((mv.get(0..2)?.parse().ok()?, mv.get(2..4)?.parse().ok()?))
    };
    let mut options = SvgOptions { square_size: size, highlights, compact: true, ..SvgOptions::default() };
    if let Some(pair) = refused.and_then(squares) {
        options.arrows.push(pair);
        options.arrow = "#c62828".to_string();
    } else if let Some(pair) = arrow.and_then(squares) {
        options.arrows.push(pair);
    }
    svg(&board, &options)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(feature: &str, verdict: Verdict, message: Option<&str>) -> ScenarioRecord {
        ScenarioRecord {
            id: format!("castling.feature: a {} scenario", verdict.name()),
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
            steps: vec![
                StepRecord {
                    text: "Given the position r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".into(),
                    line: 11,
                    verdict: StepVerdict::Passed,
                    message: None,
                },
                StepRecord {
                    text: "Then White is not in check".into(),
                    line: 12,
                    verdict: StepVerdict::Unsupported,
                    message: Some("the engine cannot tell whether the side to move is in check".into()),
                },
                StepRecord {
                    text: "Then 0-0-0 is illegal".into(),
                    line: 13,
                    verdict: StepVerdict::Failed,
                    message: message.map(str::to_string),
                },
                StepRecord {
                    text: "And the legal moves are as pinned".into(),
                    line: 14,
                    verdict: StepVerdict::NotRun,
                    message: None,
                },
            ],
            start: None,
            refused: None,
            pins: Vec::new(),
        }
    }

    fn runs() -> Vec<EngineRun> {
        vec![EngineRun {
            engine: "demo".into(),
            version: "demo 1.0".into(),
            wall_ms: 1234,
            engine_us: 567_000,
            engine_faults: 1,
            engine_answers: Some(10),
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
            unexpected: vec![crate::expectations::Unexpected {
                id: "castling.feature: a failed scenario".into(),
                expected: Verdict::Unsupported,
                actual: Verdict::Failed,
                message: Some("expected 0-0-0 to be illegal".into()),
            }],
            expected_version: Some("demo 0.9".into()),
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
        assert!(table.lines().any(|l| l.starts_with("engine faults") && l.ends_with(" 1")), "{table}");
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
        // Failures and errors first, then unsupported, and passes folded.
        let at = |text: &str| page.find(text).unwrap_or_else(|| panic!("{text} not on the page"));
        assert!(at("id=\"failing\"") < at("a error scenario") && at("a error scenario") < at("id=\"unsupported\""));
        assert!(
            at("id=\"unsupported\"") < at("a unsupported scenario")
                && at("a unsupported scenario") < at("id=\"passed\"")
        );
        assert!(at("<details><summary>show them") < at("a passed scenario"));
        // A second engine adds its verdicts, not boards.
        let mut two = runs();
        let mut other = two[0].clone();
        other.engine = "other".into();
        two.push(other);
        let both = html(&two);
        assert_eq!(both.matches("<svg").count(), 3, "one board per position, not per engine");
        assert!(both.contains("other: failed") && both.contains("demo: failed"));
        assert!(page.contains("Kungen får inte passera"), "the source quote is shown");
        assert!(
            page.contains("English (our translation): The king may not cross an attacked square."),
            "with our English"
        );
        assert!(page.contains("expected 0-0-0 to be illegal"));
        assert!(page.contains("s-unsupported") && page.contains("not run"), "each step shows its verdict");
        assert!(page.contains("1 unexpected verdicts") && page.contains("expected unsupported, now failed"));
        assert!(page.contains("seen with demo 0.9"));
        let summary: serde_json::Value = serde_json::from_str(&summary_json(&runs())).unwrap();
        assert_eq!(summary["engines"][0]["totals"]["failed"], 1);
        assert_eq!(summary["engines"][0]["unexpected"][0]["actual"], "failed");
        assert_eq!(summary["engines"][0]["not_passed"].as_array().map(Vec::len), Some(3));
    }

    #[test]
    fn markup_in_a_message_is_escaped_and_stays_well_formed() {
        use quick_xml::events::Event;
        let message = "expected ]]> </pre><script>alert(1)</script> \u{7}& a bell\nsecond line";
        let printed = "expected ]]> </pre><script>alert(1)</script> & a bell\nsecond line";
        let mut run = runs();
        run[0].scenarios = vec![record("Castling", Verdict::Failed, Some(message))];

        let xml = junit(&run);
        assert!(!xml.contains("<script>") && !xml.contains("</pre>") && !xml.contains("]]>"), "{xml}");
        assert!(!xml.contains('\u{7}'), "XML 1.0 cannot carry the bell, even escaped");
        let mut reader = quick_xml::Reader::from_str(&xml);
        let (mut attribute, mut text) = (None, None);
        loop {
            match reader.read_event().expect("well-formed") {
                Event::Start(e) if e.name().as_ref() == "failure" => {
                    let value = e.try_get_attribute("message").unwrap().expect("a message attribute");
                    attribute = Some(value.normalized_value(quick_xml::XmlVersion::Explicit1_0).unwrap().into_owned());
                    let raw = reader.read_text(e.name()).expect("well-formed");
                    text = Some(quick_xml::escape::unescape(&raw.xml10_content()).unwrap().into_owned());
                }
                Event::Eof => break,
                _ => {}
            }
        }
        assert_eq!(attribute.as_deref(), printed.lines().next(), "escaped once, not twice");
        assert_eq!(text.as_deref(), Some(printed));

        let page = html(&run);
        // The page's one script is its own filter; the message's is text.
        assert_eq!(page.matches("<script").count(), 1, "{page}");
        assert!(page.contains(&format!("<script>{FILTER}</script>")) && !page.contains('\u{7}'), "{page}");
        assert_eq!((page.matches("<pre>").count(), page.matches("</pre>").count()), (1, 1), "{page}");
        assert!(
            page.contains("expected ]]&gt; &lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; a bell"),
            "{page}"
        );
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
