//! The uci adapter (being written).
