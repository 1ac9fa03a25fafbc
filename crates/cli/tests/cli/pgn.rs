//! `lawbook pgn`: every game of the PGN test files replays; `--json` prints
//! one object a line with the documented fields in order; a bad game gives
//! exit code 1 and an error naming its line, while the other games are still
//! reported; an unreadable file or no file gives exit code 2.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn lawbook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lawbook")).args(args).output().expect("lawbook runs")
}

fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../notation/tests/data/pgn")
        .join(name)
        .to_str()
        .expect("UTF-8 path")
        .to_string()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn json_lines(output: &Output) -> Vec<Value> {
    stdout(output).lines().map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"))).collect()
}

/// A file in this test's scratch folder.
fn scratch(name: &str, text: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("lawbook-cli-pgn-{name}"));
    std::fs::write(&path, text).expect("scratch file written");
    path
}

#[test]
fn every_test_game_replays() {
    let files: Vec<String> =
        ["rare_events.pgn", "molinari-bordais-1979.pgn", "fools-mate.pgn", "setup-black-to-move.pgn"]
            .iter()
            .map(|f| data(f))
            .collect();
    let args: Vec<&str> = std::iter::once("pgn").chain(files.iter().map(String::as_str)).collect();
    let output = lawbook(&args);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 34, "{text}");
    assert_eq!(lines[33], "33 games, 0 failed");
    assert_eq!(
        lines[31],
        format!(
            "{} game 1: 0-1, 4 plies, ends by checkmate, rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            files[2]
        )
    );
}

#[test]
fn json_has_the_documented_fields_in_order() {
    let fools = data("fools-mate.pgn");
    let setup = data("setup-black-to-move.pgn");
    let output = lawbook(&["pgn", "--json", &fools, &setup]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let first = text.lines().next().expect("a line");
    assert_eq!(
        first,
        format!(
            "{{\"file\":{},\"game\":1,\"result\":\"0-1\",\"plies\":4,\"final_fen\":\"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\",\"termination\":\"checkmate\",\"error\":null,\"disagreement\":null,\"problem\":null,\"said\":null,\"record\":null}}",
            Value::from(fools.as_str())
        )
    );
    let games = json_lines(&output);
    assert_eq!(games.len(), 2);
    assert_eq!(games[1]["file"], Value::from(setup.as_str()));
    assert_eq!(games[1]["result"], "*");
    assert_eq!(games[1]["plies"], 4);
    assert_eq!(games[1]["final_fen"], "r1bqk1nr/ppp2ppp/2np4/b3p3/2BPP3/2P2N2/P4PPP/RNBQ1RK1 b kq - 0 3");
    assert_eq!(games[1]["termination"], Value::Null, "the game is not over");
}

#[test]
fn a_bad_game_fails_with_its_line_and_the_others_are_reported() {
    let text = "[Event \"good\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
                [Event \"bad\"]\n[Result \"0-1\"]\n\n1. e4 e5\n2. Ke3 Nc6 0-1\n\n\
                [Event \"unfinished\"]\n\n1. d4 { never closed\n\n\
                [Event \"good again\"]\n[Result \"*\"]\n\n1. d4 *\n";
    let path = scratch("bad.pgn", text);
    let path = path.to_str().expect("UTF-8 path");
    let output = lawbook(&["pgn", "--json", path]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("2 of 4 games failed; the first: ") && stderr.contains("game 2: error at line 10"),
        "{stderr}"
    );
    let games = json_lines(&output);
    assert_eq!(games.len(), 4);
    assert_eq!(games[0]["error"], Value::Null);
    assert_eq!(games[0]["plies"], 7);
    assert_eq!(games[1]["game"], 2);
    assert_eq!(games[1]["result"], "0-1");
    assert_eq!(games[1]["plies"], 2);
    assert_eq!(games[1]["final_fen"], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(games[1]["error"]["line"], 10);
    assert_eq!(games[1]["error"]["message"], "move 2. Ke3: no white king can move to e3");
    assert_eq!(games[2]["error"]["line"], 14);
    assert!(games[2]["error"]["message"].as_str().is_some_and(|m| m.contains("comment")));
    assert_eq!(games[3]["game"], 4);
    assert_eq!(games[3]["error"], Value::Null);

    // Without --json: one line a game, then the count.
    let output = lawbook(&["pgn", path]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains(&format!("{path} game 2: error at line 10: move 2. Ke3: no white king can move to e3\n")));
    assert!(text.ends_with("4 games, 2 failed (1 illegal; 1 unreadable)\n"), "{text}");
}

#[test]
fn unreadable_files_and_missing_arguments_exit_2() {
    let output = lawbook(&["pgn", "/no/such/file.pgn"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("lawbook: cannot read /no/such/file.pgn"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1);

    let output = lawbook(&["pgn"]);
    assert_eq!(output.status.code(), Some(2));
    let output = lawbook(&["pgn", "--jsn", &data("fools-mate.pgn")]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(lawbook(&["pgn", "--jobs", "0", &data("fools-mate.pgn")]).status.code(), Some(2));
    // More jobs than threads are started: at most 256.
    assert_eq!(lawbook(&["pgn", "--jobs", "100000", &data("fools-mate.pgn")]).status.code(), Some(0));
}

#[test]
fn termination_and_a_result_that_contradicts_the_moves() {
    let dir = std::env::temp_dir().join(format!("lawbook-pgn-judged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("judged.pgn");
    // The fool's mate twice: once with the right result, once claimed as a draw.
    let game = |result: &str| format!("[Result \"{result}\"]\n\n1. f3 e5 2. g4 Qh4# {result}\n\n");
    std::fs::write(&path, game("0-1") + &game("1/2-1/2")).unwrap();
    let out =
        std::process::Command::new(env!("CARGO_BIN_EXE_lawbook")).arg("pgn").arg("--json").arg(&path).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].contains("\"termination\":\"checkmate\"")
            && lines[0].ends_with("\"disagreement\":null,\"problem\":null,\"said\":null,\"record\":null}"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("the moves end the game 0-1 by checkmate, but the Result tag says 1/2-1/2"),
        "{}",
        lines[1]
    );
    assert_eq!(out.status.code(), Some(1), "a contradicted result fails the run");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `lawbook ARGS` with `input` on its standard input.
fn lawbook_with_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_lawbook"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lawbook runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("lawbook ends");
    writer.join().expect("the writer ends").expect("the input is written");
    output
}

#[test]
fn standard_input_is_read_for_a_dash() {
    let text = std::fs::read(data("fools-mate.pgn")).unwrap();
    let output = lawbook_with_stdin(&["pgn", "-"], &text);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(
        stdout(&output),
        "- game 1: 0-1, 4 plies, ends by checkmate, rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n\
         1 games, 0 failed\n"
    );
}

#[test]
fn compressed_input_is_recognised_by_its_content_not_its_name() {
    use std::io::Write;
    let text = std::fs::read(data("rare_events.pgn")).unwrap();
    let plain = lawbook(&["pgn", "--json", &data("rare_events.pgn")]);
    assert_eq!(plain.status.code(), Some(0));
    let zst = zstd::encode_all(&text[..], 3).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&text).unwrap();
    let gz = gz.finish().unwrap();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    bz.write_all(&text).unwrap();
    let bz = bz.finish().unwrap();
    // Names that say nothing, or the wrong thing.
    for (name, bytes) in [("zstd.pgn", &zst), ("gzip.bz2", &gz), ("bzip2", &bz)] {
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("lawbook-cli-pgn-{name}"));
        std::fs::write(&path, bytes).unwrap();
        let path = path.to_str().expect("UTF-8 path");
        let output = lawbook(&["pgn", "--json", path]);
        assert_eq!(output.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&output.stderr));
        let expected = stdout(&plain).replace(&data("rare_events.pgn"), path);
        assert_eq!(stdout(&output), expected, "{name}");
        // And through standard input.
        let output = lawbook_with_stdin(&["pgn", "--json", "-"], bytes);
        assert_eq!(stdout(&output), stdout(&plain).replace(&data("rare_events.pgn"), "-"), "{name} on stdin");
    }
    // A broken compressed file is an unreadable input: exit 2, saying why.
    let path = scratch("broken.pgn", "");
    std::fs::write(&path, &zst[..zst.len() / 2]).unwrap();
    let output = lawbook(&["pgn", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("lawbook: cannot read "));
}

/// A file of many games (several chunks for the workers), with broken games
/// among them: an illegal move, a move that is no move, an unclosed comment,
/// a missing result, and a game whose moves go on after a fivefold repetition.
fn many_games() -> String {
    let good = std::fs::read_to_string(data("rare_events.pgn")).unwrap();
    let broken = [
        "[Event \"illegal\"]\n[Result \"0-1\"]\n\n1. e4 e5\n2. Ke3 Nc6 0-1\n\n",
        "[Event \"unreadable\"]\n[Result \"*\"]\n\n1. e4 Zz9 *\n\n",
        "[Event \"open comment\"]\n\n1. d4 { never closed\n\n",
        "[Event \"no result\"]\n\n1. d4 d5\n\n",
        "[Event \"fivefold\"]\n[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 \
         6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 1/2-1/2\n\n",
    ];
    let mut text = String::new();
    for round in 0..6 {
        text.push_str(&good);
        text.push_str("\n\n");
        text.push_str(broken[round % broken.len()]);
    }
    text
}

#[test]
fn broken_games_are_reported_with_their_lines_and_none_after_them_is_lost() {
    let text = many_games();
    let path = scratch("many.pgn", &text);
    let path = path.to_str().expect("UTF-8 path");
    let output = lawbook(&["pgn", "--json", "--jobs", "3", path]);
    assert_eq!(output.status.code(), Some(1));
    let games = json_lines(&output);
    // 30 good games a round, then one broken one.
    assert_eq!(games.len(), 6 * 31, "{}", stdout(&output));
    let lines: Vec<&str> = text.lines().collect();
    let line_of = |from: usize, needle: &str| from + lines[from - 1..].iter().position(|l| l.contains(needle)).unwrap();
    let mut problems = Vec::new();
    for (i, game) in games.iter().enumerate() {
        assert_eq!(game["game"], i + 1);
        if (i + 1) % 31 != 0 {
            assert_eq!(game["problem"], Value::Null, "{game}");
            continue;
        }
        problems.push(game["problem"].as_str().unwrap().to_string());
        let round = i / 31;
        let start = line_of(1, "")
            + lines.iter().enumerate().filter(|(_, l)| l.starts_with("[Event ")).nth(31 * round + 30).unwrap().0;
        match round % 5 {
            0 => {
                assert_eq!(game["error"]["line"], line_of(start, "2. Ke3"));
                assert_eq!(game["error"]["message"], "move 2. Ke3: no white king can move to e3");
            }
            1 => assert_eq!(game["error"]["line"], line_of(start, "Zz9")),
            2 => {
                let open = line_of(start, "never closed");
                assert_eq!(game["error"]["line"], open);
                let message = game["error"]["message"].as_str().unwrap();
                assert!(message.contains(&format!("on line {open} ")), "{message}");
            }
            3 => assert_eq!(game["error"]["line"], line_of(start, "1. d4 d5")),
            _ => {
                assert_eq!(game["error"], Value::Null);
                assert_eq!(game["termination"], "fivefold_repetition");
                assert_eq!(
                    game["disagreement"],
                    "the game ended by fivefold_repetition after 16 plies, but 1 more follow"
                );
            }
        }
    }
    assert_eq!(problems, ["illegal", "unreadable", "unreadable", "unreadable", "after-end", "illegal"]);
}

#[test]
fn fail_on_chooses_which_problems_fail() {
    let fivefold = "[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 \
                    6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 1/2-1/2\n";
    let path = scratch("after-end.pgn", fivefold);
    let path = path.to_str().expect("UTF-8 path");
    // Reported, but by default no failure.
    let output = lawbook(&["pgn", path]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let text = stdout(&output);
    assert!(
        text.contains("ends by fivefold_repetition") && text.contains("; MOVES AFTER THE END: the game ended"),
        "{text}"
    );
    assert!(text.ends_with("1 games, 0 failed (1 after-end, not failing)\n"), "{text}");
    let output = lawbook(&["pgn", "--fail-on", "after-end", path]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).ends_with("1 games, 1 failed (1 after-end)\n"));

    // A move after a mate: the reader refuses it, but the game was over: after-end.
    let mate = scratch("after-mate.pgn", "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 0-1\n");
    let mate = mate.to_str().expect("UTF-8 path");
    let output = lawbook(&["pgn", "--json", mate]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let game = &json_lines(&output)[0];
    assert_eq!(game["problem"], "after-end");
    assert_eq!(game["termination"], "checkmate");
    assert_eq!(game["plies"], 4);
    assert_eq!(game["error"]["line"], 3);
    assert_eq!(game["disagreement"], "the game ended by checkmate after 4 plies, but more moves follow");
    let output = lawbook(&["pgn", "--fail-on", "after-end", mate]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains(": error at line 3: move 3. a3: "), "{}", stdout(&output));
    assert!(stdout(&output).contains("; MOVES AFTER THE END: the game ended by checkmate after 4 plies"));

    let bad = scratch("illegal.pgn", "1. e4 e5 2. Ke3 *\n");
    let bad = bad.to_str().expect("UTF-8 path");
    assert_eq!(lawbook(&["pgn", bad]).status.code(), Some(1));
    assert_eq!(lawbook(&["pgn", "--fail-on", "none", bad]).status.code(), Some(0));
    assert_eq!(lawbook(&["pgn", "--fail-on", "unreadable,after-end", bad]).status.code(), Some(0));
    assert_eq!(lawbook(&["pgn", "--fail-on", "illegal", bad]).status.code(), Some(1));
    assert_eq!(lawbook(&["pgn", "--fail-on", "sometimes", bad]).status.code(), Some(2));
}

#[test]
fn the_output_is_the_same_for_every_number_of_jobs() {
    let path = scratch("jobs.pgn", &many_games().repeat(3));
    let path = path.to_str().expect("UTF-8 path");
    let fools = data("fools-mate.pgn");
    for extra in [&[][..], &["--json"][..], &["--full-judging"][..]] {
        let run = |jobs: &str| {
            let mut args = vec!["pgn", "--jobs", jobs, path, &fools, path];
            args.extend_from_slice(extra);
            let output = lawbook(&args);
            (output.status.code(), stdout(&output), String::from_utf8_lossy(&output.stderr).into_owned())
        };
        let one = run("1");
        assert_eq!(one.0, Some(1));
        assert!(one.1.lines().count() > 1000);
        for jobs in ["2", "3", "8"] {
            assert!(run(jobs) == one, "--jobs {jobs} {extra:?} differs from --jobs 1");
        }
    }
}
