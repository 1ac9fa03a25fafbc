//! The conduct of the players: an electronic device in the playing venue
//! (FIDE 11.3.2.2).

use super::OverTheBoard;
use crate::answer::{Ending, Forfeit, Remark, Ruling};
use lawbook_board::Color;
use lawbook_outcome::GameResult;

impl OverTheBoard {
    /// An electronic device evidently on the player in the playing venue:
    /// the player loses and the opponent wins (11.3.2.2), whatever the
    /// opponent could still do on the board. (The event's regulations may
    /// set a milder penalty; this is the Laws' own.)
    pub(super) fn device_found(&mut self, side: Color) -> (Ruling, Vec<Remark>) {
        let ending = Ending::Forfeited { player: side, result: GameResult::win(!side), cause: Forfeit::Device };
        self.ending = Some(ending);
        (Ruling::Ended(ending), Vec::new())
    }
}
