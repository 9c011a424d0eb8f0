//! Completeness (agari) and every reading of a complete hand.
//!
//! A hand of `3k + 2` tiles is complete in the standard form when it splits into `k` melds and
//! one pair: a meld is a chow (three consecutive ranks of one numbered suit, no wrapping from 9
//! to 1; honours never form chows) or a pung (three of a kind). A 14-tile hand is also complete
//! as seven pairs (seven *distinct* pairs: four of a kind is not two pairs) or as thirteen
//! orphans (one of each terminal and honour, plus a second of one of them).

use std::fmt;

use crate::residue::four_at_most_complete;
use crate::shanten::ORPHANS;
use crate::tile::{Hand, KINDS, MAX_TILES, Suit, Tile};

/// A meld of a standard reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Meld {
    /// Three consecutive ranks of one suit, starting at this tile.
    Chow(Tile),
    /// Three of this tile.
    Pung(Tile),
}

impl Meld {
    /// The meld's first tile.
    pub fn first(self) -> Tile {
        match self {
            Meld::Chow(tile) | Meld::Pung(tile) => tile,
        }
    }
}

impl Ord for Meld {
    /// Tile order, a chow before a pung of the same first tile.
    fn cmp(&self, other: &Meld) -> std::cmp::Ordering {
        let key = |meld: &Meld| (meld.first(), matches!(meld, Meld::Pung(_)));
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for Meld {
    fn partial_cmp(&self, other: &Meld) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (first, step) = match *self {
            Meld::Chow(tile) => (tile, 1),
            Meld::Pung(tile) => (tile, 0),
        };
        let rank = first.rank();
        write!(
            f,
            "{}{}{}{}",
            rank,
            rank + step,
            rank + 2 * step,
            first.suit().letter()
        )
    }
}

/// One standard reading of a complete hand: its melds and its pair.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Decomposition {
    /// The pair's tile.
    pub pair: Tile,
    /// The melds, in tile order.
    pub melds: Vec<Meld>,
}

impl fmt::Display for Decomposition {
    /// The pair then the melds: `99m 123m 456m 555m 789m`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.pair.rank(),
            self.pair.rank(),
            self.pair.suit().letter()
        )?;
        for meld in &self.melds {
            write!(f, " {meld}")?;
        }
        Ok(())
    }
}

/// Every way a hand is complete.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Readings {
    /// Every distinct standard reading, in order.
    pub standard: Vec<Decomposition>,
    /// Whether the hand is seven distinct pairs.
    pub seven_pairs: bool,
    /// Whether the hand is thirteen orphans.
    pub thirteen_orphans: bool,
}

impl Readings {
    /// Whether the hand is complete in any form.
    pub fn is_complete(&self) -> bool {
        !self.standard.is_empty() || self.seven_pairs || self.thirteen_orphans
    }
}

/// Whether the hand is complete in any form: standard, seven pairs or thirteen orphans.
///
/// Hands of other sizes than `3k + 2` are never complete; seven pairs and thirteen orphans
/// need fourteen tiles.
pub fn is_complete(hand: &Hand) -> bool {
    is_standard_complete(hand) || is_seven_pairs(hand) || is_thirteen_orphans(hand)
}

/// Whether the hand is `k` melds and a pair (`3k + 2` tiles).
///
/// Per suit, the tile count mod 3 must be 0 (melds only) or 2 (melds and the pair), with the
/// pair in exactly one suit; each numbered suit is checked with the residue-of-three check, each
/// honour must be held 0, 2 or 3 times.
pub fn is_standard_complete(hand: &Hand) -> bool {
    let Some(family) = pair_family(hand.counts()) else {
        return false;
    };
    if hand.len() % 3 != 2 {
        return false;
    }
    hand.numbered_suits()
        .iter()
        .enumerate()
        .all(|(suit, ranks)| {
            let pair = suit == family;
            !pair && **ranks == [0; 9] || four_at_most_complete(ranks, pair)
        })
}

/// The family (0-2 a numbered suit, 3 the honours) a standard reading of `counts` takes its
/// pair from, or `None` if the counts fail a standard hand's cheap conditions: sets take tiles
/// three at a time from one family, so each suit's size is 0 or 2 mod 3, each honour is held
/// 0, 2 or 3 times, and there is one pair in all (a suit of size 2 mod 3, or an honour held
/// twice). Worked out without branching on the tiles.
pub(crate) fn pair_family(counts: &[u8; KINDS]) -> Option<usize> {
    let honors = &counts[27..];
    let lonely_honor = honors
        .iter()
        .fold(false, |bad, &c| bad | (c == 1) | (c == 4));
    let honor_pairs = honors.iter().map(|&c| usize::from(c == 2)).sum::<usize>();
    let sizes = [0, 9, 18].map(|first| counts[first..first + 9].iter().sum::<u8>() % 3);
    let suit_pairs = sizes
        .iter()
        .map(|&size| usize::from(size == 2))
        .sum::<usize>();
    if lonely_honor | sizes.contains(&1) | (honor_pairs + suit_pairs != 1) {
        return None;
    }
    Some(sizes.iter().position(|&size| size == 2).unwrap_or(3))
}

/// Whether the hand is seven distinct pairs.
pub fn is_seven_pairs(hand: &Hand) -> bool {
    // 0 and 2 are the only counts up to 4 with bits 0 and 2 clear.
    hand.len() == MAX_TILES
        && hand
            .counts()
            .iter()
            .fold(0, |bits, &count| bits | count & 0b101)
            == 0
}

/// Whether the hand is thirteen orphans: each terminal and honour, one of them twice.
pub fn is_thirteen_orphans(hand: &Hand) -> bool {
    let counts = hand.counts();
    // All fourteen tiles among the orphans (rarely so), then none of them missing.
    let held: u8 = ORPHANS.iter().map(|&index| counts[index]).sum();
    held == 14 && hand.len() == MAX_TILES && ORPHANS.iter().all(|&index| counts[index] > 0)
}

/// Every reading of the hand: its distinct standard decompositions, seven pairs and thirteen
/// orphans.
pub fn readings(hand: &Hand) -> Readings {
    Readings {
        standard: decompositions(hand),
        seven_pairs: is_seven_pairs(hand),
        thirteen_orphans: is_thirteen_orphans(hand),
    }
}

/// Every distinct standard reading (melds and a pair) of the hand, in order; none if it is not
/// complete in the standard form.
///
/// Two readings are distinct when their multisets of melds or their pairs differ. Each suit is
/// read on its own, from its lowest rank: the tiles of that rank must all start blocks there
/// (the pair, a pung, and as many chows as are left), so every choice gives another reading.
pub fn decompositions(hand: &Hand) -> Vec<Decomposition> {
    if !is_standard_complete(hand) {
        return Vec::new();
    }
    let mut partial: Vec<SuitReading> = vec![(None, Vec::new())];
    for suit in Suit::ALL {
        let mut ranks = hand.suit_counts(suit);
        let pair = if ranks.iter().sum::<u8>() % 3 == 2 {
            PairSlot::Wanted
        } else {
            PairSlot::None
        };
        let mut suit_readings = Vec::new();
        read_suit(
            &mut ranks,
            0,
            suit,
            pair,
            &mut Vec::new(),
            &mut suit_readings,
        );
        partial = partial
            .iter()
            .flat_map(|(pair, melds)| {
                suit_readings.iter().map(move |(suit_pair, suit_melds)| {
                    let melds = melds.iter().chain(suit_melds).copied().collect();
                    (pair.or(*suit_pair), melds)
                })
            })
            .collect();
    }
    let mut readings: Vec<Decomposition> = partial
        .into_iter()
        .filter_map(|(pair, mut melds)| {
            melds.sort_unstable();
            Some(Decomposition { pair: pair?, melds })
        })
        .collect();
    readings.sort_unstable();
    readings
}

/// A reading of part of a hand: its pair, if that part holds it, and its melds.
type SuitReading = (Option<Tile>, Vec<Meld>);

/// Where a suit stands with the hand's pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PairSlot {
    /// The pair is in another suit.
    None,
    /// The pair is in this suit and not yet chosen.
    Wanted,
    /// The pair is this tile.
    Taken(Tile),
}

/// Reads one suit's `ranks[from..]` as melds (and the pair, if wanted), pushing every
/// reading onto `out`.
fn read_suit(
    ranks: &mut [u8; 9],
    from: usize,
    suit: Suit,
    pair: PairSlot,
    melds: &mut Vec<Meld>,
    out: &mut Vec<SuitReading>,
) {
    let Some(at) = (from..usize::from(suit.ranks())).find(|&rank| ranks[rank] > 0) else {
        match pair {
            PairSlot::None => out.push((None, melds.clone())),
            PairSlot::Taken(tile) => out.push((Some(tile), melds.clone())),
            PairSlot::Wanted => {}
        }
        return;
    };
    let tile = Tile::kind(suit.first_index() + at);
    let count = ranks[at];
    for take_pair in [false, true] {
        if take_pair && (pair != PairSlot::Wanted || count < 2) {
            continue;
        }
        let left = count - 2 * u8::from(take_pair);
        for pung in [false, true] {
            if pung && left < 3 {
                continue;
            }
            let chows = left - 3 * u8::from(pung);
            let fits = chows == 0
                || (suit != Suit::Honor
                    && at + 2 < 9
                    && ranks[at + 1] >= chows
                    && ranks[at + 2] >= chows);
            if !fits {
                continue;
            }
            ranks[at] = 0;
            if chows > 0 {
                ranks[at + 1] -= chows;
                ranks[at + 2] -= chows;
            }
            let mark = melds.len();
            if pung {
                melds.push(Meld::Pung(tile));
            }
            melds.extend(std::iter::repeat_n(Meld::Chow(tile), usize::from(chows)));
            let pair = if take_pair {
                PairSlot::Taken(tile)
            } else {
                pair
            };
            read_suit(ranks, at + 1, suit, pair, melds, out);
            melds.truncate(mark);
            ranks[at] = count;
            if chows > 0 {
                ranks[at + 1] += chows;
                ranks[at + 2] += chows;
            }
        }
    }
}
