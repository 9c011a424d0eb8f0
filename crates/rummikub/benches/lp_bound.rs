//! Re-measures, in the crate, the fact the solver's redesign (issue 28) builds on: the linear
//! relaxation of the set-partition model bounds the most tiles a move can place, and rounded
//! down it is nearly always exact.
//!
//! The model (`tests/support/lp_reference.rs`) is solved by `microlp`, a general LP solver used
//! here only to measure, compared with the recorded most-tiles answers of the 2,000 sampled
//! positions (`tests/benchmark-keys.txt`), and timed side by side with the crate's own
//! `most_tiles_bound`, which must give the same bound.
//!
//! `cargo bench -p rummikub --bench lp_bound`

#[path = "../tests/support/lp_reference.rs"]
mod lp_reference;
#[path = "../tests/support/positions.rs"]
mod positions;

use std::time::Instant;

use rummikub::Rules;

fn main() {
    let rules = Rules::standard();
    let types = lp_reference::group_types(&rules);
    let most_tiles = lp_reference::recorded_most_tiles();
    let positions = positions::sample(&rules, most_tiles.len() as u64);
    let mut gaps = Vec::new();
    let mut times = Vec::new();
    let mut ours = Vec::new();
    let mut columns = Vec::new();
    for ((table, rack), &answer) in positions.iter().zip(&most_tiles) {
        let start = Instant::now();
        let (optimum, used) = lp_reference::relaxation(&types, table, rack, &rules);
        times.push(start.elapsed());
        columns.push(used);
        let bound = (optimum + 1e-6).floor() as i64;
        gaps.push(bound - i64::from(answer));
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
