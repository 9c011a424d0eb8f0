//! From han and fu to points: the base points, the limits, and who pays what.

use std::fmt;

use crate::players::Players;
use crate::score::situation::ScoringRules;

/// A limit hand: the base points are capped (or raised) to a fixed value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Limit {
    /// 2,000 base points: 5 han, or fewer han whose fu would pay more.
    Mangan,
    /// 3,000: 6 or 7 han.
    Haneman,
    /// 4,000: 8 to 10 han.
    Baiman,
    /// 6,000: 11 or 12 han (or more, without counted yakuman).
    Sanbaiman,
    /// 8,000 per yakuman, or 13 han and more as a counted yakuman.
    Yakuman,
}

impl Limit {
    /// Its name: `mangan`, `haneman`, `baiman`, `sanbaiman`, `yakuman`.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::Yakuman => "yakuman",
        }
    }

    /// Its base points (for one yakuman).
    pub fn base(self) -> u32 {
        match self {
            Limit::Mangan => 2_000,
            Limit::Haneman => 3_000,
            Limit::Baiman => 4_000,
            Limit::Sanbaiman => 6_000,
            Limit::Yakuman => 8_000,
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The base points of a hand and its limit, if any: `fu × 2^(2 + han)` below the limits.
///
/// `yakuman` is the yakuman multiple (0 for an ordinary hand); `han` and `fu` are the
/// ordinary hand's.
pub fn base_points(han: u32, fu: u32, yakuman: u32, rules: &ScoringRules) -> (u32, Option<Limit>) {
    if yakuman > 0 {
        return (8_000 * yakuman, Some(Limit::Yakuman));
    }
    let limit = match han {
        0..=4 => {
            let base = fu << (2 + han);
            let kiriage = rules.kiriage && base == 1_920;
            if base < 2_000 && !kiriage {
                return (base, None);
            }
            Limit::Mangan
        }
        5 => Limit::Mangan,
        6 | 7 => Limit::Haneman,
        8..=10 => Limit::Baiman,
        11 | 12 => Limit::Sanbaiman,
        _ if rules.counted_yakuman => Limit::Yakuman,
        _ => Limit::Sanbaiman,
    };
    (limit.base(), Some(limit))
}

/// Rounds up to the next 100.
fn round_up(points: u32) -> u32 {
    points.div_ceil(100) * 100
}

/// Who pays what: the hand's value, with the honba and riichi sticks apart from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Points {
    /// The hand's value: the ron payment, or the tsumo payments together (no honba, no
    /// riichi sticks).
    pub total: u32,
    /// On a ron: what the discarder pays.
    pub ron: Option<u32>,
    /// On a non-dealer's tsumo: what the dealer pays.
    pub dealer: Option<u32>,
    /// On a tsumo: what each non-dealer pays.
    pub non_dealer: Option<u32>,
    /// The honba bonus, in all: 100 per honba from each payer (300 a ron with four players,
    /// 200 with three).
    pub honba: u32,
    /// The riichi deposits the winner collects: 1,000 each.
    pub riichi_sticks: u32,
    /// The players at the table (4, or 3: a tsumo is paid by two, each what they would pay
    /// at four, the absent seat's share lost).
    pub players: Players,
}

impl Points {
    /// The payments for these base points, four players at the table.
    pub fn new(base: u32, dealer: bool, tsumo: bool, honba: u32, riichi_sticks: u32) -> Points {
        Points::at_table(Players::Four, base, dealer, tsumo, honba, riichi_sticks)
    }

    /// The payments for these base points with `players` at the table. With three, a
    /// tsumo is paid as at four by the two other players (tsumo loss: a non-dealer's mangan
    /// tsumo earns 4,000 + 2,000) and a honba is 100 from each of them.
    pub fn at_table(
        players: Players,
        base: u32,
        dealer: bool,
        tsumo: bool,
        honba: u32,
        riichi_sticks: u32,
    ) -> Points {
        let payers = players.count() as u32 - 1;
        let (ron, by_dealer, by_others) = match (tsumo, dealer) {
            (false, true) => (Some(round_up(6 * base)), None, None),
            (false, false) => (Some(round_up(4 * base)), None, None),
            (true, true) => (None, None, Some(round_up(2 * base))),
            (true, false) => (None, Some(round_up(2 * base)), Some(round_up(base))),
        };
        let total = match (ron, by_dealer, by_others) {
            (Some(ron), _, _) => ron,
            (None, Some(d), Some(o)) => d + (payers - 1) * o,
            (None, _, o) => payers * o.unwrap_or(0),
        };
        Points {
            total,
            ron,
            dealer: by_dealer,
            non_dealer: by_others,
            honba: 100 * payers * honba,
            riichi_sticks: 1_000 * riichi_sticks,
            players,
        }
    }

    /// The payments for these base points under `rules`: their players and the points a
    /// honba adds from each payer.
    pub fn under(
        rules: &ScoringRules,
        base: u32,
        dealer: bool,
        tsumo: bool,
        honba: u32,
        riichi_sticks: u32,
    ) -> Points {
        let mut points = Points::at_table(rules.players, base, dealer, tsumo, honba, riichi_sticks);
        let payers = rules.players.count() as u32 - 1;
        points.honba = rules.honba_per_payer * payers * honba;
        points
    }

    /// Everything the winner receives: the hand, the honba and the riichi sticks.
    pub fn received(&self) -> u32 {
        self.total + self.honba + self.riichi_sticks
    }
}

impl fmt::Display for Points {
    /// `ron 7700`, `tsumo 2000/3900` (non-dealers/dealer), `tsumo 2600 all`, then the honba
    /// and sticks when there are any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.ron, self.dealer, self.non_dealer) {
            (Some(ron), _, _) => write!(f, "ron {ron}")?,
            (None, Some(dealer), Some(others)) => {
                write!(f, "tsumo {others}/{dealer} (each non-dealer/dealer)")?;
            }
            (None, _, others) => write!(f, "tsumo {} all", others.unwrap_or(0))?,
        }
        write!(f, " = {}", self.total)?;
        if self.honba > 0 {
            write!(f, "; honba +{}", self.honba)?;
            if self.ron.is_none() {
                write!(
                    f,
                    " ({} from each)",
                    self.honba / (self.players.count() as u32 - 1)
                )?;
            }
        }
        if self.riichi_sticks > 0 {
            write!(f, "; riichi sticks +{}", self.riichi_sticks)?;
        }
        if self.honba + self.riichi_sticks > 0 {
            write!(f, "; received {}", self.received())?;
        }
        Ok(())
    }
}
