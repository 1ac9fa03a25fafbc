//! No text makes a reader panic: SAN, long algebraic and UCI moves (through
//! `read_move` and `san::read` in every language and strictness), PGN (any
//! string, any bytes, PGN-shaped token soup, and valid PGN with random
//! mutations, also with a tiny line limit) and EPD (records and perft
//! suites). Also: EPD records written by `epd::write` read back as
//! themselves.

use lawbook_notation::epd::{self, Epd, Operation};
use lawbook_notation::pgn::{PgnOptions, PgnReader};
use lawbook_notation::{Lang, ReadOptions, Strictness, fen, read_move, san, uci};
use proptest::prelude::*;
use proptest::sample::select;

/// Positions the move readers are tried on: castling, en passant, promotions.
const FENS: &[&str] = &[
    fen::STARTPOS,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

/// Characters moves are made of, in every language, and then some.
const MOVE_CHARS: &str = "abcdefgh12345678KQRBNPkqrbnpDTLSHWGКрФЛС0Oo-x:×=()/+#!?. ep";

fn move_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        proptest::collection::vec(select(MOVE_CHARS.chars().collect::<Vec<_>>()), 0..12)
            .prop_map(|c| c.into_iter().collect()),
    ]
}

const PGN_TOKENS: &[&str] = &[
    "[",
    "]",
    "\"",
    "\\",
    "{",
    "}",
    "(",
    ")",
    ";",
    "$",
    "%",
    "*",
    "1-0",
    "0-1",
    "1/2-1/2",
    "\n",
    "\r\n",
    " ",
    "1.",
    "1...",
    "...",
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "O-O",
    "0-0-0",
    "exd5",
    "e8=Q",
    "!",
    "?!",
    "$12",
    "[Event \"x\"]",
    "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]",
    "[SetUp \"1\"]",
    "[Variant \"Chess960\"]",
    "[%clk 0:00:01]",
    "\u{0}",
    "\u{feff}",
    "é",
    "e.p.",
    "--",
    "Z0",
    "\t",
];

fn pgn_soup() -> impl Strategy<Value = String> {
    proptest::collection::vec(select(PGN_TOKENS), 0..60).prop_map(|t| t.concat())
}

const VALID_PGN: &str = "[Event \"x\"]\n[Site \"?\"]\n[Result \"1-0\"]\n\n\
    1. e4 {a comment} e5 (1... c5 2. Nf3 $1) 2. Nf3 Nc6 ; rest\n3. Bb5 a6 1-0\n\n\
    [Event \"y\"]\n[SetUp \"1\"]\n[FEN \"r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R b KQkq - 0 1\"]\n\n\
    1... Ba5 2. O-O d6 *\n";

/// A valid PGN with a few characters changed.
fn mutated_pgn() -> impl Strategy<Value = String> {
    proptest::collection::vec((any::<proptest::sample::Index>(), any::<char>(), 0..3u8), 1..6).prop_map(|edits| {
        let mut chars: Vec<char> = VALID_PGN.chars().collect();
        for (at, c, op) in edits {
            let i = at.index(chars.len());
            match op {
                0 => {
                    chars.remove(i);
                }
                1 => chars.insert(i, c),
                _ => chars[i] = c,
            }
        }
        chars.into_iter().collect()
    })
}

/// Reads every game of `bytes`; checks that errors point into the input.
fn read_pgn(bytes: &[u8], options: PgnOptions) -> Result<(), TestCaseError> {
    let lines = bytes.split(|&b| b == b'\n').count();
    let mut games = 0;
    for item in PgnReader::with_options(bytes, options) {
        games += 1;
        // Each game uses up at least one byte of the input.
        prop_assert!(games <= bytes.len(), "more games than bytes");
        match item {
            Ok(game) => {
                prop_assert!(game.final_position().is_ok());
            }
            Err(e) => {
                prop_assert!(e.game >= 1 && e.line <= lines, "{e} in a text of {lines} lines");
                prop_assert!(!e.message.is_empty());
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn move_readers_never_panic(text in move_text(), which in 0..FENS.len(), lang in select(Lang::ALL.to_vec())) {
        let pos = fen::read(FENS[which]).expect("valid");
        for strictness in [Strictness::Strict, Strictness::Lenient] {
            if let Ok((mv, _)) = read_move(&pos, &text, ReadOptions { lang, strictness }) {
                prop_assert!(pos.is_legal(mv));
            }
            if let Ok((mv, _)) = san::read(&pos, &text, lang, strictness) {
                prop_assert!(pos.is_legal(mv));
            }
        }
        if let Ok(mv) = uci::read_legal(&pos, &text) {
            prop_assert!(pos.is_legal(mv));
        }
    }

    #[test]
    fn the_pgn_reader_never_panics_on_strings(text in prop_oneof![any::<String>(), pgn_soup(), mutated_pgn()]) {
        read_pgn(text.as_bytes(), PgnOptions::default())?;
        let skip = PgnOptions { variations: false, comments: false, max_line_len: 16, ..PgnOptions::default() };
        read_pgn(text.as_bytes(), skip)?;
    }

    #[test]
    fn the_pgn_reader_never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        read_pgn(&bytes, PgnOptions::default())?;
    }

    #[test]
    fn epd_readers_never_panic(text in prop_oneof![any::<String>(), pgn_soup(), "[a-h1-8KQkqw/ ;\"D0-9-]{0,80}"]) {
        let _ = epd::read(&text);
        let _ = epd::read_perft_suite(&text);
        if let Ok(record) = epd::read(&text) {
            let _ = record.position();
            // What was read writes back as a record that reads as itself.
            let written = epd::write(&record);
            let back = epd::read(&written);
            prop_assert_eq!(back.as_ref(), Ok(&record), "{}", written);
        }
    }

    #[test]
    fn epd_records_write_and_read_back(
        which in 0..FENS.len(),
        ops in proptest::collection::vec(
            ("[a-zA-Z][a-zA-Z0-9_]{0,4}", proptest::collection::vec("[^\"]{0,8}", 0..4)),
            0..5,
        ),
    ) {
        let pos = fen::read(FENS[which]).expect("valid");
        let mut record = Epd::new(&pos);
        for (opcode, operands) in &ops {
            let operands: Vec<&str> = operands.iter().map(String::as_str).collect();
            record.operations.push(Operation::new(opcode, &operands));
        }
        let text = epd::write(&record);
        let back = epd::read(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back, &record, "{}", text);
        let four = |p: &lawbook_movegen::Position| fen::write(p).split(' ').take(4).collect::<Vec<_>>().join(" ");
        prop_assert_eq!(back.position().map(|p| four(&p)), Ok(four(&pos)));
    }
}
