//! Rummikub rules.
#![warn(missing_docs)]

pub mod group;
pub mod notation;
pub mod rules;
pub mod tile;

pub use group::{Group, GroupError, GroupKind, Slot};
pub use notation::{parse_tile, parse_tiles};
pub use rules::{Color, Preset, Rules};
pub use tile::{Number, Tile};
