//! Speed of the legality check: a full double-18 set (190 tiles) and a double-199 set (20,100
//! tiles), each in a random legal order and in an order that plays a tile both of whose
//! numbers are open whenever it can (the orders that make a search over choices explode);
//! and the latter made illegal by the two-ends trap (see `tests/support`) hung on its end, so that its last tile
//! cannot be attached though every number it holds was played. A double-446 set (100,128
//! tiles) in a random order shows the check stays linear on a merely long game.
//!
//! `cargo bench -p fiveup --bench check`.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;

use fiveup::{Domino, Verdict, check};
use support::{dominoes, legal_game, open_ends, trap};

/// The game of a double-`top` set (in a random or the ambiguous order).
fn game(top: u32, ambiguous: bool) -> Vec<Domino> {
    dominoes(&legal_game(top, usize::MAX, ambiguous, 7))
}

/// The ambiguous order of a double-`top` set, cut 7 tiles short of `tiles`, then the trap.
fn broken(top: u32, tiles: usize) -> Vec<Domino> {
    let mut game = legal_game(top, tiles - 7, true, 7);
    let Verdict::Legal(layout) = check(&dominoes(&game)) else {
        unreachable!("generated games are legal")
    };
    let (v, _) = open_ends(&game, &layout)[0];
    game.extend(trap(v, top));
    let game = dominoes(&game);
    assert_eq!(
        check(&game),
        Verdict::Unattachable {
            position: game.len() - 1
        }
    );
    game
}

/// Also a double-446 set in a random legal order: 100,128 tiles, a game too long for anything
/// quadratic.
#[divan::bench(args = [18, 199, 446])]
fn random_order(bencher: divan::Bencher, top: u32) {
    let game = game(top, false);
    assert!(check(&game).is_legal());
    bencher.bench(|| check(black_box(&game)));
}

#[divan::bench(args = [18, 199])]
fn ambiguous_order(bencher: divan::Bencher, top: u32) {
    let game = game(top, true);
    assert!(check(&game).is_legal());
    bencher.bench(|| check(black_box(&game)));
}

#[divan::bench(args = [(18, 190), (199, 20_000)])]
fn trap_at_the_end(bencher: divan::Bencher, (top, tiles): (u32, usize)) {
    let game = broken(top, tiles);
    bencher.bench(|| check(black_box(&game)));
}

fn main() {
    for top in [18, 199] {
        for ambiguous in [false, true] {
            let order = if ambiguous { "ambiguous" } else { "random" };
            println!(
                "double-{top}, {order} order: {} tiles",
                game(top, ambiguous).len()
            );
        }
    }
    for (top, tiles) in [(18, 190), (199, 20_000)] {
        let game = broken(top, tiles);
        println!(
            "double-{top} with the trap: {} tiles, {}",
            game.len(),
            check(&game).reason(&game).unwrap()
        );
    }
    divan::main();
}
