//! `tiles rummikub …`: group validity, arranging a hand, the best move.

use std::process::ExitCode;

use clap::{Args, Subcommand, ValueEnum};
use rummikub::{
    Group, Move, Objective, ParseError, Preset, Rules, Tile, arrange, parse_table, parse_tile,
    parse_tiles, solve,
};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::batch;

/// Rummikub: group validity, arranging a hand, the best move.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Is this group a valid run or set?
    ///
    /// With TILES, checks that one group and prints `valid run`, `valid set` or `invalid:
    /// REASON` (exit 0 valid, 1 invalid, 2 unreadable). Without TILES, reads one group per
    /// stdin line and prints one answer line per group (`error: …` for an unreadable one).
    Group(GroupArgs),
    /// Can all these tiles be laid down in valid groups?
    ///
    /// With TILES, prints the groups one per line (exit 0) or `impossible` (exit 1). Without
    /// TILES, reads one hand per stdin line and prints one line each: the groups separated by
    /// ` | `, `impossible` or `error: …`. With `--json`, reads and writes one JSON object per
    /// line: in `{"rules":"standard","tiles":["R1","R2","R3"]}`, out `{"groups":[["R1","R2","R3"]]}`,
    /// `{"groups":null}` if impossible, or `{"error":"…"}`.
    Arrange(ArrangeArgs),
    /// The best move from a rack onto a table, which may be rearranged.
    ///
    /// Prints the tiles played (`placed: …`), then the new table, one group per line. With
    /// `--json`, reads and writes one JSON object per line: in
    /// `{"rules":"standard","table":[["R1","R2","R3"],["K4","B4","O4"]],"rack":["J","K5"],"objective":"tiles"}`
    /// (`table` may be a flat list of tiles; `rules` defaults to standard, `objective` to
    /// tiles), out `{"placed":["J","K5"],"tiles":2,"value":5,"unchanged":1,"groups":[…]}` or
    /// `{"error":"…"}`.
    Solve(SolveArgs),
}

/// The rule sets, as command-line values.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RulesName {
    /// The seed's code-golf rules: R O B K, one copy, at most one joker per group, runs in order.
    Codegolf,
    /// Standard Rummikub: K B O R, two copies, two jokers, any order, 30-point opening.
    Standard,
    /// The action puzzle: B G R Y, two copies, one joker.
    Puzzle,
}

impl RulesName {
    fn rules(self) -> Rules {
        match self {
            RulesName::Codegolf => Preset::Codegolf,
            RulesName::Standard => Preset::Standard,
            RulesName::Puzzle => Preset::Puzzle,
        }
        .rules()
    }
}

/// The objectives, as command-line values.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ObjectiveName {
    /// Most rack tiles played.
    Tiles,
    /// Highest face value played (jokers count 0).
    Value,
    /// Most tiles, then highest value.
    TilesThenValue,
    /// The initial meld: rack tiles alone, worth at least the rules' threshold.
    Opening,
}

impl From<ObjectiveName> for Objective {
    fn from(name: ObjectiveName) -> Objective {
        match name {
            ObjectiveName::Tiles => Objective::MostTiles,
            ObjectiveName::Value => Objective::MostValue,
            ObjectiveName::TilesThenValue => Objective::MostTilesThenValue,
            ObjectiveName::Opening => Objective::Opening,
        }
    }
}

/// Arguments of `tiles rummikub group`.
#[derive(Debug, Args)]
pub struct GroupArgs {
    /// The rule set.
    #[arg(long, value_enum, default_value = "standard")]
    rules: RulesName,
    /// The group's tiles, e.g. `R9 O9 J K9` or `'[(9, "RED"), ("JOKER"), (9, "BLUE")]'`
    /// (several arguments are joined with spaces). Omit to read groups from stdin.
    tiles: Vec<String>,
}

/// Arguments of `tiles rummikub arrange`.
#[derive(Debug, Args)]
pub struct ArrangeArgs {
    /// The rule set (with `--json`, the default for lines that name none).
    #[arg(long, value_enum, default_value = "standard")]
    rules: RulesName,
    /// Read and write one JSON object per line.
    #[arg(long, conflicts_with = "tiles")]
    json: bool,
    /// The tiles, e.g. `R1 R2 R3 J`. Omit to read hands from stdin.
    tiles: Vec<String>,
}

/// Arguments of `tiles rummikub solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The rule set (with `--json`, the default for lines that name none).
    #[arg(long, value_enum, default_value = "standard")]
    rules: RulesName,
    /// The table: groups separated by `|`, e.g. `"R1 R2 R3 | K4 B4 O4"`.
    #[arg(long, default_value = "", conflicts_with = "json")]
    table: String,
    /// The rack, e.g. `"J K5"`.
    #[arg(long, required_unless_present = "json", conflicts_with = "json")]
    rack: Option<String>,
    /// What to make the most of.
    #[arg(long, value_enum, default_value = "tiles")]
    objective: ObjectiveName,
    /// Read and write one JSON object per line.
    #[arg(long)]
    json: bool,
}

/// Runs a `tiles rummikub` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Group(args) => group(&args),
        Command::Arrange(args) => arrange_command(&args),
        Command::Solve(args) => solve_command(&args),
    }
}

/// The answer for one group.
enum Verdict {
    Valid(String),
    Invalid(String),
    Unreadable(ParseError),
}

fn check(text: &str, rules: &Rules) -> Verdict {
    match parse_tiles(text) {
        Err(error) => Verdict::Unreadable(error),
        Ok(tiles) => match Group::new(&tiles, rules) {
            Ok(group) => Verdict::Valid(format!("valid {}", group.kind())),
            Err(error) => Verdict::Invalid(format!("invalid: {error}")),
        },
    }
}

fn group(args: &GroupArgs) -> ExitCode {
    let rules = args.rules.rules();
    if args.tiles.is_empty() {
        let mut out = std::io::stdout().lock();
        let _ = batch::run_lines(batch::stdin(), &mut out, |line, line_number| {
            match check(line, &rules) {
                Verdict::Valid(text) | Verdict::Invalid(text) => text,
                Verdict::Unreadable(error) => {
                    format!("error: {}", error.on_line(line_number).summary())
                }
            }
        });
        return ExitCode::SUCCESS;
    }
    match check(&args.tiles.join(" "), &rules) {
        Verdict::Valid(text) => batch::answer(&[text], 0),
        Verdict::Invalid(text) => batch::answer(&[text], 1),
        Verdict::Unreadable(error) => batch::unreadable(&error),
    }
}

fn show_group(group: &Group) -> String {
    group.to_string()
}

fn tile_names(tiles: &[Tile]) -> Vec<String> {
    tiles.iter().map(ToString::to_string).collect()
}

fn arrange_command(args: &ArrangeArgs) -> ExitCode {
    let rules = args.rules.rules();
    if args.json {
        return json_lines(|line| arrange_json(line, &rules));
    }
    if args.tiles.is_empty() {
        let mut out = std::io::stdout().lock();
        let _ = batch::run_lines(
            batch::stdin(),
            &mut out,
            |line, line_number| match parse_tiles(line) {
                Err(error) => format!("error: {}", error.on_line(line_number).summary()),
                Ok(tiles) => match arrange(&tiles, &rules) {
                    None => "impossible".to_owned(),
                    Some(found) => found
                        .groups()
                        .iter()
                        .map(show_group)
                        .collect::<Vec<_>>()
                        .join(" | "),
                },
            },
        );
        return ExitCode::SUCCESS;
    }
    match parse_tiles(&args.tiles.join(" ")) {
        Err(error) => batch::unreadable(&error),
        Ok(tiles) => match arrange(&tiles, &rules) {
            None => batch::answer(&["impossible".to_owned()], 1),
            Some(found) => batch::answer(
                &found.groups().iter().map(show_group).collect::<Vec<_>>(),
                0,
            ),
        },
    }
}

fn solve_command(args: &SolveArgs) -> ExitCode {
    let rules = args.rules.rules();
    if args.json {
        return json_lines(|line| solve_json(line, &rules, args.objective.into()));
    }
    let table = match parse_table(&args.table) {
        Ok(table) => table,
        Err(error) => return batch::unreadable(&format_args!("in --table: {error}")),
    };
    let rack = match parse_tiles(args.rack.as_deref().unwrap_or("")) {
        Ok(rack) => rack,
        Err(error) => return batch::unreadable(&format_args!("in --rack: {error}")),
    };
    match solve(&table, &rack, &rules, args.objective.into()) {
        Err(error) => batch::unreadable(&error),
        Ok(found) => {
            let placed = tile_names(found.placed());
            let mut lines = vec![if placed.is_empty() {
                "placed: nothing".to_owned()
            } else {
                format!("placed: {}", placed.join(" "))
            }];
            lines.extend(found.table().iter().map(show_group));
            batch::answer(&lines, 0)
        }
    }
}

/// Answers one JSON object per stdin line with one JSON object per line. A line that fails
/// gets `{"error": "line N: …"}` and the run goes on.
fn json_lines(mut answer_line: impl FnMut(&str) -> Result<String, String>) -> ExitCode {
    let mut out = std::io::stdout().lock();
    let _ = batch::run_json_lines(batch::stdin(), &mut out, |line, line_number| {
        answer_line(line).unwrap_or_else(|error| {
            json!({ "error": format!("line {line_number}: {error}") }).to_string()
        })
    });
    ExitCode::SUCCESS
}

/// A table in JSON: a list of groups, or a flat list of tiles. A flat list says nothing of
/// its groups, so it is first arranged into some valid groups (see [`flat_table`]); the
/// unchanged-groups count then refers to that arrangement.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum JsonTable {
    Groups(Vec<Vec<String>>),
    Tiles(Vec<String>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    rules: Option<String>,
    #[serde(default)]
    table: Option<JsonTable>,
    #[serde(default)]
    rack: Vec<String>,
    objective: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ArrangeRequest {
    rules: Option<String>,
    tiles: Vec<String>,
}

/// Reads tiles given as JSON strings; `what` names the field for errors.
fn json_tiles(names: &[String], what: &str) -> Result<Vec<Tile>, String> {
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            parse_tile(name).map_err(|e| format!("{what}[{i}]: {name:?}: expected {}", e.expected))
        })
        .collect()
}

fn json_rules(name: Option<&str>, default: &Rules) -> Result<Rules, String> {
    match name {
        None => Ok(default.clone()),
        Some(name) => name
            .parse::<Preset>()
            .map(Preset::rules)
            .map_err(|e| e.to_string()),
    }
}

fn groups_json(groups: &[Group]) -> Vec<Vec<String>> {
    groups.iter().map(|g| tile_names(g.tiles())).collect()
}

/// The answer to one `solve --json` line, fields in this order.
#[derive(Debug, Serialize)]
struct SolveResponse {
    placed: Vec<String>,
    tiles: usize,
    value: u32,
    unchanged: usize,
    groups: Vec<Vec<String>>,
}

/// The answer to one `arrange --json` line: `null` groups when impossible.
#[derive(Debug, Serialize)]
struct ArrangeResponse {
    groups: Option<Vec<Vec<String>>>,
}

/// Reads one JSON request line.
fn read_request<'de, T: Deserialize<'de>>(line: &'de str) -> Result<T, String> {
    serde_json::from_str(line).map_err(|e| format!("invalid JSON: {e}"))
}

fn arrange_json(line: &str, rules: &Rules) -> Result<String, String> {
    let request: ArrangeRequest = read_request(line)?;
    let rules = json_rules(request.rules.as_deref(), rules)?;
    let tiles = json_tiles(&request.tiles, "tiles")?;
    let groups = arrange(&tiles, &rules).map(|found| groups_json(found.groups()));
    serde_json::to_string(&ArrangeResponse { groups }).map_err(|e| e.to_string())
}

fn solve_json(line: &str, rules: &Rules, objective: Objective) -> Result<String, String> {
    let request: SolveRequest = read_request(line)?;
    let rules = json_rules(request.rules.as_deref(), rules)?;
    let objective = match request.objective.as_deref() {
        None => objective,
        Some(name) => name.parse::<Objective>().map_err(|e| e.to_string())?,
    };
    let table = match request.table {
        None => Vec::new(),
        Some(JsonTable::Groups(groups)) => groups
            .iter()
            .enumerate()
            .map(|(i, group)| json_tiles(group, &format!("table[{i}]")))
            .collect::<Result<_, _>>()?,
        Some(JsonTable::Tiles(tiles)) => flat_table(&json_tiles(&tiles, "table")?, &rules)?,
    };
    let rack = json_tiles(&request.rack, "rack")?;
    let found: Move = solve(&table, &rack, &rules, objective).map_err(|e| e.to_string())?;
    let response = SolveResponse {
        placed: tile_names(found.placed()),
        tiles: found.tiles(),
        value: found.value(),
        unchanged: found.unchanged_groups(),
        groups: groups_json(found.table()),
    };
    serde_json::to_string(&response).map_err(|e| e.to_string())
}

/// A table given as a flat list of tiles: its groups are not known, so it is arranged first
/// (it must be arrangeable: every table tile is in some valid group).
fn flat_table(tiles: &[Tile], rules: &Rules) -> Result<Vec<Vec<Tile>>, String> {
    let found = arrange(tiles, rules).ok_or("the table's tiles cannot form valid groups")?;
    Ok(found.groups().iter().map(|g| g.tiles().to_vec()).collect())
}
