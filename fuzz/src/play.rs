//! The `play` target.

use lawbook_board::{CastlingMode, Relaxations};
use lawbook_movegen::{Move, Position};
use lawbook_notation::{Strictness, fen, san, uci};
use lawbook_outcome::Game;
use shakmaty::Position as _;

/// shakmaty's legal moves in UCI, Chess960 style (the king takes its rook).
fn oracle_moves(fen_text: &str) -> Vec<String> {
    let setup: shakmaty::fen::Fen = fen_text.parse().expect("shakmaty reads lawbook's FEN");
    let pos: shakmaty::Chess =
        setup.into_position(shakmaty::CastlingMode::Chess960).expect("shakmaty accepts lawbook's position");
    let mut moves: Vec<String> =
        pos.legal_moves().iter().map(|m| m.to_uci(shakmaty::CastlingMode::Chess960).to_string()).collect();
    moves.sort();
    moves
}

fn check(pos: &Position) {
    let shredder = fen::write_shredder(pos);
    let again = fen::read_with(&shredder, Some(CastlingMode::Chess960), Relaxations::STRICT)
        .unwrap_or_else(|e| panic!("{shredder:?} does not read back: {e}"));
    assert_eq!(&again, pos, "{shredder:?} reads as another position");
    assert_eq!(pos.zobrist(), pos.compute_zobrist(), "the incremental key of {shredder:?}");
    let legal = pos.legal_moves();
    let mut ours: Vec<String> = legal.iter().map(|&m| uci::write(pos, m)).collect();
    ours.sort();
    assert_eq!(ours, oracle_moves(&shredder), "legal moves of {shredder:?}");
}

/// The SAN of `mv` reads back as `mv`.
fn check_san(pos: &Position, mv: Move) {
    let text = san::write(pos, mv);
    let (read, _) = san::read(pos, &text, lawbook_notation::Lang::English, Strictness::Strict)
        .unwrap_or_else(|e| panic!("{text:?} in {} does not read back: {e}", fen::write_shredder(pos)));
    assert_eq!(read, mv, "{text:?} in {}", fen::write_shredder(pos));
}

/// Play on valid positions: the bytes choose a start (the standard position
/// or one of the 960 Chess960 ones) and then each move among the legal ones.
/// At every position lawbook's legal moves equal shakmaty's, the SAN of the
/// move chosen reads back as itself, the FEN reads back as the same position, the
/// incremental key equals a fresh one, and the game's status is computed
/// without a panic.
pub fn play(data: &[u8]) {
    let Some((start, choices)) = data.split_first_chunk::<2>() else { return };
    let n = u32::from(u16::from_le_bytes(*start)) % 1024;
    // 960 and above: the standard position, read in Chess960 mode so that
    // castling is written the same way on both sides.
    let mut game = if n < 960 {
        Game::chess960(n).expect("0..960 are Chess960 numbers")
    } else {
        Game::new(fen::read_with(fen::STARTPOS, Some(CastlingMode::Chess960), Relaxations::STRICT).unwrap())
    };
    // Every SAN of every position is the `moves` target's and the property
    // tests' ground; here only the chosen move's, so that games run fast.
    for &choice in choices.iter().take(300) {
        check(game.position());
        let _ = game.status();
        let legal = game.position().legal_moves();
        if legal.is_empty() || game.is_over() {
            break;
        }
        let mv = legal[usize::from(choice) % legal.len()];
        check_san(game.position(), mv);
        game.play(mv).expect("a legal move plays");
    }
}
