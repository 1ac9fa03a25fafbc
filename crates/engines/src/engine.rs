//! The one way to ask a program about chess: the [`Engine`] trait, and
//! [`Ask`], its typed questions.
//!
//! An engine answers one method, [`Engine::answer`], so a wrapper forwards
//! exactly one method and cannot forget a question. It says which questions
//! it can answer ([`Engine::supports`]); a question it cannot answer gives
//! [`EngineError::Unsupported`], never a made-up answer.

use crate::FaultKind;
use crate::answer::{Answer, Capability, Claims, EngineError, Facts, Played, Question, TracedPosition};
use crate::query::PositionQuery;
use crate::search::{SearchLimit, Searched};
use lawbook_board::{Board, ByColor, Color, Square};
use lawbook_notation::uci::UciMove;
use lawbook_outcome::Outcome;

/// A chess engine or rules library under test.
pub trait Engine: Send {
    /// A short name for reports.
    fn name(&self) -> &str;

    /// What the engine calls itself, with its version (`Stockfish 16`,
    /// `chess.js 1.4.0`), as it says at start-up; what expectations record.
    fn version(&self) -> String;

    /// Whether the engine can answer questions of this kind.
    fn supports(&self, capability: Capability) -> bool;

    /// The answer to `question` about the position `query` means: an
    /// [`Answer`] of the question's kind.
    ///
    /// # Errors
    /// [`EngineError::Unsupported`] for a question the engine cannot answer,
    /// [`EngineError::Failed`] when it failed to answer (the [`crate::Fault`] says how),
    /// [`EngineError::Refused`] when it refuses the position itself.
    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError>;
}

impl<E: Engine + ?Sized> Engine for Box<E> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn version(&self) -> String {
        (**self).version()
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
    EngineError::failed(
        FaultKind::BrokeProtocol,
        format!("the engine answered {answer:?} to the question {question:?}"),
    )
}

/// The typed questions of every [`Engine`].
///
/// ```
/// use lawbook_engines::{Ask, BuiltIn, PositionQuery};
/// let query = PositionQuery::from_start(&["f2f3", "e7e5", "g2g4", "d8h4"])?;
/// assert!(BuiltIn.checkmate(&query)?);
/// assert!(BuiltIn.legal_moves(&query)?.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Ask: Engine {
    /// Every legal move of the position, in any order.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn legal_moves(&mut self, query: &PositionQuery) -> Result<Vec<UciMove>, EngineError> {
        match ask(self, query, Question::LegalMoves)? {
            Answer::LegalMoves(moves) => Ok(moves),
            other => Err(mismatch(&Question::LegalMoves, &other)),
        }
    }

    /// Whether `mv` is legal in the position.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn is_legal(&mut self, query: &PositionQuery, mv: UciMove) -> Result<bool, EngineError> {
        yes_or_no(self, query, Question::IsLegal(mv))
    }

    /// Sends `mv` (`0000`: a pass) to the engine as played, legal or not:
    /// whether it takes it, and the position it shows afterwards.
    ///
    /// ```
    /// use lawbook_board::Color;
    /// use lawbook_engines::{Ask, BuiltIn, PositionQuery};
    /// let query = PositionQuery::from_start(&[])?;
    /// let refused = BuiltIn.play(&query, "e2e5".parse()?)?;
    /// assert!(!refused.accepted);
    /// assert_eq!(refused.after.map(|(_, turn)| turn), Some(Color::White));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn play(&mut self, query: &PositionQuery, mv: UciMove) -> Result<Played, EngineError> {
        match ask(self, query, Question::Play(mv))? {
            Answer::Played(played) => Ok(played),
            other => Err(mismatch(&Question::Play(mv), &other)),
        }
    }

    /// Whether the side to move is in check.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn in_check(&mut self, query: &PositionQuery) -> Result<bool, EngineError> {
        yes_or_no(self, query, Question::InCheck)
    }

    /// The squares of the pieces giving check, in square order.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn checkers(&mut self, query: &PositionQuery) -> Result<Vec<Square>, EngineError> {
        match ask(self, query, Question::Checkers)? {
            Answer::Squares(mut squares) => {
                squares.sort();
                Ok(squares)
            }
            other => Err(mismatch(&Question::Checkers, &other)),
        }
    }

    /// Whether the side to move is checkmated.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn checkmate(&mut self, query: &PositionQuery) -> Result<bool, EngineError> {
        yes_or_no(self, query, Question::Checkmate)
    }

    /// Whether the side to move is stalemated.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn stalemate(&mut self, query: &PositionQuery) -> Result<bool, EngineError> {
        yes_or_no(self, query, Question::Stalemate)
    }

    /// Where the pieces stand after the moves.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn board(&mut self, query: &PositionQuery) -> Result<Board, EngineError> {
        match ask(self, query, Question::Board)? {
            Answer::Board(board) => Ok(board),
            other => Err(mismatch(&Question::Board, &other)),
        }
    }

    /// The ending once the game has ended by itself; `None` while it goes on.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn outcome(&mut self, query: &PositionQuery) -> Result<Option<Outcome>, EngineError> {
        match ask(self, query, Question::Outcome)? {
            Answer::Outcome(outcome) => Ok(outcome),
            other => Err(mismatch(&Question::Outcome, &other)),
        }
    }

    /// Whether `side` can never checkmate by the classic material rule.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn insufficient_material(&mut self, query: &PositionQuery, side: Color) -> Result<bool, EngineError> {
        yes_or_no(self, query, Question::InsufficientMaterial(side))
    }

    /// Whether the position is dead (FIDE 5.2.2).
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn dead_position(&mut self, query: &PositionQuery) -> Result<bool, EngineError> {
        yes_or_no(self, query, Question::DeadPosition)
    }

    /// How often the position has occurred, this time included.
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn repetitions(&mut self, query: &PositionQuery) -> Result<usize, EngineError> {
        match ask(self, query, Question::Repetitions)? {
            Answer::Count(n) => Ok(n),
            other => Err(mismatch(&Question::Repetitions, &other)),
        }
    }

    /// Whether a threefold-repetition claim is valid (now or by announcing a move).
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn can_claim_threefold(&mut self, query: &PositionQuery) -> Result<bool, EngineError> {
        yes_or_no(self, query, Question::CanClaimThreefold)
    }

    /// Whether a fifty-move claim is valid (now or by announcing a move).
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn can_claim_fifty_moves(&mut self, query: &PositionQuery) -> Result<bool, EngineError> {
        yes_or_no(self, query, Question::CanClaimFiftyMoves)
    }

    /// The draws the engine claimed along the game (see [`Claims`]).
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn claims(&mut self, query: &PositionQuery) -> Result<Claims, EngineError> {
        match ask(self, query, Question::Claims)? {
            Answer::Claims(claims) => Ok(claims),
            other => Err(mismatch(&Question::Claims, &other)),
        }
    }

    /// Every fact question the engine answers about the position, each asked
    /// on its own; a fact it cannot answer stays `None`.
    ///
    /// ```
    /// use lawbook_engines::{Ask, BuiltIn, PositionQuery};
    /// let facts = BuiltIn.facts(&PositionQuery::from_start(&["f2f3", "e7e5", "g2g4", "d8h4"])?)?;
    /// assert_eq!(facts.checkmate, Some(true));
    /// assert_eq!(facts.repetitions, Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`EngineError::Failed`] when the engine failed to answer one of them.
    fn facts(&mut self, query: &PositionQuery) -> Result<Facts, EngineError> {
        fn known<T>(answer: Result<T, EngineError>) -> Result<Option<T>, EngineError> {
            match answer {
                Ok(value) => Ok(Some(value)),
                Err(EngineError::Unsupported(_)) => Ok(None),
                Err(failed) => Err(failed),
            }
        }
        Ok(Facts {
            in_check: known(self.in_check(query))?,
            checkers: known(self.checkers(query))?,
            checkmate: known(self.checkmate(query))?,
            stalemate: known(self.stalemate(query))?,
            outcome: known(self.outcome(query))?,
            insufficient_material: ByColor::new(
                known(self.insufficient_material(query, Color::White))?,
                known(self.insufficient_material(query, Color::Black))?,
            ),
            dead_position: known(self.dead_position(query))?,
            repetitions: known(self.repetitions(query))?,
            can_claim_threefold: known(self.can_claim_threefold(query))?,
            can_claim_fifty_moves: known(self.can_claim_fifty_moves(query))?,
            claims: known(self.claims(query))?,
        })
    }

    /// What the engine plays in the position, searching within `limit`:
    /// the move it names and the lines it prints (see [`Question::Search`]).
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn search(&mut self, query: &PositionQuery, limit: SearchLimit) -> Result<Searched, EngineError> {
        match ask(self, query, Question::Search(limit))? {
            Answer::Searched(searched) => Ok(searched),
            other => Err(mismatch(&Question::Search(limit), &other)),
        }
    }

    /// Every fact of every position of the game (see [`Question::Trace`]).
    ///
    /// # Errors
    /// As [`Engine::answer`].
    fn trace(&mut self, query: &PositionQuery, reads: Vec<Vec<String>>) -> Result<Vec<TracedPosition>, EngineError> {
        let question = Question::Trace(reads);
        match self.answer(query, &question)? {
            Answer::Trace(facts) => Ok(facts),
            other => Err(mismatch(&question, &other)),
        }
    }
}

impl<E: Engine + ?Sized> Ask for E {}

/// Asks `question`; a question the engine says it cannot answer is not sent.
fn ask<E: Engine + ?Sized>(engine: &mut E, query: &PositionQuery, question: Question) -> Result<Answer, EngineError> {
    if !engine.supports(question.capability()) {
        return Err(EngineError::Unsupported(question.capability()));
    }
    engine.answer(query, &question)
}

fn yes_or_no<E: Engine + ?Sized>(
    engine: &mut E,
    query: &PositionQuery,
    question: Question,
) -> Result<bool, EngineError> {
    match ask(engine, query, question.clone())? {
        Answer::Bool(yes) => Ok(yes),
        other => Err(mismatch(&question, &other)),
    }
}
