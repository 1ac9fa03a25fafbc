//! Draw offers and claims, and the arbiter's ruling on a claim (FIDE 9.1 to
//! 9.5).

use super::{OverTheBoard, Turn};
use crate::answer::{ArbiterAction, Duty, Ending, Refusal, Remark, Ruling};
use lawbook_board::Color;
use lawbook_movegen::Move;
use lawbook_outcome::ClaimVerdict;

impl OverTheBoard {
    /// Touching a piece with intent rejects the opponent's draw offer (9.1.2.1).
    pub(super) fn touch_rejects_offer(&mut self, side: Color, remarks: &mut Vec<Remark>) {
        if self.table.offer == Some(!side) {
            self.table.offer = None;
            remarks.push(Remark::OfferRejected);
            self.increment_request_refused(side);
        }
    }

    /// Offering a draw: it stands, properly made between the move on the
    /// board and pressing the clock (9.1.2.1).
    pub(super) fn offer_draw(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        let proper = side == self.turn() && matches!(self.duty(), Duty::PressClock(_));
        self.table.offer = Some(side);
        self.write_offer(side);
        Ok((Ruling::Accepted, if proper { Vec::new() } else { vec![Remark::OfferTiming] }))
    }

    /// Accepting the opponent's offer while it stands (9.1.2.1): the game is
    /// drawn by agreement (5.2.3), once both players have made a move;
    /// before that the offer stands and the game goes on.
    pub(super) fn accept_draw(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if self.table.offer != Some(!side) {
            return Err(Refusal::NoOffer);
        }
        let after = self.settings.agreement_after;
        if after > 0 && self.game.moves_made(Color::White).min(self.game.moves_made(Color::Black)) < after {
            return Err(Refusal::AgreementTooSoon(after));
        }
        let outcome = self.game.agree_draw().map_err(|e| match e {
            lawbook_outcome::GameError::GameOver { outcome, .. } => Refusal::GameOver(Ending::Rules(outcome)),
            _ => Refusal::TooEarlyToAgree,
        })?;
        self.table.offer = None;
        self.table.increment_request = None;
        let ending = Ending::Rules(outcome);
        self.ending = Some(ending);
        Ok((Ruling::Ended(ending), Vec::new()))
    }

    /// Rejecting the opponent's offer orally (9.1.2.1).
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
    /// move, before touching a piece (9.4); the arbiter upholds it (9.5.2)
    /// or gives the opponent two minutes (9.5.3), and the claim stands as a
    /// draw offer (9.1.2.3).
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
        if !self.table.turn.touched.is_empty() {
            return Err(Refusal::ClaimAfterTouch);
        }
        if let Some(mv) = announced {
            let (duty, allowed) = self.enforced_with_duty();
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
        // A claim is also an offer of a draw, which the opponent may accept (9.1.2.3).
        self.table.offer = Some(side);
        let action = ArbiterAction::ClaimRejected { to: opponent, minutes, must_play: announced };
        Ok((Ruling::Arbiter(action), Vec::new()))
    }
}
