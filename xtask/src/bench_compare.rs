//! `cargo xtask bench-compare`: perft of lawbook next to shakmaty, cozy-chess
//! and the `chess` crate, measured two ways, printed as one table.
//!
//! The perft of every library is the `perft_peers` example of
//! lawbook-movegen (`crates/movegen/examples/perft_peers/`), built twice: for
//! the default x86-64 target and with `-C target-cpu=native`. Each row of the
//! table is one position, depth, mode (bulk: the last ply counted; leaf: every
//! move played) and target, measured as
//!
//! - instructions per node, from `valgrind --tool=callgrind`: the run at the
//!   depth minus the same run at depth 1 (start-up and parsing), divided by
//!   the nodes. Instruction counts are deterministic, so a busy machine does
//!   not disturb them;
//! - nanoseconds per node in wall time: the fastest of repeated runs (at
//!   least three, for at least a second), which a busy machine does disturb.
//!
//! The ratio columns are lawbook / peer: below 1 means lawbook is ahead. The
//! `lawbook-list` column is lawbook walked through its general list API
//! (`legal_moves_into` and `play_unchecked_in_place`) instead of its perft
//! functions (which generate and play in one pass).
//!
//! valgrind 3.19 cannot decode AVX-512, GFNI, VAES or VPCLMULQDQ
//! instructions, so the native build turns those features off (on x86-64);
//! everything else the CPU has (BMI2, POPCNT, LZCNT, AVX2, ...) stays on.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::root;

/// The libraries, in the order of the `perft_peers` example's names.
const LIBRARIES: [&str; 5] = ["lawbook", "lawbook-list", "shakmaty", "cozy-chess", "chess"];
/// The peers lawbook is compared with.
const PEERS: [&str; 3] = ["shakmaty", "cozy-chess", "chess"];
const MODES: [&str; 2] = ["bulk", "leaf"];

/// A position, its depth and the published perft count there.
struct Case {
    position: &'static str,
    depth: u32,
    nodes: u64,
}

const CASES: [Case; 2] = [
    Case { position: "startpos", depth: 5, nodes: 4_865_609 },
    Case { position: "kiwipete", depth: 4, nodes: 4_085_603 },
];
const QUICK_CASES: [Case; 2] =
    [Case { position: "startpos", depth: 4, nodes: 197_281 }, Case { position: "kiwipete", depth: 3, nodes: 97_862 }];

/// A build of the example: its name in the table and its RUSTFLAGS.
struct Target {
    name: &'static str,
    rustflags: String,
}

fn targets(native: bool) -> Vec<Target> {
    let mut targets = vec![Target { name: "default", rustflags: String::new() }];
    if native {
        let mut flags = String::from("-C target-cpu=native");
        if cfg!(target_arch = "x86_64") {
            flags.push_str(" -C target-feature=-avx512f,-gfni,-vaes,-vpclmulqdq");
        }
        targets.push(Target { name: "native", rustflags: flags });
    }
    targets
}

struct Options {
    quick: bool,
    native: bool,
    callgrind: bool,
    wall: bool,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut options = Options { quick: false, native: true, callgrind: true, wall: true };
    for arg in args {
        match arg.as_str() {
            "--quick" => options.quick = true,
            "--no-native" => options.native = false,
            "--no-callgrind" => options.callgrind = false,
            "--no-wall" => options.wall = false,
            other => return Err(format!("bench-compare: unknown option {other:?}")),
        }
    }
    if !options.callgrind && !options.wall {
        return Err("bench-compare: nothing to measure (--no-callgrind and --no-wall)".into());
    }
    Ok(options)
}

/// One row's key: position, mode, target.
type Key = (&'static str, &'static str, &'static str);

#[derive(Default)]
struct Measured {
    /// Instructions per node, by library.
    instructions: BTreeMap<&'static str, f64>,
    /// Nanoseconds per node, by library.
    nanos: BTreeMap<&'static str, f64>,
}

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let options = options(args)?;
    if options.callgrind {
        let found = Command::new("valgrind").arg("--version").output();
        if !found.is_ok_and(|out| out.status.success()) {
            return Err("bench-compare needs valgrind for the instruction counts (or pass --no-callgrind)".into());
        }
    }
    let cases: &[Case] = if options.quick { &QUICK_CASES } else { &CASES };
    let work =
        root().canonicalize().map_err(|e| format!("cannot find the workspace: {e}"))?.join("target/bench-compare");
    std::fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;

    let mut results: BTreeMap<Key, Measured> = BTreeMap::new();
    let targets = targets(options.native);
    for target in &targets {
        let binary = build(target, &work)?;
        for case in cases {
            for mode in MODES {
                let row = results.entry((case.position, mode, target.name)).or_default();
                for library in LIBRARIES {
                    if options.callgrind {
                        let ir = instructions_per_node(&binary, library, mode, case, &work)?;
                        eprintln!(
                            "xtask: {} {mode} {} {}: {ir:.1} instructions/node",
                            target.name, case.position, library
                        );
                        row.instructions.insert(library, ir);
                    }
                    if options.wall {
                        let ns = nanos_per_node(&binary, library, mode, case)?;
                        eprintln!("xtask: {} {mode} {} {}: {ns:.2} ns/node", target.name, case.position, library);
                        row.nanos.insert(library, ns);
                    }
                }
            }
        }
    }

    let table = table(&results, cases, &targets, &options);
    let file = work.join("table.md");
    std::fs::write(&file, &table).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    println!("{table}");
    eprintln!("xtask: the table is also in {}", file.display());
    Ok(())
}

/// Builds the `perft_peers` example for `target` in its own target directory.
fn build(target: &Target, work: &Path) -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let dir = work.join(target.name);
    eprintln!("xtask: building perft_peers ({}: RUSTFLAGS={:?})", target.name, target.rustflags);
    let status = Command::new(cargo)
        .args(["build", "--quiet", "--release", "-p", "lawbook-movegen", "--example", "perft_peers", "--target-dir"])
        .arg(&dir)
        .env("RUSTFLAGS", &target.rustflags)
        .current_dir(root())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("building perft_peers for the {} target failed", target.name));
    }
    Ok(dir.join("release/examples/perft_peers"))
}

/// Runs the example; returns the nodes and the best time in nanoseconds.
fn perft_peers(binary: &Path, args: &[&str], wrapper: &[String]) -> Result<(u64, u64), String> {
    let (program, wrapper_args) = match wrapper.split_first() {
        Some((program, rest)) => (PathBuf::from(program), rest.to_vec()),
        None => (binary.to_path_buf(), Vec::new()),
    };
    let mut command = Command::new(&program);
    command.args(&wrapper_args);
    if !wrapper.is_empty() {
        command.arg(binary);
    }
    let out = command.args(args).output().map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    if !out.status.success() {
        return Err(format!(
            "perft_peers {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or("")
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |name: &str| {
        text.split_whitespace()
            .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('=')?.parse::<u64>().ok())
            .ok_or_else(|| format!("perft_peers {}: no {name} in {text:?}", args.join(" ")))
    };
    Ok((field("nodes")?, field("best_ns")?))
}

fn check_nodes(nodes: u64, case: &Case, library: &str, mode: &str) -> Result<(), String> {
    if nodes == case.nodes {
        Ok(())
    } else {
        Err(format!(
            "{library} {mode} perft({}) of {} gives {nodes}, not the published {}",
            case.depth, case.position, case.nodes
        ))
    }
}

/// Instructions of one callgrind run of the example.
fn callgrind(binary: &Path, args: &[&str], out: &Path) -> Result<(u64, u64), String> {
    let wrapper = vec![
        "valgrind".to_string(),
        "--quiet".to_string(),
        "--tool=callgrind".to_string(),
        format!("--callgrind-out-file={}", out.display()),
    ];
    let (nodes, _) = perft_peers(binary, args, &wrapper)?;
    let text = std::fs::read_to_string(out).map_err(|e| format!("cannot read {}: {e}", out.display()))?;
    let total = text
        .lines()
        .find_map(|line| line.strip_prefix("totals:").or_else(|| line.strip_prefix("summary:")))
        .and_then(|n| n.trim().parse::<u64>().ok())
        .ok_or_else(|| format!("no instruction total in {}", out.display()))?;
    let _ = std::fs::remove_file(out);
    Ok((nodes, total))
}

fn instructions_per_node(binary: &Path, library: &str, mode: &str, case: &Case, work: &Path) -> Result<f64, String> {
    let out = work.join("callgrind.out");
    let depth = case.depth.to_string();
    let (nodes, full) = callgrind(binary, &[library, mode, case.position, &depth], &out)?;
    check_nodes(nodes, case, library, mode)?;
    let (_, start_up) = callgrind(binary, &[library, mode, case.position, "1"], &out)?;
    Ok(full.saturating_sub(start_up) as f64 / nodes as f64)
}

fn nanos_per_node(binary: &Path, library: &str, mode: &str, case: &Case) -> Result<f64, String> {
    let depth = case.depth.to_string();
    let (nodes, best) = perft_peers(binary, &[library, mode, case.position, &depth, "--time", "1"], &[])?;
    check_nodes(nodes, case, library, mode)?;
    Ok(best as f64 / nodes as f64)
}

/// The measurement's circumstances: date, machine, compiler, flags.
fn header(targets: &[Target]) -> String {
    let mut text = String::new();
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines().find_map(|l| Some(l.strip_prefix("model name")?.split(':').nth(1)?.trim().to_string()))
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let version = |program: &str| {
        Command::new(program)
            .arg("--version")
            .output()
            .ok()
            .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string())
            .unwrap_or_else(|| format!("{program} not found"))
    };
    let _ = writeln!(text, "perft side by side, measured {} (UTC)", today());
    let _ = writeln!(text, "machine: {cpus} vCPU {cpu}; {}; {}", version("rustc"), version("valgrind"));
    for target in targets {
        let flags = if target.rustflags.is_empty() { "(none)" } else { &target.rustflags };
        let _ = writeln!(text, "target {}: RUSTFLAGS {flags}", target.name);
    }
    let _ = writeln!(
        text,
        "instr/node: callgrind, the run at depth d minus the run at depth 1, per node; ns/node: fastest of repeated runs"
    );
    let _ = writeln!(text, "ratios are lawbook / peer (below 1: lawbook ahead)");
    text
}

fn table(results: &BTreeMap<Key, Measured>, cases: &[Case], targets: &[Target], options: &Options) -> String {
    let mut text = header(targets);
    text.push('\n');
    let mut columns: Vec<String> = vec!["position".into(), "mode".into(), "target".into(), "metric".into()];
    columns.extend(["lawbook", "shakmaty", "cozy-chess", "chess"].map(String::from));
    columns.extend(PEERS.map(|peer| format!("lawbook/{peer}")));
    columns.push("lawbook-list".into());
    let _ = writeln!(text, "| {} |", columns.join(" | "));
    // The four key columns left-aligned, the numbers right-aligned.
    let align: String = (0..columns.len()).map(|i| if i < 4 { "---|" } else { "---:|" }).collect();
    let _ = writeln!(text, "|{align}");
    for case in cases {
        for mode in MODES {
            for target in targets {
                let Some(row) = results.get(&(case.position, mode, target.name)) else { continue };
                let metrics: [(&str, &BTreeMap<&str, f64>, bool, usize); 2] =
                    [("instr/node", &row.instructions, options.callgrind, 1), ("ns/node", &row.nanos, options.wall, 2)];
                for (metric, values, measured, decimals) in metrics {
                    if !measured {
                        continue;
                    }
                    let cell =
                        |library: &str| values.get(library).map_or("-".to_string(), |v| format!("{v:.decimals$}"));
                    let mut cells = vec![
                        format!("{} d{}", case.position, case.depth),
                        mode.to_string(),
                        target.name.to_string(),
                        metric.to_string(),
                    ];
                    cells.extend(["lawbook", "shakmaty", "cozy-chess", "chess"].map(cell));
                    for peer in PEERS {
                        let ratio = match (values.get("lawbook"), values.get(peer)) {
                            (Some(ours), Some(theirs)) if *theirs > 0.0 => format!("{:.2}", ours / theirs),
                            _ => "-".into(),
                        };
                        cells.push(ratio);
                    }
                    cells.push(cell("lawbook-list"));
                    let _ = writeln!(text, "| {} |", cells.join(" | "));
                }
            }
        }
    }
    text
}

/// Today's date (UTC) as YYYY-MM-DD, from the system clock.
fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Days since 1970-01-01 to a civil date (proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read() {
        let args: Vec<String> = ["--quick", "--no-native"].map(String::from).to_vec();
        let o = options(&args).unwrap();
        assert!(o.quick && !o.native && o.callgrind && o.wall);
        assert!(options(&["--bogus".to_string()]).is_err());
        assert!(options(&["--no-callgrind".to_string(), "--no-wall".to_string()]).is_err());
    }

    #[test]
    fn the_date_is_a_date() {
        let date = today();
        assert_eq!(date.len(), 10);
        assert!(date.starts_with("20"));
    }
}
