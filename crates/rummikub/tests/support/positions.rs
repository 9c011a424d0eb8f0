//! Random realistic positions of the standard game, for property tests and benchmarks: a
//! table built from valid groups drawn from a shuffled 106-tile set, and a rack from what is
//! left. Seeded, so every position replays.

use rummikub::{Group, Rules, Tile};

pub use tiles_testkit::Random;

pub use rummikub::full_set;

/// Removes one `tile` from `pool`, if there.
fn take(pool: &mut Vec<Tile>, tile: Tile) -> bool {
    match pool.iter().position(|&t| t == tile) {
        Some(i) => {
            pool.swap_remove(i);
            true
        }
        None => false,
    }
}

/// A random valid group drawn from `pool` (removed from it), if one is found quickly.
fn random_group(rules: &Rules, pool: &mut Vec<Tile>, random: &mut Random) -> Option<Vec<Tile>> {
    for _ in 0..50 {
        let mut group = Vec::new();
        let mut trial = pool.clone();
        let color = rules.colors[random.below(rules.colors.len())];
        if random.below(2) == 0 {
            // A run of 3..6, maybe with a joker in it.
            let len = 3 + random.below(4);
            let start = 1 + random.below(usize::from(rules.highest.get()) - len + 1);
            let joker_at = if random.below(6) == 0 {
                Some(random.below(len))
            } else {
                None
            };
            for offset in 0..len {
                let tile = if joker_at == Some(offset) {
                    Tile::Joker
                } else {
                    Tile::new(color, (start + offset) as u8).unwrap()
                };
                if !take(&mut trial, tile) {
                    group.clear();
                    break;
                }
                group.push(tile);
            }
        } else {
            // A set of 3 or 4.
            let number = 1 + random.below(usize::from(rules.highest.get())) as u8;
            let size = 3 + random.below(2);
            let mut colors = rules.colors.clone();
            for i in (1..colors.len()).rev() {
                colors.swap(i, random.below(i + 1));
            }
            for &color in colors.iter().take(size) {
                let tile = Tile::new(color, number).unwrap();
                if !take(&mut trial, tile) {
                    group.clear();
                    break;
                }
                group.push(tile);
            }
        }
        if !group.is_empty() && Group::new(&group, rules).is_ok() {
            *pool = trial;
            return Some(group);
        }
    }
    None
}

/// A table of about `table_tiles` tiles in valid groups and a rack of `rack_tiles` tiles from
/// what is left of the set.
pub fn position(
    rules: &Rules,
    seed: u64,
    table_tiles: usize,
    rack_tiles: usize,
) -> (Vec<Vec<Tile>>, Vec<Tile>) {
    let mut random = Random::new(seed);
    let mut pool = full_set(rules);
    let mut table = Vec::new();
    let mut count = 0;
    while count < table_tiles {
        let Some(group) = random_group(rules, &mut pool, &mut random) else {
            break;
        };
        count += group.len();
        table.push(group);
    }
    let mut rack = Vec::new();
    for _ in 0..rack_tiles.min(pool.len()) {
        let i = random.below(pool.len());
        rack.push(pool.swap_remove(i));
    }
    (table, rack)
}

/// The benchmark's 200 positions: a table of 20-60 tiles built from valid groups, a rack of
/// 10-20 tiles from the rest of the set.
#[allow(
    dead_code,
    reason = "each test and benchmark that includes this file uses part of it"
)]
pub fn benchmark(rules: &Rules) -> Vec<(Vec<Vec<Tile>>, Vec<Tile>)> {
    sample(rules, 200)
}

/// The first `count` positions of the benchmark's kind (the benchmark is the first 200).
#[allow(
    dead_code,
    reason = "each test and benchmark that includes this file uses part of it"
)]
pub fn sample(rules: &Rules, count: u64) -> Vec<(Vec<Vec<Tile>>, Vec<Tile>)> {
    (0..count)
        .map(|seed| {
            let mut random = Random::new(seed + 1000);
            let table = 20 + random.below(41);
            let rack = 10 + random.below(11);
            position(rules, seed, table, rack)
        })
        .collect()
}

/// `count` adversarial positions: a table of 60-100 tiles and a rack of 6-40, where the search
/// has the most to rearrange.
#[allow(
    dead_code,
    reason = "each test and benchmark that includes this file uses part of it"
)]
pub fn adversarial(rules: &Rules, count: u64) -> Vec<(Vec<Vec<Tile>>, Vec<Tile>)> {
    (0..count)
        .map(|seed| {
            let mut random = Random::new(seed + 60_000);
            let table = 60 + random.below(41);
            let rack = 6 + random.below(35);
            position(rules, seed + 50_000, table, rack)
        })
        .collect()
}
