//! What a game's record says of its end (its result, the Termination tag,
//! the comment after the last move), judged by the Laws with the scenario's
//! game (`lawbook_outcome::record`): the judging `lawbook pgn` does on every
//! game it reads. lawbook's own judging, not an engine question.

use crate::ask;
use crate::world::ChessWorld;
use cucumber::gherkin::Step;
use cucumber::{then, when};
use lawbook_outcome::GameResult;
use lawbook_outcome::record::{self, Finding, FindingKind, Finish, Record, Said};

fn result(text: &str) -> GameResult {
    text.parse().unwrap_or_else(|e| panic!("{text:?} is not a result: {e}"))
}

#[when(regex = r#"^the record gives (1-0|0-1|1/2-1/2) with the Termination tag "([^"]*)"$"#)]
fn with_tag(world: &mut ChessWorld, given: String, tag: String) {
    world.recorded = Some((result(&given), Some(record::read_termination(&tag)), tag));
}

#[when(regex = r#"^the record gives (1-0|0-1|1/2-1/2) with the comment "([^"]*)" after the last move$"#)]
fn with_comment(world: &mut ChessWorld, given: String, comment: String) {
    let said = record::read_last_comment(&comment);
    world.recorded = Some((result(&given), said, comment));
}

#[when(regex = r"^the record gives (1-0|0-1|1/2-1/2) and says nothing of how the game ended$")]
fn saying_nothing(world: &mut ChessWorld, given: String) {
    world.recorded = Some((result(&given), None, String::new()));
}

/// The record judged against the scenario's game, or `None` when the engine
/// is not lawbook (the step is then unsupported).
fn judged(world: &mut ChessWorld, step: &Step) -> Option<Option<Finding>> {
    if !ask::model_only(world, step, "how the Laws judge a game's record is") {
        return None;
    }
    let Some((result, said, words)) = world.recorded.clone() else {
        panic!("the scenario says nothing of the record: write `When the record gives ...` first")
    };
    let game = world.game().model();
    let pos = *game.position();
    let by_a_move = pos.legal_moves().iter().filter_map(|&mv| game.repetitions_after(mv)).max().unwrap_or(0);
    let finish = Finish {
        repetitions_by_a_move: by_a_move,
        ..Finish::new(&pos, world.game().moves().len(), game.repetitions(), game.outcome())
    };
    let text = (said == Some(Said::Unknown)).then_some(words.as_str());
    Some(record::judge(&Record { result: Some(result), said: Some(said).flatten(), text }, &finish))
}

fn shown(finding: &Option<Finding>) -> String {
    match finding {
        None => "the record stands".into(),
        Some(f) => format!("{} under article {}: {}", f.kind.name(), f.article.unwrap_or("-"), f.message),
    }
}

#[then("the record stands by the Laws")]
fn stands(world: &mut ChessWorld, step: &Step) {
    let Some(finding) = judged(world, step) else { return };
    assert!(finding.is_none(), "expected the record to stand, but lawbook finds {}", shown(&finding));
}

#[then(regex = r"^the Laws give (1-0|0-1|1/2-1/2) instead, under article (\S+)$")]
fn instead(world: &mut ChessWorld, step: &Step, lawful: String, article: String) {
    let Some(finding) = judged(world, step) else { return };
    let got = finding.as_ref().map(|f| (f.lawful.map(GameResult::as_str), f.article));
    assert_eq!(
        got,
        Some((Some(lawful.as_str()), Some(article.as_str()))),
        "expected the Laws to give {lawful} under article {article}, but lawbook finds {}",
        shown(&finding)
    );
}

#[then(
    regex = r"^the record names (a claim no claimant could make|a valid claim as incorrect|an incorrect claim as a lost game|an agreement made before both players moved|an ending the position does not show|an ending that came second) under article (\S+)$"
)]
fn names(world: &mut ChessWorld, step: &Step, what: String, article: String) {
    let kind = match what.as_str() {
        "a claim no claimant could make" => FindingKind::InvalidClaim,
        "a valid claim as incorrect" => FindingKind::ValidClaimRefused,
        "an incorrect claim as a lost game" => FindingKind::ClaimScoredAsLoss,
        "an agreement made before both players moved" => FindingKind::EarlyAgreement,
        "an ending the position does not show" => FindingKind::NotOnBoard,
        _ => FindingKind::OtherEndingFirst,
    };
    let Some(finding) = judged(world, step) else { return };
    let got = finding.as_ref().map(|f| (f.kind, f.article));
    assert_eq!(
        got,
        Some((kind, Some(article.as_str()))),
        "expected the record to name {what} under article {article}, but lawbook finds {}",
        shown(&finding)
    );
}

#[then("the record is reported as an adjudication, which the Laws do not judge")]
fn adjudication(world: &mut ChessWorld, step: &Step) {
    let Some(finding) = judged(world, step) else { return };
    assert_eq!(
        finding.as_ref().map(|f| f.kind),
        Some(FindingKind::Adjudication),
        "expected an adjudication, but lawbook finds {}",
        shown(&finding)
    );
}
