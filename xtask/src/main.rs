//! Project automation, run as `cargo xtask <task>` (an alias in `.cargo/config.toml`).
//!
//! - `conformance`: run the rule corpus against the built-in engine;
//! - `perft`: the deep perft suites (every published count up to 10 million
//!   nodes, and the six standard positions to their full depths), in release mode;
//! - `ci`: formatting, lints and the README's test command, as CI runs them.

use std::process::{Command, ExitCode};

const USAGE: &str = "usage: cargo xtask <conformance | perft | ci>

  conformance   run the rule corpus (features/) against the built-in engine
  perft         run the deep perft suites in release mode (a few minutes)
  ci            cargo fmt --check, cargo clippy -D warnings, cargo test --workspace";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("conformance") => conformance(&args[1..]),
        Some("perft") => cargo(&["test", "--release", "-p", "lawbook-movegen", "--test", "perft", "--", "--ignored"]),
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
    cargo(&["test", "--release", "-p", "lawbook-conformance"])
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
