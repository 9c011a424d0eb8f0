//! `respond_until`: the operations that can run long give up with `ApiError::Stopped` once the
//! signal is raised; the quick ones answer regardless; a signal not raised changes nothing.

use std::time::{Duration, Instant};

use tiles_api::{ApiError, examples, respond, respond_until};
use tiles_core::Stop;

/// The operations that check the signal: solves, searches, bot games, tournaments.
const LONG: &[&str] = &[
    "rummikub/arrange",
    "rummikub/solve",
    "rummikub/game",
    "rummikub/tournament",
    "rummikub-puzzle/solve",
    "rummikub-puzzle/check",
    "huxxy/game",
    "huxxy/tournament",
    "mahjong/game",
    "mahjong/replay",
    "mahjong/watch",
    "mahjong/review",
    "mahjong/tournament",
];

#[test]
fn long_operations_stop_and_quick_ones_answer() {
    let late = Stop::after(Duration::ZERO);
    let defaults = serde_json::Map::new();
    let mut stopped = Vec::new();
    for example in examples() {
        let plain = respond(&example.operation, &example.request, &defaults);
        let until = respond_until(&example.operation, &example.request, &defaults, &late);
        if plain.is_err() {
            // A bad request is refused before any work.
            assert_eq!(until, plain, "{}", example.operation);
        } else if LONG.contains(&example.operation.as_str()) {
            assert_eq!(until, Err(ApiError::Stopped), "{}", example.operation);
            stopped.push(example.operation);
        } else {
            assert_eq!(until, plain, "{}", example.operation);
        }
    }
    for name in LONG {
        assert!(stopped.iter().any(|op| op == name), "no example of {name}");
    }
}

#[test]
fn a_signal_not_raised_changes_nothing() {
    let stop = Stop::at(Instant::now() + Duration::from_secs(3600));
    let defaults = serde_json::Map::new();
    for example in examples() {
        assert_eq!(
            respond_until(&example.operation, &example.request, &defaults, &stop),
            respond(&example.operation, &example.request, &defaults),
            "{}",
            example.operation
        );
    }
}
