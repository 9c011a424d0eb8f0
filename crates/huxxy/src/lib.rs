//! huxxy: a two-deck rummy variant, with every rule, turn validation, bots and tournaments.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod bot;
pub mod card;
mod fixture;
pub mod game;
pub mod group;
pub mod notation;
pub mod play;
pub mod reference;
pub mod replay;
pub mod tournament;

pub use bot::{Bot, GreedyBot, SearchBot, TurnStart, bot_named};
pub use card::{
    Card, Color, Deal, PLAYERS, Rank, Suit, Variant, deal, opening_value, score, shuffled_pack,
};
pub use fixture::run_fixture;
pub use game::{End, Game};
pub use group::{GroupError, GroupKind, check_group, joker_options, valid_group, valid_table};
pub use notation::{parse_cards, parse_table, show_cards};
pub use play::{
    MAX_PLAYS, OPENING_POINTS, Play, PlayError, Played, TurnInfo, apply_to, check_play,
    legal_plays_with, valid_play,
};
pub use reference::eval_call;
pub use replay::{Ranked, Replay, Turn, TurnAction, TurnPlay, replay};
pub use tiles_notation::ParseError;
pub use tournament::{
    GameRecord, MAX_GAME_PLAYS, Standings, TournamentResult, game_seed, play_game, tournament_game,
};
