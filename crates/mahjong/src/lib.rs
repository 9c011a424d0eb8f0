//! Mahjong hands: completeness, every reading, waits, shanten, the score of a winning hand, and
//! a hand's outlook to one player.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod agari;
mod analysis;
mod fixture;
mod full_hand;
mod notation;
mod open;
pub mod outlook;
mod players;
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
pub use full_hand::{
    CalledMeld, FullHand, FullHandError, MeldError, MeldKind, Piece, UnknownMeldKind,
};
pub use notation::{has_melds, parse_hand};
pub use players::{Players, PlayersError};
pub use residue::{
    Block, ResidueTrace, SeedAttempt, SeedFailure, pair_candidates, residue_trace, suit_complete,
};
pub use score::{
    Contradiction, DoubleYakuman, FuPart, Limit, PairFu, Points, Reading, Renhou, RuleError, Score,
    ScoreError, ScoredSet, ScoringRules, SetKind, Situation, UnknownWind, Wait, Wind, Yaku,
    YakuHan, base_points, dora_of, parse_full_hand, parse_pieces, parse_switch, score,
};
pub use shanten::{
    Shanten, TileCountError, counts_shanten, seven_pairs_shanten, shanten, shanten_after_discards,
    shanten_overall, standard_lack_with_draws, thirteen_orphans_shanten,
};
pub use tile::{COPIES, Hand, HandError, KINDS, MAX_TILES, Suit, Tile, show_tiles, tiles_in};
pub use tiles_notation::ParseError;
pub use waits::{Discard, Effective, discards, effective_tiles, waits};
