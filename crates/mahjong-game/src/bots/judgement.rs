//! The bots' shared judgement of the table: the seats that threaten and what is safe against
//! them (genbutsu, suji, kabe, copies left), whether to fold and with what, and the push or
//! fold weighing of a discard by its outlook (the hand's chance to win and what a win brings)
//! against what dealing in would cost. `defence` and `value` both play by it.

use mahjong::outlook::{Outlook, Plain, Setting, Stakes, TURNS};
use mahjong::{CalledMeld, KINDS, MeldKind, Piece, Tile, Wind};

use super::basic::{EfficiencyBot, counts_of, discard_kinds, dora_kind, least_after};
use crate::engine::{Action, View};

/// How likely an open hand that threatens (four melds, or three late) is ready.
const OPEN_READY: f32 = 0.5;

/// A seat that may be ready: its safe kinds (a bit per kind).
#[derive(Debug, Clone)]
pub(super) struct Threat {
    pub seat: usize,
    /// How likely it is ready: 1 for a riichi, less for an open hand.
    pub ready: f32,
    safe: u64,
}

/// The seats that may be ready, with what is safe against each.
pub(super) fn threats(view: &View) -> Vec<Threat> {
    let mut found = Vec::new();
    for seat in (0..view.players.count()).filter(|&seat| seat != view.seat) {
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
pub(super) fn win_now(view: &View) -> Option<Action> {
    [Action::Ron, Action::Tsumo]
        .into_iter()
        .find(|win| view.legal.contains(win))
}

/// Seats with one or two open melds that are not threats: how likely each is ready (a
/// guess, for weighing one against another) and what is safe against it (its discards).
pub(super) fn watched(view: &View) -> Vec<Threat> {
    let mut found = Vec::new();
    for seat in (0..view.players.count()).filter(|&seat| seat != view.seat && !view.riichi[seat]) {
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
pub(super) fn nearer_tiles(kept: &[u8; KINDS], shanten: i8, seen: &[u8; KINDS]) -> u32 {
    let size = mahjong::tiles_in(kept);
    let mut drawn = *kept;
    let mut tiles = 0;
    for draw in 0..KINDS {
        if drawn[draw] >= 4 || seen[draw] >= 4 {
            continue;
        }
        drawn[draw] += 1;
        if mahjong::counts_shanten(&drawn, size + 1) < shanten {
            tiles += u32::from(4 - seen[draw]);
        }
        drawn[draw] -= 1;
    }
    tiles
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
pub(super) fn danger(kind: usize, threat: &Threat, seen: &[u8; KINDS]) -> u32 {
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

/// Whether to fold now: a threat, and a hand far or cheap.
pub(super) fn folds(view: &View, threats: usize) -> bool {
    if threats == 0 {
        return false;
    }
    let counts = counts_of(&view.hand);
    let size = mahjong::tiles_in(&counts);
    // On its turn (3k + 2 tiles), the best it can keep after a discard.
    let shanten = if size % 3 == 2 {
        (0..KINDS)
            .filter(|&kind| counts[kind] > 0)
            .map(|kind| {
                let mut kept = counts;
                kept[kind] -= 1;
                mahjong::counts_shanten(&kept, size - 1)
            })
            .min()
            .unwrap_or(i8::MAX)
    } else {
        mahjong::counts_shanten(&counts, size)
    };
    match shanten {
        i8::MIN..=0 => false,
        1 => threats >= 2 || dora_held(view) < 2,
        _ => true,
    }
}

/// The safest legal discard (ties: the one that keeps the hand nearest to ready).
pub(super) fn safest(view: &View, threats: &[Threat]) -> Option<Action> {
    let seen = visible(view);
    let counts = counts_of(&view.hand);
    let size = mahjong::tiles_in(&counts);
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
            let shanten = mahjong::counts_shanten(&kept, size - 1);
            (worst, shanten, tile.red, !tsumogiri, kind)
        })
}

/// Folding with the safest discard: a North set aside instead when that is the one (as
/// safe as the North discarded, and it keeps the turn).
pub(super) fn fold_with(view: &View, safest: Action) -> Action {
    if let Action::Discard { tile, .. } = safest
        && tile.tile.index() == 30
        && view.legal.contains(&Action::Kita)
    {
        return Action::Kita;
    }
    safest
}

/// Dora the seat holds: indicated kinds in its hand and melds, and red fives.
pub(super) fn dora_held(view: &View) -> u32 {
    let pieces = view.hand.iter().chain(
        view.melds[view.seat]
            .iter()
            .flat_map(|meld| meld.tiles.iter()),
    );
    let mut count = 0;
    for piece in pieces {
        count += u32::from(piece.red);
        for indicator in &view.indicators {
            if super::basic::dora_kind(view, indicator.tile) == piece.tile {
                count += 1;
            }
        }
    }
    count
}

/// How far from ready the outlook is worked out for a discard (shanten after it).
pub(super) const DEPTH: i8 = 1;

/// The chance a tile deals in against a riichi, by `defence`'s danger (0: it cannot win on
/// it; 8: a middle tile with both two-sided waits open).
const DEAL_IN: [f32; 10] = [0.0, 0.01, 0.02, 0.03, 0.045, 0.06, 0.08, 0.10, 0.12, 0.14];
/// The chance of a tile no reading has placed (a later discard's average).
const LATER_DEAL_IN: f32 = 0.06;
/// What folding leaks: later tiles that are not safe, and the noten payment.
const FOLD_LEAK: f32 = 0.03;
const FOLD_NOTEN: f32 = 600.0;
/// Points a place is worth in all-last, per rank point (Tenhou's 90/45/0/-135).
const PLACE_WEIGHT: f32 = 300.0;

/// What weighing the discards found.
pub(super) enum Verdict {
    /// The best discard (riichi or not).
    Push(Action),
    /// Folding: the safest discard.
    Fold(Action),
    /// Every discard leaves the hand further from ready than the outlook is worked out.
    Far,
}

/// A threat as this bot weighs it: what is safe against it, how likely it is ready, and what
/// dealing in costs.
pub(super) struct Danger {
    threat: Threat,
    cost: f32,
}

/// The sticks and honba a win collects (100 a honba from each payer).
pub(super) fn on_the_table(view: &View) -> f32 {
    (100 * (view.players.count() as u32 - 1) * view.hand_id.honba + 1_000 * view.sticks) as f32
}

/// The seat's stakes this hand: points, or points and placement in all-last.
pub(super) struct Placement {
    scores: [i32; 4],
    seat: usize,
    players: usize,
}

impl Placement {
    /// Tenhou's rank points for the seat's place with these scores (ties to the earlier
    /// seat from the first dealer, which is seat 0).
    fn rank_points(&self, scores: &[i32; 4]) -> f32 {
        let place = (0..self.players)
            .filter(|&other| {
                other != self.seat
                    && (scores[other] > scores[self.seat]
                        || scores[other] == scores[self.seat] && other < self.seat)
            })
            .count();
        let table: &[f32] = if self.players == 3 {
            &[20.0, 0.0, -20.0]
        } else {
            &[90.0, 45.0, 0.0, -135.0]
        };
        table[place]
    }

    /// The worth of the seat's points changing by `mine` and `others`' by theirs.
    fn change(&self, mine: f32, others: impl Fn(usize) -> f32) -> f32 {
        let mut after = self.scores;
        for (seat, score) in after.iter_mut().enumerate().take(self.players) {
            let delta = if seat == self.seat {
                mine
            } else {
                others(seat)
            };
            *score += delta as i32;
        }
        mine + PLACE_WEIGHT * (self.rank_points(&after) - self.rank_points(&self.scores))
    }

    fn loss(&self, points: f32, to: usize) -> f32 {
        -self.change(-points, |seat| if seat == to { points } else { 0.0 })
    }
}

impl Stakes for Placement {
    fn win(&self, points: f32) -> f32 {
        let share = points / (self.players - 1) as f32;
        self.change(points, |_| -share)
    }
}

/// Whether this is the game's last planned hand or an extension.
pub(super) fn all_last(view: &View) -> bool {
    let wind = view.hand_id.wind as u8;
    let last = view.rules.length.rounds() - 1;
    wind > last || wind == last && usize::from(view.hand_id.number) >= view.players.count()
}

/// Draws the seat has left (its own).
pub(super) fn turns_left(view: &View) -> usize {
    (view.live_left as usize / view.players.count()).min(TURNS)
}

/// The threats, and (`watch`) the seats that have called, less likely ready.
pub(super) fn dangers(view: &View, placement: Option<&Placement>, watch: bool) -> Vec<Danger> {
    let mut seats = threats(view);
    if watch {
        seats.extend(watched(view));
    }
    seats
        .into_iter()
        .map(|threat| {
            let dealer = threat.seat == view.dealer;
            let riichi = view.riichi[threat.seat];
            let mut cost: f32 = match (riichi, dealer) {
                (true, true) => 7_700.0,
                (true, false) => 5_200.0,
                (false, true) => 5_800.0,
                (false, false) => 3_900.0,
            };
            // Dora in sight in its melds.
            for meld in &view.melds[threat.seat] {
                for piece in &meld.tiles {
                    cost += 1_300.0 * f32::from(piece.red);
                    for indicator in &view.indicators {
                        if dora_kind(view, indicator.tile) == piece.tile {
                            cost += 1_300.0;
                        }
                    }
                }
            }
            cost += on_the_table(view);
            if let Some(placement) = placement {
                cost = placement.loss(cost, threat.seat);
            }
            Danger { threat, cost }
        })
        .collect()
}

/// What discarding `kind` is expected to cost against the threats.
pub(super) fn risk(kind: usize, dangers: &[Danger], seen: &[u8; KINDS]) -> f32 {
    dangers
        .iter()
        .map(|seat| {
            DEAL_IN[danger(kind, &seat.threat, seen) as usize] * seat.threat.ready * seat.cost
        })
        .sum()
}

/// The outlook's setting for the seat with these melds and concealed pieces (`seen`: the
/// copies of each kind in its sight, [`visible`]).
pub(super) fn setting(
    view: &View,
    seen: &[u8; KINDS],
    melds: Vec<CalledMeld>,
    hand: &[Piece],
    dangers: &[Danger],
) -> Setting {
    let scoring = view.rules.scoring();
    let mut unseen = [0u8; KINDS];
    for kind in 0..KINDS {
        if scoring.has_kind(Tile::at(kind)) {
            unseen[kind] = 4 - seen[kind];
        }
    }
    let mut reds = [0u8; 3];
    for piece in hand.iter().filter(|piece| piece.red) {
        reds[piece.tile.index() / 9] += 1;
    }
    let mut river = 0u64;
    for tile in &view.rivers[view.seat] {
        river |= 1 << tile.tile.tile.index();
    }
    let players = view.players.count();
    let closed = melds.iter().all(|meld| meld.kind == MeldKind::Ankan);
    Setting {
        melds,
        reds,
        unseen,
        river,
        seat_wind: Wind::ALL[(view.seat + players - view.dealer) % players],
        round_wind: view.hand_id.wind,
        indicators: view.indicators.clone(),
        kita: u32::from(view.kita[view.seat]),
        scoring,
        bonus: on_the_table(view),
        may_riichi: closed
            && view.scores[view.seat] >= 1_000
            && view.live_left >= view.rules.riichi_wall(),
        push_cost: dangers
            .iter()
            .map(|danger| LATER_DEAL_IN * danger.threat.ready * danger.cost)
            .sum(),
        deal_in: dangers
            .iter()
            .map(|danger| LATER_DEAL_IN * danger.threat.ready)
            .sum::<f32>()
            .min(0.5),
    }
}

/// The seat's called melds as the scorer takes them.
pub(super) fn called(view: &View) -> Vec<CalledMeld> {
    view.melds[view.seat]
        .iter()
        .filter_map(|meld| CalledMeld::new(meld.kind, &meld.tiles).ok())
        .collect()
}

/// What a win or a deal-in is worth: its points, with the place it leads to in all-last.
pub(super) fn stakes(placement: Option<&Placement>) -> &dyn Stakes {
    match placement {
        Some(placement) => placement,
        None => &Plain,
    }
}

pub(super) fn placement(view: &View) -> Option<Placement> {
    all_last(view).then_some(Placement {
        scores: view.scores,
        seat: view.seat,
        players: view.players.count(),
    })
}

/// One legal discard kind within the outlook's reach, as [`weighing`] values it.
pub(super) struct Weighed {
    /// The kind.
    pub kind: usize,
    /// Its shanten after it.
    pub shanten: i8,
    /// Its outlook (the better of riichi and staying quiet) less its risk.
    pub value: f32,
    /// When a riichi discard of it is legal: riichi's outlook and staying quiet's, each less
    /// its risk.
    pub ways: Option<(Option<f32>, f32)>,
    /// Whether riichi is worth more than staying quiet.
    pub riichi: bool,
}

/// What weighing the discards worked out: each legal discard within reach, and folding.
pub(super) struct Weighing {
    /// Each legal discard kind within reach (whose outlook is found), in kind order.
    pub discards: Vec<Weighed>,
    /// Against a threat: the safest discard, and what folding with it is worth.
    pub fold: Option<(Action, f32)>,
}

/// The seat's legal discards among `kinds` (a bit per kind) valued by their outlook less
/// their risk (against the threats, and with `watch` the seats that have called), and
/// folding; `Err(())` ([`Verdict::Far`]) if every one leaves the hand further from ready than
/// the outlook is worked out; `Ok(None)` if the seat has no discard to make.
pub(super) fn weighing(
    view: &View,
    kinds: u64,
    depth: i8,
    watch: bool,
) -> Result<Option<Weighing>, ()> {
    let counts = counts_of(&view.hand);
    let size = mahjong::tiles_in(&counts);
    if size % 3 != 2 {
        return Ok(None);
    }
    let after = mahjong::shanten_after_discards(&counts, size);
    let legal = discard_kinds(view) & kinds;
    let Some(least) = least_after(&after, legal) else {
        return Ok(None);
    };
    if least > depth {
        return Err(());
    }
    let placement = placement(view);
    let dangers = dangers(view, placement.as_ref(), watch);
    let stakes = stakes(placement.as_ref());
    let seen = visible(view);
    let setting = setting(view, &seen, called(view), &view.hand, &dangers);
    let mut outlook = Outlook::new(setting, stakes, depth);
    let turns = turns_left(view);
    let mut discards = Vec::new();
    for kind in (0..KINDS).filter(|&kind| legal & (1 << kind) != 0 && after[kind] <= depth) {
        let mut kept = counts;
        kept[kind] -= 1;
        let Some(curve) = outlook.hand(&kept) else {
            continue;
        };
        let risk = risk(kind, &dangers, &seen);
        let may_riichi = after[kind] == 0
            && view.legal.iter().any(|action| {
                matches!(action, Action::Discard { tile, riichi: true, .. } if tile.tile.index() == kind)
            });
        let ready = may_riichi.then(|| outlook.ready_ways(&kept)).flatten();
        let riichi = ready.as_ref().is_some_and(|ready| {
            ready
                .riichi
                .is_some_and(|riichi| riichi.value[turns] > ready.quiet.value[turns])
        });
        let ways = ready.map(|ready| {
            (
                ready.riichi.map(|riichi| riichi.value[turns] - risk),
                ready.quiet.value[turns] - risk,
            )
        });
        discards.push(Weighed {
            kind,
            shanten: after[kind],
            value: curve.value[turns] - risk,
            ways,
            riichi,
        });
    }
    let mut fold = None;
    if !dangers.is_empty() && !discards.is_empty() {
        let threats: Vec<Threat> = dangers.iter().map(|danger| danger.threat.clone()).collect();
        if let Some(safest) = safest(view, &threats)
            && let Action::Discard { tile, .. } = safest
        {
            let total: f32 = dangers
                .iter()
                .map(|danger| danger.threat.ready * danger.cost)
                .sum();
            let value = -risk(tile.tile.index(), &dangers, &seen) - FOLD_LEAK * total - FOLD_NOTEN;
            fold = Some((fold_with(view, safest), value));
        }
    }
    Ok(Some(Weighing { discards, fold }))
}

/// The best of the seat's legal discards among `kinds` (a bit per kind) by their
/// outlook less their risk (against the threats, and with `watch` the seats that have
/// called), or folding if that is worth more; [`Verdict::Far`] if every
/// one leaves the hand further from ready than the outlook is worked out; `None` if the
/// seat has no discard to make.
pub(super) fn weigh(view: &View, kinds: u64, depth: i8, watch: bool) -> Option<Verdict> {
    let weighing = match weighing(view, kinds, depth, watch) {
        Err(()) => return Some(Verdict::Far),
        Ok(weighing) => weighing?,
    };
    let mut best: Option<&Weighed> = None;
    for one in &weighing.discards {
        // Ties: nearer to ready, then honours and terminals out first.
        let better = best.is_none_or(|old| {
            (
                one.value,
                -one.shanten,
                Tile::at(one.kind).is_terminal_or_honor(),
            ) > (
                old.value,
                -old.shanten,
                Tile::at(old.kind).is_terminal_or_honor(),
            )
        });
        if better {
            best = Some(one);
        }
    }
    let best = best?;
    if let Some((fold, value)) = weighing.fold
        && value > best.value
    {
        return Some(Verdict::Fold(fold));
    }
    EfficiencyBot::discard_of(view, Tile::at(best.kind), best.riichi).map(Verdict::Push)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::HandId;
    use crate::engine::{GameRules, Length};

    #[test]
    fn all_last_is_the_last_planned_hand_and_the_extensions() {
        let mut view = crate::engine::Game::new(GameRules::TENHOU, 1).view(0);
        let at = |view: &mut View, wind: Wind, number: u8| {
            view.hand_id = HandId {
                wind,
                number,
                honba: 0,
            };
            all_last(view)
        };
        assert!(!at(&mut view, Wind::East, 4));
        assert!(!at(&mut view, Wind::South, 3));
        assert!(at(&mut view, Wind::South, 4));
        assert!(at(&mut view, Wind::West, 1));
        view.rules.length = Length::East;
        assert!(at(&mut view, Wind::East, 4));
        assert!(!at(&mut view, Wind::East, 3));
        view.players = mahjong::Players::Three;
        assert!(at(&mut view, Wind::East, 3));
    }

    #[test]
    fn in_all_last_a_place_is_worth_more_than_its_points() {
        // Seat 1 is second, 1,000 behind seat 0.
        let placement = Placement {
            scores: [30_000, 29_000, 21_000, 20_000],
            seat: 1,
            players: 4,
        };
        // A 3,000-point win takes first place (45 rank points more).
        assert_eq!(placement.win(3_000.0), 3_000.0 + PLACE_WEIGHT * 45.0);
        // Dealing in 9,000 to seat 2 drops it to third.
        assert_eq!(placement.loss(9_000.0, 2), 9_000.0 + PLACE_WEIGHT * 45.0);
        // Far ahead, a win is its points.
        let leading = Placement {
            scores: [60_000, 20_000, 10_000, 10_000],
            seat: 0,
            players: 4,
        };
        assert_eq!(leading.win(1_000.0), 1_000.0);
        // Three players: 20/0/-20.
        let three = Placement {
            scores: [35_000, 34_000, 36_000, 0],
            seat: 1,
            players: 3,
        };
        assert_eq!(three.win(3_000.0), 3_000.0 + PLACE_WEIGHT * 40.0);
    }
}
