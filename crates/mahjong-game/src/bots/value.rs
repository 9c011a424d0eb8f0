//! `value`: plays for the points it expects, one-player as mahjong-cpp does (`mahjong::outlook`), and
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

use tiles_core::Bot;

use super::basic::{EfficiencyBot, counts_of, discard_kinds, dora_kind, least_after, yakuhai};
use super::defence::DefenceBot;
use super::judgement::{
    DEPTH, Verdict, Weighing, called, dangers, folds, nearer_tiles, placement, setting, stakes,
    threats, turns_left, visible, weigh, weighing, win_now,
};
use crate::engine::{Action, Game, View};
use mahjong::outlook::Outlook;
use mahjong::{CalledMeld, KINDS, MeldKind, Piece, Tile};

/// Speed and value (see the module's text).
#[derive(Debug, Clone, Copy, Default)]
pub struct ValueBot;

/// What a dora let go costs in the cheap outlook, in quarters of an unseen effective tile.
const DORA_COST: i32 = 12;
/// What breaking a yakuhai pair costs there (one effective tile).
const YAKUHAI_COST: i32 = 4;

/// How much more a call must bring than staying closed.
const CALL_MARGIN: f32 = 150.0;
impl ValueBot {
    /// The discard on the seat's turn.
    fn turn(view: &View) -> Option<Action> {
        match weigh(view, u64::MAX, DEPTH, true)? {
            Verdict::Push(action) | Verdict::Fold(action) => Some(action),
            Verdict::Far => {
                if folds(view, threats(view).len()) {
                    return Some(DefenceBot.choose(view));
                }
                Self::speed(view)
            }
        }
    }

    /// Far from ready: speed first, weighing dora and yakuhai pairs.
    fn speed(view: &View) -> Option<Action> {
        let counts = counts_of(&view.hand);
        let size = mahjong::tiles_in(&counts);
        let seen = visible(view);
        let mut dora = [0i32; KINDS];
        for indicator in &view.indicators {
            dora[dora_kind(view, indicator.tile).index()] += 1;
        }
        let legal = discard_kinds(view);
        let after = mahjong::shanten_after_discards(&counts, size);
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
        match Self::claim_values(view) {
            Claims::None => Action::Pass,
            Claims::Far => EfficiencyBot.choose(view),
            Claims::Valued { staying, calls } => {
                let mut best: Option<(f32, Action)> = None;
                for (value, call) in calls {
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
    }

    /// The outlook of staying closed and of each legal chi or pon of the tile on the table.
    fn claim_values(view: &View) -> Claims {
        let Some((claimed, _)) = view.claimable else {
            return Claims::None;
        };
        let calls: Vec<Action> = view
            .legal
            .iter()
            .copied()
            .filter(|action| matches!(action, Action::Pon { .. } | Action::Chi { .. }))
            .collect();
        if calls.is_empty() {
            return Claims::None;
        }
        let counts = counts_of(&view.hand);
        let size = mahjong::tiles_in(&counts);
        if mahjong::counts_shanten(&counts, size) > DEPTH + 1 {
            return Claims::Far;
        }
        let placement = placement(view);
        let dangers = dangers(view, placement.as_ref(), true);
        let stakes = stakes(placement.as_ref());
        let turns = turns_left(view);
        let melds = called(view);
        let seen = visible(view);
        let staying = {
            let setting = setting(view, &seen, melds.clone(), &view.hand, &dangers);
            let mut outlook = Outlook::new(setting, stakes, DEPTH + 1);
            outlook
                .hand(&counts)
                .map_or(f32::NEG_INFINITY, |curve| curve.value[turns])
        };
        let mut valued = Vec::new();
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
            let setting = setting(view, &seen, open, &hand, &dangers);
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
            valued.push((value, call));
        }
        Claims::Valued {
            staying,
            calls: valued,
        }
    }

    /// What this bot expects each of the seat's legal decisions to be worth, in points (in
    /// the game's last hand, with the places they lead to weighed in), for those it values:
    ///
    /// - on its turn, each discard that leaves the hand ready or one from ready (by the
    ///   outlook of the hand it leaves, less the chance it deals in times what that costs;
    ///   a riichi discard by riichi's outlook), the safest discard at least what folding with
    ///   it is worth, and a discard one further from ready than that when another is within
    ///   reach (by the outlook one step deeper); further from ready it plays for speed and
    ///   values nothing;
    /// - on another's discard, staying closed and each chi or pon, when the hand is within
    ///   two of ready and the seat does not fold.
    ///
    /// Wins, kans, Norths and nine terminals are not valued. [`Bot::choose`] makes the
    /// decision these values lead to (a call must beat staying closed by a margin; folding
    /// and the tie-breaks as the module's text says).
    pub fn estimates(view: &View) -> Vec<(Action, f32)> {
        if win_now(view).is_some() {
            return Vec::new();
        }
        if view.claimable.is_some() {
            if folds(view, threats(view).len()) {
                return Vec::new();
            }
            return match Self::claim_values(view) {
                Claims::Valued { staying, calls } => {
                    let mut values = vec![(Action::Pass, staying)];
                    values.extend(calls.into_iter().map(|(value, call)| (call, value)));
                    values.retain(|(_, value)| value.is_finite());
                    values
                }
                Claims::None | Claims::Far => Vec::new(),
            };
        }
        let Ok(Some(weighing)) = weighing(view, u64::MAX, DEPTH, true) else {
            return Vec::new();
        };
        let mut deeper: Option<Vec<(usize, f32)>> = None;
        let mut values = Vec::new();
        for &action in &view.legal {
            let value = match action {
                Action::Discard { tile, riichi, .. } => {
                    let kind = tile.tile.index();
                    let weighed = weighing.discards.iter().find(|one| one.kind == kind);
                    let pushed = match (weighed, riichi) {
                        (Some(one), true) => one.ways.and_then(|(riichi, _)| riichi),
                        (Some(one), false) => Some(one.ways.map_or(one.value, |(_, quiet)| quiet)),
                        (None, true) => None,
                        (None, false) => deeper
                            .get_or_insert_with(|| Self::one_step_deeper(view, &weighing))
                            .iter()
                            .find(|(deeper_kind, _)| *deeper_kind == kind)
                            .map(|(_, value)| *value),
                    };
                    let folded = weighing.fold.and_then(|(fold, value)| {
                        matches!(fold, Action::Discard { tile: safe, riichi: false, .. } if safe.tile == tile.tile && !riichi)
                            .then_some(value)
                    });
                    match (pushed, folded) {
                        (Some(pushed), Some(folded)) => Some(pushed.max(folded)),
                        (one, other) => one.or(other),
                    }
                }
                Action::Kita => weighing
                    .fold
                    .filter(|(fold, _)| *fold == Action::Kita)
                    .map(|(_, value)| value),
                _ => None,
            };
            if let Some(value) = value {
                values.push((action, value));
            }
        }
        values
    }

    /// The discards one step further from ready than the outlook's reach, valued by the
    /// outlook one step deeper.
    fn one_step_deeper(view: &View, weighing: &Weighing) -> Vec<(usize, f32)> {
        let reached: u64 = weighing
            .discards
            .iter()
            .fold(0, |kinds, one| kinds | 1 << one.kind);
        match super::judgement::weighing(view, !reached, DEPTH + 1, true) {
            Ok(Some(deeper)) => deeper
                .discards
                .iter()
                .map(|one| (one.kind, one.value))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// What weighing a claim found.
enum Claims {
    /// No chi or pon is legal.
    None,
    /// The hand is too far from ready to weigh (the efficiency bot's choice is made).
    Far,
    /// Staying closed's outlook and each call's.
    Valued {
        staying: f32,
        calls: Vec<(f32, Action)>,
    },
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
            if folds(view, threats(view).len()) {
                return Action::Pass;
            }
            return Self::claim(view);
        }
        if view.legal.contains(&Action::NineTerminals) {
            return Action::NineTerminals;
        }
        if super::basic::wants_kita(view) {
            return Action::Kita;
        }
        Self::turn(view).unwrap_or_else(|| EfficiencyBot.choose(view))
    }
}
