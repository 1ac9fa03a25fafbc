//! Perft throughput of lawbook next to shakmaty and cozy-chess.
//!
//! Two criterion groups, each reporting nodes (leaves) per second:
//!
//! - `perft_bulk`: the last ply is counted, not played (lawbook [`perft`],
//!   [`shakmaty::perft`], and a bulk perft over cozy-chess
//!   `Board::generate_moves` summing `PieceMoves::len` at depth 1);
//! - `perft_leaf`: every move down to the leaves is played, so the cost of
//!   making a move is measured too (lawbook [`perft_leaf`] and the equivalent
//!   hand-written loops for shakmaty and cozy-chess).
//!
//! Positions: the start position at depth 4 and Kiwipete at depth 3. Before
//! anything is timed, every library's count is checked against the published
//! node count, so a wrong generator cannot look fast.
//!
//! Run with `cargo bench -p lawbook-movegen` (add `-- --quick` for a short
//! run, or `-- perft_bulk` to select one group).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use lawbook_movegen::{Position, perft, perft_leaf};
use shakmaty::Position as _;

/// A benchmark position: its name in benchmark ids, FEN, depth and the
/// published perft count at that depth.
struct Case {
    name: &'static str,
    fen: &'static str,
    depth: u32,
    nodes: u64,
}

const CASES: [Case; 2] = [
    Case { name: "start", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", depth: 4, nodes: 197_281 },
    Case {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 3,
        nodes: 97_862,
    },
];

/// The same position, as each library represents it.
struct Positions {
    lawbook: Position,
    shakmaty: shakmaty::Chess,
    cozy: cozy_chess::Board,
}

impl Positions {
    fn parse(fen: &str) -> Positions {
        let lawbook = lawbook_notation::fen::read(fen).expect("lawbook parses the FEN");
        let shakmaty = fen
            .parse::<shakmaty::fen::Fen>()
            .expect("shakmaty parses the FEN")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("shakmaty accepts the position");
        let cozy = cozy_chess::Board::from_fen(fen, false).expect("cozy-chess parses the FEN");
        Positions { lawbook, shakmaty, cozy }
    }
}

/// Leaf perft for shakmaty: every move at depth 1 is played as well.
fn shakmaty_perft_leaf(pos: &shakmaty::Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves
            .iter()
            .map(|&m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                u64::from(child.turn() != pos.turn())
            })
            .sum();
    }
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            shakmaty_perft_leaf(&child, depth - 1)
        })
        .sum()
}

/// Bulk perft for cozy-chess: at depth 1 the moves of each piece are counted
/// with `PieceMoves::len`, not played.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Leaf perft for cozy-chess: every move at depth 1 is played as well.
fn cozy_perft_leaf(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += if depth == 1 {
                u64::from(child.side_to_move() != board.side_to_move())
            } else {
                cozy_perft_leaf(&child, depth - 1)
            };
        }
        false
    });
    nodes
}

/// One perft implementation per library, for one group.
struct Runners {
    lawbook: fn(&Position, u32) -> u64,
    shakmaty: fn(&shakmaty::Chess, u32) -> u64,
    cozy: fn(&cozy_chess::Board, u32) -> u64,
}

fn bench_group(c: &mut Criterion, group_name: &str, run: &Runners) {
    let mut group = c.benchmark_group(group_name);
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));

    for case in &CASES {
        let pos = Positions::parse(case.fen);
        let depth = case.depth;

        // Correctness first: a generator with a wrong count is not timed.
        for (library, nodes) in [
            ("lawbook", (run.lawbook)(&pos.lawbook, depth)),
            ("shakmaty", (run.shakmaty)(&pos.shakmaty, depth)),
            ("cozy-chess", (run.cozy)(&pos.cozy, depth)),
        ] {
            assert_eq!(nodes, case.nodes, "{group_name}: {library} perft({depth}) of {} is wrong", case.name);
        }

        group.throughput(Throughput::Elements(case.nodes));
        group.bench_with_input(BenchmarkId::new("lawbook", case.name), &pos.lawbook, |b, p| {
            b.iter(|| (run.lawbook)(black_box(p), black_box(depth)));
        });
        group.bench_with_input(BenchmarkId::new("shakmaty", case.name), &pos.shakmaty, |b, p| {
            b.iter(|| (run.shakmaty)(black_box(p), black_box(depth)));
        });
        group.bench_with_input(BenchmarkId::new("cozy-chess", case.name), &pos.cozy, |b, p| {
            b.iter(|| (run.cozy)(black_box(p), black_box(depth)));
        });
    }
    group.finish();
}

fn perft_bulk(c: &mut Criterion) {
    let run = Runners { lawbook: perft, shakmaty: shakmaty::perft::<shakmaty::Chess>, cozy: cozy_perft };
    bench_group(c, "perft_bulk", &run);
}

fn perft_leaf_group(c: &mut Criterion) {
    let run = Runners { lawbook: perft_leaf, shakmaty: shakmaty_perft_leaf, cozy: cozy_perft_leaf };
    bench_group(c, "perft_leaf", &run);
}

criterion_group!(benches, perft_bulk, perft_leaf_group);
criterion_main!(benches);
