//! [`PositionQuery`]: a position as engines are asked about it, a start and
//! the moves played from it, and its one replay into lawbook's types.

use crate::{EngineError, FaultKind};
use lawbook_board::{CastlingMode, Relaxations};
use lawbook_movegen::{Move, Position};
use lawbook_notation::fen;
use lawbook_notation::uci::UciMove;

/// A position as engines are asked about it: a starting FEN and the moves
/// played from it (so engines that track history see the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionQuery {
    /// The starting position, as FEN (`startpos` is not accepted: write the FEN).
    pub fen: String,
    /// Moves played from it.
    pub moves: Vec<UciMove>,
    /// Whether castling follows Chess960 rules (and UCI writes it as king takes rook).
    pub chess960: bool,
    /// The board records the fifty-move draw by itself instead of waiting
    /// for a claim, as the Polish source's board does (threefold repetition
    /// must still be claimed there).
    pub automatic_fifty_moves: bool,
}

/// A query replayed with lawbook's rules: every position from the start,
/// and the moves between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The start and every position after it; the last is current.
    pub positions: Vec<Position>,
    /// The moves played, `positions.len() - 1` of them.
    pub moves: Vec<Move>,
}

impl Replay {
    /// The position after every move.
    pub fn current(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable!("a replay holds its start"))
    }
}

impl PositionQuery {
    /// The initial position with these moves (standard chess, draws claimed).
    ///
    /// ```
    /// use lawbook_engines::PositionQuery;
    /// let query = PositionQuery::from_start(&["e2e4", "e7e5"])?;
    /// assert_eq!(query.position()?.fullmoves(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The text of a move that is not UCI notation.
    pub fn from_start(moves: &[&str]) -> Result<PositionQuery, lawbook_notation::uci::UciError> {
        PositionQuery::from_fen(fen::STARTPOS, moves)
    }

    /// The game from the position `fen` (sent as written, never read here)
    /// after `moves` in UCI, in standard chess.
    ///
    /// ```
    /// use lawbook_engines::PositionQuery;
    /// let query = PositionQuery::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &["e1g1"])?;
    /// assert_eq!(query.moves_text(), "e1g1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The text of a move that is not UCI notation.
    pub fn from_fen(fen: &str, moves: &[&str]) -> Result<PositionQuery, lawbook_notation::uci::UciError> {
        Ok(PositionQuery {
            fen: fen.to_string(),
            moves: moves.iter().map(|m| m.parse()).collect::<Result<_, _>>()?,
            chess960: false,
            automatic_fifty_moves: false,
        })
    }

    /// The query's moves as one line of text (`e2e4 e7e5`), for messages.
    pub fn moves_text(&self) -> String {
        self.moves.iter().map(UciMove::to_string).collect::<Vec<_>>().join(" ")
    }

    /// Replays the query with lawbook's rules: the start validated strictly,
    /// every move checked.
    ///
    /// # Errors
    /// [`FaultKind::Unaskable`] naming the FEN or the move that cannot be
    /// read or played.
    pub fn replay(&self) -> Result<Replay, EngineError> {
        let mode = self.chess960.then_some(CastlingMode::Chess960);
        let start = fen::read_with(&self.fen, mode, Relaxations::STRICT).map_err(|e| {
            EngineError::failed(FaultKind::Unaskable, format!("the query's FEN {:?} cannot be read: {e}", self.fen))
        })?;
        let mut replay = Replay { positions: Vec::with_capacity(self.moves.len() + 1), moves: Vec::new() };
        replay.positions.push(start);
        for (i, uci) in self.moves.iter().enumerate() {
            let pos = *replay.current();
            let mv = uci.to_move(&pos).map_err(|e| {
                EngineError::failed(
                    FaultKind::Unaskable,
                    format!("the query's move {} ({uci}) cannot be replayed: {e}", i + 1),
                )
            })?;
            replay.moves.push(mv);
            replay.positions.push(pos.play_unchecked(mv));
        }
        Ok(replay)
    }

    /// The position after the moves (see [`PositionQuery::replay`]).
    ///
    /// # Errors
    /// As [`PositionQuery::replay`].
    pub fn position(&self) -> Result<Position, EngineError> {
        self.replay().map(|r| *r.current())
    }

    /// The query as a game with history under the FIDE Laws (fifty moves by
    /// itself when [`PositionQuery::automatic_fifty_moves`] says so).
    ///
    /// # Errors
    /// As [`PositionQuery::replay`].
    pub fn game(&self) -> Result<lawbook_outcome::Game, EngineError> {
        let replay = self.replay()?;
        let policy = lawbook_outcome::Policy {
            automatic_fifty_moves: self.automatic_fifty_moves,
            ..lawbook_outcome::Policy::FIDE
        };
        let mut game = lawbook_outcome::Game::with_settings(
            replay.positions[0],
            policy,
            lawbook_outcome::dead::SearchLimits::default(),
        );
        for mv in replay.moves {
            game.play(mv).map_err(|e| EngineError::failed(FaultKind::Unaskable, e.to_string()))?;
        }
        Ok(game)
    }
}
