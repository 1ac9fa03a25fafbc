//! A board built piece by piece, with its pieces' Zobrist key kept as it goes.

use crate::zobrist;
use lawbook_board::{Bitboard, Board, Color, Piece, Setup, Square};

/// A [`Board`] with the Zobrist key of its pieces kept up to date, for
/// readers that place pieces one at a time (a FEN's first field). A
/// position made from it (through [`KeyedSetup`]) needs no second pass over
/// the board for its key.
///
/// ```
/// use lawbook_board::{CastlingMode, Color, Relaxations, Setup};
/// use lawbook_movegen::{KeyedBoard, KeyedSetup, Position};
/// let mut board = KeyedBoard::empty();
/// for (square, piece) in Setup::standard().board.pieces() {
///     board.toggle(square, piece);
/// }
/// let rights = Setup::standard().castling_rights;
/// let setup = KeyedSetup::new(board, Color::White, rights, None, 0, 1);
/// assert_eq!(*setup.setup(), Setup::standard());
/// let pos = Position::from_keyed_setup(setup, CastlingMode::Standard, Relaxations::STRICT)?;
/// assert_eq!(pos.zobrist(), Position::startpos().zobrist());
/// # Ok::<(), lawbook_board::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyedBoard {
    board: Board,
    key: u64,
}

impl KeyedBoard {
    /// A board with no pieces.
    pub const fn empty() -> KeyedBoard {
        KeyedBoard { board: Board::empty(), key: 0 }
    }

    /// Puts `piece` on `square`, or takes it off if it is there: as
    /// [`Board::toggle`], with the key following.
    #[inline]
    pub fn toggle(&mut self, square: Square, piece: Piece) {
        self.board.toggle(square, piece);
        self.key ^= zobrist::piece(piece, square);
    }

    /// The board built so far.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }
}

/// A [`Setup`] whose board was built as a [`KeyedBoard`], carrying the key of
/// its pieces to [`Position::from_keyed_setup`](crate::Position::from_keyed_setup).
/// Its parts are set once, so the key always belongs to its board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyedSetup {
    setup: Setup,
    pieces_key: u64,
}

impl KeyedSetup {
    /// The setup with `board` and the other parts as [`Setup`] names them.
    pub fn new(
        board: KeyedBoard,
        turn: Color,
        castling_rights: Bitboard,
        ep_square: Option<Square>,
        halfmoves: u32,
        fullmoves: u32,
    ) -> KeyedSetup {
        let setup = Setup { board: board.board, turn, castling_rights, ep_square, halfmoves, fullmoves };
        KeyedSetup { setup, pieces_key: board.key }
    }

    /// The setup.
    #[inline]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The setup, its key dropped.
    #[inline]
    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// The setup and the key of its pieces.
    #[inline]
    pub(crate) fn into_parts(self) -> (Setup, u64) {
        (self.setup, self.pieces_key)
    }
}
