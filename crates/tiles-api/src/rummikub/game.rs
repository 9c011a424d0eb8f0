//! `rummikub/turn` (is this turn legal), `rummikub/game` (a game between bots, or with people
//! at some seats, replayed from its seed and their moves) and `rummikub/tournament`.

use rummikub::tiles_core::{Bot, Stop};
use rummikub::{
    Action, BOT_NAMES, Done, GameLog, GameOptions, MAX_TURNS, Rules, bot_named, check_turn,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{StepJson, group_names, names, read_groups, read_tiles, rules, standard, steps_json};
use crate::ApiError;
use crate::fields::{Names, Table, Tiles};
use crate::standings::{
    EntryJson, check_games, default_games, default_seed, entries, game_range, merged_standings,
    play_error,
};

/// A `rummikub/turn` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnRequest {
    /// `codegolf`, `standard` (default) or `puzzle`.
    #[serde(default = "standard")]
    pub rules: String,
    /// The table before the turn, group by group (default: empty).
    #[serde(default)]
    pub table: Table,
    /// The player's rack.
    #[serde(default)]
    pub rack: Tiles,
    /// The table after the turn, group by group.
    pub after: Table,
    /// Whether the player has made the initial meld (default false).
    #[serde(default)]
    pub opened: bool,
}

/// A `rummikub/turn` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TurnResponse {
    /// Whether the turn is legal.
    pub valid: bool,
    /// Why not (the rule, and the group or tile at fault), in words; null when legal.
    pub reason: Option<String>,
    /// The rule broken, for programs: `invalid_group`, `not_yours`, `too_many_copies`,
    /// `left_table`, `nothing_played`, `meld_changes_table` or `meld_below_threshold`; null
    /// when legal.
    pub code: Option<String>,
    /// The group at fault, by index from 0: in `after` for `invalid_group`, in `table` for
    /// `meld_changes_table`; else null.
    pub group: Option<usize>,
    /// The tile at fault (`not_yours`, `too_many_copies`, `left_table`); else null.
    pub tile: Option<String>,
    /// The rack tiles played; null when not legal.
    pub placed: Option<Vec<String>>,
    /// Their points (a joker the number it stands for); null when not legal.
    pub value: Option<u32>,
    /// The rack after the turn; null when not legal.
    pub left: Option<Vec<String>>,
    /// How to carry the turn out; null when not legal.
    pub steps: Option<Vec<StepJson>>,
}

/// Answers `rummikub/turn`.
///
/// # Errors
///
/// Unknown rules, unreadable tiles, a table given as a flat list, and a position that
/// cannot be (an invalid table before, a rack tile the rules don't have, too many copies).
pub fn turn(request: TurnRequest) -> Result<TurnResponse, String> {
    let rules = rules(&request.rules)?;
    let table = read_groups(&request.table, "table")?;
    let rack = read_tiles(&request.rack, "rack")?;
    let after = read_groups(&request.after, "after")?;
    Ok(
        match check_turn(&table, &rack, &after, request.opened, &rules) {
            Ok(turn) => TurnResponse {
                valid: true,
                reason: None,
                code: None,
                group: None,
                tile: None,
                placed: Some(names(turn.placed())),
                value: Some(turn.value()),
                left: Some(names(turn.left())),
                steps: Some(steps_json(turn.steps())),
            },
            Err(error) if error.is_position_error() => return Err(error.to_string()),
            Err(error) => TurnResponse {
                valid: false,
                reason: Some(error.to_string()),
                code: Some(error.code().to_owned()),
                group: error.group(),
                tile: error.tile().map(|tile| tile.to_string()),
                placed: None,
                value: None,
                left: None,
                steps: None,
            },
        },
    )
}

/// The line-up when none is given: the solver bot against three greedy ones.
pub const DEFAULT_BOTS: &str = "solver,greedy,greedy,greedy";

/// The seat name for a person, whose moves a `rummikub/game` request gives.
pub const HUMAN: &str = "human";

fn lineup_default() -> Names {
    Names::Text(DEFAULT_BOTS.to_owned())
}

/// One move of a person: `{"action":"draw"}` or `{"action":"play","table":[[…],…]}` (the
/// table after the turn).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveJson {
    /// `play` or `draw`.
    pub action: String,
    /// For a play: the table after the turn, group by group.
    #[serde(default)]
    pub table: Option<Table>,
}

/// A `rummikub/game` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "RummikubGameRequest")]
pub struct GameRequest {
    /// `codegolf`, `standard` (default) or `puzzle`.
    #[serde(default = "standard")]
    pub rules: String,
    /// The number of players, 2 to 4 (default: as many as `bots` names, or 4 if it names one).
    #[serde(default)]
    pub players: Option<usize>,
    /// Who plays each seat, in seat order: `solver`, `value`, `greedy` or `human` (one name
    /// for every seat, or one per seat; default `solver,greedy,greedy,greedy`).
    #[serde(default = "lineup_default")]
    pub bots: Names,
    /// The deal's seed (default 0).
    #[serde(default)]
    pub seed: u64,
    /// The moves of the `human` seats so far, in the order they were made.
    #[serde(default)]
    pub moves: Vec<MoveJson>,
    /// The seat whose view the answer is: its own deal, rack and draws shown, every other
    /// seat's hidden (the bots' included), and `view` only on its own turn. Required when
    /// people play two or more seats; without it, one person's seat is the view, and a game of
    /// bots shows everything. The seed decides every deal and the pool: a server keeps it
    /// from the players.
    #[serde(default)]
    pub viewer: Option<usize>,
}

/// One turn of a game.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "RummikubTurn")]
pub struct TurnJson {
    /// 1-based.
    pub turn: usize,
    /// The seat.
    pub player: usize,
    /// `play` or `draw` (a draw from an empty pool is a pass: nothing drawn, the pool at 0).
    pub action: String,
    /// The tile drawn (null for a play, a pass, or a draw the request's people may not see).
    pub drawn: Option<String>,
    /// The rack tiles played (empty for a draw).
    pub placed: Vec<String>,
    /// Their value (a joker the number it stands for; 0 for a draw).
    pub value: u32,
    /// How the play was made (empty for a draw).
    pub steps: Vec<StepJson>,
    /// The table after the turn.
    pub table: Vec<Vec<String>>,
    /// The player's rack after the turn (null where the request's people may not see it).
    pub rack: Option<Vec<String>>,
    /// Tiles left in the pool.
    pub pool: usize,
    /// The turn as the log writes it.
    pub text: String,
}

/// What the seat to move sees, when it is a person's.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ViewJson {
    /// The seat.
    pub player: usize,
    /// Its rack.
    pub rack: Vec<String>,
    /// The table.
    pub table: Vec<Vec<String>>,
    /// Whether each seat has made the initial meld.
    pub opened: Vec<bool>,
    /// Tiles on each seat's rack.
    pub rack_sizes: Vec<usize>,
    /// Tiles left in the pool.
    pub pool: usize,
    /// Whether this turn's play must be the initial meld.
    pub must_open: bool,
}

/// A `rummikub/game` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "RummikubGameResponse")]
pub struct GameResponse {
    /// The deal's seed.
    pub seed: u64,
    /// Who plays each seat.
    pub bots: Vec<String>,
    /// Each seat's dealt tiles (null for a seat the viewer may not see).
    pub deal: Vec<Option<Vec<String>>>,
    /// The undealt tiles, the next drawn first (null when people play or a viewer is named).
    pub pool: Option<Vec<String>>,
    /// Every turn so far.
    pub turns: Vec<TurnJson>,
    /// The person's seat whose move is awaited; null when the game is over.
    pub to_move: Option<usize>,
    /// What that seat sees; null when the game is over (or the seat is not the `viewer`).
    pub view: Option<ViewJson>,
    /// How the game ended, in words; null while it goes on.
    pub end: Option<String>,
    /// Each seat's score (they sum to zero); null while the game goes on.
    pub scores: Option<Vec<i64>>,
    /// Each seat's rank, 1 best; null while the game goes on.
    pub ranks: Option<Vec<usize>>,
    /// The seat ranked first (the lowest on a tie); null while the game goes on.
    pub winner: Option<usize>,
    /// The game as the CLI prints it (as the people see it, when people play).
    pub text: String,
}

/// Who plays each seat: a bot, or `None` for a person.
pub type Seats = Vec<Option<&'static dyn Bot<rummikub::Game>>>;

/// The options, the seats and the seats' names of a request. Names are read in any case;
/// one name fills every seat. `people`: whether `human` seats are taken here (the unknown-bot
/// message lists it only then).
///
/// # Errors
///
/// Unknown rules or bot names, a bad number of players or seats, a person where none may
/// play.
pub fn seats(
    rules_name: &str,
    players: Option<usize>,
    bots: &Names,
    people: bool,
) -> Result<(GameOptions, Seats, Vec<String>), String> {
    let rules: Rules = rules(rules_name)?;
    let mut names: Vec<String> = bots
        .names()
        .iter()
        .map(|name| name.to_ascii_lowercase())
        .collect();
    let given = names.len();
    let count = players.unwrap_or(if given == 1 { 4 } else { given });
    if given == 1 {
        names = vec![names[0].clone(); count];
    }
    let options = GameOptions::new(rules, count).map_err(|error| match players {
        Some(_) => format!("players: {error}"),
        None => format!("bots: {given} names: {error}"),
    })?;
    if names.len() != count {
        return Err(format!(
            "bots: {count} players need {count} names (or one for every seat), got {}",
            names.len()
        ));
    }
    let seats = names
        .iter()
        .map(|name| match name.as_str() {
            HUMAN if people => Ok(None),
            HUMAN => Err(format!(
                "bots: {HUMAN} seats play only in rummikub/game, with their moves"
            )),
            name => bot_named(name).map(Some).ok_or_else(|| {
                let mut known: Vec<&str> = BOT_NAMES.to_vec();
                if people {
                    known.push(HUMAN);
                }
                let (last, rest) = known.split_last().expect("there are bots");
                format!(
                    "bots: unknown bot {name:?}: expected {} or {last}",
                    rest.join(", ")
                )
            }),
        })
        .collect::<Result<_, String>>()?;
    Ok((options, seats, names))
}

/// A person's move as the engine takes it.
fn read_move(index: usize, json: &MoveJson) -> Result<Action, String> {
    match (json.action.as_str(), &json.table) {
        ("draw", None) => Ok(Action::Draw),
        ("play", Some(table)) => {
            read_groups(table, &format!("moves[{index}].table")).map(Action::Play)
        }
        ("draw", Some(_)) => Err(format!("moves[{index}]: a draw takes no table")),
        ("play", None) => Err(format!(
            "moves[{index}]: a play needs the table after the turn"
        )),
        (other, _) => Err(format!(
            "moves[{index}].action: expected play or draw, found {other:?}"
        )),
    }
}

/// Answers `rummikub/game`: the game dealt from the seed, the bots choosing their moves and the
/// people's moves taken in order, up to the end or to a person's turn with no move left.
///
/// # Errors
///
/// Bad rules, players or seats; a person's move that is unreadable, illegal (with the rule
/// it breaks) or comes after the end.
pub fn game(request: GameRequest, stop: &Stop) -> Result<GameResponse, ApiError> {
    let (options, seats, seat_names) = seats(&request.rules, request.players, &request.bots, true)?;
    let people: Vec<usize> = (0..seats.len()).filter(|&s| seats[s].is_none()).collect();
    if request.moves.len() > MAX_TURNS {
        return Err(ApiError::BadRequest(format!(
            "moves: at most {MAX_TURNS} moves, not {}",
            request.moves.len()
        )));
    }
    let mut moves = request.moves.iter().enumerate();
    let mut log = GameLog::new(&options, request.seed, seat_names.clone());
    let mut awaited = None;
    while let Some(player) = log.game.to_move() {
        if log.turns.len() >= MAX_TURNS {
            break;
        }
        stop.check()?;
        match seats[player] {
            Some(bot) => {
                let action = bot.choose(&log.game.view(player));
                if let Err(error) = log.play(&action) {
                    rummikub::tiles_core::Game::forfeit(&mut log.game, error);
                }
            }
            None => {
                let Some((index, json)) = moves.next() else {
                    awaited = Some(player);
                    break;
                };
                let action = read_move(index, json)?;
                log.play(&action)
                    .map_err(|error| format!("moves[{index}]: {error}"))?;
            }
        }
    }
    if let Some((index, _)) = moves.next() {
        return Err(ApiError::BadRequest(format!(
            "moves[{index}]: the game is over"
        )));
    }
    let viewers: Vec<usize> = match request.viewer {
        Some(viewer) if viewer >= seats.len() => {
            return Err(ApiError::BadRequest(format!(
                "viewer: seat {viewer} is not in a game of {} players",
                seats.len()
            )));
        }
        Some(viewer) => vec![viewer],
        None if people.len() >= 2 => {
            return Err(ApiError::BadRequest(format!(
                "viewer: people play seats {}: say whose view the answer is (viewer), so that none sees another's tiles",
                people
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        None => people.clone(),
    };
    let seen = |seat: usize| viewers.is_empty() || viewers.contains(&seat);
    let turns = log
        .turns
        .iter()
        .map(|turn| {
            let (action, drawn, placed, value, steps) = match &turn.action {
                Done::Drew(None) => ("draw", None, vec![], 0, vec![]),
                Done::Drew(Some(tile)) => (
                    "draw",
                    seen(turn.player).then(|| tile.to_string()),
                    vec![],
                    0,
                    vec![],
                ),
                Done::Played(turn) => (
                    "play",
                    None,
                    names(turn.placed()),
                    turn.value(),
                    steps_json(turn.steps()),
                ),
            };
            TurnJson {
                turn: turn.number,
                player: turn.player,
                action: action.to_owned(),
                drawn,
                placed,
                value,
                steps,
                table: group_names(&turn.table),
                rack: seen(turn.player).then(|| names(&turn.rack)),
                pool: turn.pool,
                text: log.turn_text(turn, seen(turn.player)),
            }
        })
        .collect();
    let ranks = log.game.ranks();
    Ok(GameResponse {
        seed: request.seed,
        bots: seat_names,
        deal: (0..seats.len())
            .map(|seat| seen(seat).then(|| names(&log.dealt[seat])))
            .collect(),
        pool: viewers.is_empty().then(|| names(&log.pool)),
        turns,
        to_move: awaited,
        view: awaited.filter(|&player| seen(player)).map(|player| {
            let view = log.game.view(player);
            ViewJson {
                player,
                must_open: view.must_open(),
                rack: names(&view.rack),
                table: view.table.iter().map(|group| names(group)).collect(),
                opened: view.opened,
                rack_sizes: view.rack_sizes,
                pool: view.pool,
            }
        }),
        end: log.ending(),
        scores: log.game.scores(),
        winner: ranks
            .as_ref()
            .and_then(|ranks| ranks.iter().position(|&rank| rank == 1)),
        ranks,
        text: if viewers.is_empty() {
            log.to_string()
        } else {
            log.seen_by(&viewers)
        },
    })
}

/// A `rummikub/tournament` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "RummikubTournamentRequest")]
pub struct TournamentRequest {
    /// `codegolf`, `standard` (default) or `puzzle`.
    #[serde(default = "standard")]
    pub rules: String,
    /// Games to play (default 1000, at most 1,000,000).
    #[serde(default = "default_games")]
    pub games: u64,
    /// The tournament's seed (default 1).
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// The line-up, one bot per player (2 to 4): `solver`, `value` or `greedy` (default
    /// `solver,greedy,greedy,greedy`); it turns one seat per game.
    #[serde(default = "lineup_default")]
    pub bots: Names,
    /// The number of the first game played (default 0): the request plays games
    /// `first_game .. first_game + games` of the tournament seeded `seed`, a shard of it.
    #[serde(default)]
    pub first_game: u64,
}

/// A `rummikub/tournament` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "RummikubTournamentResponse")]
pub struct TournamentResponse {
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// The first game's number.
    pub first_game: u64,
    /// Players in each game.
    pub players: usize,
    /// Per line-up entry (`average_points` is the average score).
    pub entries: Vec<EntryJson>,
    /// Games stopped by the cap on turns, counted for no one.
    pub unfinished: u64,
    /// The table as the CLI prints it.
    pub table: String,
}

/// Answers `rummikub/tournament`.
///
/// # Errors
///
/// Unknown rules or bots, a line-up of other than 2 to 4, or more than [`MAX_GAMES`](crate::standings::MAX_GAMES) games.
pub fn tournament(request: TournamentRequest, stop: &Stop) -> Result<TournamentResponse, ApiError> {
    let (options, lineup) = tournament_lineup(&request)?;
    check_games(request.games)?;
    let games = game_range(request.first_game, request.games)?;
    let result = rummikub::tournament_range(&options, request.seed, games, &lineup, stop)
        .map_err(play_error)?;
    crate::standings::played_all(result.standings.games, request.games)?;
    Ok(tournament_response(&request, &result))
}

/// The game's options and the line-up of bots a tournament request names.
fn tournament_lineup(
    request: &TournamentRequest,
) -> Result<(rummikub::GameOptions, Vec<&'static dyn Bot<rummikub::Game>>), ApiError> {
    let (options, seats, _) = seats(&request.rules, None, &request.bots, false)?;
    let lineup = seats
        .into_iter()
        .map(|seat| seat.expect("no person's seat in a tournament"))
        .collect();
    Ok((options, lineup))
}

fn tournament_response(
    request: &TournamentRequest,
    result: &rummikub::TournamentResult,
) -> TournamentResponse {
    TournamentResponse {
        games: result.standings.games,
        seed: request.seed,
        first_game: request.first_game,
        players: result.options.players(),
        entries: entries(&result.standings),
        unfinished: result.standings.unfinished,
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
    let (options, lineup) = tournament_lineup(&request)?;
    check_games(request.games)?;
    game_range(request.first_game, request.games)?;
    let standings = merged_standings(
        lineup.iter().map(|bot| bot.name().to_owned()).collect(),
        shards,
    )?;
    let result = rummikub::TournamentResult {
        options,
        seed: request.seed,
        standings,
    };
    Ok(tournament_response(&request, &result))
}
