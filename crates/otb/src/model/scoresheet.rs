//! The scoresheet: the moves in algebraic notation, with each draw offer
//! marked (=) where it was made (FIDE 8.1.5, Appendix C.12).

use super::OverTheBoard;
use lawbook_board::Color;

impl OverTheBoard {
    /// Marks a draw offer by `side` on the scoresheet: after the move it is
    /// making, or after its last move when the opponent has the move.
    pub(super) fn write_offer(&mut self, side: Color) {
        let made = self.moves().len();
        let after = if side == self.turn() { made + 1 } else { made };
        self.table.offers_written.push(after);
    }

    /// The game as a scoresheet writes it (Appendix C): the moves in
    /// algebraic notation with their numbers, and `(=)` after the move with
    /// which a draw was offered (C.12, 8.1.5).
    ///
    /// ```
    /// use lawbook_board::{Color, Square};
    /// use lawbook_movegen::{Move, Position};
    /// use lawbook_otb::{Event, OverTheBoard};
    /// let mut otb = OverTheBoard::new(Position::startpos());
    /// otb.act_out(Move::normal(Square::E2, Square::E4)).unwrap();
    /// otb.act_out(Move::normal(Square::E7, Square::E5)).unwrap();
    /// otb.apply(Color::White, Event::move_piece(Square::G1, Square::F3));
    /// otb.apply(Color::White, Event::Release);
    /// otb.apply(Color::White, Event::OfferDraw);
    /// otb.apply(Color::White, Event::PressClock);
    /// assert_eq!(otb.scoresheet(), "1. e4 e5 2. Nf3 (=)");
    /// ```
    pub fn scoresheet(&self) -> String {
        let positions = self.game.positions();
        let mut words: Vec<String> = Vec::new();
        let marks = |after: usize| self.table.offers_written.iter().filter(move |&&a| a == after).map(|_| "(=)");
        words.extend(marks(0).map(str::to_string));
        for (i, &mv) in self.moves().iter().enumerate() {
            let Some(before) = positions.get(i) else { break };
            let san = lawbook_notation::san::write(before, mv);
            match before.turn() {
                Color::White => words.push(format!("{}. {san}", before.fullmoves())),
                Color::Black if i == 0 => words.push(format!("{}... {san}", before.fullmoves())),
                Color::Black => words.push(san),
            }
            words.extend(marks(i + 1).map(str::to_string));
        }
        let made = self.moves().len();
        let later = self.table.offers_written.iter().filter(|&&a| a > made).count();
        words.extend(std::iter::repeat_n("(=)".to_string(), later));
        words.join(" ")
    }
}
