//! `tiles.mahjong.VecEnv`'s native part: many games stepped at once in Rust, with the GIL
//! released and the games spread over every core, their observations written into arrays the
//! Python side allocated once.
//!
//! Each game is at one decision: the seat the engine asks (on a claim, the seats that may
//! claim are asked one at a time). `step` takes one action id per game, applies them, starts
//! a finished game again on the next seed, and writes for every game the observation and mask
//! of the seat to act next, that seat, each seat's reward since the last step and whether the
//! game finished.

use mahjong_game::encoding;
use mahjong_game::{Action, Game, GameRules};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;

use crate::buffer::{self, Target};
use crate::reward::{Reward, Tracker};

/// Games per rayon task: enough to outweigh the task's cost.
const CHUNK: usize = 16;

/// One game of the batch, at a decision.
#[derive(Debug, Clone)]
struct Slot {
    game: Game,
    seed: u64,
    tracker: Tracker,
    /// The seat to act and its legal actions with their ids, worked out once per decision.
    seat: usize,
    legal: Vec<(u16, Action)>,
}

/// A finished game: its seed, final points and each seat's place (1 best).
#[derive(Debug, Clone, Copy)]
struct Finished {
    seed: u64,
    scores: [i32; 4],
    ranks: [u8; 4],
}

/// Many games stepped together (`tiles.mahjong.VecEnv` wraps it with numpy arrays).
#[pyclass(module = "tiles._tiles", name = "MahjongVecEnv")]
#[derive(Debug)]
pub struct PyVecEnv {
    rules: GameRules,
    reward: Reward,
    seed: u64,
    next_seed: u64,
    slots: Vec<Slot>,
    finished: Vec<Finished>,
    /// For `random_actions`: seeded from the environment's seed.
    random: tiles_core::SplitMix,
}

impl Slot {
    fn new(rules: GameRules, seed: u64) -> Slot {
        let game = Game::new(rules, seed);
        let mut slot = Slot {
            tracker: Tracker::new(&game),
            game,
            seed,
            seat: 0,
            legal: Vec::new(),
        };
        slot.decide();
        slot
    }

    /// Works out the decision the game is at: the seat and its legal actions.
    fn decide(&mut self) {
        self.seat = self.game.to_move().unwrap_or(0);
        self.legal.clear();
        for action in self.game.legal_actions(self.seat) {
            let id = encoding::action_id(&self.game, &action) as u16;
            self.legal.push((id, action));
        }
    }

    /// Writes the decision's observation, mask and seat.
    fn write(&self, observation: &mut [u8], mask: &mut [u8], seat: &mut i64) {
        *seat = self.seat as i64;
        encoding::encode(&self.game, self.seat, observation);
        mask.fill(0);
        for (id, _) in &self.legal {
            mask[usize::from(*id)] = 1;
        }
    }

    /// The legal action of this id, if any.
    fn action(&self, id: i64) -> Option<Action> {
        self.legal
            .iter()
            .find(|(legal, _)| i64::from(*legal) == id)
            .map(|(_, action)| *action)
    }
}

/// The arrays a step writes, held while Rust writes them.
struct Arrays {
    observation: Target<u8>,
    mask: Target<u8>,
    seat: Target<i64>,
}

impl Arrays {
    fn new(
        count: usize,
        players: mahjong::Players,
        observation: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Arrays> {
        let size = encoding::observation_size_for(players);
        let actions = encoding::actions_for(players);
        Ok(Arrays {
            observation: Target::new(observation, count * size, "observation")?,
            mask: Target::new(mask, count * actions, "mask")?,
            seat: Target::new(seat, count, "seat")?,
        })
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, seed = None, length = None, red_fives = None, open_tanyao = None, score_scale = 0.001, placement = None, players = None, rules = None, rule = Vec::new()))]
    #[allow(clippy::too_many_arguments, reason = "Python's keyword arguments")]
    fn new(
        num_envs: usize,
        seed: Option<&Bound<'_, PyAny>>,
        length: Option<&str>,
        red_fives: Option<&Bound<'_, PyAny>>,
        open_tanyao: Option<bool>,
        score_scale: f32,
        placement: Option<Vec<f32>>,
        players: Option<i64>,
        rules: Option<&str>,
        rule: Vec<String>,
    ) -> PyResult<PyVecEnv> {
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(PyValueError::new_err(format!(
                "num_envs: expected 1 to 1048576, found {num_envs}"
            )));
        }
        let seed = seed.map(crate::game::seed_of).transpose()?.unwrap_or(0);
        let rules = crate::game::rules_of(&crate::game::RulesOptions {
            rules,
            rule,
            length,
            red_fives,
            open_tanyao,
            players,
        })?;
        let reward = Reward::for_players(score_scale, placement, rules.players)?;
        let mut env = PyVecEnv {
            // `random_actions` draws from its own generator, apart from the games' seeds.
            rules,
            reward,
            seed,
            next_seed: seed,
            slots: Vec::new(),
            finished: Vec::new(),
            random: tiles_core::SplitMix::new(seed ^ 0x005E_EDA1_1CE5),
        };
        env.start(num_envs);
        Ok(env)
    }

    /// Deals every game again from the first seeds (`seed`, `seed + 1`, …), forgets the
    /// finished games, and writes the first decisions into the arrays.
    #[pyo3(signature = (observation, mask, seat, seed = None))]
    fn reset(
        &mut self,
        py: Python<'_>,
        observation: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        seat: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        if let Some(seed) = seed {
            self.seed = crate::game::seed_of(seed)?;
        }
        let count = self.slots.len();
        let players = self.rules.players;
        let mut arrays = Arrays::new(count, players, observation, mask, seat)?;
        self.next_seed = self.seed;
        self.finished.clear();
        // SAFETY: the arrays are the environment's own, written here and nowhere else.
        let (observations, masks, seats) = unsafe {
            (
                arrays.observation.slice(),
                arrays.mask.slice(),
                arrays.seat.slice(),
            )
        };
        py.detach(|| {
            self.start(count);
            self.slots
                .par_iter()
                .zip(observations.par_chunks_mut(encoding::observation_size_for(players)))
                .zip(masks.par_chunks_mut(encoding::actions_for(players)))
                .zip(seats.par_iter_mut())
                .with_min_len(CHUNK)
                .for_each(|(((slot, observation), mask), seat)| {
                    slot.write(observation, mask, seat)
                });
        });
        Ok(())
    }

    /// Applies one action id per game (`actions`, an `int64` array), then writes for every
    /// game the next decision's observation, mask and seat, each seat's reward since the last
    /// step, and whether the game finished (it has started again on the next seed).
    #[allow(clippy::too_many_arguments, reason = "the arrays written")]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyAny>,
        observation: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        seat: &Bound<'_, PyAny>,
        reward: &Bound<'_, PyAny>,
        done: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let count = self.slots.len();
        let ids: Vec<i64> = buffer::read(py, actions, count, "actions")?;
        // Every id is checked before any game moves: a refused step changes nothing.
        if let Some((index, slot, id)) = self
            .slots
            .iter()
            .zip(&ids)
            .enumerate()
            .find_map(|(index, (slot, &id))| slot.action(id).is_none().then_some((index, slot, id)))
        {
            return Err(PyValueError::new_err(format!(
                "actions[{index}]: {id} ({}) is not legal for seat {} now",
                usize::try_from(id)
                    .ok()
                    .and_then(encoding::action_name)
                    .unwrap_or_else(|| "no such id".to_owned()),
                slot.seat
            )));
        }
        let players = self.rules.players;
        let mut arrays = Arrays::new(count, players, observation, mask, seat)?;
        let mut rewards = Target::<f32>::new(reward, count * players.count(), "reward")?;
        let mut dones = Target::<u8>::new(done, count, "done")?;
        // SAFETY: the arrays are the environment's own, written here and nowhere else.
        let (observations, masks, seats, rewards, dones) = unsafe {
            (
                arrays.observation.slice(),
                arrays.mask.slice(),
                arrays.seat.slice(),
                rewards.slice(),
                dones.slice(),
            )
        };
        let rules = self.rules;
        let reward_rules = self.reward;
        let finished: Vec<Finished> = py.detach(|| {
            self.slots
                .par_iter_mut()
                .zip(&ids)
                .zip(rewards.par_chunks_mut(players.count()))
                .zip(dones.par_iter_mut())
                .with_min_len(CHUNK)
                .for_each(|(((slot, &id), reward), done)| {
                    let action = slot.action(id).expect("an id checked legal");
                    slot.game
                        .act(slot.seat, action)
                        .expect("a legal action is taken");
                    let mut gained = [0.0; 4];
                    slot.tracker.take(&slot.game, &reward_rules, &mut gained);
                    reward.copy_from_slice(players.of(&gained));
                    *done = u8::from(slot.game.is_over());
                });
            // Finished games start again on the next seeds, in game order.
            let mut finished = Vec::new();
            for (slot, &done) in self.slots.iter_mut().zip(dones.iter()) {
                if done == 0 {
                    continue;
                }
                let mut ranks = [0u8; 4];
                for (place, seat) in slot.game.ranking().iter().enumerate() {
                    ranks[*seat] = place as u8 + 1;
                }
                finished.push(Finished {
                    seed: slot.seed,
                    scores: slot.game.scores(),
                    ranks,
                });
                slot.seed = self.next_seed;
                self.next_seed += 1;
            }
            self.slots
                .par_iter_mut()
                .zip(dones.par_iter())
                .zip(observations.par_chunks_mut(encoding::observation_size_for(players)))
                .zip(masks.par_chunks_mut(encoding::actions_for(players)))
                .zip(seats.par_iter_mut())
                .with_min_len(CHUNK)
                .for_each(|((((slot, &done), observation), mask), seat)| {
                    if done == 1 {
                        *slot = Slot::new(rules, slot.seed);
                    } else {
                        slot.decide();
                    }
                    slot.write(observation, mask, seat);
                });
            finished
        });
        self.finished.extend(finished);
        Ok(())
    }

    /// A legal action id for every game, each uniformly at random among its legal ones (a
    /// baseline policy and an exploration step), written into `actions` (`int64`). The
    /// choices follow from the environment's seed.
    fn random_actions(&mut self, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut target = Target::<i64>::new(actions, self.slots.len(), "actions")?;
        // SAFETY: the array is written here and nowhere else while the slice lives.
        let out = unsafe { target.slice() };
        for (slot, id) in self.slots.iter().zip(out.iter_mut()) {
            let (legal, _) = slot.legal[self.random.below(slot.legal.len())];
            *id = i64::from(legal);
        }
        Ok(())
    }

    /// The players of each game: 4, or 3.
    #[getter]
    fn players(&self) -> usize {
        self.rules.players.count()
    }

    /// The rules, as records write them (`m-league kiriage=false`).
    #[getter]
    fn rules(&self) -> String {
        self.rules.describe()
    }

    /// Games in the batch.
    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// Each game's seed now.
    #[getter]
    fn seeds(&self) -> Vec<u64> {
        self.slots.iter().map(|slot| slot.seed).collect()
    }

    /// Games finished since the last reset.
    #[getter]
    fn finished(&self) -> usize {
        self.finished.len()
    }

    /// The finished games, in the order they finished: `seed`, `scores` (final points),
    /// `ranks` (per seat, 1 best).
    fn results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for result in &self.finished {
            let item = PyDict::new(py);
            item.set_item("seed", result.seed)?;
            let players = self.rules.players;
            item.set_item("scores", players.of(&result.scores))?;
            item.set_item(
                "ranks",
                players
                    .of(&result.ranks)
                    .iter()
                    .map(|&rank| usize::from(rank))
                    .collect::<Vec<_>>(),
            )?;
            list.append(item)?;
        }
        Ok(list)
    }

    /// The game of index `index` as a record (`mjai`, `tenhou6` or `mjlog`), for looking at
    /// one.
    #[pyo3(signature = (index, format = "mjai"))]
    fn record(&self, index: usize, format: &str) -> PyResult<String> {
        let slot = self.slots.get(index).ok_or_else(|| {
            PyValueError::new_err(format!(
                "index: expected 0 to {}, found {index}",
                self.slots.len() - 1
            ))
        })?;
        crate::game::record_text(self.rules, slot.game.events(), format)
    }
}

impl PyVecEnv {
    /// Deals `count` games from the next seeds.
    fn start(&mut self, count: usize) {
        let rules = self.rules;
        let base = self.next_seed;
        self.slots = (0..count as u64)
            .into_par_iter()
            .map(|offset| Slot::new(rules, base + offset))
            .collect();
        self.next_seed = base + count as u64;
    }
}
