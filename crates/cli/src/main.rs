//! The `lawbook` command: perft and perft suites, legal moves and a position's
//! status, PGN judged, the JSON-lines rules protocol (`serve`), an engine
//! checked against the corpus (`check`) and its perft compared (`perft-diff`).

use clap::{Args, Parser, Subcommand, ValueEnum};
use lawbook_board::{CastlingMode, Relaxations};
use lawbook_movegen::{
    Leaves, Position, divide, divide_parallel, perft, perft_bounded, perft_bounded_parallel, perft_leaf, perft_parallel,
};
use lawbook_notation::{Lang, ReadOptions, Strictness, epd, fen, read_move, san, uci};
use std::num::NonZeroUsize;
use std::process::ExitCode;

use lawbook_cli::serve;

mod check;
mod perft_diff;
mod pgn;
mod status;

/// Check chess positions and moves against the Laws of Chess.
#[derive(Parser)]
#[command(name = "lawbook", version, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the move sequences of a given depth (perft), or check a perft suite.
    ///
    /// Examples: `lawbook perft startpos 5`, `lawbook perft "<FEN>" 3 --divide`,
    /// `lawbook perft --epd suite.epd --max-nodes 1000000`.
    /// --jobs splits the tree on one machine; to split it across machines,
    /// count each root move's subtree as its own job: `lawbook moves "<FEN>"`
    /// lists the root moves, and `lawbook perft "<FEN>" D-1 --moves MOVE`
    /// is that move's line of `lawbook perft "<FEN>" D --divide`; the
    /// counts add up to the total.
    Perft(PerftArgs),
    /// List the legal moves of a position, one a line, sorted.
    Moves(MovesArgs),
    /// Replay the main line of every game of PGN files, a line per game.
    ///
    /// Each game is judged in one replay. By default: after every move,
    /// insufficient material, seventy-five moves and fivefold repetition;
    /// at the end of the game, also checkmate, stalemate and the search for
    /// a dead position (blocked pawns). `--full-judging` runs that search
    /// after every move as well.
    ///
    /// Examples: `lawbook pgn games.pgn`, `lawbook pgn a.pgn b.pgn --json`,
    /// `zstdcat db.pgn.zst | lawbook pgn - --jobs 2`, `lawbook pgn db.pgn.zst --fail-on illegal,after-end`.
    /// Exit code 1 when some game has a problem of a kind that --fail-on
    /// names (by default an illegal or unreadable move or other text, or a
    /// Result tag the moves contradict; moves after the end are reported but
    /// do not fail), 2 when a file cannot be read.
    Pgn(pgn::PgnArgs),
    /// Show how a game stands (check, mate, stalemate, draws, claims) as one JSON object.
    Status(status::StatusArgs),
    /// Check a chess engine against the rule corpus (built in: no checkout needed).
    ///
    /// Examples: `lawbook check --uci stockfish --report out`,
    /// `lawbook check --xboard gnuchess --expect expected.yaml`,
    /// `lawbook check --engine python-chess --tags "@CASTLE-11 or @faq"`.
    /// Prints the verdicts other than expected and a closing line
    /// `N passed, N failed, N unsupported, N error`. Exit code 0 when every
    /// verdict is as expected (with no --expect: nothing failed or ended in
    /// an engine error), 1 when some are not, 2 for bad usage, a bad
    /// registry or expectations file, or an engine that cannot be started.
    Check(Box<check::CheckArgs>),
    /// Answer the JSON-lines rules protocol (conformance/PROTOCOL.md) on stdin and stdout.
    ///
    /// One request a line, one reply a line, until end of input: lawbook as a rules oracle for other tools.
    Serve(serve::ServeArgs),
    /// Find where a chess engine's perft goes wrong: the first position whose legal moves differ from lawbook's.
    ///
    /// Examples: `lawbook perft-diff --uci /usr/games/stockfish startpos 5`,
    /// `lawbook perft-diff --perft-cmd ./perftree-script "<FEN>" 4`.
    /// It prints that position's FEN, the moves that lead to it, and `missing MOVE` (lawbook lists it,
    /// the engine does not) or `extra MOVE` (the other way round) lines. With --chess960 (or a Shredder-FEN
    /// castling field) castling is written king-takes-rook and a UCI engine is sent UCI_Chess960.
    /// Exit code 0 when every count agrees, 1 when they disagree, 2 for bad usage or an engine that fails.
    PerftDiff(perft_diff::PerftDiffArgs),
}

#[derive(Args)]
struct PositionArgs {
    /// Read castling rights as Chess960 (a Shredder-FEN castling field such as HAha implies it).
    #[arg(long)]
    chess960: bool,
    /// Accept positions no game can reach, for composed and analysis positions.
    #[arg(long, value_enum, value_delimiter = ',')]
    relax: Vec<Relax>,
}

#[derive(Copy, Clone, ValueEnum)]
enum Relax {
    /// A check that no single move could have given (three checkers, two on one line).
    ImpossibleCheck,
    /// More pieces than a game can produce (over 16 a side, more promoted pieces than missing pawns).
    TooMuchMaterial,
    /// An en passant square whose double step could not have been played (before it, the side
    /// now to move would have been in check on the other side's turn).
    ImpossibleDoubleStep,
    /// All of the above.
    All,
}

impl PositionArgs {
    fn mode(&self) -> Option<CastlingMode> {
        self.chess960.then_some(CastlingMode::Chess960)
    }

    fn relaxations(&self) -> Relaxations {
        self.relax.iter().fold(Relaxations::STRICT, |r, relax| match relax {
            Relax::ImpossibleCheck => r.allow_impossible_check(),
            Relax::TooMuchMaterial => r.allow_too_much_material(),
            Relax::ImpossibleDoubleStep => r.allow_impossible_double_step(),
            Relax::All => Relaxations::ANALYSIS,
        })
    }

    fn read(&self, text: &str) -> Result<Position, String> {
        let text = if text == "startpos" { fen::STARTPOS } else { text };
        fen::read_with(text, self.mode(), self.relaxations()).map_err(|e| e.to_string())
    }
}

#[derive(Args)]
struct PerftArgs {
    /// The position: a FEN in quotes, or `startpos`.
    #[arg(required_unless_present = "epd", conflicts_with = "epd")]
    fen: Option<String>,
    /// How many plies deep to count (at most 64).
    #[arg(required_unless_present = "epd", conflicts_with = "epd")]
    depth: Option<u32>,
    /// Show the count below each legal move (sorted by UCI move), then the total.
    #[arg(long)]
    divide: bool,
    /// Play every move down to the leaves instead of counting the last ply in bulk.
    #[arg(long)]
    no_bulk: bool,
    /// Moves to play before counting, in SAN (Nf3), long algebraic (Ng1-f3) or UCI (g1f3):
    /// the subtree below them, as one line of --divide.
    #[arg(long, num_args = 1.., value_name = "MOVE", conflicts_with = "epd")]
    moves: Vec<String>,
    /// How many threads count (default: the number of cores; at most 256). The root moves and their
    /// replies are shared out as the threads become free; the counts are the same for every number.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<NonZeroUsize>,
    /// Check every `;Dn count` (or `perft n count`) entry of a perft suite file.
    #[arg(long, value_name = "FILE")]
    epd: Option<std::path::PathBuf>,
    /// With --epd: skip entries with more nodes than this.
    #[arg(long, value_name = "N", default_value_t = 10_000_000, requires = "epd")]
    max_nodes: u64,
    #[command(flatten)]
    position: PositionArgs,
}

/// The most threads `--jobs` starts.
const MAX_JOBS: usize = 256;

impl PerftArgs {
    /// `--jobs`, or the number of cores; at most [`MAX_JOBS`].
    fn jobs(&self) -> usize {
        self.jobs
            .map_or_else(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get), NonZeroUsize::get)
            .min(MAX_JOBS)
    }
}

#[derive(Args)]
struct MovesArgs {
    /// The position: a FEN in quotes, or `startpos`.
    fen: String,
    /// Moves to play first, in SAN (Nf3), long algebraic (Ng1-f3) or UCI (g1f3).
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    moves: Vec<String>,
    /// How to write the moves.
    #[arg(long, value_enum, default_value_t = Format::Uci)]
    format: Format,
    /// Piece letters for SAN and long algebraic, read and written: en, sv, de, pl or ru.
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    lang: Lang,
    /// Refuse a move whose capture mark (x) or check suffix (+, #) is wrong, instead of ignoring them.
    #[arg(long)]
    strict: bool,
    #[command(flatten)]
    position: PositionArgs,
}

#[derive(Copy, Clone, ValueEnum)]
enum Format {
    /// Universal Chess Interface notation: e2e4, e7e8q, e1g1.
    Uci,
    /// Standard algebraic notation: e4, Nf3, exd5, e8=Q, O-O.
    San,
    /// Long algebraic notation: e2-e4, Ng1-f3, e4xd5, e7-e8=Q, 0-0.
    Lan,
}

fn parse_lang(text: &str) -> Result<Lang, String> {
    text.parse().map_err(|e: lawbook_notation::UnknownLang| e.to_string())
}

/// A failure: the message for stderr and the exit code.
struct Failure(String, u8);

/// Writes one line to standard output. A reader that has gone away
/// (`lawbook perft startpos 5 | head -1`) ends the output quietly, with
/// status 0, never a panic.
fn say(line: impl std::fmt::Display) -> Result<(), Failure> {
    use std::io::Write;
    writeln!(std::io::stdout().lock(), "{line}").map_err(|e| {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Failure(String::new(), 0)
        } else {
            Failure(format!("cannot write the output: {e}"), 1)
        }
    })
}

fn usage(message: String) -> Failure {
    Failure(message, 2)
}

/// clap's error as one line: its message without the usage block.
fn one_line(err: &clap::Error) -> String {
    if err.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        return "a command is needed: perft, perft-diff, moves, status, pgn, check or serve (see lawbook --help)"
            .into();
    }
    let text = err.to_string();
    let message: Vec<&str> = text
        .lines()
        .take_while(|line| !line.starts_with("Usage:") && !line.starts_with("For more information"))
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    format!("{message} (see lawbook --help)")
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) if !err.use_stderr() => {
            // --help and --version: print as clap formats them.
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        Err(err) => {
            eprintln!("lawbook: {}", one_line(&err));
            return ExitCode::from(2);
        }
    };
    // Engines under test end with lawbook, also when it is interrupted.
    if let Err(e) = lawbook_engines::process::end_engines_on_signals() {
        eprintln!("lawbook: cannot watch for interrupts, so an engine may outlive an interrupted run: {e}");
    }
    let result = match cli.command {
        Command::Perft(args) => run_perft(&args),
        Command::Moves(args) => run_moves(&args),
        Command::Pgn(args) => match pgn::run(&args) {
            Ok(None) => Ok(()),
            Ok(Some(why)) => Err(Failure(why, 1)),
            Err(message) => Err(usage(message)),
        },
        Command::Status(args) => status::render(&args).map_err(usage).and_then(say),
        Command::Serve(args) => serve::run(&args).map_err(usage),
        Command::Check(args) => check::run(&args),
        Command::PerftDiff(args) => perft_diff::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away: the output ends, nothing to say.
        Err(Failure(message, code)) if message.is_empty() => ExitCode::from(code),
        Err(Failure(message, code)) => {
            eprintln!("lawbook: {message}");
            ExitCode::from(code)
        }
    }
}

fn run_perft(args: &PerftArgs) -> Result<(), Failure> {
    if let Some(path) = &args.epd {
        return run_suite(path, args);
    }
    let (Some(text), Some(depth)) = (&args.fen, args.depth) else {
        return Err(usage("perft needs a position and a depth, or --epd FILE".into()));
    };
    if depth > epd::MAX_PERFT_DEPTH {
        // Never done, and deep enough to exhaust the stack.
        return Err(usage(format!("depth {depth} is deeper than {}: no perft that deep ends", epd::MAX_PERFT_DEPTH)));
    }
    let mut pos = args.position.read(text).map_err(usage)?;
    for (i, text) in args.moves.iter().enumerate() {
        let (mv, _) = read_move(&pos, text, ReadOptions::LENIENT)
            .map_err(|e| usage(format!("move {} of --moves: {e}", i + 1)))?;
        pos = pos.play_unchecked(mv);
    }
    let jobs = args.jobs();
    if jobs > 1 {
        return perft_on_threads(&pos, depth, jobs, args);
    }
    let count = |p: &Position, d: u32| if args.no_bulk { perft_leaf(p, d) } else { perft(p, d) };
    if args.divide {
        let rows: Vec<(String, u64)> = if args.no_bulk {
            pos.legal_moves()
                .iter()
                .map(|&m| (uci::write(&pos, m), count(&pos.play_unchecked(m), depth.saturating_sub(1))))
                .collect()
        } else {
            divide(&pos, depth).into_iter().map(|(m, n)| (uci::write(&pos, m), n)).collect()
        };
        print_divided(rows, depth)
    } else {
        say(count(&pos, depth))
    }
}

/// `lawbook perft` on `jobs` threads, with the same output as on one.
fn perft_on_threads(pos: &Position, depth: u32, jobs: usize, args: &PerftArgs) -> Result<(), Failure> {
    let leaves = if args.no_bulk { Leaves::Played } else { Leaves::Counted };
    if args.divide {
        let rows = divide_parallel(pos, depth, jobs, leaves).into_iter().map(|(m, n)| (uci::write(pos, m), n));
        print_divided(rows.collect(), depth)
    } else {
        say(perft_parallel(pos, depth, jobs, leaves))
    }
}

/// Prints `--divide`'s lines, sorted by move, and the total.
fn print_divided(mut rows: Vec<(String, u64)>, depth: u32) -> Result<(), Failure> {
    rows.sort();
    let mut total = 0;
    for (mv, n) in &rows {
        say(format_args!("{mv}: {n}"))?;
        total += n;
    }
    say("")?;
    say(format_args!("Nodes searched: {}", if depth == 0 { 1 } else { total }))
}

fn run_suite(path: &std::path::Path, args: &PerftArgs) -> Result<(), Failure> {
    let bytes = std::fs::read(path).map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        usage(format!("{} is not UTF-8 text (byte {})", path.display(), e.utf8_error().valid_up_to() + 1))
    })?;
    let cases = epd::read_perft_suite(&text).map_err(|e| usage(format!("{}: {e}", path.display())))?;
    // Every position is read before anything is counted: a bad FEN is an
    // error in the suite, not a mismatch.
    let mut positions: Vec<Position> = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        let pos = match i.checked_sub(1).map(|j| &cases[j]) {
            Some(previous) if previous.fen == case.fen => positions[i - 1],
            _ => fen::read_with(&case.fen, args.position.mode(), args.position.relaxations())
                .map_err(|e| usage(format!("{}: line {}: {e}", path.display(), case.line)))?,
        };
        positions.push(pos);
    }
    let jobs = args.jobs();
    let (mut passed, mut failed, mut skipped) = (0u64, 0u64, 0u64);
    for (case, pos) in cases.iter().zip(&positions) {
        if case.nodes > args.max_nodes {
            skipped += 1;
            continue;
        }
        // Counting stops past the published count: a wrong count at a great
        // depth is a mismatch found at once, not an endless search.
        let got = if jobs == 1 {
            match perft_bounded(pos, case.depth, case.nodes) {
                Some(_) if args.no_bulk => Some(perft_leaf(pos, case.depth)),
                got => got,
            }
        } else {
            match perft_bounded_parallel(pos, case.depth, case.nodes, jobs) {
                Some(_) if args.no_bulk => Some(perft_parallel(pos, case.depth, jobs, Leaves::Played)),
                got => got,
            }
        };
        if got == Some(case.nodes) {
            passed += 1;
        } else {
            failed += 1;
            let got = got.map_or_else(|| format!("more than {}", case.nodes), |n| n.to_string());
            say(format_args!(
                "FAIL line {}: {}: depth {}: expected {}, got {got}",
                case.line, case.fen, case.depth, case.nodes
            ))?;
        }
    }
    if skipped > 0 {
        eprintln!("lawbook: skipped {skipped} entries with more than {} nodes (--max-nodes)", args.max_nodes);
    }
    say(format_args!("{passed} passed, {failed} failed"))?;
    if failed > 0 { Err(Failure(format!("{failed} perft entries do not match"), 1)) } else { Ok(()) }
}

fn run_moves(args: &MovesArgs) -> Result<(), Failure> {
    let mut pos = args.position.read(&args.fen).map_err(usage)?;
    let strictness = if args.strict { Strictness::Strict } else { Strictness::Lenient };
    let options = ReadOptions { lang: args.lang, strictness };
    for (i, text) in args.moves.iter().enumerate() {
        let (mv, _) = read_move(&pos, text, options).map_err(|e| usage(format!("move {} of --moves: {e}", i + 1)))?;
        pos = pos.play_unchecked(mv);
    }
    let write = |m| match args.format {
        Format::Uci => uci::write(&pos, m),
        Format::San => san::write_lang(&pos, m, args.lang),
        Format::Lan => san::write_long_lang(&pos, m, args.lang),
    };
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| write(m)).collect();
    moves.sort();
    for m in moves {
        say(m)?;
    }
    Ok(())
}
