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
//! - a UCI engine, started once and asked through the engines crate's UCI
//!   client (`lawbook_engines::adapters::uci::Connection`: its handshake,
//!   then per question `position fen F moves M...` and `go perft D`,
//!   answered with `e2e4: 20` lines (or `e2e4 - 20`, `e2e4 20`) and
//!   `Nodes searched: N`, read by `uci::divide`; `info` lines and other text
//!   are skipped, and an `isready`/`readyok` after each answer keeps the
//!   questions apart);
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
use lawbook_engines::adapters::uci::Connection;
use lawbook_engines::adapters::uci::divide::{self, Divided, add_count, checked, count_line};
use lawbook_engines::process::{Process, excerpt, locate, read_to_end};
use lawbook_movegen::{Move, Position, divide};
use lawbook_notation::{fen, uci};
use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, Instant};

/// The most lines one perft answer may take.
const MAX_ANSWER_LINES: usize = divide::MAX_LINES;

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

/// The engine being checked.
enum Subject {
    /// A UCI engine, started at the first question and kept for the others.
    Uci { command: Program, options: Vec<(String, String)>, timeout: Duration, connection: Option<Connection> },
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

/// The options to set, from `--option NAME=VALUE` (and `UCI_Chess960` first in Chess960).
fn option_pairs(options: &[String], chess960: bool) -> Result<Vec<(String, String)>, Failure> {
    let mut pairs = Vec::new();
    if chess960 {
        pairs.push(("UCI_Chess960".to_string(), "true".to_string()));
    }
    for option in options {
        let Some((name, value)) = option.split_once('=').filter(|(name, _)| !name.trim().is_empty()) else {
            return Err(usage(format!("--option {option:?}: expected NAME=VALUE, such as Hash=16")));
        };
        if option.chars().any(char::is_control) {
            return Err(usage(format!("--option {option:?} holds a line break or another control character")));
        }
        pairs.push((name.trim().to_string(), value.trim().to_string()));
    }
    Ok(pairs)
}

/// The words of an engine failure, without "the engine failed:".
fn why(error: EngineError) -> String {
    match error {
        EngineError::Failed(why) => why.to_string(),
        other => other.to_string(),
    }
}

impl Subject {
    fn new(args: &PerftDiffArgs, chess960: bool) -> Result<Subject, Failure> {
        let timeout = Duration::from_millis(args.timeout);
        match (&args.uci, &args.perft_cmd) {
            (Some(text), None) => Ok(Subject::Uci {
                command: command_words("--uci", text)?,
                options: option_pairs(&args.options, chess960)?,
                timeout,
                connection: None,
            }),
            (None, Some(text)) => Ok(Subject::PerftCmd { command: command_words("--perft-cmd", text)?, timeout }),
            _ => Err(usage("perft-diff needs exactly one of --uci and --perft-cmd".into())),
        }
    }

    /// The engine's divided perft for `question`, or why there is none.
    fn ask(&mut self, question: &Question<'_>) -> Result<Divided, String> {
        match self {
            Subject::Uci { command, options, timeout, connection } => {
                let limit = *timeout;
                let mut running = match connection.take() {
                    Some(running) => running,
                    None => Connection::open(&command.program, &command.args, options, limit).map_err(why)?,
                };
                let divided = running.divide(question.fen, question.moves, question.depth, limit).map_err(why)?;
                // Kept only after a complete answer: after a failure it is
                // dropped, which stops it.
                *connection = Some(running);
                Ok(divided)
            }
            Subject::PerftCmd { command, timeout } => {
                let lines = ask_perft_cmd(command, question, *timeout)?;
                read_perft_cmd_answer(&lines)
            }
        }
    }
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
        let found = count_line(line).map_err(|e| e.to_string())?.ok_or_else(|| {
            format!("cannot read the line {}: expected a move and its count, such as \"e2e4 20\"", excerpt(line))
        })?;
        add_count(&mut counts, found).map_err(|e| e.to_string())?;
    }
    checked(counts, total).map_err(|e| e.to_string())
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
    let mut engine = Subject::new(args, chess960)?;
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
    fn perftree_answers_are_read() {
        let perftree = read_perft_cmd_answer(&lines("e2e4 20\ng1f3 20\n\n40\n")).unwrap();
        assert_eq!((perftree.counts.len(), perftree.total), (2, 40));
        assert_eq!(read_perft_cmd_answer(&lines("\n0")).unwrap().total, 0);
    }

    #[test]
    fn unreadable_perftree_answers_are_refused_in_plain_words() {
        assert!(read_perft_cmd_answer(&lines("e2e4 20\n\n21")).unwrap_err().contains("add up to 20"));
        assert!(read_perft_cmd_answer(&lines("e2e4 20\ne2e4 20\n\n40")).unwrap_err().contains("twice"));
        assert!(read_perft_cmd_answer(&lines("e2e4 20\nhello\n\n20")).unwrap_err().contains("hello"));
        assert!(read_perft_cmd_answer(&lines("")).unwrap_err().contains("nothing"));
        assert!(read_perft_cmd_answer(&lines("e2e4 20\n\ntwenty")).unwrap_err().contains("total"));
    }

    #[test]
    fn options_and_commands_are_checked_before_anything_runs() {
        let pair = |name: &str, value: &str| (name.to_string(), value.to_string());
        assert_eq!(
            option_pairs(&["Hash=16".into(), "Skill Level = 3".into()], true).ok(),
            Some(vec![pair("UCI_Chess960", "true"), pair("Hash", "16"), pair("Skill Level", "3")])
        );
        assert!(option_pairs(&["Hash".into()], false).is_err());
        assert!(option_pairs(&["=3".into()], false).is_err());
        assert!(option_pairs(&["Hash=1\nquit".into()], false).is_err());
        assert!(command_words("--uci", "engine 'unclosed").is_err());
        assert!(command_words("--uci", "  ").is_err());
        let Ok(command) = command_words("--uci", "/no/such/engine 'a b' c") else { panic!("splits") };
        assert_eq!((command.program.as_str(), command.args), ("/no/such/engine", vec!["a b".to_string(), "c".into()]));
    }
}
