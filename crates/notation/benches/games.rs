//! lawbook next to shakmaty, cozy-chess and the `chess` crate on the
//! positions and moves of real games.
//!
//! The games are the test games of `tests/data/pgn/` (see its `SOURCES.md`:
//! lichess and TWIC games with rare events, and three short games), read
//! once by lawbook before anything is timed. Each library gets the same
//! positions (read from the FEN lawbook writes for each position) and the
//! same moves (converted through UCI), and each library's answers are
//! checked against lawbook's before they are timed. The groups on single
//! positions leave out those with a halfmove clock over 100 (long endings
//! of games drawn by the seventy-five-move rule): cozy-chess refuses them.
//!
//! The groups, each with its throughput unit:
//!
//! - `legal_moves`: every legal move of each position, as a list (positions
//!   per second). lawbook fills a `MoveList` it keeps; shakmaty returns its
//!   own list by value; cozy-chess hands out moves a piece at a time, which
//!   are pushed to a kept `Vec`; the `chess` crate's iterator is collected
//!   into a kept `Vec`.
//! - `play`: each move of the games played on a copy of the position before
//!   it (moves per second), with each library's play for moves known to be
//!   legal, the way it makes a new position of a move: lawbook's
//!   `play_into` a position the loop keeps (one copy), shakmaty's and
//!   cozy-chess's play on a clone, the `chess` crate's `make_move_new`.
//! - `fen_read`: each position's FEN read into a position the library
//!   accepts as valid (positions per second). How much each library
//!   validates differs; the `chess` crate keeps no move counters.
//! - `fen_write`: each position written as FEN (positions per second). The
//!   `chess` crate keeps no move counters and always writes `0 1`, and it
//!   writes the en passant square wrongly (the pawn's square, `f5` for
//!   `f6`); its FEN is checked without those fields.
//! - `san_write`: each move written in SAN with its `+` or `#` (moves per
//!   second). The `chess` crate has no SAN writer (its `ChessMove` displays
//!   as UCI), so it has no row.
//! - `san_read`: each move's SAN read back into the move (moves per second).
//!   `lawbook` reads leniently (the `+`, `#` and `x` are not checked), as
//!   shakmaty, cozy-chess and the `chess` crate do; `lawbook-strict` checks
//!   them, which means playing the move to see whether it checks or mates.
//!   The `chess` crate's reader does not take `=` before a promotion letter
//!   nor a suffix after castling, and finds an en passant capture only with
//!   ` e.p.` after it, so it is given the SAN spelt that way (prepared before
//!   timing).
//! - `pgn_replay`: every game replayed from its SAN, in moves per second.
//!   `lawbook-pgn` reads the whole PGN text with lawbook's `PgnReader`: tag
//!   pairs, move numbers, comments (kept), SAN read and checked, moves
//!   played. None of the peers reads PGN by itself (shakmaty's reader is the
//!   separate `pgn-reader` crate, not used here), so the other rows replay
//!   the games' SAN move lists, split beforehand: each SAN read with the
//!   library's reader and played. `lawbook` does the same, for a like
//!   comparison.
//!
//! Run with `cargo bench -p lawbook-notation --bench games` (add
//! `-- --quick` for a short run, or a group name such as `-- san_read`).

use std::hint::black_box;
use std::str::FromStr;
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main, measurement::WallTime};
use lawbook_movegen::{Move, MoveList, Position};
use lawbook_notation::pgn::PgnReader;
use lawbook_notation::{Lang, Strictness, fen, san, uci};
use shakmaty::Position as _;

/// The test games, one PGN text.
fn pgn_text() -> String {
    [
        include_str!("../tests/data/pgn/rare_events.pgn"),
        include_str!("../tests/data/pgn/molinari-bordais-1979.pgn"),
        include_str!("../tests/data/pgn/fools-mate.pgn"),
        include_str!("../tests/data/pgn/setup-black-to-move.pgn"),
    ]
    .join("\n\n")
}

/// A game's start position and SAN moves, as each library takes them.
struct Game {
    lawbook: Position,
    shakmaty: shakmaty::Chess,
    cozy: cozy_chess::Board,
    chess: chess::Board,
    /// The moves in SAN, as lawbook writes them.
    san: Vec<String>,
    /// The same, without `=` and castling suffixes (for the `chess` crate).
    chess_san: Vec<String>,
}

/// Everything the groups need, prepared and checked before timing.
struct Corpus {
    pgn: String,
    games: Vec<Game>,
    /// The FEN of each position before a move of the games.
    fens: Vec<String>,
    /// Each position before a move, with the move, per library.
    lawbook: Vec<(Position, Move)>,
    shakmaty: Vec<(shakmaty::Chess, shakmaty::Move)>,
    cozy: Vec<(cozy_chess::Board, cozy_chess::Move)>,
    chess: Vec<(chess::Board, chess::ChessMove)>,
    /// The SAN of each move, and the `chess` crate's spelling of it.
    san: Vec<String>,
    chess_san: Vec<String>,
    /// Positions left out of the position groups: a halfmove clock over 100.
    skipped: usize,
    /// The moves of all games (the position groups may hold fewer).
    game_moves: u64,
}

fn shakmaty_from_fen(text: &str) -> shakmaty::Chess {
    shakmaty::fen::Fen::from_ascii(text.as_bytes())
        .expect("shakmaty parses the FEN")
        .into_position(shakmaty::CastlingMode::Standard)
        .expect("shakmaty accepts the position")
}

/// The `chess` crate's reading of SAN takes `e8Q`, not `e8=Q`, `O-O` only
/// without a suffix, and an en passant capture only with ` e.p.` after it.
fn chess_spelling(san: &str, mv: Move) -> String {
    let text = san.replace('=', "");
    if text.starts_with("O-O") {
        text.trim_end_matches(['+', '#']).to_string()
    } else if mv.is_en_passant() {
        text + " e.p."
    } else {
        text
    }
}

impl Corpus {
    fn new() -> Corpus {
        let pgn = pgn_text();
        let mut corpus = Corpus {
            pgn,
            games: Vec::new(),
            fens: Vec::new(),
            lawbook: Vec::new(),
            shakmaty: Vec::new(),
            cozy: Vec::new(),
            chess: Vec::new(),
            san: Vec::new(),
            chess_san: Vec::new(),
            skipped: 0,
            game_moves: 0,
        };
        let games: Vec<_> =
            PgnReader::new(corpus.pgn.as_bytes()).map(|game| game.expect("every test game reads")).collect();
        for game in games {
            let start_fen = fen::write(&game.start);
            let mut record = Game {
                lawbook: game.start,
                shakmaty: shakmaty_from_fen(&start_fen),
                cozy: cozy_chess::Board::from_fen(&start_fen, false).expect("cozy-chess reads the FEN"),
                chess: chess::Board::from_str(&start_fen).expect("chess reads the FEN"),
                san: Vec::new(),
                chess_san: Vec::new(),
            };
            let mut pos = game.start;
            for m in &game.moves {
                let written = san::write(&pos, m.mv);
                record.san.push(written.clone());
                record.chess_san.push(chess_spelling(&written, m.mv));
                if pos.halfmoves() > 100 {
                    // cozy-chess refuses such a FEN (by its reading the game
                    // is over); the position groups leave it out for all.
                    corpus.skipped += 1;
                    pos = pos.play_unchecked(m.mv);
                    continue;
                }
                let text = fen::write(&pos);
                let uci = uci::write(&pos, m.mv);

                let sh = shakmaty_from_fen(&text);
                let sh_mv = uci.parse::<shakmaty::uci::UciMove>().expect("a UCI move").to_move(&sh).expect("legal");
                let cz = cozy_chess::Board::from_fen(&text, false).expect("cozy-chess reads the FEN");
                let cz_mv = cozy_chess::util::parse_uci_move(&cz, &uci).expect("a UCI move");
                assert!(cz.is_legal(cz_mv), "cozy-chess: {uci} in {text}");
                let ch = chess::Board::from_str(&text).expect("chess reads the FEN");
                let ch_mv = chess::ChessMove::from_str(&uci).expect("a UCI move");
                assert!(ch.legal(ch_mv), "chess: {uci} in {text}");

                corpus.fens.push(text);
                corpus.lawbook.push((pos, m.mv));
                corpus.shakmaty.push((sh, sh_mv));
                corpus.cozy.push((cz, cz_mv));
                corpus.chess.push((ch, ch_mv));
                corpus.chess_san.push(chess_spelling(&written, m.mv));
                corpus.san.push(written);
                pos = pos.play_unchecked(m.mv);
            }
            corpus.game_moves += record.san.len() as u64;
            corpus.games.push(record);
        }
        corpus.check();
        eprintln!(
            "{} games, {} moves; {} positions in the position groups ({} with a halfmove clock over 100 left out)",
            corpus.games.len(),
            corpus.game_moves,
            corpus.fens.len(),
            corpus.skipped
        );
        corpus
    }

    /// Every library's answers agree with lawbook's, so none is timed giving
    /// a wrong one.
    fn check(&self) {
        for (i, text) in self.fens.iter().enumerate() {
            let (pos, mv) = self.lawbook[i];
            let (sh, sh_mv) = &self.shakmaty[i];
            let (cz, cz_mv) = &self.cozy[i];
            let (ch, ch_mv) = &self.chess[i];
            let n = pos.legal_moves().len();
            assert_eq!(sh.legal_moves().len(), n, "shakmaty: legal moves of {text}");
            let mut cz_n = 0;
            cz.generate_moves(|moves| {
                cz_n += moves.len();
                false
            });
            assert_eq!(cz_n, n, "cozy-chess: legal moves of {text}");
            assert_eq!(chess::MoveGen::new_legal(ch).len(), n, "chess: legal moves of {text}");

            assert_eq!(fen::read(text).expect("lawbook reads its FEN"), pos);
            assert_eq!(shakmaty::fen::Fen::from_position(sh, shakmaty::EnPassantMode::Legal).to_string(), *text);
            assert_eq!(cz.to_string(), *text, "cozy-chess writes the FEN");
            // The `chess` crate writes `0 1` for the counters, and as the en
            // passant field the square of the pawn that may be taken
            // (`f5`), not the square it passed (`f6`).
            let first_three = |fen: &str| fen.split(' ').take(3).collect::<Vec<_>>().join(" ");
            assert_eq!(first_three(&ch.to_string()), first_three(text), "chess writes the FEN");

            let written = &self.san[i];
            assert_eq!(shakmaty::san::SanPlus::from_move(sh.clone(), *sh_mv).to_string(), *written, "in {text}");
            assert_eq!(cozy_chess::util::display_san_move(cz, *cz_mv).to_string(), *written, "in {text}");

            assert_eq!(san::read(&pos, written, Lang::English, Strictness::Lenient).expect("lawbook reads").0, mv);
            assert_eq!(san::read(&pos, written, Lang::English, Strictness::Strict).expect("lawbook reads").0, mv);
            let sh_read = shakmaty::san::SanPlus::from_ascii(written.as_bytes()).expect("shakmaty parses");
            assert_eq!(sh_read.san.to_move(sh).expect("shakmaty reads"), *sh_mv, "{written} in {text}");
            assert_eq!(cozy_chess::util::parse_san_move(cz, written).expect("cozy-chess reads"), *cz_mv);
            let ch_read = chess::ChessMove::from_san(ch, &self.chess_san[i]);
            let ch_read = ch_read.unwrap_or_else(|e| panic!("chess: {e} for {} in {text}", self.chess_san[i]));
            assert_eq!(ch_read, *ch_mv, "{} in {text}", self.chess_san[i]);
        }
    }

    /// The number of positions, and moves, in the position groups.
    fn moves(&self) -> u64 {
        self.san.len() as u64
    }
}

fn configure(group: &mut BenchmarkGroup<'_, WallTime>, elements: u64) {
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(elements));
}

/// Throughput: positions per second.
fn legal_moves(c: &mut Criterion, corpus: &Corpus) {
    let mut group = c.benchmark_group("legal_moves");
    configure(&mut group, corpus.fens.len() as u64);
    group.bench_function("lawbook", |b| {
        let mut list = MoveList::new();
        b.iter(|| {
            for (pos, _) in &corpus.lawbook {
                pos.legal_moves_into(&mut list);
                black_box(&list);
            }
        });
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            for (pos, _) in &corpus.shakmaty {
                black_box(pos.legal_moves());
            }
        });
    });
    group.bench_function("cozy-chess", |b| {
        let mut list = Vec::with_capacity(256);
        b.iter(|| {
            for (board, _) in &corpus.cozy {
                list.clear();
                board.generate_moves(|moves| {
                    list.extend(moves);
                    false
                });
                black_box(&list);
            }
        });
    });
    group.bench_function("chess", |b| {
        let mut list = Vec::with_capacity(256);
        b.iter(|| {
            for (board, _) in &corpus.chess {
                list.clear();
                list.extend(chess::MoveGen::new_legal(board));
                black_box(&list);
            }
        });
    });
    group.finish();
}

/// Throughput: moves per second.
fn play(c: &mut Criterion, corpus: &Corpus) {
    let mut group = c.benchmark_group("play");
    configure(&mut group, corpus.moves());
    group.bench_function("lawbook", |b| {
        let mut child = Position::startpos();
        b.iter(|| {
            for (pos, mv) in &corpus.lawbook {
                pos.play_into(*mv, &mut child);
                black_box(&child);
            }
        });
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            for (pos, mv) in &corpus.shakmaty {
                let mut child = pos.clone();
                child.play_unchecked(*mv);
                black_box(&child);
            }
        });
    });
    group.bench_function("cozy-chess", |b| {
        b.iter(|| {
            for (board, mv) in &corpus.cozy {
                let mut child = board.clone();
                child.play_unchecked(*mv);
                black_box(&child);
            }
        });
    });
    group.bench_function("chess", |b| {
        b.iter(|| {
            for (board, mv) in &corpus.chess {
                black_box(board.make_move_new(*mv));
            }
        });
    });
    group.finish();
}

/// Throughput: positions per second.
fn fen_read(c: &mut Criterion, corpus: &Corpus) {
    let mut group = c.benchmark_group("fen_read");
    configure(&mut group, corpus.fens.len() as u64);
    group.bench_function("lawbook", |b| {
        b.iter(|| {
            for text in &corpus.fens {
                black_box(fen::read(text).unwrap());
            }
        });
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            for text in &corpus.fens {
                black_box(shakmaty_from_fen(text));
            }
        });
    });
    group.bench_function("cozy-chess", |b| {
        b.iter(|| {
            for text in &corpus.fens {
                black_box(cozy_chess::Board::from_fen(text, false).unwrap());
            }
        });
    });
    group.bench_function("chess", |b| {
        b.iter(|| {
            for text in &corpus.fens {
                black_box(chess::Board::from_str(text).unwrap());
            }
        });
    });
    group.finish();
}

/// Throughput: positions per second.
fn fen_write(c: &mut Criterion, corpus: &Corpus) {
    let mut group = c.benchmark_group("fen_write");
    configure(&mut group, corpus.fens.len() as u64);
    group.bench_function("lawbook", |b| {
        b.iter(|| {
            for (pos, _) in &corpus.lawbook {
                black_box(fen::write(pos));
            }
        });
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            for (pos, _) in &corpus.shakmaty {
                black_box(shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string());
            }
        });
    });
    group.bench_function("cozy-chess", |b| {
        b.iter(|| {
            for (board, _) in &corpus.cozy {
                black_box(board.to_string());
            }
        });
    });
    group.bench_function("chess", |b| {
        b.iter(|| {
            for (board, _) in &corpus.chess {
                black_box(board.to_string());
            }
        });
    });
    group.finish();
}

/// Throughput: moves per second. No `chess` row: it has no SAN writer.
fn san_write(c: &mut Criterion, corpus: &Corpus) {
    let mut group = c.benchmark_group("san_write");
    configure(&mut group, corpus.moves());
    group.bench_function("lawbook", |b| {
        b.iter(|| {
            for (pos, mv) in &corpus.lawbook {
                black_box(san::write(pos, *mv));
            }
        });
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            for (pos, mv) in &corpus.shakmaty {
                black_box(shakmaty::san::SanPlus::from_move(pos.clone(), *mv).to_string());
            }
        });
    });
    group.bench_function("cozy-chess", |b| {
        b.iter(|| {
            for (board, mv) in &corpus.cozy {
                black_box(cozy_chess::util::display_san_move(board, *mv).to_string());
            }
        });
    });
    group.finish();
}

/// Throughput: moves per second.
fn san_read(c: &mut Criterion, corpus: &Corpus) {
    let mut group = c.benchmark_group("san_read");
    configure(&mut group, corpus.moves());
    for (name, strictness) in [("lawbook", Strictness::Lenient), ("lawbook-strict", Strictness::Strict)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                for ((pos, _), text) in corpus.lawbook.iter().zip(&corpus.san) {
                    black_box(san::read(pos, text, Lang::English, strictness).unwrap());
                }
            });
        });
    }
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            for ((pos, _), text) in corpus.shakmaty.iter().zip(&corpus.san) {
                let parsed = shakmaty::san::SanPlus::from_ascii(text.as_bytes()).unwrap();
                black_box(parsed.san.to_move(pos).unwrap());
            }
        });
    });
    group.bench_function("cozy-chess", |b| {
        b.iter(|| {
            for ((board, _), text) in corpus.cozy.iter().zip(&corpus.san) {
                black_box(cozy_chess::util::parse_san_move(board, text).unwrap());
            }
        });
    });
    group.bench_function("chess", |b| {
        b.iter(|| {
            for ((board, _), text) in corpus.chess.iter().zip(&corpus.chess_san) {
                black_box(chess::ChessMove::from_san(board, text).unwrap());
            }
        });
    });
    group.finish();
}

/// Throughput: moves per second.
fn pgn_replay(c: &mut Criterion, corpus: &Corpus) {
    let mut group = c.benchmark_group("pgn_replay");
    configure(&mut group, corpus.game_moves);
    group.bench_function("lawbook-pgn", |b| {
        b.iter(|| {
            let mut moves = 0;
            for game in PgnReader::new(corpus.pgn.as_bytes()) {
                let game = game.unwrap();
                moves += game.moves.len();
                black_box(&game);
            }
            assert_eq!(moves as u64, corpus.game_moves);
        });
    });
    group.bench_function("lawbook", |b| {
        b.iter(|| {
            for game in &corpus.games {
                let mut pos = game.lawbook;
                for text in &game.san {
                    let (mv, _) = san::read(&pos, text, Lang::English, Strictness::Lenient).unwrap();
                    pos.play_unchecked_in_place(mv);
                }
                black_box(&pos);
            }
        });
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            for game in &corpus.games {
                let mut pos = game.shakmaty.clone();
                for text in &game.san {
                    let mv = shakmaty::san::SanPlus::from_ascii(text.as_bytes()).unwrap().san.to_move(&pos).unwrap();
                    pos.play_unchecked(mv);
                }
                black_box(&pos);
            }
        });
    });
    group.bench_function("cozy-chess", |b| {
        b.iter(|| {
            for game in &corpus.games {
                let mut board = game.cozy.clone();
                for text in &game.san {
                    let mv = cozy_chess::util::parse_san_move(&board, text).unwrap();
                    board.play_unchecked(mv);
                }
                black_box(&board);
            }
        });
    });
    group.bench_function("chess", |b| {
        b.iter(|| {
            for game in &corpus.games {
                let mut board = game.chess;
                for text in &game.chess_san {
                    let mv = chess::ChessMove::from_san(&board, text).unwrap();
                    board = board.make_move_new(mv);
                }
                black_box(&board);
            }
        });
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    let corpus = Corpus::new();
    legal_moves(c, &corpus);
    play(c, &corpus);
    fen_read(c, &corpus);
    fen_write(c, &corpus);
    san_write(c, &corpus);
    san_read(c, &corpus);
    pgn_replay(c, &corpus);
}

criterion_group!(benches, games);
criterion_main!(benches);
