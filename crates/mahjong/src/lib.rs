//! Mahjong hands: completeness, every reading, waits and shanten.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod agari;
pub mod analysis;
mod fixture;
pub mod notation;
pub mod seed;
pub mod shanten;
mod table;
pub mod tile;
pub mod waits;

pub use agari::{
    Decomposition, Meld, Readings, decompositions, is_complete, is_seven_pairs,
    is_standard_complete, is_thirteen_orphans, readings,
};
pub use analysis::{Analysis, TSV_HEADER, analyze, best_of};
pub use fixture::run_fixture;
pub use notation::parse_hand;
pub use seed::{seed_trace, suit_complete};
pub use shanten::{Shanten, TileCountError, shanten, shanten_overall};
pub use tile::{Hand, HandError, Suit, Tile, show_tiles};
pub use tiles_notation::ParseError;
pub use waits::{Discard, Effective, discards, effective_tiles, waits};
