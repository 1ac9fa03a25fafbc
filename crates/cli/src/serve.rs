//! `lawbook serve`: lawbook's rules over the JSON-lines rules protocol
//! (`conformance/PROTOCOL.md`), one request a line on stdin, one reply a
//! line on stdout, until end of input.

use lawbook_board::{CastlingMode, Relaxations};
use lawbook_engines::adapters::jsonl::wire::{self, PROTOCOL_VERSION as PROTOCOL, Request, WithId};
use lawbook_movegen::Position;
use lawbook_notation::{MoveError, fen, read_uci, uci};
use lawbook_outcome::dead::SearchLimits;
use lawbook_outcome::{Game, GameError, Policy};
use serde::Serialize;
use serde_json::{Map, Value};
use std::io::{self, BufRead, BufReader, BufWriter, Write};

/// The longest request line accepted, in bytes (the newline not counted).
const MAX_LINE: usize = 1 << 20;

/// The requests answered, as announced by `hello`.
const SUPPORTS: [&str; 7] = ["hello", "legal_moves", "is_legal", "play", "status", "game", "board"];

/// The optional features honoured, as announced by `hello`.
const FEATURES: [&str; 3] = ["chess960", "automatic_fifty_moves", "checkers"];

/// Answer the JSON-lines rules protocol on stdin and stdout (see conformance/PROTOCOL.md).
#[derive(clap::Args)]
pub struct ServeArgs {}

/// Serves until end of input.
pub fn run(_args: &ServeArgs) -> Result<(), String> {
    let input = BufReader::with_capacity(64 * 1024, io::stdin());
    let output = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    match serve(input, output) {
        Ok(()) => Ok(()),
        // The client went away: nobody is left to answer.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("serve: {e}")),
    }
}

/// Answers every request line of `input` on `output`, until end of input.
///
/// Every line gets exactly one reply line (a blank line gets none); bad
/// lines get error replies and the session goes on. Only an I/O error of
/// `input` or `output` ends it early.
///
/// ```
/// use std::io::BufReader;
/// let mut out = Vec::new();
/// let input = b"{\"id\":1,\"request\":\"legal_moves\",\"position\":{\"fen\":\"startpos\"}}\nnot json\n";
/// lawbook_cli::serve::serve(BufReader::new(&input[..]), &mut out)?;
/// let replies = String::from_utf8(out).unwrap();
/// assert_eq!(replies.lines().count(), 2);
/// assert!(replies.lines().nth(1).unwrap().contains("bad_json"));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn serve<R: io::Read, W: Write>(mut input: BufReader<R>, mut output: W) -> io::Result<()> {
    let mut line = Vec::new();
    loop {
        let reply = match read_line(&mut input, &mut line, &mut output)? {
            Line::End => break,
            Line::TooLong => {
                Some(error(&Value::Null, "line_too_long", &format!("the line is longer than {MAX_LINE} bytes")))
            }
            Line::Text => answer_line(&line),
        };
        if let Some(reply) = reply {
            output.write_all(reply.as_bytes())?;
            output.write_all(b"\n")?;
        }
    }
    output.flush()
}

/// What [`read_line`] found.
enum Line {
    /// End of input.
    End,
    /// A complete line, left in the buffer without its newline.
    Text,
    /// A line over [`MAX_LINE`] bytes, skipped to its end.
    TooLong,
}

/// Reads one line into `line`, keeping at most [`MAX_LINE`] bytes in memory.
/// The replies written so far are flushed before waiting for input: an
/// interactive client gets each reply at once, a piped stream its replies in
/// large writes.
fn read_line<R: io::Read>(input: &mut BufReader<R>, line: &mut Vec<u8>, output: &mut impl Write) -> io::Result<Line> {
    line.clear();
    let mut too_long = false;
    loop {
        if input.buffer().is_empty() {
            output.flush()?;
        }
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(if too_long {
                Line::TooLong
            } else if line.is_empty() {
                Line::End
            } else {
                Line::Text
            });
        }
        let (chunk, found, used) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], true, i + 1),
            None => (available, false, available.len()),
        };
        if !too_long {
            if line.len() + chunk.len() > MAX_LINE {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        input.consume(used);
        if found {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(if too_long { Line::TooLong } else { Line::Text });
        }
    }
}

/// The reply to one request line, or `None` for a blank line.
fn answer_line(line: &[u8]) -> Option<String> {
    let Ok(text) = std::str::from_utf8(line) else {
        return Some(error(&Value::Null, "bad_json", "the line is not UTF-8 text"));
    };
    if text.trim().is_empty() {
        return None;
    }
    let request = match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(request)) => request,
        Ok(_) => return Some(error(&Value::Null, "bad_json", "a request is a JSON object")),
        Err(e) => return Some(error(&Value::Null, "bad_json", &e.to_string())),
    };
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    Some(match read_request(&request).and_then(|request| answer(&request)) {
        Ok(reply) => line_of(&WithId::new(id, reply)),
        Err(Refusal(kind, message, detail)) => line_of(&WithId::new(
            id,
            wire::ErrorReply {
                error: wire::Error { kind: kind.to_string(), message, detail: detail.map(str::to_string) },
            },
        )),
    })
}

/// An error reply's kind, message and, for a bad FEN or move, the library's
/// name for what is wrong (`fen.rank_too_long`, `move.no_piece`).
struct Refusal(&'static str, String, Option<&'static str>);

fn refuse(kind: &'static str, message: impl Into<String>) -> Refusal {
    Refusal(kind, message.into(), None)
}

/// A reply of any request, as the protocol's types write it.
#[derive(Serialize)]
#[serde(untagged)]
enum Reply {
    Hello(wire::Hello),
    LegalMoves(wire::LegalMoves),
    IsLegal(wire::IsLegal),
    Played(wire::Played),
    Status(wire::Status),
    Game(wire::Game),
    Board(wire::Board),
}

/// Reads a request object into the protocol's [`Request`], or refuses it
/// with the error kind the protocol names (`bad_request`, `unknown_request`,
/// `unsupported` for `trace`) and a message saying what is wrong.
fn read_request(request: &Map<String, Value>) -> Result<Request, Refusal> {
    let name = match request.get("request") {
        Some(Value::String(name)) => name.as_str(),
        Some(_) => return Err(refuse("bad_request", "\"request\" must be a string")),
        None => return Err(refuse("bad_request", "no \"request\" field: which request is this?")),
    };
    Ok(match name {
        "hello" => Request::Hello { protocol: PROTOCOL },
        "legal_moves" => Request::LegalMoves { position: query(request)? },
        "is_legal" => {
            let mv = match request.get("move") {
                Some(Value::String(text)) => text.clone(),
                _ => return Err(refuse("bad_request", "is_legal needs \"move\": a UCI move such as \"e2e4\"")),
            };
            Request::IsLegal { position: query(request)?, mv }
        }
        "play" => {
            let mv = match request.get("move") {
                Some(Value::String(text)) if tried_move_syntax(text) => text.clone(),
                _ => {
                    return Err(refuse(
                        "bad_request",
                        "play needs \"move\": a UCI move such as \"e2e4\" (a promotion letter may be k), or \"0000\"",
                    ));
                }
            };
            Request::Play { position: query(request)?, mv }
        }
        "status" => Request::Status { position: query(request)? },
        "game" => Request::Game { position: query(request)? },
        "board" => Request::Board { position: query(request)? },
        // A request of the protocol that lawbook does not answer (PROTOCOL.md, `trace`).
        "trace" => {
            return Err(refuse(
                "unsupported",
                "lawbook serve does not answer trace requests (the differential runner asks lawbook in process)",
            ));
        }
        other => {
            let shown: String = other.chars().take(40).collect();
            return Err(refuse(
                "unknown_request",
                format!("{shown:?} is not a request of protocol version {PROTOCOL}"),
            ));
        }
    })
}

/// The reply to `request`.
fn answer(request: &Request) -> Result<Reply, Refusal> {
    match request {
        Request::Hello { .. } => Ok(Reply::Hello(wire::Hello {
            protocol: PROTOCOL.into(),
            engine: format!("lawbook {}", env!("CARGO_PKG_VERSION")),
            supports: SUPPORTS.map(str::to_string).to_vec(),
            features: FEATURES.map(str::to_string).to_vec(),
        })),
        Request::LegalMoves { position: query } => {
            let pos = position(query)?;
            let moves: Vec<String> = pos.legal_moves().iter().map(|&m| uci::write(&pos, m)).collect();
            Ok(Reply::LegalMoves(wire::LegalMoves { moves }))
        }
        Request::IsLegal { position: query, mv: text } => {
            let pos = position(query)?;
            let legal = match uci::read_legal(&pos, text) {
                Ok(mv) => uci::write(&pos, mv) == *text,
                Err(uci::UciError::Illegal(_)) => false,
                Err(e @ uci::UciError::Syntax(_)) => return Err(refuse("bad_request", e.to_string())),
            };
            Ok(Reply::IsLegal(wire::IsLegal { legal }))
        }
        Request::Play { position: query, mv: text } => {
            let mut game = game(query)?;
            // Any move lawbook cannot play here (a pass, a promotion to a king included) is refused.
            let accepted = match uci::read_legal(game.position(), text) {
                Ok(mv) => uci::write(game.position(), mv) == *text && game.play(mv).is_ok(),
                Err(_) => false,
            };
            Ok(Reply::Played(wire::Played { accepted, fen: fen::write(game.position()) }))
        }
        Request::Status { position: query } => {
            let pos = position(query)?;
            let no_moves = pos.count_legal() == 0;
            let checkers: Vec<String> = pos.checkers().squares().map(|s| s.to_string()).collect();
            Ok(Reply::Status(wire::Status {
                in_check: Some(pos.is_check()),
                checkers: Some(checkers),
                checkmate: Some(no_moves && pos.is_check()),
                stalemate: Some(no_moves && !pos.is_check()),
            }))
        }
        Request::Game { position: query } => {
            let status = game(query)?.status();
            Ok(Reply::Game(wire::Game {
                outcome: status.outcome.map(|o| wire::Outcome {
                    result: o.result.as_str().to_string(),
                    reason: o.reason.as_str().to_string(),
                }),
                insufficient_material: Some(wire::Sides {
                    white: Some(status.insufficient_material.white),
                    black: Some(status.insufficient_material.black),
                }),
                dead_position: Some(status.dead_position),
                repetitions: Some(status.repetitions as u64),
                can_claim_threefold: Some(status.can_claim_threefold),
                can_claim_fifty_moves: Some(status.can_claim_fifty_moves),
            }))
        }
        Request::Board { position: query } => {
            let pos = position(query)?;
            let mut placement = String::new();
            fen::write_placement(pos.board(), &mut placement);
            Ok(Reply::Board(wire::Board { placement }))
        }
        Request::Trace { .. } => Err(refuse("unsupported", "lawbook serve does not answer trace requests")),
    }
}

/// A position as the protocol gives it, checked field by field.
fn query(request: &Map<String, Value>) -> Result<wire::Position, Refusal> {
    let Some(Value::Object(position)) = request.get("position") else {
        return Err(refuse("bad_request", "this request needs \"position\": an object with \"fen\" and \"moves\""));
    };
    let fen = match position.get("fen") {
        Some(Value::String(fen)) => fen.clone(),
        _ => return Err(refuse("bad_request", "\"position\" needs \"fen\": a FEN string or \"startpos\"")),
    };
    let moves = match position.get("moves") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) => list
            .iter()
            .map(|m| {
                m.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| refuse("bad_request", "\"moves\" must be an array of strings"))
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(refuse("bad_request", "\"moves\" must be an array of strings")),
    };
    let flag = |name: &str| match position.get(name) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(refuse("bad_request", format!("\"{name}\" must be true or false"))),
    };
    Ok(wire::Position {
        fen,
        moves,
        chess960: flag("chess960")?,
        automatic_fifty_moves: flag("automatic_fifty_moves")?,
    })
}

fn start(query: &wire::Position) -> Result<Position, Refusal> {
    let text = if query.fen == "startpos" { fen::STARTPOS } else { query.fen.as_str() };
    let mode = query.chess960.then_some(CastlingMode::Chess960);
    fen::read_with(text, mode, Relaxations::STRICT).map_err(|e| Refusal("bad_fen", e.to_string(), Some(e.kind())))
}

/// The text of move `i` (from 0) of the list, shortened for messages.
fn shown(query: &wire::Position, i: usize) -> String {
    query.moves[i].chars().take(40).collect()
}

/// The refusal of move `i` (from 0) of the list.
fn illegal(i: usize, err: &MoveError) -> Refusal {
    Refusal("illegal_move", format!("move {} of the list: {err}", i + 1), Some(err.kind()))
}

/// The position after the moves (legality only: no game-over check).
fn position(query: &wire::Position) -> Result<Position, Refusal> {
    let mut pos = start(query)?;
    for (i, text) in query.moves.iter().enumerate() {
        let mv = read_uci(&pos, text).map_err(|e| illegal(i, &e))?;
        pos = pos.play_unchecked(mv);
    }
    Ok(pos)
}

/// Whether `text` is a move as `play` takes it: UCI, with `k` allowed as
/// a promotion letter, or `0000`.
fn tried_move_syntax(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    text == "0000"
        || (matches!(b.len(), 4 | 5)
            && square(b[0], b[1])
            && square(b[2], b[3])
            && b.get(4).is_none_or(|c| b"qrbnk".contains(c)))
}

/// The game after the moves, with its history.
fn game(query: &wire::Position) -> Result<Game, Refusal> {
    let policy = Policy { automatic_fifty_moves: query.automatic_fifty_moves, ..Policy::FIDE };
    let mut game = Game::with_settings(start(query)?, policy, SearchLimits::default());
    for (i, text) in query.moves.iter().enumerate() {
        let mv = read_uci(game.position(), text).map_err(|e| illegal(i, &e))?;
        game.play(mv).map_err(|e| match e {
            GameError::GameOver { outcome, .. } => refuse(
                "game_over",
                format!("move {} of the list ({}) follows the end of the game: {outcome}", i + 1, shown(query, i)),
            ),
            GameError::IllegalMove { .. } => {
                refuse("illegal_move", format!("move {} of the list ({}) is not legal", i + 1, shown(query, i)))
            }
            GameError::TooEarlyToAgree => unreachable!("playing a move agrees to nothing"),
        })?;
    }
    Ok(game)
}

/// One line of JSON: a reply the protocol's types write (they cannot fail to).
fn line_of(reply: &impl Serialize) -> String {
    serde_json::to_string(reply).unwrap_or_else(|e| {
        let message = format!("the reply cannot be written: {e}");
        serde_json::json!({"id": null, "error": {"kind": "internal", "message": message}}).to_string()
    })
}

/// An error reply.
fn error(id: &Value, kind: &str, message: &str) -> String {
    let error = wire::Error { kind: kind.to_string(), message: message.to_string(), detail: None };
    line_of(&WithId::new(id.clone(), wire::ErrorReply { error }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Runs a whole session and parses every reply.
    fn session(input: &[u8]) -> Vec<Value> {
        let mut out = Vec::new();
        serve(BufReader::new(input), &mut out).expect("in-memory streams do not fail");
        let text = String::from_utf8(out).expect("replies are UTF-8");
        text.lines().map(|line| serde_json::from_str(line).expect("each reply is JSON")).collect()
    }

    fn one(request: Value) -> Value {
        let replies = session(format!("{request}\n").as_bytes());
        assert_eq!(replies.len(), 1);
        replies.into_iter().next().unwrap_or(Value::Null)
    }

    #[test]
    fn hello_announces_everything() {
        let reply = one(json!({"id": "h", "request": "hello", "protocol": 1}));
        assert_eq!(reply["id"], "h");
        assert_eq!(reply["protocol"], 1);
        assert_eq!(reply["supports"], json!(SUPPORTS));
        assert_eq!(reply["features"], json!(FEATURES));
    }

    #[test]
    fn fools_mate() {
        let position = json!({"fen": "startpos", "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]});
        let status = one(json!({"id": 1, "request": "status", "position": position}));
        assert_eq!(
            status,
            json!({"id": 1, "in_check": true, "checkers": ["h4"], "checkmate": true, "stalemate": false})
        );
        let game = one(json!({"id": 2, "request": "game", "position": position}));
        assert_eq!(game["outcome"], json!({"result": "0-1", "reason": "checkmate"}));
        assert_eq!(game["repetitions"], 1);
        let moves = one(json!({"id": 3, "request": "legal_moves", "position": position}));
        assert_eq!(moves["moves"], json!([]));
        let board = one(json!({"id": 4, "request": "board", "position": position}));
        assert_eq!(board["placement"], "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR");
        let after = one(json!({"id": 5, "request": "game", "position":
            {"fen": "startpos", "moves": ["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"]}}));
        assert_eq!(after["error"]["kind"], "illegal_move");
    }

    #[test]
    fn castling_is_written_as_the_mode_says() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let standard = json!({"fen": fen});
        let legal = |position: &Value, mv: &str| {
            one(json!({"id": 1, "request": "is_legal", "position": position, "move": mv}))["legal"].clone()
        };
        assert_eq!(legal(&standard, "e1g1"), true);
        assert_eq!(legal(&standard, "e1h1"), false);
        let chess960 = json!({"fen": fen, "chess960": true});
        assert_eq!(legal(&chess960, "e1h1"), true);
        assert_eq!(legal(&chess960, "e1g1"), false);
        let bad = one(json!({"id": 9, "request": "is_legal", "position": standard, "move": "castle"}));
        assert_eq!(bad["error"]["kind"], "bad_request");
    }

    #[test]
    fn play_takes_legal_moves_and_refuses_the_rest() {
        let play = |fen: &str, mv: &str| {
            let reply = one(json!({"id": 1, "request": "play", "position": {"fen": fen}, "move": mv}));
            (reply["accepted"].clone(), reply["fen"].clone())
        };
        let start = fen::STARTPOS;
        assert_eq!(
            play(start, "e2e4"),
            (json!(true), json!("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"))
        );
        for refused in ["e2e5", "0000", "e7e5"] {
            assert_eq!(play(start, refused), (json!(false), json!(start)), "{refused}");
        }
        let pawn = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(play(pawn, "a7a8k"), (json!(false), json!(pawn)));
        assert_eq!(play(pawn, "a7a8q").0, json!(true));
        // Fivefold repetition has ended the game: no move is taken after it.
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(4);
        let over =
            one(json!({"id": 2, "request": "play", "position": {"fen": "startpos", "moves": shuffle}, "move": "e2e4"}));
        assert_eq!(over["accepted"], false);
        let bad = one(json!({"id": 3, "request": "play", "position": {"fen": start}, "move": "castle"}));
        assert_eq!(bad["error"]["kind"], "bad_request");
    }

    #[test]
    fn automatic_fifty_moves_and_game_over() {
        let position = |automatic: bool| json!({"fen": "7k/8/6K1/8/8/8/8/R7 w - - 99 80", "moves": ["a1a2"], "automatic_fifty_moves": automatic});
        let claim = one(json!({"id": 1, "request": "game", "position": position(false)}));
        assert_eq!((claim["outcome"].clone(), claim["can_claim_fifty_moves"].clone()), (Value::Null, json!(true)));
        let automatic = one(json!({"id": 2, "request": "game", "position": position(true)}));
        assert_eq!(automatic["outcome"], json!({"result": "1/2-1/2", "reason": "fifty_moves"}));
        let later =
            json!({"fen": "7k/8/6K1/8/8/8/8/R7 w - - 99 80", "moves": ["a1a2", "h8g8"], "automatic_fifty_moves": true});
        let refused = one(json!({"id": 3, "request": "game", "position": later}));
        assert_eq!(refused["error"]["kind"], "game_over");
    }

    #[test]
    fn errors_and_the_session_goes_on() {
        let mut input = Vec::new();
        input.extend_from_slice(b"not json\n");
        input.extend_from_slice(b"[1, 2]\n");
        input.extend_from_slice(b"\xff\xfe\n");
        input.extend_from_slice(b"   \n");
        input.extend_from_slice(br#"{"id": 1, "request": "fly"}"#);
        input.push(b'\n');
        input.extend_from_slice(br#"{"id": 1.5, "request": "trace", "position": {"fen": "startpos"}}"#);
        input.push(b'\n');
        input.extend_from_slice(br#"{"id": 2}"#);
        input.push(b'\n');
        input.extend_from_slice(br#"{"id": 3, "request": "status", "position": {"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}}"#);
        input.push(b'\n');
        input.extend_from_slice(
            br#"{"id": 4, "request": "status", "position": {"fen": "startpos", "moves": ["e2e5"]}}"#,
        );
        input.push(b'\n');
        input.extend_from_slice(br#"{"id": 5, "request": "status", "position": {"fen": "startpos", "moves": "e2e4"}}"#);
        input.push(b'\n');
        input.extend_from_slice(&vec![b'x'; MAX_LINE + 10]);
        input.push(b'\n');
        input.extend_from_slice(br#"{"id": 6, "request": "legal_moves", "position": {"fen": "startpos"}}"#);
        input.extend_from_slice(b"\r\n");
        // The last line has no newline: end of input ends it.
        input.extend_from_slice(br#"{"id": 7, "request": "board", "position": {"fen": "startpos"}}"#);
        let replies = session(&input);
        let kinds: Vec<Value> = replies.iter().map(|r| r["error"]["kind"].clone()).collect();
        assert_eq!(
            kinds,
            [
                json!("bad_json"),
                json!("bad_json"),
                json!("bad_json"),
                json!("unknown_request"),
                json!("unsupported"),
                json!("bad_request"),
                json!("bad_fen"),
                json!("illegal_move"),
                json!("bad_request"),
                json!("line_too_long"),
                Value::Null,
                Value::Null,
            ]
        );
        let ids: Vec<Value> = replies.iter().map(|r| r["id"].clone()).collect();
        assert_eq!(ids[3..9], [json!(1), json!(1.5), json!(2), json!(3), json!(4), json!(5)]);
        assert_eq!(replies[10]["moves"].as_array().map(Vec::len), Some(20));
        assert_eq!(replies[11]["placement"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    }

    #[test]
    fn an_over_long_last_line_and_empty_input() {
        assert!(session(b"").is_empty());
        let replies = session(&vec![b'{'; MAX_LINE + 1]);
        assert_eq!(replies.len(), 1);
        assert_eq!(replies[0]["error"]["kind"], "line_too_long");
        // Exactly at the limit is still read.
        let mut exact = br#"{"id":1,"request":"hello","pad":""#.to_vec();
        exact.resize(MAX_LINE - 2, b' ');
        exact.extend_from_slice(b"\"}\n");
        assert_eq!(exact.len(), MAX_LINE + 1);
        assert_eq!(session(&exact)[0]["protocol"], 1);
    }
}
