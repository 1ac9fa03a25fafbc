//! The scenarios to run: the rule corpus built into the library (its
//! feature files, rule catalogue and pinned move lists, from
//! [`lawbook_corpus`]), or folders of feature files on disk, each with its own
//! `snapshots/`. An installed `lawbook check` runs the embedded copy and
//! needs no checkout.
//!
//! ```
//! use lawbook_conformance::corpus::{self, Source};
//!
//! let parts = corpus::parts(&[Source::Embedded]).unwrap();
//! assert!(parts[0].files.iter().any(|f| f.path.ends_with("castling.feature")));
//! assert!(corpus::Pins::Embedded.pinned_moves("castling__a-bishop-on-f1-is-a-temporary-obstacle").is_some());
//! ```

use std::path::{Path, PathBuf};

/// Where scenarios come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The rule corpus built into the library (`features/` when it was built).
    Embedded,
    /// A folder of `.feature` files (searched with its subfolders), whose
    /// pinned move lists are in its `snapshots/` subfolder.
    Folder(PathBuf),
}

/// One feature file: the path it is shown by and its text.
#[derive(Clone, Debug)]
pub struct FeatureFile {
    /// `features/NAME.feature` for the embedded corpus, the file's path for a folder.
    pub path: PathBuf,
    /// The Gherkin text.
    pub text: String,
}

/// Where the pinned legal move lists of a part are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pins {
    /// The embedded corpus's own.
    Embedded,
    /// A folder of `NAME.snap` files.
    Folder(PathBuf),
}

impl Pins {
    /// The text of the pinned list `name` (`castling__a-bishop-on-f1-is-a-temporary-obstacle`),
    /// or `None` when there is none.
    pub fn pinned_moves(&self, name: &str) -> Option<String> {
        match self {
            Pins::Embedded => lawbook_corpus::pinned(name).map(str::to_string),
            Pins::Folder(dir) => std::fs::read_to_string(dir.join(format!("{name}.snap"))).ok(),
        }
    }

    /// Whether there is a place for pinned lists at all.
    pub fn exist(&self) -> bool {
        match self {
            Pins::Embedded => true,
            Pins::Folder(dir) => dir.is_dir(),
        }
    }

    /// The folder, for messages and for insta (`None` when embedded).
    pub fn folder(&self) -> Option<&Path> {
        match self {
            Pins::Embedded => None,
            Pins::Folder(dir) => Some(dir),
        }
    }

    /// How a message names where the pinned lists are.
    pub fn describe(&self) -> String {
        match self {
            Pins::Embedded => "the built-in corpus".to_string(),
            Pins::Folder(dir) => dir.display().to_string(),
        }
    }
}

/// Scenarios run together: feature files and where their pinned lists are.
#[derive(Clone, Debug)]
pub struct Part {
    /// How reports and messages name the part: `the built-in corpus` or the folder.
    pub label: String,
    /// The feature files, sorted by path.
    pub files: Vec<FeatureFile>,
    /// Their pinned move lists.
    pub pins: Pins,
}

/// The embedded corpus: every feature file of `features/` as it was when the
/// library was built.
pub fn embedded() -> Part {
    let files = lawbook_corpus::feature_files()
        .iter()
        .map(|(name, text)| FeatureFile {
            path: PathBuf::from(format!("features/{name}.feature")),
            text: text.to_string(),
        })
        .collect();
    Part { label: "the built-in corpus".to_string(), files, pins: Pins::Embedded }
}

/// The embedded rule catalogue (`features/rules.yaml`), for [`crate::catalogue::parse`].
pub fn embedded_rules() -> &'static str {
    lawbook_corpus::rules()
}

/// The embedded source pages (`features/sources.yaml`), for [`crate::catalogue::parse_sources`].
pub fn embedded_sources() -> &'static str {
    lawbook_corpus::sources()
}

/// The embedded translations (`features/translations.yaml`), for [`crate::catalogue::parse_translations`].
pub fn embedded_translations() -> &'static str {
    lawbook_corpus::translations()
}

/// The feature files of `dir` and its subfolders, with `dir/snapshots/` as their pins.
///
/// # Errors
/// A message naming the folder when it cannot be read or holds no feature file.
pub fn folder(dir: &Path) -> Result<Part, String> {
    let mut paths = Vec::new();
    collect(dir, &mut paths).map_err(|e| format!("cannot read the folder of scenarios {}: {e}", dir.display()))?;
    if paths.is_empty() {
        return Err(format!("{} holds no .feature file", dir.display()));
    }
    paths.sort();
    let mut files = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        files.push(FeatureFile { path, text });
    }
    Ok(Part { label: dir.display().to_string(), files, pins: Pins::Folder(dir.join("snapshots")) })
}

fn collect(dir: &Path, paths: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, paths)?;
        } else if path.extension().is_some_and(|x| x.eq_ignore_ascii_case("feature")) {
            paths.push(path);
        }
    }
    Ok(())
}

/// The parts `sources` name, in order. A folder's file named like one of
/// the embedded corpus's (`castling.feature`) replaces that file, so a
/// checkout's `features/` runs instead of the built-in copy; other files add
/// to it.
///
/// # Errors
/// A folder that cannot be read or holds no feature file.
pub fn parts(sources: &[Source]) -> Result<Vec<Part>, String> {
    let mut folders = Vec::new();
    for source in sources {
        if let Source::Folder(dir) = source {
            folders.push(folder(dir)?);
        }
    }
    let names: Vec<std::ffi::OsString> =
        folders.iter().flat_map(|p| &p.files).filter_map(|f| f.path.file_name().map(Into::into)).collect();
    let replaced = |file: &FeatureFile| file.path.file_name().is_some_and(|n| names.iter().any(|m| m == n));
    let mut folders = folders.into_iter();
    let mut parts = Vec::new();
    for source in sources {
        match source {
            Source::Embedded => {
                let mut part = embedded();
                part.files.retain(|f| !replaced(f));
                if !part.files.is_empty() {
                    parts.push(part);
                }
            }
            Source::Folder(_) => parts.extend(folders.next()),
        }
    }
    Ok(parts)
}
