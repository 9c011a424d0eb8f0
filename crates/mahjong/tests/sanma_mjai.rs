//! Three players over mjai: a seat following a three-player game from its own mjai events
//! (three-entry seat lists, `kita`; the number of players said by `start_game` or only by the
//! deal) knows exactly the engine's legal actions at every decision, and mjai bots of ours
//! play whole three-player games in the engine.

use mahjong::game::{
    Answer, Follower, Game, GameRules, Length, MjaiBot, RandomBot, action_of, bot_named,
};
use mahjong::log::mjai::{event_json, for_players, mjai_order};
use serde_json::{Value, json};
use tiles_core::Bot;

fn rules_for(seed: u64) -> GameRules {
    GameRules {
        length: Length::East,
        ..GameRules::TENHOU_SANMA
    }
    .with_seed_variation(seed)
}

trait Vary {
    fn with_seed_variation(self, seed: u64) -> Self;
}

impl Vary for GameRules {
    fn with_seed_variation(mut self, seed: u64) -> GameRules {
        self.open_tanyao = !seed.is_multiple_of(5);
        self
    }
}

/// `start_game` saying the rules (players 3), or (`said` false) nothing but the seat.
fn start_game(seat: usize, rules: GameRules, said: bool) -> Value {
    if said {
        json!({"type": "start_game", "id": seat, "names": ["a", "b", "c"], "rules": {
            "length": rules.length.name(), "red_fives": rules.red_fives,
            "open_tanyao": rules.open_tanyao, "players": 3}})
    } else {
        json!({"type": "start_game", "id": seat})
    }
}

#[test]
fn a_followed_three_player_seat_has_the_engines_legal_actions() {
    let mut decisions = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let rules = rules_for(seed);
        let said = seed % 2 == 0;
        let mut game = Game::new(rules, seed);
        let mut followers: Vec<Follower> = (0..3)
            .map(|seat| {
                let mut follower = Follower::new(Some(seat));
                follower.apply(&start_game(seat, rules, said)).unwrap();
                follower
            })
            .collect();
        let random = RandomBot { seed };
        let mut sent = 0;
        while let Some(seat) = game.to_move() {
            if game.events().len() > sent {
                for event in mjai_order(&game.events()[sent..]) {
                    for (viewer, follower) in followers.iter_mut().enumerate() {
                        let value = for_players(event_json(event, Some(viewer)).unwrap(), 3);
                        follower.apply(&value).unwrap_or_else(|error| {
                            panic!("seed {seed} seat {viewer}: {value}: {error}")
                        });
                    }
                }
                sent = game.events().len();
                for (viewer, follower) in followers.iter().enumerate() {
                    let engine = game.legal_actions(viewer);
                    let followed = follower
                        .decision()
                        .map(|view| view.legal)
                        .unwrap_or_default();
                    assert_eq!(
                        followed, engine,
                        "seed {seed} seat {viewer} after {sent} events"
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
            let action = if seed % 3 == 0 {
                random.choose(&view)
            } else {
                bot_named("efficiency").unwrap().choose(&view)
            };
            game.act(seat, action).unwrap();
        }
    }
    assert!(decisions > 5_000, "{decisions}");
    for kind in ["discard", "riichi", "tsumo", "ron", "pon", "kita", "pass"] {
        assert!(kinds.contains(kind), "no {kind} among {kinds:?}");
    }
    assert!(!kinds.contains("chi"));
}

/// The engine hosting three mjai bots of ours in-process, their answers read back with the
/// host's own reading: whole games, every answer legal, Norths set aside.
#[test]
fn mjai_bots_play_whole_three_player_games_in_the_engine() {
    let mut kita = 0;
    for seed in 0..8 {
        let rules = rules_for(seed);
        let mut game = Game::new(rules, seed);
        let names = ["efficiency", "random", "value"];
        let mut bots: Vec<MjaiBot> = names
            .iter()
            .enumerate()
            .map(|(seat, name)| MjaiBot::new(bot_named(name).unwrap(), Some(seat)))
            .collect();
        let mut pending: Vec<Vec<Value>> = (0..3)
            .map(|seat| vec![start_game(seat, rules, true)])
            .collect();
        let mut sent = 0;
        while let Some(seat) = game.to_move() {
            for event in mjai_order(&game.events()[sent..]) {
                for (viewer, batch) in pending.iter_mut().enumerate() {
                    batch.push(for_players(event_json(event, Some(viewer)).unwrap(), 3));
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
                        pending[seat].push(json!({"type": "reach", "actor": seat}));
                    }
                    Err(error) => panic!("seed {seed} seat {seat}: {error}"),
                }
            };
            assert!(view.legal.contains(&action), "seed {seed}: {action}");
            kita += usize::from(action == mahjong::game::Action::Kita);
            game.act(seat, action).unwrap();
            if reach {
                // The seat has its reach already: the engine's own is not sent again.
                for (viewer, batch) in pending.iter_mut().enumerate() {
                    if viewer != seat {
                        let event = event_json(&game.events()[sent], Some(viewer)).unwrap();
                        batch.push(for_players(event, 3));
                    }
                }
                sent += 1;
            }
        }
        assert!(game.is_over());
    }
    assert!(kita > 10, "{kita} Norths set aside");
}
