//! The pruning that makes the sweep fast (narrow sweeps for a first move, targets on the whole
//! objective key, dominated states dropped) never changes the score of the best move: on
//! realistic positions of every preset it matches the plain programme, which only drops states
//! whose primary objective cannot reach the target. A narrow sweep of one state per layer,
//! which often misses the best move, checks the full sweeps that follow.

mod support;

use rummikub::testing::{solve_narrowest, solve_plain};
use rummikub::{Move, Objective, Rules, solve};
use support::positions;

#[test]
fn pruning_keeps_the_best_score() {
    let score = |found: &Move| (found.tiles(), found.value(), found.unchanged_groups());
    for rules in [Rules::standard(), Rules::puzzle(), Rules::codegolf()] {
        for seed in 0..12 {
            let mut random = positions::Random::new(seed + 5000);
            let table_tiles = 12 + random.below(24);
            let rack_tiles = 5 + random.below(10);
            let (table, rack) = positions::position(&rules, seed, table_tiles, rack_tiles);
            for objective in Objective::ALL {
                let plain = solve_plain(&table, &rack, &rules, objective).unwrap();
                let narrowest = solve_narrowest(&table, &rack, &rules, objective).unwrap();
                assert_eq!(
                    score(&narrowest),
                    score(&plain),
                    "{objective} seed {seed} {rules:?}: {table:?} {rack:?}"
                );
                let fast = solve(&table, &rack, &rules, objective).unwrap();
                assert_eq!(
                    score(&fast),
                    score(&plain),
                    "{objective} seed {seed} {rules:?}: {table:?} {rack:?}"
                );
            }
        }
    }
}
