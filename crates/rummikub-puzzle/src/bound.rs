//! A lower bound on the number of actions still needed to put the goal tile on the table.
//!
//! The solver cuts every branch whose actions so far plus this bound exceed the length it is
//! trying, so rows that cannot help place the goal cost nothing: a move among them leaves the
//! bound where it was and only spends actions.
//!
//! Why it is a lower bound. The last action puts the goal `v` (colour `c`) into a row `F`.
//!
//! - If `F` is a set, it is one of today's sets of value `v` (sets are never created). If it
//!   holds `c` now, that tile must leave by a TAKE/PUT (2 actions), and a 3-tile set must first
//!   grow by a PUT (2 more), or the TAKE would leave it invalid. A 4-tile set without `c` has its
//!   joker standing for `c`: something must leave too (2).
//! - If `F` is a run of colour `c`, trace it back to a run `g` of today's table (through PUTs,
//!   TAKEs, splits and COMBINEs). A run's values are always consecutive and its ends move one
//!   value at a time (a PUT at an end), jump over a whole adjacent run (a COMBINE), or shrink.
//!   So every value strictly between `v` and `g`'s values was at some moment newly covered by a
//!   tile of colour `c` or by the joker. A tile of that value now in a set left it by a TAKE/PUT
//!   (2 actions, plus 2 if the set has 3 tiles, as above); these are different actions for
//!   different values (a set has one value, a TAKE/PUT moves one tile). Tiles now in other runs
//!   of colour `c` may all arrive in one COMBINE: 1 action for all of them together.
//! - The joker can stand for one of those values. Bringing it costs nothing if it is the free
//!   joker of `g`; 1 if it is in another run of colour `c` (the COMBINE above may bring it);
//!   anywhere else a TAKE/PUT must move it (or, in a gap of `g`, free it): 2.
//!   It can stand for a second value only after leaving the first one by a TAKE that splits
//!   the run at its gap, which needs three plain tiles of the part going on towards `v` and a
//!   TAKE/PUT of the joker (2 actions): at most one more value per four needed values.
//! - If `v` is next to `g` or inside it and `g` does not take the goal now, at least one action
//!   must change something first.
//!
//! The bound is the cheapest of these over every set and run, plus the final PUT; 1 if some row
//! takes the goal now. [`NEVER`] means no sequence can place the goal (a value with no tile
//! left to fill it, no row of its value or colour).

use std::ops::Range;

use crate::row::{Joker, Piece, Row};
use crate::table::Table;

/// The bound of a table from which the goal can never be placed.
pub const NEVER: u8 = u8::MAX;

/// The fewest actions that can put `goal` on `table` (see the module docs), or [`NEVER`].
pub fn lower_bound(table: &Table, goal: Piece) -> u8 {
    let Piece::Plain { value: v, color: c } = goal else {
        return 1;
    };
    if table.row_taking(goal).is_some() {
        return 1;
    }
    // Per value of the goal's colour: whether a run holds that tile, and the cheapest way to
    // take it out of a set.
    let mut in_run = 0u16;
    let mut from_set = [NEVER; 16];
    // The id of the joker's row and whether it is a run of the goal's colour.
    let mut joker_row = None;
    for &(id, row) in table.rows() {
        if row.has_joker() {
            joker_row = Some((id, matches!(row, Row::Run { color, .. } if color == c)));
        }
        match row {
            Row::Run {
                color,
                low,
                high,
                joker,
            } if color == c => in_run |= plain_values(low, high, joker),
            Row::Set { value, colors, .. } if colors >> c & 1 == 1 => {
                let cost = if row.len() >= 4 { 2 } else { 4 };
                let slot = &mut from_set[usize::from(value)];
                *slot = (*slot).min(cost);
            }
            _ => {}
        }
    }
    let fill = |needed: Range<u8>, id, joker| {
        // What bringing the joker to the run costs: nothing if it is the run's free joker;
        // it may come with the COMBINE of its run of the goal's colour; anywhere else (a
        // set, a run of another colour, this run's gap) a TAKE/PUT must move it or free it.
        let joker = joker_row.map(|(at, in_run_of_color)| {
            if at == id {
                if joker == Joker::Free { 0 } else { 2 }
            } else if in_run_of_color {
                1
            } else {
                2
            }
        });
        fill_cost(needed, in_run, &from_set, joker)
    };
    let mut best = NEVER;
    for &(id, row) in table.rows() {
        let cost = match row {
            Row::Set { value, colors, .. } if value == v => {
                if row.len() >= 4 {
                    2
                } else if colors >> c & 1 == 1 {
                    4
                } else {
                    1
                }
            }
            Row::Run {
                color,
                low,
                high,
                joker,
            } if color == c => {
                let needed = between(v, low, high);
                if needed.is_empty() {
                    1
                } else {
                    fill(needed, id, joker)
                }
            }
            _ => NEVER,
        };
        best = best.min(cost);
    }
    if best == NEVER {
        NEVER
    } else {
        1 + best.max(1)
    }
}

/// Per row of `table`: whether it is idle, i.e. no move of a plain tile between idle rows can
/// change [`lower_bound`]. A row is idle unless it holds the joker, is a run of the goal's
/// colour, a set of the goal's value, or a set holding the goal's colour at a value some run
/// of that colour needs (between the goal and the run) and no run holds. A move between idle
/// rows leaves the runs of the goal's colour as they are, so the same rows stay idle.
pub fn idle_rows(table: &Table, goal: Piece) -> Vec<bool> {
    let Piece::Plain { value: v, color: c } = goal else {
        return vec![false; table.rows().len()];
    };
    let mut in_run = 0u16;
    let mut needed = 0u16;
    for &(_, row) in table.rows() {
        if let Row::Run {
            color,
            low,
            high,
            joker,
        } = row
            && color == c
        {
            in_run |= plain_values(low, high, joker);
            needed |= between(v, low, high).fold(0, |mask, x| mask | 1 << x);
        }
    }
    let wanted = needed & !in_run;
    table
        .rows()
        .iter()
        .map(|&(_, row)| {
            !row.has_joker()
                && match row {
                    Row::Run { color, .. } => color != c,
                    Row::Set { value, colors, .. } => {
                        value != v && (colors >> c & 1 == 0 || wanted >> value & 1 == 0)
                    }
                }
        })
        .collect()
}

/// The values a run of `low..=high` holds as plain tiles, a bit per value: all but the one a
/// gap joker stands for.
fn plain_values(low: u8, high: u8, joker: Joker) -> u16 {
    let all = (low..=high).fold(0u16, |mask, x| mask | 1 << x);
    match joker {
        Joker::Gap(x) => all & !(1 << x),
        Joker::None | Joker::Free => all,
    }
}

/// The values strictly between the goal's value `v` and a run of `low..=high`: what the run
/// must be given before it can reach the goal (none if the goal is next to it or inside it).
fn between(v: u8, low: u8, high: u8) -> Range<u8> {
    if v < low {
        v + 1..low
    } else if v > high {
        high + 1..v
    } else {
        v..v
    }
}

/// The fewest actions that cover the values `needed` of the goal's colour next to a run (see
/// the module docs), or [`NEVER`]. `joker`: what bringing the joker costs, if it is on the
/// table (1 meaning it may come with the COMBINE that brings tiles of other runs).
fn fill_cost(needed: Range<u8>, in_run: u16, from_set: &[u8; 16], joker: Option<u8>) -> u8 {
    let count = needed.len();
    let mut runs = 0usize;
    let mut sets: Vec<u8> = Vec::with_capacity(count);
    for x in needed {
        if in_run >> x & 1 == 1 {
            runs += 1;
        } else {
            sets.push(from_set[usize::from(x)]);
        }
    }
    let total = |sets: &[u8], runs: usize, joker: u8| {
        if sets.contains(&NEVER) {
            NEVER
        } else {
            let combine = u8::from(runs > 0 || joker == 1);
            sets.iter().sum::<u8>() + combine + if joker == 2 { 2 } else { 0 }
        }
    };
    let plain = total(&sets, runs, 0);
    let Some(joker) = joker else {
        return plain;
    };
    // The joker stands for the dearest value; each further value it stands for costs 2.
    sets.sort_unstable_by(|a, b| b.cmp(a));
    if sets.is_empty() {
        runs -= 1;
    } else {
        sets.remove(0);
    }
    for cost in sets.iter_mut().take((count - 1) / 4) {
        *cost = (*cost).min(2);
    }
    plain.min(total(&sets, runs, joker))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_puzzle;

    fn bound(text: &str) -> u8 {
        let puzzle = parse_puzzle(text).expect("a valid puzzle");
        lower_bound(&puzzle.table, puzzle.goal)
    }

    #[test]
    fn a_row_taking_the_goal_needs_one_action() {
        assert_eq!(bound("3R\n2\n1 4R 5R 6R\n2 4B 4G 4Y\n"), 1);
    }

    #[test]
    fn the_part_2_example_is_bounded_exactly() {
        // 4G, 5G and 6G each leave a 3-tile set, which must first get a fourth tile: 4 actions
        // each, then the PUT of 3G: 13, the published answer's length.
        let text = "3G\n5\n1 4G 4R 4Y\n2 6G 6R 6Y\n3 4B 5B 6B 7B 8B 9B\n4 7G 8G 9G\n5 5G 5R 5Y\n";
        assert_eq!(bound(text), 13);
    }

    #[test]
    fn a_joker_stands_for_the_dearest_value() {
        // As above, but the joker (in a 4-tile set) can stand for one of 4G, 5G, 6G: two
        // 4-action values, a TAKE/PUT to bring the joker, the final PUT.
        let text = "3G\n6\n1 4G 4R 4Y\n2 6G 6R 6Y\n3 4B 5B 6B 7B 8B 9B\n4 7G 8G 9G\n5 5G 5R 5Y\n\
                    6 11B 11G 11R J\n";
        assert_eq!(bound(text), 11);
        // The run's own free joker costs nothing to bring.
        let text = "3G\n5\n1 4G 4R 4Y\n2 6G 6R 6Y\n3 4B 5B 6B 7B 8B 9B\n4 7G 8G 9G J\n\
                    5 5G 5R 5Y\n";
        assert_eq!(bound(text), 9);
    }

    #[test]
    fn the_nearest_run_decides() {
        // Row 2 needs 4G from the 4-tile set (2 actions); row 1 needs it too, and 5G to 7G
        // from row 2 (a COMBINE): 3.
        let text = "3G\n3\n1 8G 9G 10G\n2 5G 6G 7G\n3 4B 4G 4R 4Y\n";
        assert_eq!(bound(text), 3);
    }

    #[test]
    fn a_set_holding_the_goal_colour_must_give_it_up() {
        assert_eq!(bound("5G\n1\n1 5B 5G 5R 5Y\n"), 3);
        assert_eq!(bound("5G\n1\n1 5B 5G 5R\n"), 5);
    }

    #[test]
    fn a_value_no_tile_can_fill_is_never_reached() {
        assert_eq!(bound("3G\n1\n1 7G 8G 9G\n"), NEVER);
    }
}
