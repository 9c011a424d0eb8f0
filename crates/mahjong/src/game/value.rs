//! `value`: `defence`'s folding, with discards that weigh the hand's value as well as its
//! speed: among the discards that keep it nearest to ready, the one with the most unseen tiles
//! that bring it nearer, less a cost for letting a dora (or a red five) go and for breaking a
//! pair of a yakuhai (the yaku a pon would give).

use tiles_core::Bot;

use super::action::Action;
use super::bots::{EfficiencyBot, counts_of, yakuhai};
use super::defence::{DefenceBot, threats, visible};
use super::state::Game;
use super::view::View;
use crate::tile::{KINDS, Tile};

/// Speed and value (see the module's text), folding as `defence` does.
#[derive(Debug, Clone, Copy, Default)]
pub struct ValueBot;

/// What a dora let go costs, in quarters of an unseen effective tile (a dora is worth three:
/// 12 did better than 0, 6 and 24 in duplicate tournaments of 4,000 games against three
/// `defence` bots).
const DORA_COST: i32 = 12;

/// What breaking a yakuhai pair costs (one effective tile).
const YAKUHAI_COST: i32 = 4;

impl ValueBot {
    fn discard(view: &View) -> Option<Action> {
        let counts = counts_of(&view.hand);
        let size: usize = counts.iter().map(|&count| usize::from(count)).sum();
        if size % 3 != 2 {
            return None;
        }
        let seen = visible(view);
        let mut dora = [0i32; KINDS];
        for indicator in &view.indicators {
            dora[super::bots::dora_kind(view, indicator.tile).index()] += 1;
        }
        let mut legal = 0u64;
        for action in &view.legal {
            if let Action::Discard { tile, .. } = action {
                legal |= 1 << tile.tile.index();
            }
        }
        let kept: Vec<(usize, i8)> = (0..KINDS)
            .filter(|&kind| counts[kind] > 0 && legal & (1 << kind) != 0)
            .map(|kind| {
                let mut after = counts;
                after[kind] -= 1;
                (kind, crate::shanten::counts_shanten(&after, size - 1))
            })
            .collect();
        let least = kept.iter().map(|(_, shanten)| *shanten).min()?;
        let mut best: Option<(i32, usize)> = None;
        for (kind, _) in kept.into_iter().filter(|(_, shanten)| *shanten == least) {
            let mut after = counts;
            after[kind] -= 1;
            let mut effective = 0i32;
            for draw in 0..KINDS {
                if after[draw] >= 4 || seen[draw] >= 4 {
                    continue;
                }
                after[draw] += 1;
                if crate::shanten::counts_shanten(&after, size) < least {
                    effective += i32::from(4 - seen[draw]);
                }
                after[draw] -= 1;
            }
            let tile = Tile::at(kind);
            // A red five goes last among its kind (the plain copy is discarded first).
            let red_only = view
                .hand
                .iter()
                .filter(|piece| piece.tile == tile)
                .all(|piece| piece.red);
            let mut score = 4 * effective - DORA_COST * (dora[kind] + i32::from(red_only));
            if counts[kind] == 2 && yakuhai(view, tile) {
                score -= YAKUHAI_COST;
            }
            // Honours and terminals out first on a tie.
            let key = (score, usize::from(tile.is_terminal_or_honor()));
            if best.is_none_or(|(old, old_kind)| {
                key > (old, usize::from(Tile::at(old_kind).is_terminal_or_honor()))
            }) {
                best = Some((score, kind));
            }
        }
        let (_, kind) = best?;
        EfficiencyBot::discard_of(view, Tile::at(kind), least == 0)
    }
}

impl Bot<Game> for ValueBot {
    fn name(&self) -> &str {
        "value"
    }

    fn choose(&self, view: &View) -> Action {
        for win in [Action::Ron, Action::Tsumo] {
            if view.legal.contains(&win) {
                return win;
            }
        }
        let threats = threats(view);
        if DefenceBot::folds(view, threats.len()) || view.claimable.is_some() {
            return DefenceBot.choose(view);
        }
        if view.legal.contains(&Action::NineTerminals) {
            return Action::NineTerminals;
        }
        if super::bots::wants_kita(view) {
            return Action::Kita;
        }
        Self::discard(view).unwrap_or_else(|| EfficiencyBot.choose(view))
    }
}
