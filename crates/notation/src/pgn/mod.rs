//! PGN (Portable Game Notation): games read one at a time from any
//! [`BufRead`](std::io::BufRead), and written in export format.
//!
//! # The model
//!
//! A [`PgnGame`] holds the tag pairs in the order read, the position the game
//! starts from (from the `SetUp`/`FEN` tags, in Chess960 mode when the
//! `Variant` tag says so), the moves of the main line, and the result (the
//! termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`). Each [`PgnMove`]
//! carries its numeric annotation glyphs (NAGs; `!` is read as `$1`, `?` as
//! `$2`, `!!` as `$3`, `??` as `$4`, `!?` as `$5`, `?!` as `$6`), the comments
//! that follow it, and the variations ([`PgnLine`]s) that are alternatives to
//! it, played from the position before it. Comments before the first move of
//! a line belong to the line ([`PgnGame::comments`], [`PgnLine::comments`]).
//!
//! # Reading
//!
//! [`PgnReader`] reads one game at a time, so a file of any size never sits
//! in memory at once, and it bounds every line (and every comment) to
//! [`PgnOptions::max_line_len`] bytes: a longer one is an error, skipped
//! without being stored. Moves may be written in any notation
//! [`read_move`](crate::read_move) reads, leniently (wrong check suffixes and
//! capture marks are ignored). Move numbers are skipped, not checked. Text
//! that is not UTF-8 (old Latin-1 files) is read with replacement characters;
//! lines starting with `%` are skipped, as the standard says.
//!
//! A malformed game (an illegal or unreadable move, an unterminated comment,
//! a missing result, a NUL byte, an over-long line, a bad tag or `FEN`) is an
//! [`Err`] naming the game number, the line and, for a move, the move
//! number and text; the reader then goes on with the next game: it skips to
//! the game's result or to the next line that starts a tag pair.
//!
//! ```
//! use lawbook_notation::pgn::PgnReader;
//! let text = "[Event \"Casual\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 {Oops} Qh4# 0-1\n\n\
//!             [Event \"Next\"]\n\n1. e4 Nf9 *\n";
//! let mut games = PgnReader::new(text.as_bytes());
//! let first = games.next().unwrap()?;
//! assert_eq!(first.tag("Event"), Some("Casual"));
//! assert_eq!(first.moves.len(), 4);
//! assert_eq!(first.moves[2].comments, ["Oops"]);
//! let second = games.next().unwrap().unwrap_err();
//! assert_eq!((second.game, second.line), (2, 8));
//! assert!(second.to_string().contains("move 1... Nf9"), "{second}");
//! assert!(games.next().is_none());
//! # Ok::<(), lawbook_notation::pgn::PgnError>(())
//! ```
//!
//! # Writing
//!
//! [`write`] produces export format: the seven-tag roster first (`Event`,
//! `Site`, `Date`, `Round`, `White`, `Black`, `Result`, with `?` where a
//! value is missing), then the other tags; `SetUp`/`FEN` (and `Variant` for
//! Chess960) from the start position; tag values with `\` and `"` escaped
//! (a control character, such as a tab or a line break, as a space);
//! SAN moves with move numbers (`12...` after a comment, a variation or a
//! start with Black to move); NAGs as `$n`; the result. Movetext lines are
//! at most 80 characters (a single comment word longer than that stands on
//! a line of its own). A line break inside a comment, with the white space
//! around it, is read as one space; the writer re-flows the white space of
//! comments.

mod error;
mod model;
mod options;
mod parser;
mod reader;
mod visitor;
mod writer;

pub use error::{PgnError, PgnErrorKind};
pub use model::{PgnGame, PgnLine, PgnMove, RESULTS, SEVEN_TAG_ROSTER};
pub use options::{DEFAULT_MAX_LINE_LEN, PgnOptions};
pub use reader::PgnReader;
pub use visitor::{GameBuilder, Visitor};
pub use writer::{write, write_to};
