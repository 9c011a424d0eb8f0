//! Speed of `solve` and `arrange` on random realistic positions of the standard game.
//!
//! `cargo bench -p rummikub --bench solve` runs divan on the full-set arrangement and on a
//! pass over all positions, then times each of 200 positions on its own (median of 7 runs)
//! and prints the median, 90th percentile and slowest per objective: the figures the crate
//! README quotes. Last, because 200 positions say little about the rare slow ones, it solves
//! 2,000 positions of the same kind once each and prints the 99th percentile and the slowest.

#[path = "../tests/support/positions.rs"]
mod positions;

use std::hint::black_box;
use std::time::{Duration, Instant};

use rummikub::{Objective, Rules, Tile, arrange, solve};

#[divan::bench]
fn arrange_full_set(bencher: divan::Bencher) {
    let rules = Rules::standard();
    let tiles = positions::full_set(&rules);
    bencher.bench(|| arrange(black_box(&tiles), &rules));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn solve_200_positions_most_tiles(bencher: divan::Bencher) {
    let rules = Rules::standard();
    let all = positions::benchmark(&rules);
    bencher.bench(|| {
        for (table, rack) in &all {
            black_box(solve(table, rack, &rules, Objective::MostTiles).unwrap());
        }
    });
}

/// The median of 7 timed solves of one position.
fn time_one(table: &[Vec<Tile>], rack: &[Tile], rules: &Rules, objective: Objective) -> Duration {
    let mut times: Vec<Duration> = (0..7)
        .map(|_| {
            let start = Instant::now();
            black_box(solve(table, rack, rules, objective).unwrap());
            start.elapsed()
        })
        .collect();
    times.sort();
    times[3]
}

fn main() {
    divan::main();
    let rules = Rules::standard();
    let all = positions::benchmark(&rules);
    // One `figure:` line per statistic, as `cargo xtask bench` reads them.
    for objective in Objective::ALL {
        let mut times: Vec<Duration> = all
            .iter()
            .map(|(table, rack)| time_one(table, rack, &rules, objective))
            .collect();
        times.sort();
        let count = times.len();
        for (which, time) in [
            ("median", times[count / 2]),
            ("90th percentile", times[count * 9 / 10]),
            ("slowest", times[count - 1]),
        ] {
            println!(
                "figure: solve, objective {} | {count} realistic positions, each the median of 7 runs: {which} | {time:.1?}",
                objective.name()
            );
        }
    }
    let wide = positions::sample(&rules, 2000);
    for objective in [Objective::MostTiles, Objective::MostValue] {
        let mut times: Vec<Duration> = wide
            .iter()
            .map(|(table, rack)| {
                let start = Instant::now();
                black_box(solve(table, rack, &rules, objective).unwrap());
                start.elapsed()
            })
            .collect();
        times.sort();
        let count = times.len();
        for (which, time) in [
            ("99th percentile", times[count * 99 / 100]),
            ("slowest", times[count - 1]),
        ] {
            println!(
                "figure: solve, objective {} | {count} realistic positions, one run each: {which} | {time:.1?}",
                objective.name()
            );
        }
    }
}
