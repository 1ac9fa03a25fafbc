//! Steps added for the pieces features (see features/README.md).

#[allow(unused_imports)]
use crate::world::ChessWorld;
