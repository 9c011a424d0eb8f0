//! The solver against a brute-force reference: every legal action sequence up to a small
//! length, enumerated action by action, the best one picked by the preference order.

use proptest::prelude::*;
use rummikub_puzzle::{Action, Joker, Piece, Row, Table, compare, solve};

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
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let goal_value = 3 + next(8) as u8;
    let goal_color = next(4) as u8;
    let goal = Piece::Plain {
        value: goal_value,
        color: goal_color,
    };
    let mut copies = [[0u8; 15]; 4];
    copies[usize::from(goal_color)][usize::from(goal_value)] += 1;
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
        if !row.valid() {
            return None;
        }
        for piece in row.pieces() {
            if let Piece::Plain { value, color } = piece {
                copies[usize::from(color)][usize::from(value)] += 1;
                if copies[usize::from(color)][usize::from(value)] > 2 {
                    return None;
                }
            }
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
    // PROPTEST_CASES raises the count for a longer run after solver changes.
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2000)
    ))]

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
