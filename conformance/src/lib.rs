//! The conformance harness. Built in the rule-corpus issue; for now only the crate exists.
#![deny(missing_docs)]
