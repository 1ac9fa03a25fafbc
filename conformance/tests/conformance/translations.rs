//! Every source quote of the feature files has exactly one English
//! translation in `features/translations.yaml`, in the quote's language; no
//! translation is left without its quote; and every source number a quote
//! gives is a page of `features/sources.yaml`.

use lawbook_conformance::catalogue::{self, SourcePage, Translation};
use lawbook_conformance::corpus;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn features() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../features")
}

/// Every feature file of `features/`, as (file name, text).
fn feature_files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(features()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "feature") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            out.push((name, std::fs::read_to_string(&path).unwrap()));
        }
    }
    out.sort();
    out
}

/// What is wrong between the quotes of `files` and the translations and
/// sources: one line per problem, empty when they agree.
fn problems(files: &[(String, String)], translations: &[Translation], sources: &[SourcePage]) -> Vec<String> {
    let mut out = Vec::new();
    let mut used = BTreeSet::new();
    for (name, text) in files {
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim_start();
            // A comment that starts like a quote (`# sv (`) must read as one.
            let looks_like_quote =
                trimmed.strip_prefix("# ").and_then(|rest| rest.get(2..4)).is_some_and(|gap| gap == " (");
            let Some(q) = catalogue::quote_line(trimmed).filter(|_| trimmed.starts_with('#')) else {
                if looks_like_quote {
                    out.push(format!("{name}:{}: not a quote line: {trimmed}", i + 1));
                }
                continue;
            };
            let found: Vec<&Translation> = translations.iter().filter(|t| t.quote == q.text).collect();
            match found.as_slice() {
                [t] if t.lang == q.lang => {
                    used.insert((t.lang.clone(), t.quote.clone()));
                }
                [t] => {
                    out.push(format!("{name}:{}: the translation is marked {}, the quote {}", i + 1, t.lang, q.lang))
                }
                [] => out.push(format!("{name}:{}: no translation of the {} quote {:?}", i + 1, q.lang, q.text)),
                _ => out.push(format!("{name}:{}: {} translations of {:?}", i + 1, found.len(), q.text)),
            }
            match sources.iter().find(|s| s.id == q.source) {
                Some(page) if page.lang == q.lang => {}
                Some(page) => {
                    out.push(format!("{name}:{}: source {} is {}, the quote {}", i + 1, q.source, page.lang, q.lang))
                }
                None => out.push(format!("{name}:{}: no source ({}) in sources.yaml", i + 1, q.source)),
            }
        }
    }
    for t in translations {
        if !used.contains(&(t.lang.clone(), t.quote.clone())) {
            out.push(format!("translations.yaml: no feature file quotes {:?} ({})", t.quote, t.lang));
        }
    }
    out
}

fn translations() -> Vec<Translation> {
    let text = std::fs::read_to_string(features().join("translations.yaml")).unwrap();
    catalogue::parse_translations(&text, Path::new("features/translations.yaml")).unwrap_or_else(|e| panic!("{e}"))
}

fn sources() -> Vec<SourcePage> {
    let text = std::fs::read_to_string(features().join("sources.yaml")).unwrap();
    catalogue::parse_sources(&text, Path::new("features/sources.yaml")).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_quote_has_one_translation_and_every_source_a_page() {
    let found = problems(&feature_files(), &translations(), &sources());
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
    assert_eq!(translations().len(), 181, "the feature files quote 181 distinct passages");
    assert_eq!(sources().iter().map(|s| s.id.as_str()).collect::<Vec<_>>(), ["000", "001", "002", "003", "004"]);
}

/// The check itself finds a quote without a translation, an unused
/// translation, a wrong language, an unknown source and a broken quote line.
#[test]
fn the_check_finds_what_is_missing() {
    let mut files = feature_files();
    files[0].1.push_str("\n    # sv (000): \"En mening som ingen har översatt.\"\n");
    files[0].1.push_str("    # de (009): \"Auch eine gefesselte Figur zählt bei der Prüfung angegriffener Felder.\"\n");
    files[0].1.push_str("    # pl (002): \"Masz trzy sposoby\n");
    let mut translations = translations();
    translations.push(Translation {
        quote: "Nie ma takiego cytatu.".into(),
        lang: "pl".into(),
        en: "No such quote.".into(),
    });
    let t = translations.iter_mut().find(|t| t.quote == "Białe zaczynają").unwrap();
    t.lang = "ru".into();
    let found = problems(&files, &translations, &sources()).join("\n");
    for expected in [
        "no translation of the sv quote \"En mening som ingen har översatt.\"",
        "no source (009) in sources.yaml",
        "not a quote line: # pl (002): \"Masz trzy sposoby",
        "no feature file quotes \"Nie ma takiego cytatu.\"",
        "the translation is marked ru, the quote pl",
    ] {
        assert!(found.contains(expected), "expected {expected:?} in:\n{found}");
    }
}

/// What the rulebook and `lawbook check` read is this checkout's files.
#[test]
fn the_embedded_sources_and_translations_are_the_ones_in_the_checkout() {
    assert_eq!(corpus::embedded_sources(), std::fs::read_to_string(features().join("sources.yaml")).unwrap());
    assert_eq!(corpus::embedded_translations(), std::fs::read_to_string(features().join("translations.yaml")).unwrap());
}
