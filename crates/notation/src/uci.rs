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
    UciMove::from_move(pos, mv).push_to(&mut out);
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
/// the king taking its own rook. (`text.parse::<UciMove>()` reads the text
/// alone, judging nothing; [`crate::read_uci`] says why a move is not legal.)
///
/// # Errors
/// [`UciError::Syntax`] for text that is not UCI notation (the null move
/// `0000` included), [`UciError::Illegal`] when no legal move matches.
pub fn read_legal(pos: &Position, text: &str) -> Result<Move, UciError> {
    match text.parse::<UciMove>()? {
        UciMove::Null => Err(UciError::Syntax(text.to_string())),
        named => named.to_move(pos),
    }
}

/// A move in UCI notation, read but not judged: what the text says (two
/// squares and an optional promotion, or the null move `0000`), with no
/// position to say whether it is legal. This is how the harness talks to
/// engines without judging their answers by lawbook's rules.
///
/// ```
/// use lawbook_board::{Role, Square};
/// use lawbook_notation::uci::UciMove;
/// let mv: UciMove = "e7e8q".parse()?;
/// assert_eq!(mv, UciMove::Normal { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) });
/// assert_eq!(mv.to_string(), "e7e8q");
/// assert_eq!("0000".parse::<UciMove>()?, UciMove::Null);
/// assert!("e7e8k".parse::<UciMove>().is_err(), "a pawn never becomes a king");
/// # Ok::<(), lawbook_notation::uci::UciError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UciMove {
    /// A piece goes from one square to another (castling: the king's move).
    Normal {
        /// The square the piece leaves.
        from: Square,
        /// The square it goes to (or, in Chess960 castling, its rook's square).
        to: Square,
        /// The piece a pawn becomes: knight, bishop, rook or queen.
        promotion: Option<Role>,
    },
    /// `0000`: no move at all (UCI's null move).
    Null,
}

impl UciMove {
    /// `mv`, a move of `pos`, as UCI writes it (see [`write`]).
    ///
    /// ```
    /// use lawbook_notation::{fen, uci::{self, UciMove}};
    /// let pos = fen::read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?;
    /// let short = uci::read_legal(&pos, "e1h1")?;
    /// assert_eq!(UciMove::from_move(&pos, short).to_string(), "e1g1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_move(pos: &Position, mv: Move) -> UciMove {
        let to = match (mv.kind(), pos.castling_mode()) {
            (MoveKind::Castle, CastlingMode::Standard) => mv.castling_squares().map_or(mv.to(), |(king, _)| king),
            _ => mv.to(),
        };
        UciMove::Normal { from: mv.from(), to, promotion: mv.promotion_role() }
    }

    /// The square the piece leaves (`None` for the null move).
    pub const fn from(self) -> Option<Square> {
        match self {
            UciMove::Normal { from, .. } => Some(from),
            UciMove::Null => None,
        }
    }

    /// The square the piece goes to (`None` for the null move).
    pub const fn to(self) -> Option<Square> {
        match self {
            UciMove::Normal { to, .. } => Some(to),
            UciMove::Null => None,
        }
    }

    /// The piece a pawn becomes, if this is a promotion.
    pub const fn promotion(self) -> Option<Role> {
        match self {
            UciMove::Normal { promotion, .. } => promotion,
            UciMove::Null => None,
        }
    }

    /// The legal move of `pos` this names. Castling is accepted both as the
    /// king's two-square step (standard chess only) and as the king taking
    /// its own rook.
    ///
    /// # Errors
    /// [`UciError::Illegal`] when no legal move matches (the null move never does).
    pub fn to_move(self, pos: &Position) -> Result<Move, UciError> {
        let illegal = || UciError::Illegal(self.to_string());
        let UciMove::Normal { from, to, promotion } = self else { return Err(illegal()) };
        // The moves the text can name, each tested alone (in the order the
        // generator lists them, were several legal): the piece on `from` going to
        // `to`, en passant for a pawn, castling for the king (its rook on `to`,
        // or in standard chess a rook whose castling takes the king to `to`).
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
}

impl core::str::FromStr for UciMove {
    type Err = UciError;

    /// Reads `e2e4`, `e7e8q` (promotion letters `n`, `b`, `r`, `q`) or `0000`.
    fn from_str(text: &str) -> Result<UciMove, UciError> {
        let syntax = || UciError::Syntax(text.chars().take(40).collect());
        if text == "0000" {
            return Ok(UciMove::Null);
        }
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
        Ok(UciMove::Normal { from, to, promotion })
    }
}

impl UciMove {
    /// Appends the move's text to `out`.
    fn push_to(self, out: &mut String) {
        match self {
            UciMove::Normal { from, to, promotion } => {
                for square in [from, to] {
                    out.push(square.file().char());
                    out.push(square.rank().char());
                }
                if let Some(role) = promotion {
                    out.push(role.char());
                }
            }
            UciMove::Null => out.push_str("0000"),
        }
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(5);
        self.push_to(&mut text);
        f.write_str(&text)
    }
}
