//! The clock: pressing it completes the move or an illegal move, stopping it
//! seeks the arbiter, time passes on it and the flag falls (FIDE 6.2.1,
//! 6.2.1.1, 6.2.1.2, 6.2.2, 6.2.3, 6.3, 6.9, 6.11.2, 7.4.1, 7.5.1 to 7.5.5,
//! A.3, A.5.2, Guidelines I.9.2).

use super::{OverTheBoard, Turn};
use crate::answer::{Duty, Ending, Penalty, Refusal, Remark, Ruling};
use crate::event::{Event, Hand};
use crate::time_control::Bonus;
use lawbook_board::{Color, Piece, Role};
use lawbook_movegen::Move;

impl OverTheBoard {
    /// Pressing the clock: the move is complete (6.2.1), or an illegal move
    /// is completed (7.5.1 to 7.5.4) and penalised (7.5.5).
    pub(super) fn press_clock(&mut self, side: Color, hand: Option<Hand>) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if let Some((player, number)) = self.table.unpressed
            && player == side
            && side != self.turn()
        {
            // 6.2.2: pressing after the opponent began the reply; the time
            // until now was the player's.
            self.table.unpressed = None;
            self.restart_delay();
            let mut remarks = self.time_after_move(side, number, true);
            remarks.insert(0, Remark::PressedLate);
            return Ok((Ruling::Accepted, remarks));
        }
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
        let (duty, allowed) = self.enforced_with_duty();
        let number = pos.fullmoves();
        let other_hand = matches!((hand, self.table.turn.hand), (Some(on_clock), Some(moved)) if on_clock != moved);
        self.restart_delay();
        if self.table.board == *pos.board() {
            // 7.5.3: the clock pressed without a move.
            self.reinstate();
            let penalty = self.penalise(side);
            return Ok((Ruling::IllegalMove { article: "7.5.3", stands: None, penalty: Some(penalty) }, Vec::new()));
        }
        let legal = pos.legal_moves();
        if let Some(&mv) = legal.iter().find(|&&m| *pos.play_unchecked(m).board() == self.table.board) {
            if !allowed.contains(&mv) {
                return Err(Refusal::TouchMove(duty));
            }
            let two_hands = self.table.turn.two_hands;
            let broken = self.settings.touch_move_on_claim && !self.touch_move().1.contains(&mv);
            let breach = broken.then(|| super::Breach {
                offender: side,
                before: self.game.clone(),
                touched: self.table.turn.touched.clone(),
            });
            let ending = self.complete(mv);
            self.breach = breach.filter(|_| ending.is_none());
            if two_hands {
                let penalty = if ending.is_some() { None } else { Some(self.penalise(side)) };
                let remarks = self.time_after_move(side, number, false);
                return Ok((Ruling::IllegalMove { article: "7.5.4", stands: Some(mv), penalty }, remarks));
            }
            let mut remarks = self.previous_move_completed(side);
            remarks.extend(self.time_after_move(side, number, ending.is_none()));
            if other_hand {
                remarks.insert(0, Remark::ClockOtherHand);
            }
            if self.breach.is_some() {
                remarks.insert(0, Remark::TouchMoveBroken);
            }
            return Ok((Ruling::Completed { mv, ending }, remarks));
        }
        if let Some(mv) = self.unpromoted_pawn(&pos) {
            // 7.5.2: the pawn becomes a queen; the arbiter brings one if none is at hand.
            let queen = Piece::new(side, Role::Queen);
            let spare = &mut self.table.spares[side][Role::Queen.index()];
            *spare = spare.saturating_sub(1);
            self.table.board.set_piece_at(mv.to(), queen);
            let ending = self.complete(mv);
            let penalty = if ending.is_some() { None } else { Some(self.penalise(side)) };
            let remarks = self.time_after_move(side, number, false);
            return Ok((Ruling::IllegalMove { article: "7.5.2", stands: Some(mv), penalty }, remarks));
        }
        if self.under_a5() {
            // A.5.2: the illegal move stays on the board unless the opponent
            // claims it before making a move (the arbiter, where he sees it,
            // acts as on a claim).
            self.table.turn.holding = None;
            self.table.pending_illegal = Some(side);
            return Ok((Ruling::Unclaimed { article: "7.5.1" }, Vec::new()));
        }
        // 7.5.1: the position before the irregularity is reinstated.
        self.reinstate();
        let penalty = self.penalise(side);
        Ok((Ruling::IllegalMove { article: "7.5.1", stands: None, penalty: Some(penalty) }, Vec::new()))
    }

    /// Pausing the clock to seek the arbiter's help (6.11.2).
    pub(super) fn stop_clock(&mut self) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if self.table.paused {
            return Err(Refusal::ClockAlreadyPaused);
        }
        self.table.paused = true;
        Ok((Ruling::Accepted, Vec::new()))
    }

    /// Plays the completed move: the opponent has the move.
    pub(super) fn complete(&mut self, mv: Move) -> Option<Ending> {
        self.breach = None;
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
    pub(super) fn reinstate(&mut self) {
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

    /// The penalty for a completed illegal move (7.5.5; one minute in rapid, A.3).
    pub(super) fn penalise(&mut self, side: Color) -> Penalty {
        let opponent = !side;
        self.table.illegal_moves[side] += 1;
        if self.table.illegal_moves[side] >= 2 {
            let ending = Ending::IllegalMoves { player: side, result: self.game.result_against(side) };
            self.ending = Some(ending);
            Penalty::Ends(ending)
        } else {
            let minutes = self.penalty_minutes();
            self.give_minutes(opponent, minutes);
            Penalty::ExtraTime { to: opponent, minutes }
        }
    }

    /// The fixed extra time starts again for the player whose clock now runs (6.3.2).
    fn restart_delay(&mut self) {
        if let Some(clocks) = &mut self.table.clocks {
            clocks.delay_left = match clocks.control.bonus() {
                Bonus::Delay(s) => s,
                Bonus::None | Bonus::Increment(_) => 0,
            };
        }
    }

    /// The time a completed move of number `number` brings its player: the
    /// increment (6.3.1; none for a move penalised as illegal), and the next
    /// period's time when the move ends a period (6.3.2).
    fn time_after_move(&mut self, side: Color, number: u32, increment: bool) -> Vec<Remark> {
        let mut remarks = Vec::new();
        let Some(clocks) = &mut self.table.clocks else { return remarks };
        if let (true, Bonus::Increment(seconds)) = (increment, clocks.control.bonus())
            && seconds > 0
        {
            clocks.left[side] = clocks.left[side].saturating_add(seconds);
            remarks.push(Remark::IncrementAdded { seconds });
        }
        let added = clocks.control.added_after_move(number);
        if added > 0 {
            clocks.left[side] = clocks.left[side].saturating_add(added);
            remarks.push(Remark::PeriodAdded { seconds: added });
        }
        remarks
    }

    /// The clock whose time runs: the player having the move's; while
    /// displaced pieces are put back, the clock of the player who displaced
    /// them (7.4.1); while a move made on the board waits for its press, its
    /// player's (6.2.2); while a move is sealed, the clock of the player who
    /// must reply to it (Guidelines I.9.2, I.9.3, I.11); while an illegal
    /// move waits for a claim, the opponent's (A.5.2).
    pub(super) fn running(&self) -> Color {
        if let Some(displacer) = self.table.knocked_by {
            return displacer;
        }
        if let Some((player, _)) = self.table.unpressed {
            return player;
        }
        if self.table.sealed.is_some() {
            return !self.turn();
        }
        if let Some(replier) = self.table.replying_to_illegal_position {
            return replier;
        }
        self.table.pending_illegal.map_or(self.turn(), |offender| !offender)
    }

    /// The opponent makes a move on the board while the player's move,
    /// made, waits for the press: the player's move is on the board for
    /// good and the opponent replies, the player's clock still running
    /// (6.2.2). Answers when that move ends the game (6.2.1.1).
    pub(super) fn reply_before_press(&mut self, side: Color, event: Event) -> Option<(Ruling, Vec<Remark>)> {
        let player = self.turn();
        if side == player || !matches!(event, Event::Move { .. }) || self.table.pending_illegal.is_some() {
            return None;
        }
        let Duty::PressClock(mv) = self.duty() else { return None };
        let number = self.position().fullmoves();
        let ending = self.complete(mv);
        if ending.is_some() {
            return Some((Ruling::Completed { mv, ending }, Vec::new()));
        }
        self.table.unpressed = Some((player, number));
        None
    }

    /// The player's move never pressed counts as completed once the next
    /// one is (6.2.1.2): its increment and the next period's time, if due.
    fn previous_move_completed(&mut self, side: Color) -> Vec<Remark> {
        match self.table.unpressed {
            Some((player, number)) if player == side => {
                self.table.unpressed = None;
                let mut remarks = vec![Remark::CompletedByNextMove];
                remarks.extend(self.time_after_move(side, number, true));
                remarks
            }
            _ => Vec::new(),
        }
    }

    /// Time passes on `side`'s clock: the fixed extra time first (6.3.2),
    /// then the main time; when it runs out the flag falls (6.9).
    pub(super) fn time_passes(&mut self, side: Color, seconds: u32) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if self.table.clocks.is_none() {
            return Err(Refusal::NoTimeControl);
        }
        if self.running() != side {
            return Err(Refusal::ClockNotRunning);
        }
        if self.table.paused {
            return Err(Refusal::ClockPaused);
        }
        self.table.elapsed = self.table.elapsed.saturating_add(seconds);
        let Some(clocks) = &mut self.table.clocks else { return Err(Refusal::NoTimeControl) };
        let from_delay = seconds.min(clocks.delay_left);
        clocks.delay_left -= from_delay;
        let rest = seconds - from_delay;
        clocks.left[side] = clocks.left[side].saturating_sub(rest);
        if clocks.left[side] == 0 && !clocks.fallen[side] {
            // The flag falls (6.1.1).
            return self.time_runs_out(side);
        }
        Ok((Ruling::Accepted, Vec::new()))
    }

    /// A move made on the board that ends the game is completed without the
    /// clock (6.2.1.1): once it is made, whatever happens next (a flag, a
    /// resignation, an offer) comes after it. Answers for the event when the
    /// move is completed this way.
    pub(super) fn game_ending_move_completes(&mut self, event: Event) -> Option<(Ruling, Vec<Remark>)> {
        let by_hand_or_clock = matches!(
            event,
            Event::Touch { .. }
                | Event::Adjust { .. }
                | Event::Move { .. }
                | Event::Release
                | Event::Remove { .. }
                | Event::Place { .. }
                | Event::PressClock
                | Event::PressClockWith { .. }
                | Event::StopClock
                | Event::CallArbiter { .. }
        );
        if by_hand_or_clock || self.table.pending_illegal.is_some() {
            return None;
        }
        let Duty::PressClock(mv) = self.duty() else { return None };
        let mut after = self.game.clone();
        after.play(mv).ok()?;
        after.outcome()?;
        let ending = self.complete(mv);
        Some((Ruling::Completed { mv, ending }, Vec::new()))
    }
}
