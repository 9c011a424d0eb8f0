//! What every tournament operation shares: its limit, its request defaults, and its
//! standings as the responses give them.

use schemars::JsonSchema;
use serde::Serialize;
use tiles_core::{PlayError, Standings};

use crate::ApiError;

/// The most games one tournament request plays.
pub const MAX_GAMES: u64 = 1_000_000;

/// A request's games when it names none.
pub(crate) fn default_games() -> u64 {
    1000
}

/// A tournament request's seed when it names none.
pub(crate) fn default_seed() -> u64 {
    1
}

/// The refusal of more than [`MAX_GAMES`] games.
pub(crate) fn check_games(games: u64) -> Result<(), String> {
    if games > MAX_GAMES {
        return Err(format!(
            "games: at most {MAX_GAMES} games per tournament, not {games}"
        ));
    }
    Ok(())
}

/// One line-up entry's results.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EntryJson {
    /// The entry's place in the line-up (its seat in game 1).
    pub entry: usize,
    /// The bot.
    pub bot: String,
    /// Games ranked first (shared firsts count for each).
    pub wins: u64,
    /// Wins in percent of the games.
    pub win_percent: f64,
    /// Average rank, 1 best.
    pub average_rank: f64,
    /// Average points (the game's own: points left in hand for huxxy, the score for
    /// Rummikub).
    pub average_points: f64,
    /// Games forfeited.
    pub forfeits: u64,
}

/// Each entry's results, in line-up order.
pub fn entries(standings: &Standings) -> Vec<EntryJson> {
    standings
        .bots
        .iter()
        .enumerate()
        .map(|(entry, bot)| EntryJson {
            entry,
            bot: bot.clone(),
            wins: standings.entries[entry].wins,
            win_percent: standings.win_percent(entry),
            average_rank: standings.average_rank(entry),
            average_points: standings.average_points(entry),
            forfeits: standings.entries[entry].forfeits,
        })
        .collect()
}

/// A tournament's error as the API's: stopped, or a line-up that does not fit the seats.
pub(crate) fn play_error(error: PlayError) -> ApiError {
    match error {
        PlayError::Stopped(_) => ApiError::Stopped,
        error => ApiError::BadRequest(error.to_string()),
    }
}
