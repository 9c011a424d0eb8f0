//! The game under its rules (`GameRules`: Tenhou's by default, or a league's), four players or
//! three (`GameRules::players`): a seeded
//! wall, each seat's view and legal actions, claims and their priorities, riichi, furiten, kans
//! and their dora, Norths set aside with three players, the draws, the payments, dealer
//! rotation and the end of the game.
//!
//! [`Game`] implements `tiles_core::Game` (a seat's decisions one at a time; when a tile can
//! be claimed, each seat that may claim it decides in turn order from the discarder, and the
//! claims are settled once all have) and also takes decisions in any order within a claim
//! window ([`Game::act`]). The rules are in the crate README's *Game rules* section.

mod action;
mod board;
mod end;
mod event;
pub(crate) mod legal;
mod rules;
pub(crate) mod state;
mod turn;
mod view;
mod waits;
mod wall;
mod win;

pub use action::{Action, Meld};
pub use board::Board;
pub use end::chombos;
pub use event::{DrawKind, Event, HandId, Win, hand_changes, hand_tiles, hands, seat_list};
pub use rules::{
    Busting, Chombo, GameRules, KanDoraTiming, Kuikae, Leftover, Length, MultipleRon, PaoHonba,
    PaoScope, Preset, Renchan, RonHonba, RonSticks, Rounding, RulesError, START_POINTS,
    TARGET_POINTS, Ties, Uma, thousands_text,
};
pub use state::{Game, IllegalAction, RiverTile};
pub use view::View;
pub use waits::{ReadyDiscard, WinningTile};
pub use wall::{LIVE_DRAWS, Wall, all_tiles};
