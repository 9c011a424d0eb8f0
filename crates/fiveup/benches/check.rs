//! Speed of the legality check: a full double-18 set (190 tiles) and 20,000 tiles, legal and
//! with the first illegal tile near the end (which takes a binary search over prefixes).
//!
//! `cargo bench -p fiveup --bench check`.

use std::hint::black_box;

use fiveup::{Domino, check};

/// A legal game using every tile of a double-`top` set that can be reached: each tile hangs on
/// a random open end (a random tile among those having that number).
fn legal_game(top: u64, seed: u64) -> Vec<Domino> {
    let mut state = seed | 1;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let n = top as usize + 1;
    // Per number: the unused tiles holding it (each tile listed under both numbers).
    let mut unused: Vec<Vec<(u64, u64)>> = vec![Vec::new(); n];
    for a in 0..=top {
        for b in a..=top {
            unused[a as usize].push((a, b));
            if a != b {
                unused[b as usize].push((a, b));
            }
        }
    }
    let mut used = std::collections::HashSet::new();
    let mut open: Vec<u64> = vec![0; 4];
    let mut game = vec![Domino::new(0, 0)];
    used.insert((0, 0));
    while !open.is_empty() {
        let at = next(open.len());
        let v = open[at] as usize;
        while let Some(&tile) = unused[v].last() {
            if used.contains(&tile) {
                unused[v].pop();
            } else {
                break;
            }
        }
        if unused[v].is_empty() {
            open.swap_remove(at);
            continue;
        }
        let pick = next(unused[v].len());
        let (a, b) = unused[v].swap_remove(pick);
        if used.contains(&(a, b)) {
            continue;
        }
        used.insert((a, b));
        open.swap_remove(at);
        let other = if a as usize == v { b } else { a };
        if a == b {
            open.extend([a; 3]);
        } else {
            open.push(other);
        }
        game.push(if next(2) == 0 {
            Domino::new(a, b)
        } else {
            Domino::new(b, a)
        });
    }
    game
}

/// The legal game with one tile moved from its place to the end, after a tile it needed: the
/// first illegal tile is found late.
fn broken_game(top: u64, seed: u64) -> Vec<Domino> {
    let mut game = legal_game(top, seed);
    let n = game.len();
    // The last tile goes to the front of the second half: it probably needs an end that is
    // not open yet.
    let last = game.pop().unwrap();
    game.insert(n / 2, last);
    game
}

#[divan::bench(args = [18, 199])]
fn legal(bencher: divan::Bencher, top: u64) {
    let game = legal_game(top, 7);
    assert!(check(&game).is_legal());
    bencher.bench(|| check(black_box(&game)));
}

#[divan::bench(args = [18, 199])]
fn illegal(bencher: divan::Bencher, top: u64) {
    let game = broken_game(top, 7);
    bencher.bench(|| check(black_box(&game)));
}

fn main() {
    for top in [18, 199] {
        let game = legal_game(top, 7);
        let broken = broken_game(top, 7);
        println!(
            "double-{top}: {} tiles, broken: {:?}",
            game.len(),
            check(&broken).reason(&broken)
        );
    }
    divan::main();
}
