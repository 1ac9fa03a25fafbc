//! Playing and trying moves, passing, and whose turn it is.

use super::{color, movetext};
use crate::ask;
use crate::world::{Attempt, ChessWorld, describe};
use cucumber::gherkin::Step;
use cucumber::{then, when};
use lawbook_notation::uci::UciMove;

#[when(regex = r"^(White|Black) plays (\S+)$")]
fn plays(world: &mut ChessWorld, side: String, text: String) {
    world.expect_turn(color(&side), &format!("play {text}"));
    world.game().play(&text);
}

#[when(regex = r"^the game continues (.+)$")]
fn continues(world: &mut ChessWorld, text: String) {
    for mv in movetext(&text) {
        world.game().play(&mv);
    }
}

/// Asks the engine whether the move is legal; plays it if the engine lists it.
#[when(regex = r"^(White|Black) tries (\S+)$")]
fn tries(world: &mut ChessWorld, step: &Step, side: String, text: String) {
    let before = world.expect_turn(color(&side), &format!("try {text}"));
    let matches = ask::needed(ask::moves_named(world, step, &text), "the engine cannot tell whether the move is legal");
    let accepted = matches.len() == 1;
    if accepted {
        match matches[0].to_move(&before) {
            Ok(mv) => world.game().push(mv),
            Err(_) => {
                panic!("the engine accepts {text} as {} but that is not a move here\n{}", matches[0], describe(&before))
            }
        }
    }
    world.attempt = Some(Attempt { text, accepted, before });
}

/// Asks the engine whether the side to move may pass (make no move): an
/// engine that allows it lists the null move `0000` among its legal moves.
#[when(regex = r"^(White|Black) tries to pass$")]
fn tries_to_pass(world: &mut ChessWorld, step: &Step, side: String) {
    let before = world.expect_turn(color(&side), "try to pass");
    let moves = ask::needed(ask::moves(world, step), "the engine cannot list its legal moves");
    let accepted = moves.contains(&UciMove::Null);
    world.attempt = Some(Attempt { text: "a pass (no move)".to_string(), accepted, before });
}

fn attempt(world: &ChessWorld) -> Attempt {
    world.attempt.clone().unwrap_or_else(|| panic!("no move was tried: use When ... tries ..."))
}

#[then("the move is rejected")]
fn rejected(world: &mut ChessWorld) {
    let attempt = attempt(world);
    if attempt.accepted {
        panic!("expected {} to be rejected, but the engine accepted it{}", attempt.text, describe(&attempt.before));
    }
}

#[then("the move is accepted")]
fn accepted(world: &mut ChessWorld) {
    let attempt = attempt(world);
    if !attempt.accepted {
        panic!("expected {} to be accepted, but the engine rejected it{}", attempt.text, describe(&attempt.before));
    }
}

#[then(regex = r"^(White|Black) is (?:still )?to move$")]
fn to_move(world: &mut ChessWorld, side: String) {
    let side = color(&side);
    let pos = world.reading();
    if pos.turn() != side {
        panic!("expected {side} to move, but it is {}'s turn{}", pos.turn(), pos.describe());
    }
}
