//! Asking the engine under test about the scenario's position: its legal
//! moves, the moves a text names, its status, board and game state.
//!
//! An engine that cannot list moves but judges one move at a time (xboard)
//! is asked about candidate moves instead, and its list is the moves it
//! accepts: an illegal move it accepts or a legal one it refuses shows just
//! as in a list. The candidates ([`candidates`]) are a superset of the legal
//! moves, worked out from the board alone.
//!
//! An unsupported question or a failed engine ends the step through
//! [`answer`], with a message the reports recognise.

use crate::world::ChessWorld;
use lawbook_board::{Board, Piece, Rank, Role, Square};
use lawbook_engines::{Ask, Capability, EngineError, GameState, SideStatus};
use lawbook_movegen::Position;
use lawbook_movegen::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use lawbook_notation::Lang;
use lawbook_notation::san::MovePattern;
use lawbook_notation::uci::UciMove;

/// The start of a step message for an engine that cannot answer.
pub const UNSUPPORTED: &str = "UNSUPPORTED:";
/// The start of a step message for an engine that failed to answer.
pub const ENGINE_ERROR: &str = "ENGINE ERROR:";

/// Unwraps an engine's answer; an unsupported question or a failure ends the
/// step with a message the reports recognise.
pub fn answer<T>(result: Result<T, EngineError>) -> T {
    match result {
        Ok(value) => value,
        Err(EngineError::Unsupported(c)) => panic!("{UNSUPPORTED} the engine cannot answer {c:?}"),
        Err(EngineError::Failed(why)) => panic!("{ENGINE_ERROR} {why}"),
    }
}

/// Ends the step as unsupported: `what` is not a question engines are asked.
pub fn unsupported(what: &str) -> ! {
    panic!("{UNSUPPORTED} {what}")
}

/// Ends the step as unsupported unless the engine answers questions of
/// lawbook's own model (`what` says which fact).
pub fn model_only(world: &ChessWorld, what: &str) {
    if !world.engine.supports(Capability::Model) {
        unsupported(&format!("{what} a fact of lawbook's model, not an engine question"));
    }
}

/// Whether the engine judges moves one at a time instead of listing them.
fn one_at_a_time(world: &ChessWorld) -> bool {
    !world.engine.supports(Capability::LegalMoves) && world.engine.supports(Capability::MoveLegality)
}

/// The engine's legal moves of the current position.
pub fn moves(world: &mut ChessWorld) -> Vec<UciMove> {
    let query = world.query();
    if one_at_a_time(world) {
        let pos = world.position();
        return candidates(&pos).into_iter().filter(|&m| answer(world.engine.is_legal(&query, m))).collect();
    }
    answer(world.engine.legal_moves(&query))
}

/// The engine's moves that are the move `text` names (SAN, long algebraic or UCI).
///
/// From the engine's full move list where it has one; otherwise the moves
/// the text can name on this board, each asked of the engine.
pub fn moves_named(world: &mut ChessWorld, text: &str) -> Vec<UciMove> {
    let pos = world.position();
    let pattern = MovePattern::read(text, Lang::English);
    let uci: Option<UciMove> = text.parse().ok();
    if pattern.is_none() && uci.is_none() {
        // Never compare unreadable text: "a8=P is illegal" would pass for any engine.
        panic!("{text:?} is not a move the corpus can read (SAN, long algebraic or UCI); write the move another way");
    }
    if one_at_a_time(world) {
        let query = world.query();
        let asked = match &pattern {
            Some(pattern) => named(&pos, pattern),
            None => uci.into_iter().collect(),
        };
        return asked.into_iter().filter(|&m| answer(world.engine.is_legal(&query, m))).collect();
    }
    moves(world)
        .into_iter()
        .filter(|&m| match (&pattern, m) {
            (Some(p), UciMove::Normal { from, to, promotion }) => p.matches(&pos, from, to, promotion),
            (Some(_), UciMove::Null) => false,
            (None, _) => Some(m) == uci,
        })
        .collect()
}

/// The engine's check, mate and stalemate of the current position.
pub fn status(world: &mut ChessWorld) -> SideStatus {
    let query = world.query();
    answer(world.engine.status(&query))
}

/// The engine's board of the current position.
pub fn board(world: &mut ChessWorld) -> Board {
    let query = world.query();
    answer(world.engine.board(&query))
}

/// The engine's board before the last move played.
pub fn board_before_last_move(world: &mut ChessWorld) -> Board {
    let mut query = world.query();
    if query.moves.pop().is_none() {
        panic!("no move has been played yet: use When ... plays ... first");
    }
    answer(world.engine.board(&query))
}

/// The engine's view of how the game stands under the draw rules.
pub fn game_state(world: &mut ChessWorld) -> GameState {
    let query = world.query();
    answer(world.engine.game_state(&query))
}

/// Every move a piece's movement allows, ignoring the own king's safety and castling.
pub fn pseudo_moves(pos: &Position) -> Vec<UciMove> {
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
                    out.push(UciMove::Normal { from, to, promotion: Some(promo) });
                }
            } else {
                out.push(UciMove::Normal { from, to, promotion: None });
            }
        }
    }
    out
}

/// Every move that could be legal on this board: each piece's geometric
/// moves (ignoring the own king's safety), pawn diagonals to empty squares
/// (en passant), and the king's two-square steps (castling). A superset of
/// the legal moves, for engines that judge one move at a time.
pub fn candidates(pos: &Position) -> Vec<UciMove> {
    let us = pos.turn();
    let board = pos.board();
    let mut out = pseudo_moves(pos);
    for from in board.by_piece(Piece::new(us, Role::Pawn)) {
        for to in pawn_attacks(us, from) - board.occupied() {
            if to.rank() != Rank::Eighth.relative(us) {
                out.push(UciMove::Normal { from, to, promotion: None });
            }
        }
    }
    out.extend(castling_forms(pos));
    out.sort();
    out.dedup();
    out
}

/// The king's moves that could be castling, as UCI writes castling: the
/// king's two-square steps in standard chess, the king taking each of its
/// own rooks on its rank in Chess960.
fn castling_forms(pos: &Position) -> Vec<UciMove> {
    let us = pos.turn();
    let king = pos.king_of(us);
    let targets: Vec<Square> = if pos.castling_mode() == lawbook_board::CastlingMode::Chess960 {
        (pos.board().by_piece(Piece::new(us, Role::Rook)) & lawbook_board::Bitboard::from_rank(king.rank()))
            .squares()
            .collect()
    } else {
        [king.offset(2), king.offset(-2)].into_iter().flatten().filter(|to| to.rank() == king.rank()).collect()
    };
    targets.into_iter().map(|to| UciMove::Normal { from: king, to, promotion: None }).collect()
}

/// Every UCI move `pattern` could name on this board, legal or not (for
/// engines that judge one move at a time); castling only in the form UCI
/// writes it (see [`castling_forms`]).
pub fn named(pos: &Position, pattern: &MovePattern) -> Vec<UciMove> {
    if matches!(pattern, MovePattern::Castle(_)) {
        return castling_forms(pos)
            .into_iter()
            .filter(|m| m.from().zip(m.to()).is_some_and(|(from, to)| pattern.matches(pos, from, to, None)))
            .collect();
    }
    let mut out = Vec::new();
    for from in Square::ALL {
        for to in Square::ALL {
            if from == to {
                continue;
            }
            for promotion in [None, Some(Role::Queen), Some(Role::Rook), Some(Role::Bishop), Some(Role::Knight)] {
                if pattern.matches(pos, from, to, promotion) {
                    out.push(UciMove::Normal { from, to, promotion });
                }
            }
        }
    }
    out
}
