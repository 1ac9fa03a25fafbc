//! Steps about how a game ends: checkmate and stalemate results, dead
//! positions, insufficient material, repetition, the fifty- and
//! seventy-five-move rules, claims, agreement and piece values.

use super::{color, role};
use crate::ask;
use crate::world::ChessWorld;
use cucumber::gherkin::Step;
use cucumber::{then, when};
use lawbook_board::{Color, Role};
use lawbook_engines::{Ask, Capability, Claims};
use lawbook_outcome::{Claim, GameError, GameResult, Outcome, Reason};

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

/// The draws the engine claimed along the game, for an engine that makes
/// claims as a player does (an xboard result line for a repetition or fifty
/// moves), each judged by the Laws where it was made: a claim they do not
/// allow fails the step, with the move after which it was made and the
/// article. A draw claimed where the game had already ended in a draw (the
/// fifth occurrence, seventy-five moves) is harmless; one after a
/// checkmate is not (5.1.1). `None` where the engine does not tell its
/// claims, or the start is one no game can reach (no game to judge them
/// in); otherwise its claims, each valid, in order: moves before it, rule.
fn engine_claims(world: &mut ChessWorld, step: &Step) -> Option<(Claims, Vec<(usize, Claim)>)> {
    if !ask::can_ask(world, Capability::Claims) || world.unreachable().is_some() {
        return None;
    }
    let claims = ask::if_told(world, step, |e, q| e.claims(q))?;
    let mut made: Vec<(usize, Claim)> = Vec::new();
    for (plies, rule) in [(&claims.threefold, Claim::ThreefoldRepetition), (&claims.fifty_moves, Claim::FiftyMoves)] {
        made.extend(plies.iter().flatten().map(|&ply| (ply, rule)));
    }
    made.sort_by_key(|&(ply, _)| ply);
    let game = world.game().clone();
    for &(ply, rule) in &made {
        let mut model = lawbook_outcome::Game::new(*game.start());
        for &mv in game.moves().iter().take(ply) {
            if model.play(mv).is_err() {
                break;
            }
        }
        let after = match ply {
            0 => "the position set up".to_string(),
            n => format!("the move {}", game.moves().len().min(n)),
        };
        let name = match rule {
            Claim::ThreefoldRepetition => "threefold repetition",
            Claim::FiftyMoves => "the fifty-move rule",
        };
        let wrong = match model.outcome() {
            Some(outcome) if outcome.result == GameResult::Draw => None,
            Some(outcome) => {
                Some(format!("the game had ended, {} (FIDE {})", outcome_text(Some(outcome)), outcome.reason.article()))
            }
            None if model.claim_is_valid(rule, None) => None,
            None => Some(match rule {
                Claim::ThreefoldRepetition => format!(
                    "the position had occurred {} times, not three (FIDE 9.2.2; same position by 9.2.3)",
                    model.repetitions()
                ),
                Claim::FiftyMoves => format!(
                    "only {} half-moves had passed without a capture or a pawn move, not 100 (FIDE 9.3.2)",
                    model.position().halfmoves()
                ),
            }),
        };
        if let Some(why) = wrong {
            panic!(
                "the engine claims a draw by {name} after {after}, which the Laws do not allow there: {why}{}",
                crate::world::describe(model.position())
            );
        }
    }
    Some((claims, made))
}

/// For an engine whose game ended by a claim it made (valid, see
/// [`engine_claims`]) before or at the current position: the step is
/// unsupported, since the engine says nothing of how the game would go on
/// or end by itself. `true` when that is so.
fn ended_by_a_claim(world: &mut ChessWorld, step: &Step) -> bool {
    let Some((_, made)) = engine_claims(world, step) else { return false };
    let Some(&(ply, rule)) = made.first() else { return false };
    let name = match rule {
        Claim::ThreefoldRepetition => "threefold repetition (FIDE 9.2)",
        Claim::FiftyMoves => "the fifty-move rule (FIDE 9.3)",
    };
    world.cannot_ask(
        step,
        None,
        format!(
            "the engine claimed a draw by {name} after {} of the game's moves, as the Laws allow: its game ended by that claim, so it tells nothing of how the game would go on",
            ply
        ),
    );
    true
}

/// Judges the engine's claim (or its silence) in the current position, for
/// an engine that claims `rule` wherever it may and tells no "can claim"
/// (see [`Claims`]): `true` when the step is judged.
fn claim_here(world: &mut ChessWorld, step: &Step, rule: Claim, can: bool) -> bool {
    let Some((claims, made)) = engine_claims(world, step) else { return false };
    let now = world.query().moves.len();
    // Its game ended by an earlier claim (a valid one): it is not looking any more.
    if made.iter().any(|&(ply, _)| ply < now) {
        return ended_by_a_claim(world, step);
    }
    let plies = match rule {
        Claim::ThreefoldRepetition => claims.threefold,
        Claim::FiftyMoves => claims.fifty_moves,
    };
    let Some(plies) = plies else { return false };
    let claimed = plies.contains(&now);
    let name = match rule {
        Claim::ThreefoldRepetition => "threefold repetition",
        Claim::FiftyMoves => "the fifty-move rule",
    };
    let pos = world.reading();
    if claimed && !can {
        panic!("expected that no claim by {name} can be made, but the engine claims a draw here{}", pos.describe());
    }
    if !claimed && can {
        if world.game().model().claim_is_valid(rule, None) {
            panic!(
                "expected the engine to claim a draw by {name} here, as it was seen to do at start-up wherever the \
                 Laws allow it, but it makes no claim{}",
                pos.describe()
            );
        }
        world.cannot_ask(
            step,
            Capability::Claims,
            format!(
                "the engine claims a draw by {name} only where the position has come about; here the claim needs the move that brings it to be announced (FIDE 9.2.1, 9.3.1)"
            ),
        );
    }
    true
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
    if ended_by_a_claim(world, step) {
        return None;
    }
    let Some(expected) = expected else {
        return ask::about_position(world, step, |e, q| e.outcome(q));
    };
    let turn = world.turn();
    let ended = match expected.reason {
        // FIDE 5.1.1: checkmate ends the game; the side to move has lost.
        Reason::Checkmate => {
            ask::about_position(world, step, |e, q| e.checkmate(q))?.then(|| Outcome::win(!turn, Reason::Checkmate))
        }
        // FIDE 5.2.1.
        Reason::Stalemate => {
            ask::about_position(world, step, |e, q| e.stalemate(q))?.then(|| Outcome::draw(Reason::Stalemate))
        }
        // FIDE 5.2.2.
        Reason::DeadPosition => ask::about_position(world, step, |e, q| e.dead_position(q))?.then_some(expected),
        Reason::InsufficientMaterial => {
            let white = ask::about_position(world, step, |e, q| e.insufficient_material(q, Color::White))?;
            let black = ask::about_position(world, step, |e, q| e.insufficient_material(q, Color::Black))?;
            (white && black).then_some(expected)
        }
        // FIDE 9.6.1.
        Reason::FivefoldRepetition => {
            (ask::about_position(world, step, |e, q| e.repetitions(q))? >= 5).then_some(expected)
        }
        _ => return ask::about_position(world, step, |e, q| e.outcome(q)),
    };
    Some(ended)
}

#[then(regex = r"^the game is drawn by (.+)$")]
fn drawn_by(world: &mut ChessWorld, step: &Step, reason: String) {
    if reason == "agreement" {
        // Agreement is an event of the game model (see `agree`), not a position.
        return match world.agreed {
            Some(Ok(outcome)) if outcome == Outcome::draw(Reason::Agreement) => {}
            Some(Ok(outcome)) => panic!("expected a draw by agreement, but the game model says {outcome}"),
            Some(Err(e)) => panic!("expected a draw by agreement, but the game model refuses it: {e}"),
            None => panic!("expected a draw by agreement, but the players agreed to nothing"),
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
        // Its game may have ended by an invalid claim, though.
        let _ = engine_claims(world, step);
        return;
    }
    if ended_by_a_claim(world, step) {
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
            Capability::Checkmate => ask::about_position(world, step, |e, q| e.checkmate(q)),
            Capability::Stalemate => ask::about_position(world, step, |e, q| e.stalemate(q)),
            Capability::DeadPosition => ask::about_position(world, step, |e, q| e.dead_position(q)),
            _ => ask::about_position(world, step, |e, q| e.repetitions(q)).map(|n| n >= 5),
        };
        if ended == Some(true) {
            panic!("expected the game to go on, but the engine says: {}{}", outcome_text(Some(ending)), pos.describe());
        }
    }
    world.cannot_ask(step, Capability::Outcome, "the engine cannot tell whether and how the game has ended");
}

#[then(regex = r"^the position is (not )?dead$")]
fn dead(world: &mut ChessWorld, step: &Step, not: String) {
    let Some(dead) = ask::about_position(world, step, |e, q| e.dead_position(q)) else { return };
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
    let Some(insufficient) = ask::about_position(world, step, |e, q| e.insufficient_material(q, color(&side))) else {
        return;
    };
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
    if !ask::can_ask(world, Capability::ThreefoldClaim)
        && claim_here(world, step, Claim::ThreefoldRepetition, can == "can")
    {
        return;
    }
    let Some(claim) = ask::about_position(world, step, |e, q| e.can_claim_threefold(q)) else { return };
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
    if !ask::can_ask(world, Capability::FiftyMoveClaim) && claim_here(world, step, Claim::FiftyMoves, can == "can") {
        return;
    }
    let Some(claim) = ask::about_position(world, step, |e, q| e.can_claim_fifty_moves(q)) else { return };
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
    let Some(repetitions) = ask::about_position(world, step, |e, q| e.repetitions(q)) else { return };
    let pos = world.reading();
    if repetitions != n {
        panic!("expected the position to have occurred {n} times, the engine counts {repetitions}{}", pos.describe());
    }
}

/// Agreement is not a question of position: it is asked of lawbook's game model.
#[when("the players agree to a draw")]
fn agree(world: &mut ChessWorld) {
    if !world.engine.supports(Capability::Model) {
        ask::model_fact(world, "a draw by agreement is an event of lawbook's game model, not an engine question");
    }
    let mut game = world.game().model();
    world.agreed = Some(game.agree_draw());
}

/// Why the game model refused the agreement: the game had ended (5.1, 5.2,
/// 9.6), or a player had not yet made a move (5.2.3).
#[then(regex = r"^the agreement is refused because (the game is already over|a player has not yet moved)$")]
fn agreement_refused(world: &mut ChessWorld, why: String) {
    let expected_over = why == "the game is already over";
    match &world.agreed {
        Some(Err(GameError::GameOver { .. })) if expected_over => {}
        Some(Err(GameError::TooEarlyToAgree)) if !expected_over => {}
        Some(Err(e)) => panic!("expected the agreement to be refused because {why}, but the game model says: {e}"),
        Some(Ok(outcome)) => panic!("expected the agreement to be refused, but the game model says {outcome}"),
        None => panic!("expected the agreement to be refused, but the players agreed to nothing"),
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
