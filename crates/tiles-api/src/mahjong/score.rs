//! The `mahjong/score` request, read into the library's hand and situation and scored.

use mahjong::Players;
use mahjong::{
    CalledMeld, FullHand, MeldKind, Piece, Score, ScoringRules, Situation, Wind, parse_full_hand,
    parse_pieces, score as score_hand,
};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use super::response::{ScoreResponse, Shown, YakuJson, fu_parts_json, points_json};
use crate::fields::{Tiles, in_item, in_text, json_kind};

/// A called meld in a `mahjong/score` request.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MeldRequest {
    /// `chi`, `pon`, `kan` (open, called or added) or `ankan` (concealed).
    #[serde(rename = "type")]
    pub kind: String,
    /// Its tiles in mpsz, red fives as `0`: `"340m"`, `"5555z"`.
    pub tiles: String,
}

/// The scoring rules of a request: a preset name, or an object of switches over a preset.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RulesRequest(Option<Value>);

impl JsonSchema for RulesRequest {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ScoringRules".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The scoring rules: a preset, or a preset and switches over it.",
            "anyOf": [
                {"type": "string", "description": "a rule set: tenhou, tenhou-sanma, mahjong-soul (majsoul), mahjong-soul-sanma, m-league, wrc, ema-2016, ema-2025, jpml-a, saikouisen or saikouisen-classic"},
                {
                    "type": "object",
                    "properties": {
                        "preset": {"type": "string", "description": "a rule set's name, as above"},
                        "red_fives": {"type": "boolean"},
                        "open_tanyao": {"type": "boolean"},
                        "double_wind_fu": {"type": "integer", "enum": [2, 4]},
                        "kiriage": {"type": "boolean"},
                        "counted_yakuman": {"type": "boolean"},
                        "double_yakuman": {"anyOf": [{"type": "boolean"}, {"type": "string", "description": "all, none, or kokushi13, suuankou_tanki, junsei_chuuren, daisuushii joined by +"}]},
                        "yakuman_stack": {"type": "boolean"},
                        "renhou": {"type": "string", "enum": ["none", "mangan", "5han", "yakuman"]},
                        "honba": {"type": "integer", "description": "points a honba adds from each payer (100)"},
                        "players": {"type": "integer", "enum": [3, 4]}
                    },
                    "additionalProperties": false
                },
                {"type": "null"}
            ]
        })
    }
}

impl<'de> Deserialize<'de> for RulesRequest {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RulesRequest, D::Error> {
        Value::deserialize(deserializer).map(|value| RulesRequest(Some(value)))
    }
}

impl RulesRequest {
    /// The rules a JSON value gives (a preset name, or an object of switches).
    pub fn from_value(value: Value) -> RulesRequest {
        RulesRequest(Some(value))
    }

    /// The rules it names.
    ///
    /// # Errors
    ///
    /// An unknown preset or switch, or a value of the wrong kind, naming the field.
    pub fn rules(&self) -> Result<ScoringRules, String> {
        let preset = |name: &str| scoring_preset(name).map_err(|error| format!("rules: {error}"));
        match &self.0 {
            None | Some(Value::Null) => Ok(ScoringRules::default()),
            Some(Value::String(name)) => preset(name),
            Some(Value::Object(fields)) => {
                let mut rules = match fields.get("preset") {
                    None => ScoringRules::default(),
                    Some(Value::String(name)) => preset(name)?,
                    Some(other) => {
                        return Err(format!(
                            "rules.preset: expected a rule set's name ({}), found {}",
                            preset_names(),
                            json_kind(other)
                        ));
                    }
                };
                for (name, value) in fields.iter().filter(|(name, _)| *name != "preset") {
                    let text = match value {
                        Value::Bool(on) => on.to_string(),
                        Value::Number(number) => number.to_string(),
                        Value::String(text) => text.clone(),
                        other => {
                            return Err(format!(
                                "rules.{name}: expected true, false, a number or a name (2 or 4 for double_wind_fu, 3 or 4 for players, mangan for renhou), found {}",
                                json_kind(other)
                            ));
                        }
                    };
                    rules.set(name, &text).map_err(|error| {
                        let error = error.to_string();
                        // The field is named once: `rules.kiriage: "maybe" is not …`.
                        let said = error
                            .strip_prefix(&format!("rule {}: ", name.to_ascii_lowercase()))
                            .unwrap_or(&error);
                        format!("rules.{name}: {said}")
                    })?;
                }
                Ok(rules)
            }
            Some(other) => Err(format!(
                "rules: expected a rule set's name ({}) or an object of switches, found {}",
                preset_names(),
                json_kind(other)
            )),
        }
    }
}

/// The scoring rules of a rule set named as the game's are (`mahjong-soul`, `majsoul`, …):
/// derived from its whole-game rules.
///
/// # Errors
///
/// An unknown name, listing the names.
pub fn scoring_preset(name: &str) -> Result<ScoringRules, String> {
    mahjong_game::GameRules::preset(name)
        .map(|rules| rules.scoring())
        .map_err(|error| error.to_string())
}

/// The rule sets' names, for a message.
fn preset_names() -> String {
    let names: Vec<&str> = mahjong_game::Preset::ALL
        .iter()
        .map(|preset| preset.name())
        .collect();
    names.join(", ")
}

fn east() -> String {
    "E".to_owned()
}

/// The fields of a `mahjong/score` request, in the order the schema lists them (and batches
/// send them).
pub const SCORE_FIELDS: [&str; 23] = [
    "hand",
    "melds",
    "win",
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "seat_wind",
    "round_wind",
    "dora_indicators",
    "ura_indicators",
    "honba",
    "riichi_sticks",
    "rules",
    "kita",
    "players",
    "renhou",
];

/// A `mahjong/score` request.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoreRequest {
    /// The concealed tiles including the winning tile, mpsz, red fives `0`; bracketed melds
    /// may follow (`[789s]`, `{1111z}`).
    pub hand: String,
    /// The called melds.
    #[serde(default)]
    pub melds: Vec<MeldRequest>,
    /// The winning tile, one of the concealed tiles.
    pub win: String,
    /// Won by tsumo (else ron).
    #[serde(default)]
    pub tsumo: bool,
    /// Riichi.
    #[serde(default)]
    pub riichi: bool,
    /// Double riichi (implies riichi).
    #[serde(default)]
    pub double_riichi: bool,
    /// Ippatsu.
    #[serde(default)]
    pub ippatsu: bool,
    /// Rinshan (a tsumo after a kan).
    #[serde(default)]
    pub rinshan: bool,
    /// Chankan (a ron on an added kan).
    #[serde(default)]
    pub chankan: bool,
    /// Haitei (a tsumo on the last tile).
    #[serde(default)]
    pub haitei: bool,
    /// Houtei (a ron on the last discard).
    #[serde(default)]
    pub houtei: bool,
    /// Tenhou (the dealer, as dealt).
    #[serde(default)]
    pub tenhou: bool,
    /// Chiihou (a non-dealer, first draw).
    #[serde(default)]
    pub chiihou: bool,
    /// The seat wind: E (the dealer), S, W or N.
    #[serde(default = "east")]
    pub seat_wind: String,
    /// The round wind.
    #[serde(default = "east")]
    pub round_wind: String,
    /// The dora indicators.
    #[serde(default)]
    pub dora_indicators: Tiles,
    /// The ura dora indicators (riichi only).
    #[serde(default)]
    pub ura_indicators: Tiles,
    /// Honba counters.
    #[serde(default)]
    pub honba: u32,
    /// Riichi sticks on the table.
    #[serde(default)]
    pub riichi_sticks: u32,
    /// A rule set's name (`"tenhou"`, the default; `"mahjong-soul"` or `"majsoul"`,
    /// `"m-league"`, `"wrc"`, `"ema-2016"`, `"ema-2025"`, `"jpml-a"`, `"saikouisen"`,
    /// `"saikouisen-classic"`, `"tenhou-sanma"`, `"mahjong-soul-sanma"`: the scoring part of
    /// the game's rules), or switches: `{"preset":"m-league","kiriage":false}`.
    #[serde(default)]
    pub rules: RulesRequest,
    /// Norths the winner set aside (kita, three players only): each is a dora (nukidora).
    #[serde(default)]
    pub kita: u32,
    /// The players at the table, 3 or 4: sets the rules' `players` (3: Tenhou's three-player
    /// rules, tsumo loss and 200 a honba, with the preset's other switches).
    #[serde(default, deserialize_with = "crate::fields::read_some_players")]
    #[schemars(schema_with = "crate::fields::players_schema")]
    pub players: Option<Players>,
    /// Renhou (a non-dealer's ron before its first draw): worth what the rules' `renhou`
    /// says, nothing under Tenhou's.
    #[serde(default)]
    pub renhou: bool,
}

/// The hand of a score or analyze request: `hand` with its bracketed melds and `melds`.
pub(super) fn full_hand(hand: &str, melds: &[MeldRequest]) -> Result<FullHand, String> {
    let melds: Vec<(&str, &str)> = melds
        .iter()
        .map(|meld| (meld.kind.as_str(), meld.tiles.as_str()))
        .collect();
    full_hand_of(hand, &melds)
}

/// The hand of `hand` with its bracketed melds and `melds` (each its type and its tiles).
fn full_hand_of(hand: &str, melds: &[(&str, &str)]) -> Result<FullHand, String> {
    let base = parse_full_hand(hand).map_err(|error| in_text("hand", &error))?;
    if melds.is_empty() {
        return Ok(base);
    }
    let more = melds
        .iter()
        .enumerate()
        .map(|(index, &(kind, tiles))| {
            let kind: MeldKind = kind
                .parse()
                .map_err(|error| format!("melds[{index}].type: {error}"))?;
            let pieces = parse_pieces(tiles)
                .map_err(|error| in_text(&format!("melds[{index}].tiles"), &error))?;
            CalledMeld::new(kind, &pieces).map_err(|error| format!("melds[{index}]: {error}"))
        })
        .collect::<Result<Vec<_>, String>>()?;
    base.with_melds(more)
        .map_err(|error| format!("hand: {error}"))
}

/// Tiles borrowed from a request: one string, or a list of names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TilesRef<'a> {
    /// mpsz text: `1m4z`.
    Text(&'a str),
    /// A tile per item: `["1m", "4z"]`.
    List(Vec<&'a str>),
}

impl TilesRef<'_> {
    /// The pieces, or the error naming `field` and the item or column.
    fn pieces(&self, field: &str) -> Result<Vec<Piece>, String> {
        match self {
            TilesRef::Text(text) => parse_pieces(text).map_err(|error| in_text(field, &error)),
            TilesRef::List(names) => names
                .iter()
                .enumerate()
                .map(|(index, name)| {
                    name.parse::<Piece>()
                        .map_err(|error| in_item(field, index, &error))
                })
                .collect(),
        }
    }
}

impl<'a> From<&'a Tiles> for TilesRef<'a> {
    fn from(tiles: &'a Tiles) -> TilesRef<'a> {
        match tiles {
            Tiles::Text(text) => TilesRef::Text(text),
            Tiles::List(names) => TilesRef::List(names.iter().map(String::as_str).collect()),
        }
    }
}

/// The fields of a `mahjong/score` request, borrowed: from a [`ScoreRequest`], or straight
/// from the JSON text by the quick reader (which then allocates no string).
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreInput<'a> {
    /// The concealed tiles, the winning tile among them.
    pub hand: &'a str,
    /// The called melds: (type, tiles).
    pub melds: Vec<(&'a str, &'a str)>,
    /// The winning tile.
    pub win: &'a str,
    /// tsumo, riichi, double riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou,
    /// chiihou, renhou.
    pub flags: [bool; 11],
    /// The seat's wind.
    pub seat_wind: &'a str,
    /// The round's wind.
    pub round_wind: &'a str,
    /// The dora indicators.
    pub dora_indicators: TilesRef<'a>,
    /// The ura indicators.
    pub ura_indicators: TilesRef<'a>,
    /// The honba.
    pub honba: u32,
    /// The riichi sticks on the table.
    pub riichi_sticks: u32,
    /// The rules, or the error naming the field (reported after the other fields' errors).
    pub rules: Result<ScoringRules, String>,
    /// Norths set aside by the winner.
    pub kita: u32,
    /// The players at the table, if given (over the rules' own).
    pub players: Option<Players>,
}

impl ScoreRequest {
    /// Its fields, borrowed.
    pub fn input(&self) -> ScoreInput<'_> {
        ScoreInput {
            hand: &self.hand,
            melds: self
                .melds
                .iter()
                .map(|meld| (meld.kind.as_str(), meld.tiles.as_str()))
                .collect(),
            win: &self.win,
            flags: [
                self.tsumo,
                self.riichi,
                self.double_riichi,
                self.ippatsu,
                self.rinshan,
                self.chankan,
                self.haitei,
                self.houtei,
                self.tenhou,
                self.chiihou,
                self.renhou,
            ],
            seat_wind: &self.seat_wind,
            round_wind: &self.round_wind,
            dora_indicators: (&self.dora_indicators).into(),
            ura_indicators: (&self.ura_indicators).into(),
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
            rules: self.rules.rules(),
            kita: self.kita,
            players: self.players,
        }
    }
}

/// Answers `mahjong/score`.
///
/// # Errors
///
/// An unreadable field (named, with its column), or the engine's reason the hand has no score.
pub fn score(request: ScoreRequest) -> Result<ScoreResponse, String> {
    score_input(&request.input())
}

/// [`score`] of borrowed fields.
pub(crate) fn score_input(request: &ScoreInput<'_>) -> Result<ScoreResponse, String> {
    let (hand, score) = scored_input(request)?;
    Ok(response_of(hand, score))
}

/// The response of a scored hand.
pub fn response_of(hand: FullHand, score: Score) -> ScoreResponse {
    let points = &score.points;
    ScoreResponse {
        han: score.han,
        fu: score.fu,
        yakuman: score.yakuman,
        yaku: score
            .yaku
            .iter()
            .map(|yaku| YakuJson {
                name: yaku.yaku.name(),
                han: yaku.han,
            })
            .collect(),
        limit: score.limit.map(|limit| limit.name()),
        points: points_json(points),
        fu_parts: fu_parts_json(&score.fu_parts),
        base: score.base,
        wait: score.wait.name(),
        reading: Shown(score.reading.clone()),
        hand: Shown(hand.clone()),
        source: (hand, score),
    }
}

/// The hand of a `mahjong/score` request and its score (the CLI prints the score's report).
///
/// # Errors
///
/// As [`score`].
pub fn scored(request: ScoreRequest) -> Result<(FullHand, Score), String> {
    scored_input(&request.input())
}

/// [`scored`] of borrowed fields.
///
/// # Errors
///
/// As [`score`].
pub fn scored_input(request: &ScoreInput<'_>) -> Result<(FullHand, Score), String> {
    let hand = full_hand_of(request.hand, &request.melds)?;
    let win: Piece = request
        .win
        .parse()
        .map_err(|error| in_text("win", &error))?;
    let wind = |field: &str, text: &str| -> Result<Wind, String> {
        text.parse().map_err(|error| format!("{field}: {error}"))
    };
    let [
        tsumo,
        riichi,
        double_riichi,
        ippatsu,
        rinshan,
        chankan,
        haitei,
        houtei,
        tenhou,
        chiihou,
        renhou,
    ] = request.flags;
    let situation = Situation {
        win,
        tsumo,
        riichi: riichi || double_riichi,
        double_riichi,
        ippatsu,
        rinshan,
        chankan,
        haitei,
        houtei,
        tenhou,
        chiihou,
        renhou,
        seat_wind: wind("seat_wind", request.seat_wind)?,
        round_wind: wind("round_wind", request.round_wind)?,
        dora_indicators: request.dora_indicators.pieces("dora_indicators")?,
        ura_indicators: request.ura_indicators.pieces("ura_indicators")?,
        honba: request.honba,
        riichi_sticks: request.riichi_sticks,
        kita: request.kita,
    };
    let mut rules = *request.rules.as_ref().map_err(Clone::clone)?;
    if let Some(players) = request.players {
        rules.players = players;
    }
    let score = score_hand(&hand, &situation, &rules).map_err(|error| error.to_string())?;
    Ok((hand, score))
}
