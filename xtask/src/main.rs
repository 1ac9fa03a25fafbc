//! Project automation, run as `cargo xtask <task>` (an alias in `.cargo/config.toml`).
//!
//! - `conformance`: run the rule corpus against the engines of the registry,
//!   each held to its expectations;
//! - `perft`: the deep perft suites (every published count up to 10 million
//!   nodes, and the six standard positions to their full depths), in release mode;
//! - `broken-engines`: run the corpus against deliberately broken engines and
//!   show that each one makes at least one scenario fail;
//! - `mutate-rules`: cargo-mutants on the rules code with only the corpus as
//!   the test (hours; see [`mutate_rules`]);
//! - `rulebook`: the rulebook for reviewers, a static site;
//! - `review-snapshots`: review changed pinned move lists with insta;
//! - `bench-compare`: perft of lawbook, shakmaty, cozy-chess and the `chess`
//!   crate side by side, in instructions (callgrind) and wall time, on the
//!   default target and with `target-cpu=native` (see [`bench_compare`]);
//! - `bench-pgn`: `lawbook pgn` on real PGN files next to pgn-reader with
//!   shakmaty and python-chess (see [`bench_pgn`]);
//! - `fuzz`: coverage-guided fuzzing with `cargo fuzz` (see [`fuzz`]);
//! - `differential`: compare lawbook with shakmaty or python-chess over a
//!   million positions of random and real games, in release mode;
//! - `setup-engines`: install the engines and libraries `conformance` can check;
//! - `package`: package every crate meant for others and install `lawbook`
//!   from the packaged files (see [`package`]).
//!
//! What CI runs is `.ci/run`, and only there. The tasks learn facts (which
//! engines there are and whether they are installed, which mutants exist,
//! whether a run broke a rule) by asking `lawbook-conformance`, never by
//! reading the project's files.

use std::process::{Command, ExitCode};

mod bench_compare;
mod bench_pgn;
mod fuzz;
mod mutate_rules;
mod package;

/// Every task: its name, its options, and what it does.
const TASKS: &[(&str, &str, &str)] = &[
    (
        "conformance",
        "[--engine NAME|all]... [--scenarios DIR]... [--tags EXPR] [--report DIR]",
        "run the rule corpus against engines (`lawbook check` each), write one report, \
         fail on any verdict other than expected",
    ),
    ("perft", "", "run the deep perft suites in release mode (a few minutes)"),
    ("broken-engines", "", "show that the corpus catches each deliberately broken engine"),
    (
        "mutate-rules",
        mutate_rules::USAGE,
        "cargo-mutants on the rules code (movegen castling, generation, validation; outcome repetition, tracker, \
         material, dead positions, recorded results; otb's clock, touch, flags and the other board rules; board's Chess960 \
         starts) with only the corpus as the test; resumable, in shards; hours, not CI \
         (installs cargo-mutants when missing; --summary prints what has run)",
    ),
    (
        "bench-compare",
        "[--quick] [--no-native] [--no-callgrind] [--no-wall]",
        "perft of lawbook and its peers under callgrind and in wall time, one table of ratios \
         (about 15 minutes; --quick for a smaller run; the others leave parts out)",
    ),
    (
        "bench-pgn",
        "[--no-callgrind] [--big]",
        "lawbook pgn on real PGN files (pgn-reader's lichess and TWIC samples, 100 times over) next to \
         pgn-reader with shakmaty and python-chess: MB/s with --jobs 1 and 2, instructions, and whether \
         --jobs 2 prints what --jobs 1 prints; --big adds the peak memory on a 1 GB file (a few minutes)",
    ),
    (
        "fuzz",
        "[TARGET|all]... [--seconds N]",
        "coverage-guided fuzzing with cargo fuzz (targets fen, moves, pgn, epd, protocol, play, replies; \
         60 s each by default); installs cargo-fuzz when it is missing",
    ),
    (
        "differential",
        "[--against shakmaty|python-chess|chessops] [--positions N] [--seed S] [-- MORE OPTIONS]",
        "compare lawbook with an independent implementation over random and real games \
         (default: shakmaty, 1000000 positions, seed 1; release build)",
    ),
    (
        "setup-engines",
        "",
        "install Stockfish, Fairy-Stockfish, the xboard engines and Chromium (apt-get, as root), python-chess, pyffish, chess.js, chessops, kokopu and Stockfish 19 (npm)",
    ),
    (
        "rulebook",
        "[--out DIR]",
        "write the rulebook for reviewers (target/rulebook/index.html and one page per area): every rule and \
         scenario with its boards, quotes and pinned moves, and each engine's verdict from the last \
         cargo xtask conformance run",
    ),
    (
        "package",
        "",
        "cargo package each crate meant for others (building it from its packaged sources), then install \
         lawbook from the packaged files alone and run it; fails if the installed lawbook links insta",
    ),
    (
        "review-snapshots",
        "",
        "review the pinned move lists a corpus run changed (features/snapshots/*.snap.new) \
         with cargo insta review; installs cargo-insta when it is missing",
    ),
];

/// The list of tasks, as `cargo xtask --help` prints it.
fn usage() -> String {
    let names: Vec<&str> = TASKS.iter().map(|t| t.0).collect();
    let mut text = format!("usage: cargo xtask <{}> [--help]\n", names.join(" | "));
    for (name, options, what) in TASKS {
        text.push_str(&format!("\n  {name:<17}{what}"));
        if !options.is_empty() {
            text.push_str(&format!("\n  {:<17}{options}", ""));
        }
    }
    text
}

/// One task's help: its options and what it does (the conformance task says more).
fn task_usage(task: &str) -> Option<String> {
    if task == "conformance" {
        return Some(CONFORMANCE_USAGE.to_string());
    }
    let (name, options, what) = TASKS.iter().find(|t| t.0 == task)?;
    Some(format!("usage: cargo xtask {name} {options}").trim_end().to_string() + "\n\n" + what)
}

/// A task that takes no options refuses any.
fn no_options(task: &str, args: &[String]) -> Result<(), String> {
    match args.first() {
        None => Ok(()),
        Some(arg) => Err(format!("cargo xtask {task} takes no options, not {arg:?} (see cargo xtask {task} --help)")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let task = args.first().map(String::as_str);
    let rest = args.get(1..).unwrap_or_default();
    if let Some(help) = task.filter(|_| rest.iter().any(|a| a == "-h" || a == "--help")).and_then(task_usage) {
        println!("{help}");
        return ExitCode::SUCCESS;
    }
    let result = match task {
        Some("conformance") => conformance(rest),
        Some("perft") => no_options("perft", rest).and_then(|()| {
            // The deep perft cases are the ignored tests of the `perft` module.
            cargo(&["test", "--release", "-p", "lawbook-movegen", "--test", "movegen", "--", "--ignored", "perft::"])
        }),
        Some("broken-engines") => no_options("broken-engines", rest).and_then(|()| broken_engines()),
        Some("bench-compare") => bench_compare::run(rest),
        Some("bench-pgn") => bench_pgn::run(rest),
        Some("fuzz") => fuzz::run(rest),
        Some("differential") => differential(rest),
        Some("setup-engines") => no_options("setup-engines", rest).and_then(|()| setup_engines()),
        Some("review-snapshots") => no_options("review-snapshots", rest).and_then(|()| review_snapshots()),
        Some("rulebook") => rulebook(rest),
        Some("mutate-rules") => mutate_rules::run(rest, &root(), &target_dir()),
        Some("package") => package::run(rest, &root(), &target_dir()),
        Some("-h" | "--help" | "help") => {
            println!("{}", usage());
            Ok(())
        }
        Some(other) => Err(format!("unknown task {other:?}\n{}", usage())),
        None => Err(usage()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `cargo xtask rulebook`: `lawbook-conformance rulebook`, with the runs of
/// the last `cargo xtask conformance` where there are any.
fn rulebook(args: &[String]) -> Result<(), String> {
    let out = match args {
        [] => "target/rulebook".to_string(),
        [flag, dir] if flag == "--out" => dir.clone(),
        _ => return Err("unknown options: expected --out DIR".to_string()),
    };
    cargo(&["build", "-p", "lawbook-conformance", "--bin", "lawbook-conformance"])?;
    let runs_dir = target_dir().join("conformance/runs");
    let mut runs: Vec<String> = std::fs::read_dir(&runs_dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .map(|p| p.display().to_string())
                .collect()
        })
        .unwrap_or_default();
    runs.sort();
    let mut command = Command::new(target_dir().join("debug/lawbook-conformance"));
    command.current_dir(root()).args(["rulebook", "--out", &out]);
    if !runs.is_empty() {
        command.arg("--runs").args(&runs);
    }
    let status = command.status().map_err(|e| format!("cannot run lawbook-conformance: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("lawbook-conformance rulebook failed ({status})")) }
}

/// `cargo xtask review-snapshots`: `cargo insta review` over the corpus's
/// pinned move lists, installing cargo-insta first when it is missing.
fn review_snapshots() -> Result<(), String> {
    let has_insta = Command::new("cargo")
        .args(["insta", "--version"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !has_insta {
        cargo(&["install", "cargo-insta", "--locked"])?;
    }
    cargo(&["insta", "review", "--workspace"])
}

/// Runs `cargo` with `args` in the workspace root, failing on a non-zero exit.
fn cargo(args: &[&str]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    eprintln!("xtask: cargo {}", args.join(" "));
    let status =
        Command::new(cargo).args(args).current_dir(root()).status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("cargo {} failed ({status})", args.join(" "))) }
}

/// One engine of the registry, as `lawbook check --list-engines` lists it.
struct EngineEntry {
    name: String,
    /// `ready`, `missing` (not installed) or `needs-peers` (this build lacks the feature).
    state: String,
    install: String,
}

/// Asks `lawbook check --list-engines` for the registry's engines.
fn engine_entries(lawbook: &std::path::Path) -> Result<Vec<EngineEntry>, String> {
    let output = Command::new(lawbook)
        .current_dir(root())
        .args(["check", "--list-engines", "--registry", "conformance/engines.yaml"])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", lawbook.display()))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).trim().to_string());
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let mut entries = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, _protocol, state, install] = fields[..] else {
            return Err(format!("lawbook check --list-engines printed a line this task cannot read: {line:?}"));
        };
        entries.push(EngineEntry { name: name.into(), state: state.into(), install: install.into() });
    }
    Ok(entries)
}

/// Builds the `lawbook` command (with the in-process peers when `peers`)
/// and `lawbook-conformance` (which combines runs into reports), showing
/// cargo's own progress, and returns their paths.
fn build_conformance(peers: bool) -> Result<(std::path::PathBuf, std::path::PathBuf), String> {
    let mut build = vec![
        "build",
        "-p",
        "lawbook-cli",
        "--bin",
        "lawbook",
        "-p",
        "lawbook-conformance",
        "--bin",
        "lawbook-conformance",
    ];
    if peers {
        build.extend(["--features", "lawbook-cli/peers"]);
    }
    cargo(&build)?;
    let debug = target_dir().join("debug");
    Ok((debug.join("lawbook"), debug.join("lawbook-conformance")))
}

const CONFORMANCE_USAGE: &str =
    "usage: cargo xtask conformance [--engine NAME|all]... [--scenarios DIR]... [--tags EXPR] [--report DIR]

Runs the rule corpus against engines of conformance/engines.yaml, one
`lawbook check` each, and combines their verdicts into one report
(index.html, junit.xml, summary.json; default target/conformance).

  --engine NAME|all  an engine of the registry, repeatable (default: lawbook,
                     the built-in engine, which must pass every scenario);
                     an engine not installed here is skipped with how to install it
  --scenarios DIR    a folder of scenarios in the corpus's steps, repeatable; a file
                     named like one of the corpus's replaces it (see lawbook check --help)
  --tags EXPR        only the scenarios this tag expression selects (@castling and not @faq)
  --report DIR       where the reports go
  --strict           accepted for older scripts: the task is always strict

Each engine's verdicts are compared with its expectations
(conformance/expectations/NAME.yaml: every scenario it is known not to pass,
with why, but those unsupported only because the engine declares it cannot
answer their questions, which are counted per kind; an engine without a
file is expected to fail nothing): a new failure, a new engine error, a new
pass and a changed count alike are unexpected, and the built-in engine must
pass every scenario.

Exit status: 0 when every verdict is as expected, 1 otherwise (each
unexpected verdict and each broken promise is named).";

/// `cargo xtask conformance [--engine NAME|all]... [--tags EXPR] [--report DIR]`
fn conformance(args: &[String]) -> Result<(), String> {
    let mut engines: Vec<String> = Vec::new();
    let mut tags: Option<String> = None;
    let mut report = root().join("target/conformance");
    let mut folders: Vec<std::path::PathBuf> = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = |name: &str| rest.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{CONFORMANCE_USAGE}");
                return Ok(());
            }
            "--engine" => engines.push(value("--engine")?),
            "--scenarios" | "--features" => {
                let dir = std::path::PathBuf::from(value("--scenarios")?);
                folders.push(std::path::absolute(&dir).map_err(|e| format!("{}: {e}", dir.display()))?);
            }
            "--tags" => tags = Some(value("--tags")?),
            "--report" => report = std::path::PathBuf::from(value("--report")?),
            "--strict" => {}
            other => {
                return Err(format!(
                    "unknown option {other:?}: expected --engine NAME|all, --scenarios DIR, --tags EXPR, --report DIR \
                     (see cargo xtask conformance --help)"
                ));
            }
        }
    }
    if engines.is_empty() {
        engines.push("lawbook".into());
    }
    let (mut lawbook, mut combine) = build_conformance(false)?;
    let mut known = engine_entries(&lawbook)?;
    if engines.iter().any(|e| e == "all") {
        engines = known.iter().map(|e| e.name.clone()).collect();
    }
    for name in &engines {
        if !known.iter().any(|e| &e.name == name) {
            let names: Vec<&str> = known.iter().map(|e| e.name.as_str()).collect();
            return Err(format!(
                "no engine named {name:?} in conformance/engines.yaml; known: {}. \
                 An engine the registry does not name: lawbook check --uci \"PROGRAM ARG...\" (see lawbook check --help)",
                names.join(", ")
            ));
        }
    }
    let chosen_entries = |known: &[EngineEntry]| -> Vec<EngineEntry> {
        known
            .iter()
            .filter(|e| engines.contains(&e.name))
            .map(|e| EngineEntry { name: e.name.clone(), state: e.state.clone(), install: e.install.clone() })
            .collect()
    };
    if chosen_entries(&known).iter().any(|e| e.state == "needs-peers") {
        (lawbook, combine) = build_conformance(true)?;
        known = engine_entries(&lawbook)?;
    }
    // Skip (and say how to install) the engines that are missing.
    let mut chosen = Vec::new();
    for entry in chosen_entries(&known) {
        match entry.state.as_str() {
            "ready" => chosen.push(entry.name),
            state => {
                let install = if entry.install.is_empty() { "cargo xtask setup-engines" } else { &entry.install };
                println!("skipping {}: it is {state} here; install it with: {install}", entry.name);
            }
        }
    }
    let report = std::path::absolute(&report).map_err(|e| format!("{}: {e}", report.display()))?;
    let runs_dir = report.join("runs");
    let mut run_files = Vec::new();
    let mut failures = Vec::new();
    for name in &chosen {
        let json = runs_dir.join(format!("{name}.json"));
        let _ = std::fs::remove_file(&json);
        println!("conformance: {name}");
        // The same run an engine author gets from `lawbook check`: its
        // progress bar on stderr, its verdicts other than expected and its
        // closing line on stdout.
        let mut command = Command::new(&lawbook);
        command
            .current_dir(root())
            .args(["check", "--engine", name, "--registry", "conformance/engines.yaml", "--json"])
            .arg(&json);
        let expected = root().join(format!("conformance/expectations/{name}.yaml"));
        if expected.is_file() {
            command.arg("--expect").arg(&expected);
        }
        if let Some(t) = &tags {
            command.args(["--tags", t]);
        }
        for folder in &folders {
            command.arg("--scenarios").arg(folder);
        }
        let status = command.status().map_err(|e| format!("cannot run {}: {e}", lawbook.display()))?;
        if !json.exists() {
            println!("conformance: {name} could not be run ({status})");
            failures.push(format!("{name} could not be run"));
            continue;
        }
        if status.code() == Some(2) {
            // The run's JSON is written only once the run is over: exit 2 then
            // says the engine answered no question. That is never a pass for
            // `lawbook check`; here its verdicts are still held to its
            // expectations (an engine whose protocol shows nothing to ask).
            println!("conformance: {name} answered no question: nothing was checked");
        }
        run_files.push(json);
    }
    if run_files.is_empty() {
        return Err("no engine could be run".into());
    }
    // One report of all the runs, judged: the built-in engine must pass
    // everything, and every verdict must be the one its engine's
    // expectations name.
    let mut command = Command::new(&combine);
    command.current_dir(root()).arg("report").arg("--dir").arg(&report);
    if chosen.iter().any(|e| e == "lawbook") {
        command.args(["--require-pass", "lawbook"]);
    }
    command.arg("--strict");
    let output = command.args(&run_files).output().map_err(|e| format!("cannot run {}: {e}", combine.display()))?;
    print!("{}", String::from_utf8_lossy(&output.stdout));
    println!("report: {}", report.join("index.html").display());
    match output.status.code() {
        Some(0) => {}
        Some(1) => failures.extend(
            String::from_utf8_lossy(&output.stderr)
                .lines()
                .map(|l| l.trim_start_matches("lawbook-conformance: ").to_string()),
        ),
        _ => return Err(String::from_utf8_lossy(&output.stderr).trim().to_string()),
    }
    if failures.is_empty() { Ok(()) } else { Err(failures.join("; ")) }
}

/// `cargo xtask differential [--against NAME] [--positions N] [--seed S] [-- MORE]`:
/// builds `lawbook-differential` in release mode with the in-process peers and
/// runs it on the real games of the test data and
/// random games until N positions (default 1,000,000) have been compared.
fn differential(args: &[String]) -> Result<(), String> {
    let mut against = "shakmaty".to_string();
    let mut positions = "1000000".to_string();
    let mut seed = "1".to_string();
    let mut more: Vec<String> = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = |name: &str| rest.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--against" => against = value("--against")?,
            "--positions" => positions = value("--positions")?,
            "--seed" => seed = value("--seed")?,
            "--" => more.extend(rest.by_ref().cloned()),
            other => {
                return Err(format!(
                    "unknown option {other:?}: expected --against NAME, --positions N, --seed S, -- MORE OPTIONS"
                ));
            }
        }
    }
    cargo(&[
        "build",
        "--release",
        "-p",
        "lawbook-differential",
        "--bin",
        "lawbook-differential",
        "--features",
        "lawbook-differential/peers",
    ])?;
    // Real games: the project's own test games and, beside the workspace, the
    // shared test data (a file of the same name as one of ours is the same copy).
    let mut pgn: Vec<std::path::PathBuf> = Vec::new();
    for dir in [root().join("crates/notation/tests/data/pgn"), root().join("../shared/testdata/pgn")] {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        let mut files: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
            .filter(|p| !pgn.iter().any(|known| known.file_name() == p.file_name()))
            .collect();
        files.sort();
        pgn.extend(files);
    }
    let program = target_dir().join("release/lawbook-differential");
    let mut command = Command::new(&program);
    command.current_dir(root()).args(["--against", &against, "--positions", &positions, "--seed", &seed]);
    if !pgn.is_empty() {
        command.arg("--pgn").args(&pgn);
    }
    command.args(&more);
    eprintln!("xtask: {} --against {against} --positions {positions} --seed {seed} ...", program.display());
    let status = command.status().map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    if status.success() { Ok(()) } else { Err(format!("the differential run failed ({status})")) }
}

/// Where cargo puts build output: `CARGO_TARGET_DIR` when set (relative to
/// the workspace if relative), otherwise the workspace's `target/`.
fn target_dir() -> std::path::PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root().join(dir),
        None => root().join("target"),
    }
}

/// The workspace root (the folder above `xtask/`).
fn root() -> std::path::PathBuf {
    let xtask = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask.parent().unwrap_or(xtask).to_path_buf()
}

/// `cargo xtask broken-engines`: runs the corpus against every mutant
/// `lawbook-conformance mutants` names, a row each, and fails when one
/// escapes or when the rows are not exactly the mutants named.
fn broken_engines() -> Result<(), String> {
    let cargo_bin = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    cargo(&["test", "-p", "lawbook-conformance", "--test", "corpus", "--no-run"])?;
    cargo(&["build", "-p", "lawbook-conformance", "--bin", "lawbook-conformance"])?;
    let program = target_dir().join("debug/lawbook-conformance");
    let output = Command::new(&program)
        .args(["mutants", "--describe"])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    let listing = String::from_utf8_lossy(&output.stdout).into_owned();
    let mutants: Vec<(&str, &str)> = listing.lines().filter_map(|l| l.split_once('\t')).collect();
    if !output.status.success() || mutants.is_empty() {
        return Err(format!(
            "lawbook-conformance mutants named no mutant: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let list = std::env::temp_dir().join(format!("lawbook-mutant-{}.txt", std::process::id()));
    let mut escaped = Vec::new();
    let mut rows = 0;
    println!("{:<38} {:>6}  caught by", "mutant", "failed");
    for &(name, what) in &mutants {
        let _ = std::fs::remove_file(&list);
        let output = Command::new(&cargo_bin)
            .args(["test", "-q", "-p", "lawbook-conformance", "--test", "corpus"])
            .env("LAWBOOK_MUTANT", name)
            .env("LAWBOOK_FAILED_LIST", &list)
            .env("INSTA_UPDATE", "no")
            .current_dir(root())
            .output()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        let failed: Vec<String> =
            std::fs::read_to_string(&list).unwrap_or_default().lines().map(str::to_string).collect();
        rows += 1;
        if output.status.success() || failed.is_empty() {
            escaped.push(format!("{name} ({what})"));
            println!("{name:<38} {:>6}  NOT CAUGHT: {what}", 0);
        } else {
            let shown: Vec<&str> = failed.iter().take(3).map(String::as_str).collect();
            let more = if failed.len() > 3 { format!(" and {} more", failed.len() - 3) } else { String::new() };
            println!("{name:<38} {:>6}  {}{more}", failed.len(), shown.join("; "));
        }
    }
    let _ = std::fs::remove_file(&list);
    if rows != mutants.len() {
        return Err(format!("{rows} mutants were run, but {} are defined", mutants.len()));
    }
    if escaped.is_empty() {
        println!("all {rows} mutants are caught, each by at least one scenario");
        Ok(())
    } else {
        Err(format!("mutants no scenario catches: {}", escaped.join(", ")))
    }
}

/// `cargo xtask setup-engines`: installs what `conformance` can check. Each
/// step's failure is reported and the others still run; the task fails when
/// any step failed.
fn setup_engines() -> Result<(), String> {
    let root_user =
        Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let apt: [&[&str]; 2] = [
        &["apt-get", "update"],
        &[
            "apt-get",
            "install",
            "-y",
            "stockfish",
            "fairy-stockfish",
            "gnuchess",
            "fairymax",
            "phalanx",
            "hoichess",
            "polyglot",
            "toga2",
            "glaurung",
            "ethereal-chess",
            // Renders the rulebook and the report in conformance/tests/conformance/pages.rs.
            "chromium",
        ],
    ];
    // pip itself when it is on PATH, otherwise Python's own.
    let pip: &[&str] = if Command::new("pip").arg("--version").output().is_ok() {
        &["pip", "install", "chess", "pyffish"]
    } else {
        &["python3", "-m", "pip", "install", "chess", "pyffish"]
    };
    let npm: [&[&str]; 4] = [
        &["npm", "install", "--prefix", "conformance/adapters/chess.js", "chess.js"],
        &["npm", "install", "--prefix", "conformance/adapters/chessops", "chessops"],
        &["npm", "install", "--prefix", "conformance/adapters/kokopu", "kokopu"],
        // Stockfish 19 as WebAssembly for Node (about 200 MB unpacked, 5 s).
        &["npm", "install", "--prefix", "conformance/adapters/stockfish-19", "stockfish"],
    ];
    let mut failed = Vec::new();
    let mut run = |step: &[&str]| {
        let shown = step.join(" ");
        println!("setup-engines: {shown}");
        match Command::new(step[0]).args(&step[1..]).current_dir(root()).status() {
            Ok(status) if status.success() => {}
            Ok(status) => {
                println!("setup-engines: `{shown}` failed ({status}); going on");
                failed.push(shown);
            }
            Err(e) => {
                println!("setup-engines: cannot run `{shown}`: {e}; going on");
                failed.push(shown);
            }
        }
    };
    if root_user {
        for step in apt {
            run(step);
        }
    } else {
        println!("setup-engines: not root, so the Debian packages are left to you; as root, run:");
        for step in apt {
            println!("  {}", step.join(" "));
        }
    }
    run(pip);
    for step in npm {
        run(step);
    }
    if failed.is_empty() { Ok(()) } else { Err(format!("these steps failed: {}", failed.join("; "))) }
}

#[cfg(test)]
mod tidy {
    //! Checks that make plain `cargo test` enforce the project's conventions.

    use std::path::{Path, PathBuf};

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    #[test]
    fn every_library_denies_missing_docs() {
        let crates = std::fs::read_dir(root().join("crates")).unwrap();
        let mut libs: Vec<PathBuf> =
            crates.map(|e| e.unwrap().path().join("src/lib.rs")).filter(|p| p.exists()).collect();
        libs.push(root().join("conformance/src/lib.rs"));
        libs.push(root().join("features/src/lib.rs"));
        for lib in libs {
            let text = std::fs::read_to_string(&lib).unwrap();
            assert!(text.contains("#![deny(missing_docs)]"), "{} lacks #![deny(missing_docs)]", lib.display());
        }
    }

    // The README's own checks (the two commands, its length, no stale
    // counts) and the documents' links are in tests/front_door.rs.

    #[test]
    fn the_engines_crate_needs_no_test_tool() {
        // Engine authors and other tools depend on lawbook-engines alone: it
        // must not drag in the harness's test tools, peers or not.
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out = std::process::Command::new(cargo)
            .args(["tree", "-p", "lawbook-engines", "--features", "peers", "-e", "normal", "--prefix", "none"])
            .current_dir(root())
            .output()
            .expect("cargo tree runs");
        assert!(out.status.success(), "cargo tree failed: {}", String::from_utf8_lossy(&out.stderr));
        let tree = String::from_utf8_lossy(&out.stdout);
        assert!(tree.lines().any(|l| l.starts_with("lawbook-engines v")), "{tree}");
        for tool in ["cucumber", "insta", "proptest", "criterion"] {
            let found = tree.lines().find(|l| l.starts_with(&format!("{tool} v")));
            assert!(found.is_none(), "lawbook-engines depends on {tool}: {found:?}");
        }
    }

    #[test]
    fn the_lawbook_command_links_no_insta() {
        // The installed `lawbook` compares pinned lists itself; insta is for
        // the corpus test only (lawbook-conformance's `review-pins` feature).
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out = std::process::Command::new(cargo)
            .args(["tree", "-p", "lawbook-cli", "-e", "normal", "--prefix", "none"])
            .current_dir(root())
            .output()
            .expect("cargo tree runs");
        assert!(out.status.success(), "cargo tree failed: {}", String::from_utf8_lossy(&out.stderr));
        let tree = String::from_utf8_lossy(&out.stdout);
        assert!(tree.lines().any(|l| l.starts_with("lawbook-conformance v")), "{tree}");
        let insta = tree.lines().find(|l| l.starts_with("insta v"));
        assert!(insta.is_none(), "lawbook-cli links insta: {insta:?}");
    }

    #[test]
    fn formatting_is_clean() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out =
            std::process::Command::new(cargo).args(["fmt", "--all", "--", "--check"]).current_dir(root()).output();
        match out {
            Ok(out) if out.status.success() => {}
            Ok(out) if String::from_utf8_lossy(&out.stderr).contains("not installed") => {
                eprintln!("rustfmt is not installed; skipping the format check");
            }
            Ok(out) => panic!(
                "cargo fmt --check found unformatted code; run cargo fmt\n{}",
                String::from_utf8_lossy(&out.stdout)
            ),
            Err(e) => eprintln!("cannot run cargo fmt ({e}); skipping the format check"),
        }
    }
}
