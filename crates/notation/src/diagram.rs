//! Board diagrams: plain text (ASCII letters or Unicode figurines) for
//! terminals and error messages, and SVG for HTML reports and documentation.
//!
//! Both follow the orientation rules of the laws (FIDE 2.1): White at the
//! bottom unless flipped, and the right-hand corner square light from either
//! side (`h1` from White's side, `a8` from Black's).
//!
//! ```
//! use lawbook_board::Board;
//! use lawbook_notation::diagram;
//! let text = diagram::ascii(&Board::standard());
//! assert_eq!(text.lines().next(), Some("8 r n b q k b n r"));
//! assert_eq!(text.lines().last(), Some("  a b c d e f g h"));
//! ```

use core::fmt::Write as _;
use lawbook_board::{Board, Color, File, Piece, Rank, Role, Square};

/// How a text diagram looks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TextOptions {
    /// Unicode figurines (♔♕♖♗♘♙ for White, ♚♛♜♝♞♟ for Black) instead of
    /// FEN letters (`KQRBNP`, `kqrbnp`). Default: false.
    pub figurines: bool,
    /// Black at the bottom. Default: false.
    pub flip: bool,
    /// Rank digits on the left and file letters below. Default: true.
    pub coordinates: bool,
    /// Mark empty dark squares (`:` in ASCII, `▒` with figurines); empty
    /// light squares are `.` (`·` with figurines). Without shading every empty
    /// square is `.` (`·`). Default: false.
    pub shade: bool,
}

impl Default for TextOptions {
    fn default() -> TextOptions {
        TextOptions { figurines: false, flip: false, coordinates: true, shade: false }
    }
}

/// The files left to right and the ranks top to bottom, as seen by the player
/// at the bottom.
fn orientation(flip: bool) -> ([File; 8], [Rank; 8]) {
    let mut files = File::ALL;
    let mut ranks = Rank::ALL;
    if flip {
        files.reverse();
    } else {
        ranks.reverse();
    }
    (files, ranks)
}

/// The Unicode figurine of a piece.
///
/// ```
/// use lawbook_board::{Color, Piece, Role};
/// assert_eq!(lawbook_notation::diagram::figurine(Piece::new(Color::Black, Role::Knight)), '♞');
/// ```
pub fn figurine(piece: Piece) -> char {
    match (piece.color, piece.role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}

/// A text diagram: one line per rank, squares separated by spaces, ending
/// with a newline.
///
/// ```
/// use lawbook_notation::{diagram::{self, TextOptions}, fen};
/// let pos = fen::read("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
/// let options = TextOptions { figurines: true, flip: true, shade: true, ..TextOptions::default() };
/// let text = diagram::text(pos.board(), options);
/// // Seen from Black: rank 1 on top, the h-file on the left; a8 is the light corner.
/// assert_eq!(text.lines().next(), Some("1 ♖ ▒ · ♔ · ▒ · ▒"));
/// assert_eq!(text.lines().nth(7), Some("8 ▒ · ▒ ♚ ▒ · ▒ ·"));
/// assert_eq!(text.lines().last(), Some("  h g f e d c b a"));
/// # Ok::<(), fen::FenError>(())
/// ```
pub fn text(board: &Board, options: TextOptions) -> String {
    let (files, ranks) = orientation(options.flip);
    let mut out = String::with_capacity(200);
    for rank in ranks {
        if options.coordinates {
            out.push(rank.char());
            out.push(' ');
        }
        for (i, file) in files.into_iter().enumerate() {
            let square = Square::from_coords(file, rank);
            if i > 0 {
                out.push(' ');
            }
            out.push(match (board.piece_at(square), options.figurines) {
                (Some(piece), false) => piece.char(),
                (Some(piece), true) => figurine(piece),
                (None, false) if options.shade && !square.is_light() => ':',
                (None, false) => '.',
                (None, true) if options.shade && !square.is_light() => '▒',
                (None, true) => '·',
            });
        }
        out.push('\n');
    }
    if options.coordinates {
        out.push(' ');
        for file in files {
            out.push(' ');
            out.push(file.char());
        }
        out.push('\n');
    }
    out
}

/// A text diagram with FEN letters, White at the bottom, with coordinates.
///
/// ```
/// use lawbook_notation::{diagram, fen};
/// let pos = fen::read("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
/// assert_eq!(diagram::ascii(pos.board()).lines().nth(7), Some("1 . . . . K . . R"));
/// # Ok::<(), fen::FenError>(())
/// ```
pub fn ascii(board: &Board) -> String {
    text(board, TextOptions::default())
}

/// A text diagram with Unicode figurines, White at the bottom, with coordinates.
///
/// ```
/// use lawbook_board::Board;
/// let text = lawbook_notation::diagram::unicode(&Board::standard());
/// assert_eq!(text.lines().nth(7), Some("1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖"));
/// ```
pub fn unicode(board: &Board) -> String {
    text(board, TextOptions { figurines: true, ..TextOptions::default() })
}

/// How an SVG diagram looks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Black at the bottom. Default: false.
    pub flip: bool,
    /// File letters and rank digits around the board. Default: true.
    pub coordinates: bool,
    /// The side of a square in pixels. Default: 45.
    pub square_size: u32,
    /// Arrows from one square to another (drawn centre to centre).
    pub arrows: Vec<(Square, Square)>,
    /// Squares to highlight.
    pub highlights: Vec<Square>,
    /// The colour of light squares (any SVG colour). Default: `#f0d9b5`.
    pub light: String,
    /// The colour of dark squares. Default: `#b58863`.
    pub dark: String,
    /// The colour of highlights (drawn half transparent). Default: `#ffeb3b`.
    pub highlight: String,
    /// The colour of arrows (drawn mostly opaque). Default: `#15781b`.
    pub arrow: String,
    /// A small file for pages with many boards: the dark squares as one
    /// path, the pieces in one group carrying their common attributes, no
    /// per-square classes. It looks the same. Default: false.
    pub compact: bool,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            flip: false,
            coordinates: true,
            square_size: 45,
            arrows: Vec::new(),
            highlights: Vec::new(),
            light: "#f0d9b5".to_string(),
            dark: "#b58863".to_string(),
            highlight: "#ffeb3b".to_string(),
            arrow: "#15781b".to_string(),
            compact: false,
        }
    }
}

/// Escapes text for an SVG attribute.
fn attr(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

/// An SVG diagram: a standalone `<svg>` element, usable in HTML as it is.
///
/// Squares are `<rect>`s with classes `square light` or `square dark` and a
/// `data-square` attribute; pieces are figurine glyphs (`<text>` with classes
/// such as `piece white king`), filled white or black with a dark outline, so
/// both colours read alike on any page; highlights are drawn over the
/// squares, below the pieces, and arrows over the pieces.
///
/// ```
/// use lawbook_board::{Board, Square};
/// use lawbook_notation::diagram::{self, SvgOptions};
/// let options = SvgOptions {
///     arrows: vec![(Square::E2, Square::E4)],
///     highlights: vec![Square::E4],
///     ..SvgOptions::default()
/// };
/// let svg = diagram::svg(&Board::standard(), &options);
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(svg.contains(r#"class="square light" data-square="h1""#));
/// assert!(svg.contains(r#"class="square dark" data-square="a1""#));
/// assert!(svg.contains(r#"class="arrow" data-from="e2" data-to="e4""#));
/// assert!(svg.trim_end().ends_with("</svg>"));
/// ```
pub fn svg(board: &Board, options: &SvgOptions) -> String {
    let (files, ranks) = orientation(options.flip);
    let s = options.square_size.max(8) as f64;
    let margin = if options.coordinates { (s * 0.5).round() } else { 0.0 };
    let side = margin * 2.0 + s * 8.0;
    // Top-left corner of a square, and its centre.
    let column = |sq: Square| files.iter().position(|&f| f == sq.file()).unwrap_or(0) as f64;
    let row = |sq: Square| ranks.iter().position(|&r| r == sq.rank()).unwrap_or(0) as f64;
    let corner = |sq: Square| (margin + column(sq) * s, margin + row(sq) * s);
    let centre = |sq: Square| (margin + (column(sq) + 0.5) * s, margin + (row(sq) + 0.5) * s);

    let mut out = String::with_capacity(8000);
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"lawbook-board\" width=\"{side}\" height=\"{side}\" viewBox=\"0 0 {side} {side}\">"
    );
    if margin > 0.0 {
        let _ = writeln!(out, "  <rect width=\"{side}\" height=\"{side}\" fill=\"#ffffff\"/>");
    }
    if options.compact {
        let _ = writeln!(
            out,
            "  <rect x=\"{margin}\" y=\"{margin}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            s * 8.0,
            s * 8.0,
            attr(&options.light)
        );
        let mut path = String::new();
        for sq in Square::ALL.into_iter().filter(|sq| !sq.is_light()) {
            let (x, y) = corner(sq);
            let _ = write!(path, "M{x} {y}h{s}v{s}h-{s}z");
        }
        let _ = writeln!(out, "  <path d=\"{path}\" fill=\"{}\"/>", attr(&options.dark));
    }
    for sq in Square::ALL.into_iter().filter(|_| !options.compact) {
        let (x, y) = corner(sq);
        let (class, fill) = if sq.is_light() { ("light", &options.light) } else { ("dark", &options.dark) };
        let _ = writeln!(
            out,
            "  <rect class=\"square {class}\" data-square=\"{sq}\" x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"{}\"/>",
            attr(fill)
        );
    }
    for &sq in &options.highlights {
        let (x, y) = corner(sq);
        let _ = writeln!(
            out,
            "  <rect class=\"highlight\" data-square=\"{sq}\" x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"{}\" fill-opacity=\"0.5\"/>",
            attr(&options.highlight)
        );
    }
    if options.coordinates {
        let size = (s * 0.3).round();
        for (i, file) in files.iter().enumerate() {
            let x = margin + (i as f64 + 0.5) * s;
            let y = margin + 8.0 * s + margin * 0.7;
            let _ = writeln!(
                out,
                "  <text class=\"coordinate\" x=\"{x}\" y=\"{y}\" font-size=\"{size}\" font-family=\"sans-serif\" text-anchor=\"middle\" fill=\"#333333\">{}</text>",
                file.char()
            );
        }
        for (i, rank) in ranks.iter().enumerate() {
            let x = margin * 0.5;
            let y = margin + (i as f64 + 0.5) * s + size * 0.35;
            let _ = writeln!(
                out,
                "  <text class=\"coordinate\" x=\"{x}\" y=\"{y}\" font-size=\"{size}\" font-family=\"sans-serif\" text-anchor=\"middle\" fill=\"#333333\">{}</text>",
                rank.char()
            );
        }
    }
    if options.compact {
        let _ = writeln!(
            out,
            "  <g font-size=\"{}\" font-family=\"DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, FreeSerif, serif\" text-anchor=\"middle\" stroke=\"#000000\" stroke-width=\"{}\">",
            (s * 0.78).round(),
            (s / 30.0 * 10.0).round() / 10.0,
        );
        for (sq, piece) in board.pieces() {
            let (x, y) = centre(sq);
            let fill = if piece.color == Color::White { "#fff" } else { "#000" };
            let glyph = figurine(Piece::new(Color::Black, piece.role));
            let _ = writeln!(out, "<text x=\"{x}\" y=\"{}\" fill=\"{fill}\">{glyph}\u{fe0e}</text>", y + s * 0.3);
        }
        out.push_str("  </g>\n");
    }
    for (sq, piece) in board.pieces().filter(|_| !options.compact) {
        let (x, y) = centre(sq);
        let (fill, class) = match piece.color {
            Color::White => ("#ffffff", "white"),
            Color::Black => ("#000000", "black"),
        };
        // The solid glyph for both colours, with U+FE0E asking for text (not emoji) style.
        let glyph = figurine(Piece::new(Color::Black, piece.role));
        let _ = writeln!(
            out,
            "  <text class=\"piece {class} {}\" data-square=\"{sq}\" x=\"{x}\" y=\"{}\" font-size=\"{}\" font-family=\"DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, FreeSerif, serif\" text-anchor=\"middle\" fill=\"{fill}\" stroke=\"#000000\" stroke-width=\"{}\">{glyph}\u{fe0e}</text>",
            piece.role.name(),
            y + s * 0.3,
            (s * 0.78).round(),
            (s / 30.0 * 10.0).round() / 10.0,
        );
    }
    for &(from, to) in &options.arrows {
        let (x1, y1) = centre(from);
        let (x2, y2) = centre(to);
        let (dx, dy) = (x2 - x1, y2 - y1);
        let length = (dx * dx + dy * dy).sqrt();
        let fill = attr(&options.arrow);
        if length < 1.0 {
            // An arrow to its own square: a ring.
            let _ = writeln!(
                out,
                "  <circle class=\"arrow\" data-from=\"{from}\" data-to=\"{to}\" cx=\"{x1}\" cy=\"{y1}\" r=\"{}\" fill=\"none\" stroke=\"{fill}\" stroke-width=\"{}\" stroke-opacity=\"0.8\"/>",
                s * 0.42,
                s * 0.08
            );
            continue;
        }
        let (ux, uy) = (dx / length, dy / length);
        let head = s * 0.35;
        let width = s * 0.15;
        // The shaft stops where the head starts; the head ends short of the centre.
        let tip = (x2 - ux * s * 0.1, y2 - uy * s * 0.1);
        let base = (tip.0 - ux * head, tip.1 - uy * head);
        let left = (base.0 - uy * head * 0.6, base.1 + ux * head * 0.6);
        let right = (base.0 + uy * head * 0.6, base.1 - ux * head * 0.6);
        let _ = writeln!(
            out,
            "  <g class=\"arrow\" data-from=\"{from}\" data-to=\"{to}\" fill=\"{fill}\" stroke=\"{fill}\" opacity=\"0.8\"><line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke-width=\"{width:.1}\" stroke-linecap=\"round\"/><polygon points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" stroke=\"none\"/></g>",
            base.0, base.1, tip.0, tip.1, left.0, left.1, right.0, right.1
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compact_board_is_smaller_and_draws_the_same_pieces() {
        let board = Board::standard();
        let full = svg(&board, &SvgOptions::default());
        let compact = svg(&board, &SvgOptions { compact: true, highlights: vec![Square::E4], ..SvgOptions::default() });
        assert!(compact.len() * 3 < full.len(), "{} against {}", compact.len(), full.len());
        assert_eq!(compact.matches("<text x=").count(), 32);
        assert_eq!(compact.matches('M').count(), 32, "one subpath per dark square");
        assert!(compact.contains("class=\"highlight\" data-square=\"e4\""));
        assert!(compact.trim_end().ends_with("</svg>"));
    }
}
