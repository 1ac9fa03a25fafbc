//! The laws of how a game ends, case by case: mate and stalemate
//! (MATE-01, STALE-01/02, CHECK-04, CHECK-07), promotion choices (PROMO-04/05),
//! insufficient material (DRAW-01), the fifty- and seventy-five-move rules
//! (DRAW-03, FIDE 9.3, 9.6.2), repetition (DRAW-04/05, FIDE 9.2, 9.6.1),
//! agreement, resignation, the flag, the casual policy (DRAW-06/07), the
//! legality guard (LEGAL-01) and piece values (VALUE-01).

use lawbook_board::{Bitboard, ByColor, Color, Role, Square};
use lawbook_movegen::{Move, Position};
use lawbook_notation::{fen, uci};
use lawbook_outcome::material::{self, Material};
use lawbook_outcome::{Claim, ClaimVerdict, Game, GameError, GameResult, Outcome, Policy, Reason, same_position};

fn position(text: &str) -> Position {
    fen::read(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(game: &Game, text: &str) -> Move {
    uci::read_legal(game.position(), text).unwrap_or_else(|e| panic!("{text} in {}: {e}", fen::write(game.position())))
}

/// Plays UCI moves, each of which must be accepted.
fn play(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let m = mv(game, text);
        game.play(m).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

fn game_after(start: &str, moves: &str) -> Game {
    let mut game = Game::new(position(start));
    play(&mut game, moves);
    game
}

fn squares(set: Bitboard) -> Vec<Square> {
    set.into_iter().collect()
}

// --- Mate and stalemate ---------------------------------------------------

/// A knight move that uncovers the rook: two checks at once. The c7 pawn
/// could take the knight and the queen or bishop could block the rook, but
/// against a double check only the king may move (CHECK-04), and it has no
/// square: mate (MATE-01), and the game ends there (CHECK-07).
#[test]
fn mate_by_double_check() {
    let start = "3qkb2/2pp1p2/8/8/4N3/8/8/4R1K1 w - - 0 1";
    let mut game = game_after(start, "e4d6");
    let status = game.status();
    assert_eq!(squares(status.checkers), vec![Square::E1, Square::D6]);
    assert!(status.in_check() && status.checkmate && !status.stalemate);
    assert_eq!(status.outcome, Some(Outcome::win(Color::White, Reason::Checkmate)));
    assert!(!status.dead_position);
    // No move follows a mate.
    let any = Move::normal(Square::E8, Square::E7);
    assert_eq!(
        game.play(any),
        Err(GameError::GameOver { outcome: Outcome::win(Color::White, Reason::Checkmate), mv: Some(any) })
    );

    // Each check alone is answered: the knight's by cxd6, the rook's by a block.
    let knight_only = game_after("3qkb2/2pp1p2/8/8/4N3/8/8/6K1 w - - 0 1", "e4d6");
    assert_eq!(squares(knight_only.status().checkers), vec![Square::D6]);
    assert!(!knight_only.status().checkmate);
    assert!(uci::read_legal(knight_only.position(), "c7d6").is_ok());
    let rook_only = game_after(start, "e4c5");
    assert_eq!(squares(rook_only.status().checkers), vec![Square::E1]);
    assert!(!rook_only.status().checkmate);
    assert!(uci::read_legal(rook_only.position(), "d8e7").is_ok());
}

/// The black knight has moves of its own, but the rook pins it to its king;
/// the king has no square and is not in check: stalemate (STALE-01), a draw
/// where mate would be a win (STALE-02).
#[test]
fn stalemate_with_a_pinned_piece() {
    let game = Game::new(position("R5nk/5K2/6P1/8/8/8/8/8 b - - 0 1"));
    let status = game.status();
    assert!(status.stalemate && !status.checkmate && !status.in_check());
    assert_eq!(status.outcome, Some(Outcome::draw(Reason::Stalemate)));
    // Read literally, 5.2.2 calls it dead too: no move can follow at all.
    assert!(status.dead_position);

    // Without the pinning rook the knight moves, so it is no stalemate.
    let free = Game::new(position("6nk/5K2/6P1/8/8/8/8/8 b - - 0 1"));
    assert!(!free.status().stalemate);
    assert_eq!(free.outcome(), None);
    assert_eq!(free.position().legal_moves().len(), 3);

    // The same king in check with no escape is mate, a win (STALE-02).
    let mate = Game::new(position("R5nk/5KP1/6P1/8/8/8/8/8 b - - 0 1"));
    assert!(mate.status().checkmate);
    assert_eq!(mate.outcome().map(|o| o.result), Some(GameResult::WhiteWins));
}

/// PROMO-04, the German teaching position (seed 001): "In genau dieser
/// Stellung setzen Dame und Turm matt; Läufer und Springer führen zu einer
/// toten Stellung und damit zum Remis." Built here as White Ke6 and a pawn on
/// a7 against the black king on e8: a8=Q and a8=R mate along the back rank;
/// a8=B and a8=N leave king and minor piece against king, a dead position.
#[test]
fn german_promotion_position() {
    let start = "4k3/P7/4K3/8/8/8/8/8 w - - 0 1";
    for (promotion, mates) in [("q", true), ("r", true), ("b", false), ("n", false)] {
        let game = game_after(start, &format!("a7a8{promotion}"));
        let status = game.status();
        assert_eq!(status.checkmate, mates, "a8={promotion}");
        assert_eq!(status.dead_position, !mates, "a8={promotion}");
        let expected = if mates {
            Outcome::win(Color::White, Reason::Checkmate)
        } else {
            Outcome::draw(Reason::InsufficientMaterial)
        };
        assert_eq!(status.outcome, Some(expected), "a8={promotion}");
        assert_eq!(status.insufficient_material, ByColor::new(!mates, true), "a8={promotion}");
    }
}

/// PROMO-05: underpromotion matters. Here a queen or a bishop on g8 takes
/// a2 from the cornered king, which is not in check: stalemate; a rook or a
/// knight leaves it a move, and the rook keeps the win alive.
#[test]
fn underpromotion_avoids_stalemate() {
    let start = "8/6P1/8/8/8/8/8/k1K5 w - - 0 1";
    for (promotion, stalemate) in [("q", true), ("b", true), ("r", false), ("n", false)] {
        let game = game_after(start, &format!("g7g8{promotion}"));
        assert_eq!(game.status().stalemate, stalemate, "g8={promotion}");
    }
    let rook = game_after(start, "g7g8r a1a2");
    assert!(!rook.status().dead_position && rook.outcome().is_none());
}

// --- Insufficient material --------------------------------------------------

#[test]
fn insufficient_material_classic_cases() {
    // (FEN, White cannot mate, Black cannot mate)
    let cases = [
        ("8/8/4k3/8/8/8/4K3/8 w - - 0 1", true, true),          // K v K
        ("8/8/4k3/8/8/2B5/4K3/8 w - - 0 1", true, true),        // K+B v K
        ("8/8/4k3/8/8/2N5/4K3/8 w - - 0 1", true, true),        // K+N v K
        ("8/8/3kb3/8/8/3B4/4K3/8 w - - 0 1", true, true),       // bishops on one colour
        ("b1b5/8/3k4/8/8/3B1B2/4K3/1B6 w - - 0 1", true, true), // many bishops, one colour
        ("8/8/3k1b2/8/8/3B4/4K3/8 w - - 0 1", false, false),    // bishops on both colours
        ("8/8/3kn3/8/8/2N5/4K3/8 w - - 0 1", false, false),     // K+N v K+N
        ("8/8/4k3/8/8/2NN4/4K3/8 w - - 0 1", false, true),      // two knights can help-mate
        ("8/8/4k3/8/8/2N5/4K3/7q w - - 0 1", true, false),      // K+N v K+Q
        ("8/8/4k3/8/8/2N5/4K3/7r w - - 0 1", false, false),     // K+N v K+R: the rook can block
        ("8/8/4k3/8/8/2B5/4K3/7r w - - 0 1", true, false),      // K+B v K+R
        ("8/8/4k3/4p3/8/2B5/4K3/8 w - - 0 1", false, false),    // a pawn can become anything
        ("8/8/4k3/8/8/8/4K3/7R w - - 0 1", false, true),        // K+R v K
    ];
    for (text, white, black) in cases {
        let pos = position(text);
        let board = pos.board();
        assert_eq!(material::has_insufficient_material(board, Color::White), white, "White in {text}");
        assert_eq!(material::has_insufficient_material(board, Color::Black), black, "Black in {text}");
        assert_eq!(material::is_insufficient_material(board), white && black, "{text}");
        let game = Game::new(pos);
        assert_eq!(game.status().insufficient_material, ByColor::new(white, black), "{text}");
        let drawn = game.outcome() == Some(Outcome::draw(Reason::InsufficientMaterial));
        assert_eq!(drawn, white && black, "{text}");
    }
}

/// A capture that leaves king against king ends the game at once.
#[test]
fn capture_into_bare_kings_ends_the_game() {
    let mut game = Game::new(position("8/8/4k3/3n4/8/8/4K3/8 b - - 0 1"));
    assert!(game.outcome().is_some()); // K+N v K is already dead
    let mut game2 = Game::new(position("8/8/5k2/3r4/4K3/8/8/8 w - - 0 1"));
    assert_eq!(game2.outcome(), None);
    play(&mut game2, "e4d5");
    assert_eq!(game2.outcome(), Some(Outcome::draw(Reason::InsufficientMaterial)));
    assert!(game.agree_draw().is_err());
}

// --- Fifty and seventy-five moves -------------------------------------------

/// 9.6.2: seventy-five moves by each side end the game by themselves,
/// unless the last move mates: here Ra8 is the 150th half-move without a
/// capture or pawn move, and it mates.
#[test]
fn seventy_five_moves_yield_to_mate() {
    let start = "7k/8/6K1/8/8/8/8/R7 w - - 149 120";
    let mate = game_after(start, "a1a8");
    assert_eq!(mate.position().halfmoves(), 150);
    assert_eq!(mate.outcome(), Some(Outcome::win(Color::White, Reason::Checkmate)));

    let quiet = game_after(start, "a1a2");
    assert_eq!(quiet.outcome(), Some(Outcome::draw(Reason::SeventyFiveMoves)));
    assert!(!quiet.status().can_claim_fifty_moves); // the game is over: nothing to claim

    // One half-move short: the game goes on, and a fifty-move draw may be claimed.
    let short = game_after("7k/8/6K1/8/8/8/8/R7 w - - 148 120", "a1a2");
    assert_eq!(short.outcome(), None);
    assert!(short.status().can_claim_fifty_moves);
}

/// 9.3: the fifty-move draw is claimed by the player to move, once fifty
/// moves by each side have passed (9.3.2) or by announcing the move that
/// completes them (9.3.1); a pawn move or capture completes nothing.
#[test]
fn fifty_move_claims() {
    let start = position("4k3/8/8/8/8/8/4P3/4K2R w K - 99 80");
    let mut game = Game::new(start);
    assert_eq!(game.outcome(), None);
    assert!(!game.claim_is_valid(Claim::FiftyMoves, None));
    assert!(game.status().can_claim_fifty_moves);
    let claimable = game.claim_moves(Claim::FiftyMoves);
    assert!(!claimable.is_empty());
    assert!(claimable.iter().all(|&m| start.board().role_at(m.from()) != Some(Role::Pawn)));
    assert!(!claimable.contains(&mv(&game, "e2e4")));

    // Claimed now, too early: rejected, nothing changes.
    assert_eq!(game.claim_draw(Claim::FiftyMoves), Ok(ClaimVerdict::Rejected));
    assert!(game.moves().is_empty());
    // Claimed by announcing a pawn move: rejected, the move stands (9.5.3).
    let pawn = mv(&game, "e2e4");
    assert_eq!(game.claim_draw_with_move(Claim::FiftyMoves, pawn), Ok(ClaimVerdict::Rejected));
    assert_eq!(game.moves(), &[pawn]);
    assert_eq!(game.position().halfmoves(), 0);

    // Claimed by announcing a rook move: upheld.
    let mut game = Game::new(start);
    let rook = mv(&game, "h1h5");
    let verdict = game.claim_draw_with_move(Claim::FiftyMoves, rook);
    assert_eq!(verdict, Ok(ClaimVerdict::Upheld(Outcome::draw(Reason::FiftyMoves))));
    assert_eq!(game.moves(), &[rook]);
    assert!(game.play(mv(&game, "e8d8")).is_err());

    // After the hundredth half-move: claimable now; under FIDE rules nothing happens by itself.
    let mut game = game_after("4k3/8/8/8/8/8/4P3/4K2R w K - 99 80", "h1h5");
    assert_eq!(game.outcome(), None);
    assert!(game.claim_is_valid(Claim::FiftyMoves, None));
    assert_eq!(game.claim_draw(Claim::FiftyMoves), Ok(ClaimVerdict::Upheld(Outcome::draw(Reason::FiftyMoves))));
}

/// DRAW-07: casual play (the Polish source's board) records the fifty-move
/// draw itself.
#[test]
fn casual_policy_applies_fifty_moves_by_itself() {
    let start = position("4k3/8/8/8/8/8/4P3/4K2R w K - 99 80");
    let mut game = Game::with_settings(start, Policy::CASUAL, Default::default());
    play(&mut game, "h1h5");
    assert_eq!(game.outcome(), Some(Outcome::draw(Reason::FiftyMoves)));
    // Switching to FIDE rules makes it a claim again.
    game.set_policy(Policy::FIDE);
    assert_eq!(game.outcome(), None);
    assert!(game.status().can_claim_fifty_moves);
    // A mate on the hundredth half-move is still a mate.
    let mut mate = Game::with_settings(position("7k/8/6K1/8/8/8/8/R7 w - - 99 80"), Policy::CASUAL, Default::default());
    play(&mut mate, "a1a8");
    assert_eq!(mate.outcome().map(|o| o.reason), Some(Reason::Checkmate));
}

// --- Repetition -------------------------------------------------------------

/// The same position three times, reached by three different move orders
/// and not one after another (DRAW-04); the third time is claimable by
/// announcing the move (9.2.1) and then on the board (9.2.2). Fivefold
/// ends the game by itself (9.6.1).
#[test]
fn threefold_through_different_move_orders() {
    let mut game = Game::default();
    play(&mut game, "g1f3 g8f6 b1c3 b8c6"); // first time
    let target = *game.position();
    assert_eq!(game.repetitions(), 1);
    play(&mut game, "c3b1 c6b8 f3g1 f6g8 b1c3 b8c6 g1f3 g8f6"); // second time, knights in another order
    assert_eq!(game.repetitions(), 2);
    assert!(same_position(game.position(), &target));
    play(&mut game, "f3h4 f6h5 h4f3"); // a third way round
    assert!(game.status().can_claim_threefold);
    let announce = mv(&game, "h5f6");
    assert_eq!(game.repetitions_after(announce), Some(3));
    assert!(game.status().can_claim_threefold);
    assert!(!game.claim_is_valid(Claim::ThreefoldRepetition, None));
    assert!(game.claim_is_valid(Claim::ThreefoldRepetition, Some(announce)));

    // Make the move instead: the third time is on the board, claimable, not automatic.
    assert_eq!(game.claim_moves(Claim::ThreefoldRepetition), vec![announce]);
    play(&mut game, "h5f6");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), None);
    let status = game.status();
    assert!(status.can_claim_threefold && status.repetitions == 3);

    // Two more times and it is over by itself.
    let mut fivefold = game.clone();
    play(&mut fivefold, "f3g1 f6g8 g1f3 g8f6");
    assert_eq!(fivefold.repetitions(), 4);
    assert_eq!(fivefold.outcome(), None);
    play(&mut fivefold, "f3g1 f6g8 g1f3 g8f6");
    assert_eq!(fivefold.repetitions(), 5);
    assert_eq!(fivefold.outcome(), Some(Outcome::draw(Reason::FivefoldRepetition)));

    assert_eq!(
        game.claim_draw(Claim::ThreefoldRepetition),
        Ok(ClaimVerdict::Upheld(Outcome::draw(Reason::ThreefoldRepetition)))
    );

    // Casual play draws at the third time by itself.
    let mut casual = Game::with_settings(Position::startpos(), Policy::CASUAL, Default::default());
    play(&mut casual, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert_eq!(casual.outcome(), None);
    play(&mut casual, "f6g8");
    assert_eq!(casual.outcome(), Some(Outcome::draw(Reason::ThreefoldRepetition)));
}

/// 9.2.3.2: the same pieces on the same squares are not the same position
/// once a castling right is gone.
#[test]
fn castling_rights_make_positions_differ() {
    let mut game = Game::default();
    play(&mut game, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(game.repetitions(), 2); // the initial position again
    play(&mut game, "g1f3 g8f6 h1g1 h8g8 g1h1 g8h8 f3g1 f6g8");
    // The initial set-up, but neither side may castle short any more.
    assert_eq!(game.position().board(), Position::startpos().board());
    assert!(!same_position(game.position(), &Position::startpos()));
    assert_ne!(game.position().zobrist(), Position::startpos().zobrist());
    assert_eq!(game.repetitions(), 1);
    play(&mut game, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(game.repetitions(), 3);
    // Five times the same set-up, but never a third time the initial position.
    assert_eq!(game.positions().iter().filter(|p| p.board() == Position::startpos().board()).count(), 5);
    assert_eq!(game.positions().iter().filter(|p| same_position(p, &Position::startpos())).count(), 2);
}

/// 9.2.3.1 both ways: an en passant square no pawn can use changes nothing,
/// while a real en passant capture makes the position different.
#[test]
fn en_passant_both_ways() {
    // A phantom: after 1. e4 no black pawn stands beside e4.
    let mut game = Game::default();
    play(&mut game, "e2e4 g8f6 g1f3 f6g8 f3g1");
    assert_eq!(game.repetitions(), 2);
    play(&mut game, "g8f6 g1f3 f6g8 f3g1");
    assert_eq!(game.repetitions(), 3);
    assert!(game.status().can_claim_threefold);
    // The same through FEN: an en passant field with nobody to use it.
    let with_field = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert!(same_position(&with_field, &game.positions()[1]));

    // A phantom of another kind: exd6 would bare the king to the rook on h5 (both pawns leave the rank).
    let mut pinned = game_after("k5n1/3p4/8/K3P2r/8/8/8/1N6 b - - 0 1", "d7d5");
    assert_eq!(pinned.position().ep_square(), None);
    play(&mut pinned, "b1c3 g8f6 c3b1 f6g8");
    assert_eq!(pinned.repetitions(), 2);

    // A real one: exd6 is possible right after d7-d5, and never again.
    let mut real = game_after("1n2k3/3p4/8/4P3/8/8/8/1N2K3 b - - 0 1", "d7d5");
    let with_capture = *real.position();
    assert_eq!(with_capture.ep_square(), Some(Square::D6));
    play(&mut real, "b1c3 b8c6 c3b1 c6b8");
    assert_eq!(real.position().board(), with_capture.board());
    assert!(!same_position(real.position(), &with_capture));
    assert_eq!(real.repetitions(), 1);
    play(&mut real, "b1c3 b8c6 c3b1 c6b8 b1c3 b8c6 c3b1 c6b8");
    assert_eq!(real.repetitions(), 3); // four times the set-up, three times this position
    assert_eq!(real.positions().iter().filter(|p| same_position(p, &with_capture)).count(), 1);
}

/// Repetition in Chess960: knights out and back twice bring the start position a third time.
#[test]
fn chess960_repetition() {
    let mut game = Game::chess960(0).expect("position 0");
    assert_eq!(game.position().castling_mode(), lawbook_board::CastlingMode::Chess960);
    assert_eq!(game.position().castling_rights().count(), 4);
    let knight_move = |game: &Game| {
        let pos = game.position();
        let knights = pos.board().knights() & pos.board().by_color(pos.turn());
        pos.legal_moves().into_iter().find(|m| knights.contains(m.from())).expect("a knight move")
    };
    for _ in 0..2 {
        let white = knight_move(&game);
        game.play(white).expect("legal");
        let black = knight_move(&game);
        game.play(black).expect("legal");
        game.play(Move::normal(white.to(), white.from())).expect("back");
        game.play(Move::normal(black.to(), black.from())).expect("back");
    }
    assert!(same_position(game.position(), game.start()));
    assert_eq!(game.repetitions(), 3);
    assert!(game.status().can_claim_threefold);
}

// --- Agreement, resignation, the flag, the guard ---------------------------

#[test]
fn agreement_resignation_and_flag() {
    let mut game = Game::default();
    assert_eq!(game.resign(Color::White), Ok(Outcome::win(Color::Black, Reason::Resignation)));
    assert_eq!(game.status().outcome, Some(Outcome::win(Color::Black, Reason::Resignation)));
    assert!(game.resign(Color::Black).is_err());
    assert!(game.agree_draw().is_err());

    // 5.2.3: an agreement needs a move by each player first.
    let mut game = Game::default();
    assert_eq!(game.agree_draw(), Err(GameError::TooEarlyToAgree));
    let e2e4 = Move::normal(Square::E2, Square::E4);
    game.play(e2e4).expect("e4");
    assert_eq!(game.agree_draw(), Err(GameError::TooEarlyToAgree));
    game.play(Move::normal(Square::E7, Square::E5)).expect("e5");
    assert_eq!(game.agree_draw(), Ok(Outcome::draw(Reason::Agreement)));
    let g1f3 = Move::normal(Square::G1, Square::F3);
    assert_eq!(game.play(g1f3).map_err(|e| e.mv()), Err(Some(g1f3)));

    // 5.1.2: resigning against a side that can never mate is a draw.
    let pos = position("8/8/4k3/8/8/8/4K3/7R w - - 0 1");
    assert_eq!(Game::new(pos).resign(Color::White), Ok(Outcome::draw(Reason::ResignationVsInsufficientMaterial)));
    assert_eq!(Game::new(pos).resign(Color::Black), Ok(Outcome::win(Color::White, Reason::Resignation)));

    // 6.9: a lone king cannot win on time; a rook can.
    let pos = position("8/8/4k3/8/8/8/4K3/7R w - - 0 1");
    assert_eq!(Game::new(pos).flag_fall(Color::White), Ok(Outcome::draw(Reason::TimeoutVsInsufficientMaterial)));
    assert_eq!(Game::new(pos).flag_fall(Color::Black), Ok(Outcome::win(Color::White, Reason::Timeout)));
    // King and knight against a king and queen: the queen wins on time, the knight cannot.
    let pos = position("8/8/4k3/8/8/2N5/4K3/7q w - - 0 1");
    assert_eq!(Game::new(pos).flag_fall(Color::White), Ok(Outcome::win(Color::Black, Reason::Timeout)));
    assert_eq!(Game::new(pos).flag_fall(Color::Black).map(|o| o.result), Ok(GameResult::Draw));
}

/// LEGAL-01: an illegal move leaves the game exactly as it was.
#[test]
fn illegal_moves_change_nothing() {
    let mut game = game_after(fen::STARTPOS, "e2e4 e7e5 g1f3");
    let (positions, moves, status) = (game.positions().to_vec(), game.moves().to_vec(), game.status());
    for bad in [
        Move::normal(Square::E5, Square::E4),                 // blocked pawn
        Move::normal(Square::E8, Square::E6),                 // a king's leap
        Move::normal(Square::D2, Square::D4),                 // White's piece on Black's turn
        Move::castle(Square::E8, Square::H8),                 // pieces in the way
        Move::promotion(Square::A7, Square::A8, Role::Queen), // not a promotion square yet
    ] {
        assert_eq!(game.play(bad), Err(GameError::IllegalMove { mv: bad }));
        assert_eq!(game.claim_draw_with_move(Claim::ThreefoldRepetition, bad), Err(GameError::IllegalMove { mv: bad }));
        assert_eq!(game.positions(), positions.as_slice());
        assert_eq!(game.moves(), moves.as_slice());
        assert_eq!(game.status(), status);
    }
    assert_eq!(game.keys().count(), 4);
    assert_eq!(game.keys().last(), Some(game.position().zobrist()));
    assert_eq!(game.start(), &Position::startpos());
}

// --- Status and values ------------------------------------------------------

#[test]
fn status_of_the_initial_position() {
    let status = Game::default().status();
    assert_eq!(status.turn, Color::White);
    assert!(!status.in_check() && !status.checkmate && !status.stalemate && !status.dead_position);
    assert_eq!(status.insufficient_material, ByColor::new(false, false));
    assert_eq!((status.halfmove_clock, status.repetitions), (0, 1));
    assert!(!status.can_claim_fifty_moves && !status.can_claim_threefold);
    assert_eq!(status.outcome, None);
}

/// VALUE-01: pawn 1, knight 3, bishop 3, rook 5, queen 9; the king has none.
#[test]
fn piece_values_and_material() {
    let expected = [(Role::Pawn, 1), (Role::Knight, 3), (Role::Bishop, 3), (Role::Rook, 5), (Role::Queen, 9)];
    for (role, points) in expected {
        assert_eq!(material::value(role), Some(points), "{role:?}");
    }
    assert_eq!(material::value(Role::King), None);
    let game = game_after(fen::STARTPOS, "e2e4 d7d5 e4d5 d8d5");
    let board = game.position().board();
    assert_eq!(Material::of(board, Color::White).points(), 38);
    assert_eq!(Material::of(board, Color::Black).points(), 38);
    assert_eq!(material::balance(board), 0);
    let game = game_after(fen::STARTPOS, "e2e4 d7d5 e4d5 g8f6");
    assert_eq!(material::balance(game.position().board()), 1);
    assert_eq!(Material::of(game.position().board(), Color::Black).count(Role::Pawn), 7);
}
