//! [`Game`]: a start position, the moves played, and how the game stands.

use crate::dead::{self, Finding, SearchLimits};
use crate::ending::{GameResult, Outcome, Reason, automatic_draw, first_ending};
use crate::material::{has_insufficient_material, is_insufficient_material};
use crate::repetition::same_position;
use core::fmt;
use lawbook_board::{Bitboard, Board, ByColor, CastlingMode, Color, Setup};
use lawbook_movegen::{Move, Position};

/// Which draws apply by themselves and which must be claimed.
///
/// Checkmate, stalemate, dead positions, the seventy-five-move rule and
/// fivefold repetition end the game by themselves under every policy (FIDE
/// 5.1.1, 5.2.1, 5.2.2, 9.6). The fifty-move rule and threefold repetition
/// are claims in tournament play (9.2, 9.3; DRAW-03, DRAW-07); casual play
/// may apply them by themselves.
///
/// ```
/// use lawbook_outcome::Policy;
/// assert_eq!(Policy::default(), Policy::FIDE);
/// // The Polish source's board records the fifty-move draw itself, but has the player
/// // announce a threefold repetition:
/// let polish_board = Policy { automatic_fifty_moves: true, automatic_threefold: false };
/// assert_ne!(polish_board, Policy::CASUAL);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Policy {
    /// The game is drawn as soon as fifty moves by each side pass without a
    /// capture or pawn move (unless the last of them mates).
    pub automatic_fifty_moves: bool,
    /// The game is drawn as soon as a position occurs for the third time.
    pub automatic_threefold: bool,
}

impl Policy {
    /// FIDE rules for tournament play: both draws must be claimed by the player to move.
    pub const FIDE: Policy = Policy { automatic_fifty_moves: false, automatic_threefold: false };
    /// Casual play: both draws apply by themselves, with no claim.
    pub const CASUAL: Policy = Policy { automatic_fifty_moves: true, automatic_threefold: true };
}

impl Default for Policy {
    fn default() -> Policy {
        Policy::FIDE
    }
}

/// A draw the player to move may claim (FIDE 9.2, 9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// Fifty moves by each side without a capture or pawn move (9.3).
    FiftyMoves,
    /// The same position for the third time (9.2).
    ThreefoldRepetition,
}

impl Claim {
    /// The reason a correct claim ends the game with.
    pub const fn reason(self) -> Reason {
        match self {
            Claim::FiftyMoves => Reason::FiftyMoves,
            Claim::ThreefoldRepetition => Reason::ThreefoldRepetition,
        }
    }
}

/// What became of a draw claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimVerdict {
    /// The claim was correct: the game is drawn (9.5.2).
    Upheld(Outcome),
    /// The claim was incorrect: the game goes on (9.5.3). A move announced
    /// with the claim has been made.
    Rejected,
}

/// Something a [`Game`] refused; the game is exactly as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameError {
    /// The move is not legal in the current position.
    IllegalMove {
        /// The refused move.
        mv: Move,
    },
    /// The game is already over (the king is never captured and no move
    /// follows a mate, CHECK-07).
    GameOver {
        /// How it ended.
        outcome: Outcome,
        /// The move that was tried, if any.
        mv: Option<Move>,
    },
    /// A draw agreed before both players have made a move (FIDE 5.2.3).
    TooEarlyToAgree,
}

impl GameError {
    /// The move that was refused, if a move was tried.
    pub const fn mv(&self) -> Option<Move> {
        match *self {
            GameError::IllegalMove { mv } => Some(mv),
            GameError::GameOver { mv, .. } => mv,
            GameError::TooEarlyToAgree => None,
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::IllegalMove { mv } => write!(f, "illegal move {mv:?}"),
            GameError::GameOver { outcome, .. } => write!(f, "the game is over: {outcome}"),
            GameError::TooEarlyToAgree => {
                f.write_str("a draw can be agreed only once both players have made a move (FIDE 5.2.3)")
            }
        }
    }
}

impl std::error::Error for GameError {}

/// How the game stands now: the fields of `lawbook status`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The side to move.
    pub turn: Color,
    /// The pieces giving check to the side to move (two in a double check).
    pub checkers: Bitboard,
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// For each side, whether it can never mate by the classic material rule
    /// ([`crate::material::has_insufficient_material`]).
    pub insufficient_material: ByColor<bool>,
    /// Proven that no sequence of legal moves leads to checkmate
    /// ([`crate::dead`]; FIDE 5.2.2 read literally, so also true in
    /// stalemate, and true whenever both sides lack mating material).
    pub dead_position: bool,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// How often the current position has occurred in this game, this time included.
    pub repetitions: usize,
    /// The player to move may claim a fifty-move draw now, or by announcing a move (9.3).
    pub can_claim_fifty_moves: bool,
    /// The player to move may claim a threefold repetition now (9.2.2), or by announcing a move (9.2.1).
    pub can_claim_threefold: bool,
    /// How the game ended, if it has.
    pub outcome: Option<Outcome>,
}

impl Status {
    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }
}

/// A game: its start position, the moves played, every position on the way
/// (with its Zobrist key), and how it stands and ends.
///
/// Moves are checked: an illegal move, or any move once the game is over,
/// is refused with the game exactly unchanged (LEGAL-01). After each move the
/// game checks the endings that apply by themselves (mate, stalemate,
/// insufficient material, a dead position, seventy-five moves, fivefold
/// repetition, and under [`Policy::CASUAL`] fifty moves and threefold
/// repetition). Repetitions count the positions of this game only: a game
/// started from a FEN knows nothing of the moves before it, but trusts the
/// FEN's halfmove clock.
///
/// ```
/// use lawbook_movegen::Position;
/// use lawbook_notation::uci;
/// use lawbook_outcome::{Game, GameResult, Reason};
///
/// let mut game = Game::new(Position::startpos());
/// for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     let mv = uci::read_legal(game.position(), text)?;
///     game.play(mv)?;
/// }
/// let outcome = game.outcome().expect("fool's mate");
/// assert_eq!((outcome.result, outcome.reason), (GameResult::BlackWins, Reason::Checkmate));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    policy: Policy,
    limits: SearchLimits,
    /// The dead-position finding for the current position.
    dead: Finding,
    /// The ending the current position brings by itself, if any.
    automatic: Option<Outcome>,
    /// An ending declared by the players: claim, agreement, resignation, flag.
    declared: Option<Outcome>,
}

impl Default for Game {
    /// A game from the initial position under FIDE rules.
    fn default() -> Game {
        Game::new(Position::startpos())
    }
}

impl Game {
    /// A game from `start` (the initial position, or any position read from a
    /// FEN, Chess960 included) under [`Policy::FIDE`], with the default
    /// dead-position search limits.
    pub fn new(start: Position) -> Game {
        Game::with_settings(start, Policy::FIDE, SearchLimits::DEFAULT)
    }

    /// A game from `start` under `policy`, searching for dead positions within `limits`.
    pub fn with_settings(start: Position, policy: Policy, limits: SearchLimits) -> Game {
        let mut game = Game {
            positions: vec![start],
            moves: Vec::new(),
            policy,
            limits,
            dead: Finding::Unknown { positions: 0 },
            automatic: None,
            declared: None,
        };
        game.refresh();
        game
    }

    /// A game from the initial position of Chess960 number `n` (`0..960`;
    /// 518 is the standard set-up), or `None` for any other number.
    ///
    /// ```
    /// use lawbook_outcome::Game;
    /// let game = Game::chess960(0).expect("0 is a Chess960 number");
    /// assert_eq!(game.position().legal_moves().len(), 20);
    /// assert!(Game::chess960(960).is_none());
    /// ```
    pub fn chess960(n: u32) -> Option<Game> {
        let board = Board::chess960(n)?;
        let setup = Setup { castling_rights: board.rooks() & Bitboard::BACKRANKS, board, ..Setup::empty() };
        Position::from_setup(setup, CastlingMode::Chess960).ok().map(Game::new)
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game: the start, then the one after each move.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The Zobrist key of every position of the game, as [`Game::positions`].
    pub fn keys(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        self.positions.iter().map(Position::zobrist)
    }

    /// The rules in force.
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// Changes the rules in force; the endings that apply by themselves are
    /// checked again (an ending declared by a player stays).
    pub fn set_policy(&mut self, policy: Policy) {
        self.policy = policy;
        self.refresh();
    }

    /// The limits of the dead-position search.
    pub fn search_limits(&self) -> SearchLimits {
        self.limits
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared.or(self.automatic)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The dead-position finding for the current position ([`crate::dead::analyse`]).
    pub fn dead_finding(&self) -> &Finding {
        &self.dead
    }

    /// Plays `mv`.
    ///
    /// # Errors
    /// [`GameError::IllegalMove`] when `mv` is not legal here, and
    /// [`GameError::GameOver`] when the game has ended; either way the game
    /// is unchanged and the error hands the move back.
    ///
    /// ```
    /// use lawbook_board::Square;
    /// use lawbook_movegen::Move;
    /// use lawbook_outcome::{Game, GameError};
    /// let mut game = Game::default();
    /// let bad = Move::normal(Square::E2, Square::E5);
    /// assert_eq!(game.play(bad), Err(GameError::IllegalMove { mv: bad }));
    /// assert!(game.moves().is_empty());
    /// game.play(Move::normal(Square::E2, Square::E4))?;
    /// assert_eq!(game.moves().len(), 1);
    /// # Ok::<(), GameError>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        let next = self.checked(mv)?;
        self.push(mv, next);
        Ok(())
    }

    /// The position after `mv`, if the game allows it now.
    fn checked(&self, mv: Move) -> Result<Position, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::GameOver { outcome, mv: Some(mv) });
        }
        self.position().play(mv).map_err(|e| GameError::IllegalMove { mv: e.mv })
    }

    fn push(&mut self, mv: Move, next: Position) {
        self.moves.push(mv);
        self.positions.push(next);
        self.refresh();
    }

    /// Recomputes the dead-position finding and the automatic ending on the current position.
    fn refresh(&mut self) {
        let pos = *self.position();
        self.dead = dead::analyse(&pos, self.limits);
        self.automatic = self.automatic_outcome(&pos);
    }

    /// The ending `pos` (the current position) brings by itself: the first
    /// that holds in the order of the Laws ([`first_ending`]).
    fn automatic_outcome(&self, pos: &Position) -> Option<Outcome> {
        let no_moves = !pos.has_legal_moves();
        let repetitions = self.repetitions();
        let draw = automatic_draw(pos, repetitions);
        first_ending(pos.turn(), |reason| match reason {
            Reason::Checkmate => no_moves && pos.is_check(),
            Reason::Stalemate => no_moves && !pos.is_check(),
            Reason::InsufficientMaterial => is_insufficient_material(pos.board()),
            Reason::DeadPosition => self.dead.is_impossible(),
            Reason::SeventyFiveMoves | Reason::FivefoldRepetition => draw == Some(reason),
            Reason::FiftyMoves => self.policy.automatic_fifty_moves && pos.halfmoves() >= 100,
            Reason::ThreefoldRepetition => self.policy.automatic_threefold && repetitions >= 3,
            _ => false,
        })
    }

    /// How many times `pos` has occurred in this game.
    fn occurrences(&self, pos: &Position) -> usize {
        self.positions.iter().filter(|p| same_position(p, pos)).count()
    }

    /// How many times the current position has occurred in this game, this
    /// time included (FIDE 9.2: occurrences need not follow one another;
    /// 9.2.3: what makes two positions the same).
    pub fn repetitions(&self) -> usize {
        self.occurrences(self.position())
    }

    /// How many times the position after `mv` would have occurred, that
    /// time included; `None` when `mv` is not legal.
    pub fn repetitions_after(&self, mv: Move) -> Option<usize> {
        let next = self.position().play(mv).ok()?;
        Some(self.occurrences(&next) + 1)
    }

    /// Whether the player to move could claim `claim` now, with no move
    /// announced (`None`, FIDE 9.2.2, 9.3.2) or by announcing the legal
    /// move `announced` (9.2.1, 9.3.1: judged on the position the move
    /// would make). Always false once the game is over.
    ///
    /// ```
    /// use lawbook_notation::{fen, uci};
    /// use lawbook_outcome::{Claim, Game};
    /// let pos = fen::read("4k3/8/8/8/8/8/4P3/4K2R w K - 99 80")?;
    /// let game = Game::new(pos);
    /// assert!(!game.claim_is_valid(Claim::FiftyMoves, None));
    /// let quiet = uci::read_legal(&pos, "h1h2")?;
    /// assert!(game.claim_is_valid(Claim::FiftyMoves, Some(quiet)));
    /// let pawn = uci::read_legal(&pos, "e2e4")?;
    /// assert!(!game.claim_is_valid(Claim::FiftyMoves, Some(pawn)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn claim_is_valid(&self, claim: Claim, announced: Option<Move>) -> bool {
        if self.is_over() {
            return false;
        }
        match announced {
            None => self.claim_holds(claim, self.position(), self.repetitions()),
            Some(mv) => match self.position().play(mv) {
                Ok(next) => self.claim_holds(claim, &next, self.occurrences(&next) + 1),
                Err(_) => false,
            },
        }
    }

    fn claim_holds(&self, claim: Claim, pos: &Position, occurrences: usize) -> bool {
        match claim {
            Claim::FiftyMoves => pos.halfmoves() >= 100,
            Claim::ThreefoldRepetition => occurrences >= 3,
        }
    }

    /// The legal moves the player to move could announce to claim `claim`
    /// (FIDE 9.2.1, 9.3.1); empty once the game is over.
    pub fn claim_moves(&self, claim: Claim) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let pos = self.position();
        pos.legal_moves()
            .into_iter()
            .filter(|&mv| {
                let next = pos.play_unchecked(mv);
                self.claim_holds(claim, &next, self.occurrences(&next) + 1)
            })
            .collect()
    }

    /// Whether the player to move may claim `claim`, now or by announcing some legal move.
    pub fn can_claim(&self, claim: Claim) -> bool {
        self.claim_is_valid(claim, None) || !self.claim_moves(claim).is_empty()
    }

    /// The player to move claims `claim` on the current position (FIDE
    /// 9.2.2, 9.3.2). A correct claim draws the game; an incorrect one
    /// changes nothing.
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has already ended.
    ///
    /// ```
    /// use lawbook_notation::fen;
    /// use lawbook_outcome::{Claim, ClaimVerdict, Game};
    /// let mut early = Game::new(fen::read("4k3/8/8/8/8/8/8/4K2R b K - 99 80")?);
    /// assert_eq!(early.claim_draw(Claim::FiftyMoves)?, ClaimVerdict::Rejected);
    /// let mut game = Game::new(fen::read("4k3/8/8/8/8/8/8/4K2R b K - 100 80")?);
    /// assert!(matches!(game.claim_draw(Claim::FiftyMoves)?, ClaimVerdict::Upheld(_)));
    /// assert!(game.claim_draw(Claim::FiftyMoves).is_err()); // over already
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn claim_draw(&mut self, claim: Claim) -> Result<ClaimVerdict, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::GameOver { outcome, mv: None });
        }
        Ok(if self.claim_is_valid(claim, None) {
            let outcome = Outcome::draw(claim.reason());
            self.declared = Some(outcome);
            ClaimVerdict::Upheld(outcome)
        } else {
            ClaimVerdict::Rejected
        })
    }

    /// The player to move claims `claim` by announcing `mv`, the move that
    /// would complete it (FIDE 9.2.1, 9.3.1).
    ///
    /// The claim is judged on the position `mv` would make. The move is
    /// recorded either way (it is on the scoresheet): when the claim is
    /// correct the game is drawn, and the draw stands whatever the move
    /// would otherwise bring about, since the claim is decided before the
    /// move is made (9.5.2); when it is incorrect the move is made and the
    /// game goes on (9.5.3).
    ///
    /// # Errors
    /// [`GameError::IllegalMove`] or [`GameError::GameOver`], as
    /// [`Game::play`]; the game is then unchanged.
    ///
    /// ```
    /// use lawbook_notation::{fen, uci};
    /// use lawbook_outcome::{Claim, ClaimVerdict, Game, Reason};
    /// let pos = fen::read("4k3/8/8/8/8/8/4P3/4K2R w K - 99 80")?;
    /// let mut game = Game::new(pos);
    /// let verdict = game.claim_draw_with_move(Claim::FiftyMoves, uci::read_legal(&pos, "h1h2")?)?;
    /// assert!(matches!(verdict, ClaimVerdict::Upheld(o) if o.reason == Reason::FiftyMoves));
    /// assert_eq!(game.moves().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn claim_draw_with_move(&mut self, claim: Claim, mv: Move) -> Result<ClaimVerdict, GameError> {
        let next = self.checked(mv)?;
        let correct = self.claim_is_valid(claim, Some(mv));
        self.push(mv, next);
        Ok(if correct {
            let outcome = Outcome::draw(claim.reason());
            self.declared = Some(outcome);
            ClaimVerdict::Upheld(outcome)
        } else {
            ClaimVerdict::Rejected
        })
    }

    /// Both players agree to a draw (FIDE 5.2.3, 9.1; DRAW-06), which they
    /// may only once both have made at least one move
    /// ([`Game::both_have_moved`]).
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has already ended;
    /// [`GameError::TooEarlyToAgree`] before both players have moved.
    ///
    /// ```
    /// use lawbook_board::Square;
    /// use lawbook_movegen::Move;
    /// use lawbook_outcome::{Game, GameError, Reason};
    /// let mut game = Game::default();
    /// game.play(Move::normal(Square::E2, Square::E4))?;
    /// // Only White has moved: no agreement yet (5.2.3).
    /// assert!(matches!(game.agree_draw(), Err(GameError::TooEarlyToAgree)));
    /// game.play(Move::normal(Square::E7, Square::E5))?;
    /// assert_eq!(game.agree_draw()?.reason, Reason::Agreement);
    /// assert!(game.agree_draw().is_err());
    /// # Ok::<(), lawbook_outcome::GameError>(())
    /// ```
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        if self.outcome().is_none() && !self.both_have_moved() {
            return Err(GameError::TooEarlyToAgree);
        }
        self.declare(Outcome::draw(Reason::Agreement))
    }

    /// Whether both players have made at least one move ([`Game::moves_made`]).
    ///
    /// ```
    /// use lawbook_notation::fen;
    /// use lawbook_outcome::Game;
    /// assert!(!Game::default().both_have_moved());
    /// let black_to_move = fen::read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")?;
    /// assert!(!Game::new(black_to_move).both_have_moved());
    /// let later = fen::read("4k3/8/8/8/8/8/8/4K2R w - - 0 2")?;
    /// assert!(Game::new(later).both_have_moved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn both_have_moved(&self) -> bool {
        self.moves_made(Color::White) > 0 && self.moves_made(Color::Black) > 0
    }

    /// How many moves `color` has made: in this game, and before its start
    /// as the start position's move number and side to move say (a game
    /// set up with White to move at move 20 has had 19 moves by each).
    ///
    /// ```
    /// use lawbook_board::{Color, Square};
    /// use lawbook_movegen::Move;
    /// use lawbook_outcome::Game;
    /// let mut game = Game::default();
    /// game.play(Move::normal(Square::E2, Square::E4))?;
    /// assert_eq!((game.moves_made(Color::White), game.moves_made(Color::Black)), (1, 0));
    /// # Ok::<(), lawbook_outcome::GameError>(())
    /// ```
    pub fn moves_made(&self, color: Color) -> u32 {
        let start = self.start();
        let before =
            start.fullmoves().saturating_sub(1) + u32::from(color == Color::White && start.turn() == Color::Black);
        let played = u32::try_from(self.moves().len()).unwrap_or(u32::MAX);
        // The side to move at the start makes the first, third, ... move.
        let here = if color == start.turn() { played.div_ceil(2) } else { played / 2 };
        before.saturating_add(here)
    }

    /// `color` resigns (FIDE 5.1.2): the opponent wins, unless the opponent
    /// cannot mate by any series of legal moves ([`crate::dead::can_checkmate`]
    /// proves it), which makes it a draw since 2023.
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has already ended.
    ///
    /// ```
    /// use lawbook_board::Color;
    /// use lawbook_notation::fen;
    /// use lawbook_outcome::{Game, GameResult, Reason};
    /// let mut game = Game::default();
    /// let outcome = game.resign(Color::Black)?;
    /// assert_eq!((outcome.result, outcome.reason), (GameResult::WhiteWins, Reason::Resignation));
    /// // White, a queen up, resigns against a bare king, which can never mate: a draw.
    /// let pos = fen::read("8/8/4k3/8/8/8/3QK3/8 w - - 0 60")?;
    /// let outcome = Game::new(pos).resign(Color::White)?;
    /// assert_eq!((outcome.result, outcome.reason), (GameResult::Draw, Reason::ResignationVsInsufficientMaterial));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameError> {
        let outcome = match self.result_against(color) {
            GameResult::Draw => Outcome::draw(Reason::ResignationVsInsufficientMaterial),
            result => Outcome { result, reason: Reason::Resignation },
        };
        self.declare(outcome)
    }

    /// The result of a game `color` loses by a rule that spares a player
    /// whose opponent cannot mate by any series of legal moves
    /// ([`crate::dead::can_checkmate`] proves it): a resignation (5.1.2), a
    /// fallen flag (6.9), a second illegal move (7.5.5), a sealed move that
    /// cannot stand (Guidelines I.8). The opponent wins, or it is a draw.
    ///
    /// ```
    /// use lawbook_board::Color;
    /// use lawbook_notation::fen;
    /// use lawbook_outcome::{Game, GameResult};
    /// let game = Game::new(fen::read("8/8/4k3/8/8/8/3QK3/8 w - - 0 1")?);
    /// assert_eq!(game.result_against(Color::Black), GameResult::WhiteWins);
    /// assert_eq!(game.result_against(Color::White), GameResult::Draw);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn result_against(&self, color: Color) -> GameResult {
        let opponent = !color;
        if dead::can_checkmate(self.position(), opponent, self.limits).is_impossible() {
            GameResult::Draw
        } else {
            GameResult::win(opponent)
        }
    }

    /// `color`'s flag falls (FIDE 6.9): the opponent wins, unless the
    /// opponent cannot mate by any series of legal moves
    /// ([`crate::dead::can_checkmate`] proves it), which makes it a draw. A
    /// side with only its king cannot win on time.
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has already ended.
    ///
    /// ```
    /// use lawbook_board::Color;
    /// use lawbook_notation::fen;
    /// use lawbook_outcome::{Game, GameResult};
    /// // White has king and queen, Black only a king.
    /// let pos = fen::read("8/8/4k3/8/8/8/3QK3/8 w - - 0 1")?;
    /// assert_eq!(Game::new(pos).flag_fall(Color::Black)?.result, GameResult::WhiteWins);
    /// assert_eq!(Game::new(pos).flag_fall(Color::White)?.result, GameResult::Draw);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn flag_fall(&mut self, color: Color) -> Result<Outcome, GameError> {
        let outcome = match self.result_against(color) {
            GameResult::Draw => Outcome::draw(Reason::TimeoutVsInsufficientMaterial),
            result => Outcome { result, reason: Reason::Timeout },
        };
        self.declare(outcome)
    }

    fn declare(&mut self, outcome: Outcome) -> Result<Outcome, GameError> {
        if let Some(over) = self.outcome() {
            return Err(GameError::GameOver { outcome: over, mv: None });
        }
        self.declared = Some(outcome);
        Ok(outcome)
    }

    /// How the game stands now.
    ///
    /// ```
    /// use lawbook_notation::fen;
    /// use lawbook_outcome::Game;
    /// let pos = fen::read("7k/8/6K1/8/8/8/8/R7 w - - 149 120")?;
    /// let status = Game::new(pos).status();
    /// assert!(!status.in_check() && status.outcome.is_none());
    /// assert!(status.can_claim_fifty_moves);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn status(&self) -> Status {
        let pos = self.position();
        let board = pos.board();
        let outcome = self.outcome();
        let no_moves = !pos.has_legal_moves();
        Status {
            turn: pos.turn(),
            checkers: pos.checkers(),
            checkmate: no_moves && pos.is_check(),
            stalemate: no_moves && !pos.is_check(),
            insufficient_material: ByColor::from_fn(|c| has_insufficient_material(board, c)),
            dead_position: self.dead.is_impossible(),
            halfmove_clock: pos.halfmoves(),
            repetitions: self.repetitions(),
            can_claim_fifty_moves: outcome.is_none() && self.can_claim(Claim::FiftyMoves),
            can_claim_threefold: outcome.is_none() && self.can_claim(Claim::ThreefoldRepetition),
            outcome,
        }
    }
}
