//! FEN: Forsyth-Edwards Notation, one line per position.
//!
//! Six fields separated by single spaces: piece placement (rank 8 first,
//! digits for runs of empty squares), side to move (`w`/`b`), castling rights,
//! en passant square, half-move clock and move number.
//!
//! Castling rights are read in three spellings: standard `KQkq`, X-FEN (`K`/`Q`
//! name the outermost rook on that side of the king, a file letter names any
//! other rook) and Shredder-FEN (file letters only, `HAha`). A file letter
//! means Chess960 castling ([`read_setup`] says which mode the field implies).
//!
//! Documented relaxations when reading: leading and trailing white space is
//! ignored, and the two clocks may be left out together (four fields), in
//! which case the half-move clock is 0 and the move number 1. Everything else
//! is strict: an error names the field and the offending character.

use core::fmt;
use lawbook_board::{
    Bitboard, Board, CastlingMode, Color, File, Piece, PositionError, Problem, Rank, Relaxations, Role, Setup, Square,
};
use lawbook_movegen::{KeyedBoard, KeyedSetup, Position};

/// The standard starting position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A field of a FEN.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// The whole line (too few or too many fields).
    Line,
    /// Piece placement.
    Placement,
    /// Side to move.
    Turn,
    /// Castling rights.
    Castling,
    /// En passant square.
    EnPassant,
    /// Half-move clock.
    Halfmoves,
    /// Move number.
    Fullmoves,
}

impl Field {
    fn name(self) -> &'static str {
        match self {
            Field::Line => "FEN",
            Field::Placement => "piece placement",
            Field::Turn => "side to move",
            Field::Castling => "castling rights",
            Field::EnPassant => "en passant square",
            Field::Halfmoves => "half-move clock",
            Field::Fullmoves => "move number",
        }
    }
}

/// What is wrong with a FEN that is not well-formed: the stable part of a
/// [`FenError::Syntax`], for programs (the message is for people).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SyntaxKind {
    /// Nothing but white space.
    Empty,
    /// Two spaces in a row.
    DoubleSpace,
    /// White space other than a single space (a tab, a line break).
    BadWhiteSpace,
    /// Fewer than four fields.
    TooFewFields,
    /// Five fields: one clock without the other.
    OneClock,
    /// More than six fields: text after the move number.
    TrailingText,
    /// The placement has fewer than eight ranks.
    TooFewRanks,
    /// The placement has more than eight ranks.
    TooManyRanks,
    /// A rank describes more than eight squares.
    RankTooLong,
    /// A rank describes fewer than eight squares.
    RankTooShort,
    /// A digit that is no run of empty squares (0 or 9).
    BadDigit,
    /// Two digits in a row in a rank.
    AdjacentDigits,
    /// A character that is neither a piece letter nor a digit in the placement.
    UnknownPiece,
    /// A side to move other than `w` or `b`.
    BadTurn,
    /// A character that names no castling right.
    BadCastlingChar,
    /// A castling right for a side without a king on its first rank.
    CastlingWithoutKing,
    /// A castling right naming a rook that is not there.
    CastlingWithoutRook,
    /// The same castling right twice.
    CastlingRepeated,
    /// An en passant field that is neither `-` nor a square.
    BadEpSquare,
    /// A clock with a character other than a digit (a sign, a letter).
    NotANumber,
    /// A clock with a leading zero.
    LeadingZero,
    /// A clock too large to store (above 4294967295).
    TooLarge,
    /// The move number 0 (it starts at 1).
    MoveNumberZero,
}

/// A FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is not well-formed FEN.
    Syntax {
        /// What is wrong.
        kind: SyntaxKind,
        /// The field at fault.
        field: Field,
        /// The byte offset in the (trimmed) text where the problem starts.
        offset: usize,
        /// What is wrong, in plain words.
        message: String,
    },
    /// The FEN is well-formed but describes a position the laws cannot produce.
    Position(PositionError),
}

impl FenError {
    /// A stable machine name for what is wrong, such as `"fen.rank_too_long"`
    /// or, for a well-formed FEN of an impossible position, the first problem
    /// found, such as `"position.opposite_check"`. The names are listed in
    /// `conformance/bad-inputs/README.md`.
    ///
    /// ```
    /// use lawbook_notation::fen;
    /// let err = fen::read("8/8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    /// assert_eq!(err.kind(), "fen.too_many_ranks");
    /// let err = fen::read("4k3/8/8/8/8/8/8/4K3 w - - 0 1 x").unwrap_err();
    /// assert_eq!(err.kind(), "fen.trailing_text");
    /// let err = fen::read("4k3/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    /// assert_eq!(err.kind(), "position.missing_king");
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            FenError::Syntax { kind, field, .. } => syntax_name(*kind, *field),
            FenError::Position(err) => err.problems().iter().next().map_or("position.invalid", problem_name),
        }
    }
}

fn problem_name(problem: Problem) -> &'static str {
    match problem {
        Problem::MissingKing => "position.missing_king",
        Problem::TooManyKings => "position.too_many_kings",
        Problem::PawnsOnBackrank => "position.pawns_on_backrank",
        Problem::TooManyPieces => "position.too_many_pieces",
        Problem::TooMuchMaterial => "position.too_much_material",
        Problem::OppositeCheck => "position.opposite_check",
        Problem::ImpossibleCheck => "position.impossible_check",
        Problem::InvalidCastlingRights => "position.invalid_castling_rights",
        Problem::InvalidEpSquare => "position.invalid_ep_square",
        Problem::ImpossibleDoubleStep => "position.impossible_double_step",
    }
}

fn syntax_name(kind: SyntaxKind, field: Field) -> &'static str {
    let move_number = field == Field::Fullmoves;
    match kind {
        SyntaxKind::Empty => "fen.empty",
        SyntaxKind::DoubleSpace => "fen.double_space",
        SyntaxKind::BadWhiteSpace => "fen.bad_white_space",
        SyntaxKind::TooFewFields => "fen.too_few_fields",
        SyntaxKind::OneClock => "fen.one_clock",
        SyntaxKind::TrailingText => "fen.trailing_text",
        SyntaxKind::TooFewRanks => "fen.too_few_ranks",
        SyntaxKind::TooManyRanks => "fen.too_many_ranks",
        SyntaxKind::RankTooLong => "fen.rank_too_long",
        SyntaxKind::RankTooShort => "fen.rank_too_short",
        SyntaxKind::BadDigit => "fen.bad_digit",
        SyntaxKind::AdjacentDigits => "fen.adjacent_digits",
        SyntaxKind::UnknownPiece => "fen.unknown_piece",
        SyntaxKind::BadTurn => "fen.bad_turn",
        SyntaxKind::BadCastlingChar => "fen.bad_castling_char",
        SyntaxKind::CastlingWithoutKing => "fen.castling_without_king",
        SyntaxKind::CastlingWithoutRook => "fen.castling_without_rook",
        SyntaxKind::CastlingRepeated => "fen.castling_repeated",
        SyntaxKind::BadEpSquare => "fen.bad_ep_square",
        SyntaxKind::NotANumber if move_number => "fen.move_number_not_a_number",
        SyntaxKind::NotANumber => "fen.halfmove_clock_not_a_number",
        SyntaxKind::LeadingZero if move_number => "fen.move_number_leading_zero",
        SyntaxKind::LeadingZero => "fen.halfmove_clock_leading_zero",
        SyntaxKind::TooLarge if move_number => "fen.move_number_too_large",
        SyntaxKind::TooLarge => "fen.halfmove_clock_too_large",
        SyntaxKind::MoveNumberZero => "fen.move_number_zero",
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax { field, offset, message, .. } => {
                write!(f, "invalid FEN: {} (column {}): {message}", field.name(), offset + 1)
            }
            FenError::Position(err) => write!(f, "invalid FEN: {err}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(err: PositionError) -> FenError {
        FenError::Position(err)
    }
}

fn err<T>(kind: SyntaxKind, field: Field, offset: usize, message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError::Syntax { kind, field, offset, message: message.into() })
}

/// Shows a character the way an error message should: printable as itself,
/// invisible ones (controls, white space, a byte order mark) by their escape.
fn shown(c: char) -> String {
    if c.is_ascii_graphic() { format!("'{c}'") } else { format!("{c:?}") }
}

/// Reads a FEN into a free [`Setup`], with the castling mode its castling
/// field implies (Chess960 when it names rooks by file, or when `K`/`Q`
/// cannot be standard castling).
///
/// # Errors
/// [`FenError::Syntax`] naming the field and the offending character.
///
/// ```
/// use lawbook_board::CastlingMode;
/// use lawbook_notation::fen;
/// let (setup, mode) = fen::read_setup("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?;
/// assert_eq!(mode, CastlingMode::Chess960);
/// assert_eq!(setup.castling_rights.count(), 4);
/// assert!(fen::read_setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1").is_err());
/// # Ok::<(), fen::FenError>(())
/// ```
pub fn read_setup(text: &str) -> Result<(Setup, CastlingMode), FenError> {
    read_keyed_setup(text).map(|(setup, mode)| (setup.into_setup(), mode))
}

/// [`read_setup`], with the key of the pieces as they were placed: the
/// position made from it takes the key from there.
fn read_keyed_setup(text: &str) -> Result<(KeyedSetup, CastlingMode), FenError> {
    if let Some(read) = read_plain(text) {
        return Ok(read);
    }
    let text = text.trim();
    if text.is_empty() {
        return err(
            SyntaxKind::Empty,
            Field::Line,
            0,
            "empty: expected six fields such as \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"",
        );
    }
    // Split on single spaces, remembering offsets: the first seven fields
    // (a FEN has at most six; the seventh is named in the error), how many
    // there are, and where the first empty one is. No allocation.
    let mut fields: [(usize, &str); 7] = [(0, ""); 7];
    let mut count = 0;
    let mut first_empty = None;
    let bytes = text.as_bytes();
    let mut start = 0;
    loop {
        let end = bytes[start..].iter().position(|&b| b == b' ').map_or(bytes.len(), |n| start + n);
        // Splitting at an ASCII space keeps both sides on character boundaries.
        let part = &text[start..end];
        if part.is_empty() && first_empty.is_none() {
            first_empty = Some(start);
        }
        if count < fields.len() {
            fields[count] = (start, part);
        }
        count += 1;
        if end == bytes.len() {
            break;
        }
        start = end + 1;
    }
    if let Some(offset) = first_empty {
        return err(
            SyntaxKind::DoubleSpace,
            Field::Line,
            offset,
            "two spaces in a row: fields are separated by single spaces",
        );
    }
    // Only ASCII control characters and non-ASCII text can hold white
    // space other than a space: look for it character by character only then.
    // (A fold rather than `any`: with no early exit the compiler vectorises it.)
    if text.bytes().fold(false, |found, b| found | (b'\t'..=b'\r').contains(&b) | !b.is_ascii())
        && let Some((offset, c)) = text.char_indices().find(|(_, c)| c.is_whitespace() && *c != ' ')
    {
        return err(
            SyntaxKind::BadWhiteSpace,
            Field::Line,
            offset,
            format!("unexpected white space {}: fields are separated by single spaces", shown(c)),
        );
    }
    let fields = &fields[..count.min(7)];
    match count {
        4 | 6 => {}
        n if n > 6 => {
            return err(
                SyntaxKind::TrailingText,
                Field::Line,
                fields[6].0,
                format!("{n} fields, at most six expected: unexpected text after the move number"),
            );
        }
        5 => return err(SyntaxKind::OneClock, Field::Line, fields[4].0, "five fields: give both clocks or neither"),
        n => {
            return err(
                SyntaxKind::TooFewFields,
                Field::Line,
                text.len(),
                format!(
                    "only {n} field{}; a FEN has six (the two clocks may be left out)",
                    if n == 1 { "" } else { "s" }
                ),
            );
        }
    }

    // The field holds no space: the placement is all of it.
    let (board, _) = read_placement(fields[0].1, fields[0].0)?;
    let (turn_offset, turn) = fields[1];
    let turn = match turn {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return err(
                SyntaxKind::BadTurn,
                Field::Turn,
                turn_offset,
                format!("{} is not a side to move: expected w or b", quoted(other)),
            );
        }
    };
    let (castling_rights, mode) = read_castling(board.board(), fields[2].1, fields[2].0)?;
    let (ep_offset, ep) = fields[3];
    let ep_square = match ep {
        "-" => None,
        sq => match sq.parse::<Square>() {
            Ok(sq) => Some(sq),
            Err(_) => {
                return err(
                    SyntaxKind::BadEpSquare,
                    Field::EnPassant,
                    ep_offset,
                    format!("{} is not a square: expected - or a square such as e3", quoted(sq)),
                );
            }
        },
    };
    let (halfmoves, fullmoves) = if count == 6 {
        let half = read_number(fields[4].1, fields[4].0, Field::Halfmoves)?;
        let full = read_number(fields[5].1, fields[5].0, Field::Fullmoves)?;
        if full == 0 {
            return err(SyntaxKind::MoveNumberZero, Field::Fullmoves, fields[5].0, "the move number starts at 1");
        }
        (half, full)
    } else {
        (0, 1)
    };
    Ok((KeyedSetup::new(board, turn, castling_rights, ep_square, halfmoves, fullmoves), mode))
}

/// The common FEN read in one pass: six (or four) fields with single spaces
/// and nothing around them, standard castling rights (`KQkq`, in that order,
/// each naming the king on e1 or e8 and the rook in its corner) or none.
/// `None` for anything else, well formed or not: the full reader then reads
/// it, and names the first error when there is one. Where this returns a
/// setup, the full reader returns the same (a property test checks it).
fn read_plain(text: &str) -> Option<(KeyedSetup, CastlingMode)> {
    let bytes = text.as_bytes();
    // The placement, up to the first space, by the full reader's own loop
    // (which builds an error only when there is one).
    let (board, end) = read_placement(text, 0).ok()?;
    let mut i = end + 1;
    let turn = match bytes.get(i..i + 2)? {
        b"w " => Color::White,
        b"b " => Color::Black,
        _ => return None,
    };
    i += 2;
    let mut castling_rights = Bitboard::EMPTY;
    if bytes.get(i) == Some(&b'-') {
        i += 1;
    } else {
        // At least one of K, Q, k, q in that order, each with its king and rook in place.
        let pieces = board.board();
        for (letter, color, king, rook) in [
            (b'K', Color::White, Square::E1, Square::H1),
            (b'Q', Color::White, Square::E1, Square::A1),
            (b'k', Color::Black, Square::E8, Square::H8),
            (b'q', Color::Black, Square::E8, Square::A8),
        ] {
            if bytes.get(i) == Some(&letter) {
                let backrank = Bitboard::from_rank(king.rank());
                let kings = pieces.by_piece(Piece::new(color, Role::King)) & backrank;
                if kings != Bitboard::from(king) || !pieces.by_piece(Piece::new(color, Role::Rook)).contains(rook) {
                    return None;
                }
                castling_rights.add(rook);
                i += 1;
            }
        }
        if castling_rights.is_empty() {
            return None;
        }
    }
    let ep_square = match bytes.get(i..i + 2)? {
        b" -" => {
            i += 2;
            None
        }
        [b' ', _] => {
            let square = text.get(i + 1..i + 3)?.parse::<Square>().ok()?;
            i += 3;
            Some(square)
        }
        _ => return None,
    };
    let (halfmoves, fullmoves) = if i == bytes.len() {
        (0, 1)
    } else {
        let clocks = (plain_clock(bytes, &mut i)?, plain_clock(bytes, &mut i)?);
        if i != bytes.len() || clocks.1 == 0 {
            return None;
        }
        clocks
    };
    let setup = KeyedSetup::new(board, turn, castling_rights, ep_square, halfmoves, fullmoves);
    Some((setup, CastlingMode::Standard))
}

/// For [`read_plain`]: a space and a clock of one to three digits
/// ([`short_number`]), from `bytes[*i]`; `*i` moves past it.
fn plain_clock(bytes: &[u8], i: &mut usize) -> Option<u32> {
    if bytes.get(*i) != Some(&b' ') {
        return None;
    }
    let start = *i + 1;
    let end = bytes[start..].iter().position(|&b| b == b' ').map_or(bytes.len(), |n| start + n);
    let value = short_number(&bytes[start..end])?;
    *i = end;
    Some(value)
}

/// Reads only the piece placement and the side to move of a FEN, as
/// written: the other fields are not read, so castling rights naming a king
/// or rook that is not there (a position no game can reach) do not stop it.
/// For drawing such a position and naming moves in it, never for judging it.
///
/// # Errors
/// [`FenError::Syntax`] when the placement or the side to move cannot be read.
///
/// ```
/// use lawbook_board::{Color, Square};
/// use lawbook_notation::fen;
/// // `K` names short castling, but White has no rook.
/// let text = "4k3/8/8/8/8/8/8/4K3 w K - 0 1";
/// assert!(fen::read_setup(text).is_err());
/// let (board, turn) = fen::read_board(text)?;
/// assert_eq!((board.king_of(Color::White), turn), (Some(Square::E1), Color::White));
/// # Ok::<(), fen::FenError>(())
/// ```
pub fn read_board(text: &str) -> Result<(Board, Color), FenError> {
    let text = text.trim();
    let first_two: Vec<&str> = text.splitn(3, ' ').take(2).collect();
    if first_two.len() < 2 {
        // The full reader names what is missing.
        return read_setup(text).map(|(setup, _)| (setup.board, setup.turn));
    }
    // The same text up to the side to move, so offsets in errors stay right.
    let (setup, _) = read_setup(&format!("{} - -", first_two.join(" ")))?;
    Ok((setup.board, setup.turn))
}

fn quoted(s: &str) -> String {
    let short: String = s.chars().take(20).collect();
    let ellipsis = if s.chars().count() > 20 { "..." } else { "" };
    format!("{:?}", format!("{short}{ellipsis}"))
}

/// A move counter: most are one to three digits, read at once by
/// [`short_number`]; any other text is read (and refused) by
/// [`read_number_general`].
#[inline]
fn read_number(text: &str, offset: usize, field: Field) -> Result<u32, FenError> {
    short_number(text.as_bytes()).map_or_else(|| read_number_general(text, offset, field), Ok)
}

/// One to three digits with no leading zero (or a lone 0); `None` for
/// anything else.
#[inline(always)]
fn short_number(bytes: &[u8]) -> Option<u32> {
    let digit = |b: u8| u32::from(b - b'0');
    match *bytes {
        [a @ b'0'..=b'9'] => Some(digit(a)),
        [a @ b'1'..=b'9', b @ b'0'..=b'9'] => Some(digit(a) * 10 + digit(b)),
        [a @ b'1'..=b'9', b @ b'0'..=b'9', c @ b'0'..=b'9'] => Some(digit(a) * 100 + digit(b) * 10 + digit(c)),
        _ => None,
    }
}

fn read_number_general(text: &str, offset: usize, field: Field) -> Result<u32, FenError> {
    let mut value: Option<u32> = Some(0);
    for (i, &b) in text.as_bytes().iter().enumerate() {
        if !b.is_ascii_digit() {
            // Every byte before `i` is a digit, so `i` starts a character.
            let c = text[i..].chars().next().unwrap_or(char::REPLACEMENT_CHARACTER);
            return err(
                SyntaxKind::NotANumber,
                field,
                offset + i,
                format!("{} is not a digit: expected a whole number of zero or more", shown(c)),
            );
        }
        value = value.and_then(|v| v.checked_mul(10)).and_then(|v| v.checked_add(u32::from(b - b'0')));
    }
    if text.len() > 1 && text.starts_with('0') {
        return err(SyntaxKind::LeadingZero, field, offset, "a number with a leading zero");
    }
    match value {
        Some(value) if !text.is_empty() => Ok(value),
        _ => err(SyntaxKind::TooLarge, field, offset, format!("{} is too large", quoted(text))),
    }
}

/// The placement at the start of `text` (the whole of it, or up to its
/// first space), and where it ends.
fn read_placement(text: &str, offset: usize) -> Result<(KeyedBoard, usize), FenError> {
    let mut board = KeyedBoard::empty();
    let mut end = text.len();
    // One pass over the bytes; a `/` (or the end) closes a rank. The number
    // of ranks is counted only when something is wrong: a wrong number is
    // the error named first ([`placement_error`]).
    let rank_of = |rank_index: usize| Rank::ALL[7 - rank_index.min(7)];
    let too_short = |here: usize, rank_index: usize, file: u32| {
        syntax(
            SyntaxKind::RankTooShort,
            here,
            format!("rank {} has only {file} squares, expected 8", rank_of(rank_index).char()),
        )
    };
    let too_long = |here: usize, rank_index: usize| {
        syntax(SyntaxKind::RankTooLong, here, format!("rank {} has more than 8 squares", rank_of(rank_index).char()))
    };
    let mut rank_index = 0;
    let mut file = 0u32;
    let mut last_digit = false;
    for (j, &b) in text.as_bytes().iter().enumerate() {
        let here = offset + j;
        if let Some(piece) = PIECE_OF.get(usize::from(b)).copied().flatten() {
            if file >= 8 {
                return Err(placement_error(text, offset, || too_long(here, rank_index)));
            }
            // Each square of a rank is named once, in order, so toggling the
            // piece on sets it. Rank 8 comes first; a ninth is refused at its `/`.
            board.toggle(Square::new_masked((7 - rank_index as u32) * 8 + file), piece);
            file += 1;
            last_digit = false;
        } else if b == b'/' {
            if file < 8 || rank_index == 7 {
                return Err(placement_error(text, offset, || too_short(here, rank_index, file)));
            }
            rank_index += 1;
            file = 0;
            last_digit = false;
        } else if (b'1'..=b'8').contains(&b) {
            if last_digit {
                return Err(placement_error(text, offset, || {
                    syntax(
                        SyntaxKind::AdjacentDigits,
                        here,
                        "two digits in a row: write one run of empty squares as one digit",
                    )
                }));
            }
            file += u32::from(b - b'0');
            last_digit = true;
            if file > 8 {
                return Err(placement_error(text, offset, || too_long(here, rank_index)));
            }
        } else if b == b' ' {
            end = j;
            break;
        } else if b.is_ascii_digit() {
            return Err(placement_error(text, offset, || {
                syntax(
                    SyntaxKind::BadDigit,
                    here,
                    format!("{} is not a run of empty squares: use 1 to 8", shown(char::from(b))),
                )
            }));
        } else {
            // Every byte before `j` is ASCII, so `j` starts a character.
            let c = text[j..].chars().next().unwrap_or(char::REPLACEMENT_CHARACTER);
            return Err(placement_error(text, offset, || {
                syntax(
                    SyntaxKind::UnknownPiece,
                    here,
                    format!("{} is not a piece letter (PNBRQK for White, pnbrqk for Black) or a digit", shown(c)),
                )
            }));
        }
    }
    if file < 8 || rank_index != 7 {
        return Err(placement_error(&text[..end], offset, || too_short(offset + end, rank_index, file)));
    }
    Ok((board, end))
}

/// A syntax error in the placement.
fn syntax(kind: SyntaxKind, offset: usize, message: impl Into<String>) -> FenError {
    FenError::Syntax { kind, field: Field::Placement, offset, message: message.into() }
}

/// The error of a placement in which something is wrong: a wrong number
/// of ranks (named first), or else `found`, the first fault in it.
#[cold]
#[inline(never)]
fn placement_error(text: &str, offset: usize, found: impl FnOnce() -> FenError) -> FenError {
    let ranks = text.bytes().filter(|&b| b == b'/').count() + 1;
    if ranks == 8 {
        return found();
    }
    let kind = if ranks < 8 { SyntaxKind::TooFewRanks } else { SyntaxKind::TooManyRanks };
    syntax(kind, offset, format!("{ranks} ranks, expected 8 separated by /"))
}

/// The piece each ASCII letter names in a placement (`P` a white pawn...).
const PIECE_OF: [Option<Piece>; 128] = {
    let mut table = [None; 128];
    let mut b = 0;
    while b < 128 {
        table[b] = Piece::from_char(b as u8 as char);
        b += 1;
    }
    table
};

fn read_castling(board: &Board, text: &str, offset: usize) -> Result<(Bitboard, CastlingMode), FenError> {
    let mut rights = Bitboard::EMPTY;
    let mut mode = CastlingMode::Standard;
    if text == "-" {
        return Ok((rights, mode));
    }
    for (i, c) in text.char_indices() {
        let here = offset + i;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let backrank = Rank::First.relative(color);
        let rooks = board.by_piece(Piece::new(color, Role::Rook)) & Bitboard::from_rank(backrank);
        let king = (board.by_piece(Piece::new(color, Role::King)) & Bitboard::from_rank(backrank)).single_square();
        let rook = match c.to_ascii_lowercase() {
            'k' | 'q' => {
                let Some(king) = king else {
                    return err(
                        SyntaxKind::CastlingWithoutKing,
                        Field::Castling,
                        here,
                        format!(
                            "{} names castling for {color}, but {color} has no king on rank {}",
                            shown(c),
                            backrank.char()
                        ),
                    );
                };
                let short = c.eq_ignore_ascii_case(&'k');
                let side = rooks.squares().filter(|r| (r.file() > king.file()) == short);
                let outermost = if short { side.max() } else { side.min() };
                let Some(rook) = outermost else {
                    return err(
                        SyntaxKind::CastlingWithoutRook,
                        Field::Castling,
                        here,
                        format!(
                            "{} names {} castling for {color}, but there is no {} rook on that side of the king",
                            shown(c),
                            if short { "short" } else { "long" },
                            color.name()
                        ),
                    );
                };
                if king.file() != File::E || !matches!(rook.file(), File::A | File::H) {
                    mode = CastlingMode::Chess960;
                }
                rook
            }
            f @ 'a'..='h' => {
                mode = CastlingMode::Chess960;
                let file = File::from_char(f).unwrap_or(File::A);
                let sq = Square::from_coords(file, backrank);
                if !rooks.contains(sq) {
                    return err(
                        SyntaxKind::CastlingWithoutRook,
                        Field::Castling,
                        here,
                        format!("{} names a {} rook on {sq}, but there is none", shown(c), color.name()),
                    );
                }
                sq
            }
            _ => {
                return err(
                    SyntaxKind::BadCastlingChar,
                    Field::Castling,
                    here,
                    format!("{} is not a castling right: expected -, K, Q, k, q or a rook's file (A-H, a-h)", shown(c)),
                );
            }
        };
        if rights.contains(rook) {
            return err(
                SyntaxKind::CastlingRepeated,
                Field::Castling,
                here,
                format!("{} repeats a castling right", shown(c)),
            );
        }
        rights.add(rook);
    }
    Ok((rights, mode))
}

/// Reads a FEN into a strictly validated [`Position`]. The castling mode is
/// the one the castling field implies (see [`read_setup`]).
///
/// # Errors
/// [`FenError::Syntax`] for malformed text, [`FenError::Position`] for a
/// well-formed FEN of an impossible position.
pub fn read(text: &str) -> Result<Position, FenError> {
    read_with(text, None, Relaxations::STRICT)
}

/// Reads a FEN with the castling mode forced (`Some`) or implied (`None`),
/// waiving the validation rules `relaxations` names.
///
/// # Errors
/// As [`read`].
pub fn read_with(text: &str, mode: Option<CastlingMode>, relaxations: Relaxations) -> Result<Position, FenError> {
    let (setup, implied) = read_keyed_setup(text)?;
    Ok(Position::from_keyed_setup(setup, mode.unwrap_or(implied), relaxations)?)
}

/// Writes a position as FEN. Castling rights are written `KQkq` where that
/// names the rook unambiguously (the outermost one on its side), and by the
/// rook's file otherwise (X-FEN).
pub fn write(pos: &Position) -> String {
    write_setup(&pos.to_setup())
}

/// Writes a free setup as FEN, in the same style as [`write`].
///
/// ```
/// use lawbook_board::Setup;
/// use lawbook_notation::fen;
/// assert_eq!(fen::write_setup(&Setup::standard()), fen::STARTPOS);
/// ```
pub fn write_setup(setup: &Setup) -> String {
    write_fen(setup, false)
}

/// Writes a position as FEN with the castling field in Shredder-FEN style
/// (rook files, `HAha`), the usual form for Chess960.
pub fn write_shredder(pos: &Position) -> String {
    write_fen(&pos.to_setup(), true)
}

fn write_fen(setup: &Setup, shredder: bool) -> String {
    let mut out = String::with_capacity(90);
    write_placement(&setup.board, &mut out);
    out.push(' ');
    out.push(setup.turn.char());
    out.push(' ');
    write_castling(setup, &mut out, shredder);
    out.push(' ');
    match setup.ep_square {
        Some(sq) => {
            out.push(sq.file().char());
            out.push(sq.rank().char());
        }
        None => out.push('-'),
    }
    // The counters without the formatting machinery.
    let mut number = itoa::Buffer::new();
    out.push(' ');
    out.push_str(number.format(setup.halfmoves));
    out.push(' ');
    out.push_str(number.format(setup.fullmoves));
    out
}

/// Writes only the piece placement (the first field).
pub fn write_placement(board: &Board, out: &mut String) {
    // Eight ranks of at most eight letters, and seven slashes.
    let mut text = [0u8; 71];
    let mut len = 0;
    let mut put = |byte: u8| {
        text[len] = byte;
        len += 1;
    };
    let occupied = board.occupied();
    for rank in Rank::ALL.iter().rev() {
        if *rank != Rank::Eighth {
            put(b'/');
        }
        // Only the occupied squares are visited; the gaps become digits.
        let mut row = (occupied.0 >> (8 * rank.index())) as u8;
        let mut file = 0;
        while row != 0 {
            let next = row.trailing_zeros();
            if next > file {
                put(b'0' + (next - file) as u8);
            }
            let square = Square::from_coords(File::ALL[next as usize], *rank);
            if let Some(piece) = board.piece_at(square) {
                put(piece.char() as u8);
            }
            file = next + 1;
            row &= row - 1;
        }
        if file < 8 {
            put(b'0' + (8 - file) as u8);
        }
    }
    // Every byte written is an ASCII letter, digit or slash.
    out.push_str(core::str::from_utf8(&text[..len]).unwrap_or_default());
}

fn write_castling(setup: &Setup, out: &mut String, shredder: bool) {
    let start = out.len();
    for color in Color::ALL {
        let backrank = Bitboard::from_rank(Rank::First.relative(color));
        let rights = setup.castling_rights & backrank;
        let rooks = setup.board.by_piece(Piece::new(color, Role::Rook)) & backrank;
        let king = (setup.board.by_piece(Piece::new(color, Role::King)) & backrank).single_square();
        // Short side first (K before Q), as FEN writes it.
        let mut ordered: Vec<Square> = rights.squares().collect();
        ordered.reverse();
        for rook in ordered {
            let letter = match king {
                Some(king) if !shredder => {
                    let short = rook.file() > king.file();
                    let side: Vec<Square> = rooks.squares().filter(|r| (r.file() > king.file()) == short).collect();
                    let outermost = if short { side.last().copied() } else { side.first().copied() };
                    if outermost == Some(rook) {
                        if short { 'K' } else { 'Q' }
                    } else {
                        rook.file().char().to_ascii_uppercase()
                    }
                }
                _ => rook.file().char().to_ascii_uppercase(),
            };
            out.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
        }
    }
    if out.len() == start {
        out.push('-');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quick_number_reading_is_the_general_one() {
        let mut texts: Vec<String> = (0..1200).map(|n| n.to_string()).collect();
        texts.extend(
            ["", "00", "01", "007", "0010", "1a", "a", "-1", "+1", " 1", "1 ", "4294967295", "4294967296", "\u{967}"]
                .map(String::from),
        );
        for text in &texts {
            let general = read_number_general(text, 3, Field::Halfmoves);
            assert_eq!(read_number(text, 3, Field::Halfmoves), general, "{text:?}");
        }
    }

    /// The property tests compare the one-pass reading with the full one by
    /// putting a space in front; that only compares them while the one-pass
    /// reader takes common lines and leaves spaced ones to the full reader.
    #[test]
    fn the_one_pass_reader_takes_plain_lines_only() {
        let plain = [
            STARTPOS,
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b Qk - 12 30",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
        ];
        for text in plain {
            let (setup, mode) = read_plain(text).unwrap_or_else(|| panic!("{text} is left to the full reader"));
            assert_eq!((setup.into_setup(), mode), read_setup(&format!(" {text}")).unwrap(), "{text}");
            assert!(read_plain(&format!(" {text}")).is_none(), "{text} with a space before it");
        }
        // Two white kings on the first rank: `K` names no king, an error the full reader names.
        let two_kings = "4k3/8/8/8/8/8/8/K3K2R w K - 0 1";
        assert!(read_plain(two_kings).is_none());
        assert!(matches!(read_setup(two_kings), Err(FenError::Syntax { kind: SyntaxKind::CastlingWithoutKing, .. })));
    }
}
