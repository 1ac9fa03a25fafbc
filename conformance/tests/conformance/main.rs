//! lawbook-conformance's tests, one module per subject, in one test binary.
//! `tests/corpus.rs`, the whole corpus through cucumber, stands apart: it
//! has its own `main` (`harness = false`).

mod catalogue;
mod expectations;
mod jsonl;
mod mutants;
mod pages;
mod translations;
mod vacuous;
