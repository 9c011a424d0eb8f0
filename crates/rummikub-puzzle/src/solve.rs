//! The solver: the shortest legal action sequence that puts the goal tile on the table, and
//! among the shortest the preferred one.
//!
//! A sequence is made of moves: a COMBINE (one action), a TAKE with its PUT (two actions), and
//! finally the PUT of the goal tile (one action). Two phases:
//!
//! 1. The length: iterative deepening on the number of actions. A table state is the multiset
//!    of its rows (ids don't change what can be done), and each state remembers the largest
//!    budget it is known to fail with, so states reached along different orders are searched
//!    once per budget. A state whose [lower bound](crate::bound) exceeds the actions left is
//!    not searched at all, which is what makes rows that cannot help cost nothing.
//! 2. The preferred sequence of that length: a memoised search over the states (now with row
//!    ids, which the answer prints) from which the goal can still be placed in the remaining
//!    actions. The preference order (see [`compare`]) compares two sequences with a common
//!    first part by their remaining parts alone, so the best remaining sequence of each state
//!    and budget is computed once.

use std::cmp::Ordering;

use rustc_hash::FxHashMap;
use tiles_core::{Stop, Stopped};

use crate::bound::{NEVER, idle_rows, lower_bound};
use crate::row::{Piece, Row};
use crate::table::{Action, RowId, Table};

/// Longest answer the solver looks for, in actions.
pub const MAX_ACTIONS: u8 = 40;

/// Most table states the solver examines before giving up.
pub const MAX_STATES: usize = 4_000_000;

/// Why no answer was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoSolution {
    /// No row can ever take the goal tile: no set of its value and no run of its colour is on
    /// the table.
    #[error("no row can ever take {0}: the table has no set of its value and no run of its colour")]
    NoRowForGoal(Piece),
    /// No set of the goal's value is on the table, and between the goal and every run of its
    /// colour lies a value that no tile on the table (nor the joker) can fill.
    #[error(
        "no sequence can ever put {0} on the table: every run of its colour is cut off from it by a value no tile can fill"
    )]
    Unreachable(Piece),
    /// Every sequence up to the limit was tried.
    #[error("no sequence of at most {limit} actions puts {goal} on the table")]
    TooLong {
        /// The goal tile.
        goal: Piece,
        /// The longest length tried.
        limit: u8,
    },
    /// The search examined [`MAX_STATES`] table states without an answer.
    #[error(
        "no answer found after examining {states} table states (the answer needs more than {tried} actions)"
    )]
    SearchLimit {
        /// States examined.
        states: usize,
        /// The longest length fully tried.
        tried: u8,
    },
    /// The stop signal given to [`solve_until`] was raised before an answer was found.
    #[error("{0}")]
    Stopped(#[from] Stopped),
}

/// Why the first phase gave up.
enum Halt {
    /// It examined as many states as it may.
    Limit,
    /// Its stop signal was raised.
    Stopped,
}

impl From<Stopped> for Halt {
    fn from(_: Stopped) -> Halt {
        Halt::Stopped
    }
}

/// States examined between two checks of the stop signal: well under a millisecond of work.
const CHECK_EVERY: usize = 1024;

/// One move: the actions it prints and the table it leaves.
struct Step {
    actions: [Option<Action>; 2],
    table: Table,
}

impl Step {
    fn cost(&self) -> u8 {
        if self.actions[1].is_some() { 2 } else { 1 }
    }
}

/// Every move from `table`: COMBINEs of two runs, then each TAKE with each PUT it allows.
/// A TAKE and PUT that give back the same table are left out, and so are moves that cannot
/// change the [lower bound](crate::bound) and cost more than `slack` (the actions left beyond
/// the bound): the search would drop what they lead to at once.
fn moves(table: &Table, goal: Piece, slack: u8, visit: &mut dyn FnMut(Step)) {
    let rows = table.rows();
    let idle = idle_rows(table, goal);
    let active: Vec<(RowId, Row)> = rows
        .iter()
        .zip(&idle)
        .filter(|&(_, &idle)| !idle)
        .map(|(&row, _)| row)
        .collect();
    for (i, &(first, a)) in rows.iter().enumerate() {
        if !a.is_run() {
            continue;
        }
        for (j, &(second, b)) in rows.iter().enumerate().skip(i + 1) {
            if idle[i] && idle[j] && slack < 1 {
                continue;
            }
            if a.combine(&b).is_ok() {
                let mut next = table.clone();
                if next.combine(first, second).is_ok() {
                    visit(Step {
                        actions: [Some(Action::Combine(first, second)), None],
                        table: next,
                    });
                }
            }
        }
    }
    for (i, &(source, row)) in rows.iter().enumerate() {
        let mut pieces = row.pieces();
        pieces.sort_unstable();
        pieces.dedup();
        for piece in pieces {
            // A plain tile moved between idle rows leaves the bound as it was (the parts of a
            // split idle row are idle too).
            let only_active = slack < 2 && piece != Piece::Joker && idle[i];
            if only_active && !active.iter().any(|(_, into)| into.matches(piece)) {
                continue;
            }
            // Rows are checked on their own before any table is copied.
            if row.take(piece).is_err() {
                continue;
            }
            let mut taken = table.clone();
            if taken.take(piece, source).is_err() {
                continue;
            }
            for &(target, into) in taken.rows() {
                if !into.matches(piece)
                    || (only_active && !active.iter().any(|&(id, _)| id == target))
                    || into.put(piece).is_err()
                {
                    continue;
                }
                let mut next = taken.clone();
                if next.put(piece, target).is_err() || next == *table {
                    continue;
                }
                visit(Step {
                    actions: [
                        Some(Action::Take(piece, source)),
                        Some(Action::Put(piece, target)),
                    ],
                    table: next,
                });
            }
        }
    }
}

/// The rows of a table without their ids, sorted: what can be done from it.
fn shape(table: &Table) -> Vec<Row> {
    let mut rows: Vec<Row> = table.rows().iter().map(|&(_, row)| row).collect();
    rows.sort_unstable();
    rows
}

struct Search {
    goal: Piece,
    /// Per table shape: the largest number of actions known not to be enough, and the
    /// smallest known to be enough.
    known: FxHashMap<Vec<Row>, (u8, u8)>,
    states: usize,
    /// Most states phase 1 may examine; phase 2 runs unlimited, inside a length phase 1 proved.
    limit: usize,
    /// Per table and number of actions: the preferred sequence, if any.
    best: FxHashMap<(Table, u8), Option<Vec<Action>>>,
    /// Checked every [`CHECK_EVERY`] states.
    stop: Stop,
}

impl Search {
    fn new(goal: Piece, stop: Stop) -> Search {
        Search {
            goal,
            known: FxHashMap::default(),
            states: 0,
            limit: MAX_STATES,
            best: FxHashMap::default(),
            stop,
        }
    }

    /// The preferred shortest answer from `table` (see [`solve`]).
    fn run(&mut self, table: &Table) -> Result<Vec<Action>, NoSolution> {
        let goal = self.goal;
        if !table.rows().iter().any(|(_, row)| row.matches(goal)) {
            return Err(NoSolution::NoRowForGoal(goal));
        }
        let need = lower_bound(table, goal);
        if need == NEVER {
            return Err(NoSolution::Unreachable(goal));
        }
        // Shorter budgets fail at the first state.
        for budget in need..=MAX_ACTIONS {
            self.stop.check()?;
            match self.reachable(table, budget) {
                Ok(true) => {
                    // The length is proved; choosing among its answers must not hit the limit.
                    self.limit = usize::MAX;
                    return Ok(self
                        .preferred(table, budget)?
                        .expect("a reachable budget has a sequence"));
                }
                Ok(false) => {}
                Err(Halt::Stopped) => return Err(NoSolution::Stopped(Stopped)),
                Err(Halt::Limit) => {
                    return Err(NoSolution::SearchLimit {
                        states: self.states,
                        tried: budget - 1,
                    });
                }
            }
        }
        Err(NoSolution::TooLong {
            goal,
            limit: MAX_ACTIONS,
        })
    }

    /// Whether the goal can be placed from `table` within `budget` actions.
    fn reachable(&mut self, table: &Table, budget: u8) -> Result<bool, Halt> {
        let need = lower_bound(table, self.goal);
        if need > budget {
            return Ok(false);
        }
        if need == 1 {
            // A row takes the goal now.
            return Ok(true);
        }
        let key = shape(table);
        if let Some(&(fails, works)) = self.known.get(&key) {
            if budget <= fails {
                return Ok(false);
            }
            if budget >= works {
                return Ok(true);
            }
        }
        self.states += 1;
        if self.states > self.limit {
            return Err(Halt::Limit);
        }
        if self.states.is_multiple_of(CHECK_EVERY) {
            self.stop.check()?;
        }
        let mut steps = Vec::new();
        moves(table, self.goal, budget - need, &mut |step| {
            steps.push(step)
        });
        let mut works = false;
        for step in steps {
            if step.cost() < budget && self.reachable(&step.table, budget - step.cost())? {
                works = true;
                break;
            }
        }
        let entry = self.known.entry(key).or_insert((0, u8::MAX));
        if works {
            entry.1 = entry.1.min(budget);
        } else {
            entry.0 = entry.0.max(budget);
        }
        Ok(works)
    }

    /// The preferred sequence of exactly `budget` actions from `table` (the shortest possible
    /// from here), if any.
    fn preferred(&mut self, table: &Table, budget: u8) -> Result<Option<Vec<Action>>, Stopped> {
        if let Some(known) = self.best.get(&(table.clone(), budget)) {
            return Ok(known.clone());
        }
        if self.best.len().is_multiple_of(CHECK_EVERY) {
            self.stop.check()?;
        }
        let result = if budget == 1 {
            table
                .row_taking(self.goal)
                .map(|id| vec![Action::Put(self.goal, id)])
        } else {
            let slack = budget.saturating_sub(lower_bound(table, self.goal));
            let mut steps = Vec::new();
            moves(table, self.goal, slack, &mut |step| steps.push(step));
            let mut best: Option<Vec<Action>> = None;
            for step in steps {
                let cost = step.cost();
                if cost >= budget {
                    continue;
                }
                match self.reachable(&step.table, budget - cost) {
                    Ok(true) => {}
                    Ok(false) => continue,
                    Err(Halt::Stopped) => return Err(Stopped),
                    // Phase 2 runs without a limit on states.
                    Err(Halt::Limit) => unreachable!("phase 2 has no limit"),
                }
                let Some(rest) = self.preferred(&step.table, budget - cost)? else {
                    continue;
                };
                let mut sequence: Vec<Action> = step.actions.iter().flatten().copied().collect();
                sequence.extend(rest);
                if best
                    .as_ref()
                    .is_none_or(|known| compare(&sequence, known) == Ordering::Less)
                {
                    best = Some(sequence);
                }
            }
            best
        };
        self.best.insert((table.clone(), budget), result.clone());
        Ok(result)
    }
}

/// The preference order between two answers of the same length, best first:
///
/// 1. COMBINE as early as possible: at the first position where one has a COMBINE and the
///    other not, the one with the COMBINE;
/// 2. COMBINE lower row ids first: the lists of (r1, r2) pairs, lexicographically;
/// 3. fewer joker actions (`TAKE J`, `PUT J`);
/// 4. joker actions as early as possible, as in 1;
/// 5. where the rules leave a tie (the published cases are built to have none), the actions
///    compared one by one: COMBINE before TAKE before PUT, then by tile (value, colour B G R
///    Y, the joker last), then by row id.
pub fn compare(a: &[Action], b: &[Action]) -> Ordering {
    deciding_rule(a, b).map_or(Ordering::Equal, |(_, order)| order)
}

/// The first criterion of [`compare`] that tells `a` and `b` apart, with the order it gives:
/// 0 for the length, 1 to 4 for the preference rules, 5 for the final tie-break; `None` if
/// the answers are equal.
pub(crate) fn deciding_rule(a: &[Action], b: &[Action]) -> Option<(u8, Ordering)> {
    let earliest = |flag: fn(&Action) -> bool| {
        a.iter()
            .zip(b)
            .find(|(x, y)| flag(x) != flag(y))
            .map_or(Ordering::Equal, |(x, _)| {
                if flag(x) {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            })
    };
    let pairs = |list: &[Action]| -> Vec<(RowId, RowId)> {
        list.iter()
            .filter_map(|action| match *action {
                Action::Combine(x, y) => Some((x, y)),
                _ => None,
            })
            .collect()
    };
    let jokers = |list: &[Action]| list.iter().filter(|action| action.is_joker()).count();
    // Evaluated lazily, in order: the first criterion that differs decides.
    let criteria: [&dyn Fn() -> Ordering; 6] = [
        &|| a.len().cmp(&b.len()),
        &|| earliest(Action::is_combine),
        &|| pairs(a).cmp(&pairs(b)),
        &|| jokers(a).cmp(&jokers(b)),
        &|| earliest(Action::is_joker),
        &|| a.cmp(b),
    ];
    criteria.iter().zip(0u8..).find_map(|(criterion, rule)| {
        let order = criterion();
        order.is_ne().then_some((rule, order))
    })
}

/// The preferred shortest answer: its actions, the last one the PUT of the goal tile.
///
/// # Errors
///
/// [`NoSolution`] with the reason.
pub fn solve(table: &Table, goal: Piece) -> Result<Vec<Action>, NoSolution> {
    solve_counting(table, goal).0
}

/// [`solve`], giving up with [`NoSolution::Stopped`] once `stop` is raised (the search checks
/// it every thousand or so table states).
///
/// # Errors
///
/// [`NoSolution`] with the reason, [`NoSolution::Stopped`] among them.
pub fn solve_until(table: &Table, goal: Piece, stop: &Stop) -> Result<Vec<Action>, NoSolution> {
    let mut search = Search::new(goal, stop.clone());
    search.run(table)
}

/// [`solve`], with the number of table states the search expanded (both phases): a measure
/// of how hard the puzzle is for this solver.
pub fn solve_counting(table: &Table, goal: Piece) -> (Result<Vec<Action>, NoSolution>, usize) {
    let mut search = Search::new(goal, Stop::never());
    let result = search.run(table);
    (result, search.states)
}
