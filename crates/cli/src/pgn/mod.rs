//! `lawbook pgn`: replay the main line of every game of PGN files.
//!
//! One thread reads each input and cuts it into chunks of whole games
//! ([`split`]); `--jobs` workers read and judge the chunks; the main thread
//! prints their reports in input order. Every channel is bounded, so memory
//! stays bounded whatever the size of the input. With `--jobs 1` all of it
//! runs on the main thread, through the same chunks: the output is the same
//! for every number of jobs.

mod input;
mod judge;
mod split;

use crossbeam_channel::{Receiver, Sender, bounded};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use judge::{Judge, Judged, ResultTag};
use lawbook_movegen::Position;
use lawbook_notation::fen;
use lawbook_notation::pgn::{PgnError, PgnErrorKind, PgnOptions, PgnReader};
use lawbook_outcome::Reason;
use lawbook_outcome::record::{Finding, FindingKind, Said};
use serde_json::Value;
use split::{Chunk, Spares, Splitter};
use std::io::{BufReader, IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;

/// Replay the main line of every game of PGN files and print a line per game.
#[derive(clap::Args)]
pub(crate) struct PgnArgs {
    /// The PGN files to read; `-` reads standard input. A file compressed
    /// with zstd, gzip or bzip2 is recognised by its first bytes (whatever
    /// its name) and read decompressed.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print one JSON object a line: file, game (from 1), result (the Result
    /// tag), plies, final_fen, termination (how the moves end the game, as in
    /// `lawbook status`, or null), error (null, or {line, message} for the
    /// first illegal or unreadable move), disagreement (null, or why the
    /// Result tag or the moves contradict what the moves prove) and problem
    /// (null, or its kind: illegal, unreadable, after-end, result-mismatch),
    /// said (what the record says ended the game, from its Termination tag
    /// or the comment after its last move: checkmate, resignation, time,
    /// time-vs-insufficient-material, illegal-move, abandoned, agreement,
    /// stalemate, threefold-repetition, refused-repetition-claim,
    /// refused-fifty-moves-claim, fifty-moves, fivefold-repetition,
    /// seventy-five-moves, insufficient-material, adjudication,
    /// rules-infraction, normal, unterminated, unknown; or null) and record
    /// (null, or what is wrong with, or worth saying of, that ending:
    /// {kind, article, lawful (the result the Laws give, or null), move,
    /// fen, message}).
    #[arg(long)]
    json: bool,
    /// Judge every position fully: also search for dead positions (pawns
    /// that block each other, FIDE 5.2.2) after every move, not only at the
    /// end of the game, to report a game whose moves went on after such a
    /// dead position. Slower on games with blocked pawns.
    #[arg(long)]
    full_judging: bool,
    /// The kinds of problem that make the exit code 1, separated by commas:
    /// illegal (a move the laws do not allow, the game not over), unreadable (a move that is not
    /// a move, or any other text the reader cannot read: tags, FEN, comments,
    /// a missing result), after-end (moves after the game had ended by the
    /// laws: mate, stalemate, a dead position, seventy-five moves, fivefold
    /// repetition; a move after a mate or stalemate is reported with its
    /// line, as the reader refuses it), result-mismatch (the moves end the game with another
    /// result than the Result tag's); and of the ending a record states:
    /// winner-cannot-mate (a win after a flag, a resignation or an illegal
    /// move for a side that cannot checkmate by any series of legal moves:
    /// a draw by FIDE 6.9, 5.1.2, 7.5.5), invalid-claim (a draw by threefold
    /// repetition or fifty moves no claim could give, 9.2, 9.3),
    /// valid-claim-refused (a valid claim scored as incorrect: a draw),
    /// claim-scored-as-loss (an incorrect claim scored as a lost game: 9.5.3
    /// lets the game go on),
    /// early-agreement (a draw before both players moved, 5.2.3),
    /// not-on-board (a mate, stalemate, dead position, fivefold repetition
    /// or seventy-five moves the position does not show), other-ending-first
    /// (the record names an ending the Laws put second), adjudication,
    /// unknown-termination; none for no kind. Every problem is reported
    /// whatever this says.
    #[arg(long, value_name = "KINDS", value_delimiter = ',', default_value = "illegal,unreadable,result-mismatch")]
    fail_on: Vec<FailOn>,
    /// How many threads replay games at once (default: the number of cores;
    /// at most 256), besides the one that reads the input. The output is the
    /// same for every number.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<NonZeroUsize>,
}

/// The most threads `--jobs` starts.
const MAX_JOBS: usize = 256;

/// A value of `--fail-on`: a kind of problem, a kind of finding on a
/// record's ending (named as [`FindingKind::name`] names it), or none.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FailOn {
    Problem(Problem),
    Record(FindingKind),
    None,
}

impl FailOn {
    /// Every value, in the order `--help` lists them.
    const ALL: [FailOn; Problem::ALL.len() + FindingKind::ALL.len() + 1] = {
        let mut all = [FailOn::None; Problem::ALL.len() + FindingKind::ALL.len() + 1];
        let mut i = 0;
        while i < Problem::ALL.len() {
            all[i] = FailOn::Problem(Problem::ALL[i]);
            i += 1;
        }
        let mut k = 0;
        while k < FindingKind::ALL.len() {
            all[i + k] = FailOn::Record(FindingKind::ALL[k]);
            k += 1;
        }
        all
    };
}

impl clap::ValueEnum for FailOn {
    fn value_variants<'a>() -> &'a [FailOn] {
        &FailOn::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(match self {
            FailOn::Problem(p) => p.name(),
            FailOn::Record(k) => k.name(),
            FailOn::None => "none",
        }))
    }
}

/// What is wrong with a game, at most one thing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Problem {
    Illegal,
    Unreadable,
    AfterEnd,
    ResultMismatch,
}

impl Problem {
    const ALL: [Problem; 4] = [Problem::Illegal, Problem::Unreadable, Problem::AfterEnd, Problem::ResultMismatch];

    fn name(self) -> &'static str {
        match self {
            Problem::Illegal => "illegal",
            Problem::Unreadable => "unreadable",
            Problem::AfterEnd => "after-end",
            Problem::ResultMismatch => "result-mismatch",
        }
    }

    fn flag(self) -> FailOn {
        FailOn::Problem(self)
    }
}

/// What one game came to (its file and number are known where it is printed).
struct Played {
    result: Option<ResultTag>,
    plies: usize,
    final_fen: Option<String>,
    termination: Option<&'static str>,
    disagreement: Option<String>,
    /// The line and message of an error of the reader.
    error: Option<(usize, String)>,
    problem: Option<Problem>,
    /// What the record says ended the game.
    said: Option<Said>,
    /// What is wrong with, or worth saying of, that ending, and the move
    /// number of the last position.
    record: Option<(Finding, u32)>,
}

impl Played {
    fn json(&self, file: &str, game: usize) -> String {
        let error = match &self.error {
            None => Value::Null,
            Some((line, message)) => serde_json::json!({ "line": line, "message": message }),
        };
        // Fields in the documented order.
        let fields = [
            ("file", Value::from(file)),
            ("game", Value::from(game)),
            ("result", self.result.as_deref().map_or(Value::Null, Value::from)),
            ("plies", Value::from(self.plies)),
            ("final_fen", self.final_fen.clone().map_or(Value::Null, Value::from)),
            ("termination", self.termination.map_or(Value::Null, Value::from)),
            ("error", error),
            ("disagreement", self.disagreement.clone().map_or(Value::Null, Value::from)),
            ("problem", self.problem.map_or(Value::Null, |p| Value::from(p.name()))),
            ("said", self.said.map_or(Value::Null, |s| Value::from(s.name()))),
            (
                "record",
                self.record.as_ref().map_or(Value::Null, |(f, number)| {
                    serde_json::json!({
                        "kind": f.kind.name(),
                        "article": f.article,
                        "lawful": f.lawful.map(|r| r.as_str()),
                        "move": number,
                        "fen": self.final_fen,
                        "message": f.message,
                    })
                }),
            ),
        ];
        let body: Vec<String> = fields.iter().map(|(name, value)| format!("\"{name}\":{value}")).collect();
        format!("{{{}}}", body.join(","))
    }

    fn text(&self, file: &str, game: usize) -> String {
        let mut line = String::new();
        self.write_text(&mut line, file, game);
        line
    }

    /// Appends the line of text [`Played::text`] gives to `out`, piece by
    /// piece (a line a game: no formatting machinery).
    fn write_text(&self, out: &mut String, file: &str, game: usize) {
        let mut number = itoa::Buffer::new();
        out.push_str(file);
        out.push_str(" game ");
        out.push_str(number.format(game));
        out.push_str(": ");
        match &self.error {
            Some((line, message)) => {
                out.push_str("error at line ");
                out.push_str(number.format(*line));
                out.push_str(": ");
                out.push_str(message);
                if let Some(d) = &self.disagreement {
                    out.push_str("; MOVES AFTER THE END: ");
                    out.push_str(d);
                }
            }
            None => {
                out.push_str(self.result.as_deref().unwrap_or("no Result tag"));
                out.push_str(", ");
                out.push_str(number.format(self.plies));
                out.push_str(" plies");
                if let Some(t) = self.termination {
                    out.push_str(", ends by ");
                    out.push_str(t);
                }
                out.push_str(", ");
                out.push_str(self.final_fen.as_deref().unwrap_or("-"));
                if let Some(d) = &self.disagreement {
                    let label =
                        if self.problem == Some(Problem::AfterEnd) { "MOVES AFTER THE END" } else { "DISAGREES" };
                    out.push_str("; ");
                    out.push_str(label);
                    out.push_str(": ");
                    out.push_str(d);
                }
                if let Some((finding, _)) = &self.record {
                    out.push_str("; RECORD ");
                    out.push_str(finding.kind.name());
                    if let Some(article) = finding.article {
                        out.push_str(" (FIDE ");
                        out.push_str(article);
                        out.push(')');
                    }
                    out.push_str(": ");
                    out.push_str(&finding.message);
                }
            }
        }
    }
}

/// How the games are read and judged.
#[derive(Clone, Copy)]
struct Settings {
    options: PgnOptions,
    full_judging: bool,
}

/// The report of a game the judge saw; `first_line` is the number of the
/// chunk's first line in the input.
fn report(judged: Judged, first_line: usize) -> Played {
    let read = judged.judgement().map_err(Clone::clone);
    let Judged { result_tag, plies, last, said, .. } = judged;
    let final_fen = last.as_ref().map(fen::write);
    match read {
        Ok(judgement) => {
            let (disagreement, problem) = match (judgement.after_end, judgement.mismatch) {
                (Some((reason, ply)), _) => (
                    Some(format!(
                        "the game ended by {} after {ply} plies, but {} more follow",
                        reason.as_str(),
                        plies - ply
                    )),
                    Some(Problem::AfterEnd),
                ),
                (None, Some((proven, reason))) => (
                    Some(format!(
                        "the moves end the game {} by {}, but the Result tag says {}",
                        proven.as_str(),
                        reason.as_str(),
                        result_tag.as_deref().unwrap_or("*")
                    )),
                    Some(Problem::ResultMismatch),
                ),
                (None, None) => (None, None),
            };
            let number = last.as_ref().map_or(0, Position::fullmoves);
            Played {
                result: result_tag,
                plies,
                final_fen,
                termination: judgement.termination.map(|r| r.as_str()),
                disagreement,
                error: None,
                problem,
                said,
                record: judgement.record.map(|f| (f, number)),
            }
        }
        Err(e) => Played { said, ..refused(&e, first_line, result_tag, plies, last, final_fen) },
    }
}

/// A game the reader refused, read up to the problem (`last`, after
/// `plies`, when the start position was known).
fn refused(
    e: &PgnError,
    first_line: usize,
    result: Option<ResultTag>,
    plies: usize,
    last: Option<Position>,
    final_fen: Option<String>,
) -> Played {
    let mut problem = match &e.kind {
        PgnErrorKind::Move(m) if m.is_illegal() => Problem::Illegal,
        _ => Problem::Unreadable,
    };
    // No move is legal after a mate or a stalemate: that move goes on after the end.
    let (mut termination, mut disagreement) = (None, None);
    if let (Problem::Illegal, Some(last)) = (problem, last)
        && !last.has_legal_moves()
    {
        let reason = if last.is_check() { Reason::Checkmate } else { Reason::Stalemate };
        problem = Problem::AfterEnd;
        termination = Some(reason.as_str());
        disagreement =
            Some(format!("the game ended by {} after {plies} plies, but more moves follow", reason.as_str()));
    }
    // The reader counts lines from the chunk's start: count them from the input's.
    let (line, message) = if e.line == 0 {
        (0, e.message.clone())
    } else {
        let line = e.line + first_line - 1;
        (line, e.message.replace(&format!("on line {}", e.line), &format!("on line {line}")))
    };
    // What was read is told only of a game whose start position was known.
    let known = last.is_some();
    Played {
        result: result.filter(|_| known),
        plies: if known { plies } else { 0 },
        final_fen,
        termination,
        disagreement,
        error: Some((line, message)),
        problem: Some(problem),
        said: None,
        record: None,
    }
}

/// Reads and judges chunks, keeping its memory from chunk to chunk.
struct Worker {
    settings: Settings,
    /// Where each chunk's buffer goes back once its games are read.
    spares: Spares,
    /// The games of the chunk being read, judged when all are read.
    judged: Vec<Judged>,
}

impl Worker {
    fn new(settings: Settings, spares: Spares) -> Worker {
        Worker { settings, spares, judged: Vec::new() }
    }

    /// Reads and judges the games of a chunk, in order.
    fn replay(&mut self, chunk: Chunk) -> Vec<Played> {
        let settings = self.settings;
        let sentinel = chunk.sentinel.as_deref().unwrap_or_default();
        let text = chunk.text.as_slice().chain(sentinel);
        let mut judge = Judge::new(settings.full_judging);
        let mut reader = PgnReader::with_options(text, settings.options);
        let items = &mut self.judged;
        items.clear();
        while let Some(judged) = reader.read_game(&mut judge) {
            items.push(judged);
        }
        if !sentinel.is_empty() {
            // The sentinel starts a game of its own (the next chunk's first), unless
            // the last game took it in; then that game stays, whole.
            let alone = PgnReader::with_options(sentinel, settings.options).read_game(&mut judge);
            if let (Some(last), Some(alone)) = (items.last(), &alone)
                && last.same(alone)
            {
                items.pop();
            }
        }
        let reports = items.drain(..).map(|judged| report(judged, chunk.first_line)).collect();
        self.spares.give(chunk.text);
        reports
    }
}

/// Writes one line; `false` when the reader has gone away (`lawbook pgn F |
/// head`): the output then ends quietly.
fn write_line(out: &mut impl Write, line: &str) -> Result<bool, String> {
    match out.write_all(line.as_bytes()).and_then(|()| out.write_all(b"\n")) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

/// What the printer receives, in input order.
enum Event {
    /// The reports of a chunk of input `file`, when its worker is done.
    Chunk(usize, Receiver<Vec<Played>>),
    /// The reports of a chunk, read on the printer's own thread.
    Ready(usize, Vec<Played>),
    /// Input `file` cannot be read (any further).
    Unreadable(usize, String),
}

/// Prints the reports and counts the problems.
struct Printer<'a, W> {
    out: W,
    names: &'a [String],
    json: bool,
    fail_on: &'a [FailOn],
    progress: ProgressBar,
    /// The input of the last game printed and its number there.
    file: usize,
    game: usize,
    games: usize,
    failed: usize,
    counts: [usize; 4],
    /// The findings on records' endings, by kind.
    records: [usize; FindingKind::ALL.len()],
    first: Option<String>,
    /// The line being printed (its room kept from game to game).
    line: String,
}

impl<W: Write> Printer<'_, W> {
    /// Prints the reports of a chunk of input `file`; `false` when the output has gone away.
    fn print(&mut self, file: usize, reports: &[Played]) -> Result<bool, String> {
        if file != self.file {
            (self.file, self.game) = (file, 0);
        }
        let name = &self.names[file];
        for report in reports {
            self.game += 1;
            self.games += 1;
            let mut fails = false;
            if let Some(problem) = report.problem {
                self.counts[Problem::ALL.iter().position(|&p| p == problem).unwrap_or(0)] += 1;
                fails |= self.fail_on.contains(&problem.flag());
            }
            if let Some((finding, _)) = &report.record {
                self.records[FindingKind::ALL.iter().position(|&k| k == finding.kind).unwrap_or(0)] += 1;
                fails |= self.fail_on.contains(&FailOn::Record(finding.kind));
            }
            if fails {
                self.failed += 1;
                self.first.get_or_insert_with(|| report.text(name, self.game));
            }
            self.line.clear();
            if self.json {
                self.line.push_str(&report.json(name, self.game));
            } else {
                report.write_text(&mut self.line, name, self.game);
            }
            if !write_line(&mut self.out, &self.line)? {
                return Ok(false);
            }
        }
        self.progress.set_message(format!("{} games", self.games));
        Ok(true)
    }

    /// The last line, without --json: the games, the failures, and the problems of each kind.
    fn summary(&self) -> String {
        let mut line = format!("{} games, {} failed", self.games, self.failed);
        let problems = Problem::ALL.iter().map(|p| (p.name(), p.flag())).zip(self.counts);
        let records = FindingKind::ALL.iter().map(|&k| (k.name(), FailOn::Record(k))).zip(self.records);
        let counted: Vec<String> = problems
            .chain(records)
            .filter(|&(_, n)| n > 0)
            .map(|((name, flag), n)| {
                let fails = if self.fail_on.contains(&flag) { "" } else { ", not failing" };
                format!("{n} {name}{fails}")
            })
            .collect();
        if !counted.is_empty() {
            line.push_str(&format!(" ({})", counted.join("; ")));
        }
        line
    }
}

/// The progress line: drawn on standard error only when it is a terminal.
fn progress_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {bytes} read, {msg}, {binary_bytes_per_sec} ({elapsed})")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar
}

/// Reads every input on this thread, sending its chunks (and the workers' answers to come) in order.
fn read_all(
    inputs: Vec<input::Input>,
    settings: Settings,
    progress: &ProgressBar,
    events: &Sender<Event>,
    work: &Sender<(Chunk, Sender<Vec<Played>>)>,
    spares: &Spares,
) {
    for (file, input) in inputs.into_iter().enumerate() {
        let bar = progress.clone();
        let reader = BufReader::with_capacity(1 << 16, input.reader);
        let on_read = Box::new(move |n| bar.inc(n as u64));
        for chunk in Splitter::new(reader, settings.options.max_line_len, spares.clone(), on_read) {
            let sent = match chunk {
                Ok(chunk) => {
                    let (answer, reports) = bounded(1);
                    events.send(Event::Chunk(file, reports)).is_ok() && work.send((chunk, answer)).is_ok()
                }
                Err(e) => {
                    let _ = events.send(Event::Unreadable(file, e.to_string()));
                    return;
                }
            };
            if !sent {
                return; // The printer has stopped.
            }
        }
    }
}

/// Replays every game of every file, printing a line per game.
///
/// `Ok(None)` when no game has a problem of a kind `--fail-on` names;
/// `Ok(Some(why))` when some have (exit 1), `why` counting them and naming
/// the first; `Err` for a file that cannot be read (exit 2).
pub(crate) fn run(args: &PgnArgs) -> Result<Option<String>, String> {
    // Open every file first, so that a missing one is reported before any output.
    let mut inputs = Vec::with_capacity(args.files.len());
    for path in &args.files {
        inputs.push(input::open(path)?);
    }
    let names: Vec<String> = inputs.iter().map(|i| i.name.clone()).collect();
    let settings = Settings {
        // Comments are read for the one after the last move, which may say
        // how the game ended (the judge keeps only that one).
        options: PgnOptions { variations: false, ..PgnOptions::default() },
        full_judging: args.full_judging,
    };
    let jobs = args
        .jobs
        .map_or_else(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get), NonZeroUsize::get)
        .min(MAX_JOBS);
    let progress = progress_bar();
    let stdout = std::io::stdout();
    // Line by line to a terminal; in blocks to a file or a pipe.
    let out: Box<dyn Write> = if stdout.is_terminal() {
        Box::new(stdout.lock())
    } else {
        Box::new(std::io::BufWriter::with_capacity(1 << 16, stdout.lock()))
    };
    let mut printer = Printer {
        out,
        names: &names,
        json: args.json,
        fail_on: &args.fail_on,
        progress: progress.clone(),
        file: usize::MAX,
        game: 0,
        games: 0,
        failed: 0,
        counts: [0; 4],
        records: [0; FindingKind::ALL.len()],
        first: None,
        line: String::new(),
    };
    // Enough spare chunk buffers for every chunk in flight: one being read,
    // one waiting for each worker, one at each worker.
    let spares = Spares::new(2 * jobs + 1);
    let finished = if jobs == 1 {
        let events = inputs.into_iter().enumerate().flat_map(|(file, input)| {
            let bar = progress.clone();
            let reader = BufReader::with_capacity(1 << 16, input.reader);
            let on_read = Box::new(move |n| bar.inc(n as u64));
            let mut worker = Worker::new(settings, spares.clone());
            Splitter::new(reader, settings.options.max_line_len, spares.clone(), on_read).map(
                move |chunk| match chunk {
                    Ok(chunk) => Event::Ready(file, worker.replay(chunk)),
                    Err(e) => Event::Unreadable(file, e.to_string()),
                },
            )
        });
        print_all(&mut printer, events)
    } else {
        std::thread::scope(|scope| {
            // At most this many chunks read and not yet printed.
            let (events_tx, events_rx) = bounded::<Event>(4 * jobs);
            let (work_tx, work_rx) = bounded::<(Chunk, Sender<Vec<Played>>)>(jobs);
            let cannot = |e: std::io::Error| format!("cannot start a thread: {e}");
            for _ in 0..jobs {
                let work = work_rx.clone();
                let mut worker = Worker::new(settings, spares.clone());
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || {
                        for (chunk, answer) in work {
                            // The printer may have stopped: then nobody waits for the answer.
                            let _ = answer.send(worker.replay(chunk));
                        }
                    })
                    .map_err(cannot)?;
            }
            drop(work_rx);
            let bar = progress.clone();
            std::thread::Builder::new()
                .spawn_scoped(scope, move || read_all(inputs, settings, &bar, &events_tx, &work_tx, &spares))
                .map_err(cannot)?;
            let result = print_all(&mut printer, events_rx.iter());
            drop(events_rx); // Stops the reader if the printer stopped early.
            result
        })
    };
    progress.finish_and_clear();
    let finished = match finished {
        Ok(finished) => finished,
        Err(e) => {
            // What was printed before the input failed stays printed.
            let _ = printer.out.flush();
            return Err(e);
        }
    };
    if !finished {
        return Ok(None);
    }
    let summary = printer.summary();
    if !args.json && !write_line(&mut printer.out, &summary)? {
        return Ok(None);
    }
    match printer.out.flush() {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(None),
        Err(e) => return Err(format!("cannot write the output: {e}")),
    }
    let (failed, games) = (printer.failed, printer.games);
    Ok(printer.first.map(|first| format!("{failed} of {games} games failed; the first: {first}")))
}

/// Prints the events in order: `Ok(false)` when the output has gone away,
/// `Err` when an input cannot be read.
fn print_all<W: Write>(printer: &mut Printer<'_, W>, events: impl Iterator<Item = Event>) -> Result<bool, String> {
    for event in events {
        let going = match event {
            Event::Ready(file, reports) => printer.print(file, &reports)?,
            Event::Chunk(file, answer) => {
                let reports = answer.recv().map_err(|_| "a worker stopped before its answer".to_string())?;
                printer.print(file, &reports)?
            }
            Event::Unreadable(file, e) => {
                return Err(format!("cannot read {}: cannot read the input: {e}", printer.names[file]));
            }
        };
        if !going {
            return Ok(false);
        }
    }
    Ok(true)
}
