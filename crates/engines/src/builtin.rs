//! [`BuiltIn`]: lawbook's own rules, in process.

use crate::answer::{Answer, Capability, EngineError, GameState, Question, SideStatus};
use crate::engine::Engine;
use crate::query::PositionQuery;
use lawbook_notation::uci::UciMove;

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
        })
    }
}
