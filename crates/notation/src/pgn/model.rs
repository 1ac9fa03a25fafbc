//! The model: a game as PGN holds it, with its tags, the moves of its main
//! line, their annotations, comments and variations.

use lawbook_board::Color;
use lawbook_movegen::{Move, PlayError, Position};

/// The four results a game's movetext ends with and its Result tag holds:
/// White won, Black won, drawn, and `*` for unknown or still going on.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The seven tags every PGN game has, in export order.
pub const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A move of a game, with what the PGN says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move, legal in the position it is played from.
    pub mv: Move,
    /// Numeric annotation glyphs (`$1`, or `!` read as `$1`), in order.
    pub nags: Vec<u8>,
    /// The comments written after the move, trimmed.
    pub comments: Vec<String>,
    /// Variations: alternatives to this move, each played from the position
    /// before it (empty when the reader skips variations).
    pub variations: Vec<PgnLine>,
}

impl PgnMove {
    /// A move with no annotation.
    pub fn new(mv: Move) -> PgnMove {
        PgnMove { mv, nags: Vec::new(), comments: Vec::new(), variations: Vec::new() }
    }
}

/// A variation: a line of moves with the comments before its first move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnLine {
    /// Comments before the first move of the line.
    pub comments: Vec<String>,
    /// The moves of the line.
    pub moves: Vec<PgnMove>,
}

/// A game as PGN holds it. Named so as not to clash with the game (with its
/// history and outcome) of `lawbook-outcome`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs (name, value) in the order read, the roster included.
    pub tags: Vec<(String, String)>,
    /// The position the game starts from.
    pub start: Position,
    /// Comments before the first move (or in a game without moves).
    pub comments: Vec<String>,
    /// The moves of the main line.
    pub moves: Vec<PgnMove>,
    /// The game termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl PgnGame {
    /// A game without tags or moves from `start`, result `*`.
    pub fn new(start: Position) -> PgnGame {
        PgnGame { tags: Vec::new(), start, comments: Vec::new(), moves: Vec::new(), result: "*".to_string() }
    }

    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name` to `value`, replacing the first tag of that name
    /// or adding it at the end.
    ///
    /// ```
    /// use lawbook_movegen::Position;
    /// use lawbook_notation::pgn::PgnGame;
    /// let mut game = PgnGame::new(Position::startpos());
    /// game.set_tag("White", "Tal");
    /// game.set_tag("White", "Botvinnik");
    /// assert_eq!(game.tag("White"), Some("Botvinnik"));
    /// assert_eq!(game.tags.len(), 1);
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The positions of the main line, from the start to the last move
    /// (`moves.len() + 1` of them).
    ///
    /// # Errors
    /// [`PlayError`] for the first move that is not legal (only possible in a
    /// game built by hand: the reader only accepts legal moves).
    ///
    /// ```
    /// use lawbook_notation::pgn::PgnReader;
    /// let game = PgnReader::new(&b"1. e4 e5 *"[..]).next().unwrap()?;
    /// let positions = game.positions()?;
    /// assert_eq!(positions.len(), 3);
    /// assert_eq!(positions[0], game.start);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn positions(&self) -> Result<Vec<Position>, PlayError> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start;
        out.push(pos);
        for m in &self.moves {
            pos = pos.play(m.mv)?;
            out.push(pos);
        }
        Ok(out)
    }

    /// The position after the last move of the main line.
    ///
    /// # Errors
    /// As [`PgnGame::positions`].
    ///
    /// ```
    /// use lawbook_notation::{fen, pgn::PgnReader};
    /// let game = PgnReader::new(&b"1. f3 e5 2. g4 Qh4# 0-1"[..]).next().unwrap()?;
    /// let end = game.final_position()?;
    /// assert_eq!(fen::write(&end), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn final_position(&self) -> Result<Position, PlayError> {
        self.moves.iter().try_fold(self.start, |pos, m| pos.play(m.mv))
    }
}

/// Whether a `Variant` tag names Chess960 (`Some(true)`), standard chess
/// (`Some(false)`) or something else (`None`).
pub(super) fn variant_is_chess960(variant: &str) -> Option<bool> {
    let key: String = variant.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect();
    match key.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" => Some(false),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" => Some(true),
        _ => None,
    }
}

/// The move number as PGN writes it before a move of `pos`: `12.` or `12...`.
pub(super) fn move_number(pos: &Position) -> String {
    match pos.turn() {
        Color::White => format!("{}.", pos.fullmoves()),
        Color::Black => format!("{}...", pos.fullmoves()),
    }
}
