//! Re-measures, in the crate, the fact the solver's redesign (issue 28) builds on: the linear
//! relaxation of the set-partition model bounds the most tiles a move can place, and rounded
//! down it is nearly always exact.
//!
//! The model: one variable per group type the tiles in play can make (runs of 3-5 and sets of
//! 3-4 of the standard rules, with up to two jokers; a joker in a run stands for one place, so
//! a run's tiles fix its layout) in `[0, copies]`; one per rack tile type, the copies played, in
//! `[0, rack count]`; one equality per tile type: the groups hold the table's tiles plus the
//! played ones. Maximise the tiles played. Solved by `microlp` (a general LP solver, used here
//! only to measure; the solver will have its own simplex). Compared with the recorded most-tiles
//! answers of the 2,000 sampled positions (`tests/benchmark-keys.txt`), and timed side by side
//! with the crate's own `most_tiles_bound`, which must give the same bound.
//!
//! `cargo bench -p rummikub --bench lp_bound`

#[path = "../tests/support/positions.rs"]
mod positions;

use std::collections::{BTreeSet, HashMap};
use std::time::Instant;

use microlp::{ComparisonOp, OptimizationDirection, Problem};
use rummikub::{Rules, Tile};

/// Tile types: 0..52 the numbered tiles (colour × 13 + number - 1), 52 the joker.
const JOKER: usize = 52;

fn index(tile: Tile, rules: &Rules) -> usize {
    match (tile.color(), tile.number()) {
        (Some(color), Some(number)) => {
            let c = rules
                .colors
                .iter()
                .position(|&k| k == color)
                .expect("a colour in play");
            c * 13 + usize::from(number.get()) - 1
        }
        _ => JOKER,
    }
}

/// Every group type of the standard rules as a multiset of tile types (sorted, jokers last).
fn group_types(rules: &Rules) -> Vec<Vec<usize>> {
    let colors = rules.colors.len();
    let highest = usize::from(rules.highest.get());
    let most_jokers = usize::from(rules.jokers_per_group);
    let mut types = BTreeSet::new();
    // Runs of 3 to 5 (a longer run splits into these), any places taken by jokers.
    for color in 0..colors {
        for length in 3..=5 {
            for start in 1..=highest + 1 - length {
                for mask in 0u32..(1 << length) {
                    let jokers = mask.count_ones() as usize;
                    if jokers > most_jokers || jokers == length {
                        continue;
                    }
                    let mut group: Vec<usize> = (0..length)
                        .filter(|place| mask & (1 << place) == 0)
                        .map(|place| color * 13 + start + place - 1)
                        .collect();
                    group.extend(std::iter::repeat_n(JOKER, jokers));
                    types.insert(group);
                }
            }
        }
    }
    // Sets of 3 or 4 of one number, distinct colours, jokers for the missing ones.
    for number in 1..=highest {
        for mask in 1u32..(1 << colors) {
            let naturals = mask.count_ones() as usize;
            for size in 3..=colors.min(4) {
                if naturals > size || size - naturals > most_jokers {
                    continue;
                }
                let mut group: Vec<usize> = (0..colors)
                    .filter(|c| mask & (1 << c) != 0)
                    .map(|c| c * 13 + number - 1)
                    .collect();
                group.extend(std::iter::repeat_n(JOKER, size - naturals));
                types.insert(group);
            }
        }
    }
    types.into_iter().collect()
}

/// The relaxation's optimum: the most tiles the rack can place, fractionally.
fn relaxation(
    types: &[Vec<usize>],
    table: &[usize; 53],
    rack: &[usize; 53],
    copies: f64,
) -> (f64, usize) {
    let mut problem = Problem::new(OptimizationDirection::Maximize);
    let mut rows: HashMap<usize, Vec<(microlp::Variable, f64)>> = HashMap::new();
    let in_play = |t: usize| table[t] + rack[t] > 0;
    let mut columns = 0;
    for group in types {
        // Only the types the tiles in play can make (a type holding two jokers needs both).
        if !group
            .iter()
            .all(|&t| group.iter().filter(|&&u| u == t).count() <= table[t] + rack[t])
        {
            continue;
        }
        columns += 1;
        let variable = problem.add_var(0.0, (0.0, copies));
        let mut counts: HashMap<usize, f64> = HashMap::new();
        for &t in group {
            *counts.entry(t).or_default() += 1.0;
        }
        for (t, count) in counts {
            rows.entry(t).or_default().push((variable, count));
        }
    }
    for t in 0..53 {
        if !in_play(t) {
            continue;
        }
        let mut row = rows.remove(&t).unwrap_or_default();
        if rack[t] > 0 {
            let played = problem.add_var(1.0, (0.0, rack[t] as f64));
            row.push((played, -1.0));
        }
        problem.add_constraint(row.as_slice(), ComparisonOp::Eq, table[t] as f64);
    }
    match problem.solve().expect("the table itself is a solution") {
        microlp::SolveOutcome::Solution(solution) => (solution.objective(), columns),
        microlp::SolveOutcome::Interrupted(_) => panic!("no time limit was set"),
    }
}

fn main() {
    let rules = Rules::standard();
    let types = group_types(&rules);
    let recorded = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/benchmark-keys.txt"
    ))
    .expect("the recorded keys");
    let most_tiles: Vec<usize> = recorded
        .lines()
        .filter(|line| line.split(' ').nth(1) == Some("tiles"))
        .map(|line| {
            line.split(' ')
                .nth(2)
                .and_then(|n| n.parse().ok())
                .expect("a tile count")
        })
        .collect();
    let positions = positions::sample(&rules, most_tiles.len() as u64);
    let mut gaps = Vec::new();
    let mut times = Vec::new();
    let mut ours = Vec::new();
    let mut columns = Vec::new();
    for ((table, rack), &answer) in positions.iter().zip(&most_tiles) {
        let mut on_table = [0; 53];
        let mut in_rack = [0; 53];
        for &tile in table.iter().flatten() {
            on_table[index(tile, &rules)] += 1;
        }
        for &tile in rack {
            in_rack[index(tile, &rules)] += 1;
        }
        let start = Instant::now();
        let (optimum, used) = relaxation(&types, &on_table, &in_rack, f64::from(rules.copies));
        times.push(start.elapsed());
        columns.push(used);
        let bound = (optimum + 1e-6).floor() as i64;
        gaps.push(bound - answer as i64);
        let start = Instant::now();
        let our_bound = rummikub::most_tiles_bound(table, rack, &rules).expect("a valid position");
        ours.push(start.elapsed());
        assert_eq!(
            i64::from(our_bound),
            bound,
            "the crate's simplex and microlp disagree"
        );
    }
    times.sort();
    ours.sort();
    columns.sort_unstable();
    let n = gaps.len();
    let below = gaps.iter().filter(|&&gap| gap < 0).count();
    assert_eq!(
        below, 0,
        "the relaxation is a bound: never below the answer"
    );
    let mut histogram: Vec<(i64, usize)> = Vec::new();
    for &gap in &gaps {
        match histogram.iter_mut().find(|(g, _)| *g == gap) {
            Some((_, count)) => *count += 1,
            None => histogram.push((gap, 1)),
        }
    }
    histogram.sort_unstable();
    let first = gaps.iter().take(200).filter(|&&gap| gap == 0).count();
    println!("{} group types in the standard rules", types.len());
    println!(
        "LP bound on the most tiles, rounded down, over {n} positions: gap to the answer {histogram:?} (gap: count); exact on {first} of the first 200"
    );
    println!(
        "columns in play: median {}, most {}; microlp time: median {:.2} ms, 99th percentile {:.2} ms, slowest {:.2} ms",
        columns[n / 2],
        columns[n - 1],
        times[n / 2].as_secs_f64() * 1e3,
        times[n * 99 / 100].as_secs_f64() * 1e3,
        times[n - 1].as_secs_f64() * 1e3
    );
    println!(
        "most_tiles_bound (the crate's simplex, the same bound on every position): median {:.3} ms, 99th percentile {:.3} ms, slowest {:.3} ms",
        ours[n / 2].as_secs_f64() * 1e3,
        ours[n * 99 / 100].as_secs_f64() * 1e3,
        ours[n - 1].as_secs_f64() * 1e3
    );
    println!(
        "figure: most_tiles_bound | 2000 sampled positions | {:.3} ms",
        ours[n / 2].as_secs_f64() * 1e3
    );
}
