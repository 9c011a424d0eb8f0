//! `mahjong/game`, `mahjong/replay` and `mahjong/tournament`: whole games under a rule set
//! (Tenhou's by default).

use std::sync::RwLock;

use mahjong::Players;
use mahjong_game::records::{self as log, convert::Target, replay::GameVerdict};
use mahjong_game::{
    self as engine, BOT_NAMES, Connect, Event, Form, Game, GameRules, HostError, Limits, MAX_MOVES,
    Seat, bot_named, hand_changes, hands,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tiles_core::{Bot, Stop};

pub use super::rules::{RulesAsked, assumed_rules, rules};
use crate::ApiError;
use crate::fields::Names;
use crate::standings::play_error;

/// The line-up when none is given.
pub const DEFAULT_BOTS: &str = "efficiency";

pub(crate) fn bots_default() -> Names {
    Names::Text(DEFAULT_BOTS.to_owned())
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

/// The rules and the seats of a game or tournament request.
///
/// # Errors
///
/// As [`rules`] and [`entries`].
pub fn table(asked: &RulesAsked<'_>, bots: &Names) -> Result<(GameRules, Vec<Entry>), String> {
    let rules = rules(asked)?;
    let entries = entries(bots, rules.players)?;
    Ok((rules, entries))
}

/// What runs outside seats (`mjai:COMMAND`), if line-ups may name them: the `tiles` command
/// and the Python package give theirs (`tiles-host`'s processes), `tiles serve` none.
static COMMANDS: RwLock<Option<&'static dyn Connect>> = RwLock::new(None);

/// Lets line-ups name outside seats that run commands (`mjai:COMMAND`,
/// `mjai-line:COMMAND`), run by `connect`, or stops them (`None`). Off until a caller that may
/// run commands gives what runs them.
pub fn allow_commands(connect: Option<&'static dyn Connect>) {
    *COMMANDS
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = connect;
}

/// What runs outside seats, if anything here may.
pub(crate) fn commands() -> Option<&'static dyn Connect> {
    *COMMANDS
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A line-up entry: a bot of ours, or an outside bot's command.
#[derive(Clone)]
pub enum Entry {
    /// A bot of ours.
    Ours(&'static (dyn Bot<Game> + Sync)),
    /// `mjai:COMMAND` (batch form) or `mjai-line:COMMAND`.
    Outside {
        /// The command, run as `COMMAND SEAT`.
        command: String,
        /// Batch or line form.
        form: Form,
    },
}

impl std::fmt::Debug for Entry {
    /// Its name in a line-up: `efficiency`, `mjai:python3 bot.py`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.seat())
    }
}

impl Entry {
    /// The seat it plays, borrowing the command.
    pub fn seat(&self) -> Seat<'_> {
        match self {
            Entry::Ours(bot) => Seat::Ours(*bot),
            Entry::Outside { command, form } => Seat::Outside {
                command,
                form: *form,
            },
        }
    }

    /// Whether it is an outside seat.
    pub fn is_outside(&self) -> bool {
        matches!(self, Entry::Outside { .. })
    }
}

/// The seats a request names (one per player): bot names (any case), `mjai:COMMAND` or
/// `mjai-line:COMMAND` where commands may run; one name fills every seat.
///
/// # Errors
///
/// An unknown bot, not one or one per player, an outside seat where commands may not run.
pub fn entries(bots: &Names, players: Players) -> Result<Vec<Entry>, String> {
    let mut names = bots.names();
    if names.len() == 1 {
        names = vec![names[0].clone(); players.count()];
    }
    let entries: Vec<Entry> = names
        .iter()
        .map(|name| {
            if let Some(Seat::Outside { command, form }) = engine::outside_seat(name) {
                if commands().is_none() {
                    return Err(format!(
                        "bots: {name:?} runs a command, which only the tiles command and the Python package do (not a server)"
                    ));
                }
                if command.trim().is_empty() {
                    return Err(format!("bots: {name:?} names no command"));
                }
                return Ok(Entry::Outside {
                    command: command.to_owned(),
                    form,
                });
            }
            bot_named(&name.to_ascii_lowercase())
                .map(Entry::Ours)
                .ok_or_else(|| {
                    let (last, rest) = BOT_NAMES.split_last().expect("there are bots");
                    format!(
                        "bots: unknown bot {name:?}: expected {} or {last}, or mjai:COMMAND for an outside bot",
                        rest.join(", ")
                    )
                })
        })
        .collect::<Result<_, _>>()?;
    if entries.len() != players.count() {
        // Three bots at four players, or four at three: the other table was likely meant.
        let other = match (players.count(), entries.len()) {
            (4, 3) => {
                " (three bots play a three-player game: `--players 3`, `\"players\": 3` in JSON)"
            }
            (3, 4) => {
                " (four bots play a four-player game: `--players 4`, `\"players\": 4` in JSON)"
            }
            _ => "",
        };
        return Err(format!(
            "bots: one bot or {} are needed, got {}{other}",
            players.in_words(),
            entries.len()
        ));
    }
    Ok(entries)
}

/// The bots of ours a request names, one per player (as [`entries`], no outside seat).
///
/// # Errors
///
/// As [`entries`]; an outside seat.
pub fn lineup(
    bots: &Names,
    players: Players,
) -> Result<Vec<&'static (dyn Bot<Game> + Sync)>, String> {
    let entries = entries(bots, players)?;
    let mut ours = Vec::with_capacity(4);
    for entry in entries {
        match entry {
            Entry::Ours(bot) => ours.push(bot),
            Entry::Outside { command, .. } => {
                return Err(format!(
                    "bots: {command:?}: an outside seat cannot play here"
                ));
            }
        }
    }
    Ok(ours)
}

/// A `mahjong/game` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "MahjongGameRequest")]
pub struct GameRequest {
    /// The game's seed: the walls of every hand follow from it. Between bots, 0 when not
    /// given. At a table with people, a seed given makes a practice game, not sealed (the
    /// client could deal every wall itself); without one the game is sealed: the server
    /// makes the seed, keeps it until the game's end and gives each person a `token`.
    #[serde(default)]
    pub seed: Option<u64>,
    /// A sealed game's token, as an answer gave it: it opens the game for its person's seat
    /// (the viewer) at this table (the same rules and line-up). Without a token or a seed, a
    /// table with people starts a new sealed game.
    #[serde(default)]
    pub token: Option<String>,
    /// At a sealed table of two or more people: the `proof` of an answer, which vouches for
    /// the decisions it had (the first ones of `moves`); the rest must be the viewer's own.
    #[serde(default)]
    pub proof: Option<String>,
    /// A table's `checkpoint`, as its last answer gave it: the game's decisions so far, sealed
    /// by the server, played again without asking the bots again (an answer's work then no
    /// longer grows with the game). Optional: without it, the game is played again from the
    /// seed. It must be this game's and `moves` must start with the decisions it covers.
    #[serde(default)]
    pub checkpoint: Option<String>,
    /// The bots in seat order, one per player (four, or three with `players` 3):
    /// `efficiency`, `defence`, `value` or `random` (default `efficiency` in every seat; one
    /// name fills every seat), or `mjai:COMMAND` / `mjai-line:COMMAND` for an outside bot
    /// run as `COMMAND SEAT` (the `tiles` command and Python only, not a server), or `human`
    /// for a person whose decisions `moves` gives.
    #[serde(default = "bots_default")]
    pub bots: Names,
    /// The rule set: `tenhou` (default), `tenhou-sanma`, `mahjong-soul`,
    /// `mahjong-soul-sanma`, `m-league`, `wrc`, `ema-2016`, `ema-2025`, `jpml-a`,
    /// `saikouisen`, `saikouisen-classic`, with fields set otherwise after it
    /// (`m-league kiriage=false`).
    #[serde(default)]
    pub rules: Option<String>,
    /// Fields of the rules set, `NAME=VALUE` (`kiriage=false`), after the rest.
    #[serde(default)]
    pub rule: Vec<String>,
    /// `hanchan` or `east` (default: the rule set's, hanchan).
    #[serde(default)]
    pub length: Option<String>,
    /// Red fives: `true` (one per suit), `false`, or `[man, pin, sou]` counts of 0 or 1
    /// (default: the rule set's: one per suit under Tenhou's).
    #[serde(default)]
    pub red_fives: Option<RedFives>,
    /// Tanyao counts in an open hand (kuitan; default: the rule set's, true).
    #[serde(default)]
    pub open_tanyao: Option<bool>,
    /// The players: 4 (default), or 3 (the rule set's three-player form: Tenhou's
    /// three-player rules by default: no 2m-8m, Norths set aside, tsumo loss; `true` red
    /// fives are then 5p and 5s).
    #[serde(default, deserialize_with = "crate::fields::read_some_players")]
    #[schemars(schema_with = "crate::fields::players_schema")]
    pub players: Option<Players>,
    /// The record to return: `mjai` (default), `tenhou6` (or `tenhou`: tenhou.net/6 JSON),
    /// `mjlog` (Tenhou's XML; not for red fives in some suits only, which its rules cannot
    /// state) or `none`.
    #[serde(default = "record_default")]
    pub record: String,
    /// Seconds an outside seat (`mjai:COMMAND`) has to answer (default 3, as mjai.app).
    #[serde(default = "answer_limit_default")]
    pub answer_limit: f64,
    /// Seconds it has to answer events that start a game or a hand (default 20).
    #[serde(default = "start_limit_default")]
    pub start_limit: f64,
    /// The decisions of the `human` seats so far, in the order made, each as `legal` gives
    /// it (`{"type":"dahai","pai":"5m","tsumogiri":false}`; the fields that tell it from the
    /// other legal decisions are enough).
    #[serde(default)]
    pub moves: Vec<Value>,
    /// The seat whose view the answer is: its own tiles shown, every other seat's hidden. A
    /// person's seat (a bot's only where every seat is a bot's); a sealed game's is its
    /// token's. Required to start a game where people play two or more seats; without it,
    /// the one person's seat.
    #[serde(default)]
    pub viewer: Option<usize>,
}

impl GameRequest {
    /// Its rules fields.
    pub fn rules_asked(&self) -> RulesAsked<'_> {
        RulesAsked {
            rules: self.rules.as_deref(),
            rule: &self.rule,
            length: self.length.as_deref(),
            red_fives: self.red_fives,
            open_tanyao: self.open_tanyao,
            players: self.players,
        }
    }
}

/// A hand's result.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct HandResultJson {
    /// `E1-0`: the round's wind, the hand's number and the honba.
    pub round: String,
    /// What happened: `seat 2 ron from seat 0: 3900 (30 fu 3 han)`, `exhaustive draw
    /// (tenpai: 0, 2)`.
    pub result: String,
    /// Each seat's change of points at the end of the hand, one per player: the hand's
    /// payments with the riichi sticks its winner collects. The sticks put down during the
    /// hand are not in them (they left the scores when put down), so the changes sum to
    /// 1,000 a stick collected.
    pub deltas: Vec<i32>,
    /// Riichi sticks put down during the hand.
    pub sticks_put_down: u32,
    /// Riichi sticks a winner collected at its end (those on the table at the deal and those
    /// put down; none at a draw, when they stay on the table).
    pub sticks_collected: u32,
}

/// A `mahjong/game` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "MahjongGameResponse")]
pub struct GameResponse {
    /// The seed (a sealed game's is null until the game's end).
    pub seed: Option<u64>,
    /// The bots in seat order.
    pub bots: Vec<String>,
    /// Each hand's result.
    pub hands: Vec<HandResultJson>,
    /// The final points (riichi sticks left over given to the first), one per player (null
    /// while a game with people goes on).
    pub final_scores: Option<Vec<i32>>,
    /// Each seat's placement, 1 best (ties to the seat that was East first).
    pub ranks: Option<Vec<usize>>,
    /// The record in the format asked for (mjai lines, tenhou.net/6 JSON or mjlog XML), or
    /// null.
    pub record: Option<String>,
    /// Why an outside seat forfeited the game (a late, unreadable or illegal answer): absent
    /// when none did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// With people at the table: the person's seat whose decision is awaited, or null at the
    /// game's end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Option<usize>>,
    /// With people at the table: what the viewer sees now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<super::table::TableJson>,
    /// With people at the table: the viewer's legal decisions now (empty when another seat
    /// is awaited), in mjai's vocabulary as `moves` takes them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<Value>>,
    /// With people at the table: the mjai events since the viewer's previous decision (its
    /// own included; from the start when it has made none), as the viewer may see them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<Value>>,
    /// With people at the table: each finished hand's end in full.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub results: Option<Vec<super::table::HandEndJson>>,
    /// With people at the table, at the game's end: the record in every format (stating the
    /// seed, and a sealed game's salt and commitment).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub records: Option<super::table::RecordsJson>,
    /// With people at the table: whether the game is sealed (false: the request chose the
    /// seed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sealed: Option<bool>,
    /// A sealed game: the viewer's token, which the next request gives back.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// A sealed game just started: each person's token, one per player (null for a bot's
    /// seat), for the one who started it to hand out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tokens: Option<Vec<Option<String>>>,
    /// A sealed game: the proof of the decisions so far (`moves`), for another person at the
    /// table to send with them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<String>,
    /// A table's game not over: the checkpoint the next request sends back (see the
    /// request's `checkpoint`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint: Option<String>,
    /// A sealed game: the commitment to its seed, the same in every answer from the first:
    /// the SHA-256 (hex) of `tiles mahjong seal v1\n<salt>\n<seed>`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// A sealed game at its end: the seed and salt, which the commitment shown from the start
    /// must match.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seal: Option<super::table::SealJson>,
    /// With people at the table, at the game's end: Tenhou's final score of each seat, in
    /// thousands with the returned points and the placement bonus (as its records' `owari`
    /// writes it), and the Phoenix room's rank points for each seat's place (90, 45, 0,
    /// -135; with three players 20, 0, -20).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standings: Option<super::table::StandingsJson>,
}

/// Each hand's result in words, with its score changes.
pub(super) fn describe(events: &[Event], players: Players) -> Vec<HandResultJson> {
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
            let deltas = hand_changes(events);
            let put_down = events
                .iter()
                .filter(|event| matches!(event, Event::RiichiAccepted { .. }))
                .count();
            HandResultJson {
                round: id.to_string(),
                result: result.join("; "),
                deltas: players.of(&deltas).to_vec(),
                sticks_put_down: put_down as u32,
                sticks_collected: (deltas.iter().sum::<i32>() / 1000).max(0) as u32,
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
    if super::table::has_people(&request) {
        let rules = rules(&request.rules_asked())?;
        record_target(&request.record, &rules)?;
        return super::table::play(&request, rules, stop);
    }
    let (rules, entries) = table(&request.rules_asked(), &request.bots)?;
    let target = record_target(&request.record, &rules)?;
    let seats: Vec<Seat<'_>> = entries.iter().map(Entry::seat).collect();
    let names: Vec<String> = seats.iter().map(|seat| format!("{seat:?}")).collect();
    if request.token.is_some() || request.proof.is_some() {
        return Err(ApiError::BadRequest(
            "token: only a table with people is sealed (a human seat)".to_owned(),
        ));
    }
    let seed = request.seed.unwrap_or(0);
    let (game, failure) = if entries.iter().any(Entry::is_outside) {
        let limits = limits(request.answer_limit, request.start_limit)?;
        let hosted = engine::play_hosted(
            rules,
            seed,
            &seats,
            &names,
            limits,
            MAX_MOVES,
            commands(),
            stop,
        )
        .map_err(host_error)?;
        let failure = hosted
            .failure
            .map(|(seat, why)| format!("seat {seat} ({}) forfeits: {why}", names[seat]));
        (hosted.game, failure)
    } else {
        let bots: Vec<&dyn Bot<Game>> = entries
            .iter()
            .map(|entry| match entry {
                Entry::Ours(bot) => *bot as &dyn Bot<Game>,
                Entry::Outside { .. } => unreachable!("no outside seat here"),
            })
            .collect();
        let played = tiles_core::play(&rules, seed, &bots, MAX_MOVES, stop).map_err(play_error)?;
        (played.game, None)
    };
    let record = target
        .map(|target| target.write(rules, game.events(), &names))
        .transpose()
        .map_err(|error| ApiError::BadRequest(format!("record: {error}")))?;
    Ok(GameResponse {
        seed: Some(seed),
        bots: names,
        hands: describe(game.events(), rules.players),
        final_scores: Some(rules.players.of(&game.scores()).to_vec()),
        ranks: Some(game.places()),
        record,
        failure,
        to_move: None,
        view: None,
        legal: None,
        events: None,
        results: None,
        records: None,
        standings: None,
        sealed: None,
        token: None,
        tokens: None,
        proof: None,
        checkpoint: None,
        commitment: None,
        seal: None,
    })
}

/// The record format a request names (`none`: no record).
///
/// # Errors
///
/// A name that is none of them; mjlog for rules it cannot state.
fn record_target(name: &str, rules: &GameRules) -> Result<Option<Target>, ApiError> {
    let target = match name {
        "none" => None,
        name => Some(Target::named(name).ok_or_else(|| {
            ApiError::BadRequest(format!(
                "record: expected mjai, tenhou6 (or tenhou), mjlog or none, found {name:?}"
            ))
        })?),
    };
    if target == Some(Target::Mjlog) {
        log::mjlog::can_write(rules)
            .map_err(|error| ApiError::BadRequest(format!("record: mjlog: {error}")))?;
    }
    Ok(target)
}

/// An outside seat's time limits from a request's seconds.
///
/// # Errors
///
/// A limit that is not a positive number of seconds (at most an hour).
pub fn limits(answer: f64, start: f64) -> Result<Limits, String> {
    let seconds = |value: f64, field: &str| {
        if value.is_finite() && value > 0.0 && value <= 3600.0 {
            Ok(std::time::Duration::from_secs_f64(value))
        } else {
            Err(format!(
                "{field}: expected seconds above 0 and at most 3600, found {value}"
            ))
        }
    };
    Ok(Limits {
        answer: seconds(answer, "answer_limit")?,
        start: seconds(start, "start_limit")?,
    })
}

/// A hosted game's error as the API's.
pub(crate) fn host_error(error: HostError) -> ApiError {
    match error {
        HostError::Stopped(_) => ApiError::Stopped,
        error => ApiError::BadRequest(error.to_string()),
    }
}

pub(crate) fn answer_limit_default() -> f64 {
    3.0
}

pub(crate) fn start_limit_default() -> f64 {
    20.0
}

/// A `mahjong/replay` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "MahjongReplayRequest")]
pub struct ReplayRequest {
    /// A game record: Tenhou mjlog XML, tenhou.net/6 JSON (one object, or a hand per line) or
    /// mjai events (one per line), told apart by their first line.
    pub record: String,
    /// The rule set of a record that states none (an mjai record of another tool), as for
    /// `mahjong/game` (`mahjong-soul`); a record that states its rules keeps them. Default:
    /// Tenhou's.
    #[serde(default)]
    pub rules: Option<String>,
    /// Fields of those rules set otherwise, `NAME=VALUE`.
    #[serde(default)]
    pub rule: Vec<String>,
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
    /// The record's score changes, one per player (null if the record stops before the
    /// result).
    pub expected: Option<Vec<i32>>,
    /// The engine's, one per player (null if it did not reach the end).
    pub got: Option<Vec<i32>>,
    /// The first disagreement.
    pub error: Option<String>,
}

/// A `mahjong/replay` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "MahjongReplayResponse")]
pub struct ReplayResponse {
    /// `mjlog`, `tenhou` or `mjai`.
    pub format: String,
    /// The players: 4, or 3 (the record's rules).
    pub players: u8,
    /// Each hand's verdict.
    pub hands: Vec<HandVerdictJson>,
    /// The record's final points, one per player, if it has them.
    pub final_expected: Option<Vec<i32>>,
    /// The engine's final points after the last hand, one per player, if it ended the game
    /// there.
    pub final_got: Option<Vec<i32>>,
    /// Every hand agrees, and the final points too when the record has them.
    pub agree: bool,
    /// Where reading stopped, for a record cut short or broken part-way (the hands before it
    /// are replayed).
    pub read_error: Option<String>,
}

/// The verdicts as the API writes them: every list of points one entry per player of
/// `rules`.
pub fn verdict_json(
    format: &str,
    rules: &GameRules,
    verdict: &GameVerdict,
    expected_final: Option<[i32; 4]>,
    error: Option<String>,
) -> ReplayResponse {
    let seats = |points: Option<[i32; 4]>| points.map(|points| points[rules.seats()].to_vec());
    let hands: Vec<HandVerdictJson> = verdict
        .hands
        .iter()
        .map(|hand| HandVerdictJson {
            round: hand.id.to_string(),
            wind: hand.id.wind.letter().to_string(),
            number: hand.id.number,
            honba: hand.id.honba,
            agree: hand.agree,
            expected: seats(hand.expected),
            got: seats(hand.got),
            error: hand.error.clone(),
        })
        .collect();
    let agree = error.is_none()
        && !hands.is_empty()
        && hands.iter().all(|hand| hand.agree)
        && verdict.final_agree != Some(false);
    ReplayResponse {
        format: format.to_owned(),
        players: rules.players.into(),
        hands,
        final_expected: seats(expected_final),
        final_got: seats(verdict.final_scores),
        agree,
        read_error: error,
    }
}

/// Answers `mahjong/replay`.
///
/// # Errors
///
/// A text with no hand (not a record, or one broken before its first hand); bad `rules`;
/// [`ApiError::Stopped`] (checked as the record is read and between hands).
pub fn replay(request: ReplayRequest, stop: &Stop) -> Result<ReplayResponse, ApiError> {
    // A text with no hand is refused as `mahjong/watch` and `mahjong/review` refuse it.
    let (log, error) = super::watch::read_record(
        &request.record,
        request.rules.as_deref(),
        &request.rule,
        stop,
    )?;
    let verdict = log::replay::replay_until(&log, stop)?;
    Ok(verdict_json(
        log::format_of(&request.record),
        &log.rules,
        &verdict,
        log.final_scores,
        error,
    ))
}

pub use super::tournament::{
    EntryJson, TournamentRequest, TournamentResponse, merge_tournament, run_tournament, setup,
    tournament,
};
