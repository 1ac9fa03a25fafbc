//! How a chess game stands and how it ends, exactly as the Laws of Chess say.
//!
//! - [`Game`]: a start position (the initial position, any FEN, Chess960),
//!   the moves played and every position on the way with its Zobrist key.
//!   Illegal moves are refused with the game unchanged.
//! - [`Game::status`]: check and the checking pieces, checkmate, stalemate,
//!   insufficient material for each side, dead position, the halfmove clock,
//!   repetitions, the draws the player to move may claim, and the
//!   [`Outcome`] (a [`GameResult`] and a [`Reason`]) once the game is over.
//! - Endings that apply by themselves (FIDE 5.1.1, 5.2.1, 5.2.2, 9.6):
//!   checkmate, stalemate, insufficient material, dead positions, seventy-five
//!   moves (unless the last move mates), fivefold repetition. Claims (9.2,
//!   9.3): fifty moves and threefold repetition, now or by announcing a move;
//!   a [`Policy`] applies them by themselves in casual play. Agreement,
//!   resignation and the fall of a flag.
//! - [`Tracker`]: the seventy-five-move rule and fivefold repetition kept
//!   up move by move, for a replay that needs no [`Game`].
//! - [`record`]: what a game's record (a PGN `Termination` tag, the comment
//!   after the last move) says ended it, judged against the position.
//! - [`dead`]: a sound dead-position analysis (a position is called dead only
//!   with a proof), and [`material`]: piece values and the classic
//!   insufficient-material rule.
//!
//! ```
//! use lawbook_notation::{fen, uci};
//! use lawbook_outcome::{Game, Reason};
//!
//! // The German teaching position (PROMO-04): a7-a8 promotes.
//! let pos = fen::read("4k3/P7/4K3/8/8/8/8/8 w - - 0 1")?;
//! for (promotion, reason) in [("q", Reason::Checkmate), ("r", Reason::Checkmate),
//!                             ("b", Reason::InsufficientMaterial), ("n", Reason::InsufficientMaterial)] {
//!     let mut game = Game::new(pos);
//!     game.play(uci::read_legal(&pos, &format!("a7a8{promotion}"))?)?;
//!     assert_eq!(game.outcome().map(|o| o.reason), Some(reason));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod dead;
mod ending;
mod game;
pub mod material;
pub mod record;
mod repetition;
mod tracker;

pub use ending::{GameResult, Outcome, Reason, automatic_draw, first_ending};
pub use game::{Claim, ClaimVerdict, Game, GameError, Policy, Status};
pub use repetition::same_position;
pub use tracker::Tracker;
