//! The edges of each article the model applies: touch-move (4.3 to 4.5),
//! castling at the board (4.4, 4.7.2), completing a move (4.7), promotion
//! (4.4.4, 4.6, 6.11.2), illegal moves (7.5) and draw offers and claims (9).

use lawbook_board::{Color, Piece, Role, Square};
use lawbook_movegen::{Move, Position};
use lawbook_notation::{fen, uci};
use lawbook_otb::{ArbiterAction, Duty, Ending, Event, Hand, OverTheBoard, Penalty, Refusal, Remark, Ruling};
use lawbook_outcome::{Claim, GameResult, Reason};

use Color::{Black, White};
use Square::*;

fn at(text: &str) -> OverTheBoard {
    OverTheBoard::new(fen::read(text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

fn mv(otb: &OverTheBoard, text: &str) -> Move {
    uci::read_legal(otb.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn allowed(otb: &OverTheBoard) -> Vec<String> {
    let mut list: Vec<String> = otb.allowed_moves().iter().map(|&m| uci::write(otb.position(), m)).collect();
    list.sort();
    list
}

fn legal(otb: &OverTheBoard) -> Vec<String> {
    let pos = otb.position();
    let mut list: Vec<String> = pos.legal_moves().iter().map(|&m| uci::write(pos, m)).collect();
    list.sort();
    list
}

fn refused_under(answer: &lawbook_otb::Answer, article: &str) {
    assert!(answer.is_refused(), "expected a refusal under {article}, got: {answer}");
    assert_eq!(answer.article(), Some(article), "{answer}");
}

fn completed(answer: &lawbook_otb::Answer) -> Move {
    match answer.ruling {
        Ruling::Completed { mv, .. } => mv,
        _ => panic!("expected the move to be complete: {answer}"),
    }
}

/// Touch, move and let go, all with the right hand.
fn move_and_release(otb: &mut OverTheBoard, side: Color, from: Square, to: Square) -> lawbook_otb::Answer {
    let answer = otb.apply(side, Event::move_piece(from, to));
    if answer.is_refused() {
        return answer;
    }
    otb.apply(side, Event::Release)
}

const CASTLE_BOTH: &str = "4k3/8/8/8/8/8/5PPP/R3K2R w KQ - 0 1";

// ---- 4.3 and 4.5: touched pieces ----

#[test]
fn a_touched_piece_with_no_legal_move_frees_the_player() {
    // The rook on a1 is boxed in by the knight on b1 and the pawn on a2.
    let mut otb = at("4k3/8/8/8/8/8/P4PPP/RN2K2R w KQ - 0 1");
    let answer = otb.apply(White, Event::touch(A1));
    assert!(matches!(answer.duty, Duty::Freed { article: "4.5", .. }), "{answer}");
    // Any legal move, castling short included; castling with the a1 rook is ruled out (4.4.2).
    assert_eq!(allowed(&otb), legal(&otb));
    assert!(otb.allowed_moves().contains(&mv(&otb, "e1g1")));
    // A pinned knight cannot move either: touching it frees the player too.
    let mut pinned = at("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    let answer = pinned.apply(White, Event::touch(E2));
    assert!(matches!(answer.duty, Duty::Freed { article: "4.5", .. }), "{answer}");
    assert_eq!(allowed(&pinned), legal(&pinned));
}

#[test]
fn the_first_touched_piece_that_can_move_must_move() {
    let mut otb = OverTheBoard::new(Position::startpos());
    // The bishop on c1 cannot move; the knight on b1 can: it must.
    otb.apply(White, Event::touch(C1));
    otb.apply(White, Event::touch(B1));
    otb.apply(White, Event::touch(G1));
    assert!(matches!(otb.duty(), Duty::Move { square: B1, role: Role::Knight, .. }));
    assert_eq!(allowed(&otb), ["b1a3", "b1c3"]);
    refused_under(&otb.apply(White, Event::move_piece(G1, F3)), "4.3.1");
    refused_under(&otb.apply(White, Event::move_piece(E2, E4)), "4.3.1");
    // A refused event changes nothing: the knight on b1 is still the one.
    assert_eq!(allowed(&otb), ["b1a3", "b1c3"]);
    assert!(otb.at_rest());
    let done = otb.act_out(mv(&otb, "b1c3")).expect("the touched knight moves");
    assert_eq!(completed(done.last().expect("answers")), Move::normal(B1, C3));
}

#[test]
fn a_touched_enemy_piece_must_be_captured_if_it_can_be() {
    // The black knight on d5 can be captured by the pawn on e4 or the queen on d1.
    let mut otb = at("4k3/8/8/3n4/4P3/8/8/3QK3 w - - 0 1");
    let answer = otb.apply(White, Event::touch(D5));
    assert!(matches!(answer.duty, Duty::Capture { square: D5, role: Role::Knight }), "{answer}");
    assert_eq!(allowed(&otb), ["d1d5", "e4d5"]);
    refused_under(&otb.apply(White, Event::move_piece(E1, E2)), "4.3.2");
    // Taking hold of the e4 pawn touches it as well: with it, then, the knight must be taken (4.3.3).
    refused_under(&otb.apply(White, Event::move_piece(E4, E5)), "4.3.3");
    // A touched enemy piece that cannot be captured frees the player.
    let mut free = at("4k3/8/8/8/8/8/3n3P/4K3 w - - 0 1");
    free.apply(White, Event::touch(D2));
    assert!(matches!(free.duty(), Duty::Capture { square: D2, .. }), "the king takes the knight");
    let mut free = at("4k3/8/8/3n4/8/8/7P/4K3 w - - 0 1");
    free.apply(White, Event::touch(D5));
    assert!(matches!(free.duty(), Duty::Freed { article: "4.5", .. }));
}

#[test]
fn own_and_enemy_piece_touched_capture_with_the_first_or_move_the_first_that_can() {
    // 4.3.3: the knight on c3 and then the black pawn on d5: Nxd5 it must be.
    let mut otb = at("4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 1");
    otb.apply(White, Event::touch(C3));
    otb.apply(White, Event::touch(D5));
    assert_eq!(otb.duty(), Duty::CaptureWith { piece: C3, target: D5 });
    assert_eq!(allowed(&otb), ["c3d5"]);
    // The knight on c3 cannot take the pawn on f5: move the first piece touched that can move (the knight).
    let mut otb2 = at("4k3/8/8/5p2/4P3/2N5/8/4K3 w - - 0 1");
    otb2.apply(White, Event::touch(C3));
    otb2.apply(White, Event::touch(F5));
    assert!(matches!(otb2.duty(), Duty::Move { square: C3, .. }));
}

#[test]
fn jadoube_binds_nothing_and_only_the_player_having_the_move_adjusts() {
    let mut otb = OverTheBoard::new(Position::startpos());
    let answer = otb.apply(White, Event::adjust(G1));
    assert_eq!(answer.ruling, Ruling::Accepted);
    assert_eq!(otb.duty(), Duty::Free);
    refused_under(&otb.apply(Black, Event::adjust(G8)), "4.2.1");
    // Black touching a piece on White's move binds nobody.
    let answer = otb.apply(Black, Event::touch(G8));
    assert_eq!(answer.remarks, [Remark::NotYourMove]);
    assert_eq!(otb.duty(), Duty::Free);
}

// ---- 4.4: king and rook ----

#[test]
fn king_then_rook_with_castling_legal_obliges_castling() {
    let mut otb = at(CASTLE_BOTH);
    otb.apply(White, Event::touch(E1));
    assert!(matches!(otb.duty(), Duty::Move { square: E1, role: Role::King, .. }));
    let answer = otb.apply(White, Event::touch(H1));
    assert_eq!(answer.duty, Duty::Castle(Move::castle(E1, H1)), "{answer}");
    assert_eq!(allowed(&otb), ["e1g1"]);
    refused_under(&otb.apply(White, Event::move_piece(E1, F1)), "4.4.1");
    // The rook's part before the king's is not castling made correctly.
    refused_under(&otb.apply(White, Event::move_piece(H1, F1)), "3.8.2");
    move_and_release(&mut otb, White, E1, G1);
    assert!(matches!(otb.duty(), Duty::Complete(_)));
    move_and_release(&mut otb, White, H1, F1);
    assert_eq!(otb.duty(), Duty::PressClock(Move::castle(E1, H1)));
    assert_eq!(completed(&otb.apply(White, Event::PressClock)), Move::castle(E1, H1));
}

#[test]
fn rook_then_king_rules_out_castling_with_that_rook_and_binds_the_rook() {
    let mut otb = at(CASTLE_BOTH);
    let answer = otb.apply(White, Event::touch(H1));
    assert!(matches!(answer.duty, Duty::Move { square: H1, role: Role::Rook, .. }));
    assert!(answer.words.contains("no castling with it on this move (FIDE 4.4.2)"), "{answer}");
    otb.apply(White, Event::touch(E1));
    assert!(matches!(otb.duty(), Duty::Move { square: H1, .. }), "4.4.2 hands over to 4.3.1: the rook");
    assert!(!otb.allowed_moves().iter().any(|m| m.is_castle()));
    refused_under(&otb.apply(White, Event::move_piece(E1, G1)), "4.3.1");
    // Rf1 is a rook move: once let go on f1, the move is made (4.7) and the king stays.
    move_and_release(&mut otb, White, H1, F1);
    assert_eq!(otb.duty(), Duty::PressClock(Move::normal(H1, F1)));
    refused_under(&otb.apply(White, Event::move_piece(E1, G1)), "4.7");
    assert_eq!(completed(&otb.apply(White, Event::PressClock)), Move::normal(H1, F1));
}

#[test]
fn an_immobile_rook_then_the_king_the_king_moves_but_not_castling_with_that_rook() {
    // Chess960 (Shredder-FEN): the king on c1, the rook on a1 boxed in by the knight on b1... the
    // standard way: rook a1 boxed in by Nb1 and Pa2; castling short stays possible.
    let mut otb = at("4k3/8/8/8/8/8/P4PPP/RN2K2R w KQ - 0 1");
    otb.apply(White, Event::touch(A1));
    let answer = otb.apply(White, Event::touch(E1));
    assert!(matches!(answer.duty, Duty::Move { square: E1, role: Role::King, .. }), "{answer}");
    assert_eq!(allowed(&otb), ["e1d1", "e1d2", "e1e2", "e1f1", "e1g1"]);
}

#[test]
fn king_touched_to_castle_where_it_is_illegal_obliges_another_king_move_castling_included() {
    // The rook on d8 stops long castling (d1 attacked), not short castling.
    let mut otb = at("3r2k1/8/8/8/8/8/5PPP/R3K2R w KQ - 0 1");
    otb.apply(White, Event::touch(E1));
    let answer = otb.apply(White, Event::touch(A1));
    assert_eq!(answer.duty, Duty::KingMove { intended: lawbook_movegen::CastlingSide::Long }, "{answer}");
    assert_eq!(answer.article(), None);
    assert_eq!(answer.duty.article(), Some("4.4.3"));
    assert_eq!(allowed(&otb), ["e1e2", "e1f1", "e1g1"]);
    refused_under(&otb.apply(White, Event::move_piece(A1, B1)), "4.4.3");
    let done = otb.act_out(Move::castle(E1, H1)).expect("castling short is a king move");
    assert!(matches!(done.last().map(|a| &a.ruling), Some(Ruling::Completed { .. })));
}

#[test]
fn the_king_let_go_on_c1_where_long_castling_is_illegal_must_make_another_king_move() {
    let mut otb = at("3r2k1/8/8/8/8/8/5PPP/R3K2R w KQ - 0 1");
    let answer = move_and_release(&mut otb, White, E1, C1);
    assert!(matches!(answer.duty, Duty::KingMove { .. }), "{answer}");
    assert!(answer.remarks.is_empty(), "letting go is in order: {answer}");
    // Not released as part of a legal move: it may go elsewhere (4.7), as a king move.
    let put = otb.apply(White, Event::move_piece(C1, F1));
    assert!(!put.is_refused(), "{put}");
    otb.apply(White, Event::Release);
    assert_eq!(completed(&otb.apply(White, Event::PressClock)), Move::normal(E1, F1));
}

#[test]
fn the_king_let_go_on_g1_may_only_castle_short() {
    let mut otb = at(CASTLE_BOTH);
    move_and_release(&mut otb, White, E1, G1);
    assert_eq!(otb.duty(), Duty::Complete(vec![Move::castle(E1, H1)]));
    refused_under(&otb.apply(White, Event::move_piece(G1, F1)), "4.7");
    refused_under(&otb.apply(White, Event::move_piece(A1, D1)), "4.7");
    // Pressing the clock with the rook still on h1 is an illegal move; the king goes back,
    // and 4.7 still binds: castling short it must be.
    let answer = otb.apply(White, Event::PressClock);
    assert!(matches!(answer.ruling, Ruling::IllegalMove { article: "7.5.1", stands: None, .. }), "{answer}");
    assert_eq!(otb.extra_minutes(Black), 2);
    assert!(otb.at_rest());
    assert_eq!(allowed(&otb), ["e1g1"]);
}

#[test]
fn a_touched_king_whose_only_legal_move_is_castling_must_castle() {
    // In standard chess castling leaves the king a plain step too (f1 or d1 is free and
    // safe), so this is Chess960: king g1, rook h1; f1 is attacked, so Kf1 is illegal,
    // but castling short keeps the king on g1 and puts the rook on f1.
    let pos = fen::read("4k3/8/b7/8/8/8/5PPP/6KR w H - 0 1").expect("a Chess960 position");
    let mut otb = OverTheBoard::new(pos);
    let answer = otb.apply(White, Event::touch(G1));
    assert!(matches!(answer.duty, Duty::Move { square: G1, role: Role::King, .. }), "{answer}");
    assert_eq!(otb.allowed_moves(), [Move::castle(G1, H1)]);
    refused_under(&otb.apply(White, Event::move_piece(F2, F3)), "4.3.1");
    // The king stands on its castling square already: the rook's part may follow.
    move_and_release(&mut otb, White, H1, F1);
    assert_eq!(completed(&otb.apply(White, Event::PressClock)), Move::castle(G1, H1));
    // King first then the rook, with castling illegal and no king move: free (4.4.3).
    let pos = fen::read("4k3/8/b7/8/8/8/5PPP/5BKR w H - 0 1").expect("a Chess960 position");
    let mut free = OverTheBoard::new(pos);
    free.apply(White, Event::touch(G1));
    let answer = free.apply(White, Event::touch(H1));
    assert!(matches!(answer.duty, Duty::Freed { article: "4.4.3", .. }), "{answer}");
    assert_eq!(allowed(&free), legal(&free));
}

#[test]
fn a_king_with_no_legal_move_touched_to_castle_frees_the_player() {
    // Queen d1, bishop f1 and the pawns box the king in; castling is blocked.
    let mut otb = at("4k3/8/8/8/8/8/3PPP2/3QKB1R w K - 0 1");
    otb.apply(White, Event::touch(E1));
    let answer = otb.apply(White, Event::touch(H1));
    assert!(matches!(answer.duty, Duty::Freed { article: "4.4.3", .. }), "{answer}");
    assert_eq!(allowed(&otb), legal(&otb));
}

// ---- 4.1 and 4.7: one hand; a move let go is made ----

#[test]
fn castling_with_two_hands_stands_but_is_penalised() {
    let mut otb = at(CASTLE_BOTH);
    otb.apply(White, Event::touch(E1));
    otb.apply(White, Event::move_piece(E1, G1));
    otb.apply(White, Event::Release);
    let answer = otb.apply(White, Event::Move { from: H1, to: F1, hand: Hand::Left });
    assert_eq!(answer.remarks, [Remark::TwoHands]);
    otb.apply(White, Event::Release);
    let answer = otb.apply(White, Event::PressClock);
    match answer.ruling {
        Ruling::IllegalMove {
            article: "7.5.4",
            stands: Some(m),
            penalty: Some(Penalty::ExtraTime { to: Black, minutes: 2 }),
        } => {
            assert_eq!(m, Move::castle(E1, H1))
        }
        _ => panic!("{answer}"),
    }
    assert_eq!(otb.turn(), Black);
    assert_eq!(otb.moves(), [Move::castle(E1, H1)]);
}

#[test]
fn a_piece_let_go_on_an_illegal_square_may_be_moved_again() {
    let mut otb = OverTheBoard::new(Position::startpos());
    let answer = move_and_release(&mut otb, White, G1, G3);
    assert_eq!(otb.transcript()[0].answer.remarks, [Remark::NotALegalMove]);
    assert!(matches!(answer.duty, Duty::Move { square: G1, .. }), "{answer}");
    let again = move_and_release(&mut otb, White, G3, F3);
    assert_eq!(again.duty, Duty::PressClock(Move::normal(G1, F3)));
    // Now it is let go on f3, part of a legal move: it stays there (4.7).
    refused_under(&otb.apply(White, Event::move_piece(F3, H3)), "4.7");
    assert_eq!(completed(&otb.apply(White, Event::PressClock)), Move::normal(G1, F3));
}

#[test]
fn a_capture_is_made_once_the_captured_piece_is_off_the_board() {
    let mut otb = at("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    move_and_release(&mut otb, White, E4, D5);
    assert!(matches!(otb.duty(), Duty::Complete(_)));
    refused_under(&otb.apply(White, Event::PressClock), "4.7.1");
    otb.apply(White, Event::remove(D5));
    assert_eq!(otb.duty(), Duty::PressClock(Move::normal(E4, D5)));
    assert_eq!(completed(&otb.apply(White, Event::PressClock)), Move::normal(E4, D5));
    // The captured pawn stands beside the board now.
    assert_eq!(otb.spares(Piece::new(Black, Role::Pawn)), 8);
}

#[test]
fn en_passant_at_the_board() {
    let mut otb = at("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let m = mv(&otb, "e5d6");
    assert!(m.is_en_passant());
    otb.act_out(m).expect("en passant, the pawn on d5 removed");
    assert_eq!(otb.board().piece_at(D5), None);
    // Removing a piece first touches it (4.3.2): the d5 pawn must then be captured.
    let mut otb = at("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    otb.apply(White, Event::remove(D5));
    assert_eq!(allowed(&otb), ["e5d6"]);
}

#[test]
fn the_clock_pressed_without_a_move_or_on_an_illegal_move() {
    let mut otb = OverTheBoard::new(Position::startpos());
    let answer = otb.apply(White, Event::PressClock);
    assert!(matches!(answer.ruling, Ruling::IllegalMove { article: "7.5.3", .. }), "{answer}");
    assert_eq!(otb.turn(), White);
    assert_eq!(otb.extra_minutes(Black), 2);
    // A knight move that is no knight move, with the clock pressed: the second illegal move loses.
    move_and_release(&mut otb, White, G1, G3);
    let answer = otb.apply(White, Event::PressClock);
    match answer.ruling {
        Ruling::IllegalMove { article: "7.5.1", stands: None, penalty: Some(Penalty::Ends(ending)) } => {
            assert_eq!(ending, Ending::IllegalMoves { player: White, result: GameResult::BlackWins })
        }
        _ => panic!("{answer}"),
    }
    assert!(otb.apply(White, Event::touch(E2)).is_refused(), "the game is over");
    assert_eq!(*otb.board(), *Position::startpos().board());
}

#[test]
fn a_second_illegal_move_draws_when_the_opponent_cannot_mate() {
    let mut otb = at("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    otb.apply(White, Event::PressClock);
    let answer = otb.apply(White, Event::PressClock);
    assert!(
        matches!(
            answer.ruling,
            Ruling::IllegalMove {
                penalty: Some(Penalty::Ends(Ending::IllegalMoves { result: GameResult::Draw, .. })),
                ..
            }
        ),
        "Black's lone king cannot mate: {answer}"
    );
}

// ---- 4.4.4, 4.6, 6.11.2, 7.5.2: promotion ----

#[test]
fn promotion_to_a_second_queen_needs_the_arbiter_when_none_is_at_hand() {
    let mut otb = at("7k/P7/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(otb.spares(Piece::new(White, Role::Queen)), 0);
    move_and_release(&mut otb, White, A7, A8);
    let answer = otb.apply(White, Event::place(A8, Role::Queen));
    assert_eq!(answer.ruling, Ruling::Refused(Refusal::NotAvailable(Piece::new(White, Role::Queen))));
    refused_under(&answer, "4");
    assert!(answer.words.contains("stops the clock and calls the arbiter for one (FIDE 6.11.2)"), "{answer}");
    otb.apply(White, Event::StopClock);
    assert!(otb.clock_paused());
    refused_under(&otb.apply(White, Event::PressClock), "6.11.3");
    let answer = otb.apply(White, Event::CallArbiter { piece: None });
    assert_eq!(
        answer.ruling,
        Ruling::Arbiter(ArbiterAction::ProvidesPiece { piece: Piece::new(White, Role::Queen), restarts_clock: true })
    );
    assert!(!otb.clock_paused());
    otb.apply(White, Event::place(A8, Role::Queen));
    otb.apply(White, Event::Release);
    let promotion = Move::promotion(A7, A8, Role::Queen);
    assert_eq!(otb.duty(), Duty::PressClock(promotion));
    assert_eq!(completed(&otb.apply(White, Event::PressClock)), promotion);
    let queens = otb.position().board().by_piece(Piece::new(White, Role::Queen));
    assert_eq!(queens.count(), 2);
}

#[test]
fn any_of_the_four_pieces_whatever_has_been_captured() {
    // White has all four kinds still on the board but a box with spares.
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        let mut otb = at("7k/P7/8/8/8/8/8/RNBQKBN1 w - - 0 1");
        otb.set_spares(Piece::new(White, role), 1);
        let promotion = Move::promotion(A7, A8, role);
        otb.act_out(promotion).unwrap_or_else(|a| panic!("{role}: {a}"));
        assert_eq!(otb.moves(), [promotion]);
    }
}

#[test]
fn the_choice_is_final_once_the_new_piece_touched_the_square() {
    let mut otb = at("7k/P7/8/8/8/8/8/4K3 w - - 0 1");
    move_and_release(&mut otb, White, A7, A8);
    otb.apply(White, Event::place(A8, Role::Knight));
    refused_under(&otb.apply(White, Event::place(A8, Role::Queen)), "4.4.4");
    refused_under(&otb.apply(White, Event::move_piece(A8, B8)), "4.4.4");
    otb.apply(White, Event::Release);
    assert_eq!(completed(&otb.apply(White, Event::PressClock)), Move::promotion(A7, A8, Role::Knight));
}

#[test]
fn the_pawn_need_not_go_to_the_last_rank_first() {
    // 4.6.1 and 4.6.2: take the pawn off a7 and put the new piece on a8, or the other way round.
    let mut otb = at("7k/P7/8/8/8/8/8/4K3 w - - 0 1");
    otb.apply(White, Event::remove(A7));
    otb.apply(White, Event::place(A8, Role::Rook));
    otb.apply(White, Event::Release);
    assert_eq!(completed(&otb.apply(White, Event::PressClock)), Move::promotion(A7, A8, Role::Rook));
    let mut otb = at("7k/P7/8/8/8/8/8/4K3 w - - 0 1");
    otb.apply(White, Event::place(A8, Role::Bishop));
    otb.apply(White, Event::Release);
    assert!(matches!(otb.duty(), Duty::Complete(_)), "the pawn is still on a7");
    otb.apply(White, Event::remove(A7));
    assert_eq!(completed(&otb.apply(White, Event::PressClock)), Move::promotion(A7, A8, Role::Bishop));
}

#[test]
fn the_clock_pressed_before_the_promotion_piece_is_placed() {
    let mut otb = at("7k/P7/8/8/8/8/8/4K3 w - - 0 1");
    move_and_release(&mut otb, White, A7, A8);
    let answer = otb.apply(White, Event::PressClock);
    let queen = Move::promotion(A7, A8, Role::Queen);
    match answer.ruling {
        Ruling::IllegalMove {
            article: "7.5.2",
            stands: Some(m),
            penalty: Some(Penalty::ExtraTime { to: Black, minutes: 2 }),
        } => {
            assert_eq!(m, queen)
        }
        _ => panic!("{answer}"),
    }
    assert_eq!(otb.board().piece_at(A8), Some(Piece::new(White, Role::Queen)));
    assert_eq!(otb.moves(), [queen]);
    assert_eq!(otb.turn(), Black);
    // Even when no queen is at hand: the arbiter's queen.
    let mut otb = at("7k/P7/8/8/8/8/8/3QK3 w - - 0 1");
    move_and_release(&mut otb, White, A7, A8);
    let answer = otb.apply(White, Event::PressClock);
    assert!(matches!(answer.ruling, Ruling::IllegalMove { article: "7.5.2", .. }), "{answer}");
    assert_eq!(otb.position().board().by_piece(Piece::new(White, Role::Queen)).count(), 2);
}

#[test]
fn a_pinned_pawn_on_the_last_rank_is_taken_back_not_queened() {
    // The pawn on b7 is pinned by the bishop on a8... against the king on c6? Use a rook pin on the 7th rank.
    let mut otb = at("7k/rP2K3/8/8/8/8/8/8 w - - 0 1");
    let moved = otb.apply(White, Event::move_piece(B7, B8));
    assert_eq!(moved.remarks, [Remark::NotALegalMove]);
    otb.apply(White, Event::Release);
    let answer = otb.apply(White, Event::PressClock);
    assert!(matches!(answer.ruling, Ruling::IllegalMove { article: "7.5.1", .. }), "{answer}");
    assert!(otb.at_rest());
    assert!(otb.moves().is_empty());
}

// ---- 9: draws at the board ----

#[test]
fn a_draw_offer_made_with_the_move_and_accepted() {
    let mut otb = OverTheBoard::new(Position::startpos());
    otb.act_out(mv(&otb, "e2e4")).expect("e4");
    otb.act_out(mv(&otb, "e7e5")).expect("e5");
    move_and_release(&mut otb, White, G1, F3);
    let answer = otb.apply(White, Event::OfferDraw);
    assert!(answer.remarks.is_empty(), "offered after the move, before the clock: {answer}");
    otb.apply(White, Event::PressClock);
    assert_eq!(otb.draw_offer(), Some(White));
    let answer = otb.apply(Black, Event::AcceptDraw);
    assert!(matches!(answer.ruling, Ruling::Ended(Ending::Rules(o)) if o.reason == Reason::Agreement), "{answer}");
}

#[test]
fn no_draw_is_agreed_before_both_players_have_moved() {
    let mut otb = OverTheBoard::new(Position::startpos());
    move_and_release(&mut otb, White, E2, E4);
    otb.apply(White, Event::OfferDraw);
    otb.apply(White, Event::PressClock);
    let answer = otb.apply(Black, Event::AcceptDraw);
    assert_eq!(answer.ruling, Ruling::Refused(Refusal::TooEarlyToAgree), "{answer}");
    assert_eq!(answer.article(), Some("5.2.3"));
    assert_eq!(otb.ending(), None);
    // The offer stands until Black answers it or touches a piece (9.1.2.2).
    assert_eq!(otb.draw_offer(), Some(White));
}

#[test]
fn a_resignation_is_a_draw_when_the_opponent_could_never_mate() {
    // White, with king and queen, resigns against a bare king.
    let pos = fen::read("4k3/8/8/8/8/8/8/3QK3 w - - 0 40").expect("a legal position");
    let mut otb = OverTheBoard::new(pos);
    let answer = otb.apply(White, Event::Resign);
    assert!(
        matches!(answer.ruling, Ruling::Ended(Ending::Rules(o)) if o.reason == Reason::ResignationVsInsufficientMaterial && o.result == GameResult::Draw),
        "{answer}"
    );
}

#[test]
fn touching_a_piece_rejects_a_draw_offer() {
    let mut otb = OverTheBoard::new(Position::startpos());
    let answer = otb.apply(White, Event::OfferDraw);
    assert_eq!(answer.remarks, [Remark::OfferTiming]);
    otb.act_out(mv(&otb, "e2e4")).expect("e4");
    // The offer was made before the move; it still stands for Black.
    assert_eq!(otb.draw_offer(), Some(White));
    let answer = otb.apply(Black, Event::touch(E7));
    assert_eq!(answer.remarks, [Remark::OfferRejected]);
    assert_eq!(otb.draw_offer(), None);
    refused_under(&otb.apply(Black, Event::AcceptDraw), "9.1.2.1");
}

#[test]
fn an_incorrect_claim_with_a_move_obliges_that_move() {
    let mut otb = at("4k3/8/8/8/8/8/4P3/4K2R w K - 98 80");
    let announced = mv(&otb, "h1h2");
    let answer = otb.apply(White, Event::ClaimDraw { claim: Claim::FiftyMoves, announced: Some(announced) });
    assert!(
        matches!(
            answer.ruling,
            Ruling::Arbiter(ArbiterAction::ClaimRejected { to: Black, minutes: 2, must_play: Some(_) })
        ),
        "{answer}"
    );
    assert_eq!(otb.duty(), Duty::Announced(announced));
    refused_under(&otb.apply(White, Event::move_piece(E2, E4)), "9.5.3");
    otb.act_out(announced).expect("the announced move");
    // Black completes the fifty moves by announcing a king move.
    let king_move = mv(&otb, "e8d8");
    let answer = otb.apply(Black, Event::ClaimDraw { claim: Claim::FiftyMoves, announced: Some(king_move) });
    assert!(matches!(answer.ruling, Ruling::Arbiter(ArbiterAction::DrawUpheld(_))), "{answer}");
    assert!(otb.ending().is_some());
}

// ---- the transcript ----

#[test]
fn the_transcript_says_every_event_and_answer() {
    let mut otb = at(CASTLE_BOTH);
    otb.apply(White, Event::touch(H1));
    otb.apply(White, Event::touch(E1));
    move_and_release(&mut otb, White, E1, G1);
    otb.act_out(mv(&otb, "h1g1")).ok();
    let text = otb.transcript_text();
    let expected = "\
White touches the rook on h1: White must move the rook on h1 (FIDE 4.3.1); no castling with it on this move (FIDE 4.4.2).
White touches the king on e1: White must move the rook on h1 (FIDE 4.3.1); no castling with it on this move (FIDE 4.4.2).
White moves the king from e1 to g1: Not allowed: White must move the rook on h1 (FIDE 4.3.1); no castling with it on this move (FIDE 4.4.2).
White touches the rook on h1: White must move the rook on h1 (FIDE 4.3.1); no castling with it on this move (FIDE 4.4.2).
White moves the rook from h1 to g1: Letting go of the rook on g1 makes the move Rh1-g1 (FIDE 4.7).
White lets go of the rook on g1: The move Rh1-g1 is made and cannot be changed (FIDE 4.7): White presses the clock.
White presses the clock: The move Rh1-g1 is complete; Black to move.";
    assert_eq!(text, expected);
}
