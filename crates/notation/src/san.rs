//! Standard algebraic notation (SAN, as in PGN) and long algebraic notation
//! (`e2-e4`, `Kg1-g2`, `b5xa6`, `a7-a8=Q`, `0-0-0`, as the source texts write
//! moves), written and read, in any [`Lang`].
//!
//! Reading accepts every correct spelling: minimal or over-disambiguated
//! origins, `x` or `:` for captures, promotion as `=Q`, `Q`, `(Q)` or `/Q`,
//! castling as `O-O` or `0-0`, an `e.p.` suffix, check and mate suffixes
//! (`+`, `#`, `++`) and annotations (`!`, `?`, `!!`, `?!`, `!?`, `??`). In
//! [`Strictness::Strict`] mode a wrong capture mark or check suffix is an
//! error; in [`Strictness::Lenient`] mode both are ignored.

use crate::Lang;
use core::fmt;
use lawbook_board::{Board, Color, File, Piece, Rank, Role, Square};
use lawbook_movegen::attacks::pseudo_legal_targets;
use lawbook_movegen::{CastlingObstacle, CastlingSide, Move, MoveList, Position};

/// Whether a reader insists on exact capture marks and check suffixes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strictness {
    /// A wrong capture mark (`x`) or check suffix (`+`, `#`) is an error.
    #[default]
    Strict,
    /// Capture marks and check suffixes are ignored.
    Lenient,
}

/// Writes `mv`, a legal move of `pos`, in SAN with English letters.
///
/// ```
/// use lawbook_notation::{fen, san, uci};
/// let pos = fen::read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?;
/// let castle = uci::read_legal(&pos, "e1c1")?;
/// assert_eq!(san::write(&pos, castle), "O-O-O");
/// let check = uci::read_legal(&pos, "a1a8")?;
/// assert_eq!(san::write(&pos, check), "Rxa8+");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(pos: &Position, mv: Move) -> String {
    write_lang(pos, mv, Lang::English)
}

/// Writes `mv` in SAN with the piece letters of `lang`.
pub fn write_lang(pos: &Position, mv: Move, lang: Lang) -> String {
    let mut out = body(pos, mv, lang, false);
    out.push_str(suffix(pos, mv));
    out
}

/// Writes `mv` in long algebraic notation: `e2-e4`, `Kg1-g2`, `b5xa6`,
/// `a7-a8=Q`, `0-0`, `0-0-0`, with `+` or `#` when it checks or mates.
///
/// ```
/// use lawbook_notation::{fen, san, uci};
/// let pos = fen::read("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1")?;
/// assert_eq!(san::write_long(&pos, uci::read_legal(&pos, "g1f3")?), "Ng1-f3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_long(pos: &Position, mv: Move) -> String {
    write_long_lang(pos, mv, Lang::English)
}

/// Writes `mv` in long algebraic notation with the piece letters of `lang`.
pub fn write_long_lang(pos: &Position, mv: Move, lang: Lang) -> String {
    let mut out = body(pos, mv, lang, true);
    out.push_str(suffix(pos, mv));
    out
}

fn is_capture(pos: &Position, mv: Move) -> bool {
    mv.is_en_passant() || (!mv.is_castle() && pos.board().by_color(!pos.turn()).contains(mv.to()))
}

/// `+` when the move gives check, `#` when it mates, `""` otherwise.
#[inline]
pub fn suffix(pos: &Position, mv: Move) -> &'static str {
    // Most moves give no check: the position after is made only for a check.
    if pos.gives_check(mv) { check_suffix(pos, mv) } else { "" }
}

/// `#` or `+` for a move that gives check. Out of line: most moves give
/// none, and without this code `suffix` stays small enough to inline.
#[inline(never)]
fn check_suffix(pos: &Position, mv: Move) -> &'static str {
    if pos.play_unchecked(mv).has_legal_moves() { "+" } else { "#" }
}

fn body(pos: &Position, mv: Move, lang: Lang, long: bool) -> String {
    let mut out = String::with_capacity(8);
    if mv.is_castle() {
        let short = mv.is_short_castle();
        out.push_str(match (long, short) {
            (false, true) => "O-O",
            (false, false) => "O-O-O",
            (true, true) => "0-0",
            (true, false) => "0-0-0",
        });
        return out;
    }
    let from = mv.from();
    let to = mv.to();
    let role = pos.board().role_at(from).unwrap_or(Role::Pawn);
    let capture = is_capture(pos, mv);
    out.push_str(lang.letter(role));
    if long {
        out.push_str(&from.to_string());
        out.push(if capture { 'x' } else { '-' });
    } else if role == Role::Pawn {
        if capture {
            out.push(from.file().char());
        }
    } else {
        // Minimal disambiguation: by file, then by rank, then both. The
        // rivals are the other pieces of the kind that can go to the target.
        let mut list = MoveList::new();
        pos.legal_moves_to(role, to, &mut list);
        let rivals: Vec<Square> =
            list.iter().filter(|m| m.from() != from && !m.is_castle()).map(|m| m.from()).collect();
        if !rivals.is_empty() {
            if rivals.iter().all(|r| r.file() != from.file()) {
                out.push(from.file().char());
            } else if rivals.iter().all(|r| r.rank() != from.rank()) {
                out.push(from.rank().char());
            } else {
                out.push_str(&from.to_string());
            }
        }
    }
    if capture && !long {
        out.push('x');
    }
    out.push_str(&to.to_string());
    if let Some(promoted) = mv.promotion_role() {
        out.push('=');
        out.push_str(lang.letter(promoted));
    }
    out
}

/// Which notation a move was read in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveFormat {
    /// Standard algebraic notation (`Nf3`, `exd5`, `O-O`).
    San,
    /// Long algebraic notation (`Ng1-f3`, `e4xd5`, `0-0`).
    Long,
    /// UCI (`g1f3`, `e1g1`).
    Uci,
}

impl fmt::Display for MoveFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveFormat::San => "SAN",
            MoveFormat::Long => "long algebraic",
            MoveFormat::Uci => "UCI",
        })
    }
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveErrorKind {
    /// The text is not a move in any notation this reader knows.
    Syntax,
    /// No piece of the kind written can go to the target square.
    NoPiece,
    /// Several pieces can make the move; these are their squares.
    Ambiguous(Vec<Square>),
    /// The move would leave the mover's king in check (or not get it out of check).
    LeavesKingInCheck,
    /// A pawn reaching the last rank must be promoted; the text does not say to what.
    MissingPromotion,
    /// A promotion was written for a move that is not one (or to a king or pawn).
    BadPromotion,
    /// Castling is not allowed, for this reason.
    Castling(CastlingObstacle),
    /// Strict mode: the capture mark does not match the move.
    WrongCaptureMark,
    /// Strict mode: the check or mate suffix does not match the move.
    WrongSuffix,
}

impl MoveErrorKind {
    /// A stable machine name such as `"move.ambiguous"` or
    /// `"move.castling_through_check"`, listed in `conformance/bad-inputs/README.md`.
    pub fn name(&self) -> &'static str {
        match self {
            MoveErrorKind::Syntax => "move.syntax",
            MoveErrorKind::NoPiece => "move.no_piece",
            MoveErrorKind::Ambiguous(_) => "move.ambiguous",
            MoveErrorKind::LeavesKingInCheck => "move.leaves_king_in_check",
            MoveErrorKind::MissingPromotion => "move.missing_promotion",
            MoveErrorKind::BadPromotion => "move.bad_promotion",
            MoveErrorKind::Castling(CastlingObstacle::NoRight) => "move.castling_without_right",
            MoveErrorKind::Castling(CastlingObstacle::Blocked(_)) => "move.castling_blocked",
            MoveErrorKind::Castling(CastlingObstacle::InCheck) => "move.castling_in_check",
            MoveErrorKind::Castling(CastlingObstacle::PassesAttackedSquare(_)) => "move.castling_through_check",
            MoveErrorKind::Castling(CastlingObstacle::LandsOnAttackedSquare(_) | CastlingObstacle::LandsInCheck(_)) => {
                "move.castling_into_check"
            }
            MoveErrorKind::WrongCaptureMark => "move.wrong_capture_mark",
            MoveErrorKind::WrongSuffix => "move.wrong_suffix",
        }
    }
}

/// A move could not be read, or is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// The text as given (cut to 40 characters).
    pub text: String,
    /// Why it was refused.
    pub kind: MoveErrorKind,
    /// The reason in plain words.
    pub reason: String,
}

impl MoveError {
    fn new(text: &str, kind: MoveErrorKind, reason: impl Into<String>) -> MoveError {
        MoveError { text: text.chars().take(40).collect(), kind, reason: reason.into() }
    }

    /// The stable machine name of why the move was refused ([`MoveErrorKind::name`]).
    ///
    /// ```
    /// use lawbook_notation::{fen, read_move, ReadOptions};
    /// let pos = fen::read(fen::STARTPOS)?;
    /// assert_eq!(read_move(&pos, "Ke2", ReadOptions::STRICT).unwrap_err().kind(), "move.no_piece");
    /// assert_eq!(read_move(&pos, "hello", ReadOptions::STRICT).unwrap_err().kind(), "move.syntax");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> &'static str {
        self.kind.name()
    }

    /// Whether the text was a readable move that the laws do not allow
    /// (as opposed to text that is not a move at all).
    pub fn is_illegal(&self) -> bool {
        !matches!(self.kind, MoveErrorKind::Syntax)
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Text with a line break or another control character is shown
        // escaped, so that the message stays one line.
        if self.text.chars().any(|c| c.is_control() || c == '\u{feff}') {
            write!(f, "{:?}: {}", self.text, self.reason)
        } else {
            write!(f, "{}: {}", self.text, self.reason)
        }
    }
}

impl std::error::Error for MoveError {}

/// What a SAN or long algebraic move says, read without asking whether it is
/// legal: enough to recognise the move in any program's list of moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovePattern {
    /// Castling to one side.
    Castle(CastlingSide),
    /// A piece (or pawn) move.
    Piece {
        /// The kind of piece that moves.
        role: Role,
        /// The file it comes from, when written.
        file: Option<File>,
        /// The rank it comes from, when written.
        rank: Option<Rank>,
        /// Whether it is written as a capture.
        capture: bool,
        /// Whether it was written in long algebraic form (`e2-e4`).
        long: bool,
        /// The target square.
        to: Square,
        /// The piece a pawn becomes, when written.
        promotion: Option<Role>,
    },
}

impl MovePattern {
    /// Reads the pattern of a move in SAN or long algebraic notation (piece
    /// letters of `lang`, or English), ignoring suffixes and annotations.
    /// `None` when the text is not such a move.
    ///
    /// ```
    /// use lawbook_notation::{Lang, san::MovePattern};
    /// assert!(MovePattern::read("d4xe3", Lang::English).is_some());
    /// assert!(MovePattern::read("hello", Lang::English).is_none());
    /// ```
    pub fn read(text: &str, lang: Lang) -> Option<MovePattern> {
        parse_written(strip_suffixes(text).0, lang)
    }

    /// Whether a move from `from` to `to` (promoting to `promotion`), as any
    /// program might list it in UCI, is the move this pattern names in `pos`.
    /// Castling matches both UCI spellings: the king taking its own rook, and
    /// the king's two-square step to the g- or c-file (a one-square king step
    /// in Chess960 is an ordinary king move, never castling). Nothing here asks
    /// whether the move is legal.
    pub fn matches(&self, pos: &Position, from: Square, to: Square, promotion: Option<Role>) -> bool {
        self.matches_on(pos.board(), pos.turn(), from, to, promotion)
    }

    /// As [`MovePattern::matches`], on a board alone with `us` to move: for
    /// positions lawbook does not hold (no game can reach them), where the
    /// text still names the same moves. Castling needs exactly one king of `us`.
    pub fn matches_on(&self, board: &Board, us: Color, from: Square, to: Square, promotion: Option<Role>) -> bool {
        match *self {
            MovePattern::Castle(side) => {
                let Some(king) = board.king_of(us) else { return false };
                let rank = Rank::First.relative(us);
                let king_to = Square::from_coords(if side == CastlingSide::Short { File::G } else { File::C }, rank);
                let rook_side = board.by_piece(Piece::new(us, Role::Rook)).contains(to)
                    && (to.file() > king.file()) == (side == CastlingSide::Short);
                let two_step = to == king_to && king.distance(king_to) == 2;
                from == king && king.rank() == rank && (two_step || rook_side) && promotion.is_none()
            }
            MovePattern::Piece { role, file, rank, to: target, promotion: promoted, .. } => {
                board.by_piece(Piece::new(us, role)).contains(from)
                    && file.is_none_or(|f| from.file() == f)
                    && rank.is_none_or(|r| from.rank() == r)
                    && to == target
                    && promoted == promotion
            }
        }
    }
}

#[derive(Debug, Default, PartialEq, Eq)]
struct Suffixes {
    check: Option<char>,
}

fn strip_suffixes(text: &str) -> (&str, Suffixes) {
    let mut rest = text.trim();
    let mut suffixes = Suffixes::default();
    loop {
        let before = rest.len();
        rest = rest.trim_end_matches(['!', '?']).trim_end();
        for ep in ["e.p.", "ep"] {
            if let Some(r) = rest.strip_suffix(ep)
                && r.ends_with(|c: char| c.is_ascii_digit() || c == ' ' || c == '+' || c == '#')
            {
                rest = r.trim_end();
            }
        }
        if let Some(r) = rest.strip_suffix("++") {
            suffixes.check.get_or_insert('+');
            rest = r;
        } else if let Some(r) = rest.strip_suffix(['+', '#']) {
            suffixes.check.get_or_insert(if rest.ends_with('#') { '#' } else { '+' });
            rest = r;
        }
        if rest.len() == before {
            return (rest, suffixes);
        }
    }
}

fn parse_written(text: &str, lang: Lang) -> Option<MovePattern> {
    match text {
        "O-O" | "0-0" => return Some(MovePattern::Castle(CastlingSide::Short)),
        "O-O-O" | "0-0-0" => return Some(MovePattern::Castle(CastlingSide::Long)),
        _ => {}
    }
    // Promotion at the end: =Q, (Q), /Q or a bare Q after the target square.
    // A promotion to a pawn (=P) is read, to be refused as a promotion.
    let promoted = |inner: &str| {
        lang.role_prefix(inner)
            .or_else(|| Lang::English.role_prefix(inner))
            .or((inner == "P").then_some((Role::Pawn, 1)))
    };
    let mut rest = text;
    let mut promotion = None;
    for (open, close) in [('=', ""), ('(', ")"), ('/', "")] {
        if let Some(i) = rest.rfind(open) {
            let inner = rest[i + 1..].strip_suffix(close)?;
            if !inner.is_empty() && inner.chars().all(|c| !c.is_ascii_digit()) {
                let (role, len) = promoted(inner)?;
                if len != inner.len() {
                    return None;
                }
                promotion = Some(role);
                rest = &rest[..i];
                break;
            }
        }
    }
    if promotion.is_none() {
        // A bare letter after a last-rank square: e8Q.
        if let Some(pos) = rest.char_indices().rev().find(|(_, c)| c.is_ascii_digit()).map(|(i, _)| i + 1) {
            let tail = &rest[pos..];
            if !tail.is_empty() {
                let (role, len) = promoted(tail)?;
                if len != tail.len() {
                    return None;
                }
                promotion = Some(role);
                rest = &rest[..pos];
            }
        }
    }
    // Target square: the last two characters.
    if rest.len() < 2 || !rest.is_char_boundary(rest.len() - 2) {
        return None;
    }
    let to: Square = rest[rest.len() - 2..].parse().ok()?;
    let mut head = &rest[..rest.len() - 2];
    let (role, len) = match lang.role_prefix(head) {
        Some(found) => found,
        None if lang != Lang::English && head.starts_with(['K', 'Q', 'R', 'B', 'N']) => {
            Lang::English.role_prefix(head)?
        }
        None => (Role::Pawn, 0),
    };
    head = &head[len..];
    let mut capture = false;
    let mut long = false;
    if let Some(h) = head.strip_suffix(['x', ':', '×']) {
        capture = true;
        head = h;
    } else if let Some(h) = head.strip_suffix('-') {
        long = true;
        head = h;
    }
    let mut chars = head.chars();
    let (file, rank) = match (chars.next(), chars.next(), chars.next()) {
        (None, _, _) => (None, None),
        (Some(c), None, _) => match (File::from_char(c), Rank::from_char(c)) {
            (Some(f), _) => (Some(f), None),
            (None, Some(r)) => (None, Some(r)),
            _ => return None,
        },
        (Some(f), Some(r), None) => (Some(File::from_char(f)?), Some(Rank::from_char(r)?)),
        _ => return None,
    };
    if long && (file.is_none() || rank.is_none()) {
        return None;
    }
    let long = long || (capture && file.is_some() && rank.is_some() && role == Role::Pawn);
    if role == Role::King && promotion.is_some() {
        return None;
    }
    Some(MovePattern::Piece { role, file, rank, capture, long, to, promotion })
}

/// The piece each English letter names, by byte (the pawn has no letter).
const ROLE_OF_LETTER: [Option<Role>; 128] = {
    let mut table = [None; 128];
    table[b'N' as usize] = Some(Role::Knight);
    table[b'B' as usize] = Some(Role::Bishop);
    table[b'R' as usize] = Some(Role::Rook);
    table[b'Q' as usize] = Some(Role::Queen);
    table[b'K' as usize] = Some(Role::King);
    table
};

/// [`strip_suffixes`] and [`parse_written`] in one pass over the bytes, for
/// the plain SAN of English letters that games are written in:
/// `[KQRBN][a-h][1-8][x]a1[=QRBN]` (each part but the square optional) or
/// `O-O`/`O-O-O`, with at most one `+` or `#` after it. `None` for any other
/// text, which the general reader then reads; where this reads a text, the
/// answer is the one the general reader gives (a test compares them).
fn read_plain(text: &str) -> Option<(&str, Suffixes, MovePattern)> {
    let bytes = text.as_bytes();
    let (core, check) = match bytes.last()? {
        b'+' => (&bytes[..bytes.len() - 1], Some('+')),
        b'#' => (&bytes[..bytes.len() - 1], Some('#')),
        _ => (bytes, None),
    };
    // Every byte read below is ASCII, so any split of `text` is on a boundary.
    let core_text = text.get(..core.len())?;
    let suffixes = Suffixes { check };
    match core {
        b"O-O" => return Some((core_text, suffixes, MovePattern::Castle(CastlingSide::Short))),
        b"O-O-O" => return Some((core_text, suffixes, MovePattern::Castle(CastlingSide::Long))),
        _ => {}
    }
    let (mut head, promotion) = match core {
        [rest @ .., b'=', letter] => {
            let role = ROLE_OF_LETTER.get(usize::from(*letter)).copied().flatten()?;
            (rest, Some(role).filter(|&r| r != Role::King)?.into())
        }
        _ => (core, None),
    };
    let [rest @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] = head else { return None };
    let to = Square::from_coords(File::ALL[usize::from(f - b'a')], Rank::ALL[usize::from(r - b'1')]);
    head = rest;
    let role = match head.first().and_then(|&b| ROLE_OF_LETTER.get(usize::from(b)).copied().flatten()) {
        Some(role) => {
            head = &head[1..];
            role
        }
        None => Role::Pawn,
    };
    if role == Role::King && promotion.is_some() {
        return None;
    }
    let capture = match head {
        [rest @ .., b'x'] => {
            head = rest;
            true
        }
        _ => false,
    };
    let file_of = |b: u8| (b'a'..=b'h').contains(&b).then(|| File::ALL[usize::from(b - b'a')]);
    let rank_of = |b: u8| (b'1'..=b'8').contains(&b).then(|| Rank::ALL[usize::from(b - b'1')]);
    let (file, rank) = match *head {
        [] => (None, None),
        [c] => match (file_of(c), rank_of(c)) {
            (Some(f), _) => (Some(f), None),
            (None, Some(r)) => (None, Some(r)),
            _ => return None,
        },
        [f, r] => (Some(file_of(f)?), Some(rank_of(r)?)),
        _ => return None,
    };
    let long = capture && file.is_some() && rank.is_some() && role == Role::Pawn;
    Some((core_text, suffixes, MovePattern::Piece { role, file, rank, capture, long, to, promotion }))
}

fn role_name(color: Color, role: Role) -> String {
    format!("{} {}", color.name(), role.name())
}

/// Reads a move in SAN or long algebraic notation with the letters of `lang`
/// (English letters are accepted in any language), and finds the legal move
/// of `pos` it names.
///
/// # Errors
/// [`MoveError`] saying why: not a move at all ([`MoveErrorKind::Syntax`]),
/// no piece can go there, several can (and which), the king would be in
/// check, castling is not allowed (and which condition fails), a missing or
/// impossible promotion, or in strict mode a wrong capture mark or suffix.
///
/// ```
/// use lawbook_notation::{fen, san::{self, MoveErrorKind, Strictness}, Lang};
/// let pos = fen::read("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")?;
/// let err = san::read(&pos, "Nd2", Lang::English, Strictness::Strict).unwrap_err();
/// assert!(matches!(err.kind, MoveErrorKind::Ambiguous(_)));
/// let (mv, _) = san::read(&pos, "Sbd2", Lang::Swedish, Strictness::Strict)?;
/// assert_eq!(san::write(&pos, mv), "Nbd2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read(pos: &Position, text: &str, lang: Lang, strictness: Strictness) -> Result<(Move, MoveFormat), MoveError> {
    let fast = if lang == Lang::English { read_plain(text) } else { None };
    let (core, suffixes, written) = match fast {
        Some((core, suffixes, written)) => (core, suffixes, Some(written)),
        None => {
            let (core, suffixes) = strip_suffixes(text);
            (core, suffixes, parse_written(core, lang))
        }
    };
    let Some(written) = written else {
        return Err(MoveError::new(
            text,
            MoveErrorKind::Syntax,
            "not a move: expected SAN (Nf3, exd5, e8=Q, O-O), long algebraic (Ng1-f3, e2-e4, 0-0-0) or UCI (g1f3)",
        ));
    };
    let (mv, format, capture_written) = match written {
        MovePattern::Castle(side) => {
            let format = if core.starts_with('0') { MoveFormat::Long } else { MoveFormat::San };
            match pos.castling_obstacle(side) {
                None => (
                    pos.castling_move(side).ok_or_else(|| castling_error(text, CastlingObstacle::NoRight))?,
                    format,
                    None,
                ),
                Some(obstacle) => return Err(castling_error(text, obstacle)),
            }
        }
        MovePattern::Piece { role, file, rank, capture, long, to, promotion } => {
            let mv = find(pos, text, role, file, rank, to, promotion)?;
            // A piece capture from a full square (Nc3xb5) is long algebraic,
            // unless SAN itself needs the whole square to tell the pieces apart.
            let long = long
                || (capture
                    && file.is_some()
                    && rank.is_some()
                    && !body(pos, mv, lang, false).contains(&format!("{}x", mv.from())));
            (mv, if long { MoveFormat::Long } else { MoveFormat::San }, Some(capture))
        }
    };
    if strictness == Strictness::Strict {
        if let Some(capture) = capture_written
            && capture != is_capture(pos, mv)
        {
            let reason =
                if capture { "marked as a capture but it captures nothing" } else { "a capture must be marked with x" };
            return Err(MoveError::new(text, MoveErrorKind::WrongCaptureMark, reason));
        }
        let actual = suffix(pos, mv).chars().next();
        if suffixes.check != actual {
            let reason = match actual {
                None => "the move gives no check, so it takes no + or # suffix".to_string(),
                Some('#') => "the move mates: write # after it".to_string(),
                _ => "the move gives check: write + after it".to_string(),
            };
            return Err(MoveError::new(text, MoveErrorKind::WrongSuffix, reason));
        }
    }
    Ok((mv, format))
}

pub(crate) fn castling_error(text: &str, obstacle: CastlingObstacle) -> MoveError {
    let reason = format!("castling is not allowed: {obstacle}");
    MoveError::new(text, MoveErrorKind::Castling(obstacle), reason)
}

fn find(
    pos: &Position,
    text: &str,
    role: Role,
    file: Option<File>,
    rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, MoveError> {
    let fits = |from: Square| file.is_none_or(|f| from.file() == f) && rank.is_none_or(|r| from.rank() == r);
    // Only the legal moves of the pieces of the kind written to the target
    // square are generated, into a list on the stack: no allocation unless
    // there is an error to explain. (Castling is the king's move to its
    // rook's square, which a king move written to that square is not.)
    let mut list = MoveList::new();
    pos.legal_moves_to(role, to, &mut list);
    // Most texts name one legal move: found here; the rest are explained
    // out of line.
    let mut named = list.iter().filter(|m| !m.is_castle() && fits(m.from()));
    if let (Some(&mv), None) = (named.next(), named.next())
        && mv.promotion_role() == promotion
    {
        return Ok(mv);
    }
    refuse(pos, text, &Named { role, file, rank, to, promotion }, &list)
}

/// What a text names of a move that is not castling: the kind of piece,
/// what it says of the square the piece leaves, its target and promotion.
struct Named {
    role: Role,
    file: Option<File>,
    rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
}

/// Why `text` names no single legal move of the `list` that
/// [`Position::legal_moves_to`] gives for `role` and `to`: [`find`] when a
/// move is not there, ambiguous, or wrongly promoted. Out of line, so that
/// `find` stays small.
#[cold]
#[inline(never)]
fn refuse(pos: &Position, text: &str, named: &Named, list: &MoveList) -> Result<Move, MoveError> {
    let &Named { role, file, rank, to, promotion } = named;
    let us = pos.turn();
    let board = pos.board();
    let fits = |from: Square| file.is_none_or(|f| from.file() == f) && rank.is_none_or(|r| from.rank() == r);
    let candidate = |m: &&Move| !m.is_castle() && fits(m.from());
    let (mut any, mut promotes, mut found, mut matching) = (false, false, None, 0);
    for &m in list.iter().filter(candidate) {
        any = true;
        promotes |= m.promotion_role().is_some();
        if m.promotion_role() == promotion {
            matching += 1;
            found.get_or_insert(m);
        }
    }
    if any {
        match (promotes, promotion) {
            (true, None) => {
                return Err(MoveError::new(
                    text,
                    MoveErrorKind::MissingPromotion,
                    format!(
                        "a pawn reaching the last rank must become a queen, rook, bishop or knight: write {to}=Q, {to}=R, {to}=B or {to}=N"
                    ),
                ));
            }
            (false, Some(_)) => {
                return Err(MoveError::new(
                    text,
                    MoveErrorKind::BadPromotion,
                    "only a pawn reaching the last rank is promoted",
                ));
            }
            _ => {}
        }
        return match (found, matching) {
            (Some(mv), 1) => Ok(mv),
            (None, _) => Err(MoveError::new(
                text,
                MoveErrorKind::BadPromotion,
                "a pawn is promoted to a queen, rook, bishop or knight",
            )),
            _ => {
                let squares: Vec<Square> = list
                    .iter()
                    .filter(candidate)
                    .filter(|m| m.promotion_role() == promotion)
                    .map(|m| m.from())
                    .collect();
                let names: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
                let reason = format!(
                    "ambiguous: the {}s on {} can all move to {to}; name the one you mean",
                    role.name(),
                    names.join(" and ")
                );
                Err(MoveError::new(text, MoveErrorKind::Ambiguous(squares), reason))
            }
        };
    }
    // No legal move: say why.
    let ours = board.by_color(us);
    let pieces: Vec<Square> = (board.by_piece(Piece::new(us, role)) & ours).squares().filter(|s| fits(*s)).collect();
    // Whether a piece could move there if its king's safety did not count.
    let reaches = |from: Square| pseudo_legal_targets(board, from, pos.ep_square()).contains(to);
    if !pieces.iter().any(|&from| reaches(from)) {
        let reason = if pieces.is_empty() {
            format!("there is no {} that could make this move", role_name(us, role))
        } else {
            format!("no {} can move to {to}", role_name(us, role))
        };
        return Err(MoveError::new(text, MoveErrorKind::NoPiece, reason));
    }
    let reason = if role == Role::King {
        format!("the {} king may not move to {to}: it would be in check there", us.name())
    } else if pos.is_check() {
        format!("the {} king is in check and this move does not get it out of check", us.name())
    } else {
        format!("the move would leave the {} king in check", us.name())
    };
    Err(MoveError::new(text, MoveErrorKind::LeavesKingInCheck, reason))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the one-pass reader of plain SAN reads a text, it reads it as
    /// the general reader does: every text of up to five characters from
    /// an alphabet of SAN's characters, and longer ones drawn at random.
    #[test]
    fn plain_reader_agrees_with_the_general_one() {
        const ALPHABET: &[u8] = b"NBRQKPabeh0189x=+#-O(!";
        fn general(text: &str) -> (&str, Suffixes, Option<MovePattern>) {
            let (core, suffixes) = strip_suffixes(text);
            (core, suffixes, parse_written(core, Lang::English))
        }
        let mut checked = 0;
        let mut check = |text: &str| {
            if let Some((core, suffixes, pattern)) = read_plain(text) {
                assert_eq!(general(text), (core, suffixes, Some(pattern)), "{text:?}");
                checked += 1;
            }
        };
        for len in 0..=5u32 {
            for mut n in 0..(ALPHABET.len() as u64).pow(len) {
                let mut text = String::new();
                for _ in 0..len {
                    text.push(char::from(ALPHABET[(n % ALPHABET.len() as u64) as usize]));
                    n /= ALPHABET.len() as u64;
                }
                check(&text);
            }
        }
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..200_000 {
            let mut text = String::new();
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            for k in 0..6 + (state >> 61) {
                let i = (state >> (8 * (k % 7))) as usize % ALPHABET.len();
                text.push(char::from(ALPHABET[i]));
            }
            check(&text);
        }
        for text in ["Nf3", "exd5", "e8=Q+", "Nbd2", "R1a3", "Qh4xe1#", "O-O", "O-O-O+", "bxc1=N", "Kxe2"] {
            check(text);
        }
        assert!(checked > 1000, "{checked}");
    }
}
