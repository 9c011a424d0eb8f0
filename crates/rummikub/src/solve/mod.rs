//! Laying tiles down: arrange a whole hand into groups, and find the best move from a rack onto
//! a table that may be rearranged freely.
//!
//! Both questions are answered exactly by one dynamic programme over the numbers 1..13 (after
//! van Rijn, Takes & Vis 2015). Sweeping the numbers upwards, one colour at a time, every tile
//! of the current number is either left in the rack (rack tiles only), put into a set of that
//! number, or put into a run: continuing a run that is open from the number below or starting a
//! new one. Jokers are interchangeable, so only their count matters: each joker is used in a
//! run (for the number and colour of its place), in a set, or stays in the rack. Among equally
//! good moves the programme prefers the one that leaves the most table groups unchanged, earned
//! as a bonus when a run closes as a table run was laid out or the sets of a number reproduce
//! table sets. Objectives are lexicographic keys (see [`Objective`]) packed into one integer,
//! so the whole preference order is optimised exactly, not by a heuristic.
//!
//! This file holds the public questions and their errors; the parts, one idea each:
//! `model` (what a question is and what the sweep carries), `runs` (how a colour's open runs go
//! on at a number), `sets` (the sets of a number), `relaxed` (the per-colour bound), `search`
//! (the sweeps) and `build` (laying out the move).

mod build;
mod model;
mod relaxed;
mod runs;
mod search;
mod sets;
#[cfg(test)]
mod tests;

use std::fmt;

use rustc_hash::FxHashMap;
use tiles_core::{Stop, Stopped};

use crate::answer::{Arrangement, LazyShortfall, Move};
use crate::group::{Group, GroupError, GroupKind};
use crate::notation::show_tiles;
use crate::rules::Rules;
use crate::steps;
use crate::tile::{Number, Tile};

use model::Problem;

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
    #[error("{count} copies of {tile}{}, the rules have {copies}", counted_in(*.table))]
    TooManyCopies {
        /// The tile.
        tile: Tile,
        /// How often it appears.
        count: usize,
        /// Copies in the game.
        copies: u8,
        /// Whether a table's tiles were counted with a rack's (a solve or a turn), rather
        /// than tiles on their own (an arrangement).
        table: bool,
    },
    /// More jokers than the game has.
    #[error("{count} jokers{}, the rules have {max}", counted_in(*.table))]
    TooManyJokers {
        /// Jokers given.
        count: usize,
        /// Jokers in the game.
        max: u8,
        /// As for [`SolveError::TooManyCopies`].
        table: bool,
    },
    /// House rules beyond what the solver's state encoding holds.
    #[error(
        "the solver supports at most 6 colours, groups of at least 1 and at most 3 tiles minimum, and at most 7 copies plus jokers: {0}"
    )]
    UnsupportedRules(&'static str),
    /// The stop signal given to [`solve_until`] or [`arrange_until`] was raised before the
    /// answer was found.
    #[error("{0}")]
    Stopped(#[from] Stopped),
}

/// Where the tiles of a count were: said only for a table and a rack counted together.
fn counted_in(table: bool) -> &'static str {
    if table {
        " on the table and in the rack"
    } else {
        ""
    }
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
    arrange_until(tiles, rules, &Stop::never())
}

/// [`arrange`], giving up with [`SolveError::Stopped`] once `stop` is raised (the search
/// checks it every few thousand states: a few milliseconds apart at most).
///
/// # Errors
///
/// As [`arrange`], and [`SolveError::Stopped`].
pub fn arrange_until(
    tiles: &[Tile],
    rules: &Rules,
    stop: &Stop,
) -> Result<Option<Arrangement>, SolveError> {
    check_in_game(tiles, Place::Tiles, rules)?;
    let mut problem = Problem::new(rules, tiles, &[], &[], Objective::MostTiles, Pruning::FULL)?;
    problem.stop = stop.clone();
    let Some(outcome) = problem.any_arrangement()? else {
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
    solve_with(table, rack, rules, objective, Pruning::FULL, &Stop::never())
}

/// [`solve`], giving up with [`SolveError::Stopped`] once `stop` is raised: the sweeps check
/// it between their layers and every few thousand states, a few milliseconds apart at most.
///
/// ```
/// use rummikub::{Objective, Rules, SolveError, parse_tiles};
/// use rummikub::tiles_core::Stop;
///
/// let rack = parse_tiles("R1 R2 R3").unwrap();
/// let stop = Stop::after(std::time::Duration::ZERO);
/// let stopped = rummikub::solve_until(&[], &rack, &Rules::standard(), Objective::MostTiles, &stop);
/// assert!(matches!(stopped, Err(SolveError::Stopped(_))));
/// ```
///
/// # Errors
///
/// As [`solve`], and [`SolveError::Stopped`].
pub fn solve_until(
    table: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
    objective: Objective,
    stop: &Stop,
) -> Result<Move, SolveError> {
    solve_with(table, rack, rules, objective, Pruning::FULL, stop)
}

/// How hard the sweep prunes (see [`Problem::best_outcome`]): the tests compare the full
/// pruning with none.
#[derive(Debug, Clone, Copy)]
struct Pruning {
    /// Widths of the narrow sweeps that look for a good first move.
    beams: &'static [usize],
    /// Whether to drop dominated states (see [`Problem::insert`]), where the rules allow it.
    dominance: bool,
    /// Whether a move playing every rack tile the narrow sweep finds is the answer (see
    /// [`solve_going_out`]).
    go_out: bool,
}

impl Pruning {
    const FULL: Pruning = Pruning {
        beams: &[64, 1024],
        dominance: true,
        go_out: false,
    };
}

/// [`solve`] for a player in a game, where emptying the rack ends it: a move that plays every
/// rack tile is returned as soon as the search finds one, without looking on for the one that
/// leaves the most table groups as they were.
///
/// A move that plays every rack tile plays the most tiles and the most value there are, so it
/// is best for every objective but for the table groups left unchanged, which no longer
/// matter once the game is over; when no move plays every tile, or the search does not come
/// across one before its exact part, the answer is [`solve`]'s.
///
/// # Errors
///
/// As [`solve`].
pub fn solve_going_out(
    table: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
    objective: Objective,
) -> Result<Move, SolveError> {
    let going_out = Pruning {
        go_out: true,
        ..Pruning::FULL
    };
    solve_with(table, rack, rules, objective, going_out, &Stop::never())
}

/// [`solve`] with no pruning beyond the bound on the objective's first part (no narrow sweeps,
/// no dominated states dropped): the plain programme the pruning is checked against.
#[doc(hidden)]
pub fn solve_plain(
    table: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
    objective: Objective,
) -> Result<Move, SolveError> {
    let plain = Pruning {
        beams: &[],
        dominance: false,
        go_out: false,
    };
    solve_with(table, rack, rules, objective, plain, &Stop::never())
}

/// [`solve`] whose narrow sweep keeps one state per layer, so that it often misses the best
/// move and the full sweeps after it must find it.
#[doc(hidden)]
pub fn solve_narrowest(
    table: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
    objective: Objective,
) -> Result<Move, SolveError> {
    let narrowest = Pruning {
        beams: &[1],
        dominance: true,
        go_out: false,
    };
    solve_with(table, rack, rules, objective, narrowest, &Stop::never())
}

/// [`solve`] with the given pruning.
fn solve_with(
    table: &[Vec<Tile>],
    rack: &[Tile],
    rules: &Rules,
    objective: Objective,
    pruning: Pruning,
    stop: &Stop,
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
    let mut problem = if objective == Objective::Opening {
        // The table is left as it is: only the rack is laid out, against the threshold.
        check_counts(rules, table_tiles.iter().chain(rack), true)?;
        Problem::new(rules, &[], rack, &[], objective, pruning)?
    } else {
        Problem::new(rules, &table_tiles, rack, &groups, objective, pruning)?
    };
    problem.stop = stop.clone();
    let outcome = problem
        .best_outcome()?
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
            .best_outcome()?
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
    table: bool,
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
                    table,
                });
            }
            Tile::Numbered { .. } if count > usize::from(rules.copies) => {
                return Err(SolveError::TooManyCopies {
                    tile,
                    count,
                    copies: rules.copies,
                    table,
                });
            }
            _ => {}
        }
    }
    Ok(())
}
