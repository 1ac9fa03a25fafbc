//! Fully legal move generation (never pseudo-legal then filtered).
//!
//! Once per position: the checkers (found here, not kept by [`Position`]), the pinned pieces
//! and the target mask (anywhere, or only the check's line when in single
//! check). Each piece then gets its legal targets as one [`Bitboard`], which a
//! [`Sink`] either lists or just counts. Pinned pieces are handled apart from
//! the others (they are rare, and never move when the king is in check), so
//! the common loops carry no pin test.
//!
//! The same generator lists a part of the moves when given a [`Scope`]
//! (some kinds of piece, from some squares, to some squares): the masks are
//! applied to the sets it already computes, so the rules are written once.
//! Unscoped generation passes no masks at all (`SCOPED` is false, and every
//! mask is a constant the compiler removes).

use crate::attacks::attackers;
use crate::attacks::{
    CASTLING_EMPTY, CASTLING_KING_PATH, between, bishop_attacks, empty_board_attacks, king_attacks, knight_attacks,
    line, pawn_attacks, rook_attacks,
};
use crate::{MAX_MOVES, Move, MoveList, Position};
use lawbook_board::{Bitboard, Board, Color, Piece, Rank, Role, Square};

/// Receives legal moves in batches.
pub(crate) trait Sink {
    /// Ordinary moves of the piece on `from` (a `role`) to each of `targets`.
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard);
    /// Promotions (to each of the four pieces) of the pawn on `from` to each of `targets`.
    fn promotions(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves that do not promote, to each of `targets`, each from
    /// `delta` squares back.
    fn pawn_set(&mut self, targets: Bitboard, delta: i32);
    /// Pawn moves that do not promote, each from `delta` squares back
    /// (`up` for pushes, `2 * up` for double steps, `up - 1` and `up + 1`
    /// for captures). The sets of pushes, double steps and left captures
    /// are disjoint; the right captures may share squares with the left ones.
    #[inline(always)]
    fn pawns(&mut self, pushes: Bitboard, doubles: Bitboard, left: Bitboard, right: Bitboard, up: i32) {
        self.pawn_set(pushes, up);
        self.pawn_set(doubles, 2 * up);
        self.pawn_set(left, up - 1);
        self.pawn_set(right, up + 1);
    }
    /// Promotions to each of `targets`, each from `delta` squares back.
    fn pawn_promotions(&mut self, targets: Bitboard, delta: i32);
    /// One special move (en passant or castling).
    fn special(&mut self, mv: Move);
}

#[inline(always)]
fn back(to: Square, delta: i32) -> Square {
    Square::new_masked((to as i32 - delta) as u32)
}

/// Lists the moves into a [`MoveList`], which it empties first.
///
/// Writes without a capacity test: [`MAX_MOVES`] bounds the legal moves of
/// any position, so a list that starts empty never overflows.
pub(crate) struct Collect<'a> {
    list: &'a mut MoveList,
    len: usize,
}

impl<'a> Collect<'a> {
    #[inline(always)]
    pub(crate) fn new(list: &'a mut MoveList) -> Collect<'a> {
        list.clear();
        Collect { list, len: 0 }
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        debug_assert!(self.len < MAX_MOVES);
        // SAFETY: the list was emptied by `new` and only this sink writes to it;
        // a position has at most MAX_MOVES legal moves (see its proof), so
        // `len < MAX_MOVES` and the slot is inside the list's buffer. The
        // length is published by `finish` once every slot below it is written.
        unsafe { self.list.as_mut_ptr().add(self.len).write(mv) };
        self.len += 1;
    }

    /// Makes the written moves the list's contents.
    #[inline(always)]
    pub(crate) fn finish(self) {
        // SAFETY: slots `0..len` were written by `push`, and `len <= MAX_MOVES`.
        unsafe { self.list.set_len(self.len) };
    }
}

impl Sink for Collect<'_> {
    #[inline(always)]
    fn piece(&mut self, _: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            for role in Role::PROMOTIONS {
                self.push(Move::promotion_fast(from, to, role));
            }
        }
    }
    #[inline(always)]
    fn pawn_set(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            self.push(Move::from_target(to, delta));
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
        self.push(mv);
    }
}

/// Plays each move on a copy of the position (the side to move is Black when
/// `BLACK`) and hands both to a function.
pub(crate) struct Children<'a, F, const BLACK: bool> {
    pos: &'a Position,
    f: F,
}

impl<'a, F: FnMut(Move, &Position), const BLACK: bool> Children<'a, F, BLACK> {
    #[inline(always)]
    pub(crate) fn new(pos: &'a Position, f: F) -> Self {
        Children { pos, f }
    }

    #[inline(always)]
    fn play(&mut self, mv: Move, from: Square, to: Square, moving: Role, placed: Role) {
        let mut child = *self.pos;
        child.play_piece(self.pos, if BLACK { Color::Black } else { Color::White }, from, to, moving, placed);
        (self.f)(mv, &child);
    }
}

impl<F: FnMut(Move, &Position), const BLACK: bool> Sink for Children<'_, F, BLACK> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.play(Move::normal(from, to), from, to, role, role);
        }
    }
    #[inline(always)]
    fn promotions(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            for role in Role::PROMOTIONS {
                self.play(Move::promotion_fast(from, to, role), from, to, Role::Pawn, role);
            }
        }
    }
    #[inline(always)]
    fn pawn_set(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            self.play(Move::from_target(to, delta), back(to, delta), to, Role::Pawn, Role::Pawn);
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
        let mut child = *self.pos;
        child.play_special(mv);
        (self.f)(mv, &child);
    }
}

/// Counts the moves.
pub(crate) struct Count(pub(crate) u64);

/// The number of squares in `set`. (Counting by clearing the lowest square
/// until none is left saves a few instructions on the default x86-64
/// target, which has no `popcnt`, but mispredicted loop exits made it slower
/// in wall time; measured, not kept.)
#[inline(always)]
fn squares_in(set: Bitboard) -> u64 {
    u64::from(set.0.count_ones())
}

impl Sink for Count {
    #[inline(always)]
    fn pawn_set(&mut self, targets: Bitboard, _: i32) {
        self.0 += squares_in(targets);
    }
    #[inline(always)]
    fn piece(&mut self, _: Role, _: Square, targets: Bitboard) {
        self.0 += squares_in(targets);
    }
    #[inline(always)]
    fn promotions(&mut self, _: Square, targets: Bitboard) {
        self.0 += 4 * squares_in(targets);
    }
    #[inline(always)]
    fn pawns(&mut self, pushes: Bitboard, doubles: Bitboard, left: Bitboard, right: Bitboard, _: i32) {
        // Pushes land on empty squares and captures on enemy pieces, so only
        // the two capture sets can overlap.
        self.0 += squares_in(pushes | doubles | left) + squares_in(right);
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, targets: Bitboard, _: i32) {
        self.0 += 4 * squares_in(targets);
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Which moves a scoped generation lists: those of the pieces of kind
/// `role` standing on `from` and landing on `to` (castling lands on the
/// rook's square, en passant on the en passant square).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scope {
    role: Role,
    from: Bitboard,
    to: Bitboard,
}

impl Scope {
    /// The moves of the pieces of kind `role` on `from` to `to`.
    #[inline(always)]
    pub(crate) fn new(role: Role, from: Bitboard, to: Bitboard) -> Scope {
        Scope { role, from, to }
    }

    /// What unscoped generation is handed: it reads none of it.
    pub(crate) const ALL: Scope = Scope { role: Role::King, from: Bitboard::FULL, to: Bitboard::FULL };
}

/// Finds whether one move is generated.
pub(crate) struct Contains {
    pub(crate) mv: Move,
    pub(crate) found: bool,
}

impl Sink for Contains {
    #[inline(always)]
    fn piece(&mut self, _: Role, from: Square, targets: Bitboard) {
        let to = self.mv.to();
        self.found |= targets.contains(to) && Move::normal(from, to) == self.mv;
    }
    #[inline(always)]
    fn promotions(&mut self, from: Square, targets: Bitboard) {
        let (mv, to) = (self.mv, self.mv.to());
        self.found |=
            targets.contains(to) && mv.promotion_role().is_some_and(|r| Move::promotion_fast(from, to, r) == mv);
    }
    #[inline(always)]
    fn pawn_set(&mut self, targets: Bitboard, delta: i32) {
        let to = self.mv.to();
        self.found |= targets.contains(to) && Move::from_target(to, delta) == self.mv;
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, targets: Bitboard, delta: i32) {
        let to = self.mv.to();
        if targets.contains(to) {
            self.promotions(back(to, delta), Bitboard::from_square(to));
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.found |= mv == self.mv;
    }
}

/// The squares the king on `king` could step to: its neighbours not held by
/// its own pieces, `ours` (whether they are safe is [`king_step_is_safe`]).
#[inline(always)]
fn king_steps(king: Square, ours: Bitboard) -> Bitboard {
    king_attacks(king) - ours
}

/// Whether the king may step to `to`, a square of [`king_steps`]: no piece
/// of `them` attacks it once the king has left its square (`without_king`
/// is the occupied squares without it: a line piece behind the king still
/// attacks through it).
#[inline(always)]
fn king_step_is_safe(board: &Board, them: Color, without_king: Bitboard, to: Square) -> bool {
    attackers(board, to, them, without_king).is_empty()
}

/// Whether the king of the side to move has a legal step (castling aside),
/// stopping at the first safe square found.
#[inline(always)]
pub(crate) fn king_can_step(pos: &Position) -> bool {
    let us = pos.turn;
    let king = pos.king_of(us);
    let without_king = pos.board.occupied().without(king);
    king_steps(king, pos.board.by_color(us)).into_iter().any(|to| king_step_is_safe(&pos.board, !us, without_king, to))
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
    // One copy of the generator per side to move, so that every
    // colour-dependent shift, mask and table is a constant.
    match pos.turn {
        Color::White => generate_for::<S, false, false, 0>(pos, sink, Scope::ALL),
        Color::Black => generate_for::<S, true, false, 0>(pos, sink, Scope::ALL),
    }
}

/// The legal moves within `scope`, generated by the same code: a copy of it
/// per side to move and kind of piece, so that the code of the other kinds
/// is left out when compiled (a SAN move or a move to check names one kind).
#[inline(always)]
pub(crate) fn generate_scoped<S: Sink>(pos: &Position, sink: &mut S, scope: Scope) {
    match pos.turn {
        Color::White => generate_scoped_for::<S, false>(pos, sink, scope),
        Color::Black => generate_scoped_for::<S, true>(pos, sink, scope),
    }
}

#[inline(always)]
fn generate_scoped_for<S: Sink, const BLACK: bool>(pos: &Position, sink: &mut S, scope: Scope) {
    match scope.role {
        Role::Pawn => generate_for::<S, BLACK, true, { Role::Pawn.index() }>(pos, sink, scope),
        Role::Knight => generate_for::<S, BLACK, true, { Role::Knight.index() }>(pos, sink, scope),
        Role::Bishop => generate_for::<S, BLACK, true, { Role::Bishop.index() }>(pos, sink, scope),
        Role::Rook => generate_for::<S, BLACK, true, { Role::Rook.index() }>(pos, sink, scope),
        Role::Queen => generate_for::<S, BLACK, true, { Role::Queen.index() }>(pos, sink, scope),
        Role::King => generate_for::<S, BLACK, true, { Role::King.index() }>(pos, sink, scope),
    }
}

/// The legal moves of the side to move (Black when `BLACK`): all of them,
/// or when `SCOPED` only those within `scope`, whose kind of piece is the
/// one of index `ROLE` (unscoped generation reads neither).
#[inline(always)]
pub(crate) fn generate_for<S: Sink, const BLACK: bool, const SCOPED: bool, const ROLE: usize>(
    pos: &Position,
    sink: &mut S,
    scope: Scope,
) {
    debug_assert!(!SCOPED || scope.role.index() == ROLE);
    let board = &pos.board;
    let us = if BLACK { Color::Black } else { Color::White };
    let them = !us;
    let occupied = board.occupied();
    let ours = board.by_color(us);
    let theirs = board.by_color(them);
    let king = pos.king_of(us);

    // The scope, as masks on the sets computed below (constants when unscoped).
    let to_mask = if SCOPED { scope.to } else { Bitboard::FULL };
    let movable = |role: Role, pieces: Bitboard| {
        if !SCOPED {
            pieces
        } else if role.index() == ROLE {
            pieces & scope.from
        } else {
            Bitboard::EMPTY
        }
    };
    let king_moves = !SCOPED || movable(Role::King, Bitboard::from_square(king)).any();

    // King steps: to any neighbour not attacked once the king has left its
    // square (a line piece behind the king still attacks through it).
    if king_moves {
        let without_king = occupied.without(king);
        let mut safe = Bitboard::EMPTY;
        for to in king_steps(king, ours) & to_mask {
            if king_step_is_safe(board, them, without_king, to) {
                safe.add(to);
            }
        }
        sink.piece(Role::King, king, safe);
    }

    // The enemy line pieces on a line with our king (on an empty board): a
    // checker when nothing stands between, a pinner when one of ours alone
    // does. The other checkers are pawns and knights (a king never checks).
    let snipers = ((empty_board_attacks(Piece::new(us, Role::Rook), king) & board.rooks_and_queens())
        | (empty_board_attacks(Piece::new(us, Role::Bishop), king) & board.bishops_and_queens()))
        & theirs;
    let mut checkers = ((pawn_attacks(us, king) & board.pawns()) | (knight_attacks(king) & board.knights())) & theirs;
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(king, sniper) & occupied;
        // Without a branch on the checker, which the CPU cannot foresee.
        checkers.0 |= u64::from(blockers.is_empty()) << sniper as u32;
        if !blockers.more_than_one() {
            pinned |= blockers & ours;
        }
    }
    debug_assert_eq!(checkers, attackers(board, king, them, occupied));

    let target = match checkers.single_square() {
        None if checkers.any() => return, // double check: only the king can move
        None => !ours,
        Some(checker) => between(king, checker).with(checker),
    } & to_mask;

    let free = ours - pinned;
    for from in movable(Role::Knight, board.knights() & free) {
        sink.piece(Role::Knight, from, knight_attacks(from) & target);
    }
    for from in movable(Role::Bishop, board.bishops() & free) {
        sink.piece(Role::Bishop, from, bishop_attacks(from, occupied) & target);
    }
    for from in movable(Role::Rook, board.rooks() & free) {
        sink.piece(Role::Rook, from, rook_attacks(from, occupied) & target);
    }
    for from in movable(Role::Queen, board.queens() & free) {
        sink.piece(Role::Queen, from, (bishop_attacks(from, occupied) | rook_attacks(from, occupied)) & target);
    }

    // Pawns that are not pinned move as a set; only pawns on the seventh
    // rank promote.
    let pawns = movable(Role::Pawn, board.pawns() & ours);
    let empty = !occupied;
    let seventh = Bitboard::from_rank(Rank::Seventh.relative(us));
    let third = Bitboard::from_rank(Rank::Third.relative(us));
    let up = us.fold(8, -8);
    // Captures towards the a-file land `up - 1` squares on, towards the h-file `up + 1`.
    let diagonals = |pawns: Bitboard| {
        let ahead = forward(pawns, us);
        (ahead.shift_left() & theirs & target, ahead.shift_right() & theirs & target)
    };
    let movers = pawns & free;
    // A scope without pawns (most moves read from SAN) skips the sets.
    if !SCOPED || movers.any() {
        let low = movers - seventh;
        let single = forward(low, us) & empty;
        let double = forward(single & third, us) & empty & target;
        let (to_left, to_right) = diagonals(low);
        sink.pawns(single & target, double, to_left, to_right, up);
        let high = movers & seventh;
        if high.any() {
            let (to_left, to_right) = diagonals(high);
            sink.pawn_promotions(forward(high, us) & empty & target, up);
            sink.pawn_promotions(to_left, up - 1);
            sink.pawn_promotions(to_right, up + 1);
        }
    }

    // Pinned pieces move only along the pin, and never out of check (no
    // square of the pin line blocks or captures another checker).
    let pinned = pinned & ours;
    if checkers.is_empty() && pinned.any() {
        for from in movable(Role::Bishop, pinned & board.bishops()) {
            sink.piece(Role::Bishop, from, bishop_attacks(from, occupied) & target & line(king, from));
        }
        for from in movable(Role::Rook, pinned & board.rooks()) {
            sink.piece(Role::Rook, from, rook_attacks(from, occupied) & target & line(king, from));
        }
        for from in movable(Role::Queen, pinned & board.queens()) {
            let attacks = bishop_attacks(from, occupied) | rook_attacks(from, occupied);
            sink.piece(Role::Queen, from, attacks & target & line(king, from));
        }
        for from in pinned & pawns {
            let one = forward(Bitboard::from_square(from), us) & empty;
            let two = forward(one & third, us) & empty;
            let to = (one | two | (pawn_attacks(us, from) & theirs)) & line(king, from) & to_mask;
            if seventh.contains(from) {
                sink.promotions(from, to);
            } else {
                sink.piece(Role::Pawn, from, to);
            }
        }
    }

    if let Some(ep) = pos.ep_square.filter(|&ep| !SCOPED || to_mask.contains(ep)) {
        for from in pawn_attacks(them, ep) & pawns {
            if pos.ep_capture_is_legal(from, ep, us) {
                sink.special(Move::en_passant(from, ep));
            }
        }
    }

    let rights = pos.castling & ours & to_mask;
    if king_moves && checkers.is_empty() && rights.any() {
        castling(pos, king, rights, occupied, sink);
    }
}

/// Castling (FIDE 3.8.2): the king and the rook have the right (they never
/// moved), every square either passes over or lands on is empty but for the
/// two of them, and no square of the king's way, its start and landing
/// square included, is attacked. The rook may be attacked, and so may a
/// square only the rook crosses (b1 in long castling).
#[inline(always)]
fn castling<S: Sink>(pos: &Position, king: Square, rights: Bitboard, occupied: Bitboard, sink: &mut S) {
    let them = !pos.turn;
    for rook in rights {
        // A right's rook shares the king's rank (the validator and play keep it so).
        let index = king.index() * 8 + rook.file().index();
        if CASTLING_EMPTY[index] & occupied.0 != 0 {
            continue;
        }
        // The king's start is known not to be attacked (no checkers). A line
        // piece aiming along the first rank sees through both castling pieces.
        let seen = occupied.without(king).without(rook);
        let king_path = Bitboard(CASTLING_KING_PATH[index]);
        if king_path.squares().all(|sq| attackers(&pos.board, sq, them, seen).is_empty()) {
            sink.special(Move::castle(king, rook));
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
