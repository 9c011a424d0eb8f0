//! The three-player game (Tenhou's sanma): invariants over many seeded games of each bot
//! (every one of the 108 tiles accounted for, points conserved with the sticks, every action
//! legal, seat 3 empty and never to act, the game ending), same seed same game, and the rules
//! the notes single out on seeded games' events.

use mahjong_game::{
    Action, DefenceBot, EfficiencyBot, Event, Game, GameRules, Length, Players, RandomBot, ValueBot,
};
use tiles_core::Bot;

mod support {
    pub mod accounting;
}

use support::accounting::check_tiles;

const SANMA: GameRules = GameRules::TENHOU_SANMA;

/// Plays a game of `bots` (one per seat 0-2), checking the invariants at every step.
fn play(rules: GameRules, seed: u64, bots: [&dyn Bot<Game>; 3]) -> Game {
    let mut game = Game::new(rules, seed);
    let mut steps = 0;
    while let Some(seat) = game.to_move() {
        assert!(seat < 3, "seed {seed}: the empty seat 3 is to act");
        check_tiles(&game);
        let legal = game.legal_actions(seat);
        assert!(!legal.is_empty(), "seed {seed}: seat {seat} has no action");
        for action in &legal {
            assert!(
                !matches!(action, Action::Chi { .. }),
                "seed {seed}: a chi offered with three players"
            );
        }
        let view = game.view(seat);
        assert_eq!(view.legal, legal);
        let action = bots[seat].choose(&view);
        assert!(
            legal.contains(&action),
            "seed {seed}: {action} is not legal"
        );
        game.act(seat, action)
            .unwrap_or_else(|error| panic!("seed {seed}: a legal {action} refused: {error}"));
        let scores = game.scores();
        assert_eq!(scores[3], 0, "seed {seed}: the empty seat has points");
        let total: i32 = scores.iter().sum::<i32>() + 1000 * game.sticks() as i32;
        assert_eq!(total, 105_000, "seed {seed}: points not conserved");
        steps += 1;
        assert!(steps < 100_000, "seed {seed}: the game does not end");
    }
    game
}

fn rules_for(seed: u64) -> GameRules {
    GameRules {
        length: if seed.is_multiple_of(3) {
            Length::East
        } else {
            Length::Hanchan
        },
        red_fives: if seed % 4 == 1 { [0; 3] } else { [0, 1, 1] },
        open_tanyao: seed % 5 != 2,
        ..SANMA
    }
}

#[test]
fn seeded_three_player_games_keep_every_invariant() {
    let random = RandomBot { seed: 7 };
    let lineups: [[&dyn Bot<Game>; 3]; 4] = [
        [&random, &random, &random],
        [&EfficiencyBot, &EfficiencyBot, &EfficiencyBot],
        [&DefenceBot, &ValueBot, &EfficiencyBot],
        [&random, &EfficiencyBot, &DefenceBot],
    ];
    let mut kita = 0;
    let mut wins = 0;
    for seed in 0..24 {
        let game = play(rules_for(seed), seed, lineups[seed as usize % 4]);
        for event in game.events() {
            match event {
                Event::Kita { .. } => kita += 1,
                Event::Win(win) => {
                    wins += 1;
                    // The absent seat never pays nor is paid.
                    assert_eq!(win.deltas[3], 0);
                }
                Event::Drawn { deltas, .. } => assert_eq!(deltas[3], 0),
                Event::StartHand { hands, scores, .. } => {
                    assert!(hands[3].is_empty() && scores[3] == 0);
                    assert!(hands[..3].iter().all(|hand| hand.len() == 13));
                    for piece in hands.iter().flatten() {
                        assert!(!(1..8).contains(&piece.tile.index()), "a 2m-8m dealt");
                    }
                }
                _ => {}
            }
        }
        let ranking = game.ranking();
        assert_eq!(ranking[3], 3, "the empty seat ranks last");
    }
    assert!(kita > 50, "only {kita} Norths set aside");
    assert!(wins > 50, "only {wins} wins");
}

#[test]
fn the_same_seed_deals_the_same_three_player_game() {
    let one = play(SANMA, 5, [&EfficiencyBot, &EfficiencyBot, &EfficiencyBot]);
    let two = play(SANMA, 5, [&EfficiencyBot, &EfficiencyBot, &EfficiencyBot]);
    assert_eq!(one.events(), two.events());
    let other = play(SANMA, 6, [&EfficiencyBot, &EfficiencyBot, &EfficiencyBot]);
    assert_ne!(one.events(), other.events());
}

#[test]
fn three_player_hands_rotate_e1_to_s3_and_start_at_35000() {
    let game = play(SANMA, 11, [&EfficiencyBot, &EfficiencyBot, &EfficiencyBot]);
    let mut numbers = Vec::new();
    for event in game.events() {
        if let Event::StartHand { id, dealer, .. } = event {
            assert!(id.number >= 1 && id.number <= 3, "hand {id}");
            assert_eq!(usize::from(id.number) - 1, *dealer, "hand {id}");
            numbers.push(*id);
        }
    }
    let Some(Event::StartHand { scores, .. }) = game.events().first() else {
        panic!("a game starts with a deal");
    };
    assert_eq!(scores, &[35_000, 35_000, 35_000, 0]);
    // Six hands at least (E1-E3, S1-S3), unless someone went below 0.
    let busted = game.scores()[..3].iter().any(|&points| points < 0);
    assert!(
        numbers.len() >= 6 || busted,
        "{numbers:?} {:?}",
        game.scores()
    );
}

#[test]
fn three_player_records_replay_in_each_format_we_write() {
    use mahjong_game::records::{mjai, read, replay::replay, tenhou6};
    let names: Vec<String> = ["a", "b", "c"].map(str::to_owned).to_vec();
    let random = RandomBot { seed: 3 };
    for seed in 0..8 {
        let rules = rules_for(seed);
        let lineup: [&dyn Bot<Game>; 3] = if seed % 2 == 0 {
            [&EfficiencyBot, &DefenceBot, &ValueBot]
        } else {
            [&random, &random, &EfficiencyBot]
        };
        let game = play(rules, seed, lineup);
        for (format, text) in [
            ("mjai", mjai::write(rules, game.events(), &names)),
            ("tenhou6", tenhou6::write(rules, game.events(), &names)),
        ] {
            let (log, error) = read(&text);
            assert_eq!(error, None, "seed {seed} {format}");
            assert_eq!(log.rules.players, Players::Three, "seed {seed} {format}");
            let verdict = replay(&log);
            for hand in &verdict.hands {
                assert!(
                    hand.agree,
                    "seed {seed} {format} {}: {:?}",
                    hand.id, hand.error
                );
            }
            assert_eq!(verdict.final_agree, Some(true), "seed {seed} {format}");
            assert_eq!(
                verdict.final_scores,
                Some(game.scores()),
                "seed {seed} {format}"
            );
        }
        // mjai as Mortal-derived three-player bots write it: `nukidora`, four seat slots with
        // the fourth empty, and no rules in `start_game`.
        let other = four_slots(&mjai::write(rules, game.events(), &names));
        let (log, error) = read(&other);
        assert_eq!(error, None, "seed {seed}");
        assert_eq!(log.rules.players, Players::Three, "seed {seed}");
        for hand in &replay(&log).hands {
            assert!(
                hand.agree,
                "seed {seed} four-slot mjai {}: {:?}",
                hand.id, hand.error
            );
        }
    }
}

/// An mjai record of three players rewritten with four seat slots (`0`, thirteen `?`,
/// `false`), `nukidora` for `kita`, and `start_game` without rules.
fn four_slots(text: &str) -> String {
    use serde_json::{Value, json};
    let mut out = String::new();
    for line in text.lines() {
        let mut event: Value = serde_json::from_str(line).expect("JSON");
        if event["type"] == "start_game" {
            event.as_object_mut().expect("an object").remove("rules");
        }
        if event["type"] == "kita" {
            event["type"] = json!("nukidora");
        }
        for (key, empty) in [
            ("scores", json!(0)),
            ("deltas", json!(0)),
            ("tenpai", json!(false)),
            ("tehais", json!(vec!["?"; 13])),
        ] {
            if let Some(Value::Array(items)) = event.get_mut(key)
                && items.len() == 3
            {
                items.push(empty);
            }
        }
        out.push_str(&event.to_string());
        out.push('\n');
    }
    out
}

/// Three players' action space (388 ids, kita the last) and planes (`tiles-sanma-v1`, 72): every
/// legal action at every decision of seeded games has one id and back, the mask is the legal
/// ids, and the Norths set aside show in their planes and among the tiles in sight.
#[test]
fn three_player_action_ids_and_planes() {
    use mahjong_game::encoding::{
        ACTIONS_THREE, CHANNELS_THREE, OBSERVATION_SIZE_THREE, action_id, action_of, encode, mask,
    };
    let mut kita_ids = 0;
    let random = RandomBot { seed: 1 };
    for seed in 0..16 {
        let mut game = Game::new(
            GameRules {
                length: Length::East,
                ..SANMA
            },
            seed,
        );
        while let Some(seat) = game.to_move() {
            for deciding in game.deciding() {
                let legal = game.legal_actions(deciding);
                let mut ids: Vec<usize> = legal
                    .iter()
                    .map(|action| action_id(&game, action))
                    .collect();
                for (action, &id) in legal.iter().zip(&ids) {
                    assert!(id < ACTIONS_THREE, "{action}: {id}");
                    assert_eq!(action_of(&game, deciding, id), Some(*action));
                    kita_ids += usize::from(id == ACTIONS_THREE - 1);
                }
                let mut out = vec![9u8; ACTIONS_THREE];
                mask(&game, deciding, &mut out);
                ids.sort_unstable();
                let masked: Vec<usize> = (0..ACTIONS_THREE).filter(|&id| out[id] == 1).collect();
                assert_eq!(masked, ids);
                let mut planes = vec![0u8; OBSERVATION_SIZE_THREE];
                encode(&game, deciding, &mut planes);
                let plane = |channel: usize| &planes[channel * 34..(channel + 1) * 34];
                for relative in 0..3 {
                    let other = (deciding + relative) % 3;
                    assert!(
                        plane(69 + relative)
                            .iter()
                            .all(|&cell| cell == game.kita(other))
                    );
                }
                // The planes of a fourth seat stay empty.
                assert!((38..48).all(|channel| plane(channel).iter().all(|&cell| cell == 0)));
                assert_eq!(CHANNELS_THREE, 72);
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
    assert!(kita_ids > 20, "{kita_ids}");
}
