//! A reference for the LP bound on the most tiles: the set-partition model of the standard
//! rules written out on its own (not the crate's enumeration) and solved by `microlp`, a general
//! LP solver; and the most-tiles answers recorded in `tests/benchmark-keys.txt`. Used by
//! `tests/bound.rs` and `benches/lp_bound.rs`.
//!
//! The model: one variable per group type the tiles in play can make (runs of 3-5 and sets of
//! 3-4, up to two jokers; a joker in a run stands for one place) in `[0, copies]`; one per rack
//! tile type, the copies played, in `[0, rack count]`; one equality per tile type: the groups
//! hold the table's tiles plus the played ones. Maximise the tiles played.

use std::collections::{BTreeSet, HashMap};

use microlp::{ComparisonOp, OptimizationDirection, Problem};
use rummikub::{Rules, Tile};

/// The most-tiles answer of each of the benchmark's sampled positions, as recorded.
pub fn recorded_most_tiles() -> Vec<u32> {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/benchmark-keys.txt"
    ))
    .expect("the recorded keys")
    .lines()
    .filter(|line| line.split(' ').nth(1) == Some("tiles"))
    .map(|line| {
        line.split(' ')
            .nth(2)
            .and_then(|n| n.parse().ok())
            .expect("a tile count")
    })
    .collect()
}

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
pub fn group_types(rules: &Rules) -> Vec<Vec<usize>> {
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

/// The relaxation's optimum for `table` and `rack` (the most tiles the rack can place,
/// fractionally) over `types`, and how many of the types the tiles in play can make.
pub fn relaxation(
    types: &[Vec<usize>],
    table: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
) -> (f64, usize) {
    let mut on_table = [0; 53];
    let mut in_rack = [0; 53];
    for &tile in table.iter().flatten() {
        on_table[index(tile, rules)] += 1;
    }
    for &tile in rack {
        in_rack[index(tile, rules)] += 1;
    }
    let (table, rack) = (&on_table, &in_rack);
    let copies = f64::from(rules.copies);
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
