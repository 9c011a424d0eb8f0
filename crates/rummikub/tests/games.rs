//! Invariants over many seeded games between bots: every tile accounted for after every turn,
//! every table valid, every play legal by `check_turn` (and exactly what the engine made of
//! it), every draw the pool's next tile, scores that sum to zero, a record that replays to the
//! same game, and the same seed giving the same game. Bots of every kind play, with a bot that
//! moves at random (drawing, or playing one of the other bots' moves) and one that sometimes
//! breaks a rule, so forfeits are seen too.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use rummikub::tiles_core::{self, Bot, Game as _, Stop};
use rummikub::{
    Action, End, Game, GameLog, GameOptions, GreedyBot, Rules, SolverBot, Tile, ValueBot, View,
    check_turn, full_set, rack_value,
};

/// Draws or plays one of the other bots' moves, at random but the same for the same view.
struct Wanderer;

fn view_hash(view: &View) -> u64 {
    let mut hasher = DefaultHasher::new();
    (view.player, &view.rack, &view.table, view.pool, view.turns).hash(&mut hasher);
    hasher.finish()
}

impl Bot<Game> for Wanderer {
    fn name(&self) -> &str {
        "wanderer"
    }

    fn choose(&self, view: &View) -> Action {
        match view_hash(view) % 4 {
            0 => Action::Draw,
            1 => GreedyBot.choose(view),
            2 => ValueBot.choose(view),
            _ => SolverBot.choose(view),
        }
    }
}

/// Plays the solver's move, but one time in twelve breaks it: a table tile taken back.
struct Cheat;

impl Bot<Game> for Cheat {
    fn name(&self) -> &str {
        "cheat"
    }

    fn choose(&self, view: &View) -> Action {
        let action = SolverBot.choose(view);
        match action {
            Action::Play(mut table) if view_hash(view).is_multiple_of(12) => {
                if let Some(group) = table.iter_mut().find(|g| !g.is_empty()) {
                    group.pop();
                }
                Action::Play(table)
            }
            other => other,
        }
    }
}

fn sorted(mut tiles: Vec<Tile>) -> Vec<Tile> {
    tiles.sort();
    tiles
}

/// Plays a game move by move, checking every invariant after each; returns the game.
fn checked_game(options: &GameOptions, seed: u64, bots: &[&dyn Bot<Game>]) -> Game {
    let rules = options.rules();
    let set = sorted(full_set(rules));
    let mut game = Game::new(options, seed);
    let mut moves = Vec::new();
    while let Some(player) = game.to_move() {
        assert!(
            moves.len() < rummikub::MAX_TURNS,
            "seed {seed}: the game does not end"
        );
        let view = game.view(player);
        let (table, rack, pool) = (game.table_tiles(), game.rack(player).to_vec(), game.pool());
        let action = bots[player].choose(&view);
        moves.push(action.clone());
        match game.play_turn(&action) {
            Ok(rummikub::Done::Drew(tile)) => {
                assert_eq!(
                    tile,
                    pool.first().copied(),
                    "seed {seed}: a draw takes the pool's next tile"
                );
                assert_eq!(game.table_tiles(), table, "a draw leaves the table");
            }
            Ok(rummikub::Done::Played(turn)) => {
                let Action::Play(after) = &action else {
                    panic!("a play from a draw")
                };
                let checked = check_turn(&table, &rack, after, view.opened[player], rules)
                    .expect("every play the engine takes is legal by check_turn");
                assert_eq!(checked, turn);
                assert_eq!(game.rack(player), turn.left());
                assert!(game.opened()[player]);
            }
            Err(error) => {
                let Action::Play(after) = &action else {
                    panic!("a draw refused: {error}")
                };
                assert!(
                    check_turn(&table, &rack, after, view.opened[player], rules).is_err(),
                    "a play the engine refuses is refused by check_turn: {error}"
                );
                game.forfeit(error);
            }
        }
        // Every tile is somewhere, once; the table is valid; racks are in the rules' order.
        let mut everywhere: Vec<Tile> = game.table_tiles().concat();
        for p in 0..options.players() {
            let rack = game.rack(p).to_vec();
            let mut ordered = rack.clone();
            rules.sort_tiles(&mut ordered);
            assert_eq!(rack, ordered);
            everywhere.extend(rack);
        }
        everywhere.extend(game.pool());
        assert_eq!(sorted(everywhere), set, "seed {seed}: tiles accounted for");
        for group in game.table_tiles() {
            assert!(rummikub::Group::new(&group, rules).is_ok());
        }
    }
    // The end and the scores.
    let scores = game.scores().expect("over");
    let ranks = game.ranks().expect("over");
    assert_eq!(
        scores.iter().sum::<i64>(),
        0,
        "seed {seed}: scores sum to zero"
    );
    let values = game.rack_values();
    match game.end() {
        Some(End::RackEmptied { player }) => {
            assert!(game.rack(*player).is_empty());
            let others: i64 = (0..values.len())
                .filter(|p| p != player)
                .map(|p| i64::from(values[p]))
                .sum();
            assert_eq!(scores[*player], others);
            for p in (0..values.len()).filter(|p| p != player) {
                assert_eq!(scores[p], -i64::from(rack_value(game.rack(p))));
            }
            assert_eq!(ranks[*player], 1);
        }
        Some(End::Blocked) => {
            assert_eq!(game.pool_len(), 0);
            let lowest = values.iter().min().copied().unwrap();
            for p in 0..values.len() {
                assert_eq!(ranks[p] == 1, values[p] == lowest);
            }
        }
        Some(End::Forfeit { player, .. }) => {
            assert_eq!(ranks[*player], options.players());
            assert!(
                (0..values.len())
                    .filter(|p| p != player)
                    .all(|p| ranks[p] == 1)
            );
        }
        None => unreachable!("the loop ran to the end"),
    }
    // The record replays to the same game, and the game loop plays the same game.
    let record = tiles_core::Record { seed, moves };
    let replayed: Game = tiles_core::replay(options, &record).expect("the record replays");
    assert_eq!(replayed.scores(), game.scores());
    assert_eq!(replayed.table_tiles(), game.table_tiles());
    let played =
        tiles_core::play(options, seed, bots, rummikub::MAX_TURNS, &Stop::never()).unwrap();
    assert_eq!(
        played.record, record,
        "seed {seed}: the game loop plays the same game"
    );
    game
}

#[test]
fn bot_games_keep_every_invariant() {
    let mut ends = [0; 3];
    let lineups: [&[&dyn Bot<Game>]; 5] = [
        &[&SolverBot, &GreedyBot, &GreedyBot, &GreedyBot],
        &[&ValueBot, &Wanderer],
        &[&GreedyBot, &GreedyBot, &Wanderer],
        &[&Cheat, &SolverBot, &Wanderer, &ValueBot],
        &[&GreedyBot, &GreedyBot],
    ];
    for seed in 0..tiles_testkit::props::cases(40) as u64 {
        let bots = lineups[seed as usize % lineups.len()];
        let options = GameOptions::new(Rules::standard(), bots.len()).unwrap();
        let game = checked_game(&options, seed, bots);
        ends[match game.end() {
            Some(End::RackEmptied { .. }) => 0,
            Some(End::Blocked) => 1,
            _ => 2,
        }] += 1;
    }
    assert!(
        ends.iter().all(|&n| n > 0),
        "games ended every way: {ends:?}"
    );
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let options = GameOptions::new(Rules::standard(), 3).unwrap();
    let bots: [&dyn Bot<Game>; 3] = [&SolverBot, &GreedyBot, &ValueBot];
    for seed in [0, 7, u64::MAX] {
        let first = GameLog::bots(&options, seed, &bots, &Stop::never()).unwrap();
        let second = GameLog::bots(&options, seed, &bots, &Stop::never()).unwrap();
        assert_eq!(first.to_string(), second.to_string());
        assert_eq!(first.turns, second.turns);
    }
    // Another seed deals another game.
    assert_ne!(
        Game::new(&options, 1).dealt(),
        Game::new(&options, 2).dealt()
    );
}

/// The deal is the full set shuffled by tiles-core's fixed shuffle, dealt round one tile at a
/// time: the same seed deals the same racks in every version.
#[test]
fn the_deal_is_the_fixed_shuffle_dealt_round() {
    let options = GameOptions::new(Rules::standard(), 4).unwrap();
    let game = Game::new(&options, 42);
    let shuffled = tiles_core::shuffled(full_set(&Rules::standard()), 42);
    for player in 0..4 {
        let dealt: Vec<Tile> = shuffled[..56]
            .iter()
            .skip(player)
            .step_by(4)
            .copied()
            .collect();
        assert_eq!(sorted(dealt), sorted(game.dealt()[player].clone()));
    }
    assert_eq!(game.pool(), shuffled[56..].to_vec());
    assert_eq!(game.pool().len(), 106 - 56);
}

#[test]
fn a_log_shows_every_turn_and_its_steps() {
    let options = GameOptions::new(Rules::standard(), 2).unwrap();
    let bots: [&dyn Bot<Game>; 2] = [&SolverBot, &GreedyBot];
    let log = GameLog::bots(&options, 3, &bots, &Stop::never()).unwrap();
    let text = log.to_string();
    for turn in &log.turns {
        assert!(text.contains(&format!("turn {}: player {}", turn.number, turn.player)));
        if let rummikub::Done::Played(turn) = &turn.action {
            for step in turn.steps() {
                assert!(text.contains(&step.to_string()));
            }
        }
    }
    assert!(text.contains("the game ends"));
}

#[test]
fn a_raised_stop_ends_a_game_between_turns() {
    let options = GameOptions::new(Rules::standard(), 4).unwrap();
    let bots: [&dyn Bot<Game>; 4] = [&SolverBot, &SolverBot, &SolverBot, &SolverBot];
    let (stop, flag) = Stop::flag();
    flag.raise();
    assert!(GameLog::bots(&options, 1, &bots, &stop).is_err());
    // A stopped tournament plays no game more: its standings count none.
    let result = rummikub::tournament(&options, 1, 1000, &bots, &stop).unwrap();
    assert_eq!(result.standings.games, 0);
}

#[test]
fn one_bot_per_player() {
    let options = GameOptions::new(Rules::standard(), 3).unwrap();
    let bots: [&dyn Bot<Game>; 2] = [&SolverBot, &GreedyBot];
    assert_eq!(
        GameLog::bots(&options, 1, &bots, &Stop::never()).unwrap_err(),
        tiles_core::PlayError::Seats {
            bots: 2,
            players: 3
        }
    );
    assert!(GameOptions::new(Rules::standard(), 5).is_err());
    assert!(GameOptions::new(Rules::standard(), 1).is_err());
    // The code-golf set has 54 tiles: three players need 42, four 56.
    assert!(GameOptions::new(Rules::codegolf(), 3).is_ok());
    assert_eq!(
        GameOptions::new(Rules::codegolf(), 4)
            .unwrap_err()
            .to_string(),
        "4 players need 56 tiles to be dealt 14 each, but these rules have 54"
    );
}

/// The other presets play too: the puzzle's set (no initial meld, one joker) and the code-golf
/// set (one copy of each tile, runs laid in order, at most three players).
#[test]
fn games_under_the_other_presets_keep_every_invariant() {
    for seed in 0..6 {
        let bots: [&dyn Bot<Game>; 3] = [&SolverBot, &Wanderer, &ValueBot];
        for rules in [Rules::puzzle(), Rules::codegolf()] {
            let options = GameOptions::new(rules, 3).unwrap();
            let game = checked_game(&options, seed, &bots);
            assert!(!matches!(game.end(), Some(End::Forfeit { .. })));
        }
    }
}
