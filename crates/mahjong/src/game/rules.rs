//! The options of a game.

use crate::score::ScoringRules;

/// How long a game lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Length {
    /// The East round only (tonpuusen), extended into South while nobody has 30,000.
    East,
    /// East and South (hanchan), extended into West while nobody has 30,000.
    #[default]
    Hanchan,
}

impl Length {
    /// `east` or `hanchan`.
    pub fn name(self) -> &'static str {
        match self {
            Length::East => "east",
            Length::Hanchan => "hanchan",
        }
    }

    /// The length of this name (`east` or `hanchan`).
    pub fn named(name: &str) -> Option<Length> {
        [Length::East, Length::Hanchan]
            .into_iter()
            .find(|length| length.name() == name)
    }

    /// The number of rounds played before an extension (1 or 2).
    pub fn rounds(self) -> u8 {
        match self {
            Length::East => 1,
            Length::Hanchan => 2,
        }
    }
}

/// What is fixed for a whole game: Tenhou's ranked four-player rules, with the length and the
/// red fives as options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameRules {
    /// Hanchan (the default) or East only.
    pub length: Length,
    /// One red five in each numbered suit (the default).
    pub red_fives: bool,
}

impl Default for GameRules {
    fn default() -> GameRules {
        GameRules {
            length: Length::Hanchan,
            red_fives: true,
        }
    }
}

/// Points each player starts with.
pub const START_POINTS: i32 = 25_000;
/// Points a player needs for the game to end after its last planned hand.
pub const TARGET_POINTS: i32 = 30_000;

impl GameRules {
    /// The scoring rules of the game's wins: Tenhou's, with or without red fives.
    pub fn scoring(&self) -> ScoringRules {
        ScoringRules {
            red_fives: self.red_fives,
            ..ScoringRules::TENHOU
        }
    }
}
