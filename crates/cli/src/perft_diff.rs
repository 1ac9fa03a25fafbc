//! `lawbook perft-diff`: find where a chess engine's move generation goes
//! wrong.
//!
//! The engine's divided perft (the count below each legal move) is compared
//! with lawbook's. Where a count differs, the walk goes down the first such
//! move (in sorted UCI order), one ply shallower, and asks again, until it
//! reaches a position whose move lists differ: a move only one side lists.
//! That position is printed with the moves that lead to it and a `missing`
//! or `extra` line per move.
//!
//! Two kinds of engine are asked:
//!
//! - a UCI engine, started once: `uci`/`uciok`, the options, `isready`/
//!   `readyok`, then per question `position fen F moves M...` and
//!   `go perft D`, answered with `e2e4: 20` lines (or `e2e4 - 20`,
//!   `e2e4 20`) and `Nodes searched: N`; `info` lines and other text are
//!   skipped, and an `isready`/`readyok` after each answer keeps the
//!   questions apart;
//! - a perftree-style command, run once per question with the depth, the FEN
//!   and the moves as three more arguments, printing `e2e4 20` lines, a blank
//!   line and the total.
//!
//! Every question waits at most `--timeout`; an engine that cannot be
//! started, exits, hangs or prints what cannot be read ends the run with one
//! line naming the position asked about (exit 2), never a hang.

use crate::{Failure, PositionArgs, say, usage};
use clap::{ArgGroup, Args};
use lawbook_board::CastlingMode;
use lawbook_engines::EngineError;
use lawbook_engines::process::{Process, excerpt, locate, read_answer, read_to_end, send};
use lawbook_movegen::{Move, Position, divide};
use lawbook_notation::uci::UciMove;
use lawbook_notation::{fen, uci};
use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, Instant};

/// The most lines a handshake (`uci` ... `uciok`) may take.
const MAX_HANDSHAKE_LINES: usize = 5_000;
/// The most lines one perft answer may take (a position has at most 218
/// moves; the rest leaves room for `info` lines).
const MAX_ANSWER_LINES: usize = 10_000;

/// The arguments of `lawbook perft-diff`.
#[derive(Args)]
#[command(group(ArgGroup::new("engine").required(true).args(["uci", "perft_cmd"])))]
pub(crate) struct PerftDiffArgs {
    /// The UCI engine to check, as a command line: `--uci /usr/games/stockfish`,
    /// `--uci "./myengine --quiet"`. It is split into words as a shell would, but no shell is run.
    #[arg(long, value_name = "PROGRAM ARG...")]
    uci: Option<String>,
    /// Instead of --uci: a command run once per question with three more arguments, the depth,
    /// the FEN and the moves (UCI, space-separated, an empty string when none), printing
    /// `MOVE COUNT` lines, a blank line, then the total (perftree's convention).
    #[arg(long, value_name = "PROGRAM ARG...")]
    perft_cmd: Option<String>,
    /// The position: a FEN in quotes, or `startpos`.
    fen: String,
    /// How many plies deep to count (at least 1).
    #[arg(value_parser = clap::value_parser!(u32).range(1..))]
    depth: u32,
    /// Set a UCI option first: `--option Hash=16` sends `setoption name Hash value 16` (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE", conflicts_with = "perft_cmd")]
    options: Vec<String>,
    /// The longest wait for one answer, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(1..))]
    timeout: u64,
    #[command(flatten)]
    position: PositionArgs,
}

/// One question to the engine: the divided perft of the start position
/// after some moves.
struct Question<'a> {
    /// The start position's FEN, as sent.
    fen: &'a str,
    /// The moves from the start position, in UCI.
    moves: &'a [String],
    depth: u32,
}

impl fmt::Display for Question<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "perft {} of \"{}\"", self.depth, self.fen)?;
        if self.moves.is_empty() {
            f.write_str(" (no moves)")
        } else {
            write!(f, " after the moves {}", self.moves.join(" "))
        }
    }
}

/// An engine's divided perft: the count below each move it lists (keyed by
/// the move's UCI text), and the total it gives.
#[derive(Debug)]
struct Divided {
    counts: BTreeMap<String, u64>,
    total: u64,
}

/// The engine being checked.
enum Engine {
    /// A UCI engine, started at the first question and kept for the others.
    Uci { command: Program, setup: Vec<String>, timeout: Duration, process: Option<Process> },
    /// A perftree-style command, run once per question.
    PerftCmd { command: Program, timeout: Duration },
}

/// A program and its arguments, from `--uci` or `--perft-cmd`.
struct Program {
    program: String,
    args: Vec<String>,
}

/// Splits a `--uci` or `--perft-cmd` value into words, the program found on
/// PATH or in `/usr/games`.
fn command_words(flag: &str, text: &str) -> Result<Program, Failure> {
    let words = shlex::split(text).ok_or_else(|| {
        usage(format!("{flag} {text:?} cannot be split into words (an unclosed quote, or a backslash at the end)"))
    })?;
    let Some((program, args)) = words.split_first() else {
        return Err(usage(format!("{flag} is empty: it needs a program to run")));
    };
    let program = locate(program).map_or_else(|| program.clone(), |path| path.to_string_lossy().into_owned());
    Ok(Program { program, args: args.to_vec() })
}

/// The `setoption` lines for `--option NAME=VALUE` (and `UCI_Chess960` first in Chess960).
fn setup_lines(options: &[String], chess960: bool) -> Result<Vec<String>, Failure> {
    let mut lines = Vec::new();
    if chess960 {
        lines.push("setoption name UCI_Chess960 value true".to_string());
    }
    for option in options {
        let Some((name, value)) = option.split_once('=').filter(|(name, _)| !name.trim().is_empty()) else {
            return Err(usage(format!("--option {option:?}: expected NAME=VALUE, such as Hash=16")));
        };
        if option.chars().any(char::is_control) {
            return Err(usage(format!("--option {option:?} holds a line break or another control character")));
        }
        lines.push(format!("setoption name {} value {}", name.trim(), value.trim()));
    }
    Ok(lines)
}

/// The words of an engine failure, without "the engine failed:".
fn why(error: EngineError) -> String {
    match error {
        EngineError::Failed(why) => why.to_string(),
        other => other.to_string(),
    }
}

impl Engine {
    fn new(args: &PerftDiffArgs, chess960: bool) -> Result<Engine, Failure> {
        let timeout = Duration::from_millis(args.timeout);
        match (&args.uci, &args.perft_cmd) {
            (Some(text), None) => Ok(Engine::Uci {
                command: command_words("--uci", text)?,
                setup: setup_lines(&args.options, chess960)?,
                timeout,
                process: None,
            }),
            (None, Some(text)) => Ok(Engine::PerftCmd { command: command_words("--perft-cmd", text)?, timeout }),
            _ => Err(usage("perft-diff needs exactly one of --uci and --perft-cmd".into())),
        }
    }

    /// The engine's divided perft for `question`, or why there is none.
    fn ask(&mut self, question: &Question<'_>) -> Result<Divided, String> {
        match self {
            Engine::Uci { command, setup, timeout, process } => {
                let limit = *timeout;
                let mut running = match process.take() {
                    Some(running) => running,
                    None => start_uci(command, setup, limit)?,
                };
                let lines = ask_uci(&mut running, question, limit)?;
                // Kept only after a complete answer: after a failure it is
                // dropped, which stops it.
                *process = Some(running);
                read_uci_answer(&lines)
            }
            Engine::PerftCmd { command, timeout } => {
                let lines = ask_perft_cmd(command, question, *timeout)?;
                read_perft_cmd_answer(&lines)
            }
        }
    }
}

/// Starts a UCI engine: `uci`, `uciok`, the options, `isready`, `readyok`.
fn start_uci(command: &Program, setup: &[String], limit: Duration) -> Result<Process, String> {
    let mut process = Process::spawn(&command.program, &command.args).map_err(|e| e.to_string())?;
    let deadline = Instant::now() + limit;
    send(&mut process, "uci").map_err(why)?;
    read_answer(&mut process, "uciok", deadline, limit, MAX_HANDSHAKE_LINES, |l| l.trim() == "uciok").map_err(why)?;
    for line in setup {
        send(&mut process, line).map_err(why)?;
    }
    send(&mut process, "isready").map_err(why)?;
    read_answer(&mut process, "readyok", deadline, limit, MAX_HANDSHAKE_LINES, |l| l.trim() == "readyok")
        .map_err(why)?;
    Ok(process)
}

/// Asks a running UCI engine one question; the lines of its answer.
fn ask_uci(process: &mut Process, question: &Question<'_>, limit: Duration) -> Result<Vec<String>, String> {
    let deadline = Instant::now() + limit;
    let mut position = format!("position fen {}", question.fen);
    if !question.moves.is_empty() {
        position.push_str(" moves ");
        position.push_str(&question.moves.join(" "));
    }
    send(process, &position).map_err(why)?;
    send(process, &format!("go perft {}", question.depth)).map_err(why)?;
    let what = "\"Nodes searched\"";
    let lines = read_answer(process, what, deadline, limit, MAX_ANSWER_LINES, |l| {
        total_line(l.trim()).is_some() || l.trim_start().starts_with("bestmove")
    })
    .map_err(why)?;
    // Whatever the engine prints after its total is read here, not taken
    // for part of the next answer.
    send(process, "isready").map_err(why)?;
    read_answer(process, "readyok after its perft answer", deadline, limit, MAX_ANSWER_LINES, |l| {
        l.trim() == "readyok"
    })
    .map_err(why)?;
    Ok(lines)
}

/// Runs a perftree-style command for one question; the lines it printed.
fn ask_perft_cmd(command: &Program, question: &Question<'_>, limit: Duration) -> Result<Vec<String>, String> {
    let deadline = Instant::now() + limit;
    let mut args = command.args.clone();
    args.extend([question.depth.to_string(), question.fen.to_string(), question.moves.join(" ")]);
    let mut process = Process::spawn(&command.program, &args).map_err(|e| e.to_string())?;
    let lines = read_to_end(&mut process, "perft counts", deadline, limit, MAX_ANSWER_LINES).map_err(why)?;
    let status = process.exit_status(deadline).map_err(|_| {
        format!("the program closed its output but did not exit within the time limit of {} ms", limit.as_millis())
    })?;
    if !status.success() {
        let last = lines.last().map(|l| format!("; its last line was {}", excerpt(l))).unwrap_or_default();
        return Err(format!("the program ended with {status}{last}"));
    }
    Ok(lines)
}

/// The count of `Nodes searched: N`, if `line` is that line (the number
/// itself may still be unreadable).
fn total_line(line: &str) -> Option<&str> {
    line.strip_prefix("Nodes searched").map(|rest| rest.trim_start_matches(':').trim())
}

/// Whether a word has the shape of a UCI move (two squares, or `0000`).
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    word == "0000" || (matches!(b.len(), 4 | 5) && square(b[0], b[1]) && square(b[2], b[3]))
}

/// Reads a `MOVE: COUNT`, `MOVE - COUNT` or `MOVE COUNT` line: `None` when
/// the line does not start with a move.
fn entry(line: &str) -> Result<Option<(String, u64)>, String> {
    let end = line.find(|c: char| c == ':' || c.is_whitespace()).unwrap_or(line.len());
    let (word, rest) = line.split_at(end);
    if !looks_like_move(word) {
        return Ok(None);
    }
    let unreadable =
        || format!("cannot read the line {}: expected a move and its count, such as \"e2e4: 20\"", excerpt(line));
    let mv: UciMove = word.parse().map_err(|_| unreadable())?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix(':').or_else(|| rest.strip_prefix('-')).unwrap_or(rest).trim();
    let count = rest.parse::<u64>().map_err(|_| unreadable())?;
    Ok(Some((mv.to_string(), count)))
}

/// Adds one move's count, refusing a move listed twice.
fn add(counts: &mut BTreeMap<String, u64>, (mv, count): (String, u64)) -> Result<(), String> {
    if counts.contains_key(&mv) {
        return Err(format!("it lists {mv} twice (does it generate the move twice?)"));
    }
    counts.insert(mv, count);
    Ok(())
}

/// Checks that the counts add up to the total.
fn checked(counts: BTreeMap<String, u64>, total: u64) -> Result<Divided, String> {
    let sum = counts.values().try_fold(0u64, |sum, &n| sum.checked_add(n));
    if sum != Some(total) {
        let sum = sum.map_or_else(|| "more than 2^64".to_string(), |s| s.to_string());
        return Err(format!("its counts add up to {sum}, but it gives the total as {total}"));
    }
    Ok(Divided { counts, total })
}

/// Reads a UCI engine's `go perft` answer (the lines up to `Nodes searched`).
fn read_uci_answer(lines: &[String]) -> Result<Divided, String> {
    let mut counts = BTreeMap::new();
    for line in lines {
        let line = line.trim();
        if line.starts_with("bestmove") {
            return Err(format!(
                "it answered `go perft` with {}, as if searching: does it know `go perft`?",
                excerpt(line)
            ));
        }
        if let Some(number) = total_line(line) {
            let total = number
                .parse()
                .map_err(|_| format!("cannot read the total in {}: expected \"Nodes searched: N\"", excerpt(line)))?;
            return checked(counts, total);
        }
        // `info` lines, headers and blank lines are skipped.
        if let Some(found) = entry(line)? {
            add(&mut counts, found)?;
        }
    }
    Err("its answer ended without \"Nodes searched: N\"".to_string())
}

/// Reads a perftree-style answer: `MOVE COUNT` lines, a blank line, the total.
fn read_perft_cmd_answer(lines: &[String]) -> Result<Divided, String> {
    let mut lines: Vec<&str> = lines.iter().map(|l| l.trim()).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    let Some(last) = lines.pop() else {
        return Err("it printed nothing".to_string());
    };
    let total = last.parse().map_err(|_| {
        format!("cannot read its last line {} as the total: expected a number after a blank line", excerpt(last))
    })?;
    let mut counts = BTreeMap::new();
    for line in lines.into_iter().filter(|l| !l.is_empty()) {
        let found = entry(line)?.ok_or_else(|| {
            format!("cannot read the line {}: expected a move and its count, such as \"e2e4 20\"", excerpt(line))
        })?;
        add(&mut counts, found)?;
    }
    checked(counts, total)
}

/// Where the walk is: "in the given position", "after 1 move", "after N moves".
fn after(moves: usize) -> String {
    match moves {
        0 => "in the given position".to_string(),
        1 => "after 1 move".to_string(),
        n => format!("after {n} moves"),
    }
}

/// Runs `lawbook perft-diff`: `Ok` when every count agrees, exit 1 (an
/// empty [`Failure`]) after printing where they disagree, exit 2 for bad
/// usage or an engine that fails.
pub(crate) fn run(args: &PerftDiffArgs) -> Result<(), Failure> {
    let root = args.position.read(&args.fen).map_err(usage)?;
    let chess960 = root.castling_mode() == CastlingMode::Chess960;
    let write_fen = |pos: &Position| if chess960 { fen::write_shredder(pos) } else { fen::write(pos) };
    let root_fen = write_fen(&root);
    let mut engine = Engine::new(args, chess960)?;
    let name = if args.fen.trim() == "startpos" { "startpos".to_string() } else { format!("\"{root_fen}\"") };

    let mut pos = root;
    let mut moves: Vec<String> = Vec::new();
    let mut depth = args.depth;
    // What the engine counted, one ply up, for the move that led here.
    let mut counted_above: Option<u64> = None;
    let mut totals: Option<(u64, u64)> = None;
    loop {
        let question = Question { fen: &root_fen, moves: &moves, depth };
        let theirs =
            engine.ask(&question).map_err(|why| Failure(format!("the engine failed on {question}: {why}"), 2))?;
        let ours: BTreeMap<String, (Move, u64)> =
            divide(&pos, depth).into_iter().map(|(m, n)| (uci::write(&pos, m), (m, n))).collect();
        let (lawbook_total, engine_total) =
            *totals.get_or_insert_with(|| (ours.values().map(|(_, n)| n).sum(), theirs.total));
        let header = format!(
            "lawbook and the engine disagree: perft {} of {name} is {lawbook_total} nodes for lawbook and {engine_total} for the engine;",
            args.depth
        );
        let missing: Vec<&String> = ours.keys().filter(|m| !theirs.counts.contains_key(*m)).collect();
        let extra: Vec<&String> = theirs.counts.keys().filter(|m| !ours.contains_key(*m)).collect();
        let here = |words: String| -> Result<(), Failure> {
            say(format_args!("{header} {words}"))?;
            say(format_args!("fen {}", write_fen(&pos)))?;
            say(format_args!("moves {}", if moves.is_empty() { "(none)".to_string() } else { moves.join(" ") }))
        };
        if !missing.is_empty() || !extra.is_empty() {
            here(format!("the move lists differ {}, asked at depth {depth}:", after(moves.len())))?;
            for mv in missing {
                say(format_args!("missing {mv}"))?;
            }
            for mv in extra {
                say(format_args!("extra {mv}"))?;
            }
            return Err(Failure(String::new(), 1));
        }
        // The lists agree here, so every move of lawbook's has the engine's count.
        let differing = ours.iter().find_map(|(mv, &(m, n))| {
            let counted = theirs.counts.get(mv).copied().unwrap_or_default();
            (counted != n).then_some((mv, m, counted))
        });
        match (differing, counted_above) {
            (None, None) => {
                return say(format_args!(
                    "lawbook and the engine agree: perft {} of {name} is {lawbook_total} nodes, every move's count the same",
                    args.depth
                ));
            }
            (None, Some(above)) => {
                here(format!(
                    "{}, asked at depth {depth}, the engine lists the same moves with the same counts as lawbook ({} nodes), but one ply up it counted {above} for {}: it contradicts itself",
                    after(moves.len()),
                    theirs.total,
                    moves.last().map_or("", String::as_str),
                ))?;
                return Err(Failure(String::new(), 1));
            }
            (Some((mv, _, counted)), _) if depth == 1 => {
                here(format!(
                    "{}, asked at depth 1, the engine counts {counted} nodes for {mv}, but at depth 1 each move is one node",
                    after(moves.len()),
                ))?;
                return Err(Failure(String::new(), 1));
            }
            (Some((mv, m, counted)), _) => {
                counted_above = Some(counted);
                pos = pos.play_unchecked(m);
                moves.push(mv.clone());
                depth -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(str::to_string).collect()
    }

    #[test]
    fn the_common_ways_of_writing_a_count_are_read() {
        let answer = lines("info string hello\na2a3: 1\nb2b3 - 2\nc2c3 3\nd7d8q:4\n\nNodes searched: 10");
        let divided = read_uci_answer(&answer).unwrap();
        assert_eq!(divided.total, 10);
        let counts: Vec<(&str, u64)> = divided.counts.iter().map(|(m, n)| (m.as_str(), *n)).collect();
        assert_eq!(counts, [("a2a3", 1), ("b2b3", 2), ("c2c3", 3), ("d7d8q", 4)]);
        let perftree = read_perft_cmd_answer(&lines("e2e4 20\ng1f3 20\n\n40\n")).unwrap();
        assert_eq!((perftree.counts.len(), perftree.total), (2, 40));
        assert_eq!(read_perft_cmd_answer(&lines("\n0")).unwrap().total, 0);
    }

    #[test]
    fn unreadable_answers_are_refused_in_plain_words() {
        let refused = |text: &str| read_uci_answer(&lines(text)).unwrap_err();
        assert!(refused("e2e4: 20\nNodes searched: 21").contains("add up to 20"));
        assert!(refused("e2e4: lots\nNodes searched: 20").contains("cannot read the line"));
        assert!(refused("e2e4: 1\ne2e4: 1\nNodes searched: 2").contains("twice"));
        assert!(refused("e2e4: 1\nNodes searched: many").contains("the total"));
        assert!(refused("bestmove e2e4").contains("go perft"));
        assert!(refused("e2e4: 1").contains("without"));
        assert!(read_perft_cmd_answer(&lines("e2e4 20\nhello\n\n20")).unwrap_err().contains("hello"));
        assert!(read_perft_cmd_answer(&lines("")).unwrap_err().contains("nothing"));
        assert!(read_perft_cmd_answer(&lines("e2e4 20\n\ntwenty")).unwrap_err().contains("total"));
    }

    #[test]
    fn options_and_commands_are_checked_before_anything_runs() {
        assert_eq!(
            setup_lines(&["Hash=16".into(), "Skill Level = 3".into()], true).ok(),
            Some(vec![
                "setoption name UCI_Chess960 value true".to_string(),
                "setoption name Hash value 16".to_string(),
                "setoption name Skill Level value 3".to_string(),
            ])
        );
        assert!(setup_lines(&["Hash".into()], false).is_err());
        assert!(setup_lines(&["=3".into()], false).is_err());
        assert!(setup_lines(&["Hash=1\nquit".into()], false).is_err());
        assert!(command_words("--uci", "engine 'unclosed").is_err());
        assert!(command_words("--uci", "  ").is_err());
        let Ok(command) = command_words("--uci", "/no/such/engine 'a b' c") else { panic!("splits") };
        assert_eq!((command.program.as_str(), command.args), ("/no/such/engine", vec!["a b".to_string(), "c".into()]));
    }
}
