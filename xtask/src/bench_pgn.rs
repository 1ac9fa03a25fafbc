//! `cargo xtask bench-pgn`: `lawbook pgn` on real PGN files next to
//! pgn-reader with shakmaty and python-chess, in one run, printed as one table.
//!
//! The files are the two 1 MB samples shipped in the pgn-reader crate
//! (`benches/lichess_db_1000k.pgn` and `benches/twic1599_1000k.pgn`; the
//! crate's folder is asked of `cargo metadata`), and each sample 100 times
//! over (100 MB), written to `target/bench-pgn/`. Every reader plays every
//! move of every main line. Measured:
//!
//! - instructions (`valgrind --tool=callgrind`, deterministic) on the 1 MB
//!   samples: `lawbook pgn --jobs 1` and the `pgn_peer` example of
//!   lawbook-cli (pgn-reader and shakmaty);
//! - MB/s on the clock on the 100 MB files, the fastest of seven runs (as
//!   `bench-compare` takes; a shared machine only ever slows a run down),
//!   the programs taking turns run by run:
//!   `lawbook pgn` with `--jobs 1` and `--jobs 2`, and `pgn_peer`;
//!   python-chess (`chess.pgn.read_game`, when it is installed) on the 1 MB
//!   samples, being about a hundred times slower;
//! - that `--jobs 2` prints byte for byte what `--jobs 1` prints, text and
//!   `--json`, on every file;
//! - with `--big`, the peak memory (the kernel's high-water mark of the
//!   resident set) of `lawbook pgn --jobs 2` on a 1 GB file: the lichess
//!   sample 1,000 times over.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::root;

/// The samples of the pgn-reader crate: the name in the table and the file.
const SAMPLES: [(&str, &str); 2] = [("lichess", "lichess_db_1000k.pgn"), ("TWIC", "twic1599_1000k.pgn")];
/// How many times each sample is repeated for the runs on the clock.
const REPEAT: usize = 100;
/// How many runs on the clock the fastest is taken of.
const RUNS: usize = 7;

struct Options {
    callgrind: bool,
    big: bool,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut options = Options { callgrind: true, big: false };
    for arg in args {
        match arg.as_str() {
            "--no-callgrind" => options.callgrind = false,
            "--big" => options.big = true,
            other => return Err(format!("bench-pgn: unknown option {other:?}")),
        }
    }
    Ok(options)
}

/// One sample's figures.
#[derive(Default)]
struct Row {
    name: &'static str,
    megabytes: f64,
    games: String,
    lawbook_ir: Option<u64>,
    peer_ir: Option<u64>,
    jobs1: f64,
    jobs2: f64,
    peer: f64,
    python: Option<f64>,
    same: bool,
}

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let options = options(args)?;
    let work = root().join("target/bench-pgn");
    std::fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let (lawbook, peer) = build()?;
    let samples = samples_dir()?;
    let callgrind = options.callgrind && Command::new("valgrind").arg("--version").output().is_ok();
    if options.callgrind && !callgrind {
        eprintln!("xtask: valgrind is not installed: no instruction counts");
    }
    let python = python_chess();
    if python.is_none() {
        eprintln!("xtask: python-chess is not installed (cargo xtask setup-engines): no python-chess column");
    }
    let mut rows = Vec::new();
    for (name, file) in SAMPLES {
        let small = samples.join(file);
        let text = std::fs::read(&small).map_err(|e| format!("cannot read {}: {e}", small.display()))?;
        let big = work.join(format!("{name}.x{REPEAT}.pgn"));
        std::fs::write(&big, text.repeat(REPEAT)).map_err(|e| format!("cannot write {}: {e}", big.display()))?;
        let megabytes = (text.len() * REPEAT) as f64 / 1e6;
        let mut row = Row { name, megabytes, ..Row::default() };
        if callgrind {
            row.lawbook_ir = Some(instructions(&lawbook, &["pgn", "--jobs", "1"], &small, &work)?);
            row.peer_ir = Some(instructions(&peer, &[], &small, &work)?);
        }
        let commands: [(&Path, &[&str]); 3] =
            [(&lawbook, &["pgn", "--jobs", "1"]), (&lawbook, &["pgn", "--jobs", "2"]), (&peer, &[])];
        let best = best_seconds(&commands, &big)?;
        (row.jobs1, row.jobs2, row.peer) = (megabytes / best[0], megabytes / best[1], megabytes / best[2]);
        if let Some(python) = &python {
            let script = [
                "-c",
                "import sys, chess.pgn\nf = open(sys.argv[1], encoding='utf-8', errors='replace')\n\
                 while chess.pgn.read_game(f) is not None: pass",
            ];
            row.python = Some(text.len() as f64 / 1e6 / seconds(python, &script, &small)?);
        }
        // --jobs changes nothing but the time.
        let mut same = true;
        for json in [false, true] {
            let mut outputs = Vec::new();
            for jobs in ["1", "2"] {
                let mut args = vec!["pgn", "--jobs", jobs];
                if json {
                    args.push("--json");
                }
                outputs.push(output(&lawbook, &args, &big)?);
            }
            same &= outputs[0] == outputs[1];
            if !json {
                row.games = String::from_utf8_lossy(&outputs[0]).lines().last().unwrap_or("").to_string();
            }
        }
        row.same = same;
        eprintln!(
            "xtask: {name}: lawbook {:.0} MB/s (--jobs 2: {:.0}), pgn-reader + shakmaty {:.0} MB/s",
            row.jobs1, row.jobs2, row.peer
        );
        rows.push(row);
    }
    let mut table = table(&rows);
    if options.big {
        let text = std::fs::read(samples.join(SAMPLES[0].1)).map_err(|e| format!("cannot read the sample: {e}"))?;
        let file = work.join("lichess.x1000.pgn");
        std::fs::write(&file, text.repeat(1000)).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        let (seconds, peak) = peak_memory(&lawbook, &["pgn", "--jobs", "2"], &file)?;
        let _ = std::fs::remove_file(&file);
        let _ = writeln!(
            table,
            "\nA 1 GB file ({:.0} MB: the lichess sample 1,000 times over), `lawbook pgn --jobs 2`: \
             {seconds:.1} s, peak resident memory {:.1} MB.",
            (text.len() * 1000) as f64 / 1e6,
            peak as f64 / 1024.0
        );
    }
    let file = work.join("table.md");
    std::fs::write(&file, &table).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    println!("{table}");
    eprintln!("xtask: the table is also in {}", file.display());
    if rows.iter().any(|r| !r.same) {
        return Err("lawbook pgn printed something else with --jobs 2 than with --jobs 1".into());
    }
    Ok(())
}

fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| file | lawbook `--jobs 1` MB/s | lawbook `--jobs 2` MB/s | pgn-reader + shakmaty MB/s | \
         python-chess MB/s | lawbook / pgn-reader (clock) | instructions, lawbook / pgn-reader (1 MB) | \
         `--jobs 2` output = `--jobs 1` |\n|---|---:|---:|---:|---:|---:|---:|---|\n",
    );
    for row in rows {
        let python = row.python.map_or("not installed".to_string(), |p| format!("{p:.2}"));
        let ir = match (row.lawbook_ir, row.peer_ir) {
            (Some(a), Some(b)) => {
                format!("{:.1}M / {:.1}M = {:.2}", a as f64 / 1e6, b as f64 / 1e6, a as f64 / b as f64)
            }
            _ => "not measured".to_string(),
        };
        let _ = writeln!(
            out,
            "| {} ({:.0} MB) | {:.0} | {:.0} | {:.0} | {python} | {:.2} | {ir} | {} |",
            row.name,
            row.megabytes,
            row.jobs1,
            row.jobs2,
            row.peer,
            row.jobs1 / row.peer,
            if row.same { "identical" } else { "DIFFERENT" }
        );
    }
    for row in rows {
        let _ = writeln!(out, "\n{}: {}", row.name, row.games);
    }
    out
}

/// Builds `lawbook` and the `pgn_peer` example in release mode.
fn build() -> Result<(PathBuf, PathBuf), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    eprintln!("xtask: building lawbook and pgn_peer (release)");
    let status = Command::new(cargo)
        .args(["build", "--quiet", "--release", "-p", "lawbook-cli", "--bin", "lawbook", "--example", "pgn_peer"])
        .current_dir(root())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("building lawbook and pgn_peer failed".into());
    }
    let release = crate::target_dir().join("release");
    Ok((release.join("lawbook"), release.join("examples/pgn_peer")))
}

/// The `benches` folder of the pgn-reader crate, as `cargo metadata` places it.
fn samples_dir() -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1"])
        .current_dir(root())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err("cargo metadata failed".into());
    }
    let metadata: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata printed no JSON: {e}"))?;
    let manifest = metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["name"] == "pgn-reader")
        .and_then(|p| p["manifest_path"].as_str())
        .ok_or("cargo metadata names no pgn-reader package (a dev-dependency of lawbook-cli)")?;
    let dir = Path::new(manifest).parent().unwrap_or(Path::new(".")).join("benches");
    Ok(dir)
}

/// The Python that has python-chess, if one has.
fn python_chess() -> Option<PathBuf> {
    let ok = Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    ok.then(|| PathBuf::from("python3"))
}

/// `program args file`, its output and errors thrown away.
fn quiet(program: &Path, args: &[&str], file: &Path) -> Command {
    let mut command = Command::new(program);
    command.args(args).arg(file).stdout(Stdio::null()).stderr(Stdio::null());
    command
}

fn cannot_run(program: &Path, e: std::io::Error) -> String {
    format!("cannot run {}: {e}", program.display())
}

/// Runs `program args file`, its output thrown away; the seconds it took.
fn seconds(program: &Path, args: &[&str], file: &Path) -> Result<f64, String> {
    let clock = Instant::now();
    let status = quiet(program, args, file).status().map_err(|e| cannot_run(program, e))?;
    let took = clock.elapsed();
    // lawbook pgn exits 1 when a game fails (none of the samples' games do by default).
    if status.code().is_none_or(|c| c > 1) {
        return Err(format!("{} {} {} failed: {status}", program.display(), args.join(" "), file.display()));
    }
    Ok(took.as_secs_f64())
}

/// The fastest of [`RUNS`] runs of each command on `file`, after one run to
/// warm the page cache. The commands take turns, run by run: a shared
/// machine's speed drifts over minutes, and so it drifts for all of them.
fn best_seconds<const N: usize>(commands: &[(&Path, &[&str]); N], file: &Path) -> Result<[f64; N], String> {
    seconds(commands[0].0, commands[0].1, file)?;
    let mut best = [f64::INFINITY; N];
    for _ in 0..RUNS {
        for ((program, args), best) in commands.iter().zip(&mut best) {
            *best = best.min(seconds(program, args, file)?);
        }
    }
    Ok(best)
}

/// What `program args file` prints on stdout.
fn output(program: &Path, args: &[&str], file: &Path) -> Result<Vec<u8>, String> {
    let out = quiet(program, args, file).stdout(Stdio::piped()).output().map_err(|e| cannot_run(program, e))?;
    Ok(out.stdout)
}

/// The instructions of `program args file` under callgrind.
fn instructions(program: &Path, args: &[&str], file: &Path, work: &Path) -> Result<u64, String> {
    let out_file = work.join("callgrind.out");
    let out = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg(program)
        .args(args)
        .arg(file)
        .stdout(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    let text = String::from_utf8_lossy(&out.stderr);
    let _ = std::fs::remove_file(&out_file);
    text.lines()
        .find_map(|line| line.split_once("Collected :").map(|(_, n)| n.trim().replace(',', "")))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("callgrind counted nothing for {}: {}", program.display(), text.trim()))
}

/// Runs `program args file` and watches the kernel's high-water mark of its
/// resident memory (`VmHWM` in `/proc/PID/status`, Linux only): the seconds
/// and the peak in KB.
fn peak_memory(program: &Path, args: &[&str], file: &Path) -> Result<(f64, u64), String> {
    let clock = Instant::now();
    let mut child = quiet(program, args, file).spawn().map_err(|e| cannot_run(program, e))?;
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0u64;
    loop {
        // The mark only grows, so the last reading before the end is the peak, near enough.
        if let Ok(status) = std::fs::read_to_string(&status_file)
            && let Some(kb) = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            peak = peak.max(kb);
        }
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("cannot wait for {}: {e}", program.display())),
        }
    }
    Ok((clock.elapsed().as_secs_f64(), peak))
}
