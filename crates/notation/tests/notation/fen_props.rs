//! Property tests for reading FEN: no text makes the reader panic, and every
//! FEN it accepts describes a valid position that writes and reads back as
//! itself.
//!
//! The texts come from four sources: arbitrary strings (any unicode), strings
//! over the characters FEN uses, FEN-shaped lines with random boards, and
//! valid FENs of positions from random games with a few random mutations
//! (characters deleted, inserted, replaced or swapped; fields swapped,
//! dropped, repeated or replaced by a plausible value). Every refusal must be
//! an error whose offset points into the text; every acceptance must survive
//! [`check_accepted`]. A few plain tests pin down the error messages.

use lawbook_board::{CastlingMode, Problem, Relaxations};
use lawbook_movegen::Position;
use lawbook_notation::fen::{self, FenError, Field};
use proptest::prelude::*;
use proptest::sample::{Index, select};

/// Valid FENs that random games start from: standard and Chess960 castling,
/// en passant, promotions, and large clocks.
const BASE_FENS: &[&str] = &[
    fen::STARTPOS,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w HBhb - 0 1",
    "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 b EAea - 57 200",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
];

/// The characters FEN is made of.
const FEN_CHARS: &str = "pnbrqkPNBRQK012345678/ -wbKQkqABCDEFGHabcdefgh";

/// Values a mutation may put in place of a whole field.
const FIELD_VALUES: &[&str] = &[
    "-",
    "w",
    "b",
    "W",
    "KQkq",
    "Kk",
    "Qq",
    "K",
    "q",
    "HAha",
    "hH",
    "KQkqK",
    "e3",
    "e6",
    "d6",
    "a3",
    "h6",
    "c4",
    "0",
    "1",
    "99",
    "100",
    "01",
    "4294967295",
    "4294967296",
    "8/8/8/8/8/8/8/8",
    "4k3/8/8/8/8/8/8/4K3",
];

/// Mostly FEN characters, now and then any character at all.
fn fen_char() -> impl Strategy<Value = char> {
    prop_oneof![8 => select(FEN_CHARS.chars().collect::<Vec<_>>()), 1 => any::<char>()]
}

/// One change to a text.
#[derive(Clone, Debug)]
enum Mutation {
    Delete(Index),
    Insert(Index, char),
    Replace(Index, char),
    SwapAdjacent(Index),
    SwapFields(Index, Index),
    DropField(Index),
    RepeatField(Index),
    SetField(Index, &'static str),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<Index>().prop_map(Mutation::Delete),
        (any::<Index>(), fen_char()).prop_map(|(i, c)| Mutation::Insert(i, c)),
        (any::<Index>(), fen_char()).prop_map(|(i, c)| Mutation::Replace(i, c)),
        any::<Index>().prop_map(Mutation::SwapAdjacent),
        (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Mutation::SwapFields(i, j)),
        any::<Index>().prop_map(Mutation::DropField),
        any::<Index>().prop_map(Mutation::RepeatField),
        (any::<Index>(), select(FIELD_VALUES)).prop_map(|(i, v)| Mutation::SetField(i, v)),
    ]
}

fn apply(text: &str, mutation: &Mutation) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    let n = chars.len();
    match *mutation {
        Mutation::Delete(i) if n > 0 => {
            chars.remove(i.index(n));
        }
        Mutation::Insert(i, c) => chars.insert(i.index(n + 1), c),
        Mutation::Replace(i, c) if n > 0 => chars[i.index(n)] = c,
        Mutation::SwapAdjacent(i) if n > 1 => chars.swap(i.index(n - 1), i.index(n - 1) + 1),
        Mutation::SwapFields(i, j) => {
            let len = fields.len();
            fields.swap(i.index(len), j.index(len));
            return fields.join(" ");
        }
        Mutation::DropField(i) => {
            fields.remove(i.index(fields.len()));
            return fields.join(" ");
        }
        Mutation::RepeatField(i) => {
            let k = i.index(fields.len());
            fields.insert(k, fields[k].clone());
            return fields.join(" ");
        }
        Mutation::SetField(i, value) => {
            let k = i.index(fields.len());
            fields[k] = value.to_string();
            return fields.join(" ");
        }
        _ => {}
    }
    chars.into_iter().collect()
}

/// The FEN of a position reached by a random game from one of [`BASE_FENS`].
fn game_fen() -> impl Strategy<Value = String> {
    (select(BASE_FENS), proptest::collection::vec(any::<Index>(), 0..80)).prop_map(|(start, choices)| {
        let mut pos = fen::read(start).expect("base FENs are valid");
        for choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(moves[choice.index(moves.len())]);
        }
        fen::write(&pos)
    })
}

/// A FEN-shaped line: a random board with one king a side (usually), a side
/// to move, castling rights, an en passant square and clocks, each drawn
/// from plausible values so that a fair share of lines are valid.
fn shaped_fen() -> impl Strategy<Value = String> {
    let cell = prop_oneof![
        24 => Just(None),
        1 => select(vec!['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q', 'K', 'k']).prop_map(Some),
    ];
    (
        proptest::collection::vec(cell, 64),
        any::<Index>(),
        any::<Index>(),
        any::<bool>(),
        prop_oneof![3 => Just("-".to_string()), 1 => "[KQkq]{1,4}|[A-Ha-h]{1,4}"],
        prop_oneof![3 => Just("-".to_string()), 1 => "[a-h][36]|[a-h][1-8]"],
        "(0|[1-9][0-9]{0,2}) ([1-9][0-9]{0,2})",
    )
        .prop_map(|(mut cells, white_king, black_king, white, castling, ep, clocks)| {
            cells[white_king.index(64)] = Some('K');
            cells[black_king.index(64)] = Some('k');
            let mut out = String::new();
            for rank in (0..8).rev() {
                let mut empty = 0;
                for file in 0..8 {
                    match cells[rank * 8 + file] {
                        Some(c) => {
                            if empty > 0 {
                                out.push(char::from(b'0' + empty));
                                empty = 0;
                            }
                            out.push(c);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                }
                if rank > 0 {
                    out.push('/');
                }
            }
            format!("{out} {} {castling} {ep} {clocks}", if white { 'w' } else { 'b' })
        })
}

/// A refusal must name a place in the (trimmed) text and display without panicking.
fn check_error(text: &str, err: &FenError) -> Result<(), TestCaseError> {
    let shown = err.to_string();
    prop_assert!(shown.starts_with("invalid FEN: "), "{:?}: odd message {}", text, shown);
    if let FenError::Syntax { offset, message, .. } = err {
        let trimmed = text.trim();
        prop_assert!(*offset <= trimmed.len(), "{:?}: offset {} past the end ({})", text, offset, message);
        prop_assert!(
            trimmed.is_char_boundary(*offset),
            "{:?}: offset {} inside a character ({})",
            text,
            offset,
            message
        );
        prop_assert!(!message.is_empty(), "{:?}: empty message", text);
    }
    Ok(())
}

/// What must hold of a position read (with `relaxations`) from some text.
fn check_accepted(text: &str, pos: &Position, relaxations: Relaxations) -> Result<(), TestCaseError> {
    let mode = pos.castling_mode();
    let rebuilt = Position::from_setup_relaxed(pos.to_setup(), mode, relaxations);
    prop_assert_eq!(rebuilt, Ok(*pos), "{:?} was accepted, but its setup is not a valid position", text);

    let written = fen::write(pos);
    let back = fen::read_with(&written, Some(mode), relaxations);
    prop_assert_eq!(back, Ok(*pos), "{:?} was accepted and written as {}, which reads back differently", text, written);
    // Without the mode forced, the castling field implies one; the setup is the same.
    let implied = fen::read_with(&written, None, relaxations).map(|p| p.to_setup());
    prop_assert_eq!(
        implied,
        Ok(pos.to_setup()),
        "{:?} written as {} reads back differently in its implied mode",
        text,
        written
    );
    let again =
        fen::write(&fen::read_with(&written, Some(mode), relaxations).map_err(|e| TestCaseError::fail(e.to_string()))?);
    prop_assert_eq!(&again, &written, "FEN of {:?} is not stable", text);
    prop_assert_eq!(pos.zobrist(), pos.compute_zobrist(), "Zobrist key of {:?}", text);

    prop_assert_eq!(
        fen::read_with(&fen::write_shredder(pos), Some(mode), relaxations),
        Ok(*pos),
        "{:?} written as Shredder-FEN reads back differently",
        text
    );

    // A valid position can be played from.
    let moves = pos.legal_moves();
    prop_assert_eq!(pos.count_legal(), moves.len() as u64, "count_legal disagrees with legal_moves in {:?}", text);
    for &mv in &moves {
        let after = pos.play_unchecked(mv);
        prop_assert_eq!(after.zobrist(), after.compute_zobrist(), "Zobrist key after {:?} in {:?}", mv, text);
    }
    Ok(())
}

/// Reads `text` every way there is; none may panic, refusals must be sound
/// and acceptances valid. Returns whether the strict reader accepted it.
///
/// The reader takes a plain line in one pass and leaves anything else to its
/// full reading, which trims the text first. A space in front sends any text
/// to the full reading, so each way of reading is also checked to give the
/// same answer (the position with its Zobrist key, or the same error) both
/// ways.
fn check_any(text: &str) -> Result<bool, TestCaseError> {
    let spaced = format!(" {text}");
    prop_assert_eq!(
        fen::read_setup(text),
        fen::read_setup(&spaced),
        "{:?} reads differently with a space before it",
        text
    );
    if let Err(e) = fen::read_setup(text) {
        check_error(text, &e)?;
    }
    let mut accepted = false;
    for (mode, relaxations) in [
        (None, Relaxations::STRICT),
        (Some(CastlingMode::Standard), Relaxations::STRICT),
        (Some(CastlingMode::Chess960), Relaxations::STRICT),
        (None, Relaxations::ANALYSIS),
    ] {
        let read = fen::read_with(text, mode, relaxations);
        prop_assert_eq!(
            &read,
            &fen::read_with(&spaced, mode, relaxations),
            "{:?} reads differently with a space before it ({:?}, {:?})",
            text,
            mode,
            relaxations
        );
        match read {
            Ok(pos) => {
                check_accepted(text, &pos, relaxations)?;
                accepted |= mode.is_none() && relaxations == Relaxations::STRICT;
            }
            Err(e) => check_error(text, &e)?,
        }
    }
    prop_assert_eq!(accepted, fen::read(text).is_ok(), "read and read_with(None, STRICT) disagree on {:?}", text);
    Ok(accepted)
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(1000) })]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check_any(&text)?;
    }

    #[test]
    fn strings_of_fen_characters_never_panic(text in "[pnbrqkPNBRQK0-9/ wbKQA-Ha-h\\-]{0,90}") {
        check_any(&text)?;
    }

    #[test]
    fn white_space_and_control_characters_never_panic(text in "[ \\t\\r\\n\\u{0}\\u{a0}\\u{2028}\\u{3000}w8/-]{0,30}") {
        check_any(&text)?;
    }

    #[test]
    fn fen_shaped_lines_are_read_soundly(text in shaped_fen()) {
        check_any(&text)?;
    }

    #[test]
    fn game_fens_are_accepted_and_round_trip(text in game_fen()) {
        prop_assert!(check_any(&text)?, "our own FEN {} is refused", text);
    }

    #[test]
    fn mutated_fens_are_read_soundly(
        text in game_fen(),
        mutations in proptest::collection::vec(mutation(), 1..=3),
    ) {
        let mutated = mutations.iter().fold(text, |t, m| apply(&t, m));
        check_any(&mutated)?;
    }
}

/// A clock value: usually small, often the largest a FEN may give.
fn clock() -> impl Strategy<Value = u32> {
    prop_oneof![0u32..300, Just(u32::MAX), Just(u32::MAX - 1)]
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(200) })]

    /// The reader accepts any `u32` clock; the position must then be playable,
    /// and the position after a move must write a FEN that reads back.
    #[test]
    fn clocks_of_any_size_can_be_played(text in game_fen(), half in clock(), full in clock()) {
        let full = full.max(1);
        let fields: Vec<&str> = text.split(' ').collect();
        let line = format!("{} {} {} {} {half} {full}", fields[0], fields[1], fields[2], fields[3]);
        let pos = fen::read(&line).map_err(|e| TestCaseError::fail(format!("{line}: {e}")))?;
        prop_assert_eq!((pos.halfmoves(), pos.fullmoves()), (half, full));
        for &mv in &pos.legal_moves() {
            let after = std::panic::catch_unwind(|| pos.play_unchecked(mv))
                .map_err(|_| TestCaseError::fail(format!("playing {mv:?} from {line} panics")))?;
            let written = fen::write(&after);
            let back = fen::read_with(&written, Some(after.castling_mode()), Relaxations::STRICT);
            prop_assert_eq!(back, Ok(after), "after {:?} from {}, {} does not read back", mv, line, written);
            prop_assert!(after.fullmoves() >= pos.fullmoves(), "move number goes back after {:?} from {}", mv, line);
        }
    }
}

fn syntax(text: &str) -> (Field, usize, String) {
    match fen::read(text) {
        Err(FenError::Syntax { field, offset, message, .. }) => (field, offset, message),
        other => panic!("{text:?}: expected a syntax error, got {other:?}"),
    }
}

fn message(text: &str) -> String {
    fen::read(text).expect_err(text).to_string()
}

#[test]
fn unknown_piece_letter_names_the_placement_and_the_character() {
    let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1";
    let (field, offset, _) = syntax(text);
    assert_eq!(field, Field::Placement);
    assert_eq!(&text[offset..offset + 1], "X");
    let shown = message(text);
    assert!(shown.contains("piece placement") && shown.contains("'X'"), "{shown}");
}

#[test]
fn bad_side_to_move_names_the_field() {
    let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
    let (field, offset, _) = syntax(text);
    assert_eq!(field, Field::Turn);
    assert_eq!(&text[offset..offset + 1], "x");
    let shown = message(text);
    assert!(shown.contains("side to move") && shown.contains("\"x\""), "{shown}");
}

#[test]
fn too_few_ranks_names_the_placement() {
    let shown = message("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(shown.contains("piece placement") && shown.contains("7 ranks"), "{shown}");
    let shown = message("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1");
    assert!(shown.contains("piece placement") && shown.contains("rank 1 has only 7 squares"), "{shown}");
}

#[test]
fn five_fields_are_refused() {
    let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0";
    let (field, offset, message) = syntax(text);
    assert_eq!(field, Field::Line);
    assert_eq!(&text[offset..], "0");
    assert!(message.contains("five fields"), "{message}");
    // Four fields are a documented relaxation: the clocks default to 0 and 1.
    let pos = fen::read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(fen::write(&pos), fen::STARTPOS);
}

#[test]
fn en_passant_square_without_a_double_step_is_a_position_error() {
    let Err(FenError::Position(err)) = fen::read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1") else {
        panic!("expected a position error");
    };
    assert!(err.problems().contains(Problem::InvalidEpSquare), "{err}");
    // A well-formed en passant square that is not a square at all is a syntax error.
    let (field, _, _) = syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1");
    assert_eq!(field, Field::EnPassant);
    assert!(message("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1").contains("en passant square"));
}

#[test]
fn other_fields_are_named_too() {
    let cases = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", Field::Castling, "castling rights"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", Field::Halfmoves, "half-move clock"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 01", Field::Fullmoves, "move number"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", Field::Fullmoves, "move number"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", Field::Line, "FEN"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1", Field::Line, "FEN"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1", Field::Line, "FEN"),
    ];
    for (text, expected, name) in cases {
        let (field, _, _) = syntax(text);
        assert_eq!(field, expected, "{text:?}");
        assert!(message(text).contains(name), "{text:?}: {}", message(text));
    }
}

#[test]
fn relaxed_positions_list_every_move() {
    // `Relaxations::ANALYSIS` lets through more material than a game can
    // have: this position has 263 legal moves, more than any game position,
    // and the move list must still hold them all.
    let text = "kbQQQQQB/ppQ4Q/QQ5Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQK w - - 0 1";
    let pos = fen::read_with(text, None, Relaxations::ANALYSIS).unwrap();
    assert_eq!(pos.legal_moves().len() as u64, pos.count_legal(), "{text}");
}
