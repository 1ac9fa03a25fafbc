//! [`GameParser`]: one game's text parsed line by line, its tag pairs, then
//! the movetext cut into tokens (comments, variations, NAGs, move numbers,
//! moves), each move read and checked in its position, until the result. What is read is
//! told to a [`Visitor`] as it comes; nothing of the game is kept here but
//! the positions of the lines being read.

use super::error::{PgnError, PgnErrorKind};
use super::model::{RESULTS, move_number, variant_is_chess960};
use super::options::PgnOptions;
use super::visitor::Visitor;
use crate::read::read_word;
use crate::{ReadOptions, fen};
use arrayvec::ArrayVec;
use lawbook_board::{CastlingMode, Setup};
use lawbook_movegen::Position;
use std::borrow::Cow;

/// What the reader does after a line has been fed to a game.
pub(super) enum Feed {
    /// The game goes on.
    More,
    /// The game ended with its result; the line goes on from this byte.
    Done(usize),
    /// The game ended before this line, which starts the next game.
    NextGame,
}

/// An open `{` comment.
pub(super) struct OpenComment {
    text: String,
    pub(super) line: usize,
}

/// A line being read: the main line or a variation.
pub(super) struct Frame {
    /// Whether the line has a move yet.
    moved: bool,
    /// The position after the last move of the line.
    pos: Position,
    /// The position before the last move of the line (where a variation of
    /// that move starts).
    before: Position,
}

impl Frame {
    fn new(pos: Position) -> Frame {
        Frame { moved: false, pos, before: pos }
    }
}

/// The tags that decide the start position, each with its line: the first
/// of each name.
#[derive(Default)]
struct StartTags {
    variant: Option<(String, usize)>,
    fen: Option<(String, usize)>,
    set_up: Option<(String, usize)>,
}

/// The parser of one game: fed its lines by the reader, it tells a
/// [`Visitor`] what they hold.
pub(super) struct GameParser {
    pub(super) number: usize,
    options: PgnOptions,
    start_tags: StartTags,
    /// The line of the last tag pair.
    last_tag_line: Option<usize>,
    movetext: bool,
    start: Option<Position>,
    frames: Vec<Frame>,
    /// Depth of variations being skipped (with `variations: false`).
    skip_depth: usize,
    pub(super) comment: Option<OpenComment>,
    error: Option<PgnError>,
    /// After an error in the tag section: whether a line other than a tag
    /// pair has been seen since (then a tag pair starts the next game).
    pub(super) seen_non_tag: bool,
    pub(super) result: Option<&'static str>,
    /// The last line with text on it.
    pub(super) last_line: usize,
}

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

/// `text` without white space at either end ([`str::trim`]), looked at
/// byte by byte only when an end is not plainly ASCII text.
pub(super) fn trim(text: &str) -> &str {
    match text.as_bytes() {
        [first, .., last] if first.is_ascii_graphic() && last.is_ascii_graphic() => text,
        [only] if only.is_ascii_graphic() => text,
        _ => text.trim(),
    }
}

/// `text` without white space at its start ([`str::trim_start`]), looked at
/// character by character only when it starts with other than plain ASCII.
fn trim_start(text: &str) -> &str {
    match text.as_bytes().first() {
        Some(b) if b.is_ascii_graphic() => text,
        _ => text.trim_start(),
    }
}

/// Whether a byte may be part of a tag name.
fn is_name_byte(b: u8) -> bool {
    CLASS[usize::from(b)] & NAME != 0
}

/// Reads the tag pairs of a line, `[Name "value"]`, any number of them,
/// handing each to `each` (the value unescaped).
fn parse_tags<'a>(line: &'a str, mut each: impl FnMut(&'a str, Cow<'a, str>)) -> Result<(), String> {
    let mut rest = trim(line);
    while !rest.is_empty() {
        let (name, value, after) = parse_tag(rest)?;
        each(name, value);
        rest = after;
    }
    Ok(())
}

/// Reads the tag pair at the start of `rest` (which starts with other
/// than white space): its name, its value unescaped, and what follows it,
/// white space at its start left out.
fn parse_tag(rest: &str) -> Result<(&str, Cow<'_, str>, &str), String> {
    match plain_tag(rest) {
        Some((name, value, end)) => Ok((name, Cow::Borrowed(value), trim_start(&rest[end..]))),
        None => parse_tag_general(rest),
    }
}

/// The tag pair at the start of `rest` when it is written as most are,
/// `[Name "value"]` with one space and no escape: its name, its value and
/// the byte after its `]`. What [`parse_tag`] reads of it, read at once.
#[inline(always)]
fn plain_tag(rest: &str) -> Option<(&str, &str, usize)> {
    let (at, start, end) = plain_tag_at(rest.as_bytes(), QUOTED)?;
    // Every split is next to an ASCII byte, so on a character boundary.
    Some((&rest[1..at], &rest[start..end], end + 2))
}

/// The line at the start of `bytes` when it is one tag pair as most are,
/// `[Name "value"]` in printable ASCII with no escape, and nothing else up
/// to its LF or CR LF: the end of its name, the start and end of its value
/// and the length of the line with its break. Such a line is told as
/// [`GameParser::feed`] would tell it, without being cut out first.
#[inline(always)]
pub(super) fn plain_tag_line(bytes: &[u8]) -> Option<(usize, usize, usize, usize)> {
    let (at, start, end) = plain_tag_at(bytes, VALUE)?;
    match (bytes.get(end + 2), bytes.get(end + 3)) {
        (Some(b'\n'), _) => Some((at, start, end, end + 3)),
        (Some(b'\r'), Some(b'\n')) => Some((at, start, end, end + 4)),
        _ => None,
    }
}

/// The tag pair `[Name "value"]` at the start of `bytes`, written with one
/// space and a value made of bytes of class `value` (which leaves out `"`
/// and `\\`): the end of its name, and the start and end of its value
/// (its `"]` follows).
#[inline(always)]
fn plain_tag_at(bytes: &[u8], value: u8) -> Option<(usize, usize, usize)> {
    if bytes.first() != Some(&b'[') {
        return None;
    }
    let mut at = 1;
    while at < bytes.len() && is_name_byte(bytes[at]) {
        at += 1;
    }
    if at == 1 || bytes.get(at) != Some(&b' ') || bytes.get(at + 1) != Some(&b'"') {
        return None;
    }
    let start = at + 2;
    let mut end = start;
    while end < bytes.len() && CLASS[usize::from(bytes[end])] & value != 0 {
        end += 1;
    }
    (bytes.get(end) == Some(&b'"') && bytes.get(end + 1) == Some(&b']')).then_some((at, start, end))
}

/// [`parse_tag`] for any tag pair: white space anywhere between its parts,
/// escapes in the value, and every error.
fn parse_tag_general(rest: &str) -> Result<(&str, Cow<'_, str>, &str), String> {
    let Some(r) = rest.strip_prefix('[') else {
        return Err(format!("unexpected text {} after a tag pair", shorten(rest)));
    };
    let r = trim_start(r);
    let name_len = r.bytes().position(|b| !is_name_byte(b)).unwrap_or(r.len());
    if name_len == 0 {
        return Err("a tag pair needs a name: [Name \"value\"]".to_string());
    }
    let name = &r[..name_len];
    let r = trim_start(&r[name_len..]);
    let Some(r) = r.strip_prefix('"') else {
        return Err(format!("the value of tag {name} must be in double quotes: [{name} \"value\"]"));
    };
    // Values are short: a plain loop finds their end sooner than memchr2.
    let (value, end) = match r.bytes().position(|b| b == b'"' || b == b'\\') {
        // Most values have no escape: taken whole.
        Some(i) if r.as_bytes()[i] == b'"' => (Cow::Borrowed(&r[..i]), Some(i + 1)),
        _ => {
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
            (Cow::Owned(value), end)
        }
    };
    let Some(end) = end else {
        return Err(format!("the value of tag {name} has no closing double quote"));
    };
    let r = trim_start(&r[end..]);
    let Some(r) = r.strip_prefix(']') else {
        return Err(format!("the tag pair {name} has no closing ]"));
    };
    Ok((name, value, trim_start(r)))
}

/// What a byte of movetext is to the scanner: ASCII white space (as
/// [`char::is_whitespace`] says), a byte that ends a word, a `$` (which
/// ends a word unless the word starts with it), the first byte of a
/// character beyond ASCII (looked at whole), or any other byte (0).
const SPACE: u8 = 1;
const ENDS_WORD: u8 = 2;
const WIDE: u8 = 4;
const DOLLAR: u8 = 8;
/// Not for movetext: a letter, digit or `_`, which a tag name is made of.
const NAME: u8 = 16;
/// Not for movetext: printable ASCII other than `"` and `\\`, which a plain
/// tag value on a line told from the buffer is made of.
const VALUE: u8 = 32;
/// Not for movetext: any byte but `"` and `\\`, which a plain tag value is made of.
const QUOTED: u8 = 64;
const CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        class[b] = match b as u8 {
            b' ' | b'\t'..=b'\r' => SPACE | ENDS_WORD,
            b'{' | b'}' | b'(' | b')' | b';' => ENDS_WORD,
            b'$' => DOLLAR,
            0x80..=0xff => WIDE,
            b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'_' => NAME,
            _ => 0,
        };
        if b != b'"' as usize && b != b'\\' as usize {
            class[b] |= QUOTED;
            if b >= 0x20 && b < 0x7f {
                class[b] |= VALUE;
            }
        }
        b += 1;
    }
    class
};

/// The first byte from `at` that is not white space (Unicode's, as
/// [`char::is_whitespace`] says), or the line's length.
#[inline(always)]
fn skip_space(line: &str, mut at: usize) -> usize {
    let bytes = line.as_bytes();
    // Most tokens are parted by one space.
    if bytes.get(at) == Some(&b' ') && bytes.get(at + 1).is_some_and(|&b| CLASS[usize::from(b)] & (SPACE | WIDE) == 0) {
        return at + 1;
    }
    while at < bytes.len() {
        let class = CLASS[usize::from(bytes[at])];
        if class & SPACE != 0 {
            at += 1;
        } else if class & WIDE != 0 {
            match line[at..].chars().next() {
                Some(c) if c.is_whitespace() => at += c.len_utf8(),
                _ => break,
            }
        } else {
            break;
        }
    }
    at
}

/// Where the word of movetext starting at `at` ends: at white space, a
/// brace, a parenthesis, a `;` or the end of the line; and at a `$` (a NAG
/// glued to a move, `e4$1`) unless the word starts with one.
#[inline(always)]
fn word_end(line: &str, mut at: usize) -> usize {
    let bytes = line.as_bytes();
    // A `$` goes on a word that starts with one.
    let stop = if bytes.get(at) == Some(&b'$') { ENDS_WORD } else { ENDS_WORD | DOLLAR };
    while at < bytes.len() {
        let class = CLASS[usize::from(bytes[at])];
        if class & (stop | WIDE) == 0 {
            at += 1;
        } else if class & WIDE != 0 {
            match line[at..].chars().next() {
                Some(c) if c.is_whitespace() => break,
                Some(c) => at += c.len_utf8(),
                None => break,
            }
        } else {
            break;
        }
    }
    at
}

/// Where the word at `at` ends when it is a move number and nothing more
/// (`12.`, `12...`): passed over without a look at it as a word.
#[inline(always)]
fn move_number_end(bytes: &[u8], at: usize) -> Option<usize> {
    let digits = bytes[at..].iter().take_while(|b| b.is_ascii_digit()).count();
    let dots = bytes[at + digits..].iter().take_while(|&&b| b == b'.').count();
    let end = at + digits + dots;
    let ends = bytes.get(end).is_none_or(|&b| CLASS[usize::from(b)] & (ENDS_WORD | DOLLAR) != 0);
    (dots > 0 && ends).then_some(end)
}

fn shorten(text: &str) -> String {
    let short: String = text.chars().take(30).collect();
    if short.len() < text.len() { format!("{short:?}...") } else { format!("{short:?}") }
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

impl GameParser {
    /// Game `number`, its lines kept in `frames` (emptied: the room of a
    /// game read before, handed back by [`GameParser::finish`]).
    pub(super) fn new(number: usize, options: PgnOptions, mut frames: Vec<Frame>) -> GameParser {
        frames.clear();
        GameParser {
            number,
            options,
            start_tags: StartTags::default(),
            last_tag_line: None,
            movetext: false,
            start: None,
            frames,
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
    pub(super) fn fail(&mut self, line: usize, kind: PgnErrorKind, message: String) {
        if self.error.is_none() {
            self.error = Some(PgnError { game: self.number, line, kind, message, partial: None });
        }
    }

    /// Keeps the first tag of each name that decides the start position.
    #[inline(always)]
    fn keep_start_tag(&mut self, name: &str, value: &str, line: usize) {
        // Most tags are none of them: told by their first letter.
        if !matches!(name.as_bytes().first(), Some(b'V' | b'F' | b'S')) {
            return;
        }
        let slot = match name {
            "Variant" => &mut self.start_tags.variant,
            "FEN" => &mut self.start_tags.fen,
            "SetUp" => &mut self.start_tags.set_up,
            _ => return,
        };
        if slot.is_none() {
            *slot = Some((value.to_string(), line));
        }
    }

    /// Whether the game is still reading its tag pairs, with no error: a
    /// plain tag line ([`plain_tag_line`]) is then told by [`GameParser::tag_line`].
    pub(super) fn reads_tags(&self) -> bool {
        !self.movetext && self.error.is_none()
    }

    /// Line `no`, which holds the tag pair `name`, `value` and nothing else,
    /// while the game reads its tag pairs.
    #[inline(always)]
    pub(super) fn tag_line<V: Visitor>(&mut self, name: &str, value: &str, no: usize, v: &mut V) {
        debug_assert!(self.reads_tags() && self.comment.is_none());
        self.last_line = no;
        self.keep_start_tag(name, value, no);
        v.tag(name, value);
        self.last_tag_line = Some(no);
    }

    /// Sets up the start position from the tags, when the movetext begins.
    fn begin_movetext<V: Visitor>(&mut self, line: usize, v: &mut V) {
        self.movetext = true;
        self.seen_non_tag = true;
        if self.error.is_some() {
            return;
        }
        match self.start_position(line) {
            Ok(pos) => {
                self.start = Some(pos);
                self.frames.push(Frame::new(pos));
                v.begin_movetext(&pos);
            }
            Err((line, kind, message)) => self.fail(line, kind, message),
        }
    }

    fn start_position(&self, line: usize) -> Result<Position, (usize, PgnErrorKind, String)> {
        let mut mode = None;
        if let Some((variant, at)) = &self.start_tags.variant {
            match variant_is_chess960(variant) {
                Some(true) => mode = Some(CastlingMode::Chess960),
                Some(false) => {}
                None => {
                    return Err((
                        *at,
                        PgnErrorKind::Variant,
                        format!("variant {variant:?} is not supported: only standard chess and Chess960"),
                    ));
                }
            }
        }
        match &self.start_tags.fen {
            Some((text, at)) => fen::read_with(text, mode, self.options.relaxations).map_err(|e| {
                let message = format!("tag FEN: {e}");
                (*at, PgnErrorKind::Fen(e), message)
            }),
            None => {
                if let Some((set_up, at)) = &self.start_tags.set_up
                    && set_up == "1"
                {
                    return Err((
                        *at,
                        PgnErrorKind::StartPosition,
                        "tag SetUp is 1 but there is no FEN tag".to_string(),
                    ));
                }
                match mode.unwrap_or_default() {
                    CastlingMode::Standard => Ok(Position::startpos()),
                    mode => Position::from_setup(Setup::standard(), mode).map_err(|e| {
                        (line, PgnErrorKind::Fen(e.clone().into()), format!("the standard position: {e}"))
                    }),
                }
            }
        }
    }

    fn add_comment<V: Visitor>(&mut self, text: &str, v: &mut V) {
        if !self.options.comments || self.error.is_some() || self.skip_depth > 0 || self.frames.is_empty() {
            return;
        }
        v.comment(text);
    }

    /// Parses line `no` of the game: whether the game goes on, ended with
    /// this line, or ended before it.
    pub(super) fn feed<V: Visitor>(&mut self, line: &str, no: usize, v: &mut V) -> Feed {
        let mut rest = 0;
        let last_line = self.last_line;
        if !trim(line).is_empty() {
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
                    self.add_comment(&done, v);
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
            let trimmed = trim(line);
            if trimmed.is_empty() {
                if self.last_tag_line.is_some() || self.error.is_some() {
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
                // Most lines hold one tag pair, plainly written: told at once.
                if let Some((name, value, end)) = plain_tag(trimmed)
                    && end == trimmed.len()
                {
                    self.tag_line(name, value, no, v);
                    return Feed::More;
                }
                // Otherwise also told at once when nothing follows it.
                match parse_tag(trimmed) {
                    Ok((name, value, "")) => {
                        self.tag_line(name, &value, no, v);
                        return Feed::More;
                    }
                    Err(message) => {
                        self.fail(no, PgnErrorKind::Tag, message);
                        return Feed::More;
                    }
                    Ok(_) => {}
                }
                // The line's tags are told only once the whole line reads:
                // kept meanwhile (a line of many tags is read twice).
                let mut kept = ArrayVec::<(&str, Cow<'_, str>), 4>::new();
                let mut overflow = false;
                let read = parse_tags(trimmed, |name, value| {
                    if !overflow && kept.try_push((name, value)).is_err() {
                        overflow = true;
                    }
                });
                match read {
                    Ok(()) => {
                        let mut tell = |name: &str, value: &str| {
                            self.keep_start_tag(name, value, no);
                            v.tag(name, value);
                        };
                        if overflow {
                            let _ = parse_tags(trimmed, |name, value| tell(name, &value));
                        } else {
                            kept.iter().for_each(|(name, value)| tell(name, value));
                        }
                        self.last_tag_line = Some(no);
                    }
                    Err(message) => self.fail(no, PgnErrorKind::Tag, message),
                }
                return Feed::More;
            }
            self.begin_movetext(no, v);
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
        self.movetext(line, rest, no, v)
    }

    /// Parses the movetext of `line` from byte `at`.
    fn movetext<V: Visitor>(&mut self, line: &str, mut at: usize, no: usize, v: &mut V) -> Feed {
        let bytes = line.as_bytes();
        loop {
            at = skip_space(line, at);
            if at >= bytes.len() {
                return Feed::More;
            }
            match bytes[at] {
                b'{' => match memchr::memchr(b'}', &bytes[at + 1..]) {
                    Some(len) => {
                        self.add_comment(&line[at + 1..at + 1 + len], v);
                        at += len + 2;
                    }
                    None => {
                        let text = line[at + 1..].to_string();
                        self.comment = Some(OpenComment { text, line: no });
                        return Feed::More;
                    }
                },
                b';' => {
                    self.add_comment(&line[at + 1..], v);
                    return Feed::More;
                }
                b'(' => {
                    self.open_variation(no, v);
                    at += 1;
                }
                b')' => {
                    self.close_variation(no, v);
                    at += 1;
                }
                b'}' => {
                    if self.skip_depth == 0 {
                        self.fail(no, PgnErrorKind::Syntax, "a } without a { before it".to_string());
                    }
                    at += 1;
                }
                b'0'..=b'9' if let Some(end) = move_number_end(bytes, at) => at = end,
                _ => {
                    let end = word_end(line, at);
                    debug_assert!(line.is_char_boundary(at) && line.is_char_boundary(end));
                    // SAFETY: a word starts after white space or a byte that
                    // ends a word, and ends before one or at the end of the
                    // line (word_end steps over whole characters): both on
                    // character boundaries.
                    let word = unsafe { line.get_unchecked(at..end) };
                    at += word.len();
                    if self.word(word, no, v) {
                        return Feed::Done(at);
                    }
                }
            }
        }
    }

    fn open_variation<V: Visitor>(&mut self, no: usize, v: &mut V) {
        if self.error.is_some() {
            return;
        }
        if self.skip_depth > 0 {
            self.skip_depth += 1;
            return;
        }
        // Checked whether variations are kept or not: the file is malformed either way.
        let Some(frame) = self.frames.last() else { return };
        if !frame.moved {
            self.fail(no, PgnErrorKind::Syntax, "a variation ( must follow the move it replaces".to_string());
            return;
        }
        if !self.options.variations {
            self.skip_depth += 1;
            return;
        }
        let before = frame.before;
        self.frames.push(Frame::new(before));
        v.begin_variation();
    }

    fn close_variation<V: Visitor>(&mut self, no: usize, v: &mut V) {
        if self.error.is_some() {
            return;
        }
        if self.skip_depth > 0 {
            self.skip_depth -= 1;
        } else if self.frames.len() > 1 {
            self.frames.pop();
            v.end_variation();
        } else {
            self.fail(no, PgnErrorKind::Syntax, "a ) without a ( before it".to_string());
        }
    }

    /// Handles a word of movetext; true when it is the result that ends the game.
    fn word<V: Visitor>(&mut self, word: &str, no: usize, v: &mut V) -> bool {
        // Most words are a move as plain SAN: a file or a piece letter first,
        // no `!` or `?` last (never a result, which starts with 0, 1 or *).
        // They are taken whole, as the reading below would take them.
        let plain = match word.as_bytes() {
            [first, .., last] => {
                matches!(first, b'a'..=b'h' | b'K' | b'Q' | b'R' | b'B' | b'N' | b'O')
                    && !matches!(last, b'!' | b'?')
                    && word != "e.p."
            }
            _ => false,
        };
        if plain {
            if self.error.is_none() && self.skip_depth == 0 {
                self.play_word(word, None, no, v);
            }
            return false;
        }
        // Every result starts with 0, 1 or *.
        if matches!(word.len(), 1 | 3 | 7)
            && matches!(word.as_bytes()[0], b'0' | b'1' | b'*')
            && let Some(result) = RESULTS.iter().find(|r| **r == word)
        {
            if self.frames.len() > 1 || self.skip_depth > 0 {
                self.fail(
                    no,
                    PgnErrorKind::UnclosedVariation,
                    format!("the result {word} comes before a variation is closed with )"),
                );
            }
            self.result = Some(result);
            v.result(result);
            return true;
        }
        if self.error.is_some() || self.skip_depth > 0 {
            return false;
        }
        if let Some(digits) = word.strip_prefix('$') {
            match digits.parse::<u8>() {
                Ok(nag) => self.add_nag(nag, v),
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
        let glyphs = text.bytes().rev().take_while(|b| matches!(b, b'!' | b'?')).count();
        let core = &text[..text.len() - glyphs];
        let nag = glyph_nag(&text[core.len()..]);
        if core.is_empty() {
            if let Some(nag) = nag {
                self.add_nag(nag, v);
            }
            return false;
        }
        let Some(frame) = self.frames.last() else { return false };
        if matches!(core.as_bytes()[0], b'-' | b'Z' | b'0' | b'n') && matches!(core, "--" | "Z0" | "0000" | "null") {
            let number = move_number(&frame.pos);
            self.fail(no, PgnErrorKind::Syntax, format!("move {number} {core}: null moves are not supported"));
            return false;
        }
        self.play_word(core, nag, no, v);
        false
    }

    /// Reads `core`, a word of movetext that is not a null move, as a move
    /// of the line being read, and plays it (with `nag`, from its `!` or `?`).
    #[inline(always)]
    fn play_word<V: Visitor>(&mut self, core: &str, nag: Option<u8>, no: usize, v: &mut V) {
        let Some(frame) = self.frames.last_mut() else { return };
        match read_word(&frame.pos, core, ReadOptions::LENIENT) {
            Ok((mv, _)) => {
                frame.pos.play_unchecked_keeping(mv, &mut frame.before);
                frame.moved = true;
                v.play(&frame.before, mv, &frame.pos);
                if let Some(nag) = nag {
                    v.nag(nag);
                }
            }
            Err(e) => {
                let number = move_number(&frame.pos);
                let message = format!("move {number} {}: {}", e.text, e.reason);
                self.fail(no, PgnErrorKind::Move(e), message);
            }
        }
    }

    /// A NAG belongs to the last move of the line; before any, it is dropped.
    fn add_nag<V: Visitor>(&mut self, nag: u8, v: &mut V) {
        if self.frames.last().is_some_and(|f| f.moved) {
            v.nag(nag);
        }
    }

    /// Ends the game: the visitor's answer. The room of its lines is handed
    /// back in `spare`, for the next game.
    pub(super) fn finish<V: Visitor>(mut self, v: &mut V, spare: &mut Vec<Frame>) -> V::Output {
        if !self.movetext && self.error.is_none() {
            let line = self.last_tag_line.unwrap_or(0);
            self.begin_movetext(line, v);
        }
        if let Some(main) = self.frames.first() {
            v.end_main_line(&main.pos);
        }
        *spare = std::mem::take(&mut self.frames);
        let error = match (self.error, self.start) {
            (Some(error), _) => error,
            (None, Some(_)) => return v.end_game(Ok(self.result.unwrap_or("*"))),
            (None, None) => PgnError::no_start_position(self.number),
        };
        v.end_game(Err(error))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trim_is_str_trim() {
        for text in ["", " ", "x", " x", "x ", "[Event \"x\"]", "\u{3000}x", "x\u{a0}", "é", " é ", "\t\r", "a b"] {
            assert_eq!(trim(text), text.trim(), "{text:?}");
            assert_eq!(trim_start(text), text.trim_start(), "{text:?}");
        }
    }

    #[test]
    fn the_quick_tag_reading_is_the_general_one() {
        let lines = [
            "[Event \"Bundesliga 2025-26\"]",
            "[Event \"x\"] [Site \"y\"]",
            "[Event \"x\"]junk",
            "[Event \"x\"] ",
            "[Event \"\"]",
            "[Event \"a \\\"b\\\" c\"]",
            "[Event  \"x\"]",
            "[ Event \"x\"]",
            "[Event \"x\" ]",
            "[Event \"x\"",
            "[Event \"x",
            "[Event x]",
            "[\"x\"]",
            "[Ev-ent \"x\"]",
            "[Event \"é\"]",
            "[Event \"x\"]\u{3000}[Site \"y\"]",
            "[E \"x\"]]",
            "[",
        ];
        for line in lines {
            assert_eq!(parse_tag(line), parse_tag_general(line), "{line:?}");
        }
    }

    #[test]
    fn tag_names_are_letters_digits_and_underscores() {
        for b in 0..=255u8 {
            assert_eq!(is_name_byte(b), b.is_ascii_alphanumeric() || b == b'_', "{b}");
        }
    }
}
