//! An illegal move in a rapid or blitz game without adequate supervision:
//! nothing is corrected unless it is claimed before the opponent's next move
//! (FIDE Appendix A.5.2, and B.3 for blitz).

use super::{OverTheBoard, Turn};
use crate::answer::{Refusal, Remark, Ruling};
use crate::event::Event;
use lawbook_board::{Color, Setup};
use lawbook_movegen::Position;
use lawbook_outcome::Game;

impl OverTheBoard {
    /// An event while `offender`'s illegal move waits (A.5.2). The
    /// opponent's claim takes it back and penalises it (7.5.1, 7.5.5 with
    /// A.3's minute); the opponent starting a move of his own lets it
    /// stand, and the game goes on from the position it left, when that is
    /// a position the game can go on from. Answers when the event is dealt with here.
    pub(super) fn pending(
        &mut self,
        side: Color,
        offender: Color,
        event: Event,
    ) -> Result<Option<(Ruling, Vec<Remark>)>, Refusal> {
        if side == offender {
            return match event {
                Event::Resign | Event::FlagFall => Ok(None),
                _ => Err(Refusal::NotYourMove),
            };
        }
        match event {
            Event::ClaimIllegalMove => {
                self.table.pending_illegal = None;
                self.reinstate();
                let penalty = self.penalise(offender);
                Ok(Some((Ruling::IllegalMove { article: "7.5.1", stands: None, penalty: Some(penalty) }, Vec::new())))
            }
            Event::Touch { .. }
            | Event::Adjust { .. }
            | Event::Move { .. }
            | Event::Remove { .. }
            | Event::Place { .. }
            | Event::PressClock
            | Event::PressClockWith { .. } => {
                self.let_illegal_move_stand(offender)?;
                Ok(None)
            }
            _ => Ok(None),
        }
    }

    /// The illegal move stands (A.5.2): the game goes on from the board as
    /// it is, the opponent to move. Castling rights stay with a king and rook
    /// that have not left their squares; the history before it no longer
    /// counts for repetitions.
    fn let_illegal_move_stand(&mut self, offender: Color) -> Result<(), Refusal> {
        let before = *self.position();
        let board = self.table.board;
        let kings_home = before.castling_rights().squares().filter(|&rook| {
            board.piece_at(rook) == before.board().piece_at(rook)
                && before
                    .board()
                    .color_at(rook)
                    .is_some_and(|c| board.piece_at(before.king_of(c)) == before.board().piece_at(before.king_of(c)))
        });
        let setup = Setup {
            board,
            turn: !offender,
            castling_rights: kings_home.collect(),
            ep_square: None,
            halfmoves: before.halfmoves() + 1,
            fullmoves: before.fullmoves() + u32::from(offender == Color::Black),
        };
        let position = Position::from_setup(setup, before.castling_mode()).map_err(|_| Refusal::IllegalMovePending)?;
        self.game = Game::new(position);
        self.table.turn = Turn::default();
        self.table.pending_illegal = None;
        self.table.spares_at_start = self.table.spares;
        Ok(())
    }
}
