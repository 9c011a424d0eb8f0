//! `defence`: the efficiency bot that folds.
//!
//! - **Threats.** A riichi, or a seat with four open melds, or three and six discards.
//! - **Push or fold.** Against a threat, a hand two or more from ready folds; nearer, it
//!   keeps efficiency's discard unless folding is worth more, weighed as `value` weighs it:
//!   the hand's outlook (its chance to win over the draws left and what a win would bring)
//!   less the chance the tile deals in times what that costs, against the safest tile and the
//!   noten payment. It stops calling when far, or one from ready with fewer than two dora.
//! - **Folding** discards the safest tile it holds: a tile the threatening seat cannot win on
//!   (its own discards, and for a riichi everything let pass since), then honours by how few
//!   copies are left, then suji (the tile three away discarded, which beats the two-sided
//!   waits), kabe (a neighbour all four of which are in sight; three in sight leave one
//!   chance, half as dangerous), terminals before simples, the middle last.
//! - **Care.** Whenever a seat has called (one or two open melds) or threatens, among the
//!   discards nearly as quick as efficiency's (at least 85% of the best count of tiles that
//!   bring the hand nearer) it plays the one least likely to deal in, efficiency's own on a
//!   tie.
//!
//! It wins when it can.

use tiles_core::Bot;

use super::action::Action;
use super::bots::{EfficiencyBot, counts_of, discard_kinds, least_after};
use super::state::Game;
use super::value::{DEPTH, ValueBot, Verdict};
use super::view::View;
use crate::score::MeldKind;
use crate::tile::KINDS;

/// Efficiency, with folding against a threat (see the module's text).
#[derive(Debug, Clone, Copy, Default)]
pub struct DefenceBot;

/// A seat that may be ready: its safe kinds (a bit per kind).
#[derive(Debug, Clone)]
pub(crate) struct Threat {
    pub seat: usize,
    /// How likely it is ready: 1 for a riichi, less for an open hand.
    pub ready: f32,
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
        let ready = if riichi {
            1.0
        } else if open == 4 || open == 3 && river.len() >= 6 {
            OPEN_READY
        } else {
            continue;
        };
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
        found.push(Threat { seat, ready, safe });
    }
    found
}

/// Ron or tsumo, when the seat may.
pub(crate) fn win_now(view: &View) -> Option<Action> {
    [Action::Ron, Action::Tsumo]
        .into_iter()
        .find(|win| view.legal.contains(win))
}

/// Seats with one or two open melds that are not threats: how likely each is ready (a
/// guess, for weighing one against another) and what is safe against it (its discards).
pub(crate) fn watched(view: &View) -> Vec<Threat> {
    let mut found = Vec::new();
    for seat in (0..view.players).filter(|&seat| seat != view.seat && !view.riichi[seat]) {
        let river = &view.rivers[seat];
        let open = view.melds[seat]
            .iter()
            .filter(|meld| meld.kind != MeldKind::Ankan)
            .count();
        let ready = match open {
            1 => 0.2,
            2 => 0.35,
            _ => continue,
        };
        let mut safe = 0u64;
        for tile in river {
            safe |= 1 << tile.tile.tile.index();
        }
        found.push(Threat { seat, ready, safe });
    }
    found
}

/// The unseen copies of the kinds a draw of which brings `kept` (`3k + 1` tiles, `shanten`
/// from ready) nearer.
pub(crate) fn nearer_tiles(kept: &[u8; KINDS], shanten: i8, seen: &[u8; KINDS]) -> u32 {
    let size = crate::tile::tiles_in(kept);
    let mut drawn = *kept;
    let mut tiles = 0;
    for draw in 0..KINDS {
        if drawn[draw] >= 4 || seen[draw] >= 4 {
            continue;
        }
        drawn[draw] += 1;
        if crate::shanten::counts_shanten(&drawn, size + 1) < shanten {
            tiles += u32::from(4 - seen[draw]);
        }
        drawn[draw] -= 1;
    }
    tiles
}

/// How likely an open hand that threatens (four melds, or three late) is ready.
const OPEN_READY: f32 = 0.5;

/// How quick a careful discard must be: this share of the quickest one's count of tiles that
/// bring the hand nearer (0.85 did as well as 0.9 and better than 0.7, 0.8 and 0.95 in
/// duplicate tournaments of 10,000 games against three `efficiency` bots).
const CAREFUL: f32 = 0.85;

/// Among the legal plain discards that keep the hand as near to ready as it can be and are
/// nearly as quick as the quickest ([`CAREFUL`]), the one least likely to deal in against
/// `seats`; on a tie `quickest_kind` (efficiency's), then the quicker.
fn careful(view: &View, seats: &[Threat], quickest_kind: usize) -> Option<Action> {
    let counts = counts_of(&view.hand);
    let size = crate::tile::tiles_in(&counts);
    if size % 3 != 2 {
        return None;
    }
    let seen = visible(view);
    let after = crate::shanten::shanten_after_discards(&counts, size);
    // Every discard may be made without riichi.
    let legal = discard_kinds(view);
    let least = least_after(&after, legal)?;
    let mut options: Vec<(usize, u32, f32)> = Vec::new();
    for kind in (0..KINDS).filter(|&kind| legal & (1 << kind) != 0 && after[kind] == least) {
        let mut kept = counts;
        kept[kind] -= 1;
        let quick = nearer_tiles(&kept, least, &seen);
        let risk: f32 = seats
            .iter()
            .map(|seat| seat.ready * danger(kind, seat, &seen) as f32)
            .sum();
        options.push((kind, quick, risk));
    }
    let quickest = options.iter().map(|option| option.1).max()?;
    let (kind, _, _) = options
        .into_iter()
        .filter(|option| option.1 as f32 >= CAREFUL * quickest as f32)
        .min_by(|a, b| {
            a.2.total_cmp(&b.2)
                .then((a.0 != quickest_kind).cmp(&(b.0 != quickest_kind)))
                .then(b.1.cmp(&a.1))
        })?;
    EfficiencyBot::discard_of(view, crate::tile::Tile::at(kind), false)
}

/// Copies of each kind in sight of the seat: its hand, every river, meld and indicator, and
/// the Norths set aside (three players).
pub(crate) fn visible(view: &View) -> [u8; KINDS] {
    let mut seen = [0u8; KINDS];
    let pieces = view
        .hand
        .iter()
        // A claimed discard shows in the claimer's meld, counted there.
        .chain(
            view.rivers
                .iter()
                .flatten()
                .filter(|river| !river.called)
                .map(|river| &river.tile),
        )
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
pub(crate) fn danger(kind: usize, threat: &Threat, seen: &[u8; KINDS]) -> u32 {
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
    // How many of a neighbour are in sight: all four block the waits through it (kabe), three
    // leave one copy (one chance).
    let shown = |offset: isize| {
        let other = kind as isize + offset;
        if (other / 9) == (kind as isize / 9) && other >= 0 {
            seen[other as usize]
        } else {
            0
        }
    };
    // The two-sided waits on this tile: from below (rank - 2, rank - 1) and from above; 2 a
    // side open, 1 if a tile of it is down to its last copy.
    let side = |open: bool, near: isize, far: isize| -> u32 {
        let most = shown(near).max(shown(far));
        match (open, most) {
            (false, _) | (_, 4) => 0,
            (true, 3) => 1,
            _ => 2,
        }
    };
    let sides = side(rank >= 4 && !safe(-3), -1, -2) + side(rank <= 6 && !safe(3), 1, 2);
    let base = match rank {
        1 | 9 => 2,
        2 | 8 => 3,
        _ => 4,
    };
    base + sides
}

impl DefenceBot {
    /// Whether to fold now: a threat, and a hand far or cheap.
    pub(crate) fn folds(view: &View, threats: usize) -> bool {
        if threats == 0 {
            return false;
        }
        let counts = counts_of(&view.hand);
        let size = crate::tile::tiles_in(&counts);
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
        let size = crate::tile::tiles_in(&counts);
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

impl DefenceBot {
    /// Folding with the safest discard: a North set aside instead when that is the one (as
    /// safe as the North discarded, and it keeps the turn).
    pub(crate) fn fold_with(view: &View, safest: Action) -> Action {
        if let Action::Discard { tile, .. } = safest
            && tile.tile.index() == 30
            && view.legal.contains(&Action::Kita)
        {
            return Action::Kita;
        }
        safest
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
        if let Some(win) = win_now(view) {
            return win;
        }
        let threats = threats(view);
        if view.claimable.is_some() {
            if Self::folds(view, threats.len()) {
                return Action::Pass;
            }
            return EfficiencyBot.choose(view);
        }
        let mut push = EfficiencyBot.choose(view);
        if let Action::Discard {
            tile,
            riichi: false,
            ..
        } = push
        {
            let mut seats = threats.clone();
            seats.extend(watched(view));
            if !seats.is_empty()
                && let Some(careful) = careful(view, &seats, tile.tile.index())
            {
                push = careful;
            }
        }
        if threats.is_empty() {
            return push;
        }
        // Near ready: the discard unless folding is worth more (value's outlook).
        if let Action::Discard { tile, .. } = push {
            // Weighed against the threats alone (the seats that have only called shaped the
            // discard above).
            match ValueBot::weigh(view, 1 << tile.tile.index(), DEPTH, false) {
                Some(Verdict::Push(_)) => return push,
                Some(Verdict::Fold(fold)) => return fold,
                Some(Verdict::Far) | None => {}
            }
        }
        if !Self::folds(view, threats.len()) {
            return push;
        }
        if view.legal.contains(&Action::NineTerminals) {
            return Action::NineTerminals;
        }
        match Self::safest(view, &threats) {
            Some(safest) => Self::fold_with(view, safest),
            None => EfficiencyBot.choose(view),
        }
    }
}
