//! [`ChessWorld`]: the state of one scenario while it runs.

use crate::engine::{BuiltIn, Engine, EngineError, PositionQuery, Timed};
use lawbook_board::{CastlingMode, Color, Setup};
use lawbook_movegen::{Move, Position};
use lawbook_notation::{ReadOptions, fen, read_move, uci};
use std::fmt;
use std::sync::{Mutex, OnceLock};

/// Makes the engine each scenario asks; set once before the run.
type EngineFactory = Box<dyn Fn() -> Box<dyn Engine> + Send + Sync>;

static ENGINE: OnceLock<Mutex<EngineFactory>> = OnceLock::new();

/// Chooses the engine every scenario of this run asks (the built-in one if never called).
pub fn set_engine(factory: impl Fn() -> Box<dyn Engine> + Send + Sync + 'static) {
    let _ = ENGINE.set(Mutex::new(Box::new(factory)));
}

/// The engine a new scenario asks, timed (see [`Timed`]).
fn new_engine() -> Box<dyn Engine> {
    let engine = match ENGINE.get() {
        Some(factory) => match factory.lock() {
            Ok(f) => f(),
            Err(poisoned) => (poisoned.into_inner())(),
        },
        None => Box::new(BuiltIn),
    };
    Box::new(Timed(engine))
}

/// The game a scenario has set up and played so far.
#[derive(Clone, Debug)]
pub struct Game {
    /// The starting position.
    pub start: Position,
    /// Moves played from the start.
    pub moves: Vec<Move>,
    /// The start and every position after it: `positions.last()` is current.
    pub positions: Vec<Position>,
}

impl Game {
    /// The current position.
    pub fn current(&self) -> &Position {
        self.positions.last().unwrap_or(&self.start)
    }

    /// The game as engines are asked about it.
    pub fn query(&self) -> PositionQuery {
        let mut uci_moves = Vec::with_capacity(self.moves.len());
        for (pos, mv) in self.positions.iter().zip(&self.moves) {
            uci_moves.push(uci::write(pos, *mv));
        }
        PositionQuery {
            fen: fen::write(&self.start),
            moves: uci_moves,
            chess960: self.start.castling_mode() == CastlingMode::Chess960,
            automatic_fifty_moves: false,
        }
    }

    /// Plays a move written in any notation; panics with the reason if it is illegal.
    pub fn play(&mut self, text: &str) {
        let pos = *self.current();
        match read_move(&pos, text, ReadOptions::STRICT) {
            Ok((mv, _)) => {
                self.moves.push(mv);
                self.positions.push(pos.play_unchecked(mv));
            }
            Err(e) => panic!("the scenario plays {text}, which the laws do not allow here: {e}\n{}", describe(&pos)),
        }
    }
}

/// The result of a move a scenario tried (`When Black tries d4xe3`).
#[derive(Clone, Debug)]
pub struct Attempt {
    /// The move as written.
    pub text: String,
    /// Whether the engine accepted it.
    pub accepted: bool,
    /// The position before the attempt.
    pub before: Position,
}

/// The state of one scenario.
#[derive(cucumber::World)]
#[world(init = Self::default)]
pub struct ChessWorld {
    /// The feature's name, for snapshot names.
    pub feature: String,
    /// The scenario's name, for snapshot names.
    pub scenario: String,
    /// How many legal move lists this scenario has pinned so far.
    pub pins: usize,
    /// Whether the scenario is a row of a Scenario Outline.
    pub outline_row: bool,
    /// The position being set up by `Given` steps, before play starts.
    pub setup: Setup,
    /// Whether the setup is Chess960.
    pub mode: CastlingMode,
    /// The game, once play (or a question) has started.
    pub game: Option<Game>,
    /// The last move tried.
    pub attempt: Option<Attempt>,
    /// The board records the fifty-move draw by itself (the Polish source's board).
    pub automatic_fifty_moves: bool,
    /// The result of a draw offer both players accepted, as the game model reports it.
    pub agreed: Option<String>,
    /// The over-the-board model, once a scenario has a player touch, move or press something.
    pub otb: Option<lawbook_otb::OverTheBoard>,
    /// The engine under test.
    pub engine: Box<dyn Engine>,
}

impl fmt::Debug for ChessWorld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ChessWorld")
            .field("feature", &self.feature)
            .field("scenario", &self.scenario)
            .field("engine", &self.engine.name())
            .field("game", &self.game.as_ref().map(|g| fen::write(g.current())))
            .finish_non_exhaustive()
    }
}

impl Default for ChessWorld {
    fn default() -> ChessWorld {
        ChessWorld {
            feature: String::new(),
            scenario: String::new(),
            pins: 0,
            outline_row: false,
            setup: Setup::empty(),
            mode: CastlingMode::Standard,
            game: None,
            attempt: None,
            automatic_fifty_moves: false,
            agreed: None,
            otb: None,
            engine: new_engine(),
        }
    }
}

impl ChessWorld {
    /// Starts the game from the set-up position (once), validating it strictly.
    pub fn game(&mut self) -> &mut Game {
        if self.game.is_none() {
            let start = match Position::from_setup(self.setup.clone(), self.mode) {
                Ok(pos) => pos,
                Err(e) => panic!("the scenario sets up an impossible position: {e}\n{}", fen::write_setup(&self.setup)),
            };
            self.game = Some(Game { start, moves: Vec::new(), positions: vec![start] });
        }
        self.game.as_mut().unwrap_or_else(|| unreachable!("the game was just started"))
    }

    /// The current position (starting the game if needed).
    pub fn position(&mut self) -> Position {
        *self.game().current()
    }

    /// The question engines are asked about the current position.
    pub fn query(&mut self) -> PositionQuery {
        let automatic_fifty_moves = self.automatic_fifty_moves;
        PositionQuery { automatic_fifty_moves, ..self.game().query() }
    }

    /// The engine's view of how the game stands under the draw rules.
    pub fn engine_game_state(&mut self) -> crate::engine::GameState {
        let query = self.query();
        answer(self.engine.game_state(&query))
    }

    /// The engine's legal moves of the current position, in UCI. An engine
    /// that cannot list moves but judges one move at a time (xboard) is asked
    /// about every move the pieces could make on this board, and its list is
    /// the moves it accepts: an illegal move it accepts or a legal one it
    /// refuses shows just as in a list.
    pub fn engine_moves(&mut self) -> Vec<String> {
        let query = self.query();
        use crate::engine::Capability;
        if !self.engine.supports(Capability::LegalMoves) && self.engine.supports(Capability::MoveLegality) {
            let pos = self.position();
            let candidates = crate::mutants::candidate_moves(&pos);
            return candidates.into_iter().filter(|m| answer(self.engine.is_legal(&query, m))).collect();
        }
        answer(self.engine.legal_moves(&query))
    }

    /// The engine's status of the current position.
    pub fn engine_status(&mut self) -> crate::engine::Status {
        let query = self.query();
        answer(self.engine.status(&query))
    }

    /// The side to move.
    pub fn turn(&mut self) -> Color {
        self.position().turn()
    }
}

/// Unwraps an engine's answer; an unsupported question or a failure ends the
/// step with a message the reports recognise.
pub fn answer<T>(result: Result<T, EngineError>) -> T {
    match result {
        Ok(value) => value,
        Err(EngineError::Unsupported(c)) => panic!("UNSUPPORTED: the engine cannot answer {c:?}"),
        Err(EngineError::Failed(why)) => panic!("ENGINE ERROR: {why}"),
    }
}

/// The position drawn as text, with its FEN, for failure messages.
pub fn describe(pos: &Position) -> String {
    let mut out = String::from("\n");
    let board = format!("{:?}", pos.board());
    for (i, line) in board.lines().enumerate() {
        let spaced: Vec<String> = line.chars().map(|c| c.to_string()).collect();
        out.push_str(&format!("  {} {}\n", 8 - i, spaced.join(" ")));
    }
    out.push_str("    a b c d e f g h\n");
    out.push_str(&format!("  {} to move; FEN {}\n", pos.turn(), fen::write(pos)));
    out
}
