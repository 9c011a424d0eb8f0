//! Sealed tables (`mahjong/game` with people and no seed): the server's seed, kept until the
//! game's end and committed to from the start; a token per person's seat; answers that hold
//! nothing the viewer may not know; two people each asked at every tile let go and adding only
//! their own decisions.

use mahjong_game::{Game, GameRules};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

mod support;

use support::{ask, error_of};
use tiles_api::handle;

/// A quick person: wins when it can, discards what it drew, passes every claim.
fn quick_choice(legal: &[Value]) -> Value {
    let find = |wanted: &dyn Fn(&Value) -> bool| legal.iter().find(|one| wanted(one)).cloned();
    find(&|one| one["type"] == "hora")
        .or_else(|| find(&|one| one["type"] == "none"))
        .or_else(|| find(&|one| one["type"] == "dahai" && one["tsumogiri"] == true))
        .or_else(|| find(&|one| one["type"] == "dahai"))
        .unwrap_or_else(|| legal[0].clone())
}

/// Whose hands a hand's end may show: the winners', the tenpai seats' at a draw, the
/// nine-terminals declarer's (not known here: allowed when the draw is nine terminals), the
/// viewer's own.
fn check_shown_hands(answer: &Value, viewer: usize) {
    for result in answer["results"].as_array().unwrap() {
        let winners: Vec<u64> = result["wins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|win| win["seat"].as_u64().unwrap())
            .collect();
        let tenpai: Vec<u64> = result["tenpai"]
            .as_array()
            .unwrap()
            .iter()
            .map(|seat| seat.as_u64().unwrap())
            .collect();
        let draw = result["draw"].as_str();
        for (seat, hand) in result["hands"].as_array().unwrap().iter().enumerate() {
            let seat_u = seat as u64;
            let may = seat == viewer
                || winners.contains(&seat_u)
                || tenpai.contains(&seat_u)
                || matches!(draw, Some("nine terminals" | "four riichi" | "triple ron"));
            let shown = hand["shown"].as_bool().unwrap();
            if !may {
                assert!(!shown, "seat {seat}'s hand shown: {result}");
            }
            if !shown {
                assert!(hand["concealed"].as_array().unwrap().is_empty(), "{result}");
            }
            if seat == viewer || winners.contains(&seat_u) {
                assert!(shown, "{result}");
            }
        }
    }
}

/// What an answer before the game's end must not hold: the seed, the salt, a record, another
/// seat's concealed tiles.
fn check_sealed(answer: &Value, viewer: usize) {
    assert_eq!(answer["sealed"], true);
    assert!(
        answer["seed"].is_null(),
        "the seed before the end: {answer}"
    );
    for field in ["seal", "records", "standings"] {
        assert!(answer.get(field).is_none(), "{field} before the end");
    }
    for field in ["record", "final_scores", "ranks"] {
        assert!(answer[field].is_null(), "{field} before the end");
    }
    support::check_hidden_events(answer, viewer);
    for event in answer["events"].as_array().unwrap() {
        assert!(
            !matches!(event["type"].as_str(), Some("start_game" | "end_game")),
            "{event}"
        );
    }
    for (seat, shown) in answer["view"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        if seat != viewer {
            assert!(shown.get("hand").is_none(), "{shown}");
        }
    }
    check_shown_hands(answer, viewer);
    let commitment = answer["commitment"].as_str().unwrap();
    assert_eq!(commitment.len(), 64);
    assert!(commitment.bytes().all(|byte| byte.is_ascii_hexdigit()));
}

/// A sealed East game played by one person against three bots, one request per decision:
/// every answer, and the moves.
fn play_sealed(bots: Value) -> (Vec<Value>, Vec<Value>) {
    let base = json!({"bots": bots, "length": "east"});
    let first = ask(&base);
    assert!(first.get("error").is_none(), "{first}");
    let token = first["token"].as_str().unwrap().to_owned();
    let mut answers = vec![first];
    let mut moves: Vec<Value> = Vec::new();
    loop {
        let last = answers.last().unwrap();
        if last["to_move"].is_null() {
            return (answers, moves);
        }
        assert!(moves.len() < 2_000, "the game did not end");
        check_sealed(last, 0);
        assert_eq!(last["token"], token.as_str(), "the token stays the seat's");
        moves.push(quick_choice(last["legal"].as_array().unwrap()));
        let mut request = base.clone();
        request["token"] = json!(token);
        request["moves"] = json!(moves);
        let answer = ask(&request);
        assert!(answer.get("error").is_none(), "{answer}");
        answers.push(answer);
    }
}

/// The seed as text in every form a careless answer could hold it.
fn seed_forms(seed: u64) -> Vec<String> {
    let hex = |bytes: &[u8]| {
        bytes
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect::<String>()
    };
    vec![
        seed.to_string(),
        format!("{seed:x}"),
        hex(&seed.to_le_bytes()),
        hex(&seed.to_be_bytes()),
    ]
}

/// A whole sealed game: before its end no answer holds the seed (in any form), the salt, a
/// record or another seat's tiles, and only the hands Tenhou shows at a hand's end; at the end
/// the seed and salt come out, they make the commitment shown from the first answer, the
/// records state them, and the walls dealt are the seed's (the engine's own game from the seed
/// deals the same first hand, and a practice game from it with the same decisions is the very
/// same game, answer for answer).
#[test]
fn a_sealed_game_hides_its_wall_until_the_end_and_keeps_its_commitment() {
    let bots = json!(["human", "value", "defence", "efficiency"]);
    let (answers, moves) = play_sealed(bots.clone());
    let last = answers.last().unwrap();
    assert_eq!(last["sealed"], true);
    let seal = &last["seal"];
    let seed = seal["seed"].as_u64().unwrap();
    let salt = seal["salt"].as_str().unwrap();
    assert_eq!(last["seed"], seed);
    // The commitment, worked out from its documented text.
    let text = format!("tiles mahjong seal v1\n{salt}\n{seed}");
    let expected: String = Sha256::digest(text.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    assert_eq!(seal["commitment"], expected.as_str());
    for answer in &answers {
        assert_eq!(answer["commitment"], expected.as_str());
    }
    // Nothing before the end holds the seed or the salt.
    for (step, answer) in answers[..answers.len() - 1].iter().enumerate() {
        let text = answer.to_string();
        for form in seed_forms(seed) {
            assert!(
                !text.contains(&form),
                "answer {step} holds the seed as {form}"
            );
        }
        assert!(!text.contains(salt), "answer {step} holds the salt");
    }
    // The records state the seal.
    let records = &last["records"];
    let start: Value =
        serde_json::from_str(records["mjai"].as_str().unwrap().lines().next().unwrap()).unwrap();
    assert_eq!(start["seed"], seed);
    assert_eq!(start["salt"], salt);
    assert_eq!(start["commitment"], expected.as_str());
    let tenhou: Value = serde_json::from_str(records["tenhou6"].as_str().unwrap()).unwrap();
    assert_eq!(tenhou["seed"], seed);
    assert!(records["mjlog"].as_str().unwrap().starts_with(&format!(
        "<mjloggm ver=\"2.3\"><SHUFFLE seed=\"tiles-splitmix64,{seed},{salt}\" ref=\"{expected}\"/>"
    )));
    // Each record replays, every hand agreeing.
    for format in ["mjai", "tenhou6", "mjlog"] {
        let replay: Value = serde_json::from_str(&handle(
            "mahjong/replay",
            &json!({"record": records[format]}).to_string(),
        ))
        .unwrap();
        assert_eq!(replay["agree"], true, "{format}: {replay}");
    }
    // The walls are the seed's: the engine's own game from it deals the same first hand.
    let engine = Game::new(
        GameRules {
            length: mahjong_game::Length::East,
            ..GameRules::default()
        },
        seed,
    );
    let dealt: Vec<String> = engine.hand(0).iter().map(ToString::to_string).collect();
    let mut first = answers[0]["view"]["hand"].as_array().unwrap().clone();
    first.push(answers[0]["view"]["drawn"].clone());
    let mut first: Vec<String> = first
        .iter()
        .map(|tile| tile.as_str().unwrap().to_owned())
        .collect();
    let mut dealt = dealt;
    first.sort();
    dealt.sort();
    assert_eq!(first, dealt);
    // A practice game from the revealed seed, with the same decisions, is the same game.
    for count in [0, moves.len() / 2, moves.len()] {
        let practice = ask(&json!({
            "bots": bots, "length": "east", "seed": seed, "moves": moves[..count],
        }));
        assert_eq!(practice["sealed"], false);
        let sealed = &answers[count];
        for field in ["view", "legal", "events", "results", "hands", "to_move"] {
            assert_eq!(
                practice[field], sealed[field],
                "{field} after {count} decisions"
            );
        }
    }
}

/// Two sealed games started alike deal differently, with different commitments and tokens.
#[test]
fn two_sealed_games_deal_differently() {
    let request = json!({"bots": "human,value,value,value"});
    let one = ask(&request);
    let other = ask(&request);
    assert_ne!(one["commitment"], other["commitment"]);
    assert_ne!(one["token"], other["token"]);
    assert_ne!(one["view"]["hand"], other["view"]["hand"]);
    assert_eq!(one["tokens"], json!([one["token"], null, null, null]));
}

/// The token and the moves are the game: the same request gives the same answer, and a
/// request with the first moves only gives the answer given after them.
#[test]
fn moves_sent_with_the_token_replay_the_same_game() {
    let base = json!({"bots": "human,value,value,value"});
    let first = ask(&base);
    let token = first["token"].clone();
    let mut moves: Vec<Value> = Vec::new();
    let mut answers = vec![first];
    for _ in 0..12 {
        let last = answers.last().unwrap();
        if last["to_move"].is_null() {
            break;
        }
        moves.push(quick_choice(last["legal"].as_array().unwrap()));
        answers.push(ask(
            &json!({"bots": "human,value,value,value", "token": token, "moves": moves}),
        ));
    }
    for (count, answer) in answers.iter().enumerate().skip(1) {
        let again = ask(
            &json!({"bots": "human,value,value,value", "token": token, "moves": moves[..count]}),
        );
        assert_eq!(&again, answer, "after {count} decisions");
    }
    // The first answer differs from the others only in `tokens`, which starting a game adds.
    let mut again = ask(&json!({"bots": "human,value,value,value", "token": token}));
    again["tokens"] = answers[0]["tokens"].clone();
    assert_eq!(again, answers[0]);
}

/// A viewer is a person's own seat while people play: not a bot's (whose hand and draws it
/// would show), not another seat than its token's; at a table of bots only, any seat.
#[test]
fn a_viewer_cannot_be_a_bots_seat_while_a_person_plays() {
    for request in [
        json!({"bots": "human,value,value,value", "viewer": 1}),
        json!({"bots": "human,value,value,value", "viewer": 1, "seed": 3}),
    ] {
        let error = error_of(&ask(&request));
        assert!(
            error.starts_with("viewer: seat 1 is a bot's (value): while people play, a viewer is one of their seats (0)"),
            "{error}"
        );
    }
    let start = ask(&json!({"bots": "human,value,human,value", "viewer": 2}));
    let token = start["token"].clone();
    assert_eq!(start["view"]["seat"], 2);
    let error = error_of(&ask(
        &json!({"bots": "human,value,human,value", "token": token, "viewer": 0}),
    ));
    assert_eq!(
        error,
        "viewer: this token opens seat 2's view, not seat 0's"
    );
    let bots_only = ask(&json!({"bots": "value", "viewer": 1, "seed": 5}));
    assert_eq!(bots_only["view"]["seat"], 1);
}

/// A token opens its own table only: not with another line-up or rules (a game of weaker bots
/// on the same walls would show them), not with a seed, not at a table of bots; a token or a
/// proof that is not one is named.
#[test]
fn a_token_opens_its_own_table_only() {
    let start = ask(&json!({"bots": "human,value,value,value"}));
    let token = start["token"].clone();
    for (request, expected) in [
        (
            json!({"bots": "human,random,random,random", "token": token}),
            "token: not a token of this table",
        ),
        (
            json!({"bots": "human,value,value,value", "length": "east", "token": token}),
            "token: not a token of this table",
        ),
        (
            json!({"bots": "human,value,value,value", "token": token, "seed": 1}),
            "seed: a sealed game's seed is the server's",
        ),
        (
            json!({"bots": "value", "token": token}),
            "token: only a table with people is sealed",
        ),
        (
            json!({"bots": "human,value,value,value", "token": "00ff"}),
            "token: expected the 66 hex digits",
        ),
        (
            json!({"bots": "human,value,value,value", "token": token, "proof": "zz"}),
            "proof: expected the 40 hex digits",
        ),
        (
            json!({"bots": "human,value,value,value", "seed": 1, "proof": start["proof"]}),
            "proof: only a sealed game's decisions have a proof",
        ),
        (
            json!({"bots": "human,value,value,value", "moves": [{"type": "dahai"}]}),
            "moves: a sealed game's decisions go with its token",
        ),
    ] {
        let error = error_of(&ask(&request));
        assert!(error.starts_with(expected), "{request}: {error}");
    }
}

/// A claim window: the tile's seat, the tile, and the tiles in the rivers and in melds then.
type Window = (u64, String, usize, usize);

/// Two people at a sealed table: each holds a token for their own seat; both are asked at
/// every tile another seat lets go of, in turn order from it, whether or not they may claim
/// it (pass is then their only decision), so `to_move` tells neither what the other may do;
/// each request adds only its viewer's decisions, another person's coming with the proof of
/// the answer that took them, and a decision made up for the other person is refused without
/// a word of their hand.
#[test]
fn two_people_are_both_asked_and_add_only_their_own_decisions() {
    let bots = "human,efficiency,human,efficiency";
    let start = ask(&json!({"bots": bots, "viewer": 0, "length": "east"}));
    assert!(start.get("error").is_none(), "{start}");
    let tokens = [
        start["tokens"][0].clone(),
        Value::Null,
        start["tokens"][2].clone(),
        Value::Null,
    ];
    assert!(tokens[0].is_string() && tokens[2].is_string());
    let mut moves: Vec<Value> = Vec::new();
    let mut proof = start["proof"].clone();
    let mut awaited = start["to_move"].as_u64().unwrap() as usize;
    let mut pass_only = 0;
    // Each claim window (the tile's seat, the tile, the tiles in the rivers and melds) and
    // the people asked in it, in order.
    let mut windows: Vec<(Window, Vec<usize>)> = Vec::new();
    let check_windows = |windows: &[(Window, Vec<usize>)]| {
        assert!(windows.len() > 20, "{} claim windows", windows.len());
        for ((from, tile, ..), asked) in windows {
            let expected: Vec<usize> = (1..4)
                .map(|step| (*from as usize + step) % 4)
                .filter(|seat| seat % 2 == 0)
                .collect();
            assert_eq!(
                asked, &expected,
                "the people asked on {tile} from seat {from}"
            );
        }
    };
    for step in 0..3_000 {
        let answer = ask(&json!({
            "bots": bots, "length": "east", "token": tokens[awaited], "moves": moves, "proof": proof,
        }));
        assert!(answer.get("error").is_none(), "step {step}: {answer}");
        check_sealed(&answer, awaited);
        assert_eq!(answer["to_move"], awaited);
        let legal = answer["legal"].as_array().unwrap();
        if legal.len() == 1 && legal[0]["type"] == "none" {
            pass_only += 1;
        }
        if let Some(claim) = answer["view"]["claim"].as_object() {
            let seats = answer["view"]["seats"].as_array().unwrap();
            let count = |key: &str| -> usize {
                seats
                    .iter()
                    .map(|seat| match key {
                        "river" => seat["river"].as_array().unwrap().len(),
                        _ => seat["melds"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|meld| meld["tiles"].as_array().unwrap().len())
                            .sum(),
                    })
                    .sum()
            };
            let key = (
                claim["from"].as_u64().unwrap(),
                claim["tile"].as_str().unwrap().to_owned(),
                count("river"),
                count("melds"),
            );
            match windows.last_mut() {
                Some((last, asked)) if *last == key => asked.push(awaited),
                _ => windows.push((key, vec![awaited])),
            }
        }
        // A decision made up for the other person is refused without listing theirs.
        let other = 2 - awaited;
        let mut forged = moves.clone();
        forged.push(json!({"type": "none"}));
        let error = error_of(&ask(&json!({
            "bots": bots, "length": "east", "token": tokens[other], "moves": forged, "proof": proof,
        })));
        assert!(
            error.starts_with(&format!(
                "moves[{}]: seat {awaited} decides here",
                moves.len()
            )),
            "{error}"
        );
        assert!(!error.contains("legal"), "{error}");
        moves.push(quick_choice(legal));
        let taken = ask(&json!({
            "bots": bots, "length": "east", "token": tokens[awaited], "moves": moves, "proof": proof,
        }));
        assert!(taken.get("error").is_none(), "{taken}");
        proof = taken["proof"].clone();
        if taken["to_move"].is_null() {
            assert!(pass_only > 0, "no person was asked without a claim");
            check_windows(&windows);
            return;
        }
        awaited = taken["to_move"].as_u64().unwrap() as usize;
    }
    panic!("the game did not end");
}
