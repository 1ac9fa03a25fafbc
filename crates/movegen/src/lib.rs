//! Fully legal chess move generation.
//!
//! A [`Position`] is a validated game state (from a free
//! [`lawbook_board::Setup`], refused with a [`lawbook_board::PositionError`]
//! when the laws could never produce it). It lists its legal moves, plays
//! them (copy-make, with an incrementally kept Zobrist key) and counts them
//! ([`perft`]; on several threads [`perft_parallel`]). Castling in standard
//! chess and Chess960 goes through one path.
//!
//! Where speed matters: [`Position::legal_moves_into`] fills a list the
//! caller keeps (no 2 KB list returned by value),
//! [`Position::play_unchecked_in_place`] plays on a copy the caller already
//! holds, and [`Position::for_each_child`] generates and plays in one pass.
//!
//! ```
//! use lawbook_board::Square;
//! use lawbook_movegen::{Move, Position, perft};
//!
//! let pos = Position::startpos();
//! assert_eq!(perft(&pos, 4), 197_281);
//! let pos = pos.play(Move::normal(Square::E2, Square::E4))?;
//! assert_eq!(pos.legal_moves().len(), 20);
//! # Ok::<(), lawbook_movegen::PlayError>(())
//! ```
#![deny(missing_docs)]

pub mod attacks;
mod castling;
mod generate;
mod keyed;
mod moves;
mod parallel;
mod perft;
mod position;
mod validate;
mod zobrist;

pub use castling::{CastlingObstacle, CastlingSide};
pub use keyed::{KeyedBoard, KeyedSetup};
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
pub use parallel::{Leaves, divide_parallel, perft_bounded_parallel, perft_parallel};
pub use perft::{divide, perft, perft_bounded, perft_leaf};
pub use position::{PlayError, Position};
