//! Rule sets: the colours in play, copies, jokers and group limits, with named presets.

use std::fmt;
use std::str::FromStr;

use crate::tile::{Color, Number, Tile};

/// A named rule set; [`Preset::rules`] gives its [`Rules`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// The code-golf challenge (the crate README's Rules section): red, orange, blue, black;
    /// one copy of each tile; 2 jokers, at most one per group; runs in ascending order as
    /// given.
    Codegolf,
    /// Standard Rummikub: black, blue, orange, red; two copies (106 tiles); 2 jokers, up to two
    /// per group; any order; a 30-point initial meld.
    Standard,
    /// The Rummikub action puzzle: blue, green, red, yellow; two copies; one joker.
    Puzzle,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 3] = [Preset::Codegolf, Preset::Standard, Preset::Puzzle];

    /// The preset's name as the CLI and fixtures write it.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Codegolf => "codegolf",
            Preset::Standard => "standard",
            Preset::Puzzle => "puzzle",
        }
    }

    /// The preset's rules.
    pub fn rules(self) -> Rules {
        match self {
            Preset::Codegolf => Rules::codegolf(),
            Preset::Standard => Rules::standard(),
            Preset::Puzzle => Rules::puzzle(),
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown preset name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules {name:?}: expected codegolf, standard or puzzle")]
pub struct UnknownPreset {
    /// The name given.
    pub name: String,
}

impl FromStr for Preset {
    type Err = UnknownPreset;

    fn from_str(name: &str) -> Result<Preset, UnknownPreset> {
        Preset::ALL
            .into_iter()
            .find(|preset| preset.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownPreset {
                name: name.to_owned(),
            })
    }
}

/// The parameters every rule in this crate reads. Build one from a [`Preset`] and adjust
/// fields for house rules.
///
/// | | codegolf | standard | puzzle |
/// |---|---|---|---|
/// | colours | R O B K | K B O R | B G R Y |
/// | numbers | 1..13 | 1..13 | 1..13 |
/// | copies of each tile | 1 | 2 | 2 |
/// | jokers | 2 | 2 | 1 |
/// | jokers in one group | 1 | 2 | 1 |
/// | runs in the order given | yes | no | no |
/// | group sizes | set 3..4, run 3..13 | same | same |
/// | initial meld | - | 30 | - |
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The colours in play, in the order sets are displayed. A set holds at most one tile of
    /// each, so its largest size is the number of colours.
    pub colors: Vec<Color>,
    /// Numbers run from 1 to this. It is also the longest run.
    pub highest: Number,
    /// Copies of each numbered tile in the game.
    pub copies: u8,
    /// Jokers in the game.
    pub jokers: u8,
    /// Most jokers one group may hold.
    pub jokers_per_group: u8,
    /// Whether a run must be written from low to high exactly as laid (jokers in their place).
    /// When false, the tiles of a run may come in any order and are displayed sorted.
    pub ordered_runs: bool,
    /// Fewest tiles in a group (3 in every edition).
    pub min_group: u8,
    /// Points the rack tiles of a player's first meld must be worth, if the rules have such a
    /// threshold.
    pub initial_meld: Option<u32>,
}

impl Rules {
    /// The code-golf challenge's rules: see [`Preset::Codegolf`].
    pub fn codegolf() -> Rules {
        Rules {
            colors: vec![Color::Red, Color::Orange, Color::Blue, Color::Black],
            highest: Number::MAX,
            copies: 1,
            jokers: 2,
            jokers_per_group: 1,
            ordered_runs: true,
            min_group: 3,
            initial_meld: None,
        }
    }

    /// Standard Rummikub: see [`Preset::Standard`].
    pub fn standard() -> Rules {
        Rules {
            colors: vec![Color::Black, Color::Blue, Color::Orange, Color::Red],
            highest: Number::MAX,
            copies: 2,
            jokers: 2,
            jokers_per_group: 2,
            ordered_runs: false,
            min_group: 3,
            initial_meld: Some(30),
        }
    }

    /// The action puzzle's rules: see [`Preset::Puzzle`].
    pub fn puzzle() -> Rules {
        Rules {
            colors: vec![Color::Blue, Color::Green, Color::Red, Color::Yellow],
            highest: Number::MAX,
            copies: 2,
            jokers: 1,
            jokers_per_group: 1,
            ordered_runs: false,
            min_group: 3,
            initial_meld: None,
        }
    }

    /// Whether `color` is in play.
    pub fn has_color(&self, color: Color) -> bool {
        self.colors.contains(&color)
    }

    /// The index of `color` in [`Rules::colors`] (its display rank in sets).
    pub fn color_rank(&self, color: Color) -> Option<usize> {
        self.colors.iter().position(|&c| c == color)
    }

    /// Most jokers one group can actually hold: the per-group limit, but never more than the
    /// game has.
    pub fn max_jokers_in_group(&self) -> usize {
        usize::from(self.jokers_per_group.min(self.jokers))
    }

    /// The largest set: one tile per colour.
    pub fn max_set(&self) -> usize {
        self.colors.len()
    }

    /// The longest run: every number once.
    pub fn max_run(&self) -> usize {
        usize::from(self.highest.get())
    }

    /// The place of `tile` in the one order this crate lists loose tiles in (the tiles played,
    /// the rack): by colour in the rules' colour order (the order sets are displayed in), then
    /// by number; jokers last.
    pub fn tile_order(&self, tile: Tile) -> (usize, u8) {
        match tile {
            Tile::Numbered { color, number } => (
                self.color_rank(color).unwrap_or(self.colors.len()),
                number.get(),
            ),
            Tile::Joker => (usize::MAX, 0),
        }
    }

    /// Sorts `tiles` by [`Rules::tile_order`].
    pub fn sort_tiles(&self, tiles: &mut [Tile]) {
        tiles.sort_by_key(|&tile| self.tile_order(tile));
    }
}

impl Default for Rules {
    /// Standard Rummikub.
    fn default() -> Rules {
        Rules::standard()
    }
}
