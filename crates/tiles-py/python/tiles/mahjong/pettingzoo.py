"""Riichi mahjong under Tenhou's rules as PettingZoo environments (the ``rl`` extra).

``env(**options)`` is the AEC environment: one seat decides at a time (on a discard, the seats
that may claim it are asked in turn order from the discarder, as the engine settles claims).
``parallel_env(**options)`` is the parallel one: each step every seat that must decide now
decides together (the seat whose turn it is, or every seat that may claim the discard); the
other agents' actions are ignored.

Agents are ``player_0`` … ``player_3`` (seat 0 deals first; ``player_0`` … ``player_2`` with
``players=3``). Each observes ``{"observation": uint8 (69, 34), "action_mask": int8 (387,)}``
(three players: ``(72, 34)`` and ``(388,)``, kita the last id): the planes of what it sees and its
legal action ids (all zero when it has nothing to decide); actions are ids of
:mod:`tiles.mahjong.encoding`. Rewards come at the end of each hand (each seat's change of
points times ``score_scale``) and of the game (``placement`` points, 1st to 4th; Tenhou's
Phoenix room's 90, 45, 0, -135 by default, and 20, 0, -20 for three). ``reset(seed=)`` is reproducible: the game is
``tiles.mahjong.Game(seed)``.

Options: ``rules`` (a rule set, as :func:`tiles.mahjong.rules` names them: Tenhou's by
default, ``"m-league"``), ``rule`` (fields set otherwise: ``["kiriage=false"]``), ``players``
(the rule set's by default; 3 for its three-player form), ``length`` (``hanchan``,
``east``; each over the rule set's own), ``red_fives``, ``open_tanyao``, ``score_scale``, ``placement``, ``encoding``
(``tiles-v1``, ``tiles-sanma-v1`` for three), ``illegal`` (what an action that is not legal does:
``terminate``, the default, ends the game with ``illegal_reward`` for that agent and 0 for the
others, as PettingZoo's classic games do; ``raise`` raises ``ValueError``), ``render_mode``
(``ansi`` or ``human``).
"""

from __future__ import annotations

import functools
import random
import typing as _t

from .._extras import needs

needs("rl", "numpy", "gymnasium", "pettingzoo")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv, ParallelEnv  # noqa: E402

from . import Game, encoding
from ._rl import act, checked_options, observation_space

__all__ = ["env", "parallel_env", "raw_env", "RiichiParallelEnv", "AGENTS"]

#: The agents of a four-player table, by seat.
AGENTS = [f"player_{seat}" for seat in range(4)]


class _Table:
    """What both environments share: the game, its seeds, observations and rewards."""

    metadata = {
        "name": "tiles_riichi_v0",
        "render_modes": ["ansi", "human"],
        "render_fps": 4,
        "is_parallelizable": True,
    }

    def _setup(self, options):
        self.render_mode = options["render_mode"]
        self._options = options
        self._players = options["players"]
        self._agents = AGENTS[: self._players]
        self.possible_agents = list(self._agents)
        # Worked out once: nothing a step does checks the options again.
        self._seat_of = {agent: seat for seat, agent in enumerate(self._agents)}
        self._shape = encoding.shape_for(self._players)
        self._actions = encoding.actions_for(self._players)
        self._scale = options["score_scale"]
        self._placement = options["placement"]
        self._no_rewards = dict.fromkeys(self._agents, 0.0)
        self._seeds = random.Random()
        self.game = None
        self._illegal_by = None

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent):
        return observation_space(self._players)

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent):
        return spaces.Discrete(encoding.actions_for(self._players))

    def _new_game(self, seed):
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        self.game = Game(seed=game_seed, **self._options["game"])
        self._illegal_by = None

    def _observe(self, seat):
        # New arrays each time (an agent may keep them); encode writes every byte.
        observation = np.empty(self._shape, np.uint8)
        mask = np.empty(self._actions, np.int8)
        self.game.encode(seat, observation, mask.view(np.uint8))
        return {"observation": observation, "action_mask": mask}

    def _take_rewards(self):
        return self.game.take_rewards(self._scale, self._placement)

    def _rewards(self, gained):
        """Each agent's reward of a step (most steps give none)."""
        if any(gained):
            return dict(zip(self._agents, gained))
        return dict(self._no_rewards)

    def _illegal(self, seat, action):
        if self._options["illegal"] == "raise":
            legal = self.game.legal_ids(seat)
            raise ValueError(
                f"player_{seat}: action {action!r} is not legal now; legal ids: {legal}"
            )
        self._illegal_by = seat

    def _legal(self, seat, action):
        # The parallel environment checks every seat's action before any is made.
        try:
            return int(action) in self.game.legal_ids(seat)
        except (TypeError, ValueError):
            return False

    def render(self):
        if self.render_mode is None or self.game is None:
            return None
        observation = self.game.observation(self.game.to_act[0] if self.game.to_act else 0)
        lines = [f"{observation['round']}  scores {observation['scores']}  sticks {observation['sticks']}"]
        lines.append("dora indicators: " + " ".join(observation["dora_indicators"]))
        for seat in range(self._players):
            river = " ".join(tile["pai"] for tile in observation["rivers"][seat])
            melds = " ".join("".join(meld["tiles"]) for meld in observation["melds"][seat])
            riichi = " riichi" if observation["riichi"][seat] else ""
            lines.append(f"player_{seat}{riichi}: river {river}  melds {melds}")
        if self.game.done:
            lines.append(f"over: {self.game.result['scores']}, ranks {self.game.result['ranks']}")
        else:
            lines.append(f"to act: {', '.join(f'player_{seat}' for seat in self.game.to_act)}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


class raw_env(_Table, AECEnv):
    """The AEC environment (see the module's documentation)."""

    def __init__(self, render_mode: _t.Optional[str] = None, **options):
        super().__init__()
        encoding_name = options.pop("encoding", None)
        self._setup(checked_options(encoding_name=encoding_name, render_mode=render_mode, **options))

    def reset(self, seed=None, options=None):
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._agents[self.game.to_act[0]]

    def observe(self, agent):
        return self._observe(self._seat_of[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        if act(self.game, seat, action):
            self.rewards = self._rewards(self._take_rewards())
        else:
            self._illegal(seat, action)
            self.rewards = {
                other: (self._options["illegal_reward"] if other == agent else 0.0)
                for other in self.agents
            }
            self.infos[agent] = {"illegal_action": int(action) if np.isscalar(action) else action}
        if self.game.done or self._illegal_by is not None:
            self.terminations = {other: True for other in self.agents}
        else:
            self.agent_selection = self._agents[self.game.to_act[0]]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


def env(**options) -> AECEnv:
    """The AEC environment, with PettingZoo's order enforcing wrapper."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(raw_env(**options))


class RiichiParallelEnv(_Table, ParallelEnv):
    """The parallel environment (see the module's documentation)."""

    def __init__(self, render_mode: _t.Optional[str] = None, **options):
        encoding_name = options.pop("encoding", None)
        self._setup(checked_options(encoding_name=encoding_name, render_mode=render_mode, **options))
        self.agents = []

    def reset(self, seed=None, options=None):
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        observations = {agent: self._observe(seat) for seat, agent in enumerate(self._agents)}
        return observations, {agent: {} for agent in self.agents}

    def step(self, actions):
        deciding = self.game.to_act
        rewards = {agent: 0.0 for agent in self.agents}
        infos = {agent: {} for agent in self.agents}
        chosen = {}
        for seat in deciding:
            agent = self._agents[seat]
            if agent not in actions:
                raise ValueError(f"actions: {agent} must decide now and has no action")
            action = actions[agent]
            if not self._legal(seat, action):
                self._illegal(seat, action)
                rewards[agent] = self._options["illegal_reward"]
                infos[agent] = {"illegal_action": action}
                break
            chosen[seat] = int(action)
        if self._illegal_by is None:
            self.game.step(chosen)
            rewards = self._rewards(self._take_rewards())
        over = self.game.done or self._illegal_by is not None
        observations = {agent: self._observe(seat) for seat, agent in enumerate(self._agents)}
        terminations = {agent: over for agent in self.agents}
        truncations = {agent: False for agent in self.agents}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


def parallel_env(**options) -> ParallelEnv:
    """The parallel environment."""
    return RiichiParallelEnv(**options)
