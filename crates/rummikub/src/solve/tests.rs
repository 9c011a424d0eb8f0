//! Checks of the solver's inner parts that the public API cannot reach: the set masks against
//! splitting sets one by one, and which open runs cover which. (The pruning is checked against the plain programme in
//! `tests/pruning.rs`, through [`crate::testing`].)

use crate::group::Group;
use crate::notation::parse_tiles;
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

/// A run at a node of a colour's tree of table runs stands in for a plain run of its length,
/// not the other way round, and a run at a node is matched only at that node.
#[test]
fn runs_at_nodes_cover_plain_runs_of_their_length() {
    let rules = Rules::standard();
    let table = [Group::new(&parse_tiles("R3 R4 R5").unwrap(), &rules).unwrap()];
    let problem = Problem::new(
        &rules,
        table[0].tiles(),
        &[],
        &table,
        Objective::MostTiles,
        Pruning::FULL,
    )
    .unwrap();
    assert!(problem.prune_dominated);
    let red = rules
        .color_rank(table[0].tiles()[0].color().unwrap())
        .unwrap();
    // The tree's nodes: R3, R3 R4, R3 R4 R5 (where the table run ends).
    let at = |len: u8| {
        let id = (1..problem.trees[red].len())
            .find(|&id| problem.trees[red][id].len == len)
            .unwrap();
        u64::try_from(id).unwrap()
    };
    // Plain runs: one of a length class (1, 2, or long enough), encoded as the state holds them.
    let plain = |class: u8| 1u32 << (problem.code(class, 0) as u32 * super::model::COUNT_BITS);
    let cover = |a: (u32, u64), b: (u32, u64)| problem.parts_cover(red, a, b);
    assert!(cover((0, at(3)), (plain(3), 0)));
    assert!(!cover((plain(3), 0), (0, at(3))));
    assert!(cover((0, at(2)), (plain(2), 0)));
    assert!(!cover((0, at(2)), (plain(3), 0)));
    assert!(cover((0, at(3)), (plain(1), 0)));
    assert!(!cover((0, at(3)), (0, at(2))));
    // Two runs: the one at the node is matched there, the other plainly.
    assert!(cover((plain(3), at(3)), (plain(3), at(3))));
    assert!(cover((0, at(3) | at(3) << 8), (plain(3), at(3))));
    assert!(!cover((plain(3), at(2)), (plain(3), at(3))));
}
