//! What can be wrong with a game: [`PgnError`] and its [`PgnErrorKind`].

use super::model::PgnGame;
use crate::fen::FenError;
use crate::san::MoveError;
use core::fmt;

/// What went wrong in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// The input could not be read; the reader stops.
    Io,
    /// A line or comment longer than [`PgnOptions::max_line_len`](super::PgnOptions::max_line_len).
    TooLong,
    /// A NUL byte: the input is not text.
    NulByte,
    /// A malformed tag pair.
    Tag,
    /// The start position is missing: `SetUp 1` without a `FEN` tag.
    StartPosition,
    /// The `FEN` tag cannot be read or is not a valid position.
    Fen(FenError),
    /// A `Variant` tag naming a variant this reader does not play.
    Variant,
    /// A move that cannot be read or is not legal.
    Move(MoveError),
    /// Movetext that is neither a move, a move number, a comment, a NAG, a
    /// variation nor a result (such as `}` without `{`).
    Syntax,
    /// A comment opened with `{` and never closed.
    UnterminatedComment,
    /// The result came while a variation was still open.
    UnclosedVariation,
    /// The movetext ends without a result (`1-0`, `0-1`, `1/2-1/2` or `*`).
    MissingResult,
}

/// A game could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the input, from 1.
    pub game: usize,
    /// The 1-based line of the problem (for an unterminated comment, the line
    /// where it opens).
    pub line: usize,
    /// What kind of problem.
    pub kind: PgnErrorKind,
    /// The problem in plain words (without the game and line).
    pub message: String,
    /// The game as read up to the problem (tags, start, the moves before the
    /// bad one), when its start position was known.
    pub partial: Option<Box<PgnGame>>,
}

impl PgnError {
    /// A stable machine name for what is wrong, such as `"pgn.missing_result"`.
    /// A bad move gives the move reader's name (`"move.no_piece"`,
    /// [`MoveError::kind`]), a bad `FEN` tag the FEN reader's
    /// (`"fen.rank_too_long"`, [`FenError::kind`]). The names are listed in
    /// `conformance/bad-inputs/README.md`.
    ///
    /// ```
    /// use lawbook_notation::pgn::PgnReader;
    /// let err = PgnReader::new("1. e4 e5 2. Ke3 *".as_bytes()).next().unwrap().unwrap_err();
    /// assert_eq!(err.kind(), "move.no_piece");
    /// let err = PgnReader::new("1. e4 e5".as_bytes()).next().unwrap().unwrap_err();
    /// assert_eq!(err.kind(), "pgn.missing_result");
    /// ```
    pub fn kind(&self) -> &'static str {
        match &self.kind {
            PgnErrorKind::Io => "pgn.io",
            PgnErrorKind::TooLong => "pgn.too_long",
            PgnErrorKind::NulByte => "pgn.nul_byte",
            PgnErrorKind::Tag => "pgn.bad_tag",
            PgnErrorKind::StartPosition => "pgn.setup_without_fen",
            PgnErrorKind::Fen(e) => e.kind(),
            PgnErrorKind::Variant => "pgn.unsupported_variant",
            PgnErrorKind::Move(e) => e.kind(),
            PgnErrorKind::Syntax => "pgn.syntax",
            PgnErrorKind::UnterminatedComment => "pgn.unterminated_comment",
            PgnErrorKind::UnclosedVariation => "pgn.unclosed_variation",
            PgnErrorKind::MissingResult => "pgn.missing_result",
        }
    }
}

impl PgnError {
    /// A game that ended with no start position known (game `game`).
    pub(super) fn no_start_position(game: usize) -> PgnError {
        PgnError {
            game,
            line: 0,
            kind: PgnErrorKind::StartPosition,
            message: "no start position".to_string(),
            partial: None,
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, line {}: {}", self.game, self.line, self.message)
    }
}

impl std::error::Error for PgnError {}
