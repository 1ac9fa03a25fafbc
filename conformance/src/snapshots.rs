//! Pinned legal move lists: `features/snapshots/*.snap`, beside the feature
//! files they belong to (built into the library for the embedded corpus).
//!
//! Each file is an insta snapshot: a short header (the scenario, the side to
//! move, the FEN) between `---` lines, then one legal move a line, SAN first
//! and UCI second. Every engine is compared with the committed file, which is
//! the expected truth; in a checkout's own test run (`cargo test`) the
//! built-in engine is checked through insta instead, so `cargo insta review`
//! shows any change.

use crate::corpus::Pins;

/// The pinned lists of the scenarios being run, and whether the built-in
/// engine's lists go through insta: with `review` (and the `review-pins`
/// feature), insta writes a `.snap.new` to review where they differ, which
/// needs `pins` to be a folder.
#[derive(Clone, Debug)]
pub struct Pinned {
    /// Where the lists are.
    pub pins: Pins,
    /// Check the built-in engine's lists through insta.
    pub review: bool,
}

impl Default for Pinned {
    fn default() -> Pinned {
        Pinned { pins: Pins::Embedded, review: false }
    }
}

/// The UCI moves of a pinned list's body, from the text of its file.
pub fn pinned_moves(text: &str) -> Option<Vec<String>> {
    let body = text.splitn(3, "---\n").nth(2)?;
    Some(body.lines().filter_map(|line| line.split_whitespace().nth(1)).map(str::to_string).collect())
}

/// The UCI moves of the pinned list `name` in `pins`, or `None` if there is no such list.
pub fn read_pinned(pins: &Pins, name: &str) -> Option<Vec<String>> {
    pinned_moves(&pins.pinned_moves(name)?)
}

// `engine` matters only to the insta branch, which needs `review-pins`.
#[cfg_attr(not(feature = "review-pins"), allow(unused_variables))]
pub(crate) fn assert_pinned(pinned: &Pinned, engine: &str, name: &str, description: &str, content: &str) {
    let pins = &pinned.pins;
    if !pins.exist() {
        panic!(
            "this scenario pins its legal moves, but its folder of scenarios has no pinned lists ({} does not exist): \
             write \"the legal moves are ...\" instead, or run the folder on the built-in engine with its snapshots folder made",
            pins.describe()
        );
    }
    // Without the `review-pins` feature (an installed `lawbook`), the
    // built-in engine is compared with the committed file like any other.
    #[cfg(feature = "review-pins")]
    if let (true, "lawbook", Some(dir)) = (pinned.review, engine, pins.folder()) {
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(dir);
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.set_description(description);
        settings.bind(|| insta::assert_snapshot!(name, content));
        return;
    }
    let Some(mut expected) = read_pinned(pins, name) else {
        panic!(
            "no pinned move list {name}.snap in {}: run these scenarios on the built-in engine first",
            pins.describe()
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
