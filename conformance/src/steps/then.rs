//! `Then` steps: what the engine under test must answer.

use super::{color, items, role, square, squares};
use crate::engine::Capability;
use crate::world::{ChessWorld, answer, describe};
use cucumber::then;
use lawbook_board::{Piece, Role, Square};
use lawbook_movegen::Position;
use lawbook_notation::san::MovePattern;
use lawbook_notation::{Lang, san, uci};

/// A UCI move split into its squares and promotion, without judging it.
fn split_uci(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let from = text.get(0..2)?.parse().ok()?;
    let to = text.get(2..4)?.parse().ok()?;
    let promotion = match text.get(4..) {
        Some("") | None => None,
        Some(p) => Some(Role::from_char(p.chars().next()?)?),
    };
    Some((from, to, promotion))
}

/// The engine's moves that are the move `text` names (SAN, long algebraic or UCI).
///
/// From the engine's full move list where it has one; otherwise (xboard
/// engines) the candidates the text can name on this board, each asked of
/// the engine one at a time.
pub(crate) fn matching_moves(world: &mut ChessWorld, text: &str) -> Vec<String> {
    let pos = world.position();
    let pattern = MovePattern::read(text, Lang::English);
    if pattern.is_none() && split_uci(text).is_none() {
        // Never compare unreadable text: "a8=P is illegal" would pass for any engine.
        panic!("{text:?} is not a move the corpus can read (SAN, long algebraic or UCI); write the move another way");
    }
    if !world.engine.supports(Capability::LegalMoves) && world.engine.supports(Capability::MoveLegality) {
        let query = world.query();
        let candidates = candidates(&pos, pattern.as_ref(), text);
        return candidates.into_iter().filter(|m| answer(world.engine.is_legal(&query, m))).collect();
    }
    let engine_moves = world.engine_moves();
    engine_moves
        .into_iter()
        .filter(|m| match (&pattern, split_uci(m)) {
            (Some(p), Some((from, to, promo))) => p.matches(&pos, from, to, promo),
            (None, _) => m == text,
            (_, None) => false,
        })
        .collect()
}

/// Every UCI move the text could name on this board, legal or not (for
/// engines that judge one move at a time).
fn candidates(pos: &Position, pattern: Option<&MovePattern>, text: &str) -> Vec<String> {
    let Some(pattern) = pattern else { return vec![text.to_string()] };
    let mut out = Vec::new();
    for from in Square::ALL {
        for to in Square::ALL {
            for promo in [None, Some(Role::Queen), Some(Role::Rook), Some(Role::Bishop), Some(Role::Knight)] {
                if from != to && pattern.matches(pos, from, to, promo) {
                    let mut m = format!("{from}{to}");
                    if let Some(p) = promo {
                        m.push(p.char());
                    }
                    // Castling: ask in the king's two-square form only (what xboard engines read).
                    if matches!(pattern, MovePattern::Castle(_)) && from.distance(to) != 2 {
                        continue;
                    }
                    out.push(m);
                }
            }
        }
    }
    out
}

fn listed(world: &mut ChessWorld) -> String {
    let pos = world.position();
    let mut moves = world.engine_moves();
    moves.sort();
    format!("{}\n  the engine's legal moves: {}", describe(&pos), moves.join(" "))
}

#[then(regex = r"^(\S+) is legal$")]
fn is_legal(world: &mut ChessWorld, text: String) {
    let found = matching_moves(world, &text);
    if found.len() != 1 {
        let why =
            if found.is_empty() { "the engine does not allow it".to_string() } else { format!("it matches {found:?}") };
        panic!("expected {text} to be legal, but {why}{}", listed(world));
    }
}

#[then(regex = r"^(\S+) is illegal$")]
fn is_illegal(world: &mut ChessWorld, text: String) {
    let found = matching_moves(world, &text);
    if !found.is_empty() {
        panic!("expected {text} to be illegal, but the engine allows it as {}{}", found.join(", "), listed(world));
    }
}

#[then(regex = r"^(\S+) is ambiguous$")]
fn is_ambiguous(world: &mut ChessWorld, text: String) {
    let found = matching_moves(world, &text);
    if found.len() < 2 {
        panic!("expected {text} to name several legal moves, but it matches {found:?}{}", listed(world));
    }
}

#[then("the move is rejected")]
fn rejected(world: &mut ChessWorld) {
    let attempt = world.attempt.clone().unwrap_or_else(|| panic!("no move was tried: use When ... tries ..."));
    if attempt.accepted {
        panic!("expected {} to be rejected, but the engine accepted it{}", attempt.text, describe(&attempt.before));
    }
}

#[then("the move is accepted")]
fn accepted(world: &mut ChessWorld) {
    let attempt = world.attempt.clone().unwrap_or_else(|| panic!("no move was tried: use When ... tries ..."));
    if !attempt.accepted {
        panic!("expected {} to be accepted, but the engine rejected it{}", attempt.text, describe(&attempt.before));
    }
}

#[then(regex = r"^(White|Black) is (?:still )?to move$")]
fn to_move(world: &mut ChessWorld, side: String) {
    let side = color(&side);
    let pos = world.position();
    if pos.turn() != side {
        panic!("expected {side} to move, but it is {}'s turn{}", pos.turn(), describe(&pos));
    }
}

fn side_to_move(world: &mut ChessWorld, side: &str) -> Position {
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

#[then(regex = r"^(White|Black) is in check$")]
fn in_check(world: &mut ChessWorld, side: String) {
    let pos = side_to_move(world, &side);
    if !world.engine_status().in_check {
        panic!("expected {side} to be in check, but the engine says not{}", describe(&pos));
    }
}

#[then(regex = r"^(White|Black) is not in check$")]
fn not_in_check(world: &mut ChessWorld, side: String) {
    let pos = side_to_move(world, &side);
    if world.engine_status().in_check {
        panic!("expected {side} not to be in check, but the engine says so{}", describe(&pos));
    }
}

#[then(regex = r"^(White|Black) is in check from (.+)$")]
fn in_check_from(world: &mut ChessWorld, side: String, list: String) {
    let pos = side_to_move(world, &side);
    let status = world.engine_status();
    let mut expected: Vec<String> = squares(&list).iter().map(|s| s.to_string()).collect();
    expected.sort();
    let mut actual =
        status.checkers.unwrap_or_else(|| panic!("UNSUPPORTED: the engine does not report which pieces give check"));
    actual.sort();
    if !status.in_check || actual != expected {
        panic!(
            "expected {side} in check from {}, but the engine reports {:?}{}",
            expected.join(", "),
            actual,
            describe(&pos)
        );
    }
}

#[then(regex = r"^(White|Black) is in double check$")]
fn double_check(world: &mut ChessWorld, side: String) {
    let pos = side_to_move(world, &side);
    let status = world.engine_status();
    let checkers =
        status.checkers.unwrap_or_else(|| panic!("UNSUPPORTED: the engine does not report which pieces give check"));
    if checkers.len() != 2 {
        panic!("expected a double check, but the engine reports checks from {checkers:?}{}", describe(&pos));
    }
}

#[then(regex = r"^(White|Black) is (not )?checkmated$")]
fn checkmated(world: &mut ChessWorld, side: String, not: String) {
    let pos = side_to_move(world, &side);
    let mate = world.engine_status().checkmate;
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
    let stalemate = world.engine_status().stalemate;
    if stalemate != not.is_empty() {
        panic!(
            "expected {side} {}to be stalemated, but the engine says {}{}",
            not,
            if stalemate { "stalemate" } else { "no stalemate" },
            describe(&pos)
        );
    }
}

fn placement(world: &mut ChessWorld) -> lawbook_board::Board {
    let query = world.query();
    let text = answer(world.engine.placement(&query));
    let fen = format!("{text} w - - 0 1");
    match lawbook_notation::fen::read_setup(&fen) {
        Ok((setup, _)) => setup.board,
        Err(e) => panic!("ENGINE ERROR: the engine's board {text:?} cannot be read: {e}"),
    }
}

#[then(regex = r"^there is an? (white|black) (pawn|knight|bishop|rook|queen|king) on ([a-h][1-8])$")]
fn piece_on(world: &mut ChessWorld, side: String, name: String, sq: String) {
    let expected = Piece::new(color(&side), role(&name));
    let sq = square(&sq);
    let board = placement(world);
    let pos = world.position();
    if board.piece_at(sq) != Some(expected) {
        let actual = board.piece_at(sq).map_or("nothing".to_string(), |p| p.to_string());
        panic!("expected a {expected} on {sq}, but the engine has {actual} there{}", describe(&pos));
    }
}

#[then(regex = r"^((?:[a-h][1-8](?:, | and )?)+) (?:is|are) empty$")]
fn empty(world: &mut ChessWorld, list: String) {
    let board = placement(world);
    let pos = world.position();
    for sq in squares(&list) {
        if let Some(piece) = board.piece_at(sq) {
            panic!("expected {sq} to be empty, but the engine has a {piece} there{}", describe(&pos));
        }
    }
}

#[then(regex = r"^the (pawn|knight|bishop|rook|queen|king) on ([a-h][1-8]) can move to (.+)$")]
fn can_move_to(world: &mut ChessWorld, name: String, from: String, list: String) {
    let from = square(&from);
    let pos = world.position();
    if pos.board().role_at(from) != Some(role(&name)) || pos.board().color_at(from) != Some(pos.turn()) {
        panic!("the scenario asks about a {name} on {from} of the side to move, but there is none{}", describe(&pos));
    }
    let mut expected: Vec<Square> = squares(&list);
    expected.sort();
    expected.dedup();
    let mut actual: Vec<Square> = world
        .engine_moves()
        .iter()
        .filter_map(|m| split_uci(m))
        .filter(|(f, _, _)| *f == from)
        .map(|(_, to, _)| to)
        .collect();
    actual.sort();
    actual.dedup();
    if actual != expected {
        let show = |v: &[Square]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ");
        panic!(
            "expected the {name} on {from} to move to {}, but the engine allows {}{}",
            show(&expected),
            if actual.is_empty() { "no move".into() } else { show(&actual) },
            describe(&pos)
        );
    }
}

#[then(regex = r"^the (pawn|knight|bishop|rook|queen|king) on ([a-h][1-8]) cannot move$")]
fn cannot_move(world: &mut ChessWorld, name: String, from: String) {
    let sq = square(&from);
    let pos = world.position();
    if pos.board().role_at(sq) != Some(role(&name)) {
        panic!("the scenario asks about a {name} on {sq}, but there is none{}", describe(&pos));
    }
    let moves: Vec<String> = world.engine_moves().into_iter().filter(|m| m.starts_with(&from)).collect();
    if !moves.is_empty() {
        panic!(
            "expected the {name} on {sq} to have no legal move, but the engine allows {}{}",
            moves.join(", "),
            describe(&pos)
        );
    }
}

#[then(regex = r"^(White|Black) has (\d+) legal moves?$")]
fn move_count(world: &mut ChessWorld, side: String, n: usize) {
    let pos = side_to_move(world, &side);
    let moves = world.engine_moves();
    if moves.len() != n {
        panic!("expected {n} legal moves, the engine lists {}{}", moves.len(), listed(world));
    }
    let _ = pos;
}

#[then(regex = r"^the legal moves are (.+)$")]
fn exactly(world: &mut ChessWorld, list: String) {
    if list == "as pinned" {
        return pinned(world);
    }
    let expected = items(&list);
    let engine_moves = world.engine_moves();
    for text in &expected {
        if matching_moves(world, text).len() != 1 {
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
fn pinned(world: &mut ChessWorld) {
    let pos = world.position();
    let moves = world.engine_moves();
    let mut lines: Vec<String> = moves
        .iter()
        .map(|m| match uci::parse(&pos, m) {
            Ok(mv) => format!("{:<8} {m}", san::write(&pos, mv)),
            Err(_) => format!("{:<8} {m}", "?"),
        })
        .collect();
    lines.sort();
    let name = pin_name(world, &pos);
    let description = format!(
        "{}: {}\n{} to move, {} legal moves\n{}",
        world.feature,
        world.scenario,
        pos.turn(),
        lines.len(),
        lawbook_notation::fen::write(&pos)
    );
    crate::snapshots::assert_pinned(world.engine.name(), &name, &description, &lines.join("\n"));
}

#[then(regex = r"^([a-h][1-8]) is a (light|dark) square$")]
fn square_colour(world: &mut ChessWorld, sq: String, shade: String) {
    if !world.engine.supports(Capability::Model) {
        panic!("UNSUPPORTED: square colours are a fact of lawbook's model, not an engine question");
    }
    let sq = square(&sq);
    if sq.is_light() != (shade == "light") {
        panic!("expected {sq} to be {shade}, but it is not");
    }
}
