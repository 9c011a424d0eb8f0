//! The four-player game: invariants over many seeded games of random bots (every tile
//! accounted for, points conserved with the sticks, every action taken legal, the game
//! ending), and same seed, same game.

use mahjong::{Piece, Tile};
use mahjong_game::{Action, EfficiencyBot, Event, Game, GameRules, Length, RandomBot};
use tiles_core::Bot;

mod support {
    pub mod accounting;
}

use support::accounting::check_tiles;

/// Plays a game of random bots.
fn play_random(rules: GameRules, seed: u64) -> Vec<Event> {
    play(rules, seed, false)
}

/// Plays a game of efficiency bots (`smart`) or random ones, checking the invariants at every
/// step; returns its events.
fn play(rules: GameRules, seed: u64, smart: bool) -> Vec<Event> {
    let mut game = Game::new(rules, seed);
    let random = RandomBot { seed };
    let mut steps = 0;
    while let Some(seat) = game.to_move() {
        check_tiles(&game);
        let legal = game.legal_actions(seat);
        assert!(
            !legal.is_empty(),
            "seed {seed}: seat {seat} to move has no action"
        );
        let view = game.view(seat);
        assert_eq!(view.legal, legal);
        let action = if smart {
            EfficiencyBot.choose(&view)
        } else {
            random.choose(&view)
        };
        assert!(
            legal.contains(&action),
            "seed {seed}: the bot chose {action}, not legal"
        );
        game.act(seat, action)
            .unwrap_or_else(|error| panic!("seed {seed}: a legal {action} refused: {error}"));
        let total: i32 = game.scores().iter().sum::<i32>() + 1000 * game.sticks() as i32;
        assert_eq!(total, 100_000, "seed {seed}: points not conserved");
        steps += 1;
        assert!(steps < 100_000, "seed {seed}: the game does not end");
    }
    assert!(game.legal_actions(0).is_empty());
    game.events().to_vec()
}

#[test]
fn random_games_keep_the_invariants() {
    let mut hands = 0;
    let mut wins = 0;
    let mut calls = 0;
    for seed in 0..120 {
        let rules = GameRules {
            length: if seed % 4 == 0 {
                Length::East
            } else {
                Length::Hanchan
            },
            // Tenhou's lobbies: with or without red fives and open tanyao; and red fives in
            // some suits only.
            red_fives: match seed % 5 {
                0 => [0; 3],
                3 => [0, 1, 1],
                _ => [1; 3],
            },
            open_tanyao: seed % 3 != 0,
            ..GameRules::TENHOU
        };
        let events = play(rules, seed, seed % 2 == 1);
        hands += events
            .iter()
            .filter(|event| matches!(event, Event::StartHand { .. }))
            .count();
        wins += events
            .iter()
            .filter(|event| matches!(event, Event::Win(_)))
            .count();
        calls += events
            .iter()
            .filter(|event| matches!(event, Event::Call { .. }))
            .count();
        assert!(matches!(events.last(), Some(Event::EndGame { .. })));
    }
    assert!(
        hands > 200 && wins > 0 && calls > 0,
        "{hands} hands, {wins} wins, {calls} calls"
    );
}

#[test]
fn the_same_seed_deals_the_same_game() {
    let rules = GameRules::default();
    assert_eq!(play_random(rules, 7), play_random(rules, 7));
    assert_ne!(play_random(rules, 7), play_random(rules, 8));
}

#[test]
fn the_first_hand_is_dealt_and_the_dealer_draws() {
    let game = Game::new(GameRules::default(), 1);
    assert_eq!(game.to_move(), Some(0));
    assert_eq!(game.hand(0).len(), 14);
    for seat in 1..4 {
        assert_eq!(game.hand(seat).len(), 13);
    }
    assert_eq!(game.indicators().len(), 1);
    assert_eq!(game.live_left(), 69);
    let _ = Tile::from_index(0);
    assert!(
        game.legal_actions(0)
            .iter()
            .any(|action| matches!(action, Action::Discard { .. }))
    );
}

#[test]
fn a_written_record_replays_to_the_same_game() {
    // Efficiency bots win; random ones also kan, call anything and abort.
    for seed in 0..12 {
        let rules = GameRules {
            length: if seed < 6 {
                Length::Hanchan
            } else {
                Length::East
            },
            red_fives: if seed % 3 == 2 { [1, 0, 1] } else { [1; 3] },
            open_tanyao: seed % 4 != 1,
            ..GameRules::TENHOU
        };
        let mut game = Game::new(rules, seed);
        let random = RandomBot { seed };
        while let Some(seat) = game.to_move() {
            let view = game.view(seat);
            let action = if seed < 6 {
                EfficiencyBot.choose(&view)
            } else {
                random.choose(&view)
            };
            game.act(seat, action).unwrap();
        }
        let names: Vec<String> = (0..4).map(|seat| seat.to_string()).collect();
        let texts = [
            mahjong_game::records::mjai::write(rules, game.events(), &names),
            mahjong_game::records::tenhou6::write(rules, game.events(), &names),
        ];
        for text in texts {
            let (log, error) = mahjong_game::records::read(&text);
            assert_eq!(error, None, "seed {seed}");
            assert_eq!(log.rules, rules, "seed {seed}: the record's rules");
            let verdict = mahjong_game::records::replay::replay(&log);
            for hand in &verdict.hands {
                assert!(hand.agree, "seed {seed} {}: {:?}", hand.id, hand.error);
            }
            assert_eq!(verdict.final_agree, Some(true), "seed {seed}");
            assert_eq!(verdict.final_scores, Some(game.scores()));
        }
    }
}

/// Every action the engine could be sent: each tile discarded every way, the kans of each
/// kind, the wins, the calls with every pair of the claimable kind, pass.
fn every_action(game: &Game, seat: usize) -> Vec<Action> {
    let mut pieces: Vec<Piece> = Vec::new();
    for index in 0..34 {
        let tile = Tile::from_index(index).unwrap();
        pieces.push(Piece { tile, red: false });
        if index < 27 && tile.rank() == 5 {
            pieces.push(Piece { tile, red: true });
        }
    }
    let mut actions = vec![
        Action::Tsumo,
        Action::Ron,
        Action::NineTerminals,
        Action::Daiminkan,
        Action::Pass,
    ];
    for &tile in &pieces {
        for tsumogiri in [false, true] {
            for riichi in [false, true] {
                actions.push(Action::Discard {
                    tile,
                    tsumogiri,
                    riichi,
                });
            }
        }
        actions.push(Action::Kakan { tile });
        actions.push(Action::Ankan { tile: tile.tile });
    }
    if game.claim_on_table().is_some() {
        let hand = game.hand(seat);
        for a in hand {
            for b in hand {
                actions.push(Action::Pon { tiles: [*a, *b] });
                actions.push(Action::Chi { tiles: [*a, *b] });
            }
        }
    }
    actions.sort_by_key(|action| format!("{action:?}"));
    actions.dedup();
    actions
}

/// `act` takes exactly the actions `legal_actions` lists, and a refused one changes nothing.
#[test]
fn act_takes_exactly_the_legal_actions() {
    let mut checked = 0;
    for seed in 0..6 {
        let mut game = Game::new(
            GameRules {
                length: Length::East,
                ..GameRules::default()
            },
            seed,
        );
        let random = RandomBot { seed };
        let mut step = 0;
        while let Some(seat) = game.to_move() {
            step += 1;
            if step % 5 == 0 {
                for other in 0..4 {
                    let legal = game.legal_actions(other);
                    for action in every_action(&game, other) {
                        let mut trial = game.clone();
                        let before = trial.events().len();
                        let taken = trial.act(other, action).is_ok();
                        assert_eq!(
                            taken,
                            legal.contains(&action),
                            "seed {seed} seat {other} {action}"
                        );
                        if !taken {
                            assert_eq!(trial.events().len(), before);
                            assert_eq!(trial.legal_actions(other), legal);
                        }
                        checked += 1;
                    }
                }
            }
            let action = random.choose(&game.view(seat));
            game.act(seat, action).unwrap();
        }
    }
    assert!(checked > 10_000, "{checked}");
}
