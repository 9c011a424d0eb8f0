//! Property tests of the engine and the bots: random games played out by random valid plays
//! never reach a state the validator rejects; `legal_plays` and `valid_play` agree on every
//! state visited; the bots' stateless plays are always valid and follow their plans.

use huxxy::tiles_core::{Bot as CoreBot, SplitMix};
use huxxy::{
    Bot, Card, End, Game, GreedyBot, Play, Played, SearchBot, TurnInfo, Variant, check_play,
    legal_plays_with, valid_group,
};
use proptest::prelude::*;

fn cases() -> u32 {
    tiles_testkit::props::cases(24)
}

/// Every play a player could try: the legal ones and many that are not.
fn candidates(game: &Game) -> Vec<Play> {
    let hand = game.hand(game.active_player());
    let groups = game.table().len();
    let mut plays = vec![Play::Draw, Play::EndTurn];
    let mut cards: Vec<Card> = hand.to_vec();
    cards.extend(game.table().iter().flatten());
    cards.extend(Card::from_index(0));
    cards.extend(Card::from_index(52));
    for &card in &cards {
        for to in 0..=groups + 1 {
            plays.push(Play::FromHand { card, to });
            for from in 0..=groups {
                plays.push(Play::Move { card, from, to });
            }
        }
    }
    plays.sort_by_key(|play| format!("{play:?}"));
    plays.dedup();
    plays
}

/// Plays a random game: mostly random legal plays (card plays favoured, so turns grow long
/// and tables get rearranged), checking every state on the way.
fn random_game(variant: Variant, seed: u64) -> Result<(), TestCaseError> {
    let mut game = Game::new(variant, seed);
    let mut random = SplitMix::new(seed ^ 0xDEAD_BEEF);
    let mut steps = 0;
    while game.end().is_none() && steps < 400 {
        steps += 1;
        let player = game.active_player();
        let history = game.history().to_vec();
        prop_assert_eq!(&TurnInfo::from_history(&history), game.turn_info());
        let hand = game.hand(player).to_vec();
        let table = game.table().to_vec();
        // At the start of a turn the table is valid.
        if game.turn_info().open_turn.is_none() {
            prop_assert!(table.iter().all(|group| valid_group(group, variant)));
        }
        let legal = game.legal_plays();
        let info = TurnInfo::from_history(&history);
        prop_assert_eq!(
            &legal,
            &legal_plays_with(variant, &info, game.stock_len(), player, &hand, &table)
        );
        for play in candidates(&game) {
            let valid = check_play(
                variant,
                Played { player, play },
                &history,
                player,
                &hand,
                &table,
            );
            prop_assert_eq!(
                valid.is_ok(),
                legal.contains(&play),
                "{:?}: {:?}",
                play,
                valid
            );
        }
        // A wrong player is never valid.
        let other = Played {
            player: (player + 1) % 4,
            play: Play::Draw,
        };
        prop_assert!(check_play(variant, other, &history, player, &hand, &table).is_err());
        // Both bots' stateless plays are valid here.
        for bot in [&GreedyBot as &dyn Bot, &SearchBot] {
            let play = bot.play(variant, &history, player, &hand, &table);
            let verdict = check_play(
                variant,
                Played { player, play },
                &history,
                player,
                &hand,
                &table,
            );
            // A turn this random player started may have no valid finish; everything else must
            // be valid.
            if game.turn_info().open_turn.is_none() {
                prop_assert!(
                    verdict.is_ok(),
                    "{} played {:?}: {:?}",
                    bot.name(),
                    play,
                    verdict
                );
            }
        }
        if legal.is_empty() {
            // A random turn can paint itself into a corner (six plays, an invalid table):
            // only mid-turn, and the engine then records the forfeit.
            prop_assert!(game.turn_info().open_turn.is_some());
            prop_assert!(!game.play_or_forfeit(Play::EndTurn));
            let forfeit = matches!(game.end(), Some(huxxy::End::Forfeit { .. }));
            prop_assert!(forfeit);
            break;
        }
        let card_plays: Vec<Play> = legal.iter().copied().filter(|p| p.is_card_play()).collect();
        let play = if !card_plays.is_empty() && random.below(4) != 0 {
            card_plays[random.below(card_plays.len())]
        } else {
            legal[random.below(legal.len())]
        };
        prop_assert!(game.apply_play(play).is_ok());
        // A failed play leaves the game unchanged.
        let mut copy = game.clone();
        if copy
            .apply_play(Play::FromHand {
                card: Card::Joker,
                to: 99,
            })
            .is_err()
        {
            prop_assert_eq!(copy.history(), game.history());
            prop_assert_eq!(copy.table(), game.table());
        }
    }
    Ok(())
}

/// Bots play whole games: never a forfeit, and at every play the stateless `play` gives the
/// next play of the turn's plan.
fn bot_game(variant: Variant, seed: u64) -> Result<(), TestCaseError> {
    let bots: [&dyn Bot; 4] = [&SearchBot, &GreedyBot, &SearchBot, &GreedyBot];
    let mut game = Game::new(variant, seed);
    while game.end().is_none() {
        let player = game.active_player();
        let play = bots[player].play(
            variant,
            game.history(),
            player,
            game.hand(player),
            game.table(),
        );
        let result = game.apply_play(play);
        prop_assert!(
            result.is_ok(),
            "{} played {:?}: {:?}",
            bots[player].name(),
            play,
            result
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn random_basic_games_stay_valid(seed in any::<u64>()) {
        random_game(Variant::Basic, seed)?;
    }

    #[test]
    fn random_joker_games_stay_valid(seed in any::<u64>()) {
        random_game(Variant::Jokers, seed)?;
    }

    #[test]
    fn bots_play_only_valid_plays(seed in any::<u64>(), jokers in any::<bool>()) {
        let variant = if jokers { Variant::Jokers } else { Variant::Basic };
        bot_game(variant, seed)?;
    }
}

#[test]
fn the_engine_and_the_stateless_bots_play_the_same_game() {
    for seed in 0..10 {
        let bots: [&dyn Bot; 4] = [&SearchBot, &GreedyBot, &GreedyBot, &SearchBot];
        let record = huxxy::play_game(
            Variant::Jokers,
            seed,
            bots.map(|bot| bot as &dyn CoreBot<Game>),
        );
        let mut game = Game::new(Variant::Jokers, seed);
        while game.end().is_none() {
            let player = game.active_player();
            let play = bots[player].play(
                Variant::Jokers,
                game.history(),
                player,
                game.hand(player),
                game.table(),
            );
            game.apply_play(play).unwrap();
        }
        assert_eq!(game.history(), record.game.history(), "seed {seed}");
        assert!(matches!(
            record.game.end(),
            Some(End::HandEmpty { .. } | End::StockExhausted)
        ));
    }
}

/// A whole turn refused part of the way through (its first plays valid, then one not) leaves
/// the game as it was at the start of the turn, and so does one refused at its end.
#[test]
fn a_refused_turn_changes_nothing() {
    use huxxy::{Move, TurnError};
    let mut checked = 0;
    for seed in 0..40 {
        let mut game = Game::new(Variant::Basic, seed);
        // Draw round until a player holds a card they can put down on its own group.
        for _ in 0..20 {
            let player = game.active_player();
            let hand = game.hand(player).to_vec();
            let groups = game.table().len();
            let snapshot = |g: &Game| {
                (
                    (0..4).map(|p| g.hand(p).to_vec()).collect::<Vec<_>>(),
                    g.table().to_vec(),
                    g.history().to_vec(),
                    *g.turn_info(),
                    g.stock_len(),
                    g.active_player(),
                )
            };
            let before = snapshot(&game);
            // A card to a new group, then a card the player does not hold: refused at play 2.
            let first = Play::FromHand {
                card: hand[0],
                to: groups,
            };
            let absent = Card::all_plain().find(|c| !hand.contains(c)).unwrap();
            let second = Play::FromHand {
                card: absent,
                to: groups,
            };
            let error = game
                .apply_turn(&Move::Plays(vec![first, second]))
                .unwrap_err();
            assert_eq!(
                error,
                TurnError {
                    play: second,
                    error: huxxy::PlayError::NotInHand { card: absent }
                }
            );
            assert_eq!(snapshot(&game), before);
            // One card alone in a group cannot end the turn: refused at the end.
            let error = game.apply_turn(&Move::Plays(vec![first])).unwrap_err();
            assert_eq!(error.play, Play::EndTurn);
            assert_eq!(snapshot(&game), before);
            checked += 1;
            game.apply_turn(&Move::Draw).unwrap();
            if game.end().is_some() {
                break;
            }
        }
    }
    assert!(checked >= 40);
}
