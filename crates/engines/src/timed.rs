//! [`Timed`]: an engine whose every answer is counted and timed on a
//! [`Tally`], which one run keeps for itself: the time spent waiting for the
//! engine, how many questions it answered and how many answers were failures.

use crate::answer::{Answer, Capability, EngineError, Question};
use crate::engine::Engine;
use crate::fault::{FaultCounts, FaultKind};
use crate::query::PositionQuery;
use core::time::Duration;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

/// What the [`Timed`] engines of one run did; clones share the counts.
///
/// ```
/// use lawbook_engines::{Ask, BuiltIn, PositionQuery, Tally, Timed};
///
/// let tally = Tally::default();
/// let mut engine = Timed::new(BuiltIn, &tally);
/// let query = PositionQuery::from_start(&["e2e4"]).unwrap();
/// assert_eq!(engine.legal_moves(&query).map(|m| m.len()), Ok(20));
/// assert_eq!((tally.answers(), tally.failures()), (1, 0));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Tally(Arc<Counts>);

#[derive(Debug, Default)]
struct Counts {
    nanos: AtomicU64,
    answers: AtomicUsize,
    failures: AtomicUsize,
    /// The failures by kind, in [`FaultKind::ALL`]'s order.
    by_kind: [AtomicUsize; FaultKind::ALL.len()],
}

impl Tally {
    /// The time spent inside the engines' calls so far, summed (calls made
    /// at the same time each count in full).
    pub fn engine_time(&self) -> Duration {
        Duration::from_nanos(self.0.nanos.load(Ordering::Relaxed))
    }

    /// How many questions the engines answered: with an answer, or by
    /// refusing the position. An unsupported question or a failure is no answer.
    pub fn answers(&self) -> usize {
        self.0.answers.load(Ordering::Relaxed)
    }

    /// How many answers were [`EngineError::Failed`]: the engine crashed,
    /// hung, answered nonsense or could not be started (a child-process
    /// engine is restarted after each).
    pub fn failures(&self) -> usize {
        self.0.failures.load(Ordering::Relaxed)
    }

    /// The [`Tally::failures`] by kind of fault.
    ///
    /// ```
    /// use lawbook_engines::{Ask, BuiltIn, FaultKind, PositionQuery, Tally, Timed};
    ///
    /// let tally = Tally::default();
    /// let mut engine = Timed::new(BuiltIn, &tally);
    /// // A move lawbook cannot replay: the question cannot be asked.
    /// let query = PositionQuery::from_start(&["e2e5"]).unwrap();
    /// assert!(engine.legal_moves(&query).is_err());
    /// assert_eq!(tally.faults().get(FaultKind::Unaskable), 1);
    /// assert_eq!(tally.faults().total(), tally.failures());
    /// ```
    pub fn faults(&self) -> FaultCounts {
        let mut counts = FaultCounts::default();
        for kind in FaultKind::ALL {
            counts.add_kind(kind, self.0.by_kind[kind.index()].load(Ordering::Relaxed));
        }
        counts
    }

    /// Runs `call`, adding its time.
    fn time<T>(&self, call: impl FnOnce() -> T) -> T {
        let started = Instant::now();
        let answer = call();
        let nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.0.nanos.fetch_add(nanos, Ordering::Relaxed);
        answer
    }
}

/// An engine whose every call is timed and counted on its [`Tally`]: the
/// time a harness waits for answers, without the time it spends on its own
/// work (reading scenarios, building queries, comparing answers).
pub struct Timed<E> {
    engine: E,
    tally: Tally,
}

impl<E: Engine> Timed<E> {
    /// `engine`, counted on `tally`.
    pub fn new(engine: E, tally: &Tally) -> Timed<E> {
        Timed { engine, tally: tally.clone() }
    }
}

impl<E: Engine> Engine for Timed<E> {
    fn name(&self) -> &str {
        self.engine.name()
    }
    fn version(&self) -> String {
        self.engine.version()
    }
    fn supports(&self, capability: Capability) -> bool {
        self.tally.time(|| self.engine.supports(capability))
    }
    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        let answer = self.tally.time(|| self.engine.answer(query, question));
        let counter = match &answer {
            Ok(_) | Err(EngineError::Refused(_)) => Some(&self.tally.0.answers),
            Err(EngineError::Failed(fault)) => {
                self.tally.0.by_kind[fault.kind().index()].fetch_add(1, Ordering::Relaxed);
                Some(&self.tally.0.failures)
            }
            Err(EngineError::Unsupported(_)) => None,
        };
        if let Some(counter) = counter {
            counter.fetch_add(1, Ordering::Relaxed);
        }
        answer
    }
}
