//! Runs the whole rule corpus (`features/`) against the built-in engine.
//! Part of `cargo test`; failing scenarios show the board, the expected and
//! the actual answer.

use lawbook_conformance::mutants::Mutant;

fn main() {
    // `cargo xtask corpus-mutants` runs the corpus against deliberately broken engines.
    if let Ok(name) = std::env::var("LAWBOOK_MUTANT") {
        let Some(mutant) = Mutant::named(&name) else {
            eprintln!("no mutant named {name:?}; `lawbook-conformance mutants` lists them");
            std::process::exit(2);
        };
        lawbook_conformance::world::set_engine(move || Box::new(mutant));
    }
    let features = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../features");
    lawbook_conformance::run(&features);
}
