//! The seeded generator and shuffle every deal is made with: SplitMix64 and Fisher-Yates, fixed
//! for good, so a seed deals the same game in every version and on every platform.

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
/// a 64-bit state that advances by the golden-ratio constant `0x9E3779B97F4A7C15`, and an
/// output that mixes it with two multiply-xorshift rounds.
///
/// This algorithm is part of the crate's contract: changing it would change every seeded
/// game, so it never changes.
///
/// ```
/// use tiles_core::SplitMix;
/// let mut random = SplitMix::new(0);
/// assert_eq!(random.next_u64(), 0xE220_A839_7B1D_CDAF);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator started from `seed` (any value, 0 included).
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` without modulo bias: 64-bit draws at or above the largest multiple
    /// of `n` are drawn again. `n` must be at least 1.
    ///
    /// # Panics
    ///
    /// If `n` is 0 (a caller's mistake: there is no number below 0).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "SplitMix::below(0): no number is below 0");
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

/// Shuffles `items` in place from `random`: Fisher-Yates from the last item down, item `i`
/// swapped with item `random.below(i + 1)`. Also part of the contract.
///
/// ```
/// use tiles_core::{SplitMix, shuffle};
/// let mut items: Vec<u32> = (0..10).collect();
/// shuffle(&mut items, &mut SplitMix::new(1));
/// let mut sorted = items.clone();
/// sorted.sort();
/// assert_eq!(sorted, (0..10).collect::<Vec<_>>());
/// ```
pub fn shuffle<T>(items: &mut [T], random: &mut SplitMix) {
    for i in (1..items.len()).rev() {
        let j = random.below(i + 1);
        items.swap(i, j);
    }
}

/// `items` shuffled from `seed`: [`shuffle`] with a [`SplitMix`] started from `seed`.
pub fn shuffled<T>(mut items: Vec<T>, seed: u64) -> Vec<T> {
    shuffle(&mut items, &mut SplitMix::new(seed));
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published SplitMix64 outputs for seed 1234567 (the reference C code's test vector).
    #[test]
    fn splitmix_matches_the_reference_outputs() {
        let mut random = SplitMix::new(1_234_567);
        let outputs: Vec<u64> = (0..5).map(|_| random.next_u64()).collect();
        assert_eq!(
            outputs,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423,
                4_593_380_528_125_082_431,
                16_408_922_859_458_223_821,
            ]
        );
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut random = SplitMix::new(9);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = random.below(7);
            seen[x] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    /// Every order of three items comes out of the shuffle, about equally often.
    #[test]
    fn the_shuffle_reaches_every_order_evenly() {
        let mut counts = std::collections::HashMap::new();
        let mut random = SplitMix::new(3);
        for _ in 0..6000 {
            let mut items = [0, 1, 2];
            shuffle(&mut items, &mut random);
            *counts.entry(items).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 6);
        assert!(
            counts.values().all(|&n| (850..1150).contains(&n)),
            "{counts:?}"
        );
    }
}
