//! What the model answers to an event: [`Answer`], with its [`Ruling`], the
//! [`Duty`] in force afterwards and any [`Remark`].

use core::fmt;
use lawbook_board::{Bitboard, Color, Piece, Role, Square};
use lawbook_movegen::{CastlingSide, Move};
use lawbook_outcome::{GameResult, Outcome};

/// The model's answer to one event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// What the model makes of the event.
    pub ruling: Ruling,
    /// Breaches of the laws the event brings about without being undone
    /// (two hands, a piece put down where it cannot legally go, ...).
    pub remarks: Vec<Remark>,
    /// What the player having the move owes after the event.
    pub duty: Duty,
    /// The whole answer in plain words, with the FIDE articles.
    pub words: String,
}

impl Answer {
    /// The FIDE article of the ruling, if it names one (`"4.3.1"`, `"7.5.2"`).
    pub fn article(&self) -> Option<&'static str> {
        self.ruling.article()
    }

    /// Whether the event was refused (it changed nothing).
    pub fn is_refused(&self) -> bool {
        matches!(self.ruling, Ruling::Refused(_))
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words)
    }
}

/// What the model makes of an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// The event is in order (see [`Answer::remarks`] for what it breaks
    /// without being undone).
    Accepted,
    /// The laws do not allow the event; it did not happen (the board, the
    /// clock and the duties are as before).
    Refused(Refusal),
    /// The clock was pressed after a legal move the laws allowed: the move
    /// is complete and the opponent has the move.
    Completed {
        /// The move.
        mv: Move,
        /// How the game ended with it, if it did (checkmate, stalemate, ...).
        ending: Option<Ending>,
    },
    /// The clock was pressed on something that is, or is treated as, an
    /// illegal move (FIDE 7.5).
    IllegalMove {
        /// `"7.5.1"` (reinstated), `"7.5.2"` (the pawn becomes a queen),
        /// `"7.5.3"` (no move made) or `"7.5.4"` (two hands).
        article: &'static str,
        /// The move that stands: the queen promotion of 7.5.2, the two-handed
        /// move of 7.5.4; `None` when the position before it is reinstated.
        stands: Option<Move>,
        /// The arbiter's penalty (7.5.5); none when the move that stands
        /// ended the game (a checkmate made with two hands ends it all the same).
        penalty: Option<Penalty>,
    },
    /// The arbiter acts.
    Arbiter(ArbiterAction),
    /// The game ended by the event (a draw agreed).
    Ended(Ending),
    /// An illegal move completed in a rapid or blitz game without adequate
    /// supervision: it stays on the board, and stands unless the opponent
    /// claims it before making a move (A.5.2).
    Unclaimed {
        /// The kind of illegal move (`"7.5.1"`).
        article: &'static str,
    },
}

impl Ruling {
    /// The FIDE article of the ruling, if it names one.
    pub fn article(&self) -> Option<&'static str> {
        match self {
            Ruling::Accepted | Ruling::Completed { .. } | Ruling::Ended(_) => None,
            Ruling::Refused(r) => Some(r.article()),
            Ruling::IllegalMove { article, .. } => Some(article),
            Ruling::Arbiter(a) => Some(a.article()),
            Ruling::Unclaimed { .. } => Some("A.5.2"),
        }
    }
}

/// Why the model refused an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver(Ending),
    /// It is the other player's move: the players move alternately (1.2).
    NotYourMove,
    /// Only the player having the move may adjust pieces (4.2.1).
    AdjustOutOfTurn,
    /// No piece stands on the square.
    NothingThere(Square),
    /// A player moves only his own pieces; enemy pieces are captured (4.3.2).
    NotYourPiece(Square),
    /// An own piece already stands on the square.
    OwnPieceThere(Square),
    /// No piece is in hand to let go of.
    NothingInHand,
    /// The event breaks the duty in force (touch-move, 4.3 and 4.4).
    TouchMove(Duty),
    /// A piece was released as a legal move or part of one: it cannot go to
    /// another square, nor can another move be made (4.7).
    MoveMade(Vec<Move>),
    /// Castling is a king move: the king goes first, then the rook (3.8.2, 4.4.2).
    KingFirst,
    /// The new piece of a promotion is chosen once it touched the square (4.4.4).
    ChoiceFinal(Role),
    /// No such piece stands beside the board, so it cannot be placed (the
    /// act of moving, 4); the player may stop the clock and call the arbiter
    /// for one (6.11.2).
    NotAvailable(Piece),
    /// A pawn becomes a queen, rook, bishop or knight (3.7.3.3).
    NotAPromotionPiece(Role),
    /// A new piece is placed only on the promotion square of a pawn that may
    /// be promoted there (3.7.3.3, 4.6).
    NotAPromotion(Square),
    /// No move the player may make captures the piece on this square (4.3.2).
    CannotBeCaptured(Square),
    /// Only a captured piece or a promoting pawn leaves the board.
    OnlyCapturedOrPawn(Square),
    /// The captured piece still stands on the square: the capture is made
    /// once it is removed (4.7.1).
    CaptureUnfinished(Square),
    /// The clock is paused; the arbiter decides when the game restarts (6.11.3).
    ClockPaused,
    /// The clock is already paused.
    ClockAlreadyPaused,
    /// No draw offer of the opponent is pending: an offer stands only until
    /// it is accepted or rejected (9.1.2.1).
    NoOffer,
    /// A claim with a move must be made before the move is made on the
    /// board (9.2.1, 9.3.1).
    ClaimAfterMove,
    /// A draw is agreed only once both players have made a move (5.2.3).
    TooEarlyToAgree,
    /// The event's regulations allow no draw agreement before this many
    /// moves by each player without the arbiter's consent (9.1.1).
    AgreementTooSoon(u32),
    /// A player who has touched a piece with intent may not claim a draw
    /// on this move (9.4).
    ClaimAfterTouch,
    /// A draw claim cannot be withdrawn (9.5.1).
    ClaimNotWithdrawn,
    /// The game is adjourned: only the envelope's opening, a draw agreed or
    /// a resignation comes before the resumption (Guidelines I.5 to I.7).
    Adjourned,
    /// No move is sealed: there is no envelope to open (Guidelines I.7).
    NothingSealed,
    /// Only the player having the move seals it, before making it on the
    /// board (Guidelines I.1.1).
    NotYoursToSeal,
    /// A blind or visually impaired player's move is made, and the clock
    /// pressed, only once it has been announced (Appendix D.2.3, D.2.4).
    NotAnnounced,
    /// The game is played without a time control: there is no time on the clock (6.3.1).
    NoTimeControl,
    /// Only the clock of the player having the move runs (6.2.1).
    ClockNotRunning,
    /// There is no such irregularity: the initial position was correct (7.2.1).
    NothingIrregular,
    /// In a rapid or blitz game without adequate supervision, once each
    /// player has completed ten moves no claim about the set-up or the
    /// placing of the board can be made (A.5.1.2).
    TooLateToClaim,
    /// The game was cancelled or discontinued; a new game is played (7.2.1, 7.3).
    GameCancelled(&'static str),
    /// No illegal move of the opponent waits for a claim (A.5.2).
    NoIllegalMoveToClaim,
    /// The last move was illegal and has not been corrected: the opponent
    /// claims it, or plays on from the position it left when that is one
    /// the game can go on from (A.5.2).
    IllegalMovePending,
    /// Guidelines III do not allow this here (III.2, III.4, III.5).
    Guidelines(Unmet),
    /// The flag claimed has not fallen: the player's clock still shows time
    /// (6.8: only a valid claim makes a flag count as fallen).
    FlagNotFallen(Color),
    /// The player is not at the board: only arriving comes first (6.7, Guidelines I.9).
    NotAtTheBoard,
    /// The player is at the board already.
    AlreadyAtTheBoard,
    /// The envelope is opened only when the player who must reply to the
    /// sealed move is present (Guidelines I.7, I.9.2).
    ReplierAbsent,
    /// Displaced pieces stand off their squares: the player who displaced
    /// them puts them back first, on his own time (7.4.1).
    PositionNotRestored,
    /// No displaced piece stood on this square (7.4.1).
    NothingDisplaced(Square),
    /// Complaints about the opponent's breach of 4.1 to 4.7 end once the
    /// player touches a piece with intent (4.8); or no breach stood to claim.
    TouchClaimTooLate,
    /// The opponent's last move broke none of 4.1 to 4.7 (4.8).
    NoTouchBreach,
    /// Every piece stands where the game put it: nothing to reinstate (7.6).
    NoPieceDisplaced,
}

/// Why a request or claim of Guidelines III is refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Unmet {
    /// The Guidelines were not announced for the event (III.2.1).
    NotAnnounced,
    /// They do not apply to blitz (III.2.2).
    Blitz,
    /// They do not apply to games with an increment or a delay (III.2.2).
    WithBonus,
    /// The player has two minutes or more left (III.4, III.5).
    TimeLeft {
        /// The seconds left.
        seconds: u32,
        /// `"III.4"` or `"III.5"`.
        article: &'static str,
    },
}

impl Unmet {
    /// The article of the Guidelines the condition comes from.
    pub const fn article(self) -> &'static str {
        match self {
            Unmet::NotAnnounced => "III.2.1",
            Unmet::Blitz | Unmet::WithBonus => "III.2.2",
            Unmet::TimeLeft { article, .. } => article,
        }
    }
}

impl Refusal {
    /// The FIDE article behind the refusal.
    pub fn article(&self) -> &'static str {
        match self {
            Refusal::GameOver(ending) => ending.article(),
            Refusal::NotYourMove => "1.2",
            Refusal::AdjustOutOfTurn => "4.2.1",
            Refusal::NothingThere(_) | Refusal::OwnPieceThere(_) | Refusal::NothingInHand => "4",
            Refusal::NotYourPiece(_) => "4.3.2",
            Refusal::TouchMove(duty) => duty.article().unwrap_or("4.3"),
            Refusal::MoveMade(_) => "4.7",
            Refusal::KingFirst => "3.8.2",
            Refusal::ChoiceFinal(_) => "4.4.4",
            Refusal::NotAvailable(_) => "4",
            Refusal::NotAPromotionPiece(_) | Refusal::NotAPromotion(_) => "3.7.3.3",
            Refusal::CannotBeCaptured(_) => "4.3.2",
            Refusal::OnlyCapturedOrPawn(_) => "4.6",
            Refusal::CaptureUnfinished(_) => "4.7.1",
            Refusal::ClockPaused => "6.11.3",
            Refusal::ClockAlreadyPaused => "6.11.2",
            Refusal::NoOffer => "9.1.2.1",
            Refusal::ClaimAfterMove => "9.2.1",
            Refusal::TooEarlyToAgree => "5.2.3",
            Refusal::AgreementTooSoon(_) => "9.1.1",
            Refusal::ClaimAfterTouch => "9.4",
            Refusal::ClaimNotWithdrawn => "9.5.1",
            Refusal::Adjourned => "I.5",
            Refusal::NothingSealed => "I.7",
            Refusal::NotYoursToSeal => "I.1.1",
            Refusal::NotAnnounced => "D.2.3",
            Refusal::NoTimeControl => "6.3.1",
            Refusal::ClockNotRunning => "6.2.1",
            Refusal::NothingIrregular => "7.2.1",
            Refusal::TooLateToClaim => "A.5.1.2",
            Refusal::GameCancelled(article) => article,
            Refusal::NoIllegalMoveToClaim | Refusal::IllegalMovePending => "A.5.2",
            Refusal::Guidelines(unmet) => unmet.article(),
            Refusal::FlagNotFallen(_) => "6.8",
            Refusal::NotAtTheBoard | Refusal::AlreadyAtTheBoard => "6.7",
            Refusal::ReplierAbsent => "I.7",
            Refusal::PositionNotRestored | Refusal::NothingDisplaced(_) => "7.4.1",
            Refusal::TouchClaimTooLate | Refusal::NoTouchBreach => "4.8",
            Refusal::NoPieceDisplaced => "7.6",
        }
    }
}

/// A breach of the laws an event brings about without being undone, or a
/// consequence worth saying.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Remark {
    /// The piece stands where no legal move puts it: the move is not made and
    /// the piece may be moved again; pressing the clock now would complete an
    /// illegal move (3, 4.7, 7.5.1).
    NotALegalMove,
    /// A second hand was used on this move (4.1); pressing the clock makes it
    /// a penalised illegal move (7.5.4).
    TwoHands,
    /// Touch-move binds only the player having the move (4.3).
    NotYourMove,
    /// The move is already made or being completed: touching other pieces
    /// changes nothing (4.7).
    MoveAlreadyMade,
    /// A draw offer is properly made after a move on the board and before
    /// pressing the clock; made at another time it stands, but the arbiter
    /// may regard it as disturbing the opponent (9.1.2.1, 11.5).
    OfferTiming,
    /// Touching a piece with the intention of moving it rejects the
    /// opponent's draw offer (9.1.2.1).
    OfferRejected,
    /// The clock was pressed with the other hand than the one that made the
    /// move (6.2.3): the move stands and is no illegal move; the arbiter
    /// chooses any penalty (12.9).
    ClockOtherHand,
    /// The increment is added to the player's time once the move is completed (6.3.1).
    IncrementAdded {
        /// The seconds added (6.3.1).
        seconds: u32,
    },
    /// The move ends a period of the time control: the next period's time is
    /// added, and the time saved is kept (6.3.2).
    PeriodAdded {
        /// The seconds added.
        seconds: u32,
    },
    /// The clock pressed after the opponent began a reply: allowed, and the
    /// time until the press was the player's (6.2.2).
    PressedLate,
    /// The player's previous move, never pressed, counts as completed now
    /// that the next move is made (6.2.1.2).
    CompletedByNextMove,
    /// The move breaks touch-move (4.3, 4.4): where touch-move is held on
    /// claim only, it stands unless the opponent claims before touching a
    /// piece (4.8).
    TouchMoveBroken,
    /// The player's time has run out, but no arbiter saw it and no one has
    /// claimed it: the flag counts as fallen only then (6.8, A.5.3, A.5.5).
    FlagUnseen,
}

impl Remark {
    /// The FIDE article of the remark.
    pub fn article(&self) -> &'static str {
        match self {
            Remark::NotALegalMove => "4.7",
            Remark::TwoHands => "4.1",
            Remark::NotYourMove => "4.3",
            Remark::MoveAlreadyMade => "4.7",
            Remark::OfferTiming => "9.1.2.1",
            Remark::OfferRejected => "9.1.2.1",
            Remark::ClockOtherHand => "6.2.3",
            Remark::IncrementAdded { .. } => "6.3.1",
            Remark::PeriodAdded { .. } => "6.3.2",
            Remark::PressedLate => "6.2.2",
            Remark::CompletedByNextMove => "6.2.1.2",
            Remark::FlagUnseen => "6.8",
            Remark::TouchMoveBroken => "4.8",
        }
    }
}

/// What the player having the move owes: which legal moves the laws still
/// allow on this move. [`crate::OverTheBoard::allowed_moves`] lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Duty {
    /// Nothing is owed: any legal move.
    Free,
    /// The touched pieces cannot be moved or captured: any legal move (4.5,
    /// or 4.4.3 when the king touched to castle has no legal move), except
    /// castling with a rook touched before the king (4.4.2).
    Freed {
        /// `"4.5"` or `"4.4.3"`.
        article: &'static str,
        /// Rooks castling with which is ruled out (4.4.2).
        no_castling_with: Bitboard,
    },
    /// Move the piece on `square`, the first touched piece that can be moved (4.3.1).
    Move {
        /// Where the piece stands.
        square: Square,
        /// What it is.
        role: Role,
        /// Rooks castling with which is ruled out (4.4.2): a rook touched before the king.
        no_castling_with: Bitboard,
    },
    /// Capture the piece on `square`, the first touched enemy piece that can
    /// be captured (4.3.2).
    Capture {
        /// Where the piece stands.
        square: Square,
        /// What it is.
        role: Role,
    },
    /// Capture the first touched enemy piece with the first touched own piece (4.3.3).
    CaptureWith {
        /// The own piece.
        piece: Square,
        /// The enemy piece.
        target: Square,
    },
    /// Castle with this move: the king and then a rook were touched and
    /// castling on that side is legal (4.4.1).
    Castle(Move),
    /// The king was touched to castle on a side where castling is illegal:
    /// make another legal king move, castling on the other side included (4.4.3, 4.7.2).
    KingMove {
        /// The side castling was intended to.
        intended: CastlingSide,
    },
    /// A piece has been released as part of one of these legal moves (or a
    /// promotion piece chosen): complete one of them (4.7, 4.4.4).
    Complete(Vec<Move>),
    /// The move is made on the board (4.7): press the clock (6.2.1).
    PressClock(Move),
    /// Make the move announced with an incorrect draw claim (9.5.3).
    Announced(Move),
    /// The game is over: nothing is owed.
    GameOver,
}

impl Duty {
    /// The FIDE article the duty comes from.
    pub fn article(&self) -> Option<&'static str> {
        match self {
            Duty::Free | Duty::GameOver => None,
            Duty::Freed { article, .. } => Some(article),
            Duty::Move { no_castling_with, role, .. } => {
                Some(if *role == Role::King && no_castling_with.any() { "4.4.2" } else { "4.3.1" })
            }
            Duty::Capture { .. } => Some("4.3.2"),
            Duty::CaptureWith { .. } => Some("4.3.3"),
            Duty::Castle(_) => Some("4.4.1"),
            Duty::KingMove { .. } => Some("4.4.3"),
            Duty::Complete(_) | Duty::PressClock(_) => Some("4.7"),
            Duty::Announced(_) => Some("9.5.3"),
        }
    }
}

/// The arbiter's penalty for a completed illegal move (FIDE 7.5.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Penalty {
    /// The first illegal move: the opponent gets extra time.
    ExtraTime {
        /// Who gets it.
        to: Color,
        /// How many minutes (two).
        minutes: u32,
    },
    /// The second illegal move by the same player: the game is lost, or
    /// drawn if the opponent cannot checkmate by any series of legal moves.
    Ends(Ending),
}

/// What the arbiter does when called, or rules on a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArbiterAction {
    /// Brings the wanted promotion piece (6.11.2); restarts the clock if it
    /// was paused.
    ProvidesPiece {
        /// The piece.
        piece: Piece,
        /// Whether the clock was paused and is running again.
        restarts_clock: bool,
    },
    /// The wanted piece is beside the board already; restarts the clock if
    /// it was paused.
    PieceAtHand {
        /// The piece.
        piece: Piece,
        /// Whether the clock was paused and is running again.
        restarts_clock: bool,
    },
    /// Restarts the paused clock; there is nothing else to rule on.
    RestartsClock,
    /// There is nothing to rule on.
    NoAction,
    /// A correct draw claim: the game is drawn (9.5.2).
    DrawUpheld(Outcome),
    /// An incorrect draw claim: the opponent gets extra time and the game
    /// goes on; an announced move must be made (9.5.3).
    ClaimRejected {
        /// Who gets the extra time.
        to: Color,
        /// How many minutes (two).
        minutes: u32,
        /// The announced move, which must now be made.
        must_play: Option<Move>,
    },
    /// The game is cancelled (a wrong initial position, 7.2.1) or
    /// discontinued (colours reversed before ten moves each, 7.3), and a new
    /// game is played.
    NewGame {
        /// `"7.2.1"` or `"7.3"`.
        article: &'static str,
    },
    /// The game goes on as it stands (colours reversed after ten moves each, 7.3).
    GameContinues {
        /// The article.
        article: &'static str,
    },
    /// The position reached is transferred to a correctly placed chessboard,
    /// and the game goes on (7.2.2).
    TransfersPosition,
    /// The opponent refused the request of Guidelines III.4: the clocks get
    /// an increment for both players, and the opponent extra time.
    IncrementIntroduced {
        /// The increment, in seconds (five).
        seconds: u32,
        /// Who gets the extra time.
        to: Color,
        /// How many minutes (two).
        minutes: u32,
    },
    /// What follows is the arbiter's judgement, not a rule a program can
    /// apply: the model says so and decides nothing (Guidelines III.5,
    /// III.3.1 where the Guidelines do not apply, ...).
    MustJudge {
        /// The article that leaves it to the arbiter.
        article: &'static str,
    },
    /// A piece was found displaced: the position before the irregularity is
    /// put back on the board, and the game goes on from it (7.6).
    Reinstates,
    /// A claim in time that the opponent's move broke touch-move: the move
    /// is taken back, and the pieces the opponent touched bind again (4.3, 4.8).
    TouchMoveUpheld,
}

impl ArbiterAction {
    /// The FIDE article the arbiter acts under.
    pub fn article(&self) -> &'static str {
        match self {
            ArbiterAction::ProvidesPiece { .. } | ArbiterAction::PieceAtHand { .. } | ArbiterAction::NoAction => {
                "6.11.2"
            }
            ArbiterAction::RestartsClock => "6.11.3",
            ArbiterAction::DrawUpheld(_) => "9.5.2",
            ArbiterAction::ClaimRejected { .. } => "9.5.3",
            ArbiterAction::NewGame { article } | ArbiterAction::GameContinues { article } => article,
            ArbiterAction::TransfersPosition => "7.2.2",
            ArbiterAction::IncrementIntroduced { .. } => "III.4",
            ArbiterAction::MustJudge { article } => article,
            ArbiterAction::Reinstates => "7.6",
            ArbiterAction::TouchMoveUpheld => "4.8",
        }
    }
}

/// How a game at the board ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// By the rules of play: checkmate, stalemate, a dead position, a draw
    /// agreed or claimed, ... (see [`lawbook_outcome::Reason`]).
    Rules(Outcome),
    /// A player completed a second illegal move (7.5.5): lost, or drawn when
    /// the opponent cannot checkmate by any series of legal moves.
    IllegalMoves {
        /// The player who made them.
        player: Color,
        /// The result.
        result: GameResult,
    },
    /// The game is declared lost by `player` for `cause`: an electronic
    /// device (11.3.2.2), a sealed move that is ambiguous, unclear or
    /// illegal (Guidelines I.8); drawn instead where the article saves a
    /// player whose opponent cannot mate.
    Forfeited {
        /// The player it goes against.
        player: Color,
        /// The result.
        result: GameResult,
        /// Why.
        cause: Forfeit,
    },
    /// The arbiter declares the result under an article of the Competition
    /// Rules, the Appendices or the Guidelines (III.3.1.2: both flags fallen
    /// in the last period).
    Declared {
        /// Why.
        why: Declaration,
        /// The result.
        result: GameResult,
    },
}

/// Why the arbiter declares a result (see [`Ending::Declared`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Declaration {
    /// Both flags fell, which first unknown, in the period in which all the
    /// remaining moves must be completed (Guidelines III.3.1.2).
    BothFlagsInLastPeriod,
    /// An illegal position (both kings in check, or a pawn on its last
    /// rank) still on the board once the next move was completed (Appendix A.5.4).
    IllegalPositionStays,
}

impl Declaration {
    /// The article the arbiter declares under.
    pub const fn article(self) -> &'static str {
        match self {
            Declaration::BothFlagsInLastPeriod => "III.3.1.2",
            Declaration::IllegalPositionStays => "A.5.4",
        }
    }
}

/// Why a game was declared lost, other than by the rules of play or a
/// second illegal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Forfeit {
    /// An electronic device on the player in the playing venue (11.3.2.2).
    Device,
    /// A sealed move that could be more than one move (Guidelines I.8.1).
    SealedAmbiguous,
    /// A sealed move whose meaning cannot be made out (I.8.2).
    SealedUnclear,
    /// An illegal sealed move (I.8.3).
    SealedIllegal,
    /// The player arrived at the board after the default time (6.7.1).
    ArrivedLate,
    /// The player arrived after the default time for the resumption of an
    /// adjourned game (Guidelines I.10).
    LateForResumption,
}

impl Forfeit {
    /// The article: `"11.3.2.2"`, `"I.8.1"`, `"I.8.2"`, `"I.8.3"`, `"6.7.1"` or `"I.10"`.
    pub const fn article(self) -> &'static str {
        match self {
            Forfeit::Device => "11.3.2.2",
            Forfeit::SealedAmbiguous => "I.8.1",
            Forfeit::SealedUnclear => "I.8.2",
            Forfeit::SealedIllegal => "I.8.3",
            Forfeit::ArrivedLate => "6.7.1",
            Forfeit::LateForResumption => "I.10",
        }
    }
}

impl Ending {
    /// The article of the FIDE Laws that ended the game.
    pub const fn article(&self) -> &'static str {
        match self {
            Ending::Rules(o) => o.reason.article(),
            Ending::IllegalMoves { .. } => "7.5.5",
            Ending::Forfeited { cause, .. } => cause.article(),
            Ending::Declared { why, .. } => why.article(),
        }
    }

    /// The result.
    pub fn result(&self) -> GameResult {
        match self {
            Ending::Rules(o) => o.result,
            Ending::IllegalMoves { result, .. }
            | Ending::Forfeited { result, .. }
            | Ending::Declared { result, .. } => *result,
        }
    }

    /// What `color` scores for the game (10.1): one point for a win, a
    /// half for a draw, none for a loss.
    ///
    /// ```
    /// use lawbook_board::Color;
    /// use lawbook_otb::{Ending, Forfeit, Score};
    /// use lawbook_outcome::GameResult;
    /// let ending = Ending::Forfeited { player: Color::Black, result: GameResult::WhiteWins, cause: Forfeit::Device };
    /// assert_eq!((ending.score(Color::White), ending.score(Color::Black)), (Score::One, Score::Zero));
    /// ```
    pub fn score(&self, color: Color) -> Score {
        match self.result() {
            GameResult::Draw => Score::Half,
            result if result.winner() == Some(color) => Score::One,
            _ => Score::Zero,
        }
    }
}

/// The points a player scores for one game (10.1); the two players' scores
/// add up to one point, never more (10.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Score {
    /// A loss, or a game forfeited: `0`.
    Zero,
    /// A draw: `1/2`.
    Half,
    /// A win, or a win by forfeit: `1`.
    One,
}

impl Score {
    /// As a scoresheet writes it: `0`, `1/2`, `1`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Score::Zero => "0",
            Score::Half => "1/2",
            Score::One => "1",
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Rules(o) => write!(f, "{} by {}", o.result, o.reason.as_str().replace('_', " ")),
            Ending::IllegalMoves { player, result } => {
                write!(f, "{result}: {player} completed a second illegal move (7.5.5)")
            }
            Ending::Forfeited { player, result, cause } => {
                let what = match cause {
                    Forfeit::Device => format!("{player} had an electronic device in the playing venue"),
                    Forfeit::SealedAmbiguous => format!("{player}'s sealed move is ambiguous"),
                    Forfeit::SealedUnclear => format!("{player}'s sealed move cannot be made out"),
                    Forfeit::SealedIllegal => format!("{player}'s sealed move is illegal"),
                    Forfeit::ArrivedLate => format!("{player} arrived at the board after the default time"),
                    Forfeit::LateForResumption => format!("{player} arrived after the default time for the resumption"),
                };
                let saved = if *result == GameResult::Draw { ", but the opponent cannot mate" } else { "" };
                let article = cause.article();
                write!(f, "{result}: {what}{saved} ({article})")
            }
            Ending::Declared { why, result } => write!(f, "{result}, declared by the arbiter ({})", why.article()),
        }
    }
}
