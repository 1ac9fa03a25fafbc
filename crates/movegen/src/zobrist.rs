//! Zobrist keys: one random 64-bit number per feature of a position, so that
//! a position's key is the XOR of the keys of its features and a move changes
//! it by a few XORs.

use lawbook_board::{Color, Piece, Square};

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix(seed ^ (i as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
        i += 1;
    }
    out
}

/// Indexed by colour, role and square.
static PIECE_KEYS: [[[u64; 64]; 6]; 2] = {
    let flat: [u64; 12 * 64] = keys(0x6c61_7762_6f6f_6b01);
    let mut out = [[[0; 64]; 6]; 2];
    let mut i = 0;
    while i < 12 * 64 {
        out[i / 384][i / 64 % 6][i % 64] = flat[i];
        i += 1;
    }
    out
};
static CASTLING_KEYS: [u64; 64] = keys(0x6c61_7762_6f6f_6b02);
static EP_KEYS: [u64; 8] = keys(0x6c61_7762_6f6f_6b03);
/// XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = splitmix(0x6c61_7762_6f6f_6b04);

/// The key of `piece` standing on `square`.
#[inline(always)]
pub(crate) fn piece(piece: Piece, square: Square) -> u64 {
    PIECE_KEYS[piece.color.index()][piece.role.index()][square.index()]
}

/// The keys of `color`'s pieces, by role and square.
#[inline(always)]
pub(crate) fn pieces_of(color: Color) -> &'static [[u64; 64]; 6] {
    &PIECE_KEYS[color.index()]
}

/// The key of a castling right held by the rook on `square`.
#[inline(always)]
pub(crate) fn castling(square: Square) -> u64 {
    CASTLING_KEYS[square.index()]
}

/// The key of a possible en passant capture onto `square`'s file.
#[inline(always)]
pub(crate) fn en_passant(square: Square) -> u64 {
    EP_KEYS[square.file().index()]
}

/// The key of a side to move.
#[inline(always)]
pub(crate) fn turn(color: Color) -> u64 {
    color.fold(0, BLACK_TO_MOVE)
}
