//! Per-suit tables for the standard-form shanten, built once on first use.
//!
//! For every count vector of one suit holding at most 14 tiles (405,350 vectors for a numbered
//! suit, 43,130 for the honours) and every target of `m` melds (0..=4) and `p` pairs (0 or 1)
//! inside that suit, the table holds the fewest tiles the suit lacks: `min |T - v|` over every
//! target multiset `T` of that shape that holds no tile more than four times. The fewest tiles
//! a whole hand lacks to be `k` melds and a pair is then a min-plus combination of its four
//! suits, and the standard shanten is that number minus one.
//!
//! The four-copy limit on `T` is what makes the shanten strict: `123456789m1111p` lacks two
//! tiles, not one, because no target may hold a fifth `1p`.
//!
//! A table is built by a depth-first walk over the vectors in lexicographic order, carrying a
//! dynamic programme over ranks: after each rank, for each (melds, pairs, chows waiting on
//! this rank, chows started at the previous rank), the most tiles of the vector a target can
//! use. Vectors are numbered by their rank in that order (a combinatorial number system), so a
//! lookup is nine additions into a 2.7 KB offset table and one load.

use std::sync::LazyLock;

/// The most tiles of one suit a hand can hold.
const MAX_SUM: usize = 14;
/// Copies of a kind.
const COPIES: usize = 4;
/// Melds in a target: 0..=4.
const MELDS: usize = 5;

/// The fewest tiles one suit lacks for each target: `[pairs * MELDS + melds]`.
pub(crate) type Costs = [u8; 2 * MELDS];

/// The table of one kind of suit: numbered (9 ranks, chows allowed) or honours (7, no chows).
#[derive(Debug)]
pub(crate) struct SuitTable<const RANKS: usize> {
    /// `offsets[i][s][c]`: the number of vectors that come before any vector whose rank `i`
    /// holds `c` tiles when ranks `0..i` hold `s`, among those that agree up to rank `i`.
    offsets: [[[u32; COPIES + 1]; MAX_SUM + 1]; RANKS],
    /// The costs of every vector, by its index.
    costs: Vec<Costs>,
}

/// The numbered-suit table.
pub(crate) static NUMBERED: LazyLock<SuitTable<9>> = LazyLock::new(|| SuitTable::build(true));
/// The honours table.
pub(crate) static HONORS: LazyLock<SuitTable<7>> = LazyLock::new(|| SuitTable::build(false));

impl<const RANKS: usize> SuitTable<RANKS> {
    /// The costs of one suit's count vector (at most 4 per rank, at most 14 in all).
    #[inline]
    pub(crate) fn costs(&self, counts: &[u8]) -> &Costs {
        let mut index = 0;
        let mut sum = 0;
        for (offsets, &count) in self.offsets.iter().zip(&counts[..RANKS]) {
            index += offsets[sum][usize::from(count)] as usize;
            sum += usize::from(count);
        }
        &self.costs[index]
    }

    /// Builds the table; chows are allowed in numbered suits only.
    fn build(chows: bool) -> SuitTable<RANKS> {
        // vectors[r][s]: how many vectors of r ranks hold at most s tiles.
        let mut vectors = vec![[0u32; MAX_SUM + 1]; RANKS + 1];
        vectors[0] = [1; MAX_SUM + 1];
        for r in 1..=RANKS {
            for s in 0..=MAX_SUM {
                vectors[r][s] = (0..=COPIES.min(s)).map(|c| vectors[r - 1][s - c]).sum();
            }
        }
        let mut offsets = [[[0u32; COPIES + 1]; MAX_SUM + 1]; RANKS];
        for (i, by_sum) in offsets.iter_mut().enumerate() {
            for (s, by_count) in by_sum.iter_mut().enumerate() {
                let mut before = 0;
                for (c, offset) in by_count.iter_mut().enumerate() {
                    *offset = before;
                    if s + c <= MAX_SUM {
                        before += vectors[RANKS - 1 - i][MAX_SUM - s - c];
                    }
                }
            }
        }
        let mut costs = Vec::with_capacity(vectors[RANKS][MAX_SUM] as usize);
        let mut start = [UNREACHABLE; STATES];
        start[state(0, 0, 0, 0)] = 0;
        let walk = Walk {
            ranks: RANKS,
            chows,
        };
        walk.descend(0, 0, &start, &mut costs);
        SuitTable { offsets, costs }
    }
}

/// The dynamic programme's states: (melds 0..=4, pairs 0..=1, chows needing this rank and no
/// more, chows needing this rank and the next), each chow count 0..=4.
const STATES: usize = MELDS * 2 * 5 * 5;
/// A state no target reaches.
const UNREACHABLE: i8 = -1;

/// The index of a state.
fn state(melds: usize, pairs: usize, ending: usize, running: usize) -> usize {
    ((melds * 2 + pairs) * 5 + ending) * 5 + running
}

/// The fixed parameters of a table's walk.
struct Walk {
    ranks: usize,
    chows: bool,
}

impl Walk {
    /// Visits every vector extending a prefix of `rank` ranks holding `sum` tiles, whose
    /// programme row is `best` (the most tiles used, per state), in lexicographic order.
    fn descend(&self, rank: usize, sum: usize, best: &[i8; STATES], costs: &mut Vec<Costs>) {
        if rank == self.ranks {
            let mut entry = [0u8; 2 * MELDS];
            for (target, cost) in entry.iter_mut().enumerate() {
                let (pairs, melds) = (target / MELDS, target % MELDS);
                let used = best[state(melds, pairs, 0, 0)];
                debug_assert!(used >= 0, "every target fits in a suit");
                *cost = (3 * melds + 2 * pairs) as u8 - used as u8;
            }
            costs.push(entry);
            return;
        }
        for count in 0..=COPIES.min(MAX_SUM - sum) {
            let next = self.step(rank, count, best);
            self.descend(rank + 1, sum + count, &next, costs);
        }
    }

    /// The programme row after a rank holding `count` tiles: at this rank a target completes
    /// the chows that need it, may start chows (only where two more ranks follow), a pung and
    /// the pair, holding at most four copies in all; it uses `min(target copies, count)` of
    /// the hand's tiles.
    fn step(&self, rank: usize, count: usize, best: &[i8; STATES]) -> [i8; STATES] {
        let mut next = [UNREACHABLE; STATES];
        let max_new_chows = if self.chows && rank + 2 < self.ranks {
            COPIES
        } else {
            0
        };
        for melds in 0..MELDS {
            for pairs in 0..2 {
                for ending in 0..=COPIES {
                    for running in 0..=COPIES - ending {
                        let used = best[state(melds, pairs, ending, running)];
                        if used < 0 {
                            continue;
                        }
                        let held = ending + running;
                        for new_chows in 0..=max_new_chows.min(COPIES - held) {
                            for pung in 0..2 {
                                for pair in 0..2 - pairs {
                                    let copies = held + new_chows + 3 * pung + 2 * pair;
                                    let total_melds = melds + new_chows + pung;
                                    if copies > COPIES || total_melds >= MELDS {
                                        continue;
                                    }
                                    let slot = &mut next
                                        [state(total_melds, pairs + pair, running, new_chows)];
                                    *slot = (*slot).max(used + copies.min(count) as i8);
                                }
                            }
                        }
                    }
                }
            }
        }
        next
    }
}
