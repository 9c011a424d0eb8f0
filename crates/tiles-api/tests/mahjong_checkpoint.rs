//! A table's checkpoint (`mahjong/game` with people): the answer's sealed record of every
//! decision so far, sent back so the next answer plays them again without asking the bots.
//! With it every answer is the very answer given without it (sealed or practice, four players
//! or three, one person or two); a checkpoint altered, of another game or table, or for other
//! decisions is refused by name.

use serde_json::{Value, json};
use support::{ask, error_of};

mod support;

/// A quick person: wins when it can, calls a pon now and then, else discards what it drew.
fn choice(legal: &[Value], step: usize) -> Value {
    let find = |wanted: &dyn Fn(&Value) -> bool| legal.iter().find(|one| wanted(one)).cloned();
    find(&|one| one["type"] == "hora")
        .or_else(|| find(&|one| one["type"] == "pon" && step.is_multiple_of(3)))
        .or_else(|| find(&|one| one["type"] == "none"))
        .or_else(|| find(&|one| one["type"] == "dahai" && one["tsumogiri"] == true))
        .unwrap_or_else(|| legal[0].clone())
}

/// `request` with `fields` added.
fn with(request: &Value, fields: Value) -> Value {
    let mut request = request.clone();
    for (key, value) in fields.as_object().unwrap() {
        request[key] = value.clone();
    }
    request
}

/// Plays a one-person table to its end, each request asked twice: without a checkpoint and
/// with the last answer's; both answers the same, every time. Returns the number of answers.
fn same_with_and_without(table: &Value) -> usize {
    let mut first = ask(table);
    assert!(first.get("error").is_none(), "{first}");
    let token = first["token"].clone();
    let base = if token.is_null() {
        table.clone()
    } else {
        with(table, json!({ "token": token }))
    };
    let mut moves: Vec<Value> = Vec::new();
    let mut answers = 1;
    while !first["to_move"].is_null() {
        assert!(first["checkpoint"].is_string(), "{first}");
        moves.push(choice(first["legal"].as_array().unwrap(), moves.len()));
        let plain = ask(&with(&base, json!({ "moves": moves })));
        let quick = ask(&with(
            &base,
            json!({ "moves": moves, "checkpoint": first["checkpoint"] }),
        ));
        assert!(plain.get("error").is_none(), "{plain}");
        assert_eq!(quick, plain, "after {} decisions", moves.len());
        first = quick;
        answers += 1;
    }
    // The game's end: no checkpoint, the records written.
    assert!(first.get("checkpoint").is_none());
    assert!(first["records"]["mjai"].is_string());
    answers
}

#[test]
fn with_a_checkpoint_every_answer_is_the_same() {
    for table in [
        json!({"bots": "human,value,value,value", "length": "east"}),
        json!({"bots": "human,efficiency,defence,value", "length": "east", "seed": 11}),
        json!({"bots": "human,value,value", "players": 3, "length": "east"}),
        json!({"bots": "value,human,efficiency,value", "length": "east", "rules": "m-league"}),
    ] {
        let answers = same_with_and_without(&table);
        assert!(answers > 20, "{table}: {answers} answers");
    }
}

/// Two people: each request carries the checkpoint of the last answer, whichever person's it
/// was, and the proof; the answers are those given without a checkpoint.
#[test]
fn two_people_share_the_last_checkpoint() {
    let bots = "human,efficiency,human,efficiency";
    let start = ask(&json!({"bots": bots, "viewer": 0, "length": "east"}));
    let tokens = [
        start["tokens"][0].clone(),
        Value::Null,
        start["tokens"][2].clone(),
    ];
    let mut last = start;
    let mut moves: Vec<Value> = Vec::new();
    for step in 0..2_000 {
        let Some(awaited) = last["to_move"].as_u64() else {
            return;
        };
        let awaited = awaited as usize;
        // The person awaited asks for the game (the last answer may be the other's).
        let base = json!({"bots": bots, "length": "east", "token": tokens[awaited], "moves": moves, "proof": last["proof"]});
        let mine = ask(&with(&base, json!({ "checkpoint": last["checkpoint"] })));
        assert_eq!(mine, ask(&base), "step {step}");
        moves.push(choice(mine["legal"].as_array().unwrap(), step));
        let base = json!({"bots": bots, "length": "east", "token": tokens[awaited], "moves": moves, "proof": mine["proof"]});
        let taken = ask(&with(&base, json!({ "checkpoint": mine["checkpoint"] })));
        assert!(taken.get("error").is_none(), "{taken}");
        assert_eq!(taken, ask(&base), "step {step}");
        last = taken;
    }
    panic!("the game did not end");
}

#[test]
fn a_checkpoint_holds_for_its_own_game_and_decisions_only() {
    let table = json!({"bots": "human,value,value,value", "length": "east"});
    let start = ask(&table);
    let token = start["token"].clone();
    let mut moves = vec![choice(start["legal"].as_array().unwrap(), 1)];
    let one = ask(&with(&table, json!({"token": token, "moves": moves})));
    moves.push(choice(one["legal"].as_array().unwrap(), 1));
    let checkpoint = one["checkpoint"].as_str().unwrap().to_owned();
    let refused = |request: Value, wanted: &str| {
        let error = error_of(&ask(&request));
        assert!(error.starts_with(wanted), "{error}");
    };
    let not_this = "checkpoint: not this game's for these decisions";
    // Altered: one digit of the sealed part changed.
    let mut altered = checkpoint.clone().into_bytes();
    let at = altered.len() - 5;
    altered[at] = if altered[at] == b'0' { b'1' } else { b'0' };
    let altered = String::from_utf8(altered).unwrap();
    refused(
        with(
            &table,
            json!({"token": token, "moves": moves, "checkpoint": altered}),
        ),
        not_this,
    );
    // For other decisions: the first one changed.
    let mut other_moves = moves.clone();
    other_moves[0] = start["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|one| **one != moves[0])
        .unwrap()
        .clone();
    refused(
        with(
            &table,
            json!({"token": token, "moves": other_moves, "checkpoint": checkpoint}),
        ),
        not_this,
    );
    // Another game's token, the same table.
    let other = ask(&table);
    refused(
        with(
            &table,
            json!({"token": other["token"], "moves": moves, "checkpoint": checkpoint}),
        ),
        not_this,
    );
    // A practice game on any seed.
    refused(
        with(
            &table,
            json!({"seed": 1, "moves": moves, "checkpoint": checkpoint}),
        ),
        not_this,
    );
    // Covering more decisions than given.
    refused(
        with(
            &table,
            json!({"token": token, "moves": [], "checkpoint": checkpoint}),
        ),
        "checkpoint: it covers 1 decision, and moves has 0",
    );
    refused(
        with(
            &table,
            json!({"token": token, "moves": moves, "checkpoint": "zz"}),
        ),
        "checkpoint: expected the text an answer's checkpoint gives",
    );
    // The right one is taken.
    let taken = ask(&with(
        &table,
        json!({"token": token, "moves": moves, "checkpoint": checkpoint}),
    ));
    assert!(taken.get("error").is_none(), "{taken}");
}
