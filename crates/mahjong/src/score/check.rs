//! What makes a hand and its situation impossible to score, checked before any reading.

use std::fmt;

use crate::full_hand::FullHand;
use crate::score::situation::{ScoringRules, Situation};
use crate::tile::{COPIES, KINDS, Suit, Tile};

/// A situation that cannot happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Contradiction {
    /// Riichi (or double riichi) with an open meld.
    RiichiOpen,
    /// Ippatsu without riichi.
    IppatsuWithoutRiichi,
    /// Chankan is a ron.
    ChankanTsumo,
    /// Houtei is a ron.
    HouteiTsumo,
    /// Haitei is a tsumo.
    HaiteiRon,
    /// Rinshan is a tsumo.
    RinshanRon,
    /// Rinshan needs a kan (or, with three players, a North set aside).
    RinshanWithoutKan,
    /// The replacement tile after a kan is never the last tile of the wall.
    HaiteiRinshan,
    /// A robbed kan is not the last discard.
    ChankanHoutei,
    /// Tenhou is the dealer's.
    TenhouNotDealer,
    /// Tenhou is a tsumo.
    TenhouRon,
    /// Chiihou is a non-dealer's.
    ChiihouDealer,
    /// Chiihou is a tsumo.
    ChiihouRon,
    /// Tenhou and chiihou come before any call or kan.
    FirstDrawWithMelds,
    /// Tenhou and chiihou come before any riichi.
    FirstDrawRiichi,
    /// Ura dora are turned over only for riichi.
    UraWithoutRiichi,
    /// A robbed kan holds the other three copies of the winning tile.
    ChankanHeldCopy,
    /// Norths are set aside (kita) only with three players.
    KitaWithFourPlayers,
    /// Renhou is a non-dealer's ron before its first draw.
    RenhouNotRon,
    /// Renhou is a non-dealer's.
    RenhouDealer,
    /// Renhou comes before any call, riichi or kan.
    RenhouLate,
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Contradiction::RiichiOpen => "riichi with an open hand: riichi needs a closed hand",
            Contradiction::IppatsuWithoutRiichi => "ippatsu without riichi",
            Contradiction::ChankanTsumo => "chankan by tsumo: robbing a kan is a ron",
            Contradiction::HouteiTsumo => "houtei by tsumo: houtei is a ron on the last discard",
            Contradiction::HaiteiRon => "haitei by ron: haitei is a tsumo on the last tile",
            Contradiction::RinshanRon => "rinshan by ron: rinshan is a tsumo on the replacement tile",
            Contradiction::RinshanWithoutKan => {
                "rinshan without a kan (or, with three players, a North set aside)"
            }
            Contradiction::KitaWithFourPlayers => {
                "Norths set aside (kita) with four players: kita is a three-player rule"
            }
            Contradiction::HaiteiRinshan => {
                "haitei and rinshan: the replacement tile after a kan is not the last tile of the wall"
            }
            Contradiction::ChankanHoutei => "chankan and houtei: a robbed kan is not the last discard",
            Contradiction::TenhouNotDealer => "tenhou by a non-dealer: tenhou is the dealer's",
            Contradiction::TenhouRon => "tenhou by ron: tenhou is a tsumo",
            Contradiction::ChiihouDealer => "chiihou by the dealer: chiihou is a non-dealer's",
            Contradiction::ChiihouRon => "chiihou by ron: chiihou is a tsumo",
            Contradiction::FirstDrawWithMelds => {
                "tenhou or chiihou with a meld: they come before any call or kan"
            }
            Contradiction::FirstDrawRiichi => "tenhou or chiihou with riichi: they come before any discard",
            Contradiction::UraWithoutRiichi => "ura dora indicators without riichi",
            Contradiction::RenhouNotRon => "renhou by tsumo: renhou is a ron before the first draw",
            Contradiction::RenhouDealer => "renhou by the dealer: renhou is a non-dealer's",
            Contradiction::RenhouLate => {
                "renhou with a meld or riichi: it comes before any call or discard of the winner's"
            }
            Contradiction::ChankanHeldCopy => {
                "chankan on a tile the hand holds twice: the robbed kan holds the other three copies"
            }
        })
    }
}

/// Why a hand cannot be scored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    /// Not fourteen tiles, each kan counted as three.
    #[error("{count} tiles counting each kan as 3: a winning hand has 14")]
    TileCount {
        /// The size.
        count: usize,
    },
    /// The winning tile is not among the concealed tiles.
    #[error("the winning tile {win} is not among the concealed tiles {hand}")]
    WinNotInHand {
        /// The winning tile.
        win: String,
        /// The concealed tiles.
        hand: String,
    },
    /// The hand is not complete in any form.
    #[error("{hand} is not a complete hand")]
    NotComplete {
        /// The hand.
        hand: FullHand,
    },
    /// Complete, but with no yaku (dora are not yaku).
    #[error("{hand} has no yaku (dora alone do not count)")]
    NoYaku {
        /// The hand.
        hand: FullHand,
    },
    /// A situation that cannot happen.
    #[error("contradictory situation: {0}")]
    Contradiction(Contradiction),
    /// A fifth copy of a kind among the hand, its melds, the indicators and the Norths set
    /// aside.
    #[error(
        "a fifth {tile}: the set has only 4 (counting the hand, its melds, the indicators and any Norths set aside)"
    )]
    FifthCopy {
        /// The kind.
        tile: Tile,
    },
    /// A kind the three-player set does not have (2m-8m).
    #[error("{tile}: the three-player set has no 2m-8m")]
    NotInSet {
        /// The kind.
        tile: Tile,
    },
    /// A red five under rules with none.
    #[error("a red five {tile}: these rules have no red fives")]
    RedFiveNotInRules {
        /// The five, written `0m`.
        tile: String,
    },
    /// More red fives of a suit than the set has.
    #[error("{count} red fives {tile}: the set has one of each suit")]
    TooManyRedFives {
        /// The five, written `0m`.
        tile: String,
        /// How many were given.
        count: u8,
    },
    /// More indicators than the dead wall turns over.
    #[error("{count} {which} indicators: at most 5 (one, and one more per kan)")]
    TooManyIndicators {
        /// `dora` or `ura dora`.
        which: &'static str,
        /// How many were given.
        count: usize,
    },
}

/// Checks everything about the hand and the situation that does not need a reading.
pub(crate) fn validate(
    hand: &FullHand,
    situation: &Situation,
    rules: &ScoringRules,
) -> Result<(), ScoreError> {
    use Contradiction::*;
    if hand.size() != 14 {
        return Err(ScoreError::TileCount { count: hand.size() });
    }
    let win = situation.win;
    if hand.concealed().count(win.tile) == 0
        || (win.red && hand.concealed_red()[suit_of(win.tile)] == 0)
    {
        return Err(ScoreError::WinNotInHand {
            win: win.to_string(),
            hand: hand.to_string(),
        });
    }
    let s = situation;
    let riichi = s.in_riichi();
    let mut counts: [u8; KINDS] = hand.counts();
    let checks = [
        (riichi && !hand.is_closed(), RiichiOpen),
        (s.ippatsu && !riichi, IppatsuWithoutRiichi),
        (s.chankan && s.tsumo, ChankanTsumo),
        (s.houtei && s.tsumo, HouteiTsumo),
        (s.haitei && !s.tsumo, HaiteiRon),
        (s.rinshan && !s.tsumo, RinshanRon),
        (
            s.rinshan && hand.kans() == 0 && s.kita == 0,
            RinshanWithoutKan,
        ),
        (s.kita > 0 && !rules.three_player(), KitaWithFourPlayers),
        (s.haitei && s.rinshan, HaiteiRinshan),
        (s.chankan && s.houtei, ChankanHoutei),
        (s.tenhou && !s.is_dealer(), TenhouNotDealer),
        (s.tenhou && !s.tsumo, TenhouRon),
        (s.chiihou && s.is_dealer(), ChiihouDealer),
        (s.chiihou && !s.tsumo, ChiihouRon),
        (
            (s.tenhou || s.chiihou) && !hand.melds().is_empty(),
            FirstDrawWithMelds,
        ),
        ((s.tenhou || s.chiihou) && riichi, FirstDrawRiichi),
        (s.renhou && s.tsumo, RenhouNotRon),
        (s.renhou && s.is_dealer(), RenhouDealer),
        (s.renhou && (riichi || !hand.melds().is_empty()), RenhouLate),
        (!s.ura_indicators.is_empty() && !riichi, UraWithoutRiichi),
        (s.chankan && counts[win.tile.index()] > 1, ChankanHeldCopy),
    ];
    if let Some(&(_, contradiction)) = checks.iter().find(|(bad, _)| *bad) {
        return Err(ScoreError::Contradiction(contradiction));
    }
    for (which, indicators) in [
        ("dora", &s.dora_indicators),
        ("ura dora", &s.ura_indicators),
    ] {
        if indicators.len() > 5 {
            return Err(ScoreError::TooManyIndicators {
                which,
                count: indicators.len(),
            });
        }
    }
    let mut red = hand.red();
    for piece in s.dora_indicators.iter().chain(&s.ura_indicators) {
        counts[piece.tile.index()] += 1;
        if piece.red {
            red[suit_of(piece.tile)] += 1;
        }
    }
    counts[30] = counts[30].saturating_add(u8::try_from(s.kita).unwrap_or(u8::MAX));
    // Only the three-player set lacks kinds: four players' hands skip the scan.
    if rules.three_player()
        && let Some(index) =
            (0..KINDS).find(|&index| counts[index] > 0 && !rules.has_kind(Tile::kind(index)))
    {
        return Err(ScoreError::NotInSet {
            tile: Tile::kind(index),
        });
    }
    if let Some(index) = counts.iter().position(|&count| count > COPIES) {
        return Err(ScoreError::FifthCopy {
            tile: Tile::kind(index),
        });
    }
    for (suit, &count) in red.iter().enumerate() {
        let tile = || format!("0{}", Suit::ALL[suit].letter());
        if count > 0 && !rules.red_fives {
            return Err(ScoreError::RedFiveNotInRules { tile: tile() });
        }
        if count > 1 {
            return Err(ScoreError::TooManyRedFives {
                tile: tile(),
                count,
            });
        }
    }
    Ok(())
}

/// The numbered suit's place (0, 1, 2) of a five.
fn suit_of(tile: Tile) -> usize {
    (tile.index() / 9).min(2)
}
