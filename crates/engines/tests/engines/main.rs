//! lawbook-engines's tests, one module per adapter or subject, in one test
//! binary: the child-process adapters against misbehaving fakes
//! (`tests/fakes/`), the UCI and xboard dialects, the JSON-lines schema.

mod adapters;
mod jsonl;
mod uci_dialects;
mod xboard_dialects;
