//! SAN and long algebraic notation, case by case: each disambiguation,
//! promotions, castling spellings, suffixes, strict and lenient reading, and
//! every kind of [`MoveErrorKind`] with its reason.

use lawbook_board::Square;
use lawbook_movegen::{CastlingObstacle, Move, Position};
use lawbook_notation::{Lang, MoveErrorKind, MoveFormat, ReadOptions, Strictness, fen, read_move, san, uci};

fn pos(text: &str) -> Position {
    fen::read(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(pos: &Position, text: &str) -> Move {
    uci::read_legal(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Reads strictly in English and returns the move in UCI.
fn strict(pos: &Position, text: &str) -> String {
    let (m, _) = san::read(pos, text, Lang::English, Strictness::Strict).unwrap_or_else(|e| panic!("{text}: {e}"));
    uci::write(pos, m)
}

fn lenient(pos: &Position, text: &str) -> String {
    let (m, _) = san::read(pos, text, Lang::English, Strictness::Lenient).unwrap_or_else(|e| panic!("{text}: {e}"));
    uci::write(pos, m)
}

fn error(pos: &Position, text: &str, strictness: Strictness) -> (MoveErrorKind, String) {
    match san::read(pos, text, Lang::English, strictness) {
        Ok((m, _)) => panic!("{text} was read as {}", uci::write(pos, m)),
        Err(e) => {
            assert!(!e.reason.is_empty());
            assert_eq!(e.to_string(), format!("{}: {}", e.text, e.reason));
            (e.kind, e.reason)
        }
    }
}

#[test]
fn disambiguation_by_file() {
    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(san::write(&p, mv(&p, "b1d2")), "Nbd2");
    assert_eq!(san::write(&p, mv(&p, "f1d2")), "Nfd2");
    // Moves only one knight can make need no origin.
    assert_eq!(san::write(&p, mv(&p, "b1c3")), "Nc3");
    // Over-disambiguated forms that are still right are read.
    assert_eq!(strict(&p, "Nb1d2"), "b1d2");
    assert_eq!(strict(&p, "N1c3"), "b1c3");
    assert_eq!(strict(&p, "Nfd2"), "f1d2");
}

#[test]
fn disambiguation_by_rank() {
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san::write(&p, mv(&p, "a1a3")), "R1a3");
    assert_eq!(san::write(&p, mv(&p, "a5a3")), "R5a3");
    assert_eq!(strict(&p, "R5a3"), "a5a3");
    assert_eq!(strict(&p, "Ra1a3"), "a1a3");
}

#[test]
fn disambiguation_by_file_and_rank() {
    // Queens on b6, f6 and b4 can all go to d4: the b6 queen shares a file
    // with one rival and a rank with the other.
    let p = pos("k7/8/1Q3Q2/8/1Q6/8/2N1N3/4K3 w - - 0 1");
    assert_eq!(san::write(&p, mv(&p, "b6d4")), "Qb6d4");
    assert_eq!(san::write(&p, mv(&p, "f6d4")), "Qfd4");
    assert_eq!(san::write(&p, mv(&p, "b4d4")), "Q4d4");
    assert_eq!(strict(&p, "Qb6d4"), "b6d4");
    let (kind, reason) = error(&p, "Qbd4", Strictness::Strict);
    let MoveErrorKind::Ambiguous(mut squares) = kind else { panic!("{kind:?}") };
    squares.sort();
    assert_eq!(squares, [Square::B4, Square::B6]);
    assert!(reason.contains("b6 and b4") || reason.contains("b4 and b6"), "{reason}");
}

#[test]
fn a_pinned_piece_needs_no_disambiguation() {
    // Both knights reach d2, but the e4 knight is pinned by the rook on e7.
    let p = pos("4k3/4r3/8/8/2N1N3/8/4K3/R6R w - - 0 1");
    assert_eq!(san::write(&p, mv(&p, "c4d2")), "Nd2");
    assert_eq!(strict(&p, "Nd2"), "c4d2");
    assert_eq!(strict(&p, "Ncd2"), "c4d2");
    let (kind, reason) = error(&p, "Ned2", Strictness::Strict);
    assert_eq!(kind, MoveErrorKind::LeavesKingInCheck);
    assert!(reason.contains("leave the white king in check"), "{reason}");
    // The rooks on a1 and h1 both reach the squares between them.
    assert_eq!(san::write(&p, mv(&p, "a1d1")), "Rad1");
}

#[test]
fn promotion_with_capture() {
    let p = pos("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let queen = Move::promotion(Square::A7, Square::B8, lawbook_board::Role::Queen);
    let knight = Move::promotion(Square::A7, Square::B8, lawbook_board::Role::Knight);
    assert_eq!(san::write(&p, queen), "axb8=Q+");
    assert_eq!(san::write(&p, knight), "axb8=N");
    assert_eq!(san::write_long(&p, queen), "a7xb8=Q+");
    for text in ["axb8=Q+", "axb8Q+", "axb8(Q)+", "axb8/Q+", "a7xb8=Q+"] {
        assert_eq!(strict(&p, text), "a7b8q", "{text}");
    }
    assert_eq!(strict(&p, "axb8=N"), "a7b8n");
    assert_eq!(read_move(&p, "a7b8n", ReadOptions::STRICT), Ok((knight, MoveFormat::Uci)));
    // Other languages: a German knight is S, a Russian queen Ф.
    assert_eq!(san::write_lang(&p, knight, Lang::German), "axb8=S");
    assert_eq!(san::write_lang(&p, queen, Lang::Russian), "axb8=Ф+");
}

#[test]
fn a_promotion_to_a_king_or_pawn_is_refused_not_made() {
    let p = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    for text in ["e7e8k", "e7e8p", "e7e8K"] {
        assert!(matches!(uci::read_legal(&p, text), Err(uci::UciError::Syntax(_))), "{text}");
        assert!(read_move(&p, text, ReadOptions::LENIENT).is_err(), "{text}");
    }
    for text in ["e8=K", "e8K", "e8=P", "e7-e8=K"] {
        let (kind, reason) = error(&p, text, Strictness::Lenient);
        assert_eq!(kind, MoveErrorKind::BadPromotion, "{text}");
        assert!(reason.contains("queen, rook, bishop or knight"), "{text}: {reason}");
    }
    // In a game, the move is an error naming it.
    let text = "[FEN \"k7/4P3/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. e8=K *\n";
    let err = lawbook_notation::pgn::PgnReader::new(text.as_bytes()).next().unwrap().unwrap_err();
    assert_eq!(err.kind(), "move.bad_promotion", "{err}");
    assert_eq!(strict(&p, "e8=Q+"), "e7e8q");
}

#[test]
fn castling_in_all_four_spellings() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = Move::castle(Square::E1, Square::H1);
    let long = Move::castle(Square::E1, Square::A1);
    assert_eq!(san::write(&p, short), "O-O");
    assert_eq!(san::write(&p, long), "O-O-O");
    assert_eq!(san::write_long(&p, short), "0-0");
    assert_eq!(san::write_long(&p, long), "0-0-0");
    for (text, expected, format) in [
        ("O-O", short, MoveFormat::San),
        ("0-0", short, MoveFormat::Long),
        ("O-O-O", long, MoveFormat::San),
        ("0-0-0", long, MoveFormat::Long),
        ("e1g1", short, MoveFormat::Uci),
        ("e1c1", long, MoveFormat::Uci),
    ] {
        assert_eq!(read_move(&p, text, ReadOptions::STRICT), Ok((expected, format)), "{text}");
    }
    // Castling with check: the rook lands on f1 or d1 giving check.
    let p = pos("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(san::write(&p, Move::castle(Square::E1, Square::H1)), "O-O+");
    assert_eq!(strict(&p, "O-O+"), "e1g1");
    assert_eq!(strict(&p, "0-0+"), "e1g1");
}

#[test]
fn mate_and_check_suffixes() {
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    let mate = mv(&p, "d8h4");
    assert_eq!(san::write(&p, mate), "Qh4#");
    assert_eq!(san::suffix(&p, mate), "#");
    assert_eq!(strict(&p, "Qh4#"), "d8h4");
    let (kind, reason) = error(&p, "Qh4+", Strictness::Strict);
    assert_eq!(kind, MoveErrorKind::WrongSuffix);
    assert!(reason.contains("mates"), "{reason}");
    let (kind, _) = error(&p, "Qh4", Strictness::Strict);
    assert_eq!(kind, MoveErrorKind::WrongSuffix);
    assert_eq!(lenient(&p, "Qh4+"), "d8h4");
    assert_eq!(lenient(&p, "Qh4"), "d8h4");
    assert_eq!(lenient(&p, "Qh4++"), "d8h4");

    let p = pos("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let check = mv(&p, "a1a8");
    assert_eq!(san::write(&p, check), "Rxa8+");
    assert_eq!(strict(&p, "Rxa8+"), "a1a8");
    let (kind, reason) = error(&p, "Rxa8#", Strictness::Strict);
    assert_eq!(kind, MoveErrorKind::WrongSuffix);
    assert!(reason.contains("gives check"), "{reason}");
    let (kind, reason) = error(&p, "Ra2+", Strictness::Strict);
    assert_eq!(kind, MoveErrorKind::WrongSuffix);
    assert!(reason.contains("no check"), "{reason}");
    assert_eq!(lenient(&p, "Ra2+"), "a1a2");
}

#[test]
fn capture_marks_strict_and_lenient() {
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    let (kind, reason) = error(&p, "ed5", Strictness::Strict);
    assert_eq!(kind, MoveErrorKind::WrongCaptureMark);
    assert!(reason.contains("marked with x"), "{reason}");
    let (kind, reason) = error(&p, "Nxf3", Strictness::Strict);
    assert_eq!(kind, MoveErrorKind::WrongCaptureMark);
    assert!(reason.contains("captures nothing"), "{reason}");
    assert_eq!(lenient(&p, "ed5"), "e4d5");
    assert_eq!(lenient(&p, "Nxf3"), "g1f3");
    // Other capture marks and annotations.
    assert_eq!(strict(&p, "e:d5"), "e4d5");
    assert_eq!(strict(&p, "exd5!?"), "e4d5");
    assert_eq!(strict(&p, "Nf3??"), "g1f3");
}

#[test]
fn en_passant_suffix_and_long_forms() {
    let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    for text in ["exf6", "exf6 e.p.", "exf6e.p.", "exf6 ep", "e5xf6", "e5f6"] {
        assert_eq!(lenient(&p, text), "e5f6", "{text}");
    }
    assert_eq!(read_move(&p, "e5xf6", ReadOptions::STRICT).map(|r| r.1), Ok(MoveFormat::Long));
    assert_eq!(read_move(&p, "Ng1-f3", ReadOptions::STRICT).map(|r| r.1), Ok(MoveFormat::Long));
    assert_eq!(read_move(&p, "d2-d4", ReadOptions::STRICT).map(|r| r.1), Ok(MoveFormat::Long));
    assert_eq!(san::write_long(&p, mv(&p, "e5f6")), "e5xf6");
}

#[test]
fn every_move_error_kind_says_why() {
    let start = pos(fen::STARTPOS);
    let (kind, reason) = error(&start, "hello", Strictness::Strict);
    assert_eq!(kind, MoveErrorKind::Syntax);
    assert!(reason.starts_with("not a move"), "{reason}");

    let (kind, reason) = error(&start, "Nd4", Strictness::Strict);
    assert_eq!(kind, MoveErrorKind::NoPiece);
    assert_eq!(reason, "no white knight can move to d4");
    let p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let (kind, reason) = error(&p, "Bb5", Strictness::Strict);
    assert_eq!(kind, MoveErrorKind::NoPiece);
    assert_eq!(reason, "there is no white bishop that could make this move");

    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let (kind, reason) = error(&p, "Nd2", Strictness::Lenient);
    assert_eq!(kind, MoveErrorKind::Ambiguous(vec![Square::B1, Square::F1]));
    assert!(reason.contains("b1 and f1"), "{reason}");

    // The king may not walk into check; a move may not ignore a check.
    let p = pos("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
    let (kind, reason) = error(&p, "Kd2", Strictness::Lenient);
    assert_eq!(kind, MoveErrorKind::LeavesKingInCheck);
    assert!(reason.contains("would be in check there"), "{reason}");
    let p = pos("4k3/8/8/8/8/8/8/r3K2N w - - 0 1");
    let (kind, reason) = error(&p, "Ng3", Strictness::Lenient);
    assert_eq!(kind, MoveErrorKind::LeavesKingInCheck);
    assert!(reason.contains("in check and this move does not get it out of check"), "{reason}");

    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let (kind, reason) = error(&p, "a8", Strictness::Lenient);
    assert_eq!(kind, MoveErrorKind::MissingPromotion);
    assert!(reason.contains("a8=Q"), "{reason}");
    let (kind, _) = error(&start, "e4=Q", Strictness::Lenient);
    assert_eq!(kind, MoveErrorKind::BadPromotion);

    let (kind, _) = error(&start, "Nxf3", Strictness::Strict);
    assert_eq!(kind, MoveErrorKind::WrongCaptureMark);
    let (kind, _) = error(&start, "e4+", Strictness::Strict);
    assert_eq!(kind, MoveErrorKind::WrongSuffix);
}

/// A position, a castling move, a test of the error kind, words of the reason.
type CastlingCase = (&'static str, &'static str, fn(&MoveErrorKind) -> bool, &'static str);

#[test]
fn castling_errors_name_the_condition() {
    let cases: [CastlingCase; 5] = [
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
            "O-O",
            |k| *k == MoveErrorKind::Castling(CastlingObstacle::NoRight),
            "already moved",
        ),
        (fen::STARTPOS, "O-O", |k| matches!(k, MoveErrorKind::Castling(CastlingObstacle::Blocked(_))), "f1, g1"),
        (
            "r3k2r/8/8/8/8/8/8/R3K2r w Qkq - 0 1",
            "O-O-O",
            |k| *k == MoveErrorKind::Castling(CastlingObstacle::InCheck),
            "in check",
        ),
        (
            "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1",
            "0-0",
            |k| *k == MoveErrorKind::Castling(CastlingObstacle::PassesAttackedSquare(Square::F1)),
            "pass over f1",
        ),
        (
            "r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1",
            "O-O",
            |k| *k == MoveErrorKind::Castling(CastlingObstacle::LandsOnAttackedSquare(Square::G1)),
            "land on g1",
        ),
    ];
    for (text, castle, kind_is, words) in cases {
        let p = pos(text);
        let (kind, reason) = error(&p, castle, Strictness::Lenient);
        assert!(kind_is(&kind), "{text} {castle}: {kind:?}");
        assert!(reason.starts_with("castling is not allowed") && reason.contains(words), "{reason}");
    }
}

#[test]
fn languages_read_and_write_their_letters() {
    let p = pos("4k3/8/8/8/8/8/8/RN1QKB2 w Q - 0 1");
    let cases = [
        (Lang::Swedish, "Sc3", "Ld3", "Dd2", "Ta2", "Ke2"),
        (Lang::German, "Sc3", "Ld3", "Dd2", "Ta2", "Ke2"),
        (Lang::Polish, "Sc3", "Gd3", "Hd2", "Wa2", "Ke2"),
        (Lang::Russian, "Кc3", "Сd3", "Фd2", "Лa2", "Крe2"),
        (Lang::English, "Nc3", "Bd3", "Qd2", "Ra2", "Ke2"),
    ];
    for (lang, knight, bishop, queen, rook, king) in cases {
        for (text, uci_text) in [(knight, "b1c3"), (bishop, "f1d3"), (queen, "d1d2"), (rook, "a1a2"), (king, "e1e2")] {
            let m = mv(&p, uci_text);
            assert_eq!(san::write_lang(&p, m, lang), text, "{lang}");
            let (back, _) =
                san::read(&p, text, lang, Strictness::Strict).unwrap_or_else(|e| panic!("{lang} {text}: {e}"));
            assert_eq!(back, m, "{lang} {text}");
        }
        // English letters are read in every language.
        assert_eq!(san::read(&p, "Nc3", lang, Strictness::Strict).map(|r| r.0), Ok(mv(&p, "b1c3")), "{lang}");
    }
    assert_eq!(san::write_long_lang(&p, mv(&p, "e1e2"), Lang::Russian), "Крe1-e2");
}
