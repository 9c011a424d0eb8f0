//! Is a sequence of dominoes a legal game of Five Up? Decided in polynomial time as a
//! network-flow feasibility problem.
//!
//! The rules (`seeds/fiveup-es.txt`, `notes/fiveup.md`): the first tile may be anything; a
//! non-double `a-b` opens an `a` end and a `b` end, a first double `d-d` four `d` ends (every
//! double is a spinner). Every later tile is attached with one of its numbers against an open
//! end of the same number: a non-double covers that end and opens its other number, a double
//! covers it and opens three ends of its number. No tile may be played twice, in either
//! orientation.
//!
//! How it is decided. What matters is how many ends of each number are open. A later
//! non-double `a-b` either moves one open end from `a` to `b` (attached at `a`) or from `b` to
//! `a`; a double `d-d` needs an open `d` and adds two. Take "attached at the second number" as
//! the baseline for every non-double and let `x_j = 1` mean tile `j` is turned round: then the
//! open `v` ends after any step are a fixed count plus twice (turned-round tiles into `v` minus
//! those out of `v`). "Never fewer than 0 open, and at least 1 just before a double" becomes a
//! lower bound on that difference after each step touching `v`. Each value's steps form a
//! chain whose flow is that difference (shifted to be non-negative), each turned-round tile a
//! unit of flow from its first number's chain to its second's, and the game is legal exactly
//! when this network has a feasible flow, which one maximum flow decides. The network's matrix
//! is totally unimodular, so the flow is integral: a real choice of orientations, which a
//! replay turns into a witness layout.
//!
//! The first illegal tile: a tile that repeats an earlier one, or the shortest prefix with no
//! legal history. Legality of prefixes is monotone (a legal game's prefixes are legal), so a
//! binary search over prefix lengths finds it with a logarithmic number of flows.

use std::collections::VecDeque;
use std::fmt;

use rustc_hash::FxHashMap;

use crate::domino::{Domino, Number};
use crate::flow::{Bounded, UNLIMITED};

/// The verdict on a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A legal game; a layout that plays it.
    Legal(Layout),
    /// Tile `second` (0-based) is tile `first` again, in either orientation.
    Repeated {
        /// The earlier position.
        first: usize,
        /// The later position.
        second: usize,
    },
    /// No legal history of the tiles before `position` leaves an end open where tile
    /// `position` could be attached (0-based). The tiles before it form a legal game.
    Unattachable {
        /// The position of the tile.
        position: usize,
    },
}

impl Verdict {
    /// Whether the game is legal.
    pub fn is_legal(&self) -> bool {
        matches!(self, Verdict::Legal(_))
    }

    /// The reason in words, naming tiles by their 1-based position: `None` for a legal game.
    pub fn reason(&self, tiles: &[Domino]) -> Option<String> {
        let name = |at: usize| format!("{} (tile {})", tiles[at], at + 1);
        match *self {
            Verdict::Legal(_) => None,
            Verdict::Repeated { first, second } => Some(format!(
                "{} is the same tile as {}: a set has one of each",
                name(second),
                name(first)
            )),
            Verdict::Unattachable { position } => {
                let tile = &tiles[position];
                let numbers = if tile.is_double() {
                    format!("a {}", tile.first)
                } else {
                    format!("a {} or a {}", tile.first, tile.second)
                };
                Some(format!(
                    "{} cannot be attached: no legal order of play of the tiles before it leaves {numbers} open",
                    name(position)
                ))
            }
        }
    }
}

/// Where each tile of a legal game hangs: for every tile after the first, the earlier tile and
/// the number of the end it is attached to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    parents: Vec<Option<Attachment>>,
}

/// A tile's place in a layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The earlier tile it hangs on (0-based position).
    pub parent: usize,
    /// The number of the end it covers (on both tiles).
    pub number: Number,
}

impl Layout {
    /// Per tile in play order: where it hangs (`None` for the first tile).
    pub fn attachments(&self) -> &[Option<Attachment>] {
        &self.parents
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (at, attachment) in self.parents.iter().enumerate() {
            match attachment {
                None => writeln!(f, "{}: first", at + 1)?,
                Some(a) => writeln!(f, "{}: on {} at {}", at + 1, a.parent + 1, a.number)?,
            }
        }
        Ok(())
    }
}

/// The game with numbers replaced by small ids.
struct Game {
    /// Per tile: its two numbers' ids, as written.
    tiles: Vec<(u32, u32)>,
    values: usize,
}

impl Game {
    fn new(dominoes: &[Domino]) -> Game {
        let mut ids: FxHashMap<&Number, u32> = FxHashMap::default();
        let mut tiles = Vec::with_capacity(dominoes.len());
        for domino in dominoes {
            let mut id = |number| {
                let next = ids.len() as u32;
                *ids.entry(number).or_insert(next)
            };
            tiles.push((id(&domino.first), id(&domino.second)));
        }
        Game {
            tiles,
            values: ids.len(),
        }
    }

    /// Whether the first `length` tiles can be played legally; with `orient`, how a legal
    /// play turns each tile (`true`: attached at its first number, opening its second).
    fn playable(&self, length: usize, orient: Option<&mut Vec<bool>>) -> bool {
        const SOURCE: usize = 0;
        const SINK: usize = 1;
        const NONE: usize = usize::MAX;
        let tiles = &self.tiles[..length];
        let Some(&(a, b)) = tiles.first() else {
            if let Some(orient) = orient {
                orient.clear();
            }
            return true;
        };
        // Baseline counts of open ends: the first tile, then every later non-double attached
        // at its second number (moving an end from its second number to its first), every
        // double adding two.
        let mut base = vec![0i64; self.values];
        if a == b {
            base[a as usize] = 4;
        } else {
            base[a as usize] = 1;
            base[b as usize] = 1;
        }
        // Per value: how many later tiles may move an end out of it, so its chain's flow
        // (shift + turned-round tiles in - out) is never negative.
        let mut shift = vec![0i64; self.values];
        for &(a, b) in &tiles[1..] {
            if a != b {
                shift[a as usize] += 1;
            }
        }
        let mut network = Bounded::new(2);
        // Per node: the least flow on the chain arc leaving it.
        let mut lower: Vec<i64> = vec![0, 0];
        let mut latest = vec![NONE; self.values];
        let mut tile_arcs: Vec<usize> = Vec::with_capacity(length);
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
                tile_arcs.push(NONE);
            } else {
                let node_a = advance(&mut network, &mut lower, a);
                let node_b = advance(&mut network, &mut lower, b);
                tile_arcs.push(network.add_arc(node_a, node_b, 0, 1));
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
        if !network.feasible() {
            return false;
        }
        if let Some(orient) = orient {
            orient.clear();
            orient.push(false);
            orient.extend(
                tile_arcs
                    .iter()
                    .map(|&arc| arc != NONE && network.flow(arc) == 1),
            );
        }
        true
    }
}

/// The least flow on a chain arc for a count of at least the baseline's `shortfall` more:
/// twice the turned-round difference must cover it.
fn need(shortfall: i64, shift: i64) -> i64 {
    (shift + (shortfall + 1).div_euclid(2)).max(0)
}

/// Decides whether `tiles`, in the order given, is a legal game of Five Up.
pub fn check(tiles: &[Domino]) -> Verdict {
    let game = Game::new(tiles);
    // The first repeated tile ends the search: only the tiles before it can be judged.
    let mut seen: FxHashMap<(u32, u32), usize> = FxHashMap::default();
    let mut repeat = None;
    for (at, &(a, b)) in game.tiles.iter().enumerate() {
        if let Some(&first) = seen.get(&(a.min(b), a.max(b))) {
            repeat = Some((first, at));
            break;
        }
        seen.insert((a.min(b), a.max(b)), at);
    }
    let mut judged = repeat.map_or(tiles.len(), |(_, second)| second);
    // A tile neither of whose numbers was ever on the table can never be attached.
    let mut opened = vec![false; game.values];
    let mut known_bad = None;
    for (at, &(a, b)) in game.tiles[..judged].iter().enumerate() {
        if at > 0 && !opened[a as usize] && !opened[b as usize] {
            known_bad = Some(at);
            break;
        }
        opened[a as usize] = true;
        opened[b as usize] = true;
    }
    if let Some(at) = known_bad {
        judged = at + 1;
    }
    let mut orient = Vec::new();
    if known_bad.is_none() && game.playable(judged, Some(&mut orient)) {
        return match repeat {
            Some((first, second)) => Verdict::Repeated { first, second },
            None => Verdict::Legal(layout(&game, tiles, &orient)),
        };
    }
    // The shortest unplayable prefix: `low` tiles are playable, `high` are not.
    let (mut low, mut high) = (1, judged);
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if game.playable(middle, None) {
            low = middle;
        } else {
            high = middle;
        }
    }
    Verdict::Unattachable { position: high - 1 }
}

/// Replays a legal game with the orientations found, hanging each tile on the oldest open end
/// of its number.
fn layout(game: &Game, tiles: &[Domino], orient: &[bool]) -> Layout {
    let mut open: Vec<VecDeque<usize>> = vec![VecDeque::new(); game.values];
    let mut parents = Vec::with_capacity(tiles.len());
    for (at, &(a, b)) in game.tiles.iter().enumerate() {
        let (a, b) = (a as usize, b as usize);
        if at == 0 {
            let ends = if a == b { 4 } else { 1 };
            open[a].extend(std::iter::repeat_n(0, ends));
            if a != b {
                open[b].push_back(0);
            }
            parents.push(None);
            continue;
        }
        // Turned round: attached at the first number.
        let (covered, opened, number) = if orient[at] {
            (a, b, &tiles[at].first)
        } else {
            (b, a, &tiles[at].second)
        };
        let parent = open[covered]
            .pop_front()
            .expect("a feasible flow keeps an end open for every tile");
        if a == b {
            open[a].extend(std::iter::repeat_n(at, 3));
        } else {
            open[opened].push_back(at);
        }
        parents.push(Some(Attachment {
            parent,
            number: number.clone(),
        }));
    }
    Layout { parents }
}
