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
//! use. Vectors are numbered by their tile count, then lexicographically (a combinatorial
//! number system whose terms for ranks 1-4 and 5-9 are tabulated), so a lookup is two loads
//! from small index tables, then one from the table. [`Summary`] explains how the suits are
//! combined.

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
    /// The part of a vector's index that ranks 0..4 give: by the base-5 code of those ranks,
    /// then by the number of tiles in ranks 4.. (which, with theirs, fixes the total).
    head: Vec<[u32; 16]>,
    /// The part of a vector's index that ranks 4.. give, by their base-5 code.
    tail: Vec<u32>,
    /// The summary of every vector's costs, by its index.
    summaries: Vec<Summary>,
    /// The costs of every vector, by its index, for the rare summaries that are not convex.
    costs: Vec<Costs>,
}

/// A suit's costs in the form the min-plus combination of suits needs most of the time.
///
/// Without the pair, the cost of `m` melds is 0 for `m = 0` and grows by a step of 0 to 3
/// tiles per meld (a fourth meld always fits beside three and a pair, so no step exceeds 3).
/// With the pair, it starts at the pair's cost and grows the same way. When each suit's steps
/// never shrink (the costs are convex), the cheapest way to spread `k` melds over the suits is
/// to take the `k` smallest steps of all the suits together, so a suit is fully described by
/// how many steps of 0, 1 and 2 it has.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Summary {
    /// Steps without the pair: the number of steps of 0, 1 and 2 in bytes 0, 1 and 2; byte 3
    /// is 1 if either sequence is not convex (these bytes add up across suits without
    /// carrying).
    pub(crate) plain: u32,
    /// Steps with the pair, in bytes 0 to 2 as in `plain`; byte 3 is the pair's cost.
    pub(crate) paired: u32,
}

impl Summary {
    /// The summary of one suit's costs.
    fn of(costs: &Costs) -> Summary {
        let steps = |sequence: &[u8]| {
            let mut histogram = 0u32;
            let mut convex = true;
            for window in sequence.windows(2) {
                let step = window[1] - window[0];
                debug_assert!(step <= 3, "a meld never costs more than three tiles");
                if step < 3 {
                    histogram += 1 << (8 * step);
                }
            }
            for window in sequence.windows(3) {
                convex &= window[1] - window[0] <= window[2] - window[1];
            }
            (histogram, convex)
        };
        let (plain, plain_convex) = steps(&costs[..MELDS]);
        let (paired, paired_convex) = steps(&costs[MELDS..]);
        Summary {
            plain: plain | u32::from(!(plain_convex && paired_convex)) << 24,
            paired: paired | u32::from(costs[MELDS]) << 24,
        }
    }
}

/// The numbered-suit table.
pub(crate) static NUMBERED: LazyLock<SuitTable<9>> = LazyLock::new(|| SuitTable::build(true));
/// The honours table.
pub(crate) static HONORS: LazyLock<SuitTable<7>> = LazyLock::new(|| SuitTable::build(false));

impl<const RANKS: usize> SuitTable<RANKS> {
    /// The costs of one suit's count vector (at most 4 per rank, at most 14 in all), by the
    /// vector's [`SuitTable::index`].
    #[inline]
    pub(crate) fn costs(&self, index: usize) -> &Costs {
        &self.costs[index]
    }

    /// The summary of a count vector's costs, by its index.
    #[inline]
    pub(crate) fn summary(&self, index: usize) -> Summary {
        self.summaries[index]
    }

    /// A vector's index: vectors are ordered by their number of tiles, then
    /// lexicographically. Hands are mostly spread over several suits, so the few vectors
    /// with few tiles, which they look up most, sit together at the front of the table.
    ///
    /// The index is a sum over ranks (a combinatorial number system); its terms for ranks
    /// 0..4 and for ranks 4.. are tabulated, so it takes two small loads.
    #[inline]
    pub(crate) fn index(&self, counts: &[u8]) -> usize {
        let count = |rank: usize| usize::from(counts[rank]);
        let head = count(0) + 5 * count(1) + 25 * count(2) + 125 * count(3);
        let (mut tail, mut tail_tiles) = (0, 0);
        for rank in (4..RANKS).rev() {
            tail = tail * 5 + count(rank);
            tail_tiles += count(rank);
        }
        self.head[head][tail_tiles & 15] as usize + self.tail[tail] as usize
    }

    /// Builds the table; chows are allowed in numbered suits only.
    fn build(chows: bool) -> SuitTable<RANKS> {
        // exact[r][t]: how many vectors of r ranks hold exactly t tiles.
        let mut exact = vec![[0u32; MAX_SUM + 1]; RANKS + 1];
        exact[0][0] = 1;
        for r in 1..=RANKS {
            for t in 0..=MAX_SUM {
                exact[r][t] = (0..=COPIES.min(t)).map(|c| exact[r - 1][t - c]).sum();
            }
        }
        // offsets[i][t][c]: how many vectors come before those whose rank i holds c tiles when
        // ranks i.. hold t tiles, among the vectors that agree on ranks 0..i; rank 0's terms
        // also count every vector holding fewer tiles in all.
        let mut offsets = [[[0u32; COPIES + 1]; MAX_SUM + 1]; RANKS];
        for (i, by_left) in offsets.iter_mut().enumerate() {
            for (t, by_count) in by_left.iter_mut().enumerate() {
                let mut before = if i == 0 {
                    exact[RANKS][..t].iter().sum()
                } else {
                    0
                };
                for (c, offset) in by_count.iter_mut().enumerate().take(t + 1) {
                    *offset = before;
                    before += exact[RANKS - 1 - i][t - c];
                }
            }
        }
        // The index terms of ranks `ranks` of a vector, those ranks holding `digits` (base 5,
        // lowest rank first) and ranks from the first of them on holding `left` tiles.
        let terms = |ranks: std::ops::Range<usize>, mut digits: usize, mut left: usize| {
            let mut sum = 0;
            for rank in ranks {
                let count = digits % 5;
                digits /= 5;
                if count > left {
                    return 0;
                }
                sum += offsets[rank][left][count];
                left -= count;
            }
            sum
        };
        let head = (0..625)
            .map(|code| {
                let tiles: usize = (0..4).map(|rank| code / 5usize.pow(rank) % 5).sum();
                std::array::from_fn(|tail_tiles| {
                    if tiles + tail_tiles > MAX_SUM {
                        0
                    } else {
                        terms(0..4, code, tiles + tail_tiles)
                    }
                })
            })
            .collect();
        let tail = (0..5usize.pow(RANKS as u32 - 4))
            .map(|code| {
                let tiles: usize = (0..RANKS as u32 - 4)
                    .map(|rank| code / 5usize.pow(rank) % 5)
                    .sum();
                if tiles > MAX_SUM {
                    0
                } else {
                    terms(4..RANKS, code, tiles)
                }
            })
            .collect();
        let vectors = exact[RANKS].iter().sum::<u32>() as usize;
        let mut table = SuitTable {
            head,
            tail,
            summaries: Vec::new(),
            costs: vec![[0; 2 * MELDS]; vectors],
        };
        let mut start = [UNREACHABLE; STATES];
        start[state(0, 0, 0, 0)] = 0;
        let mut walk = Walk {
            ranks: RANKS,
            chows,
            starting_chows: transitions(true, false),
            no_new_chows: transitions(false, false),
            last: transitions(false, true),
            path: [0; 9],
            entries: Vec::with_capacity(vectors),
        };
        walk.descend(0, 0, &start);
        for (path, entry) in walk.entries {
            let index = table.index(&path);
            table.costs[index] = entry;
        }
        table.summaries = table.costs.iter().map(Summary::of).collect();
        table
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

/// A table's walk: its fixed parameters, the vector so far and every finished entry.
struct Walk {
    ranks: usize,
    chows: bool,
    starting_chows: Vec<Transition>,
    no_new_chows: Vec<Transition>,
    last: Vec<Transition>,
    path: [u8; 9],
    entries: Vec<([u8; 9], Costs)>,
}

impl Walk {
    /// Visits every vector extending the prefix `path[..rank]` (holding `sum` tiles), whose
    /// programme row is `best` (the most tiles used, per state).
    fn descend(&mut self, rank: usize, sum: usize, best: &[i8; STATES]) {
        if rank + 1 == self.ranks {
            for count in 0..=COPIES.min(MAX_SUM - sum) {
                self.path[rank] = count as u8;
                let entry = self.finish(best, count);
                self.entries.push((self.path, entry));
            }
        } else {
            for count in 0..=COPIES.min(MAX_SUM - sum) {
                let next = self.step(rank, count, best);
                self.path[rank] = count as u8;
                self.descend(rank + 1, sum + count, &next);
            }
        }
        self.path[rank] = 0;
    }

    /// The programme row after a rank holding `count` tiles, from the row before it.
    fn step(&self, rank: usize, count: usize, best: &[i8; STATES]) -> [i8; STATES] {
        let transitions = if self.chows && rank + 2 < self.ranks {
            &self.starting_chows
        } else {
            &self.no_new_chows
        };
        let mut next = [UNREACHABLE; STATES];
        for transition in transitions {
            let before = best[transition.from];
            if before >= 0 {
                let slot = &mut next[transition.to];
                *slot = (*slot).max(before + transition.copies.min(count as i8));
            }
        }
        next
    }

    /// The costs of a vector from the programme row before its last rank, which holds
    /// `count` tiles. The row after it is not built: the leaves are two thirds of the walk.
    fn finish(&self, best: &[i8; STATES], count: usize) -> Costs {
        let mut used = [UNREACHABLE; 2 * MELDS];
        for transition in &self.last {
            let before = best[transition.from];
            if before >= 0 {
                let slot = &mut used[transition.to];
                *slot = (*slot).max(before + transition.copies.min(count as i8));
            }
        }
        let mut costs = [0u8; 2 * MELDS];
        for (target, cost) in costs.iter_mut().enumerate() {
            let (pairs, melds) = (target / MELDS, target % MELDS);
            debug_assert!(used[target] >= 0, "every target fits in a suit");
            *cost = (3 * melds + 2 * pairs) as u8 - used[target] as u8;
        }
        costs
    }
}

/// One way a target can treat a rank: from a programme state to the next, holding `copies`
/// tiles of the rank.
#[derive(Debug, Clone, Copy)]
struct Transition {
    from: usize,
    to: usize,
    copies: i8,
}

/// Every transition at a rank: the target completes the chows that need the rank, may start
/// chows (if `new_chows`), a pung and the pair, and holds at most four copies of the rank. At
/// the `last` rank no chow may still be running, and `to` is the target's index
/// `pairs * MELDS + melds` instead of a state.
fn transitions(new_chows: bool, last: bool) -> Vec<Transition> {
    let mut transitions = Vec::new();
    for melds in 0..MELDS {
        for pairs in 0..2 {
            for ending in 0..=COPIES {
                for running in 0..=COPIES - ending {
                    if last && running > 0 {
                        continue;
                    }
                    let held = ending + running;
                    let most_new = if new_chows { COPIES - held } else { 0 };
                    for chows in 0..=most_new {
                        for pung in 0..2 {
                            for pair in 0..2 - pairs {
                                let copies = held + chows + 3 * pung + 2 * pair;
                                let total_melds = melds + chows + pung;
                                if copies > COPIES || total_melds >= MELDS {
                                    continue;
                                }
                                let to = if last {
                                    (pairs + pair) * MELDS + total_melds
                                } else {
                                    state(total_melds, pairs + pair, running, chows)
                                };
                                transitions.push(Transition {
                                    from: state(melds, pairs, ending, running),
                                    to,
                                    copies: copies as i8,
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    transitions
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fewest tiles `counts` lacks for `melds` melds and `pairs` pairs, by trying every
    /// target of that shape within the suit (chows only if `chows`), at most 4 of a rank.
    fn lack_by_targets(counts: &[u8], melds: usize, pairs: usize, chows: bool) -> u8 {
        let ranks = counts.len();
        let mut shapes: Vec<Vec<usize>> = (0..ranks).map(|rank| vec![rank; 3]).collect();
        if chows {
            shapes.extend((0..ranks - 2).map(|rank| vec![rank, rank + 1, rank + 2]));
        }
        fn search(
            shapes: &[Vec<usize>],
            from: usize,
            melds: usize,
            pairs: usize,
            target: &mut Vec<u8>,
            counts: &[u8],
        ) -> u8 {
            if melds == 0 {
                let lack = |target: &[u8]| -> u8 {
                    target
                        .iter()
                        .zip(counts)
                        .map(|(&t, &c)| t.saturating_sub(c))
                        .sum()
                };
                if pairs == 0 {
                    return lack(target);
                }
                let mut best = u8::MAX;
                for rank in 0..target.len() {
                    if target[rank] + 2 <= 4 {
                        target[rank] += 2;
                        best = best.min(lack(target));
                        target[rank] -= 2;
                    }
                }
                return best;
            }
            let mut best = u8::MAX;
            for (index, shape) in shapes.iter().enumerate().skip(from) {
                shape.iter().for_each(|&rank| target[rank] += 1);
                if target.iter().all(|&t| t <= 4) {
                    best = best.min(search(shapes, index, melds - 1, pairs, target, counts));
                }
                shape.iter().for_each(|&rank| target[rank] -= 1);
            }
            best
        }
        search(&shapes, 0, melds, pairs, &mut vec![0; ranks], counts)
    }

    /// Every count vector of `ranks` ranks holding at most `most` tiles.
    fn vectors(ranks: usize, most: usize) -> Vec<Vec<u8>> {
        let mut all = vec![vec![]];
        for _ in 0..ranks {
            all = all
                .into_iter()
                .flat_map(|prefix: Vec<u8>| {
                    (0..=4u8).filter_map(move |count| {
                        let mut next = prefix.clone();
                        next.push(count);
                        (crate::tile::tiles_in(&next) <= most).then_some(next)
                    })
                })
                .collect();
        }
        all
    }

    /// Checks a table's costs for up to `most_melds` melds against every target, on every
    /// vector of at most `most_tiles` tiles.
    fn check_against_targets<const RANKS: usize>(
        table: &SuitTable<RANKS>,
        most_tiles: usize,
        most_melds: usize,
        chows: bool,
    ) {
        for counts in vectors(RANKS, most_tiles) {
            let costs = table.costs(table.index(&counts));
            for melds in 0..=most_melds {
                for pairs in 0..=1 {
                    assert_eq!(
                        costs[pairs * MELDS + melds],
                        lack_by_targets(&counts, melds, pairs, chows),
                        "{counts:?} melds {melds} pairs {pairs}"
                    );
                }
            }
        }
    }

    #[test]
    fn costs_match_every_target_on_small_suits() {
        check_against_targets(&NUMBERED, 5, 2, true);
        check_against_targets(&HONORS, 6, 3, false);
    }

    #[test]
    fn indices_number_the_vectors_densely() {
        let mut seen = vec![false; NUMBERED.costs.len()];
        for counts in vectors(9, 14) {
            let index = NUMBERED.index(&counts);
            assert!(!seen[index], "{counts:?}");
            seen[index] = true;
        }
        assert!(seen.iter().all(|&s| s));
        // Fewer tiles come first.
        assert_eq!(NUMBERED.index(&[0; 9]), 0);
        assert!(
            NUMBERED.index(&[0, 0, 0, 0, 0, 0, 0, 0, 1])
                < NUMBERED.index(&[2, 0, 0, 0, 0, 0, 0, 0, 0])
        );
    }
}
