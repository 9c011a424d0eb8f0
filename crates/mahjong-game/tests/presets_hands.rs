//! The rule sets' differences in one hand, each on a set-up wall and played under every
//! four-player preset: the points each rule text gives. Each test quotes the rule it checks
//! and names its source as the crate README's *Rule sets* table does ([TH] Tenhou's records,
//! [MS] the Mahjong Soul wiki page, [RE] RiichiEnv's rules, [ML1]-[ML5] the M-League
//! summaries, [W14]-[W25] the WRC texts, [E16] the EMA's 2016 rules, [P-…] Pantheon's
//! rulesets, [N1]/[J12] the JPML summaries, [S1] the Saikouisen summary, [SC] the Saikouisen
//! Classic summary, [JS] the jansou library where a cell is unverified).

mod support {
    pub mod presets;
    pub mod table;
}

use mahjong::Yaku;
use mahjong_game::{Action, Game, GameRules, Preset};
use support::presets::*;
use support::table::*;

/// The one win of the hand.
fn the_win(game: &Game) -> mahjong_game::Win {
    let all = wins(game);
    assert_eq!(all.len(), 1, "one win: {all:?}");
    all.into_iter().next().unwrap()
}

/// The seat's ron on the tile on the table, every other seat passing.
fn ron(game: &mut Game, seat: usize) {
    game.act(seat, Action::Ron).unwrap();
    pass_all(game);
}

/// Kiriage: "4 han 30 fu and 3 han 60 fu are rounded up to mangan" ([W14], [P-wrc]; M-League
/// by the notes' default from [JS]; EMA 2025 by [P-ema25]); not in Tenhou's, Mahjong Soul's,
/// EMA 2016's ("no kiriage" [E16]), JPML's [P-jpml] or Saikouisen Classic's [SC]. A
/// non-dealer's closed ron: tanyao, pinfu, iipeikou and a dora, 30 fu.
#[test]
fn four_han_thirty_fu_is_7700_or_a_kiriage_mangan() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "147m258p369s1234z",
                "223344m567p67s55p",
                "258m369p147s1567z",
                "369m147p258s2347z",
            ],
        );
        setup.draws = ["9m8s", "1z", "9p", "1s"];
        setup.indicators = "5s8p";
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "9m"), (1, "1z"), (2, "9p"), (3, "1s")]);
        discard(&mut game, 0, "8s", false);
        ron(&mut game, 1);
        let win = the_win(&game);
        assert_eq!((win.score.han, win.score.fu), (4, 30), "{preset}");
        let kiriage = matches!(
            preset,
            Preset::MLeague | Preset::Wrc | Preset::Ema2025 | Preset::Saikouisen
        );
        let expected = if kiriage { 8000 } else { 7700 };
        assert_eq!(win.deltas[1], expected, "{preset}");
        assert_eq!(win.deltas[0], -expected, "{preset}");
    }
}

/// Kazoe: "13 han or more is a yakuman" in Tenhou's and Mahjong Soul's rooms [TH, RA]; the
/// leagues cap it at sanbaiman ("no kazoe yakuman" [ML1], [W14], [E16], [A1], [S1]). A
/// non-dealer's ron with chinitsu, ryanpeikou, tanyao, pinfu and two dora: 13 han.
#[test]
fn thirteen_han_is_a_counted_yakuman_or_a_sanbaiman() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "147m258p369s1234z",
                "2233445566778p",
                "258m369p147s1567z",
                "369m147p258s2347z",
            ],
        );
        setup.draws = ["9m6z", "1z", "9p", "1s"];
        setup.indicators = "1p3s";
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "9m"), (1, "1z"), (2, "9p"), (3, "1s")]);
        discard(&mut game, 0, "8p", false);
        ron(&mut game, 1);
        let win = the_win(&game);
        assert_eq!(win.score.han, 13, "{preset}");
        let kazoe = matches!(preset, Preset::Tenhou | Preset::MahjongSoul);
        assert_eq!(
            win.deltas[1],
            if kazoe { 32_000 } else { 24_000 },
            "{preset}"
        );
    }
}

/// Two yakuman in one hand: "different yakuman stack" in Tenhou's, Mahjong Soul's [RE],
/// M-League's [ML5] and the WRC's (since 2022 [W22]); not the EMA's [E16], JPML's [A1] or
/// Saikouisen's [S1] ("no composite yakuman"). Daisangen and tsuuiisou by a non-dealer's
/// ron: 64,000 or 32,000.
#[test]
fn daisangen_and_tsuuiisou_add_up_where_yakuman_stack() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "147m258p369s1234z",
                "555z666z777z11z22z",
                "258m369p147s1567z",
                "369m147p258s9s234z",
            ],
        );
        setup.draws = ["9m3m", "9m", "9p", "1s"];
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "9m"), (1, "9m"), (2, "9p"), (3, "1s")]);
        discard(&mut game, 0, "1z", false);
        ron(&mut game, 1);
        let win = the_win(&game);
        let stack = matches!(
            preset,
            Preset::Tenhou | Preset::MahjongSoul | Preset::MLeague | Preset::Wrc
        );
        assert_eq!(
            win.deltas[1],
            if stack { 64_000 } else { 32_000 },
            "{preset}"
        );
    }
}

/// Double yakuman patterns: Mahjong Soul counts suuankou on a single wait as two yakuman
/// [RE]; Tenhou [TH] and every league count it once ([ML1], [W22], [E16], [A1], [S1]).
#[test]
fn suuankou_tanki_is_double_only_in_mahjong_soul() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "147m258p369s1234z",
                "111m999p555s777s2z",
                "258m369p147s1567z",
                "369m147p258s2347z",
            ],
        );
        setup.draws = ["9m3m", "6z", "8p", "1s"];
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "9m"), (1, "6z"), (2, "8p"), (3, "1s")]);
        discard(&mut game, 0, "2z", false);
        ron(&mut game, 1);
        let win = the_win(&game);
        assert!(yaku_of(&win).contains(&Yaku::SuuankouTanki), "{preset}");
        let double = preset == Preset::MahjongSoul;
        assert_eq!(
            win.deltas[1],
            if double { 64_000 } else { 32_000 },
            "{preset}"
        );
    }
}

/// Ippatsu and ura dora: the JPML's A rules have "no ippatsu, no ura dora, no kan dora"
/// [N1, P-jpml], and Saikouisen Classic "only the first dora indicator, no ippatsu" [SC];
/// every other preset counts both. A riichi ron within the go-around, the ura indicator 4p
/// under a hand holding two 5p.
#[test]
fn the_renmei_rules_have_no_ippatsu_and_no_ura() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "147m258p369s1234z",
                "123m456p789s23s55p",
                "258m369p147s1567z",
                "369m147p258s2347z",
            ],
        );
        setup.draws = ["6z4s", "9m", "8m", "7m"];
        setup.ura = "4p";
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "6z")]);
        discard(&mut game, 1, "9m", true);
        pass_all(&mut game);
        go_round(&mut game, &[(2, "8m"), (3, "7m")]);
        discard(&mut game, 0, "4s", false);
        ron(&mut game, 1);
        let yaku = yaku_of(&the_win(&game));
        let renmei = matches!(preset, Preset::JpmlA | Preset::SaikouisenClassic);
        assert_eq!(yaku.contains(&Yaku::Ippatsu), !renmei, "{preset}: {yaku:?}");
        assert_eq!(yaku.contains(&Yaku::UraDora), !renmei, "{preset}: {yaku:?}");
        // Declared on the seat's first discard: double riichi.
        assert!(yaku.contains(&Yaku::DoubleRiichi), "{preset}");
    }
}

/// The double-wind pair: 4 fu in Tenhou's and Mahjong Soul's rooms [RA, MS] and the EMA's
/// (unverified [EC]); 2 fu in M-League's [ML1], the WRC's since 2022 [W22], and JPML's and
/// Saikouisen's (the notes' default from [JS]). The dealer's closed tsumo in East with an East
/// pair, a concealed triplet of simples and a kanchan wait: 20 + 2 + 4 + 2 = 28 fu before the
/// pair.
#[test]
fn a_double_wind_pair_is_four_fu_or_two() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "11z555m13p456s789s",
                "147m258p369s1234z",
                "258m369p147s1567z",
                "369m147p258s2347z",
            ],
        );
        setup.draws = ["9m2p", "9p", "8p", "1s"];
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "9m"), (1, "9p"), (2, "8p"), (3, "1s")]);
        game.act(0, Action::Tsumo).unwrap();
        let win = the_win(&game);
        let four = matches!(
            preset,
            Preset::Tenhou | Preset::MahjongSoul | Preset::Ema2016 | Preset::Ema2025
        );
        assert_eq!(win.score.fu, if four { 40 } else { 30 }, "{preset}");
    }
}

/// Renhou: the WRC's is a mangan that adds to the hand's other yaku [W14, RA]; the EMA's a
/// mangan [E16] (JPML's unverified [J12]); Tenhou [TH], Mahjong Soul, M-League and Saikouisen
/// have none. A non-dealer rons the dealer's first discard with tanyao alone (1 han 40 fu).
#[test]
fn renhou_is_a_mangan_added_or_not_or_nothing() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "369m147p258s9s234z",
                "234m567p345s66s35p",
                "147m258p369s1567z",
                "258m369p147s1234z",
            ],
        );
        setup.draws = ["6z", "", "", ""];
        let mut game = setup.deal();
        discard(&mut game, 0, "4p", false);
        ron(&mut game, 1);
        let win = the_win(&game);
        let expected = match preset {
            // Renhou's 5 han and tanyao: a haneman.
            Preset::Wrc => 12_000,
            Preset::Ema2016 | Preset::Ema2025 | Preset::JpmlA => 8_000,
            _ => 1_300,
        };
        assert_eq!(win.deltas[1], expected, "{preset}");
    }
}

/// Thirteen orphans robbing a concealed kan: allowed in Tenhou's room (the engine's
/// reference, as its records play) and Mahjong Soul's [RE, RA], the WRC's, EMA's and JPML's
/// (unverified); not in M-League's [ML4] or Saikouisen's [S1] (Classic unverified).
#[test]
fn thirteen_orphans_may_rob_a_concealed_kan_where_the_rules_say() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "2558m147p147s234z",
                "9m19p19s12345677z",
                "1111m258p369s567z",
                "369m258p258s2346z",
            ],
        );
        setup.draws = ["8p", "8s", "8m7p", ""];
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "8p"), (1, "8s")]);
        act_where(&mut game, 2, |action| {
            matches!(action, Action::Ankan { .. })
        });
        let may = !matches!(
            preset,
            Preset::MLeague | Preset::Saikouisen | Preset::SaikouisenClassic
        );
        assert_eq!(
            game.legal_actions(1).contains(&Action::Ron),
            may,
            "{preset}"
        );
        if may {
            ron(&mut game, 1);
            assert!(
                yaku_of(&the_win(&game)).contains(&Yaku::Kokushi),
                "{preset}"
            );
        }
    }
}

/// An open kan's indicator and a win on its replacement tile: Tenhou turns it over after the
/// kanner's discard, so the win does not see it [TH, RE] (Mahjong Soul as Tenhou [RE]; the
/// WRC's unverified [RA]); M-League, the EMA and Saikouisen turn every kan's at once [ML1,
/// E1, E12; JS], so the win counts it; JPML and Saikouisen Classic have no kan dora [N1,
/// SC]. JPML also charges the win on an open kan's replacement tile to the discarder of the
/// kanned tile, as a ron [N1].
#[test]
fn an_open_kan_s_indicator_counts_for_its_replacement_tile_only_where_shown_at_once() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "147m258p369s1237z",
                "777z234m567p23s99s",
                "258m369p147s1456z",
                "369m147p258s2345z",
            ],
        );
        setup.draws = ["9m", "4s", "", ""];
        setup.indicators = "9p8s";
        let mut game = setup.deal();
        discard(&mut game, 0, "7z", false);
        game.act(1, Action::Daiminkan).unwrap();
        pass_all(&mut game);
        game.act(1, Action::Tsumo).unwrap();
        let rules = preset.rules();
        let at_once =
            rules.kan_dora && rules.kan_dora_timing == mahjong_game::KanDoraTiming::AtOnce;
        assert_eq!(
            game.indicators().len(),
            if at_once { 2 } else { 1 },
            "{preset}"
        );
        let win = the_win(&game);
        // Chun and rinshan, and the new indicator's two dora where it shows.
        assert_eq!(win.score.han, if at_once { 4 } else { 2 }, "{preset}");
        assert_eq!(win.score.fu, 40, "{preset}");
        if preset == Preset::JpmlA {
            // 2 han 40 fu, a non-dealer's ron: 2,600 from the kanned tile's discarder.
            assert_eq!(win.deltas, [-2600, 2600, 0, 0], "{preset}");
        } else {
            // 4 han 40 fu is a mangan: 4,000 from the dealer, 2,000 from the others.
            let (dealer, other) = if at_once { (4000, 2000) } else { (1300, 700) };
            assert_eq!(
                win.deltas,
                [-dealer, dealer + 2 * other, -other, -other],
                "{preset}"
            );
        }
    }
}

/// Pao on daisangen: the feeder of the third dragon set answers for the whole hand in
/// Tenhou's room [RE, TH] and the leagues that have pao ([ML1], [P-wrc], [P-ema], [P-jpml]);
/// Mahjong Soul's only for the daisangen part [RE, MS]; Saikouisen has no pao [S1]. M-League
/// makes the liable seat pay the honba [ML5]. (a) A third seat deals in to daisangen and
/// tsuuiisou, one honba on the table; (b) the winner draws it.
#[test]
fn pao_pays_the_whole_hand_its_part_or_nothing() {
    for tsumo in [false, true] {
        for preset in four_player() {
            let mut setup = SetUp::new(
                preset.rules(),
                [
                    "147m258m369m147p2s",
                    "55z66z77z111z2z3z4z8m",
                    "258p369p147s5s567z",
                    "258s369s147m2z9p8p5p",
                ],
            );
            setup.id.honba = 1;
            setup.draws = ["9s3m", "6s2z", "1s4s7s1p", "6p"];
            let mut game = setup.deal();
            go_round(&mut game, &[(0, "9s"), (1, "6s")]);
            for (dragon, spare) in [("5z", "3z"), ("6z", "4z"), ("7z", "8m")] {
                discard(&mut game, 2, dragon, false);
                claim(&mut game, 1, pon(dragon));
                discard(&mut game, 1, spare, false);
                pass_all(&mut game);
            }
            go_round(&mut game, &[(2, "1p")]);
            if tsumo {
                go_round(&mut game, &[(3, "6p"), (0, "3m")]);
                game.act(1, Action::Tsumo).unwrap();
            } else {
                discard(&mut game, 3, "2z", false);
                ron(&mut game, 1);
            }
            let win = the_win(&game);
            assert_eq!(win.pao, preset.rules().has_pao().then_some(2), "{preset}");
            let stack = matches!(
                preset,
                Preset::Tenhou | Preset::MahjongSoul | Preset::MLeague | Preset::Wrc
            );
            let value = if stack { 64_000 } else { 32_000 };
            // What the liable seat 2, the discarder 3 and the dealer 0 pay.
            let (liable, discarder, dealer) = match (tsumo, preset) {
                (false, Preset::Saikouisen | Preset::SaikouisenClassic) => (0, value + 300, 0),
                // Half of the daisangen part from the liable seat.
                (false, Preset::MahjongSoul) => (16_000, value - 16_000 + 300, 0),
                (false, Preset::MLeague) => (value / 2 + 300, value / 2, 0),
                (false, _) => (value / 2, value / 2 + 300, 0),
                (true, Preset::Saikouisen | Preset::SaikouisenClassic) => (8_100, 8_100, 16_100),
                // The liable seat the daisangen's 32,000; tsuuiisou a normal tsumo.
                (true, Preset::MahjongSoul) => (32_000 + 8_100, 8_100, 16_100),
                (true, _) => (value + 300, 0, 0),
            };
            assert_eq!(
                [win.deltas[2], win.deltas[3], win.deltas[0]],
                [-liable, -discarder, -dealer],
                "{preset}, tsumo {tsumo}"
            );
        }
    }
}

/// The kind of each rule set's red fives: three in Tenhou's, Mahjong Soul's and M-League's
/// [TH, MS, ML2]; none in the WRC's [W22o], the EMA's [E16], JPML's and Saikouisen's [JS].
#[test]
fn seeded_walls_hold_the_red_fives_of_the_rules() {
    for preset in four_player() {
        let rules: GameRules = preset.rules();
        let game = Game::new(rules, 7);
        let mut tiles: Vec<mahjong::Piece> = game.unseen_tiles().unwrap();
        for seat in 0..4 {
            tiles.extend_from_slice(game.hand(seat));
        }
        tiles.extend_from_slice(game.indicators());
        let reds = tiles.iter().filter(|piece| piece.red).count();
        let expected = if rules.has_red_fives() { 3 } else { 0 };
        assert_eq!((tiles.len(), reds), (136, expected), "{preset}");
    }
}

/// The three-player rooms: Mahjong Soul's count the single-pattern yakuman double and
/// Tenhou's do not ([RE] and Table C: "as mahjong-soul-4p"; [TH3]). Suuankou on a single
/// wait by ron; and the final result, +20/0/-20 with the 15,000 oka to the first (Tenhou's
/// [TH3]; Mahjong Soul's unverified, taken as Tenhou's).
#[test]
fn the_three_player_rooms_differ_as_their_four_player_rooms_do() {
    for preset in [Preset::TenhouSanma, Preset::MahjongSoulSanma] {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "9m147p258s369s123z",
                "111m999p555s777s2z",
                "9m1p3p258p147s4567z",
                "",
            ],
        );
        setup.draws = ["8p4s", "6z", "5p", ""];
        setup.indicators = "6s7s";
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "8p"), (1, "6z"), (2, "5p")]);
        discard(&mut game, 0, "2z", false);
        ron(&mut game, 1);
        let win = the_win(&game);
        assert!(yaku_of(&win).contains(&Yaku::SuuankouTanki), "{preset}");
        let double = preset == Preset::MahjongSoulSanma;
        assert_eq!(
            win.deltas[1],
            if double { 64_000 } else { 32_000 },
            "{preset}"
        );
        let rules = preset.rules();
        assert_eq!(
            rules.final_score([50_000, 35_000, 20_000, 0], [0; 4]),
            [450, -50, -400, 0],
            "{preset}"
        );
    }
}

/// Atozuke: every preset lets a hand win on the tile that alone gives it its yaku (Tenhou's
/// [TH] and the leagues' [E16, E1], [W1], [ML2], [N1], [S1]); set off (`atozuke=false`), a win
/// needs a yaku on every tile the hand waits on. An open hand on a shanpon of 5z (haku) and 2m
/// (no yaku): the ron on 5z stands only with atozuke.
#[test]
fn without_atozuke_a_wait_with_no_yaku_refuses_the_win_on_the_other() {
    for atozuke in [true, false] {
        let mut rules = Preset::Tenhou.rules();
        rules.set("atozuke", &atozuke.to_string()).unwrap();
        let mut setup = SetUp::new(
            rules,
            [
                "147m258p369s1235z",
                "99s456m789m55z22m3p",
                "258m369p147s1467z",
                "369m147p258s2347z",
            ],
        );
        setup.draws = ["8p6m", "", "1s", "2s"];
        let mut game = setup.deal();
        discard(&mut game, 0, "9s", false);
        claim(&mut game, 1, pon("9s"));
        discard(&mut game, 1, "3p", false);
        pass_all(&mut game);
        go_round(&mut game, &[(2, "1s"), (3, "2s")]);
        discard(&mut game, 0, "5z", false);
        assert_eq!(game.legal_actions(1).contains(&Action::Ron), atozuke);
        if !atozuke {
            let why = game.why_no_win(1).unwrap();
            assert!(why.contains("no atozuke"), "{why}");
        }
    }
}
