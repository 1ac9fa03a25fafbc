//! `lawbook status`: how a game stands, as one JSON object on one line.

use core::fmt;
use lawbook_board::Color;
use lawbook_notation::{ReadOptions, fen, read_move};
use lawbook_outcome::Game;
use serde_json::Value;

/// How a position stands after some moves: check, mate, stalemate, dead
/// positions, repetitions and draw claims, as one JSON object.
#[derive(clap::Args)]
pub(crate) struct StatusArgs {
    /// The position: a FEN in quotes, or `startpos`.
    fen: String,
    /// Moves to play first (UCI, such as e2e4 e7e5). Repetitions count from the given position.
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    moves: Vec<String>,
    #[command(flatten)]
    position: crate::PositionArgs,
}

/// The status object for `args`, as text, or the one-line error.
pub(crate) fn render(args: &StatusArgs) -> Result<String, String> {
    let mut game = Game::new(args.position.read(&args.fen)?);
    for (i, text) in args.moves.iter().enumerate() {
        let (mv, _) = read_move(game.position(), text, ReadOptions::LENIENT)
            .map_err(|e| format!("move {} of --moves: {e}", i + 1))?;
        game.play(mv).map_err(|e| format!("move {} of --moves ({text}): {e}", i + 1))?;
    }
    Ok(status_object(&game).to_string())
}

/// A JSON value whose objects keep their keys in the order written (serde_json
/// writes every scalar and string; only the order of keys is kept here).
enum Json {
    Value(Value),
    Object(Vec<(&'static str, Json)>),
}

impl From<Value> for Json {
    fn from(value: Value) -> Json {
        Json::Value(value)
    }
}

impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Value(value) => write!(f, "{value}"),
            Json::Object(fields) => {
                f.write_str("{")?;
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}:{value}", Value::from(*key))?;
                }
                f.write_str("}")
            }
        }
    }
}

fn status_object(game: &Game) -> Json {
    let status = game.status();
    let turn = match status.turn {
        Color::White => "white",
        Color::Black => "black",
    };
    let checkers: Vec<Value> = status.checkers.into_iter().map(|sq| Value::from(sq.to_string())).collect();
    let outcome = match status.outcome {
        None => Json::Value(Value::Null),
        Some(outcome) => Json::Object(vec![
            ("result", Value::from(outcome.result.as_str()).into()),
            ("reason", Value::from(outcome.reason.as_str()).into()),
        ]),
    };
    Json::Object(vec![
        ("fen", Value::from(fen::write(game.position())).into()),
        ("turn", Value::from(turn).into()),
        ("in_check", Value::from(status.in_check()).into()),
        ("checkers", Value::from(checkers).into()),
        ("checkmate", Value::from(status.checkmate).into()),
        ("stalemate", Value::from(status.stalemate).into()),
        (
            "insufficient_material",
            Json::Object(vec![
                ("white", Value::from(status.insufficient_material.white).into()),
                ("black", Value::from(status.insufficient_material.black).into()),
            ]),
        ),
        ("dead_position", Value::from(status.dead_position).into()),
        ("halfmove_clock", Value::from(status.halfmove_clock).into()),
        ("repetitions", Value::from(status.repetitions).into()),
        ("can_claim_fifty_moves", Value::from(status.can_claim_fifty_moves).into()),
        ("can_claim_threefold", Value::from(status.can_claim_threefold).into()),
        ("outcome", outcome),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use serde_json::json;

    #[derive(Parser)]
    struct Wrap {
        #[command(flatten)]
        args: StatusArgs,
    }

    fn status(words: &[&str]) -> Result<Value, String> {
        let wrap =
            Wrap::try_parse_from(std::iter::once("status").chain(words.iter().copied())).map_err(|e| e.to_string())?;
        let text = render(&wrap.args)?;
        assert_eq!(text.lines().count(), 1, "one line: {text}");
        Ok(serde_json::from_str(&text).expect("valid JSON"))
    }

    const KEYS: [&str; 13] = [
        "fen",
        "turn",
        "in_check",
        "checkers",
        "checkmate",
        "stalemate",
        "insufficient_material",
        "dead_position",
        "halfmove_clock",
        "repetitions",
        "can_claim_fifty_moves",
        "can_claim_threefold",
        "outcome",
    ];

    #[test]
    fn the_initial_position() {
        let value = status(&["startpos"]).unwrap();
        assert_eq!(
            value,
            json!({
                "fen": fen::STARTPOS,
                "turn": "white",
                "in_check": false,
                "checkers": [],
                "checkmate": false,
                "stalemate": false,
                "insufficient_material": {"white": false, "black": false},
                "dead_position": false,
                "halfmove_clock": 0,
                "repetitions": 1,
                "can_claim_fifty_moves": false,
                "can_claim_threefold": false,
                "outcome": null,
            })
        );
        // Exactly these keys, in this order.
        let text = render(&Wrap::try_parse_from(["status", "startpos"]).unwrap().args).unwrap();
        let mut at = 0;
        for key in KEYS {
            let found = text[at..].find(&format!("\"{key}\":")).unwrap_or_else(|| panic!("{key} in order"));
            at += found + 1;
        }
        assert_eq!(value.as_object().map(|o| o.len()), Some(KEYS.len()));
    }

    #[test]
    fn mate_and_its_checkers() {
        let value = status(&["startpos", "--moves", "f2f3", "e7e5", "g2g4", "d8h4"]).unwrap();
        assert_eq!(value["turn"], "white");
        assert_eq!(value["in_check"], true);
        assert_eq!(value["checkers"], json!(["h4"]));
        assert_eq!(value["checkmate"], true);
        assert_eq!(value["outcome"], json!({"result": "0-1", "reason": "checkmate"}));
        let double = status(&["3qkb2/2pp1p2/8/8/4N3/8/8/4R1K1 w - - 0 1", "--moves", "e4d6"]).unwrap();
        assert_eq!(double["checkers"], json!(["e1", "d6"]));
        assert_eq!(double["outcome"], json!({"result": "1-0", "reason": "checkmate"}));
    }

    #[test]
    fn draws_and_claims() {
        let promoted = status(&["4k3/P7/4K3/8/8/8/8/8 w - - 0 1", "--moves", "a7a8b"]).unwrap();
        assert_eq!(promoted["insufficient_material"], json!({"white": true, "black": true}));
        assert_eq!(promoted["dead_position"], true);
        assert_eq!(promoted["outcome"], json!({"result": "1/2-1/2", "reason": "insufficient_material"}));

        let wall = status(&["8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/5K2 w - - 0 1"]).unwrap();
        assert_eq!(wall["insufficient_material"], json!({"white": false, "black": false}));
        assert_eq!(wall["outcome"], json!({"result": "1/2-1/2", "reason": "dead_position"}));

        let stalemate = status(&["R5nk/5K2/6P1/8/8/8/8/8 b - - 0 1"]).unwrap();
        assert_eq!(stalemate["stalemate"], true);
        assert_eq!(stalemate["outcome"]["reason"], "stalemate");

        let fifty = status(&["7k/8/6K1/8/8/8/8/R7 w - - 99 80"]).unwrap();
        assert_eq!((fifty["can_claim_fifty_moves"].clone(), fifty["outcome"].clone()), (json!(true), Value::Null));
        let seventy_five = status(&["7k/8/6K1/8/8/8/8/R7 w - - 149 120", "--moves", "a1a2"]).unwrap();
        assert_eq!(seventy_five["halfmove_clock"], 150);
        assert_eq!(seventy_five["outcome"], json!({"result": "1/2-1/2", "reason": "seventyfive_moves"}));
        let mate_first = status(&["7k/8/6K1/8/8/8/8/R7 w - - 149 120", "--moves", "a1a8"]).unwrap();
        assert_eq!(mate_first["outcome"]["reason"], "checkmate");

        let knights = ["startpos", "--moves", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];
        let announce = status(&knights).unwrap();
        assert_eq!((announce["repetitions"].clone(), announce["can_claim_threefold"].clone()), (json!(2), json!(true)));
        let mut third = knights.to_vec();
        third.push("f6g8");
        let third = status(&third).unwrap();
        assert_eq!(third["repetitions"], 3);
        assert_eq!(third["outcome"], Value::Null);
    }

    #[test]
    fn errors_are_one_line() {
        for words in [
            &["not a fen"][..],
            &["startpos", "--moves", "e2e4", "e2e4"],
            &["startpos", "--moves", "f2f3", "e7e5", "g2g4", "d8h4", "a2a3"],
        ] {
            let err = status(words).unwrap_err();
            assert_eq!(err.lines().count(), 1, "{err}");
        }
        let err = status(&["startpos", "--moves", "f2f3", "e7e5", "g2g4", "d8h4", "a2a3"]).unwrap_err();
        assert!(err.starts_with("move 5 of --moves"), "{err}");
    }
}
