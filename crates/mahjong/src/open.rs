//! Shanten, waits, effective tiles and discards of a hand with called melds.
//!
//! The concealed part is read as usual, with one difference: the melds hold some copies of
//! their tiles, so the concealed part can use fewer of those kinds (four less the melds'
//! copies). The strict shanten respects that: a target that would need a copy a meld holds is
//! no target, and a wait or an effective tile whose every copy is in sight is none.

use crate::full_hand::CalledMeld;
use crate::shanten::hand_shanten;
use crate::tile::{COPIES, Hand, KINDS, Suit, Tile};
use crate::waits::{Discard, Effective, best_draws, waits};

/// Copies of each kind left to the concealed part: four less those in the melds.
pub(crate) fn caps_of(melds: &[CalledMeld]) -> [u8; KINDS] {
    let mut caps = [COPIES; KINDS];
    for meld in melds {
        for tile in meld.tiles() {
            caps[tile.index()] -= 1;
        }
    }
    caps
}

/// No cost: the target cannot be made.
const NEVER: u8 = u8::MAX;

/// The fewest tiles a suit's `have` lacks to hold `sets` sets (and a pair, in `[_][1]`), for
/// every `sets` up to `most`, with at most `caps[rank]` of each rank.
fn suit_costs(have: &[u8], caps: &[u8], runs: bool, most: usize) -> [[u8; 2]; 5] {
    let ranks = have.len();
    let mut best = [[NEVER; 2]; 5];
    let mut target = [0u8; 9];
    // The shapes: runs starting at 0..ranks-2 (numbered suits), then triplets.
    let shapes: Vec<(usize, bool)> = (0..if runs { ranks - 2 } else { 0 })
        .map(|r| (r, true))
        .chain((0..ranks).map(|r| (r, false)))
        .collect();
    let lack =
        |target: &[u8; 9]| -> u8 { (0..ranks).map(|r| target[r].saturating_sub(have[r])).sum() };
    #[allow(clippy::too_many_arguments)]
    fn walk(
        from: usize,
        sets: usize,
        most: usize,
        shapes: &[(usize, bool)],
        target: &mut [u8; 9],
        caps: &[u8],
        ranks: usize,
        best: &mut [[u8; 2]; 5],
        lack: &dyn Fn(&[u8; 9]) -> u8,
    ) {
        best[sets][0] = best[sets][0].min(lack(target));
        for pair in 0..ranks {
            if target[pair] + 2 <= caps[pair] {
                target[pair] += 2;
                best[sets][1] = best[sets][1].min(lack(target));
                target[pair] -= 2;
            }
        }
        if sets == most {
            return;
        }
        for (index, &(rank, run)) in shapes.iter().enumerate().skip(from) {
            let cells: &[usize] = if run {
                &[rank, rank + 1, rank + 2]
            } else {
                &[rank, rank, rank]
            };
            let fits = if run {
                cells.iter().all(|&r| target[r] < caps[r])
            } else {
                target[rank] + 3 <= caps[rank]
            };
            if !fits {
                continue;
            }
            for &r in cells {
                target[r] += 1;
            }
            walk(
                index,
                sets + 1,
                most,
                shapes,
                target,
                caps,
                ranks,
                best,
                lack,
            );
            for &r in cells {
                target[r] -= 1;
            }
        }
    }
    walk(
        0,
        0,
        most,
        &shapes,
        &mut target,
        caps,
        ranks,
        &mut best,
        &lack,
    );
    best
}

/// The strict standard shanten of a concealed part (not a multiple of 3 tiles) whose kinds may
/// be used at most `caps` times: the fewest tiles it lacks to be `len / 3` sets and a pair
/// within the caps, minus one.
pub(crate) fn capped_shanten(hand: &Hand, caps: &[u8; KINDS]) -> i8 {
    if caps.iter().all(|&cap| cap == COPIES) {
        return hand_shanten(hand);
    }
    let sets = hand.len() / 3;
    let counts = hand.counts();
    // dp[s][p]: the fewest tiles lacking for s sets (and the pair if p) over the suits so far.
    let mut dp = [[NEVER; 2]; 5];
    dp[0][0] = 0;
    for suit in Suit::ALL {
        let first = suit.first_index();
        let ranks = usize::from(suit.ranks());
        let costs = suit_costs(
            &counts[first..first + ranks],
            &caps[first..first + ranks],
            suit != Suit::Honor,
            sets,
        );
        let mut next = [[NEVER; 2]; 5];
        for have_sets in 0..=sets {
            for have_pair in 0..2 {
                let so_far = dp[have_sets][have_pair];
                if so_far == NEVER {
                    continue;
                }
                for add in 0..=sets - have_sets {
                    for add_pair in 0..2 - have_pair {
                        let cost = costs[add][add_pair];
                        if cost == NEVER {
                            continue;
                        }
                        let slot = &mut next[have_sets + add][have_pair + add_pair];
                        *slot = (*slot).min(so_far.saturating_add(cost));
                    }
                }
            }
        }
        dp = next;
    }
    // Caps never leave a hand of at most 14 tiles without some target: 4 sets and a pair
    // need at most 14 of the 136 tiles.
    dp[sets][1].min(14) as i8 - 1
}

/// The waits of a `3k + 1` concealed part: its kinds that complete it and have a copy left.
pub(crate) fn open_waits(hand: &Hand, caps: &[u8; KINDS]) -> Vec<Tile> {
    waits(hand)
        .unwrap_or_default()
        .into_iter()
        .filter(|tile| hand.count(*tile) < caps[tile.index()])
        .collect()
}

/// The draws that bring a `3k + 1` concealed part below `shanten`, with their copies left.
fn lowering_draws(hand: &Hand, shanten: i8, caps: &[u8; KINDS]) -> Vec<Effective> {
    Tile::all()
        .filter(|tile| hand.count(*tile) < caps[tile.index()])
        .filter_map(|tile| {
            let after = capped_shanten(&hand.with(tile)?, caps);
            (after < shanten).then(|| Effective {
                tile,
                unseen: caps[tile.index()] - hand.count(tile),
            })
        })
        .collect()
}

/// The effective tiles of a concealed part: drawn into a `3k + 1` part, or exchanged after
/// the best discards of a `3k + 2` part.
pub(crate) fn open_effective(
    hand: &Hand,
    caps: &[u8; KINDS],
    discards: &[Discard],
) -> Vec<Effective> {
    let shanten = capped_shanten(hand, caps);
    if shanten < 0 {
        return Vec::new();
    }
    if hand.len() % 3 == 1 {
        return lowering_draws(hand, shanten, caps);
    }
    best_draws(discards, |tile| caps[tile.index()] - hand.count(tile))
}

/// Every discard of a `3k + 2` concealed part, best first (lowest shanten, then most copies
/// left of the effective tiles, then tile order); none for a complete one.
pub(crate) fn open_discards(hand: &Hand, caps: &[u8; KINDS]) -> Vec<Discard> {
    if hand.len() % 3 != 2 || capped_shanten(hand, caps) < 0 {
        return Vec::new();
    }
    let mut discards: Vec<Discard> = Tile::all()
        .filter(|tile| hand.count(*tile) > 0)
        .map(|tile| {
            let rest = hand.without(tile).unwrap_or(*hand);
            let shanten = capped_shanten(&rest, caps);
            Discard {
                tile,
                shanten,
                effective: lowering_draws(&rest, shanten, caps),
            }
        })
        .collect();
    discards.sort_by_key(|d| (d.shanten, std::cmp::Reverse(d.unseen()), d.tile));
    discards
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand;
    use crate::shanten::shanten;

    #[test]
    fn without_melds_the_caps_change_nothing() {
        let mut caps = [COPIES; KINDS];
        caps[33] = 3; // force the slow path with a cap that no target here needs
        for text in [
            "1m",
            "12m",
            "1234m",
            "123456789m11p",
            "1133557799m",
            "11112222333m",
        ] {
            let hand = parse_hand(text).unwrap();
            assert_eq!(
                capped_shanten(&hand, &caps),
                shanten(&hand).unwrap().standard,
                "{text}"
            );
        }
    }

    #[test]
    fn copies_in_melds_are_not_waits() {
        // A single 1m with a pon of 1m: the fourth 1m is the only tile it could wait on... it
        // is in hand, so the pair is two copies away: 1-shanten, and no waits.
        let hand = parse_hand("1m").unwrap();
        let mut caps = [COPIES; KINDS];
        caps[0] = 1;
        assert_eq!(capped_shanten(&hand, &caps), 1);
        assert!(open_waits(&hand, &caps).is_empty());
        // 11m with two 1m in sight elsewhere can still be a pair.
        caps[0] = 2;
        assert_eq!(capped_shanten(&parse_hand("11m").unwrap(), &caps), -1);
    }

    /// The fewest tiles `counts` lacks to be `sets` sets and a pair within `caps`, by trying
    /// every target.
    fn lack_by_targets(counts: &[u8; KINDS], caps: &[u8; KINDS], sets: usize) -> u8 {
        let mut shapes: Vec<Vec<usize>> = (0..KINDS).map(|k| vec![k; 3]).collect();
        shapes.extend(
            (0..27)
                .filter(|k| k % 9 <= 6)
                .map(|k| vec![k, k + 1, k + 2]),
        );
        fn search(
            shapes: &[Vec<usize>],
            from: usize,
            left: usize,
            target: &mut [u8; KINDS],
            counts: &[u8; KINDS],
            caps: &[u8; KINDS],
            best: &mut u8,
        ) {
            if left == 0 {
                for pair in 0..KINDS {
                    if target[pair] + 2 <= caps[pair] {
                        target[pair] += 2;
                        let lack: u8 = (0..KINDS)
                            .map(|k| target[k].saturating_sub(counts[k]))
                            .sum();
                        *best = (*best).min(lack);
                        target[pair] -= 2;
                    }
                }
                return;
            }
            for (index, shape) in shapes.iter().enumerate().skip(from) {
                shape.iter().for_each(|&k| target[k] += 1);
                if shape.iter().all(|&k| target[k] <= caps[k]) {
                    search(shapes, index, left - 1, target, counts, caps, best);
                }
                shape.iter().for_each(|&k| target[k] -= 1);
            }
        }
        let mut best = u8::MAX;
        search(&shapes, 0, sets, &mut [0; KINDS], counts, caps, &mut best);
        best
    }

    #[test]
    fn capped_shanten_is_the_least_lack_over_every_capped_target() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n) as usize
        };
        for _ in 0..300 {
            // Tiles from a few kinds, so caps and targets meet often.
            let kinds: Vec<usize> = (0..4).map(|_| next(34)).collect();
            let size = [1, 2, 4, 5, 7][next(5)];
            let mut counts = [0u8; KINDS];
            let mut caps = [COPIES; KINDS];
            for &k in &kinds {
                caps[k] = next(5) as u8;
            }
            for _ in 0..size {
                let k = kinds[next(4)];
                if counts[k] < caps[k] {
                    counts[k] += 1;
                }
            }
            let Ok(hand) = Hand::from_counts(counts) else {
                continue;
            };
            if hand.len() % 3 == 0 {
                continue;
            }
            let expected = lack_by_targets(&counts, &caps, hand.len() / 3).min(14) as i8 - 1;
            assert_eq!(
                capped_shanten(&hand, &caps),
                expected,
                "{hand} caps {caps:?}"
            );
        }
    }
}
