//! Steps for the clock and the irregularities of the Competition Rules, rapid
//! and blitz, and games without increment (features/clock-and-irregularities.feature,
//! rapid-and-blitz.feature, quickplay-finish.feature): the time control and
//! the time on each clock, a clock pressed with the other hand, a wrong
//! set-up, colours reversed, an illegal move waiting for a claim, the
//! request for an increment and the draw claim with less than two minutes.
//! Like `over_the_board`, these are facts of lawbook's own model
//! (`lawbook-otb`): other engines make these scenarios unsupported.
//!
//! The set-up steps (`Given the time control is ...`) start the model from
//! the scenario's position, so they come after the position is set up.

use super::over_the_board::{apply, ask, hand, last_answer, model, transcript};
use super::{color, role, square};
use crate::world::ChessWorld;
use cucumber::{given, then, when};
use lawbook_otb::{
    ArbiterAction, Bonus, Event, GameKind, Irregularity, OverTheBoard, Ruling, Supervision, TimeControl,
};

/// Seconds in `30 seconds`, `2 minutes`, `1 minute 50 seconds`, `90 minutes`.
fn duration(text: &str) -> u32 {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut seconds = 0u32;
    let mut rest = words.as_slice();
    while let [number, unit, tail @ ..] = rest {
        let n: u32 = number.parse().unwrap_or_else(|_| panic!("{number:?} in {text:?} is not a number"));
        seconds += match *unit {
            "second" | "seconds" => n,
            "minute" | "minutes" => n * 60,
            "hour" | "hours" => n * 3600,
            other => panic!("{other:?} in {text:?} is not a unit: write seconds, minutes or hours"),
        };
        rest = tail;
    }
    if !rest.is_empty() || words.is_empty() {
        panic!("{text:?} is not a duration: write for example 1 minute 30 seconds");
    }
    seconds
}

/// A time control as a scenario writes it: periods joined by `, then `
/// (`40 moves in 90 minutes`, `30 minutes for the rest of the game`,
/// `15 minutes for the game`), then ` with N seconds added per move` or
/// ` with a delay of N seconds per move`.
fn time_control(text: &str) -> TimeControl {
    let (periods, bonus) = match text.split_once(" with ") {
        Some((periods, bonus)) => (periods, Some(bonus)),
        None => (text, None),
    };
    let mut control: Option<TimeControl> = None;
    for period in periods.split(", then ") {
        let next = |c: Option<TimeControl>, moves: Option<u32>, seconds: u32| match (c, moves) {
            (None, Some(m)) => TimeControl::moves_in(m, seconds),
            (None, None) => TimeControl::game_in(seconds),
            (Some(c), Some(m)) => c.then_moves_in(m, seconds),
            (Some(c), None) => c.then_game_in(seconds),
        };
        control = Some(if let Some((moves, time)) = period.split_once(" moves in ") {
            let moves = moves.trim().parse().unwrap_or_else(|_| panic!("{moves:?} is not a number of moves"));
            next(control, Some(moves), duration(time))
        } else if let Some(time) =
            period.strip_suffix(" for the game").or_else(|| period.strip_suffix(" for the rest of the game"))
        {
            next(control, None, duration(time))
        } else {
            panic!(
                "{period:?} is not a period: write `40 moves in 90 minutes`, `15 minutes for the game` or \
                 `30 minutes for the rest of the game`"
            )
        });
    }
    let control = control.unwrap_or_else(|| panic!("{text:?} names no period"));
    match bonus {
        None => control,
        Some(bonus) => {
            if let Some(time) = bonus.strip_suffix(" added per move") {
                control.with_bonus(Bonus::Increment(duration(time)))
            } else if let Some(time) = bonus.strip_prefix("a delay of ").and_then(|t| t.strip_suffix(" per move")) {
                control.with_bonus(Bonus::Delay(duration(time)))
            } else {
                panic!("{bonus:?}: write `with 10 seconds added per move` or `with a delay of 5 seconds per move`")
            }
        }
    }
}

fn show_time(seconds: u32) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

// ---- Given ----

#[given(regex = r"^the time control is (.+)$")]
fn given_time_control(world: &mut ChessWorld, text: String) {
    let control = time_control(&text);
    model(world).set_time_control(control);
}

/// The same after moves played with `When the game continues ...`.
#[when(regex = r"^the time control is (.+)$")]
fn when_time_control(world: &mut ChessWorld, text: String) {
    given_time_control(world, text);
}

#[given(regex = r"^the game is (adequately supervised|not adequately supervised)$")]
fn given_supervision(world: &mut ChessWorld, how: String) {
    let supervision = if how.starts_with("not") { Supervision::Limited } else { Supervision::Adequate };
    model(world).set_supervision(supervision);
}

/// The same after moves played with `When the game continues ...`.
#[when(regex = r"^the game is (adequately supervised|not adequately supervised)$")]
fn when_supervision(world: &mut ChessWorld, how: String) {
    given_supervision(world, how);
}

#[given("the Guidelines for games without increment were announced for the event")]
fn given_guidelines(world: &mut ChessWorld) {
    model(world).announce_quickplay_guidelines();
}

// ---- When ----

#[when(regex = r"^(White|Black)'s clock runs for (.+)$")]
fn clock_runs(world: &mut ChessWorld, side: String, time: String) {
    let seconds = duration(&time);
    apply(world, color(&side), Event::TimePasses { seconds });
}

#[when(regex = r"^(White|Black) presses the clock with the (same|other) hand$")]
fn presses_with(world: &mut ChessWorld, side: String, which: String) {
    let hand = hand(world, if which == "other" { "other" } else { "" });
    apply(world, color(&side), Event::PressClockWith { hand });
}

#[when(
    regex = r"^(White|Black) points out that (the initial position was incorrect|the board is placed the wrong way round|the game started with the colours reversed)$"
)]
fn points_out(world: &mut ChessWorld, side: String, what: String) {
    let irregularity = match what.as_str() {
        "the initial position was incorrect" => Irregularity::InitialPosition,
        "the board is placed the wrong way round" => Irregularity::BoardPlacement,
        _ => Irregularity::ColoursReversed,
    };
    apply(world, color(&side), Event::PointsOut(irregularity));
}

/// The default time of the event (6.7.1): how long after the start of the
/// session, or of the resumption, a player may arrive.
#[given(regex = r"^the event's default time is (.+)$")]
fn default_time(world: &mut ChessWorld, time: String) {
    let seconds = duration(&time);
    model(world).set_default_time(seconds);
}

fn absent(world: &mut ChessWorld, who: &str) {
    let otb = model(world);
    match who {
        "neither player is" => {
            otb.set_absent(lawbook_board::Color::White);
            otb.set_absent(lawbook_board::Color::Black);
        }
        "White is not" => otb.set_absent(lawbook_board::Color::White),
        _ => otb.set_absent(lawbook_board::Color::Black),
    }
}

#[given(regex = r"^(neither player is|White is not|Black is not) at the board$")]
fn given_absent(world: &mut ChessWorld, who: String) {
    absent(world, &who);
}

/// The same when play resumes after an adjournment (Guidelines I.9 to I.11).
#[when(regex = r"^(neither player is|White is not|Black is not) at the board when play resumes$")]
fn absent_at_resumption(world: &mut ChessWorld, who: String) {
    absent(world, &who);
}

#[when(regex = r"^(White|Black) arrives at the board$")]
fn arrives(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::Arrives);
}

#[when(regex = r"^(White|Black) claims that (White|Black)'s flag has fallen$")]
fn claims_flag(world: &mut ChessWorld, side: String, other: String) {
    if color(&side) == color(&other) {
        panic!("a player claims the opponent's flag: write `Black claims that White's flag has fallen`");
    }
    apply(world, color(&side), Event::ClaimFlag);
}

#[when(regex = r"^the arbiter sees that (White|Black)'s flag has fallen$")]
fn arbiter_sees_flag(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::FlagFall);
}

#[when(regex = r"^(White|Black) knocks over the (pawn|knight|bishop|rook|queen|king) on (?<piece>[a-h][1-8])$")]
fn knocks_over(world: &mut ChessWorld, side: String, name: String, sq: String) {
    let sq = square(&sq);
    let there = model(world).board().role_at(sq);
    if there != Some(role(&name)) {
        panic!("the scenario names a {name} on {sq}, but the board has {there:?} there");
    }
    apply(world, color(&side), Event::KnockOver { square: sq });
}

#[when(
    regex = r"^(White|Black) puts the (pawn|knight|bishop|rook|queen|king) from (?<origin>[a-h][1-8]) (?:back )?on (?<to>[a-h][1-8])$"
)]
fn puts_back(world: &mut ChessWorld, side: String, name: String, origin: String, to: String) {
    let origin = square(&origin);
    let knocked = model(world).knocked_piece(origin).map(|p| p.role);
    if knocked != Some(role(&name)) {
        panic!("the scenario names a {name} knocked off {origin}, but the model has {knocked:?} from there");
    }
    apply(world, color(&side), Event::PutBack { origin, square: square(&to) });
}

#[when(regex = r"^(White|Black) points out that a piece stands on a wrong square$")]
fn points_out_displaced(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::PointsOut(Irregularity::PieceDisplaced));
}

#[when(regex = r"^(White|Black) claims that (White|Black)'s last move was illegal$")]
fn claims_illegal(world: &mut ChessWorld, side: String, other: String) {
    if color(&side) == color(&other) {
        panic!("a player claims against the opponent's move: write `Black claims that White's last move was illegal`");
    }
    apply(world, color(&side), Event::ClaimIllegalMove);
}

#[when(regex = r"^(White|Black) asks for an increment of five seconds for both players$")]
fn asks_increment(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::RequestIncrement);
}

#[when(regex = r"^(White|Black) claims a draw with less than two minutes left$")]
fn claims_quickplay(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::ClaimQuickplayDraw);
}

#[when(regex = r"^(White|Black) points out that both flags have fallen$")]
fn both_flags(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::BothFlagsFallen);
}

// ---- Then ----

#[then(regex = r"^(White|Black) has (.+) left on the clock$")]
fn time_left(world: &mut ChessWorld, side: String, time: String) {
    let expected = duration(&time);
    let otb = ask(world);
    match otb.time_left(color(&side)) {
        Some(left) if left == expected => {}
        Some(left) => {
            panic!("expected {side} to have {time} left, the clock shows {}{}", show_time(left), transcript(&otb))
        }
        None => panic!("the game has no time control: a `Given the time control is ...` step sets one"),
    }
}

#[then(regex = r"^the game is a (standard|rapid|blitz) game$")]
fn kind(world: &mut ChessWorld, name: String) {
    let expected = match name.as_str() {
        "rapid" => GameKind::Rapid,
        "blitz" => GameKind::Blitz,
        _ => GameKind::Standard,
    };
    let otb = ask(world);
    if otb.kind() != expected {
        panic!("expected a {name} game, the model makes it {}{}", otb.kind(), transcript(&otb));
    }
}

#[then(regex = r"^the arbiter gives (White|Black) 1 extra minute$")]
fn one_extra_minute(world: &mut ChessWorld, side: String) {
    let otb = ask(world);
    let given = otb.extra_minutes(color(&side));
    if given != 1 {
        panic!("expected {side} to have 1 extra minute, the model gives {given}{}", transcript(&otb));
    }
}

/// The last answer carries a remark under this article (the move or event
/// stands; the remark says what else the laws say of it).
#[then(regex = r"^the answer notes article (\S+)$")]
fn notes(world: &mut ChessWorld, article: String) {
    let otb = ask(world);
    let answer = last_answer(&otb);
    if !answer.remarks.iter().any(|r| r.article() == article) {
        panic!("expected the answer to note article {article}, but it says: {answer}{}", transcript(&otb));
    }
}

fn arbiter_action(otb: &OverTheBoard) -> Option<ArbiterAction> {
    match last_answer(otb).ruling {
        Ruling::Arbiter(action) => Some(action),
        _ => None,
    }
}

#[then(regex = r"^the game is given up and a new game is played under article (\S+)$")]
fn new_game(world: &mut ChessWorld, article: String) {
    let otb = ask(world);
    let said = matches!(arbiter_action(&otb), Some(ArbiterAction::NewGame { article: a }) if a == article);
    if !said || otb.cancelled() != Some(article.as_str()) {
        panic!(
            "expected a new game under article {article}, but the model answers: {}{}",
            last_answer(&otb),
            transcript(&otb)
        );
    }
}

#[then(regex = r"^the arbiter lets the game go on under article (\S+)$")]
fn goes_on_under(world: &mut ChessWorld, article: String) {
    let otb = ask(world);
    let said = matches!(arbiter_action(&otb), Some(ArbiterAction::GameContinues { article: a }) if a == article);
    if !said || otb.cancelled().is_some() || otb.ending().is_some() {
        panic!(
            "expected the game to go on under article {article}, but the model answers: {}{}",
            last_answer(&otb),
            transcript(&otb)
        );
    }
}

#[then("the position is transferred to a correctly placed board")]
fn transferred(world: &mut ChessWorld) {
    let otb = ask(world);
    if arbiter_action(&otb) != Some(ArbiterAction::TransfersPosition) {
        panic!(
            "expected the position to be transferred to another board, but the model answers: {}{}",
            last_answer(&otb),
            transcript(&otb)
        );
    }
}

/// What follows is the arbiter's judgement: the model says so and decides nothing.
#[then(regex = r"^the arbiter must judge under article (\S+)$")]
fn must_judge(world: &mut ChessWorld, article: String) {
    let otb = ask(world);
    let said = matches!(arbiter_action(&otb), Some(ArbiterAction::MustJudge { article: a }) if a == article);
    if !said || otb.ending().is_some() {
        panic!(
            "expected the model to leave it to the arbiter under article {article}, but it answers: {}{}",
            last_answer(&otb),
            transcript(&otb)
        );
    }
}

#[then("the arbiter puts back the position before the irregularity")]
fn reinstates(world: &mut ChessWorld) {
    let otb = ask(world);
    if arbiter_action(&otb) != Some(ArbiterAction::Reinstates) || otb.board() != otb.position().board() {
        panic!(
            "expected the position before the irregularity back on the board, but the model answers: {}{}",
            last_answer(&otb),
            transcript(&otb)
        );
    }
}

#[then(regex = r"^the clocks add (\d+) seconds a move for both players$")]
fn clocks_add(world: &mut ChessWorld, seconds: u32) {
    let otb = ask(world);
    let bonus = otb.time_control().map(TimeControl::bonus);
    if bonus != Some(Bonus::Increment(seconds)) {
        panic!("expected an increment of {seconds} seconds, the model's clocks have {bonus:?}{}", transcript(&otb));
    }
}

#[then("the illegal move stays on the board until it is claimed")]
fn unclaimed(world: &mut ChessWorld) {
    let otb = ask(world);
    let answer = last_answer(&otb);
    if !matches!(answer.ruling, Ruling::Unclaimed { .. }) {
        panic!("expected the illegal move to wait for a claim, but the model answers: {answer}{}", transcript(&otb));
    }
}
