//! Scoring winning hands: a fixed set of 10,000 realistic winning hands (closed and open, with
//! kans, red fives and every situation the generator draws), each scored in full (every
//! reading, the best kept, its yaku, fu parts and payments).
//!
//! Run with `cargo bench -p mahjong --bench score`. Each sample scores the whole set once;
//! divan's items-per-second counter turns that into time per hand. `main` also prints the
//! median over the hands of each hand's own time (`figure:` lines).

use std::time::Instant;

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use mahjong::score;

#[path = "../tests/support/winning.rs"]
mod winning;

/// Hands in the set.
const HANDS: usize = 10_000;

fn main() {
    per_hand_medians();
    divan::main();
}

/// The hands of one set: `closed`, `open` or `all`.
fn set(name: &str) -> Vec<winning::Win> {
    let all = winning::wins(HANDS * 2, 0x5DEE_CE66_D1CE_5EED);
    let keep = |win: &winning::Win| match name {
        "closed" => win.hand.is_closed(),
        "open" => !win.hand.is_closed(),
        _ => true,
    };
    all.into_iter().filter(keep).take(HANDS).collect()
}

/// Times each hand on its own (the least of 20 runs of 10) and prints the median over hands.
fn per_hand_medians() {
    for name in ["all", "closed", "open"] {
        let wins = set(name);
        let mut times: Vec<f64> = wins
            .iter()
            .map(|win| {
                (0..20)
                    .map(|_| {
                        let start = Instant::now();
                        for _ in 0..10 {
                            let _ =
                                black_box(score(black_box(&win.hand), &win.situation, &win.rules));
                        }
                        start.elapsed().as_nanos() as f64 / 10.0
                    })
                    .fold(f64::INFINITY, f64::min)
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let p99 = times[times.len() * 99 / 100];
        println!("figure: score (median per hand) | {name} | {median:.0} ns");
        println!("figure: score (p99 per hand) | {name} | {p99:.0} ns");
    }
}

/// The whole set scored once per sample.
#[divan::bench(args = ["all", "closed", "open"], sample_count = 20, sample_size = 1)]
fn score_set(bencher: Bencher, name: &str) {
    let wins = set(name);
    bencher.counter(ItemsCount::new(wins.len())).bench(|| {
        wins.iter()
            .map(|win| {
                score(black_box(&win.hand), &win.situation, &win.rules)
                    .map_or(0, |score| score.points.total)
            })
            .sum::<u32>()
    });
}
