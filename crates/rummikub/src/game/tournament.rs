//! Tournaments: many seeded games between a line-up of bots on `tiles-core`'s runner (every
//! core, the line-up turning one seat per game, results added up as games finish).

use std::fmt;

use tiles_core::{Bot, PlayError, Standings, Stop};

use super::log::MAX_TURNS;
use super::{Game, GameOptions};

/// A tournament's outcome, for reading.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentResult {
    /// The game's options (the number of players is the line-up's size).
    pub options: GameOptions,
    /// The tournament's seed: game `i` is dealt from `tiles_core::game_seed(seed, i)`.
    pub seed: u64,
    /// Per line-up entry: wins, ranks, points (the scores: more is better) and forfeits.
    pub standings: Standings,
}

/// Plays `games` games between `lineup` (one bot per player of `options`).
///
/// # Errors
///
/// [`PlayError::Seats`] if the line-up has not one bot per player; [`PlayError::Stopped`]
/// once `stop` is raised (checked between games and turns).
pub fn tournament(
    options: &GameOptions,
    seed: u64,
    games: u64,
    lineup: &[&dyn Bot<Game>],
    stop: &Stop,
) -> Result<TournamentResult, PlayError> {
    tournament_range(options, seed, 0..games, lineup, stop)
}

/// [`tournament`] of the games numbered `games` only (a shard of a tournament split over
/// machines; see `tiles_core::tournament_range`).
///
/// # Errors
///
/// As [`tournament`].
pub fn tournament_range(
    options: &GameOptions,
    seed: u64,
    games: std::ops::Range<u64>,
    lineup: &[&dyn Bot<Game>],
    stop: &Stop,
) -> Result<TournamentResult, PlayError> {
    let standings = tiles_core::tournament_range(options, seed, games, lineup, MAX_TURNS, stop)?;
    Ok(TournamentResult {
        options: options.clone(),
        seed,
        standings,
    })
}

impl fmt::Display for TournamentResult {
    /// `1000 games of 4 players, seed 1`, then the standings' table (`avg points` is the
    /// average score).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} games of {} players, seed {}",
            self.standings.games,
            self.options.players(),
            self.seed
        )?;
        write!(f, "{}", self.standings)
    }
}
