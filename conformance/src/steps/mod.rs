//! The step vocabulary of the corpus, filed by area of the laws.
//! `features/README.md` lists every step with an example; a step not listed
//! there does not exist, and a scenario using one fails (the runner fails on
//! skipped steps).
//!
//! | file | steps about |
//! |---|---|
//! | `setup` | setting up a position: pieces, diagrams, FEN, side to move, castling rights, en passant, clocks |
//! | `playing` | playing and trying moves, passing, whose turn it is |
//! | `legal_moves` | which moves are legal, ambiguous, or the whole pinned list |
//! | `check` | check, the checking pieces, checkmate and stalemate |
//! | `board` | where the pieces stand, what a move changed, the squares and their colours |
//! | `endings` | how a game ends: results, dead positions, material, repetition, fifty moves, claims, agreement, piece values |
//! | `over_the_board` | touch-move, letting go, the clock and the arbiter (lawbook's own model) |
//! | `records` | what a game's record says of its end, judged by the Laws (lawbook's own judging, as `lawbook pgn` does) |
//! | `clock` | time controls and the time on the clock, irregularities, rapid and blitz, games without increment (lawbook's own model) |
//!
//! A capture of a step's pattern that names squares or moves is named for
//! what it holds (`(?<attacked>...)`, `(?<move>...)`): `meaning` reads a
//! step's squares from those names, for the rulebook's boards.

mod board;
mod check;
mod clock;
mod endings;
mod legal_moves;
pub(crate) mod meaning;
mod over_the_board;
mod playing;
mod records;
mod setup;

use lawbook_board::{Color, Role, Square};

pub(crate) fn color(name: &str) -> Color {
    match name {
        "White" | "white" => Color::White,
        "Black" | "black" => Color::Black,
        other => panic!("{other:?} is not a side: write White or Black"),
    }
}

pub(crate) fn role(name: &str) -> Role {
    match name {
        "pawn" => Role::Pawn,
        "knight" => Role::Knight,
        "bishop" => Role::Bishop,
        "rook" => Role::Rook,
        "queen" => Role::Queen,
        "king" => Role::King,
        other => panic!("{other:?} is not a piece: write pawn, knight, bishop, rook, queen or king"),
    }
}

pub(crate) fn square(name: &str) -> Square {
    name.trim().parse().unwrap_or_else(|_| panic!("{name:?} is not a square"))
}

/// Splits `a, b and c` (or `a and b`, or `a`) into its items.
pub(crate) fn items(list: &str) -> Vec<String> {
    list.split(',')
        .flat_map(|part| part.split(" and "))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// The board of a diagram table: one row per rank from 8 down to 1, the rank
/// number first, then eight cells with a FEN letter or `.` for an empty square.
pub(crate) fn board_table(step: &cucumber::gherkin::Step) -> lawbook_board::Board {
    use lawbook_board::{Board, File, Piece, Rank};
    let table = step.table.as_ref().unwrap_or_else(|| panic!("the board step needs a table of eight ranks"));
    let rows: Vec<&Vec<String>> =
        table.rows.iter().filter(|r| r.first().is_some_and(|c| c.trim().parse::<u8>().is_ok())).collect();
    if rows.len() != 8 {
        panic!("the board needs eight rows, one per rank from 8 down to 1");
    }
    let mut board = Board::empty();
    for row in rows {
        let rank_number: usize = row[0].trim().parse().unwrap_or(0);
        let rank =
            Rank::ALL.get(rank_number.wrapping_sub(1)).copied().unwrap_or_else(|| panic!("no rank {rank_number}"));
        let cells = &row[1..];
        if cells.len() != 8 {
            panic!("rank {rank_number} needs eight squares");
        }
        for (file, cell) in File::ALL.into_iter().zip(cells) {
            let cell = cell.trim();
            if cell == "." || cell.is_empty() {
                continue;
            }
            let mut chars = cell.chars();
            let piece = chars.next().and_then(Piece::from_char).filter(|_| chars.next().is_none());
            let piece = piece.unwrap_or_else(|| panic!("{cell:?} on rank {rank_number} is not a piece letter"));
            board.set_piece_at(Square::from_coords(file, rank), piece);
        }
    }
    board
}

/// Squares of a list such as `c4 and d4`.
pub(crate) fn squares(list: &str) -> Vec<Square> {
    items(list).iter().map(|s| square(s)).collect()
}

/// Move texts of a piece of movetext such as `1. e4 d5 2. exd5`: move numbers
/// (`1.`, `1...`) and results are dropped.
pub(crate) fn movetext(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|token| match token.split_once('.') {
            // A move number, alone (`1.`, `1...`) or glued to its move (`1.e4`).
            Some((number, rest)) if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) => {
                rest.trim_start_matches('.')
            }
            _ => token,
        })
        .filter(|token| !token.is_empty())
        .filter(|token| !matches!(*token, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_movetext() {
        assert_eq!(items("b3, b5, c2 and c6"), ["b3", "b5", "c2", "c6"]);
        assert_eq!(items("e4"), ["e4"]);
        assert_eq!(movetext("1. e4 d5 2. exd5 Qxd5 3... Kd8"), ["e4", "d5", "exd5", "Qxd5", "Kd8"]);
        assert_eq!(movetext("1.e4 e5 1-0"), ["e4", "e5"]);
        assert_eq!(movetext("1. 0-0 0-0-0 2. O-O-O"), ["0-0", "0-0-0", "O-O-O"]);
    }
}
