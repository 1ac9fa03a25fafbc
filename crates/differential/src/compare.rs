//! Comparing lawbook's facts about a game with a peer's, position by
//! position, and what a run found: its [`Summary`], or the first
//! [`Disagreement`].

use crate::{GameRecord, ReadSan};
use lawbook_board::{ByColor, Square};
use lawbook_engines::TracedPosition;
use lawbook_engines::registry::KnownDifference;
use lawbook_notation::uci::UciMove;
use lawbook_notation::{Lang, Strictness, san, uci};
use lawbook_outcome::{Outcome, Reason};
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

/// Differences between lawbook and a peer that are known, explained in
/// `conformance/FINDINGS.md`, and accepted only in exactly their form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KnownDifferences {
    /// The peer proves no dead position beyond insufficient material (FIDE 5.2.2).
    pub dead_positions_beyond_material: bool,
    /// The peer names insufficient material, not stalemate, as the ending
    /// when both apply.
    pub insufficient_material_before_stalemate: bool,
}

impl KnownDifferences {
    /// The differences a registry entry declares (`known_differences`).
    pub fn declared(list: &[KnownDifference]) -> KnownDifferences {
        KnownDifferences {
            dead_positions_beyond_material: list.contains(&KnownDifference::DeadPositionsBeyondMaterial),
            insufficient_material_before_stalemate: list
                .contains(&KnownDifference::InsufficientMaterialBeforeStalemate),
        }
    }
}

/// What a run compared, and the known differences it met.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The peer's name.
    pub peer: String,
    /// Random games compared.
    pub random_games: u64,
    /// Real games (from PGN) compared.
    pub pgn_games: u64,
    /// Real games that go on after lawbook has ended them (compared up to there).
    pub pgn_games_cut: u64,
    /// Positions compared.
    pub positions: u64,
    /// Of them, positions of Chess960 games.
    pub chess960_positions: u64,
    /// Legal moves compared (each with its SAN, read back by lawbook).
    pub moves: u64,
    /// SAN texts of lawbook's the peer read back.
    pub peer_reads: u64,
    /// Positions in check.
    pub checks: u64,
    /// Positions where a threefold-repetition claim is valid.
    pub threefold_claims: u64,
    /// Positions where a fifty-move claim is valid.
    pub fifty_move_claims: u64,
    /// Positions that end the game by themselves, by lawbook's reason.
    pub endings: BTreeMap<String, u64>,
    /// Known differences met, by description.
    pub explained: BTreeMap<&'static str, u64>,
    /// How long the run took.
    pub elapsed: Duration,
}

impl Summary {
    /// Positions compared per second.
    pub fn positions_per_second(&self) -> f64 {
        self.positions as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "differential: lawbook against {}: no disagreement in {} positions ({} of them Chess960) of {} games \
             ({} random, {} from PGN{})",
            self.peer,
            self.positions,
            self.chess960_positions,
            self.random_games + self.pgn_games,
            self.random_games,
            self.pgn_games,
            if self.pgn_games_cut > 0 {
                format!(", {} of them cut where lawbook ends the game", self.pgn_games_cut)
            } else {
                String::new()
            },
        )?;
        writeln!(
            f,
            "differential: {} legal moves with their SAN, {} SAN texts read back by {}, in {:.1} s ({:.0} positions/s)",
            self.moves,
            self.peer_reads,
            self.peer,
            self.elapsed.as_secs_f64(),
            self.positions_per_second()
        )?;
        let endings: Vec<String> = self.endings.iter().map(|(reason, n)| format!("{n} {reason}")).collect();
        writeln!(
            f,
            "differential: covered {} positions in check, {} with a valid threefold claim, {} with a valid \
             fifty-move claim; endings: {}",
            self.checks,
            self.threefold_claims,
            self.fifty_move_claims,
            if endings.is_empty() { "none".to_string() } else { endings.join(", ") }
        )?;
        if self.explained.is_empty() {
            writeln!(f, "differential: no known difference met")?;
        }
        for (what, n) in &self.explained {
            writeln!(f, "differential: known difference, {n} times: {what}")?;
        }
        Ok(())
    }
}

/// The first answer on which lawbook and the peer differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The peer's name.
    pub peer: String,
    /// The game it happened in.
    pub game: GameRecord,
    /// The position: after this many of the game's moves.
    pub ply: usize,
    /// The position as lawbook writes it.
    pub fen: String,
    /// The moves that led there, in SAN (lawbook's).
    pub san_history: Vec<String>,
    /// What was asked.
    pub question: String,
    /// lawbook's answer.
    pub lawbook: String,
    /// The peer's answer.
    pub theirs: String,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "DISAGREEMENT between lawbook and {} on: {}", self.peer, self.question)?;
        writeln!(f, "  game:     {}", self.game.label)?;
        writeln!(f, "  position: {}", self.fen)?;
        writeln!(f, "  lawbook:  {}", self.lawbook)?;
        writeln!(f, "  {:<9} {}", format!("{}:", self.peer), self.theirs)?;
        writeln!(
            f,
            "  reached from {}{} by {} moves (UCI): {}",
            self.game.query.fen,
            if self.game.query.chess960 { " (Chess960)" } else { "" },
            self.ply,
            self.game.query.moves[..self.ply].iter().map(UciMove::to_string).collect::<Vec<_>>().join(" ")
        )?;
        write!(f, "  the same moves in SAN: {}", self.san_history.join(" "))
    }
}

/// Why a run stopped early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// lawbook and the peer disagree.
    Disagreement(Box<Disagreement>),
    /// The run could not go on (a PGN file unreadable, the peer crashed).
    Error(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Disagreement(d) => d.fmt(f),
            Failure::Error(e) => f.write_str(e),
        }
    }
}

/// The SAN texts the peer reads in each position: lawbook's, of every legal
/// move (in UCI order) or of the move played.
pub(super) fn san_to_read(game: &GameRecord, ours: &[TracedPosition], read_san: ReadSan) -> Vec<Vec<String>> {
    match read_san {
        ReadSan::All => ours.iter().map(|f| f.moves.values().cloned().collect()).collect(),
        ReadSan::Played => {
            game.query.moves.iter().zip(ours).map(|(mv, f)| f.moves.get(mv).cloned().into_iter().collect()).collect()
        }
    }
}

/// The UCI moves of `to_read[i]`, the SAN texts lawbook wrote, in the same order.
fn read_targets(game: &GameRecord, ours: &TracedPosition, ply: usize, read_san: ReadSan) -> Vec<UciMove> {
    match read_san {
        ReadSan::All => ours.moves.keys().copied().collect(),
        ReadSan::Played => game.query.moves.get(ply).copied().into_iter().collect(),
    }
}

fn show_outcome(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "none: the game goes on".to_string(),
        Some(Outcome { result, reason }) => format!("{result} by {reason}"),
    }
}

/// Squares as their names, in a list.
fn show_squares(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    format!("[{}]", names.join(", "))
}

/// Moves as UCI text, in a list.
fn show_moves(moves: &[UciMove]) -> String {
    let texts: Vec<String> = moves.iter().map(|m| format!("{:?}", m.to_string())).collect();
    format!("[{}]", texts.join(", "))
}

/// Per-side facts as `(White, Black)`.
fn show_sides(sides: ByColor<bool>) -> String {
    format!("({}, {})", sides.white, sides.black)
}

/// Compares lawbook's and the peer's facts about every position of `game`;
/// counts what it compared and the known differences into `summary`.
///
/// # Errors
/// The first [`Disagreement`].
pub fn compare_game(
    game: &GameRecord,
    ours: &[TracedPosition],
    theirs: &[TracedPosition],
    known: KnownDifferences,
    read_san: ReadSan,
    summary: &mut Summary,
) -> Result<(), Box<Disagreement>> {
    let positions = game.query.replay().map_err(|e| {
        Box::new(Disagreement {
            peer: summary.peer.clone(),
            game: game.clone(),
            ply: 0,
            fen: game.query.fen.clone(),
            san_history: Vec::new(),
            question: "the game replays".into(),
            lawbook: e.to_string(),
            theirs: String::new(),
        })
    })?;
    let positions = positions.positions;
    let disagree = |ply: usize, question: String, lawbook: String, theirs: String| {
        Box::new(Disagreement {
            peer: summary.peer.clone(),
            game: game.clone(),
            ply,
            fen: ours.get(ply).map_or_else(|| "(none)".to_string(), |f| f.fen.clone()),
            san_history: (0..ply)
                .map(|i| ours[i].moves.get(&game.query.moves[i]).cloned().unwrap_or_else(|| "?".into()))
                .collect(),
            question,
            lawbook,
            theirs,
        })
    };
    if theirs.len() != ours.len() {
        return Err(disagree(
            0,
            "how many positions the game has".into(),
            ours.len().to_string(),
            theirs.len().to_string(),
        ));
    }
    let mut counts = Summary::default();
    for (ply, ((a, b), pos)) in ours.iter().zip(theirs).zip(&positions).enumerate() {
        // 1. FEN.
        if a.fen != b.fen {
            return Err(disagree(ply, "the FEN".into(), a.fen.clone(), b.fen.clone()));
        }
        // 2. The legal moves.
        if a.moves.len() != b.moves.len() || a.moves.keys().ne(b.moves.keys()) {
            let only = |x: &TracedPosition, y: &TracedPosition| -> Vec<UciMove> {
                x.moves.keys().filter(|m| !y.moves.contains_key(*m)).copied().collect()
            };
            return Err(disagree(
                ply,
                "the legal moves (UCI)".into(),
                format!("{} moves; not listed by the peer: {}", a.moves.len(), show_moves(&only(a, b))),
                format!("{} moves; not listed by lawbook: {}", b.moves.len(), show_moves(&only(b, a))),
            ));
        }
        // 3. SAN of every legal move.
        for ((mv, ours_san), theirs_san) in a.moves.iter().zip(b.moves.values()) {
            if ours_san != theirs_san {
                return Err(disagree(ply, format!("the SAN of {mv}"), ours_san.clone(), theirs_san.clone()));
            }
        }
        // 4. SAN read back, both ways.
        for (mv, theirs_san) in &b.moves {
            match san::read(pos, theirs_san, Lang::English, Strictness::Strict) {
                Ok((read, _)) if UciMove::from_move(pos, read) == *mv => {}
                Ok((read, _)) => {
                    return Err(disagree(
                        ply,
                        format!("which move the peer's SAN {theirs_san} names"),
                        uci::write(pos, read),
                        mv.to_string(),
                    ));
                }
                Err(e) => {
                    return Err(disagree(
                        ply,
                        format!("which move the peer's SAN {theirs_san} names"),
                        format!("unreadable: {e}"),
                        mv.to_string(),
                    ));
                }
            }
        }
        let targets = read_targets(game, a, ply, read_san);
        if b.reads.len() != targets.len() {
            return Err(disagree(
                ply,
                "how many of lawbook's SAN texts the peer read".into(),
                targets.len().to_string(),
                b.reads.len().to_string(),
            ));
        }
        for (target, read) in targets.iter().zip(&b.reads) {
            if *read != Some(*target) {
                let text = a.moves.get(target).cloned().unwrap_or_default();
                return Err(disagree(
                    ply,
                    format!("which move lawbook's SAN {text} names"),
                    target.to_string(),
                    read.map_or_else(|| "unreadable".into(), |m| m.to_string()),
                ));
            }
        }
        // 5. Check, checkers, mate, stalemate.
        let pairs = [
            ("in check", a.in_check, b.in_check),
            ("checkmate", a.checkmate, b.checkmate),
            ("stalemate", a.stalemate, b.stalemate),
        ];
        for (question, x, y) in pairs {
            if x != y {
                return Err(disagree(ply, question.into(), x.to_string(), y.to_string()));
            }
        }
        if a.checkers != b.checkers {
            return Err(disagree(
                ply,
                "the checking pieces".into(),
                show_squares(&a.checkers),
                show_squares(&b.checkers),
            ));
        }
        // 6. Insufficient material.
        if a.insufficient_material != b.insufficient_material {
            return Err(disagree(
                ply,
                "insufficient material (White, Black)".into(),
                show_sides(a.insufficient_material),
                show_sides(b.insufficient_material),
            ));
        }
        // 7. The ending, with the known differences in exactly their form.
        let mut claims_compared = true;
        if a.outcome != b.outcome {
            let reason = |o: Option<Outcome>| o.map(|o| o.reason);
            let both = |sides: ByColor<bool>| sides.white && sides.black;
            let dead = known.dead_positions_beyond_material
                && reason(a.outcome) == Some(Reason::DeadPosition)
                && b.outcome.is_none()
                && !both(b.insufficient_material);
            let named_material = known.insufficient_material_before_stalemate
                && reason(a.outcome) == Some(Reason::Stalemate)
                && reason(b.outcome) == Some(Reason::InsufficientMaterial)
                && a.outcome.map(|o| o.result) == b.outcome.map(|o| o.result)
                && a.stalemate
                && both(a.insufficient_material);
            if dead {
                *counts.explained.entry(EXPLAINED_DEAD).or_default() += 1;
                claims_compared = false;
            } else if named_material {
                *counts.explained.entry(EXPLAINED_STALEMATE).or_default() += 1;
            } else {
                return Err(disagree(
                    ply,
                    "the ending the position brings by itself".into(),
                    show_outcome(a.outcome),
                    show_outcome(b.outcome),
                ));
            }
        }
        // 8. Repetitions.
        if a.repetitions != b.repetitions {
            return Err(disagree(
                ply,
                "how often the position has occurred".into(),
                a.repetitions.to_string(),
                b.repetitions.to_string(),
            ));
        }
        // 9. Claims.
        if claims_compared {
            let claims = [
                ("a threefold repetition claim is valid", a.can_claim_threefold, b.can_claim_threefold),
                ("a fifty-move claim is valid", a.can_claim_fifty_moves, b.can_claim_fifty_moves),
            ];
            for (question, x, y) in claims {
                if x != y {
                    return Err(disagree(ply, question.into(), x.to_string(), y.to_string()));
                }
            }
        }
        counts.positions += 1;
        counts.checks += u64::from(a.in_check);
        counts.threefold_claims += u64::from(a.can_claim_threefold);
        counts.fifty_move_claims += u64::from(a.can_claim_fifty_moves);
        if let Some(outcome) = a.outcome {
            *counts.endings.entry(outcome.reason.as_str().to_string()).or_default() += 1;
        }
        counts.moves += a.moves.len() as u64;
        counts.peer_reads += b.reads.len() as u64;
        if game.query.chess960 {
            counts.chess960_positions += 1;
        }
    }
    summary.positions += counts.positions;
    summary.moves += counts.moves;
    summary.peer_reads += counts.peer_reads;
    summary.chess960_positions += counts.chess960_positions;
    summary.checks += counts.checks;
    summary.threefold_claims += counts.threefold_claims;
    summary.fifty_move_claims += counts.fifty_move_claims;
    for (reason, n) in counts.endings {
        *summary.endings.entry(reason).or_default() += n;
    }
    for (what, n) in counts.explained {
        *summary.explained.entry(what).or_default() += n;
    }
    Ok(())
}

/// The known difference of dead positions, as the summary names it.
pub const EXPLAINED_DEAD: &str = "lawbook ends the game in a dead position beyond insufficient material (FIDE 5.2.2), the peer plays on \
     (ending and claims not compared there; FINDINGS.md)";
/// The known difference of stalemate with insufficient material, as the summary names it.
pub const EXPLAINED_STALEMATE: &str = "stalemate with insufficient material on both sides: lawbook names \
     stalemate, the peer insufficient material (both draws; FINDINGS.md)";
