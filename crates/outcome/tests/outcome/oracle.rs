//! Thousands of random games, the status of every position checked against
//! shakmaty (a dev-dependency, used only as an independent oracle).
//!
//! A game starts from a chosen position (the initial position, positions
//! with high halfmove clocks, en passant, few pieces, blocked pawns), a
//! Chess960 start, or a random sparse board, under FIDE or casual rules. At
//! each ply it plays the move a random index picks, or, often, takes back
//! its own previous move (so that positions repeat), and it also tries one
//! random move that must be refused without changing anything unless it is
//! legal. Shakmaty plays the same moves alongside. At every position:
//!
//! - check, the checking pieces, checkmate and stalemate equal shakmaty's;
//! - insufficient material for each side equals shakmaty's
//!   `has_insufficient_material(color)` (the same classic rule), and a
//!   position shakmaty calls insufficient is dead for us;
//! - the halfmove clock equals shakmaty's, and the repetition count equals
//!   the count of shakmaty's own Zobrist keys (en passant counted only when
//!   legal) over the game;
//! - the fifty-move and threefold claims equal what shakmaty's positions
//!   give: a clock of 100 or a third occurrence now, or after some legal move;
//! - the outcome equals the one these facts give (mate, stalemate,
//!   insufficient material, seventy-five moves, fivefold, and under casual
//!   rules fifty moves and threefold), except where we prove a dead
//!   position shakmaty has no rule for: then the proof must be an exhaustive
//!   search and the facts must not call for mate, stalemate or insufficient
//!   material.

use lawbook_board::{Bitboard, Board, Color, Setup, Square};
use lawbook_movegen::{Move, MoveKind};
use lawbook_notation::{fen, uci};
use lawbook_outcome::dead::{Finding, Proof};
use lawbook_outcome::{Claim, Game, GameError, Outcome, Policy, Reason};
use proptest::prelude::*;
use proptest::sample::Index;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Position as _};

const MAX_PLIES: usize = 90;

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    // High halfmove clocks: fifty- and seventy-five-move rules within reach.
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 96 60",
    "4k3/8/8/8/8/8/4P3/4K2R w K - 97 80",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 145 90",
    "8/8/4k3/8/2N5/8/3BK3/8 b - - 140 100",
    "7k/8/6K1/8/8/8/8/R7 w - - 147 120",
    // Little material.
    "8/8/3kb3/8/8/3B4/4K3/8 w - - 0 1",
    "8/3b4/4k3/8/8/2B5/4K3/8 w - - 0 1",
    "8/8/4k3/8/8/2N5/4K3/7q w - - 0 1",
    "8/8/3kn3/8/8/2N5/4K3/8 w - - 0 1",
    "8/8/4k3/8/3p4/8/2B1K3/8 w - - 0 1",
    "8/1k6/8/8/8/8/6K1/3Q4 w - - 0 1",
    // Blocked pawns, searched for dead positions.
    "8/8/1k6/p1p1p3/P1P1P3/8/8/5K2 w - - 0 1",
    "8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/5K2 w - - 0 1",
    "7k/5K1p/7P/8/8/8/8/3B4 w - - 0 1",
];

fn oracle_of(text: &str, mode: lawbook_board::CastlingMode) -> Result<Chess, TestCaseError> {
    let parsed: Fen = text.parse().map_err(|e| TestCaseError::fail(format!("shakmaty cannot parse {text}: {e}")))?;
    let mode = match mode {
        lawbook_board::CastlingMode::Standard => shakmaty::CastlingMode::Standard,
        lawbook_board::CastlingMode::Chess960 => shakmaty::CastlingMode::Chess960,
    };
    parsed.into_position(mode).map_err(|e| TestCaseError::fail(format!("shakmaty refuses {text}: {e}")))
}

fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn their_color(color: Color) -> shakmaty::Color {
    match color {
        Color::White => shakmaty::Color::White,
        Color::Black => shakmaty::Color::Black,
    }
}

/// The outcome shakmaty's facts call for, leaving dead positions aside.
fn expected_outcome(shadow: &Chess, repetitions: usize, policy: Policy) -> Option<Outcome> {
    let side = if shadow.turn() == shakmaty::Color::White { Color::White } else { Color::Black };
    if shadow.is_checkmate() {
        return Some(Outcome::win(!side, Reason::Checkmate));
    }
    let reason = if shadow.is_stalemate() {
        Reason::Stalemate
    } else if shadow.is_insufficient_material() {
        Reason::InsufficientMaterial
    } else if shadow.halfmoves() >= 150 {
        Reason::SeventyFiveMoves
    } else if repetitions >= 5 {
        Reason::FivefoldRepetition
    } else if policy.automatic_fifty_moves && shadow.halfmoves() >= 100 {
        Reason::FiftyMoves
    } else if policy.automatic_threefold && repetitions >= 3 {
        Reason::ThreefoldRepetition
    } else {
        return None;
    };
    Some(Outcome::draw(reason))
}

fn check_status(game: &Game, shadow: &Chess, keys: &[u64]) -> Result<(), TestCaseError> {
    let text = fen::write(game.position());
    let status = game.status();
    prop_assert_eq!(status.in_check(), shadow.is_check(), "check in {}", text);
    prop_assert_eq!(status.checkers.0, u64::from(shadow.checkers()), "checkers in {}", text);
    prop_assert_eq!(status.checkmate, shadow.is_checkmate(), "checkmate in {}", text);
    prop_assert_eq!(status.stalemate, shadow.is_stalemate(), "stalemate in {}", text);
    for color in Color::ALL {
        prop_assert_eq!(
            status.insufficient_material[color],
            shadow.has_insufficient_material(their_color(color)),
            "insufficient material of {:?} in {}",
            color,
            text
        );
    }
    if shadow.is_insufficient_material() || shadow.is_stalemate() {
        prop_assert!(status.dead_position, "{} is dead", text);
    }
    if shadow.is_checkmate() {
        prop_assert!(!status.dead_position, "{} is mate, not dead", text);
    }
    prop_assert_eq!(status.halfmove_clock, shadow.halfmoves(), "halfmove clock in {}", text);

    let here = keys[keys.len() - 1];
    let count = |k: u64| keys.iter().filter(|&&x| x == k).count();
    let repetitions = count(here);
    prop_assert_eq!(status.repetitions, repetitions, "repetitions in {}", text);

    let expected = expected_outcome(shadow, repetitions, game.policy());
    if status.outcome.map(|o| o.reason) == Some(Reason::DeadPosition) {
        prop_assert!(
            matches!(game.dead_finding(), Finding::Impossible(Proof::Exhaustive { .. })),
            "dead without an exhaustive proof in {}: {:?}",
            text,
            game.dead_finding()
        );
        prop_assert!(
            !shadow.is_checkmate() && !shadow.is_stalemate() && !shadow.is_insufficient_material(),
            "dead position takes precedence wrongly in {}",
            text
        );
    } else {
        prop_assert_eq!(status.outcome, expected, "outcome in {}", text);
    }

    let over = status.outcome.is_some();
    let (mut fifty, mut threefold) = (shadow.halfmoves() >= 100, repetitions >= 3);
    for m in shadow.legal_moves() {
        let mut after = shadow.clone();
        after.play_unchecked(m);
        fifty |= after.halfmoves() >= 100;
        threefold |= count(key(&after)) + 1 >= 3;
    }
    prop_assert_eq!(status.can_claim_fifty_moves, !over && fifty, "fifty-move claim in {}", text);
    prop_assert_eq!(status.can_claim_threefold, !over && threefold, "threefold claim in {}", text);
    prop_assert_eq!(game.can_claim(Claim::FiftyMoves), status.can_claim_fifty_moves);
    Ok(())
}

/// One step of a random game: which move, whether to take back the previous one, and a random try.
type Step = (Index, u8, (u8, u8));

fn play_game(start: &str, casual: bool, steps: &[Step]) -> Result<(), TestCaseError> {
    let pos = fen::read(start).map_err(|e| TestCaseError::fail(format!("{start}: {e}")))?;
    let policy = if casual { Policy::CASUAL } else { Policy::FIDE };
    let mut game = Game::with_settings(pos, policy, Default::default());
    let mut shadow = oracle_of(start, pos.castling_mode())?;
    let mut keys = vec![key(&shadow)];
    let mut line: Vec<String> = Vec::new();
    let context = |e: TestCaseError, line: &[String]| {
        TestCaseError::fail(format!("{e}\n  from {start} ({policy:?}) by {}", line.join(" ")))
    };
    for &(choice, take_back, (from, to)) in steps {
        check_status(&game, &shadow, &keys).map_err(|e| context(e, &line))?;

        // A random try: refused with nothing changed, unless it happens to be legal.
        let tried = Move::normal(Square::ALL[usize::from(from % 64)], Square::ALL[usize::from(to % 64)]);
        if !game.position().is_legal(tried) || game.is_over() {
            let before = (game.positions().len(), *game.position(), game.outcome());
            let refused = game.play(tried);
            prop_assert!(
                matches!(refused, Err(GameError::IllegalMove { mv }) | Err(GameError::GameOver { mv: Some(mv), .. }) if mv == tried),
                "{:?} not refused properly: {:?}",
                tried,
                refused
            );
            prop_assert_eq!((game.positions().len(), *game.position(), game.outcome()), before);
        }

        if game.is_over() {
            return Ok(());
        }
        let pos = *game.position();
        let moves = pos.legal_moves();
        let mut mv = moves[choice.index(moves.len())];
        if take_back < 100 && game.moves().len() >= 2 {
            let previous = game.moves()[game.moves().len() - 2];
            let back = Move::normal(previous.to(), previous.from());
            if previous.kind() == MoveKind::Normal && moves.contains(&back) {
                mv = back;
            }
        }
        let written = uci::write(&pos, mv);
        let theirs =
            written.parse::<UciMove>().ok().and_then(|u| u.to_move(&shadow).ok()).ok_or_else(|| {
                TestCaseError::fail(format!("shakmaty cannot play {written} in {}", fen::write(&pos)))
            })?;
        game.play(mv).map_err(|e| context(TestCaseError::fail(format!("{written}: {e}")), &line))?;
        shadow.play_unchecked(theirs);
        keys.push(key(&shadow));
        line.push(written);
    }
    check_status(&game, &shadow, &keys).map_err(|e| context(e, &line))
}

fn chess960_fen(n: u32) -> String {
    let board = Board::chess960(n).expect("a Chess960 number");
    let setup = Setup { castling_rights: board.rooks() & Bitboard::BACKRANKS, board, ..Setup::empty() };
    fen::write_setup(&setup)
}

/// A random sparse board, mostly minor pieces (many are invalid and skipped).
fn sparse_fen() -> impl Strategy<Value = String> {
    let cell = prop_oneof![
        30 => Just(None),
        1 => proptest::sample::select(vec!['N', 'B', 'B', 'n', 'b', 'b', 'P', 'p', 'R', 'q']).prop_map(Some),
    ];
    (proptest::collection::vec(cell, 64), any::<Index>(), any::<Index>(), any::<bool>(), 0u32..120).prop_map(
        |(mut cells, white_king, black_king, white, clock)| {
            cells[white_king.index(64)] = Some('K');
            cells[black_king.index(64)] = Some('k');
            let mut ranks = Vec::new();
            for rank in (0..8).rev() {
                let mut out = String::new();
                let mut empty = 0;
                for cell in &cells[rank * 8..rank * 8 + 8] {
                    match cell {
                        Some(c) => {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push(*c);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                ranks.push(out);
            }
            format!("{} {} - - {clock} 50", ranks.join("/"), if white { 'w' } else { 'b' })
        },
    )
}

fn steps(max: usize) -> impl Strategy<Value = Vec<Step>> {
    proptest::collection::vec((any::<Index>(), any::<u8>(), (any::<u8>(), any::<u8>())), 0..=max)
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(1200) })]

    #[test]
    fn games_from_chosen_starts(start in proptest::sample::select(STARTS), casual: bool, steps in steps(MAX_PLIES)) {
        play_game(start, casual, &steps)?;
    }

    #[test]
    fn chess960_games(n in 0u32..960, casual: bool, steps in steps(MAX_PLIES)) {
        play_game(&chess960_fen(n), casual, &steps)?;
    }

    #[test]
    fn games_from_sparse_boards(
        start in sparse_fen().prop_filter("a valid position", |text| fen::read(text).is_ok()),
        casual: bool,
        steps in steps(60),
    ) {
        play_game(&start, casual, &steps)?;
    }
}
