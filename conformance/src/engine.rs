//! The one way the corpus asks a program about chess: the [`Engine`] trait.
//!
//! An engine says which questions it can answer ([`Engine::capabilities`]).
//! A scenario step that needs an answer the engine cannot give makes the
//! scenario *unsupported* for that engine ([`EngineError::Unsupported`]),
//! never passed.

use core::fmt;
use core::time::Duration;
use lawbook_board::CastlingMode;
use lawbook_movegen::Position;
use lawbook_notation::{fen, uci};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// A question an engine may be able to answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Capability {
    /// The full list of legal moves of a position.
    LegalMoves,
    /// Whether one given move is legal (xboard engines: `Illegal move`).
    MoveLegality,
    /// Whether the side to move is in check.
    CheckStatus,
    /// Whether the side to move is checkmated or stalemated.
    MateStalemate,
    /// Where the pieces stand after the moves (FEN piece placement).
    Board,
    /// How the game stands: automatic endings, dead positions, material,
    /// repetitions and valid draw claims.
    DrawRules,
    /// Facts of lawbook's own model that no engine protocol asks: square
    /// colours, piece values. Only the built-in engine answers them.
    Model,
}

/// A position as engines are asked about it: a starting FEN and the moves
/// played from it, in UCI (so engines that track history see the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionQuery {
    /// The starting position.
    pub fen: String,
    /// Moves played from it, in UCI notation.
    pub moves: Vec<String>,
    /// Whether castling follows Chess960 rules (and UCI writes it as king takes rook).
    pub chess960: bool,
    /// The board records the fifty-move draw by itself instead of waiting
    /// for a claim, as the Polish source's board does (threefold repetition
    /// must still be claimed there).
    pub automatic_fifty_moves: bool,
}

/// How a game stands after its moves, as the draw rules see it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameState {
    /// The result and reason when the game has ended by itself
    /// (`"1-0"`, `"checkmate"`), as `lawbook status` writes them.
    pub outcome: Option<(String, String)>,
    /// Whether each side lacks the material to checkmate (White, Black).
    pub insufficient_material: (bool, bool),
    /// Whether no sequence of legal moves can lead to checkmate (FIDE 5.2.2).
    pub dead_position: bool,
    /// How often the current position has occurred, this time included.
    pub repetitions: usize,
    /// Whether a draw claim by threefold repetition is valid now (also by announcing a move).
    pub can_claim_threefold: bool,
    /// Whether a draw claim under the fifty-move rule is valid now (also by announcing a move).
    pub can_claim_fifty_moves: bool,
}

/// What an engine says about the side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Status {
    /// The side to move is in check.
    pub in_check: bool,
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// The squares of the pieces giving check, when the engine reports them.
    pub checkers: Option<Vec<String>>,
}

/// An engine could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The engine cannot answer this kind of question.
    Unsupported(Capability),
    /// The engine failed: crashed, timed out, or answered nonsense.
    Failed(String),
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

/// A chess engine or rules library under test.
pub trait Engine: Send {
    /// A short name for reports.
    fn name(&self) -> &str;

    /// Whether the engine can answer questions of this kind.
    fn supports(&self, capability: Capability) -> bool;

    /// Every legal move of the position, in UCI notation, in any order.
    ///
    /// # Errors
    /// [`EngineError::Unsupported`] when the engine cannot list moves,
    /// [`EngineError::Failed`] when it failed to answer.
    fn legal_moves(&mut self, _query: &PositionQuery) -> Result<Vec<String>, EngineError> {
        Err(EngineError::Unsupported(Capability::LegalMoves))
    }

    /// Whether the move `uci` is legal in the position. Engines that can list
    /// moves need not implement this: the harness uses the list.
    ///
    /// # Errors
    /// As [`Engine::legal_moves`].
    fn is_legal(&mut self, _query: &PositionQuery, _uci: &str) -> Result<bool, EngineError> {
        Err(EngineError::Unsupported(Capability::MoveLegality))
    }

    /// Check, checkmate and stalemate of the side to move. Engines fill in
    /// what they can; a field they cannot judge makes the capability unsupported.
    ///
    /// # Errors
    /// As [`Engine::legal_moves`].
    fn status(&mut self, _query: &PositionQuery) -> Result<Status, EngineError> {
        Err(EngineError::Unsupported(Capability::CheckStatus))
    }

    /// Where the pieces stand after the moves, as the first field of a FEN.
    ///
    /// # Errors
    /// As [`Engine::legal_moves`].
    fn placement(&mut self, _query: &PositionQuery) -> Result<String, EngineError> {
        Err(EngineError::Unsupported(Capability::Board))
    }

    /// How the game stands under the draw rules.
    ///
    /// # Errors
    /// As [`Engine::legal_moves`].
    fn game_state(&mut self, _query: &PositionQuery) -> Result<GameState, EngineError> {
        Err(EngineError::Unsupported(Capability::DrawRules))
    }
}

/// lawbook's own rules, in process.
#[derive(Debug, Default)]
pub struct BuiltIn;

impl BuiltIn {
    fn game(query: &PositionQuery) -> Result<lawbook_outcome::Game, EngineError> {
        let mode = if query.chess960 { Some(CastlingMode::Chess960) } else { None };
        let start = fen::read_with(&query.fen, mode, lawbook_board::Relaxations::STRICT)
            .map_err(|e| EngineError::Failed(e.to_string()))?;
        let policy = lawbook_outcome::Policy {
            automatic_fifty_moves: query.automatic_fifty_moves,
            ..lawbook_outcome::Policy::FIDE
        };
        let mut game =
            lawbook_outcome::Game::with_settings(start, policy, lawbook_outcome::dead::SearchLimits::default());
        for text in &query.moves {
            let mv = uci::parse(game.position(), text).map_err(|e| EngineError::Failed(e.to_string()))?;
            game.play(mv).map_err(|e| EngineError::Failed(e.to_string()))?;
        }
        Ok(game)
    }

    fn position(query: &PositionQuery) -> Result<Position, EngineError> {
        let mode = if query.chess960 { Some(CastlingMode::Chess960) } else { None };
        let mut pos = fen::read_with(&query.fen, mode, lawbook_board::Relaxations::STRICT)
            .map_err(|e| EngineError::Failed(e.to_string()))?;
        for text in &query.moves {
            let mv = uci::parse(&pos, text).map_err(|e| EngineError::Failed(e.to_string()))?;
            pos = pos.play_unchecked(mv);
        }
        Ok(pos)
    }
}

impl Engine for BuiltIn {
    fn name(&self) -> &str {
        "lawbook"
    }

    fn supports(&self, _: Capability) -> bool {
        true
    }

    fn legal_moves(&mut self, query: &PositionQuery) -> Result<Vec<String>, EngineError> {
        let pos = BuiltIn::position(query)?;
        Ok(pos.legal_moves().iter().map(|&m| uci::write(&pos, m)).collect())
    }

    fn status(&mut self, query: &PositionQuery) -> Result<Status, EngineError> {
        let pos = BuiltIn::position(query)?;
        let no_moves = pos.count_legal() == 0;
        Ok(Status {
            in_check: pos.is_check(),
            checkmate: no_moves && pos.is_check(),
            stalemate: no_moves && !pos.is_check(),
            checkers: Some(pos.checkers().squares().map(|s| s.to_string()).collect()),
        })
    }

    fn game_state(&mut self, query: &PositionQuery) -> Result<GameState, EngineError> {
        let game = BuiltIn::game(query)?;
        let status = game.status();
        Ok(GameState {
            outcome: status.outcome.map(|o| (o.result.as_str().to_string(), o.reason.as_str().to_string())),
            insufficient_material: (status.insufficient_material.white, status.insufficient_material.black),
            dead_position: status.dead_position,
            repetitions: status.repetitions,
            can_claim_threefold: status.can_claim_threefold,
            can_claim_fifty_moves: status.can_claim_fifty_moves,
        })
    }

    fn placement(&mut self, query: &PositionQuery) -> Result<String, EngineError> {
        let pos = BuiltIn::position(query)?;
        let mut out = String::new();
        fen::write_placement(pos.board(), &mut out);
        Ok(out)
    }
}

/// Nanoseconds spent inside the calls of every [`Timed`] engine of this
/// process.
static ENGINE_NANOS: AtomicU64 = AtomicU64::new(0);

/// The time spent inside the calls of every [`Timed`] engine of this process
/// so far, summed (calls made at the same time each count in full).
pub fn engine_time() -> Duration {
    Duration::from_nanos(ENGINE_NANOS.load(Ordering::Relaxed))
}

/// An engine whose every call is timed and added to [`engine_time`]: the
/// time the harness waits for answers, without the time it spends on its
/// own work (reading the scenarios, building queries, comparing answers,
/// reporting). Every engine a scenario asks is wrapped in one.
pub struct Timed(pub Box<dyn Engine>);

/// Runs `call`, adding its time to [`engine_time`].
fn timed<T>(call: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let answer = call();
    let nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
    ENGINE_NANOS.fetch_add(nanos, Ordering::Relaxed);
    answer
}

impl Engine for Timed {
    fn name(&self) -> &str {
        self.0.name()
    }
    fn supports(&self, capability: Capability) -> bool {
        timed(|| self.0.supports(capability))
    }
    fn legal_moves(&mut self, query: &PositionQuery) -> Result<Vec<String>, EngineError> {
        timed(|| self.0.legal_moves(query))
    }
    fn is_legal(&mut self, query: &PositionQuery, uci: &str) -> Result<bool, EngineError> {
        timed(|| self.0.is_legal(query, uci))
    }
    fn status(&mut self, query: &PositionQuery) -> Result<Status, EngineError> {
        timed(|| self.0.status(query))
    }
    fn placement(&mut self, query: &PositionQuery) -> Result<String, EngineError> {
        timed(|| self.0.placement(query))
    }
    fn game_state(&mut self, query: &PositionQuery) -> Result<GameState, EngineError> {
        timed(|| self.0.game_state(query))
    }
}
