//! mjai both ways: its wire form (`wire`, which the records use too), a game followed from
//! one seat's mjai events ([`Follower`]), and our bots answering mjai ([`MjaiBot`]).

mod bot;
mod decision;
pub(crate) mod follow;
pub mod wire;

pub use bot::{MjaiBot, to_mjai};
pub use decision::{decision_json, decision_of};
pub use follow::Follower;
pub use wire::rules_json;
