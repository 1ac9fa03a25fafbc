//! Engines started once and reused across scenarios. A scenario's world
//! holds only a [`Handle`]; each question takes an idle engine from the pool
//! (starting one if none is idle) and gives it back with the answer. So a run
//! needs no more processes than questions it asks at once, however long the
//! runner keeps finished scenarios' worlds around (cucumber's writers keep
//! them to print results in order).

use crate::registry::EngineSpec;
use crate::{Answer, Capability, Engine, EngineError, PositionQuery, Question};
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

    /// An idle engine, or a new one. An engine that cannot be started comes
    /// back as one that answers every question with that error, so the
    /// scenario gets an error verdict and the run goes on.
    fn take(&self) -> Box<dyn Engine> {
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        idle.unwrap_or_else(|| {
            crate::adapters::build(&self.spec)
                .unwrap_or_else(|e| Box::new(Broken(self.spec.name.clone(), e.to_string())))
        })
    }

    fn give_back(&self, engine: Box<dyn Engine>) {
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(engine);
        }
    }

    fn with<T>(&self, f: impl FnOnce(&mut dyn Engine) -> T) -> T {
        let mut engine = self.take();
        let answer = f(engine.as_mut());
        self.give_back(engine);
        answer
    }
}

/// An engine that could not be started.
struct Broken(String, String);

impl Engine for Broken {
    fn name(&self) -> &str {
        &self.0
    }
    fn version(&self) -> String {
        "unknown (it could not be started)".to_string()
    }
    fn supports(&self, _: Capability) -> bool {
        true
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
}
