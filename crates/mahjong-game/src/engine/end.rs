//! The end of a hand (wins, draws, their payments) and of the game: dealer rotation, honba,
//! the last hand's rules, the sticks left over.

use super::event::{DrawKind, Event, Win};
use super::state::{Game, IllegalAction, Phase};
use super::wall::Wall;
use mahjong::Wind;

impl Game {
    /// The hand ends with these wins (one tsumo, or the rons on one tile, first from the
    /// discarder first).
    pub(crate) fn end_with_wins(&mut self, wins: Vec<(usize, Win)>) -> Result<(), IllegalAction> {
        let mut dealer_won = false;
        for (seat, win) in wins {
            for (score, delta) in self.scores.iter_mut().zip(win.deltas) {
                *score += delta;
            }
            dealer_won |= seat == self.dealer;
            self.events.push(Event::Win(Box::new(win)));
        }
        self.sticks = 0;
        self.finish_hand(dealer_won, true, false)
    }

    /// An abortive draw, or the end of an exhaustive one.
    pub(crate) fn end_drawn(&mut self, kind: DrawKind) -> Result<(), IllegalAction> {
        self.events.push(Event::Drawn {
            kind,
            tenpai: [false; 4],
            deltas: [0; 4],
        });
        self.finish_hand(true, false, true)
    }

    /// The live wall is empty and the last discard passed: nagashi mangan, or tenpai
    /// payments.
    pub(crate) fn end_exhausted(&mut self) -> Result<(), IllegalAction> {
        let players = self.seat_count();
        let tenpai: [bool; 4] = std::array::from_fn(|seat| self.waits[seat] != 0);
        let nagashi: Vec<usize> = (0..players)
            .filter(|&seat| {
                self.rivers[seat]
                    .iter()
                    .all(|river| river.tile.tile.is_terminal_or_honor() && !river.called)
            })
            .collect();
        let mut deltas = [0i32; 4];
        let kind = if nagashi.is_empty() {
            // 1,000 from each of the others' shares: 3,000 in all, or 2,000 with three.
            let total = 1000 * (players as i32 - 1);
            let count = tenpai.iter().filter(|&&ready| ready).count() as i32;
            if (1..players as i32).contains(&count) {
                for seat in 0..players {
                    deltas[seat] = if tenpai[seat] {
                        total / count
                    } else {
                        -total / (players as i32 - count)
                    };
                }
            }
            DrawKind::Exhaustive
        } else {
            // A mangan tsumo for each, without honba; the sticks stay on the table.
            for &seat in &nagashi {
                for payer in (0..players).filter(|&payer| payer != seat) {
                    let pays = if seat == self.dealer || payer == self.dealer {
                        4000
                    } else {
                        2000
                    };
                    deltas[payer] -= pays;
                    deltas[seat] += pays;
                }
            }
            DrawKind::NagashiMangan
        };
        for (score, delta) in self.scores.iter_mut().zip(deltas) {
            *score += delta;
        }
        self.events.push(Event::Drawn {
            kind,
            tenpai,
            deltas,
        });
        self.finish_hand(tenpai[self.dealer], false, false)
    }

    /// After a hand: the dealer stays (`dealer_stays`) or the deal passes; the game ends or
    /// the next hand is dealt.
    pub(crate) fn finish_hand(
        &mut self,
        dealer_stays: bool,
        won: bool,
        abortive: bool,
    ) -> Result<(), IllegalAction> {
        self.events.push(Event::EndHand {
            scores: self.scores,
        });
        if self.game_ends(dealer_stays, abortive) {
            return self.end_game();
        }
        if dealer_stays {
            self.id.honba += 1;
        } else {
            self.id.honba = if won { 0 } else { self.id.honba + 1 };
            self.dealer = (self.dealer + 1) % self.seat_count();
            if usize::from(self.id.number) == self.seat_count() {
                self.id.number = 1;
                self.id.wind = Wind::ALL[(self.id.wind as usize + 1) % 4];
            } else {
                self.id.number += 1;
            }
        }
        if self.wall.is_given() {
            // A replayed record deals its next hand itself.
            self.phase = Phase::Over;
            return Ok(());
        }
        self.wall = Wall::seeded(&mut self.random, &self.rules);
        self.start_hand();
        Ok(())
    }

    /// The seats ranked by points, ties to the seat that was East first; a seat that
    /// forfeited the game ranks last (with three players, before the empty seat 3).
    pub fn ranking(&self) -> [usize; 4] {
        let mut seats = [0, 1, 2, 3];
        let players = self.seat_count();
        seats.sort_by_key(|&seat| {
            (
                seat >= players,
                self.forfeit == Some(seat),
                std::cmp::Reverse(self.scores[seat]),
                seat,
            )
        });
        seats
    }

    /// Each seat's place, 1 for first, for the seats that play (as [`Game::ranking`] ranks
    /// them): `[2, 1, 3]` at a three-player table where seat 1 leads.
    pub fn places(&self) -> Vec<usize> {
        let mut places = vec![0; self.seat_count()];
        for (place, &seat) in self.ranking().iter().take(places.len()).enumerate() {
            places[seat] = place + 1;
        }
        places
    }

    /// Whether the game is over after this hand.
    pub(crate) fn game_ends(&self, dealer_stays: bool, abortive: bool) -> bool {
        if self.scores.iter().any(|&score| score < 0) {
            return true;
        }
        let rounds = self.rules.length.rounds();
        let wind = self.id.wind as u8;
        let last_number = self.seat_count() as u8;
        let all_last = wind + 1 > rounds || (wind + 1 == rounds && self.id.number == last_number);
        if !all_last {
            return false;
        }
        let top = *self.scores.iter().max().expect("four seats");
        let target = self.rules.target_points();
        if dealer_stays {
            // The dealer's win or tenpai in the last hand ends the game if the dealer is first
            // with the points to end it (agari-yame); an abortive draw plays on.
            !abortive && self.ranking()[0] == self.dealer && self.scores[self.dealer] >= target
        } else {
            // The deal passes: the game ends if someone has the points, or the extension is
            // over (West 4 for a hanchan, South 4 for an East game; West 3 and South 3 with
            // three players).
            let extension_over = wind >= rounds && self.id.number == last_number;
            top >= target || extension_over
        }
    }

    /// Each seat's final points if the game ended now: the sticks left go to the first.
    pub fn scores_if_ended(&self) -> [i32; 4] {
        let mut scores = self.scores;
        scores[self.ranking()[0]] += 1000 * self.sticks as i32;
        scores
    }

    /// Ends the game: the sticks left to the first.
    pub(crate) fn end_game(&mut self) -> Result<(), IllegalAction> {
        self.scores = self.scores_if_ended();
        self.sticks = 0;
        self.events.push(Event::EndGame {
            scores: self.scores,
        });
        self.phase = Phase::Over;
        Ok(())
    }
}
