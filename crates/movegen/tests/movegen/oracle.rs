//! Random legal games, checked at every position reached against the move
//! generator's own invariants and against shakmaty as an independent oracle.
//!
//! A game is a start position (the initial position, a few hand-picked FENs
//! with castling, en passant and promotion tricks, one of the 960 Chess960
//! initial positions, or a random sparse board that the strict FEN reader
//! accepts) and a list of choices: at each ply the move at that
//! index of `legal_moves()` is played, until the list runs out or the game
//! ends in mate or stalemate. Every position on the way must satisfy:
//!
//! - each legal move, once played, leaves the mover's king unattacked, and
//!   the position after it has a consistent incremental Zobrist key;
//! - `legal_moves()` has no duplicates and `count_legal()` agrees with it;
//! - `for_each_child()` visits the same moves in the same order and reaches
//!   the positions `play_unchecked()` reaches;
//! - each move written in UCI reads back as the same move;
//! - the FEN (and the Shredder-FEN) reads back as an equal position, and
//!   writes the same text again;
//! - the incremental Zobrist key equals `compute_zobrist()`;
//! - the targeted generation agrees with the full list: `legal_moves_to`
//!   gives, for every kind of piece and every target square, exactly the
//!   moves of `legal_moves()` with that piece and target, in the same order,
//!   and `is_legal` holds for exactly the listed moves (tried on every move
//!   of our pieces to every square, as a normal move and, for pawns and the
//!   king, as promotions, en passant and castling, and on other kinds of
//!   move with the squares of each legal one);
//! - the pseudo-legal targets of each piece (`attacks::pseudo_legal_targets`)
//!   hold the targets of its legal moves (castling aside), and each other
//!   one leaves the mover's king attacked;
//! - the legal moves, in UCI, are exactly shakmaty's for the same FEN;
//! - shakmaty, playing the same moves alongside, reaches the same position
//!   (compared as shakmaty FENs, so both sides are written by one writer).

use lawbook_board::{Bitboard, Board, CastlingMode, Relaxations, Role, Setup, Square};
use lawbook_movegen::attacks::{attackers, pseudo_legal_targets};
use lawbook_movegen::{Move, MoveList, Position};
use lawbook_notation::{fen, uci};
use proptest::prelude::*;
use proptest::sample::Index;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Position as _};

/// The longest game played from each start.
const MAX_PLIES: usize = 120;

/// Hand-picked start positions: each stresses some rule.
const START_FENS: &[&str] = &[
    // The initial position.
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Kiwipete: castling both ways, pins, en passant soon.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // Rank-pinned en passant.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // Promotions with capture, checks.
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    // Promotion race.
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    // Bare castling: rooks and kings only.
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    // An en passant capture available at once.
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    // En passant capturing the checking pawn.
    "8/8/8/4k3/4pP2/8/8/4K3 b - f3 0 1",
    // En passant that would uncover the king along the rank (dropped).
    "8/8/8/8/k2pP2Q/8/8/7K b - e3 0 1",
    // En passant by a diagonally pinned pawn (dropped).
    "7b/8/8/3pP3/8/8/8/K6k w - d6 0 1",
    // A pinned pawn promotes by taking the pinner, and may not push.
    "8/8/8/8/8/7k/6p1/4KB2 b - - 0 1",
    // Chess960, Shredder-FEN castling.
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    // Chess960: the king beside its rook (long castling leaves the king on c1).
    "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w HBhb - 0 1",
    // Chess960: the king already on g1 (short castling moves only the rook).
    "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1",
];

/// The FEN of Chess960 initial position `n`, with every castling right.
fn chess960_fen(n: u32) -> String {
    let board = Board::chess960(n).expect("0..960 is a Chess960 number");
    let setup = Setup { castling_rights: board.rooks() & Bitboard::BACKRANKS, board, ..Setup::empty() };
    fen::write_setup(&setup)
}

fn shakmaty_mode(mode: CastlingMode) -> shakmaty::CastlingMode {
    match mode {
        CastlingMode::Standard => shakmaty::CastlingMode::Standard,
        CastlingMode::Chess960 => shakmaty::CastlingMode::Chess960,
    }
}

/// The oracle's view of one of our positions, read from our FEN.
fn oracle(text: &str, mode: CastlingMode) -> Result<Chess, TestCaseError> {
    let parsed: Fen = text.parse().map_err(|e| TestCaseError::fail(format!("shakmaty cannot parse {text}: {e}")))?;
    parsed
        .into_position(shakmaty_mode(mode))
        .map_err(|e| TestCaseError::fail(format!("shakmaty refuses {text} ({mode:?}): {e}")))
}

/// A shakmaty position as FEN, written by shakmaty, en passant only when legal.
fn oracle_fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn sorted_uci(pos: &Position) -> Vec<String> {
    let mut list: Vec<String> = pos.legal_moves().iter().map(|&m| uci::write(pos, m)).collect();
    list.sort();
    list
}

fn oracle_sorted_uci(pos: &Chess, mode: CastlingMode) -> Vec<String> {
    let mode = shakmaty_mode(mode);
    let mut list: Vec<String> =
        pos.legal_moves().into_iter().map(|m| UciMove::from_move(m, mode).to_string()).collect();
    list.sort();
    list
}

/// `legal_moves_to` and `is_legal` against the full list of legal moves.
fn check_targeted(pos: &Position, moves: &MoveList) -> Result<(), TestCaseError> {
    let text = fen::write(pos);
    let board = pos.board();
    let mut list = MoveList::new();
    for role in Role::ALL {
        for to in Square::ALL {
            pos.legal_moves_to(role, to, &mut list);
            let expected: Vec<Move> =
                moves.iter().copied().filter(|m| m.to() == to && board.role_at(m.from()) == Some(role)).collect();
            prop_assert_eq!(list.as_slice(), &expected[..], "legal_moves_to({:?}, {}) in {}", role, to, text);
        }
    }
    let judged = |mv: Move| -> Result<(), TestCaseError> {
        prop_assert_eq!(pos.is_legal(mv), moves.contains(&mv), "is_legal({:?}) in {}", mv, text);
        Ok(())
    };
    for &mv in moves {
        judged(mv)?;
        // The same squares as another kind of move.
        let (from, to) = (mv.from(), mv.to());
        judged(Move::normal(from, to))?;
        judged(Move::en_passant(from, to))?;
        judged(Move::castle(from, to))?;
        for role in Role::ALL {
            // No move promotes to a pawn or a king.
            match Move::try_promotion(from, to, role) {
                Some(promotion) => judged(promotion)?,
                None => prop_assert!(matches!(role, Role::Pawn | Role::King), "try_promotion refused {:?}", role),
            }
        }
    }
    for from in board.by_color(pos.turn()) {
        let role = board.role_at(from);
        for to in Square::ALL {
            judged(Move::normal(from, to))?;
            match role {
                Some(Role::Pawn) => {
                    judged(Move::en_passant(from, to))?;
                    judged(Move::promotion(from, to, Role::Queen))?;
                    judged(Move::promotion(from, to, Role::Knight))?;
                }
                Some(Role::King) => judged(Move::castle(from, to))?,
                _ => {}
            }
        }
    }
    // Moves from an empty square or an enemy piece.
    for from in !board.by_color(pos.turn()) {
        judged(Move::normal(from, pos.king_of(!pos.turn())))?;
    }
    Ok(())
}

/// Every check made on a position reached in a game.
/// Every piece's pseudo-legal targets are its legal moves' targets (castling
/// aside) and squares where the move would leave its own king attacked.
fn check_pseudo_legal(pos: &Position, moves: &MoveList) -> Result<(), TestCaseError> {
    let (board, us, ep) = (pos.board(), pos.turn(), pos.ep_square());
    for from in board.by_color(us) {
        let targets = pseudo_legal_targets(board, from, ep);
        let legal: Bitboard = moves.iter().filter(|m| !m.is_castle() && m.from() == from).map(|m| m.to()).collect();
        prop_assert_eq!(
            legal - targets,
            Bitboard::EMPTY,
            "legal targets from {:?} missing in {}",
            from,
            fen::write(pos)
        );
        for to in targets - legal {
            let mut after = *board;
            let Some(piece) = after.remove_piece_at(from) else { unreachable!("a piece of ours stands on {from:?}") };
            after.discard_piece_at(to);
            if piece.role == Role::Pawn && Some(to) == ep {
                after.discard_piece_at(to.offset(us.fold(-8, 8)).unwrap_or(to));
            }
            after.set_piece_at(to, piece);
            let king = after.king_of(us).unwrap_or(to);
            prop_assert!(
                attackers(&after, king, !us, after.occupied()).any(),
                "{:?} to {:?} is pseudo-legal, not legal, yet leaves the king safe in {}",
                from,
                to,
                fen::write(pos)
            );
        }
    }
    Ok(())
}

fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    let text = fen::write(pos);
    let mode = pos.castling_mode();
    let moves = pos.legal_moves();

    prop_assert_eq!(pos.count_legal(), moves.len() as u64, "count_legal disagrees with legal_moves in {}", text);

    let mut sorted: Vec<Move> = moves.to_vec();
    sorted.sort();
    if let Some(pair) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(TestCaseError::fail(format!("{:?} is listed twice in {text}: {moves:?}", pair[0])));
    }

    prop_assert_eq!(pos.zobrist(), pos.compute_zobrist(), "incremental Zobrist key is off in {}", text);

    check_targeted(pos, &moves)?;
    check_pseudo_legal(pos, &moves)?;

    let mover = pos.turn();
    for &mv in &moves {
        let after = pos.play_unchecked(mv);
        prop_assert!(
            !after.is_attacked(after.king_of(mover), after.turn()),
            "{:?} leaves the {:?} king attacked in {}",
            mv,
            mover,
            text
        );
        prop_assert_eq!(after.zobrist(), after.compute_zobrist(), "Zobrist key is off after {:?} in {}", mv, text);
        prop_assert_eq!(pos.gives_check(mv), after.is_check(), "gives_check is wrong for {:?} in {}", mv, text);
        let mut into = *pos;
        pos.play_into(mv, &mut into);
        let mut in_place = *pos;
        in_place.play_unchecked_in_place(mv);
        let (mut keeping, mut before) = (*pos, after);
        keeping.play_unchecked_keeping(mv, &mut before);
        prop_assert!(
            into == after && in_place == after && keeping == after && before == *pos,
            "the ways of playing {:?} disagree in {}",
            mv,
            text
        );
        let written = uci::write(pos, mv);
        prop_assert_eq!(uci::read_legal(pos, &written), Ok(mv), "UCI {} does not read back in {}", written, text);
    }

    // The fused path (generation and play in one pass) lists the same moves
    // in the same order and reaches the same positions.
    let mut children = Vec::with_capacity(moves.len());
    pos.for_each_child(|mv, child| children.push((mv, *child)));
    prop_assert_eq!(children.len(), moves.len(), "for_each_child visits a different number of moves in {}", text);
    for (&mv, &(child_mv, child)) in moves.iter().zip(&children) {
        prop_assert_eq!(child_mv, mv, "for_each_child visits moves in another order in {}", text);
        prop_assert!(
            child == pos.play_unchecked(mv),
            "for_each_child reaches another position by {:?} in {}",
            mv,
            text
        );
    }

    // FEN round trip. The castling mode is not part of FEN (a Chess960 game
    // whose rights are gone reads back as standard chess), so read with ours.
    let back = fen::read_with(&text, Some(mode), Relaxations::STRICT)
        .map_err(|e| TestCaseError::fail(format!("our own FEN {text} does not read back: {e}")))?;
    prop_assert!(back == *pos, "FEN {} reads back as a different position:\n{:?}\nnot\n{:?}", text, back, pos);
    prop_assert_eq!(fen::write(&back), text.clone(), "FEN is not stable");
    let shredder = fen::write_shredder(pos);
    let back = fen::read_with(&shredder, Some(mode), Relaxations::STRICT);
    prop_assert_eq!(back, Ok(*pos), "Shredder-FEN {} of {} reads back differently", shredder, text);
    let implied =
        fen::read(&text).map_err(|e| TestCaseError::fail(format!("{text} refused in its implied mode: {e}")))?;
    prop_assert_eq!(implied.to_setup(), pos.to_setup(), "FEN {} read in its implied mode differs", text);

    // The oracle.
    let theirs_pos = oracle(&text, mode)?;
    let ours = sorted_uci(pos);
    let theirs = oracle_sorted_uci(&theirs_pos, mode);
    if ours != theirs {
        let only_ours: Vec<&String> = ours.iter().filter(|m| !theirs.contains(m)).collect();
        let only_theirs: Vec<&String> = theirs.iter().filter(|m| !ours.contains(m)).collect();
        return Err(TestCaseError::fail(format!(
            "legal moves differ from shakmaty in {text} ({mode:?})\n  ours:   {ours:?}\n  theirs: {theirs:?}\n  only ours: {only_ours:?}\n  only theirs: {only_theirs:?}"
        )));
    }
    prop_assert_eq!(pos.is_check(), theirs_pos.is_check(), "check status differs in {}", text);
    prop_assert_eq!(pos.checkers().0, u64::from(theirs_pos.checkers()), "checkers differ in {}", text);
    Ok(())
}

/// Plays a game from `start`, choosing moves by `choices`, checking every position.
fn play_game(start: &str, choices: &[Index]) -> Result<(), TestCaseError> {
    let mut pos = fen::read(start).map_err(|e| TestCaseError::fail(format!("start {start}: {e}")))?;
    let mode = pos.castling_mode();
    let mut shadow = oracle(start, mode)?;
    let mut line: Vec<String> = Vec::new();
    let reached = |e: TestCaseError, line: &[String]| {
        let moves = if line.is_empty() { "no move".to_string() } else { line.join(" ") };
        TestCaseError::fail(format!("{e}\n  reached from {start} by {moves}"))
    };
    for choice in choices {
        check_position(&pos).map_err(|e| reached(e, &line))?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Ok(());
        }
        let mv = moves[choice.index(moves.len())];
        let written = uci::write(&pos, mv);
        let theirs =
            written.parse::<UciMove>().ok().and_then(|u| u.to_move(&shadow).ok()).ok_or_else(|| {
                TestCaseError::fail(format!("shakmaty cannot play {written} in {}", fen::write(&pos)))
            })?;
        shadow.play_unchecked(theirs);
        pos = pos.play_unchecked(mv);
        line.push(written);
        let expected = oracle_fen(&shadow);
        let got = oracle_fen(&oracle(&fen::write(&pos), mode)?);
        prop_assert_eq!(got, expected, "position after {} from {} differs from shakmaty's", line.join(" "), start);
    }
    check_position(&pos).map_err(|e| reached(e, &line))
}

/// A FEN of a random sparse board: one king a side, a few other pieces, no
/// castling rights and, half the time, a pawn that has just made a double
/// step (with an en passant square, and often a pawn beside it to take it).
/// Many of these are invalid and filtered out.
fn random_board_fen() -> impl Strategy<Value = String> {
    let cell = prop_oneof![
        40 => Just(None),
        1 => proptest::sample::select(vec!['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q']).prop_map(Some),
    ];
    (
        proptest::collection::vec(cell, 64),
        any::<Index>(),
        any::<Index>(),
        any::<bool>(),
        proptest::option::of((0usize..8, any::<bool>(), any::<bool>())),
    )
        .prop_map(|(mut cells, white_king, black_king, white, double_step)| {
            let mut ep = "-".to_string();
            if let Some((file, left, right)) = double_step {
                // For White to move: a black pawn on rank 5 came from rank 7.
                let (pushed, skipped, origin, pawn, capturer) =
                    if white { (4, 5, 6, 'p', 'P') } else { (3, 2, 1, 'P', 'p') };
                cells[pushed * 8 + file] = Some(pawn);
                cells[skipped * 8 + file] = None;
                cells[origin * 8 + file] = None;
                if left && file > 0 {
                    cells[pushed * 8 + file - 1] = Some(capturer);
                }
                if right && file < 7 {
                    cells[pushed * 8 + file + 1] = Some(capturer);
                }
                ep = format!("{}{}", char::from(b'a' + file as u8), skipped + 1);
            }
            cells[white_king.index(64)] = Some('K');
            cells[black_king.index(64)] = Some('k');
            let ranks: Vec<String> = (0..8)
                .rev()
                .map(|rank| {
                    let mut out = String::new();
                    let mut empty = 0u8;
                    for cell in &cells[rank * 8..rank * 8 + 8] {
                        match cell {
                            Some(c) => {
                                if empty > 0 {
                                    out.push(char::from(b'0' + empty));
                                    empty = 0;
                                }
                                out.push(*c);
                            }
                            None => empty += 1,
                        }
                    }
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                    }
                    out
                })
                .collect();
            format!("{} {} - {ep} 0 1", ranks.join("/"), if white { 'w' } else { 'b' })
        })
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(200) })]

    #[test]
    fn games_from_chosen_starts_agree_with_the_oracle(
        start in proptest::sample::select(START_FENS),
        choices in proptest::collection::vec(any::<Index>(), 0..=MAX_PLIES),
    ) {
        play_game(start, &choices)?;
    }

    #[test]
    fn chess960_games_agree_with_the_oracle(
        n in 0u32..960,
        choices in proptest::collection::vec(any::<Index>(), 0..=MAX_PLIES),
    ) {
        play_game(&chess960_fen(n), &choices)?;
    }

    #[test]
    fn games_from_random_boards_agree_with_the_oracle(
        start in random_board_fen().prop_filter("a valid position", |text| fen::read(text).is_ok()),
        choices in proptest::collection::vec(any::<Index>(), 0..=MAX_PLIES / 4),
    ) {
        play_game(&start, &choices)?;
    }
}

#[test]
fn every_start_is_valid_for_both_libraries() {
    let chess960 = (0..960).map(chess960_fen);
    for text in START_FENS.iter().map(|s| s.to_string()).chain(chess960) {
        let pos = fen::read(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        if let Err(e) = check_position(&pos) {
            panic!("{e}");
        }
    }
}

#[test]
fn chess960_numbering_is_scharnagl() {
    // Scharnagl numbering: 518 is the standard set-up, 0 is BBQNNRKR.
    assert_eq!(chess960_fen(518), fen::STARTPOS);
    let start = fen::read(&chess960_fen(0)).unwrap();
    assert_eq!(fen::write(&start), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
}
