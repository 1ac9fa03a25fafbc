//! How a game is played against the clock: the [`TimeControl`] (periods,
//! increment or delay: FIDE 6.3), the [`GameKind`] it makes the game
//! (standard, rapid by Appendix A.1, blitz by Appendix B.1), and how the game
//! is supervised ([`Supervision`]: Appendix A.4 and A.5, B.2 and B.3).

use core::fmt;

/// One period of a time control: a number of moves to complete in a time,
/// or, without a number of moves, all the remaining moves (FIDE 6.3.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The moves each player must complete in the period; `None` for all
    /// the remaining moves (the last period, a "quickplay finish": Guidelines III.1).
    pub moves: Option<u32>,
    /// The time each player gets for the period, in seconds.
    pub seconds: u32,
}

/// Time given with every move (FIDE 6.3.1, 6.3.2).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bonus {
    /// Nothing: a game without increment.
    #[default]
    None,
    /// Seconds added to the player's time once the move is completed.
    Increment(u32),
    /// A fixed extra time with every move, used before the main thinking
    /// time starts to count down (the time-delay mode of 6.3.2).
    Delay(u32),
}

/// What kind of game a time control makes (FIDE Appendix A.1 and B.1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Sixty minutes or more for each player: the Competition Rules apply.
    #[default]
    Standard,
    /// More than ten and less than sixty minutes for each player (A.1).
    Rapid,
    /// Ten minutes or less for each player (B.1).
    Blitz,
}

impl GameKind {
    /// `standard`, `rapid` or `blitz`.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Standard => "standard",
            GameKind::Rapid => "rapid",
            GameKind::Blitz => "blitz",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a rapid or blitz game is supervised: the event's regulations say
/// which of the two holds for the whole event (Appendix A.6, B.4).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Supervision {
    /// An arbiter for at most three rapid games, or for one blitz game, and
    /// each game recorded: the Competition Rules apply (A.4, B.2).
    #[default]
    Adequate,
    /// Anything less: the rules of Appendix A.5 apply (A.5, B.3).
    Limited,
}

/// A time control: the periods, in order, and the time given with every move.
///
/// ```
/// use lawbook_otb::{Bonus, GameKind, TimeControl};
///
/// // 15 minutes for the game, 10 seconds added per move: 15 + 60 x 10 s = 25 minutes (A.1).
/// let rapid = TimeControl::game_in(15 * 60).with_bonus(Bonus::Increment(10));
/// assert_eq!(rapid.kind(), GameKind::Rapid);
/// // 40 moves in 90 minutes, then 30 minutes for the rest, 30 seconds a move.
/// let classical = TimeControl::moves_in(40, 90 * 60).then_game_in(30 * 60).with_bonus(Bonus::Increment(30));
/// assert_eq!(classical.kind(), GameKind::Standard);
/// assert_eq!(TimeControl::game_in(10 * 60).kind(), GameKind::Blitz);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    periods: Vec<Period>,
    bonus: Bonus,
}

impl TimeControl {
    /// All the moves in `seconds`.
    pub fn game_in(seconds: u32) -> TimeControl {
        TimeControl { periods: vec![Period { moves: None, seconds }], bonus: Bonus::None }
    }

    /// `moves` moves in `seconds`; add the next periods with
    /// [`TimeControl::then_moves_in`] and [`TimeControl::then_game_in`].
    /// Without them the last period is repeated... never: the game ends with
    /// the last period, whose moves are then all the remaining moves.
    pub fn moves_in(moves: u32, seconds: u32) -> TimeControl {
        TimeControl { periods: vec![Period { moves: Some(moves), seconds }], bonus: Bonus::None }
    }

    /// Another period of `moves` moves in `seconds`.
    pub fn then_moves_in(mut self, moves: u32, seconds: u32) -> TimeControl {
        self.periods.push(Period { moves: Some(moves), seconds });
        self
    }

    /// A last period: all the remaining moves in `seconds`.
    pub fn then_game_in(mut self, seconds: u32) -> TimeControl {
        self.periods.push(Period { moves: None, seconds });
        self
    }

    /// The time given with every move.
    pub fn with_bonus(mut self, bonus: Bonus) -> TimeControl {
        self.bonus = bonus;
        self
    }

    /// The periods, in order.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// The time given with every move.
    pub fn bonus(&self) -> Bonus {
        self.bonus
    }

    /// Whether the game has an increment or a delay (Guidelines III apply only
    /// to games without: III.2.2).
    pub fn has_bonus(&self) -> bool {
        !matches!(self.bonus, Bonus::None | Bonus::Increment(0) | Bonus::Delay(0))
    }

    /// The time for the game that Appendices A.1 and B.1 measure, in
    /// seconds: every period's time plus sixty times the increment.
    pub fn measured_seconds(&self) -> u64 {
        let periods: u64 = self.periods.iter().map(|p| u64::from(p.seconds)).sum();
        let increment = match self.bonus {
            Bonus::Increment(s) => u64::from(s),
            Bonus::None | Bonus::Delay(_) => 0,
        };
        periods + 60 * increment
    }

    /// The kind of game: blitz when the measured time is ten minutes or less
    /// (B.1), rapid when it is more than ten and less than sixty (A.1),
    /// standard otherwise.
    pub fn kind(&self) -> GameKind {
        match self.measured_seconds() {
            s if s <= 10 * 60 => GameKind::Blitz,
            s if s < 60 * 60 => GameKind::Rapid,
            _ => GameKind::Standard,
        }
    }

    /// The index of the period a player is in after completing `completed`
    /// moves (the last period once every counted period is over).
    pub fn period_after(&self, completed: u32) -> usize {
        let mut bound = 0u32;
        for (i, period) in self.periods.iter().enumerate() {
            match period.moves {
                Some(moves) => {
                    bound = bound.saturating_add(moves);
                    if completed < bound {
                        return i;
                    }
                }
                None => return i,
            }
        }
        self.periods.len().saturating_sub(1)
    }

    /// The time a player gets on completing move number `number` (counted
    /// from 1): the next period's time when the move ends a period (6.3.2:
    /// the time saved is kept), nothing otherwise.
    pub fn added_after_move(&self, number: u32) -> u32 {
        let mut bound = 0u32;
        for (i, period) in self.periods.iter().enumerate() {
            let Some(moves) = period.moves else { return 0 };
            bound = bound.saturating_add(moves);
            if number == bound {
                return self.periods.get(i + 1).map_or(0, |p| p.seconds);
            }
        }
        0
    }

    /// Whether the period after `completed` moves is one in which all the
    /// remaining moves must be completed (Guidelines III.1, III.3.1.2).
    pub fn in_last_period(&self, completed: u32) -> bool {
        let i = self.period_after(completed);
        self.periods.get(i).is_some_and(|p| p.moves.is_none())
    }
}
