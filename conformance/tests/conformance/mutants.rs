//! `lawbook-conformance mutants` names exactly the mutants the code defines,
//! which is the list `cargo xtask broken-engines` runs.

use lawbook_conformance::mutants::Mutant;
use std::collections::BTreeSet;
use std::process::Command;

#[test]
fn the_listing_names_every_mutant_once() {
    let output = Command::new(env!("CARGO_BIN_EXE_lawbook-conformance")).arg("mutants").output().expect("it runs");
    assert!(output.status.success());
    let listing = String::from_utf8(output.stdout).expect("text");
    let names: Vec<&str> = listing.lines().collect();
    assert_eq!(names.len(), Mutant::ALL.len(), "one line per mutant:\n{listing}");
    let unique: BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(unique.len(), names.len(), "no name twice:\n{listing}");
    for (name, mutant) in names.iter().zip(Mutant::ALL) {
        assert_eq!(Mutant::named(name), Some(*mutant), "{name}");
    }
    // docs/rulebook.md promises the corpus catches seventeen of them.
    assert_eq!(Mutant::ALL.len(), 17);
}

#[test]
fn described_mutants_say_what_they_get_wrong() {
    let output = Command::new(env!("CARGO_BIN_EXE_lawbook-conformance"))
        .args(["mutants", "--describe"])
        .output()
        .expect("it runs");
    let listing = String::from_utf8(output.stdout).expect("text");
    let rows: Vec<(&str, &str)> = listing.lines().filter_map(|l| l.split_once('\t')).collect();
    assert_eq!(rows.len(), Mutant::ALL.len(), "{listing}");
    for ((name, what), mutant) in rows.iter().zip(Mutant::ALL) {
        assert_eq!((*name, *what), (mutant.name(), mutant.what()));
        assert!(!what.is_empty());
    }
}
