//! What a scored reading is made of: its sets, its wait, and the parts of its fu.

use std::fmt;

use crate::tile::{Text, Tile};

/// What a set of a standard reading is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SetKind {
    /// Three in a row.
    Run,
    /// Three alike.
    Triplet,
    /// Four alike.
    Kan,
}

/// One set of a scored reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoredSet {
    /// Run, triplet or kan.
    pub kind: SetKind,
    /// Its lowest tile.
    pub first: Tile,
    /// Whether it was called (a chi, pon or open kan).
    pub called: bool,
    /// Whether it counts as concealed: not called, and for a triplet not completed by ron.
    pub concealed: bool,
}

impl ScoredSet {
    /// Whether it is a triplet or a kan.
    pub(crate) fn is_triplet(self) -> bool {
        self.kind != SetKind::Run
    }

    /// Whether it holds a terminal or an honour.
    pub(crate) fn has_terminal_or_honor(self) -> bool {
        match self.kind {
            SetKind::Run => matches!(self.first.rank(), 1 | 7),
            _ => self.first.is_terminal_or_honor(),
        }
    }
}

impl fmt::Display for ScoredSet {
    /// `123m`; a called set in `[ ]`, a concealed kan in `{ }`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Text::new();
        self.push_text(&mut text);
        f.write_str(text.as_str())
    }
}

impl ScoredSet {
    /// Appends `123m`, `[555z]` or `{1111z}`.
    fn push_text(&self, text: &mut Text) {
        let rank = self.first.rank();
        let (step, len) = match self.kind {
            SetKind::Run => (1, 3),
            SetKind::Triplet => (0, 3),
            SetKind::Kan => (0, 4),
        };
        let (open, close) = match (self.called, self.kind) {
            (true, _) => (Some(b'['), Some(b']')),
            (false, SetKind::Kan) => (Some(b'{'), Some(b'}')),
            _ => (None, None),
        };
        if let Some(open) = open {
            text.push(open);
        }
        for i in 0..len {
            text.digit(rank + i * step);
        }
        text.push(self.first.suit().letter() as u8);
        if let Some(close) = close {
            text.push(close);
        }
    }
}

/// The reading a score was made from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Reading {
    /// Four sets and a pair.
    Standard {
        /// The pair's tile.
        pair: Tile,
        /// The sets: the concealed ones in tile order, then the called ones.
        sets: Vec<ScoredSet>,
    },
    /// Seven distinct pairs.
    SevenPairs,
    /// Thirteen orphans.
    ThirteenOrphans,
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text().as_str())
    }
}

impl Reading {
    /// Appends the reading's display to `out`, without the formatting machinery.
    pub fn push_to(&self, out: &mut String) {
        out.push_str(self.text().as_str());
    }

    /// The display, built on the stack.
    fn text(&self) -> Text {
        let mut text = Text::new();
        match self {
            Reading::Standard { pair, sets } => {
                text.digit(pair.rank());
                text.digit(pair.rank());
                text.push(pair.suit().letter() as u8);
                for set in sets {
                    text.push(b' ');
                    set.push_text(&mut text);
                }
            }
            Reading::SevenPairs => text.push_str("seven pairs"),
            Reading::ThirteenOrphans => text.push_str("thirteen orphans"),
        }
        text
    }
}

/// How the winning tile completed the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wait {
    /// Two-sided: `45` waiting on 3 or 6.
    Ryanmen,
    /// Closed: `46` waiting on 5.
    Kanchan,
    /// Edge: `12` waiting on 3, `89` on 7.
    Penchan,
    /// Two pairs, one becoming a triplet.
    Shanpon,
    /// A single tile waiting for its pair.
    Tanki,
    /// Thirteen orphans waiting on all thirteen.
    ThirteenSided,
}

impl Wait {
    /// Its name: `ryanmen`, `kanchan`, `penchan`, `shanpon`, `tanki`, `13-sided`.
    pub fn name(self) -> &'static str {
        match self {
            Wait::Ryanmen => "ryanmen",
            Wait::Kanchan => "kanchan",
            Wait::Penchan => "penchan",
            Wait::Shanpon => "shanpon",
            Wait::Tanki => "tanki",
            Wait::ThirteenSided => "13-sided",
        }
    }
}

impl fmt::Display for Wait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a pair scores fu.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PairFu {
    /// A dragon.
    Dragon,
    /// The seat's wind.
    SeatWind,
    /// The round's wind.
    RoundWind,
    /// A wind that is both the seat's and the round's.
    DoubleWind,
}

/// One part of a hand's fu.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FuPart {
    /// The base: 20, or 25 for seven pairs.
    Base(u32),
    /// A closed hand won by ron: 10.
    MenzenRon,
    /// A tsumo (but pinfu tsumo): 2.
    Tsumo,
    /// A triplet or kan, with its fu.
    Meld(ScoredSet, u32),
    /// A kanchan, penchan or tanki wait: 2.
    Wait(Wait),
    /// A pair of a dragon or a valued wind, with its fu.
    Pair(Tile, PairFu, u32),
    /// An open hand with no fu beyond the base counts 30: 10.
    OpenPinfu,
}

impl FuPart {
    /// Which part: `base`, `menzen ron`, `tsumo`, `meld`, `wait`, `pair` or `open pinfu`.
    pub fn part(&self) -> &'static str {
        match self {
            FuPart::Base(_) => "base",
            FuPart::MenzenRon => "menzen ron",
            FuPart::Tsumo => "tsumo",
            FuPart::Meld(..) => "meld",
            FuPart::Wait(_) => "wait",
            FuPart::Pair(..) => "pair",
            FuPart::OpenPinfu => "open pinfu",
        }
    }

    /// Its fu.
    pub fn fu(&self) -> u32 {
        match *self {
            FuPart::Base(fu) | FuPart::Meld(_, fu) | FuPart::Pair(_, _, fu) => fu,
            FuPart::MenzenRon | FuPart::OpenPinfu => 10,
            FuPart::Tsumo | FuPart::Wait(_) => 2,
        }
    }

    /// What earned them, in words: `concealed triplet of terminals/honours 111z`, `kanchan`,
    /// `55z: dragon`; empty for the base, menzen ron and tsumo.
    pub fn about(&self) -> String {
        self.describe().to_string()
    }

    /// Appends [`FuPart::about`] to `out`, without the formatting machinery.
    pub fn push_about(&self, out: &mut String) {
        out.push_str(About(*self).text().as_str());
    }

    /// [`FuPart::about`] as a `Display`, written without building a string.
    pub fn describe(&self) -> impl fmt::Display + '_ {
        About(*self)
    }
}

/// What earned a part's fu, in words.
struct About(FuPart);

impl fmt::Display for About {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text().as_str())
    }
}

impl About {
    /// The words, built on the stack.
    fn text(&self) -> Text {
        let mut text = Text::new();
        match self.0 {
            FuPart::Base(25) => text.push_str("seven pairs"),
            FuPart::Base(_) | FuPart::MenzenRon | FuPart::Tsumo => {}
            FuPart::Meld(set, _) => {
                text.push_str(match (set.called, set.concealed) {
                    (true, _) => "open ",
                    (false, true) => "concealed ",
                    (false, false) => "open (completed by ron) ",
                });
                text.push_str(if set.kind == SetKind::Kan {
                    "kan of "
                } else {
                    "triplet of "
                });
                text.push_str(if set.first.is_terminal_or_honor() {
                    "terminals/honours "
                } else {
                    "simples "
                });
                set.push_text(&mut text);
            }
            FuPart::Wait(wait) => text.push_str(wait.name()),
            FuPart::Pair(tile, why, _) => {
                text.digit(tile.rank());
                text.digit(tile.rank());
                text.push(tile.suit().letter() as u8);
                text.push_str(": ");
                text.push_str(match why {
                    PairFu::Dragon => "dragon",
                    PairFu::SeatWind => "seat wind",
                    PairFu::RoundWind => "round wind",
                    PairFu::DoubleWind => "seat and round wind",
                });
            }
            FuPart::OpenPinfu => text.push_str("an open hand's 20 fu count 30"),
        }
        text
    }
}

impl fmt::Display for FuPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.part(), self.fu())?;
        match self {
            FuPart::Base(20) | FuPart::MenzenRon | FuPart::Tsumo => Ok(()),
            _ => write!(f, " ({})", self.describe()),
        }
    }
}
