//! `arrange` and `solve` against a brute-force reference: enumerate every partition of the
//! tiles into valid groups (every table tile used, any rack tiles) and take the best by the
//! objective's full order, on small random positions under every preset, with jokers.

mod support;

use support::moves;

use std::collections::BTreeMap;

use proptest::prelude::*;
use rummikub::{Color, Group, Move, Objective, Preset, Rules, Tile, arrange, full_set, solve};

type Counts = BTreeMap<Tile, u8>;

fn counts<'a>(tiles: impl IntoIterator<Item = &'a Tile>) -> Counts {
    let mut counts = Counts::new();
    for &tile in tiles {
        *counts.entry(tile).or_default() += 1;
    }
    counts
}

/// The rules with free run order: which tile multisets are groups does not depend on it.
fn free_order(rules: &Rules) -> Rules {
    Rules {
        ordered_runs: false,
        ..rules.clone()
    }
}

/// Every sub-multiset of `available` holding one `pivot` that is a valid group.
fn groups_with(pivot: Tile, available: &Counts, rules: &Rules) -> Vec<Vec<Tile>> {
    fn extend(
        kinds: &[(Tile, u8)],
        at: usize,
        chosen: &mut Vec<Tile>,
        rules: &Rules,
        found: &mut Vec<Vec<Tile>>,
    ) {
        if at == kinds.len() {
            if chosen.len() >= 3 && Group::new(chosen, rules).is_ok() {
                found.push(chosen.clone());
            }
            return;
        }
        let (tile, count) = kinds[at];
        for take in 0..=count {
            if chosen.len() + usize::from(take) > 13 {
                break;
            }
            chosen.extend(std::iter::repeat_n(tile, usize::from(take)));
            extend(kinds, at + 1, chosen, rules, found);
            chosen.truncate(chosen.len() - usize::from(take));
        }
    }
    let kinds: Vec<(Tile, u8)> = available
        .iter()
        .map(|(&tile, &count)| (tile, if tile == pivot { count - 1 } else { count }))
        .collect();
    let mut found = Vec::new();
    extend(&kinds, 0, &mut vec![pivot], rules, &mut found);
    found
}

/// `available` and `need` less the tiles of `group` (tiles count against `need` while any is
/// needed: copies of a tile are interchangeable).
fn take(group: &[Tile], need: &Counts, available: &Counts) -> (Counts, Counts) {
    let (mut need, mut available) = (need.clone(), available.clone());
    for tile in group {
        *available.get_mut(tile).unwrap() -= 1;
        if let Some(n) = need.get_mut(tile).filter(|n| **n > 0) {
            *n -= 1;
        }
    }
    (need, available)
}

/// Calls `each` with every partition of some tiles of `available` into valid groups that uses
/// all of `need`.
fn partitions(
    need: Counts,
    available: Counts,
    rules: &Rules,
    groups: &mut Vec<Vec<Tile>>,
    each: &mut dyn FnMut(&[Vec<Tile>]),
) {
    if let Some(pivot) = need.iter().find(|&(_, &n)| n > 0).map(|(&t, _)| t) {
        for group in groups_with(pivot, &available, rules) {
            let (need, available) = take(&group, &need, &available);
            groups.push(group);
            partitions(need, available, rules, groups, each);
            groups.pop();
        }
        return;
    }
    let Some(pivot) = available.iter().find(|&(_, &n)| n > 0).map(|(&t, _)| t) else {
        return each(groups);
    };
    // The pivot's copies left are rack tiles: leave them all out, or group one of them.
    let mut without = available.clone();
    without.remove(&pivot);
    partitions(need.clone(), without, rules, groups, each);
    for group in groups_with(pivot, &available, rules) {
        let (need, available) = take(&group, &need, &available);
        groups.push(group);
        partitions(need, available, rules, groups, each);
        groups.pop();
    }
}

/// What a move scores: tiles played, their face value, table groups unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Score {
    tiles: u32,
    value: u32,
    unchanged: u32,
}

impl Score {
    /// The score of playing `placed` with `unchanged` table groups left as they were.
    fn of(placed: &[Tile], unchanged: u32) -> Score {
        Score {
            tiles: placed.len() as u32,
            value: placed
                .iter()
                .filter_map(|t| t.number())
                .map(|n| u32::from(n.get()))
                .sum(),
            unchanged,
        }
    }
}

/// The objective's full order, as a key to maximise.
fn order(objective: Objective, score: Score) -> (u32, u32, u32) {
    let Score {
        tiles,
        value,
        unchanged,
    } = score;
    match objective {
        Objective::MostTiles => (tiles, unchanged, value),
        Objective::MostValue => (value, unchanged, tiles),
        Objective::MostTilesThenValue => (tiles, value, unchanged),
        Objective::Opening => (tiles, value, 0),
    }
}

/// What the groups of a meld are worth: a joker is worth the number it stands for, in the
/// reading the player chooses.
fn meld_points(groups: &[Vec<Tile>], free: &Rules) -> u32 {
    groups
        .iter()
        .map(|g| {
            [Group::run(g, free), Group::set(g, free)]
                .into_iter()
                .flatten()
                .map(|g| {
                    g.slots()
                        .iter()
                        .map(|s| u32::from(s.number.unwrap().get()))
                        .sum::<u32>()
                })
                .max()
                .unwrap()
        })
        .sum()
}

/// The most points any meld of rack tiles alone is worth, by brute force.
fn best_meld(rack: &[Tile], rules: &Rules) -> u32 {
    let free = free_order(rules);
    let mut best = 0;
    partitions(
        Counts::new(),
        counts(rack),
        &free,
        &mut Vec::new(),
        &mut |groups| {
            best = best.max(meld_points(groups, &free));
        },
    );
    best
}

/// The best score of any move, by brute force.
fn reference(table: &[Vec<Tile>], rack: &[Tile], rules: &Rules, objective: Objective) -> Score {
    let free = free_order(rules);
    let rack_counts = counts(rack);
    let table_counts = counts(table.iter().flatten());
    let originals: Vec<Counts> = table.iter().map(counts).collect();
    let mut best: Option<Score> = None;
    let mut consider = |score: Score| {
        if best.is_none_or(|b| order(objective, score) > order(objective, b)) {
            best = Some(score);
        }
    };
    if objective == Objective::Opening {
        let threshold = rules.initial_meld.unwrap_or(0);
        partitions(
            Counts::new(),
            rack_counts,
            &free,
            &mut Vec::new(),
            &mut |groups| {
                let tiles = groups.iter().flatten();
                let points = meld_points(groups, &free);
                if points > 0 && points < threshold {
                    return;
                }
                let placed: Vec<Tile> = tiles.copied().collect();
                consider(Score::of(&placed, table.len() as u32));
            },
        );
        return best.unwrap();
    }
    let mut available = table_counts.clone();
    for (&tile, &n) in &rack_counts {
        *available.entry(tile).or_default() += n;
    }
    partitions(
        table_counts.clone(),
        available,
        &free,
        &mut Vec::new(),
        &mut |groups| {
            let used = counts(groups.iter().flatten());
            let mut placed = Vec::new();
            for (&tile, &n) in &used {
                let on_table = table_counts.get(&tile).copied().unwrap_or(0);
                placed.extend(std::iter::repeat_n(tile, usize::from(n - on_table)));
            }
            // Groups unchanged: as multisets, each table group matched at most once.
            let mut unmatched: Vec<&Counts> = originals.iter().collect();
            let mut unchanged = 0;
            for group in groups {
                let group = counts(group);
                if let Some(i) = unmatched.iter().position(|&o| *o == group) {
                    unmatched.swap_remove(i);
                    unchanged += 1;
                }
            }
            consider(Score::of(&placed, unchanged));
        },
    );
    best.expect("leaving the table as it is is always a move")
}

/// Checks a move is a real move: every group valid under the rules as displayed, the table's
/// tiles are the old table's plus the placed ones, which came from the rack.
fn check_move(
    table: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
    found: &Move,
) -> Result<(), String> {
    for group in found.table() {
        Group::new(group.tiles(), rules).map_err(|e| format!("group {group} invalid: {e}"))?;
    }
    let mut expected = counts(table.iter().flatten());
    for &tile in found.placed() {
        *expected.entry(tile).or_default() += 1;
    }
    let shown = counts(found.table().iter().flat_map(|g| g.tiles()));
    if shown != expected {
        return Err(format!(
            "table tiles {shown:?} are not old table + placed {expected:?}"
        ));
    }
    let rack_counts = counts(rack);
    for (tile, n) in counts(found.placed()) {
        if rack_counts.get(&tile).copied().unwrap_or(0) < n {
            return Err(format!("placed {n} × {tile} not in the rack"));
        }
    }
    let mut left = counts(rack);
    for tile in found.placed() {
        *left.get_mut(tile).unwrap() -= 1;
    }
    left.retain(|_, n| *n > 0);
    if counts(found.left()) != left {
        return Err(format!("left {:?} is not rack - placed", found.left()));
    }
    moves::check_steps(table, rack, found)
}

/// A small position: rules, a table of up to two valid groups, a rack of up to five tiles, all
/// near one number so they interact.
#[derive(Debug, Clone)]
struct Position {
    preset: Preset,
    table: Vec<Vec<Tile>>,
    rack: Vec<Tile>,
}

fn tile_near(rules: &Rules, base: u8, (color, offset, joker): (usize, u8, bool)) -> Tile {
    if joker {
        return Tile::Joker;
    }
    let number = (base + offset).clamp(1, 13);
    Tile::new(rules.colors[color % rules.colors.len()], number).unwrap()
}

fn position_strategy() -> impl Strategy<Value = Position> {
    let tile = (0usize..4, 0u8..4, prop::bool::weighted(0.12));
    (
        0usize..3,
        1u8..=11,
        prop::collection::vec(
            (any::<bool>(), 0usize..4, 0u8..3, prop::bool::weighted(0.2)),
            0..=2,
        ),
        prop::collection::vec(tile, 0..=5),
    )
        .prop_map(|(preset, base, groups, rack)| {
            let preset = Preset::ALL[preset];
            let rules = preset.rules();
            let mut pool = counts(&full_set(&rules));
            let mut table = Vec::new();
            for (is_run, color, offset, joker) in groups {
                let color_of = |i: usize| rules.colors[i % rules.colors.len()];
                let number = (base + offset).min(11);
                let mut group: Vec<Tile> = if is_run {
                    (0..3)
                        .map(|i| Tile::new(color_of(color), number + i).unwrap())
                        .collect()
                } else {
                    (0..3)
                        .map(|i| Tile::new(color_of(color + i), number).unwrap())
                        .collect()
                };
                if joker {
                    group[usize::from(offset) % 3] = Tile::Joker;
                }
                if group
                    .iter()
                    .all(|t| pool.get(t).copied().unwrap_or(0) >= counts(&group)[t])
                {
                    for t in &group {
                        *pool.get_mut(t).unwrap() -= 1;
                    }
                    table.push(group);
                }
            }
            let mut rack_tiles = Vec::new();
            for raw in rack {
                let tile = tile_near(&rules, base, raw);
                if let Some(n) = pool.get_mut(&tile).filter(|n| **n > 0) {
                    *n -= 1;
                    rack_tiles.push(tile);
                }
            }
            Position {
                preset,
                table,
                rack: rack_tiles,
            }
        })
}

proptest! {
    #![proptest_config(tiles_testkit::props::config(400))]

    #[test]
    fn solve_matches_brute_force(position in position_strategy(), objective_index in 0usize..4) {
        let Position { preset, table, rack } = position;
        let rules = preset.rules();
        let objective = Objective::ALL[objective_index];
        let found = solve(&table, &rack, &rules, objective).map_err(|e| TestCaseError::fail(e.to_string()))?;
        check_move(&table, &rack, &rules, &found).map_err(TestCaseError::fail)?;
        let expected = reference(&table, &rack, &rules, objective);
        let score = Score {
            tiles: found.tiles() as u32,
            value: found.value(),
            unchanged: found.unchanged_groups() as u32,
        };
        prop_assert_eq!(order(objective, score), order(objective, expected),
            "{:?} {:?} table {:?} rack {:?}: found {:?}", preset, objective, table, rack, found);
        let shortfall = found.opening_shortfall();
        let short = objective == Objective::Opening && found.tiles() == 0 && !rack.is_empty();
        match rules.initial_meld {
            Some(needed) if short => {
                let shortfall = shortfall.ok_or_else(|| TestCaseError::fail("no shortfall"))?;
                prop_assert_eq!(shortfall.needed, needed);
                prop_assert_eq!(shortfall.best, best_meld(&rack, &rules), "rack {:?}", rack);
            }
            _ => prop_assert_eq!(shortfall, None),
        }
    }

    #[test]
    fn arrange_matches_brute_force(position in position_strategy()) {
        let Position { preset, table, rack } = position;
        let rules = preset.rules();
        let tiles: Vec<Tile> = table.iter().flatten().chain(&rack).copied().collect();
        let mut exists = false;
        let all = counts(&tiles);
        partitions(all.clone(), all, &free_order(&rules), &mut Vec::new(), &mut |_| exists = true);
        let found = arrange(&tiles, &rules).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(found.is_some(), exists, "{:?} {:?}", preset, tiles);
        if let Some(arrangement) = found {
            let shown = counts(arrangement.groups().iter().flat_map(|g| g.tiles()));
            prop_assert_eq!(shown, counts(&tiles));
            for group in arrangement.groups() {
                prop_assert!(Group::new(group.tiles(), &rules).is_ok(), "{}", group);
            }
        }
    }
}

#[test]
fn generated_positions_are_varied() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut with_table, mut with_jokers, mut playing) = (0, 0, 0);
    for _ in 0..300 {
        let p = position_strategy().new_tree(&mut runner).unwrap().current();
        with_table += usize::from(!p.table.is_empty());
        with_jokers += usize::from(
            p.table
                .iter()
                .flatten()
                .chain(&p.rack)
                .any(|t| t.is_joker()),
        );
        let rules = p.preset.rules();
        playing += usize::from(
            solve(&p.table, &p.rack, &rules, Objective::MostTiles)
                .unwrap()
                .tiles()
                > 0,
        );
    }
    assert!(
        with_table > 150 && with_jokers > 60 && playing > 60,
        "{with_table} {with_jokers} {playing}"
    );
    let _ = Color::ALL;
}
