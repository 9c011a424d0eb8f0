//! Rewards for learning agents: each seat's change of points at the end of each hand, scaled,
//! and placement points at the end of the game.

use mahjong_game::{Event, Game};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// How rewards are counted.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Reward {
    /// Reward per point of a hand's change (`0.001`: 8,000 points is 8.0).
    pub score_scale: f32,
    /// Added at the end of the game for the 1st to 4th place (Tenhou's Phoenix room: 90, 45,
    /// 0, -135).
    pub placement: [f32; 4],
}

impl Default for Reward {
    fn default() -> Reward {
        Reward {
            score_scale: 0.001,
            placement: [90.0, 45.0, 0.0, -135.0],
        }
    }
}

impl Reward {
    /// The reward options for a game of `players`: `placement` has a number per place (three
    /// with three players; default Tenhou Phoenix's 90/45/0/-135, or 20/0/-20).
    pub(crate) fn for_players(
        score_scale: f32,
        placement: Option<Vec<f32>>,
        players: mahjong::Players,
    ) -> PyResult<Reward> {
        let placement = match placement {
            None if players.is_three() => [20.0, 0.0, -20.0, 0.0],
            None => Reward::default().placement,
            Some(points) if points.len() == players.count() => {
                let mut placement = [0.0; 4];
                placement[..players.count()].copy_from_slice(&points);
                placement
            }
            Some(points) => {
                return Err(PyValueError::new_err(format!(
                    "placement: expected {} numbers (1st to {}), found {}",
                    players.in_words(),
                    if players.is_three() { "3rd" } else { "4th" },
                    points.len()
                )));
            }
        };
        if !score_scale.is_finite() || placement.iter().any(|points| !points.is_finite()) {
            return Err(PyValueError::new_err(
                "score_scale and placement: expected finite numbers",
            ));
        }
        Ok(Reward {
            score_scale,
            placement,
        })
    }
}

/// Where rewards were last counted in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tracker {
    pub(crate) cursor: usize,
    pub(crate) start: [i32; 4],
}

impl Tracker {
    /// A tracker from the start of `game` (its seats' starting points).
    pub(crate) fn new(game: &Game) -> Tracker {
        Tracker {
            cursor: 0,
            start: game.scores(),
        }
    }

    /// Adds to `out` each seat's reward since the last call: its change of points over each
    /// hand that ended (riichi sticks included: a stick paid is points lost, a stick won points
    /// gained), and at the game's end the sticks left and the placement points.
    pub(crate) fn take(&mut self, game: &Game, reward: &Reward, out: &mut [f32; 4]) {
        let events = game.events();
        for event in &events[self.cursor.min(events.len())..] {
            let (Event::EndHand { scores } | Event::EndGame { scores }) = event else {
                continue;
            };
            for seat in 0..4 {
                out[seat] += (scores[seat] - self.start[seat]) as f32 * reward.score_scale;
            }
            self.start = *scores;
            if matches!(event, Event::EndGame { .. }) {
                for (place, seat) in game.ranking().iter().enumerate() {
                    out[*seat] += reward.placement[place];
                }
            }
        }
        self.cursor = events.len();
    }
}
