//! The vocabulary of a chessboard: [`Square`], [`File`], [`Rank`], [`Color`],
//! [`Role`], [`Piece`], the [`Bitboard`] set of squares, the [`Board`]
//! placement and the free [`Setup`] that can hold any state at all.
//!
//! Nothing here knows the rules of movement. Turning a [`Setup`] into a
//! playable position (which validates it against the laws, see
//! [`PositionError`]) is the job of `lawbook-movegen`.
//!
//! ```
//! use lawbook_board::{Board, Color, Piece, Role, Square};
//!
//! let board = Board::standard();
//! assert_eq!(board.piece_at(Square::E1), Some(Piece::new(Color::White, Role::King)));
//! assert_eq!(board.by_color(Color::Black).count(), 16);
//! ```
#![deny(missing_docs)]

mod bitboard;
mod board;
mod chess960;
mod color;
mod error;
mod role;
mod setup;
pub mod slow;
mod square;

pub use bitboard::{Bitboard, Squares};
pub use board::Board;
pub use chess960::NotAChess960Start;
pub use color::{ByColor, Color};
pub use error::{PositionError, Problem, Problems, Relaxations};
pub use role::{Piece, Role};
pub use setup::{CastlingMode, Setup};
pub use square::{File, ParseSquareError, Rank, Square};
