//! `mahjong/game`, `mahjong/replay` and `mahjong/tournament`: whole games under Tenhou's rules.

use mahjong::game::{
    self as engine, BOT_NAMES, Event, Game, GameRules, Length, MAX_MOVES, TournamentResult,
    bot_named, hand_changes, hands,
};
use mahjong::log::{self, replay::GameVerdict};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tiles_core::{Bot, Stop};

use crate::ApiError;
use crate::fields::Names;
use crate::standings::{check_games, default_games, default_seed, play_error};

/// The line-up when none is given.
pub const DEFAULT_BOTS: &str = "efficiency,efficiency,efficiency,efficiency";

fn bots_default() -> Names {
    Names::Text(DEFAULT_BOTS.to_owned())
}

fn length_default() -> String {
    "hanchan".to_owned()
}

fn yes() -> bool {
    true
}

fn record_default() -> String {
    "mjai".to_owned()
}

/// The red fives of a game: `true` (one in each suit, the default), `false` (none), or each
/// suit's count, `[man, pin, sou]`, 0 or 1 each (`[0, 1, 1]`: red 5p and 5s only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum RedFives {
    /// One in each suit, or none.
    All(bool),
    /// Each suit's count: man, pin, sou.
    PerSuit([u8; 3]),
}

impl Default for RedFives {
    fn default() -> RedFives {
        RedFives::All(true)
    }
}

impl RedFives {
    /// Each suit's count.
    pub fn counts(self) -> [u8; 3] {
        match self {
            RedFives::All(red) => GameRules::all_red(red),
            RedFives::PerSuit(counts) => counts,
        }
    }
}

/// The rules a request names.
///
/// # Errors
///
/// A length other than `hanchan` or `east`, a red five count above 1.
pub fn rules(length: &str, red_fives: RedFives, open_tanyao: bool) -> Result<GameRules, String> {
    let length = Length::named(length)
        .ok_or_else(|| format!("length: expected hanchan or east, found {length:?}"))?;
    let rules = GameRules {
        length,
        red_fives: red_fives.counts(),
        open_tanyao,
    };
    rules
        .check()
        .map_err(|message| format!("red_fives: {message}"))?;
    Ok(rules)
}

/// The four bots a request names.
///
/// # Errors
///
/// An unknown bot, or not four.
pub fn lineup(bots: &Names) -> Result<[&'static (dyn Bot<Game> + Sync); 4], String> {
    let names = bots.names();
    let bots: Vec<&'static (dyn Bot<Game> + Sync)> = names
        .iter()
        .map(|name| {
            bot_named(name).ok_or_else(|| {
                format!(
                    "bots: unknown bot {name:?}: expected {}",
                    BOT_NAMES.join(" or ")
                )
            })
        })
        .collect::<Result<_, _>>()?;
    bots.try_into()
        .map_err(|_| format!("bots: four bots are needed, got {}", names.len()))
}

/// A `mahjong/game` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "MahjongGameRequest")]
pub struct GameRequest {
    /// The game's seed (default 0): the walls of every hand follow from it.
    #[serde(default)]
    pub seed: u64,
    /// The four bots in seat order, `efficiency` or `random` (default four `efficiency`).
    #[serde(default = "bots_default")]
    pub bots: Names,
    /// `hanchan` (default) or `east`.
    #[serde(default = "length_default")]
    pub length: String,
    /// Red fives: `true` (one per suit, the default), `false`, or `[man, pin, sou]` counts of
    /// 0 or 1.
    #[serde(default)]
    pub red_fives: RedFives,
    /// Tanyao counts in an open hand (kuitan; default true, as in Tenhou's ranked lobbies).
    #[serde(default = "yes")]
    pub open_tanyao: bool,
    /// The record to return: `mjai` (default), `tenhou` (tenhou.net/6 JSON) or `none`.
    #[serde(default = "record_default")]
    pub record: String,
}

/// A hand's result.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct HandResultJson {
    /// `E1-0`: the round's wind, the hand's number and the honba.
    pub round: String,
    /// What happened: `seat 2 ron from seat 0: 3900 (30 fu 3 han)`, `exhaustive draw
    /// (tenpai: 0, 2)`.
    pub result: String,
    /// Each seat's change of points at the end of the hand (sticks collected included).
    pub deltas: [i32; 4],
}

/// A `mahjong/game` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "MahjongGameResponse")]
pub struct GameResponse {
    /// The seed.
    pub seed: u64,
    /// The bots in seat order.
    pub bots: Vec<String>,
    /// Each hand's result.
    pub hands: Vec<HandResultJson>,
    /// The final points (riichi sticks left over given to the first).
    pub final_scores: [i32; 4],
    /// Each seat's placement, 1 best (ties to the seat that was East first).
    pub ranks: [usize; 4],
    /// The record in the format asked for (mjai lines, or tenhou.net/6 JSON), or null.
    pub record: Option<String>,
}

/// Each hand's result in words, with its score changes.
fn describe(events: &[Event]) -> Vec<HandResultJson> {
    hands(events)
        .map(|(id, events)| {
            let result: Vec<String> = events
                .iter()
                .filter_map(|event| match event {
                    Event::Win(win) => {
                        let how = if win.seat == win.from {
                            format!("seat {} tsumo", win.seat)
                        } else {
                            format!("seat {} ron from seat {}", win.seat, win.from)
                        };
                        let value = if win.score.yakuman > 0 {
                            format!("yakuman x{}", win.score.yakuman)
                        } else {
                            format!("{} fu {} han", win.score.fu, win.score.han)
                        };
                        Some(format!("{how}: {} ({value})", win.score.points.total))
                    }
                    Event::Drawn { kind, .. } if kind.is_abortive() => Some(kind.name().to_owned()),
                    Event::Drawn { kind, tenpai, .. } => Some(format!(
                        "{} (tenpai: {})",
                        kind.name(),
                        engine::seat_list(*tenpai, ", ")
                    )),
                    _ => None,
                })
                .collect();
            HandResultJson {
                round: id.to_string(),
                result: result.join("; "),
                deltas: hand_changes(events),
            }
        })
        .collect()
}

/// Answers `mahjong/game`.
///
/// # Errors
///
/// An unknown bot, length or record format; [`ApiError::Stopped`].
pub fn game(request: GameRequest, stop: &Stop) -> Result<GameResponse, ApiError> {
    let rules = rules(&request.length, request.red_fives, request.open_tanyao)?;
    let bots = lineup(&request.bots)?;
    if !["mjai", "tenhou", "none"].contains(&request.record.as_str()) {
        return Err(ApiError::BadRequest(format!(
            "record: expected mjai, tenhou or none, found {:?}",
            request.record
        )));
    }
    let seats: Vec<&dyn Bot<Game>> = bots.iter().map(|bot| *bot as &dyn Bot<Game>).collect();
    let played =
        tiles_core::play(&rules, request.seed, &seats, MAX_MOVES, stop).map_err(play_error)?;
    let game = played.game;
    let names: Vec<String> = bots.iter().map(|bot| bot.name().to_owned()).collect();
    let ranking = game.ranking();
    let mut ranks = [0; 4];
    for (place, seat) in ranking.iter().enumerate() {
        ranks[*seat] = place + 1;
    }
    let record = match request.record.as_str() {
        "mjai" => Some(log::mjai::write(rules, game.events(), &names)),
        "tenhou" => Some(log::tenhou6::write(rules, game.events(), &names)),
        _ => None,
    };
    Ok(GameResponse {
        seed: request.seed,
        bots: names,
        hands: describe(game.events()),
        final_scores: game.scores(),
        ranks,
        record,
    })
}

/// A `mahjong/replay` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "MahjongReplayRequest")]
pub struct ReplayRequest {
    /// A game record: Tenhou mjlog XML, tenhou.net/6 JSON (one object, or a hand per line) or
    /// mjai events (one per line), told apart by their first line.
    pub record: String,
}

/// One hand's verdict.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct HandVerdictJson {
    /// `E1-0`.
    pub round: String,
    /// `E`, `S`, `W` or `N`.
    pub wind: String,
    /// 1 to 4.
    pub number: u8,
    /// The honba.
    pub honba: u32,
    /// Every action was legal and the result and score changes are the record's.
    pub agree: bool,
    /// The record's score changes (null if the record stops before the result).
    pub expected: Option<[i32; 4]>,
    /// The engine's (null if it did not reach the end).
    pub got: Option<[i32; 4]>,
    /// The first disagreement.
    pub error: Option<String>,
}

/// A `mahjong/replay` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "MahjongReplayResponse")]
pub struct ReplayResponse {
    /// `mjlog`, `tenhou` or `mjai`.
    pub format: String,
    /// Each hand's verdict.
    pub hands: Vec<HandVerdictJson>,
    /// The record's final points, if it has them.
    pub final_expected: Option<[i32; 4]>,
    /// The engine's final points after the last hand, if it ended the game there.
    pub final_got: Option<[i32; 4]>,
    /// Every hand agrees, and the final points too when the record has them.
    pub agree: bool,
    /// Where reading stopped, for a record cut short or broken part-way (the hands before it
    /// are replayed).
    pub read_error: Option<String>,
}

/// The verdicts as the API writes them.
pub fn verdict_json(
    format: &str,
    verdict: &GameVerdict,
    expected_final: Option<[i32; 4]>,
    error: Option<String>,
) -> ReplayResponse {
    let hands: Vec<HandVerdictJson> = verdict
        .hands
        .iter()
        .map(|hand| HandVerdictJson {
            round: hand.id.to_string(),
            wind: hand.id.wind.letter().to_string(),
            number: hand.id.number,
            honba: hand.id.honba,
            agree: hand.agree,
            expected: hand.expected,
            got: hand.got,
            error: hand.error.clone(),
        })
        .collect();
    let agree = error.is_none()
        && !hands.is_empty()
        && hands.iter().all(|hand| hand.agree)
        && verdict.final_agree != Some(false);
    ReplayResponse {
        format: format.to_owned(),
        hands,
        final_expected: expected_final,
        final_got: verdict.final_scores,
        agree,
        read_error: error,
    }
}

/// Answers `mahjong/replay`.
///
/// # Errors
///
/// [`ApiError::Stopped`] (checked between hands).
pub fn replay(request: ReplayRequest, stop: &Stop) -> Result<ReplayResponse, ApiError> {
    stop.check()?;
    let (log, error) = log::read(&request.record);
    let verdict = log::replay::replay(&log);
    stop.check()?;
    Ok(verdict_json(
        log::format_of(&request.record),
        &verdict,
        log.final_scores,
        error.map(|error| error.to_string()),
    ))
}

/// A `mahjong/tournament` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "MahjongTournamentRequest")]
pub struct TournamentRequest {
    /// Games to play (default 1000, at most 1,000,000).
    #[serde(default = "default_games")]
    pub games: u64,
    /// The tournament's seed (default 1): each game's walls follow from it and the game's
    /// number.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// The line-up, as for `mahjong/game`; it turns round one seat per game.
    #[serde(default = "bots_default")]
    pub bots: Names,
    /// `hanchan` (default) or `east`.
    #[serde(default = "length_default")]
    pub length: String,
    /// Red fives: `true` (one per suit, the default), `false`, or `[man, pin, sou]` counts of
    /// 0 or 1.
    #[serde(default)]
    pub red_fives: RedFives,
    /// Tanyao counts in an open hand (kuitan; default true).
    #[serde(default = "yes")]
    pub open_tanyao: bool,
    /// The number of the first game played (default 0): the request plays games
    /// `first_game .. first_game + games` of the tournament seeded `seed`, a shard of it.
    #[serde(default)]
    pub first_game: u64,
}

/// One line-up entry's results.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "MahjongEntry")]
pub struct EntryJson {
    /// Its place in the line-up (its seat in game 1).
    pub entry: usize,
    /// The bot.
    pub bot: String,
    /// Games finished first, second, third, fourth.
    pub placements: [u64; 4],
    /// Average placement, 1 best.
    pub average_placement: f64,
    /// Average final points.
    pub average_points: f64,
    /// Hands won, in percent of hands played.
    pub win_rate: f64,
    /// Hands dealt in, in percent of hands played.
    pub deal_in_rate: f64,
    /// Games forfeited.
    pub forfeits: u64,
    /// Games played (the totals below are for merging shards: the rates are of these).
    pub games: u64,
    /// The sum of its final points.
    pub points_sum: i64,
    /// Hands played.
    pub hands: u64,
    /// Hands won.
    pub hand_wins: u64,
    /// Hands dealt in.
    pub deal_ins: u64,
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
    /// Per line-up entry.
    pub entries: Vec<EntryJson>,
    /// The table as the CLI prints it.
    pub table: String,
}

/// Plays a tournament (every core).
///
/// # Errors
///
/// [`ApiError::Stopped`].
pub fn run_tournament(
    rules: GameRules,
    seed: u64,
    games: u64,
    bots: [&'static (dyn Bot<Game> + Sync); 4],
    stop: &Stop,
) -> Result<TournamentResult, ApiError> {
    let lineup: [&dyn Bot<Game>; 4] = bots.map(|bot| bot as &dyn Bot<Game>);
    engine::tournament(rules, seed, games, lineup, stop).map_err(play_error)
}

/// Answers `mahjong/tournament`.
///
/// # Errors
///
/// An unknown bot or length, too many games; [`ApiError::Stopped`].
pub fn tournament(request: TournamentRequest, stop: &Stop) -> Result<TournamentResponse, ApiError> {
    let rules = rules(&request.length, request.red_fives, request.open_tanyao)?;
    let bots = lineup(&request.bots)?;
    check_games(request.games)?;
    let games = crate::standings::game_range(request.first_game, request.games)?;
    let lineup: [&dyn Bot<Game>; 4] = bots.map(|bot| bot as &dyn Bot<Game>);
    let result =
        engine::tournament_range(rules, request.seed, games, lineup, stop).map_err(play_error)?;
    Ok(tournament_response(&request, &result))
}

fn tournament_response(
    request: &TournamentRequest,
    result: &TournamentResult,
) -> TournamentResponse {
    TournamentResponse {
        games: result.games,
        seed: result.seed,
        first_game: request.first_game,
        entries: result
            .entries
            .iter()
            .enumerate()
            .map(|(entry, stats)| EntryJson {
                entry,
                bot: stats.bot.clone(),
                placements: stats.placements,
                average_placement: stats.average_placement(),
                average_points: stats.average_points(),
                win_rate: stats.win_rate(),
                deal_in_rate: stats.deal_in_rate(),
                forfeits: stats.forfeits,
                games: stats.games,
                points_sum: stats.points,
                hands: stats.hands,
                hand_wins: stats.wins,
                deal_ins: stats.deal_ins,
            })
            .collect(),
        table: result.to_string(),
    }
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
    rules(&request.length, request.red_fives, request.open_tanyao)?;
    let bots = lineup(&request.bots)?;
    let mut entries: Vec<engine::EntryStats> = bots
        .iter()
        .map(|bot| engine::EntryStats {
            bot: bot.name().to_owned(),
            ..engine::EntryStats::default()
        })
        .collect();
    let mut games = 0;
    for shard in shards {
        let number = |value: &serde_json::Value, key: &str| {
            crate::standings::shard_number(value, key).map_err(ApiError::BadRequest)
        };
        games += number(shard, "games")? as u64;
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
            stats.add(&engine::EntryStats {
                bot: String::new(),
                games: number(entry, "games")? as u64,
                placements,
                points: number(entry, "points_sum")?,
                hands: number(entry, "hands")? as u64,
                wins: number(entry, "hand_wins")? as u64,
                deal_ins: number(entry, "deal_ins")? as u64,
                forfeits: number(entry, "forfeits")? as u64,
            });
        }
    }
    let result = TournamentResult {
        games,
        seed: request.seed,
        entries,
    };
    Ok(tournament_response(&request, &result))
}
