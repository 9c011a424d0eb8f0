//! `value`: plays for the points it expects, one-player as mahjong-cpp does ([`ev`]), and
//! weighs them against what dealing in would cost.
//!
//! - **Discards.** Each legal discard that leaves the hand ready or one from ready is valued by
//!   the outlook of the hand it leaves: the chance to win over the draws left and the points a
//!   win brings (the crate's scorer: yaku, dora, red fives, expected ura dora, the sticks on
//!   the table), less, against a threat or a seat that has called, the chance the tile deals
//!   in times what that costs, and what every later discard would risk while the hand plays
//!   on. Further from ready it keeps the hand's speed first, weighing dora and yakuhai pairs,
//!   and folds against a threat as `defence` does.
//! - **Push or fold.** Against a threat, the best discard's value is compared with folding
//!   (the safest tile, by `defence`'s reading of genbutsu, suji, kabe and copies left, plus
//!   the noten payment); it folds when that is worth more.
//! - **Riichi or not.** A ready closed hand declares riichi when riichi's outlook (a han more,
//!   expected ura dora, fewer ron chances as the others avoid its waits, the stick at stake)
//!   beats staying quiet (dama: no ron without another yaku).
//! - **Calls.** A chi or pon is made when the open hand's outlook (which is nothing without a
//!   yaku: the scorer finds none) beats the closed hand's; far from ready, as `efficiency`
//!   calls (a yakuhai pon, or a call that keeps a yaku and brings the hand nearer).
//! - **All-last.** In the game's last planned hand (and in extensions) a win's and a deal-in's
//!   worth take in the placement they lead to (Tenhou's 90/45/0/-135, or 20/0/-20 with three
//!   players), not only the points.

mod ev;

use tiles_core::Bot;

use self::ev::{Outlook, Plain, Setting, Stakes, TURNS};
use super::action::Action;
use super::bots::{EfficiencyBot, counts_of, discard_kinds, dora_kind, least_after, yakuhai};
use super::defence::{
    DefenceBot, Threat, danger, nearer_tiles, threats, visible, watched, win_now,
};
use super::state::Game;
use super::view::View;
use crate::score::{CalledMeld, MeldKind, Piece, Wind};
use crate::tile::{KINDS, Tile};

/// Speed and value (see the module's text).
#[derive(Debug, Clone, Copy, Default)]
pub struct ValueBot;

/// How far from ready the outlook is worked out for a discard (shanten after it).
pub(crate) const DEPTH: i8 = 1;

/// What a dora let go costs in the cheap outlook, in quarters of an unseen effective tile.
const DORA_COST: i32 = 12;
/// What breaking a yakuhai pair costs there (one effective tile).
const YAKUHAI_COST: i32 = 4;

/// The chance a tile deals in against a riichi, by `defence`'s danger (0: it cannot win on
/// it; 8: a middle tile with both two-sided waits open).
const DEAL_IN: [f32; 10] = [0.0, 0.01, 0.02, 0.03, 0.045, 0.06, 0.08, 0.10, 0.12, 0.14];
/// The chance of a tile no reading has placed (a later discard's average).
const LATER_DEAL_IN: f32 = 0.06;
/// What folding leaks: later tiles that are not safe, and the noten payment.
const FOLD_LEAK: f32 = 0.03;
const FOLD_NOTEN: f32 = 600.0;
/// How much more a call must bring than staying closed.
const CALL_MARGIN: f32 = 150.0;
/// Points a place is worth in all-last, per rank point (Tenhou's 90/45/0/-135).
const PLACE_WEIGHT: f32 = 300.0;

/// What weighing the discards found.
pub(crate) enum Verdict {
    /// The best discard (riichi or not).
    Push(Action),
    /// Folding: the safest discard.
    Fold(Action),
    /// Every discard leaves the hand further from ready than the outlook is worked out.
    Far,
}

/// A threat as this bot weighs it: what is safe against it, how likely it is ready, and what
/// dealing in costs.
struct Danger {
    threat: Threat,
    cost: f32,
}

/// The sticks and honba a win collects (100 a honba from each payer).
fn on_the_table(view: &View) -> f32 {
    (100 * (view.players as u32 - 1) * view.hand_id.honba + 1_000 * view.sticks) as f32
}

/// The seat's stakes this hand: points, or points and placement in all-last.
struct Placement {
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
fn all_last(view: &View) -> bool {
    let wind = view.hand_id.wind as u8;
    let last = view.rules.length.rounds() - 1;
    wind > last || wind == last && usize::from(view.hand_id.number) >= view.players
}

/// Draws the seat has left (its own).
fn turns_left(view: &View) -> usize {
    (view.live_left as usize / view.players).min(TURNS)
}

impl ValueBot {
    /// The threats, and (`watch`) the seats that have called, less likely ready.
    fn dangers(view: &View, placement: Option<&Placement>, watch: bool) -> Vec<Danger> {
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
    fn risk(kind: usize, dangers: &[Danger], seen: &[u8; KINDS]) -> f32 {
        dangers
            .iter()
            .map(|seat| {
                DEAL_IN[danger(kind, &seat.threat, seen) as usize] * seat.threat.ready * seat.cost
            })
            .sum()
    }

    /// The outlook's setting for the seat with these melds and concealed pieces (`seen`: the
    /// copies of each kind in its sight, [`visible`]).
    fn setting(
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
        let players = view.players;
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
    fn called(view: &View) -> Vec<CalledMeld> {
        view.melds[view.seat]
            .iter()
            .filter_map(|meld| CalledMeld::new(meld.kind, &meld.tiles).ok())
            .collect()
    }

    /// What a win or a deal-in is worth: its points, with the place it leads to in all-last.
    fn stakes(placement: Option<&Placement>) -> &dyn Stakes {
        match placement {
            Some(placement) => placement,
            None => &Plain,
        }
    }

    fn placement(view: &View) -> Option<Placement> {
        all_last(view).then_some(Placement {
            scores: view.scores,
            seat: view.seat,
            players: view.players,
        })
    }

    /// The discard on the seat's turn.
    fn turn(view: &View) -> Option<Action> {
        match Self::weigh(view, u64::MAX, DEPTH, true)? {
            Verdict::Push(action) | Verdict::Fold(action) => Some(action),
            Verdict::Far => {
                if DefenceBot::folds(view, threats(view).len()) {
                    return Some(DefenceBot.choose(view));
                }
                Self::speed(view)
            }
        }
    }

    /// The best of the seat's legal discards among `kinds` (a bit per kind) by their
    /// outlook less their risk (against the threats, and with `watch` the seats that have
    /// called), or folding if that is worth more; [`Verdict::Far`] if every
    /// one leaves the hand further from ready than the outlook is worked out; `None` if the
    /// seat has no discard to make.
    pub(crate) fn weigh(view: &View, kinds: u64, depth: i8, watch: bool) -> Option<Verdict> {
        let counts = counts_of(&view.hand);
        let size = crate::tile::tiles_in(&counts);
        if size % 3 != 2 {
            return None;
        }
        let after = crate::shanten::shanten_after_discards(&counts, size);
        let legal = discard_kinds(view) & kinds;
        let least = least_after(&after, legal)?;
        if least > depth {
            return Some(Verdict::Far);
        }
        let placement = Self::placement(view);
        let dangers = Self::dangers(view, placement.as_ref(), watch);
        let stakes = Self::stakes(placement.as_ref());
        let seen = visible(view);
        let setting = Self::setting(view, &seen, Self::called(view), &view.hand, &dangers);
        let mut outlook = Outlook::new(setting, stakes, depth);
        let turns = turns_left(view);
        let mut best: Option<(f32, usize, bool)> = None;
        for kind in (0..KINDS).filter(|&kind| legal & (1 << kind) != 0 && after[kind] <= depth) {
            let mut kept = counts;
            kept[kind] -= 1;
            let Some(curve) = outlook.hand(&kept) else {
                continue;
            };
            let riichi = after[kind] == 0
                && view.legal.iter().any(|action| {
                    matches!(action, Action::Discard { tile, riichi: true, .. } if tile.tile.index() == kind)
                })
                && outlook.ready_ways(&kept).is_some_and(|ready| {
                    ready
                        .riichi
                        .is_some_and(|riichi| riichi.value[turns] > ready.quiet.value[turns])
                });
            let value = curve.value[turns] - Self::risk(kind, &dangers, &seen);
            // Ties: nearer to ready, then honours and terminals out first.
            let better = best.is_none_or(|(old, old_kind, _)| {
                (value, -after[kind], Tile::at(kind).is_terminal_or_honor())
                    > (
                        old,
                        -after[old_kind],
                        Tile::at(old_kind).is_terminal_or_honor(),
                    )
            });
            if better {
                best = Some((value, kind, riichi));
            }
        }
        let (value, kind, riichi) = best?;
        if !dangers.is_empty() {
            let threats: Vec<Threat> = dangers.iter().map(|danger| danger.threat.clone()).collect();
            if let Some(safest) = DefenceBot::safest(view, &threats)
                && let Action::Discard { tile, .. } = safest
            {
                let total: f32 = dangers
                    .iter()
                    .map(|danger| danger.threat.ready * danger.cost)
                    .sum();
                let fold = -Self::risk(tile.tile.index(), &dangers, &seen)
                    - FOLD_LEAK * total
                    - FOLD_NOTEN;
                if fold > value {
                    return Some(Verdict::Fold(DefenceBot::fold_with(view, safest)));
                }
            }
        }
        EfficiencyBot::discard_of(view, Tile::at(kind), riichi).map(Verdict::Push)
    }

    /// Far from ready: speed first, weighing dora and yakuhai pairs.
    fn speed(view: &View) -> Option<Action> {
        let counts = counts_of(&view.hand);
        let size = crate::tile::tiles_in(&counts);
        let seen = visible(view);
        let mut dora = [0i32; KINDS];
        for indicator in &view.indicators {
            dora[dora_kind(view, indicator.tile).index()] += 1;
        }
        let legal = discard_kinds(view);
        let after = crate::shanten::shanten_after_discards(&counts, size);
        let least = least_after(&after, legal)?;
        let mut best: Option<(i32, usize)> = None;
        for kind in (0..KINDS).filter(|&kind| legal & (1 << kind) != 0 && after[kind] == least) {
            let mut kept = counts;
            kept[kind] -= 1;
            let effective = nearer_tiles(&kept, least, &seen) as i32;
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
            let key = (score, tile.is_terminal_or_honor());
            if best.is_none_or(|(old, old_kind)| {
                key > (old, Tile::at(old_kind).is_terminal_or_honor())
            }) {
                best = Some((score, kind));
            }
        }
        let (_, kind) = best?;
        EfficiencyBot::discard_of(view, Tile::at(kind), least == 0)
    }

    /// A chi or a pon when the open hand's outlook beats the closed one's.
    fn claim(view: &View) -> Action {
        let Some((claimed, _)) = view.claimable else {
            return Action::Pass;
        };
        let calls: Vec<Action> = view
            .legal
            .iter()
            .copied()
            .filter(|action| matches!(action, Action::Pon { .. } | Action::Chi { .. }))
            .collect();
        if calls.is_empty() {
            return Action::Pass;
        }
        let counts = counts_of(&view.hand);
        let size = crate::tile::tiles_in(&counts);
        if crate::shanten::counts_shanten(&counts, size) > DEPTH + 1 {
            return EfficiencyBot.choose(view);
        }
        let placement = Self::placement(view);
        let dangers = Self::dangers(view, placement.as_ref(), true);
        let stakes = Self::stakes(placement.as_ref());
        let turns = turns_left(view);
        let melds = Self::called(view);
        let seen = visible(view);
        let staying = {
            let setting = Self::setting(view, &seen, melds.clone(), &view.hand, &dangers);
            let mut outlook = Outlook::new(setting, stakes, DEPTH + 1);
            outlook
                .hand(&counts)
                .map_or(f32::NEG_INFINITY, |curve| curve.value[turns])
        };
        let mut best: Option<(f32, Action)> = None;
        for call in calls {
            let (Action::Pon { tiles } | Action::Chi { tiles }) = call else {
                continue;
            };
            let kind = if matches!(call, Action::Pon { .. }) {
                MeldKind::Pon
            } else {
                MeldKind::Chi
            };
            let mut pieces: Vec<Piece> = tiles.to_vec();
            pieces.push(claimed);
            let Ok(meld) = CalledMeld::new(kind, &pieces) else {
                continue;
            };
            let mut open = melds.clone();
            open.push(meld);
            let mut kept = counts;
            let mut hand = view.hand.clone();
            for piece in tiles.iter() {
                kept[piece.tile.index()] -= 1;
                if let Some(at) = hand.iter().position(|held| held == piece) {
                    hand.remove(at);
                }
            }
            let setting = Self::setting(view, &seen, open, &hand, &dangers);
            let mut outlook = Outlook::new(setting, stakes, DEPTH);
            let mut value = f32::NEG_INFINITY;
            for discard in 0..KINDS {
                if kept[discard] == 0 || discard == claimed.tile.index() {
                    continue;
                }
                kept[discard] -= 1;
                if let Some(curve) = outlook.hand(&kept) {
                    value = value.max(curve.value[turns]);
                }
                kept[discard] += 1;
            }
            if best.is_none_or(|(old, _)| value > old) {
                best = Some((value, call));
            }
        }
        match best {
            Some((value, call)) if value > staying + CALL_MARGIN => call,
            _ => Action::Pass,
        }
    }
}

impl Bot<Game> for ValueBot {
    fn name(&self) -> &str {
        "value"
    }

    fn choose(&self, view: &View) -> Action {
        if let Some(win) = win_now(view) {
            return win;
        }
        if view.claimable.is_some() {
            if DefenceBot::folds(view, threats(view).len()) {
                return Action::Pass;
            }
            return Self::claim(view);
        }
        if view.legal.contains(&Action::NineTerminals) {
            return Action::NineTerminals;
        }
        if super::bots::wants_kita(view) {
            return Action::Kita;
        }
        Self::turn(view).unwrap_or_else(|| EfficiencyBot.choose(view))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::event::HandId;
    use crate::game::rules::{GameRules, Length};

    #[test]
    fn all_last_is_the_last_planned_hand_and_the_extensions() {
        let mut view = crate::game::Game::new(GameRules::TENHOU, 1).view(0);
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
        view.players = 3;
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
