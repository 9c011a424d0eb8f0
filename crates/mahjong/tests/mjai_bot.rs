//! Our bots as mjai bots: a seat following a game from its own mjai events (others' tiles
//! hidden) knows exactly the legal actions the engine gives it, at every decision of many
//! seeded games; and bots that only see mjai play whole games in the engine.

use mahjong::game::{
    Action, EfficiencyBot, Follower, Game, GameRules, Length, MjaiBot, RandomBot, bot_named,
};
use mahjong::log::mjai::event_json;
use serde_json::{Value, json};
use tiles_core::Bot;

fn start_game(seat: usize, rules: GameRules) -> Value {
    json!({"type": "start_game", "id": seat, "names": ["a", "b", "c", "d"], "rules": {
        "length": rules.length.name(), "red_fives": rules.red_fives,
        "open_tanyao": rules.open_tanyao}})
}

fn rules_for(seed: u64) -> GameRules {
    GameRules {
        length: Length::East,
        red_fives: if seed % 3 == 0 { [0, 1, 0] } else { [1, 1, 1] },
        open_tanyao: seed % 5 != 0,
    }
}

#[test]
fn a_followed_seat_has_the_engines_legal_actions() {
    let mut decisions = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let rules = rules_for(seed);
        let mut game = Game::new(rules, seed);
        let mut followers: Vec<Follower> = (0..4)
            .map(|seat| {
                let mut follower = Follower::new(Some(seat));
                follower.apply(&start_game(seat, rules)).unwrap();
                follower
            })
            .collect();
        let random = RandomBot { seed };
        let mut sent = 0;
        while let Some(seat) = game.to_move() {
            if game.events().len() > sent {
                for event in &game.events()[sent..] {
                    for (viewer, follower) in followers.iter_mut().enumerate() {
                        let value = event_json(event, Some(viewer)).unwrap();
                        follower.apply(&value).unwrap_or_else(|error| {
                            panic!("seed {seed} seat {viewer}: {value}: {error}")
                        });
                    }
                }
                sent = game.events().len();
                // A new decision point: every seat knows what the engine lets it do.
                for (viewer, follower) in followers.iter().enumerate() {
                    let engine = game.legal_actions(viewer);
                    let followed = follower
                        .decision()
                        .map(|view| view.legal)
                        .unwrap_or_default();
                    assert_eq!(
                        followed, engine,
                        "seed {seed} seat {viewer} after {} events",
                        sent
                    );
                    if !engine.is_empty() {
                        assert_eq!(
                            follower.decision().unwrap(),
                            game.view(viewer),
                            "seed {seed} seat {viewer}"
                        );
                        decisions += 1;
                        kinds.extend(engine.iter().map(|action| action.name()));
                    }
                }
            }
            let view = game.view(seat);
            let action = if seed % 2 == 0 {
                random.choose(&view)
            } else {
                EfficiencyBot.choose(&view)
            };
            game.act(seat, action).unwrap();
        }
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

/// The engine hosting four mjai bots: each is sent its events (the batch form), and its
/// answer is read back as an action of the engine's.
#[test]
fn mjai_bots_play_whole_games_in_the_engine() {
    for seed in 0..12 {
        let rules = rules_for(seed);
        let mut game = Game::new(rules, seed);
        let names = ["efficiency", "random", "efficiency", "random"];
        let mut bots: Vec<MjaiBot> = names
            .iter()
            .enumerate()
            .map(|(seat, name)| MjaiBot::new(bot_named(name).unwrap(), Some(seat)))
            .collect();
        let mut pending: Vec<Vec<Value>> =
            (0..4).map(|seat| vec![start_game(seat, rules)]).collect();
        let mut sent = 0;
        let mut reach: [bool; 4] = [false; 4];
        while let Some(_) = game.to_move() {
            for event in &game.events()[sent..] {
                for (viewer, batch) in pending.iter_mut().enumerate() {
                    batch.push(event_json(event, Some(viewer)).unwrap());
                }
            }
            sent = game.events().len();
            let seat = game.to_move().unwrap();
            let mut batch = std::mem::take(&mut pending[seat]);
            if reach[seat] {
                batch.push(json!({"type": "reach", "actor": seat}));
            }
            let answer = bots[seat].react_all(&batch).unwrap();
            let legal = game.legal_actions(seat);
            if answer["type"] == "reach" {
                assert!(!reach[seat]);
                reach[seat] = true;
                continue;
            }
            let action = legal
                .iter()
                .copied()
                .find(|action| {
                    let mut view = game.view(seat);
                    view.legal.clear();
                    mahjong::game::to_mjai(*action, &view) == answer
                        && matches!(action, Action::Discard { riichi, .. } if *riichi == reach[seat])
                        || !matches!(action, Action::Discard { .. })
                            && mahjong::game::to_mjai(*action, &game.view(seat)) == answer
                })
                .unwrap_or_else(|| panic!("seed {seed} seat {seat}: {answer} is not legal: {legal:?}"));
            reach[seat] = false;
            game.act(seat, action).unwrap();
        }
        assert!(game.is_over());
    }
}
