//! The residue-of-three check (the crate README's Rules section): is a hand of one suit
//! melds and a pair?
//!
//! The ranks of a chow `n-1 n n+1` and of a pung `n n n` both add up to a multiple of 3, so a
//! complete hand's rank sum is `3N + 2M`, where `M` is the pair's rank. The sum mod 3 leaves
//! three candidate pairs (`0 → 3 6 9`, `1 → 2 5 8`, `2 → 1 4 7`). For each candidate, remove
//! the pair, then remove melds greedily from the lowest rank: fewer than three tiles of it must
//! start chows, three or more come off as a pung (three pungs `n`, `n+1`, `n+2` read as well as
//! three chows). The hand is complete when a candidate empties it.
//!
//! [`suit_complete`] is the fast path that [`crate::is_complete`] uses for each numbered
//! suit: the same removals, tabulated over two blocks of ranks so that a suit costs a few
//! table loads; [`residue_trace`] makes the removals one by one and records them, as the check's
//! worked examples do. A test checks that the two agree on every one-suit hand.

use std::fmt;
use std::sync::LazyLock;

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
pub struct ResidueTrace {
    /// The sum of the ranks.
    pub sum: u32,
    /// The three candidate pair ranks the sum allows.
    pub candidates: [u8; 3],
    /// The candidates tried, in order, up to the first that completes the hand.
    pub attempts: Vec<SeedAttempt>,
}

impl ResidueTrace {
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

/// Whether one suit's tiles form melds, plus a pair if `with_pair`: the residue-of-three check.
///
/// `counts[r]` is the number of tiles of rank `r + 1`. A count above 4 (the set has four of
/// each tile) is never complete.
pub fn suit_complete(counts: &[u8; 9], with_pair: bool) -> bool {
    counts.iter().all(|&count| count <= 4) && four_at_most_complete(counts, with_pair)
}

/// [`suit_complete`] for counts of at most 4, as every [`crate::Hand`] holds.
///
/// The greedy removal runs over two blocks of ranks, 1-4 and 5-9, whose outcomes are
/// tabulated (a 625-byte table and a 4 KB bit table); the three candidate pairs only change
/// one rank's count, so each costs two table loads.
pub(crate) fn four_at_most_complete(counts: &[u8; 9], with_pair: bool) -> bool {
    let blocks = &*BLOCKS;
    let code = |ranks: std::ops::Range<usize>| {
        ranks
            .rev()
            .fold(0, |code, rank| code * 5 + usize::from(counts[rank]))
    };
    let (head, tail) = (code(0..4), code(4..9));
    if !with_pair {
        return blocks.emptied(head, tail);
    }
    // The rank sum mod 3 from the ranks that are not multiples of 3: 1, 4, 7 count once,
    // 2, 5, 8 twice.
    let ones = u32::from(counts[0]) + u32::from(counts[3]) + u32::from(counts[6]);
    let twos = u32::from(counts[1]) + u32::from(counts[4]) + u32::from(counts[7]);
    // Branch-free: the candidates come in a random order of success, so trying all three
    // is faster than stopping at the first.
    let mut complete = false;
    for pair in pair_candidates(ones + 2 * twos) {
        let rank = usize::from(pair) - 1;
        let (head_pair, tail_pair) = PAIR_CODES[rank];
        // Without two tiles of the rank the codes underflow: clamp them to stay in the
        // tables, and discard the answer.
        let head = head.wrapping_sub(head_pair).min(624);
        let tail = tail.wrapping_sub(tail_pair).min(3124);
        complete |= (counts[rank] >= 2) & blocks.emptied(head, tail);
    }
    complete
}

/// What a pair of each rank weighs in the base-5 codes of the blocks: (ranks 1-4, ranks 5-9).
const PAIR_CODES: [(usize, usize); 9] = [
    (2, 0),
    (10, 0),
    (50, 0),
    (250, 0),
    (0, 2),
    (0, 10),
    (0, 50),
    (0, 250),
    (0, 1250),
];

/// The greedy removal of [`remove_melds`], tabulated over the ranks 1-4 and 5-9 of a suit.
///
/// Rank by rank, the removal only carries the chows still open: those started one and two
/// ranks before, at most 2 each (three would have been a pung). So the first block's outcome
/// is one of 9 carries (or a failure), and the second block's outcome depends only on that
/// carry and its own counts.
#[derive(Debug)]
struct Blocks {
    /// The carry out of ranks 1-4 (`3 * older + newer`, [`FAILED`] if the removal got stuck),
    /// by the ranks' base-5 code.
    head: [u8; 625],
    /// Whether ranks 5-9 empty, by `carry * 3125 + their base-5 code`, one bit each.
    tail: Vec<u64>,
}

/// The carry of a removal that got stuck.
const FAILED: u8 = 9;

/// The suit tables of the check's removal, built on first use (a few microseconds).
static BLOCKS: LazyLock<Blocks> = LazyLock::new(Blocks::build);

impl Blocks {
    /// Whether the removal empties a suit whose blocks have these base-5 codes.
    #[inline]
    fn emptied(&self, head: usize, tail: usize) -> bool {
        let bit = usize::from(self.head[head]) * 3125 + tail;
        self.tail[bit / 64] >> (bit % 64) & 1 == 1
    }

    fn build() -> Blocks {
        let digits = |mut code: usize, ranks: usize| {
            (0..ranks).map(move |_| {
                let digit = (code % 5) as u8;
                code /= 5;
                digit
            })
        };
        let mut head = [FAILED; 625];
        for (code, carry) in head.iter_mut().enumerate() {
            let end = digits(code, 4)
                .enumerate()
                .try_fold([0, 0], |open, (rank, count)| greedy_step(open, count, rank));
            if let Some([older, newer]) = end {
                *carry = 3 * older + newer;
            }
        }
        let mut tail = vec![0u64; (10 * 3125usize).div_ceil(64)];
        for carry in 0..9u8 {
            for code in 0..3125 {
                let end = digits(code, 5)
                    .enumerate()
                    .try_fold([carry / 3, carry % 3], |open, (rank, count)| {
                        greedy_step(open, count, rank + 4)
                    });
                if end == Some([0, 0]) {
                    let bit = usize::from(carry) * 3125 + code;
                    tail[bit / 64] |= 1 << (bit % 64);
                }
            }
        }
        Blocks { head, tail }
    }
}

/// One rank of the greedy removal: `open` holds the chows started two ranks and one rank
/// before (both need this rank); the tiles left at this rank lose a pung if there are three or
/// more, and the rest start chows, which only ranks up to 7 (index 6) may. `None` if the rank
/// lacks a tile an open chow needs, or a chow would run past 9.
fn greedy_step([older, newer]: [u8; 2], count: u8, rank: usize) -> Option<[u8; 2]> {
    let left = count.checked_sub(older + newer)?;
    let chows = if left >= 3 { left - 3 } else { left };
    (chows == 0 || rank + 2 < 9).then_some([newer, chows])
}

/// The residue-of-three check on a one-suit hand of `3k + 2` tiles, recording every removal.
///
/// `counts[r]` is the number of tiles of rank `r + 1`.
pub fn residue_trace(counts: &[u8; 9]) -> ResidueTrace {
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
    ResidueTrace {
        sum,
        candidates,
        attempts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every count vector of one suit with at most 14 tiles.
    fn every_suit() -> impl Iterator<Item = [u8; 9]> {
        (0..5usize.pow(9)).filter_map(|mut code| {
            let mut counts = [0u8; 9];
            for count in &mut counts {
                *count = (code % 5) as u8;
                code /= 5;
            }
            (counts.iter().sum::<u8>() <= 14).then_some(counts)
        })
    }

    #[test]
    fn tabulated_removal_agrees_with_the_removal_one_rank_at_a_time() {
        let mut checked = 0;
        for counts in every_suit() {
            match counts.iter().sum::<u8>() % 3 {
                0 => assert_eq!(
                    four_at_most_complete(&counts, false),
                    remove_melds(counts, |_| ()).is_ok(),
                    "{counts:?}"
                ),
                2 => assert_eq!(
                    four_at_most_complete(&counts, true),
                    residue_trace(&counts).is_complete(),
                    "{counts:?}"
                ),
                _ => continue,
            }
            checked += 1;
        }
        assert!(checked > 200_000);
    }

    #[test]
    fn more_than_four_of_a_rank_is_never_complete() {
        assert!(suit_complete(&[3, 0, 0, 0, 0, 0, 0, 0, 0], false));
        assert!(!suit_complete(&[6, 0, 0, 0, 0, 0, 0, 0, 0], false));
        assert!(!suit_complete(&[255; 9], true));
    }

    #[test]
    fn pair_candidates_follow_the_sum_mod_3() {
        assert_eq!(pair_candidates(60), [3, 6, 9]);
        assert_eq!(pair_candidates(61), [2, 5, 8]);
        assert_eq!(pair_candidates(62), [1, 4, 7]);
    }
}
