//! How a game's record says it ended, judged against the Laws.
//!
//! A PGN record says how its game ended in three places: the `Result` tag,
//! the `Termination` tag (servers write `Normal`, `Time forfeit`,
//! `Abandoned`, `Rules infraction`; match runners `time forfeit`, `illegal
//! move`, `adjudication`) and the comment after the last move (`Black loses
//! on time`, `Draw by 3-fold repetition`). [`read_termination`] and
//! [`read_last_comment`] read them by meaning into a [`Said`]; [`judge`]
//! holds what they say to the last position and its history ([`Finish`])
//! and gives a [`Finding`] where the Laws give another result or the
//! position does not bear the ending out.
//!
//! ```
//! use lawbook_board::Color;
//! use lawbook_notation::fen;
//! use lawbook_outcome::GameResult;
//! use lawbook_outcome::record::{judge, read_termination, Finish, FindingKind, Record};
//!
//! // Black's flag fell; White has only king and knight, which cannot mate (6.9).
//! let pos = fen::read("8/8/4k3/8/8/2N5/4K3/8 b - - 0 60")?;
//! let record = Record { result: Some(GameResult::WhiteWins), said: Some(read_termination("Time forfeit")), text: None };
//! let finding = judge(&record, &Finish::new(&pos, 119, 1, None)).expect("a finding");
//! assert_eq!(finding.kind, FindingKind::WinnerCannotMate);
//! assert_eq!((finding.article, finding.lawful), (Some("6.9"), Some(GameResult::Draw)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::dead::{self, SearchLimits};
use crate::material::{has_insufficient_material, is_insufficient_material};
use crate::{GameResult, Outcome, Reason};
use lawbook_board::{Color, Role};
use lawbook_movegen::Position;

/// What a record says ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Said {
    /// Checkmate.
    Checkmate,
    /// A player resigned.
    Resignation,
    /// A flag fell, or a player ran out of time (a lost game).
    Time,
    /// A flag fell against a side that cannot mate: a draw.
    TimeVsInsufficientMaterial,
    /// A player made an illegal move.
    IllegalMove,
    /// A player left, disconnected or stopped answering.
    Abandoned,
    /// The players agreed to a draw.
    Agreement,
    /// Stalemate.
    Stalemate,
    /// A draw by threefold repetition (a claim under the Laws).
    ThreefoldRepetition,
    /// A claim of threefold repetition refused as incorrect, and the game
    /// scored against the claimant (a match runner's rule).
    RefusedRepetitionClaim,
    /// A claim under the fifty-move rule refused as incorrect, and the game
    /// scored against the claimant.
    RefusedFiftyMovesClaim,
    /// A draw by the fifty-move rule (a claim under the Laws).
    FiftyMoves,
    /// A draw by fivefold repetition.
    FivefoldRepetition,
    /// A draw by the seventy-five-move rule.
    SeventyFiveMoves,
    /// A draw because no side can mate: insufficient material, a dead position.
    InsufficientMaterial,
    /// The program or person running the game decided it (a tablebase, a
    /// score, a length limit): not a rule of the Laws.
    Adjudication,
    /// A player broke the rules of the event (fair play, cheating).
    RulesInfraction,
    /// Ended "normally": the record does not say how.
    Normal,
    /// Not ended, or its end not known.
    Unterminated,
    /// A termination lawbook does not know.
    Unknown,
}

impl Said {
    /// Every value, in the order above.
    pub const ALL: [Said; 20] = [
        Said::Checkmate,
        Said::Resignation,
        Said::Time,
        Said::TimeVsInsufficientMaterial,
        Said::IllegalMove,
        Said::Abandoned,
        Said::Agreement,
        Said::Stalemate,
        Said::ThreefoldRepetition,
        Said::RefusedRepetitionClaim,
        Said::RefusedFiftyMovesClaim,
        Said::FiftyMoves,
        Said::FivefoldRepetition,
        Said::SeventyFiveMoves,
        Said::InsufficientMaterial,
        Said::Adjudication,
        Said::RulesInfraction,
        Said::Normal,
        Said::Unterminated,
        Said::Unknown,
    ];

    /// Its name in kebab case, as `lawbook pgn --json` writes it.
    ///
    /// ```
    /// use lawbook_outcome::record::Said;
    /// assert_eq!(Said::TimeVsInsufficientMaterial.name(), "time-vs-insufficient-material");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Said::Checkmate => "checkmate",
            Said::Resignation => "resignation",
            Said::Time => "time",
            Said::TimeVsInsufficientMaterial => "time-vs-insufficient-material",
            Said::IllegalMove => "illegal-move",
            Said::Abandoned => "abandoned",
            Said::Agreement => "agreement",
            Said::Stalemate => "stalemate",
            Said::ThreefoldRepetition => "threefold-repetition",
            Said::RefusedRepetitionClaim => "refused-repetition-claim",
            Said::RefusedFiftyMovesClaim => "refused-fifty-moves-claim",
            Said::FiftyMoves => "fifty-moves",
            Said::FivefoldRepetition => "fivefold-repetition",
            Said::SeventyFiveMoves => "seventy-five-moves",
            Said::InsufficientMaterial => "insufficient-material",
            Said::Adjudication => "adjudication",
            Said::RulesInfraction => "rules-infraction",
            Said::Normal => "normal",
            Said::Unterminated => "unterminated",
            Said::Unknown => "unknown",
        }
    }

    /// In plain words, for messages.
    const fn words(self) -> &'static str {
        match self {
            Said::Checkmate => "checkmate",
            Said::Resignation => "a resignation",
            Said::Time => "a loss on time",
            Said::TimeVsInsufficientMaterial => "a draw on time against a side that cannot mate",
            Said::IllegalMove => "a loss by an illegal move",
            Said::Abandoned => "a game abandoned",
            Said::Agreement => "a draw by agreement",
            Said::Stalemate => "stalemate",
            Said::ThreefoldRepetition => "a draw by threefold repetition",
            Said::RefusedRepetitionClaim => "a claim of threefold repetition refused",
            Said::RefusedFiftyMovesClaim => "a claim under the fifty-move rule refused",
            Said::FiftyMoves => "a draw by the fifty-move rule",
            Said::FivefoldRepetition => "a draw by fivefold repetition",
            Said::SeventyFiveMoves => "a draw by the seventy-five-move rule",
            Said::InsufficientMaterial => "a draw by insufficient material",
            Said::Adjudication => "an adjudication",
            Said::RulesInfraction => "a rules infraction",
            Said::Normal => "a normal end",
            Said::Unterminated => "no end",
            Said::Unknown => "an ending lawbook does not know",
        }
    }
}

/// Lower case, without clock and evaluation commands (`[%clk 0:01:02]`).
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.extend(c.to_lowercase()),
            _ => {}
        }
    }
    out
}

/// What a `Termination` tag's value says, read by meaning in the spellings
/// of the PGN standard, servers and match runners (`Time forfeit`, `time
/// forfeit`, `illegal move`, `adjudication`, `Black won on time`, `Game
/// drawn by repetition`, ...); [`Said::Unknown`] for any other text.
///
/// ```
/// use lawbook_outcome::record::{read_termination, Said};
/// assert_eq!(read_termination("Time forfeit"), Said::Time);
/// assert_eq!(read_termination("Game drawn by timeout vs insufficient material"), Said::TimeVsInsufficientMaterial);
/// assert_eq!(read_termination("3-fold repetition"), Said::ThreefoldRepetition);
/// assert_eq!(read_termination("emergency"), Said::Unknown);
/// ```
pub fn read_termination(value: &str) -> Said {
    meaning(&plain(value)).unwrap_or(Said::Unknown)
}

/// What the comment after the last move says of the game's end, when it is
/// one of the statements servers and match runners write there (`White
/// mates`, `Black resigns`, `White loses on time`, `Draw by 3-fold
/// repetition`, `Xboard adjudication: 50-move rule`, ...), also after an
/// engine's evaluation (`+0.30/13 0.28s, Draw by fifty moves rule`); `None`
/// for any other comment, which is an annotation, not a statement of the
/// end.
///
/// ```
/// use lawbook_outcome::record::{read_last_comment, Said};
/// assert_eq!(read_last_comment("+0.30/13 0.28s, Black makes an illegal move: g8h8"), Some(Said::IllegalMove));
/// assert_eq!(read_last_comment("Draw by fifty moves rule"), Some(Said::FiftyMoves));
/// assert_eq!(read_last_comment("White threatens mate"), None);
/// ```
pub fn read_last_comment(text: &str) -> Option<Said> {
    // An ending stated by a program begins with the side or the game it is
    // about; an annotation's words (`threatening Qxh7, which mates`) are
    // not a statement of the end.
    const SUBJECTS: [&str; 17] = [
        "white",
        "black",
        "draw",
        "drawn",
        "game",
        "the game",
        "xboard",
        "both",
        "neither",
        "stalemate",
        "checkmate",
        "insufficient",
        "3-fold",
        "50",
        "fifty",
        "time forfeit",
        "false",
    ];
    let whole = plain(text);
    // A match runner writes the ending after the engine's evaluation and
    // time (`+0.30/13 0.28s, White mates`): the statement is the last part.
    let starts = |text: &str| SUBJECTS.iter().any(|s| text.starts_with(s));
    let whole = whole.trim();
    let text = if starts(whole) { whole } else { whole.rsplit(", ").next().unwrap_or(whole).trim() };
    if !starts(text) {
        return None;
    }
    // An ending stated by a program: a sentence about a side or the game,
    // not a word in an annotation.
    const STATEMENTS: [&str; 40] = [
        "mates",
        "checkmated",
        "wins by checkmate",
        "resigns",
        "resigned",
        "loses on time",
        "wins on time",
        "won on time",
        "forfeits on time",
        "ran out of time",
        "out of time",
        "time forfeit",
        "makes an illegal move",
        "illegal move",
        "invalid move",
        "false draw claim",
        "invalid result claim",
        "false claim",
        "disconnects",
        "left the game",
        "connection stalls",
        "abandoned",
        "draw by",
        "drawn by",
        "game drawn",
        "drawn game",
        "draw agreed",
        "by agreement",
        "stalemate",
        "adjudication",
        "insufficient mating material",
        "insufficient material",
        "no material to mate",
        "neither player has mating material",
        "3-fold repetition",
        "threefold repetition",
        "50 move rule",
        "50-move rule",
        "fifty move",
        "wins by",
    ];
    if !STATEMENTS.iter().any(|s| text.contains(s)) {
        return None;
    }
    meaning(text)
}

/// The meaning of a lower-case statement of a game's end, tried from the
/// most particular words to the most general.
fn meaning(text: &str) -> Option<Said> {
    let has = |words: &[&str]| words.iter().any(|w| text.contains(w));
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let refused = has(&["false draw claim", "false claim", "invalid result claim", "incorrect claim"]);
    Some(if refused && has(&["50", "fifty"]) {
        Said::RefusedFiftyMovesClaim
    } else if refused && has(&["repetition", "3-fold", "threefold"]) {
        Said::RefusedRepetitionClaim
    } else if has(&["adjudicat"]) {
        Said::Adjudication
    } else if has(&["vs insufficient", "and insufficient", "no material to mate", "has no material"])
        && has(&["time", "flag"])
    {
        Said::TimeVsInsufficientMaterial
    } else if has(&["illegal", "invalid move"]) {
        Said::IllegalMove
    } else if has(&["time forfeit", "on time", "out of time", "timeout", "time out", "flag"]) {
        Said::Time
    } else if has(&["resign"]) {
        Said::Resignation
    } else if has(&["abandon", "disconnect", "left the game", "stall", "forfeit"]) {
        Said::Abandoned
    } else if has(&["stalemate"]) {
        Said::Stalemate
    } else if has(&["insufficient", "mating material", "dead position", "no material"]) {
        Said::InsufficientMaterial
    } else if has(&["checkmate", "mates", "mated"]) || text == "mate" {
        Said::Checkmate
    } else if has(&["fivefold", "5-fold", "five-fold", "5 fold"]) {
        Said::FivefoldRepetition
    } else if has(&["repetition", "3-fold", "threefold", "three-fold", "3 fold", "repeat"]) {
        Said::ThreefoldRepetition
    } else if has(&["75-move", "75 move", "seventy-five", "seventy five", "75 moves"]) {
        Said::SeventyFiveMoves
    } else if has(&["50-move", "50 move", "fifty-move", "fifty move", "50 moves"]) {
        Said::FiftyMoves
    } else if has(&["agree"]) {
        Said::Agreement
    } else if has(&["infraction", "cheat", "fair play"]) {
        Said::RulesInfraction
    } else if has(&["unterminated", "no result", "in progress", "adjourned", "unknown"]) {
        Said::Unterminated
    } else if text == "normal" {
        Said::Normal
    } else {
        return None;
    })
}

/// What a record says: its result and how its game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record<'a> {
    /// The `Result` tag, when it gives one of the three results.
    pub result: Option<GameResult>,
    /// What the `Termination` tag or the comment after the last move says.
    pub said: Option<Said>,
    /// The words it was said in, for the message of [`Said::Unknown`].
    pub text: Option<&'a str>,
}

/// Where the game's moves left it.
#[derive(Clone, Copy, Debug)]
pub struct Finish<'a> {
    /// The last position.
    pub position: &'a Position,
    /// The moves of the game, counted in plies.
    pub plies: usize,
    /// How often the last position has occurred, this time included (FIDE 9.2.3).
    pub repetitions: usize,
    /// The most times a position a legal move of the player to move would
    /// make has occurred, that time included: a claim made by announcing
    /// the move (9.2.1) rests on it.
    pub repetitions_by_a_move: usize,
    /// How the moves end the game by themselves, if they do (5.1.1, 5.2.1,
    /// 5.2.2, 9.6), in the order of the Laws.
    pub ending: Option<Outcome>,
}

impl<'a> Finish<'a> {
    /// Where the game's moves left it; the repetitions a move would make
    /// are taken to be no more than the position's own.
    pub const fn new(position: &'a Position, plies: usize, repetitions: usize, ending: Option<Outcome>) -> Finish<'a> {
        Finish { position, plies, repetitions, repetitions_by_a_move: repetitions, ending }
    }
}

/// The kind of a [`Finding`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FindingKind {
    /// A win recorded for a side that cannot checkmate by any series of
    /// legal moves, after a flag, a resignation or an illegal move: the
    /// Laws give a draw (5.1.2, 6.9, 7.5.5).
    WinnerCannotMate,
    /// A draw by threefold repetition or the fifty-move rule that no claim
    /// could give at that point (9.2, 9.3).
    InvalidClaim,
    /// A claim of a draw the record scores as incorrect, against the
    /// claimant, when it was valid: the Laws give a draw (9.2.2, 9.3).
    ValidClaimRefused,
    /// An incorrect claim scored as a lost game: the Laws give the
    /// claimant's opponent two more minutes and the game goes on (9.5.3).
    ClaimScoredAsLoss,
    /// A draw agreed before both players had made a move (5.2.3).
    EarlyAgreement,
    /// The record names an ending that the position does not show: a
    /// checkmate, stalemate, dead position, fivefold repetition or
    /// seventy-five moves that are not there.
    NotOnBoard,
    /// Two endings apply at once, and the record names the one the Laws do
    /// not put first.
    OtherEndingFirst,
    /// An adjudication: reported, never judged as a breach of the Laws.
    Adjudication,
    /// A termination lawbook does not know, reported as such.
    UnknownTermination,
}

impl FindingKind {
    /// Every kind.
    pub const ALL: [FindingKind; 9] = [
        FindingKind::WinnerCannotMate,
        FindingKind::InvalidClaim,
        FindingKind::ValidClaimRefused,
        FindingKind::ClaimScoredAsLoss,
        FindingKind::EarlyAgreement,
        FindingKind::NotOnBoard,
        FindingKind::OtherEndingFirst,
        FindingKind::Adjudication,
        FindingKind::UnknownTermination,
    ];

    /// Its name in kebab case, as `lawbook pgn --fail-on` takes it.
    ///
    /// ```
    /// use lawbook_outcome::record::FindingKind;
    /// assert_eq!(FindingKind::WinnerCannotMate.name(), "winner-cannot-mate");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            FindingKind::WinnerCannotMate => "winner-cannot-mate",
            FindingKind::InvalidClaim => "invalid-claim",
            FindingKind::ValidClaimRefused => "valid-claim-refused",
            FindingKind::ClaimScoredAsLoss => "claim-scored-as-loss",
            FindingKind::EarlyAgreement => "early-agreement",
            FindingKind::NotOnBoard => "not-on-board",
            FindingKind::OtherEndingFirst => "other-ending-first",
            FindingKind::Adjudication => "adjudication",
            FindingKind::UnknownTermination => "unknown-termination",
        }
    }

    /// Whether it says the record breaks the Laws (an adjudication, an
    /// unknown termination and a second ending named do not).
    pub const fn is_breach(self) -> bool {
        matches!(
            self,
            FindingKind::WinnerCannotMate
                | FindingKind::InvalidClaim
                | FindingKind::ValidClaimRefused
                | FindingKind::ClaimScoredAsLoss
                | FindingKind::EarlyAgreement
                | FindingKind::NotOnBoard
        )
    }
}

/// What is wrong with, or worth saying of, a record's ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Its kind.
    pub kind: FindingKind,
    /// The article of the Laws it rests on (`None` for an adjudication or an
    /// unknown termination).
    pub article: Option<&'static str>,
    /// The result the Laws give, where it differs from the recorded one.
    pub lawful: Option<GameResult>,
    /// In plain words, with the counts it rests on.
    pub message: String,
}

/// The side's pieces other than the king, in words (`a knight`, `a bishop
/// and a knight`, `nothing`).
fn material(pos: &Position, color: Color) -> String {
    let board = pos.board();
    let names = [
        (Role::Queen, "queen"),
        (Role::Rook, "rook"),
        (Role::Bishop, "bishop"),
        (Role::Knight, "knight"),
        (Role::Pawn, "pawn"),
    ];
    let mut parts = Vec::new();
    for (role, name) in names {
        let n = (board.by_role(role) & board.by_color(color)).count();
        match n {
            0 => {}
            1 => parts.push(format!("a {name}")),
            _ => parts.push(format!("{n} {name}s")),
        }
    }
    match parts.len() {
        0 => "only its king".to_string(),
        _ => format!("king and {}", parts.join(", ")),
    }
}

/// The board ending a statement names, and whether the position shows it.
fn shown(said: Said, finish: &Finish) -> Option<(Reason, bool)> {
    let pos = finish.position;
    let no_moves = || !pos.has_legal_moves();
    Some(match said {
        Said::Checkmate => (Reason::Checkmate, no_moves() && pos.is_check()),
        Said::Stalemate => (Reason::Stalemate, no_moves() && !pos.is_check()),
        Said::InsufficientMaterial => (
            Reason::DeadPosition,
            is_insufficient_material(pos.board()) || dead::analyse(pos, SearchLimits::DEFAULT).is_impossible(),
        ),
        Said::FivefoldRepetition => (Reason::FivefoldRepetition, finish.repetitions >= 5),
        Said::SeventyFiveMoves => (Reason::SeventyFiveMoves, pos.halfmoves() >= 150),
        // A claim holds on the position now (9.2.2, 9.3.2), or on the one a
        // move the claimant writes down and announces would make (9.2.1, 9.3.1).
        Said::ThreefoldRepetition => {
            (Reason::ThreefoldRepetition, finish.repetitions.max(finish.repetitions_by_a_move) >= 3)
        }
        Said::FiftyMoves => (Reason::FiftyMoves, pos.halfmoves() >= 100 || (pos.halfmoves() == 99 && quiet_move(pos))),
        _ => return None,
    })
}

/// Whether the player to move has a move that is neither a capture nor a pawn move.
fn quiet_move(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|&mv| pos.play_unchecked(mv).halfmoves() != 0)
}

/// Whether an ending ends the game by itself, with no claim (5.1.1, 5.2.1, 5.2.2, 9.6).
fn automatic(reason: Reason) -> bool {
    matches!(
        reason,
        Reason::Checkmate
            | Reason::Stalemate
            | Reason::InsufficientMaterial
            | Reason::DeadPosition
            | Reason::FivefoldRepetition
            | Reason::SeventyFiveMoves
    )
}

/// Whether two reasons name the same ending (insufficient material is a
/// dead position of the classic kind, 5.2.2).
fn same_ending(a: Reason, b: Reason) -> bool {
    let dead = |r| matches!(r, Reason::InsufficientMaterial | Reason::DeadPosition);
    a == b || (dead(a) && dead(b))
}

/// Where the game stands, for messages: `move 41, White to move` and the
/// counts a claim rests on.
fn at(pos: &Position) -> String {
    let side = if pos.turn() == Color::White { "White" } else { "Black" };
    format!("at move {}, {side} to move", pos.fullmoves())
}

fn side(color: Color) -> &'static str {
    if color == Color::White { "White" } else { "Black" }
}

/// Holds what a record says of its game's end to the position and history
/// its moves reached: `None` when nothing is wrong or worth saying.
///
/// - A win after a flag, a resignation, an illegal move, an abandonment,
///   or with no reason given and no mate on the board, for a side that
///   cannot checkmate by any series of legal moves: the Laws give a draw
///   (6.9, 5.1.2, 7.5.5). A game lost before any move (a default, 6.7) is
///   not judged so.
/// - A draw by threefold repetition or the fifty-move rule: valid only when
///   the position has occurred three times (9.2.2, 9.2.3 for what is the
///   same position), or fifty moves of each player have passed without a
///   capture or a pawn move (9.3).
/// - A draw agreed, or a draw with no reason given and no ending on the
///   board, before both players have moved (5.2.3).
/// - A checkmate, stalemate, dead position, fivefold repetition or
///   seventy-five moves the position does not show; where the moves end
///   the game by one ending and the record names another, the one the Laws
///   put first.
/// - An adjudication and a termination lawbook does not know are reported,
///   never judged.
pub fn judge(record: &Record, finish: &Finish) -> Option<Finding> {
    let said = record.said;
    match said {
        Some(Said::Adjudication) => {
            return Some(Finding {
                kind: FindingKind::Adjudication,
                article: None,
                lawful: None,
                message: "adjudicated by whoever ran the game, not ended by a rule of the Laws".into(),
            });
        }
        Some(Said::Unknown) => {
            return Some(Finding {
                kind: FindingKind::UnknownTermination,
                article: None,
                lawful: None,
                message: format!("a termination lawbook does not know: {:?}", record.text.unwrap_or("")),
            });
        }
        Some(Said::RulesInfraction | Said::Unterminated) => return None,
        _ => {}
    }
    let pos = finish.position;
    if let Some(refused @ (Said::RefusedRepetitionClaim | Said::RefusedFiftyMovesClaim)) = said {
        return refused_claim(refused, record, finish);
    }
    if let Some(ended) = finish.ending {
        // The moves ended the game: a record naming another ending names
        // one that came second, or one that is not there.
        let said = said?;
        return match shown(said, finish) {
            Some((named, _)) if same_ending(named, ended.reason) => None,
            // Two draws that end the game by themselves at once (a stalemate
            // that is also dead, say): the Laws put neither first.
            Some((named, true)) if ended.reason != Reason::Checkmate && automatic(named) => None,
            Some((named, true)) => {
                // A mate on the seventy-fifth move stands (9.6.2).
                let article = if named == Reason::SeventyFiveMoves && ended.reason == Reason::Checkmate {
                    "9.6.2"
                } else {
                    ended.reason.article()
                };
                Some(Finding {
                    kind: FindingKind::OtherEndingFirst,
                    article: Some(article),
                    lawful: (record.result != Some(ended.result)).then_some(ended.result),
                    message: format!(
                        "the record names {}, which the position shows too, but {} ended the game first ({article})",
                        said.words(),
                        ended.reason.words(),
                    ),
                })
            }
            Some((_, false)) => not_there(said, finish),
            None if matches!(said, Said::Normal) => None,
            None => Some(Finding {
                kind: FindingKind::OtherEndingFirst,
                article: Some(ended.reason.article()),
                lawful: (record.result != Some(ended.result)).then_some(ended.result),
                message: format!(
                    "the record names {}, but {} had ended the game already ({})",
                    said.words(),
                    ended.reason.words(),
                    ended.reason.article()
                ),
            }),
        };
    }
    if let Some((_, holds)) = said.and_then(|s| shown(s, finish)) {
        return if holds { None } else { not_there(said?, finish) };
    }
    match record.result? {
        GameResult::Draw => {
            let agreed = matches!(said, None | Some(Said::Agreement | Said::Normal));
            (agreed && finish.plies < 2).then(|| Finding {
                kind: FindingKind::EarlyAgreement,
                article: Some("5.2.3"),
                lawful: None,
                message: format!(
                    "a draw {} {}: no draw can be agreed before both players have moved (the record may be of a game not played)",
                    if said == Some(Said::Agreement) { "agreed" } else { "recorded with no ending on the board" },
                    if finish.plies == 0 { "before any move" } else { "after one player's first move" },
                ),
            })
        }
        won => {
            let winner = won.winner()?;
            let article = match said {
                Some(Said::Time | Said::TimeVsInsufficientMaterial | Said::Abandoned) => "6.9",
                Some(Said::IllegalMove) => "7.5.5",
                Some(Said::Resignation | Said::Normal) | None => "5.1.2",
                _ => return None,
            };
            // A game lost before any move was made is lost by default (6.7).
            if finish.plies == 0 && !matches!(said, Some(Said::Resignation | Said::Time | Said::IllegalMove)) {
                return None;
            }
            // Mating material with pawns that can still move: mate is
            // possible (the search below would say so, at a cost).
            if !has_insufficient_material(pos.board(), winner) && !dead::is_frozen(pos.board()) {
                return None;
            }
            if !dead::can_checkmate(pos, winner, SearchLimits::DEFAULT).is_impossible() {
                return None;
            }
            let loser = side(!winner);
            let how = match said {
                Some(Said::Time) => format!("{loser}'s flag fell"),
                Some(Said::Abandoned) => format!("{loser} left the game"),
                Some(Said::IllegalMove) => format!("{loser} made an illegal move"),
                Some(Said::Resignation) => format!("{loser} resigned"),
                _ => "no reason given and no mate on the board: a resignation or a flag alike".to_string(),
            };
            Some(Finding {
                kind: FindingKind::WinnerCannotMate,
                article: Some(article),
                lawful: Some(GameResult::Draw),
                message: format!(
                    "{} is recorded as the winner ({how}), but has {} and cannot checkmate by any series of legal moves ({}): the Laws give a draw",
                    side(winner),
                    material(pos, winner),
                    at(pos)
                ),
            })
        }
    }
}

/// A claim the record scores as incorrect, against the claimant: valid
/// after all (a draw), or incorrect and yet scored as a loss (9.5.3 gives
/// the opponent two minutes and the game goes on).
fn refused_claim(refused: Said, record: &Record, finish: &Finish) -> Option<Finding> {
    let (claimed, article) = match refused {
        Said::RefusedRepetitionClaim => (Said::ThreefoldRepetition, "9.2"),
        _ => (Said::FiftyMoves, "9.3"),
    };
    if finish.ending.is_some() {
        return None;
    }
    // The game is scored against the claimant. On the move, the claimant
    // claims on the position or by announcing a move (9.2.2, 9.3); having
    // just moved, on the position that move made.
    let claimant = !record.result?.winner()?;
    let pos = finish.position;
    let valid = if claimant == pos.turn() {
        shown(claimed, finish)?.1
    } else if claimed == Said::ThreefoldRepetition {
        finish.repetitions >= 3
    } else {
        pos.halfmoves() >= 100
    };
    Some(if valid {
        Finding {
            kind: FindingKind::ValidClaimRefused,
            article: Some(article),
            lawful: Some(GameResult::Draw),
            message: format!(
                "the record scores {}'s claim of {} as incorrect, but it was valid ({}): the Laws give a draw",
                side(claimant),
                claimed.words(),
                at(finish.position)
            ),
        }
    } else {
        Finding {
            kind: FindingKind::ClaimScoredAsLoss,
            article: Some("9.5.3"),
            lawful: None,
            message: format!(
                "the record scores {}'s incorrect claim of {} as a lost game; the Laws give the opponent two more minutes and the game goes on ({}; a match runner may have a rule of its own)",
                side(claimant),
                claimed.words(),
                at(finish.position)
            ),
        }
    })
}

/// The finding for a board ending the record names and the position does
/// not show: a claim that could not be made, or an ending that is not there.
fn not_there(said: Said, finish: &Finish) -> Option<Finding> {
    let pos = finish.position;
    let (kind, article, message) = match said {
        Said::ThreefoldRepetition => (
            FindingKind::InvalidClaim,
            "9.2",
            format!(
                "the record names a draw by threefold repetition, but the last position has occurred {}, and no move would make one occur a third time ({}; 9.2.3 counts a position the same only with the same side to move, castling rights and en passant captures)",
                times(finish.repetitions),
                at(pos)
            ),
        ),
        Said::FiftyMoves => (
            FindingKind::InvalidClaim,
            "9.3",
            format!(
                "the record names a draw by the fifty-move rule, but the last capture or pawn move was {} half-moves before the end, and no claim with a move can reach 100 ({})",
                pos.halfmoves(),
                at(pos)
            ),
        ),
        Said::FivefoldRepetition => (
            FindingKind::NotOnBoard,
            "9.6.1",
            format!(
                "the record names fivefold repetition, but the last position has occurred {} ({})",
                times(finish.repetitions),
                at(pos)
            ),
        ),
        Said::SeventyFiveMoves => (
            FindingKind::NotOnBoard,
            "9.6.2",
            format!(
                "the record names the seventy-five-move rule, but the last capture or pawn move was {} half-moves before the end, fewer than 150 ({})",
                pos.halfmoves(),
                at(pos)
            ),
        ),
        Said::Checkmate => (
            FindingKind::NotOnBoard,
            "5.1.1",
            format!("the record names checkmate, but the last position is not mate ({})", at(pos)),
        ),
        Said::Stalemate => (
            FindingKind::NotOnBoard,
            "5.2.1",
            format!("the record names stalemate, but the last position is not stalemate ({})", at(pos)),
        ),
        Said::InsufficientMaterial => (
            FindingKind::NotOnBoard,
            "5.2.2",
            format!(
                "the record names a draw by insufficient material, but mate is still possible: White has {}, Black has {} ({})",
                material(pos, Color::White),
                material(pos, Color::Black),
                at(pos)
            ),
        ),
        _ => return None,
    };
    Some(Finding { kind, article: Some(article), lawful: None, message })
}

fn times(n: usize) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lawbook_notation::fen;

    #[test]
    fn termination_tags_are_read_in_the_spellings_servers_and_runners_write() {
        let cases = [
            // lichess
            ("Normal", Said::Normal),
            ("Time forfeit", Said::Time),
            ("Abandoned", Said::Abandoned),
            ("Rules infraction", Said::RulesInfraction),
            ("Unterminated", Said::Unterminated),
            ("Insufficient material", Said::InsufficientMaterial),
            // cutechess-cli and fastchess
            ("adjudication", Said::Adjudication),
            ("time forfeit", Said::Time),
            ("illegal move", Said::IllegalMove),
            ("stalled connection", Said::Abandoned),
            ("unterminated", Said::Unterminated),
            ("normal", Said::Normal),
            // chess.com
            ("alice won by checkmate", Said::Checkmate),
            ("alice won by resignation", Said::Resignation),
            ("alice won on time", Said::Time),
            ("alice won - game abandoned", Said::Abandoned),
            ("Game drawn by agreement", Said::Agreement),
            ("Game drawn by repetition", Said::ThreefoldRepetition),
            ("Game drawn by stalemate", Said::Stalemate),
            ("Game drawn by insufficient material", Said::InsufficientMaterial),
            ("Game drawn by 50-move rule", Said::FiftyMoves),
            ("Game drawn by timeout vs insufficient material", Said::TimeVsInsufficientMaterial),
            // TCEC and databases
            ("3-Fold repetition", Said::ThreefoldRepetition),
            ("75-move rule", Said::SeventyFiveMoves),
            ("fivefold repetition", Said::FivefoldRepetition),
            // The PGN standard's values lawbook cannot judge.
            ("death", Said::Unknown),
            ("emergency", Said::Unknown),
        ];
        for (text, said) in cases {
            assert_eq!(read_termination(text), said, "{text}");
        }
    }

    #[test]
    fn last_comments_are_read_only_when_they_state_the_end() {
        let cases = [
            // cutechess-cli, after the engine's evaluation
            ("+0.30/13 0.28s, White mates", Some(Said::Checkmate)),
            ("-1.20/9 0.1s, Draw by 3-fold repetition", Some(Said::ThreefoldRepetition)),
            ("Draw by fifty moves rule", Some(Said::FiftyMoves)),
            ("Draw by insufficient mating material", Some(Said::InsufficientMaterial)),
            ("Draw by stalemate", Some(Said::Stalemate)),
            ("White loses on time", Some(Said::Time)),
            ("Black resigns", Some(Said::Resignation)),
            ("Black disconnects", Some(Said::Abandoned)),
            ("White's connection stalls", Some(Said::Abandoned)),
            ("White wins by adjudication: SyzygyTB", Some(Said::Adjudication)),
            ("Draw by agreement", Some(Said::Agreement)),
            // xboard
            ("Black wins on time", Some(Said::Time)),
            ("Xboard adjudication: 50-move rule", Some(Said::Adjudication)),
            ("False draw claim: 'Draw by repetition'", Some(Said::RefusedRepetitionClaim)),
            ("False draw claim: '50 move rule'", Some(Said::RefusedFiftyMovesClaim)),
            ("Xboard: Forfeit due to invalid move: c6d4 (c6d4 via `0, `0) res=24", Some(Said::IllegalMove)),
            ("Black wins by adjudication: Invalid result claim", Some(Said::Adjudication)),
            // lichess's annotated export and FICS
            ("White wins by checkmate.", Some(Said::Checkmate)),
            ("Draw by time and insufficient material.", Some(Said::TimeVsInsufficientMaterial)),
            ("Black left the game.", Some(Said::Abandoned)),
            ("White ran out of time and Black has no material to mate", Some(Said::TimeVsInsufficientMaterial)),
            ("Neither player has mating material", Some(Said::InsufficientMaterial)),
            // annotations, clocks and evaluations say nothing of the end
            ("White threatens mate", None),
            ("with the idea Qxh7, which mates", None),
            ("[%clk 0:00:03]", None),
            ("+0.30/13 0.28s", None),
            ("book", None),
        ];
        for (text, said) in cases {
            assert_eq!(read_last_comment(text), said, "{text}");
        }
    }

    fn judged(
        fen_text: &str,
        result: GameResult,
        said: Option<Said>,
        plies: usize,
        repetitions: usize,
    ) -> Option<Finding> {
        let pos = fen::read(fen_text).expect("a valid FEN");
        let record = Record { result: Some(result), said, text: Some("as written") };
        judge(&record, &Finish::new(&pos, plies, repetitions, None))
    }

    const KNIGHT_ONLY: &str = "8/8/4k3/8/8/2N5/4K3/8 b - - 0 60";

    #[test]
    fn a_win_for_a_side_that_cannot_mate_is_a_draw_whatever_ended_the_game() {
        for (said, article) in [
            (Some(Said::Time), "6.9"),
            (Some(Said::Resignation), "5.1.2"),
            (Some(Said::IllegalMove), "7.5.5"),
            (Some(Said::Abandoned), "6.9"),
            (Some(Said::Normal), "5.1.2"),
            (None, "5.1.2"),
        ] {
            let finding = judged(KNIGHT_ONLY, GameResult::WhiteWins, said, 119, 1).expect("a finding");
            assert_eq!(finding.kind, FindingKind::WinnerCannotMate, "{said:?}");
            assert_eq!((finding.article, finding.lawful), (Some(article), Some(GameResult::Draw)), "{said:?}");
            assert!(finding.message.contains("king and a knight"), "{}", finding.message);
        }
        // A rook mates; a knight against a pawn can (the pawn blocks).
        assert_eq!(judged("8/8/4k3/8/8/2R5/4K3/8 b - - 0 60", GameResult::WhiteWins, Some(Said::Time), 119, 1), None);
        assert_eq!(judged("8/8/4k3/4p3/8/2N5/4K3/8 b - - 0 60", GameResult::WhiteWins, Some(Said::Time), 119, 1), None);
        // A lone king wins nothing either.
        let lone = judged(KNIGHT_ONLY, GameResult::BlackWins, Some(Said::Time), 119, 1).expect("a finding");
        assert!(
            lone.message.starts_with("Black is recorded as the winner") && lone.message.contains("has only its king"),
            "{}",
            lone.message
        );
        // A default before any move (6.7) and an adjudication are not judged so.
        assert_eq!(judged(KNIGHT_ONLY, GameResult::WhiteWins, Some(Said::Abandoned), 0, 1), None);
        let adjudicated = judged(KNIGHT_ONLY, GameResult::WhiteWins, Some(Said::Adjudication), 119, 1);
        assert_eq!(adjudicated.map(|f| (f.kind, f.kind.is_breach())), Some((FindingKind::Adjudication, false)));
    }

    #[test]
    fn a_claim_is_valid_only_with_its_count() {
        let quiet = "8/8/4k3/8/8/2R5/4K3/8 b - - 98 90";
        let fifty = judged(quiet, GameResult::Draw, Some(Said::FiftyMoves), 119, 1).expect("too early");
        assert_eq!((fifty.kind, fifty.article), (FindingKind::InvalidClaim, Some("9.3")));
        assert!(fifty.message.contains("98 half-moves"), "{}", fifty.message);
        // At 99, a claim announcing a king move holds (9.3.1).
        assert_eq!(judged("8/8/4k3/8/8/2R5/4K3/8 b - - 99 90", GameResult::Draw, Some(Said::FiftyMoves), 119, 1), None);
        assert_eq!(
            judged("8/8/4k3/8/8/2R5/4K3/8 b - - 100 90", GameResult::Draw, Some(Said::FiftyMoves), 119, 1),
            None
        );
        let twice =
            judged(quiet, GameResult::Draw, Some(Said::ThreefoldRepetition), 119, 2).expect("twice is not thrice");
        assert_eq!((twice.kind, twice.article), (FindingKind::InvalidClaim, Some("9.2")));
        assert!(twice.message.contains("twice"), "{}", twice.message);
        assert_eq!(judged(quiet, GameResult::Draw, Some(Said::ThreefoldRepetition), 119, 3), None);
        // A claim announcing a move that makes a position the third time holds (9.2.1).
        let pos = fen::read(quiet).expect("a position");
        let record = Record { result: Some(GameResult::Draw), said: Some(Said::ThreefoldRepetition), text: None };
        let by_a_move = Finish { repetitions_by_a_move: 3, ..Finish::new(&pos, 119, 2, None) };
        assert_eq!(judge(&record, &by_a_move), None);
    }

    #[test]
    fn a_claim_refused_is_judged_by_whether_it_held() {
        let valid = judged(
            "8/8/4k3/8/8/2R5/4K3/8 b - - 100 90",
            GameResult::WhiteWins,
            Some(Said::RefusedFiftyMovesClaim),
            119,
            1,
        );
        let valid = valid.expect("a valid claim refused");
        assert_eq!((valid.kind, valid.lawful), (FindingKind::ValidClaimRefused, Some(GameResult::Draw)));
        let early = judged(
            "8/8/4k3/8/8/2R5/4K3/8 b - - 97 90",
            GameResult::WhiteWins,
            Some(Said::RefusedFiftyMovesClaim),
            119,
            1,
        );
        let early = early.expect("an incorrect claim scored as a loss");
        assert_eq!((early.kind, early.article, early.lawful), (FindingKind::ClaimScoredAsLoss, Some("9.5.3"), None));
    }

    #[test]
    fn a_draw_agreed_before_both_players_moved_is_no_agreement() {
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        for said in [Some(Said::Agreement), Some(Said::Normal), None] {
            let early = judged(after_e4, GameResult::Draw, said, 1, 1).expect("too early");
            assert_eq!((early.kind, early.article), (FindingKind::EarlyAgreement, Some("5.2.3")));
        }
        let after_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(judged(after_e5, GameResult::Draw, Some(Said::Agreement), 2, 1), None);
    }

    #[test]
    fn an_ending_the_position_does_not_show_is_reported() {
        let rook = "8/8/4k3/8/8/2R5/4K3/8 b - - 0 60";
        for (said, article) in [
            (Said::Checkmate, "5.1.1"),
            (Said::Stalemate, "5.2.1"),
            (Said::InsufficientMaterial, "5.2.2"),
            (Said::FivefoldRepetition, "9.6.1"),
            (Said::SeventyFiveMoves, "9.6.2"),
        ] {
            let finding = judged(rook, GameResult::Draw, Some(said), 119, 1).expect("not there");
            assert_eq!((finding.kind, finding.article), (FindingKind::NotOnBoard, Some(article)), "{said:?}");
        }
        // King and knight against king is dead: the draw by insufficient material stands.
        assert_eq!(judged(KNIGHT_ONLY, GameResult::Draw, Some(Said::InsufficientMaterial), 119, 1), None);
    }

    #[test]
    fn where_two_endings_apply_the_laws_put_mate_first() {
        // Mate on the seventy-fifth move (9.6.2): the record names the draw.
        let pos = fen::read("7k/6Q1/6K1/8/8/8/8/8 b - - 150 120").expect("mate");
        let mate = Outcome::win(Color::White, Reason::Checkmate);
        let record = Record { result: Some(GameResult::Draw), said: Some(Said::SeventyFiveMoves), text: None };
        let finding = judge(&record, &Finish::new(&pos, 239, 1, Some(mate))).expect("mate first");
        assert_eq!((finding.kind, finding.article), (FindingKind::OtherEndingFirst, Some("9.6.2")));
        let named = Record { said: Some(Said::Checkmate), ..record };
        assert_eq!(judge(&named, &Finish::new(&pos, 239, 1, Some(mate))), None);
        // A flag named where a mate had ended the game (6.9 gives way to 5.1.1).
        let flag = Record { result: Some(GameResult::WhiteWins), said: Some(Said::Time), text: None };
        let finding = judge(&flag, &Finish::new(&pos, 239, 1, Some(mate))).expect("mate first");
        assert_eq!((finding.kind, finding.article), (FindingKind::OtherEndingFirst, Some("5.1.1")));
        // Stalemate that is also a dead position: the Laws put neither first.
        let stalemate = fen::read("k7/2K5/1B6/8/8/8/8/8 b - - 0 70").expect("stalemate");
        let ended = Outcome::draw(Reason::Stalemate);
        let dead = Record { result: Some(GameResult::Draw), said: Some(Said::InsufficientMaterial), text: None };
        assert_eq!(judge(&dead, &Finish::new(&stalemate, 139, 1, Some(ended))), None);
    }

    #[test]
    fn an_unknown_termination_is_reported_with_its_words() {
        let pos = fen::read(KNIGHT_ONLY).expect("a position");
        let record = Record { result: Some(GameResult::WhiteWins), said: Some(Said::Unknown), text: Some("death") };
        let finding = judge(&record, &Finish::new(&pos, 119, 1, None)).expect("reported");
        assert_eq!(finding.kind, FindingKind::UnknownTermination);
        assert!(finding.message.contains("death"));
    }
}
