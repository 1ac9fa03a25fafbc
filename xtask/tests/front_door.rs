//! The front door stays a front door: the README shows the two commands,
//! stays short, and states no number that goes stale; every link of the
//! documents resolves; every measured run says its commit, machine and
//! command.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The README's length, in lines, that it may not pass.
const README_LINES: usize = 200;

#[test]
fn readme_holds_the_two_commands() {
    let readme = read(&root().join("README.md"));
    assert!(readme.contains("cargo xtask conformance"), "README.md must show the main job");
    assert!(readme.contains("cargo test --workspace"), "README.md must show the test command");
    let ci = read(&root().join(".ci/run"));
    assert!(ci.contains("cargo test --workspace"), ".ci/run must run the README's test command");
}

#[test]
fn readme_is_short() {
    let lines = read(&root().join("README.md")).lines().count();
    assert!(
        lines <= README_LINES,
        "README.md has {lines} lines, more than {README_LINES}: move the detail into a guide in docs/"
    );
}

/// Words after which a number is a count of something that changes as the
/// project grows (the corpus, the registry, the mutants, a run's results).
const COUNTED: &[&str] = &[
    "scenario",
    "scenarios",
    "engine",
    "engines",
    "mutant",
    "mutants",
    "rule",
    "rules",
    "provision",
    "provisions",
    "case",
    "cases",
    "finding",
    "findings",
    "target",
    "targets",
    "passed",
    "failed",
    "unsupported",
    "errors",
    "positions",
];

const NUMBER_WORDS: &[&str] = &[
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
    "hundred",
    "thousand",
    "million",
];

/// Whether a word is a number, in figures or in words (`454`, `1,000`, `twenty-one`).
fn is_number(word: &str) -> bool {
    let word = word.to_lowercase();
    (word.chars().next().is_some_and(|c| c.is_ascii_digit()) && word.chars().all(|c| c.is_ascii_digit() || c == ','))
        || word.split('-').all(|part| NUMBER_WORDS.contains(&part))
        // "one" alone is no count ("one command"), but "twenty-one" is.
        || (word.contains('-') && word.split('-').all(|part| part == "one" || NUMBER_WORDS.contains(&part)))
}

/// The places in `text` where a number counts something that goes stale, or
/// a date says when something was measured.
fn stale_numbers(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let words: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || "()[]*_`:;.".contains(c))
            .filter(|w| !w.is_empty())
            .map(|w| w.trim_matches(|c: char| c == '"' || c == '\'' || c == ','))
            .collect();
        for (i, word) in words.iter().enumerate() {
            // A number, then the thing counted, perhaps with words between
            // ("454 rule scenarios", "seventeen deliberately broken engines").
            let counted = words.iter().skip(i + 1).take(3).any(|next| COUNTED.contains(&next.to_lowercase().as_str()));
            if is_number(word) && counted {
                found.push(format!("line {}: {line}", n + 1));
            }
            // A verdict count, passed/failed/unsupported/error.
            if word.split('/').count() == 4 && word.split('/').all(|p| !p.is_empty() && is_number(p)) {
                found.push(format!("line {}: {line}", n + 1));
            }
        }
        // A date: a measured run belongs in docs/results/.
        let bytes = line.as_bytes();
        let dated = bytes
            .windows(10)
            .any(|w| w.iter().enumerate().all(|(k, b)| if k == 4 || k == 7 { *b == b'-' } else { b.is_ascii_digit() }));
        if dated {
            found.push(format!("line {}: {line}", n + 1));
        }
    }
    found.dedup();
    found
}

#[test]
fn readme_states_no_count_that_goes_stale() {
    let found = stale_numbers(&read(&root().join("README.md")));
    assert!(
        found.is_empty(),
        "README.md states counts or dates that go stale (say them in docs/, measured runs in docs/results/):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_stale_count_check_finds_what_it_should() {
    assert!(!stale_numbers("Run of the corpus, 454 scenarios, each cell").is_empty());
    assert!(!stale_numbers("checked against twenty-one engines (the built-in one").is_empty());
    assert!(!stale_numbers("| Stockfish 15.1 | UCI | 328/2/121/3 |").is_empty());
    assert!(!stale_numbers("Runs of 2026-11-30 (release build)").is_empty());
    assert!(!stale_numbers("the corpus against seventeen deliberately broken engines").is_empty());
    assert!(stale_numbers("cargo xtask conformance     # the main job").is_empty());
    assert!(stale_numbers("On a fresh machine with a Rust toolchain (1.95 or newer)").is_empty());
    assert!(stale_numbers("assert_eq!(perft(&pos, 2), 568);").is_empty());
}

/// The documents whose links are checked: the README, the guides and
/// results, and the documents they link to.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut files: Vec<PathBuf> = [
        "README.md",
        "ARCHITECTURE.md",
        "conformance/README.md",
        "conformance/PROTOCOL.md",
        "conformance/FINDINGS.md",
        "features/README.md",
    ]
    .iter()
    .map(|f| root.join(f))
    .collect();
    let mut folders = vec![root.join("docs"), root.join("crates")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if !path.ends_with("target") {
                    folders.push(path);
                }
            } else if path.file_name().is_some_and(|n| n == "README.md")
                || (path.starts_with(root.join("docs")) && path.extension().is_some_and(|e| e == "md"))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The anchor GitHub gives a heading: lower case, spaces as hyphens, other
/// punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// The relative links `[text](target)` of a Markdown text, outside code.
fn links(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = &rest[..end];
            if !target.contains("://") && !target.starts_with("mailto:") && !target.contains(' ') {
                found.push(target.to_string());
            }
            rest = &rest[end..];
        }
    }
    found
}

#[test]
fn every_link_of_the_documents_resolves() {
    let mut broken = Vec::new();
    let documents = documents();
    assert!(documents.iter().any(|d| d.ends_with("docs/engine-authors.md")), "the guides are checked");
    for document in documents {
        let text = read(&document);
        let dir = document.parent().unwrap();
        for link in links(&text) {
            let (path, fragment) = link.split_once('#').unwrap_or((&link, ""));
            let target = if path.is_empty() { document.clone() } else { dir.join(path) };
            if !target.exists() {
                broken.push(format!("{}: {link} (no such file)", document.display()));
            } else if !fragment.is_empty()
                && target.extension().is_some_and(|e| e == "md")
                && !anchors(&read(&target)).iter().any(|a| a == fragment)
            {
                broken.push(format!("{}: {link} (no such heading)", document.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_link_check_reads_links_and_headings_as_github_does() {
    assert_eq!(anchor(" Finding a perft bug: `lawbook perft-diff`"), "finding-a-perft-bug-lawbook-perft-diff");
    assert_eq!(anchor(" Game status as JSON"), "game-status-as-json");
    assert_eq!(
        links("see [a](docs/a.md#b) and [c](https://x.invalid/c) and `[d](e)`"),
        ["docs/a.md#b", "e"].map(String::from)
    );
    assert!(links("```\n[a](b.md)\n```\n").is_empty());
}

#[test]
fn every_measured_run_says_its_commit_machine_and_command() {
    let dir = root().join("docs/results");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md") && !p.ends_with("README.md"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "docs/results/ holds the measured runs");
    let index = read(&dir.join("README.md"));
    for file in files {
        let text = read(&file);
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        for field in ["- **Commit:**", "- **Machine:**", "- **Command:**"] {
            assert!(text.contains(field), "{name} does not say {field}");
        }
        assert!(name.as_bytes()[..10].iter().filter(|b| b.is_ascii_digit()).count() == 8, "{name}: YYYY-MM-DD-what.md");
        assert!(index.contains(&format!("]({name})")), "docs/results/README.md does not list {name}");
    }
}
