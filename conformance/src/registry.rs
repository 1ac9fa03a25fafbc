//! The engine registry: `conformance/engines.yaml` names every engine the
//! harness can check, with how to start it and how long to wait for it.

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
    /// Arguments, passed as a list (never through a shell).
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
    /// What is known about the engine, for people reading the registry.
    #[serde(default)]
    pub notes: Option<String>,
}

/// The registry file's shape.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryFile {
    engines: Vec<EngineSpec>,
}

/// Reads the registry.
///
/// # Errors
/// A message naming the file and the problem: unreadable, bad YAML, an
/// unknown key or protocol, a duplicate name, a process protocol without a
/// command, a zero timeout or worker count.
pub fn read(path: &Path) -> Result<Vec<EngineSpec>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Parses registry text (see [`read`]).
///
/// # Errors
/// As [`read`], without the file name.
pub fn parse(text: &str) -> Result<Vec<EngineSpec>, String> {
    let file: RegistryFile = serde_yaml::from_str(text).map_err(|e| e.to_string())?;
    let mut names = BTreeMap::new();
    for spec in &file.engines {
        if names.insert(spec.name.clone(), ()).is_some() {
            return Err(format!("the engine name {:?} appears twice", spec.name));
        }
        let needs_command = matches!(spec.protocol, Protocol::Uci | Protocol::Xboard | Protocol::Jsonl);
        if needs_command && spec.command.as_deref().is_none_or(str::is_empty) {
            return Err(format!("engine {:?}: protocol {:?} needs a command", spec.name, spec.protocol));
        }
        if spec.timeout_ms == 0 || spec.workers == 0 {
            return Err(format!("engine {:?}: timeout_ms and workers must be at least 1", spec.name));
        }
    }
    Ok(file.engines)
}

/// Finds a program on PATH or in `/usr/games` (where Debian puts chess engines).
pub fn locate(command: &str) -> Option<std::path::PathBuf> {
    let candidate = Path::new(command);
    if candidate.components().count() > 1 {
        return candidate.is_file().then(|| candidate.to_path_buf());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([std::path::PathBuf::from("/usr/games")])
        .map(|dir| dir.join(command))
        .find(|p| p.is_file())
}

/// The program a child-process engine runs, found on PATH or in `/usr/games`.
///
/// # Errors
/// [`crate::EngineError::Failed`] when the spec has no command or the program
/// is not installed; the message names the spec's `install` command.
pub fn program(spec: &EngineSpec) -> Result<String, crate::EngineError> {
    let command = spec.command.as_deref().filter(|c| !c.is_empty()).ok_or_else(|| {
        crate::EngineError::Failed(format!("engine {:?}: protocol {:?} needs a command", spec.name, spec.protocol))
    })?;
    match locate(command) {
        Some(path) => Ok(path.to_string_lossy().into_owned()),
        None => {
            let how = match spec.install.as_deref() {
                Some(install) => format!("install it with: {install}"),
                None => "the registry names no install command for it".to_string(),
            };
            Err(crate::EngineError::Failed(format!(
                "engine {:?}: the program {command:?} is not installed (not on PATH or in /usr/games); {how}",
                spec.name
            )))
        }
    }
}

/// Starts the engine `spec` names, ready to be asked.
///
/// # Errors
/// [`crate::EngineError::Failed`] when the program is missing (the message
/// names the spec's `install` command), cannot be started or does not answer
/// its handshake, and for shakmaty and cozy-chess in a build without the
/// `peers` feature.
pub fn build(spec: &EngineSpec) -> Result<Box<dyn crate::Engine>, crate::EngineError> {
    use crate::adapters::{jsonl::JsonlEngine, uci::UciEngine, xboard::XboardEngine};
    match spec.protocol {
        Protocol::Builtin => Ok(Box::new(crate::BuiltIn)),
        Protocol::Uci => Ok(Box::new(UciEngine::spawn(spec)?)),
        Protocol::Xboard => Ok(Box::new(XboardEngine::spawn(spec)?)),
        Protocol::Jsonl => {
            // Name the install command when the program is missing, whatever the adapter says.
            program(spec)?;
            Ok(Box::new(JsonlEngine::spawn(spec)?))
        }
        Protocol::Shakmaty | Protocol::CozyChess => peer(spec),
    }
}

/// shakmaty or cozy-chess, in process.
#[cfg(feature = "peers")]
fn peer(spec: &EngineSpec) -> Result<Box<dyn crate::Engine>, crate::EngineError> {
    use crate::adapters::peers::{CozyChess, Shakmaty};
    Ok(match spec.protocol {
        Protocol::CozyChess => Box::new(CozyChess::default()),
        _ => Box::new(Shakmaty::default()),
    })
}

/// shakmaty or cozy-chess, which this build leaves out.
#[cfg(not(feature = "peers"))]
fn peer(spec: &EngineSpec) -> Result<Box<dyn crate::Engine>, crate::EngineError> {
    Err(crate::EngineError::Failed(format!(
        "engine {:?} ({:?}) runs in process only in a build with the `peers` feature: \
         build lawbook-conformance with `--features peers`",
        spec.name, spec.protocol
    )))
}
