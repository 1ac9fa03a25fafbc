//! The two HTML pages as a browser sees them: the rulebook (`cargo xtask
//! rulebook`) and the conformance report are rendered by headless Chromium,
//! and the rendered pages must hold every scenario with its board, and every
//! link must lead to a page and an anchor that exist. A scenario's own
//! address is opened as a picture (a screenshot, its pixels counted by the
//! browser itself): the scenario's board must be in view, its marks on it.
//!
//! `cargo xtask setup-engines` installs Chromium. Without it the test says
//! SKIPPED (on standard error, past the test harness's capture) and checks
//! nothing, unless `LAWBOOK_REQUIRE_BROWSER` is set (CI sets
//! it), when a missing browser fails the test.

use lawbook_conformance::check::{Check, run, write_reports};
use lawbook_conformance::records::{ScenarioRecord, Verdict};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The page of the rulebook a scenario is on.
fn page_of(s: &ScenarioRecord) -> String {
    s.location.split(':').next().unwrap_or_default().trim_end_matches(".feature").to_string() + ".html"
}

/// A scenario's line in its feature file: its anchor is `line-N`.
fn line_of(s: &ScenarioRecord) -> usize {
    s.location.rsplit(':').next().and_then(|l| l.parse().ok()).unwrap_or(0)
}

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

/// A screenshot of `url` as a 1200 by 900 window shows it.
fn screenshot(browser: &Path, url: &str, png: &Path) -> Vec<u8> {
    let output = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1200,900"])
        .arg(format!("--screenshot={}", png.display()))
        .arg(url)
        .output()
        .expect("the browser runs");
    assert!(output.status.success(), "{} on {url}: {}", browser.display(), output.status);
    std::fs::read(png).unwrap_or_else(|e| panic!("no screenshot of {url}: {e}"))
}

fn base64(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            let digit = if i <= chunk.len() { DIGITS[(n >> (18 - 6 * i) & 63) as usize] } else { b'=' };
            out.push(char::from(digit));
        }
    }
    out
}

/// The pixels of each picture, counted by the browser (a canvas reads the
/// PNG): how many have the colour of a board's light square (`#f0d9b5`), and
/// how many the red of a square marked attacked, over a light or dark square.
fn counted(browser: &Path, dir: &Path, pictures: &[Vec<u8>]) -> Vec<(usize, usize)> {
    let sources: Vec<String> = pictures.iter().map(|p| format!("'data:image/png;base64,{}'", base64(p))).collect();
    let page = format!(
        "<!DOCTYPE html><html><body><script>
const out=[];let left={n};
[{sources}].forEach((src,i)=>{{const img=new Image();img.onload=()=>{{
const c=document.createElement('canvas');c.width=img.width;c.height=img.height;const g=c.getContext('2d');g.drawImage(img,0,0);
const d=g.getImageData(0,0,c.width,c.height).data;let light=0,red=0;
for(let j=0;j<d.length;j+=4){{const r=d[j],gr=d[j+1],b=d[j+2];if(r==240&&gr==217&&b==181)light++;if(r>190&&gr<140&&b<125&&r-gr>70)red++;}}
out[i]=light+' '+red;if(--left==0)document.body.setAttribute('data-counted',out.join(','));}};img.src=src;}});
</script></body></html>",
        n = pictures.len(),
        sources = sources.join(",")
    );
    let harness = dir.join("count-pixels.html");
    std::fs::write(&harness, page).expect("the counting page is written");
    let output = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000", "--dump-dom"])
        .arg(format!("file://{}", harness.display()))
        .output()
        .expect("the browser runs");
    let dom = String::from_utf8_lossy(&output.stdout);
    let counts = dom.split("data-counted=\"").nth(1).and_then(|s| s.split('"').next()).expect("the pixels are counted");
    counts
        .split(',')
        .map(|pair| {
            let (light, red) = pair.split_once(' ').expect("two counts");
            (light.parse().expect("a count"), red.parse().expect("a count"))
        })
        .collect()
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
        // Past the test harness's capture, so that a green run says it checked nothing.
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED the_rulebook_and_the_report_render_with_every_scenario_and_board: no chromium on PATH, so no page \
             was rendered or checked (`cargo xtask setup-engines` installs it)"
        );
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
            assert!(
                dom.contains("<a href=\"articles.html\">the Laws of Chess by article</a>"),
                "the front page leads to the Laws"
            );
            continue;
        }
        if name == "articles.html" {
            // Every scenario citing an article is reached from here.
            let cited = ours.scenarios.iter().filter(|s| s.tags.iter().any(|t| t.starts_with("fide-"))).count();
            let reached = ours
                .scenarios
                .iter()
                .filter(|s| dom.contains(&format!("href=\"{}#line-{}\"", page_of(s), line_of(s))))
                .count();
            assert_eq!(reached, cited, "the index by article links every scenario that cites an article");
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

    // The castling cards mark the squares their steps say are attacked;
    // Figure 5's d1 among them.
    let castling = rendered(&browser, &book.join("castling.html"));
    let figure_5 = ours
        .scenarios
        .iter()
        .find(|s| s.location.starts_with("castling.feature:") && s.scenario.starts_with("Figure 5 "))
        .expect("Figure 5 is a castling scenario");
    let card = |line: usize| -> &str {
        let at = castling.find(&format!("id=\"line-{line}\"")).expect("the card");
        castling[at..].split("class=\"card\"").next().unwrap_or_default()
    };
    assert!(card(line_of(figure_5)).contains("<title>d1: attacked</title>"), "Figure 5 marks d1 as attacked");
    let attacked: Vec<&ScenarioRecord> = ours
        .scenarios
        .iter()
        .filter(|s| s.location.starts_with("castling.feature:"))
        .filter(|s| s.steps.iter().any(|st| st.text.contains(" attacked by ") && !st.text.contains(" not attacked ")))
        .collect();
    assert!(attacked.len() >= 19, "the castling cards saying a square is attacked");
    for s in &attacked {
        assert!(card(line_of(s)).contains("class=\"mark-attacked\""), "{}: no square marked attacked", s.scenario);
    }

    // A scenario's own address shows that scenario: Figure 5 with its
    // attacked d1 in view, and the last scenario of every page (the one
    // farthest down) with its board, neither the page's top nor blank.
    let shots = dir.join("shots");
    std::fs::create_dir_all(&shots).expect("a folder for the pictures");
    let url = |s: &ScenarioRecord| format!("file://{}#line-{}", book.join(page_of(s)).display(), line_of(s));
    let mut addressed: Vec<&ScenarioRecord> = vec![figure_5];
    for page in &pages {
        let name = page.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let feature = name.trim_end_matches(".html").to_string() + ".feature:";
        if let Some(last) =
            ours.scenarios.iter().filter(|s| s.location.starts_with(&feature)).max_by_key(|s| line_of(s))
        {
            addressed.push(last);
        }
    }
    let mut pictures: Vec<Vec<u8>> = addressed
        .iter()
        .enumerate()
        .map(|(i, s)| screenshot(&browser, &url(s), &shots.join(format!("{i}.png"))))
        .collect();
    let top = format!("file://{}", book.join("castling.html").display());
    pictures.push(screenshot(&browser, &top, &shots.join("top.png")));
    let counts = counted(&browser, &dir, &pictures);
    assert_eq!(counts.len(), pictures.len());
    assert!(counts[0].1 >= 32 * 32 / 2, "Figure 5 by its address: d1 marked attacked is in view ({:?})", counts[0]);
    for (i, s) in addressed.iter().enumerate() {
        assert!(counts[i].0 > 1000, "{} by its address: its board is not in view ({:?})", url(s), counts[i]);
        let top_of_its_page = format!("file://{}", book.join(page_of(s)).display());
        assert!(
            i == 0 || top_of_its_page != top || pictures[i] != pictures[pictures.len() - 1],
            "{} shows the top of its page",
            url(s)
        );
    }
    assert_ne!(pictures[0], pictures[pictures.len() - 1], "Figure 5's address shows more than the top of the page");

    // The report of the built-in engine's run: every scenario, all passed, folded.
    let report = dir.join("report");
    write_reports(&report, std::slice::from_ref(&ours)).expect("the report is written");
    let dom = rendered(&browser, &report.join("index.html"));
    assert!(dom.contains(&format!("Passed by every engine: {} scenarios", ours.scenarios.len())), "the report renders");
    assert_eq!(dom.matches("<li data-search=").count(), ours.scenarios.len());
    links_resolve(&report, "index.html", &dom);
    let _ = std::fs::remove_dir_all(&dir);
}
