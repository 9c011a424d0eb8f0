//! The rule sets' differences in claims and calls, each on a set-up wall and played under
//! every four-player preset: several rons on one tile, the honba and sticks they share, what
//! may be discarded after a call, a concealed kan after riichi, and a robbed added kan. Each
//! test quotes the rule it checks and its source as the crate README's *Rule sets* table
//! names them.

mod support {
    pub mod presets;
    pub mod table;
}

use mahjong::Yaku;
use mahjong_game::{Action, DrawKind, Preset};
use support::presets::*;
use support::table::*;

/// Whether only the first seat from the discarder wins a discard several ron (atamahane):
/// M-League [ML1, ML2], the WRC [P-wrc, W25], JPML [N1, P-jpml], Saikouisen [JS].
fn head_bump(preset: Preset) -> bool {
    matches!(
        preset,
        Preset::MLeague
            | Preset::Wrc
            | Preset::JpmlA
            | Preset::Saikouisen
            | Preset::SaikouisenClassic
    )
}

/// Three seats ron the dealer's 2p after a go-around: "triple ron = abortive draw" in
/// Tenhou's room [TH]; "double ✓, triple ✓ (three wins)" in Mahjong Soul's [RE, MS] and the
/// EMA's ("each paid separately" [E1, E16]); head bump elsewhere.
#[test]
fn a_triple_ron_aborts_pays_three_or_goes_to_the_first() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "2p8m147m147s12345z",
                "555z123456789m2p",
                "666z123456789s2p",
                "777z999m111999p2p",
            ],
        );
        setup.draws = ["6s5s", "9s", "1m", "4s"];
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "6s"), (1, "9s"), (2, "1m"), (3, "4s")]);
        discard(&mut game, 0, "2p", false);
        for seat in 1..4 {
            game.act(seat, Action::Ron).unwrap();
        }
        let winners: Vec<usize> = wins(&game).iter().map(|win| win.seat).collect();
        match preset {
            Preset::Tenhou => {
                assert_eq!(drawn_kind(&game), Some(DrawKind::TripleRon));
                assert!(winners.is_empty());
                assert_eq!(game.hand_id().honba, 1, "the dealer stays, a honba more");
            }
            Preset::MahjongSoul | Preset::Ema2016 | Preset::Ema2025 => {
                assert_eq!(winners, vec![1, 2, 3], "{preset}");
            }
            _ => assert_eq!(winners, vec![1], "{preset}"),
        }
        assert!(head_bump(preset) == (winners == vec![1]), "{preset}");
    }
}

/// A double ron with 2 honba and two riichi sticks, one of them the second winner's own of
/// this hand: Tenhou's first winner in turn order takes the honba and all the sticks [TH]
/// (Mahjong Soul's too [MS]); the EMA pays the honba to every winner, gives each winner its
/// own stick back and the other sticks to the first (unverified: Pantheon's EMA rules
/// [P-ema]); head bump presets pay the first alone.
#[test]
fn a_double_ron_shares_the_honba_and_sticks_as_the_rules_say() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "2p8m147m147s12345z",
                "555z123456789m2p",
                "123456789s444p2p",
                "369m258s147p9p9s67z",
            ],
        );
        setup.id.honba = 2;
        setup.sticks = 1;
        setup.draws = ["6s5s", "9p", "1m", "4s"];
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "6s"), (1, "9p")]);
        discard(&mut game, 2, "1m", true);
        pass_all(&mut game);
        go_round(&mut game, &[(3, "4s")]);
        assert_eq!(game.sticks(), 2, "{preset}");
        discard(&mut game, 0, "2p", false);
        game.act(1, Action::Ron).unwrap();
        game.act(2, Action::Ron).unwrap();
        pass_all(&mut game);
        let taken: Vec<(usize, u32, u32)> = wins(&game)
            .iter()
            .map(|win| {
                (
                    win.seat,
                    win.score.points.honba,
                    win.score.points.riichi_sticks,
                )
            })
            .collect();
        let expected = match preset {
            Preset::Tenhou | Preset::MahjongSoul => vec![(1, 600, 2000), (2, 0, 0)],
            Preset::Ema2016 | Preset::Ema2025 => vec![(1, 600, 1000), (2, 600, 1000)],
            _ => vec![(1, 600, 2000)],
        };
        assert_eq!(taken, expected, "{preset}");
    }
}

/// Kuikae: holding 2345m, seat 1 chis the 2m with 34m. Tenhou forbids "the same tile and the
/// other end of a chi" [TH], as do Mahjong Soul [RE, MS], M-League (unverified [JS, RA]), the
/// WRC [W14], the EMA [E16] and Saikouisen (unverified [JS]); JPML allows "swap-calls except
/// the same tile" [N1]; Saikouisen Classic has "no restriction, same tile too" [SC].
#[test]
fn after_a_chi_the_swap_and_the_same_tile_are_refused_as_the_rules_say() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "2m8m19m369p369s456z",
                "2345m147p147s123z",
                "369m258p258s1567z",
                "147m147p258s2347z",
            ],
        );
        setup.draws = ["7z", "", "", ""];
        let mut game = setup.deal();
        discard(&mut game, 0, "2m", false);
        claim(
            &mut game,
            1,
            Action::Chi {
                tiles: [tile("3m"), tile("4m")],
            },
        );
        let allowed = discards_of(&game, 1);
        let (same, swap) = match preset {
            Preset::JpmlA => (false, true),
            Preset::SaikouisenClassic => (true, true),
            _ => (false, false),
        };
        assert_eq!(allowed.contains(&tile("2m").tile), same, "{preset}");
        assert_eq!(allowed.contains(&tile("5m").tile), swap, "{preset}");
    }
}

/// A concealed kan after riichi that keeps the waits: allowed in Tenhou's room [TH] and
/// every preset but Saikouisen Classic, whose rules have "no closed kan after riichi" [SC].
#[test]
fn a_concealed_kan_after_riichi_is_offered_except_in_saikouisen_classic() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "111m456p789s23s55p",
                "258m369p147s1567z",
                "369m147p258s2347z",
                "258m147p369s2345z",
            ],
        );
        setup.draws = ["9m1m", "9p", "8p", "7p"];
        let mut game = setup.deal();
        discard(&mut game, 0, "9m", true);
        pass_all(&mut game);
        go_round(&mut game, &[(1, "9p"), (2, "8p"), (3, "7p")]);
        let kan = Action::Ankan {
            tile: tile("1m").tile,
        };
        assert_eq!(
            game.legal_actions(0).contains(&kan),
            preset != Preset::SaikouisenClassic,
            "{preset}"
        );
    }
}

/// A robbed added kan turns over no indicator, whenever the rules turn a kan's ([TH, RE];
/// "robbed kan: none" [ML1, ML4]; the EMA's at once for a kan that stands [E1]).
#[test]
fn a_robbed_added_kan_shows_no_indicator_under_any_rules() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "5m147p258s9s12345z",
                "559m369p369s1267z",
                "46m123p456s789s11z",
                "258p147s258s3456z",
            ],
        );
        setup.draws = ["9p3m", "5m", "1s", "2m"];
        let mut game = setup.deal();
        discard(&mut game, 0, "5m", false);
        claim(&mut game, 1, pon("5m"));
        discard(&mut game, 1, "9m", false);
        pass_all(&mut game);
        go_round(&mut game, &[(2, "1s"), (3, "2m"), (0, "3m")]);
        act_where(&mut game, 1, |action| {
            matches!(action, Action::Kakan { .. })
        });
        game.act(2, Action::Ron).unwrap();
        pass_all(&mut game);
        let win = wins(&game).remove(0);
        assert!(yaku_of(&win).contains(&Yaku::Chankan), "{preset}");
        assert_eq!(game.indicators().len(), 1, "{preset}");
    }
}

/// Suukantsu pao: M-League and JPML make the feeder of a fourth kan made by an open kan
/// liable for the suukantsu ([ML1, ML5], [P-jpml]); no other preset does ([TH], [RE],
/// [P-wrc], [P-ema], [S1]). Seat 1 makes three concealed kans, then an open kan of the
/// dealer's 7z, and wins on its replacement tile.
#[test]
fn the_feeder_of_a_fourth_open_kan_pays_the_suukantsu_where_the_rules_say() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "456m456p456s789p9m",
                "111m222m333m777z4z",
                "589m12p346s1236z8p",
                "6789m357p89s1236z",
            ],
        );
        setup.draws = ["9s7z", "1m2m3m5z4z", "4p", "2p"];
        setup.indicators = "9m9p8s6z5s";
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "9s")]);
        for _ in 0..3 {
            act_where(&mut game, 1, |action| {
                matches!(action, Action::Ankan { .. })
            });
            pass_all(&mut game);
        }
        go_round(&mut game, &[(1, "5z"), (2, "4p"), (3, "2p")]);
        discard(&mut game, 0, "7z", false);
        game.act(1, Action::Daiminkan).unwrap();
        pass_all(&mut game);
        game.act(1, Action::Tsumo).unwrap();
        let win = wins(&game).remove(0);
        assert!(yaku_of(&win).contains(&Yaku::Suukantsu), "{preset}");
        let liable = matches!(preset, Preset::MLeague | Preset::JpmlA);
        let expected = if liable {
            [-32_000, 32_000, 0, 0]
        } else {
            [-16_000, 32_000, -8_000, -8_000]
        };
        assert_eq!(win.deltas, expected, "{preset}");
        assert_eq!(win.pao, liable.then_some(0), "{preset}");
    }
}
