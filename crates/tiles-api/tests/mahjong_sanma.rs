//! Three players through the API: `players` on `mahjong/game`, `tournament`, `analyze` and
//! `score`, a game's records replayed by `mahjong/replay`, and the fields at fault named.

use serde_json::{Value, json};
use tiles_api::handle;

fn ask(operation: &str, request: &Value) -> Value {
    serde_json::from_str(&handle(operation, &request.to_string())).unwrap()
}

#[test]
fn a_three_player_game_answers_for_three_seats_and_its_records_replay() {
    for record in ["mjai", "tenhou"] {
        let game = ask(
            "mahjong/game",
            &json!({"players": 3, "seed": 9, "bots": "efficiency,defence,value", "record": record}),
        );
        assert_eq!(game["final_scores"].as_array().unwrap().len(), 3, "{game}");
        assert_eq!(game["ranks"].as_array().unwrap().len(), 3, "{game}");
        let total: i64 = game["final_scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .sum();
        assert_eq!(total, 105_000);
        for hand in game["hands"].as_array().unwrap() {
            assert_eq!(hand["deltas"].as_array().unwrap().len(), 3);
        }
        let replay = ask("mahjong/replay", &json!({"record": game["record"]}));
        assert!(
            replay["hands"]
                .as_array()
                .unwrap()
                .iter()
                .all(|hand| hand["agree"] == true),
            "{record}: {replay}"
        );
        assert_eq!(replay["agree"], true, "{record}: {replay}");
        assert_eq!(replay["players"], 3);
        assert_eq!(replay["final_got"], game["final_scores"]);
    }
}

#[test]
fn a_three_player_tournament_rotates_three_seats() {
    let result = ask(
        "mahjong/tournament",
        &json!({"players": 3, "games": 6, "bots": ["value", "defence", "defence"]}),
    );
    assert_eq!(result["players"], 3, "{result}");
    assert_eq!(result["duplicate"], true);
    assert_eq!(result["rank_points"], json!([20.0, 0.0, -20.0, 0.0]));
    for entry in result["entries"].as_array().unwrap() {
        assert_eq!(entry["games"], 6);
        assert_eq!(entry["placements"][3], 0);
    }
    let wrong = ask(
        "mahjong/tournament",
        &json!({"players": 3, "games": 3, "rank_points": [90, 45, 0, -135]}),
    );
    assert!(
        wrong["error"]
            .as_str()
            .unwrap()
            .starts_with("rank_points: expected three numbers"),
        "{wrong}"
    );
}

#[test]
fn fields_at_fault_are_named() {
    let cases = [
        (
            "mahjong/game",
            json!({"players": 5}),
            "players: expected 3 or 4, found 5",
        ),
        (
            "mahjong/game",
            json!({"players": 3, "bots": ["efficiency", "random"]}),
            "bots: one bot or three are needed, got 2",
        ),
        (
            "mahjong/game",
            json!({"players": 3, "red_fives": [1, 1, 1]}),
            "red_fives: a red 5m asked for: the three-player set has no 5m",
        ),
        (
            "mahjong/analyze",
            json!({"hand": "259m234567p22678s", "players": 3}),
            "hand: 2m: the three-player set has no 2m-8m",
        ),
        (
            "mahjong/analyze",
            json!({"hand": "19m234567p22678s", "players": 2}),
            "players: expected 3 or 4, found 2",
        ),
        // One check and one message for a player count, whatever the JSON holds.
        (
            "mahjong/game",
            json!({"players": 300}),
            "players: expected 3 or 4, found 300",
        ),
        (
            "mahjong/tournament",
            json!({"players": -1}),
            "players: expected 3 or 4, found -1",
        ),
        (
            "mahjong/analyze",
            json!({"hand": "19m234567p22678s", "players": "3"}),
            "players: expected 3 or 4, found \"3\"",
        ),
        (
            "mahjong/score",
            json!({"hand": "234p456p789s11p567s", "win": "5s", "players": 3.5}),
            "players: expected 3 or 4, found 3.5",
        ),
        (
            "mahjong/score",
            json!({"hand": "234p456p789s11p567s", "win": "5s", "kita": 1}),
            "Norths set aside (kita) with four players",
        ),
    ];
    for (operation, request, expected) in cases {
        let answer = ask(operation, &request);
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.contains(expected), "{operation} {request}: {answer}");
    }
}

#[test]
fn three_player_hands_and_scores() {
    let analysis = ask(
        "mahjong/analyze",
        &json!({"hand": "19m234567p22678s5z", "players": 3}),
    );
    let effective: Vec<&str> = analysis["effective"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["tile"].as_str().unwrap())
        .collect();
    assert_eq!(effective, ["1m", "9m", "2s", "5z"]);
    let score = ask(
        "mahjong/score",
        &json!({"hand": "11p234p567p789s555z", "win": "1p", "tsumo": true, "riichi": true,
                "dora_indicators": ["9s"], "kita": 2, "honba": 3, "players": 3}),
    );
    assert_eq!(score["points"]["total"], 8000, "{score}");
    assert_eq!(score["points"]["honba"], 600, "{score}");
    assert_eq!(score["limit"], "mangan");
}
