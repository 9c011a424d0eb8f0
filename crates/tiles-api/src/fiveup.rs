//! `fiveup/check`.

use std::fmt;

use fiveup::{Domino, Scoring, Units, Verdict, parse_game};
use schemars::JsonSchema;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::fields::in_text;

/// A game: a string in any notation `tiles fiveup check` reads (`"0-6 6-6 6-5"`, `"0|6
/// 6|6"`), or a JSON list of pairs (`[[0,6],[6,6]]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Game {
    /// Text in the notation.
    Text(String),
    /// A list of pairs, kept as compact JSON text for the notation reader (which reads
    /// `[[0,6],[6,6]]` too): error columns count in that text.
    Pairs(String),
}

impl JsonSchema for Game {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Game".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A game: a string in a notation `tiles fiveup check` reads (\"0-6 6-6 6-5\", \"0|6 6|6\"), or a list of pairs ([[0,6],[6,6]]).",
            "anyOf": [
                {"type": "string"},
                {
                    "type": "array",
                    "items": {
                        "type": "array",
                        "items": {"type": "integer", "minimum": 0},
                        "minItems": 2,
                        "maxItems": 2
                    }
                }
            ]
        })
    }
}

struct GameVisitor;

impl<'de> Visitor<'de> for GameVisitor {
    type Value = Game;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a game such as \"0-6 6-6 6-5\" or [[0,6],[6,6],[6,5]]")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Game, E> {
        Ok(Game::Text(text.to_owned()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Game, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Value>()? {
            items.push(item);
        }
        Ok(Game::Pairs(Value::Array(items).to_string()))
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        deserializer.deserialize_any(GameVisitor)
    }
}

fn two() -> u64 {
    2
}

fn sixty_one() -> u64 {
    61
}

fn fives() -> String {
    Units::Fives.name().to_owned()
}

/// A `fiveup/check` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "FiveUpCheckRequest")]
pub struct CheckRequest {
    /// The dominoes in the order played.
    pub game: Game,
    /// Also give the layout of a legal game (default false).
    #[serde(default)]
    pub layout: bool,
    /// Also score a legal game (default false).
    #[serde(default)]
    pub score: bool,
    /// Players taking turns, for the score (default 2, at most 100).
    #[serde(default = "two")]
    pub players: u64,
    /// The total that wins, for the score (default 61).
    #[serde(default = "sixty_one")]
    pub target: u64,
    /// `fives` (default: a count of 15 scores 3) or `pips` (15 scores 15).
    #[serde(default = "fives")]
    pub units: String,
}

/// The tile that makes a game illegal.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Breaking {
    /// Its 1-based position in the game.
    pub position: usize,
    /// The tile as written.
    pub tile: String,
}

/// Where one tile of a legal game hangs.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Placed {
    /// The tile as written.
    pub tile: String,
    /// The 1-based position of the tile it hangs on; null for the first tile.
    pub parent: Option<usize>,
    /// The number of the end it covers; null for the first tile.
    pub number: Option<String>,
    /// `end`, `long side` or `short end` of the parent; null for the first tile.
    pub side: Option<String>,
}

/// The layout of a legal game.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LayoutJson {
    /// Per tile in play order.
    pub tiles: Vec<Placed>,
    /// The layout drawn as a tree, as the CLI prints it.
    pub tree: String,
}

/// One play's score.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PlayJson {
    /// The tile as written.
    pub tile: String,
    /// The 1-based player who made it.
    pub player: usize,
    /// The pips at the open ends after it.
    pub count: u128,
    /// What it scores.
    pub points: u128,
    /// The player's total after it.
    pub total: u128,
}

/// The winner of a scored game.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Winner {
    /// The 1-based player.
    pub player: usize,
    /// The 1-based play that took them to the target.
    pub play: usize,
}

/// The score of a legal game.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ScoreJson {
    /// Per play, in order.
    pub plays: Vec<PlayJson>,
    /// Each player's total at the end.
    pub totals: Vec<u128>,
    /// The first player to reach the target, if any.
    pub winner: Option<Winner>,
    /// The target.
    pub target: u64,
    /// The score table, as the CLI prints it.
    pub table: String,
}

/// A `fiveup/check` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "FiveUpCheckResponse")]
pub struct CheckResponse {
    /// Whether the game is legal.
    pub valid: bool,
    /// Why not, if not.
    pub reason: Option<String>,
    /// The tile that makes it illegal, if it is not legal.
    pub breaking: Option<Breaking>,
    /// The verdict as the CLI prints it: `valid` or `invalid: …`.
    pub summary: String,
    /// The layout, if asked for and legal.
    pub layout: Option<LayoutJson>,
    /// The score, if asked for and legal.
    pub score: Option<ScoreJson>,
}

/// Answers `fiveup/check`.
///
/// # Errors
///
/// An unreadable game (with its column), unknown units, too many players, a number too large
/// to score.
pub fn check(request: CheckRequest) -> Result<CheckResponse, String> {
    let text = match &request.game {
        Game::Text(text) | Game::Pairs(text) => text,
    };
    let tiles: Vec<Domino> = parse_game(text).map_err(|error| in_text("game", &error))?;
    let units = request
        .units
        .parse::<Units>()
        .map_err(|error| format!("units: {error}"))?;
    let verdict = fiveup::check(&tiles);
    let breaking = match verdict {
        Verdict::Legal(_) => None,
        Verdict::Repeated { second: at, .. } | Verdict::Unattachable { position: at } => {
            Some(Breaking {
                position: at + 1,
                tile: tiles[at].to_string(),
            })
        }
    };
    let mut response = CheckResponse {
        valid: verdict.is_legal(),
        reason: verdict.reason(&tiles),
        breaking,
        summary: verdict.summary(&tiles),
        layout: None,
        score: None,
    };
    let Verdict::Legal(layout) = &verdict else {
        return Ok(response);
    };
    if request.layout {
        response.layout = Some(LayoutJson {
            tiles: layout
                .tiles()
                .iter()
                .zip(layout.attachments())
                .map(|(tile, attachment)| Placed {
                    tile: tile.to_string(),
                    parent: attachment.as_ref().map(|a| a.parent + 1),
                    number: attachment.as_ref().map(|a| a.number.to_string()),
                    side: attachment.as_ref().map(|a| a.side.name().to_owned()),
                })
                .collect(),
            tree: layout.to_string(),
        });
    }
    if request.score {
        let scoring = Scoring {
            target: request.target,
            units,
            players: usize::try_from(request.players).unwrap_or(usize::MAX),
        };
        let score = layout.score(&scoring).map_err(|error| error.to_string())?;
        response.score = Some(ScoreJson {
            plays: score
                .plays
                .iter()
                .map(|play| PlayJson {
                    tile: play.tile.to_string(),
                    player: play.player + 1,
                    count: play.count,
                    points: play.points,
                    total: play.total,
                })
                .collect(),
            totals: score.totals.clone(),
            winner: score.winner.map(|(player, play)| Winner {
                player: player + 1,
                play: play + 1,
            }),
            target: score.target,
            table: score.to_string(),
        });
    }
    Ok(response)
}
