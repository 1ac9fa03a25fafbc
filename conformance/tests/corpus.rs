//! Runs the whole rule corpus (`features/`) against the built-in engine.
//! Part of `cargo test`; failing scenarios show the board, the expected and
//! the actual answer.

fn main() {
    // `cargo xtask corpus-mutants` runs the corpus against deliberately broken engines.
    if let Ok(name) = std::env::var("LAWBOOK_MUTANT") {
        if lawbook_conformance::mutants::Mutant::new(&name).is_none() {
            eprintln!("no mutant named {name:?}");
            std::process::exit(2);
        }
        lawbook_conformance::world::set_engine(move || {
            Box::new(lawbook_conformance::mutants::Mutant::new(&name).unwrap_or_else(|| unreachable!("checked above")))
        });
    }
    let features = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../features");
    lawbook_conformance::run(&features);
}
