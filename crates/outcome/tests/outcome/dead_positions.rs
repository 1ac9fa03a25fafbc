//! Dead positions (FIDE 5.2.2, DRAW-02) beyond insufficient material, and
//! positions that look dead but are not.
//!
//! Every position here has pawns, so none is insufficient material; the
//! finding comes from the exhaustive search of [`lawbook_outcome::dead`].
//! A "dead" finding must be a proof: the whole reachable set enumerated
//! without a checkmate. A "not dead" finding must come with a helpmate,
//! which is replayed here and must end in checkmate.

use lawbook_board::Color;
use lawbook_movegen::Position;
use lawbook_notation::fen;
use lawbook_outcome::dead::{Finding, Proof, SearchLimits, analyse, can_checkmate, is_frozen};
use lawbook_outcome::material::is_insufficient_material;
use lawbook_outcome::{Game, Outcome, Reason};

fn position(text: &str) -> Position {
    fen::read(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Dead though both sides have material: `(FEN, why)`.
const DEAD: &[(&str, &str)] = &[
    (
        "8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/5K2 w - - 0 1",
        "a wall on ranks 4 and 5: every empty square of rank 4 is guarded by a black pawn and every \
         empty square of rank 5 by a white pawn, so neither king can cross or reach a pawn",
    ),
    (
        "7k/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1",
        "an interlocked chain across the board: the white king cannot enter rank 4, the black king not rank 6",
    ),
    (
        "8/2b5/1k6/p1p1p1p1/P1P1P1P1/8/4B3/5K2 w - - 0 1",
        "the wall with bishops: White's runs on light squares, where the wall is White's own pawns; Black's \
         on dark squares, where the wall is Black's own pawns; neither bishop can cross or take a pawn",
    ),
    (
        "1b5k/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/2B5/4K3 w - - 0 1",
        "the interlocked chain with bishops: every white pawn stands on a light square and every black \
         pawn on a dark one; White's light bishop can never leave ranks 1-3, Black's dark bishop never \
         ranks 7-8, and neither can even be offered to a pawn",
    ),
];

/// Look dead, but a checkmate can still happen: `(FEN, why)`.
const ALIVE: &[(&str, &str)] = &[
    (
        "8/8/1k6/p1p1p3/P1P1P3/8/8/5K2 w - - 0 1",
        "the wall has a gap on the g- and h-files: a king walks through, takes a pawn, and a pawn queens",
    ),
    (
        "8/8/1k6/p1p1p1p1/P1P1P1P1/8/3B4/5K2 w - - 0 1",
        "the wall with a dark-squared white bishop: the black pawns stand on dark squares, so it takes one",
    ),
    (
        "8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/R4K2 w - - 0 1",
        "the wall with a white rook: the b-, d-, f- and h-files are open to it",
    ),
    (
        "7k/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/R3K3 b - - 0 1",
        "the interlocked chain with a white rook: it looks shut in by its own pawns, but it can offer \
         itself on b4, d4, f4 or h4, and a black pawn that takes it opens the chain",
    ),
    (
        "2b5/8/1k6/p1p1p1p1/P1P1P1P1/8/4B3/5K2 w - - 0 1",
        "the wall with bishops of one colour: the light squares of rank 5 are open to Black's bishop, \
         which can take the white pawns on the light squares of rank 4",
    ),
    (
        "7k/5K1p/7P/8/8/8/8/2B5 w - - 0 1",
        "blocked h-pawns in the corner: Bg7 is mate, the bishop guarded by the h6 pawn",
    ),
    (
        "7k/5K1p/7P/8/8/8/8/3B4 w - - 0 1",
        "the same with the wrong bishop: no mate now, but the kings can walk, win pawns and queen one",
    ),
    // The frozen final positions of games in The Week in Chess 1599 (the
    // sample of the pgn-reader crate), which `lawbook pgn` searches at the
    // end of each game.
    ("5k2/6p1/6P1/1R6/8/5K2/r7/8 w - - 10 40", "a rook each on open files"),
    ("4k3/5R2/5pK1/5P2/8/8/8/b7 b - - 14 63", "a rook against a bishop, the black king on the edge"),
    ("8/1p4p1/1p4P1/pP6/P7/3Rk2r/4N3/4K3 b - - 1 45", "rooks and a knight"),
    ("8/6p1/6Pk/b7/8/8/6K1/3n4 w - - 0 60", "Black's bishop and knight, the white king free"),
    (
        "2B5/8/6K1/p3k3/P7/8/8/8 w - - 1 75",
        "a light bishop that cannot take the dark a5 pawn, but a king can, and the a-pawn queens",
    ),
    ("6B1/4k3/8/p2N4/Pn1b4/1K6/8/8 b - - 0 82", "a bishop and a knight each"),
    ("8/1R6/4k3/8/5p2/5P2/5PK1/8 b - - 0 61", "a rook, and a white pawn on f2 behind the blocked f3"),
];

fn replay_ends_in_mate(start: &Position, line: &[lawbook_movegen::Move]) -> bool {
    let mut pos = *start;
    for &mv in line {
        match pos.play(mv) {
            Ok(next) => pos = next,
            Err(_) => return false,
        }
    }
    pos.is_check() && pos.count_legal() == 0
}

#[test]
fn dead_though_not_insufficient() {
    for &(text, why) in DEAD {
        let pos = position(text);
        assert!(!is_insufficient_material(pos.board()), "{text}: has material");
        assert!(is_frozen(pos.board()), "{text}: frozen");
        match analyse(&pos, SearchLimits::DEFAULT) {
            Finding::Impossible(Proof::Exhaustive { positions }) => assert!(positions > 1, "{text}"),
            other => panic!("{text} ({why}) should be proven dead, got {other:?}"),
        }
        // A game that reaches such a position ends there.
        let game = Game::new(pos);
        assert_eq!(game.outcome(), Some(Outcome::draw(Reason::DeadPosition)), "{text}");
        assert!(game.status().dead_position, "{text}");
        assert_eq!(game.status().insufficient_material, lawbook_board::ByColor::new(false, false), "{text}");
    }
}

#[test]
fn look_dead_but_are_not() {
    for &(text, why) in ALIVE {
        let pos = position(text);
        assert!(is_frozen(pos.board()), "{text}: frozen, so the search runs");
        match analyse(&pos, SearchLimits::DEFAULT) {
            Finding::Possible(line) => {
                assert!(!line.is_empty(), "{text}");
                assert!(replay_ends_in_mate(&pos, &line), "{text}: the helpmate {line:?} does not mate");
            }
            other => panic!("{text} ({why}) should have a helpmate, got {other:?}"),
        }
        let game = Game::new(pos);
        assert_eq!(game.outcome(), None, "{text}");
        assert!(!game.status().dead_position, "{text}");
    }
}

/// The limit is a limit, never a finding: a dead position whose reachable
/// set is larger than the limit comes out unknown (so, not dead).
#[test]
fn the_limit_gives_unknown_not_dead() {
    let (text, _) = DEAD[2];
    let pos = position(text);
    let small = SearchLimits { max_positions: 10_000 };
    assert_eq!(analyse(&pos, small), Finding::Unknown { positions: 10_000 });
    let game = Game::with_settings(pos, Default::default(), small);
    assert_eq!(game.outcome(), None);
    assert!(!game.status().dead_position);
}

/// Positions the search does not apply to are never called dead.
#[test]
fn unfrozen_positions_are_not_searched() {
    for text in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/8/1k6/p1p1p1p1/P1P1P1P1/8/7P/5K2 w - - 0 1", // one free pawn
        "8/8/3k4/8/8/3B4/3NK3/8 w - - 0 1",             // no pawns, enough material
    ] {
        assert_eq!(analyse(&position(text), SearchLimits::DEFAULT), Finding::Unknown { positions: 0 }, "{text}");
    }
}

/// Which side can still mate, for the fall of a flag (6.9).
#[test]
fn one_side_can_mate_the_other_cannot() {
    // Corner with blocked h-pawns and the right bishop: White can mate at once;
    // Black too, in principle, once the kings have walked and a black pawn queens.
    let pos = position("7k/5K1p/7P/8/8/8/8/2B5 w - - 0 1");
    match can_checkmate(&pos, Color::White, SearchLimits::DEFAULT) {
        Finding::Possible(line) => assert_eq!(line.len(), 1),
        other => panic!("White mates in one, got {other:?}"),
    }
    // The wall with a white rook behind it: White can mate, Black (only a king
    // and pawns shut behind the wall) can too once the rook has opened the wall.
    let pos = position("8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/R4K2 w - - 0 1");
    assert!(matches!(can_checkmate(&pos, Color::White, SearchLimits::DEFAULT), Finding::Possible(_)));
    // In the interlocked chain, nobody can ever mate.
    let pos = position(DEAD[1].0);
    for color in Color::ALL {
        assert!(can_checkmate(&pos, color, SearchLimits::DEFAULT).is_impossible(), "{color:?}");
    }
}
