//! lawbook-outcome's tests, one module per subject, in one test binary:
//! dead positions, endings against the shakmaty oracle, the rules of endings.

mod dead_positions;
mod oracle;
mod rules;
