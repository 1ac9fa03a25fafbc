//! The lawbook rule corpus as data, built into the library so a program
//! that runs it (`lawbook check`) needs no checkout: the feature files of
//! this folder, its rule catalogue, its source pages, the translations of
//! its quotes and its pinned legal move lists, each as the text of the file
//! it was built from.
//!
//! ```
//! let castling = lawbook_corpus::feature_files().iter().find(|(name, _)| *name == "castling").unwrap();
//! assert!(castling.1.starts_with("Feature:") || castling.1.contains("\nFeature:"));
//! assert!(lawbook_corpus::pinned("castling__a-bishop-on-f1-is-a-temporary-obstacle").is_some());
//! assert!(lawbook_corpus::rules().contains("CASTLE-11"));
//! assert!(lawbook_corpus::sources().contains("Rockad och en passant utan missar"));
//! assert!(lawbook_corpus::laws().contains("3.8.2.2"));
//! assert!(lawbook_corpus::translations().contains("The king may not cross an attacked square."));
//! ```
#![deny(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/corpus.rs"));

/// Every feature file, as (name without `.feature`, text), sorted by name.
pub fn feature_files() -> &'static [(&'static str, &'static str)] {
    FEATURES
}

/// The pinned move list `name` (a file of `snapshots/` without `.snap`), or `None`.
pub fn pinned(name: &str) -> Option<&'static str> {
    PINS.binary_search_by(|(n, _)| (*n).cmp(name)).ok().map(|i| PINS[i].1)
}

/// Every pinned move list, as (name without `.snap`, text), sorted by name.
pub fn pinned_lists() -> &'static [(&'static str, &'static str)] {
    PINS
}

/// The rule catalogue, `rules.yaml`.
pub fn rules() -> &'static str {
    RULES
}

/// The source pages the quotes come from, `sources.yaml`: each page's
/// number, language, own title and the title in English.
pub fn sources() -> &'static str {
    SOURCES
}

/// Every numbered provision of the FIDE Laws of Chess (2023), `fide-laws.yaml`:
/// its number, a title, one line in our own words, and whether a program can
/// decide it.
pub fn laws() -> &'static str {
    LAWS
}

/// Our English translations of the source quotes, `translations.yaml`:
/// one entry per distinct quote of the feature files.
pub fn translations() -> &'static str {
    TRANSLATIONS
}
