//! The lawbook conformance harness: runs the rule corpus in `features/`
//! (Gherkin, one file per area of the laws) against a chess engine or rules
//! library, asking it only through the [`lawbook_engines::Engine`] trait
//! ([`ask`]).
//!
//! The expected answers come from the feature files and the committed
//! snapshots of legal move lists (`conformance/snapshots/`), never from the
//! built-in engine at run time.
#![deny(missing_docs)]

pub mod ask;
pub mod catalogue;
pub mod differential;
pub mod mutants;
pub mod report;
pub mod snapshots;
mod steps;
pub mod world;

pub use world::ChessWorld;

/// How to run the corpus.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// A Gherkin tag expression (`@CASTLE-11`, `@fide-3.8.2.2 and not @faq`);
    /// only matching scenarios run. `@wip` scenarios never run.
    pub tags: Option<String>,
    /// Parse cucumber's own command-line options (the `cargo test` target
    /// does, so `-- --name ...` works); a program with its own options does not.
    pub cucumber_cli: bool,
    /// How many scenarios run at once (cucumber's default when `None`).
    pub concurrency: Option<usize>,
    /// The folder of pinned move lists for these scenarios (the corpus's
    /// own, `conformance/snapshots/`, when `None`).
    pub snapshots: Option<std::path::PathBuf>,
}

/// The source quotes (`# sv (000): "..."`) written above the scenario at `line` of `path`.
fn quotes_above(path: Option<&std::path::Path>, line: usize) -> Vec<String> {
    let Some(text) = path.and_then(|p| std::fs::read_to_string(p).ok()) else { return Vec::new() };
    let lines: Vec<&str> = text.lines().collect();
    let mut quotes = Vec::new();
    // An outline's example row: go up to its `Scenario Outline:` line first.
    let mut i = line.saturating_sub(1).min(lines.len());
    while i > 0 && !lines.get(i).is_some_and(|l| l.trim_start().starts_with("Scenario")) {
        i -= 1;
    }
    while i > 0 {
        i -= 1;
        let l = lines.get(i).map_or("", |l| l.trim());
        if l.starts_with('#') {
            quotes.push(l.trim_start_matches('#').trim().to_string());
        } else if !l.starts_with('@') {
            break;
        }
    }
    quotes.reverse();
    quotes
}

/// Runs the corpus in `features` against the engine chosen with
/// [`world::set_engine`] (the built-in one by default) and returns every
/// scenario's verdict. Prints cucumber's report as it goes.
///
/// # Errors
/// A message when the tag expression cannot be read, when the feature files
/// cannot be read, or when no scenario is run (an empty folder, or a tag
/// expression that selects none: never a green run of nothing).
pub fn run_corpus(features: &std::path::Path, options: &RunOptions) -> Result<report::EngineRun, String> {
    use cucumber::World as _;
    use cucumber::tag::Ext as _;
    use std::sync::{Arc, Mutex};

    let filter: Option<cucumber::gherkin::tagexpr::TagOperation> = match &options.tags {
        Some(text) => Some(text.parse().map_err(|e| format!("cannot read the tag expression {text:?}: {e}"))?),
        None => None,
    };
    snapshots::set_directory(options.snapshots.clone().unwrap_or_else(snapshots::corpus_directory));
    let records: Arc<Mutex<Vec<report::ScenarioRecord>>> = Arc::default();
    let after_records = Arc::clone(&records);
    let engine_name: Arc<Mutex<String>> = Arc::default();
    let after_engine = Arc::clone(&engine_name);
    let started = std::time::Instant::now();
    let engine_before = lawbook_engines::engine_time();
    let mut cucumber = ChessWorld::cucumber()
        .fail_on_skipped()
        .max_concurrent_scenarios(options.concurrency)
        .before(|feature, _rule, scenario, world| {
            world.feature = feature.name.clone();
            world.scenario = scenario.name.clone();
            world.outline_row = !scenario.examples.is_empty();
            Box::pin(async {})
        })
        .after(move |feature, rule, scenario, finished, world| {
            use cucumber::event::ScenarioFinished;
            let (verdict, message) = match finished {
                ScenarioFinished::StepPassed => (report::Verdict::Passed, None),
                ScenarioFinished::StepSkipped => (report::Verdict::Failed, Some("a step was skipped".to_string())),
                ScenarioFinished::BeforeHookFailed(_) => {
                    (report::Verdict::Error, Some("the set-up hook failed".to_string()))
                }
                ScenarioFinished::StepFailed(_, _, error) => {
                    let message = error.to_string().replace("Step panicked. Captured output: ", "");
                    (report::Verdict::of_failure(&message), Some(message))
                }
            };
            let (fen, last_move) = match world {
                Some(world) => {
                    if let Ok(mut name) = after_engine.lock()
                        && name.is_empty()
                    {
                        *name = world.engine.name().to_string();
                    }
                    let game = world.game_so_far();
                    let fen = game.map(|g| lawbook_notation::fen::write(g.current()));
                    let last = game.and_then(|g| g.last_move()).map(|(pos, mv)| lawbook_notation::uci::write(pos, mv));
                    (fen, last)
                }
                None => (None, None),
            };
            let mut tags: Vec<String> = feature.tags.clone();
            if let Some(rule) = rule {
                tags.extend(rule.tags.iter().cloned());
            }
            tags.extend(scenario.tags.iter().cloned());
            let path = feature.path.as_deref();
            let record = report::ScenarioRecord {
                feature: feature.name.clone(),
                rule: rule.map(|r| r.name.clone()),
                scenario: scenario.name.clone(),
                tags,
                location: format!(
                    "{}:{}",
                    path.and_then(|p| p.file_name()).map_or(String::new(), |f| f.to_string_lossy().into_owned()),
                    scenario.position.line
                ),
                quotes: quotes_above(path, scenario.position.line),
                verdict,
                message,
                fen,
                last_move,
            };
            if let Ok(mut r) = after_records.lock() {
                r.push(record);
            }
            Box::pin(async {})
        });
    if !options.cucumber_cli {
        cucumber = cucumber.with_cli(cucumber::cli::Opts::default());
    }
    let run = cucumber.filter_run(features.to_path_buf(), move |feature, rule, scenario| {
        let mut tags: Vec<&String> = feature.tags.iter().collect();
        if let Some(rule) = rule {
            tags.extend(rule.tags.iter());
        }
        tags.extend(scenario.tags.iter());
        !tags.iter().any(|t| *t == "wip") && filter.as_ref().is_none_or(|f| f.eval(tags.iter()))
    });
    let writer = futures::executor::block_on(run);
    use cucumber::writer::Stats as _;
    let mut scenarios = records.lock().map(|r| r.clone()).unwrap_or_default();
    if writer.parsing_errors() > 0 {
        return Err(format!("{} feature files could not be read", writer.parsing_errors()));
    }
    if scenarios.is_empty() {
        return Err(match &options.tags {
            Some(tags) => format!("the tag expression {tags:?} selects no scenario in {}", features.display()),
            None => format!("{} holds no scenario to run", features.display()),
        });
    }
    scenarios.sort_by(|a, b| (&a.feature, &a.location).cmp(&(&b.feature, &b.location)));
    let engine = engine_name.lock().map(|n| n.clone()).unwrap_or_default();
    let wall_ms = started.elapsed().as_millis() as u64;
    let engine_us = lawbook_engines::engine_time().saturating_sub(engine_before).as_micros() as u64;
    Ok(report::EngineRun { engine, wall_ms, engine_us, scenarios })
}

/// Runs the corpus against the chosen engine as part of `cargo test`: prints
/// a summary per feature and exits non-zero when any scenario does not pass.
/// With `LAWBOOK_FAILED_LIST` set, writes the names of the scenarios that did
/// not pass to that file (used by `cargo xtask corpus-mutants`).
pub fn run(features: &std::path::Path) {
    let options = RunOptions { cucumber_cli: true, ..RunOptions::default() };
    let run = match run_corpus(features, &options) {
        Ok(run) => run,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    println!(
        "\nScenarios per feature (passed/failed/unsupported/error):\n{}",
        report::table(std::slice::from_ref(&run))
    );
    let not_passed: Vec<String> = run
        .scenarios
        .iter()
        .filter(|r| r.verdict != report::Verdict::Passed)
        .map(|r| format!("{}: {}", r.feature, r.scenario))
        .collect();
    if let Ok(path) = std::env::var("LAWBOOK_FAILED_LIST") {
        let _ = std::fs::write(path, not_passed.join("\n"));
    }
    if !not_passed.is_empty() {
        eprintln!("the rule corpus has {} scenarios that did not pass", not_passed.len());
        std::process::exit(1);
    }
}
