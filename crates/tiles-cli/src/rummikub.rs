//! `tiles rummikub …`: group validity, arranging a hand, the best move.

use itertools::Itertools;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use rummikub::tiles_core::{Bot, Stop};
use rummikub::{
    Game, GameLog, Group, Move, Objective, ParseError, Preset, Rules, Tile, TurnError, arrange,
    check_turn, parse_table, parse_tiles, show_tiles, solve,
};
use serde_json::{Map, Value, json};
use tiles_api::fields::Names;
use tiles_api::rummikub::{DEFAULT_BOTS, seats};
use tiles_api::standings::MAX_GAMES;

use crate::batch;

/// Rummikub: group validity, arranging a hand, the best move.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Is this group a valid run or set?
    ///
    /// With TILES, checks that one group and prints `valid run`, `valid set` or `invalid:
    /// REASON` (exit 0 valid, 1 invalid, 2 unreadable). Without TILES, reads one group per
    /// stdin line and prints one answer line per group (`error: …` for an unreadable one).
    /// With `--json`, one `rummikub/group` request per line: `{"tiles":["R9","B9","K9"]}`.
    #[command(after_help = crate::BATCH_EXIT)]
    Group(GroupArgs),
    /// Can all these tiles be laid down in valid groups?
    ///
    /// With TILES, prints the groups one per line (exit 0), `impossible` (exit 1) or an error
    /// (exit 2). Without TILES, reads one hand per stdin line and prints one line each: the
    /// groups separated by ` | `, `impossible` or `error: …`. With `--json`, one
    /// `rummikub/arrange` request per line: in `{"rules":"standard","tiles":["R1","R2","R3"]}`,
    /// out `{"groups":[["R1","R2","R3"]]}`, `{"groups":null}` if impossible.
    #[command(after_help = crate::BATCH_EXIT)]
    Arrange(ArrangeArgs),
    /// The best move from a rack onto a table, which may be rearranged.
    ///
    /// With `--rack`, prints the tiles played (`placed: …`), the new table one group per line,
    /// the table groups left as they were (`unchanged: …`), the steps that make the rest
    /// (`step 1: add R4 to R1 R2 R3`) and the rack tiles left (`left: …`). Without `--rack`,
    /// reads one position per stdin line, `TABLE ; RACK` (`R1 R2 R3 | K4 B4 O4 ; J K5`), and
    /// prints one line each: `placed: …; table: …; unchanged: …; step 1: …; left: …` or
    /// `error: …`. With `--json`, one `rummikub/solve` request per line: in
    /// `{"table":[["R1","R2","R3"],["K4","B4","O4"]],"rack":["J","K5"],"objective":"tiles"}`
    /// (`table` may be a flat list of tiles or a string; `rules` defaults to --rules,
    /// `objective` to --objective), out `{"placed":…,"tiles":2,"value":5,"unchanged":1,
    /// "groups":[…],"kept":[…],"steps":[…],"left":[…],…}`.
    #[command(after_help = crate::BATCH_EXIT)]
    Solve(SolveArgs),
    /// Is this turn legal? The table before, the player's rack, the table after.
    ///
    /// With `--after`, checks one turn and prints `legal: places … (value N)`, the steps that
    /// make it and the rack left (exit 0), `illegal: REASON` naming the rule and the group or
    /// tile (exit 1), or an error (exit 2). `--opened` says the player has made the initial
    /// meld. Without `--after`, reads one turn per stdin line, `TABLE ; RACK ; AFTER`
    /// (`R1 R2 R3 ; R4 K9 ; R1 R2 R3 R4`), and prints one line each. With `--json`, one
    /// `rummikub/turn` request per line: `{"table":"R1 R2 R3","rack":"R4","after":"R1 R2 R3
    /// R4","opened":true}`.
    #[command(after_help = crate::BATCH_EXIT)]
    Turn(TurnArgs),
    /// Plays one game between bots and prints it turn by turn (each play as its steps), then
    /// the scores.
    ///
    /// With `--json`, reads one `rummikub/game` request per line instead (`{"seed":3}`; a
    /// request may seat people, `"bots":"human,solver"`, and give their moves); the options
    /// are the defaults of its fields.
    #[command(after_help = crate::BATCH_EXIT)]
    Game(GameArgs),
    /// Plays many games in parallel and prints, per line-up entry, its wins, average rank,
    /// average score and forfeits.
    ///
    /// The line-up turns round one seat per game, so every bot plays from every seat equally
    /// often; `entry` is a bot's place in `--bots`, and its seat in game 1. With `--json`,
    /// reads one `rummikub/tournament` request per line instead (`{"games":100,"seed":2}`).
    #[command(after_help = crate::BATCH_EXIT)]
    Tournament(TournamentArgs),
}

/// Arguments of `tiles rummikub turn`.
#[derive(Debug, Args)]
pub struct TurnArgs {
    /// The rule set: codegolf, standard or puzzle (with `--json`, the default for lines that
    /// name none).
    #[arg(long, default_value = "standard", value_parser = preset())]
    rules: Preset,
    /// The table before the turn: groups separated by `|`.
    #[arg(long, default_value = "", requires = "after", conflicts_with = "json")]
    table: String,
    /// The player's rack.
    #[arg(long, default_value = "", requires = "after", conflicts_with = "json")]
    rack: String,
    /// The table after the turn: groups separated by `|`. Omit to read turns from stdin.
    #[arg(long, conflicts_with = "json")]
    after: Option<String>,
    /// The player has made the initial meld (with `--json`, the default for lines that leave
    /// `opened` out).
    #[arg(long)]
    opened: bool,
    /// Read and write one JSON object per line.
    #[arg(long)]
    json: bool,
}

/// Options shared by games and tournaments.
#[derive(Debug, Args)]
pub struct Lineup {
    /// The rule set: codegolf, standard or puzzle.
    #[arg(long, default_value = "standard", value_parser = preset())]
    rules: Preset,
    /// The bots, in seat order, one per player (2 to 4): solver, value or greedy.
    #[arg(long, default_value = DEFAULT_BOTS)]
    bots: String,
    /// Read requests from stdin and write one JSON object per line.
    #[arg(long)]
    json: bool,
}

impl Lineup {
    /// The defaults a JSON line takes from these options.
    fn defaults(&self) -> Map<String, Value> {
        let mut defaults = rules_default(self.rules);
        defaults.insert("bots".into(), json!(self.bots));
        defaults
    }
}

/// Arguments of `tiles rummikub game`.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The deal's seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    lineup: Lineup,
}

/// Arguments of `tiles rummikub tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// Games to play.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// The tournament's seed (each game's deal follows from it and the game's number).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    lineup: Lineup,
}

/// Arguments of `tiles rummikub group`.
#[derive(Debug, Args)]
pub struct GroupArgs {
    /// The rule set: codegolf, standard or puzzle (with `--json`, the default for lines that
    /// name none).
    #[arg(long, default_value = "standard", value_parser = preset())]
    rules: Preset,
    /// Read and write one JSON object per line.
    #[arg(long, conflicts_with = "tiles")]
    json: bool,
    /// The group's tiles, e.g. `R9 O9 J K9` or `'[(9, "RED"), ("JOKER"), (9, "BLUE")]'`
    /// (several arguments are joined with spaces). Omit to read groups from stdin.
    tiles: Vec<String>,
}

/// Arguments of `tiles rummikub arrange`.
#[derive(Debug, Args)]
pub struct ArrangeArgs {
    /// The rule set: codegolf, standard or puzzle (with `--json`, the default for lines that
    /// name none).
    #[arg(long, default_value = "standard", value_parser = preset())]
    rules: Preset,
    /// Read and write one JSON object per line.
    #[arg(long, conflicts_with = "tiles")]
    json: bool,
    /// The tiles, e.g. `R1 R2 R3 J`. Omit to read hands from stdin.
    tiles: Vec<String>,
}

/// Arguments of `tiles rummikub solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The rule set: codegolf, standard or puzzle (with `--json`, the default for lines that
    /// name none).
    #[arg(long, default_value = "standard", value_parser = preset())]
    rules: Preset,
    /// The table: groups separated by `|`, e.g. `"R1 R2 R3 | K4 B4 O4"`.
    #[arg(long, default_value = "", requires = "rack", conflicts_with = "json")]
    table: String,
    /// The rack, e.g. `"J K5"`. Omit to read positions from stdin.
    #[arg(long, conflicts_with = "json")]
    rack: Option<String>,
    /// What to make the most of: tiles, value, tiles-then-value or opening.
    #[arg(long, default_value = "tiles", value_parser = objective())]
    objective: Objective,
    /// Read and write one JSON object per line.
    #[arg(long)]
    json: bool,
}

/// `--rules`: the library's preset names, read by the library.
fn preset() -> impl clap::builder::TypedValueParser<Value = Preset> {
    crate::named(Preset::ALL.map(Preset::name))
}

/// `--objective`: the library's objective names, read by the library.
fn objective() -> impl clap::builder::TypedValueParser<Value = Objective> {
    crate::named(Objective::ALL.map(Objective::name))
}

/// Runs a `tiles rummikub` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Group(args) => group(&args),
        Command::Arrange(args) => arrange_command(&args),
        Command::Solve(args) => solve_command(&args),
        Command::Turn(args) => turn_command(&args),
        Command::Game(args) => game_command(&args),
        Command::Tournament(args) => tournament_command(&args),
    }
}

/// The defaults a JSON line takes from `--rules`.
fn rules_default(rules: Preset) -> Map<String, Value> {
    let mut defaults = Map::new();
    defaults.insert("rules".into(), json!(rules.name()));
    defaults
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
    if args.json {
        return batch::json_batch("rummikub/group", rules_default(args.rules));
    }
    let rules = args.rules.rules();
    if args.tiles.is_empty() {
        let mut out = batch::stdout();
        return batch::exit_code(batch::run_lines(
            batch::stdin_for("groups"),
            &mut out,
            |line, line_number| match check(line, &rules) {
                Verdict::Valid(text) | Verdict::Invalid(text) => Ok(text),
                Verdict::Unreadable(error) => {
                    Err(format!("error: {}", error.on_line(line_number).summary()))
                }
            },
        ));
    }
    match check(&args.tiles.join(" "), &rules) {
        Verdict::Valid(text) => batch::answer(&[text], 0),
        Verdict::Invalid(text) => batch::answer(&[text], 1),
        Verdict::Unreadable(error) => batch::unreadable(&error),
    }
}

fn arrange_command(args: &ArrangeArgs) -> ExitCode {
    if args.json {
        return batch::json_batch("rummikub/arrange", rules_default(args.rules));
    }
    let rules = args.rules.rules();
    if args.tiles.is_empty() {
        let mut out = batch::stdout();
        return batch::exit_code(batch::run_lines(
            batch::stdin_for("hands"),
            &mut out,
            |line, line_number| match parse_tiles(line) {
                Err(error) => Err(format!("error: {}", error.on_line(line_number).summary())),
                Ok(tiles) => match arrange(&tiles, &rules) {
                    Err(error) => Err(format!("error: line {line_number}: {error}")),
                    Ok(None) => Ok("impossible".to_owned()),
                    Ok(Some(found)) => Ok(groups_line(found.groups())),
                },
            },
        ));
    }
    match parse_tiles(&args.tiles.join(" ")) {
        Err(error) => batch::unreadable(&error),
        Ok(tiles) => match arrange(&tiles, &rules) {
            Err(error) => batch::unreadable(&error),
            Ok(None) => batch::answer(&["impossible".to_owned()], 1),
            Ok(Some(found)) => {
                batch::print(&found.to_string());
                ExitCode::SUCCESS
            }
        },
    }
}

/// Groups on one line, separated by ` | ` as a table is written.
fn groups_line(groups: &[Group]) -> String {
    groups.iter().join(" | ")
}

fn tiles_text(tiles: &[Tile]) -> String {
    if tiles.is_empty() {
        "nothing".to_owned()
    } else {
        show_tiles(tiles)
    }
}

/// A move on one line: `placed: …; table: …; unchanged: …; step 1: …; left: …`.
fn move_line(found: &Move) -> String {
    let mut parts = vec![format!("placed: {}", tiles_text(found.placed()))];
    parts.extend(found.opening_shortfall().map(|s| s.to_string()));
    parts.push(format!("table: {}", groups_line(found.table())));
    parts.extend(
        found
            .unchanged_text()
            .map(|text| format!("unchanged: {text}")),
    );
    parts.extend(
        found
            .steps()
            .iter()
            .enumerate()
            .map(|(n, step)| format!("step {}: {step}", n + 1)),
    );
    parts.push(format!("left: {}", tiles_text(found.left())));
    parts.join("; ")
}

/// One `TABLE ; RACK` line solved, or why not.
fn solve_line(line: &str, rules: &Rules, objective: Objective) -> Result<String, String> {
    let Some((table_text, rack_text)) = line.split_once(';') else {
        return Err(format!(
            "expected TABLE ; RACK (the table's groups separated by |, then ; and the rack), found {line:?}"
        ));
    };
    // Errors count columns in the whole line: the rack starts after the `;`.
    let rack_column = table_text.chars().count() + 1;
    let table = parse_table(table_text).map_err(|error| error.summary())?;
    let rack = parse_tiles(rack_text).map_err(|mut error| {
        error.column += rack_column;
        error.summary()
    })?;
    let found = solve(&table, &rack, rules, objective).map_err(|error| error.to_string())?;
    Ok(move_line(&found))
}

fn solve_command(args: &SolveArgs) -> ExitCode {
    if args.json {
        let mut defaults = rules_default(args.rules);
        defaults.insert("objective".into(), json!(args.objective.name()));
        return batch::json_batch("rummikub/solve", defaults);
    }
    let rules = args.rules.rules();
    let Some(rack) = &args.rack else {
        let mut out = batch::stdout();
        return batch::exit_code(batch::run_lines(
            batch::stdin_for("positions (TABLE ; RACK)"),
            &mut out,
            |line, line_number| {
                solve_line(line, &rules, args.objective).map_err(|error| {
                    // A parse error's summary starts `line 1, …`: renumber it.
                    match error.strip_prefix("line 1, ") {
                        Some(rest) => format!("error: line {line_number}, {rest}"),
                        None => format!("error: line {line_number}: {error}"),
                    }
                })
            },
        ));
    };
    let table = match parse_table(&args.table) {
        Ok(table) => table,
        Err(error) => return batch::unreadable(&format_args!("in --table: {error}")),
    };
    let rack = match parse_tiles(rack) {
        Ok(rack) => rack,
        Err(error) => return batch::unreadable(&format_args!("in --rack: {error}")),
    };
    match solve(&table, &rack, &rules, args.objective) {
        Err(error) => batch::unreadable(&error),
        Ok(found) => {
            batch::print(&found.to_string());
            ExitCode::SUCCESS
        }
    }
}

/// One turn checked: a legal turn's text, an illegal turn's line, or an error for a position
/// that cannot be.
enum TurnVerdict {
    Legal(String),
    Illegal(String),
    Unreadable(String),
}

fn check_one(
    table: &[Vec<Tile>],
    rack: &[Tile],
    after: &[Vec<Tile>],
    opened: bool,
    rules: &Rules,
) -> TurnVerdict {
    match check_turn(table, rack, after, opened, rules) {
        Ok(turn) => TurnVerdict::Legal(format!("legal: {turn}")),
        Err(error @ TurnError::Position(_)) => TurnVerdict::Unreadable(error.to_string()),
        Err(error) => TurnVerdict::Illegal(format!("illegal: {error}")),
    }
}

/// One `TABLE ; RACK ; AFTER` line checked, answered on one line.
fn turn_line(line: &str, opened: bool, rules: &Rules) -> Result<String, String> {
    let parts: Vec<&str> = line.split(';').collect();
    let [table_text, rack_text, after_text] = parts[..] else {
        return Err(format!(
            "expected TABLE ; RACK ; AFTER (groups separated by |, then ; and the rack, then ; and the table after), found {line:?}"
        ));
    };
    // Errors count columns in the whole line.
    let shifted = |mut error: ParseError, by: usize| {
        error.column += by;
        error.summary()
    };
    let rack_column = table_text.chars().count() + 1;
    let after_column = rack_column + rack_text.chars().count() + 1;
    let table = parse_table(table_text).map_err(|error| error.summary())?;
    let rack = parse_tiles(rack_text).map_err(|error| shifted(error, rack_column))?;
    let after = parse_table(after_text).map_err(|error| shifted(error, after_column))?;
    match check_one(&table, &rack, &after, opened, rules) {
        TurnVerdict::Legal(text) => Ok(text.lines().join("; ")),
        TurnVerdict::Illegal(line) => Ok(line),
        TurnVerdict::Unreadable(error) => Err(error),
    }
}

fn turn_command(args: &TurnArgs) -> ExitCode {
    if args.json {
        let mut defaults = rules_default(args.rules);
        defaults.insert("opened".into(), json!(args.opened));
        return batch::json_batch("rummikub/turn", defaults);
    }
    let rules = args.rules.rules();
    let Some(after) = &args.after else {
        let mut out = batch::stdout();
        return batch::exit_code(batch::run_lines(
            batch::stdin_for("turns (TABLE ; RACK ; AFTER)"),
            &mut out,
            |line, line_number| {
                turn_line(line, args.opened, &rules).map_err(|error| {
                    match error.strip_prefix("line 1, ") {
                        Some(rest) => format!("error: line {line_number}, {rest}"),
                        None => format!("error: line {line_number}: {error}"),
                    }
                })
            },
        ));
    };
    let read = |text: &str, option: &str| {
        parse_table(text).map_err(|error| batch::unreadable(&format_args!("in {option}: {error}")))
    };
    let table = match read(&args.table, "--table") {
        Ok(table) => table,
        Err(code) => return code,
    };
    let rack = match parse_tiles(&args.rack) {
        Ok(rack) => rack,
        Err(error) => return batch::unreadable(&format_args!("in --rack: {error}")),
    };
    let after = match read(after, "--after") {
        Ok(after) => after,
        Err(code) => return code,
    };
    match check_one(&table, &rack, &after, args.opened, &rules) {
        TurnVerdict::Legal(text) => batch::answer(&[text], 0),
        TurnVerdict::Illegal(line) => batch::answer(&[line], 1),
        TurnVerdict::Unreadable(error) => batch::unreadable(&error),
    }
}

/// The bots of `--bots`, one per player; people cannot sit at a command-line game.
fn lineup(lineup: &Lineup) -> Result<(rummikub::GameOptions, Vec<&'static dyn Bot<Game>>), String> {
    let names = Names::Text(lineup.bots.clone());
    let (options, seats, _) =
        seats(lineup.rules.name(), None, &names, false).map_err(|error| format!("--{error}"))?;
    let bots = seats
        .into_iter()
        .map(|seat| seat.expect("no person's seat here"))
        .collect();
    Ok((options, bots))
}

fn game_command(args: &GameArgs) -> ExitCode {
    if args.lineup.json {
        let mut defaults = args.lineup.defaults();
        defaults.insert("seed".into(), json!(args.seed));
        return batch::json_batch("rummikub/game", defaults);
    }
    match lineup(&args.lineup) {
        Ok((options, bots)) => match GameLog::bots(&options, args.seed, &bots, &Stop::never()) {
            Ok(log) => {
                batch::print(&log.to_string());
                ExitCode::SUCCESS
            }
            Err(error) => batch::unreadable(&error),
        },
        Err(error) => batch::unreadable(&error),
    }
}

fn tournament_command(args: &TournamentArgs) -> ExitCode {
    if args.lineup.json {
        let mut defaults = args.lineup.defaults();
        defaults.insert("seed".into(), json!(args.seed));
        defaults.insert("games".into(), json!(args.games));
        return batch::json_batch("rummikub/tournament", defaults);
    }
    match lineup(&args.lineup) {
        Ok((options, bots)) => {
            let watch = crate::progress::Watch::start("games");
            match rummikub::tournament(&options, args.seed, args.games, &bots, watch.stop()) {
                Ok(result) => crate::progress::finished(
                    watch,
                    &result.to_string(),
                    result.standings.games,
                    args.games,
                ),
                Err(error) => batch::unreadable(&error),
            }
        }
        Err(error) => batch::unreadable(&error),
    }
}
