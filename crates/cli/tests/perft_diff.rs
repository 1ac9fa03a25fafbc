//! `lawbook perft-diff` against engines with a planted move-generation
//! fault.
//!
//! This test's binary is also the engines (`harness = false`): started with
//! one of the `--be-...` arguments below it is a small UCI engine (or a
//! perftree-style script) built on lawbook's own move generator with one
//! rule wrong; started otherwise it runs the cases, giving its own path to
//! the real `lawbook` binary as the engine under test.
//!
//! - `--be-faulty-uci FAULT`: a UCI engine whose `go perft` has the fault
//!   (`none`, `no-en-passant`: it never captures en passant,
//!   `castle-in-check`: its king may castle out of check);
//! - `--be-perftree-script FAULT DEPTH FEN MOVES`: the same, answering once
//!   in perftree's convention (`crash` exits 3 halfway through);
//! - `--be-crashing-uci`: forgets en passant, and exits halfway through its
//!   answer to any question with moves;
//! - `--be-hanging-uci`: prints the start of its first answer, then nothing;
//! - `--be-inconsistent-uci`: counts one node too many below the first move
//!   of the given position, and right everywhere else.

use lawbook_board::{CastlingMode, Relaxations};
use lawbook_movegen::{Move, Position};
use lawbook_notation::{fen, uci};
use std::io::{BufRead, Read, Write};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// The rule an engine gets wrong.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Fault {
    /// None: the engine counts as lawbook does.
    None,
    /// It never captures en passant.
    NoEnPassant,
    /// Its king may castle out of check.
    CastleInCheck,
}

impl Fault {
    fn named(name: &str) -> Option<Fault> {
        match name {
            "none" => Some(Fault::None),
            "no-en-passant" => Some(Fault::NoEnPassant),
            "castle-in-check" => Some(Fault::CastleInCheck),
            _ => None,
        }
    }
}

/// The moves the faulty engine generates: lawbook's, with the fault.
fn faulty_moves(pos: &Position, fault: Fault) -> Vec<Move> {
    let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    match fault {
        Fault::None => {}
        Fault::NoEnPassant => moves.retain(|m| !m.is_en_passant()),
        Fault::CastleInCheck if pos.is_check() => {
            // The castlings the king would have if no piece gave check.
            let mut setup = pos.to_setup();
            for square in pos.checkers() {
                setup.board.discard_piece_at(square);
            }
            if let Ok(unchecked) = Position::from_setup_relaxed(setup, pos.castling_mode(), Relaxations::ANALYSIS) {
                moves.extend(unchecked.legal_moves().iter().copied().filter(|m| m.is_castle()));
            }
        }
        Fault::CastleInCheck => {}
    }
    moves
}

fn faulty_perft(pos: &Position, depth: u32, fault: Fault) -> u64 {
    match depth {
        0 => 1,
        1 => faulty_moves(pos, fault).len() as u64,
        _ => faulty_moves(pos, fault).iter().map(|&m| faulty_perft(&pos.play_unchecked(m), depth - 1, fault)).sum(),
    }
}

/// A move in UCI; castling as the king's two-square step unless the engine
/// was told `UCI_Chess960` (as Stockfish does, whatever the FEN).
fn write_move(pos: &Position, mv: Move, chess960: bool) -> String {
    match mv.castling_squares() {
        Some((king, _)) if !chess960 => format!("{}{king}", mv.from()),
        _ => uci::write(pos, mv),
    }
}

/// The faulty divided perft: each move's UCI text and count, sorted.
fn faulty_divide(pos: &Position, depth: u32, fault: Fault, chess960: bool) -> Vec<(String, u64)> {
    let mut rows: Vec<(String, u64)> = faulty_moves(pos, fault)
        .iter()
        .map(|&m| (write_move(pos, m, chess960), faulty_perft(&pos.play_unchecked(m), depth.saturating_sub(1), fault)))
        .collect();
    rows.sort();
    rows
}

/// Sets up `FEN` (six fields) or `startpos`, then plays the moves.
fn set_up(words: &[&str], chess960: bool) -> Option<Position> {
    let (text, rest) = match words {
        ["startpos", rest @ ..] => (fen::STARTPOS.to_string(), rest),
        ["fen", rest @ ..] => {
            let fields = rest.iter().take_while(|w| **w != "moves").count();
            (rest[..fields].join(" "), &rest[fields..])
        }
        _ => return None,
    };
    let mode = chess960.then_some(CastlingMode::Chess960);
    let mut pos = fen::read_with(&text, mode, Relaxations::STRICT).ok()?;
    for text in rest.iter().skip(1) {
        pos = pos.play_unchecked(uci::read_legal(&pos, text).ok()?);
    }
    Some(pos)
}

/// How the UCI engine misbehaves beyond its fault.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Behaviour {
    Answers,
    CrashesAfterTheFirstMove,
    Hangs,
    /// One node too many below the first move of the given position.
    OvercountsAtTheStart,
}

fn uci_engine(fault: Fault, behaviour: Behaviour) -> ExitCode {
    let mut out = std::io::stdout().lock();
    let mut chess960 = false;
    let mut moves_given = false;
    let mut pos = Position::startpos();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let _ = match words.as_slice() {
            ["uci"] => writeln!(out, "id name faulty\noption name UCI_Chess960 type check default false\nuciok"),
            ["isready"] => writeln!(out, "readyok"),
            ["setoption", "name", "UCI_Chess960", "value", value] => {
                chess960 = *value == "true";
                Ok(())
            }
            ["position", rest @ ..] => match set_up(rest, chess960) {
                Some(set) => {
                    pos = set;
                    moves_given = rest.contains(&"moves");
                    Ok(())
                }
                None => writeln!(out, "info string cannot set up {line}"),
            },
            ["go", "perft", depth] => {
                let depth: u32 = depth.parse().unwrap_or(1);
                let mut rows = faulty_divide(&pos, depth, fault, chess960);
                if let (Behaviour::OvercountsAtTheStart, false, Some(first)) =
                    (behaviour, moves_given, rows.first_mut())
                {
                    first.1 += 1;
                }
                let _ = writeln!(out, "info string counting");
                match behaviour {
                    Behaviour::CrashesAfterTheFirstMove if moves_given => {
                        for (mv, n) in rows.iter().take(2) {
                            let _ = writeln!(out, "{mv}: {n}");
                        }
                        let _ = out.flush();
                        std::process::exit(3);
                    }
                    Behaviour::Hangs => {
                        for (mv, n) in rows.iter().take(1) {
                            let _ = writeln!(out, "{mv}: {n}");
                        }
                        let _ = out.flush();
                        std::thread::sleep(Duration::from_secs(120));
                    }
                    _ => {}
                }
                for (mv, n) in &rows {
                    let _ = writeln!(out, "{mv}: {n}");
                }
                writeln!(out, "\nNodes searched: {}", rows.iter().map(|(_, n)| n).sum::<u64>())
            }
            ["quit"] => break,
            _ => Ok(()),
        };
        let _ = out.flush();
    }
    ExitCode::SUCCESS
}

/// A perftree-style script: `FAULT DEPTH FEN MOVES`, answered once.
fn perftree_script(args: &[String]) -> ExitCode {
    let [fault, depth, fen_text, moves] = args else { return ExitCode::from(9) };
    let crash = fault == "crash";
    let Some(fault) = Fault::named(fault).or(crash.then_some(Fault::NoEnPassant)) else { return ExitCode::from(9) };
    let mut words = vec!["fen", fen_text.as_str()];
    if !moves.is_empty() {
        words.push("moves");
        words.extend(moves.split(' '));
    }
    // The FEN is one word here; set_up takes the fields until "moves".
    let joined = words.join(" ");
    let words: Vec<&str> = joined.split(' ').collect();
    let (Some(pos), Ok(depth)) = (set_up(&words, false), depth.parse()) else {
        return ExitCode::from(9);
    };
    // A Shredder-FEN castling field (HAha) gives Chess960, written king-takes-rook.
    let rows = faulty_divide(&pos, depth, fault, pos.castling_mode() == CastlingMode::Chess960);
    let mut out = std::io::stdout().lock();
    for (i, (mv, n)) in rows.iter().enumerate() {
        if crash && i == 2 {
            let _ = out.flush();
            return ExitCode::from(3);
        }
        let _ = writeln!(out, "{mv} {n}");
    }
    let _ = writeln!(out, "\n{}", rows.iter().map(|(_, n)| n).sum::<u64>());
    ExitCode::SUCCESS
}

/// What a run of `lawbook` gave.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    took: Duration,
}

/// The most a run may take before the case fails as a hang.
const RUN_LIMIT: Duration = Duration::from_secs(120);

/// Runs `lawbook ARGS`, killing it after [`RUN_LIMIT`].
fn lawbook(args: &[&str], close_stdout: bool) -> Result<Run, String> {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_lawbook"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start lawbook: {e}"))?;
    // Closed: nobody reads, so the first line written finds the pipe closed.
    let stdout = child.stdout.take().filter(|_| !close_stdout);
    let mut stderr = child.stderr.take().ok_or("no stderr")?;
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        if let Some(mut stdout) = stdout {
            let _ = stdout.read_to_string(&mut text);
        }
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("lawbook {args:?} still ran after {} s (killed)", RUN_LIMIT.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = start.elapsed();
    Ok(Run {
        code: status.code(),
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
        took,
    })
}

/// The command line that starts this binary as an engine.
fn engine(args: &[&str]) -> String {
    let exe = std::env::current_exe().expect("the test knows its own path");
    let exe = exe.to_string_lossy().into_owned();
    shlex::try_join(std::iter::once(exe.as_str()).chain(args.iter().copied())).expect("a path without NUL")
}

/// Checks the exit code, the exact output and that stderr is empty.
fn expect_output(run: &Run, code: i32, stdout: &str) -> Result<(), String> {
    if run.code != Some(code) || run.stdout != stdout || !run.stderr.is_empty() {
        return Err(format!(
            "expected exit {code} and output\n{stdout}got exit {:?}, output\n{}stderr\n{}",
            run.code, run.stdout, run.stderr
        ));
    }
    Ok(())
}

/// Checks exit 2, no output, and one error line holding every `part`.
fn expect_error(run: &Run, parts: &[&str]) -> Result<(), String> {
    let lines: Vec<&str> = run.stderr.lines().collect();
    let ok = run.code == Some(2)
        && run.stdout.is_empty()
        && lines.len() == 1
        && lines[0].starts_with("lawbook: ")
        && parts.iter().all(|p| lines[0].contains(p))
        && !run.stderr.contains("panicked");
    if !ok {
        return Err(format!(
            "expected exit 2 and one error line containing {parts:?}; got exit {:?}, stdout {:?}, stderr {:?}",
            run.code, run.stdout, run.stderr
        ));
    }
    Ok(())
}

/// One case: `Err` says what went wrong.
type Case = fn() -> Result<(), String>;

const EP_FEN: &str = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";

/// What lawbook prints for the no-en-passant engine from the start position at depth 5.
const NO_EN_PASSANT_FROM_START: &str = "\
lawbook and the engine disagree: perft 5 of startpos is 4865609 nodes for lawbook and 4865351 for the engine; the move lists differ after 4 moves, asked at depth 1:
fen rnbqkbnr/2pppppp/p7/Pp6/8/8/1PPPPPPP/RNBQKBNR w KQkq b6 0 3
moves a2a4 a7a6 a4a5 b7b5
missing a5b6
";

fn planted_fault_found_over_uci() -> Result<(), String> {
    let run =
        lawbook(&["perft-diff", "--uci", &engine(&["--be-faulty-uci", "no-en-passant"]), "startpos", "5"], false)?;
    expect_output(&run, 1, NO_EN_PASSANT_FROM_START)
}

fn planted_fault_found_over_perft_cmd() -> Result<(), String> {
    let run = lawbook(
        &["perft-diff", "--perft-cmd", &engine(&["--be-perftree-script", "no-en-passant"]), "startpos", "5"],
        false,
    )?;
    expect_output(&run, 1, NO_EN_PASSANT_FROM_START)
}

fn an_extra_move_is_found() -> Result<(), String> {
    let run = lawbook(
        &[
            "perft-diff",
            "--uci",
            &engine(&["--be-faulty-uci", "castle-in-check"]),
            "4k3/8/8/8/8/8/r7/4K2R b K - 0 1",
            "2",
        ],
        false,
    )?;
    expect_output(
        &run,
        1,
        "\
lawbook and the engine disagree: perft 2 of \"4k3/8/8/8/8/8/r7/4K2R b K - 0 1\" is 220 nodes for lawbook and 222 for the engine; the move lists differ after 1 move, asked at depth 1:
fen 4k3/8/8/8/8/8/8/r3K2R w K - 1 2
moves a2a1
extra e1g1
",
    )
}

fn a_difference_at_the_start_is_found() -> Result<(), String> {
    let run = lawbook(
        &[
            "perft-diff",
            "--perft-cmd",
            &engine(&["--be-perftree-script", "castle-in-check"]),
            "4k3/8/8/8/8/8/8/r3K2R w K - 0 1",
            "3",
        ],
        false,
    )?;
    let header = run.stdout.lines().next().unwrap_or_default();
    if !header.contains("the move lists differ in the given position, asked at depth 3:") {
        return Err(format!("unexpected header: {header:?}"));
    }
    let rest: Vec<&str> = run.stdout.lines().skip(1).collect();
    if rest != ["fen 4k3/8/8/8/8/8/8/r3K2R w K - 0 1", "moves (none)", "extra e1g1"] || run.code != Some(1) {
        return Err(format!("exit {:?}, output\n{}{}", run.code, run.stdout, run.stderr));
    }
    Ok(())
}

fn agreement_exits_0() -> Result<(), String> {
    let run = lawbook(&["perft-diff", "--uci", &engine(&["--be-faulty-uci", "none"]), "startpos", "4"], false)?;
    expect_output(
        &run,
        0,
        "lawbook and the engine agree: perft 4 of startpos is 197281 nodes, every move's count the same\n",
    )?;
    let run = lawbook(&["perft-diff", "--perft-cmd", &engine(&["--be-perftree-script", "none"]), EP_FEN, "3"], false)?;
    expect_output(
        &run,
        0,
        &format!("lawbook and the engine agree: perft 3 of \"{EP_FEN}\" is 11824 nodes, every move's count the same\n"),
    )
}

fn chess960_is_asked_as_chess960() -> Result<(), String> {
    // Castling either way at once, king-takes-rook (b1h1 and e1b1): the engine
    // writes it so only when lawbook tells it UCI_Chess960.
    let fen = "1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1";
    let run = lawbook(&["perft-diff", "--chess960", "--uci", &engine(&["--be-faulty-uci", "none"]), fen, "3"], false)?;
    let written = "1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1";
    expect_output(
        &run,
        0,
        &format!(
            "lawbook and the engine agree: perft 3 of \"{written}\" is 13600 nodes, every move's count the same\n"
        ),
    )
}

fn an_engine_that_contradicts_itself_is_told_so() -> Result<(), String> {
    let inconsistent = engine(&["--be-inconsistent-uci"]);
    let run = lawbook(&["perft-diff", "--uci", &inconsistent, "startpos", "2"], false)?;
    expect_output(
        &run,
        1,
        "\
lawbook and the engine disagree: perft 2 of startpos is 400 nodes for lawbook and 401 for the engine; after 1 move, asked at depth 1, the engine lists the same moves with the same counts as lawbook (20 nodes), but one ply up it counted 21 for a2a3: it contradicts itself
fen rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq - 0 1
moves a2a3
",
    )?;
    let run = lawbook(&["perft-diff", "--uci", &inconsistent, "startpos", "1"], false)?;
    expect_output(
        &run,
        1,
        "\
lawbook and the engine disagree: perft 1 of startpos is 20 nodes for lawbook and 21 for the engine; in the given position, asked at depth 1, the engine counts 2 nodes for a2a3, but at depth 1 each move is one node
fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
moves (none)
",
    )
}

fn a_crash_mid_answer_names_the_position() -> Result<(), String> {
    let run = lawbook(&["perft-diff", "--uci", &engine(&["--be-crashing-uci"]), EP_FEN, "3"], false)?;
    expect_error(&run, &[&format!("perft 2 of \"{EP_FEN}\" after the moves d7d5:"), "exited"])?;
    let run = lawbook(&["perft-diff", "--perft-cmd", &engine(&["--be-perftree-script", "crash"]), EP_FEN, "3"], false)?;
    expect_error(&run, &[&format!("perft 3 of \"{EP_FEN}\" (no moves):"), "exit status: 3"])
}

fn a_hang_times_out_and_names_the_position() -> Result<(), String> {
    let run =
        lawbook(&["perft-diff", "--timeout", "500", "--uci", &engine(&["--be-hanging-uci"]), EP_FEN, "3"], false)?;
    expect_error(&run, &[&format!("perft 3 of \"{EP_FEN}\" (no moves):"), "within the time limit of 500 ms"])?;
    if run.took > Duration::from_secs(20) {
        return Err(format!("a 500 ms timeout took {:?}", run.took));
    }
    Ok(())
}

fn bad_usage_exits_2() -> Result<(), String> {
    let faulty = engine(&["--be-faulty-uci", "none"]);
    let cases: [(&[&str], &str); 10] = [
        (&["perft-diff", "startpos", "3"], "--uci"),
        (&["perft-diff", "--uci", &faulty, "--perft-cmd", &faulty, "startpos", "3"], "cannot be used with"),
        (&["perft-diff", "--uci", "engine 'unclosed", "startpos", "3"], "cannot be split"),
        (&["perft-diff", "--uci", "", "startpos", "3"], "empty"),
        (&["perft-diff", "--uci", &faulty, "not a fen", "3"], "FEN"),
        (&["perft-diff", "--uci", &faulty, "startpos", "0"], "0"),
        (&["perft-diff", "--uci", &faulty, "startpos", "three"], "three"),
        (&["perft-diff", "--uci", &faulty, "--option", "Hash", "startpos", "3"], "NAME=VALUE"),
        (&["perft-diff", "--perft-cmd", &faulty, "--option", "Hash=1", "startpos", "3"], "cannot be used with"),
        (&["perft-diff", "--uci", "/nonexistent/engine", "startpos", "3"], "cannot start the engine"),
    ];
    for (args, part) in cases {
        expect_error(&lawbook(args, false)?, &[part]).map_err(|e| format!("{args:?}: {e}"))?;
    }
    // A program that cannot start is asked about a position like any other.
    expect_error(&lawbook(&["perft-diff", "--uci", "/nonexistent/engine", "startpos", "3"], false)?, &["(no moves)"])
}

fn a_closed_pipe_ends_quietly() -> Result<(), String> {
    let run = lawbook(&["perft-diff", "--uci", &engine(&["--be-faulty-uci", "no-en-passant"]), EP_FEN, "3"], true)?;
    if run.code != Some(0) || !run.stderr.is_empty() {
        return Err(format!("exit {:?}, stderr {:?}", run.code, run.stderr));
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("--be-faulty-uci") => {
            let Some(fault) = args.get(2).and_then(|name| Fault::named(name)) else { return ExitCode::from(9) };
            return uci_engine(fault, Behaviour::Answers);
        }
        Some("--be-crashing-uci") => return uci_engine(Fault::NoEnPassant, Behaviour::CrashesAfterTheFirstMove),
        Some("--be-hanging-uci") => return uci_engine(Fault::None, Behaviour::Hangs),
        Some("--be-inconsistent-uci") => return uci_engine(Fault::None, Behaviour::OvercountsAtTheStart),
        Some("--be-perftree-script") => return perftree_script(&args[2..]),
        _ => {}
    }
    let cases: [(&str, Case); 11] = [
        ("the planted fault is found over UCI", planted_fault_found_over_uci),
        ("the planted fault is found over --perft-cmd", planted_fault_found_over_perft_cmd),
        ("a move only the engine lists is extra", an_extra_move_is_found),
        ("a difference at the start is found at once", a_difference_at_the_start_is_found),
        ("agreement exits 0", agreement_exits_0),
        ("Chess960 is asked as Chess960", chess960_is_asked_as_chess960),
        ("an engine that contradicts itself is told so", an_engine_that_contradicts_itself_is_told_so),
        ("a crash mid-answer names the position", a_crash_mid_answer_names_the_position),
        ("a hang times out and names the position", a_hang_times_out_and_names_the_position),
        ("bad usage exits 2", bad_usage_exits_2),
        ("a closed pipe ends quietly", a_closed_pipe_ends_quietly),
    ];
    let mut failed = 0;
    for (name, case) in cases {
        match case() {
            Ok(()) => println!("ok      {name}"),
            Err(why) => {
                failed += 1;
                println!("FAILED  {name}:\n{why}\n");
            }
        }
    }
    println!("perft_diff: {} passed, {failed} failed", cases.len() - failed);
    if failed > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
