//! Steps for the over-the-board rules (features/over-the-board.feature):
//! a player touches, moves, lets go of, removes and places pieces, presses
//! or stops the clock and calls the arbiter; lawbook's over-the-board model
//! (`lawbook-otb`) answers. These are facts of lawbook's own model, not
//! engine questions: other engines make such scenarios unsupported.
//!
//! Moves the model completes are played in the scenario's game as well, so
//! the usual steps (`Black is to move`, `there is a white rook on f1`) see them.

use super::{color, role, square};
use crate::world::{ChessWorld, describe};
use cucumber::gherkin::Step;
use cucumber::{given, then, when};
use lawbook_board::{Color, Piece, Square};
use lawbook_engines::Capability;
use lawbook_movegen::{CastlingSide, Move, Position};
use lawbook_notation::san::MoveErrorKind;
use lawbook_notation::{ReadOptions, read_move};
use lawbook_otb::{Answer, ArbiterAction, Duty, Ending, Event, Forfeit, Hand, OverTheBoard, Ruling, Sealed};

/// The model of the scenario, started from its game on first use.
pub(super) fn model(world: &mut ChessWorld) -> &mut OverTheBoard {
    if !world.engine.supports(Capability::Model) {
        crate::ask::model_fact(
            world,
            "the over-the-board rules are facts of lawbook's own model, not an engine question",
        );
    }
    if world.otb.is_none() {
        let game = world.game().model();
        world.otb = Some(OverTheBoard::from_game(game));
    }
    world.otb.as_mut().unwrap_or_else(|| unreachable!("the model was just made"))
}

/// The model, for questions: the transcript so far is shown on failure.
pub(super) fn ask(world: &mut ChessWorld) -> OverTheBoard {
    model(world).clone()
}

pub(super) fn transcript(otb: &OverTheBoard) -> String {
    let lines: Vec<String> = otb.transcript().iter().map(|e| format!("    {e}")).collect();
    format!("\n  the transcript so far:\n{}\n{}", lines.join("\n"), describe(otb.position()))
}

/// Applies an event for `side` and plays any move it completes in the scenario's game.
pub(super) fn apply(world: &mut ChessWorld, side: Color, event: Event) -> Answer {
    let otb = model(world);
    let before = otb.moves().len();
    let from = *otb.position();
    let answer = otb.apply(side, event);
    let completed: Vec<Move> = otb.moves().get(before..).unwrap_or_default().to_vec();
    let game = world.game();
    // An illegal move left standing (A.5.2) starts the model's game afresh
    // from a position the scenario's game never reached: it follows no more.
    if *game.current() == from {
        for mv in completed {
            game.push(mv);
        }
    }
    answer
}

/// The hand for an event: the one already moving pieces on this move (the
/// right hand if none has), or the other one.
pub(super) fn hand(world: &mut ChessWorld, other: &str) -> Hand {
    let in_use = model(world).hand_in_use().unwrap_or(Hand::Right);
    if other.is_empty() { in_use } else { in_use.other() }
}

/// Checks the scenario names the piece that stands on the square of the physical board.
fn named(world: &mut ChessWorld, name: &str, sq: Square) {
    let otb = ask(world);
    if otb.board().role_at(sq) != Some(role(name)) {
        let there = otb.board().piece_at(sq).map_or("nothing".to_string(), |p| p.to_string());
        panic!("the scenario names a {name} on {sq}, but the board has {there} there{}", transcript(&otb));
    }
}

fn side_to_move(otb: &OverTheBoard, side: &str) {
    if otb.turn() != color(side) {
        panic!("this step asks about {side}, but it is {}'s move{}", otb.turn(), transcript(otb));
    }
}

fn show(pos: &Position, moves: &[Move]) -> String {
    let mut list: Vec<String> = moves.iter().map(|&m| lawbook_notation::san::write(pos, m)).collect();
    list.sort();
    if list.is_empty() { "none".to_string() } else { list.join(" ") }
}

/// A move the scenario names, read strictly in the position it is asked about.
fn read(pos: &Position, text: &str) -> Move {
    match read_move(pos, text, ReadOptions::STRICT) {
        Ok((mv, _)) => mv,
        Err(e) => panic!("the scenario names {text}, which is not a legal move here: {e}{}", describe(pos)),
    }
}

// ---- When ----

#[when(
    regex = r"^(White|Black) touches the (pawn|knight|bishop|rook|queen|king) on (?<piece>[a-h][1-8])( with the other hand)?$"
)]
fn touches(world: &mut ChessWorld, side: String, name: String, sq: String, other: String) {
    let sq = square(&sq);
    named(world, &name, sq);
    let hand = hand(world, &other);
    apply(world, color(&side), Event::Touch { square: sq, hand });
}

#[when(
    regex = r#"^(White|Black) says "j'adoube" and adjusts the (pawn|knight|bishop|rook|queen|king) on (?<piece>[a-h][1-8])$"#
)]
fn adjusts(world: &mut ChessWorld, side: String, name: String, sq: String) {
    let sq = square(&sq);
    named(world, &name, sq);
    let hand = hand(world, "");
    apply(world, color(&side), Event::Adjust { square: sq, hand });
}

/// Takes the piece, puts it on the square and lets go of it (nothing is let
/// go of when the model refuses the move).
#[when(
    regex = r"^(White|Black) moves the (pawn|knight|bishop|rook|queen|king) from (?<lift>[a-h][1-8]) to (?<drop>[a-h][1-8])( with the other hand)?$"
)]
fn moves(world: &mut ChessWorld, side: String, name: String, from: String, to: String, other: String) {
    let (from, to) = (square(&from), square(&to));
    named(world, &name, from);
    let hand = hand(world, &other);
    let side = color(&side);
    if !apply(world, side, Event::Move { from, to, hand }).is_refused() {
        apply(world, side, Event::Release);
    }
}

#[when(regex = r"^(White|Black) removes the (captured )?(pawn|knight|bishop|rook|queen) from (?<lift>[a-h][1-8])$")]
fn removes(world: &mut ChessWorld, side: String, _captured: String, _name: String, sq: String) {
    let sq = square(&sq);
    let hand = hand(world, "");
    apply(world, color(&side), Event::Remove { square: sq, hand });
}

/// Puts a new piece from beside the board on the square and lets go of it.
#[when(regex = r"^(White|Black) places (?:a|an|the) (queen|rook|bishop|knight) on (?<drop>[a-h][1-8])$")]
fn places(world: &mut ChessWorld, side: String, name: String, sq: String) {
    let sq = square(&sq);
    let hand = hand(world, "");
    let side = color(&side);
    if !apply(world, side, Event::Place { square: sq, role: role(&name), hand }).is_refused() {
        apply(world, side, Event::Release);
    }
}

#[when(regex = r"^(White|Black) presses the clock$")]
fn presses(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::PressClock);
}

#[when(regex = r"^(White|Black) stops the clock$")]
fn stops(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::StopClock);
}

#[when(regex = r"^(White|Black) calls the arbiter$")]
fn calls(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::CallArbiter { piece: None });
}

#[when(regex = r"^(White|Black) offers a draw$")]
fn offers_draw(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::OfferDraw);
}

#[when(regex = r"^(White|Black) (accepts|declines) the draw offer$")]
fn answers_offer(world: &mut ChessWorld, side: String, answer: String) {
    let event = if answer == "accepts" { Event::AcceptDraw } else { Event::DeclineDraw };
    apply(world, color(&side), event);
}

/// A claim on the position as it stands, or with a move announced (written
/// down, not yet made on the board: 9.2.1, 9.3.1).
#[when(
    regex = r"^(White|Black) claims a draw (by threefold repetition|under the fifty-move rule)(?:, announcing (?<move>\S+))?$"
)]
fn claims(world: &mut ChessWorld, side: String, which: String, announced: String) {
    let claim = if which.starts_with("by threefold") {
        lawbook_outcome::Claim::ThreefoldRepetition
    } else {
        lawbook_outcome::Claim::FiftyMoves
    };
    let pos = *ask(world).position();
    let announced = (!announced.is_empty()).then(|| read(&pos, &announced));
    apply(world, color(&side), Event::ClaimDraw { claim, announced });
}

#[when(regex = r"^(White|Black) resigns$")]
fn resigns(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::Resign);
}

#[when(regex = r"^(White|Black)'s flag falls$")]
fn flag_falls(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::FlagFall);
}

// ---- Then ----

/// Every move the laws still allow moves this piece (castling is a king move).
#[then(regex = r"^(White|Black) must move the (pawn|knight|bishop|rook|queen|king) on (?<piece>[a-h][1-8])$")]
fn must_move(world: &mut ChessWorld, side: String, name: String, sq: String) {
    let sq = square(&sq);
    let otb = ask(world);
    side_to_move(&otb, &side);
    let pos = *otb.position();
    if pos.board().role_at(sq) != Some(role(&name)) {
        panic!("the scenario names a {name} on {sq}, but there is none{}", transcript(&otb));
    }
    let allowed = otb.allowed_moves();
    if allowed.is_empty() || allowed.iter().any(|m| m.from() != sq) {
        panic!(
            "expected {side} to have to move the {name} on {sq}, but the model allows {} ({:?}){}",
            show(&pos, &allowed),
            otb.duty(),
            transcript(&otb)
        );
    }
}

#[then(regex = r"^(White|Black) must make a king move$")]
fn must_move_king(world: &mut ChessWorld, side: String) {
    let otb = ask(world);
    side_to_move(&otb, &side);
    let pos = *otb.position();
    let king = pos.king_of(pos.turn());
    let allowed = otb.allowed_moves();
    if allowed.is_empty() || allowed.iter().any(|m| m.from() != king) {
        panic!(
            "expected {side} to have to make a king move, but the model allows {}{}",
            show(&pos, &allowed),
            transcript(&otb)
        );
    }
}

/// `short` or `kingside`, `long` or `queenside`.
fn castling_side(text: &str) -> CastlingSide {
    if matches!(text, "short" | "kingside") { CastlingSide::Short } else { CastlingSide::Long }
}

fn castles_to(m: &Move, side: CastlingSide) -> bool {
    m.is_castle() && m.is_short_castle() == (side == CastlingSide::Short)
}

#[then(regex = r"^(White|Black) must castle (short|long|kingside|queenside)$")]
fn must_castle(world: &mut ChessWorld, side: String, which: String) {
    let otb = ask(world);
    side_to_move(&otb, &side);
    let allowed = otb.allowed_moves();
    let wanted = castling_side(&which);
    if allowed.len() != 1 || !castles_to(&allowed[0], wanted) {
        panic!(
            "expected {side} to have to castle {which}, but the model allows {}{}",
            show(otb.position(), &allowed),
            transcript(&otb)
        );
    }
}

#[then(regex = r"^(White|Black) may (not )?castle (short|long|kingside|queenside) this move$")]
fn may_castle(world: &mut ChessWorld, side: String, not: String, which: String) {
    let otb = ask(world);
    side_to_move(&otb, &side);
    let allowed = otb.allowed_moves();
    let wanted = castling_side(&which);
    let may = allowed.iter().any(|m| castles_to(m, wanted));
    if may != not.is_empty() {
        panic!(
            "expected that {side} may {not}castle {which}, but the model allows {}{}",
            show(otb.position(), &allowed),
            transcript(&otb)
        );
    }
}

#[then(regex = r"^(White|Black) may (not )?play (?<move>\S+) this move$")]
fn may_play(world: &mut ChessWorld, side: String, not: String, text: String) {
    let otb = ask(world);
    side_to_move(&otb, &side);
    let mv = read(otb.position(), &text);
    let allowed = otb.allowed_moves();
    if allowed.contains(&mv) != not.is_empty() {
        panic!(
            "expected that {side} may {not}play {text}, but the model allows {}{}",
            show(otb.position(), &allowed),
            transcript(&otb)
        );
    }
}

#[then(regex = r"^(White|Black) may make any legal move$")]
fn any_legal(world: &mut ChessWorld, side: String) {
    let otb = ask(world);
    side_to_move(&otb, &side);
    let mut allowed = otb.allowed_moves();
    let mut legal = otb.position().legal_moves().to_vec();
    allowed.sort();
    legal.sort();
    if allowed != legal {
        panic!(
            "expected {side} to be free to make any of the {} legal moves, but the model allows {}{}",
            legal.len(),
            show(otb.position(), &allowed),
            transcript(&otb)
        );
    }
}

#[then(regex = r"^(White|Black) must press the clock$")]
fn must_press(world: &mut ChessWorld, side: String) {
    let otb = ask(world);
    side_to_move(&otb, &side);
    if !matches!(otb.duty(), Duty::PressClock(_)) {
        panic!("expected the move to be made, with only the clock to press, but: {:?}{}", otb.duty(), transcript(&otb));
    }
}

#[then(regex = r"^the (pawn|knight|bishop|rook|queen|king) on (?<piece>[a-h][1-8]) has no legal move$")]
fn no_legal_move(world: &mut ChessWorld, name: String, sq: String) {
    let sq = square(&sq);
    let otb = ask(world);
    let pos = otb.position();
    if pos.board().role_at(sq) != Some(role(&name)) || pos.board().color_at(sq) != Some(pos.turn()) {
        panic!("the scenario names a {name} of the side to move on {sq}, but there is none{}", transcript(&otb));
    }
    let moves: Vec<Move> = pos.legal_moves().into_iter().filter(|m| m.from() == sq).collect();
    if !moves.is_empty() {
        panic!(
            "expected the {name} on {sq} to have no legal move, but it has {}{}",
            show(pos, &moves),
            transcript(&otb)
        );
    }
}

#[then(regex = r"^the move (\S+) has been played$")]
fn played(world: &mut ChessWorld, text: String) {
    let otb = ask(world);
    let positions = otb.game().positions();
    let (Some(&last), Some(before)) = (otb.moves().last(), positions.len().checked_sub(2).map(|i| positions[i])) else {
        panic!("expected the move {text} to have been played, but no move has been completed{}", transcript(&otb));
    };
    let expected = read(&before, &text);
    if last != expected {
        panic!(
            "expected the move {text} to have been played, but the last move is {}{}",
            lawbook_notation::san::write(&before, last),
            transcript(&otb)
        );
    }
}

pub(super) fn last_answer(otb: &OverTheBoard) -> Answer {
    match otb.transcript().last() {
        Some(entry) => entry.answer.clone(),
        None => panic!("nothing has happened at the board yet"),
    }
}

#[then(regex = r"^the move is (?:illegal|penalised as illegal) under article (\S+)$")]
fn illegal_under(world: &mut ChessWorld, article: String) {
    let otb = ask(world);
    let answer = last_answer(&otb);
    match answer.ruling {
        Ruling::IllegalMove { article: a, .. } if a == article => {}
        _ => panic!(
            "expected an illegal move under article {article}, but the model answers: {answer}{}",
            transcript(&otb)
        ),
    }
}

#[then(regex = r"^that is refused under article (\S+)$")]
fn refused_under(world: &mut ChessWorld, article: String) {
    let otb = ask(world);
    let answer = last_answer(&otb);
    if !answer.is_refused() || answer.article() != Some(article.as_str()) {
        panic!("expected a refusal under article {article}, but the model answers: {answer}{}", transcript(&otb));
    }
}

#[then(regex = r"^the pawn on (?<piece>[a-h][1-8]) becomes an? (queen|rook|bishop|knight)$")]
fn becomes(world: &mut ChessWorld, sq: String, name: String) {
    let sq = square(&sq);
    let otb = ask(world);
    let answer = last_answer(&otb);
    let promoted = match answer.ruling {
        Ruling::IllegalMove { stands: Some(mv), .. } | Ruling::Completed { mv, .. } => {
            mv.to() == sq && mv.promotion_role() == Some(role(&name))
        }
        _ => false,
    };
    let mover = !otb.turn();
    if !promoted || otb.board().piece_at(sq) != Some(Piece::new(mover, role(&name))) {
        panic!("expected the pawn on {sq} to become a {name}, but the model answers: {answer}{}", transcript(&otb));
    }
}

#[then(regex = r"^the arbiter provides an? (white|black) (queen|rook|bishop|knight)$")]
fn provides(world: &mut ChessWorld, side: String, name: String) {
    let otb = ask(world);
    let answer = last_answer(&otb);
    let expected = Piece::new(color(&side), role(&name));
    match answer.ruling {
        Ruling::Arbiter(ArbiterAction::ProvidesPiece { piece, .. }) if piece == expected => {}
        _ => {
            panic!("expected the arbiter to bring a {side} {name}, but the model answers: {answer}{}", transcript(&otb))
        }
    }
}

#[then(regex = r"^the arbiter gives (White|Black) (\d+) extra minutes$")]
fn extra_minutes(world: &mut ChessWorld, side: String, minutes: u32) {
    let otb = ask(world);
    let given = otb.extra_minutes(color(&side));
    if given != minutes {
        panic!("expected {side} to have {minutes} extra minutes, the model gives {given}{}", transcript(&otb));
    }
}

#[then(regex = r"^there is (no|an?) (white|black) (pawn|knight|bishop|rook|queen) beside the board$")]
fn beside(world: &mut ChessWorld, no: String, side: String, name: String) {
    let otb = ask(world);
    let count = otb.spares(Piece::new(color(&side), role(&name)));
    if (count == 0) != (no == "no") {
        panic!("expected {no} {side} {name} beside the board, the model counts {count}{}", transcript(&otb));
    }
}

#[then(regex = r"^the clock is (paused|running)$")]
fn clock(world: &mut ChessWorld, state: String) {
    let otb = ask(world);
    if otb.clock_paused() != (state == "paused") {
        panic!("expected the clock to be {state}, but it is not{}", transcript(&otb));
    }
}

/// The transcript, one event and its answer a line, as a doc string.
#[then("the transcript reads")]
fn transcript_reads(world: &mut ChessWorld, step: &Step) {
    let expected = step.docstring.as_deref().unwrap_or_else(|| panic!("the transcript step needs a doc string"));
    let otb = ask(world);
    let actual = otb.transcript_text();
    let norm = |text: &str| text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n");
    if norm(&actual) != norm(expected) {
        panic!("the transcript differs:\n  expected:\n{}\n  actual:\n{}", norm(expected), norm(&actual));
    }
}

/// How the game ended, in the model's words: `1-0 by resignation`,
/// `1/2-1/2 by resignation, with no mate possible`, `0-1 on
/// time`, `1/2-1/2 on time, with no mate possible`, `1/2-1/2 by agreement`,
/// `0-1 by a second illegal move`, `1/2-1/2 by a threefold repetition
/// claim`, `1-0 by checkmate`, `0-1 for an electronic device in the playing
/// venue`, `1-0 by an illegal sealed move`.
fn ending_words(ending: Ending) -> String {
    use lawbook_outcome::Reason;
    match ending {
        Ending::IllegalMoves { result, .. } if result == lawbook_outcome::GameResult::Draw => {
            format!("{} by a second illegal move, with no mate possible", result.as_str())
        }
        Ending::IllegalMoves { result, .. } => format!("{} by a second illegal move", result.as_str()),
        Ending::Forfeited { result, cause, .. } => {
            let how = match cause {
                Forfeit::Device => "for an electronic device in the playing venue",
                Forfeit::SealedAmbiguous => "by an ambiguous sealed move",
                Forfeit::SealedUnclear => "by a sealed move that cannot be made out",
                Forfeit::SealedIllegal => "by an illegal sealed move",
                Forfeit::ArrivedLate => "as the player arrived after the default time",
                Forfeit::LateForResumption => "as the player arrived after the default time for the resumption",
            };
            let draw = if result == lawbook_outcome::GameResult::Draw { ", with no mate possible" } else { "" };
            format!("{} {how}{draw}", result.as_str())
        }
        Ending::Declared { why, result } => {
            format!("{} declared by the arbiter under article {}", result.as_str(), why.article())
        }
        Ending::Rules(o) => {
            let how = match o.reason {
                Reason::Timeout => "on time".to_string(),
                Reason::TimeoutVsInsufficientMaterial => "on time, with no mate possible".to_string(),
                Reason::ResignationVsInsufficientMaterial => "by resignation, with no mate possible".to_string(),
                Reason::ThreefoldRepetition => "by a threefold repetition claim".to_string(),
                Reason::FiftyMoves => "by a fifty-move claim".to_string(),
                Reason::SeventyFiveMoves => "by the seventy-five-move rule".to_string(),
                other => format!("by {}", other.as_str().replace('_', " ")),
            };
            format!("{} {how}", o.result.as_str())
        }
    }
}

/// The game has ended at the board, with this result and this way.
#[then(regex = r"^the game ends (1-0|0-1|1/2-1/2) (.+)$")]
fn game_ends(world: &mut ChessWorld, result: String, how: String) {
    let otb = ask(world);
    let expected = format!("{result} {how}");
    match otb.ending() {
        Some(ending) if ending_words(ending) == expected => {}
        Some(ending) => {
            panic!("expected the game to end {expected}, but it ended {}{}", ending_words(ending), transcript(&otb))
        }
        None => panic!("expected the game to end {expected}, but it goes on{}", transcript(&otb)),
    }
}

/// The game goes on at the board: no ending, whatever was said or claimed.
#[then("the game goes on")]
fn goes_on(world: &mut ChessWorld) {
    let otb = ask(world);
    if let Some(ending) = otb.ending() {
        panic!("expected the game to go on, but it ended {}{}", ending_words(ending), transcript(&otb));
    }
}

#[then(regex = r"^the arbiter (upholds|rejects) the claim$")]
fn claim_ruling(world: &mut ChessWorld, which: String) {
    let otb = ask(world);
    let answer = last_answer(&otb);
    let upheld = match answer.ruling {
        Ruling::Arbiter(ArbiterAction::DrawUpheld(_)) => true,
        Ruling::Arbiter(ArbiterAction::ClaimRejected { .. }) => false,
        _ => panic!("expected the arbiter to rule on a claim, but the model answers: {answer}{}", transcript(&otb)),
    };
    if upheld != (which == "upholds") {
        panic!("expected the arbiter to {which} the claim, but the model answers: {answer}{}", transcript(&otb));
    }
}

/// After an incorrect claim with an announced move, the move must be made (9.5.3).
#[then(regex = r"^(White|Black) must play (?<move>\S+)$")]
fn must_play(world: &mut ChessWorld, side: String, text: String) {
    let otb = ask(world);
    side_to_move(&otb, &side);
    let expected = read(otb.position(), &text);
    match otb.duty() {
        Duty::Announced(mv) if mv == expected => {}
        duty => panic!("expected {side} to have to play {text}, but the model's duty is: {duty:?}{}", transcript(&otb)),
    }
}

// ---- Articles 4, 9, 10 and 11, Appendix D and Guidelines I ----

#[when(
    regex = r#"^(White|Black) adjusts the (pawn|knight|bishop|rook|queen|king) on (?<piece>[a-h][1-8]) without saying "j'adoube"$"#
)]
fn adjusts_unannounced(world: &mut ChessWorld, side: String, name: String, sq: String) {
    // Contact that is not clearly accidental and not announced is intent (4.2.2).
    let sq = square(&sq);
    named(world, &name, sq);
    let hand = hand(world, "");
    apply(world, color(&side), Event::Touch { square: sq, hand });
}

#[when(
    regex = r"^(White|Black) brushes against the (pawn|knight|bishop|rook|queen|king) on (?<piece>[a-h][1-8]) by accident$"
)]
fn brushes(world: &mut ChessWorld, side: String, name: String, sq: String) {
    let sq = square(&sq);
    named(world, &name, sq);
    apply(world, color(&side), Event::Brush { square: sq });
}

#[when(regex = r"^(White|Black) feels the (pawn|knight|bishop|rook|queen|king) on (?<piece>[a-h][1-8]) in its hole$")]
fn feels(world: &mut ChessWorld, side: String, name: String, sq: String) {
    let sq = square(&sq);
    named(world, &name, sq);
    apply(world, color(&side), Event::Feel { square: sq });
}

#[given(regex = r"^(White|Black) plays on a board for the blind and visually impaired$")]
fn visually_impaired(world: &mut ChessWorld, side: String) {
    model(world).set_visually_impaired(color(&side), true);
}

#[given(regex = r"^the event's regulations allow no draw agreement before (\d+) moves by each player$")]
fn agreement_after(world: &mut ChessWorld, moves: u32) {
    model(world).set_agreement_after(moves);
}

#[when(regex = r"^(White|Black) announces the move$")]
fn announces(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::Announce);
}

#[when(regex = r"^(White|Black) withdraws the claim$")]
fn withdraws(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::WithdrawClaim);
}

#[when(regex = r"^(White|Black) is found with an electronic device in the playing venue$")]
fn device(world: &mut ChessWorld, side: String) {
    apply(world, color(&side), Event::DeviceFound);
}

/// The sealed move as the arbiter reads it: one legal move, or why not (I.8).
fn sealed(pos: &Position, text: &str) -> Sealed {
    match read_move(pos, text, ReadOptions::LENIENT) {
        Ok((mv, _)) => Sealed::Move(mv),
        Err(e) => match e.kind {
            MoveErrorKind::Ambiguous(_) | MoveErrorKind::MissingPromotion => Sealed::Ambiguous,
            MoveErrorKind::Syntax => Sealed::Unclear,
            _ => Sealed::Illegal,
        },
    }
}

#[when(regex = r#"^(White|Black) seals the move "([^"]*)"$"#)]
fn seals(world: &mut ChessWorld, side: String, text: String) {
    let pos = *model(world).position();
    apply(world, color(&side), Event::Seal(sealed(&pos, &text)));
}

#[when("the envelope is opened")]
fn opens(world: &mut ChessWorld) {
    let side = model(world).turn();
    apply(world, side, Event::OpenEnvelope);
}

/// Every move still allowed captures the piece on the square, with the named
/// piece when one is named (4.3.2, 4.3.3).
#[then(
    regex = r"^(White|Black) must capture the (pawn|knight|bishop|rook|queen) on (?<piece>[a-h][1-8])(?: with the (pawn|knight|bishop|rook|queen|king) on (?<from>[a-h][1-8]))?$"
)]
fn must_capture(world: &mut ChessWorld, side: String, name: String, sq: String, with: String, from: String) {
    let target = square(&sq);
    let otb = ask(world);
    side_to_move(&otb, &side);
    let pos = *otb.position();
    if pos.board().piece_at(target).map(|p| (p.color, p.role)) != Some((!pos.turn(), role(&name))) {
        panic!("the scenario names {}'s {name} on {target}, but there is none{}", !pos.turn(), transcript(&otb));
    }
    let by = (!from.is_empty()).then(|| {
        let from = square(&from);
        if pos.board().role_at(from) != Some(role(&with)) {
            panic!("the scenario names a {with} on {from}, but there is none{}", transcript(&otb));
        }
        from
    });
    let allowed = otb.allowed_moves();
    let captures = |m: &Move| m.to() == target || (m.is_en_passant() && m.to().file() == target.file());
    if allowed.is_empty() || allowed.iter().any(|m| !captures(m) || by.is_some_and(|f| m.from() != f)) {
        panic!(
            "expected {side} to have to capture the {name} on {target}{}, but the model allows {} ({:?}){}",
            by.map_or(String::new(), |f| format!(" with the {with} on {f}")),
            show(&pos, &allowed),
            otb.duty(),
            transcript(&otb)
        );
    }
}

/// The points each player scores for the game (10.1).
#[then(regex = r"^(White|Black) scores (1|1/2|0) and (White|Black) (1|1/2|0)$")]
fn scores(world: &mut ChessWorld, first: String, first_score: String, second: String, second_score: String) {
    let otb = ask(world);
    let Some(ending) = otb.ending() else {
        panic!("expected the game to be over with a score, but it goes on{}", transcript(&otb));
    };
    for (side, expected) in [(&first, &first_score), (&second, &second_score)] {
        let actual = ending.score(color(side));
        if actual.as_str() != expected.as_str() {
            panic!(
                "expected {side} to score {expected}, but the game ended {} and {side} scores {actual}{}",
                ending_words(ending),
                transcript(&otb)
            );
        }
    }
}

#[given("touch-move is held only on the opponent's claim")]
fn touch_move_on_claim(world: &mut ChessWorld) {
    model(world).set_touch_move_on_claim();
}

#[when(regex = r"^(White|Black) claims that (White|Black) broke touch-move$")]
fn claims_touch_move(world: &mut ChessWorld, side: String, other: String) {
    if color(&side) == color(&other) {
        panic!("a player claims against the opponent: write `Black claims that White broke touch-move`");
    }
    apply(world, color(&side), Event::ClaimTouchMove);
}

#[then(regex = r"^the move is taken back and (White|Black) is held to touch-move$")]
fn touch_move_upheld(world: &mut ChessWorld, side: String) {
    let otb = ask(world);
    let answer = last_answer(&otb);
    if answer.ruling != Ruling::Arbiter(ArbiterAction::TouchMoveUpheld) || otb.turn() != color(&side) {
        panic!(
            "expected the move taken back and {side} to move again, but the model answers: {answer}{}",
            transcript(&otb)
        );
    }
}

/// The scoresheet of the game at the board: the moves in algebraic
/// notation, a draw offer marked (=) (8.1.5, Appendix C.12). The squares
/// of the moves written are marked as squares named, not as moves: the
/// moves are already played.
#[then(regex = r#"^the scoresheet reads "(?<square>[^"]*)"$"#)]
fn scoresheet(world: &mut ChessWorld, expected: String) {
    let otb = ask(world);
    let actual = otb.scoresheet();
    if actual != expected {
        panic!("expected the scoresheet to read {expected:?}, the model writes {actual:?}{}", transcript(&otb));
    }
}

/// Whether a player must record the moves, by the time left in the period
/// and the time added with each move (8.1.1, 8.4). A rule of lawbook's
/// model, asked of no engine.
#[then(
    regex = r"^a player with (\d+):([0-5]\d) left and (\d+) seconds? added (?:with each|a) move (must|need not) keep score$"
)]
fn keeps_score(world: &mut ChessWorld, minutes: u64, seconds: u64, added: u64, must: String) {
    if !world.engine.supports(Capability::Model) {
        crate::ask::model_fact(
            world,
            "when a player must keep score is a rule of lawbook's own model, not an engine question",
        );
    }
    let remaining = core::time::Duration::from_secs(minutes * 60 + seconds);
    let required = lawbook_otb::must_keep_score(remaining, core::time::Duration::from_secs(added));
    if required != (must == "must") {
        let actual = if required { "must" } else { "need not" };
        panic!(
            "expected that a player with {minutes}:{seconds:02} left and {added} s added {must} keep score, but lawbook's model says the player {actual}"
        );
    }
}
