//! The [`Move`] type: sixteen bits, as small as a move can be.

use arrayvec::ArrayVec;
use core::fmt;
use lawbook_board::{File, Role, Square};

/// What kind of move a [`Move`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece moves, perhaps capturing what stands on the target square.
    Normal,
    /// A pawn reaches the last rank and becomes this piece (FIDE 3.7.3.3).
    Promotion(Role),
    /// A pawn captures a pawn that just made a double step, as if it had made
    /// a single step (FIDE 3.7.3.1).
    EnPassant,
    /// The king and a rook move together (FIDE 3.8.2).
    Castle,
}

const NORMAL: u16 = 0;
const EN_PASSANT: u16 = 1;
const CASTLE: u16 = 2;
const PROMOTION: u16 = 4; // + 0..4 for knight, bishop, rook, queen

/// A move of chess, as sixteen bits: the square a piece leaves, the square it
/// goes to, and the kind of move.
///
/// Castling is stored as the king "taking" its own rook ([`Move::castle`]),
/// which describes standard chess and Chess960 alike; the squares the king and
/// rook end on follow from the rook's side ([`Move::castling_squares`]).
/// A move only makes sense together with the position it is played in.
///
/// ```
/// use lawbook_board::{Role, Square};
/// use lawbook_movegen::{Move, MoveKind};
/// let m = Move::promotion(Square::A7, Square::A8, Role::Knight);
/// assert_eq!(m.kind(), MoveKind::Promotion(Role::Knight));
/// let castle = Move::castle(Square::E1, Square::H1);
/// assert_eq!(castle.castling_squares(), Some((Square::G1, Square::F1)));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    #[inline(always)]
    const fn pack(from: Square, to: Square, kind: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | kind << 12)
    }

    /// A piece moves from `from` to `to` (capturing whatever stands there).
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, NORMAL)
    }

    /// A pawn moves from `from` to the last rank at `to` and becomes `role`
    /// (a knight, bishop, rook or queen). For a role that comes from input,
    /// use [`Move::try_promotion`].
    ///
    /// # Panics
    /// When `role` is [`Role::Pawn`] or [`Role::King`]: a pawn is never
    /// promoted to either. In a constant, this is a compile error.
    ///
    /// ```should_panic
    /// use lawbook_board::{Role, Square};
    /// use lawbook_movegen::Move;
    /// let _ = Move::promotion(Square::E7, Square::E8, Role::King);
    /// ```
    ///
    /// ```compile_fail
    /// use lawbook_board::{Role, Square};
    /// use lawbook_movegen::Move;
    /// const TO_A_PAWN: Move = Move::promotion(Square::E7, Square::E8, Role::Pawn);
    /// ```
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        let code = match role {
            Role::Knight => 0,
            Role::Bishop => 1,
            Role::Rook => 2,
            Role::Queen => 3,
            Role::Pawn | Role::King => {
                panic!("a pawn is promoted to a knight, bishop, rook or queen, not a pawn or king")
            }
        };
        Move::pack(from, to, PROMOTION + code)
    }

    /// [`Move::promotion`] without its test of `role`, for the generator,
    /// whose roles come from [`Role::PROMOTIONS`] or a move's
    /// [`Move::promotion_role`]: the test, though never failed there, cost
    /// leaf perft up to 1.4% more instructions. A pawn or king gives a wrong
    /// move (and a panic in debug builds).
    #[inline(always)]
    pub(crate) const fn promotion_fast(from: Square, to: Square, role: Role) -> Move {
        debug_assert!(
            matches!(role, Role::Knight | Role::Bishop | Role::Rook | Role::Queen),
            "a pawn is promoted to a knight, bishop, rook or queen, not a pawn or king"
        );
        Move::pack(from, to, PROMOTION + ((role as u16).wrapping_sub(Role::Knight as u16) & 3))
    }

    /// A pawn moves from `from` to the last rank at `to` and becomes `role`;
    /// `None` when `role` is a pawn or a king, which no pawn becomes.
    ///
    /// ```
    /// use lawbook_board::{Role, Square};
    /// use lawbook_movegen::{Move, MoveKind};
    /// let knight = Move::try_promotion(Square::E7, Square::E8, Role::Knight);
    /// assert_eq!(knight.map(Move::kind), Some(MoveKind::Promotion(Role::Knight)));
    /// assert_eq!(Move::try_promotion(Square::E7, Square::E8, Role::King), None);
    /// assert_eq!(Move::try_promotion(Square::E7, Square::E8, Role::Pawn), None);
    /// ```
    #[inline]
    pub const fn try_promotion(from: Square, to: Square, role: Role) -> Option<Move> {
        match role {
            Role::Pawn | Role::King => None,
            Role::Knight | Role::Bishop | Role::Rook | Role::Queen => Some(Move::promotion(from, to, role)),
        }
    }

    /// A pawn on `from` captures en passant, landing on `to`.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, EN_PASSANT)
    }

    /// The king on `king` castles with the rook on `rook`.
    #[inline(always)]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, CASTLE)
    }

    /// The square the moving piece (the king, when castling) leaves.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new_masked((self.0 & 63) as u32)
    }

    /// The target square; for castling, the square of the rook.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new_masked(((self.0 >> 6) & 63) as u32)
    }

    #[inline(always)]
    const fn code(self) -> u16 {
        self.0 >> 12
    }

    /// A normal move from the square `delta` before `to`, in one
    /// multiplication: `to * 65 - delta` is `to << 6 | (to - delta)` when
    /// `to - delta` is a square (as for every pawn move the generator lists).
    #[inline(always)]
    pub(crate) const fn from_target(to: Square, delta: i32) -> Move {
        Move((to as i32 * 65 - delta) as u16)
    }

    /// Whether this is en passant or castling (the moves that are not one
    /// piece going from one square to another, perhaps promoting).
    #[inline(always)]
    pub(crate) const fn is_special(self) -> bool {
        self.code().wrapping_sub(EN_PASSANT) <= CASTLE - EN_PASSANT
    }

    /// What kind of move this is.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.code() {
            NORMAL => MoveKind::Normal,
            EN_PASSANT => MoveKind::EnPassant,
            CASTLE => MoveKind::Castle,
            c => MoveKind::Promotion(match c - PROMOTION {
                0 => Role::Knight,
                1 => Role::Bishop,
                2 => Role::Rook,
                _ => Role::Queen,
            }),
        }
    }

    /// The piece a pawn becomes, for a promotion.
    #[inline(always)]
    pub const fn promotion_role(self) -> Option<Role> {
        const PROMOTED: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
        let code = self.code();
        if code >= PROMOTION { Some(PROMOTED[(code & 3) as usize]) } else { None }
    }

    /// Whether this is an en passant capture.
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.code() == EN_PASSANT
    }

    /// Whether this is castling.
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.code() == CASTLE
    }

    /// For castling, the squares the king and the rook end on: the g- and
    /// f-file when the rook is on the king's right (short castling, `0-0`),
    /// the c- and d-file when it is on the left (long castling, `0-0-0`).
    #[inline]
    pub const fn castling_squares(self) -> Option<(Square, Square)> {
        if !self.is_castle() {
            return None;
        }
        let rank = self.from().rank();
        let short = self.to() as u8 > self.from() as u8;
        let (king, rook) = if short { (File::G, File::F) } else { (File::C, File::D) };
        Some((Square::from_coords(king, rank), Square::from_coords(rook, rank)))
    }

    /// Whether this is short castling (with the rook on the king's right).
    #[inline]
    pub const fn is_short_castle(self) -> bool {
        self.is_castle() && self.to() as u8 > self.from() as u8
    }
}

impl fmt::Debug for Move {
    /// `e2e4`, `a7a8n`, `e5d6 e.p.`, `e1h1 castle`: for debugging only; use
    /// `lawbook-notation` for real notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        match self.kind() {
            MoveKind::Normal => Ok(()),
            MoveKind::Promotion(role) => write!(f, "{}", role.char()),
            MoveKind::EnPassant => f.write_str(" e.p."),
            MoveKind::Castle => f.write_str(" castle"),
        }
    }
}

/// More moves than any position can have, so a [`MoveList`] never overflows.
///
/// Positions that arise in games have at most 218 legal moves, but relaxed
/// validation ([`lawbook_board::Relaxations::ANALYSIS`]) admits any number
/// of pieces, so the bound is counted per target square: at most 8 pieces
/// reach a square along its 8 lines (the first piece on each, pawns and the
/// king included) and at most 8 knights jump to it, so 16 movers for each of
/// 64 squares; promotions turn each of at most 3 pawn moves to each of the 8
/// last-rank squares into 4 moves (+72); castling adds 2 and en passant 2.
pub const MAX_MOVES: usize = 64 * 16 + 72 + 4;

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pawn_becomes_a_knight_bishop_rook_or_queen_only() {
        let (from, to) = (Square::E7, Square::E8);
        for role in Role::ALL {
            let made = Move::try_promotion(from, to, role);
            match role {
                Role::Pawn | Role::King => assert_eq!(made, None, "{role:?}"),
                _ => {
                    assert_eq!(made, Some(Move::promotion(from, to, role)), "{role:?}");
                    assert_eq!(made.map(Move::kind), Some(MoveKind::Promotion(role)), "{role:?}");
                    assert_eq!(made.and_then(Move::promotion_role), Some(role), "{role:?}");
                    assert_eq!(made, Some(Move::promotion_fast(from, to, role)), "{role:?}");
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "not a pawn or king")]
    fn promotion_to_a_king_panics() {
        let _ = Move::promotion(Square::E7, Square::E8, std::hint::black_box(Role::King));
    }

    #[test]
    #[should_panic(expected = "not a pawn or king")]
    fn promotion_to_a_pawn_panics() {
        let _ = Move::promotion(Square::E7, Square::E8, std::hint::black_box(Role::Pawn));
    }
}
