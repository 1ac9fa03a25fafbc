//! Faults under a full run: engines that crash or hang cost one verdict
//! each, never the run, and no scenario passes on a dead engine's answer.
//!
//! Each test runs a slice of the corpus (`lawbook check --tags`)
//! twice against one real engine: straight, and behind the fault proxy
//! (`tests/fakes/fault_proxy.py`, run by Python 3), which kills the engine
//! or hangs before some of the requests (seeded, so a failure can be
//! replayed). Then every scenario has a verdict, faults happened and cost
//! error verdicts, each fault cost at most one verdict, and a scenario
//! passes (or fails) behind the proxy only where it passes (or fails)
//! without it. Engines that are not installed are skipped with a note;
//! `lawbook serve` always runs.
//!
//! A test binary of its own: its runs hold the engines to short time
//! limits, so no other test may share the processor with them (they take
//! turns among themselves, see [`run`]); in the one binary of the other
//! tests, a run of the whole corpus beside them would make answers late
//! without any fault.

use lawbook_conformance::records::{EngineRun, Verdict};
use lawbook_engines::FaultKind;
use lawbook_engines::process::locate;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The `lawbook` binary of this package.
fn lawbook() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_lawbook"))
}

/// The workspace root, where the runs start.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The fault proxy, a committed script.
fn proxy() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fakes/fault_proxy.py")
}

/// The Python 3 interpreter itself, as it names itself: the proxy is started
/// again after every fault, and a version manager's `python3` (pyenv's shim
/// is a shell script) would add a tenth of a second to every start. The
/// proxy is run with `-S` (no site packages to look through: it needs none),
/// so that it starts in about 30 ms.
fn python() -> String {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON
        .get_or_init(|| {
            let asked = Command::new("python3").args(["-c", "import sys; print(sys.executable)"]).output();
            let named = asked
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
            named.filter(|path| !path.is_empty()).unwrap_or_else(|| "python3".to_string())
        })
        .clone()
}

/// The scenarios every engine is run on: how the pieces move and castling
/// in its plain form (about forty, and xboard engines, which judge one
/// move at a time, can answer nearly all of them).
const SLICE: &str = "@fide-3.2 or @fide-3.3 or @fide-3.4 or @fide-3.5 or @fide-3.7.1 or @fide-3.8.2.1";

/// The longest a run may take before the test calls it hung.
const RUN_LIMIT: Duration = Duration::from_secs(120);

/// The time limit of the runs without faults: long, so that a slow answer
/// on a busy machine is not taken for a verdict the faults changed.
const CLEAN_TIMEOUT_MS: u64 = 10_000;

/// An engine as the registry describes it.
struct Subject {
    name: &'static str,
    protocol: &'static str,
    program: PathBuf,
    args: Vec<String>,
    options: &'static [(&'static str, &'static str)],
    /// The time limit behind the proxy: short, since each hang costs it,
    /// but not so short that a busy machine's pause looks like a hang (on
    /// a machine with two processors a line through the proxy took up to
    /// 185 ms; 300 ms gave one error without a fault in about six runs of
    /// Fairy-Max, and with both processors kept busy by other programs
    /// Stockfish's start-up took over a second).
    timeout_ms: u64,
}

/// The faults the proxy injects: rates per thousand requests.
#[derive(Clone, Copy)]
struct Faults {
    seed: u64,
    kill: f64,
    stall: f64,
}

/// A fresh folder in the temporary folder.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lawbook-faults-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// A string as YAML (JSON is YAML).
fn yaml(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The registry file: the engine itself, or the proxy with the engine as its arguments.
fn registry(subject: &Subject, faults: Option<(Faults, &Path)>) -> String {
    let program = subject.program.to_string_lossy().into_owned();
    let (command, mut args) = match faults {
        None => (program, Vec::new()),
        Some((faults, log)) => (
            python(),
            vec![
                "-S".to_string(),
                proxy().to_string_lossy().into_owned(),
                "--seed".to_string(),
                faults.seed.to_string(),
                "--kill".into(),
                faults.kill.to_string(),
                "--stall".into(),
                faults.stall.to_string(),
                // The run starts the engine once to see that it runs at all:
                // a fault there would end the run before any verdict.
                "--spare".into(),
                "1".into(),
                "--log".into(),
                log.to_string_lossy().into_owned(),
                "--".into(),
                program,
            ],
        ),
    };
    args.extend(subject.args.iter().cloned());
    let mut text = format!(
        "engines:\n  - name: {}\n    protocol: {}\n    command: {}\n    args: [{}]\n    timeout_ms: {}\n",
        subject.name,
        subject.protocol,
        yaml(&command),
        args.iter().map(|a| yaml(a)).collect::<Vec<_>>().join(", "),
        if faults.is_some() { subject.timeout_ms } else { CLEAN_TIMEOUT_MS }
    );
    if !subject.options.is_empty() {
        text.push_str("    options:\n");
        for (key, value) in subject.options {
            text.push_str(&format!("      {key}: {}\n", yaml(value)));
        }
    }
    text
}

/// One run of `tags`, within [`RUN_LIMIT`]; its verdicts and the faults logged.
/// One run at a time: engines that share the processor with other runs
/// could miss their short time limits without any fault.
fn run(subject: &Subject, tags: &str, faults: Option<Faults>, dir: &Path) -> (EngineRun, Vec<String>) {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let log = dir.join("faults.log");
    let registry_file = dir.join("engines.yaml");
    std::fs::write(&registry_file, registry(subject, faults.map(|f| (f, log.as_path())))).expect("the registry");
    let json = dir.join("run.json");
    let output = std::fs::File::create(dir.join("output.txt")).expect("a file for the output");
    let mut child = Command::new(lawbook())
        .current_dir(workspace())
        .args(["check", "--engine", subject.name, "--tags", tags, "--registry"])
        .arg(&registry_file)
        .arg("--json")
        .arg(&json)
        .stdin(Stdio::null())
        .stdout(output.try_clone().expect("the output file"))
        .stderr(output)
        .spawn()
        .expect("lawbook check starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the run can be waited for") {
            break status;
        }
        if started.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the run of {} hangs: no end within {RUN_LIMIT:?} (output in {})", subject.name, dir.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let shown = || std::fs::read_to_string(dir.join("output.txt")).unwrap_or_default();
    // 0: as expected; 1: some verdicts failed or ended in an engine error (as
    // faults make them); 2: the engine answered no question at all (a dead one).
    assert!(matches!(status.code(), Some(0..=2)), "the run of {} failed ({status}):\n{}", subject.name, shown());
    let text = std::fs::read_to_string(&json).unwrap_or_else(|e| panic!("{}: {e}\n{}", json.display(), shown()));
    let run: EngineRun = serde_json::from_str(&text).expect("the run's JSON");
    let logged = std::fs::read_to_string(&log).unwrap_or_default().lines().map(str::to_string).collect();
    (run, logged)
}

/// Each scenario's verdict, by where it is (an outline's rows share a name).
fn verdicts(run: &EngineRun) -> BTreeMap<(String, String, String), Verdict> {
    run.scenarios.iter().map(|r| ((r.feature.clone(), r.location.clone(), r.scenario.clone()), r.verdict)).collect()
}

fn count(run: &EngineRun, verdict: Verdict) -> usize {
    run.scenarios.iter().filter(|r| r.verdict == verdict).count()
}

/// Runs the slice without and with faults and checks what the faults cost.
fn faults_cost_one_verdict_each(subject: &Subject, faults: Faults) {
    let started = Instant::now();
    let clean_dir = folder(&format!("{}-clean", subject.name));
    let (clean, none) = run(subject, SLICE, None, &clean_dir);
    assert!(none.is_empty());
    let dir = folder(&format!("{}-faulty", subject.name));
    let (faulty, logged) = run(subject, SLICE, Some(faults), &dir);
    let kills = logged.iter().filter(|l| l.starts_with("kill ")).count();
    let stalls = logged.iter().filter(|l| l.starts_with("stall ")).count();
    println!(
        "{}: {} scenarios; {} faults ({kills} kills, {stalls} stalls) in {} processes; \
         clean {:?}, faulty {:?}, {} failed answers; {:.1}s",
        subject.name,
        faulty.scenarios.len(),
        logged.len(),
        std::fs::read_to_string(dir.join("faults.log.processes")).unwrap_or_default().lines().count(),
        clean.counts(),
        faulty.counts(),
        faulty.engine_faults,
        started.elapsed().as_secs_f64()
    );
    let (before, after) = (verdicts(&clean), verdicts(&faulty));
    assert_eq!(clean.scenarios.len(), faulty.scenarios.len(), "every scenario gets a verdict");
    assert_eq!(before.keys().collect::<Vec<_>>(), after.keys().collect::<Vec<_>>(), "the same scenarios");
    assert!(count(&clean, Verdict::Passed) > 0, "the clean run passes scenarios: {:?}", clean.counts());
    assert!(!logged.is_empty(), "the proxy injected no fault: raise the rates");
    assert!(count(&faulty, Verdict::Error) > 0, "faults cost no verdict: {logged:?}");
    assert!(count(&faulty, Verdict::Passed) > 0, "the engine answers again after a fault: {:?}", faulty.counts());
    for (key, verdict) in &after {
        let was = before[key];
        // A fault never makes an engine right, nor wrong: only unable to answer.
        if matches!(verdict, Verdict::Passed | Verdict::Failed) {
            assert_eq!(*verdict, was, "{key:?}: {} behind faults, {} without", verdict.name(), was.name());
        }
    }
    let changed = after.iter().filter(|(key, verdict)| before[*key] != **verdict).count();
    assert!(changed <= logged.len(), "{changed} verdicts changed by {} faults: {logged:#?}", logged.len());
    assert!(
        faulty.engine_faults as usize >= count(&faulty, Verdict::Error),
        "the run counts {} failed answers for {} error verdicts",
        faulty.engine_faults,
        count(&faulty, Verdict::Error)
    );
    // Every fault is counted by its kind, and a killed or stalled engine
    // exited or timed out; each error verdict names its step's fault, or
    // the fault while it was asked to move.
    let by_kind: usize = faulty.faults.values().sum();
    assert_eq!(by_kind as u64, faulty.engine_faults, "every fault has its kind: {:?}", faulty.faults);
    assert!(
        faulty.faults.keys().any(|k| matches!(k, FaultKind::Exited | FaultKind::TimedOut)),
        "kills and stalls show as exits or time-outs: {:?}",
        faulty.faults
    );
    for record in faulty.scenarios.iter().filter(|r| r.verdict == Verdict::Error) {
        // A step's fault, or one while it was asked to move in the scenario's positions.
        let named =
            record.steps.iter().any(|s| s.fault.is_some()) || record.play.as_ref().is_some_and(|p| p.fault.is_some());
        assert!(named, "{}: an error with no fault kind", record.id);
    }
    let _ = std::fs::remove_dir_all(clean_dir);
    let _ = std::fs::remove_dir_all(dir);
}

/// The program `name`, or a note that the test is skipped.
fn installed(name: &str) -> Option<PathBuf> {
    let found = locate(name);
    if found.is_none() {
        println!("skipped: {name} is not installed (not on PATH or in /usr/games)");
    }
    found
}

fn serve() -> Subject {
    Subject {
        name: "lawbook-serve",
        protocol: "jsonl",
        program: lawbook(),
        args: vec!["serve".into()],
        options: &[],
        timeout_ms: 1000,
    }
}

#[test]
fn lawbook_serve_behind_faults() {
    faults_cost_one_verdict_each(&serve(), Faults { seed: 11, kill: 40.0, stall: 20.0 });
}

#[test]
fn stockfish_behind_faults() {
    let Some(program) = installed("stockfish") else { return };
    let subject = Subject {
        name: "stockfish",
        protocol: "uci",
        program,
        args: Vec::new(),
        options: &[("Threads", "1"), ("Hash", "16")],
        // Stockfish takes about 0.2 s to load its network at start-up, and
        // much longer on a busy machine.
        timeout_ms: 3000,
    };
    faults_cost_one_verdict_each(&subject, Faults { seed: 5, kill: 10.0, stall: 5.0 });
}

#[test]
fn an_xboard_engine_behind_faults() {
    let Some(program) = installed("fairymax") else { return };
    let subject = Subject {
        name: "fairymax",
        protocol: "xboard",
        program,
        args: Vec::new(),
        options: &[("memory", "4")],
        timeout_ms: 2000,
    };
    // Judging one move at a time takes about a thousand lines a scenario.
    faults_cost_one_verdict_each(&subject, Faults { seed: 3, kill: 0.15, stall: 0.05 });
}

#[test]
fn the_same_seed_gives_the_same_faults() {
    let faults = Faults { seed: 11, kill: 40.0, stall: 20.0 };
    let (first, first_log) = run(&serve(), SLICE, Some(faults), &folder("replay-1"));
    let (second, second_log) = run(&serve(), SLICE, Some(faults), &folder("replay-2"));
    assert!(!first_log.is_empty());
    assert_eq!(first_log, second_log);
    assert_eq!(verdicts(&first), verdicts(&second));
}

/// An engine that starts once and then never again: every question tries
/// to start it, and no scenario passes, not even those about lawbook's own
/// model (square colours, piece values), which it cannot answer.
#[test]
fn an_engine_that_never_starts_again_passes_nothing() {
    let tags = "@BOARD-01 or @BOARD-02 or @VALUE-01 or @DRAW-06 or @OTB-01";
    let dir = folder("dead");
    let (dead, logged) = run(&serve(), tags, Some(Faults { seed: 1, kill: 1000.0, stall: 0.0 }), &dir);
    println!("a dead engine: {:?} in {} scenarios, {} faults", dead.counts(), dead.scenarios.len(), logged.len());
    assert!(dead.scenarios.len() > 10);
    assert_eq!(dead.engine_answers, Some(0), "a dead engine answers nothing, and the run says so");
    for record in &dead.scenarios {
        assert!(
            matches!(record.verdict, Verdict::Error | Verdict::Unsupported),
            "{}: {} with no engine running",
            record.scenario,
            record.verdict.name()
        );
    }
    assert!(count(&dead, Verdict::Error) > 0);
    assert!(logged.len() >= count(&dead, Verdict::Error), "one start tried per error at least: {logged:?}");
    let _ = std::fs::remove_dir_all(dir);
}
