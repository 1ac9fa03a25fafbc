//! Differential testing: lawbook's answers about every position of many
//! games, compared with an independent implementation's.
//!
//! Games come from two sources: seeded random games (every move drawn
//! uniformly from the legal moves, from the initial position and, where the
//! peer supports it, from Chess960 starts, until the game ends by lawbook's
//! rules or a ply cap) and real games replayed from PGN files. For every
//! position of every game, lawbook and the [`Peer`] (an engine answering
//! [`lawbook_engines::Question::Trace`]) are asked the same
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
//!    9.2.2, 9.3); false once the game has ended.
//!
//! Known differences are declared in the peer's registry entry
//! (`known_differences`, [`KnownDifferences`]),
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

#![deny(missing_docs)]

use lawbook_board::CastlingMode;
use lawbook_engines::registry::{EngineSpec, Protocol};
use lawbook_engines::{Ask, Engine, EngineError, PositionQuery};
use lawbook_notation::fen;
use lawbook_notation::pgn::PgnReader;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use std::path::PathBuf;
use std::time::{Duration, Instant};

mod compare;
mod games;

pub use compare::{
    Disagreement, EXPLAINED_DEAD, EXPLAINED_STALEMATE, Failure, KnownDifferences, Summary, compare_game,
};
pub use games::{GameRecord, chess960_fen, random_game, replay};

/// The shortest wait for one `trace` reply of a JSON-lines peer: a long game is one request.
const TRACE_TIMEOUT_MS: u64 = 600_000;
/// The longest `trace` reply line kept (a game of a thousand plies takes about a megabyte).
const TRACE_MAX_LINE: usize = 256 << 20;

/// An independent implementation to compare lawbook with: an engine that
/// answers [`lawbook_engines::Question::Trace`], with what is known of it.
pub struct Peer {
    /// The engine asked.
    pub engine: Box<dyn Engine>,
    /// Its name and version, for reports.
    pub label: String,
    /// The differences it is known to have.
    pub known: KnownDifferences,
    /// Whether it answers about Chess960 games.
    pub chess960: bool,
}

impl std::fmt::Debug for Peer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Peer").field("label", &self.label).field("known", &self.known).finish_non_exhaustive()
    }
}

impl Peer {
    /// `engine` as a peer; whether it answers about Chess960 games is asked
    /// (a one-position game from a Chess960 start).
    ///
    /// # Errors
    /// A message when the engine cannot answer `trace` questions at all.
    pub fn new(mut engine: Box<dyn Engine>, label: String, known: KnownDifferences) -> Result<Peer, String> {
        if !engine.supports(lawbook_engines::Capability::Trace) {
            return Err(format!("{label} does not answer the trace request, which differential testing needs"));
        }
        let probe = PositionQuery {
            fen: chess960_fen(0).unwrap_or_else(|| fen::STARTPOS.to_string()),
            moves: Vec::new(),
            chess960: true,
            automatic_fifty_moves: false,
        };
        let chess960 = match engine.trace(&probe, Vec::new()) {
            Ok(_) => true,
            Err(EngineError::Unsupported(_)) => false,
            Err(EngineError::Failed(e)) => {
                return Err(format!("{label} could not answer about a Chess960 start: {e}"));
            }
            Err(EngineError::Refused(e)) => {
                return Err(format!("{label} could not answer about a Chess960 start: {e}"));
            }
        };
        Ok(Peer { engine, label, known, chess960 })
    }
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

/// Runs the comparison: the real games of `options.pgn`, then random games
/// until `options.games` or `options.positions` is reached (100 games when
/// neither is set).
///
/// # Errors
/// [`Failure::Disagreement`] at the first disagreement, [`Failure::Error`]
/// when the run cannot go on.
pub fn run(peer: &mut Peer, options: &Options) -> Result<Summary, Failure> {
    let started = Instant::now();
    let mut summary = Summary { peer: peer.label.clone(), ..Summary::default() };
    let known = peer.known;
    let mut last_report = Instant::now();
    let mut check = |record: &GameRecord, ours: &[_], peer: &mut Peer, summary: &mut Summary| {
        let reads = compare::san_to_read(record, ours, options.read_san);
        let theirs = peer.engine.trace(&record.query, reads).map_err(|e| {
            Failure::Error(format!(
                "{} could not answer about {} (from {}{}, moves {}): {e}",
                summary.peer,
                record.label,
                record.query.fen,
                if record.query.chess960 { ", Chess960" } else { "" },
                record.query.moves_text()
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
            if game.start.castling_mode() == CastlingMode::Chess960 && !peer.chess960 {
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
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed);
    let mut index = 0u64;
    loop {
        if games_max.is_some_and(|n| index >= n) || options.positions.is_some_and(|n| summary.positions >= n) {
            break;
        }
        index += 1;
        let chess960 = peer.chess960 && options.chess960_every > 0 && index.is_multiple_of(options.chess960_every);
        let (start, label) = if chess960 {
            let n = rand::RngExt::random_range(&mut rng, 0..960);
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

/// The peer named `name` in the registry `specs`: an in-process peer
/// (`shakmaty`, in a build with the `peers` feature) or a JSON-lines engine
/// that answers `trace` (`python-chess`, `chessops`), with the known differences its
/// entry declares.
///
/// # Errors
/// A message when the peer is unknown, cannot be started or cannot answer `trace`.
pub fn peer_named(name: &str, specs: &[EngineSpec]) -> Result<Peer, String> {
    let spec = specs.iter().find(|s| s.name == name).ok_or_else(|| {
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        format!("no peer named {name:?} in the registry ({})", names.join(", "))
    })?;
    let known = KnownDifferences::declared(&spec.known_differences);
    match spec.protocol {
        Protocol::Jsonl => {
            let spec = EngineSpec { timeout_ms: spec.timeout_ms.max(TRACE_TIMEOUT_MS), ..spec.clone() };
            let engine = lawbook_engines::adapters::jsonl::JsonlEngine::spawn_with_max_line(&spec, TRACE_MAX_LINE)
                .map_err(|e| e.to_string())?;
            let label = if engine.hello().engine.is_empty() { name.to_string() } else { engine.hello().engine.clone() };
            Peer::new(Box::new(engine), label, known)
        }
        Protocol::Shakmaty => {
            let engine = lawbook_engines::adapters::build(spec).map_err(|e| e.to_string())?;
            Peer::new(engine, format!("{name} (in process)"), known)
        }
        _ => Err(format!(
            "{name} cannot be a peer: only in-process peers and JSON-lines engines answer the trace request"
        )),
    }
}
