//! The library half of the `lawbook` command: the parts other programs and
//! the fuzzers drive without starting a process.
//!
//! - [`serve`]: lawbook's rules over the JSON-lines rules protocol
//!   (`conformance/PROTOCOL.md`), as `lawbook serve` answers it.

#![deny(missing_docs)]

pub mod serve;
