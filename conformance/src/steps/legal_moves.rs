//! Which moves the engine allows: a move legal, illegal or ambiguous, what
//! one piece may do, how many moves there are, and the whole list, pinned.

use super::{items, role, square, squares};
use crate::ask;
use crate::world::{ChessWorld, Reading};
use cucumber::gherkin::Step;
use cucumber::then;
use lawbook_board::Square;
use lawbook_engines::{Ask, Capability};
use lawbook_movegen::Position;
use lawbook_notation::uci::UciMove;
use lawbook_notation::{ReadOptions, read_move, san};

/// Moves as text, sorted, one space between.
fn show_moves(moves: &[UciMove]) -> String {
    let mut texts: Vec<String> = moves.iter().map(UciMove::to_string).collect();
    texts.sort();
    texts.join(" ")
}

/// The position and, when the engine lists them, its legal moves: the end of a failure message.
fn listed(world: &mut ChessWorld) -> String {
    let seen = world.reading();
    let query = world.query();
    match world.engine.supports(Capability::LegalMoves).then(|| world.engine.legal_moves(&query)) {
        Some(Ok(moves)) => format!("{}\n  the engine's legal moves: {}", seen.describe(), show_moves(&moves)),
        _ => seen.describe(),
    }
}

#[then(regex = r"^(?<move>\S+) is legal$")]
fn is_legal(world: &mut ChessWorld, step: &Step, text: String) {
    let Some(found) = ask::moves_named(world, step, &text) else { return };
    if found.len() != 1 {
        let why = if found.is_empty() {
            "the engine does not allow it".to_string()
        } else {
            format!("it matches {}", show_moves(&found))
        };
        panic!("expected {text} to be legal, but {why}{}", listed(world));
    }
}

#[then(regex = r"^(?<move>\S+) is illegal$")]
fn is_illegal(world: &mut ChessWorld, step: &Step, text: String) {
    let Some(found) = ask::moves_named(world, step, &text) else { return };
    if !found.is_empty() {
        panic!("expected {text} to be illegal, but the engine allows it as {}{}", show_moves(&found), listed(world));
    }
}

/// Which condition of the Laws stops the move, in lawbook's own words (the
/// reason its move reader gives): a fact of lawbook's model, since no engine
/// protocol says why it refuses a move. The engine is still asked whether
/// the move is illegal.
#[then(regex = r"^(?<move>\S+) is illegal because (?<reason>.+)$")]
fn is_illegal_because(world: &mut ChessWorld, step: &Step, text: String, reason: String) {
    is_illegal(world, step, text.clone());
    if !ask::model_only(world, step, "why a move is illegal is") {
        return;
    }
    let pos = world.position();
    match read_move(&pos, &text, ReadOptions::LENIENT) {
        Ok(_) => panic!("expected {text} to be illegal because {reason}, but lawbook's rules allow it"),
        Err(e) if e.reason == reason || e.reason.ends_with(&format!(": {reason}")) => {}
        Err(e) => panic!(
            "expected {text} to be illegal because {reason}, but lawbook's rules say: {}{}",
            e.reason,
            Reading::of(&pos).describe()
        ),
    }
}

#[then(regex = r"^(?<move>\S+) is ambiguous$")]
fn is_ambiguous(world: &mut ChessWorld, step: &Step, text: String) {
    let Some(found) = ask::moves_named(world, step, &text) else { return };
    if found.len() < 2 {
        panic!("expected {text} to name several legal moves, but it matches {}{}", show_moves(&found), listed(world));
    }
}

/// The piece the scenario names on `from`, of the side to move: only its
/// moves can be legal now, so a step about another piece would say nothing.
fn named_piece(world: &mut ChessWorld, name: &str, from: Square) -> Reading {
    let seen = world.reading();
    let ours = seen.board().color_at(from) == Some(seen.turn());
    if seen.board().role_at(from) != Some(role(name)) || !ours {
        panic!(
            "a badly written scenario: it asks about a {name} on {from} of {} (the side to move), but there is none{}",
            seen.turn(),
            seen.describe()
        );
    }
    seen
}

/// The squares the engine lets the piece on `from` go to.
fn targets(world: &mut ChessWorld, step: &Step, from: Square) -> Option<Vec<Square>> {
    let mut targets: Vec<Square> =
        ask::moves(world, step)?.into_iter().filter(|m| m.from() == Some(from)).filter_map(UciMove::to).collect();
    targets.sort();
    targets.dedup();
    Some(targets)
}

fn show(squares: &[Square]) -> String {
    if squares.is_empty() {
        return "none".to_string();
    }
    squares.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

#[then(regex = r"^the (pawn|knight|bishop|rook|queen|king) on (?<from>[a-h][1-8]) can move to (?<to>.+)$")]
fn can_move_to(world: &mut ChessWorld, step: &Step, name: String, from: String, list: String) {
    let from = square(&from);
    let pos = named_piece(world, &name, from);
    let mut expected: Vec<Square> = squares(&list);
    expected.sort();
    expected.dedup();
    let Some(actual) = targets(world, step, from) else { return };
    if actual != expected {
        panic!(
            "expected the {name} on {from} to move to {}, but the engine allows {}{}",
            show(&expected),
            if actual.is_empty() { "no move".into() } else { show(&actual) },
            pos.describe()
        );
    }
}

#[then(regex = r"^the (pawn|knight|bishop|rook|queen|king) on (?<piece>[a-h][1-8]) cannot move$")]
fn cannot_move(world: &mut ChessWorld, step: &Step, name: String, from: String) {
    let sq = square(&from);
    let pos = named_piece(world, &name, sq);
    let Some(moves) = ask::moves(world, step) else { return };
    let moves: Vec<UciMove> = moves.into_iter().filter(|m| m.from() == Some(sq)).collect();
    if !moves.is_empty() {
        panic!(
            "expected the {name} on {sq} to have no legal move, but the engine allows {}{}",
            show_moves(&moves),
            pos.describe()
        );
    }
}

/// Every square the piece may move to has this colour (a bishop never
/// changes colour). The engine is asked its moves; the squares' colours are
/// the board's (FIDE 2.1), not a question.
#[then(
    regex = r"^the (pawn|knight|bishop|rook|queen|king) on (?<from>[a-h][1-8]) can move only to (light|dark) squares$"
)]
fn moves_only_on(world: &mut ChessWorld, step: &Step, name: String, from: String, shade: String) {
    let from = square(&from);
    let pos = named_piece(world, &name, from);
    let light = shade == "light";
    let Some(targets) = targets(world, step, from) else { return };
    let wrong: Vec<Square> = targets.iter().copied().filter(|sq| sq.is_light() != light).collect();
    if targets.is_empty() || !wrong.is_empty() {
        panic!(
            "expected the {name} on {from} to move to {shade} squares only, but the engine allows {}{}{}",
            show(&targets),
            if wrong.is_empty() { String::new() } else { format!(" (not {shade}: {})", show(&wrong)) },
            pos.describe()
        );
    }
}

#[then(regex = r"^(White|Black) has (\d+) legal moves?$")]
fn move_count(world: &mut ChessWorld, step: &Step, side: String, n: usize) {
    super::check::side_to_move(world, &side);
    let Some(moves) = ask::moves(world, step) else { return };
    if moves.len() != n {
        panic!("expected {n} legal moves, the engine lists {}{}", moves.len(), listed(world));
    }
}

#[then(regex = r"^the legal moves are (?<moves>.+)$")]
fn exactly(world: &mut ChessWorld, step: &Step, list: String) {
    if list == "as pinned" {
        return pinned(world, step);
    }
    let expected = items(&list);
    let Some(engine_moves) = ask::moves(world, step) else { return };
    for text in &expected {
        let Some(named) = ask::moves_named(world, step, text) else { return };
        if named.len() != 1 {
            panic!(
                "expected {text} among the legal moves, but the engine does not list it exactly once{}",
                listed(world)
            );
        }
    }
    if engine_moves.len() != expected.len() {
        panic!(
            "expected exactly {} legal moves ({}), the engine lists {}{}",
            expected.len(),
            expected.join(", "),
            engine_moves.len(),
            listed(world)
        );
    }
}

fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').chars().take(80).collect::<String>().trim_matches('-').to_string()
}

/// The snapshot name of the scenario's next pinned list: feature and scenario
/// (outline rows add a stable digest of their position, since rows may share
/// a title), then `__2`, `__3` for later pins in the same scenario.
fn pin_name(world: &mut ChessWorld, pos: &Position) -> String {
    world.pins += 1;
    let mut name = format!("{}__{}", slug(&world.feature), slug(&world.scenario));
    if world.outline_row {
        let fen = lawbook_notation::fen::write(pos);
        let digest =
            fen.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        name.truncate(70);
        name.push_str(&format!("__{:08x}", digest as u32));
    }
    if world.pins > 1 {
        name.push_str(&format!("__{}", world.pins));
    }
    name
}

/// Pins the complete legal move list as a snapshot (`conformance/snapshots/`),
/// one move a line: SAN, then UCI.
fn pinned(world: &mut ChessWorld, step: &Step) {
    if let Some(u) = world.unreachable() {
        panic!(
            "the legal moves of a position no game can reach are not pinned ({}): write them out, \
             as in Then the legal moves are Kd1, Kd2 and Ke2",
            u.fen
        );
    }
    let pos = world.position();
    let name = pin_name(world, &pos);
    world.pin_names.push(name.clone());
    let Some(moves) = ask::moves(world, step) else { return };
    let mut lines: Vec<String> = moves
        .iter()
        .map(|m| match m.to_move(&pos) {
            Ok(mv) => format!("{:<8} {m}", san::write(&pos, mv)),
            Err(_) => format!("{:<8} {m}", "?"),
        })
        .collect();
    lines.sort();
    let description = format!(
        "{}: {}\n{} to move, {} legal moves\n{}",
        world.feature,
        world.scenario,
        pos.turn(),
        lines.len(),
        lawbook_notation::fen::write(&pos)
    );
    crate::snapshots::assert_pinned(&world.pinned, world.engine.name(), &name, &description, &lines.join("\n"));
}
