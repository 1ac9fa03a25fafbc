//! The protocol's JSON Schema (`PROTOCOL.schema.json` at this crate's root,
//! also reached as `conformance/PROTOCOL.schema.json` beside the protocol's
//! description; draft 2020-12), embedded in the crate and compiled once: the checks behind the
//! registry's `validate_protocol`, and for tests and tools that check
//! requests or replies of their own.
//!
//! ```
//! use lawbook_engines::adapters::jsonl::schema;
//! use serde_json::json;
//! assert!(schema::check_reply("is_legal", &json!({"id": 3, "legal": false})).is_ok());
//! let wrong = schema::check_reply("is_legal", &json!({"id": 3, "legal": "no"})).unwrap_err();
//! assert_eq!(wrong.pointer, "/legal");
//! assert_eq!(wrong.to_string(), r#"at /legal: wanted true or false (whether the move is legal), found "no""#);
//! ```

use jsonschema::Validator;
use jsonschema::error::ValidationErrorKind;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::LazyLock;

/// The schema's text, as committed at this crate's root.
pub const SCHEMA: &str = include_str!("../../../PROTOCOL.schema.json");

/// The requests of version 1, each with a reply schema (`#/$defs/<name>_reply`).
pub const REQUESTS: [&str; 8] = ["hello", "legal_moves", "is_legal", "play", "status", "game", "board", "trace"];

/// Where a message breaks the schema, and what the schema wanted there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The place in the message, as a JSON pointer (`/checkers/0`; `""` is
    /// the whole message). For a missing field, where the field belongs.
    pub pointer: String,
    /// What the schema wanted there, in words (`true or false (whether the
    /// move is legal)`).
    pub wanted: String,
    /// What the message has there: a shortened JSON text, or `nothing` for a
    /// missing field.
    pub found: String,
    /// How many other places break the schema.
    pub more: usize,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pointer.is_empty() {
            f.write_str("at \"\" (the whole message)")?;
        } else {
            write!(f, "at {}", self.pointer)?;
        }
        write!(f, ": wanted {}, found {}", self.wanted, self.found)?;
        match self.more {
            0 => Ok(()),
            1 => f.write_str(" (and 1 more place)"),
            n => write!(f, " (and {n} more places)"),
        }
    }
}

impl std::error::Error for Violation {}

/// One compiled entry point: the schema document it was built from (to
/// read descriptions in) and its validator.
struct Compiled {
    document: Value,
    validator: Validator,
}

/// Every entry point, compiled from [`SCHEMA`].
struct Schemas {
    requests: Compiled,
    any_reply: Compiled,
    replies: BTreeMap<&'static str, Compiled>,
}

static SCHEMAS: LazyLock<Result<Schemas, String>> = LazyLock::new(compile);

/// The root schema with its own `$defs` and `$ref` to one of them.
fn entry(root: &Value, def: &str) -> Result<Compiled, String> {
    let mut document = root.clone();
    if let Some(fields) = document.as_object_mut() {
        fields.remove("anyOf");
        fields.insert("$ref".into(), Value::from(format!("#/$defs/{def}")));
    }
    let validator = jsonschema::draft202012::new(&document)
        .map_err(|e| format!("the protocol schema's {def:?} does not compile: {e}"))?;
    Ok(Compiled { document, validator })
}

fn compile() -> Result<Schemas, String> {
    let root: Value = serde_json::from_str(SCHEMA).map_err(|e| format!("the protocol schema is not JSON: {e}"))?;
    let mut replies = BTreeMap::new();
    for name in REQUESTS {
        replies.insert(name, entry(&root, &format!("{name}_reply"))?);
    }
    Ok(Schemas { requests: entry(&root, "request")?, any_reply: entry(&root, "reply")?, replies })
}

/// Checks that the schema compiles (a broken schema is a bug of lawbook's, not the engine's).
///
/// # Errors
/// What is wrong with the schema.
pub fn compiles() -> Result<(), String> {
    SCHEMAS.as_ref().map(|_| ()).map_err(Clone::clone)
}

/// Checks `reply`, the reply to a request named `request`, against that
/// request's reply schema (`#/$defs/<request>_reply`: an error reply or the
/// answer). A request the schema does not name (a later revision's) is
/// checked against `#/$defs/reply`: an object with an id, whose error, if
/// any, has the error form.
///
/// # Errors
/// The first place `reply` breaks the schema (and how many more there are).
pub fn check_reply(request: &str, reply: &Value) -> Result<(), Violation> {
    with_schemas(|schemas| {
        let compiled = schemas.replies.get(request).unwrap_or(&schemas.any_reply);
        check(compiled, reply)
    })
}

/// Checks a request against `#/$defs/request`.
///
/// # Errors
/// The first place `request` breaks the schema (and how many more there are).
pub fn check_request(request: &Value) -> Result<(), Violation> {
    with_schemas(|schemas| check(&schemas.requests, request))
}

fn with_schemas(f: impl FnOnce(&Schemas) -> Result<(), Violation>) -> Result<(), Violation> {
    match SCHEMAS.as_ref() {
        Ok(schemas) => f(schemas),
        Err(why) => Err(Violation {
            pointer: String::new(),
            wanted: format!("a schema that compiles, but {why} (a bug of lawbook's)"),
            found: "no check".into(),
            more: 0,
        }),
    }
}

fn check(compiled: &Compiled, message: &Value) -> Result<(), Violation> {
    let mut errors = compiled.validator.iter_errors(message);
    let Some(first) = errors.next() else { return Ok(()) };
    let more = errors.count();
    let at = first.instance_path().as_str().to_string();
    let place = schema_at(&compiled.document, first.schema_path().as_str());
    Err(match first.kind() {
        ValidationErrorKind::Required { property } => {
            let name = property.as_str().unwrap_or_default();
            let field = place
                .and_then(|schema| schema.get("properties"))
                .and_then(|properties| properties.get(name))
                .map(|schema| resolve(&compiled.document, schema));
            Violation {
                pointer: format!("{at}/{}", name.replace('~', "~0").replace('/', "~1")),
                wanted: field.map_or_else(|| "this field".to_string(), |s| wanted(&compiled.document, s)),
                found: "nothing".into(),
                more,
            }
        }
        other => Violation {
            pointer: at,
            wanted: place.map_or_else(
                || format!("what the {:?} keyword allows", other.keyword()),
                |s| wanted(&compiled.document, s),
            ),
            found: shortened(first.instance()),
            more,
        },
    })
}

/// The schema object that holds the keyword at `path` (a JSON pointer into
/// `document`, its last segment the keyword), following `$ref`s on the way.
fn schema_at<'a>(document: &'a Value, path: &str) -> Option<&'a Value> {
    let segments: Vec<String> = path.split('/').skip(1).map(|s| s.replace("~1", "/").replace("~0", "~")).collect();
    let (_, parents) = segments.split_last()?;
    let mut node = document;
    for segment in parents {
        node = resolve(document, node);
        node = match node {
            Value::Object(fields) => fields.get(segment.as_str())?,
            Value::Array(items) => items.get(segment.parse::<usize>().ok()?)?,
            _ => return None,
        };
        if segment == "$ref" {
            node = follow(document, node)?;
        }
    }
    Some(node)
}

/// The target of a local `$ref` text (`#/$defs/square`).
fn follow<'a>(document: &'a Value, reference: &Value) -> Option<&'a Value> {
    document.pointer(reference.as_str()?.strip_prefix('#')?)
}

/// A schema with its `$ref` followed, when it is nothing but a `$ref`.
fn resolve<'a>(document: &'a Value, mut schema: &'a Value) -> &'a Value {
    for _ in 0..8 {
        match schema.as_object() {
            Some(fields) if fields.len() == 1 => match fields.get("$ref").and_then(|r| follow(document, r)) {
                Some(target) => schema = target,
                None => break,
            },
            _ => break,
        }
    }
    schema
}

/// What a schema wants, in words: its form, then its description.
fn wanted(document: &Value, schema: &Value) -> String {
    let schema = resolve(document, schema);
    let form = form(document, schema, 0);
    match schema.get("description").and_then(Value::as_str) {
        Some(description) if !form.is_empty() => format!("{form} ({description})"),
        Some(description) => description.to_string(),
        None if form.is_empty() => "what the schema allows".into(),
        None => form,
    }
}

/// The form a schema allows: its type, values or pattern (empty when it says none).
fn form(document: &Value, schema: &Value, depth: usize) -> String {
    let schema = resolve(document, schema);
    if depth > 4 {
        return String::new();
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        let listed: Vec<String> = values.iter().map(Value::to_string).collect();
        return format!("one of {}", listed.join(", "));
    }
    if let Some(value) = schema.get("const") {
        return value.to_string();
    }
    if let Some(branches) = schema.get("anyOf").and_then(Value::as_array) {
        let forms: Vec<String> =
            branches.iter().map(|b| form(document, b, depth + 1)).filter(|f| !f.is_empty()).collect();
        return or_list(&forms);
    }
    let types: Vec<&str> = match schema.get("type") {
        Some(Value::String(one)) => vec![one.as_str()],
        Some(Value::Array(many)) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let mut words: Vec<String> = Vec::new();
    for kind in &types {
        match *kind {
            "boolean" => words.extend(["true".to_string(), "false".to_string()]),
            "null" => words.push("null".into()),
            "integer" => words.push("a whole number".into()),
            "number" => words.push("a number".into()),
            "string" => words.push("a string".into()),
            "array" => words.push("an array".into()),
            "object" => words.push("an object".into()),
            other => words.push(other.into()),
        }
    }
    let mut text = or_list(&words);
    if let Some(pattern) = schema.get("pattern").and_then(Value::as_str) {
        text = format!("{text} matching {pattern}");
    }
    if let Some(minimum) = schema.get("minimum") {
        text = format!("{text} of at least {minimum}");
    }
    if let Some(count) = schema.get("minItems") {
        text = format!("{text} of at least {count} items");
    }
    if schema.get("uniqueItems") == Some(&Value::Bool(true)) {
        text = format!("{text}, each item once");
    }
    text.trim().to_string()
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// A value's JSON text, cut to 60 characters.
fn shortened(value: &Value) -> String {
    const SHOWN: usize = 60;
    let text = value.to_string();
    if text.chars().count() > SHOWN { format!("{}...", text.chars().take(SHOWN).collect::<String>()) } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_schema_compiles_and_names_every_request() {
        assert_eq!(compiles(), Ok(()));
        let root: Value = serde_json::from_str(SCHEMA).unwrap();
        let names = root.pointer("/$defs/request_name/enum").unwrap();
        assert_eq!(names, &json!(REQUESTS));
    }

    #[test]
    fn violations_name_the_place_and_the_form() {
        let check = |kind: &str, reply: Value| check_reply(kind, &reply).map_err(|v| v.to_string());
        assert_eq!(
            check(
                "status",
                json!({"id": 1, "in_check": false, "checkers": [], "checkmate": false, "stalemate": false})
            ),
            Ok(())
        );
        assert_eq!(
            check(
                "status",
                json!({"id": 1, "in_check": false, "checkers": ["z9"], "checkmate": false, "stalemate": false})
            ),
            Err(r#"at /checkers/0: wanted a string matching ^[a-h][1-8]$ (a square, such as "e4"), found "z9""#.into())
        );
        assert_eq!(
            check("status", json!({"id": 1, "in_check": false, "checkers": null, "stalemate": false})),
            Err("at /checkmate: wanted true or false (whether the side to move is checkmated), found nothing".into())
        );
        assert_eq!(
            check("game", json!({"id": 1, "outcome": {"result": "1-0", "reason": "resignation"}, "insufficient_material": null,
                "dead_position": null, "repetitions": 1, "can_claim_threefold": null, "can_claim_fifty_moves": null})),
            Err(r#"at /outcome/reason: wanted one of "checkmate", "stalemate", "insufficient_material", "dead_position", "seventyfive_moves", "fivefold_repetition", "fifty_moves", "threefold_repetition" (how a game ended by itself), found "resignation""#.into())
        );
        assert_eq!(
            check("legal_moves", json!({"id": 1, "error": {"kind": "unsuported", "message": "no"}}))
                .map_err(|e| e.contains("at /error/kind: wanted one of \"bad_json\"")),
            Err(true)
        );
        assert_eq!(
            check("legal_moves", json!({"id": 1, "error": {"kind": "bad_json", "message": "no"}})),
            Err("at /id: wanted null (null: the line was not read as a request), found 1".into())
        );
        assert_eq!(check("perft", json!({"id": 1, "nodes": 20})), Ok(()));
        assert!(check("perft", json!({"id": 1, "error": "no"})).is_err());
        // Fields the schema does not name are never an error.
        assert_eq!(check("is_legal", json!({"id": 1, "legal": true, "seen": "later revisions add fields"})), Ok(()));
    }

    /// A seeded stream of JSON values, shaped like replies and not.
    fn arbitrary(seed: &mut u64, depth: usize) -> Value {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        let pick = *seed % if depth > 3 { 6 } else { 8 };
        let words = ["id", "error", "kind", "moves", "outcome", "reason", "checkers", "e2e4", "bad_json", "1-0", "~/"];
        let word = words[(*seed >> 8) as usize % words.len()];
        match pick {
            0 => Value::Null,
            1 => Value::Bool(*seed & 256 == 0),
            2 => Value::from((*seed >> 16) as i64 % 5 - 1),
            3 => Value::from(0.5),
            4 | 5 => Value::from(word),
            6 => Value::Array((0..*seed % 4).map(|_| arbitrary(seed, depth + 1)).collect()),
            _ => Value::Object(
                (0..*seed % 6)
                    .map(|_| {
                        let key = words[(*seed >> 24) as usize % words.len()].to_string();
                        (key, arbitrary(seed, depth + 1))
                    })
                    .collect(),
            ),
        }
    }

    #[test]
    fn any_message_gets_an_answer_and_a_one_line_violation() {
        let mut seed = 0x5eed_0f5c_4e3a;
        for _ in 0..3_000 {
            let message = arbitrary(&mut seed, 0);
            for kind in REQUESTS.iter().chain(&["perft"]) {
                if let Err(why) = check_reply(kind, &message) {
                    assert!(!why.to_string().contains('\n'), "{why}");
                }
            }
            let _ = check_request(&message);
        }
    }

    #[test]
    fn requests() {
        let ok = |request: Value| check_request(&request).map_err(|v| v.to_string());
        assert_eq!(ok(json!({"id": 0, "request": "hello", "protocol": 1})), Ok(()));
        assert_eq!(
            ok(json!({"id": 1, "request": "is_legal", "position": {"fen": "startpos"}, "move": "e7e8q"})),
            Ok(())
        );
        assert!(
            ok(json!({"id": 1, "request": "is_legal", "position": {"fen": "startpos"}, "move": "castle"})).is_err()
        );
        assert!(ok(json!({"id": 1, "request": "fly"})).is_err());
        assert!(ok(json!({"id": 1, "request": "board", "position": {"moves": []}})).is_err());
    }
}
