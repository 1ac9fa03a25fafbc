//! JUnit XML, for CI pages.

use crate::page::{first_line, printable};
use crate::records::{EngineRun, Verdict};
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesStart, BytesText, Event};

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
