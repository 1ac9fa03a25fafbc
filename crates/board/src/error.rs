use crate::Setup;
use core::fmt;

/// One reason why a [`Setup`] is not a position that can arise in a game.
///
/// The validator (`lawbook_movegen::Position::from_setup`) checks these rules:
///
/// | problem | the rule |
/// |---|---|
/// | [`MissingKing`](Problem::MissingKing) | each side has a king (FIDE 2.3) |
/// | [`TooManyKings`](Problem::TooManyKings) | and only one |
/// | [`PawnsOnBackrank`](Problem::PawnsOnBackrank) | no pawn on rank 1 or 8: a pawn never moves backwards and is promoted on arrival (3.7.1, 3.7.3.3) |
/// | [`TooManyPieces`](Problem::TooManyPieces) | at most 16 pieces a side. Relaxable, with the material rule. |
/// | [`TooMuchMaterial`](Problem::TooMuchMaterial) | at most 8 pawns a side, and no more pieces beyond the initial set (per role; bishops per square colour) than missing pawns could have become by promotion. Relaxable. |
/// | [`OppositeCheck`](Problem::OppositeCheck) | the side that just moved is not in check: no move may leave the own king attacked (3.9.2) |
/// | [`ImpossibleCheck`](Problem::ImpossibleCheck) | the check on the side to move could come from one move: at most two checkers; with two, at least one of them a line piece, and not both on one line through the king; after a double step, only the pushed pawn or a line piece it uncovered may check. Relaxable. |
/// | [`InvalidCastlingRights`](Problem::InvalidCastlingRights) | each castling right names a rook of that side on its first rank with the king on the same rank between it and the corner, at most one right on each side of the king; in standard chess the king on e1/e8 and the rooks in the corners |
/// | [`InvalidEpSquare`](Problem::InvalidEpSquare) | an en passant square is explained by a double step of the side that just moved: it is on rank 3 (6), empty, the square the pawn came from is empty, and that side's pawn stands just beyond it |
/// | [`ImpossibleDoubleStep`](Problem::ImpossibleDoubleStep) | the double step the en passant square names could have been played: with the pawn taken back to its starting square, the side now to move is not in check, since in the position before the double step it was the other side's turn, and the side not to move is never in check (3.9.2, 3.10.3). Relaxable. |
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum Problem {
    /// A side has no king.
    MissingKing = 1 << 0,
    /// A side has more than one king.
    TooManyKings = 1 << 1,
    /// A pawn stands on the first or last rank.
    PawnsOnBackrank = 1 << 2,
    /// A side has more than 16 pieces.
    TooManyPieces = 1 << 3,
    /// A side has more pawns and promoted pieces than eight pawns could give.
    TooMuchMaterial = 1 << 4,
    /// The side not to move is in check.
    OppositeCheck = 1 << 5,
    /// The check on the side to move could not come from a single move.
    ImpossibleCheck = 1 << 6,
    /// A castling right has no king and rook on the squares it needs.
    InvalidCastlingRights = 1 << 7,
    /// The en passant square is not explained by a double step just played.
    InvalidEpSquare = 1 << 8,
    /// The double step the en passant square names could not have been
    /// played: before it, the side now to move would have stood in check
    /// while the other side was to move.
    ImpossibleDoubleStep = 1 << 9,
}

impl Problem {
    /// Every problem, in the order the validator reports them.
    pub const ALL: [Problem; 10] = [
        Problem::MissingKing,
        Problem::TooManyKings,
        Problem::PawnsOnBackrank,
        Problem::TooManyPieces,
        Problem::TooMuchMaterial,
        Problem::OppositeCheck,
        Problem::ImpossibleCheck,
        Problem::InvalidCastlingRights,
        Problem::InvalidEpSquare,
        Problem::ImpossibleDoubleStep,
    ];

    /// A short machine name such as `"missing_king"`.
    pub const fn name(self) -> &'static str {
        match self {
            Problem::MissingKing => "missing_king",
            Problem::TooManyKings => "too_many_kings",
            Problem::PawnsOnBackrank => "pawns_on_backrank",
            Problem::TooManyPieces => "too_many_pieces",
            Problem::TooMuchMaterial => "too_much_material",
            Problem::OppositeCheck => "opposite_check",
            Problem::ImpossibleCheck => "impossible_check",
            Problem::InvalidCastlingRights => "invalid_castling_rights",
            Problem::InvalidEpSquare => "invalid_ep_square",
            Problem::ImpossibleDoubleStep => "impossible_double_step",
        }
    }
}

/// A set of [`Problem`]s.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Problems(u16);

impl Problems {
    /// No problem at all.
    pub const NONE: Problems = Problems(0);

    /// Whether `problem` is in the set.
    pub const fn contains(self, problem: Problem) -> bool {
        self.0 & problem as u16 != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds `problem`.
    pub fn insert(&mut self, problem: Problem) {
        self.0 |= problem as u16;
    }

    /// Removes `problem`.
    pub fn remove(&mut self, problem: Problem) {
        self.0 &= !(problem as u16);
    }

    /// The problems in the set, in [`Problem::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Problem> {
        Problem::ALL.into_iter().filter(move |p| self.contains(*p))
    }
}

/// Which rules of [`Problem`] a validator may waive, for analysis and
/// composed positions that no game can reach. Strict (nothing waived) by default.
///
/// ```
/// use lawbook_board::{Problem, Relaxations};
/// let relaxed = Relaxations::STRICT.allow_impossible_check();
/// assert!(relaxed.waives(Problem::ImpossibleCheck));
/// assert!(!relaxed.waives(Problem::MissingKing));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Relaxations {
    impossible_check: bool,
    too_much_material: bool,
    impossible_double_step: bool,
}

impl Relaxations {
    /// Waive nothing: only positions that can arise in a game are accepted.
    pub const STRICT: Relaxations =
        Relaxations { impossible_check: false, too_much_material: false, impossible_double_step: false };
    /// Waive everything that can be waived. The position is still one the
    /// move generator can play correctly: kings, pawns and rights stay checked.
    pub const ANALYSIS: Relaxations =
        Relaxations { impossible_check: true, too_much_material: true, impossible_double_step: true };

    /// Also accept a check no single move could have given ([`Problem::ImpossibleCheck`]).
    #[must_use]
    pub const fn allow_impossible_check(self) -> Relaxations {
        Relaxations { impossible_check: true, ..self }
    }

    /// Also accept more material than a game can produce: more than 16 pieces
    /// a side, or more than promotions could give ([`Problem::TooManyPieces`],
    /// [`Problem::TooMuchMaterial`]).
    #[must_use]
    pub const fn allow_too_much_material(self) -> Relaxations {
        Relaxations { too_much_material: true, ..self }
    }

    /// Also accept an en passant square whose double step could not have
    /// been played ([`Problem::ImpossibleDoubleStep`]): a composed position
    /// may give one, and the move generator plays it like any other.
    #[must_use]
    pub const fn allow_impossible_double_step(self) -> Relaxations {
        Relaxations { impossible_double_step: true, ..self }
    }

    /// Whether `problem` is waived.
    pub const fn waives(self, problem: Problem) -> bool {
        match problem {
            Problem::ImpossibleCheck => self.impossible_check,
            Problem::TooMuchMaterial | Problem::TooManyPieces => self.too_much_material,
            Problem::ImpossibleDoubleStep => self.impossible_double_step,
            _ => false,
        }
    }
}

/// A [`Setup`] was refused: it is not a position that can arise in a game.
///
/// Hands back the setup unchanged ([`PositionError::into_setup`]) and lists
/// every problem found, each with a plain explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    problems: Problems,
    details: Vec<String>,
    setup: Box<Setup>,
}

impl PositionError {
    /// An error for `setup` with the given problems, each with its explanation.
    /// For validators; `details` are shown in order, joined by `; `.
    pub fn new(setup: Setup, findings: Vec<(Problem, String)>) -> PositionError {
        let mut problems = Problems::NONE;
        let mut details = Vec::with_capacity(findings.len());
        for (problem, detail) in findings {
            problems.insert(problem);
            details.push(detail);
        }
        PositionError { problems, details, setup: Box::new(setup) }
    }

    /// The kinds of problem found.
    pub const fn problems(&self) -> Problems {
        self.problems
    }

    /// The plain explanations, one per problem found.
    pub fn details(&self) -> &[String] {
        &self.details
    }

    /// The setup that was refused, unchanged.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Gives back the setup that was refused, unchanged.
    pub fn into_setup(self) -> Setup {
        *self.setup
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("impossible position: ")?;
        f.write_str(&self.details.join("; "))
    }
}

impl std::error::Error for PositionError {}
