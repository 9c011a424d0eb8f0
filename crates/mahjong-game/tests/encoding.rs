//! The action ids and observation planes for learning agents: every legal action of many
//! seeded games maps to exactly one id and back, and the planes say what the seat sees.

use mahjong_game::encoding::{
    ACTIONS, ACTIONS_THREE, CHANNELS, COLUMNS, OBSERVATION_SIZE, action_id, action_name, action_of,
    encode, mask, piece_of_number, tile_number,
};
use mahjong_game::{Action, EfficiencyBot, Game, GameRules, Length, RandomBot};
use tiles_core::Bot;

/// Plays seeded East games of random and efficiency bots, calling `check` at every decision
/// of every seat that must decide.
fn every_decision(games: u64, mut check: impl FnMut(&Game, usize)) {
    for seed in 0..games {
        let rules = GameRules {
            length: Length::East,
            ..GameRules::default()
        };
        let mut game = Game::new(rules, seed);
        let random = RandomBot { seed };
        while let Some(seat) = game.to_move() {
            for deciding in game.deciding() {
                check(&game, deciding);
            }
            let view = game.view(seat);
            let action = if seed % 2 == 0 {
                random.choose(&view)
            } else {
                EfficiencyBot.choose(&view)
            };
            game.act(seat, action).unwrap();
        }
    }
}

#[test]
fn every_legal_action_has_one_id_and_back() {
    let mut kinds = std::collections::BTreeSet::new();
    let mut decisions = 0;
    every_decision(40, |game, seat| {
        let legal = game.legal_actions(seat);
        let mut ids: Vec<usize> = legal.iter().map(|action| action_id(game, action)).collect();
        for (action, &id) in legal.iter().zip(&ids) {
            assert!(id < ACTIONS, "{action}: {id}");
            assert_eq!(action_of(game, seat, id), Some(*action), "{action}: {id}");
            kinds.insert(action.name());
        }
        let mut out = vec![9u8; ACTIONS];
        mask(game, seat, &mut out);
        let masked: Vec<usize> = (0..ACTIONS).filter(|&id| out[id] == 1).collect();
        assert!(out.iter().all(|&bit| bit <= 1));
        ids.sort_unstable();
        let count = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), count, "two legal actions share an id: {legal:?}");
        assert_eq!(masked, ids);
        decisions += 1;
    });
    assert!(decisions > 10_000, "{decisions}");
    for kind in [
        "discard",
        "riichi",
        "tsumo",
        "ron",
        "chi",
        "pon",
        "daiminkan",
        "ankan",
        "kakan",
        "nine terminals",
        "pass",
    ] {
        assert!(kinds.contains(kind), "no {kind} met: {kinds:?}");
    }
}

#[test]
fn every_id_has_a_name_and_tiles_number_both_ways() {
    for id in 0..ACTIONS_THREE {
        assert!(action_name(id).is_some(), "{id}");
    }
    assert_eq!(action_name(ACTIONS), Some("kita".to_owned()));
    assert_eq!(action_name(ACTIONS_THREE), None);
    assert_eq!(action_name(4).unwrap(), "discard 5m");
    assert_eq!(action_name(34).unwrap(), "discard 0m");
    assert_eq!(action_name(37 + 33).unwrap(), "discard 7z (tsumogiri)");
    assert_eq!(action_name(74 + 35).unwrap(), "riichi 0p");
    assert_eq!(action_name(148).unwrap(), "chi 1-2-3m taking 1m");
    assert_eq!(
        action_name(148 + ((7 + 3) * 3 + 1) * 2 + 1).unwrap(),
        "chi 4-5-6p taking 5p (with the red five)"
    );
    assert_eq!(action_name(274 + 31).unwrap(), "pon 5z");
    assert_eq!(action_name(310).unwrap(), "pon 0s (with the red five)");
    assert_eq!(action_name(311).unwrap(), "daiminkan");
    assert_eq!(action_name(312).unwrap(), "ankan 1m");
    assert_eq!(action_name(346 + 36).unwrap(), "kakan 0s");
    assert_eq!(action_name(386).unwrap(), "pass");
    for number in 0..37 {
        assert_eq!(tile_number(piece_of_number(number).unwrap()), number);
    }
    assert_eq!(piece_of_number(37), None);
}

/// The planes hold what the seat sees: its hand, the table; the shanten and waits planes
/// agree with the crate's analysis; nothing is above 4 where a count is meant.
#[test]
fn the_planes_say_what_the_seat_sees() {
    let mut checked = 0;
    every_decision(6, |game, seat| {
        let mut out = vec![0u8; OBSERVATION_SIZE];
        encode(game, seat, &mut out);
        let plane = |channel: usize| &out[channel * COLUMNS..(channel + 1) * COLUMNS];
        assert_eq!(out.len(), CHANNELS * COLUMNS);
        let mut counts = [0u8; 34];
        for piece in game.hand(seat) {
            counts[piece.tile.index()] += 1;
        }
        for (index, &count) in counts.iter().enumerate() {
            let held: u8 = (0..4).map(|level| plane(level)[index]).sum();
            assert_eq!(held, count);
            assert!(plane(50)[index] >= count && plane(50)[index] <= 4);
        }
        let river: usize = plane(8 + 2).iter().map(|&count| usize::from(count)).sum();
        assert_eq!(river, game.river(seat).len());
        let melds: usize = plane(8).iter().map(|&count| usize::from(count)).sum();
        assert_eq!(
            melds,
            game.melds(seat)
                .iter()
                .map(|meld| meld.tiles.len())
                .sum::<usize>()
        );
        assert!(
            plane(60)
                .iter()
                .all(|&flag| flag == u8::from(game.in_riichi(seat)))
        );
        if game.hand(seat).len() % 3 == 1 {
            let hand = mahjong::Hand::from_counts(counts).unwrap();
            let waits = mahjong::waits(&hand).unwrap();
            let marked: Vec<usize> = (0..34).filter(|&index| plane(66)[index] == 1).collect();
            // The engine leaves out waits on a kind the seat holds all four of.
            let wanted: Vec<usize> = waits
                .iter()
                .map(|tile| tile.index())
                .filter(|&index| {
                    let in_melds: usize = game
                        .melds(seat)
                        .iter()
                        .flat_map(|meld| &meld.tiles)
                        .filter(|piece| piece.tile.index() == index)
                        .count();
                    usize::from(counts[index]) + in_melds < 4
                })
                .collect();
            assert_eq!(marked, wanted);
            let shanten = mahjong::shanten_overall(&hand).unwrap();
            if game.melds(seat).is_empty() {
                assert_eq!(i16::from(plane(65)[0]), i16::from(shanten) + 1);
            }
        }
        if matches!(
            game.legal_actions(seat).first(),
            Some(Action::Discard { .. })
        ) {
            assert!(plane(67).contains(&1));
        }
        checked += 1;
    });
    assert!(checked > 1000, "{checked}");
}
