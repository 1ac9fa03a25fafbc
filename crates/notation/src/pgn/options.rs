//! How a [`PgnReader`](super::PgnReader) reads: [`PgnOptions`].

use lawbook_board::Relaxations;

/// The longest line (and comment) a reader accepts by default: 1 MiB.
pub const DEFAULT_MAX_LINE_LEN: usize = 1 << 20;

/// How a [`PgnReader`](super::PgnReader) reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PgnOptions {
    /// Keep variations (their moves are checked); when false they are skipped
    /// unread. Default: true.
    pub variations: bool,
    /// Keep comments; when false they are dropped. Default: true.
    pub comments: bool,
    /// The longest line, and the longest comment, in bytes. Default:
    /// [`DEFAULT_MAX_LINE_LEN`].
    pub max_line_len: usize,
    /// Which validation rules a `FEN` tag may break (composed positions).
    /// Default: none.
    pub relaxations: Relaxations,
}

impl Default for PgnOptions {
    fn default() -> PgnOptions {
        PgnOptions {
            variations: true,
            comments: true,
            max_line_len: DEFAULT_MAX_LINE_LEN,
            relaxations: Relaxations::STRICT,
        }
    }
}
