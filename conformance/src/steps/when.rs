//! `When` steps: playing and trying moves.

use super::{color, movetext};
use crate::world::{Attempt, ChessWorld, describe};
use cucumber::when;

#[when(regex = r"^(White|Black) plays (\S+)$")]
fn plays(world: &mut ChessWorld, side: String, text: String) {
    let side = color(&side);
    let pos = world.position();
    if pos.turn() != side {
        panic!("the scenario has {side} play {text}, but it is {}'s turn\n{}", pos.turn(), describe(&pos));
    }
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
fn tries(world: &mut ChessWorld, side: String, text: String) {
    let side = color(&side);
    let before = world.position();
    if before.turn() != side {
        panic!("the scenario has {side} try {text}, but it is {}'s turn\n{}", before.turn(), describe(&before));
    }
    let matches = super::then::matching_moves(world, &text);
    let accepted = matches.len() == 1;
    if accepted {
        let mv = lawbook_notation::uci::parse(&before, &matches[0]);
        match mv {
            Ok(mv) => {
                let game = world.game();
                game.moves.push(mv);
                game.positions.push(before.play_unchecked(mv));
            }
            Err(_) => {
                panic!("the engine accepts {text} as {} but that is not a move here\n{}", matches[0], describe(&before))
            }
        }
    }
    world.attempt = Some(Attempt { text, accepted, before });
}
