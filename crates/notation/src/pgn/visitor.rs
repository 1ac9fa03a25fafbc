//! Reading a game without building it: [`Visitor`], told each part of a
//! game as the reader reads it, and [`GameBuilder`], the visitor that builds
//! a [`PgnGame`].

use super::error::PgnError;
use super::model::{PgnGame, PgnLine, PgnMove};
use lawbook_movegen::{Move, Position};

/// What [`PgnReader::read_game`](super::PgnReader::read_game) tells as it
/// reads one game, in the order of the text. Every method but
/// [`Visitor::end_game`] does nothing unless written.
///
/// Once the game has an error, nothing more is told until `end_game`, which
/// is always called, once. Variations and comments are told only when
/// [`PgnOptions`](super::PgnOptions) keeps them.
///
/// ```
/// use lawbook_movegen::{Move, Position};
/// use lawbook_notation::pgn::{PgnError, PgnReader, Visitor};
///
/// /// Counts the plies of the main line.
/// struct Plies(usize, usize);
///
/// impl Visitor for Plies {
///     type Output = Result<usize, PgnError>;
///     fn begin_variation(&mut self) { self.1 += 1 }
///     fn end_variation(&mut self) { self.1 -= 1 }
///     fn play(&mut self, _: &Position, _: Move, _: &Position) {
///         self.0 += usize::from(self.1 == 0);
///     }
///     fn end_game(&mut self, end: Result<&str, PgnError>) -> Self::Output {
///         end.map(|_| std::mem::take(&mut self.0))
///     }
/// }
///
/// let mut reader = PgnReader::new(&b"1. e4 (1. d4 d5) e5 2. Nf3 *\n\n1. e4 Ke7 *"[..]);
/// assert_eq!(reader.read_game(&mut Plies(0, 0)).map(|p| p.ok()), Some(Some(3)));
/// let second = reader.read_game(&mut Plies(0, 0)).unwrap().unwrap_err();
/// assert_eq!(second.kind(), "move.no_piece");
/// assert!(reader.read_game(&mut Plies(0, 0)).is_none());
/// ```
pub trait Visitor {
    /// What a game comes to.
    type Output;

    /// A tag pair, its value unescaped. The tags of a line are told once the
    /// whole line has been read.
    fn tag(&mut self, name: &str, value: &str) {
        let _ = (name, value);
    }

    /// The movetext begins from `start` (the standard position, or the one
    /// the `FEN` tag gives).
    fn begin_movetext(&mut self, start: &Position) {
        let _ = start;
    }

    /// A legal move of the line being read: played from `before`, it gives
    /// `after`.
    fn play(&mut self, before: &Position, mv: Move, after: &Position) {
        let _ = (before, mv, after);
    }

    /// A numeric annotation glyph of the last move told (`!` is told as 1).
    fn nag(&mut self, nag: u8) {
        let _ = nag;
    }

    /// A comment as written between its braces (or after `;`), white space
    /// included: after the last move told, or before the first move of its
    /// line. (A server's games have one after every move; trimming is left
    /// to the visitors that keep them.)
    fn comment(&mut self, text: &str) {
        let _ = text;
    }

    /// A variation opens: an alternative to the last move told, whose moves
    /// follow.
    fn begin_variation(&mut self) {}

    /// The innermost variation closes.
    fn end_variation(&mut self) {}

    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2` or `*`), as
    /// read: told even in a game that has an error.
    fn result(&mut self, result: &str) {
        let _ = result;
    }

    /// The main line ends in `last`: the position after its last move (or
    /// before its first error). Told once, just before [`Visitor::end_game`],
    /// in every game whose start position was known, so that a visitor
    /// need not keep each position the reader plays through.
    fn end_main_line(&mut self, last: &Position) {
        let _ = last;
    }

    /// The game ends: with its result (`1-0`, `0-1`, `1/2-1/2` or `*`), or
    /// with its first error.
    fn end_game(&mut self, end: Result<&str, PgnError>) -> Self::Output;
}

/// The visitor that builds each game as a [`PgnGame`]: what the reader's
/// iterator gives. A refused game's error carries the game as read up to the
/// problem ([`PgnError::partial`]) when its start position was known.
#[derive(Default)]
pub struct GameBuilder {
    tags: Vec<(String, String)>,
    start: Option<Position>,
    /// The lines being read, the main line first.
    lines: Vec<PgnLine>,
    result: Option<String>,
}

impl GameBuilder {
    /// A builder with nothing read.
    pub fn new() -> GameBuilder {
        GameBuilder::default()
    }

    /// Closes the innermost line, attaching it to the move it replaces
    /// (an empty one is dropped).
    fn close_line(&mut self) {
        if let Some(line) = self.lines.pop()
            && let Some(parent) = self.lines.last_mut()
            && let Some(last) = parent.moves.last_mut()
            && !(line.moves.is_empty() && line.comments.is_empty())
        {
            last.variations.push(line);
        }
    }

    fn last_move(&mut self) -> Option<&mut PgnMove> {
        self.lines.last_mut().and_then(|l| l.moves.last_mut())
    }
}

impl Visitor for GameBuilder {
    type Output = Result<PgnGame, PgnError>;

    fn tag(&mut self, name: &str, value: &str) {
        if self.tags.capacity() == 0 {
            // Room for the tags of a usual game, grown once.
            self.tags.reserve(16);
        }
        self.tags.push((name.to_string(), value.to_string()));
    }

    fn begin_movetext(&mut self, start: &Position) {
        self.start = Some(*start);
        let mut main = PgnLine::default();
        main.moves.reserve(96);
        self.lines.push(main);
    }

    fn play(&mut self, _: &Position, mv: Move, _: &Position) {
        if let Some(line) = self.lines.last_mut() {
            line.moves.push(PgnMove::new(mv));
        }
    }

    fn nag(&mut self, nag: u8) {
        if let Some(last) = self.last_move() {
            last.nags.push(nag);
        }
    }

    fn comment(&mut self, text: &str) {
        let Some(line) = self.lines.last_mut() else { return };
        let text = text.trim().to_string();
        match line.moves.last_mut() {
            Some(last) => last.comments.push(text),
            None => line.comments.push(text),
        }
    }

    fn begin_variation(&mut self) {
        self.lines.push(PgnLine::default());
    }

    fn end_variation(&mut self) {
        if self.lines.len() > 1 {
            self.close_line();
        }
    }

    fn result(&mut self, result: &str) {
        self.result = Some(result.to_string());
    }

    fn end_game(&mut self, end: Result<&str, PgnError>) -> Result<PgnGame, PgnError> {
        while self.lines.len() > 1 {
            self.close_line();
        }
        let tags = std::mem::take(&mut self.tags);
        let main = self.lines.pop().unwrap_or_default();
        let game = self.start.take().map(|start| PgnGame {
            tags,
            start,
            comments: main.comments,
            moves: main.moves,
            result: self.result.take().unwrap_or_else(|| "*".to_string()),
        });
        match (end, game) {
            (Ok(_), Some(game)) => Ok(game),
            (Err(mut error), game) => {
                error.partial = game.map(Box::new);
                Err(error)
            }
            // The reader tells the start before any result; a hand-written
            // caller that does not gets the reader's own error.
            (Ok(_), None) => Err(PgnError::no_start_position(0)),
        }
    }
}
