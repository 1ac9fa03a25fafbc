//! Differential testing: lawbook's answers about every position of many
//! games, compared with an independent implementation's.
//!
//! Games come from two sources: seeded random games (every move drawn
//! uniformly from the legal moves, from the initial position and, where the
//! peer supports it, from Chess960 starts, until the game ends by lawbook's
//! rules or a ply cap) and real games replayed from PGN files. For every
//! position of every game, lawbook and the [`Peer`] are asked the same
//! questions, and the first answer that differs stops the run with a
//! [`Disagreement`]: the game, the move history, the FEN, the question, both
//! answers.
//!
//! The questions, in the order they are compared ([`Facts`]):
//!
//! 1. the FEN written (en passant square only when a capture is legal,
//!    castling as `KQkq` or X-FEN rook files);
//! 2. the set of legal moves, in UCI;
//! 3. the SAN of every legal move, check and mate suffixes included;
//! 4. SAN read back: lawbook reads every SAN the peer wrote (strictly) and
//!    must find the same move; the peer reads the SAN lawbook wrote (of every
//!    legal move, or of the move played, see [`ReadSan`]) and must find the
//!    same move;
//! 5. check, the checking pieces, checkmate, stalemate;
//! 6. insufficient material for each side (the classic material rule: a side
//!    that can never mate, FIDE 5.2.2 / 6.9);
//! 7. the ending the position brings by itself (mate, stalemate,
//!    insufficient material, seventy-five moves, fivefold repetition; and
//!    lawbook's dead positions, see below);
//! 8. how often the position has occurred in the game (FIDE 9.2.3);
//! 9. whether the player to move may claim a draw by threefold repetition
//!    or the fifty-move rule, now or by announcing a move (FIDE 9.2.1,
//!    9.3); false once the game has ended.
//!
//! Known differences are declared by the peer ([`KnownDifferences`]),
//! checked to be exactly that difference, counted and printed in the
//! summary; nothing else is waived. They are described in
//! `conformance/FINDINGS.md`:
//!
//! - dead positions beyond insufficient material (FIDE 5.2.2: lawbook proves
//!   blocked pawn walls dead; python-chess and shakmaty know only the
//!   material rule): where lawbook ends the game as a dead position and the
//!   peer lets it go on, the ending and the claims (which lawbook answers
//!   for a finished game) are not compared, provided the peer's material
//!   answer agrees (it does not call the position insufficient material);
//! - python-chess names insufficient material ahead of stalemate when both
//!   apply: accepted only where lawbook says stalemate and insufficient
//!   material on both sides.

use lawbook_board::{Bitboard, Board, CastlingMode, Relaxations, Setup};
use lawbook_engines::registry::EngineSpec;
use lawbook_movegen::Position;
use lawbook_notation::pgn::PgnReader;
use lawbook_notation::{Lang, Strictness, fen, san, uci};
use lawbook_outcome::{Game, GameError};
use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub mod jsonl;
#[cfg(feature = "peers")]
pub mod shakmaty;

/// One game as both sides are asked about it: a start and the moves played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Where the game comes from, for reports (`random game 17`, `games.pgn, game 3`).
    pub label: String,
    /// The starting position, as FEN (X-FEN castling).
    pub start_fen: String,
    /// Whether castling follows Chess960 rules (UCI writes it as king takes rook).
    pub chess960: bool,
    /// The moves played from the start, in UCI.
    pub moves: Vec<String>,
}

/// Everything compared about one position, as one side answers it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// The position as FEN.
    pub fen: String,
    /// Every legal move, UCI to SAN.
    pub moves: BTreeMap<String, String>,
    /// The side to move is in check.
    pub in_check: bool,
    /// The squares of the checking pieces, sorted.
    pub checkers: Vec<String>,
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// Each side (White, Black) lacks the material to mate by the classic rule.
    pub insufficient_material: (bool, bool),
    /// The ending the position brings by itself: result and reason, as
    /// `lawbook status` writes them (`"1/2-1/2"`, `"fivefold_repetition"`).
    pub outcome: Option<(String, String)>,
    /// How often this position has occurred in the game, this time included.
    pub repetitions: usize,
    /// The player to move may claim a draw by threefold repetition (false once the game has ended).
    pub can_claim_threefold: bool,
    /// The player to move may claim a draw by the fifty-move rule (false once the game has ended).
    pub can_claim_fifty_moves: bool,
    /// The peer's reading of each SAN text it was asked to read in this
    /// position: the move in UCI, or `None` when it could not read it.
    /// Empty on lawbook's side.
    pub reads: Vec<Option<String>>,
}

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

/// An independent implementation, asked about every position of a game at once.
pub trait Peer {
    /// The peer's name and version, for reports.
    fn name(&self) -> String;

    /// Whether the peer understands Chess960 starts.
    fn chess960(&self) -> bool;

    /// The differences the peer is known to have (see [`KnownDifferences`]).
    fn known_differences(&self) -> KnownDifferences;

    /// The facts of every position of `game`, from the start to after the
    /// last move (`moves.len() + 1` of them). `reads[i]` lists SAN texts
    /// (lawbook's) the peer reads in position `i`, answering in
    /// [`Facts::reads`] in the same order; `reads` may be shorter than the
    /// game (nothing to read after it).
    ///
    /// # Errors
    /// A message when the peer cannot answer (refuses the FEN or a move,
    /// crashes): an error of the run, not a disagreement.
    fn trace(&mut self, game: &GameRecord, reads: &[Vec<String>]) -> Result<Vec<Facts>, String>;
}

/// Which of lawbook's SAN texts the peer is asked to read back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReadSan {
    /// The SAN of every legal move of every position.
    #[default]
    All,
    /// The SAN of the move played from each position.
    Played,
}

/// How a differential run goes.
#[derive(Clone, Debug)]
pub struct Options {
    /// The seed of the random games.
    pub seed: u64,
    /// Stop after this many random games (with `positions`, whichever comes first).
    pub games: Option<u64>,
    /// Stop the random games once this many positions have been compared in all.
    pub positions: Option<u64>,
    /// The longest random game, in plies.
    pub plies_max: usize,
    /// One random game in this many starts from a random Chess960 position
    /// (when the peer supports Chess960); 0 for none.
    pub chess960_every: u64,
    /// Real games to replay (PGN files), before the random games.
    pub pgn: Vec<PathBuf>,
    /// Which SAN texts the peer reads back.
    pub read_san: ReadSan,
    /// Print progress to standard error this often (`None`: never).
    pub progress: Option<Duration>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 1,
            games: None,
            positions: None,
            plies_max: 1000,
            chess960_every: 4,
            pgn: Vec::new(),
            read_san: ReadSan::All,
            progress: None,
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
            self.game.start_fen,
            if self.game.chess960 { " (Chess960)" } else { "" },
            self.ply,
            self.game.moves[..self.ply].join(" ")
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

/// A small, fast, seeded generator (SplitMix64), so a seed names a run on
/// every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), uniform up to a bias below 2^-50 for the small `n` used here.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// lawbook's facts about the current position of `game`.
pub fn lawbook_facts(game: &Game) -> Facts {
    let pos = game.position();
    let status = game.status();
    Facts {
        fen: fen::write(pos),
        moves: pos.legal_moves().iter().map(|&mv| (uci::write(pos, mv), san::write(pos, mv))).collect(),
        in_check: pos.is_check(),
        checkers: sorted(pos.checkers().squares().map(|s| s.to_string()).collect()),
        checkmate: status.checkmate,
        stalemate: status.stalemate,
        insufficient_material: (status.insufficient_material.white, status.insufficient_material.black),
        outcome: status.outcome.map(|o| (o.result.as_str().to_string(), o.reason.as_str().to_string())),
        repetitions: status.repetitions,
        can_claim_threefold: status.can_claim_threefold,
        can_claim_fifty_moves: status.can_claim_fifty_moves,
        reads: Vec::new(),
    }
}

fn sorted(mut list: Vec<String>) -> Vec<String> {
    list.sort();
    list
}

/// The FEN of the initial position of Chess960 number `n` (`0..960`).
pub fn chess960_fen(n: u32) -> Option<String> {
    let board = Board::chess960(n)?;
    let setup = Setup { castling_rights: board.rooks() & Bitboard::BACKRANKS, board, ..Setup::empty() };
    Some(fen::write_setup(&setup))
}

/// A random game from `start` (a FEN; `chess960` selects its castling rules):
/// every move drawn uniformly from the legal moves, until lawbook's rules
/// end the game or `plies_max` plies. Returns the record, and lawbook's
/// facts about every position of it.
///
/// # Errors
/// A message when `start` is not a valid position.
pub fn random_game(
    label: String,
    start: &str,
    chess960: bool,
    plies_max: usize,
    rng: &mut Rng,
) -> Result<(GameRecord, Vec<Facts>), String> {
    let mode = chess960.then_some(CastlingMode::Chess960);
    let pos = fen::read_with(start, mode, Relaxations::STRICT).map_err(|e| format!("{start}: {e}"))?;
    let mut game = Game::new(pos);
    let mut record = GameRecord { label, start_fen: fen::write(&pos), chess960, moves: Vec::new() };
    let mut facts = vec![lawbook_facts(&game)];
    while !game.is_over() && record.moves.len() < plies_max {
        let pos = *game.position();
        let moves = pos.legal_moves();
        let mv = moves[rng.below(moves.len())];
        record.moves.push(uci::write(&pos, mv));
        game.play(mv).map_err(|e| format!("{}: lawbook refuses its own legal move: {e}", record.label))?;
        facts.push(lawbook_facts(&game));
    }
    Ok((record, facts))
}

/// A real game's main line replayed by lawbook, up to its end or to where
/// lawbook's rules end the game (the `bool` is true when moves were left).
///
/// # Errors
/// A message when a move is not legal.
pub fn replay(
    label: String,
    start: Position,
    moves: &[lawbook_movegen::Move],
) -> Result<(GameRecord, Vec<Facts>, bool), String> {
    let mut game = Game::new(start);
    let chess960 = start.castling_mode() == CastlingMode::Chess960;
    let mut record = GameRecord { label, start_fen: fen::write(&start), chess960, moves: Vec::new() };
    let mut facts = vec![lawbook_facts(&game)];
    for &mv in moves {
        let pos = *game.position();
        match game.play(mv) {
            Ok(()) => {}
            Err(GameError::GameOver { .. }) => return Ok((record, facts, true)),
            Err(e) => return Err(format!("{}: move {}: {e}", record.label, record.moves.len() + 1)),
        }
        record.moves.push(uci::write(&pos, mv));
        facts.push(lawbook_facts(&game));
    }
    Ok((record, facts, false))
}

/// The positions of a record, replayed by lawbook.
fn positions_of(game: &GameRecord) -> Result<Vec<Position>, String> {
    let mode = game.chess960.then_some(CastlingMode::Chess960);
    let mut pos = fen::read_with(&game.start_fen, mode, Relaxations::STRICT).map_err(|e| e.to_string())?;
    let mut out = vec![pos];
    for text in &game.moves {
        let mv = uci::parse(&pos, text).map_err(|e| e.to_string())?;
        pos = pos.play(mv).map_err(|e| e.to_string())?;
        out.push(pos);
    }
    Ok(out)
}

/// The SAN texts the peer reads in each position: lawbook's, of every legal
/// move (in UCI order) or of the move played.
fn san_to_read(game: &GameRecord, ours: &[Facts], read_san: ReadSan) -> Vec<Vec<String>> {
    match read_san {
        ReadSan::All => ours.iter().map(|f| f.moves.values().cloned().collect()).collect(),
        ReadSan::Played => {
            game.moves.iter().zip(ours).map(|(mv, f)| f.moves.get(mv).cloned().into_iter().collect()).collect()
        }
    }
}

/// The UCI moves of `to_read[i]`, the SAN texts lawbook wrote, in the same order.
fn read_targets(game: &GameRecord, ours: &Facts, ply: usize, read_san: ReadSan) -> Vec<String> {
    match read_san {
        ReadSan::All => ours.moves.keys().cloned().collect(),
        ReadSan::Played => game.moves.get(ply).cloned().into_iter().collect(),
    }
}

fn show<T: fmt::Debug>(value: &T) -> String {
    format!("{value:?}")
}

fn show_outcome(outcome: &Option<(String, String)>) -> String {
    match outcome {
        None => "none: the game goes on".to_string(),
        Some((result, reason)) => format!("{result} by {reason}"),
    }
}

/// Compares lawbook's and the peer's facts about every position of `game`;
/// counts what it compared and the known differences into `summary`.
///
/// # Errors
/// The first [`Disagreement`].
pub fn compare_game(
    game: &GameRecord,
    ours: &[Facts],
    theirs: &[Facts],
    known: KnownDifferences,
    read_san: ReadSan,
    summary: &mut Summary,
) -> Result<(), Box<Disagreement>> {
    let positions = positions_of(game).map_err(|e| {
        Box::new(Disagreement {
            peer: summary.peer.clone(),
            game: game.clone(),
            ply: 0,
            fen: game.start_fen.clone(),
            san_history: Vec::new(),
            question: "the game replays".into(),
            lawbook: e,
            theirs: String::new(),
        })
    })?;
    let disagree = |ply: usize, question: String, lawbook: String, theirs: String| {
        Box::new(Disagreement {
            peer: summary.peer.clone(),
            game: game.clone(),
            ply,
            fen: ours.get(ply).map_or_else(|| "(none)".to_string(), |f| f.fen.clone()),
            san_history: (0..ply)
                .map(|i| ours[i].moves.get(&game.moves[i]).cloned().unwrap_or_else(|| "?".into()))
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
            let only = |x: &Facts, y: &Facts| -> Vec<String> {
                x.moves.keys().filter(|m| !y.moves.contains_key(*m)).cloned().collect()
            };
            return Err(disagree(
                ply,
                "the legal moves (UCI)".into(),
                format!("{} moves; not listed by the peer: {:?}", a.moves.len(), only(a, b)),
                format!("{} moves; not listed by lawbook: {:?}", b.moves.len(), only(b, a)),
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
                Ok((read, _)) if uci::write(pos, read) == *mv => {}
                Ok((read, _)) => {
                    return Err(disagree(
                        ply,
                        format!("which move the peer's SAN {theirs_san} names"),
                        uci::write(pos, read),
                        mv.clone(),
                    ));
                }
                Err(e) => {
                    return Err(disagree(
                        ply,
                        format!("which move the peer's SAN {theirs_san} names"),
                        format!("unreadable: {e}"),
                        mv.clone(),
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
            if read.as_deref() != Some(target.as_str()) {
                let text = a.moves.get(target).cloned().unwrap_or_default();
                return Err(disagree(
                    ply,
                    format!("which move lawbook's SAN {text} names"),
                    target.clone(),
                    read.clone().unwrap_or_else(|| "unreadable".into()),
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
            return Err(disagree(ply, "the checking pieces".into(), show(&a.checkers), show(&b.checkers)));
        }
        // 6. Insufficient material.
        if a.insufficient_material != b.insufficient_material {
            return Err(disagree(
                ply,
                "insufficient material (White, Black)".into(),
                show(&a.insufficient_material),
                show(&b.insufficient_material),
            ));
        }
        // 7. The ending, with the known differences in exactly their form.
        let mut claims_compared = true;
        if a.outcome != b.outcome {
            let reason = |o: &Option<(String, String)>| o.as_ref().map(|(_, r)| r.clone());
            let dead = known.dead_positions_beyond_material
                && reason(&a.outcome).as_deref() == Some("dead_position")
                && b.outcome.is_none()
                && !(b.insufficient_material.0 && b.insufficient_material.1);
            let named_material = known.insufficient_material_before_stalemate
                && reason(&a.outcome).as_deref() == Some("stalemate")
                && reason(&b.outcome).as_deref() == Some("insufficient_material")
                && a.outcome.as_ref().map(|(r, _)| r) == b.outcome.as_ref().map(|(r, _)| r)
                && a.stalemate
                && a.insufficient_material == (true, true);
            if dead {
                *counts.explained.entry(EXPLAINED_DEAD).or_default() += 1;
                claims_compared = false;
            } else if named_material {
                *counts.explained.entry(EXPLAINED_STALEMATE).or_default() += 1;
            } else {
                return Err(disagree(
                    ply,
                    "the ending the position brings by itself".into(),
                    show_outcome(&a.outcome),
                    show_outcome(&b.outcome),
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
        if let Some((_, reason)) = &a.outcome {
            *counts.endings.entry(reason.clone()).or_default() += 1;
        }
        counts.moves += a.moves.len() as u64;
        counts.peer_reads += b.reads.len() as u64;
        if game.chess960 {
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

/// Runs the comparison: the real games of `options.pgn`, then random games
/// until `options.games` or `options.positions` is reached (100 games when
/// neither is set).
///
/// # Errors
/// [`Failure::Disagreement`] at the first disagreement, [`Failure::Error`]
/// when the run cannot go on.
pub fn run(peer: &mut dyn Peer, options: &Options) -> Result<Summary, Failure> {
    let started = Instant::now();
    let mut summary = Summary { peer: peer.name(), ..Summary::default() };
    let known = peer.known_differences();
    let mut last_report = Instant::now();
    let mut check = |record: &GameRecord, ours: &[Facts], peer: &mut dyn Peer, summary: &mut Summary| {
        let reads = san_to_read(record, ours, options.read_san);
        let theirs = peer.trace(record, &reads).map_err(|e| {
            Failure::Error(format!(
                "{} could not answer about {} (from {}{}, moves {}): {e}",
                summary.peer,
                record.label,
                record.start_fen,
                if record.chess960 { ", Chess960" } else { "" },
                record.moves.join(" ")
            ))
        })?;
        compare_game(record, ours, &theirs, known, options.read_san, summary).map_err(Failure::Disagreement)?;
        if let Some(every) = options.progress
            && last_report.elapsed() >= every
        {
            last_report = Instant::now();
            let secs = started.elapsed().as_secs_f64();
            eprintln!(
                "differential: {} games, {} positions, {:.0} s, {:.0} positions/s",
                summary.random_games + summary.pgn_games,
                summary.positions,
                secs,
                summary.positions as f64 / secs.max(1e-9)
            );
        }
        Ok::<(), Failure>(())
    };
    for path in &options.pgn {
        let file =
            std::fs::File::open(path).map_err(|e| Failure::Error(format!("cannot read {}: {e}", path.display())))?;
        for (i, game) in PgnReader::new(std::io::BufReader::new(file)).enumerate() {
            let game = game.map_err(|e| Failure::Error(format!("{}: game {}: {e}", path.display(), i + 1)))?;
            if game.start.castling_mode() == CastlingMode::Chess960 && !peer.chess960() {
                continue;
            }
            let moves: Vec<_> = game.moves.iter().map(|m| m.mv).collect();
            let label = format!("{}, game {}", path.display(), i + 1);
            let (record, ours, cut) = replay(label, game.start, &moves).map_err(Failure::Error)?;
            check(&record, &ours, peer, &mut summary)?;
            summary.pgn_games += 1;
            summary.pgn_games_cut += u64::from(cut);
        }
    }
    let games_max = match (options.games, options.positions) {
        (None, None) => Some(100),
        (games, _) => games,
    };
    let mut rng = Rng::new(options.seed);
    let mut index = 0u64;
    loop {
        if games_max.is_some_and(|n| index >= n) || options.positions.is_some_and(|n| summary.positions >= n) {
            break;
        }
        index += 1;
        let chess960 = peer.chess960() && options.chess960_every > 0 && index.is_multiple_of(options.chess960_every);
        let (start, label) = if chess960 {
            let n = rng.below(960) as u32;
            (
                chess960_fen(n).unwrap_or_else(|| fen::STARTPOS.to_string()),
                format!("random game {index} (seed {}, Chess960 number {n})", options.seed),
            )
        } else {
            (fen::STARTPOS.to_string(), format!("random game {index} (seed {})", options.seed))
        };
        let (record, ours) =
            random_game(label, &start, chess960, options.plies_max, &mut rng).map_err(Failure::Error)?;
        check(&record, &ours, peer, &mut summary)?;
        summary.random_games += 1;
    }
    summary.elapsed = started.elapsed();
    Ok(summary)
}

/// The peer named `name`: `shakmaty` (in process, in a build with the
/// `peers` feature) or an engine of the registry that speaks the JSON-lines
/// protocol and answers `trace` (`python-chess`).
///
/// # Errors
/// A message when the peer is unknown or cannot be started.
pub fn peer_named(name: &str, specs: &[EngineSpec]) -> Result<Box<dyn Peer>, String> {
    if name == "shakmaty" {
        #[cfg(feature = "peers")]
        return Ok(Box::new(shakmaty::ShakmatyPeer::default()));
        #[cfg(not(feature = "peers"))]
        return Err("shakmaty runs in process only in a build with the `peers` feature: \
                    build lawbook-conformance with `--features peers`"
            .into());
    }
    let spec = specs.iter().find(|s| s.name == name).ok_or_else(|| {
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        format!("no peer named {name:?}: shakmaty, or a JSON-lines engine of the registry ({})", names.join(", "))
    })?;
    if spec.protocol != lawbook_engines::registry::Protocol::Jsonl {
        return Err(format!(
            "{name} does not speak the JSON-lines protocol: only shakmaty and JSON-lines engines can be compared"
        ));
    }
    Ok(Box::new(jsonl::JsonlPeer::spawn(spec).map_err(|e| e.to_string())?))
}
