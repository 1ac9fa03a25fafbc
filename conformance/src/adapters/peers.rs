//! shakmaty and cozy-chess in process (being written).
