//! Hands set up for a rule or a replay test: a record's wall (the dealt tiles and each
//! seat's draws), and each seat's decisions made by hand.

#![allow(dead_code)]

use mahjong::{Piece, Tile, Wind, Yaku, parse_pieces};
use mahjong_game::{Action, Event, Game, GameRules, HandId, Wall};

pub fn pieces(text: &str) -> Vec<Piece> {
    parse_pieces(text).unwrap_or_else(|error| panic!("{text}: {error}"))
}

pub fn tile(text: &str) -> Piece {
    pieces(text)[0]
}

/// A hand dealt from these tiles (seat 0 deals East 1), each seat drawing `draws` in order.
pub fn deal(hands: [&str; 4], draws: [&str; 4], honba: u32, sticks: u32) -> Game {
    deal_with(hands, draws, "8m3p", honba, sticks)
}

/// A hand dealt as [`deal`] does, with these dora indicators in the order they show.
pub fn deal_with(
    hands: [&str; 4],
    draws: [&str; 4],
    indicators: &str,
    honba: u32,
    sticks: u32,
) -> Game {
    deal_full(hands, draws, indicators, "", honba, sticks)
}

/// A hand dealt as [`deal_with`] does, with these ura indicators under the dora indicators.
pub fn deal_full(
    hands: [&str; 4],
    draws: [&str; 4],
    indicators: &str,
    ura: &str,
    honba: u32,
    sticks: u32,
) -> Game {
    let id = HandId {
        wind: Wind::East,
        number: 1,
        honba,
    };
    let scores = [25_000 - 1000 * sticks as i32, 25_000, 25_000, 25_000];
    let mut game = Game::for_replay(GameRules::default(), id, 0, sticks, scores);
    let indicators = pieces(indicators);
    let ura = if ura.is_empty() {
        Vec::new()
    } else {
        pieces(ura)
    };
    let wall = Wall::given(draws.map(pieces), indicators.clone(), ura);
    game.deal_replayed(hands.map(pieces), wall, indicators[0])
        .unwrap();
    game
}

/// `seat` makes this claim; every other seat that may claim the tile passes.
pub fn claim(game: &mut Game, seat: usize, action: Action) {
    game.act(seat, action).unwrap();
    pass_all(game);
}

/// The seat's pon of `text` with two plain copies from its hand.
pub fn pon(text: &str) -> Action {
    Action::Pon {
        tiles: [tile(text), tile(text)],
    }
}

/// Each seat in turn discards its tile (drawn or held), every claim passed.
pub fn go_round(game: &mut Game, discards: &[(usize, &str)]) {
    for &(seat, text) in discards {
        discard(game, seat, text, false);
        pass_all(game);
    }
}

pub fn yaku_of(win: &mahjong_game::Win) -> Vec<Yaku> {
    win.score.yaku.iter().map(|one| one.yaku).collect()
}

/// The seat's legal discard of `text` (from the hand if it can, else the tile just drawn).
pub fn discard(game: &mut Game, seat: usize, text: &str, riichi: bool) {
    let wanted = tile(text);
    let legal = game.legal_actions(seat);
    let action = legal
        .iter()
        .copied()
        .find(|action| {
            matches!(action, Action::Discard { tile, riichi: declared, tsumogiri: false } if *tile == wanted && *declared == riichi)
        })
        .or_else(|| {
            legal.iter().copied().find(|action| {
                matches!(action, Action::Discard { tile, riichi: declared, .. } if *tile == wanted && *declared == riichi)
            })
        })
        .unwrap_or_else(|| panic!("seat {seat} cannot discard {text}: {legal:?}"));
    game.act(seat, action).unwrap();
}

pub fn pass_all(game: &mut Game) {
    while game.claim_on_table().is_some() && !game.is_over() && !game.deciding().is_empty() {
        let seat = game.deciding()[0];
        game.act(seat, Action::Pass).unwrap();
    }
}

pub fn discards_of(game: &Game, seat: usize) -> Vec<Tile> {
    game.legal_actions(seat)
        .into_iter()
        .filter_map(|action| match action {
            Action::Discard { tile, .. } => Some(tile.tile),
            _ => None,
        })
        .collect()
}

pub fn wins(game: &Game) -> Vec<mahjong_game::Win> {
    game.hand_events()
        .iter()
        .filter_map(|event| match event {
            Event::Win(win) => Some((**win).clone()),
            _ => None,
        })
        .collect()
}

/// A hand set up under any rules: its id, dealer, points and sticks, each seat's tiles and
/// draws (replacement tiles included, in order), the dora and ura indicators in the order
/// they show, and how many live draws are left (the wall's end).
pub struct SetUp<'a> {
    pub rules: GameRules,
    pub id: HandId,
    pub dealer: usize,
    /// Each seat's points (the rules' start points when `None`).
    pub scores: Option<[i32; 4]>,
    pub sticks: u32,
    pub hands: [&'a str; 4],
    pub draws: [&'a str; 4],
    pub indicators: &'a str,
    pub ura: &'a str,
    pub live_left: Option<u32>,
}

impl SetUp<'_> {
    /// East 1, seat 0 dealing, the start points, no sticks, no draws, indicators 8m then 3p.
    pub fn new(rules: GameRules, hands: [&str; 4]) -> SetUp<'_> {
        SetUp {
            rules,
            id: HandId {
                wind: Wind::East,
                number: 1,
                honba: 0,
            },
            dealer: 0,
            scores: None,
            sticks: 0,
            hands,
            draws: ["", "", "", ""],
            indicators: "8m3p",
            ura: "",
            live_left: None,
        }
    }

    /// The hand dealt, the dealer drawn.
    pub fn deal(&self) -> Game {
        let start = self.rules.start_points;
        let scores = self.scores.unwrap_or([start, start, start, start]);
        let mut game = Game::for_replay(self.rules, self.id, self.dealer, self.sticks, scores);
        let indicators = pieces(self.indicators);
        let ura = if self.ura.is_empty() {
            Vec::new()
        } else {
            pieces(self.ura)
        };
        let draws = self.draws.map(|text| {
            if text.is_empty() {
                Vec::new()
            } else {
                pieces(text)
            }
        });
        let mut wall = Wall::given_for(&self.rules, draws, indicators.clone(), ura);
        if let Some(live) = self.live_left {
            wall = wall.with_live_left(live);
        }
        game.deal_replayed(self.hands.map(pieces), wall, indicators[0])
            .unwrap();
        game
    }
}

/// The seat's legal action that `matches` picks, made (panics naming the legal ones if none).
pub fn act_where(game: &mut Game, seat: usize, matches: impl Fn(&Action) -> bool) {
    let legal = game.legal_actions(seat);
    let action = legal
        .iter()
        .copied()
        .find(|action| matches(action))
        .unwrap_or_else(|| panic!("seat {seat} has no such action: {legal:?}"));
    game.act(seat, action).unwrap();
}

/// The hand's draw, if it ended in one.
pub fn drawn_kind(game: &Game) -> Option<mahjong_game::DrawKind> {
    game.hand_events().iter().find_map(|event| match event {
        Event::Drawn { kind, .. } => Some(*kind),
        _ => None,
    })
}

/// Whether the game ended.
pub fn game_ended(game: &Game) -> bool {
    game.events()
        .iter()
        .any(|event| matches!(event, Event::EndGame { .. }))
}
