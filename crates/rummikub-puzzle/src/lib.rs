//! The Rummikub action puzzle, parts 1 and 2: the shortest preferred TAKE/PUT/COMBINE sequence.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod bound;
mod check;
mod fixture;
mod parse;
mod row;
mod solve;
mod table;

use std::fmt::Write as _;

pub use bound::{NEVER, idle_rows, lower_bound};
pub use check::{Verdict, check, check_until};
pub use fixture::run_fixture;
pub use parse::{Answer, MAX_ROW_ID, Puzzle, parse_answer, parse_piece, parse_puzzle, row_of};
pub use row::{COLORS, Joker, Piece, Row, RowError, Rows};
pub use solve::{MAX_ACTIONS, MAX_STATES, NoSolution, compare, solve, solve_counting, solve_until};
pub use table::{Action, ActionError, RowId, Table};
pub use tiles_core;
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
