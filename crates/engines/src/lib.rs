//! Chess engines and rules libraries behind one typed interface, the
//! [`Engine`] trait: lawbook's own rules ([`BuiltIn`]), programs speaking
//! UCI, xboard or lawbook's JSON-lines rules protocol ([`adapters`]), and
//! shakmaty, cozy-chess and the `chess` crate in process (feature `peers`).
//!
//! A question ([`Question`]) is about one fact of a position (check, mate,
//! the ending, a claim, ...), its legal moves or its board, the position
//! given as a start and the moves played ([`PositionQuery`]); an engine
//! answers the questions it can and says "unsupported" to the others. The
//! answer ([`Answer`]) is typed: moves
//! are [`lawbook_notation::uci::UciMove`]s (read, not judged), endings are
//! [`lawbook_outcome::Outcome`]s. Protocol text lives only inside the
//! adapters. The registry ([`registry`], `conformance/engines.yaml`) says
//! how to start each engine; [`pool::Pool`] shares started engines among
//! many askers.
//!
//! ```
//! use lawbook_engines::{Ask, BuiltIn, PositionQuery};
//! let query = PositionQuery::from_start(&["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"])?;
//! assert!(BuiltIn.in_check(&query)? && BuiltIn.checkmate(&query)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod adapters;
mod answer;
mod builtin;
mod engine;
mod fault;
pub mod pool;
pub mod process;
mod query;
pub mod registry;
pub mod search;
mod timed;

pub use answer::{Answer, Capability, Claims, EngineError, Facts, Played, Question, TracedPosition};
pub use builtin::{BuiltIn, traced_position};
pub use engine::{Ask, Engine};
pub use fault::{Exit, Fault, FaultCounts, FaultKind, UnknownFaultKind};
pub use query::{PositionQuery, Replay};
pub use search::{SearchLimit, Searched};
pub use timed::{Tally, Timed};
