//! `lawbook-conformance`: runs the rule corpus against one engine of the
//! registry and writes its verdicts, or combines runs into reports.
//! `cargo xtask conformance` drives it; see `conformance/engines.yaml`.

use clap::{Parser, Subcommand};
use lawbook_conformance::report::{self, EngineRun};
use lawbook_conformance::{RunOptions, registry, world};
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
    /// Run the corpus against one engine and write its verdicts as JSON.
    Run {
        /// The engine's name in the registry.
        #[arg(long, default_value = "lawbook")]
        engine: String,
        /// The engine registry.
        #[arg(long, default_value = "conformance/engines.yaml")]
        registry: PathBuf,
        /// The rule corpus.
        #[arg(long, default_value = "features")]
        features: PathBuf,
        /// Only scenarios matching this tag expression (`@CASTLE-11`, `@fide-3.8.2.2 and not @faq`).
        #[arg(long)]
        tags: Option<String>,
        /// Where to write the verdicts.
        #[arg(long)]
        json: PathBuf,
    },
    /// Combine runs into junit.xml, summary.json and index.html, and print the table.
    Report {
        /// The folder for the reports.
        #[arg(long)]
        dir: PathBuf,
        /// The runs' JSON files.
        #[arg(required = true)]
        runs: Vec<PathBuf>,
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
        Command::Run { engine, registry: path, features, tags, json } => {
            match run(&engine, &path, &features, tags, &json) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("lawbook-conformance: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Report { dir, runs } => match write_reports(&dir, &runs) {
            Ok(table) => {
                print!("{table}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("lawbook-conformance: {e}");
                ExitCode::from(2)
            }
        },
    }
}

fn run(
    engine: &str,
    path: &std::path::Path,
    features: &std::path::Path,
    tags: Option<String>,
    json: &std::path::Path,
) -> Result<(), String> {
    let specs = registry::read(path)?;
    let spec = registry::find(&specs, engine).map_err(|e| format!("{}: {e}", path.display()))?;
    // Fail early, with the install command, if the engine cannot start at all.
    drop(registry::build(&spec).map_err(|e| e.to_string())?);
    let pool = lawbook_conformance::pool::Pool::new(spec.clone());
    world::set_engine(move || pool.checkout());
    let options = RunOptions { tags, cucumber_cli: false, concurrency: Some(spec.workers.max(1)) };
    let run = lawbook_conformance::run_corpus(features, &options)?;
    let run = EngineRun { engine: engine.to_string(), ..run };
    let text = serde_json::to_string(&run).map_err(|e| e.to_string())?;
    if let Some(parent) = json.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(json, text).map_err(|e| format!("cannot write {}: {e}", json.display()))
}

fn write_reports(dir: &std::path::Path, paths: &[PathBuf]) -> Result<String, String> {
    let mut runs = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        runs.push(serde_json::from_str::<EngineRun>(&text).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let write = |name: &str, text: String| {
        std::fs::write(dir.join(name), text).map_err(|e| format!("cannot write {}: {e}", dir.join(name).display()))
    };
    write("junit.xml", report::junit(&runs))?;
    write("summary.json", report::summary_json(&runs))?;
    write("index.html", report::html(&runs))?;
    Ok(report::table(&runs))
}
