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
    assert!(error("mahjong/watch", json!({ "record": "hello" })).contains("no hand could be read"));
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
        for decision in decisions {
            assert_eq!(decision["seat"], 2);
            let loss = decision["loss"].as_i64();
            assert_eq!(
                decision["flagged"],
                loss.is_some_and(|loss| loss > threshold),
                "{decision}"
            );
            if decision["matched"] == true {
                for key in ["type", "pai"] {
                    assert_eq!(decision["action"][key], decision["bot_action"][key]);
                }
            }
        }
    }
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
