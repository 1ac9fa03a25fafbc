//! Steps added for the pieces features (see features/README.md): the board,
//! the initial position, how pieces move and what a move changes.

use super::{color, role, square, squares};
use crate::engine::{Capability, PositionQuery};
use crate::world::{Attempt, ChessWorld, answer, describe};
use cucumber::gherkin::Step;
use cucumber::{then, when};
use lawbook_board::{Board, File, Piece, Rank, Square};

/// The engine's board for a query (its `placement` answer, read as a FEN's first field).
fn engine_board(world: &mut ChessWorld, query: &PositionQuery) -> Board {
    let text = answer(world.engine.placement(query));
    let fen = format!("{text} w - - 0 1");
    match lawbook_notation::fen::read_setup(&fen) {
        Ok((setup, _)) => setup.board,
        Err(e) => panic!("ENGINE ERROR: the engine's board {text:?} cannot be read: {e}"),
    }
}

/// A board drawn as a diagram, rank 8 first, `.` for an empty square.
fn diagram(board: &Board) -> String {
    let mut out = String::new();
    for rank in Rank::ALL.iter().rev() {
        out.push_str(&format!("  {} ", rank.char()));
        for file in File::ALL {
            let cell = board.piece_at(Square::from_coords(file, *rank)).map_or('.', Piece::char);
            out.push(' ');
            out.push(cell);
        }
        out.push('\n');
    }
    out.push_str("     a b c d e f g h\n");
    out
}

fn show(squares: &[Square]) -> String {
    if squares.is_empty() {
        return "none".to_string();
    }
    squares.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

/// The board as a diagram table, as in `Given the board`: one row per rank
/// from 8 down to 1, the rank number first, then eight cells (`.` empty).
#[then("the board is")]
fn board_is(world: &mut ChessWorld, step: &Step) {
    let expected = super::board_table(step);
    let query = world.query();
    let actual = engine_board(world, &query);
    let wrong: Vec<Square> =
        Square::ALL.into_iter().filter(|&sq| expected.piece_at(sq) != actual.piece_at(sq)).collect();
    if !wrong.is_empty() {
        let pos = world.position();
        panic!(
            "expected the board\n{}but the engine has\n{}differing on {}{}",
            diagram(&expected),
            diagram(&actual),
            show(&wrong),
            describe(&pos)
        );
    }
}

/// Compares the engine's board before and after the last move played: exactly
/// these squares differ (a move of one piece changes two squares).
#[then(regex = r"^the last move changed only ((?:[a-h][1-8](?:, | and )?)+)$")]
fn last_move_changed(world: &mut ChessWorld, list: String) {
    let after = world.query();
    if after.moves.is_empty() {
        panic!("no move has been played yet: use When ... plays ... first");
    }
    let mut before = after.clone();
    before.moves.pop();
    let old = engine_board(world, &before);
    let new = engine_board(world, &after);
    let mut expected = squares(&list);
    expected.sort();
    expected.dedup();
    let actual: Vec<Square> = Square::ALL.into_iter().filter(|&sq| old.piece_at(sq) != new.piece_at(sq)).collect();
    if actual != expected {
        let pos = world.position();
        panic!(
            "expected the last move to change only {}, but the engine's board changed on {}\n  before:\n{}  after:\n{}{}",
            show(&expected),
            show(&actual),
            diagram(&old),
            diagram(&new),
            describe(&pos)
        );
    }
}

/// Asks the engine whether the side to move may pass (make no move): an
/// engine that allows it lists the null move `0000` among its legal moves.
#[when(regex = r"^(White|Black) tries to pass$")]
fn tries_to_pass(world: &mut ChessWorld, side: String) {
    let side = color(&side);
    let before = world.position();
    if before.turn() != side {
        panic!("the scenario has {side} try to pass, but it is {}'s turn\n{}", before.turn(), describe(&before));
    }
    let accepted = world.engine_moves().iter().any(|m| m == "0000");
    world.attempt = Some(Attempt { text: "a pass (no move)".to_string(), accepted, before });
}

/// Every square the piece may move to has this colour (a bishop never changes colour).
#[then(regex = r"^the (pawn|knight|bishop|rook|queen|king) on ([a-h][1-8]) can move only to (light|dark) squares$")]
fn moves_only_on(world: &mut ChessWorld, name: String, from: String, shade: String) {
    if !world.engine.supports(Capability::Model) {
        panic!("UNSUPPORTED: square colours are a fact of lawbook's model, not an engine question");
    }
    let from = square(&from);
    let pos = world.position();
    if pos.board().role_at(from) != Some(role(&name)) || pos.board().color_at(from) != Some(pos.turn()) {
        panic!("the scenario asks about a {name} on {from} of the side to move, but there is none{}", describe(&pos));
    }
    let light = shade == "light";
    let mut targets: Vec<Square> = world
        .engine_moves()
        .iter()
        .filter(|m| m.get(0..2) == Some(from.to_string().as_str()))
        .filter_map(|m| m.get(2..4).and_then(|to| to.parse().ok()))
        .collect();
    targets.sort();
    targets.dedup();
    let wrong: Vec<Square> = targets.iter().copied().filter(|sq| sq.is_light() != light).collect();
    if targets.is_empty() || !wrong.is_empty() {
        panic!(
            "expected the {name} on {from} to move to {shade} squares only, but the engine allows {}{}{}",
            show(&targets),
            if wrong.is_empty() { String::new() } else { format!(" (not {shade}: {})", show(&wrong)) },
            describe(&pos)
        );
    }
}

/// How many pieces of one kind a side has on the engine's board.
#[then(regex = r"^(White|Black) has (\d+|no) (pawn|knight|bishop|rook|queen|king)s?$")]
fn piece_count(world: &mut ChessWorld, side: String, n: String, name: String) {
    let expected: usize = if n == "no" { 0 } else { n.parse().unwrap_or_else(|_| panic!("{n:?} is not a number")) };
    let piece = Piece::new(color(&side), role(&name));
    let query = world.query();
    let board = engine_board(world, &query);
    let actual = board.by_piece(piece).count();
    if actual != expected {
        let pos = world.position();
        panic!(
            "expected {side} to have {expected} {name}(s), but the engine's board has {actual}\n{}{}",
            diagram(&board),
            describe(&pos)
        );
    }
}

/// The colouring of several squares at once.
#[then(regex = r"^((?:[a-h][1-8](?:, | and )?)+) are (light|dark) squares$")]
fn squares_colour(world: &mut ChessWorld, list: String, shade: String) {
    if !world.engine.supports(Capability::Model) {
        panic!("UNSUPPORTED: square colours are a fact of lawbook's model, not an engine question");
    }
    let light = shade == "light";
    let wrong: Vec<Square> = squares(&list).into_iter().filter(|sq| sq.is_light() != light).collect();
    if !wrong.is_empty() {
        panic!(
            "expected {list} to be {shade} squares, but {} {} not",
            show(&wrong),
            if wrong.len() == 1 { "is" } else { "are" }
        );
    }
}

/// The size of the board in lawbook's model.
#[then(regex = r"^the board has (\d+) files a to h, (\d+) ranks 1 to 8 and (\d+) squares$")]
fn board_size(world: &mut ChessWorld, files: usize, ranks: usize, total: usize) {
    if !world.engine.supports(Capability::Model) {
        panic!("UNSUPPORTED: the board's size is a fact of lawbook's model, not an engine question");
    }
    let names_files: String = File::ALL.iter().map(|f| f.char()).collect();
    let names_ranks: String = Rank::ALL.iter().map(|r| r.char()).collect();
    let actual = (File::ALL.len(), Rank::ALL.len(), Square::ALL.len());
    if actual != (files, ranks, total) || names_files != "abcdefgh" || names_ranks != "12345678" {
        panic!(
            "expected {files} files a to h, {ranks} ranks 1 to 8 and {total} squares, but the model has files {names_files}, ranks {names_ranks} and {} squares",
            actual.2
        );
    }
}
