//! [`Position`]: a validated, playable game state.

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::{Move, MoveList};
use crate::{MoveKind, zobrist};
use core::fmt;
use lawbook_board::{
    Bitboard, Board, CastlingMode, Color, Piece, PositionError, Rank, Relaxations, Role, Setup, Square,
};

/// A position that can be played from: a [`Setup`] that passed validation,
/// with the side to move's checkers and an incrementally kept Zobrist key.
///
/// Positions are small and `Copy`; [`Position::play`] returns a new one
/// (copy-make), so there is no undo to get wrong.
///
/// The en passant square is kept only when an en passant capture is legal
/// in the position (FIDE 9.2.3: positions are the same when the same moves
/// are possible), so two positions are equal exactly when the laws call them
/// the same, apart from the move counters.
///
/// ```
/// use lawbook_movegen::Position;
/// let pos = Position::startpos();
/// assert_eq!(pos.legal_moves().len(), 20);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) castling: Bitboard,
    pub(crate) checkers: Bitboard,
    pub(crate) hash: u64,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) ep_square: Option<Square>,
    pub(crate) turn: Color,
    pub(crate) mode: CastlingMode,
}

/// A move was refused by [`Position::play`]: it is not legal in the position.
///
/// Hands back the move; the position it was tried on is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayError {
    /// The refused move.
    pub mv: Move,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {:?}", self.mv)
    }
}

impl std::error::Error for PlayError {}

impl Position {
    /// The initial position of a game (FIDE 2.3), White to move.
    pub fn startpos() -> Position {
        Position::from_setup(Setup::standard(), CastlingMode::Standard).expect("the initial position is valid")
    }

    /// Validates `setup` strictly and makes it playable.
    ///
    /// # Errors
    /// A [`PositionError`] naming every [`lawbook_board::Problem`] found, with the setup handed back.
    ///
    /// ```
    /// use lawbook_board::{CastlingMode, Problem, Setup};
    /// use lawbook_movegen::Position;
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(lawbook_board::Square::E8);
    /// let err = Position::from_setup(setup, CastlingMode::Standard).unwrap_err();
    /// assert!(err.problems().contains(Problem::MissingKing));
    /// ```
    pub fn from_setup(setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        Position::from_setup_relaxed(setup, mode, Relaxations::STRICT)
    }

    /// Validates `setup`, waiving the rules that `relaxations` names.
    ///
    /// # Errors
    /// As [`Position::from_setup`], for the rules not waived.
    pub fn from_setup_relaxed(
        setup: Setup,
        mode: CastlingMode,
        relaxations: Relaxations,
    ) -> Result<Position, PositionError> {
        crate::validate::validate(setup, mode, relaxations)
    }

    /// The position as a free [`Setup`] (for writing FEN, or editing).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling_rights: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// Where the pieces stand.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The rooks that keep their castling right.
    #[inline]
    pub fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// How castling is understood and written.
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// The square an en passant capture would land on, when one is legal.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or pawn move (FIDE 9.3).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The number of the move about to be played, from 1.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist key: equal for positions with the same pieces on the same
    /// squares, side to move, castling rights and possible en passant capture.
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check (FIDE 3.9).
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The king of `color`. A position always has exactly one of each.
    #[inline(always)]
    pub fn king_of(&self, color: Color) -> Square {
        let kings = self.board.kings() & self.board.by_color(color);
        Square::new_masked(kings.0.trailing_zeros())
    }

    /// The pieces of `by` that attack `square`, with `occupied` as the blockers.
    #[inline(always)]
    pub fn attackers_to(&self, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
        attackers(&self.board, square, by, occupied)
    }

    /// Whether a piece of `by` attacks `square` in this position. A pinned
    /// piece still attacks (FIDE 3.1.1 counts attacks regardless of pins).
    #[inline]
    pub fn is_attacked(&self, square: Square, by: Color) -> bool {
        self.attackers_to(square, by, self.board.occupied()).any()
    }

    /// Every legal move, in generation order.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        crate::generate::generate(self, &mut crate::generate::Collect(&mut list));
        list
    }

    /// How many legal moves there are, without listing them.
    #[inline]
    pub fn count_legal(&self) -> u64 {
        let mut count = crate::generate::Count(0);
        crate::generate::generate(self, &mut count);
        count.0
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays `mv` and returns the new position; `self` is unchanged.
    ///
    /// # Errors
    /// [`PlayError`] when the move is not legal in this position.
    ///
    /// ```
    /// use lawbook_board::Square;
    /// use lawbook_movegen::{Move, Position};
    /// let pos = Position::startpos();
    /// let after = pos.play(Move::normal(Square::E2, Square::E4)).unwrap();
    /// assert!(after.board().piece_at(Square::E4).is_some());
    /// assert!(pos.play(Move::normal(Square::E2, Square::E5)).is_err());
    /// ```
    pub fn play(&self, mv: Move) -> Result<Position, PlayError> {
        if self.is_legal(mv) { Ok(self.play_unchecked(mv)) } else { Err(PlayError { mv }) }
    }

    /// Plays a move known to be legal here (for example one from
    /// [`Position::legal_moves`]). An illegal move gives a meaningless
    /// position, never undefined behaviour.
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Position {
        let mut p = *self;
        let us = self.turn;
        let them = !us;
        let from = mv.from();
        let to = mv.to();
        if let Some(ep) = p.ep_square.take() {
            p.hash ^= zobrist::en_passant(ep);
        }
        p.halfmoves = p.halfmoves.saturating_add(1);
        let mut castling = self.castling;
        match mv.kind() {
            MoveKind::Castle => {
                let (king_to, rook_to) = mv.castling_squares().unwrap_or((to, from));
                let king = Piece::new(us, Role::King);
                let rook = Piece::new(us, Role::Rook);
                p.board.toggle(from, king);
                p.board.toggle(to, rook);
                p.board.toggle(king_to, king);
                p.board.toggle(rook_to, rook);
                p.hash ^= zobrist::piece(king, from)
                    ^ zobrist::piece(rook, to)
                    ^ zobrist::piece(king, king_to)
                    ^ zobrist::piece(rook, rook_to);
                castling &= !Bitboard::from_rank(Rank::First.relative(us));
            }
            MoveKind::EnPassant => {
                let pawn = Piece::new(us, Role::Pawn);
                let captured_sq = Square::from_coords(to.file(), from.rank());
                let captured = Piece::new(them, Role::Pawn);
                p.board.toggle(from, pawn);
                p.board.toggle(to, pawn);
                p.board.toggle(captured_sq, captured);
                p.hash ^= zobrist::piece(pawn, from) ^ zobrist::piece(pawn, to) ^ zobrist::piece(captured, captured_sq);
                p.halfmoves = 0;
            }
            kind => {
                let role = self.board.role_at(from).unwrap_or(Role::Pawn);
                let moving = Piece::new(us, role);
                if self.board.by_color(them).contains(to) {
                    let captured = Piece::new(them, self.board.role_at(to).unwrap_or(Role::Pawn));
                    p.board.toggle(to, captured);
                    p.hash ^= zobrist::piece(captured, to);
                    p.halfmoves = 0;
                }
                let placed = match kind {
                    MoveKind::Promotion(role) => Piece::new(us, role),
                    _ => moving,
                };
                p.board.toggle(from, moving);
                p.board.toggle(to, placed);
                p.hash ^= zobrist::piece(moving, from) ^ zobrist::piece(placed, to);
                match role {
                    Role::Pawn => {
                        p.halfmoves = 0;
                        if from as u8 ^ to as u8 == 16 {
                            let skipped = Square::new_masked((from as u32 + to as u32) / 2);
                            if p.ep_capture_possible(skipped, them) {
                                p.ep_square = Some(skipped);
                                p.hash ^= zobrist::en_passant(skipped);
                            }
                        }
                    }
                    Role::King => castling &= !Bitboard::from_rank(Rank::First.relative(us)),
                    _ => {}
                }
                castling &= !(Bitboard::from_square(from) | to);
            }
        }
        if castling != self.castling {
            for sq in castling ^ self.castling {
                p.hash ^= zobrist::castling(sq);
            }
            p.castling = castling;
        }
        if us == Color::Black {
            p.fullmoves = p.fullmoves.saturating_add(1);
        }
        p.turn = them;
        p.hash ^= zobrist::BLACK_TO_MOVE;
        let king = p.king_of(them);
        p.checkers = p.attackers_to(king, us, p.board.occupied());
        p
    }

    /// Whether `by` (to move) has a legal en passant capture onto `ep`.
    pub(crate) fn ep_capture_possible(&self, ep: Square, by: Color) -> bool {
        let candidates = pawn_attacks(!by, ep) & self.board.by_piece(Piece::new(by, Role::Pawn));
        candidates.into_iter().any(|from| self.ep_capture_is_legal(from, ep, by))
    }

    /// Whether the pawn of `by` on `from` may capture en passant onto `ep`
    /// without leaving its king attacked. Two squares of one rank empty at
    /// once, so this checks the whole position after the capture.
    #[inline]
    pub(crate) fn ep_capture_is_legal(&self, from: Square, ep: Square, by: Color) -> bool {
        let captured = Square::from_coords(ep.file(), from.rank());
        let occupied = (self.board.occupied() ^ from ^ captured) | ep;
        let king = self.king_of(by);
        let enemies = self.board.by_color(!by).without(captured);
        (attackers(&self.board, king, !by, occupied) & enemies).is_empty()
    }

    /// Builds a position from parts already checked by the validator.
    pub(crate) fn assemble(setup: &Setup, mode: CastlingMode) -> Position {
        let mut p = Position {
            board: setup.board,
            castling: setup.castling_rights,
            checkers: Bitboard::EMPTY,
            hash: 0,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            ep_square: None,
            turn: setup.turn,
            mode,
        };
        let king = p.king_of(p.turn);
        p.checkers = p.attackers_to(king, !p.turn, p.board.occupied());
        p.ep_square = setup.ep_square.filter(|&ep| p.ep_capture_possible(ep, p.turn));
        p.hash = p.compute_zobrist();
        p
    }

    /// The Zobrist key computed from scratch (the incremental key must equal it).
    pub fn compute_zobrist(&self) -> u64 {
        let mut h = zobrist::turn(self.turn);
        for (sq, piece) in self.board.pieces() {
            h ^= zobrist::piece(piece, sq);
        }
        for sq in self.castling {
            h ^= zobrist::castling(sq);
        }
        if let Some(ep) = self.ep_square {
            h ^= zobrist::en_passant(ep);
        }
        h
    }
}

/// The pieces of `by` on `board` attacking `square`, with `occupied` as blockers.
#[inline(always)]
pub(crate) fn attackers(board: &Board, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let theirs = board.by_color(by);
    ((pawn_attacks(!by, square) & board.pawns())
        | (knight_attacks(square) & board.knights())
        | (king_attacks(square) & board.kings())
        | (bishop_attacks(square, occupied) & board.bishops_and_queens())
        | (rook_attacks(square, occupied) & board.rooks_and_queens()))
        & theirs
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}{} to move", self.board, self.turn)?;
        if self.castling.any() {
            write!(f, ", castling rooks {:?}", self.castling.squares().collect::<Vec<_>>())?;
        }
        if let Some(ep) = self.ep_square {
            write!(f, ", en passant {ep}")?;
        }
        Ok(())
    }
}
