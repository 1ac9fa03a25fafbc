//! Engines that speak lawbook's JSON-lines rules protocol
//! (`conformance/PROTOCOL.md`) over a child process: `lawbook serve`, and
//! the python-chess, chess.js and chessops adapters in `conformance/adapters/`.
//!
//! The engine's `hello` reply decides what it is asked: a request it does
//! not announce is unsupported without being sent. A `bad_fen` error reply
//! is the engine refusing the position ([`EngineError::Refused`]); any other
//! error reply but `unsupported` is an engine error. Every request waits at
//! most the registry's time limit; an engine that exits, hangs, prints
//! something other than a JSON object or answers with the wrong id gets an
//! error for that request and is restarted for the next one. An engine whose
//! `hello` reply names another protocol version, or none, or lacks a field
//! the protocol requires (its schema is always checked), is not started.
//!
//! With the registry's `validate_protocol`, every other reply is also checked
//! against the protocol's JSON Schema ([`schema`], the reply schema of the
//! request sent): a reply that breaks it is an engine error naming the
//! request, the place in the reply (a JSON pointer) and what the schema
//! wanted there. The engine is not restarted for that: it is still in step.

pub mod schema;
pub mod wire;

use crate::process::{Farewell, Process, ProcessError, locate};
use crate::registry::EngineSpec;
use crate::{
    Answer, Capability, Engine, EngineError, Facts, Fault, FaultKind, PositionQuery, Question, TracedPosition,
};
use lawbook_board::{ByColor, Square};
use lawbook_notation::uci::UciMove;
use lawbook_outcome::{GameResult, Outcome, Reason};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};
use wire::{Request, WithId};

pub use wire::PROTOCOL_VERSION;

/// What the engine said about itself in its `hello` reply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hello {
    /// The program's own name and version.
    pub engine: String,
    /// The requests it answers.
    pub supports: BTreeSet<String>,
    /// The optional features it honours (`chess960`, `automatic_fifty_moves`, `checkers`).
    pub features: BTreeSet<String>,
}

/// An engine behind the JSON-lines rules protocol, as a child process.
#[derive(Debug)]
pub struct JsonlEngine {
    name: String,
    program: String,
    args: Vec<String>,
    timeout: Duration,
    /// The running process; `None` after a failed restart (tried again at the next request).
    process: Option<Process>,
    hello: Hello,
    next_id: u64,
    restarts: usize,
    /// The longest reply line kept.
    max_line: usize,
    /// The facts of the last `status` or `game` reply, with the request and position they answer.
    last_facts: Option<(&'static str, PositionQuery, Facts)>,
    /// Every reply is checked against the protocol's schema (the registry's `validate_protocol`).
    validate: bool,
}

/// The request that asks for each capability.
fn request_for(capability: Capability) -> Option<&'static str> {
    Some(match capability {
        Capability::LegalMoves => "legal_moves",
        Capability::MoveLegality => "is_legal",
        Capability::Play => "play",
        Capability::Check | Capability::Checkers | Capability::Checkmate | Capability::Stalemate => "status",
        Capability::Board => "board",
        Capability::Outcome
        | Capability::InsufficientMaterial
        | Capability::DeadPosition
        | Capability::Repetitions
        | Capability::ThreefoldClaim
        | Capability::FiftyMoveClaim => "game",
        Capability::Trace => "trace",
        // The protocol has no claims: `game` says whether a claim is valid.
        // Chess960 is a feature of `hello`, not a request.
        Capability::Model | Capability::Claims | Capability::Chess960 | Capability::Search => return None,
    })
}

fn failed(kind: FaultKind, message: impl Into<String>) -> EngineError {
    EngineError::failed(kind, message)
}

/// A reply that breaks the protocol (a field missing or of the wrong form).
fn broke(message: impl Into<String>) -> EngineError {
    EngineError::failed(FaultKind::BrokeProtocol, message)
}

/// The kind of fault an error reply of kind `kind` is, where an answer was
/// due: a refused move of the game, or another error.
fn error_reply_kind(kind: &str) -> FaultKind {
    match kind {
        "illegal_move" | "game_over" => FaultKind::RefusedMove,
        _ => FaultKind::ErrorReply,
    }
}

/// A reply line shortened for messages.
fn excerpt(line: &str) -> String {
    const SHOWN: usize = 120;
    if line.chars().count() > SHOWN {
        format!("{}...", line.chars().take(SHOWN).collect::<String>())
    } else {
        line.into()
    }
}

impl JsonlEngine {
    /// Starts the engine `spec` names (its command found on PATH or in
    /// `/usr/games`, started with its argument list, no shell) and asks it
    /// `hello`.
    ///
    /// # Errors
    /// [`EngineError::Failed`] when the command is missing or cannot be
    /// started, or the engine does not answer `hello` with protocol version 1
    /// within the time limit (a reply that names another version, or none,
    /// stops it), or, with `validate_protocol`, its `hello` reply breaks the
    /// protocol's schema.
    pub fn spawn(spec: &EngineSpec) -> Result<JsonlEngine, EngineError> {
        JsonlEngine::spawn_with_max_line(spec, crate::process::MAX_LINE)
    }

    /// As [`JsonlEngine::spawn`], keeping reply lines of up to `max_line`
    /// bytes (a `trace` reply about a long game is megabytes long).
    ///
    /// # Errors
    /// As [`JsonlEngine::spawn`].
    pub fn spawn_with_max_line(spec: &EngineSpec, max_line: usize) -> Result<JsonlEngine, EngineError> {
        let command = spec.command.as_deref().filter(|c| !c.is_empty()).ok_or_else(|| {
            failed(FaultKind::CouldNotStart, format!("engine {:?}: the jsonl protocol needs a command", spec.name))
        })?;
        let program = locate(command).ok_or_else(|| {
            let hint = spec.install.as_deref().map(|i| format!("; install it with: {i}")).unwrap_or_default();
            failed(
                FaultKind::NotInstalled,
                format!("engine {:?}: cannot find the program {command:?}{hint}", spec.name),
            )
        })?;
        let mut engine = JsonlEngine {
            name: spec.name.clone(),
            program: program.to_string_lossy().into_owned(),
            args: spec.args.clone(),
            timeout: Duration::from_millis(spec.timeout_ms.max(1)),
            process: None,
            hello: Hello::default(),
            next_id: 1,
            restarts: 0,
            max_line,
            last_facts: None,
            validate: spec.validate_protocol,
        };
        engine.start()?;
        Ok(engine)
    }

    /// What the engine announced in its `hello` reply.
    pub fn hello(&self) -> &Hello {
        &self.hello
    }

    /// How many times the engine was restarted after a failure.
    pub fn restarts(&self) -> usize {
        self.restarts
    }

    /// Starts a fresh process and shakes hands with it.
    fn start(&mut self) -> Result<(), EngineError> {
        // Dropping the old process kills it.
        self.process = None;
        let process = Process::spawn_with_max_line(&self.program, &self.args, self.max_line)
            .map_err(|e| EngineError::Failed(Fault::from(e)))?;
        self.process = Some(process);
        let reply = match self.exchange("hello", &Request::Hello { protocol: PROTOCOL_VERSION }) {
            Ok(reply) => reply,
            Err(e) => {
                self.process = None;
                return Err(e);
            }
        };
        // The version first: a reply of another version is not judged by
        // version 1's schema. Then the fields the protocol requires, always:
        // an engine whose reply lacks one has not said what it answers.
        let reply = match speaks_this_version(&reply)
            .and_then(|()| says_what_it_is(&reply))
            .and_then(|()| self.conform("hello", reply))
        {
            Ok(reply) => reply,
            Err(why) => {
                self.process = None;
                return Err(why);
            }
        };
        let hello: wire::Hello = match read("hello", reply) {
            Ok(hello) => hello,
            Err(why) => {
                self.process = None;
                return Err(why);
            }
        };
        self.hello = Hello {
            engine: hello.engine,
            supports: hello.supports.into_iter().collect(),
            features: hello.features.into_iter().collect(),
        };
        Ok(())
    }

    /// With `validate_protocol`, checks the reply to a `kind` request against
    /// the protocol's schema.
    fn conform(&self, kind: &str, reply: Map<String, Value>) -> Result<Map<String, Value>, EngineError> {
        if !self.validate {
            return Ok(reply);
        }
        // The schema reads a `Value`: the map is moved in and out, not copied
        // (a trace reply is megabytes long).
        let reply = Value::Object(reply);
        schema::check_reply(kind, &reply)
            .map_err(|why| broke(format!("the reply to the {kind} request breaks the protocol schema {why}")))?;
        match reply {
            Value::Object(fields) => Ok(fields),
            _ => Ok(Map::new()),
        }
    }

    /// Replaces a process that failed, recording why; the reason is returned
    /// as the request's error.
    fn restart_after(&mut self, what: Fault) -> EngineError {
        self.restarts += 1;
        EngineError::Failed(match self.start() {
            Ok(()) => what.reword(|what| format!("{what}; the engine was restarted")),
            Err(e) => what.reword(|what| format!("{what}; restarting it failed too: {e}")),
        })
    }

    /// Sends one request (its id added) and returns the reply object.
    /// Error replies are returned as they are; the stream is known to be in
    /// step afterwards, or the process is gone.
    fn exchange(&mut self, kind: &str, request: &impl Serialize) -> Result<Map<String, Value>, EngineError> {
        let id = self.next_id;
        self.next_id += 1;
        // The id first: a reply is easy to match by eye.
        let request = serde_json::to_string(&WithId::new(id, request))
            .map_err(|e| failed(FaultKind::Unaskable, format!("the {kind} request cannot be written as JSON: {e}")))?;
        let Some(process) = self.process.as_mut() else {
            return Err(failed(FaultKind::Exited, "the engine is not running"));
        };
        let deadline = Instant::now() + self.timeout;
        let outcome = process.send(&request).and_then(|()| {
            loop {
                let line = process.read_line(deadline).map_err(|e| match e {
                    ProcessError::Timeout(_) => ProcessError::Timeout(self.timeout),
                    other => other,
                })?;
                if !line.trim().is_empty() {
                    break Ok(line);
                }
            }
        });
        let line = match outcome {
            Ok(line) => line,
            Err(e) => {
                let farewell = match e {
                    ProcessError::Closed | ProcessError::Write(_) => process.farewell(),
                    _ => Farewell::default(),
                };
                self.process = None;
                let fault = Fault::new(e.kind(), format!("{kind} request: {e}{farewell}"));
                return Err(EngineError::Failed(fault.with_exit(farewell.exit)));
            }
        };
        let reply = match serde_json::from_str::<Value>(&line) {
            Ok(Value::Object(reply)) => reply,
            _ => {
                self.process = None;
                let why = format!("{kind} request: the engine printed {:?}, not a JSON object", excerpt(&line));
                return Err(EngineError::Failed(Fault::new(FaultKind::Garbage, why).with_line(line)));
            }
        };
        if reply.get("id") != Some(&Value::from(id)) {
            self.process = None;
            let why = format!(
                "{kind} request {id}: the reply carries id {}",
                reply.get("id").map_or_else(|| "(none)".to_string(), Value::to_string)
            );
            return Err(EngineError::Failed(Fault::new(FaultKind::BrokeProtocol, why).with_line(line)));
        }
        Ok(reply)
    }

    /// Asks about a position, after checking the engine can answer; a
    /// failed engine is restarted. A `game_over` reply is an engine error
    /// here: the harness sends no move after the end of a game but the one
    /// it asks about ([`JsonlEngine::ask_move`]).
    fn ask(
        &mut self,
        capability: Capability,
        query: &PositionQuery,
        request: impl FnOnce(wire::Position) -> Request,
    ) -> Result<Map<String, Value>, EngineError> {
        self.ask_move(capability, query, request)?.ok_or_else(|| {
            failed(FaultKind::RefusedMove, format!(
                "the engine refused the {} request: game_over, though no move of the position follows the end of the game",
                request_for(capability).unwrap_or("?")
            ))
        })
    }

    /// As [`JsonlEngine::ask`], with `None` for a `game_over` reply: the
    /// engine's game has ended, so it takes no move (PROTOCOL.md: a lawful
    /// answer to `play` and `is_legal` after the end, which the steps judge).
    fn ask_move(
        &mut self,
        capability: Capability,
        query: &PositionQuery,
        request: impl FnOnce(wire::Position) -> Request,
    ) -> Result<Option<Map<String, Value>>, EngineError> {
        if !self.supports(capability)
            || (query.chess960 && !self.hello.features.contains("chess960"))
            || (query.automatic_fifty_moves
                && request_for(capability) == Some("game")
                && !self.hello.features.contains("automatic_fifty_moves"))
        {
            return Err(EngineError::Unsupported(capability));
        }
        let Some(kind) = request_for(capability) else {
            return Err(EngineError::Unsupported(capability));
        };
        if self.process.is_none() {
            self.restarts += 1;
            self.start()?;
        }
        let request = request(wire::Position {
            fen: query.fen.clone(),
            moves: query.moves.iter().map(UciMove::to_string).collect(),
            chess960: query.chess960,
            automatic_fifty_moves: query.automatic_fifty_moves,
        });
        debug_assert_eq!(request.name(), kind, "the request that asks for {capability:?}");
        let reply = match self.exchange(kind, &request) {
            Ok(reply) => reply,
            Err(EngineError::Failed(what)) if self.process.is_none() => return Err(self.restart_after(what)),
            Err(e) => return Err(e),
        };
        let reply = self.conform(kind, reply)?;
        if let Some(error) = error_of(&reply) {
            let (kind, message) = (error.kind.as_str(), error.message.as_str());
            if kind == "game_over" {
                return Ok(None);
            }
            return Err(if kind == "unsupported" {
                EngineError::Unsupported(capability)
            } else if kind == "bad_fen" {
                // The engine's own refusal of the start (PROTOCOL.md); `lawbook serve` names the kind as `detail`.
                let detail = error.detail.as_ref().map(|d| format!(" ({d})")).unwrap_or_default();
                EngineError::refused(format!("bad_fen{detail}: {message}"))
            } else {
                failed(
                    error_reply_kind(kind),
                    format!(
                        "the engine refused the {} request: {kind}: {message}",
                        request_for(capability).unwrap_or("?")
                    ),
                )
            });
        }
        Ok(Some(reply))
    }
}

impl JsonlEngine {
    /// Sends `request`, a JSON object naming its `request` (the id is
    /// added), and returns the reply. For requests outside the
    /// [`Engine`] trait, such as `trace`; a failed engine is restarted for
    /// the next call.
    ///
    /// # Errors
    /// [`EngineError::Failed`] when the engine does not list the request in
    /// its `hello` reply, answers with an error reply (its kind and message
    /// quoted), or fails (crashes, hangs, answers nonsense).
    pub fn call(&mut self, request: Value) -> Result<Map<String, Value>, EngineError> {
        let kind = request.get("request").and_then(Value::as_str).unwrap_or("?").to_string();
        if !self.hello.supports.contains(&kind) {
            return Err(failed(FaultKind::Unaskable, format!("{} does not answer {kind:?} requests", self.name)));
        }
        if self.process.is_none() {
            self.restarts += 1;
            self.start()?;
        }
        let reply = match self.exchange(&kind, &request) {
            Ok(reply) => reply,
            Err(EngineError::Failed(what)) if self.process.is_none() => return Err(self.restart_after(what)),
            Err(e) => return Err(e),
        };
        let reply = self.conform(&kind, reply)?;
        if let Some(error) = error_of(&reply) {
            let (code, message) = (error.kind.as_str(), error.message.as_str());
            let why = format!("the engine refused the {kind} request: {code}: {message}");
            return Err(failed(error_reply_kind(code), why));
        }
        Ok(reply)
    }
}

/// Whether a `hello` reply has the fields the protocol requires besides
/// `protocol`: `engine` (a string), `supports` and `features` (lists of
/// strings); an error naming each missing or malformed one.
fn says_what_it_is(reply: &Map<String, Value>) -> Result<(), EngineError> {
    let strings = |v: &Value| v.as_array().is_some_and(|list| list.iter().all(Value::is_string));
    type Wanted = (&'static str, fn(&Value) -> bool, &'static str);
    let wanted: [Wanted; 3] = [
        ("engine", Value::is_string, "its name and version, a string"),
        ("supports", strings, "the requests it answers, a list"),
        ("features", strings, "the features it honours, a list that may be empty"),
    ];
    let wrong: Vec<String> = wanted
        .iter()
        .filter_map(|(key, is_right, what)| match reply.get(*key) {
            None => Some(format!("no {key:?} ({what})")),
            Some(value) if !is_right(value) => Some(format!("{key:?} is {}, not {what}", excerpt(&value.to_string()))),
            Some(_) => None,
        })
        .collect();
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(broke(format!(
            "the engine's hello reply does not say what it is and answers (conformance/PROTOCOL.md, `hello`): {}",
            wrong.join("; ")
        )))
    }
}

/// Whether a `hello` reply names the version this client speaks; a reply
/// that names another version, or none, is an error saying which.
fn speaks_this_version(reply: &Map<String, Value>) -> Result<(), EngineError> {
    let refusal = |why: String| {
        failed(FaultKind::WrongVersion, format!("{why}; this client speaks protocol version {PROTOCOL_VERSION} only"))
    };
    if let Some(error) = error_of(reply) {
        return Err(refusal(format!("the engine refused the hello request: {}: {}", error.kind, error.message)));
    }
    let version = match reply.get("protocol") {
        None => {
            return Err(refusal(
                "the engine's hello reply names no protocol version (it has no \"protocol\" field)".into(),
            ));
        }
        // A whole number, written as JSON writes it (`1`, or `1.0`).
        Some(value) => {
            value.as_u64().or_else(|| value.as_f64().filter(|v| v.fract() == 0.0 && *v >= 0.0).map(|v| v as u64))
        }
    };
    match version {
        Some(PROTOCOL_VERSION) => Ok(()),
        Some(other) => Err(refusal(format!("the engine speaks protocol version {other}"))),
        None => Err(refusal(format!(
            "the engine's hello reply names no protocol version (its \"protocol\" is {}, not a whole number)",
            excerpt(&reply.get("protocol").map(Value::to_string).unwrap_or_default())
        ))),
    }
}

/// The error of an error reply, if the reply is one (an error that is no
/// object is read as one without a kind).
fn error_of(reply: &Map<String, Value>) -> Option<wire::Error> {
    let error = reply.get("error")?;
    Some(wire::Error::deserialize(error).unwrap_or_else(|_| wire::Error {
        kind: "(no kind)".to_string(),
        message: String::new(),
        detail: None,
    }))
}

/// The reply to a `kind` request read as its type, or a clear error naming
/// the request and quoting the reply.
fn read<T: DeserializeOwned>(kind: &str, reply: Map<String, Value>) -> Result<T, EngineError> {
    let reply = Value::Object(reply);
    T::deserialize(&reply).map_err(|e| {
        broke(format!(
            "the reply to the {kind} request does not fit the protocol ({e}): {}",
            excerpt(&reply.to_string())
        ))
    })
}

/// A reply's value that its type admits but the protocol does not.
fn malformed(key: &str, value: &impl Serialize, expected: &str) -> EngineError {
    let shown = serde_json::to_string(value).unwrap_or_default();
    broke(format!("the reply's {key:?} is {}, not {expected}", excerpt(&shown)))
}

/// An ending as the protocol writes it, read into lawbook's type.
fn outcome(key: &str, outcome: Option<wire::Outcome>) -> Result<Option<Outcome>, EngineError> {
    outcome
        .map(|o| match (o.result.parse::<GameResult>(), o.reason.parse::<Reason>()) {
            (Ok(result), Ok(reason)) => Ok(Outcome { result, reason }),
            _ => Err(malformed(
                key,
                &o,
                "null or {\"result\": \"1-0\" | \"0-1\" | \"1/2-1/2\", \"reason\": a reason of PROTOCOL.md}",
            )),
        })
        .transpose()
}

/// One position of a `trace` reply.
fn traced_position(entry: wire::TracePosition) -> Result<TracedPosition, EngineError> {
    let moves = each(entry.moves, "moves", "a move in UCI notation", |t| t.parse::<UciMove>().ok())?;
    if moves.len() != entry.san.len() {
        return Err(broke(format!(
            "the trace reply lists {} moves and {} SAN texts for {}",
            moves.len(),
            entry.san.len(),
            entry.fen
        )));
    }
    let reads = entry
        .read
        .into_iter()
        .map(|read| {
            read.map(|t| t.parse::<UciMove>().map_err(|_| malformed("read", &t, "a move in UCI notation or null")))
                .transpose()
        })
        .collect::<Result<_, _>>()?;
    let mut checkers = each(entry.checkers, "checkers", "a square", |t| t.parse::<Square>().ok())?;
    checkers.sort();
    Ok(TracedPosition {
        moves: moves.into_iter().zip(entry.san).collect(),
        in_check: entry.in_check,
        checkers,
        checkmate: entry.checkmate,
        stalemate: entry.stalemate,
        insufficient_material: ByColor::new(entry.insufficient_material.white, entry.insufficient_material.black),
        outcome: outcome("outcome", entry.outcome)?,
        repetitions: usize::try_from(entry.repetitions)
            .map_err(|_| malformed("repetitions", &entry.repetitions, "a count"))?,
        can_claim_threefold: entry.can_claim_threefold,
        can_claim_fifty_moves: entry.can_claim_fifty_moves,
        reads,
        fen: entry.fen,
    })
}

/// Reads each text of a list with `parse`, naming the list and the text it cannot read.
fn each<T>(
    texts: Vec<String>,
    key: &str,
    what: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Vec<T>, EngineError> {
    texts
        .iter()
        .map(|text| {
            parse(text).ok_or_else(|| broke(format!("the reply's {key:?} holds {}, not {what}", excerpt(text))))
        })
        .collect()
}

impl Engine for JsonlEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn version(&self) -> String {
        if self.hello.engine.is_empty() { self.program.clone() } else { self.hello.engine.clone() }
    }

    fn supports(&self, capability: Capability) -> bool {
        if capability == Capability::Chess960 {
            return self.hello.features.contains("chess960");
        }
        request_for(capability).is_some_and(|request| self.hello.supports.contains(request))
    }

    fn answer(&mut self, query: &PositionQuery, question: &Question) -> Result<Answer, EngineError> {
        Ok(match question {
            Question::LegalMoves => Answer::LegalMoves(self.legal_moves(query)?),
            Question::IsLegal(mv) => Answer::Bool(self.is_legal(query, *mv)?),
            Question::Play(mv) => Answer::Played(self.play(query, *mv)?),
            Question::Board => Answer::Board(self.board(query)?),
            Question::Trace(reads) => Answer::Trace(self.trace(query, reads)?),
            fact => return self.facts(query, fact.capability())?.answer(fact),
        })
    }
}

impl JsonlEngine {
    fn legal_moves(&mut self, query: &PositionQuery) -> Result<Vec<UciMove>, EngineError> {
        let reply = self.ask(Capability::LegalMoves, query, |position| Request::LegalMoves { position })?;
        let reply: wire::LegalMoves = read("legal_moves", reply)?;
        each(reply.moves, "moves", "a move in UCI notation", |t| t.parse().ok())
    }

    fn is_legal(&mut self, query: &PositionQuery, mv: UciMove) -> Result<bool, EngineError> {
        let reply = self
            .ask_move(Capability::MoveLegality, query, |position| Request::IsLegal { position, mv: mv.to_string() })?;
        // After the end of the game no move is legal.
        reply.map_or(Ok(false), |reply| read::<wire::IsLegal>("is_legal", reply).map(|r| r.legal))
    }

    /// The `play` request: the engine plays `mv` if it takes it, and shows
    /// the position after (unchanged after a refusal).
    fn play(&mut self, query: &PositionQuery, mv: UciMove) -> Result<crate::Played, EngineError> {
        let reply =
            self.ask_move(Capability::Play, query, |position| Request::Play { position, mv: mv.to_string() })?;
        // After the end of the game the engine takes no move, and shows no position after it.
        let Some(reply) = reply else { return Ok(crate::Played { accepted: false, after: None }) };
        let reply: wire::Played = read("play", reply)?;
        Ok(crate::Played { accepted: reply.accepted, after: Some(crate::adapters::read_board_and_turn(&reply.fen)?) })
    }

    /// The facts of the `status` or `game` reply that answers `capability`
    /// (the last reply is kept, so the questions of one step cost one request).
    fn facts(&mut self, query: &PositionQuery, capability: Capability) -> Result<Facts, EngineError> {
        let kind = request_for(capability).unwrap_or("status");
        if let Some((asked, position, facts)) = &self.last_facts
            && *asked == kind
            && position == query
        {
            return Ok(facts.clone());
        }
        let facts = if kind == "game" {
            let reply = self.ask(capability, query, |position| Request::Game { position })?;
            game_facts(read("game", reply)?)?
        } else {
            let reply = self.ask(capability, query, |position| Request::Status { position })?;
            status_facts(read("status", reply)?)?
        };
        self.last_facts = Some((kind, query.clone(), facts.clone()));
        Ok(facts)
    }

    fn board(&mut self, query: &PositionQuery) -> Result<lawbook_board::Board, EngineError> {
        let reply = self.ask(Capability::Board, query, |position| Request::Board { position })?;
        let reply: wire::Board = read("board", reply)?;
        crate::adapters::read_placement(&reply.placement)
    }

    /// The `trace` request: every position of the game in one request and one reply.
    fn trace(&mut self, query: &PositionQuery, reads: &[Vec<String>]) -> Result<Vec<TracedPosition>, EngineError> {
        let read_san = reads.to_vec();
        let reply = self.ask(Capability::Trace, query, |position| Request::Trace { position, read_san })?;
        let reply: wire::Trace = read("trace", reply)?;
        reply.positions.into_iter().map(traced_position).collect()
    }
}

/// The facts of a `status` reply.
fn status_facts(reply: wire::Status) -> Result<Facts, EngineError> {
    let checkers = reply
        .checkers
        .map(|squares| each(squares, "checkers", "a square", |t| t.parse::<Square>().ok()))
        .transpose()?;
    Ok(Facts {
        in_check: reply.in_check,
        checkers,
        checkmate: reply.checkmate,
        stalemate: reply.stalemate,
        ..Facts::default()
    })
}

/// The facts of a `game` reply. `outcome` is `null` while the game goes on,
/// so it is always judged; any other field may be `null`.
fn game_facts(reply: wire::Game) -> Result<Facts, EngineError> {
    let insufficient_material =
        reply.insufficient_material.map_or_else(ByColor::default, |sides| ByColor::new(sides.white, sides.black));
    let repetitions = reply
        .repetitions
        .map(|n| {
            usize::try_from(n)
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| malformed("repetitions", &n, "a whole number of at least 1"))
        })
        .transpose()?;
    Ok(Facts {
        outcome: Some(outcome("outcome", reply.outcome)?),
        insufficient_material,
        dead_position: reply.dead_position,
        repetitions,
        can_claim_threefold: reply.can_claim_threefold,
        can_claim_fifty_moves: reply.can_claim_fifty_moves,
        ..Facts::default()
    })
}
