//! The catalogue of bad inputs (`conformance/bad-inputs/*.yaml`): every case
//! is refused with exactly its expected kind of error, by every entry point
//! that takes that input, and nothing panics or hangs.
//!
//! - the library: `fen::read`, `read_move`, `PgnReader`, the perft suite
//!   reader, the engine registry (`registry::read`, `registry::find`); a panic
//!   fails the case, it does not stop the run;
//! - the `lawbook` command (`moves`, `status`, `perft`, `pgn`): a non-zero exit
//!   (2 for bad input, 1 for a game that does not replay or a perft count that
//!   does not match), exactly one line on stderr that holds the library's
//!   message, nothing on stdout (for `pgn`, only the report lines);
//! - `lawbook serve`: one session gets every FEN, UCI move and protocol case,
//!   answers each with one error reply of the expected code (and, for a bad FEN
//!   or move, the expected kind as `detail`), then a valid request, and ends
//!   with exit 0 at end of input;
//! - `lawbook check --registry FILE`: exit 2 and one line on stderr.
//!
//! Every process is killed and the case failed when it takes longer than
//! [`LIMIT`]. Run it alone with `cargo test -p lawbook-cli --test cli bad_inputs::`.

use lawbook_engines::registry;
use lawbook_movegen::{Position, perft_bounded};
use lawbook_notation::pgn::{PgnOptions, PgnReader};
use lawbook_notation::{Lang, ReadOptions, Strictness, epd, fen, read_move};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest any one process may take.
const LIMIT: Duration = Duration::from_secs(20);

/// The longest text the command line is given as one argument: Linux refuses
/// a single argument over 128 KiB, so longer FENs are checked through the
/// library and `lawbook serve` only.
const MAX_ARG: usize = 100_000;

/// The `lawbook` binary of this package.
fn lawbook() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_lawbook"))
}

/// The catalogue, which lives beside the corpus (`conformance/bad-inputs/`).
fn catalogue_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance/bad-inputs")
}

// ---------------------------------------------------------------- the data

/// A case's input: text, text with byte escapes, or a long text made by repetition.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
enum Input {
    Text(String),
    Bytes {
        /// `\xNN` is the byte NN, `\n`, `\r`, `\t` and `\\` as usual, anything else itself.
        bytes: String,
    },
    Repeat {
        #[serde(default)]
        before: String,
        repeat: String,
        times: usize,
        #[serde(default)]
        after: String,
    },
}

impl Input {
    fn bytes(&self) -> Vec<u8> {
        match self {
            Input::Text(text) => text.as_bytes().to_vec(),
            Input::Bytes { bytes } => unescape(bytes),
            Input::Repeat { before, repeat, times, after } => {
                let mut out = before.as_bytes().to_vec();
                for _ in 0..*times {
                    out.extend_from_slice(repeat.as_bytes());
                }
                out.extend_from_slice(after.as_bytes());
                out
            }
        }
    }
}

fn unescape(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut buf = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        match chars.next() {
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                out.push(u8::from_str_radix(&hex, 16).unwrap_or_else(|_| panic!("bad escape \\x{hex} in {text:?}")));
            }
            Some('n') => out.push(b'\n'),
            Some('r') => out.push(b'\r'),
            Some('t') => out.push(b'\t'),
            Some('\\') => out.push(b'\\'),
            other => panic!("unknown escape \\{other:?} in {text:?}"),
        }
    }
    out
}

/// One bad input and what it must give.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    /// Unique across the catalogue.
    id: String,
    /// What is wrong, in plain words.
    description: String,
    /// The bad text: a FEN, a move, a PGN file, a perft suite, a protocol line, a registry.
    #[serde(default)]
    input: Option<Input>,
    /// The expected error kind.
    kind: String,
    /// Words every message about this case must contain.
    #[serde(default)]
    says: Option<String>,
    /// Moves: the position the move is played in (`startpos` or a FEN).
    #[serde(default)]
    position: Option<String>,
    /// Moves: moves played first, in UCI.
    #[serde(default)]
    before: Vec<String>,
    /// Moves: the piece letters (en, sv, de, pl, ru).
    #[serde(default)]
    lang: Option<String>,
    /// Moves: strict reading (exact capture marks and check suffixes).
    #[serde(default)]
    strict: bool,
    /// PGN: the line the error names.
    #[serde(default)]
    line: Option<usize>,
    /// Registry: the engine asked for (default `lawbook`).
    #[serde(default)]
    engine: Option<String>,
    /// Registry: there is no file at all.
    #[serde(default)]
    no_file: bool,
}

impl Case {
    fn bytes(&self) -> Vec<u8> {
        self.input.as_ref().map(Input::bytes).unwrap_or_default()
    }

    fn text(&self) -> Option<String> {
        String::from_utf8(self.bytes()).ok()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Group {
    cases: Vec<Case>,
}

fn group(name: &str) -> Vec<Case> {
    let path = catalogue_dir().join(format!("{name}.yaml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let group: Group = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    group.cases
}

const GROUPS: [&str; 6] = ["fen", "moves", "pgn", "epd", "protocol", "registry"];

// ---------------------------------------------------------------- processes

/// What a finished process gave.
struct Output {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

/// Runs `program` with `args` and `stdin`, killing it after [`LIMIT`].
fn run(program: &Path, args: &[OsString], stdin: &[u8]) -> Result<Output, String> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let mut out = child.stdout.take().expect("stdout is piped");
    let mut err = child.stderr.take().expect("stderr is piped");
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out.read_to_end(&mut buf);
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("no answer within {} s: killed", LIMIT.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("cannot wait: {e}")),
        }
    };
    let _ = writer.join();
    let stdout = reader.join().unwrap_or_default();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    Ok(Output { code: status.code(), stdout, stderr })
}

/// A scratch file, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, bytes: &[u8]) -> Scratch {
        let dir = std::env::temp_dir().join(format!("lawbook-bad-inputs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("a scratch file");
        Scratch(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

// ---------------------------------------------------------------- checks

/// Failures collected over a group, reported together.
#[derive(Default)]
struct Failures(Vec<String>);

impl Failures {
    fn check(&mut self, case: &Case, entry: &str, result: Result<(), String>) {
        if let Err(why) = result {
            self.0.push(format!("{} ({entry}): {why}", case.id));
        }
    }

    fn assert_none(self, group: &str) {
        assert!(self.0.is_empty(), "{} failures in {group}:\n{}", self.0.len(), self.0.join("\n"));
    }
}

/// Runs a library check, turning a panic into a failure.
fn guarded<T>(f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("PANIC: {what}"))
        }
    }
}

/// An error's kind and message against the case.
fn expect_error(case: &Case, kind: &str, message: &str) -> Result<(), String> {
    if kind != case.kind {
        return Err(format!("kind {kind}, expected {} (message: {message})", case.kind));
    }
    one_clear_line(case, message)
}

/// A message is one line, not empty, not huge, and says what the case says.
fn one_clear_line(case: &Case, message: &str) -> Result<(), String> {
    if message.trim().is_empty() || message.contains('\n') || message.contains('\r') {
        return Err(format!("not one line: {message:?}"));
    }
    if message.len() > 600 {
        return Err(format!("a message of {} bytes: {}...", message.len(), &message[..200]));
    }
    if let Some(says) = &case.says
        && !message.contains(says.as_str())
    {
        return Err(format!("the message does not say {says:?}: {message}"));
    }
    Ok(())
}

/// A command refused the input: exit `code`, one line on stderr holding
/// `message` (when the library gave one), and nothing on stdout.
fn refused(case: &Case, output: &Output, code: i32, message: Option<&str>, stdout_empty: bool) -> Result<(), String> {
    if output.code != Some(code) {
        return Err(format!("exit code {:?}, expected {code}; stderr: {}", output.code, output.stderr));
    }
    let line = output.stderr.strip_suffix('\n').unwrap_or(&output.stderr);
    one_clear_line(case, line).map_err(|e| format!("stderr: {e}"))?;
    if let Some(message) = message
        && !line.contains(message)
    {
        return Err(format!("stderr does not hold the library's message {message:?}: {line}"));
    }
    if stdout_empty && !output.stdout.is_empty() {
        return Err(format!("output on stdout: {}", String::from_utf8_lossy(&output.stdout)));
    }
    Ok(())
}

fn os(text: &str) -> OsString {
    OsString::from(text)
}

#[cfg(unix)]
fn os_bytes(bytes: &[u8]) -> OsString {
    use std::os::unix::ffi::OsStringExt;
    OsString::from_vec(bytes.to_vec())
}

// ---------------------------------------------------------------- the groups

#[test]
fn the_catalogue_is_well_formed() {
    let readme = std::fs::read_to_string(catalogue_dir().join("README.md")).expect("the catalogue's README");
    let mut ids = BTreeSet::new();
    let mut total = 0;
    for name in GROUPS {
        let cases = group(name);
        assert!(!cases.is_empty(), "{name}.yaml has no case");
        for case in &cases {
            assert!(ids.insert(case.id.clone()), "the id {} appears twice", case.id);
            assert!(case.description.len() > 10, "{}: say in plain words what is wrong", case.id);
            assert!(
                readme.contains(&format!("`{}`", case.kind)),
                "{}: kind {} is not listed in the README",
                case.id,
                case.kind
            );
            let group_of_kind = case.kind.split('.').next().unwrap_or("");
            let allowed: &[&str] = match name {
                "fen" => &["fen", "position", "input"],
                "moves" => &["move"],
                "pgn" => &["pgn", "move", "fen", "position"],
                "epd" => &["epd", "fen", "position", "perft", "input"],
                "protocol" => &["protocol"],
                _ => &["registry"],
            };
            assert!(allowed.contains(&group_of_kind), "{}: kind {} does not belong in {name}.yaml", case.id, case.kind);
        }
        total += cases.len();
    }
    assert!(total >= 200, "the catalogue holds {total} cases, fewer than 200");
    let fen = group("fen").len();
    assert!(GROUPS.iter().all(|g| group(g).len() <= fen), "FEN is the largest group");
}

/// The library's verdict on a FEN case: `Ok((kind, message))` of the error.
fn fen_error(case: &Case) -> Result<(String, String), String> {
    let Some(text) = case.text() else {
        return Ok(("input.not_utf8".into(), "not UTF-8".into()));
    };
    guarded(|| match fen::read(&text) {
        Ok(pos) => Err(format!("accepted as {}", fen::write(&pos))),
        Err(e) => Ok((e.kind().to_string(), e.to_string())),
    })
}

#[test]
fn fen_cases_are_refused_by_the_library_and_the_command() {
    let mut failures = Failures::default();
    for case in group("fen") {
        let library = fen_error(&case);
        failures.check(
            &case,
            "fen::read",
            library.clone().and_then(|(kind, message)| {
                if kind == "input.not_utf8" { Ok(()) } else { expect_error(&case, &kind, &message) }
            }),
        );
        let bytes = case.bytes();
        if bytes.len() > MAX_ARG || bytes.contains(&0) {
            continue; // no command line can carry it (see MAX_ARG; a NUL ends an argument)
        }
        let message = library.ok().filter(|(kind, _)| kind != "input.not_utf8").map(|(_, m)| m);
        let arg = os_bytes(&bytes);
        for command in [&["moves"][..], &["status"], &["perft"]] {
            // After `--` a FEN that starts with `-` is still the position, not an option.
            let mut args: Vec<OsString> = command.iter().map(|a| os(a)).collect();
            args.extend([os("--"), arg.clone()]);
            if command == ["perft"] {
                args.push(os("1"));
            }
            let entry = format!("lawbook {}", command[0]);
            failures.check(
                &case,
                &entry,
                run(&lawbook(), &args, b"").and_then(|out| refused(&case, &out, 2, message.as_deref(), true)),
            );
        }
    }
    failures.assert_none("fen.yaml");
}

fn lang(case: &Case) -> Lang {
    case.lang.as_deref().map_or(Lang::English, |l| l.parse().unwrap_or_else(|_| panic!("{}: lang {l}", case.id)))
}

/// The position a move case starts from, after its `before` moves.
fn move_position(case: &Case) -> Position {
    let start = case.position.as_deref().unwrap_or("startpos");
    let start = if start == "startpos" { fen::STARTPOS } else { start };
    let mut pos = fen::read(start).unwrap_or_else(|e| panic!("{}: the position must be valid: {e}", case.id));
    for text in &case.before {
        let (mv, _) = read_move(&pos, text, ReadOptions::LENIENT)
            .unwrap_or_else(|e| panic!("{}: the moves before must be legal: {e}", case.id));
        pos = pos.play_unchecked(mv);
    }
    pos
}

/// Whether a move case is written in UCI (then `lawbook serve` is asked too).
fn is_uci(text: &str) -> bool {
    let b = text.as_bytes();
    (4..=5).contains(&b.len())
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
        && b.get(4).is_none_or(u8::is_ascii_lowercase)
}

#[test]
fn move_cases_are_refused_by_the_library_and_the_command() {
    let mut failures = Failures::default();
    for case in group("moves") {
        let text = case.text().unwrap_or_else(|| panic!("{}: a move case is UTF-8 text", case.id));
        let strictness = if case.strict { Strictness::Strict } else { Strictness::Lenient };
        let options = ReadOptions { lang: lang(&case), strictness };
        let library = guarded(|| {
            let pos = move_position(&case);
            match read_move(&pos, &text, options) {
                Ok((mv, _)) => Err(format!("accepted as {}", lawbook_notation::uci::write(&pos, mv))),
                Err(e) => Ok((e.kind().to_string(), e.to_string())),
            }
        });
        failures.check(
            &case,
            "read_move",
            library.clone().and_then(|(kind, message)| expect_error(&case, &kind, &message)),
        );
        let position = case.position.clone().unwrap_or_else(|| "startpos".into());
        let mut args = vec![os("moves"), os(&position), os("--moves")];
        args.extend(case.before.iter().map(|m| os(m)));
        args.push(os(&text));
        if let Some(l) = &case.lang {
            args.extend([os("--lang"), os(l)]);
        }
        if case.strict {
            args.push(os("--strict"));
        }
        let message = library.ok().map(|(_, m)| m);
        failures.check(
            &case,
            "lawbook moves",
            run(&lawbook(), &args, b"").and_then(|out| refused(&case, &out, 2, message.as_deref(), true)),
        );
    }
    failures.assert_none("moves.yaml");
}

#[test]
fn pgn_cases_are_refused_by_the_library_and_the_command() {
    let mut failures = Failures::default();
    for case in group("pgn") {
        let bytes = case.bytes();
        let library = guarded(|| {
            let first = PgnReader::with_options(bytes.as_slice(), PgnOptions::default()).find_map(Result::err);
            match first {
                None => Err("every game was read".to_string()),
                Some(e) => {
                    if let Some(line) = case.line
                        && e.line != line
                    {
                        return Err(format!("line {}, expected line {line}: {e}", e.line));
                    }
                    Ok((e.kind().to_string(), e.message.clone()))
                }
            }
        });
        failures.check(
            &case,
            "PgnReader",
            library.clone().and_then(|(kind, message)| expect_error(&case, &kind, &message)),
        );
        let file = Scratch::new(&format!("{}.pgn", case.id), &bytes);
        let message = library.ok().map(|(_, m)| m);
        failures.check(
            &case,
            "lawbook pgn",
            run(
                &lawbook(),
                &[os("pgn"), os("--fail-on=illegal,unreadable,after-end"), file.0.clone().into_os_string()],
                b"",
            )
            .and_then(|out| {
                refused(&case, &out, 1, message.as_deref(), false)?;
                let stdout = String::from_utf8_lossy(&out.stdout);
                if !stdout.lines().any(|l| l.contains(": error at line ")) {
                    return Err(format!("no game reported as an error on stdout: {stdout}"));
                }
                Ok(())
            }),
        );
    }
    failures.assert_none("pgn.yaml");
}

/// The library's verdict on a perft suite: read it, read every position,
/// count every entry (at most its published number of nodes).
fn suite_error(case: &Case) -> Result<(String, String), String> {
    let Some(text) = case.text() else {
        return Ok(("input.not_utf8".into(), "is not UTF-8 text".into()));
    };
    guarded(|| {
        let cases = match epd::read_perft_suite(&text) {
            Ok(cases) => cases,
            Err(e) => return Ok((e.kind().to_string(), e.to_string())),
        };
        let mut positions = Vec::new();
        for entry in &cases {
            match fen::read(&entry.fen) {
                Ok(pos) => positions.push(pos),
                Err(e) => return Ok((e.kind().to_string(), e.to_string())),
            }
        }
        for (entry, pos) in cases.iter().zip(&positions) {
            if perft_bounded(pos, entry.depth, entry.nodes) != Some(entry.nodes) {
                return Ok(("perft.mismatch".into(), "perft entries do not match".into()));
            }
        }
        Err(format!("all {} entries read and match", cases.len()))
    })
}

#[test]
fn epd_cases_are_refused_by_the_library_and_the_command() {
    let mut failures = Failures::default();
    for case in group("epd") {
        let library = suite_error(&case);
        failures.check(
            &case,
            "read_perft_suite",
            library.clone().and_then(|(kind, message)| expect_error(&case, &kind, &message)),
        );
        let file = Scratch::new(&format!("{}.epd", case.id), &case.bytes());
        let message = library.ok().map(|(_, m)| m);
        let mismatch = case.kind == "perft.mismatch";
        failures.check(
            &case,
            "lawbook perft --epd",
            run(&lawbook(), &[os("perft"), os("--epd"), file.0.clone().into_os_string()], b"").and_then(|out| {
                if mismatch {
                    // A count that does not match is a report, not bad input: exit 1, FAIL lines on stdout.
                    refused(&case, &out, 1, message.as_deref(), false)?;
                    let stdout = String::from_utf8_lossy(&out.stdout);
                    if !stdout.contains("FAIL line ") {
                        return Err(format!("no FAIL line on stdout: {stdout}"));
                    }
                    Ok(())
                } else {
                    refused(&case, &out, 2, message.as_deref(), true)
                }
            }),
        );
    }
    failures.assert_none("epd.yaml");
}

/// One request line sent to `lawbook serve` and the error reply it must get.
struct Asked {
    case: Case,
    line: Vec<u8>,
    id: Value,
    code: String,
    detail: Option<String>,
}

#[test]
fn serve_answers_every_case_with_one_error_and_goes_on() {
    let mut asked: Vec<Asked> = Vec::new();
    let mut next_id = 0u64;
    let mut id = || {
        next_id += 1;
        json!(format!("case-{next_id}"))
    };
    for case in group("fen") {
        let id = id();
        let (line, code, detail) = match case.text() {
            Some(text) => {
                let request = json!({"id": id, "request": "legal_moves", "position": {"fen": text}});
                (request.to_string().into_bytes(), "bad_fen".to_string(), Some(case.kind.clone()))
            }
            None => {
                // Not UTF-8: the raw bytes inside the JSON string make the line unreadable.
                let mut line = format!(r#"{{"id":{id},"request":"legal_moves","position":{{"fen":""#).into_bytes();
                line.extend(case.bytes());
                line.extend_from_slice(b"\"}}");
                (line, "bad_json".to_string(), None)
            }
        };
        let id = if code == "bad_json" { Value::Null } else { id };
        asked.push(Asked { case, line, id, code, detail });
    }
    for case in group("moves") {
        let text = case.text().unwrap_or_default();
        if !is_uci(&text) || case.lang.is_some() || case.strict {
            continue; // the protocol's moves are UCI only
        }
        let id = id();
        let mut moves = case.before.clone();
        moves.push(text);
        let position = json!({"fen": case.position.clone().unwrap_or_else(|| "startpos".into()), "moves": moves});
        let line = json!({"id": id, "request": "legal_moves", "position": position}).to_string().into_bytes();
        let detail = Some(case.kind.clone());
        asked.push(Asked { case, line, id, code: "illegal_move".into(), detail });
    }
    for case in group("protocol") {
        let code = case.kind.strip_prefix("protocol.").unwrap_or(&case.kind).to_string();
        let line = case.bytes();
        // The id of the request, when the line is a JSON object that has one.
        let id = serde_json::from_slice::<Value>(&line)
            .ok()
            .and_then(|v| v.as_object().map(|o| o.get("id").cloned().unwrap_or(Value::Null)))
            .unwrap_or(Value::Null);
        let id = if code == "line_too_long" { Value::Null } else { id };
        asked.push(Asked { case, line, id, code, detail: None });
    }
    let mut input = Vec::new();
    for a in &asked {
        assert!(!a.line.contains(&b'\n'), "{}: a protocol case is one line", a.case.id);
        input.extend_from_slice(&a.line);
        input.push(b'\n');
    }
    input.extend_from_slice(br#"{"id":"last","request":"board","position":{"fen":"startpos","moves":["e2e4"]}}"#);
    input.push(b'\n');
    let out = run(&lawbook(), &[os("serve")], &input).unwrap_or_else(|e| panic!("lawbook serve: {e}"));
    assert_eq!(out.code, Some(0), "end of input ends the session with exit 0; stderr: {}", out.stderr);
    assert!(out.stderr.is_empty(), "serve writes nothing on stderr: {}", out.stderr);
    let stdout = String::from_utf8(out.stdout).expect("replies are UTF-8");
    let replies: Vec<&str> = stdout.lines().collect();
    assert_eq!(replies.len(), asked.len() + 1, "one reply per request line");
    let mut failures = Failures::default();
    for (a, reply) in asked.iter().zip(&replies) {
        let result = (|| {
            let reply: Value = serde_json::from_str(reply).map_err(|e| format!("not JSON ({e}): {reply}"))?;
            let error = &reply["error"];
            if reply["id"] != a.id {
                return Err(format!("id {}, expected {}: {reply}", reply["id"], a.id));
            }
            if error["kind"] != a.code.as_str() {
                return Err(format!("error kind {}, expected {}: {reply}", error["kind"], a.code));
            }
            if let Some(detail) = &a.detail
                && error["detail"] != detail.as_str()
            {
                return Err(format!("detail {}, expected {detail}: {reply}", error["detail"]));
            }
            let message = error["message"].as_str().ok_or_else(|| format!("no message: {reply}"))?;
            let says_applies = a.code != "bad_json" || a.case.kind == "protocol.bad_json";
            if says_applies { one_clear_line(&a.case, message) } else { Ok(()) }
        })();
        failures.check(&a.case, "lawbook serve", result);
    }
    let last: Value = serde_json::from_str(replies[asked.len()]).expect("the last reply is JSON");
    assert_eq!(last["placement"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", "the session went on: {last}");
    failures.assert_none("lawbook serve");
}

#[test]
fn registry_cases_are_refused_by_the_reader_and_the_runner() {
    let mut failures = Failures::default();
    for case in group("registry") {
        let file = Scratch::new(&format!("{}.yaml", case.id), &case.bytes());
        if case.no_file {
            let _ = std::fs::remove_file(&file.0);
        }
        let engine = case.engine.clone().unwrap_or_else(|| "lawbook".into());
        let library = guarded(|| match registry::read(&file.0).and_then(|specs| registry::find(&specs, &engine)) {
            Ok(spec) => Err(format!("accepted: engine {:?}", spec.name)),
            Err(e) => Ok((e.kind().to_string(), e.to_string())),
        });
        failures.check(
            &case,
            "registry::read",
            library.clone().and_then(|(kind, message)| expect_error(&case, &kind, &message)),
        );
        let Ok((_, message)) = library else {
            continue; // an accepted registry would start a whole corpus run
        };
        let json = file.0.with_extension("json");
        let args = [
            os("check"),
            os("--engine"),
            os(&engine),
            os("--registry"),
            file.0.clone().into_os_string(),
            os("--json"),
            json.clone().into_os_string(),
        ];
        failures.check(
            &case,
            "lawbook check",
            run(&lawbook(), &args, b"").and_then(|out| {
                refused(&case, &out, 2, Some(&message), true)?;
                if json.exists() {
                    return Err("a verdict file was written".into());
                }
                Ok(())
            }),
        );
    }
    failures.assert_none("registry.yaml");
}
