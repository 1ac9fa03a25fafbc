//! Steps added for the specials features (see features/README.md).

#[allow(unused_imports)]
use crate::world::ChessWorld;
