//! Steps about how a game ends: checkmate and stalemate results, dead
//! positions, insufficient material, repetition, the fifty- and
//! seventy-five-move rules, claims, agreement and piece values.

use super::{color, role};
use crate::ask;
use crate::world::ChessWorld;
use cucumber::gherkin::Step;
use cucumber::{then, when};
use lawbook_board::{Color, Role};
use lawbook_engines::{Ask, Capability};
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

/// The ending as the engine tells it: its answer to the ending question, or,
/// where it cannot answer that here, the facts the ending follows from by the laws, where `expected`
/// names one (a checkmate, a stalemate, a dead position, insufficient
/// material, a fivefold repetition). `None` when it cannot tell.
fn engine_outcome(world: &mut ChessWorld, step: &Step, expected: Option<Outcome>) -> Option<Option<Outcome>> {
    // The ending itself, where the engine tells it (an xboard engine tells it
    // only where it announces one).
    if let Some(outcome) = ask::if_told(world, step, |e, q| e.outcome(q)) {
        return Some(outcome);
    }
    let Some(expected) = expected else {
        return ask::fact(world, step, |e, q| e.outcome(q));
    };
    let turn = world.turn();
    let ended = match expected.reason {
        // FIDE 5.1.1: checkmate ends the game; the side to move has lost.
        Reason::Checkmate => {
            ask::fact(world, step, |e, q| e.checkmate(q))?.then(|| Outcome::win(!turn, Reason::Checkmate))
        }
        // FIDE 5.2.1.
        Reason::Stalemate => ask::fact(world, step, |e, q| e.stalemate(q))?.then(|| Outcome::draw(Reason::Stalemate)),
        // FIDE 5.2.2.
        Reason::DeadPosition => ask::fact(world, step, |e, q| e.dead_position(q))?.then_some(expected),
        Reason::InsufficientMaterial => {
            let white = ask::fact(world, step, |e, q| e.insufficient_material(q, Color::White))?;
            let black = ask::fact(world, step, |e, q| e.insufficient_material(q, Color::Black))?;
            (white && black).then_some(expected)
        }
        // FIDE 9.6.1.
        Reason::FivefoldRepetition => (ask::fact(world, step, |e, q| e.repetitions(q))? >= 5).then_some(expected),
        _ => return ask::fact(world, step, |e, q| e.outcome(q)),
    };
    Some(ended)
}

#[then(regex = r"^the game is drawn by (.+)$")]
fn drawn_by(world: &mut ChessWorld, step: &Step, reason: String) {
    if reason == "agreement" {
        // Agreement is an event of the game model (see `agree`), not a position.
        return match world.agreed.as_deref() {
            Some("1/2-1/2 by agreement") => {}
            other => panic!("expected a draw by agreement, but the game model says {other:?}"),
        };
    }
    let expected = Outcome::draw(self::reason(&reason));
    let Some(outcome) = engine_outcome(world, step, Some(expected)) else { return };
    let pos = world.reading();
    if outcome != Some(expected) {
        panic!(
            "expected the game to be drawn by {reason}, but the engine says: {}{}",
            outcome_text(outcome),
            pos.describe()
        );
    }
}

#[then(regex = r"^(White|Black) wins by checkmate$")]
fn wins(world: &mut ChessWorld, step: &Step, side: String) {
    let expected = Outcome::win(color(&side), Reason::Checkmate);
    let Some(outcome) = engine_outcome(world, step, Some(expected)) else { return };
    let pos = world.reading();
    if outcome != Some(expected) {
        panic!(
            "expected {side} to win by checkmate ({}), but the engine says: {}{}",
            expected.result,
            outcome_text(outcome),
            pos.describe()
        );
    }
}

/// The game goes on. An engine that cannot tell the ending (here) is asked
/// what it can tell of the endings the laws make automatic: a checkmate, a
/// stalemate, a dead position or a fivefold repetition it reports
/// contradicts the step; otherwise the step stays unsupported.
#[then("the game is not over")]
fn not_over(world: &mut ChessWorld, step: &Step) {
    let pos = world.reading();
    if let Some(outcome) = ask::if_told(world, step, |e, q| e.outcome(q)) {
        if outcome.is_some() {
            panic!("expected the game to go on, but the engine says: {}{}", outcome_text(outcome), pos.describe());
        }
        return;
    }
    let turn = pos.turn();
    let told: [(Capability, Outcome); 4] = [
        (Capability::Checkmate, Outcome::win(!turn, Reason::Checkmate)),
        (Capability::Stalemate, Outcome::draw(Reason::Stalemate)),
        (Capability::DeadPosition, Outcome::draw(Reason::DeadPosition)),
        (Capability::Repetitions, Outcome::draw(Reason::FivefoldRepetition)),
    ];
    for (capability, ending) in told {
        if !ask::can_ask(world, capability) {
            continue;
        }
        let ended = match capability {
            Capability::Checkmate => ask::fact(world, step, |e, q| e.checkmate(q)),
            Capability::Stalemate => ask::fact(world, step, |e, q| e.stalemate(q)),
            Capability::DeadPosition => ask::fact(world, step, |e, q| e.dead_position(q)),
            _ => ask::fact(world, step, |e, q| e.repetitions(q)).map(|n| n >= 5),
        };
        if ended == Some(true) {
            panic!("expected the game to go on, but the engine says: {}{}", outcome_text(Some(ending)), pos.describe());
        }
    }
    world.cannot_ask(step, "the engine cannot tell whether and how the game has ended");
}

#[then(regex = r"^the position is (not )?dead$")]
fn dead(world: &mut ChessWorld, step: &Step, not: String) {
    let Some(dead) = ask::fact(world, step, |e, q| e.dead_position(q)) else { return };
    let pos = world.reading();
    if dead != not.is_empty() {
        panic!(
            "expected the position {}to be dead, but the engine says it is {}dead{}",
            not,
            if dead { "" } else { "not " },
            pos.describe()
        );
    }
}

#[then(regex = r"^(White|Black) (can|cannot) checkmate with the material left$")]
fn mating_material(world: &mut ChessWorld, step: &Step, side: String, can: String) {
    let Some(insufficient) = ask::fact(world, step, |e, q| e.insufficient_material(q, color(&side))) else { return };
    let pos = world.reading();
    if insufficient != (can == "cannot") {
        panic!(
            "expected that {side} {can} checkmate with its material, but the engine says {side} {}{}",
            if insufficient { "cannot" } else { "can" },
            pos.describe()
        );
    }
}

#[then(regex = r"^a draw (can|cannot) be claimed by threefold repetition$")]
fn threefold(world: &mut ChessWorld, step: &Step, can: String) {
    let Some(claim) = ask::fact(world, step, |e, q| e.can_claim_threefold(q)) else { return };
    let pos = world.reading();
    if claim != (can == "can") {
        panic!(
            "expected that a threefold-repetition claim {can} be made, but the engine says it {}{}",
            if claim { "can" } else { "cannot" },
            pos.describe()
        );
    }
}

#[then(regex = r"^a draw (can|cannot) be claimed under the fifty-move rule$")]
fn fifty(world: &mut ChessWorld, step: &Step, can: String) {
    let Some(claim) = ask::fact(world, step, |e, q| e.can_claim_fifty_moves(q)) else { return };
    let pos = world.reading();
    if claim != (can == "can") {
        panic!(
            "expected that a fifty-move claim {can} be made (half-move clock {}), but the engine says it {}{}",
            pos.setup.halfmoves,
            if claim { "can" } else { "cannot" },
            pos.describe()
        );
    }
}

#[then(regex = r"^the position has occurred (once|twice|\d+ times)$")]
fn occurred(world: &mut ChessWorld, step: &Step, times: String) {
    let n = match times.as_str() {
        "once" => 1,
        "twice" => 2,
        other => other.trim_end_matches(" times").parse().unwrap_or(0),
    };
    let Some(repetitions) = ask::fact(world, step, |e, q| e.repetitions(q)) else { return };
    let pos = world.reading();
    if repetitions != n {
        panic!("expected the position to have occurred {n} times, the engine counts {repetitions}{}", pos.describe());
    }
}

/// Agreement is not a question of position: it is asked of lawbook's game model.
#[when("the players agree to a draw")]
fn agree(world: &mut ChessWorld) {
    if !world.engine.supports(Capability::Model) {
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
fn worth(world: &mut ChessWorld, step: &Step, name: String, points: u32) {
    if !ask::model_only(world, step, "piece values are") {
        return;
    }
    let value = lawbook_outcome::material::value(role(&name));
    if value != Some(points) {
        panic!("expected a {name} to be worth {points} points, lawbook's model says {value:?}");
    }
}

#[then("the king has no point value")]
fn king_value(world: &mut ChessWorld, step: &Step) {
    if !ask::model_only(world, step, "piece values are") {
        return;
    }
    if let Some(v) = lawbook_outcome::material::value(Role::King) {
        panic!("expected the king to have no value, lawbook's model says {v}");
    }
}

#[then(regex = r"^(White|Black) has (\d+) points of material$")]
fn material_points(world: &mut ChessWorld, step: &Step, side: String, points: u32) {
    if !ask::model_only(world, step, "material counts are") {
        return;
    }
    let pos = world.reading();
    let have = lawbook_outcome::material::Material::of(pos.board(), color(&side)).points();
    if have != points {
        panic!("expected {side} to have {points} points of material, lawbook counts {have}{}", pos.describe());
    }
}
