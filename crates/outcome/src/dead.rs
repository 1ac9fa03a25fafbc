//! Dead positions (FIDE 5.2.2, DRAW-02): can any sequence of legal moves
//! still lead to checkmate?
//!
//! # The method
//!
//! The answer is a [`Finding`]: [`Finding::Impossible`] only with a proof,
//! [`Finding::Possible`] only with a helpmate (a sequence of legal moves that
//! ends in checkmate, which the caller can replay), and
//! [`Finding::Unknown`] otherwise. Callers treat `Unknown` as "not dead", so
//! a position is never called dead without a proof. Three steps, in order:
//!
//! 1. **No legal move.** A checkmate is `Possible` with no moves; a
//!    stalemate is `Impossible` (no move can follow at all).
//! 2. **Material.** When the side or sides asked about cannot mate by the
//!    classic rule ([`crate::material::has_insufficient_material`], proven
//!    there), the answer is `Impossible` with [`Proof::InsufficientMaterial`].
//! 3. **Exhaustive search**, only when the pawn structure is *frozen*: there
//!    is at least one pawn and every pawn has a pawn (of either colour)
//!    directly in front of it. Blocked pawn chains are where positions are
//!    dead without being short of material: the kings and pieces may be
//!    shut in on their own sides. The search enumerates every position
//!    reachable by legal moves from the given one, counting two positions as
//!    the same when pieces, side to move, castling rights and possible en
//!    passant capture are equal (compared exactly, not by hash alone), and
//!    looks for a checkmate among them. It never expands a position from
//!    which the material rule already proves that no wanted mate can follow.
//!    - a checkmate found: `Possible`, with the moves that reach it;
//!    - the whole reachable set enumerated with no checkmate: `Impossible`
//!      with [`Proof::Exhaustive`] and the number of positions;
//!    - more than [`SearchLimits::max_positions`] positions: `Unknown`.
//!
//!    The search is best-first (captures, promotions and pawn advances,
//!    kings driven to the enemy pawns, the mating side's king and pieces
//!    driven to the other king and that king to the edge, first), and a
//!    mate counts as soon as a move makes it, so helpmates are usually found
//!    long before the limit; the order cannot change an `Impossible`
//!    answer, which needs the whole set.
//!
//! # Limits
//!
//! - Positions whose pawns are not all blocked, or that have no pawns but
//!   are not short of material, are not searched: `Unknown` (such positions
//!   are alive in practice, but that is not proven here).
//! - A frozen position whose reachable set is larger than the limit (many
//!   free pieces behind the pawns) is `Unknown`.
//! - The move counters are ignored: a mate counts even if the seventy-five
//!   move rule would end the game first, as in the wording of 5.2.2 ("any
//!   series of legal moves").
//!
//! ```
//! use lawbook_notation::fen;
//! use lawbook_outcome::dead::{analyse, Finding, Proof, SearchLimits};
//! // A wall of pawns that neither king can cross: dead, though both sides have pawns.
//! let wall = fen::read("8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/5K2 w - - 0 1")?;
//! assert!(matches!(analyse(&wall, SearchLimits::default()), Finding::Impossible(Proof::Exhaustive { .. })));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::material::has_insufficient_material;
use lawbook_board::{Bitboard, Board, ByColor, Color, Role, Square};
use lawbook_movegen::{Move, MoveList, Position};
use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// How far the search may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SearchLimits {
    /// The most distinct positions the search may enumerate before giving up
    /// with [`Finding::Unknown`]. Each costs about 110 bytes while the search runs.
    pub max_positions: usize,
}

impl SearchLimits {
    /// The default: 200,000 positions (about 22 MB, well under a second in release builds).
    pub const DEFAULT: SearchLimits = SearchLimits { max_positions: 200_000 };
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits::DEFAULT
    }
}

/// How a [`Finding::Impossible`] was proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proof {
    /// The side to move has no legal move, so no move at all follows: a
    /// stalemate (or, when only one side's mates are asked about, a mate by
    /// the other side).
    NoLegalMove,
    /// The classic material rule ([`crate::material::has_insufficient_material`]).
    InsufficientMaterial,
    /// Every position reachable by legal moves was enumerated (`positions`
    /// of them, the start included) and none is a checkmate.
    Exhaustive {
        /// How many distinct positions were enumerated.
        positions: usize,
    },
}

/// Whether a checkmate can still happen.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Finding {
    /// Proven impossible: no sequence of legal moves leads to checkmate.
    Impossible(Proof),
    /// Possible: these legal moves, played from the position, end in
    /// checkmate (none when the position is checkmate already).
    Possible(Vec<Move>),
    /// Not settled within the limits; to be treated as possible.
    Unknown {
        /// How many positions the search enumerated (0 when the position is
        /// not one the search applies to: its pawns are not frozen).
        positions: usize,
    },
}

impl Finding {
    /// Whether a mate is proven impossible.
    pub fn is_impossible(&self) -> bool {
        matches!(self, Finding::Impossible(_))
    }
}

/// Whether no sequence of legal moves can lead to a checkmate by either
/// side: a dead position (FIDE 5.2.2), proven by the method of this module.
///
/// ```
/// use lawbook_movegen::Position;
/// use lawbook_notation::fen;
/// use lawbook_outcome::dead::{analyse, Finding, SearchLimits};
/// let lone_bishop = fen::read("8/8/4k3/8/8/2B5/4K3/8 b - - 0 1")?;
/// assert!(analyse(&lone_bishop, SearchLimits::default()).is_impossible());
/// // Not searched (the pawns are free), so not proven dead.
/// assert_eq!(analyse(&Position::startpos(), SearchLimits::default()), Finding::Unknown { positions: 0 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse(pos: &Position, limits: SearchLimits) -> Finding {
    run(pos, ByColor::new(true, true), limits)
}

/// Whether `mater` can still checkmate the other side by some sequence of
/// legal moves (the question of FIDE 6.9 when the other side's flag falls).
/// The same method as [`analyse`], looking only for mates by `mater`.
///
/// ```
/// use lawbook_board::Color;
/// use lawbook_notation::fen;
/// use lawbook_outcome::dead::{can_checkmate, Finding, SearchLimits};
/// let pos = fen::read("8/8/4k3/8/8/2B5/4K3/7q w - - 0 1")?;
/// assert!(can_checkmate(&pos, Color::White, SearchLimits::default()).is_impossible());
/// assert!(!can_checkmate(&pos, Color::Black, SearchLimits::default()).is_impossible());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn can_checkmate(pos: &Position, mater: Color, limits: SearchLimits) -> Finding {
    run(pos, ByColor::from_fn(|c| c == mater), limits)
}

/// Whether the pawn structure is frozen: at least one pawn, and a pawn
/// directly in front of every pawn. Only such positions are searched.
///
/// ```
/// use lawbook_notation::fen;
/// use lawbook_outcome::dead::is_frozen;
/// assert!(is_frozen(fen::read("8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/5K2 w - - 0 1")?.board()));
/// assert!(!is_frozen(fen::read("8/8/1k6/p1p1p1p1/P1P1P1P1/8/7P/5K2 w - - 0 1")?.board()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn is_frozen(board: &Board) -> bool {
    let pawns = board.pawns();
    let white = pawns & board.by_color(Color::White);
    let black = pawns & board.by_color(Color::Black);
    let (white_ahead, black_ahead) = (white.shift_up(), black.shift_down());
    pawns.any()
        && white_ahead.count() == white.count()
        && black_ahead.count() == black.count()
        && ((white_ahead | black_ahead) & !pawns).is_empty()
}

fn run(pos: &Position, wanted: ByColor<bool>, limits: SearchLimits) -> Finding {
    if !pos.has_legal_moves() {
        return if pos.is_check() && wanted[!pos.turn()] {
            Finding::Possible(Vec::new())
        } else {
            Finding::Impossible(Proof::NoLegalMove)
        };
    }
    if hopeless(pos.board(), wanted) {
        return Finding::Impossible(Proof::InsufficientMaterial);
    }
    if !is_frozen(pos.board()) {
        return Finding::Unknown { positions: 0 };
    }
    Search::new(pos, wanted).run(limits)
}

/// Whether no wanted side can ever mate, by the material rule.
fn hopeless(board: &Board, wanted: ByColor<bool>) -> bool {
    Color::ALL.into_iter().all(|c| !wanted[c] || has_insufficient_material(board, c))
}

/// A hasher for keys that are Zobrist keys already: passes them through.
#[derive(Default)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// What makes two positions the same for the laws (FIDE 9.2.3): the move
/// counters and the derived checkers are left out.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct StateKey {
    board: Board,
    turn: Color,
    castling: Bitboard,
    ep: Option<Square>,
}

impl StateKey {
    fn of(pos: &Position) -> StateKey {
        StateKey { board: *pos.board(), turn: pos.turn(), castling: pos.castling_rights(), ep: pos.ep_square() }
    }
}

struct Node {
    pos: Position,
    parent: u32,
    mv: Option<Move>,
}

/// The memory of a search: kept from search to search on each thread, as
/// most searches are small and many follow one another (a PGN database has
/// one for every game that ends with blocked pawns). Fresh memory for each
/// cost more than the search itself: the allocator handed it back to the
/// system in between, and every page of it was then faulted in again.
struct Memory {
    nodes: Vec<Node>,
    /// Zobrist key to the first node with that key.
    seen: HashMap<u64, u32, BuildHasherDefault<ZobristHasher>>,
    /// Positions whose key collided with a different position's (almost never used).
    collided: HashSet<StateKey>,
    queue: BinaryHeap<(i32, Reverse<u32>)>,
}

impl Memory {
    /// The most nodes whose room is kept for the next search (about 2 MB).
    const KEPT: usize = 1 << 14;

    /// Empty memory, from the last search on this thread if it was kept.
    fn take() -> Memory {
        let mut memory = SPARE.take().unwrap_or_else(|| Memory {
            // Room for the few hundred positions most searches take.
            nodes: Vec::with_capacity(256),
            seen: HashMap::with_capacity_and_hasher(256, BuildHasherDefault::default()),
            collided: HashSet::new(),
            queue: BinaryHeap::with_capacity(256),
        });
        memory.nodes.clear();
        memory.seen.clear();
        memory.collided.clear();
        memory.queue.clear();
        memory
    }

    /// Keeps this memory for the next search on this thread, unless it grew large.
    fn give_back(self) {
        if self.nodes.capacity() <= Memory::KEPT {
            SPARE.set(Some(self));
        }
    }
}

thread_local! {
    static SPARE: std::cell::Cell<Option<Memory>> = const { std::cell::Cell::new(None) };
}

struct Search {
    wanted: ByColor<bool>,
    memory: Memory,
}

impl Search {
    fn new(start: &Position, wanted: ByColor<bool>) -> Search {
        let mut search = Search { wanted, memory: Memory::take() };
        search.memory.seen.insert(start.zobrist(), 0);
        search.push(*start, start.is_check(), u32::MAX, None);
        search
    }

    /// Adds `pos` (in check when `check`) to the positions to expand.
    fn push(&mut self, pos: Position, check: bool, parent: u32, mv: Option<Move>) {
        let index = self.memory.nodes.len() as u32;
        self.memory.queue.push((score(&pos, check, self.wanted), Reverse(index)));
        self.memory.nodes.push(Node { pos, parent, mv });
    }

    /// Records `pos` as seen; false when it was seen before.
    fn is_new(&mut self, pos: &Position) -> bool {
        let index = self.memory.nodes.len() as u32;
        match self.memory.seen.entry(pos.zobrist()) {
            Entry::Vacant(slot) => {
                slot.insert(index);
                true
            }
            Entry::Occupied(slot) => {
                let first = &self.memory.nodes[*slot.get() as usize].pos;
                StateKey::of(first) != StateKey::of(pos) && self.memory.collided.insert(StateKey::of(pos))
            }
        }
    }

    fn run(mut self, limits: SearchLimits) -> Finding {
        let finding = self.explore(limits);
        self.memory.give_back();
        finding
    }

    fn explore(&mut self, limits: SearchLimits) -> Finding {
        // Filled in place for each position: a list returned by value is copied.
        let mut moves = MoveList::new();
        while let Some((_, Reverse(index))) = self.memory.queue.pop() {
            let pos = self.memory.nodes[index as usize].pos;
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                if pos.is_check() && self.wanted[!pos.turn()] {
                    return Finding::Possible(self.line(index));
                }
                continue;
            }
            if hopeless(pos.board(), self.wanted) {
                continue;
            }
            for &mv in &moves {
                let child = pos.play_unchecked(mv);
                if !self.is_new(&child) {
                    continue;
                }
                if self.memory.nodes.len() >= limits.max_positions {
                    return Finding::Unknown { positions: self.memory.nodes.len() };
                }
                let check = child.is_check();
                self.push(child, check, index, Some(mv));
                // A mate is taken as soon as it is made, not when its turn in the queue comes.
                if check && self.wanted[pos.turn()] && !child.has_legal_moves() {
                    return Finding::Possible(self.line(self.memory.nodes.len() as u32 - 1));
                }
            }
        }
        Finding::Impossible(Proof::Exhaustive { positions: self.memory.nodes.len() })
    }

    /// The moves from the start to node `index`.
    fn line(&self, mut index: u32) -> Vec<Move> {
        let mut moves = Vec::new();
        while let Some(node) = self.memory.nodes.get(index as usize) {
            if let Some(mv) = node.mv {
                moves.push(mv);
            }
            index = node.parent;
        }
        moves.reverse();
        moves
    }
}

/// How promising a position looks for a helpmate (higher is explored
/// first, `check` when the side to move is in check): the best of the
/// wanted sides' prospects. Only the order of the search depends on it,
/// never its answer.
fn score(pos: &Position, check: bool, wanted: ByColor<bool>) -> i32 {
    match (wanted[Color::White], wanted[Color::Black]) {
        (true, true) => prospects(pos, check, Color::White).max(prospects(pos, check, Color::Black)),
        (true, false) => prospects(pos, check, Color::White),
        (false, true) => prospects(pos, check, Color::Black),
        (false, false) => 0,
    }
}

/// The distance in king moves between two squares (their larger difference
/// of file or rank), from their indices.
#[inline(always)]
fn distance(a: u32, b: u32) -> i32 {
    let df = ((a & 7) as i32 - (b & 7) as i32).abs();
    let dr = ((a >> 3) as i32 - (b >> 3) as i32).abs();
    df.max(dr)
}

/// `mater`'s prospects of mating: mating material first, then pawns on
/// their way to promotion and fewer enemy pawns in the way, then the enemy
/// king near the edge, the king and pieces near it, the king near the enemy
/// pawns (to take the blockers), and checks.
fn prospects(pos: &Position, check: bool, mater: Color) -> i32 {
    // Square by square rather than by counting bits: there are few pieces,
    // and a count of bits is a long sum on CPUs without an instruction for it.
    let board = pos.board();
    let ours = board.by_color(mater).0;
    let theirs = board.by_color(!mater).0;
    let their_king = pos.king_of(!mater) as u32;
    let our_king = pos.king_of(mater) as u32;
    let mut s = 0i32;
    for (role, weight) in [(Role::Knight, 3), (Role::Bishop, 3), (Role::Rook, 5), (Role::Queen, 9)] {
        let mut pieces = board.by_role(role).0 & ours;
        while pieces != 0 {
            s += 64 * weight - distance(pieces.trailing_zeros(), their_king);
            pieces &= pieces - 1;
        }
    }
    let pawns = board.pawns().0;
    let mut our_pawns = pawns & ours;
    while our_pawns != 0 {
        let rank = (our_pawns.trailing_zeros() >> 3) as i32;
        s += 6 * if mater == Color::White { rank } else { 7 - rank };
        our_pawns &= our_pawns - 1;
    }
    // The distance from our king to the nearest enemy pawn (none: 8, unused).
    let mut near = 8;
    let mut their_pawns = pawns & theirs;
    while their_pawns != 0 {
        s -= 8;
        near = near.min(distance(our_king, their_pawns.trailing_zeros()));
        their_pawns &= their_pawns - 1;
    }
    let file = (their_king & 7) as i32;
    let rank = (their_king >> 3) as i32;
    let edge = file.min(7 - file).min(rank).min(7 - rank);
    s -= 3 * edge;
    s -= distance(our_king, their_king);
    if near < 8 {
        s -= 2 * near;
    }
    if pos.turn() != mater && check {
        s += 4;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_finds_the_same_after_others_on_its_thread() {
        let fens = [
            "8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/5K2 w - - 0 1",
            "6B1/4k3/8/p2N4/Pn1b4/1K6/8/8 b - - 0 82",
            "5k2/6p1/6P1/1R6/8/5K2/r7/8 w - - 10 40",
            "8/1p4p1/1p4P1/pP6/P7/3Rk2r/4N3/4K3 b - - 1 45",
        ];
        let positions: Vec<Position> = fens.iter().map(|f| lawbook_notation::fen::read(f).unwrap()).collect();
        let limits = [SearchLimits::DEFAULT, SearchLimits { max_positions: 100 }];
        // Each on a thread of its own: memory no search has used.
        let fresh: Vec<Finding> = limits
            .iter()
            .flat_map(|&l| positions.iter().map(move |&p| std::thread::spawn(move || analyse(&p, l)).join().unwrap()))
            .collect();
        for _ in 0..2 {
            let again: Vec<Finding> =
                limits.iter().flat_map(|&l| positions.iter().map(move |p| analyse(p, l))).collect();
            assert_eq!(again, fresh);
        }
        assert!(fresh[0].is_impossible() && matches!(fresh[1], Finding::Possible(_)));
        assert!(matches!(fresh[5], Finding::Unknown { positions: 100 }));
    }

    #[test]
    fn zobrist_hasher_passes_keys_through() {
        let mut h = ZobristHasher::default();
        h.write_u64(0xdead_beef);
        assert_eq!(h.finish(), 0xdead_beef);
    }
}
