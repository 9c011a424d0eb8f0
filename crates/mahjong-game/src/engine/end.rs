//! The end of a hand (wins, draws, their payments) and of the game: dealer rotation, honba,
//! the last hand's rules, the sticks left over.

use super::event::{DrawKind, Event, Win};
use super::rules::{Busting, Chombo, Leftover, Renchan, Ties};
use super::state::{Game, IllegalAction, Phase};
use super::wall::Wall;
use mahjong::Wind;

/// How a hand ended, for whether the game does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ending {
    /// By a win (or wins).
    Won,
    /// By an exhaustive draw (nagashi mangan included).
    Exhausted,
    /// By an abortive draw.
    Abortive,
}

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
        self.finish_hand(dealer_won, Ending::Won)
    }

    /// An abortive draw, or the end of an exhaustive one.
    pub(crate) fn end_drawn(&mut self, kind: DrawKind) -> Result<(), IllegalAction> {
        self.events.push(Event::Drawn {
            kind,
            tenpai: [false; 4],
            deltas: [0; 4],
        });
        self.finish_hand(true, Ending::Abortive)
    }

    /// The live wall is empty and the last discard passed: nagashi mangan, or tenpai
    /// payments (as the rules have them).
    pub(crate) fn end_exhausted(&mut self) -> Result<(), IllegalAction> {
        let players = self.seat_count();
        let tenpai: [bool; 4] = std::array::from_fn(|seat| self.waits[seat] != 0);
        let nagashi: Vec<usize> = (0..players)
            .filter(|&seat| {
                self.rules.nagashi
                    && self.rivers[seat]
                        .iter()
                        .all(|river| river.tile.tile.is_terminal_or_honor() && !river.called)
            })
            .collect();
        let mut deltas = [0i32; 4];
        let kind = if nagashi.is_empty() {
            // The noten payments shared: 3,000 in all (1,000 from each of the others'
            // shares), or 2,000 with three; none under rules without them.
            let total = self.rules.noten_payment;
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
        let dealer_stays = tenpai[self.dealer] && self.rules.renchan == Renchan::WinOrTenpai;
        self.finish_hand(dealer_stays, Ending::Exhausted)
    }

    /// A false declaration by `seat` (chombo), as a referee rules it, under the rules'
    /// penalty: the hand ends with every seat's points and the sticks as the hand began (riichi
    /// sticks of this hand returned), then a reverse mangan is paid at once, or the chombo is
    /// counted off the seat's final result after the uma; the same hand is dealt again (same
    /// dealer and honba).
    ///
    /// # Errors
    ///
    /// [`IllegalAction::GameOver`] once the game is over; [`IllegalAction::NotLegal`] for a
    /// seat that does not play or under rules without chombo (online rooms).
    pub fn chombo(&mut self, seat: usize) -> Result<(), IllegalAction> {
        if self.phase == Phase::Over {
            return Err(IllegalAction::GameOver);
        }
        let refuse = |why: &str| IllegalAction::NotLegal {
            seat,
            action: "chombo".to_owned(),
            why: why.to_owned(),
        };
        if seat >= self.seat_count() {
            return Err(refuse("the seat does not play"));
        }
        if self.rules.chombo == Chombo::None {
            return Err(refuse("these rules have no chombo penalty"));
        }
        if let Some(Event::StartHand { scores, sticks, .. }) = self.events.get(self.hand_start) {
            self.scores = *scores;
            self.sticks = *sticks;
        }
        let mut deltas = [0i32; 4];
        if self.rules.chombo == Chombo::ReverseMangan {
            let players = self.seat_count();
            for other in (0..players).filter(|&other| other != seat) {
                let pays = if seat == self.dealer || other == self.dealer {
                    4000
                } else {
                    2000
                };
                deltas[other] += pays;
                deltas[seat] -= pays;
            }
        }
        for (score, delta) in self.scores.iter_mut().zip(deltas) {
            *score += delta;
        }
        self.events.push(Event::Chombo { seat, deltas });
        self.events.push(Event::EndHand {
            scores: self.scores,
        });
        if self.busted() {
            return self.end_game();
        }
        self.deal_next()
    }

    /// After a hand: the dealer stays (`dealer_stays`) or the deal passes; the game ends or
    /// the next hand is dealt.
    pub(crate) fn finish_hand(
        &mut self,
        dealer_stays: bool,
        ending: Ending,
    ) -> Result<(), IllegalAction> {
        self.events.push(Event::EndHand {
            scores: self.scores,
        });
        if self.game_ends(dealer_stays, ending) {
            return self.end_game();
        }
        let won = ending == Ending::Won;
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
        self.deal_next()
    }

    /// Deals the next hand, or for a replayed record waits for it.
    fn deal_next(&mut self) -> Result<(), IllegalAction> {
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

    /// Whether a player's points end the game (busting, as the rules have it).
    fn busted(&self) -> bool {
        let scores = &self.scores[..self.seat_count()];
        match self.rules.busting {
            Busting::Off => false,
            Busting::BelowZero => scores.iter().any(|&score| score < 0),
            Busting::AtZero => scores.iter().any(|&score| score <= 0),
        }
    }

    /// Whether the game is over after this hand.
    pub(crate) fn game_ends(&self, dealer_stays: bool, ending: Ending) -> bool {
        if self.busted() {
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
            // The dealer's win (agari-yame) or tenpai (tenpai-yame) in the last hand ends the
            // game if the dealer is first with the points to end it, where the rules stop so;
            // an abortive draw plays on.
            let stops = match ending {
                Ending::Won => self.rules.agari_yame,
                Ending::Exhausted => self.rules.tenpai_yame,
                Ending::Abortive => false,
            };
            stops && self.ranking()[0] == self.dealer && self.scores[self.dealer] >= target
        } else {
            // The deal passes: the game ends if someone has the points, or the extension is
            // over (West 4 for a hanchan, South 4 for an East game; West 3 and South 3 with
            // three players), or at once without an extension.
            let extension_over = wind >= rounds && self.id.number == last_number;
            !self.rules.extension || top >= target || extension_over
        }
    }

    /// Each seat's final points if the game ended now: the sticks left go to the first (split
    /// in hundreds between seats tied first when ties split, the hundreds left over one each
    /// in seat order), or to nobody, as the rules say.
    pub fn scores_if_ended(&self) -> [i32; 4] {
        let mut scores = self.scores;
        if self.rules.leftover_sticks == Leftover::Lost {
            return scores;
        }
        let first = self.ranking()[0];
        let tied: Vec<usize> = match self.rules.ties {
            Ties::SeatOrder => vec![first],
            Ties::Split => (0..self.seat_count())
                .filter(|&seat| self.scores[seat] == self.scores[first])
                .collect(),
        };
        let hundreds = 10 * self.sticks as i32;
        let each = hundreds / tied.len() as i32;
        let left = hundreds as usize % tied.len();
        for (index, &seat) in tied.iter().enumerate() {
            scores[seat] += 100 * (each + i32::from(index < left));
        }
        scores
    }

    /// The game's final result ([`GameRules::final_score`]) for the points now, in hundreds
    /// of points: final once the game is over.
    pub fn final_score(&self) -> [i32; 4] {
        self.rules.final_score(self.scores, chombos(&self.events))
    }

    /// Ends the game: the sticks left to the first, or lost.
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

/// The chombo penalties each seat owes the final result in these events (one per chombo
/// event), for rules that take them after the uma.
pub fn chombos(events: &[Event]) -> [u32; 4] {
    let mut counts = [0; 4];
    for event in events {
        if let Event::Chombo { seat, .. } = event {
            counts[*seat] += 1;
        }
    }
    counts
}
