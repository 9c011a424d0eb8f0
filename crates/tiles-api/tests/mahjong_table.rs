//! `mahjong/game` with a person at the table: whole games played one decision per request
//! (the game replayed from the seed each time), what the person sees and may not see, the
//! records at the end replaying with every hand agreeing, and bad decisions named.

use serde_json::{Value, json};
use tiles_api::handle;

mod support;

fn ask(request: &Value) -> Value {
    serde_json::from_str(&handle("mahjong/game", &request.to_string())).unwrap()
}

/// Plays a whole game with a person in `seat` who takes the `pick`-th legal decision each
/// time (turning through them), checking every answer on the way; the last answer.
fn play_through(base: &Value, seat: usize, pick: impl Fn(usize, &[Value]) -> usize) -> Value {
    let mut request = base.clone();
    let mut moves: Vec<Value> = Vec::new();
    for step in 0..2_000 {
        request["moves"] = json!(moves);
        let answer = ask(&request);
        assert!(answer.get("error").is_none(), "step {step}: {answer}");
        check_secrets(&answer, seat);
        let legal = answer["legal"].as_array().unwrap().clone();
        if answer["to_move"].is_null() {
            assert!(legal.is_empty());
            return answer;
        }
        assert_eq!(answer["to_move"], seat);
        assert!(!legal.is_empty(), "step {step}: nothing legal: {answer}");
        let chosen = legal[pick(step, &legal) % legal.len()].clone();
        moves.push(chosen);
    }
    panic!("the game did not end in 2,000 decisions");
}

/// Nothing of another seat's concealed tiles shows while its hand goes on: the deal and draws
/// of others are `?`, and the view holds the viewer's own hand only.
fn check_secrets(answer: &Value, viewer: usize) {
    support::check_hidden_events(answer, viewer);
    let view = &answer["view"];
    assert_eq!(view["seat"], viewer);
    let held = view["hand"].as_array().unwrap().len() + usize::from(!view["drawn"].is_null());
    assert_eq!(held, view["seats"][viewer]["concealed"], "{view}");
}

#[test]
fn a_person_plays_a_whole_east_game_and_its_records_replay() {
    for (players, bots, seat) in [
        (4, "value,human,defence,efficiency", 1),
        (3, "human,value,defence", 0),
    ] {
        let base = json!({"seed": 11, "length": "east", "players": players, "bots": bots});
        // Pass on claims now and then, take them otherwise, discard across the hand.
        let end = play_through(&base, seat, |step, legal| step * 7 + legal.len() / 2);
        let final_scores = end["final_scores"].as_array().unwrap();
        assert_eq!(final_scores.len(), players);
        let results = end["results"].as_array().unwrap();
        assert_eq!(results.len(), end["hands"].as_array().unwrap().len());
        for result in results {
            assert_eq!(
                result["hands"].as_array().unwrap().len(),
                players,
                "{result}"
            );
            let deltas: i64 = result["deltas"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_i64().unwrap())
                .sum();
            assert!(deltas >= 0 && deltas % 1000 == 0, "{result}");
            for win in result["wins"].as_array().unwrap() {
                let hand = &result["hands"][win["seat"].as_u64().unwrap() as usize];
                let tiles = hand["concealed"].as_array().unwrap().len()
                    + 3 * hand["melds"].as_array().unwrap().len();
                assert_eq!(
                    tiles, 14,
                    "a winner's hand shows 14 tiles, kans as 3: {result}"
                );
            }
        }
        let records = &end["records"];
        for format in ["mjai", "tenhou6", "mjlog"] {
            let text = records[format].as_str().unwrap();
            let verdict: Value = serde_json::from_str(&handle(
                "mahjong/replay",
                &json!({"record": text}).to_string(),
            ))
            .unwrap();
            assert_eq!(verdict["agree"], true, "{format}: {verdict}");
        }
        assert_eq!(end["record"], records["mjai"]);
    }
}

#[test]
fn a_person_making_the_bots_decisions_plays_the_bots_game() {
    use mahjong_game::mjai::decision_json;
    use mahjong_game::{EfficiencyBot, Game, GameRules, Length};
    use tiles_core::Bot;
    // Seat 0's decisions as the efficiency bot makes them, in a game of four of it.
    let rules = GameRules {
        length: Length::East,
        ..GameRules::TENHOU
    };
    let mut game = Game::new(rules, 4);
    let mut moves = Vec::new();
    while let Some(seat) = game.to_move() {
        let view = game.view(seat);
        let action = EfficiencyBot.choose(&view);
        if seat == 0 {
            moves.push(decision_json(action, &view));
        }
        game.act(seat, action).unwrap();
    }
    let bots = ask(&json!({"seed": 4, "length": "east"}));
    let person =
        json!({"seed": 4, "length": "east", "bots": "human,efficiency,efficiency,efficiency"});
    // Cut anywhere, the answer awaits seat 0 with the next decision among its legal ones.
    for cut in [0, 1, moves.len() / 3, moves.len() / 2, moves.len() - 1] {
        let mut request = person.clone();
        request["moves"] = json!(moves[..cut]);
        let answer = ask(&request);
        assert_eq!(answer["to_move"], 0, "{answer}");
        assert!(
            answer["legal"].as_array().unwrap().contains(&moves[cut]),
            "{cut}: {answer}"
        );
        assert!(answer["final_scores"].is_null());
    }
    let mut request = person.clone();
    request["moves"] = json!(moves);
    let end = ask(&request);
    assert!(end["to_move"].is_null(), "{end}");
    assert_eq!(end["final_scores"], bots["final_scores"]);
    assert_eq!(end["hands"], bots["hands"]);
    assert_eq!(end["ranks"], bots["ranks"]);
    // One decision too many.
    moves.push(json!({"type": "none"}));
    request["moves"] = json!(moves);
    let over = ask(&request);
    let expected = format!("moves[{}]: the game is over", moves.len() - 1);
    assert_eq!(over["error"], expected.as_str());
}

#[test]
fn bad_decisions_and_requests_are_named() {
    let start = ask(&json!({"seed": 1, "bots": "human,efficiency,efficiency,efficiency"}));
    let legal = start["legal"].as_array().unwrap();
    assert!(!legal.is_empty());
    let cases = [
        (
            json!({"seed": 1, "bots": "human,efficiency,efficiency,efficiency", "moves": [{"type": "pon"}]}),
            "moves[0] (seat 0): {\"type\":\"pon\"} is not legal now; legal: {",
        ),
        (
            json!({"seed": 1, "bots": "human,efficiency,efficiency,efficiency", "moves": ["5m"]}),
            "moves[0] (seat 0): \"5m\" is no decision",
        ),
        (
            json!({"seed": 1, "bots": "human,human,efficiency,efficiency"}),
            "viewer: people play seats 0, 1",
        ),
        (
            json!({"seed": 1, "bots": "human,efficiency,efficiency,efficiency", "viewer": 4}),
            "viewer: seat 4 is not at a table of 4 players",
        ),
        (
            json!({"seed": 1, "bots": "human,mjai:bot,efficiency,efficiency"}),
            "bots: \"mjai:bot\" cannot sit at a table with people",
        ),
        (
            json!({"seed": 1, "bots": "human,efficiency"}),
            "bots: one name or four are needed, got 2",
        ),
    ];
    for (request, expected) in cases {
        let answer = ask(&request);
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.starts_with(expected), "{request}: {answer}");
    }
}
