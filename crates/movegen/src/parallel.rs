//! Perft on several threads. The tree is cut into work units, one per
//! (root move, reply) pair, and each thread takes the next unit when it is
//! done with one (subtrees differ greatly in size), so the threads stay busy
//! to the end. The counts are those of the one-thread functions, whatever the
//! number of threads: only the order of the additions differs.

use crate::{Move, Position, divide, perft, perft_bounded, perft_leaf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// How perft counts the last ply.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Leaves {
    /// Counted in bulk, as [`perft`] does.
    #[default]
    Counted,
    /// Played, as [`perft_leaf`] does.
    Played,
}

/// One subtree: a position two plies below the root (one ply when the
/// depth is below 3), the index of the root move above it, and the plies left.
struct Unit {
    root: usize,
    pos: Position,
    depth: u32,
}

/// Below this depth the threads would cost more than they save.
const MIN_DEPTH: u32 = 3;

/// The root moves in generation order, and the work units below them.
fn units(pos: &Position, depth: u32) -> (Vec<Move>, Vec<Unit>) {
    let roots: Vec<Move> = pos.legal_moves().to_vec();
    let mut units = Vec::new();
    for (root, &mv) in roots.iter().enumerate() {
        let child = pos.play_unchecked(mv);
        child.for_each_child(|_, grandchild| units.push(Unit { root, pos: *grandchild, depth: depth - 2 }));
    }
    (roots, units)
}

/// Counts every unit with `count` on up to `jobs` threads, each taking the
/// next unit from a shared index, and adds the counts per root move. `None`
/// as soon as one count is `None`: the threads then take no further unit.
fn count_units(
    units: &[Unit],
    roots: usize,
    jobs: usize,
    count: impl Fn(&Unit) -> Option<u64> + Sync,
) -> Option<Vec<u64>> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let work = || {
        let mut sums = vec![0u64; roots];
        while !stop.load(Ordering::Relaxed) {
            let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) else { break };
            match count(unit) {
                Some(n) => sums[unit.root] += n,
                None => stop.store(true, Ordering::Relaxed),
            }
        }
        sums
    };
    let parts: Vec<Vec<u64>> = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..jobs.min(units.len())).map(|_| scope.spawn(work)).collect();
        let mut parts = vec![work()];
        parts.extend(helpers.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))));
        parts
    });
    if stop.into_inner() {
        return None;
    }
    let mut sums = vec![0u64; roots];
    for part in parts {
        sums.iter_mut().zip(part).for_each(|(sum, n)| *sum += n);
    }
    Some(sums)
}

/// [`divide`] on `jobs` threads (0 counts as 1): the count below each legal
/// move, in generation order, with the last ply counted or played as
/// `leaves` says. One thread, or a depth below 3, counts on the calling
/// thread alone.
///
/// ```
/// use lawbook_movegen::{Leaves, Position, divide, divide_parallel};
/// let start = Position::startpos();
/// assert_eq!(divide_parallel(&start, 4, 2, Leaves::Counted), divide(&start, 4));
/// ```
pub fn divide_parallel(pos: &Position, depth: u32, jobs: usize, leaves: Leaves) -> Vec<(Move, u64)> {
    if jobs <= 1 || depth < MIN_DEPTH {
        return match leaves {
            Leaves::Counted => divide(pos, depth),
            Leaves::Played => pos
                .legal_moves()
                .iter()
                .map(|&m| (m, perft_leaf(&pos.play_unchecked(m), depth.saturating_sub(1))))
                .collect(),
        };
    }
    let (roots, units) = units(pos, depth);
    let sums = count_units(&units, roots.len(), jobs, |unit| {
        Some(match leaves {
            Leaves::Counted => perft(&unit.pos, unit.depth),
            Leaves::Played => perft_leaf(&unit.pos, unit.depth),
        })
    })
    .unwrap_or_default();
    roots.into_iter().zip(sums).collect()
}

/// [`perft`] (or, with [`Leaves::Played`], [`perft_leaf`]) on `jobs`
/// threads (0 counts as 1), with the same count.
///
/// ```
/// use lawbook_movegen::{Leaves, Position, perft_parallel};
/// let start = Position::startpos();
/// assert_eq!(perft_parallel(&start, 4, 3, Leaves::Counted), 197_281);
/// assert_eq!(perft_parallel(&start, 4, 3, Leaves::Played), 197_281);
/// ```
pub fn perft_parallel(pos: &Position, depth: u32, jobs: usize, leaves: Leaves) -> u64 {
    if jobs <= 1 || depth < MIN_DEPTH {
        return match leaves {
            Leaves::Counted => perft(pos, depth),
            Leaves::Played => perft_leaf(pos, depth),
        };
    }
    divide_parallel(pos, depth, jobs, leaves).iter().map(|&(_, n)| n).sum()
}

/// [`perft_bounded`] on `jobs` threads (0 counts as 1): `None` when the
/// count exceeds `limit`. Each unit is counted within what the finished
/// units left of the limit, so no thread counts more than `limit` nodes.
///
/// ```
/// use lawbook_movegen::{Position, perft_bounded_parallel};
/// let start = Position::startpos();
/// assert_eq!(perft_bounded_parallel(&start, 4, 197_281, 2), Some(197_281));
/// assert_eq!(perft_bounded_parallel(&start, 4, 197_280, 2), None);
/// ```
pub fn perft_bounded_parallel(pos: &Position, depth: u32, limit: u64, jobs: usize) -> Option<u64> {
    if jobs <= 1 || depth < MIN_DEPTH {
        return perft_bounded(pos, depth, limit);
    }
    let (roots, units) = units(pos, depth);
    let used = AtomicU64::new(0);
    let sums = count_units(&units, roots.len(), jobs, |unit| {
        let left = limit.checked_sub(used.load(Ordering::Relaxed))?;
        let n = perft_bounded(&unit.pos, unit.depth, left)?;
        (used.fetch_add(n, Ordering::Relaxed) + n <= limit).then_some(n)
    })?;
    Some(sums.iter().sum())
}
