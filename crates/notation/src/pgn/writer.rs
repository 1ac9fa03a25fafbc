//! Writing: a game in PGN export format.

use super::model::{PgnGame, PgnMove, SEVEN_TAG_ROSTER, move_number, variant_is_chess960};
use crate::{fen, san};
use lawbook_board::{CastlingMode, Color};
use lawbook_movegen::{PlayError, Position};
use std::io;

/// Writes a tag value with `\` and `"` escaped (and line breaks, tabs and
/// other control characters as spaces).
fn escape_tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            // PGN strings hold no line break, tab or other control character.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A tag name made of the characters a tag name may have.
fn clean_tag_name(name: &str) -> String {
    let out: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if out.is_empty() { "_".to_string() } else { out }
}

/// Pushes a comment as words, so that it can be wrapped: `{first`, ..., `last}`.
fn comment_tokens(comment: &str, out: &mut Vec<String>) {
    let clean = comment.replace('}', ")");
    let words: Vec<&str> = clean.split_whitespace().collect();
    match words.as_slice() {
        [] => out.push("{}".to_string()),
        [one] => out.push(format!("{{{one}}}")),
        [first, middle @ .., last] => {
            out.push(format!("{{{first}"));
            out.extend(middle.iter().map(|w| w.to_string()));
            out.push(format!("{last}}}"));
        }
    }
}

/// The movetext tokens of a line of moves played from `pos`.
fn line_tokens(pos: Position, comments: &[String], moves: &[PgnMove], out: &mut Vec<String>) -> Result<(), PlayError> {
    for comment in comments {
        comment_tokens(comment, out);
    }
    let mut pos = pos;
    let mut number_due = true;
    for m in moves {
        if !pos.is_legal(m.mv) {
            return Err(PlayError { mv: m.mv });
        }
        if pos.turn() == Color::White || number_due {
            out.push(move_number(&pos));
        }
        out.push(san::write(&pos, m.mv));
        out.extend(m.nags.iter().map(|n| format!("${n}")));
        number_due = false;
        for comment in &m.comments {
            comment_tokens(comment, out);
            number_due = true;
        }
        for variation in &m.variations {
            let first = out.len();
            line_tokens(pos, &variation.comments, &variation.moves, out)?;
            if out.len() == first {
                out.push("()".to_string());
            } else {
                out[first].insert(0, '(');
                if let Some(last) = out.last_mut() {
                    last.push(')');
                }
            }
            number_due = true;
        }
        pos = pos.play_unchecked(m.mv);
    }
    Ok(())
}

/// Writes a game in PGN export format (see the module documentation),
/// ending with a blank line so that games can be written one after another.
///
/// # Errors
/// [`PlayError`] for the first move that is not legal where it is played
/// (only possible in a game built by hand).
///
/// ```
/// use lawbook_notation::{fen, pgn::{self, PgnGame, PgnMove}, read_move, ReadOptions};
/// let start = fen::read("r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R b KQkq - 0 1")?;
/// let mut game = PgnGame::new(start);
/// game.set_tag("White", "Say \"hi\"");
/// let (mv, _) = read_move(&start, "Ba5", ReadOptions::LENIENT)?;
/// game.moves.push(PgnMove::new(mv));
/// let text = pgn::write(&game)?;
/// assert!(text.contains("[White \"Say \\\"hi\\\"\"]\n"));
/// assert!(text.contains("[SetUp \"1\"]\n"));
/// assert!(text.ends_with("\n1... Ba5 *\n\n"));
/// let back = pgn::PgnReader::new(text.as_bytes()).next().unwrap()?;
/// assert_eq!(back.moves, game.moves);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(game: &PgnGame) -> Result<String, PlayError> {
    let mut out = String::new();
    let result_tag = game.tag("Result").unwrap_or(&game.result).to_string();
    for name in SEVEN_TAG_ROSTER {
        let value = match name {
            "Result" => result_tag.as_str(),
            "Date" => game.tag(name).unwrap_or("????.??.??"),
            _ => game.tag(name).unwrap_or("?"),
        };
        push_tag(&mut out, name, value);
    }
    let standard_start = Position::startpos();
    let chess960 = game.start.castling_mode() == CastlingMode::Chess960;
    for (name, value) in &game.tags {
        if SEVEN_TAG_ROSTER.contains(&name.as_str()) || matches!(name.as_str(), "SetUp" | "FEN" | "Variant") {
            continue;
        }
        push_tag(&mut out, name, value);
    }
    // The Variant tag follows the start position's castling mode.
    match game.tag("Variant") {
        _ if chess960 => push_tag(&mut out, "Variant", "Chess960"),
        Some(variant) if variant_is_chess960(variant) != Some(true) => push_tag(&mut out, "Variant", variant),
        _ => {}
    }
    if game.start != standard_start || chess960 {
        push_tag(&mut out, "SetUp", "1");
        push_tag(&mut out, "FEN", &fen::write(&game.start));
    }
    out.push('\n');
    let mut tokens = Vec::new();
    line_tokens(game.start, &game.comments, &game.moves, &mut tokens)?;
    tokens.push(game.result.clone());
    let mut width = 0;
    for token in tokens {
        if width > 0 && width + 1 + token.chars().count() > 80 {
            out.push('\n');
            width = 0;
            // A comment word that would read as a tag pair or an escape line
            // at the start of a line is indented.
            if token.starts_with(['[', '%']) {
                out.push(' ');
                width = 1;
            }
        }
        if width > 0 {
            out.push(' ');
            width += 1;
        }
        width += token.chars().count();
        out.push_str(&token);
    }
    out.push_str("\n\n");
    Ok(out)
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(&clean_tag_name(name));
    out.push_str(" \"");
    out.push_str(&escape_tag_value(value));
    out.push_str("\"]\n");
}

/// Writes a game in export format to `out` (see [`write`]).
///
/// # Errors
/// The writer's I/O error, or [`io::ErrorKind::InvalidInput`] for a move
/// that is not legal where it is played.
pub fn write_to<W: io::Write>(out: &mut W, game: &PgnGame) -> io::Result<()> {
    let text = write(game).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
    out.write_all(text.as_bytes())
}
