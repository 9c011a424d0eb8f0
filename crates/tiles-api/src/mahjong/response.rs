//! The `mahjong/score` response: its fields (the schema) and its JSON, written by hand.

use mahjong::{FuPart, FullHand, Reading, Score};
use schemars::JsonSchema;
use serde::Serialize;

/// One yaku of a score.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct YakuJson {
    /// Its name: `riichi`, `aka dora`, `kokushi 13-sided`.
    pub name: &'static str,
    /// Its han (the count, for the dora; 13 per yakuman).
    pub han: u32,
}

/// Who pays what.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PointsJson {
    /// The hand's value: the ron payment, or the tsumo payments together (three with four
    /// players, two with three), without honba or riichi sticks.
    pub total: u32,
    /// A ron's payment, else null.
    pub ron: Option<u32>,
    /// On a non-dealer's tsumo, the dealer's payment, else null.
    pub dealer: Option<u32>,
    /// On a tsumo, each non-dealer's payment, else null.
    pub non_dealer: Option<u32>,
    /// The honba bonus in all: 100 a honba from each payer (300 a honba with four players,
    /// 200 with three).
    pub honba: u32,
    /// The riichi sticks collected (1,000 each).
    pub riichi_sticks: u32,
    /// Everything the winner receives.
    pub received: u32,
}

/// The payments of `points`, as the API gives them.
pub(crate) fn points_json(points: &mahjong::Points) -> PointsJson {
    PointsJson {
        total: points.total,
        ron: points.ron,
        dealer: points.dealer,
        non_dealer: points.non_dealer,
        honba: points.honba,
        riichi_sticks: points.riichi_sticks,
        received: points.received(),
    }
}

/// The parts of the fu, as the API gives them.
pub(crate) fn fu_parts_json(parts: &[FuPart]) -> Vec<FuPartJson> {
    parts
        .iter()
        .map(|part| FuPartJson {
            part: part.part(),
            fu: part.fu(),
            about: Shown(About(*part)),
        })
        .collect()
}

/// One part of the fu.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FuPartJson {
    /// `base`, `menzen ron`, `tsumo`, `meld`, `wait`, `pair` or `open pinfu`.
    pub part: &'static str,
    /// Its fu.
    pub fu: u32,
    /// What earned them.
    pub about: Shown<About>,
}

/// What earned a part of the fu, in words (see [`mahjong::FuPart::about`]).
#[derive(Debug, Clone, Copy)]
pub struct About(pub FuPart);

impl std::fmt::Display for About {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.describe().fmt(f)
    }
}

/// A value serialized as the text its `Display` writes.
#[derive(Debug, Clone)]
pub struct Shown<T>(pub T);

impl<T> JsonSchema for Shown<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "String".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "string"})
    }
}

impl<T: std::fmt::Display> Serialize for Shown<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// A `mahjong/score` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
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
    pub(super) source: (FullHand, Score),
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
        self.out.push_str(itoa::Buffer::new().format(value));
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
