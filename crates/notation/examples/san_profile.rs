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
//! - `pgn`: the whole PGN text read with `PgnReader`;
//! - `unchecked`: each move played on a copy with `play_unchecked_in_place`;
//! - `into`: each move played with `play_into` a position kept by the loop
//!   (the `play` row of the `games` bench);
//! - `fen`: each position's FEN read (the `fen_read` row);
//! - `fen-write`: each position's FEN written (the `fen_write` row);
//! - `cozy-play`, `cozy-san`, `cozy-replay`, `shakmaty-play`, `shakmaty-fen`, `shakmaty-fen-write`,
//!   `cozy-fen-write`: the best
//!   peers' rows, for instruction counts side by side.
//!
//! The preparation is the same whatever N is, so the instructions of one
//! pass are the count at N + 1 less the count at N; divide by the number of
//! moves printed.

use lawbook_movegen::{Move, Position};
use lawbook_notation::pgn::PgnReader;
use lawbook_notation::{Lang, Strictness, fen, san, uci};
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
    let fens: Vec<String> = moves.iter().map(|(pos, ..)| fen::write(pos)).collect();
    // The peers refuse a halfmove clock over 100; such positions are left out of their rows.
    let cozy: Vec<(cozy_chess::Board, cozy_chess::Move, &str)> = moves
        .iter()
        .zip(&fens)
        .filter(|((pos, ..), _)| pos.halfmoves() <= 100)
        .map(|((_, _, text, uci), fen)| {
            let board = cozy_chess::Board::from_fen(fen, false).expect("cozy-chess reads the FEN");
            let mv = cozy_chess::util::parse_uci_move(&board, uci).expect("a UCI move");
            (board, mv, text.as_str())
        })
        .collect();
    let shakmaty: Vec<(shakmaty::Chess, shakmaty::Move)> = moves
        .iter()
        .zip(&fens)
        .filter(|((pos, ..), _)| pos.halfmoves() <= 100)
        .map(|((_, _, _, uci), fen)| {
            let setup = shakmaty::fen::Fen::from_ascii(fen.as_bytes()).expect("shakmaty parses the FEN");
            let pos: shakmaty::Chess = setup.into_position(shakmaty::CastlingMode::Standard).expect("valid");
            let mv = uci.parse::<shakmaty::uci::UciMove>().expect("UCI").to_move(&pos).expect("legal");
            (pos, mv)
        })
        .collect();
    let cozy_games: Vec<(cozy_chess::Board, &[String])> = games
        .iter()
        .map(|(start, sans)| {
            (cozy_chess::Board::from_fen(&fen::write(start), false).expect("cozy-chess reads"), sans.as_slice())
        })
        .collect();
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
                    assert_eq!(uci::read_legal(pos, text).expect("the UCI reads"), *mv);
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
            "legal" => {
                let mut list = lawbook_movegen::MoveList::new();
                for (pos, _, _, _) in &moves {
                    pos.legal_moves_into(&mut list);
                    black_box(&list);
                }
            }
            "unchecked" => {
                for (pos, mv, _, _) in &moves {
                    let mut child = *pos;
                    child.play_unchecked_in_place(*mv);
                    black_box(&child);
                }
            }
            "into" => {
                let mut child = Position::startpos();
                for (pos, mv, _, _) in &moves {
                    pos.play_into(*mv, &mut child);
                    black_box(&child);
                }
            }
            "fen" => {
                for text in &fens {
                    black_box(fen::read(text).expect("the FEN reads"));
                }
            }
            "cozy-play" => {
                for (board, mv, _) in &cozy {
                    let mut child = board.clone();
                    child.play_unchecked(*mv);
                    black_box(&child);
                }
            }
            "cozy-san" => {
                for (board, _, text) in &cozy {
                    black_box(cozy_chess::util::parse_san_move(board, text).expect("the SAN reads"));
                }
            }
            "cozy-replay" => {
                for (start, sans) in &cozy_games {
                    let mut board = start.clone();
                    for text in *sans {
                        let mv = cozy_chess::util::parse_san_move(&board, text).expect("the SAN reads");
                        board.play_unchecked(mv);
                    }
                    black_box(board);
                }
            }
            "shakmaty-play" => {
                for (pos, mv) in &shakmaty {
                    let mut child = pos.clone();
                    shakmaty::Position::play_unchecked(&mut child, *mv);
                    black_box(&child);
                }
            }
            "shakmaty-fen" => {
                for text in &fens {
                    let setup = shakmaty::fen::Fen::from_ascii(text.as_bytes()).expect("shakmaty parses");
                    black_box(setup.into_position::<shakmaty::Chess>(shakmaty::CastlingMode::Standard).ok());
                }
            }
            "fen-write" => {
                for (pos, ..) in &moves {
                    black_box(fen::write(pos));
                }
            }
            "shakmaty-fen-write" => {
                for (pos, _) in &shakmaty {
                    black_box(shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string());
                }
            }
            "cozy-fen-write" => {
                for (board, ..) in &cozy {
                    black_box(board.to_string());
                }
            }
            other => panic!("unknown mode {other}"),
        }
    }
    println!(
        "{} moves ({} for the peers, whose positions have a half-move clock up to 100), mode {mode}, {passes} passes",
        moves.len(),
        shakmaty.len()
    );
}
