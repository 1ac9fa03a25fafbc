//! [`BuiltIn`]: lawbook's own rules, in process.

use crate::answer::{Answer, Capability, EngineError, GameState, PositionFacts, Question, SideStatus};
use crate::engine::Engine;
use crate::query::PositionQuery;
use lawbook_notation::uci::UciMove;
use lawbook_notation::{Lang, Strictness, fen, san};

/// lawbook's own rules, in process: it answers every question.
#[derive(Clone, Copy, Debug, Default)]
pub struct BuiltIn;

impl BuiltIn {
    /// Check, mate and stalemate of the query's position.
    fn status(query: &PositionQuery) -> Result<SideStatus, EngineError> {
        let pos = query.position()?;
        let no_moves = pos.count_legal() == 0;
        Ok(SideStatus {
            in_check: pos.is_check(),
            checkmate: no_moves && pos.is_check(),
            stalemate: no_moves && !pos.is_check(),
            checkers: Some(pos.checkers().squares().collect()),
        })
    }

    /// How the query's game stands under the draw rules.
    fn game_state(query: &PositionQuery) -> Result<GameState, EngineError> {
        let status = query.game()?.status();
        Ok(GameState {
            outcome: status.outcome,
            insufficient_material: status.insufficient_material,
            dead_position: status.dead_position,
            repetitions: status.repetitions,
            can_claim_threefold: status.can_claim_threefold,
            can_claim_fifty_moves: status.can_claim_fifty_moves,
        })
    }
}

/// lawbook's facts about the current position of `game` (no SAN read):
/// what the built-in engine answers to [`Question::Trace`] in each position.
///
/// ```
/// use lawbook_engines::facts;
/// let game = lawbook_outcome::Game::new(lawbook_movegen::Position::startpos());
/// let start = facts(&game);
/// assert_eq!(start.moves.len(), 20);
/// assert_eq!(start.moves.get(&"g1f3".parse()?).map(String::as_str), Some("Nf3"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn facts(game: &lawbook_outcome::Game) -> PositionFacts {
    let pos = game.position();
    let status = game.status();
    PositionFacts {
        fen: fen::write(pos),
        moves: pos.legal_moves().iter().map(|&mv| (UciMove::from_move(pos, mv), san::write(pos, mv))).collect(),
        in_check: pos.is_check(),
        checkers: pos.checkers().squares().collect(),
        checkmate: status.checkmate,
        stalemate: status.stalemate,
        insufficient_material: status.insufficient_material,
        outcome: status.outcome,
        repetitions: status.repetitions,
        can_claim_threefold: status.can_claim_threefold,
        can_claim_fifty_moves: status.can_claim_fifty_moves,
        reads: Vec::new(),
    }
}

impl BuiltIn {
    /// Every position of the query's game, each SAN of `reads` read strictly.
    /// lawbook's game model ends the game where the laws do, so a query
    /// whose moves go on after that is an error.
    fn trace(query: &PositionQuery, reads: &[Vec<String>]) -> Result<Vec<PositionFacts>, EngineError> {
        let replay = query.replay()?;
        let mut game = lawbook_outcome::Game::new(replay.positions[0]);
        let mut out = Vec::with_capacity(replay.positions.len());
        for ply in 0..replay.positions.len() {
            let pos = *game.position();
            let mut here = facts(&game);
            here.reads = reads.get(ply).map_or_else(Vec::new, |texts| {
                texts
                    .iter()
                    .map(|t| {
                        san::read(&pos, t, Lang::English, Strictness::Strict)
                            .ok()
                            .map(|(m, _)| UciMove::from_move(&pos, m))
                    })
                    .collect()
            });
            out.push(here);
            if let Some(&mv) = replay.moves.get(ply) {
                game.play(mv).map_err(|e| EngineError::failed(format!("move {}: {e}", ply + 1)))?;
            }
        }
        Ok(out)
    }
}

impl Engine for BuiltIn {
    fn name(&self) -> &str {
        "lawbook"
    }

    fn supports(&self, _: Capability) -> bool {
        true
    }

    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        Ok(match question {
            Question::LegalMoves => {
                let pos = query.position()?;
                Answer::LegalMoves(pos.legal_moves().iter().map(|&m| UciMove::from_move(&pos, m)).collect())
            }
            Question::IsLegal(mv) => Answer::IsLegal(mv.to_move(&query.position()?).is_ok()),
            Question::Status => Answer::Status(BuiltIn::status(query)?),
            Question::Board => Answer::Board(*query.position()?.board()),
            Question::GameState => Answer::GameState(BuiltIn::game_state(query)?),
            Question::Trace(reads) => Answer::Trace(BuiltIn::trace(query, reads)?),
        })
    }
}
