//! UCI move notation: `e2e4`, `e7e8q`; castling as the king's two-square step
//! (`e1g1`) in standard chess and as the king taking its own rook (`e1h1`) in
//! Chess960, as the Universal Chess Interface writes them.

use core::fmt;
use lawbook_board::{CastlingMode, Role, Square};
use lawbook_movegen::{Move, MoveKind, Position};

/// Writes `mv` (a move of `pos`) in UCI notation.
///
/// ```
/// use lawbook_board::Square;
/// use lawbook_movegen::Move;
/// use lawbook_notation::{fen, uci};
/// let pos = fen::read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?;
/// assert_eq!(uci::write(&pos, Move::castle(Square::E1, Square::A1)), "e1c1");
/// # Ok::<(), fen::FenError>(())
/// ```
pub fn write(pos: &Position, mv: Move) -> String {
    let mut out = String::with_capacity(5);
    let to = match (mv.kind(), pos.castling_mode()) {
        (MoveKind::Castle, CastlingMode::Standard) => mv.castling_squares().map_or(mv.to(), |(king, _)| king),
        _ => mv.to(),
    };
    out.push_str(&mv.from().to_string());
    out.push_str(&to.to_string());
    if let Some(role) = mv.promotion_role() {
        out.push(role.char());
    }
    out
}

/// A UCI move could not be read or is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciError {
    /// The text is not UCI move notation.
    Syntax(String),
    /// Well-formed, but no legal move of the position matches.
    Illegal(String),
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Syntax(text) => {
                write!(
                    f,
                    "{text:?} is not a UCI move: expected two squares and an optional promotion letter, such as e2e4 or e7e8q"
                )
            }
            UciError::Illegal(text) => write!(f, "{text:?} is not a legal move in this position"),
        }
    }
}

impl std::error::Error for UciError {}

/// Reads a UCI move and finds the legal move of `pos` it names. Castling is
/// accepted both as the king's two-square step (standard chess only) and as
/// the king taking its own rook.
///
/// # Errors
/// [`UciError::Syntax`] for text that is not UCI notation,
/// [`UciError::Illegal`] when no legal move matches.
pub fn parse(pos: &Position, text: &str) -> Result<Move, UciError> {
    let syntax = || UciError::Syntax(text.chars().take(40).collect());
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return Err(syntax());
    }
    let from: Square = text[0..2].parse().map_err(|_| syntax())?;
    let to: Square = text[2..4].parse().map_err(|_| syntax())?;
    let promotion = match text.as_bytes().get(4) {
        None => None,
        Some(&c) => match Role::from_char(char::from(c)) {
            Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) if c.is_ascii_lowercase() => {
                Some(role)
            }
            _ => return Err(syntax()),
        },
    };
    // The moves the text can name, each tested alone (in the order the
    // generator lists them, were several legal): the piece on `from` going to
    // `to`, en passant for a pawn, castling for the king (its rook on `to`,
    // or in standard chess a rook whose castling takes the king to `to`).
    let illegal = || UciError::Illegal(text.to_string());
    let us = pos.turn();
    let board = pos.board();
    let role = board.piece_at(from).filter(|piece| piece.color == us).ok_or_else(illegal)?.role;
    let legal = |mv: Move| pos.is_legal(mv).then_some(mv);
    let found = match (promotion, role) {
        (Some(promoted), _) => Move::try_promotion(from, to, promoted).and_then(legal),
        (None, Role::Pawn) => legal(Move::normal(from, to)).or_else(|| legal(Move::en_passant(from, to))),
        (None, Role::King) => legal(Move::normal(from, to)).or_else(|| {
            (pos.castling_rights() & board.by_color(us)).into_iter().find_map(|rook| {
                let castle = Move::castle(from, rook);
                let named = rook == to
                    || (pos.castling_mode() == CastlingMode::Standard
                        && castle.castling_squares().is_some_and(|(king, _)| king == to));
                if named { legal(castle) } else { None }
            })
        }),
        (None, _) => legal(Move::normal(from, to)),
    };
    found.ok_or_else(illegal)
}
