//! A move told as steps a player can carry out: which table groups are taken apart and how,
//! which rack tiles go where.
//!
//! The new table of a move is its unchanged table groups plus new groups. Every tile of a new
//! group comes from the rack or from a table group that was broken up; when copies of one tile
//! could come from several places, each new group takes as much as it can from the table group
//! it has most in common with, then from the rack. A broken group *continues* as the new group
//! that receives most of its tiles (the first one on a tie); its other tiles are taken away.
//!
//! The steps then come in two rounds, each describing table groups by the tiles they hold at
//! that moment:
//!
//! 1. every new group that continues no table group is made, taking its tiles from the table
//!    groups and the rack (`take K9 from K7 K8 K9 K10 and B9 O9 from the rack to make K9 B9
//!    O9`, or `lay down K4 B4 J` for rack tiles alone);
//! 2. every new group that continues table groups is completed from what is left of them:
//!    `add R4 to R1 R2 R3`, or `join R1 R2 R3 and R4 R5 R6, adding R7`. A group comes after
//!    the groups that take tiles from what it continues; where such groups form a ring, the
//!    first of them is made by taking instead, and a later step may take what is left of a
//!    group (`the leftover J`). A table group that only lost tiles needs no step of its own.

use std::fmt;

use crate::group::Group;
use crate::notation::show_tiles;
use crate::rules::Rules;
use crate::tile::Tile;

/// Tiles taken from a table group in one step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Take {
    /// The group's index (0-based) in the table given to [`crate::solve()`].
    pub group: usize,
    /// The tiles the group holds just before the step.
    pub from: Vec<Tile>,
    /// The tiles taken, in the order they lie in the group.
    pub tiles: Vec<Tile>,
}

/// A table group a step builds on, as it lies at that moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Onto {
    /// The group's index (0-based) in the table given to [`crate::solve()`].
    pub group: usize,
    /// The tiles it holds just before the step.
    pub tiles: Vec<Tile>,
}

/// One step of a move: a new group made, or table groups completed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The table groups this step adds to (one: `add`; several: `join`); none when it makes a
    /// new group.
    pub onto: Vec<Onto>,
    /// Tiles taken from other table groups.
    pub take: Vec<Take>,
    /// Rack tiles played in this step.
    pub rack: Vec<Tile>,
    /// The group the step makes.
    pub result: Group,
}

impl Step {
    /// The step's verb: `lay down`, `take`, `add` or `join`.
    pub fn action(&self) -> &'static str {
        match (self.onto.len(), self.take.is_empty()) {
            (0, true) => "lay down",
            (0, false) => "take",
            (1, _) => "add",
            _ => "join",
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn listing(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

impl fmt::Display for Step {
    /// The step in words: `lay down K4 B4 J`, `take K9 from K7 K8 K9 K10 and B9 O9 from the
    /// rack to make K9 B9 O9`, `add R4 to R1 R2 R3`, `join R1 R2 R3 and R4 R5 R6, adding R7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self
            .take
            .iter()
            .map(|take| {
                if take.tiles.len() == take.from.len() {
                    // All that is left of a group that gave its other tiles away.
                    format!("the leftover {}", show_tiles(&take.tiles))
                } else {
                    format!(
                        "{} from {}",
                        show_tiles(&take.tiles),
                        show_tiles(&take.from)
                    )
                }
            })
            .collect();
        if !self.rack.is_empty() {
            if parts.is_empty() {
                parts.push(show_tiles(&self.rack));
            } else {
                parts.push(format!("{} from the rack", show_tiles(&self.rack)));
            }
        }
        let parts = listing(&parts);
        match self.onto.as_slice() {
            [] if self.take.is_empty() => write!(f, "lay down {}", self.result),
            [] => write!(f, "take {parts} to make {}", self.result),
            [onto] => write!(f, "add {parts} to {}", show_tiles(&onto.tiles)),
            several => {
                let groups: Vec<String> =
                    several.iter().map(|onto| show_tiles(&onto.tiles)).collect();
                write!(f, "join {}", listing(&groups))?;
                if !parts.is_empty() {
                    write!(f, ", adding {parts}")?;
                }
                Ok(())
            }
        }
    }
}

/// Moves the tiles that `need` still needs and `give` still gives (as multisets) from both
/// into `into`.
fn transfer(need: &mut Vec<Tile>, give: &mut Vec<Tile>, into: &mut Vec<Tile>) {
    let moved = common(need, give);
    remove_all(need, &moved);
    remove_all(give, &moved);
    into.extend(moved);
}

/// Removes one copy of each of `tiles` from `from`, keeping the order of the rest.
pub(crate) fn remove_all(from: &mut Vec<Tile>, tiles: &[Tile]) {
    for tile in tiles {
        if let Some(at) = from.iter().position(|t| t == tile) {
            from.remove(at);
        }
    }
}

/// The tiles of `tiles` that are also in `other` (as multisets), in the order of `tiles`.
fn common(tiles: &[Tile], other: &[Tile]) -> Vec<Tile> {
    let mut rest = other.to_vec();
    let mut found = Vec::new();
    for &tile in tiles {
        if let Some(at) = rest.iter().position(|&t| t == tile) {
            rest.swap_remove(at);
            found.push(tile);
        }
    }
    found
}

/// The steps from `table` to a move's table: `broken` are the indexes of the table groups not
/// kept, `new_groups` the groups the move lays, `placed` the rack tiles it plays. The tiles of
/// the new groups must be exactly those of the broken groups and the placed tiles.
pub(crate) fn plan(
    table: &[Group],
    broken: &[usize],
    new_groups: &[Group],
    placed: &[Tile],
    rules: &Rules,
) -> Vec<Step> {
    // What each new group still needs, what each broken group and the rack still give.
    let mut needs: Vec<Vec<Tile>> = new_groups.iter().map(|g| g.tiles().to_vec()).collect();
    let mut gives: Vec<Vec<Tile>> = broken.iter().map(|&b| table[b].tiles().to_vec()).collect();
    let mut rack_gives = placed.to_vec();
    // from_table[n][k]: the tiles new group n gets from broken group k.
    let mut from_table: Vec<Vec<Vec<Tile>>> = vec![vec![Vec::new(); broken.len()]; needs.len()];
    let mut from_rack: Vec<Vec<Tile>> = vec![Vec::new(); needs.len()];
    let mut pairs: Vec<(usize, usize, usize)> = Vec::new();
    for (n, need) in needs.iter().enumerate() {
        for (k, give) in gives.iter().enumerate() {
            let overlap = common(need, give).len();
            if overlap > 0 {
                pairs.push((overlap, n, k));
            }
        }
    }
    pairs.sort_by_key(|&(overlap, n, k)| (std::cmp::Reverse(overlap), n, k));
    for (_, n, k) in pairs {
        transfer(&mut needs[n], &mut gives[k], &mut from_table[n][k]);
    }
    for n in 0..needs.len() {
        transfer(&mut needs[n], &mut rack_gives, &mut from_rack[n]);
        for k in 0..gives.len() {
            transfer(&mut needs[n], &mut gives[k], &mut from_table[n][k]);
        }
    }
    // The new group each broken group continues as.
    let continues: Vec<usize> = (0..broken.len())
        .map(|k| {
            (0..needs.len())
                .max_by_key(|&n| (from_table[n][k].len(), std::cmp::Reverse(n)))
                .unwrap_or(0)
        })
        .collect();
    let bases: Vec<Vec<usize>> = (0..needs.len())
        .map(|n| (0..broken.len()).filter(|&k| continues[k] == n).collect())
        .collect();
    let mut current: Vec<Vec<Tile>> = broken.iter().map(|&b| table[b].tiles().to_vec()).collect();
    let mut steps = Vec::new();
    let take_for = |n: usize, skip: &[usize], current: &mut Vec<Vec<Tile>>| -> Vec<Take> {
        let mut takes = Vec::new();
        for k in (0..broken.len()).filter(|k| !skip.contains(k)) {
            if from_table[n][k].is_empty() {
                continue;
            }
            let tiles = common(&current[k], &from_table[n][k]);
            takes.push(Take {
                group: broken[k],
                from: current[k].clone(),
                tiles: tiles.clone(),
            });
            remove_all(&mut current[k], &tiles);
        }
        takes
    };
    let sorted_rack = |n: usize| {
        let mut rack = from_rack[n].clone();
        rules.sort_tiles(&mut rack);
        rack
    };
    // Making group `n` by taking its tiles from the table and the rack.
    let made = |n: usize, current: &mut Vec<Vec<Tile>>| Step {
        onto: Vec::new(),
        take: take_for(n, &[], current),
        rack: sorted_rack(n),
        result: new_groups[n].clone(),
    };
    // Round 1: new groups that continue no table group.
    for n in (0..needs.len()).filter(|&n| bases[n].is_empty()) {
        steps.push(made(n, &mut current));
    }
    // Round 2: groups that continue table groups, each after the groups that take tiles from
    // what it continues (on a cycle, the first one left goes first).
    let mut waiting: Vec<usize> = (0..needs.len()).filter(|&n| !bases[n].is_empty()).collect();
    while !waiting.is_empty() {
        let blocked = |n: usize| {
            waiting.iter().any(|&other| {
                other != n && bases[n].iter().any(|&k| !from_table[other][k].is_empty())
            })
        };
        let free = waiting.iter().position(|&n| !blocked(n));
        let n = waiting.remove(free.unwrap_or(0));
        if free.is_none() {
            // Groups that take from each other's tiles in a ring: this one is made by taking,
            // which frees the others.
            steps.push(made(n, &mut current));
            continue;
        }
        let onto: Vec<Onto> = bases[n]
            .iter()
            .map(|&k| Onto {
                group: broken[k],
                tiles: current[k].clone(),
            })
            .collect();
        for &k in &bases[n] {
            let tiles = common(&current[k], &from_table[n][k]);
            remove_all(&mut current[k], &tiles);
        }
        let take = take_for(n, &bases[n], &mut current);
        let rack = sorted_rack(n);
        if onto.len() == 1 && take.is_empty() && rack.is_empty() {
            // What is left of the group is already the new group.
            continue;
        }
        steps.push(Step {
            onto,
            take,
            rack,
            result: new_groups[n].clone(),
        });
    }
    steps
}
