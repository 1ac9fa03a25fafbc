//! The HTML page, for people.

use super::cell;
use crate::page::{FILTER, board_svg, first_line, printable};
use crate::records::{EngineRun, ScenarioRecord, StepVerdict, Verdict};
use maud::{DOCTYPE, PreEscaped};
use std::collections::BTreeMap;

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
                @let faulty: Vec<&EngineRun> = runs.iter().filter(|r| !r.faults.is_empty()).collect();
                @if !faulty.is_empty() {
                    p.faults {
                        "Engine faults by kind: "
                        @for (i, run) in faulty.iter().enumerate() {
                            @if i > 0 { "; " }
                            (run.engine) " " (fault_list(run))
                        }
                        "."
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

/// A run's faults by kind, in words: `2 timed out, 1 exited`.
fn fault_list(run: &EngineRun) -> String {
    run.faults.iter().map(|(kind, n)| format!("{n} {}", kind.words())).collect::<Vec<_>>().join(", ")
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
                                @if let Some(play) = &e.play {
                                    li class=(step_class(play.verdict)) {
                                        span.verdict { (play.verdict.name()) }
                                        " (what it plays, asked to move in " (play.asked) (if play.asked == 1 { " position, " } else { " positions, " }) (play.limit) ")"
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
