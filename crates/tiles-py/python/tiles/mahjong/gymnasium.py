"""Riichi mahjong as a single-agent Gymnasium environment (the ``rl`` extra).

``import tiles.mahjong.gymnasium`` registers ``tiles/Riichi-v0``: one learning seat against
three of the engine's bots (two with ``players=3``), which decide in Rust between the learning
seat's decisions.

    import gymnasium
    import tiles.mahjong.gymnasium

    env = gymnasium.make("tiles/Riichi-v0", bots="efficiency")

Observations are ``{"observation": uint8 (69, 34), "action_mask": int8 (387,)}`` (the
``tiles-v1`` planes and the legal action ids of :mod:`tiles.mahjong.encoding`); actions are
ids. The reward is the learning seat's: its change of points at the end of each hand times
``score_scale``, and its ``placement`` points at the end of the game. ``info`` has the
``seat``, the ``scores`` and, at the end, the ``ranks``.

Options: ``rules`` (a rule set, as :func:`tiles.mahjong.rules` names them: Tenhou's by
default, ``"m-league"``), ``rule`` (fields set otherwise: ``["kiriage=false"]``), ``players``
(the rule set's by default; 3 for its three-player form: observations ``(72, 34)``, 388
action ids, kita the last), ``seat`` (0-3, or ``None``: drawn at each reset from the seed),
``bots`` (one name for all the others, or one per other seat in seat order: ``efficiency``,
``defence``, ``value`` or ``random``), ``length``,
``red_fives``, ``open_tanyao``, ``score_scale``, ``placement``, ``encoding``, ``illegal``
(``terminate``, the default: an action that is not legal ends the episode with
``illegal_reward``; or ``raise``), ``render_mode`` (``ansi`` or ``human``).
"""

from __future__ import annotations

import random
import typing as _t

from .._extras import needs

needs("rl", "numpy", "gymnasium")

import gymnasium  # noqa: E402
from gymnasium import spaces  # noqa: E402

from . import Game, encoding
from ._rl import act, checked_options, observation_space

__all__ = ["RiichiEnv", "ENV_ID"]

#: The id the environment is registered under.
ENV_ID = "tiles/Riichi-v0"


class RiichiEnv(gymnasium.Env):
    """One learning seat against three bots (see the module's documentation)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        seat: _t.Optional[int] = 0,
        bots: _t.Union[str, _t.Sequence[str]] = "efficiency",
        length: _t.Optional[str] = None,
        red_fives: _t.Union[None, bool, _t.Sequence[int]] = None,
        open_tanyao: _t.Optional[bool] = None,
        score_scale: float = 0.001,
        placement: _t.Optional[_t.Sequence[float]] = None,
        encoding: _t.Optional[str] = None,
        illegal: str = "terminate",
        illegal_reward: float = -135.0,
        render_mode: _t.Optional[str] = None,
        players: _t.Optional[int] = None,
        rules: _t.Optional[str] = None,
        rule: _t.Sequence[str] = (),
    ):
        from . import encoding as codes

        options = checked_options(
            length, red_fives, open_tanyao, score_scale, placement, encoding, illegal,
            illegal_reward, render_mode, players, rules, rule,
        )
        players = options["players"]
        if seat is not None and seat not in range(players):
            raise ValueError(f"seat: expected 0 to {players - 1} or None, found {seat!r}")
        others = players - 1
        names = [bots] * others if isinstance(bots, str) else list(bots)
        if len(names) != others:
            raise ValueError(f"bots: expected one name or {others}, found {len(names)}")
        self._players = players
        self._bot_names = names
        self._fixed_seat = seat
        self._game_options = options["game"]
        self._score_scale = options["score_scale"]
        self._placement = options["placement"]
        self._illegal = options["illegal"]
        self._illegal_reward = options["illegal_reward"]
        self.render_mode = options["render_mode"]
        self.observation_space = observation_space(players)
        self.action_space = spaces.Discrete(codes.actions_for(players))
        self.game = None
        self.seat = seat if seat is not None else 0
        # Checked now: an unknown bot is an error at construction, not at the first step.
        for name in names:
            Game(**self._game_options).play_bots([None] + [name] * others)

    def _bots(self):
        bots = []
        others = iter(self._bot_names)
        for seat in range(self._players):
            bots.append(None if seat == self.seat else next(others))
        return bots

    def _observation(self):
        observation, mask = encoding.observe(self.game, self.seat)
        return {"observation": observation, "action_mask": mask}

    def _info(self):
        info = {"seat": self.seat, "scores": self.game.scores}
        if self.game.done:
            info["ranks"] = self.game.result["ranks"]
        return info

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        # The game's seed and the learning seat follow from the environment's generator.
        game_seed = int(self.np_random.integers(0, 2**63))
        self.seat = (
            self._fixed_seat
            if self._fixed_seat is not None
            else int(self.np_random.integers(0, self._players))
        )
        self.game = Game(seed=game_seed, **self._game_options)
        # Hands the bots finish before the learning seat's first decision count in its first
        # step's reward.
        self.game.play_bots(self._bots())
        return self._observation(), self._info()

    def step(self, action):
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        if not act(self.game, self.seat, action):
            if self._illegal == "raise":
                legal = self.game.legal_ids(self.seat)
                raise ValueError(f"action {action!r} is not legal now; legal ids: {legal}")
            info = self._info()
            info["illegal_action"] = action
            return self._observation(), self._illegal_reward, True, False, info
        self.game.play_bots(self._bots())
        reward = self.game.take_rewards(self._score_scale, self._placement)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observation(), float(reward), self.game.done, False, self._info()

    def render(self):
        if self.render_mode is None or self.game is None:
            return None
        observation = self.game.observation(self.seat)
        text = (
            f"{observation['round']}  seat {self.seat}  scores {observation['scores']}\n"
            f"hand {' '.join(observation['hand'])}"
            + (f"  drew {observation['drew']}" if observation["drew"] else "")
            + "\n"
            + "\n".join(
                f"seat {seat}: {' '.join(tile['pai'] for tile in observation['rivers'][seat])}"
                for seat in range(self._players)
            )
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=RiichiEnv)
