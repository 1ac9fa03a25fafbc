//! Random event sequences: whatever the players do at the board, the model
//! never accepts a sequence that leaves the position illegal. Every move it
//! completes is legal (checked with lawbook-movegen), the game's position is
//! the one those moves reach, the physical board is that position whenever a
//! move is completed or taken back, a refused event changes nothing, and the
//! moves the laws still allow are legal moves (and some exist while the game
//! goes on).

use lawbook_board::{Color, Piece, Role, Square};
use lawbook_movegen::{Move, Position};
use lawbook_notation::fen;
use lawbook_otb::{Ending, Event, Hand, OverTheBoard, Ruling};
use lawbook_outcome::Claim;
use proptest::prelude::*;

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Castling both ways for both sides, pins, captures.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // Promotions with and without captures, for both sides.
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    // En passant ready, long castling blocked by an attack.
    "3rk3/8/8/3pP3/8/8/5PPP/R3K2R w KQ d6 0 2",
    // A second queen wanted: none beside the board.
    "7k/P7/8/8/8/8/8/3QK3 w - - 0 1",
    // Chess960: the king already on its castling square.
    "4k3/8/b7/8/8/8/5PPP/6KR w H - 0 1",
    // Few legal moves.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

/// Event kinds by weight: touching, moving, letting go, removing and placing
/// often; pressing the clock less; stopping it, the arbiter and draws rarely.
const KINDS: &[u8] = &[0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12];

/// One step of a random session: a raw event with random squares, or a
/// whole move acted out the proper way.
#[derive(Clone, Debug)]
enum Op {
    Raw { kind: u8, a: u8, b: u8, role: u8, other_side: bool, left: bool, aim: bool },
    ActOut { index: u16, any_legal: bool },
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (prop::sample::select(KINDS), any::<u8>(), any::<u8>(), 0u8..6, prop::bool::weighted(0.1), prop::bool::weighted(0.1), any::<bool>())
            .prop_map(|(kind, a, b, role, other_side, left, aim)| Op::Raw { kind, a, b, role, other_side, left, aim }),
        1 => (any::<u16>(), prop::bool::weighted(0.2)).prop_map(|(index, any_legal)| Op::ActOut { index, any_legal }),
    ]
}

/// The event a raw op stands for, aimed at the pieces actually on the board.
fn event(otb: &OverTheBoard, kind: u8, a: u8, b: u8, role: u8, left: bool, aim: bool) -> Event {
    let hand = if left { Hand::Left } else { Hand::Right };
    let board = otb.board();
    let us = otb.turn();
    let any_square = |n: u8| Square::ALL[usize::from(n) % 64];
    let occupied: Vec<Square> = board.occupied().squares().collect();
    let piece_square = |n: u8| occupied.get(usize::from(n) % occupied.len().max(1)).copied().unwrap_or(Square::E1);
    let own: Vec<Square> = board.by_color(us).squares().collect();
    let role = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::King, Role::Pawn][usize::from(role)];
    match kind {
        0 => Event::Touch { square: if aim { piece_square(a) } else { any_square(a) }, hand },
        1 => Event::Adjust { square: piece_square(a), hand },
        2 => {
            let from = own.get(usize::from(a) % own.len().max(1)).copied().unwrap_or(Square::E1);
            // Aim at a square some legal move takes a piece to, or anywhere.
            let legal = otb.position().legal_moves();
            let to = if aim && !legal.is_empty() {
                let m = legal[usize::from(b) % legal.len()];
                match m.castling_squares() {
                    Some((king_to, _)) if b.is_multiple_of(2) => king_to,
                    Some((_, rook_to)) => rook_to,
                    None => m.to(),
                }
            } else {
                any_square(b)
            };
            Event::Move { from, to, hand }
        }
        3 => Event::Release,
        4 => Event::Remove { square: if aim { piece_square(a) } else { any_square(a) }, hand },
        5 => {
            let last = if us == Color::White { 56 } else { 0 };
            let square = if aim { Square::ALL[last + usize::from(a) % 8] } else { any_square(a) };
            Event::Place { square, role, hand }
        }
        6 => Event::PressClock,
        7 => Event::StopClock,
        8 => Event::CallArbiter { piece: b.is_multiple_of(2).then_some(role) },
        9 => Event::OfferDraw,
        10 => Event::AcceptDraw,
        11 => Event::DeclineDraw,
        _ => {
            let legal = otb.position().legal_moves();
            let announced = (!legal.is_empty() && aim).then(|| legal[usize::from(b) % legal.len()]);
            let claim = if a.is_multiple_of(2) { Claim::FiftyMoves } else { Claim::ThreefoldRepetition };
            Event::ClaimDraw { claim, announced }
        }
    }
}

fn check(otb: &OverTheBoard, start: &Position) -> Result<(), TestCaseError> {
    // Every completed move is legal where it was made, and they reach the game's position.
    let mut pos = *start;
    for &m in otb.moves() {
        prop_assert!(pos.is_legal(m), "an illegal move {m:?} was accepted in {}", fen::write(&pos));
        pos = pos.play_unchecked(m);
    }
    prop_assert_eq!(&pos, otb.position());
    // What the laws still allow is legal; something is allowed while the game goes on.
    let legal = otb.position().legal_moves();
    let allowed = otb.allowed_moves();
    prop_assert!(allowed.iter().all(|m| legal.contains(m)), "allowed {allowed:?} beyond the legal moves");
    if otb.ending().is_none() && !legal.is_empty() {
        prop_assert!(!allowed.is_empty(), "no move allowed, duty {:?}\n{}", otb.duty(), otb.transcript_text());
    }
    if otb.ending().is_some() {
        prop_assert!(allowed.is_empty());
    }
    // A board at rest is the position's board.
    if otb.at_rest() {
        prop_assert_eq!(otb.board(), otb.position().board());
    }
    Ok(())
}

fn session(start_fen: &str, ops: &[Op]) -> Result<(), TestCaseError> {
    let start = fen::read(start_fen).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut otb = OverTheBoard::new(start);
    for op in ops {
        let before = otb.clone();
        let allowed_before: Vec<Move> = otb.allowed_moves();
        let mut single = false;
        let answers = match *op {
            Op::Raw { kind, a, b, role, other_side, left, aim } => {
                let side = if other_side { !otb.turn() } else { otb.turn() };
                let event = event(&otb, kind, a, b, role, left, aim);
                single = true;
                vec![otb.apply(side, event)]
            }
            Op::ActOut { index, any_legal } => {
                let moves: Vec<Move> =
                    if any_legal { otb.position().legal_moves().to_vec() } else { allowed_before.clone() };
                if moves.is_empty() {
                    continue;
                }
                let mv = moves[usize::from(index) % moves.len()];
                match otb.act_out(mv) {
                    Ok(answers) => answers,
                    Err(answer) => vec![answer],
                }
            }
        };
        let last = answers.last().cloned();
        if let Some(answer) = &last {
            match &answer.ruling {
                Ruling::Refused(_) if single => {
                    prop_assert_eq!(otb.board(), before.board(), "a refused event moved pieces: {}", answer);
                    prop_assert_eq!(otb.moves(), before.moves());
                    prop_assert_eq!(otb.allowed_moves(), before.allowed_moves());
                }
                Ruling::Completed { mv, .. } => {
                    prop_assert!(allowed_before.contains(mv), "{:?} was not allowed: {}", mv, answer);
                    prop_assert_eq!(otb.board(), otb.position().board());
                }
                Ruling::IllegalMove { stands, .. } if stands.is_none() || otb.ending().is_none() => {
                    prop_assert_eq!(otb.board(), otb.position().board(), "not reinstated: {}", answer);
                }
                _ => {}
            }
        }
        // Pieces beside the board never go below zero (counts are unsigned) and
        // never exceed a sane bound.
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                prop_assert!(otb.spares(Piece::new(color, role)) < 64);
            }
        }
        check(&otb, &start)?;
        // A game lost on illegal moves ends only at this board: play on from it, to reach further.
        if matches!(otb.ending(), Some(Ending::IllegalMoves { .. })) {
            otb = OverTheBoard::from_game(otb.game().clone());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(400) })]

    #[test]
    fn random_events_never_leave_an_illegal_position(
        start in proptest::sample::select(STARTS),
        ops in proptest::collection::vec(op(), 1..120),
    ) {
        session(start, &ops)?;
    }
}

#[test]
fn every_legal_move_acted_out_the_proper_way_is_completed() {
    // Each legal move of each start, made by the book, completes as exactly that move,
    // except promotions to a piece not beside the board (refused; the player
    // may stop the clock and call the arbiter, 6.11.2).
    for text in STARTS {
        let start = fen::read(text).expect("valid start");
        for mv in start.legal_moves() {
            let mut otb = OverTheBoard::new(start);
            match otb.act_out(mv) {
                Ok(_) => assert_eq!(otb.moves(), [mv], "{text}"),
                Err(answer) => {
                    let role = mv.promotion_role().unwrap_or_else(|| panic!("{text} {mv:?}: {answer}"));
                    assert_eq!(otb.spares(Piece::new(start.turn(), role)), 0, "{text} {mv:?}: {answer}");
                }
            }
        }
    }
}
