//! Recording the moves (FIDE Article 8): when a player must keep score.

use core::time::Duration;

/// Whether a player with `remaining` time in the period, and `increment`
/// added with each move, must record the moves (8.1.1): not once less than
/// five minutes are left in the period, unless 30 seconds or more are added
/// with each move (8.4).
///
/// ```
/// use core::time::Duration;
/// use lawbook_otb::must_keep_score;
/// let min = |m: u64| Duration::from_secs(60 * m);
/// assert!(must_keep_score(min(5), Duration::ZERO));
/// assert!(!must_keep_score(min(5) - Duration::from_secs(1), Duration::ZERO));
/// assert!(must_keep_score(min(1), Duration::from_secs(30)));
/// ```
pub fn must_keep_score(remaining: Duration, increment: Duration) -> bool {
    remaining >= Duration::from_secs(5 * 60) || increment >= Duration::from_secs(30)
}
