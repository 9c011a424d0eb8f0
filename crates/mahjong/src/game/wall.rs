//! The wall: a seeded shuffle of the 136 tiles, or the tiles a record gives, draw by draw.
//!
//! Layout of a seeded wall (fixed, so a seed deals the same hand in every version): the 136
//! tiles in shuffled order; the first 52 are dealt (13 to each seat, the dealer first, in
//! blocks of four, four and four and then one, as at the table); live draws are taken from
//! position 52 on; the last 14 are the dead wall: its first four are the replacement tiles for
//! kans, in order, and then come the dora indicators (positions 126, 128, 130, 132, 134) each
//! with its ura indicator after it. Each kan takes a replacement tile and so shortens the live
//! wall by one: 70 live draws less one per kan.

use std::collections::VecDeque;

use tiles_core::{SplitMix, shuffle};

use super::rules::GameRules;
use crate::score::Piece;
use crate::tile::{KINDS, Tile};

/// The live draws of a hand before any kan.
pub const LIVE_DRAWS: u32 = 70;

/// Where the tiles come from.
#[derive(Debug, Clone)]
enum Source {
    /// A shuffled set of 136.
    Seeded {
        tiles: Vec<Piece>,
        next_live: usize,
        next_rinshan: usize,
    },
    /// A record's tiles: each seat's draws in order (replacement tiles among them) and the
    /// indicators.
    Given {
        draws: [VecDeque<Piece>; 4],
        indicators: Vec<Piece>,
        ura: Vec<Piece>,
    },
}

/// A hand's wall.
#[derive(Debug, Clone)]
pub struct Wall {
    source: Source,
    live_left: u32,
    kans: u32,
}

/// The 136 tiles of a game under `rules` in kind order (a red five first among the fives of
/// its suit when the rules have one).
pub fn all_tiles(rules: &GameRules) -> Vec<Piece> {
    let mut tiles = Vec::with_capacity(136);
    for index in 0..KINDS {
        let tile = Tile::at(index);
        for copy in 0..4u8 {
            let red = index < 27 && tile.rank() == 5 && copy < rules.red_fives[index / 9];
            tiles.push(Piece { tile, red });
        }
    }
    tiles
}

/// A wall the record ran out of: the draw or indicator it lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exhausted;

impl Wall {
    /// A shuffled wall: the 136 tiles shuffled by `random` (tiles-core's Fisher-Yates).
    pub fn seeded(random: &mut SplitMix, rules: &GameRules) -> Wall {
        let mut tiles = all_tiles(rules);
        shuffle(&mut tiles, random);
        Wall {
            source: Source::Seeded {
                tiles,
                next_live: 52,
                next_rinshan: 0,
            },
            live_left: LIVE_DRAWS,
            kans: 0,
        }
    }

    /// A wall of given draws (each seat's, in order, replacement tiles included), dora
    /// indicators and ura indicators, for replaying a record.
    pub fn given(draws: [Vec<Piece>; 4], indicators: Vec<Piece>, ura: Vec<Piece>) -> Wall {
        Wall {
            source: Source::Given {
                draws: draws.map(VecDeque::from),
                indicators,
                ura,
            },
            live_left: LIVE_DRAWS,
            kans: 0,
        }
    }

    /// The 13 tiles dealt to `seat` counted from the dealer (`0` the dealer), of a seeded wall.
    pub fn dealt(&self, from_dealer: usize) -> Option<Vec<Piece>> {
        let Source::Seeded { tiles, .. } = &self.source else {
            return None;
        };
        let mut hand = Vec::with_capacity(13);
        for block in 0..3 {
            let start = block * 16 + from_dealer * 4;
            hand.extend_from_slice(&tiles[start..start + 4]);
        }
        hand.push(tiles[48 + from_dealer]);
        Some(hand)
    }

    /// Live draws left.
    pub fn live_left(&self) -> u32 {
        self.live_left
    }

    /// Kans made (replacement tiles taken).
    pub fn kans(&self) -> u32 {
        self.kans
    }

    /// The next live tile, drawn by `seat`.
    pub fn draw(&mut self, seat: usize) -> Result<Piece, Exhausted> {
        if self.live_left == 0 {
            return Err(Exhausted);
        }
        let tile = match &mut self.source {
            Source::Seeded {
                tiles, next_live, ..
            } => {
                let tile = tiles[*next_live];
                *next_live += 1;
                tile
            }
            Source::Given { draws, .. } => draws[seat].pop_front().ok_or(Exhausted)?,
        };
        self.live_left -= 1;
        Ok(tile)
    }

    /// The next replacement tile, drawn by `seat` after a kan; the live wall shortens by one.
    pub fn draw_replacement(&mut self, seat: usize) -> Result<Piece, Exhausted> {
        if self.kans >= 4 || self.live_left == 0 {
            return Err(Exhausted);
        }
        let tile = match &mut self.source {
            Source::Seeded {
                tiles,
                next_rinshan,
                ..
            } => {
                let tile = tiles[122 + *next_rinshan];
                *next_rinshan += 1;
                tile
            }
            Source::Given { draws, .. } => draws[seat].pop_front().ok_or(Exhausted)?,
        };
        self.kans += 1;
        self.live_left -= 1;
        Ok(tile)
    }

    /// Counts a draw told by a game's events rather than taken from this wall (a game
    /// followed from one seat's mjai events): the live wall shortens by one, and a kan's
    /// replacement tile counts a kan.
    pub(crate) fn count_draw(&mut self, replacement: bool) {
        if replacement {
            self.kans += 1;
        }
        self.live_left = self.live_left.saturating_sub(1);
    }

    /// Dora indicator `index` (0 the first, shown at the deal).
    pub fn indicator(&self, index: usize) -> Result<Piece, Exhausted> {
        match &self.source {
            Source::Seeded { tiles, .. } => tiles.get(126 + 2 * index).copied().ok_or(Exhausted),
            Source::Given { indicators, .. } => indicators.get(index).copied().ok_or(Exhausted),
        }
    }

    /// The ura indicator under dora indicator `index`, if the wall knows it (a record gives
    /// them only when a riichi winner turned them over).
    pub fn ura(&self, index: usize) -> Option<Piece> {
        match &self.source {
            Source::Seeded { tiles, .. } => tiles.get(127 + 2 * index).copied(),
            Source::Given { ura, .. } => ura.get(index).copied(),
        }
    }

    /// Whether the record gave every ura indicator it shows (a seeded wall always has them).
    pub fn is_given(&self) -> bool {
        matches!(self.source, Source::Given { .. })
    }

    /// The tiles not yet drawn, dealt or shown, of a seeded wall (for the accounting checks).
    pub fn unseen(&self, shown_indicators: usize) -> Option<Vec<Piece>> {
        let Source::Seeded {
            tiles,
            next_live,
            next_rinshan,
        } = &self.source
        else {
            return None;
        };
        let mut rest: Vec<Piece> = tiles[*next_live..122].to_vec();
        rest.extend_from_slice(&tiles[122 + next_rinshan..126]);
        for index in 0..5 {
            if index >= shown_indicators {
                rest.push(tiles[126 + 2 * index]);
            }
            rest.push(tiles[127 + 2 * index]);
        }
        Some(rest)
    }
}
