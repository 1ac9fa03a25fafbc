//! The two HTML pages as a browser sees them: the rulebook (`cargo xtask
//! rulebook`) and the conformance report are rendered by headless Chromium,
//! and the rendered pages must hold every scenario with its board, and every
//! link must lead to a page and an anchor that exist.
//!
//! `cargo xtask setup-engines` installs Chromium. Without it the test says
//! so and checks nothing, unless `LAWBOOK_REQUIRE_BROWSER` is set (CI sets
//! it), when a missing browser fails the test.

use lawbook_conformance::check::{Check, run, write_reports};
use lawbook_conformance::report::Verdict;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The first browser found on PATH.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// The page's DOM after the browser has loaded it and run its script.
fn rendered(browser: &Path, page: &Path) -> String {
    let output = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("the browser runs");
    assert!(output.status.success(), "{} on {}: {}", browser.display(), page.display(), output.status);
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Every link of a rendered page leads to a file in `dir` and, with an
/// anchor, to an element with that id.
fn links_resolve(dir: &Path, page: &str, dom: &str) {
    for link in dom.split("href=\"").skip(1).filter_map(|s| s.split('"').next()) {
        let (file, anchor) = link.split_once('#').unwrap_or((link, ""));
        let target = if file.is_empty() { dir.join(page) } else { dir.join(file) };
        let text =
            std::fs::read_to_string(&target).unwrap_or_else(|_| panic!("{page}: a link to {link}: no such page"));
        assert!(
            anchor.is_empty() || text.contains(&format!("id=\"{anchor}\"")),
            "{page}: a link to {link}: no such anchor"
        );
    }
}

#[test]
fn the_rulebook_and_the_report_render_with_every_scenario_and_board() {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("LAWBOOK_REQUIRE_BROWSER").is_none(),
            "no chromium on PATH, and LAWBOOK_REQUIRE_BROWSER is set (cargo xtask setup-engines installs it)"
        );
        eprintln!("pages: no chromium on PATH, so the pages are not rendered (cargo xtask setup-engines installs it)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("lawbook-pages-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let book = dir.join("rulebook");
    lawbook_conformance::rulebook::write_corpus(&book, &[]).expect("the rulebook is written");
    let ours = run(&Check::default()).expect("the corpus runs");
    assert!(ours.scenarios.iter().all(|s| s.verdict == Verdict::Passed));

    // The rulebook: each area page shows each of its scenarios as a card
    // with at least one board, and the index links to every page.
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&book)
        .expect("the rulebook folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .collect();
    pages.sort();
    let mut cards = 0;
    for page in &pages {
        let name = page.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        let dom = rendered(&browser, page);
        assert!(dom.contains("</html>") && dom.contains("<h1>"), "{name} did not render");
        links_resolve(&book, &name, &dom);
        if name == "index.html" {
            continue;
        }
        let feature = name.trim_end_matches(".html").to_string() + ".feature:";
        let expected = ours.scenarios.iter().filter(|s| s.location.starts_with(&feature)).count();
        let here = dom.matches("class=\"card\"").count();
        assert_eq!(here, expected, "{name}: one card per scenario");
        assert!(dom.matches("<svg").count() >= here, "{name}: every scenario has a board");
        cards += here;
    }
    assert_eq!(cards, ours.scenarios.len(), "every scenario is in the rulebook");

    // The report of the built-in engine's run: every scenario, all passed, folded.
    let report = dir.join("report");
    write_reports(&report, std::slice::from_ref(&ours)).expect("the report is written");
    let dom = rendered(&browser, &report.join("index.html"));
    assert!(dom.contains(&format!("Passed by every engine: {} scenarios", ours.scenarios.len())), "the report renders");
    assert_eq!(dom.matches("<li data-search=").count(), ours.scenarios.len());
    links_resolve(&report, "index.html", &dom);
    let _ = std::fs::remove_dir_all(&dir);
}
