//! A hand's outlook to one player (the one-player expected value), as mahjong-cpp works it
//! out: over the draws the seat has left, each draw one of the tiles not in its sight (in
//! proportion to the copies unseen), the best discard made after each, the chance the hand wins
//! and what a win brings, worked out turn by turn. A ready hand wins on a draw of a wait
//! (tsumo) or, at a rate per turn proportional to the same copies, on another seat's discard
//! (ron: not when furiten, not without a yaku); a win is scored by the crate's scorer (riichi,
//! dora, red fives, the seat's and round's winds, expected ura dora, the sticks and honba on
//! the table). Each turn the hand may also end another way (another seat wins), and when the
//! seat keeps playing against a threat each of its discards costs the expected deal-in. At the
//! end of the wall a ready hand takes the noten payments and a hand not ready pays them.

use std::collections::HashMap;

use crate::full_hand::{CalledMeld, FullHand, Piece};
use crate::score::{ScoringRules, Situation, Wind, base_points, score};
use crate::shanten::{counts_shanten, shanten_after_discards, standard_lack_with_draws};
use crate::tile::{KINDS, Tile};

/// The most draws looked ahead.
pub const TURNS: usize = 18;

/// Chance a turn goes by without another seat ending the hand.
const GOES_ON: f32 = 0.9;
/// Ron chances a turn per copy of a wait, against one tsumo chance: others discard into a
/// quiet (dama or open) hand more than into a riichi.
const RON_QUIET: f32 = 2.0;
const RON_RIICHI: f32 = 1.5;
/// What a ready hand takes, and a hand not ready pays, when the wall runs out (on average).
const TENPAI_AT_DRAW: f32 = 1_200.0;
const NOTEN_AT_DRAW: f32 = -1_000.0;

/// What a hand is worth with each number of draws left: the expected points (index: draws
/// left, 0 to [`TURNS`]) and the chance to win.
#[derive(Debug, Clone, Copy)]
pub struct Curve {
    /// The expected points with each number of draws left.
    pub value: [f32; TURNS + 1],
    /// The chance to win with each number of draws left.
    pub win: [f32; TURNS + 1],
}

impl Curve {
    fn flat(value: f32) -> Curve {
        Curve {
            value: [value; TURNS + 1],
            win: [0.0; TURNS + 1],
        }
    }

    /// The better of two at each number of draws.
    fn max(self, other: Curve) -> Curve {
        let mut best = self;
        for turn in 0..=TURNS {
            if other.value[turn] > best.value[turn] {
                best.value[turn] = other.value[turn];
                best.win[turn] = other.win[turn];
            }
        }
        best
    }
}

/// A ready hand's two ways: quiet (dama, or open) and riichi (closed hands that may declare).
#[derive(Debug, Clone, Copy)]
pub struct Ready {
    /// Played quiet: dama, or an open hand.
    pub quiet: Curve,
    /// With riichi declared, for a closed hand that may declare.
    pub riichi: Option<Curve>,
}

impl Ready {
    fn best(&self) -> Curve {
        match self.riichi {
            Some(riichi) => self.quiet.max(riichi),
            None => self.quiet,
        }
    }
}

/// How the seat values a win and a loss of points: as points, or (all-last) with the
/// placement they lead to.
pub trait Stakes {
    /// The worth of a win of `points` (paid by the others).
    fn win(&self, points: f32) -> f32;
}

/// Points as they are.
#[derive(Debug, Clone, Copy, Default)]
pub struct Plain;

impl Stakes for Plain {
    fn win(&self, points: f32) -> f32 {
        points
    }
}

/// What is fixed while one decision is worked out.
#[derive(Debug, Clone)]
pub struct Setting {
    /// The seat's called melds (concealed kans among them).
    pub melds: Vec<CalledMeld>,
    /// Red fives among the concealed tiles, by suit.
    pub reds: [u8; 3],
    /// Copies of each kind not in the seat's sight.
    pub unseen: [u8; KINDS],
    /// Kinds the seat has discarded (a wait among them: furiten).
    pub river: u64,
    /// The seat's wind.
    pub seat_wind: Wind,
    /// The round's wind.
    pub round_wind: Wind,
    /// The dora indicators shown.
    pub indicators: Vec<Piece>,
    /// Norths the seat has set aside (three players), each a dora.
    pub kita: u32,
    /// The scoring rules a win is scored under.
    pub scoring: ScoringRules,
    /// The sticks and honba a win collects.
    pub bonus: f32,
    /// Whether a ready closed hand may declare riichi (points and wall enough).
    pub may_riichi: bool,
    /// What one more discard costs against the threats at the table (their deal-in chance
    /// times its cost).
    pub push_cost: f32,
    /// The chance one more discard deals in.
    pub deal_in: f32,
}

/// The outlook of the hands one decision looks at, worked out once each.
pub struct Outlook<'a> {
    setting: Setting,
    stakes: &'a dyn Stakes,
    closed: bool,
    /// Unseen copies in all.
    pool: f32,
    /// Expected ura dora per copy of each kind held, if riichi.
    ura: [f32; KINDS],
    /// How deep the search goes (the most shanten looked into).
    depth: i8,
    hands: HashMap<u128, Curve>,
    ready: HashMap<u128, Ready>,
}

impl std::fmt::Debug for Outlook<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outlook")
            .field("setting", &self.setting)
            .field("depth", &self.depth)
            .field("hands worked out", &(self.hands.len() + self.ready.len()))
            .finish_non_exhaustive()
    }
}

/// A key for counts (three bits a kind).
fn key(counts: &[u8; KINDS]) -> u128 {
    counts
        .iter()
        .fold(0u128, |key, &count| key << 3 | u128::from(count))
}

impl<'a> Outlook<'a> {
    /// An outlook in `setting`, winning as `stakes` values it, looking into hands of at most
    /// `depth` shanten.
    pub fn new(setting: Setting, stakes: &'a dyn Stakes, depth: i8) -> Outlook<'a> {
        let pool = setting
            .unseen
            .iter()
            .map(|&count| f32::from(count))
            .sum::<f32>()
            .max(1.0);
        let mut ura = [0f32; KINDS];
        for indicator in 0..KINDS {
            let dora = setting.scoring.dora_of(Tile::kind(indicator)).index();
            ura[dora] +=
                f32::from(setting.unseen[indicator]) / pool * setting.indicators.len() as f32;
        }
        let closed = setting
            .melds
            .iter()
            .all(|meld| meld.kind == crate::full_hand::MeldKind::Ankan);
        Outlook {
            setting,
            stakes,
            closed,
            pool,
            ura,
            depth,
            hands: HashMap::new(),
            ready: HashMap::new(),
        }
    }

    /// The outlook of concealed `counts` (`3k + 1` tiles) with the melds, or `None` if it
    /// is further from ready than the search goes.
    pub fn hand(&mut self, counts: &[u8; KINDS]) -> Option<Curve> {
        let size = crate::tile::tiles_in(counts);
        let shanten = counts_shanten(counts, size);
        if shanten > self.depth {
            return None;
        }
        Some(self.curve(counts, size, shanten))
    }

    /// A ready hand's two ways (`None` if `counts` is not ready).
    pub fn ready_ways(&mut self, counts: &[u8; KINDS]) -> Option<Ready> {
        let size = crate::tile::tiles_in(counts);
        (counts_shanten(counts, size) == 0).then(|| self.ready(counts, size))
    }

    fn curve(&mut self, counts: &[u8; KINDS], size: usize, shanten: i8) -> Curve {
        if shanten == 0 {
            return self.ready(counts, size).best();
        }
        let id = key(counts);
        if let Some(curve) = self.hands.get(&id) {
            return *curve;
        }
        // Each draw that brings the hand nearer, and the best discard after it.
        let mut children: Vec<(f32, Curve)> = Vec::new();
        let mut drawn = *counts;
        let mut near = 0f32;
        let lacks = standard_lack_with_draws(counts, size / 3, u64::MAX >> 30);
        for kind in 0..KINDS {
            let unseen = self.setting.unseen[kind];
            if unseen == 0 || counts[kind] >= 4 {
                continue;
            }
            let standard = i8::try_from(lacks[kind]).unwrap_or(i8::MAX) - 1;
            drawn[kind] += 1;
            let nearer = standard < shanten || counts_shanten(&drawn, size + 1) < shanten;
            if nearer {
                let after = shanten_after_discards(&drawn, size + 1);
                let mut best: Option<Curve> = None;
                for discard in 0..KINDS {
                    if discard == kind || after[discard] != shanten - 1 {
                        continue;
                    }
                    drawn[discard] -= 1;
                    let child = self.curve(&drawn, size, shanten - 1);
                    drawn[discard] += 1;
                    best = Some(best.map_or(child, |best| best.max(child)));
                }
                if let Some(best) = best {
                    let chance = f32::from(unseen) / self.pool;
                    near += chance;
                    children.push((chance, best));
                }
            }
            drawn[kind] -= 1;
        }
        let goes_on = GOES_ON * (1.0 - self.setting.deal_in);
        let mut curve = Curve::flat(NOTEN_AT_DRAW);
        curve.win[0] = 0.0;
        for turn in 1..=TURNS {
            let mut value = (1.0 - near) * curve.value[turn - 1];
            let mut win = (1.0 - near) * curve.win[turn - 1];
            for (chance, child) in &children {
                value += chance * child.value[turn - 1];
                win += chance * child.win[turn - 1];
            }
            curve.value[turn] = goes_on * value - self.setting.push_cost;
            curve.win[turn] = goes_on * win;
        }
        self.hands.insert(id, curve);
        curve
    }

    fn ready(&mut self, counts: &[u8; KINDS], size: usize) -> Ready {
        let id = key(counts);
        if let Some(ready) = self.ready.get(&id) {
            return *ready;
        }
        let lacks = standard_lack_with_draws(counts, size / 3, u64::MAX >> 30);
        let mut full = *counts;
        let mut waits: Vec<usize> = Vec::new();
        let mut furiten = false;
        for kind in 0..KINDS {
            if counts[kind] >= 4 {
                continue;
            }
            full[kind] += 1;
            let complete = lacks[kind] == 0 || size == 13 && counts_shanten(&full, 14) < 0;
            full[kind] -= 1;
            if complete {
                furiten |= self.setting.river & (1 << kind) != 0;
                waits.push(kind);
            }
        }
        let mut quiet = Turnwise::default();
        let mut riichi = Turnwise::default();
        for &wait in &waits {
            let unseen = self.setting.unseen[wait];
            if unseen == 0 {
                continue;
            }
            let chance = f32::from(unseen) / self.pool;
            full[wait] += 1;
            // What a tsumo and a ron on the wait bring (no ron when furiten).
            let wins = |riichi: bool| {
                let ron = if furiten {
                    None
                } else {
                    self.won(&full, wait, false, riichi)
                };
                (self.won(&full, wait, true, riichi), ron)
            };
            let (tsumo, ron) = wins(false);
            quiet.add(chance, tsumo, ron, RON_QUIET);
            if self.closed && self.setting.may_riichi {
                let (tsumo, ron) = wins(true);
                riichi.add(chance, tsumo, ron, RON_RIICHI);
            }
            full[wait] -= 1;
        }
        let ready = Ready {
            quiet: quiet.curve(&self.setting, 0.0),
            riichi: (self.closed && self.setting.may_riichi)
                .then(|| riichi.curve(&self.setting, -1_000.0)),
        };
        self.ready.insert(id, ready);
        ready
    }

    /// What winning on `win` with the concealed `full` brings (`None`: no yaku, or not a
    /// hand the scorer takes).
    fn won(&self, full: &[u8; KINDS], win: usize, tsumo: bool, riichi: bool) -> Option<f32> {
        let mut pieces = Vec::with_capacity(14);
        for (kind, &count) in full.iter().enumerate() {
            let tile = Tile::kind(kind);
            let reds = if kind < 27 && kind % 9 == 4 {
                self.setting.reds[kind / 9].min(count)
            } else {
                0
            };
            for copy in 0..count {
                pieces.push(Piece {
                    tile,
                    red: copy < reds,
                });
            }
        }
        let hand = FullHand::new(&pieces, self.setting.melds.clone()).ok()?;
        let situation = Situation {
            tsumo,
            riichi,
            seat_wind: self.setting.seat_wind,
            round_wind: self.setting.round_wind,
            dora_indicators: self.setting.indicators.clone(),
            kita: self.setting.kita,
            ..Situation::ron(Piece::plain(Tile::kind(win)))
        };
        let scored = score(&hand, &situation, &self.setting.scoring).ok()?;
        let mut points = scored.points.total as f32;
        if riichi && scored.yakuman == 0 {
            // Expected ura dora: one more han in proportion (two or more are rare).
            let mut expected = 0f32;
            for (kind, &count) in full.iter().enumerate() {
                expected += f32::from(count) * self.ura[kind];
            }
            for meld in &self.setting.melds {
                for tile in meld.tiles() {
                    expected += self.ura[tile.index()];
                }
            }
            let (more, _) = base_points(scored.han + 1, scored.fu, 0, &self.setting.scoring);
            let ratio = more as f32 / scored.base.max(1) as f32;
            points *= 1.0 + expected.min(1.0) * (ratio - 1.0);
        }
        Some(self.stakes.win(points + self.setting.bonus))
    }
}

/// A ready hand's chance to win a turn and what that turn's win brings on average.
#[derive(Default)]
struct Turnwise {
    chance: f32,
    worth: f32,
}

impl Turnwise {
    fn add(&mut self, chance: f32, tsumo: Option<f32>, ron: Option<f32>, ron_rate: f32) {
        if let Some(points) = tsumo {
            self.chance += chance;
            self.worth += chance * points;
        }
        if let Some(points) = ron {
            self.chance += chance * ron_rate;
            self.worth += chance * ron_rate * points;
        }
    }

    /// Turn by turn; `stake`: what is lost if the hand ends without this win (a riichi
    /// stick).
    fn curve(&self, setting: &Setting, stake: f32) -> Curve {
        // The chance is at most 0.9 a turn (the model's rates add up past 1 on huge waits).
        let scale = if self.chance > 0.9 {
            0.9 / self.chance
        } else {
            1.0
        };
        let (chance, worth) = (self.chance * scale, self.worth * scale);
        let goes_on = GOES_ON * (1.0 - setting.deal_in);
        let mut curve = Curve::flat(TENPAI_AT_DRAW + stake);
        curve.win[0] = 0.0;
        for turn in 1..=TURNS {
            let lose = 1.0 - chance;
            curve.value[turn] = worth
                + lose
                    * (goes_on * curve.value[turn - 1] + (1.0 - goes_on) * stake
                        - setting.push_cost);
            curve.win[turn] = chance + lose * goes_on * curve.win[turn - 1];
        }
        curve
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::full_hand::MeldKind;

    fn counts(text: &str) -> [u8; KINDS] {
        let mut counts = [0u8; KINDS];
        for piece in crate::score::parse_pieces(text).unwrap() {
            counts[piece.tile.index()] += 1;
        }
        counts
    }

    /// Seat North (not the dealer), East round, dora indicator 1z, nothing else in sight.
    fn setting(hand: &[u8; KINDS], melds: Vec<CalledMeld>) -> Setting {
        let mut unseen = [4u8; KINDS];
        for kind in 0..KINDS {
            unseen[kind] -= hand[kind];
        }
        // The indicator.
        unseen[27] = unseen[27].saturating_sub(1);
        for meld in &melds {
            for tile in meld.tiles() {
                unseen[tile.index()] -= 1;
            }
        }
        Setting {
            melds,
            reds: [0; 3],
            unseen,
            river: 0,
            seat_wind: Wind::North,
            round_wind: Wind::East,
            indicators: vec![Piece::plain(Tile::kind(27))],
            kita: 0,
            scoring: ScoringRules::TENHOU,
            bonus: 0.0,
            may_riichi: true,
            push_cost: 0.0,
            deal_in: 0.0,
        }
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() <= 1e-3 * (1.0 + a.abs().max(b.abs()))
    }

    /// A ready hand's quiet curve is the closed form of a chance `p` a turn: the chance to
    /// have won after `t` turns is `p (1 - a^t) / (1 - a)` with `a = (1 - p) g`.
    #[test]
    fn a_ready_hands_curve_is_its_closed_form() {
        // 123m 789p 555s 23p 99s: no yaku but tsumo (no ron when quiet), on 1p or 4p.
        let hand = counts("123m789p555s23p99s");
        let mut outlook = Outlook::new(setting(&hand, Vec::new()), &Plain, 1);
        let ready = outlook.ready_ways(&hand).unwrap();
        let pool = outlook.pool;
        let mut p = 0f32;
        let mut worth = 0f32;
        for (wait, text) in [(9, "1p"), (12, "4p")] {
            let pieces = crate::score::parse_pieces(&format!("123m789p555s23p99s{text}")).unwrap();
            let hand = FullHand::new(&pieces, Vec::new()).unwrap();
            let situation = Situation {
                tsumo: true,
                seat_wind: Wind::North,
                dora_indicators: vec![Piece::plain(Tile::kind(27))],
                ..Situation::ron(Piece::plain(Tile::kind(wait)))
            };
            let points = score(&hand, &situation, &ScoringRules::TENHOU)
                .unwrap()
                .points
                .total as f32;
            let chance = 4.0 / pool;
            p += chance;
            worth += chance * points;
        }
        let a = (1.0 - p) * GOES_ON;
        for turn in 0..=TURNS {
            let reach = a.powi(turn as i32);
            let win = p * (1.0 - reach) / (1.0 - a);
            let value = worth * (1.0 - reach) / (1.0 - a) + reach * TENPAI_AT_DRAW;
            assert!(close(ready.quiet.win[turn], win), "turn {turn}");
            assert!(close(ready.quiet.value[turn], value), "turn {turn}");
        }
        // Riichi: ron too, and the stick at stake.
        let riichi = ready.riichi.unwrap();
        assert!(riichi.win[TURNS] > ready.quiet.win[TURNS]);
        assert!(close(riichi.value[0], TENPAI_AT_DRAW - 1_000.0));
    }

    #[test]
    fn furiten_leaves_only_tsumo_and_an_open_hand_without_a_yaku_never_wins() {
        // Tanyao and pinfu on 5s or 8s.
        let hand = counts("234m678p345s22p67s");
        let mut outlook = Outlook::new(setting(&hand, Vec::new()), &Plain, 1);
        let open_to_ron = outlook.ready_ways(&hand).unwrap().quiet;
        let mut furiten = setting(&hand, Vec::new());
        furiten.river = 1 << 25;
        let mut outlook = Outlook::new(furiten, &Plain, 1);
        let tsumo_only = outlook.ready_ways(&hand).unwrap().quiet;
        // A turn's chance: each wait's tsumo chance, and RON_QUIET times as much by ron.
        assert!(close(
            open_to_ron.win[1],
            tsumo_only.win[1] * (1.0 + RON_QUIET)
        ));
        assert!(tsumo_only.value[TURNS] < open_to_ron.value[TURNS]);
        // [123m] called, 456p 789s 11s 99s 1p: ready on 1s or 9s with no yaku.
        let chi =
            CalledMeld::new(MeldKind::Chi, &crate::score::parse_pieces("123m").unwrap()).unwrap();
        let hand = counts("456p789s1199s");
        let mut outlook = Outlook::new(setting(&hand, vec![chi]), &Plain, 1);
        let curve = outlook.hand(&hand).unwrap();
        assert!(curve.win.iter().all(|&win| win == 0.0));
        assert!(outlook.ready_ways(&hand).unwrap().riichi.is_none());
    }

    /// The outlook of a hand from the turn-by-turn definition, without the memo or the
    /// curves: each improving draw's best discard, turn by turn.
    fn slow(outlook: &Outlook, hand: &[u8; KINDS], turns: usize) -> (f32, f32) {
        let size = crate::tile::tiles_in(hand);
        let shanten = counts_shanten(hand, size);
        let goes_on = GOES_ON * (1.0 - outlook.setting.deal_in);
        if shanten == 0 {
            let mut best = (f32::NEG_INFINITY, 0.0);
            for riichi in [false, true] {
                if riichi && !(outlook.closed && outlook.setting.may_riichi) {
                    continue;
                }
                let mut way = Turnwise::default();
                for wait in 0..KINDS {
                    let mut full = *hand;
                    if full[wait] >= 4 || outlook.setting.unseen[wait] == 0 {
                        continue;
                    }
                    full[wait] += 1;
                    if counts_shanten(&full, size + 1) >= 0 {
                        continue;
                    }
                    let chance = f32::from(outlook.setting.unseen[wait]) / outlook.pool;
                    let tsumo = outlook.won(&full, wait, true, riichi);
                    let ron = outlook.won(&full, wait, false, riichi);
                    way.add(
                        chance,
                        tsumo,
                        ron,
                        if riichi { RON_RIICHI } else { RON_QUIET },
                    );
                }
                let stake = if riichi { -1_000.0 } else { 0.0 };
                let (mut value, mut win) = (TENPAI_AT_DRAW + stake, 0.0);
                for _ in 0..turns {
                    let lose = 1.0 - way.chance;
                    value = way.worth
                        + lose
                            * (goes_on * value + (1.0 - goes_on) * stake
                                - outlook.setting.push_cost);
                    win = way.chance + lose * goes_on * win;
                }
                if value > best.0 {
                    best = (value, win);
                }
            }
            return best;
        }
        if turns == 0 {
            return (NOTEN_AT_DRAW, 0.0);
        }
        let (mut value, mut win, mut near) = (0.0, 0.0, 0.0);
        for kind in 0..KINDS {
            let unseen = outlook.setting.unseen[kind];
            let mut drawn = *hand;
            if unseen == 0 || drawn[kind] >= 4 {
                continue;
            }
            drawn[kind] += 1;
            if counts_shanten(&drawn, size + 1) >= shanten {
                continue;
            }
            let mut best: Option<(f32, f32)> = None;
            for discard in (0..KINDS).filter(|&discard| discard != kind && drawn[discard] > 0) {
                let mut kept = drawn;
                kept[discard] -= 1;
                if counts_shanten(&kept, size) != shanten - 1 {
                    continue;
                }
                let child = slow(outlook, &kept, turns - 1);
                if best.is_none_or(|best| child.0 > best.0) {
                    best = Some(child);
                }
            }
            if let Some((child_value, child_win)) = best {
                let chance = f32::from(unseen) / outlook.pool;
                near += chance;
                value += chance * child_value;
                win += chance * child_win;
            }
        }
        let (stay_value, stay_win) = slow(outlook, hand, turns - 1);
        value += (1.0 - near) * stay_value;
        win += (1.0 - near) * stay_win;
        (goes_on * value - outlook.setting.push_cost, goes_on * win)
    }

    #[test]
    fn the_outlook_of_hands_one_from_ready_is_the_turn_by_turn_definition() {
        let mut random = tiles_testkit::Random::new(7);
        let mut checked = 0;
        while checked < 12 {
            let mut wall: Vec<usize> = (0..136).map(|copy| copy / 4).collect();
            let mut hand = [0u8; KINDS];
            for _ in 0..13 {
                let at = random.below(wall.len());
                hand[wall.swap_remove(at)] += 1;
            }
            if counts_shanten(&hand, 13) != 1 {
                continue;
            }
            let mut setting = setting(&hand, Vec::new());
            if checked % 2 == 1 {
                setting.push_cost = 150.0;
                setting.deal_in = 0.05;
            }
            let mut outlook = Outlook::new(setting, &Plain, 1);
            let curve = outlook.hand(&hand).unwrap();
            for turns in 0..=3 {
                let (value, win) = slow(&outlook, &hand, turns);
                assert!(
                    close(curve.value[turns], value),
                    "{hand:?} {turns}: {} {value}",
                    curve.value[turns]
                );
                assert!(close(curve.win[turns], win), "{hand:?} {turns}");
            }
            checked += 1;
        }
    }
}
