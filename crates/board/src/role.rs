use crate::Color;
use core::fmt;

/// The kind of a piece, whatever its colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// Moves forward, captures diagonally forward (FIDE 3.7).
    Pawn = 0,
    /// Jumps in an L (FIDE 3.6).
    Knight = 1,
    /// Slides diagonally (FIDE 3.2).
    Bishop = 2,
    /// Slides along ranks and files (FIDE 3.3).
    Rook = 3,
    /// Slides like a rook and a bishop (FIDE 3.4).
    Queen = 4,
    /// Steps to a neighbouring square, or castles (FIDE 3.8).
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// The pieces a pawn may become, strongest first (FIDE 3.7.3.3).
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// `0` for the pawn up to `5` for the king.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English upper-case letter (`P N B R Q K`), as in FEN and SAN.
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The English lower-case letter (`p n b r q k`), as in FEN and UCI promotions.
    pub const fn char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// The role of an English letter in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            _ => return None,
        })
    }

    /// The lower-case English name (`"knight"`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece of one colour, as it stands on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White (`N`), lower case for Black (`n`).
    ///
    /// ```
    /// use lawbook_board::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::Black, Role::Knight).char(), 'n');
    /// assert_eq!(Piece::from_char('Q'), Some(Piece::new(Color::White, Role::Queen)));
    /// ```
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece of a FEN letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece::new(if c.is_ascii_uppercase() { Color::White } else { Color::Black }, role)),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color.name(), self.role.name())
    }
}
