//! Attacks computed square by square, without tables.
//!
//! Slow but obviously right: the move generator's build script derives its
//! lookup tables from these functions, and its tests compare the tables
//! against them.

use crate::{Bitboard, Square};

/// Steps of a rook: up, down, right, left, as (file, rank) deltas.
pub const ROOK_DIRECTIONS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
/// Steps of a bishop along the four diagonals.
pub const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The eight jumps of a knight.
pub const KNIGHT_JUMPS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
/// The eight steps of a king.
pub const KING_STEPS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The square `(df, dr)` away from `square`, if it is on the board.
pub fn step(square: Square, (df, dr): (i32, i32)) -> Option<Square> {
    let file = square.file() as i32 + df;
    let rank = square.rank() as i32 + dr;
    if (0..8).contains(&file) && (0..8).contains(&rank) { Square::new((rank * 8 + file) as u32) } else { None }
}

/// The squares one step of each delta away.
pub fn leaper_attacks(square: Square, deltas: &[(i32, i32)]) -> Bitboard {
    deltas.iter().filter_map(|d| step(square, *d)).collect()
}

/// The squares a line piece on `square` reaches along `directions`: each ray
/// runs until and including the first occupied square.
pub fn slider_attacks(square: Square, occupied: Bitboard, directions: &[(i32, i32)]) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    for &d in directions {
        let mut sq = square;
        while let Some(next) = step(sq, d) {
            attacks.add(next);
            if occupied.contains(next) {
                break;
            }
            sq = next;
        }
    }
    attacks
}

/// The squares a pawn of `white` (or black) on `square` attacks.
pub fn pawn_attacks(white: bool, square: Square) -> Bitboard {
    let dr = if white { 1 } else { -1 };
    leaper_attacks(square, &[(-1, dr), (1, dr)])
}
