//! `lawbook check` as its users meet it: run from an empty folder with the
//! built-in corpus, the exit codes (0 as expected, 1 unexpected verdicts,
//! 2 bad usage or an engine that cannot be started), one clear line for
//! each broken engine, and expectations written by one run and held by the next.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A fresh, empty folder outside the repository.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lawbook-check-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// `lawbook ARGS` in `dir`, killed (and the test failed) past two minutes.
fn lawbook(dir: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lawbook"))
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("lawbook starts");
    let started = Instant::now();
    while child.try_wait().expect("it can be waited for").is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("lawbook {args:?} hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("its output")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The command of a fake engine, a shell script in `tests/fakes/`, run as `/bin/sh PATH ARGS`.
fn script(name: &str, args: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fakes").join(name);
    // A missing script would look like an engine that cannot start, too.
    assert!(path.is_file(), "no fake engine {}", path.display());
    format!("/bin/sh {} {args}", path.display())
}

#[test]
fn the_built_in_engine_passes_the_embedded_corpus_from_an_empty_folder() {
    let dir = folder("builtin");
    let out = lawbook(&dir, &["check", "--engine", "lawbook", "--report", "out"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let closing = stdout.lines().last().expect("a closing line");
    // As many scenarios as the corpus holds, asked of the corpus itself.
    let all = lawbook_conformance::count_selected(&[lawbook_conformance::corpus::embedded()], None)
        .expect("the corpus parses");
    assert!(all > 400, "the corpus has {all} scenarios");
    assert_eq!(closing, format!("{all} passed, 0 failed, 0 unsupported, 0 error"), "{stdout}");
    assert!(stdout.contains("\nlawbook (lawbook "), "the engine and its version: {stdout}");
    assert!(stdout.contains(&format!(", {all} scenarios in ")), "{stdout}");
    let page = dir.join("out/index.html");
    assert!(stdout.contains(&format!("report: {}", page.display())), "{stdout}");
    for file in ["index.html", "junit.xml", "summary.json"] {
        assert!(dir.join("out").join(file).is_file(), "{file} is written");
    }
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out/summary.json")).expect("summary")).expect("JSON");
    assert!(summary.to_string().contains("\"lawbook\""), "{summary}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_usage_is_one_line_and_exit_2() {
    let dir = folder("usage");
    let cases: [(&[&str], &str); 8] = [
        (&["check"], "name the engine to check"),
        (&["check", "--uci"], "a value is required"),
        (&["check", "--uci", "no-such-engine-here"], "cannot find the program \"no-such-engine-here\""),
        (&["check", "--uci", "stockfish 'unbalanced"], "unbalanced quotes"),
        (&["check", "--engine", "no-such-engine"], "no-such-engine"),
        (&["check", "--engine", "lawbook", "--registry", "missing.yaml"], "missing.yaml"),
        (&["check", "--engine", "lawbook", "--option", "Hash"], "is not NAME=VALUE"),
        (&["check", "--engine", "lawbook", "--expec", "x.yaml"], "--expect"),
    ];
    for (args, says) in cases {
        let out = lawbook(&dir, args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: one line: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    }
    let out = lawbook(&dir, &["check", "--engine", "lawbook", "--tags", "@no-such-rule", "--json", "run.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("selects no scenario"), "{}", text(&out.stderr));
    assert!(!dir.join("run.json").exists(), "nothing is written for a run of nothing");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_cannot_start_is_one_line_and_exit_2() {
    let dir = folder("broken");
    let crash = script("broken.sh", "crash");
    let garbage = script("broken.sh", "garbage");
    let hang = script("broken.sh", "hang");
    for (protocol, engine) in [
        ("--uci", &crash),
        ("--uci", &garbage),
        ("--uci", &hang),
        ("--xboard", &crash),
        ("--xboard", &hang),
        ("--jsonl", &garbage),
        ("--jsonl", &hang),
    ] {
        let started = Instant::now();
        let out = lawbook(&dir, &["check", protocol, engine, "--timeout", "500", "--report", "r"]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{protocol} {engine}: {stderr}{}", text(&out.stdout));
        assert_eq!(stderr.lines().count(), 1, "{protocol} {engine}: one line: {stderr}");
        assert!(stderr.contains("cannot start the engine"), "{protocol} {engine}: {stderr}");
        assert!(started.elapsed() < Duration::from_secs(20), "{protocol} {engine}: it took {:?}", started.elapsed());
        assert!(!dir.join("r").exists(), "no report of an engine never asked");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A JSON-lines engine that lists the white king's five steps from e1, and
/// where `castles` and White may castle short, castling too (illegal in the
/// scenario below: f1 is attacked): `tests/fakes/king.sh`.
fn king_engine(castles: bool) -> String {
    script("king.sh", if castles { "castles" } else { "" })
}

#[test]
fn expectations_written_by_one_run_are_held_by_the_next() {
    let dir = folder("expect");
    let features = dir.join("scenarios");
    std::fs::create_dir_all(&features).expect("a folder");
    std::fs::write(
        features.join("king.feature"),
        "Feature: The king\n  Scenario: No castling through an attacked square\n    Given White: Ke1 Rh1\n    \
         And Black: Ke8 Rf8\n    And White to move\n    And White may still castle short\n    Then 0-0 is illegal\n  \
         Scenario: Five steps\n    Given White: Ke1\n    And Black: Ke8\n    And White to move\n    \
         Then the legal moves are Kd1, Kd2, Ke2, Kf1 and Kf2\n",
    )
    .expect("a feature file");
    let castles = king_engine(true);
    let base = ["check", "--jsonl", castles.as_str(), "--name", "king", "--no-corpus", "--scenarios", "scenarios"];
    // No expectations: a failure is exit 1, and named.
    let out = lawbook(&dir, &[&base[..], &["--write-expectations", "king.yaml"]].concat());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("king: 1 scenarios failed or ended in an engine error:"), "{stdout}");
    assert!(
        stdout.contains("  king.feature: No castling through an attacked square: failed (expected 0-0 to be illegal"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().last(), Some("1 passed, 1 failed, 0 unsupported, 0 error"), "{stdout}");
    let written = std::fs::read_to_string(dir.join("king.yaml")).expect("expectations written");
    assert!(written.contains("engine: king") && written.contains("version: king 1.0"), "{written}");
    assert!(written.contains("verdict: failed"), "{written}");
    // The same run against them: as expected, exit 0.
    let out = lawbook(&dir, &[&base[..], &["--expect", "king.yaml"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    // A fixed engine now passes: a verdict other than expected, exit 1.
    let obeys = king_engine(false);
    let fixed = ["check", "--jsonl", obeys.as_str(), "--name", "king", "--no-corpus", "--scenarios", "scenarios"];
    let out = lawbook(&dir, &[&fixed[..], &["--expect", "king.yaml"]].concat());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("king: 1 verdicts other than expected:") && stdout.contains("now passes"), "{stdout}");
    // A bad expectations file is bad usage, found before the run.
    std::fs::write(dir.join("bad.yaml"), "engine: [\n").expect("a file");
    let out = lawbook(&dir, &[&fixed[..], &["--expect", "bad.yaml"]].concat());
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("bad.yaml"), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_file_named_like_a_corpus_file_replaces_it() {
    let dir = folder("replace");
    let features = dir.join("features");
    std::fs::create_dir_all(&features).expect("a folder");
    std::fs::write(
        features.join("castling.feature"),
        "Feature: Castling, shortened\n  Scenario: One\n    Given White: Ke1\n    And Black: Ke8\n    \
         And White to move\n    Then the legal moves are Kd1, Kd2, Ke2, Kf1 and Kf2\n",
    )
    .expect("a feature file");
    let out = lawbook(&dir, &["check", "--engine", "lawbook", "--scenarios", "features", "--json", "run.json"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("run.json")).expect("the run")).expect("JSON");
    let scenarios = run["scenarios"].as_array().expect("scenarios");
    let castling =
        scenarios.iter().filter(|s| s["location"].as_str().is_some_and(|l| l.starts_with("castling."))).count();
    assert_eq!(castling, 1, "the corpus's castling.feature is replaced by the folder's");
    assert!(scenarios.len() > 300, "the rest of the corpus still runs");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn validate_protocol_holds_a_json_lines_engine_to_the_schema() {
    let dir = folder("schema");
    // Its hello names a feature no version of the protocol can have
    // (features are lower-case words joined by `_`).
    let engine = script("king.sh", "odd");
    std::fs::write(
        dir.join("king.feature"),
        "Feature: The king\n  Scenario: Five steps\n    Given White: Ke1\n    And Black: Ke8\n    And White to move\n    \
         Then the legal moves are Kd1, Kd2, Ke2, Kf1 and Kf2\n",
    )
    .expect("a feature file");
    let base = ["check", "--jsonl", engine.as_str(), "--no-corpus", "--scenarios", "."];
    let out = lawbook(&dir, &base);
    assert_eq!(out.status.code(), Some(0), "unchecked, it answers: {}{}", text(&out.stdout), text(&out.stderr));
    let out = lawbook(&dir, &[&base[..], &["--validate-protocol"]].concat());
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("schema") && stderr.contains("/features"), "{stderr}");
    let out = lawbook(&dir, &["check", "--engine", "lawbook", "--validate-protocol"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("checks the JSON-lines protocol"), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The fake engine that only its process group's end stops (`tests/fakes/stubborn.py`), writing its pids to `pids`.
fn stubborn(pids: &Path, slow: bool) -> String {
    let fake = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fakes/stubborn.py");
    format!("python3 {} {}{}", fake.display(), pids.display(), if slow { " slow" } else { "" })
}

/// The pids a stubborn engine wrote (each engine process and its child).
fn pids_in(file: &Path) -> Vec<u32> {
    std::fs::read_to_string(file).unwrap_or_default().lines().filter_map(|l| l.trim().parse().ok()).collect()
}

/// Whether `pid` is a process that still runs (a zombie has ended).
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().next()) != Some("Z"),
        Err(_) => false,
    }
}

/// Every pid in `file` ends within a second (the kernel may take a moment to reap).
fn assert_all_ended(file: &Path, what: &str) {
    let pids = pids_in(file);
    assert!(pids.len() >= 2, "{what}: the engine started ({pids:?})");
    let deadline = Instant::now() + Duration::from_secs(2);
    while pids.iter().any(|&p| running(p)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let alive: Vec<u32> = pids.into_iter().filter(|&p| running(p)).collect();
    for &pid in &alive {
        let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
    }
    assert!(alive.is_empty(), "{what}: engine processes outlived lawbook: {alive:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn no_engine_process_outlives_a_run() {
    let dir = folder("survivors");
    let pids = dir.join("pids");
    let engine = stubborn(&pids, false);
    let out = lawbook(&dir, &["check", "--jsonl", &engine, "--workers", "2", "--tags", "@fide-3.8.2.2"]);
    // It lists no legal moves: failures, and lawbook exits 1 once the run is over.
    assert_eq!(out.status.code(), Some(1), "{}{}", text(&out.stdout), text(&out.stderr));
    assert!(text(&out.stdout).contains("stubborn"), "named as it calls itself: {}", text(&out.stdout));
    // python3 runs the registry's python-chess too; the script is the engine.
    assert!(!text(&out.stderr).contains("registry knows"), "{}", text(&out.stderr));
    assert_all_ended(&pids, "a finished run");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(target_os = "linux")]
#[test]
fn an_interrupted_run_ends_its_engines() {
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let dir = folder(&format!("interrupted-{signal}"));
        let pids = dir.join("pids");
        let engine = stubborn(&pids, true);
        let mut child = Command::new(env!("CARGO_BIN_EXE_lawbook"))
            .args(["check", "--jsonl", &engine])
            .current_dir(&dir)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("lawbook starts");
        // Once the run's engine has started (the first start is checked and
        // kept), lawbook is interrupted in the middle of its scenarios.
        let started = Instant::now();
        while pids_in(&pids).len() < 2 && started.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_millis(1500));
        let _ = Command::new("kill").args([&format!("-{signal}"), &child.id().to_string()]).status();
        let deadline = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(status) = child.try_wait().expect("it can be waited for") {
                break status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("lawbook did not end on SIG{signal}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert_eq!(status.code(), Some(code), "SIG{signal}");
        assert_all_ended(&pids, &format!("a run ended by SIG{signal}"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
