//! The tile accounting of a seeded game in play: every tile of the rules' set is in a hand, a
//! meld, a river (not called away), set aside as a North, shown as an indicator, or still in
//! the wall.

use mahjong::Piece;
use mahjong_game::{Game, all_tiles};

/// Checks that every tile of the game's set is accounted for exactly once (136, or 108 with
/// three players); nothing to check once the game is over.
pub fn check_tiles(game: &Game) {
    if game.is_over() {
        return;
    }
    let mut seen: Vec<Piece> = Vec::new();
    let north: Piece = "4z".parse().expect("a tile");
    for seat in 0..4 {
        seen.extend_from_slice(game.hand(seat));
        for meld in game.melds(seat) {
            seen.extend_from_slice(&meld.tiles);
        }
        seen.extend(
            game.river(seat)
                .iter()
                .filter(|river| !river.called)
                .map(|river| river.tile),
        );
        seen.extend(std::iter::repeat_n(north, usize::from(game.kita(seat))));
    }
    seen.extend_from_slice(game.indicators());
    seen.extend(game.unseen_tiles().expect("a seeded wall"));
    let key = |piece: &Piece| (piece.tile, piece.red);
    seen.sort_by_key(key);
    let mut all = all_tiles(game.rules());
    all.sort_by_key(key);
    assert_eq!(all.len(), if game.players().is_three() { 108 } else { 136 });
    assert_eq!(seen, all);
}
