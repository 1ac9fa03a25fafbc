//! Fully legal move generation (never pseudo-legal then filtered).
//!
//! Once per position: the checkers (kept by [`Position`]), the pinned pieces
//! and the target mask (anywhere, or only the check's line when in single
//! check). Each piece then gets its legal targets as one [`Bitboard`], which a
//! [`Sink`] either lists or just counts.

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use crate::position::attackers;
use crate::{Move, MoveList, Position};
use lawbook_board::{Bitboard, Color, Rank, Role, Square};

/// Receives legal moves in batches.
pub(crate) trait Sink {
    /// Ordinary moves from `from` to each of `targets`.
    fn targets(&mut self, from: Square, targets: Bitboard);
    /// Promotions (to each of the four pieces) from `from` to each of `targets`.
    fn promotions(&mut self, from: Square, targets: Bitboard);
    /// Ordinary pawn moves to each of `targets`, each from `delta` squares back.
    fn pawns(&mut self, targets: Bitboard, delta: i32);
    /// Promotions to each of `targets`, each from `delta` squares back.
    fn pawn_promotions(&mut self, targets: Bitboard, delta: i32);
    /// One special move (en passant or castling).
    fn special(&mut self, mv: Move);
}

/// Lists the moves.
pub(crate) struct Collect<'a>(pub(crate) &'a mut MoveList);

#[inline(always)]
fn back(to: Square, delta: i32) -> Square {
    Square::new_masked((to as i32 - delta) as u32)
}

impl Sink for Collect<'_> {
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            // Never full: MAX_MOVES bounds the moves of any position.
            let _ = self.0.try_push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            for role in Role::PROMOTIONS {
                let _ = self.0.try_push(Move::promotion(from, to, role));
            }
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            let _ = self.0.try_push(Move::normal(back(to, delta), to));
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            self.promotions(back(to, delta), Bitboard::from_square(to));
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        let _ = self.0.try_push(mv);
    }
}

/// Counts the moves.
pub(crate) struct Count(pub(crate) u64);

impl Sink for Count {
    #[inline(always)]
    fn targets(&mut self, _: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, _: Square, targets: Bitboard) {
        self.0 += 4 * targets.count() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i32) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, targets: Bitboard, _: i32) {
        self.0 += 4 * targets.count() as u64;
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
}

#[inline(always)]
fn forward(bb: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => bb.shift_up(),
        Color::Black => bb.shift_down(),
    }
}

#[inline(always)]
pub(crate) fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    let board = &pos.board;
    let us = pos.turn;
    let them = !us;
    let occupied = board.occupied();
    let ours = board.by_color(us);
    let theirs = board.by_color(them);
    let king = pos.king_of(us);

    // King steps: to any neighbour not attacked once the king has left its
    // square (a line piece behind the king still attacks through it).
    let without_king = occupied.without(king);
    let mut safe = Bitboard::EMPTY;
    for to in king_attacks(king) - ours {
        if attackers(board, to, them, without_king).is_empty() {
            safe.add(to);
        }
    }
    sink.targets(king, safe);

    let checkers = pos.checkers;
    if checkers.more_than_one() {
        return; // double check: only the king can move
    }
    let target = match checkers.first() {
        Some(checker) => between(king, checker).with(checker),
        None => !ours,
    } - ours;

    // Pinned pieces: ours, alone between our king and an enemy line piece.
    let snipers = ((rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
        & theirs;
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(king, sniper) & occupied;
        if !blockers.more_than_one() {
            pinned |= blockers & ours;
        }
    }

    for from in board.knights() & (ours - pinned) {
        sink.targets(from, knight_attacks(from) & target);
    }
    for from in board.bishops_and_queens() & ours {
        let mut to = bishop_attacks(from, occupied) & target;
        if pinned.contains(from) {
            to &= line(king, from);
        }
        sink.targets(from, to);
    }
    for from in board.rooks_and_queens() & ours {
        let mut to = rook_attacks(from, occupied) & target;
        if pinned.contains(from) {
            to &= line(king, from);
        }
        sink.targets(from, to);
    }

    // Pawns that are not pinned move as a set.
    let pawns = board.pawns() & ours;
    let free = pawns - pinned;
    let empty = !occupied;
    let last = Bitboard::from_rank(Rank::Eighth.relative(us));
    let third = Bitboard::from_rank(Rank::Third.relative(us));
    let up = us.fold(8, -8);
    let single = forward(free, us) & empty;
    let double = forward(single & third, us) & empty & target;
    let single = single & target;
    sink.pawns(single - last, up);
    sink.pawn_promotions(single & last, up);
    sink.pawns(double, 2 * up);
    let (left, right) = match us {
        Color::White => (free.shift_up().shift_left(), free.shift_up().shift_right()),
        Color::Black => (free.shift_down().shift_left(), free.shift_down().shift_right()),
    };
    let left = left & theirs & target;
    let right = right & theirs & target;
    sink.pawns(left - last, up - 1);
    sink.pawn_promotions(left & last, up - 1);
    sink.pawns(right - last, up + 1);
    sink.pawn_promotions(right & last, up + 1);

    // Pinned pawns may only move along the pin.
    for from in pawns & pinned {
        let one = forward(Bitboard::from_square(from), us) & empty;
        let two = forward(one & third, us) & empty;
        let to = (one | two | (pawn_attacks(us, from) & theirs)) & target & line(king, from);
        if (to & last).any() {
            sink.promotions(from, to);
        } else {
            sink.targets(from, to);
        }
    }

    if let Some(ep) = pos.ep_square {
        for from in pawn_attacks(them, ep) & pawns {
            if pos.ep_capture_is_legal(from, ep, us) {
                sink.special(Move::en_passant(from, ep));
            }
        }
    }

    if checkers.is_empty() {
        castling(pos, king, occupied, sink);
    }
}

/// Castling (FIDE 3.8.2): the king and the rook have the right (they never
/// moved), every square either passes over or lands on is empty but for the
/// two of them, and no square of the king's way, its start and landing
/// square included, is attacked. The rook may be attacked, and so may a
/// square only the rook crosses (b1 in long castling).
#[inline(always)]
fn castling<S: Sink>(pos: &Position, king: Square, occupied: Bitboard, sink: &mut S) {
    let us = pos.turn;
    let rights = pos.castling & pos.board.by_color(us);
    for rook in rights {
        let mv = Move::castle(king, rook);
        let Some((king_to, rook_to)) = mv.castling_squares() else { continue };
        let king_path = between(king, king_to).with(king_to);
        let must_be_empty = (king_path | between(rook, rook_to).with(rook_to)).without(king).without(rook);
        if (must_be_empty & occupied).any() {
            continue;
        }
        // The king's start is known not to be attacked (no checkers). A line
        // piece aiming along the first rank sees through both castling pieces.
        let seen = occupied.without(king).without(rook);
        if king_path.squares().all(|sq| attackers(&pos.board, sq, !us, seen).is_empty()) {
            sink.special(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;

    #[test]
    fn startpos_has_twenty_moves() {
        let pos = Position::startpos();
        assert_eq!(pos.legal_moves().len(), 20);
        assert_eq!(pos.count_legal(), 20);
    }
}
