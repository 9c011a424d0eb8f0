//! What a table shows a seat, checked against slower, obvious counts at every moment of seeded
//! games (four players and three): `Game::waits` (each winning kind, the copies the seat
//! cannot see, and what would stop a win, against the engine's own verdict when the tile
//! comes) and `hand_tiles` (the hands and melds a hand's events leave, against the game's
//! state).

use mahjong::{Hand, Piece, Tile, is_complete};
use mahjong_game::{
    Action, DefenceBot, EfficiencyBot, Event, Game, GameRules, Length, Meld, hand_tiles,
};
use tiles_core::Bot;

/// The kinds that complete `seat`'s ready hand, by trying each (its 13-tile form: on its
/// turn, before the tile it drew), less those it holds all four of.
fn waits_by_trying(game: &Game, seat: usize) -> Vec<Tile> {
    let mut concealed: Vec<Piece> = game.hand(seat).to_vec();
    if concealed.len() % 3 == 2 {
        let Some(drawn) = game.drawn().filter(|_| game.deciding() == [seat]) else {
            return Vec::new();
        };
        let at = concealed.iter().position(|piece| *piece == drawn).unwrap();
        concealed.remove(at);
    }
    let held = |tile: Tile| {
        concealed.iter().filter(|piece| piece.tile == tile).count()
            + game
                .melds(seat)
                .iter()
                .flat_map(|meld| &meld.tiles)
                .filter(|piece| piece.tile == tile)
                .count()
    };
    Tile::all()
        .filter(|&tile| held(tile) < 4)
        .filter(|&tile| {
            let mut counts = [0u8; 34];
            for piece in &concealed {
                counts[piece.tile.index()] += 1;
            }
            counts[tile.index()] += 1;
            Hand::from_counts(counts).is_ok_and(|hand| is_complete(&hand))
        })
        .collect()
}

/// The copies of `tile` hidden from `seat`: in the other seats' hands and in the wall.
fn hidden_from(game: &Game, seat: usize, tile: Tile) -> usize {
    let others: usize = (0..4)
        .filter(|&other| other != seat)
        .map(|other| game.hand(other).iter().filter(|p| p.tile == tile).count())
        .sum();
    let wall = game
        .unseen_tiles()
        .unwrap()
        .iter()
        .filter(|piece| piece.tile == tile)
        .count();
    others + wall
}

fn same_melds(mut a: Vec<Meld>, mut b: Vec<Meld>) -> bool {
    for meld in a.iter_mut().chain(b.iter_mut()) {
        meld.tiles.sort_by_key(|piece| (piece.tile, piece.red));
    }
    a == b
}

fn check_moment(game: &Game, checked: &mut [usize; 3]) {
    let hand = hand_tiles(game.hand_events());
    for seat in game.players().seats() {
        let mut concealed = game.hand(seat).to_vec();
        concealed.sort_by_key(|piece| (piece.tile, piece.red));
        assert_eq!(hand[seat].0, concealed, "seat {seat}'s hand");
        assert!(
            same_melds(hand[seat].1.clone(), game.melds(seat).to_vec()),
            "seat {seat}'s melds"
        );
        let waits = game.waits(seat);
        let tiles: Vec<Tile> = waits.iter().map(|wait| wait.tile).collect();
        // Right after a call the seat discards before it waits on anything.
        let after_call = game.hand(seat).len() % 3 == 2 && game.drawn().is_none();
        if !after_call {
            assert_eq!(tiles, waits_by_trying(game, seat), "seat {seat}'s waits");
        }
        for wait in &waits {
            assert_eq!(usize::from(wait.unseen), hidden_from(game, seat, wait.tile));
        }
        checked[0] += waits.len();
    }
    // The engine's own verdict when a waited tile comes: a plain discard (neither the last
    // tile nor a kan's) for a ron, a live draw for a tsumo.
    let last = game.hand_events().last();
    for seat in game.deciding() {
        let legal = game.legal_actions(seat);
        let wait_on = |tile: Tile| game.waits(seat).into_iter().find(|wait| wait.tile == tile);
        if let (Some((piece, _)), Some(Event::Discard { .. })) = (game.claim_on_table(), last)
            && game.live_left() > 0
            && let Some(wait) = wait_on(piece.tile)
        {
            assert_eq!(
                wait.ron.is_none(),
                legal.contains(&Action::Ron),
                "seat {seat}: {wait:?}, {:?}",
                game.why_no_win(seat)
            );
            checked[1] += 1;
        }
        if let (
            Some(drawn),
            Some(Event::Draw {
                replacement: false, ..
            }),
        ) = (game.drawn(), last)
            && game.live_left() > 0
            && let Some(wait) = wait_on(drawn.tile)
        {
            assert_eq!(
                wait.tsumo.is_none(),
                legal.contains(&Action::Tsumo),
                "seat {seat}: {wait:?}"
            );
            checked[2] += 1;
        }
    }
}

#[test]
fn waits_and_hands_shown_agree_with_the_game_at_every_moment() {
    let mut checked = [0usize; 3];
    for (rules, games) in [(GameRules::TENHOU, 40u64), (GameRules::TENHOU_SANMA, 16)] {
        let rules = GameRules {
            length: Length::East,
            ..rules
        };
        for seed in 0..games {
            let mut game = Game::new(rules, seed);
            while let Some(seat) = game.to_move() {
                check_moment(&game, &mut checked);
                let view = game.view(seat);
                let action = if seat % 2 == 0 {
                    EfficiencyBot.choose(&view)
                } else {
                    DefenceBot.choose(&view)
                };
                game.act(seat, action).unwrap();
            }
        }
    }
    // Enough of each to mean something.
    assert!(checked[0] > 10_000, "{checked:?}");
    assert!(checked[1] > 150 && checked[2] > 80, "{checked:?}");
}
