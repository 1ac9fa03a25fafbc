//! Perft throughput of lawbook next to shakmaty, cozy-chess and the `chess`
//! crate.
//!
//! Two criterion groups, each reporting nodes (leaves) per second:
//!
//! - `perft_bulk`: the last ply is counted, not played;
//! - `perft_leaf`: every move down to the leaves is played, so the cost of
//!   making a move is measured too.
//!
//! The perft of each library is written once, in
//! `examples/perft_peers/peers.rs` (see there for what each one does; lawbook
//! appears twice: its own perft, and `lawbook-list` through the list API a
//! program would use). `cargo xtask bench-compare` runs the same code under
//! callgrind and prints a table of ratios.
//!
//! Positions: the six standard perft positions of the chessprogramming wiki
//! (the same as in `tests/movegen/perft.rs`), each at a depth of about 10,000 to
//! 200,000 nodes so that a `--quick` run stays short. Before anything is
//! timed, every library's count is checked against the published node count,
//! so a wrong generator cannot look fast.
//!
//! Run with `cargo bench -p lawbook-movegen` (add `-- --quick` for a short
//! run, or `-- perft_bulk` to select one group).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

#[allow(dead_code)] // the example uses all of the module, the bench a part
#[path = "../examples/perft_peers/peers.rs"]
mod peers;

use peers::{KIWIPETE, Library, Mode, Positions, STARTPOS};

/// A benchmark position: its name in benchmark ids, FEN, depth and the
/// published perft count at that depth.
struct Case {
    name: &'static str,
    fen: &'static str,
    depth: u32,
    nodes: u64,
}

const CASES: [Case; 6] = [
    Case { name: "start", fen: STARTPOS, depth: 4, nodes: 197_281 },
    Case { name: "kiwipete", fen: KIWIPETE, depth: 3, nodes: 97_862 },
    Case { name: "pos3", fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", depth: 4, nodes: 43_238 },
    Case {
        name: "pos4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        depth: 3,
        nodes: 9_467,
    },
    Case { name: "pos5", fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", depth: 3, nodes: 62_379 },
    Case {
        name: "pos6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        depth: 3,
        nodes: 89_890,
    },
];

fn bench_group(c: &mut Criterion, mode: Mode) {
    let group_name = format!("perft_{}", mode.name());
    let mut group = c.benchmark_group(&group_name);
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));

    for case in &CASES {
        let pos = Positions::parse(case.fen);
        let depth = case.depth;

        // Correctness first: a generator with a wrong count is not timed.
        for library in Library::ALL {
            let nodes = pos.perft(library, mode, depth);
            assert_eq!(nodes, case.nodes, "{group_name}: {} perft({depth}) of {} is wrong", library.name(), case.name);
        }

        group.throughput(Throughput::Elements(case.nodes));
        for library in Library::ALL {
            group.bench_with_input(BenchmarkId::new(library.name(), case.name), &pos, |b, p| {
                b.iter(|| p.perft(library, mode, black_box(depth)));
            });
        }
    }
    group.finish();
}

fn perft_bulk(c: &mut Criterion) {
    bench_group(c, Mode::Bulk);
}

fn perft_leaf(c: &mut Criterion) {
    bench_group(c, Mode::Leaf);
}

criterion_group!(benches, perft_bulk, perft_leaf);
criterion_main!(benches);
