//! A game with a person at a seat, played through `rummikub/game` request by request, as the
//! page plays it: the game is its seed and the person's moves, replayed each time.

use serde_json::{Value, json};
use tiles_api::handle;

fn ask(request: &Value) -> Value {
    let response = handle("rummikub/game", &request.to_string());
    serde_json::from_str(&response).unwrap()
}

/// The person's move: the best move `rummikub/solve` finds for what they see, or a draw.
fn best_move(view: &Value) -> Value {
    let objective = if view["must_open"] == true {
        "opening"
    } else {
        "tiles"
    };
    let request = json!({"table": view["table"], "rack": view["rack"], "objective": objective});
    let found: Value =
        serde_json::from_str(&handle("rummikub/solve", &request.to_string())).unwrap();
    if found["tiles"] == 0 {
        json!({"action": "draw"})
    } else {
        // The move is checked as the page checks it before it is sent.
        let check = json!({"table": view["table"], "rack": view["rack"], "after": found["groups"], "opened": view["must_open"] != true});
        let verdict: Value =
            serde_json::from_str(&handle("rummikub/turn", &check.to_string())).unwrap();
        assert_eq!(verdict["valid"], true, "{verdict}");
        json!({"action": "play", "table": found["groups"]})
    }
}

/// Plays a game to its end, the person at seat 1 choosing with `choose`; returns the last
/// response.
fn play_to_the_end(seed: u64, choose: fn(&Value) -> Value) -> Value {
    let mut moves: Vec<Value> = Vec::new();
    loop {
        let response = ask(&json!({"bots": "greedy,human,solver", "seed": seed, "moves": moves}));
        assert!(response.get("error").is_none(), "{response}");
        // The bots' tiles stay hidden from the person until the end.
        assert_eq!(response["pool"], Value::Null);
        assert_eq!(response["deal"][0], Value::Null);
        assert_eq!(response["deal"][2], Value::Null);
        assert!(response["deal"][1].is_array());
        for turn in response["turns"].as_array().unwrap() {
            if turn["player"] != 1 {
                assert_eq!(turn["rack"], Value::Null);
                assert_eq!(turn["drawn"], Value::Null);
            }
        }
        assert!(
            response["text"]
                .as_str()
                .unwrap()
                .contains("player 0 (greedy) is dealt 14 tiles")
        );
        if response["end"] != Value::Null {
            assert_eq!(response["to_move"], Value::Null);
            return response;
        }
        assert_eq!(response["to_move"], 1);
        moves.push(choose(&response["view"]));
        assert!(moves.len() < 300, "the game ends");
    }
}

#[test]
fn a_person_who_only_draws_plays_a_whole_game() {
    let last = play_to_the_end(11, |_| json!({"action": "draw"}));
    let scores: i64 = last["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .sum();
    assert_eq!(scores, 0);
    assert_ne!(
        last["winner"], 1,
        "drawing alone does not win against the solver"
    );
}

#[test]
fn a_person_playing_the_best_moves_plays_a_whole_game() {
    let last = play_to_the_end(4, best_move);
    let plays = last["turns"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|turn| turn["player"] == 1 && turn["action"] == "play")
        .count();
    assert!(plays > 0, "the person played");
    assert!(last["end"].as_str().unwrap().starts_with("the game ends"));
}

#[test]
fn the_same_moves_replay_to_the_same_game() {
    let request = json!({"bots": "human,solver", "seed": 9, "moves": [{"action": "draw"}, {"action": "draw"}]});
    assert_eq!(ask(&request), ask(&request));
    // Without people, every tile is shown.
    let bots = ask(&json!({"bots": "solver,greedy", "seed": 9}));
    assert!(bots["pool"].is_array());
    assert!(bots["deal"].as_array().unwrap().iter().all(Value::is_array));
    assert!(bots["winner"].is_u64());
}
