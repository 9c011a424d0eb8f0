//! `mahjong/review`: each decision of a record's seats beside a bot's, every one judged (by the
//! value bot's estimates where they reach, else by the hand it leaves), and a summary per seat.

use mahjong_game::bot_named;
use mahjong_game::mjai::decision_json;
use mahjong_game::records::review::{
    DEFAULT_THRESHOLD, Decision, Shape, ShapeLoss, review_at_most,
};
use mahjong_game::records::{self as log};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tiles_core::Stop;

use super::watch::{names, read_record};
use crate::ApiError;

/// A `mahjong/review` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// A game record (mjlog, tenhou.net/6 or mjai).
    pub record: String,
    /// The rule set of a record that states none (an mjai record of another tool), as for
    /// `mahjong/game` (`mahjong-soul`); a record that states its rules keeps them. Default:
    /// Tenhou's.
    #[serde(default)]
    pub rules: Option<String>,
    /// Fields of those rules set otherwise, `NAME=VALUE`.
    #[serde(default)]
    pub rule: Vec<String>,
    /// The seat reviewed (every seat if not given).
    #[serde(default)]
    pub seat: Option<usize>,
    /// The bot whose decisions the seat's are set beside: `value` (the default),
    /// `efficiency`, `defence` or `random`. The estimates are always the value bot's.
    #[serde(default = "value_bot")]
    pub bot: String,
    /// The estimated loss in points above which a decision is flagged (default 1000).
    #[serde(default)]
    pub threshold: Option<f64>,
}

fn value_bot() -> String {
    "value".to_owned()
}

/// One tile that brings a hand nearer, and the copies the seat cannot see.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EffectiveTileJson {
    /// The kind, mpsz.
    pub tile: String,
    /// Copies unseen by the seat.
    pub unseen: u8,
}

/// What a choice leaves the hand.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ShapeJson {
    /// Shanten (0: ready).
    pub shanten: i8,
    /// The kinds that bring it nearer (when ready: its waits).
    pub effective: Vec<EffectiveTileJson>,
    /// Their unseen copies together.
    pub count: u32,
}

/// One legal discard at a decision.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct DiscardReviewJson {
    /// The tile, mpsz.
    pub tile: String,
    /// The hand it leaves.
    #[serde(flatten)]
    pub shape: ShapeJson,
    /// The value bot's estimate of it (points), if it has one.
    pub value: Option<i64>,
    /// Whether riichi may be declared with it.
    pub riichi: bool,
    /// The estimate of it with riichi.
    pub riichi_value: Option<i64>,
}

/// One decision of a seat.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct DecisionJson {
    /// The hand's place in the record.
    pub hand: usize,
    /// `E1-0`.
    pub round: String,
    /// The position (events of the hand shown) at which it was made.
    pub event: usize,
    /// The seat's draws so far this hand.
    pub turn: u32,
    /// The seat.
    pub seat: usize,
    /// What the seat did, as a decision object (mjai's vocabulary, `reach` for a riichi
    /// discard).
    pub action: Value,
    /// What the bot does there.
    pub bot_action: Value,
    /// Whether they are the same decision.
    pub matched: bool,
    /// The hand the seat's choice leaves (null for a win, kan, North or nine terminals).
    pub shape: Option<ShapeJson>,
    /// The hand the bot's leaves.
    pub bot_shape: Option<ShapeJson>,
    /// The value bot's estimate of the seat's choice (points), if it has one.
    pub value: Option<i64>,
    /// Its estimate of the bot's choice.
    pub bot_value: Option<i64>,
    /// The estimated loss (null unless both are valued).
    pub loss: Option<i64>,
    /// The measure that judged it: `value` (the value bot's estimates of both choices),
    /// `shape` (where they do not reach: the hand the choice leaves against the best any
    /// legal choice leaves) or `none` (a choice that leaves no hand, not valued).
    pub judged_by: &'static str,
    /// The hand the seat's choice leaves against the best any legal choice leaves: `shanten`
    /// steps further from ready, and at the same shanten the `tiles` fewer that bring it
    /// nearer (null for a choice that leaves no hand).
    pub shape_loss: Option<ShapeLossJson>,
    /// The choices differ and, judged by value, the loss is above the threshold; judged by
    /// shape, the hand is a step further from ready than the best, or at the same shanten
    /// has lost at least a quarter of the best's tiles (and at least four).
    pub flagged: bool,
    /// On a turn, every legal discard.
    pub discards: Vec<DiscardReviewJson>,
}

/// One seat's decisions together.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ReviewSummaryJson {
    /// The seat.
    pub seat: usize,
    /// Its name in the record.
    pub name: String,
    /// Its decisions.
    pub decisions: usize,
    /// Those where it made the bot's decision.
    pub matched: usize,
    /// Those flagged (by value and by shape).
    pub flagged: usize,
    /// The estimated loss over those judged by value, in points.
    pub loss: i64,
    /// Those judged by value.
    pub judged_by_value: usize,
    /// Those judged by shape.
    pub judged_by_shape: usize,
    /// Those flagged by shape.
    pub flagged_by_shape: usize,
    /// The steps back in shanten over those judged by shape.
    pub shanten_lost: u32,
    /// The tiles lost at the same shanten over those judged by shape.
    pub tiles_lost: u32,
}

/// How much worse a choice's hand is than the best choice's.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ShapeLossJson {
    /// Steps further from ready.
    pub shanten: i8,
    /// At the same shanten, the tiles (unseen copies) fewer that bring it nearer.
    pub tiles: u32,
}

fn shape_loss_json(loss: ShapeLoss) -> ShapeLossJson {
    ShapeLossJson {
        shanten: loss.shanten,
        tiles: loss.tiles,
    }
}

/// A `mahjong/review` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ReviewResponse {
    /// `mjlog`, `tenhou` or `mjai`.
    pub format: String,
    /// The players: 4, or 3.
    pub players: u8,
    /// The bot compared with.
    pub bot: String,
    /// The loss above which a decision is flagged.
    pub threshold: f64,
    /// Where reading stopped, for a record cut short (the hands before it are reviewed).
    pub read_error: Option<String>,
    /// Every decision of the seats reviewed, in the order made.
    pub decisions: Vec<DecisionJson>,
    /// Each seat's summary.
    pub summaries: Vec<ReviewSummaryJson>,
    /// The hands the engine could not follow to their end, with the error `mahjong/replay`
    /// gives: their decisions are reviewed only up to there (empty when every hand was
    /// followed).
    pub unfollowed: Vec<UnfollowedJson>,
}

/// A hand the engine could not follow to its end.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct UnfollowedJson {
    /// Its place in the record.
    pub hand: usize,
    /// `E1-0`.
    pub round: String,
    /// Why, as `mahjong/replay` says it.
    pub error: String,
}

fn shape_json(shape: &Shape) -> ShapeJson {
    ShapeJson {
        shanten: shape.shanten,
        effective: shape
            .effective
            .iter()
            .map(|(tile, unseen)| EffectiveTileJson {
                tile: tile.to_string(),
                unseen: *unseen,
            })
            .collect(),
        count: shape.count(),
    }
}

fn points(value: f32) -> i64 {
    value.round() as i64
}

/// A decision as the API writes it.
pub fn decision_json_of(decision: &Decision) -> DecisionJson {
    DecisionJson {
        hand: decision.hand,
        round: decision.id.to_string(),
        event: decision.event,
        turn: decision.turn,
        seat: decision.seat,
        action: decision_json(decision.played, &decision.view),
        bot_action: decision_json(decision.bot, &decision.view),
        matched: decision.matched(),
        shape: decision.played_shape.as_ref().map(shape_json),
        bot_shape: decision.bot_shape.as_ref().map(shape_json),
        value: decision.played_value.map(points),
        bot_value: decision.bot_value.map(points),
        loss: decision.loss.map(points),
        judged_by: decision.judge.name(),
        shape_loss: decision.shape_loss.map(shape_loss_json),
        flagged: decision.flagged,
        discards: decision
            .discards
            .iter()
            .map(|row| DiscardReviewJson {
                tile: row.tile.to_string(),
                shape: shape_json(&row.shape),
                value: row.value.map(points),
                riichi: row.riichi,
                riichi_value: row.riichi_value.map(points),
            })
            .collect(),
    }
}

/// The most decisions one `mahjong/review` answers (about 3 KB of JSON each): every seat of
/// the longest real game, and a bound on the answer for a record of any size.
pub const MAX_REVIEWED: usize = 4_000;

/// Answers `mahjong/review`.
///
/// # Errors
///
/// A record with no hand; a seat not at the table; a bot we do not have; a threshold that is
/// not a number of points; [`ApiError::Stopped`].
pub fn review(request: ReviewRequest, stop: &Stop) -> Result<ReviewResponse, ApiError> {
    let (log, error) = read_record(
        &request.record,
        request.rules.as_deref(),
        &request.rule,
        stop,
    )?;
    let players = log.rules.players;
    let seats: Vec<usize> = match request.seat {
        Some(seat) if seat >= players.count() => {
            return Err(ApiError::BadRequest(format!(
                "seat: {seat} is not at a table of {} players (0 to {})",
                players.count(),
                players.count() - 1
            )));
        }
        Some(seat) => vec![seat],
        None => players.seats().collect(),
    };
    let name = request.bot.to_ascii_lowercase();
    let Some(bot) = bot_named(&name) else {
        return Err(ApiError::BadRequest(format!(
            "bot: {:?} is not one of ours: expected {}",
            request.bot,
            mahjong_game::BOT_NAMES.join(", ")
        )));
    };
    let threshold = request.threshold.unwrap_or(f64::from(DEFAULT_THRESHOLD));
    if !threshold.is_finite() || threshold < 0.0 {
        return Err(ApiError::BadRequest(format!(
            "threshold: expected points of 0 or more, found {threshold}"
        )));
    }
    let review = review_at_most(&log, &seats, bot, threshold as f32, stop, MAX_REVIEWED)?;
    if !review.complete {
        return Err(ApiError::BadRequest(format!(
            "record: more than {MAX_REVIEWED} decisions to review (a hanchan's four seats have about 1,000): review one seat, or fewer hands, at a time"
        )));
    }
    let names = names(&log);
    Ok(ReviewResponse {
        format: log::format_of(&request.record).to_owned(),
        players: players.into(),
        bot: name,
        threshold,
        read_error: error,
        decisions: review.decisions.iter().map(decision_json_of).collect(),
        summaries: review
            .summaries
            .iter()
            .map(|summary| ReviewSummaryJson {
                seat: summary.seat,
                name: names[summary.seat].clone(),
                decisions: summary.decisions,
                matched: summary.matched,
                flagged: summary.flagged,
                loss: points(summary.loss),
                judged_by_value: summary.judged_by_value,
                judged_by_shape: summary.judged_by_shape,
                flagged_by_shape: summary.flagged_by_shape,
                shanten_lost: summary.shanten_lost,
                tiles_lost: summary.tiles_lost,
            })
            .collect(),
        unfollowed: review
            .unfollowed
            .iter()
            .map(|hand| UnfollowedJson {
                hand: hand.hand,
                round: hand.id.to_string(),
                error: hand.error.clone(),
            })
            .collect(),
    })
}
