//! Reading: [`PgnReader`] takes the input line by line, bounds each line and
//! hands it to the parser of the game being read.

use super::error::{PgnError, PgnErrorKind};
use super::model::PgnGame;
use super::options::PgnOptions;
use super::parser::{self, Feed, Frame, GameParser};
use super::visitor::{GameBuilder, Visitor};
use std::borrow::Cow;
use std::io::{self, BufRead};

/// A problem with a whole line.
enum LineFault {
    TooLong,
    Nul(usize),
}

/// What to keep of a line once it has been used: nothing, or its text from
/// this byte on (the rest of a line after a result, or a line that starts
/// the next game), to be read again as the next line.
type Keep = Option<usize>;

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
    /// The bytes of a line that does not fit whole in the input's buffer.
    buf: Vec<u8>,
    /// The room for the lines of a game, kept from game to game.
    spare: Vec<Frame>,
}

impl<R: BufRead> PgnReader<R> {
    /// A reader with the default options.
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader::with_options(input, PgnOptions::default())
    }

    /// A reader with the given options.
    pub fn with_options(input: R, options: PgnOptions) -> PgnReader<R> {
        PgnReader {
            input,
            options,
            line_no: 0,
            pending: None,
            games: 0,
            done: false,
            buf: Vec::new(),
            spare: Vec::new(),
        }
    }

    /// Reads the next line and hands it to `f` with its number: its text
    /// without the line break, or what is wrong with it. `f` says what to keep
    /// of it. A line that lies whole in the input's buffer is handed over
    /// from there, without a copy. `None` at the end of the input.
    fn next_line<T>(&mut self, f: impl FnOnce(usize, Result<&str, LineFault>) -> (T, Keep)) -> Option<io::Result<T>> {
        if let Some((no, mut text)) = self.pending.take() {
            let (out, keep) = f(no, Ok(&text));
            if let Some(from) = keep {
                text.drain(..from);
                self.pending = Some((no, text));
            }
            return Some(Ok(out));
        }
        let max = self.options.max_line_len;
        // The fast way: the whole line is in the buffer.
        let chunk = loop {
            match self.input.fill_buf() {
                Ok(chunk) => break chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            }
        };
        if chunk.is_empty() {
            return None;
        }
        if let Some(end) = memchr::memchr(b'\n', chunk) {
            self.line_no += 1;
            let no = self.line_no;
            let (out, keep) = line_text(&chunk[..end], no, max, f);
            if let Some((from, text)) = keep {
                self.pending = Some((no, text[from..].to_string()));
            }
            self.input.consume(end + 1);
            return Some(Ok(out));
        }
        // The slow way: the line goes on past the buffer; copied.
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        let mut too_long = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.buf = buf;
                    return Some(Err(e));
                }
            };
            if chunk.is_empty() {
                break;
            }
            let (take, end) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if !too_long {
                // Room for the line and its CR LF.
                if buf.len() + take > max.saturating_add(2) {
                    too_long = true;
                    buf = Vec::new();
                } else {
                    buf.extend_from_slice(&chunk[..take]);
                }
            }
            self.input.consume(take);
            if end {
                break;
            }
        }
        self.line_no += 1;
        let no = self.line_no;
        if too_long {
            self.buf = buf;
            return Some(Ok(f(no, Err(LineFault::TooLong)).0));
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        }
        let (out, keep) = line_text(&buf, no, max, f);
        if let Some((from, text)) = keep {
            self.pending = Some((no, text[from..].to_string()));
        }
        self.buf = buf;
        Some(Ok(out))
    }
}

/// Hands line `no` (`bytes`, without its `\n`) to `f` as [`PgnReader::next_line`]
/// says; the text and the byte to keep it from, when `f` keeps some.
#[inline(always)]
fn line_text<T>(
    mut bytes: &[u8],
    no: usize,
    max: usize,
    f: impl FnOnce(usize, Result<&str, LineFault>) -> (T, Keep),
) -> (T, Option<(usize, Cow<'_, str>)>) {
    while let [rest @ .., b'\n' | b'\r'] = bytes {
        bytes = rest;
    }
    if bytes.len() > max {
        return (f(no, Err(LineFault::TooLong)).0, None);
    }
    // One look at every byte for both a NUL and a byte beyond ASCII (a fold
    // with no early exit, which the compiler vectorises); most lines have neither.
    let plain = bytes.iter().fold(0u8, |seen, &b| seen | u8::from(b == 0) | (b & 0x80)) == 0;
    if !plain && let Some(i) = memchr::memchr(0, bytes) {
        return (f(no, Err(LineFault::Nul(i + 1))).0, None);
    }
    if no == 1 {
        bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    }
    let text = if plain {
        // SAFETY: ASCII bytes are UTF-8 (the check is quicker than from_utf8's on short lines).
        Cow::Borrowed(unsafe { std::str::from_utf8_unchecked(bytes) })
    } else {
        match std::str::from_utf8(bytes) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(bytes),
        }
    };
    let (out, keep) = f(no, Ok(&text));
    (out, keep.map(|from| (from, text)))
}

impl<R: BufRead> PgnReader<R> {
    /// Reads the next game, telling `visitor` each part of it as it is read,
    /// without building the game: `None` at the end of the input. The
    /// reader's iterator is this with a [`GameBuilder`].
    ///
    /// ```
    /// use lawbook_movegen::{Move, Position};
    /// use lawbook_notation::pgn::{PgnError, PgnReader, Visitor};
    ///
    /// /// The Result tag and the last position of each game.
    /// #[derive(Default)]
    /// struct Last {
    ///     result: Option<String>,
    ///     last: Option<Position>,
    /// }
    ///
    /// impl Visitor for Last {
    ///     type Output = (Option<String>, Option<Position>);
    ///     fn tag(&mut self, name: &str, value: &str) {
    ///         if name == "Result" {
    ///             self.result = Some(value.to_string());
    ///         }
    ///     }
    ///     fn begin_movetext(&mut self, start: &Position) {
    ///         self.last = Some(*start);
    ///     }
    ///     fn play(&mut self, _: &Position, _: Move, after: &Position) {
    ///         self.last = Some(*after);
    ///     }
    ///     fn end_game(&mut self, _: Result<&str, PgnError>) -> Self::Output {
    ///         (self.result.take(), self.last.take())
    ///     }
    /// }
    ///
    /// let text = "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    /// let (result, last) = PgnReader::new(text.as_bytes()).read_game(&mut Last::default()).unwrap();
    /// assert_eq!(result.as_deref(), Some("0-1"));
    /// let last = last.unwrap();
    /// assert!(last.is_check() && last.count_legal() == 0);
    /// ```
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> Option<V::Output> {
        if self.done {
            return None;
        }
        let mut reading: Option<GameParser> = None;
        let options = self.options;
        loop {
            if let Err(e) = self.tag_lines(&mut reading, visitor) {
                return Some(self.failed_input(&reading, e, visitor));
            }
            let mut games = self.games;
            let mut spare = std::mem::take(&mut self.spare);
            // What the line came to: whether the game ended with it.
            let fed = self.next_line(|no, text| {
                let text = match text {
                    Ok(text) => text,
                    Err(fault) => {
                        let s = reading.get_or_insert_with(|| {
                            games += 1;
                            GameParser::new(games, options, std::mem::take(&mut spare))
                        });
                        let (kind, message) = match fault {
                            LineFault::TooLong => (
                                PgnErrorKind::TooLong,
                                format!("the line is longer than {} bytes", options.max_line_len),
                            ),
                            LineFault::Nul(col) => {
                                (PgnErrorKind::NulByte, format!("a NUL byte in column {col}: this is not PGN text"))
                            }
                        };
                        s.fail(no, kind, message);
                        s.seen_non_tag = true;
                        return (false, None);
                    }
                };
                if reading.is_none() && (text.starts_with('%') || parser::trim(text).is_empty()) {
                    return (false, None);
                }
                let s = reading.get_or_insert_with(|| {
                    games += 1;
                    GameParser::new(games, options, std::mem::take(&mut spare))
                });
                match s.feed(text, no, visitor) {
                    Feed::More => (false, None),
                    Feed::Done(rest) => (true, (!parser::trim(&text[rest..]).is_empty()).then_some(rest)),
                    Feed::NextGame => (true, Some(0)),
                }
            });
            self.games = games;
            self.spare = spare;
            match fed {
                None => break,
                Some(Err(e)) => return Some(self.failed_input(&reading, e, visitor)),
                Some(Ok(false)) => {}
                Some(Ok(true)) => {
                    return reading.map(|s| s.finish(visitor, &mut self.spare));
                }
            }
        }
        self.done = true;
        let mut s = reading?;
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
        Some(s.finish(visitor, &mut self.spare))
    }
}

impl<R: BufRead> PgnReader<R> {
    /// Tells the lines at the start of the input's buffer that are each one
    /// plain tag pair ([`parser::plain_tag_line`]) to the game whose tags are
    /// being read (a new one when none is), as [`PgnReader::next_line`] and
    /// [`GameParser::feed`] would, without cutting each line out first: most
    /// lines of a PGN database are such tag pairs.
    fn tag_lines<V: Visitor>(&mut self, reading: &mut Option<GameParser>, visitor: &mut V) -> io::Result<()> {
        if self.pending.is_some() || reading.as_ref().is_some_and(|s| !s.reads_tags()) {
            return Ok(());
        }
        let chunk = loop {
            match self.input.fill_buf() {
                Ok(chunk) => break chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        let mut used = 0;
        while let Some((name_end, start, end, len)) = parser::plain_tag_line(&chunk[used..]) {
            // The line without its break is `[`, the pair, `"` and `]`.
            if end + 2 > self.options.max_line_len {
                break;
            }
            let line = &chunk[used..used + len];
            // SAFETY: the line is printable ASCII (plain_tag_line checks), so UTF-8.
            let (name, value) = unsafe {
                (std::str::from_utf8_unchecked(&line[1..name_end]), std::str::from_utf8_unchecked(&line[start..end]))
            };
            self.line_no += 1;
            let game = reading.get_or_insert_with(|| {
                self.games += 1;
                GameParser::new(self.games, self.options, std::mem::take(&mut self.spare))
            });
            game.tag_line(name, value, self.line_no, visitor);
            used += len;
        }
        self.input.consume(used);
        Ok(())
    }

    /// Ends the reading after the input failed with `e`: the game being read
    /// (or the next) reports it.
    fn failed_input<V: Visitor>(&mut self, reading: &Option<GameParser>, e: io::Error, visitor: &mut V) -> V::Output {
        self.done = true;
        let game = reading.as_ref().map_or(self.games + 1, |s| s.number);
        visitor.end_game(Err(PgnError {
            game,
            line: self.line_no + 1,
            kind: PgnErrorKind::Io,
            message: format!("cannot read the input: {e}"),
            partial: None,
        }))
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_game(&mut GameBuilder::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_tags_is_told_whole_or_not_at_all() {
        let read = |text: &str| PgnReader::new(text.as_bytes()).next().unwrap();
        let game = read("[White \"a\"] [Black \"b \\\"c\\\"\"]\n[Event \"e\"]\n\n*\n").unwrap();
        let tags: Vec<(&str, &str)> = game.tags.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
        assert_eq!(tags, [("White", "a"), ("Black", "b \"c\""), ("Event", "e")]);
        // One tag pair and text after it: an error, and the pair is not told.
        let error = read("[White \"a\"] junk\n\n*\n").unwrap_err();
        assert_eq!(error.kind, PgnErrorKind::Tag);
        assert!(error.message.contains("unexpected text"), "{}", error.message);
        assert!(error.partial.as_ref().is_none_or(|g| g.tags.is_empty()));
    }
}
