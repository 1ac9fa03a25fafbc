//! Deliberately broken engines, to prove the corpus can catch each kind of
//! rule violation (`cargo xtask corpus-mutants`). Each mutant answers like
//! the built-in engine except for one rule it gets wrong on purpose. A
//! mutant that no scenario catches is a hole in the corpus.

use crate::engine::{BuiltIn, Capability, Engine, EngineError, GameState, PositionQuery, Status};
use lawbook_board::{CastlingMode, Piece, Rank, Relaxations, Role, Square};
use lawbook_movegen::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use lawbook_movegen::{CastlingObstacle, CastlingSide, Position};
use lawbook_notation::{fen, uci};

/// The mutants, each with what it gets wrong.
pub const MUTANTS: &[(&str, &str)] = &[
    ("castle-through-attack", "castling allowed when the king crosses an attacked square"),
    ("castle-onto-attack", "castling allowed when the king lands on an attacked square"),
    ("castle-out-of-check", "castling allowed while the king is in check"),
    ("castle-over-b1", "long castling allowed with a piece on b1 or b8"),
    ("castle-without-right", "castling allowed after the king or rook moved and came back"),
    ("ep-exposes-king", "en passant allowed even when it leaves the king in check"),
    ("ep-one-move-late", "en passant still allowed one move after the double step"),
    ("promotion-queen-only", "a pawn can only become a queen"),
    ("stalemate-is-mate", "stalemate reported as checkmate"),
    ("king-into-check", "the king may step onto an attacked square"),
    ("pinned-pieces-move", "a pinned piece may leave the line to its king"),
    ("pawn-captures-straight", "a pawn may capture the piece straight ahead"),
    ("no-double-step", "a pawn may not make its double step"),
    ("check-ignored", "a player in check may make any move"),
    (
        "repetition-ignores-castling-rights",
        "positions repeat when the pieces stand alike, whatever the castling rights",
    ),
    ("fifty-moves-counted-wrong", "the fifty-move claim counted in half-moves (after 25 moves each)"),
    ("insufficient-material-ignores-colours", "any two bishops called insufficient, even on squares of both colours"),
];

/// An engine that breaks one rule.
#[derive(Debug)]
pub struct Mutant {
    name: &'static str,
}

impl Mutant {
    /// The mutant of this name, if there is one.
    pub fn new(name: &str) -> Option<Mutant> {
        MUTANTS.iter().find(|(n, _)| *n == name).map(|(n, _)| Mutant { name: n })
    }
}

fn replay(query: &PositionQuery) -> Result<Vec<Position>, EngineError> {
    let mode = if query.chess960 { Some(CastlingMode::Chess960) } else { None };
    let mut pos =
        fen::read_with(&query.fen, mode, Relaxations::STRICT).map_err(|e| EngineError::Failed(e.to_string()))?;
    let mut history = vec![pos];
    for text in &query.moves {
        let mv = uci::parse(&pos, text).map_err(|e| EngineError::Failed(e.to_string()))?;
        pos = pos.play_unchecked(mv);
        history.push(pos);
    }
    Ok(history)
}

/// Every move a piece's movement allows, ignoring the own king's safety and castling.
pub(crate) fn pseudo_moves(pos: &Position) -> Vec<(Square, Square, Option<Role>)> {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let occupied = board.occupied();
    let mut out = Vec::new();
    for from in ours {
        let role = board.role_at(from).unwrap_or(Role::Pawn);
        let targets = match role {
            Role::Knight => knight_attacks(from),
            Role::Bishop => bishop_attacks(from, occupied),
            Role::Rook => rook_attacks(from, occupied),
            Role::Queen => queen_attacks(from, occupied),
            Role::King => king_attacks(from),
            Role::Pawn => {
                let step = us.fold(8, -8);
                let mut t = pawn_attacks(us, from) & theirs;
                if let Some(one) = from.offset(step).filter(|s| !occupied.contains(*s)) {
                    t.add(one);
                    if from.rank() == Rank::Second.relative(us)
                        && let Some(two) = one.offset(step).filter(|s| !occupied.contains(*s))
                    {
                        t.add(two);
                    }
                }
                t
            }
        } - ours;
        for to in targets {
            if role == Role::Pawn && to.rank() == Rank::Eighth.relative(us) {
                for promo in Role::PROMOTIONS {
                    out.push((from, to, Some(promo)));
                }
            } else {
                out.push((from, to, None));
            }
        }
    }
    out
}

/// Every move that could be legal on this board, as UCI: each piece's
/// geometric moves (ignoring the own king's safety), pawn diagonals to empty
/// squares (en passant), and the king's two-square steps (castling). A
/// superset of the legal moves, for engines that judge one move at a time.
pub(crate) fn candidate_moves(pos: &Position) -> Vec<String> {
    let us = pos.turn();
    let board = pos.board();
    let mut out: Vec<String> = pseudo_moves(pos).into_iter().map(uci_of).collect();
    for from in board.by_piece(Piece::new(us, Role::Pawn)) {
        for to in pawn_attacks(us, from) - board.occupied() {
            if to.rank() != Rank::Eighth.relative(us) {
                out.push(format!("{from}{to}"));
            }
        }
    }
    let king = pos.king_of(us);
    for to in [king.offset(2), king.offset(-2)].into_iter().flatten() {
        if to.rank() == king.rank() {
            out.push(format!("{king}{to}"));
        }
    }
    out.sort();
    out.dedup();
    out
}

fn uci_of((from, to, promo): (Square, Square, Option<Role>)) -> String {
    let mut s = format!("{from}{to}");
    if let Some(p) = promo {
        s.push(p.char());
    }
    s
}

fn castle_uci(pos: &Position, side: CastlingSide) -> Option<String> {
    pos.castling_move(side).map(|m| uci::write(pos, m))
}

impl Mutant {
    fn moves(&self, history: &[Position]) -> Vec<String> {
        let pos = *history.last().unwrap_or_else(|| unreachable!("a history has its start"));
        let legal: Vec<String> = pos.legal_moves().iter().map(|&m| uci::write(&pos, m)).collect();
        let us = pos.turn();
        let king = pos.king_of(us);
        let mut moves = legal.clone();
        let mut add = |m: String| {
            if !moves.contains(&m) {
                moves.push(m);
            }
        };
        let illegal_pseudo =
            || pseudo_moves(&pos).into_iter().filter(|m| !legal.contains(&uci_of(*m))).collect::<Vec<_>>();
        match self.name {
            "castle-through-attack" | "castle-onto-attack" | "castle-out-of-check" | "castle-over-b1" => {
                for side in [CastlingSide::Short, CastlingSide::Long] {
                    let wrongly_allowed = match pos.castling_obstacle(side) {
                        Some(CastlingObstacle::PassesAttackedSquare(_)) => self.name == "castle-through-attack",
                        Some(CastlingObstacle::LandsOnAttackedSquare(_)) => self.name == "castle-onto-attack",
                        Some(CastlingObstacle::InCheck) => self.name == "castle-out-of-check",
                        Some(CastlingObstacle::Blocked(squares)) => {
                            self.name == "castle-over-b1"
                                && squares.squares().all(|s| s.file() == lawbook_board::File::B)
                        }
                        _ => false,
                    };
                    if wrongly_allowed && let Some(m) = castle_uci(&pos, side) {
                        add(m);
                    }
                }
            }
            "castle-without-right" => {
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
            "ep-exposes-king" | "ep-one-move-late" => {
                // Which double step to honour: the last move, or the one before the last two.
                let back = if self.name == "ep-exposes-king" { 1 } else { 3 };
                if history.len() > back {
                    let (before, after) = (history[history.len() - 1 - back], history[history.len() - back]);
                    if let Some((skipped, pawn)) = double_step(&before, &after) {
                        let still_there = pos.board().piece_at(pawn) == Some(Piece::new(!us, Role::Pawn));
                        let capturers = pawn_attacks(!us, skipped) & pos.board().by_piece(Piece::new(us, Role::Pawn));
                        if still_there && !pos.board().occupied().contains(skipped) {
                            for from in capturers {
                                add(format!("{from}{skipped}"));
                            }
                        }
                    }
                }
            }
            "promotion-queen-only" => moves.retain(|m| m.len() == 4 || m.ends_with('q')),
            "king-into-check" => {
                for m in illegal_pseudo().into_iter().filter(|(from, _, _)| *from == king) {
                    add(uci_of(m));
                }
            }
            // Moves of pieces other than the king that leave it attacked: out
            // of a pin when not in check, or ignoring the check when in it.
            "pinned-pieces-move" | "check-ignored" if pos.is_check() == (self.name == "check-ignored") => {
                for m in illegal_pseudo().into_iter().filter(|(from, _, _)| *from != king) {
                    add(uci_of(m));
                }
            }
            "pawn-captures-straight" => {
                let step = us.fold(8, -8);
                for from in pos.board().by_piece(Piece::new(us, Role::Pawn)) {
                    if let Some(to) = from.offset(step).filter(|s| pos.board().by_color(!us).contains(*s))
                        && to.rank() != Rank::Eighth.relative(us)
                    {
                        add(format!("{from}{to}"));
                    }
                }
            }
            "no-double-step" => {
                let board = pos.board();
                moves.retain(|m| {
                    let (Ok(from), Ok(to)) = (m[0..2].parse::<Square>(), m[2..4].parse::<Square>()) else {
                        return true;
                    };
                    !(board.role_at(from) == Some(Role::Pawn) && from.rank().index().abs_diff(to.rank().index()) == 2)
                });
            }
            _ => {}
        }
        moves
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
        self.name
    }

    fn supports(&self, _: Capability) -> bool {
        true
    }

    fn legal_moves(&mut self, query: &PositionQuery) -> Result<Vec<String>, EngineError> {
        Ok(self.moves(&replay(query)?))
    }

    fn status(&mut self, query: &PositionQuery) -> Result<Status, EngineError> {
        let mut status = BuiltIn.status(query)?;
        if self.name == "stalemate-is-mate" && status.stalemate {
            status.stalemate = false;
            status.checkmate = true;
        }
        Ok(status)
    }

    fn placement(&mut self, query: &PositionQuery) -> Result<String, EngineError> {
        BuiltIn.placement(query)
    }

    fn game_state(&mut self, query: &PositionQuery) -> Result<GameState, EngineError> {
        let mut state = BuiltIn.game_state(query)?;
        if self.name == "repetition-ignores-castling-rights" {
            state.repetitions = repetitions_by_placement(&replay(query)?);
            state.can_claim_threefold = state.can_claim_threefold || state.repetitions >= 3;
        }
        if self.name == "fifty-moves-counted-wrong" {
            // Counts moves instead of half-moves: claims after only 50 half-moves.
            let history = replay(query)?;
            let clock = history.last().map_or(0, |p| p.halfmoves());
            state.can_claim_fifty_moves = clock >= 50;
        }
        if self.name == "insufficient-material-ignores-colours" {
            // Treats any two bishops as unable to mate, whatever their square colours.
            let history = replay(query)?;
            if let Some(pos) = history.last() {
                let board = pos.board();
                let only_bishops = (board.occupied() - board.kings() - board.bishops()).is_empty();
                if only_bishops && board.bishops().count() == 2 && state.outcome.is_none() {
                    state.insufficient_material = (true, true);
                    state.outcome = Some(("1/2-1/2".into(), "insufficient_material".into()));
                }
            }
        }
        Ok(state)
    }
}
