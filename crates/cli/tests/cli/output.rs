//! The `lawbook` command's output and usage errors: a reader that goes away
//! ends the output quietly (no panic, status 0), and a misspelt option is
//! answered with the option meant.

use std::process::{Command, Stdio};

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    for args in [
        &["perft", "startpos", "3", "--divide"][..],
        &["perft", "startpos", "3"],
        &["moves", "startpos"],
        &["status", "startpos"],
        &["check", "--engine", "lawbook", "--tags", "@CASTLE-11"],
        &["check", "--engine", "lawbook", "--tags", "@CASTLE-11", "--verbose"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lawbook"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("lawbook starts");
        // Nobody reads: the first line written finds the pipe closed.
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("lawbook ends");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{args:?}: {:?} {stderr}", output.status);
        assert!(stderr.is_empty(), "{args:?}: nothing to say, but: {stderr}");
    }
}

#[test]
fn a_misspelt_option_is_answered_with_the_one_meant() {
    let output = Command::new(env!("CARGO_BIN_EXE_lawbook"))
        .args(["moves", "startpos", "--fromat", "san"])
        .output()
        .expect("lawbook runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr.contains("--format"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
}
