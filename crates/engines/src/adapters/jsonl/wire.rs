//! The JSON-lines protocol's messages as types (`conformance/PROTOCOL.md`):
//! the requests a client writes and a server reads, the replies a server
//! writes and a client reads. [`super::JsonlEngine`] and `lawbook serve`
//! both use them, so the wire format is written once. A line is a message
//! with its id ([`WithId`]): the id first, then the message's fields in the
//! order the protocol lists them.
//!
//! ```
//! use lawbook_engines::adapters::jsonl::wire::{IsLegal, Position, Request, WithId};
//! let request = WithId::new(7, Request::IsLegal { position: Position::new("startpos"), mv: "e2e4".into() });
//! assert_eq!(
//!     serde_json::to_string(&request)?,
//!     r#"{"id":7,"request":"is_legal","position":{"fen":"startpos","moves":[],"chess960":false,"automatic_fifty_moves":false},"move":"e2e4"}"#
//! );
//! let reply: IsLegal = serde_json::from_str(r#"{"id":7,"legal":true}"#)?;
//! assert!(reply.legal);
//! # Ok::<(), serde_json::Error>(())
//! ```

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// The protocol version this crate speaks.
pub const PROTOCOL_VERSION: u64 = 1;

/// A field that must be there but may be `null` (the engine does not judge
/// it): serde takes a missing `Option` for `None` unless told otherwise.
fn required<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(deserializer)
}

/// A message with its id: what one line carries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WithId<T> {
    /// The request's id, echoed by its reply (`null` when the request could not be read).
    pub id: Value,
    /// The message's own fields.
    #[serde(flatten)]
    pub message: T,
}

impl<T> WithId<T> {
    /// `message` with the id `id`.
    pub fn new(id: impl Into<Value>, message: T) -> WithId<T> {
        WithId { id: id.into(), message }
    }
}

/// A position as the protocol gives it: a start and the moves played from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// A FEN, or `startpos`.
    pub fen: String,
    /// The moves played from it, in UCI.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Castling is written as the king taking its rook.
    #[serde(default)]
    pub chess960: bool,
    /// The game ends by itself after fifty moves without a capture or pawn move.
    #[serde(default)]
    pub automatic_fifty_moves: bool,
}

impl Position {
    /// The start `fen` with no moves, in standard chess.
    pub fn new(fen: impl Into<String>) -> Position {
        Position { fen: fen.into(), moves: Vec::new(), chess960: false, automatic_fifty_moves: false }
    }
}

/// A request, named by its `request` field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "request", rename_all = "snake_case")]
pub enum Request {
    /// Who the engine is and what it answers ([`Hello`]).
    Hello {
        /// The version the client speaks.
        protocol: u64,
    },
    /// Every legal move ([`LegalMoves`]).
    LegalMoves {
        /// The position.
        position: Position,
    },
    /// Whether a move is legal ([`IsLegal`]).
    IsLegal {
        /// The position.
        position: Position,
        /// The move, in UCI.
        #[serde(rename = "move")]
        mv: String,
    },
    /// A move played as a player plays it, legal or not ([`Played`]).
    Play {
        /// The position.
        position: Position,
        /// The move, in UCI (a promotion letter may be `k`), or `0000`.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Check, the checking pieces, mate, stalemate ([`Status`]).
    Status {
        /// The position.
        position: Position,
    },
    /// The ending and the draw rules ([`Game`]).
    Game {
        /// The position.
        position: Position,
    },
    /// Where the pieces stand ([`Board`]).
    Board {
        /// The position.
        position: Position,
    },
    /// Every fact of every position of the game ([`Trace`]).
    Trace {
        /// The position.
        position: Position,
        /// For each position, the SAN texts to read there.
        read_san: Vec<Vec<String>>,
    },
}

impl Request {
    /// The request's name, as its `request` field says it.
    pub fn name(&self) -> &'static str {
        match self {
            Request::Hello { .. } => "hello",
            Request::LegalMoves { .. } => "legal_moves",
            Request::IsLegal { .. } => "is_legal",
            Request::Play { .. } => "play",
            Request::Status { .. } => "status",
            Request::Game { .. } => "game",
            Request::Board { .. } => "board",
            Request::Trace { .. } => "trace",
        }
    }
}

/// The reply to `hello`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    /// The version the engine speaks (a whole number; `1.0` is read as 1).
    pub protocol: serde_json::Number,
    /// The program's own name and version.
    pub engine: String,
    /// The requests it answers.
    pub supports: Vec<String>,
    /// The optional features it honours.
    pub features: Vec<String>,
}

/// The reply to `legal_moves`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMoves {
    /// Every legal move, in UCI, in any order.
    pub moves: Vec<String>,
}

/// The reply to `is_legal`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IsLegal {
    /// Whether the move is legal.
    pub legal: bool,
}

/// The reply to `play`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// Whether the engine took the move.
    pub accepted: bool,
    /// The position afterwards (unchanged after a refusal), as a FEN.
    pub fen: String,
}

/// The reply to `status`; `null` where the engine does not judge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    /// Whether the side to move is in check.
    #[serde(deserialize_with = "required")]
    pub in_check: Option<bool>,
    /// The squares of the checking pieces (the `checkers` feature).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkers: Option<Vec<String>>,
    /// Whether the side to move is checkmated.
    #[serde(deserialize_with = "required")]
    pub checkmate: Option<bool>,
    /// Whether the side to move is stalemated.
    #[serde(deserialize_with = "required")]
    pub stalemate: Option<bool>,
}

/// How a game ended by itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// A reason of PROTOCOL.md (`checkmate`, `fivefold_repetition`, ...).
    pub reason: String,
}

/// A fact of each side; `null` where the engine does not judge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sides {
    /// White's.
    #[serde(deserialize_with = "required")]
    pub white: Option<bool>,
    /// Black's.
    #[serde(deserialize_with = "required")]
    pub black: Option<bool>,
}

/// The reply to `game`; `null` where the engine does not judge (`outcome`
/// is `null` while the game goes on).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The ending, once the game has ended by itself.
    #[serde(deserialize_with = "required")]
    pub outcome: Option<Outcome>,
    /// Whether each side can never checkmate by the material rule.
    #[serde(deserialize_with = "required")]
    pub insufficient_material: Option<Sides>,
    /// Whether the position is dead.
    #[serde(deserialize_with = "required")]
    pub dead_position: Option<bool>,
    /// How often the position has occurred, this time included.
    #[serde(deserialize_with = "required")]
    pub repetitions: Option<u64>,
    /// Whether a threefold-repetition claim is valid.
    #[serde(deserialize_with = "required")]
    pub can_claim_threefold: Option<bool>,
    /// Whether a fifty-move claim is valid.
    #[serde(deserialize_with = "required")]
    pub can_claim_fifty_moves: Option<bool>,
}

/// The reply to `board`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The placement, as a FEN's first field.
    pub placement: String,
}

/// One position of a [`Trace`]: every field is judged (`outcome` is `null`
/// while the game goes on).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TracePosition {
    /// The position, as a FEN.
    pub fen: String,
    /// Its legal moves, in UCI.
    pub moves: Vec<String>,
    /// The same moves in SAN, in the same order.
    pub san: Vec<String>,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// The squares of the checking pieces.
    pub checkers: Vec<String>,
    /// Whether the side to move is checkmated.
    pub checkmate: bool,
    /// Whether the side to move is stalemated.
    pub stalemate: bool,
    /// Whether each side can never checkmate by the material rule.
    pub insufficient_material: BothSides,
    /// The ending, once the game has ended by itself.
    #[serde(deserialize_with = "required")]
    pub outcome: Option<Outcome>,
    /// How often the position has occurred, this time included.
    pub repetitions: u64,
    /// Whether a threefold-repetition claim is valid.
    pub can_claim_threefold: bool,
    /// Whether a fifty-move claim is valid.
    pub can_claim_fifty_moves: bool,
    /// The move each SAN text asked to be read here names, `null` where none.
    #[serde(default)]
    pub read: Vec<Option<String>>,
}

/// A fact of each side, both judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BothSides {
    /// White's.
    pub white: bool,
    /// Black's.
    pub black: bool,
}

/// The reply to `trace`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    /// Every position of the game, the start first.
    pub positions: Vec<TracePosition>,
}

/// An error reply: the request could not be answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorReply {
    /// What went wrong.
    pub error: Error,
}

/// What went wrong, in an [`ErrorReply`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Error {
    /// The kind, what clients act on (`bad_fen`, `illegal_move`, ...).
    #[serde(default = "no_kind")]
    pub kind: String,
    /// For people.
    #[serde(default)]
    pub message: String,
    /// The library's name for what is wrong (`fen.rank_too_long`), where it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// The kind an error reply without one is read as.
fn no_kind() -> String {
    "(no kind)".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_written_in_the_protocols_order_and_read_back() {
        let status = Status {
            in_check: Some(true),
            checkers: Some(vec!["h4".into()]),
            checkmate: Some(true),
            stalemate: Some(false),
        };
        let line = serde_json::to_string(&WithId::new(1, status.clone())).unwrap();
        assert_eq!(line, r#"{"id":1,"in_check":true,"checkers":["h4"],"checkmate":true,"stalemate":false}"#);
        assert_eq!(serde_json::from_str::<Status>(&line).unwrap(), status);
        let error = ErrorReply { error: Error { kind: "bad_fen".into(), message: "no".into(), detail: None } };
        assert_eq!(
            serde_json::to_string(&WithId::new(Value::Null, error)).unwrap(),
            r#"{"id":null,"error":{"kind":"bad_fen","message":"no"}}"#
        );
    }

    #[test]
    fn a_nullable_field_must_be_there() {
        assert_eq!(
            serde_json::from_str::<Status>(r#"{"in_check":null,"checkmate":null,"stalemate":null}"#).unwrap().in_check,
            None
        );
        assert!(serde_json::from_str::<Status>(r#"{"checkmate":null,"stalemate":null}"#).is_err());
        assert!(serde_json::from_str::<Status>(r#"{"in_check":"no","checkmate":null,"stalemate":null}"#).is_err());
    }

    #[test]
    fn requests_are_read_by_their_name() {
        let line = r#"{"id":"a","request":"board","position":{"fen":"startpos","moves":["e2e4"]}}"#;
        let read: WithId<Request> = serde_json::from_str(line).unwrap();
        assert_eq!(read.id, "a");
        assert_eq!(read.message.name(), "board");
        assert_eq!(
            read.message,
            Request::Board { position: Position { moves: vec!["e2e4".into()], ..Position::new("startpos") } }
        );
    }
}
