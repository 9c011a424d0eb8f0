//! Checks of the solver's inner parts that the public API cannot reach: the set masks against
//! splitting sets one by one. (The pruning is checked against the plain programme in
//! `tests/pruning.rs`, through [`crate::testing`].)

use crate::rules::Rules;
use crate::tile::Tile;

use super::model::{Memo, Problem};
use super::{Objective, Pruning};

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
