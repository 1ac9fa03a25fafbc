//! Check, the pieces giving it, checkmate and stalemate: each asked of the
//! engine as its own question.

use super::{color, squares};
use crate::ask;
use crate::world::{ChessWorld, Reading};
use cucumber::gherkin::Step;
use cucumber::then;
use lawbook_board::Square;
use lawbook_engines::{Ask, Capability};

/// The position, when `side` is to move: these steps can only ask about the side to move.
pub(super) fn side_to_move(world: &mut ChessWorld, side: &str) -> Reading {
    let side = color(side);
    let pos = world.reading();
    if pos.turn() != side {
        panic!(
            "this step asks about {side}, but it is {}'s turn: it can only ask about the side to move{}",
            pos.turn(),
            pos.describe()
        );
    }
    pos
}

fn show(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    format!("[{}]", names.join(", "))
}

/// Whether the engine says the side to move is in check: its answer to
/// that question, or else whether it names pieces giving check.
fn in_check_now(world: &mut ChessWorld, step: &Step) -> Option<bool> {
    if !ask::can_ask(world, Capability::Check) && ask::can_ask(world, Capability::Checkers) {
        return ask::about_position(world, step, |e, q| e.checkers(q)).map(|c| !c.is_empty());
    }
    ask::about_position(world, step, |e, q| e.in_check(q))
}

#[then(regex = r"^(White|Black) is in check$")]
fn in_check(world: &mut ChessWorld, step: &Step, side: String) {
    let pos = side_to_move(world, &side);
    if in_check_now(world, step) == Some(false) {
        panic!("expected {side} to be in check, but the engine says not{}", pos.describe());
    }
}

#[then(regex = r"^(White|Black) is not in check$")]
fn not_in_check(world: &mut ChessWorld, step: &Step, side: String) {
    let pos = side_to_move(world, &side);
    if in_check_now(world, step) == Some(true) {
        panic!("expected {side} not to be in check, but the engine says so{}", pos.describe());
    }
}

#[then(regex = r"^(White|Black) is in check from (?<piece>.+)$")]
fn in_check_from(world: &mut ChessWorld, step: &Step, side: String, list: String) {
    let pos = side_to_move(world, &side);
    let Some(actual) = ask::about_position(world, step, |e, q| e.checkers(q)) else { return };
    let mut expected = squares(&list);
    expected.sort();
    if actual != expected {
        panic!(
            "expected {side} in check from {}, but the engine reports {}{}",
            show(&expected),
            show(&actual),
            pos.describe()
        );
    }
}

#[then(regex = r"^(White|Black) is in double check$")]
fn double_check(world: &mut ChessWorld, step: &Step, side: String) {
    let pos = side_to_move(world, &side);
    let Some(checkers) = ask::about_position(world, step, |e, q| e.checkers(q)) else { return };
    if checkers.len() != 2 {
        panic!("expected a double check, but the engine reports checks from {}{}", show(&checkers), pos.describe());
    }
}

#[then(regex = r"^(White|Black) is (not )?checkmated$")]
fn checkmated(world: &mut ChessWorld, step: &Step, side: String, not: String) {
    let pos = side_to_move(world, &side);
    let Some(mate) = ask::about_position(world, step, |e, q| e.checkmate(q)) else { return };
    if mate != not.is_empty() {
        panic!(
            "expected {side} {}to be checkmated, but the engine says {}{}",
            not,
            if mate { "checkmate" } else { "no checkmate" },
            pos.describe()
        );
    }
}

#[then(regex = r"^(White|Black) is (not )?stalemated$")]
fn stalemated(world: &mut ChessWorld, step: &Step, side: String, not: String) {
    let pos = side_to_move(world, &side);
    let Some(stalemate) = ask::about_position(world, step, |e, q| e.stalemate(q)) else { return };
    if stalemate != not.is_empty() {
        panic!(
            "expected {side} {}to be stalemated, but the engine says {}{}",
            not,
            if stalemate { "stalemate" } else { "no stalemate" },
            pos.describe()
        );
    }
}
