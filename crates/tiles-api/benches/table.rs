//! A person's table, `mahjong/game` with a `human` seat: the server keeps no game, so each
//! answer replays the game from the seed with every decision so far. Timed: the answer at a
//! hanchan's last decision (the whole game replayed, its bots deciding again, the view, the
//! events, the results and, at the end, the records in every format), and one halfway, for
//! four value bots' tables and three players'; and a click's answer as the page asks for it,
//! with the last answer's checkpoint (the decisions so far played again, the bots not asked
//! again), at the game's first decision and at its last. `cargo bench -p tiles-api --bench
//! table`.

use std::hint::black_box;

use divan::Bencher;
use mahjong_game::mjai::decision_json;
use mahjong_game::{Game, GameRules, ValueBot, bot_named};
use serde_json::{Value, json};
use tiles_core::Bot;

fn main() {
    divan::main();
}

/// The request of a hanchan whose person (seat 0) decides as the efficiency bot would,
/// against value bots, with its decisions but the last `left` of them.
fn request(three: bool, left: Left) -> String {
    let rules = if three {
        GameRules::TENHOU_SANMA
    } else {
        GameRules::TENHOU
    };
    let seed = 7;
    let mut game = Game::new(rules, seed);
    let efficiency = bot_named("efficiency").expect("a bot");
    let mut moves: Vec<Value> = Vec::new();
    while let Some(seat) = game.to_move() {
        let view = game.view(seat);
        let action = if seat == 0 {
            let action = efficiency.choose(&view);
            moves.push(decision_json(action, &view));
            action
        } else {
            ValueBot.choose(&view)
        };
        game.act(seat, action).expect("a bot's decision is legal");
    }
    let keep = match left {
        Left::Half => moves.len() / 2,
        Left::One => moves.len() - 1,
        Left::None => moves.len(),
    };
    moves.truncate(keep);
    let bots = if three {
        "human,value,value"
    } else {
        "human,value,value,value"
    };
    json!({"seed": seed, "players": if three { 3 } else { 4 }, "bots": bots, "moves": moves})
        .to_string()
}

/// How many of the person's decisions a request leaves out.
#[derive(Clone, Copy)]
enum Left {
    /// Half: the answer halfway through the game.
    Half,
    /// The last: the answer awaits the game's last decision.
    One,
    /// None: the game is over, and the answer holds the records.
    None,
}

#[divan::bench(args = [
    "four, halfway",
    "four, last decision",
    "four, the end (records written)",
    "three, last decision",
    "three, the end (records written)",
])]
fn answer(bencher: Bencher, case: &str) {
    let text = match case {
        "four, halfway" => request(false, Left::Half),
        "four, last decision" => request(false, Left::One),
        "four, the end (records written)" => request(false, Left::None),
        "three, last decision" => request(true, Left::One),
        _ => request(true, Left::None),
    };
    bencher.bench(|| black_box(tiles_api::handle("mahjong/game", black_box(&text))));
}

/// A click's answer with the checkpoint of the answer before it: after the first `at` of the
/// person's decisions, or all but the last (`at` = None).
fn with_checkpoint(at: Option<usize>) -> String {
    let whole: Value = serde_json::from_str(&request(false, Left::None)).expect("JSON");
    let moves = whole["moves"].as_array().expect("moves").clone();
    let count = at.unwrap_or(moves.len() - 1);
    let mut before = whole.clone();
    before["moves"] = Value::Array(moves[..count - 1].to_vec());
    let answer: Value =
        serde_json::from_str(&tiles_api::handle("mahjong/game", &before.to_string()))
            .expect("JSON");
    let mut click = whole;
    click["moves"] = Value::Array(moves[..count].to_vec());
    click["checkpoint"] = answer["checkpoint"].clone();
    assert!(click["checkpoint"].is_string(), "{answer}");
    click.to_string()
}

#[divan::bench(args = ["four, the first decisions", "four, last decision"])]
fn click_from_a_checkpoint(bencher: Bencher, case: &str) {
    let text = match case {
        "four, the first decisions" => with_checkpoint(Some(2)),
        _ => with_checkpoint(None),
    };
    bencher.bench(|| black_box(tiles_api::handle("mahjong/game", black_box(&text))));
}
