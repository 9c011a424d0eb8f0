//! How the open runs of one colour go on at one number: which tiles go to sets and which to
//! runs ([`Problem::color_options`]), and then, kind by kind of open run, how many close, take
//! a tile or take a joker, with the rest starting new runs ([`Problem::plan_runs`]). Plans
//! depend only on the open runs, the tiles and jokers they take and where a new run starts, so
//! each list is worked out once per question. Closing a run where a table run's layout ends
//! earns the unchanged-group bonus (at most as many as the table has of that layout).
//!
//! The one pruning here is exact: closing a plain run that could go on and starting a new plain
//! run of the same colour is never better than going on with it (unless the old run holds jokers
//! the limit counts, keeps a table run by closing, or the new one starts a table run's layout).

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use super::model::{
    COUNT_BITS, Choice, ColorStep, MAX_OPEN, Memo, Problem, State, Step, count_of, for_each_node,
    pack_nodes,
};

/// What happens to the open runs of one kind (see [`Problem::open_runs`]) at one number.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct CodePlan {
    pub(super) close: u8,
    pub(super) tile: u8,
    pub(super) joker: u8,
}

/// Most open-run codes: lengths (at most 3) times joker levels, within 32 bits of counts.
pub(super) const MAX_CODES: usize = 10;

/// Most kinds of open runs of a colour: the codes, then the nodes of its tree runs are at.
pub(super) const MAX_KINDS: usize = MAX_CODES + MAX_OPEN;

/// One way a colour goes on at one number, up to how its open runs do (see
/// [`Problem::color_options`]).
pub(super) struct ColorOption {
    /// Table tiles of this colour and number: they must be used.
    pub(super) must: u8,
    /// Free jokers.
    pub(super) free: u8,
    /// Tiles of this colour and number used.
    pub(super) used: u8,
    /// Of those, tiles put into sets.
    pub(super) to_sets: u8,
    /// Jokers put into this colour's runs.
    pub(super) run_jokers: u8,
    /// How the open runs may take the other tiles and the jokers.
    pub(super) plans: PlanRange,
}

/// One way the open runs of a colour go on at a number (see [`Problem::plan_runs`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct RunPlan {
    pub(super) plans: [CodePlan; MAX_KINDS],
    pub(super) new_tile: u8,
    pub(super) new_joker: u8,
    /// The open runs afterwards: plain ones encoded, and the node list.
    pub(super) runs: u32,
    pub(super) nodes: u64,
    /// Table runs the plan keeps by closing runs where they end.
    pub(super) bonus: u8,
}

/// One kind of open runs of a colour at a number (see [`Problem::open_runs`]): how many there
/// are and what they may do.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Kind {
    pub(super) count: u8,
    pub(super) may_close: bool,
    pub(super) may_take_joker: bool,
    /// Table runs that closing runs of this kind keep, at most.
    pub(super) ends: u8,
    /// Whether closing one gives up nothing a new run would have: it holds no joker that the
    /// limit counts and keeps no table run.
    pub(super) loses_nothing: bool,
    /// What a run of this kind becomes with one more tile, and with one more joker.
    pub(super) on_tile: Open,
    pub(super) on_joker: Open,
}

/// What an open run is: plain (its code) or at a node of its colour's tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Open {
    Plain(usize),
    Node(u8),
}

impl Default for Open {
    fn default() -> Open {
        Open::Plain(0)
    }
}

/// The run plans of a colour at a number depend on its open runs, the node a new run would
/// start at, the tiles and jokers they take, and whether new runs may start. Each open runs
/// and start node get a table of ranges, one per tiles taken, jokers taken and whether new runs
/// may start (see [`Problem::run_plans`]), filled as needed.
#[derive(Default)]
pub(super) struct RunPlans {
    /// Joker counts a plan may take (`0..=` the question's jokers): the stride of tiles taken.
    pub(super) joker_counts: u32,
    /// The size of each table: tile counts (`0..=` the copies of a tile) times joker counts,
    /// twice.
    pub(super) slots: u32,
    /// Where the table of each [`PlanKey`] starts in `ranges`.
    pub(super) tables: RefCell<FxHashMap<PlanKey, u32>>,
    pub(super) ranges: RefCell<Vec<PlanRange>>,
    /// The plans, back to back.
    pub(super) store: RefCell<Vec<RunPlan>>,
    /// The distinct open runs (plain, nodes) the plans of each range lead to, back to back,
    /// each with the most table runs a plan leading there keeps.
    pub(super) nexts: RefCell<Vec<(u32, u64, u8)>>,
}

/// What run plans depend on: the colour (only where nodes of its tree are involved), the
/// plain open runs, the node list, and the node a run started with a tile is at.
pub(super) type PlanKey = (u8, u32, u64, u8);

impl RunPlans {
    /// Room for the plans of a question with tiles of `copies` copies and `jokers` jokers.
    pub(super) fn new(copies: u8, jokers: u8) -> RunPlans {
        let joker_counts = u32::from(jokers) + 1;
        RunPlans {
            joker_counts,
            slots: (u32::from(copies) + 1) * joker_counts * 2,
            ..RunPlans::default()
        }
    }
}

/// Where the plans of one question, and the distinct open runs they lead to, are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct PlanRange {
    pub(super) plans: (u32, u32),
    pub(super) nexts: (u32, u32),
}

/// A range not worked out yet.
pub(super) const NO_PLANS: PlanRange = PlanRange {
    plans: (u32::MAX, 0),
    nexts: (0, 0),
};

impl Problem<'_> {
    /// Every decision for one colour at one number ([`Problem::color_options`]), each plan of
    /// its open runs a choice.
    pub(super) fn color_transitions(
        &self,
        state: &State,
        color: usize,
        memo: &mut Memo,
        emit: &mut dyn FnMut(Choice, Step),
    ) {
        let v = state.value;
        let vi = usize::from(v);
        let (runs, nodes) = memo.parts[state.parts[color] as usize];
        let sets = self.set_cap(color, vi, self.total_jokers() - state.jokers);
        self.color_options(color, v, runs, nodes, state.jokers, sets, |option| {
            let used = option.used;
            let store = self.plans.store.borrow();
            for plan in &store[option.plans.plans.0 as usize..option.plans.plans.1 as usize] {
                let choice = Choice {
                    gain: i64::from(used - option.must) * self.tile_key[vi]
                        + i64::from(plan.bonus) * self.kept_key,
                    part: memo.part(plan.runs, plan.nodes),
                    to_sets: option.to_sets,
                    jokers: option.run_jokers,
                    points: u16::from(v) * (u16::from(used) + u16::from(option.run_jokers)),
                };
                let step = Step::Color(ColorStep {
                    used,
                    to_sets: option.to_sets,
                    plans: plan.plans,
                    new_tile: plan.new_tile,
                    new_joker: plan.new_joker,
                });
                emit(choice, step);
            }
        });
    }

    /// Every way colour index `color` can go on at number `v` with plain open runs `runs`, node
    /// list `nodes` and `used_jokers` used: `must ..= must + may` tiles used (the rack's are
    /// optional), at most `sets` of them into sets, the rest and some of the free jokers into
    /// runs by the plans of [`Problem::run_plans`].
    #[allow(clippy::too_many_arguments)]
    pub(super) fn color_options(
        &self,
        color: usize,
        v: u8,
        runs: u32,
        nodes: u64,
        used_jokers: u8,
        sets: u8,
        mut visit: impl FnMut(&ColorOption),
    ) {
        let vi = usize::from(v);
        let may = self.may[color][vi];
        let can_start = self.can_start(v);
        let start_node = self.starts[color][vi];
        let table = self.plan_table(color, runs, nodes, start_node);
        let must = self.must[color][vi];
        let free = self.total_jokers() - used_jokers;
        for used in must..=must + may {
            let most_to_sets = used.min(sets);
            for to_sets in 0..=most_to_sets {
                for run_jokers in 0..=free {
                    let tiles = used - to_sets;
                    let plans = self.run_plans(
                        table,
                        color,
                        (runs, nodes, start_node),
                        tiles,
                        run_jokers,
                        can_start,
                    );
                    visit(&ColorOption {
                        must,
                        free,
                        used,
                        to_sets,
                        run_jokers,
                        plans,
                    });
                }
            }
        }
    }

    /// Whether a run may start at number `v`: it could still grow long enough.
    pub(super) fn can_start(&self, v: u8) -> bool {
        u16::from(v) + u16::from(self.min_group) - 1 <= u16::from(self.last_value)
            && v <= self.highest
    }

    /// Where the table of plan ranges of colour index `color` with plain open runs `runs`, node
    /// list `nodes` and new runs started at `start_node` starts (see [`RunPlans`]).
    pub(super) fn plan_table(&self, color: usize, runs: u32, nodes: u64, start_node: u8) -> u32 {
        // Without nodes the plans are the same for every colour.
        let color = if nodes == 0 && start_node == 0 {
            u8::MAX
        } else {
            color as u8
        };
        let key = (color, runs, nodes, start_node);
        if let Some(&table) = self.plans.tables.borrow().get(&key) {
            return table;
        }
        let mut ranges = self.plans.ranges.borrow_mut();
        let table = ranges.len() as u32;
        ranges.resize(table as usize + self.plans.slots as usize, NO_PLANS);
        self.plans.tables.borrow_mut().insert(key, table);
        table
    }

    /// The open runs of a colour, kind by kind: first each code of plain runs, then each
    /// distinct node of its node list, smallest first. Returns how many kinds there are.
    pub(super) fn open_runs(
        &self,
        color: usize,
        runs: u32,
        nodes: u64,
        kinds: &mut [Kind; MAX_KINDS],
    ) -> usize {
        let mut n = 0;
        for code in 0..self.codes() {
            let class = self.class_of(code);
            let held = self.jokers_of(code);
            kinds[n] = Kind {
                count: count_of(runs, code),
                may_close: class >= self.min_group,
                may_take_joker: self.joker_levels == 1 || held < self.jokers_per_group,
                ends: 0,
                loses_nothing: held == 0,
                on_tile: Open::Plain(self.continued(code, false)),
                on_joker: Open::Plain(self.continued(code, true)),
            };
            n += 1;
        }
        for_each_node(nodes, |id, count| {
            let node = &self.trees[color][usize::from(id)];
            let class = (node.len + 1).min(self.min_group);
            let held = if self.joker_levels > 1 {
                node.jokers
            } else {
                0
            };
            let ends = node.ends.len().min(MAX_OPEN) as u8;
            kinds[n] = Kind {
                count,
                may_close: node.len >= self.min_group,
                may_take_joker: self.joker_levels == 1 || held < self.jokers_per_group,
                ends,
                loses_nothing: ends == 0 && held == 0,
                on_tile: match node.on_tile {
                    0 => Open::Plain(self.code(class, held)),
                    id => Open::Node(id),
                },
                on_joker: match node.on_joker {
                    0 => Open::Plain(self.code(class, held + u8::from(self.joker_levels > 1))),
                    id => Open::Node(id),
                },
            };
            n += 1;
        });
        n
    }

    /// The plans for the open runs `(runs, nodes)` of colour index `color`, where a run started
    /// with a tile is at `start_node` (whose table is `table`), taking `tiles` tiles and
    /// `jokers` jokers ([`Problem::plan_runs`]), and the distinct open runs they lead to: they
    /// depend on nothing else, so each list is worked out once per question.
    pub(super) fn run_plans(
        &self,
        table: u32,
        color: usize,
        (runs, nodes, start_node): (u32, u64, u8),
        tiles: u8,
        jokers: u8,
        can_start: bool,
    ) -> PlanRange {
        let slot = (table
            + (u32::from(tiles) * self.plans.joker_counts + u32::from(jokers)) * 2
            + u32::from(can_start)) as usize;
        let known = self.plans.ranges.borrow()[slot];
        if known != NO_PLANS {
            return known;
        }
        let mut kinds = [Kind::default(); MAX_KINDS];
        let n = self.open_runs(color, runs, nodes, &mut kinds);
        let kinds = &kinds[..n];
        let mut store = self.plans.store.borrow_mut();
        let start = store.len() as u32;
        let mut plans = [CodePlan::default(); MAX_KINDS];
        let new_run = match start_node {
            0 => Open::Plain(self.started(false)),
            id => Open::Node(id),
        };
        self.plan_runs(
            kinds,
            0,
            tiles,
            jokers,
            (can_start, start_node != 0),
            &mut plans,
            &mut |plans, new_tile, new_joker| {
                let (runs, nodes, bonus) =
                    self.next_runs(kinds, plans, (new_run, new_tile), new_joker);
                store.push(RunPlan {
                    plans: *plans,
                    new_tile,
                    new_joker,
                    runs,
                    nodes,
                    bonus,
                });
            },
        );
        let end = store.len() as u32;
        let mut nexts = self.plans.nexts.borrow_mut();
        let first = nexts.len();
        for plan in &store[start as usize..] {
            match nexts[first..]
                .iter_mut()
                .find(|(runs, nodes, _)| (*runs, *nodes) == (plan.runs, plan.nodes))
            {
                Some(next) => next.2 = next.2.max(plan.bonus),
                None => nexts.push((plan.runs, plan.nodes, plan.bonus)),
            }
        }
        let range = PlanRange {
            plans: (start, end),
            nexts: (first as u32, nexts.len() as u32),
        };
        self.plans.ranges.borrow_mut()[slot] = range;
        range
    }

    /// Chooses, kind by kind, how many open runs close, take a tile, or take a joker; the
    /// tiles and jokers left start new runs. `(can_start, at_node)`: whether new runs may
    /// start, and whether one started with a tile is at a node of the colour's tree.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn plan_runs(
        &self,
        kinds: &[Kind],
        at: usize,
        tiles: u8,
        jokers: u8,
        (can_start, at_node): (bool, bool),
        plans: &mut [CodePlan; MAX_KINDS],
        done: &mut dyn FnMut(&[CodePlan; MAX_KINDS], u8, u8),
    ) {
        if at == kinds.len() {
            if (tiles > 0 || jokers > 0) && !can_start || jokers > 0 && !self.joker_starts {
                return;
            }
            // Closing a run that could go on and starting a new one of the same colour is never
            // better than going on with it, unless the old run holds jokers the new one lacks,
            // keeps a table run by closing, or the new one starts a table run's layout.
            let wasteful = tiles > 0
                && !at_node
                && kinds
                    .iter()
                    .zip(plans.iter())
                    .any(|(kind, plan)| plan.close > 0 && kind.loses_nothing);
            if !wasteful {
                done(plans, tiles, jokers);
            }
            return;
        }
        let kind = kinds[at];
        let count = kind.count;
        for tile in 0..=count.min(tiles) {
            for joker in 0..=(count - tile).min(jokers) {
                if joker > 0 && !kind.may_take_joker {
                    continue;
                }
                let close = count - tile - joker;
                if close > 0 && !kind.may_close {
                    continue;
                }
                plans[at] = CodePlan { close, tile, joker };
                self.plan_runs(
                    kinds,
                    at + 1,
                    tiles - tile,
                    jokers - joker,
                    (can_start, at_node),
                    plans,
                    done,
                );
            }
        }
        plans[at] = CodePlan::default();
    }

    /// The code of a run of `code` after it takes one more tile, or a joker.
    pub(super) fn continued(&self, code: usize, joker: bool) -> usize {
        let class = (self.class_of(code) + 1).min(self.min_group);
        let held = self.jokers_of(code) + u8::from(joker && self.joker_levels > 1);
        self.code(class, held)
    }

    /// The code of a run just started with a tile, or a joker.
    pub(super) fn started(&self, joker: bool) -> usize {
        self.code(1, u8::from(joker && self.joker_levels > 1))
    }

    /// The open runs after a plan (plain ones encoded, and the node list), and the table runs
    /// its closing runs keep.
    pub(super) fn next_runs(
        &self,
        kinds: &[Kind],
        plans: &[CodePlan],
        (new_run, new_tile): (Open, u8),
        new_joker: u8,
    ) -> (u32, u64, u8) {
        let mut counts = [0u8; MAX_CODES];
        let mut ids = [0u8; MAX_OPEN + 1];
        let mut n_ids = 0;
        let mut add = |open: Open, count: u8| match open {
            Open::Plain(code) => counts[code] += count,
            Open::Node(id) => {
                for _ in 0..count {
                    ids[n_ids] = id;
                    n_ids += 1;
                }
            }
        };
        let mut bonus = 0;
        for (kind, plan) in kinds.iter().zip(plans) {
            add(kind.on_tile, plan.tile);
            add(kind.on_joker, plan.joker);
            bonus += plan.close.min(kind.ends);
        }
        add(new_run, new_tile);
        add(Open::Plain(self.started(true)), new_joker);
        let runs = counts
            .iter()
            .enumerate()
            .fold(0u32, |runs, (code, &count)| {
                runs | u32::from(count) << (code as u32 * COUNT_BITS)
            });
        (runs, pack_nodes(&mut ids[..n_ids]), bonus)
    }
}
