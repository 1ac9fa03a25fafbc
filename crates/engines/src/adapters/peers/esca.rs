//! esca (crates.io `esca`, 0.4), in process.

use super::{failed, refused, square, start_text, uci_move};
use crate::{Answer, Capability, Engine, EngineError, Facts, FaultKind, Played, PositionQuery, Question};
use lawbook_board::{ByColor, Color};
use lawbook_outcome::{Outcome, Reason};

/// esca (0.4), in process, every answer from its own API: a `Game` of its
/// `classic()` or `chess960()` rules from the FEN (`Game::from_fen`, whose
/// refusal is the engine's), the moves read by `move_from_uci` and played
/// by `Game::play`; legal moves (`legal_moves`, written by `move_to_uci`,
/// castling as the king's two-square step in standard chess), check and
/// checkers (`Position::checkers`), mate, stalemate and the ending
/// (`Game::outcome`: also insufficient material, seventy-five moves and
/// fivefold repetition), each side's material (`facts().material`), the
/// repetition count (`Game::repetitions`), the claims (`Game::claims`) and
/// the board (its FEN). The dead position is answered with its only proof,
/// the material rule (`Outcome::InsufficientMaterial`). Not answered: the
/// automatic fifty-move rule (esca has none) and the trace of differential
/// testing.
#[derive(Debug, Default)]
pub struct Esca {
    /// Made only by `Esca::default()`.
    _private: (),
}

impl Esca {
    fn replay(query: &PositionQuery) -> Result<esca::Game, EngineError> {
        let variant = if query.chess960 { esca::chess960() } else { esca::classic() };
        let mut game = esca::Game::from_fen(variant, start_text(&query.fen))
            .map_err(|e| refused(format!("esca refuses the FEN: {e}")))?;
        if !query.chess960 {
            game.set_castling_output(esca::CastlingOutput::KingTwoSquares);
        }
        for (i, mv) in query.moves.iter().enumerate() {
            let refused = || failed(FaultKind::RefusedMove, format!("esca refuses move {} of the list ({mv})", i + 1));
            let mv = game.variant().move_from_uci(game.position(), &mv.to_string()).map_err(|_| refused())?;
            game.play(mv).map_err(|_| refused())?;
        }
        Ok(game)
    }

    fn legal_uci(game: &esca::Game) -> Vec<String> {
        game.legal_moves().iter().map(|&mv| game.move_to_uci(mv)).collect()
    }

    fn outcome(outcome: esca::Outcome) -> Outcome {
        match outcome {
            esca::Outcome::Checkmate { winner: esca::Colour::White } => Outcome::win(Color::White, Reason::Checkmate),
            esca::Outcome::Checkmate { winner: esca::Colour::Black } => Outcome::win(Color::Black, Reason::Checkmate),
            esca::Outcome::Stalemate => Outcome::draw(Reason::Stalemate),
            esca::Outcome::InsufficientMaterial => Outcome::draw(Reason::InsufficientMaterial),
            esca::Outcome::SeventyFiveMoves => Outcome::draw(Reason::SeventyFiveMoves),
            esca::Outcome::FivefoldRepetition => Outcome::draw(Reason::FivefoldRepetition),
        }
    }
}

impl Engine for Esca {
    fn name(&self) -> &str {
        "esca"
    }

    fn version(&self) -> String {
        format!("esca {}", super::ESCA_VERSION)
    }

    fn supports(&self, capability: Capability) -> bool {
        !matches!(capability, Capability::Model | Capability::Trace | Capability::Claims | Capability::Search)
    }

    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        if !self.supports(question.capability()) {
            return Err(EngineError::Unsupported(question.capability()));
        }
        let game = Esca::replay(query)?;
        let board = |game: &esca::Game| crate::adapters::read_board_and_turn(&game.position().fen());
        Ok(match question {
            Question::LegalMoves => Answer::LegalMoves(
                Esca::legal_uci(&game).iter().map(|m| uci_move(m, "esca")).collect::<Result<_, _>>()?,
            ),
            Question::IsLegal(mv) => Answer::Bool(Esca::legal_uci(&game).contains(&mv.to_string())),
            Question::Play(mv) => {
                let mut after = game.clone();
                let taken = after.variant().move_from_uci(after.position(), &mv.to_string()).ok();
                let accepted = taken.is_some_and(|m| after.play(m).is_ok());
                Answer::Played(Played { accepted, after: Some(board(&after)?) })
            }
            Question::Board => Answer::Board(board(&game)?.0),
            fact => {
                let position = game.position();
                let checkers = position
                    .checkers()
                    .into_iter()
                    .map(|s| square(&s.to_string(), "esca"))
                    .collect::<Result<_, _>>()?;
                let outcome = game.outcome();
                let material = game.facts().material.insufficient_material;
                let claims = game.claims();
                let facts = Facts {
                    // esca has no automatic fifty-move rule.
                    outcome: (!query.automatic_fifty_moves).then(|| outcome.map(Esca::outcome)),
                    insufficient_material: ByColor::from_fn(|side| {
                        Some(material[if side == Color::White { esca::Colour::White } else { esca::Colour::Black }])
                    }),
                    dead_position: Some(outcome == Some(esca::Outcome::InsufficientMaterial)),
                    repetitions: Some(game.repetitions() as usize),
                    can_claim_threefold: Some(claims.contains(&esca::DrawClaim::ThreefoldRepetition)),
                    can_claim_fifty_moves: Some(claims.contains(&esca::DrawClaim::FiftyMoves)),
                    ..Facts::of_status(
                        checkers,
                        matches!(outcome, Some(esca::Outcome::Checkmate { .. })),
                        outcome == Some(esca::Outcome::Stalemate),
                    )
                };
                return facts.answer(fact);
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use esca::{DrawClaim, Game, classic};

    fn game(fen: &str, moves: &[&str]) -> Game {
        let mut game = Game::from_fen(classic(), fen).expect("esca reads the FEN");
        for mv in moves {
            game.play_uci(mv).expect("a legal move");
        }
        game
    }

    /// What the findings on esca rest on (`conformance/FINDINGS.md`), asked
    /// of esca directly.
    #[test]
    fn the_findings_are_escas_own_answers() {
        // A claim only once the position is there, not by announcing the move (FIDE 9.2.1, 9.3.1).
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];
        let before = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &shuffle);
        assert!(before.claims().is_empty());
        assert!(
            game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &[shuffle.as_slice(), &["f6g8"]].concat())
                .claims()
                .contains(&DrawClaim::ThreefoldRepetition)
        );
        assert!(game("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &[]).claims().is_empty());
        // Each side's material judged without the other's pieces (FIDE 5.2.2, 6.9).
        let material = |fen: &str| game(fen, &[]).facts().material.insufficient_material;
        let knight_bishop = material("2b1k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
        assert!(knight_bishop.white && knight_bishop.black);
        let bishops = material("4k3/8/8/2b5/8/3B4/8/3K4 w - - 0 1");
        assert!(bishops.white && bishops.black);
        // The kings side by side: the king may be taken (FIDE 1.4.1, 3.8.1).
        let kings = game("8/7p/8/8/8/8/3k4/4K3 w - - 0 1", &[]);
        assert!(kings.legal_moves().iter().any(|&mv| kings.move_to_uci(mv) == "e1d2"));
    }
}
