//! The pieces of a move in progress: the piece in the player's hand, and
//! the part of a move one piece makes. Both the model and its words use
//! them.

use lawbook_board::Square;
use lawbook_movegen::Move;

/// The piece in the player's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Held {
    /// An own piece, by the square it stood on when the move began.
    Piece(Square),
    /// A new promotion piece, on this square.
    New(Square),
}

/// Whether `origin` to `at` is the move `m`, or the part of it a piece makes.
pub(crate) fn part_of(m: Move, origin: Square, at: Square) -> bool {
    match m.castling_squares() {
        Some((king_to, rook_to)) => (origin == m.from() && at == king_to) || (origin == m.to() && at == rook_to),
        None => origin == m.from() && at == m.to(),
    }
}
