//! Cutting a PGN stream into chunks of whole games, so that workers can
//! read them apart and the output stays the same as one reader's.
//!
//! A chunk ends just before a line that starts a tag pair (`[` in the first
//! column, then a tag name) after a line of movetext: there the reader of
//! [`lawbook_notation::pgn`] always starts the next game. A chunk is handed
//! on with that next line (its *sentinel*), so that its last game ends as it
//! would in the whole stream (a missing result or an open comment "before
//! the next game's tags"). Chunks are cut only where a game starts, and
//! hold about [`TARGET`] bytes (one long game may make a larger one).
//!
//! One layout is cut where the whole-stream reader would not: a result
//! followed on its line by a tag pair, with more tag pairs on the lines
//! after it. The game of those tags is then reported from the first line
//! cut off, without the tag pairs of the result's line.

use std::io::{self, BufRead};

use crossbeam_channel::{Receiver, Sender, bounded};

/// About how many bytes of PGN a chunk holds: enough that handing chunks
/// from thread to thread (each wakes one) costs little beside replaying
/// them (at 64 KB, two threads ran 1.54 times as fast as one on lichess
/// games; at 256 KB, 1.77), few enough that the chunks in flight stay small.
pub(crate) const TARGET: usize = 256 * 1024;

/// Whole games of one input, as read.
pub(crate) struct Chunk {
    /// The number of the chunk's first line in the input, from 1.
    pub(crate) first_line: usize,
    /// The lines, each with its line break (the last one maybe without).
    pub(crate) text: Vec<u8>,
    /// The line after the chunk, which starts the next game; `None` at the end.
    pub(crate) sentinel: Option<Vec<u8>>,
}

/// Chunk buffers handed back once their games are read, to be filled again.
///
/// A new buffer for each chunk costs a page fault every 4 KB: between two
/// chunks the allocator gives the memory back to the system. Clones share
/// the same few buffers, so workers can hand theirs back to the reader.
#[derive(Clone)]
pub(crate) struct Spares {
    give: Sender<Vec<u8>>,
    take: Receiver<Vec<u8>>,
}

impl Spares {
    /// Room for `count` buffers waiting to be filled again.
    pub(crate) fn new(count: usize) -> Spares {
        let (give, take) = bounded(count);
        Spares { give, take }
    }

    /// An empty buffer, a spare one if there is.
    fn take(&self) -> Vec<u8> {
        match self.take.try_recv() {
            Ok(mut text) => {
                text.clear();
                text
            }
            Err(_) => Vec::with_capacity(TARGET + 4096),
        }
    }

    /// Keeps `text`'s memory for a chunk to come, unless there are spares
    /// enough or a long game made it large.
    pub(crate) fn give(&self, text: Vec<u8>) {
        if text.capacity() <= 4 * TARGET {
            let _ = self.give.try_send(text);
        }
    }
}

/// Appends the next line of `input` to `out`, its line break included; of a
/// line longer than `keep` bytes only the first `keep` (and the break) are
/// kept. The number of bytes read, or `None` at the end of the input.
fn read_line(input: &mut impl BufRead, out: &mut Vec<u8>, keep: usize) -> io::Result<Option<usize>> {
    let (mut read, mut kept) = (0usize, 0usize);
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok((read > 0).then_some(read));
        }
        let (take, end) = match memchr::memchr(b'\n', chunk) {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let content = if end { take - 1 } else { take };
        let room = keep.saturating_sub(kept).min(content);
        out.extend_from_slice(&chunk[..room]);
        kept += room;
        if end {
            out.push(b'\n');
        }
        input.consume(take);
        read += take;
        if end {
            return Ok(Some(read));
        }
    }
}

/// What a line is, for cutting.
#[derive(PartialEq, Eq)]
enum LineKind {
    /// It starts a tag pair: `[`, maybe spaces, a letter, digit or `_`.
    Tag,
    /// Surely movetext (or a line the reader refuses whole), once the tags are read.
    Body,
    /// Anything else: blank, `%`, or a line that may be neither.
    Other,
}

fn classify(line: &[u8], max_line_len: usize) -> LineKind {
    let mut text = line.strip_suffix(b"\n").unwrap_or(line);
    while let Some(rest) = text.strip_suffix(b"\r") {
        text = rest;
    }
    if text.len() > max_line_len {
        return LineKind::Body; // The reader refuses the line whole.
    }
    let graphic = text.iter().find(|b| !b.is_ascii_whitespace());
    if !matches!(text.first(), Some(b'[' | b'%')) && graphic.is_some_and(|&b| b.is_ascii() && b != b'[') {
        return LineKind::Body; // Movetext, or a line the reader refuses whole (with a NUL).
    }
    if memchr::memchr(0, text).is_some() {
        return LineKind::Body; // The reader refuses the line whole.
    }
    if let Some(rest) = text.strip_prefix(b"[") {
        let name = rest.iter().find(|b| !b.is_ascii_whitespace());
        return if name.is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_') {
            LineKind::Tag
        } else {
            LineKind::Other
        };
    }
    if text.first() == Some(&b'%') {
        return LineKind::Other;
    }
    match graphic {
        Some(&b) if b.is_ascii() && b != b'[' => LineKind::Body,
        _ => LineKind::Other,
    }
}

/// The whole lines of `text`, one by one.
fn whole_lines(text: &[u8]) -> impl DoubleEndedIterator<Item = &[u8]> {
    text.split_inclusive(|&b| b == b'\n')
}

/// The kind of the last line of `text` that is a tag pair or movetext.
fn last_kind(text: &[u8], max_line_len: usize) -> Option<LineKind> {
    whole_lines(text).rev().map(|line| classify(line, max_line_len)).find(|kind| *kind != LineKind::Other)
}

/// Where the last game that starts in `text` starts (0 for its first).
fn game_start_in(text: &[u8], max_line_len: usize) -> usize {
    let (mut at, mut game_start, mut body) = (0, 0, false);
    for line in whole_lines(text) {
        match classify(line, max_line_len) {
            LineKind::Tag if body => (game_start, body) = (at, false),
            LineKind::Body => body = true,
            _ => {}
        }
        at += line.len();
    }
    game_start
}

/// The chunks of one input; after an error reading it, the error (and no more).
pub(crate) struct Splitter<R> {
    input: R,
    max_line_len: usize,
    /// The number of the last line read.
    line_no: usize,
    /// The line that starts the next chunk, and its number.
    carry: Option<(Vec<u8>, usize)>,
    /// An error to hand on after the whole games before it.
    error: Option<io::Error>,
    done: bool,
    /// Called with the number of bytes read for each chunk (not each line: it
    /// may update a progress bar).
    on_read: Box<dyn FnMut(usize) + Send>,
    /// Bytes read and not yet handed to `on_read`.
    unreported: usize,
    spares: Spares,
}

impl<R: BufRead> Splitter<R> {
    pub(crate) fn new(
        input: R,
        max_line_len: usize,
        spares: Spares,
        on_read: Box<dyn FnMut(usize) + Send>,
    ) -> Splitter<R> {
        Splitter {
            input,
            max_line_len,
            line_no: 0,
            carry: None,
            error: None,
            done: false,
            on_read,
            unreported: 0,
            spares,
        }
    }

    /// Hands the bytes read so far to `on_read`.
    fn report(&mut self) {
        if self.unreported > 0 {
            (self.on_read)(std::mem::take(&mut self.unreported));
        }
    }
}

impl<R: BufRead> Iterator for Splitter<R> {
    type Item = io::Result<Chunk>;

    fn next(&mut self) -> Option<io::Result<Chunk>> {
        if let Some(e) = self.error.take() {
            return Some(Err(e));
        }
        if self.done {
            return None;
        }
        let mut text = self.spares.take();
        let mut first_line = self.line_no + 1;
        if let Some((line, no)) = self.carry.take() {
            text.extend_from_slice(&line);
            first_line = no;
        }
        // Where the game being read starts in `text`, and whether movetext has
        // come since its tags; not kept up while lines are taken without a
        // look (then found again from `text` when needed).
        let (mut game_start, mut body) = (0usize, false);
        let (mut start_known, mut body_known) = (true, true);
        // Room for a CR LF and one byte more: the reader still sees the line as too long.
        let keep = self.max_line_len.saturating_add(3);
        loop {
            let start = text.len();
            let read = match self.input.fill_buf() {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => Err(e),
                Ok(buffer) => {
                    let (mut at, mut lines, mut cut) = (0usize, 0usize, None);
                    // Lines that start before TARGET cannot end the chunk: taken
                    // without a look (each fits, when the buffer is shorter than a
                    // line may be).
                    if start < TARGET && buffer.len() <= keep {
                        let before = &buffer[..buffer.len().min(TARGET - start)];
                        if let Some(last) = memchr::memrchr(b'\n', before) {
                            at = last + 1;
                            lines = memchr::memchr_iter(b'\n', &buffer[..at]).count();
                            (start_known, body_known) = (false, false);
                        }
                    }
                    if !body_known && at < buffer.len() {
                        // Whether movetext has come since the last tag pair, in the
                        // lines taken without a look or, if none of them says, before.
                        let max = self.max_line_len;
                        let kind = last_kind(&buffer[..at], max).or_else(|| last_kind(&text, max));
                        (body, body_known) = (kind == Some(LineKind::Body), true);
                    }
                    // The whole lines in the buffer, looked at in place and copied at once.
                    let from = at;
                    for end in memchr::memchr_iter(b'\n', &buffer[from..]).map(|i| from + i) {
                        let line = &buffer[at..=end];
                        if line.len() > keep {
                            break; // read_line below keeps only its start.
                        }
                        match classify(line, self.max_line_len) {
                            LineKind::Tag if body => {
                                if start + at >= TARGET {
                                    cut = Some(line.to_vec());
                                    break;
                                }
                                (game_start, body, start_known) = (start + at, false, true);
                            }
                            LineKind::Body => body = true,
                            _ => {}
                        }
                        lines += 1;
                        at = end + 1;
                    }
                    text.extend_from_slice(&buffer[..at]);
                    let taken = at + cut.as_ref().map_or(0, Vec::len);
                    self.input.consume(taken);
                    self.line_no += lines + usize::from(cut.is_some());
                    self.unreported += taken;
                    if let Some(line) = cut {
                        self.carry = Some((line.clone(), self.line_no));
                        self.report();
                        return Some(Ok(Chunk { first_line, text, sentinel: Some(line) }));
                    }
                    if at > 0 {
                        continue;
                    }
                    // A line that runs past the buffer, a line too long, or the end of the input.
                    read_line(&mut self.input, &mut text, keep)
                }
            };
            match read {
                Err(e) => {
                    self.report();
                    self.done = true;
                    if !start_known {
                        game_start = game_start_in(&text, self.max_line_len);
                    }
                    if game_start == 0 {
                        return Some(Err(e));
                    }
                    // The whole games before the one being read, then the error.
                    self.error = Some(e);
                    let end =
                        text[game_start..].iter().position(|&b| b == b'\n').map_or(text.len(), |i| game_start + i + 1);
                    let sentinel = text[game_start..end].to_vec();
                    text.truncate(game_start);
                    return Some(Ok(Chunk { first_line, text, sentinel: Some(sentinel) }));
                }
                Ok(None) => {
                    self.report();
                    self.done = true;
                    return (!text.is_empty()).then_some(Ok(Chunk { first_line, text, sentinel: None }));
                }
                Ok(Some(read)) => {
                    self.line_no += 1;
                    self.unreported += read;
                    match classify(&text[start..], self.max_line_len) {
                        LineKind::Tag if body => {
                            if start >= TARGET {
                                let line = text[start..].to_vec();
                                text.truncate(start);
                                self.carry = Some((line.clone(), self.line_no));
                                self.report();
                                return Some(Ok(Chunk { first_line, text, sentinel: Some(line) }));
                            }
                            (game_start, body, start_known) = (start, false, true);
                        }
                        LineKind::Body => body = true,
                        _ => {}
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_classified_as_the_reader_would_see_them() {
        assert!(classify(b"[Event \"x\"]\n", 100) == LineKind::Tag);
        assert!(classify(b"[ _x \"x\"]\r\n", 100) == LineKind::Tag);
        assert!(classify(b"[%clk 0:01:00]\n", 100) == LineKind::Other);
        assert!(classify(b"  [Event \"x\"]\n", 100) == LineKind::Other);
        assert!(classify(b"1. e4 e5\n", 100) == LineKind::Body);
        assert!(classify(b"{ [%clk 0:01:00] }\n", 100) == LineKind::Body);
        assert!(classify(b"%comment\n", 100) == LineKind::Other);
        assert!(classify(b" \t\r\n", 100) == LineKind::Other);
        assert!(classify(b"[Event \0\"x\"]\n", 100) == LineKind::Body);
        assert!(classify(b"[Event \"a very long value\"]\n", 10) == LineKind::Body);
    }

    #[test]
    fn chunks_hold_whole_games_and_every_line() {
        let game = "[Event \"x\"]\n\n1. e4 e5 *\n\n";
        let text = game.repeat(40_000);
        // Buffers smaller than a line, cutting lines anywhere, and larger than many lines.
        for capacity in [5, 13, 4096, 1 << 16] {
            let read = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
            let counter = read.clone();
            let on_read = Box::new(move |n| {
                counter.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
            });
            let input = io::BufReader::with_capacity(capacity, text.as_bytes());
            // Each chunk's buffer is handed back, so that the next is read into it.
            let spares = Spares::new(1);
            let chunks: Vec<Chunk> = Splitter::new(input, 1 << 20, spares.clone(), on_read)
                .map(|chunk| {
                    let chunk = chunk?;
                    let copy = Chunk { text: chunk.text.clone(), sentinel: chunk.sentinel.clone(), ..chunk };
                    spares.give(chunk.text);
                    Ok(copy)
                })
                .collect::<io::Result<_>>()
                .unwrap();
            assert!(chunks.len() > 2);
            assert_eq!(read.load(std::sync::atomic::Ordering::Relaxed), text.len(), "every byte read is reported");
            let mut line = 1;
            let mut all = Vec::new();
            for (i, chunk) in chunks.iter().enumerate() {
                assert_eq!(chunk.first_line, line, "buffer of {capacity}");
                assert!(chunk.text.starts_with(b"[Event"));
                assert!(chunk.text.len() >= TARGET || i + 1 == chunks.len());
                assert!(chunk.text.len() < TARGET + game.len());
                line += chunk.text.iter().filter(|&&b| b == b'\n').count();
                assert_eq!(chunk.sentinel.is_none(), i + 1 == chunks.len());
                all.extend_from_slice(&chunk.text);
            }
            assert_eq!(all, text.as_bytes(), "buffer of {capacity}");
        }
    }

    /// Gives its bytes, then fails.
    struct Failing(&'static [u8]);

    impl io::Read for Failing {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("the disk is gone"));
            }
            let n = out.len().min(self.0.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn an_error_hands_on_the_whole_games_before_it() {
        let game = "[Event \"x\"]\n\n1. e4 e5 *\n\n";
        let whole = game.repeat(100);
        let text: &'static str = Box::leak(format!("{whole}[Event \"y\"]\n\n1. e4").into_boxed_str());
        for capacity in [5, 13, 4096, 1 << 16] {
            let input = io::BufReader::with_capacity(capacity, Failing(text.as_bytes()));
            let mut chunks = Splitter::new(input, 1 << 20, Spares::new(1), Box::new(|_| {}));
            let chunk = chunks.next().unwrap().unwrap();
            assert_eq!(chunk.text, whole.as_bytes(), "buffer of {capacity}");
            assert_eq!(chunk.sentinel.as_deref(), Some(&b"[Event \"y\"]\n"[..]), "buffer of {capacity}");
            assert!(chunks.next().unwrap().is_err());
            assert!(chunks.next().is_none());
        }
    }

    #[test]
    fn too_long_lines_are_cut_but_stay_too_long() {
        let text = format!("{}\nnext\n", "x".repeat(100));
        let mut out = Vec::new();
        let mut input = text.as_bytes();
        assert_eq!(read_line(&mut input, &mut out, 13).unwrap(), Some(101));
        assert_eq!(out.len(), 14);
        assert_eq!(read_line(&mut input, &mut out, 13).unwrap(), Some(5));
        assert_eq!(read_line(&mut input, &mut out, 13).unwrap(), None);
    }
}
