//! Scoring for three players (Tenhou's sanma rooms): tsumo loss, 200 a honba, Norths set
//! aside as dora, 1m and 9m indicating each other, rinshan on a North's replacement, and the
//! 108-tile set, each against the rule as the crate README states it.

use mahjong::{
    Points, Score, ScoreError, ScoringRules, Situation, Wind, Yaku, parse_full_hand, parse_pieces,
    score,
};
use proptest::prelude::*;

const SANMA: ScoringRules = ScoringRules::TENHOU_SANMA;

fn scored(hand: &str, situation: Situation) -> Result<Score, ScoreError> {
    score(&parse_full_hand(hand).expect("a hand"), &situation, &SANMA)
}

fn tiles(text: &str) -> Vec<mahjong::Piece> {
    parse_pieces(text).expect("tiles")
}

fn piece(text: &str) -> mahjong::Piece {
    text.parse().expect("a tile")
}

fn han_of(score: &Score, yaku: Yaku) -> u32 {
    score
        .yaku
        .iter()
        .find(|one| one.yaku == yaku)
        .map_or(0, |one| one.han)
}

proptest! {
    /// With three players each payer pays what it would at four, and nobody pays the absent
    /// North seat's share; a honba is 100 from each payer (200 a ron).
    #[test]
    fn payments_are_the_four_player_ones_less_the_absent_seat(
        base in 1u32..=48_000,
        dealer: bool,
        tsumo: bool,
        honba in 0u32..10,
        sticks in 0u32..5,
    ) {
        let four = Points::new(base, dealer, tsumo, honba, sticks);
        let three = Points::at_table(mahjong::Players::Three, base, dealer, tsumo, honba, sticks);
        prop_assert_eq!(three.ron, four.ron);
        prop_assert_eq!(three.dealer, four.dealer);
        prop_assert_eq!(three.non_dealer, four.non_dealer);
        // The absent seat is a non-dealer: its share at four is one non-dealer payment.
        let absent = if tsumo { four.non_dealer.expect("a tsumo has non-dealer payers") } else { 0 };
        prop_assert_eq!(three.total, four.total - absent);
        prop_assert_eq!(three.honba, 200 * honba);
        prop_assert_eq!(three.riichi_sticks, four.riichi_sticks);
        prop_assert_eq!(three.received(), three.total + three.honba + three.riichi_sticks);
    }
}

#[test]
fn a_non_dealer_mangan_tsumo_earns_six_thousand() {
    // Riichi, tsumo, 3 dora from the North set aside and two indicators showing West.
    let got = scored(
        "123p456p789s11p555z",
        Situation {
            tsumo: true,
            riichi: true,
            seat_wind: Wind::South,
            dora_indicators: tiles("3z"),
            kita: 1,
            ..Situation::ron(piece("1p"))
        },
    )
    .expect("scores");
    assert_eq!(got.points.dealer, Some(4_000));
    assert_eq!(got.points.non_dealer, Some(2_000));
    assert_eq!(got.points.total, 6_000);
}

#[test]
fn a_dealer_mangan_tsumo_earns_eight_thousand_with_honba_two_hundred_each() {
    let got = scored(
        "11p234p567p789s555z",
        Situation {
            tsumo: true,
            riichi: true,
            dora_indicators: tiles("9s"),
            kita: 2,
            honba: 3,
            ..Situation::ron(piece("1p"))
        },
    )
    .expect("scores");
    assert_eq!(got.limit, Some(mahjong::Limit::Mangan));
    assert_eq!(got.points.non_dealer, Some(4_000));
    assert_eq!(got.points.total, 8_000);
    assert_eq!(got.points.honba, 600);
    assert_eq!(got.points.received(), 8_600);
}

#[test]
fn a_ron_takes_two_hundred_a_honba() {
    let got = scored(
        "123p456p789s11p555z",
        Situation {
            seat_wind: Wind::West,
            honba: 2,
            ..Situation::ron(piece("1p"))
        },
    )
    .expect("scores");
    assert_eq!(got.points.ron, Some(1_300));
    assert_eq!(got.points.honba, 400);
}

#[test]
fn one_man_indicates_nine_man_and_nine_man_one_man() {
    let hand = "99m123p456p789s555z";
    let with = |indicator: &str| {
        scored(
            hand,
            Situation {
                seat_wind: Wind::South,
                dora_indicators: tiles(indicator),
                ..Situation::ron(piece("9m"))
            },
        )
        .expect("scores")
    };
    assert_eq!(han_of(&with("1m"), Yaku::Dora), 2);
    assert_eq!(han_of(&with("9m"), Yaku::Dora), 0);
    let ones = scored(
        "11m123p456p789s555z",
        Situation {
            seat_wind: Wind::South,
            dora_indicators: tiles("9m"),
            ..Situation::ron(piece("1m"))
        },
    )
    .expect("scores");
    assert_eq!(han_of(&ones, Yaku::Dora), 2);
    // Four players keep 1m -> 2m.
    let four = score(
        &parse_full_hand(hand).expect("a hand"),
        &Situation {
            seat_wind: Wind::South,
            dora_indicators: tiles("1m"),
            ..Situation::ron(piece("9m"))
        },
        &ScoringRules::TENHOU,
    )
    .expect("scores");
    assert_eq!(han_of(&four, Yaku::Dora), 0);
}

#[test]
fn norths_set_aside_count_once_and_again_per_west_indicator() {
    let got = scored(
        "123p456p789s11p555z",
        Situation {
            riichi: true,
            seat_wind: Wind::South,
            dora_indicators: tiles("3z,3z"),
            ura_indicators: tiles("3z"),
            kita: 2,
            ..Situation::ron(piece("1p"))
        },
    )
    .expect("scores");
    assert_eq!(han_of(&got, Yaku::Nukidora), 2);
    assert_eq!(han_of(&got, Yaku::Dora), 4);
    assert_eq!(han_of(&got, Yaku::UraDora), 2);
    // Dora alone are no yaku.
    let bare = scored(
        "123p456p789s11p555s",
        Situation {
            seat_wind: Wind::South,
            kita: 3,
            ..Situation::ron(piece("1p"))
        },
    );
    assert!(matches!(bare, Err(ScoreError::NoYaku { .. })), "{bare:?}");
}

#[test]
fn a_north_set_aside_keeps_tanyao_chiitoitsu_and_pinfu() {
    // No North in the hand: the one set aside is not part of it.
    let got = scored(
        "234p456p678s22p567s",
        Situation {
            seat_wind: Wind::South,
            kita: 1,
            ..Situation::ron(piece("5s"))
        },
    )
    .expect("scores");
    assert!(han_of(&got, Yaku::Tanyao) == 1 && han_of(&got, Yaku::Pinfu) == 1);
    let pairs = scored(
        "1199p3355s22p44s99s",
        Situation {
            seat_wind: Wind::South,
            kita: 1,
            ..Situation::ron(piece("9s"))
        },
    )
    .expect("scores");
    assert_eq!(han_of(&pairs, Yaku::Chiitoitsu), 2);
}

#[test]
fn rinshan_after_a_north_scores_pinfu_tsumo_rinshan_at_twenty_fu() {
    let got = scored(
        "234p456p789s11p567s",
        Situation {
            tsumo: true,
            rinshan: true,
            seat_wind: Wind::South,
            kita: 1,
            ..Situation::ron(piece("5s"))
        },
    )
    .expect("scores");
    assert_eq!(got.fu, 20);
    for yaku in [
        Yaku::MenzenTsumo,
        Yaku::Pinfu,
        Yaku::Rinshan,
        Yaku::Nukidora,
    ] {
        assert_eq!(han_of(&got, yaku), 1, "{yaku}");
    }
    assert_eq!(
        (got.points.dealer, got.points.non_dealer),
        (Some(2_600), Some(1_300))
    );
    // Without a kan or a North there is nothing to replace.
    let none = scored(
        "234p456p789s11p567s",
        Situation {
            tsumo: true,
            rinshan: true,
            seat_wind: Wind::South,
            ..Situation::ron(piece("5s"))
        },
    );
    assert!(
        matches!(none, Err(ScoreError::Contradiction(_))),
        "{none:?}"
    );
}

#[test]
fn the_set_has_no_two_to_eight_man() {
    let in_hand = scored("234m456p789s11p555z", Situation::ron(piece("2m")));
    assert!(
        matches!(in_hand, Err(ScoreError::NotInSet { tile }) if tile.to_string() == "2m"),
        "{in_hand:?}"
    );
    let indicator = scored(
        "123p456p789s11p555z",
        Situation {
            dora_indicators: tiles("5m"),
            ..Situation::ron(piece("1p"))
        },
    );
    assert!(
        matches!(indicator, Err(ScoreError::NotInSet { .. })),
        "{indicator:?}"
    );
}

#[test]
fn norths_set_aside_count_among_the_four_copies_and_only_for_three_players() {
    let fifth = scored(
        "123p456p789s11p444z",
        Situation {
            kita: 1,
            dora_indicators: tiles("4z"),
            ..Situation::ron(piece("1p"))
        },
    );
    assert!(
        matches!(fifth, Err(ScoreError::FifthCopy { .. })),
        "{fifth:?}"
    );
    let four_players = score(
        &parse_full_hand("123p456p789s11p555z").expect("a hand"),
        &Situation {
            kita: 1,
            ..Situation::ron(piece("1p"))
        },
        &ScoringRules::TENHOU,
    );
    assert!(
        matches!(four_players, Err(ScoreError::Contradiction(_))),
        "{four_players:?}"
    );
}

#[test]
fn the_sanma_rules_are_tenhou_s_for_three_players() {
    let mut switched = ScoringRules::TENHOU;
    switched.set("players", "3").expect("a switch");
    assert_eq!(switched, SANMA);
    assert!(switched.set("players", "5").is_err());
}
