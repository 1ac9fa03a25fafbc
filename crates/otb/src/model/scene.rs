//! What the words of the transcript read of the model (`words::Scene`).

use super::OverTheBoard;
use crate::answer::Ending;
use crate::pieces::Held;
use crate::words::Scene;
use lawbook_board::{Board, Color, Piece, Square};
use lawbook_movegen::{Move, Position};

impl Scene for OverTheBoard {
    fn position(&self) -> &Position {
        OverTheBoard::position(self)
    }

    fn board(&self) -> &Board {
        OverTheBoard::board(self)
    }

    fn before_last_move(&self) -> Option<Position> {
        let positions = self.game.positions();
        positions.len().checked_sub(2).map(|i| positions[i])
    }

    fn holding(&self) -> Option<Held> {
        OverTheBoard::holding(self)
    }

    fn now_at(&self, origin: Square) -> Option<Square> {
        self.displaced(origin).and_then(|d| d.now)
    }

    fn beneath(&self, square: Square) -> Option<Piece> {
        OverTheBoard::beneath(self, square)
    }

    fn knocked_piece(&self, origin: Square) -> Option<Piece> {
        OverTheBoard::knocked_piece(self, origin)
    }

    fn allowed_moves(&self) -> Vec<Move> {
        OverTheBoard::allowed_moves(self)
    }

    fn capture_unfinished(&self) -> bool {
        OverTheBoard::capture_unfinished(self)
    }

    fn clock_paused(&self) -> bool {
        OverTheBoard::clock_paused(self)
    }

    fn ending(&self) -> Option<Ending> {
        OverTheBoard::ending(self)
    }

    fn time_left(&self, color: Color) -> Option<u32> {
        OverTheBoard::time_left(self, color)
    }
}
