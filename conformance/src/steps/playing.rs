//! Playing and trying moves, passing, and whose turn it is.

use super::{color, movetext};
use crate::ask;
use crate::world::{Attempt, ChessWorld, describe};
use cucumber::gherkin::Step;
use cucumber::{then, when};
use lawbook_engines::{Ask, Capability};
use lawbook_notation::uci::UciMove;

#[when(regex = r"^(White|Black) plays (?<play>\S+)$")]
fn plays(world: &mut ChessWorld, side: String, text: String) {
    world.expect_turn(color(&side), &format!("play {text}"));
    world.game().play(&text);
}

/// A move written with the piece letters of a language the corpus's sources
/// use (FIDE Appendix C.3).
#[when(regex = r"^(White|Black) plays (?<play>\S+) written in (English|Swedish|German|Polish|Russian)$")]
fn plays_in(world: &mut ChessWorld, side: String, text: String, language: String) {
    let lang = match language.as_str() {
        "Swedish" => lawbook_notation::Lang::Swedish,
        "German" => lawbook_notation::Lang::German,
        "Polish" => lawbook_notation::Lang::Polish,
        "Russian" => lawbook_notation::Lang::Russian,
        _ => lawbook_notation::Lang::English,
    };
    world.expect_turn(color(&side), &format!("play {text}"));
    world.game().play_in(&text, lang);
}

#[when(regex = r"^the game continues (?<movetext>.+)$")]
fn continues(world: &mut ChessWorld, text: String) {
    for mv in movetext(&text) {
        world.game().play(&mv);
    }
}

/// Sends the move to the engine as played, where the engine can be asked
/// to play a move and the text names one move; otherwise asks whether the
/// engine lists it. Plays it if the engine takes it.
#[when(regex = r"^(White|Black) tries (?<play>\S+)$")]
fn tries(world: &mut ChessWorld, step: &Step, side: String, text: String) {
    let before = world.expect_turn(color(&side), &format!("try {text}"));
    let tried = ask::tried_move(world, &text);
    let played =
        tried.and_then(|mv| ask::if_told(world, step, |engine, query| engine.play(query, mv)).map(|p| (mv, p)));
    let (accepted, shown) = match played {
        Some((mv, played)) => {
            if played.accepted {
                match mv.to_move(&before) {
                    Ok(m) => world.game().push(m),
                    Err(_) => {
                        panic!("the engine takes {text} ({mv}), which is no legal move here{}", describe(&before))
                    }
                }
            }
            (played.accepted, played.after)
        }
        None => {
            let matches = {
                let named = ask::moves_named(world, step, &text);
                ask::needed(world, step, named, "the engine cannot tell whether the move is legal")
            };
            let accepted = matches.len() == 1;
            if accepted {
                match matches[0].to_move(&before) {
                    Ok(mv) => world.game().push(mv),
                    Err(_) => panic!(
                        "the engine accepts {text} as {} but that is not a move here\n{}",
                        matches[0],
                        describe(&before)
                    ),
                }
            }
            (accepted, None)
        }
    };
    let query_after = world.query();
    world.attempt = Some(Attempt { text, accepted, before, shown, query_after, mv: tried });
}

/// Asks the engine to play a pass (no move, `0000`) where it can be asked
/// to play a move; otherwise whether it lists the null move among its
/// legal moves.
#[when(regex = r"^(White|Black) tries to pass$")]
fn tries_to_pass(world: &mut ChessWorld, step: &Step, side: String) {
    let before = world.expect_turn(color(&side), "try to pass");
    let (accepted, shown) = match ask::if_told(world, step, |engine, query| engine.play(query, UciMove::Null)) {
        Some(played) => (played.accepted, played.after),
        None => {
            // An engine asked one move at a time is never asked about a pass.
            if !ask::can_ask(world, Capability::LegalMoves) {
                world.stop_unsupported(
                    Capability::LegalMoves,
                    "the engine can be asked neither to pass nor for its list of legal moves",
                );
            }
            let listed = ask::moves(world, step);
            let moves = ask::needed(world, step, listed, "the engine cannot list its legal moves");
            (moves.contains(&UciMove::Null), None)
        }
    };
    let query_after = world.query();
    world.attempt =
        Some(Attempt { text: "a pass (no move)".to_string(), accepted, before, shown, query_after, mv: None });
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

/// Whose turn it is. Right after a tried move, the engine's: the side to
/// move it showed after the attempt.
#[then(regex = r"^(White|Black) is (?:still )?to move$")]
fn to_move(world: &mut ChessWorld, step: &Step, side: String) {
    let side = color(&side);
    if ask::just_tried(world) {
        let Some((_, turn)) = ask::shown_after_try(world) else {
            world.cannot_ask(step, Capability::Board, "the engine does not show whose move it is after a tried move");
            return;
        };
        if turn != side {
            let before = attempt(world).before;
            panic!("expected {side} to move, but after the attempt the engine has {turn} to move{}", describe(&before));
        }
        return;
    }
    let pos = world.reading();
    if pos.turn() != side {
        panic!("expected {side} to move, but it is {}'s turn{}", pos.turn(), pos.describe());
    }
}

/// The engine's board right after a refused move is the board before it.
#[then("the board is unchanged")]
fn unchanged(world: &mut ChessWorld, step: &Step) {
    if !ask::just_tried(world) {
        panic!("the board is unchanged follows a tried move: use When ... tries ... first");
    }
    let attempt = attempt(world);
    let Some((board, _)) = ask::shown_after_try(world) else {
        world.cannot_ask(step, Capability::Board, "the engine does not show its board after a tried move");
        return;
    };
    let changed: Vec<String> = lawbook_board::Square::ALL
        .into_iter()
        .filter(|&sq| board.piece_at(sq) != attempt.before.board().piece_at(sq))
        .map(|sq| sq.to_string())
        .collect();
    if !changed.is_empty() {
        panic!(
            "expected the board unchanged after {}, but the engine's board differs on {}{}",
            attempt.text,
            changed.join(", "),
            describe(&attempt.before)
        );
    }
}
