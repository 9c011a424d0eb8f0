//! The data-driven fixture format of this crate, run by `cargo xtask verify`.
//!
//! A fixture is a text of commands, one per line; blank lines and `#` comments are skipped
//! (the first comment describes the fixture in its snapshot):
//!
//! ```text
//! # a joker fills the missing colour of a set
//! rules codegolf
//! group [(9, "RED"), (9, "ORANGE"), ("JOKER"), (9, "BLACK")]
//! ```
//!
//! - `rules NAME` switches to a preset (`codegolf`, `standard`, `puzzle`); the default is
//!   `standard`.
//! - `group TILES` checks a group and prints `valid run: …` or `valid set: …` with the tiles in
//!   display order, each joker followed by what it stands for (`J(B9)`; `?` where the group
//!   leaves it open), or `invalid: REASON`, or the parse error with its caret.
//! - `arrange TILES` prints the groups of an arrangement of all the tiles, one per line, or
//!   `impossible`.
//! - `table GROUPS` (groups separated by `|`, possibly none) and `rack TILES` set the position;
//!   `solve OBJECTIVE` (`tiles`, `value`, `tiles-then-value`, `opening`) prints the tiles
//!   played with their count and value, how many table groups are unchanged, an opening's
//!   shortfall, the new table one group per line, the steps (`step N: …`) and the rack tiles
//!   left (`left: …`, if any).
//! - `after GROUPS` sets the table a turn leaves; `turn` (or `turn opened`, for a player who
//!   has made the initial meld) checks the turn from `table` and `rack` to it and prints
//!   `legal`, the tiles played, their value, the steps and the rack left, or `illegal: REASON`.
//! - `game SEED BOTS` plays a game between the bots (comma-separated, one per player, in seat
//!   order) dealt from `SEED` and prints its whole log: a golden playthrough.
//! - `tournament GAMES SEED BOTS` plays a tournament and prints its table.
//!
//! The transcript echoes each command after `> ` and then its result.

use itertools::Itertools;
use std::fmt::Write as _;

use crate::game::{BOT_NAMES, Game, GameLog, GameOptions, bot_named, check_turn, tournament};
use crate::group::{Group, Slot};
use crate::notation::{parse_table, parse_tiles, show_tiles};
use crate::rules::{Preset, Rules};
use crate::solve::{Objective, arrange, solve};
use crate::tile::Tile;
use tiles_core::{Bot, Stop};

/// Runs a fixture and returns its transcript. Never panics: every error becomes a line.
pub fn run_fixture(input: &str) -> String {
    let mut transcript = String::new();
    let mut rules = Rules::standard();
    let mut table: Vec<Vec<Tile>> = Vec::new();
    let mut rack: Vec<Tile> = Vec::new();
    let mut after: Vec<Vec<Tile>> = Vec::new();
    for (index, line) in input.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (command, argument) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let argument = argument.trim();
        let _ = writeln!(transcript, "> {line}");
        let result = match command {
            "rules" => match argument.parse::<Preset>() {
                Ok(preset) => {
                    rules = preset.rules();
                    continue;
                }
                Err(error) => format!("error: {error}"),
            },
            "group" => check_group(argument, &rules),
            "arrange" => arrange_tiles(argument, &rules),
            "table" => match parse_table(argument) {
                Ok(groups) => {
                    table = groups;
                    continue;
                }
                Err(error) => format!("error: {error}"),
            },
            "rack" => match parse_tiles(argument) {
                Ok(tiles) => {
                    rack = tiles;
                    continue;
                }
                Err(error) => format!("error: {error}"),
            },
            "solve" => match argument.parse::<Objective>() {
                Ok(objective) => solve_position(&table, &rack, &rules, objective),
                Err(error) => format!("error: {error}"),
            },
            "after" => match parse_table(argument) {
                Ok(groups) => {
                    after = groups;
                    continue;
                }
                Err(error) => format!("error: {error}"),
            },
            "turn" => match argument {
                "" | "opened" => check(&table, &rack, &after, argument == "opened", &rules),
                other => format!("error: expected `turn` or `turn opened`, found {other:?}"),
            },
            "game" | "tournament" => bot_command(command, argument, &rules),
            other => format!(
                "error: line {}: unknown command {other:?}: expected rules, group, arrange, table, rack, solve, after, turn, game or tournament",
                index + 1
            ),
        };
        let _ = writeln!(transcript, "{result}");
    }
    transcript
}

/// The result of one `group` command.
fn check_group(text: &str, rules: &Rules) -> String {
    match parse_tiles(text) {
        Err(error) => format!("error: {error}"),
        Ok(tiles) => match Group::new(&tiles, rules) {
            Ok(group) => format!("valid {}: {}", group.kind(), describe_slots(&group)),
            Err(error) => format!("invalid: {error}"),
        },
    }
}

/// The result of one `arrange` command.
fn arrange_tiles(text: &str, rules: &Rules) -> String {
    match parse_tiles(text) {
        Err(error) => format!("error: {error}"),
        Ok(tiles) => match arrange(&tiles, rules) {
            Err(error) => format!("error: {error}"),
            Ok(None) => "impossible".to_owned(),
            Ok(Some(arrangement)) if arrangement.groups().is_empty() => "no groups".to_owned(),
            Ok(Some(arrangement)) => arrangement.groups().iter().map(describe_slots).join("\n"),
        },
    }
}

/// The result of one `solve` command.
fn solve_position(
    table: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
    objective: Objective,
) -> String {
    match solve(table, rack, rules, objective) {
        Err(error) => format!("error: {error}"),
        Ok(found) => {
            let mut lines = vec![
                format!(
                    "placed: {} ({} {}, value {})",
                    if found.placed().is_empty() {
                        "nothing".to_owned()
                    } else {
                        found.placed().iter().join(" ")
                    },
                    found.tiles(),
                    if found.tiles() == 1 { "tile" } else { "tiles" },
                    found.value()
                ),
                format!(
                    "unchanged: {} of {} table groups",
                    found.unchanged_groups(),
                    table.len()
                ),
            ];
            lines.extend(found.opening_shortfall().map(|s| s.to_string()));
            lines.extend(found.table().iter().map(describe_slots));
            lines.extend(
                found
                    .steps()
                    .iter()
                    .enumerate()
                    .map(|(n, step)| format!("step {}: {step}", n + 1)),
            );
            if !found.left().is_empty() {
                lines.push(format!("left: {}", show_tiles(found.left())));
            }
            lines.join("\n")
        }
    }
}

/// The result of one `turn` command.
fn check(
    before: &[Vec<Tile>],
    rack: &[Tile],
    after: &[Vec<Tile>],
    opened: bool,
    rules: &Rules,
) -> String {
    match check_turn(before, rack, after, opened, rules) {
        Err(error) if error.is_position_error() => format!("error: {error}"),
        Err(error) => format!("illegal: {error}"),
        Ok(turn) => format!("legal: {turn}"),
    }
}

/// `game SEED BOTS` or `tournament GAMES SEED BOTS`.
fn bot_command(command: &str, argument: &str, rules: &Rules) -> String {
    let words: Vec<&str> = argument.split_whitespace().collect();
    let numbers = if command == "game" { 1 } else { 2 };
    let usage = || {
        format!(
            "error: expected `game SEED BOTS` or `tournament GAMES SEED BOTS`, found {argument:?}"
        )
    };
    if words.len() != numbers + 1 {
        return usage();
    }
    let Ok(values) = words[..numbers]
        .iter()
        .map(|word| word.parse::<u64>())
        .collect::<Result<Vec<u64>, _>>()
    else {
        return usage();
    };
    let bots: Option<Vec<&'static dyn Bot<Game>>> =
        words[numbers].split(',').map(bot_named).collect();
    let Some(bots) = bots else {
        return format!(
            "error: unknown bot in {:?}: expected one of {}",
            words[numbers],
            BOT_NAMES.join(", ")
        );
    };
    let options = match GameOptions::new(rules.clone(), bots.len()) {
        Ok(options) => options,
        Err(error) => return format!("error: {error}"),
    };
    let outcome = match values[..] {
        [seed] => GameLog::bots(&options, seed, &bots, &Stop::never())
            .map(|log| log.to_string())
            .map_err(|error| error.to_string()),
        [games, seed, ..] => tournament(&options, seed, games, &bots, &Stop::never())
            .map(|result| result.to_string())
            .map_err(|error| error.to_string()),
        [] => return usage(),
    };
    outcome.unwrap_or_else(|error| format!("error: {error}"))
}

/// The group's tiles in display order, each joker followed by what it stands for.
pub(crate) fn describe_slots(group: &Group) -> String {
    let describe = |slot: &Slot| match slot.tile {
        Tile::Joker => {
            let color = slot.color.map_or('?', |color| color.letter());
            let number = slot
                .number
                .map_or("?".to_owned(), |number| number.to_string());
            format!("J({color}{number})")
        }
        tile => tile.to_string(),
    };
    group.slots().iter().map(describe).join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcript_of_every_command() {
        let transcript = run_fixture(
            "# description\nrules codegolf\ngroup [(9, \"RED\"), (9, \"ORANGE\"), (\"JOKER\"), (9, \"BLACK\")]\n\
             group R5 J R7\nrules nonsense\nfrobnicate\ngroup R9 P9\n",
        );
        assert_eq!(
            transcript,
            "> rules codegolf\n\
             > group [(9, \"RED\"), (9, \"ORANGE\"), (\"JOKER\"), (9, \"BLACK\")]\n\
             valid set: R9 O9 K9 J(B9)\n\
             > group R5 J R7\n\
             valid run: R5 J(R6) R7\n\
             > rules nonsense\n\
             error: unknown rules \"nonsense\": expected codegolf, standard or puzzle\n\
             > frobnicate\n\
             error: line 6: unknown command \"frobnicate\": expected rules, group, arrange, table, rack, solve, after, turn, game or tournament\n\
             > group R9 P9\n\
             error: line 1, column 4: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"P9\"\n  R9 P9\n     ^\n"
        );
    }
}
