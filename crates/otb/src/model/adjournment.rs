//! Adjourned games: sealing the move and opening the envelope at the
//! resumption (FIDE Laws, Guidelines I).

use super::OverTheBoard;
use crate::answer::{Ending, Forfeit, Refusal, Remark, Ruling};
use crate::event::Sealed;
use lawbook_board::Color;

impl OverTheBoard {
    /// The player having the move seals it, before making it on the board
    /// (I.1.1); until the envelope is opened only a draw agreed or a
    /// resignation can come first (I.4, I.6).
    pub(super) fn seal(&mut self, side: Color, sealed: Sealed) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if side != self.turn() || !self.at_rest() {
            return Err(Refusal::NotYoursToSeal);
        }
        self.table.sealed = Some(sealed);
        if !self.table.resumed {
            // The resumption is a new session: the default time counts from it (I.10).
            self.table.resumed = true;
            self.table.elapsed = 0;
        }
        Ok((Ruling::Accepted, Vec::new()))
    }

    /// The envelope is opened and the sealed move made (I.9.1). A sealed
    /// move that is ambiguous, unclear or illegal loses (I.8.1 to I.8.3);
    /// I.8 excepts the cases of Articles 5, 5.2.2, 6.9 and 9.6, so, as under
    /// 6.9, it is a draw when the opponent cannot mate by any series of
    /// legal moves.
    pub(super) fn open_envelope(&mut self) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if self.table.sealed.is_some() && self.table.absent[!self.turn()] {
            // Opened only with the player who must reply present (I.7, I.9.2).
            return Err(Refusal::ReplierAbsent);
        }
        let sealed = self.table.sealed.take().ok_or(Refusal::NothingSealed)?;
        let cause = match sealed {
            Sealed::Move(mv) if self.position().is_legal(mv) => {
                let ending = self.complete(mv);
                return Ok((Ruling::Completed { mv, ending }, Vec::new()));
            }
            Sealed::Ambiguous => Forfeit::SealedAmbiguous,
            Sealed::Unclear => Forfeit::SealedUnclear,
            Sealed::Move(_) | Sealed::Illegal => Forfeit::SealedIllegal,
        };
        let player = self.turn();
        let result = self.game.result_against(player);
        let ending = Ending::Forfeited { player, result, cause };
        self.ending = Some(ending);
        Ok((Ruling::Ended(ending), Vec::new()))
    }
}
