//! A tournament's standings as every tournament operation answers them.

use serde::Serialize;
use tiles_core::Standings;

/// One line-up entry's results.
#[derive(Debug, Clone, Serialize)]
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
