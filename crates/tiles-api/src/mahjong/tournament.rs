//! `mahjong/tournament`: many games of a line-up (bots of ours, outside seats where commands
//! may run), duplicate or not, with the statistics bots are compared by.

use mahjong::Players;
use mahjong_game::{
    self as engine, EntryStats, Seat, Tournament, TournamentResult, default_rank_points,
    is_challenge,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tiles_core::Stop;

use super::game::{
    Entry, RedFives, RulesAsked, answer_limit_default, bots_default, host_error, limits,
    start_limit_default, table,
};
use crate::ApiError;
use crate::fields::Names;
use crate::standings::{check_games, default_games, default_seed};

/// A `mahjong/tournament` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "MahjongTournamentRequest")]
pub struct TournamentRequest {
    /// Games to play (default 1000, at least 1, at most 1,000,000).
    #[serde(default = "default_games")]
    pub games: u64,
    /// The tournament's seed (default 1): each game's walls follow from it and the game's
    /// number.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// The line-up, as for `mahjong/game` (one name fills every seat); it turns one seat a
    /// game.
    #[serde(default = "bots_default")]
    pub bots: Names,
    /// The rule set, as for `mahjong/game` (`tenhou` by default, `m-league kiriage=false`).
    #[serde(default)]
    pub rules: Option<String>,
    /// Fields of the rules set, `NAME=VALUE`, after the rest.
    #[serde(default)]
    pub rule: Vec<String>,
    /// `hanchan` or `east` (default: the rule set's, hanchan).
    #[serde(default)]
    pub length: Option<String>,
    /// Red fives: `true` (one per suit), `false`, or `[man, pin, sou]` counts of 0 or 1
    /// (default: the rule set's).
    #[serde(default)]
    pub red_fives: Option<RedFives>,
    /// Tanyao counts in an open hand (kuitan; default: the rule set's, true).
    #[serde(default)]
    pub open_tanyao: Option<bool>,
    /// The players of each game: 4 (default) or 3 (as for `mahjong/game`).
    #[serde(default, deserialize_with = "crate::fields::read_some_players")]
    #[schemars(schema_with = "crate::fields::players_schema")]
    pub players: Option<Players>,
    /// The number of the first game played (default 0): the request plays games
    /// `first_game .. first_game + games` of the tournament seeded `seed`, a shard of it.
    #[serde(default)]
    pub first_game: u64,
    /// Duplicate play: games `4k` to `4k + 3` (`3k` to `3k + 2` with three players) share
    /// their walls, the line-up rotated one seat a game, so each entry plays each wall from
    /// each seat. Default: on for one challenger against the others of a kind
    /// (`value,defence,defence,defence`), off otherwise.
    #[serde(default)]
    pub duplicate: Option<bool>,
    /// Rank points for 1st to 4th (1st to 3rd with three players; default Tenhou Phoenix's
    /// `[90, 45, 0, -135]`, and `[20, 0, -20]` with three, the placement bonus of Tenhou's
    /// three-player final score).
    #[serde(default)]
    pub rank_points: Option<Vec<f64>>,
    /// Seconds an outside seat has to answer (default 3).
    #[serde(default = "answer_limit_default")]
    pub answer_limit: f64,
    /// Seconds it has to answer events that start a game or a hand (default 20).
    #[serde(default = "start_limit_default")]
    pub start_limit: f64,
}

/// One line-up entry's results: the statistics, then the counts they come from (for merging
/// shards: every rate is of these).
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "MahjongEntry")]
pub struct EntryJson {
    /// Its place in the line-up (its seat in game 1).
    pub entry: usize,
    /// The bot.
    pub bot: String,
    /// Games finished first, second, third, fourth (fourth always 0 with three players).
    pub placements: [u64; 4],
    /// Average placement (rank), 1 best.
    pub average_placement: f64,
    /// The half-width of its 95% confidence interval (games counted as independent; null
    /// under two games).
    pub average_placement_ci95: Option<f64>,
    /// Rank points a game, at the request's `rank_points`.
    pub rank_points: f64,
    /// The half-width of their 95% confidence interval (null under two games).
    pub rank_points_ci95: Option<f64>,
    /// 1st to 4th, in percent of games.
    pub placement_rates: [f64; 4],
    /// Average final points.
    pub average_points: f64,
    /// Hands won, in percent of hands played.
    pub win_rate: f64,
    /// Hands dealt in, in percent of hands played.
    pub deal_in_rate: f64,
    /// Hands with a chi, pon or open kan, in percent of hands played.
    pub call_rate: f64,
    /// Hands with a riichi, in percent of hands played.
    pub riichi_rate: f64,
    /// Games ended below zero, in percent of games.
    pub bust_rate: f64,
    /// The average value of a won hand (before honba and sticks).
    pub average_win_points: f64,
    /// The average value of a hand dealt into.
    pub average_deal_in_points: f64,
    /// Games forfeited.
    pub forfeits: u64,
    /// Games played.
    pub games: u64,
    /// The sum of its final points.
    pub points_sum: i64,
    /// Its average final score under the game's rules (uma, oka, ties), in thousands.
    pub average_final_score: f64,
    /// The sum of its final scores, in hundreds of points.
    pub final_score_sum: i64,
    /// Hands played.
    pub hands: u64,
    /// Hands won.
    pub hand_wins: u64,
    /// The sum of the won hands' values.
    pub win_points: u64,
    /// Hands dealt in.
    pub deal_ins: u64,
    /// The sum of the values of the hands dealt into.
    pub deal_in_points: u64,
    /// Hands with a call.
    pub calls: u64,
    /// Hands with a riichi.
    pub riichis: u64,
    /// Games ended below zero.
    pub busts: u64,
}

/// A `mahjong/tournament` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "MahjongTournamentResponse")]
pub struct TournamentResponse {
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// The first game's number.
    pub first_game: u64,
    /// Whether it was played duplicate.
    pub duplicate: bool,
    /// The rank points used, 1st to 4th (fourth unused with three players).
    pub rank_points: [f64; 4],
    /// The players of each game.
    pub players: usize,
    /// Per line-up entry.
    pub entries: Vec<EntryJson>,
    /// Outside seats' failed answers (each forfeited its game), the first ten.
    pub failures: Vec<String>,
    /// The table as the CLI prints it.
    pub table: String,
}

/// The tournament a request describes, and its line-up.
///
/// # Errors
///
/// An unknown bot or length, a bad limit, too many games or none.
pub fn setup(request: &TournamentRequest) -> Result<(Tournament, Vec<Entry>), String> {
    let asked = RulesAsked {
        rules: request.rules.as_deref(),
        rule: &request.rule,
        length: request.length.as_deref(),
        red_fives: request.red_fives,
        open_tanyao: request.open_tanyao,
        players: request.players,
    };
    let (rules, lineup) = table(&asked, &request.bots)?;
    let players = rules.players;
    check_games(request.games)?;
    let games = crate::standings::game_range(request.first_game, request.games)?;
    let mut rank_points = default_rank_points(players.count());
    if let Some(given) = &request.rank_points {
        if given.len() != players.count() || given.iter().any(|value| !value.is_finite()) {
            return Err(format!(
                "rank_points: expected {} numbers, 1st to last, found {given:?}",
                players.in_words()
            ));
        }
        rank_points = [0.0; 4];
        rank_points[players.seats()].copy_from_slice(given);
    }
    let names: Vec<String> = lineup.iter().map(|entry| format!("{entry:?}")).collect();
    Ok((
        Tournament {
            rules,
            seed: request.seed,
            games,
            duplicate: request.duplicate.unwrap_or_else(|| is_challenge(&names)),
            limits: limits(request.answer_limit, request.start_limit)?,
            rank_points,
        },
        lineup,
    ))
}

/// Plays a tournament (every core): stopped by `stop`, it gives the games played so far.
///
/// # Errors
///
/// An outside seat's command that cannot be started.
pub fn run_tournament(
    tournament: &Tournament,
    lineup: &[Entry],
    stop: &Stop,
) -> Result<TournamentResult, ApiError> {
    let seats: Vec<Seat<'_>> = lineup.iter().map(Entry::seat).collect();
    engine::run(tournament, &seats, super::game::commands(), stop).map_err(host_error)
}

/// Answers `mahjong/tournament`.
///
/// # Errors
///
/// An unknown bot or length, too many games; [`ApiError::Stopped`] if stopped before the
/// last game.
pub fn tournament(request: TournamentRequest, stop: &Stop) -> Result<TournamentResponse, ApiError> {
    let (setup, lineup) = setup(&request)?;
    let result = run_tournament(&setup, &lineup, stop)?;
    crate::standings::played_all(result.played, result.games)?;
    Ok(tournament_response(&request, &result))
}

fn tournament_response(
    request: &TournamentRequest,
    result: &TournamentResult,
) -> TournamentResponse {
    let points = &result.rank_points;
    TournamentResponse {
        games: result.played,
        seed: result.seed,
        first_game: request.first_game,
        duplicate: result.duplicate,
        rank_points: result.rank_points,
        players: result.players,
        entries: result
            .entries
            .iter()
            .enumerate()
            .map(|(entry, stats)| EntryJson {
                entry,
                bot: stats.bot.clone(),
                placements: stats.placements,
                average_placement: stats.average_placement(),
                average_placement_ci95: finite(stats.rank_interval()),
                rank_points: stats.rank_points(points),
                rank_points_ci95: finite(stats.rank_points_interval(points)),
                placement_rates: stats.placement_rates(),
                average_points: stats.average_points(),
                win_rate: stats.win_rate(),
                deal_in_rate: stats.deal_in_rate(),
                call_rate: stats.call_rate(),
                riichi_rate: stats.riichi_rate(),
                bust_rate: stats.bust_rate(),
                average_win_points: stats.average_win_points(),
                average_deal_in_points: stats.average_deal_in_points(),
                forfeits: stats.forfeits,
                games: stats.games,
                points_sum: stats.points,
                average_final_score: stats.average_final_score(),
                final_score_sum: stats.final_score,
                hands: stats.hands,
                hand_wins: stats.wins,
                win_points: stats.win_points,
                deal_ins: stats.deal_ins,
                deal_in_points: stats.deal_in_points,
                calls: stats.calls,
                riichis: stats.riichis,
                busts: stats.busts,
            })
            .collect(),
        failures: result.failures.clone(),
        table: result.to_string(),
    }
}

/// An interval, or null when there are too few games (under two) to have one.
fn finite(value: f64) -> Option<f64> {
    value.is_finite().then_some(value)
}

/// The response of the whole tournament `request` names, from the responses of shards that
/// played its games between them.
///
/// # Errors
///
/// As [`tournament`]; a shard's response that lacks its totals.
pub fn merge_tournament(
    request: TournamentRequest,
    shards: &[serde_json::Value],
) -> Result<TournamentResponse, ApiError> {
    let (setup, lineup) = setup(&request)?;
    let mut entries: Vec<EntryStats> = lineup
        .iter()
        .map(|entry| EntryStats {
            bot: format!("{entry:?}"),
            ..EntryStats::default()
        })
        .collect();
    let mut played = 0;
    let mut failures = Vec::new();
    for shard in shards {
        let number = |value: &serde_json::Value, key: &str| {
            crate::standings::shard_number(value, key).map_err(ApiError::BadRequest)
        };
        played += number(shard, "games")? as u64;
        if let Some(listed) = shard.get("failures").and_then(serde_json::Value::as_array) {
            failures.extend(
                listed
                    .iter()
                    .filter_map(|item| item.as_str().map(str::to_owned)),
            );
        }
        let listed = shard
            .get("entries")
            .and_then(serde_json::Value::as_array)
            .filter(|listed| listed.len() == entries.len())
            .ok_or_else(|| ApiError::BadRequest("a shard's response has no entries".to_owned()))?;
        for (stats, entry) in entries.iter_mut().zip(listed) {
            let mut placements = [0u64; 4];
            for (place, slot) in placements.iter_mut().enumerate() {
                *slot = entry
                    .get("placements")
                    .and_then(|list| list.get(place))
                    .and_then(serde_json::Value::as_u64)
                    .ok_or_else(|| ApiError::BadRequest("an entry has no placements".to_owned()))?;
            }
            let count = |key: &str| number(entry, key).map(|value| value as u64);
            stats.add(&EntryStats {
                bot: String::new(),
                games: count("games")?,
                placements,
                points: number(entry, "points_sum")?,
                final_score: number(entry, "final_score_sum")?,
                hands: count("hands")?,
                wins: count("hand_wins")?,
                win_points: count("win_points")?,
                deal_ins: count("deal_ins")?,
                deal_in_points: count("deal_in_points")?,
                calls: count("calls")?,
                riichis: count("riichis")?,
                busts: count("busts")?,
                forfeits: count("forfeits")?,
            });
        }
    }
    failures.truncate(10);
    let result = TournamentResult {
        games: played,
        played,
        seed: request.seed,
        duplicate: setup.duplicate,
        players: lineup.len(),
        rank_points: setup.rank_points,
        entries,
        failures,
    };
    Ok(tournament_response(&request, &result))
}
