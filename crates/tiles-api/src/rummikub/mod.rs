//! `rummikub/group`, `rummikub/arrange` and `rummikub/solve`; the game's operations
//! (`rummikub/turn`, `rummikub/game`, `rummikub/tournament`) are in `game`.

mod game;

pub use game::*;

use rummikub::tiles_core::Stop;
use rummikub::{
    Group, Objective, Preset, Rules, Slot, SolveError, Tile, parse_table, parse_tile, parse_tiles,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ApiError;
use crate::fields::{Table, Tiles, in_item, in_text};

fn standard() -> String {
    Preset::Standard.name().to_owned()
}

fn most_tiles() -> String {
    Objective::MostTiles.name().to_owned()
}

/// The rules named in field `rules`.
fn rules(name: &str) -> Result<Rules, String> {
    name.parse::<Preset>()
        .map(Preset::rules)
        .map_err(|error| format!("rules: {error}"))
}

fn names(tiles: &[Tile]) -> Vec<String> {
    tiles.iter().map(ToString::to_string).collect()
}

fn group_names(groups: &[Group]) -> Vec<Vec<String>> {
    groups.iter().map(|group| names(group.tiles())).collect()
}

fn read_tiles(tiles: &Tiles, field: &str) -> Result<Vec<Tile>, String> {
    tiles.read(field, parse_tile, parse_tiles)
}

/// A `rummikub/group` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupRequest {
    /// `codegolf`, `standard` (default) or `puzzle`.
    #[serde(default = "standard")]
    pub rules: String,
    /// The group's tiles.
    pub tiles: Tiles,
}

/// A `rummikub/group` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct GroupResponse {
    /// Whether the tiles are a valid group.
    pub valid: bool,
    /// `run` or `set`; null if not valid.
    pub kind: Option<String>,
    /// The tiles in display order; null if not valid.
    pub group: Option<Vec<String>>,
    /// What each joker stands for, in display order (`?` where the group leaves it open:
    /// `?9` is a 9 of either missing colour); null if not valid.
    pub jokers: Option<Vec<String>>,
    /// Why not, if not valid.
    pub reason: Option<String>,
}

/// What a joker's slot stands for: `B9`, `?9`, `R?`.
fn stands_for(slot: &Slot) -> String {
    let color = slot.color.map_or('?', |color| color.letter());
    let number = slot
        .number
        .map_or_else(|| "?".to_owned(), |number| number.to_string());
    format!("{color}{number}")
}

/// Answers `rummikub/group`.
///
/// # Errors
///
/// Unknown rules, unreadable tiles.
pub fn group(request: GroupRequest) -> Result<GroupResponse, String> {
    let rules = rules(&request.rules)?;
    let tiles = read_tiles(&request.tiles, "tiles")?;
    Ok(match Group::new(&tiles, &rules) {
        Ok(group) => GroupResponse {
            valid: true,
            kind: Some(group.kind().to_string()),
            group: Some(names(group.tiles())),
            jokers: Some(
                group
                    .slots()
                    .iter()
                    .filter(|slot| slot.tile.is_joker())
                    .map(stands_for)
                    .collect(),
            ),
            reason: None,
        },
        Err(error) => GroupResponse {
            valid: false,
            kind: None,
            group: None,
            jokers: None,
            reason: Some(error.to_string()),
        },
    })
}

/// A `rummikub/arrange` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArrangeRequest {
    /// `codegolf`, `standard` (default) or `puzzle`.
    #[serde(default = "standard")]
    pub rules: String,
    /// The tiles to lay down, all of them.
    pub tiles: Tiles,
}

/// A `rummikub/arrange` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ArrangeResponse {
    /// The groups, or null if the tiles cannot all be laid down.
    pub groups: Option<Vec<Vec<String>>>,
}

/// Answers `rummikub/arrange`.
///
/// # Errors
///
/// Unknown rules, unreadable tiles, tiles the rules don't have or have fewer copies of.
pub fn arrange(request: ArrangeRequest, stop: &Stop) -> Result<ArrangeResponse, ApiError> {
    let rules = rules(&request.rules)?;
    let tiles = read_tiles(&request.tiles, "tiles")?;
    let found = rummikub::arrange_until(&tiles, &rules, stop).map_err(|e| solve_error(e, ""))?;
    Ok(ArrangeResponse {
        groups: found.map(|found| group_names(found.groups())),
    })
}

/// A `rummikub/solve` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "RummikubSolveRequest")]
pub struct SolveRequest {
    /// `codegolf`, `standard` (default) or `puzzle`.
    #[serde(default = "standard")]
    pub rules: String,
    /// The table (default: empty).
    #[serde(default)]
    pub table: Table,
    /// The rack (default: empty).
    #[serde(default)]
    pub rack: Tiles,
    /// `tiles` (default), `value`, `tiles-then-value` or `opening`.
    #[serde(default = "most_tiles")]
    pub objective: String,
}

/// A table group as a step finds it: its index in the request's table and its tiles then.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct GroupAt {
    /// 0-based index in the request's table.
    pub group: usize,
    /// Its tiles at that moment.
    pub tiles: Vec<String>,
}

/// Tiles a step takes from a table group.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TakeJson {
    /// 0-based index in the request's table.
    pub group: usize,
    /// The group's tiles before the step.
    pub from: Vec<String>,
    /// The tiles taken.
    pub tiles: Vec<String>,
}

/// One step of a move.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct StepJson {
    /// The step in words: `add R4 to R1 R2 R3`.
    pub text: String,
    /// `lay down`, `take`, `add` or `join`.
    pub action: String,
    /// The table groups added to.
    pub onto: Vec<GroupAt>,
    /// Tiles taken from other table groups.
    pub take: Vec<TakeJson>,
    /// Rack tiles played in the step.
    pub rack: Vec<String>,
    /// The group it makes.
    pub result: Vec<String>,
}

/// Steps as the schema writes them.
fn steps_json(steps: &[rummikub::Step]) -> Vec<StepJson> {
    steps
        .iter()
        .map(|step| StepJson {
            text: step.to_string(),
            action: step.action().to_owned(),
            onto: step
                .onto
                .iter()
                .map(|onto| GroupAt {
                    group: onto.group,
                    tiles: names(&onto.tiles),
                })
                .collect(),
            take: step
                .take
                .iter()
                .map(|take| TakeJson {
                    group: take.group,
                    from: names(&take.from),
                    tiles: names(&take.tiles),
                })
                .collect(),
            rack: names(&step.rack),
            result: names(step.result.tiles()),
        })
        .collect()
}

/// An opening that reaches no threshold.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ShortfallJson {
    /// The best meld's points.
    pub best: u32,
    /// The threshold.
    pub needed: u32,
    /// `no opening: the best meld is worth 27, 30 needed`.
    pub text: String,
}

/// A `rummikub/solve` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "RummikubSolveResponse")]
pub struct SolveResponse {
    /// The rack tiles played.
    pub placed: Vec<String>,
    /// How many.
    pub tiles: usize,
    /// Their face value (jokers 0).
    pub value: u32,
    /// How many table groups are left exactly as they were.
    pub unchanged: usize,
    /// The new table: unchanged groups first, in their order, then the new ones.
    pub groups: Vec<Vec<String>>,
    /// The indexes (0-based, in the request's table) of the table groups left exactly as
    /// they were; they are the first groups of `groups`.
    pub kept: Vec<usize>,
    /// How to carry the move out.
    pub steps: Vec<StepJson>,
    /// The rack tiles not played.
    pub left: Vec<String>,
    /// For an opening that plays nothing: the best meld against the threshold.
    pub shortfall: Option<ShortfallJson>,
    /// The move as the CLI prints it.
    pub text: String,
}

/// The table of a request's field `field`, as groups of tiles; a flat list of tiles, whose
/// groups are not known, is refused.
fn read_groups(table: &Table, field: &str) -> Result<Vec<Vec<Tile>>, String> {
    match table {
        Table::Text(text) => parse_table(text).map_err(|error| in_text(field, &error)),
        Table::Groups(groups) => groups
            .iter()
            .enumerate()
            .map(|(index, group)| {
                group
                    .iter()
                    .enumerate()
                    .map(|(item, name)| {
                        parse_tile(name)
                            .map_err(|error| in_item(&format!("{field}[{index}]"), item, &error))
                    })
                    .collect()
            })
            .collect(),
        Table::Flat(_) => Err(format!(
            "{field}: a list of groups such as [[\"R1\", \"R2\", \"R3\"]] or a string such as \"R1 R2 R3 | K4 B4 O4\" is needed here, not a flat list of tiles"
        )),
    }
}

/// The table of a request, as groups of tiles; a flat list of tiles is arranged into groups.
fn read_table(table: &Table, rules: &Rules, stop: &Stop) -> Result<Vec<Vec<Tile>>, ApiError> {
    match table {
        Table::Text(_) | Table::Groups(_) => Ok(read_groups(table, "table")?),
        Table::Flat(names) => {
            // A flat list says nothing of its groups: it is arranged first (it must be
            // arrangeable: every table tile is in some valid group).
            let tiles = Tiles::List(names.clone());
            let tiles = read_tiles(&tiles, "table")?;
            let found = rummikub::arrange_until(&tiles, rules, stop)
                .map_err(|error| solve_error(error, "table: "))?
                .ok_or("table: its tiles cannot form valid groups")?;
            Ok(found
                .groups()
                .iter()
                .map(|group| group.tiles().to_vec())
                .collect())
        }
    }
}

/// The solver's error as the API's: stopped, or a bad request (its message after `prefix`).
fn solve_error(error: SolveError, prefix: &str) -> ApiError {
    match error {
        SolveError::Stopped(_) => ApiError::Stopped,
        error => ApiError::BadRequest(format!("{prefix}{error}")),
    }
}

/// Answers `rummikub/solve`.
///
/// # Errors
///
/// Unknown rules or objective, unreadable tiles, an invalid table, tiles the rules don't
/// have or have fewer copies of.
pub fn solve(request: SolveRequest, stop: &Stop) -> Result<SolveResponse, ApiError> {
    let rules = rules(&request.rules)?;
    let objective = request
        .objective
        .parse::<Objective>()
        .map_err(|error| format!("objective: {error}"))?;
    let table = read_table(&request.table, &rules, stop)?;
    let rack = read_tiles(&request.rack, "rack")?;
    let found = rummikub::solve_until(&table, &rack, &rules, objective, stop)
        .map_err(|error| solve_error(error, ""))?;
    Ok(SolveResponse {
        placed: names(found.placed()),
        tiles: found.tiles(),
        value: found.value(),
        unchanged: found.unchanged_groups(),
        groups: group_names(found.table()),
        kept: found.unchanged().to_vec(),
        steps: steps_json(found.steps()),
        left: names(found.left()),
        shortfall: found.opening_shortfall().map(|shortfall| ShortfallJson {
            best: shortfall.best,
            needed: shortfall.needed,
            text: shortfall.to_string(),
        }),
        text: found.to_string(),
    })
}
