//! [`BuiltIn`]: lawbook's own rules, in process.

use crate::FaultKind;
use crate::answer::{Answer, Capability, EngineError, Facts, Played, Question, TracedPosition};
use crate::engine::Engine;
use crate::query::PositionQuery;
use lawbook_board::{ByColor, CastlingMode, Relaxations};
use lawbook_movegen::Position;
use lawbook_notation::uci::UciMove;
use lawbook_notation::{Lang, Strictness, fen, san};

/// lawbook's own rules, in process: it answers every question about a
/// position a game can reach, and refuses any other start
/// ([`EngineError::Refused`], with lawbook's name for what is wrong).
#[derive(Clone, Copy, Debug, Default)]
pub struct BuiltIn;

impl BuiltIn {
    /// Every fact of the query's position, as lawbook's game model judges it.
    ///
    /// # Errors
    /// [`FaultKind::Unaskable`] when the query does not read or its moves are
    /// not legal (the draw-rule facts also when they go on after the game
    /// has ended by itself).
    pub fn judge(query: &PositionQuery) -> Result<Facts, EngineError> {
        let game = query.game()?;
        let status = game.status();
        Ok(Facts {
            outcome: Some(status.outcome),
            insufficient_material: ByColor::from_fn(|side| Some(status.insufficient_material[side])),
            dead_position: Some(status.dead_position),
            repetitions: Some(status.repetitions),
            can_claim_threefold: Some(status.can_claim_threefold),
            can_claim_fifty_moves: Some(status.can_claim_fifty_moves),
            ..BuiltIn::status(query)?
        })
    }

    /// Check, the checking pieces, checkmate and stalemate: facts of the
    /// position alone, answered whatever the game's end.
    fn status(query: &PositionQuery) -> Result<Facts, EngineError> {
        let pos = query.position()?;
        let no_moves = pos.count_legal() == 0;
        Ok(Facts::of_status(
            pos.checkers().squares().collect(),
            no_moves && pos.is_check(),
            no_moves && !pos.is_check(),
        ))
    }
}

/// lawbook's facts about the current position of `game` (no SAN read):
/// what the built-in engine answers to [`Question::Trace`] in each position.
///
/// ```
/// use lawbook_engines::traced_position;
/// let game = lawbook_outcome::Game::new(lawbook_movegen::Position::startpos());
/// let start = traced_position(&game);
/// assert_eq!(start.moves.len(), 20);
/// assert_eq!(start.moves.get(&"g1f3".parse()?).map(String::as_str), Some("Nf3"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn traced_position(game: &lawbook_outcome::Game) -> TracedPosition {
    let pos = game.position();
    let status = game.status();
    TracedPosition {
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
    /// The query's start as lawbook reads it, strictly; a start it does not
    /// accept (a position no game can reach, or a FEN that is not
    /// well-formed) is refused, naming lawbook's error kind first:
    /// `position.opposite_check: invalid FEN: impossible position: ...` (the
    /// kinds are listed in `conformance/bad-inputs/README.md`).
    ///
    /// ```
    /// use lawbook_engines::{BuiltIn, EngineError, PositionQuery};
    /// let query = PositionQuery { fen: "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1".into(), ..PositionQuery::from_start(&[])? };
    /// let refusal = BuiltIn::read_start(&query).unwrap_err();
    /// assert!(matches!(refusal, EngineError::Refused(why) if why.starts_with("position.opposite_check:")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`EngineError::Refused`] for a start lawbook does not accept.
    pub fn read_start(query: &PositionQuery) -> Result<Position, EngineError> {
        let mode = query.chess960.then_some(CastlingMode::Chess960);
        fen::read_with(&query.fen, mode, Relaxations::STRICT)
            .map_err(|e| EngineError::refused(format!("{}: {e}", e.kind())))
    }

    /// Plays `mv` in the query's game as the laws allow: an illegal move, a
    /// pass, or any move once the game has ended by itself is refused, and
    /// the game stays as it was.
    fn play(query: &PositionQuery, mv: UciMove) -> Result<Played, EngineError> {
        let mut game = query.game()?;
        let accepted = mv.to_move(game.position()).is_ok_and(|m| game.play(m).is_ok());
        let pos = game.position();
        Ok(Played { accepted, after: Some((*pos.board(), pos.turn())) })
    }

    /// Every position of the query's game, each SAN of `reads` read strictly.
    /// lawbook's game model ends the game where the laws do, so a query
    /// whose moves go on after that is an error.
    fn trace(query: &PositionQuery, reads: &[Vec<String>]) -> Result<Vec<TracedPosition>, EngineError> {
        let replay = query.replay()?;
        let mut game = lawbook_outcome::Game::new(replay.positions[0]);
        let mut out = Vec::with_capacity(replay.positions.len());
        for ply in 0..replay.positions.len() {
            let pos = *game.position();
            let mut here = traced_position(&game);
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
                game.play(mv)
                    .map_err(|e| EngineError::failed(FaultKind::Unaskable, format!("move {}: {e}", ply + 1)))?;
            }
        }
        Ok(out)
    }
}

impl Engine for BuiltIn {
    fn name(&self) -> &str {
        "lawbook"
    }

    fn version(&self) -> String {
        format!("lawbook {}", env!("CARGO_PKG_VERSION"))
    }

    /// Everything but [`Capability::Claims`]: lawbook judges claims, it
    /// makes none.
    fn supports(&self, capability: Capability) -> bool {
        !matches!(capability, Capability::Claims | Capability::Search)
    }

    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        BuiltIn::read_start(query)?;
        Ok(match question {
            Question::LegalMoves => {
                let pos = query.position()?;
                Answer::LegalMoves(pos.legal_moves().iter().map(|&m| UciMove::from_move(&pos, m)).collect())
            }
            Question::IsLegal(mv) => Answer::Bool(mv.to_move(&query.position()?).is_ok()),
            Question::Play(mv) => Answer::Played(BuiltIn::play(query, *mv)?),
            Question::Board => Answer::Board(*query.position()?.board()),
            Question::Trace(reads) => Answer::Trace(BuiltIn::trace(query, reads)?),
            Question::InCheck | Question::Checkers | Question::Checkmate | Question::Stalemate => {
                return BuiltIn::status(query)?.answer(question);
            }
            fact => return BuiltIn::judge(query)?.answer(fact),
        })
    }
}
