//! Checking a proposed answer: is every action legal, and is it the preferred shortest answer?

use itertools::Itertools;
use std::fmt;

use crate::parse::{Answer, Puzzle};
use crate::row::Piece;
use crate::solve::{NoSolution, deciding_rule, solve_until};
use crate::table::{Action, RowId, Table};
use tiles_core::{Stop, Stopped};

/// What checking an answer found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Legal, shortest and preferred: the solver's answer.
    Preferred {
        /// Its length.
        actions: usize,
    },
    /// Legal, but a shorter answer exists.
    NotShortest {
        /// Its length.
        actions: usize,
        /// The shortest length.
        shortest: usize,
    },
    /// Legal and shortest, but another answer of that length is preferred.
    NotPreferred {
        /// 1-based position of the first action that differs from the preferred answer.
        at: usize,
        /// The preferred answer's action there.
        preferred: Action,
        /// The preference rule (1-5, see [`crate::compare`]) that decides.
        rule: u8,
    },
    /// Legal, but the solver found no answer to compare with.
    Unverified(NoSolution),
    /// An action breaks a rule.
    Illegal {
        /// 1-based action number.
        at: usize,
        /// Its line in the answer.
        line: usize,
        /// The action.
        action: Option<Action>,
        /// The rule it breaks.
        reason: String,
    },
    /// The actions are legal, but the rows listed are not the table they leave.
    WrongRows {
        /// Line of the first wrong row, or the line after the last if rows are missing.
        line: usize,
        /// What that row should be (`no more rows` past the last).
        expected: String,
        /// What the answer has there (`no more rows` if it ends early).
        found: String,
    },
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Preferred { actions } => {
                let plural = if *actions == 1 { "" } else { "s" };
                write!(
                    f,
                    "ok: the preferred shortest answer ({actions} action{plural})"
                )
            }
            Verdict::NotShortest { actions, shortest } => write!(
                f,
                "legal but not shortest: {actions} actions, the shortest answer has {shortest}"
            ),
            Verdict::NotPreferred {
                at,
                preferred,
                rule,
            } => write!(
                f,
                "legal and shortest but not preferred: at action {at} the preferred answer has `{preferred}` ({})",
                rule_text(*rule)
            ),
            Verdict::Unverified(reason) => {
                write!(f, "legal, but no answer to compare with: {reason}")
            }
            Verdict::Illegal {
                at,
                line,
                action,
                reason,
            } => match action {
                Some(action) => write!(f, "action {at} (line {line}) `{action}`: {reason}"),
                None => write!(f, "action {at} (line {line}): {reason}"),
            },
            Verdict::WrongRows {
                line,
                expected,
                found,
            } => write!(
                f,
                "line {line}: the rows are not the table the actions leave: expected `{expected}`, found `{found}`"
            ),
        }
    }
}

impl Verdict {
    /// Whether the answer is legal, shortest and preferred.
    pub fn is_preferred(&self) -> bool {
        matches!(self, Verdict::Preferred { .. })
    }
}

/// The preference rule, in words.
fn rule_text(rule: u8) -> &'static str {
    match rule {
        1 => "rule 1: COMBINE as early as possible",
        2 => "rule 2: COMBINE lower row ids first",
        3 => "rule 3: fewer joker actions",
        4 => "rule 4: joker actions as early as possible",
        _ => "the final tie-break: actions in order COMBINE, TAKE, PUT, then by tile and row",
    }
}

/// Plays the answer's actions by the rules; the table they leave, or the first broken rule.
fn play(puzzle: &Puzzle, answer: &Answer) -> Result<Table, Verdict> {
    let mut table = puzzle.table.clone();
    let mut taken: Option<Piece> = None;
    let count = answer.actions.len();
    let illegal =
        |at: usize, line: usize, action: Option<Action>, reason: String| Verdict::Illegal {
            at,
            line,
            action,
            reason,
        };
    if count == 0 {
        return Err(illegal(
            1,
            1,
            None,
            "no actions: the last action must put the goal tile".into(),
        ));
    }
    for (index, &(line, action)) in answer.actions.iter().enumerate() {
        let at = index + 1;
        let last = at == count;
        let fail = |reason: String| illegal(at, line, Some(action), reason);
        if let Some(piece) = taken {
            match action {
                Action::Put(put, _) if put == piece => {}
                _ => {
                    return Err(fail(format!(
                        "a TAKE must be followed at once by the PUT of the same tile ({piece})"
                    )));
                }
            }
        }
        // Whether this action puts the goal tile itself (not a taken copy of it).
        let mut puts_goal = false;
        match action {
            Action::Combine(..) => {}
            Action::Take(piece, _) => {
                if last {
                    return Err(fail(
                        "the last action must put the goal tile, not take a tile".into(),
                    ));
                }
                taken = Some(piece);
            }
            Action::Put(piece, _) => {
                if taken.take().is_none() {
                    if piece != puzzle.goal {
                        return Err(fail(format!(
                            "{piece} was not taken: only the goal tile is put without a TAKE"
                        )));
                    }
                    if !last {
                        return Err(fail(
                            "the goal tile may only be put by the last action".into(),
                        ));
                    }
                    puts_goal = true;
                }
            }
        }
        if let Err(error) = table.apply(action) {
            return Err(fail(error.to_string()));
        }
        if last && !puts_goal {
            return Err(fail(format!(
                "the last action must be PUT {} rowid",
                puzzle.goal
            )));
        }
    }
    Ok(table)
}

/// What a missing row or the end of the rows is called in [`Verdict::WrongRows`].
const NO_MORE_ROWS: &str = "no more rows";

/// A row as an answer writes it: `3 4R 5R 6R`.
fn written_row(id: RowId, pieces: &[Piece]) -> String {
    std::iter::once(id.to_string())
        .chain(pieces.iter().map(Piece::to_string))
        .join(" ")
}

/// Checks a proposed answer against the rules and against the solver's preferred answer.
pub fn check(puzzle: &Puzzle, answer: &Answer) -> Verdict {
    match check_until(puzzle, answer, &Stop::never()) {
        Ok(verdict) => verdict,
        Err(Stopped) => unreachable!("a signal never raised"),
    }
}

/// [`check`], giving up with [`Stopped`] once `stop` is raised while it looks for the
/// preferred answer.
///
/// # Errors
///
/// [`Stopped`].
pub fn check_until(puzzle: &Puzzle, answer: &Answer, stop: &Stop) -> Result<Verdict, Stopped> {
    let table = match play(puzzle, answer) {
        Ok(table) => table,
        Err(verdict) => return Ok(verdict),
    };
    if !answer.rows.is_empty() {
        let expected: Vec<String> = table
            .rows()
            .iter()
            .map(|(id, row)| format!("{id} {row}"))
            .collect();
        for (index, want) in expected.iter().enumerate() {
            match answer.rows.get(index) {
                Some((line, id, pieces)) => {
                    let written = written_row(*id, pieces);
                    if &written != want {
                        return Ok(Verdict::WrongRows {
                            line: *line,
                            expected: want.clone(),
                            found: written,
                        });
                    }
                }
                None => {
                    let line = answer.rows.last().map_or(0, |row| row.0) + 1;
                    return Ok(Verdict::WrongRows {
                        line,
                        expected: want.clone(),
                        found: NO_MORE_ROWS.into(),
                    });
                }
            }
        }
        if let Some((line, id, pieces)) = answer.rows.get(expected.len()) {
            return Ok(Verdict::WrongRows {
                line: *line,
                expected: NO_MORE_ROWS.into(),
                found: written_row(*id, pieces),
            });
        }
    }
    let proposed: Vec<Action> = answer.actions.iter().map(|&(_, action)| action).collect();
    let best = match solve_until(&puzzle.table, puzzle.goal, stop) {
        Ok(best) => best,
        Err(NoSolution::Stopped(stopped)) => return Err(stopped),
        Err(reason) => return Ok(Verdict::Unverified(reason)),
    };
    if proposed.len() > best.len() {
        return Ok(Verdict::NotShortest {
            actions: proposed.len(),
            shortest: best.len(),
        });
    }
    Ok(match deciding_rule(&proposed, &best) {
        None => Verdict::Preferred {
            actions: proposed.len(),
        },
        Some((rule, _)) => {
            let at = proposed
                .iter()
                .zip(&best)
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            Verdict::NotPreferred {
                at: at + 1,
                preferred: best[at],
                rule,
            }
        }
    })
}
