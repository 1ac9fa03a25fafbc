//! Runs the whole rule corpus (`features/`) against the built-in engine.
//! Part of `cargo test`; failing scenarios show the board, the expected and
//! the actual answer.

use lawbook_conformance::EngineChoice;
use lawbook_conformance::mutants::Mutant;

fn main() {
    // `cargo xtask broken-engines` runs the corpus against deliberately broken engines.
    let engine = match std::env::var("LAWBOOK_MUTANT") {
        Ok(name) => {
            let Some(mutant) = Mutant::named(&name) else {
                eprintln!("no mutant named {name:?}; `lawbook-conformance mutants` lists them");
                std::process::exit(2);
            };
            EngineChoice::new(move || Box::new(mutant))
        }
        Err(_) => EngineChoice::built_in(),
    };
    let features = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../features");
    lawbook_conformance::run(&features, engine);
}
