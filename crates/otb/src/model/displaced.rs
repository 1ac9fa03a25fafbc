//! Pieces knocked off their squares: the player who displaced them puts
//! them back on his own time, and either player may pause the clock for the
//! arbiter (FIDE 7.4.1, 7.4.2); a piece found on a wrong square later is
//! put back where the game had it (7.6).

use super::OverTheBoard;
use crate::answer::{ArbiterAction, Refusal, Remark, Ruling};
use crate::event::Event;
use lawbook_board::{Color, Square};

impl OverTheBoard {
    /// `side` knocks the piece on `square` off the board's squares (7.4).
    pub(super) fn knock_over(&mut self, side: Color, square: Square) -> Result<(Ruling, Vec<Remark>), Refusal> {
        let piece = self.table.board.remove_piece_at(square).ok_or(Refusal::NothingThere(square))?;
        self.table.knocked.push((square, piece));
        self.table.knocked_by.get_or_insert(side);
        Ok((Ruling::Accepted, Vec::new()))
    }

    /// The player who displaced pieces puts the one from `origin` on
    /// `square` (7.4.1): once all are back, the clock of the player having
    /// the move runs again. A piece put on a wrong square is an
    /// irregularity found later (7.6).
    pub(super) fn put_back(
        &mut self,
        side: Color,
        origin: Square,
        square: Square,
    ) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if self.table.knocked_by != Some(side) {
            return Err(Refusal::PositionNotRestored);
        }
        let i = self.table.knocked.iter().position(|&(s, _)| s == origin).ok_or(Refusal::NothingDisplaced(origin))?;
        if self.table.board.piece_at(square).is_some() {
            return Err(Refusal::OwnPieceThere(square));
        }
        let (_, piece) = self.table.knocked.remove(i);
        self.table.board.set_piece_at(square, piece);
        if self.table.knocked.is_empty() {
            self.table.knocked_by = None;
        }
        Ok((Ruling::Accepted, Vec::new()))
    }

    /// While pieces lie displaced only putting them back, the clock of the
    /// player who displaced them, a pause for the arbiter and what ends or
    /// offers to end the game come first: no move is made or completed
    /// (7.4.1, 7.4.2).
    pub(super) fn knocked_over_first(&self, event: Event) -> Result<(), Refusal> {
        match event {
            Event::Touch { .. }
            | Event::Adjust { .. }
            | Event::Move { .. }
            | Event::Release
            | Event::Remove { .. }
            | Event::Place { .. }
            | Event::PressClock
            | Event::PressClockWith { .. }
            | Event::Seal(_) => Err(Refusal::PositionNotRestored),
            _ => Ok(()),
        }
    }

    /// A piece found on another square than the game put it on (7.6): the
    /// position before the irregularity, the game's, goes back on the board.
    pub(super) fn piece_displaced(&mut self) -> Result<(Ruling, Vec<Remark>), Refusal> {
        let t = &self.table.turn;
        let moving = !t.displaced.is_empty()
            || !t.beneath.is_empty()
            || !t.removed.is_empty()
            || !t.placed.is_empty()
            || t.holding.is_some();
        if moving || !self.table.knocked.is_empty() || self.table.board == *self.position().board() {
            return Err(Refusal::NoPieceDisplaced);
        }
        self.table.board = *self.position().board();
        Ok((Ruling::Arbiter(ArbiterAction::Reinstates), Vec::new()))
    }
}
