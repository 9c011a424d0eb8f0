//! `mahjong/analyze` and `mahjong/score`.

use mahjong::score::{
    CalledMeld, FuPart, FullHand, MeldKind, Piece, Reading, Score, ScoringRules, Situation, Wind,
    parse_full_hand, parse_pieces, score as score_hand,
};
use mahjong::{
    Effective, Tile, analyze as analyze_hand, analyze_full, best_of, has_melds, parse_hand,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::fields::{Tiles, in_item, in_text, json_kind};

/// A `mahjong/analyze` request.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    /// The hand in mpsz notation, `123m456p789s1122z` (red fives `0m`), at most 14 tiles;
    /// bracketed called melds may follow (`[789s]`, `{1111z}`).
    pub hand: String,
    /// Called melds, as in `mahjong/score`.
    #[serde(default)]
    pub melds: Vec<MeldRequest>,
}

/// A hand's shanten in each form.
#[derive(Debug, Clone, Serialize)]
pub struct ShantenJson {
    /// The least over the forms that apply: -1 complete, 0 ready.
    pub overall: i8,
    /// Four melds and a pair.
    pub standard: i8,
    /// Seven pairs; null below 13 tiles.
    pub seven_pairs: Option<i8>,
    /// Thirteen orphans; null below 13 tiles.
    pub thirteen_orphans: Option<i8>,
}

/// A tile that lowers the shanten.
#[derive(Debug, Clone, Serialize)]
pub struct EffectiveJson {
    /// The tile kind.
    pub tile: String,
    /// Its copies not in the hand.
    pub unseen: u8,
}

/// One discard of a `3k + 2` hand.
#[derive(Debug, Clone, Serialize)]
pub struct DiscardJson {
    /// The tile discarded.
    pub tile: String,
    /// The shanten left.
    pub shanten: i8,
    /// The tiles that then lower it.
    pub effective: Vec<EffectiveJson>,
    /// Their unseen copies in all.
    pub unseen: u32,
}

/// A `mahjong/analyze` response.
#[derive(Debug, Clone, Serialize)]
pub struct AnalyzeResponse {
    /// The hand, canonical mpsz.
    pub hand: String,
    /// Its tile count.
    pub tiles: usize,
    /// For `3k + 2` tiles: whether it is complete in any form; else null.
    pub complete: Option<bool>,
    /// Every distinct standard reading, the pair first: `11z 123m 456p 789s 222z`.
    pub readings: Vec<String>,
    /// Whether it is seven pairs.
    pub seven_pairs: bool,
    /// Whether it is thirteen orphans.
    pub thirteen_orphans: bool,
    /// Its shanten.
    pub shanten: ShantenJson,
    /// For `3k + 1` tiles: the kinds that complete it, in tile order; else null.
    pub waits: Option<Vec<String>>,
    /// The tiles that lower the shanten (see [`mahjong::Analysis::effective`]).
    pub effective: Vec<EffectiveJson>,
    /// For a `3k + 2` hand that is not complete: every discard, best first.
    pub discards: Vec<DiscardJson>,
    /// The discards that keep the lowest shanten, in tile order.
    pub best_discards: Vec<String>,
    /// The readable report, as the CLI prints it.
    pub report: String,
}

fn names(tiles: &[Tile]) -> Vec<String> {
    tiles.iter().map(ToString::to_string).collect()
}

fn effective(tiles: &[Effective]) -> Vec<EffectiveJson> {
    tiles
        .iter()
        .map(|e| EffectiveJson {
            tile: e.tile.to_string(),
            unseen: e.unseen,
        })
        .collect()
}

/// Answers `mahjong/analyze`.
///
/// # Errors
///
/// An unreadable hand (with its column), or a multiple of three tiles, which has no shanten.
pub fn analyze(request: AnalyzeRequest) -> Result<AnalyzeResponse, String> {
    let analysis = if request.melds.is_empty() && !has_melds(&request.hand) {
        let hand = parse_hand(&request.hand).map_err(|error| in_text("hand", &error))?;
        analyze_hand(&hand)
    } else {
        analyze_full(&full_hand(&request.hand, &request.melds)?)
    }
    .map_err(|error| format!("hand: {error}"))?;
    let discards = analysis.discards();
    let mut best: Vec<Tile> = best_of(&discards).iter().map(|d| d.tile).collect();
    best.sort_unstable();
    let n = analysis.hand.len() + 3 * analysis.melds.len();
    let mut hand = analysis.hand.to_string();
    for meld in &analysis.melds {
        hand.push(' ');
        hand.push_str(&meld.to_string());
    }
    Ok(AnalyzeResponse {
        hand,
        tiles: n,
        complete: (n % 3 == 2).then(|| analysis.readings.is_complete()),
        readings: analysis
            .readings
            .standard
            .iter()
            .map(ToString::to_string)
            .collect(),
        seven_pairs: analysis.readings.seven_pairs,
        thirteen_orphans: analysis.readings.thirteen_orphans,
        shanten: ShantenJson {
            overall: analysis.shanten.overall(),
            standard: analysis.shanten.standard,
            seven_pairs: analysis.shanten.seven_pairs,
            thirteen_orphans: analysis.shanten.thirteen_orphans,
        },
        waits: analysis.waits.as_deref().map(names),
        effective: effective(&analysis.effective()),
        discards: discards
            .iter()
            .map(|discard| DiscardJson {
                tile: discard.tile.to_string(),
                shanten: discard.shanten,
                effective: effective(&discard.effective),
                unseen: discard.unseen(),
            })
            .collect(),
        best_discards: names(&best),
        report: analysis.to_string(),
    })
}

/// A called meld in a `mahjong/score` request.
#[derive(Debug, Clone, PartialEq, Deserialize)]
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
        let preset = |name: &str| {
            name.parse::<ScoringRules>()
                .map_err(|error| format!("rules: {error}"))
        };
        match &self.0 {
            None | Some(Value::Null) => Ok(ScoringRules::default()),
            Some(Value::String(name)) => preset(name),
            Some(Value::Object(fields)) => {
                let mut rules = match fields.get("preset") {
                    None => ScoringRules::default(),
                    Some(Value::String(name)) => preset(name)?,
                    Some(other) => {
                        return Err(format!(
                            "rules.preset: expected tenhou or wrc, found {}",
                            json_kind(other)
                        ));
                    }
                };
                for (name, value) in fields.iter().filter(|(name, _)| *name != "preset") {
                    let text = match value {
                        Value::Bool(on) => on.to_string(),
                        Value::Number(number) => number.to_string(),
                        other => {
                            return Err(format!(
                                "rules.{name}: expected true, false (or 2 or 4 for double_wind_fu), found {}",
                                json_kind(other)
                            ));
                        }
                    };
                    rules
                        .set(name, &text)
                        .map_err(|error| format!("rules.{name}: {error}"))?;
                }
                Ok(rules)
            }
            Some(other) => Err(format!(
                "rules: expected a preset name (tenhou or wrc) or an object of switches, found {}",
                json_kind(other)
            )),
        }
    }
}

fn east() -> String {
    "E".to_owned()
}

/// A `mahjong/score` request.
#[derive(Debug, Clone, PartialEq, Deserialize)]
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
    /// `"tenhou"` (default), `"wrc"`, or switches: `{"preset":"tenhou","kiriage":true}`.
    #[serde(default)]
    pub rules: RulesRequest,
}

/// One yaku of a score.
#[derive(Debug, Clone, Serialize)]
pub struct YakuJson {
    /// Its name: `riichi`, `aka dora`, `kokushi 13-sided`.
    pub name: &'static str,
    /// Its han (the count, for the dora; 13 per yakuman).
    pub han: u32,
}

/// Who pays what.
#[derive(Debug, Clone, Serialize)]
pub struct PointsJson {
    /// The hand's value: the ron payment, or the three tsumo payments together.
    pub total: u32,
    /// A ron's payment, else null.
    pub ron: Option<u32>,
    /// On a non-dealer's tsumo, the dealer's payment, else null.
    pub dealer: Option<u32>,
    /// On a tsumo, each non-dealer's payment, else null.
    pub non_dealer: Option<u32>,
    /// The honba bonus in all (300 each).
    pub honba: u32,
    /// The riichi sticks collected (1,000 each).
    pub riichi_sticks: u32,
    /// Everything the winner receives.
    pub received: u32,
}

/// One part of the fu.
#[derive(Debug, Clone, Serialize)]
pub struct FuPartJson {
    /// `base`, `menzen ron`, `tsumo`, `meld`, `wait`, `pair` or `open pinfu`.
    pub part: &'static str,
    /// Its fu.
    pub fu: u32,
    /// What earned them.
    pub about: Shown<About>,
}

/// What earned a part of the fu, in words (see [`mahjong::score::FuPart::about`]).
#[derive(Debug, Clone, Copy)]
pub struct About(pub FuPart);

impl std::fmt::Display for About {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.describe().fmt(f)
    }
}

/// A value serialized as the text its `Display` writes, without building a string first.
#[derive(Debug, Clone)]
pub struct Shown<T>(pub T);

impl<T: std::fmt::Display> Serialize for Shown<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use std::fmt::Write as _;
        // Short texts (all of these are) are written into a buffer on the stack.
        let mut text = StackText::default();
        if write!(text, "{}", self.0).is_ok() {
            let written = std::str::from_utf8(&text.bytes[..text.len]).unwrap_or_default();
            return serializer.serialize_str(written);
        }
        serializer.collect_str(&self.0)
    }
}

/// Up to 96 bytes of text on the stack; writing more fails.
struct StackText {
    bytes: [u8; 96],
    len: usize,
}

impl Default for StackText {
    fn default() -> StackText {
        StackText {
            bytes: [0; 96],
            len: 0,
        }
    }
}

impl std::fmt::Write for StackText {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        let end = self.len + text.len();
        let room = self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?;
        room.copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// A `mahjong/score` response.
#[derive(Debug, Clone, Serialize)]
pub struct ScoreResponse {
    /// The han (13 per yakuman).
    pub han: u32,
    /// The fu, rounded (0 for a yakuman).
    pub fu: u32,
    /// The yakuman multiple (0 for an ordinary hand, a counted yakuman too).
    pub yakuman: u32,
    /// The yaku, then the dora counts above 0.
    pub yaku: Vec<YakuJson>,
    /// `mangan`, `haneman`, `baiman`, `sanbaiman`, `yakuman`, or null.
    pub limit: Option<&'static str>,
    /// The payments.
    pub points: PointsJson,
    /// The fu's parts before rounding.
    pub fu_parts: Vec<FuPartJson>,
    /// The base points.
    pub base: u32,
    /// The reading scored: `22m 345m [678s] …`, `seven pairs`, `thirteen orphans`.
    pub reading: Shown<Reading>,
    /// Its wait: `ryanmen`, `kanchan`, `penchan`, `shanpon`, `tanki`, `13-sided`.
    pub wait: &'static str,
    /// The hand, canonical, melds in brackets.
    pub hand: Shown<FullHand>,
    /// The hand and score the fields were made from (for the hand-written JSON).
    #[serde(skip)]
    source: (FullHand, Score),
}

/// The hand of a score or analyze request: `hand` with its bracketed melds and `melds`.
fn full_hand(hand: &str, melds: &[MeldRequest]) -> Result<FullHand, String> {
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
pub(crate) enum TilesRef<'a> {
    Text(&'a str),
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
pub(crate) struct ScoreInput<'a> {
    pub(crate) hand: &'a str,
    pub(crate) melds: Vec<(&'a str, &'a str)>,
    pub(crate) win: &'a str,
    /// tsumo, riichi, double riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou,
    /// chiihou.
    pub(crate) flags: [bool; 10],
    pub(crate) seat_wind: &'a str,
    pub(crate) round_wind: &'a str,
    pub(crate) dora_indicators: TilesRef<'a>,
    pub(crate) ura_indicators: TilesRef<'a>,
    pub(crate) honba: u32,
    pub(crate) riichi_sticks: u32,
    pub(crate) rules: RulesRequest,
}

impl ScoreRequest {
    /// Its fields, borrowed.
    pub(crate) fn input(&self) -> ScoreInput<'_> {
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
            ],
            seat_wind: &self.seat_wind,
            round_wind: &self.round_wind,
            dora_indicators: (&self.dora_indicators).into(),
            ura_indicators: (&self.ura_indicators).into(),
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
            rules: self.rules.clone(),
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
    let points = &score.points;
    Ok(ScoreResponse {
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
        points: PointsJson {
            total: points.total,
            ron: points.ron,
            dealer: points.dealer,
            non_dealer: points.non_dealer,
            honba: points.honba,
            riichi_sticks: points.riichi_sticks,
            received: points.received(),
        },
        fu_parts: score
            .fu_parts
            .iter()
            .map(|part| FuPartJson {
                part: part.part(),
                fu: part.fu(),
                about: Shown(About(*part)),
            })
            .collect(),
        base: score.base,
        wait: score.wait.name(),
        reading: Shown(score.reading.clone()),
        hand: Shown(hand.clone()),
        source: (hand, score),
    })
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
pub(crate) fn scored_input(request: &ScoreInput<'_>) -> Result<(FullHand, Score), String> {
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
        seat_wind: wind("seat_wind", request.seat_wind)?,
        round_wind: wind("round_wind", request.round_wind)?,
        dora_indicators: request.dora_indicators.pieces("dora_indicators")?,
        ura_indicators: request.ura_indicators.pieces("ura_indicators")?,
        honba: request.honba,
        riichi_sticks: request.riichi_sticks,
    };
    let rules = request.rules.rules()?;
    let score = score_hand(&hand, &situation, &rules).map_err(|error| error.to_string())?;
    Ok((hand, score))
}

/// A JSON object written by hand: keys are written as given (plain ASCII), strings escaped.
struct JsonWriter {
    out: String,
    first: bool,
}

impl JsonWriter {
    fn new() -> JsonWriter {
        JsonWriter {
            out: String::with_capacity(1536),
            first: true,
        }
    }

    /// A key: `key` is its quoted name and colon, `"han":`.
    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        self.out.push_str(key);
    }

    fn open(&mut self, bracket: char) {
        self.out.push(bracket);
        self.first = true;
    }

    fn close(&mut self, bracket: char) {
        self.out.push(bracket);
        self.first = false;
    }

    fn item(&mut self) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
    }

    fn number(&mut self, value: u32) {
        let digit = |d: u32| char::from(b'0' + d as u8);
        match value {
            0..=9 => self.out.push(digit(value)),
            10..=99 => {
                self.out.push(digit(value / 10));
                self.out.push(digit(value % 10));
            }
            _ => {
                let mut digits = [0u8; 10];
                let mut at = digits.len();
                let mut rest = value;
                while rest > 0 {
                    at -= 1;
                    digits[at] = b'0' + (rest % 10) as u8;
                    rest /= 10;
                }
                for &d in &digits[at..] {
                    self.out.push(char::from(d));
                }
            }
        }
    }

    /// A string known to need no escaping (names and tile notation: printable ASCII without
    /// quotes or backslashes), written by `write`.
    fn plain(&mut self, write: impl FnOnce(&mut String)) {
        self.out.push('"');
        write(&mut self.out);
        self.out.push('"');
    }

    fn optional(&mut self, value: Option<u32>) {
        match value {
            Some(value) => self.number(value),
            None => self.out.push_str("null"),
        }
    }
}

impl ScoreResponse {
    /// The response's JSON, written by hand (see [`score_json`]): the same text `serde_json`
    /// writes for it (the tests compare the two).
    pub fn to_json(&self) -> String {
        score_json(&self.source.0, &self.source.1)
    }
}

/// The JSON of the `mahjong/score` response for this hand and score, written by hand: the
/// same text `serde_json` writes for [`ScoreResponse`], several times faster, which a batch of
/// a million hands feels.
pub fn score_json(hand: &FullHand, score: &Score) -> String {
    let mut w = JsonWriter::new();
    w.open('{');
    w.key("\"han\":");
    w.number(score.han);
    w.key("\"fu\":");
    w.number(score.fu);
    w.key("\"yakuman\":");
    w.number(score.yakuman);
    w.key("\"yaku\":");
    w.open('[');
    for yaku in &score.yaku {
        w.item();
        w.open('{');
        w.key("\"name\":");
        w.plain(|out| out.push_str(yaku.yaku.name()));
        w.key("\"han\":");
        w.number(yaku.han);
        w.close('}');
    }
    w.close(']');
    w.key("\"limit\":");
    match score.limit {
        Some(limit) => w.plain(|out| out.push_str(limit.name())),
        None => w.out.push_str("null"),
    }
    w.key("\"points\":");
    let p = &score.points;
    w.open('{');
    w.key("\"total\":");
    w.number(p.total);
    w.key("\"ron\":");
    w.optional(p.ron);
    w.key("\"dealer\":");
    w.optional(p.dealer);
    w.key("\"non_dealer\":");
    w.optional(p.non_dealer);
    w.key("\"honba\":");
    w.number(p.honba);
    w.key("\"riichi_sticks\":");
    w.number(p.riichi_sticks);
    w.key("\"received\":");
    w.number(p.received());
    w.close('}');
    w.key("\"fu_parts\":");
    w.open('[');
    for part in &score.fu_parts {
        w.item();
        w.open('{');
        w.key("\"part\":");
        w.plain(|out| out.push_str(part.part()));
        w.key("\"fu\":");
        w.number(part.fu());
        w.key("\"about\":");
        w.plain(|out| part.push_about(out));
        w.close('}');
    }
    w.close(']');
    w.key("\"base\":");
    w.number(score.base);
    w.key("\"reading\":");
    w.plain(|out| score.reading.push_to(out));
    w.key("\"wait\":");
    w.plain(|out| out.push_str(score.wait.name()));
    w.key("\"hand\":");
    w.plain(|out| hand.push_to(out));
    w.close('}');
    w.out
}
