//! Piece letters in the languages of the source texts.

use core::fmt;
use core::str::FromStr;
use lawbook_board::Role;

/// A language for piece letters in algebraic notation.
///
/// | tag | king | queen | rook | bishop | knight |
/// |---|---|---|---|---|---|
/// | `en` | K | Q | R | B | N |
/// | `sv` | K | D | T | L | S |
/// | `de` | K | D | T | L | S |
/// | `pl` | K | H | W | G | S |
/// | `ru` | Кр | Ф | Л | С | К |
///
/// ```
/// use lawbook_notation::Lang;
/// let lang: Lang = "pl".parse().unwrap();
/// assert_eq!(lang.letter(lawbook_board::Role::Queen), "H");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English: K Q R B N (the PGN standard).
    #[default]
    English,
    /// Swedish: K D T L S.
    Swedish,
    /// German: K D T L S.
    German,
    /// Polish: K H W G S.
    Polish,
    /// Russian: Кр Ф Л С К.
    Russian,
}

impl Lang {
    /// Every language.
    pub const ALL: [Lang; 5] = [Lang::English, Lang::Swedish, Lang::German, Lang::Polish, Lang::Russian];

    /// The language tag: `en`, `sv`, `de`, `pl` or `ru`.
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Swedish => "sv",
            Lang::German => "de",
            Lang::Polish => "pl",
            Lang::Russian => "ru",
        }
    }

    /// The letter(s) of a piece; empty for the pawn.
    pub const fn letter(self, role: Role) -> &'static str {
        use Role::*;
        match (self, role) {
            (_, Pawn) => "",
            (Lang::Russian, King) => "Кр",
            (_, King) => "K",
            (Lang::English, Queen) => "Q",
            (Lang::Swedish | Lang::German, Queen) => "D",
            (Lang::Polish, Queen) => "H",
            (Lang::Russian, Queen) => "Ф",
            (Lang::English, Rook) => "R",
            (Lang::Swedish | Lang::German, Rook) => "T",
            (Lang::Polish, Rook) => "W",
            (Lang::Russian, Rook) => "Л",
            (Lang::English, Bishop) => "B",
            (Lang::Swedish | Lang::German, Bishop) => "L",
            (Lang::Polish, Bishop) => "G",
            (Lang::Russian, Bishop) => "С",
            (Lang::English, Knight) => "N",
            (Lang::Swedish | Lang::German | Lang::Polish, Knight) => "S",
            (Lang::Russian, Knight) => "К",
        }
    }

    /// The piece whose letters start `text`, and their length in bytes
    /// (longest letters first, so Russian `Кр` is the king, not a knight).
    pub fn role_prefix(self, text: &str) -> Option<(Role, usize)> {
        let mut best: Option<(Role, usize)> = None;
        for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            let letter = self.letter(role);
            if text.starts_with(letter) && best.is_none_or(|(_, len)| letter.len() > len) {
                best = Some((role, letter.len()));
            }
        }
        best
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// The text is not one of the language tags `en`, `sv`, `de`, `pl`, `ru`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language {:?}: expected en, sv, de, pl or ru", self.0)
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        Lang::ALL.into_iter().find(|l| l.tag().eq_ignore_ascii_case(s)).ok_or_else(|| UnknownLang(s.to_string()))
    }
}
