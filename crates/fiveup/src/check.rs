//! Is a sequence of dominoes a legal game of Five Up? Decided in polynomial time as a
//! network-flow feasibility problem.
//!
//! The rules (the crate README's Rules section): the first tile may be anything; a
//! non-double `a-b` opens an `a` end and a `b` end, a first double `d-d` four `d` ends (every
//! double is a spinner). Every later tile is attached with one of its numbers against an open
//! end of the same number: a non-double covers that end and opens its other number, a double
//! covers it and opens three ends of its number. No tile may be played twice, in either
//! orientation.
//!
//! How it is decided. What matters is how many ends of each number are open. A later
//! non-double `a-b` either moves one open end from `a` to `b` (attached at `a`) or from `b` to
//! `a`; a double `d-d` needs an open `d` and adds two. Take one orientation as the baseline
//! for every non-double and let `x_j = 1` mean tile `j` is turned round: then the open `v`
//! ends after any step are a fixed count plus twice (turned-round tiles into `v` minus those
//! out of `v`). "Never fewer than 0 open, and at least 1 just before a double" becomes a lower
//! bound on that difference after each step touching `v`. Each number's steps form a chain
//! whose flow is that difference, each turned-round tile a unit of flow from one number's
//! chain to the other's, and the game is legal exactly when this network has a feasible flow
//! (the legality question as a flow problem). The network's matrix is totally unimodular, so a feasible flow is
//! integral: a real choice of orientations, which a replay turns into a witness layout.
//!
//! The flow is built tile by tile rather than once (Ford and Fulkerson's method, one unit at
//! a time). The tiles so far always have a legal history, kept as the chains' counts. A new
//! tile is attached at an open end of one of its numbers if there is one (when both are open,
//! at the number with more open ends, or else at the one needed later). If neither is open, an
//! augmenting path in the residual network turns earlier tiles round so that one of them is:
//! flow theory says such a path exists exactly when some legal history of the tiles so far
//! leaves one of the numbers open. If it does not, the tile is the first that breaks the game,
//! and every tile before it has a legal history: the shortest illegal prefix, found without
//! any search over prefixes. Legal prefixes are found with no search at all most of the time;
//! the path search visits the latest nodes first (a binary heap), since a path that turns
//! recent tiles round is short and must spare open ends over a short stretch only.
//!
//! Each search visits every node at most once, so a game of `n` tiles takes at most
//! `O(n^2 log n)` time and `O(n)` memory; in practice a search visits a handful of nodes (the
//! benchmark's figures are in the crate README).

use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, VecDeque};

use rustc_hash::FxHashMap;

use crate::domino::{Domino, Number};
use crate::layout::{Attachment, Layout, Side};

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

    /// The verdict as one line: `valid` (for no tiles at all, `valid (an empty game: …)`), or
    /// `invalid: ` and the [`Verdict::reason`].
    pub fn summary(&self, tiles: &[Domino]) -> String {
        match self.reason(tiles) {
            // Said in so many words: an empty text is a legal game of no plays, which a bare
            // "valid" would hide.
            None if tiles.is_empty() => "valid (an empty game: no tiles were read)".to_owned(),
            None => "valid".to_owned(),
            Some(reason) => format!("invalid: {reason}"),
        }
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

/// No node.
const NONE: u32 = u32::MAX;

/// One step of one number's chain: the open ends of that number just after a tile touching it
/// was played.
#[derive(Debug, Clone)]
struct Node {
    /// Open ends of this number after the step.
    count: i32,
    /// The fewest allowed: 3 after a double (it needed an open end, and adds two), else 0.
    floor: i32,
    /// The same number's previous and next steps.
    prev: u32,
    next: u32,
    /// The node of the tile's other number, for a non-double after the first tile.
    partner: u32,
    /// Whether the tile covers an end of this node's number (and opens its partner's).
    covers: bool,
    /// The search that last reached this node, and the node its path continues to.
    seen: u32,
    toward: u32,
}

/// A legal history of the tiles played so far, kept as one chain of nodes per number; each
/// new tile is attached at an open end if there is one, else the history is repaired along an
/// augmenting path first.
struct History {
    nodes: Vec<Node>,
    /// Per number: its latest node.
    last: Vec<u32>,
    /// Per tile: the node of its first and of its second number (the same for a double).
    tile_nodes: Vec<(u32, u32)>,
    /// Per tile: the position of the next tile holding its first, and its second, number.
    next_use: Vec<(u32, u32)>,
    /// How many path searches ran: the stamp of the current one in `Node::seen`.
    searches: u32,
    /// The nodes a search has reached but not yet looked past, latest first.
    frontier: BinaryHeap<u32>,
}

impl History {
    fn new(game: &Game) -> History {
        let mut next_use = vec![(NONE, NONE); game.tiles.len()];
        let mut upcoming = vec![NONE; game.values];
        for (at, &(a, b)) in game.tiles.iter().enumerate().rev() {
            next_use[at] = (upcoming[a as usize], upcoming[b as usize]);
            upcoming[a as usize] = at as u32;
            upcoming[b as usize] = at as u32;
        }
        History {
            nodes: Vec::with_capacity(2 * game.tiles.len()),
            last: vec![NONE; game.values],
            tile_nodes: Vec::with_capacity(game.tiles.len()),
            next_use,
            searches: 0,
            frontier: BinaryHeap::new(),
        }
    }

    /// The open ends of number `v` now.
    fn open(&self, v: u32) -> i32 {
        match self.last[v as usize] {
            NONE => 0,
            node => self.nodes[node as usize].count,
        }
    }

    /// Appends a step of number `v` that changes its open ends by `change`.
    fn step(&mut self, v: u32, change: i32, floor: i32) -> u32 {
        let id = self.nodes.len() as u32;
        let prev = self.last[v as usize];
        let count = self.open(v) + change;
        if prev != NONE {
            self.nodes[prev as usize].next = id;
        }
        self.nodes.push(Node {
            count,
            floor,
            prev,
            next: NONE,
            partner: NONE,
            covers: false,
            seen: 0,
            toward: NONE,
        });
        self.last[v as usize] = id;
        id
    }

    /// Plays tile `at`, `(a, b)`, if some legal history of the tiles before it leaves an end
    /// open to attach it; `false` if none does.
    fn play(&mut self, at: usize, (a, b): (u32, u32)) -> bool {
        if at == 0 {
            let nodes = if a == b {
                let node = self.step(a, 4, 0);
                (node, node)
            } else {
                (self.step(a, 1, 0), self.step(b, 1, 0))
            };
            self.tile_nodes.push(nodes);
            return true;
        }
        if a == b {
            if self.open(a) == 0 && self.augment([self.last[a as usize], NONE]).is_none() {
                return false;
            }
            let node = self.step(a, 2, 3);
            self.tile_nodes.push((node, node));
            return true;
        }
        let (open_a, open_b) = (self.open(a), self.open(b));
        let cover_a = if open_a > 0 && open_b > 0 {
            // Keep the number with fewer open ends, or else the one needed sooner.
            let (soon_a, soon_b) = self.next_use[at];
            open_a > open_b || (open_a == open_b && soon_a >= soon_b)
        } else if open_a > 0 || open_b > 0 {
            open_a > 0
        } else {
            match self.augment([self.last[a as usize], self.last[b as usize]]) {
                None => return false,
                Some(root) => root == self.last[a as usize],
            }
        };
        let (node_a, node_b) = if cover_a {
            (self.step(a, -1, 0), self.step(b, 1, 0))
        } else {
            (self.step(a, 1, 0), self.step(b, -1, 0))
        };
        self.nodes[node_a as usize].partner = node_b;
        self.nodes[node_b as usize].partner = node_a;
        self.nodes[node_a as usize].covers = cover_a;
        self.nodes[node_b as usize].covers = !cover_a;
        self.tile_nodes.push((node_a, node_b));
        true
    }

    /// Gives one of the `roots` (latest nodes with no open end, or `NONE`) two more open ends by turning
    /// round earlier tiles, keeping the history legal; returns that root, or `None` if no
    /// legal history of the tiles so far can.
    ///
    /// This is an augmenting path in the residual network of the flow formulation, searched
    /// backwards from the roots. A node's count can rise if an earlier node of its number
    /// rises (the path goes on to `prev`), or if its tile covers its number and can be turned
    /// round (on to `partner`, whose count then falls); it can fall by two if it has two to
    /// spare, and then so must the next node of its number (on to `next`), or, for the latest
    /// node, nothing else: the path is found.
    fn augment(&mut self, roots: [u32; 2]) -> Option<u32> {
        self.searches += 1;
        let search = self.searches;
        self.frontier.clear();
        for root in roots.into_iter().filter(|&root| root != NONE) {
            let node = &mut self.nodes[root as usize];
            node.seen = search;
            node.toward = NONE;
            self.frontier.push(root);
        }
        while let Some(y) = self.frontier.pop() {
            let node = &self.nodes[y as usize];
            let spare = node.count - 2 >= node.floor && !roots.contains(&y);
            if spare && node.next == NONE {
                return Some(self.apply(y));
            }
            let mut candidates = [NONE; 3];
            candidates[0] = node.prev;
            if node.covers {
                candidates[1] = node.partner;
            }
            if spare {
                candidates[2] = node.next;
            }
            for x in candidates {
                if x == NONE || self.nodes[x as usize].seen == search {
                    continue;
                }
                let next = &mut self.nodes[x as usize];
                next.seen = search;
                next.toward = y;
                self.frontier.push(x);
            }
        }
        None
    }

    /// Changes the history along the path found from `start`, a latest node with two ends to
    /// spare; returns the root it ends at.
    fn apply(&mut self, start: u32) -> u32 {
        self.nodes[start as usize].count -= 2;
        let mut u = start;
        loop {
            let w = self.nodes[u as usize].toward;
            if w == NONE {
                self.nodes[u as usize].count += 2;
                return u;
            }
            let (uu, ww) = (u as usize, w as usize);
            if self.nodes[ww].next == u {
                self.nodes[ww].count -= 2;
            } else if self.nodes[ww].prev == u {
                self.nodes[uu].count += 2;
            } else {
                // Turned round: the tile now covers `u`'s number and opens `w`'s.
                self.nodes[ww].covers = false;
                self.nodes[uu].covers = true;
            }
            u = w;
        }
    }

    /// How each tile is played: `true` if it covers an end of its first number.
    fn orientations(&self) -> Vec<bool> {
        self.tile_nodes
            .iter()
            .map(|&(first, _)| self.nodes[first as usize].covers)
            .collect()
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
}

/// Decides whether `tiles`, in the order given, is a legal game of Five Up.
pub fn check(tiles: &[Domino]) -> Verdict {
    let game = Game::new(tiles);
    let mut seen: FxHashMap<(u32, u32), usize> = FxHashMap::default();
    let mut history = History::new(&game);
    for (at, &(a, b)) in game.tiles.iter().enumerate() {
        match seen.entry((a.min(b), a.max(b))) {
            Entry::Occupied(first) => {
                return Verdict::Repeated {
                    first: *first.get(),
                    second: at,
                };
            }
            Entry::Vacant(slot) => {
                slot.insert(at);
            }
        }
        if !history.play(at, (a, b)) {
            return Verdict::Unattachable { position: at };
        }
    }
    Verdict::Legal(layout(&game, tiles, &history.orientations()))
}

/// Replays a legal game with the orientations found, hanging each tile on the oldest open end
/// of the number it covers (a double's long sides before its short ends).
fn layout(game: &Game, tiles: &[Domino], orient: &[bool]) -> Layout {
    let mut open: Vec<VecDeque<(usize, Side)>> = vec![VecDeque::new(); game.values];
    let mut attachments = Vec::with_capacity(tiles.len());
    for (at, &(a, b)) in game.tiles.iter().enumerate() {
        let (a, b) = (a as usize, b as usize);
        let opened = if at == 0 {
            attachments.push(None);
            // A first double has two long sides, the others' ends are pushed below.
            if a == b {
                open[a].push_back((0, Side::Long));
            } else {
                open[a].push_back((0, Side::End));
            }
            b
        } else {
            let (covered, opened, number) = if orient[at] {
                (a, b, &tiles[at].first)
            } else {
                (b, a, &tiles[at].second)
            };
            let (parent, side) = open[covered]
                .pop_front()
                .expect("a legal history keeps an end open for every tile");
            attachments.push(Some(Attachment {
                parent,
                number: number.clone(),
                side,
            }));
            opened
        };
        if a == b {
            // A spinner: its free long side, then its two short ends.
            open[a].extend([(at, Side::Long), (at, Side::Short), (at, Side::Short)]);
        } else {
            open[opened].push_back((at, Side::End));
        }
    }
    Layout::new(tiles.to_vec(), attachments)
}
