//! Mahjong hands: completeness, every reading, waits, shanten, and the score of a winning hand.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod agari;
pub mod analysis;
mod fixture;
pub mod notation;
mod open;
pub mod residue;
pub mod score;
pub mod shanten;
mod table;
pub mod tile;
pub mod waits;

pub use agari::{
    Decomposition, Meld, Readings, decompositions, is_complete, is_seven_pairs,
    is_standard_complete, is_thirteen_orphans, readings,
};
pub use analysis::{Analysis, TSV_HEADER, analyze, analyze_full, best_of};
pub use fixture::run_fixture;
pub use notation::{has_melds, parse_hand};
pub use residue::{residue_trace, suit_complete};
pub use score::{
    CalledMeld, Contradiction, FullHand, FullHandError, Limit, MeldKind, Piece, Points, Score,
    ScoreError, ScoringRules, Situation, Wind, Yaku, YakuHan, parse_full_hand, parse_pieces, score,
};
pub use shanten::{Shanten, TileCountError, shanten, shanten_overall};
pub use tile::{Hand, HandError, Suit, Tile, show_tiles};
pub use tiles_notation::ParseError;
pub use waits::{Discard, Effective, discards, effective_tiles, waits};
