//! Perft: counting the leaves of the legal move tree, the standard proof of a
//! move generator (compare with published node counts).

use crate::{Move, MoveList, Position};
use core::hint::black_box;

/// The number of move sequences of exactly `depth` plies from `pos`, counting
/// the last ply in bulk (the legal moves of a position are counted, not played).
///
/// ```
/// use lawbook_movegen::{Position, perft};
/// assert_eq!(perft(&Position::startpos(), 3), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let mut moves = MoveList::new();
            pos.legal_moves_into(&mut moves);
            let mut nodes = 0;
            for &m in &moves {
                let mut child = *pos;
                child.play_unchecked_in_place(m);
                nodes += perft(&child, depth - 1);
            }
            nodes
        }
    }
}

/// Like [`perft`], but every move down to the leaves is played: slower, and
/// it exercises [`Position::play_unchecked_in_place`] at every node. Each position
/// reached at the last ply is handed to [`core::hint::black_box`], so the
/// compiler cannot skip any part of playing the move.
///
/// ```
/// use lawbook_movegen::{Position, perft_leaf};
/// assert_eq!(perft_leaf(&Position::startpos(), 3), 8_902);
/// ```
pub fn perft_leaf(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.legal_moves_into(&mut moves);
    if depth == 1 {
        // Play each move anyway: this variant measures playing, not counting.
        for &m in &moves {
            let mut child = *pos;
            child.play_unchecked_in_place(m);
            black_box(&child);
        }
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in &moves {
        let mut child = *pos;
        child.play_unchecked_in_place(m);
        nodes += perft_leaf(&child, depth - 1);
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
