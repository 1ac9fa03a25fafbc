//! What makes two positions the same for the repetition rules: [`same_position`].

use lawbook_movegen::Position;

/// Whether two positions are the same for the repetition rules (FIDE 9.2.3,
/// DRAW-05): the same side to move, the same pieces on the same squares,
/// the same castling rights and the same possible en passant captures (an en
/// passant square no pawn can legally use does not count; [`Position`]
/// keeps it only when one can). The move counters do not count.
///
/// The Zobrist keys are compared first, then the positions themselves, so
/// a key collision can never count as a repetition.
///
/// ```
/// use lawbook_notation::fen;
/// use lawbook_outcome::same_position;
/// // After 1. e4 no black pawn can take en passant: the e3 square changes nothing.
/// let with = fen::read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
/// let without = fen::read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 5 9")?;
/// assert!(same_position(&with, &without));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn same_position(a: &Position, b: &Position) -> bool {
    a.zobrist() == b.zobrist()
        && a.board() == b.board()
        && a.turn() == b.turn()
        && a.castling_rights() == b.castling_rights()
        && a.ep_square() == b.ep_square()
}
