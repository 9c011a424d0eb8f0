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
    if games == 0 {
        return Err("games: at least 1 game".to_owned());
    }
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
    /// The sum of its ranks (for merging shards: `average_rank` is this over the finished
    /// games).
    pub rank_sum: u64,
    /// The sum of its points (`average_points` is this over the finished games).
    pub points_sum: i64,
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
            rank_sum: standings.entries[entry].rank_sum,
            points_sum: standings.entries[entry].points_sum,
        })
        .collect()
}

/// The standings a response's raw fields hold (`games`, `unfinished`, each entry's `bot`,
/// `wins`, `rank_sum`, `points_sum`, `forfeits`): a shard's, for merging.
fn standings_of(response: &serde_json::Value) -> Result<Standings, String> {
    let number = shard_number;
    let entries = response
        .get("entries")
        .and_then(serde_json::Value::as_array)
        .ok_or("a shard's response has no \"entries\"")?;
    let bots: Vec<String> = entries
        .iter()
        .map(|entry| {
            entry
                .get("bot")
                .and_then(serde_json::Value::as_str)
                .map(str::to_owned)
                .ok_or_else(|| "an entry has no \"bot\"".to_owned())
        })
        .collect::<Result<_, _>>()?;
    let mut standings = Standings::new(bots);
    standings.games = number(response, "games")? as u64;
    standings.unfinished = number(response, "unfinished")? as u64;
    for (totals, entry) in standings.entries.iter_mut().zip(entries) {
        totals.wins = number(entry, "wins")? as u64;
        totals.rank_sum = number(entry, "rank_sum")? as u64;
        totals.points_sum = number(entry, "points_sum")?;
        totals.forfeits = number(entry, "forfeits")? as u64;
    }
    Ok(standings)
}

/// A whole number in a shard's response (`games`, an entry's `wins`…), or the error naming it.
pub(crate) fn shard_number(value: &serde_json::Value, key: &str) -> Result<i64, String> {
    value
        .get(key)
        .and_then(serde_json::Value::as_i64)
        .ok_or_else(|| format!("a shard's response has no {key:?}"))
}

/// The standings of shards of one tournament merged, for the line-up `bots`.
pub(crate) fn merged_standings(
    bots: Vec<String>,
    shards: &[serde_json::Value],
) -> Result<Standings, String> {
    let mut standings = Standings::new(bots);
    for shard in shards {
        standings = standings.merge(&standings_of(shard)?);
    }
    Ok(standings)
}

/// A tournament request's first game (`first_game`, default 0) and the range of games it
/// plays: `first_game .. first_game + games`.
pub(crate) fn game_range(first_game: u64, games: u64) -> Result<std::ops::Range<u64>, String> {
    let end = first_game
        .checked_add(games)
        .ok_or_else(|| format!("first_game: {first_game} + {games} games is past the last game"))?;
    Ok(first_game..end)
}

/// A tournament that played fewer games than it was asked for was stopped (a server's time
/// limit, a cancelled request): the API answers [`ApiError::Stopped`], not part of the work.
pub(crate) fn played_all(played: u64, asked: u64) -> Result<(), ApiError> {
    if played < asked {
        Err(ApiError::Stopped)
    } else {
        Ok(())
    }
}

/// A tournament's error as the API's: stopped, or a line-up that does not fit the seats.
pub(crate) fn play_error(error: PlayError) -> ApiError {
    match error {
        PlayError::Stopped(_) => ApiError::Stopped,
        error => ApiError::BadRequest(error.to_string()),
    }
}
