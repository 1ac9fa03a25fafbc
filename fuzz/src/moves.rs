//! The `moves` target.

use lawbook_board::CastlingMode;
use lawbook_notation::san::MovePattern;
use lawbook_notation::{Lang, ReadOptions, Strictness, fen, read_move, san, uci};

/// Positions with castling (both kinds), en passant, promotions, pins and check.
const FENS: &[(&str, Option<CastlingMode>)] = &[
    (fen::STARTPOS, None),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", None),
    ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", None),
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", None),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", Some(CastlingMode::Chess960)),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", None),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", None),
    ("4k3/8/8/8/8/8/8/R2NKN1R w KQ - 0 1", None),
    ("1k6/8/8/8/8/8/8/RN2K2R w KQ - 0 1", None),
    ("k7/8/8/3N1N2/8/3N1N2/8/K7 w - - 0 1", None),
];

/// Moves typed by hand (SAN, long algebraic and UCI, in every language and
/// strictness) in a handful of positions: no panic; a move read is legal and
/// its SAN reads back as the same move; an error is one line.
///
/// The first byte picks the position, the rest is the move text.
pub fn moves(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let (fen_text, mode) = FENS[usize::from(first) % FENS.len()];
    let pos =
        fen::read_with(fen_text, mode, lawbook_board::Relaxations::STRICT).expect("the fixed positions are valid");
    for lang in Lang::ALL {
        for strictness in [Strictness::Strict, Strictness::Lenient] {
            match read_move(&pos, text, ReadOptions { lang, strictness }) {
                Ok((mv, _format)) => {
                    assert!(pos.is_legal(mv), "{text:?} read as an illegal move");
                    let written = san::write_lang(&pos, mv, lang);
                    let (again, _) = san::read(&pos, &written, lang, Strictness::Strict)
                        .unwrap_or_else(|e| panic!("{written:?}, the SAN of {text:?}, does not read back: {e}"));
                    assert_eq!(again, mv);
                }
                Err(e) => assert!(!e.to_string().contains('\n'), "a move error is one line: {e}"),
            }
            if let Ok((mv, _)) = san::read(&pos, text, lang, strictness) {
                assert!(pos.is_legal(mv), "{text:?} read as an illegal SAN move");
            }
        }
        if let Some(pattern) = MovePattern::read(text, lang) {
            for mv in pos.legal_moves() {
                let _ = pattern.matches(&pos, mv.from(), mv.to(), mv.promotion_role());
            }
        }
    }
    match uci::read_legal(&pos, text) {
        Ok(mv) => {
            assert!(pos.is_legal(mv), "{text:?} read as an illegal UCI move");
            assert_eq!(uci::read_legal(&pos, &uci::write(&pos, mv)).ok(), Some(mv));
        }
        Err(e) => assert!(!e.to_string().contains('\n'), "a UCI error is one line: {e}"),
    }
}
