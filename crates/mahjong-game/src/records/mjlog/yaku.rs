//! Tenhou's yaku ids, both ways: a win's `yaku` and `yakuman` read, and written.

use mahjong::{Wind, Yaku};

/// Tenhou's yaku ids 0-54: the yaku of each (36 is renhou, which Tenhou does not play: as a
/// yaku, or in the yakuman list the yakuman form; 10-13 are the seat wind East to North,
/// 14-17 the round wind).
const TENHOU_YAKU: [Option<Yaku>; 55] = {
    use Yaku::*;
    [
        Some(MenzenTsumo),
        Some(Riichi),
        Some(Ippatsu),
        Some(Chankan),
        Some(Rinshan),
        Some(Haitei),
        Some(Houtei),
        Some(Pinfu),
        Some(Tanyao),
        Some(Iipeikou),
        Some(SeatWind),
        Some(SeatWind),
        Some(SeatWind),
        Some(SeatWind),
        Some(RoundWind),
        Some(RoundWind),
        Some(RoundWind),
        Some(RoundWind),
        Some(Haku),
        Some(Hatsu),
        Some(Chun),
        Some(DoubleRiichi),
        Some(Chiitoitsu),
        Some(Chanta),
        Some(Ittsu),
        Some(Sanshoku),
        Some(SanshokuDoukou),
        Some(Sankantsu),
        Some(Toitoi),
        Some(Sanankou),
        Some(Shousangen),
        Some(Honroutou),
        Some(Ryanpeikou),
        Some(Junchan),
        Some(Honitsu),
        Some(Chinitsu),
        Some(Renhou),
        Some(Tenhou),
        Some(Chiihou),
        Some(Daisangen),
        Some(Suuankou),
        Some(SuuankouTanki),
        Some(Tsuuiisou),
        Some(Ryuuiisou),
        Some(Chinroutou),
        Some(Chuuren),
        Some(JunseiChuuren),
        Some(Kokushi),
        Some(Kokushi13),
        Some(Daisuushii),
        Some(Shousuushii),
        Some(Suukantsu),
        Some(Dora),
        Some(UraDora),
        Some(AkaDora),
    ]
};

/// A yaku by its Tenhou id (0-54), if it is one this engine scores.
pub(super) fn yaku_of(id: i64) -> Option<Yaku> {
    usize::try_from(id)
        .ok()
        .and_then(|id| TENHOU_YAKU.get(id).copied().flatten())
}

/// A yaku's Tenhou id: the winds by the winner's seat wind and the round's (none for the
/// Norths set aside, which mjlog counts among the dora).
pub(super) fn tenhou_id(yaku: Yaku, seat_wind: Wind, round_wind: Wind) -> Option<u32> {
    match yaku {
        Yaku::RenhouYakuman => Some(36),
        Yaku::SeatWind => Some(10 + seat_wind as u32),
        Yaku::RoundWind => Some(14 + round_wind as u32),
        _ => TENHOU_YAKU
            .iter()
            .position(|one| *one == Some(yaku))
            .map(|id| id as u32),
    }
}
