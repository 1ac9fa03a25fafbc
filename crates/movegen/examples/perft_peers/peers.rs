//! Perft written once for every library compared: lawbook, shakmaty,
//! cozy-chess and the `chess` crate. Shared by the `perft_peers` example
//! (which `cargo xtask bench-compare` runs under callgrind and against the
//! clock) and the criterion bench `benches/perft.rs`.
//!
//! Two modes, the same for every library:
//!
//! - **bulk**: the last ply is counted, not played (each library's own bulk
//!   perft where it has one: lawbook [`perft`], [`shakmaty::perft`],
//!   `chess::MoveGen::movegen_perft_test`; for cozy-chess, the length of each
//!   piece's move set at depth 1);
//! - **leaf**: every move down to the leaves is played on a copy of its
//!   position, and each leaf position is handed to [`black_box`] so that no
//!   part of playing it can be optimised away.
//!
//! lawbook appears twice: `lawbook` with its own perft functions (which
//! generate and play in one pass, [`Position::for_each_child`]), and
//! `lawbook-list`, which walks the tree through the general API a program
//! would use: [`Position::legal_moves_into`] and
//! [`Position::play_unchecked_in_place`].

use std::hint::black_box;

use lawbook_movegen::{MoveList, Position, perft, perft_leaf};
use shakmaty::Position as _;

/// The libraries compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Library {
    /// lawbook's perft functions.
    Lawbook,
    /// lawbook through `legal_moves_into` and `play_unchecked_in_place`.
    LawbookList,
    /// shakmaty.
    Shakmaty,
    /// cozy-chess.
    Cozy,
    /// The `chess` crate.
    Chess,
}

impl Library {
    /// Every library, lawbook first.
    pub(crate) const ALL: [Library; 5] =
        [Library::Lawbook, Library::LawbookList, Library::Shakmaty, Library::Cozy, Library::Chess];

    /// The name on the command line and in tables.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Library::Lawbook => "lawbook",
            Library::LawbookList => "lawbook-list",
            Library::Shakmaty => "shakmaty",
            Library::Cozy => "cozy-chess",
            Library::Chess => "chess",
        }
    }

    /// The library of a name.
    pub(crate) fn from_name(name: &str) -> Option<Library> {
        Library::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// Count the last ply, or play it too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// The last ply is counted.
    Bulk,
    /// Every move is played.
    Leaf,
}

impl Mode {
    /// The name on the command line and in tables.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Mode::Bulk => "bulk",
            Mode::Leaf => "leaf",
        }
    }

    /// The mode of a name.
    pub(crate) fn from_name(name: &str) -> Option<Mode> {
        [Mode::Bulk, Mode::Leaf].into_iter().find(|m| m.name() == name)
    }
}

/// The start position.
pub(crate) const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Kiwipete, the second standard perft position: castling, pins, en passant.
pub(crate) const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The same position, as each library represents it.
pub(crate) struct Positions {
    lawbook: Position,
    shakmaty: shakmaty::Chess,
    cozy: cozy_chess::Board,
    chess: chess::Board,
}

impl Positions {
    /// Reads `fen` with every library.
    ///
    /// # Panics
    /// When a library refuses the FEN.
    pub(crate) fn parse(fen: &str) -> Positions {
        let lawbook = lawbook_notation::fen::read(fen).expect("lawbook reads the FEN");
        let shakmaty = fen
            .parse::<shakmaty::fen::Fen>()
            .expect("shakmaty parses the FEN")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("shakmaty accepts the position");
        let cozy = cozy_chess::Board::from_fen(fen, false).expect("cozy-chess parses the FEN");
        let chess = fen.parse::<chess::Board>().expect("chess parses the FEN");
        Positions { lawbook, shakmaty, cozy, chess }
    }

    /// The number of move sequences of `depth` plies, counted by `library` in `mode`.
    pub(crate) fn perft(&self, library: Library, mode: Mode, depth: u32) -> u64 {
        match (library, mode) {
            (Library::Lawbook, Mode::Bulk) => perft(&self.lawbook, depth),
            (Library::Lawbook, Mode::Leaf) => perft_leaf(&self.lawbook, depth),
            (Library::LawbookList, Mode::Bulk) => lawbook_list_bulk(&self.lawbook, depth),
            (Library::LawbookList, Mode::Leaf) => lawbook_list_leaf(&self.lawbook, depth),
            (Library::Shakmaty, Mode::Bulk) => shakmaty::perft(&self.shakmaty, depth),
            (Library::Shakmaty, Mode::Leaf) => shakmaty_leaf(&self.shakmaty, depth),
            (Library::Cozy, Mode::Bulk) => cozy_bulk(&self.cozy, depth),
            (Library::Cozy, Mode::Leaf) => cozy_leaf(&self.cozy, depth),
            (Library::Chess, Mode::Bulk) => chess_bulk(&self.chess, depth),
            (Library::Chess, Mode::Leaf) => chess_leaf(&self.chess, depth),
        }
    }
}

/// Bulk perft through lawbook's list API: a list per node, a copy played in
/// place per move, the last ply counted.
fn lawbook_list_bulk(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let mut moves = MoveList::new();
            pos.legal_moves_into(&mut moves);
            let mut nodes = 0;
            for &mv in &moves {
                let mut child = *pos;
                child.play_unchecked_in_place(mv);
                nodes += lawbook_list_bulk(&child, depth - 1);
            }
            nodes
        }
    }
}

/// Leaf perft through lawbook's list API.
fn lawbook_list_leaf(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.legal_moves_into(&mut moves);
    let mut nodes = 0;
    for &mv in &moves {
        let mut child = *pos;
        child.play_unchecked_in_place(mv);
        nodes += if depth == 1 {
            black_box(&child);
            1
        } else {
            lawbook_list_leaf(&child, depth - 1)
        };
    }
    nodes
}

fn shakmaty_leaf(pos: &shakmaty::Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for &mv in &pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        nodes += if depth == 1 {
            black_box(&child);
            1
        } else {
            shakmaty_leaf(&child, depth - 1)
        };
    }
    nodes
}

fn cozy_bulk(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_bulk(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn cozy_leaf(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += if depth == 1 {
                black_box(&child);
                1
            } else {
                cozy_leaf(&child, depth - 1)
            };
        }
        false
    });
    nodes
}

fn chess_bulk(board: &chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    chess::MoveGen::movegen_perft_test(board, depth as usize) as u64
}

fn chess_leaf(board: &chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in chess::MoveGen::new_legal(board) {
        let child = board.make_move_new(mv);
        nodes += if depth == 1 {
            black_box(&child);
            1
        } else {
            chess_leaf(&child, depth - 1)
        };
    }
    nodes
}
