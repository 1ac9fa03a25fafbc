//! What a step names on the board, asked of the step itself: the step is
//! found in the vocabulary the runner uses (cucumber's collection of this
//! crate's step functions), and each capture of its pattern that names a
//! square or a move carries a name saying what it is. One vocabulary, read
//! twice: to run the step, and to mark its squares on the rulebook's boards.
//!
//! | capture | what it holds | marked as |
//! |---|---|---|
//! | `attacked` | squares said to be attacked, or with `not` not attacked | [`Mark::Attacked`], [`Mark::NotAttacked`] |
//! | `empty` | squares said to be empty | [`Mark::Empty`] |
//! | `piece` | squares where a piece named stands (or gives check) | [`Mark::Piece`] |
//! | `from`, `to` | the squares of moves given by their squares | [`Mark::Move`] |
//! | `lift`, `drop` | a piece taken from or put on a square by hand: the board changes | [`Mark::Move`] |
//! | `move`, `moves` | a move, or a list of moves, asked about (read on the position of the step) | [`Mark::Move`] |
//! | `play` | a move played or tried: the board changes | [`Mark::Move`] |
//! | `movetext` | moves played one after another: the board changes | [`Mark::Move`] (the first) |
//! | `reason` | why a move is illegal, in lawbook's words: the squares it names | [`Mark::Attacked`], [`Mark::Between`] |
//! | `square` | any other square named (a colour, what a move changed) | [`Mark::Square`] |

use super::{items, movetext};
use crate::world::ChessWorld;
use cucumber::gherkin::{Step, StepType};
use cucumber::step::Collection;
use lawbook_board::Square;
use lawbook_movegen::Position;
use lawbook_notation::uci::UciMove;
use lawbook_notation::{Lang, ReadOptions, read_move, san::MovePattern};
use std::sync::OnceLock;

/// What a square named by a step is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Mark {
    /// Said to be attacked, or named as attacked in a move's reason.
    Attacked,
    /// Said not to be attacked.
    NotAttacked,
    /// Between the king and the rook, named in a castling's reason.
    Between,
    /// Said to be empty.
    Empty,
    /// Where a move named starts or ends.
    Move,
    /// Where a piece named stands.
    Piece,
    /// Any other square named.
    Square,
}

impl Mark {
    /// Every kind, in the order a legend lists them.
    pub(crate) const ALL: [Mark; 7] =
        [Mark::Attacked, Mark::NotAttacked, Mark::Between, Mark::Empty, Mark::Move, Mark::Piece, Mark::Square];
}

/// What one step names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Meaning {
    /// Squares named as they are written.
    pub squares: Vec<(Square, Mark)>,
    /// Move texts, to be read on the position of the step (their squares are [`Mark::Move`]).
    pub moves: Vec<String>,
    /// The step changes the board: it plays moves or moves pieces by hand.
    pub changes_board: bool,
}

fn collection() -> &'static Collection<ChessWorld> {
    static STEPS: OnceLock<Collection<ChessWorld>> = OnceLock::new();
    STEPS.get_or_init(<ChessWorld as cucumber::World>::collection)
}

/// The squares in a text, each as written (`d1`, `f1 and g1`, `(d1, c1)`).
fn squares_in(text: &str) -> Vec<Square> {
    text.split(|c: char| !c.is_ascii_alphanumeric()).filter_map(|word| word.parse().ok()).collect()
}

/// What a step names, from the captures of the step of the vocabulary it
/// matches: `ty` is its kind (an `And` or `But` has the kind of the step
/// before it). `None` when no step of the vocabulary matches.
pub(crate) fn meaning(ty: StepType, value: &str) -> Option<Meaning> {
    let step = Step {
        keyword: String::new(),
        ty,
        value: value.to_string(),
        docstring: None,
        table: None,
        span: Default::default(),
        position: Default::default(),
    };
    let (_, _, _, context) = collection().find(&step).ok().flatten()?;
    let mut out = Meaning::default();
    let negated = context.matches.iter().any(|(name, text)| name.as_deref() == Some("not") && !text.is_empty());
    for (name, text) in &context.matches {
        let (Some(name), false) = (name.as_deref(), text.is_empty()) else { continue };
        let mut mark = |mark: Mark| out.squares.extend(squares_in(text).into_iter().map(|sq| (sq, mark)));
        match name {
            "attacked" => mark(if negated { Mark::NotAttacked } else { Mark::Attacked }),
            "empty" => mark(Mark::Empty),
            "piece" => mark(Mark::Piece),
            "from" | "to" => mark(Mark::Move),
            "square" => mark(Mark::Square),
            "lift" | "drop" => {
                mark(Mark::Move);
                out.changes_board = true;
            }
            // lawbook's reasons name squares attacked or, in parentheses, between the king and the rook.
            "reason" if text.contains("attacked") => mark(Mark::Attacked),
            "reason" if text.contains("between") => mark(Mark::Between),
            "reason" => mark(Mark::Square),
            "move" => out.moves.push(text.clone()),
            "moves" if text != "as pinned" => out.moves.extend(items(text)),
            "play" => {
                out.moves.push(text.clone());
                out.changes_board = true;
            }
            // Only the first move is played on the position of the step.
            "movetext" => {
                out.moves.extend(movetext(text).into_iter().take(1));
                out.changes_board = true;
            }
            _ => {}
        }
    }
    Some(out)
}

/// The kind of a step from its keyword, an `And` or `But` taking `before`'s.
pub(crate) fn step_type(keyword: &str, before: StepType) -> StepType {
    match keyword {
        "Given" => StepType::Given,
        "When" => StepType::When,
        "Then" => StepType::Then,
        _ => before,
    }
}

/// The squares of the move `text` names in `pos`: a legal move's own
/// (castling: the king's two squares, as UCI writes them); otherwise those
/// of every move the text could name on this board, as the steps read it
/// (an illegal move included, see [`crate::ask::named`]); where no piece
/// could make it (`e2-e5`, `Rc3-d4`), its target, and the square it comes
/// from where the text names only one.
pub(crate) fn move_squares(pos: &Position, text: &str) -> Vec<Square> {
    let ends = |m: &UciMove| [m.from(), m.to()];
    let mut out: Vec<Square> = match read_move(pos, text, ReadOptions::LENIENT) {
        Ok((mv, _)) => ends(&UciMove::from_move(pos, mv)).into_iter().flatten().collect(),
        Err(_) => match MovePattern::read(text, Lang::English) {
            Some(pattern) => {
                let reach = crate::ask::candidates(pos);
                let named = crate::ask::named(pos, &pattern);
                let reached: Vec<Square> =
                    named.iter().filter(|m| reach.contains(m)).flat_map(ends).flatten().collect();
                if reached.is_empty() {
                    let one_from = named.windows(2).all(|w| w[0].from() == w[1].from());
                    let from = named.first().and_then(|m| m.from()).filter(|_| one_from);
                    from.into_iter().chain(named.iter().filter_map(|m| m.to())).collect()
                } else {
                    reached
                }
            }
            None => text.parse::<UciMove>().ok().iter().flat_map(ends).flatten().collect(),
        },
    };
    let mut seen = Vec::new();
    out.retain(|sq| {
        let new = !seen.contains(sq);
        seen.push(*sq);
        new
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(ty: StepType, text: &str) -> Meaning {
        meaning(ty, text).unwrap_or_else(|| panic!("no step matches {text:?}"))
    }

    fn sq(name: &str) -> Square {
        name.parse().expect("a square")
    }

    #[test]
    fn the_captures_say_what_a_step_names() {
        let m = of(StepType::Given, "d1 is attacked by Black");
        assert_eq!(m.squares, [(sq("d1"), Mark::Attacked)]);
        assert!(!m.changes_board);
        let m = of(StepType::Then, "f1 and g1 are not attacked by Black");
        assert_eq!(m.squares, [(sq("f1"), Mark::NotAttacked), (sq("g1"), Mark::NotAttacked)]);
        assert_eq!(of(StepType::Then, "0-0-0 is illegal").moves, ["0-0-0"]);
        let m = of(StepType::When, "White plays 0-0");
        assert_eq!((m.moves.as_slice(), m.changes_board), (&["0-0".to_string()][..], true));
        assert_eq!(of(StepType::Then, "there is a white king on g1").squares, [(sq("g1"), Mark::Piece)]);
        assert_eq!(of(StepType::Then, "b1, c1 and d1 are empty").squares.len(), 3);
        let m =
            of(StepType::Then, "0-0-0 is illegal because the squares between the king and the rook are not empty (b1)");
        assert_eq!(m.squares, [(sq("b1"), Mark::Between)]);
        let m = of(StepType::Then, "0-0 is illegal because the king would pass over f1, which is attacked");
        assert_eq!(m.squares, [(sq("f1"), Mark::Attacked)]);
        let m = of(StepType::Then, "the knight on g1 can move to e2, f3 and h3");
        assert_eq!(m.squares.iter().filter(|(_, k)| *k == Mark::Move).count(), 4);
        let m = of(StepType::When, "White moves the knight from g1 to f3");
        assert_eq!((m.squares.len(), m.changes_board), (2, true));
        assert_eq!(of(StepType::When, "the game continues 1. e4 e5 2. Nf3").moves, ["e4"]);
        assert!(of(StepType::Then, "the legal moves are as pinned").moves.is_empty());
        assert_eq!(of(StepType::Then, "the legal moves are Kd1, Kd2 and Ke2").moves, ["Kd1", "Kd2", "Ke2"]);
        // The kind decides the vocabulary: a `Then` never matches a `When` step.
        assert!(meaning(StepType::Then, "White plays 0-0").is_none());
        assert!(meaning(StepType::Then, "no step says this").is_none());
        assert_eq!(of(StepType::Then, "White is in check"), Meaning::default());
    }

    /// Every step of the corpus that writes a square names it by a capture:
    /// no square a reviewer reads in a step goes unmarked for want of a name.
    #[test]
    fn every_square_the_corpus_writes_in_a_step_is_named() {
        let mut unnamed = Vec::new();
        let mut seen = 0;
        for (file, text) in lawbook_corpus::feature_files() {
            let mut ty = StepType::Given;
            for (i, line) in text.lines().enumerate() {
                let line = line.trim();
                let Some((keyword, value)) = line.split_once(' ') else { continue };
                if !["Given", "When", "Then", "And", "But"].contains(&keyword) {
                    continue;
                }
                ty = step_type(keyword, ty);
                // Outline placeholders are filled in per row; pieces listed and FENs name no square to mark;
                // a move that has been played is the last move, drawn as the arrow.
                let listed = value.starts_with("White: ") || value.starts_with("Black: ");
                if value.contains('<') || value.contains('/') || listed || value.starts_with("the move ") {
                    continue;
                }
                let written = squares_in(value);
                let m = meaning(ty, value).unwrap_or_else(|| panic!("{file}:{}: no step matches {value:?}", i + 1));
                seen += usize::from(!written.is_empty());
                if !written.is_empty() && m.squares.is_empty() && m.moves.is_empty() {
                    unnamed.push(format!("{file}:{}: {value}", i + 1));
                }
            }
        }
        assert!(seen > 100, "the corpus's steps were read ({seen} name squares)");
        assert!(unnamed.is_empty(), "steps whose squares no capture names:\n{}", unnamed.join("\n"));
    }

    #[test]
    fn a_move_names_its_squares_legal_or_not() {
        let pos = lawbook_notation::fen::read("3r3k/8/8/8/8/8/5PPP/R3K2R w KQ - 0 1").expect("a position");
        let names = |text: &str| move_squares(&pos, text).iter().map(Square::to_string).collect::<Vec<_>>();
        assert_eq!(names("0-0"), ["e1", "g1"]);
        assert_eq!(names("0-0-0"), ["e1", "c1"], "an illegal castling still names its squares");
        assert_eq!(names("Ra1-a8"), ["a1", "a8"]);
        assert_eq!(names("Rd1"), ["a1", "d1"], "only the rook that can reach d1");
        assert!(names("Nf3").is_empty(), "no knight");
        assert_eq!(names("f2-f5"), ["f2", "f5"], "a move no piece can make: its squares as written");
        assert_eq!(names("Rh1-g2"), ["h1", "g2"]);
    }
}
