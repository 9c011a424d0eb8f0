//! What `arrange` and `solve` answer: an [`Arrangement`], or a [`Move`] with the steps that
//! make it, the rack tiles left and, for an opening that reaches no threshold, the best meld's
//! worth; and the text the `tiles` command prints for each.

use itertools::Itertools;
use std::fmt;
use std::sync::OnceLock;

use crate::group::Group;
use crate::notation::show_tiles;
use crate::rules::Rules;
use crate::solve::best_meld;
use crate::steps::Step;
use crate::tile::Tile;

/// A partition of tiles into valid groups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrangement {
    pub(crate) groups: Vec<Group>,
}

impl Arrangement {
    /// The groups: runs by colour (in the rules' colour order) and lowest number, then sets by
    /// number.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }
}

impl fmt::Display for Arrangement {
    /// The groups, one per line (no groups: nothing).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for group in &self.groups {
            writeln!(f, "{group}")?;
        }
        Ok(())
    }
}

/// A move: the rack tiles played, the whole table after it, and how to get there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub(crate) placed: Vec<Tile>,
    pub(crate) table: Vec<Group>,
    /// Groups of the table given.
    pub(crate) table_groups: usize,
    /// Indexes of the table groups kept, ascending.
    pub(crate) kept: Vec<usize>,
    pub(crate) steps: Vec<Step>,
    pub(crate) left: Vec<Tile>,
    pub(crate) shortfall: LazyShortfall,
}

/// An opening's shortfall, worked out the first time it is asked for: it takes a few more
/// solves, which a caller who does not want it should not pay for.
#[derive(Debug, Clone)]
pub(crate) struct LazyShortfall {
    /// The rules and the threshold, when the move is an opening that plays nothing from a
    /// rack that is not empty (the rack is then [`Move::left`]).
    question: Option<(Rules, u32)>,
    answer: OnceLock<OpeningShortfall>,
}

impl LazyShortfall {
    /// The shortfall to work out when asked, if `question` is some.
    pub(crate) fn new(question: Option<(Rules, u32)>) -> LazyShortfall {
        LazyShortfall {
            question,
            answer: OnceLock::new(),
        }
    }
}

impl PartialEq for LazyShortfall {
    /// The answer follows from the question (and the rack), asked or not.
    fn eq(&self, other: &LazyShortfall) -> bool {
        self.question == other.question
    }
}

impl Eq for LazyShortfall {}

/// Why an opening plays nothing although the rack holds tiles: the best meld the rack alone
/// can make is worth less than the rules' threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpeningShortfall {
    /// The most points any meld of rack tiles is worth (a joker counts the number it stands
    /// for); 0 if the rack makes no group at all.
    pub best: u32,
    /// The threshold, [`Rules::initial_meld`].
    pub needed: u32,
}

impl fmt::Display for OpeningShortfall {
    /// `no opening: the best meld is worth 27, 30 needed`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.best == 0 {
            write!(
                f,
                "no opening: the rack makes no group, {} needed",
                self.needed
            )
        } else {
            write!(
                f,
                "no opening: the best meld is worth {}, {} needed",
                self.best, self.needed
            )
        }
    }
}

impl Move {
    /// The rack tiles played, in the rules' tile order ([`Rules::tile_order`]).
    pub fn placed(&self) -> &[Tile] {
        &self.placed
    }

    /// The table after the move: the table groups left unchanged, in their original order,
    /// then the new groups (runs by colour and lowest number, then sets by number).
    pub fn table(&self) -> &[Group] {
        &self.table
    }

    /// How many of the table's groups are still on it exactly as they were.
    pub fn unchanged_groups(&self) -> usize {
        self.kept.len()
    }

    /// The indexes (0-based, in the table given) of the table groups left exactly as they
    /// were, in order; they come first in [`Move::table`].
    pub fn unchanged(&self) -> &[usize] {
        &self.kept
    }

    /// How many rack tiles are played.
    pub fn tiles(&self) -> usize {
        self.placed.len()
    }

    /// The face value of the rack tiles played; a joker counts 0.
    pub fn value(&self) -> u32 {
        self.placed
            .iter()
            .filter_map(|tile| tile.number())
            .map(|n| u32::from(n.get()))
            .sum()
    }

    /// How to carry the move out, step by step (see [`Step`]): every new group of
    /// the table is made or completed by one step; unchanged groups need none.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The rack tiles not played, in the rules' tile order.
    pub fn left(&self) -> &[Tile] {
        &self.left
    }

    /// The table groups left as they were, separated by ` | ` (`nothing` if none); `None` if
    /// the table had no groups.
    pub fn unchanged_text(&self) -> Option<String> {
        if self.table_groups == 0 {
            return None;
        }
        Some(if self.kept.is_empty() {
            "nothing".to_owned()
        } else {
            self.table[..self.kept.len()].iter().join(" | ")
        })
    }

    /// For an [`crate::Objective::Opening`] that plays nothing from a rack that is not empty: the best
    /// meld's worth against the threshold.
    ///
    /// Worked out when first asked for (a few more solves, at most one per halving of the
    /// threshold), then kept.
    pub fn opening_shortfall(&self) -> Option<OpeningShortfall> {
        let (rules, needed) = self.shortfall.question.as_ref()?;
        Some(*self.shortfall.answer.get_or_init(|| OpeningShortfall {
            // The same rack and rules already made a problem for the move itself, so this
            // cannot fail; no meld (0) is what it would mean if it did.
            best: best_meld(&self.left, rules, *needed).unwrap_or(0),
            needed: *needed,
        }))
    }
}

impl fmt::Display for Move {
    /// What the CLI prints: `placed: …` (or `placed: nothing`), the opening's shortfall if any,
    /// the new table one group per line, which table groups are left as they were
    /// (`unchanged: …`, if the table had any groups), then `step N: …` for each step and
    /// `left: …` for the rack tiles not played.
    ///
    /// ```text
    /// placed: R4
    /// K4 B4 O4
    /// R1 R2 R3 R4
    /// unchanged: K4 B4 O4
    /// step 1: add R4 to R1 R2 R3
    /// left: K9
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles = |tiles: &[Tile]| {
            if tiles.is_empty() {
                "nothing".to_owned()
            } else {
                show_tiles(tiles)
            }
        };
        writeln!(f, "placed: {}", tiles(&self.placed))?;
        if let Some(shortfall) = self.opening_shortfall() {
            writeln!(f, "{shortfall}")?;
        }
        for group in &self.table {
            writeln!(f, "{group}")?;
        }
        if let Some(text) = self.unchanged_text() {
            writeln!(f, "unchanged: {text}")?;
        }
        for (number, step) in self.steps.iter().enumerate() {
            writeln!(f, "step {}: {step}", number + 1)?;
        }
        writeln!(f, "left: {}", tiles(&self.left))
    }
}
