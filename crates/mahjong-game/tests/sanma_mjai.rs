//! Three players over mjai: a seat following a three-player game from its own mjai events
//! (three-entry seat lists, `kita`; the number of players said by `start_game` or only by the
//! deal) knows exactly the engine's legal actions at every decision, and mjai bots of ours
//! play whole three-player games in the engine.

use std::collections::BTreeSet;

use mahjong_game::{Action, Follower, Game, GameRules, Length, MjaiBot, RandomBot, bot_named};
use serde_json::{Value, json};
use tiles_core::Bot;

mod support {
    pub mod mjai;
}

use support::mjai::{follow_to_the_end, host_to_the_end};

fn rules_for(seed: u64) -> GameRules {
    GameRules {
        length: Length::East,
        open_tanyao: !seed.is_multiple_of(5),
        ..GameRules::TENHOU_SANMA
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
    let mut kinds = BTreeSet::new();
    for seed in 0..40 {
        let rules = rules_for(seed);
        let said = seed % 2 == 0;
        let mut followers: Vec<Follower> = (0..3)
            .map(|seat| {
                let mut follower = Follower::new(Some(seat));
                follower.apply(&start_game(seat, rules, said)).unwrap();
                follower
            })
            .collect();
        let random = RandomBot { seed };
        let choose = |view: &mahjong_game::View| {
            if seed % 3 == 0 {
                random.choose(view)
            } else {
                bot_named("efficiency").unwrap().choose(view)
            }
        };
        decisions += follow_to_the_end(
            Game::new(rules, seed),
            &mut followers,
            &choose,
            &format!("seed {seed}"),
            &mut kinds,
        );
        if said {
            for follower in &followers {
                assert_eq!(
                    follower.rules(),
                    rules,
                    "seed {seed}: the rules start_game said"
                );
            }
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
        let names = ["efficiency", "random", "value"];
        let mut bots: Vec<MjaiBot> = names
            .iter()
            .enumerate()
            .map(|(seat, name)| MjaiBot::new(bot_named(name).unwrap(), Some(seat)))
            .collect();
        let starts = (0..3).map(|seat| start_game(seat, rules, true)).collect();
        let (taken, _) = host_to_the_end(
            Game::new(rules, seed),
            &mut bots,
            starts,
            &format!("seed {seed}"),
        );
        kita += taken
            .iter()
            .filter(|action| **action == Action::Kita)
            .count();
    }
    assert!(kita > 10, "{kita} Norths set aside");
}
