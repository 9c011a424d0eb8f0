//! The rule paths no real record in `testdata/mahjong-game/logs` shows (those it shows are fixtures
//! in `testdata/mahjong-game/replay`), each on a set-up wall: the rule as Tenhou plays it, and the
//! hand written in every format we write (mjai, tenhou.net/6, mjlog) replaying to the very
//! same events.

mod support {
    pub mod table;
}

use mahjong::{Piece, Wind, Yaku};
use mahjong_game::records::convert::Target;
use mahjong_game::records::{read, replay::replay_hand};
use mahjong_game::{Action, DrawKind, Event, Game, GameRules, HandId, Wall, all_tiles};
use support::table::*;

/// Events with each dealt hand in tile order (mjlog deals in the wall's order).
fn dealt_sorted(events: &[Event]) -> Vec<Event> {
    let mut events = events.to_vec();
    for event in &mut events {
        if let Event::StartHand { hands, .. } = event {
            for hand in hands {
                hand.sort_by_key(|piece| (piece.tile, !piece.red));
            }
        }
    }
    events
}

/// The hand written in each format replays to the same events (a hand of a record that
/// stops there: mjai then has no `end_game` and an mjlog no `owari`, which their readers say).
fn replays_in_every_format(game: &Game) {
    let names: Vec<String> = (0..4).map(|seat| format!("p{seat}")).collect();
    let expected = dealt_sorted(game.hand_events());
    for target in Target::ALL {
        let text = target
            .write(GameRules::default(), game.events(), &names)
            .unwrap();
        let (log, error) = read(&text);
        if let Some(error) = error {
            assert!(
                error
                    .message
                    .contains("the record stops before the game's end"),
                "{}: {error}",
                target.name()
            );
        }
        let (verdict, replayed) = replay_hand(log.rules, log.notation, &log.hands[0]);
        assert!(verdict.agree, "{}: {:?}", target.name(), verdict.error);
        let replayed = dealt_sorted(replayed.unwrap().hand_events());
        assert_eq!(replayed, expected, "{}", target.name());
    }
}

/// The first tile of `pool` that is `wanted`, taken out of it.
fn take_from(pool: &mut Vec<Piece>, wanted: &dyn Fn(&Piece) -> bool) -> Piece {
    let at = pool.iter().position(wanted).expect("a tile left");
    pool.remove(at)
}

/// The hand's draw, if it ended in one.
fn drawn(game: &Game) -> Option<(DrawKind, [i32; 4])> {
    game.hand_events().iter().find_map(|event| match event {
        Event::Drawn { kind, deltas, .. } => Some((*kind, *deltas)),
        _ => None,
    })
}

/// A triple ron is an abortive draw, with or without a call just before the discard: replayed
/// from each format, the three rons are made on the hand's last discard.
#[test]
fn a_triple_ron_aborts_with_and_without_a_call_before_it() {
    let hands = [
        "123m456m555z56p11s",
        "234s456s666z56p99m",
        "111p777z345s56p99s",
        "88m7p1234z2m4m9p1s3s7s",
    ];
    // Seat 3 discards 7p on its own turn, and the three others ron it.
    let mut game = deal(hands, ["1z", "2z", "3z", "7s"], 0, 0);
    go_round(&mut game, &[(0, "1z"), (1, "2z"), (2, "3z")]);
    discard(&mut game, 3, "7p", false);
    for seat in [0, 1, 2] {
        game.act(seat, Action::Ron).unwrap();
    }
    assert_eq!(drawn(&game), Some((DrawKind::TripleRon, [0; 4])));
    replays_in_every_format(&game);
    // Seat 1 lets its last tile go, seat 3 pons it and discards 7p: the three others ron the
    // 7p, not seat 1's 8m.
    let mut game = deal(hands, ["1z", "8m", "", ""], 0, 0);
    discard(&mut game, 0, "1z", false);
    pass_all(&mut game);
    discard(&mut game, 1, "8m", false);
    claim(&mut game, 3, pon("8m"));
    discard(&mut game, 3, "7p", false);
    for seat in [0, 1, 2] {
        game.act(seat, Action::Ron).unwrap();
    }
    assert_eq!(drawn(&game), Some((DrawKind::TripleRon, [0; 4])));
    replays_in_every_format(&game);
}

/// An open kan's indicator shows before its seat's next discard, so a ron on that very
/// discard counts it (Tenhou writes `N T DORA D`; its records show it for added kans, and the
/// `kan-then-ron` fixture replays them).
#[test]
fn an_open_kans_indicator_counts_for_a_ron_on_the_next_discard() {
    let mut game = deal_with(
        [
            "111z123m456m78p99s",
            "1z2z3z4z147m258p369s",
            "555z234s567s678m3p",
            "2z3z4z6z258m147s369p",
        ],
        ["9m3p", "7s", "", ""],
        "8m2p",
        0,
        0,
    );
    discard(&mut game, 0, "9m", false);
    pass_all(&mut game);
    discard(&mut game, 1, "1z", false);
    claim(&mut game, 0, Action::Daiminkan);
    assert_eq!(game.indicators(), pieces("8m"), "the kan's indicator waits");
    discard(&mut game, 0, "3p", false);
    assert_eq!(
        game.indicators(),
        pieces("8m2p"),
        "it shows with the discard"
    );
    game.act(2, Action::Ron).unwrap();
    let win = &wins(&game)[0];
    // Haku, and the 3p pair as two dora under the kan's indicator.
    assert_eq!(win.score.han, 3);
    assert!(yaku_of(win).contains(&Yaku::Dora));
    replays_in_every_format(&game);
}

/// A fixture of `testdata/mahjong-game/constructed` replaying `game`'s hand written in each
/// format (mjai's events on one line): the file must be what this writes
/// (`TILES_WRITE_RECORDS=1` writes it again), and `cargo xtask verify` replays it.
fn constructed_fixture(game: &Game, name: &str, test: &str, about: &str) {
    let names: Vec<String> = (0..4).map(|seat| format!("p{seat}")).collect();
    let mut text = format!(
        "# {about}\n#\n# A hand played on a set-up wall by `{test}` in\n\
         # crates/mahjong-game/tests/rule_paths.rs, written in each format we write; that test\n\
         # checks this file is what it writes (TILES_WRITE_RECORDS=1 writes it again).\n"
    );
    for target in Target::ALL {
        let record = target
            .write(GameRules::default(), game.events(), &names)
            .unwrap();
        let one_line: Vec<&str> = record.lines().map(str::trim).collect();
        text.push_str(&format!(
            "\n# {}\nreplay {}\n",
            target.name(),
            one_line.join(" ")
        ));
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/mahjong-game/constructed")
        .join(format!("{name}.txt"));
    if std::env::var_os("TILES_WRITE_RECORDS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap_or_default(),
        text,
        "{} is this hand's fixture (TILES_WRITE_RECORDS=1 writes it again)",
        path.display()
    );
}

/// The dora indicators the hand showed, in order.
fn shown(game: &Game) -> Vec<Piece> {
    game.hand_events()
        .iter()
        .filter_map(|event| match event {
            Event::StartHand { indicator, .. } | Event::Dora { indicator } => Some(*indicator),
            _ => None,
        })
        .collect()
}

/// Seat 0 (the dealer) pons 2z, 3z, 4z and 5z off seat 1's discards, and the play goes round
/// to seat 0's next draw: it holds four pons and a 9p, drawing `draws` after its first.
fn four_pons(draws: &str, indicators: &str) -> Game {
    let mut game = deal_with(
        [
            "22z33z44z55z9p123s6s",
            "2345z147m258p369s",
            "147p258s369m167z9s",
            "258m369p147s167z8s",
        ],
        [&format!("7z{draws}"), "1p2p3p4p6p", "2m", "3m"],
        indicators,
        0,
        0,
    );
    discard(&mut game, 0, "7z", false);
    pass_all(&mut game);
    for (wind, out) in [("2z", "1s"), ("3z", "2s"), ("4z", "3s"), ("5z", "6s")] {
        discard(&mut game, 1, wind, false);
        claim(&mut game, 0, pon(wind));
        discard(&mut game, 0, out, false);
        pass_all(&mut game);
    }
    go_round(&mut game, &[(1, "6p"), (2, "2m"), (3, "3m")]);
    game
}

/// Four pons, then three added kans in a row by one seat, each on the previous kan's
/// replacement tile, won on the last replacement tile: an open or added kan's indicator is
/// turned when its seat next discards, or at the next kan declared first, and a win on the
/// replacement tile turns none; so the first kan's indicator shows as the second stands, the
/// second's as the third stands, and the third's never: two new indicators (Tenhou's record
/// of such a hand shows the first indicator and two more).
#[test]
fn three_added_kans_in_a_row_won_on_the_last_replacement_tile() {
    let mut game = four_pons("2z3z4z9p", "8m8p8p8p");
    for wind in ["2z", "3z", "4z"] {
        game.act(0, Action::Kakan { tile: tile(wind) }).unwrap();
        pass_all(&mut game);
    }
    assert_eq!(game.indicators(), pieces("8m8p8p"), "two new indicators");
    game.act(0, Action::Tsumo).unwrap();
    assert_eq!(shown(&game), pieces("8m8p8p"));
    let win = &wins(&game)[0];
    // The 9p pair as two dora under each of the two new indicators.
    let dora = win.score.yaku.iter().find(|one| one.yaku == Yaku::Dora);
    assert_eq!(dora.map(|one| one.han), Some(4));
    let yaku = yaku_of(win);
    for expected in [
        Yaku::Rinshan,
        Yaku::Sankantsu,
        Yaku::Toitoi,
        Yaku::Honroutou,
    ] {
        assert!(yaku.contains(&expected), "{expected:?} in {yaku:?}");
    }
    replays_in_every_format(&game);
    constructed_fixture(
        &game,
        "three-added-kans-won-on-the-replacement",
        "three_added_kans_in_a_row_won_on_the_last_replacement_tile",
        "Four pons, then three added kans in a row, each on the previous kan's replacement tile, won on the last replacement tile (rinshan, sankantsu): the first indicator and two more.",
    );
}

/// Two added kans in a row, then a discard: `N DORA T DORA D` as Tenhou writes it (the
/// first kan's indicator as the second stands, the second's as its seat discards), and a ron
/// on that discard counts the second's indicator.
#[test]
fn two_added_kans_then_a_discard() {
    let mut game = deal_with(
        [
            "22z33z44z123m9p123s",
            "234z147m258p369s1z",
            "234m567m666z55p7s9s",
            "258m369p147s1z5z7z9s",
        ],
        ["7z2z3z8s", "1p4p6p9p", "3p", "4p"],
        "8m8p7s8p",
        0,
        0,
    );
    discard(&mut game, 0, "7z", false);
    pass_all(&mut game);
    for (wind, out) in [("2z", "1s"), ("3z", "2s"), ("4z", "3s")] {
        discard(&mut game, 1, wind, false);
        claim(&mut game, 0, pon(wind));
        discard(&mut game, 0, out, false);
        pass_all(&mut game);
    }
    go_round(&mut game, &[(1, "1p"), (2, "3p"), (3, "4p")]);
    for wind in ["2z", "3z"] {
        game.act(0, Action::Kakan { tile: tile(wind) }).unwrap();
        pass_all(&mut game);
    }
    assert_eq!(game.indicators(), pieces("8m8p"), "the second kan's waits");
    discard(&mut game, 0, "8s", false);
    assert_eq!(
        game.indicators(),
        pieces("8m8p7s"),
        "shown with the discard"
    );
    game.act(2, Action::Ron).unwrap();
    // Tenhou writes the second kan's DORA tag just before the discard's D tag.
    let names: Vec<String> = (0..4).map(|seat| format!("p{seat}")).collect();
    let mjlog = Target::Mjlog
        .write(GameRules::default(), game.events(), &names)
        .unwrap();
    let tags: Vec<&str> = mjlog
        .split('<')
        .map(|tag| tag.trim_end_matches(|c: char| !c.is_ascii_alphabetic()))
        .map(|tag| {
            &tag[..tag
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(tag.len())]
        })
        .collect();
    let at = tags.iter().position(|&tag| tag == "AGARI").unwrap();
    assert_eq!(tags[at - 7..at], ["N", "T", "N", "DORA", "T", "DORA", "D"]);
    let win = &wins(&game)[0];
    // Hatsu, and the 8s won on as dora under the second kan's indicator.
    assert_eq!(win.score.han, 2);
    assert_eq!(yaku_of(win), [Yaku::Hatsu, Yaku::Dora]);
    replays_in_every_format(&game);
    constructed_fixture(
        &game,
        "two-added-kans-then-a-discard",
        "two_added_kans_then_a_discard",
        "Two added kans in a row, then a discard (N DORA T DORA D), won by ron: the second kan's indicator shows with the discard and counts for the ron.",
    );
}

/// An added kan declared on a concealed kan's replacement tile, then a win on the added
/// kan's replacement tile: the concealed kan's indicator shows at once, the added kan's never.
#[test]
fn an_added_kan_on_a_concealed_kans_replacement_then_a_win_on_the_replacement() {
    let mut game = deal_with(
        [
            "111z22z333z123m9p1s",
            "2z456z147m258p369s",
            "147p258s369m4567z",
            "258m369p147s4567z",
        ],
        ["7z1z2z9p", "1p4p", "2m", "3m"],
        "8m8p8p",
        0,
        0,
    );
    discard(&mut game, 0, "7z", false);
    pass_all(&mut game);
    discard(&mut game, 1, "2z", false);
    claim(&mut game, 0, pon("2z"));
    discard(&mut game, 0, "1s", false);
    pass_all(&mut game);
    go_round(&mut game, &[(1, "4p"), (2, "2m"), (3, "3m")]);
    game.act(
        0,
        Action::Ankan {
            tile: tile("1z").tile,
        },
    )
    .unwrap();
    pass_all(&mut game);
    assert_eq!(
        game.indicators(),
        pieces("8m8p"),
        "a concealed kan's at once"
    );
    game.act(0, Action::Kakan { tile: tile("2z") }).unwrap();
    pass_all(&mut game);
    assert_eq!(game.indicators(), pieces("8m8p"));
    game.act(0, Action::Tsumo).unwrap();
    assert_eq!(shown(&game), pieces("8m8p"), "the added kan's never shows");
    let win = &wins(&game)[0];
    let dora = win.score.yaku.iter().find(|one| one.yaku == Yaku::Dora);
    assert_eq!(dora.map(|one| one.han), Some(2), "the 9p pair under one 8p");
    assert!(yaku_of(win).contains(&Yaku::Rinshan));
    replays_in_every_format(&game);
    constructed_fixture(
        &game,
        "added-kan-on-a-concealed-kans-replacement",
        "an_added_kan_on_a_concealed_kans_replacement_then_a_win_on_the_replacement",
        "An added kan declared on a concealed kan's replacement tile, won on its own replacement tile: the concealed kan's indicator at once, the added kan's none.",
    );
}

/// Nagashi mangan: a seat whose every discard is a terminal or an honour, none called, is
/// paid a mangan tsumo at the exhaustive draw (a dealer's: 4,000 from each), with no tenpai
/// payments.
#[test]
fn nagashi_mangan_at_the_exhaustive_draw() {
    let rules = GameRules::default();
    let ends = |piece: &Piece| {
        let index = piece.tile.index();
        index >= 27 || matches!(index % 9, 0 | 8)
    };
    let mut pool = all_tiles(&rules);
    let mut take = |wanted: &dyn Fn(&Piece) -> bool| take_from(&mut pool, wanted);
    // Each seat is dealt middle tiles; seat 0 (the dealer) draws only terminals and honours
    // (a 1m first: four first discards of one wind would abort), the others middle tiles
    // first and then what is left.
    let hands: [Vec<Piece>; 4] =
        std::array::from_fn(|_| (0..13).map(|_| take(&|piece| !ends(piece))).collect());
    let counts = [18, 18, 17, 17];
    let mut draws: [Vec<Piece>; 4] = Default::default();
    for turn in 0..70 {
        let seat = turn % 4;
        let tile = if seat == 0 {
            take(&|piece: &Piece| ends(piece) && (turn > 0 || piece.tile.index() == 0))
        } else if draws[seat].is_empty() {
            take(&|piece| !ends(piece))
        } else {
            take(&|_| true)
        };
        draws[seat].push(tile);
    }
    assert_eq!(draws.each_ref().map(Vec::len), counts);
    let indicator = take(&|_| true);
    let id = HandId {
        wind: Wind::East,
        number: 1,
        honba: 0,
    };
    let mut game = Game::for_replay(rules, id, 0, 0, [25_000; 4]);
    let wall = Wall::given(draws, vec![indicator], Vec::new());
    game.deal_replayed(hands, wall, indicator).unwrap();
    while !game.is_over() {
        let seat = game.deciding()[0];
        let action = match game.drawn() {
            Some(tile) if game.claim_on_table().is_none() => Action::Discard {
                tile,
                tsumogiri: true,
                riichi: false,
            },
            _ => Action::Pass,
        };
        game.act(seat, action).unwrap();
    }
    let (kind, deltas) = drawn(&game).unwrap();
    assert_eq!(kind, DrawKind::NagashiMangan);
    assert_eq!(deltas, [12_000, -4_000, -4_000, -4_000]);
    replays_in_every_format(&game);
    // The page's viewer opens this hand as a record (no real record shows a nagashi): the
    // file is this game's mjai record, written again with TILES_WRITE_RECORDS=1.
    let names: Vec<String> = (0..4).map(|seat| format!("p{seat}")).collect();
    let text = Target::Mjai.write(rules, game.events(), &names).unwrap();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/mahjong-game/constructed/nagashi-mangan.mjson");
    if std::env::var_os("TILES_WRITE_RECORDS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap_or_default(),
        text,
        "{} is this hand's record (TILES_WRITE_RECORDS=1 writes it again)",
        path.display()
    );
}

/// Haitei after a kan: a kan shortens the live wall by one, so the last live tile comes a
/// draw earlier; won by tsumo it scores haitei.
#[test]
fn haitei_after_a_kan() {
    let rules = GameRules::default();
    let one_sou = tile("1s");
    let mut pool = all_tiles(&rules);
    let mut take = |wanted: &dyn Fn(&Piece) -> bool| take_from(&mut pool, wanted);
    // Seat 0 (the dealer) waits on 1s alone from the deal and draws its fourth 4z first.
    let mut hands: [Vec<Piece>; 4] = Default::default();
    for piece in pieces("444z123m456m789p1s") {
        hands[0].push(take(&|one| *one == piece));
    }
    let fourth = take(&|one| *one == tile("4z"));
    let last = take(&|one| *one == one_sou);
    for hand in &mut hands[1..] {
        *hand = (0..13).map(|_| take(&|_| true)).collect();
    }
    // With the kan, 69 live draws: seat 0 draws the 1st and the 69th (the last), and its
    // replacement tile after the first.
    let mut draws: [Vec<Piece>; 4] = Default::default();
    for turn in 0..69 {
        let seat = turn % 4;
        let drawn = match turn {
            0 => fourth,
            68 => last,
            _ => take(&|one| *one != one_sou),
        };
        draws[seat].push(drawn);
        if turn == 0 {
            draws[0].push(take(&|one| *one != one_sou));
        }
    }
    let indicators = vec![take(&|_| true), take(&|_| true)];
    let id = HandId {
        wind: Wind::East,
        number: 1,
        honba: 0,
    };
    let mut game = Game::for_replay(rules, id, 0, 0, [25_000; 4]);
    let wall = Wall::given(draws, indicators.clone(), Vec::new());
    game.deal_replayed(hands, wall, indicators[0]).unwrap();
    game.act(
        0,
        Action::Ankan {
            tile: tile("4z").tile,
        },
    )
    .unwrap();
    pass_all(&mut game);
    while !game.is_over() {
        let seat = game.deciding()[0];
        let action = match game.drawn() {
            Some(drawn) if seat == 0 && drawn == one_sou && game.live_left() == 0 => Action::Tsumo,
            Some(drawn) if game.claim_on_table().is_none() => Action::Discard {
                tile: drawn,
                tsumogiri: true,
                riichi: false,
            },
            _ => Action::Pass,
        };
        game.act(seat, action).unwrap();
    }
    let win = &wins(&game)[0];
    let yaku = yaku_of(win);
    assert!(
        yaku.contains(&Yaku::Haitei) && yaku.contains(&Yaku::MenzenTsumo),
        "{yaku:?}"
    );
    replays_in_every_format(&game);
}

/// Pao on daisangen with tsuuiisou as well: the liable seat pays a tsumo whole, both yakuman
/// and the honba; a ron off a third seat's discard it shares half and half with the
/// discarder, who pays the honba. Both are written in every format and replayed.
#[test]
fn pao_with_a_second_yakuman() {
    let hands = [
        "5z7z123m456m789s11p",
        "55z66z77z111z2z9m9p9s",
        "6z1234m66p88s33z4z2z",
        "888m333p567p777s9s",
    ];
    let play = |ron: bool| {
        let mut game = deal(hands, ["3z4m1m", "2z", "1p4s1s", "8p2p"], 3, 0);
        discard(&mut game, 0, "5z", false);
        claim(&mut game, 1, pon("5z"));
        discard(&mut game, 1, "9m", false);
        pass_all(&mut game);
        discard(&mut game, 2, "6z", false);
        claim(&mut game, 1, pon("6z"));
        discard(&mut game, 1, "9p", false);
        pass_all(&mut game);
        go_round(&mut game, &[(2, "4s"), (3, "8p")]);
        discard(&mut game, 0, "7z", false);
        claim(&mut game, 1, pon("7z"));
        discard(&mut game, 1, "9s", false);
        pass_all(&mut game);
        if ron {
            discard(&mut game, 2, "2z", false);
            game.act(1, Action::Ron).unwrap();
        } else {
            go_round(&mut game, &[(2, "1s"), (3, "2p"), (0, "1m")]);
            game.act(1, Action::Tsumo).unwrap();
        }
        replays_in_every_format(&game);
        wins(&game).remove(0)
    };
    let tsumo = play(false);
    let yaku = yaku_of(&tsumo);
    assert!(yaku.contains(&Yaku::Daisangen) && yaku.contains(&Yaku::Tsuuiisou));
    assert_eq!(tsumo.pao, Some(0));
    assert_eq!(tsumo.score.points.total, 64_000);
    assert_eq!(tsumo.deltas, [-64_900, 64_900, 0, 0]);
    let ron = play(true);
    assert_eq!(ron.pao, Some(0));
    assert_eq!(ron.deltas, [-32_000, 64_900, -32_900, 0]);
}
