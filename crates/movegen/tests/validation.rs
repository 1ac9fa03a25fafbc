//! `Position::from_setup` refuses every impossible state with the problem
//! named, accepts the relaxed ones only when asked, and hands the setup back.

use lawbook_board::{CastlingMode, Problem, Relaxations};
use lawbook_movegen::Position;
use lawbook_notation::fen;

fn problems(text: &str, mode: CastlingMode) -> Vec<Problem> {
    let (setup, _) = fen::read_setup(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    match Position::from_setup(setup.clone(), mode) {
        Ok(_) => Vec::new(),
        Err(err) => {
            assert_eq!(err.setup(), &setup, "the error hands back the setup unchanged");
            assert_eq!(err.details().len(), err.problems().iter().count(), "one explanation per problem");
            err.problems().iter().collect()
        }
    }
}

fn refused(text: &str, problem: Problem) {
    let found = problems(text, CastlingMode::Standard);
    assert!(found.contains(&problem), "{text}: expected {problem:?}, found {found:?}");
}

fn accepted(text: &str) {
    let found = problems(text, CastlingMode::Standard);
    assert!(found.is_empty(), "{text}: expected a valid position, found {found:?}");
}

#[test]
fn kings() {
    refused("8/8/8/8/8/8/8/4K3 w - - 0 1", Problem::MissingKing);
    refused("4k3/8/8/8/8/8/8/8 b - - 0 1", Problem::MissingKing);
    refused("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", Problem::TooManyKings);
    accepted("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn pawns_never_stand_on_the_first_or_last_rank() {
    refused("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", Problem::PawnsOnBackrank);
    refused("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", Problem::PawnsOnBackrank);
}

#[test]
fn material() {
    refused("4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", Problem::TooMuchMaterial);
    // Two queens and eight pawns: the second queen needs a missing pawn.
    refused("4k3/8/8/8/8/8/PPPPPPPP/3QKQ2 w - - 0 1", Problem::TooMuchMaterial);
    // Three light-squared bishops with six pawns: two promotions, two missing pawns: fine.
    accepted("4k3/8/8/8/8/8/PPPPPP2/1B2KB1B w - - 0 1");
    let crowded = "QQQQQQQQ/QQQQQQQQ/8/8/4K3/8/pppppppp/7k b - - 0 1";
    refused(crowded, Problem::TooManyPieces);
    let (setup, _) = fen::read_setup(crowded).unwrap();
    assert!(Position::from_setup_relaxed(setup, CastlingMode::Standard, Relaxations::ANALYSIS).is_ok());
    // Relaxing material waives nothing else: here Black, not to move, is in check.
    let (setup, _) = fen::read_setup("QQQQQQQQ/QQQQQQQQ/8/8/4K3/8/8/7k w - - 0 1").unwrap();
    let err = Position::from_setup_relaxed(setup, CastlingMode::Standard, Relaxations::ANALYSIS).unwrap_err();
    assert!(err.problems().contains(Problem::OppositeCheck));
    assert!(!err.problems().contains(Problem::TooManyPieces));
}

#[test]
fn the_side_not_to_move_is_not_in_check() {
    refused("R3k3/8/8/8/8/8/8/4K3 w - - 0 1", Problem::OppositeCheck);
    refused("8/8/8/8/8/8/3kK3/8 w - - 0 1", Problem::OppositeCheck); // kings side by side
    accepted("R3k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn impossible_checks() {
    // Three checkers.
    refused("4k3/8/3N1N2/8/4R3/8/8/4K3 b - - 0 1", Problem::ImpossibleCheck);
    // Two bishops on one diagonal through the king.
    refused("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", Problem::ImpossibleCheck);
    // Knight and pawn: a double check needs a line piece.
    refused("4k3/3P4/5N2/8/8/8/8/4K3 b - - 0 1", Problem::ImpossibleCheck);
    // Rook and knight: a discovered double check, possible.
    accepted("4k3/8/5N2/8/8/8/8/4RK2 b - - 0 1");
    // After a double step only the pawn or what it uncovered can check.
    refused("7K/8/8/8/3Pp3/8/8/k6R b - d3 0 1", Problem::ImpossibleCheck);
    accepted("8/8/8/8/3Pp3/8/1k6/3K4 b - d3 0 1");
    let relaxed = Relaxations::STRICT.allow_impossible_check();
    let (setup, _) = fen::read_setup("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1").unwrap();
    assert!(Position::from_setup_relaxed(setup, CastlingMode::Standard, relaxed).is_ok());
}

#[test]
fn castling_rights_need_their_king_and_rook() {
    // The FEN reader already refuses a right with no rook; a free Setup can hold one.
    let (mut setup, _) = fen::read_setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    setup.castling_rights.add(lawbook_board::Square::H1);
    let err = Position::from_setup(setup, CastlingMode::Standard).unwrap_err();
    assert!(err.problems().contains(Problem::InvalidCastlingRights), "{err}");
    refused("r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", Problem::InvalidCastlingRights);
    accepted("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // The same rights are fine in Chess960, where the king may start on d1.
    assert!(problems("r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", CastlingMode::Chess960).is_empty());
}

#[test]
fn en_passant_squares_need_a_double_step() {
    refused("4k3/8/8/8/4P3/8/8/4K3 b - e6 0 1", Problem::InvalidEpSquare); // wrong rank
    refused("4k3/8/8/8/8/8/8/4K3 b - e3 0 1", Problem::InvalidEpSquare); // no pawn
    refused("4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1", Problem::InvalidEpSquare); // e3 occupied
    accepted("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
}

#[test]
fn an_en_passant_square_without_a_legal_capture_is_dropped() {
    let pos = fen::read("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
    assert_eq!(pos.ep_square(), None);
    assert_eq!(pos, fen::read("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1").unwrap());
    let pos = fen::read("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").unwrap();
    assert!(pos.ep_square().is_some());
    assert_ne!(pos, fen::read("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1").unwrap());
    // The Swedish source's figure 11: the capture would open the fourth rank to the rook.
    let pos = fen::read("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1").unwrap();
    assert_eq!(pos.ep_square(), None);
}

#[test]
fn errors_read_plainly() {
    let (setup, _) = fen::read_setup("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let err = Position::from_setup(setup, CastlingMode::Standard).unwrap_err();
    assert_eq!(err.to_string(), "impossible position: Black has no king");
}
