use crate::Square;
use crate::{Bitboard, Board, Color};

/// How castling rights are understood and castling moves written.
///
/// The move generator treats both alike (the king ends on the g- or c-file,
/// the rook on the f- or d-file, whatever their start, FIDE 3.8.2 and the
/// Chess960 appendix). The mode decides what a valid starting arrangement is
/// and how a castling move is written in UCI.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingMode {
    /// Standard chess: castling rights need the king on the e-file and the
    /// rook in its corner. UCI writes castling as the king's two-square step (`e1g1`).
    #[default]
    Standard,
    /// Chess960 (Fischer random): the king anywhere between its two rooks.
    /// UCI writes castling as the king taking its own rook (`e1h1`).
    Chess960,
}

/// A free, unvalidated description of a game state: what a FEN holds.
///
/// Anything can be put here, including states the laws never allow. Turn it
/// into a playable position with `lawbook_movegen::Position::from_setup`,
/// which refuses impossible states with a [`crate::PositionError`].
///
/// ```
/// use lawbook_board::{Color, Setup, Square};
/// let setup = Setup::standard();
/// assert_eq!(setup.turn, Color::White);
/// assert!(setup.castling_rights.contains(Square::H1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The rooks that may still castle: a rook whose square is in this set and
    /// whose king has never moved keeps its castling right. Recording the rook
    /// (not "kingside"/"queenside") serves standard chess and Chess960 alike.
    pub castling_rights: Bitboard,
    /// The square a pawn skipped with a double step on the last move, if any.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move (FIDE 9.3).
    pub halfmoves: u32,
    /// The number of the move about to be played, starting at 1.
    pub fullmoves: u32,
}

impl Setup {
    /// The initial position of a game (FIDE 2.3), White to move, all castling rights.
    pub const fn standard() -> Setup {
        Setup {
            board: Board::standard(),
            turn: Color::White,
            castling_rights: Bitboard::CORNERS,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// An empty board with White to move and no rights: a start for building positions.
    pub const fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling_rights: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::standard()
    }
}
