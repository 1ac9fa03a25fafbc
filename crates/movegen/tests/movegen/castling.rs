//! Why a castling is refused agrees with whether the generator offers it,
//! and a rook that shields the king's castling square is told apart from an
//! attack the Laws see before castling (FIDE 3.8.2.2, 3.9.2, Guidelines II).

use lawbook_board::{Bitboard, CastlingMode, Color, Piece, Role, Setup, Square};
use lawbook_movegen::{CastlingObstacle, CastlingSide, Position};
use lawbook_notation::fen;
use proptest::prelude::*;

fn chess960(text: &str) -> Position {
    fen::read_with(text, Some(CastlingMode::Chess960), lawbook_board::Relaxations::STRICT)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn a_rook_that_shields_c1_leaves_the_king_in_check_once_castled() {
    // King e1, castling rook b1, black rook a1: before castling nothing
    // attacks d1 or c1; after it the king on c1 stands in check along b1.
    let pos = chess960("7k/8/8/8/8/8/8/rR2K3 w B - 0 1");
    assert_eq!(pos.castling_obstacle(CastlingSide::Long), Some(CastlingObstacle::LandsInCheck(Square::C1)));
    assert!(!pos.legal_moves().iter().any(|m| m.is_castle()));
    assert_eq!(
        pos.castling_obstacle(CastlingSide::Long).unwrap().to_string(),
        "the king would stand in check on c1 once the rook has left the line it shielded"
    );
}

#[test]
fn a_rook_on_the_kings_castling_square_under_attack_is_an_attacked_landing_square() {
    // King e1, castling rook g1, black rook h1: g1 is attacked before
    // castling (the rook on h1 could capture there); f1 is not.
    let pos = chess960("k7/8/8/8/8/8/8/4K1Rr w G - 0 1");
    assert_eq!(pos.castling_obstacle(CastlingSide::Short), Some(CastlingObstacle::LandsOnAttackedSquare(Square::G1)));
}

#[test]
fn the_rooks_own_square_counts_when_the_king_crosses_it() {
    // King f1, castling rook d1 attacked from d8: the king crosses d1.
    let pos = chess960("k2r4/8/8/8/8/8/8/3R1K2 w D - 0 1");
    assert_eq!(pos.castling_obstacle(CastlingSide::Long), Some(CastlingObstacle::PassesAttackedSquare(Square::D1)));
    // King b1, castling rook h1 attacked by the bishop on c6: the king never
    // goes to h1, so castling is legal.
    let pos = chess960("k7/8/2b5/8/8/8/8/1K5R w H - 0 1");
    assert_eq!(pos.castling_obstacle(CastlingSide::Short), None);
}

/// A Chess960 first rank: the king between two rooks with their rights, a
/// few other pieces of either side anywhere, White to move; one time in four
/// the long-side rook on b1 with a black rook on a1 behind it.
fn castling_positions() -> impl Strategy<Value = Setup> {
    let piece = (any::<bool>(), 0..5usize, 0..64u32);
    let shape = (1..7u32, 0..8u32, 0..8u32, 0..4u32);
    (shape, proptest::collection::vec(piece, 0..8)).prop_map(|((king, left, right, shield), pieces)| {
        let mut setup = Setup::empty();
        let first = |file: u32| Square::new(file).unwrap();
        let shield = shield == 0 && king > 1;
        let left = if shield { 1 } else { left % king };
        if shield {
            setup.board.set_piece_at(Square::A1, Piece::new(Color::Black, Role::Rook));
        }
        let right = king + 1 + right % (7 - king);
        setup.board.set_piece_at(first(king), Piece::new(Color::White, Role::King));
        setup.board.set_piece_at(first(left), Piece::new(Color::White, Role::Rook));
        setup.board.set_piece_at(first(right), Piece::new(Color::White, Role::Rook));
        setup.castling_rights = Bitboard::from_square(first(left)) | Bitboard::from_square(first(right));
        setup.board.set_piece_at(Square::H8, Piece::new(Color::Black, Role::King));
        for (white, role, square) in pieces {
            let square = Square::new(square).unwrap();
            let role = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen][role];
            if setup.board.piece_at(square).is_none() && !(role == Role::Pawn && Bitboard::BACKRANKS.contains(square)) {
                let color = if white { Color::White } else { Color::Black };
                setup.board.set_piece_at(square, Piece::new(color, role));
            }
        }
        setup
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// `castling_obstacle` names a reason exactly when the generator does not
    /// offer the castling, and a shielding rook only where no square of the
    /// king is attacked before castling.
    #[test]
    fn the_obstacle_agrees_with_the_generator(setup in castling_positions()) {
        let Ok(pos) = Position::from_setup(setup, CastlingMode::Chess960) else { return Ok(()) };
        for side in [CastlingSide::Short, CastlingSide::Long] {
            let Some(mv) = pos.castling_move(side) else { continue };
            let listed = pos.legal_moves().contains(&mv);
            let obstacle = pos.castling_obstacle(side);
            prop_assert_eq!(listed, obstacle.is_none(), "{:?}: {:?}", side, obstacle);
            if let Some(CastlingObstacle::LandsInCheck(sq)) = obstacle {
                prop_assert!(sq == Square::C1, "only a rook on b1 can shield the king's square: {:?}", sq);
            }
        }
    }
}

#[test]
fn the_generator_reaches_every_kind_of_obstacle() {
    // The property above says little unless its positions castle, and fail
    // to castle for each reason: count them.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = castling_positions();
    let mut seen = std::collections::BTreeMap::new();
    for _ in 0..4000 {
        let setup = strategy.new_tree(&mut runner).unwrap().current();
        let Ok(pos) = Position::from_setup(setup, CastlingMode::Chess960) else { continue };
        for side in [CastlingSide::Short, CastlingSide::Long] {
            let kind = match pos.castling_obstacle(side) {
                None => "legal",
                Some(CastlingObstacle::NoRight) => "no right",
                Some(CastlingObstacle::Blocked(_)) => "blocked",
                Some(CastlingObstacle::InCheck) => "in check",
                Some(CastlingObstacle::PassesAttackedSquare(_)) => "passes",
                Some(CastlingObstacle::LandsOnAttackedSquare(_)) => "lands on",
                Some(CastlingObstacle::LandsInCheck(_)) => "lands in check",
            };
            *seen.entry(kind).or_insert(0) += 1;
        }
    }
    for kind in ["legal", "blocked", "in check", "passes", "lands on", "lands in check"] {
        assert!(seen.get(kind).copied().unwrap_or(0) >= 5, "{kind}: {seen:?}");
    }
}
