//! Piece values, material count, and the classic insufficient-material rule.
//!
//! The values are the conventional ones of the sources (VALUE-01): pawn 1,
//! knight 3, bishop 3, rook 5, queen 9; the king has no numeric value. They
//! are a guide for players, not a rule: no law of chess depends on them.
//!
//! [`has_insufficient_material`] answers, for one side, "can this side never
//! checkmate, whatever both players do?" from the material alone. It is
//! *sound*: it says `true` only where the laws prove it (the proofs are on
//! the function). Positions it does not settle may still be dead; see
//! [`crate::dead`] for the search that goes further.

use lawbook_board::{Bitboard, Board, Color, Role};

/// The conventional value of a piece in points (VALUE-01): pawn 1, knight 3,
/// bishop 3, rook 5, queen 9. The king has none: it can never be exchanged.
///
/// ```
/// use lawbook_board::Role;
/// use lawbook_outcome::material::value;
/// assert_eq!(value(Role::Queen), Some(9));
/// assert_eq!(value(Role::Knight), value(Role::Bishop));
/// assert_eq!(value(Role::King), None);
/// ```
pub const fn value(role: Role) -> Option<u32> {
    match role {
        Role::Pawn => Some(1),
        Role::Knight | Role::Bishop => Some(3),
        Role::Rook => Some(5),
        Role::Queen => Some(9),
        Role::King => None,
    }
}

/// How many pieces of each kind one side has (the king is not counted).
///
/// ```
/// use lawbook_board::{Board, Color, Role};
/// use lawbook_outcome::material::Material;
/// let white = Material::of(&Board::standard(), Color::White);
/// assert_eq!(white.count(Role::Pawn), 8);
/// assert_eq!(white.points(), 39);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Material {
    /// Pawns.
    pub pawns: u32,
    /// Knights.
    pub knights: u32,
    /// Bishops.
    pub bishops: u32,
    /// Rooks.
    pub rooks: u32,
    /// Queens.
    pub queens: u32,
}

impl Material {
    /// The material of `color` on `board`.
    pub fn of(board: &Board, color: Color) -> Material {
        let ours = board.by_color(color);
        let n = |set: Bitboard| (set & ours).count() as u32;
        Material {
            pawns: n(board.pawns()),
            knights: n(board.knights()),
            bishops: n(board.bishops()),
            rooks: n(board.rooks()),
            queens: n(board.queens()),
        }
    }

    /// How many pieces of `role` there are (always 0 for the king, which is not counted).
    pub const fn count(&self, role: Role) -> u32 {
        match role {
            Role::Pawn => self.pawns,
            Role::Knight => self.knights,
            Role::Bishop => self.bishops,
            Role::Rook => self.rooks,
            Role::Queen => self.queens,
            Role::King => 0,
        }
    }

    /// The total in points, by [`value`].
    pub const fn points(&self) -> u32 {
        self.pawns + 3 * self.knights + 3 * self.bishops + 5 * self.rooks + 9 * self.queens
    }
}

/// White's points minus Black's points, by [`value`].
///
/// ```
/// use lawbook_board::{Board, Square};
/// use lawbook_outcome::material::balance;
/// let mut board = Board::standard();
/// assert_eq!(balance(&board), 0);
/// board.discard_piece_at(Square::D8); // Black without the queen
/// assert_eq!(balance(&board), 9);
/// ```
pub fn balance(board: &Board) -> i32 {
    Material::of(board, Color::White).points() as i32 - Material::of(board, Color::Black).points() as i32
}

/// Whether `color` can never checkmate, whatever moves either side makes,
/// judged from the material alone (DRAW-01; the side that matters when the
/// opponent's flag falls, FIDE 6.9).
///
/// `true` in exactly these cases (the classic rule, the same as shakmaty's
/// and python-chess's):
/// 1. `color` has only its king;
/// 2. `color` has its king and one knight, and the opponent has nothing but
///    its king and any number of queens;
/// 3. `color` has its king and bishops only, every bishop on the board (of
///    either side) stands on squares of one colour, and there is no knight
///    and no pawn on the board.
///
/// Why each is sound (it never calls a side powerless that could mate):
/// - In each case neither side has a pawn that could promote (case 2: the
///   opponent has only queens; case 3: no pawns at all), so no piece can ever
///   appear and the case still holds after any move: a proof for the
///   position holds for every position that can follow.
/// - A king never gives check, so case 1 cannot mate.
/// - Case 3: a bishop's check cannot be a double check (two bishops of one
///   colour can never both attack the king after one move), so a mate must
///   meet it by capture, block or flight. Let the king stand on `k` and the
///   first square of the checking line be `s` (a diagonal neighbour of `k`).
///   The two orthogonal neighbours of `k` next to `s` are squares of the other
///   colour, which no bishop on the board attacks. A rook or queen of the
///   defender standing there can step onto `s` (capturing or blocking; it
///   cannot be pinned, since nothing of `color` attacks along ranks or
///   files, so the step opens no line onto the king); nothing else can
///   stand there (every bishop is on the other colour, there are no knights
///   or pawns, and `color`'s king may not stand next to the other king); so
///   for a mate both squares must be empty and guarded by `color`'s king. The only
///   squares next to both are `k` and `s`: impossible.
/// - Case 2: a knight's check cannot be blocked and is never double, and a
///   defending queen that attacks the knight can take it (nothing of
///   `color` pins). So a mate needs every flight square of the king either
///   guarded by `color`'s king or knight or filled by a defending queen that
///   does not see the knight. The test `knight_rule_is_sound` in this module
///   tries every placement of the two kings and the knight, fills every
///   unguarded flight square with a queen, and finds no mate.
///
/// ```
/// use lawbook_board::Color;
/// use lawbook_notation::fen;
/// use lawbook_outcome::material::has_insufficient_material;
/// // King and knight against king and queen: the knight can never mate, the queen can.
/// let pos = fen::read("8/8/8/4k3/8/2q5/8/1N2K3 w - - 0 1")?;
/// assert!(has_insufficient_material(pos.board(), Color::White));
/// assert!(!has_insufficient_material(pos.board(), Color::Black));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn has_insufficient_material(board: &Board, color: Color) -> bool {
    let ours = board.by_color(color);
    if (ours & (board.pawns() | board.rooks_and_queens())).any() {
        return false;
    }
    if (ours & board.knights()).any() {
        let theirs = board.by_color(!color);
        return ours.count() <= 2 && (theirs & !board.kings() & !board.queens()).is_empty();
    }
    if (ours & board.bishops()).any() {
        let bishops = board.bishops();
        let one_colour = (bishops & Bitboard::DARK).is_empty() || (bishops & Bitboard::LIGHT).is_empty();
        return one_colour && board.knights().is_empty() && board.pawns().is_empty();
    }
    true
}

/// Whether neither side can ever checkmate by the material rule of
/// [`has_insufficient_material`]: king against king, king and a minor piece
/// against king, kings and bishops all on squares of one colour. Such a
/// position is dead (FIDE 5.2.2).
///
/// ```
/// use lawbook_notation::fen;
/// use lawbook_outcome::material::is_insufficient_material;
/// let bishops = fen::read("8/8/3kb3/8/8/3B4/4K3/8 w - - 0 1")?; // both bishops on light squares
/// assert!(is_insufficient_material(bishops.board()));
/// let knights = fen::read("8/8/3kn3/8/8/2N5/4K3/8 w - - 0 1")?;
/// assert!(!is_insufficient_material(knights.board())); // a helpmate exists
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn is_insufficient_material(board: &Board) -> bool {
    has_insufficient_material(board, Color::White) && has_insufficient_material(board, Color::Black)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lawbook_board::Square;
    use lawbook_movegen::attacks::{king_attacks, knight_attacks, queen_attacks};

    /// The proof of case 2 of [`has_insufficient_material`], by exhaustion:
    /// for every king square `k`, knight square `n` giving check and king
    /// square `w` of the knight's side, fill every flight square of `k` that
    /// is neither guarded by `w` or `n` with a defending queen (more queens
    /// elsewhere only add ways to take the knight, and a queen between
    /// another queen and the knight sees the knight itself), and check that
    /// some queen always sees the knight.
    #[test]
    fn knight_rule_is_sound() {
        let mut placements = 0;
        for k in Square::ALL {
            for n in knight_attacks(k) {
                for w in Square::ALL {
                    if w == n || w == k || w.distance(k) < 2 {
                        continue;
                    }
                    placements += 1;
                    let guarded = king_attacks(w) | knight_attacks(n);
                    let queens = king_attacks(k) & !guarded & !Bitboard::from_square(w) & !Bitboard::from_square(n);
                    let occupied = queens | k | n | w;
                    let knight_taken = queens.into_iter().any(|q| queen_attacks(q, occupied).contains(n));
                    assert!(knight_taken, "a knight mate: king {k}, knight {n}, other king {w}, queens {queens:?}");
                }
            }
        }
        assert!(placements > 10_000);
    }

    #[test]
    fn values_and_counts() {
        let board = Board::standard();
        let black = Material::of(&board, Color::Black);
        assert_eq!(black, Material { pawns: 8, knights: 2, bishops: 2, rooks: 2, queens: 1 });
        assert_eq!(black.points(), 8 + 6 + 6 + 10 + 9);
        assert_eq!(black.count(Role::King), 0);
        for role in Role::ALL {
            assert_eq!(value(role).is_none(), role == Role::King);
        }
    }
}
