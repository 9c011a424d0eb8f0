//! Groups: is a list of tiles a valid run or set under some rules?
//!
//! The rules, in the game's words:
//!
//! - A group has at least 3 tiles ([`Rules::min_group`]).
//! - A **set** (multi-colour group) is tiles of one number, all of different colours, so at most
//!   one per colour in play (4).
//! - A **run** (mono-colour group) is tiles of one colour with consecutive numbers, at most 13;
//!   1 may not follow 13. When [`Rules::ordered_runs`] holds, the tiles must be laid ascending
//!   exactly as given; otherwise any order is read as the sorted run.
//! - A joker stands for any tile the group needs: in a run, the number its position implies
//!   (inside 1..13); in a set, a missing colour. A group holds at most
//!   [`Rules::jokers_per_group`] jokers.
//! - No tile can appear more often than the game has copies of it, and only the rules' colours
//!   and numbers exist.
//!
//! Tiles that read both ways (one numbered tile and jokers) are reported as a set.

use itertools::Itertools;
use std::collections::BTreeMap;
use std::fmt;

use crate::run::{RunFit, RunProblem, fit_ordered, fit_unordered};

use crate::rules::Rules;
use crate::tile::Color;
use crate::tile::{Number, Tile};

/// The two kinds of group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// One colour, consecutive numbers.
    Run,
    /// One number, different colours.
    Set,
}

impl fmt::Display for GroupKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GroupKind::Run => "run",
            GroupKind::Set => "set",
        })
    }
}

/// What one tile of a valid group stands for. A numbered tile stands for itself; a joker for
/// the tile its place needs, as far as the group decides it (`None` where it does not: a joker
/// in a 3-tile set may be either missing colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slot {
    /// The tile lying there.
    pub tile: Tile,
    /// The number it counts as.
    pub number: Option<Number>,
    /// The colour it counts as.
    pub color: Option<Color>,
}

/// A valid group: built only by [`Group::new`], so it always satisfies the rules it was
/// checked against.
///
/// Its tiles are in display order: a run ascending with each joker in its place (when order
/// is free, spare jokers extend the top end first, then the bottom); a set in the rules'
/// colour order with jokers last.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Group {
    kind: GroupKind,
    tiles: Vec<Tile>,
    slots: Vec<Slot>,
}

/// Why tiles are not a valid group.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GroupError {
    /// Fewer tiles than any group has.
    #[error("a group needs at least {min} tiles, got {count}")]
    TooFewTiles {
        /// Tiles given.
        count: usize,
        /// The fewest allowed.
        min: usize,
    },
    /// More tiles than any group can have.
    #[error("a group has at most {max} tiles, got {count}")]
    TooManyTiles {
        /// Tiles given.
        count: usize,
        /// The most allowed (the longest run).
        max: usize,
    },
    /// More tiles than there are colours, in a set.
    #[error("a set has at most {max} tiles (one per colour), got {count}")]
    SetTooLarge {
        /// Tiles given.
        count: usize,
        /// Colours in play.
        max: usize,
    },
    /// More tiles than there are numbers, in a run.
    #[error("a run has at most {max} tiles, got {count}")]
    RunTooLong {
        /// Tiles given.
        count: usize,
        /// Numbers in play.
        max: usize,
    },
    /// More jokers than one group may hold.
    #[error("a group may hold at most {max} {}, got {count}", plural(*.max, "joker", "jokers"))]
    TooManyJokers {
        /// Jokers given.
        count: usize,
        /// The most allowed.
        max: usize,
    },
    /// A tile whose colour is not in play.
    #[error("{tile}: {} is not a colour of these rules ({})", color_of(*.tile), list_colors(.colors))]
    ColorNotInGame {
        /// The tile.
        tile: Tile,
        /// The colours in play.
        colors: Vec<Color>,
    },
    /// A tile whose number is not in play.
    #[error("{tile}: numbers go from 1 to {highest}")]
    NumberNotInGame {
        /// The tile.
        tile: Tile,
        /// The highest number in play.
        highest: Number,
    },
    /// A tile given more often than the game has copies of it.
    #[error("{tile} appears {count} times but the game has {copies} {}", plural(usize::from(*.copies), "copy", "copies"))]
    TooManyCopies {
        /// The tile.
        tile: Tile,
        /// How often it was given.
        count: usize,
        /// Copies in the game.
        copies: u8,
    },
    /// The tiles share neither one colour nor one number.
    #[error("neither one colour nor one number: {}", mixed_reason(*.first, *.number_differs, *.color_differs))]
    MixedColorsAndNumbers {
        /// The first numbered tile.
        first: Tile,
        /// The first tile with another number.
        number_differs: Tile,
        /// The first tile with another colour.
        color_differs: Tile,
    },
    /// Read as a set, the tiles have different numbers.
    #[error("a set needs one number: {first} and {other} differ")]
    MixedNumbersInSet {
        /// The first numbered tile.
        first: Tile,
        /// The first tile with another number.
        other: Tile,
    },
    /// Read as a run, the tiles have different colours.
    #[error("a run needs one colour: {first} and {other} differ")]
    MixedColorsInRun {
        /// The first numbered tile.
        first: Tile,
        /// The first tile with another colour.
        other: Tile,
    },
    /// Two tiles of a set have the same colour.
    #[error("a set needs different colours: {first} and {second} are both {}", color_of(*.first))]
    RepeatedColor {
        /// The first tile of the colour.
        first: Tile,
        /// The second one.
        second: Tile,
    },
    /// Two tiles of a run have the same number.
    #[error("a run needs consecutive numbers: {tile} appears twice")]
    RepeatedNumber {
        /// The repeated tile.
        tile: Tile,
    },
    /// Two neighbouring tiles of a run are not consecutive with the jokers between them.
    #[error(
        "a run needs consecutive numbers: {after} is followed by {before} ({needed} {} needed, {given} given)",
        plural(usize::from(*.needed), "joker", "jokers")
    )]
    Gap {
        /// The lower tile.
        after: Tile,
        /// The next tile up.
        before: Tile,
        /// Jokers that would make them consecutive.
        needed: u8,
        /// Jokers there (ordered runs) or still free (unordered runs).
        given: u8,
    },
    /// A run laid out of order, when order matters.
    #[error("a run must be laid in ascending order: {later} comes after {earlier}")]
    OutOfOrder {
        /// The tile laid first.
        earlier: Tile,
        /// The lower tile laid after it.
        later: Tile,
    },
    /// A run that would wrap around from the highest number to 1.
    #[error("a run may not wrap around from {} to 1: {first} cannot follow {last}", number_of(*.last))]
    Wraps {
        /// The highest tile.
        last: Tile,
        /// The tile numbered 1.
        first: Tile,
    },
    /// A joker in an ordered run that would have to stand for a number that does not exist.
    #[error("a joker would have to stand for {number}, but numbers go from 1 to {highest}")]
    JokerOutOfRange {
        /// The number it would stand for.
        number: i32,
        /// The highest number in play.
        highest: Number,
    },
}

fn plural(count: usize, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 { one } else { many }
}

fn color_of(tile: Tile) -> &'static str {
    tile.color().map_or("joker", Color::name)
}

fn number_of(tile: Tile) -> u8 {
    tile.number().map_or(0, Number::get)
}

fn list_colors(colors: &[Color]) -> String {
    colors.iter().map(|c| c.name()).join(", ")
}

fn mixed_reason(first: Tile, number_differs: Tile, color_differs: Tile) -> String {
    if number_differs == color_differs {
        format!("{first} and {number_differs} differ in both")
    } else {
        format!(
            "{first} and {number_differs} differ in number, {first} and {color_differs} in colour"
        )
    }
}

impl Group {
    /// Checks `tiles` against `rules` and returns the valid group they form.
    ///
    /// # Errors
    ///
    /// The first reason found, checked in this order: a colour or number not in play, too
    /// many jokers, a tile beyond its copies, too few or too many tiles; then the shape: a set
    /// (one number) with a repeated colour or more tiles than colours; a run (one colour) with
    /// a repeated number, a wrap from 13 to 1, a gap the jokers cannot fill, tiles out of
    /// order or a joker beyond 1..13 (ordered runs); or tiles with neither one colour nor one
    /// number.
    pub fn new(tiles: &[Tile], rules: &Rules) -> Result<Group, GroupError> {
        Group::read(tiles, rules, None)
    }

    /// Checks `tiles` as a run only: like [`Group::new`], but tiles that would also read as a
    /// set (`R5 J J`) are read as a run (`R5 J(R6) J(R7)`).
    ///
    /// # Errors
    ///
    /// As [`Group::new`], with the run's reason when the tiles are not a run.
    pub fn run(tiles: &[Tile], rules: &Rules) -> Result<Group, GroupError> {
        Group::read(tiles, rules, Some(GroupKind::Run))
    }

    /// Checks `tiles` as a set only: like [`Group::new`], but never reads them as a run.
    ///
    /// # Errors
    ///
    /// As [`Group::new`], with the set's reason when the tiles are not a set.
    pub fn set(tiles: &[Tile], rules: &Rules) -> Result<Group, GroupError> {
        Group::read(tiles, rules, Some(GroupKind::Set))
    }

    /// The group `tiles` form, read as `only` if given.
    fn read(tiles: &[Tile], rules: &Rules, only: Option<GroupKind>) -> Result<Group, GroupError> {
        check_tiles(tiles, rules)?;
        let numbered: Vec<(Tile, Color, Number)> = tiles
            .iter()
            .filter_map(|&tile| match tile {
                Tile::Numbered { color, number } => Some((tile, color, number)),
                Tile::Joker => None,
            })
            .collect();
        let n_jokers = tiles.len() - numbered.len();
        let first = numbered.first().copied();
        let number_differs = first.and_then(|(_, _, number)| {
            numbered
                .iter()
                .find(|&&(_, _, n)| n != number)
                .map(|&(tile, ..)| tile)
        });
        let color_differs = first.and_then(|(_, color, _)| {
            numbered
                .iter()
                .find(|&&(_, c, _)| c != color)
                .map(|&(tile, ..)| tile)
        });
        let may_set = only != Some(GroupKind::Run);
        let may_run = only != Some(GroupKind::Set);
        let as_set = (may_set && number_differs.is_none()).then(|| set(&numbered, n_jokers, rules));
        let as_run =
            (may_run && color_differs.is_none()).then(|| run(tiles, &numbered, n_jokers, rules));
        match (as_set, as_run) {
            (Some(Ok(group)), _) | (_, Some(Ok(group))) => Ok(group),
            (Some(Err(set_error)), Some(Err(run_error))) => Err(if numbered.len() >= 2 {
                set_error
            } else {
                run_error
            }),
            (Some(Err(error)), None) | (None, Some(Err(error))) => Err(error),
            (None, None) if only == Some(GroupKind::Set) && number_differs.is_some() => {
                Err(GroupError::MixedNumbersInSet {
                    first: first.map_or(Tile::Joker, |(tile, ..)| tile),
                    other: number_differs.unwrap_or(Tile::Joker),
                })
            }
            (None, None) if only == Some(GroupKind::Run) && color_differs.is_some() => {
                Err(GroupError::MixedColorsInRun {
                    first: first.map_or(Tile::Joker, |(tile, ..)| tile),
                    other: color_differs.unwrap_or(Tile::Joker),
                })
            }
            (None, None) => Err(GroupError::MixedColorsAndNumbers {
                first: first.map_or(Tile::Joker, |(tile, ..)| tile),
                number_differs: number_differs.unwrap_or(Tile::Joker),
                color_differs: color_differs.unwrap_or(Tile::Joker),
            }),
        }
    }

    /// Run or set.
    pub fn kind(&self) -> GroupKind {
        self.kind
    }

    /// The tiles in display order.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// What each tile (in display order) stands for.
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// How many tiles the group has.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether the group has no tiles (never, for the built-in rules).
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }
}

impl fmt::Display for Group {
    /// The tiles in display order, separated by spaces: `R9 O9 K9 J`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, tile) in self.tiles.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{tile}")?;
        }
        Ok(())
    }
}

/// Checks that `tile` exists under `rules`: a joker, or a numbered tile of a colour and number
/// in play.
///
/// # Errors
///
/// [`GroupError::ColorNotInGame`] or [`GroupError::NumberNotInGame`], naming the tile.
pub(crate) fn check_in_game(tile: Tile, rules: &Rules) -> Result<(), GroupError> {
    if let Tile::Numbered { color, number } = tile {
        if !rules.has_color(color) {
            return Err(GroupError::ColorNotInGame {
                tile,
                colors: rules.colors.clone(),
            });
        }
        if number > rules.highest {
            return Err(GroupError::NumberNotInGame {
                tile,
                highest: rules.highest,
            });
        }
    }
    Ok(())
}

/// Checks that hold whatever the shape: the tiles exist in the game, the jokers and copies
/// are within limits, and the size fits some group.
fn check_tiles(tiles: &[Tile], rules: &Rules) -> Result<(), GroupError> {
    let mut counts: BTreeMap<Tile, usize> = BTreeMap::new();
    for &tile in tiles {
        check_in_game(tile, rules)?;
        *counts.entry(tile).or_default() += 1;
    }
    let n_jokers = counts.get(&Tile::Joker).copied().unwrap_or(0);
    if n_jokers > rules.max_jokers_in_group() {
        return Err(GroupError::TooManyJokers {
            count: n_jokers,
            max: rules.max_jokers_in_group(),
        });
    }
    let first_over = tiles
        .iter()
        .find(|&&tile| !tile.is_joker() && counts[&tile] > usize::from(rules.copies));
    if let Some(&tile) = first_over {
        return Err(GroupError::TooManyCopies {
            tile,
            count: counts[&tile],
            copies: rules.copies,
        });
    }
    if tiles.len() < usize::from(rules.min_group) {
        return Err(GroupError::TooFewTiles {
            count: tiles.len(),
            min: usize::from(rules.min_group),
        });
    }
    let max = rules.max_set().max(rules.max_run());
    if tiles.len() > max {
        return Err(GroupError::TooManyTiles {
            count: tiles.len(),
            max,
        });
    }
    Ok(())
}

/// Reads tiles of one number as a set.
fn set(
    numbered: &[(Tile, Color, Number)],
    n_jokers: usize,
    rules: &Rules,
) -> Result<Group, GroupError> {
    for (i, &(tile, color, _)) in numbered.iter().enumerate() {
        if let Some(&(first, ..)) = numbered[..i].iter().find(|&&(_, c, _)| c == color) {
            return Err(GroupError::RepeatedColor {
                first,
                second: tile,
            });
        }
    }
    let count = numbered.len() + n_jokers;
    if count > rules.max_set() {
        return Err(GroupError::SetTooLarge {
            count,
            max: rules.max_set(),
        });
    }
    let mut sorted = numbered.to_vec();
    sorted.sort_by_key(|&(_, color, _)| rules.color_rank(color));
    let number = numbered.first().map(|&(_, _, number)| number);
    let missing: Vec<Color> = rules
        .colors
        .iter()
        .copied()
        .filter(|&color| !numbered.iter().any(|&(_, c, _)| c == color))
        .collect();
    let joker_color = if missing.len() == 1 && n_jokers == 1 {
        Some(missing[0])
    } else {
        None
    };
    let mut slots: Vec<Slot> = sorted
        .iter()
        .map(|&(tile, color, number)| Slot {
            tile,
            number: Some(number),
            color: Some(color),
        })
        .collect();
    slots.extend((0..n_jokers).map(|_| Slot {
        tile: Tile::Joker,
        number,
        color: joker_color,
    }));
    Ok(Group::from_slots(GroupKind::Set, slots))
}

/// Reads tiles of one colour as a run.
fn run(
    tiles: &[Tile],
    numbered: &[(Tile, Color, Number)],
    n_jokers: usize,
    rules: &Rules,
) -> Result<Group, GroupError> {
    let color = numbered.first().map(|&(_, color, _)| color);
    let tile_of = |number: u8| match (color, Number::new(number)) {
        (Some(color), Some(number)) => Tile::Numbered { color, number },
        _ => Tile::Joker,
    };
    let highest = rules.highest.get();
    let fit = if rules.ordered_runs {
        let slots: Vec<Option<u8>> = tiles
            .iter()
            .map(|tile| tile.number().map(Number::get))
            .collect();
        fit_ordered(&slots, 1, highest)
    } else {
        let numbers: Vec<u8> = numbered
            .iter()
            .map(|&(_, _, number)| number.get())
            .collect();
        fit_unordered(&numbers, n_jokers, 1, highest)
    };
    let fit: RunFit = fit.map_err(|problem| match problem {
        RunProblem::Repeated { number } => GroupError::RepeatedNumber {
            tile: tile_of(number),
        },
        RunProblem::Wraps { highest, lowest } => GroupError::Wraps {
            last: tile_of(highest),
            first: tile_of(lowest),
        },
        RunProblem::Gap {
            after,
            before,
            needed,
            given,
        } => GroupError::Gap {
            after: tile_of(after),
            before: tile_of(before),
            needed,
            given,
        },
        RunProblem::OutOfOrder { earlier, later } => GroupError::OutOfOrder {
            earlier: tile_of(earlier),
            later: tile_of(later),
        },
        RunProblem::JokerOutOfRange { number, .. } => GroupError::JokerOutOfRange {
            number,
            highest: rules.highest,
        },
        RunProblem::NumberOutOfRange { number } => GroupError::NumberNotInGame {
            tile: tile_of(number),
            highest: rules.highest,
        },
        RunProblem::TooLong { len, max } => GroupError::RunTooLong { count: len, max },
    })?;
    let slots = (0..fit.len)
        .map(|offset| {
            let number = fit.start + offset;
            let tile = if rules.ordered_runs {
                tiles[usize::from(offset)]
            } else {
                let is_held = numbered.iter().any(|&(_, _, n)| n.get() == number);
                if is_held {
                    tile_of(number)
                } else {
                    Tile::Joker
                }
            };
            Slot {
                tile,
                number: Number::new(number),
                color,
            }
        })
        .collect();
    Ok(Group::from_slots(GroupKind::Run, slots))
}

impl Group {
    fn from_slots(kind: GroupKind, slots: Vec<Slot>) -> Group {
        Group {
            kind,
            tiles: slots.iter().map(|slot| slot.tile).collect(),
            slots,
        }
    }
}
