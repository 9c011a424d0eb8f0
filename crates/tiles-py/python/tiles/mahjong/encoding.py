"""Fixed action ids and observation planes for learning agents (the ``tiles-v1`` encoding, and
``tiles-sanma-v1`` for three players).

Every decision of the game is one of :data:`ACTIONS` ids and back: a discard of each tile
(the red fives apart from the plain), with or without riichi, from the hand or the tile just
drawn; a chi by its run, the tile taken and whether the two tiles used hold the red five; a
pon with or without the red five; an open kan; a concealed kan of each kind; an added kan of
each tile; tsumo; ron; nine terminals; pass. What a seat sees is :data:`CHANNELS` planes of 34
columns, one per tile kind, as ``uint8``. The tables, id by id and plane by plane, are in the
``mahjong`` crate's README (*Encoding for learning agents*). Three players add one id, kita
(:data:`ACTIONS_THREE` in all), and three planes, the Norths each seat set aside
(:data:`SHAPE_THREE`); their seats are counted among the three.

:func:`observe` and :func:`empty` need numpy (the ``rl`` extra); the rest does not.
"""

import typing as _t

from .. import _tiles

_INFO = _tiles.encoding_info()

#: The encoding's name.
NAME: str = _INFO["name"]
#: The number of action ids.
ACTIONS: int = _INFO["actions"]
#: Planes of an observation.
CHANNELS: int = _INFO["channels"]
#: Columns of each plane (tile kinds).
COLUMNS: int = _INFO["columns"]
#: The shape of an observation.
SHAPE = (CHANNELS, COLUMNS)
#: The three-player encoding's name, action ids and shape.
NAME_THREE: str = _INFO["name_three"]
ACTIONS_THREE: int = _INFO["actions_three"]
SHAPE_THREE = (_INFO["channels_three"], COLUMNS)

__all__ = [
    "NAME", "ACTIONS", "CHANNELS", "COLUMNS", "SHAPE", "NAME_THREE", "ACTIONS_THREE", "SHAPE_THREE",
    "name_for", "actions_for", "shape_for", "action_name", "observe", "empty",
]


def name_for(players: int = 4) -> str:
    """The encoding's name for a game of ``players`` (3 or 4; else :class:`tiles.BadRequest`)."""
    return NAME_THREE if _tiles.players(players) == 3 else NAME


def actions_for(players: int = 4) -> int:
    """The number of action ids for a game of ``players``."""
    return ACTIONS_THREE if _tiles.players(players) == 3 else ACTIONS


def shape_for(players: int = 4) -> tuple:
    """The shape of an observation for a game of ``players``."""
    return SHAPE_THREE if _tiles.players(players) == 3 else SHAPE


def action_name(action_id: int) -> str:
    """The action an id stands for, readably: ``discard 5m``, ``riichi 0p (tsumogiri)``,
    ``chi 4-5-6m taking 4m``, ``pon 0s (with the red five)``, ``ankan 1z``, ``pass``."""
    return _tiles.action_name(action_id)


def empty(count: _t.Optional[int] = None, players: int = 4):
    """Zeroed arrays for observations and masks: ``(observation, mask)`` of shapes
    ``(CHANNELS, COLUMNS)`` and ``(ACTIONS,)`` (or three players' ``SHAPE_THREE`` and
    ``(ACTIONS_THREE,)``), or with a leading ``count`` axis; the observation ``uint8``, the
    mask ``int8`` (0 or 1)."""
    from .._extras import needs

    needs("rl", "numpy")
    import numpy as np

    lead = () if count is None else (count,)
    observation = np.zeros(lead + shape_for(players), dtype=np.uint8)
    mask = np.zeros(lead + (actions_for(players),), dtype=np.int8)
    return observation, mask


def observe(game, seat: int, observation=None, mask=None):
    """``seat``'s observation and action mask in ``game`` now, as numpy arrays (written into
    ``observation`` and ``mask`` when given, as :func:`empty` makes them)."""
    if observation is None or mask is None:
        observation, mask = empty(players=game.players)
    game.encode(seat, observation, mask.view("uint8"))
    return observation, mask
