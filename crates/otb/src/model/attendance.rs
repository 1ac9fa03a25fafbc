//! Players who are not at the board: at the start of the session, the
//! default time (FIDE 6.7), and at the resumption of an adjourned game
//! (Guidelines I.9.2, I.9.3, I.10, I.11).

use super::OverTheBoard;
use crate::answer::{Ending, Forfeit, Refusal, Remark, Ruling};
use crate::event::Sealed;
use lawbook_board::Color;
use lawbook_outcome::GameResult;

impl OverTheBoard {
    /// `side` arrives at the board. Within the default time, counted from
    /// the start of the session or of the resumption, play goes on; the
    /// time lost meanwhile is on the player's clock if it ran (6.7.2, I.11).
    /// Later, the player loses (6.7.1, I.10), unless the sealed move, made
    /// once the envelope is opened, ends the game: that ending stands (I.10).
    pub(super) fn arrives(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if !self.table.absent[side] {
            return Err(Refusal::AlreadyAtTheBoard);
        }
        self.table.absent[side] = false;
        if self.table.elapsed <= self.settings.default_time {
            return Ok((Ruling::Accepted, Vec::new()));
        }
        if let Some(Sealed::Move(mv)) = self.table.sealed
            && !self.table.absent[!self.turn()]
            && self.position().is_legal(mv)
        {
            let mut after = self.game.clone();
            if after.play(mv).is_ok() && after.outcome().is_some() {
                self.table.sealed = None;
                let ending = self.complete(mv);
                return Ok((Ruling::Completed { mv, ending }, Vec::new()));
            }
        }
        let cause = if self.table.resumed { Forfeit::LateForResumption } else { Forfeit::ArrivedLate };
        let result = if side == Color::White { GameResult::BlackWins } else { GameResult::WhiteWins };
        let ending = Ending::Forfeited { player: side, result, cause };
        self.ending = Some(ending);
        Ok((Ruling::Ended(ending), Vec::new()))
    }
}
