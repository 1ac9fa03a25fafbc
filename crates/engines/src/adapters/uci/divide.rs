//! A divided perft as engines print it: the count below each legal move,
//! then the total. `go perft D` answers come in several dialects, all read
//! here: `e2e4: 20` (Stockfish), `e2e4 - 20`, `e2e4 20`, with `info` lines,
//! headers and blank lines between them, ending with `Nodes searched: N`
//! (or `Nodes searched N`).
//!
//! ```
//! use lawbook_engines::adapters::uci::divide::read_go_perft;
//! let answer: Vec<String> = ["info string counting", "e2e4: 20", "d2d4 - 20", "", "Nodes searched: 40"]
//!     .map(String::from)
//!     .to_vec();
//! let divided = read_go_perft(&answer)?;
//! assert_eq!((divided.counts["e2e4"], divided.total), (20, 40));
//! # Ok::<(), lawbook_engines::Fault>(())
//! ```

use crate::process::excerpt;
use crate::{Fault, FaultKind};
use lawbook_notation::uci::UciMove;
use std::collections::BTreeMap;

/// The most lines one divided perft may take (a position has at most 218
/// moves; the rest leaves room for `info` lines).
pub const MAX_LINES: usize = 10_000;

/// An engine's divided perft: the count below each move it lists (keyed by
/// the move's UCI text), and the total it gives; the counts add up to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divided {
    /// The count below each move.
    pub counts: BTreeMap<String, u64>,
    /// The total.
    pub total: u64,
}

/// The count of `Nodes searched: N`, if `line` is that line (the number
/// itself may still be unreadable).
pub fn total_line(line: &str) -> Option<&str> {
    line.strip_prefix("Nodes searched").map(|rest| rest.trim_start_matches(':').trim())
}

/// Whether a word has the shape of a UCI move (two squares, or `0000`).
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    word == "0000" || (matches!(b.len(), 4 | 5) && square(b[0], b[1]) && square(b[2], b[3]))
}

/// Reads a `MOVE: COUNT`, `MOVE - COUNT` or `MOVE COUNT` line: `None` when
/// the line does not start with a move.
///
/// # Errors
/// [`FaultKind::Garbage`] for a line that starts with a move but has no count.
pub fn count_line(line: &str) -> Result<Option<(String, u64)>, Fault> {
    let end = line.find(|c: char| c == ':' || c.is_whitespace()).unwrap_or(line.len());
    let (word, rest) = line.split_at(end);
    if !looks_like_move(word) {
        return Ok(None);
    }
    let unreadable = || {
        Fault::new(
            FaultKind::Garbage,
            format!("cannot read the line {}: expected a move and its count, such as \"e2e4: 20\"", excerpt(line)),
        )
        .with_line(line)
    };
    let mv: UciMove = word.parse().map_err(|_| unreadable())?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix(':').or_else(|| rest.strip_prefix('-')).unwrap_or(rest).trim();
    let count = rest.parse::<u64>().map_err(|_| unreadable())?;
    Ok(Some((mv.to_string(), count)))
}

/// Adds one move's count, refusing a move listed twice.
///
/// # Errors
/// [`FaultKind::BrokeProtocol`] for a move already counted.
pub fn add_count(counts: &mut BTreeMap<String, u64>, (mv, count): (String, u64)) -> Result<(), Fault> {
    if counts.contains_key(&mv) {
        return Err(Fault::new(
            FaultKind::BrokeProtocol,
            format!("it lists {mv} twice (does it generate the move twice?)"),
        ));
    }
    counts.insert(mv, count);
    Ok(())
}

/// The counts as a [`Divided`], once they add up to `total`.
///
/// # Errors
/// [`FaultKind::BrokeProtocol`] when they do not.
pub fn checked(counts: BTreeMap<String, u64>, total: u64) -> Result<Divided, Fault> {
    let sum = counts.values().try_fold(0u64, |sum, &n| sum.checked_add(n));
    if sum != Some(total) {
        let sum = sum.map_or_else(|| "more than 2^64".to_string(), |s| s.to_string());
        return Err(Fault::new(
            FaultKind::BrokeProtocol,
            format!("its counts add up to {sum}, but it gives the total as {total}"),
        ));
    }
    Ok(Divided { counts, total })
}

/// Reads a `go perft` answer, the lines up to `Nodes searched`; `info`
/// lines, headers and blank lines are passed over.
///
/// # Errors
/// [`FaultKind::Garbage`] for a count or total that cannot be read,
/// [`FaultKind::BrokeProtocol`] for a search's `bestmove` instead, a move
/// listed twice, counts that do not add up, or no total.
pub fn read_go_perft(lines: &[String]) -> Result<Divided, Fault> {
    let mut counts = BTreeMap::new();
    for line in lines {
        let line = line.trim();
        if line.starts_with("bestmove") {
            return Err(Fault::new(
                FaultKind::BrokeProtocol,
                format!("it answered `go perft` with {}, as if searching: does it know `go perft`?", excerpt(line)),
            )
            .with_line(line));
        }
        if let Some(number) = total_line(line) {
            let total = number.parse().map_err(|_| {
                Fault::new(
                    FaultKind::Garbage,
                    format!("cannot read the total in {}: expected \"Nodes searched: N\"", excerpt(line)),
                )
                .with_line(line)
            })?;
            return checked(counts, total);
        }
        if let Some(found) = count_line(line)? {
            add_count(&mut counts, found)?;
        }
    }
    Err(Fault::new(FaultKind::BrokeProtocol, "its answer ended without \"Nodes searched: N\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(str::to_string).collect()
    }

    #[test]
    fn the_common_ways_of_writing_a_count_are_read() {
        let answer = lines("info string hello\na2a3: 1\nb2b3 - 2\nc2c3 3\nd7d8q:4\n\nNodes searched: 10");
        let divided = read_go_perft(&answer).unwrap();
        assert_eq!(divided.total, 10);
        let counts: Vec<(&str, u64)> = divided.counts.iter().map(|(m, n)| (m.as_str(), *n)).collect();
        assert_eq!(counts, [("a2a3", 1), ("b2b3", 2), ("c2c3", 3), ("d7d8q", 4)]);
    }

    #[test]
    fn unreadable_answers_are_refused_by_kind() {
        let refused = |text: &str| read_go_perft(&lines(text)).unwrap_err().kind();
        assert_eq!(refused("e2e4: 20\nNodes searched: 21"), FaultKind::BrokeProtocol, "counts that do not add up");
        assert_eq!(refused("e2e4: lots\nNodes searched: 20"), FaultKind::Garbage);
        assert_eq!(refused("e2e4: 1\ne2e4: 1\nNodes searched: 2"), FaultKind::BrokeProtocol, "a move twice");
        assert_eq!(refused("e2e4: 1\nNodes searched: many"), FaultKind::Garbage);
        assert_eq!(refused("bestmove e2e4"), FaultKind::BrokeProtocol, "a search");
        assert_eq!(refused("e2e4: 1"), FaultKind::BrokeProtocol, "no total");
        let garbage = read_go_perft(&lines("e2e4: lots\nNodes searched: 20")).unwrap_err();
        assert_eq!(garbage.line(), Some("e2e4: lots"));
    }
}
