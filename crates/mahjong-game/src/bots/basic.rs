//! Bots: `random` (a uniformly random legal action) and `efficiency` (tile efficiency with
//! riichi, yaku-keeping calls and folding).

use tiles_core::{Bot, SplitMix};

use crate::engine::Action;
use crate::engine::View;
use crate::engine::state::Game;
use mahjong::{KINDS, Tile};
use mahjong::{MeldKind, Piece};

/// A uniformly random legal action, passes included. Deterministic: the choice is drawn from
/// a generator seeded by the bot's seed and the view, so a game replays.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomBot {
    /// Mixed into every choice (two random bots with different seeds play differently).
    pub seed: u64,
}

/// A fingerprint of what the seat sees now.
fn fingerprint(view: &View, seed: u64) -> u64 {
    let mut mix = SplitMix::new(seed ^ (view.seat as u64) << 56);
    let mut state = mix.next_u64();
    let mut add = |value: u64| {
        state = (state ^ value).wrapping_mul(0x100_0000_01B3);
    };
    add(u64::from(view.live_left));
    add(u64::from(view.hand_id.number) << 8 | view.hand_id.wind as u64);
    add(u64::from(view.hand_id.honba));
    for piece in &view.hand {
        add(piece.tile.index() as u64 * 2 + u64::from(piece.red));
    }
    for river in &view.rivers {
        add(river.len() as u64);
    }
    for score in view.scores {
        add(score as u64);
    }
    add(view.legal.len() as u64);
    state
}

impl Bot<Game> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&self, view: &View) -> Action {
        let mut random = SplitMix::new(fingerprint(view, self.seed));
        view.legal[random.below(view.legal.len())]
    }
}

/// Plays for tile efficiency: wins when it can; discards the tile that leaves the lowest
/// shanten and then the most unseen effective tiles; declares riichi when the discard leaves
/// it tenpai; calls a pon of a yakuhai (dragon, seat or round wind), and other calls only when
/// its hand keeps a yaku (a yakuhai set already called, or all simples for tanyao) and the
/// call lowers its shanten; folds against a riichi with a tile the riichi player discarded
/// (genbutsu) when its hand is two or more from tenpai; declares nine terminals; with three
/// players sets a North aside whenever discarding it would be among its best discards.
#[derive(Debug, Clone, Copy, Default)]
pub struct EfficiencyBot;

/// The counts of a hand's pieces.
pub(crate) fn counts_of(hand: &[Piece]) -> [u8; KINDS] {
    let mut counts = [0u8; KINDS];
    for piece in hand {
        counts[piece.tile.index()] += 1;
    }
    counts
}

/// The kinds the seat may discard now (a bit per kind).
pub(crate) fn discard_kinds(view: &View) -> u64 {
    let mut kinds = 0u64;
    for action in &view.legal {
        if let Action::Discard { tile, .. } = action {
            kinds |= 1 << tile.tile.index();
        }
    }
    kinds
}

/// The least shanten the discards of `kinds` leave (`after`: each kind's, from
/// `shanten_after_discards`), or `None` if there are none.
pub(crate) fn least_after(after: &[i8; KINDS], kinds: u64) -> Option<i8> {
    (0..KINDS)
        .filter(|&kind| kinds & (1 << kind) != 0)
        .map(|kind| after[kind])
        .min()
}

/// The shanten of these counts (of a size that has one).
fn shanten_of(counts: &[u8; KINDS]) -> i8 {
    let size: u8 = counts.iter().sum();
    if size.is_multiple_of(3) || size > 14 {
        return i8::MAX;
    }
    mahjong::counts_shanten(counts, usize::from(size))
}

/// The kinds a draw could bring the hand closer with: within two of a held tile of its suit
/// (the same kind, for honours), and the terminals and honours for thirteen orphans.
fn useful_draws(counts: &[u8; KINDS], size: usize) -> u64 {
    let mut mask = 0u64;
    for (index, &count) in counts.iter().enumerate() {
        if count == 0 {
            continue;
        }
        if index >= 27 {
            mask |= 1 << index;
            continue;
        }
        let suit = index / 9 * 9;
        for near in index.saturating_sub(2).max(suit)..=(index + 2).min(suit + 8) {
            mask |= 1 << near;
        }
    }
    if size >= 13 {
        for index in 0..KINDS {
            if Tile::at(index).is_terminal_or_honor() {
                mask |= 1 << index;
            }
        }
    }
    mask
}

/// The kind an indicator shows as dora at the seat's table (1m and 9m indicate each other
/// with three players).
pub(crate) fn dora_kind(view: &View, indicator: Tile) -> Tile {
    let rules = mahjong::ScoringRules {
        players: view.players,
        ..mahjong::ScoringRules::TENHOU
    };
    rules.dora_of(indicator)
}

/// Whether to set a North aside (three players) when it may: it is a discard of the North
/// that keeps the turn and is a dora, so whenever discarding a North would be among the
/// hand's best (or the hand is fixed by riichi).
pub(crate) fn wants_kita(view: &View) -> bool {
    if !view.legal.contains(&Action::Kita) {
        return false;
    }
    if view.riichi[view.seat] {
        return true;
    }
    let counts = counts_of(&view.hand);
    let after = |kind: usize| {
        let mut kept = counts;
        kept[kind] -= 1;
        shanten_of(&kept)
    };
    let best = (0..KINDS)
        .filter(|&kind| counts[kind] > 0)
        .map(after)
        .min()
        .unwrap_or(i8::MAX);
    after(30) <= best
}

/// The yakuhai kinds for the seat: the dragons, its seat wind and the round wind.
pub(crate) fn yakuhai(view: &View, tile: Tile) -> bool {
    let index = tile.index();
    let seat_wind = 27 + (view.seat + view.players.count() - view.dealer) % view.players.count();
    let round_wind = 27 + view.hand_id.wind as usize;
    (31..34).contains(&index) || index == seat_wind || index == round_wind
}

impl EfficiencyBot {
    /// The discard for tile efficiency among the legal ones (plain before red, the drawn
    /// tile's own copy first), and whether a riichi version of it is legal.
    fn best_discard(view: &View) -> Option<Action> {
        let counts = counts_of(&view.hand);
        // Unseen copies: four less those in the hand, the rivers, the melds and indicators.
        let mut visible = counts;
        for river in &view.rivers {
            for tile in river {
                visible[tile.tile.tile.index()] += 1;
            }
        }
        for melds in &view.melds {
            for meld in melds {
                for piece in &meld.tiles {
                    visible[piece.tile.index()] += 1;
                }
            }
        }
        for piece in &view.indicators {
            visible[piece.tile.index()] += 1;
        }
        // Norths set aside (three players) are in sight too.
        visible[30] += view.kita.iter().sum::<u8>();
        // The shanten each legal discard leaves; the effective tiles only for the best.
        let legal = discard_kinds(view);
        let mut kept: Vec<(Tile, i8)> = Vec::with_capacity(14);
        for index in 0..KINDS {
            if counts[index] == 0 || legal & (1 << index) == 0 {
                continue;
            }
            let tile = Tile::at(index);
            let mut after = counts;
            after[index] -= 1;
            kept.push((tile, shanten_of(&after)));
        }
        let least = kept.iter().map(|(_, shanten)| *shanten).min()?;
        let size = mahjong::tiles_in(&counts) - 1;
        let melds = size / 3;
        let mut best: Option<(i8, u32, Tile)> = None;
        for (tile, shanten) in kept.into_iter().filter(|(_, shanten)| *shanten == least) {
            let mut after = counts;
            after[tile.index()] -= 1;
            let useful = useful_draws(&after, size);
            // A draw changes seven pairs' and thirteen orphans' shanten by one at most: they
            // need working out only if that could bring them below the hand's.
            let special = size >= 13
                && (mahjong::seven_pairs_shanten(&after) - 1 < shanten
                    || mahjong::thirteen_orphans_shanten(&after) - 1 < shanten);
            let lacks = mahjong::standard_lack_with_draws(&after, melds, useful);
            let mut effective = 0u32;
            for draw in 0..KINDS {
                if useful & (1 << draw) == 0 || after[draw] >= 4 {
                    continue;
                }
                let standard = lacks[draw] as i8 - 1;
                let lowered = standard < shanten
                    || special && {
                        after[draw] += 1;
                        let lower = mahjong::counts_shanten(&after, size + 1) < shanten;
                        after[draw] -= 1;
                        lower
                    };
                if lowered {
                    effective += u32::from(4u8.saturating_sub(visible[draw]));
                }
            }
            // More effective tiles first, then honours and terminals out before simples.
            let better = match best {
                None => true,
                Some((_, best_effective, best_tile)) => {
                    (std::cmp::Reverse(effective), !tile.is_terminal_or_honor())
                        < (
                            std::cmp::Reverse(best_effective),
                            !best_tile.is_terminal_or_honor(),
                        )
                }
            };
            if better {
                best = Some((shanten, effective, tile));
            }
        }
        let (shanten, _, tile) = best?;
        Self::discard_of(view, tile, shanten == 0)
    }

    /// The legal discard of `tile`: riichi if `riichi` and legal, the plain copy before the
    /// red one, the drawn copy first.
    pub(crate) fn discard_of(view: &View, tile: Tile, riichi: bool) -> Option<Action> {
        let mut choices: Vec<Action> = view
            .legal
            .iter()
            .copied()
            .filter(|action| matches!(action, Action::Discard { tile: piece, .. } if piece.tile == tile))
            .collect();
        choices.sort_by_key(|action| match action {
            Action::Discard {
                tile,
                tsumogiri,
                riichi: declared,
            } => (*declared != riichi, tile.red, !tsumogiri),
            _ => (true, true, true),
        });
        choices.first().copied()
    }

    /// A safe discard against a riichi: a tile some riichi seat discarded.
    fn fold(view: &View) -> Option<Action> {
        let riichi_seats: Vec<usize> = (0..4)
            .filter(|&seat| seat != view.seat && view.riichi[seat])
            .collect();
        if riichi_seats.is_empty() {
            return None;
        }
        let counts = counts_of(&view.hand);
        if shanten_of(&counts) < 2 {
            return None;
        }
        let safe = |tile: Tile| {
            riichi_seats.iter().all(|&seat| {
                view.rivers[seat]
                    .iter()
                    .any(|river| river.tile.tile == tile)
            })
        };
        // Honours first among the safe tiles, then the rest in tile order.
        let mut candidates: Vec<Tile> = (0..KINDS)
            .filter(|&index| counts[index] > 0)
            .map(Tile::at)
            .filter(|&tile| safe(tile))
            .collect();
        candidates.sort_by_key(|tile| std::cmp::Reverse(tile.index()));
        candidates
            .into_iter()
            .find_map(|tile| Self::discard_of(view, tile, false))
    }

    /// Whether the seat's hand keeps a yaku if it calls `tile` with `used`.
    fn keeps_yaku(view: &View, tile: Tile, used: &[Piece]) -> bool {
        if yakuhai(view, tile) && used.len() >= 2 && used.iter().all(|piece| piece.tile == tile) {
            return true;
        }
        let melds = &view.melds[view.seat];
        let counts = counts_of(&view.hand);
        let has_yakuhai = melds
            .iter()
            .any(|meld| meld.kind != MeldKind::Chi && yakuhai(view, meld.tiles[0].tile))
            || (0..KINDS).any(|index| counts[index] >= 3 && yakuhai(view, Tile::at(index)));
        let simple = |tile: Tile| !tile.is_terminal_or_honor();
        let all_simple = simple(tile)
            && view.hand.iter().all(|piece| simple(piece.tile))
            && melds
                .iter()
                .all(|meld| meld.tiles.iter().all(|piece| simple(piece.tile)));
        has_yakuhai || all_simple
    }

    fn claim(view: &View) -> Action {
        if view.legal.contains(&Action::Ron) {
            return Action::Ron;
        }
        let Some((tile, _)) = view.claimable else {
            return Action::Pass;
        };
        let counts = counts_of(&view.hand);
        let now = shanten_of(&counts);
        for action in &view.legal {
            let used: Vec<Piece> = match action {
                Action::Pon { tiles } | Action::Chi { tiles } => tiles.to_vec(),
                _ => continue,
            };
            if !Self::keeps_yaku(view, tile.tile, &used) {
                continue;
            }
            let mut after = counts;
            for piece in &used {
                after[piece.tile.index()] -= 1;
            }
            // After the call the hand discards one: compare the best it can keep.
            let best_after = (0..KINDS)
                .filter(|&index| after[index] > 0)
                .map(|index| {
                    let mut kept = after;
                    kept[index] -= 1;
                    shanten_of(&kept)
                })
                .min()
                .unwrap_or(i8::MAX);
            if best_after < now {
                return *action;
            }
        }
        Action::Pass
    }
}

impl Bot<Game> for EfficiencyBot {
    fn name(&self) -> &str {
        "efficiency"
    }

    fn choose(&self, view: &View) -> Action {
        if view.claimable.is_some() {
            return Self::claim(view);
        }
        if view.legal.contains(&Action::Tsumo) {
            return Action::Tsumo;
        }
        if view.legal.contains(&Action::NineTerminals) {
            return Action::NineTerminals;
        }
        if wants_kita(view) {
            return Action::Kita;
        }
        Self::fold(view)
            .or_else(|| Self::best_discard(view))
            .unwrap_or(view.legal[0])
    }
}
