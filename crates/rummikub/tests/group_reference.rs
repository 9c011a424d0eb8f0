//! `Group::new` against a brute-force reference: substitute every possible tile for each joker
//! and check the joker-free group by the plain definition.

use proptest::prelude::*;
use rummikub::{Color, Group, GroupKind, Number, Preset, Rules, Tile, parse_tiles};

/// Whether joker-free tiles (colour, number) form a set under `rules`, by the definition.
fn plain_set(tiles: &[(Color, u8)], rules: &Rules) -> bool {
    let distinct_colors = tiles
        .iter()
        .enumerate()
        .all(|(i, t)| tiles[..i].iter().all(|u| u.0 != t.0));
    (usize::from(rules.min_group)..=rules.colors.len()).contains(&tiles.len())
        && tiles.iter().all(|t| t.1 == tiles[0].1)
        && distinct_colors
}

/// Whether joker-free tiles form a run under `rules`, by the definition.
fn plain_run(tiles: &[(Color, u8)], rules: &Rules) -> bool {
    if !(usize::from(rules.min_group)..=usize::from(rules.highest.get())).contains(&tiles.len())
        || tiles.iter().any(|t| t.0 != tiles[0].0)
    {
        return false;
    }
    let mut numbers: Vec<u8> = tiles.iter().map(|t| t.1).collect();
    if !rules.ordered_runs {
        numbers.sort_unstable();
    }
    numbers.windows(2).all(|pair| pair[1] == pair[0] + 1)
}

/// The reference: which kind of group some joker substitution makes (a set preferred), if any.
fn reference(tiles: &[Tile], rules: &Rules) -> Option<GroupKind> {
    let mut counts = std::collections::HashMap::new();
    for tile in tiles {
        if let Tile::Numbered { color, number } = *tile {
            if !rules.colors.contains(&color) || number > rules.highest {
                return None;
            }
            *counts.entry(*tile).or_insert(0usize) += 1;
        }
    }
    let n_jokers = tiles.iter().filter(|t| t.is_joker()).count();
    if n_jokers > usize::from(rules.jokers_per_group)
        || n_jokers > usize::from(rules.jokers)
        || counts.values().any(|&c| c > usize::from(rules.copies))
    {
        return None;
    }
    let mut candidates: Vec<(Color, u8)> = Vec::new();
    for &color in &rules.colors {
        for number in 1..=rules.highest.get() {
            candidates.push((color, number));
        }
    }
    let mut found_run = false;
    let mut assignment: Vec<(Color, u8)> = Vec::new();
    // Every substitution, one joker after another, counted like an odometer.
    let joker_positions: Vec<usize> = (0..tiles.len()).filter(|&i| tiles[i].is_joker()).collect();
    let mut choice = vec![0usize; joker_positions.len()];
    loop {
        assignment.clear();
        let mut next_joker = 0;
        for tile in tiles {
            match *tile {
                Tile::Numbered { color, number } => assignment.push((color, number.get())),
                Tile::Joker => {
                    assignment.push(candidates[choice[next_joker]]);
                    next_joker += 1;
                }
            }
        }
        if plain_set(&assignment, rules) {
            return Some(GroupKind::Set);
        }
        found_run |= plain_run(&assignment, rules);
        // Advance the odometer.
        let mut digit = 0;
        loop {
            if digit == choice.len() {
                return found_run.then_some(GroupKind::Run);
            }
            choice[digit] += 1;
            if choice[digit] < candidates.len() {
                break;
            }
            choice[digit] = 0;
            digit += 1;
        }
    }
}

/// The colour a generated index means under `rules`: 0..4 are the rules' own colours, higher
/// indexes are colours the rules do not have.
fn color_for(index: u8, rules: &Rules) -> Color {
    let foreign: Vec<Color> = Color::ALL
        .into_iter()
        .filter(|c| !rules.colors.contains(c))
        .collect();
    let index = usize::from(index);
    if index < rules.colors.len() {
        rules.colors[index]
    } else {
        foreign[index % foreign.len()]
    }
}

/// A generated position: rules, and tiles that are mostly near-runs and near-sets, with jokers,
/// shuffles, and the odd wrong tile.
#[derive(Debug, Clone)]
struct Case {
    preset: Preset,
    tiles: Vec<Tile>,
}

fn case_strategy() -> impl Strategy<Value = Case> {
    let mutation = prop::option::weighted(0.25, (0usize..8, 0u8..6, 1u8..=13));
    (
        0usize..3,
        0u8..3,
        (0u8..5, 1u8..=13, 2usize..9),
        prop::sample::subsequence(vec![0u8, 1, 2, 3], 2..=4).prop_shuffle(),
        prop::collection::vec(0usize..8, 0..=2),
        prop::bool::weighted(0.25),
        mutation,
        any::<prop::sample::Index>(),
    )
        .prop_map(
            |(
                preset_index,
                shape,
                (color, start, len),
                set_colors,
                jokers,
                shuffle,
                mutation,
                seed,
            )| {
                let preset = Preset::ALL[preset_index];
                let rules = preset.rules();
                let mut tiles: Vec<Tile> = match shape {
                    // A run of `len` tiles from `start` (may run past 13).
                    0 => (0..len as u8)
                        .map(|i| {
                            Tile::new(color_for(color, &rules), start + i).unwrap_or(Tile::Joker)
                        })
                        .collect(),
                    // A set of `start`s in the given colours (may repeat one).
                    1 => set_colors
                        .iter()
                        .map(|&c| Tile::new(color_for(c, &rules), start).unwrap())
                        .collect(),
                    // Anything: the set colours with numbers near `start`.
                    _ => set_colors
                        .iter()
                        .enumerate()
                        .map(|(i, &c)| {
                            Tile::new(color_for(c, &rules), (start + i as u8 % 3).min(13)).unwrap()
                        })
                        .collect(),
                };
                for position in jokers {
                    if position < tiles.len() {
                        tiles[position] = Tile::Joker;
                    } else {
                        tiles.push(Tile::Joker);
                    }
                }
                if let Some((position, color, number)) = mutation
                    && position < tiles.len()
                {
                    tiles[position] = Tile::new(color_for(color, &rules), number).unwrap();
                }
                if shuffle && !tiles.is_empty() {
                    let pivot = seed.index(tiles.len());
                    tiles.rotate_left(pivot);
                    tiles.swap(0, pivot);
                }
                Case { preset, tiles }
            },
        )
}

proptest! {
    #![proptest_config(tiles_testkit::props::config(3000))]

    #[test]
    fn group_new_agrees_with_brute_force(case in case_strategy()) {
        let Case { preset, tiles } = case;
        let rules = preset.rules();
        let fast = Group::new(&tiles, &rules);
        let slow = reference(&tiles, &rules);
        prop_assert_eq!(fast.as_ref().ok().map(Group::kind), slow, "{:?} under {:?}: {:?}", tiles, preset, fast);
        if let Ok(group) = fast {
            // The group holds exactly the given tiles.
            let mut given = tiles.clone();
            let mut shown = group.tiles().to_vec();
            given.sort();
            shown.sort();
            prop_assert_eq!(given, shown);
            // Every joker whose meaning the group fixes can be replaced by that tile.
            let substituted: Vec<(Color, u8)> = group
                .slots()
                .iter()
                .filter_map(|slot| Some((slot.color?, slot.number?.get())))
                .collect();
            if substituted.len() == group.len() {
                let kind_ok = match group.kind() {
                    GroupKind::Set => plain_set(&substituted, &rules),
                    GroupKind::Run => plain_run(&substituted, &rules),
                };
                prop_assert!(kind_ok, "slots {:?}", group.slots());
            }
            // The display reads back as the same group.
            let reparsed = parse_tiles(&group.to_string()).map(|tiles| Group::new(&tiles, &rules));
            prop_assert_eq!(reparsed, Ok(Ok(group.clone())));
            // Runs are displayed ascending.
            if group.kind() == GroupKind::Run {
                let numbers: Vec<u8> = group.slots().iter().filter_map(|s| s.number.map(Number::get)).collect();
                prop_assert!(numbers.windows(2).all(|p| p[1] == p[0] + 1), "{}", group);
            }
        }
    }
}

#[test]
fn generated_cases_cover_every_outcome() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut seen = std::collections::HashMap::new();
    for _ in 0..3000 {
        let case = case_strategy().new_tree(&mut runner).unwrap().current();
        *seen
            .entry((case.preset, reference(&case.tiles, &case.preset.rules())))
            .or_insert(0) += 1;
    }
    // Each preset sees valid runs, valid sets and invalid groups, at least 50 of 3000 each.
    for preset in Preset::ALL {
        for outcome in [Some(GroupKind::Run), Some(GroupKind::Set), None] {
            let count = seen.get(&(preset, outcome)).copied().unwrap_or(0);
            assert!(
                count >= 50,
                "{preset:?} {outcome:?}: only {count} of 3000 cases ({seen:?})"
            );
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,40}") {
        let _ = parse_tiles(&text);
    }

    #[test]
    fn tile_like_text_never_panics(text in "[\\[\\]() ,'\"RrOoBbKkJj0-9EDLUACKOR]{0,30}") {
        if let Ok(tiles) = parse_tiles(&text) {
            for preset in Preset::ALL {
                let _ = Group::new(&tiles, &preset.rules());
            }
        }
    }
}
