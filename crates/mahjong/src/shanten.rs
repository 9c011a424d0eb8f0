//! Shanten: how many tile exchanges a hand is from ready, for each form and overall.
//!
//! A hand of `3k + 1` or `3k + 2` tiles is ready (shanten 0) when one more tile completes it,
//! and complete at -1. The standard-form shanten is strict: it is one less than the fewest
//! tiles the hand lacks to become `k` melds and a pair, counted against targets that hold no
//! tile more than four times. So a hand whose only "wait" would be a fifth copy of a tile it
//! holds four of is not ready: `123456789m1111p` is 1-shanten. For 13 tiles, shanten 0 holds
//! exactly when [`crate::waits()`] is not empty.
//!
//! Seven pairs (`6 - pairs + max(0, 7 - kinds)`) and thirteen orphans (`13 - orphan kinds - 1
//! if one of them is paired`) apply to hands of 13 and 14 tiles only.

use crate::table::{Costs, HONORS, NUMBERED};
use crate::tile::{Hand, KINDS};

/// A hand's shanten in each form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shanten {
    /// Four melds and a pair (fewer melds for a smaller hand).
    pub standard: i8,
    /// Seven distinct pairs; `None` below 13 tiles.
    pub seven_pairs: Option<i8>,
    /// Thirteen orphans; `None` below 13 tiles.
    pub thirteen_orphans: Option<i8>,
}

impl Shanten {
    /// The least over the forms that apply.
    pub fn overall(&self) -> i8 {
        [self.seven_pairs, self.thirteen_orphans]
            .into_iter()
            .flatten()
            .fold(self.standard, i8::min)
    }
}

/// A hand whose size does not fit the question.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TileCountError {
    /// A multiple of three tiles has no shanten, waits or effective tiles.
    #[error(
        "a hand of {count} tiles has no shanten: it needs 3k+1 or 3k+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14)"
    )]
    MultipleOfThree {
        /// The hand's number of tiles.
        count: usize,
    },
    /// Only a hand of `3k + 1` tiles waits; a hand of `3k + 2` must discard first.
    #[error(
        "a hand of {count} tiles does not wait: waits need 3k+1 tiles (1, 4, 7, 10 or 13); discard one first"
    )]
    NotWaiting {
        /// The hand's number of tiles.
        count: usize,
    },
    /// Only a hand of `3k + 2` tiles has a tile to discard.
    #[error(
        "a hand of {count} tiles has no discard to choose: discards need 3k+2 tiles (2, 5, 8, 11 or 14)"
    )]
    NotDrawn {
        /// The hand's number of tiles.
        count: usize,
    },
}

/// Checks that the hand's size has a shanten, returning its number of melds `k`.
pub(crate) fn melds_for(hand: &Hand) -> Result<usize, TileCountError> {
    match hand.len() % 3 {
        0 => Err(TileCountError::MultipleOfThree { count: hand.len() }),
        _ => Ok(hand.len() / 3),
    }
}

/// The shanten of the hand in each form.
///
/// # Errors
///
/// [`TileCountError`] for a hand of 0, 3, 6, 9 or 12 tiles.
pub fn shanten(hand: &Hand) -> Result<Shanten, TileCountError> {
    let melds = melds_for(hand)?;
    let special = hand.len() >= 13;
    Ok(Shanten {
        standard: standard_lack(hand.counts(), melds) as i8 - 1,
        seven_pairs: special.then(|| seven_pairs_shanten(hand.counts())),
        thirteen_orphans: special.then(|| thirteen_orphans_shanten(hand.counts())),
    })
}

/// The least shanten over the forms that apply: the fast path for bots and tools.
///
/// # Errors
///
/// [`TileCountError`] for a hand of 0, 3, 6, 9 or 12 tiles.
pub fn shanten_overall(hand: &Hand) -> Result<i8, TileCountError> {
    melds_for(hand)?;
    Ok(hand_shanten(hand))
}

/// The least shanten over the forms of a hand whose size has one (not a multiple of 3).
pub(crate) fn hand_shanten(hand: &Hand) -> i8 {
    overall(hand.counts(), hand.len() / 3, hand.len() >= 13)
}

/// The least shanten over the forms of counts of `size` tiles (a size that has one: not a
/// multiple of three, at most 14), unchecked: the fast path for bots, which keep their hands
/// as counts ([`shanten`] checks a [`Hand`]).
///
/// # Panics
///
/// May panic, or answer nonsense, for a count above 4 or a size that has no shanten.
pub fn counts_shanten(counts: &[u8; KINDS], size: usize) -> i8 {
    overall(counts, size / 3, size >= 13)
}

/// The least shanten over the forms, for counts of a valid size.
fn overall(counts: &[u8; KINDS], melds: usize, special: bool) -> i8 {
    let standard = standard_lack(counts, melds) as i8 - 1;
    if !special {
        return standard;
    }
    standard
        .min(seven_pairs_shanten(counts))
        .min(thirteen_orphans_shanten(counts))
}

/// The fewest tiles the hand lacks to be `melds` melds and a pair.
///
/// The pair goes to one of the four suits; the melds are spread over them. When every suit's
/// costs are convex (all but a few vectors of the table), the cheapest spread takes the
/// `melds` smallest steps of all the suits' cost sequences (see `table::Summary`); otherwise the
/// suits' full costs are combined by min-plus products.
#[inline]
pub(crate) fn standard_lack(counts: &[u8; KINDS], melds: usize) -> u8 {
    let numbered = &*NUMBERED;
    let honors = &*HONORS;
    let indices = [
        numbered.index(&counts[0..9]),
        numbered.index(&counts[9..18]),
        numbered.index(&counts[18..27]),
        honors.index(&counts[27..34]),
    ];
    lack_of_suits(indices, melds)
}

/// The fewest tiles the hand of `counts` lacks to be `melds` melds and a pair (the standard
/// form's shanten plus one), with each of `draws` (a bit per kind) added in turn: only the
/// drawn tile's suit is looked up again. Kinds not in `draws`, or held four times, are left at
/// `u8::MAX`.
pub fn standard_lack_with_draws(counts: &[u8; KINDS], melds: usize, draws: u64) -> [u8; KINDS] {
    lack_with_each(counts, melds, draws, 1)
}

/// [`standard_lack`] of the hand with each of `discards` (a bit per kind) taken out in turn:
/// only that tile's suit is looked up again. Kinds not in `discards`, or not held, are left at
/// `u8::MAX`.
pub(crate) fn standard_lack_with_discards(
    counts: &[u8; KINDS],
    melds: usize,
    discards: u64,
) -> [u8; KINDS] {
    lack_with_each(counts, melds, discards, -1)
}

/// [`standard_lack`] of the hand with one tile of each kind in `kinds` added (`change` 1) or
/// taken out (-1) in turn, looking up only that kind's suit again; `u8::MAX` where the kind is
/// not in `kinds` or the change cannot be made (a fifth copy, a kind not held).
fn lack_with_each(counts: &[u8; KINDS], melds: usize, kinds: u64, change: i8) -> [u8; KINDS] {
    let numbered = &*NUMBERED;
    let honors = &*HONORS;
    let mut indices = [
        numbered.index(&counts[0..9]),
        numbered.index(&counts[9..18]),
        numbered.index(&counts[18..27]),
        honors.index(&counts[27..34]),
    ];
    let mut out = [u8::MAX; KINDS];
    for (kind, slot) in out.iter_mut().enumerate() {
        let possible = if change > 0 {
            counts[kind] < 4
        } else {
            counts[kind] > 0
        };
        if kinds & (1 << kind) == 0 || !possible {
            continue;
        }
        let suit = kind / 9;
        let start = suit * 9;
        let saved = indices[suit];
        if suit < 3 {
            let mut cells = [0u8; 9];
            cells.copy_from_slice(&counts[start..start + 9]);
            cells[kind - start] = cells[kind - start].wrapping_add_signed(change);
            indices[suit] = numbered.index(&cells);
        } else {
            let mut cells = [0u8; 7];
            cells.copy_from_slice(&counts[27..34]);
            cells[kind - 27] = cells[kind - 27].wrapping_add_signed(change);
            indices[suit] = honors.index(&cells);
        }
        *slot = lack_of_suits(indices, melds);
        indices[suit] = saved;
    }
    out
}

/// The least shanten over the forms of `counts` (`size` tiles, `3k + 2`) after each discard
/// of a kind held: `i8::MAX` for kinds not held. Only the discarded tile's suit is looked up
/// again for the standard form.
///
/// # Panics
///
/// May panic for a size that is not `3k + 2` (at most 14).
pub fn shanten_after_discards(counts: &[u8; KINDS], size: usize) -> [i8; KINDS] {
    let melds = (size - 1) / 3;
    let lacks = standard_lack_with_discards(counts, melds, u64::MAX >> 30);
    let special = size > 13;
    let mut out = [i8::MAX; KINDS];
    let mut trial = *counts;
    for (index, slot) in out.iter_mut().enumerate() {
        if counts[index] == 0 {
            continue;
        }
        let mut shanten = lacks[index] as i8 - 1;
        if special {
            trial[index] -= 1;
            shanten = shanten
                .min(seven_pairs_shanten(&trial))
                .min(thirteen_orphans_shanten(&trial));
            trial[index] += 1;
        }
        *slot = shanten;
    }
    out
}

/// The fewest tiles lacking, from each suit's table index (numbered, numbered, numbered,
/// honours).
#[inline]
fn lack_of_suits(indices: [usize; 4], melds: usize) -> u8 {
    let numbered = &*NUMBERED;
    let honors = &*HONORS;
    let summaries = [
        numbered.summary(indices[0]),
        numbered.summary(indices[1]),
        numbered.summary(indices[2]),
        honors.summary(indices[3]),
    ];
    let plain: u32 = summaries.iter().map(|summary| summary.plain).sum();
    if plain >> 24 != 0 {
        let suits = combine(
            &combine(numbered.costs(indices[0]), numbered.costs(indices[1])),
            numbered.costs(indices[2]),
        );
        let honors = honors.costs(indices[3]);
        return (0..=melds)
            .map(|m| (suits[5 + m] + honors[melds - m]).min(suits[m] + honors[5 + melds - m]))
            .min()
            .unwrap_or(u8::MAX);
    }
    let melds = melds as u32;
    summaries
        .iter()
        .map(|pair_suit| {
            let steps = plain - pair_suit.plain + (pair_suit.paired & 0x00FF_FFFF);
            (pair_suit.paired >> 24) + smallest_steps(steps, melds)
        })
        .min()
        .unwrap_or(u32::MAX) as u8
}

/// The sum of the `count` smallest steps of a histogram of steps (how many steps of 0, 1 and 2
/// in bytes 0 to 2; there are always enough steps of 3 for the rest).
#[inline]
fn smallest_steps(histogram: u32, count: u32) -> u32 {
    let zeros = (histogram & 0xFF).min(count);
    let left = count - zeros;
    let ones = (histogram >> 8 & 0xFF).min(left);
    let left = left - ones;
    let twos = (histogram >> 16 & 0xFF).min(left);
    ones + 2 * twos + 3 * (left - twos)
}

/// The min-plus product of two suits' costs: for each target of the two suits together, the
/// cheapest split of its melds and its pair between them. The loops have fixed bounds, so
/// they unroll into straight-line code.
fn combine(a: &Costs, b: &Costs) -> Costs {
    let mut out = [u8::MAX; 10];
    for b_melds in 0..5 {
        for a_melds in 0..5 - b_melds {
            let total = a_melds + b_melds;
            out[total] = out[total].min(a[a_melds] + b[b_melds]);
            out[5 + total] = out[5 + total]
                .min(a[5 + a_melds] + b[b_melds])
                .min(a[a_melds] + b[5 + b_melds]);
        }
    }
    out
}

/// Seven-pairs shanten of counts: `6 - pairs + max(0, 7 - kinds)`.
#[inline]
pub fn seven_pairs_shanten(counts: &[u8; KINDS]) -> i8 {
    let (mut pairs, mut kinds) = (0i8, 0i8);
    for &count in counts {
        pairs += i8::from(count >= 2);
        kinds += i8::from(count >= 1);
    }
    6 - pairs + (7 - kinds).max(0)
}

/// Thirteen-orphans shanten of counts: `13 - orphan kinds held - 1 if one of them is held
/// twice`.
#[inline]
pub fn thirteen_orphans_shanten(counts: &[u8; KINDS]) -> i8 {
    let mut kinds = 0;
    let mut paired = false;
    for index in ORPHANS {
        kinds += i8::from(counts[index] > 0);
        paired |= counts[index] >= 2;
    }
    13 - kinds - i8::from(paired)
}

/// The indices of the thirteen orphans: the terminals and the honours.
pub(crate) const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Tile;

    /// A random hand of `size` tiles as counts (at most four of a kind).
    fn random_counts(random: &mut tiles_testkit::Random, size: usize) -> [u8; KINDS] {
        let mut counts = [0u8; KINDS];
        let mut placed = 0;
        while placed < size {
            let kind = random.below(KINDS);
            if counts[kind] < 4 {
                counts[kind] += 1;
                placed += 1;
            }
        }
        counts
    }

    #[test]
    fn orphan_indices_are_the_terminals_and_honours() {
        let orphans: Vec<usize> = Tile::all()
            .filter(|tile| tile.is_terminal_or_honor())
            .map(Tile::index)
            .collect();
        assert_eq!(orphans, ORPHANS);
    }

    /// The shanten after each discard, one suit at a time, is the plain shanten of the hand
    /// without the tile, over seeded random hands of 2 to 14 tiles.
    #[test]
    fn shanten_after_each_discard_is_the_plain_shanten() {
        let mut random = tiles_testkit::Random::new(11);
        for _ in 0..3000 {
            let size = [2, 5, 8, 11, 14][random.below(5)];
            let counts = random_counts(&mut random, size);
            let after = shanten_after_discards(&counts, size);
            for kind in 0..KINDS {
                if counts[kind] == 0 {
                    assert_eq!(after[kind], i8::MAX);
                    continue;
                }
                let mut without = counts;
                without[kind] -= 1;
                assert_eq!(
                    after[kind],
                    counts_shanten(&without, size - 1),
                    "{counts:?} - {kind}"
                );
            }
        }
    }

    /// The one-suit-at-a-time lack of each draw is the plain lack of the hand with it, over
    /// seeded random hands of 1 to 13 tiles (and every draw).
    #[test]
    fn lacks_with_draws_are_the_plain_lacks() {
        let mut random = tiles_testkit::Random::new(9);
        for _ in 0..3000 {
            let size = [1, 4, 7, 10, 13][random.below(5)];
            let counts = random_counts(&mut random, size);
            let melds = (size + 1) / 3;
            let lacks = standard_lack_with_draws(&counts, melds, u64::MAX >> 30);
            for draw in 0..KINDS {
                if counts[draw] >= 4 {
                    assert_eq!(lacks[draw], u8::MAX);
                    continue;
                }
                let mut with = counts;
                with[draw] += 1;
                assert_eq!(
                    lacks[draw],
                    standard_lack(&with, melds),
                    "{counts:?} + {draw}"
                );
            }
        }
    }
}
