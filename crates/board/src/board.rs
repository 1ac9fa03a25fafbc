use crate::{Bitboard, Color, File, Piece, Rank, Role, Square};
use core::fmt;

/// Where the pieces stand: nothing more (no side to move, no rights).
///
/// Kept as one set of squares per role and one per colour, so that questions
/// such as "where are Black's rooks" are a single `&`.
///
/// ```
/// use lawbook_board::{Board, Color, Piece, Role, Square};
/// let mut board = Board::empty();
/// board.set_piece_at(Square::E1, Piece::new(Color::White, Role::King));
/// assert_eq!(board.king_of(Color::White), Some(Square::E1));
/// assert_eq!(board.remove_piece_at(Square::E1), Some(Piece::new(Color::White, Role::King)));
/// assert!(board.occupied().is_empty());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board { by_role: [Bitboard::EMPTY; 6], by_color: [Bitboard::EMPTY; 2] }
    }

    /// The initial position of FIDE 2.3: rooks in the corners, then knights,
    /// bishops, the queen on her own colour (d1, d8) and the king (e1, e8),
    /// eight pawns on ranks 2 and 7.
    pub const fn standard() -> Board {
        Board {
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            by_color: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
        }
    }

    /// The initial position of Chess960 number `n` (`0..960`, 518 is the
    /// standard set-up), or `None` for any other number.
    ///
    /// ```
    /// use lawbook_board::Board;
    /// assert_eq!(Board::chess960(518), Some(Board::standard()));
    /// ```
    pub fn chess960(n: u32) -> Option<Board> {
        if n >= 960 {
            return None;
        }
        let mut back = [None::<Role>; 8];
        let (n, light) = (n / 4, n % 4);
        back[(light * 2 + 1) as usize] = Some(Role::Bishop);
        let (n, dark) = (n / 4, n % 4);
        back[(dark * 2) as usize] = Some(Role::Bishop);
        let place = |back: &mut [Option<Role>; 8], mut k: u32, role: Role| {
            for slot in back.iter_mut().filter(|s| s.is_none()) {
                if k == 0 {
                    *slot = Some(role);
                    return;
                }
                k -= 1;
            }
        };
        let (n, queen) = (n / 6, n % 6);
        place(&mut back, queen, Role::Queen);
        let (a, b) = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][n as usize];
        place(&mut back, b, Role::Knight);
        place(&mut back, a, Role::Knight);
        for role in [Role::Rook, Role::King, Role::Rook] {
            place(&mut back, 0, role);
        }
        let mut board = Board::empty();
        for (file, role) in File::ALL.into_iter().zip(back) {
            let role = role?;
            board.set_piece_at(Square::from_coords(file, Rank::First), Piece::new(Color::White, role));
            board.set_piece_at(Square::from_coords(file, Rank::Eighth), Piece::new(Color::Black, role));
            board.set_piece_at(Square::from_coords(file, Rank::Second), Piece::new(Color::White, Role::Pawn));
            board.set_piece_at(Square::from_coords(file, Rank::Seventh), Piece::new(Color::Black, Role::Pawn));
        }
        Some(board)
    }

    /// Every occupied square.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0].0 | self.by_color[1].0)
    }

    /// The squares of one side's pieces.
    #[inline]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of every piece of one role, of both colours.
    #[inline]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    /// The squares of one kind of piece of one colour.
    #[inline]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_role[piece.role as usize].0 & self.by_color[piece.color as usize].0)
    }

    /// Pawns of both colours.
    #[inline]
    pub const fn pawns(&self) -> Bitboard {
        self.by_role[Role::Pawn as usize]
    }

    /// Knights of both colours.
    #[inline]
    pub const fn knights(&self) -> Bitboard {
        self.by_role[Role::Knight as usize]
    }

    /// Bishops of both colours.
    #[inline]
    pub const fn bishops(&self) -> Bitboard {
        self.by_role[Role::Bishop as usize]
    }

    /// Rooks of both colours.
    #[inline]
    pub const fn rooks(&self) -> Bitboard {
        self.by_role[Role::Rook as usize]
    }

    /// Queens of both colours.
    #[inline]
    pub const fn queens(&self) -> Bitboard {
        self.by_role[Role::Queen as usize]
    }

    /// Kings of both colours.
    #[inline]
    pub const fn kings(&self) -> Bitboard {
        self.by_role[Role::King as usize]
    }

    /// Pieces that move along ranks and files: rooks and queens.
    #[inline]
    pub const fn rooks_and_queens(&self) -> Bitboard {
        Bitboard(self.rooks().0 | self.queens().0)
    }

    /// Pieces that move along diagonals: bishops and queens.
    #[inline]
    pub const fn bishops_and_queens(&self) -> Bitboard {
        Bitboard(self.bishops().0 | self.queens().0)
    }

    /// The square of `color`'s king, if there is exactly one.
    #[inline]
    pub const fn king_of(&self, color: Color) -> Option<Square> {
        Bitboard(self.kings().0 & self.by_color(color).0).single_square()
    }

    /// The colour of the piece on `square`, if any.
    #[inline]
    pub const fn color_at(&self, square: Square) -> Option<Color> {
        if self.by_color[0].contains(square) {
            Some(Color::White)
        } else if self.by_color[1].contains(square) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the piece on `square`, if any.
    #[inline]
    pub fn role_at(&self, square: Square) -> Option<Role> {
        if self.occupied().contains(square) { Some(self.role_of_occupied(square)) } else { None }
    }

    /// The role of the piece on `square`, which must be occupied: without
    /// the emptiness test of [`Board::role_at`]. On an empty square the
    /// answer is [`Role::Pawn`].
    ///
    /// Branch-free: the role's number is read bit by bit from three unions
    /// of the role sets (knights, rooks and kings have bit 0; bishops and
    /// rooks bit 1; queens and kings bit 2).
    ///
    /// ```
    /// use lawbook_board::{Board, Role, Square};
    /// assert_eq!(Board::standard().role_of_occupied(Square::D8), Role::Queen);
    /// ```
    #[inline]
    pub fn role_of_occupied(&self, square: Square) -> Role {
        // A board made inconsistent by `toggle` can hold a square in two role
        // sets; the last two entries keep that well defined.
        const BY_NUMBER: [Role; 8] =
            [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King, Role::King, Role::King];
        let [_, knights, bishops, rooks, queens, kings] = self.by_role;
        let bit = |set: Bitboard| usize::from(set.contains(square));
        let number = bit(knights | rooks | kings) | bit(bishops | rooks) << 1 | bit(queens | kings) << 2;
        BY_NUMBER[number]
    }

    /// The piece on `square`, if any.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        Some(Piece::new(self.color_at(square)?, self.role_at(square)?))
    }

    /// Puts `piece` on `square`, replacing whatever stood there.
    #[inline]
    pub fn set_piece_at(&mut self, square: Square, piece: Piece) {
        self.discard_piece_at(square);
        self.by_role[piece.role as usize].add(square);
        self.by_color[piece.color as usize].add(square);
    }

    /// Takes the piece off `square` and returns it.
    #[inline]
    pub fn remove_piece_at(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece_at(square)?;
        self.discard_piece_at(square);
        Some(piece)
    }

    /// Empties `square`, whatever stood there.
    #[inline]
    pub fn discard_piece_at(&mut self, square: Square) {
        for set in &mut self.by_role {
            set.discard(square);
        }
        for set in &mut self.by_color {
            set.discard(square);
        }
    }

    /// Toggles a piece known to be absent (to add it) or present (to remove
    /// it) on `square`. The cheapest edit; the caller keeps the board consistent.
    #[inline]
    pub fn toggle(&mut self, square: Square, piece: Piece) {
        self.by_role[piece.role as usize].toggle(square);
        self.by_color[piece.color as usize].toggle(square);
    }

    /// Toggles `piece` on every square of `squares` at once: [`Board::toggle`]
    /// for a set. Moving a piece from `a` to `b` is one call with `{a, b}`.
    /// Like `toggle`, the caller keeps the board consistent.
    ///
    /// ```
    /// use lawbook_board::{Bitboard, Board, Color, Piece, Role, Square};
    /// let mut board = Board::standard();
    /// let knight = Piece::new(Color::White, Role::Knight);
    /// board.toggle_squares(Bitboard::from_square(Square::G1) | Square::F3, knight);
    /// assert_eq!(board.piece_at(Square::F3), Some(knight));
    /// assert_eq!(board.piece_at(Square::G1), None);
    /// ```
    #[inline]
    pub fn toggle_squares(&mut self, squares: Bitboard, piece: Piece) {
        self.by_role[piece.role as usize] ^= squares;
        self.by_color[piece.color as usize] ^= squares;
    }

    /// Replaces the squares of every piece of `role` (both colours) with
    /// `squares`. A raw edit, like [`Board::toggle`]: the caller keeps the
    /// board consistent (each occupied square in one role set and one colour
    /// set).
    #[inline]
    pub fn set_by_role(&mut self, role: Role, squares: Bitboard) {
        self.by_role[role as usize] = squares;
    }

    /// Replaces the squares of `color`'s pieces with `squares`. A raw edit,
    /// like [`Board::set_by_role`].
    ///
    /// ```
    /// use lawbook_board::{Bitboard, Board, Color, Role, Square};
    /// let mut board = Board::standard();
    /// // White's e-pawn from e2 to e4, written as the two sets it changes.
    /// let step = Bitboard::from_square(Square::E2) | Square::E4;
    /// board.set_by_role(Role::Pawn, board.pawns() ^ step);
    /// board.set_by_color(Color::White, board.by_color(Color::White) ^ step);
    /// assert_eq!(board.role_at(Square::E4), Some(Role::Pawn));
    /// ```
    #[inline]
    pub fn set_by_color(&mut self, color: Color, squares: Bitboard) {
        self.by_color[color as usize] = squares;
    }

    /// Every piece with its square, `a1` first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().squares().filter_map(|sq| Some((sq, self.piece_at(sq)?)))
    }

    /// The board seen from the other side: ranks flipped and colours swapped.
    #[must_use]
    pub fn mirrored(&self) -> Board {
        let mut board = Board::empty();
        for (sq, piece) in self.pieces() {
            board.set_piece_at(sq.flip_vertical(), Piece::new(!piece.color, piece.role));
        }
        board
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::standard()
    }
}

impl fmt::Debug for Board {
    /// Eight lines of FEN letters, rank 8 first, `.` for an empty square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let sq = Square::from_coords(file, *rank);
                write!(f, "{}", self.piece_at(sq).map_or('.', Piece::char))?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
