//! Speed of `solve` and `arrange` on random realistic positions of the standard game.
//!
//! `cargo bench -p rummikub --bench solve` runs divan on the full-set arrangement and on a
//! pass over all positions, then times each of 200 positions on its own (median of 7 runs)
//! and prints the median, 90th percentile and slowest per objective: the figures the crate
//! README quotes. Last, because 200 positions say little about the rare slow ones, it solves
//! 2,000 positions of the same kind once each and prints the 99th percentile and the slowest;
//! and 200 adversarial ones (a table of 60-100 tiles, a rack of 6-40), once each.

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

/// The median of `runs` timed solves of one position.
fn time_median(
    table: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
    objective: Objective,
    runs: usize,
) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(solve(table, rack, rules, objective).unwrap());
            start.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

/// Times every position under each objective (the median of `runs` solves each) and prints
/// one `figure:` line per percentile, as `cargo xtask bench` reads them; percentile 100 is
/// the slowest.
fn report(
    all: &[(Vec<Vec<Tile>>, Vec<Tile>)],
    kind: &str,
    rules: &Rules,
    objectives: &[Objective],
    runs: usize,
    percentiles: &[(&str, usize)],
) {
    let count = all.len();
    let how = if runs == 1 {
        "one run each".to_owned()
    } else {
        format!("each the median of {runs} runs")
    };
    for &objective in objectives {
        let mut times: Vec<Duration> = all
            .iter()
            .map(|(table, rack)| time_median(table, rack, rules, objective, runs))
            .collect();
        times.sort();
        for &(which, percent) in percentiles {
            let time = times[(count * percent / 100).min(count - 1)];
            println!(
                "figure: solve, objective {} | {count} {kind} positions, {how}: {which} | {time:.1?}",
                objective.name()
            );
        }
    }
}

fn main() {
    divan::main();
    let rules = Rules::standard();
    report(
        &positions::benchmark(&rules),
        "realistic",
        &rules,
        &Objective::ALL,
        7,
        &[("median", 50), ("90th percentile", 90), ("slowest", 100)],
    );
    report(
        &positions::sample(&rules, 2000),
        "realistic",
        &rules,
        &[Objective::MostTiles, Objective::MostValue],
        1,
        &[("99th percentile", 99), ("slowest", 100)],
    );
    report(
        &positions::adversarial(&rules, 200),
        "adversarial",
        &rules,
        &[Objective::MostTiles, Objective::MostValue],
        1,
        &[("median", 50), ("99th percentile", 99), ("slowest", 100)],
    );
}
