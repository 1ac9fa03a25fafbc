//! [`ChessWorld`]: the state of one scenario while it runs.
//!
//! A scenario first sets up a position ([`ChessWorld::setup_mut`]); its
//! first move or question starts the game from it ([`ChessWorld::game`]),
//! validated strictly. The game then changes only through
//! [`ScenarioGame::play`] and [`ScenarioGame::push`], which keep the moves
//! and the positions in step.
//!
//! A scenario may instead start from a position no game can reach
//! ([`ChessWorld::set_unreachable`]): lawbook does not validate it, engines
//! are asked about its FEN as written, and no move is played in it. The steps
//! read its board as written ([`ChessWorld::reading`]) to name moves and draw
//! it, never to judge it.

use lawbook_board::{Board, CastlingMode, Color, Setup};
use lawbook_engines::{Answer, Capability, Engine, EngineError, PositionQuery};
use lawbook_movegen::{Move, Position};
use lawbook_notation::uci::UciMove;
use lawbook_notation::{ReadOptions, diagram, fen, read_move};
use std::fmt;

/// The engine a scenario's world holds until the run gives it its own:
/// every question is an engine failure, so a world the run did not set up
/// can never pass by asking nobody.
struct NotChosen;

impl Engine for NotChosen {
    fn name(&self) -> &str {
        "no engine"
    }
    fn version(&self) -> String {
        "no engine".to_string()
    }
    fn supports(&self, capability: Capability) -> bool {
        // Every question, so that asking gives the failure; not lawbook's model.
        capability != Capability::Model
    }
    fn answer(&mut self, _: &PositionQuery, _: &lawbook_engines::Question) -> Result<Answer, EngineError> {
        Err(EngineError::failed(
            lawbook_engines::FaultKind::CouldNotStart,
            "no engine was chosen for this scenario (the run sets one before it starts)",
        ))
    }
}

/// The game a scenario has set up and played so far.
#[derive(Clone, Debug)]
pub struct ScenarioGame {
    /// The start as engines are told it: as the scenario wrote it (an en
    /// passant square no capture can use included), where lawbook's
    /// position keeps only what 9.2.3 counts.
    start_fen: String,
    moves: Vec<Move>,
    /// The start and every position after it: the last is current.
    positions: Vec<Position>,
}

impl ScenarioGame {
    /// A game from `start`, no move played yet.
    pub fn new(start: Position) -> ScenarioGame {
        ScenarioGame::as_written(start, fen::write(&start))
    }

    /// A game from `start`, which engines are told as `fen` (the scenario's
    /// own text of it), no move played yet.
    pub fn as_written(start: Position, fen: String) -> ScenarioGame {
        ScenarioGame { start_fen: fen, moves: Vec::new(), positions: vec![start] }
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn current(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable!("a game holds its start"))
    }

    /// The moves played from the start.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position before the last move and the last move, if one was played.
    pub fn last_move(&self) -> Option<(&Position, Move)> {
        let mv = *self.moves.last()?;
        Some((&self.positions[self.positions.len() - 2], mv))
    }

    /// Plays `mv`, a legal move of the current position.
    pub fn push(&mut self, mv: Move) {
        let next = self.current().play_unchecked(mv);
        self.moves.push(mv);
        self.positions.push(next);
    }

    /// Plays a move written in any notation; panics with the reason if it is
    /// illegal, or if the game has already ended by itself (checkmate,
    /// stalemate, a dead position, fivefold repetition, seventy-five
    /// moves): a move played then is a badly written scenario, since an
    /// engine may lawfully refuse it.
    pub fn play(&mut self, text: &str) {
        self.play_in(text, lawbook_notation::Lang::English);
    }

    /// Plays a move written with the piece letters of `lang` (FIDE Appendix
    /// C.3: each player may use the letters of his or her own language);
    /// English letters are read too.
    pub fn play_in(&mut self, text: &str, lang: lawbook_notation::Lang) {
        if let Some(outcome) = self.model().outcome() {
            panic!(
                "a badly written scenario: it plays {text} after the game has ended ({outcome}: FIDE {}), which \
                 no move may follow; end the scenario there, or change the position so that the game goes on\n{}",
                outcome.reason.article(),
                describe(self.current())
            );
        }
        let pos = *self.current();
        match read_move(&pos, text, ReadOptions { lang, ..ReadOptions::STRICT }) {
            Ok((mv, _)) => self.push(mv),
            Err(e) => panic!("the scenario plays {text}, which the laws do not allow here: {e}\n{}", describe(&pos)),
        }
    }

    /// The game as engines are asked about it.
    pub fn query(&self) -> PositionQuery {
        let moves = self.positions.iter().zip(&self.moves).map(|(pos, &mv)| UciMove::from_move(pos, mv)).collect();
        PositionQuery {
            fen: self.start_fen.clone(),
            moves,
            chess960: self.start().castling_mode() == CastlingMode::Chess960,
            automatic_fifty_moves: false,
        }
    }

    /// The game as lawbook's game model plays it (for the model-only steps).
    pub fn model(&self) -> lawbook_outcome::Game {
        let mut game = lawbook_outcome::Game::new(*self.start());
        for &mv in &self.moves {
            game.play(mv).unwrap_or_else(|e| panic!("replaying the scenario's moves: {e}"));
        }
        game
    }
}

/// A start no game can reach, as a scenario writes it
/// (`Given the position <FEN>, which no game can reach`).
#[derive(Clone, Debug)]
pub struct Unreachable {
    /// The FEN as written: what engines are asked about.
    pub fen: String,
    /// Its board, side to move and (where they name pieces that are there)
    /// castling rights and en passant square, read without judging, to name
    /// moves and draw the board.
    pub setup: Setup,
}

/// The current position as the steps read it: to find pieces, name moves and
/// draw the board, never to judge (that is the engine's answer).
#[derive(Clone, Debug)]
pub struct Reading {
    /// The position, free: lawbook's own for a position a game can reach, as
    /// written for one no game can reach.
    pub setup: Setup,
    /// How castling is written.
    pub mode: CastlingMode,
    /// The FEN for messages: lawbook's, or the scenario's own for a position no game can reach.
    pub fen: String,
    /// The position is one no game can reach.
    pub unreachable: bool,
}

impl Reading {
    /// A position a game can reach.
    pub fn of(pos: &Position) -> Reading {
        Reading { setup: pos.to_setup(), mode: pos.castling_mode(), fen: fen::write(pos), unreachable: false }
    }

    /// Where the pieces stand.
    pub fn board(&self) -> &Board {
        &self.setup.board
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.setup.turn
    }

    /// The position drawn as text, with its FEN, for failure messages.
    pub fn describe(&self) -> String {
        let mut out = String::from("\n");
        for line in diagram::ascii(self.board()).lines() {
            out.push_str("  ");
            out.push_str(line);
            out.push('\n');
        }
        let written = if self.unreachable { " (as the scenario writes it: no game can reach it)" } else { "" };
        out.push_str(&format!("  {} to move; FEN {}{written}\n", self.turn(), self.fen));
        out
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
    /// The board and side to move the engine showed after the attempt,
    /// where its protocol shows them.
    pub shown: Option<(Board, Color)>,
    /// The game as it stood right after the attempt: what the engine
    /// showed is read while the game is still there.
    pub query_after: PositionQuery,
    /// The move sent to the engine, where the text named one.
    pub mv: Option<UciMove>,
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
    setup: Setup,
    /// Whether the setup is Chess960.
    mode: CastlingMode,
    /// The scenario said the game is Chess960: a FEN given later keeps it.
    chess960_chosen: bool,
    /// The FEN the scenario wrote for its start, kept as written for the
    /// engines; `None` once another step changes the setup.
    written: Option<String>,
    /// The game, once play (or a question) has started.
    game: Option<ScenarioGame>,
    /// The start, when it is one no game can reach: then there is no game.
    unreachable: Option<Unreachable>,
    /// The last move tried.
    pub attempt: Option<Attempt>,
    /// The board records the fifty-move draw by itself (the Polish source's board).
    pub automatic_fifty_moves: bool,
    /// What the game model answered when both players agreed to a draw:
    /// the drawn outcome, or why it refused.
    pub agreed: Option<Result<lawbook_outcome::Outcome, lawbook_outcome::GameError>>,
    /// What the game's record says: its result, how it says the game ended,
    /// and the words it said it in (`When the record gives ...`).
    pub recorded: Option<(lawbook_outcome::GameResult, Option<lawbook_outcome::record::Said>, String)>,
    /// The pinned move lists the scenario compared with, by name.
    pub pin_names: Vec<String>,
    /// The over-the-board model, once a scenario has a player touch, move or press something.
    pub otb: Option<lawbook_otb::OverTheBoard>,
    /// The steps the engine could not be asked, in order.
    pub unasked: Vec<Unasked>,
    /// Why the scenario stopped at a step other than by a failed
    /// expectation, if it did: the verdict is read from this, never from
    /// the step's message (see [`ChessWorld::stop_unsupported`]).
    pub halt: Option<Halt>,
    /// The steps whose question the engine refused, a position no game can
    /// reach being refused, in order: once the
    /// engine has refused, later steps pass without asking.
    pub refused: Vec<Unasked>,
    /// Every position the scenario set up or stood in (its starts, and each
    /// position a step asked about), in order, each once: where the engine
    /// is asked to move after the scenario ([`crate::RunOptions::play`]).
    stood: Vec<PositionQuery>,
    /// The engine under test.
    pub engine: Box<dyn Engine>,
    /// The pinned legal move lists the run compares with.
    pub pinned: crate::snapshots::Pinned,
}

/// A step the engine could not be asked (its verdict is *unsupported*); the
/// scenario goes on with its next step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unasked {
    /// The step's line in its feature file.
    pub line: usize,
    /// What the engine could not tell, for people.
    pub why: String,
    /// The kind of question it could not be asked (`None`: not a kind of
    /// question, such as a game its own claim had ended).
    pub capability: Option<Capability>,
}

/// What stopped a scenario at a step, other than a failed expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The rest of the scenario depends on an answer the engine cannot give:
    /// the scenario is *unsupported*.
    Unsupported {
        /// The kind of question (`None`: not a kind of question).
        capability: Option<Capability>,
    },
    /// The engine failed to answer: the scenario ends in an *engine error*.
    Fault {
        /// The kind of fault.
        kind: lawbook_engines::FaultKind,
    },
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
            chess960_chosen: false,
            written: None,
            game: None,
            unreachable: None,
            attempt: None,
            automatic_fifty_moves: false,
            agreed: None,
            recorded: None,
            pin_names: Vec::new(),
            otb: None,
            unasked: Vec::new(),
            halt: None,
            refused: Vec::new(),
            stood: Vec::new(),
            engine: Box::new(NotChosen),
            pinned: crate::snapshots::Pinned::default(),
        }
    }
}

impl ChessWorld {
    /// Records that `step` could not be asked of the engine (a question of
    /// kind `capability`), and why.
    pub fn cannot_ask(
        &mut self,
        step: &cucumber::gherkin::Step,
        capability: impl Into<Option<Capability>>,
        why: impl Into<String>,
    ) {
        self.unasked.push(Unasked { line: step.position.line, why: why.into(), capability: capability.into() });
    }

    /// Ends the scenario as *unsupported*: the rest of it depends on an
    /// answer of kind `capability` the engine cannot give; `why` is for people.
    pub fn stop_unsupported(&mut self, capability: impl Into<Option<Capability>>, why: &str) -> ! {
        self.halt = Some(Halt::Unsupported { capability: capability.into() });
        panic!("{why}")
    }

    /// Ends the scenario in an *engine error* of kind `kind`; `why` is for people.
    pub fn stop_fault(&mut self, kind: lawbook_engines::FaultKind, why: &str) -> ! {
        self.halt = Some(Halt::Fault { kind });
        panic!("{why}")
    }

    /// The position being set up, to change: the game starts again from it.
    pub fn setup_mut(&mut self) -> &mut Setup {
        self.game = None;
        self.written = None;
        self.unreachable_setup_ends("changes the position");
        &mut self.setup
    }

    /// Sets up a whole new position, written as the FEN `text` (which
    /// engines are told as written) and read as `setup` and `mode`,
    /// starting the game again. A game the scenario said is Chess960 stays
    /// Chess960.
    pub fn set_up_fen(&mut self, text: String, setup: Setup, mode: CastlingMode) {
        self.game = None;
        self.unreachable = None;
        self.setup = setup;
        self.mode = if self.chess960_chosen { CastlingMode::Chess960 } else { mode };
        self.written = Some(text);
    }

    /// Starts from a position no game can reach, given as `fen` (kept as
    /// written) and read as `setup` (see [`Unreachable`]): there is no game,
    /// and engines are asked about `fen` itself.
    pub fn set_unreachable(&mut self, fen: String, setup: Setup, mode: CastlingMode) {
        self.game = None;
        self.setup = setup.clone();
        self.mode = mode;
        self.unreachable = Some(Unreachable { fen, setup });
    }

    /// The start no game can reach, if the scenario gives one.
    pub fn unreachable(&self) -> Option<&Unreachable> {
        self.unreachable.as_ref()
    }

    /// Fails a step that would change a start no game can reach: it is given whole, as a FEN.
    fn unreachable_setup_ends(&self, doing: &str) {
        if let Some(u) = &self.unreachable {
            panic!(
                "the scenario {doing} after giving a position no game can reach ({}):                  write that position whole in its FEN",
                u.fen
            );
        }
    }

    /// Makes the set-up position follow Chess960 castling rules.
    pub fn set_chess960(&mut self) {
        self.game = None;
        self.mode = CastlingMode::Chess960;
        self.chess960_chosen = true;
    }

    /// Starts the game from the set-up position (once), validating it strictly.
    ///
    /// A position no game can reach has no game: a step that needs one (a
    /// move played, lawbook's own model, a pinned list) fails, saying so.
    pub fn game(&mut self) -> &mut ScenarioGame {
        if let Some(u) = &self.unreachable {
            panic!(
                "this step needs lawbook to play or judge the position, and the scenario's position is one \
                 no game can reach, which lawbook neither plays nor judges: ask the engine with Then steps \
                 whose expectations are written out (FEN {})",
                u.fen
            );
        }
        if self.game.is_none() {
            let game = self.set_up_game().unwrap_or_else(|why| panic!("{why}"));
            let start = PositionQuery { automatic_fifty_moves: self.automatic_fifty_moves, ..game.query() };
            self.stood_in(start);
            self.game = Some(game);
        }
        self.game.as_mut().unwrap_or_else(|| unreachable!("the game was just set up"))
    }

    /// A game from the set-up position, validated strictly; engines are told
    /// its start as the scenario stated it.
    fn set_up_game(&self) -> Result<ScenarioGame, String> {
        let (setup, mode) = (&self.setup, self.mode);
        match Position::from_setup(setup.clone(), mode) {
            Ok(start) => {
                Ok(ScenarioGame::as_written(start, self.written.clone().unwrap_or_else(|| fen::write_setup(setup))))
            }
            Err(e) => {
                let chess960 =
                    if mode == CastlingMode::Chess960 { " (the scenario says the game is Chess960)" } else { "" };
                Err(format!("the scenario sets up an impossible position{chess960}: {e}\n{}", fen::write_setup(setup)))
            }
        }
    }

    /// The game, if play (or a question) has started.
    pub fn game_so_far(&self) -> Option<&ScenarioGame> {
        self.game.as_ref()
    }

    /// The FEN the scenario's game starts from: the game's start once
    /// begun, else the position the Given steps set up (a scenario whose
    /// steps never needed the game still shows its board), else `None`.
    pub fn start_fen(&self) -> Option<String> {
        match &self.game {
            Some(game) => Some(lawbook_notation::fen::write(game.start())),
            None if self.setup.board.occupied().any() => Some(lawbook_notation::fen::write_setup(&self.setup)),
            None => None,
        }
    }

    /// The current position (starting the game if needed).
    pub fn position(&mut self) -> Position {
        *self.game().current()
    }

    /// The question engines are asked about the current position: for a
    /// position no game can reach, its FEN as written.
    pub fn query(&mut self) -> PositionQuery {
        let automatic_fifty_moves = self.automatic_fifty_moves;
        let query = match &self.unreachable {
            Some(u) => PositionQuery {
                fen: u.fen.clone(),
                moves: Vec::new(),
                chess960: self.mode == CastlingMode::Chess960,
                automatic_fifty_moves,
            },
            None => PositionQuery { automatic_fifty_moves, ..self.game().query() },
        };
        self.stood_in(query.clone());
        query
    }

    /// Notes a position the scenario stood in (once).
    fn stood_in(&mut self, query: PositionQuery) {
        if !self.stood.contains(&query) {
            self.stood.push(query);
        }
    }

    /// Every position the scenario set up or stood in (its starts, each
    /// position a step asked about, and the one it ended in), in order, each once.
    pub fn positions_stood_in(&mut self) -> Vec<PositionQuery> {
        if self.unreachable.is_some() {
            // Its query notes it.
            self.query();
        }
        let automatic_fifty_moves = self.automatic_fifty_moves;
        let last = match (&self.game, &self.unreachable) {
            (Some(game), _) => Some(game.query()),
            (None, Some(_)) => None,
            // Set up and never asked about: its start, where it is one.
            (None, None) if self.setup.board.occupied().any() => self.set_up_game().ok().map(|g| g.query()),
            (None, None) => None,
        };
        if let Some(query) = last {
            self.stood_in(PositionQuery { automatic_fifty_moves, ..query });
        }
        self.stood.clone()
    }

    /// The current position as the steps read it (see [`Reading`]).
    pub fn reading(&mut self) -> Reading {
        match &self.unreachable {
            Some(u) => Reading { setup: u.setup.clone(), mode: self.mode, fen: u.fen.clone(), unreachable: true },
            None => Reading::of(&self.position()),
        }
    }

    /// The FEN of the position the scenario has reached, if it has one: for
    /// a position no game can reach, as written.
    pub fn fen_so_far(&self) -> Option<String> {
        match (&self.unreachable, &self.game) {
            (Some(u), _) => Some(u.fen.clone()),
            (None, Some(game)) => Some(fen::write(game.current())),
            (None, None) => None,
        }
    }

    /// The side to move.
    pub fn turn(&mut self) -> Color {
        self.reading().turn()
    }

    /// The side to move when it is `side`; otherwise a failure naming `doing`.
    pub fn expect_turn(&mut self, side: Color, doing: &str) -> Position {
        let pos = self.position();
        if pos.turn() != side {
            panic!("the scenario has {side} {doing}, but it is {}'s turn\n{}", pos.turn(), describe(&pos));
        }
        pos
    }
}

/// The position drawn as text, with its FEN, for failure messages.
pub fn describe(pos: &Position) -> String {
    Reading::of(pos).describe()
}
