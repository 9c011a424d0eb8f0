//! The stop signal: `solve_until` and `arrange_until` give up with `SolveError::Stopped` once it
//! is raised, and answer as `solve` and `arrange` do while it is not.

#[path = "support/positions.rs"]
mod positions;

use std::time::Duration;

use rummikub::tiles_core::Stop;
use rummikub::{Objective, Rules, SolveError, arrange, arrange_until, solve, solve_until};

#[test]
fn a_raised_signal_stops_solves_and_arrangements() {
    let rules = Rules::standard();
    let (stop, flag) = Stop::flag();
    flag.raise();
    let late = Stop::after(Duration::ZERO);
    for (table, rack) in positions::benchmark(&rules).iter().take(20) {
        for signal in [&stop, &late] {
            for objective in Objective::ALL {
                let answer = solve_until(table, rack, &rules, objective, signal);
                assert!(
                    matches!(answer, Err(SolveError::Stopped(_))),
                    "{objective}: {answer:?}"
                );
            }
            let tiles: Vec<_> = table.iter().flatten().copied().collect();
            let answer = arrange_until(&tiles, &rules, signal);
            assert!(matches!(answer, Err(SolveError::Stopped(_))), "{answer:?}");
        }
    }
    let error = solve_until(&[], &[], &rules, Objective::MostTiles, &stop).unwrap_err();
    assert_eq!(
        error.to_string(),
        "stopped before the work was done (its time ran out or it was cancelled)"
    );
}

#[test]
fn a_signal_not_raised_changes_nothing() {
    let rules = Rules::standard();
    let (stop, _flag) = Stop::flag();
    let stop = stop.with_deadline(std::time::Instant::now() + Duration::from_secs(3600));
    for (table, rack) in positions::benchmark(&rules).iter().take(20) {
        for objective in Objective::ALL {
            let plain = solve(table, rack, &rules, objective).unwrap();
            let until = solve_until(table, rack, &rules, objective, &stop).unwrap();
            assert_eq!(plain.to_string(), until.to_string());
        }
        let tiles: Vec<_> = table.iter().flatten().copied().collect();
        assert_eq!(
            arrange(&tiles, &rules).unwrap(),
            arrange_until(&tiles, &rules, &stop).unwrap()
        );
    }
}
