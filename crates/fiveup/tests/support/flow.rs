//! Maximum flow (Dinic's algorithm) and feasible flows with lower bounds on arcs.
//!
//! The depth-first search is iterative: a chain of 40,000 nodes must not overflow the stack.

use std::collections::VecDeque;

/// Capacity of an arc with no upper limit.
pub const UNLIMITED: i64 = i64::MAX / 4;

/// A flow network: arcs are stored in pairs, arc `2k` forward and `2k + 1` its residual twin.
#[derive(Debug, Default)]
pub struct Network {
    adjacency: Vec<Vec<u32>>,
    to: Vec<u32>,
    capacity: Vec<i64>,
}

impl Network {
    /// A network of `nodes` nodes and no arcs.
    pub fn new(nodes: usize) -> Network {
        Network {
            adjacency: vec![Vec::new(); nodes],
            to: Vec::new(),
            capacity: Vec::new(),
        }
    }

    /// Adds a node; returns its index.
    pub fn add_node(&mut self) -> usize {
        self.adjacency.push(Vec::new());
        self.adjacency.len() - 1
    }

    /// Adds an arc `from -> to` of this capacity; returns its index.
    pub fn add_arc(&mut self, from: usize, to: usize, capacity: i64) -> usize {
        let index = self.to.len();
        self.to.push(to as u32);
        self.capacity.push(capacity);
        self.adjacency[from].push(index as u32);
        self.to.push(from as u32);
        self.capacity.push(0);
        self.adjacency[to].push(index as u32 + 1);
        index
    }

    /// The flow on arc `arc` (an index [`Network::add_arc`] returned).
    pub fn flow(&self, arc: usize) -> i64 {
        self.capacity[arc ^ 1]
    }

    /// Pushes as much flow as possible from `source` to `sink`; returns how much.
    pub fn max_flow(&mut self, source: usize, sink: usize) -> i64 {
        let nodes = self.adjacency.len();
        let mut total = 0;
        let mut level = vec![u32::MAX; nodes];
        let mut next = vec![0usize; nodes];
        let mut queue = VecDeque::new();
        let mut path: Vec<u32> = Vec::new();
        loop {
            // Levels by breadth-first search over arcs with room left.
            level.fill(u32::MAX);
            level[source] = 0;
            queue.clear();
            queue.push_back(source as u32);
            while let Some(node) = queue.pop_front() {
                for &arc in &self.adjacency[node as usize] {
                    let to = self.to[arc as usize] as usize;
                    if self.capacity[arc as usize] > 0 && level[to] == u32::MAX {
                        level[to] = level[node as usize] + 1;
                        queue.push_back(to as u32);
                    }
                }
            }
            if level[sink] == u32::MAX {
                return total;
            }
            next.fill(0);
            // Augmenting paths along increasing levels, found depth first without recursion.
            let mut node = source;
            path.clear();
            loop {
                if node == sink {
                    let pushed = path
                        .iter()
                        .map(|&arc| self.capacity[arc as usize])
                        .min()
                        .unwrap_or(0);
                    for &arc in &path {
                        self.capacity[arc as usize] -= pushed;
                        self.capacity[arc as usize ^ 1] += pushed;
                    }
                    total += pushed;
                    // Back to the tail of the first saturated arc.
                    let saturated = path
                        .iter()
                        .position(|&arc| self.capacity[arc as usize] == 0)
                        .unwrap_or(0);
                    path.truncate(saturated);
                    node = path
                        .last()
                        .map_or(source, |&arc| self.to[arc as usize] as usize);
                    continue;
                }
                let mut advanced = false;
                while next[node] < self.adjacency[node].len() {
                    let arc = self.adjacency[node][next[node]] as usize;
                    let to = self.to[arc] as usize;
                    if self.capacity[arc] > 0 && level[to] == level[node] + 1 {
                        path.push(arc as u32);
                        node = to;
                        advanced = true;
                        break;
                    }
                    next[node] += 1;
                }
                if advanced {
                    continue;
                }
                // A dead end: never come back to this node in this phase.
                level[node] = u32::MAX;
                match path.pop() {
                    Some(arc) => {
                        node = self.to[arc as usize ^ 1] as usize;
                        next[node] += 1;
                    }
                    None => break,
                }
            }
        }
    }
}

/// A network whose arcs may have lower bounds, solved for any feasible flow (a circulation:
/// every node balanced) by the standard reduction to one maximum flow.
#[derive(Debug, Default)]
pub struct Bounded {
    network: Network,
    excess: Vec<i64>,
}

impl Bounded {
    /// A network of `nodes` nodes.
    pub fn new(nodes: usize) -> Bounded {
        Bounded {
            network: Network::new(nodes),
            excess: vec![0; nodes],
        }
    }

    /// Adds a node; returns its index.
    pub fn add_node(&mut self) -> usize {
        self.excess.push(0);
        self.network.add_node()
    }

    /// Adds an arc that must carry between `lower` and `upper` units; returns its index.
    pub fn add_arc(&mut self, from: usize, to: usize, lower: i64, upper: i64) -> usize {
        self.excess[to] += lower;
        self.excess[from] -= lower;
        self.network.add_arc(from, to, upper - lower)
    }

    /// Whether a circulation meets every bound; if so, [`Bounded::flow`] reads it off.
    pub fn feasible(&mut self) -> bool {
        let source = self.network.add_node();
        let sink = self.network.add_node();
        let mut needed = 0;
        for (node, &excess) in self.excess.iter().enumerate() {
            if excess > 0 {
                self.network.add_arc(source, node, excess);
                needed += excess;
            } else if excess < 0 {
                self.network.add_arc(node, sink, -excess);
            }
        }
        self.network.max_flow(source, sink) == needed
    }

    /// The flow above the lower bound on arc `arc`, after [`Bounded::feasible`] said yes.
    pub fn flow(&self, arc: usize) -> i64 {
        self.network.flow(arc)
    }
}
