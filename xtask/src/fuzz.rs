//! `cargo xtask fuzz [TARGET|all]... [--seconds N]`: coverage-guided fuzzing
//! of lawbook's readers, its rules server and play, with `cargo fuzz`
//! (libFuzzer).
//!
//! Each target's corpus (`fuzz/corpus/<target>`, not committed) is seeded
//! from the committed seeds (`fuzz/seeds/<target>`), every input that ever
//! failed (`fuzz/regressions/<target>`) and the project's test data: the
//! perft suites' positions, the test games and their moves. A failing input
//! is left in `fuzz/artifacts/<target>`; fix the fault, then commit the input
//! to `fuzz/regressions/<target>` so that `cargo test` replays it for ever.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The targets, each with the longest input libFuzzer makes for it.
const TARGETS: [(&str, usize); 7] =
    [("fen", 256), ("moves", 64), ("pgn", 8192), ("epd", 1024), ("protocol", 4096), ("play", 512), ("replies", 8192)];

/// What one target's run did.
struct RunReport {
    target: &'static str,
    seconds: f64,
    executions: Option<u64>,
    corpus: usize,
    failed: bool,
}

/// Runs the task.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let mut seconds = 60u64;
    let mut chosen: Vec<(&'static str, usize)> = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--seconds" => {
                let value = rest.next().ok_or("--seconds needs a number")?;
                seconds = value.parse().map_err(|_| format!("--seconds needs a whole number, not {value:?}"))?;
            }
            "all" => chosen.extend(TARGETS),
            name => match TARGETS.iter().find(|(t, _)| *t == name) {
                Some(&target) => chosen.push(target),
                None => {
                    let names: Vec<&str> = TARGETS.iter().map(|(t, _)| *t).collect();
                    return Err(format!("unknown fuzz target {name:?}: the targets are {}", names.join(", ")));
                }
            },
        }
    }
    if chosen.is_empty() {
        chosen.extend(TARGETS);
    }
    let toolchain = prepare()?;
    let mut reports = Vec::new();
    for (target, max_len) in chosen {
        let corpus = seed(target)?;
        reports.push(fuzz(&toolchain, target, max_len, seconds, &corpus)?);
    }
    println!("\n| target | seconds | executions | executions/s | corpus | result |\n|---|---|---|---|---|---|");
    for r in &reports {
        let (runs, rate) = match r.executions {
            Some(n) => (n.to_string(), format!("{:.0}", n as f64 / r.seconds.max(1.0))),
            None => ("?".into(), "?".into()),
        };
        let result = if r.failed { "FAILED (see fuzz/artifacts)" } else { "no failure" };
        println!("| {} | {:.0} | {runs} | {rate} | {} | {result} |", r.target, r.seconds, r.corpus);
    }
    let failed: Vec<&str> = reports.iter().filter(|r| r.failed).map(|r| r.target).collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "fuzzing found failures in {}: the inputs are in fuzz/artifacts/<target>; after the fix, \
             add each to fuzz/regressions/<target>",
            failed.join(", ")
        ))
    }
}

/// Makes sure `cargo fuzz` can run; returns the toolchain argument to use
/// (`+nightly` when a nightly toolchain is installed, otherwise none, with
/// `RUSTC_BOOTSTRAP=1` letting the stable compiler take the sanitizer flags).
fn prepare() -> Result<Option<&'static str>, String> {
    let has = |args: &[&str]| {
        Command::new("cargo").args(args).stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
    };
    if !has(&["fuzz", "--version"]) {
        eprintln!("xtask: installing cargo-fuzz (cargo install cargo-fuzz --locked)");
        let status = Command::new("cargo")
            .args(["install", "cargo-fuzz", "--locked"])
            .status()
            .map_err(|e| format!("cannot run cargo install: {e}"))?;
        if !status.success() {
            return Err("cargo install cargo-fuzz failed".into());
        }
    }
    Ok(has(&["+nightly", "--version"]).then_some("+nightly"))
}

/// Fills `fuzz/corpus/<target>` with the seeds; returns its path.
fn seed(target: &str) -> Result<PathBuf, String> {
    let root = crate::root();
    let corpus = root.join("fuzz/corpus").join(target);
    fs::create_dir_all(&corpus).map_err(|e| format!("cannot create {}: {e}", corpus.display()))?;
    let mut inputs: BTreeSet<Vec<u8>> = BTreeSet::new();
    for folder in ["fuzz/seeds", "fuzz/regressions"] {
        for path in files(&root.join(folder).join(target)) {
            inputs.insert(fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?);
        }
    }
    let fens = suite_fens(&root);
    let games = test_games(&root);
    match target {
        "fen" => inputs.extend(fens.iter().map(|f| f.as_bytes().to_vec())),
        "epd" => inputs.extend(suite_lines(&root).into_iter().map(String::into_bytes)),
        "pgn" => inputs.extend(games.iter().map(|g| g.as_bytes().to_vec())),
        "moves" => {
            let words: BTreeSet<&str> = games
                .iter()
                .flat_map(|g| g.lines().filter(|l| !l.starts_with('[')))
                .flat_map(str::split_whitespace)
                .filter(|w| w.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) || w.starts_with("O-"))
                .collect();
            // The first byte picks the position the move is read in.
            for (i, word) in words.iter().enumerate() {
                let mut input = vec![(i % 10) as u8];
                input.extend_from_slice(word.as_bytes());
                inputs.insert(input);
            }
        }
        "protocol" => {
            let requests = ["legal_moves", "status", "game", "board"];
            for (i, fen) in fens.iter().enumerate() {
                let request = requests[i % requests.len()];
                let line = format!("{{\"id\":{i},\"request\":\"{request}\",\"position\":{{\"fen\":\"{fen}\"}}}}\n");
                inputs.insert(line.into_bytes());
            }
        }
        _ => {}
    }
    for (i, input) in inputs.iter().enumerate() {
        let path = corpus.join(format!("seed-{i:05}"));
        fs::write(&path, input).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(corpus)
}

/// The files of a folder (none when it does not exist), sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()).collect())
        .unwrap_or_default();
    paths.sort();
    paths
}

/// The record lines of the perft suites, a few hundred from each file.
fn suite_lines(root: &Path) -> Vec<String> {
    files(&root.join("crates/movegen/tests/data"))
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "epd" || e == "perft"))
        .flat_map(|p| {
            let text = fs::read_to_string(p).unwrap_or_default();
            text.lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .take(300)
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The FENs of the perft suites (the part before the first `;`).
fn suite_fens(root: &Path) -> Vec<String> {
    suite_lines(root).iter().filter_map(|l| l.split(';').next()).map(|f| f.trim().to_string()).collect()
}

/// The test games, one text each, at most 8 KiB (longer ones cut).
fn test_games(root: &Path) -> Vec<String> {
    let mut games = Vec::new();
    for dir in [root.join("crates/notation/tests/data/pgn"), root.join("../shared/testdata/pgn")] {
        for path in files(&dir).iter().filter(|p| p.extension().is_some_and(|e| e == "pgn")) {
            let text = fs::read_to_string(path).unwrap_or_default();
            for game in text.split("\n\n[Event ") {
                let game = if game.starts_with('[') { game.to_string() } else { format!("[Event {game}") };
                let end = (0..=game.len().min(8192)).rev().find(|&i| game.is_char_boundary(i)).unwrap_or(0);
                games.push(game[..end].to_string());
            }
        }
    }
    games
}

/// Runs one target for `seconds`.
fn fuzz(
    toolchain: &Option<&str>,
    target: &'static str,
    max_len: usize,
    seconds: u64,
    corpus: &Path,
) -> Result<RunReport, String> {
    let root = crate::root();
    let mut command = Command::new("cargo");
    if let Some(toolchain) = toolchain {
        command.arg(toolchain);
    } else {
        command.env("RUSTC_BOOTSTRAP", "1");
    }
    command
        .args(["fuzz", "run", "--release", "--debug-assertions", target])
        .arg(corpus)
        .arg("--")
        .arg(format!("-max_total_time={seconds}"))
        .arg(format!("-max_len={max_len}"))
        .args(["-timeout=10", "-rss_limit_mb=2048", "-print_final_stats=1"])
        // `replies` starts engine processes, each read by a thread of its
        // own that may still be ending when an input is done: glibc's record
        // of its thread-local destructors (32 bytes, `__cxa_thread_atexit_impl`)
        // then looks like a leak to LeakSanitizer. Memory is still bounded
        // by -rss_limit_mb.
        .args(if target == "replies" { &["-detect_leaks=0"][..] } else { &[][..] })
        // The workspace's release profile has link-time optimisation, which
        // the coverage instrumentation does not survive.
        .env("CARGO_PROFILE_RELEASE_LTO", "false")
        .current_dir(&root)
        .stderr(Stdio::piped());
    eprintln!("xtask: fuzzing {target} for {seconds} s");
    let started = Instant::now();
    let output = command.output().map_err(|e| format!("cannot run cargo fuzz: {e}"))?;
    let seconds = started.elapsed().as_secs_f64();
    let log = String::from_utf8_lossy(&output.stderr);
    let log_path = crate::target_dir().join(format!("fuzz-{target}.log"));
    let _ = fs::create_dir_all(crate::target_dir());
    let _ = fs::write(&log_path, log.as_bytes());
    let executions = log
        .lines()
        .rev()
        .filter_map(|l| l.strip_prefix("stat::number_of_executed_units:"))
        .find_map(|n| n.trim().parse().ok());
    // libFuzzer's own count of the seconds it ran, without the build.
    let seconds = log
        .lines()
        .rev()
        .filter_map(|l| l.strip_prefix("Done ").and_then(|rest| rest.split(" runs in ").nth(1)))
        .find_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or(seconds);
    let failed = !output.status.success();
    if failed {
        let tail: Vec<&str> = log.lines().rev().take(40).collect();
        eprintln!("{}", tail.into_iter().rev().collect::<Vec<_>>().join("\n"));
        eprintln!("xtask: the whole log is {}", log_path.display());
    }
    Ok(RunReport { target, seconds, executions, corpus: files(corpus).len(), failed })
}
