//! Whole games of Rummikub between bots, and the solver's time per turn in them.
//!
//! `cargo bench -p rummikub --bench games`: divan times 10 four-player games of `solver` bots
//! and of one `solver` against three `greedy`, one after another. Then the figures the crate
//! README quotes: 1,000 four-player games of `solver` bots as a tournament on every core (wall
//! time, and games per second), and the same 1,000 games played again one at a time with
//! every `solver` turn timed on its own: the median, the 99th percentile and the slowest turn
//! over every game position, and how many turns took over 20 ms. Each is a `figure:` line,
//! as `cargo xtask bench` reads them.

use std::hint::black_box;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rummikub::tiles_core::{Bot, Stop, game_seed, play, tournament};
use rummikub::{Action, Game, GameOptions, GreedyBot, MAX_TURNS, Rules, SolverBot, View};

fn main() {
    divan::main();
    let options = GameOptions::new(Rules::standard(), 4).unwrap();
    let solvers: [&dyn Bot<Game>; 4] = [&SolverBot; 4];
    let games = 1000;

    let start = Instant::now();
    let standings = tournament(&options, 1, games, &solvers, MAX_TURNS, &Stop::never()).unwrap();
    let wall = start.elapsed();
    assert_eq!(standings.games, games);
    let threads = rayon::current_num_threads();
    println!(
        "figure: tournament, 4 solver bots | {games} games on {threads} threads, wall time | {wall:.2?}"
    );
    println!(
        "games per second: {:.0} ({games} games on {threads} threads in {wall:.2?})",
        games as f64 / wall.as_secs_f64()
    );

    // The same games one at a time, each solver turn timed.
    let timed = Timed {
        bot: &SolverBot,
        times: Mutex::new(Vec::new()),
    };
    let bots: [&dyn Bot<Game>; 4] = [&timed; 4];
    for index in 0..games {
        play(
            &options,
            game_seed(1, index),
            &bots,
            MAX_TURNS,
            &Stop::never(),
        )
        .unwrap();
    }
    let mut times = timed.times.into_inner().unwrap();
    times.sort();
    let count = times.len();
    for (which, at) in [
        ("median", count / 2),
        ("99th percentile", count * 99 / 100),
        ("slowest", count - 1),
    ] {
        println!(
            "figure: solver bot's turn | {count} turns of {games} four-player games: {which} | {:.1?}",
            times[at]
        );
    }
    let over = times
        .iter()
        .filter(|&&t| t > Duration::from_millis(20))
        .count();
    println!("turns over 20 ms: {over} of {count}");
}

/// A bot whose every choice is timed.
struct Timed<'a> {
    bot: &'a dyn Bot<Game>,
    times: Mutex<Vec<Duration>>,
}

impl Bot<Game> for Timed<'_> {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&self, view: &View) -> Action {
        let start = Instant::now();
        let action = self.bot.choose(view);
        let took = start.elapsed();
        self.times.lock().unwrap().push(took);
        action
    }
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn ten_games_four_solvers() {
    let options = GameOptions::new(Rules::standard(), 4).unwrap();
    let bots: [&dyn Bot<Game>; 4] = [&SolverBot; 4];
    for seed in 0..10 {
        black_box(play(&options, seed, &bots, MAX_TURNS, &Stop::never()).unwrap());
    }
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn ten_games_solver_against_three_greedy() {
    let options = GameOptions::new(Rules::standard(), 4).unwrap();
    let bots: [&dyn Bot<Game>; 4] = [&SolverBot, &GreedyBot, &GreedyBot, &GreedyBot];
    for seed in 0..10 {
        black_box(play(&options, seed, &bots, MAX_TURNS, &Stop::never()).unwrap());
    }
}
