//! The rules' fields by name: set one from text (`--rule kiriage=false`), read one as text,
//! name a set of rules as its preset and the fields set otherwise (`m-league kiriage=false`),
//! and check a set of rules for values no game can be played with.

use std::fmt;
use std::str::FromStr;

use super::GameRules;
use super::presets::Preset;
use super::values::RuleValue;

/// Rules that cannot be set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// No preset has this name.
    #[error("unknown rules {0:?}: expected one of {presets}", presets = preset_names())]
    UnknownPreset(String),
    /// No field has this name.
    #[error("unknown rule {0:?}: the rules are {fields}", fields = GameRules::FIELDS.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", "))]
    UnknownField(String),
    /// A value the field does not take.
    #[error("rule {field}: {value:?} is not {expected}")]
    BadValue {
        /// The field.
        field: &'static str,
        /// The value given.
        value: String,
        /// What it takes.
        expected: String,
    },
    /// A rule given without `=`.
    #[error("rule {0:?}: expected NAME=VALUE (kiriage=false)")]
    NoValue(String),
    /// Values that do not make a game.
    #[error("{0}")]
    Inconsistent(String),
}

fn preset_names() -> String {
    let names: Vec<&str> = Preset::ALL.iter().map(|preset| preset.name()).collect();
    names.join(", ")
}

/// Reads a value into a field, naming the field and what it takes when the text is none.
fn read<T: RuleValue>(slot: &mut T, field: &'static str, value: &str) -> Result<(), RulesError> {
    match T::parse(value) {
        Some(parsed) => {
            *slot = parsed;
            Ok(())
        }
        None => Err(RulesError::BadValue {
            field,
            value: value.to_owned(),
            expected: slot.expected(),
        }),
    }
}

/// The fields: their names (as `--rule` takes them) and what each means, and reading and
/// writing them as text.
macro_rules! fields {
    ($($field:ident: $doc:literal,)+) => {
        impl GameRules {
            /// Every field by name (as [`GameRules::set`] takes it), with what it means.
            pub const FIELDS: &'static [(&'static str, &'static str)] = &[
                $((stringify!($field), $doc),)+
            ];

            /// The value of a field as text (`kiriage` → `true`), `None` for no such field.
            pub fn field(&self, name: &str) -> Option<String> {
                match name {
                    $(stringify!($field) => Some(self.$field.text()),)+
                    _ => None,
                }
            }

            fn set_field(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
                match name {
                    $(stringify!($field) => read(&mut self.$field, stringify!($field), value),)+
                    _ => Err(RulesError::UnknownField(name.to_owned())),
                }
            }
        }
    };
}

fields! {
    players: "the players: 3 or 4",
    length: "east or hanchan",
    start_points: "points each player starts with",
    return_points: "points returned at the end: the final result counts from them, and the game extends while nobody has them",
    uma: "the placement bonus in thousands, 1st to 4th; above:… by how many end with the return points or more",
    ties: "equal final points: seat_order, or split (the places' uma and oka shared)",
    final_rounding: "the final result rounded Tenhou's way (tenhou) or exact to 100 points",
    leftover_sticks: "riichi sticks left at the end: first or lost",
    chombo: "a false declaration: none, reverse_mangan, or thousands off after the uma",
    red_fives: "red fives of man, pin and sou (1,1,1), or true/false",
    open_tanyao: "tanyao in an open hand (kuitan)",
    atozuke: "a win on a tile that alone gives the yaku; off, every wait needs a yaku",
    kuikae: "after a call: forbidden (the kind and the run's other end), same_tile, or free",
    ippatsu: "ippatsu counts",
    ura_dora: "ura dora for a riichi winner",
    kan_dora: "a kan turns over a new indicator",
    kan_ura: "a kan's indicator has an ura",
    kan_dora_timing: "an open or added kan's indicator: after_discard or at_once",
    multiple_ron: "several rons on one tile: head_bump, double (three abort) or all",
    multiple_ron_honba: "the honba of several rons: first or each",
    multiple_ron_sticks: "the sticks of several rons: first, or own_back (each its own, the rest to the first)",
    nine_terminals: "nine terminals and honours in a first draw may abort",
    four_winds: "four winds aborts",
    four_riichi: "four riichi aborts",
    four_kans: "four kans by more than one seat abort",
    agari_yame: "a first-placed dealer's last-hand win may end the game",
    tenpai_yame: "a first-placed dealer's last-hand tenpai may end the game",
    renchan: "the dealer repeats on win_or_tenpai, or on a win only",
    noten_payment: "the noten payments at a draw, in all (3000; 0 none)",
    nagashi: "nagashi mangan at an exhaustive draw",
    kiriage: "4 han 30 fu and 3 han 60 fu are a mangan",
    kazoe: "13 han or more is a yakuman (off: sanbaiman)",
    yakuman_stack: "different yakuman in one hand add up",
    double_yakuman: "the single yakuman counted double: all, none, or kokushi13+suuankou_tanki+junsei_chuuren+daisuushii",
    pao_daisangen: "the feeder of the third dragon set is liable for daisangen",
    pao_daisuushii: "the feeder of the fourth wind set is liable for daisuushii",
    pao_suukantsu: "the feeder of a fourth kan made by an open kan is liable for suukantsu",
    pao_scope: "a liable seat pays the whole hand, or only the part of the liable yakuman",
    pao_honba: "the honba of a ron with a liable seat: discarder or liable",
    daiminkan_pao: "a win on an open kan's replacement tile is paid by the kanned tile's discarder",
    busting: "points that end the game: off, below_zero or at_zero",
    extension: "the game extends (West round) while nobody has the return points",
    riichi_below_1000: "riichi with fewer than 1,000 points",
    riichi_tiles_left: "live tiles that must be left to declare riichi (0: even on the last draw)",
    riichi_ankan: "a concealed kan after riichi that keeps the waits",
    honba: "points a honba adds from each payer",
    double_wind_fu: "the fu of a double-wind pair: 2 or 4",
    renhou: "a non-dealer's ron before its first draw: none, mangan, 5han or yakuman",
    kokushi_ankan: "thirteen orphans may rob a concealed kan",
}

impl GameRules {
    /// The rules of a preset by name (`m-league`, or another name: `majsoul`).
    ///
    /// # Errors
    ///
    /// [`RulesError::UnknownPreset`], listing the presets.
    pub fn preset(name: &str) -> Result<GameRules, RulesError> {
        Preset::named(name)
            .map(Preset::rules)
            .ok_or_else(|| RulesError::UnknownPreset(name.to_owned()))
    }

    /// Sets one field by name from text, then checks the rules still make a game.
    ///
    /// # Errors
    ///
    /// [`RulesError`]: no such field (listing them), a value it does not take (saying what it
    /// takes), or values that make no game; the rules are then unchanged.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        let mut changed = *self;
        let name = name.trim();
        changed.set_field(name, value)?;
        if name == "players" && changed.players != self.players {
            // The room's form for that many players, as the players' switch of every lobby.
            changed = if changed.three_player() {
                self.with_three_players()
            } else {
                self.with_four_players()
            };
        }
        changed.check().map_err(RulesError::Inconsistent)?;
        *self = changed;
        Ok(())
    }

    /// Sets `NAME=VALUE` ([`GameRules::set`]).
    ///
    /// # Errors
    ///
    /// As [`GameRules::set`], or [`RulesError::NoValue`] without `=`.
    pub fn set_pair(&mut self, pair: &str) -> Result<(), RulesError> {
        let (name, value) = pair
            .split_once('=')
            .ok_or_else(|| RulesError::NoValue(pair.to_owned()))?;
        self.set(name, value)
    }

    /// The rules of a preset with fields set (`--rules m-league --rule kiriage=false`).
    ///
    /// # Errors
    ///
    /// As [`GameRules::preset`] and [`GameRules::set_pair`].
    pub fn with(preset: &str, pairs: &[impl AsRef<str>]) -> Result<GameRules, RulesError> {
        let mut rules = GameRules::preset(preset)?;
        for pair in pairs {
            rules.set_pair(pair.as_ref())?;
        }
        Ok(rules)
    }

    /// The fields whose values differ from the preset's, as `NAME=VALUE`, in field order.
    pub fn overrides(&self) -> Vec<String> {
        let base = self.preset.rules();
        GameRules::FIELDS
            .iter()
            .filter_map(|(name, _)| {
                let value = self.field(name)?;
                (base.field(name).as_deref() != Some(value.as_str()))
                    .then(|| format!("{name}={value}"))
            })
            .collect()
    }

    /// Whether these are the rules of one of Tenhou's lobbies: `tenhou` or `tenhou-sanma` with
    /// at most the length, red fives and kuitan set otherwise (what Tenhou's own records and
    /// a record without rules say).
    pub fn is_tenhou_lobby(&self) -> bool {
        matches!(self.preset, Preset::Tenhou | Preset::TenhouSanma)
            && self.overrides().iter().all(|pair| {
                ["length=", "red_fives=", "open_tanyao="]
                    .iter()
                    .any(|name| pair.starts_with(name))
            })
    }

    /// The preset's name and the fields set otherwise: `m-league`, `m-league kiriage=false`.
    /// [`GameRules::from_str`] reads it back.
    pub fn describe(&self) -> String {
        let mut words = vec![self.preset.name().to_owned()];
        words.extend(self.overrides());
        words.join(" ")
    }

    /// Checks the rules make a game: red five counts of 0 or 1 and no red 5m with three
    /// players, points that are multiples of 100 with the return points no fewer than the
    /// start points, a double-wind pair of 2 or 4 fu, at most 136 tiles' worth of riichi
    /// wall.
    ///
    /// # Errors
    ///
    /// What is wrong, naming the field and the value.
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
        if self.start_points <= 0 || self.start_points % 100 != 0 {
            return Err(format!(
                "start_points {}: a positive multiple of 100",
                self.start_points
            ));
        }
        if self.return_points < self.start_points || self.return_points % 100 != 0 {
            return Err(format!(
                "return_points {}: a multiple of 100, no fewer than the start points ({})",
                self.return_points, self.start_points
            ));
        }
        if !matches!(self.double_wind_fu, 2 | 4) {
            return Err(format!("double_wind_fu {}: 2 or 4", self.double_wind_fu));
        }
        if self.riichi_tiles_left > self.live_draws() {
            return Err(format!(
                "riichi_tiles_left {}: at most the {} live draws",
                self.riichi_tiles_left,
                self.live_draws()
            ));
        }
        // Shared by one to three tenpai seats and three to one noten seats (one or two with
        // three players) in whole hundreds.
        let shares = if self.three_player() { 200 } else { 600 };
        if self.noten_payment % shares != 0 {
            return Err(format!(
                "noten_payment {}: a multiple of {shares}, so that any number of tenpai and \
                 noten players share it in hundreds",
                self.noten_payment
            ));
        }
        Ok(())
    }
}

impl fmt::Display for GameRules {
    /// [`GameRules::describe`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

impl FromStr for GameRules {
    type Err = RulesError;

    /// A preset's name and fields set otherwise, as [`GameRules::describe`] writes them:
    /// `m-league kiriage=false`.
    fn from_str(text: &str) -> Result<GameRules, RulesError> {
        let mut words = text.split_whitespace();
        let preset = words.next().unwrap_or("");
        let pairs: Vec<&str> = words.collect();
        GameRules::with(preset, &pairs)
    }
}
