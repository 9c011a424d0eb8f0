//! Waits of a waiting hand, and the effective tiles of any hand.
//!
//! A hand of `3k + 1` tiles waits on every tile kind it holds fewer than four of that makes it
//! complete in any form. The effective tiles of a hand are the kinds that lower its shanten:
//! drawn into a `3k + 1` hand, or exchanged for one of its tiles in a `3k + 2` hand. Each comes
//! with the copies still unseen: four less those in the hand.

use crate::agari::is_thirteen_orphans;
use crate::residue::four_at_most_complete;
use crate::shanten::{ORPHANS, TileCountError, hand_shanten, melds_for};
use crate::tile::{COPIES, Hand, KINDS, Suit, Tile};

/// A tile that lowers a hand's shanten, with the copies of it still unseen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effective {
    /// The tile kind.
    pub tile: Tile,
    /// Its copies not in the hand.
    pub unseen: u8,
}

/// One discard from a `3k + 2` hand: the shanten left and the tiles that then lower it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discard {
    /// The tile discarded.
    pub tile: Tile,
    /// The shanten of the hand without it.
    pub shanten: i8,
    /// The tiles that lower that shanten, drawn next.
    pub effective: Vec<Effective>,
}

impl Discard {
    /// The unseen copies of every effective tile, added up.
    pub fn unseen(&self) -> u32 {
        self.effective.iter().map(|e| u32::from(e.unseen)).sum()
    }
}

/// The kinds that complete a `3k + 1` hand, in tile order: its waits.
///
/// Only kinds the hand holds fewer than four of count: a fifth copy is no wait. The standard
/// form is checked per suit: the drawn tile must go to a suit whose size mod 3 is 1 (it then
/// holds the pair) or 2, the other suits must already be complete on their own, and only the
/// receiving suit is re-checked for each of its ranks.
///
/// # Errors
///
/// [`TileCountError`] unless the hand has `3k + 1` tiles.
pub fn waits(hand: &Hand) -> Result<Vec<Tile>, TileCountError> {
    if hand.len() % 3 != 1 {
        return Err(match hand.len() % 3 {
            0 => TileCountError::MultipleOfThree { count: hand.len() },
            _ => TileCountError::NotWaiting { count: hand.len() },
        });
    }
    let mut waits = standard_waits(hand);
    if hand.len() == 13 {
        waits |= seven_pairs_wait(hand) | thirteen_orphans_waits(hand);
    }
    Ok(Tile::all()
        .filter(|tile| waits >> tile.index() & 1 == 1)
        .collect())
}

/// The standard-form waits of a `3k + 1` hand, as a bit per kind.
fn standard_waits(hand: &Hand) -> u64 {
    let counts = hand.counts();
    // Each part of the hand as it stands: complete on its own (with its pair, if its size
    // says it holds one), and how many pairs it holds.
    let mut part_ok = [false; 4];
    let mut part_pairs = [0u8; 4];
    for suit in [Suit::Man, Suit::Pin, Suit::Sou] {
        let ranks = hand.suit_counts(suit);
        let size = ranks.iter().sum::<u8>() % 3;
        part_pairs[suit as usize] = u8::from(size == 2);
        part_ok[suit as usize] = size != 1 && four_at_most_complete(&ranks, size == 2);
    }
    let honors = &counts[27..];
    let lonely_honors = honors.iter().filter(|&&c| c == 1 || c == 4).count();
    part_ok[3] = lonely_honors == 0;
    part_pairs[3] = honors.iter().filter(|&&c| c == 2).count() as u8;

    let mut waits = 0u64;
    for suit in Suit::ALL {
        let s = suit as usize;
        let others_ok = (0..4).filter(|&o| o != s).all(|o| part_ok[o]);
        let other_pairs: u8 = (0..4).filter(|&o| o != s).map(|o| part_pairs[o]).sum();
        if !others_ok || other_pairs > 1 {
            continue;
        }
        let first = suit.first_index();
        if suit == Suit::Honor {
            // Each honour must end at 0, 2 or 3 copies with one pair in the whole hand.
            for (index, &count) in counts.iter().enumerate().skip(first) {
                let fixes = match count {
                    1 => lonely_honors == 1 && part_pairs[3] + 1 + other_pairs == 1,
                    2 => lonely_honors == 0 && part_pairs[3] - 1 + other_pairs == 1,
                    _ => false,
                };
                if fixes {
                    waits |= 1 << index;
                }
            }
            continue;
        }
        let mut ranks = hand.suit_counts(suit);
        let with_pair = match (ranks.iter().sum::<u8>() + 1) % 3 {
            0 => false,
            2 => true,
            _ => continue,
        };
        if u8::from(with_pair) + other_pairs != 1 {
            continue;
        }
        for rank in 0..9 {
            if ranks[rank] == COPIES {
                continue;
            }
            ranks[rank] += 1;
            if four_at_most_complete(&ranks, with_pair) {
                waits |= 1 << (first + rank);
            }
            ranks[rank] -= 1;
        }
    }
    waits
}

/// The seven-pairs wait of a 13-tile hand: its single tile, when the rest is six distinct pairs.
fn seven_pairs_wait(hand: &Hand) -> u64 {
    let counts = hand.counts();
    let mut singles = (0..KINDS).filter(|&index| counts[index] == 1);
    match (singles.next(), singles.next()) {
        (Some(single), None) if counts.iter().all(|&c| c <= 2) => 1 << single,
        _ => 0,
    }
}

/// The thirteen-orphans waits of a 13-tile hand: every orphan that completes it.
fn thirteen_orphans_waits(hand: &Hand) -> u64 {
    if hand.tiles().any(|tile| !tile.is_terminal_or_honor()) {
        return 0;
    }
    ORPHANS
        .iter()
        .filter(|&&index| {
            hand.with(Tile::kind(index))
                .is_some_and(|full| is_thirteen_orphans(&full))
        })
        .fold(0, |waits, &index| waits | 1 << index)
}

/// The tiles that lower the hand's shanten, in tile order, with their unseen copies.
///
/// For a `3k + 1` hand, the tiles that lower it when drawn. For a `3k + 2` hand, the tiles
/// that lower it when exchanged for one of its tiles (drawn after the best discards). A
/// complete hand has none.
///
/// # Errors
///
/// [`TileCountError`] for a multiple of three tiles.
pub fn effective_tiles(hand: &Hand) -> Result<Vec<Effective>, TileCountError> {
    melds_for(hand)?;
    if hand.len() % 3 == 1 {
        return Ok(lowering_draws(hand, hand_shanten(hand)));
    }
    Ok(exchanges(hand, &discards(hand)?))
}

/// The effective tiles of a `3k + 2` hand from its discards, best first: the tiles its best
/// discards leave it waiting to draw. (A best discard keeps the hand's shanten; a worse one
/// cannot lead below it in one draw.) A complete hand has none.
pub(crate) fn exchanges(hand: &Hand, discards: &[Discard]) -> Vec<Effective> {
    if hand_shanten(hand) < 0 {
        return Vec::new();
    }
    best_draws(discards, |tile| COPIES - hand.count(tile))
}

/// The tiles that the best of `discards` (best first) leave the hand waiting to draw, each
/// with `unseen(tile)` copies.
pub(crate) fn best_draws(discards: &[Discard], unseen: impl Fn(Tile) -> u8) -> Vec<Effective> {
    let best = discards.first().map(|discard| discard.shanten);
    let mut lowering = [false; KINDS];
    for discard in discards.iter().filter(|d| Some(d.shanten) == best) {
        for effective in &discard.effective {
            lowering[effective.tile.index()] = true;
        }
    }
    Tile::all()
        .filter(|tile| lowering[tile.index()])
        .map(|tile| Effective {
            tile,
            unseen: unseen(tile),
        })
        .collect()
}

/// Every discard of a `3k + 2` hand, best first: lowest shanten, then most unseen effective
/// tiles, then tile order.
///
/// # Errors
///
/// [`TileCountError`] unless the hand has `3k + 2` tiles.
pub fn discards(hand: &Hand) -> Result<Vec<Discard>, TileCountError> {
    melds_for(hand)?;
    if hand.len() % 3 != 2 {
        return Err(TileCountError::NotDrawn { count: hand.len() });
    }
    let mut discards: Vec<Discard> = distinct_tiles(hand)
        .map(|tile| {
            let rest = hand.without(tile).unwrap_or(*hand);
            let shanten = hand_shanten(&rest);
            Discard {
                tile,
                shanten,
                effective: lowering_draws(&rest, shanten),
            }
        })
        .collect();
    discards.sort_by_key(|d| (d.shanten, std::cmp::Reverse(d.unseen()), d.tile));
    Ok(discards)
}

/// The draws that bring a `3k + 1` hand below `shanten`, with their unseen copies.
fn lowering_draws(hand: &Hand, shanten: i8) -> Vec<Effective> {
    Tile::all()
        .filter_map(|tile| {
            let after = hand_shanten(&hand.with(tile)?);
            (after < shanten).then(|| Effective {
                tile,
                unseen: COPIES - hand.count(tile),
            })
        })
        .collect()
}

/// The kinds the hand holds, each once, in tile order.
fn distinct_tiles(hand: &Hand) -> impl Iterator<Item = Tile> + '_ {
    Tile::all().filter(|&tile| hand.count(tile) > 0)
}
