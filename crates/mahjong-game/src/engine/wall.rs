//! The wall: a seeded shuffle of the 136 tiles, or the tiles a record gives, draw by draw.
//!
//! Layout of a seeded wall (fixed, so a seed deals the same hand in every version): the 136
//! tiles in shuffled order; the first 52 are dealt (13 to each seat, the dealer first, in
//! blocks of four, four and four and then one, as at the table); live draws are taken from
//! position 52 on; the last 14 are the dead wall: its first four are the replacement tiles for
//! kans, in order, and then come the dora indicators (positions 126, 128, 130, 132, 134) each
//! with its ura indicator after it. Each kan takes a replacement tile and so shortens the live
//! wall by one: 70 live draws less one per kan.
//!
//! Three players (108 tiles, no 2m-8m) use Tenhou's own layout, counted in dealing order: the
//! deal is positions 0-38 (blocks of four to each seat three times round, then one each), live
//! draws go 39, 40, …; the dora indicators are 98, 96, 94, 92, 90, each with its ura after it;
//! the eight replacement tiles (kans and Norths set aside) are taken in the order 106, 107,
//! 104, 105, 102, 103, 100, 101, each shortening the live wall by one: 55 live draws in all.

use std::collections::VecDeque;

use tiles_core::{SplitMix, shuffle};

use super::rules::GameRules;
use mahjong::Piece;
use mahjong::{KINDS, Tile};

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
    /// Replacement tiles taken (kans, and Norths set aside).
    kans: u32,
    /// The replacement tiles there are: 4, or 8 with three players.
    replacements: u32,
}

/// The replacement tiles of a three-player wall, in the order they are taken.
const SANMA_REPLACEMENTS: [usize; 8] = [106, 107, 104, 105, 102, 103, 100, 101];

/// The tiles of a game under `rules` in kind order (a red five first among the fives of its
/// suit when the rules have one): the 136, or with three players the 108 without 2m-8m.
pub fn all_tiles(rules: &GameRules) -> Vec<Piece> {
    let mut tiles = Vec::with_capacity(136);
    for index in 0..KINDS {
        if rules.three_player() && (1..8).contains(&index) {
            continue;
        }
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
    /// A shuffled wall: the rules' tiles (136, or 108 with three players) shuffled by
    /// `random` (tiles-core's Fisher-Yates).
    pub fn seeded(random: &mut SplitMix, rules: &GameRules) -> Wall {
        let mut tiles = all_tiles(rules);
        shuffle(&mut tiles, random);
        Wall::laid(tiles)
    }

    /// A wall of these tiles in dealing order: 136 in the four-player layout, or 108 in the
    /// three-player one (the module's documentation).
    ///
    /// # Panics
    ///
    /// If there are not 136 or 108 tiles.
    pub fn laid(tiles: Vec<Piece>) -> Wall {
        let three = match tiles.len() {
            136 => false,
            108 => true,
            count => panic!("a wall of {count} tiles: 136 or 108 make one"),
        };
        Wall {
            source: Source::Seeded {
                tiles,
                next_live: if three { 39 } else { 52 },
                next_rinshan: 0,
            },
            live_left: if three { 55 } else { LIVE_DRAWS },
            kans: 0,
            replacements: if three { 8 } else { 4 },
        }
    }

    /// A wall of given draws (each seat's, in order, replacement tiles included), dora
    /// indicators and ura indicators, for replaying a four-player record.
    pub fn given(draws: [Vec<Piece>; 4], indicators: Vec<Piece>, ura: Vec<Piece>) -> Wall {
        Wall::given_for(&GameRules::TENHOU, draws, indicators, ura)
    }

    /// A wall of given draws, dora indicators and ura indicators under `rules` (its live
    /// draws and replacement tiles are those of the rules' players).
    pub fn given_for(
        rules: &GameRules,
        draws: [Vec<Piece>; 4],
        indicators: Vec<Piece>,
        ura: Vec<Piece>,
    ) -> Wall {
        Wall {
            source: Source::Given {
                draws: draws.map(VecDeque::from),
                indicators,
                ura,
            },
            live_left: rules.live_draws(),
            kans: 0,
            replacements: rules.replacement_tiles(),
        }
    }

    /// This wall with only `live` live draws left: a hand set up part-way through (a scripted
    /// deal near the wall's end).
    pub fn with_live_left(mut self, live: u32) -> Wall {
        self.live_left = live.min(self.live_left);
        self
    }

    /// Whether it is a three-player wall (of a seeded game).
    fn three(&self) -> bool {
        self.replacements == 8
    }

    /// The 13 tiles dealt to `seat` counted from the dealer (`0` the dealer), of a seeded wall.
    pub fn dealt(&self, from_dealer: usize) -> Option<Vec<Piece>> {
        let Source::Seeded { tiles, .. } = &self.source else {
            return None;
        };
        let seats = if self.three() { 3 } else { 4 };
        let mut hand = Vec::with_capacity(13);
        for block in 0..3 {
            let start = block * 4 * seats + from_dealer * 4;
            hand.extend_from_slice(&tiles[start..start + 4]);
        }
        hand.push(tiles[12 * seats + from_dealer]);
        Some(hand)
    }

    /// Live draws left.
    pub fn live_left(&self) -> u32 {
        self.live_left
    }

    /// Replacement tiles taken (for kans, and with three players for Norths set aside).
    pub fn kans(&self) -> u32 {
        self.kans
    }

    /// Whether a replacement tile is left to take: 4 in all, or 8 with three players.
    pub fn has_replacement(&self) -> bool {
        self.kans < self.replacements
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

    /// The next replacement tile, drawn by `seat` after a kan (or a North set aside); the
    /// live wall shortens by one.
    pub fn draw_replacement(&mut self, seat: usize) -> Result<Piece, Exhausted> {
        if !self.has_replacement() || self.live_left == 0 {
            return Err(Exhausted);
        }
        let three = self.three();
        let tile = match &mut self.source {
            Source::Seeded {
                tiles,
                next_rinshan,
                ..
            } => {
                let at = if three {
                    SANMA_REPLACEMENTS[*next_rinshan]
                } else {
                    122 + *next_rinshan
                };
                let tile = tiles[at];
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

    /// Where dora indicator `index` lies in a seeded wall (its ura is the next position).
    fn indicator_at(&self, index: usize) -> Option<usize> {
        if index >= 5 {
            return None;
        }
        Some(if self.three() {
            98 - 2 * index
        } else {
            126 + 2 * index
        })
    }

    /// Dora indicator `index` (0 the first, shown at the deal).
    pub fn indicator(&self, index: usize) -> Result<Piece, Exhausted> {
        match &self.source {
            Source::Seeded { tiles, .. } => self
                .indicator_at(index)
                .map(|at| tiles[at])
                .ok_or(Exhausted),
            Source::Given { indicators, .. } => indicators.get(index).copied().ok_or(Exhausted),
        }
    }

    /// The ura indicator under dora indicator `index`, if the wall knows it (a record gives
    /// them only when a riichi winner turned them over).
    pub fn ura(&self, index: usize) -> Option<Piece> {
        match &self.source {
            Source::Seeded { tiles, .. } => self.indicator_at(index).map(|at| tiles[at + 1]),
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
        if self.three() {
            // Every position not dealt, drawn, taken as a replacement or shown.
            let mut taken = [false; 108];
            for at in (0..*next_live).chain(SANMA_REPLACEMENTS[..*next_rinshan].iter().copied()) {
                taken[at] = true;
            }
            for index in 0..shown_indicators {
                if let Some(at) = self.indicator_at(index) {
                    taken[at] = true;
                }
            }
            return Some(
                (0..108)
                    .filter(|&at| !taken[at])
                    .map(|at| tiles[at])
                    .collect(),
            );
        }
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
