//! `lawbook perft --jobs N`: the output is the same for every number of
//! threads (counts, `--divide` lines and their order, `--no-bulk`, perft
//! suites with their failures, Chess960), and `--moves` counts one line of
//! `--divide`.

use std::path::Path;
use std::process::{Command, Output};

fn lawbook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lawbook")).args(args).output().expect("lawbook runs")
}

/// The exit code and standard output, which must not depend on `--jobs`.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let output = lawbook(args);
    (output.status.code(), String::from_utf8(output.stdout).expect("UTF-8 output"))
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const CHESS960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";

#[test]
fn every_number_of_jobs_gives_the_same_output() {
    let suite = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lawbook-cli-perft-suite.epd");
    // Two right counts, one too low (found at once: "more than"), one too high.
    let text = format!("{KIWIPETE} ;D3 97862 ;D4 4085602\n{POSITION_4} ;D3 9467 ;D4 422334\n{CHESS960} ;D3 12189\n");
    std::fs::write(&suite, text).expect("suite written");
    let suite = suite.to_str().expect("UTF-8 path");
    let cases: [&[&str]; 8] = [
        &["perft", "startpos", "4"],
        &["perft", KIWIPETE, "3", "--divide"],
        &["perft", POSITION_4, "3", "--divide", "--no-bulk"],
        &["perft", CHESS960, "3", "--divide"],
        &["perft", "startpos", "3", "--no-bulk", "--moves", "e4", "c7c5"],
        &["perft", "startpos", "0", "--divide"],
        &["perft", "--epd", suite, "--max-nodes", "5000000"],
        &["perft", "--epd", suite, "--max-nodes", "500000", "--no-bulk"],
    ];
    for args in cases {
        let (code, one) = run(&[args, &["--jobs", "1"]].concat());
        assert!(!one.is_empty(), "{args:?}");
        for jobs in ["2", "3", "7"] {
            assert_eq!(run(&[args, &["--jobs", jobs]].concat()), (code, one.clone()), "{args:?} --jobs {jobs}");
        }
    }
    let (code, out) = run(&["perft", "--epd", suite, "--max-nodes", "5000000", "--jobs", "2"]);
    assert_eq!(code, Some(1));
    assert!(out.contains("depth 4: expected 4085602, got more than 4085602"), "{out}");
    assert!(out.contains("depth 4: expected 422334, got 422333"), "{out}");
    assert!(out.ends_with("3 passed, 2 failed\n"), "{out}");
}

#[test]
fn moves_count_one_line_of_divide() {
    let (code, divided) = run(&["perft", KIWIPETE, "3", "--divide", "--jobs", "2"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = divided.lines().filter(|l| l.contains(": ") && !l.starts_with("Nodes")).collect();
    assert_eq!(lines.len(), 48);
    let mut total = 0;
    for line in lines.iter().step_by(7) {
        let (mv, n) = line.split_once(": ").expect("MOVE: COUNT");
        let (code, counted) = run(&["perft", KIWIPETE, "2", "--moves", mv]);
        assert_eq!((code, counted.trim()), (Some(0), n), "{mv}");
        total += 1;
    }
    assert_eq!(total, 7);
    assert!(divided.ends_with("\nNodes searched: 97862\n"), "{divided}");
    // Chess960 castling, written king-takes-rook, is read back so.
    let rooks = "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1";
    let (_, divided) = run(&["perft", rooks, "3", "--divide"]);
    for mv in ["e1h1", "e1a1"] {
        let line = divided.lines().find(|l| l.starts_with(&format!("{mv}: "))).expect("castling listed");
        let (code, counted) = run(&["perft", rooks, "2", "--moves", mv]);
        assert_eq!((code, format!("{mv}: {}", counted.trim())), (Some(0), line.to_string()));
    }
}

#[test]
fn bad_jobs_moves_and_depths_are_one_line_each() {
    for (args, says) in [
        (&["perft", "startpos", "3", "--jobs", "0"][..], "--jobs"),
        (&["perft", "startpos", "3", "--moves", "e5"], "move 1 of --moves"),
        (&["perft", "startpos", "3", "--moves", "e4", "e4"], "move 2 of --moves"),
        // Deeper than any perft that ends, and than the stack allows.
        (&["perft", "startpos", "10000", "--jobs", "2"], "deeper than 64"),
    ] {
        let output = lawbook(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr.contains(says) && stderr.lines().count() == 1, "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
