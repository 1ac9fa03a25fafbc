//! The clock: pressing it completes the move or an illegal move, stopping it
//! seeks the arbiter (FIDE 6.2.1, 6.11.2, 7.5.1 to 7.5.5).

use super::{EXTRA_MINUTES, OverTheBoard, Turn};
use crate::answer::{Ending, Penalty, Refusal, Remark, Ruling};
use lawbook_board::{Color, Piece, Role};
use lawbook_movegen::Move;
use lawbook_outcome::GameResult;
use lawbook_outcome::dead::can_checkmate;

impl OverTheBoard {
    /// Pressing the clock: the move is complete (6.2.1), or an illegal move
    /// is completed (7.5.1 to 7.5.4) and penalised (7.5.5).
    pub(super) fn press_clock(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
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
            let penalty = self.penalise(side);
            return Ok((Ruling::IllegalMove { article: "7.5.3", stands: None, penalty: Some(penalty) }, Vec::new()));
        }
        let legal = pos.legal_moves();
        if let Some(&mv) = legal.iter().find(|&&m| *pos.play_unchecked(m).board() == self.table.board) {
            if !allowed.contains(&mv) {
                return Err(Refusal::TouchMove(duty));
            }
            let two_hands = self.table.turn.two_hands;
            let ending = self.complete(mv);
            if two_hands {
                let penalty = if ending.is_some() { None } else { Some(self.penalise(side)) };
                return Ok((Ruling::IllegalMove { article: "7.5.4", stands: Some(mv), penalty }, Vec::new()));
            }
            return Ok((Ruling::Completed { mv, ending }, Vec::new()));
        }
        if let Some(mv) = self.unpromoted_pawn(&pos) {
            // 7.5.2: the pawn becomes a queen; the arbiter brings one if none is at hand.
            let queen = Piece::new(side, Role::Queen);
            let spare = &mut self.table.spares[side][Role::Queen.index()];
            *spare = spare.saturating_sub(1);
            self.table.board.set_piece_at(mv.to(), queen);
            let ending = self.complete(mv);
            let penalty = if ending.is_some() { None } else { Some(self.penalise(side)) };
            return Ok((Ruling::IllegalMove { article: "7.5.2", stands: Some(mv), penalty }, Vec::new()));
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
    fn penalise(&mut self, side: Color) -> Penalty {
        let opponent = !side;
        self.table.illegal_moves[side] += 1;
        if self.table.illegal_moves[side] >= 2 {
            let cannot_mate = can_checkmate(self.game.position(), opponent, self.game.search_limits()).is_impossible();
            let result = if cannot_mate { GameResult::Draw } else { GameResult::win(opponent) };
            let ending = Ending::IllegalMoves { player: side, result };
            self.ending = Some(ending);
            Penalty::Ends(ending)
        } else {
            self.table.extra_minutes[opponent] += EXTRA_MINUTES;
            Penalty::ExtraTime { to: opponent, minutes: EXTRA_MINUTES }
        }
    }
}
