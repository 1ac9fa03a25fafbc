//! What the report page and the rulebook share: the filter box's script,
//! the board drawing and text made safe to print.

/// The filter of the report and the rulebook: every element with a
/// `data-search` text holding all the words typed stays.
pub(crate) const FILTER: &str = "\
const box=document.getElementById('filter');\
box.addEventListener('input',()=>{const words=box.value.toLowerCase().split(/\\s+/).filter(w=>w);\
for(const el of document.querySelectorAll('[data-search]')){const text=el.dataset.search;\
el.style.display=words.every(w=>text.includes(w))?'':'none';}});";

/// A position as a compact SVG board of `size`-pixel squares, the placement
/// alone (a position no game can reach is drawn as written): `highlights`
/// marked, the `arrow` move (UCI) in green, or a `refused` move in red.
pub(crate) fn board_svg(
    fen: &str,
    size: u32,
    highlights: Vec<lawbook_board::Square>,
    arrow: Option<&str>,
    refused: Option<&str>,
) -> String {
    use lawbook_notation::diagram::{SvgOptions, svg};
    let Ok((board, _)) = lawbook_notation::fen::read_board(fen) else { return String::new() };
    let squares = |mv: &str| -> Option<(lawbook_board::Square, lawbook_board::Square)> {
        Some((mv.get(0..2)?.parse().ok()?, mv.get(2..4)?.parse().ok()?))
    };
    let mut options = SvgOptions { square_size: size, highlights, compact: true, ..SvgOptions::default() };
    if let Some(pair) = refused.and_then(squares) {
        options.arrows.push(pair);
        options.arrow = "#c62828".to_string();
    } else if let Some(pair) = arrow.and_then(squares) {
        options.arrows.push(pair);
    }
    svg(&board, &options)
}

/// The text without the control characters XML 1.0 cannot carry, even
/// escaped; line breaks and tabs stay.
pub(crate) fn printable(text: &str) -> String {
    text.chars().filter(|c| !c.is_control() || matches!(c, '\n' | '\t')).collect()
}

pub(crate) fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").chars().take(200).collect()
}
