//! The tests of the `lawbook` binary (`env!("CARGO_BIN_EXE_lawbook")`), one
//! module per command or subject, in one test binary. Two test binaries stand
//! apart: `tests/faults.rs`, whose runs want the processor to themselves
//! (short time limits), and `tests/perft_diff.rs`, whose `main` is also the
//! faulty engine its cases run against (`harness = false`).

mod bad_inputs;
mod check;
mod output;
mod perft;
mod pgn;
mod pgn_records;
mod play;
mod run;
mod serve;
mod serve_schema;
