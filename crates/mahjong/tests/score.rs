//! Scoring checked against slow, direct references: every reading found by an unordered search,
//! the fu counted from the reading's sets, the payments from the base-points formula and the
//! published table; and the hand notation read back from its display.

use mahjong::{
    FuPart, FullHand, Points, Reading, ScoredSet, ScoringRules, SetKind, Situation, Wait,
    base_points, parse_full_hand, score,
};
use mahjong::{Tile, Wind};

mod support {
    pub mod winning;
}

use support::winning::{Win, wins};

/// How many random hands each property looks at (`PROPTEST_CASES` scales it).
fn hands() -> usize {
    tiles_testkit::props::cases(250) as usize * 16
}

/// Every (pair, sets) reading of the concealed counts, found by removing any set anywhere (not
/// only from the lowest tile), each reading once (sorted).
fn readings_by_search(counts: &mut [u8; 34], sets_left: usize) -> Vec<(usize, Vec<(bool, usize)>)> {
    let mut found = Vec::new();
    for pair in 0..34 {
        if counts[pair] >= 2 {
            counts[pair] -= 2;
            let mut sets = Vec::new();
            search(counts, sets_left, &mut sets, &mut |sets| {
                let mut sorted = sets.to_vec();
                sorted.sort_unstable();
                found.push((pair, sorted));
            });
            counts[pair] += 2;
        }
    }
    found.sort();
    found.dedup();
    found
}

/// A set of a reading: whether it is a run, and its first tile's index.
type Set = (bool, usize);

fn search(counts: &mut [u8; 34], left: usize, sets: &mut Vec<Set>, each: &mut dyn FnMut(&[Set])) {
    if left == 0 {
        if counts.iter().all(|&c| c == 0) {
            each(sets);
        }
        return;
    }
    for k in 0..34 {
        if counts[k] >= 3 {
            counts[k] -= 3;
            sets.push((false, k));
            search(counts, left - 1, sets, each);
            sets.pop();
            counts[k] += 3;
        }
        if k < 27 && k % 9 <= 6 && counts[k] > 0 && counts[k + 1] > 0 && counts[k + 2] > 0 {
            (0..3).for_each(|j| counts[k + j] -= 1);
            sets.push((true, k));
            search(counts, left - 1, sets, each);
            sets.pop();
            (0..3).for_each(|j| counts[k + j] += 1);
        }
    }
}

/// The fu of a standard reading counted directly from its definition.
fn fu_by_definition(sets: &[ScoredSet], pair: Tile, wait: Wait, win: &Win, pinfu: bool) -> u32 {
    let s = &win.situation;
    let closed = sets.iter().all(|set| !set.called);
    if pinfu {
        return if s.tsumo { 20 } else { 30 };
    }
    let mut fu: u32 = 20;
    if closed && !s.tsumo {
        fu += 10;
    }
    if s.tsumo {
        fu += 2;
    }
    for set in sets.iter().filter(|set| set.kind != SetKind::Run) {
        let mut meld = 2;
        if set.first.is_terminal_or_honor() {
            meld *= 2;
        }
        if set.concealed {
            meld *= 2;
        }
        if set.kind == SetKind::Kan {
            meld *= 4;
        }
        fu += meld;
    }
    if matches!(wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
        fu += 2;
    }
    let index = pair.index();
    if index >= 31 {
        fu += 2;
    }
    let seat = pair == s.seat_wind.tile();
    let round = pair == s.round_wind.tile();
    fu += match (seat, round) {
        (true, true) if win.rules.double_wind_four_fu => 4,
        (true, true) | (true, false) | (false, true) => 2,
        _ => 0,
    };
    if fu == 20 && !closed {
        return 30;
    }
    fu.div_ceil(10) * 10
}

/// Whether the winning tile can sit in `set` (concealed) with `wait`, or in the pair for tanki.
fn wait_fits(sets: &[ScoredSet], pair: Tile, wait: Wait, win: Tile) -> bool {
    let concealed = sets.iter().filter(|set| !set.called);
    match wait {
        Wait::Tanki => pair == win,
        Wait::Shanpon => concealed
            .clone()
            .any(|set| set.kind == SetKind::Triplet && set.first == win),
        Wait::Kanchan => concealed
            .clone()
            .any(|set| set.kind == SetKind::Run && set.first.index() + 1 == win.index()),
        Wait::Penchan | Wait::Ryanmen => concealed.clone().any(|set| {
            let first = set.first.index();
            let rank = set.first.rank();
            let edge =
                (first == win.index() && rank == 7) || (first + 2 == win.index() && rank == 1);
            let end = first == win.index() || first + 2 == win.index();
            set.kind == SetKind::Run && end && (edge == (wait == Wait::Penchan))
        }),
        Wait::ThirteenSided => false,
    }
}

#[test]
fn scores_agree_with_the_direct_references() {
    let mut checked = 0;
    for win in wins(hands(), 0xA5A5_5A5A_1234_9876) {
        let Ok(scored) = score(&win.hand, &win.situation, &win.rules) else {
            continue;
        };
        checked += 1;
        // Han: the yaku listed add up to it.
        let listed: u32 = scored.yaku.iter().map(|yaku| yaku.han).sum();
        assert_eq!(listed, scored.han, "{}", win.hand);
        // Points: the base-points formula and the payment rules.
        let (base, limit) = base_points(scored.han, scored.fu, scored.yakuman, &win.rules);
        assert_eq!((base, limit), (scored.base, scored.limit));
        let s = &win.situation;
        assert_eq!(
            scored.points,
            Points::new(
                base,
                s.seat_wind == Wind::East,
                s.tsumo,
                s.honba,
                s.riichi_sticks
            )
        );
        // Fu parts add up to the fu before rounding (pinfu and yakuman aside).
        let parts: u32 = scored.fu_parts.iter().map(FuPart::fu).sum();
        if scored.yakuman == 0 && !matches!(scored.reading, Reading::SevenPairs) {
            let pinfu = scored.yaku.iter().any(|y| y.yaku == mahjong::Yaku::Pinfu);
            if !pinfu {
                assert_eq!(parts.div_ceil(10) * 10, scored.fu, "{}", win.hand);
            }
        }
        let Reading::Standard { pair, sets } = &scored.reading else {
            continue;
        };
        // The reading is one the unordered search finds, and the wait fits it.
        let mut counts = *win.hand.concealed().counts();
        let concealed_sets = sets
            .iter()
            .filter(|set| !set.called && set.kind != SetKind::Kan);
        let mut expected: Vec<(bool, usize)> = concealed_sets
            .map(|set| (set.kind == SetKind::Run, set.first.index()))
            .collect();
        expected.sort_unstable();
        let readings = readings_by_search(&mut counts, expected.len());
        assert!(
            readings.contains(&(pair.index(), expected.clone())),
            "{}: {} not among {readings:?}",
            win.hand,
            scored.reading
        );
        assert!(
            wait_fits(sets, *pair, scored.wait, s.win.tile),
            "{}",
            win.hand
        );
        if scored.yakuman == 0 {
            let pinfu = scored.yaku.iter().any(|y| y.yaku == mahjong::Yaku::Pinfu);
            assert_eq!(
                scored.fu,
                fu_by_definition(sets, *pair, scored.wait, &win, pinfu),
                "{}",
                win.hand
            );
        }
    }
    assert!(checked > hands() / 2, "only {checked} hands scored");
}

#[test]
fn the_payment_table() {
    // (han, fu, non-dealer ron, dealer ron, non-dealer tsumo "non-dealer/dealer", dealer tsumo all)
    let table = [
        (1, 30, 1000, 1500, (300, 500), 500),
        (1, 40, 1300, 2000, (400, 700), 700),
        (1, 50, 1600, 2400, (400, 800), 800),
        (1, 110, 3600, 5300, (900, 1800), 1800),
        (2, 20, 1300, 2000, (400, 700), 700),
        (2, 25, 1600, 2400, (400, 800), 800),
        (2, 30, 2000, 2900, (500, 1000), 1000),
        (3, 30, 3900, 5800, (1000, 2000), 2000),
        (3, 60, 7700, 11600, (2000, 3900), 3900),
        (3, 70, 8000, 12000, (2000, 4000), 4000),
        (4, 30, 7700, 11600, (2000, 3900), 3900),
        (4, 40, 8000, 12000, (2000, 4000), 4000),
        (6, 30, 12000, 18000, (3000, 6000), 6000),
        (8, 30, 16000, 24000, (4000, 8000), 8000),
        (11, 30, 24000, 36000, (6000, 12000), 12000),
        (13, 30, 32000, 48000, (8000, 16000), 16000),
    ];
    let rules = ScoringRules::TENHOU;
    for (han, fu, ron, dealer_ron, (others, dealer), all) in table {
        let (base, _) = base_points(han, fu, 0, &rules);
        assert_eq!(
            Points::new(base, false, false, 0, 0).ron,
            Some(ron),
            "{han} han {fu} fu"
        );
        assert_eq!(
            Points::new(base, true, false, 0, 0).ron,
            Some(dealer_ron),
            "{han} han {fu} fu"
        );
        let tsumo = Points::new(base, false, true, 0, 0);
        assert_eq!(
            (tsumo.non_dealer, tsumo.dealer),
            (Some(others), Some(dealer))
        );
        assert_eq!(Points::new(base, true, true, 0, 0).non_dealer, Some(all));
    }
    // Kiriage: 4 han 30 fu and 3 han 60 fu are mangan; counted yakuman off: sanbaiman.
    let kiriage = ScoringRules {
        kiriage: true,
        ..rules
    };
    assert_eq!(base_points(4, 30, 0, &kiriage).0, 2000);
    assert_eq!(base_points(3, 60, 0, &kiriage).0, 2000);
    let capped = ScoringRules {
        counted_yakuman: false,
        ..rules
    };
    assert_eq!(base_points(15, 30, 0, &capped).0, 6000);
    assert_eq!(base_points(15, 30, 0, &rules).0, 8000);
}

#[test]
fn hands_print_as_they_read() {
    for win in wins(hands() / 4, 0x0123_4567_89AB_CDEF) {
        let text = win.hand.to_string();
        let again: FullHand = parse_full_hand(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(again, win.hand, "{text}");
    }
}

#[test]
fn a_situation_builds_from_the_defaults() {
    let hand = parse_full_hand("234567m234678p55s").unwrap();
    let win: mahjong::Piece = "8p".parse().unwrap();
    let ron = score(&hand, &Situation::ron(win), &ScoringRules::default()).unwrap();
    // Dealer, East round: tanyao pinfu 2 han 30 fu, 2900.
    assert_eq!((ron.han, ron.fu, ron.points.total), (2, 30, 2900));
}
