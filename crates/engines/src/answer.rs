//! What an engine is asked ([`Question`]) and what it answers ([`Answer`]),
//! as typed values: moves are [`UciMove`]s, the board a [`Board`], an ending a
//! [`lawbook_outcome::Outcome`], per-side facts a [`ByColor`]. The text of
//! each protocol is read into these types at the adapter's edge.

use crate::fault::{Fault, FaultKind};
use crate::search::{SearchLimit, Searched};
use core::fmt;
use lawbook_board::{Board, ByColor, Color, Square};
use lawbook_notation::uci::UciMove;
use lawbook_outcome::Outcome;
use std::collections::BTreeMap;

/// A kind of question an engine may be able to answer: one per fact, so an
/// engine that knows some facts of a position is asked those and no others.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Capability {
    /// The full list of legal moves of a position.
    LegalMoves,
    /// Whether one given move is legal (xboard engines: `Illegal move`).
    MoveLegality,
    /// What the engine does with a move sent to it as played: takes it or
    /// refuses it, and the position it shows afterwards.
    Play,
    /// Whether the side to move is in check.
    Check,
    /// Which pieces give check.
    Checkers,
    /// Whether the side to move is checkmated.
    Checkmate,
    /// Whether the side to move is stalemated.
    Stalemate,
    /// Where the pieces stand after the moves.
    Board,
    /// Whether the game has ended by itself, how and with what result.
    Outcome,
    /// Whether one side lacks the material to checkmate.
    InsufficientMaterial,
    /// Whether the position is dead (FIDE 5.2.2).
    DeadPosition,
    /// How often the position has occurred.
    Repetitions,
    /// Whether a threefold-repetition claim is valid.
    ThreefoldClaim,
    /// Whether a fifty-move claim is valid.
    FiftyMoveClaim,
    /// The draws the engine claims, as a player, along the game (an xboard
    /// result line for a repetition or fifty moves).
    Claims,
    /// Facts of lawbook's own model that no engine protocol asks: square
    /// colours, piece values, the over-the-board rules. Only the built-in
    /// engine answers them.
    Model,
    /// Every fact of every position of a game at once, SAN included
    /// ([`Question::Trace`]): what differential testing compares.
    Trace,
    /// Questions about Chess960 games (Guidelines II): not a question of
    /// its own, but whether the others are answered in a Chess960 game.
    Chess960,
    /// What it plays when asked to move: its best move and the lines it
    /// expects ([`Question::Search`]).
    Search,
}

impl Capability {
    /// Every capability, in order.
    pub const ALL: [Capability; 19] = [
        Capability::LegalMoves,
        Capability::MoveLegality,
        Capability::Play,
        Capability::Check,
        Capability::Checkers,
        Capability::Checkmate,
        Capability::Stalemate,
        Capability::Board,
        Capability::Outcome,
        Capability::InsufficientMaterial,
        Capability::DeadPosition,
        Capability::Repetitions,
        Capability::ThreefoldClaim,
        Capability::FiftyMoveClaim,
        Capability::Claims,
        Capability::Model,
        Capability::Trace,
        Capability::Chess960,
        Capability::Search,
    ];

    /// Its name in records and expectation files: `legal-moves`, `model`.
    ///
    /// ```
    /// use lawbook_engines::Capability;
    /// assert_eq!(Capability::InsufficientMaterial.name(), "insufficient-material");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Capability::LegalMoves => "legal-moves",
            Capability::MoveLegality => "move-legality",
            Capability::Play => "play",
            Capability::Check => "check",
            Capability::Checkers => "checkers",
            Capability::Checkmate => "checkmate",
            Capability::Stalemate => "stalemate",
            Capability::Board => "board",
            Capability::Outcome => "outcome",
            Capability::InsufficientMaterial => "insufficient-material",
            Capability::DeadPosition => "dead-position",
            Capability::Repetitions => "repetitions",
            Capability::ThreefoldClaim => "threefold-claim",
            Capability::FiftyMoveClaim => "fifty-move-claim",
            Capability::Claims => "claims",
            Capability::Model => "model",
            Capability::Trace => "trace",
            Capability::Chess960 => "chess960",
            Capability::Search => "search",
        }
    }

    /// The kind in the words of a report: "whether the side to move is in check".
    ///
    /// ```
    /// use lawbook_engines::Capability;
    /// assert_eq!(Capability::Checkers.describe(), "which pieces give check");
    /// ```
    pub const fn describe(self) -> &'static str {
        match self {
            Capability::LegalMoves => "the list of legal moves",
            Capability::MoveLegality => "whether a move is legal",
            Capability::Play => "what it does with a move it is sent",
            Capability::Check => "whether the side to move is in check",
            Capability::Checkers => "which pieces give check",
            Capability::Checkmate => "whether the side to move is checkmated",
            Capability::Stalemate => "whether the side to move is stalemated",
            Capability::Board => "where the pieces stand",
            Capability::Outcome => "whether and how the game has ended",
            Capability::InsufficientMaterial => "whether a side has the material to checkmate",
            Capability::DeadPosition => "whether the position is dead",
            Capability::Repetitions => "how often the position has occurred",
            Capability::ThreefoldClaim => "whether a threefold-repetition claim is valid",
            Capability::FiftyMoveClaim => "whether a fifty-move claim is valid",
            Capability::Claims => "the draws it claims",
            Capability::Model => "facts of lawbook's own model",
            Capability::Trace => "a trace of every position of a game",
            Capability::Chess960 => "anything about a Chess960 game",
            Capability::Search => "the move it plays and the lines it expects",
        }
    }
}

/// One question about a position: one fact, a move list, or the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Every legal move.
    LegalMoves,
    /// Whether this move is legal.
    IsLegal(UciMove),
    /// Play this move (`0000`: a pass) as a player would, legal or not: does
    /// the engine take it, and what position does it show afterwards?
    Play(UciMove),
    /// Whether the side to move is in check.
    InCheck,
    /// The squares of the pieces giving check (none when not in check).
    Checkers,
    /// Whether the side to move is checkmated.
    Checkmate,
    /// Whether the side to move is stalemated.
    Stalemate,
    /// Where the pieces stand.
    Board,
    /// The result and reason once the game has ended by itself (FIDE 5, 9.6),
    /// `None` while it goes on.
    Outcome,
    /// Whether this side can never checkmate by the classic material rule.
    InsufficientMaterial(Color),
    /// Whether no sequence of legal moves can lead to checkmate (FIDE 5.2.2).
    DeadPosition,
    /// How often the current position has occurred, this time included (FIDE 9.2.3).
    Repetitions,
    /// Whether the player to move may claim a draw by threefold repetition,
    /// now or by announcing a move (FIDE 9.2.2, 9.2.1).
    CanClaimThreefold,
    /// Whether the player to move may claim a draw under the fifty-move rule,
    /// now or by announcing a move (FIDE 9.3).
    CanClaimFiftyMoves,
    /// The draws the engine claims along the game, as a player claims them
    /// (FIDE 9.2, 9.3): where, and by which rule.
    Claims,
    /// Every fact of every position of the game, from its start to after its
    /// last move; in position `i` the engine also reads the SAN texts
    /// `reads[i]` (lawbook's) and says which move each names.
    Trace(Vec<Vec<String>>),
    /// Search the position within this limit and name a move, as in a game:
    /// what the engine plays, and the lines it prints on the way.
    Search(SearchLimit),
}

impl Question {
    /// The kind of question this is.
    ///
    /// ```
    /// use lawbook_engines::{Capability, Question};
    /// assert_eq!(Question::Checkmate.capability(), Capability::Checkmate);
    /// ```
    pub const fn capability(&self) -> Capability {
        match self {
            Question::LegalMoves => Capability::LegalMoves,
            Question::IsLegal(_) => Capability::MoveLegality,
            Question::Play(_) => Capability::Play,
            Question::InCheck => Capability::Check,
            Question::Checkers => Capability::Checkers,
            Question::Checkmate => Capability::Checkmate,
            Question::Stalemate => Capability::Stalemate,
            Question::Board => Capability::Board,
            Question::Outcome => Capability::Outcome,
            Question::InsufficientMaterial(_) => Capability::InsufficientMaterial,
            Question::DeadPosition => Capability::DeadPosition,
            Question::Repetitions => Capability::Repetitions,
            Question::CanClaimThreefold => Capability::ThreefoldClaim,
            Question::CanClaimFiftyMoves => Capability::FiftyMoveClaim,
            Question::Claims => Capability::Claims,
            Question::Trace(_) => Capability::Trace,
            Question::Search(_) => Capability::Search,
        }
    }
}

/// An engine's answer to a [`Question`], of the matching kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// To [`Question::LegalMoves`]: the moves, in any order.
    LegalMoves(Vec<UciMove>),
    /// To a yes-or-no question ([`Question::IsLegal`], [`Question::InCheck`],
    /// [`Question::Checkmate`], the claims, ...).
    Bool(bool),
    /// To [`Question::Checkers`]: the squares, in any order.
    Squares(Vec<Square>),
    /// To [`Question::Board`].
    Board(Board),
    /// To [`Question::Outcome`].
    Outcome(Option<Outcome>),
    /// To [`Question::Repetitions`].
    Count(usize),
    /// To [`Question::Trace`]: one entry per position of the game.
    Trace(Vec<TracedPosition>),
    /// To [`Question::Play`].
    Played(Played),
    /// To [`Question::Claims`].
    Claims(Claims),
    /// To [`Question::Search`].
    Searched(Searched),
}

/// The draws an engine claimed along a game ([`Question::Claims`]): after
/// how many of the query's moves it claimed, by each rule; `None` for a
/// rule it was not seen to claim by at start-up (its silence then says nothing).
///
/// An engine seen to claim is taken to claim wherever it may: where the
/// position has just occurred for the third time (9.2.2), or fifty moves by
/// each side have passed (9.3.2). It cannot claim by announcing a move
/// (9.2.1, 9.3.1), so its silence says nothing of such a claim.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Claims {
    /// Threefold repetition (FIDE 9.2).
    pub threefold: Option<Vec<usize>>,
    /// The fifty-move rule (FIDE 9.3).
    pub fifty_moves: Option<Vec<usize>>,
}

/// What an engine did with a move sent to it as played ([`Question::Play`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Whether the engine took the move.
    pub accepted: bool,
    /// The board and the side to move the engine shows afterwards, where
    /// its protocol shows them (after a refusal: the position before, if
    /// the engine is right).
    pub after: Option<(Board, Color)>,
}

/// What an engine told about one position, fact by fact: `None` where it
/// did not say. Adapters fill it from one protocol answer and answer each
/// fact question from it ([`Facts::answer`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// The side to move is in check.
    pub in_check: Option<bool>,
    /// The squares of the pieces giving check.
    pub checkers: Option<Vec<Square>>,
    /// The side to move is checkmated.
    pub checkmate: Option<bool>,
    /// The side to move is stalemated.
    pub stalemate: Option<bool>,
    /// The ending, once the game has ended by itself (`Some(None)`: it goes on).
    pub outcome: Option<Option<Outcome>>,
    /// Each side lacks the material to checkmate.
    pub insufficient_material: ByColor<Option<bool>>,
    /// No sequence of legal moves can lead to checkmate.
    pub dead_position: Option<bool>,
    /// How often the current position has occurred, this time included.
    pub repetitions: Option<usize>,
    /// A threefold-repetition claim is valid (now or by announcing a move).
    pub can_claim_threefold: Option<bool>,
    /// A fifty-move claim is valid (now or by announcing a move).
    pub can_claim_fifty_moves: Option<bool>,
    /// The draws the engine claimed along the game.
    pub claims: Option<Claims>,
}

impl Facts {
    /// Check, the checking pieces, checkmate and stalemate, all known.
    ///
    /// ```
    /// use lawbook_engines::Facts;
    /// let mate = Facts::of_status(vec!["h4".parse()?], true, false);
    /// assert_eq!(mate.in_check, Some(true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_status(checkers: Vec<Square>, checkmate: bool, stalemate: bool) -> Facts {
        Facts {
            in_check: Some(!checkers.is_empty()),
            checkers: Some(checkers),
            checkmate: Some(checkmate),
            stalemate: Some(stalemate),
            ..Facts::default()
        }
    }

    /// Every fact a trace entry holds (no dead-position proof: traces carry none).
    pub fn of_trace(facts: &TracedPosition) -> Facts {
        Facts {
            in_check: Some(facts.in_check),
            checkers: Some(facts.checkers.clone()),
            checkmate: Some(facts.checkmate),
            stalemate: Some(facts.stalemate),
            outcome: Some(facts.outcome),
            insufficient_material: ByColor::from_fn(|side| Some(facts.insufficient_material[side])),
            dead_position: None,
            repetitions: Some(facts.repetitions),
            can_claim_threefold: Some(facts.can_claim_threefold),
            can_claim_fifty_moves: Some(facts.can_claim_fifty_moves),
            claims: None,
        }
    }

    /// The answer to a fact question, or [`EngineError::Unsupported`] when
    /// the engine did not say (or `question` is not about one fact).
    ///
    /// ```
    /// use lawbook_engines::{Answer, Facts, Question};
    /// let facts = Facts { checkmate: Some(true), ..Facts::default() };
    /// assert_eq!(facts.answer(&Question::Checkmate), Ok(Answer::Bool(true)));
    /// assert!(facts.answer(&Question::Stalemate).is_err());
    /// ```
    ///
    /// # Errors
    /// [`EngineError::Unsupported`] for a fact the engine did not give.
    pub fn answer(&self, question: &Question) -> Result<Answer, EngineError> {
        let answer = match question {
            Question::InCheck => self.in_check.map(Answer::Bool),
            Question::Checkers => self.checkers.clone().map(Answer::Squares),
            Question::Checkmate => self.checkmate.map(Answer::Bool),
            Question::Stalemate => self.stalemate.map(Answer::Bool),
            Question::Outcome => self.outcome.map(Answer::Outcome),
            Question::InsufficientMaterial(side) => self.insufficient_material[*side].map(Answer::Bool),
            Question::DeadPosition => self.dead_position.map(Answer::Bool),
            Question::Repetitions => self.repetitions.map(Answer::Count),
            Question::CanClaimThreefold => self.can_claim_threefold.map(Answer::Bool),
            Question::CanClaimFiftyMoves => self.can_claim_fifty_moves.map(Answer::Bool),
            Question::Claims => self.claims.clone().map(Answer::Claims),
            Question::LegalMoves
            | Question::IsLegal(_)
            | Question::Play(_)
            | Question::Board
            | Question::Trace(_)
            | Question::Search(_) => None,
        };
        answer.ok_or(EngineError::Unsupported(question.capability()))
    }
}

/// Everything differential testing compares about one position, as one
/// engine answers it ([`Question::Trace`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TracedPosition {
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
    /// The engine failed: crashed, timed out, or answered nonsense; the
    /// [`Fault`] says which ([`EngineError::kind`]) and explains it.
    Failed(Fault),
    /// The engine refuses the position it is asked about, in its own words:
    /// its FEN reader or its validation rejects the start (a JSON-lines
    /// `bad_fen` reply, the built-in engine's error kind such as
    /// `position.opposite_check`), or it sets the position up without what it
    /// cannot have (a castling right with no rook). Not a crash: the engine
    /// answered, about no position.
    Refused(String),
}

impl EngineError {
    /// A fault of `kind`, in the words of a report.
    pub fn failed(kind: FaultKind, why: impl Into<String>) -> EngineError {
        EngineError::Failed(Fault::new(kind, why))
    }

    /// The kind of fault, for a failure; `None` for an unsupported question
    /// or a refused position, which are answers, not faults.
    ///
    /// ```
    /// use lawbook_engines::{Capability, EngineError, FaultKind};
    /// assert_eq!(EngineError::failed(FaultKind::Exited, "it exited").kind(), Some(FaultKind::Exited));
    /// assert_eq!(EngineError::Unsupported(Capability::Board).kind(), None);
    /// ```
    pub fn kind(&self) -> Option<FaultKind> {
        self.fault().map(Fault::kind)
    }

    /// The fault, for a failure.
    pub fn fault(&self) -> Option<&Fault> {
        match self {
            EngineError::Failed(fault) => Some(fault),
            EngineError::Unsupported(_) | EngineError::Refused(_) => None,
        }
    }

    /// A refusal of the position, in the words of a report.
    pub fn refused(why: impl Into<String>) -> EngineError {
        EngineError::Refused(why.into())
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Unsupported(c) => write!(f, "the engine cannot answer this ({c:?})"),
            EngineError::Failed(why) => write!(f, "the engine failed: {why}"),
            EngineError::Refused(why) => write!(f, "the engine refuses the position: {why}"),
        }
    }
}

impl std::error::Error for EngineError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capabilities_and_fault_kinds_are_written_by_their_names() {
        for capability in Capability::ALL {
            let written = serde_json::to_string(&capability).expect("a capability is written");
            assert_eq!(written, format!("\"{}\"", capability.name()));
            assert_eq!(serde_json::from_str::<Capability>(&written).ok(), Some(capability));
        }
        for kind in crate::FaultKind::ALL {
            let written = serde_json::to_string(&kind).expect("a fault kind is written");
            assert_eq!(written, format!("\"{}\"", kind.name()));
        }
    }
}
