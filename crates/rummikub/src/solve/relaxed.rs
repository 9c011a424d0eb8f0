//! The per-colour bound: an upper bound on what a state can still add, from a relaxed programme
//! per colour. Other colours matter only through how many sets of a number could hold a tile of
//! this colour (each set needs companions: tiles of other colours of that number, one of each,
//! or jokers), every colour may use all the free jokers, a colour earns the table runs its own
//! runs keep and its share of the table sets it puts tiles into. Each relaxation only widens
//! what a colour may do, so the sum bounds every real completion: the sweep may drop any state
//! whose gain plus bound misses its target.

use super::model::{Memo, Problem, STUCK, State, UNKNOWN, VALUES, set_tiles_of};

impl Problem<'_> {
    /// The most sets of number `v` that can each hold a tile of colour index `color`, with
    /// `free` jokers: each set needs companions, tiles of the other colours of that number (one
    /// of each at most) or jokers (up to the per-group limit).
    pub(super) fn set_cap(&self, color: usize, v: usize, free: u8) -> u8 {
        if v > usize::from(self.highest) {
            return 0;
        }
        let needed = u16::from(self.min_group.saturating_sub(1));
        let own = self.must[color][v] + self.may[color][v];
        (1..=own)
            .take_while(|&k| {
                let others: u16 = (0..self.n_colors)
                    .filter(|&c| c != color)
                    .map(|c| u16::from((self.must[c][v] + self.may[c][v]).min(k)))
                    .sum();
                let jokers = u16::from(free).min(u16::from(k) * u16::from(self.jokers_per_group));
                others + jokers >= u16::from(k) * needed
            })
            .last()
            .unwrap_or(0)
    }

    /// An upper bound on the objective key colour index `color` can still add from number `v`
    /// on, with its `part` (open runs) and `free` jokers, or `None` if its tiles that must
    /// be used cannot all be. The colour earns the table runs its runs keep, and its share of
    /// the table sets it may keep ([`Problem::set_credit`]). The other colours are relaxed away:
    /// a tile may go into a set whenever enough sets of its number could exist
    /// ([`Problem::set_cap`]), costing no other tile; every colour may use all the free
    /// jokers.
    #[inline]
    pub(super) fn color_bound(
        &self,
        color: usize,
        v: u8,
        part: u32,
        free: u8,
        memo: &mut Memo,
    ) -> Option<i64> {
        if v <= self.last_value
            && let Some(&known) =
                memo.bounds[color * VALUES + usize::from(v)].get(memo.slot(part, free))
            && known != UNKNOWN
        {
            return (known != STUCK).then_some(known);
        }
        self.work_out_color_bound(color, v, part, free, memo)
    }

    /// [`Problem::color_bound`] where the memo does not have it yet.
    #[inline(never)]
    pub(super) fn work_out_color_bound(
        &self,
        color: usize,
        v: u8,
        part: u32,
        free: u8,
        memo: &mut Memo,
    ) -> Option<i64> {
        if v > self.last_value {
            let (runs, nodes) = memo.parts[part as usize];
            return (!self.has_short_runs(color, runs, nodes))
                .then(|| i64::from(self.bonus(color, nodes)) * self.kept_key);
        }
        let vi = usize::from(v);
        let table = color * VALUES + vi;
        let slot = memo.slot(part, free);
        let (runs, nodes) = memo.parts[part as usize];
        // The same choices as a colour step ([`Problem::color_transitions`]): a tile may go
        // into a set whenever enough sets of its number could exist, and only where the open
        // runs end up matters.
        let sets = self.set_cap(color, vi, free);
        let used_jokers = self.total_jokers() - free;
        let mut best: Option<i64> = None;
        self.color_options(color, v, runs, nodes, used_jokers, sets, |option| {
            let gain = i64::from(option.used - option.must) * self.tile_key[vi]
                + self.set_credit(color, v, option.to_sets);
            let free = option.free - option.run_jokers;
            for at in option.plans.nexts.0..option.plans.nexts.1 {
                let (next_runs, next_nodes, bonus) = self.plans.nexts.borrow()[at as usize];
                let next = memo.part(next_runs, next_nodes);
                if let Some(rest) = self.color_bound(color, v + 1, next, free, memo) {
                    let total = gain + i64::from(bonus) * self.kept_key + rest;
                    best = Some(best.map_or(total, |best| best.max(total)));
                }
            }
        });
        let bounds = &mut memo.bounds[table];
        if bounds.len() <= slot {
            bounds.resize(slot + 1, UNKNOWN);
        }
        bounds[slot] = best.unwrap_or(STUCK);
        best
    }

    /// At most what keeping table sets of number `v` adds through colour index `color`, when it
    /// puts `to_sets` tiles into sets. A kept set's units are split among its tiles, so the
    /// colours' shares add up to at least the sets really kept: each of those holds a tile of
    /// every colour it has, in a set.
    pub(super) fn set_credit(&self, color: usize, v: u8, to_sets: u8) -> i64 {
        let credits = &self.set_credits[color * VALUES + usize::from(v)];
        match usize::from(to_sets).min(credits.len()) {
            0 => 0,
            best => credits[best - 1],
        }
    }

    /// Whether the set tiles the colours before `color` gave at number `v` (`sets`) can still
    /// become valid sets, with tiles the remaining colours have of that number and at most
    /// `free` jokers.
    pub(super) fn sets_completable(
        &self,
        v: u8,
        color: u8,
        sets: u32,
        free: u8,
        memo: &mut Memo,
    ) -> bool {
        if sets == 0 {
            return true;
        }
        let key = u64::from(sets) | u64::from(v) << 32 | u64::from(color) << 40;
        let needed = match memo.completions.get(&key) {
            Some(&needed) => needed,
            None => {
                let mut needed = u8::MAX;
                let mut full = sets;
                self.complete_sets(
                    usize::from(v),
                    usize::from(color),
                    &mut full,
                    &mut needed,
                    memo,
                );
                memo.completions.insert(key, needed);
                needed
            }
        };
        needed <= free
    }

    /// The fewest jokers with which the set tiles `sets` of number `v`, completed with tiles of
    /// colours from `color` on, form valid sets (lowering `needed`).
    pub(super) fn complete_sets(
        &self,
        v: usize,
        color: usize,
        sets: &mut u32,
        needed: &mut u8,
        memo: &mut Memo,
    ) {
        if *needed == 0 {
            return;
        }
        if color == self.n_colors {
            let mask = self.set_mask(*sets, memo);
            if mask != 0 {
                *needed = (*needed).min(mask.trailing_zeros() as u8);
            }
            return;
        }
        let available = (self.must[color][v] + self.may[color][v]).min(7);
        for count in 0..=available {
            *sets |= u32::from(count) << (color * 3);
            self.complete_sets(v, color + 1, sets, needed, memo);
            *sets &= !(7 << (color * 3));
        }
    }

    /// An upper bound on the objective key `state` can still add, or `None` if some colour is
    /// stuck: the colours' relaxed bounds ([`Problem::color_bound`]), every rack joker,
    /// and the shares of this number's table sets the colours already placed hold.
    pub(super) fn state_bound(&self, state: &State, memo: &mut Memo) -> Option<i64> {
        let free = self.total_jokers() - state.jokers;
        let mut total = i64::from(self.may_jokers) * self.joker_key;
        // The colours placed at this number already hold their share of the table sets of
        // it they may keep.
        for color in 0..usize::from(state.color).min(self.n_colors) {
            total += self.set_credit(color, state.value, set_tiles_of(state.sets, color));
        }
        for color in 0..self.n_colors {
            let v = if color < usize::from(state.color) {
                state.value + 1
            } else {
                state.value
            };
            total += self.color_bound(color, v, state.parts[color], free, memo)?;
        }
        Some(total)
    }
}
