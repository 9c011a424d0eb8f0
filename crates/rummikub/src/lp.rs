//! A small linear programme solver for the bounds of the best move: maximise `c·x` subject to
//! `A x = b` and `0 ≤ x ≤ u`, with `b ≥ 0`. The models are small (a row per tile kind in play,
//! about 40; a column per group type the tiles can make, a few hundred, each with a few
//! entries), so a revised simplex is enough, the basis inverse kept dense (`m × m`) and the
//! columns sparse, with bounded variables: phase 1 starts from an artificial variable per row
//! (`x = 0`, artificials `= b`), phase 2 from phase 1's basis. Where a point satisfying the
//! rows is known (the table as it is, nothing played), its columns are put into the basis
//! first without moving, each in place of an artificial at 0, and phase 1 is skipped. A nonbasic variable sits at its
//! lower or upper bound; a bound flip replaces a pivot where the entering variable reaches its
//! own bound first. Dantzig's rule picks the entering column, Bland's after a run of
//! degenerate pivots, so the method always ends.
//!
//! Exactness: the optimum is computed in floating point; its users round it down after adding
//! [`TOLERANCE`], and the coefficients are small integers, so the rounding errors (far below
//! the tolerance) never move an integer bound.

/// How far from zero a value must be to count: reduced costs, pivots, infeasibility.
pub(crate) const TOLERANCE: f64 = 1e-7;

/// Degenerate pivots in a row after which Bland's rule takes over (it cannot cycle).
const DEGENERATE_RUN: usize = 50;

/// One column: its objective coefficient, its upper bound, and its entries `(row, value)`.
#[derive(Debug, Clone)]
struct Column {
    objective: f64,
    upper: f64,
    entries: Vec<(usize, f64)>,
}

/// A linear programme in the form `max c·x`, `A x = b`, `0 ≤ x ≤ upper`, `b ≥ 0`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Programme {
    columns: Vec<Column>,
    /// The right-hand side of each row.
    rows: Vec<f64>,
}

/// Why a programme has no optimum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NoOptimum {
    /// No `x` within the bounds satisfies the rows.
    Infeasible,
}

impl Programme {
    /// A row with right-hand side `rhs` (at least 0); its index.
    pub(crate) fn add_row(&mut self, rhs: f64) -> usize {
        debug_assert!(rhs >= 0.0, "the rows' right-hand sides are not negative");
        self.rows.push(rhs);
        self.rows.len() - 1
    }

    /// A column with objective coefficient `objective`, bounds `0..=upper` and `entries`.
    pub(crate) fn add_column(&mut self, objective: f64, upper: f64, entries: Vec<(usize, f64)>) {
        self.columns.push(Column {
            objective,
            upper,
            entries,
        });
    }

    /// How many columns there are: the index the next one gets.
    pub(crate) fn columns(&self) -> usize {
        self.columns.len()
    }

    /// The optimum of `c·x`, starting from a point that satisfies the rows if one is known:
    /// `start` gives columns and their values (within their bounds), every other column is 0.
    /// The start's columns enter the basis first, each straight at its value, so phase 1 has
    /// nothing left to do. An empty start, or one that does not satisfy the rows, leaves the
    /// work to phase 1 from the artificial basis.
    pub(crate) fn maximise_from(&self, start: &[(usize, f64)]) -> Result<f64, NoOptimum> {
        let mut tableau = Tableau::new(self);
        tableau.crash(start);
        tableau.solve()
    }
}

/// The revised simplex's state: `m` rows, `n` structural columns and `m` artificial ones (the
/// unit vectors), the basis inverse `B⁻¹` kept dense (`m × m`, small) and updated at each
/// pivot, the columns sparse as given.
struct Tableau<'p> {
    programme: &'p Programme,
    m: usize,
    width: usize,
    columns: &'p [Column],
    /// Row-major `m × m`: `B⁻¹`.
    inverse: Vec<f64>,
    /// The basic variable of each row.
    basis: Vec<usize>,
    /// The value of every variable.
    value: Vec<f64>,
    upper: Vec<f64>,
    /// Whether each variable is basic.
    basic: Vec<bool>,
}

impl<'p> Tableau<'p> {
    fn new(programme: &'p Programme) -> Tableau<'p> {
        let m = programme.rows.len();
        let n = programme.columns.len();
        let width = n + m;
        let mut inverse = vec![0.0; m * m];
        for i in 0..m {
            inverse[i * m + i] = 1.0;
        }
        let mut upper: Vec<f64> = programme
            .columns
            .iter()
            .map(|column| column.upper)
            .collect();
        upper.extend(std::iter::repeat_n(f64::INFINITY, m));
        let mut value = vec![0.0; width];
        value[n..].copy_from_slice(&programme.rows);
        let mut basic = vec![false; width];
        for flag in &mut basic[n..] {
            *flag = true;
        }
        Tableau {
            programme,
            m,
            width,
            columns: &programme.columns,
            inverse,
            basis: (n..width).collect(),
            value,
            upper,
            basic,
        }
    }

    /// Moves to the start point, then puts its columns into the basis, each in place of an
    /// artificial variable (all 0 there: the start satisfies the rows) in the row where its
    /// entry in the current basis is largest, without moving. A column left out must sit at
    /// one of its bounds; if one cannot, or the start does not satisfy the rows, the tableau
    /// goes back to the artificial basis and phase 1 does the work.
    fn crash(&mut self, start: &[(usize, f64)]) {
        let m = self.m;
        let n = self.width - m;
        for &(j, amount) in start {
            self.value[j] += amount;
            for &(row, a) in &self.columns[j].entries {
                self.value[n + row] -= a * amount;
            }
        }
        let satisfied = self.value[n..].iter().all(|v| v.abs() <= TOLERANCE);
        let mut alpha = vec![0.0; m];
        let mut placed = satisfied;
        for &(j, _) in start {
            if !placed {
                break;
            }
            if self.basic[j] {
                continue;
            }
            self.column(j, &mut alpha);
            let row = (0..m)
                .filter(|&i| self.basis[i] >= n && alpha[i].abs() > TOLERANCE)
                .max_by(|&a, &b| alpha[a].abs().total_cmp(&alpha[b].abs()));
            match row {
                Some(r) => self.pivot(r, j, &alpha),
                None => placed = self.value[j] == 0.0 || self.value[j] == self.upper[j],
            }
        }
        if !placed {
            *self = Tableau::new(self.programme);
        }
    }

    /// Makes `j` (whose column in the current basis is `alpha`) basic in row `r`'s place.
    fn pivot(&mut self, r: usize, j: usize, alpha: &[f64]) {
        let m = self.m;
        let out = self.basis[r];
        let pivot = alpha[r];
        for k in 0..m {
            self.inverse[r * m + k] /= pivot;
        }
        for (i, &factor) in alpha.iter().enumerate() {
            if i != r && factor != 0.0 {
                for k in 0..m {
                    self.inverse[i * m + k] -= factor * self.inverse[r * m + k];
                }
            }
        }
        self.basic[out] = false;
        self.basic[j] = true;
        self.basis[r] = j;
    }

    fn solve(mut self) -> Result<f64, NoOptimum> {
        let n = self.width - self.m;
        // Phase 1: maximise minus the artificials' sum, unless they are all 0 already.
        let infeasibility: f64 = self.value[n..].iter().sum();
        if infeasibility > TOLERANCE * (1.0 + self.m as f64) {
            let phase1: Vec<f64> = (0..self.width)
                .map(|j| if j < n { 0.0 } else { -1.0 })
                .collect();
            self.optimise(&phase1);
        }
        let infeasibility: f64 = self.value[n..].iter().sum();
        if infeasibility > TOLERANCE * (1.0 + self.m as f64) {
            return Err(NoOptimum::Infeasible);
        }
        // The artificials leave for good: held at 0.
        for j in n..self.width {
            self.upper[j] = 0.0;
            if !self.basic[j] {
                self.value[j] = 0.0;
            }
        }
        let mut objective: Vec<f64> = self.columns.iter().map(|column| column.objective).collect();
        objective.extend(std::iter::repeat_n(0.0, self.m));
        self.optimise(&objective);
        Ok((0..n).map(|j| objective[j] * self.value[j]).sum())
    }

    /// `B⁻¹ a_j`: column `j` in the current basis.
    fn column(&self, j: usize, into: &mut [f64]) {
        let n = self.width - self.m;
        let m = self.m;
        into.fill(0.0);
        if j >= n {
            let row = j - n;
            for (i, out) in into.iter_mut().enumerate() {
                *out = self.inverse[i * m + row];
            }
            return;
        }
        for &(row, a) in &self.columns[j].entries {
            for (i, out) in into.iter_mut().enumerate() {
                *out += self.inverse[i * m + row] * a;
            }
        }
    }

    /// The reduced cost of every column under `objective`: `c_j - (c_B B⁻¹) a_j`.
    fn reduced_costs(&self, objective: &[f64], prices: &mut [f64], reduced: &mut [f64]) {
        let n = self.width - self.m;
        let m = self.m;
        prices.fill(0.0);
        for (i, &b) in self.basis.iter().enumerate() {
            let cost = objective[b];
            if cost != 0.0 {
                for (k, price) in prices.iter_mut().enumerate() {
                    *price += cost * self.inverse[i * m + k];
                }
            }
        }
        for (j, column) in self.columns.iter().enumerate() {
            let priced: f64 = column.entries.iter().map(|&(row, a)| prices[row] * a).sum();
            reduced[j] = objective[j] - priced;
        }
        for row in 0..m {
            reduced[n + row] = objective[n + row] - prices[row];
        }
    }

    /// Simplex iterations until no column improves `objective`.
    fn optimise(&mut self, objective: &[f64]) {
        let m = self.m;
        let mut prices = vec![0.0; m];
        let mut reduced = vec![0.0; self.width];
        let mut alpha = vec![0.0; m];
        let mut degenerate = 0;
        loop {
            self.reduced_costs(objective, &mut prices, &mut reduced);
            let bland = degenerate >= DEGENERATE_RUN;
            // The entering column: it improves by increasing from 0 or decreasing from its
            // upper bound.
            let mut entering = None;
            let mut best = TOLERANCE;
            for (j, &cost) in reduced.iter().enumerate() {
                if self.basic[j] || self.upper[j] <= 0.0 {
                    continue;
                }
                let at_upper = self.value[j] > 0.0;
                let gain = if at_upper { -cost } else { cost };
                if gain > best {
                    entering = Some(j);
                    if bland {
                        break;
                    }
                    best = gain;
                }
            }
            let Some(j) = entering else {
                return;
            };
            let direction = if self.value[j] > 0.0 { -1.0 } else { 1.0 };
            self.column(j, &mut alpha);
            // The ratio test: the largest step along `direction` keeping every basic variable
            // within its bounds; ties go to the largest pivot (Bland's rule: the lowest
            // variable).
            let mut best: Option<(usize, f64, f64)> = None;
            for (i, &entry) in alpha.iter().enumerate() {
                let a = entry * direction;
                if a.abs() <= TOLERANCE {
                    continue;
                }
                let b = self.basis[i];
                // Basic variable b moves by -a per unit of step.
                let room = if a > 0.0 {
                    self.value[b]
                } else {
                    self.upper[b] - self.value[b]
                };
                let limit = room.max(0.0) / a.abs();
                let replace = match best {
                    None => true,
                    Some((r, current, size)) => {
                        limit < current - TOLERANCE
                            || (limit <= current + TOLERANCE
                                && if bland {
                                    b < self.basis[r]
                                } else {
                                    a.abs() > size
                                })
                    }
                };
                if replace {
                    best = Some((i, limit, a.abs()));
                }
            }
            // A pivot, or a bound flip when j reaches its own other bound first.
            let (step, leaving) = match best {
                Some((r, limit, _)) if limit < self.upper[j] => (limit, Some(r)),
                _ => (self.upper[j], None),
            };
            if step.is_infinite() {
                // Unbounded: not possible here, every structural column is bounded.
                return;
            }
            degenerate = if step <= TOLERANCE { degenerate + 1 } else { 0 };
            // Move: j by direction·step, the basic variables by -a·step.
            for (i, &entry) in alpha.iter().enumerate() {
                let b = self.basis[i];
                self.value[b] -= entry * direction * step;
            }
            self.value[j] += direction * step;
            match leaving {
                None => {
                    // A bound flip: j reached its other bound, the basis stays.
                    self.value[j] = if direction > 0.0 { self.upper[j] } else { 0.0 };
                }
                Some(r) => {
                    let out = self.basis[r];
                    // The leaving variable sits exactly at the bound it reached.
                    self.value[out] = if alpha[r] * direction > 0.0 {
                        0.0
                    } else {
                        self.upper[out]
                    };
                    // B⁻¹ for the new basis: row r divided by the pivot, the others cleared.
                    self.pivot(r, j, &alpha);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{NoOptimum, Programme, TOLERANCE};

    /// The best integer point, by enumerating every point within the bounds: the LP optimum
    /// must reach or pass it.
    fn integer_optimum(columns: &[(i32, u8, Vec<i32>)], rows: &[i32]) -> Option<i32> {
        let mut best = None;
        let mut x = vec![0u8; columns.len()];
        loop {
            let fits = rows.iter().enumerate().all(|(i, &rhs)| {
                columns
                    .iter()
                    .zip(&x)
                    .map(|((_, _, a), &v)| a[i] * i32::from(v))
                    .sum::<i32>()
                    == rhs
            });
            if fits {
                let value = columns
                    .iter()
                    .zip(&x)
                    .map(|((c, _, _), &v)| c * i32::from(v))
                    .sum();
                best = Some(best.map_or(value, |b: i32| b.max(value)));
            }
            let mut k = 0;
            loop {
                if k == x.len() {
                    return best;
                }
                if x[k] < columns[k].1 {
                    x[k] += 1;
                    break;
                }
                x[k] = 0;
                k += 1;
            }
        }
    }

    proptest! {
        #![proptest_config(tiles_testkit::props::config(512))]

        /// On small programmes with a known feasible integer point: the LP optimum is at
        /// least the best integer point's value, and at most the sum of the positive
        /// objective coefficients times their bounds.
        #[test]
        fn the_optimum_bounds_every_integer_point(
            shape in (1usize..4, 1usize..6).prop_flat_map(|(m, n)| {
                let column = (-2i32..3, 0u8..3, proptest::collection::vec(-1i32..3, m));
                (proptest::collection::vec(column, n), proptest::collection::vec(0u8..3, n))
            })
        ) {
            let (columns, point) = shape;
            let m = columns[0].2.len();
            // The right-hand side of a point within the bounds, made non-negative by
            // flipping rows.
            let point: Vec<u8> = point.iter().zip(&columns).map(|(&v, (_, u, _))| v.min(*u)).collect();
            let mut rows: Vec<i32> = (0..m)
                .map(|i| columns.iter().zip(&point).map(|((_, _, a), &v)| a[i] * i32::from(v)).sum())
                .collect();
            let mut columns = columns;
            for (i, rhs) in rows.iter_mut().enumerate() {
                if *rhs < 0 {
                    *rhs = -*rhs;
                    for column in &mut columns {
                        column.2[i] = -column.2[i];
                    }
                }
            }
            let mut programme = Programme::default();
            for &rhs in &rows {
                programme.add_row(f64::from(rhs));
            }
            for (c, u, a) in &columns {
                let entries = a.iter().enumerate().filter(|(_, v)| **v != 0).map(|(i, v)| (i, f64::from(*v))).collect();
                programme.add_column(f64::from(*c), f64::from(*u), entries);
            }
            let optimum = programme.maximise_from(&[]).expect("a feasible point exists");
            // Started from the known point (which satisfies the rows), the same optimum.
            let start: Vec<(usize, f64)> = point.iter().enumerate().map(|(j, &v)| (j, f64::from(v))).collect();
            let started = programme.maximise_from(&start).expect("a feasible point exists");
            prop_assert!((started - optimum).abs() <= 1e-6, "{started} against {optimum}");
            let best = integer_optimum(&columns, &rows).expect("the point is feasible");
            prop_assert!(optimum >= f64::from(best) - 1e-6, "{optimum} < {best}");
            let ceiling: f64 = columns.iter().map(|(c, u, _)| f64::from((*c).max(0)) * f64::from(*u)).sum();
            prop_assert!(optimum <= ceiling + 1e-6);
        }
    }

    /// A programme whose optimum is fractional, and one with no solution.
    #[test]
    fn a_fractional_optimum_and_an_infeasible_programme() {
        // max x + y + z where each of three rows holds two of them and a slack, with
        // right-hand side 1: the odd cycle, whose optimum is x = y = z = 1/2, worth 1.5.
        let mut p = Programme::default();
        let r0 = p.add_row(1.0);
        let r1 = p.add_row(1.0);
        let r2 = p.add_row(1.0);
        p.add_column(1.0, 1.0, vec![(r0, 1.0), (r2, 1.0)]);
        p.add_column(1.0, 1.0, vec![(r0, 1.0), (r1, 1.0)]);
        p.add_column(1.0, 1.0, vec![(r1, 1.0), (r2, 1.0)]);
        for row in [r0, r1, r2] {
            p.add_column(0.0, 1.0, vec![(row, 1.0)]);
        }
        assert!((p.maximise_from(&[]).unwrap() - 1.5).abs() < TOLERANCE);

        let mut q = Programme::default();
        let row = q.add_row(3.0);
        q.add_column(1.0, 1.0, vec![(row, 1.0)]);
        assert_eq!(q.maximise_from(&[]), Err(NoOptimum::Infeasible));
    }
}
