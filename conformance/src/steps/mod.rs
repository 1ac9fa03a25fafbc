//! The step vocabulary of the corpus. `features/README.md` lists every step
//! with an example; a step not listed there does not exist, and a scenario
//! using one fails (the runner fails on skipped steps).

mod given;
mod otb;
mod outcome;
mod pieces;
mod specials;
pub(crate) mod then;
mod when;

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
