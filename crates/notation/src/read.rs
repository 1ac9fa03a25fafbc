//! One entry point for a move in any notation.

use crate::san::{self, MoveError, MoveErrorKind, MoveFormat, Strictness};
use crate::{Lang, uci};
use lawbook_board::{CastlingMode, File, Piece, Rank, Role, Square};
use lawbook_movegen::{CastlingSide, Move, Position};

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

#[inline(always)]
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
    // A word of PGN has no white space around it: trimmed only when it has.
    let bytes = text.as_bytes();
    let bare = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_graphic());
    let trimmed = if bare(bytes.first()) && bare(bytes.last()) { text } else { text.trim() };
    read_word(pos, trimmed, options)
}

/// [`read_move`] of a word with no white space at either end, such as a
/// word of PGN movetext: built into its caller, which then calls the SAN
/// reader itself.
#[inline(always)]
pub(crate) fn read_word(pos: &Position, word: &str, options: ReadOptions) -> Result<(Move, MoveFormat), MoveError> {
    if looks_like_uci(word) {
        return match uci::read_legal(pos, word) {
            Ok(mv) => Ok((mv, MoveFormat::Uci)),
            Err(_) => Err(explain_uci(pos, word)),
        };
    }
    san::read(pos, word, options.lang, options.strictness)
}

/// Reads a move in UCI notation only (`e2e4`, `e7e8q`, castling as
/// [`uci::read_legal`] reads it), and when it is not legal says why, as
/// [`read_move`] does: the protocol reader of `lawbook serve`.
///
/// # Errors
/// [`MoveError`] with kind [`MoveErrorKind::Syntax`] for text that is not UCI
/// notation, otherwise the reason the move is not legal.
///
/// ```
/// use lawbook_notation::{fen, read_uci};
/// let pos = fen::read("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1")?;
/// assert_eq!(read_uci(&pos, "e1g1").unwrap_err().kind(), "move.castling_through_check");
/// assert_eq!(read_uci(&pos, "Nf3").unwrap_err().kind(), "move.syntax");
/// assert!(read_uci(&pos, "e1f2").is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_uci(pos: &Position, text: &str) -> Result<Move, MoveError> {
    match uci::read_legal(pos, text) {
        Ok(mv) => Ok(mv),
        Err(_) if looks_like_uci(text) => Err(explain_uci(pos, text)),
        Err(_) => Err(MoveError {
            text: text.chars().take(40).collect(),
            kind: MoveErrorKind::Syntax,
            reason: "not a UCI move: expected two squares and an optional promotion letter, such as e2e4 or e7e8q"
                .to_string(),
        }),
    }
}

/// Why a well-formed UCI move that [`uci::read_legal`] refused is not legal.
fn explain_uci(pos: &Position, text: &str) -> MoveError {
    let shown: String = text.chars().take(40).collect();
    // A king's step along its first rank may be castling: say why that is not allowed.
    if let (Ok(from), Ok(to)) = (text[..2].parse::<Square>(), text[2..4].parse::<Square>()) {
        let us = pos.turn();
        let rank = Rank::First.relative(us);
        let board = pos.board();
        let castling_like = text.len() == 4
            && from == pos.king_of(us)
            && from.rank() == rank
            && to.rank() == rank
            && match pos.castling_mode() {
                CastlingMode::Standard => from.file() == File::E && matches!(to.file(), File::C | File::G),
                CastlingMode::Chess960 => board.by_piece(Piece::new(us, Role::Rook)).contains(to),
            };
        if castling_like {
            let side = if to.file() > from.file() { CastlingSide::Short } else { CastlingSide::Long };
            if let Some(obstacle) = pos.castling_obstacle(side) {
                let mut err = san::castling_error(&shown, obstacle);
                err.text = shown;
                return err;
            }
        }
    }
    let Ok(from) = text[..2].parse::<Square>() else {
        return MoveError { text: shown, kind: MoveErrorKind::Syntax, reason: "not a UCI move".to_string() };
    };
    let us = pos.turn();
    let letter = match pos.board().piece_at(from) {
        None => {
            let reason = format!("there is no piece on {from}");
            return MoveError { text: shown, kind: MoveErrorKind::NoPiece, reason };
        }
        Some(piece) if piece.color != us => {
            let reason =
                format!("the piece on {from} is a {} {}, and {us} is to move", piece.color.name(), piece.role.name());
            return MoveError { text: shown, kind: MoveErrorKind::NoPiece, reason };
        }
        Some(piece) => Lang::English.letter(piece.role),
    };
    // Otherwise through the long-algebraic reader: Ng1f3 means Ng1-f3.
    let long = format!("{letter}{}-{}", &text[..2], &text[2..4]);
    let long = match text.len() {
        5 => format!("{long}={}", text[4..].to_ascii_uppercase()),
        _ => long,
    };
    match san::read(pos, &long, Lang::English, Strictness::Lenient) {
        Err(e) => MoveError { text: shown, kind: e.kind, reason: e.reason },
        Ok(_) => MoveError { text: shown, kind: MoveErrorKind::NoPiece, reason: "not a legal move here".to_string() },
    }
}
