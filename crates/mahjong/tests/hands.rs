//! Exhaustive one-suit counts, slow references for every algorithm, the shanten distribution
//! of random hands, and notation round trips.

use std::collections::BTreeMap;

use mahjong::{
    Hand, Suit, Tile, decompositions, effective_tiles, is_complete, is_standard_complete,
    parse_hand, readings, shanten, shanten_overall, waits,
};
use proptest::prelude::*;
use support::deal::{deal, full_set, one_suit};

mod support {
    pub mod deal;
}

use tiles_testkit::props::cases;

/// Every one-suit count vector (ranks 1..9, at most 4 of each) with `size` tiles, as m tiles.
fn one_suit_hands(size: usize) -> Vec<Hand> {
    let mut hands = Vec::new();
    let mut counts = [0u8; 34];
    fn fill(rank: usize, left: usize, counts: &mut [u8; 34], hands: &mut Vec<Hand>) {
        if rank == 9 {
            if left == 0 {
                hands.push(Hand::from_counts(*counts).unwrap());
            }
            return;
        }
        for count in 0..=left.min(4) {
            counts[rank] = count as u8;
            fill(rank + 1, left - count, counts, hands);
        }
        counts[rank] = 0;
    }
    fill(0, size, &mut counts, &mut hands);
    hands
}

/// Complete by the definition: some tile kind is the pair, and the rest splits into melds,
/// trying every meld that can hold the lowest tile left.
fn complete_by_search(counts: &mut [u8; 34], pair_taken: bool) -> bool {
    let Some(low) = counts.iter().position(|&c| c > 0) else {
        return pair_taken;
    };
    let mut found = false;
    if !pair_taken && counts[low] >= 2 {
        counts[low] -= 2;
        found |= complete_by_search(counts, true);
        counts[low] += 2;
    }
    if !found && counts[low] >= 3 {
        counts[low] -= 3;
        found |= complete_by_search(counts, pair_taken);
        counts[low] += 3;
    }
    let tile = Tile::from_index(low).unwrap();
    if !found
        && tile.suit() != Suit::Honor
        && tile.rank() <= 7
        && counts[low + 1] > 0
        && counts[low + 2] > 0
    {
        counts[low..low + 3].iter_mut().for_each(|c| *c -= 1);
        found |= complete_by_search(counts, pair_taken);
        counts[low..low + 3].iter_mut().for_each(|c| *c += 1);
    }
    found
}

/// Complete in any form, by the definitions alone.
fn complete_reference(hand: &Hand) -> bool {
    let counts = hand.counts();
    let seven_pairs = hand.len() == 14 && counts.iter().filter(|&&c| c == 2).count() == 7;
    let orphans: Vec<Tile> = Tile::all().filter(|t| t.is_terminal_or_honor()).collect();
    let thirteen_orphans = hand.len() == 14
        && orphans.iter().all(|&t| hand.count(t) >= 1)
        && hand.tiles().all(|t| t.is_terminal_or_honor());
    let standard = hand.len() % 3 == 2 && complete_by_search(&mut counts.clone(), false);
    standard || seven_pairs || thirteen_orphans
}

/// Waits by the definition: every kind held fewer than four times that completes the hand.
fn waits_reference(hand: &Hand) -> Vec<Tile> {
    Tile::all()
        .filter(|&tile| {
            hand.with(tile)
                .is_some_and(|full| complete_reference(&full))
        })
        .collect()
}

#[test]
fn one_suit_fourteen_tile_counts() {
    let hands = one_suit_hands(14);
    assert_eq!(hands.len(), 118_800);
    let mut histogram = BTreeMap::new();
    let mut any_form = 0;
    for hand in &hands {
        let readings = decompositions(hand);
        // The residue-of-three fast path, the reading enumeration and the shanten tables agree.
        assert_eq!(is_standard_complete(hand), !readings.is_empty(), "{hand}");
        assert_eq!(
            shanten(hand).unwrap().standard == -1,
            !readings.is_empty(),
            "{hand}"
        );
        *histogram.entry(readings.len()).or_insert(0) += 1;
        any_form += usize::from(is_complete(hand));
    }
    assert_eq!(
        histogram,
        BTreeMap::from([(0, 105_541), (1, 11_984), (2, 1_087), (3, 172), (4, 16)])
    );
    assert_eq!(hands.len() - histogram[&0], 13_259);
    assert_eq!(any_form, 13_277);
}

#[test]
fn one_suit_thirteen_tile_waits() {
    let hands = one_suit_hands(13);
    assert_eq!(hands.len(), 93_600);
    let mut waiting = 0;
    let mut nine_sided = Vec::new();
    for hand in &hands {
        let waits = waits(hand).unwrap();
        // Strict shanten: ready exactly when the hand has a wait.
        assert_eq!(
            shanten_overall(hand).unwrap() == 0,
            !waits.is_empty(),
            "{hand}"
        );
        waiting += usize::from(!waits.is_empty());
        if waits.len() == 9 {
            nine_sided.push(hand.to_string());
        }
    }
    assert_eq!(waiting, 40_196);
    assert_eq!(nine_sided, ["1112345678999m"]);
}

#[test]
fn decompositions_are_distinct_and_each_is_the_hand() {
    let hand = parse_hand("11122233344455m").unwrap();
    let readings = decompositions(&hand);
    assert_eq!(readings.len(), 4);
    for (i, reading) in readings.iter().enumerate() {
        assert!(!readings[..i].contains(reading));
        let mut tiles = vec![reading.pair, reading.pair];
        for meld in &reading.melds {
            let first = meld.first();
            let step = usize::from(matches!(meld, mahjong::Meld::Chow(_)));
            tiles.extend((0..3).map(|k| Tile::from_index(first.index() + k * step).unwrap()));
        }
        assert_eq!(Hand::from_tiles(tiles).unwrap(), hand);
    }
    let both = readings_of("11223344556677m");
    assert_eq!((both.standard.len(), both.seven_pairs), (3, true));
}

fn readings_of(text: &str) -> mahjong::Readings {
    readings(&parse_hand(text).unwrap())
}

#[test]
fn strict_shanten_traps() {
    for (text, expected) in [
        ("123456789m1111p", 1),
        ("123456789m1111z", 1),
        ("11112222333444z", 1),
        ("1112345678999m", 0),
        ("19m19p19s1234567z", 0),
    ] {
        assert_eq!(
            shanten_overall(&parse_hand(text).unwrap()),
            Ok(expected),
            "{text}"
        );
    }
    assert_eq!(
        waits(&parse_hand("19m19p19s1234567z").unwrap())
            .unwrap()
            .len(),
        13
    );
}

/// The fewest tiles `hand` lacks to be `melds` melds and a pair, by trying every target:
/// every multiset of melds (chows and pungs over all 34 kinds) and every pair, with at most
/// four copies of each kind.
fn lack_by_targets(hand: &Hand, melds: usize) -> u32 {
    let mut shapes: Vec<Vec<usize>> = Vec::new();
    for tile in Tile::all() {
        shapes.push(vec![tile.index(); 3]);
        if tile.suit() != Suit::Honor && tile.rank() <= 7 {
            shapes.push((tile.index()..tile.index() + 3).collect());
        }
    }
    fn search(
        shapes: &[Vec<usize>],
        from: usize,
        left: usize,
        target: &mut [u8; 34],
        hand: &Hand,
        best: &mut u32,
    ) {
        if left == 0 {
            for pair in 0..34 {
                if target[pair] + 2 > 4 {
                    continue;
                }
                target[pair] += 2;
                let lack: u32 = (0..34)
                    .map(|k| u32::from(target[k].saturating_sub(hand.counts()[k])))
                    .sum();
                *best = (*best).min(lack);
                target[pair] -= 2;
            }
            return;
        }
        for (index, shape) in shapes.iter().enumerate().skip(from) {
            if shape.iter().all(|&k| target[k] < 4)
                && shape.iter().filter(|&&k| k == shape[0]).count() as u8 + target[shape[0]] <= 4
            {
                shape.iter().for_each(|&k| target[k] += 1);
                search(shapes, index, left - 1, target, hand, best);
                shape.iter().for_each(|&k| target[k] -= 1);
            }
        }
    }
    let mut best = u32::MAX;
    search(&shapes, 0, melds, &mut [0; 34], hand, &mut best);
    best
}

/// A hand of `size` tiles drawn from `pool` (kind indices, each listed once per copy).
fn hand_strategy(pool: Vec<usize>, sizes: Vec<usize>) -> impl Strategy<Value = Hand> {
    (Just(pool), proptest::sample::select(sizes), any::<u64>()).prop_map(
        |(mut pool, size, seed)| deal(&mut pool, size, &mut tiles_testkit::Random::new(seed)),
    )
}

/// Every tile of the set, or the tiles of one suit, or a few neighbouring kinds (dense hands).
fn pools() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![
        Just(full_set()),
        (0..4usize).prop_map(one_suit),
        (0..34usize).prop_map(|start| (start.min(27)..start.min(27) + 7)
            .flat_map(|k| [k; 4])
            .collect()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    /// On hands of up to eight tiles, the table shanten equals the lack found by trying every
    /// target, minus one.
    #[test]
    fn standard_shanten_matches_every_target(hand in pools().prop_flat_map(|pool| hand_strategy(pool, vec![1, 2, 4, 5, 7, 8]))) {
        let melds = hand.len() / 3;
        prop_assert_eq!(
            i64::from(shanten(&hand).unwrap().standard),
            i64::from(lack_by_targets(&hand, melds)) - 1,
            "{}", hand
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    /// Completeness and waits match the definitions; the strict shanten is -1 exactly when
    /// complete and, for 3k+1 tiles, 0 exactly when waiting; the per-form shanten follow the
    /// Rules section's formulas; effective tiles lower the shanten and nothing else does.
    #[test]
    fn fast_paths_match_the_definitions(hand in pools().prop_flat_map(|pool| hand_strategy(pool, vec![1, 2, 4, 5, 7, 8, 10, 11, 13, 14]))) {
        let overall = shanten_overall(&hand).unwrap();
        let forms = shanten(&hand).unwrap();
        prop_assert_eq!(forms.overall(), overall);
        if hand.len() % 3 == 2 {
            prop_assert_eq!(is_complete(&hand), complete_reference(&hand), "{}", hand);
            prop_assert_eq!(overall == -1, complete_reference(&hand), "{}", hand);
            let effective: Vec<Tile> = effective_tiles(&hand).unwrap().iter().map(|e| e.tile).collect();
            let exchanged: Vec<Tile> = Tile::all()
                .filter(|&drawn| {
                    hand.tiles().any(|discarded| {
                        hand.without(discarded)
                            .and_then(|rest| rest.with(drawn))
                            .is_some_and(|h| shanten_overall(&h).unwrap() < overall)
                    })
                })
                .collect();
            prop_assert_eq!(effective, exchanged, "{}", hand);
        } else {
            let waits = waits(&hand).unwrap();
            prop_assert_eq!(&waits, &waits_reference(&hand), "{}", hand);
            prop_assert_eq!(overall == 0, !waits.is_empty(), "{}", hand);
            let effective: Vec<Tile> = effective_tiles(&hand).unwrap().iter().map(|e| e.tile).collect();
            let lowering: Vec<Tile> = Tile::all()
                .filter(|&t| hand.with(t).is_some_and(|h| shanten_overall(&h).unwrap() < overall))
                .collect();
            prop_assert_eq!(effective, lowering);
        }
        if hand.len() >= 13 {
            let counts = hand.counts();
            let pairs = counts.iter().filter(|&&c| c >= 2).count() as i8;
            let kinds = counts.iter().filter(|&&c| c >= 1).count() as i8;
            prop_assert_eq!(forms.seven_pairs, Some(6 - pairs + (7 - kinds).max(0)));
        }
    }

    /// The shanten agrees with the `xiangting` crate (replacement number minus one).
    #[test]
    fn shanten_matches_xiangting(hand in pools().prop_flat_map(|pool| hand_strategy(pool, vec![1, 2, 4, 5, 7, 8, 10, 11, 13, 14]))) {
        let theirs = xiangting::calculate_replacement_number(hand.counts(), xiangting::PlayerCount::Four).unwrap();
        prop_assert_eq!(i16::from(shanten_overall(&hand).unwrap()), i16::from(theirs) - 1, "{}", hand);
    }

    /// Display writes the canonical form, and reading it back gives the same hand (the empty
    /// hand displays as nothing, which is not a hand to read).
    #[test]
    fn notation_round_trips(hand in pools().prop_flat_map(|pool| hand_strategy(pool, (1..=14).collect()))) {
        let text = hand.to_string();
        prop_assert_eq!(parse_hand(&text).unwrap(), hand);
        let letters: Vec<char> = text.chars().filter(|c| c.is_ascii_alphabetic()).collect();
        let mut sorted = letters.clone();
        sorted.sort_by_key(|&c| "mpsz".find(c));
        sorted.dedup();
        prop_assert_eq!(letters, sorted);
    }

    /// Any text either reads as a hand or gives an error; it never panics.
    #[test]
    fn any_text_reads_or_errs(text in "[0-9mpsz #x]{0,30}", any in "\\PC{0,40}") {
        for text in [text, any] {
            if let Ok(hand) = parse_hand(&text) {
                prop_assert!(hand.len() <= 14);
            }
        }
    }

    /// The residue-of-three check on any suit of at most four of each rank, even past 14 tiles,
    /// agrees with its step-by-step trace.
    #[test]
    fn seed_fast_path_matches_its_trace(counts in proptest::array::uniform9(0u8..=4)) {
        let total: u8 = counts.iter().sum();
        if total % 3 == 2 {
            prop_assert_eq!(mahjong::suit_complete(&counts, true), mahjong::residue_trace(&counts).is_complete());
        }
    }
}

/// The shanten distribution of random 14-tile hands from the full set, against published
/// figures: a statistical test with a fixed seed, so it replays.
#[test]
fn random_hand_shanten_distribution() {
    const HANDS: usize = 200_000;
    let mut random = tiles_testkit::Random::new(1);
    let mut histogram = [0usize; 8];
    let mut wall = full_set();
    for _ in 0..HANDS {
        let shanten = shanten_overall(&deal(&mut wall, 14, &mut random)).unwrap();
        histogram[(shanten + 1) as usize] += 1;
    }
    let share = |shanten: i8| histogram[(shanten + 1) as usize] as f64 / HANDS as f64 * 100.0;
    // The published percentages; the tolerance is about four standard errors at 200,000 hands.
    for (shanten, percent, tolerance) in [
        (0, 0.07, 0.03),
        (1, 2.33, 0.15),
        (2, 19.5, 0.4),
        (3, 43.9, 0.5),
        (4, 28.5, 0.45),
        (5, 5.5, 0.25),
        (6, 0.16, 0.05),
    ] {
        assert!(
            (share(shanten) - percent).abs() <= tolerance,
            "shanten {shanten}: {:.3}% against {percent}%",
            share(shanten)
        );
    }
    let mean: f64 = (0..8)
        .map(|i| (i as f64 - 1.0) * histogram[i] as f64)
        .sum::<f64>()
        / HANDS as f64;
    assert!((mean - 3.156).abs() < 0.01, "mean {mean}");
}
