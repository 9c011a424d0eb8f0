//! `solve_going_out` against `solve` at every turn of seeded games between solver bots (where
//! racks do get emptied): the same number of tiles always; where every rack tile is played, a
//! legal move that plays them all; elsewhere the very same move.

use rummikub::tiles_core::{Bot, Stop, play};
use rummikub::{
    Game, GameOptions, Objective, Rules, SolverBot, ValueBot, View, check_turn, solve,
    solve_going_out,
};
use std::sync::Mutex;

/// A bot that keeps every view it is shown.
struct Watching<'a>(&'a dyn Bot<Game>, &'a Mutex<Vec<View>>);

impl Bot<Game> for Watching<'_> {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&self, view: &View) -> rummikub::Action {
        self.1.lock().unwrap().push(view.clone());
        self.0.choose(view)
    }
}

#[test]
fn going_out_plays_every_tile_when_solve_does_and_otherwise_the_same_move() {
    let rules = Rules::standard();
    let options = GameOptions::new(rules.clone(), 4).unwrap();
    let views = Mutex::new(Vec::new());
    let (solver, value) = (Watching(&SolverBot, &views), Watching(&ValueBot, &views));
    let bots: [&dyn Bot<Game>; 4] = [&solver, &value, &solver, &value];
    for seed in 0..tiles_testkit::props::cases(24) as u64 {
        play(&options, seed, &bots, rummikub::MAX_TURNS, &Stop::never()).unwrap();
    }
    let mut went_out = 0;
    for view in views.into_inner().unwrap() {
        for objective in [
            Objective::MostTiles,
            Objective::MostValue,
            Objective::MostTilesThenValue,
        ] {
            if view.must_open() {
                continue;
            }
            let best = solve(&view.table, &view.rack, &rules, objective).unwrap();
            let quick = solve_going_out(&view.table, &view.rack, &rules, objective).unwrap();
            assert_eq!(quick.tiles(), best.tiles());
            if best.tiles() == view.rack.len() {
                went_out += 1;
                assert_eq!(quick.value(), best.value());
                let after: Vec<Vec<_>> = quick.table().iter().map(|g| g.tiles().to_vec()).collect();
                let turn = check_turn(&view.table, &view.rack, &after, true, &rules).unwrap();
                assert!(turn.left().is_empty());
            } else {
                assert_eq!(quick, best);
            }
        }
    }
    assert!(went_out >= 24, "racks emptied: {went_out}");
}
