//! Rummikub rules: tiles and notation, rule presets, group validity, arranging, best moves.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod answer;
mod bound;
mod fixture;
mod game;
mod group;
mod lp;
mod notation;
mod rules;
mod run;
mod solve;
mod steps;
mod tile;

pub use answer::{Arrangement, Move, OpeningShortfall};
pub use bound::most_tiles_bound;
pub use fixture::run_fixture;
pub use game::{
    Action, ActionError, BOT_NAMES, Done, End, Game, GameLog, GameOptions, GameOptionsError,
    GreedyBot, JOKER_PENALTY, LoggedTurn, MAX_TURNS, PLAYERS, RACK_TILES, SolverBot,
    TournamentResult, Turn, TurnError, ValueBot, View, bot_named, check_turn, full_set, rack_value,
    tournament, tournament_range,
};
pub use group::{Group, GroupError, GroupKind, Slot};
pub use notation::{parse_table, parse_tile, parse_tiles, show_tiles};
pub use rules::{Preset, Rules, UnknownPreset};
pub use solve::{
    Objective, Place, SolveError, UnknownObjective, arrange, arrange_until, solve, solve_going_out,
    solve_until,
};
pub use steps::{Onto, Step, Take};
pub use tile::{Color, Number, NumberOutOfRange, Tile};
pub use tiles_core;
pub use tiles_notation::ParseError;

/// Not part of the API: what the crate's own tests in `tests/` need to reach inside.
#[doc(hidden)]
pub mod testing {
    pub use crate::solve::{solve_narrowest, solve_plain};
}
