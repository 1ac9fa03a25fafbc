//! Project automation, run as `cargo xtask <task>` (an alias in `.cargo/config.toml`).
//!
//! - `conformance`: run the rule corpus against the built-in engine;
//! - `perft`: the deep perft suites (every published count up to 10 million
//!   nodes, and the six standard positions to their full depths), in release mode;
//! - `corpus-mutants`: run the corpus against deliberately broken engines and
//!   show that each one makes at least one scenario fail;
//! - `bench-compare`: perft of lawbook, shakmaty, cozy-chess and the `chess`
//!   crate side by side, in instructions (callgrind) and wall time, on the
//!   default target and with `target-cpu=native` (see [`bench_compare`]);
//! - `fuzz`: coverage-guided fuzzing with `cargo fuzz` (see [`fuzz`]);
//! - `differential`: compare lawbook with shakmaty or python-chess over a
//!   million positions of random and real games, in release mode;
//! - `ci`: formatting, lints and the README's test command, as CI runs them;
//! - `setup-engines`: install the engines and libraries `conformance` can check.

use std::process::{Command, ExitCode};

mod bench_compare;
mod fuzz;

const USAGE: &str =
    "usage: cargo xtask <conformance | perft | corpus-mutants | bench-compare | fuzz | differential | ci | setup-engines>

  conformance     run the rule corpus (features/) against engines and write reports:
                  [--engine NAME|all]... [--tags EXPR] [--report DIR] [--strict]
  perft           run the deep perft suites in release mode (a few minutes)
  corpus-mutants  show that the corpus catches each deliberately broken engine
  bench-compare   perft of lawbook and its peers under callgrind and in wall time,
                  one table of ratios (about 15 minutes; --quick for a smaller run,
                  --no-native, --no-callgrind, --no-wall to leave parts out)
  fuzz            coverage-guided fuzzing with cargo fuzz: [TARGET|all]... [--seconds N]
                  (targets fen, moves, pgn, epd, protocol, play; 60 s each by default)
  differential    compare lawbook with an independent implementation over random and real games:
                  [--against shakmaty|python-chess] [--positions N] [--seed S] [-- MORE OPTIONS]
                  (default: shakmaty, 1000000 positions, seed 1; release build)
  ci              cargo fmt --check, cargo clippy -D warnings, cargo test --workspace
  setup-engines   install Stockfish, the xboard engines (apt-get, as root), python-chess and chess.js";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("conformance") => conformance(&args[1..]),
        Some("perft") => cargo(&["test", "--release", "-p", "lawbook-movegen", "--test", "perft", "--", "--ignored"]),
        Some("corpus-mutants") => corpus_mutants(),
        Some("bench-compare") => bench_compare::run(&args[1..]),
        Some("fuzz") => fuzz::run(&args[1..]),
        Some("differential") => differential(&args[1..]),
        Some("ci") => ci(),
        Some("setup-engines") => setup_engines(),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown task {other:?}\n{USAGE}")),
        None => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Runs `cargo` with `args` in the workspace root, failing on a non-zero exit.
fn cargo(args: &[&str]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    eprintln!("xtask: cargo {}", args.join(" "));
    let status =
        Command::new(cargo).args(args).current_dir(root).status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("cargo {} failed ({status})", args.join(" "))) }
}

/// `cargo xtask conformance [--engine NAME|all]... [--tags EXPR] [--report DIR] [--strict]`
fn conformance(args: &[String]) -> Result<(), String> {
    let mut engines: Vec<String> = Vec::new();
    let mut tags: Option<String> = None;
    let mut report = root().join("target/conformance");
    let mut strict = false;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = |name: &str| rest.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--engine" => engines.push(value("--engine")?),
            "--tags" => tags = Some(value("--tags")?),
            "--report" => report = std::path::PathBuf::from(value("--report")?),
            "--strict" => strict = true,
            other => {
                return Err(format!(
                    "unknown option {other:?}: expected --engine NAME|all, --tags EXPR, --report DIR, --strict"
                ));
            }
        }
    }
    let registry = root().join("conformance/engines.yaml");
    let registry_text =
        std::fs::read_to_string(&registry).map_err(|e| format!("cannot read {}: {e}", registry.display()))?;
    let known = registry_entries(&registry_text);
    if engines.is_empty() {
        engines.push("lawbook".into());
    }
    if engines.iter().any(|e| e == "all") {
        engines = known.iter().map(|(name, _, _)| name.clone()).collect();
    }
    // Check every engine exists; skip (and say how to install) those that are missing.
    let mut chosen = Vec::new();
    for name in &engines {
        let Some((_, command, install)) = known.iter().find(|(n, _, _)| n == name) else {
            return Err(format!("no engine named {name:?} in conformance/engines.yaml"));
        };
        match command {
            Some(cmd) if !program_exists(cmd) => {
                println!(
                    "skipping {name}: {cmd} is not installed; install it with: {}",
                    install.as_deref().unwrap_or("cargo xtask setup-engines")
                );
            }
            _ => chosen.push(name.clone()),
        }
    }
    let peers = chosen.iter().any(|e| e == "shakmaty" || e == "cozy-chess");
    let mut build =
        vec!["build", "-q", "-p", "lawbook-conformance", "--bin", "lawbook-conformance", "-p", "lawbook-cli"];
    if peers {
        build.extend(["--features", "lawbook-conformance/peers"]);
    }
    cargo(&build)?;
    let program = target_dir().join("debug/lawbook-conformance");
    let runs_dir = report.join("runs");
    let mut run_files = Vec::new();
    let mut failures = Vec::new();
    for name in &chosen {
        let json = runs_dir.join(format!("{name}.json"));
        let _ = std::fs::remove_file(&json);
        println!("conformance: running the corpus against {name} ...");
        let mut command = Command::new(&program);
        command.current_dir(root()).args(["run", "--engine", name, "--json"]).arg(&json);
        if let Some(t) = &tags {
            command.args(["--tags", t]);
        }
        let log = report.join(format!("logs/{name}.log"));
        std::fs::create_dir_all(log.parent().unwrap_or(&report)).map_err(|e| e.to_string())?;
        let output = command.output().map_err(|e| format!("cannot run {}: {e}", program.display()))?;
        let _ = std::fs::write(&log, [output.stdout.as_slice(), output.stderr.as_slice()].concat());
        if !json.exists() {
            let why = String::from_utf8_lossy(&output.stderr).lines().last().unwrap_or("no output").to_string();
            println!("conformance: {name} could not be run: {why} (log: {})", log.display());
            failures.push(format!("{name} could not be run"));
            continue;
        }
        run_files.push(json);
    }
    if run_files.is_empty() {
        return Err("no engine could be run".into());
    }
    let output = Command::new(&program)
        .current_dir(root())
        .arg("report")
        .arg("--dir")
        .arg(&report)
        .args(&run_files)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    print!("{}", String::from_utf8_lossy(&output.stdout));
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).trim().to_string());
    }
    println!("reports: {} (index.html, junit.xml, summary.json)", report.display());
    // Exit non-zero when the built-in engine fails anything, or with --strict when any engine does.
    for json in &run_files {
        let name = json.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let text = std::fs::read_to_string(json).unwrap_or_default();
        let bad = text.contains("\"verdict\":\"failed\"") || text.contains("\"verdict\":\"error\"");
        let unsupported = text.contains("\"verdict\":\"unsupported\"");
        if bad && (name == "lawbook" || strict) {
            failures.push(format!("{name} breaks rules of the corpus"));
        }
        if name == "lawbook" && unsupported {
            failures.push("the built-in engine leaves scenarios unsupported".into());
        }
    }
    if failures.is_empty() { Ok(()) } else { Err(failures.join("; ")) }
}

/// `cargo xtask differential [--against NAME] [--positions N] [--seed S] [-- MORE]`:
/// builds `lawbook-conformance` in release mode with the in-process peers and
/// runs its `differential` command on the real games of the test data and
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
        "-q",
        "--release",
        "-p",
        "lawbook-conformance",
        "--bin",
        "lawbook-conformance",
        "--features",
        "lawbook-conformance/peers",
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
    let program = target_dir().join("release/lawbook-conformance");
    let mut command = Command::new(&program);
    command.current_dir(root()).args([
        "differential",
        "--against",
        &against,
        "--positions",
        &positions,
        "--seed",
        &seed,
    ]);
    if !pgn.is_empty() {
        command.arg("--pgn").args(&pgn);
    }
    command.args(&more);
    eprintln!(
        "xtask: {} differential --against {against} --positions {positions} --seed {seed} ...",
        program.display()
    );
    let status = command.status().map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    if status.success() { Ok(()) } else { Err(format!("the differential run failed ({status})")) }
}

/// `(name, command, install)` of each registry entry (a light reading: the
/// conformance crate validates the file properly).
fn registry_entries(text: &str) -> Vec<(String, Option<String>, Option<String>)> {
    let mut out: Vec<(String, Option<String>, Option<String>)> = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim().trim_start_matches("- ");
        let value = |key: &str| trimmed.strip_prefix(key).map(|v| v.trim().trim_matches('"').to_string());
        if let Some(name) = value("name:") {
            out.push((name, None, None));
        } else if let (Some(cmd), Some(last)) = (value("command:"), out.last_mut()) {
            last.1 = Some(cmd);
        } else if let (Some(install), Some(last)) = (value("install:"), out.last_mut()) {
            last.2 = Some(install);
        }
    }
    out
}

/// Whether a program can be found on PATH or in /usr/games.
fn program_exists(command: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::path::Path::new(command).is_file()
        || std::env::split_paths(&path)
            .chain([std::path::PathBuf::from("/usr/games")])
            .any(|d| d.join(command).is_file())
}

/// The mutants the corpus must catch, as `lawbook_conformance::mutants::MUTANTS` lists them.
fn mutant_names() -> Result<Vec<(String, String)>, String> {
    let source = std::fs::read_to_string(root().join("conformance/src/mutants.rs")).map_err(|e| e.to_string())?;
    let mut names = Vec::new();
    for line in source.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("(\"")
            && let Some((name, rest)) = rest.split_once("\", \"")
        {
            names.push((name.to_string(), rest.trim_end_matches("\"),").to_string()));
        }
    }
    if names.is_empty() { Err("no mutants found in conformance/src/mutants.rs".into()) } else { Ok(names) }
}

/// Where cargo puts build output: `CARGO_TARGET_DIR` when set (relative to
/// the workspace if relative), otherwise the workspace's `target/`.
fn target_dir() -> std::path::PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root().join(dir),
        None => root().join("target"),
    }
}

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn corpus_mutants() -> Result<(), String> {
    let cargo_bin = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    cargo(&["test", "-p", "lawbook-conformance", "--test", "corpus", "--no-run"])?;
    let list = std::env::temp_dir().join(format!("lawbook-mutant-{}.txt", std::process::id()));
    let mut escaped = Vec::new();
    println!("{:<24} {:>6}  caught by", "mutant", "failed");
    for (name, what) in mutant_names()? {
        let _ = std::fs::remove_file(&list);
        let output = Command::new(&cargo_bin)
            .args(["test", "-q", "-p", "lawbook-conformance", "--test", "corpus"])
            .env("LAWBOOK_MUTANT", &name)
            .env("LAWBOOK_FAILED_LIST", &list)
            .env("INSTA_UPDATE", "no")
            .current_dir(root())
            .output()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        let failed: Vec<String> =
            std::fs::read_to_string(&list).unwrap_or_default().lines().map(str::to_string).collect();
        if output.status.success() || failed.is_empty() {
            escaped.push(format!("{name} ({what})"));
            println!("{name:<24} {:>6}  NOT CAUGHT: {what}", 0);
        } else {
            let shown: Vec<&str> = failed.iter().take(3).map(String::as_str).collect();
            let more = if failed.len() > 3 { format!(" and {} more", failed.len() - 3) } else { String::new() };
            println!("{name:<24} {:>6}  {}{more}", failed.len(), shown.join("; "));
        }
    }
    let _ = std::fs::remove_file(&list);
    if escaped.is_empty() {
        println!("every mutant is caught by at least one scenario");
        Ok(())
    } else {
        Err(format!("mutants no scenario catches: {}", escaped.join(", ")))
    }
}

fn ci() -> Result<(), String> {
    cargo(&["fmt", "--all", "--", "--check"])?;
    cargo(&["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"])?;
    cargo(&["test", "--workspace"])
}

/// `cargo xtask setup-engines`: installs what `conformance` can check. Each
/// step's failure is reported and the others still run; the task fails when
/// any step failed.
fn setup_engines() -> Result<(), String> {
    let root_user =
        Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let apt: [&[&str]; 2] = [
        &["apt-get", "update"],
        &["apt-get", "install", "-y", "stockfish", "gnuchess", "fairymax", "phalanx", "hoichess"],
    ];
    // pip itself when it is on PATH, otherwise Python's own.
    let pip: &[&str] = if Command::new("pip").arg("--version").output().is_ok() {
        &["pip", "install", "chess"]
    } else {
        &["python3", "-m", "pip", "install", "chess"]
    };
    let npm: &[&str] = &["npm", "install", "--prefix", "conformance/adapters/chess.js", "chess.js"];
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
    run(npm);
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
        for lib in libs {
            let text = std::fs::read_to_string(&lib).unwrap();
            assert!(text.contains("#![deny(missing_docs)]"), "{} lacks #![deny(missing_docs)]", lib.display());
        }
    }

    #[test]
    fn readme_holds_the_two_commands() {
        let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
        assert!(readme.contains("cargo xtask conformance"), "README.md must show the main job");
        assert!(readme.contains("cargo test --workspace"), "README.md must show the test command");
        let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
        assert!(ci.contains("cargo test --workspace"), ".ci/run must run the README's test command");
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
