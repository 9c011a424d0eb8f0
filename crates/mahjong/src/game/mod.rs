//! The game under Tenhou's rules, four players or three (`GameRules::players`): a seeded
//! wall, each seat's view and legal actions, claims and their priorities, riichi, furiten, kans
//! and their dora, Norths set aside with three players, the draws, the payments, dealer
//! rotation and the end of the game.
//!
//! [`Game`] implements `tiles_core::Game` (a seat's decisions one at a time; when a tile can
//! be claimed, each seat that may claim it decides in turn order from the discarder, and the
//! claims are settled once all have) and also takes decisions in any order within a claim
//! window ([`Game::act`]). The rules are in the crate README's *Game rules* section.

mod action;
mod bots;
mod defence;
pub mod encoding;
mod end;
mod event;
mod follow;
mod host;
mod legal;
mod mjai_bot;
mod rules;
mod state;
mod tournament;
mod turn;
mod value;
mod view;
mod wall;
mod win;

pub use action::{Action, Meld};
pub use bots::{EfficiencyBot, RandomBot};
pub use defence::DefenceBot;
pub use event::{DrawKind, Event, HandId, Win, hand_changes, hands, seat_list};
pub use follow::Follower;
pub use host::{
    Answer, Form, HostError, Hosted, Limits, Seat, action_of, form_prefix, outside_seat,
    play_hosted,
};
pub use mjai_bot::{MjaiBot, to_mjai};
pub use rules::{GameRules, Length, START_POINTS, TARGET_POINTS};
pub use state::{Game, IllegalAction, RiverTile};
pub use tournament::{
    EntryStats, MAX_MOVES, PHOENIX_RANK_POINTS, SANMA_RANK_POINTS, Tournament, TournamentResult,
    default_rank_points, is_challenge, run, tournament, tournament_range,
};
pub use value::ValueBot;
pub use view::View;
pub use wall::{LIVE_DRAWS, Wall, all_tiles};

/// The bots by name: `random`, `efficiency`, `defence` and `value`.
pub fn bot_named(name: &str) -> Option<&'static (dyn tiles_core::Bot<Game> + Sync)> {
    static RANDOM: RandomBot = RandomBot { seed: 0 };
    static EFFICIENCY: EfficiencyBot = EfficiencyBot;
    static DEFENCE: DefenceBot = DefenceBot;
    static VALUE: ValueBot = ValueBot;
    match name {
        "random" => Some(&RANDOM),
        "efficiency" => Some(&EFFICIENCY),
        "defence" => Some(&DEFENCE),
        "value" => Some(&VALUE),
        _ => None,
    }
}

/// The bots' names.
pub const BOT_NAMES: [&str; 4] = ["random", "efficiency", "defence", "value"];
