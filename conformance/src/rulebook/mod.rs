//! The rulebook for reviewers: the corpus as a static site, readable from
//! the files alone (no server). `index.html` is the rule catalogue (every
//! id, its statement, FIDE article and sources, and the scenarios that
//! carry it); `articles.html` is the index by article (`articles.rs`: every
//! part and provision of the Laws file with its scenarios, or why it has
//! none); one page per area shows each scenario in plain words (its
//! steps as written), its source quotes (each under its page's title and
//! language, with our English translation marked as ours), every FIDE
//! citation with its title, a board of the position it sets up and of the
//! position after its moves (the last move as an arrow, a refused move as a
//! red one), the squares its steps name marked on them with a legend
//! (`boards.rs`), the pinned move lists as the moves themselves, and each
//! engine's verdict where conformance runs are given. A filter box narrows
//! the scenarios by any word, rule id, article or verdict; pages print
//! without it. A scenario's own address (`castling.html#line-300`) shows
//! that scenario alone, at the top of the page, with a link to all of them.
//!
//! Pages are written with maud, which escapes every text by construction;
//! the boards are lawbook-notation's SVG.

mod articles;
mod boards;

use crate::catalogue::{Rule, SourcePage, Translation};
use crate::laws::Laws;
use crate::page::FILTER;
use crate::records::{EngineRun, ScenarioRecord, Verdict};
use maud::{DOCTYPE, Markup, PreEscaped, html};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What the rulebook is made from.
pub struct Rulebook<'a> {
    /// Every scenario, as the built-in engine ran it (positions, steps, pins).
    pub scenarios: &'a [ScenarioRecord],
    /// The rule catalogue.
    pub rules: &'a [Rule],
    /// Conformance runs of engines, for their verdicts (may be empty).
    pub runs: &'a [EngineRun],
    /// The text of a pinned move list, by name.
    pub pinned: &'a dyn Fn(&str) -> Option<String>,
    /// The source pages, for the titles shown with their quotes.
    pub sources: &'a [SourcePage],
    /// Our English translations of the quotes.
    pub translations: &'a [Translation],
    /// The FIDE Laws, for the titles beside citations and the index by article.
    pub laws: &'a Laws,
}

/// A comment above a scenario as shown: a source quote with its page
/// (`Swedish, “Rockad och en passant utan missar”`) and our English where
/// we have them, or any other comment as it is written.
struct Shown<'q> {
    source: Option<String>,
    text: &'q str,
    lang: Option<&'q str>,
    en: Option<&'q str>,
}

fn shown<'q>(book: &'q Rulebook, comment: &'q str) -> Shown<'q> {
    let Some(q) = crate::catalogue::quote_line(comment) else {
        return Shown { source: None, text: comment, lang: None, en: None };
    };
    let language = crate::catalogue::language_name(q.lang).unwrap_or(q.lang);
    let mut source = match book.sources.iter().find(|p| p.id == q.source) {
        Some(page) => format!("{language}, \u{201c}{}\u{201d}", page.title),
        None => format!("{language} ({})", q.source),
    };
    if let Some(part) = q.part {
        source = format!("{source}, {part}");
    }
    let en = book.translations.iter().find(|t| t.lang == q.lang && t.quote == q.text).map(|t| t.en.as_str());
    Shown { source: Some(source), text: q.text, lang: Some(q.lang), en }
}

/// The title of source `id` in English, for the catalogue's sources column.
fn source_name(book: &Rulebook, id: &str, lang: &str) -> String {
    let language = crate::catalogue::language_name(lang).unwrap_or(lang);
    match book.sources.iter().find(|p| p.id == id) {
        Some(page) => format!("{language}, \u{201c}{}\u{201d} ({id})", page.title),
        None => format!("{language} ({id})"),
    }
}

/// The area page a scenario is on: its feature file's name, `.html`.
fn page_of(record: &ScenarioRecord) -> String {
    let file = record.location.split(':').next().unwrap_or_default();
    format!("{}.html", file.trim_end_matches(".feature"))
}

/// The anchor of a scenario on its page: its file line.
fn anchor_of(record: &ScenarioRecord) -> String {
    format!("line-{}", record.location.rsplit(':').next().unwrap_or_default())
}

/// The side to move of a FEN, in words.
fn to_move(fen: &str) -> &'static str {
    if fen.split_whitespace().nth(1) == Some("b") { "Black to move" } else { "White to move" }
}

/// The SAN moves of a pinned list's text.
fn pinned_san(text: &str) -> Vec<String> {
    let body = text.splitn(3, "---\n").nth(2).unwrap_or_default();
    body.lines().filter_map(|l| l.split_whitespace().next()).map(str::to_string).collect()
}

/// The verdict of each engine for the scenario `id`, in run order.
fn verdicts<'r>(runs: &'r [EngineRun], id: &str) -> Vec<(&'r str, Verdict, Option<&'r str>)> {
    runs.iter()
        .filter_map(|run| {
            let r = run.scenarios.iter().find(|s| s.id == id)?;
            Some((run.engine.as_str(), r.verdict, r.message.as_deref()))
        })
        .collect()
}

/// The tags that are FIDE articles, without the prefix.
fn articles(record: &ScenarioRecord) -> Vec<String> {
    let mut out: Vec<String> = record.tags.iter().filter_map(|t| t.strip_prefix("fide-")).map(str::to_string).collect();
    out.dedup();
    out
}

/// The tags that are rule ids.
fn rule_ids(record: &ScenarioRecord) -> Vec<&str> {
    let mut out: Vec<&str> =
        record.tags.iter().map(String::as_str).filter(|t| crate::catalogue::is_rule_id(t)).collect();
    out.dedup();
    out
}

const STYLE: &str = "\
body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:1150px;color:#222;line-height:1.4;padding:0 1em}\
a{color:#1a55a3}nav a{margin-right:.8em}h2{border-bottom:2px solid #ddd;margin-top:1.6em}\
.card{border:1px solid #ccc;border-radius:6px;padding:.6em 1em;margin:1em 0;break-inside:avoid}\
.boards{display:flex;gap:1.5em;flex-wrap:wrap}.boards figure{margin:0;max-width:320px}figcaption{font-size:90%;color:#555}\
.tags{color:#555;font-size:90%}.tag{background:#eef;border-radius:3px;padding:0 4px;margin-right:4px}\
blockquote{margin:.3em 0 .3em 1em;font-style:italic;color:#444}blockquote p{margin:.1em 0}\
.source{font-style:normal;font-size:85%;color:#555}.translation{font-style:normal;font-size:85%;color:#555}ol.steps{margin:.3em 0}\
.kw{font-weight:600}.pinned{font-family:monospace;font-size:90%}\
.verdicts span{margin-right:.6em;padding:0 4px;border-radius:3px}\
.passed{background:#e3f6e3}.failed{background:#fbe0e0}.unsupported{background:#f4f0d8}.error{background:#f8d0f0}\
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 6px;vertical-align:top;text-align:left}\
.filters{position:sticky;top:0;background:#fff;padding:.4em 0;border-bottom:1px solid #ddd}\
.filters input{width:22em}\
nav.parts{margin:.5em 0 1em}nav.parts a{white-space:nowrap}.law-title{font-weight:normal}\
.legend .key{white-space:nowrap;margin-right:.7em;display:inline-block}.swatch{display:inline-block;width:.9em;height:.9em;opacity:.6;margin-right:.25em;vertical-align:-.1em;border:1px solid #999}\
table.provisions{width:100%}table.provisions td:nth-child(2){width:45%}td.number{white-space:nowrap;font-weight:600}.says{color:#444;font-size:95%}.status{color:#666;font-style:italic}.through{font-size:90%;margin:.2em 0}\
ul.scenarios{margin:0 0 .3em;padding-left:1.1em}.area-links .area{font-size:85%;color:#555;font-weight:600}a.fide{display:inline-block}.count{color:#555;margin:.2em 0}.front{font-size:110%;background:#f3f6fb;border:1px solid #cdd8ea;padding:.5em .8em;border-radius:6px}\
.only{display:none;background:#f3f6fb;border:1px solid #cdd8ea;padding:.4em .8em;border-radius:6px}\
body:has(.card:target) .card:not(:target),body:has(.card:target) .filters{display:none}\
body:has(.card:target) .only{display:block}body:has(.card:target) .card:target{scroll-margin-top:100vh}\
@media print{.filters,nav{display:none}a{color:inherit;text-decoration:none}.card{border:none;border-top:1px solid #999}}";

fn page(title: &str, areas: &[(String, String)], body: Markup) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " - the lawbook rulebook" }
                style { (PreEscaped(STYLE)) }
            }
            body {
                nav {
                    a href="index.html" { "Rule catalogue" }
                    a href="articles.html" { "The Laws by article" }
                    @for (file, name) in areas { a href=(file) { (name) } }
                }
                h1 { (title) }
                div.filters {
                    label { "Filter: " input #filter type="search" placeholder="words, a rule id (CASTLE-11), an article (fide-3.8.2), a verdict (failed)"; }
                }
                (body)
                script { (PreEscaped(FILTER)) }
            }
        }
    }
    .into_string()
        + "\n"
}

/// Every page of the rulebook: (file name, HTML).
pub fn pages(book: &Rulebook) -> Vec<(String, String)> {
    let mut by_page: BTreeMap<String, Vec<&ScenarioRecord>> = BTreeMap::new();
    for r in book.scenarios {
        by_page.entry(page_of(r)).or_default().push(r);
    }
    for records in by_page.values_mut() {
        records.sort_by_key(|r| r.location.rsplit(':').next().and_then(|l| l.parse::<usize>().ok()));
    }
    let areas: Vec<(String, String)> = by_page.iter().map(|(file, rs)| (file.clone(), rs[0].feature.clone())).collect();
    let mut out = vec![
        ("index.html".to_string(), index(book, &areas)),
        (
            "articles.html".to_string(),
            page("The Laws of Chess by article", &areas, articles::page(book.laws, book.scenarios)),
        ),
    ];
    for (file, records) in &by_page {
        out.push((file.clone(), area(book, &areas, records)));
    }
    out
}

/// Writes every page to `dir` (created if missing), each whole or not at all.
///
/// # Errors
/// One line naming the file that cannot be written.
pub fn write(dir: &Path, book: &Rulebook) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut written = Vec::new();
    for (name, text) in pages(book) {
        let path = dir.join(&name);
        crate::check::write_file(&path, &text)?;
        written.push(path);
    }
    Ok(written)
}

/// The rulebook of the built-in corpus: runs it on lawbook (for every
/// scenario's positions and pins), reads the catalogue, the sources and the
/// translations built in, and writes the pages to `dir`, with the verdicts
/// of `runs`; the index's path.
///
/// # Errors
/// One line when the corpus cannot run, a built-in file cannot be read, or a
/// page cannot be written.
pub fn write_corpus(dir: &Path, runs: &[EngineRun]) -> Result<PathBuf, String> {
    use crate::{catalogue, corpus};
    let ours = crate::check::run(&crate::check::Check::default())?;
    let rules = catalogue::parse(corpus::embedded_rules(), Path::new("features/rules.yaml"))?;
    let pinned = |name: &str| lawbook_corpus::pinned(name).map(str::to_string);
    let sources = catalogue::parse_sources(corpus::embedded_sources(), Path::new("features/sources.yaml"))?;
    let translations =
        catalogue::parse_translations(corpus::embedded_translations(), Path::new("features/translations.yaml"))?;
    let laws = Laws::embedded()?;
    let book = Rulebook {
        scenarios: &ours.scenarios,
        rules: &rules,
        runs,
        pinned: &pinned,
        sources: &sources,
        translations: &translations,
        laws: &laws,
    };
    write(dir, &book)?;
    Ok(dir.join("index.html"))
}

fn index(book: &Rulebook, areas: &[(String, String)]) -> String {
    let mut by_area: BTreeMap<&str, Vec<&Rule>> = BTreeMap::new();
    for rule in book.rules {
        by_area.entry(rule.area.as_str()).or_default().push(rule);
    }
    let carriers = |id: &str| -> Vec<&ScenarioRecord> {
        book.scenarios.iter().filter(|r| r.tags.iter().any(|t| t == id)).collect()
    };
    let body = html! {
        p.front {
            "For arbiters: " a href="articles.html" { "the Laws of Chess by article" }
            ", every Article, Appendix and Guideline with the scenarios that check it."
        }
        p {
            "The Laws of Chess as the five teaching pages state them, rule by rule: each rule's id, what it says, "
            "the article of the FIDE Laws of Chess (2023) it belongs to, the pages it comes from, and the scenarios "
            "that check it. " (book.scenarios.len()) " scenarios in " (areas.len()) " areas."
        }
        @for (area, rules) in &by_area {
            h2 { (area) }
            table {
                tr { th { "id" } th { "rule" } th { "FIDE" } th { "sources" } th { "scenarios" } }
                @for rule in rules {
                    @let carried = carriers(&rule.id);
                    tr id=(rule.id) data-search=(format!("{} {} {} {}", rule.id, rule.statement, rule.fide.as_deref().unwrap_or(""), rule.area).to_lowercase()) {
                        td { (rule.id) br; span.tags { (rule.kind) } }
                        td { (rule.statement) }
                        td { @if let Some(fide) = &rule.fide { (articles::citations(book.laws, fide)) } }
                        td { @for s in &rule.sources { (source_name(book, &s.seed, &s.lang)) br; } }
                        td {
                            @for r in &carried {
                                a href=(format!("{}#{}", page_of(r), anchor_of(r))) { (r.scenario) } br;
                            }
                        }
                    }
                }
            }
        }
    };
    page("The rule catalogue", areas, body)
}

fn area(book: &Rulebook, areas: &[(String, String)], records: &[&ScenarioRecord]) -> String {
    let title = records.first().map_or("", |r| r.feature.as_str());
    let file = records.first().map(|r| page_of(r)).unwrap_or_default();
    let body = html! {
        p.only {
            "One scenario of this page. " a href=(file) { "Show all " (records.len()) " scenarios of " (title) }
        }
        @for r in records {
            @let ids = rule_ids(r);
            @let arts = articles(r);
            @let seen = verdicts(book.runs, &r.id);
            @let quotes: Vec<Shown> = r.quotes.iter().map(|q| shown(book, q)).collect();
            @let search = format!(
                "{} {} {} {} {} {} {}",
                r.scenario,
                r.rule.as_deref().unwrap_or(""),
                ids.join(" "),
                arts.iter().map(|a| format!("fide-{a}")).collect::<Vec<_>>().join(" "),
                seen.iter().map(|(e, v, _)| format!("{e} {}", v.name())).collect::<Vec<_>>().join(" "),
                r.steps.iter().map(|s| s.text.as_str()).collect::<Vec<_>>().join(" "),
                quotes.iter().map(|q| format!("{} {}", q.text, q.en.unwrap_or(""))).collect::<Vec<_>>().join(" ")
            ).to_lowercase();
            div.card id=(anchor_of(r)) data-search=(search) {
                h3 { (r.scenario) }
                p.tags {
                    @if let Some(rule) = &r.rule { (rule) " · " }
                    @for id in &ids { a.tag href=(format!("index.html#{id}")) { (id) } }
                    @for a in &arts { (articles::citation(book.laws, a)) }
                    span { (r.location) }
                }
                @for q in &quotes {
                    @if let Some(source) = &q.source {
                        blockquote {
                            p.source { (source) ":" }
                            p lang=[q.lang] { "\u{201c}" (q.text) "\u{201d}" }
                            @if let Some(en) = q.en { p.translation lang="en" { "English (our translation): " (en) } }
                        }
                    } @else {
                        blockquote { (q.text) }
                    }
                }
                @let marked = boards::marks(r);
                div.boards {
                    @if let Some(start) = &r.start {
                        figure {
                            (PreEscaped(boards::board(start, &marked.before, None, None)))
                            figcaption {
                                "The position set up (" (to_move(start)) ")" (boards::legend(&marked.before, marked.which_steps(true)))
                            }
                        }
                    }
                    @if let Some(end) = r.fen.as_ref().filter(|_| boards::has_after_board(r)) {
                        figure {
                            (PreEscaped(boards::board(end, &marked.after, r.last_move.as_deref(), r.refused.as_deref())))
                            figcaption {
                                "After the moves (" (to_move(end)) ")"
                                @if r.refused.is_some() { "; red arrow: the move tried and refused" }
                                (boards::legend(&marked.after, marked.which_steps(false)))
                            }
                        }
                    }
                }
                ol.steps {
                    @for step in &r.steps {
                        @let (keyword, rest) = step.text.split_once(' ').unwrap_or((&step.text, ""));
                        li { span.kw { (keyword) } " " (rest) }
                    }
                }
                @for name in &r.pins {
                    @if let Some(text) = (book.pinned)(name) {
                        @let moves = pinned_san(&text);
                        p.pinned { "The legal moves, as pinned (" (moves.len()) "): " (moves.join(" ")) }
                    }
                }
                @if !seen.is_empty() {
                    p.verdicts {
                        "Engines: "
                        @for (engine, verdict, why) in &seen {
                            span class=(verdict.name()) title=(why.unwrap_or("")) { (engine) ": " (verdict.name()) }
                        }
                    }
                }
            }
        }
    };
    page(title, areas, body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::{StepRecord, StepVerdict};

    fn record(line: usize, steps: &[&str]) -> ScenarioRecord {
        ScenarioRecord {
            id: format!("castling.feature: scenario {line}"),
            feature: "Castling".into(),
            rule: Some("A rule".into()),
            scenario: format!("scenario {line}"),
            tags: vec!["CASTLE-11".into(), "fide-3.8.2.2".into()],
            location: format!("castling.feature:{line}"),
            quotes: vec!["sv (000): \"Kungen får inte passera en anfallen ruta.\"".into()],
            verdict: Verdict::Passed,
            message: None,
            fen: Some("4k3/8/8/8/8/8/8/4K2R b K - 1 1".into()),
            last_move: Some("h1h2".into()),
            steps: steps
                .iter()
                .enumerate()
                .map(|(i, t)| StepRecord {
                    text: (*t).into(),
                    line: line + i,
                    verdict: StepVerdict::Passed,
                    message: None,
                    capability: None,
                    fault: None,
                })
                .collect(),
            start: Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1".into()),
            refused: None,
            pins: vec!["castling__x".into()],
            play: None,
        }
    }

    #[test]
    fn every_scenario_has_its_boards_quotes_and_pins_and_every_link_resolves() {
        let mut records = [
            record(30, &["Given the initial position"]),
            record(10, &["Given White: Ke1 Rh1", "Then h1 is not attacked by Black", "When White plays Rh2"]),
        ];
        records[0].fen = records[0].start.clone();
        records[0].last_move = None;
        records[0].quotes.push("ru (003), answer: \"Да.\"".into());
        records[0].quotes.push("FIDE Guidelines II, in our words: the rook moves.".into());
        // A citation of a number the Laws file does not hold.
        records[0].tags.push("fide-9.9.9".into());
        let rules = crate::catalogue::parse(
            "- id: CASTLE-11\n  area: castling\n  kind: rule\n  statement: \"The king may not cross an attacked square.\"\n  fide: \"3.8.2.2\"\n  sources:\n    - {seed: \"000\", lang: sv}\n",
            Path::new("rules.yaml"),
        )
        .expect("a catalogue");
        let pinned = |name: &str| {
            (name == "castling__x").then(|| "---\nheader\n---\nKd1      e1d1\nO-O      e1g1\n".to_string())
        };
        let sources = crate::catalogue::parse_sources(
            "- {id: \"000\", lang: sv, title: \"Rockad och en passant utan missar\", title_en: \"Castling\"}\n",
            Path::new("sources.yaml"),
        )
        .expect("sources");
        let translations = crate::catalogue::parse_translations(
            "- {quote: \"Kungen får inte passera en anfallen ruta.\", lang: sv, en: \"The king may not cross an attacked square.\"}\n",
            Path::new("translations.yaml"),
        )
        .expect("translations");
        let laws = Laws::parse(LAWS, "laws.yaml").expect("the laws");
        let book = Rulebook {
            scenarios: &records,
            rules: &rules,
            runs: &[],
            pinned: &pinned,
            sources: &sources,
            translations: &translations,
            laws: &laws,
        };
        let pages = pages(&book);
        assert_eq!(
            pages.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
            ["index.html", "articles.html", "castling.html"]
        );
        let area = &pages[2].1;
        assert_eq!(area.matches("<div class=\"card\"").count(), 2);
        // Both boards of the first scenario, one of the second (nothing moved).
        assert_eq!(area.matches("<svg").count(), 3);
        assert!(area.contains("Kungen får inte passera"));
        // Each quote under its page's title and language, with our English marked as ours.
        assert_eq!(
            area.matches("<p class=\"source\">Swedish, \u{201c}Rockad och en passant utan missar\u{201d}:</p>").count(),
            2
        );
        assert_eq!(
            area.matches("<p class=\"translation\" lang=\"en\">English (our translation): The king may not cross an attacked square.</p>").count(),
            2
        );
        assert!(area.contains("<p lang=\"sv\">\u{201c}Kungen får inte passera en anfallen ruta.\u{201d}</p>"));
        assert!(!area.contains("sv (000)"), "the source is named by its title");
        // A quote without a translation or a known page still shows, without English; other comments as written.
        assert!(area.contains(
            "<p class=\"source\">Russian (003), answer:</p><p lang=\"ru\">\u{201c}Да.\u{201d}</p></blockquote>"
        ));
        assert!(area.contains("<blockquote>FIDE Guidelines II, in our words: the rook moves.</blockquote>"));
        assert!(pages[0].1.contains("Swedish, \u{201c}Rockad och en passant utan missar\u{201d} (000)"));
        assert!(area.contains("The legal moves, as pinned (2): Kd1 O-O"));
        // h1, said not to be attacked, and the rook's move from it to h2, marked, with a legend.
        assert!(area.contains("<title>h1: not attacked; from or to of a move</title>"), "h1 is marked");
        assert!(area.contains("<title>h2: from or to of a move</title>"));
        assert!(area.contains("<span class=\"swatch\" style=\"background:#2e7d32\"></span>not attacked"));
        // Every citation with the title the Laws give it, linked to the index by article; an unknown number plainly.
        let cited = "<a class=\"tag fide\" href=\"articles.html#fide-3.8.2.2\">FIDE 3.8.2.2<span class=\"law-title\"> \u{b7} Castling prevented for now</span></a>";
        assert_eq!(area.matches(cited).count(), 2);
        assert!(pages[0].1.contains(cited), "the catalogue's citation too");
        // An unknown number (not a provision) is shown plainly.
        let unknown = "<a class=\"tag fide\" href=\"articles.html#fide-9.9.9\">FIDE 9.9.9</a>"; // not a provision
        assert!(area.contains(unknown));
        // The front page leads to the index by article; a scenario's address shows it alone, with a way back to all.
        assert!(pages[0].1.contains("For arbiters: <a href=\"articles.html\">the Laws of Chess by article</a>"));
        assert!(area.contains("<a href=\"castling.html\">Show all 2 scenarios of Castling</a>"));
        assert!(area.contains("body:has(.card:target) .card:not(:target)"));
        // In the order of the file.
        assert!(area.find("id=\"line-10\"") < area.find("id=\"line-30\""));
        // Every link within the site points to a page and an anchor that exist.
        for (name, text) in &pages {
            for link in text.split("href=\"").skip(1).filter_map(|s| s.split('"').next()) {
                let (file, anchor) = link.split_once('#').unwrap_or((link, ""));
                let file = if file.is_empty() { name.as_str() } else { file };
                let target = pages.iter().find(|(n, _)| n == file).unwrap_or_else(|| panic!("no page {file}"));
                assert!(anchor.is_empty() || target.1.contains(&format!("id=\"{anchor}\"")), "no anchor {link}");
            }
        }
    }

    const LAWS: &str = "parts:
  - {number: '3', title: The moves of the pieces}
  - {number: '9', title: The drawn game}
  - {number: '12', title: The role of the arbiter}
provisions:
  - {number: '3.8.2', title: Castling prevented, says: When castling is not possible., decided_by: program}
  - {number: '3.8.2.2', title: Castling prevented for now, says: Attacked squares stop castling this move., decided_by: program}
  - {number: '9.6.2', title: Dead position, says: No series of legal moves can mate., decided_by: program}
  - {number: '12.1', title: The arbiter's spirit, says: The arbiter sees that the Laws are kept., decided_by: person, why: It asks for a person's judgment.}
";

    #[test]
    fn the_index_by_article_lists_every_part_and_provision_with_its_scenarios_or_why_none() {
        let records = [record(10, &["Given the initial position"]), record(30, &["Given the initial position"])];
        let laws = Laws::parse(LAWS, "laws.yaml").expect("the laws");
        let page = articles::page(&laws, &records).into_string();
        for part in
            ["Article 3: The moves of the pieces", "Article 9: The drawn game", "Article 12: The role of the arbiter"]
        {
            assert!(page.contains(&format!("<h2>{part}</h2>")), "{part}");
        }
        let row = |n: &str| {
            let at = page.find(&format!("<tr id=\"fide-{n}\"")).unwrap_or_else(|| panic!("no row {n}"));
            page[at..].split("</tr>").next().unwrap_or_default().to_string()
        };
        assert!(row("3.8.2.2").contains("<span class=\"area\">Castling</span><ul class=\"scenarios\"><li><a href=\"castling.html#line-10\">scenario 10</a>"));
        assert!(row("3.8.2.2").contains("castling.html#line-30"));
        assert!(row("3.8.2").contains("Through its sub-provisions: <a href=\"#fide-3.8.2.2\">3.8.2.2</a>"));
        assert!(!row("3.8.2").contains("No scenario yet"));
        assert!(row("9.6.2").contains("No scenario yet."));
        assert!(row("12.1").contains("Stated, not executable: It asks for a person's judgment."), "{}", row("12.1"));
        assert!(!page.contains("not-in-the-laws-file"), "every citation is in the file");
        // A number cited but not in the file is listed, with its scenarios.
        let mut cites_more = records.clone();
        cites_more[1].tags.push("fide-Appendix-C.13".into());
        cites_more[1].tags.push("fide-3.10".into());
        let page = articles::page(&laws, &cites_more).into_string();
        let at = page.find("id=\"not-in-the-laws-file\"").expect("the section");
        assert!(page[at..].contains("<tr id=\"fide-C.13\" data-search=\"fide-c.13\"><td class=\"number\">C.13</td>"));
        // Under its part where the file has the part, in the Laws' order (3.10 after 3.8.2.2), marked.
        let ten = page.find("<tr id=\"fide-3.10\"").expect("3.10 is listed");
        assert!(page.find("<tr id=\"fide-3.8.2.2\"") < Some(ten) && Some(ten) < page.find("<h2>Article 9"));
        assert!(
            page[ten..]
                .split("</tr>")
                .next()
                .is_some_and(|r| r.contains("Cited, not in the Laws file yet.") && r.contains("castling.html#line-30"))
        );
    }
}
