//! How a game ends: the [`GameResult`], the [`Reason`], the [`Outcome`]
//! they make, and the order the Laws put the endings in when several hold
//! at once ([`first_ending`]).

use core::fmt;
use lawbook_board::Color;
use lawbook_movegen::Position;

/// The result of a finished game, written as in PGN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// White wins: `1-0`.
    WhiteWins,
    /// Black wins: `0-1`.
    BlackWins,
    /// A draw: `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// The win of `color`.
    pub const fn win(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    ///
    /// ```
    /// use lawbook_outcome::GameResult;
    /// assert_eq!(GameResult::Draw.as_str(), "1/2-1/2");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

impl core::str::FromStr for GameResult {
    type Err = UnknownName;

    /// Reads `1-0`, `0-1` or `1/2-1/2`.
    ///
    /// ```
    /// use lawbook_outcome::GameResult;
    /// assert_eq!("0-1".parse(), Ok(GameResult::BlackWins));
    /// assert!("1:0".parse::<GameResult>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<GameResult, UnknownName> {
        [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw]
            .into_iter()
            .find(|r| r.as_str() == text)
            .ok_or_else(|| UnknownName::new("result", text))
    }
}

/// A result or reason name that is not one of lawbook's (see
/// [`GameResult::as_str`], [`Reason::as_str`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// What was being named: `result` or `reason`.
    pub what: &'static str,
    /// The text given (at most 40 characters of it).
    pub text: String,
}

impl UnknownName {
    fn new(what: &'static str, text: &str) -> UnknownName {
        UnknownName { what, text: text.chars().take(40).collect() }
    }
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a game {} lawbook knows", self.text, self.what)
    }
}

impl std::error::Error for UnknownName {}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is checkmated (FIDE 5.1.1; MATE-01).
    Checkmate,
    /// The side to move has no legal move and is not in check (5.2.1; STALE-01).
    Stalemate,
    /// Neither side has material to mate ([`crate::material::is_insufficient_material`]),
    /// a dead position of the classic kind (5.2.2; DRAW-01).
    InsufficientMaterial,
    /// No sequence of legal moves can lead to mate, proven by [`crate::dead`] (5.2.2; DRAW-02).
    DeadPosition,
    /// Seventy-five moves by each side without a capture or pawn move, the last one not mating (9.6.2).
    SeventyFiveMoves,
    /// The same position for the fifth time (9.6.1).
    FivefoldRepetition,
    /// Fifty moves by each side without a capture or pawn move: claimed (9.3), or
    /// applied by itself under [`Policy::CASUAL`](crate::Policy::CASUAL).
    FiftyMoves,
    /// The same position for the third time: claimed (9.2), or applied by
    /// itself under [`Policy::CASUAL`](crate::Policy::CASUAL).
    ThreefoldRepetition,
    /// Both players agreed to a draw (5.2.3, 9.1; DRAW-06).
    Agreement,
    /// A player resigned and the opponent can still mate (5.1.2).
    Resignation,
    /// A player resigned, but the opponent cannot mate by any series of
    /// legal moves: a draw (5.1.2, since 2023).
    ResignationVsInsufficientMaterial,
    /// A player's flag fell and the opponent can still mate (6.9).
    Timeout,
    /// A player's flag fell, but the opponent cannot mate by any series of legal moves (6.9).
    TimeoutVsInsufficientMaterial,
}

impl Reason {
    /// The reason in snake case, as in `lawbook status`: `checkmate`,
    /// `stalemate`, `insufficient_material`, `dead_position`,
    /// `seventyfive_moves`, `fivefold_repetition`, `fifty_moves`,
    /// `threefold_repetition`, `agreement`, `resignation`,
    /// `resignation_vs_insufficient_material`, `timeout`,
    /// `timeout_vs_insufficient_material`.
    ///
    /// ```
    /// use lawbook_outcome::Reason;
    /// assert_eq!(Reason::SeventyFiveMoves.as_str(), "seventyfive_moves");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::InsufficientMaterial => "insufficient_material",
            Reason::DeadPosition => "dead_position",
            Reason::SeventyFiveMoves => "seventyfive_moves",
            Reason::FivefoldRepetition => "fivefold_repetition",
            Reason::FiftyMoves => "fifty_moves",
            Reason::ThreefoldRepetition => "threefold_repetition",
            Reason::Agreement => "agreement",
            Reason::Resignation => "resignation",
            Reason::ResignationVsInsufficientMaterial => "resignation_vs_insufficient_material",
            Reason::Timeout => "timeout",
            Reason::TimeoutVsInsufficientMaterial => "timeout_vs_insufficient_material",
        }
    }
}

impl Reason {
    /// The article of the FIDE Laws that ends a game for this reason.
    ///
    /// ```
    /// use lawbook_outcome::Reason;
    /// assert_eq!(Reason::FivefoldRepetition.article(), "9.6.1");
    /// assert_eq!(Reason::Resignation.article(), "5.1.2");
    /// ```
    pub const fn article(self) -> &'static str {
        match self {
            Reason::Checkmate => "5.1.1",
            Reason::Stalemate => "5.2.1",
            Reason::InsufficientMaterial | Reason::DeadPosition => "5.2.2",
            Reason::SeventyFiveMoves => "9.6.2",
            Reason::FivefoldRepetition => "9.6.1",
            Reason::FiftyMoves => "9.3",
            Reason::ThreefoldRepetition => "9.2",
            Reason::Agreement => "5.2.3",
            Reason::Resignation | Reason::ResignationVsInsufficientMaterial => "5.1.2",
            Reason::Timeout | Reason::TimeoutVsInsufficientMaterial => "6.9",
        }
    }

    /// The ending in words, for messages: "checkmate", "a dead position",
    /// "the seventy-five-move rule".
    ///
    /// ```
    /// use lawbook_outcome::Reason;
    /// assert_eq!(Reason::InsufficientMaterial.words(), "a dead position");
    /// assert_eq!(Reason::Timeout.words(), "a fallen flag");
    /// ```
    pub const fn words(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::InsufficientMaterial | Reason::DeadPosition => "a dead position",
            Reason::SeventyFiveMoves => "the seventy-five-move rule",
            Reason::FivefoldRepetition => "fivefold repetition",
            Reason::FiftyMoves => "the fifty-move rule",
            Reason::ThreefoldRepetition => "threefold repetition",
            Reason::Agreement => "agreement",
            Reason::Resignation | Reason::ResignationVsInsufficientMaterial => "resignation",
            Reason::Timeout | Reason::TimeoutVsInsufficientMaterial => "a fallen flag",
        }
    }

    /// Every reason, in the order of the enum.
    pub const ALL: [Reason; 13] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::InsufficientMaterial,
        Reason::DeadPosition,
        Reason::SeventyFiveMoves,
        Reason::FivefoldRepetition,
        Reason::FiftyMoves,
        Reason::ThreefoldRepetition,
        Reason::Agreement,
        Reason::Resignation,
        Reason::ResignationVsInsufficientMaterial,
        Reason::Timeout,
        Reason::TimeoutVsInsufficientMaterial,
    ];
}

impl core::str::FromStr for Reason {
    type Err = UnknownName;

    /// Reads a reason's snake-case name ([`Reason::as_str`]).
    ///
    /// ```
    /// use lawbook_outcome::Reason;
    /// assert_eq!("dead_position".parse(), Ok(Reason::DeadPosition));
    /// for reason in Reason::ALL {
    ///     assert_eq!(reason.as_str().parse(), Ok(reason));
    /// }
    /// ```
    fn from_str(text: &str) -> Result<Reason, UnknownName> {
        Reason::ALL.into_iter().find(|r| r.as_str() == text).ok_or_else(|| UnknownName::new("reason", text))
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a game ended: the result and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won, or a draw.
    pub result: GameResult,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// A win for `winner`.
    pub const fn win(winner: Color, reason: Reason) -> Outcome {
        Outcome { result: GameResult::win(winner), reason }
    }

    /// A draw.
    pub const fn draw(reason: Reason) -> Outcome {
        Outcome { result: GameResult::Draw, reason }
    }
}

impl fmt::Display for Outcome {
    /// `1-0 (checkmate)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result, self.reason)
    }
}

impl Reason {
    /// The endings that can come by themselves, in the order the Laws put
    /// them when several hold at once: checkmate first, so a mate on the
    /// seventy-fifth move stands (9.6.2), stalemate, insufficient material,
    /// any other dead position, seventy-five moves, fivefold repetition; and
    /// last the two draws a [`Policy`](crate::Policy) may apply by
    /// themselves in casual play, fifty moves and threefold repetition.
    pub const BY_PRECEDENCE: [Reason; 8] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::InsufficientMaterial,
        Reason::DeadPosition,
        Reason::SeventyFiveMoves,
        Reason::FivefoldRepetition,
        Reason::FiftyMoves,
        Reason::ThreefoldRepetition,
    ];
}

/// The ending the Laws put first among those that hold in a position with
/// `turn` to move: the first of [`Reason::BY_PRECEDENCE`] for which `holds`
/// is true. `holds` is asked in that order and no further, so a costly test
/// (a dead-position search) placed late is often skipped. A checkmate is a
/// win for the side not to move; every other ending, a draw.
///
/// ```
/// use lawbook_board::Color;
/// use lawbook_outcome::{Outcome, Reason, first_ending};
/// // A mate on the seventy-fifth move stands.
/// let holds = |reason| matches!(reason, Reason::Checkmate | Reason::SeventyFiveMoves);
/// assert_eq!(first_ending(Color::Black, holds), Some(Outcome::win(Color::White, Reason::Checkmate)));
/// let holds = |reason| matches!(reason, Reason::FivefoldRepetition | Reason::ThreefoldRepetition);
/// assert_eq!(first_ending(Color::White, holds), Some(Outcome::draw(Reason::FivefoldRepetition)));
/// assert_eq!(first_ending(Color::White, |_| false), None);
/// ```
#[inline]
pub fn first_ending(turn: Color, mut holds: impl FnMut(Reason) -> bool) -> Option<Outcome> {
    let reason = Reason::BY_PRECEDENCE.into_iter().find(|&reason| holds(reason))?;
    Some(match reason {
        Reason::Checkmate => Outcome::win(!turn, reason),
        _ => Outcome::draw(reason),
    })
}

/// The draw that the seventy-five-move rule (9.6.2) or fivefold repetition
/// (9.6.1) makes of `pos`, a position with a legal move that has occurred
/// `occurrences` times; the seventy-five-move rule first ([`first_ending`]).
/// A mate on the seventy-fifth move stands: look for mate before asking.
///
/// ```
/// use lawbook_movegen::Position;
/// use lawbook_outcome::{Reason, automatic_draw};
/// assert_eq!(automatic_draw(&Position::startpos(), 5), Some(Reason::FivefoldRepetition));
/// assert_eq!(automatic_draw(&Position::startpos(), 4), None);
/// ```
#[inline]
pub fn automatic_draw(pos: &Position, occurrences: usize) -> Option<Reason> {
    let holds = |reason| match reason {
        Reason::SeventyFiveMoves => pos.halfmoves() >= 150,
        Reason::FivefoldRepetition => occurrences >= 5,
        _ => false,
    };
    first_ending(pos.turn(), holds).map(|outcome| outcome.reason)
}
