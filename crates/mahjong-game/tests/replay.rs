//! Real game records replayed through the engine: every decision legal at its moment, every
//! win's han, fu, yaku and points and every hand's score changes the record's.

mod support {
    pub mod records;
    pub mod table;
}

use std::path::PathBuf;

use mahjong::Yaku;
use mahjong_game::records::{mjai, read, replay::replay, tenhou6};
use mahjong_game::{Action, Event, Game, GameRules};
use support::records::{every_record, is_record, logs_dir};
use support::table::*;

fn records(folder: &str) -> Vec<PathBuf> {
    let dir = logs_dir().join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_file() && is_record(path))
        .collect();
    files.sort();
    files
}

/// Asserts that every hand of `name`'s replay agrees, and its final points; the hands counted.
fn agrees_whole(name: &str, verdict: &mahjong_game::records::replay::GameVerdict) -> usize {
    for hand in &verdict.hands {
        assert!(hand.agree, "{name} {}: {:?}", hand.id, hand.error);
    }
    assert_eq!(
        verdict.final_agree,
        Some(true),
        "{name}: {:?}",
        verdict.final_scores
    );
    verdict.hands.len()
}

/// Two of mjai-reviewer's edge-case records are not games the rules allow, and disagree:
/// `confusing_nakis_1` pays the ron 1,600 (1,000 and two honba) although the loser's riichi,
/// declared three discards before, passed (every Phoenix game pays such a stick to the
/// winner); `confusing_nakis_2`'s calls fit no order of play (a seat calls a second time
/// before its turn comes round) and its result pays a seat that did not win.
const NOT_GAMES: [&str; 2] = ["confusing_nakis_1.json", "confusing_nakis_2.json"];

/// The suite every rule change answers to: every real record in `testdata/mahjong-game/logs`, in
/// any folder and format, is read without error and replayed, and every hand and the final
/// points agree. The exceptions are named: the two mjai-reviewer records that are not games
/// (every hand disagrees), and the two copies of an mjlog cut short on purpose (the hands
/// before the cut agree). A record added to the folders is in the suite.
#[test]
fn every_real_record_agrees() {
    let mut hands = 0;
    let mut games = 0;
    for path in every_record() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (log, error) = read(&text);
        let verdict = replay(&log);
        if NOT_GAMES.contains(&name.as_str()) {
            assert_eq!(error, None, "{name}");
            for hand in &verdict.hands {
                assert!(!hand.agree, "{name} {} now agrees: {hand:?}", hand.id);
            }
            continue;
        }
        if name.contains("-no-game-end") || name.contains("-no-round-end") {
            assert!(error.is_some(), "{name}: a cut record is an error");
            let agreeing = verdict.hands.iter().take_while(|hand| hand.agree).count();
            assert!(agreeing + 1 >= verdict.hands.len(), "{name}: {verdict:?}");
            continue;
        }
        assert_eq!(error, None, "{name}");
        for hand in &verdict.hands {
            assert!(hand.agree, "{name} {}: {:?}", hand.id, hand.error);
        }
        // A record of hands (mjai-reviewer's, or one hand a line) may stop before the game's
        // end; one that has the end agrees on the final points.
        if let Some(agree) = verdict.final_agree {
            assert!(agree, "{name}: final points {:?}", verdict.final_scores);
            games += 1;
        }
        hands += verdict.hands.len();
    }
    // Games with their end: 300 + 5 Phoenix hanchan (mjlog), the 6 official games twice,
    // mjai-reviewer's ranked game, the three-player game and the mjai game. Hands: those and
    // the 5 games again as tenhou.net/6 hands, and mjai-reviewer's records of some hands.
    assert_eq!((games, hands), (320, 3522));
}

/// Each of Tenhou's official games is there twice, as mjlog and as the tenhou.net/6 JSON
/// Tenhou's converter made of it: both replay to the same events, hand by hand (the same
/// deals, draws, calls, wins and draws, scores and points), and the same final points.
#[test]
fn both_copies_of_each_official_game_replay_the_same() {
    let files = records("tenhou-official-json");
    let xml: Vec<&PathBuf> = files
        .iter()
        .filter(|path| path.extension().is_some_and(|ext| ext == "xml"))
        .collect();
    assert_eq!(xml.len(), 6);
    let mut hands = 0;
    for mjlog in xml {
        let json = mjlog.with_extension("json");
        let replayed = [mjlog, &json].map(|path| {
            let (log, error) = read(&std::fs::read_to_string(path).unwrap());
            assert_eq!(error, None, "{}", path.display());
            assert_eq!(log.rules, mahjong_game::GameRules::TENHOU);
            mahjong_game::records::replay::replay_with_events(&log)
        });
        let [(xml_verdict, xml_events), (json_verdict, json_events)] = replayed;
        let name = mjlog.display();
        agrees_whole(&name.to_string(), &xml_verdict);
        assert_eq!(xml_verdict, json_verdict, "{name}");
        assert_eq!(
            dealt_sorted(xml_events),
            dealt_sorted(json_events),
            "{name}"
        );
        hands += xml_verdict.hands.len();
    }
    assert_eq!(hands, 70);
}

/// Events with each dealt hand in tile order (mjlog deals in the wall's order, tenhou.net/6 and
/// mjai sorted).
fn dealt_sorted(mut events: Vec<Event>) -> Vec<Event> {
    for event in &mut events {
        if let Event::StartHand { hands, .. } = event {
            for hand in hands {
                hand.sort_by_key(|piece| (piece.tile, !piece.red));
            }
        }
    }
    events
}

/// Tenhou's three-player Phoenix record: every hand (Norths set aside, pons, tsumo loss,
/// nukidora counted among the dora) and the final points agree.
#[test]
fn the_three_player_mjlog_record_agrees() {
    let mut hands = 0;
    let mut kita = 0;
    for path in records("tenhou-sanma") {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (log, error) = read(&text);
        assert_eq!(error, None, "{name}");
        assert_eq!(log.rules, GameRules::TENHOU_SANMA, "{name}");
        let (verdict, events) = mahjong_game::records::replay::replay_with_events(&log);
        hands += agrees_whole(&name, &verdict);
        kita += events
            .iter()
            .filter(|event| matches!(event, Event::Kita { .. }))
            .count();
    }
    assert_eq!(hands, 6);
    assert!(kita >= 15, "{kita} Norths set aside");
}

/// The cut copies of a Phoenix game say where they stop, and the hands before agree.
#[test]
fn cut_mjlog_records_say_where() {
    for path in records("tenhou-mjlog") {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (log, error) = read(&text);
        let verdict = replay(&log);
        if name.contains("-no-game-end") {
            let error = error.expect("a cut record is an error");
            assert!(error.message.contains("before the game's end"), "{error}");
            assert!(verdict.hands.iter().all(|hand| hand.agree));
        } else if name.contains("-no-round-end") {
            let error = error.expect("a cut record is an error");
            assert!(error.message.contains("stops in hand S4-0"), "{error}");
            let (last, before) = verdict.hands.split_last().unwrap();
            assert!(before.iter().all(|hand| hand.agree));
            assert!(!last.agree && last.expected.is_none());
        }
    }
}

/// The 300 Phoenix hanchan of 2021: every hand agrees, and the final points.
#[test]
fn every_phoenix_2021_game_agrees() {
    let mut hands = 0;
    let files = records("tenhou-mjlog-phoenix-2021");
    assert_eq!(files.len(), 300);
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (log, error) = read(&std::fs::read_to_string(&path).unwrap());
        assert_eq!(error, None, "{name}");
        hands += agrees_whole(&name, &replay(&log));
    }
    assert_eq!(hands, 3233);
}

/// The mjai game was simulated by RiichiEnv under its Tenhou-like rules: it agrees hand by
/// hand (the record gives each hand's score changes, not its han and fu).
#[test]
fn the_mjai_record_agrees() {
    let path = records("mjai")
        .into_iter()
        .find(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
        .unwrap();
    let (log, error) = read(&std::fs::read_to_string(path).unwrap());
    assert_eq!(error, None);
    let verdict = replay(&log);
    assert_eq!(verdict.hands.len(), 12);
    for hand in &verdict.hands {
        assert!(hand.agree, "{}: {:?}", hand.id, hand.error);
    }
}

/// Records damaged at random (a character changed, a stretch cut out or repeated) are read or
/// refused, and replayed or disagreed with, but never make the reader or the engine panic or
/// hang.
#[test]
fn damaged_records_never_panic() {
    let mut random = tiles_core::SplitMix::new(17);
    let mut files = records("tenhou-json");
    files.extend(records("tenhou-mjlog"));
    files.extend(records("tenhou-mjlog-phoenix-2021").into_iter().step_by(60));
    files.extend(
        records("mjai")
            .into_iter()
            .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl")),
    );
    let alphabet = b"0123456789,\"[]{}<>aprkcm\n";
    let mut replayed = 0;
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        for _ in 0..60 {
            let mut damaged = bytes.clone();
            for _ in 0..1 + random.below(3) {
                let at = random.below(damaged.len());
                let end = (at + random.below(40)).min(damaged.len());
                match random.below(3) {
                    0 => damaged[at] = alphabet[random.below(alphabet.len())],
                    1 => {
                        damaged.drain(at..end);
                    }
                    _ => {
                        let copy = damaged[at..end].to_vec();
                        damaged.splice(at..at, copy);
                    }
                }
                if damaged.is_empty() {
                    damaged.push(b'{');
                }
            }
            let damaged = String::from_utf8_lossy(&damaged).into_owned();
            let (log, _) = read(&damaged);
            replayed += replay(&log).hands.len();
        }
    }
    assert!(replayed > 1000, "{replayed} hands replayed");
}

/// The record of a hand played on a set-up wall, in mjai or tenhou.net/6.
fn record_of(game: &Game, format: &str) -> String {
    let names: Vec<String> = (0..4).map(|seat| format!("p{seat}")).collect();
    let rules = GameRules::default();
    match format {
        "mjai" => mjai::write(rules, game.events(), &names),
        _ => tenhou6::write(rules, game.events(), &names),
    }
}

/// Replays a one-hand record: its one verdict and the engine's events of the hand.
fn replay_one(text: &str) -> (mahjong_game::records::replay::HandVerdict, Vec<Event>) {
    let (log, _) = read(text);
    let hand = &log.hands[0];
    let (verdict, game) = mahjong_game::records::replay::replay_hand(log.rules, log.notation, hand);
    (verdict, game.unwrap().hand_events().to_vec())
}

/// mjai writers give a winner not in riichi `ura_markers: []`: in a double ron where that
/// winner comes second, the hand's ura indicators are still the first winner's.
#[test]
fn an_mjai_double_ron_keeps_the_first_winners_ura() {
    let mut game = deal_full(
        [
            "2p333z777z555p666p",
            "555z123456789m2p",
            "666z123456789s3p",
            "444z999m111999p2p",
        ],
        ["1s9s", "7z", "1z", "2z"],
        "8m",
        "1p",
        0,
        0,
    );
    discard(&mut game, 0, "1s", false);
    pass_all(&mut game);
    discard(&mut game, 1, "7z", true);
    pass_all(&mut game);
    go_round(&mut game, &[(2, "1z"), (3, "2z")]);
    discard(&mut game, 0, "2p", false);
    game.act(1, Action::Ron).unwrap();
    game.act(3, Action::Ron).unwrap();
    let won = wins(&game);
    assert_eq!(won.len(), 2);
    assert!(yaku_of(&won[0]).contains(&Yaku::UraDora));
    let text = record_of(&game, "mjai");
    let horas: Vec<&str> = text.lines().filter(|line| line.contains("hora")).collect();
    assert!(horas[1].contains("\"ura_markers\":[]"), "{}", horas[1]);
    let (verdict, _) = replay_one(&text);
    assert!(verdict.agree, "{:?}", verdict.error);
}

/// tenhou.net/6 does not say which discard a call took: the replay takes the call of the
/// exact tile the record names, a plain 5s and not an earlier red one.
#[test]
fn a_replayed_call_takes_the_exact_tile() {
    let mut game = deal(
        [
            "0s5s11m99m1p9p12345z",
            "46s2378m2378p677z",
            "555z12m456p789p11s",
            "1m4m7m1p4p7p2s8s9s6z5m5p6m",
        ],
        ["8s7p", "9s", "1z", "3z"],
        0,
        0,
    );
    discard(&mut game, 0, "0s", false);
    pass_all(&mut game);
    go_round(&mut game, &[(1, "2m"), (2, "1z"), (3, "3z")]);
    discard(&mut game, 0, "5s", false);
    claim(
        &mut game,
        1,
        Action::Chi {
            tiles: [tile("4s"), tile("6s")],
        },
    );
    discard(&mut game, 1, "3m", false);
    game.act(2, Action::Ron).unwrap();
    let (verdict, events) = replay_one(&record_of(&game, "tenhou"));
    assert!(verdict.agree, "{:?}", verdict.error);
    let called: Vec<_> = events
        .iter()
        .filter_map(|event| match event {
            Event::Call { tile, .. } => Some(*tile),
            _ => None,
        })
        .collect();
    assert_eq!(called, [tile("5s")]);
}

/// The hand of [`a_call_is_placed_where_the_result_agrees`]: seat 0 lets 3s go twice, seat
/// 1 chis the second, after seat 3's double riichi (so seat 3's ron has no ippatsu). Seat 1's
/// discard between is `between`: a held 2m, or the 9s it drew.
fn chi_after_riichi(between: &str) -> Game {
    let mut game = deal(
        [
            "3s3s11m99m1p9p12345z",
            "24s2378m23p56p677z",
            "147m258p369s2z5z6z3p",
            "56m234p567p678s11z",
        ],
        ["8p7p", "9s", "1z4m", "9m"],
        0,
        0,
    );
    discard(&mut game, 0, "3s", false);
    pass_all(&mut game);
    go_round(&mut game, &[(1, between), (2, "1z")]);
    discard(&mut game, 3, "9m", true);
    pass_all(&mut game);
    discard(&mut game, 0, "3s", false);
    claim(
        &mut game,
        1,
        Action::Chi {
            tiles: [tile("2s"), tile("4s")],
        },
    );
    discard(&mut game, 1, "3m", false);
    pass_all(&mut game);
    discard(&mut game, 2, "4m", false);
    game.act(3, Action::Ron).unwrap();
    game
}

/// Both places for seat 1's chi are legal in the tenhou.net/6 record, but only the second
/// gives the record's result (at the first, seat 3's riichi would be no double riichi but keep
/// its ippatsu: the same 2,600 with other yaku): the replay finds it.
#[test]
fn a_call_is_placed_where_the_result_agrees() {
    let game = chi_after_riichi("2m");
    let win = &wins(&game)[0];
    assert!(!yaku_of(win).contains(&Yaku::Ippatsu));
    let (verdict, _) = replay_one(&record_of(&game, "tenhou"));
    assert!(verdict.agree, "{:?}", verdict.error);
}

/// When every placement fails, the verdict is the failure of the one that got furthest: here
/// the chi at the first 3s fails at once (seat 1 then lets go a tile it did not draw), and the
/// chi at the second reaches the record's ron, which is refused (seat 3's riichi taken out of
/// the record, it has no yaku).
#[test]
fn every_placement_failing_reports_the_furthest() {
    let text = record_of(&chi_after_riichi("9s"), "tenhou");
    let damaged = text.replace("\"r60\"", "60");
    assert_ne!(damaged, text);
    let (verdict, _) = replay_one(&damaged);
    let error = verdict.error.unwrap();
    assert!(
        error.contains("the record's ron by seat 3 on 14 from seat 2 is not legal"),
        "{error}"
    );
}

/// The 2021 Phoenix games with their `GO type` changed: read under that room's rules, the
/// hands those rules change disagree and the others still agree.
fn with_go_type(
    kind: u32,
) -> Vec<(
    mahjong_game::records::GameLog,
    mahjong_game::records::replay::GameVerdict,
)> {
    records("tenhou-mjlog-phoenix-2021")
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            let changed = text.replace("<GO type=\"169\"", &format!("<GO type=\"{kind}\""));
            assert_ne!(changed, text);
            let (log, error) = read(&changed);
            assert_eq!(error, None);
            let verdict = replay(&log);
            (log, verdict)
        })
        .collect()
}

/// Whether a hand's record has a win whose yaku include `yaku`, by a seat that called (an
/// open hand) when `open`.
fn won_with(hand: &mahjong_game::records::HandLog, yaku: Yaku, open: bool) -> bool {
    let Some(mahjong_game::records::LoggedEnd::Wins(wins)) = &hand.end else {
        return false;
    };
    wins.iter().any(|win| {
        let has = win
            .yaku
            .as_ref()
            .is_some_and(|list| list.iter().any(|(one, _)| *one == yaku));
        has && (!open || !hand.calls[win.seat].is_empty())
    })
}

#[test]
fn go_type_without_open_tanyao() {
    let mut changed = 0;
    for (log, verdict) in with_go_type(169 | 0x04) {
        assert!(!log.rules.open_tanyao && log.rules.red_fives == [1, 1, 1]);
        for (hand, result) in log.hands.iter().zip(&verdict.hands) {
            let open_tanyao = won_with(hand, Yaku::Tanyao, true);
            assert_eq!(
                result.agree, !open_tanyao,
                "{}: {:?}",
                hand.id, result.error
            );
            changed += usize::from(open_tanyao);
        }
    }
    assert!(changed > 20, "{changed} open tanyao wins");
}

#[test]
fn go_type_without_red_fives() {
    let mut changed = 0;
    for (log, verdict) in with_go_type(169 | 0x02) {
        assert!(log.rules.open_tanyao && log.rules.red_fives == [0, 0, 0]);
        for (hand, result) in log.hands.iter().zip(&verdict.hands) {
            let aka = won_with(hand, Yaku::AkaDora, false);
            assert_eq!(result.agree, !aka, "{}: {:?}", hand.id, result.error);
            changed += usize::from(aka);
        }
    }
    assert!(changed > 100, "{changed} wins with red fives");
}

/// Read as East-only games, the records play on past the hand where the engine ends them.
#[test]
fn go_type_east_only() {
    let mut ended_early = 0;
    for (log, verdict) in with_go_type(169 & !0x08) {
        assert_eq!(log.rules.length, mahjong_game::Length::East);
        let first = verdict.hands.iter().position(|hand| !hand.agree);
        if let Some(first) = first {
            let error = verdict.hands[first].error.as_deref().unwrap();
            assert!(
                error.starts_with("the engine ends the game after this hand"),
                "{error}"
            );
            assert!(verdict.hands[first].id.wind <= mahjong::Wind::South);
            ended_early += 1;
        }
    }
    assert!(ended_early > 50, "{ended_early}");
}

/// A three-player room, a chip lobby's `sc` and a custom lobby's `csrule` are refused,
/// saying what was found.
#[test]
fn rooms_the_engine_does_not_play_are_refused_saying_what_was_found() {
    let path = &records("tenhou-mjlog-phoenix-2021")[0];
    let text = std::fs::read_to_string(path).unwrap();
    // A four-player game said to be three-player (and the other way round).
    let three = text.replace("<GO type=\"169\"", "<GO type=\"185\"");
    let (_, error) = read(&three);
    let error = error.unwrap();
    assert!(
        error
            .message
            .contains("hai3 deals 13 tiles, but GO type says three players"),
        "{error}"
    );
    let sanma = std::fs::read_to_string(&records("tenhou-sanma")[0]).unwrap();
    let four = sanma.replace("<GO type=\"185\"", "<GO type=\"169\"");
    let error = read(&four).1.unwrap();
    assert!(error.message.contains("hai3 deals no tiles"), "{error}");
    // A custom lobby: refused, naming what the record states of its settings.
    let custom = text.replace("<GO type=\"169\"", "<GO type=\"169\" csrule=\"0,0,0\"");
    let (_, error) = read(&custom);
    let error = error.unwrap().message;
    assert!(
        error.starts_with(
            "<GO>: csrule=\"0,0,0\": a custom lobby's own rules are not supported: the settings \
             it states (its GO type's room: hanchan, red fives, open tanyao, 4 players; the \
             starting points) are the engine's"
        ),
        "{error}"
    );
    let at = custom.find("ten=\"250,250,250,250\"").unwrap();
    let thirty = format!(
        "{}ten=\"300,300,300,300\"{}",
        &custom[..at],
        &custom[at + "ten=\"250,250,250,250\"".len()..]
    );
    let error = read(&thirty).1.unwrap().message;
    assert!(
        error.contains(
            "a custom lobby's own rules are not supported: it differs from the engine's rules in \
             starting points 30,000 each (the engine's: 25,000) (its GO type's room: hanchan, red \
             fives, open tanyao, 4 players)"
        ),
        "{error}"
    );
    let at = text.find(" sc=\"").unwrap() + 5;
    let chips = format!("{}0,0,0,0,0,0,0,0,{}", &text[..at], &text[at..]);
    let (log, error) = read(&chips);
    let error = error.unwrap();
    assert!(
        error
            .message
            .contains("sc has 16 numbers (points and chips): chip lobbies are not supported"),
        "{error}"
    );
    assert!(log.hands.len() == 1, "the hand read so far is kept");
    // tenhou.net/6: the rule object.
    let json = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../testdata/mahjong-game/logs/tenhou-json/double_ron.json"),
    )
    .unwrap();
    // A four-player record said to be three-player.
    let sanma = json.replace("\"disp\":\"般南喰赤\"", "\"disp\":\"三般南喰赤\"");
    assert_ne!(sanma, json);
    assert!(
        read(&sanma)
            .1
            .unwrap()
            .message
            .contains("seat 3 is dealt tiles in a three-player room")
    );
    let plain = json
        .replace("\"disp\":\"般南喰赤\"", "\"disp\":\"般東\"")
        .replace("\"aka\":1", "\"aka\":0");
    let (log, error) = read(&plain);
    assert_eq!(error, None);
    assert_eq!(
        log.rules,
        GameRules {
            length: mahjong_game::Length::East,
            red_fives: [0; 3],
            open_tanyao: false,
            ..GameRules::TENHOU
        }
    );
}

/// An mjai record that does not say its rules is read under Tenhou's (a hanchan), and where
/// its game ends is not judged: an East-only game without its `rules` still agrees to its
/// final points.
#[test]
fn an_mjai_record_without_rules_ends_where_it_ends() {
    let rules = GameRules {
        length: mahjong_game::Length::East,
        ..GameRules::default()
    };
    let mut game = Game::new(rules, 3);
    while let Some(seat) = game.to_move() {
        let action = tiles_core::Bot::choose(&mahjong_game::EfficiencyBot, &game.view(seat));
        game.act(seat, action).unwrap();
    }
    let names: Vec<String> = (0..4).map(|seat| seat.to_string()).collect();
    let text = mjai::write(rules, game.events(), &names);
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    lines[0].as_object_mut().unwrap().remove("rules");
    let stripped: String = lines.iter().map(|line| format!("{line}\n")).collect();
    let (log, error) = read(&stripped);
    assert_eq!(error, None);
    assert!(!log.length_stated);
    let verdict = replay(&log);
    assert!(verdict.hands.iter().all(|hand| hand.agree), "{verdict:?}");
    assert_eq!(verdict.final_agree, Some(true));
    // With its rules the same record agrees and its length is judged.
    let (log, _) = read(&text);
    assert!(log.length_stated);
    assert_eq!(replay(&log).final_agree, Some(true));
}
