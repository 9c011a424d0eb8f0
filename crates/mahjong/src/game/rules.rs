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

/// What is fixed for a whole game: Tenhou's four-player rules, with the options its lobbies
/// differ by: the length, the red fives, and open tanyao (kuitan).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameRules {
    /// Hanchan (the default) or East only.
    pub length: Length,
    /// Red fives in each numbered suit (man, pin, sou), each 0 or 1: `[1, 1, 1]` (the
    /// default) as in Tenhou's lobbies, `[0, 0, 0]` none. One copy of a suit's fives is red
    /// when its count is 1; Tenhou's sets never have more than one a suit (an mjlog record
    /// could not write a second), so no count above 1 is played.
    pub red_fives: [u8; 3],
    /// Tanyao counts in an open hand (kuitan; the default, as in every ranked lobby). Off,
    /// tanyao needs a closed hand; calls are still allowed.
    pub open_tanyao: bool,
}

impl Default for GameRules {
    fn default() -> GameRules {
        GameRules::TENHOU
    }
}

/// Points each player starts with.
pub const START_POINTS: i32 = 25_000;
/// Points a player needs for the game to end after its last planned hand.
pub const TARGET_POINTS: i32 = 30_000;

impl GameRules {
    /// Tenhou's ranked four-player rules: hanchan, a red five in each suit, open tanyao.
    pub const TENHOU: GameRules = GameRules {
        length: Length::Hanchan,
        red_fives: [1, 1, 1],
        open_tanyao: true,
    };

    /// The red fives of `red`: one in each suit, or none.
    pub fn all_red(red: bool) -> [u8; 3] {
        [u8::from(red); 3]
    }

    /// Whether the game has any red five.
    pub fn has_red_fives(&self) -> bool {
        self.red_fives.iter().any(|&count| count > 0)
    }

    /// Whether a five of this suit (0 man, 1 pin, 2 sou) may be red.
    pub fn red_in_suit(&self, suit: usize) -> bool {
        self.red_fives.get(suit).is_some_and(|&count| count > 0)
    }

    /// Checks the options: red five counts of 0 or 1.
    ///
    /// # Errors
    ///
    /// What is wrong, naming the suit and the count.
    pub fn check(&self) -> Result<(), String> {
        for (suit, &count) in self.red_fives.iter().enumerate() {
            if count > 1 {
                return Err(format!(
                    "{count} red 5{} asked for; a suit has at most one (Tenhou's sets)",
                    ["m", "p", "s"][suit]
                ));
            }
        }
        Ok(())
    }

    /// The scoring rules of the game's wins: Tenhou's, with the game's red fives and open
    /// tanyao.
    pub fn scoring(&self) -> ScoringRules {
        ScoringRules {
            red_fives: self.has_red_fives(),
            open_tanyao: self.open_tanyao,
            ..ScoringRules::TENHOU
        }
    }

    /// Tenhou's short name of the rules, as tenhou.net/6 writes it in `rule.disp`: `般南喰赤`
    /// (the lobby, the length, 喰 for open tanyao, 赤 for red fives).
    pub fn tenhou_name(&self) -> String {
        format!(
            "般{}{}{}",
            if self.length == Length::East {
                "東"
            } else {
                "南"
            },
            if self.open_tanyao { "喰" } else { "" },
            if self.has_red_fives() { "赤" } else { "" }
        )
    }
}
