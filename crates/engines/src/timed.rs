//! [`Timed`]: an engine whose every answer is timed, and [`engine_time`],
//! the sum of those times in this process; [`engine_failures`], the
//! answers that were engine failures.

use crate::answer::{Answer, Capability, EngineError, Question};
use crate::engine::Engine;
use crate::query::PositionQuery;
use core::time::Duration;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

/// Nanoseconds spent inside the calls of every [`Timed`] engine of this process.
static ENGINE_NANOS: AtomicU64 = AtomicU64::new(0);

/// Answers of every [`Timed`] engine of this process that were [`EngineError::Failed`].
static ENGINE_FAILURES: AtomicUsize = AtomicUsize::new(0);

/// How many answers of every [`Timed`] engine of this process so far were
/// [`EngineError::Failed`]: the engine crashed, hung, answered nonsense or
/// could not be started (a child-process engine is restarted after each).
pub fn engine_failures() -> usize {
    ENGINE_FAILURES.load(Ordering::Relaxed)
}

/// The time spent inside the calls of every [`Timed`] engine of this process
/// so far, summed (calls made at the same time each count in full).
pub fn engine_time() -> Duration {
    Duration::from_nanos(ENGINE_NANOS.load(Ordering::Relaxed))
}

/// An engine whose every call is timed and added to [`engine_time`]: the
/// time a harness waits for answers, without the time it spends on its own
/// work (reading scenarios, building queries, comparing answers).
pub struct Timed<E>(pub E);

/// Runs `call`, adding its time to [`engine_time`].
fn timed<T>(call: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let answer = call();
    let nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
    ENGINE_NANOS.fetch_add(nanos, Ordering::Relaxed);
    answer
}

impl<E: Engine> Engine for Timed<E> {
    fn name(&self) -> &str {
        self.0.name()
    }
    fn version(&self) -> String {
        self.0.version()
    }
    fn supports(&self, capability: Capability) -> bool {
        timed(|| self.0.supports(capability))
    }
    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        let answer = timed(|| self.0.answer(query, question));
        if matches!(answer, Err(EngineError::Failed(_))) {
            ENGINE_FAILURES.fetch_add(1, Ordering::Relaxed);
        }
        answer
    }
}
