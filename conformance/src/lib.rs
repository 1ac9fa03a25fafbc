//! The lawbook conformance harness: runs the rule corpus in `features/`
//! (Gherkin, one file per area of the laws) against a chess engine or rules
//! library, asking it only through the [`lawbook_engines::Engine`] trait
//! ([`ask`]).
//!
//! The expected answers come from the feature files and the committed
//! snapshots of legal move lists (`features/snapshots/`), never from the
//! built-in engine at run time.
#![deny(missing_docs)]

pub mod ask;
pub mod catalogue;
pub mod check;
pub mod corpus;
pub mod expectations;
pub mod laws;
pub mod mutants;
pub mod page;
pub mod play;
pub mod records;
pub mod report;
pub mod rulebook;
pub mod snapshots;
pub mod step_log;
mod steps;
pub mod world;

pub use world::ChessWorld;

/// Makes the engine a scenario asks: the run calls it once for each
/// scenario (a handle on a [`lawbook_engines::pool::Pool`], a mutant, the
/// built-in engine). The engines it makes belong to the run and end with it.
#[derive(Clone)]
pub struct EngineChoice(std::sync::Arc<dyn Fn() -> Box<dyn lawbook_engines::Engine> + Send + Sync>);

impl EngineChoice {
    /// The engines `make` makes.
    pub fn new(make: impl Fn() -> Box<dyn lawbook_engines::Engine> + Send + Sync + 'static) -> EngineChoice {
        EngineChoice(std::sync::Arc::new(make))
    }

    /// lawbook's own rules ([`lawbook_engines::BuiltIn`]).
    pub fn built_in() -> EngineChoice {
        EngineChoice::new(|| Box::new(lawbook_engines::BuiltIn))
    }

    fn make(&self) -> Box<dyn lawbook_engines::Engine> {
        (self.0)()
    }
}

impl Default for EngineChoice {
    fn default() -> EngineChoice {
        EngineChoice::built_in()
    }
}

impl std::fmt::Debug for EngineChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EngineChoice(..)")
    }
}

/// How to run the corpus.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// The engine every scenario asks (the built-in one by default).
    pub engine: EngineChoice,
    /// A Gherkin tag expression (`@CASTLE-11`, `@fide-3.8.2.2 and not @faq`);
    /// only matching scenarios run. `@wip` scenarios never run.
    pub tags: Option<String>,
    /// Parse cucumber's own command-line options (the `cargo test` target
    /// does, so `-- --name ...` works); a program with its own options does not.
    pub cucumber_cli: bool,
    /// How many scenarios run at once (cucumber's default when `None`).
    pub concurrency: Option<usize>,
    /// Print cucumber's own account of every step on standard output.
    pub print_steps: bool,
    /// Check the built-in engine's pinned lists through insta, which writes
    /// a `.snap.new` to review where one differs (a checkout's own test run,
    /// with the pins in a folder).
    pub review_pins: bool,
    /// A progress bar, advanced by one as each scenario ends and showing its feature.
    pub progress: Option<indicatif::ProgressBar>,
    /// Ask the engine to move, within this limit, in every position each
    /// scenario set up or stood in, and judge what it plays ([`play`]);
    /// `None`: not asked.
    pub play: Option<lawbook_engines::SearchLimit>,
}

/// The source quotes (`# sv (000): "..."`) written above the scenario at `line` of `text`.
fn quotes_above(text: &str, line: usize) -> Vec<String> {
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

type TagFilter = cucumber::gherkin::tagexpr::TagOperation;

/// Reads a tag expression.
fn tag_filter(tags: Option<&str>) -> Result<Option<TagFilter>, String> {
    match tags {
        Some(text) => Ok(Some(text.parse().map_err(|e| format!("cannot read the tag expression {text:?}: {e}"))?)),
        None => Ok(None),
    }
}

/// Whether a scenario runs: it is not `@wip` and it matches the tag expression.
fn selected(
    filter: Option<&TagFilter>,
    feature: &cucumber::gherkin::Feature,
    rule: Option<&cucumber::gherkin::Rule>,
    scenario: &cucumber::gherkin::Scenario,
) -> bool {
    use cucumber::tag::Ext as _;
    let mut tags: Vec<&String> = feature.tags.iter().collect();
    if let Some(rule) = rule {
        tags.extend(rule.tags.iter());
    }
    tags.extend(scenario.tags.iter());
    !tags.iter().any(|t| *t == "wip") && filter.is_none_or(|f| f.eval(tags.iter()))
}

/// The feature files of `part` read as Gherkin, each outline's example rows
/// made scenarios of their own.
///
/// # Errors
/// One line naming the file, the line and column, and what was expected there.
pub fn parse(part: &corpus::Part) -> Result<Vec<cucumber::gherkin::Feature>, String> {
    use cucumber::feature::Ext as _;
    let mut features = Vec::new();
    for file in &part.files {
        let mut feature = cucumber::gherkin::Feature::parse(&file.text, cucumber::gherkin::GherkinEnv::default())
            .map_err(|e| {
                // gherkin says `Error at LINE:COL: {expected tokens}`.
                let text = e.to_string();
                let (place, expected) = text.trim_start_matches("Error at ").split_once(": ").unwrap_or(("", &text));
                format!(
                    "{}:{place}: this is not Gherkin the corpus can read (expected one of {expected})",
                    file.path.display()
                )
            })?;
        feature.path = Some(file.path.clone());
        features.push(feature.expand_examples().map_err(|e| format!("{}: {e}", file.path.display()))?);
    }
    Ok(features)
}

/// How many scenarios of `parts` the tag expression selects (`@wip` never).
///
/// # Errors
/// A tag expression or a feature file that cannot be read.
pub fn count_selected(parts: &[corpus::Part], tags: Option<&str>) -> Result<usize, String> {
    let filter = tag_filter(tags)?;
    let mut count = 0;
    for part in parts {
        for feature in parse(part)? {
            let direct = feature.scenarios.iter().filter(|s| selected(filter.as_ref(), &feature, None, s)).count();
            let in_rules: usize = feature
                .rules
                .iter()
                .map(|r| r.scenarios.iter().filter(|s| selected(filter.as_ref(), &feature, Some(r), s)).count())
                .sum();
            count += direct + in_rules;
        }
    }
    Ok(count)
}

/// Standard output until its reader goes away (`lawbook check --verbose |
/// head`): from then on the account of the steps is dropped, not a panic.
#[derive(Default)]
struct UntilClosed {
    closed: bool,
}

impl std::io::Write for UntilClosed {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if !self.closed {
            match std::io::stdout().write(bytes) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => self.closed = true,
                other => return other,
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match std::io::stdout().flush() {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

/// Hands cucumber features already read (by [`parse`]).
struct Given;

impl cucumber::Parser<Vec<cucumber::gherkin::Feature>> for Given {
    type Cli = cucumber::cli::Empty;
    type Output = futures::stream::Iter<std::vec::IntoIter<cucumber::parser::Result<cucumber::gherkin::Feature>>>;

    fn parse(self, input: Vec<cucumber::gherkin::Feature>, _: Self::Cli) -> Self::Output {
        futures::stream::iter(input.into_iter().map(Ok).collect::<Vec<_>>())
    }
}

/// Runs the scenarios of `part` against the engine chosen with
/// [`world::set_engine`] (the built-in one by default) and returns every
/// scenario's verdict.
///
/// # Errors
/// A message when the tag expression or a feature file cannot be read, or
/// when no scenario is run (an empty folder, or a tag expression that
/// selects none: never a green run of nothing).
pub fn run_corpus(part: &corpus::Part, options: &RunOptions) -> Result<records::EngineRun, String> {
    use cucumber::World as _;
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex};

    let filter = tag_filter(options.tags.as_deref())?;
    let features = parse(part)?;
    let texts: HashMap<std::path::PathBuf, String> =
        part.files.iter().map(|f| (f.path.clone(), f.text.clone())).collect();
    let pinned = snapshots::Pinned { pins: part.pins.clone(), review: options.review_pins };
    let engine = options.engine.clone();
    let tally = lawbook_engines::Tally::default();
    let run_tally = tally.clone();
    type Finished = (step_log::ScenarioKey, records::ScenarioRecord, Option<world::Halt>, Vec<usize>);
    let records: Arc<Mutex<Vec<Finished>>> = Arc::default();
    let step_log = step_log::StepLog::default();
    let after_records = Arc::clone(&records);
    let engine_name: Arc<Mutex<(String, String, Vec<lawbook_engines::Capability>)>> = Arc::default();
    let after_engine = Arc::clone(&engine_name);
    let progress = options.progress.clone();
    let play_limit = options.play;
    let started = std::time::Instant::now();
    use cucumber::WriterExt as _;
    let out: Box<dyn std::io::Write + Send> =
        if options.print_steps { Box::new(UntilClosed::default()) } else { Box::new(std::io::sink()) };
    let mut cucumber = ChessWorld::cucumber::<std::path::PathBuf>()
        .with_parser::<_, Vec<cucumber::gherkin::Feature>>(Given)
        .with_writer(
            cucumber::writer::Basic::raw(out, cucumber::writer::Coloring::Auto, 0)
                .tee::<ChessWorld, _>(step_log.clone().discard_stats_writes().discard_arbitrary_writes())
                .normalized()
                .summarized(),
        )
        .fail_on_skipped()
        .max_concurrent_scenarios(options.concurrency)
        .before(move |feature, _rule, scenario, world| {
            world.engine = Box::new(lawbook_engines::Timed::new(engine.make(), &tally));
            world.pinned = pinned.clone();
            world.feature = feature.name.clone();
            world.scenario = scenario.name.clone();
            world.outline_row = !scenario.examples.is_empty();
            Box::pin(async {})
        })
        .after(move |feature, rule, scenario, finished, world| {
            use cucumber::event::ScenarioFinished;
            if let Some(bar) = &progress {
                bar.inc(1);
                bar.set_message(feature.name.clone());
            }
            let mut world = world;
            // What it plays in the scenario's positions, unless the engine already failed.
            let played = match (&mut world, play_limit) {
                (Some(world), Some(limit)) if !matches!(world.halt, Some(world::Halt::Fault { .. })) => {
                    let positions = world.positions_stood_in();
                    play::probe(world.engine.as_mut(), &positions, limit)
                }
                _ => None,
            };
            let unasked = world.as_ref().map(|w| w.unasked.clone()).unwrap_or_default();
            let refused = world.as_ref().map(|w| w.refused.clone()).unwrap_or_default();
            let halt = world.as_ref().and_then(|w| w.halt.clone());
            let unasked_lines = || unasked.iter().map(|u| format!("{} (line {})", u.why, u.line)).collect::<Vec<_>>();
            let (verdict, message) = match finished {
                // The engine refused a position no game can reach: every step passed, noting it.
                ScenarioFinished::StepPassed if !refused.is_empty() => {
                    let mut why = vec![format!("{} {}", ask::REFUSED, refused[0].why)];
                    why.extend(unasked_lines());
                    (records::Verdict::Passed, Some(why.join("\n")))
                }
                ScenarioFinished::StepPassed if unasked.is_empty() => (records::Verdict::Passed, None),
                ScenarioFinished::StepPassed => (records::Verdict::Unsupported, Some(unasked_lines().join("\n"))),
                ScenarioFinished::StepSkipped => (records::Verdict::Failed, Some("a step was skipped".to_string())),
                ScenarioFinished::BeforeHookFailed(_) => {
                    (records::Verdict::Error, Some("the set-up hook failed".to_string()))
                }
                ScenarioFinished::StepFailed(_, _, error) => {
                    let message = error.to_string().replace("Step panicked. Captured output: ", "");
                    let verdict = match &halt {
                        Some(world::Halt::Unsupported { .. }) => records::Verdict::Unsupported,
                        Some(world::Halt::Fault { .. }) => records::Verdict::Error,
                        None => records::Verdict::Failed,
                    };
                    (verdict, Some(message))
                }
            };
            let (verdict, message) = with_play(verdict, message, played.as_ref());
            let written = feature
                .background
                .iter()
                .chain(rule.and_then(|r| r.background.as_ref()))
                .flat_map(|b| b.steps.iter())
                .chain(scenario.steps.iter());
            let steps = written
                .map(|step| {
                    let unasked_here = unasked.iter().find(|u| u.line == step.position.line);
                    records::StepRecord {
                        text: format!("{} {}", step.keyword.trim(), step.value),
                        line: step.position.line,
                        verdict: records::StepVerdict::NotRun,
                        message: unasked_here.map(|u| u.why.clone()).or_else(|| {
                            let refusal = refused.iter().find(|u| u.line == step.position.line)?;
                            Some(format!("{} {}", ask::REFUSED, refusal.why))
                        }),
                        capability: unasked_here.and_then(|u| u.capability),
                        fault: None,
                    }
                })
                .collect();
            let (start, refused_move, pins) = match &world {
                Some(world) => (
                    world.unreachable().map(|u| u.fen.clone()).or_else(|| world.start_fen()),
                    world
                        .attempt
                        .as_ref()
                        .filter(|a| !a.accepted)
                        .and_then(|a| a.mv)
                        .filter(|m| *m != lawbook_notation::uci::UciMove::Null)
                        .map(|m| m.to_string()),
                    world.pin_names.clone(),
                ),
                None => (None, None, Vec::new()),
            };
            let (fen, last_move) = match world {
                Some(world) => {
                    if let Ok(mut name) = after_engine.lock()
                        && name.0.is_empty()
                    {
                        let declared = lawbook_engines::Capability::ALL
                            .into_iter()
                            .filter(|&c| world.engine.supports(c))
                            .collect();
                        *name = (world.engine.name().to_string(), world.engine.version(), declared);
                    }
                    let last = world
                        .game_so_far()
                        .and_then(|g| g.last_move())
                        .map(|(pos, mv)| lawbook_notation::uci::write(pos, mv));
                    (world.fen_so_far(), last)
                }
                None => (None, None),
            };
            let mut tags: Vec<String> = feature.tags.clone();
            if let Some(rule) = rule {
                tags.extend(rule.tags.iter().cloned());
            }
            tags.extend(scenario.tags.iter().cloned());
            let text = feature.path.as_ref().and_then(|p| texts.get(p)).map_or("", String::as_str);
            let path = feature.path.as_deref();
            let record = records::ScenarioRecord {
                id: String::new(),
                feature: feature.name.clone(),
                rule: rule.map(|r| r.name.clone()),
                scenario: scenario.name.clone(),
                tags,
                location: format!(
                    "{}:{}",
                    path.and_then(|p| p.file_name()).map_or(String::new(), |f| f.to_string_lossy().into_owned()),
                    scenario.position.line
                ),
                quotes: quotes_above(text, scenario.position.line),
                verdict,
                message,
                fen,
                last_move,
                steps,
                start,
                refused: refused_move,
                pins,
                play: played,
            };
            if let Ok(mut r) = after_records.lock() {
                let unasked_at = unasked.iter().map(|u| u.line).collect();
                r.push(((feature.path.clone(), scenario.position.line), record, halt, unasked_at));
            }
            Box::pin(async {})
        });
    if !options.cucumber_cli {
        cucumber = cucumber.with_cli(cucumber::cli::Opts::default());
    }
    let run = cucumber
        .filter_run(features, move |feature, rule, scenario| selected(filter.as_ref(), feature, rule, scenario));
    let writer = futures::executor::block_on(run);
    use cucumber::writer::Stats as _;
    let mut scenarios: Vec<records::ScenarioRecord> = records
        .lock()
        .map(|r| r.clone())
        .unwrap_or_default()
        .into_iter()
        .map(|(key, mut record, halt, unasked_at)| {
            step_verdicts(&mut record, &step_log.of(&key), halt.as_ref(), &unasked_at);
            record
        })
        .collect();
    if writer.parsing_errors() > 0 {
        return Err(format!("{} feature files could not be read", writer.parsing_errors()));
    }
    if scenarios.is_empty() {
        return Err(match &options.tags {
            Some(tags) => format!("the tag expression {tags:?} selects no scenario in {}", part.label),
            None => format!("{} holds no scenario to run", part.label),
        });
    }
    scenarios.sort_by(|a, b| (&a.feature, &a.location).cmp(&(&b.feature, &b.location)));
    name_scenarios(&mut scenarios);
    let (engine, version, capabilities) = engine_name.lock().map(|n| n.clone()).unwrap_or_default();
    // Said only of an engine that can be asked to move.
    let play = options
        .play
        .filter(|_| capabilities.contains(&lawbook_engines::Capability::Search))
        .map(|limit| limit.to_string());
    let wall_ms = started.elapsed().as_millis() as u64;
    let engine_us = run_tally.engine_time().as_micros() as u64;
    let engine_faults = run_tally.failures() as u64;
    let faults = run_tally.faults().iter().collect();
    let engine_answers = run_tally.answers() as u64;
    Ok(records::EngineRun {
        engine,
        version,
        wall_ms,
        engine_us,
        engine_faults,
        faults,
        engine_answers: Some(engine_answers),
        capabilities,
        selection: options.tags.clone(),
        play,
        scenarios,
        ..records::EngineRun::default()
    })
}

/// A scenario's verdict and message once what the engine played is judged:
/// a breach fails a scenario that passed or was unsupported, and a failure
/// to answer puts it in error; a failure already found stays, with the
/// breach added to its message.
fn with_play(
    verdict: records::Verdict,
    message: Option<String>,
    played: Option<&records::PlayRecord>,
) -> (records::Verdict, Option<String>) {
    use records::{StepVerdict, Verdict};
    let Some(played) = played else { return (verdict, message) };
    let Some(said) = &played.message else { return (verdict, message) };
    let said = format!("What it plays: {said}");
    let joined = |message: Option<String>| Some(message.map_or(said.clone(), |m| format!("{m}\n{said}")));
    match (played.verdict, verdict) {
        (StepVerdict::Failed, Verdict::Passed | Verdict::Unsupported | Verdict::Error) => {
            (Verdict::Failed, joined(message))
        }
        (StepVerdict::Error, Verdict::Passed | Verdict::Unsupported) => (Verdict::Error, joined(message)),
        (_, verdict) => (verdict, joined(message)),
    }
}

/// Gives each scenario its stable name ([`records::ScenarioRecord::id`]):
/// its file and name, and ` [row N]` where one file has several of that
/// name, numbered by line.
fn name_scenarios(scenarios: &mut [records::ScenarioRecord]) {
    use std::collections::HashMap;
    let file =
        |r: &records::ScenarioRecord| r.location.rsplit_once(':').map_or(r.location.clone(), |(f, _)| f.to_string());
    let line = |r: &records::ScenarioRecord| {
        r.location.rsplit_once(':').and_then(|(_, l)| l.parse::<usize>().ok()).unwrap_or(0)
    };
    let mut order: Vec<usize> = (0..scenarios.len()).collect();
    order.sort_by_key(|&i| (file(&scenarios[i]), line(&scenarios[i])));
    let mut count: HashMap<(String, String), usize> = HashMap::new();
    for r in scenarios.iter() {
        *count.entry((file(r), r.scenario.clone())).or_insert(0) += 1;
    }
    let mut seen: HashMap<(String, String), usize> = HashMap::new();
    for i in order {
        let key = (file(&scenarios[i]), scenarios[i].scenario.clone());
        let n = seen.entry(key.clone()).or_insert(0);
        *n += 1;
        scenarios[i].id = if count.get(&key).copied().unwrap_or(0) > 1 {
            format!("{}: {} [row {n}]", key.0, key.1)
        } else {
            format!("{}: {}", key.0, key.1)
        };
    }
}

/// Fills in each step's verdict from what cucumber said of it and what the
/// world recorded: a step that ran is passed (also when the engine refused a
/// position no game can reach), or unsupported when it could not be asked;
/// the step that stopped the scenario is unsupported or an engine error by
/// its `halt`, else failed; a step with no event did not run.
fn step_verdicts(
    record: &mut records::ScenarioRecord,
    events: &[(usize, step_log::StepEvent)],
    halt: Option<&world::Halt>,
    unasked_at: &[usize],
) {
    use records::StepVerdict;
    use step_log::StepEvent;
    for step in &mut record.steps {
        let Some((_, event)) = events.iter().find(|(line, _)| *line == step.line) else { continue };
        step.verdict = match event {
            StepEvent::Passed if unasked_at.contains(&step.line) => StepVerdict::Unsupported,
            StepEvent::Passed => StepVerdict::Passed,
            StepEvent::Skipped => {
                step.message = Some("no step of the corpus's vocabulary matches this text".to_string());
                StepVerdict::Failed
            }
            StepEvent::Failed(message) => {
                step.message = Some(message.clone());
                match halt {
                    Some(world::Halt::Unsupported { capability }) => {
                        step.capability = *capability;
                        StepVerdict::Unsupported
                    }
                    Some(world::Halt::Fault { kind }) => {
                        step.fault = Some(*kind);
                        StepVerdict::Error
                    }
                    None => StepVerdict::Failed,
                }
            }
        };
    }
}

/// Runs a folder of scenarios (the corpus's `features/`) against the chosen
/// engine as part of `cargo test`: prints a summary per feature, and the
/// steps of every scenario that did not pass (every scenario's steps with
/// `LAWBOOK_PRINT_STEPS=1`), and exits non-zero when any scenario does not
/// pass. With `LAWBOOK_FAILED_LIST` set, writes the names of the scenarios
/// that did not pass to that file (used by `cargo xtask broken-engines`).
pub fn run(features: &std::path::Path, engine: EngineChoice) {
    let print_steps = std::env::var_os("LAWBOOK_PRINT_STEPS").is_some_and(|v| v == "1");
    let options = RunOptions { engine, cucumber_cli: true, print_steps, review_pins: true, ..RunOptions::default() };
    let run = match corpus::folder(features).and_then(|part| run_corpus(&part, &options)) {
        Ok(run) => run,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let not_passed: Vec<&records::ScenarioRecord> =
        run.scenarios.iter().filter(|r| r.verdict != records::Verdict::Passed).collect();
    for record in &not_passed {
        println!("{}", steps_of(record));
    }
    println!(
        "\n{} scenarios. Scenarios per feature (passed/failed/unsupported/error):\n{}",
        run.scenarios.len(),
        report::table(std::slice::from_ref(&run))
    );
    let names: Vec<String> = not_passed.iter().map(|r| format!("{}: {}", r.feature, r.scenario)).collect();
    if let Ok(path) = std::env::var("LAWBOOK_FAILED_LIST") {
        let _ = std::fs::write(path, names.join("\n"));
    }
    if !names.is_empty() {
        eprintln!("the rule corpus has {} scenarios that did not pass", names.len());
        std::process::exit(1);
    }
}

/// A scenario that did not pass, as the corpus test prints it: its verdict,
/// place and name, then each step with its verdict and, under it, why.
fn steps_of(record: &records::ScenarioRecord) -> String {
    use std::fmt::Write as _;
    let mut out = format!("\n{} {}: {}\n", record.verdict.name().to_uppercase(), record.location, record.scenario);
    for step in &record.steps {
        let _ = writeln!(out, "  {:<12} {}", step.verdict.name(), step.text);
        for line in step.message.iter().flat_map(|m| m.lines()) {
            let _ = writeln!(out, "  {:<12}   {line}", "");
        }
    }
    if record.steps.is_empty()
        && let Some(message) = &record.message
    {
        let _ = writeln!(out, "  {message}");
    }
    out
}
