"""Batched self-play: many games stepped together in Rust (``tiles.mahjong.VecEnv``)."""

import typing as _t

from .._extras import needs

needs("rl", "numpy")

import numpy as np  # noqa: E402

from .. import _tiles
from . import encoding


class VecEnv:
    """``num_envs`` games stepped together in Rust, with the GIL released, on every core.

    Each game is at one decision: the seat the engine asks now (on a discard, the seats that
    may claim it are asked one at a time). :meth:`reset` and :meth:`step` return numpy arrays
    for all games at once: ``observation`` ``(num_envs, 69, 34)`` ``uint8`` (the ``tiles-v1``
    planes of the seat to act), ``mask`` ``(num_envs, 387)`` ``int8``, ``seat`` ``(num_envs,)``
    ``int64``, and from :meth:`step` ``reward`` ``(num_envs, 4)`` ``float32`` (with
    ``players=3``: ``(num_envs, 72, 34)``, ``(num_envs, 388)`` and ``(num_envs, 3)``; each seat's
    reward since the last step: its change of points at the end of each hand times
    ``score_scale``, and its ``placement`` points at the end of the game) and ``done``
    ``(num_envs,)`` ``bool`` (the game finished at this step and has started again on the next
    seed; the arrays then hold the new game's first decision). The arrays are allocated once
    and written in place at every step: copy what you keep.

    Game ``i`` is dealt from ``seed + i``; each game that finishes starts again on the next
    seed not yet used, so a run is reproducible from ``seed`` and the actions. ``finished`` is
    the count of games finished, ``results()`` their seeds, final points and ranks.
    """

    def __init__(
        self,
        num_envs: int,
        seed: int = 0,
        *,
        length: _t.Optional[str] = None,
        red_fives: _t.Union[None, bool, _t.Sequence[int]] = None,
        open_tanyao: _t.Optional[bool] = None,
        score_scale: float = 0.001,
        placement: _t.Optional[_t.Sequence[float]] = None,
        players: _t.Optional[int] = None,
        rules: _t.Optional[str] = None,
        rule: _t.Sequence[str] = (),
    ):
        red = red_fives if red_fives is None or isinstance(red_fives, bool) else list(red_fives)
        self._env = _tiles.MahjongVecEnv(
            num_envs, seed, length, red, open_tanyao, score_scale,
            None if placement is None else list(placement), players, rules, list(rule),
        )
        self.num_envs = num_envs
        players = self._env.players
        #: The players of each game, and the rules as records write them.
        self.players = players
        self.rules = self._env.rules
        self.observation, self.mask = encoding.empty(num_envs, players)
        self.seat = np.zeros(num_envs, dtype=np.int64)
        self.reward = np.zeros((num_envs, players), dtype=np.float32)
        self.done = np.zeros(num_envs, dtype=np.bool_)

    def reset(self, seed: _t.Optional[int] = None):
        """Deals every game again (from ``seed`` if given, else the first seed), forgets the
        finished games, and returns ``(observation, mask, seat)``."""
        self._env.reset(self.observation, self.mask.view(np.uint8), self.seat, seed)
        self.reward[:] = 0
        self.done[:] = False
        return self.observation, self.mask, self.seat

    def step(self, actions):
        """Applies one action id per game and returns ``(observation, mask, seat, reward,
        done)``. An id that is not legal in its game raises ``ValueError`` naming the game,
        and no game moves."""
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        self._env.step(
            actions,
            self.observation,
            self.mask.view(np.uint8),
            self.seat,
            self.reward,
            self.done.view(np.uint8),
        )
        return self.observation, self.mask, self.seat, self.reward, self.done

    def random_actions(self):
        """A legal action id for every game, each uniformly at random among its legal ones
        (a baseline policy, an exploration step), as an ``int64`` array of ``num_envs``; the
        choices follow from the environment's seed."""
        actions = np.empty(self.num_envs, dtype=np.int64)
        self._env.random_actions(actions)
        return actions

    @property
    def finished(self) -> int:
        """Games finished since the last reset."""
        return self._env.finished

    @property
    def seeds(self) -> list[int]:
        """Each game's seed now."""
        return self._env.seeds

    def results(self) -> list[dict[str, _t.Any]]:
        """The finished games in the order they finished: ``seed``, ``scores``, ``ranks``."""
        return self._env.results()

    def record(self, index: int, format: str = "mjai") -> str:
        """Game ``index`` so far as a record (``mjai`` or ``tenhou``)."""
        return self._env.record(index, format)

    def __repr__(self) -> str:
        return f"VecEnv({self.num_envs} games, {self.finished} finished)"
