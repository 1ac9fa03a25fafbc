//! One perft run of one library, for `cargo xtask bench-compare`.
//!
//! ```text
//! perft_peers LIBRARY MODE POSITION DEPTH [--time SECONDS]
//! ```
//!
//! - LIBRARY: `lawbook`, `lawbook-list`, `shakmaty`, `cozy-chess` or `chess`;
//! - MODE: `bulk` (the last ply counted) or `leaf` (every move played);
//! - POSITION: `startpos`, `kiwipete` or a FEN;
//! - `--time SECONDS`: repeat the perft for at least that long (and at least
//!   three times) and report the fastest run; without it, run once (as under
//!   callgrind, where the instruction count is the measurement).
//!
//! Prints one line: `nodes=N runs=R best_ns=T`.

mod peers;

use peers::{KIWIPETE, Library, Mode, Positions, STARTPOS};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "usage: perft_peers LIBRARY MODE POSITION DEPTH [--time SECONDS]
  LIBRARY   lawbook | lawbook-list | shakmaty | cozy-chess | chess
  MODE      bulk | leaf
  POSITION  startpos | kiwipete | a FEN";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("perft_peers: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let [library, mode, position, depth, rest @ ..] = args else {
        return Err("four arguments are needed".into());
    };
    let library = Library::from_name(library).ok_or_else(|| format!("unknown library {library:?}"))?;
    let mode = Mode::from_name(mode).ok_or_else(|| format!("unknown mode {mode:?}"))?;
    let fen = match position.as_str() {
        "startpos" => STARTPOS,
        "kiwipete" => KIWIPETE,
        fen => fen,
    };
    let depth: u32 = depth.parse().map_err(|_| format!("bad depth {depth:?}"))?;
    let min_time = match rest {
        [] => None,
        [flag, seconds] if flag == "--time" => {
            Some(Duration::from_secs_f64(seconds.parse().map_err(|_| format!("bad time {seconds:?}"))?))
        }
        _ => return Err(format!("unexpected arguments {rest:?}")),
    };

    let positions = Positions::parse(fen);
    let started = Instant::now();
    let mut best = Duration::MAX;
    let mut runs = 0u32;
    let nodes = loop {
        let run_start = Instant::now();
        let nodes = positions.perft(library, mode, std::hint::black_box(depth));
        best = best.min(run_start.elapsed());
        runs += 1;
        match min_time {
            Some(min) if runs < 3 || started.elapsed() < min => continue,
            _ => break nodes,
        }
    };
    Ok(format!("nodes={nodes} runs={runs} best_ns={}", best.as_nanos()))
}
