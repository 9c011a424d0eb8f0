//! The named rule sets: Tenhou's and Mahjong Soul's rooms, and the leagues' rules (M-League,
//! WRC, EMA, JPML, Saikouisen). Each is data: one [`GameRules`] value, no code path of its
//! own. The crate README's *Rule sets* section gives every value with its source.

use mahjong::{DoubleYakuman, Players, Renhou};

use super::values::{
    Busting, Chombo, KanDoraTiming, Kuikae, Leftover, MultipleRon, PaoHonba, PaoScope, Renchan,
    RonHonba, RonSticks, Rounding, Ties, Uma,
};
use super::{GameRules, Length};

/// A named rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Preset {
    /// Tenhou's ranked four-player room (鳳南喰赤): the engine's reference, judged by its
    /// records.
    #[default]
    Tenhou,
    /// Tenhou's ranked three-player room (三鳳南喰赤).
    TenhouSanma,
    /// Mahjong Soul's ranked four-player rooms.
    MahjongSoul,
    /// Mahjong Soul's ranked three-player rooms.
    MahjongSoulSanma,
    /// M-League (Japan's professional team league).
    MLeague,
    /// The World Riichi Championship's rules (the 2025 rule book).
    Wrc,
    /// The European Mahjong Association's riichi rules of 2016.
    Ema2016,
    /// The EMA's riichi rules of 2025 (as the scoring software Pantheon has them).
    Ema2025,
    /// The Japan Professional Mahjong League's A rules (renmei).
    JpmlA,
    /// The Saikouisen (Mahjong Saikouisen) rules.
    Saikouisen,
    /// The Saikouisen Classic rules.
    SaikouisenClassic,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 11] = [
        Preset::Tenhou,
        Preset::TenhouSanma,
        Preset::MahjongSoul,
        Preset::MahjongSoulSanma,
        Preset::MLeague,
        Preset::Wrc,
        Preset::Ema2016,
        Preset::Ema2025,
        Preset::JpmlA,
        Preset::Saikouisen,
        Preset::SaikouisenClassic,
    ];

    /// Its name: `tenhou`, `tenhou-sanma`, `mahjong-soul`, `mahjong-soul-sanma`, `m-league`,
    /// `wrc`, `ema-2016`, `ema-2025`, `jpml-a`, `saikouisen`, `saikouisen-classic`.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Tenhou => "tenhou",
            Preset::TenhouSanma => "tenhou-sanma",
            Preset::MahjongSoul => "mahjong-soul",
            Preset::MahjongSoulSanma => "mahjong-soul-sanma",
            Preset::MLeague => "m-league",
            Preset::Wrc => "wrc",
            Preset::Ema2016 => "ema-2016",
            Preset::Ema2025 => "ema-2025",
            Preset::JpmlA => "jpml-a",
            Preset::Saikouisen => "saikouisen",
            Preset::SaikouisenClassic => "saikouisen-classic",
        }
    }

    /// Other names a preset is known by: `majsoul`, `majsoul-sanma`, `mleague`, `ema`
    /// (2016), `jpml` and `renmei`.
    pub const ALIASES: [(&'static str, Preset); 6] = [
        ("majsoul", Preset::MahjongSoul),
        ("majsoul-sanma", Preset::MahjongSoulSanma),
        ("mleague", Preset::MLeague),
        ("ema", Preset::Ema2016),
        ("jpml", Preset::JpmlA),
        ("renmei", Preset::JpmlA),
    ];

    /// The preset of a name or another name, in any letter case (`_` for `-` too).
    pub fn named(name: &str) -> Option<Preset> {
        let name = name.trim().to_ascii_lowercase().replace('_', "-");
        Preset::ALL
            .into_iter()
            .find(|preset| preset.name() == name)
            .or_else(|| {
                Preset::ALIASES
                    .iter()
                    .find(|(alias, _)| *alias == name)
                    .map(|&(_, preset)| preset)
            })
    }

    /// Its rules.
    pub fn rules(self) -> GameRules {
        match self {
            Preset::Tenhou => GameRules::TENHOU,
            Preset::TenhouSanma => GameRules::TENHOU_SANMA,
            Preset::MahjongSoul => GameRules::MAHJONG_SOUL,
            Preset::MahjongSoulSanma => GameRules::MAHJONG_SOUL_SANMA,
            Preset::MLeague => GameRules::M_LEAGUE,
            Preset::Wrc => GameRules::WRC,
            Preset::Ema2016 => GameRules::EMA_2016,
            Preset::Ema2025 => GameRules::EMA_2025,
            Preset::JpmlA => GameRules::JPML_A,
            Preset::Saikouisen => GameRules::SAIKOUISEN,
            Preset::SaikouisenClassic => GameRules::SAIKOUISEN_CLASSIC,
        }
    }

    /// The three-player form of this room, if it has one.
    pub fn three_player(self) -> Option<Preset> {
        match self {
            Preset::Tenhou | Preset::TenhouSanma => Some(Preset::TenhouSanma),
            Preset::MahjongSoul | Preset::MahjongSoulSanma => Some(Preset::MahjongSoulSanma),
            _ => None,
        }
    }

    /// The four-player form of this room.
    pub fn four_player(self) -> Preset {
        match self {
            Preset::TenhouSanma => Preset::Tenhou,
            Preset::MahjongSoulSanma => Preset::MahjongSoul,
            other => other,
        }
    }
}

impl std::fmt::Display for Preset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl GameRules {
    /// `tenhou`: Tenhou's ranked four-player rules, as its Phoenix records play them. 25,000
    /// to start, 30,000 returned, uma +20/+10/-10/-20 with the 20,000 oka to the first
    /// (rounded to thousands Tenhou's way), ties by seat, leftover sticks to the first; red
    /// fives, kuitan, kuikae forbidden (the same kind and the run's other end); ippatsu, ura,
    /// kan dora and kan ura, an open or added kan's indicator after the kanner's discard;
    /// double ron, a triple ron aborts, the first winner takes honba and sticks; nine
    /// terminals, four winds, four riichi and four kans abort; agari-yame and tenpai-yame;
    /// noten payments 3,000; nagashi mangan; no kiriage; kazoe yakuman; yakuman add up, none
    /// double; pao for daisangen and daisuushii on the whole hand; busting below zero; the
    /// West round until someone has 30,000; riichi needs 1,000 points and 4 tiles left; a
    /// concealed kan after riichi keeping the waits; honba 100 a payer; a double-wind pair 4
    /// fu; no renhou; thirteen orphans may rob a concealed kan (as the engine plays it on
    /// Tenhou's records; one third-party engine says not).
    pub const TENHOU: GameRules = GameRules {
        preset: Preset::Tenhou,
        players: Players::Four,
        length: Length::Hanchan,
        start_points: 25_000,
        return_points: 30_000,
        uma: Uma::Fixed([20_000, 10_000, -10_000, -20_000]),
        ties: Ties::SeatOrder,
        final_rounding: Rounding::Tenhou,
        leftover_sticks: Leftover::First,
        chombo: Chombo::None,
        red_fives: [1, 1, 1],
        open_tanyao: true,
        atozuke: true,
        kuikae: Kuikae::Forbidden,
        ippatsu: true,
        ura_dora: true,
        kan_dora: true,
        kan_ura: true,
        kan_dora_timing: KanDoraTiming::AfterDiscard,
        multiple_ron: MultipleRon::Double,
        multiple_ron_honba: RonHonba::First,
        multiple_ron_sticks: RonSticks::First,
        nine_terminals: true,
        four_winds: true,
        four_riichi: true,
        four_kans: true,
        agari_yame: true,
        tenpai_yame: true,
        renchan: Renchan::WinOrTenpai,
        noten_payment: 3_000,
        nagashi: true,
        kiriage: false,
        kazoe: true,
        yakuman_stack: true,
        double_yakuman: DoubleYakuman::NONE,
        pao_daisangen: true,
        pao_daisuushii: true,
        pao_suukantsu: false,
        pao_scope: PaoScope::Whole,
        pao_honba: PaoHonba::Discarder,
        daiminkan_pao: false,
        busting: Busting::BelowZero,
        extension: true,
        riichi_below_1000: false,
        riichi_tiles_left: 4,
        riichi_ankan: true,
        honba: 100,
        double_wind_fu: 4,
        renhou: Renhou::None,
        kokushi_ankan: true,
    };

    /// `tenhou-sanma`: Tenhou's ranked three-player rules (三鳳南喰赤): Tenhou's, with 35,000
    /// to start and 40,000 returned, uma +20/0/-20 (oka 15,000 to the first), a red 5p and
    /// 5s, no chi, Norths set aside as dora, tsumo loss, noten payments 2,000 in all, nine
    /// terminals and four kans the only abortive draws, riichi with 3 tiles left, the West
    /// round until someone has 40,000.
    pub const TENHOU_SANMA: GameRules = GameRules {
        preset: Preset::TenhouSanma,
        players: Players::Three,
        start_points: 35_000,
        return_points: 40_000,
        uma: Uma::Fixed([20_000, 0, -20_000, 0]),
        red_fives: [0, 1, 1],
        four_winds: false,
        four_riichi: false,
        noten_payment: 2_000,
        riichi_tiles_left: 3,
        ..GameRules::TENHOU
    };

    /// `mahjong-soul`: Mahjong Soul's ranked four-player rules: Tenhou's, but a triple ron
    /// pays three wins (the first winner takes honba and sticks: the honba unverified); the
    /// four single yakuman doubled (13-sided kokushi, suuankou tanki, junsei chuuren,
    /// daisuushii); pao covers only the liable yakuman's part; ties by seat. Final result:
    /// the rooms' rank points depend on the room and the player's rank, which no rule here
    /// holds; the uma is +15/+5/-5/-15 (unverified: the Riichi Advanced library's) with the
    /// 20,000 oka, exact to 100 points. Unverified and taken as Tenhou's: riichi below 1,000
    /// not allowed, renhou none, kiriage none (the libraries agree after a fix).
    pub const MAHJONG_SOUL: GameRules = GameRules {
        preset: Preset::MahjongSoul,
        uma: Uma::Fixed([15_000, 5_000, -5_000, -15_000]),
        final_rounding: Rounding::Exact,
        multiple_ron: MultipleRon::All,
        double_yakuman: DoubleYakuman::ALL,
        pao_scope: PaoScope::Part,
        ..GameRules::TENHOU
    };

    /// `mahjong-soul-sanma`: Mahjong Soul's ranked three-player rules: Tenhou's three-player
    /// rules with Mahjong Soul's differences (double ron, doubled yakuman, pao on the part;
    /// thirteen orphans robbing a concealed kan). Unverified, taken from third-party
    /// libraries or as Tenhou's: 35,000 / 40,000, the red 5p and 5s, tsumo loss, the West
    /// round to 40,000; the uma (no source names the rooms' three-player rank points; Tenhou's
    /// +20/0/-20 is taken), exact to 100 points.
    pub const MAHJONG_SOUL_SANMA: GameRules = GameRules {
        preset: Preset::MahjongSoulSanma,
        final_rounding: Rounding::Exact,
        multiple_ron: MultipleRon::All,
        double_yakuman: DoubleYakuman::ALL,
        pao_scope: PaoScope::Part,
        ..GameRules::TENHOU_SANMA
    };

    /// What every league's rules here share against the online rooms' (each league's doc
    /// gives its sources): the tied seats share their places' bonus, the result exact to 100
    /// points, no abortive draw, no agari-yame or tenpai-yame, no nagashi, no kazoe, no
    /// busting and no West round. Not a preset.
    const LEAGUE: GameRules = GameRules {
        ties: Ties::Split,
        final_rounding: Rounding::Exact,
        nine_terminals: false,
        four_winds: false,
        four_riichi: false,
        four_kans: false,
        agari_yame: false,
        tenpai_yame: false,
        nagashi: false,
        kazoe: false,
        busting: Busting::Off,
        extension: false,
        ..GameRules::TENHOU
    };

    /// `m-league`: 25,000 / 30,000, +50/+10/-10/-30 (uma 30/10 and the 20,000 oka), ties
    /// split, leftover sticks to the first (split on a tie); red fives; kuikae forbidden
    /// (unverified: both libraries); every kan's indicator at once; head bump; no abortive
    /// draws; no agari-yame or tenpai-yame; no busting; no West round; riichi below 1,000 and
    /// with no draw left; a double-wind pair 2 fu; no kazoe; yakuman add up, none double; pao
    /// also for suukantsu when the fourth kan is an open kan, the liable seat paying the honba;
    /// thirteen orphans may not rob a concealed kan. Conflicting sources, the notes' default
    /// taken: no nagashi, kiriage (the jansou library; Riichi Advanced says the opposite and
    /// contradicts the league elsewhere). Unverified: noten payments 3,000; chombo a reverse
    /// mangan with the hand replayed; no renhou.
    pub const M_LEAGUE: GameRules = GameRules {
        preset: Preset::MLeague,
        uma: Uma::Fixed([30_000, 10_000, -10_000, -30_000]),
        chombo: Chombo::ReverseMangan,
        kan_dora_timing: KanDoraTiming::AtOnce,
        multiple_ron: MultipleRon::HeadBump,
        kiriage: true,
        pao_suukantsu: true,
        pao_honba: PaoHonba::Liable,
        riichi_below_1000: true,
        riichi_tiles_left: 0,
        double_wind_fu: 2,
        kokushi_ankan: false,
        ..GameRules::LEAGUE
    };

    /// `wrc`: the World Riichi Championship rule book of 2025: 30,000 / 30,000, uma
    /// +15/+5/-5/-15, no oka, ties split; no red fives; kuikae forbidden; head bump; no
    /// abortive draws; no agari-yame; kiriage; no kazoe; no nagashi; riichi with no draw left
    /// (since 2025); a double-wind pair 2 fu, yakuman add up and chombo 30 points after the uma
    /// (since 2022); renhou a 5-han yaku added to the others. Conflicting sources, the notes'
    /// default taken: no busting, no tenpai-yame, leftover sticks lost, pao for daisangen and
    /// daisuushii only, yakuman add up. Unverified: the kan indicator after the kanner's
    /// discard (as Tenhou), riichi below 1,000 allowed, noten payments 3,000, thirteen orphans
    /// robbing a concealed kan.
    pub const WRC: GameRules = GameRules {
        preset: Preset::Wrc,
        start_points: 30_000,
        return_points: 30_000,
        uma: Uma::Fixed([15_000, 5_000, -5_000, -15_000]),
        leftover_sticks: Leftover::Lost,
        chombo: Chombo::AfterUma(30_000),
        red_fives: [0, 0, 0],
        multiple_ron: MultipleRon::HeadBump,
        kiriage: true,
        riichi_below_1000: true,
        riichi_tiles_left: 0,
        double_wind_fu: 2,
        renhou: Renhou::FiveHan,
        ..GameRules::LEAGUE
    };

    /// `ema-2016`: the EMA's riichi rules effective 1 April 2016: 30,000 / 30,000, uma
    /// +15/+5/-5/-15, no oka; no red fives; kuikae forbidden; every kan's indicator at once;
    /// double and triple ron, each paid; no abortive draws; no agari-yame; no nagashi; no
    /// kiriage; no kazoe; yakuman do not add up, none double; leftover sticks to the first;
    /// chombo 20 points after the uma; renhou a mangan. Unverified (Pantheon's EMA template
    /// or older EMA texts): ties split, honba to every winner of a multiple ron with each
    /// winner's own stick back, noten payments 3,000, riichi needs 1,000 points and 4 tiles
    /// left, a double-wind pair 4 fu, thirteen orphans robbing a concealed kan.
    pub const EMA_2016: GameRules = GameRules {
        preset: Preset::Ema2016,
        start_points: 30_000,
        return_points: 30_000,
        uma: Uma::Fixed([15_000, 5_000, -5_000, -15_000]),
        chombo: Chombo::AfterUma(20_000),
        red_fives: [0, 0, 0],
        kan_dora_timing: KanDoraTiming::AtOnce,
        multiple_ron: MultipleRon::All,
        multiple_ron_honba: RonHonba::Each,
        multiple_ron_sticks: RonSticks::OwnBack,
        yakuman_stack: false,
        renhou: Renhou::Mangan,
        ..GameRules::LEAGUE
    };

    /// `ema-2025`: as `ema-2016` with kiriage, from the scoring software Pantheon's EMA 2025
    /// template (the EMA's own 2025 text was not at hand: every other value is taken as 2016's
    /// and unverified).
    pub const EMA_2025: GameRules = GameRules {
        preset: Preset::Ema2025,
        kiriage: true,
        ..GameRules::EMA_2016
    };

    /// `jpml-a`: the JPML's A rules (renmei): 30,000 / 30,000, no oka, the uma by how many
    /// end with 30,000 or more (one: +12/-1/-3/-8; two: +8/+4/-4/-8; three: +8/+3/+1/-12; who
    /// counts at exactly 30,000 is unverified: 30,000 counts), leftover sticks lost; no red
    /// fives (unverified); kuikae of the called kind only; no ippatsu, ura, kan dora or kan
    /// ura; head bump; nine terminals, four winds, four riichi and four kans abort; no
    /// agari-yame; no nagashi, kiriage or kazoe; yakuman do not add up; pao for daisangen,
    /// daisuushii and suukantsu; a win on an open kan's replacement tile paid by the kanned
    /// tile's discarder; no busting; no West round; riichi with no draw left; chombo 20 points
    /// after the uma. The notes' default where sources disagree: a double-wind pair 2 fu.
    /// Unverified: ties split, riichi below 1,000, noten payments 3,000, renhou a mangan,
    /// thirteen orphans robbing a concealed kan.
    pub const JPML_A: GameRules = GameRules {
        preset: Preset::JpmlA,
        start_points: 30_000,
        return_points: 30_000,
        uma: Uma::ByAbove([
            [12_000, -1_000, -3_000, -8_000],
            [8_000, 4_000, -4_000, -8_000],
            [8_000, 3_000, 1_000, -12_000],
        ]),
        leftover_sticks: Leftover::Lost,
        chombo: Chombo::AfterUma(20_000),
        red_fives: [0, 0, 0],
        kuikae: Kuikae::SameTile,
        ippatsu: false,
        ura_dora: false,
        kan_dora: false,
        kan_ura: false,
        kan_dora_timing: KanDoraTiming::AtOnce,
        multiple_ron: MultipleRon::HeadBump,
        yakuman_stack: false,
        pao_suukantsu: true,
        daiminkan_pao: true,
        riichi_below_1000: true,
        riichi_tiles_left: 0,
        double_wind_fu: 2,
        renhou: Renhou::Mangan,
        nine_terminals: true,
        four_winds: true,
        four_riichi: true,
        four_kans: true,
        ..GameRules::LEAGUE
    };

    /// `saikouisen`: the Saikouisen rules as the league's 2009 summary gives them: 30,000 /
    /// 30,000, uma +30/+10/-10/-30, no oka; ippatsu, ura, kan dora and kan ura; no abortive
    /// draws; no agari-yame; noten payments 3,000; no kazoe; yakuman do not add up; no pao;
    /// thirteen orphans may not rob a concealed kan. Unverified (the jansou library, or no
    /// source): no red fives, kuikae forbidden, every kan's indicator at once, head bump, no
    /// nagashi, kiriage, no busting, no West round, riichi below 1,000 and with no draw left,
    /// leftover sticks lost, a double-wind pair 2 fu, ties split, no renhou, no chombo
    /// modelled.
    pub const SAIKOUISEN: GameRules = GameRules {
        preset: Preset::Saikouisen,
        start_points: 30_000,
        return_points: 30_000,
        uma: Uma::Fixed([30_000, 10_000, -10_000, -30_000]),
        leftover_sticks: Leftover::Lost,
        red_fives: [0, 0, 0],
        kan_dora_timing: KanDoraTiming::AtOnce,
        multiple_ron: MultipleRon::HeadBump,
        kiriage: true,
        yakuman_stack: false,
        pao_daisangen: false,
        pao_daisuushii: false,
        riichi_below_1000: true,
        riichi_tiles_left: 0,
        double_wind_fu: 2,
        kokushi_ankan: false,
        ..GameRules::LEAGUE
    };

    /// `saikouisen-classic`: the Saikouisen Classic rules as a summary of the league's page
    /// gives them: 30,000 / 30,000, uma +12/+4/-4/-12; only the first dora indicator (no
    /// ippatsu, ura, kan dora or kan ura); no noten payments; no kiriage; the dealer repeats
    /// only on a win; no kuikae restriction at all; no concealed kan after riichi; chombo 16
    /// points after the game. Unverified, as `saikouisen`: no red fives, head bump, no
    /// abortive draws, no agari-yame, no nagashi, no kazoe, yakuman do not add up, no pao, no
    /// busting, no West round, riichi below 1,000 and with no draw left, leftover sticks lost,
    /// a double-wind pair 2 fu, ties split, thirteen orphans may not rob a concealed kan.
    pub const SAIKOUISEN_CLASSIC: GameRules = GameRules {
        preset: Preset::SaikouisenClassic,
        uma: Uma::Fixed([12_000, 4_000, -4_000, -12_000]),
        chombo: Chombo::AfterUma(16_000),
        kuikae: Kuikae::Free,
        ippatsu: false,
        ura_dora: false,
        kan_dora: false,
        kan_ura: false,
        renchan: Renchan::Win,
        noten_payment: 0,
        kiriage: false,
        riichi_ankan: false,
        ..GameRules::SAIKOUISEN
    };
}
