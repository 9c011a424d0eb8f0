//! The flow checker against a slow, obviously-correct reference: play the tiles one by one,
//! keeping every reachable multiset of open ends.

use std::collections::HashSet;

use fiveup::{Domino, Verdict, check};
use proptest::prelude::*;

/// Open ends: a count per number 0..=N.
type Ends = Vec<u8>;

/// The reference verdict: tile by tile, every multiset of open ends some legal history
/// reaches; the first tile that repeats an earlier one or leaves no multiset is the answer.
fn reference(tiles: &[(u8, u8)], numbers: usize) -> Result<(), (bool, usize, usize)> {
    let mut states: HashSet<Ends> = HashSet::new();
    let mut seen: Vec<(u8, u8)> = Vec::new();
    for (at, &(a, b)) in tiles.iter().enumerate() {
        let key = (a.min(b), a.max(b));
        if let Some(first) = seen.iter().position(|&k| k == key) {
            return Err((true, first, at));
        }
        seen.push(key);
        let (a, b) = (usize::from(a), usize::from(b));
        if at == 0 {
            let mut ends = vec![0u8; numbers];
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

/// Checks a witness layout: every tile after the first hangs on an earlier tile's open end of
/// the number it names, which the tile has too; a non-double offers each of its two ends
/// once (one of them covered if it was attached), a double four (three if attached).
fn layout_is_valid(tiles: &[(u8, u8)], verdict: &Verdict) -> bool {
    let Verdict::Legal(layout) = verdict else {
        return false;
    };
    // Per tile: the numbers of its ends still free.
    let mut free: Vec<Vec<u8>> = Vec::new();
    for (at, (&(a, b), attachment)) in tiles.iter().zip(layout.attachments()).enumerate() {
        let mut ends = if a == b { vec![a; 4] } else { vec![a, b] };
        match attachment {
            None if at == 0 => {}
            Some(attachment) if attachment.parent < at => {
                let number = attachment.number.to_u64().unwrap() as u8;
                let Some(slot) = free[attachment.parent].iter().position(|&n| n == number) else {
                    return false;
                };
                free[attachment.parent].remove(slot);
                let Some(own) = ends.iter().position(|&n| n == number) else {
                    return false;
                };
                ends.remove(own);
            }
            _ => return false,
        }
        free.push(ends);
    }
    true
}

fn dominoes(tiles: &[(u8, u8)]) -> Vec<Domino> {
    tiles
        .iter()
        .map(|&(a, b)| Domino::new(u64::from(a), u64::from(b)))
        .collect()
}

/// A random legal game from a double-`top` set: each tile hangs on a random open end.
fn random_game(seed: u64, top: u8, length: usize) -> Vec<(u8, u8)> {
    let mut state = seed | 1;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut unused: Vec<(u8, u8)> = (0..=top)
        .flat_map(|a| (a..=top).map(move |b| (a, b)))
        .collect();
    let mut open: Vec<u8> = Vec::new();
    let mut game = Vec::new();
    while game.len() < length && !unused.is_empty() {
        if game.is_empty() {
            let (a, b) = unused.swap_remove(next(unused.len()));
            open.extend(if a == b { vec![a; 4] } else { vec![a, b] });
            game.push(if next(2) == 0 { (a, b) } else { (b, a) });
            continue;
        }
        let playable: Vec<usize> = (0..unused.len())
            .filter(|&i| open.contains(&unused[i].0) || open.contains(&unused[i].1))
            .collect();
        if playable.is_empty() {
            break;
        }
        let (a, b) = unused.swap_remove(playable[next(playable.len())]);
        let choices: Vec<u8> = [a, b].into_iter().filter(|n| open.contains(n)).collect();
        let cover = choices[next(choices.len())];
        open.remove(open.iter().position(|&n| n == cover).unwrap());
        if a == b {
            open.extend([a; 3]);
        } else {
            open.push(if cover == a { b } else { a });
        }
        game.push(if next(2) == 0 { (a, b) } else { (b, a) });
    }
    game
}

fn agree(tiles: &[(u8, u8)], numbers: usize) -> Result<(), TestCaseError> {
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2000)
    ))]

    #[test]
    fn random_legal_games(seed in any::<u64>(), top in 1u8..7, length in 1usize..20) {
        let game = random_game(seed, top, length);
        prop_assert!(reference(&game, usize::from(top) + 1).is_ok());
        agree(&game, usize::from(top) + 1)?;
    }

    #[test]
    fn swapped_tiles(seed in any::<u64>(), top in 1u8..7, length in 2usize..20, i in any::<usize>(), j in any::<usize>()) {
        let mut game = random_game(seed, top, length);
        let n = game.len();
        game.swap(i % n, j % n);
        agree(&game, usize::from(top) + 1)?;
    }

    #[test]
    fn an_extra_tile(seed in any::<u64>(), top in 1u8..7, length in 1usize..20, at in any::<usize>(), a in 0u8..7, b in 0u8..7) {
        let mut game = random_game(seed, top, length);
        let at = at % (game.len() + 1);
        game.insert(at, (a.min(top), b.min(top)));
        agree(&game, usize::from(top) + 1)?;
    }

    #[test]
    fn a_repeated_tile(seed in any::<u64>(), top in 1u8..7, length in 1usize..20, from in any::<usize>(), at in any::<usize>(), turn: bool) {
        let mut game = random_game(seed, top, length);
        let (a, b) = game[from % game.len()];
        let at = at % (game.len() + 1);
        game.insert(at, if turn { (b, a) } else { (a, b) });
        agree(&game, usize::from(top) + 1)?;
    }

    #[test]
    fn shuffled_games(seed in any::<u64>(), top in 1u8..5, length in 1usize..14, order in any::<u64>()) {
        let mut game = random_game(seed, top, length);
        let mut state = order | 1;
        for i in (1..game.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            game.swap(i, (state % (i as u64 + 1)) as usize);
        }
        agree(&game, usize::from(top) + 1)?;
    }
}
