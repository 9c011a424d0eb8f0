//! The values a rule takes, each written and read as text (`--rule kuikae=same_tile`).

use mahjong::{DoubleYakuman, Players, Renhou, parse_switch};

use super::Length;

/// A rule's value as text: written by [`RuleValue::text`], read by [`RuleValue::parse`].
pub(crate) trait RuleValue: Sized {
    /// What the rule takes, for an error.
    fn expected(&self) -> String;
    /// The value as text.
    fn text(&self) -> String;
    /// The value of a text.
    fn parse(text: &str) -> Option<Self>;
}

/// An enum of named values.
macro_rules! named {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every value.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// Its name, as `--rule` takes it.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl RuleValue for $name {
            fn expected(&self) -> String {
                let names: Vec<&str> = $name::ALL.iter().map(|value| value.name()).collect();
                names.join(", ")
            }

            fn text(&self) -> String {
                self.name().to_owned()
            }

            fn parse(text: &str) -> Option<$name> {
                let text = text.trim();
                $name::ALL
                    .iter()
                    .copied()
                    .find(|value| value.name().eq_ignore_ascii_case(text) || value.name().replace('_', "-").eq_ignore_ascii_case(text))
            }
        }
    };
}

named! {
    /// Equal final points.
    Ties {
        /// The seat that was East first places higher (Tenhou, Mahjong Soul).
        SeatOrder = "seat_order",
        /// The tied seats share their places' uma and oka equally (the leagues).
        Split = "split",
    }
}

named! {
    /// How the final result is rounded.
    Rounding {
        /// Tenhou's: each seat but the first in thousands, a half up (down below zero),
        /// the first the balance.
        Tenhou = "tenhou",
        /// Exact, to 100 points (one decimal in thousands).
        Exact = "exact",
    }
}

named! {
    /// Riichi sticks left on the table at the end of the game.
    Leftover {
        /// To the first (split between seats tied first when ties split).
        First = "first",
        /// To nobody.
        Lost = "lost",
    }
}

named! {
    /// What a seat may not discard right after a call (kuikae).
    Kuikae {
        /// The called kind, and after a chi taken at an end of the run the kind at the other
        /// end (Tenhou).
        Forbidden = "forbidden",
        /// Only the called kind.
        SameTile = "same_tile",
        /// Anything.
        Free = "free",
    }
}

named! {
    /// When an open or added kan's dora indicator is turned over (a concealed kan's is turned
    /// at once, a robbed kan's never).
    KanDoraTiming {
        /// After the kanning seat's next discard (or next kan): a win on the replacement tile
        /// does not see it (Tenhou).
        AfterDiscard = "after_discard",
        /// At once, before the replacement tile is drawn.
        AtOnce = "at_once",
    }
}

named! {
    /// Several rons on one tile.
    MultipleRon {
        /// Only the first seat after the discarder wins (atamahane).
        HeadBump = "head_bump",
        /// Two win; three abort the hand (Tenhou).
        Double = "double",
        /// Two or three win, each paid by the discarder.
        All = "all",
    }
}

named! {
    /// Who takes the honba when several win on one tile.
    RonHonba {
        /// The first winner from the discarder.
        First = "first",
        /// Every winner.
        Each = "each",
    }
}

named! {
    /// Who takes the riichi sticks when several win on one tile.
    RonSticks {
        /// The first winner from the discarder, all of them.
        First = "first",
        /// Each winner its own stick of this hand back; the rest to the first winner.
        OwnBack = "own_back",
    }
}

named! {
    /// When the dealer deals again.
    Renchan {
        /// On a win, or on tenpai at an exhaustive draw (and after an abortive draw).
        WinOrTenpai = "win_or_tenpai",
        /// Only on a win (and after an abortive draw).
        Win = "win",
    }
}

named! {
    /// What a liable (pao) seat pays for.
    PaoScope {
        /// The whole hand, any other yakuman with it (Tenhou).
        Whole = "whole",
        /// Only the liable yakuman's part; the rest is paid as usual (Mahjong Soul).
        Part = "part",
    }
}

named! {
    /// Who pays the honba of a ron with a liable seat.
    PaoHonba {
        /// The discarder (Tenhou).
        Discarder = "discarder",
        /// The liable seat.
        Liable = "liable",
    }
}

named! {
    /// When a player's points end the game.
    Busting {
        /// Never.
        Off = "off",
        /// Below zero; a player at exactly zero plays on (Tenhou).
        BelowZero = "below_zero",
        /// At zero or below.
        AtZero = "at_zero",
    }
}

/// The placement bonus (uma), in points, 1st to 4th (1st to 3rd with three players).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Uma {
    /// The same bonus every game.
    Fixed([i32; 4]),
    /// By how many seats end with the return points or more: one, two, three (or four).
    ByAbove([[i32; 4]; 3]),
}

impl Uma {
    /// The bonus of each place when `above` seats end with the return points or more.
    pub fn table(&self, above: usize) -> [i32; 4] {
        match self {
            Uma::Fixed(table) => *table,
            Uma::ByAbove(tables) => tables[above.clamp(1, 3) - 1],
        }
    }
}

/// The thousands of a table, `20,10,-10,-20`.
fn thousands(table: &[i32; 4], places: usize) -> String {
    let values: Vec<String> = table[..places]
        .iter()
        .map(|points| {
            if points % 1000 == 0 {
                (points / 1000).to_string()
            } else {
                format!("{:.1}", f64::from(*points) / 1000.0)
            }
        })
        .collect();
    values.join(",")
}

/// A table of thousands, `20,10,-10,-20` (three or four numbers; a fourth 0 when three).
fn read_thousands(text: &str) -> Option<[i32; 4]> {
    let values: Vec<f64> = text
        .split(',')
        .map(|value| {
            value
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && v.abs() < 1e6)
        })
        .collect::<Option<_>>()?;
    if !(3..=4).contains(&values.len()) {
        return None;
    }
    let mut table = [0; 4];
    for (slot, value) in table.iter_mut().zip(values) {
        *slot = (value * 1000.0).round() as i32;
    }
    Some(table)
}

impl RuleValue for Uma {
    fn expected(&self) -> String {
        "thousands 1st to 4th (30,10,-10,-30), or by how many end with the return points: \
         above:12,-1,-3,-8/8,4,-4,-8/8,3,1,-12"
            .to_owned()
    }

    fn text(&self) -> String {
        let places = if matches!(self, Uma::Fixed(table) if table[3] == 0 && table[2] != 0) {
            3
        } else {
            4
        };
        match self {
            Uma::Fixed(table) => thousands(table, places),
            Uma::ByAbove(tables) => {
                let parts: Vec<String> = tables.iter().map(|table| thousands(table, 4)).collect();
                format!("above:{}", parts.join("/"))
            }
        }
    }

    fn parse(text: &str) -> Option<Uma> {
        let text = text.trim();
        if let Some(rest) = text.strip_prefix("above:") {
            let parts: Vec<[i32; 4]> =
                rest.split('/').map(read_thousands).collect::<Option<_>>()?;
            let tables: [[i32; 4]; 3] = parts.try_into().ok()?;
            return Some(Uma::ByAbove(tables));
        }
        read_thousands(text).map(Uma::Fixed)
    }
}

/// The penalty for a false declaration (chombo).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Chombo {
    /// None: the rules do not penalise one (online rooms, where none can be made).
    None,
    /// The offender pays a mangan tsumo's payments reversed (the dealer 4,000 to each, a
    /// non-dealer 4,000 to the dealer and 2,000 to the others) and the hand is replayed.
    ReverseMangan,
    /// These points off the offender's final result, after the uma; the hand is replayed.
    AfterUma(i32),
}

impl RuleValue for Chombo {
    fn expected(&self) -> String {
        "none, reverse_mangan, or thousands off after the uma (20)".to_owned()
    }

    fn text(&self) -> String {
        match self {
            Chombo::None => "none".to_owned(),
            Chombo::ReverseMangan => "reverse_mangan".to_owned(),
            Chombo::AfterUma(points) => thousands(&[*points, 0, 0, 0], 1),
        }
    }

    fn parse(text: &str) -> Option<Chombo> {
        match text.trim().to_ascii_lowercase().replace('-', "_").as_str() {
            "none" => Some(Chombo::None),
            "reverse_mangan" => Some(Chombo::ReverseMangan),
            number => read_thousands(&format!("{number},0,0"))
                .filter(|table| table[0] > 0)
                .map(|table| Chombo::AfterUma(table[0])),
        }
    }
}

impl RuleValue for bool {
    fn expected(&self) -> String {
        "true or false".to_owned()
    }

    fn text(&self) -> String {
        self.to_string()
    }

    fn parse(text: &str) -> Option<bool> {
        parse_switch(text)
    }
}

impl RuleValue for i32 {
    fn expected(&self) -> String {
        "points, a multiple of 100".to_owned()
    }

    fn text(&self) -> String {
        self.to_string()
    }

    fn parse(text: &str) -> Option<i32> {
        text.trim()
            .parse::<i32>()
            .ok()
            .filter(|points| points % 100 == 0 && (0..=1_000_000).contains(points))
    }
}

impl RuleValue for u32 {
    fn expected(&self) -> String {
        "a count".to_owned()
    }

    fn text(&self) -> String {
        self.to_string()
    }

    fn parse(text: &str) -> Option<u32> {
        text.trim()
            .parse::<u32>()
            .ok()
            .filter(|&count| count <= 10_000)
    }
}

impl RuleValue for u8 {
    fn expected(&self) -> String {
        "2 or 4".to_owned()
    }

    fn text(&self) -> String {
        self.to_string()
    }

    fn parse(text: &str) -> Option<u8> {
        text.trim()
            .parse::<u8>()
            .ok()
            .filter(|&fu| fu == 2 || fu == 4)
    }
}

impl RuleValue for [u8; 3] {
    fn expected(&self) -> String {
        "true, false, or the red fives of man, pin and sou (0,1,1)".to_owned()
    }

    fn text(&self) -> String {
        format!("{},{},{}", self[0], self[1], self[2])
    }

    fn parse(text: &str) -> Option<[u8; 3]> {
        if let Some(on) = parse_switch(text) {
            return Some([u8::from(on); 3]);
        }
        let counts: Vec<u8> = text
            .split(',')
            .map(|count| count.trim().parse::<u8>().ok().filter(|&count| count <= 1))
            .collect::<Option<_>>()?;
        counts.try_into().ok()
    }
}

impl RuleValue for Players {
    fn expected(&self) -> String {
        "3 or 4".to_owned()
    }

    fn text(&self) -> String {
        self.count().to_string()
    }

    fn parse(text: &str) -> Option<Players> {
        text.trim().parse().ok()
    }
}

impl RuleValue for Length {
    fn expected(&self) -> String {
        "east or hanchan".to_owned()
    }

    fn text(&self) -> String {
        self.name().to_owned()
    }

    fn parse(text: &str) -> Option<Length> {
        Length::named(text.trim())
    }
}

impl RuleValue for DoubleYakuman {
    fn expected(&self) -> String {
        "all, none, or some of kokushi13, suuankou_tanki, junsei_chuuren, daisuushii joined by +"
            .to_owned()
    }

    fn text(&self) -> String {
        DoubleYakuman::text(*self)
    }

    fn parse(text: &str) -> Option<DoubleYakuman> {
        DoubleYakuman::parse(text)
    }
}

impl RuleValue for Renhou {
    fn expected(&self) -> String {
        "none, mangan, 5han or yakuman".to_owned()
    }

    fn text(&self) -> String {
        self.name().to_owned()
    }

    fn parse(text: &str) -> Option<Renhou> {
        Renhou::ALL
            .into_iter()
            .find(|renhou| renhou.name().eq_ignore_ascii_case(text.trim()))
    }
}
