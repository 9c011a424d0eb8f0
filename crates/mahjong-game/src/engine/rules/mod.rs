//! The rules of a game: every switch by which the leagues' and online rooms' rules differ,
//! with Tenhou's values as the default ([`GameRules`]), the named presets ([`Preset`]), the
//! switches by name (`--rule kiriage=false`) and the final result of a game (uma, oka, ties,
//! chombo).

mod fields;
mod final_score;
mod presets;
mod values;

pub use fields::RulesError;
pub use final_score::thousands_text;
pub use presets::Preset;
pub use values::{
    Busting, Chombo, KanDoraTiming, Kuikae, Leftover, MultipleRon, PaoHonba, PaoScope, Renchan,
    RonHonba, RonSticks, Rounding, Ties, Uma,
};

use mahjong::{DoubleYakuman, Players, Renhou, ScoringRules};

/// How long a game lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Length {
    /// The East round only (tonpuusen), extended into South while nobody has the return
    /// points (where the rules extend).
    East,
    /// East and South (hanchan), extended into West while nobody has the return points
    /// (where the rules extend).
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

/// Everything fixed for a whole game: the players and length, and every rule by which the
/// leagues' and online rooms' games differ. [`GameRules::TENHOU`] (the default) is Tenhou's
/// ranked four-player room; [`Preset`] names the others, and [`GameRules::set`] changes one
/// field by name. The crate README's *Rule sets* section lists each preset's values with
/// their sources.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameRules {
    /// The named rule set these rules start from; records name it, with the fields set
    /// otherwise ([`GameRules::describe`]).
    pub preset: Preset,
    /// The players: 4, or 3 (three-player rooms: 108 tiles without 2m-8m, no chi, Norths set
    /// aside as dora, tsumo loss; the crate README's *Three players* section). Seat 3 is then
    /// empty.
    pub players: Players,
    /// Hanchan (the default) or East only.
    pub length: Length,
    /// Points each player starts with (25,000).
    pub start_points: i32,
    /// Points returned at the end (30,000): the final result counts from them, the start
    /// points short of them go to the first as the oka, and a game extends while nobody has
    /// them.
    pub return_points: i32,
    /// The placement bonus added to the final result (uma).
    pub uma: Uma,
    /// Equal final points: placed by seat order, or the places' uma and oka split.
    pub ties: Ties,
    /// How the final result is rounded: Tenhou's thousands, or exact to 100 points.
    pub final_rounding: Rounding,
    /// Riichi sticks left on the table at the end: to the first, or lost.
    pub leftover_sticks: Leftover,
    /// The penalty for a false declaration ([`crate::Game::chombo`]).
    pub chombo: Chombo,
    /// Red fives in each numbered suit (man, pin, sou), each 0 or 1: `[1, 1, 1]` as in
    /// Tenhou's lobbies, `[0, 0, 0]` none.
    pub red_fives: [u8; 3],
    /// Tanyao counts in an open hand (kuitan).
    pub open_tanyao: bool,
    /// A hand may win on a tile that alone gives it its yaku (atozuke). Off, a win needs a
    /// yaku on every tile the hand waits on.
    pub atozuke: bool,
    /// What a seat may not discard right after a call (kuikae).
    pub kuikae: Kuikae,
    /// Ippatsu counts.
    pub ippatsu: bool,
    /// Ura dora are turned over for a riichi winner.
    pub ura_dora: bool,
    /// A kan turns over a new dora indicator.
    pub kan_dora: bool,
    /// A kan's indicator has an ura indicator too.
    pub kan_ura: bool,
    /// When an open or added kan's indicator is turned over.
    pub kan_dora_timing: KanDoraTiming,
    /// Two or three rons on one tile.
    pub multiple_ron: MultipleRon,
    /// Who takes the honba when several win on one tile.
    pub multiple_ron_honba: RonHonba,
    /// Who takes the riichi sticks when several win on one tile.
    pub multiple_ron_sticks: RonSticks,
    /// Nine kinds of terminals and honours in a first draw may abort the hand.
    pub nine_terminals: bool,
    /// The same wind as the first four discards aborts the hand (four players).
    pub four_winds: bool,
    /// A fourth riichi accepted aborts the hand (four players).
    pub four_riichi: bool,
    /// A fourth kan by more than one seat aborts the hand once its discard passes.
    pub four_kans: bool,
    /// A first-placed dealer's win in the last hand may end the game (agari-yame).
    pub agari_yame: bool,
    /// A first-placed dealer's tenpai at the last hand's draw may end the game (tenpai-yame).
    pub tenpai_yame: bool,
    /// When the dealer deals again.
    pub renchan: Renchan,
    /// The noten payments at an exhaustive draw, in all (3,000; 2,000 with three players; 0:
    /// none).
    pub noten_payment: i32,
    /// Nagashi mangan: a seat whose discards are all terminals and honours, none called, is
    /// paid a mangan tsumo at the exhaustive draw.
    pub nagashi: bool,
    /// 4 han 30 fu and 3 han 60 fu are a mangan (kiriage).
    pub kiriage: bool,
    /// 13 han or more is a yakuman (kazoe); off, a sanbaiman.
    pub kazoe: bool,
    /// Different yakuman in one hand add up.
    pub yakuman_stack: bool,
    /// The single yakuman that count as two.
    pub double_yakuman: DoubleYakuman,
    /// Feeding the third dragon set makes the feeder liable for daisangen (pao).
    pub pao_daisangen: bool,
    /// Feeding the fourth wind set makes the feeder liable for daisuushii.
    pub pao_daisuushii: bool,
    /// Feeding the fourth kan by an open kan makes the feeder liable for suukantsu.
    pub pao_suukantsu: bool,
    /// What a liable seat pays for: the whole hand, or only the liable yakuman's part.
    pub pao_scope: PaoScope,
    /// Who pays the honba of a ron with a liable seat.
    pub pao_honba: PaoHonba,
    /// A win on the replacement tile of an open kan is paid by the seat that discarded the
    /// kanned tile, as a ron.
    pub daiminkan_pao: bool,
    /// When a player's points end the game.
    pub busting: Busting,
    /// A game whose last hand leaves nobody with the return points goes on: into West (or
    /// South), ending once someone has them, at the latest after the round.
    pub extension: bool,
    /// Riichi may be declared with fewer than 1,000 points.
    pub riichi_below_1000: bool,
    /// Live tiles that must be left after the draw to declare riichi (4; 3 with three
    /// players; 0: even on the last draw).
    pub riichi_tiles_left: u32,
    /// A concealed kan after riichi, of the tile just drawn, when it keeps the waits.
    pub riichi_ankan: bool,
    /// Points a honba adds from each payer (100).
    pub honba: u32,
    /// A pair of a wind that is both the seat's and the round's: 4 fu, or 2.
    pub double_wind_fu: u8,
    /// What a renhou is worth.
    pub renhou: Renhou,
    /// Thirteen orphans may rob a concealed kan.
    pub kokushi_ankan: bool,
}

impl Default for GameRules {
    fn default() -> GameRules {
        GameRules::TENHOU
    }
}

/// Points each player starts with under Tenhou's four-player rules
/// ([`GameRules::start_points`]).
pub const START_POINTS: i32 = 25_000;
/// Points returned at the end under Tenhou's four-player rules, and needed for the game to end
/// after its last planned hand ([`GameRules::return_points`]).
pub const TARGET_POINTS: i32 = 30_000;

impl GameRules {
    /// Whether three play.
    pub fn three_player(&self) -> bool {
        self.players.is_three()
    }

    /// These rules for three players: the three-player form of the preset (Tenhou's and
    /// Mahjong Soul's have one) with this game's length, red fives and kuitan; a league's
    /// rules take Tenhou's three-player points, uma, noten payments and riichi (35,000 to
    /// start, 40,000 returned, +20/0/-20). The set has no 5m, so no red one.
    pub fn with_three_players(self) -> GameRules {
        if self.three_player() {
            return self;
        }
        let base = match self.preset.three_player() {
            Some(preset) => preset.rules(),
            None => GameRules {
                players: Players::Three,
                start_points: 35_000,
                return_points: 40_000,
                uma: GameRules::TENHOU_SANMA.uma,
                noten_payment: 2_000,
                riichi_tiles_left: self.riichi_tiles_left.min(3),
                four_winds: false,
                four_riichi: false,
                ..self
            },
        };
        GameRules {
            length: self.length,
            red_fives: [0, self.red_fives[1], self.red_fives[2]],
            open_tanyao: self.open_tanyao,
            ..base
        }
    }

    /// These rules for `players` ([`GameRules::with_three_players`],
    /// [`GameRules::with_four_players`]).
    pub fn with_players(self, players: Players) -> GameRules {
        if players.is_three() {
            self.with_three_players()
        } else {
            self.with_four_players()
        }
    }

    /// These rules for four players: the preset's four-player form with this game's length
    /// and kuitan.
    pub fn with_four_players(self) -> GameRules {
        if !self.three_player() {
            return self;
        }
        GameRules {
            length: self.length,
            open_tanyao: self.open_tanyao,
            ..self.preset.four_player().rules()
        }
    }

    /// The seats that play: 0..4, or 0..3 with three players.
    pub fn seats(&self) -> std::ops::Range<usize> {
        self.players.seats()
    }

    /// Points each player starts with.
    pub fn start_points(&self) -> i32 {
        self.start_points
    }

    /// Points a player needs for the game to end after its last planned hand: the return
    /// points.
    pub fn target_points(&self) -> i32 {
        self.return_points
    }

    /// Live draws of a hand before any kan or North: 70, or 55 with three players.
    pub fn live_draws(&self) -> u32 {
        if self.three_player() { 55 } else { 70 }
    }

    /// Replacement tiles of a hand (kans, and with three players Norths set aside): 4, or 8.
    pub fn replacement_tiles(&self) -> u32 {
        if self.three_player() { 8 } else { 4 }
    }

    /// Tiles that must be left in the live wall after the draw to declare riichi.
    pub fn riichi_wall(&self) -> u32 {
        self.riichi_tiles_left
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

    /// Whether a liable seat is kept for any yaku.
    pub fn has_pao(&self) -> bool {
        self.pao_daisangen || self.pao_daisuushii || self.pao_suukantsu
    }

    /// The scoring rules of the game's wins, from the same description: red fives, kuitan,
    /// the double-wind pair's fu, kiriage, kazoe, yakuman adding up and counting double,
    /// renhou, the honba's value and the players.
    pub fn scoring(&self) -> ScoringRules {
        ScoringRules {
            red_fives: self.has_red_fives(),
            open_tanyao: self.open_tanyao,
            double_wind_four_fu: self.double_wind_fu == 4,
            kiriage: self.kiriage,
            counted_yakuman: self.kazoe,
            double_yakuman: self.double_yakuman,
            yakuman_stack: self.yakuman_stack,
            renhou: self.renhou,
            honba_per_payer: self.honba,
            players: self.players,
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
