//! Runs the whole rule corpus (`features/`) against the built-in engine.
//! Part of `cargo test`; failing scenarios show the board, the expected and
//! the actual answer.

fn main() {
    let features = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../features");
    lawbook_conformance::run(&features);
}
