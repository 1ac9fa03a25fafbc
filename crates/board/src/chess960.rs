//! Whether a board is a starting position of Chess960, and if not, which of
//! the set-up rules of the FIDE Laws (Guidelines II.2) it breaks.

use crate::{Board, Color, File, Piece, Rank, Role, Square};
use core::fmt;

/// Why a board is not a Chess960 starting position: the first rule of
/// Guidelines II.2 it breaks, in the order the Guidelines state them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NotAChess960Start {
    /// The pawns do not stand on their usual ranks, eight a side, or a side
    /// has more or fewer than sixteen pieces (II.2).
    Pawns,
    /// White's first rank does not hold one king, one queen, two rooks, two
    /// bishops and two knights (II.2).
    Pieces,
    /// The king does not stand between the two rooks (II.2.1).
    KingNotBetweenRooks,
    /// The two bishops stand on squares of the same colour (II.2.2).
    BishopsOnOneColour,
    /// Black's pieces do not stand directly opposite White's (II.2.3).
    NotMirrored,
}

impl NotAChess960Start {
    /// The provision of the Guidelines the board breaks: `"II.2"`,
    /// `"II.2.1"`, `"II.2.2"` or `"II.2.3"`.
    pub const fn article(self) -> &'static str {
        match self {
            NotAChess960Start::Pawns | NotAChess960Start::Pieces => "II.2",
            NotAChess960Start::KingNotBetweenRooks => "II.2.1",
            NotAChess960Start::BishopsOnOneColour => "II.2.2",
            NotAChess960Start::NotMirrored => "II.2.3",
        }
    }
}

impl fmt::Display for NotAChess960Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotAChess960Start::Pawns => "the pawns do not stand on their usual ranks",
            NotAChess960Start::Pieces => "the first rank does not hold the pieces of a set",
            NotAChess960Start::KingNotBetweenRooks => "the king does not stand between the rooks",
            NotAChess960Start::BishopsOnOneColour => "the bishops stand on squares of the same colour",
            NotAChess960Start::NotMirrored => "Black's pieces do not stand opposite White's",
        })
    }
}

impl Board {
    /// The number (`0..960`) of this board as a Chess960 starting position,
    /// or the first rule of Guidelines II.2 it breaks. The rules are checked
    /// as the Guidelines state them; the number is then the one
    /// [`Board::chess960`] gives the same board.
    ///
    /// ```
    /// use lawbook_board::{Board, NotAChess960Start};
    /// assert_eq!(Board::standard().chess960_start(), Ok(518));
    /// // Bishops on b1 and d1 stand on light squares both (II.2.2).
    /// let board = Board::from_back_ranks("RBNBKNQR");
    /// assert_eq!(board.chess960_start(), Err(NotAChess960Start::BishopsOnOneColour));
    /// ```
    pub fn chess960_start(&self) -> Result<u32, NotAChess960Start> {
        let pawns = |color: Color, rank: Rank| {
            self.by_piece(Piece::new(color, Role::Pawn)) == crate::Bitboard::from_rank(rank)
                && self.by_color(color).count() == 16
        };
        let back = |color: Color, rank: Rank| {
            File::ALL
                .map(|file| self.piece_at(Square::from_coords(file, rank)).filter(|p| p.color == color).map(|p| p.role))
        };
        if !pawns(Color::White, Rank::Second) || !pawns(Color::Black, Rank::Seventh) {
            return Err(NotAChess960Start::Pawns);
        }
        let white = back(Color::White, Rank::First);
        let count = |role: Role| white.iter().filter(|r| **r == Some(role)).count();
        let set = [(Role::King, 1), (Role::Queen, 1), (Role::Rook, 2), (Role::Bishop, 2), (Role::Knight, 2)];
        if set.iter().any(|&(role, n)| count(role) != n) {
            return Err(NotAChess960Start::Pieces);
        }
        let files = |role: Role| (0..8).filter(move |&i| white[i] == Some(role));
        let king = files(Role::King).next().unwrap_or_default();
        let (first_rook, last_rook) = (files(Role::Rook).min(), files(Role::Rook).max());
        if !(first_rook < Some(king) && Some(king) < last_rook) {
            return Err(NotAChess960Start::KingNotBetweenRooks);
        }
        let mut bishops = files(Role::Bishop).map(|i| i % 2);
        if bishops.next() == bishops.next() {
            return Err(NotAChess960Start::BishopsOnOneColour);
        }
        if back(Color::Black, Rank::Eighth) != white {
            return Err(NotAChess960Start::NotMirrored);
        }
        (0..960).find(|&n| Board::chess960(n).as_ref() == Some(self)).ok_or(NotAChess960Start::Pieces)
    }

    /// The board with these pieces on White's first rank (`"RNBQKBNR"`,
    /// from the a-file to the h-file), the same opposite on Black's, and the
    /// pawns on their usual ranks: a Chess960 candidate. A letter that names
    /// no piece leaves its square empty.
    ///
    /// ```
    /// use lawbook_board::Board;
    /// assert_eq!(Board::from_back_ranks("RNBQKBNR"), Board::standard());
    /// ```
    pub fn from_back_ranks(white: &str) -> Board {
        let mut board = Board::empty();
        for (file, letter) in File::ALL.into_iter().zip(white.chars()) {
            let role = Role::from_char(letter);
            for (color, rank, pawns) in
                [(Color::White, Rank::First, Rank::Second), (Color::Black, Rank::Eighth, Rank::Seventh)]
            {
                if let Some(role) = role {
                    board.set_piece_at(Square::from_coords(file, rank), Piece::new(color, role));
                }
                board.set_piece_at(Square::from_coords(file, pawns), Piece::new(color, Role::Pawn));
            }
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every arrangement of the eight pieces on the first rank, mirrored:
    /// the rules pass exactly the 960 boards `Board::chess960` numbers.
    #[test]
    fn the_rules_pass_exactly_the_960_numbered_boards() {
        let mut arrangements = std::collections::BTreeSet::new();
        let mut letters: Vec<char> = "BBKNNQRR".chars().collect();
        permute(&mut letters, 0, &mut arrangements);
        assert_eq!(arrangements.len(), 5040);
        let mut found = std::collections::BTreeSet::new();
        for arrangement in &arrangements {
            let board = Board::from_back_ranks(arrangement);
            if let Ok(n) = board.chess960_start() {
                assert_eq!(Board::chess960(n), Some(board));
                assert!(found.insert(n), "{arrangement} numbered {n} twice");
            }
        }
        assert_eq!(found.len(), 960);
    }

    fn permute(letters: &mut Vec<char>, k: usize, out: &mut std::collections::BTreeSet<String>) {
        if k == letters.len() {
            out.insert(letters.iter().collect());
            return;
        }
        for i in k..letters.len() {
            letters.swap(k, i);
            permute(letters, k + 1, out);
            letters.swap(k, i);
        }
    }

    #[test]
    fn each_rule_is_named() {
        assert_eq!(Board::from_back_ranks("RKRBNQNB").chess960_start(), Err(NotAChess960Start::BishopsOnOneColour));
        assert_eq!(Board::from_back_ranks("KRRNBNBQ").chess960_start(), Err(NotAChess960Start::KingNotBetweenRooks));
        let mut board = Board::from_back_ranks("RNBQKBNR");
        board.set_piece_at(Square::D8, Piece::new(Color::Black, Role::King));
        board.set_piece_at(Square::E8, Piece::new(Color::Black, Role::Queen));
        assert_eq!(board.chess960_start(), Err(NotAChess960Start::NotMirrored));
        board.remove_piece_at(Square::A2);
        assert_eq!(board.chess960_start(), Err(NotAChess960Start::Pawns));
        assert_eq!(Board::from_back_ranks("RNBQKBNN").chess960_start(), Err(NotAChess960Start::Pieces));
    }
}
