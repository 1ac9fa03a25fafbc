//! `replies`: an engine whose every answer is the fuzzer's bytes. The first
//! byte picks the protocol (UCI, xboard, lawbook's JSON lines: the byte
//! modulo 3) and, for JSON lines, whether replies are checked against the
//! protocol's schema (`validate_protocol`: the byte divided by 3 is odd, so
//! 2 is unchecked, 5 checked); the rest is
//! what the engine prints, whatever it is asked: a shell prints it each
//! time the adapter starts the engine, then reads its input until the
//! adapter closes it. The adapter must give each question one
//! answer or one error, without panicking and within its time limits, and
//! never hang, whatever the output: truncated, reordered, binary, endless
//! lines, a valid transcript of another position.

use lawbook_engines::{Engine, PositionQuery, Question, adapters, registry};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The protocols, by the input's first byte.
const PROTOCOLS: [&str; 3] = ["uci", "xboard", "jsonl"];

/// The longest the questions below may take together: each waits at most the
/// time limit, a restart or two included.
const BOUND: Duration = Duration::from_secs(60);

/// Runs the questions of a corpus run against an engine printing `data[1..]`.
///
/// # Panics
/// When an adapter panics, or the questions take longer than [`BOUND`].
pub fn replies(data: &[u8]) {
    static INPUT: AtomicUsize = AtomicUsize::new(0);
    let Some((&which, output)) = data.split_first() else { return };
    let protocol = PROTOCOLS[usize::from(which) % PROTOCOLS.len()];
    let validate = (usize::from(which) / PROTOCOLS.len()) % 2 == 1;
    let file = std::env::temp_dir().join(format!(
        "lawbook-fuzz-replies-{}-{}",
        std::process::id(),
        INPUT.fetch_add(1, Ordering::Relaxed)
    ));
    if std::fs::write(&file, output).is_err() {
        return;
    }
    // A short time limit: the output is all there at once, so a wait is
    // only ever for a line that will not come.
    let yaml = format!(
        "engines:\n  - name: fuzzed\n    protocol: {protocol}\n    command: sh\n    \
         args: [\"-c\", \"cat \\\"$1\\\"; while read -r _; do :; done\", sh, {:?}]\n    timeout_ms: 5\n    \
         validate_protocol: {validate}\n",
        file.display().to_string()
    );
    let spec = registry::parse(&yaml).expect("the registry entry is well formed").remove(0);
    let started = Instant::now();
    if let Ok(mut engine) = adapters::build(&spec) {
        let start = PositionQuery::from_start(&[]).expect("the initial position");
        let mate = PositionQuery::from_start(&["f2f3", "e7e5", "g2g4", "d8h4"]).expect("fool's mate");
        let e2e4 = "e2e4".parse().expect("a UCI move");
        let questions = [
            Question::LegalMoves,
            Question::IsLegal(e2e4),
            Question::InCheck,
            Question::Checkers,
            Question::Checkmate,
            Question::Stalemate,
            Question::Board,
            Question::Outcome,
            Question::Repetitions,
            Question::CanClaimThreefold,
            Question::Trace(vec![vec!["e4".into()]]),
        ];
        for question in &questions {
            // One answer or one error: either is fine, a panic is not.
            let _ = engine.answer(&start, question);
        }
        let _ = engine.answer(&mate, &Question::Checkmate);
        let _ = engine.version();
    }
    let _ = std::fs::remove_file(&file);
    assert!(started.elapsed() < BOUND, "the questions took {:?}", started.elapsed());
}
