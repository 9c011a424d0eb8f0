//! What the table tests share.

// Each test file uses what it needs of this module.
#![allow(dead_code)]

use serde_json::Value;
use tiles_api::handle;

/// `mahjong/game`'s answer to `request`.
pub fn ask(request: &Value) -> Value {
    serde_json::from_str(&handle("mahjong/game", &request.to_string())).unwrap()
}

/// The error an answer holds (panics if it holds none).
pub fn error_of(answer: &Value) -> String {
    answer["error"]
        .as_str()
        .unwrap_or_else(|| panic!("expected an error, got {answer}"))
        .to_owned()
}

/// Nothing of another seat's concealed tiles shows in a table answer's events: the deal and
/// draws of others are `?`.
pub fn check_hidden_events(answer: &Value, viewer: usize) {
    for event in answer["events"].as_array().unwrap() {
        match event["type"].as_str().unwrap() {
            "start_kyoku" => {
                for (seat, tiles) in event["tehais"].as_array().unwrap().iter().enumerate() {
                    let hidden = tiles.as_array().unwrap().iter().all(|tile| tile == "?");
                    assert_eq!(hidden, seat != viewer, "{event}");
                }
            }
            "tsumo" => assert_eq!(event["pai"] == "?", event["actor"] != viewer, "{event}"),
            _ => {}
        }
    }
}
