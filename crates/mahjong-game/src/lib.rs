//! Riichi mahjong at the table: the four- and three-player game under Tenhou's rules or
//! another rule set (`GameRules`, `Preset`), its
//! bots, mjai, game records (Tenhou mjlog, tenhou.net/6, mjai) read, written and replayed,
//! tournaments and the encoding for learning agents, on the `mahjong` crate's hands.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod bots;
pub mod dataset;
pub mod encoding;
mod engine;
mod fixture;
mod host;
pub mod mjai;
pub mod records;
pub mod tournament;

pub use bots::{BOT_NAMES, DefenceBot, EfficiencyBot, RandomBot, ValueBot, bot_named};
pub use engine::{
    Action, Board, Busting, Chombo, DrawKind, Event, Game, GameRules, HandId, IllegalAction,
    KanDoraTiming, Kuikae, LIVE_DRAWS, Leftover, Length, Meld, MultipleRon, PaoHonba, PaoScope,
    Preset, ReadyDiscard, Renchan, RiverTile, RonHonba, RonSticks, Rounding, RulesError,
    START_POINTS, TARGET_POINTS, Ties, Uma, View, Wall, Win, WinningTile, all_tiles, hand_changes,
    hand_tiles, hands, seat_list, thousands_text,
};
pub use fixture::run_fixture;
pub use host::{
    Answer, Connect, Form, HostError, Hosted, Limits, Seat, Wait, Wire, action_of, form_prefix,
    outside_seat, play_hosted,
};
/// The hands the game is played with (tiles, analysis, scoring), for one dependency.
pub use mahjong;
/// How many sit at the table: the one player-count type the game, the hands and every entry
/// point share.
pub use mahjong::Players;
pub use mjai::{Follower, MjaiBot, to_mjai};
/// The shared game interface the game is played on (its version, for bots written against it).
pub use tiles_core;
pub use tournament::{
    EntryStats, MAX_MOVES, PHOENIX_RANK_POINTS, SANMA_RANK_POINTS, Tournament, TournamentResult,
    default_rank_points, is_challenge, run, tournament, tournament_range,
};
