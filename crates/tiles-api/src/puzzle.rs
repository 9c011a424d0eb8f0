//! `rummikub-puzzle/solve` and `rummikub-puzzle/check`.

use rummikub_puzzle::{
    Action, NoSolution, Puzzle, Table, Verdict, answer_text, parse_answer, parse_puzzle,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tiles_core::Stop;

use crate::ApiError;
use crate::fields::in_text;

/// A `rummikub-puzzle/solve` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "PuzzleSolveRequest")]
pub struct SolveRequest {
    /// The puzzle as the puzzle's input gives it: the goal tile, the number of rows, then one
    /// row per line (`"3R\n2\n1 4R 5R 6R\n2 4B 4G 4Y"`).
    pub puzzle: String,
}

/// The table after one action.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TraceStep {
    /// The action.
    pub action: String,
    /// Every row after it, by increasing id: `1 3R 4R 5R 6R`.
    pub rows: Vec<String>,
    /// Why the action is not legal, if it is not (the table is then as before it).
    pub error: Option<String>,
}

/// A `rummikub-puzzle/solve` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "PuzzleSolveResponse")]
pub struct SolveResponse {
    /// Whether the puzzle has an answer.
    pub solved: bool,
    /// Why not, if not.
    pub reason: Option<String>,
    /// The actions of the preferred shortest answer.
    pub actions: Vec<String>,
    /// The rows before the first action.
    pub start: Vec<String>,
    /// The table after each action.
    pub trace: Vec<TraceStep>,
    /// The rows at the end.
    pub rows: Vec<String>,
    /// The answer as the puzzle wants it printed: the actions, then the rows, one per line;
    /// null if there is none.
    pub answer: Option<String>,
}

fn read_puzzle(text: &str) -> Result<Puzzle, String> {
    parse_puzzle(text).map_err(|error| in_text("puzzle", &error))
}

fn rows(table: &Table) -> Vec<String> {
    table
        .rows()
        .iter()
        .map(|(id, row)| format!("{id} {row}"))
        .collect()
}

/// Plays `actions` on the puzzle's table, recording the rows after each.
fn trace(puzzle: &Puzzle, actions: &[Action]) -> (Vec<TraceStep>, Table) {
    let mut table = puzzle.table.clone();
    let steps = actions
        .iter()
        .map(|&action| {
            let error = table.apply(action).err().map(|error| error.to_string());
            TraceStep {
                action: action.to_string(),
                rows: rows(&table),
                error,
            }
        })
        .collect();
    (steps, table)
}

/// Answers `rummikub-puzzle/solve`.
///
/// # Errors
///
/// An unreadable puzzle, with its line and column.
pub fn solve(request: SolveRequest, stop: &Stop) -> Result<SolveResponse, ApiError> {
    let puzzle = read_puzzle(&request.puzzle)?;
    let start = rows(&puzzle.table);
    Ok(
        match rummikub_puzzle::solve_until(&puzzle.table, puzzle.goal, stop) {
            Ok(actions) => {
                let (steps, table) = trace(&puzzle, &actions);
                SolveResponse {
                    solved: true,
                    reason: None,
                    actions: actions.iter().map(ToString::to_string).collect(),
                    start,
                    trace: steps,
                    rows: rows(&table),
                    answer: Some(answer_text(&puzzle, &actions, false)),
                }
            }
            Err(NoSolution::Stopped(_)) => return Err(ApiError::Stopped),
            Err(reason) => SolveResponse {
                solved: false,
                reason: Some(reason.to_string()),
                actions: Vec::new(),
                start: start.clone(),
                trace: Vec::new(),
                rows: start,
                answer: None,
            },
        },
    )
}

/// A `rummikub-puzzle/check` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "PuzzleCheckRequest")]
pub struct CheckRequest {
    /// The puzzle, as for `rummikub-puzzle/solve`.
    pub puzzle: String,
    /// The proposed answer: one action per line, optionally followed by the final rows.
    pub check: String,
}

/// A `rummikub-puzzle/check` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(rename = "PuzzleCheckResponse")]
pub struct CheckResponse {
    /// Whether the answer is legal, shortest and preferred.
    pub preferred: bool,
    /// Whether every action is legal and the rows written (if any) are the table they leave.
    pub legal: bool,
    /// The verdict in words, as the CLI prints it.
    pub verdict: String,
    /// The table after each proposed action.
    pub trace: Vec<TraceStep>,
}

/// Answers `rummikub-puzzle/check`.
///
/// # Errors
///
/// An unreadable puzzle or answer, with its line and column.
pub fn check(request: CheckRequest, stop: &Stop) -> Result<CheckResponse, ApiError> {
    let puzzle = read_puzzle(&request.puzzle)?;
    let answer = parse_answer(&request.check).map_err(|error| in_text("check", &error))?;
    let actions: Vec<Action> = answer.actions.iter().map(|&(_, action)| action).collect();
    let verdict = rummikub_puzzle::check_until(&puzzle, &answer, stop)?;
    Ok(CheckResponse {
        preferred: verdict.is_preferred(),
        legal: !matches!(verdict, Verdict::Illegal { .. } | Verdict::WrongRows { .. }),
        verdict: verdict.to_string(),
        trace: trace(&puzzle, &actions).0,
    })
}
