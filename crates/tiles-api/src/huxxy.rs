//! `huxxy/eval`, `huxxy/game` and `huxxy/tournament`.

use huxxy::tiles_core::{Bot, Stop};
use huxxy::{
    Card, End, Game, PLAYERS, TournamentResult, TurnAction, Variant, bot_named, eval_call,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ApiError;
use crate::fields::{Names, in_text};
use crate::standings::{
    EntryJson, check_games, default_games, default_seed, entries, game_range, merged_standings,
    play_error,
};

/// A `huxxy/eval` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EvalRequest {
    /// One call of a reference function: `comp10001huxxy_score(['4C', '2H', 'KS'])`.
    pub call: String,
}

/// A `huxxy/eval` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EvalResponse {
    /// The result as Python prints it: `19`, `True`, `(0, 3, None)`.
    pub result: String,
}

/// Answers `huxxy/eval`.
///
/// # Errors
///
/// A malformed call, with the column of what is wrong.
pub fn eval(request: EvalRequest) -> Result<EvalResponse, String> {
    eval_call(&request.call)
        .map(|result| EvalResponse { result })
        .map_err(|error| in_text("call", &error))
}

fn lineup_default() -> Names {
    Names::Text(DEFAULT_BOTS.to_owned())
}

/// The line-up when none is given: one search bot against three greedy ones.
pub const DEFAULT_BOTS: &str = "search,greedy,greedy,greedy";

/// The variant and the four bots of a request.
///
/// # Errors
///
/// An unknown bot, or not four of them.
pub fn lineup(
    jokers: bool,
    bots: &Names,
) -> Result<(Variant, [&'static dyn Bot<Game>; PLAYERS]), String> {
    let names = bots.names();
    let bots: Vec<&'static dyn Bot<Game>> = names
        .iter()
        .map(|name| {
            bot_named(name)
                .map(|bot| bot as &dyn Bot<Game>)
                .ok_or_else(|| format!("bots: unknown bot {name:?}: expected search or greedy"))
        })
        .collect::<Result<_, _>>()?;
    let bots: [&'static dyn Bot<Game>; PLAYERS] = bots
        .try_into()
        .map_err(|_| format!("bots: four bots are needed, got {}", names.len()))?;
    let variant = if jokers {
        Variant::Jokers
    } else {
        Variant::Basic
    };
    Ok((variant, bots))
}

fn cards(cards: &[Card]) -> Vec<String> {
    cards.iter().map(ToString::to_string).collect()
}

fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Basic => "basic",
        Variant::Jokers => "jokers",
    }
}

/// A `huxxy/game` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "HuxxyGameRequest")]
pub struct GameRequest {
    /// The deal's seed (default 0).
    #[serde(default)]
    pub seed: u64,
    /// Play the bonus game with two jokers (default false).
    #[serde(default)]
    pub jokers: bool,
    /// The four bots in seat order, `search` or `greedy` (default
    /// `search,greedy,greedy,greedy`).
    #[serde(default = "lineup_default")]
    pub bots: Names,
}

/// A player at the start.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Seat {
    /// 0..4.
    pub player: usize,
    /// The bot playing.
    pub bot: String,
    /// The dealt hand.
    pub dealt: Vec<String>,
}

/// One turn.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "HuxxyTurn")]
pub struct TurnJson {
    /// 1-based.
    pub turn: usize,
    /// 0..4.
    pub player: usize,
    /// The card drawn, for a draw (null if the stock was empty or the turn played cards).
    pub drew: Option<String>,
    /// The card plays in words, in order (empty for a draw).
    pub plays: Vec<String>,
    /// The table after the turn.
    pub table: Vec<Vec<String>>,
    /// Cards left in the player's hand.
    pub cards_left: usize,
    /// Cards left in the stock.
    pub stock_left: usize,
    /// The turn as the log writes it.
    pub text: String,
}

/// A player's place at the end.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RankedJson {
    /// 1 best; equal points share a rank.
    pub rank: usize,
    /// 0..4.
    pub player: usize,
    /// Points left in hand.
    pub points: u32,
    /// Cards left in hand.
    pub hand: Vec<String>,
}

/// A `huxxy/game` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "HuxxyGameResponse")]
pub struct GameResponse {
    /// `basic` or `jokers`.
    pub variant: String,
    /// The deal's seed.
    pub seed: u64,
    /// The players and their dealt hands.
    pub players: Vec<Seat>,
    /// Every turn.
    pub turns: Vec<TurnJson>,
    /// How it ended, in words.
    pub end: String,
    /// The player who ended it by playing out or forfeiting, if any.
    pub ended_by: Option<usize>,
    /// The players by rank.
    pub ranking: Vec<RankedJson>,
    /// The whole game as the CLI prints it.
    pub log: String,
}

/// Answers `huxxy/game`.
///
/// # Errors
///
/// An unknown bot, or not four of them.
pub fn game(request: GameRequest, stop: &Stop) -> Result<GameResponse, ApiError> {
    let (variant, bots) = lineup(request.jokers, &request.bots)?;
    // A game takes a few milliseconds at most: the signal is checked before it starts.
    stop.check()?;
    let replay = huxxy::replay(variant, request.seed, bots);
    let turns = replay
        .turns
        .iter()
        .map(|turn| {
            let (drew, plays) = match &turn.action {
                TurnAction::Draw { card } => (card.map(|card| card.to_string()), Vec::new()),
                TurnAction::Plays { plays } => {
                    (None, plays.iter().map(ToString::to_string).collect())
                }
            };
            TurnJson {
                turn: turn.number,
                player: turn.player,
                drew,
                plays,
                table: turn.table.iter().map(|group| cards(group)).collect(),
                cards_left: turn.cards_left,
                stock_left: turn.stock_left,
                text: format!(
                    "turn {}: player {} ({}) {turn}",
                    turn.number, turn.player, replay.bots[turn.player]
                ),
            }
        })
        .collect();
    let ended_by = match &replay.end {
        Some(End::HandEmpty { player } | End::Forfeit { player, .. }) => Some(*player),
        _ => None,
    };
    Ok(GameResponse {
        variant: variant_name(variant).to_owned(),
        seed: request.seed,
        players: (0..PLAYERS)
            .map(|player| Seat {
                player,
                bot: replay.bots[player].clone(),
                dealt: cards(&replay.dealt[player]),
            })
            .collect(),
        turns,
        end: replay.ending(),
        ended_by,
        ranking: replay
            .ranking
            .iter()
            .map(|ranked| RankedJson {
                rank: ranked.rank,
                player: ranked.player,
                points: ranked.points,
                hand: cards(&ranked.hand),
            })
            .collect(),
        log: replay.to_string(),
    })
}

/// A `huxxy/tournament` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "HuxxyTournamentRequest")]
pub struct TournamentRequest {
    /// Games to play (default 1000, at most 1,000,000).
    #[serde(default = "default_games")]
    pub games: u64,
    /// The tournament's seed (default 1): each game's deal follows from it and the game's
    /// number.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Play the bonus game with two jokers (default false).
    #[serde(default)]
    pub jokers: bool,
    /// The line-up, as for `huxxy/game`; it turns round one seat per game.
    #[serde(default = "lineup_default")]
    pub bots: Names,
    /// The number of the first game played (default 0): the request plays games
    /// `first_game .. first_game + games` of the tournament seeded `seed`, a shard of it.
    #[serde(default)]
    pub first_game: u64,
}

/// A `huxxy/tournament` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "HuxxyTournamentResponse")]
pub struct TournamentResponse {
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// The first game's number.
    pub first_game: u64,
    /// `basic` or `jokers`.
    pub variant: String,
    /// Per line-up entry.
    pub entries: Vec<EntryJson>,
    /// Games stopped by the cap on turns, counted for no one.
    pub unfinished: u64,
    /// The table as the CLI prints it.
    pub table: String,
}

/// Plays `games` games on every core; the same results whatever the number of threads.
pub fn run_tournament(
    variant: Variant,
    seed: u64,
    games: u64,
    bots: [&'static dyn Bot<Game>; PLAYERS],
    stop: &Stop,
) -> Result<TournamentResult, ApiError> {
    huxxy::tournament(variant, seed, games, bots, stop).map_err(play_error)
}

/// Answers `huxxy/tournament`.
///
/// # Errors
///
/// An unknown bot, not four of them, or more than [`MAX_GAMES`](crate::standings::MAX_GAMES) games.
pub fn tournament(request: TournamentRequest, stop: &Stop) -> Result<TournamentResponse, ApiError> {
    let (variant, bots) = lineup(request.jokers, &request.bots)?;
    check_games(request.games)?;
    let games = game_range(request.first_game, request.games)?;
    let result =
        huxxy::tournament_range(variant, request.seed, games, bots, stop).map_err(play_error)?;
    crate::standings::played_all(result.standings.games, request.games)?;
    Ok(tournament_response(&request, &result))
}

fn tournament_response(
    request: &TournamentRequest,
    result: &TournamentResult,
) -> TournamentResponse {
    TournamentResponse {
        games: result.standings.games,
        seed: request.seed,
        first_game: request.first_game,
        variant: variant_name(result.variant).to_owned(),
        entries: entries(&result.standings),
        unfinished: result.standings.unfinished,
        table: result.to_string(),
    }
}

/// The response of the whole tournament `request` names (from its first game), from the
/// responses of shards that played its games between them.
///
/// # Errors
///
/// As [`tournament`]; a shard's response that lacks its totals.
pub fn merge_tournament(
    request: TournamentRequest,
    shards: &[serde_json::Value],
) -> Result<TournamentResponse, ApiError> {
    let (variant, bots) = lineup(request.jokers, &request.bots)?;
    check_games(request.games)?;
    game_range(request.first_game, request.games)?;
    let standings = merged_standings(
        bots.iter().map(|bot| bot.name().to_owned()).collect(),
        shards,
    )?;
    let result = TournamentResult {
        variant,
        seed: request.seed,
        standings,
    };
    Ok(tournament_response(&request, &result))
}
