//! The one way to ask a program about chess: the [`Engine`] trait, and
//! [`Ask`], its typed questions.
//!
//! An engine answers one method, [`Engine::answer`], so a wrapper forwards
//! exactly one method and cannot forget a question. It says which questions
//! it can answer ([`Engine::supports`]); a question it cannot answer gives
//! [`EngineError::Unsupported`], never a made-up answer.

use crate::answer::{Answer, Capability, EngineError, GameState, PositionFacts, Question, SideStatus};
use crate::query::PositionQuery;
use lawbook_board::Board;
use lawbook_notation::uci::UciMove;

/// A chess engine or rules library under test.
pub trait Engine: Send {
    /// A short name for reports.
    fn name(&self) -> &str;

    /// Whether the engine can answer questions of this kind.
    fn supports(&self, capability: Capability) -> bool;

    /// The answer to `question` about the position `query` means: an
    /// [`Answer`] of the question's kind.
    ///
    /// # Errors
    /// [`EngineError::Unsupported`] for a question the engine cannot answer,
    /// [`EngineError::Failed`] when it failed to answer.
    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError>;
}

impl<E: Engine + ?Sized> Engine for Box<E> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn supports(&self, capability: Capability) -> bool {
        (**self).supports(capability)
    }
    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        (**self).answer(query, question)
    }
}

/// An answer of the wrong kind: a fault of the engine's adapter.
fn mismatch(question: &Question, answer: &Answer) -> EngineError {
    EngineError::failed(format!("the engine answered {answer:?} to the question {question:?}"))
}

/// The typed questions of every [`Engine`].
///
/// ```
/// use lawbook_engines::{Ask, BuiltIn, PositionQuery};
/// let query = PositionQuery::from_start(&["f2f3", "e7e5", "g2g4", "d8h4"])?;
/// assert!(BuiltIn.status(&query)?.checkmate);
/// assert!(BuiltIn.legal_moves(&query)?.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Ask: Engine {
    /// Every legal move of the position, in any order.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn legal_moves(&mut self, query: &PositionQuery) -> Result<Vec<UciMove>, EngineError> {
        let question = Question::LegalMoves;
        match self.answer(query, &question)? {
            Answer::LegalMoves(moves) => Ok(moves),
            other => Err(mismatch(&question, &other)),
        }
    }

    /// Whether `mv` is legal in the position.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn is_legal(&mut self, query: &PositionQuery, mv: UciMove) -> Result<bool, EngineError> {
        let question = Question::IsLegal(mv);
        match self.answer(query, &question)? {
            Answer::IsLegal(legal) => Ok(legal),
            other => Err(mismatch(&question, &other)),
        }
    }

    /// Check, the checking pieces, checkmate and stalemate of the side to move.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn status(&mut self, query: &PositionQuery) -> Result<SideStatus, EngineError> {
        let question = Question::Status;
        match self.answer(query, &question)? {
            Answer::Status(status) => Ok(status),
            other => Err(mismatch(&question, &other)),
        }
    }

    /// Where the pieces stand after the moves.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn board(&mut self, query: &PositionQuery) -> Result<Board, EngineError> {
        let question = Question::Board;
        match self.answer(query, &question)? {
            Answer::Board(board) => Ok(board),
            other => Err(mismatch(&question, &other)),
        }
    }

    /// How the game stands under the draw rules.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn game_state(&mut self, query: &PositionQuery) -> Result<GameState, EngineError> {
        let question = Question::GameState;
        match self.answer(query, &question)? {
            Answer::GameState(state) => Ok(state),
            other => Err(mismatch(&question, &other)),
        }
    }

    /// Every fact of every position of the game (see [`Question::Trace`]).
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn trace(&mut self, query: &PositionQuery, reads: Vec<Vec<String>>) -> Result<Vec<PositionFacts>, EngineError> {
        let question = Question::Trace(reads);
        match self.answer(query, &question)? {
            Answer::Trace(facts) => Ok(facts),
            other => Err(mismatch(&question, &other)),
        }
    }
}

impl<E: Engine + ?Sized> Ask for E {}
