//! huxxy: a two-deck rummy variant, with every rule, turn validation, bots and tournaments.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod bot;
mod card;
mod fixture;
mod game;
mod group;
mod notation;
mod play;
mod reference;
mod replay;
mod tournament;

pub use bot::{Bot, GreedyBot, SearchBot, TurnStart, bot_named, choose_by_plan};
pub use card::{
    Card, Color, Deal, HAND_SIZE, PLAYERS, Rank, Suit, Variant, deal, opening_value, score,
    shuffled_pack,
};
pub use fixture::run_fixture;
pub use game::{End, Game, Move, TurnError, View};
pub use group::{
    ColorName, GroupError, GroupKind, RankName, SuitName, check_group, joker_options, valid_group,
    valid_table,
};
pub use notation::{parse_cards, parse_table, show_cards};
pub use play::{
    MAX_PLAYS, OPENING_POINTS, Play, PlayError, Played, TurnInfo, apply_to, check_play,
    check_play_with, legal_plays_with, valid_play,
};
pub use reference::eval_call;
pub use replay::{Ranked, Replay, Turn, TurnAction, TurnPlay, replay};
pub use tiles_core;
pub use tiles_notation::ParseError;
pub use tournament::{MAX_TURNS, TournamentResult, play_game, tournament, tournament_range};
