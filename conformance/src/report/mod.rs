//! The reports made of a corpus run's records ([`crate::records`]), one
//! file per format: a terminal table, JUnit XML for CI pages, a JSON summary
//! for programs and an HTML page for people. What the page shares with the
//! rulebook (the filter, the boards) is in [`crate::page`].

mod html;
mod json;
mod junit;
mod table;

pub use html::html;
pub use json::summary_json;
pub use junit::junit;
pub use table::table;

use crate::records::Verdict;
use std::collections::BTreeMap;

fn cell(counts: Option<&BTreeMap<Verdict, usize>>) -> String {
    let get = |v| counts.and_then(|c| c.get(&v)).copied().unwrap_or(0);
    format!("{}/{}/{}/{}", get(Verdict::Passed), get(Verdict::Failed), get(Verdict::Unsupported), get(Verdict::Error))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::FILTER;
    use crate::records::{EngineRun, ScenarioRecord, StepRecord, StepVerdict, Unexpected};

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
                    capability: None,
                    fault: None,
                },
                StepRecord {
                    text: "Then White is not in check".into(),
                    line: 12,
                    verdict: StepVerdict::Unsupported,
                    message: Some("the engine cannot tell whether the side to move is in check".into()),
                    capability: Some(lawbook_engines::Capability::Check),
                    fault: None,
                },
                StepRecord {
                    text: "Then 0-0-0 is illegal".into(),
                    line: 13,
                    verdict: StepVerdict::Failed,
                    message: message.map(str::to_string),
                    capability: None,
                    fault: None,
                },
                StepRecord {
                    text: "And the legal moves are as pinned".into(),
                    line: 14,
                    verdict: StepVerdict::NotRun,
                    message: None,
                    capability: None,
                    fault: None,
                },
            ],
            start: None,
            refused: None,
            pins: Vec::new(),
            play: None,
        }
    }

    fn runs() -> Vec<EngineRun> {
        vec![EngineRun {
            engine: "demo".into(),
            version: "demo 1.0".into(),
            wall_ms: 1234,
            engine_us: 567_000,
            engine_faults: 1,
            faults: BTreeMap::from([(lawbook_engines::FaultKind::TimedOut, 1)]),
            engine_answers: Some(10),
            scenarios: vec![
                record("Castling", Verdict::Passed, None),
                record(
                    "Castling",
                    Verdict::Failed,
                    Some("expected 0-0-0 to be illegal, but the engine allows it as e1c1"),
                ),
                record("Draws", Verdict::Unsupported, Some("the engine cannot tell whether the position is dead")),
                record("Draws", Verdict::Error, Some("engine error: no answer within 5000 ms")),
            ],
            unexpected: vec![Unexpected::Verdict {
                id: "castling.feature: a failed scenario".into(),
                expected: Verdict::Unsupported,
                actual: Verdict::Failed,
                message: Some("expected 0-0-0 to be illegal".into()),
            }],
            expected_version: Some("demo 0.9".into()),
            ..EngineRun::default()
        }]
    }

    #[test]
    fn the_table_counts_each_verdict_per_area() {
        let table = table(&runs());
        assert!(table.contains("Castling") && table.contains("1/1/0/0"), "{table}");
        assert!(table.contains("0/0/1/1"), "{table}");
        assert!(table.contains("1/1/1/1"), "{table}");
        assert!(table.contains("engine time (inside engine calls)") && table.contains("0.57s"), "{table}");
        assert!(table.lines().any(|l| l.starts_with("engine faults") && l.ends_with(" 1")), "{table}");
        assert!(table.lines().any(|l| l.starts_with("  timed out") && l.ends_with(" 1")), "{table}");
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
        assert!(page.contains("Engine faults by kind: demo 1 timed out."), "{page}");
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
