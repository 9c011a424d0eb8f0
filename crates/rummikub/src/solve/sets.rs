//! The set step of a number: the tiles each colour gave to sets, with jokers, split into valid
//! sets, and the split that reproduces the most table sets of that number (the unchanged-group
//! bonus for sets). Which joker counts a colour count can form sets with depends on the rules
//! alone and is worked out once per question.

use super::model::{Choice, MAX_COLORS, Memo, Problem, State, Step, set_tiles_of};

impl Problem<'_> {
    /// Forms the sets of this number from the tiles the colours gave them, with any jokers.
    pub(super) fn set_transitions(
        &self,
        state: &State,
        memo: &mut Memo,
        emit: &mut dyn FnMut(Choice, Step),
    ) {
        let v = state.value;
        let free = self.total_jokers() - state.jokers;
        let mask = self.set_mask(state.sets, memo);
        for jokers in (0..=free).filter(|&jokers| mask >> jokers & 1 == 1) {
            // Which split keeps the most table sets matters only where the table has sets.
            let kept = if self.sets_at[usize::from(v)].is_empty() {
                0
            } else {
                self.best_sets(v, state.sets, jokers)
                    .map_or(0, |(kept, _)| kept)
            };
            let choice = Choice {
                gain: i64::from(kept) * self.kept_key,
                part: 0,
                to_sets: 0,
                jokers,
                points: u16::from(v) * u16::from(jokers),
            };
            emit(choice, Step::Sets { jokers });
        }
    }

    /// Which joker counts the set tiles `sets` (count per colour) can form valid sets with:
    /// bit `j` for exactly `j` jokers. It depends on the rules alone.
    pub(super) fn set_mask(&self, sets: u32, memo: &mut Memo) -> u8 {
        if sets == 0 {
            return 1;
        }
        if let Some(&mask) = memo.set_masks.get(&sets) {
            return mask;
        }
        let has = |c: usize| set_tiles_of(sets, c) > 0;
        let first = (0..self.n_colors).find(|&c| has(c)).unwrap_or(0);
        // The set holding one tile of the first colour: any of the other colours join it,
        // plus some jokers.
        let others = (first + 1..self.n_colors)
            .filter(|&c| has(c))
            .fold(0u32, |mask, c| mask | 1 << c);
        let most_jokers = self.jokers_per_group.min(self.total_jokers());
        let mut mask = 0u16;
        let mut joining = others;
        loop {
            let colors = joining | 1 << first;
            let taken = (0..self.n_colors)
                .filter(|&c| colors >> c & 1 == 1)
                .fold(0u32, |taken, c| taken + (1 << (c * 3)));
            let rest = u16::from(self.set_mask(sets - taken, memo));
            let real = colors.count_ones() as usize;
            for jokers in 0..=usize::from(most_jokers) {
                let size = real + jokers;
                if size >= usize::from(self.min_group) && size <= self.n_colors {
                    mask |= rest << jokers;
                }
            }
            if joining == 0 {
                break;
            }
            joining = (joining - 1) & others;
        }
        let mask = (mask & ((2u16 << self.total_jokers()) - 1)) as u8;
        memo.set_masks.insert(sets, mask);
        mask
    }

    pub(super) fn add_points(&self, points: u16, more: u16) -> u16 {
        match self.threshold {
            Some(threshold) => points.saturating_add(more).min(threshold.max(1)),
            None => 0,
        }
    }

    /// The best way to split the set tiles (count per colour in `sets`) and `jokers` into
    /// valid sets of number `v`: the most table sets kept, and the sets as (colours, jokers).
    pub(super) fn best_sets(&self, v: u8, sets: u32, jokers: u8) -> Option<(u8, Vec<(u8, u8)>)> {
        let mut remaining = [0u8; MAX_COLORS];
        for (color, count) in remaining.iter_mut().enumerate().take(self.n_colors) {
            *count = set_tiles_of(sets, color);
        }
        let mut best: Option<(u8, Vec<(u8, u8)>)> = None;
        let mut current = Vec::new();
        self.split_sets(v, &mut remaining, jokers, &mut current, &mut best);
        best
    }

    pub(super) fn split_sets(
        &self,
        v: u8,
        remaining: &mut [u8; MAX_COLORS],
        jokers: u8,
        current: &mut Vec<(u8, u8)>,
        best: &mut Option<(u8, Vec<(u8, u8)>)>,
    ) {
        if best
            .as_ref()
            .is_some_and(|(kept, _)| usize::from(*kept) == self.sets_at[usize::from(v)].len())
        {
            // Every table set of the number is kept already: nothing does better.
            return;
        }
        let Some(first) = (0..self.n_colors).find(|&c| remaining[c] > 0) else {
            if jokers == 0 {
                let kept = self.count_kept_sets(v, current);
                if best.as_ref().is_none_or(|(k, _)| kept > *k) {
                    *best = Some((kept, current.clone()));
                }
            }
            return;
        };
        // The set holding one tile of the first colour left: any of the other colours left
        // join it, plus some jokers.
        let others = (first + 1..self.n_colors)
            .filter(|&c| remaining[c] > 0)
            .fold(0u8, |mask, c| mask | 1 << c);
        // Every subset of the others joins, fewest colours' bits first.
        let mut joining = 0u8;
        loop {
            let colors = joining | 1 << first;
            let real = colors.count_ones() as u8;
            for set_jokers in 0..=jokers.min(self.jokers_per_group) {
                let size = usize::from(real + set_jokers);
                if size < usize::from(self.min_group) || size > self.n_colors {
                    continue;
                }
                let in_set = |c: &usize| colors >> c & 1 == 1;
                remaining
                    .iter_mut()
                    .enumerate()
                    .filter(|(c, _)| in_set(c))
                    .for_each(|(_, n)| *n -= 1);
                current.push((colors, set_jokers));
                self.split_sets(v, remaining, jokers - set_jokers, current, best);
                current.pop();
                remaining
                    .iter_mut()
                    .enumerate()
                    .filter(|(c, _)| in_set(c))
                    .for_each(|(_, n)| *n += 1);
            }
            if joining == others {
                break;
            }
            joining = (joining | !others).wrapping_add(1) & others;
        }
    }

    /// How many table sets of number `v` the formed sets reproduce exactly.
    pub(super) fn count_kept_sets(&self, v: u8, formed: &[(u8, u8)]) -> u8 {
        let mut used = 0u64;
        let mut kept = 0;
        for &(colors, jokers) in formed {
            let matching = self.sets_at[usize::from(v)]
                .iter()
                .enumerate()
                .find(|&(i, set)| {
                    used >> i & 1 == 0 && set.colors == colors && set.jokers == jokers
                });
            if let Some((i, _)) = matching {
                used |= 1 << i;
                kept += 1;
            }
        }
        kept
    }
}
