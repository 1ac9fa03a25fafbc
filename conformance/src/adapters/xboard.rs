//! The xboard adapter (being written).
