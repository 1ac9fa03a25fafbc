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
//! - `ci`: formatting, lints and the README's test command, as CI runs them.

use std::process::{Command, ExitCode};

mod bench_compare;

const USAGE: &str = "usage: cargo xtask <conformance | perft | corpus-mutants | bench-compare | ci>

  conformance     run the rule corpus (features/) against the built-in engine
  perft           run the deep perft suites in release mode (a few minutes)
  corpus-mutants  show that the corpus catches each deliberately broken engine
  bench-compare   perft of lawbook and its peers under callgrind and in wall time,
                  one table of ratios (about 15 minutes; --quick for a smaller run,
                  --no-native, --no-callgrind, --no-wall to leave parts out)
  ci              cargo fmt --check, cargo clippy -D warnings, cargo test --workspace";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("conformance") => conformance(&args[1..]),
        Some("perft") => cargo(&["test", "--release", "-p", "lawbook-movegen", "--test", "perft", "--", "--ignored"]),
        Some("corpus-mutants") => corpus_mutants(),
        Some("bench-compare") => bench_compare::run(&args[1..]),
        Some("ci") => ci(),
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

fn conformance(args: &[String]) -> Result<(), String> {
    if let Some(extra) = args.first() {
        return Err(format!(
            "conformance takes no options yet (got {extra:?}); engine selection comes with the engine adapters"
        ));
    }
    cargo(&["test", "-p", "lawbook-conformance", "--test", "corpus", "--test", "catalogue"])
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
