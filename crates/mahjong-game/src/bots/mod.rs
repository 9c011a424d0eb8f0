//! Our bots: `random`, `efficiency`, `defence` and `value`, all on `tiles_core`'s `Bot`
//! interface, each choosing from a seat's [`View`](crate::View).

mod basic;
mod defence;
mod judgement;
mod value;

pub use basic::{EfficiencyBot, RandomBot};
pub use defence::DefenceBot;
pub(crate) use judgement::visible;
pub use value::ValueBot;

use crate::engine::Game;

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
