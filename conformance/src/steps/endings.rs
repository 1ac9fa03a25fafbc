//! Steps about how a game ends: checkmate and stalemate results, dead
//! positions, insufficient material, repetition, the fifty- and
//! seventy-five-move rules, claims, agreement and piece values.

use super::{color, role};
use crate::ask;
use crate::world::{ChessWorld, describe};
use cucumber::{then, when};
use lawbook_board::Role;
use lawbook_outcome::{Outcome, Reason};

/// The reasons the steps name.
fn reason(text: &str) -> Reason {
    match text {
        "checkmate" => Reason::Checkmate,
        "stalemate" => Reason::Stalemate,
        "insufficient material" => Reason::InsufficientMaterial,
        "a dead position" => Reason::DeadPosition,
        "fivefold repetition" => Reason::FivefoldRepetition,
        "threefold repetition" => Reason::ThreefoldRepetition,
        "the seventy-five-move rule" => Reason::SeventyFiveMoves,
        "the fifty-move rule" => Reason::FiftyMoves,
        other => panic!(
            "{other:?} is not a way a game ends: write checkmate, stalemate, insufficient material, a dead position, fivefold repetition, threefold repetition, the seventy-five-move rule or the fifty-move rule"
        ),
    }
}

fn outcome_text(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "the game goes on".into(),
        Some(Outcome { result, reason }) => format!("{result} by {reason}"),
    }
}

#[then(regex = r"^the game is drawn by (.+)$")]
fn drawn_by(world: &mut ChessWorld, reason: String) {
    if reason == "agreement" {
        // Agreement is an event of the game model (see `agree`), not a position.
        return match world.agreed.as_deref() {
            Some("1/2-1/2 by agreement") => {}
            other => panic!("expected a draw by agreement, but the game model says {other:?}"),
        };
    }
    let expected = Outcome::draw(self::reason(&reason));
    let state = ask::game_state(world);
    let pos = world.position();
    if state.outcome != Some(expected) {
        panic!(
            "expected the game to be drawn by {reason}, but the engine says: {}{}",
            outcome_text(state.outcome),
            describe(&pos)
        );
    }
}

#[then(regex = r"^(White|Black) wins by checkmate$")]
fn wins(world: &mut ChessWorld, side: String) {
    let expected = Outcome::win(color(&side), Reason::Checkmate);
    let state = ask::game_state(world);
    let pos = world.position();
    if state.outcome != Some(expected) {
        panic!(
            "expected {side} to win by checkmate ({}), but the engine says: {}{}",
            expected.result,
            outcome_text(state.outcome),
            describe(&pos)
        );
    }
}

#[then("the game is not over")]
fn not_over(world: &mut ChessWorld) {
    let state = ask::game_state(world);
    let pos = world.position();
    if state.outcome.is_some() {
        panic!("expected the game to go on, but the engine says: {}{}", outcome_text(state.outcome), describe(&pos));
    }
}

#[then(regex = r"^the position is (not )?dead$")]
fn dead(world: &mut ChessWorld, not: String) {
    let state = ask::game_state(world);
    let pos = world.position();
    if state.dead_position != not.is_empty() {
        panic!(
            "expected the position {}to be dead, but the engine says it is {}dead{}",
            not,
            if state.dead_position { "" } else { "not " },
            describe(&pos)
        );
    }
}

#[then(regex = r"^(White|Black) (can|cannot) checkmate with the material left$")]
fn mating_material(world: &mut ChessWorld, side: String, can: String) {
    let state = ask::game_state(world);
    let pos = world.position();
    let insufficient = state.insufficient_material[color(&side)];
    if insufficient != (can == "cannot") {
        panic!(
            "expected that {side} {can} checkmate with its material, but the engine says {side} {}{}",
            if insufficient { "cannot" } else { "can" },
            describe(&pos)
        );
    }
}

#[then(regex = r"^a draw (can|cannot) be claimed by threefold repetition$")]
fn threefold(world: &mut ChessWorld, can: String) {
    let state = ask::game_state(world);
    let pos = world.position();
    if state.can_claim_threefold != (can == "can") {
        panic!(
            "expected that a threefold-repetition claim {can} be made (the position has occurred {} times), but the engine says it {}{}",
            state.repetitions,
            if state.can_claim_threefold { "can" } else { "cannot" },
            describe(&pos)
        );
    }
}

#[then(regex = r"^a draw (can|cannot) be claimed under the fifty-move rule$")]
fn fifty(world: &mut ChessWorld, can: String) {
    let state = ask::game_state(world);
    let pos = world.position();
    if state.can_claim_fifty_moves != (can == "can") {
        panic!(
            "expected that a fifty-move claim {can} be made (half-move clock {}), but the engine says it {}{}",
            pos.halfmoves(),
            if state.can_claim_fifty_moves { "can" } else { "cannot" },
            describe(&pos)
        );
    }
}

#[then(regex = r"^the position has occurred (once|twice|\d+ times)$")]
fn occurred(world: &mut ChessWorld, times: String) {
    let n = match times.as_str() {
        "once" => 1,
        "twice" => 2,
        other => other.trim_end_matches(" times").parse().unwrap_or(0),
    };
    let state = ask::game_state(world);
    let pos = world.position();
    if state.repetitions != n {
        panic!(
            "expected the position to have occurred {n} times, the engine counts {}{}",
            state.repetitions,
            describe(&pos)
        );
    }
}

/// Agreement is not a question of position: it is asked of lawbook's game model.
#[when("the players agree to a draw")]
fn agree(world: &mut ChessWorld) {
    if !world.engine.supports(lawbook_engines::Capability::Model) {
        ask::unsupported("a draw by agreement is an event of lawbook's game model, not an engine question");
    }
    let mut game = world.game().model();
    match game.agree_draw() {
        Ok(outcome) => world.agreed = Some(format!("{} by {}", outcome.result.as_str(), outcome.reason.as_str())),
        Err(e) => world.agreed = Some(format!("refused: {e}")),
    }
}

#[then("the agreement is refused because the game is already over")]
fn agreement_refused(world: &mut ChessWorld) {
    match world.agreed.as_deref() {
        Some(text) if text.starts_with("refused") => {}
        other => panic!("expected the agreement to be refused, but the game model says {other:?}"),
    }
}

#[then(regex = r"^an? (pawn|knight|bishop|rook|queen) is worth (\d+) points?$")]
fn worth(world: &mut ChessWorld, name: String, points: u32) {
    ask::model_only(world, "piece values are");
    let value = lawbook_outcome::material::value(role(&name));
    if value != Some(points) {
        panic!("expected a {name} to be worth {points} points, lawbook's model says {value:?}");
    }
}

#[then("the king has no point value")]
fn king_value(world: &mut ChessWorld) {
    ask::model_only(world, "piece values are");
    if let Some(v) = lawbook_outcome::material::value(Role::King) {
        panic!("expected the king to have no value, lawbook's model says {v}");
    }
}

#[then(regex = r"^(White|Black) has (\d+) points of material$")]
fn material_points(world: &mut ChessWorld, side: String, points: u32) {
    ask::model_only(world, "material counts are");
    let pos = world.position();
    let have = lawbook_outcome::material::Material::of(pos.board(), color(&side)).points();
    if have != points {
        panic!("expected {side} to have {points} points of material, lawbook counts {have}{}", describe(&pos));
    }
}
