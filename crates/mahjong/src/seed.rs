//! The seed's one-suit algorithm: is a hand of one suit four melds and a pair?
//!
//! The ranks of a chow `n-1 n n+1` and of a pung `n n n` both add up to a multiple of 3, so a
//! complete hand's rank sum is `3N + 2M`, where `M` is the pair's rank. The sum mod 3 leaves
//! three candidate pairs (`0 → 3 6 9`, `1 → 2 5 8`, `2 → 1 4 7`). For each candidate, remove
//! the pair, then remove melds greedily from the lowest rank: fewer than three tiles of it must
//! start chows, three or more come off as a pung (three pungs `n`, `n+1`, `n+2` read as well as
//! three chows). The hand is complete when a candidate empties it.
//!
//! [`suit_complete`] is the allocation-free fast path that [`crate::is_complete`] uses for each
//! numbered suit; [`seed_trace`] makes the same removals and records them, as the seed's worked
//! examples do.

use std::fmt;

/// A block removed from a one-suit hand, by rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Block {
    /// Two tiles of this rank.
    Pair(u8),
    /// This rank and the next two.
    Chow(u8),
    /// Three tiles of this rank.
    Pung(u8),
}

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Block::Pair(rank) => write!(f, "[{rank}{rank}]"),
            Block::Chow(rank) => write!(f, "[{}{}{}]", rank, rank + 1, rank + 2),
            Block::Pung(rank) => write!(f, "[{rank}{rank}{rank}]"),
        }
    }
}

/// Why a candidate pair does not complete the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedFailure {
    /// The hand holds fewer than two tiles of the candidate pair's rank.
    NoPair {
        /// The copies held.
        held: u8,
    },
    /// The lowest rank left must start a chow, but a rank it needs is missing.
    ChowMissing {
        /// The chow's first rank.
        start: u8,
        /// The rank that is missing (10 or 11 past the end of the suit).
        missing: u8,
    },
}

impl fmt::Display for SeedFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SeedFailure::NoPair { held: 0 } => write!(f, "impossible, there are none"),
            SeedFailure::NoPair { held } => write!(f, "impossible, there is only {held}"),
            SeedFailure::ChowMissing { start, missing } => write!(
                f,
                "impossible: {}{}{} needs a {missing}",
                start,
                start + 1,
                start + 2
            ),
        }
    }
}

/// One candidate pair tried: the blocks removed, then success or the reason it failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeedAttempt {
    /// The candidate pair's rank.
    pub pair: u8,
    /// The blocks removed, the pair first, in the order the algorithm removed them.
    pub removed: Vec<Block>,
    /// `Ok` if the hand emptied.
    pub outcome: Result<(), SeedFailure>,
}

/// The algorithm's whole run on one hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeedTrace {
    /// The sum of the ranks.
    pub sum: u32,
    /// The three candidate pair ranks the sum allows.
    pub candidates: [u8; 3],
    /// The candidates tried, in order, up to the first that completes the hand.
    pub attempts: Vec<SeedAttempt>,
}

impl SeedTrace {
    /// Whether a candidate completed the hand.
    pub fn is_complete(&self) -> bool {
        self.attempts.iter().any(|attempt| attempt.outcome.is_ok())
    }
}

/// The three pair ranks a rank sum allows: the pair's rank `M` satisfies `2M ≡ sum (mod 3)`.
pub fn pair_candidates(sum: u32) -> [u8; 3] {
    let residue = (2 * sum % 3) as u8;
    let first = if residue == 0 { 3 } else { residue };
    [first, first + 3, first + 6]
}

/// The sum of the ranks of one suit's tiles.
fn rank_sum(counts: &[u8; 9]) -> u32 {
    (1..=9)
        .zip(counts)
        .map(|(rank, &count)| rank * u32::from(count))
        .sum()
}

/// Removes melds greedily from the lowest rank, reporting each block; `Ok` if none is left.
///
/// `counts[r]` is the number of tiles of rank `r + 1`.
fn remove_melds(mut counts: [u8; 9], mut removed: impl FnMut(Block)) -> Result<(), SeedFailure> {
    for rank in 0..9 {
        let mut count = counts[rank];
        if count >= 3 {
            removed(Block::Pung(rank as u8 + 1));
            count -= 3;
        }
        if count == 0 {
            continue;
        }
        for next in [rank + 1, rank + 2] {
            if next >= 9 || counts[next] < count {
                return Err(SeedFailure::ChowMissing {
                    start: rank as u8 + 1,
                    missing: next as u8 + 1,
                });
            }
            counts[next] -= count;
        }
        for _ in 0..count {
            removed(Block::Chow(rank as u8 + 1));
        }
    }
    Ok(())
}

/// Whether one suit's tiles form melds, plus a pair if `with_pair`: the seed's algorithm.
///
/// `counts[r]` is the number of tiles of rank `r + 1`; the caller has checked that the total is
/// a multiple of 3 (plus 2 with a pair).
pub fn suit_complete(counts: &[u8; 9], with_pair: bool) -> bool {
    if !with_pair {
        return remove_melds(*counts, |_| ()).is_ok();
    }
    let sum = rank_sum(counts);
    pair_candidates(sum).into_iter().any(|pair| {
        let index = usize::from(pair) - 1;
        let mut rest = *counts;
        if rest[index] < 2 {
            return false;
        }
        rest[index] -= 2;
        remove_melds(rest, |_| ()).is_ok()
    })
}

/// The seed's algorithm on a one-suit hand of `3k + 2` tiles, recording every removal.
///
/// `counts[r]` is the number of tiles of rank `r + 1`.
pub fn seed_trace(counts: &[u8; 9]) -> SeedTrace {
    let sum = rank_sum(counts);
    let candidates = pair_candidates(sum);
    let mut attempts = Vec::new();
    for pair in candidates {
        let index = usize::from(pair) - 1;
        let held = counts[index];
        let mut attempt = SeedAttempt {
            pair,
            removed: Vec::new(),
            outcome: Err(SeedFailure::NoPair { held }),
        };
        if held >= 2 {
            let mut rest = *counts;
            rest[index] -= 2;
            attempt.removed.push(Block::Pair(pair));
            attempt.outcome = remove_melds(rest, |block| attempt.removed.push(block));
        }
        let done = attempt.outcome.is_ok();
        attempts.push(attempt);
        if done {
            break;
        }
    }
    SeedTrace {
        sum,
        candidates,
        attempts,
    }
}
