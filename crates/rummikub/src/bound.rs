//! An upper bound on the tiles a move can place, from the linear relaxation of the
//! set-partition model: the groups of the new table, counted by type, must hold exactly the
//! table's tiles and the rack tiles played.
//!
//! A group type is a multiset of tiles: a run of `min_group` to `2 · min_group - 1` tiles of
//! one colour (a longer run splits into these), a set of `min_group` up to one tile per colour
//! of one number, each with up to the per-group number of jokers in some of its places (a joker
//! stands for one place of a run, so a run's tiles fix its layout). Every new table is a sum of
//! such groups, so the relaxation's optimum bounds every move; rounded down it is the answer
//! on nearly every realistic position (1,938 of the benchmark's 2,000 sampled positions, and
//! never more than 2 above). It is the target the solver's search can stop at.

use std::cell::RefCell;
use std::rc::Rc;

use crate::lp::{Programme, TOLERANCE};
use crate::solve::{Place, SolveError, check_counts, check_in_game};
use crate::{Group, Rules, Tile};

/// The most tiles any move from `rack` onto `table` can place (the table may be rearranged),
/// or more: the linear relaxation of the set-partition model, rounded down.
///
/// ```
/// use rummikub::{Rules, most_tiles_bound, parse_tiles, solve, Objective};
/// let rules = Rules::standard();
/// let table = vec![parse_tiles("R1 R2 R3")?, parse_tiles("K6 K7 K8 K9")?];
/// let rack = parse_tiles("R4 B9 O9 K1")?;
/// let bound = most_tiles_bound(&table, &rack, &rules)?;
/// let best = solve(&table, &rack, &rules, Objective::MostTiles)?;
/// assert_eq!((bound, best.tiles()), (3, 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`crate::solve()`]: a table group that is not valid, a tile the rules do not have, more
/// copies of a tile than the game has.
pub fn most_tiles_bound(
    table: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
) -> Result<u32, SolveError> {
    for (index, tiles) in table.iter().enumerate() {
        Group::new(tiles, rules).map_err(|error| SolveError::InvalidTable {
            index,
            tiles: tiles.clone(),
            error,
        })?;
    }
    check_in_game(rack, Place::Rack, rules)?;
    check_counts(rules, table.iter().flatten().chain(rack), true)?;
    let kinds = Kinds::new(rules);
    let mut on_table = vec![0u32; kinds.count()];
    let mut in_rack = vec![0u32; kinds.count()];
    for &tile in table.iter().flatten() {
        on_table[kinds.of(tile)] += 1;
    }
    for &tile in rack {
        in_rack[kinds.of(tile)] += 1;
    }
    if in_rack.iter().all(|&n| n == 0) {
        return Ok(0);
    }
    let mut programme = Programme::default();
    let mut row_of = vec![usize::MAX; kinds.count()];
    for kind in 0..kinds.count() {
        if on_table[kind] + in_rack[kind] > 0 {
            row_of[kind] = programme.add_row(f64::from(on_table[kind]));
        }
    }
    let mut entries: Vec<(usize, f64)> = Vec::new();
    let types = cached_group_types(rules, &kinds);
    let mut column_of = vec![usize::MAX; types.len()];
    for (index, group) in types.iter().enumerate() {
        // Only the types the tiles in play can make.
        let fits = group.iter().all(|&kind| {
            let wanted = group.iter().filter(|&&k| k == kind).count();
            wanted <= (on_table[kind] + in_rack[kind]) as usize
        });
        if !fits {
            continue;
        }
        entries.clear();
        for &kind in group {
            match entries.iter_mut().find(|(row, _)| *row == row_of[kind]) {
                Some((_, count)) => *count += 1.0,
                None => entries.push((row_of[kind], 1.0)),
            }
        }
        column_of[index] = programme.columns();
        programme.add_column(0.0, f64::from(rules.copies.max(1)), entries.clone());
    }
    let start = table_start(table, rules, &kinds, &types, &column_of);
    for kind in 0..kinds.count() {
        if in_rack[kind] > 0 {
            programme.add_column(1.0, f64::from(in_rack[kind]), vec![(row_of[kind], -1.0)]);
        }
    }
    let optimum = programme
        .maximise_from(&start)
        .expect("the table as it is, nothing played, satisfies every row");
    // The relaxation's value is at most the rack's size, a small whole number.
    Ok((optimum + TOLERANCE * 100.0).floor().max(0.0) as u32)
}

/// The table as it is, as a point of the model: each table group's type (a run longer than
/// the longest type cut into types from its start), with how often the table holds it. Empty
/// if some piece has no column (it cannot happen for valid groups; the simplex then starts
/// from scratch).
fn table_start(
    table: &[Vec<Tile>],
    rules: &Rules,
    kinds: &Kinds<'_>,
    types: &[Vec<usize>],
    column_of: &[usize],
) -> Vec<(usize, f64)> {
    let min = usize::from(rules.min_group).max(1);
    let mut start: Vec<(usize, f64)> = Vec::new();
    for tiles in table {
        let mut rest: &[Tile] = tiles;
        while !rest.is_empty() {
            let take = if rest.len() > 2 * min - 1 {
                min
            } else {
                rest.len()
            };
            let mut piece: Vec<usize> = rest[..take].iter().map(|&tile| kinds.of(tile)).collect();
            piece.sort_unstable();
            rest = &rest[take..];
            let Some(&column) = types
                .binary_search(&piece)
                .ok()
                .and_then(|index| column_of.get(index))
                .filter(|&&column| column != usize::MAX)
            else {
                return Vec::new();
            };
            match start.iter_mut().find(|(c, _)| *c == column) {
                Some((_, count)) => *count += 1.0,
                None => start.push((column, 1.0)),
            }
        }
    }
    if start
        .iter()
        .any(|&(_, count)| count > f64::from(rules.copies.max(1)))
    {
        return Vec::new();
    }
    start
}

/// Tile kinds as indices: a numbered tile by its colour's rank and number, the joker last.
struct Kinds<'r> {
    colors: usize,
    highest: usize,
    rules: &'r Rules,
}

impl<'r> Kinds<'r> {
    fn new(rules: &'r Rules) -> Kinds<'r> {
        Kinds {
            colors: rules.colors.len(),
            highest: usize::from(rules.highest.get()),
            rules,
        }
    }

    fn count(&self) -> usize {
        self.colors * self.highest + 1
    }

    fn joker(&self) -> usize {
        self.colors * self.highest
    }

    fn numbered(&self, color: usize, number: usize) -> usize {
        color * self.highest + number - 1
    }

    fn of(&self, tile: Tile) -> usize {
        match (tile.color(), tile.number()) {
            (Some(color), Some(number)) => {
                let rank = self
                    .rules
                    .color_rank(color)
                    .expect("checked to be in the game");
                self.numbered(rank, usize::from(number.get()))
            }
            _ => self.joker(),
        }
    }
}

/// Group types as [`group_types`] gives them.
type Types = Rc<Vec<Vec<usize>>>;

/// [`group_types`], worked out once per thread for the last rules asked about.
fn cached_group_types(rules: &Rules, kinds: &Kinds<'_>) -> Types {
    thread_local! {
        static LAST: RefCell<Option<(Rules, Types)>> = const { RefCell::new(None) };
    }
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        match &*last {
            Some((cached, types)) if cached == rules => Rc::clone(types),
            _ => {
                let types = Rc::new(group_types(rules, kinds));
                *last = Some((rules.clone(), Rc::clone(&types)));
                types
            }
        }
    })
}

/// Every group type of the rules, as the sorted kinds of its tiles (each type once).
fn group_types(rules: &Rules, kinds: &Kinds<'_>) -> Vec<Vec<usize>> {
    let min = usize::from(rules.min_group).max(1);
    let most_jokers = rules.max_jokers_in_group();
    let mut types = Vec::new();
    // Runs: each length from the shortest to twice it less one, every start, every choice of
    // places the jokers take.
    for color in 0..kinds.colors {
        for length in min..=(2 * min - 1).min(kinds.highest) {
            for start in 1..=kinds.highest + 1 - length {
                for places in 0u32..(1 << length) {
                    let jokers = places.count_ones() as usize;
                    if jokers > most_jokers || jokers == length {
                        continue;
                    }
                    let mut group: Vec<usize> = (0..length)
                        .filter(|place| places & (1 << place) == 0)
                        .map(|place| kinds.numbered(color, start + place))
                        .collect();
                    group.extend(std::iter::repeat_n(kinds.joker(), jokers));
                    types.push(group);
                }
            }
        }
    }
    // Sets: one number, distinct colours, jokers for colours not given.
    for number in 1..=kinds.highest {
        for colors in 1u32..(1 << kinds.colors) {
            let naturals = colors.count_ones() as usize;
            for size in min.max(naturals)..=kinds.colors {
                if size - naturals > most_jokers {
                    continue;
                }
                let mut group: Vec<usize> = (0..kinds.colors)
                    .filter(|color| colors & (1 << color) != 0)
                    .map(|color| kinds.numbered(color, number))
                    .collect();
                group.extend(std::iter::repeat_n(kinds.joker(), size - naturals));
                types.push(group);
            }
        }
    }
    types.sort_unstable();
    types.dedup();
    types
}

#[cfg(test)]
mod tests {
    use super::{Kinds, group_types};
    use crate::Rules;

    /// The standard rules have 1,173 group types: runs of 3-5 and sets of 3-4, up to two
    /// jokers, each multiset once.
    #[test]
    fn the_standard_rules_have_1173_group_types() {
        let rules = Rules::standard();
        let types = group_types(&rules, &Kinds::new(&rules));
        assert_eq!(types.len(), 1173);
        // Worked out by hand: runs with no joker, 4 colours × (11 + 10 + 9) = 120; sets with
        // no joker, 13 × (4 + 1) = 65.
        let kinds = Kinds::new(&rules);
        let plain = types.iter().filter(|g| !g.contains(&kinds.joker())).count();
        assert_eq!(plain, 120 + 65);
    }
}
