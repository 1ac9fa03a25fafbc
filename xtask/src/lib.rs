//! The examples of the documents no published crate holds, compiled and run
//! as doctests by `cargo test --workspace`: the top-level README, the
//! library guide, and the READMEs of the crates whose own documentation
//! does not already include them (`lawbook-notation` includes its own).
//! A crate's package holds only files inside it, so the top-level README is
//! tested here, in a crate that is never published.

/// `README.md`.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct Readme;

/// `docs/library.md`.
#[cfg(doctest)]
#[doc = include_str!("../../docs/library.md")]
pub struct LibraryGuide;

/// `crates/board/README.md`.
#[cfg(doctest)]
#[doc = include_str!("../../crates/board/README.md")]
pub struct BoardReadme;

/// `crates/movegen/README.md`.
#[cfg(doctest)]
#[doc = include_str!("../../crates/movegen/README.md")]
pub struct MovegenReadme;

/// `crates/outcome/README.md`.
#[cfg(doctest)]
#[doc = include_str!("../../crates/outcome/README.md")]
pub struct OutcomeReadme;

/// `crates/engines/README.md`.
#[cfg(doctest)]
#[doc = include_str!("../../crates/engines/README.md")]
pub struct EnginesReadme;
