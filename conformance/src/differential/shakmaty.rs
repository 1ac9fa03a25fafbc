//! shakmaty (0.30), in process, as a differential [`Peer`] (cargo feature `peers`).
//!
//! | question | shakmaty's answer |
//! |---|---|
//! | FEN | `Fen::from_position(pos, EnPassantMode::Legal)` |
//! | legal moves | `legal_moves()`, UCI by `UciMove::from_move(mv, mode)` |
//! | SAN | `SanPlus::from_move` (check and mate suffixes included) |
//! | reading lawbook's SAN | `SanPlus::from_str`, then `San::to_move` |
//! | check, checkers, mate, stalemate | `checkers()`, `is_checkmate()`, `is_stalemate()` |
//! | insufficient material | `has_insufficient_material(color)` |
//! | ending | `outcome()` (mate, stalemate, insufficient material); then seventy-five moves by `halfmoves() >= 150`, fivefold repetition by the count below |
//! | repetitions and claims | see below |
//!
//! shakmaty keeps no game history, so it has no repetition rule of its own:
//! this peer keeps the game's positions as shakmaty's Zobrist hashes
//! (`zobrist_hash(EnPassantMode::Legal)`: the en passant square counts only
//! when a capture is legal, as FIDE 9.2.3 has it) and counts them. A claim
//! is valid (FIDE 9.2.1, 9.3) when the game has not ended and the position
//! has occurred three times / `halfmoves() >= 100`, or some legal move
//! (shakmaty's) leads to a third occurrence / to `halfmoves() >= 100` (a
//! move that is not `is_zeroing()` from 99). This half of the comparison
//! therefore checks lawbook's repetition and claim logic against a second,
//! independent implementation written here on shakmaty's moves and hashes.

use super::{Facts, GameRecord, KnownDifferences, Peer};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, KnownOutcome, Outcome, Position as _};

/// shakmaty as a differential peer.
#[derive(Debug, Default)]
pub struct ShakmatyPeer {
    /// Made only by `ShakmatyPeer::default()`.
    _private: (),
}

fn hash(pos: &Chess) -> Zobrist64 {
    pos.zobrist_hash(EnPassantMode::Legal)
}

fn facts(pos: &Chess, mode: CastlingMode, history: &[Zobrist64], reads: &[String]) -> Facts {
    let occurrences = |h: Zobrist64| history.iter().filter(|&&x| x == h).count();
    let repetitions = occurrences(hash(pos));
    let legal = pos.legal_moves();
    let draw = |reason: &str| Some(("1/2-1/2".to_string(), reason.to_string()));
    let outcome = match pos.outcome() {
        Outcome::Known(KnownOutcome::Decisive { winner }) => {
            Some((if winner == Color::White { "1-0" } else { "0-1" }.to_string(), "checkmate".to_string()))
        }
        Outcome::Known(KnownOutcome::Draw) if pos.is_stalemate() => draw("stalemate"),
        Outcome::Known(KnownOutcome::Draw) => draw("insufficient_material"),
        Outcome::Unknown if pos.halfmoves() >= 150 => draw("seventyfive_moves"),
        Outcome::Unknown if repetitions >= 5 => draw("fivefold_repetition"),
        Outcome::Unknown => None,
    };
    let going_on = outcome.is_none();
    let after = |mv: &shakmaty::Move| {
        let mut next = pos.clone();
        next.play_unchecked(*mv);
        next
    };
    let can_claim_threefold =
        going_on && (repetitions >= 3 || legal.iter().any(|mv| occurrences(hash(&after(mv))) + 1 >= 3));
    let can_claim_fifty_moves =
        going_on && (pos.halfmoves() >= 100 || (pos.halfmoves() >= 99 && legal.iter().any(|mv| !mv.is_zeroing())));
    let mut checkers: Vec<String> = pos.checkers().into_iter().map(|s| s.to_string()).collect();
    checkers.sort();
    Facts {
        fen: Fen::from_position(pos, EnPassantMode::Legal).to_string(),
        moves: legal
            .iter()
            .map(|&mv| (UciMove::from_move(mv, mode).to_string(), SanPlus::from_move(pos.clone(), mv).to_string()))
            .collect(),
        in_check: pos.is_check(),
        checkers,
        checkmate: pos.is_checkmate(),
        stalemate: pos.is_stalemate(),
        insufficient_material: (
            pos.has_insufficient_material(Color::White),
            pos.has_insufficient_material(Color::Black),
        ),
        outcome,
        repetitions,
        can_claim_threefold,
        can_claim_fifty_moves,
        reads: reads
            .iter()
            .map(|text| {
                let san: SanPlus = text.parse().ok()?;
                san.san.to_move(pos).ok().map(|mv| UciMove::from_move(mv, mode).to_string())
            })
            .collect(),
    }
}

impl Peer for ShakmatyPeer {
    fn name(&self) -> String {
        "shakmaty 0.30".into()
    }

    fn chess960(&self) -> bool {
        true
    }

    fn known_differences(&self) -> KnownDifferences {
        KnownDifferences { dead_positions_beyond_material: true, insufficient_material_before_stalemate: false }
    }

    fn trace(&mut self, game: &GameRecord, reads: &[Vec<String>]) -> Result<Vec<Facts>, String> {
        let mode = if game.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let fen: Fen = game.start_fen.parse().map_err(|e| format!("shakmaty cannot read the FEN: {e}"))?;
        let mut pos: Chess = fen.into_position(mode).map_err(|e| format!("shakmaty refuses the position: {e}"))?;
        let mut history = vec![hash(&pos)];
        let no_reads: &[String] = &[];
        let reads_at = |i: usize| reads.get(i).map_or(no_reads, Vec::as_slice);
        let mut out = Vec::with_capacity(game.moves.len() + 1);
        out.push(facts(&pos, mode, &history, reads_at(0)));
        for (i, text) in game.moves.iter().enumerate() {
            let refused = || format!("shakmaty refuses move {} of the game ({text})", i + 1);
            let uci: UciMove = text.parse().map_err(|_| refused())?;
            let mv = uci.to_move(&pos).map_err(|_| refused())?;
            pos.play_unchecked(mv);
            history.push(hash(&pos));
            out.push(facts(&pos, mode, &history, reads_at(i + 1)));
        }
        Ok(out)
    }
}
