//! The options of a game.

use mahjong::Players;
use mahjong::ScoringRules;

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

/// What is fixed for a whole game: Tenhou's rules, with the options its lobbies differ by:
/// the players (four, or three: sanma), the length, the red fives, and open tanyao (kuitan).
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
    /// The players: 4, or 3 (Tenhou's three-player rooms: 108 tiles without 2m-8m, no chi,
    /// Norths set aside as dora, 35,000 points to start and 40,000 to end, tsumo loss; the
    /// crate README's *Three players* section). Seat 3 is then empty.
    pub players: Players,
}

impl Default for GameRules {
    fn default() -> GameRules {
        GameRules::TENHOU
    }
}

/// Points each player starts with (four players; [`GameRules::start_points`]).
pub const START_POINTS: i32 = 25_000;
/// Points a player needs for the game to end after its last planned hand (four players;
/// [`GameRules::target_points`]).
pub const TARGET_POINTS: i32 = 30_000;

impl GameRules {
    /// Tenhou's ranked four-player rules: hanchan, a red five in each suit, open tanyao.
    pub const TENHOU: GameRules = GameRules {
        length: Length::Hanchan,
        red_fives: [1, 1, 1],
        open_tanyao: true,
        players: Players::Four,
    };

    /// Tenhou's ranked three-player rules (三鳳南喰赤): hanchan, a red 5p and a red 5s (the
    /// set has no 5m), open tanyao.
    pub const TENHOU_SANMA: GameRules = GameRules {
        length: Length::Hanchan,
        red_fives: [0, 1, 1],
        open_tanyao: true,
        players: Players::Three,
    };

    /// Whether three play.
    pub fn three_player(&self) -> bool {
        self.players.is_three()
    }

    /// These rules for three players: the set then has no 5m, so no red one.
    pub fn with_three_players(self) -> GameRules {
        GameRules {
            players: Players::Three,
            red_fives: [0, self.red_fives[1], self.red_fives[2]],
            ..self
        }
    }

    /// The seats that play: 0..4, or 0..3 with three players.
    pub fn seats(&self) -> std::ops::Range<usize> {
        self.players.seats()
    }

    /// Points each player starts with: 25,000, or 35,000 with three.
    pub fn start_points(&self) -> i32 {
        if self.three_player() {
            35_000
        } else {
            START_POINTS
        }
    }

    /// Points a player needs for the game to end after its last planned hand: 30,000, or
    /// 40,000 with three.
    pub fn target_points(&self) -> i32 {
        if self.three_player() {
            40_000
        } else {
            TARGET_POINTS
        }
    }

    /// Live draws of a hand before any kan or North: 70, or 55 with three players.
    pub fn live_draws(&self) -> u32 {
        if self.three_player() { 55 } else { 70 }
    }

    /// Replacement tiles of a hand (kans, and with three players Norths set aside): 4, or 8.
    pub fn replacement_tiles(&self) -> u32 {
        if self.three_player() { 8 } else { 4 }
    }

    /// Tiles that must be left in the live wall after the draw to declare riichi: 4, or 3
    /// with three players (one more draw for the declarer either way).
    pub fn riichi_wall(&self) -> u32 {
        if self.three_player() { 3 } else { 4 }
    }

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

    /// Checks the options: red five counts of 0 or 1, no red 5m with three players (the
    /// players are three or four by their type).
    ///
    /// # Errors
    ///
    /// What is wrong, naming the suit and the count.
    pub fn check(&self) -> Result<(), String> {
        if self.three_player() && self.red_fives[0] > 0 {
            return Err("a red 5m asked for: the three-player set has no 5m".to_owned());
        }
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

    /// Tenhou's Phoenix-room final score of a game ended with these points, in thousands, as
    /// its records write it beside the points (mjlog's `owari`): each seat's points less the
    /// 30,000 returned (40,000 with three players), in thousands rounded to the nearest (a
    /// half rounds up, or down for a seat below zero), plus the placement bonus: +20, +10,
    /// -10, -20 (with three players +20, 0, -20); the first takes the balance, so the scores
    /// sum to zero (the returned points and the bonus, the oka, go to it). Ties rank the seat
    /// that was East first higher.
    pub fn final_score(&self, scores: [i32; 4]) -> [i32; 4] {
        let players = usize::from(self.players);
        let mut order: Vec<usize> = (0..players).collect();
        order.sort_by_key(|&seat| (std::cmp::Reverse(scores[seat]), seat));
        let bonus: &[i32] = if self.three_player() {
            &[0, 0, -20]
        } else {
            &[0, 10, -10, -20]
        };
        let returned = self.target_points();
        let mut result = [0; 4];
        for (place, &seat) in order.iter().enumerate().skip(1) {
            // In hundreds, then to thousands: a half up (-3.5 to -3), below zero down.
            let hundreds = (scores[seat] - returned).div_euclid(100);
            let thousands = if scores[seat] < 0 {
                (hundreds - 5).div_euclid(10) + i32::from((hundreds - 5).rem_euclid(10) > 0)
            } else {
                (hundreds + 5).div_euclid(10)
            };
            result[seat] = thousands + bonus[place];
        }
        result[order[0]] = -result.iter().sum::<i32>();
        result
    }

    /// The scoring rules of the game's wins: Tenhou's, with the game's red fives and open
    /// tanyao.
    pub fn scoring(&self) -> ScoringRules {
        ScoringRules {
            red_fives: self.has_red_fives(),
            open_tanyao: self.open_tanyao,
            players: self.players,
            ..ScoringRules::TENHOU
        }
    }

    /// Tenhou's short name of the rules, as tenhou.net/6 writes it in `rule.disp`: `般南喰赤`
    /// (三 first for three players, the lobby, the length, 喰 for open tanyao, 赤 for red
    /// fives).
    pub fn tenhou_name(&self) -> String {
        format!(
            "{}般{}{}{}",
            if self.three_player() { "三" } else { "" },
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
