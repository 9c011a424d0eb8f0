//! The data-driven fixture format of this crate, run by `cargo xtask verify`.
//!
//! A fixture is a game in any form [`crate::parse_game`] reads (`#` comments are skipped; the
//! first comment describes the fixture in its snapshot), then any number of sections:
//!
//! - `--- layout`: the witness layout as a tree;
//! - `--- score` with optional `players=N`, `target=T` and `units=fives|pips` (the
//!   defaults: 2 players, 61, fives): the count and points of every play.
//!
//! The transcript holds the verdict (`valid`, `invalid: …`, or `error: …` for text that is
//! not a game), then each section's output.

use std::fmt::Write as _;

use crate::check::{Verdict, check};
use crate::notation::parse_game;
use crate::score::{Scoring, Units};

/// Runs a fixture and returns its transcript. Never panics: every error becomes a line.
pub fn run_fixture(input: &str) -> String {
    let mut sections = input.split("\n--- ");
    let game_text = sections.next().unwrap_or("");
    let mut transcript = String::new();
    let tiles = match parse_game(game_text) {
        Ok(tiles) => tiles,
        Err(error) => {
            let _ = writeln!(transcript, "error: {error}");
            return transcript;
        }
    };
    let verdict = check(&tiles);
    let _ = writeln!(transcript, "{}", verdict.summary(&tiles));
    for section in sections {
        let (heading, _) = section.split_once('\n').unwrap_or((section, ""));
        let _ = writeln!(transcript, "--- {}", heading.trim());
        let mut words = heading.split_whitespace();
        let name = words.next().unwrap_or("");
        let layout = match &verdict {
            Verdict::Legal(layout) => Some(layout),
            _ => None,
        };
        match (name, layout) {
            ("layout" | "score", None) => transcript.push_str("no layout: the game is not legal\n"),
            ("layout", Some(layout)) => {
                let _ = write!(transcript, "{layout}");
            }
            ("score", Some(layout)) => match scoring(words) {
                Err(error) => {
                    let _ = writeln!(transcript, "error: {error}");
                }
                Ok(scoring) => match layout.score(&scoring) {
                    Ok(score) => {
                        let _ = write!(transcript, "{score}");
                    }
                    Err(error) => {
                        let _ = writeln!(transcript, "error: {error}");
                    }
                },
            },
            (other, _) => {
                let _ = writeln!(
                    transcript,
                    "error: unknown section {other:?} (layout, score)"
                );
            }
        }
    }
    transcript
}

/// The scoring a `--- score` heading asks for: `players=N`, `target=T`, `units=fives|pips`.
fn scoring<'a>(words: impl Iterator<Item = &'a str>) -> Result<Scoring, String> {
    let mut scoring = Scoring::default();
    for word in words {
        let bad = || format!("{word:?} is not players=N, target=T or units=fives|pips");
        let (key, value) = word.split_once('=').ok_or_else(bad)?;
        match key {
            "players" => scoring.players = value.parse().map_err(|_| bad())?,
            "target" => scoring.target = value.parse().map_err(|_| bad())?,
            "units" => {
                scoring.units = match value {
                    "fives" => Units::Fives,
                    "pips" => Units::Pips,
                    _ => return Err(bad()),
                }
            }
            _ => return Err(bad()),
        }
    }
    Ok(scoring)
}
