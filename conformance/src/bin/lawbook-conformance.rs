//! `lawbook-conformance`: combines runs of `lawbook check --json` into
//! reports, or lists the mutants. `cargo xtask conformance` and `cargo xtask
//! broken-engines` drive it; see `conformance/engines.yaml`. Running the
//! corpus against one engine is `lawbook check`.

use clap::{Parser, Subcommand};
use lawbook_conformance::check;
use lawbook_conformance::expectations::Expectations;
use lawbook_conformance::mutants::Mutant;
use lawbook_conformance::records::{EngineRun, Verdict};
use lawbook_conformance::report;
use std::path::PathBuf;
use std::process::ExitCode;

/// Check a chess engine against the rule corpus.
#[derive(Parser)]
#[command(name = "lawbook-conformance", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Combine runs into junit.xml, summary.json and index.html, print the
    /// table and every verdict that differs from the engine's expectations.
    /// Exits 1 when an engine named by --require-pass did not pass every
    /// scenario, or with --strict on any unexpected verdict.
    Report {
        /// The folder for the reports.
        #[arg(long)]
        dir: PathBuf,
        /// An engine that must pass every scenario (none failed, unsupported or in error).
        #[arg(long = "require-pass", value_name = "ENGINE")]
        require_pass: Vec<String>,
        /// The folder of expectations, one `ENGINE.yaml` per engine (an
        /// engine without one is expected to fail nothing and give no error).
        #[arg(long, value_name = "DIR", default_value = "conformance/expectations")]
        expectations: PathBuf,
        /// Fail on any unexpected verdict: a new failure, a new error, a new
        /// pass, any verdict other than the one expected.
        #[arg(long)]
        strict: bool,
        /// The runs' JSON files.
        #[arg(required = true)]
        runs: Vec<PathBuf>,
    },
    /// Write the rulebook for reviewers: the rule catalogue and every
    /// scenario with its boards, quotes and pinned moves, as a static site
    /// (`index.html` and one page per area); with --runs, each engine's
    /// verdict beside each scenario.
    Rulebook {
        /// The folder for the pages.
        #[arg(long, default_value = "target/rulebook")]
        out: PathBuf,
        /// Conformance runs (`lawbook check --json` files) whose verdicts to show.
        #[arg(long, num_args = 1..)]
        runs: Vec<PathBuf>,
    },
    /// List the deliberately broken engines, one name a line (`--describe`:
    /// a tab and what each gets wrong).
    Mutants {
        /// Add what each mutant gets wrong.
        #[arg(long)]
        describe: bool,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("lawbook-conformance: {}", e.to_string().lines().next().unwrap_or("bad arguments"));
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Command::Report { dir, runs, require_pass, expectations, strict } => {
            match write_reports(&dir, &runs, &expectations) {
                Ok(runs) => {
                    print!("{}", report::table(&runs));
                    for run in &runs {
                        if let Some(seen) = run.expected_version.as_deref().filter(|v| *v != run.version) {
                            println!(
                                "{}: the expectations were seen with {seen}; this run is of {}",
                                run.engine, run.version
                            );
                        }
                        if !run.unexpected.is_empty() {
                            println!("{}: {} unexpected verdicts:", run.engine, run.unexpected.len());
                            for u in &run.unexpected {
                                println!("  {}", u.line());
                            }
                        }
                    }
                    let broken = broken_promises(&runs, &require_pass, strict);
                    for line in &broken {
                        eprintln!("lawbook-conformance: {line}");
                    }
                    if broken.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
                }
                Err(e) => {
                    eprintln!("lawbook-conformance: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Rulebook { out, runs } => match rulebook(&out, &runs) {
            Ok(index) => {
                println!("{}", index.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("lawbook-conformance: {e}");
                ExitCode::from(2)
            }
        },
        Command::Mutants { describe } => {
            for mutant in Mutant::ALL {
                if describe {
                    println!("{}\t{}", mutant.name(), mutant.what());
                } else {
                    println!("{}", mutant.name());
                }
            }
            ExitCode::SUCCESS
        }
    }
}

/// What the runs break of what was required: engines that must pass every
/// scenario and did not, and (with `strict`) any engine with an unexpected
/// verdict. One line each.
fn broken_promises(runs: &[EngineRun], require_pass: &[String], strict: bool) -> Vec<String> {
    let mut broken = Vec::new();
    for name in require_pass {
        if !runs.iter().any(|r| &r.engine == name) {
            broken.push(format!("no run of {name}, which must pass every scenario"));
        }
    }
    for run in runs {
        let counts = run.counts();
        let count = |v: Verdict| counts.get(&v).copied().unwrap_or(0);
        let required = require_pass.contains(&run.engine);
        if (strict || required) && count(Verdict::Error) == run.scenarios.len() {
            broken.push(format!(
                "{} could not answer at all: all {} scenarios ended in an engine error (no rule was judged)",
                run.engine,
                run.scenarios.len()
            ));
            continue;
        }
        if required && count(Verdict::Failed) > 0 {
            broken.push(format!("{} breaks rules of the corpus in {} scenarios", run.engine, count(Verdict::Failed)));
        }
        if required && count(Verdict::Error) > 0 {
            broken.push(format!(
                "{} failed to answer in {} scenarios (an engine error)",
                run.engine,
                count(Verdict::Error)
            ));
        }
        if strict && !run.unexpected.is_empty() {
            let new_failures = run.unexpected.iter().filter(|u| u.actual() == Some(Verdict::Failed)).count();
            broken.push(format!(
                "{} gives {} unexpected verdicts ({new_failures} of them failures): a change in the engine, its adapter or the corpus",
                run.engine,
                run.unexpected.len()
            ));
        }
        if count(Verdict::Unsupported) > 0 && require_pass.contains(&run.engine) {
            broken.push(format!("{} leaves {} scenarios unsupported", run.engine, count(Verdict::Unsupported)));
        }
    }
    broken
}

fn write_reports(
    dir: &std::path::Path,
    paths: &[PathBuf],
    expectations: &std::path::Path,
) -> Result<Vec<EngineRun>, String> {
    let mut runs = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let run = serde_json::from_str::<EngineRun>(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let expected = Expectations::read(expectations, &run.engine)?;
        runs.push(check::judge(run, expected.as_ref()).run);
    }
    check::write_reports(dir, &runs)?;
    Ok(runs)
}

/// Reads the runs given and writes the rulebook of the built-in corpus; the index's path.
fn rulebook(out: &std::path::Path, runs: &[PathBuf]) -> Result<PathBuf, String> {
    let runs: Vec<EngineRun> = runs
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            serde_json::from_str(&text)
                .map_err(|e| format!("{}: not a run of lawbook check --json: {e}", path.display()))
        })
        .collect::<Result<_, String>>()?;
    lawbook_conformance::rulebook::write_corpus(out, &runs)
}
