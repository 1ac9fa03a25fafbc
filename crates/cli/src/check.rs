//! `lawbook check`: the rule corpus (built into the command) against any
//! engine, named on the command line or in a registry file, from any folder.

use crate::{Failure, say, usage};
use clap::Args;
use lawbook_conformance::check::{self, Check};
use lawbook_conformance::corpus::Source;
use lawbook_conformance::records::Unexpected;
use lawbook_engines::registry::{self, EngineSpec, Protocol};
use std::path::PathBuf;

/// Exit codes: 0 every verdict as expected, 1 unexpected verdicts, 2 bad
/// usage, a bad registry, an engine that cannot be started at all, or one
/// that answered no question.
#[derive(Args)]
#[command(group(clap::ArgGroup::new("engine_choice").args(["uci", "xboard", "jsonl", "engine", "list_engines"])))]
pub(crate) struct CheckArgs {
    /// A UCI engine: the program and its arguments in one string, split into
    /// words as a shell would (no shell is run): `--uci "stockfish"`, `--uci "./engine --uci-mode"`.
    #[arg(long, value_name = "PROGRAM ARG...")]
    uci: Option<String>,
    /// An xboard (CECP) engine, written as for --uci.
    #[arg(long, value_name = "PROGRAM ARG...")]
    xboard: Option<String>,
    /// An engine speaking lawbook's JSON-lines rules protocol (conformance/PROTOCOL.md), written as for --uci.
    #[arg(long, value_name = "PROGRAM ARG...")]
    jsonl: Option<String>,
    /// An engine of the registry, by name (`lawbook check --engine stockfish`; `--list-engines` names them).
    #[arg(long, value_name = "NAME")]
    engine: Option<String>,
    /// List the registry's engines, one a line: name, protocol, whether it
    /// can run here (ready, missing, needs-peers) and how to install it.
    #[arg(long)]
    list_engines: bool,
    /// The registry file for --engine (default: the copy built into lawbook, conformance/engines.yaml).
    #[arg(long, value_name = "FILE")]
    registry: Option<PathBuf>,
    /// The engine's name in reports and expectations (default: the
    /// registry's name, or for a program no registry entry names, what the
    /// engine calls itself without its version: `id name`, `myname`, the `hello` reply's `engine`).
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// An engine option, repeatable: UCI `setoption name NAME value VALUE`, xboard `option NAME=VALUE`.
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = parse_option)]
    options: Vec<(String, String)>,
    /// The longest wait for one answer, in milliseconds (default 5000, or the registry's).
    #[arg(long, value_name = "MS")]
    timeout: Option<u64>,
    /// How many copies of the engine run side by side, one process each (default 1, or the registry's).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    workers: Option<u16>,
    /// The UCI engine plays Chess960 though it offers no UCI_Chess960 option:
    /// ask it the Chess960 positions too (castling written king takes rook).
    #[arg(long)]
    chess960: bool,
    /// JSON-lines engines: check every reply against the protocol's JSON
    /// Schema (conformance/PROTOCOL.schema.json); a reply that breaks it is
    /// an engine error naming the request, the place in the reply and what
    /// the schema wanted.
    #[arg(long)]
    validate_protocol: bool,
    /// A folder of scenarios in the corpus's steps, repeatable; its pinned
    /// move lists are in its snapshots/ subfolder. A file named like one of
    /// the corpus's (castling.feature) replaces it, so a lawbook checkout's
    /// features/ runs instead of the built-in copy; other files are added.
    /// (`--features DIR`, the old name, still works.)
    #[arg(long = "scenarios", alias = "features", value_name = "DIR")]
    scenarios: Vec<PathBuf>,
    /// Run only the --scenarios folders, not the built-in corpus.
    #[arg(long, requires = "scenarios")]
    no_corpus: bool,
    /// Only the scenarios this tag expression selects: `@CASTLE-11`, `@fide-3.8.2.2 and not @faq`.
    #[arg(long, value_name = "EXPR")]
    tags: Option<String>,
    /// The engine's expected verdicts (the format `--write-expectations` writes):
    /// exit 1 on any other verdict, a new failure and a new pass alike.
    /// Without it, exit 1 when any scenario failed or ended in an engine error.
    #[arg(long, value_name = "FILE")]
    expect: Option<PathBuf>,
    /// Write this run's verdicts other than `passed` as expectations, to be
    /// committed and given to --expect from then on (what the file already
    /// says of a scenario with the same verdict is kept).
    #[arg(long, value_name = "FILE")]
    write_expectations: Option<PathBuf>,
    /// Write index.html, junit.xml and summary.json to this folder.
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
    /// Write the run's verdicts as JSON (what `lawbook-conformance report` combines).
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Print every step as it runs (cucumber's account) instead of a progress bar.
    #[arg(long)]
    verbose: bool,
    /// Ask the engine to move in every position each scenario sets up or
    /// reaches, and judge its move and every line it prints by the Laws
    /// (UCI and xboard engines; on unless --no-play, or the registry's
    /// `play: false` for an engine whose search no depth can bound).
    #[arg(long, conflicts_with = "no_play")]
    play: bool,
    /// Do not ask the engine to move: judge only its answers to the scenarios' questions.
    #[arg(long)]
    no_play: bool,
    /// How far each of those searches may go: depth=N (plies: UCI `go depth
    /// N`, xboard `sd N`), nodes=N (UCI only, with the depth), or both:
    /// `depth=2,nodes=5000` (default depth=3).
    #[arg(long, value_name = "LIMIT", conflicts_with = "no_play")]
    play_limit: Option<lawbook_engines::SearchLimit>,
}

fn parse_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_string(), value.to_string())),
        _ => Err(format!("{text:?} is not NAME=VALUE")),
    }
}

/// The engine the arguments name, with their settings applied, and whether
/// it is to be named by what it calls itself.
fn spec(args: &CheckArgs) -> Result<(EngineSpec, bool), Failure> {
    let program = [
        (&args.uci, Protocol::Uci, "--uci"),
        (&args.xboard, Protocol::Xboard, "--xboard"),
        (&args.jsonl, Protocol::Jsonl, "--jsonl"),
    ]
    .into_iter()
    .find_map(|(text, protocol, flag)| text.as_ref().map(|t| (t, protocol, flag)));
    let (mut spec, name_from_engine) = match (program, &args.engine) {
        (Some((text, protocol, flag)), _) => {
            let words = shlex::split(text).ok_or_else(|| usage(format!("{flag} {text:?}: unbalanced quotes")))?;
            let Some((command, rest)) = words.split_first() else {
                return Err(usage(format!("{flag} needs a program to run")));
            };
            if lawbook_engines::process::locate(command).is_none() {
                return Err(usage(format!(
                    "{flag}: cannot find the program {command:?} (not a file{}",
                    if command.contains('/') { ")" } else { ", not on PATH or in /usr/games)" }
                )));
            }
            match known_program(protocol, command, rest)? {
                // The program is a registry engine's own: start from its entry's settings.
                Some(mut known) => {
                    let args = if rest.is_empty() { known.args.clone() } else { rest.to_vec() };
                    eprintln!(
                        "lawbook check: {command} as the built-in registry knows it ({}): {}",
                        known.name,
                        if rest.is_empty() && !args.is_empty() {
                            format!(
                                "arguments {}, its options and time limits",
                                shlex::try_join(args.iter().map(String::as_str)).unwrap_or_default()
                            )
                        } else {
                            "its options and time limits".to_string()
                        }
                    );
                    known.command = Some(command.clone());
                    known.args = args;
                    (known, false)
                }
                // Unknown: named by what it calls itself, unless --name says.
                None => (EngineSpec::program(protocol, command, rest.to_vec()), args.name.is_none()),
            }
        }
        (None, Some(name)) => {
            let specs = registry_of(args)?;
            let spec = registry::find(&specs, name).map_err(|e| {
                let from =
                    args.registry.as_ref().map_or("the built-in registry".to_string(), |p| p.display().to_string());
                usage(format!("{from}: {e}"))
            })?;
            if !lawbook_engines::adapters::built_in_here(&spec) {
                return Err(usage(format!(
                    "{name} runs in process, and this lawbook was built without it (install with `--features peers`)"
                )));
            }
            (spec, false)
        }
        (None, None) => {
            return Err(usage(
                "name the engine to check: --uci, --xboard, --jsonl or --engine (see lawbook check --help)".into(),
            ));
        }
    };
    if let Some(name) = &args.name {
        spec.name = name.clone();
    }
    spec.options.extend(args.options.iter().cloned());
    if let Some(ms) = args.timeout {
        spec.timeout_ms = ms.max(1);
    }
    if let Some(n) = args.workers {
        spec.workers = usize::from(n);
    }
    spec.chess960 |= args.chess960;
    if args.validate_protocol {
        if spec.protocol != Protocol::Jsonl {
            return Err(usage(format!(
                "--validate-protocol checks the JSON-lines protocol, and {} speaks {}",
                spec.name,
                spec.protocol.name()
            )));
        }
        spec.validate_protocol = true;
    }
    Ok((spec, name_from_engine))
}

/// Programs that run another program's code: never a registry engine by
/// themselves, whatever script they are given.
const INTERPRETERS: &[&str] = &[
    "node", "nodejs", "deno", "bun", "python", "python3", "pypy", "pypy3", "java", "sh", "bash", "dash", "zsh", "env",
    "perl", "ruby", "lua", "luajit", "php", "wine", "mono", "dotnet", "Rscript",
];

/// Whether `file` is an interpreter (`python3.11` counts as `python3`).
fn is_interpreter(file: &str) -> bool {
    let base = file.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    INTERPRETERS.contains(&file) || INTERPRETERS.contains(&base)
}

/// The built-in registry's entry for a program run with `protocol`: one
/// whose command has the program's file name (`stockfish`,
/// `/usr/games/gnuchess`), and for an interpreter (`node`, `python3`) only
/// one run with the very same arguments, since the script is the engine.
fn known_program(protocol: Protocol, command: &str, rest: &[String]) -> Result<Option<EngineSpec>, Failure> {
    let file = |c: &str| std::path::Path::new(c).file_name().map(|n| n.to_string_lossy().into_owned());
    let Some(name) = file(command) else { return Ok(None) };
    let interpreter = is_interpreter(&name);
    let specs = check::built_in_registry().map_err(|e| usage(format!("the built-in registry: {e}")))?;
    Ok(specs.into_iter().find(|s| {
        s.protocol == protocol
            && s.command.as_deref().and_then(file).as_deref() == Some(name.as_str())
            && (!interpreter || s.args == rest)
    }))
}

/// The registry --registry names, or the built-in one.
fn registry_of(args: &CheckArgs) -> Result<Vec<EngineSpec>, Failure> {
    match &args.registry {
        Some(path) => registry::read(path).map_err(|e| usage(e.to_string())),
        None => check::built_in_registry().map_err(|e| usage(format!("the built-in registry: {e}"))),
    }
}

/// `--list-engines`: one engine a line, tab-separated.
fn list_engines(args: &CheckArgs) -> Result<(), Failure> {
    for spec in registry_of(args)? {
        let state = if !lawbook_engines::adapters::built_in_here(&spec) {
            "needs-peers"
        } else if spec.command.is_some() && lawbook_engines::process::installed_program(&spec).is_err() {
            "missing"
        } else {
            "ready"
        };
        say(format_args!(
            "{}\t{}\t{state}\t{}",
            spec.name,
            spec.protocol.name(),
            spec.install.as_deref().unwrap_or("")
        ))?;
    }
    Ok(())
}

/// Runs `lawbook check`.
pub(crate) fn run(args: &CheckArgs) -> Result<(), Failure> {
    if args.list_engines {
        return list_engines(args);
    }
    let (spec, name_from_engine) = spec(args)?;
    // Asked to move unless told not to, or the registry says its search cannot be bounded.
    let play = (!args.no_play && (args.play || spec.play)).then(|| args.play_limit.unwrap_or_default());
    // Everything that can be wrong with the arguments is found before the run.
    let expected = args.expect.as_deref().map(check::read_expectations).transpose().map_err(usage)?;
    let mut sources = if args.no_corpus { Vec::new() } else { vec![Source::Embedded] };
    sources.extend(args.scenarios.iter().cloned().map(Source::Folder));
    let run = check::run(&Check {
        spec,
        sources,
        tags: args.tags.clone(),
        progress: !args.verbose,
        print_steps: args.verbose,
        name_from_engine,
        play,
    })
    .map_err(usage)?;
    let engine = run.engine.clone();
    if let Some(expected) = expected.as_ref().filter(|e| e.engine != engine) {
        eprintln!("lawbook check: note: the expectations are of {:?}, this run is of {engine:?}", expected.engine);
    }
    let judged = check::judge(run, expected.as_ref());
    if let Some(path) = &args.write_expectations {
        check::write_expectations(&judged.run, path).map_err(usage)?;
    }
    if let Some(path) = &args.json {
        check::write_run(path, &judged.run).map_err(usage)?;
    }
    if let Some(dir) = &args.report {
        check::write_reports(dir, std::slice::from_ref(&judged.run)).map_err(usage)?;
    }
    for note in judged.notes() {
        say(format_args!("note: {note}"))?;
    }
    const SHOWN: usize = 40;
    let unexpected = judged.unexpected();
    if !unexpected.is_empty() {
        let what = if expected.is_some() {
            "verdicts other than expected"
        } else {
            "scenarios failed or ended in an engine error"
        };
        say(format_args!("{}: {} {what}:", judged.run.engine, unexpected.len()))?;
        for u in unexpected.iter().take(SHOWN) {
            match u {
                Unexpected::Verdict { id, actual, message, .. } if expected.is_none() => match message {
                    Some(why) => say(format_args!("  {id}: {} ({why})", actual.name()))?,
                    None => say(format_args!("  {id}: {}", actual.name()))?,
                },
                _ => say(format_args!("  {}", u.line()))?,
            }
        }
        if unexpected.len() > SHOWN {
            say(format_args!("  ... and {} more (the report lists them all)", unexpected.len() - SHOWN))?;
        }
    }
    if let Some(dir) = &args.report {
        let page = std::path::absolute(dir.join("index.html")).unwrap_or_else(|_| dir.join("index.html"));
        say(format_args!("report: {}", page.display()))?;
    }
    say(judged.summary_line())?;
    say(judged.closing_line())?;
    if let Some(why) = judged.checked_nothing() {
        return Err(Failure(why, 2));
    }
    if judged.as_expected() {
        Ok(())
    } else if expected.is_some() {
        Err(Failure(format!("{} verdicts are not the expected ones", unexpected.len()), 1))
    } else {
        Err(Failure(format!("{} scenarios failed or ended in an engine error", unexpected.len()), 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_is_a_registry_engine_only_by_its_own_binary() {
        let known = |protocol, command: &str, args: &[&str]| {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            known_program(protocol, command, &args).ok().flatten().map(|spec| spec.name)
        };
        assert_eq!(known(Protocol::Uci, "/usr/games/stockfish", &[]).as_deref(), Some("stockfish"));
        assert_eq!(known(Protocol::Uci, "stockfish", &["--bench"]).as_deref(), Some("stockfish"));
        // An interpreter runs whatever script it is given: not chess.js nor python-chess.
        assert_eq!(known(Protocol::Jsonl, "node", &["adapter.mjs"]), None);
        assert_eq!(known(Protocol::Jsonl, "/usr/bin/python3", &["x.py"]), None);
        assert_eq!(known(Protocol::Jsonl, "python3.11", &[]), None);
        assert!(is_interpreter("python3.11") && is_interpreter("node") && !is_interpreter("stockfish"));
    }
}
