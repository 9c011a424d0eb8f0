//! The `value` bot's judgements on hands set up for them: riichi or dama by the hand's worth,
//! folding a cheap hand and pushing a valuable one against a riichi, calling only with a yaku
//! in reach; and `defence` folding the cheap hand the same way.

use mahjong::{Hand, Piece, Wind, parse_pieces, shanten_overall};
use mahjong_game::{Action, DefenceBot, GameRules, HandId, RiverTile, ValueBot, View};
use tiles_core::Bot;

fn pieces(text: &str) -> Vec<Piece> {
    parse_pieces(text).unwrap()
}

fn shanten_of(hand: &[Piece]) -> i8 {
    let mut counts = [0u8; 34];
    for piece in hand {
        counts[piece.tile.index()] += 1;
    }
    shanten_overall(&Hand::from_counts(counts).unwrap()).unwrap()
}

/// The discards of `hand` (the drawn tile last): each kind once (the drawn copy as drawn,
/// a red five apart), and with riichi those that leave the closed hand ready.
fn discards(hand: &[Piece], drawn: Piece) -> Vec<Action> {
    let mut legal = Vec::new();
    let mut seen: Vec<(Piece, bool)> = Vec::new();
    for (at, piece) in hand.iter().enumerate() {
        let tsumogiri = at == hand.len() - 1 && *piece == drawn;
        if seen.contains(&(*piece, tsumogiri)) {
            continue;
        }
        seen.push((*piece, tsumogiri));
        let mut rest = hand.to_vec();
        rest.remove(at);
        for riichi in [false, true] {
            if !riichi || shanten_of(&rest) == 0 {
                legal.push(Action::Discard {
                    tile: *piece,
                    tsumogiri,
                    riichi,
                });
            }
        }
    }
    legal
}

/// Seat 0 (not the dealer) on its turn in East 1 with `hand` and `drawn`, nothing else on the
/// table; dora indicator 1z (dora 2z).
fn turn(hand: &str, drawn: &str) -> View {
    let drawn = pieces(drawn)[0];
    let mut tiles = pieces(hand);
    assert_eq!(tiles.len(), 13, "{hand}");
    tiles.push(drawn);
    let legal = discards(&tiles, drawn);
    View {
        seat: 0,
        hand_id: HandId {
            wind: Wind::East,
            number: 2,
            honba: 0,
        },
        dealer: 1,
        sticks: 0,
        scores: [25_000; 4],
        hand: tiles,
        drawn: Some(drawn),
        claimable: None,
        melds: Default::default(),
        rivers: Default::default(),
        riichi: [false; 4],
        indicators: pieces("1z"),
        live_left: 60,
        legal,
        players: mahjong_game::Players::Four,
        kita: [0; 4],
        rules: GameRules::TENHOU,
    }
}

/// Seat 1 (the dealer) has declared riichi; its river `river`, the riichi on the last tile.
fn against_riichi(mut view: View, river: &str, live_left: u32) -> View {
    let tiles = pieces(river);
    let last = tiles.len() - 1;
    view.rivers[1] = tiles
        .into_iter()
        .enumerate()
        .map(|(order, tile)| RiverTile {
            tile,
            tsumogiri: false,
            riichi: order == last,
            called: false,
            order: order as u32 * 4 + 1,
        })
        .collect();
    view.riichi[1] = true;
    view.sticks = 1;
    view.live_left = live_left;
    view
}

fn discarded(action: Action) -> (String, bool) {
    match action {
        Action::Discard { tile, riichi, .. } => (tile.to_string(), riichi),
        other => panic!("{other} is not a discard"),
    }
}

#[test]
fn value_declares_riichi_on_a_hand_with_no_other_yaku() {
    // 123m 789p 555s 23p 99s: ready on 1p-4p, no yaku but riichi or tsumo (the triplet
    // rules out pinfu, the terminals tanyao).
    let view = turn("123m789p555s23p99s", "7z");
    assert_eq!(view.hand.len(), 14);
    assert_eq!(discarded(ValueBot.choose(&view)), ("7z".to_owned(), true));
}

#[test]
fn value_stays_quiet_when_riichi_adds_nothing() {
    // Daisangen ready on 1m or 4m: riichi would add no points and risk the stick.
    let view = turn("555666777z1234m", "9p");
    assert_eq!(discarded(ValueBot.choose(&view)), ("9p".to_owned(), false));
}

#[test]
fn a_cheap_hand_folds_late_against_a_dealer_riichi_and_a_valuable_one_pushes() {
    // One from ready (two kanchan), no dora, four draws left: the 2p pair is the only tile
    // the riichi cannot win on; the quick discards (9m, 5m) are not safe.
    let cheap = turn("13m46p789s234s22p9m", "5m");
    assert!(cheap.legal.len() > 3);
    let folding = against_riichi(cheap.clone(), "1z9s8p7z2p", 16);
    for bot in [&ValueBot as &dyn Bot<_>, &DefenceBot] {
        assert_eq!(discarded(bot.choose(&folding)).0, "2p", "{}", bot.name());
        // With no threat the pair is kept.
        assert_ne!(discarded(bot.choose(&cheap)).0, "2p", "{}", bot.name());
    }
    // Ready for tanyao, pinfu, a red five and dora 2m (indicator 1m) on 5s-8s, early: a tile
    // that keeps it ready goes (5p or 8p), though the riichi may win on it, rather than the
    // safe 2p that breaks the hand.
    let mut valuable = turn("234m678p340s22p67s", "5p");
    valuable.indicators = pieces("1m");
    let pushing = against_riichi(valuable.clone(), "1z9s8p7z2p", 50);
    let (tile, _) = discarded(ValueBot.choose(&pushing));
    // 8p keeps it ready too, and the riichi cannot win on it: the one to play.
    assert_eq!(tile, "8p");
    let pushing = against_riichi(valuable, "1z9s1p7z2p", 50);
    let (tile, _) = discarded(ValueBot.choose(&pushing));
    assert!(tile == "5p" || tile == "8p", "{tile}");
}

/// Seat 0 may call `tile` discarded by seat 3 (its left) with `calls`.
fn claim(hand: &str, tile: &str, calls: Vec<Action>) -> View {
    let mut view = turn(hand, "1z");
    view.hand = pieces(hand);
    view.drawn = None;
    view.claimable = Some((pieces(tile)[0], 3));
    view.legal = calls;
    view.legal.push(Action::Pass);
    view
}

#[test]
fn value_calls_only_with_a_yaku_in_reach() {
    // Late in the hand, a pon of the white dragon (a yaku) takes the hand to ready.
    let white = pieces("55z");
    let pon = Action::Pon {
        tiles: [white[0], white[1]],
    };
    let mut view = claim("55z234m67p789s99s1m", "5z", vec![pon]);
    view.live_left = 24;
    assert_eq!(ValueBot.choose(&view), pon);
    // A chi of 5p would leave 123m 456p 789s 11s 99s 1p: no tanyao, no yakuhai, no yaku.
    let used = pieces("46p");
    let chi = Action::Chi {
        tiles: [used[0], used[1]],
    };
    let view = claim("123m46p789s1199s1p", "5p", vec![chi]);
    assert_eq!(ValueBot.choose(&view), Action::Pass);
}
