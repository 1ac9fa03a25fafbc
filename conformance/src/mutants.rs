//! Deliberately broken engines, to prove the corpus can catch each kind of
//! rule violation (`cargo xtask broken-engines`). Each mutant answers like
//! the built-in engine except for one rule it gets wrong on purpose. A
//! mutant that no scenario catches is a hole in the corpus.
//!
//! `lawbook-conformance mutants` prints every mutant's name, one a line;
//! [`Mutant::ALL`] lists them all, made with the enum by one macro, so no
//! mutant can be left out of the list.

use crate::ask::pseudo_moves;
use lawbook_board::{Piece, Rank, Role, Square};
use lawbook_engines::{Answer, BuiltIn, Capability, Engine, EngineError, Facts, PositionQuery, Question};
use lawbook_movegen::attacks::pawn_attacks;
use lawbook_movegen::{CastlingObstacle, CastlingSide, Position};
use lawbook_notation::uci::UciMove;
use lawbook_outcome::Outcome;

/// Declares the mutants: the enum, its list, names and descriptions.
macro_rules! mutants {
    ($($variant:ident => $name:literal: $what:literal,)+) => {
        /// An engine that breaks one rule.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Mutant {
            $(
                #[doc = $what]
                $variant,
            )+
        }

        impl Mutant {
            /// Every mutant.
            pub const ALL: &[Mutant] = &[$(Mutant::$variant),+];

            /// The mutant's name, as `LAWBOOK_MUTANT` and the reports give it.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Mutant::$variant => $name,)+
                }
            }

            /// What the mutant gets wrong, in plain words.
            pub const fn what(self) -> &'static str {
                match self {
                    $(Mutant::$variant => $what,)+
                }
            }
        }
    };
}

mutants! {
    CastleThroughAttack => "castle-through-attack": "castling allowed when the king crosses an attacked square",
    CastleOntoAttack => "castle-onto-attack": "castling allowed when the king lands on an attacked square",
    CastleOutOfCheck => "castle-out-of-check": "castling allowed while the king is in check",
    CastleOverB1 => "castle-over-b1": "long castling allowed with a piece on b1 or b8",
    CastleWithoutRight => "castle-without-right": "castling allowed after the king or rook moved and came back",
    EpExposesKing => "ep-exposes-king": "en passant allowed even when it leaves the king in check",
    EpOneMoveLate => "ep-one-move-late": "en passant still allowed one move after the double step",
    PromotionQueenOnly => "promotion-queen-only": "a pawn can only become a queen",
    StalemateIsMate => "stalemate-is-mate": "stalemate reported as checkmate",
    KingIntoCheck => "king-into-check": "the king may step onto an attacked square",
    PinnedPiecesMove => "pinned-pieces-move": "a pinned piece may leave the line to its king",
    PawnCapturesStraight => "pawn-captures-straight": "a pawn may capture the piece straight ahead",
    NoDoubleStep => "no-double-step": "a pawn may not make its double step",
    CheckIgnored => "check-ignored": "a player in check may make any move",
    RepetitionIgnoresCastlingRights => "repetition-ignores-castling-rights":
        "positions repeat when the pieces stand alike, whatever the castling rights",
    FiftyMovesCountedWrong => "fifty-moves-counted-wrong":
        "the fifty-move claim counted in half-moves (after 25 moves each)",
    InsufficientMaterialIgnoresColours => "insufficient-material-ignores-colours":
        "any two bishops called insufficient, even on squares of both colours",
}

impl Mutant {
    /// The mutant of this name, if there is one.
    ///
    /// ```
    /// use lawbook_conformance::mutants::Mutant;
    /// for mutant in Mutant::ALL {
    ///     assert_eq!(Mutant::named(mutant.name()), Some(*mutant));
    /// }
    /// assert_eq!(Mutant::named("castle-sideways"), None);
    /// ```
    pub fn named(name: &str) -> Option<Mutant> {
        Mutant::ALL.iter().copied().find(|m| m.name() == name)
    }
}

fn castle_uci(pos: &Position, side: CastlingSide) -> Option<UciMove> {
    pos.castling_move(side).map(|m| UciMove::from_move(pos, m))
}

impl Mutant {
    /// The mutant's legal moves after `history` (the start and every position since).
    fn moves(self, history: &[Position]) -> Vec<UciMove> {
        let pos = *history.last().unwrap_or_else(|| unreachable!("a history has its start"));
        let legal: Vec<UciMove> = pos.legal_moves().iter().map(|&m| UciMove::from_move(&pos, m)).collect();
        let us = pos.turn();
        let king = pos.king_of(us);
        let mut moves = legal.clone();
        let mut add = |m: UciMove| {
            if !moves.contains(&m) {
                moves.push(m);
            }
        };
        let illegal_pseudo = || pseudo_moves(&pos).into_iter().filter(|m| !legal.contains(m)).collect::<Vec<_>>();
        match self {
            Mutant::CastleThroughAttack
            | Mutant::CastleOntoAttack
            | Mutant::CastleOutOfCheck
            | Mutant::CastleOverB1 => {
                for side in [CastlingSide::Short, CastlingSide::Long] {
                    let wrongly_allowed = match pos.castling_obstacle(side) {
                        Some(CastlingObstacle::PassesAttackedSquare(_)) => self == Mutant::CastleThroughAttack,
                        Some(CastlingObstacle::LandsOnAttackedSquare(_) | CastlingObstacle::LandsInCheck(_)) => {
                            self == Mutant::CastleOntoAttack
                        }
                        Some(CastlingObstacle::InCheck) => self == Mutant::CastleOutOfCheck,
                        Some(CastlingObstacle::Blocked(squares)) => {
                            self == Mutant::CastleOverB1
                                && squares.squares().all(|s| s.file() == lawbook_board::File::B)
                        }
                        _ => false,
                    };
                    if wrongly_allowed && let Some(m) = castle_uci(&pos, side) {
                        add(m);
                    }
                }
            }
            Mutant::CastleWithoutRight => {
                // Forget the history: any king and rook on their initial squares may castle.
                let mut setup = pos.to_setup();
                let back = Rank::First.relative(us);
                for file in [lawbook_board::File::A, lawbook_board::File::H] {
                    let rook = Square::from_coords(file, back);
                    if king == Square::from_coords(lawbook_board::File::E, back)
                        && setup.board.piece_at(rook) == Some(Piece::new(us, Role::Rook))
                    {
                        setup.castling_rights.add(rook);
                    }
                }
                if let Ok(forgetful) = Position::from_setup(setup, pos.castling_mode()) {
                    for side in [CastlingSide::Short, CastlingSide::Long] {
                        if forgetful.castling_obstacle(side).is_none()
                            && let Some(m) = castle_uci(&forgetful, side)
                        {
                            add(m);
                        }
                    }
                }
            }
            Mutant::EpExposesKing | Mutant::EpOneMoveLate => {
                // Which double step to honour: the last move, or the one before the last two.
                let back = if self == Mutant::EpExposesKing { 1 } else { 3 };
                if history.len() > back {
                    let (before, after) = (history[history.len() - 1 - back], history[history.len() - back]);
                    if let Some((skipped, pawn)) = double_step(&before, &after) {
                        let still_there = pos.board().piece_at(pawn) == Some(Piece::new(!us, Role::Pawn));
                        let capturers = pawn_attacks(!us, skipped) & pos.board().by_piece(Piece::new(us, Role::Pawn));
                        if still_there && !pos.board().occupied().contains(skipped) {
                            for from in capturers {
                                add(UciMove::Normal { from, to: skipped, promotion: None });
                            }
                        }
                    }
                }
            }
            Mutant::PromotionQueenOnly => moves.retain(|m| matches!(m.promotion(), None | Some(Role::Queen))),
            Mutant::KingIntoCheck => {
                for m in illegal_pseudo().into_iter().filter(|m| m.from() == Some(king)) {
                    add(m);
                }
            }
            // Moves of pieces other than the king that leave it attacked: out
            // of a pin when not in check, or ignoring the check when in it.
            Mutant::PinnedPiecesMove | Mutant::CheckIgnored => {
                if pos.is_check() == (self == Mutant::CheckIgnored) {
                    for m in illegal_pseudo().into_iter().filter(|m| m.from() != Some(king)) {
                        add(m);
                    }
                }
            }
            Mutant::PawnCapturesStraight => {
                let step = us.fold(8, -8);
                for from in pos.board().by_piece(Piece::new(us, Role::Pawn)) {
                    if let Some(to) = from.offset(step).filter(|s| pos.board().by_color(!us).contains(*s))
                        && to.rank() != Rank::Eighth.relative(us)
                    {
                        add(UciMove::Normal { from, to, promotion: None });
                    }
                }
            }
            Mutant::NoDoubleStep => {
                let board = pos.board();
                moves.retain(|m| {
                    let UciMove::Normal { from, to, .. } = *m else { return true };
                    !(board.role_at(from) == Some(Role::Pawn) && from.rank().index().abs_diff(to.rank().index()) == 2)
                });
            }
            Mutant::StalemateIsMate
            | Mutant::RepetitionIgnoresCastlingRights
            | Mutant::FiftyMovesCountedWrong
            | Mutant::InsufficientMaterialIgnoresColours => {}
        }
        moves
    }

    /// The mutant's facts: the built-in engine's, with its own rule broken.
    fn broken_facts(self, query: &PositionQuery) -> Result<Facts, EngineError> {
        let mut facts = BuiltIn::judge(query)?;
        let history = query.replay()?.positions;
        match self {
            Mutant::StalemateIsMate if facts.stalemate == Some(true) => {
                facts.stalemate = Some(false);
                facts.checkmate = Some(true);
            }
            Mutant::RepetitionIgnoresCastlingRights => {
                let repetitions = repetitions_by_placement(&history);
                facts.repetitions = Some(repetitions);
                facts.can_claim_threefold = Some(facts.can_claim_threefold == Some(true) || repetitions >= 3);
            }
            Mutant::FiftyMovesCountedWrong => {
                // Counts moves instead of half-moves: claims after only 50 half-moves.
                let clock = history.last().map_or(0, |p| p.halfmoves());
                facts.can_claim_fifty_moves = Some(clock >= 50);
            }
            Mutant::InsufficientMaterialIgnoresColours => {
                // Treats any two bishops as unable to mate, whatever their square colours.
                if let Some(pos) = history.last() {
                    let board = pos.board();
                    let only_bishops = (board.occupied() - board.kings() - board.bishops()).is_empty();
                    if only_bishops && board.bishops().count() == 2 && facts.outcome == Some(None) {
                        facts.insufficient_material = lawbook_board::ByColor::new(Some(true), Some(true));
                        facts.outcome = Some(Some(Outcome::draw(lawbook_outcome::Reason::InsufficientMaterial)));
                    }
                }
            }
            _ => {}
        }
        Ok(facts)
    }
}

/// How often the current placement and side to move occurred, ignoring castling and en passant rights.
fn repetitions_by_placement(history: &[Position]) -> usize {
    let Some(last) = history.last() else { return 0 };
    history.iter().filter(|p| p.board() == last.board() && p.turn() == last.turn()).count()
}

/// If `after` follows `before` by a pawn's double step: the skipped square and the pawn's square.
fn double_step(before: &Position, after: &Position) -> Option<(Square, Square)> {
    let mover = before.turn();
    let pawns_before = before.board().by_piece(Piece::new(mover, Role::Pawn));
    let pawns_after = after.board().by_piece(Piece::new(mover, Role::Pawn));
    let from = (pawns_before - pawns_after).single_square()?;
    let to = (pawns_after - pawns_before).single_square()?;
    if from.file() != to.file() || from.rank().index().abs_diff(to.rank().index()) != 2 {
        return None;
    }
    let skipped = Square::from_coords(from.file(), Rank::ALL[(from.rank().index() + to.rank().index()) / 2]);
    Some((skipped, to))
}

impl Engine for Mutant {
    fn name(&self) -> &str {
        Mutant::name(*self)
    }

    fn version(&self) -> String {
        format!("lawbook {} broken: {}", env!("CARGO_PKG_VERSION"), self.what())
    }

    fn supports(&self, capability: Capability) -> bool {
        capability != Capability::Claims
    }

    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        // A start the built-in engine refuses (no game can reach it), each mutant refuses too.
        BuiltIn::read_start(query)?;
        match question {
            Question::LegalMoves => Ok(Answer::LegalMoves(self.moves(&query.replay()?.positions))),
            Question::IsLegal(mv) => Ok(Answer::Bool(self.moves(&query.replay()?.positions).contains(mv))),
            Question::Play(mv) => {
                let replay = query.replay()?;
                let pos = *replay.current();
                let accepted = self.moves(&replay.positions).contains(mv);
                // A move the mutant takes that is no legal move has no position after it here.
                let after = match (accepted, mv.to_move(&pos)) {
                    (false, _) => Some(pos),
                    (true, Ok(m)) => Some(pos.play_unchecked(m)),
                    (true, Err(_)) => None,
                };
                Ok(Answer::Played(lawbook_engines::Played { accepted, after: after.map(|p| (*p.board(), p.turn())) }))
            }
            Question::Board | Question::Trace(_) => BuiltIn.answer(query, question),
            fact => self.broken_facts(query)?.answer(fact),
        }
    }
}
