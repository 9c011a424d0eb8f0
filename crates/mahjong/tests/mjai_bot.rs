//! Our bots as mjai bots: a seat following a game from its own mjai events (others' tiles
//! hidden) knows exactly the legal actions the engine gives it, at every decision of many
//! seeded games; and bots that only see mjai play whole games in the engine.

use mahjong::game::{
    Answer, EfficiencyBot, Follower, Game, GameRules, Length, MjaiBot, RandomBot, action_of,
    bot_named,
};
use mahjong::log::mjai::{event_json, mjai_order};
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
        red_fives: if seed.is_multiple_of(3) {
            [0, 1, 0]
        } else {
            [1, 1, 1]
        },
        open_tanyao: !seed.is_multiple_of(5),
        players: 4,
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
                for event in mjai_order(&game.events()[sent..]) {
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

/// The engine hosting four mjai bots in-process: each is sent its events (the batch form),
/// and its answer read back with the host's own reading ([`action_of`]).
#[test]
fn mjai_bots_play_whole_games_in_the_engine() {
    let mut riichi = 0;
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
        while let Some(seat) = game.to_move() {
            for event in mjai_order(&game.events()[sent..]) {
                for (viewer, batch) in pending.iter_mut().enumerate() {
                    batch.push(event_json(event, Some(viewer)).unwrap());
                }
            }
            sent = game.events().len();
            let view = game.view(seat);
            let mut reach = false;
            let action = loop {
                let batch = std::mem::take(&mut pending[seat]);
                let answer = bots[seat].react_all(&batch).unwrap();
                match action_of(&answer, &view, reach) {
                    Ok(Answer::Action(action)) => break action,
                    Ok(Answer::Reach) => {
                        reach = true;
                        riichi += 1;
                        pending[seat].push(json!({"type": "reach", "actor": seat}));
                    }
                    Err(error) => panic!("seed {seed} seat {seat}: {error}"),
                }
            };
            game.act(seat, action).unwrap();
            if reach {
                // The seat has its reach already: the engine's own is not sent again.
                let own = sent + 1;
                assert!(matches!(
                    game.events()[sent],
                    mahjong::game::Event::Riichi { .. }
                ));
                for (viewer, batch) in pending.iter_mut().enumerate() {
                    if viewer != seat {
                        batch.push(event_json(&game.events()[sent], Some(viewer)).unwrap());
                    }
                }
                sent = own;
            }
        }
        assert!(game.is_over());
    }
    assert!(riichi > 0, "no riichi was declared in two steps");
}
