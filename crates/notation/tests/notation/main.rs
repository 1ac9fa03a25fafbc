//! lawbook-notation's tests, one module per subject, in one test binary:
//! FEN, PGN (`tests/data/`), SAN, and readers fed random bytes.

mod fen_props;
mod pgn;
mod readers_fuzz;
mod san;
mod san_props;
