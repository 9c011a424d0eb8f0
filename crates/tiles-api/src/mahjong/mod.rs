//! `mahjong/analyze`, `mahjong/score`, and the whole game: `mahjong/game`, `mahjong/replay`,
//! `mahjong/tournament`.

pub mod dataset;
pub mod game;
mod hand_end;
mod response;
pub mod review;
pub mod rules;
mod score;
pub mod seal;
pub mod table;
mod tournament;
pub mod watch;

use mahjong::Players;
use mahjong::{
    Effective, Tile, analyze as analyze_hand, analyze_full, best_of, has_melds, parse_hand,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::response::{
    About, FuPartJson, PointsJson, ScoreResponse, Shown, YakuJson, score_json,
};
use self::score::full_hand;
pub use self::score::{
    MeldRequest, RulesRequest, SCORE_FIELDS, ScoreInput, ScoreRequest, TilesRef, response_of,
    score, scored, scored_input, scoring_preset,
};
use crate::fields::in_text;

/// A `mahjong/analyze` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    /// The hand in mpsz notation, `123m456p789s1122z` (red fives `0m`), at most 14 tiles;
    /// bracketed called melds may follow (`[789s]`, `{1111z}`).
    pub hand: String,
    /// Called melds, as in `mahjong/score`.
    #[serde(default)]
    pub melds: Vec<MeldRequest>,
    /// The players at the table: 4 (the default), or 3 (the set has no 2m-8m: none may be
    /// held, and none is a wait or an effective tile).
    #[serde(default, deserialize_with = "crate::fields::read_some_players")]
    #[schemars(schema_with = "crate::fields::players_schema")]
    pub players: Option<Players>,
}

/// A hand's shanten in each form.
#[derive(Debug, Clone, Serialize, JsonSchema)]
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
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EffectiveJson {
    /// The tile kind.
    pub tile: String,
    /// Its copies not in the hand.
    pub unseen: u8,
}

/// One discard of a `3k + 2` hand.
#[derive(Debug, Clone, Serialize, JsonSchema)]
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
#[derive(Debug, Clone, Serialize, JsonSchema)]
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
    let analysis = match request.players {
        None => analysis,
        Some(players) => analysis
            .for_players(players)
            .map_err(|error| format!("hand: {error}"))?,
    };
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
