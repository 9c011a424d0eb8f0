//! The names Tenhou's records give the yaku: read from tenhou.net/6 JSON (Japanese, or
//! Tenhou's English client's) and written into it.

use crate::score::{Wind, Yaku};

/// A yaku by the name Tenhou's records give it (Japanese, or the English client's).
pub fn yaku_named(name: &str) -> Option<Yaku> {
    use Yaku::*;
    Some(match name {
        "門前清自摸和" | "Menzen Tsumo" | "Fully Concealed Hand" => MenzenTsumo,
        "立直" | "Riichi" => Riichi,
        "一発" | "Ippatsu" => Ippatsu,
        "槍槓" | "Chankan" | "Robbing a Kan" => Chankan,
        "嶺上開花" | "Rinshan Kaihou" | "After a Kan" => Rinshan,
        "海底摸月" | "Haitei Raoyue" | "Under the Sea" => Haitei,
        "河底撈魚" | "Houtei Raoyui" | "Under the River" => Houtei,
        "平和" | "Pinfu" => Pinfu,
        "断幺九" | "Tanyao" | "All Simples" => Tanyao,
        "一盃口" | "Iipeikou" | "Pure Double Sequence" => Iipeikou,
        "自風 東" | "自風 南" | "自風 西" | "自風 北" | "Seat Wind" => SeatWind,
        "場風 東" | "場風 南" | "場風 西" | "場風 北" | "Round Wind" | "Prevalent Wind" => {
            RoundWind
        }
        "役牌 白" | "White Dragon" => Haku,
        "役牌 發" | "Green Dragon" => Hatsu,
        "役牌 中" | "Red Dragon" => Chun,
        "両立直" | "Double Riichi" => DoubleRiichi,
        "七対子" | "Chiitoitsu" | "Seven Pairs" => Chiitoitsu,
        "混全帯幺九" | "Chanta" => Chanta,
        "一気通貫" | "Ittsu" | "Pure Straight" => Ittsu,
        "三色同順" | "Sanshoku Doujun" | "Mixed Triple Sequence" => Sanshoku,
        "三色同刻" | "Sanshoku Doukou" | "Triple Triplets" => SanshokuDoukou,
        "三槓子" | "Sankantsu" | "Three Quads" => Sankantsu,
        "対々和" | "Toitoi" | "All Triplets" => Toitoi,
        "三暗刻" | "Sanankou" | "Three Concealed Triplets" => Sanankou,
        "小三元" | "Shousangen" | "Little Three Dragons" => Shousangen,
        "混老頭" | "Honroutou" | "All Terminals and Honours" => Honroutou,
        "二盃口" | "Ryanpeikou" | "Twice Pure Double Sequence" => Ryanpeikou,
        "純全帯幺九" | "Junchan" => Junchan,
        "混一色" | "Honitsu" | "Half Flush" => Honitsu,
        "清一色" | "Chinitsu" | "Full Flush" => Chinitsu,
        "天和" | "Tenhou" | "Blessing of Heaven" => Tenhou,
        "地和" | "Chiihou" | "Blessing of Earth" => Chiihou,
        "大三元" | "Daisangen" | "Big Three Dragons" => Daisangen,
        "四暗刻" | "Suuankou" | "Four Concealed Triplets" => Suuankou,
        "四暗刻単騎" | "Suuankou Tanki" => SuuankouTanki,
        "字一色" | "Tsuuiisou" | "All Honours" => Tsuuiisou,
        "緑一色" | "Ryuuiisou" | "All Green" => Ryuuiisou,
        "清老頭" | "Chinroutou" | "All Terminals" => Chinroutou,
        "九蓮宝燈" | "Chuuren Poutou" | "Nine Gates" => Chuuren,
        "純正九蓮宝燈" | "Junsei Chuuren Poutou" | "True Nine Gates" => JunseiChuuren,
        "国士無双" | "Kokushi Musou" | "Thirteen Orphans" => Kokushi,
        "国士無双１３面" | "国士無双13面" | "Kokushi Musou 13-sided" => Kokushi13,
        "大四喜" | "Daisuushii" | "Big Four Winds" => Daisuushii,
        "小四喜" | "Shousuushii" | "Little Four Winds" => Shousuushii,
        "四槓子" | "Suukantsu" | "Four Quads" => Suukantsu,
        "ドラ" | "Dora" => Dora,
        "裏ドラ" | "Ura Dora" => UraDora,
        "赤ドラ" | "Aka Dora" | "Red Five" | "Red Fives" => AkaDora,
        _ => return None,
    })
}

/// The name Tenhou's records give a yaku (a wind yaku names its wind).
pub(crate) fn japanese_name(yaku: Yaku, seat_wind: Wind, round_wind: Wind) -> String {
    use Yaku::*;
    let wind = |wind: Wind| ["東", "南", "西", "北"][wind as usize];
    match yaku {
        SeatWind => return format!("自風 {}", wind(seat_wind)),
        RoundWind => return format!("場風 {}", wind(round_wind)),
        _ => {}
    }
    match yaku {
        MenzenTsumo => "門前清自摸和",
        Riichi => "立直",
        Ippatsu => "一発",
        Chankan => "槍槓",
        Rinshan => "嶺上開花",
        Haitei => "海底摸月",
        Houtei => "河底撈魚",
        Pinfu => "平和",
        Tanyao => "断幺九",
        Iipeikou => "一盃口",
        Haku => "役牌 白",
        Hatsu => "役牌 發",
        Chun => "役牌 中",
        DoubleRiichi => "両立直",
        Chiitoitsu => "七対子",
        Chanta => "混全帯幺九",
        Ittsu => "一気通貫",
        Sanshoku => "三色同順",
        SanshokuDoukou => "三色同刻",
        Sankantsu => "三槓子",
        Toitoi => "対々和",
        Sanankou => "三暗刻",
        Shousangen => "小三元",
        Honroutou => "混老頭",
        Ryanpeikou => "二盃口",
        Junchan => "純全帯幺九",
        Honitsu => "混一色",
        Chinitsu => "清一色",
        Tenhou => "天和",
        Chiihou => "地和",
        Daisangen => "大三元",
        Suuankou => "四暗刻",
        SuuankouTanki => "四暗刻単騎",
        Tsuuiisou => "字一色",
        Ryuuiisou => "緑一色",
        Chinroutou => "清老頭",
        Chuuren => "九蓮宝燈",
        JunseiChuuren => "純正九蓮宝燈",
        Kokushi => "国士無双",
        Kokushi13 => "国士無双１３面",
        Daisuushii => "大四喜",
        Shousuushii => "小四喜",
        Suukantsu => "四槓子",
        Dora => "ドラ",
        UraDora => "裏ドラ",
        AkaDora => "赤ドラ",
        SeatWind | RoundWind => unreachable!("named above"),
    }
    .to_owned()
}
