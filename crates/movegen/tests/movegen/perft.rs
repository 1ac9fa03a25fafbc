//! Perft against published node counts: the six standard positions of the
//! chessprogramming wiki, and every suite in `tests/data/` (see SOURCES.md).
//!
//! By default each suite entry with at most `QUICK_NODES` nodes runs; the
//! `#[ignore]`d tests run the deep entries (up to 10 million nodes each, and
//! the standard positions to their full published depths): `cargo xtask perft`.

use lawbook_board::{CastlingMode, Relaxations};
use lawbook_movegen::{
    Leaves, Position, divide, divide_parallel, perft, perft_bounded_parallel, perft_leaf, perft_parallel,
};
use lawbook_notation::{epd, fen};

const QUICK_NODES: u64 = 200_000;
const DEEP_NODES: u64 = 10_000_000;
/// Martin Sedlak's positions publish one count each, the largest under four
/// million nodes: the normal run checks all of them.
const SEDLAK_NODES: u64 = 4_000_000;

/// The six positions of the chessprogramming wiki with their counts by depth.
const STANDARD: &[(&str, &str, &[u64])] = &[
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324],
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2_039, 97_862, 4_085_603, 193_690_690],
    ),
    (
        "position 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661],
    ),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9_467, 422_333, 15_833_292],
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1_486, 62_379, 2_103_487, 89_941_194],
    ),
    (
        "position 6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890, 3_894_594, 164_075_551],
    ),
];

fn check_standard(max_nodes: u64) {
    for (name, text, counts) in STANDARD {
        let pos = fen::read(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (i, &expected) in counts.iter().enumerate() {
            if expected > max_nodes {
                continue;
            }
            let depth = i as u32 + 1;
            assert_eq!(perft(&pos, depth), expected, "{name} depth {depth}");
        }
    }
}

#[test]
fn standard_positions_shallow() {
    check_standard(QUICK_NODES * 20);
}

#[test]
#[ignore = "deep: run with cargo xtask perft"]
fn standard_positions_to_published_depths() {
    check_standard(u64::MAX);
}

#[test]
fn leaf_perft_plays_every_move() {
    for (name, text, counts) in STANDARD {
        let pos = fen::read(text).unwrap();
        for (i, &expected) in counts.iter().enumerate().take(3) {
            assert_eq!(perft_leaf(&pos, i as u32 + 1), expected, "{name} depth {}", i + 1);
        }
    }
}

/// The thread counts the parallel functions are compared at: one (the
/// serial path), two, three, and more threads than some roots have moves.
const JOBS: [usize; 4] = [1, 2, 3, 7];

#[test]
fn parallel_counts_equal_published_and_serial_counts() {
    for (name, text, counts) in STANDARD {
        let pos = fen::read(text).unwrap();
        for (i, &expected) in counts.iter().enumerate().take_while(|&(_, &n)| n <= QUICK_NODES * 3) {
            let depth = i as u32 + 1;
            let serial = divide(&pos, depth);
            for jobs in JOBS {
                let at = format!("{name} depth {depth} jobs {jobs}");
                assert_eq!(perft_parallel(&pos, depth, jobs, Leaves::Counted), expected, "{at}");
                assert_eq!(divide_parallel(&pos, depth, jobs, Leaves::Counted), serial, "{at}");
                assert_eq!(perft_bounded_parallel(&pos, depth, expected, jobs), Some(expected), "{at}");
                assert_eq!(perft_bounded_parallel(&pos, depth, expected - 1, jobs), None, "{at}");
                if expected <= QUICK_NODES / 2 {
                    assert_eq!(perft_parallel(&pos, depth, jobs, Leaves::Played), expected, "{at}");
                    assert_eq!(divide_parallel(&pos, depth, jobs, Leaves::Played), serial, "{at}");
                }
            }
        }
    }
}

#[test]
fn parallel_counts_in_chess960_and_without_moves() {
    // A Chess960 start (chess960.epd, line 1) with castling on both wings in reach.
    let pos = fen::read("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
    assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
    for jobs in JOBS {
        assert_eq!(perft_parallel(&pos, 4, jobs, Leaves::Counted), 326_672, "jobs {jobs}");
        assert_eq!(divide_parallel(&pos, 3, jobs, Leaves::Played), divide(&pos, 3), "jobs {jobs}");
    }
    // Mate after 1. f3 e5 2. g4 Qh4#: no root move, no unit.
    let mated = fen::read("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    // Two root moves (a3, a4), fewer than the threads.
    let lone = fen::read("7k/8/8/8/8/6q1/P7/7K w - - 0 1").unwrap();
    assert_eq!(lone.legal_moves().len(), 2);
    for jobs in JOBS {
        assert_eq!(perft_parallel(&mated, 3, jobs, Leaves::Counted), 0);
        assert!(divide_parallel(&mated, 3, jobs, Leaves::Counted).is_empty());
        assert_eq!(divide_parallel(&lone, 4, jobs, Leaves::Counted), divide(&lone, 4));
        assert_eq!(perft_parallel(&lone, 4, jobs, Leaves::Played), perft(&lone, 4));
    }
}

/// Runs every entry of a suite file with at most `max_nodes` nodes; returns how many ran.
fn run_suite(file: &str, mode: Option<CastlingMode>, relax: Relaxations, max_nodes: u64) -> usize {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let cases = epd::read_perft_suite(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(!cases.is_empty(), "{file}: no cases");
    let mut failures = Vec::new();
    let mut ran = 0;
    let mut last: Option<(String, Position)> = None;
    for case in cases.iter().filter(|c| c.nodes <= max_nodes) {
        let pos = match &last {
            Some((text, pos)) if *text == case.fen => *pos,
            _ => {
                let pos =
                    fen::read_with(&case.fen, mode, relax).unwrap_or_else(|e| panic!("{file}:{}: {e}", case.line));
                last = Some((case.fen.clone(), pos));
                pos
            }
        };
        let got = perft(&pos, case.depth);
        ran += 1;
        if got != case.nodes {
            failures.push(format!(
                "{file}:{}: {} depth {}: expected {}, got {got}",
                case.line, case.fen, case.depth, case.nodes
            ));
        }
    }
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
    ran
}

macro_rules! suite {
    ($quick:ident, $deep:ident, $file:literal, $mode:expr, $relax:expr) => {
        #[test]
        fn $quick() {
            assert!(run_suite($file, $mode, $relax, QUICK_NODES) > 0);
        }

        #[test]
        #[ignore = "deep: run with cargo xtask perft"]
        fn $deep() {
            run_suite($file, $mode, $relax, DEEP_NODES);
        }
    };
}

// The ROCE suite holds composed positions with checks no move could give
// (two bishops checking along one diagonal): they are read with that rule waived.
const COMPOSED: Relaxations = Relaxations::STRICT.allow_impossible_check();
suite!(standard_epd, standard_epd_deep, "standard.epd", None, COMPOSED);
suite!(crlf_epd, crlf_epd_deep, "perftsuite-crlf.epd", None, COMPOSED);
suite!(chess960_epd, chess960_epd_deep, "chess960.epd", Some(CastlingMode::Chess960), Relaxations::STRICT);
suite!(random_epd, random_epd_deep, "perft-random.epd", None, Relaxations::STRICT);
suite!(tricky_a, tricky_a_deep, "tricky-a.perft", Some(CastlingMode::Chess960), Relaxations::ANALYSIS);
suite!(tricky_b, tricky_b_deep, "tricky-b.perft", Some(CastlingMode::Chess960), Relaxations::ANALYSIS);

// Martin Sedlak's positions (CCC, see the file's header): one published count
// each, all of them in the normal run.
// Its first pair has an en passant square whose double step could not have
// been played (the bishop already checked through the square the pawn
// landed on): read with that rule waived, and only that one.
#[test]
fn sedlak_perft() {
    let published = Relaxations::STRICT.allow_impossible_double_step();
    assert_eq!(run_suite("sedlak.perft", None, published, SEDLAK_NODES), 28);
}
