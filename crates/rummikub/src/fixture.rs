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
//!
//! The transcript echoes each command after `> ` and then its result.

use std::fmt::Write as _;

use crate::group::{Group, Slot};
use crate::notation::parse_tiles;
use crate::rules::{Preset, Rules};
use crate::tile::Tile;

/// Runs a fixture and returns its transcript. Never panics: every error becomes a line.
pub fn run_fixture(input: &str) -> String {
    let mut transcript = String::new();
    let mut rules = Rules::standard();
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
            other => format!(
                "error: line {}: unknown command {other:?}: expected rules or group",
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
    group
        .slots()
        .iter()
        .map(describe)
        .collect::<Vec<_>>()
        .join(" ")
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
             error: line 6: unknown command \"frobnicate\": expected rules or group\n\
             > group R9 P9\n\
             error: line 1, column 4: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"P9\"\n  R9 P9\n     ^\n"
        );
    }
}
