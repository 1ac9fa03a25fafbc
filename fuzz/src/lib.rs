//! The checks lawbook's fuzz targets run on each input, as plain functions:
//! the `cargo fuzz` targets in `fuzz_targets/` call them, and
//! `tests/replay.rs` runs them over the seed inputs and every input a fuzzer
//! ever failed on (`regressions/`), so plain `cargo test` keeps them honest.
//!
//! Each function panics when lawbook breaks a promise on that input.

#![deny(missing_docs)]
mod fen;
pub use fen::fen;
mod moves;
pub use moves::moves;
mod pgn;
pub use pgn::pgn;
mod epd;
pub use epd::epd;
mod protocol;
pub use protocol::protocol;
mod play;
pub use play::play;
mod replies;
pub use replies::replies;
