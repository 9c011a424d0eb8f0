//! The search: a sweep over the numbers, one layer per colour and one for the sets of each
//! number, keeping for each state the best gain that reaches it. A narrow sweep first finds a
//! good move; full sweeps then keep only states whose bound could still beat it, so the best
//! move is found, or the narrow one proven best. States that differ only in the open runs of
//! the colour just placed (plain, or at nodes of its tree of table runs) are compared, and
//! dominated ones dropped. `arrange`, with nothing
//! to optimise, searches depth first instead and stops at the first arrangement.

use rustc_hash::FxHashMap;
use tiles_core::Stopped;

use super::model::{
    COUNT_BITS, Choice, MAX_COLORS, Memo, NO_RANGE, Outcome, Problem, State, Step, count_of, key,
    primary,
};

/// One state of a layer of the sweep: the best gain that reaches it, and from where.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    pub(super) state: State,
    pub(super) gain: i64,
    /// What the state can still add at most ([`Problem::state_bound`]).
    pub(super) bound: i64,
    /// Index of the node it came from (see [`Sweep::links`]).
    pub(super) parent: u32,
    /// Index of the choice that led to it in [`Memo::choices`].
    pub(super) choice: u32,
}

/// Where a node of a sweep came from: the index of its parent among the sweep's nodes, and
/// the choice that led to it. A node's state follows from its path, so finished layers keep
/// only these (an eighth of a [`Node`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Link {
    pub(super) parent: u32,
    pub(super) choice: u32,
}

/// A finished sweep: where every node it kept came from (layer after layer, the start
/// first), where its best finished state is, and that state's key.
pub(super) struct Sweep {
    pub(super) links: Vec<Link>,
    pub(super) at: usize,
    pub(super) total: i64,
}

/// Room for the nodes of a question's first sweep: a narrow sweep keeps a few thousand.
const INITIAL_NODES: usize = 4096;

/// States expanded between two checks of the stop signal within a layer: a few milliseconds
/// of work at most.
const CHECK_EVERY: usize = 4096;

/// The lowest target: every move reaches it.
const ANY: i64 = i64::MIN;

/// No node: the end of a list of siblings in a [`Layer`].
pub(super) const NO_NODE: u32 = u32::MAX;

/// A state's key in a layer (see [`Problem::layer_key`]): the number, colour, jokers, points
/// and set tiles, then two parts (or a node-list index) per word.
pub(super) type LayerKey = [u64; 4];

/// A layer of the sweep being built (see [`Problem::insert`]).
#[derive(Default)]
pub(super) struct Layer {
    pub(super) nodes: Vec<Node>,
    /// Per node: the next node with the same key in [`Layer::index`].
    pub(super) siblings: Vec<u32>,
    /// Per node: whether another node of the layer made it useless.
    pub(super) dropped: Vec<bool>,
    /// The first node of each key ([`Problem::layer_key`]).
    pub(super) index: FxHashMap<LayerKey, u32>,
}

impl Layer {
    /// Moves the nodes still useful (the best `beam` of them, if given) to `current`, whose
    /// nodes go, and appends their links to `links`, leaving the layer empty for the next one.
    pub(super) fn finish(
        &mut self,
        beam: Option<usize>,
        current: &mut Vec<Node>,
        links: &mut Vec<Link>,
    ) {
        self.index.clear();
        self.siblings.clear();
        if self.dropped.contains(&true) {
            // `retain` visits the nodes in order, once each.
            let mut dropped = self.dropped.iter();
            self.nodes
                .retain(|_| !dropped.next().copied().unwrap_or_default());
        }
        self.dropped.clear();
        if let Some(width) = beam
            && self.nodes.len() > width
        {
            self.nodes.select_nth_unstable_by_key(width, |node| {
                std::cmp::Reverse(node.gain + node.bound)
            });
            self.nodes.truncate(width);
        }
        links.extend(self.nodes.iter().map(|node| Link {
            parent: node.parent,
            choice: node.choice,
        }));
        std::mem::swap(current, &mut self.nodes);
        self.nodes.clear();
    }
}

impl Problem<'_> {
    /// Where the choices of a state sit in [`Memo::choices`].
    pub(super) fn choice_range(&self, state: &State, memo: &mut Memo) -> (u32, u32) {
        let color = usize::from(state.color);
        let known = if color == self.n_colors {
            memo.set_ranges
                .get(&(state.value, state.sets, state.jokers))
                .copied()
        } else {
            let slot = memo.slot(state.parts[color], state.jokers);
            memo.color_ranges[usize::from(state.value) * MAX_COLORS + color]
                .get(slot)
                .copied()
                .filter(|&range| range != NO_RANGE)
        };
        match known {
            Some(range) => range,
            None => {
                let start = memo.choices.len() as u32;
                let mut choices = std::mem::take(&mut memo.choices);
                let mut steps = std::mem::take(&mut memo.steps);
                self.transitions(state, memo, &mut |choice, step| {
                    choices.push(choice);
                    steps.push(step);
                });
                memo.choices = choices;
                memo.steps = steps;
                let range = (start, memo.choices.len() as u32);
                if color == self.n_colors {
                    memo.set_ranges
                        .insert((state.value, state.sets, state.jokers), range);
                } else {
                    let slot = memo.slot(state.parts[color], state.jokers);
                    let ranges =
                        &mut memo.color_ranges[usize::from(state.value) * MAX_COLORS + color];
                    if ranges.len() <= slot {
                        ranges.resize(slot + 1, NO_RANGE);
                    }
                    ranges[slot] = range;
                }
                range
            }
        }
    }

    /// The state a choice leads to.
    pub(super) fn apply(&self, state: &State, choice: &Choice) -> State {
        let color = usize::from(state.color);
        let mut next = *state;
        next.jokers += choice.jokers;
        next.points = self.add_points(state.points, choice.points);
        if color == self.n_colors {
            next.value += 1;
            next.color = 0;
            next.sets = 0;
        } else {
            next.parts[color] = choice.part;
            next.color += 1;
            next.sets |= u32::from(choice.to_sets) << (color * 3);
        }
        next
    }

    /// What nodes compared in [`Problem::insert`] share: the state except the open runs of
    /// the colour just placed (`changed`); where dominated states are not dropped, with that
    /// colour's node list.
    pub(super) fn layer_key(&self, state: &State, changed: Option<usize>, memo: &Memo) -> LayerKey {
        let mut key = [0u64; 4];
        key[0] = u64::from(state.value)
            | u64::from(state.color) << 8
            | u64::from(state.jokers) << 16
            | u64::from(state.points) << 24
            | u64::from(state.sets) << 40;
        for (color, &part) in state.parts[..self.n_colors].iter().enumerate() {
            let word = if Some(color) == changed {
                // Compared runs may sit at different nodes (see [`Problem::parts_cover`]);
                // without comparing, only equal states meet, so the node list narrows the key.
                if self.prune_dominated {
                    1 << 31
                } else {
                    u64::from(memo.nodes_of[part as usize]) | 1 << 31
                }
            } else {
                u64::from(part)
            };
            key[1 + color / 2] |= word << (32 * (color % 2));
        }
        key
    }

    /// Adds a node to the layer being built, unless a node of the layer dominates it. Nodes
    /// that differ only in the open runs of the colour just placed are compared: the same runs
    /// keep the better gain; runs that can do whatever the others can
    /// ([`Problem::parts_cover`]) with a gain at least as high make the others useless.
    pub(super) fn insert(&self, layer: &mut Layer, node: Node, memo: &Memo) {
        let changed = usize::from(node.state.color).checked_sub(1);
        let head = layer
            .index
            .entry(self.layer_key(&node.state, changed, memo))
            .or_insert(NO_NODE);
        let mut at = *head;
        while at != NO_NODE {
            let other = &mut layer.nodes[at as usize];
            if !layer.dropped[at as usize] {
                if other.state == node.state {
                    if node.gain > other.gain {
                        *other = node;
                    }
                    return;
                }
                if let Some(color) = changed
                    && self.prune_dominated
                {
                    let runs = |state: &State| memo.parts[state.parts[color] as usize];
                    let (mine, theirs) = (runs(&node.state), runs(&other.state));
                    if other.gain >= node.gain && self.parts_cover(color, theirs, mine) {
                        return;
                    }
                    if node.gain >= other.gain && self.parts_cover(color, mine, theirs) {
                        layer.dropped[at as usize] = true;
                    }
                }
            }
            at = layer.siblings[at as usize];
        }
        layer.siblings.push(*head);
        *head = layer.nodes.len() as u32;
        layer.nodes.push(node);
        layer.dropped.push(false);
    }

    /// Runs the sweep forward, layer by layer, keeping for each state the best gain that
    /// reaches it and dropping every state that can no longer reach `target` (an objective
    /// key). With a `beam`, only that many states with the highest gain plus bound go on from
    /// each layer. Returns the nodes, the index of the best finished state and its key, if any
    /// reaches the target. Without a beam that is the best of all moves, if the best reaches
    /// the target: no state on its way was dropped. The stop signal is checked before each
    /// layer and every [`CHECK_EVERY`] states within one.
    pub(super) fn sweep(
        &self,
        target: i64,
        beam: Option<usize>,
        memo: &mut Memo,
    ) -> Result<Option<Sweep>, Stopped> {
        let layer_count = usize::from(self.last_value) * (self.n_colors + 1);
        let Some(bound) = self.state_bound(&State::start(), memo) else {
            return Ok(None);
        };
        if bound < target {
            return Ok(None);
        }
        let start = Node {
            state: State::start(),
            gain: 0,
            bound,
            parent: 0,
            choice: 0,
        };
        // Every node's link, layers back to back; the nodes of the layer being expanded,
        // the first of them at `first` among the links. The buffers of earlier sweeps of the
        // question, reused.
        let mut links = memo
            .spare_links
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(INITIAL_NODES));
        links.clear();
        links.push(Link {
            parent: 0,
            choice: 0,
        });
        let mut current = std::mem::take(&mut memo.spare_layer);
        current.clear();
        current.push(start);
        let mut first = 0;
        let mut next = std::mem::take(&mut memo.layer);
        // A stopped sweep gives its buffers up with the question: nothing sweeps after it.
        for _ in 0..layer_count {
            self.stop.check()?;
            for (offset, node) in current.iter().enumerate() {
                if offset % CHECK_EVERY == CHECK_EVERY - 1 && self.stop.is_stopped() {
                    return Err(Stopped);
                }
                let parent = first + offset;
                let (start, end) = self.choice_range(&node.state, memo);
                // A colour step changes one colour's part: without jokers, only that colour's
                // bound changes.
                let color = usize::from(node.state.color);
                let free_before = self.total_jokers() - node.state.jokers;
                let others = (color < self.n_colors)
                    .then(|| {
                        let part = node.state.parts[color];
                        self.color_bound(color, node.state.value, part, free_before, memo)
                    })
                    .flatten()
                    .map(|own| node.bound - own);
                for at in start..end {
                    let choice = memo.choices[at as usize];
                    let state = self.apply(&node.state, &choice);
                    let free = self.total_jokers() - state.jokers;
                    if state.color > 0
                        && !self.sets_completable(state.value, state.color, state.sets, free, memo)
                    {
                        continue;
                    }
                    let gain = node.gain + choice.gain;
                    let bound = match others {
                        Some(others) if choice.jokers == 0 => {
                            let part = state.parts[color];
                            self.color_bound(color, state.value + 1, part, free, memo)
                                .map(|bound| {
                                    others
                                        + bound
                                        + self.set_credit(color, node.state.value, choice.to_sets)
                                })
                        }
                        _ => self.state_bound(&state, memo),
                    };
                    let Some(bound) = bound.filter(|bound| gain + bound >= target) else {
                        continue;
                    };
                    let child = Node {
                        state,
                        gain,
                        bound,
                        parent: parent as u32,
                        choice: at,
                    };
                    self.insert(&mut next, child, memo);
                }
            }
            first = links.len();
            next.finish(beam, &mut current, &mut links);
        }
        memo.layer = next;
        let mut best: Option<(usize, i64)> = None;
        for (offset, node) in current.iter().enumerate() {
            let Some(end) = self.finish(&node.state, memo) else {
                continue;
            };
            let total = node.gain + end;
            if total >= target && best.is_none_or(|(_, b)| total > b) {
                best = Some((first + offset, total));
            }
        }
        memo.spare_layer = current;
        Ok(match best {
            Some((at, total)) => Some(Sweep { links, at, total }),
            None => {
                memo.spare_links.push(links);
                None
            }
        })
    }

    /// The best move. A narrow sweep ([`super::Pruning::beams`]) first finds a good move quickly; the
    /// full sweep then only keeps states that could still beat it, so it finds the best move,
    /// or nothing if the narrow sweep's move is already the best. Where the primary part
    /// counts tiles and the narrow move falls short of the start's bound, a full sweep aiming
    /// at one more tile comes first: if it finds a move, that is the best. If no narrow sweep
    /// gets through, the full sweep runs with a target on the primary objective, from the
    /// start's bound down (by 1, 2, 4 …) until it succeeds. `None` only if nothing at all is
    /// possible.
    pub(super) fn best_outcome(&self) -> Result<Option<Outcome>, Stopped> {
        let mut memo = Memo::new(self);
        let Some(bound) = self.state_bound(&State::start(), &mut memo) else {
            return Ok(None);
        };
        let mut found = None;
        for &width in self.beams {
            found = self.sweep(ANY, Some(width), &mut memo)?;
            if found.is_some() {
                break;
            }
        }
        if let Some(good) = found {
            if self.go_out {
                let outcome = self.replay(&good.links, good.at, &mut memo);
                let rack = self.may_jokers as usize
                    + self
                        .may
                        .iter()
                        .flatten()
                        .map(|&n| usize::from(n))
                        .sum::<usize>();
                if outcome.placed.len() == rack {
                    return Ok(Some(outcome));
                }
            }
            // The narrow sweep may have missed a move with one more tile: a full sweep aiming
            // at that drops far more states than one aiming just past the narrow move.
            if self.counts_tiles
                && primary(good.total) < primary(bound)
                && let Some(best) =
                    self.sweep(key(primary(good.total) + 1, 0, 0), None, &mut memo)?
            {
                return Ok(Some(self.replay(&best.links, best.at, &mut memo)));
            }
            // Only a strictly better move needs the full sweep to find it.
            return Ok(Some(match self.sweep(good.total + 1, None, &mut memo)? {
                Some(best) => self.replay(&best.links, best.at, &mut memo),
                None => self.replay(&good.links, good.at, &mut memo),
            }));
        }
        let mut target = primary(bound);
        let mut drop = 1;
        loop {
            if let Some(best) = self.sweep(key(target, 0, 0), None, &mut memo)? {
                return Ok(Some(self.replay(&best.links, best.at, &mut memo)));
            }
            if target <= 0 {
                return Ok(None);
            }
            target = (target - drop).max(0);
            drop *= 2;
        }
    }

    /// Some way to use every tile, found depth first: with nothing optional there is nothing to
    /// optimise, so the first complete path is an answer. States found to lead nowhere are
    /// remembered, so an impossible arrangement is proved by visiting each state once.
    pub(super) fn any_arrangement(&self) -> Result<Option<Outcome>, Stopped> {
        self.stop.check()?;
        let mut memo = Memo::new(self);
        let mut dead: rustc_hash::FxHashSet<State> = rustc_hash::FxHashSet::default();
        let mut path: Vec<(State, u32)> = Vec::new();
        if !self.search(State::start(), &mut path, &mut dead, &mut memo)? {
            return Ok(None);
        }
        Ok(Some(self.build(&path, &memo)))
    }

    /// Depth-first search for a complete path from `state`, recorded in `path`. The stop
    /// signal is checked every [`CHECK_EVERY`] states found to lead nowhere.
    pub(super) fn search(
        &self,
        state: State,
        path: &mut Vec<(State, u32)>,
        dead: &mut rustc_hash::FxHashSet<State>,
        memo: &mut Memo,
    ) -> Result<bool, Stopped> {
        if state.value > self.last_value {
            return Ok(self.finish(&state, memo).is_some());
        }
        if dead.contains(&state) || self.state_bound(&state, memo).is_none() {
            return Ok(false);
        }
        let (start, end) = self.choice_range(&state, memo);
        for at in start..end {
            let choice = memo.choices[at as usize];
            let next = self.apply(&state, &choice);
            let free = self.total_jokers() - next.jokers;
            if next.color > 0
                && !self.sets_completable(next.value, next.color, next.sets, free, memo)
            {
                continue;
            }
            path.push((state, at));
            if self.search(next, path, dead, memo)? {
                return Ok(true);
            }
            path.pop();
        }
        dead.insert(state);
        if dead.len().is_multiple_of(CHECK_EVERY) {
            self.stop.check()?;
        }
        Ok(false)
    }

    /// Whether a colour with open runs `a` can do whatever it could with open runs `b`: no
    /// more runs that still have to grow (counted shortest first) and at least as many runs in
    /// all (the others may end any time, or go on where `b` would start a new run).
    /// Whether a colour with open runs `a` (plain ones encoded, and the node list) can do
    /// whatever it could with open runs `b`: each run of `b` at a node of the colour's tree
    /// has a run of `a` at the same node, and the other runs of `a` cover the plain runs of
    /// `b` ([`Problem::runs_cover`]), a run at a node counting as a plain run of its length.
    /// A run at a node can do whatever a plain run of its length can: it closes, takes a tile
    /// or a joker alike, and goes on to a node or to the plain run the other goes on to; only
    /// closing may earn it more (a kept table run). Only where runs do not count the jokers
    /// they hold, as for [`Problem::runs_cover`].
    pub(super) fn parts_cover(&self, color: usize, a: (u32, u64), b: (u32, u64)) -> bool {
        if a.1 == b.1 {
            return self.runs_cover(a.0, b.0);
        }
        // Both node lists are sorted: walk them together, matching runs at the same node; a
        // run of `a` left over counts as a plain run of its length.
        let (mut mine, mut theirs) = (a.1, b.1);
        let mut plain = a.0;
        while mine != 0 {
            let (id, other) = (mine as u8, theirs as u8);
            if other == id {
                theirs >>= 8;
            } else if other != 0 && other < id {
                return false;
            } else {
                plain += 1 << (u32::from(self.node_codes[color][usize::from(id)]) * COUNT_BITS);
            }
            mine >>= 8;
        }
        theirs == 0 && self.runs_cover(plain, b.0)
    }

    pub(super) fn runs_cover(&self, a: u32, b: u32) -> bool {
        let (mut needy_a, mut needy_b, mut all_a, mut all_b) = (0u8, 0u8, 0u8, 0u8);
        for code in 0..self.codes() {
            let (ca, cb) = (count_of(a, code), count_of(b, code));
            all_a += ca;
            all_b += cb;
            if self.class_of(code) < self.min_group {
                needy_a += ca;
                needy_b += cb;
                if needy_a > needy_b {
                    return false;
                }
            }
        }
        all_a >= all_b
    }

    /// The value of the end of the sweep, if it is a move: every open run long enough, the table's jokers all
    /// used, the opening threshold met (or nothing played); the runs closing there keep the
    /// table runs whose layouts they end.
    pub(super) fn finish(&self, state: &State, memo: &Memo) -> Option<i64> {
        let mut bonus = 0;
        for (color, &part) in state.parts[..self.n_colors].iter().enumerate() {
            let (runs, nodes) = memo.parts[part as usize];
            if self.has_short_runs(color, runs, nodes) {
                return None;
            }
            bonus += i64::from(self.bonus(color, nodes));
        }
        if state.jokers < self.must_jokers {
            return None;
        }
        if let Some(threshold) = self.threshold
            && state.points > 0
            && state.points < threshold
        {
            return None;
        }
        Some(i64::from(state.jokers - self.must_jokers) * self.joker_key + bonus * self.kept_key)
    }

    /// Calls `emit` with every choice at `state`'s layer.
    pub(super) fn transitions(
        &self,
        state: &State,
        memo: &mut Memo,
        emit: &mut dyn FnMut(Choice, Step),
    ) {
        let color = usize::from(state.color);
        if color == self.n_colors {
            self.set_transitions(state, memo, emit);
        } else {
            self.color_transitions(state, color, memo, emit);
        }
    }
}
