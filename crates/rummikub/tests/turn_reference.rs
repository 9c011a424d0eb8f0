//! `check_turn` against a slow, obviously-correct reference on small random turns: tile
//! counting by hand, the table's groups matched by brute force, and each meld's worth by
//! trying every tile each joker could stand for. The turns are built to reach every rule:
//! the solver's best move, moves broken in one place (a tile dropped, added, swapped, groups
//! split or merged), random partitions and new groups of rack tiles.

mod support;

use proptest::prelude::*;
use rummikub::{Group, Objective, Rules, Tile, TurnError, check_turn, solve};
use support::positions::{Random, position};

/// What a turn comes to, as the reference and `check_turn` both say it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Verdict {
    Position,
    InvalidGroup(usize),
    NotAvailable(Tile),
    LeftTable(Tile),
    NothingPlayed,
    TableChanged(usize),
    MeldTooLow(u32),
    Legal {
        placed: Vec<Tile>,
        left: Vec<Tile>,
        value: u32,
    },
}

fn sorted(tiles: &[Tile]) -> Vec<Tile> {
    let mut tiles = tiles.to_vec();
    tiles.sort();
    tiles
}

fn count(tiles: &[Tile], tile: Tile) -> usize {
    tiles.iter().filter(|&&t| t == tile).count()
}

/// Removes one copy of each of `taken` from `tiles`.
fn minus(tiles: &[Tile], taken: &[Tile]) -> Vec<Tile> {
    let mut rest = tiles.to_vec();
    for tile in taken {
        if let Some(at) = rest.iter().position(|t| t == tile) {
            rest.remove(at);
        }
    }
    rest
}

/// Whether plain tiles (no jokers) are a valid group: one number in distinct colours (3 up
/// to the number of colours), or one colour in consecutive distinct numbers (3 to 13).
fn plain_group(tiles: &[(usize, u8)], rules: &Rules) -> bool {
    if tiles.len() < 3 {
        return false;
    }
    let same_number = tiles.iter().all(|t| t.1 == tiles[0].1);
    let mut colors: Vec<usize> = tiles.iter().map(|t| t.0).collect();
    colors.sort();
    colors.dedup();
    if same_number && colors.len() == tiles.len() && tiles.len() <= rules.colors.len() {
        return true;
    }
    let mut numbers: Vec<u8> = tiles.iter().map(|t| t.1).collect();
    numbers.sort();
    colors.len() == 1 && numbers.windows(2).all(|w| w[1] == w[0] + 1) && tiles.len() <= 13
}

/// A group's worth and its jokers' values in the reading worth most: every tile each joker
/// could stand for tried; a tie between a set reading and a run reading goes to the set.
fn best_reading(tiles: &[Tile], rules: &Rules) -> (u32, Vec<u32>) {
    let plain: Vec<(usize, u8)> = tiles
        .iter()
        .filter_map(|t| {
            Some((
                rules.colors.iter().position(|&c| Some(c) == t.color())?,
                t.number()?.get(),
            ))
        })
        .collect();
    let jokers = tiles.len() - plain.len();
    let choices: Vec<(usize, u8)> = (0..rules.colors.len())
        .flat_map(|c| (1..=rules.highest.get()).map(move |n| (c, n)))
        .collect();
    // (worth, is a set, joker values)
    let mut best: Option<(u32, bool, Vec<u32>)> = None;
    let mut picks = vec![0; jokers];
    loop {
        let mut all = plain.clone();
        all.extend(picks.iter().map(|&i| choices[i]));
        if plain_group(&all, rules) {
            let worth: u32 = all.iter().map(|t| u32::from(t.1)).sum();
            let is_set = all.iter().all(|t| t.1 == all[0].1);
            let values = picks.iter().map(|&i| u32::from(choices[i].1)).collect();
            let better = match &best {
                None => true,
                Some((w, set, _)) => worth > *w || (worth == *w && is_set && !set),
            };
            if better {
                best = Some((worth, is_set, values));
            }
        }
        // Next pick: count in base `choices.len()`.
        let mut at = 0;
        while at < jokers {
            picks[at] += 1;
            if picks[at] < choices.len() {
                break;
            }
            picks[at] = 0;
            at += 1;
        }
        if at == jokers {
            break;
        }
    }
    best.map_or((0, Vec::new()), |(worth, _, mut values)| {
        values.sort_by(|a, b| b.cmp(a));
        (worth, values)
    })
}

/// The reference: each rule checked in the order `check_turn` documents, the slow way.
fn reference(
    before: &[Vec<Tile>],
    rack: &[Tile],
    after: &[Vec<Tile>],
    opened: bool,
    rules: &Rules,
) -> Verdict {
    let table: Vec<Tile> = before.concat();
    let laid: Vec<Tile> = after.concat();
    let available: Vec<Tile> = [table.clone(), rack.to_vec()].concat();
    let copies_fit = available.iter().all(|&t| {
        count(&available, t)
            <= usize::from(if t.is_joker() {
                rules.jokers
            } else {
                rules.copies
            })
    });
    let in_game = rack
        .iter()
        .all(|t| t.is_joker() || t.color().is_some_and(|c| rules.colors.contains(&c)));
    if before.iter().any(|g| Group::new(g, rules).is_err()) || !in_game || !copies_fit {
        return Verdict::Position;
    }
    if let Some(index) = after.iter().position(|g| Group::new(g, rules).is_err()) {
        return Verdict::InvalidGroup(index);
    }
    if let Some(&tile) = laid
        .iter()
        .find(|&&t| count(&laid, t) > count(&available, t))
    {
        return Verdict::NotAvailable(tile);
    }
    if let Some(&tile) = table.iter().find(|&&t| count(&laid, t) < count(&table, t)) {
        return Verdict::LeftTable(tile);
    }
    let placed = minus(&laid, &table);
    if placed.is_empty() {
        return Verdict::NothingPlayed;
    }
    // Groups left as they were: as many of each kind of group as the table after has.
    let same = |a: &[Tile], b: &[Tile]| sorted(a) == sorted(b);
    let mut changed = Vec::new();
    for (index, group) in before.iter().enumerate() {
        let earlier = before[..=index].iter().filter(|g| same(g, group)).count();
        let after_has = after.iter().filter(|g| same(g, group)).count();
        if earlier > after_has {
            changed.push(index);
        }
    }
    let opening = !opened && rules.initial_meld.is_some();
    if opening && let Some(&index) = changed.first() {
        return Verdict::TableChanged(index);
    }
    // The new groups: the table after less one group per group kept.
    let mut new_groups: Vec<Vec<Tile>> = after.to_vec();
    for (index, group) in before.iter().enumerate() {
        if !changed.contains(&index)
            && let Some(at) = new_groups.iter().position(|g| same(g, group))
        {
            new_groups.remove(at);
        }
    }
    let mut jokers: Vec<u32> = new_groups
        .iter()
        .flat_map(|g| best_reading(g, rules).1)
        .collect();
    jokers.sort_by(|a, b| b.cmp(a));
    let numbered: u32 = placed
        .iter()
        .filter_map(|t| t.number())
        .map(|n| u32::from(n.get()))
        .sum();
    let value = numbered + jokers.iter().take(count(&placed, Tile::Joker)).sum::<u32>();
    if opening {
        let worth: u32 = new_groups.iter().map(|g| best_reading(g, rules).0).sum();
        assert_eq!(worth, value, "an opening's worth is its tiles' value");
        if rules.initial_meld.is_some_and(|needed| worth < needed) {
            return Verdict::MeldTooLow(worth);
        }
    }
    Verdict::Legal {
        placed: sorted(&placed),
        left: sorted(&minus(rack, &placed)),
        value,
    }
}

fn verdict(result: Result<rummikub::Turn, TurnError>) -> Verdict {
    match result {
        Ok(turn) => Verdict::Legal {
            placed: sorted(turn.placed()),
            left: sorted(turn.left()),
            value: turn.value(),
        },
        Err(TurnError::Position(_)) => Verdict::Position,
        Err(TurnError::InvalidGroup { index, .. }) => Verdict::InvalidGroup(index),
        Err(TurnError::NotAvailable { tile, .. }) => Verdict::NotAvailable(tile),
        Err(TurnError::LeftTable { tile }) => Verdict::LeftTable(tile),
        Err(TurnError::NothingPlayed) => Verdict::NothingPlayed,
        Err(TurnError::TableChanged { index, .. }) => Verdict::TableChanged(index),
        Err(TurnError::MeldTooLow { worth, .. }) => Verdict::MeldTooLow(worth),
    }
}

/// A table after for `before` and `rack`, built to land near every rule.
fn some_after(
    before: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
    random: &mut Random,
) -> Vec<Vec<Tile>> {
    let objective = if random.below(3) == 0 {
        Objective::Opening
    } else {
        Objective::MostTiles
    };
    let best: Vec<Vec<Tile>> = solve(before, rack, rules, objective)
        .map(|found| found.table().iter().map(|g| g.tiles().to_vec()).collect())
        .unwrap_or_else(|_| before.to_vec());
    let mut after = best;
    let tiles: Vec<Tile> = [before.concat(), rack.to_vec()].concat();
    match random.below(10) {
        // The best move as it is.
        0 | 1 => {}
        // A tile dropped from a group.
        2 if !after.is_empty() => {
            let g = random.below(after.len());
            let t = random.below(after[g].len());
            after[g].remove(t);
        }
        // A tile added to a group: from the rack, or any tile at all.
        3 if !after.is_empty() => {
            let g = random.below(after.len());
            let tile = if random.below(2) == 0 && !rack.is_empty() {
                rack[random.below(rack.len())]
            } else if random.below(4) == 0 {
                Tile::Joker
            } else {
                let color = rules.colors[random.below(rules.colors.len())];
                Tile::new(color, 1 + random.below(13) as u8).unwrap()
            };
            after[g].push(tile);
        }
        // Two groups merged, or one split.
        4 if after.len() >= 2 => {
            let last = after.pop().unwrap();
            let g = random.below(after.len());
            after[g].extend(last);
        }
        5 if !after.is_empty() => {
            let g = random.below(after.len());
            if after[g].len() >= 2 {
                let at = 1 + random.below(after[g].len() - 1);
                let tail = after[g].split_off(at);
                after.push(tail);
            }
        }
        // The table as it was, with the valid groups the rack alone makes (worth what they
        // are worth: an initial meld above or below the threshold).
        6 | 7 => {
            after = before.to_vec();
            if let Ok(found) = solve(&[], rack, rules, Objective::MostTiles) {
                after.extend(found.table().iter().map(|g| g.tiles().to_vec()));
            }
        }
        // The table as it was, with a new group of rack tiles.
        8 => {
            after = before.to_vec();
            let mut group: Vec<Tile> = rack
                .iter()
                .filter(|_| random.below(2) == 0)
                .copied()
                .collect();
            if group.is_empty() && !rack.is_empty() {
                group.push(rack[0]);
            }
            after.push(group);
        }
        // Every tile in random groups of 3 to 5.
        _ => {
            let mut pool: Vec<Tile> = tiles
                .iter()
                .filter(|_| random.below(3) > 0)
                .copied()
                .collect();
            for i in (1..pool.len()).rev() {
                pool.swap(i, random.below(i + 1));
            }
            after = pool
                .chunks(3 + random.below(3))
                .map(<[Tile]>::to_vec)
                .collect();
        }
    }
    // The groups in another order, now and then.
    if random.below(4) == 0 {
        after.reverse();
    }
    after
}

proptest! {
    #![proptest_config(tiles_testkit::props::config(400))]

    #[test]
    fn check_turn_agrees_with_the_reference(seed in any::<u64>(), puzzle in any::<bool>()) {
        let rules = if puzzle { Rules::puzzle() } else { Rules::standard() };
        let mut random = Random::new(seed);
        let (before, rack) = position(&rules, seed, random.below(16), 1 + random.below(10));
        let after = some_after(&before, &rack, &rules, &mut random);
        let opened = random.below(2) == 0;
        let expected = reference(&before, &rack, &after, opened, &rules);
        let found = check_turn(&before, &rack, &after, opened, &rules);
        if let Ok(turn) = &found {
            // The table after is the player's, group by group.
            let groups: Vec<Vec<Tile>> = turn.table().iter().map(|g| sorted(g.tiles())).collect();
            let given: Vec<Vec<Tile>> = after.iter().map(|g| sorted(g)).collect();
            prop_assert_eq!(groups, given);
        }
        prop_assert_eq!(verdict(found), expected, "{:?} + {:?} -> {:?} (opened {})", before, rack, after, opened);
    }
}

/// The turns the property test draws reach every rule: each verdict comes up (so the
/// agreement above is tested where it matters, not only on legal turns).
#[test]
fn the_random_turns_reach_every_rule() {
    let mut seen = std::collections::BTreeMap::new();
    for seed in 0..3000 {
        let rules = if seed % 5 == 0 {
            Rules::puzzle()
        } else {
            Rules::standard()
        };
        let mut random = Random::new(seed);
        let (before, rack) = position(&rules, seed, random.below(16), 1 + random.below(10));
        let after = some_after(&before, &rack, &rules, &mut random);
        let opened = random.below(2) == 0;
        let kind = match reference(&before, &rack, &after, opened, &rules) {
            Verdict::Legal { placed, .. } if placed.contains(&Tile::Joker) => "legal with a joker",
            Verdict::Legal { .. } => "legal",
            Verdict::Position => "position",
            Verdict::InvalidGroup(_) => "invalid group",
            Verdict::NotAvailable(_) => "not available",
            Verdict::LeftTable(_) => "left the table",
            Verdict::NothingPlayed => "nothing played",
            Verdict::TableChanged(_) => "table changed",
            Verdict::MeldTooLow(_) => "meld too low",
        };
        *seen.entry(kind).or_insert(0) += 1;
    }
    for kind in [
        "legal with a joker",
        "legal",
        "invalid group",
        "not available",
        "left the table",
        "nothing played",
        "table changed",
        "meld too low",
    ] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) >= 10,
            "{kind}: {seen:?}"
        );
    }
}
