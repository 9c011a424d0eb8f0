//! How a hand was won ([`Situation`]) and which rules score it ([`ScoringRules`]).

use std::fmt;
use std::str::FromStr;

use crate::full_hand::Piece;
use crate::players::Players;
use crate::tile::{Suit, Tile};

/// A wind: a seat's or the round's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Wind {
    /// East: the dealer's seat.
    #[default]
    East,
    /// South.
    South,
    /// West.
    West,
    /// North.
    North,
}

impl Wind {
    /// Every wind, East first.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The wind's tile, `1z`..`4z`.
    pub fn tile(self) -> Tile {
        Tile::kind(27 + self as usize)
    }

    /// Its letter: `E`, `S`, `W` or `N`.
    pub fn letter(self) -> char {
        ['E', 'S', 'W', 'N'][self as usize]
    }

    /// Its name: `East`, `South`, `West`, `North`.
    pub fn name(self) -> &'static str {
        ["East", "South", "West", "North"][self as usize]
    }
}

impl fmt::Display for Wind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A text that names no wind.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown wind {0:?}: expected E, S, W or N (or East … North, 1z … 4z)")]
pub struct UnknownWind(pub String);

impl FromStr for Wind {
    type Err = UnknownWind;

    /// `E`, `S`, `W`, `N`, the full names, or the tiles `1z`..`4z`, in any letter case.
    fn from_str(text: &str) -> Result<Wind, UnknownWind> {
        let index = match text.as_bytes() {
            [b'E' | b'e'] | [b'1', b'z' | b'Z'] => Some(0),
            [b'S' | b's'] | [b'2', b'z' | b'Z'] => Some(1),
            [b'W' | b'w'] | [b'3', b'z' | b'Z'] => Some(2),
            [b'N' | b'n'] | [b'4', b'z' | b'Z'] => Some(3),
            _ => Wind::ALL
                .iter()
                .position(|wind| wind.name().eq_ignore_ascii_case(text)),
        };
        index
            .map(|index| Wind::ALL[index])
            .ok_or_else(|| UnknownWind(text.to_owned()))
    }
}

/// How the hand was won: the winning tile, by whom, when, and what is on the table.
///
/// [`Situation::ron`] and [`Situation::tsumo`] start from a win by the dealer (seat and round
/// East) with nothing else; set what applies with struct update syntax.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Situation {
    /// The winning tile; it is among the concealed tiles. For a robbed kan, the robbed tile.
    pub win: Piece,
    /// Won by drawing the tile (tsumo) rather than from a discard (ron).
    pub tsumo: bool,
    /// Riichi was declared.
    pub riichi: bool,
    /// Riichi was declared on the first turn (double riichi implies riichi).
    pub double_riichi: bool,
    /// Won within one turn of riichi, with no call in between.
    pub ippatsu: bool,
    /// Won on the replacement tile after a kan (a tsumo).
    pub rinshan: bool,
    /// Won by robbing another player's added kan (a ron).
    pub chankan: bool,
    /// Won on the last tile of the wall (a tsumo).
    pub haitei: bool,
    /// Won on the last discard (a ron).
    pub houtei: bool,
    /// The dealer's hand complete as dealt (a tsumo).
    pub tenhou: bool,
    /// A non-dealer complete on the first draw, before any call (a tsumo).
    pub chiihou: bool,
    /// A non-dealer's ron before its first draw, before any call (renhou): worth what
    /// [`ScoringRules::renhou`] says, nothing under Tenhou's rules.
    pub renhou: bool,
    /// The winner's seat; East is the dealer.
    pub seat_wind: Wind,
    /// The round's wind.
    pub round_wind: Wind,
    /// The dora indicators (each points to the next tile).
    pub dora_indicators: Vec<Piece>,
    /// The ura dora indicators, turned over after a riichi win.
    pub ura_indicators: Vec<Piece>,
    /// Counters on the table: 100 points from each payer (300 a ron with four players, 200
    /// with three).
    pub honba: u32,
    /// Riichi deposits on the table, 1,000 points each, to the winner.
    pub riichi_sticks: u32,
    /// Norths the winner set aside (kita; three players only), each a dora (nukidora).
    pub kita: u32,
}

impl Situation {
    /// A ron on `win` by the dealer in an East round, with nothing else.
    pub fn ron(win: impl Into<Piece>) -> Situation {
        Situation {
            win: win.into(),
            tsumo: false,
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            rinshan: false,
            chankan: false,
            haitei: false,
            houtei: false,
            tenhou: false,
            chiihou: false,
            renhou: false,
            seat_wind: Wind::East,
            round_wind: Wind::East,
            dora_indicators: Vec::new(),
            ura_indicators: Vec::new(),
            honba: 0,
            riichi_sticks: 0,
            kita: 0,
        }
    }

    /// A tsumo on `win` by the dealer in an East round, with nothing else.
    pub fn tsumo(win: impl Into<Piece>) -> Situation {
        Situation {
            tsumo: true,
            ..Situation::ron(win)
        }
    }

    /// Whether the winner is the dealer (seat East).
    pub fn is_dealer(&self) -> bool {
        self.seat_wind == Wind::East
    }

    /// Whether riichi (single or double) was declared.
    pub fn in_riichi(&self) -> bool {
        self.riichi || self.double_riichi
    }
}

/// The tile a dora indicator points to: the next of its suit, 9 to 1, North to East, Red to
/// White. A red five indicator is a five, pointing to the six.
///
/// With three players (no 2m-8m) 1m indicates 9m and 9m indicates 1m: see
/// [`ScoringRules::dora_of`].
pub fn dora_of(indicator: Tile) -> Tile {
    let (first, len) = match indicator.suit() {
        Suit::Honor if indicator.rank() <= 4 => (27, 4),
        Suit::Honor => (31, 3),
        suit => (suit.first_index(), 9),
    };
    Tile::kind(first + (indicator.index() - first + 1) % len)
}

/// Which single yakuman count as two: each of the four that some rule sets double.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DoubleYakuman {
    /// Thirteen orphans on the thirteen-sided wait.
    pub kokushi13: bool,
    /// Four concealed triplets won on the pair (single wait).
    pub suuankou_tanki: bool,
    /// Nine gates won on its nine-sided wait.
    pub junsei_chuuren: bool,
    /// Four wind triplets.
    pub daisuushii: bool,
}

impl DoubleYakuman {
    /// None doubled (Tenhou).
    pub const NONE: DoubleYakuman = DoubleYakuman {
        kokushi13: false,
        suuankou_tanki: false,
        junsei_chuuren: false,
        daisuushii: false,
    };

    /// All four doubled (Mahjong Soul).
    pub const ALL: DoubleYakuman = DoubleYakuman {
        kokushi13: true,
        suuankou_tanki: true,
        junsei_chuuren: true,
        daisuushii: true,
    };

    /// The names of the four, as [`DoubleYakuman::parse`] takes them.
    pub const NAMES: [&'static str; 4] = [
        "kokushi13",
        "suuankou_tanki",
        "junsei_chuuren",
        "daisuushii",
    ];

    fn flags(self) -> [bool; 4] {
        [
            self.kokushi13,
            self.suuankou_tanki,
            self.junsei_chuuren,
            self.daisuushii,
        ]
    }

    /// Whether any is doubled.
    pub fn any(self) -> bool {
        self.flags().iter().any(|&on| on)
    }

    /// `none`, `all`, or the doubled ones joined by `+` (`kokushi13+daisuushii`).
    pub fn text(self) -> String {
        if self == DoubleYakuman::NONE {
            return "none".to_owned();
        }
        if self == DoubleYakuman::ALL {
            return "all".to_owned();
        }
        let names: Vec<&str> = DoubleYakuman::NAMES
            .iter()
            .zip(self.flags())
            .filter(|(_, on)| *on)
            .map(|(name, _)| *name)
            .collect();
        names.join("+")
    }

    /// Reads [`DoubleYakuman::text`]'s form; also `true` (all) and `false` (none).
    pub fn parse(text: &str) -> Option<DoubleYakuman> {
        match text.trim().to_ascii_lowercase().as_str() {
            "none" | "false" | "off" | "no" | "0" => return Some(DoubleYakuman::NONE),
            "all" | "true" | "on" | "yes" | "1" => return Some(DoubleYakuman::ALL),
            _ => {}
        }
        let mut doubled = DoubleYakuman::NONE;
        for name in text.split(['+', ',']) {
            match name.trim() {
                "kokushi13" => doubled.kokushi13 = true,
                "suuankou_tanki" => doubled.suuankou_tanki = true,
                "junsei_chuuren" => doubled.junsei_chuuren = true,
                "daisuushii" => doubled.daisuushii = true,
                _ => return None,
            }
        }
        Some(doubled)
    }
}

/// What a renhou (a non-dealer's ron before its first draw, no call made) is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Renhou {
    /// Nothing: the hand scores its own yaku (Tenhou, Mahjong Soul, M-League).
    #[default]
    None,
    /// A mangan, unless the hand's own yaku are worth more (EMA).
    Mangan,
    /// A 5-han yaku that adds to the hand's other yaku and dora (WRC).
    FiveHan,
    /// A yakuman.
    Yakuman,
}

impl Renhou {
    /// Every value, as [`Renhou::name`] names them.
    pub const ALL: [Renhou; 4] = [
        Renhou::None,
        Renhou::Mangan,
        Renhou::FiveHan,
        Renhou::Yakuman,
    ];

    /// `none`, `mangan`, `5han` or `yakuman`.
    pub fn name(self) -> &'static str {
        match self {
            Renhou::None => "none",
            Renhou::Mangan => "mangan",
            Renhou::FiveHan => "5han",
            Renhou::Yakuman => "yakuman",
        }
    }
}

/// The rules a winning hand is scored by, with Tenhou's values as the default. A whole
/// game's rules (`mahjong_game::GameRules` in the game crate) derive these from the same
/// description.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoringRules {
    /// One red five in each numbered suit, each a dora (`false`: no red fives; a `0` in a
    /// hand is an error).
    pub red_fives: bool,
    /// Tanyao counts in an open hand too (kuitan).
    pub open_tanyao: bool,
    /// A pair of a wind that is both the seat's and the round's is worth 4 fu (`false`: 2).
    pub double_wind_four_fu: bool,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to mangan (kiriage).
    pub kiriage: bool,
    /// 13 han or more from ordinary yaku and dora score as a yakuman (kazoe; `false`:
    /// sanbaiman).
    pub counted_yakuman: bool,
    /// The single yakuman that count as two.
    pub double_yakuman: DoubleYakuman,
    /// Different yakuman in one hand add up (`false`: the hand is worth its highest one).
    pub yakuman_stack: bool,
    /// What a renhou is worth.
    pub renhou: Renhou,
    /// Points a honba adds from each payer: 100 (a ron 300 with four players, 200 with
    /// three).
    pub honba_per_payer: u32,
    /// The players at the table: 4, or 3 (sanma: no 2m-8m, 1m and 9m indicate each other as
    /// dora, Norths set aside are dora, a tsumo is paid by two (the absent seat's share is
    /// lost)).
    pub players: Players,
}

impl ScoringRules {
    /// Tenhou's rules: red fives, open tanyao, 4 fu for a double-wind pair, no kiriage,
    /// counted yakuman, different yakuman added up, no single yakuman counted double (a real
    /// Tenhou record scores suuankou on a single wait as one yakuman), no renhou, 100 points
    /// a honba from each payer.
    pub const TENHOU: ScoringRules = ScoringRules {
        red_fives: true,
        open_tanyao: true,
        double_wind_four_fu: true,
        kiriage: false,
        counted_yakuman: true,
        double_yakuman: DoubleYakuman::NONE,
        yakuman_stack: true,
        renhou: Renhou::None,
        honba_per_payer: 100,
        players: Players::Four,
    };

    /// Tenhou's three-player rooms: Tenhou's rules for three players (red 5p and 5s only, as
    /// the set has no 2m-8m).
    pub const TENHOU_SANMA: ScoringRules = ScoringRules {
        players: Players::Three,
        ..ScoringRules::TENHOU
    };

    /// Whether three play (sanma).
    pub fn three_player(&self) -> bool {
        self.players.is_three()
    }

    /// The dora an indicator shows: [`dora_of`], but with three players 1m and 9m indicate
    /// each other (2m-8m are not in the set).
    pub fn dora_of(&self, indicator: Tile) -> Tile {
        match indicator.index() {
            0 if self.three_player() => Tile::kind(8),
            8 if self.three_player() => Tile::kind(0),
            _ => dora_of(indicator),
        }
    }

    /// Whether the rules' tile set has this kind: all 34, or with three players all but
    /// 2m-8m.
    pub fn has_kind(&self, tile: Tile) -> bool {
        !(self.three_player() && (1..8).contains(&tile.index()))
    }
}

impl Default for ScoringRules {
    fn default() -> ScoringRules {
        ScoringRules::TENHOU
    }
}

/// A rule switch that cannot be set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// No switch has this name.
    #[error("unknown rule {0:?}: expected {switches}", switches = ScoringRules::SWITCHES.join(", "))]
    UnknownRule(String),
    /// A value the switch does not take.
    #[error("rule {name}: {value:?} is not {expected}")]
    BadValue {
        /// The switch.
        name: &'static str,
        /// The value given.
        value: String,
        /// What it takes.
        expected: &'static str,
    },
    /// A count of players other than 3 or 4 (as [`Players`] says it for every caller).
    #[error("rule players: {0}")]
    Players(#[from] crate::PlayersError),
}

/// Reads a yes-or-no switch: `true`/`false`, `on`/`off`, `yes`/`no`, `1`/`0`.
pub fn parse_switch(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Some(true),
        "false" | "off" | "no" | "0" => Some(false),
        _ => None,
    }
}

impl ScoringRules {
    /// The switches by name, as [`ScoringRules::set`] takes them.
    pub const SWITCHES: [&'static str; 10] = [
        "red_fives",
        "open_tanyao",
        "double_wind_fu",
        "kiriage",
        "counted_yakuman",
        "double_yakuman",
        "yakuman_stack",
        "renhou",
        "honba",
        "players",
    ];

    /// Sets one switch from text: `red_fives`, `open_tanyao`, `kiriage`, `counted_yakuman`
    /// and `yakuman_stack` take `true` or `false` (also `on`/`off`, `yes`/`no`, `1`/`0`);
    /// `double_wind_fu` takes `2` or `4`; `double_yakuman` `true` (all four), `false`, or
    /// the doubled ones joined by `+` (`kokushi13+suuankou_tanki+junsei_chuuren+daisuushii`);
    /// `renhou` `none`, `mangan`, `5han` or `yakuman`; `honba` the points a honba adds from
    /// each payer (`100`); `players` `3` or `4`.
    ///
    /// # Errors
    ///
    /// [`RuleError`] for an unknown switch or a value it does not take.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RuleError> {
        let Some(&name) = ScoringRules::SWITCHES
            .iter()
            .find(|switch| switch.eq_ignore_ascii_case(name))
        else {
            return Err(RuleError::UnknownRule(name.to_owned()));
        };
        let bad = |expected| RuleError::BadValue {
            name,
            value: value.to_owned(),
            expected,
        };
        match name {
            "players" => self.players = value.parse()?,
            "double_wind_fu" => {
                self.double_wind_four_fu = match value.trim() {
                    "4" => true,
                    "2" => false,
                    _ => return Err(bad("2 or 4")),
                }
            }
            "double_yakuman" => {
                self.double_yakuman = DoubleYakuman::parse(value).ok_or_else(|| {
                    bad("true, false, or some of kokushi13, suuankou_tanki, junsei_chuuren, daisuushii joined by +")
                })?;
            }
            "renhou" => {
                self.renhou = Renhou::ALL
                    .into_iter()
                    .find(|renhou| renhou.name().eq_ignore_ascii_case(value.trim()))
                    .ok_or_else(|| bad("none, mangan, 5han or yakuman"))?;
            }
            "honba" => {
                self.honba_per_payer = value
                    .trim()
                    .parse()
                    .ok()
                    .filter(|&points: &u32| points <= 10_000 && points % 100 == 0)
                    .ok_or_else(|| bad("points from each payer, a multiple of 100 (100)"))?;
            }
            _ => {
                let on = parse_switch(value).ok_or_else(|| bad("true or false"))?;
                match name {
                    "red_fives" => self.red_fives = on,
                    "open_tanyao" => self.open_tanyao = on,
                    "kiriage" => self.kiriage = on,
                    "counted_yakuman" => self.counted_yakuman = on,
                    _ => self.yakuman_stack = on,
                }
            }
        }
        Ok(())
    }
}
