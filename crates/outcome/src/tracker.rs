//! The seventy-five-move rule and fivefold repetition (FIDE 9.6), kept up
//! move by move for a replay that needs nothing else of a [`crate::Game`].

use crate::ending::{Reason, automatic_draw};
use crate::repetition::same_position;
use lawbook_movegen::Position;

/// Whether the last position of a replay is drawn by the seventy-five-move
/// rule or fivefold repetition ([`automatic_draw`]), kept up move by move.
/// Only the positions since the last capture or pawn move are kept (no
/// earlier one can come again), and they are compared only from the
/// seventeenth on (a fifth occurrence needs sixteen plies after the first).
///
/// ```
/// use lawbook_movegen::Position;
/// use lawbook_notation::uci;
/// use lawbook_outcome::{Reason, Tracker};
///
/// let mut pos = Position::startpos();
/// let mut tracker = Tracker::new(&pos);
/// for _ in 0..4 {
///     for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///         assert_eq!(tracker.draw(), None);
///         pos = pos.play_unchecked(uci::read_legal(&pos, text)?);
///         tracker.push(&pos);
///     }
/// }
/// // The initial position, for the fifth time.
/// assert_eq!(tracker.draw(), Some(Reason::FivefoldRepetition));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tracker {
    /// The positions since the last capture or pawn move (or the start), the last one included.
    window: Vec<Position>,
    /// The draw of the last position.
    draw: Option<Reason>,
}

impl Tracker {
    /// A replay from `start`.
    pub fn new(start: &Position) -> Tracker {
        let mut window = Vec::with_capacity(32);
        window.push(*start);
        Tracker { window, draw: automatic_draw(start, 1) }
    }

    /// Starts again from `start`, as [`Tracker::new`] does, keeping the room
    /// already made for the positions (one tracker serves game after game).
    ///
    /// ```
    /// use lawbook_movegen::Position;
    /// use lawbook_outcome::Tracker;
    /// let start = Position::startpos();
    /// let mut tracker = Tracker::new(&start);
    /// tracker.reset(&start);
    /// assert_eq!(tracker.draw(), None);
    /// ```
    pub fn reset(&mut self, start: &Position) {
        self.window.clear();
        self.window.push(*start);
        self.draw = automatic_draw(start, 1);
    }

    /// Records `pos`, the position after the next move.
    #[inline]
    pub fn push(&mut self, pos: &Position) {
        if pos.halfmoves() == 0 {
            self.window.clear();
        }
        self.window.push(*pos);
        let fivefold = self.window.len() >= 17 && self.fifth_occurrence(pos);
        self.draw = automatic_draw(pos, if fivefold { 5 } else { 1 });
    }

    /// Whether `pos`, the last position of the window, occurs in it five
    /// times. Out of line: most positions follow a capture or pawn move by
    /// fewer than seventeen plies, and `push` stays small without it.
    #[inline(never)]
    fn fifth_occurrence(&self, pos: &Position) -> bool {
        // Every second position has the same side to move; only those can be the same.
        let key = pos.zobrist();
        self.window.iter().rev().step_by(2).filter(|p| p.zobrist() == key && same_position(p, pos)).count() >= 5
    }

    /// How often the last position has occurred since the last capture or
    /// pawn move (no earlier position can come again), this time included:
    /// the count of a threefold-repetition claim (FIDE 9.2.2, with 9.2.3 for
    /// what is the same position).
    ///
    /// ```
    /// use lawbook_movegen::Position;
    /// use lawbook_notation::uci;
    /// use lawbook_outcome::Tracker;
    /// let mut pos = Position::startpos();
    /// let mut tracker = Tracker::new(&pos);
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     pos = pos.play_unchecked(uci::read_legal(&pos, text)?);
    ///     tracker.push(&pos);
    /// }
    /// assert_eq!(tracker.repetitions(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn repetitions(&self) -> usize {
        let Some(last) = self.window.last() else { return 0 };
        let key = last.zobrist();
        self.window.iter().rev().step_by(2).filter(|p| p.zobrist() == key && same_position(p, last)).count()
    }

    /// The most times a position any legal move of the player to move would
    /// make has occurred, that time included: a threefold-repetition claim
    /// made by writing the move down and announcing it (FIDE 9.2.1) holds
    /// when it is at least three.
    ///
    /// ```
    /// use lawbook_movegen::Position;
    /// use lawbook_notation::uci;
    /// use lawbook_outcome::Tracker;
    /// let mut pos = Position::startpos();
    /// let mut tracker = Tracker::new(&pos);
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
    ///     pos = pos.play_unchecked(uci::read_legal(&pos, text)?);
    ///     tracker.push(&pos);
    /// }
    /// // Black may claim by announcing ...Ng8: the start position, a third time.
    /// assert_eq!(tracker.repetitions(), 2);
    /// assert_eq!(tracker.most_repetitions_after_a_move(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn most_repetitions_after_a_move(&self) -> usize {
        let Some(last) = self.window.last() else { return 0 };
        let mut most = 0;
        for mv in last.legal_moves() {
            let next = last.play_unchecked(mv);
            let key = next.zobrist();
            // A capture or a pawn move makes a position that never came before.
            let before = if next.halfmoves() == 0 {
                0
            } else {
                self.window
                    .iter()
                    .rev()
                    .skip(1)
                    .step_by(2)
                    .filter(|p| p.zobrist() == key && same_position(p, &next))
                    .count()
            };
            most = most.max(before + 1);
        }
        most
    }

    /// The draw the last position makes by the seventy-five-move rule or
    /// fivefold repetition, if it has a legal move ([`automatic_draw`]).
    pub fn draw(&self) -> Option<Reason> {
        self.draw
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use lawbook_notation::{fen, uci};

    /// Plays `moves` from `start` with a tracker beside a [`Game`]; the
    /// tracker's draws after each move, checked against the game's ending.
    fn draws(start: &str, moves: &[&str]) -> Vec<Option<Reason>> {
        let mut pos = fen::read(start).unwrap();
        let (mut tracker, mut game) = (Tracker::new(&pos), Game::new(pos));
        let mut draws = Vec::new();
        for text in moves {
            let mv = uci::read_legal(&pos, text).unwrap();
            pos = pos.play_unchecked(mv);
            tracker.push(&pos);
            game.play(mv).unwrap();
            assert_eq!(tracker.draw(), game.outcome().map(|o| o.reason), "after {text}");
            draws.push(tracker.draw());
        }
        draws
    }

    #[test]
    fn the_draws_come_when_the_game_says() {
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(4);
        let got = draws(fen::STARTPOS, &shuffle);
        assert_eq!(got.iter().filter(|d| d.is_some()).count(), 1);
        assert_eq!(got[15], Some(Reason::FivefoldRepetition));
        // A pawn move starts the count again: four more occurrences are not five.
        let mut moves = vec!["e2e4", "e7e5"];
        moves.extend(["g1f3", "g8f6", "f3g1", "f6g8"].repeat(3));
        assert!(draws(fen::STARTPOS, &moves).iter().all(Option::is_none));
        // The 150th quiet ply.
        assert_eq!(
            draws("4k3/8/8/8/8/8/4P3/4K2R w K - 148 80", &["h1h2", "e8d8"]),
            [None, Some(Reason::SeventyFiveMoves)]
        );
    }
}
