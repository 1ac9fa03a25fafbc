//! Draw offers and claims, and the arbiter's ruling on a claim (FIDE 9.1 to
//! 9.5).

use super::{OverTheBoard, Turn};
use crate::answer::{ArbiterAction, Duty, Ending, Refusal, Remark, Ruling};
use lawbook_board::Color;
use lawbook_movegen::Move;
use lawbook_outcome::ClaimVerdict;

impl OverTheBoard {
    /// Touching a piece with intent rejects the opponent's draw offer (9.1.2.2).
    pub(super) fn touch_rejects_offer(&mut self, side: Color, remarks: &mut Vec<Remark>) {
        if self.table.offer == Some(!side) {
            self.table.offer = None;
            remarks.push(Remark::OfferRejected);
            self.increment_request_refused(side);
        }
    }

    /// Offering a draw (9.1.2): it stands, properly made between the move on
    /// the board and pressing the clock (9.1.2.1).
    pub(super) fn offer_draw(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        let proper = side == self.turn() && matches!(self.duty(), Duty::PressClock(_));
        self.table.offer = Some(side);
        Ok((Ruling::Accepted, if proper { Vec::new() } else { vec![Remark::OfferTiming] }))
    }

    /// Accepting the opponent's offer: the game is drawn (9.1.2.2).
    pub(super) fn accept_draw(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if self.table.offer != Some(!side) {
            return Err(Refusal::NoOffer);
        }
        self.table.offer = None;
        self.table.increment_request = None;
        let outcome = self.game.agree_draw().map_err(|_| Refusal::NoOffer)?;
        let ending = Ending::Rules(outcome);
        self.ending = Some(ending);
        Ok((Ruling::Ended(ending), Vec::new()))
    }

    /// Rejecting the opponent's offer orally (9.1.2.2).
    pub(super) fn decline_draw(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if self.table.offer != Some(!side) {
            return Err(Refusal::NoOffer);
        }
        self.table.offer = None;
        match self.increment_request_refused(side) {
            Some(action) => Ok((Ruling::Arbiter(action), Vec::new())),
            None => Ok((Ruling::Accepted, Vec::new())),
        }
    }

    /// Claiming a draw (9.2, 9.3), on the position or with an announced
    /// move; the arbiter upholds it (9.5.2) or gives the opponent two
    /// minutes (9.5.3).
    pub(super) fn claim(
        &mut self,
        side: Color,
        claim: lawbook_outcome::Claim,
        announced: Option<Move>,
    ) -> Result<(Ruling, Vec<Remark>), Refusal> {
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
                return Ok((Ruling::Arbiter(ArbiterAction::DrawUpheld(outcome)), Vec::new()));
            }
        }
        let opponent = !side;
        let minutes = self.penalty_minutes();
        self.give_minutes(opponent, minutes);
        self.table.turn.announced = announced;
        let action = ArbiterAction::ClaimRejected { to: opponent, minutes, must_play: announced };
        Ok((Ruling::Arbiter(action), Vec::new()))
    }
}
