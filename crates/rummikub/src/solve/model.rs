//! The model of one question: what is fixed about it ([`Problem`]: the tiles that must and may
//! be used, the objective's weights, the table's groups as the layouts to keep) and what the
//! sweep carries ([`State`], [`Choice`], [`Step`]) and works out once ([`Memo`]).
//!
//! A state holds, per colour, its open runs: plain ones counted by length class (1, 2, or long
//! enough to close) and jokers held where the per-group limit can bind, and the ones whose tiles
//! so far are the start of some table run's layout, as nodes of that colour's tree of layouts
//! ([`RunNode`]). Since jokers only continue runs, a run's tiles fix its layout, so a run that
//! closes on a node where a table run ends is that table run unchanged: the unchanged-groups
//! count is a bonus earned then, not a choice carried through the sweep. This is exact: every
//! run the sweep builds is at a node exactly when its tiles so far are a table run's start.

use rustc_hash::FxHashMap;
use tiles_core::Stop;

use crate::group::{Group, GroupKind};
use crate::rules::Rules;
use crate::tile::Tile;

use super::runs::{CodePlan, MAX_KINDS, RunPlans};
use super::search::{Layer, Link, Node};
use super::{Objective, Pruning, SolveError, check_counts};

/// Most colours the state holds.
pub(super) const MAX_COLORS: usize = 6;
/// Bits per open-run count in a colour's code.
pub(super) const COUNT_BITS: u32 = 3;
/// Numbers are indexed 1..=13, then up to two virtual numbers above for trailing jokers;
/// index 0 is unused.
pub(super) const VALUES: usize = 16;

/// A node of a colour's tree of table-run layouts: an open run at this node holds, from the
/// same number on, the tiles some table run of the colour starts with (numbered tiles and
/// jokers in the same places). Such a run earns the unchanged-group bonus if it closes where a
/// table run ends ([`RunNode::ends`]).
#[derive(Debug, Clone, Default)]
pub(super) struct RunNode {
    /// Tiles so far, and jokers among them.
    pub(super) len: u8,
    pub(super) jokers: u8,
    /// The node after one more numbered tile, and after one more joker (0: no table run goes
    /// on so).
    pub(super) on_tile: u8,
    pub(super) on_joker: u8,
    /// The table runs (indexes in the table) that are exactly this layout.
    pub(super) ends: Vec<usize>,
}

/// Most nodes in a colour's tree (node ids are bytes; 0 is none).
pub(super) const MAX_NODES: usize = 256;

/// Most open runs of one colour at a time (copies plus jokers), so a colour's node list fits in
/// a `u64`, one byte per run.
pub(super) const MAX_OPEN: usize = 7;

/// A table set: its number's colours (bit per colour index) and jokers, to count it as kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct KeptSet {
    pub(super) index: usize,
    pub(super) colors: u8,
    pub(super) jokers: u8,
}

/// Everything fixed about one question.
pub(super) struct Problem<'r> {
    pub(super) rules: &'r Rules,
    pub(super) n_colors: usize,
    pub(super) highest: u8,
    /// The last number swept. Above `highest` only jokers continue runs: a run `R12 R13 J(14)`
    /// stands for `J(11) R12 R13` (see [`Problem::new`]).
    pub(super) last_value: u8,
    /// Whether a run may start with a joker (only for the opening, where a joker's number
    /// counts towards the threshold).
    pub(super) joker_starts: bool,
    /// Whether to drop dominated states (see [`Problem::insert`]): open runs are compared by
    /// length only, so not where runs also count the jokers they hold.
    pub(super) prune_dominated: bool,
    /// Widths of the narrow sweeps that look for a good first move.
    pub(super) beams: &'static [usize],
    /// Whether a move the narrow sweep finds playing every rack tile is the answer.
    pub(super) go_out: bool,
    /// Runs are counted by length up to this (the smallest group): longer ones may end any time.
    pub(super) min_group: u8,
    /// Most jokers in a group.
    pub(super) jokers_per_group: u8,
    /// Jokers held per open run are tracked only when the per-group limit can bind.
    pub(super) joker_levels: u8,
    /// Tiles that must be used, per colour index and number.
    pub(super) must: [[u8; VALUES]; MAX_COLORS],
    /// Rack tiles that may be used, per colour index and number.
    pub(super) may: [[u8; VALUES]; MAX_COLORS],
    pub(super) must_jokers: u8,
    pub(super) may_jokers: u8,
    /// Objective weight of one rack tile of each number, and of a rack joker.
    pub(super) tile_key: [i64; VALUES],
    pub(super) joker_key: i64,
    pub(super) kept_key: i64,
    /// The initial meld threshold, when the objective is the opening.
    pub(super) threshold: Option<u16>,
    /// Whether the objective's primary part counts tiles (see [`Problem::best_outcome`]).
    pub(super) counts_tiles: bool,
    /// Per colour index: the tree of its table runs' layouts ([`RunNode`]); node 0 is unused.
    pub(super) trees: Vec<Vec<RunNode>>,
    /// Per colour index and node of its tree: the code of a plain run of the node's length
    /// (see [`Problem::parts_cover`]).
    pub(super) node_codes: [[u8; MAX_NODES]; MAX_COLORS],
    /// Per colour index and number: the node of a run started there with a numbered tile (0:
    /// no table run of the colour starts there).
    pub(super) starts: [[u8; VALUES]; MAX_COLORS],
    /// Table sets by number.
    pub(super) sets_at: [Vec<KeptSet>; VALUES],
    /// Per colour index and number: what the best `i + 1` shares of the table sets holding a
    /// tile of that colour add to the key, for every `i` (see [`Problem::set_credit`]).
    pub(super) set_credits: Vec<Vec<i64>>,
    /// Run plans worked out so far.
    pub(super) plans: RunPlans,
    /// Checked between layers of a sweep and every few thousand states (see
    /// [`super::solve_until`]).
    pub(super) stop: Stop,
}

/// A table group kept counts this many units in the objective key, so that a table set's
/// units split evenly among its tiles (see [`Problem::set_credit`]).
pub(super) const KEPT_UNITS: i64 = 12;

/// Packs a lexicographic key (a, b, c), each below 2^20, into one integer.
pub(super) fn key(a: i64, b: i64, c: i64) -> i64 {
    (a << 40) + (b << 20) + c
}

impl<'r> Problem<'r> {
    pub(super) fn new(
        rules: &'r Rules,
        must: &[Tile],
        may: &[Tile],
        table: &[Group],
        objective: Objective,
        pruning: Pruning,
    ) -> Result<Problem<'r>, SolveError> {
        // Only an arrangement has nothing but tiles that must be used.
        let counted_with_table = !may.is_empty() || !table.is_empty();
        check_counts(rules, must.iter().chain(may), counted_with_table)?;
        let n_colors = rules.colors.len();
        let min_group = rules.min_group.max(1);
        let jokers_per_group = u8::try_from(rules.max_jokers_in_group()).unwrap_or(u8::MAX);
        let joker_levels = if usize::from(jokers_per_group) < usize::from(rules.jokers) {
            jokers_per_group + 1
        } else {
            1
        };
        if n_colors > MAX_COLORS {
            return Err(SolveError::UnsupportedRules("more than 6 colours"));
        }
        if min_group > 3 || u32::from(min_group) * u32::from(joker_levels) * COUNT_BITS > 32 {
            return Err(SolveError::UnsupportedRules(
                "groups of more than 3 tiles minimum",
            ));
        }
        if u32::from(rules.copies) + u32::from(rules.jokers) > 7 {
            return Err(SolveError::UnsupportedRules(
                "more than 7 copies plus jokers",
            ));
        }
        // Jokers go into runs only to continue them: a joker that would lead a run is moved to
        // its other end (the same tiles), and where that end passes the highest number the
        // sweep goes on through virtual numbers. Such a run is still a valid group: shifted
        // down, or, if longer than the highest number, split after its first three tiles. The
        // opening keeps leading jokers instead, because a joker's number counts there.
        let opening = objective == Objective::Opening;
        let extra = if opening {
            0
        } else {
            jokers_per_group.min(rules.jokers).min(2)
        };
        let mut problem = Problem {
            rules,
            n_colors,
            highest: rules.highest.get(),
            last_value: rules.highest.get() + extra,
            joker_starts: opening,
            prune_dominated: pruning.dominance
                && usize::from(jokers_per_group) >= usize::from(rules.jokers),
            beams: pruning.beams,
            go_out: pruning.go_out,
            min_group,
            jokers_per_group,
            joker_levels,
            must: [[0; VALUES]; MAX_COLORS],
            may: [[0; VALUES]; MAX_COLORS],
            must_jokers: 0,
            may_jokers: 0,
            tile_key: [0; VALUES],
            joker_key: 0,
            kept_key: 0,
            threshold: None,
            counts_tiles: objective != Objective::MostValue,
            trees: vec![vec![RunNode::default()]; n_colors],
            starts: [[0; VALUES]; MAX_COLORS],
            node_codes: [[0; MAX_NODES]; MAX_COLORS],
            sets_at: Default::default(),
            set_credits: vec![Vec::new(); MAX_COLORS * VALUES],
            plans: RunPlans::default(),
            stop: Stop::never(),
        };
        for (tiles, counts, jokers) in [
            (must, &mut problem.must, &mut problem.must_jokers),
            (may, &mut problem.may, &mut problem.may_jokers),
        ] {
            for &tile in tiles {
                match tile {
                    Tile::Joker => *jokers += 1,
                    Tile::Numbered { color, number } => {
                        let index = rules.color_rank(color).unwrap_or(0);
                        counts[index][usize::from(number.get())] += 1;
                    }
                }
            }
        }
        problem.plans = RunPlans::new(rules.copies, problem.total_jokers());
        for v in 1..=13 {
            let value = v as i64;
            problem.tile_key[v] = match objective {
                Objective::MostTiles => key(1, 0, value),
                Objective::MostValue => key(value, 0, 1),
                Objective::MostTilesThenValue | Objective::Opening => key(1, value, 0),
            };
        }
        (problem.joker_key, problem.kept_key) = match objective {
            Objective::MostTiles => (key(1, 0, 0), key(0, KEPT_UNITS, 0)),
            Objective::MostValue => (key(0, 0, 1), key(0, KEPT_UNITS, 0)),
            Objective::MostTilesThenValue => (key(1, 0, 0), key(0, 0, KEPT_UNITS)),
            Objective::Opening => (key(1, 0, 0), 0),
        };
        if objective == Objective::Opening {
            let threshold = rules.initial_meld.unwrap_or(0);
            problem.threshold = Some(u16::try_from(threshold).unwrap_or(u16::MAX));
        }
        for (index, group) in table.iter().enumerate() {
            problem.add_table_group(index, group);
        }
        for (color, tree) in problem.trees.iter().enumerate() {
            for (id, node) in tree.iter().enumerate().skip(1) {
                let code = problem.code(node.len.min(min_group), 0);
                problem.node_codes[color][id] = code as u8;
            }
        }
        for v in 0..VALUES {
            for set in &problem.sets_at[v] {
                let real = i64::from(set.colors.count_ones());
                for color in (0..n_colors).filter(|&c| set.colors >> c & 1 == 1) {
                    problem.set_credits[color * VALUES + v].push(KEPT_UNITS / real);
                }
            }
        }
        // Kept as what the best `i + 1` shares add to the key, for every `i`.
        let unit = problem.kept_key / KEPT_UNITS;
        for credits in &mut problem.set_credits {
            credits.sort_unstable_by(|a, b| b.cmp(a));
            let mut total = 0;
            for credit in credits.iter_mut() {
                total += *credit * unit;
                *credit = total;
            }
        }
        Ok(problem)
    }

    /// Records a table group so the programme can keep it unchanged.
    pub(super) fn add_table_group(&mut self, index: usize, group: &Group) {
        let jokers = group.tiles().iter().filter(|tile| tile.is_joker()).count() as u8;
        let color_of = |tile: Tile| tile.color().and_then(|c| self.rules.color_rank(c));
        match group.kind() {
            GroupKind::Set => {
                let number = group.slots().iter().find_map(|slot| slot.number);
                let colors = group
                    .tiles()
                    .iter()
                    .filter_map(|&tile| color_of(tile))
                    .fold(0u8, |mask, c| mask | 1 << c);
                if let Some(number) = number {
                    self.sets_at[usize::from(number.get())].push(KeptSet {
                        index,
                        colors,
                        jokers,
                    });
                }
            }
            GroupKind::Run => {
                let slots = group.slots();
                let color = slots.iter().find_map(|slot| slot.tile.color());
                let Some(color) = color.and_then(|c| self.rules.color_rank(c)) else {
                    return;
                };
                // The layout the sweep builds from these tiles: leading jokers move to the end.
                let lead = slots.iter().take_while(|slot| slot.tile.is_joker()).count();
                let Some(start) = slots.get(lead).and_then(|slot| slot.number) else {
                    return;
                };
                let start = start.get();
                let layout: Vec<bool> = slots[lead..]
                    .iter()
                    .map(|slot| slot.tile.is_joker())
                    .chain(std::iter::repeat_n(true, lead))
                    .collect();
                let tree = &mut self.trees[color];
                let end = usize::from(start) + layout.len() - 1;
                if end > usize::from(self.last_value) || tree.len() + layout.len() > MAX_NODES {
                    // Beyond what the sweep builds (house rules only): not counted as kept.
                    return;
                }
                let mut at = self.starts[color][usize::from(start)];
                if at == 0 {
                    at = tree.len() as u8;
                    tree.push(RunNode {
                        len: 1,
                        ..RunNode::default()
                    });
                    self.starts[color][usize::from(start)] = at;
                }
                for &joker in &layout[1..] {
                    let node = &tree[usize::from(at)];
                    let next = if joker { node.on_joker } else { node.on_tile };
                    at = if next != 0 {
                        next
                    } else {
                        let child = RunNode {
                            len: node.len + 1,
                            jokers: node.jokers + u8::from(joker),
                            ..RunNode::default()
                        };
                        let id = tree.len() as u8;
                        tree.push(child);
                        let node = &mut tree[usize::from(at)];
                        if joker {
                            node.on_joker = id;
                        } else {
                            node.on_tile = id;
                        }
                        id
                    };
                }
                tree[usize::from(at)].ends.push(index);
            }
        }
    }

    pub(super) fn total_jokers(&self) -> u8 {
        self.must_jokers + self.may_jokers
    }

    pub(super) fn codes(&self) -> usize {
        usize::from(self.min_group) * usize::from(self.joker_levels)
    }

    pub(super) fn code(&self, class: u8, jokers: u8) -> usize {
        usize::from(class - 1) * usize::from(self.joker_levels) + usize::from(jokers)
    }

    pub(super) fn class_of(&self, code: usize) -> u8 {
        (code / usize::from(self.joker_levels)) as u8 + 1
    }

    pub(super) fn jokers_of(&self, code: usize) -> u8 {
        (code % usize::from(self.joker_levels)) as u8
    }

    /// Whether some open run of a colour (plain `runs` and `nodes` of its tree) is still too
    /// short to close.
    pub(super) fn has_short_runs(&self, color: usize, runs: u32, nodes: u64) -> bool {
        (0..self.codes())
            .any(|code| count_of(runs, code) > 0 && self.class_of(code) < self.min_group)
            || node_ids(nodes).any(|id| self.trees[color][usize::from(id)].len < self.min_group)
    }

    /// The table runs that open runs at `nodes` of a colour's tree keep when they close: at
    /// each node, as many as the table has of its layout.
    pub(super) fn bonus(&self, color: usize, nodes: u64) -> u8 {
        let mut bonus = 0;
        for_each_node(nodes, |id, count| {
            let ends = self.trees[color][usize::from(id)].ends.len();
            bonus += count.min(ends as u8);
        });
        bonus
    }
}

/// The node ids of a colour's node list, smallest first (see [`Memo::parts`]).
pub(super) fn node_ids(nodes: u64) -> impl Iterator<Item = u8> {
    (0..8)
        .map(move |i| (nodes >> (8 * i)) as u8)
        .take_while(|&id| id != 0)
}

/// Calls `visit` with each distinct node of a node list and how many open runs are at it.
pub(super) fn for_each_node(nodes: u64, mut visit: impl FnMut(u8, u8)) {
    let mut ids = node_ids(nodes).peekable();
    while let Some(id) = ids.next() {
        let mut count = 1;
        while ids.next_if_eq(&id).is_some() {
            count += 1;
        }
        visit(id, count);
    }
}

/// A node list from node ids in any order.
pub(super) fn pack_nodes(ids: &mut [u8]) -> u64 {
    ids.sort_unstable();
    ids.iter()
        .enumerate()
        .fold(0, |nodes, (i, &id)| nodes | u64::from(id) << (8 * i))
}

/// Where the sweep is and what it carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct State {
    /// The number being placed (1..=highest; highest + 1 at the end).
    pub(super) value: u8,
    /// The colour index being placed; `n_colors` means: form the sets of this number.
    pub(super) color: u8,
    pub(super) jokers: u8,
    pub(super) points: u16,
    /// Per colour: its open runs, as an index into [`Memo::parts`].
    pub(super) parts: [u32; MAX_COLORS],
    /// Per colour: tiles put into sets at this number, 3 bits each.
    pub(super) sets: u32,
}

impl State {
    pub(super) fn start() -> State {
        State {
            value: 1,
            color: 0,
            jokers: 0,
            points: 0,
            parts: [0; MAX_COLORS],
            sets: 0,
        }
    }
}

/// One colour's decisions at one number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ColorStep {
    /// Tiles of this colour and number used (table and rack).
    pub(super) used: u8,
    /// Of those, tiles put into sets.
    pub(super) to_sets: u8,
    /// Per kind of open run (see [`Problem::open_runs`]): what its open runs do.
    pub(super) plans: [CodePlan; MAX_KINDS],
    /// New runs started with a tile, and with a joker.
    pub(super) new_tile: u8,
    pub(super) new_joker: u8,
}

/// A step of the sweep, for the replay that builds the groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    Color(ColorStep),
    Sets { jokers: u8 },
}

/// One choice at one layer, as changes to the state. Choices depend only on a few parts of
/// the state (see [`Problem::choice_range`]), so each list is worked out once per question and
/// applied to every state in the same situation.
#[derive(Debug, Clone, Copy)]
pub(super) struct Choice {
    pub(super) gain: i64,
    /// The colour's part of the state after a colour step (see [`Memo::parts`]).
    pub(super) part: u32,
    /// Tiles the colour puts into sets.
    pub(super) to_sets: u8,
    /// Jokers the choice uses.
    pub(super) jokers: u8,
    /// Opening points the choice adds (before capping).
    pub(super) points: u16,
}

/// In the dense table of per-colour bounds ([`Memo::bounds`]), which stores plain integers: a
/// bound not worked out yet, and a colour that cannot place its tiles.
pub(super) const UNKNOWN: i64 = i64::MIN + 1;
pub(super) const STUCK: i64 = i64::MIN;
/// A choice range not worked out yet.
pub(super) const NO_RANGE: (u32, u32) = (u32::MAX, 0);

/// What one question works out once and reuses: the colours' parts of states, per-colour
/// bounds (see [`Problem::color_bound`]), set completions (see
/// [`Problem::sets_completable`]) and choice lists (see [`Problem::choice_range`]). Bounds and
/// colour choices sit in dense tables indexed by part and jokers, so the sweep looks them up
/// without hashing.
pub(super) struct Memo {
    /// A colour's part of a state: its plain open runs (encoded, see [`count_of`]) and its
    /// node list, the nodes of its tree of table-run layouts that its other open runs are at
    /// (one byte each, smallest first; see [`RunNode`]). Index 0 is no runs.
    pub(super) parts: Vec<(u32, u64)>,
    pub(super) part_index: FxHashMap<(u32, u64), u32>,
    /// Per part: an index of its node list alone, for [`Problem::layer_key`].
    pub(super) nodes_of: Vec<u32>,
    pub(super) nodes_index: FxHashMap<u64, u32>,
    /// Joker counts `0..=total`: the stride of the per-part tables.
    pub(super) span: usize,
    /// Per colour index and number: bounds by part and free jokers.
    pub(super) bounds: Vec<Vec<i64>>,
    /// Set completions by set tiles, number and colour, packed: the fewest jokers they need
    /// (`u8::MAX`: none are enough).
    pub(super) completions: FxHashMap<u64, u8>,
    /// Which joker counts set tiles form sets with (see [`Problem::set_mask`]).
    pub(super) set_masks: FxHashMap<u32, u8>,
    /// Per number and colour index: choice ranges by part and jokers used.
    pub(super) color_ranges: Vec<Vec<(u32, u32)>>,
    /// Choice ranges of the set steps by number, set tiles and jokers used.
    pub(super) set_ranges: FxHashMap<(u8, u32, u8), (u32, u32)>,
    /// Choice lists, back to back.
    pub(super) choices: Vec<Choice>,
    /// Each choice's step, for the replay.
    pub(super) steps: Vec<Step>,
    /// The links of sweeps that found nothing, the layer being expanded and the layer being
    /// built, kept so that later sweeps of the question reuse their memory.
    pub(super) spare_links: Vec<Vec<Link>>,
    pub(super) spare_layer: Vec<Node>,
    pub(super) layer: Layer,
}

impl Memo {
    pub(super) fn new(problem: &Problem<'_>) -> Memo {
        let mut part_index = FxHashMap::default();
        part_index.insert((0, 0), 0);
        let mut nodes_index = FxHashMap::default();
        nodes_index.insert(0, 0);
        Memo {
            parts: vec![(0, 0)],
            part_index,
            nodes_of: vec![0],
            nodes_index,
            span: usize::from(problem.total_jokers()) + 1,
            bounds: vec![Vec::new(); MAX_COLORS * VALUES],
            completions: FxHashMap::default(),
            set_masks: FxHashMap::default(),
            color_ranges: vec![Vec::new(); MAX_COLORS * VALUES],
            set_ranges: FxHashMap::default(),
            choices: Vec::new(),
            steps: Vec::new(),
            spare_links: Vec::new(),
            spare_layer: Vec::new(),
            layer: Layer::default(),
        }
    }

    /// The index of a colour's part: plain open runs `runs` and node list `nodes`.
    pub(super) fn part(&mut self, runs: u32, nodes: u64) -> u32 {
        let next = self.parts.len() as u32;
        let index = *self.part_index.entry((runs, nodes)).or_insert(next);
        if index == next {
            self.parts.push((runs, nodes));
            let next_nodes = self.nodes_index.len() as u32;
            self.nodes_of
                .push(*self.nodes_index.entry(nodes).or_insert(next_nodes));
        }
        index
    }

    /// Where the entry of `part` and `jokers` sits in a per-part table.
    pub(super) fn slot(&self, part: u32, jokers: u8) -> usize {
        part as usize * self.span + usize::from(jokers)
    }
}

/// The groups and tiles the replay produces.
pub(super) struct Outcome {
    pub(super) new_groups: Vec<Group>,
    /// Table group indexes kept unchanged.
    pub(super) kept: Vec<usize>,
    pub(super) placed: Vec<Tile>,
}

/// How many open runs of `code` a colour's encoded runs hold.
pub(super) fn count_of(runs: u32, code: usize) -> u8 {
    ((runs >> (code as u32 * COUNT_BITS)) & ((1 << COUNT_BITS) - 1)) as u8
}

/// How many tiles colour index `color` put into sets, from the encoded set tiles.
pub(super) fn set_tiles_of(sets: u32, color: usize) -> u8 {
    ((sets >> (color * 3)) & 7) as u8
}

/// The primary part of a packed key.
pub(super) fn primary(key: i64) -> i64 {
    key >> 40
}
