//! Games without increment: both flags fallen, the request for an increment
//! and the draw claim of a player with less than two minutes (FIDE
//! Guidelines III.2 to III.5).

use super::OverTheBoard;
use crate::answer::{ArbiterAction, Declaration, Ending, Refusal, Remark, Ruling, Unmet};
use crate::time_control::{Bonus, GameKind};
use lawbook_board::Color;
use lawbook_outcome::GameResult;

/// The time below which a player may ask for an increment or claim a draw (III.4, III.5).
const TWO_MINUTES: u32 = 120;

/// The increment Guidelines III.4 introduces, in seconds.
const FIVE_SECONDS: u32 = 5;

/// The extra time the opponent gets when refusing the request (III.4).
const REQUEST_MINUTES: u32 = 2;

impl OverTheBoard {
    /// Whether Guidelines III apply: announced (III.2.1), a standard or
    /// rapid game without increment (III.2.2).
    fn guidelines_apply(&self) -> Result<(), Refusal> {
        if !self.guidelines {
            return Err(Refusal::Guidelines(Unmet::NotAnnounced));
        }
        let control = self.time_control().ok_or(Refusal::NoTimeControl)?;
        if self.kind() == GameKind::Blitz {
            return Err(Refusal::Guidelines(Unmet::Blitz));
        }
        if control.has_bonus() {
            return Err(Refusal::Guidelines(Unmet::WithBonus));
        }
        Ok(())
    }

    /// The player having the move, with less than two minutes left (III.4, III.5).
    fn in_last_two_minutes(&self, side: Color, article: &'static str) -> Result<(), Refusal> {
        self.own_move(side)?;
        self.guidelines_apply()?;
        match self.time_left(side) {
            Some(seconds) if seconds >= TWO_MINUTES => Err(Refusal::Guidelines(Unmet::TimeLeft { seconds, article })),
            _ => Ok(()),
        }
    }

    /// The request for an increment of five seconds for both players: it
    /// stands as a draw offer (III.4).
    pub(super) fn request_increment(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        self.in_last_two_minutes(side, "III.4")?;
        self.table.offer = Some(side);
        self.table.increment_request = Some(side);
        Ok((Ruling::Accepted, Vec::new()))
    }

    /// `side` refused the opponent's request of III.4 (declining the offer,
    /// or touching a piece): the clocks get the increment, and `side` two
    /// minutes, the arbiter agreeing.
    pub(super) fn increment_request_refused(&mut self, side: Color) -> Option<ArbiterAction> {
        if self.table.increment_request != Some(!side) {
            return None;
        }
        self.table.increment_request = None;
        let clocks = self.table.clocks.as_mut()?;
        clocks.control = clocks.control.clone().with_bonus(Bonus::Increment(FIVE_SECONDS));
        self.give_minutes(side, REQUEST_MINUTES);
        Some(ArbiterAction::IncrementIntroduced { seconds: FIVE_SECONDS, to: side, minutes: REQUEST_MINUTES })
    }

    /// The draw claim of III.5: whether the opponent cannot win by normal
    /// means, or makes no effort to, is the arbiter's judgement. The model
    /// checks who may claim and when, pauses the clock and decides nothing.
    pub(super) fn claim_quickplay_draw(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        self.in_last_two_minutes(side, "III.5")?;
        self.table.paused = true;
        Ok((Ruling::Arbiter(ArbiterAction::MustJudge { article: "III.5.1" }), Vec::new()))
    }

    /// Both flags fallen, which first unknown: the game goes on in any period
    /// but the last, and is drawn in the last (III.3.1). Where the Guidelines
    /// do not apply, the model does not rule.
    pub(super) fn both_flags_fallen(&mut self) -> Result<(Ruling, Vec<Remark>), Refusal> {
        self.guidelines_apply()?;
        let completed = self.moves_completed(self.turn());
        let last = self.time_control().is_some_and(|c| c.in_last_period(completed));
        if last {
            let ending = Ending::Declared { why: Declaration::BothFlagsInLastPeriod, result: GameResult::Draw };
            self.ending = Some(ending);
            return Ok((Ruling::Ended(ending), Vec::new()));
        }
        Ok((Ruling::Arbiter(ArbiterAction::GameContinues { article: "III.3.1.1" }), Vec::new()))
    }
}
