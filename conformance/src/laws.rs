//! The FIDE Laws of Chess (2023) as data (`features/fide-laws.yaml`): every
//! numbered provision with its title, one line in our own words, and
//! whether a program can decide it. Citations are checked against it, and
//! the rulebook's index by article is built from it.

use serde::Deserialize;
use std::collections::BTreeMap;

/// An Article, Appendix or Guideline: the heading provisions belong to.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// `1` to `12`, `A` to `D`, or `I` to `III`.
    pub number: String,
    /// Its title.
    pub title: String,
}

/// Who can decide what a provision asks.
#[derive(Copy, Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Decider {
    /// A program given the game's events: a move's legality, an outcome, a time, a penalty.
    Program,
    /// A person: the arbiter's judgment, the venue, a player's intent.
    Person,
}

/// One numbered provision.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Provision {
    /// As the Laws number it: `3.8.2.2`, `A.4.2`, `III.5`.
    pub number: String,
    /// A short title.
    pub title: String,
    /// What it says, in our own words.
    pub says: String,
    /// Who can decide it.
    pub decided_by: Decider,
    /// For a provision a person decides: why a program cannot.
    #[serde(default)]
    pub why: Option<String>,
}

impl Provision {
    /// The number of the part it belongs to: `3` for `3.8.2.2`, `A` for
    /// `A.4.2`, `III` for `III.5`.
    ///
    /// ```
    /// # use lawbook_conformance::laws::{Decider, Provision};
    /// let p = Provision { number: "A.4.2".into(), title: String::new(), says: String::new(), decided_by: Decider::Program, why: None };
    /// assert_eq!(p.part(), "A");
    /// ```
    pub fn part(&self) -> &str {
        self.number.split('.').next().unwrap_or(&self.number)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    parts: Vec<Part>,
    provisions: Vec<Provision>,
}

/// The Laws: parts and provisions in the order of the official text.
#[derive(Clone, Debug)]
pub struct Laws {
    /// Every Article, Appendix and Guideline.
    pub parts: Vec<Part>,
    /// Every numbered provision.
    pub provisions: Vec<Provision>,
    index: BTreeMap<String, usize>,
}

impl Laws {
    /// The built-in copy, from `lawbook-corpus`.
    ///
    /// # Errors
    /// A message naming the problem, as [`Laws::parse`].
    pub fn embedded() -> Result<Laws, String> {
        Laws::parse(lawbook_corpus::laws(), "features/fide-laws.yaml")
    }

    /// Reads and checks the file's text; `name` names it in messages.
    ///
    /// # Errors
    /// Bad YAML, an unknown key, a number given twice, a provision whose
    /// part is not listed, an empty field, or a provision a person decides
    /// without a `why`.
    ///
    /// ```
    /// use lawbook_conformance::laws::Laws;
    /// let text = "parts: [{number: '9', title: The drawn game}]\nprovisions:\n  - {number: '9.6.2', title: Dead position, says: No series of legal moves can mate., decided_by: program}\n";
    /// let laws = Laws::parse(text, "laws.yaml").unwrap();
    /// assert_eq!(laws.get("9.6.2").unwrap().title, "Dead position");
    /// assert!(laws.get("9.6.9").is_none());
    /// assert!(Laws::parse("parts: []\nprovisions: []\nextra: 1\n", "x").is_err());
    /// ```
    pub fn parse(text: &str, name: &str) -> Result<Laws, String> {
        let file: File = serde_yaml::from_str(text).map_err(|e| format!("{name}: {e}"))?;
        let parts: BTreeMap<&str, ()> = file.parts.iter().map(|p| (p.number.as_str(), ())).collect();
        let mut index = BTreeMap::new();
        for (i, p) in file.provisions.iter().enumerate() {
            let what = format!("{name}: provision {}", p.number);
            if p.number.is_empty() || p.title.trim().is_empty() || p.says.trim().is_empty() {
                return Err(format!("{what}: number, title and says must not be empty"));
            }
            if index.insert(p.number.clone(), i).is_some() {
                return Err(format!("{what} is given twice"));
            }
            if !parts.contains_key(p.part()) {
                return Err(format!("{what}: its part {} is not in `parts`", p.part()));
            }
            match (p.decided_by, &p.why) {
                (Decider::Person, None) => return Err(format!("{what}: a person decides it, but `why` is missing")),
                (Decider::Program, Some(_)) => {
                    return Err(format!("{what}: a program decides it, so it takes no `why`"));
                }
                _ => {}
            }
        }
        Ok(Laws { parts: file.parts, provisions: file.provisions, index })
    }

    /// The provision numbered `number`, if the Laws have one.
    pub fn get(&self, number: &str) -> Option<&Provision> {
        self.index.get(number).map(|&i| &self.provisions[i])
    }

    /// The part numbered `number` (`3`, `A`, `II`).
    pub fn part(&self, number: &str) -> Option<&Part> {
        self.parts.iter().find(|p| p.number == number)
    }
}

/// The article numbers a text cites: after `FIDE`, `article(s)` or
/// `Article(s)` (a list joined by commas, `and`, `or`, `to` or a dash is
/// read whole), and in `@fide-` tags. Numbers are as the Laws write them
/// (`3.8.2.2`, `A.4.2`, `III.5`, or a part alone: `9`, `D`).
///
/// ```
/// use lawbook_conformance::laws::cited_numbers;
/// let text = "refused under article 4.7. (FIDE 4.6, 4.7.3) @fide-A.4.2 Articles 1-5 and FIDE Laws";
/// assert_eq!(cited_numbers(text), ["4.7", "4.6", "4.7.3", "A.4.2", "1", "5"]);
/// ```
pub fn cited_numbers(text: &str) -> Vec<String> {
    const MARKERS: [&str; 6] = ["FIDE ", "article ", "Article ", "articles ", "Articles ", "@fide-"];
    let mut out = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let next = MARKERS.iter().filter_map(|m| text[at..].find(m).map(|i| (at + i, m.len()))).min();
        let Some((start, len)) = next else { break };
        let mut rest = &text[start + len..];
        while let Some((number, after)) = number_at(rest) {
            out.push(number.to_string());
            // A list goes on after a comma, `and`, `or`, `to` or a dash.
            let joined = [", ", " and ", " or ", " to ", " - ", " – ", "-", "–", ","]
                .iter()
                .find_map(|j| after.strip_prefix(j).filter(|r| number_at(r).is_some()));
            match joined {
                Some(r) => rest = r,
                None => break,
            }
        }
        at = start + len;
    }
    out
}

/// An article number at the start of `text`, and the text after it.
fn number_at(text: &str) -> Option<(&str, &str)> {
    let head = |t: &str| -> usize {
        if t.starts_with(|c: char| c.is_ascii_digit()) {
            t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len())
        } else if let Some(roman) = ["III", "II", "I"].iter().find(|r| t.starts_with(*r)) {
            roman.len()
        } else if t.starts_with(['A', 'B', 'C', 'D']) {
            1
        } else {
            0
        }
    };
    let first = head(text);
    if first == 0 {
        return None;
    }
    let mut end = first;
    while let Some(tail) = text[end..].strip_prefix('.') {
        let digits = tail.find(|c: char| !c.is_ascii_digit()).unwrap_or(tail.len());
        if digits == 0 {
            break;
        }
        end += 1 + digits;
    }
    let letters_alone = !text.starts_with(|c: char| c.is_ascii_digit()) && end == first;
    let next = text[end..].chars().next();
    // A part named by a letter or numeral alone must end there (`D`, not `Dame`).
    if letters_alone && next.is_some_and(|c| c.is_alphanumeric()) {
        return None;
    }
    Some((&text[..end], &text[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn laws() -> Laws {
        Laws::embedded().unwrap_or_else(|e| panic!("{e}"))
    }

    /// The parts of the 2023 Laws, in the official order.
    const PARTS: [&str; 19] =
        ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "A", "B", "C", "D", "I", "II", "III"];

    #[test]
    fn the_built_in_laws_read() {
        let laws = laws();
        assert!(laws.get("3.8.2.2").is_some());
    }

    #[test]
    fn the_parts_are_every_article_appendix_and_guideline_in_order() {
        let laws = laws();
        let numbers: Vec<&str> = laws.parts.iter().map(|p| p.number.as_str()).collect();
        assert_eq!(numbers, PARTS);
        for part in PARTS {
            assert!(laws.provisions.iter().any(|p| p.part() == part), "part {part} has no provision");
        }
    }

    /// Numbers read in the 2023 text (two copies agreeing, or one copy and
    /// the Arbiters' Manual quoting it), some new or renumbered since 2018.
    #[test]
    fn numbers_of_the_2023_text_are_there() {
        let laws = laws();
        for number in [
            "1.5",
            "3.7",
            "3.7.3.1",
            "3.7.3.2",
            "3.7.3.3",
            "3.7.3.5",
            "3.8.2.1",
            "3.8.2.2",
            "3.9",
            "3.10.3",
            "4.4.4",
            "4.7.2",
            "5.1.1",
            "5.1.2",
            "5.2.2",
            "5.2.3",
            "6.9",
            "6.11.2",
            "7.5.5",
            "7.6",
            "8.1.1.2",
            "9.1.2.1",
            "9.2",
            "9.2.1",
            "9.2.2",
            "9.2.3",
            "9.2.3.1",
            "9.2.3.2",
            "9.3.1",
            "9.6.1",
            "9.6.2",
            "11.3.2",
            "11.3.2.2",
            "11.12",
            "12.9.9",
            "A.3",
            "A.4.1",
            "A.4.2",
            "A.5.2",
            "A.5.4",
            "A.6",
            "B.2.2",
            "B.3",
            "B.4",
            "C.9.3",
            "C.10.3.4",
            "C.13",
            "D.2.10.6",
            "I.8.3",
            "I.14",
            "II.3.2.4",
            "II.3.2.7",
            "III.3.1.2",
            "III.4",
            "III.5",
            "III.6.2",
        ] {
            assert!(laws.get(number).is_some(), "{number} is missing");
        }
    }

    /// Numbers of the 2018 Laws (or of no edition) that the 2023 text does
    /// not have: a citation of one of them is out of date.
    #[test]
    fn numbers_the_2023_text_does_not_have_are_absent() {
        let laws = laws();
        for number in [
            "3.7.4.1",
            "3.7.4.2",
            "3.7.5.1",
            "3.7.5.3",
            "3.8.2.1.1",
            "3.8.2.2.1",
            "3.8.2.2.2",
            "9.2.1.1",
            "9.2.1.2",
            "9.2.2.1",
            "9.2.2.2",
            "9.7",
            "12.10",
            "13.1",
            "A.3.1",
            "A.3.1.1",
            "A.3.2",
            "A.7",
            "B.3.1",
            "B.3.2",
            "B.5",
            "D.2.6.2.1",
            "III.7",
        ] {
            assert!(laws.get(number).is_none(), "{number} is not a number of the 2023 Laws");
        }
    }

    /// Where a provision is numbered `3.8.2.2`, `3.8.2` is there too: every
    /// numbered level is listed, not only the leaves.
    #[test]
    fn every_level_above_a_provision_is_listed() {
        let laws = laws();
        for p in &laws.provisions {
            if let Some((parent, _)) = p.number.rsplit_once('.')
                && parent.contains('.')
            {
                assert!(laws.get(parent).is_some(), "{} is listed, but not {parent}", p.number);
            }
        }
    }

    /// The provisions come in the order of the official text: by part, then
    /// number by number (`3.2` before `3.10`, `3.7` before `3.7.1`).
    #[test]
    fn the_provisions_keep_the_official_order() {
        let laws = laws();
        let key = |number: &str| -> (usize, Vec<u32>) {
            let mut segments = number.split('.');
            let part = segments.next().unwrap_or_default();
            let position = PARTS.iter().position(|p| *p == part).unwrap_or_else(|| panic!("{number}: no such part"));
            let rest =
                segments.map(|s| s.parse().unwrap_or_else(|_| panic!("{number}: {s} is not a number"))).collect();
            (position, rest)
        };
        for pair in laws.provisions.windows(2) {
            assert!(
                key(&pair[0].number) < key(&pair[1].number),
                "{} comes before {}, against the official order",
                pair[0].number,
                pair[1].number
            );
        }
    }

    #[test]
    fn who_decides_is_stated_as_the_laws_need() {
        let laws = laws();
        let decider = |number: &str| laws.get(number).map(|p| p.decided_by);
        assert_eq!(decider("3.8.2.2"), Some(Decider::Program));
        assert_eq!(decider("9.6.2"), Some(Decider::Program));
        assert_eq!(decider("A.5.2"), Some(Decider::Program));
        assert_eq!(decider("4.2.2"), Some(Decider::Person));
        assert_eq!(decider("III.5.1"), Some(Decider::Person));
        assert!(laws.provisions.iter().filter(|p| p.decided_by == Decider::Person).all(|p| p.why.is_some()));
    }
}
