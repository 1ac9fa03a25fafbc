//! What an engine plays when asked to move ([`Question::Search`]): the
//! move it names and the lines it prints on the way, as its protocol wrote
//! them, read but never judged (the harness judges them by the Laws).
//!
//! [`Question::Search`]: crate::Question::Search

/// How long an engine may search: a depth in plies (UCI `go depth N`,
/// xboard `sd N`), and for UCI engines also a number of nodes.
///
/// ```
/// use lawbook_engines::SearchLimit;
/// let limit: SearchLimit = "depth=3".parse()?;
/// assert_eq!(limit, SearchLimit { depth: 3, nodes: None });
/// assert_eq!("depth=2,nodes=5000".parse::<SearchLimit>()?.nodes, Some(5000));
/// assert_eq!(limit.to_string(), "depth=3");
/// # Ok::<(), String>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SearchLimit {
    /// The deepest the search may go, in plies (at least 1).
    pub depth: u32,
    /// The most nodes a UCI engine may search, as well (`go depth D nodes N`).
    pub nodes: Option<u64>,
}

impl Default for SearchLimit {
    /// Depth 3: enough for a mate in two to be found and scored, a few
    /// milliseconds a position for most engines.
    fn default() -> SearchLimit {
        SearchLimit { depth: 3, nodes: None }
    }
}

impl std::str::FromStr for SearchLimit {
    type Err = String;

    /// `depth=N`, `nodes=N`, or both separated by a comma.
    fn from_str(text: &str) -> Result<SearchLimit, String> {
        let mut limit = SearchLimit::default();
        for part in text.split(',').map(str::trim) {
            let bad = || format!("cannot read {part:?} as a search limit: write depth=N, nodes=N or depth=N,nodes=N");
            let (key, value) = part.split_once('=').ok_or_else(bad)?;
            match key.trim() {
                "depth" => match value.trim().parse::<u32>() {
                    Ok(depth) if (1..=64).contains(&depth) => limit.depth = depth,
                    _ => return Err(format!("the search depth {value:?} is not a number of plies from 1 to 64")),
                },
                "nodes" => match value.trim().parse::<u64>() {
                    Ok(nodes) if nodes > 0 => limit.nodes = Some(nodes),
                    _ => return Err(format!("the node limit {value:?} is not a positive number")),
                },
                _ => return Err(bad()),
            }
        }
        Ok(limit)
    }
}

impl std::fmt::Display for SearchLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "depth={}", self.depth)?;
        if let Some(nodes) = self.nodes {
            write!(f, ",nodes={nodes}")?;
        }
        Ok(())
    }
}

/// What an engine said when asked to move ([`crate::Question::Search`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Searched {
    /// The move it named, as written (`e2e4`; an xboard engine may write
    /// SAN), or `None` when it named none.
    pub best: Option<String>,
    /// How it said it has no move, as written: UCI `bestmove (none)` or
    /// `bestmove 0000`; an xboard result line or `resign`. `None` when it
    /// named a move, or said nothing at all (an xboard engine that answered
    /// `ping` without moving).
    pub no_move: Option<String>,
    /// The engine had ended the game before it was asked to move (an
    /// xboard result line after the position was set up): it was not asked.
    pub ended_before: Option<String>,
    /// Every line it printed while searching, in order.
    pub lines: Vec<Line>,
}

/// One line of a search's output with a principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The line as the engine printed it, for messages.
    pub text: String,
    /// Its depth, where it says one.
    pub depth: Option<u32>,
    /// Its score, where it gives one.
    pub score: Option<Score>,
    /// The moves of the line, one word each as written, from the position
    /// asked about: UCI moves from a UCI engine; from an xboard engine the
    /// words of its free-text line with move numbers and marks left out.
    pub moves: Vec<String>,
    /// The words are UCI moves by the protocol; otherwise (xboard) any
    /// notation, and a word that is no move in any notation ends what can
    /// be read of the line.
    pub uci: bool,
}

/// A line's score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's view, or a bound on them.
    Centipawns(i32),
    /// Mate in this many moves: positive when the side to move mates, negative
    /// when it is mated, 0 when it is mated already.
    Mate {
        /// The moves (not plies) to mate.
        moves: i32,
        /// Only a bound (`lowerbound`/`upperbound`), not the engine's verdict.
        bound: bool,
    },
}
