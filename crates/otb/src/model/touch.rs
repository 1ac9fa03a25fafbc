//! Touching and adjusting pieces, and the touch-move duties they bring
//! (FIDE 4.2 to 4.5, castling by the touched king and rook 4.4.1 to 4.4.3),
//! and the opponent's claim against a breach of them, in time (4.8).

use super::{OverTheBoard, Turn, captured_square, involves};
use crate::answer::{ArbiterAction, Duty, Refusal, Remark, Ruling};
use lawbook_board::{Bitboard, Color, Piece, Rank, Role, Square};
use lawbook_movegen::{CastlingSide, Move};

/// The side a castling move goes to.
fn castling_side(m: Move) -> CastlingSide {
    if m.is_short_castle() { CastlingSide::Short } else { CastlingSide::Long }
}

impl OverTheBoard {
    /// Adjusting, "j'adoube" said first: no touch-move, only by the player
    /// having the move (4.2.1).
    pub(super) fn adjust(&mut self, side: Color, square: Square) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if side != self.turn() {
            return Err(Refusal::AdjustOutOfTurn);
        }
        if self.table.board.piece_at(square).is_none() {
            return Err(Refusal::NothingThere(square));
        }
        Ok((Ruling::Accepted, Vec::new()))
    }

    /// Clearly accidental contact with a piece: no touch-move (4.2.2).
    pub(super) fn brush(&mut self, square: Square) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if self.table.board.piece_at(square).is_none() {
            return Err(Refusal::NothingThere(square));
        }
        Ok((Ruling::Accepted, Vec::new()))
    }

    /// Feeling a piece in its hole: on the board of a blind or visually
    /// impaired player no touch (D.2.2); for a sighted player it is contact
    /// with a piece, which counts as a touch with intent (4.2.2, D.2.5).
    pub(super) fn feel(&mut self, side: Color, square: Square) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if self.settings.visually_impaired[side] {
            return self.brush(square);
        }
        self.touch(side, square)
    }

    /// Records a piece touched with intent (4.3), once.
    pub(super) fn record_touch(&mut self, origin: Square) {
        if !self.table.turn.touched.contains(&origin) {
            self.table.turn.touched.push(origin);
        }
    }

    /// Touching a piece with intent (4.3): touch-move applies.
    pub(super) fn touch(&mut self, side: Color, square: Square) -> Result<(Ruling, Vec<Remark>), Refusal> {
        if self.table.board.piece_at(square).is_none() {
            return Err(Refusal::NothingThere(square));
        }
        if side != self.turn() {
            return Ok((Ruling::Accepted, vec![Remark::NotYourMove]));
        }
        let mut remarks = Vec::new();
        self.touch_rejects_offer(side, &mut remarks);
        let origin = self.origin_of(square);
        if self.table.turn.placed.iter().any(|(s, _)| *s == square) {
            return Ok((Ruling::Accepted, remarks));
        }
        if let Some(frozen) = &self.table.turn.frozen {
            let pos = self.position();
            let needed = frozen.iter().any(|&m| involves(m, origin) || captured_square(pos, m) == Some(origin));
            if !needed {
                remarks.push(Remark::MoveAlreadyMade);
            }
            return Ok((Ruling::Accepted, remarks));
        }
        self.record_touch(origin);
        Ok((Ruling::Accepted, remarks))
    }

    /// `side` claims that the opponent's move just completed broke
    /// touch-move (4.8): in time, before touching a piece, the move is
    /// taken back and the pieces the opponent touched bind again (4.3).
    pub(super) fn claim_touch_move(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        match &self.breach {
            Some(breach) if breach.offender == !side => {}
            _ => return Err(Refusal::NoTouchBreach),
        }
        if !self.table.turn.touched.is_empty() || !self.at_rest() {
            return Err(Refusal::TouchClaimTooLate);
        }
        let Some(breach) = self.breach.take() else { return Err(Refusal::NoTouchBreach) };
        self.game = breach.before;
        self.table.board = *self.game.position().board();
        self.table.turn = Turn { touched: breach.touched, ..Turn::default() };
        Ok((Ruling::Arbiter(ArbiterAction::TouchMoveUpheld), Vec::new()))
    }

    /// Rooks touched before the king: no castling with them on this move (4.4.2).
    fn no_castling_with(&self) -> Bitboard {
        let pos = self.position();
        let us = pos.turn();
        let touched = &self.table.turn.touched;
        let king = touched.iter().position(|&s| s == pos.king_of(us));
        touched
            .iter()
            .enumerate()
            .filter(|&(i, &s)| {
                pos.board().piece_at(s) == Some(Piece::new(us, Role::Rook)) && king.is_none_or(|k| i < k)
            })
            .map(|(_, &s)| s)
            .collect()
    }

    /// The king touched first to castle (4.4.1, 4.4.3, 4.7.2): the side, and
    /// the rook when one was touched.
    fn castling_intent(&self) -> Option<(CastlingSide, Option<Square>)> {
        let pos = self.position();
        let us = pos.turn();
        let king = pos.king_of(us);
        let touched = &self.table.turn.touched;
        if touched.first() != Some(&king) || king.rank() != Rank::First.relative(us) {
            return None;
        }
        let side_of = |file_from: usize, file_to: usize| {
            if file_to > file_from { CastlingSide::Short } else { CastlingSide::Long }
        };
        // The king put down on a castling square, more than one step away (4.7.2).
        if let Some(now) = self.displaced(king).and_then(|d| d.now)
            && now.rank() == king.rank()
            && king.file().index().abs_diff(now.file().index()) >= 2
            && matches!(now.file().char(), 'c' | 'g')
        {
            return Some((side_of(king.file().index(), now.file().index()), None));
        }
        // The king and then a rook on its rank (4.4.1).
        let own: Vec<Square> = touched.iter().copied().filter(|&s| pos.board().color_at(s) == Some(us)).collect();
        match own.get(1) {
            Some(&rook)
                if pos.board().piece_at(rook) == Some(Piece::new(us, Role::Rook)) && rook.rank() == king.rank() =>
            {
                Some((side_of(king.file().index(), rook.file().index()), Some(rook)))
            }
            _ => None,
        }
    }

    /// The touch-move rules (4.3 to 4.5) on the touched pieces.
    pub(super) fn touch_move(&self) -> (Duty, Vec<Move>) {
        let pos = self.position();
        let us = pos.turn();
        let no_castling_with = self.no_castling_with();
        let legal: Vec<Move> =
            pos.legal_moves().into_iter().filter(|m| !(m.is_castle() && no_castling_with.contains(m.to()))).collect();
        let touched = &self.table.turn.touched;
        if touched.is_empty() {
            return (Duty::Free, legal);
        }
        let king = pos.king_of(us);
        if let Some((side, rook)) = self.castling_intent() {
            let castling: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| m.is_castle() && castling_side(m) == side && rook.is_none_or(|r| m.to() == r))
                .collect();
            if let Some(&mv) = castling.first() {
                return (Duty::Castle(mv), castling);
            }
            let king_moves: Vec<Move> = legal.iter().copied().filter(|m| m.from() == king).collect();
            if !king_moves.is_empty() {
                return (Duty::KingMove { intended: side }, king_moves);
            }
            return (Duty::Freed { article: "4.4.3", no_castling_with }, legal);
        }
        let own = |s: Square| pos.board().color_at(s) == Some(us);
        let moves_of = |s: Square| -> Vec<Move> { legal.iter().copied().filter(|m| m.from() == s).collect() };
        let captures_of = |s: Square| -> Vec<Move> {
            legal.iter().copied().filter(|&m| captured_square(pos, m) == Some(s)).collect()
        };
        let first_own = touched.iter().copied().find(|&s| own(s));
        let first_enemy = touched.iter().copied().find(|&s| !own(s));
        if let (Some(piece), Some(target)) = (first_own, first_enemy) {
            let both: Vec<Move> =
                moves_of(piece).into_iter().filter(|&m| captured_square(pos, m) == Some(target)).collect();
            if !both.is_empty() {
                return (Duty::CaptureWith { piece, target }, both);
            }
        }
        for &s in touched {
            let role = pos.board().role_at(s).unwrap_or(Role::Pawn);
            if own(s) {
                let moves = moves_of(s);
                if !moves.is_empty() {
                    return (Duty::Move { square: s, role, no_castling_with }, moves);
                }
            } else {
                let captures = captures_of(s);
                if !captures.is_empty() {
                    return (Duty::Capture { square: s, role }, captures);
                }
            }
        }
        (Duty::Freed { article: "4.5", no_castling_with }, legal)
    }
}
