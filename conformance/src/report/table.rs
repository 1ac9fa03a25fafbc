//! The engine-by-area table printed on a terminal.

use super::cell;
use crate::records::EngineRun;
use std::fmt::Write as _;

/// The engine-by-area table: passed/failed/unsupported/error per cell.
pub fn table(runs: &[EngineRun]) -> String {
    let mut features: Vec<String> = runs.iter().flat_map(|r| r.by_feature().into_keys()).collect();
    features.sort();
    features.dedup();
    let mut out = String::new();
    let _ = write!(out, "{:<38}", "area (passed/failed/unsupported/error)");
    for run in runs {
        let _ = write!(out, " {:>16}", run.engine);
    }
    out.push('\n');
    for feature in &features {
        let _ = write!(out, "{feature:<38}");
        for run in runs {
            let _ = write!(out, " {:>16}", cell(run.by_feature().get(feature)));
        }
        out.push('\n');
    }
    let _ = write!(out, "{:<38}", "all");
    for run in runs {
        let _ = write!(out, " {:>16}", cell(Some(&run.counts())));
    }
    out.push('\n');
    let _ = write!(out, "{:<38}", "unexpected (against expectations)");
    for run in runs {
        let _ = write!(out, " {:>16}", run.unexpected.len());
    }
    out.push('\n');
    let _ = write!(out, "{:<38}", "wall time");
    for run in runs {
        let _ = write!(out, " {:>15.1}s", run.wall_ms as f64 / 1000.0);
    }
    out.push('\n');
    let _ = write!(out, "{:<38}", "engine time (inside engine calls)");
    for run in runs {
        let _ = write!(out, " {:>15.2}s", run.engine_us as f64 / 1e6);
    }
    out.push('\n');
    let _ = write!(out, "{:<38}", "engine faults (failed answers)");
    for run in runs {
        let _ = write!(out, " {:>16}", run.engine_faults);
    }
    out.push('\n');
    // One row per kind of fault any engine gave.
    for kind in lawbook_engines::FaultKind::ALL.into_iter().filter(|k| runs.iter().any(|r| r.faults.contains_key(k))) {
        let _ = write!(out, "{:<38}", format!("  {}", kind.words()));
        for run in runs {
            let _ = write!(out, " {:>16}", run.faults.get(&kind).copied().unwrap_or(0));
        }
        out.push('\n');
    }
    out
}
