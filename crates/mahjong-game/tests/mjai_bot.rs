//! Our bots as mjai bots: a seat following a game from its own mjai events (others' tiles
//! hidden) knows exactly the legal actions the engine gives it, at every decision of many
//! seeded games; and bots that only see mjai play whole games in the engine.

use std::collections::BTreeSet;

use mahjong_game::{
    EfficiencyBot, Follower, Game, GameRules, Length, MjaiBot, RandomBot, bot_named,
};
use serde_json::{Value, json};
use tiles_core::Bot;

mod support {
    pub mod mjai;
}

use support::mjai::{follow_to_the_end, host_to_the_end};

fn start_game(seat: usize, rules: GameRules) -> Value {
    json!({"type": "start_game", "id": seat, "names": ["a", "b", "c", "d"], "rules": {
        "length": rules.length.name(), "red_fives": rules.red_fives,
        "open_tanyao": rules.open_tanyao}})
}

fn rules_for(seed: u64) -> GameRules {
    GameRules {
        length: Length::East,
        red_fives: if seed.is_multiple_of(3) {
            [0, 1, 0]
        } else {
            [1, 1, 1]
        },
        open_tanyao: !seed.is_multiple_of(5),
        ..GameRules::TENHOU
    }
}

#[test]
fn a_followed_seat_has_the_engines_legal_actions() {
    let mut decisions = 0;
    let mut kinds = BTreeSet::new();
    for seed in 0..60 {
        let rules = rules_for(seed);
        let mut followers: Vec<Follower> = (0..4)
            .map(|seat| {
                let mut follower = Follower::new(Some(seat));
                follower.apply(&start_game(seat, rules)).unwrap();
                follower
            })
            .collect();
        let random = RandomBot { seed };
        let choose = |view: &mahjong_game::View| {
            if seed % 2 == 0 {
                random.choose(view)
            } else {
                EfficiencyBot.choose(view)
            }
        };
        decisions += follow_to_the_end(
            Game::new(rules, seed),
            &mut followers,
            &choose,
            &format!("seed {seed}"),
            &mut kinds,
        );
    }
    assert!(decisions > 10_000, "{decisions}");
    for kind in [
        "discard",
        "riichi",
        "tsumo",
        "ron",
        "chi",
        "pon",
        "daiminkan",
        "ankan",
        "kakan",
        "pass",
    ] {
        assert!(kinds.contains(kind), "no {kind} among {kinds:?}");
    }
}

/// The engine hosting four mjai bots in-process: each is sent its events (the batch form),
/// and its answer read back with the host's own reading (`action_of`).
#[test]
fn mjai_bots_play_whole_games_in_the_engine() {
    let mut riichi = 0;
    for seed in 0..12 {
        let rules = rules_for(seed);
        let names = ["efficiency", "random", "efficiency", "random"];
        let mut bots: Vec<MjaiBot> = names
            .iter()
            .enumerate()
            .map(|(seat, name)| MjaiBot::new(bot_named(name).unwrap(), Some(seat)))
            .collect();
        let starts = (0..4).map(|seat| start_game(seat, rules)).collect();
        let (_, declared) = host_to_the_end(
            Game::new(rules, seed),
            &mut bots,
            starts,
            &format!("seed {seed}"),
        );
        riichi += declared;
    }
    assert!(riichi > 0, "no riichi was declared in two steps");
}
