//! How a game stands and how it ends. Built in the game-outcome issue; for now only the crate exists.
#![deny(missing_docs)]
