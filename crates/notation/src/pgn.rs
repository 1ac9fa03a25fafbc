//! PGN (Portable Game Notation): games read one at a time from any
//! [`BufRead`], and written in export format.
//!
//! # The model
//!
//! A [`PgnGame`] holds the tag pairs in the order read, the position the game
//! starts from (from the `SetUp`/`FEN` tags, in Chess960 mode when the
//! `Variant` tag says so), the moves of the main line, and the result (the
//! termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`). Each [`PgnMove`]
//! carries its numeric annotation glyphs (NAGs; `!` is read as `$1`, `?` as
//! `$2`, `!!` as `$3`, `??` as `$4`, `!?` as `$5`, `?!` as `$6`), the comments
//! that follow it, and the variations ([`PgnLine`]s) that are alternatives to
//! it, played from the position before it. Comments before the first move of
//! a line belong to the line ([`PgnGame::comments`], [`PgnLine::comments`]).
//!
//! # Reading
//!
//! [`PgnReader`] reads one game at a time, so a file of any size never sits
//! in memory at once, and it bounds every line (and every comment) to
//! [`PgnOptions::max_line_len`] bytes: a longer one is an error, skipped
//! without being stored. Moves may be written in any notation
//! [`read_move`](crate::read_move) reads, leniently (wrong check suffixes and
//! capture marks are ignored). Move numbers are skipped, not checked. Text
//! that is not UTF-8 (old Latin-1 files) is read with replacement characters;
//! lines starting with `%` are skipped, as the standard says.
//!
//! A malformed game (an illegal or unreadable move, an unterminated comment,
//! a missing result, a NUL byte, an over-long line, a bad tag or `FEN`) is an
//! [`Err`] naming the game number, the line and, for a move, the move
//! number and text; the reader then goes on with the next game: it skips to
//! the game's result or to the next line that starts a tag pair.
//!
//! ```
//! use lawbook_notation::pgn::PgnReader;
//! let text = "[Event \"Casual\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 {Oops} Qh4# 0-1\n\n\
//!             [Event \"Next\"]\n\n1. e4 Nf9 *\n";
//! let mut games = PgnReader::new(text.as_bytes());
//! let first = games.next().unwrap()?;
//! assert_eq!(first.tag("Event"), Some("Casual"));
//! assert_eq!(first.moves.len(), 4);
//! assert_eq!(first.moves[2].comments, ["Oops"]);
//! let second = games.next().unwrap().unwrap_err();
//! assert_eq!((second.game, second.line), (2, 8));
//! assert!(second.to_string().contains("move 1... Nf9"), "{second}");
//! assert!(games.next().is_none());
//! # Ok::<(), lawbook_notation::pgn::PgnError>(())
//! ```
//!
//! # Writing
//!
//! [`write`] produces export format: the seven-tag roster first (`Event`,
//! `Site`, `Date`, `Round`, `White`, `Black`, `Result`, with `?` where a
//! value is missing), then the other tags; `SetUp`/`FEN` (and `Variant` for
//! Chess960) from the start position; tag values with `\` and `"` escaped
//! (a control character, such as a tab or a line break, as a space);
//! SAN moves with move numbers (`12...` after a comment, a variation or a
//! start with Black to move); NAGs as `$n`; the result. Movetext lines are
//! at most 80 characters (a single comment word longer than that stands on
//! a line of its own). A line break inside a comment, with the white space
//! around it, is read as one space; the writer re-flows the white space of
//! comments.

use crate::fen::FenError;
use crate::san::MoveError;
use crate::{ReadOptions, fen, read_move, san};
use core::fmt;
use lawbook_board::{CastlingMode, Color, Relaxations, Setup};
use lawbook_movegen::{Move, PlayError, Position};
use std::io::{self, BufRead};

/// The longest line (and comment) a reader accepts by default: 1 MiB.
pub const DEFAULT_MAX_LINE_LEN: usize = 1 << 20;

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

/// How a [`PgnReader`] reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PgnOptions {
    /// Keep variations (their moves are checked); when false they are skipped
    /// unread. Default: true.
    pub variations: bool,
    /// Keep comments; when false they are dropped. Default: true.
    pub comments: bool,
    /// The longest line, and the longest comment, in bytes. Default:
    /// [`DEFAULT_MAX_LINE_LEN`].
    pub max_line_len: usize,
    /// Which validation rules a `FEN` tag may break (composed positions).
    /// Default: none.
    pub relaxations: Relaxations,
}

impl Default for PgnOptions {
    fn default() -> PgnOptions {
        PgnOptions {
            variations: true,
            comments: true,
            max_line_len: DEFAULT_MAX_LINE_LEN,
            relaxations: Relaxations::STRICT,
        }
    }
}

/// What went wrong in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// The input could not be read; the reader stops.
    Io,
    /// A line or comment longer than [`PgnOptions::max_line_len`].
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

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, line {}: {}", self.game, self.line, self.message)
    }
}

impl std::error::Error for PgnError {}

/// A problem with a whole line.
enum LineFault {
    TooLong,
    Nul(usize),
}

/// One line of input: its number and its text (or what is wrong with it).
struct Line {
    no: usize,
    text: Result<String, LineFault>,
}

/// Reads the games of a PGN stream one at a time: an iterator of
/// `Result<PgnGame, PgnError>`. After an I/O error it ends.
///
/// ```
/// use lawbook_notation::pgn::{PgnOptions, PgnReader};
/// let text = "1. e4 (1. d4 d5) 1... e5 $1 {good} *";
/// let game = PgnReader::new(text.as_bytes()).next().unwrap()?;
/// assert_eq!(game.moves[0].variations[0].moves.len(), 2);
/// assert_eq!(game.moves[1].nags, [1]);
/// let options = PgnOptions { variations: false, comments: false, ..PgnOptions::default() };
/// let game = PgnReader::with_options(text.as_bytes(), options).next().unwrap()?;
/// assert!(game.moves[0].variations.is_empty() && game.moves[1].comments.is_empty());
/// # Ok::<(), lawbook_notation::pgn::PgnError>(())
/// ```
pub struct PgnReader<R> {
    input: R,
    options: PgnOptions,
    /// The number of the last line read from the input.
    line_no: usize,
    /// Text read but not yet used: the rest of a line after a result, or a
    /// line that starts the next game.
    pending: Option<(usize, String)>,
    games: usize,
    done: bool,
    buf: Vec<u8>,
}

impl<R: BufRead> PgnReader<R> {
    /// A reader with the default options.
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader::with_options(input, PgnOptions::default())
    }

    /// A reader with the given options.
    pub fn with_options(input: R, options: PgnOptions) -> PgnReader<R> {
        PgnReader { input, options, line_no: 0, pending: None, games: 0, done: false, buf: Vec::new() }
    }

    /// The next line, at most `max_line_len` bytes kept; `None` at the end.
    fn next_line(&mut self) -> Option<io::Result<Line>> {
        if let Some((no, text)) = self.pending.take() {
            return Some(Ok(Line { no, text: Ok(text) }));
        }
        self.buf.clear();
        let max = self.options.max_line_len;
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if !too_long {
                // Room for the line and its CR LF.
                if self.buf.len() + take > max.saturating_add(2) {
                    too_long = true;
                    self.buf = Vec::new();
                } else {
                    self.buf.extend_from_slice(&chunk[..take]);
                }
            }
            self.input.consume(take);
            if end {
                break;
            }
        }
        if !any {
            return None;
        }
        self.line_no += 1;
        let no = self.line_no;
        if too_long {
            return Some(Ok(Line { no, text: Err(LineFault::TooLong) }));
        }
        while self.buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
            self.buf.pop();
        }
        if self.buf.len() > max {
            return Some(Ok(Line { no, text: Err(LineFault::TooLong) }));
        }
        if let Some(i) = self.buf.iter().position(|&b| b == 0) {
            return Some(Ok(Line { no, text: Err(LineFault::Nul(i + 1)) }));
        }
        let mut text = String::from_utf8_lossy(&self.buf).into_owned();
        if no == 1 && text.starts_with('\u{feff}') {
            text.drain(..'\u{feff}'.len_utf8());
        }
        Some(Ok(Line { no, text: Ok(text) }))
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut state: Option<GameState> = None;
        loop {
            let line = match self.next_line() {
                None => break,
                Some(Err(e)) => {
                    self.done = true;
                    let game = state.as_ref().map_or(self.games + 1, |s| s.number);
                    return Some(Err(PgnError {
                        game,
                        line: self.line_no + 1,
                        kind: PgnErrorKind::Io,
                        message: format!("cannot read the input: {e}"),
                        partial: None,
                    }));
                }
                Some(Ok(line)) => line,
            };
            let text = match line.text {
                Ok(text) => text,
                Err(fault) => {
                    let s = state.get_or_insert_with(|| {
                        self.games += 1;
                        GameState::new(self.games, self.options)
                    });
                    let (kind, message) = match fault {
                        LineFault::TooLong => (
                            PgnErrorKind::TooLong,
                            format!("the line is longer than {} bytes", self.options.max_line_len),
                        ),
                        LineFault::Nul(col) => {
                            (PgnErrorKind::NulByte, format!("a NUL byte in column {col}: this is not PGN text"))
                        }
                    };
                    s.fail(line.no, kind, message);
                    s.seen_non_tag = true;
                    continue;
                }
            };
            if state.is_none() && (text.trim().is_empty() || text.starts_with('%')) {
                continue;
            }
            let s = state.get_or_insert_with(|| {
                self.games += 1;
                GameState::new(self.games, self.options)
            });
            match s.feed(&text, line.no) {
                Feed::More => {}
                Feed::Done(rest) => {
                    if !text[rest..].trim().is_empty() {
                        self.pending = Some((line.no, text[rest..].to_string()));
                    }
                    return state.map(GameState::finish);
                }
                Feed::NextGame => {
                    self.pending = Some((line.no, text));
                    return state.map(GameState::finish);
                }
            }
        }
        self.done = true;
        let mut s = state?;
        if let Some(comment) = s.comment.take() {
            s.fail(
                comment.line,
                PgnErrorKind::UnterminatedComment,
                format!("the comment opened with {{ on line {} is never closed", comment.line),
            );
        } else if s.result.is_none() {
            let line = s.last_line;
            s.fail(
                line,
                PgnErrorKind::MissingResult,
                "the game ends without a result: expected 1-0, 0-1, 1/2-1/2 or *".to_string(),
            );
        }
        Some(s.finish())
    }
}

/// What the reader does after a line has been fed to a game.
enum Feed {
    /// The game goes on.
    More,
    /// The game ended with its result; the line goes on from this byte.
    Done(usize),
    /// The game ended before this line, which starts the next game.
    NextGame,
}

/// An open `{` comment.
struct OpenComment {
    text: String,
    line: usize,
}

/// A line being read: the main line or a variation.
struct Frame {
    comments: Vec<String>,
    moves: Vec<PgnMove>,
    /// The position after the last move of the line.
    pos: Position,
    /// The position before the last move of the line (where a variation of
    /// that move starts).
    before: Position,
}

impl Frame {
    fn new(pos: Position) -> Frame {
        Frame { comments: Vec::new(), moves: Vec::new(), pos, before: pos }
    }
}

/// One game being read.
struct GameState {
    number: usize,
    options: PgnOptions,
    tags: Vec<(String, String)>,
    tag_lines: Vec<usize>,
    movetext: bool,
    start: Option<Position>,
    frames: Vec<Frame>,
    /// Depth of variations being skipped (with `variations: false`).
    skip_depth: usize,
    comment: Option<OpenComment>,
    error: Option<PgnError>,
    /// After an error in the tag section: whether a line other than a tag
    /// pair has been seen since (then a tag pair starts the next game).
    seen_non_tag: bool,
    result: Option<String>,
    /// The last line with text on it.
    last_line: usize,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Adds the next line of a comment: the line break, with the white space
/// around it, becomes one space.
fn join_line(text: &mut String, line: &str) {
    text.truncate(text.trim_end().len());
    text.push(' ');
    text.push_str(line.trim_start());
}

/// Whether a line starts a tag pair: `[` in the first column and a tag name
/// (not `[%clk`).
fn looks_like_tag(line: &str) -> bool {
    line.strip_prefix('[')
        .is_some_and(|rest| rest.trim_start().starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
}

/// Reads the tag pairs of a line: `[Name "value"]`, any number of them.
fn parse_tags(line: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        let Some(r) = rest.strip_prefix('[') else {
            return Err(format!("unexpected text {} after a tag pair", shorten(rest)));
        };
        let r = r.trim_start();
        let name_len = r.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(r.len());
        if name_len == 0 {
            return Err("a tag pair needs a name: [Name \"value\"]".to_string());
        }
        let name = &r[..name_len];
        let r = r[name_len..].trim_start();
        let Some(r) = r.strip_prefix('"') else {
            return Err(format!("the value of tag {name} must be in double quotes: [{name} \"value\"]"));
        };
        let mut value = String::new();
        let mut chars = r.char_indices();
        let mut end = None;
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some((_, e)) => value.push(e),
                    None => break,
                },
                '"' => {
                    end = Some(i + 1);
                    break;
                }
                c => value.push(c),
            }
        }
        let Some(end) = end else {
            return Err(format!("the value of tag {name} has no closing double quote"));
        };
        let r = r[end..].trim_start();
        let Some(r) = r.strip_prefix(']') else {
            return Err(format!("the tag pair {name} has no closing ]"));
        };
        out.push((name.to_string(), value));
        rest = r.trim_start();
    }
    Ok(out)
}

fn shorten(text: &str) -> String {
    let short: String = text.chars().take(30).collect();
    if short.len() < text.len() { format!("{short:?}...") } else { format!("{short:?}") }
}

/// Whether a `Variant` tag names Chess960 (`Some(true)`), standard chess
/// (`Some(false)`) or something else (`None`).
fn variant_is_chess960(variant: &str) -> Option<bool> {
    let key: String = variant.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect();
    match key.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" => Some(false),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" => Some(true),
        _ => None,
    }
}

/// The NAG of a suffix annotation.
fn glyph_nag(glyph: &str) -> Option<u8> {
    Some(match glyph {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// The move number as PGN writes it before a move of `pos`: `12.` or `12...`.
fn move_number(pos: &Position) -> String {
    match pos.turn() {
        Color::White => format!("{}.", pos.fullmoves()),
        Color::Black => format!("{}...", pos.fullmoves()),
    }
}

impl GameState {
    fn new(number: usize, options: PgnOptions) -> GameState {
        GameState {
            number,
            options,
            tags: Vec::new(),
            tag_lines: Vec::new(),
            movetext: false,
            start: None,
            frames: Vec::new(),
            skip_depth: 0,
            comment: None,
            error: None,
            seen_non_tag: false,
            result: None,
            last_line: 0,
        }
    }

    /// Records the first error of the game; what follows is skipped up to the
    /// result or the next game.
    fn fail(&mut self, line: usize, kind: PgnErrorKind, message: String) {
        if self.error.is_none() {
            self.error = Some(PgnError { game: self.number, line, kind, message, partial: None });
        }
    }

    fn tag(&self, name: &str) -> Option<(&str, usize)> {
        self.tags.iter().zip(&self.tag_lines).find(|((n, _), _)| n == name).map(|((_, v), l)| (v.as_str(), *l))
    }

    /// Sets up the start position from the tags, when the movetext begins.
    fn begin_movetext(&mut self, line: usize) {
        self.movetext = true;
        self.seen_non_tag = true;
        if self.error.is_some() {
            return;
        }
        match self.start_position(line) {
            Ok(pos) => {
                self.start = Some(pos);
                self.frames.push(Frame::new(pos));
            }
            Err((line, kind, message)) => self.fail(line, kind, message),
        }
    }

    fn start_position(&self, line: usize) -> Result<Position, (usize, PgnErrorKind, String)> {
        let mut mode = None;
        if let Some((variant, at)) = self.tag("Variant") {
            match variant_is_chess960(variant) {
                Some(true) => mode = Some(CastlingMode::Chess960),
                Some(false) => {}
                None => {
                    return Err((
                        at,
                        PgnErrorKind::Variant,
                        format!("variant {variant:?} is not supported: only standard chess and Chess960"),
                    ));
                }
            }
        }
        match self.tag("FEN") {
            Some((text, at)) => fen::read_with(text, mode, self.options.relaxations).map_err(|e| {
                let message = format!("tag FEN: {e}");
                (at, PgnErrorKind::Fen(e), message)
            }),
            None => {
                if let Some(("1", at)) = self.tag("SetUp") {
                    return Err((
                        at,
                        PgnErrorKind::StartPosition,
                        "tag SetUp is 1 but there is no FEN tag".to_string(),
                    ));
                }
                Position::from_setup(Setup::standard(), mode.unwrap_or_default())
                    .map_err(|e| (line, PgnErrorKind::Fen(e.clone().into()), format!("the standard position: {e}")))
            }
        }
    }

    fn add_comment(&mut self, text: &str) {
        if !self.options.comments || self.error.is_some() || self.skip_depth > 0 {
            return;
        }
        let Some(frame) = self.frames.last_mut() else { return };
        let text = text.trim().to_string();
        match frame.moves.last_mut() {
            Some(last) => last.comments.push(text),
            None => frame.comments.push(text),
        }
    }

    fn feed(&mut self, line: &str, no: usize) -> Feed {
        let mut rest = 0;
        let last_line = self.last_line;
        if !line.trim().is_empty() {
            self.last_line = no;
        }
        if let Some(start) = self.comment.as_ref().map(|c| c.line) {
            if looks_like_tag(line) {
                self.comment = None;
                self.fail(
                    start,
                    PgnErrorKind::UnterminatedComment,
                    format!("the comment opened with {{ on line {start} is not closed before the next game's tags"),
                );
                return Feed::NextGame;
            }
            match line.find('}') {
                Some(i) => {
                    let mut done = self.comment.take().map(|c| c.text).unwrap_or_default();
                    join_line(&mut done, &line[..i]);
                    self.add_comment(&done);
                    rest = i + 1;
                }
                None => {
                    let max = self.options.max_line_len;
                    let len = self.comment.as_ref().map_or(0, |c| c.text.len());
                    if len + line.len() > max {
                        self.fail(
                            start,
                            PgnErrorKind::TooLong,
                            format!("the comment opened on line {start} is longer than {max} bytes"),
                        );
                        if let Some(c) = &mut self.comment {
                            c.text.clear();
                        }
                    } else if let Some(c) = &mut self.comment {
                        join_line(&mut c.text, line);
                    }
                    return Feed::More;
                }
            }
        } else if !self.movetext {
            let trimmed = line.trim();
            if trimmed.is_empty() {
                if !self.tags.is_empty() || self.error.is_some() {
                    self.seen_non_tag = true;
                }
                return Feed::More;
            }
            if line.starts_with('%') {
                return Feed::More;
            }
            if trimmed.starts_with('[') {
                if self.error.is_some() {
                    return if self.seen_non_tag && looks_like_tag(line) { Feed::NextGame } else { Feed::More };
                }
                match parse_tags(trimmed) {
                    Ok(tags) => {
                        for tag in tags {
                            self.tags.push(tag);
                            self.tag_lines.push(no);
                        }
                    }
                    Err(message) => self.fail(no, PgnErrorKind::Tag, message),
                }
                return Feed::More;
            }
            self.begin_movetext(no);
        } else if looks_like_tag(line) {
            if self.result.is_none() {
                self.fail(
                    last_line,
                    PgnErrorKind::MissingResult,
                    "the movetext ends without a result (1-0, 0-1, 1/2-1/2 or *) before the next game's tags"
                        .to_string(),
                );
            }
            return Feed::NextGame;
        } else if line.starts_with('%') {
            return Feed::More;
        }
        self.lex(line, rest, no)
    }

    /// Reads the movetext of `line` from byte `at`.
    fn lex(&mut self, line: &str, mut at: usize, no: usize) -> Feed {
        let bytes = line.as_bytes();
        loop {
            while let Some(c) = line[at..].chars().next()
                && c.is_whitespace()
            {
                at += c.len_utf8();
            }
            if at >= bytes.len() {
                return Feed::More;
            }
            match bytes[at] {
                b'{' => match line[at + 1..].find('}') {
                    Some(len) => {
                        self.add_comment(&line[at + 1..at + 1 + len]);
                        at += len + 2;
                    }
                    None => {
                        let text = line[at + 1..].to_string();
                        self.comment = Some(OpenComment { text, line: no });
                        return Feed::More;
                    }
                },
                b';' => {
                    self.add_comment(&line[at + 1..]);
                    return Feed::More;
                }
                b'(' => {
                    self.open_variation(no);
                    at += 1;
                }
                b')' => {
                    self.close_variation(no);
                    at += 1;
                }
                b'}' => {
                    if self.skip_depth == 0 {
                        self.fail(no, PgnErrorKind::Syntax, "a } without a { before it".to_string());
                    }
                    at += 1;
                }
                _ => {
                    let len = line[at..]
                        .find(|c: char| c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';'))
                        .unwrap_or(line.len() - at);
                    let word = &line[at..at + len];
                    // A NAG glued to a move: e4$1.
                    let word = match word.find('$') {
                        Some(0) | None => word,
                        Some(i) => &word[..i],
                    };
                    at += word.len();
                    if self.word(word, no) {
                        return Feed::Done(at);
                    }
                }
            }
        }
    }

    fn open_variation(&mut self, no: usize) {
        if self.error.is_some() {
            return;
        }
        if self.skip_depth > 0 {
            self.skip_depth += 1;
            return;
        }
        // Checked whether variations are kept or not: the file is malformed either way.
        let Some(frame) = self.frames.last() else { return };
        if frame.moves.is_empty() {
            self.fail(no, PgnErrorKind::Syntax, "a variation ( must follow the move it replaces".to_string());
            return;
        }
        if !self.options.variations {
            self.skip_depth += 1;
            return;
        }
        let before = frame.before;
        self.frames.push(Frame::new(before));
    }

    fn close_variation(&mut self, no: usize) {
        if self.error.is_some() {
            return;
        }
        if self.skip_depth > 0 {
            self.skip_depth -= 1;
        } else if self.frames.len() > 1 {
            self.pop_frame();
        } else {
            self.fail(no, PgnErrorKind::Syntax, "a ) without a ( before it".to_string());
        }
    }

    /// Closes the innermost variation, attaching it to the move it replaces.
    fn pop_frame(&mut self) {
        if let Some(frame) = self.frames.pop()
            && let Some(parent) = self.frames.last_mut()
            && let Some(last) = parent.moves.last_mut()
            && !(frame.moves.is_empty() && frame.comments.is_empty())
        {
            last.variations.push(PgnLine { comments: frame.comments, moves: frame.moves });
        }
    }

    /// Handles a word of movetext; true when it is the result that ends the game.
    fn word(&mut self, word: &str, no: usize) -> bool {
        if RESULTS.contains(&word) {
            if self.frames.len() > 1 || self.skip_depth > 0 {
                self.fail(
                    no,
                    PgnErrorKind::UnclosedVariation,
                    format!("the result {word} comes before a variation is closed with )"),
                );
            }
            self.result = Some(word.to_string());
            return true;
        }
        if self.error.is_some() || self.skip_depth > 0 {
            return false;
        }
        if let Some(digits) = word.strip_prefix('$') {
            match digits.parse::<u8>() {
                Ok(nag) => self.add_nag(nag),
                Err(_) => self.fail(
                    no,
                    PgnErrorKind::Syntax,
                    format!("{} is not a NAG: expected $ and a number from 0 to 255", shorten(word)),
                ),
            }
            return false;
        }
        // Move numbers: 12. 12... (glued to the move or not), a lone ... or 12.
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let text = if digits == word.len() && digits > 0 {
            ""
        } else if word.as_bytes().get(digits) == Some(&b'.') {
            word[digits..].trim_start_matches('.')
        } else {
            word
        };
        if text.is_empty() || text == "e.p." {
            return false;
        }
        let core = text.trim_end_matches(['!', '?']);
        let nag = glyph_nag(&text[core.len()..]);
        if core.is_empty() {
            if let Some(nag) = nag {
                self.add_nag(nag);
            }
            return false;
        }
        let Some(frame) = self.frames.last_mut() else { return false };
        if matches!(core, "--" | "Z0" | "0000" | "null") {
            let number = move_number(&frame.pos);
            self.fail(no, PgnErrorKind::Syntax, format!("move {number} {core}: null moves are not supported"));
            return false;
        }
        match read_move(&frame.pos, core, ReadOptions::LENIENT) {
            Ok((mv, _)) => {
                frame.before = frame.pos;
                frame.pos = frame.pos.play_unchecked(mv);
                let mut m = PgnMove::new(mv);
                m.nags.extend(nag);
                frame.moves.push(m);
            }
            Err(e) => {
                let number = move_number(&frame.pos);
                let message = format!("move {number} {}: {}", e.text, e.reason);
                self.fail(no, PgnErrorKind::Move(e), message);
            }
        }
        false
    }

    fn add_nag(&mut self, nag: u8) {
        if let Some(last) = self.frames.last_mut().and_then(|f| f.moves.last_mut()) {
            last.nags.push(nag);
        }
    }

    fn finish(mut self) -> Result<PgnGame, PgnError> {
        if !self.movetext && self.error.is_none() {
            let line = self.tag_lines.last().copied().unwrap_or(0);
            self.begin_movetext(line);
        }
        while self.frames.len() > 1 {
            self.pop_frame();
        }
        let game = self.start.map(|start| {
            let main = self.frames.pop().unwrap_or_else(|| Frame::new(start));
            PgnGame {
                tags: self.tags,
                start,
                comments: main.comments,
                moves: main.moves,
                result: self.result.unwrap_or_else(|| "*".to_string()),
            }
        });
        match (self.error, game) {
            (Some(mut error), game) => {
                error.partial = game.map(Box::new);
                Err(error)
            }
            (None, Some(game)) => Ok(game),
            (None, None) => Err(PgnError {
                game: self.number,
                line: 0,
                kind: PgnErrorKind::StartPosition,
                message: "no start position".to_string(),
                partial: None,
            }),
        }
    }
}

/// Writes a tag value with `\` and `"` escaped (and line breaks, tabs and
/// other control characters as spaces).
fn escape_tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            // PGN strings hold no line break, tab or other control character.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A tag name made of the characters a tag name may have.
fn clean_tag_name(name: &str) -> String {
    let out: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if out.is_empty() { "_".to_string() } else { out }
}

/// Pushes a comment as words, so that it can be wrapped: `{first`, ..., `last}`.
fn comment_tokens(comment: &str, out: &mut Vec<String>) {
    let clean = comment.replace('}', ")");
    let words: Vec<&str> = clean.split_whitespace().collect();
    match words.as_slice() {
        [] => out.push("{}".to_string()),
        [one] => out.push(format!("{{{one}}}")),
        [first, middle @ .., last] => {
            out.push(format!("{{{first}"));
            out.extend(middle.iter().map(|w| w.to_string()));
            out.push(format!("{last}}}"));
        }
    }
}

/// The movetext tokens of a line of moves played from `pos`.
fn line_tokens(pos: Position, comments: &[String], moves: &[PgnMove], out: &mut Vec<String>) -> Result<(), PlayError> {
    for comment in comments {
        comment_tokens(comment, out);
    }
    let mut pos = pos;
    let mut number_due = true;
    for m in moves {
        if !pos.is_legal(m.mv) {
            return Err(PlayError { mv: m.mv });
        }
        if pos.turn() == Color::White || number_due {
            out.push(move_number(&pos));
        }
        out.push(san::write(&pos, m.mv));
        out.extend(m.nags.iter().map(|n| format!("${n}")));
        number_due = false;
        for comment in &m.comments {
            comment_tokens(comment, out);
            number_due = true;
        }
        for variation in &m.variations {
            let first = out.len();
            line_tokens(pos, &variation.comments, &variation.moves, out)?;
            if out.len() == first {
                out.push("()".to_string());
            } else {
                out[first].insert(0, '(');
                if let Some(last) = out.last_mut() {
                    last.push(')');
                }
            }
            number_due = true;
        }
        pos = pos.play_unchecked(m.mv);
    }
    Ok(())
}

/// Writes a game in PGN export format (see the module documentation),
/// ending with a blank line so that games can be written one after another.
///
/// # Errors
/// [`PlayError`] for the first move that is not legal where it is played
/// (only possible in a game built by hand).
///
/// ```
/// use lawbook_notation::{fen, pgn::{self, PgnGame, PgnMove}, read_move, ReadOptions};
/// let start = fen::read("r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R b KQkq - 0 1")?;
/// let mut game = PgnGame::new(start);
/// game.set_tag("White", "Say \"hi\"");
/// let (mv, _) = read_move(&start, "Ba5", ReadOptions::LENIENT)?;
/// game.moves.push(PgnMove::new(mv));
/// let text = pgn::write(&game)?;
/// assert!(text.contains("[White \"Say \\\"hi\\\"\"]\n"));
/// assert!(text.contains("[SetUp \"1\"]\n"));
/// assert!(text.ends_with("\n1... Ba5 *\n\n"));
/// let back = pgn::PgnReader::new(text.as_bytes()).next().unwrap()?;
/// assert_eq!(back.moves, game.moves);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(game: &PgnGame) -> Result<String, PlayError> {
    let mut out = String::new();
    let result_tag = game.tag("Result").unwrap_or(&game.result).to_string();
    for name in SEVEN_TAG_ROSTER {
        let value = match name {
            "Result" => result_tag.as_str(),
            "Date" => game.tag(name).unwrap_or("????.??.??"),
            _ => game.tag(name).unwrap_or("?"),
        };
        push_tag(&mut out, name, value);
    }
    let standard_start = Position::startpos();
    let chess960 = game.start.castling_mode() == CastlingMode::Chess960;
    for (name, value) in &game.tags {
        if SEVEN_TAG_ROSTER.contains(&name.as_str()) || matches!(name.as_str(), "SetUp" | "FEN" | "Variant") {
            continue;
        }
        push_tag(&mut out, name, value);
    }
    // The Variant tag follows the start position's castling mode.
    match game.tag("Variant") {
        _ if chess960 => push_tag(&mut out, "Variant", "Chess960"),
        Some(variant) if variant_is_chess960(variant) != Some(true) => push_tag(&mut out, "Variant", variant),
        _ => {}
    }
    if game.start != standard_start || chess960 {
        push_tag(&mut out, "SetUp", "1");
        push_tag(&mut out, "FEN", &fen::write(&game.start));
    }
    out.push('\n');
    let mut tokens = Vec::new();
    line_tokens(game.start, &game.comments, &game.moves, &mut tokens)?;
    tokens.push(game.result.clone());
    let mut width = 0;
    for token in tokens {
        if width > 0 && width + 1 + token.chars().count() > 80 {
            out.push('\n');
            width = 0;
            // A comment word that would read as a tag pair or an escape line
            // at the start of a line is indented.
            if token.starts_with(['[', '%']) {
                out.push(' ');
                width = 1;
            }
        }
        if width > 0 {
            out.push(' ');
            width += 1;
        }
        width += token.chars().count();
        out.push_str(&token);
    }
    out.push_str("\n\n");
    Ok(out)
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(&clean_tag_name(name));
    out.push_str(" \"");
    out.push_str(&escape_tag_value(value));
    out.push_str("\"]\n");
}

/// Writes a game in export format to `out` (see [`write`]).
///
/// # Errors
/// The writer's I/O error, or [`io::ErrorKind::InvalidInput`] for a move
/// that is not legal where it is played.
pub fn write_to<W: io::Write>(out: &mut W, game: &PgnGame) -> io::Result<()> {
    let text = write(game).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
    out.write_all(text.as_bytes())
}
