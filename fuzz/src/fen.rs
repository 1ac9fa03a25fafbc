//! The `fen` target.

use lawbook_board::{CastlingMode, Relaxations};
use lawbook_notation::fen;

/// FEN, X-FEN and Shredder-FEN text: no panic; an accepted position writes
/// back to a FEN that reads as the same position; an error is one line; the
/// text reads the same with a space in front (which sends it past the
/// one-pass reading of plain lines to the full reader).
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let spaced = format!(" {text}");
    assert_eq!(fen::read_setup(text), fen::read_setup(&spaced), "{text:?} reads differently with a space in front");
    for relaxations in [Relaxations::STRICT, Relaxations::ANALYSIS] {
        for mode in [None, Some(CastlingMode::Chess960)] {
            let read = fen::read_with(text, mode, relaxations);
            assert_eq!(
                read,
                fen::read_with(&spaced, mode, relaxations),
                "{text:?} reads differently with a space in front"
            );
            match read {
                Ok(pos) => {
                    for written in [fen::write(&pos), fen::write_shredder(&pos)] {
                        let again = fen::read_with(&written, Some(pos.castling_mode()), relaxations)
                            .unwrap_or_else(|e| panic!("{written:?}, written from {text:?}, does not read back: {e}"));
                        assert_eq!(again, pos, "{written:?} reads as another position");
                    }
                    assert_eq!(pos.zobrist(), pos.compute_zobrist());
                    let _ = pos.legal_moves();
                }
                Err(e) => assert!(!e.to_string().contains('\n'), "a FEN error is one line: {e}"),
            }
        }
    }
}
