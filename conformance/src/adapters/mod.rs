//! Engines other than the built-in one, each behind the [`crate::Engine`] trait.
//!
//! | protocol | module | constructor |
//! |---|---|---|
//! | UCI over a child process | [`uci`] | `UciEngine::spawn(&EngineSpec)` |
//! | xboard/CECP over a child process | [`xboard`] | `XboardEngine::spawn(&EngineSpec)` |
//! | lawbook's JSON-lines rules protocol (`conformance/PROTOCOL.md`) | [`jsonl`] | `JsonlEngine::spawn(&EngineSpec)` |
//! | shakmaty and cozy-chess in process (feature `peers`) | `peers` | `Shakmaty::default()`, `CozyChess::default()` |

pub mod jsonl;
#[cfg(feature = "peers")]
pub mod peers;
pub mod process;
pub mod uci;
pub mod xboard;
