//! The layout of a legal game: where each tile hangs, and its rendering as a tree.
//!
//! Every tile after the first covers an open end of an earlier tile. A non-double offers its
//! two ends, one of them covered if it was attached. A double lies crosswise and is a
//! spinner: the first tile, if a double, offers two long sides and two short ends; a later
//! double is attached by one long side and offers the other and its two short ends. In the
//! real game a spinner's long sides are taken before its short ends; that changes the count
//! (see [`crate::score`]) but not legality.

use std::fmt;

use crate::domino::{Domino, Number};

/// Where each tile of a legal game hangs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    tiles: Vec<Domino>,
    attachments: Vec<Option<Attachment>>,
}

/// A tile's place in a layout: the earlier tile it hangs on and which of its sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The earlier tile it hangs on (0-based position).
    pub parent: usize,
    /// The number of the end it covers (on both tiles).
    pub number: Number,
    /// The side of the parent it covers.
    pub side: Side,
}

/// A side of a tile that another tile can cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// An end of a non-double (the one with the attachment's number).
    End,
    /// A long side of a double: the line of play goes on through it.
    Long,
    /// A short end of a double: a new arm from the spinner.
    Short,
}

impl Side {
    /// The side in words: `end`, `long side` or `short end`.
    pub fn name(self) -> &'static str {
        match self {
            Side::End => "end",
            Side::Long => "long side",
            Side::Short => "short end",
        }
    }
}

impl Layout {
    /// A layout from the tiles in play order and where each hangs (`None` for the first).
    pub(crate) fn new(tiles: Vec<Domino>, attachments: Vec<Option<Attachment>>) -> Layout {
        Layout { tiles, attachments }
    }

    /// The tiles in play order, as written.
    pub fn tiles(&self) -> &[Domino] {
        &self.tiles
    }

    /// Per tile in play order: where it hangs (`None` for the first tile).
    pub fn attachments(&self) -> &[Option<Attachment>] {
        &self.attachments
    }

    /// Per tile: the later tiles hanging on it, in play order.
    pub fn children(&self) -> Vec<Vec<usize>> {
        let mut children = vec![Vec::new(); self.tiles.len()];
        for (at, attachment) in self.attachments.iter().enumerate() {
            if let Some(attachment) = attachment {
                children[attachment.parent].push(at);
            }
        }
        children
    }

    /// A tile's line in the tree: its numbers from the end it covers outwards, its 1-based
    /// position, and the side of a double it hangs on.
    fn label(&self, at: usize) -> String {
        let tile = &self.tiles[at];
        match &self.attachments[at] {
            None => format!("{tile} #{}", at + 1),
            Some(attachment) => {
                let other = if tile.first == attachment.number {
                    &tile.second
                } else {
                    &tile.first
                };
                let side = match attachment.side {
                    Side::End => String::new(),
                    side => format!(" ({})", side.name()),
                };
                format!("{}-{other} #{}{side}", attachment.number, at + 1)
            }
        }
    }
}

/// Deeper branches are drawn at this depth, each line naming the tile it hangs on, so the
/// text stays linear in the number of tiles.
const MAX_DEPTH: usize = 24;

/// The layout as a tree, one tile per line, the first tile at the top. A tile with one tile
/// hanging on it is followed by that tile in the same column (an arm of the layout); a tile
/// with several (the first tile, a spinner) branches:
///
/// ```text
/// 1-1 #1
/// ├── 1-2 #2 (long side)
/// ├── 1-3 #3 (long side)
/// │   3-6 #6
/// │   6-1 #7
/// ├── 1-4 #4 (short end)
/// └── 1-5 #5 (short end)
/// ```
impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.tiles.is_empty() {
            return Ok(());
        }
        let children = self.children();
        // Open branchings: the children of a branching tile and how many were drawn.
        let mut branches: Vec<(&[usize], usize)> = Vec::new();
        self.draw_arm(f, &children, &mut branches, 0, false)?;
        while let Some(&(siblings, drawn)) = branches.last() {
            if drawn == siblings.len() {
                branches.pop();
                continue;
            }
            branches.last_mut().expect("just looked").1 += 1;
            self.draw_arm(f, &children, &mut branches, siblings[drawn], true)?;
        }
        Ok(())
    }
}

impl Layout {
    /// Draws tile `at` and the arm that follows it (each tile the only one hanging on the
    /// one before); opens a branching where the arm ends in one.
    fn draw_arm<'c>(
        &self,
        f: &mut fmt::Formatter<'_>,
        children: &'c [Vec<usize>],
        branches: &mut Vec<(&'c [usize], usize)>,
        mut at: usize,
        mut glyph: bool,
    ) -> fmt::Result {
        loop {
            let deep = match &self.attachments[at] {
                Some(attachment) if branches.len() > MAX_DEPTH => {
                    format!(" on #{}", attachment.parent + 1)
                }
                _ => String::new(),
            };
            writeln!(f, "{}{}{deep}", prefix(branches, glyph), self.label(at))?;
            glyph = false;
            match children[at].as_slice() {
                [] => return Ok(()),
                [only] => at = *only,
                several => {
                    branches.push((several, 0));
                    return Ok(());
                }
            }
        }
    }
}

/// The tree's left margin for a line under these open branchings: a branch glyph for the
/// first line of a branch, else a bar where more siblings follow.
fn prefix(branches: &[(&[usize], usize)], glyph: bool) -> String {
    let depth = branches.len().min(MAX_DEPTH);
    let mut text = String::with_capacity(4 * depth);
    for (level, &(siblings, drawn)) in branches[..depth].iter().enumerate() {
        let more = drawn < siblings.len();
        text.push_str(match (glyph && level + 1 == depth, more) {
            (true, true) => "├── ",
            (true, false) => "└── ",
            (false, true) => "│   ",
            (false, false) => "    ",
        });
    }
    text
}
