//! Fixed action ids and observation planes for learning agents.
//!
//! Every decision a seat can make maps to exactly one of [`ACTIONS`] ids and back
//! ([`action_id`], [`action_of`], [`mask`]), and what a seat sees is written as [`CHANNELS`]
//! planes of 34 columns, one per tile kind ([`encode`], the encoding named [`ENCODING`]). The
//! tables are in the crate README (*Encoding for learning agents*).
//!
//! Action ids (tiles numbered 0-33 in kind order, `1m`…`9m`, `1p`…, `1s`…, East South West
//! North White Green Red, then 34-36 the red fives of man, pin and sou):
//!
//! | ids | action |
//! |---|---|
//! | 0-36 | discard tile `t` from the hand |
//! | 37-73 | discard `t`, the tile just drawn (tsumogiri) |
//! | 74-110 | riichi, discarding `t` from the hand |
//! | 111-147 | riichi, discarding `t` just drawn |
//! | 148-273 | chi: suit, run 1-2-3 … 7-8-9, which of the three is the tile taken, and whether the two tiles used hold the red five |
//! | 274-310 | pon of kind 0-33 with plain tiles (274-307), or (308-310) with the red five of man, pin, sou among the two used |
//! | 311 | open kan of the discard |
//! | 312-345 | concealed kan of kind 0-33 |
//! | 346-382 | added kan of tile `t` |
//! | 383 | tsumo |
//! | 384 | ron |
//! | 385 | nine terminals (an abortive draw) |
//! | 386 | pass |
//! | 387 | kita: set a North aside (three players only: their action space has 388 ids) |

use crate::engine::{Action, Game};
use mahjong::Players;
use mahjong::{KINDS, Tile};
use mahjong::{Piece, dora_of};

/// The name of the observation encoding [`encode`] writes (four players).
pub const ENCODING: &str = "tiles-v1";
/// The name of the three-player encoding: `tiles-v1`'s planes with the seats counted among
/// three, and three more planes for the Norths each seat set aside.
pub const ENCODING_THREE: &str = "tiles-sanma-v1";
/// Number of action ids (four players).
pub const ACTIONS: usize = 387;
/// Number of action ids with three players: [`ACTIONS`] and kita.
pub const ACTIONS_THREE: usize = 388;
/// Planes of an observation.
pub const CHANNELS: usize = 69;
/// Planes of a three-player observation: [`CHANNELS`] and the Norths set aside by each seat.
pub const CHANNELS_THREE: usize = 72;
/// Columns of each plane: one per tile kind.
pub const COLUMNS: usize = KINDS;
/// Bytes of one observation (`CHANNELS` × `COLUMNS`, plane by plane).
pub const OBSERVATION_SIZE: usize = CHANNELS * COLUMNS;
/// Bytes of one three-player observation.
pub const OBSERVATION_SIZE_THREE: usize = CHANNELS_THREE * COLUMNS;

/// Bytes of an observation of a game of `players` (3 or 4).
pub fn observation_size_for(players: Players) -> usize {
    if players.is_three() {
        OBSERVATION_SIZE_THREE
    } else {
        OBSERVATION_SIZE
    }
}

/// Planes of an observation of a game of `players`.
pub fn channels_for(players: Players) -> usize {
    if players.is_three() {
        CHANNELS_THREE
    } else {
        CHANNELS
    }
}

/// The encoding's name for a game of `players`.
pub fn encoding_for(players: Players) -> &'static str {
    if players.is_three() {
        ENCODING_THREE
    } else {
        ENCODING
    }
}

const DISCARD: usize = 0;
const TSUMOGIRI: usize = 37;
const RIICHI: usize = 74;
const RIICHI_TSUMOGIRI: usize = 111;
const CHI: usize = 148;
const PON: usize = 274;
const DAIMINKAN: usize = 311;
const ANKAN: usize = 312;
const KAKAN: usize = 346;
const TSUMO: usize = 383;
const RON: usize = 384;
const NINE_TERMINALS: usize = 385;
const PASS: usize = 386;
const KITA: usize = 387;

/// Number of action ids for a game of `players` (3 or 4).
pub fn actions_for(players: Players) -> usize {
    if players.is_three() {
        ACTIONS_THREE
    } else {
        ACTIONS
    }
}

/// A piece's number 0-36: its kind, or 34-36 for the red fives.
pub fn tile_number(piece: Piece) -> usize {
    if piece.red {
        KINDS + piece.tile.index() / 9
    } else {
        piece.tile.index()
    }
}

/// The piece of a number 0-36.
pub fn piece_of_number(number: usize) -> Option<Piece> {
    if number < KINDS {
        return Some(Piece::plain(Tile::at(number)));
    }
    (number < KINDS + 3).then(|| Piece {
        tile: Tile::at((number - KINDS) * 9 + 4),
        red: true,
    })
}

/// The id of `action` in `game` now (a chi's id depends on the tile on the table).
///
/// # Panics
///
/// A chi with no tile on the table to take.
pub fn action_id(game: &Game, action: &Action) -> usize {
    match *action {
        Action::Discard {
            tile,
            tsumogiri,
            riichi,
        } => {
            let base = match (riichi, tsumogiri) {
                (false, false) => DISCARD,
                (false, true) => TSUMOGIRI,
                (true, false) => RIICHI,
                (true, true) => RIICHI_TSUMOGIRI,
            };
            base + tile_number(tile)
        }
        Action::Chi { tiles } => {
            let (called, _) = game
                .claim_on_table()
                .expect("a chi takes a tile on the table");
            let low = tiles
                .iter()
                .map(|piece| piece.tile.index())
                .chain(std::iter::once(called.tile.index()))
                .min()
                .expect("three tiles");
            let suit = low / 9;
            let start = low % 9;
            let position = called.tile.index() - low;
            let red = usize::from(tiles.iter().any(|piece| piece.red));
            CHI + ((suit * 7 + start) * 3 + position) * 2 + red
        }
        Action::Pon { tiles } => match tiles.iter().find(|piece| piece.red) {
            Some(red) => PON + KINDS + red.tile.index() / 9,
            None => PON + tiles[0].tile.index(),
        },
        Action::Daiminkan => DAIMINKAN,
        Action::Ankan { tile } => ANKAN + tile.index(),
        Action::Kakan { tile } => KAKAN + tile_number(tile),
        Action::Tsumo => TSUMO,
        Action::Ron => RON,
        Action::NineTerminals => NINE_TERMINALS,
        Action::Pass => PASS,
        Action::Kita => KITA,
    }
}

/// The legal action of `seat` with this id now, if any.
pub fn action_of(game: &Game, seat: usize, id: usize) -> Option<Action> {
    game.legal_actions(seat)
        .into_iter()
        .find(|action| action_id(game, action) == id)
}

/// Writes `seat`'s action mask into `out` (`actions_for(players)` bytes: [`ACTIONS`], or
/// [`ACTIONS_THREE`] with three players): 1 for each legal id, else 0.
///
/// # Panics
///
/// `out` shorter than that.
pub fn mask(game: &Game, seat: usize, out: &mut [u8]) {
    mask_of(game, &game.legal_actions(seat), out);
}

/// [`mask`] of legal actions already listed (a seat's view holds them).
///
/// # Panics
///
/// `out` shorter than `actions_for(game.players())`.
pub fn mask_of(game: &Game, legal: &[Action], out: &mut [u8]) {
    let out = &mut out[..actions_for(game.players())];
    out.fill(0);
    for action in legal {
        out[action_id(game, action)] = 1;
    }
}

/// A readable name of an id: `discard 5m`, `riichi 0p (tsumogiri)`, `chi 4-5-6m taking 4m`,
/// `pon 0s`, `ankan 1z`, `pass`.
pub fn action_name(id: usize) -> Option<String> {
    let tile = |number: usize| piece_of_number(number).map(|piece| piece.to_string());
    Some(match id {
        0..37 => format!("discard {}", tile(id)?),
        37..74 => format!("discard {} (tsumogiri)", tile(id - TSUMOGIRI)?),
        74..111 => format!("riichi {}", tile(id - RIICHI)?),
        111..148 => format!("riichi {} (tsumogiri)", tile(id - RIICHI_TSUMOGIRI)?),
        148..274 => {
            let index = id - CHI;
            let red = index % 2 == 1;
            let position = index / 2 % 3;
            let run = index / 6;
            let (suit, start) = (run / 7, run % 7);
            let letter = ["m", "p", "s"][suit];
            format!(
                "chi {}-{}-{}{letter} taking {}{letter}{}",
                start + 1,
                start + 2,
                start + 3,
                start + 1 + position,
                if red { " (with the red five)" } else { "" }
            )
        }
        274..308 => format!("pon {}", tile(id - PON)?),
        308..311 => format!(
            "pon 0{} (with the red five)",
            ["m", "p", "s"][id - PON - KINDS]
        ),
        DAIMINKAN => "daiminkan".to_owned(),
        312..346 => format!("ankan {}", tile(id - ANKAN)?),
        346..383 => format!("kakan {}", tile(id - KAKAN)?),
        TSUMO => "tsumo".to_owned(),
        RON => "ron".to_owned(),
        NINE_TERMINALS => "nine terminals".to_owned(),
        PASS => "pass".to_owned(),
        KITA => "kita".to_owned(),
        _ => return None,
    })
}

/// The planes of [`ENCODING`], by their first channel. Seats are counted from the observing
/// seat: 0 itself, 1 the next (on its right), 2 across, 3 the previous. With three players
/// ([`ENCODING_THREE`]) they are counted among the three (0 itself, 1 the next, 2 the
/// previous; the planes of a fourth seat stay 0) and [`plane::KITA`] follows.
pub(crate) mod plane {
    /// Own concealed tiles: four planes, 1 where it holds at least 1, 2, 3, 4 of the kind.
    pub const HAND: usize = 0;
    /// Own red fives (1 at the five's column).
    pub const HAND_RED: usize = 4;
    /// The tile just drawn, on its turn (1 at its column).
    pub const DRAWN: usize = 5;
    /// The tile it may claim now (1 at its column).
    pub const CLAIMABLE: usize = 6;
    /// 1 at the drawn or claimable tile's column when that tile is a red five.
    pub const NEW_RED: usize = 7;
    /// Per seat (10 planes from `SEATS + 10 × seat`): its melds' tiles (count), the red fives
    /// in them, its discards (count), those let go as drawn (count), those called away
    /// (count), its riichi discard (1), its last four discards (1 each, the latest first).
    pub const SEATS: usize = 8;
    /// Planes per seat.
    pub const PER_SEAT: usize = 10;
    /// The dora indicators shown (count).
    pub const INDICATORS: usize = 48;
    /// The dora: each kind's han as a dora (count of indicators pointing at it).
    pub const DORA: usize = 49;
    /// Every tile this seat can see: its hand, every meld, river and indicator (count).
    pub const VISIBLE: usize = 50;
    /// The round's wind (1 at its column).
    pub const ROUND_WIND: usize = 51;
    /// The seat's wind (1 at its column).
    pub const SEAT_WIND: usize = 52;
    /// Whole planes of one value: the honba, the riichi sticks, the live draws left (each
    /// capped at 255).
    pub const HONBA: usize = 53;
    /// The riichi sticks on the table.
    pub const STICKS: usize = 54;
    /// Live draws left.
    pub const LIVE: usize = 55;
    /// Each seat's points in thousands (0 below zero, 255 at most), four planes by seat.
    pub const SCORES: usize = 56;
    /// Whether each seat has declared riichi, four planes by seat.
    pub const RIICHI: usize = 60;
    /// Whether this seat is furiten now.
    pub const FURITEN: usize = 64;
    /// This seat's shanten plus one (0 complete) over its concealed tiles.
    pub const SHANTEN: usize = 65;
    /// Its waits (1 at each), with 3k + 1 concealed tiles.
    pub const WAITS: usize = 66;
    /// The discards that keep its shanten lowest (1 at each), with 3k + 2 concealed tiles.
    pub const BEST_DISCARDS: usize = 67;
    /// The hand's place in the game: the round's wind × 4 + the hand's number − 1.
    pub const HAND_NUMBER: usize = 68;
    /// Three players: the Norths each seat set aside (whole planes, three by seat).
    pub const KITA: usize = 69;
}

/// Writes what `seat` sees into `out` ([`OBSERVATION_SIZE`] bytes: [`CHANNELS`] planes of
/// [`COLUMNS`], plane by plane), in the encoding [`ENCODING`] (with three players
/// [`OBSERVATION_SIZE_THREE`] bytes of [`ENCODING_THREE`]). It uses only what the seat may
/// see.
///
/// # Panics
///
/// `out` shorter than that.
pub fn encode(game: &Game, seat: usize, out: &mut [u8]) {
    let players = game.players();
    let out = &mut out[..observation_size_for(players)];
    out.fill(0);
    // Plane `channel` as a row of 34.
    fn row(out: &mut [u8], channel: usize) -> &mut [u8] {
        &mut out[channel * COLUMNS..(channel + 1) * COLUMNS]
    }
    let counts = &game.counts[seat];
    let mut visible = *counts;
    for level in 0..4u8 {
        let plane = row(out, plane::HAND + usize::from(level));
        for (cell, &count) in plane.iter_mut().zip(counts) {
            *cell = u8::from(count > level);
        }
    }
    for piece in game.hands[seat].iter().filter(|piece| piece.red) {
        row(out, plane::HAND_RED)[piece.tile.index()] = 1;
    }
    let (drawn, claim) = game.new_tile(seat);
    let claimable = claim.map(|(tile, _)| tile);
    if let Some(piece) = drawn {
        row(out, plane::DRAWN)[piece.tile.index()] = 1;
    }
    if let Some(piece) = claimable {
        row(out, plane::CLAIMABLE)[piece.tile.index()] = 1;
    }
    if let Some(piece) = drawn.or(claimable).filter(|piece| piece.red) {
        row(out, plane::NEW_RED)[piece.tile.index()] = 1;
    }
    for relative in players.seats() {
        let other = (seat + relative) % players.count();
        let base = plane::SEATS + plane::PER_SEAT * relative;
        let mut meld_counts = [0u8; KINDS];
        for piece in game.melds[other].iter().flat_map(|meld| &meld.tiles) {
            meld_counts[piece.tile.index()] += 1;
            if piece.red {
                row(out, base + 1)[piece.tile.index()] = 1;
            }
        }
        let mut river = [0u8; KINDS];
        let mut tsumogiri = [0u8; KINDS];
        let mut called = [0u8; KINDS];
        for tile in &game.rivers[other] {
            let index = tile.tile.tile.index();
            river[index] += 1;
            tsumogiri[index] += u8::from(tile.tsumogiri);
            called[index] += u8::from(tile.called);
            if tile.riichi {
                row(out, base + 5)[index] = 1;
            }
            visible[index] += u8::from(!tile.called);
        }
        for (seen, &count) in visible.iter_mut().zip(&meld_counts) {
            *seen += count;
        }
        row(out, base).copy_from_slice(&meld_counts);
        row(out, base + 2).copy_from_slice(&river);
        row(out, base + 3).copy_from_slice(&tsumogiri);
        row(out, base + 4).copy_from_slice(&called);
        for (age, tile) in game.rivers[other].iter().rev().take(4).enumerate() {
            row(out, base + 6 + age)[tile.tile.tile.index()] = 1;
        }
    }
    let mut indicators = [0u8; KINDS];
    let mut dora = [0u8; KINDS];
    for piece in &game.indicators {
        indicators[piece.tile.index()] += 1;
        let shown = if players.is_three() {
            game.scoring.dora_of(piece.tile)
        } else {
            dora_of(piece.tile)
        };
        dora[shown.index()] += 1;
    }
    // Norths set aside are in sight.
    visible[30] += game.kita.iter().sum::<u8>();
    for (seen, &count) in visible.iter_mut().zip(&indicators) {
        *seen = (*seen + count).min(4);
    }
    row(out, plane::INDICATORS).copy_from_slice(&indicators);
    row(out, plane::DORA).copy_from_slice(&dora);
    row(out, plane::VISIBLE).copy_from_slice(&visible);
    row(out, plane::ROUND_WIND)[game.id.wind.tile().index()] = 1;
    row(out, plane::SEAT_WIND)[game.seat_wind(seat).tile().index()] = 1;
    let cap = |value: u32| value.min(255) as u8;
    row(out, plane::HONBA).fill(cap(game.id.honba));
    row(out, plane::STICKS).fill(cap(game.sticks));
    row(out, plane::LIVE).fill(cap(game.wall.live_left()));
    for relative in players.seats() {
        let other = (seat + relative) % players.count();
        let thousands = (game.scores[other].max(0) / 1000) as u32;
        row(out, plane::SCORES + relative).fill(cap(thousands));
        row(out, plane::RIICHI + relative).fill(u8::from(game.riichi[other].declared));
        if players.is_three() {
            row(out, plane::KITA + relative).fill(game.kita[other]);
        }
    }
    row(out, plane::FURITEN).fill(u8::from(game.is_furiten(seat)));
    row(out, plane::HAND_NUMBER).fill((game.id.wind as u8) * 4 + game.id.number - 1);
    let size = mahjong::tiles_in(counts);
    if !size.is_multiple_of(3) {
        let shanten = mahjong::counts_shanten(counts, size);
        row(out, plane::SHANTEN).fill((shanten + 1).max(0) as u8);
    }
    if size % 3 == 1 {
        let waits = game.waits[seat];
        for (index, cell) in row(out, plane::WAITS).iter_mut().enumerate() {
            *cell = u8::from(waits & (1 << index) != 0);
        }
    } else if size % 3 == 2 {
        let after = mahjong::shanten_after_discards(counts, size);
        let best = after.iter().copied().min().unwrap_or(i8::MAX);
        for (cell, &shanten) in row(out, plane::BEST_DISCARDS).iter_mut().zip(&after) {
            *cell = u8::from(shanten == best);
        }
    }
}
