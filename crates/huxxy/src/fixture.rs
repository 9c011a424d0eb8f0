//! The data-driven fixture format of this crate, run by `cargo xtask verify`.
//!
//! Each line of a fixture is a call of the reference interface (see [`crate::eval_call`]), or
//! one of two commands that play bots against each other:
//!
//! - `game SEED BOTS` (or `game SEED BOTS jokers`) plays one game and prints its whole log
//!   (a golden playthrough: the deal, every turn, the ending and the ranking);
//! - `tournament GAMES SEED BOTS` (or `… jokers`) plays a tournament and prints its table.
//!
//! `BOTS` is four bot names separated by commas, in seat order. `#` lines are comments (the
//! first describes the fixture in its snapshot) and blank lines are skipped. The transcript
//! shows each line and what it printed (`error: …` for a malformed call).

use std::fmt::Write as _;

use tiles_core::{Bot, Stop};

use crate::bot::bot_named;
use crate::card::{PLAYERS, Variant};
use crate::game::Game;
use crate::reference::eval_call;

/// Runs a fixture and returns its transcript. Never panics: every error becomes a line.
pub fn run_fixture(input: &str) -> String {
    let mut transcript = String::new();
    for line in input.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let answer = match words[0] {
            "game" | "tournament" => {
                bot_command(&words).unwrap_or_else(|error| format!("error: {error}"))
            }
            _ => match eval_call(line) {
                Ok(answer) => answer,
                Err(error) => format!("error: {}", error.summary()),
            },
        };
        let _ = writeln!(transcript, "> {line}\n{answer}");
    }
    transcript
}

/// `game SEED BOTS [jokers]` or `tournament GAMES SEED BOTS [jokers]`.
fn bot_command(words: &[&str]) -> Result<String, String> {
    let (numbers, rest) = match words[0] {
        "game" => (1, &words[1..]),
        _ => (2, &words[1..]),
    };
    let usage = || {
        format!(
            "expected `game SEED BOTS [jokers]` or `tournament GAMES SEED BOTS [jokers]`, found {:?}",
            words.join(" ")
        )
    };
    if rest.len() != numbers + 1 && rest.len() != numbers + 2 {
        return Err(usage());
    }
    let variant = match rest.get(numbers + 1) {
        None => Variant::Basic,
        Some(&"jokers") => Variant::Jokers,
        Some(_) => return Err(usage()),
    };
    let values: Vec<u64> = rest[..numbers]
        .iter()
        .map(|word| word.parse::<u64>().map_err(|_| usage()))
        .collect::<Result<_, _>>()?;
    let bots: Vec<&'static dyn Bot<Game>> = rest[numbers]
        .split(',')
        .map(|name| {
            bot_named(name)
                .map(|bot| bot as &dyn Bot<Game>)
                .ok_or_else(|| format!("unknown bot {name:?}"))
        })
        .collect::<Result<_, _>>()?;
    let bots: [&dyn Bot<Game>; PLAYERS] = bots
        .try_into()
        .map_err(|_| format!("{PLAYERS} bots are needed"))?;
    if let [seed] = values[..] {
        return Ok(crate::replay::replay(variant, seed, bots).to_string());
    }
    let (games, seed) = (values[0], values[1]);
    crate::tournament::tournament(variant, seed, games, bots, &Stop::never())
        .map(|result| result.to_string())
        .map_err(|error| error.to_string())
}
