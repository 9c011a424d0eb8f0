//! The stop signal: `solve_until` and `check_until` give up once it is raised, and answer as
//! `solve` and `check` do while it is not.

mod support;

use std::time::{Duration, Instant};

use rummikub_puzzle::tiles_core::{Stop, Stopped};
use rummikub_puzzle::{NoSolution, check, check_until, parse_answer, solve, solve_until};

#[test]
fn a_raised_signal_stops_the_search() {
    let (table, goal) = support::chain_puzzle(5, true);
    let (stop, flag) = Stop::flag();
    flag.raise();
    for signal in [stop, Stop::after(Duration::ZERO)] {
        assert_eq!(
            solve_until(&table, goal, &signal),
            Err(NoSolution::Stopped(Stopped))
        );
    }
}

#[test]
fn a_signal_not_raised_changes_nothing() {
    let stop = Stop::at(Instant::now() + Duration::from_secs(3600));
    for links in 1..=5 {
        for joker in [false, true] {
            let (table, goal) = support::chain_puzzle(links, joker);
            assert_eq!(solve(&table, goal), solve_until(&table, goal, &stop));
        }
    }
}

#[test]
fn checking_an_answer_stops_too() {
    let text = "2G\n3\n1 3G 4G 5G\n2 3R 3Y 3B\n3 1Y 2Y 3Y\n";
    let puzzle = rummikub_puzzle::parse_puzzle(text).unwrap();
    let answer = parse_answer("PUT 2G 1\n").unwrap();
    let late = Stop::after(Duration::ZERO);
    assert_eq!(check_until(&puzzle, &answer, &late), Err(Stopped));
    assert_eq!(
        check_until(&puzzle, &answer, &Stop::never()),
        Ok(check(&puzzle, &answer))
    );
}
