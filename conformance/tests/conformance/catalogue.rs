//! The catalogue and the corpus agree: every id in `features/rules.yaml` is
//! the tag of at least one scenario, and every rule id a scenario carries is
//! in the catalogue. Every article number the corpus, the catalogue, the
//! messages of the crates and the documents cite is a provision of the FIDE
//! Laws in `features/fide-laws.yaml`.

use lawbook_conformance::catalogue;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn features() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../features")
}

/// Rule-id tags on scenario lines (tags directly above a `Scenario`), per file.
fn scenario_ids() -> BTreeMap<String, BTreeSet<String>> {
    let mut found: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in std::fs::read_dir(features()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "feature") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for (i, line) in lines.iter().enumerate() {
            if !line.starts_with('@') {
                continue;
            }
            let next = lines[i + 1..].iter().find(|l| !l.starts_with('@') && !l.starts_with('#') && !l.is_empty());
            if !next.is_some_and(|l| l.starts_with("Scenario")) {
                continue;
            }
            for tag in line.split_whitespace().filter_map(|t| t.strip_prefix('@')) {
                if catalogue::is_rule_id(tag) {
                    let file = path.file_name().unwrap().to_string_lossy().into_owned();
                    found.entry(tag.to_string()).or_default().insert(file);
                }
            }
        }
    }
    found
}

#[test]
fn every_catalogued_rule_has_a_scenario_and_every_tag_is_catalogued() {
    let rules = catalogue::read(&features().join("rules.yaml")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rules.len(), 89, "the sources' inventory has 89 ids");
    let ids: BTreeSet<String> = rules.iter().map(|r| r.id.clone()).collect();
    let tagged = scenario_ids();
    let missing: Vec<&String> = ids.iter().filter(|id| !tagged.contains_key(*id)).collect();
    let unknown: Vec<(&String, &BTreeSet<String>)> = tagged.iter().filter(|(id, _)| !ids.contains(*id)).collect();
    assert!(unknown.is_empty(), "scenarios carry ids that are not in features/rules.yaml: {unknown:?}");
    assert!(missing.is_empty(), "{} catalogued ids have no scenario yet: {missing:?}", missing.len());
}

#[test]
fn the_catalogue_refuses_unknown_keys() {
    let dir = std::env::temp_dir().join(format!("lawbook-catalogue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("rules.yaml");
    std::fs::write(&path, "- id: X-1\n  area: a\n  kind: rule\n  statement: s\n  colour: red\n  sources: []\n")
        .unwrap();
    let err = catalogue::read(&path).unwrap_err();
    assert!(err.contains("colour"), "{err}");
    std::fs::write(
        &path,
        "- id: X-1\n  area: a\n  kind: law\n  statement: s\n  sources: [{seed: \"000\", lang: sv}]\n",
    )
    .unwrap();
    assert!(catalogue::read(&path).unwrap_err().contains("kind"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What `lawbook check` runs from any folder is this checkout's corpus: the
/// same feature files, catalogue and pinned lists, byte for byte.
#[test]
fn the_embedded_corpus_is_the_one_in_the_checkout() {
    use lawbook_conformance::corpus;
    let on_disk = corpus::folder(&features()).expect("features/ reads");
    let built_in = corpus::embedded();
    let names = |part: &corpus::Part| -> Vec<(String, String)> {
        part.files
            .iter()
            .map(|f| (f.path.file_name().unwrap().to_string_lossy().into_owned(), f.text.clone()))
            .collect()
    };
    assert_eq!(names(&built_in), names(&on_disk), "rebuild: the embedded feature files differ from features/");
    assert_eq!(corpus::embedded_rules(), std::fs::read_to_string(features().join("rules.yaml")).unwrap());
    assert_eq!(catalogue::parse(corpus::embedded_rules(), Path::new("rules.yaml")).map(|r| r.len()), Ok(89));
    let pins = features().join("snapshots");
    let mut count = 0;
    for entry in std::fs::read_dir(&pins).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "snap") {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).unwrap();
            assert_eq!(corpus::Pins::Embedded.pinned_moves(&name).as_deref(), Some(text.as_str()), "{name}");
            count += 1;
        }
    }
    assert!(count > 300, "the pinned lists are in features/snapshots/ ({count})");
}

/// The files whose citations must name provisions of the Laws: the corpus
/// and its catalogue, the sources of the crates (the messages people read),
/// and the documents (the guides and results in `docs/` among them).
fn citing_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    let mut folders = vec![root.join("features"), root.join("crates"), root.join("conformance/src"), root.join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if path.is_dir() {
                if !matches!(name, "target" | "snapshots" | "node_modules") {
                    folders.push(path);
                }
            } else if matches!(path.extension().and_then(|e| e.to_str()), Some("feature" | "rs" | "md"))
                || name == "rules.yaml"
            {
                files.push(path);
            }
        }
    }
    for doc in
        ["README.md", "ARCHITECTURE.md", "conformance/README.md", "conformance/FINDINGS.md", "conformance/PROTOCOL.md"]
    {
        files.push(root.join(doc));
    }
    assert!(files.iter().any(|f| f.ends_with("docs/engine-authors.md")), "the guides in docs/ are read too");
    files.sort();
    files
}

#[test]
fn every_cited_article_is_a_provision_of_the_laws() {
    let laws = lawbook_conformance::laws::Laws::embedded().unwrap_or_else(|e| panic!("{e}"));
    let mut unknown = Vec::new();
    for file in citing_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        // A test's deliberately unknown number says so on its line.
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.contains("// not a provision")) {
            // A tag names one provision whole: `@fide-Appendix-C` is no number.
            for tag in line.split_whitespace().filter_map(|w| w.strip_prefix("@fide-")) {
                let tag = tag.trim_end_matches(|c: char| !c.is_alphanumeric());
                if laws.get(tag).is_none() && laws.part(tag).is_none() {
                    unknown.push(format!("{}:{}: @fide-{tag}", file.display(), i + 1));
                }
            }
            for number in lawbook_conformance::laws::cited_numbers(line) {
                if laws.get(&number).is_none() && laws.part(&number).is_none() {
                    unknown.push(format!("{}:{}: {number}", file.display(), i + 1));
                }
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "{} citations name no provision of features/fide-laws.yaml:\n{}",
        unknown.len(),
        unknown.join("\n")
    );
}
