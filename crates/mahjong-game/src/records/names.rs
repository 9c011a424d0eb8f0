//! The names Tenhou's records give the yaku: read from tenhou.net/6 JSON (Japanese, or
//! Tenhou's English client's) and written into it. One table serves both ways.

use mahjong::{Wind, Yaku};

use Yaku::*;

/// Each yaku's Japanese name as Tenhou writes it (the wind yaku are followed by their wind:
/// `自風 南`), then the other names records use for it.
const NAMES: [(Yaku, &str, &[&str]); 51] = [
    (
        MenzenTsumo,
        "門前清自摸和",
        &["Menzen Tsumo", "Fully Concealed Hand"],
    ),
    (Riichi, "立直", &["Riichi"]),
    (Ippatsu, "一発", &["Ippatsu"]),
    (Chankan, "槍槓", &["Chankan", "Robbing a Kan"]),
    (Rinshan, "嶺上開花", &["Rinshan Kaihou", "After a Kan"]),
    (Haitei, "海底摸月", &["Haitei Raoyue", "Under the Sea"]),
    (Houtei, "河底撈魚", &["Houtei Raoyui", "Under the River"]),
    (Pinfu, "平和", &["Pinfu"]),
    (Tanyao, "断幺九", &["Tanyao", "All Simples"]),
    (Iipeikou, "一盃口", &["Iipeikou", "Pure Double Sequence"]),
    (SeatWind, "自風", &["Seat Wind"]),
    (RoundWind, "場風", &["Round Wind", "Prevalent Wind"]),
    (Haku, "役牌 白", &["White Dragon"]),
    (Hatsu, "役牌 發", &["Green Dragon"]),
    (Chun, "役牌 中", &["Red Dragon"]),
    (DoubleRiichi, "両立直", &["Double Riichi"]),
    (Chiitoitsu, "七対子", &["Chiitoitsu", "Seven Pairs"]),
    (Chanta, "混全帯幺九", &["Chanta"]),
    (Ittsu, "一気通貫", &["Ittsu", "Pure Straight"]),
    (
        Sanshoku,
        "三色同順",
        &["Sanshoku Doujun", "Mixed Triple Sequence"],
    ),
    (
        SanshokuDoukou,
        "三色同刻",
        &["Sanshoku Doukou", "Triple Triplets"],
    ),
    (Sankantsu, "三槓子", &["Sankantsu", "Three Quads"]),
    (Toitoi, "対々和", &["Toitoi", "All Triplets"]),
    (
        Sanankou,
        "三暗刻",
        &["Sanankou", "Three Concealed Triplets"],
    ),
    (
        Shousangen,
        "小三元",
        &["Shousangen", "Little Three Dragons"],
    ),
    (
        Honroutou,
        "混老頭",
        &["Honroutou", "All Terminals and Honours"],
    ),
    (
        Ryanpeikou,
        "二盃口",
        &["Ryanpeikou", "Twice Pure Double Sequence"],
    ),
    (Junchan, "純全帯幺九", &["Junchan"]),
    (Honitsu, "混一色", &["Honitsu", "Half Flush"]),
    (Chinitsu, "清一色", &["Chinitsu", "Full Flush"]),
    (Tenhou, "天和", &["Tenhou", "Blessing of Heaven"]),
    (Chiihou, "地和", &["Chiihou", "Blessing of Earth"]),
    (Renhou, "人和", &["Renhou", "Blessing of Man"]),
    (RenhouYakuman, "人和(役満)", &["Renhou Yakuman"]),
    (Daisangen, "大三元", &["Daisangen", "Big Three Dragons"]),
    (Suuankou, "四暗刻", &["Suuankou", "Four Concealed Triplets"]),
    (SuuankouTanki, "四暗刻単騎", &["Suuankou Tanki"]),
    (Tsuuiisou, "字一色", &["Tsuuiisou", "All Honours"]),
    (Ryuuiisou, "緑一色", &["Ryuuiisou", "All Green"]),
    (Chinroutou, "清老頭", &["Chinroutou", "All Terminals"]),
    (Chuuren, "九蓮宝燈", &["Chuuren Poutou", "Nine Gates"]),
    (
        JunseiChuuren,
        "純正九蓮宝燈",
        &["Junsei Chuuren Poutou", "True Nine Gates"],
    ),
    (Kokushi, "国士無双", &["Kokushi Musou", "Thirteen Orphans"]),
    (
        Kokushi13,
        "国士無双１３面",
        &["国士無双13面", "Kokushi Musou 13-sided"],
    ),
    (Daisuushii, "大四喜", &["Daisuushii", "Big Four Winds"]),
    (Shousuushii, "小四喜", &["Shousuushii", "Little Four Winds"]),
    (Suukantsu, "四槓子", &["Suukantsu", "Four Quads"]),
    (Dora, "ドラ", &["Dora"]),
    (UraDora, "裏ドラ", &["Ura Dora"]),
    (AkaDora, "赤ドラ", &["Aka Dora", "Red Five", "Red Fives"]),
    (Nukidora, "抜きドラ", &["Nukidora", "Kita"]),
];

const WINDS: [&str; 4] = ["東", "南", "西", "北"];

/// A yaku by the name Tenhou's records give it (Japanese, or the English client's).
pub fn yaku_named(name: &str) -> Option<Yaku> {
    // `自風 南`: the wind yaku carry their wind.
    let name = match name.split_once(' ') {
        Some((yaku @ ("自風" | "場風"), wind)) if WINDS.contains(&wind) => yaku,
        _ => name,
    };
    NAMES
        .iter()
        .find(|(_, japanese, others)| *japanese == name || others.contains(&name))
        .map(|(yaku, ..)| *yaku)
}

/// The name Tenhou's records give a yaku (a wind yaku names its wind).
pub(crate) fn japanese_name(yaku: Yaku, seat_wind: Wind, round_wind: Wind) -> String {
    let name = NAMES
        .iter()
        .find(|(named, ..)| *named == yaku)
        .map_or("", |(_, japanese, _)| *japanese);
    match yaku {
        SeatWind => format!("{name} {}", WINDS[seat_wind as usize]),
        RoundWind => format!("{name} {}", WINDS[round_wind as usize]),
        _ => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_yaku_has_a_name_that_reads_back() {
        for yaku in Yaku::ALL {
            let name = japanese_name(yaku, Wind::South, Wind::East);
            assert_eq!(yaku_named(&name), Some(yaku), "{name}");
        }
        assert_eq!(japanese_name(SeatWind, Wind::South, Wind::East), "自風 南");
        assert_eq!(yaku_named("場風 東"), Some(RoundWind));
        assert_eq!(yaku_named("Ura Dora"), Some(UraDora));
        assert_eq!(yaku_named("役牌 白 "), None);
    }
}
