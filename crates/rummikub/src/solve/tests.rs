//! Checks of the solver's inner parts that the public API cannot reach: the set masks against
//! splitting sets one by one, and the pruning against the plain programme.

#[path = "../../tests/support/positions.rs"]
mod positions;

use crate::answer::Move;
use crate::rules::Rules;
use crate::tile::Tile;

use super::model::{Memo, Problem};
use super::{Objective, Pruning, solve, solve_with};

/// Which joker counts set tiles form sets with agrees with splitting them into sets one
/// set at a time, for every count of set tiles per colour, under every preset.
#[test]
fn set_masks_match_set_splits() {
    for rules in [Rules::standard(), Rules::puzzle(), Rules::codegolf()] {
        let jokers = vec![Tile::Joker; usize::from(rules.jokers)];
        let problem = Problem::new(
            &rules,
            &[],
            &jokers,
            &[],
            Objective::MostTiles,
            Pruning::FULL,
        )
        .unwrap();
        let mut memo = Memo::new(&problem);
        let counts = u32::from(rules.copies) + 1;
        for code in 0..counts.pow(rules.colors.len() as u32) {
            let sets = (0..rules.colors.len()).fold(0u32, |sets, color| {
                sets | (code / counts.pow(color as u32) % counts) << (color * 3)
            });
            let mask = problem.set_mask(sets, &mut memo);
            for jokers in 0..=rules.jokers {
                assert_eq!(
                    mask >> jokers & 1 == 1,
                    problem.best_sets(1, sets, jokers).is_some(),
                    "{rules:?}: set tiles {sets:o}, {jokers} jokers"
                );
            }
        }
    }
}

/// The pruning that makes the sweep fast (narrow sweeps for a first move, targets on the
/// whole objective key, dominated states dropped) never changes the score of the best move:
/// on realistic positions of every preset it matches the plain programme, which only
/// drops states whose primary objective cannot reach the target. A narrow sweep of one
/// state per layer, which often misses the best move, checks the full sweeps that follow.
#[test]
fn pruning_keeps_the_best_score() {
    const PLAIN: Pruning = Pruning {
        beams: &[],
        dominance: false,
    };
    const NARROWEST: Pruning = Pruning {
        beams: &[1],
        dominance: true,
    };
    let score = |found: &Move| (found.tiles(), found.value(), found.unchanged_groups());
    for rules in [Rules::standard(), Rules::puzzle(), Rules::codegolf()] {
        for seed in 0..12 {
            let mut random = positions::Random::new(seed + 5000);
            let table_tiles = 12 + random.below(24);
            let rack_tiles = 5 + random.below(10);
            let (table, rack) = positions::position(&rules, seed, table_tiles, rack_tiles);
            for objective in Objective::ALL {
                let plain = solve_with(&table, &rack, &rules, objective, PLAIN).unwrap();
                let narrowest = solve_with(&table, &rack, &rules, objective, NARROWEST).unwrap();
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
