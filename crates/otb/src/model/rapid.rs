//! An illegal move in a rapid or blitz game without adequate supervision:
//! nothing is corrected unless it is claimed before the opponent's next move
//! (FIDE Appendix A.5.2, and B.3 for blitz); an illegal position it leaves
//! (both kings in check, a pawn on its last rank) is a draw if it is still
//! on the board once the next move is completed (A.5.4).

use super::{OverTheBoard, Turn};
use crate::answer::{ArbiterAction, Declaration, Ending, Refusal, Remark, Ruling};
use crate::event::Event;
use lawbook_board::{Bitboard, Color, Piece, Rank, Relaxations, Role, Setup};
use lawbook_movegen::Position;
use lawbook_movegen::attacks::attackers;
use lawbook_outcome::Game;
use lawbook_outcome::GameResult;

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
            | Event::PressClockWith { .. } => match self.let_illegal_move_stand(offender) {
                Ok(()) => Ok(None),
                Err(_) if self.a54_position() => {
                    // A.5.4: the arbiter waits for the next move to be completed.
                    self.table.pending_illegal = None;
                    self.table.replying_to_illegal_position = Some(side);
                    self.reply_from_illegal_position(side, event).map(Some)
                }
                Err(refusal) => Err(refusal),
            },
            _ => Ok(None),
        }
    }

    /// Whether the board shows an illegal position of A.5.4: both kings in
    /// check, or a pawn on the rank furthest from where it started.
    fn a54_position(&self) -> bool {
        let board = &self.table.board;
        let in_check = |c: Color| board.king_of(c).is_some_and(|k| attackers(board, k, !c, board.occupied()).any());
        let on_last =
            |c: Color, rank: Rank| (board.by_piece(Piece::new(c, Role::Pawn)) & Bitboard::from_rank(rank)).any();
        (in_check(Color::White) && in_check(Color::Black))
            || on_last(Color::White, Rank::Eighth)
            || on_last(Color::Black, Rank::First)
    }

    /// An event of the player replying to an illegal position (A.5.4): no
    /// move is legal or illegal from it, so the pieces move as the player
    /// moves them; once the clock is pressed the game goes on from the
    /// board if it is a position a game can have, and is drawn if not.
    pub(super) fn reply_from_illegal_position(
        &mut self,
        side: Color,
        event: Event,
    ) -> Result<(Ruling, Vec<Remark>), Refusal> {
        let replier = self.table.replying_to_illegal_position.ok_or(Refusal::IllegalMovePending)?;
        if side != replier {
            return Err(Refusal::NotYourMove);
        }
        let board = &mut self.table.board;
        match event {
            Event::TimePasses { seconds } => self.time_passes(side, seconds),
            Event::Touch { .. } | Event::Adjust { .. } | Event::Release => Ok((Ruling::Accepted, Vec::new())),
            Event::Move { from, to, .. } => {
                let piece = board.piece_at(from).ok_or(Refusal::NothingThere(from))?;
                if piece.color != side {
                    return Err(Refusal::NotYourPiece(from));
                }
                if board.color_at(to) == Some(side) {
                    return Err(Refusal::OwnPieceThere(to));
                }
                board.remove_piece_at(from);
                board.remove_piece_at(to);
                board.set_piece_at(to, piece);
                Ok((Ruling::Accepted, Vec::new()))
            }
            Event::Remove { square, .. } if board.color_at(square) == Some(!side) => {
                board.remove_piece_at(square);
                Ok((Ruling::Accepted, Vec::new()))
            }
            Event::PressClock | Event::PressClockWith { .. } => Ok(self.after_reply_to_illegal_position(side)),
            _ => Err(Refusal::IllegalMovePending),
        }
    }

    /// The reply is completed (A.5.4): an illegal position still on the
    /// board is a draw; otherwise the game goes on from the board.
    fn after_reply_to_illegal_position(&mut self, side: Color) -> (Ruling, Vec<Remark>) {
        self.table.replying_to_illegal_position = None;
        let before = *self.position();
        let setup = Setup {
            board: self.table.board,
            turn: !side,
            castling_rights: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: before.fullmoves() + 1,
        };
        match Position::from_setup_relaxed(setup, before.castling_mode(), Relaxations::ANALYSIS) {
            Ok(position) => {
                self.game = Game::new(position);
                self.table.turn = Turn::default();
                self.table.spares_at_start = self.table.spares;
                (Ruling::Arbiter(ArbiterAction::GameContinues { article: "A.5.4" }), Vec::new())
            }
            Err(_) => {
                let ending = Ending::Declared { why: Declaration::IllegalPositionStays, result: GameResult::Draw };
                self.ending = Some(ending);
                (Ruling::Ended(ending), Vec::new())
            }
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
