//! The rules of a game: what requests name (a rule set, fields set otherwise, the lobby
//! fields over them), and `mahjong/rules`, which shows them.

use mahjong::Players;
use mahjong_game::{GameRules, Length, Preset};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::game::RedFives;

/// The rules fields of a game or tournament request: a rule set with fields set otherwise
/// (`rules`, `rule`), and the lobby fields (`length`, `red_fives`, `open_tanyao`,
/// `players`), each over the rule set's own value where given.
#[derive(Debug, Clone, Copy, Default)]
pub struct RulesAsked<'a> {
    /// A preset and fields set otherwise: `m-league`, `m-league kiriage=false`.
    pub rules: Option<&'a str>,
    /// Fields set, `NAME=VALUE`, after everything else.
    pub rule: &'a [String],
    /// `hanchan` or `east`.
    pub length: Option<&'a str>,
    /// The red fives.
    pub red_fives: Option<RedFives>,
    /// Kuitan.
    pub open_tanyao: Option<bool>,
    /// The players: the rule set's form for that many.
    pub players: Option<Players>,
}

/// The rules a request names: the rule set (Tenhou's by default), for the players given,
/// then the length, red fives and kuitan given (with three players, `true` red fives are the
/// set's, 5p and 5s), then each `rule`.
///
/// # Errors
///
/// An unknown rule set or field, a value a field does not take (each naming the field), a
/// length other than `hanchan` or `east`, a red five count above 1, a red 5m with three
/// players.
pub fn rules(asked: &RulesAsked<'_>) -> Result<GameRules, String> {
    let mut rules = match asked.rules {
        Some(text) => text
            .parse::<GameRules>()
            .map_err(|error| format!("rules: {error}"))?,
        None => GameRules::TENHOU,
    };
    if let Some(players) = asked.players {
        rules = rules.with_players(players);
    }
    if let Some(length) = asked.length {
        rules.length = Length::named(length)
            .ok_or_else(|| format!("length: expected hanchan or east, found {length:?}"))?;
    }
    if let Some(red_fives) = asked.red_fives {
        let mut counts = red_fives.counts();
        if rules.three_player() && matches!(red_fives, RedFives::All(_)) {
            counts[0] = 0;
        }
        rules.red_fives = counts;
    }
    if let Some(open_tanyao) = asked.open_tanyao {
        rules.open_tanyao = open_tanyao;
    }
    rules
        .check()
        .map_err(|message| format!("red_fives: {message}"))?;
    for pair in asked.rule {
        rules
            .set_pair(pair)
            .map_err(|error| format!("rule: {error}"))?;
    }
    Ok(rules)
}

/// The rules a replay, watch or review request gives a record that states none (`None`
/// when it names none: Tenhou's, as the reader assumes).
///
/// # Errors
///
/// As [`rules`].
pub fn assumed_rules(named: Option<&str>, rule: &[String]) -> Result<Option<GameRules>, String> {
    if named.is_none() && rule.is_empty() {
        return Ok(None);
    }
    rules(&RulesAsked {
        rules: named,
        rule,
        ..RulesAsked::default()
    })
    .map(Some)
}

/// A `mahjong/rules` request: the rules fields of `mahjong/game`.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "MahjongRulesRequest")]
pub struct RulesRequest {
    /// The rule set (`tenhou` by default), with fields set otherwise after it.
    #[serde(default)]
    pub rules: Option<String>,
    /// Fields set otherwise, `NAME=VALUE`, after the rest.
    #[serde(default)]
    pub rule: Vec<String>,
    /// `hanchan` or `east` (default: the rule set's).
    #[serde(default)]
    pub length: Option<String>,
    /// Red fives (default: the rule set's).
    #[serde(default)]
    pub red_fives: Option<RedFives>,
    /// Kuitan (default: the rule set's).
    #[serde(default)]
    pub open_tanyao: Option<bool>,
    /// The players (default: the rule set's).
    #[serde(default, deserialize_with = "crate::fields::read_some_players")]
    #[schemars(schema_with = "crate::fields::players_schema")]
    pub players: Option<Players>,
}

/// One field of the rules.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RuleFieldJson {
    /// Its name, as `rule` sets it.
    pub name: String,
    /// Its value, as `rule` takes it.
    pub value: String,
    /// The rule set's own value.
    pub preset_value: String,
}

/// A `mahjong/rules` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "MahjongRulesResponse")]
pub struct RulesResponse {
    /// The rules as records name them: the rule set and the fields set otherwise.
    pub rules: String,
    /// The rule set.
    pub preset: String,
    /// Every rule set's name.
    pub presets: Vec<String>,
    /// The players.
    pub players: usize,
    /// Every field, in order.
    pub fields: Vec<RuleFieldJson>,
}

/// Answers `mahjong/rules`.
///
/// # Errors
///
/// As [`rules`].
pub fn rules_answer(request: RulesRequest) -> Result<RulesResponse, String> {
    let asked = RulesAsked {
        rules: request.rules.as_deref(),
        rule: &request.rule,
        length: request.length.as_deref(),
        red_fives: request.red_fives,
        open_tanyao: request.open_tanyao,
        players: request.players,
    };
    let game_rules = rules(&asked)?;
    let preset = game_rules.preset.rules();
    let fields = GameRules::FIELDS
        .iter()
        .map(|(name, _)| RuleFieldJson {
            name: (*name).to_owned(),
            value: game_rules.field(name).unwrap_or_default(),
            preset_value: preset.field(name).unwrap_or_default(),
        })
        .collect();
    Ok(RulesResponse {
        rules: game_rules.describe(),
        preset: game_rules.preset.name().to_owned(),
        presets: Preset::ALL
            .iter()
            .map(|preset| preset.name().to_owned())
            .collect(),
        players: game_rules.players.count(),
        fields,
    })
}
