//! Pinned legal move lists: `conformance/snapshots/*.snap`.
//!
//! Each file is an insta snapshot: a short header (the scenario, the side to
//! move, the FEN) between `---` lines, then one legal move a line, SAN first
//! and UCI second. The built-in engine is checked with insta (so `cargo insta
//! review` shows any change); every other engine is compared with the same
//! committed file, which is the expected truth.

use std::path::PathBuf;
use std::sync::Mutex;

/// The folder chosen for this run, if not the corpus's own.
static CHOSEN: Mutex<Option<PathBuf>> = Mutex::new(None);

/// The pinned lists of the corpus in `features/`.
pub fn corpus_directory() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"))
}

/// Where the snapshots of the scenarios being run live: the corpus's own
/// (`conformance/snapshots/`) unless [`set_directory`] chose another.
pub fn directory() -> PathBuf {
    CHOSEN.lock().ok().and_then(|d| d.clone()).unwrap_or_else(corpus_directory)
}

/// Chooses the folder of pinned lists for the scenarios run from now on
/// (a folder of scenarios other than `features/` keeps its own).
pub fn set_directory(dir: PathBuf) {
    if let Ok(mut chosen) = CHOSEN.lock() {
        *chosen = Some(dir);
    }
}

/// The UCI moves of a snapshot file's body, or `None` if there is no such snapshot.
pub fn read_pinned(name: &str) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(directory().join(format!("{name}.snap"))).ok()?;
    let body = text.splitn(3, "---\n").nth(2)?;
    Some(body.lines().filter_map(|line| line.split_whitespace().nth(1)).map(str::to_string).collect())
}

pub(crate) fn assert_pinned(engine: &str, name: &str, description: &str, content: &str) {
    let dir = directory();
    if !dir.is_dir() {
        panic!(
            "this scenario pins its legal moves, but its folder of scenarios has no pinned lists ({} does not exist): \
             write \"the legal moves are ...\" instead, or run the folder on the built-in engine with its snapshots folder made",
            dir.display()
        );
    }
    if engine == "lawbook" {
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(dir);
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.set_description(description);
        settings.bind(|| insta::assert_snapshot!(name, content));
        return;
    }
    let Some(mut expected) = read_pinned(name) else {
        panic!(
            "no pinned move list {name}.snap in {}: run these scenarios on the built-in engine first",
            dir.display()
        );
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
