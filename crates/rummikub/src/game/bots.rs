//! The bots: `solver` and `value` play the best move the exact solver finds (most tiles, or
//! most value), the opening objective until they have made the initial meld; `greedy` plays as
//! a beginner does, laying down groups from its own rack and adding tiles to the ends of table
//! groups, never rearranging.

use itertools::Itertools;
use tiles_core::Bot;

use super::turn::best_reading;
use super::{Action, Game, View};
use crate::group::{Group, GroupKind};
use crate::rules::Rules;
use crate::solve::{Objective, solve_going_out};
use crate::steps::remove_all;
use crate::tile::Tile;

/// The names [`bot_named`] knows.
pub const BOT_NAMES: [&str; 3] = ["solver", "value", "greedy"];

/// The bot of a name: `solver`, `value` or `greedy`.
pub fn bot_named(name: &str) -> Option<&'static dyn Bot<Game>> {
    match name {
        "solver" => Some(&SolverBot),
        "value" => Some(&ValueBot),
        "greedy" => Some(&GreedyBot),
        _ => None,
    }
}

/// The solver's best move for `objective`, or the opening objective while the player must
/// make the initial meld; a draw when it places nothing. A move that empties the rack ends the
/// game, so the first such move found is played ([`solve_going_out`]).
fn solver_move(view: &View, objective: Objective) -> Action {
    let objective = if view.must_open() {
        Objective::Opening
    } else {
        objective
    };
    match solve_going_out(&view.table, &view.rack, &view.rules, objective) {
        Ok(found) if found.tiles() > 0 => Action::Play(
            found
                .table()
                .iter()
                .map(|group| group.tiles().to_vec())
                .collect(),
        ),
        _ => Action::Draw,
    }
}

/// Plays the move that places the most rack tiles (then leaves the most table groups as they
/// were, then the most value), rearranging the table freely; before its initial meld, the
/// meld with the most tiles (then value) that reaches the threshold. A move that empties its
/// rack wins the game at once, so it plays the first such move the solver finds, however many
/// table groups it changes. Draws when nothing can be placed.
#[derive(Debug, Clone, Copy, Default)]
pub struct SolverBot;

impl Bot<Game> for SolverBot {
    fn name(&self) -> &str {
        "solver"
    }

    fn choose(&self, view: &View) -> Action {
        solver_move(view, Objective::MostTiles)
    }
}

/// As [`SolverBot`], but places the most face value (then leaves the most table groups as
/// they were, then the most tiles).
#[derive(Debug, Clone, Copy, Default)]
pub struct ValueBot;

impl Bot<Game> for ValueBot {
    fn name(&self) -> &str {
        "value"
    }

    fn choose(&self, view: &View) -> Action {
        solver_move(view, Objective::MostValue)
    }
}

/// A beginner. It lays down groups made of its own rack tiles, the largest first (then the
/// most valuable; a joker only completes two tiles into a group when no group can be made
/// without one), and once it has made the initial meld it adds rack tiles to the ends of
/// table groups (a number just below or above a run, a missing colour of a set), one at a
/// time while any fits. It never takes a tile from the table. Before its initial meld it lays
/// down its groups only if they reach the threshold together. It draws when it places nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct GreedyBot;

impl Bot<Game> for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&self, view: &View) -> Action {
        greedy_move(view)
    }
}

fn greedy_move(view: &View) -> Action {
    let rules = &view.rules;
    let mut rack = view.rack.clone();
    let mut laid: Vec<Group> = Vec::new();
    while let Some(group) = best_rack_group(&rack, rules) {
        remove_all(&mut rack, group.tiles());
        laid.push(group);
    }
    let mut table = view.table.clone();
    if view.must_open() {
        let worth: u32 = laid
            .iter()
            .map(|group| best_reading(group, rules).iter().sum::<u32>())
            .sum();
        if laid.is_empty() || rules.initial_meld.is_some_and(|needed| worth < needed) {
            return Action::Draw;
        }
        table.extend(laid.iter().map(|group| group.tiles().to_vec()));
        return Action::Play(table);
    }
    let mut placed = !laid.is_empty();
    table.extend(laid.iter().map(|group| group.tiles().to_vec()));
    'adding: loop {
        for (at, &tile) in rack.iter().enumerate() {
            if tile.is_joker() {
                continue;
            }
            for group in &mut table {
                if extends_at_an_end(group, tile, rules) {
                    group.push(tile);
                    rack.remove(at);
                    placed = true;
                    continue 'adding;
                }
            }
        }
        break;
    }
    if placed {
        Action::Play(table)
    } else {
        Action::Draw
    }
}

/// Whether `tile` added to the valid group `group` makes a valid group by extending it: a
/// set's missing colour, or a run's number just outside its ends.
fn extends_at_an_end(group: &[Tile], tile: Tile, rules: &Rules) -> bool {
    let Ok(before) = Group::new(group, rules) else {
        return false;
    };
    let mut extended = group.to_vec();
    extended.push(tile);
    if Group::new(&extended, rules).is_err() {
        return false;
    }
    match before.kind() {
        GroupKind::Set => true,
        GroupKind::Run => {
            let numbers = before.slots().iter().filter_map(|slot| slot.number);
            let (low, high) = (numbers.clone().min(), numbers.max());
            tile.number()
                .is_some_and(|n| low.is_some_and(|l| n < l) || high.is_some_and(|h| n > h))
        }
    }
}

/// The group to lay down next from `rack`: the most tiles, then the most value, among every
/// set of one tile per colour of a number and every longest run of consecutive numbers of a
/// colour; if there is none, the most valuable group of two tiles and a joker.
fn best_rack_group(rack: &[Tile], rules: &Rules) -> Option<Group> {
    let numbered: Vec<(crate::tile::Color, u8)> = rack
        .iter()
        .filter_map(|tile| Some((tile.color()?, tile.number()?.get())))
        .collect();
    let has = |color, number| numbered.contains(&(color, number));
    let tile = |color, number| Tile::new(color, number);
    let mut candidates: Vec<Vec<Tile>> = Vec::new();
    for &color in &rules.colors {
        let mut number = 1;
        while number <= rules.highest.get() {
            let start = number;
            while number <= rules.highest.get() && has(color, number) {
                number += 1;
            }
            if number - start >= 3 {
                candidates.push((start..number).filter_map(|n| tile(color, n)).collect());
            }
            number = number.max(start + 1);
        }
    }
    for number in 1..=rules.highest.get() {
        let set: Vec<Tile> = rules
            .colors
            .iter()
            .filter(|&&color| has(color, number))
            .filter_map(|&color| tile(color, number))
            .collect();
        if set.len() >= 3 {
            candidates.push(set);
        }
    }
    if candidates.is_empty() && rack.contains(&Tile::Joker) {
        for (&(color, number), &(other_color, other_number)) in numbered.iter().tuple_combinations()
        {
            let pair_fits = (number == other_number && color != other_color)
                || (color == other_color
                    && other_number.abs_diff(number) <= 2
                    && other_number != number);
            if pair_fits {
                candidates.extend(
                    [tile(color, number), tile(other_color, other_number)]
                        .into_iter()
                        .collect::<Option<Vec<Tile>>>()
                        .map(|mut pair| {
                            pair.push(Tile::Joker);
                            pair
                        }),
                );
            }
        }
    }
    candidates
        .into_iter()
        .filter_map(|tiles| Group::new(&tiles, rules).ok())
        .max_by_key(|group| {
            let value: u32 = best_reading(group, rules).iter().sum();
            (group.len(), value)
        })
}
