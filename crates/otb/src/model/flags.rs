//! When a flag counts as fallen: seen by the arbiter or validly claimed
//! (FIDE 6.8), checked against the moves the period required (6.4), and,
//! in a rapid or blitz game without adequate supervision, claimed by the
//! opponent or called by the arbiter who sees it (Appendix A.5.3, A.5.5).

use super::OverTheBoard;
use crate::answer::{ArbiterAction, Refusal, Remark, Ruling};
use lawbook_board::Color;

impl OverTheBoard {
    /// `side`'s time has run out on the model's clock. Where the arbiter
    /// watches the game (the Competition Rules, A.4, B.2) the flag is seen
    /// as it falls (6.8) and the game ends as 6.9 says; in a game under
    /// A.5 it has fallen unseen, and counts once the arbiter sees it (A.5.5)
    /// or a player claims it (A.5.3).
    pub(super) fn time_runs_out(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if self.under_a5() {
            if let Some(clocks) = &mut self.table.clocks {
                clocks.fallen[side] = true;
            }
            return Ok((Ruling::Accepted, vec![Remark::FlagUnseen]));
        }
        let declared = self.game.flag_fall(side);
        self.declare(declared)
    }

    /// `side`'s flag is seen to fall. Without a time control the model
    /// has no clock to check: the game ends as 6.9 says. With one, a flag
    /// fallen unseen now counts (6.8, A.5.5); a clock that still shows time
    /// is checked against 6.3.1 (6.4): a player who completed the moves of
    /// a period plays on with the next period's time, and a player who has
    /// completed no period has no flag to fall.
    pub(super) fn flag_falls(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        let Some(clocks) = &self.table.clocks else {
            let declared = self.game.flag_fall(side);
            return self.declare(declared);
        };
        if clocks.fallen[side] || clocks.left[side] == 0 {
            let declared = self.game.flag_fall(side);
            return self.declare(declared);
        }
        if clocks.control.period_after(self.moves_completed(side)) > 0 {
            Ok((Ruling::Arbiter(ArbiterAction::GameContinues { article: "6.4" }), Vec::new()))
        } else {
            Err(Refusal::FlagNotFallen(side))
        }
    }

    /// `side` claims that the opponent's flag has fallen (6.8, A.5.3): valid
    /// when the opponent's time has run out; the game then ends as 6.9 says,
    /// drawn if the claimant cannot mate by any series of legal moves.
    pub(super) fn claim_flag(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        let opponent = !side;
        let clocks = self.table.clocks.as_ref().ok_or(Refusal::NoTimeControl)?;
        if !clocks.fallen[opponent] && clocks.left[opponent] > 0 {
            return Err(Refusal::FlagNotFallen(opponent));
        }
        let declared = self.game.flag_fall(opponent);
        self.declare(declared)
    }
}
