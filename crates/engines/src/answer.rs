//! What an engine is asked ([`Question`]) and what it answers ([`Answer`]),
//! as typed values: moves are [`UciMove`]s, the board a [`Board`], an ending a
//! [`lawbook_outcome::Outcome`], per-side facts a [`ByColor`]. The text of
//! each protocol is read into these types at the adapter's edge.

use core::fmt;
use lawbook_board::{Board, ByColor, Square};
use lawbook_notation::uci::UciMove;
use lawbook_outcome::Outcome;
use std::collections::BTreeMap;

/// A kind of question an engine may be able to answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Capability {
    /// The full list of legal moves of a position.
    LegalMoves,
    /// Whether one given move is legal (xboard engines: `Illegal move`).
    MoveLegality,
    /// Whether the side to move is in check.
    CheckStatus,
    /// Whether the side to move is checkmated or stalemated.
    MateStalemate,
    /// Where the pieces stand after the moves.
    Board,
    /// How the game stands: automatic endings, dead positions, material,
    /// repetitions and valid draw claims.
    DrawRules,
    /// Facts of lawbook's own model that no engine protocol asks: square
    /// colours, piece values, the over-the-board rules. Only the built-in
    /// engine answers them.
    Model,
    /// Every fact of every position of a game at once, SAN included
    /// ([`Question::Trace`]): what differential testing compares.
    Trace,
}

/// One question about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Every legal move.
    LegalMoves,
    /// Whether this move is legal.
    IsLegal(UciMove),
    /// Check, the checking pieces, checkmate and stalemate of the side to move.
    Status,
    /// Where the pieces stand.
    Board,
    /// How the game stands under the draw rules.
    GameState,
    /// Every fact of every position of the game, from its start to after its
    /// last move; in position `i` the engine also reads the SAN texts
    /// `reads[i]` (lawbook's) and says which move each names.
    Trace(Vec<Vec<String>>),
}

impl Question {
    /// The kind of question this is.
    ///
    /// ```
    /// use lawbook_engines::{Capability, Question};
    /// assert_eq!(Question::GameState.capability(), Capability::DrawRules);
    /// ```
    pub const fn capability(&self) -> Capability {
        match self {
            Question::LegalMoves => Capability::LegalMoves,
            Question::IsLegal(_) => Capability::MoveLegality,
            Question::Status => Capability::CheckStatus,
            Question::Board => Capability::Board,
            Question::GameState => Capability::DrawRules,
            Question::Trace(_) => Capability::Trace,
        }
    }
}

/// An engine's answer to a [`Question`], of the matching kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// To [`Question::LegalMoves`]: the moves, in any order.
    LegalMoves(Vec<UciMove>),
    /// To [`Question::IsLegal`].
    IsLegal(bool),
    /// To [`Question::Status`].
    Status(SideStatus),
    /// To [`Question::Board`].
    Board(Board),
    /// To [`Question::GameState`].
    GameState(GameState),
    /// To [`Question::Trace`]: one entry per position of the game.
    Trace(Vec<PositionFacts>),
}

/// What an engine says about the side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideStatus {
    /// The side to move is in check.
    pub in_check: bool,
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// The squares of the pieces giving check, when the engine reports them.
    pub checkers: Option<Vec<Square>>,
}

/// How a game stands after its moves, as the draw rules see it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameState {
    /// The result and reason when the game has ended by itself.
    pub outcome: Option<Outcome>,
    /// Whether each side lacks the material to checkmate.
    pub insufficient_material: ByColor<bool>,
    /// Whether no sequence of legal moves can lead to checkmate (FIDE 5.2.2).
    pub dead_position: bool,
    /// How often the current position has occurred, this time included.
    pub repetitions: usize,
    /// Whether a draw claim by threefold repetition is valid now (also by announcing a move).
    pub can_claim_threefold: bool,
    /// Whether a draw claim under the fifty-move rule is valid now (also by announcing a move).
    pub can_claim_fifty_moves: bool,
}

/// Everything differential testing compares about one position, as one
/// engine answers it ([`Question::Trace`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionFacts {
    /// The position as FEN, as the engine writes it.
    pub fen: String,
    /// Every legal move, with its SAN as the engine writes it.
    pub moves: BTreeMap<UciMove, String>,
    /// The side to move is in check.
    pub in_check: bool,
    /// The squares of the checking pieces, in square order.
    pub checkers: Vec<Square>,
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// Each side lacks the material to mate by the classic rule.
    pub insufficient_material: ByColor<bool>,
    /// The ending the position brings by itself.
    pub outcome: Option<Outcome>,
    /// How often this position has occurred in the game, this time included.
    pub repetitions: usize,
    /// The player to move may claim a draw by threefold repetition (false once the game has ended).
    pub can_claim_threefold: bool,
    /// The player to move may claim a draw by the fifty-move rule (false once the game has ended).
    pub can_claim_fifty_moves: bool,
    /// The move each SAN text the engine was asked to read here names, or
    /// `None` when it could not read it.
    pub reads: Vec<Option<UciMove>>,
}

/// An engine could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The engine cannot answer this kind of question.
    Unsupported(Capability),
    /// The engine failed: crashed, timed out, or answered nonsense.
    Failed(String),
}

impl EngineError {
    /// A failure, in the words of a report.
    pub fn failed(why: impl Into<String>) -> EngineError {
        EngineError::Failed(why.into())
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Unsupported(c) => write!(f, "the engine cannot answer this ({c:?})"),
            EngineError::Failed(why) => write!(f, "the engine failed: {why}"),
        }
    }
}

impl std::error::Error for EngineError {}
