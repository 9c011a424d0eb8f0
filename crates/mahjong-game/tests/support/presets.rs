//! The presets the rule-set scenarios play each difference under.

#![allow(dead_code)]

use mahjong_game::Preset;

/// The four-player presets, in `Preset::ALL`'s order.
pub fn four_player() -> Vec<Preset> {
    Preset::ALL
        .into_iter()
        .filter(|preset| !preset.rules().three_player())
        .collect()
}

/// The online rooms: Tenhou's and Mahjong Soul's.
pub fn online(preset: Preset) -> bool {
    matches!(preset, Preset::Tenhou | Preset::MahjongSoul)
}
