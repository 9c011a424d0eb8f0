//! The game's rules one at a time, on hands set up for each (a record's wall: the dealt
//! tiles and each seat's draws): kuikae, furiten, riichi and a concealed kan, thirteen orphans
//! robbing a concealed kan, double and triple ron, four winds, pao.

mod support {
    pub mod table;
}

use mahjong::Yaku;
use mahjong_game::{Action, DrawKind, Event};
use support::table::*;

/// After a chi that took the low end of 1-2-3, neither the called 1m nor the 4m that would
/// make the same run from the other end may be discarded (kuikae).
#[test]
fn kuikae_forbids_the_called_tile_and_the_swap() {
    let mut game = deal(
        [
            "1m555p777p999s111z",
            "1234m66p88s33z44z5z",
            "567m123p456s6677z",
            "888999m234p777s5z",
        ],
        ["2z", "", "", ""],
        0,
        0,
    );
    discard(&mut game, 0, "1m", false);
    let chi = Action::Chi {
        tiles: [tile("2m"), tile("3m")],
    };
    assert_eq!(game.legal_actions(1), vec![chi, Action::Pass]);
    game.act(1, chi).unwrap();
    let allowed = discards_of(&game, 1);
    assert!(!allowed.contains(&tile("1m").tile) && !allowed.contains(&tile("4m").tile));
    assert!(allowed.contains(&tile("6p").tile));
    assert!(
        game.act(
            1,
            Action::Discard {
                tile: tile("4m"),
                tsumogiri: false,
                riichi: false
            }
        )
        .is_err()
    );
}

/// Three rons on one discard abort the hand; two both win, the honba and the sticks going to
/// the first from the discarder.
#[test]
fn triple_ron_aborts_and_double_ron_pays_the_first_the_honba() {
    let hands = [
        "2p333z777z555p666p",
        "555z123456789m2p",
        "666z123456789s2p",
        "444z999m111999p2p",
    ];
    let mut game = deal(hands, ["1z", "", "", ""], 0, 0);
    discard(&mut game, 0, "2p", false);
    for seat in 1..4 {
        assert!(
            game.legal_actions(seat).contains(&Action::Ron),
            "seat {seat}"
        );
    }
    for seat in 1..4 {
        game.act(seat, Action::Ron).unwrap();
    }
    assert!(game.hand_events().iter().any(|event| matches!(
        event,
        Event::Drawn {
            kind: DrawKind::TripleRon,
            ..
        }
    )));

    let mut game = deal(hands, ["1z", "", "", ""], 2, 1);
    discard(&mut game, 0, "2p", false);
    game.act(3, Action::Ron).unwrap();
    game.act(2, Action::Pass).unwrap();
    game.act(1, Action::Ron).unwrap();
    let wins = wins(&game);
    assert_eq!(wins.iter().map(|win| win.seat).collect::<Vec<_>>(), [1, 3]);
    // Seat 1: haku, ittsu closed and a dora (the 9m), 40 fu 4 han: 8000, plus 600 honba and
    // the 1,000 stick.
    assert_eq!(wins[0].score.points.total, 8000);
    assert_eq!(wins[0].deltas, [-8600, 9600, 0, 0]);
    // Seat 3 (North): its seat wind, 2,000-odd with no honba and no stick.
    assert_eq!(wins[1].deltas[0], -(wins[1].score.points.total as i32));
    assert_eq!(wins[1].deltas[3], wins[1].score.points.total as i32);
}

/// Letting a winning tile pass makes a seat furiten until its own next discard; its own
/// discard of a wait makes it furiten for good.
#[test]
fn furiten_after_passing_and_after_discarding_a_wait() {
    let hands = [
        "2p333z777z555p666p",
        "555z123456789m2p",
        "666z123456789s2p",
        "444z999m111999p2p",
    ];
    let mut game = deal(hands, ["1z", "2z", "3z", "5z"], 0, 0);
    discard(&mut game, 0, "2p", false);
    pass_all(&mut game);
    // Seat 1 draws and lets its own 2p go: seats 2 and 3 passed 2p and have not discarded
    // since, so they may not ron it; play goes on to seat 2.
    discard(&mut game, 1, "2p", false);
    assert_eq!(game.claim_on_table(), None);
    assert_eq!(game.deciding(), [2]);
    // Seat 2 discards: its furiten is over. Seat 3 lets its 2p go: seat 2 may ron it, seat 1
    // (2p in its own discards) may not.
    discard(&mut game, 2, "3z", false);
    pass_all(&mut game);
    discard(&mut game, 3, "2p", false);
    assert!(game.legal_actions(2).contains(&Action::Ron));
    assert!(game.legal_actions(1).is_empty());
}

/// After riichi a concealed kan is allowed only if the waits stay the same.
#[test]
fn a_kan_after_riichi_must_keep_the_waits() {
    for (hand, allowed) in [("111m234p567p789s5z", true), ("1112m234p567p789s", false)] {
        let mut game = deal(
            [
                hand,
                "2345m66p88s33z44z5z",
                "567m123p456s6677z",
                "888999m234p777s2z",
            ],
            ["6z1m7z", "8p", "9s", "1p"],
            0,
            0,
        );
        discard(&mut game, 0, "6z", true);
        pass_all(&mut game);
        for (seat, text) in [(1, "8p"), (2, "9s"), (3, "1p")] {
            discard(&mut game, seat, text, false);
            pass_all(&mut game);
        }
        let kan = Action::Ankan {
            tile: tile("1m").tile,
        };
        assert_eq!(game.legal_actions(0).contains(&kan), allowed, "{hand}");
        assert_eq!(game.act(0, kan).is_ok(), allowed, "{hand}");
    }
}

/// Thirteen orphans may rob a concealed kan of its missing tile (chankan); nobody else may.
#[test]
fn thirteen_orphans_robs_a_concealed_kan() {
    let mut game = deal(
        [
            "222333444m5m111z",
            "19m19p199s234567z",
            "666777m888999p1p",
            "222333444p555s6s",
        ],
        ["1z", "", "", ""],
        0,
        0,
    );
    game.act(
        0,
        Action::Ankan {
            tile: tile("1z").tile,
        },
    )
    .unwrap();
    assert_eq!(game.legal_actions(1), vec![Action::Ron, Action::Pass]);
    assert!(game.legal_actions(2).is_empty());
    game.act(1, Action::Ron).unwrap();
    let wins = wins(&game);
    assert_eq!(wins.len(), 1);
    assert!(
        wins[0]
            .score
            .yaku
            .iter()
            .any(|one| one.yaku == Yaku::Kokushi)
    );
    assert_eq!(wins[0].deltas, [-32_000, 32_000, 0, 0]);
}

/// The same wind as everyone's first discard, no call: an abortive draw, the dealer staying.
#[test]
fn four_winds_abort() {
    let mut game = deal(
        [
            "1z222333444m5m55p",
            "1z19m19p199s23456z",
            "1z666777m888999p",
            "1z222333444p555s",
        ],
        ["7z", "7z", "7z", "6z"],
        0,
        0,
    );
    for seat in 0..4 {
        discard(&mut game, seat, "1z", false);
        if seat < 3 {
            pass_all(&mut game);
        }
    }
    assert!(game.hand_events().iter().any(|event| matches!(
        event,
        Event::Drawn {
            kind: DrawKind::FourWinds,
            ..
        }
    )));
    assert!(game.is_over(), "a replayed hand stops at its end");
}

/// Calling the third dragon set from a discard, the other two already called, makes that
/// discarder pay a daisangen tsumo in full (pao).
#[test]
fn pao_for_the_third_dragon_set() {
    let mut game = deal(
        [
            "5z7z123m456m789s11p",
            "55z66z77z9m234p123s",
            "6z1234m66p88s33z44z",
            "888m333p567p777s9s",
        ],
        ["2z3z4m", "9m", "1p4s1s", "8p2p"],
        0,
        0,
    );
    let pon = |text: &str| Action::Pon {
        tiles: [tile(text), tile(text)],
    };
    discard(&mut game, 0, "5z", false);
    game.act(1, pon("5z")).unwrap();
    discard(&mut game, 1, "1s", false);
    pass_all(&mut game);
    discard(&mut game, 2, "6z", false);
    game.act(1, pon("6z")).unwrap();
    discard(&mut game, 1, "2s", false);
    pass_all(&mut game);
    discard(&mut game, 2, "4s", false);
    pass_all(&mut game);
    discard(&mut game, 3, "8p", false);
    pass_all(&mut game);
    discard(&mut game, 0, "7z", false);
    game.act(1, pon("7z")).unwrap();
    discard(&mut game, 1, "3s", false);
    pass_all(&mut game);
    for (seat, text) in [(2, "1s"), (3, "2p"), (0, "4m")] {
        discard(&mut game, seat, text, false);
        pass_all(&mut game);
    }
    assert!(game.legal_actions(1).contains(&Action::Tsumo));
    game.act(1, Action::Tsumo).unwrap();
    let wins = wins(&game);
    assert!(
        wins[0]
            .score
            .yaku
            .iter()
            .any(|one| one.yaku == Yaku::Daisangen)
    );
    assert_eq!(wins[0].pao, Some(0));
    assert_eq!(wins[0].deltas, [-32_000, 32_000, 0, 0]);
}

/// Only thirteen orphans may rob a concealed kan, so a concealed kan of another seat's wait
/// leaves that seat free to ron its other wait (Tenhou: a riichi on 1m-4m rons 1m after
/// another seat's concealed kan of 4m).
#[test]
fn a_concealed_kan_of_a_wait_makes_nobody_furiten() {
    let mut game = deal(
        [
            "444m123p567p789s1z",
            "23m456p678p234s55s",
            "999m999p999s111s6z",
            "888m888p111p222s3z",
        ],
        ["2z4m1m", "7z", "6z", "5z"],
        0,
        0,
    );
    discard(&mut game, 0, "2z", false);
    pass_all(&mut game);
    discard(&mut game, 1, "7z", true);
    pass_all(&mut game);
    go_round(&mut game, &[(2, "6z"), (3, "5z")]);
    let kan = Action::Ankan {
        tile: tile("4m").tile,
    };
    game.act(0, kan).unwrap();
    assert_eq!(game.claim_on_table(), None, "nobody may rob it");
    // The replacement tile is seat 0's next draw: the 1m it lets go.
    assert_eq!(game.drawn(), Some(tile("1m")));
    discard(&mut game, 0, "1m", false);
    assert!(game.legal_actions(1).contains(&Action::Ron));
}

/// A seat in riichi that robs an added kan on the same go-around keeps its ippatsu: the kan
/// ends ippatsu only once it stands.
#[test]
fn ippatsu_survives_a_chankan() {
    let mut game = deal(
        [
            "89p123m456m789s11z",
            "77p159m159s15p667z",
            "268m39p26s2345z2p3s",
            "7p135m246p138s246z",
        ],
        ["4z5z", "3m7p", "1z2z", "3z4z"],
        0,
        0,
    );
    go_round(&mut game, &[(0, "4z"), (1, "3m"), (2, "1z")]);
    discard(&mut game, 3, "7p", false);
    claim(&mut game, 1, pon("7p"));
    discard(&mut game, 1, "1m", false);
    pass_all(&mut game);
    go_round(&mut game, &[(2, "2z"), (3, "4z")]);
    discard(&mut game, 0, "5z", true);
    pass_all(&mut game);
    game.act(1, Action::Kakan { tile: tile("7p") }).unwrap();
    assert_eq!(game.legal_actions(0), [Action::Ron, Action::Pass]);
    game.act(0, Action::Ron).unwrap();
    let wins = wins(&game);
    let yaku = yaku_of(&wins[0]);
    for wanted in [Yaku::Riichi, Yaku::Ippatsu, Yaku::Chankan] {
        assert!(yaku.contains(&wanted), "{wanted:?} in {yaku:?}");
    }
}

/// An added kan's indicator shows once the kan stands and the seat then discards or declares
/// another kan that stands, and a win on the replacement tile turns none: two added kans in
/// a row and a win on the second replacement tile count the first kan's dora, not the
/// second's (Tenhou writes `N DORA T DORA D` when the seat discards instead).
#[test]
fn consecutive_added_kans_won_on_the_replacement_show_the_first_kans_dora() {
    let mut game = deal_with(
        [
            "55z66z123m456m9p1s2s",
            "5z6z258m36p247s134z",
            "258m147p258s37z3s6s",
            "369m258p147s2z7z8m9p",
        ],
        ["3z5z6z9p", "8s7s1p", "4s", "9s"],
        "8m8p8p",
        0,
        0,
    );
    discard(&mut game, 0, "3z", false);
    pass_all(&mut game);
    discard(&mut game, 1, "5z", false);
    claim(&mut game, 0, pon("5z"));
    discard(&mut game, 0, "1s", false);
    pass_all(&mut game);
    discard(&mut game, 1, "6z", false);
    claim(&mut game, 0, pon("6z"));
    discard(&mut game, 0, "2s", false);
    pass_all(&mut game);
    go_round(&mut game, &[(1, "7s"), (2, "4s"), (3, "9s")]);
    game.act(0, Action::Kakan { tile: tile("5z") }).unwrap();
    assert_eq!(
        game.indicators().len(),
        1,
        "the first kan's indicator waits"
    );
    game.act(0, Action::Kakan { tile: tile("6z") }).unwrap();
    assert_eq!(
        game.indicators(),
        pieces("8m8p"),
        "the second kan stands: the first kan's indicator shows, the second's waits"
    );
    let events = game.hand_events();
    let last = &events[events.len() - 3..];
    assert!(
        matches!(
            last,
            [
                Event::Kakan { .. },
                Event::Dora { .. },
                Event::Draw {
                    replacement: true,
                    ..
                },
            ]
        ),
        "{last:?}"
    );
    game.act(0, Action::Tsumo).unwrap();
    assert_eq!(game.indicators(), pieces("8m8p"));
    let win = &wins(&game)[0];
    let yaku = yaku_of(win);
    assert!(
        yaku.contains(&Yaku::Rinshan) && yaku.contains(&Yaku::Dora),
        "{yaku:?}"
    );
    // Haku, hatsu, rinshan and the 9p pair as two dora under one new indicator.
    assert_eq!(win.score.han, 5);
}
