//! A driver for instruction counts (`valgrind --tool=callgrind`) of reading
//! moves, on the moves of the test games (the corpus of the `games` bench).
//!
//! `cargo run --release -p lawbook-notation --example san_profile -- MODE N`
//! does the work of MODE N times over every move of the games:
//!
//! - `san`: each move's SAN read back (leniently) in the position before it;
//! - `strict`: the same, strictly (`+`, `#` and `x` checked);
//! - `uci`: each move's UCI read back;
//! - `play`: each move played with the checked `Position::play`;
//! - `replay`: each game replayed from its SAN list (read, then played);
//! - `pgn`: the whole PGN text read with `PgnReader`.
//!
//! The preparation is the same whatever N is, so the instructions of one
//! pass are the count at N + 1 less the count at N; divide by the number of
//! moves printed.

use lawbook_movegen::{Move, Position};
use lawbook_notation::pgn::PgnReader;
use lawbook_notation::{Lang, Strictness, san, uci};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("san", String::as_str);
    let passes: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1);
    let pgn = [
        include_str!("../tests/data/pgn/rare_events.pgn"),
        include_str!("../tests/data/pgn/molinari-bordais-1979.pgn"),
        include_str!("../tests/data/pgn/fools-mate.pgn"),
        include_str!("../tests/data/pgn/setup-black-to-move.pgn"),
    ]
    .join("\n\n");
    // Each game's start, and each move with its position, SAN and UCI.
    let mut games: Vec<(Position, Vec<String>)> = Vec::new();
    let mut moves: Vec<(Position, Move, String, String)> = Vec::new();
    for game in PgnReader::new(pgn.as_bytes()) {
        let game = game.expect("every test game reads");
        let mut pos = game.start;
        let mut sans = Vec::new();
        for m in &game.moves {
            let text = san::write(&pos, m.mv);
            sans.push(text.clone());
            moves.push((pos, m.mv, text, uci::write(&pos, m.mv)));
            pos = pos.play_unchecked(m.mv);
        }
        games.push((game.start, sans));
    }
    for _ in 0..passes {
        match mode {
            "san" | "strict" => {
                let strictness = if mode == "san" { Strictness::Lenient } else { Strictness::Strict };
                for (pos, mv, text, _) in &moves {
                    let (read, _) = san::read(pos, text, Lang::English, strictness).expect("the SAN reads");
                    assert_eq!(read, *mv);
                }
            }
            "uci" => {
                for (pos, mv, _, text) in &moves {
                    assert_eq!(uci::parse(pos, text).expect("the UCI reads"), *mv);
                }
            }
            "play" => {
                for (pos, mv, _, _) in &moves {
                    black_box(pos.play(*mv).expect("legal"));
                }
            }
            "replay" => {
                for (start, sans) in &games {
                    let mut pos = *start;
                    for text in sans {
                        let (mv, _) = san::read(&pos, text, Lang::English, Strictness::Lenient).expect("the SAN reads");
                        pos.play_unchecked_in_place(mv);
                    }
                    black_box(pos);
                }
            }
            "pgn" => {
                for game in PgnReader::new(pgn.as_bytes()) {
                    black_box(game.expect("every test game reads"));
                }
            }
            other => panic!("unknown mode {other}"),
        }
    }
    println!("{} moves, mode {mode}, {passes} passes", moves.len());
}
