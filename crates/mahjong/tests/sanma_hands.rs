//! Hand analysis for three players: on hands of the 108-tile set (no 2m-8m), the waits, the
//! effective tiles and each discard's draws are those of the definitions with only the set's
//! kinds drawable, the shanten is the four-player one, and a hand holding 2m-8m is refused.

use mahjong::{Hand, NotInSet, Tile, analyze, parse_hand, shanten_overall};
use proptest::prelude::*;
use tiles_testkit::props::cases;

/// The kinds of the three-player set.
fn in_set(tile: Tile) -> bool {
    !(1..8).contains(&tile.index())
}

/// A hand of `size` tiles drawn from the 108 (four copies of each kind of the set).
fn sanma_hand() -> impl Strategy<Value = Hand> {
    let sizes = vec![1usize, 2, 4, 5, 7, 8, 10, 11, 13, 14];
    (proptest::sample::select(sizes), any::<u64>()).prop_map(|(size, seed)| {
        let mut pool: Vec<usize> = Tile::all()
            .filter(|&tile| in_set(tile))
            .flat_map(|tile| [tile.index(); 4])
            .collect();
        let mut random = tiles_testkit::Random::new(seed);
        let mut counts = [0u8; 34];
        for _ in 0..size {
            let at = random.below(pool.len());
            counts[pool.swap_remove(at)] += 1;
        }
        Hand::from_counts(counts).expect("a hand")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    #[test]
    fn three_player_advice_draws_only_the_sets_tiles(hand in sanma_hand()) {
        let four = analyze(&hand).expect("an analysis");
        let three = four.clone().for_players(mahjong::Players::Three).expect("a three-player hand");
        prop_assert_eq!(three.shanten, four.shanten);
        let overall = shanten_overall(&hand).expect("a shanten");
        let drawable = || Tile::all().filter(|&tile| in_set(tile) && hand.count(tile) < 4);
        if hand.len() % 3 == 1 {
            // Waits: the set's kinds that complete the hand; effective: those that lower it.
            let waits: Vec<Tile> = drawable()
                .filter(|&tile| hand.with(tile).is_some_and(|h| shanten_overall(&h) == Ok(-1)))
                .collect();
            prop_assert_eq!(three.waits.clone().unwrap_or_default(), waits, "{}", hand);
            let lowering: Vec<Tile> = drawable()
                .filter(|&tile| hand.with(tile).is_some_and(|h| shanten_overall(&h).expect("a shanten") < overall))
                .collect();
            let effective: Vec<Tile> = three.effective().iter().map(|e| e.tile).collect();
            prop_assert_eq!(effective, lowering, "{}", hand);
        } else if overall >= 0 {
            let discards = three.discards();
            for discard in &discards {
                let rest = hand.without(discard.tile).expect("held");
                let after = shanten_overall(&rest).expect("a shanten");
                prop_assert_eq!(discard.shanten, after);
                let lowering: Vec<Tile> = Tile::all()
                    .filter(|&tile| in_set(tile) && rest.count(tile) < 4)
                    .filter(|&tile| rest.with(tile).is_some_and(|h| shanten_overall(&h).expect("a shanten") < after))
                    .collect();
                let drawn: Vec<Tile> = discard.effective.iter().map(|e| e.tile).collect();
                prop_assert_eq!(drawn, lowering, "{} without {}", hand, discard.tile);
            }
            // Best first: lowest shanten, then most unseen draws, then tile order.
            let keys: Vec<_> = discards
                .iter()
                .map(|d| (d.shanten, std::cmp::Reverse(d.unseen()), d.tile))
                .collect();
            let mut sorted = keys.clone();
            sorted.sort();
            prop_assert_eq!(keys, sorted);
        }
    }
}

#[test]
fn an_isolated_one_man_waits_for_no_two_or_three_man() {
    let hand = parse_hand("19m234567p22678s").expect("a hand");
    let four: Vec<String> = analyze(&hand)
        .expect("an analysis")
        .effective()
        .iter()
        .map(|e| e.tile.to_string())
        .collect();
    assert!(four.contains(&"2m".to_owned()));
    let three: Vec<String> = analyze(&hand)
        .expect("an analysis")
        .for_players(mahjong::Players::Three)
        .expect("in the set")
        .effective()
        .iter()
        .map(|e| e.tile.to_string())
        .collect();
    assert_eq!(three, ["1m", "9m", "2s"]);
}

#[test]
fn a_hand_holding_two_to_eight_man_is_not_a_three_player_hand() {
    let hand = parse_hand("159m234567p22678s").expect("a hand");
    let refused = analyze(&hand)
        .expect("an analysis")
        .for_players(mahjong::Players::Three);
    assert_eq!(refused, Err(NotInSet("5m".parse().expect("a tile"))));
}
