//! What went wrong when an engine failed to answer: a [`Fault`], whose
//! [`FaultKind`] a report counts by and a test asserts, and whose message a
//! person reads (the command asked, the line the engine printed, how it ended).
//!
//! ```
//! use lawbook_engines::{EngineError, Fault, FaultKind};
//! let error = EngineError::Failed(
//!     Fault::new(FaultKind::Garbage, "the engine printed garbage while it was asked for `uciok`")
//!         .with_line("\u{7}ding"),
//! );
//! assert_eq!(error.kind(), Some(FaultKind::Garbage));
//! assert_eq!(FaultKind::Garbage.name(), "garbage");
//! assert!(error.to_string().starts_with("the engine failed: the engine printed garbage"));
//! ```

use std::fmt;

/// The kinds of engine fault, what a report counts by. The first nine are
/// the engine's doing as a program; [`FaultKind::RefusedMove`] and
/// [`FaultKind::ErrorReply`] are answers that refuse the question where an
/// answer was due; [`FaultKind::Unaskable`] is the question's own fault.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaultKind {
    /// The program (or the script it runs) is not there.
    NotInstalled,
    /// It could not be started: the program would not run, or the
    /// registry's entry cannot start it (no command, a setting it forbids).
    CouldNotStart,
    /// It exited, closed its output or stopped reading its input
    /// ([`Fault::exit`] says how it ended, when known).
    Exited,
    /// It did not answer within the time limit.
    TimedOut,
    /// It printed what cannot be read: not text, not JSON, not a move,
    /// square or FEN where one was due ([`Fault::line`] quotes it).
    Garbage,
    /// It printed more than an answer may take: a line over the length
    /// limit, or more lines than the answer can need.
    Flooded,
    /// It replied in a way the protocol forbids at that point: a reply with
    /// another id, one that breaks the JSON-lines schema or lacks a field, a
    /// line a handshake or an answer cannot hold, counts that do not add up,
    /// an answer of the wrong kind.
    BrokeProtocol,
    /// Its JSON-lines `hello` reply names another protocol version, or none.
    WrongVersion,
    /// It answered about another position than the one it was given (it
    /// dropped or misread a move or a field of the FEN).
    OtherPosition,
    /// It refused a move of the game it was asked about, one that lawbook
    /// holds legal (an `illegal_move` reply, xboard's `Illegal move`).
    RefusedMove,
    /// It answered with an error where an answer was due (a JSON-lines
    /// `internal` error, or a request the engine calls malformed).
    ErrorReply,
    /// The question could not be put to it: the query's FEN or moves cannot
    /// be read or replayed, or hold a character the protocol cannot carry.
    Unaskable,
}

impl FaultKind {
    /// Every kind, in the order reports list them.
    pub const ALL: [FaultKind; 12] = [
        FaultKind::NotInstalled,
        FaultKind::CouldNotStart,
        FaultKind::Exited,
        FaultKind::TimedOut,
        FaultKind::Garbage,
        FaultKind::Flooded,
        FaultKind::BrokeProtocol,
        FaultKind::WrongVersion,
        FaultKind::OtherPosition,
        FaultKind::RefusedMove,
        FaultKind::ErrorReply,
        FaultKind::Unaskable,
    ];

    /// The kind's stable name, for machine-read records (`timed-out`), as
    /// serde writes it.
    ///
    /// ```
    /// use lawbook_engines::FaultKind;
    /// assert_eq!(FaultKind::TimedOut.name(), "timed-out");
    /// assert_eq!("timed-out".parse(), Ok(FaultKind::TimedOut));
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            FaultKind::NotInstalled => "not-installed",
            FaultKind::CouldNotStart => "could-not-start",
            FaultKind::Exited => "exited",
            FaultKind::TimedOut => "timed-out",
            FaultKind::Garbage => "garbage",
            FaultKind::Flooded => "flooded",
            FaultKind::BrokeProtocol => "broke-protocol",
            FaultKind::WrongVersion => "wrong-version",
            FaultKind::OtherPosition => "other-position",
            FaultKind::RefusedMove => "refused-move",
            FaultKind::ErrorReply => "error-reply",
            FaultKind::Unaskable => "unaskable",
        }
    }

    /// The kind in a few words, for people (`timed out`).
    pub const fn words(self) -> &'static str {
        match self {
            FaultKind::NotInstalled => "not installed",
            FaultKind::CouldNotStart => "could not start",
            FaultKind::Exited => "exited",
            FaultKind::TimedOut => "timed out",
            FaultKind::Garbage => "printed garbage",
            FaultKind::Flooded => "flooded its output",
            FaultKind::BrokeProtocol => "broke the protocol",
            FaultKind::WrongVersion => "speaks another protocol version",
            FaultKind::OtherPosition => "answered another position",
            FaultKind::RefusedMove => "refused a move of the game",
            FaultKind::ErrorReply => "answered with an error",
            FaultKind::Unaskable => "could not be asked",
        }
    }

    /// The kind's place in [`FaultKind::ALL`].
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// A text that names no [`FaultKind`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFaultKind(pub String);

impl fmt::Display for UnknownFaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} names no kind of engine fault", self.0)
    }
}

impl std::error::Error for UnknownFaultKind {}

impl std::str::FromStr for FaultKind {
    type Err = UnknownFaultKind;

    fn from_str(text: &str) -> Result<FaultKind, UnknownFaultKind> {
        FaultKind::ALL.into_iter().find(|kind| kind.name() == text).ok_or_else(|| UnknownFaultKind(text.to_string()))
    }
}

/// How a child process ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Exit {
    /// It exited with this status.
    Code(i32),
    /// It was killed by this signal.
    Signal(i32),
    /// It ended, and the system says neither.
    Ended,
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exit::Code(code) => write!(f, "it exited with status {code}"),
            Exit::Signal(signal) => write!(f, "it was killed by signal {signal}"),
            Exit::Ended => f.write_str("it ended"),
        }
    }
}

/// One engine fault: its kind, the message a person reads, and what it
/// rests on where there is such a thing (the engine's line, how it ended).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    kind: FaultKind,
    message: String,
    line: Option<String>,
    exit: Option<Exit>,
    last_words: Vec<String>,
}

impl Fault {
    /// A fault of `kind`, explained by `message` (which names what was
    /// asked and what came back).
    pub fn new(kind: FaultKind, message: impl Into<String>) -> Fault {
        Fault { kind, message: message.into(), line: None, exit: None, last_words: Vec::new() }
    }

    /// The same fault, resting on the engine's line `line`.
    #[must_use]
    pub fn with_line(mut self, line: impl Into<String>) -> Fault {
        self.line = Some(line.into());
        self
    }

    /// The same fault, with how the process ended.
    #[must_use]
    pub fn with_exit(mut self, exit: Option<Exit>) -> Fault {
        self.exit = exit.or(self.exit);
        self
    }

    /// The same fault, with the last lines the engine wrote on standard error.
    #[must_use]
    pub fn with_last_words(mut self, words: Vec<String>) -> Fault {
        self.last_words = words;
        self
    }

    /// The last lines the engine wrote on standard error before it ended, if it did.
    pub fn last_words(&self) -> &[String] {
        &self.last_words
    }

    /// The same fault in other words (`reword(|m| format!("{m}; restarted"))`):
    /// its kind, line and exit are kept.
    #[must_use]
    pub fn reword(mut self, reword: impl FnOnce(String) -> String) -> Fault {
        self.message = reword(self.message);
        self
    }

    /// What kind of fault it is.
    pub fn kind(&self) -> FaultKind {
        self.kind
    }

    /// The message for people.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The engine's line the fault rests on (the garbage it printed, the
    /// reply that broke the protocol, its last line before it stopped), if any.
    pub fn line(&self) -> Option<&str> {
        self.line.as_deref()
    }

    /// How the engine's process ended, when it did and that is known.
    pub fn exit(&self) -> Option<Exit> {
        self.exit
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Fault {}

/// How many faults of each kind: what a report shows of a run's engine faults.
///
/// ```
/// use lawbook_engines::{EngineError, Fault, FaultCounts, FaultKind};
/// let mut counts = FaultCounts::default();
/// counts.add(&EngineError::Failed(Fault::new(FaultKind::TimedOut, "no answer")));
/// counts.add(&EngineError::Failed(Fault::new(FaultKind::TimedOut, "no answer")));
/// counts.add(&EngineError::Refused("bad FEN".into())); // no fault
/// assert_eq!(counts.get(FaultKind::TimedOut), 2);
/// assert_eq!(counts.to_string(), "2 timed out");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct FaultCounts([usize; FaultKind::ALL.len()]);

impl FaultCounts {
    /// Counts `error` when it is a fault ([`crate::EngineError::kind`]).
    pub fn add(&mut self, error: &crate::EngineError) {
        if let Some(kind) = error.kind() {
            self.add_kind(kind, 1);
        }
    }

    /// Counts `n` faults of `kind`.
    pub fn add_kind(&mut self, kind: FaultKind, n: usize) {
        self.0[kind.index()] += n;
    }

    /// How many faults of `kind`.
    pub fn get(&self, kind: FaultKind) -> usize {
        self.0[kind.index()]
    }

    /// How many faults in all.
    pub fn total(&self) -> usize {
        self.0.iter().sum()
    }

    /// The kinds met, with their counts, in [`FaultKind::ALL`]'s order.
    pub fn iter(&self) -> impl Iterator<Item = (FaultKind, usize)> + '_ {
        FaultKind::ALL.into_iter().map(|kind| (kind, self.get(kind))).filter(|&(_, n)| n > 0)
    }
}

impl fmt::Display for FaultCounts {
    /// `3 timed out, 1 exited`; nothing when there was no fault.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (kind, n)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{n} {kind}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_listed_once_in_its_place_and_named_back() {
        for (i, kind) in FaultKind::ALL.into_iter().enumerate() {
            assert_eq!(kind.index(), i);
            assert_eq!(kind.name().parse(), Ok(kind));
        }
        assert!("timeout".parse::<FaultKind>().is_err());
    }

    #[test]
    fn rewording_keeps_the_kind_and_what_it_rests_on() {
        let fault = Fault::new(FaultKind::Exited, "it exited").with_line("bye").with_exit(Some(Exit::Code(3)));
        let said = fault.reword(|m| format!("{m}; the engine was restarted"));
        assert_eq!(said.kind(), FaultKind::Exited);
        assert_eq!((said.line(), said.exit()), (Some("bye"), Some(Exit::Code(3))));
        assert_eq!(said.to_string(), "it exited; the engine was restarted");
    }
}
