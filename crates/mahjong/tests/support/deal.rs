//! Random hands for the tests and the benchmark: a seeded shuffle, so every run deals the
//! same hands.

use mahjong::Hand;
use tiles_testkit::Random;

/// Every tile of the set, by kind index (each kind four times).
pub fn full_set() -> Vec<usize> {
    (0..136).map(|tile| tile / 4).collect()
}

/// The tiles of one suit (0..3 for m, p, s; 3 for the honours), by kind index.
pub fn one_suit(suit: usize) -> Vec<usize> {
    let kinds = if suit == 3 { 7 } else { 9 };
    (0..kinds * 4).map(|tile| suit * 9 + tile / 4).collect()
}

/// Deals `size` tiles from `wall` (kind indices, one per copy), shuffling its front with
/// `random`.
pub fn deal(wall: &mut [usize], size: usize, random: &mut Random) -> Hand {
    let mut counts = [0u8; 34];
    for k in 0..size {
        let j = k + random.below(wall.len() - k);
        wall.swap(k, j);
        counts[wall[k]] += 1;
    }
    Hand::from_counts(counts).expect("a wall holds at most four of a kind")
}
