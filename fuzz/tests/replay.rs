//! Runs every fuzz target's checks over its committed seeds and over every
//! input a fuzzer ever failed on (`regressions/<target>/`), so that plain
//! `cargo test` keeps the fixes and the targets themselves from rotting.

use std::fs;
use std::path::Path;

/// Runs `check` on every file under `seeds/<target>` and `regressions/<target>`;
/// returns how many inputs were run.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for folder in ["seeds", "regressions"] {
        let Ok(entries) = fs::read_dir(root.join(folder).join(target)) else { continue };
        let mut paths: Vec<_> = entries.map(|e| e.expect("a readable folder").path()).collect();
        paths.sort();
        for path in paths {
            let data = fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            eprintln!("{target}: {}", path.display());
            check(&data);
            count += 1;
        }
    }
    count
}

#[test]
fn fen() {
    assert!(replay("fen", lawbook_fuzz::fen) > 0);
}

#[test]
fn moves() {
    assert!(replay("moves", lawbook_fuzz::moves) > 0);
}

#[test]
fn pgn() {
    assert!(replay("pgn", lawbook_fuzz::pgn) > 0);
}

#[test]
fn epd() {
    assert!(replay("epd", lawbook_fuzz::epd) > 0);
}

#[test]
fn protocol() {
    assert!(replay("protocol", lawbook_fuzz::protocol) > 0);
}

#[test]
fn play() {
    assert!(replay("play", lawbook_fuzz::play) > 0);
}

#[test]
fn replies() {
    assert!(replay("replies", lawbook_fuzz::replies) > 0);
}
