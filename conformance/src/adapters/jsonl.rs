//! The jsonl adapter (being written).
