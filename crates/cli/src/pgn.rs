//! `lawbook pgn`: replay the main line of every game of PGN files.

use lawbook_notation::fen;
use lawbook_notation::pgn::{PgnError, PgnErrorKind, PgnGame, PgnOptions, PgnReader};
use serde_json::Value;
use std::fs::File;
use std::io::{BufReader, Write};
use std::path::PathBuf;

/// Replay the main line of every game of PGN files and print a line per game.
#[derive(clap::Args)]
pub(crate) struct PgnArgs {
    /// The PGN files to read.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print one JSON object a line: file, game (from 1), result (the Result
    /// tag), plies, final_fen, termination (how the moves end the game, as in
    /// `lawbook status`, or null), error (null, or {line, message} for the
    /// first illegal or unreadable move) and disagreement (null, or why the
    /// Result tag or the moves contradict what the moves prove).
    #[arg(long)]
    json: bool,
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

/// The number of plies and the final FEN of a game the reader gave (whose
/// moves it has checked, so they are played without checking them again).
fn replayed(game: &PgnGame) -> (usize, Option<String>) {
    let end = game.moves.iter().fold(game.start, |pos, m| pos.play_unchecked(m.mv));
    (game.moves.len(), Some(fen::write(&end)))
}

/// How the moves end the game under FIDE rules (mate, stalemate, dead
/// position, insufficient material, seventy-five moves, fivefold
/// repetition), and any contradiction with the Result tag: a result other
/// than the one the moves prove, or moves played after the game had ended.
fn judged(game: &PgnGame) -> (Option<&'static str>, Option<String>) {
    let mut judge = lawbook_outcome::Game::new(game.start);
    for (ply, pgn_move) in game.moves.iter().enumerate() {
        if let Some(outcome) = judge.outcome() {
            let more = game.moves.len() - ply;
            let why =
                format!("the game ended by {} after {ply} plies, but {more} more follow", outcome.reason.as_str());
            return (Some(outcome.reason.as_str()), Some(why));
        }
        if judge.play(pgn_move.mv).is_err() {
            return (None, None); // Replay errors are reported by the reader.
        }
    }
    let Some(outcome) = judge.outcome() else { return (None, None) };
    let proven = outcome.result.as_str();
    let stated = game.tag("Result").unwrap_or("*");
    let disagreement = (stated != "*" && stated != proven).then(|| {
        format!("the moves end the game {proven} by {}, but the Result tag says {stated}", outcome.reason.as_str())
    });
    (Some(outcome.reason.as_str()), disagreement)
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
        let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        inputs.push((path.display().to_string(), file));
    }
    let options = PgnOptions { variations: false, comments: false, ..PgnOptions::default() };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut games, mut failed) = (0usize, 0usize);
    let mut first: Option<String> = None;
    for (name, file) in inputs {
        for (index, item) in PgnReader::with_options(BufReader::new(file), options).enumerate() {
            let report = match &item {
                Ok(game) => {
                    let (plies, final_fen) = replayed(game);
                    let (termination, disagreement) = judged(game);
                    Report {
                        file: &name,
                        game: index + 1,
                        result: game.tag("Result").map(str::to_string),
                        plies,
                        final_fen,
                        termination,
                        disagreement,
                        error: None,
                    }
                }
                Err(e) if e.kind == PgnErrorKind::Io => return Err(format!("cannot read {name}: {}", e.message)),
                Err(e) => {
                    let (plies, final_fen) = e.partial.as_deref().map_or((0, None), replayed);
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
