//! Whole games between bots, on `tiles-core`'s game loop (the engine checks every play, and an
//! invalid turn forfeits the game), and tournaments on its tournament runner.

use std::fmt;

use tiles_core::{Bot, PlayError, Played, Standings, Stop};

use crate::card::{PLAYERS, Variant};
use crate::game::Game;

/// The most turns a game may take: a safety net (a game has at most 56 draws and every other
/// turn plays a card, so real games stay far below it).
pub const MAX_TURNS: usize = 10_000;

/// Plays a game of `variant` dealt from `seed`, seat `i` played by `bots[i]`: each bot plans
/// its turn from its view at the start of the turn, and the engine checks every play.
pub fn play_game(variant: Variant, seed: u64, bots: [&dyn Bot<Game>; PLAYERS]) -> Played<Game> {
    match tiles_core::play(&variant, seed, &bots, MAX_TURNS, &Stop::never()) {
        Ok(played) => played,
        // Four bots for four seats, and a signal never raised.
        Err(error) => unreachable!("{error}"),
    }
}

/// A tournament's outcome, for reading: the games played and each line-up entry's totals.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentResult {
    /// The game played.
    pub variant: Variant,
    /// The tournament's seed.
    pub seed: u64,
    /// The totals per entry (points are the points left in hand: fewer is better).
    pub standings: Standings,
}

/// Plays `games` games of `variant` between `lineup` on every core, the line-up turning one
/// seat per game so that every bot plays first equally often (`tiles-core`'s tournament:
/// results added up as games finish, the same whatever the number of threads). `stop` is
/// checked between games and turns.
///
/// # Errors
///
/// [`PlayError::Stopped`] once `stop` is raised.
pub fn tournament(
    variant: Variant,
    seed: u64,
    games: u64,
    lineup: [&dyn Bot<Game>; PLAYERS],
    stop: &Stop,
) -> Result<TournamentResult, PlayError> {
    tournament_range(variant, seed, 0..games, lineup, stop)
}

/// [`tournament`] of the games numbered `games` only (a shard of a tournament split over
/// machines; see `tiles_core::tournament_range`).
///
/// # Errors
///
/// [`PlayError::Stopped`] once `stop` is raised.
pub fn tournament_range(
    variant: Variant,
    seed: u64,
    games: std::ops::Range<u64>,
    lineup: [&dyn Bot<Game>; PLAYERS],
    stop: &Stop,
) -> Result<TournamentResult, PlayError> {
    let standings = tiles_core::tournament_range(&variant, seed, games, &lineup, MAX_TURNS, stop)?;
    Ok(TournamentResult {
        variant,
        seed,
        standings,
    })
}

impl fmt::Display for TournamentResult {
    /// A heading, then the standings' table:
    ///
    /// ```text
    /// 10 basic games, seed 1
    /// entry  bot       wins   win %  avg rank  avg points  forfeits
    /// 0      search       9   90.0%      1.30        11.5         0
    /// …
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.variant == Variant::Jokers {
            "joker"
        } else {
            "basic"
        };
        writeln!(
            f,
            "{} {kind} games, seed {}",
            self.standings.games, self.seed
        )?;
        write!(f, "{}", self.standings)
    }
}
