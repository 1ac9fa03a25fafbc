//! Check, the pieces giving it, checkmate and stalemate.

use super::{color, squares};
use crate::ask;
use crate::world::{ChessWorld, describe};
use cucumber::then;
use lawbook_board::Square;
use lawbook_movegen::Position;

/// The position, when `side` is to move: these steps can only ask about the side to move.
pub(super) fn side_to_move(world: &mut ChessWorld, side: &str) -> Position {
    let side = color(side);
    let pos = world.position();
    if pos.turn() != side {
        panic!(
            "this step asks about {side}, but it is {}'s turn: it can only ask about the side to move{}",
            pos.turn(),
            describe(&pos)
        );
    }
    pos
}

/// The squares the engine says give check, in order.
fn checkers(world: &mut ChessWorld) -> (bool, Vec<Square>) {
    let status = ask::status(world);
    let mut checkers =
        status.checkers.unwrap_or_else(|| ask::unsupported("the engine does not report which pieces give check"));
    checkers.sort();
    (status.in_check, checkers)
}

fn show(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    format!("[{}]", names.join(", "))
}

#[then(regex = r"^(White|Black) is in check$")]
fn in_check(world: &mut ChessWorld, side: String) {
    let pos = side_to_move(world, &side);
    if !ask::status(world).in_check {
        panic!("expected {side} to be in check, but the engine says not{}", describe(&pos));
    }
}

#[then(regex = r"^(White|Black) is not in check$")]
fn not_in_check(world: &mut ChessWorld, side: String) {
    let pos = side_to_move(world, &side);
    if ask::status(world).in_check {
        panic!("expected {side} not to be in check, but the engine says so{}", describe(&pos));
    }
}

#[then(regex = r"^(White|Black) is in check from (.+)$")]
fn in_check_from(world: &mut ChessWorld, side: String, list: String) {
    let pos = side_to_move(world, &side);
    let (in_check, actual) = checkers(world);
    let mut expected = squares(&list);
    expected.sort();
    if !in_check || actual != expected {
        panic!(
            "expected {side} in check from {}, but the engine reports {}{}",
            show(&expected),
            show(&actual),
            describe(&pos)
        );
    }
}

#[then(regex = r"^(White|Black) is in double check$")]
fn double_check(world: &mut ChessWorld, side: String) {
    let pos = side_to_move(world, &side);
    let (_, checkers) = checkers(world);
    if checkers.len() != 2 {
        panic!("expected a double check, but the engine reports checks from {}{}", show(&checkers), describe(&pos));
    }
}

#[then(regex = r"^(White|Black) is (not )?checkmated$")]
fn checkmated(world: &mut ChessWorld, side: String, not: String) {
    let pos = side_to_move(world, &side);
    let mate = ask::status(world).checkmate;
    if mate != not.is_empty() {
        panic!(
            "expected {side} {}to be checkmated, but the engine says {}{}",
            not,
            if mate { "checkmate" } else { "no checkmate" },
            describe(&pos)
        );
    }
}

#[then(regex = r"^(White|Black) is (not )?stalemated$")]
fn stalemated(world: &mut ChessWorld, side: String, not: String) {
    let pos = side_to_move(world, &side);
    let stalemate = ask::status(world).stalemate;
    if stalemate != not.is_empty() {
        panic!(
            "expected {side} {}to be stalemated, but the engine says {}{}",
            not,
            if stalemate { "stalemate" } else { "no stalemate" },
            describe(&pos)
        );
    }
}
