//! Speed of the solver: the published part 2 example alone and next to rows that can't matter,
//! chains of 20 rows with answers of up to 25 actions, and random 20-row puzzles.
//!
//! `cargo bench -p rummikub-puzzle --bench solve`.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::{Duration, Instant};

use rummikub_puzzle::{Piece, Table, parse_puzzle, solve};

const PART2: &str = "3G\n5\n1 4G 4R 4Y\n2 6G 6R 6Y\n3 4B 5B 6B 7B 8B 9B\n4 7G 8G 9G\n5 5G 5R 5Y\n";

/// The part 2 example with `extra` far rows: none of their tiles can help place 3G, but some
/// can give tiles (4-tile sets, long runs), so they make moves.
#[divan::bench(args = [0, 5, 10, 15])]
fn part2_example_with_far_rows(bencher: divan::Bencher, extra: usize) {
    let puzzle = parse_puzzle(PART2).expect("the published example");
    let table = support::with_far_rows(&puzzle.table, puzzle.goal, 5 + extra);
    assert_eq!(table.rows().len(), 5 + extra);
    bencher.bench(|| solve(black_box(&table), puzzle.goal).unwrap());
}

/// Chains padded to 20 rows: 13, 17, 21 and 25 actions.
#[divan::bench(args = [3, 4, 5, 6])]
fn chain_of_20_rows(bencher: divan::Bencher, links: u8) {
    let (table, goal) = support::chain_puzzle(links, false);
    let table = support::with_far_rows(&table, goal, 20);
    assert_eq!(
        solve(&table, goal).unwrap().len(),
        usize::from(4 * links + 1)
    );
    bencher.bench(|| solve(black_box(&table), goal).unwrap());
}

/// The same with the joker in a far set: 11 to 23 actions.
#[divan::bench(args = [3, 4, 5, 6])]
fn chain_of_20_rows_with_joker(bencher: divan::Bencher, links: u8) {
    let (table, goal) = support::chain_puzzle(links, true);
    let table = support::with_far_rows(&table, goal, 20);
    bencher.bench(|| solve(black_box(&table), goal).unwrap());
}

fn time_one(table: &Table, goal: Piece) -> Duration {
    let mut times: Vec<Duration> = (0..5)
        .map(|_| {
            let start = Instant::now();
            black_box(solve(table, goal).ok());
            start.elapsed()
        })
        .collect();
    times.sort();
    times[2]
}

fn main() {
    divan::main();
    // Random puzzles shaped like the part 2 example, alone and padded to 20 rows.
    let mut alone = Vec::new();
    let mut padded = Vec::new();
    let mut longest = 0;
    for seed in 0..2000 {
        let Some((table, goal)) = support::long_puzzle(seed) else {
            continue;
        };
        let Ok(answer) = solve(&table, goal) else {
            continue;
        };
        if answer.len() < 5 {
            continue;
        }
        longest = longest.max(answer.len());
        let big = support::with_far_rows(&table, goal, 20);
        alone.push(time_one(&table, goal));
        padded.push(time_one(&big, goal));
        if alone.len() == 200 {
            break;
        }
    }
    // One `figure:` line per statistic, as `cargo xtask bench` reads them.
    let count = alone.len();
    for (rows, mut times) in [
        ("as generated (3-9 rows)", alone),
        ("padded to 20 rows", padded),
    ] {
        times.sort();
        for (which, time) in [
            ("median", times[count / 2]),
            ("90th percentile", times[count * 9 / 10]),
            ("slowest", times[count - 1]),
        ] {
            println!(
                "figure: solve a random puzzle, {rows} | {count} puzzles, answers of 5-{longest} actions, each the median of 5 runs: {which} | {time:.1?}"
            );
        }
    }
}
