//! Attack lookups: which squares a piece on a square attacks, from tables
//! precomputed by the build script; and from them the squares a piece may
//! move to, ignoring check ([`pseudo_legal_targets`]).
//!
//! The line pieces use magic bitboards on the default target. When BMI2 is
//! enabled at compile time (`-C target-cpu=native` on a CPU that has it, or
//! `-C target-feature=+bmi2`), the occupancy is packed into a table index by
//! the `PEXT` instruction instead; the build script writes the table that
//! matches. Both give the same attack sets.

use lawbook_board::{Bitboard, Board, Color, Piece, Rank, Role, Square};

/// Whether slider lookups use `PEXT` (BMI2 enabled at compile time).
const USE_PEXT: bool = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
pub(crate) struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub(crate) struct Magic {
    mask: u64,
    offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[inline(always)]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    let index = m.offset + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    debug_assert!(index < SLIDER_ATTACKS.len());
    // SAFETY: the build script sized `SLIDER_ATTACKS` so that for every square
    // `offset + (subset * magic >> shift)` is in bounds for every subset of `mask`,
    // and `occupied & mask` is such a subset.
    Bitboard(unsafe { *SLIDER_ATTACKS.get_unchecked(index) })
}

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    // SAFETY: BMI2 is enabled at compile time (the cfg above), so the
    // instruction exists on every machine this code runs on.
    let packed = unsafe { core::arch::x86_64::_pext_u64(occupied.0, m.mask) };
    let index = m.offset + packed as usize;
    debug_assert!(index < SLIDER_ATTACKS.len());
    // SAFETY: the build script gave each square a block of `2^popcount(mask)`
    // entries at `offset`, and PEXT of any occupancy under `mask` is below that.
    Bitboard(unsafe { *SLIDER_ATTACKS.get_unchecked(index) })
}

/// Whether the line pieces' attack lookups index by the BMI2 `PEXT`
/// instruction (chosen at compile time) rather than by magic multiplication.
pub const fn uses_pext() -> bool {
    USE_PEXT
}

/// The squares a knight on `square` attacks.
///
/// ```
/// use lawbook_board::Square;
/// use lawbook_movegen::attacks::knight_attacks;
/// assert_eq!(knight_attacks(Square::A1).count(), 2);
/// ```
#[inline(always)]
pub fn knight_attacks(square: Square) -> Bitboard {
    Bitboard(KNIGHT[square.index()])
}

/// The squares a king on `square` attacks (its neighbours).
#[inline(always)]
pub fn king_attacks(square: Square) -> Bitboard {
    Bitboard(KING[square.index()])
}

/// The squares a pawn of `color` on `square` attacks (diagonally forward).
#[inline(always)]
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    Bitboard(PAWN[color.index() * 64 + square.index()])
}

/// The squares a rook on `square` attacks, up to and including the first
/// occupied square in each direction.
///
/// ```
/// use lawbook_board::{Bitboard, Square};
/// use lawbook_movegen::attacks::rook_attacks;
/// let blockers = Bitboard::from_square(Square::A4);
/// assert!(rook_attacks(Square::A1, blockers).contains(Square::A4));
/// assert!(!rook_attacks(Square::A1, blockers).contains(Square::A5));
/// ```
#[inline(always)]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGICS[square.index()], occupied)
}

/// The squares a bishop on `square` attacks.
#[inline(always)]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGICS[square.index()], occupied)
}

/// The squares a queen on `square` attacks.
#[inline(always)]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(square, occupied) | bishop_attacks(square, occupied)
}

/// The squares `piece` on `square` would attack on an otherwise empty board
/// (for a king, its neighbours; for a pawn, the two squares diagonally forward).
///
/// ```
/// use lawbook_board::{Color, Piece, Role, Square};
/// use lawbook_movegen::attacks::empty_board_attacks;
/// assert_eq!(empty_board_attacks(Piece::new(Color::White, Role::Rook), Square::A1).count(), 14);
/// ```
#[inline(always)]
pub fn empty_board_attacks(piece: Piece, square: Square) -> Bitboard {
    Bitboard(EMPTY_BOARD_ATTACKS[(piece.color.index() * 6 + piece.role.index()) * 64 + square.index()])
}

/// The squares the piece on `from` may move to by its movement alone,
/// whether or not that leaves its own king in check (pseudo-legal): the
/// squares it attacks that hold no piece of its side, and for a pawn its
/// diagonals only onto an enemy piece or `en_passant`, and its steps ahead
/// onto empty squares (two from its starting rank). Castling is not among
/// them. No squares when `from` is empty.
///
/// ```
/// use lawbook_board::{Board, Square};
/// use lawbook_movegen::attacks::pseudo_legal_targets;
/// let board = Board::standard();
/// let targets: Vec<Square> = pseudo_legal_targets(&board, Square::E2, None).squares().collect();
/// assert_eq!(targets, [Square::E3, Square::E4]);
/// assert_eq!(pseudo_legal_targets(&board, Square::G8, None).count(), 2);
/// assert!(pseudo_legal_targets(&board, Square::D1, None).is_empty());
/// assert!(pseudo_legal_targets(&board, Square::E4, None).is_empty());
/// ```
pub fn pseudo_legal_targets(board: &Board, from: Square, en_passant: Option<Square>) -> Bitboard {
    let Some(Piece { color: us, role }) = board.piece_at(from) else { return Bitboard::EMPTY };
    let occupied = board.occupied();
    let targets = match role {
        Role::Pawn => {
            let step = us.fold(8, -8);
            let enemies = board.by_color(!us) | en_passant.map_or(Bitboard::EMPTY, Bitboard::from);
            let mut targets = pawn_attacks(us, from) & enemies;
            if let Some(one) = from.offset(step).filter(|s| !occupied.contains(*s)) {
                targets.add(one);
                if from.rank() == Rank::Second.relative(us)
                    && let Some(two) = one.offset(step).filter(|s| !occupied.contains(*s))
                {
                    targets.add(two);
                }
            }
            targets
        }
        Role::Knight => knight_attacks(from),
        Role::Bishop => bishop_attacks(from, occupied),
        Role::Rook => rook_attacks(from, occupied),
        Role::Queen => queen_attacks(from, occupied),
        Role::King => king_attacks(from),
    };
    targets - board.by_color(us)
}

/// The squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; otherwise no squares.
///
/// ```
/// use lawbook_board::Square;
/// use lawbook_movegen::attacks::between;
/// assert_eq!(between(Square::E1, Square::H1).count(), 2);
/// assert!(between(Square::E1, Square::F3).is_empty());
/// ```
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index() * 64 + b.index()])
}

/// The whole line (edge to edge) through `a` and `b` if they share a rank,
/// file or diagonal; otherwise no squares.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index() * 64 + b.index()])
}

/// Whether `a`, `b` and `c` lie on one rank, file or diagonal.
#[inline(always)]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

/// The pieces of `by` on `board` that attack `square`, with `occupied` as
/// the blockers. A pinned piece attacks too (FIDE 3.1.3); a pawn attacks the
/// squares it could capture on.
///
/// ```
/// use lawbook_board::{Board, Color, Square};
/// use lawbook_movegen::attacks::attackers;
/// let board = Board::standard();
/// let on_f3 = attackers(&board, Square::F3, Color::White, board.occupied());
/// assert_eq!(on_f3.count(), 3); // the pawns on e2 and g2, the knight on g1
/// ```
#[inline(always)]
pub fn attackers(board: &Board, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let theirs = board.by_color(by);
    ((pawn_attacks(!by, square) & board.pawns())
        | (knight_attacks(square) & board.knights())
        | (king_attacks(square) & board.kings())
        | (bishop_attacks(square, occupied) & board.bishops_and_queens())
        | (rook_attacks(square, occupied) & board.rooks_and_queens()))
        & theirs
}

#[cfg(test)]
mod tests {
    use super::*;
    use lawbook_board::slow;

    fn occupancies() -> impl Iterator<Item = Bitboard> {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        (0..200).map(move |_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            Bitboard(x & x.rotate_left(17))
        })
    }

    #[test]
    fn magic_tables_agree_with_ray_walking() {
        for sq in Square::ALL {
            for occ in occupancies().chain([Bitboard::EMPTY, Bitboard::FULL]) {
                assert_eq!(rook_attacks(sq, occ), slow::slider_attacks(sq, occ, &slow::ROOK_DIRECTIONS));
                assert_eq!(bishop_attacks(sq, occ), slow::slider_attacks(sq, occ, &slow::BISHOP_DIRECTIONS));
            }
        }
    }

    #[test]
    fn lines_and_betweens() {
        assert_eq!(line(Square::A1, Square::C3).count(), 8);
        assert_eq!(line(Square::B1, Square::B5), Bitboard::from_file(lawbook_board::File::B));
        assert!(line(Square::A1, Square::B3).is_empty());
        assert_eq!(between(Square::A1, Square::D4).count(), 2);
        assert!(between(Square::A1, Square::B2).is_empty());
        assert!(aligned(Square::A1, Square::H8, Square::D4));
    }
}
