//! Shanten, completeness and waits on a million random hands, side by side with the
//! `xiangting` crate on the very same hands.
//!
//! Run with `cargo bench -p mahjong --bench hands`. Each benchmark walks its whole set of
//! hands once per sample; divan's items-per-second counter turns that into time per hand.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use mahjong::{Hand, is_complete, shanten_overall, waits};

#[path = "../tests/support/deal.rs"]
mod deal;

fn main() {
    divan::main();
}

/// Hands in each set.
const HANDS: usize = 1_000_000;

/// `count` random hands of `size` tiles dealt from `wall`, from a fixed seed so that every
/// run measures the same hands.
fn deal_many(mut wall: Vec<usize>, size: usize, count: usize, seed: u64) -> Vec<Hand> {
    let mut random = tiles_testkit::Random::new(seed);
    (0..count)
        .map(|_| deal::deal(&mut wall, size, &mut random))
        .collect()
}

/// The benchmark's hand sets, by name.
fn hands(set: &str) -> Vec<Hand> {
    match set {
        "random 14" => deal_many(deal::full_set(), 14, HANDS, 0x2545_F491_4F6C_DD1D),
        "one-suit 14" => deal_many(deal::one_suit(0), 14, HANDS, 0x9E37_79B9_7F4A_7C15),
        "random 13" => deal_many(deal::full_set(), 13, HANDS, 0xD1B5_4A32_D192_ED03),
        _ => deal_many(deal::one_suit(0), 13, HANDS, 0x8CB9_2BA7_2F3D_8DD7),
    }
}

const FOURTEEN: &[&str] = &["random 14", "one-suit 14"];
const THIRTEEN: &[&str] = &["random 13", "one-suit 13"];

/// Our overall shanten (standard, seven pairs, thirteen orphans).
#[divan::bench(args = FOURTEEN, sample_count = 10, sample_size = 1)]
fn shanten_ours(bencher: Bencher, set: &str) {
    let hands = hands(set);
    let _ = shanten_overall(&hands[0]);
    bencher.counter(ItemsCount::new(hands.len())).bench(|| {
        hands
            .iter()
            .map(|hand| i32::from(shanten_overall(black_box(hand)).unwrap_or(9)))
            .sum::<i32>()
    });
}

/// `xiangting`'s replacement number (shanten + 1, the same three forms) on the same hands.
#[divan::bench(args = FOURTEEN, sample_count = 10, sample_size = 1)]
fn shanten_xiangting(bencher: Bencher, set: &str) {
    let hands = hands(set);
    bencher.counter(ItemsCount::new(hands.len())).bench(|| {
        hands
            .iter()
            .map(|hand| {
                let counts = black_box(hand.counts());
                i32::from(
                    xiangting::calculate_replacement_number(counts, xiangting::PlayerCount::Four)
                        .unwrap_or(9),
                )
            })
            .sum::<i32>()
    });
}

/// Completeness in any form.
#[divan::bench(args = FOURTEEN, sample_count = 10, sample_size = 1)]
fn complete(bencher: Bencher, set: &str) {
    let hands = hands(set);
    bencher.counter(ItemsCount::new(hands.len())).bench(|| {
        hands
            .iter()
            .filter(|hand| is_complete(black_box(hand)))
            .count()
    });
}

/// The waits of 13-tile hands.
#[divan::bench(args = THIRTEEN, sample_count = 10, sample_size = 1)]
fn waits_13(bencher: Bencher, set: &str) {
    let hands = hands(set);
    bencher.counter(ItemsCount::new(hands.len())).bench(|| {
        hands
            .iter()
            .map(|hand| waits(black_box(hand)).map_or(0, |waits| waits.len()))
            .sum::<usize>()
    });
}
