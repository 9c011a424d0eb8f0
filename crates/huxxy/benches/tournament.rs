//! Speed of whole games between bots, and of the pieces a game is made of.
//!
//! `cargo bench -p huxxy --bench tournament`: one game (search against three greedy bots, and
//! four greedy bots) for each of 20 seeds, both variants; the group check; `legal_plays` and a
//! search-bot turn plan on a mid-game position. The crate README quotes the medians; the
//! 1,000-game tournament (`tiles huxxy tournament`) spreads these games over both cores.

use std::hint::black_box;

use huxxy::tiles_core::Bot as CoreBot;
use huxxy::{
    Bot, Game, GreedyBot, SearchBot, TurnStart, Variant, parse_cards, play_game, valid_group,
};

fn main() {
    divan::main();
}

const LINEUPS: [(&str, [&dyn CoreBot<Game>; 4]); 2] = [
    (
        "search+3 greedy",
        [&SearchBot, &GreedyBot, &GreedyBot, &GreedyBot],
    ),
    ("4 greedy", [&GreedyBot, &GreedyBot, &GreedyBot, &GreedyBot]),
];

#[divan::bench(args = [Variant::Basic, Variant::Jokers], sample_count = 10, sample_size = 1)]
fn twenty_games_search_vs_greedy(variant: Variant) {
    for seed in 0..20 {
        black_box(play_game(variant, seed, LINEUPS[0].1));
    }
}

#[divan::bench(args = [Variant::Basic, Variant::Jokers], sample_count = 10, sample_size = 1)]
fn twenty_games_greedy_only(variant: Variant) {
    for seed in 0..20 {
        black_box(play_game(variant, seed, LINEUPS[1].1));
    }
}

#[divan::bench]
fn group_check(bencher: divan::Bencher) {
    let groups: Vec<Vec<huxxy::Card>> = [
        "3C AS 2H",
        "2C 2H 2S 2D 2S",
        "2C 4S 5H XX",
        "6S 7C 8H",
        "QS KH XX",
    ]
    .iter()
    .map(|text| parse_cards(text).unwrap())
    .collect();
    bencher.bench(|| {
        groups
            .iter()
            .filter(|group| valid_group(black_box(group), Variant::Jokers))
            .count()
    });
}

/// A position after 60 plays of a search-vs-greedy game.
fn mid_game() -> Game {
    let mut game = Game::new(Variant::Basic, 3);
    let bots: [&dyn Bot; 4] = [&SearchBot, &GreedyBot, &GreedyBot, &GreedyBot];
    while game.history().len() < 60 && game.end().is_none() {
        let player = game.active_player();
        let play = bots[player].play(
            Variant::Basic,
            game.history(),
            player,
            game.hand(player),
            game.table(),
        );
        game.apply_play(play).unwrap();
    }
    game
}

#[divan::bench]
fn legal_plays_mid_game(bencher: divan::Bencher) {
    let game = mid_game();
    bencher.bench(|| black_box(&game).legal_plays());
}

#[divan::bench]
fn search_plan_mid_game(bencher: divan::Bencher) {
    let game = mid_game();
    let player = game.active_player();
    bencher.bench(|| {
        SearchBot.plan_turn(&TurnStart {
            variant: Variant::Basic,
            opened: game.turn_info().opened[player],
            hand: black_box(game.hand(player)),
            table: game.table(),
        })
    });
}
