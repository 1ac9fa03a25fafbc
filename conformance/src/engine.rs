//! The one way the corpus asks a program about chess: the [`Engine`] trait.
//!
//! An engine says which questions it can answer ([`Engine::capabilities`]).
//! A scenario step that needs an answer the engine cannot give makes the
//! scenario *unsupported* for that engine ([`EngineError::Unsupported`]),
//! never passed.

use core::fmt;
use lawbook_board::CastlingMode;
use lawbook_movegen::Position;
use lawbook_notation::{fen, uci};

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
