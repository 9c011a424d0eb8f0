//! The checker against a slow, obviously-correct reference on small games (play the tiles one
//! by one, keeping every reachable multiset of open ends), and against the one-shot flow
//! formulation (one feasible flow per prefix) on games too long for it.

mod support;

use std::collections::HashSet;

use fiveup::{Side, Verdict, check};
use proptest::prelude::*;
use support::{dominoes, legal_game, verdict_by_flow};

/// Open ends: a count per number 0..=N.
type Ends = Vec<u32>;

/// The reference verdict: tile by tile, every multiset of open ends some legal history
/// reaches; the first tile that repeats an earlier one or leaves no multiset is the answer.
fn reference(tiles: &[(u32, u32)], numbers: usize) -> Result<(), (bool, usize, usize)> {
    let mut states: HashSet<Ends> = HashSet::new();
    let mut seen: Vec<(u32, u32)> = Vec::new();
    for (at, &(a, b)) in tiles.iter().enumerate() {
        let key = (a.min(b), a.max(b));
        if let Some(first) = seen.iter().position(|&k| k == key) {
            return Err((true, first, at));
        }
        seen.push(key);
        let (a, b) = (a as usize, b as usize);
        if at == 0 {
            let mut ends = vec![0u32; numbers];
            if a == b {
                ends[a] = 4;
            } else {
                ends[a] += 1;
                ends[b] += 1;
            }
            states.insert(ends);
            continue;
        }
        let mut next = HashSet::new();
        for ends in &states {
            if a == b {
                if ends[a] > 0 {
                    let mut after = ends.clone();
                    after[a] += 2;
                    next.insert(after);
                }
                continue;
            }
            for (cover, open) in [(a, b), (b, a)] {
                if ends[cover] > 0 {
                    let mut after = ends.clone();
                    after[cover] -= 1;
                    after[open] += 1;
                    next.insert(after);
                }
            }
        }
        if next.is_empty() {
            return Err((false, 0, at));
        }
        states = next;
    }
    Ok(())
}

/// Checks a witness layout: the tiles as given; every tile after the first hangs on a free
/// side of an earlier tile with the number it names, which the tile has too. A non-double
/// offers its two ends (one covered if it was attached); a double two long sides and two
/// short ends (one long side covered if it was attached), its short ends only once its long
/// sides are taken.
fn layout_is_valid(tiles: &[(u32, u32)], verdict: &Verdict) -> bool {
    let Verdict::Legal(layout) = verdict else {
        return false;
    };
    if layout.tiles() != dominoes(tiles) {
        return false;
    }
    // Per tile: its free sides.
    let mut free: Vec<Vec<(u32, Side)>> = Vec::new();
    for (at, (&(a, b), attachment)) in tiles.iter().zip(layout.attachments()).enumerate() {
        let mut sides = if a == b {
            vec![
                (a, Side::Long),
                (a, Side::Long),
                (a, Side::Short),
                (a, Side::Short),
            ]
        } else {
            vec![(a, Side::End), (b, Side::End)]
        };
        match attachment {
            None if at == 0 => {}
            Some(attachment) if attachment.parent < at => {
                let number = attachment.number.to_u64().unwrap() as u32;
                let parent = &mut free[attachment.parent];
                let side = (number, attachment.side);
                let Some(slot) = parent.iter().position(|&s| s == side) else {
                    return false;
                };
                if attachment.side == Side::Short && parent.contains(&(number, Side::Long)) {
                    return false;
                }
                parent.remove(slot);
                let own = if a == b { Side::Long } else { Side::End };
                let Some(own) = sides.iter().position(|&s| s == (number, own)) else {
                    return false;
                };
                sides.remove(own);
            }
            _ => return false,
        }
        free.push(sides);
    }
    true
}

fn agree(tiles: &[(u32, u32)], numbers: usize) -> Result<(), TestCaseError> {
    let verdict = check(&dominoes(tiles));
    match reference(tiles, numbers) {
        Ok(()) => prop_assert!(layout_is_valid(tiles, &verdict), "{tiles:?}: {verdict:?}"),
        Err((true, first, second)) => {
            prop_assert_eq!(verdict, Verdict::Repeated { first, second }, "{:?}", tiles)
        }
        Err((false, _, position)) => {
            prop_assert_eq!(verdict, Verdict::Unattachable { position }, "{:?}", tiles)
        }
    }
    Ok(())
}

/// The checker against the one-shot flow method: the same verdict, and a valid layout when
/// legal.
fn agree_with_flow(tiles: &[(u32, u32)]) -> Result<(), TestCaseError> {
    let verdict = check(&dominoes(tiles));
    match verdict_by_flow(tiles) {
        Verdict::Unattachable {
            position: usize::MAX,
        } => {
            prop_assert!(layout_is_valid(tiles, &verdict), "{tiles:?}: {verdict:?}")
        }
        expected => prop_assert_eq!(verdict, expected, "{:?}", tiles),
    }
    Ok(())
}

/// A tile of a double-`top` set from two arbitrary numbers.
fn tile(top: u32, a: u32, b: u32) -> (u32, u32) {
    (a % (top + 1), b % (top + 1))
}

proptest! {
    #![proptest_config(tiles_testkit::props::config(2000))]

    #[test]
    fn random_legal_games(seed: u64, top in 1u32..7, length in 1usize..20, ambiguous: bool) {
        let game = legal_game(top, length, ambiguous, seed);
        prop_assert!(reference(&game, top as usize + 1).is_ok());
        agree(&game, top as usize + 1)?;
    }

    #[test]
    fn swapped_tiles(seed: u64, top in 1u32..7, length in 2usize..20, ambiguous: bool, i: usize, j: usize) {
        let mut game = legal_game(top, length, ambiguous, seed);
        let n = game.len();
        game.swap(i % n, j % n);
        agree(&game, top as usize + 1)?;
    }

    #[test]
    fn an_extra_tile(seed: u64, top in 1u32..7, length in 1usize..20, ambiguous: bool, at: usize, a: u32, b: u32) {
        let mut game = legal_game(top, length, ambiguous, seed);
        let at = at % (game.len() + 1);
        game.insert(at, tile(top, a, b));
        agree(&game, top as usize + 1)?;
    }

    #[test]
    fn a_repeated_tile(seed: u64, top in 1u32..7, length in 1usize..20, ambiguous: bool, from: usize, at: usize, turn: bool) {
        let mut game = legal_game(top, length, ambiguous, seed);
        let (a, b) = game[from % game.len()];
        let at = at % (game.len() + 1);
        game.insert(at, if turn { (b, a) } else { (a, b) });
        agree(&game, top as usize + 1)?;
    }

    #[test]
    fn shuffled_games(seed: u64, top in 1u32..5, length in 1usize..14, order: u64) {
        let mut game = legal_game(top, length, true, seed);
        let mut next = support::random(order);
        for i in (1..game.len()).rev() {
            game.swap(i, next(i + 1));
        }
        agree(&game, top as usize + 1)?;
    }
}

proptest! {
    // Each case runs up to ten maximum flows on a network of up to 1,000 nodes.
    #![proptest_config(tiles_testkit::props::config(200))]

    /// Long games: every tile of a double-`top` set that a random game reaches, mutated.
    #[test]
    fn long_games_against_the_flow(seed: u64, top in 6u32..30, ambiguous: bool, mutation in 0u8..4, i: usize, j: usize, a: u32, b: u32) {
        let mut game = legal_game(top, usize::MAX, ambiguous, seed);
        let n = game.len();
        match mutation {
            0 => {}
            1 => game.swap(i % n, j % n),
            2 => game.insert(i % (n + 1), tile(top + 1, a, b)),
            _ => {
                let moved = game.remove(i % n);
                game.insert(j % n, moved);
            }
        }
        agree_with_flow(&game)?;
    }
}
