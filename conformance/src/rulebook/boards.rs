//! A scenario's boards and what is marked on them: the squares its steps
//! name, each coloured by what the step says of it (attacked, not attacked,
//! between king and rook, empty, a move's square, a piece's square), with a
//! legend. What a step names is asked of the step vocabulary itself
//! ([`crate::steps::meaning`]); a move a step names is read on the position
//! the step speaks of.

use crate::page::board_svg;
use crate::records::ScenarioRecord;
use crate::steps::meaning::{Mark, meaning, move_squares, step_type};
use cucumber::gherkin::StepType;
use lawbook_board::Square;
use lawbook_movegen::Position;
use maud::{Markup, html};
use std::collections::BTreeMap;

/// The squares marked on one board, each with what the steps say of it.
pub(super) type Marks = BTreeMap<Square, Vec<Mark>>;

/// The marks of a scenario's two boards.
pub(super) struct Boards {
    /// On the position set up.
    pub before: Marks,
    /// On the position reached.
    pub after: Marks,
    /// A step changes the board, and the second board shows the result:
    /// the first board's marks are those of the steps before it.
    pub moved: bool,
}

impl Boards {
    /// Which steps a board's marks come from, in the caption's words.
    pub(super) fn which_steps(&self, first: bool) -> &'static str {
        match (first, self.moved) {
            (true, true) => "the steps before the first move",
            (false, _) => "the steps after the last move",
            (true, false) => "the steps",
        }
    }
}

/// A mark's colour (drawn half transparent over the square).
fn colour(mark: Mark) -> &'static str {
    match mark {
        Mark::Attacked => "#e53935",
        Mark::NotAttacked => "#2e7d32",
        Mark::Between => "#8e24aa",
        Mark::Empty => "#78909c",
        Mark::Move => "#1e88e5",
        Mark::Piece => "#fdd835",
        Mark::Square => "#fb8c00",
    }
}

/// A mark in the legend's words.
fn words(mark: Mark) -> &'static str {
    match mark {
        Mark::Attacked => "attacked",
        Mark::NotAttacked => "not attacked",
        Mark::Between => "between king and rook",
        Mark::Empty => "empty",
        Mark::Move => "from or to of a move",
        Mark::Piece => "a piece named",
        Mark::Square => "a square named",
    }
}

/// A mark's class, for styles and tests.
pub(super) fn class(mark: Mark) -> &'static str {
    match mark {
        Mark::Attacked => "mark-attacked",
        Mark::NotAttacked => "mark-not-attacked",
        Mark::Between => "mark-between",
        Mark::Empty => "mark-empty",
        Mark::Move => "mark-move",
        Mark::Piece => "mark-piece",
        Mark::Square => "mark-square",
    }
}

fn position(fen: Option<&String>) -> Option<Position> {
    fen.and_then(|f| lawbook_notation::fen::read(f).ok())
}

/// Whether the scenario shows a second board, after its moves.
pub(super) fn has_after_board(r: &ScenarioRecord) -> bool {
    r.fen.is_some() && (r.fen != r.start || r.refused.is_some())
}

/// The marks of the scenario's two boards: what the steps name before the
/// first step that changes the board (on the position set up), and what
/// they name after the last (on the position reached). Steps in between
/// speak of positions no board shows, and mark nothing. A move named is
/// read on the position of its board (a position no game can reach names no
/// move's squares); a step that plays a move marks it on the board before.
pub(super) fn marks(r: &ScenarioRecord) -> Boards {
    let mut ty = StepType::Given;
    let mut named = Vec::new();
    for step in &r.steps {
        let (keyword, value) = step.text.split_once(' ').unwrap_or((&step.text, ""));
        ty = step_type(keyword, ty);
        if let Some(m) = meaning(ty, value) {
            named.push(m);
        }
    }
    let changes = named.iter().filter(|m| m.changes_board).count();
    let after_board = has_after_board(r);
    let (start, end) = (position(r.start.as_ref()), position(r.fen.as_ref()));
    let (mut before, mut after) = (Marks::new(), Marks::new());
    let mut changed = 0;
    for m in &named {
        // The board of this step's position, and that position.
        let target = if changed == 0 && (changes > 0 || !after_board) {
            Some((&mut before, start.as_ref()))
        } else if changed == changes && after_board {
            Some((&mut after, end.as_ref()))
        } else if changed == changes {
            // Nothing changed the board after all (a move refused, a touch): one board.
            Some((&mut before, start.as_ref()))
        } else {
            None
        };
        if let Some((marks, pos)) = target {
            let moves: Vec<Square> =
                pos.map(|p| m.moves.iter().flat_map(|t| move_squares(p, t)).collect()).unwrap_or_default();
            let squares = m.squares.iter().copied().chain(moves.into_iter().map(|sq| (sq, Mark::Move)));
            for (sq, mark) in squares {
                let kinds = marks.entry(sq).or_default();
                if !kinds.contains(&mark) {
                    kinds.push(mark);
                }
            }
        }
        changed += usize::from(m.changes_board);
    }
    for kinds in before.values_mut().chain(after.values_mut()) {
        kinds.sort();
    }
    Boards { before, after, moved: changes > 0 && after_board }
}

/// A board of `fen` with `marks`: the notation crate's SVG, each marked
/// square's highlight replaced by one stripe per kind of mark, in the
/// kind's colour, with the square and what is said of it as a tooltip.
pub(super) fn board(fen: &str, marks: &Marks, arrow: Option<&str>, refused: Option<&str>) -> String {
    let mut svg = board_svg(fen, 32, marks.keys().copied().collect(), arrow, refused);
    for (sq, kinds) in marks {
        let start_tag = format!("<rect class=\"highlight\" data-square=\"{sq}\"");
        let Some(at) = svg.find(&start_tag) else { continue };
        let Some(len) = svg[at..].find("/>").map(|l| l + 2) else { continue };
        let rect = &svg[at..at + len];
        let number = |name: &str| -> Option<f64> {
            let from = rect.find(&format!(" {name}=\""))? + name.len() + 3;
            rect[from..].split('"').next()?.parse().ok()
        };
        let (Some(x), Some(y), Some(side)) = (number("x"), number("y"), number("width")) else { continue };
        let stripe = side / kinds.len() as f64;
        let said: Vec<&str> = kinds.iter().map(|&k| words(k)).collect();
        let mut group = format!("<g class=\"marked\" data-square=\"{sq}\"><title>{sq}: {}</title>", said.join("; "));
        for (i, &kind) in kinds.iter().enumerate() {
            group.push_str(&format!(
                "<rect class=\"{}\" x=\"{}\" y=\"{y}\" width=\"{stripe}\" height=\"{side}\" fill=\"{}\" fill-opacity=\"0.6\"/>",
                class(kind),
                x + stripe * i as f64,
                colour(kind)
            ));
        }
        group.push_str("</g>");
        svg.replace_range(at..at + len, &group);
    }
    svg
}

/// The legend of a board's marks: each kind on it, with its colour;
/// `steps` says which steps they come from.
pub(super) fn legend(marks: &Marks, steps: &str) -> Markup {
    let kinds: Vec<Mark> = Mark::ALL.into_iter().filter(|k| marks.values().any(|ks| ks.contains(k))).collect();
    html! {
        @if !kinds.is_empty() {
            br;
            "Marked, as " (steps) " name them: "
            span.legend {
                @for k in kinds {
                    span.key {
                        span.swatch style=(format!("background:{}", colour(k))) {}
                        (words(k))
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::{StepRecord, StepVerdict, Verdict};

    fn record(start: &str, end: &str, steps: &[&str]) -> ScenarioRecord {
        ScenarioRecord {
            id: "castling.feature: Figure 5".into(),
            feature: "Castling".into(),
            rule: None,
            scenario: "Figure 5".into(),
            tags: Vec::new(),
            location: "castling.feature:300".into(),
            quotes: Vec::new(),
            verdict: Verdict::Passed,
            message: None,
            fen: Some(end.into()),
            last_move: None,
            steps: steps
                .iter()
                .enumerate()
                .map(|(i, t)| StepRecord {
                    text: (*t).into(),
                    line: i,
                    verdict: StepVerdict::Passed,
                    message: None,
                    capability: None,
                    fault: None,
                })
                .collect(),
            start: Some(start.into()),
            refused: None,
            pins: Vec::new(),
            play: None,
        }
    }

    fn named(marks: &Marks) -> Vec<String> {
        marks
            .iter()
            .map(|(sq, ks)| format!("{sq}:{}", ks.iter().map(|&k| class(k)).collect::<Vec<_>>().join("+")))
            .collect()
    }

    const FIGURE_5: &str = "3r3k/8/8/8/8/8/5PPP/R3K2R w KQ - 0 1";
    const AFTER_0_0: &str = "3r3k/8/8/8/8/8/5PPP/R4RK1 b - - 1 1";

    #[test]
    fn figure_5_marks_the_attacked_d1_and_the_moves_before_and_the_king_after() {
        let r = record(
            FIGURE_5,
            AFTER_0_0,
            &[
                "Given the board",
                "And White to move",
                "And White may still castle both ways",
                "And d1 is attacked by Black",
                "And f1 and g1 are not attacked by Black",
                "Then 0-0-0 is illegal",
                "But 0-0 is legal",
                "And the legal moves are as pinned",
                "When White plays 0-0",
                "Then there is a white king on g1",
                "And Black is to move",
            ],
        );
        let boards = marks(&r);
        let (before, after) = (&boards.before, &boards.after);
        assert_eq!(
            named(before),
            [
                "c1:mark-move",
                "d1:mark-attacked",
                "e1:mark-move",
                "f1:mark-not-attacked",
                "g1:mark-not-attacked+mark-move"
            ]
        );
        assert_eq!(named(after), ["g1:mark-piece"]);
        let svg = board(FIGURE_5, before, None, None);
        assert!(svg.contains("<title>d1: attacked</title><rect class=\"mark-attacked\""), "{svg}");
        assert!(svg.contains("<title>g1: not attacked; from or to of a move</title>"));
        assert!(!svg.contains("class=\"highlight\""), "every highlight is replaced by its marks");
        assert_eq!(boards.which_steps(true), "the steps before the first move");
    }

    #[test]
    fn without_a_move_every_step_marks_the_one_board_and_a_refused_move_marks_the_second() {
        let r = record(
            FIGURE_5,
            FIGURE_5,
            &["Given the board", "Then d1 is attacked by Black", "And b1, c1 and d1 are empty"],
        );
        let boards = marks(&r);
        assert_eq!(named(&boards.before), ["b1:mark-empty", "c1:mark-empty", "d1:mark-attacked+mark-empty"]);
        assert!(boards.after.is_empty() && boards.which_steps(true) == "the steps");
        let mut r = record(
            FIGURE_5,
            FIGURE_5,
            &["Given the board", "When White tries 0-0-0", "Then there is a white king on e1"],
        );
        r.refused = Some("e1c1".into());
        let boards = marks(&r);
        assert_eq!(named(&boards.before), ["c1:mark-move", "e1:mark-move"]);
        assert_eq!(named(&boards.after), ["e1:mark-piece"]);
        // A position no game can reach names the squares written, not a move's.
        let unreachable = "8/8/8/8/8/8/8/KK5k w - - 0 1";
        let r = record(unreachable, unreachable, &["Then Ka2 is legal", "And a2 is empty"]);
        assert_eq!(named(&marks(&r).before), ["a2:mark-empty"]);
    }
}
