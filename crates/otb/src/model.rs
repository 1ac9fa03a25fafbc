//! [`OverTheBoard`]: the state machine that judges each event.

use crate::answer::{Answer, ArbiterAction, Duty, Ending, Refusal, Remark, Ruling, Verdict};
use crate::event::{Event, Hand};
use crate::words;
use core::fmt;
use lawbook_board::{Bitboard, Board, ByColor, Color, Piece, Rank, Role, Square};
use lawbook_movegen::{CastlingSide, Move, MoveKind, Position};
use lawbook_outcome::dead::can_checkmate;
use lawbook_outcome::{ClaimVerdict, Game, GameResult};

/// Pieces of one colour by role (pawn, knight, bishop, rook, queen, king).
type Counts = [u8; 6];

/// The pieces of a standard set, by role.
const SET: Counts = [8, 2, 2, 2, 1, 1];

/// Minutes the arbiter adds to the opponent's time (7.5.5, 9.5.3).
const EXTRA_MINUTES: u32 = 2;

/// An own piece moved, or taken off the board, on this move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Displaced {
    /// Where it stood when the move began.
    origin: Square,
    /// Where it stands now; `None` when off the board (a promoted pawn).
    now: Option<Square>,
}

/// The piece in the player's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Held {
    /// An own piece, by the square it stood on when the move began.
    Piece(Square),
    /// A new promotion piece, on this square.
    New(Square),
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
/// use lawbook_otb::{Duty, Event, OverTheBoard, Verdict};
///
/// let mut otb = OverTheBoard::new(Position::startpos());
/// let answer = otb.apply(Color::White, Event::touch(Square::G1));
/// assert!(matches!(answer.duty, Duty::Move { square: Square::G1, .. }));
/// // The knight was touched first: the pawn may not move (4.3.1).
/// assert!(otb.apply(Color::White, Event::move_piece(Square::E2, Square::E4)).is_refused());
/// otb.apply(Color::White, Event::move_piece(Square::G1, Square::F3));
/// otb.apply(Color::White, Event::Release);
/// let done = otb.apply(Color::White, Event::PressClock);
/// assert!(matches!(done.verdict, Verdict::Completed { .. }));
/// assert_eq!(otb.turn(), Color::Black);
/// println!("{}", otb.transcript_text());
/// ```
#[derive(Clone, Debug)]
pub struct OverTheBoard {
    game: Game,
    table: Table,
    ending: Option<Ending>,
    transcript: Vec<Entry>,
}

/// Whether `origin` to `at` is the move `m`, or the part of it a piece makes.
fn part_of(m: Move, origin: Square, at: Square) -> bool {
    match m.castling_squares() {
        Some((king_to, rook_to)) => (origin == m.from() && at == king_to) || (origin == m.to() && at == rook_to),
        None => origin == m.from() && at == m.to(),
    }
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

/// The side a castling move goes to.
fn castling_side(m: Move) -> CastlingSide {
    if m.is_short_castle() { CastlingSide::Short } else { CastlingSide::Long }
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
            },
            ending,
            transcript: Vec::new(),
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

    /// The side whose draw offer stands, if any (9.1.2).
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
        let said = self.said(side, &event);
        let saved = self.table.clone();
        let (verdict, remarks) = match self.judge(side, event) {
            Ok(judged) => judged,
            Err(refusal) => {
                self.table = saved;
                if let Refusal::NotAvailable(piece) = refusal {
                    self.table.turn.wanted = Some(piece.role);
                }
                (Verdict::Refused(refusal), Vec::new())
            }
        };
        let duty = self.duty();
        let words = self.answer_words(side, &event, &verdict, &remarks, &duty);
        let answer = Answer { verdict, remarks, duty, words };
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
            let in_order = match &answer.verdict {
                Verdict::Accepted => true,
                Verdict::Completed { mv: done, .. } => *done == mv,
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

    fn judge(&mut self, side: Color, event: Event) -> Result<(Verdict, Vec<Remark>), Refusal> {
        if let Some(ending) = self.ending {
            return Err(Refusal::GameOver(ending));
        }
        match event {
            Event::Touch { square, .. } => self.touch(side, square),
            Event::Adjust { square, .. } => {
                if side != self.turn() {
                    return Err(Refusal::AdjustOutOfTurn);
                }
                if self.table.board.piece_at(square).is_none() {
                    return Err(Refusal::NothingThere(square));
                }
                Ok((Verdict::Accepted, Vec::new()))
            }
            Event::Move { from, to, hand } => self.move_piece(side, from, to, hand),
            Event::Release => {
                self.own_move(side)?;
                let held = self.table.turn.holding.take().ok_or(Refusal::NothingInHand)?;
                self.release(held);
                Ok((Verdict::Accepted, Vec::new()))
            }
            Event::Remove { square, hand } => self.remove(side, square, hand),
            Event::Place { square, role, hand } => self.place(side, square, role, hand),
            Event::PressClock => self.press_clock(side),
            Event::StopClock => {
                if self.table.paused {
                    return Err(Refusal::ClockAlreadyPaused);
                }
                self.table.paused = true;
                Ok((Verdict::Accepted, Vec::new()))
            }
            Event::CallArbiter { piece } => Ok((Verdict::Arbiter(self.call_arbiter(side, piece)), Vec::new())),
            Event::OfferDraw => {
                let proper = side == self.turn() && matches!(self.duty(), Duty::PressClock(_));
                self.table.offer = Some(side);
                Ok((Verdict::Accepted, if proper { Vec::new() } else { vec![Remark::OfferTiming] }))
            }
            Event::AcceptDraw => {
                if self.table.offer != Some(!side) {
                    return Err(Refusal::NoOffer);
                }
                self.table.offer = None;
                let outcome = self.game.agree_draw().map_err(|_| Refusal::NoOffer)?;
                let ending = Ending::Rules(outcome);
                self.ending = Some(ending);
                Ok((Verdict::Ended(ending), Vec::new()))
            }
            Event::DeclineDraw => {
                if self.table.offer != Some(!side) {
                    return Err(Refusal::NoOffer);
                }
                self.table.offer = None;
                Ok((Verdict::Accepted, Vec::new()))
            }
            Event::ClaimDraw { claim, announced } => self.claim(side, claim, announced),
        }
    }

    fn own_move(&self, side: Color) -> Result<(), Refusal> {
        if side == self.turn() { Ok(()) } else { Err(Refusal::NotYourMove) }
    }

    /// Where the piece now on `square` stood when the move began.
    fn origin_of(&self, square: Square) -> Square {
        self.table.turn.displaced.iter().find(|d| d.now == Some(square)).map_or(square, |d| d.origin)
    }

    fn displaced(&self, origin: Square) -> Option<Displaced> {
        self.table.turn.displaced.iter().copied().find(|d| d.origin == origin)
    }

    fn use_hand(&mut self, hand: Hand, remarks: &mut Vec<Remark>) {
        let turn = &mut self.table.turn;
        match turn.hand {
            None => turn.hand = Some(hand),
            Some(h) if h != hand => {
                if !turn.two_hands {
                    remarks.push(Remark::TwoHands);
                }
                turn.two_hands = true;
            }
            Some(_) => {}
        }
    }

    /// Touching a piece with intent rejects the opponent's draw offer (9.1.2.2).
    fn touch_rejects_offer(&mut self, side: Color, remarks: &mut Vec<Remark>) {
        if self.table.offer == Some(!side) {
            self.table.offer = None;
            remarks.push(Remark::OfferRejected);
        }
    }

    fn record_touch(&mut self, origin: Square) {
        if !self.table.turn.touched.contains(&origin) {
            self.table.turn.touched.push(origin);
        }
    }

    fn touch(&mut self, side: Color, square: Square) -> Result<(Verdict, Vec<Remark>), Refusal> {
        if self.table.board.piece_at(square).is_none() {
            return Err(Refusal::NothingThere(square));
        }
        if side != self.turn() {
            return Ok((Verdict::Accepted, vec![Remark::NotYourMove]));
        }
        let mut remarks = Vec::new();
        self.touch_rejects_offer(side, &mut remarks);
        let origin = self.origin_of(square);
        if self.table.turn.placed.iter().any(|(s, _)| *s == square) {
            return Ok((Verdict::Accepted, remarks));
        }
        if let Some(frozen) = &self.table.turn.frozen {
            let pos = self.position();
            let needed = frozen.iter().any(|&m| involves(m, origin) || captured_square(pos, m) == Some(origin));
            if !needed {
                remarks.push(Remark::MoveAlreadyMade);
            }
            return Ok((Verdict::Accepted, remarks));
        }
        self.record_touch(origin);
        Ok((Verdict::Accepted, remarks))
    }

    fn move_piece(
        &mut self,
        side: Color,
        from: Square,
        to: Square,
        hand: Hand,
    ) -> Result<(Verdict, Vec<Remark>), Refusal> {
        self.own_move(side)?;
        let piece = self.table.board.piece_at(from).ok_or(Refusal::NothingThere(from))?;
        if piece.color != side {
            return Err(Refusal::NotYourPiece(from));
        }
        if from == to || self.table.board.color_at(to) == Some(side) {
            return Err(Refusal::OwnPieceThere(to));
        }
        if let Some(&(_, role)) = self.table.turn.placed.iter().find(|(s, _)| *s == from) {
            return Err(Refusal::ChoiceFinal(role));
        }
        let origin = self.origin_of(from);
        if let Some(held) = self.table.turn.holding
            && held != Held::Piece(origin)
        {
            self.table.turn.holding = None;
            self.release(held);
        }
        let mut remarks = Vec::new();
        self.use_hand(hand, &mut remarks);
        self.touch_rejects_offer(side, &mut remarks);
        if let Some(frozen) = self.table.turn.frozen.clone() {
            if !frozen.iter().any(|&m| part_of(m, origin, to)) {
                return Err(Refusal::MoveMade(frozen));
            }
        } else {
            self.record_touch(origin);
            let (duty, allowed) = self.allowed_with_duty();
            let fits: Vec<Move> = allowed.iter().copied().filter(|&m| part_of(m, origin, to)).collect();
            if fits.is_empty() {
                let legal = self.position().legal_moves();
                let legal_fits = legal.iter().any(|&m| part_of(m, origin, to));
                let may_move = allowed.iter().any(|&m| involves(m, origin));
                let can_move = legal.iter().any(|&m| involves(m, origin));
                if legal_fits || (can_move && !may_move) {
                    return Err(Refusal::TouchMove(duty));
                }
                remarks.push(Remark::NotALegalMove);
            } else if fits.iter().all(|&m| m.is_castle() && m.to() == origin) {
                // The rook's part of castling: the king must stand on its square already.
                // (In Chess960 the king may already stand there and not move at all.)
                let king_there = fits.iter().any(|&m| {
                    m.castling_squares().is_some_and(|(king_to, _)| match self.displaced(m.from()) {
                        Some(d) => d.now == Some(king_to),
                        None => m.from() == king_to,
                    })
                });
                if !king_there {
                    return Err(Refusal::KingFirst);
                }
            }
        }
        self.lift_and_put(origin, from, to);
        self.table.turn.holding = Some(Held::Piece(origin));
        Ok((Verdict::Accepted, remarks))
    }

    /// Moves the piece on `from` (which stood on `origin`) to `to`; an enemy
    /// piece there stays under it until removed.
    fn lift_and_put(&mut self, origin: Square, from: Square, to: Square) {
        let table = &mut self.table;
        let Some(piece) = table.board.remove_piece_at(from) else { return };
        if let Some(i) = table.turn.beneath.iter().position(|(s, _)| *s == from) {
            let (s, p) = table.turn.beneath.remove(i);
            table.board.set_piece_at(s, p);
        }
        if let Some(enemy) = table.board.piece_at(to) {
            table.turn.beneath.push((to, enemy));
        }
        table.board.set_piece_at(to, piece);
        match table.turn.displaced.iter_mut().find(|d| d.origin == origin) {
            Some(d) => d.now = Some(to),
            None => table.turn.displaced.push(Displaced { origin, now: Some(to) }),
        }
    }

    /// Lets go of `held`: a piece released as a legal move or part of one
    /// cannot go to another square (4.7).
    fn release(&mut self, held: Held) {
        let Held::Piece(origin) = held else { return };
        let Some(at) = self.displaced(origin).and_then(|d| d.now) else { return };
        if at == origin {
            return;
        }
        let candidates = match &self.table.turn.frozen {
            Some(frozen) => frozen.clone(),
            None => self.allowed_with_duty().1,
        };
        let fits: Vec<Move> = candidates.into_iter().filter(|&m| part_of(m, origin, at)).collect();
        if !fits.is_empty() {
            self.table.turn.frozen = Some(fits);
        }
    }

    fn remove(&mut self, side: Color, square: Square, hand: Hand) -> Result<(Verdict, Vec<Remark>), Refusal> {
        self.own_move(side)?;
        let mut remarks = Vec::new();
        let beneath = self.table.turn.beneath.iter().position(|(s, _)| *s == square);
        let on_top = self.table.board.piece_at(square);
        let enemy = match beneath {
            Some(i) => Some(self.table.turn.beneath[i].1),
            None => on_top.filter(|p| p.color != side),
        };
        if let Some(enemy) = enemy {
            self.use_hand(hand, &mut remarks);
            self.touch_rejects_offer(side, &mut remarks);
            let frozen = self.table.turn.frozen.is_some();
            if !frozen {
                self.record_touch(square);
            }
            let (duty, allowed) = self.allowed_with_duty();
            let pos = *self.position();
            if !allowed.iter().any(|&m| captured_square(&pos, m) == Some(square)) {
                return Err(if frozen {
                    Refusal::MoveMade(allowed)
                } else if pos.legal_moves().iter().any(|&m| captured_square(&pos, m) == Some(square)) {
                    Refusal::TouchMove(duty)
                } else {
                    Refusal::CannotBeCaptured(square)
                });
            }
            match beneath {
                Some(i) => {
                    self.table.turn.beneath.remove(i);
                }
                None => self.table.board.discard_piece_at(square),
            }
            self.table.turn.removed.push((square, enemy));
            self.table.spares[enemy.color][enemy.role.index()] += 1;
            return Ok((Verdict::Accepted, remarks));
        }
        let own = on_top.ok_or(Refusal::NothingThere(square))?;
        if own.role != Role::Pawn || self.table.turn.placed.iter().any(|(s, _)| *s == square) {
            return Err(Refusal::OnlyCapturedOrPawn(square));
        }
        let origin = self.origin_of(square);
        self.use_hand(hand, &mut remarks);
        self.touch_rejects_offer(side, &mut remarks);
        let frozen = self.table.turn.frozen.is_some();
        if !frozen {
            self.record_touch(origin);
        }
        let (duty, allowed) = self.allowed_with_duty();
        let promotes = |m: &Move| m.promotion_role().is_some() && m.from() == origin;
        if !allowed.iter().any(promotes) {
            return Err(if frozen {
                Refusal::MoveMade(allowed)
            } else if self.position().legal_moves().iter().any(promotes) {
                Refusal::TouchMove(duty)
            } else {
                Refusal::OnlyCapturedOrPawn(square)
            });
        }
        self.table.board.discard_piece_at(square);
        match self.table.turn.displaced.iter_mut().find(|d| d.origin == origin) {
            Some(d) => d.now = None,
            None => self.table.turn.displaced.push(Displaced { origin, now: None }),
        }
        if self.table.turn.holding == Some(Held::Piece(origin)) {
            self.table.turn.holding = None;
        }
        self.table.spares[side][Role::Pawn.index()] += 1;
        Ok((Verdict::Accepted, remarks))
    }

    fn place(
        &mut self,
        side: Color,
        square: Square,
        role: Role,
        hand: Hand,
    ) -> Result<(Verdict, Vec<Remark>), Refusal> {
        self.own_move(side)?;
        if matches!(role, Role::King | Role::Pawn) {
            return Err(Refusal::NotAPromotionPiece(role));
        }
        if let Some(&(_, chosen)) = self.table.turn.placed.first() {
            return Err(if chosen == role { Refusal::OwnPieceThere(square) } else { Refusal::ChoiceFinal(chosen) });
        }
        let own_pawn = Piece::new(side, Role::Pawn);
        let on_square = self.table.board.piece_at(square);
        if on_square.is_some_and(|p| p.color == side && p != own_pawn) {
            return Err(Refusal::OwnPieceThere(square));
        }
        // Which pawn is promoted: one lifted off, standing on the square, or
        // still on its square (4.6.1, 4.6.2).
        let pawn_ready = |otb: &OverTheBoard, m: Move| match otb.displaced(m.from()) {
            Some(d) => d.now.is_none() || d.now == Some(square),
            None => otb.table.board.piece_at(m.from()) == Some(own_pawn),
        };
        let legal_fits: Vec<Move> = self
            .position()
            .legal_moves()
            .into_iter()
            .filter(|&m| m.promotion_role() == Some(role) && m.to() == square && pawn_ready(self, m))
            .collect();
        let pawn = legal_fits
            .iter()
            .map(|m| m.from())
            .find(|&from| self.displaced(from).is_some())
            .or_else(|| legal_fits.first().map(|m| m.from()))
            .ok_or(Refusal::NotAPromotion(square))?;
        let mut remarks = Vec::new();
        self.use_hand(hand, &mut remarks);
        self.touch_rejects_offer(side, &mut remarks);
        let frozen = self.table.turn.frozen.is_some();
        if !frozen {
            self.record_touch(pawn);
        }
        let (duty, allowed) = self.allowed_with_duty();
        let fits: Vec<Move> = allowed.into_iter().filter(|m| legal_fits.contains(m) && m.from() == pawn).collect();
        if fits.is_empty() {
            return Err(if frozen { Refusal::MoveMade(self.allowed_moves()) } else { Refusal::TouchMove(duty) });
        }
        if self.table.spares[side][role.index()] == 0 {
            return Err(Refusal::NotAvailable(Piece::new(side, role)));
        }
        if let Some(held) = self.table.turn.holding.take() {
            self.release(held);
        }
        match on_square {
            Some(p) if p == own_pawn => {
                self.table.board.discard_piece_at(square);
                let origin = self.origin_of(square);
                match self.table.turn.displaced.iter_mut().find(|d| d.origin == origin) {
                    Some(d) => d.now = None,
                    None => self.table.turn.displaced.push(Displaced { origin, now: None }),
                }
                self.table.spares[side][Role::Pawn.index()] += 1;
            }
            Some(enemy) => self.table.turn.beneath.push((square, enemy)),
            None => {}
        }
        self.table.board.set_piece_at(square, Piece::new(side, role));
        self.table.spares[side][role.index()] -= 1;
        self.table.turn.placed.push((square, role));
        self.table.turn.holding = Some(Held::New(square));
        self.table.turn.wanted = None;
        // The choice is final once the piece touched the square (4.4.4).
        self.table.turn.frozen = Some(fits);
        Ok((Verdict::Accepted, remarks))
    }

    fn press_clock(&mut self, side: Color) -> Result<(Verdict, Vec<Remark>), Refusal> {
        self.own_move(side)?;
        if self.table.paused {
            return Err(Refusal::ClockPaused);
        }
        if let Some(held) = self.table.turn.holding.take() {
            self.release(held);
        }
        if let Some(&(square, _)) = self.table.turn.beneath.first() {
            return Err(Refusal::CaptureUnfinished(square));
        }
        let pos = *self.position();
        let (duty, allowed) = self.allowed_with_duty();
        if self.table.board == *pos.board() {
            // 7.5.3: the clock pressed without a move.
            self.reinstate();
            let ruling = self.penalise(side);
            return Ok((Verdict::IllegalMove { article: "7.5.3", stands: None, ruling: Some(ruling) }, Vec::new()));
        }
        let legal = pos.legal_moves();
        if let Some(&mv) = legal.iter().find(|&&m| *pos.play_unchecked(m).board() == self.table.board) {
            if !allowed.contains(&mv) {
                return Err(Refusal::TouchMove(duty));
            }
            let two_hands = self.table.turn.two_hands;
            let ending = self.complete(mv);
            if two_hands {
                let ruling = if ending.is_some() { None } else { Some(self.penalise(side)) };
                return Ok((Verdict::IllegalMove { article: "7.5.4", stands: Some(mv), ruling }, Vec::new()));
            }
            return Ok((Verdict::Completed { mv, ending }, Vec::new()));
        }
        if let Some(mv) = self.unpromoted_pawn(&pos) {
            // 7.5.2: the pawn becomes a queen; the arbiter brings one if none is at hand.
            let queen = Piece::new(side, Role::Queen);
            let spare = &mut self.table.spares[side][Role::Queen.index()];
            *spare = spare.saturating_sub(1);
            self.table.board.set_piece_at(mv.to(), queen);
            let ending = self.complete(mv);
            let ruling = if ending.is_some() { None } else { Some(self.penalise(side)) };
            return Ok((Verdict::IllegalMove { article: "7.5.2", stands: Some(mv), ruling }, Vec::new()));
        }
        // 7.5.1: the position before the irregularity is reinstated.
        self.reinstate();
        let ruling = self.penalise(side);
        Ok((Verdict::IllegalMove { article: "7.5.1", stands: None, ruling: Some(ruling) }, Vec::new()))
    }

    /// A pawn moved to the last rank and left there without a new piece,
    /// where the board is otherwise the queen promotion: that promotion.
    fn unpromoted_pawn(&self, pos: &Position) -> Option<Move> {
        let us = pos.turn();
        let last = Rank::Eighth.relative(us);
        if !self.table.turn.placed.is_empty() {
            return None;
        }
        self.table.turn.displaced.iter().find_map(|d| {
            let now = d.now?;
            if pos.board().piece_at(d.origin) != Some(Piece::new(us, Role::Pawn)) || now.rank() != last {
                return None;
            }
            let mv = Move::promotion(d.origin, now, Role::Queen);
            if !pos.is_legal(mv) {
                return None;
            }
            let mut board = self.table.board;
            board.set_piece_at(now, Piece::new(us, Role::Queen));
            (board == *pos.play_unchecked(mv).board()).then_some(mv)
        })
    }

    /// Plays the completed move: the opponent has the move.
    fn complete(&mut self, mv: Move) -> Option<Ending> {
        if self.game.play(mv).is_err() {
            // Never happens: only legal moves are completed. Keep the board consistent.
            self.reinstate();
            return None;
        }
        self.table.board = *self.game.position().board();
        self.table.turn = Turn::default();
        self.table.spares_at_start = self.table.spares;
        self.ending = self.game.outcome().map(Ending::Rules);
        self.ending
    }

    /// Puts the pieces back as the position says; touched pieces, and the
    /// moves a released piece committed to, still bind (7.5.1: 4.3 and 4.7
    /// apply to the move replacing the illegal one).
    fn reinstate(&mut self) {
        let table = &mut self.table;
        table.board = *self.game.position().board();
        table.spares = table.spares_at_start;
        let turn = &mut table.turn;
        turn.displaced.clear();
        turn.beneath.clear();
        turn.removed.clear();
        turn.placed.clear();
        turn.holding = None;
        turn.hand = None;
        turn.two_hands = false;
        if let Some(frozen) = &turn.frozen
            && frozen.iter().all(|m| m.promotion_role().is_some())
        {
            // The promotion piece left the board with the reinstatement; the pawn still binds.
            turn.frozen = None;
        }
    }

    /// The penalty for a completed illegal move (7.5.5).
    fn penalise(&mut self, side: Color) -> Ruling {
        let opponent = !side;
        self.table.illegal_moves[side] += 1;
        if self.table.illegal_moves[side] >= 2 {
            let cannot_mate = can_checkmate(self.game.position(), opponent, self.game.search_limits()).is_impossible();
            let result = if cannot_mate { GameResult::Draw } else { GameResult::win(opponent) };
            let ending = Ending::IllegalMoves { player: side, result };
            self.ending = Some(ending);
            Ruling::Ends(ending)
        } else {
            self.table.extra_minutes[opponent] += EXTRA_MINUTES;
            Ruling::ExtraTime { to: opponent, minutes: EXTRA_MINUTES }
        }
    }

    fn call_arbiter(&mut self, side: Color, piece: Option<Role>) -> ArbiterAction {
        let restarts_clock = self.table.paused;
        let wanted = piece.or(self.table.turn.wanted);
        let promotes = |role: Role| self.allowed_moves().iter().any(|m| m.promotion_role() == Some(role));
        if side == self.turn()
            && let Some(role) = wanted.filter(|&r| promotes(r))
        {
            let piece = Piece::new(side, role);
            self.table.paused = false;
            self.table.turn.wanted = None;
            if self.spares(piece) > 0 {
                return ArbiterAction::PieceAtHand { piece, restarts_clock };
            }
            self.table.spares[side][role.index()] += 1;
            if self.at_rest() {
                self.table.spares_at_start = self.table.spares;
            } else {
                self.table.spares_at_start[side][role.index()] += 1;
            }
            return ArbiterAction::ProvidesPiece { piece, restarts_clock };
        }
        if restarts_clock {
            self.table.paused = false;
            ArbiterAction::RestartsClock
        } else {
            ArbiterAction::NoAction
        }
    }

    fn claim(
        &mut self,
        side: Color,
        claim: lawbook_outcome::Claim,
        announced: Option<Move>,
    ) -> Result<(Verdict, Vec<Remark>), Refusal> {
        self.own_move(side)?;
        if !self.at_rest() {
            return Err(Refusal::ClaimAfterMove);
        }
        if let Some(mv) = announced {
            let (duty, allowed) = self.allowed_with_duty();
            if !allowed.contains(&mv) {
                return Err(Refusal::TouchMove(duty));
            }
        }
        if self.game.claim_is_valid(claim, announced) {
            let verdict = match announced {
                Some(mv) => self.game.claim_draw_with_move(claim, mv),
                None => self.game.claim_draw(claim),
            };
            if let Ok(ClaimVerdict::Upheld(outcome)) = verdict {
                self.table.board = *self.game.position().board();
                self.table.turn = Turn::default();
                self.ending = Some(Ending::Rules(outcome));
                return Ok((Verdict::Arbiter(ArbiterAction::DrawUpheld(outcome)), Vec::new()));
            }
        }
        let opponent = !side;
        self.table.extra_minutes[opponent] += EXTRA_MINUTES;
        self.table.turn.announced = announced;
        let action = ArbiterAction::ClaimRejected { to: opponent, minutes: EXTRA_MINUTES, must_play: announced };
        Ok((Verdict::Arbiter(action), Vec::new()))
    }

    // ---- what the laws allow ----

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

    /// Rooks touched before the king: no castling with them on this move (4.4.2).
    fn no_castling_with(&self) -> Bitboard {
        let pos = self.position();
        let us = pos.turn();
        let touched = &self.table.turn.touched;
        let king = touched.iter().position(|&s| s == pos.king_of(us));
        touched
            .iter()
            .enumerate()
            .filter(|&(i, &s)| {
                pos.board().piece_at(s) == Some(Piece::new(us, Role::Rook)) && king.is_none_or(|k| i < k)
            })
            .map(|(_, &s)| s)
            .collect()
    }

    /// The king touched first to castle (4.4.1, 4.4.3, 4.7.2): the side, and
    /// the rook when one was touched.
    fn castling_intent(&self) -> Option<(CastlingSide, Option<Square>)> {
        let pos = self.position();
        let us = pos.turn();
        let king = pos.king_of(us);
        let touched = &self.table.turn.touched;
        if touched.first() != Some(&king) || king.rank() != Rank::First.relative(us) {
            return None;
        }
        let side_of = |file_from: usize, file_to: usize| {
            if file_to > file_from { CastlingSide::Short } else { CastlingSide::Long }
        };
        // The king put down on a castling square, more than one step away (4.7.2).
        if let Some(now) = self.displaced(king).and_then(|d| d.now)
            && now.rank() == king.rank()
            && king.file().index().abs_diff(now.file().index()) >= 2
            && matches!(now.file().char(), 'c' | 'g')
        {
            return Some((side_of(king.file().index(), now.file().index()), None));
        }
        // The king and then a rook on its rank (4.4.1).
        let own: Vec<Square> = touched.iter().copied().filter(|&s| pos.board().color_at(s) == Some(us)).collect();
        match own.get(1) {
            Some(&rook)
                if pos.board().piece_at(rook) == Some(Piece::new(us, Role::Rook)) && rook.rank() == king.rank() =>
            {
                Some((side_of(king.file().index(), rook.file().index()), Some(rook)))
            }
            _ => None,
        }
    }

    /// The touch-move rules (4.3 to 4.5) on the touched pieces.
    fn touch_move(&self) -> (Duty, Vec<Move>) {
        let pos = self.position();
        let us = pos.turn();
        let no_castling_with = self.no_castling_with();
        let legal: Vec<Move> =
            pos.legal_moves().into_iter().filter(|m| !(m.is_castle() && no_castling_with.contains(m.to()))).collect();
        let touched = &self.table.turn.touched;
        if touched.is_empty() {
            return (Duty::Free, legal);
        }
        let king = pos.king_of(us);
        if let Some((side, rook)) = self.castling_intent() {
            let castling: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| m.is_castle() && castling_side(m) == side && rook.is_none_or(|r| m.to() == r))
                .collect();
            if let Some(&mv) = castling.first() {
                return (Duty::Castle(mv), castling);
            }
            let king_moves: Vec<Move> = legal.iter().copied().filter(|m| m.from() == king).collect();
            if !king_moves.is_empty() {
                return (Duty::KingMove { intended: side }, king_moves);
            }
            return (Duty::Freed { article: "4.4.3", no_castling_with }, legal);
        }
        let own = |s: Square| pos.board().color_at(s) == Some(us);
        let moves_of = |s: Square| -> Vec<Move> { legal.iter().copied().filter(|m| m.from() == s).collect() };
        let captures_of = |s: Square| -> Vec<Move> {
            legal.iter().copied().filter(|&m| captured_square(pos, m) == Some(s)).collect()
        };
        let first_own = touched.iter().copied().find(|&s| own(s));
        let first_enemy = touched.iter().copied().find(|&s| !own(s));
        if let (Some(piece), Some(target)) = (first_own, first_enemy) {
            let both: Vec<Move> =
                moves_of(piece).into_iter().filter(|&m| captured_square(pos, m) == Some(target)).collect();
            if !both.is_empty() {
                return (Duty::CaptureWith { piece, target }, both);
            }
        }
        for &s in touched {
            let role = pos.board().role_at(s).unwrap_or(Role::Pawn);
            if own(s) {
                let moves = moves_of(s);
                if !moves.is_empty() {
                    return (Duty::Move { square: s, role, no_castling_with }, moves);
                }
            } else {
                let captures = captures_of(s);
                if !captures.is_empty() {
                    return (Duty::Capture { square: s, role }, captures);
                }
            }
        }
        (Duty::Freed { article: "4.5", no_castling_with }, legal)
    }

    // ---- words ----

    /// What letting go of the piece in hand would do, when it stands where a
    /// move the player may make puts it (4.7).
    fn in_hand_words(&self, mover: Color) -> Option<String> {
        let pos = self.position();
        let origin = match self.table.turn.holding? {
            Held::Piece(origin) => origin,
            Held::New(square) => {
                let role = self.table.board.role_at(square)?;
                return match self.allowed_moves().as_slice() {
                    [mv] if self.table.turn.beneath.is_empty()
                        && *pos.play_unchecked(*mv).board() == self.table.board =>
                    {
                        Some(format!(
                            "letting go of the {} on {square} makes the move {} (FIDE 4.7.3)",
                            role.name(),
                            words::describe_move(pos, *mv)
                        ))
                    }
                    _ => None,
                };
            }
        };
        let at = self.displaced(origin)?.now?;
        let role = self.table.board.role_at(at)?;
        let fits: Vec<Move> = self.allowed_moves().into_iter().filter(|&m| part_of(m, origin, at)).collect();
        let commits = match fits.as_slice() {
            [] => return None,
            [mv] if self.table.turn.beneath.is_empty() && *pos.play_unchecked(*mv).board() == self.table.board => {
                return Some(format!(
                    "letting go of the {} on {at} makes the move {} (FIDE 4.7)",
                    role.name(),
                    words::describe_move(pos, *mv)
                ));
            }
            [mv] => words::describe_move(pos, *mv),
            _ if fits.iter().all(|m| m.promotion_role().is_some()) => format!("a promotion on {at}"),
            _ => "one of the moves it is part of".to_string(),
        };
        Some(format!("letting go of the {} on {at} commits {mover} to {commits} (FIDE 4.7)", role.name()))
    }

    /// The event in plain words, before it happens.
    fn said(&self, side: Color, event: &Event) -> String {
        let board = &self.table.board;
        let by = |hand: Hand| if hand == Hand::Left { " with the left hand" } else { "" };
        let on = |s: Square| words::piece_on(side, board.piece_at(s), s);
        match *event {
            Event::Touch { square, hand } => format!("{side} touches {}{}", on(square), by(hand)),
            Event::Adjust { square, hand } => {
                format!("{side} says \"j'adoube\" and adjusts {}{}", on(square), by(hand))
            }
            Event::Move { from, to, hand } => match board.piece_at(from) {
                Some(p) if p.color == side => {
                    format!("{side} moves the {} from {from} to {to}{}", p.role.name(), by(hand))
                }
                Some(p) => {
                    format!("{side} moves the {} {} from {from} to {to}{}", p.color.name(), p.role.name(), by(hand))
                }
                None => format!("{side} moves from the empty square {from} to {to}{}", by(hand)),
            },
            Event::Release => {
                let square = match self.table.turn.holding {
                    Some(Held::Piece(origin)) => self.displaced(origin).and_then(|d| d.now),
                    Some(Held::New(square)) => Some(square),
                    None => None,
                };
                match square {
                    Some(s) => format!("{side} lets go of {}", on(s)),
                    None => format!("{side} lets go"),
                }
            }
            Event::Remove { square, hand } => {
                let piece = self.table.turn.beneath.iter().find(|(s, _)| *s == square).map(|&(_, p)| p);
                let text = words::piece_on(side, piece.or_else(|| board.piece_at(square)), square);
                format!("{side} removes {}{}", text.replacen(" on ", " from ", 1), by(hand))
            }
            Event::Place { square, role, hand } => format!("{side} places a {} on {square}{}", role.name(), by(hand)),
            Event::PressClock => format!("{side} presses the clock"),
            Event::StopClock => format!("{side} stops the clock"),
            Event::CallArbiter { piece: None } => format!("{side} calls the arbiter"),
            Event::CallArbiter { piece: Some(role) } => format!("{side} calls the arbiter for a {}", role.name()),
            Event::OfferDraw => format!("{side} offers a draw"),
            Event::AcceptDraw => format!("{side} accepts the draw offer"),
            Event::DeclineDraw => format!("{side} declines the draw offer"),
            Event::ClaimDraw { claim, announced } => {
                let what = match claim {
                    lawbook_outcome::Claim::FiftyMoves => "under the fifty-move rule",
                    lawbook_outcome::Claim::ThreefoldRepetition => "by threefold repetition",
                };
                match announced {
                    Some(mv) => format!(
                        "{side} claims a draw {what}, announcing the move {}",
                        words::describe_move(self.position(), mv)
                    ),
                    None => format!("{side} claims a draw {what}"),
                }
            }
        }
    }

    fn answer_words(&self, side: Color, event: &Event, verdict: &Verdict, remarks: &[Remark], duty: &Duty) -> String {
        let pos = self.position();
        let mover = self.turn();
        let mut parts: Vec<String> = Vec::new();
        if matches!(event, Event::OfferDraw) && matches!(verdict, Verdict::Accepted) {
            parts.push(format!("{side}'s draw offer stands until {} accepts or rejects it (FIDE 9.1.2.2)", !side));
        }
        let prev = self.game.positions().len().checked_sub(2).map(|i| self.game.positions()[i]);
        let show_duty = match verdict {
            Verdict::Accepted => true,
            Verdict::Refused(refusal) => {
                parts.push(words::refusal(side, refusal, pos, &self.table.board));
                !matches!(refusal, Refusal::TouchMove(_) | Refusal::GameOver(_))
            }
            Verdict::Completed { mv, ending } => {
                let before = prev.unwrap_or(*pos);
                parts.push(format!("the move {} is complete; {} to move", words::describe_move(&before, *mv), mover));
                if let Some(ending) = ending {
                    parts.push(format!("the game is over: {ending}"));
                }
                false
            }
            Verdict::IllegalMove { article, stands, ruling } => {
                let before = prev.unwrap_or(*pos);
                parts.push(words::illegal(side, article, *stands, &before));
                if let Some(ruling) = ruling {
                    parts.push(words::ruling(ruling));
                }
                stands.is_none()
            }
            Verdict::Arbiter(action) => {
                parts.push(words::arbiter(action, pos));
                matches!(action, ArbiterAction::ClaimRejected { .. })
            }
            Verdict::Ended(ending) => {
                parts.push(format!("the game is over: {ending}"));
                false
            }
        };
        for remark in remarks {
            parts.push(words::remark(side, remark));
        }
        if show_duty && self.ending.is_none() {
            parts.push(self.in_hand_words(mover).unwrap_or_else(|| words::duty(mover, duty, pos)));
            if self.table.paused {
                parts.push("the clock is paused to seek the arbiter's help (FIDE 6.11.2)".to_string());
            }
        }
        let mut text = parts.join("; ");
        if let Some(first) = text.get(0..1) {
            text = first.to_uppercase() + &text[1..];
        }
        text.push('.');
        text
    }
}
