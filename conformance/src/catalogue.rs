//! The rule catalogue (`features/rules.yaml`): every rule id the corpus
//! restates, with its area, statement, FIDE article and sources, so the
//! repository stands on its own.

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
