//! One entry point for a move in any notation.

use crate::san::{self, MoveError, MoveErrorKind, MoveFormat, Strictness};
use crate::{Lang, uci};
use lawbook_movegen::{Move, Position};

/// How [`read_move`] reads: the language of piece letters and the strictness.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Piece letters (English letters are always accepted too).
    pub lang: Lang,
    /// Whether capture marks and check suffixes must be exact.
    pub strictness: Strictness,
}

impl ReadOptions {
    /// Strict reading with English letters.
    pub const STRICT: ReadOptions = ReadOptions { lang: Lang::English, strictness: Strictness::Strict };
    /// Lenient reading with English letters (what PGN readers usually want).
    pub const LENIENT: ReadOptions = ReadOptions { lang: Lang::English, strictness: Strictness::Lenient };
}

fn looks_like_uci(text: &str) -> bool {
    let b = text.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
        && (b.len() == 4 || matches!(b[4], b'q' | b'r' | b'b' | b'n'))
}

/// Reads a move written in SAN (`Nf3`), long algebraic (`Ng1-f3`, `e2-e4`,
/// `0-0-0`) or UCI (`g1f3`), finds the legal move of `pos` it names and says
/// which notation it was.
///
/// # Errors
/// [`MoveError`] with the reason: not a move, no piece can go there, several
/// can (and which), the king would be in check, castling is not allowed (and
/// which condition fails).
///
/// ```
/// use lawbook_notation::{fen, read_move, ReadOptions, MoveFormat};
/// let pos = fen::read(fen::STARTPOS)?;
/// for text in ["e4", "e2-e4", "e2e4"] {
///     let (mv, _) = read_move(&pos, text, ReadOptions::STRICT)?;
///     assert_eq!(lawbook_notation::uci::write(&pos, mv), "e2e4");
/// }
/// assert_eq!(read_move(&pos, "e2-e4", ReadOptions::STRICT)?.1, MoveFormat::Long);
/// assert!(read_move(&pos, "0-0", ReadOptions::STRICT).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_move(pos: &Position, text: &str, options: ReadOptions) -> Result<(Move, MoveFormat), MoveError> {
    let trimmed = text.trim();
    if looks_like_uci(trimmed) {
        return match uci::parse(pos, trimmed) {
            Ok(mv) => Ok((mv, MoveFormat::Uci)),
            Err(_) => {
                // Say why, through the long-algebraic reader: e2e4 means e2-e4.
                let long = format!("{}-{}", &trimmed[..2], &trimmed[2..]);
                let long = match trimmed.len() {
                    5 => format!("{}={}", &long[..5], trimmed[4..].to_ascii_uppercase()),
                    _ => long,
                };
                let kind = san::read(pos, &long, Lang::English, Strictness::Lenient)
                    .err()
                    .map_or(MoveErrorKind::NoPiece, |e| e.kind);
                let reason = san::read(pos, &long, Lang::English, Strictness::Lenient)
                    .err()
                    .map_or_else(|| "not a legal move here".to_string(), |e| e.reason);
                Err(MoveError { text: trimmed.chars().take(40).collect(), kind, reason })
            }
        };
    }
    san::read(pos, trimmed, options.lang, options.strictness)
}
