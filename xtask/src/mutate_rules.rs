//! `cargo xtask mutate-rules`: how honest is the corpus, measured by
//! machine. cargo-mutants changes the rules code (lawbook-movegen's
//! castling, generation and validation; lawbook-outcome's repetition,
//! endings, the seventy-five-move and fivefold tracker, material and dead
//! positions; lawbook-board's Chess960 starting-array check; lawbook-otb's
//! clock, time control, irregularities, rapid and quickplay-finish rules,
//! touch-move and its claim, when a flag counts as fallen, arriving late,
//! displaced pieces and the scoresheet), one mutant at a time, and runs
//! only the corpus
//! (`cargo test -p lawbook-conformance --test corpus`) against each. A
//! mutant the corpus does not catch is a rule it does not really check, or
//! an equivalent change.
//!
//! The mutants are made in a git worktree of the committed `HEAD` kept at
//! `target/mutate-rules/tree` (cargo-mutants `--in-place` there), so your
//! own tree is never touched and the worktree's build is reused from run to
//! run: only the first run builds from scratch. The task runs the corpus on
//! the unmutated worktree first and stops if it fails.
//!
//! Each area has its own output folder under `target/mutate-rules/`;
//! cargo-mutants' `--iterate` skips what earlier runs caught, so a run that
//! is stopped resumes where it was, and `--shard K/N` splits an area across
//! sessions or machines. A long task, never part of CI.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The areas of the rules code: name, package, file.
const AREAS: &[(&str, &str, &str)] = &[
    ("castling", "lawbook-movegen", "crates/movegen/src/castling.rs"),
    ("repetition", "lawbook-outcome", "crates/outcome/src/game.rs"),
    ("tracker", "lawbook-outcome", "crates/outcome/src/tracker.rs"),
    ("material", "lawbook-outcome", "crates/outcome/src/material.rs"),
    ("dead", "lawbook-outcome", "crates/outcome/src/dead.rs"),
    ("record", "lawbook-outcome", "crates/outcome/src/record.rs"),
    ("generation", "lawbook-movegen", "crates/movegen/src/generate.rs"),
    ("validation", "lawbook-movegen", "crates/movegen/src/validate.rs"),
    ("clock", "lawbook-otb", "crates/otb/src/model/clock.rs"),
    ("time-control", "lawbook-otb", "crates/otb/src/time_control.rs"),
    ("irregularities", "lawbook-otb", "crates/otb/src/model/irregularities.rs"),
    ("rapid", "lawbook-otb", "crates/otb/src/model/rapid.rs"),
    ("quickplay", "lawbook-otb", "crates/otb/src/model/quickplay.rs"),
    ("touch", "lawbook-otb", "crates/otb/src/model/touch.rs"),
    ("flags", "lawbook-otb", "crates/otb/src/model/flags.rs"),
    ("attendance", "lawbook-otb", "crates/otb/src/model/attendance.rs"),
    ("displaced", "lawbook-otb", "crates/otb/src/model/displaced.rs"),
    ("scoresheet", "lawbook-otb", "crates/otb/src/model/scoresheet.rs"),
    ("chess960-start", "lawbook-board", "crates/board/src/chess960.rs"),
];

pub(crate) const USAGE: &str = "[--area castling|repetition|tracker|material|dead|record|generation|validation|clock|time-control|irregularities|rapid|quickplay|touch|flags|attendance|displaced|scoresheet|chess960-start|all] [--shard K/N] \
                         [--list] [--summary]";

/// What the task was asked.
struct Options {
    areas: Vec<&'static (&'static str, &'static str, &'static str)>,
    shard: Option<String>,
    list: bool,
    summary: bool,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options { areas: Vec::new(), shard: None, list: false, summary: false };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--area" => {
                let name = rest.next().ok_or("--area needs a name")?;
                if name == "all" {
                    o.areas.extend(AREAS.iter());
                } else {
                    let area = AREAS.iter().find(|a| a.0 == name).ok_or_else(|| {
                        let names: Vec<&str> = AREAS.iter().map(|a| a.0).collect();
                        format!("no area {name:?}: expected one of {} or all", names.join(", "))
                    })?;
                    o.areas.push(area);
                }
            }
            "--shard" => {
                let shard = rest.next().ok_or("--shard needs K/N, such as 0/4")?;
                let valid = shard
                    .split_once('/')
                    .and_then(|(k, n)| Some((k.parse::<u32>().ok()?, n.parse::<u32>().ok()?)))
                    .is_some_and(|(k, n)| k < n);
                if !valid {
                    return Err(format!("--shard {shard:?}: expected K/N with K below N, such as 0/4"));
                }
                o.shard = Some(shard.clone());
            }
            "--list" => o.list = true,
            "--summary" => o.summary = true,
            other => return Err(format!("unknown option {other:?}: expected {USAGE}")),
        }
    }
    if o.areas.is_empty() {
        o.areas.extend(AREAS.iter());
    }
    Ok(o)
}

/// Runs the task.
pub(crate) fn run(args: &[String], root: &Path, target: &Path) -> Result<(), String> {
    let o = options(args)?;
    if !o.summary {
        ensure_cargo_mutants()?;
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let tree = target.join("mutate-rules").join("tree");
    if !o.summary && !o.list {
        worktree(root, &tree)?;
        eprintln!("xtask: mutate-rules: the corpus on the unmutated tree first");
        let status = Command::new(&cargo)
            .current_dir(&tree)
            .args(["test", "--package", "lawbook-conformance", "--test", "corpus"])
            .status()
            .map_err(|e| format!("cannot run cargo test: {e}"))?;
        if !status.success() {
            return Err(format!("the corpus fails on the unmutated tree {} ({status})", tree.display()));
        }
    }
    for &&(name, package, file) in &o.areas {
        if o.summary {
            break;
        }
        let out = target.join("mutate-rules").join(name);
        let mut command = Command::new(&cargo);
        command.args(["mutants", "--package", package, "--file", file]);
        if o.list {
            command.current_dir(root).arg("--list");
        } else {
            std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
            keep_unviable(&out)?;
            // The baseline was run above: cargo-mutants 27 runs its own
            // baseline with the mutated package's tests, not the corpus.
            command.current_dir(&tree).args([
                "--in-place",
                "--baseline",
                "skip",
                "--test-package",
                "lawbook-conformance",
                // For the build as well as the test: otherwise every mutant
                // builds all of the package's test programs, and only the
                // corpus runs.
                "--cargo-arg=--test",
                "--cargo-arg=corpus",
            ]);
            // The corpus runs in about 2 s: a mutant still running after a
            // minute loops (a generator that never ends) and counts as
            // timed out, rather than holding the run for minutes.
            command.args(["--iterate", "--timeout", "60", "--build-timeout", "1800", "--output"]).arg(&out);
            if let Some(shard) = &o.shard {
                command.args(["--shard", shard]);
            }
        }
        eprintln!("xtask: mutate-rules {name}: {file}");
        // cargo-mutants exits non-zero when a mutant is missed: that is a
        // result to report, not a failure of the task.
        let status = command.status().map_err(|e| format!("cannot run cargo mutants: {e}"))?;
        if !status.success() && status.code() != Some(2) && status.code() != Some(3) {
            return Err(format!("cargo mutants failed for {name} ({status})"));
        }
    }
    if !o.list {
        print!("{}", summary(&target.join("mutate-rules"))?);
    }
    Ok(())
}

/// Makes `tree` a clean worktree of `root`'s committed `HEAD`, or brings an
/// existing one to it (dropping whatever an interrupted run left changed).
fn worktree(root: &Path, tree: &Path) -> Result<(), String> {
    let git = |dir: &Path, args: &[&str]| -> Result<String, String> {
        let out =
            Command::new("git").current_dir(dir).args(args).output().map_err(|e| format!("cannot run git: {e}"))?;
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
        } else {
            Err(format!("git {} failed: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()))
        }
    };
    let head = git(root, &["rev-parse", "HEAD"])?;
    if tree.join(".git").exists() {
        git(tree, &["reset", "--hard", "--quiet"])?;
        git(tree, &["checkout", "--quiet", "--detach", &head])?;
    } else {
        let path = tree.to_str().ok_or("the target folder's path is not UTF-8")?;
        git(root, &["worktree", "prune"])?;
        git(root, &["worktree", "add", "--quiet", "--detach", path, &head])?;
    }
    eprintln!("xtask: mutate-rules: mutating {} at {}", tree.display(), &head[..12]);
    Ok(())
}

fn ensure_cargo_mutants() -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let present = Command::new(&cargo)
        .args(["mutants", "--version"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if present {
        return Ok(());
    }
    eprintln!("xtask: cargo install cargo-mutants --locked");
    let status = Command::new(&cargo)
        .args(["install", "cargo-mutants", "--locked"])
        .status()
        .map_err(|e| format!("cannot run cargo install: {e}"))?;
    if status.success() { Ok(()) } else { Err("cargo install cargo-mutants failed".into()) }
}

/// Keeps the unviable mutants of the last run in `unviable_before.txt`:
/// with `--iterate`, cargo-mutants skips them and lists them among the
/// previously caught, and its new `unviable.txt` no longer names them.
fn keep_unviable(area: &Path) -> Result<(), String> {
    let mut all = lines(area, "unviable.txt");
    all.extend(lines(area, "unviable_before.txt"));
    all.sort();
    all.dedup();
    if all.is_empty() {
        return Ok(());
    }
    let path = area.join("mutants.out").join("unviable_before.txt");
    std::fs::create_dir_all(area.join("mutants.out")).map_err(|e| format!("cannot create {}: {e}", area.display()))?;
    std::fs::write(&path, all.join("\n") + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The lines of one of cargo-mutants' outcome lists, or none.
fn lines(dir: &Path, name: &str) -> Vec<String> {
    std::fs::read_to_string(dir.join("mutants.out").join(name))
        .map(|t| t.lines().filter(|l| !l.trim().is_empty()).map(str::to_string).collect())
        .unwrap_or_default()
}

/// A table of what has run in each area (caught, missed, unviable, timed
/// out), and every missed mutant.
fn summary(dir: &Path) -> Result<String, String> {
    let mut out = format!("{:<12}{:>8}{:>8}{:>10}{:>10}\n", "area", "caught", "missed", "unviable", "timeout");
    let mut missed_all = Vec::new();
    for &(name, _, _) in AREAS {
        let area: PathBuf = dir.join(name);
        if !area.join("mutants.out").exists() {
            continue;
        }
        let [mut caught, missed, mut unviable, timeout, before, unviable_before] =
            ["caught.txt", "missed.txt", "unviable.txt", "timeout.txt", "previously_caught.txt", "unviable_before.txt"]
                .map(|f| lines(&area, f));
        // With --iterate, what earlier runs caught or could not build is
        // skipped and listed apart, as previously caught.
        unviable.extend(unviable_before);
        unviable.sort();
        unviable.dedup();
        caught.extend(before);
        caught.sort();
        caught.dedup();
        caught.retain(|m| unviable.binary_search(m).is_err());
        out.push_str(&format!(
            "{name:<12}{:>8}{:>8}{:>10}{:>10}\n",
            caught.len(),
            missed.len(),
            unviable.len(),
            timeout.len()
        ));
        missed_all.extend(missed.into_iter().map(|m| format!("{name}: {m}")));
    }
    if !missed_all.is_empty() {
        out.push_str("\nmissed:\n");
        for m in missed_all {
            out.push_str(&format!("  {m}\n"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_name_areas_and_shards_or_say_what_is_wrong() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let o = options(&args(&["--area", "castling", "--shard", "1/4"])).expect("valid");
        assert_eq!((o.areas.len(), o.shard.as_deref()), (1, Some("1/4")));
        assert_eq!(options(&args(&[])).expect("valid").areas.len(), AREAS.len());
        assert!(options(&args(&["--area", "kings"])).err().is_some_and(|e| e.contains("castling")));
        assert!(options(&args(&["--shard", "4/4"])).err().is_some_and(|e| e.contains("K/N")));
        assert!(options(&args(&["--fast"])).is_err());
    }

    #[test]
    fn the_summary_counts_each_outcome_list() {
        let dir = std::env::temp_dir().join(format!("mutate-rules-{}", std::process::id()));
        let out = dir.join("castling/mutants.out");
        std::fs::create_dir_all(&out).expect("temp dir");
        std::fs::write(out.join("caught.txt"), "a\nb\n").expect("write");
        std::fs::write(out.join("previously_caught.txt"), "a\nc\n").expect("write");
        std::fs::write(out.join("missed.txt"), "src/castling.rs:1: replace x with y\n").expect("write");
        let text = summary(&dir).expect("summary");
        assert!(text.contains("castling           3       1         0         0"), "{text}");
        assert!(text.contains("castling: src/castling.rs:1: replace x with y"), "{text}");
        // An unviable mutant of an earlier run, listed as previously caught, stays unviable.
        std::fs::write(out.join("unviable_before.txt"), "c\n").expect("write");
        let text = summary(&dir).expect("summary");
        assert!(text.contains("castling           2       1         1         0"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
