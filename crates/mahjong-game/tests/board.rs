//! `Board`, the table a record's viewer draws at each event, against the engine's own state:
//! after every decision of seeded games (four players and three) and of every real record,
//! the board the hand's events make is the game's (every seat's hand, the drawn tile, melds,
//! rivers, riichi, Norths, indicators, live tiles left, sticks and scores). The real records
//! are dealt again and played from the decisions `replay_hand_moves` gives (`play_again`),
//! which must make the replay's own events again.

mod support {
    pub mod records;
}

use mahjong::Piece;
use mahjong_game::records::read;
use mahjong_game::records::replay::{play_again, replay_hand_moves};
use mahjong_game::{Board, EfficiencyBot, Game, GameRules, Length, ValueBot};
use support::records::every_record;
use tiles_core::Bot;

fn sorted(hand: &[Piece]) -> Vec<Piece> {
    let mut hand = hand.to_vec();
    hand.sort_by_key(|piece| (piece.tile, piece.red));
    hand
}

/// The board of the game's hand so far equals the game's state; `at` names the moment.
fn same_as_engine(game: &Game, at: &str) {
    let board = Board::after(game.rules(), game.hand_events());
    for seat in game.players().seats() {
        let view = game.view(seat);
        assert_eq!(
            board.hands[seat],
            sorted(game.hand(seat)),
            "{at}: seat {seat}'s hand"
        );
        assert_eq!(
            board.melds[seat],
            game.melds(seat),
            "{at}: seat {seat}'s melds"
        );
        assert_eq!(
            board.rivers[seat],
            game.river(seat),
            "{at}: seat {seat}'s river"
        );
        assert_eq!(
            board.riichi[seat], view.riichi[seat],
            "{at}: seat {seat}'s riichi"
        );
        assert_eq!(
            board.kita[seat],
            game.kita(seat),
            "{at}: seat {seat}'s Norths"
        );
        if let Some(drawn) = view.drawn {
            assert_eq!(board.drawn, Some((seat, drawn)), "{at}: seat {seat}'s draw");
        }
    }
    assert_eq!(board.scores, game.scores(), "{at}: scores");
    assert_eq!(board.indicators, game.indicators(), "{at}: indicators");
    assert_eq!(board.live_left, game.live_left(), "{at}: live tiles");
    assert_eq!(board.sticks, game.sticks(), "{at}: sticks");
    // A replayed hand's game, once over, names the next hand (which it does not deal).
    if !board.over {
        assert_eq!(board.id, game.hand_id(), "{at}: hand");
        assert_eq!(board.dealer, game.dealer(), "{at}: dealer");
    }
}

#[test]
fn the_board_is_the_engines_state_at_every_decision_of_seeded_games() {
    let bots: [&(dyn Bot<Game> + Sync); 2] = [&ValueBot, &EfficiencyBot];
    let mut decisions = 0;
    for players in [4, 3] {
        for seed in 0..6u64 {
            let rules = GameRules {
                players: mahjong::Players::new(players).unwrap(),
                length: Length::East,
                ..GameRules::default()
            };
            let mut game = Game::new(rules, seed);
            while let Some(seat) = game.to_move() {
                same_as_engine(
                    &game,
                    &format!("{players}p seed {seed}, {}", game.events().len()),
                );
                let action = bots[(seat + seed as usize) % 2].choose(&game.view(seat));
                game.act(seat, action).unwrap();
                decisions += 1;
            }
        }
    }
    assert!(decisions > 2_000, "{decisions}");
}

/// Each hand of a record dealt again and played from the decisions its replay made, the board
/// checked after every one; the game at the end makes the replay's events (a hand that
/// agrees: all of them).
#[test]
fn the_board_is_the_engines_state_at_every_decision_of_real_records() {
    let mut hands = 0;
    for path in &every_record() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (log, _) = read(&std::fs::read_to_string(path).unwrap());
        for hand in &log.hands {
            let (verdict, Some(replayed), moves) = replay_hand_moves(log.rules, log.notation, hand)
            else {
                continue;
            };
            let mut step = 0;
            let (game, taken) = play_again(log.rules, hand, &moves, |game, _, _| {
                same_as_engine(game, &format!("{name} {} step {step}", hand.id));
                step += 1;
            })
            .expect("a hand the replay dealt deals again");
            // Every decision the replay made is legal again.
            assert_eq!(taken, moves.len(), "{name} {}", hand.id);
            same_as_engine(&game, &format!("{name} {} end", hand.id));
            // A record cut part-way: its last decision may have failed after making events
            // (a discard, then no tile to draw).
            let made = game.hand_events();
            assert_eq!(
                made,
                &replayed.hand_events()[..made.len()],
                "{name} {}",
                hand.id
            );
            if verdict.agree {
                assert_eq!(
                    made.len(),
                    replayed.hand_events().len(),
                    "{name} {}",
                    hand.id
                );
            }
            hands += 1;
        }
    }
    assert!(hands > 3_000, "{hands}");
}
