//! Calling the arbiter: a promotion piece brought (FIDE 6.11.2), the clock
//! restarted (6.11.3).

use super::OverTheBoard;
use crate::answer::ArbiterAction;
use lawbook_board::{Color, Piece, Role};

impl OverTheBoard {
    /// The arbiter called: brings a wanted promotion piece (6.11.2), restarts a paused clock (6.11.3).
    pub(super) fn call_arbiter(&mut self, side: Color, piece: Option<Role>) -> ArbiterAction {
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
}
