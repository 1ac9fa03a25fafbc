//! Why castling is or is not allowed: each condition of FIDE 3.8.2, named.

use crate::attacks::attackers;
use crate::attacks::between;
use crate::{Move, Position};
use core::fmt;
use lawbook_board::{Bitboard, Rank, Square};

/// The side castling goes to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Short castling, `0-0`: the king goes to the g-file, the rook to the f-file.
    Short,
    /// Long castling, `0-0-0`: the king goes to the c-file, the rook to the d-file.
    Long,
}

/// The first condition of FIDE 3.8.2 that stops a castling move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CastlingObstacle {
    /// The right is gone: the king or that rook has moved (3.8.2.1).
    NoRight,
    /// Squares the king or the rook must pass or land on are occupied (3.8.2.2).
    Blocked(Bitboard),
    /// The king is in check (3.8.2.2).
    InCheck,
    /// The king would pass over an attacked square (3.8.2.2).
    PassesAttackedSquare(Square),
    /// The king would land on an attacked square (3.8.2.2).
    LandsOnAttackedSquare(Square),
    /// None of the king's squares is attacked before castling, but the
    /// castling rook shields its castling square: once the rook has moved,
    /// the king would stand there in check, which no move may leave it in
    /// (3.9.2). Only in Chess960: a rook on b1 (b8) between an enemy rook or
    /// queen on a1 (a8) and c1 (c8).
    LandsInCheck(Square),
}

impl fmt::Display for CastlingObstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CastlingObstacle::NoRight => f.write_str("the king or that rook has already moved"),
            CastlingObstacle::Blocked(squares) => {
                let list: Vec<String> = squares.squares().map(|s| s.to_string()).collect();
                write!(f, "the squares between the king and the rook are not empty ({})", list.join(", "))
            }
            CastlingObstacle::InCheck => f.write_str("the king is in check"),
            CastlingObstacle::PassesAttackedSquare(sq) => write!(f, "the king would pass over {sq}, which is attacked"),
            CastlingObstacle::LandsOnAttackedSquare(sq) => write!(f, "the king would land on {sq}, which is attacked"),
            CastlingObstacle::LandsInCheck(sq) => {
                write!(f, "the king would stand in check on {sq} once the rook has left the line it shielded")
            }
        }
    }
}

impl Position {
    /// The castling move to `side`, if the side to move still has that right.
    pub fn castling_move(&self, side: CastlingSide) -> Option<Move> {
        let king = self.king_of(self.turn);
        let rights =
            self.castling & self.board.by_color(self.turn) & Bitboard::from_rank(Rank::First.relative(self.turn));
        rights
            .squares()
            .find(|rook| (rook.file() > king.file()) == (side == CastlingSide::Short))
            .map(|rook| Move::castle(king, rook))
    }

    /// Whether castling to `side` is legal now, and if not, the first condition
    /// of FIDE 3.8.2 that stops it: the right (3.8.2.1), then the squares that
    /// must be empty, then check and attacked squares (3.8.2.2; the laws list
    /// the attacked squares before the empty ones), or, when none does, that
    /// the king would stand in check once castled (3.9.2).
    ///
    /// ```
    /// use lawbook_movegen::{CastlingObstacle, CastlingSide, Position};
    /// let pos = Position::startpos();
    /// assert!(matches!(pos.castling_obstacle(CastlingSide::Short), Some(CastlingObstacle::Blocked(_))));
    /// ```
    pub fn castling_obstacle(&self, side: CastlingSide) -> Option<CastlingObstacle> {
        let Some(mv) = self.castling_move(side) else { return Some(CastlingObstacle::NoRight) };
        let (king, rook) = (mv.from(), mv.to());
        let (king_to, rook_to) = mv.castling_squares()?;
        let occupied = self.board.occupied();
        let king_path = between(king, king_to).with(king_to);
        let must_be_empty = (king_path | between(rook, rook_to).with(rook_to)).without(king).without(rook);
        if (must_be_empty & occupied).any() {
            return Some(CastlingObstacle::Blocked(must_be_empty & occupied));
        }
        if self.is_check() {
            return Some(CastlingObstacle::InCheck);
        }
        // 3.8.2.2 looks at the position before castling, where the castling
        // rook still stands on its square and may hide a square of the king's
        // way (the king, not in check, hides none of them).
        let seen = occupied.without(king);
        // The king's way in the order it walks it: the first attacked square is named.
        let attacked = |sq: &Square| attackers(&self.board, *sq, !self.turn, seen).any();
        let first =
            if king_to > king { king_path.squares().find(attacked) } else { king_path.squares().rev().find(attacked) };
        if let Some(sq) = first {
            return Some(if sq == king_to {
                CastlingObstacle::LandsOnAttackedSquare(sq)
            } else {
                CastlingObstacle::PassesAttackedSquare(sq)
            });
        }
        // 3.9.2: and after castling the king may not stand in check. With the
        // way clear, only a rook or queen behind the castling rook on the
        // first rank can reach the king's new square: the rook on b1, the
        // attacker on a1 (a rook inside the king's way is itself a square
        // the king crosses, and is seen attacked above).
        let after = occupied.without(king).without(rook).with(king_to).with(rook_to);
        attackers(&self.board, king_to, !self.turn, after).any().then_some(CastlingObstacle::LandsInCheck(king_to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_obstacle_agrees_with_the_generator() {
        let pos = Position::startpos();
        for side in [CastlingSide::Short, CastlingSide::Long] {
            let legal = pos.castling_move(side).is_some_and(|m| pos.is_legal(m));
            assert_eq!(legal, pos.castling_obstacle(side).is_none());
        }
    }
}
