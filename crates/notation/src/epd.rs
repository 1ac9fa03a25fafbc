//! EPD records and perft suites.
//!
//! An EPD record is the first four FEN fields followed by operations, each an
//! opcode, its operands and a semicolon: `... w KQkq - bm e4; id "start";`.
//! Perft suites come in three shapes, all read by [`read_perft_suite`]:
//!
//! - `FEN ;D1 20 ;D2 400 ...`: a full or four-field FEN, then depth/count pairs;
//! - `FEN4 id name; perft 3 8902;`: EPD with `perft DEPTH COUNT` operations;
//! - blocks of `id NAME`, `epd FEN` and `perft DEPTH COUNT` lines.
//!
//! Line endings may be LF or CRLF; `#` starts a comment line.
//!
//! [`write`] writes a record back ([`Epd::new`] starts one from a position)
//! and [`write_perft`] a perft suite line.

use crate::fen::FenError;
use core::fmt;
use lawbook_movegen::Position;

/// One operation of an EPD record: `bm e4` has opcode `bm` and operand `e4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    /// The opcode, such as `bm`, `id` or `D1`.
    pub opcode: String,
    /// The operands, unquoted.
    pub operands: Vec<String>,
}

/// A parsed EPD record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Epd {
    /// The position's FEN fields as written (four, or six when clocks were given).
    pub fen: String,
    /// The operations in order.
    pub operations: Vec<Operation>,
}

impl Operation {
    /// An operation with its operands.
    pub fn new(opcode: &str, operands: &[&str]) -> Operation {
        Operation { opcode: opcode.to_string(), operands: operands.iter().map(|o| o.to_string()).collect() }
    }
}

impl Epd {
    /// A record of `pos` (its first four FEN fields) without operations.
    ///
    /// ```
    /// use lawbook_notation::epd::{Epd, Operation};
    /// let mut rec = Epd::new(&lawbook_movegen::Position::startpos());
    /// rec.operations.push(Operation::new("bm", &["e4", "d4"]));
    /// rec.operations.push(Operation::new("id", &["start position"]));
    /// assert_eq!(rec.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4; id \"start position\";");
    /// ```
    pub fn new(pos: &Position) -> Epd {
        let fen = crate::fen::write(pos);
        let four: Vec<&str> = fen.split(' ').take(4).collect();
        Epd { fen: four.join(" "), operations: Vec::new() }
    }

    /// The operands of the first operation with `opcode`.
    pub fn operands(&self, opcode: &str) -> Option<&[String]> {
        self.operations.iter().find(|op| op.opcode == opcode).map(|op| op.operands.as_slice())
    }

    /// The record's position, read from its FEN fields (standard or
    /// Chess960 castling as the castling field implies).
    ///
    /// # Errors
    /// [`FenError`] when the fields are not a valid position.
    ///
    /// ```
    /// use lawbook_notation::epd;
    /// let rec = epd::read("4k3/8/8/8/8/8/8/4K2R w K - bm O-O+;")?;
    /// assert_eq!(rec.position()?.legal_moves().len(), 15);
    /// assert!(epd::read("4k3/8/8/8/8/8/8/4K2R w Q - bm O-O+;")?.position().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> Result<Position, FenError> {
        crate::fen::read(&self.fen)
    }
}

impl fmt::Display for Epd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write(self))
    }
}

/// An opcode as EPD allows it: a letter, then letters, digits or `_`. Other
/// characters become `_`, and a word that does not start with a letter gets
/// an `x` before it.
fn clean_opcode(word: &str) -> String {
    let out: String = word.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if out.starts_with(|c: char| c.is_ascii_alphabetic()) { out } else { format!("x{out}") }
}

/// Writes an EPD record: the FEN fields, then each operation as its opcode,
/// its operands and a semicolon. An operand that is empty or holds white
/// space or `;` is written in double quotes (a `"` inside an operand, which
/// EPD cannot quote, is written as `'`); an opcode is written as EPD allows
/// it (a letter, then letters, digits or `_`: other characters become `_`,
/// and an `x` goes before a first character that is not a letter). [`read`]
/// reads the text back as the same record when the opcodes are such words.
///
/// ```
/// use lawbook_notation::epd::{self, Operation};
/// let mut rec = epd::read("4k3/8/8/8/8/8/8/4K2R w K -")?;
/// rec.operations.push(Operation::new("D1", &["15"]));
/// rec.operations.push(Operation::new("c0", &["rook; endgame"]));
/// let text = epd::write(&rec);
/// assert_eq!(text, "4k3/8/8/8/8/8/8/4K2R w K - D1 15; c0 \"rook; endgame\";");
/// assert_eq!(epd::read(&text)?, rec);
/// # Ok::<(), epd::EpdError>(())
/// ```
pub fn write(epd: &Epd) -> String {
    let mut out = epd.fen.trim().to_string();
    for op in &epd.operations {
        out.push(' ');
        out.push_str(&clean_opcode(&op.opcode));
        for operand in &op.operands {
            out.push(' ');
            let operand = operand.replace('"', "'");
            if operand.is_empty() || operand.contains(|c: char| c.is_whitespace() || c == ';') {
                out.push('"');
                out.push_str(&operand);
                out.push('"');
            } else {
                out.push_str(&operand);
            }
        }
        out.push(';');
    }
    out
}

/// Writes one line of a perft suite in the `FEN ;D1 20 ;D2 400` shape, which
/// [`read_perft_suite`] reads back.
///
/// ```
/// use lawbook_notation::epd;
/// let line = epd::write_perft(lawbook_notation::fen::STARTPOS, &[(1, 20), (2, 400)]);
/// assert_eq!(line, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400");
/// let cases = epd::read_perft_suite(&line)?;
/// assert_eq!((cases[1].depth, cases[1].nodes), (2, 400));
/// # Ok::<(), epd::EpdError>(())
/// ```
pub fn write_perft(fen: &str, counts: &[(u32, u64)]) -> String {
    let mut out = fen.trim().to_string();
    for (depth, nodes) in counts {
        out.push_str(&format!(" ;D{depth} {nodes}"));
    }
    out
}

/// What is wrong with an EPD record or perft suite line: the stable part of
/// an [`EpdError`], for programs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EpdErrorKind {
    /// Fewer than four FEN fields before the operations.
    MissingFields,
    /// A double-quoted operand that is never closed.
    UnclosedQuote,
    /// A `perft` line before any `epd` line (the block shape).
    PerftBeforeEpd,
    /// A `perft` operation or line without exactly a depth and a count.
    BadPerft,
    /// A `;D` operation that is not `Dn COUNT`.
    BadDepthOperation,
    /// A depth or count that is not a whole number (or too large to store).
    NotANumber,
    /// A depth beyond [`MAX_PERFT_DEPTH`].
    TooDeep,
    /// An opcode that is not a letter followed by letters, digits or `_`
    /// (a quoted string, say, where the opcode belongs).
    BadOpcode,
}

impl EpdErrorKind {
    /// A stable machine name such as `"epd.missing_fields"`, listed in
    /// `conformance/bad-inputs/README.md`.
    pub const fn name(self) -> &'static str {
        match self {
            EpdErrorKind::MissingFields => "epd.missing_fields",
            EpdErrorKind::UnclosedQuote => "epd.unclosed_quote",
            EpdErrorKind::PerftBeforeEpd => "epd.perft_before_epd",
            EpdErrorKind::BadPerft => "epd.bad_perft",
            EpdErrorKind::BadDepthOperation => "epd.bad_depth_operation",
            EpdErrorKind::NotANumber => "epd.not_a_number",
            EpdErrorKind::TooDeep => "epd.too_deep",
            EpdErrorKind::BadOpcode => "epd.bad_opcode",
        }
    }
}

/// An EPD record or perft suite could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError {
    /// The 1-based line number (0 when reading a single record).
    pub line: usize,
    /// What kind of problem.
    pub kind: EpdErrorKind,
    /// What is wrong.
    pub message: String,
}

impl EpdError {
    /// The stable machine name of the problem ([`EpdErrorKind::name`]).
    ///
    /// ```
    /// use lawbook_notation::epd;
    /// assert_eq!(epd::read("8/8 w -").unwrap_err().kind(), "epd.missing_fields");
    /// ```
    pub fn kind(&self) -> &'static str {
        self.kind.name()
    }
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 { write!(f, "line {}: {}", self.line, self.message) } else { f.write_str(&self.message) }
    }
}

impl std::error::Error for EpdError {}

fn fail<T>(line: usize, kind: EpdErrorKind, message: impl Into<String>) -> Result<T, EpdError> {
    Err(EpdError { line, kind, message: message.into() })
}

/// Splits an operation list into operations (`opcode operand...;`),
/// honouring double-quoted operands.
fn read_operations(text: &str, line: usize) -> Result<Vec<Operation>, EpdError> {
    let mut ops = Vec::new();
    // The tokens of the operation being read, each with whether it was quoted.
    let mut tokens: Vec<(String, bool)> = Vec::new();
    let mut chars = text.chars().peekable();
    let mut current = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                // A quote ends the word before it.
                if !current.is_empty() {
                    tokens.push((std::mem::take(&mut current), false));
                }
                let mut quoted = String::new();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some(c) => quoted.push(c),
                        None => return fail(line, EpdErrorKind::UnclosedQuote, "a quoted operand is not closed"),
                    }
                }
                tokens.push((quoted, true));
            }
            ';' => {
                if !current.is_empty() {
                    tokens.push((std::mem::take(&mut current), false));
                }
                if !tokens.is_empty() {
                    ops.push(operation(std::mem::take(&mut tokens), line)?);
                }
            }
            c if c.is_whitespace() => {
                if !current.is_empty() {
                    tokens.push((std::mem::take(&mut current), false));
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        tokens.push((current, false));
    }
    if !tokens.is_empty() {
        // A last operation without its semicolon: accepted.
        ops.push(operation(tokens, line)?);
    }
    Ok(ops)
}

/// An operation from its tokens: the first, the opcode, must be a letter
/// followed by letters, digits or `_`, as EPD defines it.
fn operation(mut tokens: Vec<(String, bool)>, line: usize) -> Result<Operation, EpdError> {
    let (opcode, quoted) = tokens.remove(0);
    let mut chars = opcode.chars();
    let is_word =
        chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if quoted || !is_word {
        return fail(
            line,
            EpdErrorKind::BadOpcode,
            format!(
                "{} is not an opcode: an operation starts with a letter followed by letters, digits or _",
                shorten(&opcode)
            ),
        );
    }
    Ok(Operation { opcode, operands: tokens.into_iter().map(|(t, _)| t).collect() })
}

/// Reads one EPD record: four FEN fields, optionally the two clocks, then operations.
///
/// # Errors
/// [`EpdError`] when there are fewer than four fields or a quote is left open.
///
/// ```
/// use lawbook_notation::epd;
/// let rec = epd::read("4k3/8/8/8/8/8/8/4K2R w K - bm Kf2; id \"rook endgame\";")?;
/// assert_eq!(rec.fen, "4k3/8/8/8/8/8/8/4K2R w K -");
/// assert_eq!(rec.operands("id"), Some(&["rook endgame".to_string()][..]));
/// # Ok::<(), epd::EpdError>(())
/// ```
pub fn read(text: &str) -> Result<Epd, EpdError> {
    read_line(text, 0)
}

fn read_line(text: &str, line: usize) -> Result<Epd, EpdError> {
    let text = text.trim();
    let mut rest = text;
    let mut fields = Vec::new();
    for _ in 0..4 {
        rest = rest.trim_start();
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if end == 0 {
            return fail(
                line,
                EpdErrorKind::MissingFields,
                "an EPD record needs four FEN fields before its operations",
            );
        }
        let field = &rest[..end];
        if field.contains(';') {
            return fail(
                line,
                EpdErrorKind::MissingFields,
                "an EPD record needs four FEN fields before its operations",
            );
        }
        fields.push(field);
        rest = &rest[end..];
    }
    // Optional clocks: two whole numbers before the operations.
    let clocks: Vec<&str> = rest.split_whitespace().take(2).collect();
    if clocks.len() == 2 && clocks.iter().all(|c| c.bytes().all(|b| b.is_ascii_digit())) {
        for clock in clocks {
            fields.push(clock);
            rest = &rest.trim_start()[clock.len()..];
        }
    }
    let operations = read_operations(rest, line)?;
    Ok(Epd { fen: fields.join(" "), operations })
}

/// A text for a message: quoted, at most 30 characters.
fn shorten(text: &str) -> String {
    let short: String = text.chars().take(30).collect();
    if short.len() < text.len() { format!("{short:?}...") } else { format!("{short:?}") }
}

/// The deepest perft count a suite may give. Published counts stop near
/// depth 15; a deeper one could never be checked, and an endless search is no
/// answer.
pub const MAX_PERFT_DEPTH: u32 = 64;

fn perft_depth(text: &str, line: usize) -> Result<u32, EpdError> {
    let depth: u32 = number(text, line, "depth")?;
    if depth > MAX_PERFT_DEPTH {
        return fail(
            line,
            EpdErrorKind::TooDeep,
            format!("depth {depth} is deeper than {MAX_PERFT_DEPTH}: no perft count that deep can be checked"),
        );
    }
    Ok(depth)
}

/// One expected perft count: from `fen`, `depth` plies give `nodes` leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// The position, as written in the suite.
    pub fen: String,
    /// The name the suite gives the position, if any.
    pub id: Option<String>,
    /// The depth in plies.
    pub depth: u32,
    /// The published number of leaf nodes.
    pub nodes: u64,
    /// The 1-based line the count was read from.
    pub line: usize,
}

fn number<T: core::str::FromStr>(text: &str, line: usize, what: &str) -> Result<T, EpdError> {
    text.parse()
        .or_else(|_| fail(line, EpdErrorKind::NotANumber, format!("{what} {} is not a whole number", shorten(text))))
}

/// Reads a perft suite in any of the three shapes described in the module
/// documentation.
///
/// # Errors
/// [`EpdError`] naming the line that cannot be read.
///
/// ```
/// use lawbook_notation::epd;
/// let suite = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\r\n";
/// let cases = epd::read_perft_suite(suite)?;
/// assert_eq!(cases.len(), 2);
/// assert_eq!((cases[1].depth, cases[1].nodes), (2, 66));
/// # Ok::<(), epd::EpdError>(())
/// ```
pub fn read_perft_suite(text: &str) -> Result<Vec<PerftCase>, EpdError> {
    let mut cases = Vec::new();
    let mut block_fen: Option<String> = None;
    let mut block_id: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(id) = line.strip_prefix("id ") {
            block_id = Some(id.trim().to_string());
            block_fen = None;
        } else if let Some(fen) = line.strip_prefix("epd ") {
            block_fen = Some(fen.trim().to_string());
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let Some(fen) = &block_fen else {
                return fail(line_no, EpdErrorKind::PerftBeforeEpd, "a perft line before any epd line");
            };
            let mut parts = rest.split_whitespace();
            let (Some(depth), Some(nodes), None) = (parts.next(), parts.next(), parts.next()) else {
                return fail(line_no, EpdErrorKind::BadPerft, "expected: perft DEPTH COUNT");
            };
            cases.push(PerftCase {
                fen: fen.clone(),
                id: block_id.clone(),
                depth: perft_depth(depth, line_no)?,
                nodes: number(nodes, line_no, "count")?,
                line: line_no,
            });
        } else if line.contains(";D") || line.contains("; D") {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap_or("").trim().to_string();
            for part in parts {
                let part = part.trim();
                if part.is_empty() {
                    continue;
                }
                let mut words = part.split_whitespace();
                let (Some(op), Some(nodes)) = (words.next(), words.next()) else {
                    return fail(
                        line_no,
                        EpdErrorKind::BadDepthOperation,
                        format!("expected Dn COUNT, found {}", shorten(part)),
                    );
                };
                let Some(depth) = op.strip_prefix('D') else {
                    return fail(
                        line_no,
                        EpdErrorKind::BadDepthOperation,
                        format!("expected Dn COUNT, found {}", shorten(part)),
                    );
                };
                cases.push(PerftCase {
                    fen: fen.clone(),
                    id: None,
                    depth: perft_depth(depth, line_no)?,
                    nodes: number(nodes, line_no, "count")?,
                    line: line_no,
                });
            }
        } else {
            let record = read_line(line, line_no)?;
            let id = record.operands("id").and_then(|o| o.first().cloned());
            for op in record.operations.iter().filter(|op| op.opcode == "perft") {
                let [depth, nodes] = op.operands.as_slice() else {
                    return fail(line_no, EpdErrorKind::BadPerft, "expected: perft DEPTH COUNT;");
                };
                cases.push(PerftCase {
                    fen: record.fen.clone(),
                    id: id.clone(),
                    depth: perft_depth(depth, line_no)?,
                    nodes: number(nodes, line_no, "count")?,
                    line: line_no,
                });
            }
        }
    }
    Ok(cases)
}
