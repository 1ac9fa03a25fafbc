//! The text of one game, line by line: its tag pairs, then the movetext
//! cut into tokens (comments, variations, NAGs, move numbers, moves), each
//! move read and checked in its position, until the result.

use super::model::{PgnGame, PgnLine, PgnMove, move_number, variant_is_chess960};
use super::reader::{PgnError, PgnErrorKind, PgnOptions};
use crate::{ReadOptions, fen, read_move};
use lawbook_board::{CastlingMode, Setup};
use lawbook_movegen::Position;

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
pub(super) struct GameState {
    pub(super) number: usize,
    options: PgnOptions,
    tags: Vec<(String, String)>,
    tag_lines: Vec<usize>,
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
    pub(super) result: Option<String>,
    /// The last line with text on it.
    pub(super) last_line: usize,
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
        // Most values have no escape: taken whole.
        if let Some(i) = memchr::memchr2(b'"', b'\\', r.as_bytes())
            && r.as_bytes()[i] == b'"'
        {
            value.push_str(&r[..i]);
            end = Some(i + 1);
        }
        while end.is_none()
            && let Some((i, c)) = chars.next()
        {
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

/// Whether an ASCII byte is white space as [`char::is_whitespace`] says.
fn is_space_byte(b: u8) -> bool {
    matches!(b, b' ' | b'\t'..=b'\r')
}

/// The first byte from `at` that is not white space (Unicode's, as
/// [`char::is_whitespace`] says), or the line's length.
fn skip_space(line: &str, mut at: usize) -> usize {
    let bytes = line.as_bytes();
    while let Some(&b) = bytes.get(at) {
        if b.is_ascii() {
            if !is_space_byte(b) {
                break;
            }
            at += 1;
        } else {
            match line[at..].chars().next() {
                Some(c) if c.is_whitespace() => at += c.len_utf8(),
                _ => break,
            }
        }
    }
    at
}

/// Where the word of movetext starting at `at` ends: at white space, a
/// brace, a parenthesis, a `;` or the end of the line.
fn word_end(line: &str, mut at: usize) -> usize {
    let bytes = line.as_bytes();
    while let Some(&b) = bytes.get(at) {
        if b.is_ascii() {
            if is_space_byte(b) || matches!(b, b'{' | b'}' | b'(' | b')' | b';') {
                break;
            }
            at += 1;
        } else {
            match line[at..].chars().next() {
                Some(c) if c.is_whitespace() => break,
                Some(c) => at += c.len_utf8(),
                None => break,
            }
        }
    }
    at
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

impl GameState {
    pub(super) fn new(number: usize, options: PgnOptions) -> GameState {
        GameState {
            number,
            options,
            // Room for the tags and the moves of a usual game, grown once.
            tags: Vec::with_capacity(16),
            tag_lines: Vec::with_capacity(16),
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
    pub(super) fn fail(&mut self, line: usize, kind: PgnErrorKind, message: String) {
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
                let mut main = Frame::new(pos);
                main.moves.reserve(96);
                self.frames.push(main);
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

    pub(super) fn feed(&mut self, line: &str, no: usize) -> Feed {
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
            at = skip_space(line, at);
            if at >= bytes.len() {
                return Feed::More;
            }
            match bytes[at] {
                b'{' => match memchr::memchr(b'}', &bytes[at + 1..]) {
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
                    let word = &line[at..word_end(line, at)];
                    // A NAG glued to a move: e4$1.
                    let word = match word.bytes().position(|b| b == b'$') {
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
        // Every result starts with 0, 1 or *.
        if matches!(word.as_bytes().first(), Some(b'0' | b'1' | b'*')) && RESULTS.contains(&word) {
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
        let glyphs = text.bytes().rev().take_while(|b| matches!(b, b'!' | b'?')).count();
        let core = &text[..text.len() - glyphs];
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

    pub(super) fn finish(mut self) -> Result<PgnGame, PgnError> {
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
