//! Shared by the tests and the benchmark: random legal games, and a second exact checker,
//! the one-shot flow formulation (one feasible flow per prefix, Dinic's algorithm), for
//! games too long for the exponential reference.
#![allow(dead_code)]

pub mod flow;

use fiveup::{Domino, Layout, Verdict};
use flow::{Bounded, UNLIMITED};

/// Random numbers below `n`, from a seed (the shared generator).
pub fn random(seed: u64) -> impl FnMut(usize) -> usize {
    let mut random = tiles_testkit::Random::new(seed);
    move |n: usize| random.below(n)
}

/// A legal game of at most `length` tiles from a double-`top` set, each tile written in a
/// random orientation: every tile hangs on a random open end. With `ambiguous`, a tile both
/// of whose numbers are open is chosen whenever the end drawn has one: the orders that make
/// a search over choices explode.
pub fn legal_game(top: u32, length: usize, ambiguous: bool, seed: u64) -> Vec<(u32, u32)> {
    let mut next = random(seed);
    let numbers = top as usize + 1;
    // Per number: the tiles holding it not yet played (each tile listed under both numbers;
    // played ones are dropped lazily).
    let mut unused: Vec<Vec<(u32, u32)>> = vec![Vec::new(); numbers];
    for a in 0..=top {
        for b in a..=top {
            unused[a as usize].push((a, b));
            if a != b {
                unused[b as usize].push((a, b));
            }
        }
    }
    let mut played = vec![false; numbers * numbers];
    let index = |(a, b): (u32, u32)| a as usize * numbers + b as usize;
    let mut open: Vec<u32> = Vec::new();
    let mut open_count = vec![0u32; numbers];
    let mut game = Vec::new();
    let write = |game: &mut Vec<(u32, u32)>, (a, b): (u32, u32), flip: bool| {
        game.push(if flip { (b, a) } else { (a, b) });
    };
    let first = {
        let a = next(numbers) as u32;
        let b = next(numbers) as u32;
        (a.min(b), a.max(b))
    };
    played[index(first)] = true;
    if first.0 == first.1 {
        open.extend([first.0; 4]);
        open_count[first.0 as usize] = 4;
    } else {
        open.extend([first.0, first.1]);
        open_count[first.0 as usize] += 1;
        open_count[first.1 as usize] += 1;
    }
    let flip = next(2) == 0;
    write(&mut game, first, flip);
    while game.len() < length && !open.is_empty() {
        let at = next(open.len());
        let v = open[at];
        let list = &mut unused[v as usize];
        list.retain(|&tile| !played[index(tile)]);
        if list.is_empty() {
            open.swap_remove(at);
            continue;
        }
        let other = |(a, b): (u32, u32)| if a == v { b } else { a };
        let both_open: Vec<usize> = if ambiguous {
            (0..list.len())
                .filter(|&i| {
                    let tile = list[i];
                    tile.0 != tile.1 && open_count[other(tile) as usize] > 0
                })
                .collect()
        } else {
            Vec::new()
        };
        let pick = if both_open.is_empty() {
            next(list.len())
        } else {
            both_open[next(both_open.len())]
        };
        let tile = list.swap_remove(pick);
        played[index(tile)] = true;
        open.swap_remove(at);
        open_count[v as usize] -= 1;
        if tile.0 == tile.1 {
            open.extend([v; 3]);
            open_count[v as usize] += 3;
        } else {
            open.push(other(tile));
            open_count[other(tile) as usize] += 1;
        }
        let flip = next(2) == 0;
        write(&mut game, tile, flip);
    }
    game
}

/// The numbers left open by a legal game's layout, with how many ends of each.
pub fn open_ends(tiles: &[(u32, u32)], layout: &Layout) -> Vec<(u32, u32)> {
    let mut open: std::collections::BTreeMap<u32, u32> = Default::default();
    for (&(a, b), attachment) in tiles.iter().zip(layout.attachments()) {
        let covered = attachment
            .as_ref()
            .map(|at| at.number.to_u64().expect("small numbers") as u32);
        let mut ends = if a == b { vec![a; 4] } else { vec![a, b] };
        if let Some(covered) = covered {
            let at = ends
                .iter()
                .position(|&n| n == covered)
                .expect("its own number");
            ends.remove(at);
            *open.get_mut(&covered).expect("an open end") -= 1;
        }
        for end in ends {
            *open.entry(end).or_default() += 1;
        }
    }
    open.into_iter().filter(|&(_, count)| count > 0).collect()
}

/// The two-ends trap, hung on an open `v` with numbers above `top` no other tile holds:
/// `v-P P-P P-Q P-R Q-R Q-S R-T`. After `Q-R` either two `Q`s or two `R`s are open, never one
/// of each, so the last tile cannot be attached though every number was played.
pub fn trap(v: u32, top: u32) -> [(u32, u32); 7] {
    let [p, q, r, s, t] = [top + 1, top + 2, top + 3, top + 4, top + 5];
    [(v, p), (p, p), (p, q), (p, r), (q, r), (q, s), (r, t)]
}

/// The tiles as dominoes.
pub fn dominoes(tiles: &[(u32, u32)]) -> Vec<Domino> {
    tiles
        .iter()
        .map(|&(a, b)| Domino::new(u64::from(a), u64::from(b)))
        .collect()
}

/// The verdict by the one-shot method: the first repeated tile, then a binary search over
/// prefixes for the shortest one with no feasible flow.
pub fn verdict_by_flow(tiles: &[(u32, u32)]) -> Verdict {
    let values = tiles
        .iter()
        .map(|&(a, b)| a.max(b) as usize + 1)
        .max()
        .unwrap_or(0);
    let mut judged = tiles.len();
    let mut repeat = None;
    let mut seen = std::collections::HashMap::new();
    for (at, &(a, b)) in tiles.iter().enumerate() {
        if let Some(&first) = seen.get(&(a.min(b), a.max(b))) {
            repeat = Some((first, at));
            judged = at;
            break;
        }
        seen.insert((a.min(b), a.max(b)), at);
    }
    if playable(&tiles[..judged], values) {
        return match repeat {
            Some((first, second)) => Verdict::Repeated { first, second },
            // The layout is not this method's to give: the caller compares legality only.
            None => Verdict::Unattachable {
                position: usize::MAX,
            },
        };
    }
    let (mut low, mut high) = (0, judged);
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if playable(&tiles[..middle], values) {
            low = middle;
        } else {
            high = middle;
        }
    }
    Verdict::Unattachable { position: high - 1 }
}

/// Whether `tiles` (numbers `0..values`) can be played legally in this order: the
/// legality network of `src/check.rs`, one feasible flow.
pub fn playable(tiles: &[(u32, u32)], values: usize) -> bool {
    const SOURCE: usize = 0;
    const SINK: usize = 1;
    const NONE: usize = usize::MAX;
    let Some(&(a, b)) = tiles.first() else {
        return true;
    };
    // Baseline counts of open ends: the first tile, then every later non-double attached
    // at its second number (moving an end from its second number to its first), every
    // double adding two.
    let mut base = vec![0i64; values];
    if a == b {
        base[a as usize] = 4;
    } else {
        base[a as usize] = 1;
        base[b as usize] = 1;
    }
    // Per value: how many later tiles may move an end out of it, so its chain's flow
    // (shift + turned-round tiles in - out) is never negative.
    let mut shift = vec![0i64; values];
    for &(a, b) in &tiles[1..] {
        if a != b {
            shift[a as usize] += 1;
        }
    }
    let mut network = Bounded::new(2);
    // Per node: the least flow on the chain arc leaving it.
    let mut lower: Vec<i64> = vec![0, 0];
    let mut latest = vec![NONE; values];
    // A step touching `v`: a new node on its chain, after its previous step's node.
    let mut advance = |network: &mut Bounded, lower: &mut Vec<i64>, v: usize| -> usize {
        let node = network.add_node();
        lower.push(0);
        match latest[v] {
            NONE => network.add_arc(SOURCE, node, shift[v], shift[v]),
            previous => network.add_arc(previous, node, lower[previous], UNLIMITED),
        };
        latest[v] = node;
        node
    };
    for &(a, b) in &tiles[1..] {
        let (a, b) = (a as usize, b as usize);
        if a == b {
            let node = advance(&mut network, &mut lower, a);
            base[a] += 2;
            // At least one open end before the double, so at least three after it.
            lower[node] = need(3 - base[a], shift[a]);
        } else {
            let node_a = advance(&mut network, &mut lower, a);
            let node_b = advance(&mut network, &mut lower, b);
            network.add_arc(node_a, node_b, 0, 1);
            base[a] += 1;
            base[b] -= 1;
            lower[node_a] = need(-base[a], shift[a]);
            lower[node_b] = need(-base[b], shift[b]);
        }
    }
    for &node in latest.iter().filter(|&&node| node != NONE) {
        network.add_arc(node, SINK, lower[node], UNLIMITED);
    }
    network.add_arc(SINK, SOURCE, 0, UNLIMITED);
    network.feasible()
}

/// The least flow on a chain arc for a count of at least the baseline's `shortfall` more:
/// twice the turned-round difference must cover it.
fn need(shortfall: i64, shift: i64) -> i64 {
    (shift + (shortfall + 1).div_euclid(2)).max(0)
}
