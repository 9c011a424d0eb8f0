//! The final result of a game: points less the return points, the uma and oka by place, ties,
//! rounding, and chombo penalties.

use super::GameRules;
use super::values::{Chombo, Rounding, Ties};

/// `difference` (a seat's points less the return points) in thousands rounded Tenhou's way: a
/// half up (-3.5 to -3), or down for a seat whose points are below zero.
fn tenhou_thousands(difference: i32, below_zero: bool) -> i32 {
    let hundreds = difference.div_euclid(100);
    if below_zero {
        (hundreds - 5).div_euclid(10) + i32::from((hundreds - 5).rem_euclid(10) > 0)
    } else {
        (hundreds + 5).div_euclid(10)
    }
}

impl GameRules {
    /// The seats that play, placed: by points, ties to the seat that was East first.
    pub(crate) fn placed(&self, scores: &[i32; 4]) -> Vec<usize> {
        let mut order: Vec<usize> = self.seats().collect();
        order.sort_by_key(|&seat| (std::cmp::Reverse(scores[seat]), seat));
        order
    }

    /// Each seat's uma and oka, in hundreds of points, by its place: with ties split, seats
    /// with equal points share their places' bonus equally (hundreds left over go one each to
    /// the tied seats in seat order).
    pub fn place_bonus(&self, scores: [i32; 4]) -> [i32; 4] {
        let players = self.players.count();
        let order = self.placed(&scores);
        let above = order
            .iter()
            .filter(|&&seat| scores[seat] >= self.return_points)
            .count();
        let uma = self.uma.table(above);
        let oka = (self.return_points - self.start_points) * players as i32;
        let by_place: Vec<i32> = (0..players)
            .map(|place| (uma[place] + if place == 0 { oka } else { 0 }) / 100)
            .collect();
        let mut bonus = [0; 4];
        let mut place = 0;
        while place < players {
            let tied = match self.ties {
                Ties::SeatOrder => 1,
                Ties::Split => order[place..]
                    .iter()
                    .take_while(|&&seat| scores[seat] == scores[order[place]])
                    .count(),
            };
            let mut seats: Vec<usize> = order[place..place + tied].to_vec();
            seats.sort_unstable();
            let total: i32 = by_place[place..place + tied].iter().sum();
            let each = total.div_euclid(tied as i32);
            let left = total.rem_euclid(tied as i32) as usize;
            for (index, &seat) in seats.iter().enumerate() {
                bonus[seat] = each + i32::from(index < left);
            }
            place += tied;
        }
        bonus
    }

    /// The final result of a game ended with these points, in hundreds of points (523 is
    /// +52.3 thousand), for the seats that play: each seat's points less the return points,
    /// plus its place's uma (and the oka to the first), ties as [`GameRules::ties`] says, less
    /// `chombos` times an after-uma chombo penalty. Tenhou's rounding (its records' `owari`)
    /// rounds each seat but the first to whole thousands (a half up, down below zero) and
    /// gives the first the balance, so the results add up as the points do; exact rounding
    /// keeps every hundred.
    pub fn final_score(&self, scores: [i32; 4], chombos: [u32; 4]) -> [i32; 4] {
        let bonus = self.place_bonus(scores);
        let order = self.placed(&scores);
        let mut result = [0; 4];
        for &seat in &order {
            result[seat] = (scores[seat] - self.return_points).div_euclid(100) + bonus[seat];
        }
        if self.final_rounding == Rounding::Tenhou {
            let mut moved = 0;
            for &seat in &order[1..] {
                let thousands =
                    tenhou_thousands(scores[seat] - self.return_points, scores[seat] < 0);
                let rounded = 10 * thousands + bonus[seat];
                moved += result[seat] - rounded;
                result[seat] = rounded;
            }
            result[order[0]] += moved;
        }
        if let Chombo::AfterUma(points) = self.chombo {
            for &seat in &order {
                result[seat] -= (points / 100) * chombos[seat] as i32;
            }
        }
        result
    }
}

/// A final result in hundreds as thousands with one decimal, as records write it: `52.3`,
/// `-7.0`.
pub fn thousands_text(hundreds: i32) -> String {
    let sign = if hundreds < 0 { "-" } else { "" };
    format!("{sign}{}.{}", hundreds.abs() / 10, hundreds.abs() % 10)
}
