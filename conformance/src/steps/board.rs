//! The board: where the pieces stand, what the last move changed, how many
//! pieces a side has, the squares and their colours.

use super::{color, role, square, squares};
use crate::ask;
use crate::world::ChessWorld;
use cucumber::gherkin::Step;
use cucumber::{given, then};
use lawbook_board::{Board, File, Piece, Rank, Square};
use lawbook_notation::diagram;

/// A board drawn as a diagram, indented, for failure messages.
fn drawn(board: &Board) -> String {
    diagram::ascii(board).lines().map(|line| format!("  {line}\n")).collect()
}

fn show(squares: &[Square]) -> String {
    if squares.is_empty() {
        return "none".to_string();
    }
    squares.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

#[then(regex = r"^there is an? (white|black) (pawn|knight|bishop|rook|queen|king) on (?<piece>[a-h][1-8])$")]
fn piece_on(world: &mut ChessWorld, step: &Step, side: String, name: String, sq: String) {
    let expected = Piece::new(color(&side), role(&name));
    let sq = square(&sq);
    let Some(board) = ask::board(world, step) else { return };
    let pos = world.reading();
    if board.piece_at(sq) != Some(expected) {
        let actual = board.piece_at(sq).map_or("nothing".to_string(), |p| p.to_string());
        panic!("expected a {expected} on {sq}, but the engine has {actual} there{}", pos.describe());
    }
}

#[then(regex = r"^(?<empty>(?:[a-h][1-8](?:, | and )?)+) (?:is|are) empty$")]
fn empty(world: &mut ChessWorld, step: &Step, list: String) {
    let Some(board) = ask::board(world, step) else { return };
    let pos = world.reading();
    for sq in squares(&list) {
        if let Some(piece) = board.piece_at(sq) {
            panic!("expected {sq} to be empty, but the engine has a {piece} there{}", pos.describe());
        }
    }
}

/// The board as a diagram table, as in `Given the board`: one row per rank
/// from 8 down to 1, the rank number first, then eight cells (`.` empty).
#[then("the board is")]
fn board_is(world: &mut ChessWorld, step: &Step) {
    let expected = super::board_table(step);
    let Some(actual) = ask::board(world, step) else { return };
    let wrong: Vec<Square> =
        Square::ALL.into_iter().filter(|&sq| expected.piece_at(sq) != actual.piece_at(sq)).collect();
    if !wrong.is_empty() {
        let pos = world.reading();
        panic!(
            "expected the board\n{}but the engine has\n{}differing on {}{}",
            drawn(&expected),
            drawn(&actual),
            show(&wrong),
            pos.describe()
        );
    }
}

/// Compares the engine's board before and after the last move played: exactly
/// these squares differ (a move of one piece changes two squares).
#[then(regex = r"^the last move changed only (?<square>(?:[a-h][1-8](?:, | and )?)+)$")]
fn last_move_changed(world: &mut ChessWorld, step: &Step, list: String) {
    let Some(old) = ask::board_before_last_move(world, step) else { return };
    let Some(new) = ask::board(world, step) else { return };
    let mut expected = squares(&list);
    expected.sort();
    expected.dedup();
    let actual: Vec<Square> = Square::ALL.into_iter().filter(|&sq| old.piece_at(sq) != new.piece_at(sq)).collect();
    if actual != expected {
        let pos = world.reading();
        panic!(
            "expected the last move to change only {}, but the engine's board changed on {}\n  before:\n{}  after:\n{}{}",
            show(&expected),
            show(&actual),
            drawn(&old),
            drawn(&new),
            pos.describe()
        );
    }
}

/// How many pieces of one kind a side has on the engine's board.
#[then(regex = r"^(White|Black) has (\d+|no) (pawn|knight|bishop|rook|queen|king)s?$")]
fn piece_count(world: &mut ChessWorld, step: &Step, side: String, n: String, name: String) {
    let expected: usize = if n == "no" { 0 } else { n.parse().unwrap_or_else(|_| panic!("{n:?} is not a number")) };
    let piece = Piece::new(color(&side), role(&name));
    let Some(board) = ask::board(world, step) else { return };
    let actual = board.by_piece(piece).count();
    if actual != expected {
        let pos = world.reading();
        panic!(
            "expected {side} to have {expected} {name}(s), but the engine's board has {actual}\n{}{}",
            drawn(&board),
            pos.describe()
        );
    }
}

#[then(regex = r"^(?<square>[a-h][1-8]) is a (light|dark) square$")]
fn square_colour(world: &mut ChessWorld, step: &Step, sq: String, shade: String) {
    if !ask::model_only(world, step, "square colours are") {
        return;
    }
    let sq = square(&sq);
    if sq.is_light() != (shade == "light") {
        panic!("expected {sq} to be {shade}, but it is not");
    }
}

/// The colouring of several squares at once.
#[then(regex = r"^(?<square>(?:[a-h][1-8](?:, | and )?)+) are (light|dark) squares$")]
fn squares_colour(world: &mut ChessWorld, step: &Step, list: String, shade: String) {
    if !ask::model_only(world, step, "square colours are") {
        return;
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
fn board_size(world: &mut ChessWorld, step: &Step, files: usize, ranks: usize, total: usize) {
    if !ask::model_only(world, step, "the board's size is") {
        return;
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

/// A premise the sources state about the board (figure 7: "a white bishop
/// on f3 attacks the rook on a8"), checked on the scenario's board by the
/// laws of movement alone: a piece attacks the squares it could capture on,
/// a pinned piece included (FIDE 3.1.3). No protocol asks an engine this, so
/// a false premise fails the scenario as badly written, naming the
/// attackers.
#[given(regex = r"^(?<attacked>(?:[a-h][1-8](?:, | and )?)+) (?:is|are) (?<not>not )?attacked by (White|Black)$")]
#[then(regex = r"^(?<attacked>(?:[a-h][1-8](?:, | and )?)+) (?:is|are) (?<not>not )?attacked by (White|Black)$")]
fn attacked(world: &mut ChessWorld, list: String, not: String, side: String) {
    let by = color(&side);
    let seen = world.reading();
    let expected = not.is_empty();
    for sq in squares(&list) {
        let board = seen.board();
        let attackers: Vec<Square> =
            lawbook_movegen::attacks::attackers(board, sq, by, board.occupied()).squares().collect();
        if attackers.is_empty() == expected {
            let said = if expected { "is attacked" } else { "is not attacked" };
            let fact = if attackers.is_empty() {
                format!("no {} piece attacks it", side.to_lowercase())
            } else {
                format!("it is attacked from {}", show(&attackers))
            };
            panic!("a badly written scenario: it says {sq} {said} by {side}, but {fact}{}", seen.describe());
        }
    }
}

/// Whether the set-up is a Chess960 starting position, and if not, which
/// rule of Guidelines II.2 it breaks: a fact of lawbook's model, asked of no
/// engine (no protocol has the question).
fn chess960_start(world: &mut ChessWorld) -> (Result<u32, lawbook_board::NotAChess960Start>, Board) {
    if !world.engine.supports(lawbook_engines::Capability::Model) {
        ask::model_fact(world, "whether a set-up is a Chess960 starting position is a fact of lawbook's own model");
    }
    let board = *world.reading().board();
    (board.chess960_start(), board)
}

#[then(regex = r"^the set-up is Chess960 starting position number (\d+)$")]
fn is_chess960_start(world: &mut ChessWorld, number: u32) {
    let (start, board) = chess960_start(world);
    match start {
        Ok(n) if n == number => {}
        Ok(n) => panic!("expected Chess960 starting position number {number}, lawbook numbers it {n}{}", drawn(&board)),
        Err(why) => panic!(
            "expected Chess960 starting position number {number}, lawbook finds none: {why} ({}){}",
            why.article(),
            drawn(&board)
        ),
    }
}

#[then(regex = r"^the set-up is no Chess960 starting position, because (.+)$")]
fn no_chess960_start(world: &mut ChessWorld, reason: String) {
    let (start, board) = chess960_start(world);
    match start {
        Err(why) if why.to_string() == reason => {}
        Err(why) => panic!(
            "expected no Chess960 start because {reason}, lawbook says: {why} ({}){}",
            why.article(),
            drawn(&board)
        ),
        Ok(n) => panic!("expected no Chess960 start because {reason}, lawbook numbers it {n}{}", drawn(&board)),
    }
}
