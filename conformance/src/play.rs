//! What an engine plays, judged by the Laws: the move it names when asked to
//! move in a scenario's position, and every line it prints on the way
//! ([`lawbook_engines::Searched`]). [`judge`] says what breaks which article.
//!
//! - Its move must be legal there (Article 3); where there is none (the side
//!   to move is checkmated or stalemated, 5.1.1, 5.2.1) it must name none. A
//!   UCI engine says so with `bestmove (none)` or `0000` (or `a1a1`, an older
//!   way); saying so where it has a move is a breach. An xboard engine may
//!   end a game with a result line or resign at any time: that is its claim
//!   or its resignation, judged by the scenarios on endings, not here.
//! - Each line is played from the position: every move must be legal, and
//!   none may follow an ending the Laws make automatic that the line itself
//!   reached (checkmate, stalemate, a dead position, fivefold repetition,
//!   seventy-five moves: 5.1.1, 5.2.1, 5.2.2, 9.6). A line that goes past a
//!   threefold repetition or fifty moves is lawful: those draws must be
//!   claimed (9.2, 9.3). Where the position asked about has already ended
//!   by itself with moves left (a dead position, say), the engine was asked
//!   all the same, so only its moves' legality is judged.
//! - A line scored `mate N` (an exact score: UCI's `score mate N`, CECP's
//!   100000 + N) must end in checkmate after N moves of the side it names:
//!   ply 2N - 1 for a mate it gives, 2N for one it suffers, none for
//!   `mate 0` (mated now). A line mating sooner or later, or ending in
//!   another ending first, does not back its score. A line shorter than its
//!   mate (engines cut lines at hash hits) is judged as far as it goes.
//! - An xboard line is free text: its words are read as moves in any
//!   notation, and the first word that is no move in any notation, or a
//!   pawn's step to the last rank without its piece, ends what is judged of
//!   it (an illegal move is still a breach).
//!
//! A position lawbook cannot play (a position no game can reach that the
//! move generator cannot take) is not judged.

use lawbook_board::{CastlingMode, Color, Piece, Rank, Relaxations, Role, Square};
use lawbook_engines::search::Score;
use lawbook_engines::{PositionQuery, Searched};
use lawbook_movegen::Position;
use lawbook_notation::san::MoveErrorKind;
use lawbook_notation::uci::UciMove;
use lawbook_notation::{ReadOptions, fen, read_move};
use lawbook_outcome::{Game, Outcome, Reason};

/// How a UCI engine says it has no move: `(none)`, UCI's null move `0000`,
/// and `a1a1`, an older way.
const UCI_NO_MOVE: [&str; 3] = ["(none)", "0000", "a1a1"];

/// What one search breaks: the article and what happened, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breach {
    /// The FIDE article broken (`3.9.2`).
    pub article: &'static str,
    /// What the engine played or printed, and why that breaks it.
    pub what: String,
}

/// The judgment of one search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// Nothing in it breaks the Laws.
    Lawful,
    /// These breaches, each once.
    Breaks(Vec<Breach>),
    /// The engine did not answer as its protocol asks (an xboard engine
    /// that neither moved nor said why, in a position with a move).
    Silent(String),
    /// Nothing could be judged, and why.
    NotJudged(String),
}

/// The game the position asked about belongs to: the query replayed, or a
/// position no game can reach read as the move generator can play it.
fn game_of(query: &PositionQuery) -> Result<Game, String> {
    // By the Laws alone: a board that records the fifty moves by itself is
    // a house rule no engine is told of.
    let fide = PositionQuery { automatic_fifty_moves: false, ..query.clone() };
    if let Ok(game) = fide.game() {
        return Ok(game);
    }
    if !query.moves.is_empty() {
        return Err("lawbook cannot replay the game asked about".to_string());
    }
    let mode = query.chess960.then_some(CastlingMode::Chess960);
    fen::read_with(&query.fen, mode, Relaxations::ANALYSIS)
        .map(Game::new)
        .map_err(|e| format!("lawbook's move generator cannot play this position ({e})"))
}

/// The article a move breaks, by why it is illegal.
fn article_of(kind: &MoveErrorKind) -> &'static str {
    match kind {
        MoveErrorKind::LeavesKingInCheck => "3.9.2",
        MoveErrorKind::Castling(_) => "3.8.2",
        MoveErrorKind::MissingPromotion | MoveErrorKind::BadPromotion => "3.7.3.3",
        _ => "3.10.2",
    }
}

/// The square an en passant capture would go to in `pos` as the game wrote
/// it: the FEN's field, or the square a double step just passed. lawbook
/// keeps it in `pos` only where a capture onto it is legal (9.2.3), so an
/// engine's capture onto it can be illegal though the square was written.
fn written_en_passant(query: &PositionQuery) -> Option<Square> {
    if query.moves.is_empty() {
        return fen::read_setup(&query.fen).ok()?.0.ep_square;
    }
    let replay = query.replay().ok()?;
    let before = replay.positions.get(replay.positions.len().checked_sub(2)?)?;
    double_step(before, *replay.moves.last()?)
}

/// The square a pawn's double step `mv` passes over, if it is one.
fn double_step(before: &Position, mv: lawbook_movegen::Move) -> Option<Square> {
    let pawn = before.board().piece_at(mv.from()).is_some_and(|p| p.role == Role::Pawn);
    let (from, to) = (mv.from().rank().index(), mv.to().rank().index());
    if !pawn || from.abs_diff(to) != 2 {
        return None;
    }
    mv.from().offset(if to > from { 8 } else { -8 })
}

/// Why `word`, illegal in `pos`, is illegal: an en passant capture onto the
/// written square `ep` that lawbook did not keep leaves the mover's king in
/// check (3.9.2: the only thing that takes away a written capture);
/// otherwise the reader's reason.
fn why_illegal(
    pos: &Position,
    word: &str,
    ep: Option<Square>,
    error: &lawbook_notation::MoveError,
) -> (&'static str, String) {
    let en_passant = match word.parse::<UciMove>() {
        Ok(UciMove::Normal { from, to, promotion: None }) => {
            let pawn = pos.board().piece_at(from) == Some(Piece { color: pos.turn(), role: Role::Pawn });
            let rank = if pos.turn() == Color::White { Rank::Sixth } else { Rank::Third };
            pawn && Some(to) == ep && to.rank() == rank && from.file().index().abs_diff(to.file().index()) == 1
        }
        _ => false,
    };
    if en_passant {
        return ("3.9.2", format!("{word} is an en passant capture that would leave its own king in check"));
    }
    (article_of(&error.kind), error.to_string())
}

/// Where the game stands with no legal move: checkmate or stalemate.
fn no_move_ending(pos: &Position) -> (&'static str, &'static str) {
    if pos.is_check() { ("5.1.1", "checkmated") } else { ("5.2.1", "stalemated") }
}

/// Judges what the engine played in the position `query` means.
///
/// ```
/// use lawbook_conformance::play::{Judged, judge};
/// use lawbook_engines::{PositionQuery, Searched};
/// let query = PositionQuery::from_start(&["f2f3", "e7e5", "g2g4", "d8h4"])?;
/// let moved = Searched { best: Some("e2e4".into()), ..Searched::default() };
/// let Judged::Breaks(breaches) = judge(&query, &moved) else { panic!() };
/// assert_eq!(breaches[0].article, "5.1.1");
/// let said_none = Searched { no_move: Some("(none)".into()), ..Searched::default() };
/// assert_eq!(judge(&query, &said_none), Judged::Lawful);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn judge(query: &PositionQuery, searched: &Searched) -> Judged {
    if searched.ended_before.is_some() {
        return Judged::NotJudged("the engine had ended the game before it was asked to move".to_string());
    }
    let game = match game_of(query) {
        Ok(game) => game,
        Err(why) => return Judged::NotJudged(why),
    };
    let pos = *game.position();
    let has_move = !pos.legal_moves().is_empty();
    let mut breaches: Vec<Breach> = Vec::new();
    let mut add = |breach: Breach| {
        if !breaches.contains(&breach) {
            breaches.push(breach);
        }
    };
    match (&searched.best, &searched.no_move) {
        (Some(text), _) if !has_move => {
            let (article, how) = no_move_ending(&pos);
            add(Breach {
                article,
                what: format!("it plays {text}, but {} is {how}: the game is over and no move may follow", pos.turn()),
            });
        }
        (Some(text), _) => {
            if let Err(e) = read_move(&pos, text, ReadOptions::LENIENT) {
                let (article, why) = why_illegal(&pos, text, written_en_passant(query), &e);
                add(Breach { article, what: format!("it plays {text}, which is illegal here: {why}") });
            }
        }
        // A UCI engine naming no move where it has one (an xboard result
        // line or resignation is a claim or a resignation: not judged here).
        (None, Some(said)) if has_move && game.outcome().is_none() && UCI_NO_MOVE.contains(&said.as_str()) => {
            let (article, how) = no_move_ending(&pos);
            add(Breach {
                article,
                what: format!(
                    "it names no move (`bestmove {said}`) as if {} were {how}, but {} has {} legal moves",
                    pos.turn(),
                    pos.turn(),
                    pos.legal_moves().len()
                ),
            });
        }
        (None, None) if has_move && game.outcome().is_none() => {
            return Judged::Silent(format!(
                "asked to move, it neither moved nor said why, though {} has {} legal moves",
                pos.turn(),
                pos.legal_moves().len()
            ));
        }
        _ => {}
    }
    for line in &searched.lines {
        for breach in judge_line(&game, written_en_passant(query), line) {
            add(breach);
        }
    }
    if breaches.is_empty() { Judged::Lawful } else { Judged::Breaks(breaches) }
}

/// The breaches of one printed line (see the module documentation).
fn judge_line(game: &Game, mut ep: Option<Square>, line: &lawbook_engines::search::Line) -> Vec<Breach> {
    let mut out = Vec::new();
    let root_ended = game.outcome().is_some();
    let mut game = game.clone();
    // The first ending the line reached, after how many of its moves.
    let mut ending: Option<(usize, Outcome)> = None;
    let mut read = 0;
    for (i, word) in line.moves.iter().enumerate() {
        let pos = *game.position();
        let read_word = read_move(&pos, word, ReadOptions::LENIENT);
        // Free text (xboard): a word that is no move, or a pawn's step to the
        // last rank written without its piece (Fairy-Max's `a7a8`: the line's
        // shorthand, its `move` names the piece), ends what is judged.
        if !line.uci
            && matches!(&read_word, Err(e) if matches!(e.kind, MoveErrorKind::Syntax | MoveErrorKind::MissingPromotion))
        {
            break;
        }
        if let Some((at, outcome)) = ending {
            out.push(Breach {
                article: outcome.reason.article(),
                what: format!(
                    "its line `{}` goes on with {word} after its move {at} ended the game by {}",
                    line.text,
                    outcome.reason.words()
                ),
            });
            break;
        }
        let mv = match read_word {
            Ok((mv, _)) => mv,
            Err(e) => {
                let (article, why) = why_illegal(&pos, word, ep, &e);
                let article = if pos.legal_moves().is_empty() { no_move_ending(&pos).0 } else { article };
                out.push(Breach {
                    article,
                    what: format!("its line `{}` has an illegal move {} ({word}): {why}", line.text, i + 1),
                });
                return out;
            }
        };
        ep = double_step(&pos, mv);
        if game.play(mv).is_err() {
            // The game asked about had ended already: only legality is judged.
            game = Game::new(pos.play_unchecked(mv));
        }
        read = i + 1;
        if !root_ended && let Some(outcome) = game.outcome() {
            ending = Some((read, outcome));
        }
    }
    if let Some(Score::Mate { moves, bound: false }) = line.score {
        out.extend(judge_mate(line, moves, ending, read, root_ended));
    }
    out
}

/// Whether a `mate N` score is backed by the line (see the module documentation).
fn judge_mate(
    line: &lawbook_engines::search::Line,
    moves: i32,
    ending: Option<(usize, Outcome)>,
    read: usize,
    root_ended: bool,
) -> Option<Breach> {
    if moves == 0 || root_ended {
        // `mate 0` says the side to move is mated: a line's first move is then
        // judged already.
        return None;
    }
    let ply = if moves > 0 { 2 * moves as usize - 1 } else { 2 * moves.unsigned_abs() as usize };
    let says = if moves > 0 {
        format!("mate in {moves} for the side to move (its move {ply} mates)")
    } else {
        format!("mate in {} against the side to move (move {ply} of the line mates it)", -moves)
    };
    let mated = |o: &Outcome| o.reason == Reason::Checkmate;
    match ending {
        Some((at, outcome)) if mated(&outcome) && at == ply => None,
        Some((at, outcome)) if at <= ply || mated(&outcome) => Some(Breach {
            // Another ending first ends the game before the mate (9.6.2, say).
            article: if mated(&outcome) { "5.1.1" } else { outcome.reason.article() },
            what: format!(
                "its line `{}` scores {says}, but its move {at} ends the game by {}",
                line.text,
                outcome.reason.words()
            ),
        }),
        None if read >= ply && read == line.moves.len() => Some(Breach {
            article: "5.1.1",
            what: format!("its line `{}` scores {says}, but after move {ply} of it there is no mate", line.text),
        }),
        // Shorter than its mate, or read only in part: judged as far as it goes.
        _ => None,
    }
}

/// What asking the engine to move in each position of a scenario came to:
/// the record, or `None` when the engine cannot be asked to move.
///
/// Each position is asked once, in the order the scenario stood in them; the
/// first failure to answer ends the asking (the scenario is then in error).
pub fn probe(
    engine: &mut dyn lawbook_engines::Engine,
    positions: &[PositionQuery],
    limit: lawbook_engines::SearchLimit,
) -> Option<crate::records::PlayRecord> {
    use crate::records::{PlayRecord, StepVerdict};
    use lawbook_engines::{Ask as _, Capability, EngineError};
    if !engine.supports(Capability::Search) {
        return None;
    }
    let mut record = PlayRecord {
        limit: limit.to_string(),
        asked: 0,
        judged: 0,
        verdict: StepVerdict::Passed,
        message: None,
        articles: Vec::new(),
        fault: None,
    };
    let mut said: Vec<String> = Vec::new();
    for query in positions {
        let searched = match engine.search(query, limit) {
            Ok(searched) => searched,
            Err(EngineError::Unsupported(_) | EngineError::Refused(_)) => continue,
            Err(EngineError::Failed(fault)) => {
                record.asked += 1;
                record.verdict = StepVerdict::Error;
                record.fault = Some(fault.kind());
                said.push(format!("asked to move in {}, it failed: {fault}", place(query)));
                break;
            }
        };
        record.asked += 1;
        match judge(query, &searched) {
            Judged::Lawful => record.judged += 1,
            Judged::NotJudged(_) => {}
            Judged::Silent(why) => {
                record.judged += 1;
                if record.verdict == StepVerdict::Passed {
                    record.verdict = StepVerdict::Error;
                    record.fault = Some(lawbook_engines::FaultKind::BrokeProtocol);
                }
                said.push(format!("{why}\n{}", position_text(query)));
            }
            Judged::Breaks(breaches) => {
                record.judged += 1;
                record.verdict = StepVerdict::Failed;
                record.fault = None;
                let mut text = String::new();
                for breach in &breaches {
                    if !record.articles.iter().any(|a| a == breach.article) {
                        record.articles.push(breach.article.to_string());
                    }
                    text.push_str(&format!("{} (FIDE {})\n", breach.what, breach.article));
                }
                text.push_str(&position_text(query));
                said.push(text);
            }
        }
    }
    if !said.is_empty() {
        record.message = Some(said.join("\n"));
    }
    Some(record)
}

/// The position asked about, as a message names it: its FEN and the moves played.
fn place(query: &PositionQuery) -> String {
    if query.moves.is_empty() {
        format!("the position {}", query.fen)
    } else {
        format!("the position after {} from {}", query.moves_text(), query.fen)
    }
}

/// The position drawn, for a message: "in this position:" and the board.
fn position_text(query: &PositionQuery) -> String {
    let drawn = match game_of(query) {
        Ok(game) => crate::world::describe(game.position()),
        Err(_) => format!("  {}\n", place(query)),
    };
    let moves = if query.moves.is_empty() { String::new() } else { format!(" (after {})", query.moves_text()) };
    format!("in this position{moves}:\n{drawn}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use lawbook_engines::search::Line;

    fn uci_line(score: Option<Score>, moves: &str) -> Line {
        Line {
            text: format!("info pv {moves}"),
            depth: Some(1),
            score,
            moves: moves.split_whitespace().map(str::to_string).collect(),
            uci: true,
        }
    }

    fn searched(best: &str, lines: Vec<Line>) -> Searched {
        Searched { best: Some(best.to_string()), lines, ..Searched::default() }
    }

    fn articles(judged: Judged) -> Vec<&'static str> {
        match judged {
            Judged::Breaks(breaches) => breaches.iter().map(|b| b.article).collect(),
            other => panic!("no breach: {other:?}"),
        }
    }

    const MATE_IN_ONE: &str = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";

    #[test]
    fn a_legal_move_and_a_mating_line_scored_as_mate_in_one_are_lawful() {
        let query = PositionQuery::from_fen(MATE_IN_ONE, &[]).unwrap();
        let mate = Some(Score::Mate { moves: 1, bound: false });
        assert_eq!(judge(&query, &searched("d8h4", vec![uci_line(mate, "d8h4")])), Judged::Lawful);
    }

    #[test]
    fn castling_out_of_check_breaks_3_8_2_and_stepping_into_check_3_9_2() {
        let query = PositionQuery::from_fen("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", &[]).unwrap();
        assert_eq!(articles(judge(&query, &searched("e1g1", vec![]))), ["3.8.2"]);
        assert_eq!(articles(judge(&query, &searched("e1e2", vec![]))), ["3.9.2"]);
        assert_eq!(judge(&query, &searched("e1d2", vec![])), Judged::Lawful);
    }

    #[test]
    fn an_en_passant_capture_that_exposes_the_king_breaks_3_9_2() {
        // Both pawns leave the long diagonal from the queen on a8 to the king on h1.
        let query = PositionQuery::from_fen("q6k/8/8/3pP3/8/8/8/7K w - d6 0 1", &[]).unwrap();
        let Judged::Breaks(breaches) = judge(&query, &searched("e5d6", vec![])) else { panic!("a breach") };
        assert_eq!(breaches[0].article, "3.9.2");
        assert!(breaches[0].what.contains("en passant capture that would leave its own king in check"));
        // Along the fifth rank, the double step played in the game.
        let query = PositionQuery::from_fen("7k/3p4/8/K3P2r/8/8/8/8 b - - 0 1", &["d7d5"]).unwrap();
        assert_eq!(articles(judge(&query, &searched("e5d6", vec![]))), ["3.9.2"]);
    }

    #[test]
    fn a_move_after_mate_or_stalemate_breaks_5_1_1_or_5_2_1() {
        let mated = PositionQuery::from_start(&["f2f3", "e7e5", "g2g4", "d8h4"]).unwrap();
        assert_eq!(articles(judge(&mated, &searched("e1f2", vec![]))), ["5.1.1"]);
        let stalemated = PositionQuery::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]).unwrap();
        assert_eq!(articles(judge(&stalemated, &searched("h8g8", vec![]))), ["5.2.1"]);
        for said in ["(none)", "0000", "a1a1"] {
            let none = Searched { no_move: Some(said.into()), ..Searched::default() };
            assert_eq!(judge(&stalemated, &none), Judged::Lawful);
        }
        // An xboard engine that says nothing where it has no move has not moved.
        assert_eq!(judge(&stalemated, &Searched::default()), Judged::Lawful);
    }

    #[test]
    fn naming_no_move_where_there_is_one_is_a_breach_for_uci_and_silence_an_error_for_xboard() {
        let query = PositionQuery::from_start(&[]).unwrap();
        let none = Searched { no_move: Some("(none)".into()), ..Searched::default() };
        assert_eq!(articles(judge(&query, &none)), ["5.2.1"]);
        // A result line or a resignation is the engine ending the game: not judged here.
        let resigns = Searched { no_move: Some("resign".into()), ..Searched::default() };
        assert_eq!(judge(&query, &resigns), Judged::Lawful);
        assert!(matches!(judge(&query, &Searched::default()), Judged::Silent(_)));
    }

    #[test]
    fn a_line_may_not_go_on_after_mate_stalemate_or_a_dead_position() {
        let query = PositionQuery::from_fen(MATE_IN_ONE, &[]).unwrap();
        assert_eq!(articles(judge(&query, &searched("d8h4", vec![uci_line(None, "d8h4 e1f2")]))), ["5.1.1"]);
        // The rook takes the last piece: bare kings, a dead position.
        let query = PositionQuery::from_fen("4k3/8/8/8/8/8/4n3/4K2R w - - 0 1", &[]).unwrap();
        let line = uci_line(Some(Score::Centipawns(0)), "e1e2 e8d7 e2d3");
        assert_eq!(judge(&query, &searched("e1e2", vec![line])), Judged::Lawful);
        let query = PositionQuery::from_fen("4k3/8/8/8/8/8/4n3/4K3 w - - 0 1", &[]).unwrap();
        let line = uci_line(Some(Score::Centipawns(0)), "e1e2 e8d7 e2d3");
        // Already dead when asked: only legality is judged.
        assert_eq!(judge(&query, &searched("e1e2", vec![line])), Judged::Lawful);
        // The king takes the last rook: bare kings, and the line goes on.
        let query = PositionQuery::from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", &[]).unwrap();
        let line = uci_line(Some(Score::Centipawns(0)), "e1d2 e8d7 d2d3");
        assert_eq!(articles(judge(&query, &searched("e1d2", vec![line]))), ["5.2.2"]);
    }

    #[test]
    fn a_line_past_a_threefold_repetition_or_fifty_moves_is_lawful() {
        // The clock at 99: the line's first move makes 100, and it goes on.
        let query = PositionQuery::from_fen("4k3/8/8/8/8/8/3R4/4K3 w - - 99 80", &[]).unwrap();
        let line = uci_line(Some(Score::Centipawns(500)), "d2d3 e8f7 d3d7 f7e6");
        assert_eq!(judge(&query, &searched("d2d3", vec![line])), Judged::Lawful);
        // ... but at 149 the line's first move makes 150: seventy-five moves (9.6.2).
        let query = PositionQuery::from_fen("4k3/8/8/8/8/8/3R4/4K3 w - - 149 80", &[]).unwrap();
        let line = uci_line(Some(Score::Centipawns(500)), "d2d3 e8f7 d3d7 f7e6");
        assert_eq!(articles(judge(&query, &searched("d2d3", vec![line]))), ["9.6.2"]);
    }

    #[test]
    fn a_mate_score_needs_its_mate_at_its_ply() {
        let query = PositionQuery::from_fen(MATE_IN_ONE, &[]).unwrap();
        let mate = |moves| Some(Score::Mate { moves, bound: false });
        // A line that does not mate.
        assert_eq!(articles(judge(&query, &searched("d8h4", vec![uci_line(mate(1), "d8f6")]))), ["5.1.1"]);
        // A mate sooner than the score says.
        assert_eq!(articles(judge(&query, &searched("d8h4", vec![uci_line(mate(2), "d8h4")]))), ["5.1.1"]);
        // Shorter than its mate: judged as far as it goes.
        assert_eq!(judge(&query, &searched("d8h4", vec![uci_line(mate(3), "d8f6 e2e3")])), Judged::Lawful);
        // A bound is no verdict.
        let bound = Some(Score::Mate { moves: 1, bound: true });
        assert_eq!(judge(&query, &searched("d8h4", vec![uci_line(bound, "d8f6")])), Judged::Lawful);
        // Mated in one: the side to move is mated after two plies.
        let query = PositionQuery::from_start(&["f2f3", "e7e5"]).unwrap();
        assert_eq!(judge(&query, &searched("g2g4", vec![uci_line(mate(-1), "g2g4 d8h4")])), Judged::Lawful);
        assert_eq!(articles(judge(&query, &searched("g2g4", vec![uci_line(mate(-1), "g2g4 d8e7")]))), ["5.1.1"]);
    }

    #[test]
    fn an_xboard_line_is_read_up_to_its_first_word_that_is_no_move() {
        let query = PositionQuery::from_fen(MATE_IN_ONE, &[]).unwrap();
        let mut line = uci_line(None, "Qh4# NNUE evaluation");
        line.uci = false;
        assert_eq!(judge(&query, &searched("Qh4", vec![line.clone()])), Judged::Lawful);
        // A promotion without its piece is the line's shorthand, not judged.
        let query = PositionQuery::from_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1", &[]).unwrap();
        line.moves = vec!["a7a8".into(), "h8h7".into()];
        assert_eq!(judge(&query, &searched("a7a8q", vec![line.clone()])), Judged::Lawful);
        let query = PositionQuery::from_fen(MATE_IN_ONE, &[]).unwrap();
        // A word that is a move, but an illegal one, is judged.
        line.moves = vec!["Qh5".into()];
        assert_eq!(articles(judge(&query, &searched("d8h4", vec![line]))), ["3.10.2"]);
    }

    #[test]
    fn a_position_the_move_generator_cannot_play_is_not_judged() {
        let query = PositionQuery::from_fen("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", &[]).unwrap();
        assert!(matches!(judge(&query, &searched("e2e8", vec![])), Judged::NotJudged(_)));
    }
}
