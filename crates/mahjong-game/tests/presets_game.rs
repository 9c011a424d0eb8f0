//! The rule sets' differences in how hands and games end, each on a set-up wall and played
//! under every four-player preset: abortive draws, the all-last stop, busting, the West
//! round, riichi's limits, nagashi mangan, noten payments and the dealer's repeat, the sticks
//! left at the end, chombo and the final result. Each test quotes the rule it checks and its
//! source as the crate README's *Rule sets* table names them.

mod support {
    pub mod presets;
    pub mod table;
}

use mahjong::Wind;
use mahjong_game::{Action, DrawKind, Event, Game, GameRules, HandId, Preset};
use support::presets::*;
use support::table::*;

/// Whether the rules keep the abortive draws: Tenhou's [TH], Mahjong Soul's [MS] and JPML's
/// ("9 terminals, 4 winds, 4 riichi, 4 kans" [N1, P-jpml]); M-League [ML2, ML4], the WRC
/// [W15], the EMA [E16] and Saikouisen [S1] have none.
fn aborts(preset: Preset) -> bool {
    online(preset) || preset == Preset::JpmlA
}

/// South 4 with seat 3 dealing.
fn south_four(honba: u32) -> HandId {
    HandId {
        wind: Wind::South,
        number: 4,
        honba,
    }
}

/// Nine kinds of terminals and honours in the dealer's first draw: the option is offered only
/// where the rules keep it.
#[test]
fn nine_terminals_is_offered_only_where_it_aborts() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "19m19p19s1234z558m",
                "147m258p369s1567z",
                "258m369p147s1567z",
                "369m147p258s2347z",
            ],
        );
        setup.draws = ["6s", "", "", ""];
        let game = setup.deal();
        assert_eq!(
            game.legal_actions(0).contains(&Action::NineTerminals),
            aborts(preset),
            "{preset}"
        );
    }
}

/// The four first discards all East: the hand is aborted only where the rules keep four
/// winds; elsewhere the dealer draws again.
#[test]
fn four_winds_abort_only_where_the_rules_keep_it() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "1z147m258p369s567z",
                "1z258m369p147s234z",
                "1z369m147p258s567z",
                "1z147m369p258s234z",
            ],
        );
        setup.draws = ["9m7m", "9p", "9s", "8m"];
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "1z"), (1, "1z"), (2, "1z"), (3, "1z")]);
        if aborts(preset) {
            assert_eq!(drawn_kind(&game), Some(DrawKind::FourWinds), "{preset}");
        } else {
            assert_eq!(
                (drawn_kind(&game), game.to_move()),
                (None, Some(0)),
                "{preset}"
            );
        }
    }
}

/// Four riichi: aborted where the rules keep it, else the dealer draws on (all four sticks
/// on the table).
#[test]
fn four_riichi_abort_only_where_the_rules_keep_it() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "123456789m11p23p",
                "123456789m44p56p",
                "123456789m11s23s",
                "123456789m44s56s",
            ],
        );
        setup.draws = ["1z5z", "2z", "3z", "4z"];
        setup.indicators = "5z6z";
        let mut game = setup.deal();
        for (seat, wind) in [(0, "1z"), (1, "2z"), (2, "3z"), (3, "4z")] {
            discard(&mut game, seat, wind, true);
            pass_all(&mut game);
        }
        assert_eq!(game.sticks(), 4, "{preset}");
        if aborts(preset) {
            assert_eq!(drawn_kind(&game), Some(DrawKind::FourRiichi), "{preset}");
        } else {
            assert_eq!(
                (drawn_kind(&game), game.to_move()),
                (None, Some(0)),
                "{preset}"
            );
        }
    }
}

/// Four concealed kans by two seats: aborted once the fourth kan's discard passes, where the
/// rules keep four kans.
#[test]
fn four_kans_by_two_seats_abort_only_where_the_rules_keep_it() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "1111m2222m59p9s67z",
                "3333m4444m5s9s6z7z8p",
                "58m369p147s12345z",
                "69m258p258s12345z",
            ],
        );
        setup.draws = ["5s6s7s", "8s1p2p", "3p", ""];
        setup.indicators = "9m5z6z7z9p";
        let mut game = setup.deal();
        for seat in [0, 1] {
            for _ in 0..2 {
                act_where(&mut game, seat, |action| {
                    matches!(action, Action::Ankan { .. })
                });
                pass_all(&mut game);
            }
            let drawn = game.drawn().unwrap();
            game.act(
                seat,
                Action::Discard {
                    tile: drawn,
                    tsumogiri: true,
                    riichi: false,
                },
            )
            .unwrap();
            pass_all(&mut game);
        }
        if aborts(preset) {
            assert_eq!(drawn_kind(&game), Some(DrawKind::FourKans), "{preset}");
        } else {
            assert_eq!(
                (drawn_kind(&game), game.to_move()),
                (None, Some(2)),
                "{preset}"
            );
        }
    }
}

/// The all-last stop: the dealer first with the return points wins South 4. Tenhou and
/// Mahjong Soul end the game (agari-yame [TH, RA]); every league replays South 4 with a honba
/// more (no agari-yame [ML2, W15, P-ema, N1, S1]).
#[test]
fn a_leading_dealer_s_last_win_ends_the_game_only_online() {
    for preset in four_player() {
        let mut game = leading_dealer_at_south_four(preset, ["6z", "", "", "9s"], None);
        go_round(&mut game, &[(3, "9s")]);
        discard(&mut game, 0, "4p", false);
        game.act(3, Action::Ron).unwrap();
        pass_all(&mut game);
        assert_eq!(wins(&game).len(), 1, "{preset}");
        ends_or_repeats(&game, preset, online(preset));
    }
}

/// South 4, seat 3 dealing and first with 55,000 over the return points, ready on 1p-4p (a
/// closed ittsu) with these draws and live tiles left.
fn leading_dealer_at_south_four(preset: Preset, draws: [&str; 4], live_left: Option<u32>) -> Game {
    let rules = preset.rules();
    let back = rules.return_points;
    let mut setup = SetUp::new(
        rules,
        [
            "147p258m369s1234z",
            "258m369p147s1567z",
            "369m147p258s2347z",
            "123456789m11p23p",
        ],
    );
    setup.id = south_four(0);
    setup.dealer = 3;
    setup.scores = Some([back - 10_000, back - 10_000, back - 5_000, back + 25_000]);
    setup.draws = draws;
    setup.live_left = live_left;
    setup.deal()
}

/// The game ended (`ends`), or South 4 is dealt again by seat 3 with a honba more.
fn ends_or_repeats(game: &Game, preset: Preset, ends: bool) {
    assert_eq!(game_ended(game), ends, "{preset}");
    if !ends {
        assert_eq!(
            (game.hand_id(), game.dealer()),
            (south_four(1), 3),
            "{preset}"
        );
    }
}

/// Tenpai-yame: the leading dealer tenpai at South 4's exhaustive draw. Tenhou and Mahjong
/// Soul end the game [TH, RA]; the leagues play South 4 again (no tenpai-yame [ML2, P-wrc,
/// P-ema, N1, S1]), but Saikouisen Classic, whose dealer "repeats only on a win" and pays no
/// noten payments [SC], passes the deal: the game is over.
#[test]
fn a_leading_dealer_s_last_tenpai_ends_the_game_only_online_or_without_renchan() {
    for preset in four_player() {
        let mut game = leading_dealer_at_south_four(preset, ["6s", "4s", "3s", "5s"], Some(4));
        go_round(&mut game, &[(3, "5s"), (0, "6s"), (1, "4s"), (2, "3s")]);
        assert_eq!(drawn_kind(&game), Some(DrawKind::Exhaustive), "{preset}");
        ends_or_repeats(
            &game,
            preset,
            online(preset) || preset == Preset::SaikouisenClassic,
        );
    }
}

/// Busting: the dealer at 1,000 deals into 1,300 (a non-dealer's tanyao, 40 fu). Tenhou and
/// Mahjong Soul end the game below zero ("below 0 ends; 0 plays on" [TH, MS]); the leagues
/// play on ([ML2], [P-wrc], [P-ema], [P-jpml], [JS]). At 1,300 the dealer is left at exactly
/// zero: play goes on everywhere.
#[test]
fn a_player_below_zero_ends_the_game_only_online_and_zero_plays_on() {
    for (points, left) in [(1_000, -300), (1_300, 0)] {
        for preset in four_player() {
            let start = preset.rules().start_points;
            let mut setup = SetUp::new(
                preset.rules(),
                [
                    "369m147p258s9s234z",
                    "234m567p345s66s35p",
                    "147m258p369s1567z",
                    "258m369p147s1234z",
                ],
            );
            setup.scores = Some([points, start, start, start]);
            setup.draws = ["6z7z", "9m", "1s", "9p"];
            let mut game = setup.deal();
            go_round(&mut game, &[(0, "6z"), (1, "9m"), (2, "1s"), (3, "9p")]);
            discard(&mut game, 0, "4p", false);
            game.act(1, Action::Ron).unwrap();
            pass_all(&mut game);
            assert_eq!(game.scores()[0], left, "{preset}");
            let busts = left < 0 && online(preset);
            assert_eq!(game_ended(&game), busts, "{preset} at {points}");
        }
    }
}

/// The West round: nobody has the return points after South 4. Tenhou and Mahjong Soul play
/// West 1 ("until someone has 30k" [TH, RA]); the leagues end the game ([ML2], [P-wrc],
/// [P-ema], [P-jpml], [JS]).
#[test]
fn a_game_without_a_leader_goes_west_only_online() {
    for preset in four_player() {
        let rules = preset.rules();
        let below = rules.return_points - 4_000;
        let mut setup = SetUp::new(
            rules,
            [
                "147p258m369s1234z",
                "123456789m11p23p",
                "369m147p258s2347z",
                "258m369p147s1567z",
            ],
        );
        setup.id = south_four(0);
        setup.dealer = 3;
        setup.scores = Some([below, below, below, below]);
        setup.draws = ["6z", "7m", "1s", "9s4p"];
        // No dora: the win (ittsu, pinfu: 3,900) leaves the winner below 30,000; after a
        // go-around, so that no rule set's renhou counts.
        setup.indicators = "5z6z";
        let mut game = setup.deal();
        go_round(&mut game, &[(3, "9s"), (0, "6z"), (1, "7m"), (2, "1s")]);
        discard(&mut game, 3, "4p", false);
        game.act(1, Action::Ron).unwrap();
        pass_all(&mut game);
        assert!(
            game.scores()
                .iter()
                .all(|&score| score < rules.return_points),
            "{preset}: {:?}",
            game.scores()
        );
        assert_eq!(game_ended(&game), !online(preset), "{preset}");
        if online(preset) {
            let west = HandId {
                wind: Wind::West,
                number: 1,
                honba: 0,
            };
            assert_eq!((game.hand_id(), game.dealer()), (west, 0), "{preset}");
        }
    }
}

/// Riichi's limits: with 900 points, with 3 live tiles left after the draw, and on the last
/// draw. Tenhou refuses all three ("needs 1,000 and 4 tiles" [TH]), as Mahjong Soul
/// [RA] and the EMA (unverified [E12]); M-League allows all three [ML2]; the WRC riichi "with
/// fewer than 4 tiles left, even on the last draw" since 2025 [W25] and below 1,000
/// (unverified); JPML riichi on the last draw [N1] and below 1,000 (unverified), as
/// Saikouisen (unverified [JS]).
#[test]
fn riichi_below_1000_or_near_the_wall_s_end_is_allowed_as_the_rules_say() {
    for (points, live) in [(900, None), (30_000, Some(4)), (30_000, Some(1))] {
        for preset in four_player() {
            let rules: GameRules = preset.rules();
            let mut setup = SetUp::new(
                rules,
                [
                    "123456789m11p23p",
                    "147m258p369s1567z",
                    "258m369p147s1567z",
                    "369m147p258s2347z",
                ],
            );
            setup.scores = Some([points, 30_000, 30_000, 30_000]);
            setup.draws = ["7z", "", "", ""];
            setup.live_left = live;
            let game = setup.deal();
            let riichi = game
                .legal_actions(0)
                .iter()
                .any(|action| matches!(action, Action::Discard { riichi: true, .. }));
            // The same four refuse all three cases; the others allow all three.
            let allowed = !matches!(
                preset,
                Preset::Tenhou | Preset::MahjongSoul | Preset::Ema2016 | Preset::Ema2025
            );
            assert_eq!(riichi, allowed, "{preset}: {points} points, {live:?} live");
        }
    }
}

/// Nagashi mangan: seat 1 discarded only terminals and honours, none called, to the wall's
/// end. Tenhou and Mahjong Soul pay it a mangan tsumo ("as a draw settlement" [TH, RE]); the
/// leagues do not have it ([JS] for M-League, [P-wrc], [E16], [P-jpml], [JS]): nobody tenpai,
/// nobody pays.
#[test]
fn nagashi_mangan_is_paid_only_online() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "147m258p369s1234z",
                "258m369p147s1567z",
                "369m147p258s2347z",
                "258m147p369s1567z",
            ],
        );
        setup.draws = ["5s", "9m", "6s", "4m"];
        setup.live_left = Some(4);
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "5s"), (1, "9m"), (2, "6s"), (3, "4m")]);
        let expected = if online(preset) {
            (DrawKind::NagashiMangan, [-4000, 8000, -2000, -2000])
        } else {
            (DrawKind::Exhaustive, [0; 4])
        };
        let drawn = game.hand_events().iter().find_map(|event| match event {
            Event::Drawn { kind, deltas, .. } => Some((*kind, *deltas)),
            _ => None,
        });
        assert_eq!(drawn, Some(expected), "{preset}");
    }
}

/// Noten payments and the dealer's repeat at an exhaustive draw with only the dealer tenpai:
/// 3,000 in all to the dealer, who deals again, everywhere [TH, RA; U elsewhere] but
/// Saikouisen Classic: "no noten payments … dealer repeats only on a win" [SC].
#[test]
fn an_exhaustive_draw_pays_the_tenpai_dealer_and_repeats_except_in_saikouisen_classic() {
    for preset in four_player() {
        let mut setup = SetUp::new(
            preset.rules(),
            [
                "123456789m11p23p",
                "147m258p369s1567z",
                "258m369p147s1567z",
                "369m147p258s2347z",
            ],
        );
        setup.draws = ["5s", "6s", "4s", "3s"];
        setup.live_left = Some(4);
        let mut game = setup.deal();
        go_round(&mut game, &[(0, "5s"), (1, "6s"), (2, "4s"), (3, "3s")]);
        let changes = game.hand_events().iter().find_map(|event| match event {
            Event::Drawn { deltas, .. } => Some(*deltas),
            _ => None,
        });
        let classic = preset == Preset::SaikouisenClassic;
        let (deltas, dealer, number) = if classic {
            ([0; 4], 1, 2)
        } else {
            ([3000, -1000, -1000, -1000], 0, 1)
        };
        assert_eq!(changes, Some(deltas), "{preset}");
        let id = game.hand_id();
        assert_eq!(
            (game.dealer(), id.number, id.honba),
            (dealer, number, 1),
            "{preset}"
        );
    }
}

/// The sticks left at the end: the last hand an exhaustive draw, nobody tenpai, two riichi
/// sticks on the table. Tenhou, Mahjong Soul, M-League and the EMA give them to the first
/// ([TH], [MS], [ML3], [E16]); the WRC (the notes' default [E16]), JPML [N1, P-jpml] and
/// Saikouisen (unverified [JS]) to nobody.
#[test]
fn sticks_left_at_the_end_go_to_the_first_or_nobody() {
    for preset in four_player() {
        let rules = preset.rules();
        let start = rules.start_points;
        let mut setup = SetUp::new(
            rules,
            [
                "147p258m369s1234z",
                "258m369p147s1567z",
                "369m147p258s2347z",
                "258p147s369m1567z",
            ],
        );
        setup.id = south_four(0);
        setup.dealer = 3;
        // The first well past the return points, so that every rule set ends here.
        let scores = [start + 10_000, start, start - 3_000, start - 9_000];
        setup.scores = Some(scores);
        setup.sticks = 2;
        setup.draws = ["6s", "4s", "3s", "5s"];
        setup.live_left = Some(4);
        let mut game = setup.deal();
        go_round(&mut game, &[(3, "5s"), (0, "6s"), (1, "4s"), (2, "3s")]);
        assert!(game_ended(&game), "{preset}");
        let to_first = matches!(
            preset,
            Preset::Tenhou
                | Preset::MahjongSoul
                | Preset::MLeague
                | Preset::Ema2016
                | Preset::Ema2025
        );
        let expected = scores[0] + if to_first { 2000 } else { 0 };
        assert_eq!(game.scores()[0], expected, "{preset}");
    }
}

/// Chombo, as a referee rules a false declaration: the EMA takes 20 points after the uma
/// [E16], the WRC 30 (since 2022 [W22]), JPML 20 [P-jpml], Saikouisen Classic 16 [SC], and
/// the hand is played again; M-League's offender pays a reverse mangan at once and the hand
/// is replayed (unverified [ML4]); online rooms and Saikouisen (no source) have none.
#[test]
fn a_chombo_costs_what_the_rules_say_and_the_hand_is_dealt_again() {
    for preset in four_player() {
        let rules = preset.rules();
        let mut game = Game::new(rules, 11);
        let before = game.scores();
        let id = game.hand_id();
        let result = game.chombo(1);
        let penalty = match preset {
            Preset::Ema2016 | Preset::Ema2025 | Preset::JpmlA => Some(200),
            Preset::Wrc => Some(300),
            Preset::SaikouisenClassic => Some(160),
            _ => None,
        };
        match preset {
            Preset::Tenhou | Preset::MahjongSoul | Preset::Saikouisen => {
                assert!(result.is_err(), "{preset}");
                continue;
            }
            Preset::MLeague => {
                result.unwrap();
                let start = rules.start_points;
                assert_eq!(
                    game.scores(),
                    [start + 4000, start - 8000, start + 2000, start + 2000],
                    "{preset}"
                );
            }
            _ => {
                result.unwrap();
                assert_eq!(game.scores(), before, "{preset}");
            }
        }
        assert_eq!(
            (game.hand_id(), game.dealer()),
            (id, 0),
            "{preset}: the hand again"
        );
        let owed = rules.final_score(game.scores(), [0; 4])[1] - game.final_score()[1];
        assert_eq!(Some(owed).filter(|&owed| owed > 0), penalty, "{preset}");
    }
}

/// The final result of each rule set, in hundreds of points: Tenhou's uma +20/+10/-10/-20
/// with the 20,000 oka, rounded to thousands [TH]; Mahjong Soul's +15/+5/-5/-15 with the oka
/// (unverified [RA]); M-League's +50/+10/-10/-30 [ML1]; the WRC's and EMA's +15/+5/-5/-15
/// without oka [W1, E16]; JPML's by how many end with 30,000 or more [P-jpml]; Saikouisen's
/// +30/+10/-10/-30 [S1] and Classic's +12/+4/-4/-12 [SC]. Ties: the seat that was East first
/// places higher online [TH, MS]; the leagues split the tied places' uma ([ML1], [WI],
/// [P-ema], [P-jpml]).
#[test]
fn final_results_follow_each_league_s_uma_oka_and_ties() {
    let cases: [(Preset, [i32; 4], [i32; 4]); 21] = [
        // 25,000 to start, 30,000 returned.
        (
            Preset::Tenhou,
            [40_000, 25_000, 20_000, 15_000],
            [500, 50, -200, -350],
        ),
        (
            Preset::Tenhou,
            [35_000, 35_000, 20_000, 10_000],
            [450, 150, -200, -400],
        ),
        (
            Preset::MahjongSoul,
            [40_000, 25_000, 20_000, 15_000],
            [450, 0, -150, -300],
        ),
        (
            Preset::MahjongSoul,
            [35_000, 35_000, 20_000, 10_000],
            [400, 100, -150, -350],
        ),
        (
            Preset::MLeague,
            [40_000, 25_000, 20_000, 15_000],
            [600, 50, -200, -450],
        ),
        (
            Preset::MLeague,
            [35_000, 35_000, 20_000, 10_000],
            [350, 350, -200, -500],
        ),
        // 30,000 to start and returned.
        (
            Preset::Wrc,
            [45_000, 30_000, 25_000, 20_000],
            [300, 50, -100, -250],
        ),
        (
            Preset::Wrc,
            [40_000, 40_000, 25_000, 15_000],
            [200, 200, -100, -300],
        ),
        (
            Preset::Ema2016,
            [45_000, 30_000, 25_000, 20_000],
            [300, 50, -100, -250],
        ),
        (
            Preset::Ema2016,
            [40_000, 40_000, 25_000, 15_000],
            [200, 200, -100, -300],
        ),
        (
            Preset::Ema2025,
            [40_000, 40_000, 25_000, 15_000],
            [200, 200, -100, -300],
        ),
        // JPML: one, two and three seats with 30,000 or more.
        (
            Preset::JpmlA,
            [50_000, 28_000, 22_000, 20_000],
            [320, -30, -110, -180],
        ),
        (
            Preset::JpmlA,
            [45_000, 30_000, 25_000, 20_000],
            [230, 40, -90, -180],
        ),
        (
            Preset::JpmlA,
            [32_000, 31_000, 30_000, 27_000],
            [100, 40, 10, -150],
        ),
        (
            Preset::JpmlA,
            [40_000, 40_000, 25_000, 15_000],
            [160, 160, -90, -230],
        ),
        (
            Preset::Saikouisen,
            [45_000, 30_000, 25_000, 20_000],
            [450, 100, -150, -400],
        ),
        (
            Preset::Saikouisen,
            [40_000, 40_000, 25_000, 15_000],
            [300, 300, -150, -450],
        ),
        (
            Preset::SaikouisenClassic,
            [45_000, 30_000, 25_000, 20_000],
            [270, 40, -90, -220],
        ),
        (
            Preset::SaikouisenClassic,
            [40_000, 40_000, 25_000, 15_000],
            [180, 180, -90, -270],
        ),
        // A three-way tie: the hundreds left over go one each in seat order (50,000 of uma
        // and oka in three); online, seat order places them.
        (
            Preset::MLeague,
            [30_000, 30_000, 30_000, 10_000],
            [167, 167, 166, -500],
        ),
        (
            Preset::Tenhou,
            [20_000, 40_000, 20_000, 20_000],
            [0, 500, -200, -300],
        ),
    ];
    for (preset, scores, expected) in cases {
        assert_eq!(
            preset.rules().final_score(scores, [0; 4]),
            expected,
            "{preset} {scores:?}"
        );
    }
}
