//! Perft: counting the leaves of the legal move tree, the standard proof of a
//! move generator (compare with published node counts).

use crate::{Move, Position};
use core::hint::black_box;

/// The number of move sequences of exactly `depth` plies from `pos`, counting
/// the last ply in bulk (the legal moves of a position are counted, not played).
///
/// ```
/// use lawbook_movegen::{Position, perft};
/// assert_eq!(perft(&Position::startpos(), 3), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has popcnt, as just asked.
        return unsafe { with_popcnt::perft(pos, depth) };
    }
    plain::perft(pos, depth)
}

/// Bulk perft, written once and compiled twice on x86-64 builds for CPUs
/// without `popcnt` (the default target): plainly, and for CPUs that have
/// it (nearly all), chosen at run time. Bulk counting counts the squares of
/// move sets: one `popcnt` each instead of a dozen instructions (callgrind,
/// start position, depth 5: 25.3 instructions a node to 19.1). Perft that
/// plays every move (`perft_leaf`) counts little and was slower so: kept
/// plain.
macro_rules! perft_functions {
    ($(#[$attr:meta])*) => {
        $(#[$attr])*
        pub(super) fn perft(pos: &Position, depth: u32) -> u64 {
            match depth {
                0 => 1,
                1 => pos.count_legal(),
                _ => {
                    let mut nodes = 0;
                    pos.for_each_child(|_, child| nodes += perft(child, depth - 1));
                    nodes
                }
            }
        }
    };
}

mod plain {
    use super::*;
    perft_functions!();
}

#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
mod with_popcnt {
    use super::*;
    perft_functions!(#[target_feature(enable = "popcnt")]);
}

/// Like [`perft`], but gives up (`None`) as soon as the count exceeds
/// `limit`: the work is bounded by the limit, whatever the depth.
///
/// ```
/// use lawbook_movegen::{Position, perft_bounded};
/// let start = Position::startpos();
/// assert_eq!(perft_bounded(&start, 3, 8_902), Some(8_902));
/// assert_eq!(perft_bounded(&start, 3, 8_901), None);
/// assert_eq!(perft_bounded(&start, 60, 1_000_000), None);
/// ```
pub fn perft_bounded(pos: &Position, depth: u32, limit: u64) -> Option<u64> {
    /// Counts into `budget` (what is left of the limit); false once it is exceeded.
    fn count(pos: &Position, depth: u32, budget: &mut u64) -> bool {
        let leaves = match depth {
            0 => 1,
            1 => pos.count_legal(),
            _ => {
                let mut within = true;
                pos.for_each_child(|_, child| within = within && count(child, depth - 1, budget));
                return within;
            }
        };
        match budget.checked_sub(leaves) {
            Some(left) => {
                *budget = left;
                true
            }
            None => false,
        }
    }
    let mut budget = limit;
    count(pos, depth, &mut budget).then(|| limit - budget)
}

/// Like [`perft`], but every move down to the leaves is played: slower, and
/// it measures playing moves as well as generating them. The moves are
/// played by [`Position::for_each_child`] (the code of
/// [`Position::play_unchecked`], with the moving piece known from the
/// generator), and each position reached at the last ply is handed to
/// [`core::hint::black_box`], so the compiler cannot skip any part of it.
///
/// ```
/// use lawbook_movegen::{Position, perft_leaf};
/// assert_eq!(perft_leaf(&Position::startpos(), 3), 8_902);
/// ```
pub fn perft_leaf(pos: &Position, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes = 1,
        1 => pos.for_each_child(|_, child| {
            black_box(child);
            nodes += 1;
        }),
        _ => pos.for_each_child(|_, child| nodes += perft_leaf(child, depth - 1)),
    }
    nodes
}

/// The perft count below each legal move, in generation order ("divide"):
/// the tool for finding which move a generator gets wrong.
///
/// ```
/// use lawbook_movegen::{Position, divide};
/// let counts = divide(&Position::startpos(), 2);
/// assert_eq!(counts.len(), 20);
/// assert!(counts.iter().all(|&(_, n)| n == 20));
/// ```
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| (m, if depth <= 1 { 1 } else { perft(&pos.play_unchecked(m), depth - 1) }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both compiled copies of bulk perft count the same (the CPU running the
    /// tests takes one of them through `perft`).
    #[test]
    fn both_copies_count_the_same() {
        let start = Position::startpos();
        for depth in 0..=4 {
            assert_eq!(plain::perft(&start, depth), perft(&start, depth));
        }
        assert_eq!(plain::perft(&start, 4), 197_281);
    }
}
