//! What the table tests share.

use serde_json::Value;

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
