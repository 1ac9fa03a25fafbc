//! lawbook-otb's tests, one module per subject, in one test binary: the
//! over-the-board articles, and random events.

mod articles;
mod random_events;
