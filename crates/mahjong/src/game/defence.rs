//! `defence`: the efficiency bot that folds. Against a riichi, or a seat with three or four
//! open melds late in the hand, when its own hand is far (two or more from tenpai) or cheap
//! (one from tenpai with fewer than two dora), it stops calling and discards the safest tile
//! it holds: a tile the threatening seat cannot win on (its own discards, and for a riichi
//! everything let pass since), then honours by how few copies are left, then suji (the tile
//! three away discarded, which beats the two-sided waits), kabe (a neighbour all four of which
//! are in sight), terminals before simples, the middle last. It wins when it can.

use tiles_core::Bot;

use super::action::Action;
use super::bots::{EfficiencyBot, counts_of};
use super::state::Game;
use super::view::View;
use crate::score::MeldKind;
use crate::tile::KINDS;

/// Efficiency, with folding against a threat (see the module's text).
#[derive(Debug, Clone, Copy, Default)]
pub struct DefenceBot;

/// A seat that may be ready: its safe kinds (a bit per kind).
pub(crate) struct Threat {
    safe: u64,
}

/// The seats that may be ready, with what is safe against each.
pub(crate) fn threats(view: &View) -> Vec<Threat> {
    let mut found = Vec::new();
    for seat in (0..view.players).filter(|&seat| seat != view.seat) {
        let river = &view.rivers[seat];
        let open = view.melds[seat]
            .iter()
            .filter(|meld| meld.kind != MeldKind::Ankan)
            .count();
        let riichi = view.riichi[seat];
        if !(riichi || open == 4 || open == 3 && river.len() >= 6) {
            continue;
        }
        let mut safe = 0u64;
        for tile in river {
            safe |= 1 << tile.tile.tile.index();
        }
        if let Some(declared) = river.iter().find(|tile| tile.riichi).filter(|_| riichi) {
            // Everything let pass since its riichi: it may not ron on those any more.
            for tile in view.rivers.iter().flatten() {
                if tile.order > declared.order {
                    safe |= 1 << tile.tile.tile.index();
                }
            }
        }
        found.push(Threat { safe });
    }
    found
}

/// Copies of each kind in sight of the seat: its hand, every river, meld and indicator, and
/// the Norths set aside (three players).
pub(crate) fn visible(view: &View) -> [u8; KINDS] {
    let mut seen = [0u8; KINDS];
    let pieces = view
        .hand
        .iter()
        .chain(view.rivers.iter().flatten().map(|river| &river.tile))
        .chain(
            view.melds
                .iter()
                .flatten()
                .flat_map(|meld| meld.tiles.iter()),
        )
        .chain(&view.indicators);
    for piece in pieces {
        seen[piece.tile.index()] = (seen[piece.tile.index()] + 1).min(4);
    }
    seen[30] = (seen[30] + view.kita.iter().sum::<u8>()).min(4);
    seen
}

/// How dangerous `kind` is against a threat, 0 (it cannot win on it) to 9.
fn danger(kind: usize, threat: &Threat, seen: &[u8; KINDS]) -> u32 {
    if threat.safe & (1 << kind) != 0 {
        return 0;
    }
    if kind >= 27 {
        // A pair wait or a single wait on an honour: the fewer left, the safer.
        return match 4 - seen[kind] {
            0 | 1 => 1,
            2 => 3,
            _ => 5,
        };
    }
    let rank = kind % 9 + 1;
    let safe = |offset: isize| {
        let other = kind as isize + offset;
        let same_suit = (other / 9) == (kind as isize / 9) && other >= 0;
        same_suit && threat.safe & (1 << other) != 0
    };
    // Blocked: all four of a neighbour in sight, so no two-sided wait through it.
    let wall = |offset: isize| {
        let other = kind as isize + offset;
        (other / 9) == (kind as isize / 9) && other >= 0 && seen[other as usize] == 4
    };
    // The two-sided waits on this tile: from below (rank - 2, rank - 1) and from above.
    let low_open = rank >= 4 && !safe(-3) && !wall(-1) && !wall(-2);
    let high_open = rank <= 6 && !safe(3) && !wall(1) && !wall(2);
    let sides = u32::from(low_open) + u32::from(high_open);
    let base = match rank {
        1 | 9 => 2,
        2 | 8 => 3,
        _ => 4,
    };
    base + 2 * sides
}

impl DefenceBot {
    /// Whether to fold now: a threat, and a hand far or cheap.
    pub(crate) fn folds(view: &View, threats: usize) -> bool {
        if threats == 0 {
            return false;
        }
        let counts = counts_of(&view.hand);
        let size: usize = counts.iter().map(|&count| usize::from(count)).sum();
        // On its turn (3k + 2 tiles), the best it can keep after a discard.
        let shanten = if size % 3 == 2 {
            (0..KINDS)
                .filter(|&kind| counts[kind] > 0)
                .map(|kind| {
                    let mut kept = counts;
                    kept[kind] -= 1;
                    crate::shanten::counts_shanten(&kept, size - 1)
                })
                .min()
                .unwrap_or(i8::MAX)
        } else {
            crate::shanten::counts_shanten(&counts, size)
        };
        match shanten {
            i8::MIN..=0 => false,
            1 => threats >= 2 || dora_held(view) < 2,
            _ => true,
        }
    }

    /// The safest legal discard (ties: the one that keeps the hand nearest to ready).
    pub(crate) fn safest(view: &View, threats: &[Threat]) -> Option<Action> {
        let seen = visible(view);
        let counts = counts_of(&view.hand);
        let size: usize = counts.iter().map(|&count| usize::from(count)).sum();
        view.legal
            .iter()
            .copied()
            .filter(|action| matches!(action, Action::Discard { riichi: false, .. }))
            .min_by_key(|action| {
                let Action::Discard {
                    tile, tsumogiri, ..
                } = action
                else {
                    unreachable!("discards only")
                };
                let kind = tile.tile.index();
                let worst = threats
                    .iter()
                    .map(|threat| danger(kind, threat, &seen))
                    .max()
                    .unwrap_or(0);
                let mut kept = counts;
                kept[kind] -= 1;
                let shanten = crate::shanten::counts_shanten(&kept, size - 1);
                (worst, shanten, tile.red, !tsumogiri, kind)
            })
    }
}

/// Dora the seat holds: indicated kinds in its hand and melds, and red fives.
fn dora_held(view: &View) -> u32 {
    let pieces = view.hand.iter().chain(
        view.melds[view.seat]
            .iter()
            .flat_map(|meld| meld.tiles.iter()),
    );
    let mut count = 0;
    for piece in pieces {
        count += u32::from(piece.red);
        for indicator in &view.indicators {
            if super::bots::dora_kind(view, indicator.tile) == piece.tile {
                count += 1;
            }
        }
    }
    count
}

impl Bot<Game> for DefenceBot {
    fn name(&self) -> &str {
        "defence"
    }

    fn choose(&self, view: &View) -> Action {
        for win in [Action::Ron, Action::Tsumo] {
            if view.legal.contains(&win) {
                return win;
            }
        }
        let threats = threats(view);
        if !Self::folds(view, threats.len()) {
            return EfficiencyBot.choose(view);
        }
        if view.claimable.is_some() {
            return Action::Pass;
        }
        if view.legal.contains(&Action::NineTerminals) {
            return Action::NineTerminals;
        }
        let safest = Self::safest(view, &threats);
        // A North set aside is as safe as the North discarded, and keeps the turn.
        if let Some(Action::Discard { tile, .. }) = safest
            && tile.tile.index() == 30
            && view.legal.contains(&Action::Kita)
        {
            return Action::Kita;
        }
        safest.unwrap_or_else(|| EfficiencyBot.choose(view))
    }
}
