//! The yaku: their names, their han, and which ones a reading of a hand has.

use std::fmt;

use crate::score::situation::ScoringRules;

/// A yaku, a dora count, or a yakuman. The order is the order a score lists them in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Yaku {
    /// Riichi declared (closed only).
    Riichi,
    /// Riichi declared on the first turn (closed only), in place of riichi.
    DoubleRiichi,
    /// Won within one turn of riichi.
    Ippatsu,
    /// A closed hand won by tsumo.
    MenzenTsumo,
    /// Only simples, 2 to 8 (open too under the default rules).
    Tanyao,
    /// Closed, four runs, a pair that scores no fu, won on a two-sided wait.
    Pinfu,
    /// Two identical runs (closed only).
    Iipeikou,
    /// Won by tsumo on the last tile of the wall.
    Haitei,
    /// Won by ron on the last discard.
    Houtei,
    /// Won on the replacement tile after a kan.
    Rinshan,
    /// Won by robbing an added kan.
    Chankan,
    /// A triplet of White dragons.
    Haku,
    /// A triplet of Green dragons.
    Hatsu,
    /// A triplet of Red dragons.
    Chun,
    /// A triplet of the seat's wind.
    SeatWind,
    /// A triplet of the round's wind.
    RoundWind,
    /// Seven distinct pairs.
    Chiitoitsu,
    /// The same run in all three suits.
    Sanshoku,
    /// 123, 456 and 789 of one suit.
    Ittsu,
    /// Every set and the pair hold a terminal or an honour, with a run and an honour.
    Chanta,
    /// Four triplets or kans.
    Toitoi,
    /// Three concealed triplets or kans.
    Sanankou,
    /// Three kans.
    Sankantsu,
    /// The same triplet number in all three suits.
    SanshokuDoukou,
    /// Only terminals and honours.
    Honroutou,
    /// Two dragon triplets and a dragon pair.
    Shousangen,
    /// One suit and honours.
    Honitsu,
    /// Every set and the pair hold a terminal, no honours, with a run.
    Junchan,
    /// Two pairs of identical runs (closed only), in place of iipeikou.
    Ryanpeikou,
    /// One suit, no honours.
    Chinitsu,
    /// A non-dealer's ron before its first draw (renhou), under rules that make it a yaku:
    /// 5 han (a mangan on its own).
    Renhou,
    /// Dora: one han per tile the indicators point to.
    Dora,
    /// Red fives: one han each.
    AkaDora,
    /// Ura dora (after riichi): one han per tile their indicators point to.
    UraDora,
    /// Nukidora (three players): one han per North set aside (each also counts as a dora or
    /// ura dora when an indicator shows West).
    Nukidora,
    /// Thirteen orphans.
    Kokushi,
    /// Thirteen orphans on the thirteen-sided wait.
    Kokushi13,
    /// Four concealed triplets.
    Suuankou,
    /// Four concealed triplets, won on the pair.
    SuuankouTanki,
    /// Three dragon triplets.
    Daisangen,
    /// Three wind triplets and a wind pair.
    Shousuushii,
    /// Four wind triplets.
    Daisuushii,
    /// Only honours.
    Tsuuiisou,
    /// Only green tiles: 2, 3, 4, 6, 8 of bamboo and the Green dragon.
    Ryuuiisou,
    /// Only terminals.
    Chinroutou,
    /// Nine gates: 1112345678999 of one suit and one more, closed.
    Chuuren,
    /// Nine gates won on its nine-sided wait.
    JunseiChuuren,
    /// Four kans.
    Suukantsu,
    /// The dealer's hand complete as dealt.
    Tenhou,
    /// A non-dealer complete on the first draw.
    Chiihou,
    /// Renhou, under rules that make it a yakuman.
    RenhouYakuman,
}

use Yaku::*;

impl Yaku {
    /// Every yaku, in listing order.
    pub const ALL: [Yaku; 51] = [
        Riichi,
        DoubleRiichi,
        Ippatsu,
        MenzenTsumo,
        Tanyao,
        Pinfu,
        Iipeikou,
        Haitei,
        Houtei,
        Rinshan,
        Chankan,
        Haku,
        Hatsu,
        Chun,
        SeatWind,
        RoundWind,
        Chiitoitsu,
        Sanshoku,
        Ittsu,
        Chanta,
        Toitoi,
        Sanankou,
        Sankantsu,
        SanshokuDoukou,
        Honroutou,
        Shousangen,
        Honitsu,
        Junchan,
        Ryanpeikou,
        Chinitsu,
        Renhou,
        Dora,
        AkaDora,
        UraDora,
        Nukidora,
        Kokushi,
        Kokushi13,
        Suuankou,
        SuuankouTanki,
        Daisangen,
        Shousuushii,
        Daisuushii,
        Tsuuiisou,
        Ryuuiisou,
        Chinroutou,
        Chuuren,
        JunseiChuuren,
        Suukantsu,
        Tenhou,
        Chiihou,
        RenhouYakuman,
    ];

    /// Its name as scores write it: `riichi`, `menzen tsumo`, `kokushi 13-sided`.
    pub fn name(self) -> &'static str {
        match self {
            Riichi => "riichi",
            DoubleRiichi => "double riichi",
            Ippatsu => "ippatsu",
            MenzenTsumo => "menzen tsumo",
            Tanyao => "tanyao",
            Pinfu => "pinfu",
            Iipeikou => "iipeikou",
            Haitei => "haitei",
            Houtei => "houtei",
            Rinshan => "rinshan",
            Chankan => "chankan",
            Haku => "haku",
            Hatsu => "hatsu",
            Chun => "chun",
            SeatWind => "seat wind",
            RoundWind => "round wind",
            Chiitoitsu => "chiitoitsu",
            Sanshoku => "sanshoku",
            Ittsu => "ittsu",
            Chanta => "chanta",
            Toitoi => "toitoi",
            Sanankou => "sanankou",
            Sankantsu => "sankantsu",
            SanshokuDoukou => "sanshoku doukou",
            Honroutou => "honroutou",
            Shousangen => "shousangen",
            Honitsu => "honitsu",
            Junchan => "junchan",
            Ryanpeikou => "ryanpeikou",
            Chinitsu => "chinitsu",
            Renhou => "renhou",
            Dora => "dora",
            AkaDora => "aka dora",
            UraDora => "ura dora",
            Nukidora => "nukidora",
            Kokushi => "kokushi",
            Kokushi13 => "kokushi 13-sided",
            Suuankou => "suuankou",
            SuuankouTanki => "suuankou tanki",
            Daisangen => "daisangen",
            Shousuushii => "shousuushii",
            Daisuushii => "daisuushii",
            Tsuuiisou => "tsuuiisou",
            Ryuuiisou => "ryuuiisou",
            Chinroutou => "chinroutou",
            Chuuren => "chuuren",
            JunseiChuuren => "junsei chuuren",
            Suukantsu => "suukantsu",
            Tenhou => "tenhou",
            Chiihou => "chiihou",
            RenhouYakuman => "renhou yakuman",
        }
    }

    /// Whether it is a yakuman.
    pub fn is_yakuman(self) -> bool {
        self >= Kokushi
    }

    /// Whether it counts dora rather than being a yaku (a hand needs a yaku besides these).
    pub fn is_dora(self) -> bool {
        matches!(self, Dora | AkaDora | UraDora | Nukidora)
    }

    /// The han of an ordinary yaku, closed and open (`None` open: closed only). One per tile
    /// for the dora counts; 13 for a yakuman (see [`Yaku::yakuman_multiple`]).
    pub fn han(self) -> (u32, Option<u32>) {
        match self {
            Riichi | Ippatsu | MenzenTsumo | Pinfu | Iipeikou => (1, None),
            DoubleRiichi | Chiitoitsu => (2, None),
            Ryanpeikou => (3, None),
            Tanyao | Haitei | Houtei | Rinshan | Chankan | Haku | Hatsu | Chun | SeatWind
            | RoundWind | Dora | AkaDora | UraDora | Nukidora => (1, Some(1)),
            Sanshoku | Ittsu | Chanta => (2, Some(1)),
            Toitoi | Sanankou | Sankantsu | SanshokuDoukou | Honroutou | Shousangen => (2, Some(2)),
            Honitsu | Junchan => (3, Some(2)),
            Chinitsu => (6, Some(5)),
            Renhou => (5, None),
            _ => (13, Some(13)),
        }
    }

    /// How many yakuman it is worth under `rules`: 0 for an ordinary yaku, 2 for the double
    /// ones when the rules have them, else 1.
    pub fn yakuman_multiple(self, rules: &ScoringRules) -> u32 {
        match self {
            Kokushi13 if rules.double_yakuman.kokushi13 => 2,
            SuuankouTanki if rules.double_yakuman.suuankou_tanki => 2,
            JunseiChuuren if rules.double_yakuman.junsei_chuuren => 2,
            Daisuushii if rules.double_yakuman.daisuushii => 2,
            yaku if yaku.is_yakuman() => 1,
            _ => 0,
        }
    }

    /// The bit of this yaku in a [`YakuSet`].
    fn bit(self) -> u64 {
        1 << self as u8
    }
}

impl fmt::Display for Yaku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of yaku, as bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct YakuSet(u64);

impl YakuSet {
    /// The set with `yaku` added when `on`.
    pub(crate) fn with_if(self, yaku: Yaku, on: bool) -> YakuSet {
        YakuSet(self.0 | if on { yaku.bit() } else { 0 })
    }

    /// The set with `yaku` added.
    pub(crate) fn with(self, yaku: Yaku) -> YakuSet {
        YakuSet(self.0 | yaku.bit())
    }

    /// Both sets.
    pub(crate) fn union(self, other: YakuSet) -> YakuSet {
        YakuSet(self.0 | other.0)
    }

    /// Whether it holds `yaku`.
    pub(crate) fn has(self, yaku: Yaku) -> bool {
        self.0 & yaku.bit() != 0
    }

    /// How many yaku it holds.
    pub(crate) fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether it is empty.
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Its yaku in listing order.
    pub(crate) fn iter(self) -> impl Iterator<Item = Yaku> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let index = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            Yaku::ALL.get(index).copied()
        })
    }

    /// The yakuman in it.
    pub(crate) fn yakuman(self) -> YakuSet {
        YakuSet(self.0 & !(Kokushi.bit() - 1))
    }

    /// The yakuman in it that count under `rules`: all of them when different yakuman add
    /// up, else the one worth most (the first listed among equals).
    pub(crate) fn counted_yakuman(self, rules: &ScoringRules) -> YakuSet {
        let yakuman = self.yakuman();
        if rules.yakuman_stack || yakuman.len() < 2 {
            return yakuman;
        }
        let best = yakuman
            .iter()
            .fold(None, |best: Option<Yaku>, yaku| match best {
                Some(old) if old.yakuman_multiple(rules) >= yaku.yakuman_multiple(rules) => {
                    Some(old)
                }
                _ => Some(yaku),
            });
        best.map_or(YakuSet::default(), |yaku| YakuSet::default().with(yaku))
    }

    /// Its yakuman multiple under `rules`.
    pub(crate) fn yakuman_multiple(self, rules: &ScoringRules) -> u32 {
        self.yakuman()
            .iter()
            .map(|yaku| yaku.yakuman_multiple(rules))
            .sum()
    }

    /// The han of its ordinary yaku (no dora) in a closed or open hand.
    pub(crate) fn han(self, closed: bool) -> u32 {
        self.iter()
            .map(|yaku| {
                let (closed_han, open_han) = yaku.han();
                if closed {
                    closed_han
                } else {
                    open_han.unwrap_or(0)
                }
            })
            .sum()
    }
}
