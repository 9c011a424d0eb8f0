//! The Rummikub action puzzle, parts 1 and 2: the shortest preferred TAKE/PUT/COMBINE sequence.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod bound;
pub mod check;
mod fixture;
pub mod parse;
pub mod row;
pub mod solve;
pub mod table;

use std::fmt::Write as _;

pub use check::{Verdict, check};
pub use fixture::run_fixture;
pub use parse::{Answer, Puzzle, parse_answer, parse_piece, parse_puzzle};
pub use row::{Joker, Piece, Row, RowError};
pub use solve::{NoSolution, compare, solve, solve_counting};
pub use table::{Action, ActionError, RowId, Table};
pub use tiles_notation::ParseError;

/// Solves a puzzle and returns the answer text: one action per line, then every row of the
/// final table by increasing id (`rowid tiles…`), LF line ends, no trailing spaces.
///
/// # Errors
///
/// [`NoSolution`] with the reason.
pub fn answer(puzzle: &Puzzle) -> Result<String, NoSolution> {
    let actions = solve(&puzzle.table, puzzle.goal)?;
    Ok(answer_text(puzzle, &actions, false))
}

/// The text of an answer: its actions, then the final rows; with `trace`, the table after
/// each action too (indented by two spaces).
pub fn answer_text(puzzle: &Puzzle, actions: &[Action], trace: bool) -> String {
    let mut text = String::new();
    let mut table = puzzle.table.clone();
    for action in actions {
        let _ = writeln!(text, "{action}");
        // An illegal action leaves the table as it was; `check` is the place to find it.
        let _ = table.apply(*action);
        if trace {
            for (id, row) in table.rows() {
                let _ = writeln!(text, "  {id} {row}");
            }
        }
    }
    let _ = write!(text, "{table}");
    text
}
