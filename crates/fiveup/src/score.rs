//! Scoring a layout as in the real game (the crate README's Rules section).
//!
//! After each play the count is the sum of the pips at the open ends of all arms:
//! - a non-double with its outer end free counts that end's number (the first tile, if not a
//!   double, counts both its numbers while they are free);
//! - a double lies crosswise and counts both halves while at least one of its long sides is
//!   free: the first tile has two long sides, a later double one (it is attached by the
//!   other); once they are covered it counts nothing, and its short ends count only through
//!   the tiles played on them.
//!
//! When the count is a multiple of 5 the player scores it: count ÷ 5 points in the usual
//! units (a cribbage board, to 61), or the count itself in the variants that record the raw
//! sum. Plays alternate between the players in order, the first tile being the first
//! player's (a record of plays has no passes); the first player whose total reaches the
//! target wins. What a layout cannot tell is not scored: the pips left in the losers' hands
//! when a player goes out.
//!
//! The count depends on where each tile was put, which a list of plays does not say; the
//! witness layout of [`crate::check()`] hangs each tile on the oldest open end of the number it
//! covers, and a spinner's long sides before its short ends, as the real game requires.

use itertools::Itertools;
use std::fmt;

use crate::domino::{Domino, Number};
use crate::layout::{Layout, Side};

/// What a multiple of 5 scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Units {
    /// One point per 5 pips: a count of 15 scores 3 (the usual game, to 61).
    Fives,
    /// The count itself: a count of 15 scores 15 (variants played to higher targets).
    Pips,
}

impl Units {
    /// Both units.
    pub const ALL: [Units; 2] = [Units::Fives, Units::Pips];

    /// The name the CLI and the API use: `fives` or `pips`.
    pub fn name(self) -> &'static str {
        match self {
            Units::Fives => "fives",
            Units::Pips => "pips",
        }
    }
}

impl fmt::Display for Units {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown units name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown units {name:?}: expected fives or pips")]
pub struct UnknownUnits {
    /// The name given.
    pub name: String,
}

impl std::str::FromStr for Units {
    type Err = UnknownUnits;

    fn from_str(name: &str) -> Result<Units, UnknownUnits> {
        Units::ALL
            .into_iter()
            .find(|units| units.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownUnits {
                name: name.to_owned(),
            })
    }
}

/// How a game is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scoring {
    /// The total that wins, in `units`.
    pub target: u64,
    /// What a count that is a multiple of 5 scores.
    pub units: Units,
    /// How many players take turns (2 to 4 in the real game; partnerships score as one), at
    /// most [`Scoring::MAX_PLAYERS`].
    pub players: usize,
}

impl Scoring {
    /// Most players scored: the real game has 2 to 4, and every player's total is reported.
    pub const MAX_PLAYERS: usize = 100;
}

impl Default for Scoring {
    /// The usual game: two players, to 61 points of one per five pips.
    fn default() -> Scoring {
        Scoring {
            target: 61,
            units: Units::Fives,
            players: 2,
        }
    }
}

/// One play's score.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Play {
    /// The tile played, as written.
    pub tile: Domino,
    /// The player who made it (0-based).
    pub player: usize,
    /// The pips at the open ends after it.
    pub count: u128,
    /// What it scores: 0 unless the count is a multiple of 5.
    pub points: u128,
    /// The player's total after it.
    pub total: u128,
}

/// The score of a layout, play by play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    /// Per tile in play order.
    pub plays: Vec<Play>,
    /// Each player's total after the last play.
    pub totals: Vec<u128>,
    /// The first player to reach the target, and the play (0-based) that took them there.
    pub winner: Option<(usize, usize)>,
    /// The target.
    pub target: u64,
}

/// A table with a header, one play per line (players and plays numbered from 1), columns
/// aligned to the right, then the winner:
///
/// ```text
/// play  tile  count  points  player  total
///    1   5-5     10       2       1      2
///    2   5-0     10       2       2      2
///    3   5-6      6       0       1      2
/// no winner yet: totals 2 2, target 61
/// ```
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const HEADER: [&str; 6] = ["play", "tile", "count", "points", "player", "total"];
        let rows: Vec<[String; 6]> = self
            .plays
            .iter()
            .enumerate()
            .map(|(at, play)| {
                [
                    (at + 1).to_string(),
                    play.tile.to_string(),
                    play.count.to_string(),
                    play.points.to_string(),
                    (play.player + 1).to_string(),
                    play.total.to_string(),
                ]
            })
            .collect();
        let mut widths = HEADER.map(str::len);
        for row in &rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let line = |f: &mut fmt::Formatter<'_>, cells: [&str; 6]| -> fmt::Result {
            for (column, (cell, width)) in cells.iter().zip(widths).enumerate() {
                if column > 0 {
                    f.write_str("  ")?;
                }
                write!(f, "{cell:>width$}")?;
            }
            writeln!(f)
        };
        line(f, HEADER)?;
        for row in &rows {
            line(f, std::array::from_fn(|column| row[column].as_str()))?;
        }
        match self.winner {
            Some((player, at)) => writeln!(
                f,
                "player {} wins at play {}: {} of {}",
                player + 1,
                at + 1,
                self.plays[at].total,
                self.target
            ),
            None => {
                writeln!(
                    f,
                    "no winner yet: totals {}, target {}",
                    self.totals.iter().join(" "),
                    self.target
                )
            }
        }
    }
}

/// Why a layout cannot be scored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    /// A number is too large for its pips to be counted.
    #[error("{number} (tile {}) is too large to count pips: at most {} is scored", position + 1, u64::MAX)]
    TooLarge {
        /// The number.
        number: Number,
        /// The tile holding it (0-based).
        position: usize,
    },
    /// Scoring needs at least one player.
    #[error("scoring needs at least one player")]
    NoPlayers,
    /// More players than [`Scoring::MAX_PLAYERS`].
    #[error(
        "scoring takes at most {} players, not {players}",
        Scoring::MAX_PLAYERS
    )]
    TooManyPlayers {
        /// The players asked for.
        players: usize,
    },
}

impl Layout {
    /// The count after every play and what it scores.
    ///
    /// # Errors
    ///
    /// [`ScoreError::TooLarge`] for a number above `u64::MAX`; [`ScoreError::NoPlayers`] if
    /// `scoring.players` is 0, [`ScoreError::TooManyPlayers`] if it is above
    /// [`Scoring::MAX_PLAYERS`].
    pub fn score(&self, scoring: &Scoring) -> Result<Score, ScoreError> {
        if scoring.players == 0 {
            return Err(ScoreError::NoPlayers);
        }
        if scoring.players > Scoring::MAX_PLAYERS {
            return Err(ScoreError::TooManyPlayers {
                players: scoring.players,
            });
        }
        let mut pips = Vec::with_capacity(self.tiles().len());
        for (position, tile) in self.tiles().iter().enumerate() {
            let value = |number: &Number| {
                number.to_u64().map(u128::from).ok_or(ScoreError::TooLarge {
                    number: number.clone(),
                    position,
                })
            };
            pips.push((value(&tile.first)?, value(&tile.second)?));
        }
        // Per double: its long sides still free.
        let mut free_long = vec![0u8; pips.len()];
        let mut count: u128 = 0;
        let mut totals = vec![0u128; scoring.players];
        let mut plays = Vec::with_capacity(pips.len());
        let mut winner = None;
        for (at, attachment) in self.attachments().iter().enumerate() {
            let (first, second) = pips[at];
            let double = first == second;
            match attachment {
                None => {
                    if double {
                        free_long[at] = 2;
                    }
                    count += first + second;
                }
                Some(attachment) => {
                    let parent = attachment.parent;
                    let covered = attachment.number.to_u64().map_or(0, u128::from);
                    match attachment.side {
                        Side::End => count -= covered,
                        Side::Long => {
                            free_long[parent] -= 1;
                            if free_long[parent] == 0 {
                                count -= 2 * covered;
                            }
                        }
                        Side::Short => {}
                    }
                    if double {
                        free_long[at] = 1;
                        count += first + second;
                    } else {
                        count += if covered == first { second } else { first };
                    }
                }
            }
            let points = match (count % 5, scoring.units) {
                (0, Units::Fives) => count / 5,
                (0, Units::Pips) => count,
                _ => 0,
            };
            let player = at % scoring.players;
            totals[player] += points;
            if winner.is_none() && totals[player] >= u128::from(scoring.target) {
                winner = Some((player, at));
            }
            plays.push(Play {
                tile: self.tiles()[at].clone(),
                player,
                count,
                points,
                total: totals[player],
            });
        }
        Ok(Score {
            plays,
            totals,
            winner,
            target: scoring.target,
        })
    }
}
