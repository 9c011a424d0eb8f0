//! The huxxy engine: a game from any seed, played with any plays (legal ones picked from
//! `legal_plays`, and arbitrary draws, turn ends, cards from the hand and moves between
//! groups at any indexes). A play is accepted exactly when `check` accepts it, and a refused
//! play leaves the hands, the table and the history as they were.
#![no_main]

use huxxy::{Card, Game, Play, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let variant = if head & 1 == 0 {
        Variant::Basic
    } else {
        Variant::Jokers
    };
    let mut game = Game::new(variant, u64::from(head >> 1));
    for chunk in rest.chunks(3) {
        if game.end().is_some() {
            break;
        }
        let [kind, a, b] = [0, 1, 2].map(|i| usize::from(chunk.get(i).copied().unwrap_or(0)));
        let player = game.active_player();
        let hand = game.hand(player).to_vec();
        let table = game.table().to_vec();
        let card_in = |cards: &[Card], at: usize| cards.get(at % cards.len().max(1)).copied();
        let play = match kind % 5 {
            0 => {
                let legal = game.legal_plays();
                if legal.is_empty() {
                    break;
                }
                legal[a % legal.len()]
            }
            1 => Play::Draw,
            2 => Play::EndTurn,
            3 => match card_in(&hand, a) {
                Some(card) => Play::FromHand {
                    card,
                    to: b % (table.len() + 2),
                },
                None => Play::FromHand {
                    card: Card::Joker,
                    to: b,
                },
            },
            _ => {
                let from = a % (table.len() + 1);
                match table.get(from).and_then(|group| card_in(group, b)) {
                    Some(card) => Play::Move {
                        card,
                        from,
                        to: b % (table.len() + 2),
                    },
                    None => Play::FromHand {
                        card: Card::Joker,
                        to: b,
                    },
                }
            }
        };
        let checked = game.check(play);
        let history = game.history().len();
        match game.apply_play(play) {
            Ok(_) => assert!(checked.is_ok(), "{play:?} applied but refused by check"),
            Err(_) => {
                assert!(checked.is_err(), "{play:?} refused but accepted by check");
                assert_eq!(game.hand(player), &hand[..]);
                assert_eq!(game.table(), &table[..]);
                assert_eq!(game.history().len(), history);
            }
        }
    }
});
