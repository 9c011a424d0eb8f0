//! The data-driven fixture format of this crate, run by `cargo xtask verify`.
//!
//! A fixture is a puzzle in the input format (blank lines and `#` comments are skipped; the
//! first comment describes the fixture in its snapshot), then any number of sections:
//!
//! - `--- check` followed by an answer: checks it and prints the verdict;
//! - `--- trace`: prints the answer with the table after every action.
//!
//! The transcript holds the answer (or `no solution: …`, or the parse error), then each
//! section's output.

use itertools::Itertools;
use std::fmt::Write as _;

use crate::check::check;
use crate::parse::{parse_answer, parse_puzzle};
use crate::solve::solve;

/// Runs a fixture and returns its transcript. Never panics: every error becomes a line.
pub fn run_fixture(input: &str) -> String {
    let mut sections = input.split("\n--- ");
    // `parse_puzzle` skips the `#` comment lines itself.
    let puzzle_text = sections.next().unwrap_or("");
    let mut transcript = String::new();
    let puzzle = match parse_puzzle(puzzle_text) {
        Ok(puzzle) => puzzle,
        Err(error) => {
            let _ = writeln!(transcript, "error: {error}");
            return transcript;
        }
    };
    let solved = solve(&puzzle.table, puzzle.goal);
    match &solved {
        Ok(actions) => transcript.push_str(&crate::answer_text(&puzzle, actions, false)),
        Err(reason) => {
            let _ = writeln!(transcript, "no solution: {reason}");
        }
    }
    for section in sections {
        let (name, body) = section.split_once('\n').unwrap_or((section, ""));
        let _ = writeln!(transcript, "--- {}", name.trim());
        match name.trim() {
            "check" => {
                let body: String = body
                    .lines()
                    .filter(|line| !line.trim_start().starts_with('#'))
                    .join("\n");
                match parse_answer(&body) {
                    Ok(answer) => {
                        let _ = writeln!(transcript, "{}", check(&puzzle, &answer));
                    }
                    Err(error) => {
                        let _ = writeln!(transcript, "error: {error}");
                    }
                }
            }
            "trace" => match &solved {
                Ok(actions) => transcript.push_str(&crate::answer_text(&puzzle, actions, true)),
                Err(reason) => {
                    let _ = writeln!(transcript, "no solution: {reason}");
                }
            },
            other => {
                let _ = writeln!(
                    transcript,
                    "error: unknown section {other:?} (check, trace)"
                );
            }
        }
    }
    transcript
}
