//! The lawbook conformance harness: runs the rule corpus in `features/`
//! (Gherkin, one file per area of the laws) against a chess engine or rules
//! library, asking it only through the [`Engine`] trait.
//!
//! The expected answers come from the feature files and the committed
//! snapshots of legal move lists (`conformance/snapshots/`), never from the
//! built-in engine at run time.
#![deny(missing_docs)]

pub mod adapters;
pub mod catalogue;
pub mod engine;
pub mod mutants;
pub mod registry;
pub mod snapshots;
mod steps;
pub mod world;

pub use engine::{BuiltIn, Capability, Engine, EngineError, PositionQuery, Status};
pub use world::ChessWorld;

/// Runs the corpus in `features` with the engine `make` builds for each
/// scenario; `@wip` scenarios are skipped. Prints cucumber's report, then a
/// summary per feature, and exits non-zero when any scenario fails.
pub fn run(features: &std::path::Path) {
    use cucumber::World as _;
    use std::collections::BTreeMap;
    use std::sync::{Arc, Mutex};

    let tally: Arc<Mutex<BTreeMap<String, (usize, usize)>>> = Arc::default();
    let failures: Arc<Mutex<Vec<String>>> = Arc::default();
    let after_tally = Arc::clone(&tally);
    let after_failures = Arc::clone(&failures);
    let runner = ChessWorld::cucumber()
        .fail_on_skipped()
        .before(|feature, _rule, scenario, world| {
            world.feature = feature.name.clone();
            world.scenario = scenario.name.clone();
            Box::pin(async {})
        })
        .after(move |feature, _rule, scenario, finished, _world| {
            let failed = !matches!(finished, cucumber::event::ScenarioFinished::StepPassed);
            if let Ok(mut t) = after_tally.lock() {
                let entry = t.entry(feature.name.clone()).or_default();
                if failed { entry.1 += 1 } else { entry.0 += 1 }
            }
            if failed && let Ok(mut f) = after_failures.lock() {
                f.push(format!("{}: {}", feature.name, scenario.name));
            }
            Box::pin(async {})
        })
        .filter_run(features.to_path_buf(), |_, _, scenario| !scenario.tags.iter().any(|t| t == "wip"));
    let writer = futures::executor::block_on(runner);
    println!("\nScenarios per feature:");
    if let Ok(t) = tally.lock() {
        for (feature, (passed, failed)) in t.iter() {
            println!("  {feature:<45} {passed:>4} passed {failed:>4} failed");
        }
    }
    if let Ok(path) = std::env::var("LAWBOOK_FAILED_LIST")
        && let Ok(f) = failures.lock()
    {
        let _ = std::fs::write(path, f.join("\n"));
    }
    use cucumber::writer::Stats as _;
    if writer.execution_has_failed() || writer.failed_steps() > 0 || writer.parsing_errors() > 0 {
        eprintln!("the rule corpus has failures");
        std::process::exit(1);
    }
}
