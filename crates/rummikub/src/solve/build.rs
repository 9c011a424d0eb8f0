//! Building the move: replaying the best path's steps to lay out the concrete groups, the table
//! groups kept unchanged (a run closing where a table run's layout ends, a set split that
//! matches a table set) and the rack tiles placed.

use crate::group::{Group, GroupKind};
use crate::tile::Color;
use crate::tile::{Number, Tile};

use super::model::{Memo, Outcome, Problem, State, Step};
use super::runs::{Kind, MAX_KINDS, Open};
use super::search::Link;

/// Builds the concrete groups along the replayed path.
pub(super) struct Builder<'p, 'r> {
    pub(super) problem: &'p Problem<'r>,
    /// Open runs per colour: what they are, their first number and their tiles so far.
    pub(super) open: Vec<Vec<(Open, u8, Vec<Tile>)>>,
    pub(super) new_groups: Vec<Group>,
    pub(super) kept: Vec<usize>,
    pub(super) placed: Vec<Tile>,
}

impl<'p, 'r> Builder<'p, 'r> {
    pub(super) fn new(problem: &'p Problem<'r>) -> Self {
        Builder {
            problem,
            open: vec![Vec::new(); problem.n_colors],
            new_groups: Vec::new(),
            kept: Vec::new(),
            placed: Vec::new(),
        }
    }

    pub(super) fn group(&self, tiles: &[Tile], kind: GroupKind) -> Group {
        let group = match kind {
            GroupKind::Run => Group::run(tiles, self.problem.rules),
            GroupKind::Set => Group::set(tiles, self.problem.rules),
        };
        group.expect("the programme only forms valid groups")
    }

    /// Lays out a finished run whose tiles, in number order, start at `start`. Jokers swept
    /// past the highest number move to the front; a run longer than the highest number (only
    /// possible that way) splits after its first three tiles.
    pub(super) fn close_run(&mut self, start: u8, mut tiles: Vec<Tile>) {
        let highest = self.problem.highest;
        let end = usize::from(start) + tiles.len() - 1;
        if end > usize::from(highest) {
            let shift = end - usize::from(highest);
            if usize::from(start) > shift {
                tiles.rotate_right(shift);
            } else {
                let rest = tiles.split_off(3);
                let first = self.group(&tiles, GroupKind::Run);
                self.new_groups.push(first);
                self.close_run(start + 3, rest);
                return;
            }
        }
        let group = self.group(&tiles, GroupKind::Run);
        self.new_groups.push(group);
    }

    pub(super) fn apply(&mut self, state: &State, step: &Step, memo: &Memo) {
        let problem = self.problem;
        let v = state.value;
        match step {
            Step::Sets { jokers } => {
                let (_, sets) = problem
                    .best_sets(v, state.sets, *jokers)
                    .expect("the chosen sets exist");
                let mut taken = vec![false; problem.sets_at[usize::from(v)].len()];
                for (colors, set_jokers) in sets {
                    let table_set =
                        problem.sets_at[usize::from(v)]
                            .iter()
                            .enumerate()
                            .find(|&(i, set)| {
                                !taken[i] && set.colors == colors && set.jokers == set_jokers
                            });
                    if let Some((i, set)) = table_set {
                        taken[i] = true;
                        self.kept.push(set.index);
                        continue;
                    }
                    let mut tiles: Vec<Tile> = (0..problem.n_colors)
                        .filter(|&c| colors >> c & 1 == 1)
                        .map(|c| numbered(problem, c, v))
                        .collect();
                    tiles.extend(std::iter::repeat_n(Tile::Joker, usize::from(set_jokers)));
                    self.new_groups.push(self.group(&tiles, GroupKind::Set));
                }
            }
            Step::Color(step) => {
                let color = usize::from(state.color);
                let vi = usize::from(v);
                let must = problem.must[color][vi];
                let tile = numbered(problem, color, v);
                self.placed
                    .extend(std::iter::repeat_n(tile, usize::from(step.used - must)));
                // Open runs, kind by kind, do what the plan says.
                let runs = self.sorted_runs(color);
                let (plain, nodes) = memo.parts[state.parts[color] as usize];
                let mut kinds = [Kind::default(); MAX_KINDS];
                let n = problem.open_runs(color, plain, nodes, &mut kinds);
                let mut runs = runs.into_iter();
                let mut next: Vec<(Open, u8, Vec<Tile>)> = Vec::new();
                for (kind, plan) in kinds[..n].iter().zip(&step.plans) {
                    for nth in 0..usize::from(plan.close) {
                        let (open, start, tiles) = runs.next().expect("the plan's runs are open");
                        self.end_run(color, open, nth, start, tiles);
                    }
                    for (count, joker, becomes) in [
                        (plan.tile, false, kind.on_tile),
                        (plan.joker, true, kind.on_joker),
                    ] {
                        for _ in 0..count {
                            let (_, start, mut tiles) =
                                runs.next().expect("the plan's runs are open");
                            tiles.push(if joker { Tile::Joker } else { tile });
                            next.push((becomes, start, tiles));
                        }
                    }
                }
                let started = match problem.starts[color][vi] {
                    0 => Open::Plain(problem.started(false)),
                    id => Open::Node(id),
                };
                for _ in 0..step.new_tile {
                    next.push((started, v, vec![tile]));
                }
                for _ in 0..step.new_joker {
                    next.push((Open::Plain(problem.started(true)), v, vec![Tile::Joker]));
                }
                self.open[color] = next;
            }
        }
    }

    /// The open runs of colour index `color`, taken out, kind by kind as
    /// [`Problem::open_runs`] orders them.
    pub(super) fn sorted_runs(&mut self, color: usize) -> Vec<(Open, u8, Vec<Tile>)> {
        let mut runs = std::mem::take(&mut self.open[color]);
        runs.sort_by_key(|&(open, ..)| match open {
            Open::Plain(code) => (0, code),
            Open::Node(id) => (1, usize::from(id)),
        });
        runs
    }

    /// Ends an open run of colour index `color`, the `nth` of its kind to close here: at a
    /// node where table runs end, the first of them keep those table runs; any other becomes
    /// a new group.
    pub(super) fn end_run(
        &mut self,
        color: usize,
        open: Open,
        nth: usize,
        start: u8,
        tiles: Vec<Tile>,
    ) {
        if let Open::Node(id) = open
            && let Some(&index) = self.problem.trees[color][usize::from(id)].ends.get(nth)
        {
            self.kept.push(index);
            return;
        }
        self.close_run(start, tiles);
    }

    /// Closes the runs still open; `jokers` were used in all, of which the table's must.
    pub(super) fn finish(mut self, jokers: u8) -> Outcome {
        let played_jokers = jokers.saturating_sub(self.problem.must_jokers);
        self.placed
            .extend(std::iter::repeat_n(Tile::Joker, usize::from(played_jokers)));
        for color in 0..self.problem.n_colors {
            let mut last = None;
            let mut nth = 0;
            for (open, start, tiles) in self.sorted_runs(color) {
                nth = if last == Some(open) { nth + 1 } else { 0 };
                last = Some(open);
                self.end_run(color, open, nth, start, tiles);
            }
        }
        Outcome {
            new_groups: self.new_groups,
            kept: self.kept,
            placed: self.placed,
        }
    }
}

/// The numbered tile of colour index `color` and number `v`.
pub(super) fn numbered(problem: &Problem<'_>, color: usize, v: u8) -> Tile {
    let color: Color = problem.rules.colors[color];
    Tile::Numbered {
        color,
        number: Number::new(v).unwrap_or(Number::MIN),
    }
}

impl Problem<'_> {
    /// Walks back from the best finished state to the start, then forward again, working out
    /// each state on the way from its parent and choice, and builds the groups along the way.
    pub(super) fn replay(&self, links: &[Link], at: usize, memo: &mut Memo) -> Outcome {
        // Node 0 is the start.
        let mut choices = Vec::new();
        let mut at = at;
        while at != 0 {
            let link = links[at];
            choices.push(link.choice);
            at = link.parent as usize;
        }
        let mut path = Vec::with_capacity(choices.len());
        let mut state = State::start();
        for &choice in choices.iter().rev() {
            path.push((state, choice));
            state = self.apply(&state, &memo.choices[choice as usize]);
        }
        self.build(&path, memo)
    }

    /// The groups along a path of steps from the start to the end.
    pub(super) fn build(&self, path: &[(State, u32)], memo: &Memo) -> Outcome {
        let final_jokers = match path.last() {
            Some(&(state, at)) => self.apply(&state, &memo.choices[at as usize]).jokers,
            None => 0,
        };
        let mut builder = Builder::new(self);
        for &(state, at) in path {
            builder.apply(&state, &memo.steps[at as usize], memo);
        }
        builder.finish(final_jokers)
    }
}
