//! `lawbook pgn`: replay the main line of every game of PGN files.

mod input;
mod judge;

use lawbook_notation::fen;
use lawbook_notation::pgn::{PgnError, PgnErrorKind, PgnOptions, PgnReader};
use serde_json::Value;
use std::io::{BufReader, Write};
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
    /// first illegal or unreadable move) and disagreement (null, or why the
    /// Result tag or the moves contradict what the moves prove).
    #[arg(long)]
    json: bool,
    /// Judge every position fully: also search for dead positions (pawns
    /// that block each other, FIDE 5.2.2) after every move, not only at the
    /// end of the game, to report a game whose moves went on after such a
    /// dead position. Slower on games with blocked pawns.
    #[arg(long)]
    full_judging: bool,
}

/// What one game came to.
struct Report<'a> {
    file: &'a str,
    game: usize,
    result: Option<String>,
    plies: usize,
    final_fen: Option<String>,
    termination: Option<&'static str>,
    disagreement: Option<String>,
    error: Option<&'a PgnError>,
}

impl Report<'_> {
    fn json(&self) -> String {
        let error = match self.error {
            None => Value::Null,
            Some(e) => serde_json::json!({ "line": e.line, "message": e.message }),
        };
        // Fields in the documented order.
        let fields = [
            ("file", Value::from(self.file)),
            ("game", Value::from(self.game)),
            ("result", self.result.clone().map_or(Value::Null, Value::from)),
            ("plies", Value::from(self.plies)),
            ("final_fen", self.final_fen.clone().map_or(Value::Null, Value::from)),
            ("termination", self.termination.map_or(Value::Null, Value::from)),
            ("error", error),
            ("disagreement", self.disagreement.clone().map_or(Value::Null, Value::from)),
        ];
        let body: Vec<String> = fields.iter().map(|(name, value)| format!("\"{name}\":{value}")).collect();
        format!("{{{}}}", body.join(","))
    }

    fn text(&self) -> String {
        let head = format!("{} game {}", self.file, self.game);
        match self.error {
            Some(e) => format!("{head}: error at line {}: {}", e.line, e.message),
            None => {
                let ending = self.termination.map_or(String::new(), |t| format!(", ends by {t}"));
                let disagreement = self.disagreement.as_ref().map_or(String::new(), |d| format!("; DISAGREES: {d}"));
                format!(
                    "{head}: {}, {} plies{ending}, {}{disagreement}",
                    self.result.as_deref().unwrap_or("no Result tag"),
                    self.plies,
                    self.final_fen.as_deref().unwrap_or("-")
                )
            }
        }
    }
}

/// Replays every game of every file, printing a line per game.
///
/// `Ok(None)` when every game replays; `Ok(Some(why))` when some game fails
/// (exit 1), `why` counting the failures and naming the first; `Err` for a
/// file that cannot be read (exit 2).
/// Writes one line; `false` when the reader has gone away (`lawbook pgn F |
/// head`): the output then ends quietly.
fn write_line(out: &mut impl Write, line: &str) -> Result<bool, String> {
    match writeln!(out, "{line}") {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

pub(crate) fn run(args: &PgnArgs) -> Result<Option<String>, String> {
    // Open every file first, so that a missing one is reported before any output.
    let mut inputs = Vec::with_capacity(args.files.len());
    for path in &args.files {
        let input = input::open(path)?;
        inputs.push((input.name, input.reader));
    }
    let options = PgnOptions { variations: false, comments: false, ..PgnOptions::default() };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut games, mut failed) = (0usize, 0usize);
    let mut first: Option<String> = None;
    for (name, file) in inputs {
        for (index, item) in PgnReader::with_options(BufReader::with_capacity(1 << 16, file), options).enumerate() {
            let report = match &item {
                Ok(game) => {
                    let judged = judge::judge(game, args.full_judging);
                    let disagreement = match (judged.after_end, judged.mismatch) {
                        (Some((reason, ply)), _) => Some(format!(
                            "the game ended by {} after {ply} plies, but {} more follow",
                            reason.as_str(),
                            judged.plies - ply
                        )),
                        (None, Some((proven, reason))) => Some(format!(
                            "the moves end the game {} by {}, but the Result tag says {}",
                            proven.as_str(),
                            reason.as_str(),
                            game.tag("Result").unwrap_or("*")
                        )),
                        (None, None) => None,
                    };
                    Report {
                        file: &name,
                        game: index + 1,
                        result: game.tag("Result").map(str::to_string),
                        plies: judged.plies,
                        final_fen: Some(fen::write(&judged.last)),
                        termination: judged.termination.map(|r| r.as_str()),
                        disagreement,
                        error: None,
                    }
                }
                Err(e) if e.kind == PgnErrorKind::Io => return Err(format!("cannot read {name}: {}", e.message)),
                Err(e) => {
                    let (plies, final_fen) = e.partial.as_deref().map_or((0, None), |g| {
                        let (plies, last) = judge::replay(g);
                        (plies, Some(fen::write(&last)))
                    });
                    let result = e.partial.as_deref().and_then(|g| g.tag("Result")).map(str::to_string);
                    Report {
                        file: &name,
                        game: e.game,
                        result,
                        plies,
                        final_fen,
                        termination: None,
                        disagreement: None,
                        error: Some(e),
                    }
                }
            };
            games += 1;
            if report.error.is_some() || report.disagreement.is_some() {
                failed += 1;
                first.get_or_insert_with(|| report.text());
            }
            let line = if args.json { report.json() } else { report.text() };
            if !write_line(&mut out, &line)? {
                return Ok(None);
            }
        }
    }
    if !args.json && !write_line(&mut out, &format!("{games} games, {failed} failed"))? {
        return Ok(None);
    }
    Ok(first.map(|first| format!("{failed} of {games} games failed; the first: {first}")))
}
