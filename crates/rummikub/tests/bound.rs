//! `most_tiles_bound` against the recorded most-tiles answers of the benchmark's 2,000 sampled
//! positions (`tests/benchmark-keys.txt`): never below, nearly always equal; and its linear
//! programme's optimum against a general LP solver's (`microlp`) on the same model.

#[path = "support/positions.rs"]
mod positions;

use rummikub::{Rules, most_tiles_bound};

fn recorded_most_tiles() -> Vec<u32> {
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
            .expect("a count")
    })
    .collect()
}

#[test]
fn the_bound_is_never_below_the_answer_and_nearly_always_equal() {
    let rules = Rules::standard();
    let answers = recorded_most_tiles();
    let positions = positions::sample(&rules, answers.len() as u64);
    let mut equal = 0;
    for (seed, ((table, rack), &answer)) in positions.iter().zip(&answers).enumerate() {
        let bound = most_tiles_bound(table, rack, &rules).expect("a valid position");
        assert!(
            bound >= answer,
            "position {seed}: bound {bound} below the answer {answer}"
        );
        assert!(
            bound <= answer + 2,
            "position {seed}: bound {bound}, answer {answer}"
        );
        equal += usize::from(bound == answer);
    }
    // Measured when the bound was written: 1,938 of 2,000 (and the rest 1 or 2 above).
    assert!(equal >= 1900, "equal on {equal} of {}", answers.len());
}

/// The same model solved by microlp: the optima agree, so the rounding is of the right value.
#[test]
fn the_optimum_agrees_with_a_general_lp_solver() {
    use microlp::{ComparisonOp, OptimizationDirection, Problem, SolveOutcome};
    let rules = Rules::standard();
    for (seed, (table, rack)) in positions::sample(&rules, 60).iter().enumerate() {
        // The whole table and rack as one list of kinds (colour rank × 13 + number - 1, joker 52).
        let kind = |tile: rummikub::Tile| match (tile.color(), tile.number()) {
            (Some(c), Some(n)) => rules.color_rank(c).unwrap() * 13 + usize::from(n.get()) - 1,
            _ => 52,
        };
        let mut on_table = [0usize; 53];
        let mut in_rack = [0usize; 53];
        table.iter().flatten().for_each(|&t| on_table[kind(t)] += 1);
        rack.iter().for_each(|&t| in_rack[kind(t)] += 1);
        // Every group type, written out independently of the crate's enumeration.
        let mut types: Vec<Vec<usize>> = Vec::new();
        for color in 0..4 {
            for length in 3..=5 {
                for start in 0..=13 - length {
                    for jokers in 0u32..(1 << length) {
                        if jokers.count_ones() > 2 || jokers.count_ones() as usize == length {
                            continue;
                        }
                        let mut group: Vec<usize> = (0..length)
                            .filter(|p| jokers & (1 << p) == 0)
                            .map(|p| color * 13 + start + p)
                            .collect();
                        group.extend(std::iter::repeat_n(52, jokers.count_ones() as usize));
                        types.push(group);
                    }
                }
            }
        }
        for number in 0..13 {
            for colors in 1u32..16 {
                for size in 3..=4usize {
                    let naturals = colors.count_ones() as usize;
                    if naturals > size || size - naturals > 2 {
                        continue;
                    }
                    let mut group: Vec<usize> = (0..4)
                        .filter(|c| colors & (1 << c) != 0)
                        .map(|c| c * 13 + number)
                        .collect();
                    group.extend(std::iter::repeat_n(52, size - naturals));
                    types.push(group);
                }
            }
        }
        types.sort();
        types.dedup();
        let mut problem = Problem::new(OptimizationDirection::Maximize);
        let mut rows: Vec<Vec<(microlp::Variable, f64)>> = vec![Vec::new(); 53];
        for group in &types {
            if group
                .iter()
                .any(|&k| group.iter().filter(|&&g| g == k).count() > on_table[k] + in_rack[k])
            {
                continue;
            }
            let variable = problem.add_var(0.0, (0.0, 2.0));
            for &k in group {
                match rows[k].iter_mut().find(|(v, _)| *v == variable) {
                    Some((_, count)) => *count += 1.0,
                    None => rows[k].push((variable, 1.0)),
                }
            }
        }
        for k in 0..53 {
            if on_table[k] + in_rack[k] == 0 {
                continue;
            }
            if in_rack[k] > 0 {
                let played = problem.add_var(1.0, (0.0, in_rack[k] as f64));
                rows[k].push((played, -1.0));
            }
            problem.add_constraint(rows[k].as_slice(), ComparisonOp::Eq, on_table[k] as f64);
        }
        let SolveOutcome::Solution(solution) = problem.solve().unwrap() else {
            panic!("no time limit was set");
        };
        let reference = (solution.objective() + 1e-6).floor() as u32;
        let bound = most_tiles_bound(table, rack, &rules).unwrap();
        assert_eq!(
            bound,
            reference,
            "position {seed}: optimum {}",
            solution.objective()
        );
    }
}
