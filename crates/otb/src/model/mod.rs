//! [`OverTheBoard`]: the state machine that judges each event.
//!
//! This file holds the state and the public API, the dispatch of an event to
//! its handler, and what the laws allow on this move. The handlers are
//! grouped by the articles they apply: `touch` (touching and adjusting, the
//! touch-move duties, 4.2 to 4.5), `moving` (moving, letting go, capturing,
//! castling with one hand: 3.8.2, 4.1, 4.3.2, 4.4.2, 4.7), `promotion`
//! (placing the new piece: 3.7.3.3, 4.4.4, 4.6, 4.7.3, 6.11.2, 7.5.2),
//! `clock` (pressing and stopping it, illegal moves: 6.2.1, 6.11.2, 7.5),
//! `arbiter` (calling the arbiter, 6.11.2), `draws` (offers and claims,
//! 9.1 to 9.5), `conduct` (an electronic device, 11.3.2.2),
//! `adjournment` (sealing a move and resuming, Guidelines I), `flags` (when
//! a flag counts as fallen: 6.4, 6.8, A.5.3, A.5.5), `attendance` (arriving
//! late: 6.7, Guidelines I.9 to I.11), `displaced` (pieces knocked over: 7.4,
//! 7.6) and `scoresheet` (the moves and draw offers written down: 8.1.5,
//! C.12). The events and answers in words are in `words.rs`.

mod adjournment;
mod arbiter;
mod attendance;
mod clock;
mod conduct;
mod displaced;
mod draws;
mod flags;
mod irregularities;
mod moving;
mod promotion;
mod quickplay;
mod rapid;
mod scene;
mod scoresheet;
mod touch;

use crate::answer::{Answer, Duty, Ending, Refusal, Remark, Ruling};
use crate::event::{Event, Hand, Sealed};
use crate::pieces::{Held, part_of};
use crate::time_control::{Bonus, GameKind, Supervision, TimeControl};
use crate::words;
use core::fmt;
use lawbook_board::{Board, ByColor, Color, Piece, Role, Square};
use lawbook_movegen::{Move, MoveKind, Position};
use lawbook_outcome::Game;

/// Pieces of one colour by role (pawn, knight, bishop, rook, queen, king).
type Counts = [u8; 6];

/// The pieces of a standard set, by role.
const SET: Counts = [8, 2, 2, 2, 1, 1];

/// Minutes the arbiter adds to the opponent's time (7.5.5, 9.5.3); one in
/// rapid and blitz where Appendix A.3 applies.
const EXTRA_MINUTES: u32 = 2;

/// The clocks of a game with a time control (6.1, 6.3).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Clocks {
    control: TimeControl,
    /// Seconds of main thinking time left.
    left: ByColor<u32>,
    /// Seconds of the fixed extra time left on this move (6.3.2, time-delay mode).
    delay_left: u32,
    /// Flags that have fallen unseen, in a game where the arbiter does not
    /// watch every clock: they count once seen or claimed (6.8, A.5.3, A.5.5).
    fallen: ByColor<bool>,
}

/// An own piece moved, or taken off the board, on this move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Displaced {
    /// Where it stood when the move began.
    origin: Square,
    /// Where it stands now; `None` when off the board (a promoted pawn).
    pub(crate) now: Option<Square>,
}

/// What has happened on the board since the move began.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Turn {
    /// Pieces touched with intent (4.3), in order, by the square they stood
    /// on when the move began.
    touched: Vec<Square>,
    /// Own pieces moved or taken off.
    displaced: Vec<Displaced>,
    /// Enemy pieces with an own piece put on top of them, not yet removed.
    beneath: Vec<(Square, Piece)>,
    /// Enemy pieces removed (captured).
    removed: Vec<(Square, Piece)>,
    /// New promotion pieces placed.
    placed: Vec<(Square, Role)>,
    /// The piece in hand.
    holding: Option<Held>,
    /// Set once a piece is released as a legal move or part of one, or a
    /// promotion piece touches its square (4.7, 4.4.4): the moves still possible.
    frozen: Option<Vec<Move>>,
    /// The hand that moves pieces on this move.
    hand: Option<Hand>,
    /// Whether a second hand was used (4.1).
    two_hands: bool,
    /// The move announced with an incorrect claim, which must be made (9.5.3).
    announced: Option<Move>,
    /// The promotion piece the player wanted and could not find (6.11.2).
    wanted: Option<Role>,
    /// Whether the move has been said aloud (Appendix D.2.1, D.2.3.3).
    announced_aloud: bool,
}

/// Everything an event may change, so a refused event can be undone.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Table {
    board: Board,
    spares: ByColor<Counts>,
    spares_at_start: ByColor<Counts>,
    turn: Turn,
    paused: bool,
    offer: Option<Color>,
    illegal_moves: ByColor<u32>,
    extra_minutes: ByColor<u32>,
    clocks: Option<Clocks>,
    /// An illegal move completed by this player in a rapid or blitz game
    /// without adequate supervision, not yet claimed nor played on from (A.5.2).
    pending_illegal: Option<Color>,
    /// A request of Guidelines III.4 by this player, standing as a draw offer.
    increment_request: Option<Color>,
    /// The move sealed at an adjournment, until the envelope is opened (Guidelines I).
    sealed: Option<Sealed>,
    /// Players not at the board (6.7, Guidelines I.9 to I.11).
    absent: ByColor<bool>,
    /// Whether the game was adjourned: the default time counts from the resumption (Guidelines I.10).
    resumed: bool,
    /// Seconds since the session began, or since play resumed after a move
    /// was sealed, for the default time (6.7.1, Guidelines I.10).
    elapsed: u32,
    /// Pieces knocked off their squares and not yet put back, by the square
    /// they stood on (7.4.1).
    knocked: Vec<(Square, Piece)>,
    /// Who knocked them over: that player's clock runs until they are back (7.4.1).
    knocked_by: Option<Color>,
    /// A move made on the board whose player has not pressed the clock, with
    /// its number, while the opponent replies (6.2.1.2, 6.2.2).
    unpressed: Option<(Color, u32)>,
    /// The player replying to an illegal position an unclaimed illegal move
    /// left (A.5.4), until the reply is completed.
    replying_to_illegal_position: Option<Color>,
    /// Where the scoresheet writes a draw offer (C.12, 8.1.5): after this many of the game's moves.
    offers_written: Vec<usize>,
}

/// What the event's regulations and the players' needs settle before the
/// game: they change no rule of play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Settings {
    /// No draw agreement before each player has made this many moves,
    /// without the arbiter's consent (9.1.1); 0 when the regulations say nothing.
    agreement_after: u32,
    /// Who plays on a board for the blind and visually impaired (Appendix D).
    visually_impaired: ByColor<bool>,
    /// Breaches of touch-move come to the arbiter only by the opponent's
    /// claim (4.8); otherwise the model holds the player to touch-move at once.
    touch_move_on_claim: bool,
    /// Seconds after the start of the session (or of the resumption) a
    /// player may arrive without losing the game: 0 when the regulations say
    /// nothing (6.7.1, Guidelines I.10).
    default_time: u32,
}

/// One line of the transcript: who did what, and the model's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Who acted.
    pub side: Color,
    /// What they did.
    pub event: Event,
    /// The event in plain words (`White touches the rook on h1`).
    pub said: String,
    /// The model's answer.
    pub answer: Answer,
}

impl fmt::Display for Entry {
    /// `White touches the rook on h1: White must move the rook on h1 (FIDE 4.3.1).`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.said, self.answer)
    }
}

/// A game at a physical board with a clock, judged event by event against
/// the Laws of Chess (FIDE 4.1 to 4.7, 6.11.2, 7.5, 9.1 to 9.5).
///
/// The model keeps the position the move began in (a legal position of a
/// [`Game`]), the pieces as they stand on the physical board, the pieces
/// beside the board, the clock, and what has been touched, moved, released,
/// removed and placed on this move. [`OverTheBoard::apply`] judges an event
/// and answers; [`OverTheBoard::allowed_moves`] and [`OverTheBoard::duty`]
/// say what the player having the move may still do.
///
/// ```
/// use lawbook_board::{Color, Square};
/// use lawbook_movegen::Position;
/// use lawbook_otb::{Duty, Event, OverTheBoard, Ruling};
///
/// let mut otb = OverTheBoard::new(Position::startpos());
/// let answer = otb.apply(Color::White, Event::touch(Square::G1));
/// assert!(matches!(answer.duty, Duty::Move { square: Square::G1, .. }));
/// // The knight was touched first: the pawn may not move (4.3.1).
/// assert!(otb.apply(Color::White, Event::move_piece(Square::E2, Square::E4)).is_refused());
/// otb.apply(Color::White, Event::move_piece(Square::G1, Square::F3));
/// otb.apply(Color::White, Event::Release);
/// let done = otb.apply(Color::White, Event::PressClock);
/// assert!(matches!(done.ruling, Ruling::Completed { .. }));
/// assert_eq!(otb.turn(), Color::Black);
/// println!("{}", otb.transcript_text());
/// ```
#[derive(Clone, Debug)]
pub struct OverTheBoard {
    game: Game,
    table: Table,
    settings: Settings,
    ending: Option<Ending>,
    transcript: Vec<Entry>,
    supervision: Supervision,
    guidelines: bool,
    cancelled: Option<&'static str>,
    /// The last move, where it broke touch-move and touch-move is held on
    /// claim only: it can still be claimed (4.8).
    breach: Option<Breach>,
}

/// A completed move that broke touch-move, kept for the opponent's claim (4.8).
#[derive(Clone, Debug)]
pub(crate) struct Breach {
    /// Who made it.
    offender: Color,
    /// The game before it.
    before: Game,
    /// The pieces the offender had touched.
    touched: Vec<Square>,
}

/// Whether the piece that stood on `origin` takes part in `m`.
fn involves(m: Move, origin: Square) -> bool {
    m.from() == origin || (m.is_castle() && m.to() == origin)
}

/// The square of the piece `m` captures, if it captures.
fn captured_square(pos: &Position, m: Move) -> Option<Square> {
    match m.kind() {
        MoveKind::Castle => None,
        MoveKind::EnPassant => Some(Square::from_coords(m.to().file(), m.from().rank())),
        _ => (pos.board().color_at(m.to()) == Some(!pos.turn())).then_some(m.to()),
    }
}

fn spares_for(board: &Board) -> ByColor<Counts> {
    ByColor::from_fn(|color| {
        let mut counts = SET;
        for role in Role::ALL {
            let on_board = board.by_piece(Piece::new(color, role)).count();
            counts[role.index()] = counts[role.index()].saturating_sub(on_board.min(255) as u8);
        }
        counts
    })
}

impl OverTheBoard {
    /// A game at the board from `start`, White or Black to move as the
    /// position says. The pieces beside the board are those a standard set
    /// lacks on the board (so a player whose queen is still on the board has
    /// no second queen at hand); see [`OverTheBoard::set_spares`].
    pub fn new(start: Position) -> OverTheBoard {
        OverTheBoard::from_game(Game::new(start))
    }

    /// A game at the board that continues `game` (its history counts for
    /// repetition claims).
    pub fn from_game(game: Game) -> OverTheBoard {
        let board = *game.position().board();
        let spares = spares_for(&board);
        let ending = game.outcome().map(Ending::Rules);
        OverTheBoard {
            game,
            table: Table {
                board,
                spares,
                spares_at_start: spares,
                turn: Turn::default(),
                paused: false,
                offer: None,
                illegal_moves: ByColor::new(0, 0),
                extra_minutes: ByColor::new(0, 0),
                sealed: None,
                clocks: None,
                pending_illegal: None,
                increment_request: None,
                absent: ByColor::new(false, false),
                resumed: false,
                elapsed: 0,
                knocked: Vec::new(),
                knocked_by: None,
                unpressed: None,
                offers_written: Vec::new(),
                replying_to_illegal_position: None,
            },
            settings: Settings::default(),
            ending,
            transcript: Vec::new(),
            supervision: Supervision::Adequate,
            guidelines: false,
            cancelled: None,
            breach: None,
        }
    }

    /// The game played with this time control: each clock starts with the
    /// first period's time (6.3.1). Without one (the default) the model keeps
    /// no time, and the game is a standard one.
    ///
    /// ```
    /// use lawbook_board::Color;
    /// use lawbook_movegen::{Move, Position};
    /// use lawbook_board::Square;
    /// use lawbook_otb::{Bonus, Event, GameKind, OverTheBoard, TimeControl};
    ///
    /// let control = TimeControl::game_in(15 * 60).with_bonus(Bonus::Increment(10));
    /// let mut otb = OverTheBoard::new(Position::startpos()).with_time_control(control);
    /// assert_eq!(otb.kind(), GameKind::Rapid);
    /// otb.apply(Color::White, Event::TimePasses { seconds: 30 });
    /// otb.act_out(Move::normal(Square::E2, Square::E4)).unwrap();
    /// // 900 - 30 + 10 seconds.
    /// assert_eq!(otb.time_left(Color::White), Some(880));
    /// ```
    pub fn with_time_control(mut self, control: TimeControl) -> OverTheBoard {
        self.set_time_control(control);
        self
    }

    /// Sets the time control; both clocks start again with the first period's time.
    pub fn set_time_control(&mut self, control: TimeControl) {
        let first = control.periods().first().map_or(0, |p| p.seconds);
        let delay_left = match control.bonus() {
            Bonus::Delay(s) => s,
            Bonus::None | Bonus::Increment(_) => 0,
        };
        self.table.clocks =
            Some(Clocks { control, left: ByColor::new(first, first), delay_left, fallen: ByColor::new(false, false) });
    }

    /// The game supervised as the event says (Appendix A.4 or A.5, B.2 or B.3);
    /// adequate by default.
    pub fn with_supervision(mut self, supervision: Supervision) -> OverTheBoard {
        self.supervision = supervision;
        self
    }

    /// Sets how the game is supervised.
    pub fn set_supervision(&mut self, supervision: Supervision) {
        self.supervision = supervision;
    }

    /// The Guidelines for games without increment (Guidelines III) were
    /// announced for the event (III.2.1).
    pub fn with_quickplay_guidelines(mut self) -> OverTheBoard {
        self.guidelines = true;
        self
    }

    /// Announces Guidelines III for the event (III.2.1).
    pub fn announce_quickplay_guidelines(&mut self) {
        self.guidelines = true;
    }

    /// The time control, if the game has one.
    pub fn time_control(&self) -> Option<&TimeControl> {
        self.table.clocks.as_ref().map(|c| &c.control)
    }

    /// The kind of game its time control makes it (A.1, B.1); standard without one.
    pub fn kind(&self) -> GameKind {
        self.time_control().map_or(GameKind::Standard, TimeControl::kind)
    }

    /// How the game is supervised.
    pub fn supervision(&self) -> Supervision {
        self.supervision
    }

    /// Whether the rules of Appendix A.5 apply: a rapid game without adequate
    /// supervision (A.5), or a blitz game without it (B.3).
    pub fn under_a5(&self) -> bool {
        self.kind() != GameKind::Standard && self.supervision == Supervision::Limited
    }

    /// The minutes the penalties of Articles 7 and 9 give: two, or one in a
    /// rapid game (A.3) and in a blitz game governed by the rapid rules (B.3).
    /// A blitz game with adequate supervision is under the Competition Rules
    /// (B.2), and so two.
    pub fn penalty_minutes(&self) -> u32 {
        match (self.kind(), self.supervision) {
            (GameKind::Standard, _) | (GameKind::Blitz, Supervision::Adequate) => EXTRA_MINUTES,
            (GameKind::Rapid, _) | (GameKind::Blitz, Supervision::Limited) => 1,
        }
    }

    /// Seconds left on `color`'s clock (the main thinking time), if the game
    /// has a time control.
    pub fn time_left(&self, color: Color) -> Option<u32> {
        self.table.clocks.as_ref().map(|c| c.left[color])
    }

    /// Why the game was cancelled or discontinued for a new one, if it was
    /// (`"7.2.1"`, `"7.3"`).
    pub fn cancelled(&self) -> Option<&'static str> {
        self.cancelled
    }

    /// Moves `color` has completed in the game, those before its set-up
    /// position included ([`lawbook_outcome::Game::moves_made`]).
    pub(crate) fn moves_completed(&self, color: Color) -> u32 {
        self.game.moves_made(color)
    }

    /// Adds extra time to `color`: the minutes counted for the reports, and
    /// the seconds on the clock when there is one.
    pub(crate) fn give_minutes(&mut self, color: Color, minutes: u32) {
        self.table.extra_minutes[color] += minutes;
        if let Some(clocks) = &mut self.table.clocks {
            clocks.left[color] = clocks.left[color].saturating_add(minutes * 60);
        }
    }

    /// The position the current move began in: the game's position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The game: the start, the completed moves, the history.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The completed moves.
    pub fn moves(&self) -> &[Move] {
        self.game.moves()
    }

    /// The side having the move.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// The pieces as they stand on the physical board now (mid-move, this
    /// differs from [`OverTheBoard::position`]).
    pub fn board(&self) -> &Board {
        &self.table.board
    }

    /// Whether the board is as the position says: no piece moved, removed
    /// or placed on this move, none in hand.
    pub fn at_rest(&self) -> bool {
        let t = &self.table.turn;
        t.displaced.iter().all(|d| d.now == Some(d.origin))
            && t.beneath.is_empty()
            && t.removed.is_empty()
            && t.placed.is_empty()
            && self.table.board == *self.position().board()
    }

    /// How many pieces of this kind stand beside the board, ready for a promotion.
    pub fn spares(&self, piece: Piece) -> u8 {
        self.table.spares[piece.color][piece.role.index()]
    }

    /// Sets how many pieces of this kind stand beside the board (an extra
    /// queen in the box, or none at all).
    pub fn set_spares(&mut self, piece: Piece, count: u8) {
        self.table.spares[piece.color][piece.role.index()] = count;
        if self.at_rest() {
            self.table.spares_at_start = self.table.spares;
        }
    }

    /// The event's regulations allow no draw agreement before each player
    /// has made `moves` moves, without the arbiter's consent (9.1.1).
    ///
    /// ```
    /// use lawbook_board::{Color, Square};
    /// use lawbook_movegen::{Move, Position};
    /// use lawbook_otb::{Event, OverTheBoard, Refusal, Ruling};
    /// let mut otb = OverTheBoard::new(Position::startpos());
    /// otb.set_agreement_after(30);
    /// otb.act_out(Move::normal(Square::E2, Square::E4)).expect("e4");
    /// otb.act_out(Move::normal(Square::E7, Square::E5)).expect("e5");
    /// otb.apply(Color::White, Event::OfferDraw);
    /// let answer = otb.apply(Color::Black, Event::AcceptDraw);
    /// assert_eq!(answer.ruling, Ruling::Refused(Refusal::AgreementTooSoon(30)));
    /// ```
    pub fn set_agreement_after(&mut self, moves: u32) {
        self.settings.agreement_after = moves;
    }

    /// `color` plays on a board for the blind and visually impaired: a
    /// piece counts as touched only once taken out of its hole (Appendix D.2.2).
    ///
    /// ```
    /// use lawbook_board::{Color, Square};
    /// use lawbook_movegen::Position;
    /// use lawbook_otb::{Duty, Event, OverTheBoard};
    /// let mut otb = OverTheBoard::new(Position::startpos());
    /// otb.set_visually_impaired(Color::White, true);
    /// otb.apply(Color::White, Event::Feel { square: Square::G1 });
    /// assert_eq!(otb.duty(), Duty::Free);
    /// otb.apply(Color::White, Event::touch(Square::G1));
    /// assert!(matches!(otb.duty(), Duty::Move { square: Square::G1, .. }));
    /// ```
    pub fn set_visually_impaired(&mut self, color: Color, impaired: bool) {
        self.settings.visually_impaired[color] = impaired;
    }

    /// The move sealed at an adjournment, until the envelope is opened (Guidelines I).
    pub fn sealed(&self) -> Option<Sealed> {
        self.table.sealed
    }

    /// The event's regulations let a player arrive this many seconds after
    /// the start of the session, or of the resumption, without losing the
    /// game (6.7.1, Guidelines I.10); zero unless set.
    ///
    /// ```
    /// use lawbook_board::Color;
    /// use lawbook_movegen::Position;
    /// use lawbook_otb::{Event, OverTheBoard, TimeControl};
    /// let mut otb = OverTheBoard::new(Position::startpos()).with_time_control(TimeControl::game_in(5400));
    /// otb.set_default_time(15 * 60);
    /// otb.set_absent(Color::White);
    /// otb.apply(Color::White, Event::TimePasses { seconds: 600 });
    /// otb.apply(Color::White, Event::Arrives);
    /// assert_eq!((otb.ending(), otb.time_left(Color::White)), (None, Some(4800)));
    /// ```
    pub fn set_default_time(&mut self, seconds: u32) {
        self.settings.default_time = seconds;
    }

    /// Breaches of touch-move come to the arbiter only when the opponent
    /// claims them, before touching a piece (4.8); by default the model
    /// holds the player to touch-move at once.
    ///
    /// ```
    /// use lawbook_board::{Color, Square};
    /// use lawbook_movegen::{Move, Position};
    /// use lawbook_otb::{Event, OverTheBoard};
    /// let mut otb = OverTheBoard::new(Position::startpos());
    /// otb.set_touch_move_on_claim();
    /// otb.apply(Color::White, Event::touch(Square::G1));
    /// otb.act_out(Move::normal(Square::E2, Square::E4)).expect("stands until claimed");
    /// otb.apply(Color::Black, Event::touch(Square::E7));
    /// assert!(otb.apply(Color::Black, Event::ClaimTouchMove).is_refused());
    /// ```
    pub fn set_touch_move_on_claim(&mut self) {
        self.settings.touch_move_on_claim = true;
    }

    /// `color` is not at the board: at the start of the session, or when
    /// play resumes after an adjournment (6.7, Guidelines I.9 to I.11).
    pub fn set_absent(&mut self, color: Color) {
        self.table.absent[color] = true;
    }

    /// The piece knocked off `origin` and not yet put back (7.4.1), if any.
    pub fn knocked_piece(&self, origin: Square) -> Option<Piece> {
        self.table.knocked.iter().find(|(s, _)| *s == origin).map(|&(_, p)| p)
    }

    /// Whether `color` is away from the board (6.7).
    pub fn absent(&self, color: Color) -> bool {
        self.table.absent[color]
    }

    /// Whether the clock is paused (6.11.2).
    pub fn clock_paused(&self) -> bool {
        self.table.paused
    }

    /// Minutes the arbiter has added to `color`'s time (7.5.5, 9.5.3).
    pub fn extra_minutes(&self, color: Color) -> u32 {
        self.table.extra_minutes[color]
    }

    /// How many illegal moves `color` has completed (7.5).
    pub fn illegal_moves(&self, color: Color) -> u32 {
        self.table.illegal_moves[color]
    }

    /// The side whose draw offer stands, if any (9.1.2.1).
    pub fn draw_offer(&self) -> Option<Color> {
        self.table.offer
    }

    /// The hand moving pieces on this move, once one has.
    pub fn hand_in_use(&self) -> Option<Hand> {
        self.table.turn.hand
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Every event so far with its answer.
    pub fn transcript(&self) -> &[Entry] {
        &self.transcript
    }

    /// The transcript in plain words, one event and its answer a line.
    pub fn transcript_text(&self) -> String {
        self.transcript.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
    }

    /// What the player having the move owes now.
    pub fn duty(&self) -> Duty {
        self.allowed_with_duty().0
    }

    /// The legal moves the laws still allow on this move (all legal moves
    /// when nothing is owed; none once the game is over).
    pub fn allowed_moves(&self) -> Vec<Move> {
        self.allowed_with_duty().1
    }

    /// Judges `event`, done by `side`, and answers. A refused event changes
    /// nothing; every event and its answer go into the transcript.
    pub fn apply(&mut self, side: Color, event: Event) -> Answer {
        let said = words::said(self, side, &event);
        let saved = self.table.clone();
        let saved_game = self.game.clone();
        let (ruling, remarks) = match self.judge(side, event) {
            Ok(judged) => judged,
            Err(refusal) => {
                self.table = saved;
                // A refused reply also takes back the move its start completed (6.2.2).
                self.game = saved_game;
                if let Refusal::NotAvailable(piece) = refusal {
                    self.table.turn.wanted = Some(piece.role);
                }
                (Ruling::Refused(refusal), Vec::new())
            }
        };
        let duty = self.duty();
        let words = words::answer_words(self, side, &event, &ruling, &remarks, &duty);
        let answer = Answer { ruling, remarks, duty, words };
        self.transcript.push(Entry { side, event, said, answer: answer.clone() });
        answer
    }

    /// Makes the legal move `mv` the proper way, one hand, event by event:
    /// touch, move, let go, remove what it captures, place a promotion piece,
    /// press the clock. Castling moves the king first, then the rook.
    ///
    /// # Errors
    /// The first answer that is not in order: a refusal (the move is not
    /// allowed now, or the promotion piece is not at hand) or an illegal move
    /// when `mv` is not legal; the events before it stand.
    ///
    /// ```
    /// use lawbook_board::{Color, Square};
    /// use lawbook_movegen::{Move, Position};
    /// use lawbook_otb::OverTheBoard;
    ///
    /// let mut otb = OverTheBoard::new(Position::startpos());
    /// otb.act_out(Move::normal(Square::E2, Square::E4)).expect("a legal first move");
    /// assert_eq!(otb.turn(), Color::Black);
    /// // Black touches the knight on b8 and then tries to play ...e5.
    /// otb.apply(Color::Black, lawbook_otb::Event::touch(Square::B8));
    /// let refused = otb.act_out(Move::normal(Square::E7, Square::E5)).unwrap_err();
    /// assert_eq!(refused.article(), Some("4.3.1"));
    /// ```
    pub fn act_out(&mut self, mv: Move) -> Result<Vec<Answer>, Answer> {
        let side = self.turn();
        let pos = *self.position();
        let us = side;
        let mut events = vec![Event::touch(mv.from())];
        match mv.kind() {
            MoveKind::Castle => {
                // (In Chess960 the king or the rook may stay where it stands.)
                let (king_to, rook_to) = mv.castling_squares().unwrap_or((mv.from(), mv.to()));
                if king_to != mv.from() {
                    events.extend([Event::move_piece(mv.from(), king_to), Event::Release]);
                }
                if rook_to != mv.to() {
                    events.extend([Event::move_piece(mv.to(), rook_to), Event::Release]);
                }
            }
            MoveKind::EnPassant => {
                events.extend([Event::move_piece(mv.from(), mv.to()), Event::Release]);
                events.push(Event::remove(Square::from_coords(mv.to().file(), mv.from().rank())));
            }
            MoveKind::Normal => {
                events.extend([Event::move_piece(mv.from(), mv.to()), Event::Release]);
                if pos.board().color_at(mv.to()) == Some(!us) {
                    events.push(Event::remove(mv.to()));
                }
            }
            MoveKind::Promotion(role) => {
                events.extend([Event::move_piece(mv.from(), mv.to()), Event::Release]);
                if pos.board().color_at(mv.to()) == Some(!us) {
                    events.push(Event::remove(mv.to()));
                }
                events.extend([Event::place(mv.to(), role), Event::Release]);
            }
        }
        events.push(Event::PressClock);
        let mut answers = Vec::with_capacity(events.len());
        for event in events {
            let answer = self.apply(side, event);
            let in_order = match &answer.ruling {
                Ruling::Accepted => true,
                Ruling::Completed { mv: done, .. } => *done == mv,
                _ => false,
            };
            if !in_order {
                return Err(answer);
            }
            answers.push(answer);
        }
        Ok(answers)
    }

    // ---- judging ----

    /// Dispatches `event` to its handler.
    fn judge(&mut self, side: Color, event: Event) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if let Some(ending) = self.ending {
            return Err(Refusal::GameOver(ending));
        }
        if self.table.absent[side] && !matches!(event, Event::Arrives | Event::TimePasses { .. } | Event::OpenEnvelope)
        {
            return Err(Refusal::NotAtTheBoard);
        }
        if self.table.sealed.is_some()
            && !matches!(
                event,
                Event::OpenEnvelope
                    | Event::OfferDraw
                    | Event::AcceptDraw
                    | Event::DeclineDraw
                    | Event::Resign
                    | Event::Arrives
                    | Event::TimePasses { .. }
            )
        {
            return Err(Refusal::Adjourned);
        }
        if let Some(article) = self.cancelled {
            return Err(Refusal::GameCancelled(article));
        }
        if self.table.replying_to_illegal_position.is_some() {
            return self.reply_from_illegal_position(side, event);
        }
        if let Some(offender) = self.table.pending_illegal
            && let Some(answer) = self.pending(side, offender, event)?
        {
            return Ok(answer);
        }
        if let Some(answer) = self.game_ending_move_completes(event) {
            return Ok(answer);
        }
        if let Some(answer) = self.reply_before_press(side, event) {
            return Ok(answer);
        }
        if !self.table.knocked.is_empty() {
            self.knocked_over_first(event)?;
        }
        match event {
            Event::Touch { square, .. } => self.touch(side, square),
            Event::Adjust { square, .. } => self.adjust(side, square),
            Event::Move { from, to, hand } => self.move_piece(side, from, to, hand),
            Event::Release => self.let_go(side),
            Event::Remove { square, hand } => self.remove(side, square, hand),
            Event::Place { square, role, hand } => self.place(side, square, role, hand),
            Event::PressClock if self.settings.visually_impaired[side] && !self.table.turn.announced_aloud => {
                Err(Refusal::NotAnnounced)
            }
            Event::PressClock => self.press_clock(side, None),
            Event::StopClock => self.stop_clock(),
            Event::CallArbiter { piece } => Ok((Ruling::Arbiter(self.call_arbiter(side, piece)), Vec::new())),
            Event::OfferDraw => self.offer_draw(side),
            Event::AcceptDraw => self.accept_draw(side),
            Event::DeclineDraw => self.decline_draw(side),
            Event::ClaimDraw { claim, announced } => self.claim(side, claim, announced),
            Event::Resign => {
                let declared = self.game.resign(side);
                self.declare(declared)
            }
            Event::FlagFall => self.flag_falls(side),
            Event::Brush { square } => self.brush(square),
            Event::Feel { square } => self.feel(side, square),
            Event::WithdrawClaim => Err(Refusal::ClaimNotWithdrawn),
            Event::DeviceFound => Ok(self.device_found(side)),
            Event::Seal(sealed) => self.seal(side, sealed),
            Event::OpenEnvelope => self.open_envelope(),
            Event::Announce => {
                self.own_move(side)?;
                self.table.turn.announced_aloud = true;
                Ok((Ruling::Accepted, Vec::new()))
            }
            Event::TimePasses { seconds } => self.time_passes(side, seconds),
            Event::PressClockWith { hand } => self.press_clock(side, Some(hand)),
            Event::PointsOut(irregularity) => self.points_out(side, irregularity),
            Event::ClaimIllegalMove => Err(Refusal::NoIllegalMoveToClaim),
            Event::RequestIncrement => self.request_increment(side),
            Event::ClaimQuickplayDraw => self.claim_quickplay_draw(side),
            Event::BothFlagsFallen => self.both_flags_fallen(),
            Event::ClaimFlag => self.claim_flag(side),
            Event::ClaimTouchMove => self.claim_touch_move(side),
            Event::Arrives => self.arrives(side),
            Event::KnockOver { square } => self.knock_over(side, square),
            Event::PutBack { origin, square } => self.put_back(side, origin, square),
        }
    }

    /// The game ends as the game model declares it: a resignation (5.1.2)
    /// or a fallen flag (6.9), at any moment of the game.
    fn declare(
        &mut self,
        declared: Result<lawbook_outcome::Outcome, lawbook_outcome::GameError>,
    ) -> Result<(Ruling, Vec<Remark>), Refusal> {
        match declared {
            Ok(outcome) => {
                let ending = Ending::Rules(outcome);
                self.ending = Some(ending);
                Ok((Ruling::Ended(ending), Vec::new()))
            }
            Err(lawbook_outcome::GameError::GameOver { outcome, .. }) => Err(Refusal::GameOver(Ending::Rules(outcome))),
            Err(_) => unreachable!("resigning and a fallen flag play no move"),
        }
    }

    /// Only the player having the move moves (1.2).
    fn own_move(&self, side: Color) -> Result<(), Refusal> {
        if side == self.turn() { Ok(()) } else { Err(Refusal::NotYourMove) }
    }

    /// Where the piece now on `square` stood when the move began.
    fn origin_of(&self, square: Square) -> Square {
        self.table.turn.displaced.iter().find(|d| d.now == Some(square)).map_or(square, |d| d.origin)
    }

    /// The own piece that stood on `origin`, if it was moved or taken off on this move.
    pub(crate) fn displaced(&self, origin: Square) -> Option<Displaced> {
        self.table.turn.displaced.iter().copied().find(|d| d.origin == origin)
    }

    /// The piece in hand.
    pub(crate) fn holding(&self) -> Option<Held> {
        self.table.turn.holding
    }

    /// The enemy piece under an own piece on `square`, not yet removed.
    pub(crate) fn beneath(&self, square: Square) -> Option<Piece> {
        self.table.turn.beneath.iter().find(|(s, _)| *s == square).map(|&(_, p)| p)
    }

    /// Whether an enemy piece still stands under an own piece (a capture not finished, 4.7.1).
    pub(crate) fn capture_unfinished(&self) -> bool {
        !self.table.turn.beneath.is_empty()
    }

    // ---- what the laws allow ----

    /// The duty in force and the moves it allows: the move being completed
    /// (4.7), the move announced with an incorrect claim (9.5.3), or the
    /// touch-move rules.
    fn allowed_with_duty(&self) -> (Duty, Vec<Move>) {
        if self.ending.is_some() {
            return (Duty::GameOver, Vec::new());
        }
        if let Some(frozen) = &self.table.turn.frozen {
            let pos = self.position();
            // Made once the last piece is let go of (4.7).
            let made = frozen.len() == 1
                && self.table.turn.holding.is_none()
                && self.table.turn.beneath.is_empty()
                && *pos.play_unchecked(frozen[0]).board() == self.table.board;
            let duty = if made { Duty::PressClock(frozen[0]) } else { Duty::Complete(frozen.clone()) };
            return (duty, frozen.clone());
        }
        if let Some(mv) = self.table.turn.announced {
            return (Duty::Announced(mv), vec![mv]);
        }
        self.touch_move()
    }

    /// The duty in force and the moves the model lets the player make: the
    /// moves the laws allow, or, where touch-move is held on claim only,
    /// any legal move in place of those the touch-move duties allow (4.8).
    pub(crate) fn enforced_with_duty(&self) -> (Duty, Vec<Move>) {
        let (duty, allowed) = self.allowed_with_duty();
        let from_touching = matches!(
            duty,
            Duty::Move { .. }
                | Duty::Capture { .. }
                | Duty::CaptureWith { .. }
                | Duty::Castle(_)
                | Duty::KingMove { .. }
                | Duty::Freed { .. }
        );
        if self.settings.touch_move_on_claim && from_touching {
            return (duty, self.position().legal_moves().to_vec());
        }
        (duty, allowed)
    }
}
