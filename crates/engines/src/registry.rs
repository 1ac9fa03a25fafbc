//! The engine registry, as data: `conformance/engines.yaml` names every
//! engine the harness can check, with how to start it and how long to wait
//! for it, and, for a JSON-lines engine, whether its replies are checked
//! against the protocol's schema ([`EngineSpec::validate_protocol`]).
//! [`crate::adapters::build`] turns an entry into an engine.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// How the harness talks to an engine.
#[derive(Copy, Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Protocol {
    /// lawbook's own rules, in process.
    Builtin,
    /// The Universal Chess Interface over a child process.
    Uci,
    /// The xboard/CECP protocol over a child process.
    Xboard,
    /// lawbook's JSON-lines rules protocol over a child process.
    Jsonl,
    /// shakmaty, in process (cargo feature `peers`).
    Shakmaty,
    /// cozy-chess, in process (cargo feature `peers`).
    CozyChess,
    /// The `chess` crate, in process (cargo feature `peers`).
    ChessCrate,
    /// esca, in process (cargo feature `peers`).
    Esca,
}

impl Protocol {
    /// The name the registry writes it with.
    ///
    /// ```
    /// use lawbook_engines::registry::Protocol;
    /// assert_eq!(Protocol::CozyChess.name(), "cozy-chess");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Protocol::Builtin => "builtin",
            Protocol::Uci => "uci",
            Protocol::Xboard => "xboard",
            Protocol::Jsonl => "jsonl",
            Protocol::Shakmaty => "shakmaty",
            Protocol::CozyChess => "cozy-chess",
            Protocol::ChessCrate => "chess-crate",
            Protocol::Esca => "esca",
        }
    }

    /// Whether it runs a program (and so needs a `command`).
    pub const fn runs_a_program(self) -> bool {
        matches!(self, Protocol::Uci | Protocol::Xboard | Protocol::Jsonl)
    }
}

/// A difference from lawbook that is known and explained
/// (`conformance/FINDINGS.md`): differential testing accepts it, in exactly
/// its form, from an engine whose entry declares it.
#[derive(Copy, Clone, Debug, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum KnownDifference {
    /// The engine proves no dead position beyond insufficient material (FIDE 5.2.2).
    DeadPositionsBeyondMaterial,
    /// The engine names insufficient material, not stalemate, as the ending when both apply.
    InsufficientMaterialBeforeStalemate,
}

fn default_timeout_ms() -> u64 {
    5_000
}

fn default_workers() -> usize {
    1
}

/// One engine of the registry.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct EngineSpec {
    /// The name used with `--engine`.
    pub name: String,
    /// How to talk to it.
    pub protocol: Protocol,
    /// The program to start (for child-process protocols); searched on PATH
    /// and in `/usr/games`.
    #[serde(default)]
    pub command: Option<String>,
    /// A file the command runs (an adapter script run by `node` or
    /// `python3`), written relative to the registry file's folder. Reading
    /// the registry makes it a path from there and puts it before `args`;
    /// the engine is missing where the file is not.
    #[serde(default)]
    pub script: Option<String>,
    /// Arguments, passed as a list (never through a shell); after the
    /// `script`, once the registry is read.
    #[serde(default)]
    pub args: Vec<String>,
    /// Engine options (UCI `setoption`, xboard features), by name.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// The longest wait for one answer, in milliseconds.
    #[serde(default = "default_timeout_ms")]
    pub timeout_ms: u64,
    /// How many copies run side by side (one process each).
    #[serde(default = "default_workers")]
    pub workers: usize,
    /// The one command that installs the engine, printed when it is missing.
    #[serde(default)]
    pub install: Option<String>,
    /// Its known, explained differences from lawbook, for differential testing.
    #[serde(default)]
    pub known_differences: Vec<KnownDifference>,
    /// xboard engines, rarely needed: what the comments of its result lines
    /// mean, by the comment's words in any case (`"Blocked": dead_position`):
    /// a reason as `lawbook_outcome::Reason` names it, or `unnamed` for a
    /// comment that ends the game without saying how. Read before the
    /// adapter's own reading of a comment by its meaning; the adapter refuses
    /// to start when a value is neither.
    #[serde(default)]
    pub endings: BTreeMap<String, String>,
    /// UCI engines: it plays Chess960 (castling written king takes rook)
    /// though it offers no `UCI_Chess960` option, so Chess960 positions are
    /// asked all the same. Engines that offer the option are asked without it.
    #[serde(default)]
    pub chess960: bool,
    /// JSON-lines engines: check every reply against the protocol's JSON
    /// Schema (`conformance/PROTOCOL.schema.json`, the reply schema of the
    /// request sent); a reply that breaks it is an engine error naming the
    /// request, the place in the reply and what the schema wanted. Off by
    /// default; the other protocols ignore it.
    #[serde(default)]
    pub validate_protocol: bool,
    /// Whether `lawbook check` asks it to move in every scenario's positions
    /// unless told otherwise (`--play`, `--no-play`): true by default; false
    /// for an engine whose search no depth can bound (Phalanx ignores `sd`
    /// and searches by the clock), so that what it plays, and so its
    /// verdicts, would differ from run to run.
    #[serde(default = "yes")]
    pub play: bool,
    /// What is known about the engine, for people reading the registry.
    #[serde(default)]
    pub notes: Option<String>,
}

/// The default of a setting that is on unless the registry says otherwise.
const fn yes() -> bool {
    true
}

impl EngineSpec {
    /// An engine run as `command` with `args` (never through a shell),
    /// named after the program's file name, with the registry's defaults
    /// for everything else: what `lawbook check --uci "PROGRAM ARG..."` builds.
    ///
    /// ```
    /// use lawbook_engines::registry::{EngineSpec, Protocol};
    /// let spec = EngineSpec::program(Protocol::Uci, "/usr/games/stockfish", vec![]);
    /// assert_eq!((spec.name.as_str(), spec.timeout_ms, spec.workers), ("stockfish", 5_000, 1));
    /// ```
    pub fn program(protocol: Protocol, command: &str, args: Vec<String>) -> EngineSpec {
        let name = Path::new(command).file_name().map_or(command.to_string(), |n| n.to_string_lossy().into_owned());
        EngineSpec {
            name,
            protocol,
            command: Some(command.to_string()),
            script: None,
            args,
            options: BTreeMap::new(),
            timeout_ms: default_timeout_ms(),
            workers: default_workers(),
            install: None,
            known_differences: Vec::new(),
            endings: BTreeMap::new(),
            chess960: false,
            validate_protocol: false,
            play: true,
            notes: None,
        }
    }
}

/// The registry file's shape.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryFile {
    engines: Vec<EngineSpec>,
}

/// What is wrong with a registry: the stable part of a [`RegistryError`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RegistryErrorKind {
    /// The file cannot be read (missing, a folder, no permission).
    Unreadable,
    /// The file is not UTF-8 text.
    NotUtf8,
    /// The text is not YAML, or not a mapping with an `engines` list.
    BadYaml,
    /// A key the registry does not know (a misspelling, most likely).
    UnknownField,
    /// A protocol the harness does not speak.
    UnknownProtocol,
    /// A known difference the harness does not know.
    UnknownDifference,
    /// A required key (`name`, `protocol`, `engines`) is missing.
    MissingField,
    /// A value of the wrong type (a list where a number belongs, ...).
    WrongType,
    /// Two engines with one name.
    DuplicateName,
    /// A child-process protocol without a command.
    MissingCommand,
    /// A `timeout_ms` of zero.
    ZeroTimeout,
    /// A `workers` count of zero.
    ZeroWorkers,
    /// No engine of that name in the registry.
    UnknownEngine,
}

impl RegistryErrorKind {
    /// A stable machine name such as `"registry.unknown_field"`, listed in
    /// `conformance/bad-inputs/README.md`.
    pub const fn name(self) -> &'static str {
        match self {
            RegistryErrorKind::Unreadable => "registry.unreadable",
            RegistryErrorKind::NotUtf8 => "registry.not_utf8",
            RegistryErrorKind::BadYaml => "registry.bad_yaml",
            RegistryErrorKind::UnknownField => "registry.unknown_field",
            RegistryErrorKind::UnknownProtocol => "registry.unknown_protocol",
            RegistryErrorKind::UnknownDifference => "registry.unknown_difference",
            RegistryErrorKind::MissingField => "registry.missing_field",
            RegistryErrorKind::WrongType => "registry.wrong_type",
            RegistryErrorKind::DuplicateName => "registry.duplicate_name",
            RegistryErrorKind::MissingCommand => "registry.missing_command",
            RegistryErrorKind::ZeroTimeout => "registry.zero_timeout",
            RegistryErrorKind::ZeroWorkers => "registry.zero_workers",
            RegistryErrorKind::UnknownEngine => "registry.unknown_engine",
        }
    }
}

/// A registry could not be read, or names no such engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistryError {
    /// What kind of problem.
    pub kind: RegistryErrorKind,
    /// The problem in plain words, on one line.
    pub message: String,
}

impl RegistryError {
    fn new(kind: RegistryErrorKind, message: impl Into<String>) -> RegistryError {
        RegistryError { kind, message: message.into() }
    }

    /// The stable machine name of the problem ([`RegistryErrorKind::name`]).
    pub fn kind(&self) -> &'static str {
        self.kind.name()
    }
}

impl std::fmt::Display for RegistryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RegistryError {}

impl From<RegistryError> for String {
    fn from(err: RegistryError) -> String {
        err.message
    }
}

/// Sorts a YAML reader's error by what it says: serde names these cases only
/// in its messages.
fn yaml_kind(message: &str) -> RegistryErrorKind {
    if message.contains("unknown field") {
        RegistryErrorKind::UnknownField
    } else if message.contains("unknown variant") && message.contains("known_differences") {
        RegistryErrorKind::UnknownDifference
    } else if message.contains("unknown variant") {
        RegistryErrorKind::UnknownProtocol
    } else if message.contains("missing field") {
        RegistryErrorKind::MissingField
    } else if message.contains("invalid type") || message.contains("invalid value") {
        RegistryErrorKind::WrongType
    } else {
        RegistryErrorKind::BadYaml
    }
}

/// `message` with every double-quoted text longer than 40 characters cut to
/// its first 40 and `...`.
fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(400));
    for (i, part) in message.split('"').enumerate() {
        if i > 0 {
            out.push('"');
        }
        // Odd parts are inside quotes.
        if i % 2 == 1 && part.chars().count() > 40 {
            out.extend(part.chars().take(40));
            out.push_str("...");
        } else {
            out.push_str(part);
        }
    }
    out
}

/// Reads the registry.
///
/// # Errors
/// A [`RegistryError`] naming the file and the problem: unreadable, not
/// UTF-8, bad YAML, an unknown key or protocol, a missing key, a value of the
/// wrong type, a duplicate name, a process protocol without a command, a
/// zero timeout or worker count.
pub fn read(path: &Path) -> Result<Vec<EngineSpec>, RegistryError> {
    let bytes = std::fs::read(path).map_err(|e| {
        RegistryError::new(RegistryErrorKind::Unreadable, format!("cannot read {}: {e}", path.display()))
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        RegistryError::new(
            RegistryErrorKind::NotUtf8,
            format!("{} is not UTF-8 text (byte {})", path.display(), e.utf8_error().valid_up_to() + 1),
        )
    })?;
    let folder = path.parent().unwrap_or(Path::new(""));
    parse_in(&text, folder).map_err(|e| RegistryError { message: format!("{}: {}", path.display(), e.message), ..e })
}

/// Parses registry text (see [`read`]), its `script`s relative to the
/// current folder.
///
/// # Errors
/// As [`read`], without the file name.
pub fn parse(text: &str) -> Result<Vec<EngineSpec>, RegistryError> {
    parse_in(text, Path::new(""))
}

/// Parses registry text whose `script`s are written relative to `folder`
/// (the registry file's): each becomes a path from there, put before the
/// entry's `args`.
///
/// ```
/// use lawbook_engines::registry::parse_in;
/// let yaml = "engines:\n  - name: js\n    protocol: jsonl\n    command: node\n    script: adapters/a.mjs\n    args: [--quiet]\n";
/// let spec = parse_in(yaml, std::path::Path::new("/opt/lawbook")).unwrap().remove(0);
/// assert_eq!(spec.args, ["/opt/lawbook/adapters/a.mjs", "--quiet"]);
/// ```
///
/// # Errors
/// As [`parse`].
pub fn parse_in(text: &str, folder: &Path) -> Result<Vec<EngineSpec>, RegistryError> {
    let mut specs = parse_entries(text)?;
    for spec in &mut specs {
        if let Some(script) = &mut spec.script {
            *script = folder.join(&*script).to_string_lossy().into_owned();
            spec.args.insert(0, script.clone());
        }
    }
    Ok(specs)
}

fn parse_entries(text: &str) -> Result<Vec<EngineSpec>, RegistryError> {
    let file: RegistryFile = serde_yaml::from_str(text).map_err(|e| {
        let message = e.to_string();
        // One short line: a YAML reader's message may span several lines and
        // quote a whole value.
        let message = shorten_quotes(&message.split_whitespace().collect::<Vec<_>>().join(" "));
        RegistryError::new(yaml_kind(&message), message)
    })?;
    let mut names = BTreeMap::new();
    for spec in &file.engines {
        if names.insert(spec.name.clone(), ()).is_some() {
            return Err(RegistryError::new(
                RegistryErrorKind::DuplicateName,
                format!("the engine name {:?} appears twice", spec.name),
            ));
        }
        let needs_command = spec.protocol.runs_a_program();
        if needs_command && spec.command.as_deref().is_none_or(|c| c.trim().is_empty()) {
            return Err(RegistryError::new(
                RegistryErrorKind::MissingCommand,
                format!("engine {:?}: protocol {:?} needs a command", spec.name, spec.protocol),
            ));
        }
        if spec.timeout_ms == 0 {
            return Err(RegistryError::new(
                RegistryErrorKind::ZeroTimeout,
                format!("engine {:?}: timeout_ms must be at least 1", spec.name),
            ));
        }
        if spec.workers == 0 {
            return Err(RegistryError::new(
                RegistryErrorKind::ZeroWorkers,
                format!("engine {:?}: workers must be at least 1", spec.name),
            ));
        }
    }
    Ok(file.engines)
}

/// A name for reports from what an engine calls itself (`id name`,
/// `myname`, a JSON-lines `hello`'s `engine`): the words before its version
/// (the trailing words with a digit in them, or a `-1.2` at the end of the
/// only word); `fallback` when nothing is left.
///
/// ```
/// use lawbook_engines::registry::name_of;
/// assert_eq!(name_of("Stockfish 17.1", "x"), "Stockfish");
/// assert_eq!(name_of("Sjaak II 1.4.1", "x"), "Sjaak II");
/// assert_eq!(name_of("Crafty-25.2", "x"), "Crafty");
/// assert_eq!(name_of("  ", "sjaakii"), "sjaakii");
/// ```
pub fn name_of(description: &str, fallback: &str) -> String {
    let mut words: Vec<&str> = description.split_whitespace().collect();
    while words.len() > 1 && words.last().is_some_and(|w| w.contains(|c: char| c.is_ascii_digit())) {
        words.pop();
    }
    if let [only] = words.as_mut_slice()
        && let Some(at) = only.find(['-', '_'])
        && only[at + 1..].starts_with(|c: char| c.is_ascii_digit())
        && at > 0
    {
        *only = &only[..at];
    }
    let name = words.join(" ");
    if name.is_empty() || name.chars().any(char::is_control) { fallback.to_string() } else { name }
}

/// The engine named `name` among `specs`.
///
/// # Errors
/// [`RegistryErrorKind::UnknownEngine`], listing the names there are.
pub fn find(specs: &[EngineSpec], name: &str) -> Result<EngineSpec, RegistryError> {
    specs.iter().find(|s| s.name == name).cloned().ok_or_else(|| {
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        let shown: String = name.chars().take(40).collect();
        RegistryError::new(
            RegistryErrorKind::UnknownEngine,
            format!("no engine named {shown:?} in the registry; known: {}", names.join(", ")),
        )
    })
}
