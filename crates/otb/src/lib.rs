//! Over-the-board rules as an event model. Built in the over-the-board issue; for now only the crate exists.
#![deny(missing_docs)]
