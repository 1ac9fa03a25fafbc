use core::fmt;
use core::str::FromStr;

/// A file (column) of the board, `a` to `h` from White's left to right (FIDE 2.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row) of the board, numbered 1 to 8 from White's side (FIDE 2.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files from `a` to `h`.
    pub const ALL: [File; 8] = [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H];

    /// The file with this index (`0` is `a`), if there is one.
    #[inline]
    pub const fn new(index: u32) -> Option<File> {
        if index < 8 { Some(File::ALL[index as usize]) } else { None }
    }

    /// `0` for `a` up to `7` for `h`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of this letter (`'a'`..=`'h'`, lower case only).
    pub const fn from_char(c: char) -> Option<File> {
        if c.is_ascii_lowercase() { File::new(c as u32 - 'a' as u32) } else { None }
    }

    /// The lower-case letter of the file.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// This file counted from the other side (`a` becomes `h`).
    pub const fn flip(self) -> File {
        File::ALL[7 - self as usize]
    }
}

impl Rank {
    /// All ranks from 1 to 8.
    pub const ALL: [Rank; 8] =
        [Rank::First, Rank::Second, Rank::Third, Rank::Fourth, Rank::Fifth, Rank::Sixth, Rank::Seventh, Rank::Eighth];

    /// The rank with this index (`0` is rank 1), if there is one.
    #[inline]
    pub const fn new(index: u32) -> Option<Rank> {
        if index < 8 { Some(Rank::ALL[index as usize]) } else { None }
    }

    /// `0` for rank 1 up to `7` for rank 8.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank of this digit (`'1'`..=`'8'`).
    pub const fn from_char(c: char) -> Option<Rank> {
        if c.is_ascii_digit() && c != '0' { Rank::new(c as u32 - '1' as u32) } else { None }
    }

    /// The digit of the rank.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// This rank seen from the other side (rank 1 becomes rank 8).
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }

    /// The rank as the given side counts it: rank 2 is Black's seventh.
    pub const fn relative(self, color: crate::Color) -> Rank {
        match color {
            crate::Color::White => self,
            crate::Color::Black => self.flip(),
        }
    }
}

/// One of the 64 squares, `a1` = 0 up to `h8` = 63 (rank by rank from White's side).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
#[rustfmt::skip]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// All 64 squares in index order (`a1`, `b1`, ..., `h8`).
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        let mut all = [Square::A1; 64];
        let mut i = 0;
        while i < 64 {
            // SAFETY: `Square` is `repr(u8)` with the 64 discriminants 0..=63 and i < 64.
            all[i] = unsafe { core::mem::transmute::<u8, Square>(i as u8) };
            i += 1;
        }
        all
    };

    /// The square with this index, if it is below 64.
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 { Some(Square::ALL[index as usize]) } else { None }
    }

    /// The square with this index, wrapping indices of 64 and above.
    #[inline(always)]
    pub const fn new_masked(index: u32) -> Square {
        // SAFETY: `Square` is `repr(u8)` with the 64 discriminants 0..=63, and
        // the mask keeps the index below 64. (A transmute, not `ALL[i]`, so no
        // table load is left in square-by-square loops.)
        unsafe { core::mem::transmute::<u8, Square>((index & 63) as u8) }
    }

    /// The square where `file` and `rank` meet.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::new_masked(rank as u32 * 8 + file as u32)
    }

    /// The index `0..64`: `a1` is 0, `h1` is 7, `a8` is 56.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of the square.
    #[inline]
    pub const fn file(self) -> File {
        // SAFETY: `File` is `repr(u8)` with the discriminants 0..=7, and `& 7` is below 8.
        unsafe { core::mem::transmute::<u8, File>(self as u8 & 7) }
    }

    /// The rank of the square.
    #[inline]
    pub const fn rank(self) -> Rank {
        // SAFETY: `Rank` is `repr(u8)` with the discriminants 0..=7, and a
        // square's index (below 64) shifted right by 3 is below 8.
        unsafe { core::mem::transmute::<u8, Rank>(self as u8 >> 3) }
    }

    /// The same square seen from the other side (`a1` becomes `a8`).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }

    /// The square this many steps away (`+8` is one rank up), if it is on the board.
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<Square> {
        let i = self as i32 + delta;
        if 0 <= i && i < 64 { Some(Square::ALL[i as usize]) } else { None }
    }

    /// Whether the square is light. `h1` and `a8` are light: seen from either
    /// player, the right-hand corner square is light (FIDE 2.1).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() as u8 + self.rank() as u8) % 2 == 1
    }

    /// The larger of the file and rank distances: how many king steps apart.
    pub const fn distance(self, other: Square) -> u32 {
        let df = (self.file() as i32 - other.file() as i32).unsigned_abs();
        let dr = (self.rank() as i32 - other.rank() as i32).unsigned_abs();
        if df > dr { df } else { dr }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// The text was not the name of a square (`a1` to `h8`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square: expected a file a-h and a rank 1-8, such as e4")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `e4`-style names.
    ///
    /// ```
    /// use lawbook_board::Square;
    /// assert_eq!("e4".parse(), Ok(Square::E4));
    /// assert!("e9".parse::<Square>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next().and_then(File::from_char), chars.next().and_then(Rank::from_char), chars.next()) {
            (Some(file), Some(rank), None) => Ok(Square::from_coords(file, rank)),
            _ => Err(ParseSquareError),
        }
    }
}
