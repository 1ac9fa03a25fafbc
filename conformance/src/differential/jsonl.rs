//! A peer behind the JSON-lines rules protocol (`conformance/PROTOCOL.md`)
//! that answers the `trace` request: every position of a game in one
//! request and one reply (python-chess through
//! `conformance/adapters/python-chess/adapter.py`).

use super::{Facts, GameRecord, KnownDifferences, Peer};
use lawbook_engines::EngineError;
use lawbook_engines::adapters::jsonl::JsonlEngine;
use lawbook_engines::registry::EngineSpec;
use serde_json::{Map, Value, json};

/// The shortest wait for one `trace` reply: a long game is one request.
const TRACE_TIMEOUT_MS: u64 = 600_000;
/// The longest `trace` reply line kept (a game of a thousand plies takes about a megabyte).
const TRACE_MAX_LINE: usize = 256 << 20;

/// A JSON-lines engine as a differential peer.
#[derive(Debug)]
pub struct JsonlPeer {
    engine: JsonlEngine,
}

impl JsonlPeer {
    /// Starts the engine `spec` names (waiting at least ten minutes for one
    /// reply) and checks that it answers `trace`.
    ///
    /// # Errors
    /// [`EngineError::Failed`] when it cannot be started or does not answer `trace`.
    pub fn spawn(spec: &EngineSpec) -> Result<JsonlPeer, EngineError> {
        let spec = EngineSpec { timeout_ms: spec.timeout_ms.max(TRACE_TIMEOUT_MS), ..spec.clone() };
        let engine = JsonlEngine::spawn_with_max_line(&spec, TRACE_MAX_LINE)?;
        if !engine.hello().supports.contains("trace") {
            return Err(EngineError::Failed(format!(
                "{} ({}) does not answer the trace request, which differential testing needs",
                spec.name,
                engine.hello().engine
            )));
        }
        Ok(JsonlPeer { engine })
    }
}

fn bad(key: &str, entry: &Map<String, Value>) -> String {
    let mut text = Value::Object(entry.clone()).to_string();
    if text.len() > 200 {
        text.truncate(200);
        text.push_str("...");
    }
    format!("the trace reply's {key:?} is missing or malformed in {text}")
}

fn strings(entry: &Map<String, Value>, key: &str) -> Result<Vec<String>, String> {
    entry
        .get(key)
        .and_then(Value::as_array)
        .and_then(|list| list.iter().map(|v| v.as_str().map(str::to_string)).collect::<Option<Vec<_>>>())
        .ok_or_else(|| bad(key, entry))
}

fn boolean(entry: &Map<String, Value>, key: &str) -> Result<bool, String> {
    entry.get(key).and_then(Value::as_bool).ok_or_else(|| bad(key, entry))
}

/// One position of a `trace` reply.
fn facts(entry: &Map<String, Value>) -> Result<Facts, String> {
    let moves = strings(entry, "moves")?;
    let san = strings(entry, "san")?;
    if moves.len() != san.len() {
        return Err(bad("san", entry));
    }
    let material = entry.get("insufficient_material").ok_or_else(|| bad("insufficient_material", entry))?;
    let side =
        |key: &str| material.get(key).and_then(Value::as_bool).ok_or_else(|| bad("insufficient_material", entry));
    let outcome = match entry.get("outcome") {
        Some(Value::Null) => None,
        Some(value) => {
            let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_string);
            Some(text("result").zip(text("reason")).ok_or_else(|| bad("outcome", entry))?)
        }
        None => return Err(bad("outcome", entry)),
    };
    let reads = match entry.get("read") {
        None => Vec::new(),
        Some(Value::Array(list)) => list
            .iter()
            .map(|v| match v {
                Value::Null => Ok(None),
                Value::String(s) => Ok(Some(s.clone())),
                _ => Err(bad("read", entry)),
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(bad("read", entry)),
    };
    let mut checkers = strings(entry, "checkers")?;
    checkers.sort();
    let repetitions = entry
        .get("repetitions")
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| bad("repetitions", entry))?;
    Ok(Facts {
        fen: entry.get("fen").and_then(Value::as_str).ok_or_else(|| bad("fen", entry))?.to_string(),
        moves: moves.into_iter().zip(san).collect(),
        in_check: boolean(entry, "in_check")?,
        checkers,
        checkmate: boolean(entry, "checkmate")?,
        stalemate: boolean(entry, "stalemate")?,
        insufficient_material: (side("white")?, side("black")?),
        outcome,
        repetitions,
        can_claim_threefold: boolean(entry, "can_claim_threefold")?,
        can_claim_fifty_moves: boolean(entry, "can_claim_fifty_moves")?,
        reads,
    })
}

impl Peer for JsonlPeer {
    fn name(&self) -> String {
        let engine = &self.engine.hello().engine;
        if engine.is_empty() { self.engine_name().to_string() } else { engine.clone() }
    }

    fn chess960(&self) -> bool {
        self.engine.hello().features.contains("chess960")
    }

    fn known_differences(&self) -> KnownDifferences {
        let python_chess = self.engine.hello().engine.starts_with("python-chess");
        KnownDifferences {
            dead_positions_beyond_material: python_chess,
            insufficient_material_before_stalemate: python_chess,
        }
    }

    fn trace(&mut self, game: &GameRecord, reads: &[Vec<String>]) -> Result<Vec<Facts>, String> {
        let reply = self
            .engine
            .call(json!({
                "request": "trace",
                "position": {"fen": game.start_fen, "moves": game.moves, "chess960": game.chess960},
                "read_san": reads,
            }))
            .map_err(|e| e.to_string())?;
        let positions = reply
            .get("positions")
            .and_then(Value::as_array)
            .ok_or_else(|| "the trace reply has no \"positions\" array".to_string())?;
        positions
            .iter()
            .map(|entry| {
                entry.as_object().ok_or_else(|| "a trace position is not an object".to_string()).and_then(facts)
            })
            .collect()
    }
}

impl JsonlPeer {
    fn engine_name(&self) -> &str {
        use lawbook_engines::Engine as _;
        self.engine.name()
    }
}
