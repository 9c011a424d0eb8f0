//! Speed of the solver: the published part 2 example alone, and with rows that can't matter.
//!
//! `cargo bench -p rummikub-puzzle --bench solve`.

use std::hint::black_box;

use rummikub_puzzle::{Puzzle, parse_puzzle, solve};

const PART2: &str = "3G\n5\n1 4G 4R 4Y\n2 6G 6R 6Y\n3 4B 5B 6B 7B 8B 9B\n4 7G 8G 9G\n5 5G 5R 5Y\n";

/// Rows far from the part 2 example's tiles: none of their tiles can help place 3G, but some
/// can give tiles (4-tile sets, long runs), so they make moves.
const FAR_ROWS: [&str; 15] = [
    "11B 11G 11R 11Y",
    "12B 12G 12R",
    "13B 13G 13R 13Y",
    "10R 11R 12R 13R",
    "10Y 11Y 12Y 13Y",
    "1B 1G 1R 1Y",
    "1R 2R 3R",
    "1Y 2Y 3Y",
    "2B 2G 2Y",
    "10B 11B 12B",
    "8Y 9Y 10Y",
    "10G 11G 12G 13G",
    "8G 8R 8Y",
    "8R 9R 10R",
    "1B 2B 3B",
];

fn with_far_rows(count: usize) -> Puzzle {
    let mut text = format!("3G\n{}\n", 5 + count);
    for line in PART2.lines().skip(2) {
        text.push_str(&format!("{line}\n"));
    }
    for (i, row) in FAR_ROWS.iter().take(count).enumerate() {
        text.push_str(&format!("{} {row}\n", 6 + i));
    }
    parse_puzzle(&text).expect("a valid puzzle")
}

#[divan::bench(args = [0, 5, 10, 15], sample_count = 10)]
fn part2_example_with_far_rows(bencher: divan::Bencher, count: usize) {
    let puzzle = with_far_rows(count);
    bencher.bench(|| solve(black_box(&puzzle.table), puzzle.goal).unwrap());
}

fn main() {
    divan::main();
}
