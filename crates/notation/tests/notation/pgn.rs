//! PGN reading and writing.
//!
//! - Every game of `tests/data/pgn/` (see its `SOURCES.md`) replays, and the
//!   rare events it was chosen for are really there: stalemate, threefold and
//!   fivefold repetition, underpromotions, en passant captures that give
//!   check, clock comments, a game from a FEN with Black to move.
//! - Written back, every one of those games reads back as the same game, in
//!   lines of at most 80 characters whose SAN shakmaty reads too.
//! - A large PGN of random games (variations, comments, NAGs, FEN and
//!   Chess960 starts), written by the writer, reads back identically, game by
//!   game, from a stream.
//! - Malformed PGN (unterminated comment, bad move, missing result, a NUL
//!   byte, a 10 MB line, bad tags, stray parentheses, an I/O error) gives an
//!   error that names the game, the line and the move, and the reader goes on
//!   with the next game.

use lawbook_board::{Bitboard, Board, CastlingMode, Role, Setup};
use lawbook_movegen::{Move, Position};
use lawbook_notation::pgn::{self, PgnError, PgnErrorKind, PgnGame, PgnLine, PgnMove, PgnOptions, PgnReader};
use lawbook_notation::{MoveErrorKind, fen, san};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;
use std::io::{BufReader, Cursor, Read};
use std::path::Path;

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read_all(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    PgnReader::new(text.as_bytes()).collect()
}

fn read_ok(text: &str) -> Vec<PgnGame> {
    read_all(text).into_iter().map(|g| g.unwrap_or_else(|e| panic!("{e}"))).collect()
}

const FILES: [&str; 4] = ["rare_events.pgn", "molinari-bordais-1979.pgn", "fools-mate.pgn", "setup-black-to-move.pgn"];

#[test]
fn every_shared_game_replays() {
    let counts: Vec<usize> = FILES.iter().map(|f| read_ok(&data(f)).len()).collect();
    assert_eq!(counts, [30, 1, 1, 1]);
    for file in FILES {
        for game in read_ok(&data(file)) {
            let end = game.final_position().expect("the reader only keeps legal moves");
            // The marker ends the movetext and agrees with the Result tag.
            assert_eq!(game.tag("Result"), Some(game.result.as_str()), "{file}");
            if game.result == "1-0" || game.result == "0-1" {
                // Decisive games here end in mate, resignation or on time; a mate
                // must be the loser's.
                if end.is_check() && end.count_legal() == 0 {
                    let loser =
                        if game.result == "1-0" { lawbook_board::Color::Black } else { lawbook_board::Color::White };
                    assert_eq!(end.turn(), loser, "{file}");
                }
            }
        }
    }
}

#[test]
fn the_rare_events_are_there() {
    let games = read_ok(&data("rare_events.pgn"));
    let (mut stalemates, mut threefold, mut fivefold, mut ep_checks, mut clocks) = (0, 0, 0, 0, 0);
    let mut underpromotions = Vec::new();
    for game in &games {
        let positions = game.positions().expect("legal");
        let end = positions[positions.len() - 1];
        if !end.is_check() && end.count_legal() == 0 {
            stalemates += 1;
        }
        let mut seen: HashMap<u64, usize> = HashMap::new();
        let mut most = 0;
        for p in &positions {
            let n = seen.entry(p.zobrist()).or_default();
            *n += 1;
            most = most.max(*n);
        }
        if most >= 3 {
            threefold += 1;
        }
        if most >= 5 {
            fivefold += 1;
        }
        for (m, before) in game.moves.iter().zip(&positions) {
            if let Some(role) = m.mv.promotion_role()
                && role != Role::Queen
            {
                underpromotions.push(san::write(before, m.mv));
            }
            if m.mv.is_en_passant() && before.play_unchecked(m.mv).is_check() {
                ep_checks += 1;
            }
            clocks += m.comments.iter().filter(|c| c.starts_with("[%clk ")).count();
        }
    }
    assert!(stalemates >= 1, "no stalemate");
    assert!(threefold >= 1 && fivefold >= 1, "repetitions: {threefold} threefold, {fivefold} fivefold");
    for expected in ["=R+", "=B+", "=N+", "=R#"] {
        assert!(underpromotions.iter().any(|s| s.ends_with(expected)), "no {expected} in {underpromotions:?}");
    }
    assert!(ep_checks >= 1, "no en passant capture with check");
    assert!(clocks > 1000, "clock comments: {clocks}");
}

#[test]
fn a_game_from_a_fen_with_black_to_move() {
    let games = read_ok(&data("setup-black-to-move.pgn"));
    let game = &games[0];
    assert_eq!(fen::write(&game.start), "r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R b KQkq - 0 1");
    let sans: Vec<String> =
        game.moves.iter().zip(game.positions().expect("legal")).map(|(m, p)| san::write(&p, m.mv)).collect();
    assert_eq!(sans, ["Ba5", "O-O", "d6", "d4"]);
    assert_eq!(game.result, "*");
    let text = pgn::write(game).expect("legal");
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R b KQkq - 0 1\"]\n")
    );
    assert!(text.ends_with("\n\n1... Ba5 2. O-O d6 3. d4 *\n\n"), "{text}");
}

/// Export format: lines of at most 80 characters, and SAN that shakmaty
/// reads as the same moves.
fn check_export(text: &str, game: &PgnGame) {
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "line longer than 80: {line}");
    }
    // shakmaty reads every SAN we wrote for the main line.
    let mode = match game.start.castling_mode() {
        CastlingMode::Standard => shakmaty::CastlingMode::Standard,
        CastlingMode::Chess960 => shakmaty::CastlingMode::Chess960,
    };
    let setup: shakmaty::fen::Fen = fen::write(&game.start).parse().expect("shakmaty reads our FEN");
    let mut theirs: shakmaty::Chess = setup.into_position(mode).expect("shakmaty accepts the start");
    let mut ours = game.start;
    for m in &game.moves {
        let written = san::write(&ours, m.mv);
        let parsed: shakmaty::san::SanPlus = written.parse().expect("shakmaty parses our SAN");
        let their_move = parsed.san.to_move(&theirs).expect("shakmaty finds our SAN legal");
        assert_eq!(
            shakmaty::uci::UciMove::from_move(their_move, mode).to_string(),
            lawbook_notation::uci::write(&ours, m.mv)
        );
        shakmaty::Position::play_unchecked(&mut theirs, their_move);
        ours = ours.play_unchecked(m.mv);
    }
}

#[test]
fn shared_games_write_and_read_back() {
    for file in FILES {
        for game in read_ok(&data(file)) {
            let text = pgn::write(&game).expect("legal");
            check_export(&text, &game);
            let back = read_ok(&text);
            assert_eq!(back.len(), 1);
            let mut expected = game.clone();
            expected.tags = expected_tags(&game);
            assert_eq!(back[0], expected, "{file}:\n{text}");
        }
    }
}

/// The random games' generator, from rand: Xoshiro256++ (a named, portable
/// algorithm) from a fixed seed, so the games are the same on every run.
type Rng = Xoshiro256PlusPlus;

const WORDS: [&str; 8] = ["good", "a \"quoted\" word", "[%clk 0:01:02]", "back\\slash", "(aside)", "!?", "1-0", "e4"];

fn random_line(rng: &mut Rng, start: Position, plies: usize, depth: usize) -> Vec<PgnMove> {
    let mut pos = start;
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        let Some(&mv) = legal.choose(rng) else { break };
        let mut m = PgnMove::new(mv);
        if rng.random_ratio(1, 8) {
            m.nags.push(rng.random::<u8>());
        }
        if rng.random_ratio(1, 10) {
            let words: Vec<&str> =
                (0..rng.random_range(1..=30)).map(|_| *WORDS.choose(rng).expect("eight words")).collect();
            m.comments.push(words.join(" "));
        }
        if depth < 2 && rng.random_ratio(1, 12) {
            let comments = if rng.random_ratio(1, 3) { vec!["variation".to_string()] } else { Vec::new() };
            let plies = rng.random_range(1..=8);
            let alt = random_line(rng, pos, plies, depth + 1);
            m.variations.push(PgnLine { comments, moves: alt });
        }
        pos = pos.play_unchecked(mv);
        moves.push(m);
    }
    moves
}

const STARTS: [&str; 4] = [
    fen::STARTPOS,
    "r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R b KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 37",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
];

fn random_game(rng: &mut Rng, number: usize) -> PgnGame {
    let start = match rng.random_range(0..6) {
        0..=3 => fen::read(STARTS.choose(rng).expect("four starts")).expect("valid"),
        _ => {
            let board = Board::chess960(rng.random_range(0..960)).expect("0..960");
            let setup = Setup { castling_rights: board.rooks() & Bitboard::BACKRANKS, board, ..Setup::empty() };
            Position::from_setup(setup, CastlingMode::Chess960).expect("valid")
        }
    };
    let mut game = PgnGame::new(start);
    game.set_tag("Event", &format!("Random game {number}"));
    game.set_tag("Site", "lawbook \"tests\" \\ here");
    game.set_tag("Date", "2026.11.30");
    game.set_tag("Round", &number.to_string());
    game.set_tag("White", "Random, A.");
    game.set_tag("Black", "Random, B.");
    game.result = ["1-0", "0-1", "1/2-1/2", "*"].choose(rng).expect("four results").to_string();
    game.set_tag("Result", &game.result.clone());
    game.set_tag("Annotator", "lawbook");
    if rng.random_ratio(1, 4) {
        game.comments.push("before the first move".to_string());
    }
    let plies = rng.random_range(0..220);
    game.moves = random_line(rng, start, plies, 0);
    game
}

/// What the writer makes of a game's tags: the roster, the others, then
/// Variant, SetUp and FEN from the start position.
fn expected_tags(game: &PgnGame) -> Vec<(String, String)> {
    let mut tags: Vec<(String, String)> = pgn::SEVEN_TAG_ROSTER
        .iter()
        .map(|&name| {
            let default = match name {
                "Date" => "????.??.??",
                "Result" => game.result.as_str(),
                _ => "?",
            };
            (name.to_string(), game.tag(name).unwrap_or(default).to_string())
        })
        .collect();
    tags.extend(
        game.tags
            .iter()
            .filter(|(n, _)| {
                !pgn::SEVEN_TAG_ROSTER.contains(&n.as_str()) && !matches!(n.as_str(), "SetUp" | "FEN" | "Variant")
            })
            .cloned(),
    );
    if game.start.castling_mode() == CastlingMode::Chess960 {
        tags.push(("Variant".to_string(), "Chess960".to_string()));
    }
    if game.start != Position::startpos() {
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), fen::write(&game.start)));
    }
    tags
}

/// Compares two games part by part, for a readable failure.
fn assert_same(back: &PgnGame, expected: &PgnGame, number: usize) {
    assert_eq!(back.tags, expected.tags, "game {number}");
    assert_eq!(back.start, expected.start, "game {number}");
    assert_eq!(back.comments, expected.comments, "game {number}");
    assert_eq!(back.result, expected.result, "game {number}");
    assert_eq!(back.moves.len(), expected.moves.len(), "game {number}");
    for (i, (a, b)) in back.moves.iter().zip(&expected.moves).enumerate() {
        assert_eq!(a, b, "game {number}, ply {}", i + 1);
    }
}

#[test]
fn a_large_generated_pgn_reads_back_identically() {
    let mut rng = Rng::seed_from_u64(0x5eed);
    let games: Vec<PgnGame> = (1..=600).map(|n| random_game(&mut rng, n)).collect();
    let mut text = Vec::new();
    for game in &games {
        pgn::write_to(&mut text, game).expect("legal");
    }
    assert!(text.len() > 1_000_000, "{} bytes", text.len());
    let text = String::from_utf8(text).expect("UTF-8");
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "line longer than 80: {line}");
    }
    // Read back through a small buffer, one game at a time.
    let reader = PgnReader::new(BufReader::with_capacity(512, Cursor::new(text.as_bytes())));
    let mut count = 0;
    for (game, back) in games.iter().zip(reader) {
        let back = back.unwrap_or_else(|e| panic!("{e}"));
        count += 1;
        let mut expected = game.clone();
        expected.tags = expected_tags(game);
        assert_same(&back, &expected, count);
    }
    assert_eq!(count, games.len());
    // Without variations and comments: the same main lines and NAGs.
    let options = PgnOptions { variations: false, comments: false, ..PgnOptions::default() };
    let plain: Vec<PgnGame> =
        PgnReader::with_options(text.as_bytes(), options).map(|g| g.unwrap_or_else(|e| panic!("{e}"))).collect();
    assert_eq!(plain.len(), games.len());
    for (game, back) in games.iter().zip(&plain) {
        let moves: Vec<Move> = game.moves.iter().map(|m| m.mv).collect();
        let back_moves: Vec<Move> = back.moves.iter().map(|m| m.mv).collect();
        assert_eq!(moves, back_moves);
        assert!(back.moves.iter().all(|m| m.variations.is_empty() && m.comments.is_empty()));
    }
}

/// A reader over one game's text repeated up to `total` bytes, never held whole.
struct Repeat {
    game: Vec<u8>,
    at: usize,
    left: usize,
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.left).min(self.game.len() - self.at);
        buf[..n].copy_from_slice(&self.game[self.at..self.at + n]);
        self.at = (self.at + n) % self.game.len();
        self.left -= n;
        Ok(n)
    }
}

#[test]
fn a_stream_is_read_one_game_at_a_time() {
    let game = data("molinari-bordais-1979.pgn").into_bytes();
    let games = 20_000;
    let source = Repeat { at: 0, left: game.len() * games, game };
    let mut count = 0;
    for item in PgnReader::new(BufReader::new(source)) {
        let item = item.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(item.moves.len(), 10);
        count += 1;
    }
    assert_eq!(count, games);
}

fn expect_error(item: &Result<PgnGame, PgnError>) -> &PgnError {
    match item {
        Ok(game) => panic!("expected an error, got a game of {} moves", game.moves.len()),
        Err(e) => e,
    }
}

const GOOD: &str = "[Event \"good\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

#[test]
fn an_unterminated_comment_stops_at_the_next_game() {
    let text = format!("[Event \"bad\"]\n\n1. e4 {{ never closed\n2. d4 d5 1-0\n\n{GOOD}");
    let items = read_all(&text);
    assert_eq!(items.len(), 2);
    let e = expect_error(&items[0]);
    assert_eq!((e.game, e.line, &e.kind), (1, 3, &PgnErrorKind::UnterminatedComment));
    assert!(e.to_string().starts_with("game 1, line 3: the comment opened with { on line 3"), "{e}");
    assert_eq!(e.partial.as_ref().map(|g| g.moves.len()), Some(1));
    assert_eq!(items[1].as_ref().map(|g| g.tag("Event")), Ok(Some("good")));
    // At the end of the input.
    let items = read_all("1. e4 { and then nothing\n\n");
    let e = expect_error(&items[0]);
    assert_eq!((e.line, &e.kind), (1, &PgnErrorKind::UnterminatedComment));
    assert!(e.message.contains("never closed"), "{e}");
}

#[test]
fn a_bad_move_names_the_game_the_line_and_the_move() {
    let text = format!("{GOOD}\n[Event \"bad\"]\n[Result \"*\"]\n\n1. e4 e5\n2. Nf3 Ke7 3. Ke3 Nc6 *\n\n{GOOD}");
    let items = read_all(&text);
    assert_eq!(items.len(), 3);
    assert!(items[0].is_ok() && items[2].is_ok());
    let e = expect_error(&items[1]);
    assert_eq!((e.game, e.line), (2, 10));
    assert_eq!(e.message, "move 3. Ke3: no white king can move to e3");
    assert_eq!(e.to_string(), "game 2, line 10: move 3. Ke3: no white king can move to e3");
    let PgnErrorKind::Move(move_error) = &e.kind else { panic!("{:?}", e.kind) };
    assert_eq!(move_error.kind, MoveErrorKind::NoPiece);
    let partial = e.partial.as_ref().expect("the game up to the bad move");
    assert_eq!(partial.moves.len(), 4);
    assert_eq!(partial.tag("Event"), Some("bad"));

    // Text that is not a move at all, and a move by the wrong side.
    let items = read_all("1. e4 Nf9 *\n1. e4 e5 2. Qh5 Qh4 3. Qxf7+ Kxf7 4. Kxf7 *\n");
    let e = expect_error(&items[0]);
    assert!(e.message.starts_with("move 1... Nf9: not a move"), "{e}");
    let e = expect_error(&items[1]);
    assert_eq!(e.game, 2);
    assert!(e.message.starts_with("move 4. Kxf7:"), "{e}");
}

#[test]
fn a_missing_result_is_an_error_and_the_next_game_is_read() {
    let text = format!("[Event \"no result\"]\n\n1. e4 e5 2. Nf3\n\n{GOOD}");
    let items = read_all(&text);
    assert_eq!(items.len(), 2);
    let e = expect_error(&items[0]);
    assert_eq!((e.game, e.line, &e.kind), (1, 3, &PgnErrorKind::MissingResult));
    assert!(e.message.contains("without a result"), "{e}");
    assert_eq!(e.partial.as_ref().map(|g| g.moves.len()), Some(3));
    assert!(items[1].is_ok());
    // At the end of the input.
    let items = read_all(&format!("{GOOD}\n[Event \"last\"]\n\n1. d4 d5\n"));
    let e = expect_error(&items[1]);
    assert_eq!((e.game, e.line, &e.kind), (2, 8, &PgnErrorKind::MissingResult));
    // Tags and nothing else.
    let items = read_all("[Event \"tags only\"]\n");
    assert_eq!(expect_error(&items[0]).kind, PgnErrorKind::MissingResult);
}

#[test]
fn a_nul_byte_is_an_error_and_the_next_game_is_read() {
    let text = format!("[Event \"nul\"]\n\n1. e4 e5\u{0} 2. Nf3 *\n\n{GOOD}");
    let items = read_all(&text);
    assert_eq!(items.len(), 2);
    let e = expect_error(&items[0]);
    assert_eq!((e.game, e.line, &e.kind), (1, 3, &PgnErrorKind::NulByte));
    assert!(e.message.contains("NUL byte in column 9"), "{e}");
    assert!(items[1].is_ok());
}

#[test]
fn a_ten_megabyte_line_is_an_error_not_a_memory_hog() {
    let long = "e4 ".repeat(10 * 1024 * 1024 / 3);
    let text = format!("[Event \"long\"]\n\n{long}\n*\n\n{GOOD}");
    let items = read_all(&text);
    assert_eq!(items.len(), 2);
    let e = expect_error(&items[0]);
    assert_eq!((e.game, e.line, &e.kind), (1, 3, &PgnErrorKind::TooLong));
    assert!(e.message.contains("longer than 1048576 bytes"), "{e}");
    assert!(items[1].is_ok());
    // A whole input of one long line without a newline.
    let items = read_all(&long);
    assert_eq!(items.len(), 1);
    assert_eq!(expect_error(&items[0]).kind, PgnErrorKind::TooLong);
    // A long comment over many short lines.
    let comment = "word word word word\n".repeat(60_000);
    let items = read_all(&format!("1. e4 {{{comment}}} e5 *\n{GOOD}"));
    assert_eq!(expect_error(&items[0]).kind, PgnErrorKind::TooLong);
    assert!(items[1].is_ok());
}

#[test]
fn other_malformed_games() {
    let cases: [(&str, &str, &str); 9] = [
        ("[Event \"x]\n\n1. e4 *\n", "pgn.bad_tag", "no closing double quote"),
        ("[Event x]\n\n1. e4 *\n", "pgn.bad_tag", "double quotes"),
        ("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n", "position.missing_king", "tag FEN: invalid FEN"),
        ("[SetUp \"1\"]\n\n1. e4 *\n", "pgn.setup_without_fen", "no FEN tag"),
        ("[Variant \"Atomic\"]\n\n1. e4 *\n", "pgn.unsupported_variant", "not supported"),
        ("1. e4 ) e5 *\n", "pgn.syntax", "a ) without a ("),
        ("( 1. e4 ) *\n", "pgn.syntax", "must follow the move"),
        ("1. e4 (1. d4 d5 *\n", "pgn.unclosed_variation", "before a variation is closed"),
        ("1. e4 $300 *\n", "pgn.syntax", "not a NAG"),
    ];
    for (bad, kind, words) in cases {
        let items = read_all(&format!("{bad}\n{GOOD}"));
        assert_eq!(items.len(), 2, "{bad}");
        let e = expect_error(&items[0]);
        assert_eq!(e.kind(), kind, "{bad}");
        assert!(e.message.contains(words), "{bad}: {e}");
        assert!(items[1].is_ok(), "{bad}: the next game: {:?}", items[1]);
    }
}

/// A reader that fails after some bytes.
struct Failing(Cursor<Vec<u8>>);

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self.0.read(buf)? {
            0 => Err(std::io::Error::other("disk on fire")),
            n => Ok(n),
        }
    }
}

#[test]
fn an_io_error_ends_the_reading() {
    let mut reader = PgnReader::new(BufReader::new(Failing(Cursor::new(format!("{GOOD}\n1. e4").into_bytes()))));
    assert!(reader.next().is_some_and(|g| g.is_ok()));
    let e = reader.next().expect("an error").expect_err("an error");
    assert_eq!((e.game, &e.kind), (2, &PgnErrorKind::Io));
    assert!(e.message.contains("disk on fire"));
    assert!(reader.next().is_none());
}

#[test]
fn movetext_details() {
    let text = "% a comment line for machines\n\
                [White \"A\"] [Black \"B\"]\n\
                [Variant \"Standard\"]\n\
                \n\
                {Before} 1.e4! e5?! 2.Nf3 $14 ; to the end of the line\n\
                2...Nc6 (2...d6 {Philidor} (2...f5?? {Latvian}) 3.d4) 3.Bb5 !! e.p.\n\
                3... a6 1/2-1/2 1. d4 *";
    let items = read_all(text);
    assert_eq!(items.len(), 2, "{items:?}");
    let game = items[0].as_ref().expect("valid");
    assert_eq!(game.tag("White"), Some("A"));
    assert_eq!(game.tag("Black"), Some("B"));
    assert_eq!(game.comments, ["Before"]);
    assert_eq!(game.moves.len(), 6);
    assert_eq!(game.moves[0].nags, [1]);
    assert_eq!(game.moves[1].nags, [6]);
    assert_eq!(game.moves[2].nags, [14]);
    assert_eq!(game.moves[2].comments, ["to the end of the line"]);
    assert_eq!(game.moves[4].nags, [3]);
    let variation = &game.moves[3].variations[0];
    assert_eq!(variation.moves.len(), 2);
    assert_eq!(variation.moves[0].comments, ["Philidor"]);
    let inner = &variation.moves[0].variations[0];
    assert_eq!((inner.moves.len(), inner.moves[0].nags.as_slice()), (1, &[4][..]));
    assert_eq!(inner.moves[0].comments, ["Latvian"]);
    assert_eq!(game.result, "1/2-1/2");
    // The rest of the line after a result is the next game.
    let next = items[1].as_ref().expect("valid");
    assert_eq!((next.tags.len(), next.moves.len()), (0, 1));
}

#[test]
fn any_white_space_separates_tokens() {
    // No-break and ideographic spaces, tabs, CR LF line ends.
    let game = read_ok("1.\u{a0}e4\u{3000}e5\t2. Nf3\r\n{a\u{2003}b} *\r\n").remove(0);
    assert_eq!(game.moves.len(), 3);
    assert_eq!(game.moves[2].comments, ["a\u{2003}b"]);
}

#[test]
fn chess960_games() {
    // The king on g1 between rooks on a1 and h1: short castling moves only the rook.
    let text = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
                [FEN \"r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1\"]\n\n\
                1. O-O O-O *\n";
    let game = read_ok(text).remove(0);
    assert_eq!(game.start.castling_mode(), CastlingMode::Chess960);
    let end = game.final_position().expect("legal");
    assert_eq!(fen::write(&end), "r4rk1/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");
    let written = pgn::write(&game).expect("legal");
    assert!(written.contains("[Variant \"Chess960\"]\n"), "{written}");
    let mut expected = game.clone();
    expected.tags = expected_tags(&game);
    assert_eq!(read_ok(&written).remove(0), expected);
    // The tag alone makes the initial position a Chess960 start (number 518).
    let game = read_ok("[Variant \"chess 960\"]\n\n1. e4 *").remove(0);
    assert_eq!(game.start.castling_mode(), CastlingMode::Chess960);
    assert_eq!(fen::write(&game.start), fen::STARTPOS);
}

#[test]
fn the_writer_escapes_tags_and_wraps_lines() {
    let mut game = PgnGame::new(Position::startpos());
    game.set_tag("Event", "a \\ b \"c\"");
    game.set_tag("Bad Name", "x");
    let mut pos = game.start;
    for _ in 0..60 {
        let mv = pos.legal_moves()[0];
        game.moves.push(PgnMove::new(mv));
        pos = pos.play_unchecked(mv);
        if pos.legal_moves().is_empty() {
            break;
        }
    }
    game.moves[2].comments.push("x".repeat(100));
    let text = pgn::write(&game).expect("legal");
    assert!(text.starts_with("[Event \"a \\\\ b \\\"c\\\"\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"));
    assert!(text.contains("[Result \"*\"]\n[Bad_Name \"x\"]\n\n1. "), "{text}");
    for line in text.lines() {
        // The one 102-character comment word stands alone.
        assert!(line.chars().count() <= 80 || line == format!("{{{}}}", "x".repeat(100)), "{line}");
    }
    let back = read_ok(&text).remove(0);
    assert_eq!(back.tag("Event"), Some("a \\ b \"c\""));
    assert_eq!(back.moves, game.moves);
    assert!(text.contains(&format!("\n{{{}}}\n2... ", "x".repeat(100))), "{text}");
}

#[test]
fn many_tags_on_one_line_are_all_kept_in_order() {
    // More tags on a line than the reader keeps aside while it checks the line.
    let text = "[A \"1\"] [B \"2\"] [C \"3\"] [D \"4\"] [E \"5\"] [FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n*\n";
    let game = PgnReader::new(text.as_bytes()).next().expect("a game").expect("reads");
    let names: Vec<&str> = game.tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["A", "B", "C", "D", "E", "FEN"]);
    assert_eq!(game.tag("E"), Some("5"));
    assert_eq!(lawbook_notation::fen::write(&game.start), "8/8/8/8/8/8/8/K1k5 w - - 0 1");
    // A bad tag anywhere on the line: none of the line's tags is kept.
    let bad = "[A \"1\"] [B \"2\"] [C \"3\"] [D \"4\"] [E \"5\"] [F 6]\n\n*\n";
    let e = PgnReader::new(bad.as_bytes()).next().expect("a game").unwrap_err();
    assert_eq!(e.kind(), "pgn.bad_tag");
}

/// Every game of `text` read through a buffer of `capacity` bytes, with `options`.
fn read_buffered(text: &[u8], capacity: usize, options: PgnOptions) -> Vec<Result<PgnGame, PgnError>> {
    PgnReader::with_options(BufReader::with_capacity(capacity, text), options).collect()
}

#[test]
fn tag_lines_read_the_same_whole_in_the_buffer_or_cut() {
    // Tag lines of every shape, good and bad, before good and bad movetext.
    // A buffer of one byte never holds a whole line: every line is cut out
    // and read as any line; larger buffers hold most lines whole, and plain
    // tag lines are then told straight from the buffer.
    // With the short limit below, a line of 40 bytes is taken, one of 41 refused.
    let (fits, too_long) = (format!("[Event \"{}\"]\n", "a".repeat(30)), format!("[Event \"{}\"]\n", "a".repeat(31)));
    let shapes = [
        fits.as_str(),
        too_long.as_str(),
        "[Event \"x\"]\n",
        "[Event \"x\"]\r\n",
        "[Event \"x\"]\r\r\n",
        "[Event \"x\"] \n",
        "[Event \"x\"]\t\n",
        " [Event \"x\"]\n",
        "[Event  \"x\"]\n",
        "[Event \"a\\\"b\"]\n",
        "[Event \"a\tb\"]\n",
        "[Event \"Käbi\"]\n",
        "[Event \"x\"] [Site \"y\"]\n",
        "[Event \"x\"]junk\n",
        "[Event \"x\0\"]\n",
        "[Event \"x\"\n",
        "[Event x]\n",
        "[\"x\"]\n",
        "[Result \"1-0\"]\n",
        "[FEN \"8/8/8/8/8/8/k7/K6Q w - - 0 1\"]\n",
        "[FEN \"not a position\"]\n",
        "[SetUp \"1\"]\n",
        "[Variant \"Chess960\"]\n",
        "[Variant \"Atomic\"]\n",
        "[WhiteElo \"a very long value that is longer than the limit\"]\n",
        "%escaped line\n",
        "\n",
        "\r\n",
    ];
    let bodies = ["\n1. e4 e5 *\n\n", "1. e4 {open\n", "\n1. Ke2 *\n", "1. e4 e5\n", "\n1-0\n", ""];
    let mut rng = Rng::seed_from_u64(0x7a65);
    let mut text = "\u{feff}[Event \"BOM\"]\n\n*\n".to_string();
    for _ in 0..400 {
        for _ in 0..rng.random_range(0..5) {
            text.push_str(shapes.choose(&mut rng).unwrap());
        }
        text.push_str(bodies.choose(&mut rng).unwrap());
    }
    text.push_str("[Event \"no line break at the end\"]");
    let short = PgnOptions { max_line_len: 40, ..PgnOptions::default() };
    for options in [PgnOptions::default(), short] {
        let cut = read_buffered(text.as_bytes(), 1, options);
        assert!(cut.len() > 300 && cut.iter().filter(|g| g.is_err()).count() > 100);
        for capacity in [2, 7, 64, 4096, 1 << 20] {
            let whole = read_buffered(text.as_bytes(), capacity, options);
            assert_eq!(whole.len(), cut.len(), "buffer of {capacity}");
            for (i, (a, b)) in whole.iter().zip(&cut).enumerate() {
                assert_eq!(a, b, "game {}, buffer of {capacity}", i + 1);
            }
        }
    }
}
