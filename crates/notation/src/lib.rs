//! Every text form of chess: [`fen`] (with Shredder-FEN and X-FEN castling),
//! [`uci`] moves, [`san`] and long algebraic moves in five languages
//! ([`Lang`]), one reader for a move in any of them ([`read_move`]), [`pgn`]
//! games, [`epd`] records (including the perft suites), and board
//! [`diagram`]s in text and SVG.
//!
//! ```
//! use lawbook_notation::{fen, uci};
//!
//! let pos = fen::read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
//! let mv = uci::read_legal(&pos, "e7e5")?;
//! let pos = pos.play_unchecked(mv);
//! assert_eq!(fen::write(&pos), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod diagram;
pub mod epd;
pub mod fen;
mod lang;
pub mod pgn;
mod read;
pub mod san;
pub mod uci;

pub use lang::{Lang, UnknownLang};
pub use read::{ReadOptions, read_move, read_uci};
pub use san::{MoveError, MoveErrorKind, MoveFormat, Strictness};

/// This crate's README example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
