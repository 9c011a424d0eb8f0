//! The best-move scores of realistic positions, against the scores recorded in
//! `tests/realistic-scores.txt`.
//!
//! The brute-force reference (`solve_reference.rs`) only reaches small positions. These are
//! the benchmark's 200 positions (a table of 20-60 tiles built from valid groups, a rack of
//! 10-20 tiles from the rest), solved for every objective, so a speed-up that loses
//! exactness where positions are as large as in real play shows up here. Each move's steps are
//! carried out on its table and must end at the move's new table. When recorded, every
//! score agreed with the programme run without any pruning by bounds or dominance (a one-off
//! check, seconds in a release build). `UPDATE_SCORES=1` rewrites the file: a changed score
//! is a bug unless the rules or the benchmark's positions changed.

mod support;

use support::{moves, positions, record};

use rummikub::{Objective, Rules, solve};

fn scores() -> String {
    let rules = Rules::standard();
    let mut text = String::from("# position objective tiles value unchanged\n");
    for (seed, (table, rack)) in positions::benchmark(&rules).iter().enumerate() {
        for objective in Objective::ALL {
            let found = solve(table, rack, &rules, objective).expect("a valid position");
            if let Err(error) = moves::check_steps(table, rack, &found) {
                panic!("position {seed}, {objective}: {error}");
            }
            text.push_str(&format!(
                "{seed} {objective} {} {} {}\n",
                found.tiles(),
                found.value(),
                found.unchanged_groups()
            ));
        }
    }
    text
}

#[test]
fn realistic_scores_match_the_record() {
    record::check("realistic-scores.txt", "UPDATE_SCORES", &scores());
}
