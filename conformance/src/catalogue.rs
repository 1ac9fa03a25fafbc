//! The rule catalogue (`features/rules.yaml`): every rule id the corpus
//! restates, with its area, statement, FIDE article and sources, so the
//! repository stands on its own. Beside it, the source pages
//! (`features/sources.yaml`) and our English translations of the quotes
//! (`features/translations.yaml`), with a reader for the quote lines
//! themselves (`# sv (000): "..."`).

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// Where a rule is stated in the source texts.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// The seed file number (`000` to `004`).
    pub seed: String,
    /// The language of the source (`sv`, `de`, `pl`, `ru`).
    pub lang: String,
}

/// One rule, figure, FAQ answer or scope note.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// The stable id, such as `CASTLE-11`.
    pub id: String,
    /// The area of the laws (`castling`, `draws`, ...).
    pub area: String,
    /// `rule`, `figure`, `faq` or `scope`.
    pub kind: String,
    /// The rule in one plain English sentence or two.
    pub statement: String,
    /// The article of the FIDE Laws of Chess, where one applies.
    #[serde(default)]
    pub fide: Option<String>,
    /// Where the sources state it.
    pub sources: Vec<Source>,
}

/// Reads and checks the catalogue.
///
/// # Errors
/// A message naming the problem: unreadable file, bad YAML, an unknown
/// key, a duplicate id, an unknown kind or an empty field.
pub fn read(path: &Path) -> Result<Vec<Rule>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse(&text, path)
}

/// Reads and checks the catalogue's text; `path` names it in messages
/// ([`crate::corpus::embedded_rules`] is the built-in copy).
///
/// # Errors
/// As [`read`], but for the file's text.
pub fn parse(text: &str, path: &Path) -> Result<Vec<Rule>, String> {
    let rules: Vec<Rule> = serde_yaml::from_str(text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut seen = BTreeMap::new();
    for rule in &rules {
        if seen.insert(rule.id.clone(), ()).is_some() {
            return Err(format!("{}: the id {} appears twice", path.display(), rule.id));
        }
        if !matches!(rule.kind.as_str(), "rule" | "figure" | "faq" | "scope") {
            return Err(format!(
                "{}: {} has kind {:?}; expected rule, figure, faq or scope",
                path.display(),
                rule.id,
                rule.kind
            ));
        }
        if rule.statement.trim().is_empty() || rule.area.trim().is_empty() || rule.sources.is_empty() {
            return Err(format!("{}: {} needs an area, a statement and at least one source", path.display(), rule.id));
        }
    }
    Ok(rules)
}

/// One source page: the number the quotes give it, its language and its own title.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SourcePage {
    /// The number, such as `000`.
    pub id: String,
    /// The language code (`sv`, `de`, `pl`, `ru`).
    pub lang: String,
    /// The page's own title, in its language.
    pub title: String,
    /// The title in English (our rendering).
    pub title_en: String,
}

/// Our English translation of one source quote.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Translation {
    /// The quote exactly as the feature file has it, without the quotation marks.
    pub quote: String,
    /// The language of the quote.
    pub lang: String,
    /// Our English.
    pub en: String,
}

/// The English name of a language code, or `None` for one the sources do not use.
pub fn language_name(code: &str) -> Option<&'static str> {
    match code {
        "sv" => Some("Swedish"),
        "de" => Some("German"),
        "pl" => Some("Polish"),
        "ru" => Some("Russian"),
        _ => None,
    }
}

/// Reads and checks the source pages' text (`features/sources.yaml`).
///
/// # Errors
/// A message naming the problem: bad YAML, an unknown key, a number given
/// twice, an unknown language or an empty title.
pub fn parse_sources(text: &str, path: &Path) -> Result<Vec<SourcePage>, String> {
    let pages: Vec<SourcePage> = serde_yaml::from_str(text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut seen = BTreeMap::new();
    for page in &pages {
        if seen.insert(page.id.clone(), ()).is_some() {
            return Err(format!("{}: the source {} appears twice", path.display(), page.id));
        }
        if language_name(&page.lang).is_none() {
            return Err(format!("{}: source {} has the unknown language {:?}", path.display(), page.id, page.lang));
        }
        if page.title.trim().is_empty() || page.title_en.trim().is_empty() {
            return Err(format!("{}: source {} needs a title and an English title", path.display(), page.id));
        }
    }
    Ok(pages)
}

/// Reads and checks the translations' text (`features/translations.yaml`).
///
/// # Errors
/// A message naming the problem: bad YAML, an unknown key, a quote given
/// twice in one language, an unknown language or an empty text.
pub fn parse_translations(text: &str, path: &Path) -> Result<Vec<Translation>, String> {
    let entries: Vec<Translation> = serde_yaml::from_str(text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut seen = BTreeMap::new();
    for t in &entries {
        if seen.insert((t.lang.clone(), t.quote.clone()), ()).is_some() {
            return Err(format!("{}: the {} quote {:?} is translated twice", path.display(), t.lang, t.quote));
        }
        if language_name(&t.lang).is_none() {
            return Err(format!("{}: the quote {:?} has the unknown language {:?}", path.display(), t.quote, t.lang));
        }
        if t.quote.trim().is_empty() || t.en.trim().is_empty() {
            return Err(format!("{}: an entry needs a quote and its English ({:?})", path.display(), t.quote));
        }
    }
    Ok(entries)
}

/// A source quote as a feature file writes it above a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quote<'a> {
    /// The language code.
    pub lang: &'a str,
    /// The source number, such as `000`.
    pub source: &'a str,
    /// `question` or `answer` for an FAQ entry, when the line says so.
    pub part: Option<&'a str>,
    /// The quoted words, without the quotation marks.
    pub text: &'a str,
}

/// Reads a quote line, `sv (000): "..."` or `ru (003), answer: "..."` (with
/// or without the leading `#`); `None` for any other comment.
pub fn quote_line(line: &str) -> Option<Quote<'_>> {
    let line = line.trim().trim_start_matches('#').trim_start();
    let (lang, rest) = line.split_once(" (")?;
    let (source, rest) = rest.split_once(')')?;
    let (part, rest) = rest.split_once(": \"")?;
    let text = rest.strip_suffix('"')?;
    let part = match part {
        "" => None,
        p => Some(p.strip_prefix(", ")?),
    };
    let ok = lang.len() == 2
        && lang.bytes().all(|b| b.is_ascii_lowercase())
        && !source.is_empty()
        && source.bytes().all(|b| b.is_ascii_digit())
        && part.is_none_or(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_lowercase()));
    ok.then_some(Quote { lang, source, part, text })
}

/// Whether a Gherkin tag (without `@`) names a rule id: upper-case letters, a dash, digits.
pub fn is_rule_id(tag: &str) -> bool {
    match tag.split_once('-') {
        Some((area, number)) => {
            !area.is_empty()
                && area.bytes().all(|b| b.is_ascii_uppercase())
                && !number.is_empty()
                && number.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quote_lines_are_read_and_other_comments_are_not() {
        let q = quote_line("    # sv (000): \"Kungen får inte passera en anfallen ruta.\"").unwrap();
        assert_eq!(
            (q.lang, q.source, q.part, q.text),
            ("sv", "000", None, "Kungen får inte passera en anfallen ruta.")
        );
        let q = quote_line("ru (003), answer: \"Да, если выполнены остальные условия.\"").unwrap();
        assert_eq!((q.lang, q.source, q.part), ("ru", "003", Some("answer")));
        // Quotation marks inside the quote stay in it.
        assert_eq!(quote_line("# sv (004): \"Den \"hoppar\" inte\"").map(|q| q.text), Some("Den \"hoppar\" inte"));
        for other in [
            "# FIDE Guidelines II, in our words: the king and the rook end where they",
            "# sv (000): \"no closing mark",
            "# swe (000): \"x\"",
            "# sv (0a0): \"x\"",
        ] {
            assert_eq!(quote_line(other), None, "{other}");
        }
    }

    #[test]
    fn sources_and_translations_are_checked() {
        let path = Path::new("x.yaml");
        let pages = parse_sources("- {id: \"000\", lang: sv, title: \"Rockad\", title_en: \"Castling\"}\n", path);
        assert_eq!(pages.map(|p| p[0].title_en.clone()), Ok("Castling".to_string()));
        let twice =
            "- {id: \"000\", lang: sv, title: a, title_en: b}\n- {id: \"000\", lang: de, title: c, title_en: d}\n";
        assert!(parse_sources(twice, path).unwrap_err().contains("twice"));
        assert!(parse_sources("- {id: \"000\", lang: fr, title: a, title_en: b}\n", path).unwrap_err().contains("fr"));
        assert!(parse_sources("- {id: \"000\", lang: sv, title: a, en: b}\n", path).is_err());
        let one = "- {quote: \"Tornet får vara anfallet.\", lang: sv, en: \"The rook may be attacked.\"}\n";
        assert_eq!(parse_translations(one, path).map(|t| t.len()), Ok(1));
        assert!(parse_translations(&one.repeat(2), path).unwrap_err().contains("twice"));
        assert!(parse_translations("- {quote: \"x\", lang: sv, en: \" \"}\n", path).is_err());
        assert!(parse_translations("- {quote: \"x\", lang: sv, en: y, note: z}\n", path).unwrap_err().contains("note"));
    }
}
