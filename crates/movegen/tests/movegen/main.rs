//! lawbook-movegen's tests, one module per subject, in one test binary:
//! castling, moves against the shakmaty oracle, perft against published
//! counts (`tests/data/`), validation of positions.

mod castling;
mod oracle;
mod perft;
mod validation;
