//! `lawbook-differential`: compares lawbook with an independent
//! implementation over random and real games, and stops at the first
//! disagreement (exit 1) with the position and both answers. `cargo xtask
//! differential` drives it over the test data's games.

use clap::Parser;
use lawbook_differential::{self as differential, ReadSan};
use lawbook_engines::registry;
use std::path::PathBuf;
use std::process::ExitCode;

/// Compare lawbook with an independent implementation over random and real
/// games; stop at the first disagreement (exit 1) with the position and
/// both answers.
#[derive(Parser)]
#[command(name = "lawbook-differential", version)]
struct Cli {
    /// The peer, by its registry name: `shakmaty` (in process, needs the
    /// `peers` feature) or a JSON-lines engine that answers `trace` (`python-chess`, `chessops`).
    #[arg(long, default_value = "shakmaty")]
    against: String,
    /// The engine registry.
    #[arg(long, default_value = "conformance/engines.yaml")]
    registry: PathBuf,
    /// How many random games (100 when neither this nor --positions is given).
    #[arg(long)]
    games: Option<u64>,
    /// Play random games until this many positions have been compared in all.
    #[arg(long)]
    positions: Option<u64>,
    /// The seed of the random games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The longest random game, in plies.
    #[arg(long, default_value_t = 1000)]
    plies_max: usize,
    /// One random game in this many starts from a random Chess960 position (0: none).
    #[arg(long, default_value_t = 4)]
    chess960_every: u64,
    /// Real games to replay first (PGN files).
    #[arg(long, num_args = 1..)]
    pgn: Vec<PathBuf>,
    /// Which of lawbook's SAN texts the peer reads back: `all` legal
    /// moves, or the `played` move (default: all in process, played through JSON lines).
    #[arg(long)]
    read_san: Option<String>,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("lawbook-differential: {}", e.to_string().lines().next().unwrap_or("bad arguments"));
            return ExitCode::from(2);
        }
    };
    // The peer under test ends with the program, also when it is interrupted.
    if let Err(e) = lawbook_engines::process::end_engines_on_signals() {
        eprintln!("lawbook-differential: cannot watch for interrupts, so a peer may outlive an interrupted run: {e}");
    }
    let Cli { against, registry: path, games, positions, seed, plies_max, chess960_every, pgn, read_san } = cli;
    let read_san = match read_san.as_deref() {
        None if against == "shakmaty" => ReadSan::All,
        None => ReadSan::Played,
        Some("all") => ReadSan::All,
        Some("played") => ReadSan::Played,
        Some(other) => {
            eprintln!("lawbook-differential: --read-san {other:?}: expected all or played");
            return ExitCode::from(2);
        }
    };
    let options = differential::Options {
        seed,
        games,
        positions,
        plies_max,
        chess960_every,
        pgn,
        read_san,
        progress: Some(std::time::Duration::from_secs(30)),
    };
    let specs = registry::read(&path).map_err(|e| e.to_string());
    let mut peer = match specs.and_then(|specs| differential::peer_named(&against, &specs)) {
        Ok(peer) => peer,
        Err(e) => {
            eprintln!("lawbook-differential: {e}");
            return ExitCode::from(2);
        }
    };
    match differential::run(&mut peer, &options) {
        Ok(summary) => {
            print!("{summary}");
            ExitCode::SUCCESS
        }
        Err(differential::Failure::Disagreement(d)) => {
            println!("{d}");
            ExitCode::FAILURE
        }
        Err(differential::Failure::Error(e)) => {
            eprintln!("lawbook-differential: {e}");
            ExitCode::from(2)
        }
    }
}
