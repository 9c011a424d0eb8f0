//! A person's table, `mahjong/game` with a `human` seat: the server keeps no game, so each
//! answer replays the game from the seed with every decision so far. Timed: the answer at a
//! hanchan's last decision (the whole game replayed, its bots deciding again, the view, the
//! events, the results and, at the end, the records in every format), and one halfway, for
//! four value bots' tables and three players'. `cargo bench -p tiles-api --bench table`.

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
