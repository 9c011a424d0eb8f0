//! Reading a winning hand every way it is complete, scoring each reading, and keeping the best.

use crate::agari::{Meld, is_seven_pairs, is_thirteen_orphans, pair_family};
use crate::full_hand::{FullHand, MeldKind};
use crate::score::check::ScoreError;
use crate::score::parts::{FuPart, PairFu, Reading, ScoredSet, SetKind, Wait};
use crate::score::points::{Points, base_points};
use crate::score::situation::{Renhou, ScoringRules, Situation};
use crate::score::yaku::{Yaku, YakuSet};
use crate::score::{Score, YakuHan};
use crate::tile::{KINDS, Tile};

/// What holds for the hand whatever its reading.
struct Context<'a> {
    hand: &'a FullHand,
    situation: &'a Situation,
    rules: &'a ScoringRules,
    closed: bool,
    win: Tile,
    seat: Tile,
    round: Tile,
    /// The yaku of the situation (riichi, tsumo, the last tile, …).
    situational: YakuSet,
    /// The yakuman of the tiles alone (all honours, nine gates, …) and of the situation.
    yakuman: YakuSet,
    /// The yaku of the tiles alone (tanyao, honroutou, honitsu, chinitsu).
    tiles_yaku: YakuSet,
    has_honors: bool,
    dora: u32,
    aka: u32,
    ura: u32,
    /// Norths set aside (nukidora).
    kita: u32,
}

/// The tiles of the nine gates, 1112345678999.
const NINE_GATES: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];

impl<'a> Context<'a> {
    fn new(hand: &'a FullHand, situation: &'a Situation, rules: &'a ScoringRules) -> Context<'a> {
        let counts = hand.counts();
        let closed = hand.is_closed();
        // The kinds held, a bit each, and the tiles' families as masks of those bits.
        let held: u64 = counts.iter().enumerate().fold(0, |held, (index, &count)| {
            held | (u64::from(count > 0) << index)
        });
        const SUIT: u64 = 0x1FF;
        const HONORS: u64 = 0x7F << 27;
        const ORPHANS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | HONORS;
        const GREEN: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;
        let has_honors = held & HONORS != 0;
        let suits = (0..3)
            .filter(|&suit| held & (SUIT << (9 * suit)) != 0)
            .count();
        let all_terminal_honor = held & !ORPHANS == 0;
        let all_simples = held & ORPHANS == 0;
        let s = situation;
        let situational = YakuSet::default()
            .with_if(Yaku::DoubleRiichi, s.double_riichi)
            .with_if(Yaku::Riichi, s.riichi && !s.double_riichi)
            .with_if(Yaku::Ippatsu, s.ippatsu)
            .with_if(Yaku::MenzenTsumo, closed && s.tsumo)
            .with_if(Yaku::Haitei, s.haitei)
            .with_if(Yaku::Houtei, s.houtei)
            .with_if(Yaku::Rinshan, s.rinshan)
            .with_if(Yaku::Chankan, s.chankan);
        let tiles_yaku = YakuSet::default()
            .with_if(Yaku::Tanyao, all_simples && (closed || rules.open_tanyao))
            .with_if(Yaku::Honroutou, all_terminal_honor)
            .with_if(Yaku::Honitsu, suits == 1 && has_honors)
            .with_if(Yaku::Chinitsu, suits == 1 && !has_honors);
        let concealed = hand.concealed().counts();
        let nine_gates = hand.melds().is_empty()
            && suits == 1
            && !has_honors
            && (0..3).any(|suit| {
                let ranks = &concealed[suit * 9..suit * 9 + 9];
                ranks
                    .iter()
                    .zip(NINE_GATES)
                    .all(|(&have, need)| have >= need)
            });
        let win = situation.win.tile;
        let pure_nine_gates = nine_gates && {
            let first = win.suit().first_index();
            (0..9).all(|rank| {
                concealed[first + rank] - u8::from(first + rank == win.index()) == NINE_GATES[rank]
            })
        };
        let yakuman = YakuSet::default()
            .with_if(Yaku::Tsuuiisou, suits == 0)
            .with_if(Yaku::Ryuuiisou, held & !GREEN == 0)
            .with_if(Yaku::Chinroutou, all_terminal_honor && !has_honors)
            .with_if(Yaku::JunseiChuuren, pure_nine_gates)
            .with_if(Yaku::Chuuren, nine_gates && !pure_nine_gates)
            .with_if(Yaku::Suukantsu, hand.kans() == 4)
            .with_if(Yaku::Tenhou, s.tenhou)
            .with_if(Yaku::Chiihou, s.chiihou)
            .with_if(
                Yaku::RenhouYakuman,
                s.renhou && rules.renhou == Renhou::Yakuman,
            );
        // A North set aside (kita) is a dora of its own and counts again for each indicator
        // showing West.
        let points_to = |indicators: &[crate::full_hand::Piece]| -> u32 {
            indicators
                .iter()
                .map(|piece| {
                    let dora = rules.dora_of(piece.tile);
                    let kita = if dora.index() == 30 {
                        situation.kita
                    } else {
                        0
                    };
                    u32::from(counts[dora.index()]) + kita
                })
                .sum()
        };
        let aka = if rules.red_fives {
            hand.red().iter().map(|&red| u32::from(red)).sum()
        } else {
            0
        };
        Context {
            hand,
            situation,
            rules,
            closed,
            win,
            seat: situation.seat_wind.tile(),
            round: situation.round_wind.tile(),
            situational,
            yakuman,
            tiles_yaku,
            has_honors,
            dora: points_to(&situation.dora_indicators),
            aka,
            ura: if situation.in_riichi() {
                points_to(&situation.ura_indicators)
            } else {
                0
            },
            kita: situation.kita,
        }
    }

    /// Whether a pair of `tile` scores fu (a dragon, the seat wind or the round wind).
    fn is_valued(&self, tile: Tile) -> bool {
        tile.index() >= 31 || tile == self.seat || tile == self.round
    }
}

/// A standard reading with the winning tile placed.
#[derive(Debug, Clone, Copy)]
struct Shape {
    pair: Tile,
    sets: [ScoredSet; 4],
    wait: Wait,
}

/// A reading's value: what the best one is chosen by, and what its score is built from.
#[derive(Debug, Clone, Copy)]
struct Value {
    yaku: YakuSet,
    han: u32,
    fu: u32,
    yakuman: u32,
    total: u32,
}

impl Value {
    fn key(&self) -> (u32, u32, u32) {
        (self.total, self.han, self.fu)
    }
}

/// The form a value was found for.
#[derive(Debug, Clone, Copy)]
enum Form {
    Standard(Shape),
    SevenPairs,
    ThirteenOrphans { thirteen_sided: bool },
}

impl Context<'_> {
    /// The value of `yaku` (and dora, for an ordinary hand) at `fu`; `None` without a yaku.
    fn value(&self, yaku: YakuSet, fu: u32) -> Option<Value> {
        let yakuman_set = yaku.counted_yakuman(self.rules);
        if !yakuman_set.is_empty() {
            let multiple = yakuman_set.yakuman_multiple(self.rules);
            return Some(self.priced(yakuman_set, 13 * multiple, 0, multiple));
        }
        let renhou = if self.situation.renhou {
            self.rules.renhou
        } else {
            Renhou::None
        };
        let yaku = yaku.with_if(Yaku::Renhou, renhou == Renhou::FiveHan);
        let han = yaku.han(self.closed);
        let own = (han > 0).then(|| {
            let dora = self.dora + self.aka + self.ura + self.kita;
            self.priced(yaku, han + dora, fu, 0)
        });
        if renhou != Renhou::Mangan {
            return own;
        }
        // Renhou as a mangan of its own, unless the hand's yaku and dora are worth more.
        let mangan = self.priced(YakuSet::default().with(Yaku::Renhou), 5, fu, 0);
        match own {
            Some(own) if own.key() >= mangan.key() => Some(own),
            _ => Some(mangan),
        }
    }

    /// A value with its points.
    fn priced(&self, yaku: YakuSet, han: u32, fu: u32, yakuman: u32) -> Value {
        let (base, _) = base_points(han, fu, yakuman, self.rules);
        let points = Points::at_table(
            self.rules.players,
            base,
            self.situation.is_dealer(),
            self.situation.tsumo,
            0,
            0,
        );
        Value {
            yaku,
            han,
            fu,
            yakuman,
            total: points.total,
        }
    }

    /// The yaku of a standard reading.
    fn standard_yaku(&self, shape: &Shape) -> YakuSet {
        let sets = &shape.sets;
        // The kinds that start a run, and those of a triplet (or kan), a bit each.
        let (mut runs_at, mut triplets_at) = (0u64, 0u64);
        let (mut ankou, mut kans, mut n_runs) = (0, 0, 0);
        let mut runs = [0usize; 4];
        for set in sets {
            let bit = 1u64 << set.first.index();
            if set.kind == SetKind::Run {
                runs_at |= bit;
                runs[n_runs] = set.first.index();
                n_runs += 1;
            } else {
                triplets_at |= bit;
                ankou += usize::from(set.concealed);
                kans += usize::from(set.kind == SetKind::Kan);
            }
        }
        const DRAGONS: u64 = 0b111 << 31;
        const WINDS: u64 = 0b1111 << 27;
        let dragons = (triplets_at & DRAGONS).count_ones();
        let winds = (triplets_at & WINDS).count_ones();
        let pair = shape.pair.index();
        let yakuman = self
            .yakuman
            .with_if(Yaku::SuuankouTanki, ankou == 4 && shape.wait == Wait::Tanki)
            .with_if(Yaku::Suuankou, ankou == 4 && shape.wait != Wait::Tanki)
            .with_if(Yaku::Daisangen, dragons == 3)
            .with_if(Yaku::Daisuushii, winds == 4)
            .with_if(Yaku::Shousuushii, winds == 3 && (27..31).contains(&pair));
        if !yakuman.is_empty() {
            return yakuman;
        }
        let runs = &mut runs[..n_runs];
        runs.sort_unstable();
        let mut peikou = 0;
        let mut i = 0;
        while i + 1 < runs.len() {
            if runs[i] == runs[i + 1] {
                peikou += 1;
                i += 2;
            } else {
                i += 1;
            }
        }
        let closed = self.closed;
        let held = |index: usize| triplets_at >> index & 1 == 1;
        let yaku = self
            .situational
            .union(self.tiles_yaku)
            .with_if(Yaku::Haku, held(31))
            .with_if(Yaku::Hatsu, held(32))
            .with_if(Yaku::Chun, held(33))
            .with_if(Yaku::SeatWind, held(self.seat.index()))
            .with_if(Yaku::RoundWind, held(self.round.index()));
        let outside = sets.iter().all(|set| set.has_terminal_or_honor())
            && shape.pair.is_terminal_or_honor()
            && n_runs > 0;
        // The same rank in each suit: a bit for each of the nine ranks.
        let in_each_suit = |at: u64| at & at >> 9 & at >> 18 & 0x1FF != 0;
        yaku.with_if(
            Yaku::Pinfu,
            closed && n_runs == 4 && !self.is_valued(shape.pair) && shape.wait == Wait::Ryanmen,
        )
        .with_if(Yaku::Ryanpeikou, closed && peikou >= 2)
        .with_if(Yaku::Iipeikou, closed && peikou == 1)
        .with_if(Yaku::Sanshoku, in_each_suit(runs_at))
        .with_if(
            Yaku::Ittsu,
            [0, 9, 18]
                .iter()
                .any(|&s| runs_at >> s & 0b1001001 == 0b1001001),
        )
        .with_if(Yaku::Chanta, outside && self.has_honors)
        .with_if(Yaku::Junchan, outside && !self.has_honors)
        .with_if(Yaku::Toitoi, n_runs == 0)
        .with_if(Yaku::Sanankou, ankou == 3)
        .with_if(Yaku::Sankantsu, kans == 3)
        .with_if(Yaku::SanshokuDoukou, in_each_suit(triplets_at & 0x7FF_FFFF))
        .with_if(Yaku::Shousangen, dragons == 2 && pair >= 31)
    }

    /// The fu of a standard reading with these yaku, each part given to `part` (a sink that
    /// drops them is inlined away: the fu of every reading is worked out, the parts of one).
    fn standard_fu(&self, shape: &Shape, yaku: YakuSet, mut part: impl FnMut(FuPart)) -> u32 {
        let mut total = 0;
        let mut add = |total: &mut u32, one: FuPart| {
            *total += one.fu();
            part(one);
        };
        let tsumo = self.situation.tsumo;
        add(&mut total, FuPart::Base(20));
        if self.closed && !tsumo {
            add(&mut total, FuPart::MenzenRon);
        }
        if yaku.has(Yaku::Pinfu) {
            return if tsumo { 20 } else { 30 };
        }
        if tsumo {
            add(&mut total, FuPart::Tsumo);
        }
        for set in shape.sets.iter().filter(|set| set.is_triplet()) {
            let terminal = set.first.is_terminal_or_honor();
            let kan = set.kind == SetKind::Kan;
            let fu = 2 << (u32::from(terminal) + u32::from(set.concealed) + 2 * u32::from(kan));
            add(&mut total, FuPart::Meld(*set, fu));
        }
        if matches!(shape.wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
            add(&mut total, FuPart::Wait(shape.wait));
        }
        let pair = shape.pair;
        if pair.index() >= 31 {
            add(&mut total, FuPart::Pair(pair, PairFu::Dragon, 2));
        }
        match (pair == self.seat, pair == self.round) {
            (true, true) => {
                let fu = if self.rules.double_wind_four_fu { 4 } else { 2 };
                add(&mut total, FuPart::Pair(pair, PairFu::DoubleWind, fu));
            }
            (true, false) => add(&mut total, FuPart::Pair(pair, PairFu::SeatWind, 2)),
            (false, true) => add(&mut total, FuPart::Pair(pair, PairFu::RoundWind, 2)),
            (false, false) => {}
        }
        if total == 20 && !self.closed {
            add(&mut total, FuPart::OpenPinfu);
        }
        total.div_ceil(10) * 10
    }

    fn form_value(&self, form: &Form) -> Option<Value> {
        match form {
            Form::Standard(shape) => {
                let yaku = self.standard_yaku(shape);
                let fu = self.standard_fu(shape, yaku, |_| {});
                self.value(yaku, fu)
            }
            Form::SevenPairs => {
                let yaku = self
                    .situational
                    .union(self.tiles_yaku)
                    .with(Yaku::Chiitoitsu);
                let yakuman = self.yakuman.yakuman();
                self.value(if yakuman.is_empty() { yaku } else { yakuman }, 25)
            }
            Form::ThirteenOrphans { thirteen_sided } => {
                let kokushi = if *thirteen_sided {
                    Yaku::Kokushi13
                } else {
                    Yaku::Kokushi
                };
                self.value(self.yakuman.with(kokushi), 0)
            }
        }
    }
}

/// Every placement of the winning tile in a standard reading: the pair, or one of the
/// concealed sets holding it (each distinct set once).
fn shapes(ctx: &Context<'_>, pair: Tile, melds: &[Meld], mut each: impl FnMut(Shape)) {
    let called = ctx.hand.melds().iter().map(|meld| ScoredSet {
        kind: match meld.kind {
            MeldKind::Chi => SetKind::Run,
            MeldKind::Pon => SetKind::Triplet,
            MeldKind::Kan | MeldKind::Ankan => SetKind::Kan,
        },
        first: meld.first,
        called: meld.kind.is_open(),
        concealed: !meld.kind.is_open(),
    });
    let mut sets = [ScoredSet {
        kind: SetKind::Run,
        first: pair,
        called: false,
        concealed: true,
    }; 4];
    for (slot, set) in sets.iter_mut().zip(
        melds
            .iter()
            .map(|meld| match *meld {
                Meld::Chow(first) => ScoredSet {
                    kind: SetKind::Run,
                    first,
                    called: false,
                    concealed: true,
                },
                Meld::Pung(first) => ScoredSet {
                    kind: SetKind::Triplet,
                    first,
                    called: false,
                    concealed: true,
                },
            })
            .chain(called),
    ) {
        *slot = set;
    }
    let win = ctx.win;
    if pair == win {
        each(Shape {
            pair,
            sets,
            wait: Wait::Tanki,
        });
    }
    for (i, meld) in melds.iter().enumerate() {
        if melds[..i].contains(meld) {
            continue;
        }
        let wait = match *meld {
            Meld::Pung(tile) if tile == win => Wait::Shanpon,
            Meld::Chow(first) if first.suit() == win.suit() => {
                match win.index().wrapping_sub(first.index()) {
                    0 if first.rank() == 7 => Wait::Penchan,
                    0 => Wait::Ryanmen,
                    1 => Wait::Kanchan,
                    2 if first.rank() == 1 => Wait::Penchan,
                    2 => Wait::Ryanmen,
                    _ => continue,
                }
            }
            _ => continue,
        };
        let mut placed = sets;
        if wait == Wait::Shanpon && !ctx.situation.tsumo {
            placed[i].concealed = false;
        }
        each(Shape {
            pair,
            sets: placed,
            wait,
        });
    }
}

/// The search for standard readings: the counts left, a bit for each kind still held, and
/// the blocks placed so far.
struct Search<'a, F> {
    counts: [u8; KINDS],
    held: u64,
    /// The family the pair must come from ([`pair_family`]).
    family: usize,
    melds: [Meld; 4],
    each: &'a mut F,
}

impl<F: FnMut(Tile, &[Meld])> Search<'_, F> {
    /// Takes `count` of kind `i`.
    fn take(&mut self, i: usize, count: u8) {
        self.counts[i] -= count;
        if self.counts[i] == 0 {
            self.held &= !(1 << i);
        }
    }

    /// Puts back `count` of kind `i`.
    fn put(&mut self, i: usize, count: u8) {
        self.counts[i] += count;
        self.held |= 1 << i;
    }

    /// Calls `each` with every distinct standard reading (its pair and melds) of the kinds
    /// from `from` on: the lowest kind left starts a block (the pair, a pung or a chow, in
    /// that order at one kind, so no reading comes twice). No allocation.
    fn readings(&mut self, from: usize, pair: Option<Tile>, first_block: u8, n: usize) {
        let left = self.held >> from;
        if left == 0 {
            if let Some(pair) = pair {
                (self.each)(pair, &self.melds[..n]);
            }
            return;
        }
        let i = from + left.trailing_zeros() as usize;
        let first_block = if i == from { first_block } else { 0 };
        let tile = Tile::kind(i);
        let count = self.counts[i];
        if first_block == 0 && pair.is_none() && i / 9 == self.family && count >= 2 {
            self.take(i, 2);
            self.readings(i, Some(tile), 1, n);
            self.put(i, 2);
        }
        if n == 4 {
            return;
        }
        if first_block <= 1 && count >= 3 {
            self.take(i, 3);
            self.melds[n] = Meld::Pung(tile);
            self.readings(i, pair, 1, n + 1);
            self.put(i, 3);
        }
        if i < 27 && i % 9 <= 6 && self.held >> (i + 1) & 0b11 == 0b11 {
            for kind in i..i + 3 {
                self.take(kind, 1);
            }
            self.melds[n] = Meld::Chow(tile);
            self.readings(i, pair, 2, n + 1);
            for kind in i..i + 3 {
                self.put(kind, 1);
            }
        }
    }
}

/// Calls `each` with every distinct standard reading (its pair and melds) of `counts`, a
/// complete hand. No allocation.
fn each_reading(counts: &[u8; KINDS], each: &mut impl FnMut(Tile, &[Meld])) {
    let Some(family) = pair_family(counts) else {
        return;
    };
    let held = counts
        .iter()
        .enumerate()
        .fold(0u64, |held, (i, &count)| held | u64::from(count > 0) << i);
    let mut search = Search {
        counts: *counts,
        held,
        family,
        melds: [Meld::Pung(Tile::kind(0)); 4],
        each,
    };
    search.readings(0, None, 0, 0);
}

/// Scores every reading of a validated hand and returns the best.
pub(crate) fn best(
    hand: &FullHand,
    situation: &Situation,
    rules: &ScoringRules,
) -> Result<Score, ScoreError> {
    let ctx = Context::new(hand, situation, rules);
    let mut best: Option<(Value, Form)> = None;
    let mut complete = false;
    let mut consider = |form: Form| {
        if let Some(value) = ctx.form_value(&form)
            && best.as_ref().is_none_or(|(old, _)| value.key() > old.key())
        {
            best = Some((value, form));
        }
    };
    let concealed = hand.concealed();
    if hand.melds().is_empty() {
        if is_thirteen_orphans(concealed) {
            complete = true;
            consider(Form::ThirteenOrphans {
                thirteen_sided: concealed.count(ctx.win) == 2,
            });
        }
        if is_seven_pairs(concealed) {
            complete = true;
            consider(Form::SevenPairs);
        }
    }
    // Every standard reading (none for a hand not complete in the standard form).
    let mut standard = false;
    each_reading(concealed.counts(), &mut |pair, melds| {
        standard = true;
        shapes(&ctx, pair, melds, |shape| consider(Form::Standard(shape)));
    });
    complete |= standard;
    let Some((value, form)) = best else {
        let hand = hand.clone();
        return Err(if complete {
            ScoreError::NoYaku { hand }
        } else {
            ScoreError::NotComplete { hand }
        });
    };
    Ok(ctx.score(value, &form))
}

impl Context<'_> {
    /// The full score of the chosen reading.
    fn score(&self, value: Value, form: &Form) -> Score {
        // Room for every part at once (the base, the win, four sets, the wait, the pair): the
        // score is made once a hand, and growing the list would allocate twice.
        let mut fu_parts = Vec::with_capacity(9);
        let (reading, wait) = match form {
            Form::Standard(shape) => {
                if value.yakuman == 0 {
                    self.standard_fu(shape, value.yaku, |part| fu_parts.push(part));
                }
                (
                    Reading::Standard {
                        pair: shape.pair,
                        sets: shape.sets.to_vec(),
                    },
                    shape.wait,
                )
            }
            Form::SevenPairs => {
                if value.yakuman == 0 {
                    fu_parts.push(FuPart::Base(25));
                }
                (Reading::SevenPairs, Wait::Tanki)
            }
            Form::ThirteenOrphans { thirteen_sided } => (
                Reading::ThirteenOrphans,
                if *thirteen_sided {
                    Wait::ThirteenSided
                } else {
                    Wait::Tanki
                },
            ),
        };
        // Room for the dora counts too.
        let mut yaku: Vec<YakuHan> = Vec::with_capacity(value.yaku.len() + 4);
        yaku.extend(value.yaku.iter().map(|yaku| YakuHan {
            yaku,
            han: if value.yakuman > 0 {
                13 * yaku.yakuman_multiple(self.rules)
            } else if self.closed {
                yaku.han().0
            } else {
                yaku.han().1.unwrap_or(0)
            },
        }));
        // A renhou mangan counts no dora.
        let renhou_mangan = value.yaku.has(Yaku::Renhou) && self.rules.renhou == Renhou::Mangan;
        if value.yakuman == 0 && !renhou_mangan {
            for (dora, count) in [
                (Yaku::Dora, self.dora),
                (Yaku::AkaDora, self.aka),
                (Yaku::UraDora, self.ura),
                (Yaku::Nukidora, self.kita),
            ] {
                if count > 0 {
                    yaku.push(YakuHan {
                        yaku: dora,
                        han: count,
                    });
                }
            }
        }
        let (base, limit) = base_points(value.han, value.fu, value.yakuman, self.rules);
        let s = self.situation;
        Score {
            han: value.han,
            fu: value.fu,
            yakuman: value.yakuman,
            yaku,
            fu_parts,
            limit,
            base,
            points: Points::under(
                self.rules,
                base,
                s.is_dealer(),
                s.tsumo,
                s.honba,
                s.riichi_sticks,
            ),
            reading,
            wait,
        }
    }
}
