//! The games a differential run compares: seeded random games and real
//! games replayed from PGN, each with lawbook's facts about every position.

use lawbook_board::{Bitboard, Board, CastlingMode, Relaxations, Setup};
use lawbook_engines::{PositionQuery, TracedPosition, traced_position};
use lawbook_movegen::{Move, Position};
use lawbook_notation::fen;
use lawbook_notation::uci::UciMove;
use lawbook_outcome::{Game, GameError};
use rand::Rng;
use rand::seq::IndexedRandom;

/// One game as both sides are asked about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Where the game comes from, for reports (`random game 17`, `games.pgn, game 3`).
    pub label: String,
    /// The start (FEN, X-FEN castling) and the moves played from it.
    pub query: PositionQuery,
}

impl GameRecord {
    /// A game from `start` with no move yet.
    fn new(label: String, start: &Position) -> GameRecord {
        let query = PositionQuery {
            fen: fen::write(start),
            moves: Vec::new(),
            chess960: start.castling_mode() == CastlingMode::Chess960,
            automatic_fifty_moves: false,
        };
        GameRecord { label, query }
    }
}

/// The FEN of the initial position of Chess960 number `n` (`0..960`).
///
/// ```
/// use lawbook_differential::chess960_fen;
/// assert_eq!(chess960_fen(518).as_deref(), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
/// assert_eq!(chess960_fen(960), None);
/// ```
pub fn chess960_fen(n: u32) -> Option<String> {
    let board = Board::chess960(n)?;
    let setup = Setup { castling_rights: board.rooks() & Bitboard::BACKRANKS, board, ..Setup::empty() };
    Some(fen::write_setup(&setup))
}

/// A random game from `start` (a FEN; `chess960` selects its castling rules):
/// every move drawn uniformly from the legal moves by `rng`, until lawbook's
/// rules end the game or `plies_max` plies. Returns the record, and
/// lawbook's facts about every position of it.
///
/// # Errors
/// A message when `start` is not a valid position.
pub fn random_game(
    label: String,
    start: &str,
    chess960: bool,
    plies_max: usize,
    rng: &mut impl Rng,
) -> Result<(GameRecord, Vec<TracedPosition>), String> {
    let mode = chess960.then_some(CastlingMode::Chess960);
    let pos = fen::read_with(start, mode, Relaxations::STRICT).map_err(|e| format!("{start}: {e}"))?;
    let mut game = Game::new(pos);
    let mut record = GameRecord::new(label, &pos);
    let mut seen = vec![traced_position(&game)];
    while !game.is_over() && record.query.moves.len() < plies_max {
        let pos = *game.position();
        let Some(&mv) = pos.legal_moves().choose(rng) else { break };
        record.query.moves.push(UciMove::from_move(&pos, mv));
        game.play(mv).map_err(|e| format!("{}: lawbook refuses its own legal move: {e}", record.label))?;
        seen.push(traced_position(&game));
    }
    Ok((record, seen))
}

/// A real game's main line replayed by lawbook, up to its end or to where
/// lawbook's rules end the game (the `bool` is true when moves were left).
///
/// # Errors
/// A message when a move is not legal.
pub fn replay(
    label: String,
    start: Position,
    moves: &[Move],
) -> Result<(GameRecord, Vec<TracedPosition>, bool), String> {
    let mut game = Game::new(start);
    let mut record = GameRecord::new(label, &start);
    let mut seen = vec![traced_position(&game)];
    for &mv in moves {
        let pos = *game.position();
        match game.play(mv) {
            Ok(()) => {}
            Err(GameError::GameOver { .. }) => return Ok((record, seen, true)),
            Err(e) => return Err(format!("{}: move {}: {e}", record.label, record.query.moves.len() + 1)),
        }
        record.query.moves.push(UciMove::from_move(&pos, mv));
        seen.push(traced_position(&game));
    }
    Ok((record, seen, false))
}
