//! Asking the engine under test about the scenario's position: its legal
//! moves, the moves a text names, its board, and one fact at a time.
//!
//! An engine that cannot list moves but judges one move at a time (xboard)
//! is asked about candidate moves instead, and its list is the moves it
//! accepts: an illegal move it accepts or a legal one it refuses shows just
//! as in a list. The candidates ([`candidates`]) are a superset of the legal
//! moves, worked out from the board alone.
//!
//! A question the engine cannot answer makes its step *unsupported*
//! ([`ChessWorld::cannot_ask`], with the kind of question) and the helper
//! returns `None`: the step ends there and the scenario goes on with the
//! next one. A failed engine ends the scenario as an engine error
//! ([`ChessWorld::stop_fault`]); a question whose answer the rest of the
//! scenario depends on ends it as unsupported ([`needed`]). The verdict is
//! read from what the world records, never from a message.
//!
//! An engine may refuse a position no game can reach (a JSON-lines
//! `bad_fen`, its FEN reader's error, an impossible right dropped): the step
//! passes, noting the refusal ([`REFUSED`]), and so does every later step of
//! the scenario, without asking. Refusing a position a game can reach is an
//! engine error. A crash or a hang is an engine error either way.

use crate::world::{ChessWorld, Reading};
use cucumber::gherkin::Step;
use lawbook_board::{Board, Piece, Rank, Role, Square};
use lawbook_engines::{Ask, Capability, Engine, EngineError, PositionQuery};
use lawbook_movegen::Position;
use lawbook_movegen::attacks::{pawn_attacks, pseudo_legal_targets};
use lawbook_notation::san::MovePattern;
use lawbook_notation::uci::UciMove;
use lawbook_notation::{Lang, read_move};

/// The start of the message of a step (and a scenario) that passed because
/// the engine refused the position, one no game can reach.
pub const REFUSED: &str = "the engine refused the position:";

/// The engine's answer; an unsupported question makes `step` unsupported
/// (and gives `None`), a failure ends the scenario as an engine error, a
/// refusal of a position no game can reach passes `step` (and gives `None`).
pub fn answer<T>(world: &mut ChessWorld, step: &Step, result: Result<T, EngineError>) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(EngineError::Unsupported(c)) => {
            // An engine that answers such questions, but not about this
            // position: in a Chess960 game, which it may declare it does not play.
            let chess960 = world.query().chess960;
            let (kind, here) = if !world.engine.supports(c) {
                (c, "")
            } else if chess960 && !world.engine.supports(Capability::Chess960) {
                (Capability::Chess960, " in a Chess960 game, which it does not play")
            } else if chess960 {
                (c, " in a Chess960 game")
            } else {
                (c, " in this position")
            };
            world.cannot_ask(step, kind, format!("the engine cannot tell {}{here}", c.describe()));
            None
        }
        Err(EngineError::Failed(fault)) => world.stop_fault(fault.kind(), &format!("engine error: {fault}")),
        Err(EngineError::Refused(why)) => {
            if world.unreachable().is_none() {
                world.stop_fault(
                    lawbook_engines::FaultKind::ErrorReply,
                    &format!("engine error: the engine refuses the position, which a game can reach: {why}"),
                );
            }
            world.refused.push(crate::world::Unasked { line: step.position.line, why, capability: None });
            None
        }
    }
}

/// Whether the engine has already refused the scenario's position (one no
/// game can reach): then `step` passes as refused, without asking.
fn refused_before(world: &mut ChessWorld, step: &Step) -> bool {
    let Some(first) = world.refused.first() else { return false };
    let why = first.why.clone();
    if world.refused.last().is_none_or(|last| last.line != step.position.line) {
        world.refused.push(crate::world::Unasked { line: step.position.line, why, capability: None });
    }
    true
}

/// An answer the rest of the scenario depends on (the moves a `When` step
/// plays): without it the scenario cannot go on, and ends as unsupported,
/// for the kind of question `step` could not be asked.
pub fn needed<T>(world: &mut ChessWorld, step: &Step, answer: Option<T>, what: &str) -> T {
    match answer {
        Some(value) => value,
        None => {
            let line = step.position.line;
            let capability = world.unasked.iter().rev().find(|u| u.line == line).and_then(|u| u.capability);
            world.stop_unsupported(capability, &format!("{what}, and the rest of the scenario depends on it"))
        }
    }
}

/// Ends the scenario as unsupported: `what` is a fact of lawbook's own
/// model, not a question engines are asked.
pub fn model_fact(world: &mut ChessWorld, what: &str) -> ! {
    world.stop_unsupported(Capability::Model, what)
}

/// Whether the engine answers questions of lawbook's own model; if not,
/// `step` is unsupported (`what` says which fact).
pub fn model_only(world: &mut ChessWorld, step: &Step, what: &str) -> bool {
    if world.engine.supports(Capability::Model) {
        return true;
    }
    world.cannot_ask(step, Capability::Model, format!("{what} a fact of lawbook's model, not an engine question"));
    false
}

/// Whether the engine can be asked questions of this kind.
pub fn can_ask(world: &ChessWorld, capability: Capability) -> bool {
    world.engine.supports(capability)
}

/// One answer about the current position (a fact, its moves, its board), asked with `question` (an [`Ask`] method).
pub fn about_position<T>(
    world: &mut ChessWorld,
    step: &Step,
    question: impl FnOnce(&mut dyn Engine, &PositionQuery) -> Result<T, EngineError>,
) -> Option<T> {
    if refused_before(world, step) {
        return None;
    }
    let query = world.query();
    let result = question(world.engine.as_mut(), &query);
    answer(world, step, result)
}

/// One fact, when the engine tells it for this position; `None`, with nothing
/// recorded, when it cannot (so that the step may ask another question). A
/// failed engine still ends the scenario, and a refusal of the position is
/// recorded as [`answer`] records it.
pub fn if_told<T>(
    world: &mut ChessWorld,
    step: &Step,
    question: impl FnOnce(&mut dyn Engine, &PositionQuery) -> Result<T, EngineError>,
) -> Option<T> {
    if refused_before(world, step) {
        return None;
    }
    let query = world.query();
    match question(world.engine.as_mut(), &query) {
        Ok(value) => Some(value),
        Err(EngineError::Unsupported(_)) => None,
        other => answer(world, step, other),
    }
}

/// Whether the engine judges moves one at a time instead of listing them.
fn one_at_a_time(world: &ChessWorld) -> bool {
    !world.engine.supports(Capability::LegalMoves) && world.engine.supports(Capability::MoveLegality)
}

/// The moves among `asked` the engine accepts, asked one at a time.
fn accepted(world: &mut ChessWorld, step: &Step, asked: Vec<UciMove>) -> Option<Vec<UciMove>> {
    if refused_before(world, step) {
        return None;
    }
    let query = world.query();
    let mut out = Vec::new();
    for m in asked {
        let legal = world.engine.is_legal(&query, m);
        if answer(world, step, legal)? {
            out.push(m);
        }
    }
    Some(out)
}

/// The engine's legal moves of the current position.
pub fn moves(world: &mut ChessWorld, step: &Step) -> Option<Vec<UciMove>> {
    if one_at_a_time(world) {
        let seen = world.reading();
        return accepted(world, step, candidates_on(&seen));
    }
    about_position(world, step, |engine, query| engine.legal_moves(query))
}

/// The engine's moves that are the move `text` names (SAN, long algebraic or UCI).
///
/// From the engine's full move list where it has one; otherwise the moves
/// the text can name on this board, each asked of the engine.
pub fn moves_named(world: &mut ChessWorld, step: &Step, text: &str) -> Option<Vec<UciMove>> {
    let (seen, pattern, uci) = read_move_text(world, text);
    if one_at_a_time(world) {
        let asked = match &pattern {
            Some(pattern) => named_on(&seen, pattern),
            None => uci.into_iter().collect(),
        };
        return accepted(world, step, asked);
    }
    let moves = moves(world, step)?;
    Some(
        moves
            .into_iter()
            .filter(|&m| match (&pattern, m) {
                (Some(p), UciMove::Normal { from, to, promotion }) => {
                    p.matches_on(seen.board(), seen.turn(), from, to, promotion)
                }
                (Some(_), UciMove::Null) => false,
                (None, _) => Some(m) == uci,
            })
            .collect(),
    )
}

/// A move text of a step, read: the board as the steps read it, and the
/// text as a pattern (SAN, long algebraic) or a UCI move. A text that is
/// neither, or one that names no move of the side to move, or carries a
/// wrong check or mate mark, fails the scenario as badly written.
fn read_move_text(world: &mut ChessWorld, text: &str) -> (Reading, Option<MovePattern>, Option<UciMove>) {
    let seen = world.reading();
    let mut pattern = MovePattern::read(text, Lang::English);
    let uci: Option<UciMove> = text.parse().ok();
    // A text that is UCI names the piece on its first square: `g1f3` under
    // a knight is the knight's move, not a pawn's in long algebraic.
    if let (Some(UciMove::Normal { from, .. }), Some(MovePattern::Piece { role: Role::Pawn, .. })) = (uci, &pattern)
        && seen.board().piece_at(from).is_some_and(|p| p.role != Role::Pawn)
    {
        pattern = None;
    }
    if pattern.is_none() && uci.is_none() {
        // Never compare unreadable text: "a8=P is illegal" would pass for any engine.
        panic!("{text:?} is not a move the corpus can read (SAN, long algebraic or UCI); write the move another way");
    }
    names_a_move_of_the_side_to_move(&seen, text, pattern.as_ref(), uci);
    marks_hold(world, &seen, text);
    (seen, pattern, uci)
}

/// The one move a text names on this board, legal or not, as it is sent to
/// an engine that is asked to play it ([`lawbook_engines::Ask::play`]): a
/// UCI text as written; a long algebraic move from its square to its
/// target (`a7-a8=K` included); castling in the form UCI writes it; a SAN
/// move whose piece is the only one of its kind that can reach the target.
/// `None` when the text could name several moves (then the engine's moves
/// are asked instead).
pub fn tried_move(world: &mut ChessWorld, text: &str) -> Option<UciMove> {
    let (seen, pattern, uci) = read_move_text(world, text);
    if let Some(uci) = uci {
        return Some(uci);
    }
    let (board, us) = (seen.board(), seen.turn());
    let froms: Vec<(Square, Square, Option<Role>)> = match pattern? {
        castle @ MovePattern::Castle(_) => {
            named_on(&seen, &castle).into_iter().filter_map(|m| Some((m.from()?, m.to()?, None))).collect()
        }
        MovePattern::Piece { role, file, rank, long, to, promotion, capture } => {
            let reach = candidates_on(&seen);
            // A pawn's move in SAN keeps to its file, or is written as a capture.
            let pawn_way = |from: Square| role != Role::Pawn || long || (from.file() != to.file()) == capture;
            board
                .by_piece(Piece::new(us, role))
                .squares()
                .filter(|from| file.is_none_or(|f| from.file() == f) && rank.is_none_or(|r| from.rank() == r))
                .filter(|&from| pawn_way(from))
                .filter(|&from| long || reach.iter().any(|m| m.from() == Some(from) && m.to() == Some(to)))
                .map(|from| (from, to, promotion))
                .collect()
        }
    };
    match froms[..] {
        [(from, to, promotion)] => Some(UciMove::Normal { from, to, promotion }),
        _ => None,
    }
}

/// A badly written scenario fails, saying why: a move text that names no
/// piece of the side to move (a move of the other side, or of a piece that
/// is not there) is never legal now, so a step about it would say nothing.
fn names_a_move_of_the_side_to_move(seen: &Reading, text: &str, pattern: Option<&MovePattern>, uci: Option<UciMove>) {
    let (board, us) = (seen.board(), seen.turn());
    let named = match (pattern, uci) {
        (Some(MovePattern::Castle(_)), _) => board.king_of(us).is_some(),
        (Some(MovePattern::Piece { role, file, rank, .. }), _) => board
            .by_piece(Piece::new(us, *role))
            .squares()
            .any(|from| file.is_none_or(|f| from.file() == f) && rank.is_none_or(|r| from.rank() == r)),
        (None, Some(UciMove::Normal { from, .. })) => board.color_at(from) == Some(us),
        (None, _) => true,
    };
    if !named {
        panic!(
            "a badly written scenario: {text} names no move of {} (the side to move) on this board, so it can \
             never be legal here and the step would pass whatever the engine answers; \
             name a piece of {} or set up the other side to move{}",
            seen.turn(),
            seen.turn(),
            seen.describe()
        );
    }
}

/// A check or mate mark written on a move (`Qh5+`, `Qxf7#`) is part of
/// what the scenario says: where the laws allow the move here, the mark
/// must be the right one, or the scenario is badly written. (Whether the
/// move is legal is the engine's to answer; the mark is the scenario's
/// premise, read on the board the scenario set up.)
fn marks_hold(world: &mut ChessWorld, seen: &Reading, text: &str) {
    let marked = text.ends_with('+') || text.ends_with('#');
    if !marked || seen.unreachable {
        return;
    }
    let pos = world.position();
    let Ok((mv, _)) = read_move(&pos, text, lawbook_notation::ReadOptions::LENIENT) else { return };
    if read_move(&pos, text, lawbook_notation::ReadOptions::STRICT).is_err() {
        let after = pos.play_unchecked(mv);
        let gives = if after.is_check() && after.legal_moves().is_empty() {
            "mate (#)"
        } else if after.is_check() {
            "check (+)"
        } else {
            "neither check nor mate"
        };
        panic!(
            "a badly written scenario: it writes {text}, but the move gives {gives}; write the mark it gives{}",
            seen.describe()
        );
    }
}

/// The engine's board of the current position: right after a tried move,
/// the board the engine showed after it (see [`shown_after_try`]).
pub fn board(world: &mut ChessWorld, step: &Step) -> Option<Board> {
    if let Some((board, _)) = shown_after_try(world) {
        return Some(board);
    }
    about_position(world, step, |engine, query| engine.board(query))
}

/// The board and side to move the engine showed after the last tried move,
/// while nothing has been played since: what follows a refusal is the
/// engine's to show, not lawbook's.
pub fn shown_after_try(world: &mut ChessWorld) -> Option<(Board, lawbook_board::Color)> {
    let (shown, after) = world.attempt.as_ref().map(|a| (a.shown, a.query_after.clone()))?;
    (world.query() == after).then_some(shown).flatten()
}

/// Whether the last thing the scenario did was to try a move.
pub fn just_tried(world: &mut ChessWorld) -> bool {
    let Some(after) = world.attempt.as_ref().map(|a| a.query_after.clone()) else { return false };
    world.query() == after
}

/// The engine's board before the last move played.
pub fn board_before_last_move(world: &mut ChessWorld, step: &Step) -> Option<Board> {
    if refused_before(world, step) {
        return None;
    }
    let mut query = world.query();
    if query.moves.pop().is_none() {
        panic!("no move has been played yet: use When ... plays ... first");
    }
    let result = world.engine.board(&query);
    answer(world, step, result)
}

/// Every move a piece's movement allows, ignoring the own king's safety and castling.
pub fn pseudo_moves(pos: &Position) -> Vec<UciMove> {
    pseudo_moves_on(&Reading::of(pos))
}

/// As [`pseudo_moves`], on the board as the steps read it.
fn pseudo_moves_on(seen: &Reading) -> Vec<UciMove> {
    let board = seen.board();
    let us = seen.turn();
    let mut out = Vec::new();
    for from in board.by_color(us) {
        let role = board.role_at(from).unwrap_or(Role::Pawn);
        let targets = pseudo_legal_targets(board, from, None);
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
    candidates_on(&Reading::of(pos))
}

/// As [`candidates`], on the board as the steps read it (a position no game
/// can reach included).
fn candidates_on(seen: &Reading) -> Vec<UciMove> {
    let us = seen.turn();
    let board = seen.board();
    let mut out = pseudo_moves_on(seen);
    for from in board.by_piece(Piece::new(us, Role::Pawn)) {
        for to in pawn_attacks(us, from) - board.occupied() {
            if to.rank() != Rank::Eighth.relative(us) {
                out.push(UciMove::Normal { from, to, promotion: None });
            }
        }
    }
    out.extend(castling_forms(seen));
    out.sort();
    out.dedup();
    out
}

/// The king's moves that could be castling, as UCI writes castling: the
/// king's two-square steps in standard chess, the king taking each of its
/// own rooks on its rank in Chess960.
fn castling_forms(seen: &Reading) -> Vec<UciMove> {
    let us = seen.turn();
    let Some(king) = seen.board().king_of(us) else { return Vec::new() };
    let targets: Vec<Square> = if seen.mode == lawbook_board::CastlingMode::Chess960 {
        (seen.board().by_piece(Piece::new(us, Role::Rook)) & lawbook_board::Bitboard::from_rank(king.rank()))
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
    named_on(&Reading::of(pos), pattern)
}

/// As [`named`], on the board as the steps read it.
fn named_on(seen: &Reading, pattern: &MovePattern) -> Vec<UciMove> {
    let (board, us) = (seen.board(), seen.turn());
    if matches!(pattern, MovePattern::Castle(_)) {
        return castling_forms(seen)
            .into_iter()
            .filter(|m| m.from().zip(m.to()).is_some_and(|(from, to)| pattern.matches_on(board, us, from, to, None)))
            .collect();
    }
    let mut out = Vec::new();
    for from in Square::ALL {
        for to in Square::ALL {
            if from == to {
                continue;
            }
            for promotion in [None, Some(Role::Queen), Some(Role::Rook), Some(Role::Bishop), Some(Role::Knight)] {
                if pattern.matches_on(board, us, from, to, promotion) {
                    out.push(UciMove::Normal { from, to, promotion });
                }
            }
        }
    }
    out
}
