//! The Laws beside the rulebook: each `@fide-` citation shown with the
//! title the Laws file (`features/fide-laws.yaml`) gives it, and the index
//! by article (`articles.html`): every Article, Appendix and Guideline and
//! every provision of the file, each with the scenarios that cite it, or
//! why none can ("stated, not executable", when a person decides it), or
//! that none does yet. Citations of numbers the file does not hold are
//! listed at its end, so that no scenario is out of reach.

use super::{anchor_of, page_of};
use crate::laws::{Decider, Laws, Provision};
use crate::records::ScenarioRecord;
use maud::{Markup, html};
use std::collections::BTreeMap;

/// A citation as the Laws number it: `Appendix-C.13` is `C.13`,
/// `Guidelines-II` is `II`, `Appendix C` is `C`, `Guidelines II (Chess960)`
/// is `II`, `3.8.2.2` stays.
pub(super) fn number(cited: &str) -> String {
    let cited = cited.split(" (").next().unwrap_or(cited).trim();
    ["Appendix", "Guidelines", "Guideline", "Article"]
        .iter()
        .find_map(|word| cited.strip_prefix(word).map(|rest| rest.trim_start_matches(['-', ' '])))
        .unwrap_or(cited)
        .to_string()
}

/// The title the Laws give a cited number (a provision's, or a part's),
/// `None` for a number the file does not hold.
pub(super) fn title<'l>(laws: &'l Laws, cited: &str) -> Option<&'l str> {
    let n = number(cited);
    laws.get(&n).map(|p| p.title.as_str()).or_else(|| laws.part(&n).map(|p| p.title.as_str()))
}

/// The anchor of a cited number on the index by article.
pub(super) fn anchor(cited: &str) -> String {
    format!("fide-{}", number(cited))
}

/// A citation as shown: its number, linked to the index by article, and its title beside it where the Laws have one.
pub(super) fn citation(laws: &Laws, cited: &str) -> Markup {
    html! {
        a.tag.fide href=(format!("articles.html#{}", anchor(cited))) {
            "FIDE " (cited)
            @if let Some(t) = title(laws, cited) { span.law-title { " \u{b7} " (t) } }
        }
    }
}

/// The citations of a catalogue rule's `fide` field (`3.9, 3.10`), each with its title.
pub(super) fn citations(laws: &Laws, field: &str) -> Markup {
    html! {
        @for (i, cited) in field.split(',').map(str::trim).filter(|c| !c.is_empty()).enumerate() {
            @if i > 0 { br; }
            (citation(laws, cited))
        }
    }
}

/// How a part is called: `Article 3`, `Appendix C`, `Guideline II`.
fn part_name(number: &str) -> String {
    let word = if number.bytes().all(|b| b.is_ascii_digit()) {
        "Article"
    } else if number.len() == 1 && number.as_bytes()[0].is_ascii_uppercase() && !"IVX".contains(number) {
        "Appendix"
    } else {
        "Guideline"
    };
    format!("{word} {number}")
}

/// A row of a part's table: a provision of the file, or a number cited that the file does not hold.
enum Row<'a> {
    Law(&'a Provision),
    Cited(&'a str, &'a [&'a ScenarioRecord]),
}

impl Row<'_> {
    fn number(&self) -> &str {
        match self {
            Row::Law(p) => &p.number,
            Row::Cited(n, _) => n,
        }
    }
}

/// A part's rows: its provisions and the numbers under it cited but not in the file, in the Laws' order.
fn rows<'a>(
    provisions: &[&'a Provision],
    unknown: &[(&'a String, &'a Vec<&'a ScenarioRecord>)],
    part: &str,
) -> Vec<Row<'a>> {
    let cited = unknown
        .iter()
        .filter(|(n, _)| n.as_str() != part && n.split('.').next() == Some(part))
        .map(|(n, rs)| Row::Cited(n.as_str(), rs.as_slice()));
    let mut rows: Vec<Row> = provisions.iter().map(|&p| Row::Law(p)).chain(cited).collect();
    rows.sort_by_key(|r| natural(r.number()));
    rows
}

/// A number's sort key: its parts, numbers as numbers (`3.10` after `3.9`).
fn natural(number: &str) -> Vec<(u32, String)> {
    number.split('.').map(|part| (part.parse().unwrap_or(u32::MAX), part.to_string())).collect()
}

/// `sub` is a provision under `of` (`3.8.2.2` under `3.8.2` and `3`).
fn under(sub: &str, of: &str) -> bool {
    sub.strip_prefix(of).is_some_and(|rest| rest.starts_with('.'))
}

/// The page: parts in the file's order, each with its provisions.
pub(super) fn page(laws: &Laws, scenarios: &[ScenarioRecord]) -> Markup {
    // The scenarios citing each number, in rulebook order.
    let mut citing: BTreeMap<String, Vec<&ScenarioRecord>> = BTreeMap::new();
    let mut in_order: Vec<&ScenarioRecord> = scenarios.iter().collect();
    in_order.sort_by_key(|r| (page_of(r), r.location.rsplit(':').next().and_then(|l| l.parse::<usize>().ok())));
    for r in in_order {
        let mut numbers: Vec<String> = r.tags.iter().filter_map(|t| t.strip_prefix("fide-")).map(number).collect();
        numbers.sort();
        numbers.dedup();
        for n in numbers {
            citing.entry(n).or_default().push(r);
        }
    }
    let known = |n: &str| laws.get(n).is_some() || laws.part(n).is_some();
    let unknown: Vec<(&String, &Vec<&ScenarioRecord>)> = citing.iter().filter(|(n, _)| !known(n)).collect();
    // A number not in the file is shown under its part where the file has the part, else at the end.
    let part_of = |n: &str| n.split('.').next().unwrap_or(n).to_string();
    let homeless: Vec<&(&String, &Vec<&ScenarioRecord>)> =
        unknown.iter().filter(|(n, _)| laws.part(&part_of(n)).is_none()).collect();
    let with_scenarios = laws.provisions.iter().filter(|p| citing.contains_key(&p.number)).count();
    let by_person = laws.provisions.iter().filter(|p| p.decided_by == Decider::Person).count();
    // A number's scenarios, by area.
    let links = |rs: &[&ScenarioRecord]| -> Markup {
        let mut areas: Vec<(&str, Vec<&ScenarioRecord>)> = Vec::new();
        for &r in rs {
            match areas.iter_mut().find(|(a, _)| *a == r.feature) {
                Some((_, list)) => list.push(r),
                None => areas.push((&r.feature, vec![r])),
            }
        }
        html! {
            @for (area, list) in &areas {
                div.area-links {
                    span.area { (area) }
                    ul.scenarios {
                        @for r in list {
                            li { a href=(format!("{}#{}", page_of(r), anchor_of(r))) { (r.scenario) } }
                        }
                    }
                }
            }
        }
    };
    // How many scenarios cite a part or anything in it.
    let in_part = |part: &str| -> usize {
        let mut ids: Vec<&str> = citing
            .iter()
            .filter(|(n, _)| n.as_str() == part || n.split('.').next() == Some(part))
            .flat_map(|(_, rs)| rs.iter().map(|r| r.location.as_str()))
            .collect();
        ids.sort();
        ids.dedup();
        ids.len()
    };
    let sub_scenarios = |p: &Provision| -> Vec<&str> {
        laws.provisions
            .iter()
            .filter(|q| under(&q.number, &p.number) && citing.contains_key(&q.number))
            .map(|q| q.number.as_str())
            .chain(unknown.iter().filter(|(n, _)| under(n, &p.number)).map(|(n, _)| n.as_str()))
            .collect()
    };
    html! {
        p {
            "The FIDE Laws of Chess (2023), provision by provision, in our own words, as "
            code { "features/fide-laws.yaml" } " holds them: " (laws.parts.len()) " parts and "
            (laws.provisions.len()) " provisions; " (with_scenarios) " cited by scenarios, " (by_person)
            " stated, not executable (a person decides them). Each scenario link opens that scenario alone."
        }
        nav.parts {
            @for part in &laws.parts {
                a href=(format!("#{}", anchor(&part.number))) { (part_name(&part.number)) " (" (in_part(&part.number)) ")" }
            }
            @if !homeless.is_empty() { a href="#not-in-the-laws-file" { "Cited, not in the file" } }
        }
        @for part in &laws.parts {
            @let provisions: Vec<&Provision> = laws.provisions.iter().filter(|p| p.part() == part.number).collect();
            @let rows = rows(&provisions, &unknown, &part.number);
            section.part id=(anchor(&part.number)) data-search=(format!("{} {}", part_name(&part.number), part.title).to_lowercase()) {
                h2 { (part_name(&part.number)) ": " (part.title) }
                p.count { (in_part(&part.number)) " scenarios cite this part or a provision in it." }
                @if let Some(rs) = citing.get(&part.number) {
                    p { "Cited as a whole by:" } (links(rs))
                }
                @if provisions.is_empty() {
                    p.status { "No provision of this part is in the file yet." }
                }
                table.provisions {
                    @for row in &rows {
                        @if let Row::Cited(n, rs) = row {
                            tr id=(anchor(n)) data-search=(format!("fide-{n}").to_lowercase()) {
                                td.number { (n) }
                                td { span.status { "Cited, not in the Laws file yet." } }
                                td { (links(rs)) }
                            }
                        }
                        @if let Row::Law(p) = row {
                        @let subs = sub_scenarios(p);
                        tr id=(anchor(&p.number)) data-search=(format!("fide-{} {} {}", p.number, p.title, p.says).to_lowercase()) {
                            td.number { (p.number) }
                            td {
                                strong { (p.title) } br;
                                span.says { (p.says) }
                            }
                            td {
                                @if let Some(rs) = citing.get(&p.number) {
                                    (links(rs))
                                } @else if p.decided_by == Decider::Person {
                                    span.status { "Stated, not executable: " (p.why.as_deref().unwrap_or("")) }
                                } @else if subs.is_empty() {
                                    span.status { "No scenario yet." }
                                }
                                @if !subs.is_empty() {
                                    p.through {
                                        "Through its sub-provisions: "
                                        @for (i, n) in subs.iter().enumerate() {
                                            @if i > 0 { ", " }
                                            a href=(format!("#{}", anchor(n))) { (n) }
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
        @if !homeless.is_empty() {
            section.part id="not-in-the-laws-file" {
                h2 { "Cited, not in the Laws file" }
                p { "Numbers the scenarios cite that " code { "features/fide-laws.yaml" } " does not hold (yet)." }
                table.provisions {
                    @for (n, rs) in &homeless {
                        tr id=(anchor(n)) data-search=(format!("fide-{n}").to_lowercase()) {
                            td.number { (n) }
                            td { (links(rs)) }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_are_read_as_the_laws_number_them() {
        assert_eq!(number("3.8.2.2"), "3.8.2.2");
        assert_eq!(number("Appendix-C.13"), "C.13");
        assert_eq!(number("Appendix C"), "C");
        assert_eq!(number("Guidelines-II"), "II");
        assert_eq!(number("Guidelines II (Chess960)"), "II");
        assert_eq!(part_name("3"), "Article 3");
        assert_eq!(part_name("C"), "Appendix C");
        assert_eq!(part_name("II"), "Guideline II");
        assert_eq!(part_name("I"), "Guideline I");
        assert!(under("3.8.2.2", "3.8.2") && under("3.8.2", "3") && !under("3.10", "3.1") && !under("3.1", "3.1"));
    }
}
