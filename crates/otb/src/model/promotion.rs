//! Completing a promotion: the new piece placed on the square, the pawn off
//! the board (FIDE 3.7.3.3, 4.4.4, 4.6, 4.7.3, a piece not at hand 6.11.2, a
//! pawn left unpromoted 7.5.2).

use super::{Displaced, Held, OverTheBoard};
use crate::answer::{Refusal, Remark, Ruling};
use crate::event::Hand;
use lawbook_board::{Color, Piece, Rank, Role, Square};
use lawbook_movegen::{Move, Position};

impl OverTheBoard {
    /// Placing the new piece of a promotion (4.6, 4.7.3; final once it touched the square, 4.4.4).
    pub(super) fn place(
        &mut self,
        side: Color,
        square: Square,
        role: Role,
        hand: Hand,
    ) -> Result<(Ruling, Vec<Remark>), Refusal> {
        self.own_move(side)?;
        if matches!(role, Role::King | Role::Pawn) {
            return Err(Refusal::NotAPromotionPiece(role));
        }
        if let Some(&(_, chosen)) = self.table.turn.placed.first() {
            return Err(if chosen == role { Refusal::OwnPieceThere(square) } else { Refusal::ChoiceFinal(chosen) });
        }
        let own_pawn = Piece::new(side, Role::Pawn);
        let on_square = self.table.board.piece_at(square);
        if on_square.is_some_and(|p| p.color == side && p != own_pawn) {
            return Err(Refusal::OwnPieceThere(square));
        }
        // Which pawn is promoted: one lifted off, standing on the square, or
        // still on its square (4.6.1, 4.6.2).
        let pawn_ready = |otb: &OverTheBoard, m: Move| match otb.displaced(m.from()) {
            Some(d) => d.now.is_none() || d.now == Some(square),
            None => otb.table.board.piece_at(m.from()) == Some(own_pawn),
        };
        let legal_fits: Vec<Move> = self
            .position()
            .legal_moves()
            .into_iter()
            .filter(|&m| m.promotion_role() == Some(role) && m.to() == square && pawn_ready(self, m))
            .collect();
        let pawn = legal_fits
            .iter()
            .map(|m| m.from())
            .find(|&from| self.displaced(from).is_some())
            .or_else(|| legal_fits.first().map(|m| m.from()))
            .ok_or(Refusal::NotAPromotion(square))?;
        let mut remarks = Vec::new();
        self.use_hand(hand, &mut remarks);
        self.touch_rejects_offer(side, &mut remarks);
        let frozen = self.table.turn.frozen.is_some();
        if !frozen {
            self.record_touch(pawn);
        }
        let (duty, allowed) = self.enforced_with_duty();
        let fits: Vec<Move> = allowed.into_iter().filter(|m| legal_fits.contains(m) && m.from() == pawn).collect();
        if fits.is_empty() {
            return Err(if frozen { Refusal::MoveMade(self.allowed_moves()) } else { Refusal::TouchMove(duty) });
        }
        if self.table.spares[side][role.index()] == 0 {
            return Err(Refusal::NotAvailable(Piece::new(side, role)));
        }
        if let Some(held) = self.table.turn.holding.take() {
            self.release(held);
        }
        match on_square {
            Some(p) if p == own_pawn => {
                self.table.board.discard_piece_at(square);
                let origin = self.origin_of(square);
                match self.table.turn.displaced.iter_mut().find(|d| d.origin == origin) {
                    Some(d) => d.now = None,
                    None => self.table.turn.displaced.push(Displaced { origin, now: None }),
                }
                self.table.spares[side][Role::Pawn.index()] += 1;
            }
            Some(enemy) => self.table.turn.beneath.push((square, enemy)),
            None => {}
        }
        self.table.board.set_piece_at(square, Piece::new(side, role));
        self.table.spares[side][role.index()] -= 1;
        self.table.turn.placed.push((square, role));
        self.table.turn.holding = Some(Held::New(square));
        self.table.turn.wanted = None;
        // The choice is final once the piece touched the square (4.4.4).
        self.table.turn.frozen = Some(fits);
        Ok((Ruling::Accepted, remarks))
    }

    /// A pawn moved to the last rank and left there without a new piece,
    /// where the board is otherwise the queen promotion: that promotion.
    pub(super) fn unpromoted_pawn(&self, pos: &Position) -> Option<Move> {
        let us = pos.turn();
        let last = Rank::Eighth.relative(us);
        if !self.table.turn.placed.is_empty() {
            return None;
        }
        self.table.turn.displaced.iter().find_map(|d| {
            let now = d.now?;
            if pos.board().piece_at(d.origin) != Some(Piece::new(us, Role::Pawn)) || now.rank() != last {
                return None;
            }
            let mv = Move::promotion(d.origin, now, Role::Queen);
            if !pos.is_legal(mv) {
                return None;
            }
            let mut board = self.table.board;
            board.set_piece_at(now, Piece::new(us, Role::Queen));
            (board == *pos.play_unchecked(mv).board()).then_some(mv)
        })
    }
}
