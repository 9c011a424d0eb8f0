//! Is this turn legal? The game server's question: the table before, the player's rack, the
//! table after, and whether the player has made the initial meld.
//!
//! The rules of a turn that plays, in the game's words:
//!
//! - every group on the table after the turn is a valid run or set;
//! - the tiles after are exactly the tiles before plus some tiles from the rack: no tile leaves
//!   the table (so a joker taken from a group is played again in the same turn) and none
//!   appears from elsewhere;
//! - at least one rack tile is played;
//! - the initial meld (while the player has not made it, under rules with a threshold) is one
//!   or more new groups of rack tiles only, worth at least the threshold, with the table's
//!   groups left exactly as they were. A joker counts the number it stands for, in the reading
//!   of its group worth most (`R5 J J` is the run 5 6 7, worth 18, rather than the set, 15).

use std::collections::HashMap;
use std::fmt;

use itertools::Itertools;

use crate::group::{Group, GroupError, GroupKind};
use crate::notation::show_tiles;
use crate::rules::Rules;
use crate::solve::{Place, SolveError, check_counts, check_in_game};
use crate::steps::{self, Step};
use crate::tile::Tile;

/// Why a turn is not legal, or why the position it starts from is impossible.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The position before the turn cannot be: a table group that is not valid, a rack tile the
    /// rules don't have, or more copies of a tile (table and rack together) than the game has.
    #[error(transparent)]
    Position(SolveError),
    /// A group of the table after the turn is not valid.
    #[error("group {} ({}) is not valid: {error}", .index + 1, group_tiles(.tiles))]
    InvalidGroup {
        /// The group's index (0-based) in the table after the turn.
        index: usize,
        /// Its tiles.
        tiles: Vec<Tile>,
        /// Why it is not valid.
        error: GroupError,
    },
    /// The table after holds a tile more often than the table before and the rack together.
    #[error("{}", not_available(*.tile, *.laid, *.available))]
    NotAvailable {
        /// The tile.
        tile: Tile,
        /// How often it lies on the table after the turn.
        laid: usize,
        /// How often the table before and the rack hold it.
        available: usize,
    },
    /// A tile of the table before is missing after the turn.
    #[error("{}", left_table(*.tile))]
    LeftTable {
        /// The tile.
        tile: Tile,
    },
    /// The turn plays no rack tile.
    #[error("no tile from the rack is played: a turn plays at least one (or draws instead)")]
    NothingPlayed,
    /// The initial meld touches a table group.
    #[error("the initial meld may not change the table: {} was changed", show_tiles(.tiles))]
    TableChanged {
        /// The group's index (0-based) in the table before.
        index: usize,
        /// Its tiles.
        tiles: Vec<Tile>,
    },
    /// The initial meld is worth less than the threshold.
    #[error("initial meld worth {worth}, {needed} needed")]
    MeldTooLow {
        /// What the new groups are worth.
        worth: u32,
        /// The rules' threshold.
        needed: u32,
    },
}

fn group_tiles(tiles: &[Tile]) -> String {
    if tiles.is_empty() {
        "no tiles".to_owned()
    } else {
        show_tiles(tiles)
    }
}

fn not_available(tile: Tile, laid: usize, available: usize) -> String {
    if available == 0 {
        format!("{tile} is not on the table or in your rack")
    } else {
        format!("{tile} is laid {laid} times, but the table and your rack hold {available}")
    }
}

fn left_table(tile: Tile) -> String {
    if tile.is_joker() {
        "J left the table: a joker taken from a group must be played again in the same turn"
            .to_owned()
    } else {
        format!("{tile} left the table: every table tile must stay on it")
    }
}

impl TurnError {
    /// The rule broken, as a code a program can read: `invalid_group` (a group after the turn
    /// is not valid), `not_yours` (a tile laid that is neither on the table nor in the rack),
    /// `too_many_copies` (a tile laid more often than the table and rack hold it),
    /// `left_table` (a table tile, or a joker taken, missing after the turn),
    /// `nothing_played` (no rack tile played), `meld_changes_table` (the initial meld touches
    /// a table group), `meld_below_threshold` (the initial meld is worth too little);
    /// `impossible_position` for an error in the position given.
    pub fn code(&self) -> &'static str {
        match self {
            TurnError::Position(_) => "impossible_position",
            TurnError::InvalidGroup { .. } => "invalid_group",
            TurnError::NotAvailable { available: 0, .. } => "not_yours",
            TurnError::NotAvailable { .. } => "too_many_copies",
            TurnError::LeftTable { .. } => "left_table",
            TurnError::NothingPlayed => "nothing_played",
            TurnError::TableChanged { .. } => "meld_changes_table",
            TurnError::MeldTooLow { .. } => "meld_below_threshold",
        }
    }

    /// The group at fault, by its index (0-based): in the table after the turn for
    /// `invalid_group`, in the table before for `meld_changes_table`.
    pub fn group(&self) -> Option<usize> {
        match self {
            TurnError::InvalidGroup { index, .. } | TurnError::TableChanged { index, .. } => {
                Some(*index)
            }
            _ => None,
        }
    }

    /// The tile at fault (`not_yours`, `too_many_copies`, `left_table`).
    pub fn tile(&self) -> Option<Tile> {
        match self {
            TurnError::NotAvailable { tile, .. } | TurnError::LeftTable { tile } => Some(*tile),
            _ => None,
        }
    }

    /// Whether the error is in the position given (the table before or the rack), not in the
    /// turn: a question that cannot be answered rather than a turn refused.
    pub fn is_position_error(&self) -> bool {
        matches!(self, TurnError::Position(_))
    }
}

/// A legal turn: what it plays, what it is worth, the table it leaves and how to make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    pub(crate) placed: Vec<Tile>,
    pub(crate) value: u32,
    pub(crate) left: Vec<Tile>,
    pub(crate) table: Vec<Group>,
    pub(crate) kept: Vec<usize>,
    pub(crate) steps: Vec<Step>,
}

impl Turn {
    /// The rack tiles played, in the rules' tile order.
    pub fn placed(&self) -> &[Tile] {
        &self.placed
    }

    /// The points the tiles played are worth: a numbered tile its number, a joker the number
    /// it stands for in the reading of its group worth most (where the table already held
    /// jokers in groups the turn changed, the jokers played are taken to be those worth most).
    /// For an initial meld this is the meld's worth.
    pub fn value(&self) -> u32 {
        self.value
    }

    /// The rack after the turn, in the rules' tile order.
    pub fn left(&self) -> &[Tile] {
        &self.left
    }

    /// The table after the turn, group by group as given, each in display order.
    pub fn table(&self) -> &[Group] {
        &self.table
    }

    /// The indexes (0-based, in the table before) of the groups left exactly as they were.
    pub fn unchanged(&self) -> &[usize] {
        &self.kept
    }

    /// How to carry the turn out, step by step, as [`crate::Move::steps`] tells a move.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }
}

/// Tile counts.
fn counts<'t>(tiles: impl IntoIterator<Item = &'t Tile>) -> HashMap<Tile, usize> {
    tiles.into_iter().copied().counts()
}

impl fmt::Display for Turn {
    /// What the `tiles` command prints for a legal turn: the tiles played and their value, the
    /// steps, and the rack left.
    ///
    /// ```text
    /// places B9 O9 R4 (value 22)
    /// step 1: take K9 from K6 K7 K8 K9 and B9 O9 from the rack to make K9 B9 O9
    /// step 2: add R4 to R1 R2 R3
    /// left: K1
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "places {} (value {})",
            show_tiles(&self.placed),
            self.value
        )?;
        for (number, step) in self.steps.iter().enumerate() {
            writeln!(f, "step {}: {step}", number + 1)?;
        }
        if self.left.is_empty() {
            write!(f, "left: nothing")
        } else {
            write!(f, "left: {}", show_tiles(&self.left))
        }
    }
}

/// Tiles sorted, for comparing groups as multisets.
fn sorted(tiles: &[Tile]) -> Vec<Tile> {
    let mut tiles = tiles.to_vec();
    tiles.sort_unstable();
    tiles
}

/// The number each tile of `group` counts as in its reading worth most: a run's jokers in
/// their places (spare jokers extend the run upwards first, the reading worth most), a set's
/// jokers its number; tiles that read both ways (one numbered tile and jokers) take the
/// reading worth more.
pub(crate) fn best_reading(group: &Group, rules: &Rules) -> Vec<u32> {
    let numbers = |group: &Group| -> Vec<u32> {
        group
            .slots()
            .iter()
            .map(|slot| slot.number.map_or(0, |n| u32::from(n.get())))
            .collect()
    };
    let read = numbers(group);
    if group.kind() == GroupKind::Set
        && let Ok(run) = Group::run(group.tiles(), rules)
    {
        let as_run = numbers(&run);
        if as_run.iter().sum::<u32>() > read.iter().sum::<u32>() {
            return as_run;
        }
    }
    read
}

/// The joker values of `group`'s best reading (see [`best_reading`]).
fn joker_values(group: &Group, rules: &Rules) -> Vec<u32> {
    best_reading(group, rules)
        .into_iter()
        .zip(group.slots())
        .filter(|(_, slot)| slot.tile.is_joker())
        .map(|(value, _)| value)
        .collect()
}

/// Checks a turn that plays: `before` is the table at the start of the turn, `rack` the
/// player's rack, `after` the table the player leaves, `opened` whether the player has made
/// the initial meld. See the module's rules; the checks come in this order: the position, the
/// groups after, tiles laid that are not available, tiles that left the table, a turn that
/// plays nothing, and for an initial meld the table left as it was, then the threshold.
///
/// # Errors
///
/// [`TurnError::Position`] for an impossible position; otherwise the first rule the turn
/// breaks, naming the group or the tile.
pub fn check_turn(
    before: &[Vec<Tile>],
    rack: &[Tile],
    after: &[Vec<Tile>],
    opened: bool,
    rules: &Rules,
) -> Result<Turn, TurnError> {
    let mut table = Vec::with_capacity(before.len());
    for (index, tiles) in before.iter().enumerate() {
        let group = Group::new(tiles, rules).map_err(|error| {
            TurnError::Position(SolveError::InvalidTable {
                index,
                tiles: tiles.clone(),
                error,
            })
        })?;
        table.push(group);
    }
    check_in_game(rack, Place::Rack, rules).map_err(TurnError::Position)?;
    check_counts(rules, before.iter().flatten().chain(rack), true).map_err(TurnError::Position)?;
    let mut groups = Vec::with_capacity(after.len());
    for (index, tiles) in after.iter().enumerate() {
        let group = Group::new(tiles, rules).map_err(|error| TurnError::InvalidGroup {
            index,
            tiles: tiles.clone(),
            error,
        })?;
        groups.push(group);
    }
    let on_table = counts(before.iter().flatten());
    let available = counts(before.iter().flatten().chain(rack));
    let laid = counts(after.iter().flatten());
    for &tile in after.iter().flatten() {
        let (laid, available) = (laid[&tile], available.get(&tile).copied().unwrap_or(0));
        if laid > available {
            return Err(TurnError::NotAvailable {
                tile,
                laid,
                available,
            });
        }
    }
    for &tile in before.iter().flatten() {
        if laid.get(&tile).copied().unwrap_or(0) < on_table[&tile] {
            return Err(TurnError::LeftTable { tile });
        }
    }
    let mut placed: Vec<Tile> = laid
        .iter()
        .flat_map(|(&tile, &n)| {
            std::iter::repeat_n(tile, n - on_table.get(&tile).copied().unwrap_or(0))
        })
        .collect();
    if placed.is_empty() {
        return Err(TurnError::NothingPlayed);
    }
    rules.sort_tiles(&mut placed);
    // The table's groups left as they were: each matched to a group after with its tiles.
    let after_sorted: Vec<Vec<Tile>> = after.iter().map(|g| sorted(g)).collect();
    let mut matched = vec![false; after.len()];
    let mut kept = Vec::new();
    for (index, tiles) in before.iter().enumerate() {
        let tiles = sorted(tiles);
        let found = (0..after.len()).find(|&a| !matched[a] && after_sorted[a] == tiles);
        match found {
            Some(a) => {
                matched[a] = true;
                kept.push(index);
            }
            None if !opened && rules.initial_meld.is_some() => {
                return Err(TurnError::TableChanged {
                    index,
                    tiles: before[index].clone(),
                });
            }
            None => {}
        }
    }
    let new_groups: Vec<Group> = (0..after.len())
        .filter(|&a| !matched[a])
        .map(|a| groups[a].clone())
        .collect();
    let mut jokers: Vec<u32> = new_groups
        .iter()
        .flat_map(|group| joker_values(group, rules))
        .collect();
    jokers.sort_unstable_by(|a, b| b.cmp(a));
    let played_jokers = placed.iter().filter(|tile| tile.is_joker()).count();
    let value = placed
        .iter()
        .filter_map(|tile| tile.number())
        .map(|n| u32::from(n.get()))
        .chain(jokers.into_iter().take(played_jokers))
        .sum();
    if let (false, Some(needed)) = (opened, rules.initial_meld)
        && value < needed
    {
        return Err(TurnError::MeldTooLow {
            worth: value,
            needed,
        });
    }
    let broken: Vec<usize> = (0..before.len())
        .filter(|index| kept.binary_search(index).is_err())
        .collect();
    let steps = steps::plan(&table, &broken, &new_groups, &placed, rules);
    let mut left = rack.to_vec();
    steps::remove_all(&mut left, &placed);
    rules.sort_tiles(&mut left);
    Ok(Turn {
        placed,
        value,
        left,
        table: groups,
        kept,
        steps,
    })
}
