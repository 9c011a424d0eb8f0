//! Laying tiles down: arrange a whole hand into groups, and find the best move from a rack onto
//! a table that may be rearranged freely.
//!
//! Both questions are answered exactly by one dynamic programme over the numbers 1..13 (after
//! van Rijn, Takes & Vis 2015). Sweeping the numbers upwards, one colour at a time, every tile
//! of the current number is either left in the rack (rack tiles only), put into a set of that
//! number, or put into a run: continuing a run that is open from the number below or starting a
//! new one. The state remembers, per colour, the open runs by length (1, 2, or 3 and more, which
//! may end at any time) and, where the per-group joker limit can bind, by jokers held; the
//! tiles each colour gave to sets at the current number; the jokers used; the opening points
//! (for the initial meld); and which of the table's runs are being kept exactly as they were.
//! Jokers are interchangeable, so only their count matters: each joker is used in a run (for
//! the number and colour of its place), in a set, or stays in the rack.
//!
//! Among equally good moves the programme prefers the one that leaves the most table groups
//! unchanged: keeping a table run reserves its tiles when the sweep reaches its lowest number;
//! keeping a table set is counted when the sets of its number are formed. Objectives are
//! lexicographic keys (see [`Objective`]) packed into one integer, so the whole preference
//! order is optimised exactly, not by a heuristic.

use std::cell::RefCell;
use std::fmt;

use rustc_hash::FxHashMap;

use crate::answer::{Arrangement, LazyShortfall, Move};
use crate::group::{Group, GroupError, GroupKind};
use crate::notation::show_tiles;
use crate::rules::{Color, Rules};
use crate::steps;
use crate::tile::{Number, Tile};

/// What a move should make the most of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Most rack tiles played; then most table groups left unchanged; then most face value.
    MostTiles,
    /// Highest face value played (a joker counts 0); then most table groups left unchanged;
    /// then most tiles.
    MostValue,
    /// Most tiles; then highest value; then most table groups left unchanged.
    MostTilesThenValue,
    /// The initial meld: rack tiles alone form new groups worth at least the rules'
    /// [`Rules::initial_meld`] (a joker is worth the number it stands for), the table is not
    /// touched. Most tiles, then highest face value. When no meld reaches the threshold the
    /// move plays nothing. Rules without a threshold accept any meld.
    Opening,
}

impl Objective {
    /// Every objective.
    pub const ALL: [Objective; 4] = [
        Objective::MostTiles,
        Objective::MostValue,
        Objective::MostTilesThenValue,
        Objective::Opening,
    ];

    /// The objective's name as the CLI writes it.
    pub fn name(self) -> &'static str {
        match self {
            Objective::MostTiles => "tiles",
            Objective::MostValue => "value",
            Objective::MostTilesThenValue => "tiles-then-value",
            Objective::Opening => "opening",
        }
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown objective name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown objective {name:?}: expected tiles, value, tiles-then-value or opening")]
pub struct UnknownObjective {
    /// The name given.
    pub name: String,
}

impl std::str::FromStr for Objective {
    type Err = UnknownObjective;

    fn from_str(name: &str) -> Result<Objective, UnknownObjective> {
        Objective::ALL
            .into_iter()
            .find(|objective| objective.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownObjective {
                name: name.to_owned(),
            })
    }
}

/// Where a tile of a question lies, for errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// In the rack.
    Rack,
    /// Among the tiles to arrange.
    Tiles,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Place::Rack => "in the rack",
            Place::Tiles => "in the tiles",
        })
    }
}

/// Why a position cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// A group of the table is not valid.
    #[error("table group {} ({}) is not valid: {error}", .index + 1, show_tiles(.tiles))]
    InvalidTable {
        /// The group's index (0-based) in the table given.
        index: usize,
        /// Its tiles.
        tiles: Vec<Tile>,
        /// Why it is not valid.
        error: GroupError,
    },
    /// A tile whose colour or number is not in play (a table group with one is
    /// [`SolveError::InvalidTable`]).
    #[error("{place}: {error}")]
    NotInGame {
        /// Where the tile is.
        place: Place,
        /// [`GroupError::ColorNotInGame`] or [`GroupError::NumberNotInGame`], naming the tile.
        error: GroupError,
    },
    /// More copies of a tile than the game has, counting table and rack together.
    #[error("{tile} appears {count} times on the table and in the rack but the game has {copies}")]
    TooManyCopies {
        /// The tile.
        tile: Tile,
        /// How often it appears.
        count: usize,
        /// Copies in the game.
        copies: u8,
    },
    /// More jokers than the game has.
    #[error("{count} jokers on the table and in the rack but the game has {max}")]
    TooManyJokers {
        /// Jokers given.
        count: usize,
        /// Jokers in the game.
        max: u8,
    },
    /// House rules beyond what the solver's state encoding holds.
    #[error(
        "the solver supports at most 6 colours, groups of at least 1 and at most 3 tiles minimum, and at most 7 copies plus jokers: {0}"
    )]
    UnsupportedRules(&'static str),
}

/// Partitions all of `tiles` into valid groups; `Ok(None)` if there is none.
///
/// Every tile must be used: a joker that fits nowhere makes it impossible. No tiles is
/// trivially arrangeable (no groups).
///
/// # Errors
///
/// [`SolveError::NotInGame`] for a tile whose colour or number the rules don't have,
/// [`SolveError::TooManyCopies`] or [`SolveError::TooManyJokers`] for more of a tile than the
/// game has, [`SolveError::UnsupportedRules`] for house rules too large for the solver.
pub fn arrange(tiles: &[Tile], rules: &Rules) -> Result<Option<Arrangement>, SolveError> {
    check_in_game(tiles, Place::Tiles, rules)?;
    let problem = Problem::new(rules, tiles, &[], &[], Objective::MostTiles, Pruning::FULL)?;
    let Some(outcome) = problem.any_arrangement() else {
        return Ok(None);
    };
    let mut groups = outcome.new_groups;
    sort_new_groups(&mut groups, rules);
    Ok(Some(Arrangement { groups }))
}

/// Finds the best move from `rack` onto `table` under `rules` for `objective`.
///
/// Every table tile stays on the table; the table may be rearranged freely (except for the
/// [`Objective::Opening`], which leaves it untouched). Among moves equally good for the
/// objective, the one leaving the most table groups unchanged wins (see [`Objective`] for the
/// full order). Playing nothing is always possible. The move says how to carry it out
/// ([`Move::steps`]).
///
/// # Errors
///
/// [`SolveError::InvalidTable`] if a table group is not valid (a tile the rules don't have
/// included); [`SolveError::NotInGame`] for such a tile in the rack;
/// [`SolveError::TooManyCopies`] or [`SolveError::TooManyJokers`] if the tiles could not all
/// exist under the rules; [`SolveError::UnsupportedRules`] for house rules too large for the
/// solver.
pub fn solve(
    table: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
    objective: Objective,
) -> Result<Move, SolveError> {
    solve_with(table, rack, rules, objective, Pruning::FULL)
}

/// How hard the sweep prunes (see [`Problem::best_outcome`]): the tests compare the full
/// pruning with none.
#[derive(Debug, Clone, Copy)]
struct Pruning {
    /// Widths of the narrow sweeps that look for a good first move.
    beams: &'static [usize],
    /// Whether to drop dominated states (see [`Problem::insert`]), where the rules allow it.
    dominance: bool,
}

impl Pruning {
    const FULL: Pruning = Pruning {
        beams: &[64, 1024],
        dominance: true,
    };
}

/// [`solve`] with the given pruning.
fn solve_with(
    table: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
    objective: Objective,
    pruning: Pruning,
) -> Result<Move, SolveError> {
    let mut groups = Vec::with_capacity(table.len());
    for (index, tiles) in table.iter().enumerate() {
        let group = Group::new(tiles, rules).map_err(|error| SolveError::InvalidTable {
            index,
            tiles: tiles.clone(),
            error,
        })?;
        groups.push(group);
    }
    check_in_game(rack, Place::Rack, rules)?;
    let table_tiles: Vec<Tile> = table.iter().flatten().copied().collect();
    let problem = if objective == Objective::Opening {
        // The table is left as it is: only the rack is laid out, against the threshold.
        check_counts(rules, table_tiles.iter().chain(rack))?;
        Problem::new(rules, &[], rack, &[], objective, pruning)?
    } else {
        Problem::new(rules, &table_tiles, rack, &groups, objective, pruning)?
    };
    let outcome = problem
        .best_outcome()
        .expect("keeping the table as it is always works");
    let mut new_groups = outcome.new_groups;
    sort_new_groups(&mut new_groups, rules);
    let mut kept = if objective == Objective::Opening {
        (0..groups.len()).collect()
    } else {
        outcome.kept
    };
    kept.sort_unstable();
    let broken: Vec<usize> = (0..groups.len())
        .filter(|index| kept.binary_search(index).is_err())
        .collect();
    let mut placed = outcome.placed;
    rules.sort_tiles(&mut placed);
    let steps = steps::plan(&groups, &broken, &new_groups, &placed, rules);
    let mut left = rack.to_vec();
    steps::remove_all(&mut left, &placed);
    rules.sort_tiles(&mut left);
    let question = match rules.initial_meld {
        Some(needed)
            if objective == Objective::Opening && placed.is_empty() && !rack.is_empty() =>
        {
            Some((rules.clone(), needed))
        }
        _ => None,
    };
    Ok(Move {
        placed,
        table: kept
            .iter()
            .map(|&index| groups[index].clone())
            .chain(new_groups)
            .collect(),
        table_groups: groups.len(),
        kept,
        steps,
        left,
        shortfall: LazyShortfall::new(question),
    })
}

/// The most points a meld of `rack` tiles alone is worth, below `needed` (the threshold no
/// meld reaches): the highest threshold an opening still meets, found by halving.
pub(crate) fn best_meld(rack: &[Tile], rules: &Rules, needed: u32) -> Result<u32, SolveError> {
    let (mut low, mut high) = (0, needed);
    // Invariant: a meld worth `low` exists (0: the empty one); none worth `high`.
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        let lowered = Rules {
            initial_meld: Some(middle),
            ..rules.clone()
        };
        let problem = Problem::new(&lowered, &[], rack, &[], Objective::Opening, Pruning::FULL)?;
        let plays = problem
            .best_outcome()
            .is_some_and(|outcome| !outcome.placed.is_empty());
        if plays {
            low = middle;
        } else {
            high = middle;
        }
    }
    Ok(low)
}

/// Checks that every one of `tiles`, lying at `place`, exists under the rules.
pub(crate) fn check_in_game(tiles: &[Tile], place: Place, rules: &Rules) -> Result<(), SolveError> {
    tiles
        .iter()
        .try_for_each(|&tile| crate::group::check_in_game(tile, rules))
        .map_err(|error| SolveError::NotInGame { place, error })
}

/// Orders new groups: runs by colour rank and lowest number, then sets by number.
fn sort_new_groups(groups: &mut [Group], rules: &Rules) {
    groups.sort_by_key(|group| {
        let first = group.slots().first().copied();
        let number = first.and_then(|slot| slot.number).map_or(0, Number::get);
        let color = group.slots().iter().find_map(|slot| slot.tile.color());
        let rank = color
            .and_then(|c| rules.color_rank(c))
            .unwrap_or(usize::MAX);
        match group.kind() {
            GroupKind::Run => (0, rank, number),
            GroupKind::Set => (1, usize::from(number), 0),
        }
    });
}

/// Checks that no tile is given more often than the game has it (the callers have checked that
/// every tile exists under the rules).
pub(crate) fn check_counts<'t>(
    rules: &Rules,
    tiles: impl IntoIterator<Item = &'t Tile>,
) -> Result<(), SolveError> {
    let mut counts: FxHashMap<Tile, usize> = FxHashMap::default();
    let mut order = Vec::new();
    for &tile in tiles {
        let count = counts.entry(tile).or_default();
        if *count == 0 {
            order.push(tile);
        }
        *count += 1;
    }
    for tile in order {
        let count = counts[&tile];
        match tile {
            Tile::Joker if count > usize::from(rules.jokers) => {
                return Err(SolveError::TooManyJokers {
                    count,
                    max: rules.jokers,
                });
            }
            Tile::Numbered { .. } if count > usize::from(rules.copies) => {
                return Err(SolveError::TooManyCopies {
                    tile,
                    count,
                    copies: rules.copies,
                });
            }
            _ => {}
        }
    }
    Ok(())
}

/// The value of an impossible state.
const NONE: i64 = i64::MIN;
/// Most colours the state holds.
const MAX_COLORS: usize = 6;
/// Bits per open-run count in a colour's code.
const COUNT_BITS: u32 = 3;
/// Numbers are indexed 1..=13, then up to two virtual numbers above for trailing jokers;
/// index 0 is unused.
const VALUES: usize = 16;

/// A node of a colour's tree of table-run layouts: an open run at this node holds, from the
/// same number on, the tiles some table run of the colour starts with (numbered tiles and
/// jokers in the same places). Such a run earns the unchanged-group bonus if it closes where a
/// table run ends ([`RunNode::ends`]).
#[derive(Debug, Clone, Default)]
struct RunNode {
    /// Tiles so far, and jokers among them.
    len: u8,
    jokers: u8,
    /// The node after one more numbered tile, and after one more joker (0: no table run goes
    /// on so).
    on_tile: u8,
    on_joker: u8,
    /// The table runs (indexes in the table) that are exactly this layout.
    ends: Vec<usize>,
}

/// Most nodes in a colour's tree (node ids are bytes; 0 is none).
const MAX_NODES: usize = 256;

/// Most open runs of one colour at a time (copies plus jokers), so a colour's node list fits in
/// a `u64`, one byte per run.
const MAX_OPEN: usize = 7;

/// A table set: its number's colours (bit per colour index) and jokers, to count it as kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct KeptSet {
    index: usize,
    colors: u8,
    jokers: u8,
}

/// Everything fixed about one question.
struct Problem<'r> {
    rules: &'r Rules,
    n_colors: usize,
    highest: u8,
    /// The last number swept. Above `highest` only jokers continue runs: a run `R12 R13 J(14)`
    /// stands for `J(11) R12 R13` (see [`Problem::new`]).
    last_value: u8,
    /// Whether a run may start with a joker (only for the opening, where a joker's number
    /// counts towards the threshold).
    joker_starts: bool,
    /// Whether to drop dominated states (see [`Problem::insert`]): open runs are compared by
    /// length only, so not where runs also count the jokers they hold.
    prune_dominated: bool,
    /// Widths of the narrow sweeps that look for a good first move.
    beams: &'static [usize],
    /// Runs are counted by length up to this (the smallest group): longer ones may end any time.
    cap: u8,
    /// Most jokers in a group.
    limit: u8,
    /// Jokers held per open run are tracked only when the per-group limit can bind.
    joker_levels: u8,
    /// Tiles that must be used, per colour index and number.
    must: [[u8; VALUES]; MAX_COLORS],
    /// Rack tiles that may be used, per colour index and number.
    may: [[u8; VALUES]; MAX_COLORS],
    must_jokers: u8,
    may_jokers: u8,
    /// Objective weight of one rack tile of each number, and of a rack joker.
    tile_key: [i64; VALUES],
    joker_key: i64,
    kept_key: i64,
    /// The initial meld threshold, when the objective is the opening.
    threshold: Option<u16>,
    /// Whether the objective's primary part counts tiles (see [`Problem::best_outcome`]).
    counts_tiles: bool,
    /// Per colour index: the tree of its table runs' layouts ([`RunNode`]); node 0 is unused.
    trees: Vec<Vec<RunNode>>,
    /// Per colour index and number: the node of a run started there with a numbered tile (0:
    /// no table run of the colour starts there).
    starts: [[u8; VALUES]; MAX_COLORS],
    /// Table sets by number.
    sets_at: [Vec<KeptSet>; VALUES],
    /// Per colour index and number: the kept units each table set holding a tile of that
    /// colour gives that tile, best first (see [`Problem::set_credit`]).
    set_credits: Vec<Vec<i64>>,
    /// Run plans worked out so far.
    plans: RunPlans,
}

/// A table group kept counts this many units in the objective key, so that a table set's
/// units split evenly among its tiles (see [`Problem::set_credit`]).
const KEPT_UNITS: i64 = 12;

/// Packs a lexicographic key (a, b, c), each below 2^20, into one integer.
fn key(a: i64, b: i64, c: i64) -> i64 {
    (a << 40) + (b << 20) + c
}

impl<'r> Problem<'r> {
    fn new(
        rules: &'r Rules,
        must: &[Tile],
        may: &[Tile],
        table: &[Group],
        objective: Objective,
        pruning: Pruning,
    ) -> Result<Problem<'r>, SolveError> {
        check_counts(rules, must.iter().chain(may))?;
        let n_colors = rules.colors.len();
        let cap = rules.min_group.max(1);
        let limit = u8::try_from(rules.max_jokers_in_group()).unwrap_or(u8::MAX);
        let joker_levels = if usize::from(limit) < usize::from(rules.jokers) {
            limit + 1
        } else {
            1
        };
        if n_colors > MAX_COLORS {
            return Err(SolveError::UnsupportedRules("more than 6 colours"));
        }
        if cap > 3 || u32::from(cap) * u32::from(joker_levels) * COUNT_BITS > 32 {
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
            limit.min(rules.jokers).min(2)
        };
        let mut problem = Problem {
            rules,
            n_colors,
            highest: rules.highest.get(),
            last_value: rules.highest.get() + extra,
            joker_starts: opening,
            prune_dominated: pruning.dominance && usize::from(limit) >= usize::from(rules.jokers),
            beams: pruning.beams,
            cap,
            limit,
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
            sets_at: Default::default(),
            set_credits: vec![Vec::new(); MAX_COLORS * VALUES],
            plans: RunPlans::default(),
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
        for v in 0..VALUES {
            for set in &problem.sets_at[v] {
                let real = i64::from(set.colors.count_ones());
                for color in (0..n_colors).filter(|&c| set.colors >> c & 1 == 1) {
                    problem.set_credits[color * VALUES + v].push(KEPT_UNITS / real);
                }
            }
        }
        for credits in &mut problem.set_credits {
            credits.sort_unstable_by(|a, b| b.cmp(a));
        }
        Ok(problem)
    }

    /// Records a table group so the programme can keep it unchanged.
    fn add_table_group(&mut self, index: usize, group: &Group) {
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

    fn total_jokers(&self) -> u8 {
        self.must_jokers + self.may_jokers
    }

    fn codes(&self) -> usize {
        usize::from(self.cap) * usize::from(self.joker_levels)
    }

    fn code(&self, class: u8, jokers: u8) -> usize {
        usize::from(class - 1) * usize::from(self.joker_levels) + usize::from(jokers)
    }

    fn class_of(&self, code: usize) -> u8 {
        (code / usize::from(self.joker_levels)) as u8 + 1
    }

    fn jokers_of(&self, code: usize) -> u8 {
        (code % usize::from(self.joker_levels)) as u8
    }

    /// Whether some open run of a colour (plain `runs` and `nodes` of its tree) is still too
    /// short to close.
    fn has_short_runs(&self, color: usize, runs: u32, nodes: u64) -> bool {
        (0..self.codes()).any(|code| count_of(runs, code) > 0 && self.class_of(code) < self.cap)
            || node_ids(nodes).any(|id| self.trees[color][usize::from(id)].len < self.cap)
    }

    /// The table runs that open runs at `nodes` of a colour's tree keep when they close: at
    /// each node, as many as the table has of its layout.
    fn bonus(&self, color: usize, nodes: u64) -> u8 {
        let mut bonus = 0;
        for_each_node(nodes, |id, count| {
            let ends = self.trees[color][usize::from(id)].ends.len();
            bonus += count.min(ends as u8);
        });
        bonus
    }
}

/// The node ids of a colour's node list, smallest first (see [`Memo::parts`]).
fn node_ids(nodes: u64) -> impl Iterator<Item = u8> {
    (0..8)
        .map(move |i| (nodes >> (8 * i)) as u8)
        .take_while(|&id| id != 0)
}

/// Calls `visit` with each distinct node of a node list and how many open runs are at it.
fn for_each_node(nodes: u64, mut visit: impl FnMut(u8, u8)) {
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
fn pack_nodes(ids: &mut [u8]) -> u64 {
    ids.sort_unstable();
    ids.iter()
        .enumerate()
        .fold(0, |nodes, (i, &id)| nodes | u64::from(id) << (8 * i))
}

/// Where the sweep is and what it carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct State {
    /// The number being placed (1..=highest; highest + 1 at the end).
    value: u8,
    /// The colour index being placed; `n_colors` means: form the sets of this number.
    color: u8,
    jokers: u8,
    points: u16,
    /// Per colour: its open runs, as an index into [`Memo::parts`].
    parts: [u32; MAX_COLORS],
    /// Per colour: tiles put into sets at this number, 3 bits each.
    sets: u32,
}

impl State {
    fn start() -> State {
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

/// What happens to open runs of one code at one number.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct CodePlan {
    close: u8,
    tile: u8,
    joker: u8,
}

/// Most open-run codes: lengths (at most 3) times joker levels, within 32 bits of counts.
const MAX_CODES: usize = 10;

/// Most kinds of open runs of a colour: the codes, then the nodes of its tree runs are at.
const MAX_KINDS: usize = MAX_CODES + MAX_OPEN;

/// One colour's decisions at one number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ColorStep {
    /// Tiles of this colour and number used (table and rack).
    used: u8,
    /// Of those, tiles put into sets.
    to_sets: u8,
    /// Per kind of open run (see [`Problem::open_runs`]): what its open runs do.
    plans: [CodePlan; MAX_KINDS],
    /// New runs started with a tile, and with a joker.
    new_tile: u8,
    new_joker: u8,
}

/// One way a colour goes on at one number, up to how its open runs do (see
/// [`Problem::color_options`]).
struct ColorOption {
    /// Table tiles of this colour and number: they must be used.
    must: u8,
    /// Free jokers.
    free: u8,
    /// Tiles of this colour and number used.
    used: u8,
    /// Of those, tiles put into sets.
    to_sets: u8,
    /// Jokers put into this colour's runs.
    run_jokers: u8,
    /// How the open runs may take the other tiles and the jokers.
    plans: PlanRange,
}

/// One way the open runs of a colour go on at a number (see [`Problem::plan_runs`]).
#[derive(Debug, Clone, Copy)]
struct RunPlan {
    plans: [CodePlan; MAX_KINDS],
    new_tile: u8,
    new_joker: u8,
    /// The open runs afterwards: plain ones encoded, and the node list.
    runs: u32,
    nodes: u64,
    /// Table runs the plan keeps by closing runs where they end.
    bonus: u8,
}

/// One kind of open runs of a colour at a number (see [`Problem::open_runs`]): how many there
/// are and what they may do.
#[derive(Debug, Clone, Copy, Default)]
struct Kind {
    count: u8,
    may_close: bool,
    may_take_joker: bool,
    /// Table runs that closing runs of this kind keep, at most.
    ends: u8,
    /// Whether closing one gives up nothing a new run would have: it holds no joker that the
    /// limit counts and keeps no table run.
    loses_nothing: bool,
    /// What a run of this kind becomes with one more tile, and with one more joker.
    on_tile: Open,
    on_joker: Open,
}

/// What an open run is: plain (its code) or at a node of its colour's tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
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
/// and start node get a table of [`PLAN_SLOTS`] ranges (see [`Problem::run_plans`]), filled
/// as needed.
#[derive(Default)]
struct RunPlans {
    /// Where the table of each [`PlanKey`] starts in `ranges`.
    tables: RefCell<FxHashMap<PlanKey, u32>>,
    ranges: RefCell<Vec<PlanRange>>,
    /// The plans, back to back.
    store: RefCell<Vec<RunPlan>>,
    /// The distinct open runs (plain, nodes) the plans of each range lead to, back to back,
    /// each with the most table runs a plan leading there keeps.
    nexts: RefCell<Vec<(u32, u64, u8)>>,
}

/// What run plans depend on: the colour (only where nodes of its tree are involved), the
/// plain open runs, the node list, and the node a run started with a tile is at.
type PlanKey = (u8, u32, u64, u8);

/// Tiles and jokers taken are below 8 each (at most 7 copies plus jokers), and new runs may
/// start or not.
const PLAN_SLOTS: u32 = 8 * 8 * 2;

/// Where the plans of one question, and the distinct open runs they lead to, are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PlanRange {
    plans: (u32, u32),
    nexts: (u32, u32),
}

/// A range not worked out yet.
const NO_PLANS: PlanRange = PlanRange {
    plans: (u32::MAX, 0),
    nexts: (0, 0),
};

/// A step of the sweep, for the replay that builds the groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Color(ColorStep),
    Sets { jokers: u8 },
}

/// One state of a layer of the sweep: the best gain that reaches it, and from where.
#[derive(Debug, Clone, Copy)]
struct Node {
    state: State,
    gain: i64,
    /// What the state can still add at most ([`Problem::state_bound`]).
    bound: i64,
    /// Index of the node it came from (see [`Sweep::nodes`]).
    parent: u32,
    /// Index of the choice that led to it in [`Memo::choices`].
    choice: u32,
}

/// A finished sweep: its nodes, where its best finished state is, and that state's key.
struct Sweep {
    nodes: Vec<Node>,
    at: usize,
    total: i64,
}

/// No node: the end of a list of siblings in a [`Layer`].
const NO_NODE: u32 = u32::MAX;

/// A state's key in a layer (see [`Problem::layer_key`]): the number, colour, jokers, points
/// and set tiles, then two parts (or a kept-runs index) per word.
type LayerKey = [u64; 4];

/// A layer of the sweep being built (see [`Problem::insert`]).
#[derive(Default)]
struct Layer {
    nodes: Vec<Node>,
    /// Per node: the next node with the same key in [`Layer::index`].
    siblings: Vec<u32>,
    /// The first node of each key ([`Problem::layer_key`]).
    index: FxHashMap<LayerKey, u32>,
}

impl Layer {
    /// Appends the nodes still useful to `all` (the best `beam` of them, if given), leaving
    /// the layer empty for the next one.
    fn finish(&mut self, beam: Option<usize>, all: &mut Vec<Node>) {
        self.index.clear();
        self.siblings.clear();
        self.nodes.retain(|node| node.gain != NONE);
        if let Some(width) = beam
            && self.nodes.len() > width
        {
            self.nodes.select_nth_unstable_by_key(width, |node| {
                std::cmp::Reverse(node.gain + node.bound)
            });
            self.nodes.truncate(width);
        }
        all.append(&mut self.nodes);
    }
}

/// One choice at one layer, as changes to the state. Choices depend only on a few parts of
/// the state (see [`Problem::choices`]), so each list is worked out once per question and
/// applied to every state in the same situation.
#[derive(Debug, Clone, Copy)]
struct Choice {
    gain: i64,
    /// The colour's part of the state after a colour step (see [`Memo::parts`]).
    part: u32,
    /// Tiles the colour puts into sets.
    to_sets: u8,
    /// Jokers the choice uses.
    jokers: u8,
    /// Opening points the choice adds (before capping).
    points: u16,
}

/// A bound not worked out yet.
const UNKNOWN: i64 = i64::MIN + 1;
/// A choice range not worked out yet.
const NO_RANGE: (u32, u32) = (u32::MAX, 0);

/// What one question works out once and reuses: the colours' parts of states, per-colour
/// bounds (see [`Problem::color_bound`]), set completions (see
/// [`Problem::sets_completable`]) and choice lists (see [`Problem::choices`]). Bounds and
/// colour choices sit in dense tables indexed by part and jokers, so the sweep looks them up
/// without hashing.
struct Memo {
    /// A colour's part of a state: its plain open runs (encoded, see [`count_of`]) and its
    /// node list, the nodes of its tree of table-run layouts that its other open runs are at
    /// (one byte each, smallest first; see [`RunNode`]). Index 0 is no runs.
    parts: Vec<(u32, u64)>,
    part_index: FxHashMap<(u32, u64), u32>,
    /// Per part: an index of its node list alone, for [`Problem::layer_key`].
    nodes_of: Vec<u32>,
    nodes_index: FxHashMap<u64, u32>,
    /// Joker counts `0..=total`: the stride of the per-part tables.
    span: usize,
    /// Per colour index and number: bounds by part and free jokers.
    bounds: Vec<Vec<i64>>,
    /// Set completions by set tiles, number and colour, packed: the fewest jokers they need
    /// (`u8::MAX`: none are enough).
    completions: FxHashMap<u64, u8>,
    /// Which joker counts set tiles form sets with (see [`Problem::set_mask`]).
    set_masks: FxHashMap<u32, u8>,
    /// Per number and colour index: choice ranges by part and jokers used.
    color_ranges: Vec<Vec<(u32, u32)>>,
    /// Choice ranges of the set steps by number, set tiles and jokers used.
    set_ranges: FxHashMap<(u8, u32, u8), (u32, u32)>,
    /// Choice lists, back to back.
    choices: Vec<Choice>,
    /// Each choice's step, for the replay.
    steps: Vec<Step>,
}

impl Memo {
    fn new(problem: &Problem<'_>) -> Memo {
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
        }
    }

    /// The index of a colour's part: plain open runs `runs` and node list `nodes`.
    fn part(&mut self, runs: u32, nodes: u64) -> u32 {
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
    fn slot(&self, part: u32, jokers: u8) -> usize {
        part as usize * self.span + usize::from(jokers)
    }
}

/// The groups and tiles the replay produces.
struct Outcome {
    new_groups: Vec<Group>,
    /// Table group indexes kept unchanged.
    kept: Vec<usize>,
    placed: Vec<Tile>,
}

/// How many open runs of `code` a colour's encoded runs hold.
fn count_of(runs: u32, code: usize) -> u8 {
    ((runs >> (code as u32 * COUNT_BITS)) & ((1 << COUNT_BITS) - 1)) as u8
}

/// How many tiles colour index `color` put into sets, from the encoded set tiles.
fn set_tiles_of(sets: u32, color: usize) -> u8 {
    ((sets >> (color * 3)) & 7) as u8
}

/// The primary part of a packed key.
fn primary(key: i64) -> i64 {
    key >> 40
}

impl Problem<'_> {
    /// The most sets of number `v` that can each hold a tile of colour index `color`, with
    /// `free` jokers: each set needs companions, tiles of the other colours of that number (one
    /// of each at most) or jokers (up to the per-group limit).
    fn set_cap(&self, color: usize, v: usize, free: u8) -> u8 {
        if v > usize::from(self.highest) {
            return 0;
        }
        let needed = u16::from(self.cap.saturating_sub(1));
        let own = self.must[color][v] + self.may[color][v];
        (1..=own)
            .take_while(|&k| {
                let others: u16 = (0..self.n_colors)
                    .filter(|&c| c != color)
                    .map(|c| u16::from((self.must[c][v] + self.may[c][v]).min(k)))
                    .sum();
                let jokers = u16::from(free).min(u16::from(k) * u16::from(self.limit));
                others + jokers >= u16::from(k) * needed
            })
            .last()
            .unwrap_or(0)
    }

    /// An upper bound on the objective key colour index `color` can still add from number `v`
    /// on, with its `part` (open runs) and `free` jokers, or [`NONE`] if its tiles that must
    /// be used cannot all be. The colour earns the table runs its runs keep, and its share of
    /// the table sets it may keep ([`Problem::set_credit`]). The other colours are relaxed away:
    /// a tile may go into a set whenever enough sets of its number could exist
    /// ([`Problem::set_cap`]), costing no other tile; every colour may use all the free
    /// jokers.
    #[inline]
    fn color_bound(&self, color: usize, v: u8, part: u32, free: u8, memo: &mut Memo) -> i64 {
        if v <= self.last_value
            && let Some(&known) =
                memo.bounds[color * VALUES + usize::from(v)].get(memo.slot(part, free))
            && known != UNKNOWN
        {
            return known;
        }
        self.work_out_color_bound(color, v, part, free, memo)
    }

    /// [`Problem::color_bound`] where the memo does not have it yet.
    #[inline(never)]
    fn work_out_color_bound(
        &self,
        color: usize,
        v: u8,
        part: u32,
        free: u8,
        memo: &mut Memo,
    ) -> i64 {
        if v > self.last_value {
            let (runs, nodes) = memo.parts[part as usize];
            return if self.has_short_runs(color, runs, nodes) {
                NONE
            } else {
                i64::from(self.bonus(color, nodes)) * self.kept_key
            };
        }
        let vi = usize::from(v);
        let table = color * VALUES + vi;
        let slot = memo.slot(part, free);
        let (runs, nodes) = memo.parts[part as usize];
        // The same choices as a colour step ([`Problem::color_transitions`]): a tile may go
        // into a set whenever enough sets of its number could exist, and only where the open
        // runs end up matters.
        let sets = self.set_cap(color, vi, free);
        let used_jokers = self.total_jokers() - free;
        let mut best = NONE;
        self.color_options(color, v, runs, nodes, used_jokers, sets, |option| {
            let gain = i64::from(option.used - option.must) * self.tile_key[vi]
                + self.set_credit(color, v, option.to_sets);
            let free = option.free - option.run_jokers;
            for at in option.plans.nexts.0..option.plans.nexts.1 {
                let (next_runs, next_nodes, bonus) = self.plans.nexts.borrow()[at as usize];
                let next = memo.part(next_runs, next_nodes);
                let rest = self.color_bound(color, v + 1, next, free, memo);
                if rest != NONE {
                    best = best.max(gain + i64::from(bonus) * self.kept_key + rest);
                }
            }
        });
        let bounds = &mut memo.bounds[table];
        if bounds.len() <= slot {
            bounds.resize(slot + 1, UNKNOWN);
        }
        bounds[slot] = best;
        best
    }

    /// At most what keeping table sets of number `v` adds through colour index `color`, when it
    /// puts `to_sets` tiles into sets. A kept set's units are split among its tiles, so the
    /// colours' shares add up to at least the sets really kept: each of those holds a tile of
    /// every colour it has, in a set.
    fn set_credit(&self, color: usize, v: u8, to_sets: u8) -> i64 {
        let credits = &self.set_credits[color * VALUES + usize::from(v)];
        let units: i64 = credits.iter().take(usize::from(to_sets)).sum();
        units * (self.kept_key / KEPT_UNITS)
    }

    /// Whether the set tiles the colours before `color` gave at number `v` (`sets`) can still
    /// become valid sets, with tiles the remaining colours have of that number and at most
    /// `free` jokers.
    fn sets_completable(&self, v: u8, color: u8, sets: u32, free: u8, memo: &mut Memo) -> bool {
        if sets == 0 {
            return true;
        }
        let key = u64::from(sets) | u64::from(v) << 32 | u64::from(color) << 40;
        let needed = match memo.completions.get(&key) {
            Some(&needed) => needed,
            None => {
                let mut needed = u8::MAX;
                let mut full = sets;
                self.complete_sets(
                    usize::from(v),
                    usize::from(color),
                    &mut full,
                    &mut needed,
                    memo,
                );
                memo.completions.insert(key, needed);
                needed
            }
        };
        needed <= free
    }

    /// The fewest jokers with which the set tiles `sets` of number `v`, completed with tiles of
    /// colours from `color` on, form valid sets (lowering `needed`).
    fn complete_sets(
        &self,
        v: usize,
        color: usize,
        sets: &mut u32,
        needed: &mut u8,
        memo: &mut Memo,
    ) {
        if *needed == 0 {
            return;
        }
        if color == self.n_colors {
            let mask = self.set_mask(*sets, memo);
            if mask != 0 {
                *needed = (*needed).min(mask.trailing_zeros() as u8);
            }
            return;
        }
        let available = (self.must[color][v] + self.may[color][v]).min(7);
        for count in 0..=available {
            *sets |= u32::from(count) << (color * 3);
            self.complete_sets(v, color + 1, sets, needed, memo);
            *sets &= !(7 << (color * 3));
        }
    }

    /// An upper bound on the objective key `state` can still add, or [`NONE`] if some colour
    /// is stuck: the colours' relaxed bounds ([`Problem::color_bound`]), every rack joker,
    /// and the shares of this number's table sets the colours already placed hold.
    fn state_bound(&self, state: &State, memo: &mut Memo) -> i64 {
        let free = self.total_jokers() - state.jokers;
        let mut total = i64::from(self.may_jokers) * self.joker_key;
        // The colours placed at this number already hold their share of the table sets of
        // it they may keep.
        for color in 0..usize::from(state.color).min(self.n_colors) {
            total += self.set_credit(color, state.value, set_tiles_of(state.sets, color));
        }
        for color in 0..self.n_colors {
            let v = if color < usize::from(state.color) {
                state.value + 1
            } else {
                state.value
            };
            let bound = self.color_bound(color, v, state.parts[color], free, memo);
            if bound == NONE {
                return NONE;
            }
            total += bound;
        }
        total
    }

    /// Where the choices of a state sit in [`Memo::choices`].
    fn choice_range(&self, state: &State, memo: &mut Memo) -> (u32, u32) {
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
    fn apply(&self, state: &State, choice: &Choice) -> State {
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
    /// the colour just placed (`changed`), but with that colour's node list.
    fn layer_key(&self, state: &State, changed: Option<usize>, memo: &Memo) -> LayerKey {
        let mut key = [0u64; 4];
        key[0] = u64::from(state.value)
            | u64::from(state.color) << 8
            | u64::from(state.jokers) << 16
            | u64::from(state.points) << 24
            | u64::from(state.sets) << 40;
        for (color, &part) in state.parts[..self.n_colors].iter().enumerate() {
            let word = if Some(color) == changed {
                u64::from(memo.nodes_of[part as usize]) | 1 << 31
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
    /// ([`Problem::runs_cover`]) with a gain at least as high make the others useless.
    fn insert(&self, layer: &mut Layer, node: Node, memo: &Memo) {
        let changed = usize::from(node.state.color).checked_sub(1);
        let head = layer
            .index
            .entry(self.layer_key(&node.state, changed, memo))
            .or_insert(NO_NODE);
        let mut at = *head;
        while at != NO_NODE {
            let other = &mut layer.nodes[at as usize];
            if other.gain != NONE {
                if other.state == node.state {
                    if node.gain > other.gain {
                        *other = node;
                    }
                    return;
                }
                if let Some(color) = changed
                    && self.prune_dominated
                {
                    let runs = |state: &State| memo.parts[state.parts[color] as usize].0;
                    let (mine, theirs) = (runs(&node.state), runs(&other.state));
                    if other.gain >= node.gain && self.runs_cover(theirs, mine) {
                        return;
                    }
                    if node.gain >= other.gain && self.runs_cover(mine, theirs) {
                        other.gain = NONE;
                    }
                }
            }
            at = layer.siblings[at as usize];
        }
        layer.siblings.push(*head);
        *head = layer.nodes.len() as u32;
        layer.nodes.push(node);
    }

    /// Runs the sweep forward, layer by layer, keeping for each state the best gain that
    /// reaches it and dropping every state that can no longer reach `target` (an objective
    /// key). With a `beam`, only that many states with the highest gain plus bound go on from
    /// each layer. Returns the nodes, the index of the best finished state and its key, if any
    /// reaches the target. Without a beam that is the best of all moves, if the best reaches
    /// the target: no state on its way was dropped.
    fn sweep(&self, target: i64, beam: Option<usize>, memo: &mut Memo) -> Option<Sweep> {
        let layer_count = usize::from(self.last_value) * (self.n_colors + 1);
        let start = Node {
            state: State::start(),
            gain: 0,
            bound: self.state_bound(&State::start(), memo),
            parent: 0,
            choice: 0,
        };
        if start.bound == NONE || start.bound < target {
            return None;
        }
        // All layers back to back: layer `l` is `nodes[starts[l]..starts[l + 1]]`.
        let mut nodes = vec![start];
        let mut starts = vec![0, 1];
        let mut next = Layer::default();
        for layer in 0..layer_count {
            let first = starts[layer];
            for (offset, node) in nodes[first..starts[layer + 1]].iter().enumerate() {
                let parent = first + offset;
                let (start, end) = self.choice_range(&node.state, memo);
                // A colour step changes one colour's part: without jokers, only that colour's
                // bound changes.
                let color = usize::from(node.state.color);
                let free_before = self.total_jokers() - node.state.jokers;
                let others = (color < self.n_colors).then(|| {
                    let part = node.state.parts[color];
                    node.bound - self.color_bound(color, node.state.value, part, free_before, memo)
                });
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
                            match self.color_bound(color, state.value + 1, part, free, memo) {
                                NONE => NONE,
                                bound => {
                                    others
                                        + bound
                                        + self.set_credit(color, node.state.value, choice.to_sets)
                                }
                            }
                        }
                        _ => self.state_bound(&state, memo),
                    };
                    if bound == NONE || gain + bound < target {
                        continue;
                    }
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
            next.finish(beam, &mut nodes);
            starts.push(nodes.len());
        }
        let last = starts[layer_count];
        let mut best: Option<(usize, i64)> = None;
        for (at, node) in nodes.iter().enumerate().skip(last) {
            let end = self.finish(&node.state, memo);
            if end == NONE {
                continue;
            }
            let total = node.gain + end;
            if total >= target && best.is_none_or(|(_, b)| total > b) {
                best = Some((at, total));
            }
        }
        best.map(|(at, total)| Sweep { nodes, at, total })
    }

    /// The best move. A narrow sweep ([`Pruning::beams`]) first finds a good move quickly; the
    /// full sweep then only keeps states that could still beat it, so it finds the best move,
    /// or nothing if the narrow sweep's move is already the best. Where the primary part
    /// counts tiles and the narrow move falls short of the start's bound, a full sweep aiming
    /// at one more tile comes first: if it finds a move, that is the best. If no narrow sweep
    /// gets through, the full sweep runs with a target on the primary objective, from the
    /// start's bound down (by 1, 2, 4 …) until it succeeds. `None` only if nothing at all is
    /// possible.
    fn best_outcome(&self) -> Option<Outcome> {
        let mut memo = Memo::new(self);
        let bound = self.state_bound(&State::start(), &mut memo);
        if bound == NONE {
            return None;
        }
        let found = self
            .beams
            .iter()
            .find_map(|&width| self.sweep(NONE + 1, Some(width), &mut memo));
        if let Some(good) = found {
            // The narrow sweep may have missed a move with one more tile: a full sweep aiming
            // at that drops far more states than one aiming just past the narrow move.
            if self.counts_tiles
                && primary(good.total) < primary(bound)
                && let Some(best) = self.sweep(key(primary(good.total) + 1, 0, 0), None, &mut memo)
            {
                return Some(self.replay(&best.nodes, best.at, &mut memo));
            }
            // Only a strictly better move needs the full sweep to find it.
            return Some(match self.sweep(good.total + 1, None, &mut memo) {
                Some(best) => self.replay(&best.nodes, best.at, &mut memo),
                None => self.replay(&good.nodes, good.at, &mut memo),
            });
        }
        let mut target = primary(bound);
        let mut drop = 1;
        loop {
            if let Some(best) = self.sweep(key(target, 0, 0), None, &mut memo) {
                return Some(self.replay(&best.nodes, best.at, &mut memo));
            }
            if target <= 0 {
                return None;
            }
            target = (target - drop).max(0);
            drop *= 2;
        }
    }

    /// Some way to use every tile, found depth first: with nothing optional there is nothing to
    /// optimise, so the first complete path is an answer. States found to lead nowhere are
    /// remembered, so an impossible arrangement is proved by visiting each state once.
    fn any_arrangement(&self) -> Option<Outcome> {
        let mut memo = Memo::new(self);
        let mut dead: rustc_hash::FxHashSet<State> = rustc_hash::FxHashSet::default();
        let mut path: Vec<(State, u32)> = Vec::new();
        if !self.search(State::start(), &mut path, &mut dead, &mut memo) {
            return None;
        }
        Some(self.build(&path, &memo))
    }

    /// Depth-first search for a complete path from `state`, recorded in `path`.
    fn search(
        &self,
        state: State,
        path: &mut Vec<(State, u32)>,
        dead: &mut rustc_hash::FxHashSet<State>,
        memo: &mut Memo,
    ) -> bool {
        if state.value > self.last_value {
            return self.finish(&state, memo) != NONE;
        }
        if dead.contains(&state) || self.state_bound(&state, memo) == NONE {
            return false;
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
            if self.search(next, path, dead, memo) {
                return true;
            }
            path.pop();
        }
        dead.insert(state);
        false
    }

    /// Whether a colour with open runs `a` can do whatever it could with open runs `b`: no
    /// more runs that still have to grow (counted shortest first) and at least as many runs in
    /// all (the others may end any time, or go on where `b` would start a new run).
    fn runs_cover(&self, a: u32, b: u32) -> bool {
        let (mut needy_a, mut needy_b, mut all_a, mut all_b) = (0u8, 0u8, 0u8, 0u8);
        for code in 0..self.codes() {
            let (ca, cb) = (count_of(a, code), count_of(b, code));
            all_a += ca;
            all_b += cb;
            if self.class_of(code) < self.cap {
                needy_a += ca;
                needy_b += cb;
                if needy_a > needy_b {
                    return false;
                }
            }
        }
        all_a >= all_b
    }

    /// The value of the end of the sweep: every open run long enough, the table's jokers all
    /// used, the opening threshold met (or nothing played); the runs closing there keep the
    /// table runs whose layouts they end.
    fn finish(&self, state: &State, memo: &Memo) -> i64 {
        let mut bonus = 0;
        for (color, &part) in state.parts[..self.n_colors].iter().enumerate() {
            let (runs, nodes) = memo.parts[part as usize];
            if self.has_short_runs(color, runs, nodes) {
                return NONE;
            }
            bonus += i64::from(self.bonus(color, nodes));
        }
        if state.jokers < self.must_jokers {
            return NONE;
        }
        if let Some(threshold) = self.threshold
            && state.points > 0
            && state.points < threshold
        {
            return NONE;
        }
        i64::from(state.jokers - self.must_jokers) * self.joker_key + bonus * self.kept_key
    }

    /// Walks back from the best finished state and builds the groups along the way.
    fn replay(&self, nodes: &[Node], at: usize, memo: &mut Memo) -> Outcome {
        // Node 0 is the start.
        let mut path = Vec::new();
        let mut at = at;
        while at != 0 {
            let node = nodes[at];
            let parent = node.parent as usize;
            path.push((nodes[parent].state, node.choice));
            at = parent;
        }
        path.reverse();
        self.build(&path, memo)
    }

    /// The groups along a path of steps from the start to the end.
    fn build(&self, path: &[(State, u32)], memo: &Memo) -> Outcome {
        let final_jokers = match path.last() {
            Some(&(state, at)) => self.apply(&state, &memo.choices[at as usize]).jokers,
            None => 0,
        };
        let mut builder = Builder::new(self);
        for &(state, at) in path {
            builder.apply(&state, &memo.steps[at as usize]);
        }
        builder.finish(final_jokers)
    }

    /// Calls `emit` with every choice at `state`'s layer.
    fn transitions(&self, state: &State, memo: &mut Memo, emit: &mut dyn FnMut(Choice, Step)) {
        let color = usize::from(state.color);
        if color == self.n_colors {
            self.set_transitions(state, memo, emit);
        } else {
            self.color_transitions(state, color, memo, emit);
        }
    }

    /// Forms the sets of this number from the tiles the colours gave them, with any jokers.
    fn set_transitions(&self, state: &State, memo: &mut Memo, emit: &mut dyn FnMut(Choice, Step)) {
        let v = state.value;
        let free = self.total_jokers() - state.jokers;
        let mask = self.set_mask(state.sets, memo);
        for jokers in (0..=free).filter(|&jokers| mask >> jokers & 1 == 1) {
            // Which split keeps the most table sets matters only where the table has sets.
            let kept = if self.sets_at[usize::from(v)].is_empty() {
                0
            } else {
                self.best_sets(v, state.sets, jokers)
                    .map_or(0, |(kept, _)| kept)
            };
            let choice = Choice {
                gain: i64::from(kept) * self.kept_key,
                part: 0,
                to_sets: 0,
                jokers,
                points: u16::from(v) * u16::from(jokers),
            };
            emit(choice, Step::Sets { jokers });
        }
    }

    /// Which joker counts the set tiles `sets` (count per colour) can form valid sets with:
    /// bit `j` for exactly `j` jokers. It depends on the rules alone.
    fn set_mask(&self, sets: u32, memo: &mut Memo) -> u8 {
        if sets == 0 {
            return 1;
        }
        if let Some(&mask) = memo.set_masks.get(&sets) {
            return mask;
        }
        let has = |c: usize| set_tiles_of(sets, c) > 0;
        let first = (0..self.n_colors).find(|&c| has(c)).unwrap_or(0);
        // The set holding one tile of the first colour: any of the other colours join it,
        // plus some jokers.
        let others = (first + 1..self.n_colors)
            .filter(|&c| has(c))
            .fold(0u32, |mask, c| mask | 1 << c);
        let most_jokers = self.limit.min(self.total_jokers());
        let mut mask = 0u16;
        let mut joining = others;
        loop {
            let colors = joining | 1 << first;
            let taken = (0..self.n_colors)
                .filter(|&c| colors >> c & 1 == 1)
                .fold(0u32, |taken, c| taken + (1 << (c * 3)));
            let rest = u16::from(self.set_mask(sets - taken, memo));
            let real = colors.count_ones() as usize;
            for jokers in 0..=usize::from(most_jokers) {
                let size = real + jokers;
                if size >= usize::from(self.cap) && size <= self.n_colors {
                    mask |= rest << jokers;
                }
            }
            if joining == 0 {
                break;
            }
            joining = (joining - 1) & others;
        }
        let mask = (mask & ((2u16 << self.total_jokers()) - 1)) as u8;
        memo.set_masks.insert(sets, mask);
        mask
    }

    fn add_points(&self, points: u16, more: u16) -> u16 {
        match self.threshold {
            Some(threshold) => points.saturating_add(more).min(threshold.max(1)),
            None => 0,
        }
    }

    /// The best way to split the set tiles (count per colour in `sets`) and `jokers` into
    /// valid sets of number `v`: the most table sets kept, and the sets as (colours, jokers).
    fn best_sets(&self, v: u8, sets: u32, jokers: u8) -> Option<(u8, Vec<(u8, u8)>)> {
        let mut remaining = [0u8; MAX_COLORS];
        for (color, count) in remaining.iter_mut().enumerate().take(self.n_colors) {
            *count = set_tiles_of(sets, color);
        }
        let mut best: Option<(u8, Vec<(u8, u8)>)> = None;
        let mut current = Vec::new();
        self.split_sets(v, &mut remaining, jokers, &mut current, &mut best);
        best
    }

    fn split_sets(
        &self,
        v: u8,
        remaining: &mut [u8; MAX_COLORS],
        jokers: u8,
        current: &mut Vec<(u8, u8)>,
        best: &mut Option<(u8, Vec<(u8, u8)>)>,
    ) {
        if best
            .as_ref()
            .is_some_and(|(kept, _)| usize::from(*kept) == self.sets_at[usize::from(v)].len())
        {
            // Every table set of the number is kept already: nothing does better.
            return;
        }
        let Some(first) = (0..self.n_colors).find(|&c| remaining[c] > 0) else {
            if jokers == 0 {
                let kept = self.count_kept_sets(v, current);
                if best.as_ref().is_none_or(|(k, _)| kept > *k) {
                    *best = Some((kept, current.clone()));
                }
            }
            return;
        };
        // The set holding one tile of the first colour left: any of the other colours left
        // join it, plus some jokers.
        let others = (first + 1..self.n_colors)
            .filter(|&c| remaining[c] > 0)
            .fold(0u8, |mask, c| mask | 1 << c);
        // Every subset of the others joins, fewest colours' bits first.
        let mut joining = 0u8;
        loop {
            let colors = joining | 1 << first;
            let real = colors.count_ones() as u8;
            for set_jokers in 0..=jokers.min(self.limit) {
                let size = usize::from(real + set_jokers);
                if size < usize::from(self.cap) || size > self.n_colors {
                    continue;
                }
                let in_set = |c: &usize| colors >> c & 1 == 1;
                remaining
                    .iter_mut()
                    .enumerate()
                    .filter(|(c, _)| in_set(c))
                    .for_each(|(_, n)| *n -= 1);
                current.push((colors, set_jokers));
                self.split_sets(v, remaining, jokers - set_jokers, current, best);
                current.pop();
                remaining
                    .iter_mut()
                    .enumerate()
                    .filter(|(c, _)| in_set(c))
                    .for_each(|(_, n)| *n += 1);
            }
            if joining == others {
                break;
            }
            joining = (joining | !others).wrapping_add(1) & others;
        }
    }

    /// How many table sets of number `v` the formed sets reproduce exactly.
    fn count_kept_sets(&self, v: u8, formed: &[(u8, u8)]) -> u8 {
        let mut used = 0u64;
        let mut kept = 0;
        for &(colors, jokers) in formed {
            let matching = self.sets_at[usize::from(v)]
                .iter()
                .enumerate()
                .find(|&(i, set)| {
                    used >> i & 1 == 0 && set.colors == colors && set.jokers == jokers
                });
            if let Some((i, _)) = matching {
                used |= 1 << i;
                kept += 1;
            }
        }
        kept
    }

    /// Every decision for one colour at one number ([`Problem::color_options`]), each plan of
    /// its open runs a choice.
    fn color_transitions(
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
    fn color_options(
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
    fn can_start(&self, v: u8) -> bool {
        u16::from(v) + u16::from(self.cap) - 1 <= u16::from(self.last_value) && v <= self.highest
    }

    /// Where the table of plan ranges of colour index `color` with plain open runs `runs`, node
    /// list `nodes` and new runs started at `start_node` starts (see [`RunPlans`]).
    fn plan_table(&self, color: usize, runs: u32, nodes: u64, start_node: u8) -> u32 {
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
        ranges.resize(table as usize + PLAN_SLOTS as usize, NO_PLANS);
        self.plans.tables.borrow_mut().insert(key, table);
        table
    }

    /// The open runs of a colour, kind by kind: first each code of plain runs, then each
    /// distinct node of its node list, smallest first. Returns how many kinds there are.
    fn open_runs(
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
                may_close: class >= self.cap,
                may_take_joker: self.joker_levels == 1 || held < self.limit,
                ends: 0,
                loses_nothing: held == 0,
                on_tile: Open::Plain(self.continued(code, false)),
                on_joker: Open::Plain(self.continued(code, true)),
            };
            n += 1;
        }
        for_each_node(nodes, |id, count| {
            let node = &self.trees[color][usize::from(id)];
            let class = (node.len + 1).min(self.cap);
            let held = if self.joker_levels > 1 {
                node.jokers
            } else {
                0
            };
            let ends = node.ends.len().min(MAX_OPEN) as u8;
            kinds[n] = Kind {
                count,
                may_close: node.len >= self.cap,
                may_take_joker: self.joker_levels == 1 || held < self.limit,
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
    fn run_plans(
        &self,
        table: u32,
        color: usize,
        (runs, nodes, start_node): (u32, u64, u8),
        tiles: u8,
        jokers: u8,
        can_start: bool,
    ) -> PlanRange {
        let slot = (table + (u32::from(tiles) * 8 + u32::from(jokers)) * 2 + u32::from(can_start))
            as usize;
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
    fn plan_runs(
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
    fn continued(&self, code: usize, joker: bool) -> usize {
        let class = (self.class_of(code) + 1).min(self.cap);
        let held = self.jokers_of(code) + u8::from(joker && self.joker_levels > 1);
        self.code(class, held)
    }

    /// The code of a run just started with a tile, or a joker.
    fn started(&self, joker: bool) -> usize {
        self.code(1, u8::from(joker && self.joker_levels > 1))
    }

    /// The open runs after a plan (plain ones encoded, and the node list), and the table runs
    /// its closing runs keep.
    fn next_runs(
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

/// Builds the concrete groups along the replayed path.
struct Builder<'p, 'r> {
    problem: &'p Problem<'r>,
    /// Open runs per colour: what they are, their first number and their tiles so far.
    open: Vec<Vec<(Open, u8, Vec<Tile>)>>,
    new_groups: Vec<Group>,
    kept: Vec<usize>,
    placed: Vec<Tile>,
}

impl<'p, 'r> Builder<'p, 'r> {
    fn new(problem: &'p Problem<'r>) -> Self {
        Builder {
            problem,
            open: vec![Vec::new(); problem.n_colors],
            new_groups: Vec::new(),
            kept: Vec::new(),
            placed: Vec::new(),
        }
    }

    fn group(&self, tiles: &[Tile], kind: GroupKind) -> Group {
        let group = match kind {
            GroupKind::Run => Group::run(tiles, self.problem.rules),
            GroupKind::Set => Group::set(tiles, self.problem.rules),
        };
        group.expect("the programme only forms valid groups")
    }

    /// Lays out a finished run whose tiles, in number order, start at `start`. Jokers swept
    /// past the highest number move to the front; a run longer than the highest number (only
    /// possible that way) splits after its first three tiles.
    fn close_run(&mut self, start: u8, mut tiles: Vec<Tile>) {
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

    fn apply(&mut self, state: &State, step: &Step) {
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
                let (plain, nodes) = part_of(&runs);
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
    fn sorted_runs(&mut self, color: usize) -> Vec<(Open, u8, Vec<Tile>)> {
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
    fn end_run(&mut self, color: usize, open: Open, nth: usize, start: u8, tiles: Vec<Tile>) {
        if let Open::Node(id) = open
            && let Some(&index) = self.problem.trees[color][usize::from(id)].ends.get(nth)
        {
            self.kept.push(index);
            return;
        }
        self.close_run(start, tiles);
    }

    /// Closes the runs still open; `jokers` were used in all, of which the table's must.
    fn finish(mut self, jokers: u8) -> Outcome {
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

/// A colour's part (plain open runs encoded, node list) from its open runs.
fn part_of(runs: &[(Open, u8, Vec<Tile>)]) -> (u32, u64) {
    let mut plain = 0u32;
    let mut ids = Vec::new();
    for &(open, ..) in runs {
        match open {
            Open::Plain(code) => plain += 1 << (code as u32 * COUNT_BITS),
            Open::Node(id) => ids.push(id),
        }
    }
    (plain, pack_nodes(&mut ids))
}

/// The numbered tile of colour index `color` and number `v`.
fn numbered(problem: &Problem<'_>, color: usize, v: u8) -> Tile {
    let color: Color = problem.rules.colors[color];
    Tile::Numbered {
        color,
        number: Number::new(v).unwrap_or(Number::MIN),
    }
}

#[cfg(test)]
#[path = "../tests/support/positions.rs"]
mod positions;

#[cfg(test)]
mod tests {
    use super::*;

    /// Which joker counts set tiles form sets with agrees with splitting them into sets one
    /// set at a time, for every count of set tiles per colour, under every preset.
    #[test]
    fn set_masks_match_set_splits() {
        for rules in [Rules::standard(), Rules::puzzle(), Rules::codegolf()] {
            let jokers = vec![Tile::Joker; usize::from(rules.jokers)];
            let problem = Problem::new(
                &rules,
                &[],
                &jokers,
                &[],
                Objective::MostTiles,
                Pruning::FULL,
            )
            .unwrap();
            let mut memo = Memo::new(&problem);
            let counts = u32::from(rules.copies) + 1;
            for code in 0..counts.pow(rules.colors.len() as u32) {
                let sets = (0..rules.colors.len()).fold(0u32, |sets, color| {
                    sets | (code / counts.pow(color as u32) % counts) << (color * 3)
                });
                let mask = problem.set_mask(sets, &mut memo);
                for jokers in 0..=rules.jokers {
                    assert_eq!(
                        mask >> jokers & 1 == 1,
                        problem.best_sets(1, sets, jokers).is_some(),
                        "{rules:?}: set tiles {sets:o}, {jokers} jokers"
                    );
                }
            }
        }
    }

    /// The pruning that makes the sweep fast (narrow sweeps for a first move, targets on the
    /// whole objective key, dominated states dropped) never changes the score of the best move:
    /// on realistic positions of every preset it matches the plain programme, which only
    /// drops states whose primary objective cannot reach the target. A narrow sweep of one
    /// state per layer, which often misses the best move, checks the full sweeps that follow.
    #[test]
    fn pruning_keeps_the_best_score() {
        const PLAIN: Pruning = Pruning {
            beams: &[],
            dominance: false,
        };
        const NARROWEST: Pruning = Pruning {
            beams: &[1],
            dominance: true,
        };
        let score = |found: &Move| (found.tiles(), found.value(), found.unchanged_groups());
        for rules in [Rules::standard(), Rules::puzzle(), Rules::codegolf()] {
            for seed in 0..12 {
                let mut random = positions::Random::new(seed + 5000);
                let table_tiles = 12 + random.below(24);
                let rack_tiles = 5 + random.below(10);
                let (table, rack) = positions::position(&rules, seed, table_tiles, rack_tiles);
                for objective in Objective::ALL {
                    let plain = solve_with(&table, &rack, &rules, objective, PLAIN).unwrap();
                    let narrowest =
                        solve_with(&table, &rack, &rules, objective, NARROWEST).unwrap();
                    assert_eq!(
                        score(&narrowest),
                        score(&plain),
                        "{objective} seed {seed} {rules:?}: {table:?} {rack:?}"
                    );
                    let fast = solve(&table, &rack, &rules, objective).unwrap();
                    assert_eq!(
                        score(&fast),
                        score(&plain),
                        "{objective} seed {seed} {rules:?}: {table:?} {rack:?}"
                    );
                }
            }
        }
    }
}
