//! Precomputes the attack tables of `lawbook-movegen` from the slow,
//! square-by-square functions of `lawbook_board::slow`: leaper attacks, the
//! squares between and through two aligned squares, each piece's attacks on an
//! empty board, the squares castling needs, and the slider tables: "fancy"
//! magic bitboards for rooks and bishops, or, when the target has BMI2 enabled
//! at compile time, the same attack sets indexed by `PEXT` of the occupancy.
//! The magic multipliers are found here by a seeded search, so every build
//! produces the same tables.

use lawbook_board::slow::{self, BISHOP_DIRECTIONS, KING_STEPS, KNIGHT_JUMPS, ROOK_DIRECTIONS};
use lawbook_board::{Bitboard, Square};
use std::fmt::Write as _;
use std::{env, fs, path::Path};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// The occupancy bits that matter for a slider on `sq`: its empty-board rays
/// without the last square of each ray (a piece there changes nothing).
fn relevant_mask(sq: Square, dirs: &[(i32, i32)]) -> u64 {
    let mut mask = 0;
    for &d in dirs {
        let mut cur = sq;
        while let Some(next) = slow::step(cur, d) {
            if slow::step(next, d).is_none() {
                break;
            }
            mask |= 1u64 << next.index();
            cur = next;
        }
    }
    mask
}

/// Every subset of `mask` (Carry-Rippler enumeration).
fn subsets(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push(sub);
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    out
}

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// The index of `occupied` in a square's block when indexing by `PEXT`: the
/// bits of `occupied` under `mask`, packed to the low end (what the BMI2
/// instruction computes).
fn pext(occupied: u64, mask: u64) -> usize {
    let mut index = 0;
    let mut bit = 0;
    for sq in 0..64 {
        if mask >> sq & 1 != 0 {
            index |= ((occupied >> sq & 1) as usize) << bit;
            bit += 1;
        }
    }
    index
}

/// Slider tables indexed by `PEXT`: each square's block holds the attacks of
/// every subset of its mask, at the subset's packed index.
fn pext_tables(dirs: &[(i32, i32)], table: &mut Vec<u64>) -> Vec<Magic> {
    let mut entries = Vec::with_capacity(64);
    for sq in Square::ALL {
        let mask = relevant_mask(sq, dirs);
        let offset = table.len();
        table.resize(offset + (1usize << mask.count_ones()), 0);
        for occ in subsets(mask) {
            table[offset + pext(occ, mask)] = slow::slider_attacks(sq, Bitboard(occ), dirs).0;
        }
        entries.push(Magic { mask, magic: 0, shift: 0, offset });
    }
    entries
}

fn find_magics(dirs: &[(i32, i32)], rng: &mut Rng, table: &mut Vec<u64>) -> Vec<Magic> {
    let mut magics = Vec::with_capacity(64);
    for sq in Square::ALL {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let occs = subsets(mask);
        let attacks: Vec<u64> = occs.iter().map(|&o| slow::slider_attacks(sq, Bitboard(o), dirs).0).collect();
        let size = 1usize << bits;
        let mut used = vec![0u64; size];
        let mut epoch = vec![0u32; size];
        let mut round = 0u32;
        let magic = loop {
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            round += 1;
            let ok = occs.iter().zip(&attacks).all(|(&occ, &att)| {
                let idx = (occ.wrapping_mul(magic) >> shift) as usize;
                if epoch[idx] != round {
                    epoch[idx] = round;
                    used[idx] = att;
                    true
                } else {
                    used[idx] == att
                }
            });
            if ok {
                break magic;
            }
        };
        let offset = table.len();
        table.resize(offset + size, 0);
        for (&occ, &att) in occs.iter().zip(&attacks) {
            table[offset + (occ.wrapping_mul(magic) >> shift) as usize] = att;
        }
        magics.push(Magic { mask, magic, shift, offset });
    }
    magics
}

fn array(out: &mut String, name: &str, ty: &str, values: impl IntoIterator<Item = u64>) {
    let values: Vec<u64> = values.into_iter().collect();
    writeln!(out, "pub(crate) static {name}: [{ty}; {}] = [", values.len()).unwrap();
    for chunk in values.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|v| format!("{v:#x}")).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let mut out = String::new();
    writeln!(out, "// Generated by build.rs. Do not edit.").unwrap();

    array(&mut out, "KNIGHT", "u64", Square::ALL.map(|s| slow::leaper_attacks(s, &KNIGHT_JUMPS).0));
    array(&mut out, "KING", "u64", Square::ALL.map(|s| slow::leaper_attacks(s, &KING_STEPS).0));
    array(
        &mut out,
        "PAWN",
        "u64",
        Square::ALL
            .map(|s| slow::pawn_attacks(true, s).0)
            .into_iter()
            .chain(Square::ALL.map(|s| slow::pawn_attacks(false, s).0)),
    );

    // BETWEEN[a][b]: squares strictly between two squares on a common line.
    // LINE[a][b]: the whole line through both (edge to edge), or empty.
    let mut between = Vec::with_capacity(64 * 64);
    let mut line = Vec::with_capacity(64 * 64);
    for a in Square::ALL {
        for b in Square::ALL {
            let mut bet = 0;
            let mut lin = 0;
            for dirs in [&ROOK_DIRECTIONS, &BISHOP_DIRECTIONS] {
                let from_a = slow::slider_attacks(a, Bitboard::EMPTY, dirs);
                if a != b && from_a.contains(b) {
                    let from_b = slow::slider_attacks(b, Bitboard::EMPTY, dirs);
                    bet = (slow::slider_attacks(a, Bitboard::from_square(b), dirs)
                        & slow::slider_attacks(b, Bitboard::from_square(a), dirs))
                    .0;
                    // The two other lines through a and b are parallel, so the
                    // rays of both meet only on their common line.
                    lin = ((from_a & from_b) | a | b).0;
                }
            }
            between.push(bet);
            line.push(lin);
        }
    }
    array(&mut out, "BETWEEN", "u64", between.iter().copied());
    array(&mut out, "LINE", "u64", line);

    // Each piece's attacks on an empty board, indexed like the Zobrist piece
    // keys: (colour * 6 + role) * 64 + square, roles from pawn to king.
    let rook = |s| slow::slider_attacks(s, Bitboard::EMPTY, &ROOK_DIRECTIONS).0;
    let bishop = |s| slow::slider_attacks(s, Bitboard::EMPTY, &BISHOP_DIRECTIONS).0;
    let mut pseudo = Vec::with_capacity(12 * 64);
    for white in [true, false] {
        pseudo.extend(Square::ALL.map(|s| slow::pawn_attacks(white, s).0));
        pseudo.extend(Square::ALL.map(|s| slow::leaper_attacks(s, &KNIGHT_JUMPS).0));
        pseudo.extend(Square::ALL.map(bishop));
        pseudo.extend(Square::ALL.map(rook));
        pseudo.extend(Square::ALL.map(|s| rook(s) | bishop(s)));
        pseudo.extend(Square::ALL.map(|s| slow::leaper_attacks(s, &KING_STEPS).0));
    }
    array(&mut out, "EMPTY_BOARD_ATTACKS", "u64", pseudo);

    // Castling, indexed by king square * 8 + the rook's file (same rank):
    // the squares that must be empty but for the king and the rook, and the
    // king's way (the squares it passes over and lands on). Short castling
    // (rook right of the king) ends on g and f, long castling on c and d.
    let mut castle_empty = Vec::with_capacity(64 * 8);
    let mut castle_path = Vec::with_capacity(64 * 8);
    for king in Square::ALL {
        for rook_file in 0..8u32 {
            let rank_start = king.index() as u32 & !7;
            let rook = Square::new(rank_start + rook_file).unwrap();
            let (mut empty, mut path) = (0u64, 0u64);
            if rook != king {
                let short = rook > king;
                let king_to = Square::new(rank_start + if short { 6 } else { 2 }).unwrap();
                let rook_to = Square::new(rank_start + if short { 5 } else { 3 }).unwrap();
                let idx = |a: Square, b: Square| a.index() * 64 + b.index();
                path = between[idx(king, king_to)] | 1 << king_to.index();
                empty = (path | between[idx(rook, rook_to)] | 1 << rook_to.index())
                    & !(1 << king.index())
                    & !(1 << rook.index());
            }
            castle_empty.push(empty);
            castle_path.push(path);
        }
    }
    array(&mut out, "CASTLING_EMPTY", "u64", castle_empty);
    array(&mut out, "CASTLING_KING_PATH", "u64", castle_path);

    // With BMI2 enabled at compile time (`-C target-cpu=native` on most
    // machines from 2013 on), `attacks.rs` indexes by PEXT; otherwise by
    // magic multiplication. The table format follows the same cfg.
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let features = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let use_pext = arch == "x86_64" && features.split(',').any(|f| f == "bmi2");
    let mut table = Vec::new();
    let (rook, bishop) = if use_pext {
        (pext_tables(&ROOK_DIRECTIONS, &mut table), pext_tables(&BISHOP_DIRECTIONS, &mut table))
    } else {
        let mut rng = Rng(0x1a2b_3c4d_5e6f_7081);
        let rook = find_magics(&ROOK_DIRECTIONS, &mut rng, &mut table);
        (rook, find_magics(&BISHOP_DIRECTIONS, &mut rng, &mut table))
    };
    for (name, magics) in [("ROOK_MAGICS", &rook), ("BISHOP_MAGICS", &bishop)] {
        writeln!(out, "pub(crate) static {name}: [Magic; 64] = [").unwrap();
        for m in magics {
            if use_pext {
                writeln!(out, "    Magic {{ mask: {:#x}, offset: {} }},", m.mask, m.offset).unwrap();
            } else {
                writeln!(
                    out,
                    "    Magic {{ mask: {:#x}, magic: {:#x}, shift: {}, offset: {} }},",
                    m.mask, m.magic, m.shift, m.offset
                )
                .unwrap();
            }
        }
        writeln!(out, "];").unwrap();
    }
    array(&mut out, "SLIDER_ATTACKS", "u64", table);

    let dest = Path::new(&env::var("OUT_DIR").unwrap()).join("tables.rs");
    fs::write(dest, out).unwrap();
}
