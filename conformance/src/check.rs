//! One engine against the corpus, start to end: what `lawbook check` runs,
//! and through it `cargo xtask conformance`. It reads the scenarios
//! ([`crate::corpus`]), starts the engine once to fail early, runs every
//! part with a progress bar, and compares the verdicts with the engine's
//! expectations ([`crate::expectations`]).
//!
//! ```no_run
//! use lawbook_conformance::check::{self, Check};
//! use lawbook_conformance::corpus::Source;
//! use lawbook_engines::registry::{EngineSpec, Protocol};
//!
//! let spec = EngineSpec::program(Protocol::Uci, "stockfish", vec![]);
//! let run = check::run(&Check { spec, sources: vec![Source::Embedded], ..Check::default() })?;
//! let judged = check::judge(run, None);
//! println!("{}", judged.closing_line());
//! # Ok::<(), String>(())
//! ```

use crate::corpus::{self, Source};
use crate::expectations::{self, Expectations};
use crate::records::{EngineRun, Unexpected, Verdict};
use crate::report;
use crate::{EngineChoice, RunOptions};
use lawbook_engines::registry::{self, EngineSpec};
use lawbook_engines::{adapters, pool::Pool};
use std::path::Path;

/// The registry built into the library: `conformance/engines.yaml` as it was
/// when the library was built. Its scripts are read from where the package
/// was built; where they are not, their engines are missing.
pub const BUILT_IN_REGISTRY: &str = include_str!("../engines.yaml");

/// The engines of the built-in registry.
///
/// # Errors
/// Never for a library that passed its tests; the registry's own error otherwise.
pub fn built_in_registry() -> Result<Vec<EngineSpec>, registry::RegistryError> {
    // Its scripts (the JSON-lines adapters) are in the package's folder.
    registry::parse_in(BUILT_IN_REGISTRY, Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// What to run.
#[derive(Clone, Debug)]
pub struct Check {
    /// The engine under test.
    pub spec: EngineSpec,
    /// The scenarios, in order ([`corpus::parts`]).
    pub sources: Vec<Source>,
    /// Only the scenarios this tag expression selects.
    pub tags: Option<String>,
    /// Show a progress bar on standard error when it is a terminal.
    pub progress: bool,
    /// Print cucumber's account of every step on standard output.
    pub print_steps: bool,
    /// Name the engine by what it calls itself ([`registry::name_of`] its
    /// version line) instead of by `spec.name`: for a program named on the
    /// command line, which no registry entry names.
    pub name_from_engine: bool,
    /// Ask the engine to move in every scenario's positions within this
    /// limit, and judge what it plays ([`crate::play`]); `None`: not asked.
    pub play: Option<lawbook_engines::SearchLimit>,
}

impl Default for Check {
    fn default() -> Check {
        Check {
            spec: EngineSpec::program(registry::Protocol::Builtin, "lawbook", Vec::new()),
            sources: vec![Source::Embedded],
            tags: None,
            progress: false,
            print_steps: false,
            name_from_engine: false,
            play: Some(lawbook_engines::SearchLimit::default()),
        }
    }
}

/// What chose the scenarios when it was not the whole built-in corpus: the
/// tag expression, the folders added or run instead. A run's counts of
/// unsupported scenarios are held to its expectations only without one.
fn selection(check: &Check) -> Option<String> {
    let mut said = Vec::new();
    if let Some(tags) = &check.tags {
        said.push(tags.clone());
    }
    if !check.sources.contains(&Source::Embedded) {
        said.push("without the built-in corpus".to_string());
    }
    for source in &check.sources {
        if let Source::Folder(folder) = source {
            said.push(format!("scenarios from {}", folder.display()));
        }
    }
    (!said.is_empty()).then(|| said.join("; "))
}

/// Runs the scenarios against the engine and returns every verdict.
///
/// # Errors
/// One line when the run cannot start: a folder or feature file that
/// cannot be read, a tag expression that cannot be read or selects nothing,
/// or an engine that cannot be started at all (with how to install it).
pub fn run(check: &Check) -> Result<EngineRun, String> {
    let parts = corpus::parts(&check.sources)?;
    let total = crate::count_selected(&parts, check.tags.as_deref())?;
    if total == 0 {
        let labels: Vec<&str> = parts.iter().map(|p| p.label.as_str()).collect();
        return Err(match &check.tags {
            Some(tags) => format!("the tag expression {tags:?} selects no scenario in {}", labels.join(", ")),
            None => format!("{} holds no scenario to run", labels.join(", ")),
        });
    }
    let mut spec = check.spec.clone();
    // Fail early, with the install command, if the engine cannot start at all.
    let first = adapters::build(&spec).map_err(|e| format!("cannot start the engine {}: {e}", spec.name))?;
    let said = first.version();
    // An engine that names nothing is given its program's path for a version.
    let named_itself = Path::new(&said).file_name().is_none_or(|file| file.to_string_lossy() != spec.name);
    if check.name_from_engine && named_itself {
        spec.name = registry::name_of(&said, &spec.name);
    }
    // The engines belong to this run: when it ends, the pool and every
    // scenario's handle on it are dropped, and each engine process with them.
    // The first engine only shows that it starts (a fault injected into a
    // run's engines must not end the run before any verdict).
    drop(first);
    let pool = Pool::new(spec.clone());
    let engine = EngineChoice::new(move || pool.checkout());
    let bar = check.progress.then(|| progress_bar(total as u64));
    let mut run = EngineRun {
        engine: spec.name.clone(),
        engine_answers: Some(0),
        selection: selection(check),
        ..EngineRun::default()
    };
    for part in &parts {
        if crate::count_selected(std::slice::from_ref(part), check.tags.as_deref())? == 0 {
            continue;
        }
        let options = RunOptions {
            engine: engine.clone(),
            tags: check.tags.clone(),
            concurrency: Some(spec.workers.max(1)),
            print_steps: check.print_steps,
            progress: bar.clone(),
            play: check.play,
            ..RunOptions::default()
        };
        let part = crate::run_corpus(part, &options)?;
        if !part.version.is_empty() {
            run.version = part.version;
        }
        if run.capabilities.is_empty() {
            run.capabilities = part.capabilities;
        }
        run.play = run.play.or(part.play);
        run.wall_ms += part.wall_ms;
        run.engine_us += part.engine_us;
        run.engine_faults += part.engine_faults;
        for (kind, n) in part.faults {
            *run.faults.entry(kind).or_insert(0) += n;
        }
        run.engine_answers = Some(run.engine_answers.unwrap_or(0) + part.engine_answers.unwrap_or(0));
        run.scenarios.extend(part.scenarios);
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(run)
}

/// A bar on standard error (drawn only when it is a terminal): scenarios
/// done of all, and the feature of the last one.
fn progress_bar(total: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(Some(total), indicatif::ProgressDrawTarget::stderr());
    let style = indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} scenarios ({elapsed}) {wide_msg}")
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// A run judged against what was expected of it.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The run, with its unexpected verdicts and the version they were expected of.
    pub run: EngineRun,
    /// Of the expected verdicts seen with another version than this run's:
    /// how many the run confirms, and the ones it does not (with the version
    /// each was seen with). `None` without expectations.
    pub confirmation: Option<(usize, Vec<(String, String)>)>,
}

impl Judged {
    /// The verdicts that differ from the expectations (with none: every failure and error).
    pub fn unexpected(&self) -> &[Unexpected] {
        &self.run.unexpected
    }

    /// `N passed, N failed, N unsupported, N error`, exactly: the last line
    /// `lawbook check` prints, for scripts to read.
    pub fn closing_line(&self) -> String {
        let counts = self.run.counts();
        let count = |v: Verdict| counts.get(&v).copied().unwrap_or(0);
        format!(
            "{} passed, {} failed, {} unsupported, {} error",
            count(Verdict::Passed),
            count(Verdict::Failed),
            count(Verdict::Unsupported),
            count(Verdict::Error),
        )
    }

    /// The engine, as it names itself, and how long the run took:
    /// `stockfish (Stockfish 15.1), 375 scenarios in 0.9 s`.
    pub fn summary_line(&self) -> String {
        let run = &self.run;
        let version = if run.version.is_empty() { String::new() } else { format!(" ({})", run.version) };
        format!("{}{version}, {} scenarios in {:.1} s", run.engine, run.scenarios.len(), run.wall_ms as f64 / 1000.0)
    }

    /// Why the run checked nothing, if the engine answered no question at
    /// all (every scenario unsupported, or ended in errors): one line, for a
    /// run that must not count as a pass.
    pub fn checked_nothing(&self) -> Option<String> {
        let run = &self.run;
        (run.engine_answers == Some(0)).then(|| {
            format!(
                "{} answered none of the questions of {} scenarios: nothing was checked (see the report's messages; \
                 for a JSON-lines engine, its hello reply)",
                run.engine,
                run.scenarios.len()
            )
        })
    }

    /// Whether every verdict is the one expected.
    pub fn as_expected(&self) -> bool {
        self.run.unexpected.is_empty()
    }

    /// Lines worth a reader's attention besides the unexpected verdicts: a
    /// version other than the expectations', an engine that answered nothing.
    pub fn notes(&self) -> Vec<String> {
        let run = &self.run;
        let mut notes = Vec::new();
        if let Some(seen) = run.expected_version.as_deref().filter(|v| *v != run.version) {
            notes.push(format!("the expectations were seen with {seen}; this run is of {}", run.version));
        }
        if let Some(confirmation) = &self.confirmation {
            let (confirmed, not_confirmed) = confirmation;
            if *confirmed > 0 || !not_confirmed.is_empty() {
                notes.push(format!(
                    "{} confirms {confirmed} of the {} expected verdicts seen with another version{}",
                    run.version,
                    confirmed + not_confirmed.len(),
                    if not_confirmed.is_empty() { "" } else { "; not confirmed:" }
                ));
                for (id, seen) in not_confirmed {
                    notes.push(format!("  not confirmed (seen with {seen}): {id}"));
                }
            }
        }
        if !run.scenarios.is_empty() && run.scenarios.iter().all(|r| r.verdict == Verdict::Error) {
            let first = run.scenarios.first().and_then(|r| r.message.as_deref()).unwrap_or("");
            notes.push(format!(
                "{} could not answer at all: every scenario ended in an engine error ({})",
                run.engine,
                first.lines().next().unwrap_or("")
            ));
        }
        notes
    }
}

/// Compares `run` with `expected` (with `None`, every failure and error is unexpected).
pub fn judge(mut run: EngineRun, expected: Option<&Expectations>) -> Judged {
    run.unexpected = expectations::compare(&run, expected);
    run.expected_version = expected.map(|e| e.version.clone());
    let confirmation = expected.map(|e| e.confirmation(&run));
    Judged { run, confirmation }
}

/// Reads an expectations file.
///
/// # Errors
/// One line naming the file when it cannot be read or is not in the format.
pub fn read_expectations(path: &Path) -> Result<Expectations, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Expectations::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes the run's verdicts other than `passed` as expectations to `path`,
/// keeping what a file already there says of a scenario with the same verdict.
///
/// # Errors
/// One line naming the file when it cannot be read back or written.
pub fn write_expectations(run: &EngineRun, path: &Path) -> Result<(), String> {
    let previous = match std::fs::read_to_string(path) {
        Ok(text) => Some(Expectations::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?),
        Err(_) => None,
    };
    let yaml = Expectations::of_run(run, previous.as_ref()).to_yaml()?;
    write_file(path, &yaml)
}

/// Writes `index.html`, `junit.xml` and `summary.json` for `runs` to `dir`.
///
/// # Errors
/// One line naming the file that cannot be written.
pub fn write_reports(dir: &Path, runs: &[EngineRun]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    write_file(&dir.join("junit.xml"), &report::junit(runs))?;
    write_file(&dir.join("summary.json"), &report::summary_json(runs))?;
    write_file(&dir.join("index.html"), &report::html(runs))
}

/// Writes the run as JSON (what `lawbook-conformance report` combines).
///
/// # Errors
/// One line naming the file that cannot be written.
pub fn write_run(path: &Path, run: &EngineRun) -> Result<(), String> {
    let text = serde_json::to_string(run).map_err(|e| e.to_string())?;
    write_file(path, &text)
}

/// Writes `text` to `path` whole or not at all: to a file beside it first,
/// then renamed over it, its folder made if need be.
pub(crate) fn write_file(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let partial = path.with_file_name(format!(".{name}.partial"));
    std::fs::write(&partial, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    std::fs::rename(&partial, path).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        format!("cannot write {}: {e}", path.display())
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::records::Verdict;

    /// A JSON-lines engine in a shell script (`tests/fakes/nomoves.sh`) that
    /// lists no legal moves anywhere.
    fn no_moves_engine() -> EngineSpec {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fakes/nomoves.sh");
        EngineSpec::program(registry::Protocol::Jsonl, "sh", vec![script.to_string_lossy().into_owned()])
    }

    #[test]
    fn the_game_is_chess960_holds_across_a_fen_in_either_order() {
        let dir = std::env::temp_dir().join(format!("lawbook-chess960-fen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        // Under Chess960 rules castling is written as the king taking its rook: e1h1, never e1g1.
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let feature = format!(
            "Feature: Chess960 and a FEN\n  Scenario: Chess960 first\n    Given the game is Chess960\n    \
             And the position {fen}\n    Then e1h1 is legal\n  Scenario: The FEN first\n    \
             Given the position {fen}\n    And the game is Chess960\n    Then e1h1 is legal\n"
        );
        std::fs::write(dir.join("chess960.feature"), feature).expect("a feature file");
        let run =
            run(&Check { sources: vec![Source::Folder(dir.clone())], ..Check::default() }).expect("the run starts");
        let _ = std::fs::remove_dir_all(&dir);
        let verdicts: Vec<(String, Verdict)> = run.scenarios.iter().map(|s| (s.scenario.clone(), s.verdict)).collect();
        assert_eq!(verdicts.len(), 2);
        assert!(verdicts.iter().all(|(_, v)| *v == Verdict::Passed), "{verdicts:?}");
    }

    #[test]
    fn two_runs_in_one_process_each_ask_their_own_engine() {
        let tags = Some("@CASTLE-11".to_string());
        let built_in = Check { tags: tags.clone(), ..Check::default() };
        let other = Check { spec: no_moves_engine(), tags, name_from_engine: true, ..Check::default() };
        for check in [&built_in, &other, &built_in] {
            let run = run(check).expect("the run starts");
            let verdicts: Vec<Verdict> = run.scenarios.iter().map(|s| s.verdict).collect();
            assert!(!verdicts.is_empty());
            if check.spec.name == "lawbook" {
                assert_eq!(run.engine, "lawbook");
                assert!(verdicts.iter().all(|v| *v == Verdict::Passed), "{verdicts:?}");
            } else {
                assert_eq!(run.engine, "nomoves", "named as it calls itself");
                assert!(verdicts.contains(&Verdict::Failed), "{verdicts:?}");
            }
            assert!(run.engine_answers.is_some_and(|n| n > 0));
        }
    }

    #[test]
    fn a_run_says_what_chose_its_scenarios_unless_it_is_the_whole_corpus() {
        assert_eq!(selection(&Check::default()), None);
        let tagged = Check { tags: Some("@castling".into()), ..Check::default() };
        assert_eq!(selection(&tagged).as_deref(), Some("@castling"));
        let added = Check { sources: vec![Source::Embedded, Source::Folder("mine".into())], ..Check::default() };
        assert_eq!(selection(&added).as_deref(), Some("scenarios from mine"));
        let only = Check { sources: vec![Source::Folder("mine".into())], ..Check::default() };
        assert_eq!(selection(&only).as_deref(), Some("without the built-in corpus; scenarios from mine"));
    }
}
