//! The `chess` crate (crates.io `chess`, 3.x), in process.

use super::{failed, refused, square, start_text, uci_move};
use crate::{Answer, Capability, Engine, EngineError, Facts, FaultKind, Played, PositionQuery, Question};
use lawbook_board::Color;
use std::str::FromStr;

/// The `chess` crate (3.2), in process: legal moves (`MoveGen::new_legal`,
/// which writes castling as the king's two-square step, as UCI does), one
/// move's legality (`Board::legal`), check and checkers (`checkers()`),
/// mate and stalemate (`status()`), and the board (the first field of its
/// FEN).
///
/// Not answered:
/// - the draw rules: its `Board` keeps no half-move clock (the FEN's
///   counters are not read) and judges no insufficient material; its
///   `Game` counts no repetitions, knows no seventy-five-move or fivefold
///   rule, and has one answer, `can_declare_draw`, for threefold repetition
///   and the fifty-move rule together, counted only over the moves given to
///   the `Game` (the fifty moves restarted also when a castling right is
///   lost) and without a claim by announcing a move (`conformance/FINDINGS.md`);
/// - Chess960: the crate knows only standard castling;
/// - the trace of differential testing: it writes no SAN and no draw rules.
///
/// The crate trusts its FEN reader's board before its own sanity check
/// (a side without a king makes it read outside its tables, more than
/// sixteen pieces of one side can overflow a fixed list, a non-ASCII en passant
/// field panics), so a FEN whose placement lawbook cannot read, with a
/// side not having exactly one king or more than sixteen pieces, or not
/// ASCII, is refused (an engine error) before the crate sees it; no FEN the
/// corpus asks about is.
#[derive(Debug, Default)]
pub struct ChessCrate {
    /// Made only by `ChessCrate::default()`.
    _private: (),
}

/// Why the crate must not be given `fen`, if it must not.
fn unsafe_for_the_crate(fen: &str) -> Option<String> {
    if !fen.is_ascii() {
        return Some("the FEN is not ASCII".to_string());
    }
    // Only the placement matters here: castling rights naming a missing rook are the crate's to judge.
    let board = match lawbook_notation::fen::read_board(fen) {
        Ok((board, _)) => board,
        Err(e) => return Some(format!("the FEN cannot be read: {e}")),
    };
    for color in [Color::White, Color::Black] {
        let pieces = board.by_color(color);
        if (pieces & board.kings()).count() != 1 || pieces.count() > 16 {
            return Some(format!("{color:?} needs exactly one king and at most sixteen pieces"));
        }
    }
    None
}

impl ChessCrate {
    /// The query's position as the crate reads and plays it.
    fn replay(query: &PositionQuery) -> Result<chess::Board, EngineError> {
        let fen = start_text(&query.fen);
        if let Some(why) = unsafe_for_the_crate(fen) {
            return Err(failed(FaultKind::Unaskable, format!("not given to the chess crate: {why}")));
        }
        let mut board =
            chess::Board::from_str(fen).map_err(|e| refused(format!("the chess crate refuses the FEN: {e}")))?;
        for (i, mv) in query.moves.iter().enumerate() {
            let refused =
                || failed(FaultKind::RefusedMove, format!("the chess crate refuses move {} of the list ({mv})", i + 1));
            let mv = chess::ChessMove::from_str(&mv.to_string()).map_err(|_| refused())?;
            if !board.legal(mv) {
                return Err(refused());
            }
            board = board.make_move_new(mv);
        }
        Ok(board)
    }
}

impl Engine for ChessCrate {
    fn name(&self) -> &str {
        "chess"
    }

    fn version(&self) -> String {
        format!("chess {}", super::CHESS_CRATE_VERSION)
    }

    fn supports(&self, capability: Capability) -> bool {
        // The chess crate plays standard chess only.
        capability != Capability::Chess960 && crate::adapters::moves_and_status(capability)
    }

    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        if query.chess960 || !self.supports(question.capability()) {
            return Err(EngineError::Unsupported(question.capability()));
        }
        let board = ChessCrate::replay(query)?;
        let squares = |set: chess::BitBoard| -> Result<Vec<_>, EngineError> {
            set.map(|s| square(&s.to_string(), "the chess crate")).collect()
        };
        Ok(match question {
            Question::LegalMoves => Answer::LegalMoves(
                chess::MoveGen::new_legal(&board)
                    .map(|m| uci_move(&m.to_string(), "the chess crate"))
                    .collect::<Result<_, _>>()?,
            ),
            Question::IsLegal(mv) => {
                Answer::Bool(chess::ChessMove::from_str(&mv.to_string()).is_ok_and(|m| board.legal(m)))
            }
            Question::Play(mv) => {
                let taken = chess::ChessMove::from_str(&mv.to_string()).ok().filter(|&m| board.legal(m));
                let after = taken.map_or(board, |m| board.make_move_new(m));
                Answer::Played(Played {
                    accepted: taken.is_some(),
                    after: Some(crate::adapters::read_board_and_turn(&after.to_string())?),
                })
            }
            Question::Board => {
                let fen = board.to_string();
                Answer::Board(crate::adapters::read_placement(fen.split(' ').next().unwrap_or_default())?)
            }
            fact => {
                let status = board.status();
                let facts = Facts::of_status(
                    squares(*board.checkers())?,
                    status == chess::BoardStatus::Checkmate,
                    status == chess::BoardStatus::Stalemate,
                );
                return facts.answer(fact);
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ask;
    use lawbook_notation::uci::UciMove;

    fn query(fen: &str, moves: &[&str]) -> PositionQuery {
        PositionQuery {
            fen: fen.to_string(),
            moves: moves.iter().map(|m| m.parse().expect("a UCI move")).collect(),
            chess960: false,
            automatic_fifty_moves: false,
        }
    }

    fn uci(text: &str) -> UciMove {
        text.parse().expect("UCI")
    }

    #[test]
    fn castling_en_passant_and_promotion_as_uci_writes_them() {
        let mut crate_ = ChessCrate::default();
        let castles = query("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &[]);
        assert_eq!(crate_.is_legal(&castles, uci("e1g1")), Ok(true));
        assert_eq!(crate_.is_legal(&castles, uci("e1h1")), Ok(false));
        assert!(matches!(crate_.board(&query(&castles.fen, &["e1h1"])), Err(EngineError::Failed(_))));
        let en_passant = query("7k/8/8/5Pp1/8/8/8/6K1 w - g6 0 1", &[]);
        assert_eq!(crate_.is_legal(&en_passant, uci("f5g6")), Ok(true));
        let taken = crate::adapters::read_placement("7k/8/6P1/8/8/8/8/6K1").expect("placement");
        assert_eq!(crate_.board(&query(&en_passant.fen, &["f5g6"])), Ok(taken));
        let promotes = crate_.legal_moves(&query("8/P7/8/7k/8/8/8/2K5 w - - 0 1", &[])).expect("moves");
        for mv in ["a7a8q", "a7a8r", "a7a8b", "a7a8n"] {
            assert!(promotes.contains(&uci(mv)), "{mv}");
        }
        assert!(!promotes.contains(&uci("a7a8")));
    }

    #[test]
    fn refusals_are_engine_errors_and_chess960_is_unsupported() {
        let mut crate_ = ChessCrate::default();
        // Not given to the crate, which would crash on them: engine errors.
        for fen in [
            "not a fen",
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - \u{e9} 0 1",
            "NNNNNNNN/NNNNNNNN/NNk5/8/8/8/8/4K3 w - - 0 1",
        ] {
            assert!(matches!(crate_.legal_moves(&query(fen, &[])), Err(EngineError::Failed(_))), "{fen}");
        }
        // Castling rights with no rooks: the crate's own refusal of the position.
        let no_rooks = query("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", &[]);
        assert!(matches!(crate_.legal_moves(&no_rooks), Err(EngineError::Refused(_))));
        let start = query(lawbook_notation::fen::STARTPOS, &["e2e5"]);
        assert!(matches!(crate_.checkmate(&start), Err(EngineError::Failed(_))));
        let chess960 = PositionQuery { chess960: true, ..query(lawbook_notation::fen::STARTPOS, &[]) };
        assert_eq!(crate_.board(&chess960), Err(EngineError::Unsupported(Capability::Board)));
        assert!(!crate_.supports(Capability::Trace));
    }

    #[test]
    fn mate_and_stalemate() {
        let mut crate_ = ChessCrate::default();
        let mate = crate_.facts(&query(lawbook_notation::fen::STARTPOS, &["f2f3", "e7e5", "g2g4", "d8h4"]));
        let h4 = "h4".parse().expect("square");
        assert_eq!(mate, Ok(Facts::of_status(vec![h4], true, false)));
        let stalemate = crate_.facts(&query("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]));
        assert_eq!(stalemate, Ok(Facts::of_status(vec![], false, true)));
    }

    /// A walk of `plies` moves from `board` without a capture, a pawn move,
    /// an ending or a position seen before (so no repetition), by the crate's rules.
    fn fresh_walk(board: chess::Board, seen: &mut Vec<u64>, plies: usize, walk: &mut Vec<chess::ChessMove>) -> bool {
        if plies == 0 {
            return true;
        }
        for mv in chess::MoveGen::new_legal(&board) {
            let next = board.make_move_new(mv);
            let quiet =
                board.piece_on(mv.get_dest()).is_none() && board.piece_on(mv.get_source()) != Some(chess::Piece::Pawn);
            if !quiet || seen.contains(&next.get_hash()) || next.status() != chess::BoardStatus::Ongoing {
                continue;
            }
            seen.push(next.get_hash());
            walk.push(mv);
            if fresh_walk(next, seen, plies - 1, walk) {
                return true;
            }
            walk.pop();
            seen.pop();
        }
        false
    }

    /// Why the draw rules are not answered: the crate's own claim,
    /// `Game::can_declare_draw`, refuses claims the Laws allow (FIDE 9.2.1,
    /// 9.3; `conformance/FINDINGS.md`), each valid by lawbook's rules too.
    #[test]
    fn the_crates_draw_claims_are_not_the_laws() {
        let moves = |uci: &[&str]| -> Vec<chess::ChessMove> {
            uci.iter().map(|m| chess::ChessMove::from_str(m).expect("UCI")).collect()
        };
        let judged = |fen: &str, moves: &[chess::ChessMove]| {
            let mut game = chess::Game::from_str(fen).expect("FEN");
            assert!(moves.iter().all(|&mv| game.make_move(mv)));
            let mut ours = query(fen, &[]);
            ours.moves = moves.iter().map(|m| uci(&m.to_string())).collect();
            let threefold = crate::BuiltIn.can_claim_threefold(&ours).expect("lawbook answers");
            let fifty = crate::BuiltIn.can_claim_fifty_moves(&ours).expect("lawbook answers");
            (game.can_declare_draw(), threefold || fifty)
        };
        // The FEN's fifty moves are not read.
        assert_eq!(judged("4k3/8/8/8/8/8/8/4K2R w - - 100 80", &[]), (false, true));
        // No claim by announcing the move that repeats the position a third time.
        let shuffle = moves(&["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]);
        assert_eq!(judged(lawbook_notation::fen::STARTPOS, &shuffle), (false, true));
        // Fifty moves by each side without a capture or pawn move, the first
        // losing a castling right: the crate counts from that move on.
        let fen = "r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
        let start = chess::Board::from_str(fen).expect("FEN");
        let mut walk = moves(&["e1e2"]);
        assert!(fresh_walk(start.make_move_new(walk[0]), &mut vec![start.get_hash()], 99, &mut walk));
        assert_eq!(judged(fen, &walk), (false, true));
    }
}
