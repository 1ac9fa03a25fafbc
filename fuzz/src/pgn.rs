//! The `pgn` target.

use lawbook_notation::pgn::{self, PgnLine, PgnMove, PgnOptions, PgnReader};

/// PGN text, any bytes: no panic, no hang; every game read replays, writes
/// back as PGN and reads back as the same game (the seven-tag roster
/// completed), whose text writes the same again; an error is one line.
pub fn pgn(data: &[u8]) {
    // A small line limit too, so the over-long paths are reached.
    for max_line_len in [pgn::DEFAULT_MAX_LINE_LEN, 64] {
        let options = PgnOptions { max_line_len, ..PgnOptions::default() };
        for result in PgnReader::with_options(data, options) {
            match result {
                Ok(game) => {
                    game.positions().expect("the moves of a game read are legal");
                    let written = pgn::write(&game).expect("a game read can be written");
                    let mut again = PgnReader::new(written.as_bytes());
                    let reread = again
                        .next()
                        .expect("the written text holds a game")
                        .unwrap_or_else(|e| panic!("the written game does not read back: {e}\n{written}"));
                    // The writer adds the roster's missing tags, puts the roster
                    // first and re-flows the white space of comments (as the
                    // module documents); everything else reads back as it was.
                    assert_eq!(
                        (&reread.start, flowed(&reread.comments), &reread.result),
                        (&game.start, flowed(&game.comments), &game.result),
                        "the written game reads as another:\n{written}"
                    );
                    assert_eq!(flowed_line(&reread.moves), flowed_line(&game.moves), "the moves of:\n{written}");
                    // SetUp, FEN and Variant are the writer's: it writes them from
                    // the start position (compared above), as the module documents.
                    for (name, _) in
                        game.tags.iter().filter(|(n, _)| !["SetUp", "FEN", "Variant"].contains(&n.as_str()))
                    {
                        // A control character in a value is written as a space.
                        let expected = game.tag(name).map(|v| v.replace(char::is_control, " "));
                        assert_eq!(reread.tag(name), expected.as_deref(), "tag {name:?} of:\n{written}");
                    }
                    assert_eq!(pgn::write(&reread).ok(), Some(written.clone()), "writing is stable");
                    assert!(again.next().is_none(), "the written text holds one game:\n{written}");
                }
                Err(e) => assert!(!e.to_string().contains('\n'), "a PGN error is one line: {e}"),
            }
        }
    }
}

/// Comments with their white space re-flowed, as the writer writes them.
fn flowed(comments: &[String]) -> Vec<String> {
    comments.iter().map(|c| c.split_whitespace().collect::<Vec<_>>().join(" ")).collect()
}

/// A line of moves with every comment re-flowed, variations included.
fn flowed_line(moves: &[PgnMove]) -> Vec<PgnMove> {
    moves
        .iter()
        .map(|m| PgnMove {
            mv: m.mv,
            nags: m.nags.clone(),
            comments: flowed(&m.comments),
            variations: m
                .variations
                .iter()
                .map(|v| PgnLine { comments: flowed(&v.comments), moves: flowed_line(&v.moves) })
                .collect(),
        })
        .collect()
}
