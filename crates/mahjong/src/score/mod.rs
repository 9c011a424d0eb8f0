//! The score of a winning hand: its yaku, han, fu and points.
//!
//! [`score`] reads the hand every way it is complete (each standard reading with the winning
//! tile in each set that can hold it, seven pairs, thirteen orphans), scores each reading and
//! keeps the one worth the most points, then the most han, then the most fu.

mod check;
mod parts;
mod points;
mod reading;
mod situation;
pub mod text;
mod yaku;

use itertools::Itertools;

use crate::full_hand::FullHand;
use std::fmt;

pub use check::{Contradiction, ScoreError};
pub use parts::{FuPart, PairFu, Reading, ScoredSet, SetKind, Wait};
pub use points::{Limit, Points, base_points};
pub use situation::{
    DoubleYakuman, Renhou, RuleError, ScoringRules, Situation, UnknownWind, Wind, dora_of,
    parse_switch,
};
pub use text::{parse_full_hand, parse_pieces};
pub use yaku::Yaku;

/// One yaku of a score with its han (for the dora, their count).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct YakuHan {
    /// The yaku.
    pub yaku: Yaku,
    /// Its han: 13 per yakuman.
    pub han: u32,
}

/// What a winning hand is worth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    /// The han: the yaku's and the dora's, or 13 per yakuman.
    pub han: u32,
    /// The fu, rounded up to 10 (25 for seven pairs); 0 for a yakuman.
    pub fu: u32,
    /// How many yakuman: 0 for an ordinary hand, even a counted yakuman.
    pub yakuman: u32,
    /// The yaku in listing order, then the dora, aka dora and ura dora that count.
    pub yaku: Vec<YakuHan>,
    /// What the fu are made of, before rounding; empty for a yakuman.
    pub fu_parts: Vec<FuPart>,
    /// The limit, if the base points are capped.
    pub limit: Option<Limit>,
    /// The base points.
    pub base: u32,
    /// Who pays what.
    pub points: Points,
    /// The reading scored.
    pub reading: Reading,
    /// The wait that reading gives the winning tile.
    pub wait: Wait,
}

/// Scores a winning hand: its concealed tiles (the winning tile among them) and called melds,
/// in `situation`, under `rules`.
///
/// # Errors
///
/// [`ScoreError`]: a hand that is not 14 tiles (each kan as 3), a winning tile not in the
/// concealed tiles, a contradictory situation, a fifth copy (counting the indicators), red
/// fives the rules do not have, a hand that is not complete, or one with no yaku.
pub fn score(
    hand: &FullHand,
    situation: &Situation,
    rules: &ScoringRules,
) -> Result<Score, ScoreError> {
    check::validate(hand, situation, rules)?;
    reading::best(hand, situation, rules)
}

impl fmt::Display for Score {
    /// The readable report: the reading and wait, each yaku with its han, the fu and their
    /// parts, the limit and the payments.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "reading: {} ({} wait)", self.reading, self.wait)?;
        for YakuHan { yaku, han } in &self.yaku {
            writeln!(f, "  {yaku}: {han} han")?;
        }
        if self.yakuman > 0 {
            let times = match self.yakuman {
                1 => String::new(),
                n => format!(" x{n}"),
            };
            writeln!(f, "yakuman{times}: {} han", self.han)?;
        } else {
            writeln!(f, "han: {}", self.han)?;
            writeln!(f, "fu: {} ({})", self.fu, self.fu_parts.iter().join(", "))?;
        }
        match self.limit {
            Some(limit) => writeln!(f, "limit: {limit} (base {})", self.base)?,
            None => writeln!(f, "base: {}", self.base)?,
        }
        writeln!(f, "points: {}", self.points)
    }
}
