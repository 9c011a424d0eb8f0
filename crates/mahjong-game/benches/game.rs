//! Whole games: 1,000 hanchan of four `efficiency` bots, as a tournament on every core and
//! one after another on one; 1,000 of four `random` bots; and 1,000 three-player hanchan
//! (Tenhou's sanma) of three `efficiency` bots, beside the four-player ones. Then the time one decision of
//! each bot takes (its `choose`, timed alone over every decision of 200 hanchan it plays at all
//! four seats): the median and the 99th percentile. Each figure is a `figure:` line, as
//! `cargo xtask bench` reads them.
//!
//! `cargo bench -p mahjong-game --bench game`

use std::time::Instant;

use mahjong_game::{DefenceBot, EfficiencyBot, Game, GameRules, RandomBot, ValueBot};
use tiles_core::{Bot, Stop, game_seed, play, tournament};

/// Enough moves for any game (a hanchan takes a few thousand decisions).
const MAX_MOVES: usize = 1_000_000;

/// Times `games` games of `lineup` under `rules`, as a tournament on every core and one at a
/// time on one thread; `what` names them in the figures (`1000 {what} | ...`).
fn time_games(rules: &GameRules, games: u64, lineup: &[&dyn Bot<Game>], what: &str) {
    let start = Instant::now();
    let standings = tournament(rules, 1, games, lineup, MAX_MOVES, &Stop::never())
        .expect("the tournament plays");
    let wall = start.elapsed();
    assert_eq!(standings.games, games);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    println!("figure: {games} {what} | tournament on {threads} threads, wall time | {wall:.2?}");
    let start = Instant::now();
    for index in 0..games {
        play(
            rules,
            game_seed(1, index),
            lineup,
            MAX_MOVES,
            &Stop::never(),
        )
        .expect("the game plays");
    }
    let wall = start.elapsed();
    println!("figure: {games} {what} | one at a time on one thread | {wall:.2?}");
}

fn main() {
    let rules = GameRules::default();
    let games = 1000;
    let efficiency: [&dyn Bot<Game>; 4] = [&EfficiencyBot; 4];
    let random = RandomBot { seed: 1 };
    let randoms: [&dyn Bot<Game>; 4] = [&random; 4];
    for (name, lineup) in [("efficiency", &efficiency), ("random", &randoms)] {
        time_games(&rules, games, lineup, &format!("hanchan, 4 {name} bots"));
    }
    // Three players: the same games' count, beside the four-player figures above.
    let three: [&dyn Bot<Game>; 3] = [&EfficiencyBot; 3];
    time_games(
        &GameRules::TENHOU_SANMA,
        games,
        &three,
        "three-player hanchan, 3 efficiency bots",
    );
    let bots: [(&str, &dyn Bot<Game>); 3] = [
        ("efficiency", &EfficiencyBot),
        ("defence", &DefenceBot),
        ("value", &ValueBot),
    ];
    for (name, bot) in bots {
        let mut times = Vec::new();
        for index in 0..200 {
            let mut game = Game::new(rules, game_seed(7, index));
            while let Some(seat) = game.to_move() {
                let view = game.view(seat);
                let start = Instant::now();
                let action = std::hint::black_box(bot.choose(&view));
                times.push(start.elapsed());
                game.act(seat, action)
                    .expect("a bot chooses a legal action");
            }
        }
        times.sort_unstable();
        let median = times[times.len() / 2];
        let p99 = times[times.len() * 99 / 100];
        println!(
            "figure: one decision of the {name} bot ({} decisions of 200 hanchan) | median | {median:.2?}",
            times.len()
        );
        println!("figure: one decision of the {name} bot | 99th percentile | {p99:.2?}");
    }
}
