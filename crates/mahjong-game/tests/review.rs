//! The review of a record's decisions: its shapes on positions counted by hand, and the bot's
//! choice the bot's own: a game the value bot played at every seat, written as a record and
//! reviewed, matches the value bot at every decision (four players and three).

mod support {
    pub mod table;
}

use mahjong::{Players, Tile};
use mahjong_game::records::convert::Target;
use mahjong_game::records::read;
use mahjong_game::records::review::{Shape, decision, review};
use mahjong_game::{Action, Game, GameRules, Length, ValueBot};
use support::table::*;
use tiles_core::{Bot, Stop};

fn kinds(text: &str) -> Vec<Tile> {
    pieces(text).iter().map(|piece| piece.tile).collect()
}

fn discard_of(text: &str) -> Action {
    Action::Discard {
        tile: tile(text),
        tsumogiri: false,
        riichi: false,
    }
}

/// The dealer holds 123m 456p 789s 11z 2z 3z and draws 5z (indicators 8m, 3p: no honour in
/// sight). Letting 2z go leaves three sets, the 1z pair and two lone honours: one from
/// ready, nearer with 1z (two copies unseen: the dealer holds two), 3z or 5z (three each).
/// Letting 1z go leaves four lone honours: two from ready.
#[test]
fn shapes_counted_by_hand() {
    let game = deal(
        [
            "123m456p789s11z23z",
            "147m258p369s1234z",
            "147m258p369s1234z",
            "147m258p369s5677z",
        ],
        ["5z", "", "", ""],
        0,
        0,
    );
    let review = decision(&game, 0, discard_of("2z"), &ValueBot, 1000.0).expect("a choice");
    let row = |text: &str| {
        review
            .discards
            .iter()
            .find(|row| row.tile == tile(text))
            .unwrap_or_else(|| panic!("{text} is a legal discard"))
    };
    let expected = Shape {
        shanten: 1,
        effective: kinds("1z3z5z").into_iter().zip([2, 3, 3]).collect(),
    };
    assert_eq!(row("2z").shape, expected);
    assert_eq!(row("2z").shape.count(), 8);
    assert_eq!(review.played_shape, Some(expected));
    assert_eq!(row("1z").shape.shanten, 2);
    assert_eq!(row("3m").shape.shanten, 2);
    // One row a tile, in tile order.
    let tiles: Vec<_> = review.discards.iter().map(|row| row.tile).collect();
    assert_eq!(tiles, pieces("1m2m3m4p5p6p7s8s9s1z2z3z5z"));
    assert_eq!(review.bot, ValueBot.choose(&game.view(0)));
    assert_eq!(review.turn, 1);
}

/// Ready: 123m 456p 789s 11z 33z waits on 1z and 3z. The dealer holds two of each; seat 1
/// let a third 3z go: one 3z is unseen, two 1z.
#[test]
fn waits_with_the_copies_in_sight_taken_off() {
    let mut game = deal(
        [
            "123m456p789s11z23z",
            "147m258p369s1256z",
            "147m258p369s2567z",
            "258m147p258s6677z",
        ],
        ["4z3z", "3z", "9m", "9p"],
        0,
        0,
    );
    for (seat, text) in [(0, "4z"), (1, "3z"), (2, "9m"), (3, "9p")] {
        discard(&mut game, seat, text, false);
        pass_all(&mut game);
    }
    let review = decision(&game, 0, discard_of("2z"), &ValueBot, 1000.0).unwrap();
    let ready = review.played_shape.unwrap();
    assert_eq!(ready.shanten, 0);
    assert_eq!(
        ready.effective,
        kinds("1z3z").into_iter().zip([2, 1]).collect::<Vec<_>>()
    );
    assert_eq!(review.turn, 2);
}

/// A seeded game the value bot plays at every seat, written as a record in `target` and
/// reviewed against the value bot: every decision is the bot's, lost nothing, flagged none.
fn bots_own_game(players: u8, seed: u64, target: Target) {
    let rules = GameRules {
        players: Players::new(players).unwrap(),
        length: Length::East,
        ..GameRules::default()
    };
    let mut game = Game::new(rules, seed);
    while let Some(seat) = game.to_move() {
        let action = ValueBot.choose(&game.view(seat));
        game.act(seat, action).unwrap();
    }
    let names: Vec<String> = (0..players).map(|seat| format!("value {seat}")).collect();
    let text = target.write(rules, game.events(), &names).unwrap();
    let (log, error) = read(&text);
    assert_eq!(error, None);
    let seats: Vec<usize> = (0..usize::from(players)).collect();
    let review = review(&log, &seats, &ValueBot, 1000.0, &Stop::never()).unwrap();
    assert!(review.decisions.len() > 50, "{}", review.decisions.len());
    for decision in &review.decisions {
        let at = format!(
            "{players}p seed {seed} {} seat {} event {}",
            decision.id, decision.seat, decision.event
        );
        assert!(
            decision.matched(),
            "{at}: {:?} against {:?}",
            decision.played,
            decision.bot
        );
        assert_eq!(decision.loss.unwrap_or(0.0), 0.0, "{at}");
        assert!(!decision.flagged, "{at}");
        // The value bot's turn discard is worth the most of the discards it values within
        // its reach (two from ready is valued one step deeper, below).
        if let (Some(value), Action::Discard { .. }) = (decision.bot_value, decision.bot)
            && decision.view.claimable.is_none()
        {
            for row in &decision.discards {
                if let Some(other) = row.value.filter(|_| row.shape.shanten <= 1) {
                    assert!(
                        value + 1e-3 >= other,
                        "{at}: {:?} {value} < {} {other}",
                        decision.bot,
                        row.tile
                    );
                }
            }
        }
        // Three players: no 2m-8m is ever an effective tile.
        if players == 3 {
            for row in &decision.discards {
                for (kind, _) in &row.shape.effective {
                    assert!(!(1..8).contains(&kind.index()), "{at}: {kind}");
                }
            }
        }
    }
    let summed: usize = review.summaries.iter().map(|summary| summary.matched).sum();
    assert_eq!(summed, review.decisions.len());
}

#[test]
fn the_value_bots_own_game_matches_it_at_every_decision() {
    bots_own_game(4, 3, Target::Mjai);
    bots_own_game(4, 8, Target::Tenhou6);
    bots_own_game(3, 5, Target::Mjlog);
}
