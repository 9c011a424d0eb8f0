//! Whole games: 1,000 hanchan of four `efficiency` bots, as a tournament on every core and
//! one after another on one; and 1,000 of four `random` bots. Each figure is a `figure:` line,
//! as `cargo xtask bench` reads them.
//!
//! `cargo bench -p mahjong --bench game`

use std::time::Instant;

use mahjong::game::{EfficiencyBot, Game, GameRules, RandomBot};
use tiles_core::{Bot, Stop, game_seed, play, tournament};

/// Enough moves for any game (a hanchan takes a few thousand decisions).
const MAX_MOVES: usize = 1_000_000;

fn main() {
    let rules = GameRules::default();
    let games = 1000;
    let efficiency: [&dyn Bot<Game>; 4] = [&EfficiencyBot; 4];
    let random = RandomBot { seed: 1 };
    let randoms: [&dyn Bot<Game>; 4] = [&random; 4];
    for (name, lineup) in [("efficiency", &efficiency), ("random", &randoms)] {
        let start = Instant::now();
        let standings = tournament(&rules, 1, games, lineup, MAX_MOVES, &Stop::never())
            .expect("the tournament plays");
        let wall = start.elapsed();
        assert_eq!(standings.games, games);
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        println!(
            "figure: {games} hanchan, 4 {name} bots | tournament on {threads} threads, wall time | {wall:.2?}"
        );
        let start = Instant::now();
        for index in 0..games {
            play(
                &rules,
                game_seed(1, index),
                lineup,
                MAX_MOVES,
                &Stop::never(),
            )
            .expect("the game plays");
        }
        let wall = start.elapsed();
        println!(
            "figure: {games} hanchan, 4 {name} bots | one at a time on one thread | {wall:.2?}"
        );
    }
}
