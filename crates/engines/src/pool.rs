//! Engines started once and reused across scenarios. A scenario's world
//! holds only a handle; each question takes an idle engine from the pool
//! (starting one if none is idle) and gives it back with the answer. So a run
//! needs no more processes than questions it asks at once, however long the
//! runner keeps finished scenarios' worlds around (cucumber's writers keep
//! them to print results in order).

use crate::registry::EngineSpec;
use crate::{Answer, Capability, Engine, EngineError, Fault, FaultKind, PositionQuery, Question};
use std::sync::{Arc, Mutex};

/// Idle engines of one registry entry, built on demand.
#[derive(Clone)]
pub struct Pool {
    spec: EngineSpec,
    idle: Arc<Mutex<Vec<Box<dyn Engine>>>>,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool").field("engine", &self.spec.name).finish_non_exhaustive()
    }
}

impl Pool {
    /// An empty pool for `spec`.
    pub fn new(spec: EngineSpec) -> Pool {
        Pool { spec, idle: Arc::default() }
    }

    /// A handle for one scenario: it asks the pool's engines, holding none.
    pub fn checkout(&self) -> Box<dyn Engine> {
        Box::new(Handle { pool: self.clone() })
    }

    /// An idle engine, or a new one; why none could be started.
    fn take(&self) -> Result<Box<dyn Engine>, Fault> {
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        match idle {
            Some(engine) => Ok(engine),
            None => crate::adapters::build(&self.spec).map_err(|e| {
                let said = e.to_string();
                match e {
                    EngineError::Failed(fault) => fault.reword(|_| said),
                    _ => Fault::new(FaultKind::CouldNotStart, said),
                }
            }),
        }
    }

    fn give_back(&self, engine: Box<dyn Engine>) {
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(engine);
        }
    }

    /// Runs `f` on an idle or new engine and keeps the engine for the next
    /// question. An engine that cannot be started is replaced, for this one
    /// question, by one that answers with that error, so the scenario gets
    /// an error verdict and the run goes on; it is not kept, so the next
    /// question tries to start the engine again.
    fn with<T>(&self, f: impl FnOnce(&mut dyn Engine) -> T) -> T {
        match self.take() {
            Ok(mut engine) => {
                let answer = f(engine.as_mut());
                self.give_back(engine);
                answer
            }
            Err(why) => f(&mut NotStarted(self.spec.name.clone(), why)),
        }
    }
}

/// An engine that could not be started.
struct NotStarted(String, Fault);

impl Engine for NotStarted {
    fn name(&self) -> &str {
        &self.0
    }
    fn version(&self) -> String {
        "unknown (it could not be started)".to_string()
    }
    /// Every question, so that asking it gives the error; but not lawbook's
    /// model, which a step would then consult instead of asking, passing
    /// with no engine at all.
    fn supports(&self, capability: Capability) -> bool {
        capability != Capability::Model
    }
    fn answer(&mut self, _: &PositionQuery, _: &Question) -> Result<Answer, EngineError> {
        Err(EngineError::Failed(self.1.clone()))
    }
}

/// What a scenario holds: a way to ask the pool.
struct Handle {
    pool: Pool,
}

impl Engine for Handle {
    fn name(&self) -> &str {
        &self.pool.spec.name
    }
    fn version(&self) -> String {
        self.pool.with(|e| e.version())
    }
    fn supports(&self, capability: Capability) -> bool {
        self.pool.with(|e| e.supports(capability))
    }
    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        self.pool.with(|e| e.answer(query, question))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ask;

    #[test]
    fn handles_hold_no_engine_between_questions() {
        let spec = crate::registry::parse("engines:\n  - name: lawbook\n    protocol: builtin\n").unwrap().remove(0);
        let pool = Pool::new(spec);
        // A hundred scenarios alive at once (as cucumber may keep them) ...
        let mut handles: Vec<Box<dyn Engine>> = (0..100).map(|_| pool.checkout()).collect();
        let query = PositionQuery::from_start(&["e2e4"]).unwrap();
        for handle in &mut handles {
            assert_eq!(handle.legal_moves(&query).map(|m| m.len()), Ok(20));
        }
        // ... asked one after another needed a single engine.
        assert_eq!(pool.idle.lock().map(|idle| idle.len()).unwrap_or(0), 1);
        assert_eq!(handles[0].name(), "lawbook");
    }

    #[cfg(unix)]
    #[test]
    fn an_engine_that_cannot_start_is_tried_again_and_claims_no_model() {
        // An "engine" that counts its starts in a file and exits at once.
        let starts = std::env::temp_dir().join(format!("lawbook-pool-starts-{}", std::process::id()));
        let _ = std::fs::remove_file(&starts);
        let script = format!("echo start >> '{}'; exit 1", starts.display());
        let yaml = format!(
            "engines:\n  - name: dead\n    protocol: jsonl\n    command: sh\n    args: [\"-c\", {}]\n",
            serde_json::Value::from(script)
        );
        let pool = Pool::new(crate::registry::parse(&yaml).unwrap().remove(0));
        let mut handle = pool.checkout();
        let query = PositionQuery::from_start(&[]).unwrap();
        assert!(matches!(handle.legal_moves(&query), Err(EngineError::Failed(_))));
        assert!(matches!(handle.legal_moves(&query), Err(EngineError::Failed(_))));
        // Lawbook's model is no answer from an engine that is not running.
        assert!(!handle.supports(Capability::Model));
        let started = std::fs::read_to_string(&starts).unwrap_or_default().lines().count();
        let _ = std::fs::remove_file(&starts);
        // At least one start per question (`Ask` asks `supports` first, which starts one too).
        assert!(started >= 3, "each question tries to start the engine again: {started} starts");
        assert_eq!(pool.idle.lock().map(|idle| idle.len()).unwrap_or(0), 0, "a broken engine is not kept");
    }
}
