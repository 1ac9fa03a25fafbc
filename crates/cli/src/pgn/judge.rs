//! How the moves of a game end it, judged while the game is read.
//!
//! [`Judge`] is a [`Visitor`] of the PGN reader: nothing of the game is kept
//! but its Result tag, the number of plies and the position reached. Every
//! position of the main line is judged for the endings that apply by
//! themselves (FIDE 5.1.1, 5.2.1, 5.2.2, 9.6) as the reader plays its move:
//!
//! - after every move: insufficient material (the classic rule), seventy-five
//!   moves, fivefold repetition. These are cheap: a look at the material,
//!   taken again only after a move that resets the halfmove clock (a capture
//!   or a pawn move: no other move changes the material), and
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

use lawbook_movegen::{Move, Position};
use lawbook_notation::pgn::{PgnError, RESULTS, Visitor};
use lawbook_outcome::dead::{self, SearchLimits};
use lawbook_outcome::material::is_insufficient_material;
use lawbook_outcome::record::{self, Finding, Finish, Record, Said};
use lawbook_outcome::{GameResult, Outcome, Reason, Tracker, first_ending};
use std::borrow::Cow;

/// What the moves of a game the reader accepted come to.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Judgement {
    /// How the moves end the game, if they do.
    pub(crate) termination: Option<Reason>,
    /// Moves that go on after the game had ended: the ending and the number
    /// of plies before it.
    pub(crate) after_end: Option<(Reason, usize)>,
    /// The result the moves prove, when the Result tag says another one.
    pub(crate) mismatch: Option<(GameResult, Reason)>,
    /// What is wrong with, or worth saying of, the ending the record states
    /// ([`record::judge`]), for a game whose moves did not go on after its end.
    pub(crate) record: Option<Finding>,
}

/// How the main line of a game the reader accepted ended, as read; judged
/// by [`Judged::judgement`] once the reading of a chunk is done. The last
/// position's judgement (its legal moves, the dead-position search) is
/// code that reading does not use: run between games, it would push the
/// reader's code out of the processor's instruction cache game after game.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ending {
    /// The start position was not known (no game was read).
    Unknown,
    /// The moves went on after the game had ended: how, and after how many plies.
    AfterEnd(Reason, usize),
    /// The moves did not go on after an ending; the draw by the
    /// seventy-five-move rule or fivefold repetition of the last position,
    /// if it has a legal move.
    Last(Option<Reason>),
}

/// A game as the judge saw it.
pub(crate) struct Judged {
    /// The value of the Result tag.
    pub(crate) result_tag: Option<ResultTag>,
    /// The plies of the main line read (up to the error, for a refused game).
    pub(crate) plies: usize,
    /// The last position reached, when the start position was known.
    pub(crate) last: Option<Position>,
    /// How the main line ended, or the reader's error.
    pub(crate) read: Result<Ending, PgnError>,
    /// What the record says ended the game: its Termination tag, or the
    /// comment after the last move.
    pub(crate) said: Option<Said>,
    /// The Termination tag's words, kept only when lawbook does not know them.
    pub(crate) unknown: Option<String>,
    /// How often the last position occurred (9.2.3), and the most times a
    /// position a move would make has (9.2.1), counted only for a record
    /// that names a repetition.
    pub(crate) repetitions: (usize, usize),
}

impl Judged {
    /// Whether two readings of a game tell the same, whatever the number and
    /// line the reader gave them (which depend on where the reading began).
    pub(crate) fn same(&self, other: &Judged) -> bool {
        let read = match (self.judgement(), other.judgement()) {
            (Ok(a), Ok(b)) => a == b,
            (Err(a), Err(b)) => a.kind == b.kind && a.message == b.message,
            _ => false,
        };
        read && self.result_tag == other.result_tag
            && self.plies == other.plies
            && self.last == other.last
            && self.said == other.said
    }

    /// What the moves of the game come to, or the reader's error.
    pub(crate) fn judgement(&self) -> Result<Judgement, &PgnError> {
        let ending = self.read.as_ref()?;
        Ok(match (*ending, &self.last) {
            (Ending::AfterEnd(reason, ply), _) => {
                Judgement { termination: Some(reason), after_end: Some((reason, ply)), mismatch: None, record: None }
            }
            (Ending::Last(draw), Some(pos)) => {
                let outcome = last_ending(pos, draw);
                let stated = self.result_tag.as_deref().unwrap_or("*");
                let mismatch =
                    outcome.filter(|o| stated != "*" && stated != o.result.as_str()).map(|o| (o.result, o.reason));
                let record = Record { result: stated.parse().ok(), said: self.said, text: self.unknown.as_deref() };
                let (repetitions, repetitions_by_a_move) = self.repetitions;
                let finish = Finish { repetitions_by_a_move, ..Finish::new(pos, self.plies, repetitions, outcome) };
                let record = record::judge(&record, &finish);
                Judgement { termination: outcome.map(|o| o.reason), after_end: None, mismatch, record }
            }
            _ => Judgement { termination: None, after_end: None, mismatch: None, record: None },
        })
    }
}

/// The value of a Result tag: one of the four [`RESULTS`] without a copy,
/// anything else copied. A copy for every game (an allocation as the
/// reader goes) pulled the allocator's code into the processor's
/// instruction cache and the reader's out, game after game.
pub(crate) type ResultTag = Cow<'static, str>;

fn result_tag(value: &str) -> ResultTag {
    match RESULTS.into_iter().find(|r| *r == value) {
        Some(standard) => Cow::Borrowed(standard),
        None => Cow::Owned(value.to_string()),
    }
}

/// The visitor that judges each game as it is read; one serves every game.
pub(crate) struct Judge {
    /// Search for dead positions after every move, not only at the end.
    full: bool,
    result_tag: Option<ResultTag>,
    /// The last position of the main line, once the reader tells it.
    last: Option<Position>,
    /// Whether the position before the next move of the main line has
    /// insufficient material.
    insufficient: bool,
    tracker: Tracker,
    plies: usize,
    after_end: Option<(Reason, usize)>,
    /// How deep in variations the reader is (their moves are not judged).
    depth: usize,
    /// What the Termination tag says, and its words when lawbook does not know them.
    termination: Option<Said>,
    unknown: Option<String>,
    /// The comment after the last move of the main line (its room kept from game to game).
    comment: String,
}

impl Judge {
    pub(crate) fn new(full: bool) -> Judge {
        let start = Position::startpos();
        Judge {
            full,
            result_tag: None,
            last: None,
            insufficient: false,
            tracker: Tracker::new(&start),
            plies: 0,
            after_end: None,
            depth: 0,
            termination: None,
            unknown: None,
            comment: String::new(),
        }
    }
}

impl Visitor for Judge {
    type Output = Judged;

    fn tag(&mut self, name: &str, value: &str) {
        if name == "Result" && self.result_tag.is_none() {
            self.result_tag = Some(result_tag(value));
        } else if name == "Termination" && self.termination.is_none() {
            let said = termination(value);
            if said == Said::Unknown {
                self.unknown = Some(value.to_string());
            }
            self.termination = Some(said);
        }
    }

    fn begin_movetext(&mut self, start: &Position) {
        self.insufficient = is_insufficient_material(start.board());
        self.tracker.reset(start);
    }

    fn begin_variation(&mut self) {
        self.depth += 1;
    }

    fn comment(&mut self, text: &str) {
        if self.depth == 0 {
            self.comment.clear();
            // A clock or evaluation command (`{ [%clk 0:03:00] }`, after
            // every move of a server's games) says nothing of the end: not copied.
            let text = text.strip_prefix(' ').unwrap_or(text);
            let text = text.strip_suffix(' ').unwrap_or(text);
            if !(text.starts_with('[') && text.ends_with(']')) {
                self.comment.push_str(text);
            }
        }
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn play(&mut self, before: &Position, _: Move, after: &Position) {
        if self.depth > 0 {
            return;
        }
        self.comment.clear();
        if self.after_end.is_none()
            && let Some(reason) = ending_with_moves(before, self.insufficient, self.tracker.draw(), self.full)
        {
            self.after_end = Some((reason, self.plies));
        }
        // Only a capture or a promotion changes the material, and both set
        // the halfmove clock to 0 (as a pawn move does: then it is looked at
        // again for nothing, cheaply).
        if after.halfmoves() == 0 {
            self.insufficient = is_insufficient_material(after.board());
        }
        self.tracker.push(after);
        self.plies += 1;
    }

    fn end_main_line(&mut self, last: &Position) {
        self.last = Some(*last);
    }

    fn end_game(&mut self, end: Result<&str, PgnError>) -> Judged {
        let result_tag = self.result_tag.take();
        let (plies, last, after_end) = (self.plies, self.last.take(), self.after_end.take());
        (self.plies, self.depth) = (0, 0);
        let read = match (end, last, after_end) {
            (Err(e), _, _) => Err(e),
            (Ok(_), None, _) => Ok(Ending::Unknown),
            (Ok(_), Some(_), Some((reason, ply))) => Ok(Ending::AfterEnd(reason, ply)),
            (Ok(_), Some(_), None) => Ok(Ending::Last(self.tracker.draw())),
        };
        // The tag says what ended the game; where it says nothing particular
        // (or is not there), the comment after the last move may.
        let said = match self.termination.take() {
            Some(said) if !matches!(said, Said::Normal | Said::Unknown) => Some(said),
            tag => last_comment(&self.comment).or(tag),
        };
        let unknown = self.unknown.take().filter(|_| said == Some(Said::Unknown));
        self.comment.clear();
        let repetitions = match said {
            Some(Said::ThreefoldRepetition | Said::FivefoldRepetition | Said::RefusedRepetitionClaim) => {
                (self.tracker.repetitions(), self.tracker.most_repetitions_after_a_move())
            }
            _ => (1, 1),
        };
        Judged { result_tag, plies, last, read, said, unknown, repetitions }
    }
}

/// What a Termination tag says: the spellings servers and runners write
/// most are looked up as they are, any other read by meaning.
fn termination(value: &str) -> Said {
    match value {
        "Normal" | "normal" => Said::Normal,
        "Time forfeit" | "time forfeit" => Said::Time,
        "Abandoned" | "abandoned" => Said::Abandoned,
        "adjudication" => Said::Adjudication,
        _ => record::read_termination(value),
    }
}

/// What the comment after the last move says of the end: a comment that
/// holds only clock or evaluation commands (`[%clk 0:01:02]`) says nothing.
fn last_comment(text: &str) -> Option<Said> {
    let mut depth = 0usize;
    let only_commands = text.chars().all(|c| {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            _ => return depth > 0 || c.is_whitespace(),
        }
        true
    });
    if only_commands { None } else { record::read_last_comment(text) }
}

/// The ending a position with a legal move brings by itself, in the order
/// of the Laws ([`first_ending`]), `insufficient` when its material is,
/// `draw` its draw by the seventy-five-move rule or fivefold repetition
/// ([`Tracker::draw`]); the dead-position search only when `search`.
fn ending_with_moves(pos: &Position, insufficient: bool, draw: Option<Reason>, search: bool) -> Option<Reason> {
    first_ending(pos.turn(), |reason| holds_with_moves(reason, pos, insufficient, draw, search)).map(|o| o.reason)
}

/// Whether the ending `reason` holds in `pos`, a position with a legal
/// move, as [`ending_with_moves`] takes its arguments.
#[inline(always)]
fn holds_with_moves(reason: Reason, pos: &Position, insufficient: bool, draw: Option<Reason>, search: bool) -> bool {
    match reason {
        Reason::InsufficientMaterial => insufficient,
        Reason::DeadPosition => search && is_dead(pos),
        Reason::SeventyFiveMoves | Reason::FivefoldRepetition => draw == Some(reason),
        _ => false,
    }
}

/// Whether `pos` is proven dead ([`dead::analyse`]) with blocked pawns:
/// out of line, as most callers have no blocked pawns, or do not ask.
#[cold]
#[inline(never)]
fn is_dead(pos: &Position) -> bool {
    dead::is_frozen(pos.board()) && dead::analyse(pos, SearchLimits::DEFAULT).is_impossible()
}

/// The ending of the last position (`draw` as [`ending_with_moves`] takes
/// it), in the order of the Laws ([`first_ending`]), as
/// [`lawbook_outcome::Game`] judges it: mate first, so a mate on the
/// seventy-fifth move stands.
fn last_ending(pos: &Position, draw: Option<Reason>) -> Option<Outcome> {
    let no_moves = !pos.has_legal_moves();
    let insufficient = is_insufficient_material(pos.board());
    first_ending(pos.turn(), |reason| match reason {
        Reason::Checkmate => no_moves && pos.is_check(),
        Reason::Stalemate => no_moves && !pos.is_check(),
        _ => holds_with_moves(reason, pos, insufficient, draw, true),
    })
}
