//! shakmaty, cozy-chess, the `chess` crate and esca ([`Esca`], built on
//! cozy-chess with its own endings and claims) in process (cargo feature
//! `peers`), each answering with its own rules, never lawbook's.
//!
//! | question | [`Shakmaty`] (0.30) | [`CozyChess`] (0.3) | [`ChessCrate`] (`chess` 3.2) |
//! |---|---|---|---|
//! | legal moves | `legal_moves()`, UCI by `to_uci(mode)` | `generate_moves`; castling (king takes rook) rewritten as the king's two-square step in standard chess | `MoveGen::new_legal`, castling already the king's two-square step |
//! | one move | `UciMove::to_move` | `is_legal` | `Board::legal` |
//! | check, checkers | `checkers()` | `checkers()` | `checkers()` |
//! | mate, stalemate | `is_checkmate()`, `is_stalemate()` | `status()`: `Won`, or `Drawn` with no legal move | `status()`: `Checkmate`, `Stalemate` |
//! | board | `board().board_fen()` | the first field of its FEN | the first field of its FEN |
//! | draw rules | `outcome()` (mate, stalemate, insufficient material), `has_insufficient_material(color)`; see [`Shakmaty`] for the rest | not answered | not answered: no half-move clock, no material rule, one answer for threefold and fifty moves (see [`ChessCrate`]) |
//! | Chess960 | yes | yes | not answered: standard castling only |
//! | trace (differential testing) | the above for every position, the FEN by `Fen::from_position(pos, EnPassantMode::Legal)`, SAN by `SanPlus::from_move`, lawbook's SAN read by `SanPlus::from_str` and `San::to_move` | not answered | not answered |
//!
//! Each reads the query's FEN with its own parser and plays its moves with
//! its own legality check; a FEN it refuses is its refusal of the position
//! ([`EngineError::Refused`]), a move it refuses an engine error.

use crate::{
    Answer, Capability, Engine, EngineError, Facts, FaultKind, Played, PositionQuery, Question, TracedPosition,
};
use cozy_chess as cozy;
use lawbook_board::{ByColor, Square};
use lawbook_notation::uci::UciMove;
use lawbook_outcome::{Outcome, Reason};
use shakmaty::Position as _;

mod chess_crate;
mod esca;
pub use chess_crate::ChessCrate;
pub use esca::Esca;

fn failed(kind: FaultKind, message: String) -> EngineError {
    EngineError::failed(kind, message)
}

/// The peer's own refusal of the start: its FEN reader or its validation rejects it.
fn refused(message: String) -> EngineError {
    EngineError::Refused(message)
}

fn start_text(fen: &str) -> &str {
    if fen == "startpos" { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" } else { fen }
}

/// A peer's move, written in UCI by the peer, read into lawbook's type.
fn uci_move(text: &str, peer: &str) -> Result<UciMove, EngineError> {
    text.parse()
        .map_err(|_| failed(FaultKind::Garbage, format!("{peer} writes the move {text:?}, which is not UCI notation")))
}

/// A peer's square, written by the peer, read into lawbook's type.
fn square(text: &str, peer: &str) -> Result<Square, EngineError> {
    text.parse().map_err(|_| failed(FaultKind::Garbage, format!("{peer} names the square {text:?}")))
}

/// shakmaty (0.30), in process.
///
/// Legal moves, check, mate, stalemate and the board are shakmaty's answers.
/// Of the draw rules, shakmaty judges mate, stalemate and insufficient
/// material (`outcome()`, `has_insufficient_material`); the rest it leaves to
/// its caller, so they are counted here from shakmaty's own primitives:
/// repetitions by `zobrist_hash(EnPassantMode::Legal)` over the game, the
/// seventy-five and fifty-move rules by `halfmoves()`, a claim by announcing
/// a move by trying its `legal_moves()` (`is_zeroing()` for the fifty-move
/// rule). The dead-position answer is `is_insufficient_material()`, the only
/// proof shakmaty has.
#[derive(Debug, Default)]
pub struct Shakmaty {
    /// Made only by `Shakmaty::default()`.
    _private: (),
}

/// A shakmaty game: every position from the start, the last one current.
struct ShakmatyGame {
    positions: Vec<shakmaty::Chess>,
    hashes: Vec<shakmaty::zobrist::Zobrist64>,
    mode: shakmaty::CastlingMode,
}

impl ShakmatyGame {
    fn current(&self) -> &shakmaty::Chess {
        // The start is always there.
        &self.positions[self.positions.len() - 1]
    }
}

fn shakmaty_hash(pos: &shakmaty::Chess) -> shakmaty::zobrist::Zobrist64 {
    pos.zobrist_hash(shakmaty::EnPassantMode::Legal)
}

impl Shakmaty {
    fn replay(query: &PositionQuery) -> Result<ShakmatyGame, EngineError> {
        let mode = if query.chess960 { shakmaty::CastlingMode::Chess960 } else { shakmaty::CastlingMode::Standard };
        let fen: shakmaty::fen::Fen =
            start_text(&query.fen).parse().map_err(|e| refused(format!("shakmaty cannot read the FEN: {e}")))?;
        let mut pos: shakmaty::Chess =
            fen.into_position(mode).map_err(|e| refused(format!("shakmaty refuses the position: {e}")))?;
        let mut game = ShakmatyGame { positions: Vec::with_capacity(query.moves.len() + 1), hashes: Vec::new(), mode };
        game.hashes.push(shakmaty_hash(&pos));
        game.positions.push(pos.clone());
        for (i, mv) in query.moves.iter().enumerate() {
            let refused =
                || failed(FaultKind::RefusedMove, format!("shakmaty refuses move {} of the list ({mv})", i + 1));
            let uci: shakmaty::uci::UciMove = mv.to_string().parse().map_err(|_| refused())?;
            let mv = uci.to_move(&pos).map_err(|_| refused())?;
            pos = pos.play(mv).map_err(|_| refused())?;
            game.hashes.push(shakmaty_hash(&pos));
            game.positions.push(pos.clone());
        }
        Ok(game)
    }
}

impl Engine for Shakmaty {
    fn name(&self) -> &str {
        "shakmaty"
    }

    fn version(&self) -> String {
        format!("shakmaty {SHAKMATY_VERSION}")
    }

    fn supports(&self, capability: Capability) -> bool {
        !matches!(capability, Capability::Model | Capability::Claims | Capability::Search)
    }

    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        let game = Shakmaty::replay(query)?;
        let pos = game.current();
        Ok(match question {
            Question::LegalMoves => Answer::LegalMoves(
                pos.legal_moves()
                    .iter()
                    .map(|m| uci_move(&m.to_uci(game.mode).to_string(), "shakmaty"))
                    .collect::<Result<_, _>>()?,
            ),
            Question::IsLegal(mv) => {
                Answer::Bool(mv.to_string().parse::<shakmaty::uci::UciMove>().is_ok_and(|m| m.to_move(pos).is_ok()))
            }
            Question::Play(mv) => {
                let taken = mv.to_string().parse::<shakmaty::uci::UciMove>().ok().and_then(|m| m.to_move(pos).ok());
                let after = match taken {
                    Some(m) => pos.clone().play(m).map_err(|e| {
                        EngineError::failed(
                            FaultKind::BrokeProtocol,
                            format!("shakmaty takes {mv} as legal, then refuses to play it: {e}"),
                        )
                    })?,
                    None => pos.clone(),
                };
                let fen = shakmaty::fen::Fen::from_position(&after, shakmaty::EnPassantMode::Legal).to_string();
                Answer::Played(Played {
                    accepted: taken.is_some(),
                    after: Some(crate::adapters::read_board_and_turn(&fen)?),
                })
            }
            Question::Board => Answer::Board(crate::adapters::read_placement(&pos.board().board_fen().to_string())?),
            Question::Trace(reads) => Answer::Trace(
                (0..game.positions.len())
                    .map(|ply| Shakmaty::traced_at(&game, ply, reads.get(ply).map_or(&[], Vec::as_slice)))
                    .collect::<Result<_, _>>()?,
            ),
            fact => {
                let checkers =
                    pos.checkers().into_iter().map(|s| square(&s.to_string(), "shakmaty")).collect::<Result<_, _>>()?;
                let state = Shakmaty::state_at(&game, game.positions.len() - 1, query.automatic_fifty_moves);
                let facts = Facts {
                    outcome: Some(state.outcome),
                    insufficient_material: ByColor::from_fn(|side| Some(state.insufficient_material[side])),
                    dead_position: Some(state.dead_position),
                    repetitions: Some(state.repetitions),
                    can_claim_threefold: Some(state.can_claim_threefold),
                    can_claim_fifty_moves: Some(state.can_claim_fifty_moves),
                    ..Facts::of_status(checkers, pos.is_checkmate(), pos.is_stalemate())
                };
                return facts.answer(fact);
            }
        })
    }
}

/// The versions of the libraries built in, as `Cargo.lock` pins them
/// (a test checks them against it).
pub(crate) const SHAKMATY_VERSION: &str = "0.30.1";
/// See [`SHAKMATY_VERSION`].
pub(crate) const COZY_CHESS_VERSION: &str = "0.3.4";
/// See [`SHAKMATY_VERSION`].
pub(crate) const CHESS_CRATE_VERSION: &str = "3.2.0";
/// See [`SHAKMATY_VERSION`].
pub(crate) const ESCA_VERSION: &str = "0.4.0";

/// How a shakmaty game stands under the draw rules.
struct DrawRules {
    outcome: Option<Outcome>,
    insufficient_material: ByColor<bool>,
    dead_position: bool,
    repetitions: usize,
    can_claim_threefold: bool,
    can_claim_fifty_moves: bool,
}

impl Shakmaty {
    /// The draw rules after the first `ply` moves of `game`, from shakmaty's
    /// own primitives (see [`Shakmaty`]).
    fn state_at(game: &ShakmatyGame, ply: usize, automatic_fifty_moves: bool) -> DrawRules {
        let pos = &game.positions[ply];
        let history = &game.hashes[..=ply];
        let occurrences = |hash: shakmaty::zobrist::Zobrist64| history.iter().filter(|&&h| h == hash).count();
        let repetitions = occurrences(shakmaty_hash(pos));
        let draw = |reason| Some(Outcome::draw(reason));
        let outcome = match pos.outcome() {
            shakmaty::Outcome::Known(shakmaty::KnownOutcome::Decisive { winner }) => Some(Outcome::win(
                if winner == shakmaty::Color::White {
                    lawbook_board::Color::White
                } else {
                    lawbook_board::Color::Black
                },
                Reason::Checkmate,
            )),
            shakmaty::Outcome::Known(shakmaty::KnownOutcome::Draw) if pos.is_stalemate() => draw(Reason::Stalemate),
            shakmaty::Outcome::Known(shakmaty::KnownOutcome::Draw) => draw(Reason::InsufficientMaterial),
            shakmaty::Outcome::Unknown if pos.halfmoves() >= 150 => draw(Reason::SeventyFiveMoves),
            shakmaty::Outcome::Unknown if repetitions >= 5 => draw(Reason::FivefoldRepetition),
            shakmaty::Outcome::Unknown if automatic_fifty_moves && pos.halfmoves() >= 100 => draw(Reason::FiftyMoves),
            shakmaty::Outcome::Unknown => None,
        };
        let going_on = outcome.is_none();
        let moves = pos.legal_moves();
        let after = |mv: &shakmaty::Move| {
            let mut next = pos.clone();
            next.play_unchecked(*mv);
            next
        };
        let can_claim_threefold =
            going_on && (repetitions >= 3 || moves.iter().any(|mv| occurrences(shakmaty_hash(&after(mv))) + 1 >= 3));
        let can_claim_fifty_moves =
            going_on && (pos.halfmoves() >= 100 || (pos.halfmoves() >= 99 && moves.iter().any(|mv| !mv.is_zeroing())));
        DrawRules {
            outcome,
            insufficient_material: ByColor::new(
                pos.has_insufficient_material(shakmaty::Color::White),
                pos.has_insufficient_material(shakmaty::Color::Black),
            ),
            dead_position: pos.is_insufficient_material(),
            repetitions,
            can_claim_threefold,
            can_claim_fifty_moves,
        }
    }

    /// Every fact of position `ply` of `game`, with the SAN texts `reads` read by shakmaty.
    fn traced_at(game: &ShakmatyGame, ply: usize, reads: &[String]) -> Result<TracedPosition, EngineError> {
        use shakmaty::san::SanPlus;
        let pos = &game.positions[ply];
        let state = Shakmaty::state_at(game, ply, false);
        let uci = |mv: shakmaty::Move| uci_move(&mv.to_uci(game.mode).to_string(), "shakmaty");
        let mut moves = std::collections::BTreeMap::new();
        for &mv in &pos.legal_moves() {
            moves.insert(uci(mv)?, SanPlus::from_move(pos.clone(), mv).to_string());
        }
        let mut checkers: Vec<Square> =
            pos.checkers().into_iter().map(|s| square(&s.to_string(), "shakmaty")).collect::<Result<_, _>>()?;
        checkers.sort();
        let read = |text: &String| -> Result<Option<UciMove>, EngineError> {
            let Ok(san) = text.parse::<SanPlus>() else { return Ok(None) };
            san.san.to_move(pos).ok().map(uci).transpose()
        };
        Ok(TracedPosition {
            fen: shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string(),
            moves,
            in_check: pos.is_check(),
            checkers,
            checkmate: pos.is_checkmate(),
            stalemate: pos.is_stalemate(),
            insufficient_material: state.insufficient_material,
            outcome: state.outcome,
            repetitions: state.repetitions,
            can_claim_threefold: state.can_claim_threefold,
            can_claim_fifty_moves: state.can_claim_fifty_moves,
            reads: reads.iter().map(read).collect::<Result<_, _>>()?,
        })
    }
}

/// cozy-chess (0.3), in process: legal moves, move legality, check, mate,
/// stalemate and the board. cozy-chess has no draw rules beyond a fifty-move
/// flag in `status()`, so the draw rules are not answered.
///
/// cozy-chess writes castling as the king taking its own rook; in standard
/// chess the moves are rewritten as the king's two-square step (and read
/// back the same way), as UCI has it.
#[derive(Debug, Default)]
pub struct CozyChess {
    /// Made only by `CozyChess::default()`.
    _private: (),
}

/// The square on `rank` of `file`.
fn cozy_square(file: cozy::File, rank: cozy::Rank) -> cozy::Square {
    cozy::Square::new(file, rank)
}

impl CozyChess {
    fn replay(query: &PositionQuery) -> Result<cozy::Board, EngineError> {
        let refusal = |e: cozy::FenParseError| refused(format!("cozy-chess refuses the FEN: {e:?}"));
        // cozy-chess reads Chess960 castling rights as Shredder-FEN (rook files),
        // and `KQkq` as the h- and a-file rooks: its Chess960 start is given so.
        let shredder = query.chess960.then(|| {
            lawbook_notation::fen::read_with(
                start_text(&query.fen),
                Some(lawbook_board::CastlingMode::Chess960),
                lawbook_board::Relaxations::STRICT,
            )
            .ok()
            .map(|pos| lawbook_notation::fen::write_shredder(&pos))
        });
        let mut board: cozy::Board = match shredder.flatten() {
            Some(fen) => cozy::Board::from_fen(&fen, true).map_err(refusal)?,
            None => start_text(&query.fen).parse().map_err(refusal)?,
        };
        for (i, mv) in query.moves.iter().enumerate() {
            let refused =
                || failed(FaultKind::RefusedMove, format!("cozy-chess refuses move {} of the list ({mv})", i + 1));
            let mv = CozyChess::read_move(&board, &mv.to_string(), query.chess960).ok_or_else(refused)?;
            board.try_play(mv).map_err(|_| refused())?;
        }
        Ok(board)
    }

    /// A UCI move as cozy-chess plays it: in standard chess, the king's
    /// two-square step becomes the king taking its rook.
    fn read_move(board: &cozy::Board, text: &str, chess960: bool) -> Option<cozy::Move> {
        let mut mv: cozy::Move = text.parse().ok()?;
        let king_steps_two = board.piece_on(mv.from) == Some(cozy::Piece::King)
            && mv.from.rank() == mv.to.rank()
            && (mv.from.file() as i8 - mv.to.file() as i8).abs() == 2;
        if !chess960 && king_steps_two {
            let rook_file = if mv.to.file() > mv.from.file() { cozy::File::H } else { cozy::File::A };
            mv.to = cozy_square(rook_file, mv.from.rank());
        }
        Some(mv)
    }

    /// A cozy-chess move in UCI: in standard chess, the king taking its own
    /// rook is written as its two-square step.
    fn write_move(board: &cozy::Board, mv: cozy::Move, chess960: bool) -> String {
        let castles =
            board.piece_on(mv.from) == Some(cozy::Piece::King) && board.colors(board.side_to_move()).has(mv.to);
        if castles && !chess960 {
            let file = if mv.to.file() > mv.from.file() { cozy::File::G } else { cozy::File::C };
            return cozy::Move { to: cozy_square(file, mv.from.rank()), ..mv }.to_string();
        }
        mv.to_string()
    }
}

impl Engine for CozyChess {
    fn name(&self) -> &str {
        "cozy-chess"
    }

    fn version(&self) -> String {
        format!("cozy-chess {COZY_CHESS_VERSION}")
    }

    fn supports(&self, capability: Capability) -> bool {
        capability == Capability::Chess960 || crate::adapters::moves_and_status(capability)
    }

    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        if !self.supports(question.capability()) {
            return Err(EngineError::Unsupported(question.capability()));
        }
        let board = CozyChess::replay(query)?;
        Ok(match question {
            Question::LegalMoves => {
                let mut moves = Vec::new();
                board.generate_moves(|piece_moves| {
                    moves.extend(piece_moves.into_iter().map(|mv| CozyChess::write_move(&board, mv, query.chess960)));
                    false
                });
                Answer::LegalMoves(moves.iter().map(|m| uci_move(m, "cozy-chess")).collect::<Result<_, _>>()?)
            }
            Question::IsLegal(mv) => Answer::Bool(
                CozyChess::read_move(&board, &mv.to_string(), query.chess960).is_some_and(|mv| board.is_legal(mv)),
            ),
            Question::Play(mv) => {
                let mut after = board.clone();
                let taken = CozyChess::read_move(&board, &mv.to_string(), query.chess960)
                    .is_some_and(|mv| after.try_play(mv).is_ok());
                Answer::Played(Played {
                    accepted: taken,
                    after: Some(crate::adapters::read_board_and_turn(&after.to_string())?),
                })
            }
            Question::Board => {
                let fen = board.to_string();
                Answer::Board(crate::adapters::read_placement(fen.split(' ').next().unwrap_or_default())?)
            }
            fact => {
                let has_moves = board.generate_moves(|_| true);
                let status = board.status();
                let checkers = board
                    .checkers()
                    .into_iter()
                    .map(|s| square(&s.to_string(), "cozy-chess"))
                    .collect::<Result<_, _>>()?;
                let facts = Facts::of_status(
                    checkers,
                    status == cozy::GameStatus::Won,
                    status == cozy::GameStatus::Drawn && !has_moves,
                );
                return facts.answer(fact);
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Ask, BuiltIn};
    use lawbook_notation::fen;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::seq::IndexedRandom;
    use std::collections::BTreeSet;

    fn query(fen: &str, moves: &[&str], chess960: bool) -> PositionQuery {
        PositionQuery {
            fen: fen.to_string(),
            moves: moves.iter().map(|m| m.parse().expect("a UCI move")).collect(),
            chess960,
            automatic_fifty_moves: false,
        }
    }

    fn set(moves: Result<Vec<UciMove>, EngineError>) -> BTreeSet<UciMove> {
        moves.expect("the engine lists moves").into_iter().collect()
    }

    fn uci_set(moves: &[&str]) -> BTreeSet<UciMove> {
        moves.iter().map(|m| m.parse().expect("a UCI move")).collect()
    }

    /// Check, the checkers, mate and stalemate, each asked on its own.
    fn status(engine: &mut dyn Engine, q: &PositionQuery) -> Result<(bool, Vec<Square>, bool, bool), EngineError> {
        Ok((engine.in_check(q)?, engine.checkers(q)?, engine.checkmate(q)?, engine.stalemate(q)?))
    }

    /// The draw-rule facts, each asked on its own.
    fn game_state(engine: &mut dyn Engine, q: &PositionQuery) -> Result<Facts, EngineError> {
        Ok(Facts { in_check: None, checkers: None, checkmate: None, stalemate: None, ..engine.facts(q)? })
    }

    /// Random games (a fixed seed) from positions with castling, en passant,
    /// promotions and Chess960 castling; every position on the way.
    fn positions() -> Vec<PositionQuery> {
        let starts = [
            (fen::STARTPOS, false),
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false),
            ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false),
            ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true),
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true),
        ];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x9e37_79b9_7f4a_7c15);
        let mut out = Vec::new();
        for _ in 0..4 {
            for (start, chess960) in starts {
                let mut q = query(start, &[], chess960);
                let mut pos = q.position().expect("valid");
                for _ in 0..40 {
                    out.push(q.clone());
                    let Some(&mv) = pos.legal_moves().choose(&mut rng) else { break };
                    q.moves.push(UciMove::from_move(&pos, mv));
                    pos = pos.play_unchecked(mv);
                }
            }
        }
        out
    }

    #[test]
    fn the_peers_agree_with_lawbook_on_moves_and_status() {
        let mut ours = BuiltIn;
        let mut peers: [Box<dyn Engine>; 3] =
            [Box::new(Shakmaty::default()), Box::new(CozyChess::default()), Box::new(ChessCrate::default())];
        let nowhere: UciMove = "a1a1".parse().expect("UCI");
        for q in positions() {
            let moves = set(ours.legal_moves(&q));
            let expected = status(&mut ours, &q).expect("lawbook answers");
            let board = ours.board(&q);
            for peer in &mut peers {
                if q.chess960 && peer.name() == "chess" {
                    // The chess crate knows no Chess960.
                    assert_eq!(peer.legal_moves(&q), Err(EngineError::Unsupported(Capability::LegalMoves)));
                    assert_eq!(peer.checkmate(&q), Err(EngineError::Unsupported(Capability::Checkmate)));
                    continue;
                }
                assert_eq!(set(peer.legal_moves(&q)), moves, "{} {q:?}", peer.name());
                assert_eq!(status(peer.as_mut(), &q), Ok(expected.clone()), "{} {q:?}", peer.name());
                assert_eq!(peer.board(&q), board, "{} {q:?}", peer.name());
                for &mv in moves.iter().take(3) {
                    assert_eq!(peer.is_legal(&q, mv), Ok(true), "{} {mv} {q:?}", peer.name());
                }
                assert_eq!(peer.is_legal(&q, nowhere), Ok(false), "{}", peer.name());
            }
        }
    }

    #[test]
    fn no_rules_library_says_it_searches() {
        let peers: [Box<dyn Engine>; 5] = [
            Box::new(BuiltIn),
            Box::new(Shakmaty::default()),
            Box::new(CozyChess::default()),
            Box::new(ChessCrate::default()),
            Box::new(super::Esca::default()),
        ];
        for peer in &peers {
            assert!(!peer.supports(Capability::Search), "{} plays no moves of its own", peer.name());
        }
    }

    #[test]
    fn the_versions_named_are_those_built_in() {
        let lock =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock")).expect("Cargo.lock");
        for (name, version) in [
            ("shakmaty", SHAKMATY_VERSION),
            ("cozy-chess", COZY_CHESS_VERSION),
            ("chess", CHESS_CRATE_VERSION),
            ("esca", ESCA_VERSION),
        ] {
            let entry = format!("name = \"{name}\"\nversion = \"{version}\"\n");
            assert!(lock.contains(&entry), "Cargo.lock pins another version of {name} than {version}");
        }
        assert_eq!(Shakmaty::default().version(), format!("shakmaty {SHAKMATY_VERSION}"));
    }

    #[test]
    fn castling_is_written_as_uci_writes_it() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let castled = fen::read_setup("2kr3r/8/8/8/8/8/8/R4RK1 w - - 0 1").expect("FEN").0.board;
        for peer in [&mut Shakmaty::default() as &mut dyn Engine, &mut CozyChess::default(), &mut ChessCrate::default()]
        {
            let standard = set(peer.legal_moves(&query(fen, &[], false)));
            assert!(standard.is_superset(&uci_set(&["e1g1", "e1c1"])), "{}", peer.name());
            assert!(!standard.contains(&"e1h1".parse().expect("UCI")), "{}", peer.name());
            // Castling in the move list, as UCI writes it.
            assert_eq!(peer.board(&query(fen, &["e1g1", "e8c8"], false)), Ok(castled), "{}", peer.name());
            assert!(matches!(peer.legal_moves(&query(fen, &["e1e3"], false)), Err(EngineError::Failed(_))));
            // The chess crate is not given a FEN lawbook cannot read (it might crash); the others refuse it.
            let unread = peer.legal_moves(&query("not a fen", &[], false));
            assert!(matches!(unread, Err(EngineError::Failed(_) | EngineError::Refused(_))), "{}", peer.name());
            if peer.name() == "chess" {
                continue;
            }
            let chess960 = set(peer.legal_moves(&query(fen, &[], true)));
            assert!(chess960.is_superset(&uci_set(&["e1h1", "e1a1"])), "{}", peer.name());
            assert!(!chess960.contains(&"e1g1".parse().expect("UCI")), "{}", peer.name());
            assert_eq!(peer.board(&query(fen, &["e1h1", "e8a8"], true)), Ok(castled), "{}", peer.name());
        }
    }

    #[test]
    fn shakmaty_draw_rules() {
        let mut peer = Shakmaty::default();
        let mut ours = BuiltIn;
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let cases = [
            query(fen::STARTPOS, &["f2f3", "e7e5", "g2g4", "d8h4"], false),
            query(fen::STARTPOS, &shuffle.repeat(2)[..7], false),
            query(fen::STARTPOS, &shuffle.repeat(2), false),
            query(fen::STARTPOS, &shuffle.repeat(4), false),
            query("4k3/P7/4K3/8/8/8/8/8 w - - 0 1", &["a7a8b"], false),
            query("4k3/P7/4K3/8/8/8/8/8 w - - 0 1", &["a7a8q"], false),
            query("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &[], false),
            query("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &["a1a2"], false),
            query("7k/8/6K1/8/8/8/8/R7 w - - 149 120", &["a1a2"], false),
            query("7k/8/6K1/8/8/8/8/R7 w - - 149 120", &["a1a8"], false),
            query("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", &[], false),
        ];
        for q in cases {
            assert_eq!(game_state(&mut peer, &q), game_state(&mut ours, &q), "{q:?}");
        }
        let automatic =
            PositionQuery { automatic_fifty_moves: true, ..query("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &["a1a2"], false) };
        assert_eq!(peer.outcome(&automatic), Ok(Some(Outcome::draw(Reason::FiftyMoves))));
        // Dead positions beyond the material rule: lawbook proves them (a
        // stalemate, FIDE 5.2.2 read literally; a pawn wall by search),
        // shakmaty's only proof is the material rule.
        let stalemate = query("R5nk/5K2/6P1/8/8/8/8/8 b - - 0 1", &[], false);
        assert_eq!(peer.outcome(&stalemate), Ok(Some(Outcome::draw(Reason::Stalemate))));
        assert_eq!(peer.dead_position(&stalemate), Ok(false));
        let wall = query("8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/5K2 w - - 0 1", &[], false);
        assert_eq!(peer.dead_position(&wall), Ok(false));
        for mut other in [Box::new(CozyChess::default()) as Box<dyn Engine>, Box::new(ChessCrate::default())] {
            assert!(!other.supports(Capability::DeadPosition));
            assert_eq!(other.dead_position(&wall), Err(EngineError::Unsupported(Capability::DeadPosition)));
            assert_eq!(other.outcome(&wall), Err(EngineError::Unsupported(Capability::Outcome)));
            assert_eq!(other.stalemate(&wall), Ok(false));
        }
    }
}
