//! [`StepLog`]: what became of each step of each scenario, as cucumber
//! reports it (passed, failed, skipped), kept for the report's per-step
//! verdicts. It is a cucumber writer run beside the terminal one.

use cucumber::{Event, Writer, cli, event, parser};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// What cucumber said of one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepEvent {
    /// The step ran to its end.
    Passed,
    /// The step failed, with its message.
    Failed(String),
    /// No step of the vocabulary matches its text.
    Skipped,
}

/// A scenario: its feature file and its line (an outline's example row has its own).
pub type ScenarioKey = (Option<PathBuf>, usize);

/// The events of one scenario's steps, each with the step's line.
pub type StepEvents = Vec<(usize, StepEvent)>;

/// Every step event of a run, by scenario.
#[derive(Clone, Debug, Default)]
pub struct StepLog(Arc<Mutex<HashMap<ScenarioKey, StepEvents>>>);

impl StepLog {
    /// The events of one scenario's steps, by step line.
    pub fn of(&self, key: &ScenarioKey) -> StepEvents {
        self.0.lock().map(|log| log.get(key).cloned().unwrap_or_default()).unwrap_or_default()
    }

    fn record(&self, key: ScenarioKey, line: usize, event: StepEvent) {
        if let Ok(mut log) = self.0.lock() {
            log.entry(key).or_default().push((line, event));
        }
    }
}

impl<W: cucumber::World> Writer<W> for StepLog {
    type Cli = cli::Empty;

    async fn handle_event(&mut self, event: parser::Result<Event<event::Cucumber<W>>>, _: &Self::Cli) {
        let Ok(event) = event else { return };
        let event::Cucumber::Feature(feature, feature_event) = event.value else { return };
        let (scenario, retryable) = match feature_event {
            event::Feature::Scenario(scenario, retryable) => (scenario, retryable),
            event::Feature::Rule(_, event::Rule::Scenario(scenario, retryable)) => (scenario, retryable),
            _ => return,
        };
        let (event::Scenario::Step(step, happened) | event::Scenario::Background(step, happened)) = retryable.event
        else {
            return;
        };
        let seen = match happened {
            event::Step::Started => return,
            event::Step::Passed(..) => StepEvent::Passed,
            event::Step::Skipped => StepEvent::Skipped,
            event::Step::Failed(_, _, _, error) => {
                StepEvent::Failed(error.to_string().replace("Step panicked. Captured output: ", ""))
            }
        };
        self.record((feature.path.clone(), scenario.position.line), step.position.line, seen);
    }
}

/// The log only listens: it passes no event on, changed or not.
impl cucumber::writer::NonTransforming for StepLog {}
