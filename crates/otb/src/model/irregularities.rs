//! Irregularities found during the game: a wrong initial position, a board
//! placed the wrong way round, colours reversed, a piece on a wrong square
//! (FIDE 7.2.1, 7.2.2, 7.3, 7.6),
//! and what Appendix A.5.1.2 changes once ten moves each are completed in a
//! rapid or blitz game without adequate supervision.

use super::OverTheBoard;
use crate::answer::{ArbiterAction, Refusal, Remark, Ruling};
use crate::event::Irregularity;
use lawbook_board::{Board, Color};

/// Moves each player must have completed for 7.3 and A.5.1 to take effect.
const TEN_MOVES: u32 = 10;

impl OverTheBoard {
    /// Whether each player has completed ten moves since the initial position (7.3, A.5.1).
    fn ten_moves_each(&self) -> bool {
        self.moves_completed(Color::White) >= TEN_MOVES && self.moves_completed(Color::Black) >= TEN_MOVES
    }

    /// An irregularity pointed out during the game (7.2, 7.3, A.5.1.2).
    pub(super) fn points_out(
        &mut self,
        _side: Color,
        irregularity: Irregularity,
    ) -> Result<(Ruling, Vec<Remark>), Refusal> {
        let too_late = self.under_a5() && self.ten_moves_each();
        let action = match irregularity {
            Irregularity::InitialPosition => {
                let start = self.game.positions().first().copied().unwrap_or(*self.position());
                if *start.board() == Board::standard() && start.turn() == Color::White {
                    return Err(Refusal::NothingIrregular);
                }
                if too_late {
                    return Err(Refusal::TooLateToClaim);
                }
                self.cancelled = Some("7.2.1");
                ArbiterAction::NewGame { article: "7.2.1" }
            }
            Irregularity::BoardPlacement => {
                if too_late {
                    return Err(Refusal::TooLateToClaim);
                }
                ArbiterAction::TransfersPosition
            }
            Irregularity::PieceDisplaced => return self.piece_displaced(),
            Irregularity::ColoursReversed => {
                if self.ten_moves_each() {
                    ArbiterAction::GameContinues { article: "7.3" }
                } else {
                    self.cancelled = Some("7.3");
                    ArbiterAction::NewGame { article: "7.3" }
                }
            }
        };
        Ok((Ruling::Arbiter(action), Vec::new()))
    }
}
