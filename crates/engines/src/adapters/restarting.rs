//! The one restart-on-failure rule of the child-process adapters (UCI and
//! xboard): each request runs on a live session with a fresh deadline; a
//! request that fails, or leaves its session unfit ([`Session::spent`]),
//! ends the process, and the next request starts a fresh one first.

use crate::{EngineError, FaultKind};
use std::time::{Duration, Instant};

/// One running engine process and what the adapter knows of it.
pub(super) trait Session {
    /// Whether the session must not serve another request though the last
    /// one gave an answer (the engine exited after answering, or may have
    /// dropped commands).
    fn spent(&self) -> bool;
}

/// An adapter whose engine is restarted after a failure.
pub(super) trait Restarting {
    /// The adapter's session.
    type Session: Session;

    /// The running session; `None` after a failure.
    fn session(&mut self) -> &mut Option<Self::Session>;

    /// The count of restarts, which [`Restarting::request`] adds to.
    fn restart_count(&mut self) -> &mut usize;

    /// The time limit of one request.
    fn time_limit(&self) -> Duration;

    /// Starts a fresh process and shakes hands with it.
    ///
    /// # Errors
    /// When the engine cannot be started or does not complete its handshake.
    fn start_session(&mut self) -> Result<Self::Session, EngineError>;

    /// Runs one request with a fresh deadline, starting the engine first if
    /// the last request broke it; a failure (or a spent session) ends the
    /// process, so the next request starts a fresh one.
    ///
    /// # Errors
    /// The request's own error; a failure to restart, said as such.
    fn request<T>(
        &mut self,
        f: impl FnOnce(&mut Self::Session, Instant, Duration) -> Result<T, EngineError>,
    ) -> Result<T, EngineError> {
        if self.session().is_none() {
            *self.restart_count() += 1;
            let fresh = self.start_session().map_err(|e| match e {
                EngineError::Failed(fault) => {
                    EngineError::Failed(fault.reword(|why| format!("the engine could not be restarted: {why}")))
                }
                other => other,
            })?;
            *self.session() = Some(fresh);
        }
        let limit = self.time_limit();
        let Some(session) = self.session().as_mut() else {
            return Err(EngineError::failed(FaultKind::Exited, "the engine is not running"));
        };
        let result = f(session, Instant::now() + limit, limit);
        if matches!(result, Err(EngineError::Failed(_))) || session.spent() {
            // Dropping the process kills it; the next request starts a fresh one.
            *self.session() = None;
        }
        result
    }
}
