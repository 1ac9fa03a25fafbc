//! The model's events and answers in plain words, for the transcript. The
//! words read the game at the board through [`Scene`], which the model
//! gives, so this module depends on no model.

use crate::answer::{ArbiterAction, Duty, Ending, Penalty, Refusal, Remark, Ruling, Unmet};
use crate::event::{Event, Hand, Irregularity, Sealed};
use crate::pieces::{Held, part_of};
use lawbook_board::{Bitboard, Board, Color, Piece, Role, Square};
use lawbook_movegen::{CastlingSide, Move, MoveKind, Position};

/// What the words of an event and of its answer need to know of the game
/// at the board. The model gives it; the words depend on no model.
pub(crate) trait Scene {
    /// The position the current move began in.
    fn position(&self) -> &Position;
    /// The pieces as they stand on the physical board now.
    fn board(&self) -> &Board;
    /// The position before the last completed move, if there was one.
    fn before_last_move(&self) -> Option<Position>;
    /// The piece in hand.
    fn holding(&self) -> Option<Held>;
    /// Where the own piece that stood on `origin` stands now, if it was
    /// moved on this move and is on the board.
    fn now_at(&self, origin: Square) -> Option<Square>;
    /// The enemy piece under an own piece on `square`, not yet removed.
    fn beneath(&self, square: Square) -> Option<Piece>;
    /// The piece knocked off `origin` and not yet put back.
    fn knocked_piece(&self, origin: Square) -> Option<Piece>;
    /// The legal moves the laws still allow on this move.
    fn allowed_moves(&self) -> Vec<Move>;
    /// Whether an enemy piece still stands under an own piece.
    fn capture_unfinished(&self) -> bool;
    /// Whether the clock is paused.
    fn clock_paused(&self) -> bool;
    /// How the game ended, once it has.
    fn ending(&self) -> Option<Ending>;
    /// Seconds left on `color`'s clock, with a time control.
    fn time_left(&self, color: Color) -> Option<u32>;
}

/// `white rook`.
pub(crate) fn piece_name(piece: Piece) -> String {
    format!("{} {}", piece.color.name(), piece.role.name())
}

/// `the rook on h1` for `side`'s own piece, `the black bishop on b4` for an enemy piece.
pub(crate) fn piece_on(side: Color, piece: Option<Piece>, square: Square) -> String {
    match piece {
        Some(p) if p.color == side => format!("the {} on {square}", p.role.name()),
        Some(p) => format!("the {} on {square}", piece_name(p)),
        None => format!("the empty square {square}"),
    }
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::Short => "short",
        CastlingSide::Long => "long",
    }
}

/// A move in long algebraic notation as the sources write it, without a
/// check sign: `0-0`, `Ng1-f3`, `Bc4xf7`, `e5xd6 e.p.`, `a7-a8=N`.
pub(crate) fn describe_move(pos: &Position, mv: Move) -> String {
    let board = pos.board();
    let letter = match board.role_at(mv.from()) {
        Some(Role::Pawn) | None => String::new(),
        Some(role) => role.upper_char().to_string(),
    };
    match mv.kind() {
        MoveKind::Castle => (if mv.is_short_castle() { "0-0" } else { "0-0-0" }).to_string(),
        MoveKind::EnPassant => format!("{}x{} e.p.", mv.from(), mv.to()),
        MoveKind::Normal | MoveKind::Promotion(_) => {
            let takes = board.color_at(mv.to()) == Some(!pos.turn());
            let mut text = format!("{letter}{}{}{}", mv.from(), if takes { 'x' } else { '-' }, mv.to());
            if let Some(role) = mv.promotion_role() {
                text.push('=');
                text.push(role.upper_char());
            }
            text
        }
    }
}

fn fide(article: &str) -> String {
    format!("(FIDE {article})")
}

/// The rooks of `rooks` that still have their castling right, as `the rook on a1`.
fn castling_rooks(pos: &Position, rooks: Bitboard) -> Vec<String> {
    (rooks & pos.castling_rights()).squares().map(|s| format!("the rook on {s}")).collect()
}

/// What the player having the move owes, in words.
pub(crate) fn duty(mover: Color, duty: &Duty, pos: &Position) -> String {
    let board = pos.board();
    match duty {
        Duty::Free => format!("{mover} may make any legal move"),
        Duty::Freed { article, no_castling_with } => {
            let why = if *article == "4.4.3" {
                "the king has no legal move"
            } else {
                "no touched piece can be moved or captured"
            };
            let mut text = format!("{why}: {mover} may make any legal move {}", fide(article));
            let rooks = castling_rooks(pos, *no_castling_with);
            if !rooks.is_empty() {
                text.push_str(&format!(", but may not castle with {} {}", rooks.join(" or "), fide("4.4.2")));
            }
            text
        }
        Duty::Move { square, role, no_castling_with } => {
            let mut text = format!("{mover} must move the {} on {square} {}", role.name(), fide("4.3.1"));
            let rooks = castling_rooks(pos, *no_castling_with);
            if *role == Role::Rook && no_castling_with.contains(*square) && pos.castling_rights().contains(*square) {
                text.push_str(&format!("; no castling with it on this move {}", fide("4.4.2")));
            } else if *role == Role::King && !rooks.is_empty() {
                text.push_str(&format!(", but may not castle with {} {}", rooks.join(" or "), fide("4.4.2")));
            }
            text
        }
        Duty::Capture { square, role } => {
            format!("{mover} must capture the {} {} on {square} {}", (!mover).name(), role.name(), fide("4.3.2"))
        }
        Duty::CaptureWith { piece, target } => {
            let name = |s: &Square| board.role_at(*s).map_or("piece", Role::name);
            format!(
                "{mover} must capture the {} on {target} with the {} on {piece} {}",
                name(target),
                name(piece),
                fide("4.3.3")
            )
        }
        Duty::Castle(mv) => {
            let side = if mv.is_short_castle() { "short" } else { "long" };
            format!("{mover} must castle {side} {}", fide("4.4.1"))
        }
        Duty::KingMove { intended } => format!(
            "castling {} is illegal: {mover} must make another king move, castling on the other side included {}",
            side_name(*intended),
            fide("4.4.3")
        ),
        Duty::Complete(moves) => complete(mover, moves, pos),
        Duty::PressClock(mv) => {
            format!(
                "the move {} is made and cannot be changed {}: {mover} presses the clock",
                describe_move(pos, *mv),
                fide("4.7")
            )
        }
        Duty::Announced(mv) => {
            format!("{mover} must make the announced move {} {}", describe_move(pos, *mv), fide("9.5.3"))
        }
        Duty::GameOver => "the game is over".to_string(),
    }
}

/// What remains of a move begun: castling, a promotion, a capture.
fn complete(mover: Color, moves: &[Move], pos: &Position) -> String {
    if let [mv] = moves
        && mv.is_castle()
    {
        let side = if mv.is_short_castle() { "short" } else { "long" };
        let (_, rook_to) = mv.castling_squares().unwrap_or((mv.from(), mv.to()));
        return format!(
            "the king is let go on its castling square: {mover} must castle {side}, moving the rook from {} to {rook_to} {}",
            mv.to(),
            fide("4.7.2")
        );
    }
    if !moves.is_empty() && moves.iter().all(|m| m.promotion_role().is_some()) {
        let square = moves[0].to();
        let mut roles: Vec<&str> = Vec::new();
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            if moves.iter().any(|m| m.promotion_role() == Some(role)) {
                roles.push(role.name());
            }
        }
        let choice = match roles.as_slice() {
            [one] => format!("the {one}"),
            [rest @ .., last] => format!("a {} or {last}", rest.join(", ")),
            [] => "a new piece".to_string(),
        };
        return format!(
            "the promotion on {square} is complete once {choice} stands there and the pawn is off the board {}",
            fide("4.6, 4.7.3")
        );
    }
    match moves {
        [mv] => format!("{mover} must complete the move {} {}", describe_move(pos, *mv), fide("4.7")),
        _ => format!("a piece is let go as part of a legal move: {mover} must complete it {}", fide("4.7")),
    }
}

/// Why an event is refused.
pub(crate) fn refusal(side: Color, refusal: &Refusal, pos: &Position, board: &Board) -> String {
    let article = fide(refusal.article());
    let on = |s: Square| piece_on(side, board.piece_at(s).or_else(|| pos.board().piece_at(s)), s);
    let reason = match refusal {
        Refusal::GameOver(ending) => format!("the game is over ({ending})"),
        Refusal::NotYourMove => format!("it is not {side}'s move {article}"),
        Refusal::AdjustOutOfTurn => format!("only the player having the move may adjust pieces {article}"),
        Refusal::NothingThere(s) => format!("there is no piece on {s}"),
        Refusal::NotYourPiece(s) => format!("{} is not {side}'s; an enemy piece is only captured {article}", on(*s)),
        Refusal::OwnPieceThere(s) => format!("{side}'s own piece stands on {s}"),
        Refusal::NothingInHand => format!("{side} holds no piece"),
        Refusal::TouchMove(duty) => self::duty(pos.turn(), duty, pos),
        Refusal::MoveMade(moves) => match moves.as_slice() {
            [mv] => format!(
                "a piece was let go as part of the move {}, which cannot be changed now {article}",
                describe_move(pos, *mv)
            ),
            _ => format!("a piece was let go as part of a legal move and cannot go to another square {article}"),
        },
        Refusal::KingFirst => {
            format!("castling is a king move: the king is moved first, then the rook {}", fide("3.8.2, 4.4.2"))
        }
        Refusal::ChoiceFinal(role) => {
            format!("the {} has touched the promotion square, so the choice is final {article}", role.name())
        }
        Refusal::NotAvailable(piece) => format!(
            "there is no {} beside the board: {side} stops the clock and calls the arbiter for one {}",
            piece_name(*piece),
            fide("6.11.2")
        ),
        Refusal::NotAPromotionPiece(role) => {
            format!("a pawn becomes a queen, rook, bishop or knight, never a {} {article}", role.name())
        }
        Refusal::NotAPromotion(s) => format!("no pawn of {side} can be promoted on {s} {article}"),
        Refusal::CannotBeCaptured(s) => format!("no legal move captures {} {article}", on(*s)),
        Refusal::OnlyCapturedOrPawn(s) => {
            format!("{} stays on the board: only a captured piece or a promoted pawn leaves it {article}", on(*s))
        }
        Refusal::CaptureUnfinished(s) => {
            format!("the captured piece still stands on {s}; the capture is made once it is removed {article}")
        }
        Refusal::ClockPaused => format!("the clock is paused; the arbiter restarts it {article}"),
        Refusal::ClockAlreadyPaused => format!("the clock is already paused {article}"),
        Refusal::NoOffer => format!("there is no draw offer of the opponent to answer {article}"),
        Refusal::ClaimAfterMove => {
            format!("a claim with a move is made before the move is made on the board {article}")
        }
        Refusal::TooEarlyToAgree => format!("a draw is agreed only once both players have made a move {article}"),
        Refusal::AgreementTooSoon(moves) => format!(
            "the event's regulations allow no draw agreement before {moves} moves by each player without the arbiter's consent {article}"
        ),
        Refusal::ClaimAfterTouch => {
            format!("{side} has touched a piece with intent and may not claim a draw on this move {article}")
        }
        Refusal::ClaimNotWithdrawn => format!("a draw claim cannot be withdrawn {article}"),
        Refusal::Adjourned => {
            format!("the game is adjourned: nothing is played before the sealed move is opened {article}")
        }
        Refusal::NothingSealed => format!("no move has been sealed {article}"),
        Refusal::NotAnnounced => {
            format!("{side}'s move is made, and the clock pressed, only once it is announced {article}")
        }
        Refusal::NotYoursToSeal => {
            format!("only the player having the move seals it, before making it on the board {article}")
        }
        Refusal::NoTimeControl => format!("the game is played without a time control {article}"),
        Refusal::ClockNotRunning => format!("{side}'s clock is not running {}", fide("6.2.1")),
        Refusal::NothingIrregular => format!("the game began from the initial position {}", fide("2.3, 7.2.1")),
        Refusal::TooLateToClaim => format!(
            "each player has completed ten moves in a rapid or blitz game without adequate supervision: \
             no claim about the set-up or the placing of the board can be made now {article}"
        ),
        Refusal::GameCancelled(_) => format!("the game was given up for a new game {article}"),
        Refusal::NoIllegalMoveToClaim => format!("no illegal move of the opponent waits for a claim {article}"),
        Refusal::IllegalMovePending => format!(
            "the illegal move left a position the game cannot go on from: it is claimed, or the arbiter acts {article}"
        ),
        Refusal::FlagNotFallen(player) => {
            format!("{player}'s flag has not fallen: the clock still shows time {article}")
        }
        Refusal::NotAtTheBoard => format!("{side} is not at the board {article}"),
        Refusal::AlreadyAtTheBoard => format!("{side} is at the board already {article}"),
        Refusal::ReplierAbsent => format!(
            "the envelope is opened only when {} who must reply to the sealed move is present {article}",
            !pos.turn()
        ),
        Refusal::PositionNotRestored => {
            format!(
                "displaced pieces are off their squares: the player who displaced them puts them back first {article}"
            )
        }
        Refusal::NothingDisplaced(s) => format!("no displaced piece stood on {s} {article}"),
        Refusal::TouchClaimTooLate => format!(
            "{side} has touched a piece to move it: a complaint about the opponent's touching comes too late {article}"
        ),
        Refusal::NoTouchBreach => format!("the opponent's last move broke no rule of touching {article}"),
        Refusal::NoPieceDisplaced => format!("every piece stands where the game put it {article}"),
        Refusal::Guidelines(unmet) => match unmet {
            Unmet::NotAnnounced => {
                format!("the Guidelines for games without increment were not announced for the event {article}")
            }
            Unmet::Blitz => format!("the Guidelines for games without increment do not apply to blitz {article}"),
            Unmet::WithBonus => {
                format!("the Guidelines for games without increment do not apply to a game with increment {article}")
            }
            Unmet::TimeLeft { seconds, .. } => {
                format!("{side} has {} left, not less than two minutes {article}", clock_time(*seconds))
            }
        },
    };
    format!("not allowed: {reason}")
}

/// Seconds as a clock shows them: `1:05:00`, `4:30`, `0:09`.
pub(crate) fn clock_time(seconds: u32) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 { format!("{h}:{m:02}:{s:02}") } else { format!("{m}:{s:02}") }
}

/// A completed illegal move, in words.
pub(crate) fn illegal(side: Color, article: &str, stands: Option<Move>, before: &Position) -> String {
    match (article, stands) {
        ("7.5.2", Some(mv)) => format!(
            "an illegal move {}: the pawn on {} was not replaced by a new piece; it becomes a {} queen and the move {} stands",
            fide(article),
            mv.to(),
            side.name(),
            describe_move(before, mv)
        ),
        ("7.5.3", _) => {
            format!("pressing the clock without making a move is penalised as an illegal move {}", fide(article))
        }
        ("7.5.4", Some(mv)) => format!(
            "the move {} was made with two hands {}: it stands, but is penalised as an illegal move {}",
            describe_move(before, mv),
            fide("4.1"),
            fide(article)
        ),
        _ => format!(
            "an illegal move {}: the position before it is reinstated, and touch-move applies to the move that replaces it {}",
            fide(article),
            fide("4.3, 4.7")
        ),
    }
}

/// The arbiter's penalty, in words.
pub(crate) fn penalty(penalty: &Penalty) -> String {
    match penalty {
        Penalty::ExtraTime { to, minutes } => {
            format!("the arbiter gives {to} {minutes} extra minutes {}", fide("7.5.5"))
        }
        Penalty::Ends(ending) => format!("a second illegal move ends the game: {ending}"),
    }
}

/// What the arbiter does, in words.
pub(crate) fn arbiter(action: &ArbiterAction, pos: &Position) -> String {
    let article = fide(action.article());
    let restart = |restarts: bool| if restarts { " and restarts the clock" } else { "" };
    match action {
        ArbiterAction::ProvidesPiece { piece, restarts_clock } => {
            format!("the arbiter brings a {}{} {article}", piece_name(*piece), restart(*restarts_clock))
        }
        ArbiterAction::PieceAtHand { piece, restarts_clock } => format!(
            "the arbiter points to the {} beside the board{} {article}",
            piece_name(*piece),
            restart(*restarts_clock)
        ),
        ArbiterAction::RestartsClock => format!("the arbiter restarts the clock {article}"),
        ArbiterAction::NoAction => "the arbiter finds nothing to rule on".to_string(),
        ArbiterAction::DrawUpheld(outcome) => {
            format!("the arbiter upholds the claim: the game is drawn, {} {article}", outcome.result)
        }
        ArbiterAction::NewGame { article: "7.3" } => {
            format!(
                "fewer than ten moves each were made: the game is discontinued and a new game is played with the correct colours {article}"
            )
        }
        ArbiterAction::NewGame { .. } => {
            format!("the initial position was incorrect: the game is cancelled and a new game is played {article}")
        }
        ArbiterAction::GameContinues { article: "7.3" } => {
            format!("each player has made ten moves or more: the game goes on {article}")
        }
        ArbiterAction::GameContinues { article: "A.5.4" } => format!(
            "the reply leaves a position a game can have: the illegal position is gone, and the game goes on {article}"
        ),
        ArbiterAction::GameContinues { article: "6.4" } => format!(
            "the moves of the period were completed in its time: the flag that fell ends nothing, and the game goes on {article}"
        ),
        ArbiterAction::GameContinues { .. } => {
            format!("it is not the last period of the game: the game goes on {article}")
        }
        ArbiterAction::TransfersPosition => {
            format!("the position reached is transferred to a correctly placed board, and the game goes on {article}")
        }
        ArbiterAction::IncrementIntroduced { seconds, to, minutes } => format!(
            "the request was refused: the arbiter agreeing, the clocks add {seconds} seconds a move for both players and {to} gets {minutes} extra minutes {article}"
        ),
        ArbiterAction::MustJudge { article: "III.5.1" } => format!(
            "the clock is paused: whether the opponent cannot win by normal means, or is making no effort to, is the arbiter's judgement; the arbiter declares the game drawn, postpones the decision or rejects the claim {article}"
        ),
        ArbiterAction::MustJudge { .. } => format!("the laws leave this to the arbiter's judgement {article}"),
        ArbiterAction::TouchMoveUpheld => {
            format!("the claim comes in time: the move is taken back, and the pieces touched bind again {article}")
        }
        ArbiterAction::Reinstates => {
            format!(
                "a piece stands on a wrong square: the position before the irregularity goes back on the board {article}"
            )
        }
        ArbiterAction::ClaimRejected { to, minutes, must_play } => {
            let mut text = format!(
                "the claim is incorrect: the arbiter gives {to} {minutes} extra minutes and the game goes on {article}"
            );
            if let Some(mv) = must_play {
                text.push_str(&format!("; the announced move {} must be made", describe_move(pos, *mv)));
            }
            text
        }
    }
}

/// A remark, in words.
pub(crate) fn remark(side: Color, remark: &Remark) -> String {
    let article = fide(remark.article());
    match remark {
        Remark::NotALegalMove => format!(
            "no legal move puts the piece there, so no move is made {article}; pressing the clock now would complete an illegal move {}",
            fide("7.5.1")
        ),
        Remark::TwoHands => format!(
            "a second hand: each move is made with one hand only {article}; pressing the clock makes it a penalised illegal move {}",
            fide("7.5.4")
        ),
        Remark::NotYourMove => {
            format!("it is not {side}'s move: touch-move binds only the player having the move {article}")
        }
        Remark::MoveAlreadyMade => {
            format!("the move is already made: touching another piece changes nothing {article}")
        }
        Remark::OfferTiming => format!(
            "a draw offer belongs after a move on the board and before pressing the clock; it stands, but may disturb the opponent {}",
            fide("9.1.2.1, 11.5")
        ),
        Remark::OfferRejected => format!("touching a piece rejects the opponent's draw offer {article}"),
        Remark::ClockOtherHand => format!(
            "the clock is pressed with the other hand than the one that moved {article}: not an illegal move; the arbiter may penalise it {}",
            fide("12.9")
        ),
        Remark::IncrementAdded { seconds } => format!("{side} gets the {seconds} seconds of the increment {article}"),
        Remark::PeriodAdded { seconds } => format!(
            "the move ends a period of the time control: {side} gets {} for the next, keeping the time saved {article}",
            clock_time(*seconds)
        ),
        Remark::PressedLate => format!(
            "{side} presses the clock after the opponent began a reply: allowed, and the time until now was {side}'s {article}"
        ),
        Remark::CompletedByNextMove => {
            format!("{side}'s previous move, never pressed, counts as completed with this one {article}")
        }
        Remark::TouchMoveBroken => format!(
            "the move breaks touch-move; it stands unless {} claims it before touching a piece {article}",
            !side
        ),
        Remark::FlagUnseen => format!(
            "{side}'s time has run out; the flag counts as fallen once the arbiter sees it or a player claims it {article}"
        ),
    }
}

/// What letting go of the piece in hand would do, when it stands where a
/// move the player may make puts it (4.7).
fn in_hand_words(otb: &impl Scene, mover: Color) -> Option<String> {
    let pos = otb.position();
    let origin = match otb.holding()? {
        Held::Piece(origin) => origin,
        Held::New(square) => {
            let role = otb.board().role_at(square)?;
            return match otb.allowed_moves().as_slice() {
                [mv] if !otb.capture_unfinished() && *pos.play_unchecked(*mv).board() == *otb.board() => Some(format!(
                    "letting go of the {} on {square} makes the move {} (FIDE 4.7.3)",
                    role.name(),
                    describe_move(pos, *mv)
                )),
                _ => None,
            };
        }
    };
    let at = otb.now_at(origin)?;
    let role = otb.board().role_at(at)?;
    let fits: Vec<Move> = otb.allowed_moves().into_iter().filter(|&m| part_of(m, origin, at)).collect();
    let commits = match fits.as_slice() {
        [] => return None,
        [mv] if !otb.capture_unfinished() && *pos.play_unchecked(*mv).board() == *otb.board() => {
            return Some(format!(
                "letting go of the {} on {at} makes the move {} (FIDE 4.7)",
                role.name(),
                describe_move(pos, *mv)
            ));
        }
        [mv] => describe_move(pos, *mv),
        _ if fits.iter().all(|m| m.promotion_role().is_some()) => format!("a promotion on {at}"),
        _ => "one of the moves it is part of".to_string(),
    };
    Some(format!("letting go of the {} on {at} commits {mover} to {commits} (FIDE 4.7)", role.name()))
}

/// The event in plain words, before it happens.
pub(crate) fn said(otb: &impl Scene, side: Color, event: &Event) -> String {
    let board = otb.board();
    let by = |hand: Hand| if hand == Hand::Left { " with the left hand" } else { "" };
    let on = |s: Square| piece_on(side, board.piece_at(s), s);
    match *event {
        Event::Touch { square, hand } => format!("{side} touches {}{}", on(square), by(hand)),
        Event::Adjust { square, hand } => {
            format!("{side} says \"j'adoube\" and adjusts {}{}", on(square), by(hand))
        }
        Event::Move { from, to, hand } => match board.piece_at(from) {
            Some(p) if p.color == side => {
                format!("{side} moves the {} from {from} to {to}{}", p.role.name(), by(hand))
            }
            Some(p) => {
                format!("{side} moves the {} {} from {from} to {to}{}", p.color.name(), p.role.name(), by(hand))
            }
            None => format!("{side} moves from the empty square {from} to {to}{}", by(hand)),
        },
        Event::Release => {
            let square = match otb.holding() {
                Some(Held::Piece(origin)) => otb.now_at(origin),
                Some(Held::New(square)) => Some(square),
                None => None,
            };
            match square {
                Some(s) => format!("{side} lets go of {}", on(s)),
                None => format!("{side} lets go"),
            }
        }
        Event::Remove { square, hand } => {
            let piece = otb.beneath(square);
            let text = piece_on(side, piece.or_else(|| board.piece_at(square)), square);
            format!("{side} removes {}{}", text.replacen(" on ", " from ", 1), by(hand))
        }
        Event::Place { square, role, hand } => format!("{side} places a {} on {square}{}", role.name(), by(hand)),
        Event::PressClock => format!("{side} presses the clock"),
        Event::StopClock => format!("{side} stops the clock"),
        Event::CallArbiter { piece: None } => format!("{side} calls the arbiter"),
        Event::CallArbiter { piece: Some(role) } => format!("{side} calls the arbiter for a {}", role.name()),
        Event::OfferDraw => format!("{side} offers a draw"),
        Event::AcceptDraw => format!("{side} accepts the draw offer"),
        Event::DeclineDraw => format!("{side} declines the draw offer"),
        Event::Resign => format!("{side} resigns"),
        Event::FlagFall => format!("{side}'s flag falls"),
        Event::Brush { square } => format!("{side} brushes against {} by accident", on(square)),
        Event::Feel { square } => format!("{side} feels {} in its hole", on(square)),
        Event::WithdrawClaim => format!("{side} withdraws the claim"),
        Event::DeviceFound => format!("{side} is found with an electronic device in the playing venue"),
        Event::Seal(sealed) => match sealed {
            Sealed::Move(mv) => format!("{side} seals the move {}", describe_move(otb.position(), mv)),
            Sealed::Ambiguous => format!("{side} seals a move written ambiguously"),
            Sealed::Unclear => format!("{side} seals a move whose meaning cannot be made out"),
            Sealed::Illegal => format!("{side} seals an illegal move"),
        },
        Event::OpenEnvelope => "the envelope with the sealed move is opened".to_string(),
        Event::Announce => format!("{side} announces the move"),
        Event::TimePasses { seconds } => format!("{} pass on {side}'s clock", clock_time(seconds)),
        Event::PressClockWith { hand: Hand::Left } => format!("{side} presses the clock with the left hand"),
        Event::PressClockWith { hand: Hand::Right } => format!("{side} presses the clock with the right hand"),
        Event::PointsOut(Irregularity::InitialPosition) => {
            format!("{side} points out that the initial position was incorrect")
        }
        Event::PointsOut(Irregularity::BoardPlacement) => {
            format!("{side} points out that the board is placed the wrong way round")
        }
        Event::PointsOut(Irregularity::ColoursReversed) => {
            format!("{side} points out that the game started with the colours reversed")
        }
        Event::PointsOut(Irregularity::PieceDisplaced) => {
            format!("{side} points out that a piece stands on a wrong square")
        }
        Event::ClaimFlag => format!("{side} pauses the clock and claims that {}'s flag has fallen", !side),
        Event::Arrives => format!("{side} arrives at the board"),
        Event::ClaimTouchMove => format!("{side} claims that {} broke touch-move", !side),
        Event::KnockOver { square } => format!("{side} knocks over {}", on(square)),
        Event::PutBack { origin, square } => {
            let piece = otb.knocked_piece(origin).map_or("the piece".to_string(), |p| format!("the {}", piece_name(p)));
            format!("{side} puts {piece} from {origin} on {square}")
        }
        Event::ClaimIllegalMove => format!("{side} claims that {}'s last move was illegal", !side),
        Event::RequestIncrement => format!("{side} asks for an increment of five seconds for both players"),
        Event::ClaimQuickplayDraw => format!("{side} claims a draw with less than two minutes left"),
        Event::BothFlagsFallen => {
            format!("{side} points out that both flags have fallen, and which fell first cannot be established")
        }
        Event::ClaimDraw { claim, announced } => {
            let what = match claim {
                lawbook_outcome::Claim::FiftyMoves => "under the fifty-move rule",
                lawbook_outcome::Claim::ThreefoldRepetition => "by threefold repetition",
            };
            match announced {
                Some(mv) => {
                    format!("{side} claims a draw {what}, announcing the move {}", describe_move(otb.position(), mv))
                }
                None => format!("{side} claims a draw {what}"),
            }
        }
    }
}

/// The answer to an event in plain words, given after it was judged.
pub(crate) fn answer_words(
    otb: &impl Scene,
    side: Color,
    event: &Event,
    ruling: &Ruling,
    remarks: &[Remark],
    duty: &Duty,
) -> String {
    let pos = otb.position();
    let mover = otb.position().turn();
    let mut parts: Vec<String> = Vec::new();
    if matches!(event, Event::OfferDraw) && matches!(ruling, Ruling::Accepted) {
        parts.push(format!("{side}'s draw offer stands until {} accepts or rejects it (FIDE 9.1.2.1)", !side));
    }
    if matches!(event, Event::RequestIncrement) && matches!(ruling, Ruling::Accepted) {
        parts.push(format!("the request is a draw offer, standing until {} accepts or refuses it (FIDE III.4)", !side));
    }
    if let (Event::TimePasses { .. }, Ruling::Accepted, Some(left)) = (event, ruling, otb.time_left(side)) {
        parts.push(format!("{side} has {} left (FIDE 6.3)", clock_time(left)));
    }
    let prev = otb.before_last_move();
    let show_duty = match ruling {
        Ruling::Accepted if matches!(event, Event::Seal(_)) => {
            parts.push(format!(
                "the move is sealed: the game is adjourned until the envelope is opened {}",
                fide("I.1.1")
            ));
            false
        }
        Ruling::Accepted => true,
        Ruling::Refused(refusal) => {
            parts.push(self::refusal(side, refusal, pos, otb.board()));
            !matches!(refusal, Refusal::TouchMove(_) | Refusal::GameOver(_))
        }
        Ruling::Completed { mv, ending } => {
            let before = prev.unwrap_or(*pos);
            parts.push(format!("the move {} is complete; {} to move", describe_move(&before, *mv), mover));
            if let Some(ending) = ending {
                parts.push(format!("the game is over: {ending}"));
            }
            false
        }
        Ruling::IllegalMove { article, stands, penalty } => {
            let before = prev.unwrap_or(*pos);
            parts.push(illegal(side, article, *stands, &before));
            if let Some(penalty) = penalty {
                parts.push(self::penalty(penalty));
            }
            stands.is_none()
        }
        Ruling::Arbiter(action) => {
            parts.push(arbiter(action, pos));
            matches!(action, ArbiterAction::ClaimRejected { .. })
        }
        Ruling::Ended(ending) => {
            parts.push(format!("the game is over: {ending}"));
            false
        }
        Ruling::Unclaimed { article } => {
            parts.push(format!(
                "an illegal move {}; in a rapid or blitz game without adequate supervision it stays on the board and stands unless {} claims it before making a move {}",
                fide(article),
                !side,
                fide("A.5.2")
            ));
            false
        }
    };
    for remark in remarks {
        parts.push(self::remark(side, remark));
    }
    if show_duty && otb.ending().is_none() {
        parts.push(in_hand_words(otb, mover).unwrap_or_else(|| self::duty(mover, duty, pos)));
        if otb.clock_paused() {
            parts.push("the clock is paused to seek the arbiter's help (FIDE 6.11.2)".to_string());
        }
    }
    let mut text = parts.join("; ");
    if let Some(first) = text.get(0..1) {
        text = first.to_uppercase() + &text[1..];
    }
    text.push('.');
    text
}
