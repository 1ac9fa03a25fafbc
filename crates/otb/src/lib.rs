//! Over-the-board rules of chess as an event model: how a move is made at a
//! real board with a clock (FIDE Laws of Chess, articles 4.1 to 4.7, 6.11.2,
//! 7.5 and the draw offers and claims of 9.1 to 9.5).
//!
//! A player touches a piece (deliberately, or adjusting it with "j'adoube"
//! said first), moves a piece to a square, lets go of it, removes a captured
//! piece, places a promotion piece, presses or stops the clock, calls the
//! arbiter, offers, accepts or claims a draw: each is an [`Event`].
//! [`OverTheBoard::apply`] judges it against the laws and gives an
//! [`Answer`]: accepted, refused with the article it breaks, the move
//! completed, an illegal move with the article and the arbiter's penalty, or
//! the arbiter's action; with the [`Duty`] then in force ("White must move
//! the rook on h1", "White must make another king move") and the whole in
//! plain words. [`OverTheBoard::transcript_text`] gives every event with its
//! answer, one a line.
//!
//! The rules, as the sources state them:
//! - castling is a king move made with one hand, the king first (4.1,
//!   4.4.2, 3.8.2): the rook's part is refused until the king stands on its
//!   castling square; a second hand makes the move a penalised illegal move
//!   when the clock is pressed (7.5.4);
//! - a rook touched first rules out castling with it on this move, and
//!   touch-move applies to it (4.4.2, 4.3.1);
//! - the king touched (or let go on a castling square) to castle where
//!   castling is illegal obliges another king move, castling with the other
//!   rook included; if the king has no legal move, any legal move (4.4.3,
//!   4.7.2); king then rook with castling legal obliges castling (4.4.1);
//! - the first touched piece that can be moved must be moved, the first
//!   touched enemy piece that can be captured must be captured, both
//!   together as 4.3.3 says; touched pieces that cannot move free the player
//!   (4.5);
//! - a piece let go as a legal move or part of one cannot go to another
//!   square (4.7);
//! - a promotion is complete only when the new piece stands on the square
//!   and the pawn is off the board (4.6, 4.7.3); any of queen, rook, bishop
//!   or knight, whatever has been captured, and the choice is final once the
//!   piece touches the square (4.4.4); a piece that is not beside the board
//!   means stopping the clock and calling the arbiter, who brings it (6.11.2);
//! - pressing the clock with an unpromoted pawn on the last rank is an
//!   illegal move and the pawn becomes a queen (7.5.2); any other illegal
//!   move is taken back (7.5.1); pressing without a move is penalised (7.5.3);
//!   the first illegal move gives the opponent two minutes, the second loses
//!   (or draws, when the opponent cannot mate) (7.5.5).
//! - with a [`TimeControl`] (`OverTheBoard::with_time_control`), time passes
//!   on the clock of the player having the move, a completed move brings the
//!   increment and, at the end of a period, the next period's time (6.3);
//!   the flag falls when the time runs out (6.9), unless a move that ends the
//!   game was made first (6.2.1.1); the clock pressed with the other hand is
//!   no illegal move (6.2.3); the time control makes the game rapid (A.1) or
//!   blitz (B.1), where the penalties are one minute (A.3, B.3) and, without
//!   adequate supervision ([`Supervision`]), an illegal move waits for the
//!   opponent's claim (A.5.2); a wrong set-up, a misplaced board and reversed
//!   colours are ruled on as 7.2, 7.3 and A.5.1.2 say; Guidelines III, when
//!   announced, decide both flags fallen and the request for an increment,
//!   and leave the draw claim of III.5 to the arbiter;
//! - a move made and not yet pressed stays its player's while the opponent
//!   replies (6.2.2) and is completed by that player's next move (6.2.1.2);
//!   a flag counts as fallen when seen or validly claimed (6.8), is checked
//!   against the moves of the period (6.4), and in a game under A.5 waits
//!   for the claim or the arbiter (A.5.3, A.5.5); an illegal position left
//!   by an unclaimed illegal move is a draw if the next move leaves it
//!   (A.5.4); a player arriving after the default time loses (6.7, I.10);
//!   pieces knocked over are put back on the displacer's time (7.4.1); a
//!   piece found on a wrong square goes back (7.6); the scoresheet marks a
//!   draw offer (=) (C.12).
//!
//! ```
//! use lawbook_board::{Color, Square};
//! use lawbook_movegen::Position;
//! use lawbook_otb::{Duty, Event, OverTheBoard};
//!
//! let mut otb = OverTheBoard::new(Position::startpos());
//! otb.apply(Color::White, Event::touch(Square::B1));
//! let answer = otb.apply(Color::White, Event::touch(Square::G1));
//! // The knight on b1 was touched first and can move: it must be moved (4.3.1).
//! assert!(matches!(answer.duty, Duty::Move { square: Square::B1, .. }));
//! assert_eq!(
//!     otb.transcript_text(),
//!     "White touches the knight on b1: White must move the knight on b1 (FIDE 4.3.1).\n\
//!      White touches the knight on g1: White must move the knight on b1 (FIDE 4.3.1)."
//! );
//! ```
#![deny(missing_docs)]

mod answer;
mod event;
mod model;
mod pieces;
mod recording;
mod time_control;
mod words;

pub use answer::{
    Answer, ArbiterAction, Declaration, Duty, Ending, Forfeit, Penalty, Refusal, Remark, Ruling, Score, Unmet,
};
pub use event::{Event, Hand, Irregularity, Sealed};
pub use model::{Entry, OverTheBoard};
pub use recording::must_keep_score;
pub use time_control::{Bonus, GameKind, Period, Supervision, TimeControl};
