//! Tournaments: duplicate seating, and every statistic counted again by hand from the games
//! themselves, replayed one by one.

use mahjong_game::{
    EntryStats, Event, Game, GameRules, Length, PHOENIX_RANK_POINTS, Seat, Tournament, bot_named,
    is_challenge, run,
};
use tiles_core::{Bot, Stop};

fn east() -> GameRules {
    GameRules {
        length: Length::East,
        ..GameRules::TENHOU
    }
}

fn lineup() -> [&'static dyn Bot<Game>; 4] {
    let efficiency = bot_named("efficiency").unwrap();
    let random = bot_named("random").unwrap();
    [efficiency, random, random, random]
}

/// The statistics of the games of `tournament`, each played again on its own and counted
/// event by event.
fn counted_by_hand(tournament: &Tournament) -> Vec<EntryStats> {
    let bots = lineup();
    let mut stats: Vec<EntryStats> = (0..4).map(|_| EntryStats::default()).collect();
    for index in tournament.games.clone() {
        let (seed, entries) = tournament.game(index);
        let seats: Vec<&dyn Bot<Game>> = entries.iter().map(|&entry| bots[entry]).collect();
        let game = tiles_core::play(&tournament.rules, seed, &seats, 1_000_000, &Stop::never())
            .unwrap()
            .game;
        let scores = game.scores();
        for seat in 0..4 {
            let entry = &mut stats[entries[seat]];
            entry.games += 1;
            // The place: how many seats are ahead (more points, or as many and East first).
            let ahead = (0..4)
                .filter(|&other| {
                    scores[other] > scores[seat] || scores[other] == scores[seat] && other < seat
                })
                .count();
            entry.placements[ahead] += 1;
            entry.points += i64::from(scores[seat]);
            // The rules' final score (checked against each league's text in presets_game).
            entry.final_score += i64::from(tournament.rules.final_score(scores, [0; 4])[seat]);
            entry.busts += u64::from(scores[seat] < 0);
        }
        // Hands, one at a time.
        let mut hand: Vec<&Event> = Vec::new();
        let mut hands: Vec<Vec<&Event>> = Vec::new();
        for event in game.events() {
            if matches!(event, Event::StartHand { .. }) && !hand.is_empty() {
                hands.push(std::mem::take(&mut hand));
            }
            hand.push(event);
        }
        hands.push(hand);
        for hand in hands {
            for seat in 0..4 {
                let entry = &mut stats[entries[seat]];
                entry.hands += 1;
                let called = hand.iter().any(
                    |event| matches!(event, Event::Call { seat: caller, .. } if *caller == seat),
                );
                let riichi = hand.iter().any(
                    |event| matches!(event, Event::Riichi { seat: declarer } if *declarer == seat),
                );
                entry.calls += u64::from(called);
                entry.riichis += u64::from(riichi);
                for event in &hand {
                    if let Event::Win(win) = event {
                        let value = u64::from(win.score.points.total);
                        if win.seat == seat {
                            entry.wins += 1;
                            entry.win_points += value;
                        }
                        if win.from == seat && win.seat != seat {
                            entry.deal_ins += 1;
                            entry.deal_in_points += value;
                        }
                    }
                }
            }
        }
    }
    stats
}

#[test]
fn every_statistic_is_the_games_counted_one_by_one() {
    for duplicate in [true, false] {
        let tournament = Tournament {
            duplicate,
            ..Tournament::new(east(), 7, 12)
        };
        let result = run(&tournament, &lineup().map(Seat::Ours), None, &Stop::never()).unwrap();
        assert_eq!((result.games, result.played), (12, 12));
        let expected = counted_by_hand(&tournament);
        for (entry, (got, want)) in result.entries.iter().zip(&expected).enumerate() {
            let mut got = got.clone();
            got.bot = String::new();
            assert_eq!(&got, want, "entry {entry}, duplicate {duplicate}");
        }
        assert!(
            result
                .entries
                .iter()
                .all(|entry| entry.hands > 0 && entry.forfeits == 0)
        );
    }
}

#[test]
fn duplicate_play_deals_each_wall_four_ways() {
    let tournament = Tournament {
        duplicate: true,
        ..Tournament::new(east(), 3, 8)
    };
    for set in 0..2 {
        let games: Vec<(u64, Vec<usize>)> =
            (0..4).map(|turn| tournament.game(set * 4 + turn)).collect();
        assert!(
            games.iter().all(|(seed, _)| *seed == games[0].0),
            "one wall a set"
        );
        for entry in 0..4 {
            let mut seats: Vec<usize> = games
                .iter()
                .map(|(_, entries)| entries.iter().position(|&e| e == entry).unwrap())
                .collect();
            seats.sort_unstable();
            assert_eq!(seats, [0, 1, 2, 3], "entry {entry} sits in every seat once");
        }
        // The same deal, seen from the seats: game 0's dealt hands are every game's.
        let deal = |seed: u64| match &Game::new(east(), seed).events()[0] {
            Event::StartHand { hands, .. } => hands.clone(),
            _ => unreachable!(),
        };
        assert!(
            games
                .iter()
                .all(|(seed, _)| deal(*seed) == deal(games[0].0))
        );
    }
    assert_ne!(
        tournament.game(0).0,
        tournament.game(4).0,
        "sets have walls of their own"
    );
    let names = |list: [&str; 4]| list.map(str::to_owned).to_vec();
    assert!(is_challenge(&names([
        "value", "defence", "defence", "defence"
    ])));
    assert!(is_challenge(&names([
        "defence", "defence", "value", "defence"
    ])));
    assert!(!is_challenge(&names(["efficiency"; 4])));
    assert!(!is_challenge(&names(["a", "a", "b", "b"])));
}

#[test]
fn rank_intervals_and_rank_points_are_worked_out_from_the_placements() {
    let stats = EntryStats {
        games: 4,
        placements: [1, 1, 1, 1],
        ..EntryStats::default()
    };
    assert_eq!(stats.average_placement(), 2.5);
    // Sample deviation of 1, 2, 3, 4: sqrt(5/3); 1.96 of its standard errors over 4 games.
    let expected = 1.96 * (5.0f64 / 3.0).sqrt() / 2.0;
    assert!((stats.rank_interval() - expected).abs() < 1e-12);
    assert_eq!(stats.rank_points(&PHOENIX_RANK_POINTS), 0.0);
    let first = EntryStats {
        games: 10,
        placements: [10, 0, 0, 0],
        ..EntryStats::default()
    };
    assert_eq!(first.rank_points(&PHOENIX_RANK_POINTS), 90.0);
    assert_eq!(first.rank_points_interval(&PHOENIX_RANK_POINTS), 0.0);
    assert!(
        EntryStats::default().rank_interval().is_infinite(),
        "no interval from no games"
    );
}

#[test]
fn a_stopped_tournament_counts_the_games_played() {
    let (stop, flag) = Stop::flag();
    flag.raise();
    let tournament = Tournament::new(east(), 1, 1_000_000);
    let result = run(&tournament, &lineup().map(Seat::Ours), None, &stop).unwrap();
    assert_eq!((result.games, result.played), (1_000_000, 0));
    assert!(result.stopped());
    assert!(
        result
            .to_string()
            .contains("stopped after 0 of 1000000 games")
    );
}

/// Against a riichi, a defence bot two or more tiles from ready discards a tile the riichi
/// seats cannot win on (their own discards, or one let pass since their riichi) whenever it
/// holds one; and it never calls then.
#[test]
fn the_defence_bot_folds_to_a_tile_the_riichi_seats_cannot_win_on() {
    use mahjong_game::{Action, DefenceBot, EfficiencyBot};
    let mut folds = 0;
    for seed in 0..120 {
        let mut game = Game::new(east(), seed);
        while let Some(seat) = game.to_move() {
            let view = game.view(seat);
            let action = if seat == 0 {
                DefenceBot.choose(&view)
            } else {
                EfficiencyBot.choose(&view)
            };
            let riichi: Vec<usize> = (1..4).filter(|&other| view.riichi[other]).collect();
            // Riichi seats only (a seat with three open melds is a threat too, weighed apart).
            let open_threat = (1..4).any(|other| view.melds[other].len() >= 3);
            if seat == 0 && !riichi.is_empty() && !open_threat {
                let safe = |kind: usize| {
                    riichi.iter().all(|&other| {
                        let river = &view.rivers[other];
                        let declared = river.iter().find(|tile| tile.riichi).map(|tile| tile.order);
                        river.iter().any(|tile| tile.tile.tile.index() == kind)
                            || view.rivers.iter().flatten().any(|tile| {
                                tile.tile.tile.index() == kind
                                    && declared.is_some_and(|at| tile.order > at)
                            })
                    })
                };
                let mut counts = [0u8; 34];
                for piece in &view.hand {
                    counts[piece.tile.index()] += 1;
                }
                let shanten = |counts: [u8; 34]| {
                    mahjong::Hand::from_counts(counts)
                        .ok()
                        .and_then(|hand| mahjong::shanten_overall(&hand).ok())
                        .unwrap_or(i8::MAX)
                };
                let far = if view.hand.len() % 3 == 2 {
                    (0..34).filter(|&kind| counts[kind] > 0).all(|kind| {
                        let mut kept = counts;
                        kept[kind] -= 1;
                        shanten(kept) >= 2
                    })
                } else {
                    shanten(counts) >= 2
                };
                let holds_safe = view.legal.iter().any(|action| {
                    matches!(action, Action::Discard { tile, riichi: false, .. } if safe(tile.tile.index()))
                });
                if far
                    && holds_safe
                    && view.claimable.is_none()
                    && !view.legal.contains(&Action::Tsumo)
                {
                    let Action::Discard { tile, .. } = action else {
                        panic!("seed {seed}: {action} while folding");
                    };
                    assert!(
                        safe(tile.tile.index()),
                        "seed {seed}: {tile} is not safe: hand {:?} melds {:?} rivers {:?} legal {:?}",
                        view.hand
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>(),
                        view.melds.iter().map(|m| m.len()).collect::<Vec<_>>(),
                        view.rivers
                            .iter()
                            .map(|r| r
                                .iter()
                                .map(|t| format!("{}{}", t.tile, if t.riichi { "*" } else { "" }))
                                .collect::<Vec<_>>())
                            .collect::<Vec<_>>(),
                        view.legal
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                    );
                    folds += 1;
                }
                if view.claimable.is_some() && !view.legal.contains(&Action::Ron) && far {
                    assert_eq!(action, Action::Pass, "seed {seed}: no call while folding");
                }
            }
            game.act(seat, action).unwrap();
        }
    }
    assert!(folds > 50, "{folds}");
}

/// Every bot plays only legal actions, at every seat, under every lobby's rules.
#[test]
fn every_bot_plays_whole_games_without_an_illegal_action() {
    let names = ["value", "defence", "efficiency", "random"];
    let bots: Vec<&dyn Bot<Game>> = names
        .iter()
        .map(|name| bot_named(name).unwrap() as &dyn Bot<Game>)
        .collect();
    for (index, red_fives) in [[1, 1, 1], [0, 1, 0], [0, 0, 0]].into_iter().enumerate() {
        let rules = GameRules {
            red_fives,
            open_tanyao: index != 1,
            ..east()
        };
        let tournament = Tournament::new(rules, 11 + index as u64, 16);
        let lineup = [bots[0], bots[1], bots[2], bots[3]].map(Seat::Ours);
        let result = run(&tournament, &lineup, None, &Stop::never()).unwrap();
        assert_eq!(result.played, 16);
        for entry in &result.entries {
            assert_eq!(entry.forfeits, 0, "{}", entry.bot);
        }
    }
}
