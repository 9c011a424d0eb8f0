//! Mahjong hands: completeness, every reading, waits, shanten, and the score of a winning hand.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod agari;
mod analysis;
mod fixture;
pub mod game;
pub mod log;
mod notation;
mod open;
mod residue;
mod score;
mod shanten;
mod table;
mod tile;
mod waits;

pub use agari::{
    Decomposition, Meld, Readings, decompositions, is_complete, is_seven_pairs,
    is_standard_complete, is_thirteen_orphans, readings,
};
pub use analysis::{Analysis, NotInSet, TSV_HEADER, analyze, analyze_full, best_of};
pub use fixture::run_fixture;
pub use game::encoding;
pub use notation::{has_melds, parse_hand};
pub use residue::{
    Block, ResidueTrace, SeedAttempt, SeedFailure, pair_candidates, residue_trace, suit_complete,
};
pub use score::{
    CalledMeld, Contradiction, FuPart, FullHand, FullHandError, Limit, MeldError, MeldKind, PairFu,
    Piece, Points, Reading, RuleError, Score, ScoreError, ScoredSet, ScoringRules, SetKind,
    Situation, UnknownMeldKind, UnknownScoringRules, UnknownWind, Wait, Wind, Yaku, YakuHan,
    base_points, dora_of, parse_full_hand, parse_pieces, score,
};
pub use shanten::{Shanten, TileCountError, shanten, shanten_overall};
pub use tile::{COPIES, Hand, HandError, KINDS, MAX_TILES, Suit, Tile, show_tiles};
/// The shared game interface the game is played on (its version, for bots written against it).
pub use tiles_core;
pub use tiles_notation::ParseError;
pub use waits::{Discard, Effective, discards, effective_tiles, waits};
