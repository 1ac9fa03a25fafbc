//! Pinned legal move lists: `conformance/snapshots/*.snap`.
//!
//! Each file is an insta snapshot: a short header (the scenario, the side to
//! move, the FEN) between `---` lines, then one legal move a line, SAN first
//! and UCI second. The built-in engine is checked with insta (so `cargo insta
//! review` shows any change); every other engine is compared with the same
//! committed file, which is the expected truth.

use std::path::PathBuf;

/// Where the snapshots live.
pub fn directory() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"))
}

/// The UCI moves of a snapshot file's body, or `None` if there is no such snapshot.
pub fn read_pinned(name: &str) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(directory().join(format!("{name}.snap"))).ok()?;
    let body = text.splitn(3, "---\n").nth(2)?;
    Some(body.lines().filter_map(|line| line.split_whitespace().nth(1)).map(str::to_string).collect())
}

pub(crate) fn assert_pinned(engine: &str, name: &str, description: &str, content: &str) {
    if engine == "lawbook" {
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(directory());
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.set_description(description);
        settings.bind(|| insta::assert_snapshot!(name, content));
        return;
    }
    let Some(mut expected) = read_pinned(name) else {
        panic!("no pinned move list {name}.snap: run the corpus on the built-in engine first");
    };
    let mut actual: Vec<String> =
        content.lines().filter_map(|l| l.split_whitespace().nth(1)).map(str::to_string).collect();
    expected.sort();
    actual.sort();
    if expected != actual {
        let missing: Vec<&String> = expected.iter().filter(|m| !actual.contains(m)).collect();
        let extra: Vec<&String> = actual.iter().filter(|m| !expected.contains(m)).collect();
        panic!(
            "the legal moves differ from {name}.snap\n  {description}\n  missing: {missing:?}\n  not legal but listed: {extra:?}"
        );
    }
}
