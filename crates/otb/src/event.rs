//! [`Event`]: what a player does at the board and the clock.

use lawbook_board::{Role, Square};
use lawbook_movegen::Move;
use lawbook_outcome::Claim;

/// The hand a player uses. Each move is made with one hand only (FIDE 4.1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Hand {
    /// The left hand.
    Left,
    /// The right hand (the default of the constructors of [`Event`]).
    #[default]
    Right,
}

impl Hand {
    /// The other hand.
    ///
    /// ```
    /// use lawbook_otb::Hand;
    /// assert_eq!(Hand::Left.other(), Hand::Right);
    /// ```
    pub const fn other(self) -> Hand {
        match self {
            Hand::Left => Hand::Right,
            Hand::Right => Hand::Left,
        }
    }
}

/// One thing a player does at the board or the clock. The side that does it
/// is given to [`crate::OverTheBoard::apply`].
///
/// The events are physical: a move of chess is made of several of them
/// (castling short is: touch the king, move it from e1 to g1, let go, move the
/// rook from h1 to f1, let go, press the clock). The model judges each one
/// and the move as a whole when the clock is pressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// Touches the piece on `square` deliberately, with the intention of
    /// moving or capturing it (FIDE 4.3): touch-move applies.
    Touch {
        /// Where the piece stands.
        square: Square,
        /// The hand that touches it.
        hand: Hand,
    },
    /// Says "j'adoube" (or "I adjust") first and then adjusts the piece on
    /// `square` on its square (FIDE 4.2.1): no touch-move.
    Adjust {
        /// Where the piece stands.
        square: Square,
        /// The hand that adjusts it.
        hand: Hand,
    },
    /// Takes the own piece on `from` and puts it on `to`, still holding it
    /// (an enemy piece on `to` stays there, under it, until it is removed).
    /// Moving a piece touches it.
    Move {
        /// Where the piece is taken from.
        from: Square,
        /// Where it is put.
        to: Square,
        /// The hand that moves it.
        hand: Hand,
    },
    /// Lets go of the piece in hand (FIDE 4.7).
    Release,
    /// Takes a piece off the board: an enemy piece being captured (this
    /// touches it, 4.3.2), or the player's own pawn being promoted (4.6).
    Remove {
        /// Where the piece stands.
        square: Square,
        /// The hand that removes it.
        hand: Hand,
    },
    /// Puts a new piece from beside the board on `square`, still holding it:
    /// the new piece of a promotion (4.6, 4.7.3). Its choice is final once it
    /// touches the square (4.4.4).
    Place {
        /// The promotion square.
        square: Square,
        /// Queen, rook, bishop or knight.
        role: Role,
        /// The hand that places it.
        hand: Hand,
    },
    /// Presses the clock: the move is complete (6.2.1), or an illegal move is
    /// completed (7.5.1).
    PressClock,
    /// Pauses the clock to seek the arbiter's help (6.11.2).
    StopClock,
    /// Calls the arbiter; `piece` names a promotion piece the player needs
    /// and cannot find beside the board (6.11.2).
    CallArbiter {
        /// The wanted promotion piece, if any (the one the player last
        /// failed to place is assumed when `None`).
        piece: Option<Role>,
    },
    /// Offers a draw (9.1.2.1).
    OfferDraw,
    /// Accepts the opponent's draw offer (9.1.2.1): a draw by agreement (5.2.3).
    AcceptDraw,
    /// Rejects the opponent's draw offer orally (9.1.2.1).
    DeclineDraw,
    /// Resigns: the opponent wins (5.1.2).
    Resign,
    /// The player's flag falls: the time is up (6.9). The opponent wins,
    /// unless the opponent cannot checkmate by any series of legal moves.
    FlagFall,
    /// Claims a draw (9.2, 9.3), on the current position or by announcing
    /// the move that would bring the claim about (written, not yet made).
    ClaimDraw {
        /// Which draw.
        claim: Claim,
        /// The announced move, if any.
        announced: Option<Move>,
    },
    /// Touches the piece on `square` by clear accident (4.2.2): no
    /// touch-move. Whether a contact was clearly accidental is the
    /// arbiter's judgment; the event says that it was.
    Brush {
        /// Where the piece stands.
        square: Square,
    },
    /// Takes back the draw claim just made: not allowed (9.5.1).
    WithdrawClaim,
    /// The player has an electronic device on them in the playing venue,
    /// evidently (11.3.2.2): the game is lost.
    DeviceFound,
    /// Seals the move at an adjournment (Guidelines I.1.1): written on the
    /// scoresheet as [`Sealed`] says it reads, and not made on the board.
    Seal(Sealed),
    /// The envelope is opened at the resumption and the sealed move is made
    /// (Guidelines I.7, I.8, I.9.1).
    OpenEnvelope,
    /// On the board of a player who is blind or visually impaired, feels the
    /// piece on `square` without taking it out of its hole (Appendix D.2.2):
    /// no touch-move for that player; for a sighted player it is contact
    /// with a piece, a touch (4.2.2, D.2.5).
    Feel {
        /// Where the piece stands.
        square: Square,
    },
    /// Says the move aloud, as every move of a game with a blind or visually
    /// impaired player is (Appendix D.2.1); that player's move is made only
    /// once announced (D.2.3.3).
    Announce,
    /// Time passes on the player's own clock, which is running (6.3): the
    /// seconds are taken from the delay first (6.3.2), then from the main
    /// time; the flag falls when the time runs out (6.9).
    TimePasses {
        /// How many seconds.
        seconds: u32,
    },
    /// Presses the clock with this hand (6.2.1); it must be the hand that
    /// made the move (6.2.3).
    PressClockWith {
        /// The hand on the clock.
        hand: Hand,
    },
    /// Points out an irregularity found during the game (7.2, 7.3).
    PointsOut(Irregularity),
    /// Claims that the opponent's last move, just completed, was illegal
    /// (Appendix A.5.2, when the arbiter has not intervened).
    ClaimIllegalMove,
    /// With less than two minutes left, asks that an increment of five
    /// seconds be introduced for both players: a draw offer (Guidelines III.4).
    RequestIncrement,
    /// With less than two minutes left, claims a draw: the opponent cannot
    /// win by normal means or makes no effort to (Guidelines III.5).
    ClaimQuickplayDraw,
    /// Both flags are found fallen, and which fell first cannot be
    /// established (Guidelines III.3.1).
    BothFlagsFallen,
    /// Pauses the clock and claims that the opponent's flag has fallen
    /// (6.8, Appendix A.5.3): valid when the opponent's time has run out.
    ClaimFlag,
    /// Claims that the opponent's move just completed broke the rules of
    /// touching (4.1 to 4.7): allowed only before touching a piece (4.8).
    ClaimTouchMove,
    /// Arrives at the board, having been absent (6.7, Guidelines I.9 to I.11):
    /// after the default time the player loses.
    Arrives,
    /// Knocks the piece on `square` off its square by accident (7.4): the
    /// player puts it back on his own time.
    KnockOver {
        /// Where the piece stood.
        square: Square,
    },
    /// Puts the piece knocked off `origin` on `square` (7.4.1): back on its
    /// own square, or, by mistake, on another.
    PutBack {
        /// Where the piece stood before it was knocked over.
        origin: Square,
        /// Where it is put.
        square: Square,
    },
}

/// A sealed move as the arbiter reads it on the scoresheet when the envelope
/// is opened (Guidelines I.8).
///
/// ```
/// use lawbook_board::{Color, Square};
/// use lawbook_movegen::{Move, Position};
/// use lawbook_otb::{Ending, Event, Forfeit, OverTheBoard, Sealed};
/// let mut otb = OverTheBoard::new(Position::startpos());
/// otb.apply(Color::White, Event::Seal(Sealed::Move(Move::normal(Square::E2, Square::E4))));
/// // Nothing is played on the board before the envelope is opened (I.5).
/// assert!(otb.apply(Color::White, Event::touch(Square::G1)).is_refused());
/// otb.apply(Color::White, Event::OpenEnvelope);
/// assert_eq!(otb.turn(), Color::Black);
///
/// let mut otb = OverTheBoard::new(Position::startpos());
/// otb.apply(Color::White, Event::Seal(Sealed::Ambiguous));
/// otb.apply(Color::White, Event::OpenEnvelope);
/// assert!(matches!(otb.ending(), Some(Ending::Forfeited { cause: Forfeit::SealedAmbiguous, .. })));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Sealed {
    /// A legal move, written so that it names one move.
    Move(Move),
    /// It could be more than one legal move (I.8.1).
    Ambiguous,
    /// What it means cannot be made out (I.8.2).
    Unclear,
    /// It names a move that is not legal (I.8.3).
    Illegal,
}

/// An irregularity a player (or the arbiter) finds during the game (FIDE 7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Irregularity {
    /// The initial position of the pieces was incorrect (7.2.1).
    InitialPosition,
    /// The chessboard is placed the wrong way round, a dark square in each
    /// player's near right corner (7.2.2, against 2.1).
    BoardPlacement,
    /// The game started with the colours reversed: each player has the
    /// pieces the pairing gave the other (7.3).
    ColoursReversed,
    /// A piece stands on another square than the game put it on (7.6).
    PieceDisplaced,
}

impl Event {
    /// Touches the piece on `square` with the right hand.
    pub const fn touch(square: Square) -> Event {
        Event::Touch { square, hand: Hand::Right }
    }

    /// Adjusts the piece on `square` with the right hand, "j'adoube" said first.
    pub const fn adjust(square: Square) -> Event {
        Event::Adjust { square, hand: Hand::Right }
    }

    /// Moves the piece on `from` to `to` with the right hand (not yet released).
    pub const fn move_piece(from: Square, to: Square) -> Event {
        Event::Move { from, to, hand: Hand::Right }
    }

    /// Removes the piece on `square` with the right hand.
    pub const fn remove(square: Square) -> Event {
        Event::Remove { square, hand: Hand::Right }
    }

    /// Places a new `role` on `square` with the right hand (not yet released).
    pub const fn place(square: Square, role: Role) -> Event {
        Event::Place { square, role, hand: Hand::Right }
    }

    /// The hand the event uses, for the events done by hand.
    pub const fn hand(self) -> Option<Hand> {
        match self {
            Event::Touch { hand, .. }
            | Event::Adjust { hand, .. }
            | Event::Move { hand, .. }
            | Event::Remove { hand, .. }
            | Event::Place { hand, .. } => Some(hand),
            _ => None,
        }
    }
}
