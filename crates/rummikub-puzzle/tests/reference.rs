//! The solver against a brute-force reference: every legal action sequence up to a small
//! length, enumerated action by action, the best one picked by the preference order.

use std::collections::{HashSet, VecDeque};

use proptest::prelude::*;
use rummikub_puzzle::{Action, Joker, Piece, Row, Table, compare, solve};
use rummikub_puzzle::{NEVER, lower_bound};

mod support;
use support::{Copies, every_move, long_puzzle, random};

/// Longest sequence the reference enumerates.
const REFERENCE_LENGTH: usize = 5;

/// Every legal sequence from `table` of at most `left` more actions, following the rules
/// action by action: a TAKE is followed by the PUT of the same tile, the goal tile is put
/// only by the last action. Calls `found` with each complete answer.
fn enumerate(
    table: &Table,
    goal: Piece,
    held: Option<Piece>,
    left: usize,
    sequence: &mut Vec<Action>,
    found: &mut dyn FnMut(&[Action]),
) {
    if left == 0 {
        return;
    }
    let ids: Vec<u16> = table.rows().iter().map(|&(id, _)| id).collect();
    if let Some(piece) = held {
        for &id in &ids {
            let mut next = table.clone();
            if next.put(piece, id).is_ok() {
                sequence.push(Action::Put(piece, id));
                enumerate(&next, goal, None, left - 1, sequence, found);
                sequence.pop();
            }
        }
        return;
    }
    for &id in &ids {
        let mut next = table.clone();
        if next.put(goal, id).is_ok() {
            sequence.push(Action::Put(goal, id));
            found(sequence);
            sequence.pop();
        }
    }
    for &a in &ids {
        for &b in &ids {
            let mut next = table.clone();
            if next.combine(a, b).is_ok() {
                sequence.push(Action::Combine(a, b));
                enumerate(&next, goal, None, left - 1, sequence, found);
                sequence.pop();
            }
        }
    }
    let mut pieces = vec![Piece::Joker];
    for value in 1..=13 {
        for color in 0..4 {
            pieces.push(Piece::Plain { value, color });
        }
    }
    for &id in &ids {
        for &piece in &pieces {
            let mut next = table.clone();
            if next.take(piece, id).is_ok() {
                sequence.push(Action::Take(piece, id));
                enumerate(&next, goal, Some(piece), left - 1, sequence, found);
                sequence.pop();
            }
        }
    }
}

/// The reference's best answer of at most [`REFERENCE_LENGTH`] actions.
fn reference(table: &Table, goal: Piece) -> Option<Vec<Action>> {
    let mut best: Option<Vec<Action>> = None;
    enumerate(
        table,
        goal,
        None,
        REFERENCE_LENGTH,
        &mut Vec::new(),
        &mut |answer| {
            if best
                .as_ref()
                .is_none_or(|known| compare(answer, known).is_lt())
            {
                best = Some(answer.to_vec());
            }
        },
    );
    best
}

/// A small random table near the goal: a few runs and sets of nearby values, maybe the joker.
fn small_puzzle(seed: u64) -> Option<(Table, Piece)> {
    let mut next = random(seed);
    let goal_value = 3 + next(8) as u8;
    let goal_color = next(4) as u8;
    let goal = Piece::Plain {
        value: goal_value,
        color: goal_color,
    };
    let mut copies = Copies::new(goal);
    let mut joker_left = next(2) == 0;
    let mut rows = Vec::new();
    let n_rows = 3 + next(3) as u16;
    for id in 1..=n_rows {
        let near = |offset: u64| (i64::from(goal_value) + offset as i64 - 3).clamp(1, 13) as u8;
        let mut row = if next(2) == 0 {
            let color = if next(2) == 0 {
                goal_color
            } else {
                next(4) as u8
            };
            let low = near(next(7)).min(11);
            let len = 3 + next(3) as u8;
            let high = (low + len - 1).min(13);
            Row::Run {
                color,
                low,
                high,
                joker: Joker::None,
            }
        } else {
            let value = near(next(7));
            let mut colors = 0b1111u8;
            if next(2) == 0 {
                colors &= !(1 << next(4));
            }
            Row::Set {
                value,
                colors,
                joker: false,
            }
        };
        if joker_left && next(3) == 0 {
            row = match row {
                Row::Set { value, colors, .. } if colors.count_ones() == 3 => Row::Set {
                    value,
                    colors,
                    joker: true,
                },
                Row::Run {
                    color, low, high, ..
                } if high - low >= 2 => Row::Run {
                    color,
                    low,
                    high,
                    joker: if next(2) == 0 {
                        Joker::Free
                    } else {
                        Joker::Gap(low + 1 + next(u64::from(high - low - 1)) as u8)
                    },
                },
                other => other,
            };
            joker_left &= !row.has_joker();
        }
        if !copies.add(&row) {
            return None;
        }
        rows.push((id, row));
    }
    let table = Table::new(rows);
    // Mostly puzzles whose goal does not fit at once.
    if table.row_taking(goal).is_some() && next(5) != 0 {
        return None;
    }
    Some((table, goal))
}

proptest! {
    #![proptest_config(tiles_testkit::props::config(2000))]

    #[test]
    fn solver_matches_brute_force(seed in any::<u64>()) {
        let Some((table, goal)) = small_puzzle(seed) else {
            return Ok(());
        };
        let expected = reference(&table, goal);
        let found = solve(&table, goal);
        match (expected, found) {
            (Some(expected), Ok(found)) => prop_assert_eq!(found, expected, "table:\n{}goal {}", table, goal),
            (Some(expected), Err(reason)) => prop_assert!(false, "solver failed ({reason}) where the reference found {expected:?}\n{table}goal {goal}"),
            (None, Ok(found)) => prop_assert!(found.len() > REFERENCE_LENGTH, "solver found {found:?} the reference missed\n{table}goal {goal}"),
            (None, Err(_)) => {}
        }
    }
}

/// The generator makes enough puzzles with short answers to test anything.
#[test]
fn generated_puzzles_are_varied() {
    let mut solved = [0usize; REFERENCE_LENGTH + 1];
    let mut with_joker = 0;
    for seed in 0..3000 {
        if let Some((table, goal)) = small_puzzle(seed) {
            with_joker += usize::from(table.rows().iter().any(|(_, row)| row.has_joker()));
            if let Some(answer) = reference(&table, goal) {
                solved[answer.len()] += 1;
            }
        }
    }
    assert!(
        solved[1] > 10 && solved[3] > 10 && solved[4] + solved[5] > 10,
        "{solved:?}"
    );
    assert!(with_joker > 20, "{with_joker}");
}

/// The table without its row ids: what can be done from it.
fn shape(table: &Table) -> Vec<Row> {
    let mut rows: Vec<Row> = table.rows().iter().map(|&(_, row)| row).collect();
    rows.sort_unstable();
    rows
}

/// The length of the shortest answer, by a plain breadth-first search over tables (no bound,
/// no pruning): `Some(length)` up to `longest` actions, `None` if there is none that short,
/// `Err` if the search grew past `most_states`.
fn shortest(
    table: &Table,
    goal: Piece,
    longest: usize,
    most_states: usize,
) -> Result<Option<usize>, ()> {
    // Layers by number of actions: a COMBINE costs 1, a TAKE with its PUT 2.
    let mut layers: VecDeque<Vec<Table>> = VecDeque::from([vec![table.clone()], vec![], vec![]]);
    let mut seen: HashSet<Vec<Row>> = HashSet::from([shape(table)]);
    for spent in 0..longest {
        let layer = layers.pop_front().unwrap_or_default();
        layers.push_back(Vec::new());
        for table in layer {
            if table.row_taking(goal).is_some() {
                return Ok(Some(spent + 1));
            }
            for (next, cost) in every_move(&table) {
                if seen.insert(shape(&next)) {
                    layers[cost - 1].push(next);
                }
            }
            if seen.len() > most_states {
                return Err(());
            }
        }
    }
    Ok(None)
}

proptest! {
    #![proptest_config(tiles_testkit::props::config(300))]

    /// On bigger tables with longer answers: the solver's length is the breadth-first
    /// search's, and the lower bound never exceeds it.
    #[test]
    fn length_and_bound_match_breadth_first_search(seed in any::<u64>()) {
        let Some((table, goal)) = long_puzzle(seed) else {
            return Ok(());
        };
        let Ok(expected) = shortest(&table, goal, 15, 100_000) else {
            return Ok(());
        };
        let bound = lower_bound(&table, goal);
        match expected {
            Some(length) => {
                prop_assert!(usize::from(bound) <= length, "bound {bound} > {length}\n{table}goal {goal}");
                let found = solve(&table, goal);
                prop_assert_eq!(found.map(|answer| answer.len()).ok(), Some(length), "table:\n{}goal {}", table, goal);
            }
            None => {
                if let Ok(found) = solve(&table, goal) {
                    prop_assert!(found.len() > 15, "solver found {found:?}, shorter than the search allows\n{table}goal {goal}");
                    prop_assert!(bound != NEVER);
                }
            }
        }
    }
}

/// The bigger generator makes answers long enough for the bound to matter.
#[test]
fn bigger_puzzles_have_long_answers() {
    let mut lengths = [0usize; 16];
    for seed in 0..300 {
        if let Some((table, goal)) = long_puzzle(seed)
            && let Ok(Some(length)) = shortest(&table, goal, 15, 100_000)
        {
            lengths[length] += 1;
        }
    }
    assert!(lengths[7..].iter().sum::<usize>() > 10, "{lengths:?}");
}
