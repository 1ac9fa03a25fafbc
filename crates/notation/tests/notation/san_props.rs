//! Property tests for move notation over random legal games.
//!
//! A game is a start position (the initial position, hand-picked FENs with
//! castling, pins, en passant and promotions, Chess960 starts) and a list of
//! choices: at each ply the move at that index of `legal_moves()` is played.
//! At every position reached, for every legal move:
//!
//! - the SAN written reads back, strictly, as the same move, and equals the
//!   SAN shakmaty (an independent library, dev-dependency only) writes for
//!   the same move in the same position, check and mate suffixes included;
//! - in every [`Lang`], SAN and long algebraic written read back as the move
//!   (strictly, in that language); long algebraic is read through
//!   [`read_move`], which says it was long algebraic (or SAN, where the two
//!   are the same text);
//! - UCI reads back through [`read_move`] and is reported as UCI;
//! - `uci::read_legal` of any move of our pieces to any square (promoting to a
//!   queen or knight, for pawns) finds the move that the full list of legal
//!   moves holds, or refuses it when the list holds none.

use lawbook_board::{Bitboard, Board, Setup};
use lawbook_board::{CastlingMode, Role, Square};
use lawbook_movegen::{Move, MoveKind, Position};
use lawbook_notation::{Lang, MoveFormat, ReadOptions, Strictness, fen, read_move, san, uci};
use proptest::prelude::*;
use proptest::sample::Index;
use shakmaty::Chess;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;

const MAX_PLIES: usize = 80;

/// Start positions: each stresses some part of the notation.
const START_FENS: &[&str] = &[
    fen::STARTPOS,
    // Kiwipete: castling both ways, pins, many disambiguations soon.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // Rank-pinned en passant.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // Promotions with capture and check.
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    // Three queens and two knights each: disambiguation by file, rank and both.
    "k7/8/1Q3Q2/8/1Q6/8/2N1N3/4K3 w - - 0 1",
    "4k3/1q3q2/8/1q6/8/8/8/K1n1n3 b - - 0 1",
    // Knights and rooks that pins make unambiguous.
    "4k3/4r3/8/8/2N1N3/8/4K3/R6R w - - 0 1",
    // An en passant capture available at once.
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    // Chess960: Shredder-FEN castling, the king beside its rook, the king on g1.
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w HBhb - 0 1",
    "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1",
];

fn chess960_fen(n: u32) -> String {
    let board = Board::chess960(n).expect("0..960 is a Chess960 number");
    let setup = Setup { castling_rights: board.rooks() & Bitboard::BACKRANKS, board, ..Setup::empty() };
    fen::write_setup(&setup)
}

fn start() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => proptest::sample::select(START_FENS).prop_map(str::to_string),
        1 => (0u32..960).prop_map(chess960_fen),
    ]
}

fn oracle(pos: &Position) -> Result<Chess, TestCaseError> {
    let text = fen::write(pos);
    let mode = match pos.castling_mode() {
        lawbook_board::CastlingMode::Standard => shakmaty::CastlingMode::Standard,
        lawbook_board::CastlingMode::Chess960 => shakmaty::CastlingMode::Chess960,
    };
    let parsed: Fen = text.parse().map_err(|e| TestCaseError::fail(format!("shakmaty cannot parse {text}: {e}")))?;
    parsed.into_position(mode).map_err(|e| TestCaseError::fail(format!("shakmaty refuses {text}: {e}")))
}

/// The move a UCI text names, looked up in the full list of legal moves:
/// castling as the king taking its rook, or (standard chess) as its two-step.
fn uci_in_list(pos: &Position, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
    pos.legal_moves().into_iter().find(|&m| {
        m.from() == from
            && m.promotion_role() == promotion
            && match m.kind() {
                MoveKind::Castle => {
                    m.to() == to
                        || (pos.castling_mode() == CastlingMode::Standard
                            && m.castling_squares().is_some_and(|(king, _)| king == to))
                }
                _ => m.to() == to,
            }
    })
}

/// `uci::read_legal` against the full list, for every move of our pieces.
fn check_uci_parse(pos: &Position, text: &str) -> Result<(), TestCaseError> {
    let board = pos.board();
    for from in board.by_color(pos.turn()) {
        let pawn = board.role_at(from) == Some(Role::Pawn);
        for to in Square::ALL {
            let promotions: &[Option<Role>] =
                if pawn { &[None, Some(Role::Queen), Some(Role::Knight)] } else { &[None] };
            for &promotion in promotions {
                let written = format!("{from}{to}{}", promotion.map_or(String::new(), |r| r.char().to_string()));
                let expected = uci_in_list(pos, from, to, promotion);
                prop_assert_eq!(
                    uci::read_legal(pos, &written).ok(),
                    expected,
                    "uci::read_legal({}) in {}",
                    written,
                    text
                );
            }
        }
    }
    Ok(())
}

/// Every check on every legal move of one position.
fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    let chess = oracle(pos)?;
    let text = fen::write(pos);
    check_uci_parse(pos, &text)?;
    for &mv in &pos.legal_moves() {
        let written = san::write(pos, mv);
        let (read, format) = san::read(pos, &written, Lang::English, Strictness::Strict)
            .map_err(|e| TestCaseError::fail(format!("{written} does not read back in {text}: {e}")))?;
        prop_assert_eq!(read, mv, "{} reads back as another move in {}", written, text);
        prop_assert_eq!(format, MoveFormat::San);

        let uci_text = uci::write(pos, mv);
        let theirs_move = UciMove::from_ascii(uci_text.as_bytes())
            .map_err(|e| TestCaseError::fail(format!("{uci_text}: {e}")))?
            .to_move(&chess)
            .map_err(|e| TestCaseError::fail(format!("shakmaty refuses {uci_text} in {text}: {e}")))?;
        let theirs = SanPlus::from_move(chess.clone(), theirs_move).to_string();
        prop_assert_eq!(&written, &theirs, "SAN differs from shakmaty's in {}", text);

        for lang in Lang::ALL {
            let local = san::write_lang(pos, mv, lang);
            let (back, _) = san::read(pos, &local, lang, Strictness::Strict)
                .map_err(|e| TestCaseError::fail(format!("{lang}: {local} does not read back in {text}: {e}")))?;
            prop_assert_eq!(back, mv, "{}: {} reads back as another move in {}", lang, local, text);
            let long = san::write_long_lang(pos, mv, lang);
            let (back, format) = read_move(pos, &long, ReadOptions { lang, strictness: Strictness::Strict })
                .map_err(|e| TestCaseError::fail(format!("{lang}: {long} does not read back in {text}: {e}")))?;
            prop_assert_eq!(back, mv, "{}: {} reads back as another move in {}", lang, long, text);
            // Where SAN itself needs the whole origin square (Qh4xe1 with three
            // queens), the text is both; the reader says SAN.
            let expected = if long == local { MoveFormat::San } else { MoveFormat::Long };
            prop_assert_eq!(format, expected, "{}: {} is not reported as {}", lang, long, expected);
        }

        let (back, format) = read_move(pos, &uci_text, ReadOptions::STRICT)
            .map_err(|e| TestCaseError::fail(format!("{uci_text} does not read back in {text}: {e}")))?;
        prop_assert_eq!(back, mv);
        prop_assert_eq!(format, MoveFormat::Uci);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn notation_round_trips_and_matches_shakmaty(
        start in start(),
        choices in proptest::collection::vec(any::<Index>(), 0..MAX_PLIES),
    ) {
        let mut pos = fen::read(&start).map_err(|e| TestCaseError::fail(format!("{start}: {e}")))?;
        check_position(&pos)?;
        for choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(moves[choice.index(moves.len())]);
            check_position(&pos)?;
        }
    }
}
