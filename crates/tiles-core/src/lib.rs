//! What every turn-based tiles game shares: a seeded deal with a fixed algorithm, the game
//! interface, bots, the game loop and its replayable record, tournaments, and a stop signal.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod game;
mod play;
mod random;
mod stop;
mod tournament;

pub use game::{Bot, Game, Outcome};
pub use play::{PlayError, Played, Record, ReplayError, apply_or_forfeit, play, replay};
pub use random::{SplitMix, shuffle, shuffled};
pub use stop::{Progress, Stop, StopFlag, Stopped};
pub use tournament::{
    Standings, Totals, fold_games, game_seed, seating, tournament, tournament_game,
    tournament_range, tournament_range_with, tournament_with,
};
