//! How the moves of a game end it, judged in one replay.
//!
//! Every position of the main line is judged for the endings that apply by
//! themselves (FIDE 5.1.1, 5.2.1, 5.2.2, 9.6) as the moves are played, once:
//!
//! - after every move: insufficient material (the classic rule), seventy-five
//!   moves, fivefold repetition. These are cheap: a look at the material, and
//!   [`lawbook_outcome::Tracker`], which keeps the halfmove clock and the
//!   positions since the last capture or pawn move (no earlier position can
//!   come again);
//! - mate and stalemate need no look before the last position: a move that
//!   the reader accepted follows every other one, so the side to move had a
//!   legal move;
//! - the dead-position search (blocked pawns, [`lawbook_outcome::dead`]) is
//!   run on the last position, and with `full` also after every move where
//!   the pawns are blocked. Without it a game that went on after such a dead
//!   position is still judged dead at its end (every position reachable from
//!   a dead one is dead), but not reported as going on after its end.

use lawbook_movegen::Position;
use lawbook_notation::pgn::PgnGame;
use lawbook_outcome::dead::{self, SearchLimits};
use lawbook_outcome::material::is_insufficient_material;
use lawbook_outcome::{GameResult, Outcome, Reason, Tracker};

/// What the moves of a game come to.
pub(crate) struct Judgement {
    /// The number of plies of the main line.
    pub(crate) plies: usize,
    /// The last position.
    pub(crate) last: Position,
    /// How the moves end the game, if they do.
    pub(crate) termination: Option<Reason>,
    /// Moves that go on after the game had ended: the ending and the number
    /// of plies before it.
    pub(crate) after_end: Option<(Reason, usize)>,
    /// The result the moves prove, when the Result tag says another one.
    pub(crate) mismatch: Option<(GameResult, Reason)>,
}

/// The ending a position with a legal move brings by itself, the last one
/// `tracker` was given; the dead-position search only when `search`.
fn ending_with_moves(pos: &Position, tracker: &Tracker, search: bool) -> Option<Reason> {
    if is_insufficient_material(pos.board()) {
        Some(Reason::InsufficientMaterial)
    } else if search && dead::is_frozen(pos.board()) && dead::analyse(pos, SearchLimits::DEFAULT).is_impossible() {
        Some(Reason::DeadPosition)
    } else {
        tracker.draw()
    }
}

/// The ending of the last position, in the order of precedence of
/// [`lawbook_outcome::Game`]: mate first, so a mate on the seventy-fifth move stands.
fn last_ending(pos: &Position, tracker: &Tracker) -> Option<Outcome> {
    if pos.count_legal() == 0 {
        return Some(if pos.is_check() {
            Outcome::win(!pos.turn(), Reason::Checkmate)
        } else {
            Outcome::draw(Reason::Stalemate)
        });
    }
    ending_with_moves(pos, tracker, true).map(Outcome::draw)
}

/// The plies and the last position of moves the reader has checked.
pub(crate) fn replay(game: &PgnGame) -> (usize, Position) {
    let end = game.moves.iter().fold(game.start, |pos, m| pos.play_unchecked(m.mv));
    (game.moves.len(), end)
}

/// Judges a game the reader read whole (its moves are legal): one replay.
pub(crate) fn judge(game: &PgnGame, full: bool) -> Judgement {
    let mut pos = game.start;
    let mut tracker = Tracker::new(&pos);
    let mut after_end = None;
    for (ply, m) in game.moves.iter().enumerate() {
        if after_end.is_none()
            && let Some(reason) = ending_with_moves(&pos, &tracker, full)
        {
            after_end = Some((reason, ply));
        }
        pos = pos.play_unchecked(m.mv);
        tracker.push(&pos);
    }
    let plies = game.moves.len();
    if let Some((reason, _)) = after_end {
        return Judgement { plies, last: pos, termination: Some(reason), after_end, mismatch: None };
    }
    let outcome = last_ending(&pos, &tracker);
    let stated = game.tag("Result").unwrap_or("*");
    let mismatch = outcome.filter(|o| stated != "*" && stated != o.result.as_str()).map(|o| (o.result, o.reason));
    Judgement { plies, last: pos, termination: outcome.map(|o| o.reason), after_end: None, mismatch }
}
