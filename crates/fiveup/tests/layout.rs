//! The tree rendering of layouts and the scoring of them, against plain recomputations.

mod support;

use fiveup::{Layout, Score, Scoring, Side, Units, Verdict, check, parse_game};
use proptest::prelude::*;
use support::{dominoes, legal_game};

fn layout_of(tiles: &[(u32, u32)]) -> Layout {
    match check(&dominoes(tiles)) {
        Verdict::Legal(layout) => layout,
        other => panic!("{tiles:?} is legal, not {other:?}"),
    }
}

/// The tree's lines, stripped of the drawing: per line, the 1-based position it names.
fn positions(tree: &str) -> Vec<usize> {
    tree.lines()
        .map(|line| {
            let at = line.find('#').expect("every line names its tile");
            line[at + 1..]
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|n| n.parse().ok())
                .expect("a position after #")
        })
        .collect()
}

/// The count after each play, recomputed from scratch over the tiles played so far: each
/// non-double's free ends, each double's both halves while one of its long sides is free.
fn counts(tiles: &[(u32, u32)], layout: &Layout) -> Vec<u128> {
    (0..tiles.len())
        .map(|last| {
            let mut count = 0u128;
            for (at, &(a, b)) in tiles[..=last].iter().enumerate() {
                let covered: Vec<(u32, Side)> = layout.attachments()[..=last]
                    .iter()
                    .flatten()
                    .filter(|attachment| attachment.parent == at)
                    .map(|attachment| (attachment.number.to_u64().unwrap() as u32, attachment.side))
                    .collect();
                let own = layout.attachments()[at].as_ref();
                if a == b {
                    let long = if own.is_none() { 2 } else { 1 };
                    let taken = covered.iter().filter(|c| c.1 == Side::Long).count();
                    if taken < long {
                        count += 2 * u128::from(a);
                    }
                } else {
                    let mut ends = vec![a, b];
                    for number in own
                        .iter()
                        .map(|o| o.number.to_u64().unwrap() as u32)
                        .chain(covered.iter().map(|c| c.0))
                    {
                        let slot = ends.iter().position(|&n| n == number).unwrap();
                        ends.remove(slot);
                    }
                    count += ends.iter().map(|&n| u128::from(n)).sum::<u128>();
                }
            }
            count
        })
        .collect()
}

#[test]
fn a_spinner_branches_and_an_arm_stays_in_its_column() {
    let layout = layout_of(&[(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (3, 6), (1, 6)]);
    assert_eq!(
        layout.to_string(),
        "1-1 #1\n\
         ├── 1-2 #2 (long side)\n\
         ├── 1-3 #3 (long side)\n\
         │   3-6 #6\n\
         │   6-1 #7\n\
         ├── 1-4 #4 (short end)\n\
         └── 1-5 #5 (short end)\n"
    );
}

#[test]
fn deep_nesting_stays_linear() {
    // 0-0 0-1 1-1 1-2 2-2 ...: each double branches (its long side and a short end), each
    // nested in the one before.
    let mut text = String::from("0-0");
    for n in 1..400u32 {
        text.push_str(&format!(" {}-{n} {n}-{n} {n}-{}", n - 1, 1000 + n));
    }
    let tiles = parse_game(&text).unwrap();
    let Verdict::Legal(layout) = check(&tiles) else {
        panic!("legal")
    };
    let tree = layout.to_string();
    assert_eq!(tree.lines().count(), tiles.len());
    assert!(
        tree.lines().all(|line| line.chars().count() < 200),
        "{tree}"
    );
    let mut seen = positions(&tree);
    seen.sort_unstable();
    assert_eq!(seen, (1..=tiles.len()).collect::<Vec<_>>());
}

#[test]
fn scoring_needs_a_player_and_countable_numbers() {
    let tiles = parse_game("123456789012345678901234567890-1 1-1").unwrap();
    let Verdict::Legal(layout) = check(&tiles) else {
        panic!("legal")
    };
    assert_eq!(
        layout.score(&Scoring::default()).unwrap_err().to_string(),
        "123456789012345678901234567890 (tile 1) is too large to count pips: at most 18446744073709551615 is scored"
    );
    let small = layout_of(&[(5, 5)]);
    let none = Scoring {
        players: 0,
        ..Scoring::default()
    };
    assert!(small.score(&none).is_err());
}

proptest! {
    #![proptest_config(tiles_testkit::props::config(1000))]

    /// Every tile is drawn once, below the tile it hangs on.
    #[test]
    fn the_tree_draws_every_tile_once_after_its_parent(seed: u64, top in 0u32..10, length in 1usize..60, ambiguous: bool) {
        let tiles = legal_game(top, length, ambiguous, seed);
        let layout = layout_of(&tiles);
        let order = positions(&layout.to_string());
        prop_assert_eq!(order.len(), tiles.len());
        let mut line_of = vec![usize::MAX; tiles.len()];
        for (line, &position) in order.iter().enumerate() {
            prop_assert_eq!(line_of[position - 1], usize::MAX, "tile {} drawn twice", position);
            line_of[position - 1] = line;
        }
        for (at, attachment) in layout.attachments().iter().enumerate() {
            if let Some(attachment) = attachment {
                prop_assert!(line_of[attachment.parent] < line_of[at]);
            }
        }
    }

    /// The running count agrees with a recomputation from scratch, and the points, totals and
    /// winner follow from it.
    #[test]
    fn scores_agree_with_a_recount(seed: u64, top in 0u32..10, length in 1usize..40, ambiguous: bool, players in 1usize..5, target in 0u64..30, pips: bool) {
        let tiles = legal_game(top, length, ambiguous, seed);
        let layout = layout_of(&tiles);
        let units = if pips { Units::Pips } else { Units::Fives };
        let scoring = Scoring { target, units, players };
        let Score { plays, totals, winner, .. } = layout.score(&scoring).unwrap();
        let expected = counts(&tiles, &layout);
        let mut running = vec![0u128; players];
        let mut first_winner = None;
        for (at, play) in plays.iter().enumerate() {
            prop_assert_eq!(play.count, expected[at], "play {}", at + 1);
            let points = match (play.count % 5, units) {
                (0, Units::Fives) => play.count / 5,
                (0, Units::Pips) => play.count,
                _ => 0,
            };
            prop_assert_eq!(play.points, points);
            prop_assert_eq!(play.player, at % players);
            running[at % players] += points;
            prop_assert_eq!(play.total, running[at % players]);
            if first_winner.is_none() && running[at % players] >= u128::from(target) {
                first_winner = Some((at % players, at));
            }
        }
        prop_assert_eq!(totals, running);
        prop_assert_eq!(winner, first_winner);
    }
}
