//! Moving a piece, letting go of it, capturing, and castling with one hand
//! (FIDE 3.8.2, 4.1, 4.3.2, 4.4.2, 4.7, 4.7.1).

use super::{Displaced, Held, OverTheBoard, captured_square, involves, part_of};
use crate::answer::{Refusal, Remark, Ruling};
use crate::event::Hand;
use lawbook_board::{Color, Role, Square};
use lawbook_movegen::Move;

impl OverTheBoard {
    /// Records the hand used: each move is made with one hand only (4.1).
    pub(super) fn use_hand(&mut self, hand: Hand, remarks: &mut Vec<Remark>) {
        let turn = &mut self.table.turn;
        match turn.hand {
            None => turn.hand = Some(hand),
            Some(h) if h != hand => {
                if !turn.two_hands {
                    remarks.push(Remark::TwoHands);
                }
                turn.two_hands = true;
            }
            Some(_) => {}
        }
    }

    /// Moving an own piece to a square, still holding it (touching it, 4.3.1).
    pub(super) fn move_piece(
        &mut self,
        side: Color,
        from: Square,
        to: Square,
        hand: Hand,
    ) -> Result<(Ruling, Vec<Remark>), Refusal> {
        self.own_move(side)?;
        let piece = self.table.board.piece_at(from).ok_or(Refusal::NothingThere(from))?;
        if piece.color != side {
            return Err(Refusal::NotYourPiece(from));
        }
        if from == to || self.table.board.color_at(to) == Some(side) {
            return Err(Refusal::OwnPieceThere(to));
        }
        if let Some(&(_, role)) = self.table.turn.placed.iter().find(|(s, _)| *s == from) {
            return Err(Refusal::ChoiceFinal(role));
        }
        let origin = self.origin_of(from);
        if let Some(held) = self.table.turn.holding
            && held != Held::Piece(origin)
        {
            self.table.turn.holding = None;
            self.release(held);
        }
        let mut remarks = Vec::new();
        self.use_hand(hand, &mut remarks);
        self.touch_rejects_offer(side, &mut remarks);
        if let Some(frozen) = self.table.turn.frozen.clone() {
            if !frozen.iter().any(|&m| part_of(m, origin, to)) {
                return Err(Refusal::MoveMade(frozen));
            }
        } else {
            self.record_touch(origin);
            let (duty, allowed) = self.enforced_with_duty();
            let fits: Vec<Move> = allowed.iter().copied().filter(|&m| part_of(m, origin, to)).collect();
            if fits.is_empty() {
                let legal = self.position().legal_moves();
                let legal_fits = legal.iter().any(|&m| part_of(m, origin, to));
                let may_move = allowed.iter().any(|&m| involves(m, origin));
                let can_move = legal.iter().any(|&m| involves(m, origin));
                if legal_fits || (can_move && !may_move) {
                    return Err(Refusal::TouchMove(duty));
                }
                remarks.push(Remark::NotALegalMove);
            } else if fits.iter().all(|&m| m.is_castle() && m.to() == origin) {
                // The rook's part of castling: the king must stand on its square already.
                // (In Chess960 the king may already stand there and not move at all.)
                let king_there = fits.iter().any(|&m| {
                    m.castling_squares().is_some_and(|(king_to, _)| match self.displaced(m.from()) {
                        Some(d) => d.now == Some(king_to),
                        None => m.from() == king_to,
                    })
                });
                if !king_there {
                    return Err(Refusal::KingFirst);
                }
            }
        }
        self.lift_and_put(origin, from, to);
        self.table.turn.holding = Some(Held::Piece(origin));
        Ok((Ruling::Accepted, remarks))
    }

    /// Moves the piece on `from` (which stood on `origin`) to `to`; an enemy
    /// piece there stays under it until removed.
    fn lift_and_put(&mut self, origin: Square, from: Square, to: Square) {
        let table = &mut self.table;
        let Some(piece) = table.board.remove_piece_at(from) else { return };
        if let Some(i) = table.turn.beneath.iter().position(|(s, _)| *s == from) {
            let (s, p) = table.turn.beneath.remove(i);
            table.board.set_piece_at(s, p);
        }
        if let Some(enemy) = table.board.piece_at(to) {
            table.turn.beneath.push((to, enemy));
        }
        table.board.set_piece_at(to, piece);
        match table.turn.displaced.iter_mut().find(|d| d.origin == origin) {
            Some(d) => d.now = Some(to),
            None => table.turn.displaced.push(Displaced { origin, now: Some(to) }),
        }
    }

    /// Letting go of the piece in hand (4.7).
    pub(super) fn let_go(&mut self, side: Color) -> Result<(Ruling, Vec<Remark>), Refusal> {
        self.own_move(side)?;
        let held = self.table.turn.holding.take().ok_or(Refusal::NothingInHand)?;
        self.release(held);
        Ok((Ruling::Accepted, Vec::new()))
    }

    /// Lets go of `held`: a piece released as a legal move or part of one
    /// cannot go to another square (4.7).
    pub(super) fn release(&mut self, held: Held) {
        let Held::Piece(origin) = held else { return };
        let Some(at) = self.displaced(origin).and_then(|d| d.now) else { return };
        if at == origin {
            return;
        }
        let candidates = match &self.table.turn.frozen {
            Some(frozen) => frozen.clone(),
            None => self.enforced_with_duty().1,
        };
        let fits: Vec<Move> = candidates.into_iter().filter(|&m| part_of(m, origin, at)).collect();
        if !fits.is_empty() {
            self.table.turn.frozen = Some(fits);
        }
    }

    /// Taking a piece off the board: an enemy piece captured (4.3.2, 4.7.1),
    /// or the own pawn of a promotion (4.6).
    pub(super) fn remove(&mut self, side: Color, square: Square, hand: Hand) -> Result<(Ruling, Vec<Remark>), Refusal> {
        self.own_move(side)?;
        let mut remarks = Vec::new();
        let beneath = self.table.turn.beneath.iter().position(|(s, _)| *s == square);
        let on_top = self.table.board.piece_at(square);
        let enemy = match beneath {
            Some(i) => Some(self.table.turn.beneath[i].1),
            None => on_top.filter(|p| p.color != side),
        };
        if let Some(enemy) = enemy {
            self.use_hand(hand, &mut remarks);
            self.touch_rejects_offer(side, &mut remarks);
            let frozen = self.table.turn.frozen.is_some();
            if !frozen {
                self.record_touch(square);
            }
            let (duty, allowed) = self.enforced_with_duty();
            let pos = *self.position();
            if !allowed.iter().any(|&m| captured_square(&pos, m) == Some(square)) {
                return Err(if frozen {
                    Refusal::MoveMade(allowed)
                } else if pos.legal_moves().iter().any(|&m| captured_square(&pos, m) == Some(square)) {
                    Refusal::TouchMove(duty)
                } else {
                    Refusal::CannotBeCaptured(square)
                });
            }
            match beneath {
                Some(i) => {
                    self.table.turn.beneath.remove(i);
                }
                None => self.table.board.discard_piece_at(square),
            }
            self.table.turn.removed.push((square, enemy));
            self.table.spares[enemy.color][enemy.role.index()] += 1;
            return Ok((Ruling::Accepted, remarks));
        }
        let own = on_top.ok_or(Refusal::NothingThere(square))?;
        if own.role != Role::Pawn || self.table.turn.placed.iter().any(|(s, _)| *s == square) {
            return Err(Refusal::OnlyCapturedOrPawn(square));
        }
        let origin = self.origin_of(square);
        self.use_hand(hand, &mut remarks);
        self.touch_rejects_offer(side, &mut remarks);
        let frozen = self.table.turn.frozen.is_some();
        if !frozen {
            self.record_touch(origin);
        }
        let (duty, allowed) = self.enforced_with_duty();
        let promotes = |m: &Move| m.promotion_role().is_some() && m.from() == origin;
        if !allowed.iter().any(promotes) {
            return Err(if frozen {
                Refusal::MoveMade(allowed)
            } else if self.position().legal_moves().iter().any(promotes) {
                Refusal::TouchMove(duty)
            } else {
                Refusal::OnlyCapturedOrPawn(square)
            });
        }
        self.table.board.discard_piece_at(square);
        match self.table.turn.displaced.iter_mut().find(|d| d.origin == origin) {
            Some(d) => d.now = None,
            None => self.table.turn.displaced.push(Displaced { origin, now: None }),
        }
        if self.table.turn.holding == Some(Held::Piece(origin)) {
            self.table.turn.holding = None;
        }
        self.table.spares[side][Role::Pawn.index()] += 1;
        Ok((Ruling::Accepted, remarks))
    }
}
