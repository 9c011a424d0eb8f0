//! `mahjong/watch` and `mahjong/review` on real records: the hand list's verdicts are
//! `mahjong/replay`'s, every hand's positions are its events, the board at a hand's end shows
//! its result's scores and hands, a cut record opens up to its cut, and bad requests are named.

use serde_json::{Value, json};
use tiles_api::handle;

fn ask(operation: &str, request: &Value) -> Value {
    serde_json::from_str(&handle(operation, &request.to_string())).unwrap()
}

fn record(path: &str) -> String {
    let root = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/mahjong-game/logs/"
    );
    std::fs::read_to_string(format!("{root}{path}")).unwrap()
}

const RECORDS: [&str; 6] = [
    "tenhou-json/double_ron.json",
    "tenhou-json/chankan.json",
    "tenhou-json/suukantsu_0.json",
    "tenhou-sanma/sanma2.mjlog",
    "mjai/126_204_0_mjai.jsonl",
    "tenhou-mjlog-phoenix-2021/2021070100gm-00a9-0000-051217a5.mjlog",
];

#[test]
fn every_hand_of_real_records_watched() {
    for path in RECORDS {
        let text = record(path);
        let replay = ask("mahjong/replay", &json!({ "record": text }));
        let first = ask("mahjong/watch", &json!({ "record": text }));
        assert!(first.get("error").is_none(), "{path}: {first}");
        let rows = first["hands"].as_array().unwrap();
        assert_eq!(
            rows.len(),
            replay["hands"].as_array().unwrap().len(),
            "{path}"
        );
        let players = first["players"].as_u64().unwrap() as usize;
        assert_eq!(first["names"].as_array().unwrap().len(), players);
        for (index, (row, verdict)) in rows
            .iter()
            .zip(replay["hands"].as_array().unwrap())
            .enumerate()
        {
            for key in ["round", "agree", "expected", "got", "error"] {
                assert_eq!(row[key], verdict[key], "{path} hand {index}: {key}");
            }
            assert!(!row["result"].as_str().unwrap().is_empty());
            let answer = ask("mahjong/watch", &json!({ "record": text, "hand": index }));
            let hand = &answer["hand"];
            assert_eq!(hand["index"], index);
            assert_eq!(hand["round"], row["round"]);
            let positions = hand["positions"].as_array().unwrap();
            assert_eq!(
                positions.len() as u64,
                row["events"].as_u64().unwrap(),
                "{path} {index}"
            );
            assert_eq!(positions[0]["mjai"]["type"], "start_kyoku");
            for (at, position) in positions.iter().enumerate() {
                assert_eq!(position["event"], at + 1);
                let board = &position["board"];
                assert_eq!(board["seats"].as_array().unwrap().len(), players);
                // Every seat's tiles add up: 13 less 3 a meld, and the tile just drawn.
                for seat in board["seats"].as_array().unwrap() {
                    let held = seat["hand"].as_array().unwrap().len()
                        + usize::from(!seat["drawn"].is_null());
                    let melds = seat["melds"].as_array().unwrap().len();
                    assert!(
                        held + 3 * melds == 13 || held + 3 * melds == 14,
                        "{path} {index} at {at}: {seat}"
                    );
                }
            }
            let last = &positions.last().unwrap()["board"];
            if let Some(result) = hand["result"].as_object() {
                assert!(last["over"].as_bool().unwrap());
                let scores: Vec<Value> = last["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|seat| seat["score"].clone())
                    .collect();
                assert_eq!(Value::from(scores), result["scores"], "{path} {index}");
                // The result's shown hands are the board's (a ron's tile joins the winner's).
                for (seat, shown) in last["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .zip(result["hands"].as_array().unwrap())
                {
                    assert_eq!(seat["melds"], shown["melds"], "{path} {index}");
                    let held = seat["hand"].as_array().unwrap().len()
                        + usize::from(!seat["drawn"].is_null());
                    let shown_count = shown["concealed"].as_array().unwrap().len();
                    assert!(
                        shown_count == held || shown_count == held + 1,
                        "{path} {index}: {seat} {shown}"
                    );
                }
            }
        }
        assert_eq!(first["agree"], replay["agree"], "{path}");
    }
}

#[test]
fn a_record_cut_short_opens_up_to_the_cut() {
    let text = record("tenhou-mjlog/2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog");
    let answer = ask("mahjong/watch", &json!({ "record": text }));
    assert!(answer["read_error"].is_string(), "{answer}");
    let rows = answer["hands"].as_array().unwrap();
    assert!(rows.len() > 1);
    assert!(
        rows[..rows.len() - 1]
            .iter()
            .all(|row| row["agree"] == true)
    );
    let last = ask(
        "mahjong/watch",
        &json!({ "record": text, "hand": rows.len() - 1 }),
    );
    assert!(!last["hand"]["positions"].as_array().unwrap().is_empty());
}

#[test]
fn bad_requests_are_named() {
    let error = |operation: &str, request: Value| {
        let answer = ask(operation, &request);
        answer["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{answer}"))
            .to_owned()
    };
    let text = record("tenhou-json/double_ron.json");
    assert!(
        error("mahjong/watch", json!({ "record": "hello" }))
            .contains("record: not a game record (an mjlog starts with <")
    );
    assert!(
        error("mahjong/watch", json!({ "record": text, "hand": 7 }))
            .contains("hand: the record has 1 hand (0 to 0), not 7")
    );
    assert!(
        error("mahjong/review", json!({ "record": text, "seat": 4 }))
            .contains("seat: 4 is not at a table of 4")
    );
    assert!(
        error("mahjong/review", json!({ "record": text, "bot": "mortal" }))
            .contains("\"mortal\" is not one of ours")
    );
    assert!(
        error("mahjong/review", json!({ "record": text, "threshold": -5 })).contains("threshold")
    );
}

/// The review of one seat: its decisions in order, each a decision of that seat, the
/// summary adding them up, the flags above the threshold only.
#[test]
fn a_review_adds_up() {
    let text = record("tenhou-mjlog-phoenix-2021/2021070100gm-00a9-0000-051217a5.mjlog");
    for threshold in [300, 2000] {
        let answer = ask(
            "mahjong/review",
            &json!({ "record": text, "seat": 2, "threshold": threshold }),
        );
        let decisions = answer["decisions"].as_array().unwrap();
        assert!(decisions.len() > 50);
        let summary = &answer["summaries"][0];
        assert_eq!(summary["seat"], 2);
        assert_eq!(
            summary["decisions"].as_u64().unwrap() as usize,
            decisions.len()
        );
        let flagged = decisions.iter().filter(|d| d["flagged"] == true).count();
        assert_eq!(summary["flagged"].as_u64().unwrap() as usize, flagged);
        let matched = decisions.iter().filter(|d| d["matched"] == true).count();
        assert_eq!(summary["matched"].as_u64().unwrap() as usize, matched);
        check_judged(&answer);
        for decision in decisions {
            assert_eq!(decision["seat"], 2);
            if decision["matched"] == true {
                for key in ["type", "pai"] {
                    assert_eq!(decision["action"][key], decision["bot_action"][key]);
                }
            }
        }
    }
}

/// Every decision of a review judged by one measure, flagged as that measure says, and each
/// summary the sum of its seat's decisions.
fn check_judged(answer: &Value) {
    let threshold = answer["threshold"].as_f64().unwrap();
    let decisions = answer["decisions"].as_array().unwrap();
    for decision in decisions {
        let matched = decision["matched"] == true;
        let flagged = decision["flagged"] == true;
        match decision["judged_by"].as_str().unwrap() {
            "value" => {
                let loss = decision["loss"].as_i64().unwrap();
                assert!(decision["value"].is_i64() && decision["bot_value"].is_i64());
                assert_eq!(flagged, !matched && loss as f64 > threshold, "{decision}");
            }
            "shape" => {
                let loss = &decision["shape_loss"];
                let (shanten, tiles) = (
                    loss["shanten"].as_i64().unwrap(),
                    loss["tiles"].as_u64().unwrap(),
                );
                assert!(decision["value"].is_null() || decision["bot_value"].is_null());
                assert!(shanten >= 0 && (shanten == 0 || tiles == 0), "{decision}");
                assert!(
                    !flagged || (!matched && (shanten > 0 || tiles >= 4)),
                    "{decision}"
                );
                assert!(matched || shanten == 0 || flagged, "{decision}");
            }
            "none" => {
                assert!(!flagged && decision["shape_loss"].is_null(), "{decision}");
            }
            other => panic!("judged by {other}"),
        }
    }
    for summary in answer["summaries"].as_array().unwrap() {
        let mine: Vec<&Value> = decisions
            .iter()
            .filter(|decision| decision["seat"] == summary["seat"])
            .collect();
        let count = |judge: &str, flagged: bool| {
            mine.iter()
                .filter(|decision| {
                    decision["judged_by"] == judge && (!flagged || decision["flagged"] == true)
                })
                .count() as u64
        };
        assert_eq!(summary["judged_by_value"], count("value", false));
        assert_eq!(summary["judged_by_shape"], count("shape", false));
        assert_eq!(summary["flagged_by_shape"], count("shape", true));
        assert_eq!(
            summary["flagged"].as_u64().unwrap(),
            count("value", true) + count("shape", true)
        );
        let lost = |key: &str| -> u64 {
            mine.iter()
                .filter(|decision| decision["judged_by"] == "shape")
                .map(|decision| decision["shape_loss"][key].as_u64().unwrap())
                .sum()
        };
        assert_eq!(summary["shanten_lost"].as_u64().unwrap(), lost("shanten"));
        assert_eq!(summary["tiles_lost"].as_u64().unwrap(), lost("tiles"));
        let loss: i64 = mine
            .iter()
            .filter(|decision| decision["judged_by"] == "value")
            .map(|decision| decision["loss"].as_i64().unwrap())
            .sum();
        assert!((summary["loss"].as_i64().unwrap() - loss).abs() <= mine.len() as i64);
    }
}

/// The review does not hide bad play: a seat that only ever lets go of the tile it drew (and
/// passes every call) has its decisions far from ready judged by shape, and flagged.
#[test]
fn a_game_of_only_tsumogiri_is_flagged() {
    let table = json!({"seed": 8, "bots": "human,efficiency,efficiency,efficiency", "length": "east", "record": "mjai"});
    let mut moves: Vec<Value> = Vec::new();
    let record = loop {
        let mut request = table.clone();
        request["moves"] = json!(moves);
        let answer = ask("mahjong/game", &request);
        if answer["to_move"].is_null() {
            break answer["record"].as_str().unwrap().to_owned();
        }
        let legal = answer["legal"].as_array().unwrap();
        let pick = legal
            .iter()
            .find(|one| one["type"] == "none")
            .or_else(|| {
                legal
                    .iter()
                    .find(|one| one["type"] == "dahai" && one["tsumogiri"] == true)
            })
            .unwrap_or(&legal[0]);
        moves.push(pick.clone());
    };
    let answer = ask("mahjong/review", &json!({ "record": record, "seat": 0 }));
    check_judged(&answer);
    let summary = &answer["summaries"][0];
    assert!(
        summary["judged_by_shape"].as_u64().unwrap() > 10,
        "{summary}"
    );
    assert!(summary["flagged"].as_u64().unwrap() > 3, "{summary}");
    assert!(summary["shanten_lost"].as_u64().unwrap() > 3, "{summary}");
    let none = answer["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|decision| decision["judged_by"] == "none")
        .count();
    assert!(
        none * 10 < answer["decisions"].as_array().unwrap().len(),
        "{none} not judged"
    );
}

/// `every_hand`: each hand exactly as a request for that hand alone gives it, and null for
/// none but hands the engine cannot deal; without it, `every_hand` is null.
#[test]
fn every_hand_at_once_is_each_hand_alone() {
    for path in ["mjai/126_204_0_mjai.jsonl", "tenhou-json/double_ron.json"] {
        let text = record(path);
        let alone = ask("mahjong/watch", &json!({ "record": text, "hand": 1 }));
        assert_eq!(alone["every_hand"], Value::Null);
        let all = ask(
            "mahjong/watch",
            &json!({ "record": text, "hand": 0, "every_hand": true }),
        );
        let every = all["every_hand"].as_array().unwrap();
        let rows = all["hands"].as_array().unwrap();
        assert_eq!(every.len(), rows.len(), "{path}");
        assert_eq!(every[0], all["hand"], "{path}");
        for (index, hand) in every.iter().enumerate() {
            let one = ask("mahjong/watch", &json!({ "record": text, "hand": index }));
            assert_eq!(hand, &one["hand"], "{path} hand {index}");
            assert!(
                hand["positions"].as_array().unwrap().len() > 2,
                "{path} hand {index}"
            );
        }
    }
}

/// `every_hand` answers a game's hands at once, and refuses a record of more hands than any game
/// has (its answer would be hundreds of megabytes), naming the cap; one hand still comes.
#[test]
fn every_hand_is_bounded() {
    let hand = record("tenhou-json/double_ron.json");
    let many: String = (0..=tiles_api::mahjong::watch::MAX_EVERY_HAND)
        .map(|_| format!("{}\n", hand.trim()))
        .collect();
    let refused = ask(
        "mahjong/watch",
        &json!({ "record": many, "every_hand": true }),
    );
    let error = refused["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{refused}"));
    assert!(
        error.starts_with(&format!(
            "every_hand: the record has {} hands, and at most {} come at once",
            tiles_api::mahjong::watch::MAX_EVERY_HAND + 1,
            tiles_api::mahjong::watch::MAX_EVERY_HAND
        )),
        "{error}"
    );
    let one = ask("mahjong/watch", &json!({ "record": many, "hand": 3 }));
    assert_eq!(one["hand"]["index"], 3, "{}", one["error"]);
}
