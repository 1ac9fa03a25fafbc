//! The model's answers in plain words.

use crate::answer::{ArbiterAction, Duty, Refusal, Remark, Ruling};
use lawbook_board::{Bitboard, Board, Color, Piece, Role, Square};
use lawbook_movegen::{CastlingSide, Move, MoveKind, Position};

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
            "there is no {} beside the board: {side} stops the clock and calls the arbiter for one {article}",
            piece_name(*piece)
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
    };
    format!("not allowed: {reason}")
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
pub(crate) fn ruling(ruling: &Ruling) -> String {
    match ruling {
        Ruling::ExtraTime { to, minutes } => {
            format!("the arbiter gives {to} {minutes} extra minutes {}", fide("7.5.5"))
        }
        Ruling::Ends(ending) => format!("a second illegal move ends the game: {ending}"),
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
    }
}
