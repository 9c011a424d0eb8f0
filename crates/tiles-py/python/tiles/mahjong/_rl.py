"""What the learning environments share: their options, checked, and the spaces of an
observation and an action (imported by tiles.mahjong.pettingzoo and tiles.mahjong.gymnasium)."""

from __future__ import annotations

import typing as _t

from .. import _tiles
from .._request import ask as _ask
from . import encoding


def checked_options(
    length: _t.Optional[str] = None,
    red_fives: _t.Union[None, bool, _t.Sequence[int]] = None,
    open_tanyao: _t.Optional[bool] = None,
    score_scale: float = 0.001,
    placement: _t.Optional[_t.Sequence[float]] = None,
    encoding_name: _t.Optional[str] = None,
    illegal: str = "terminate",
    illegal_reward: float = -135.0,
    render_mode: _t.Optional[str] = None,
    players: _t.Optional[int] = None,
    rules: _t.Optional[str] = None,
    rule: _t.Sequence[str] = (),
) -> dict:
    """The environments' common options, checked, each error naming the option: the rules
    (a rule set, ``rules``, with ``rule`` fields set otherwise, and the lobby options over it)
    give the players when ``players`` is None."""
    if players is not None:
        players = _tiles.players(players)
    red = red_fives if red_fives is None or isinstance(red_fives, bool) else list(red_fives)
    game = {"rules": rules, "rule": list(rule), "length": length, "red_fives": red,
            "open_tanyao": open_tanyao, "players": players}
    asked = {key: value for key, value in game.items() if value is not None and value != []}
    named = _ask("mahjong/rules", **asked)
    players = named["players"]
    if encoding_name is None:
        encoding_name = encoding.name_for(players)
    if encoding_name != encoding.name_for(players):
        raise ValueError(f"encoding: expected {encoding.name_for(players)!r}, found {encoding_name!r}")
    if illegal not in ("terminate", "raise"):
        raise ValueError(f"illegal: expected 'terminate' or 'raise', found {illegal!r}")
    if render_mode is not None and render_mode not in ("ansi", "human"):
        raise ValueError(f"render_mode: expected ansi, human or None, found {render_mode!r}")
    if placement is None:
        placement = (20, 0, -20) if players == 3 else (90, 45, 0, -135)
    placement = [float(points) for points in placement]
    if len(placement) != players:
        many = "three" if players == 3 else "four"
        raise ValueError(f"placement: expected {many} numbers (1st to last), found {len(placement)}")
    return {
        "game": game,
        "rules": named["rules"],
        "players": players,
        "score_scale": float(score_scale),
        "placement": placement,
        "illegal": illegal,
        "illegal_reward": float(illegal_reward),
        "render_mode": render_mode,
    }


def observation_space(players: int = 4):
    """``Dict(observation=Box uint8 (69, 34), action_mask=Box int8 (387,))``; with three
    players ``(72, 34)`` and ``(388,)``."""
    from .._extras import needs

    needs("rl", "numpy", "gymnasium")
    import numpy as np
    from gymnasium import spaces

    return spaces.Dict(
        {
            "observation": spaces.Box(0, 255, encoding.shape_for(players), dtype=np.uint8),
            "action_mask": spaces.Box(0, 1, (encoding.actions_for(players),), dtype=np.int8),
        }
    )


from .._tiles import BadRequest as _BadRequest  # noqa: E402


def act(game, seat: int, action) -> bool:
    """Makes ``action`` (an id) for ``seat`` if it is legal, and says whether it was (the
    engine checks it once, as it takes it)."""
    try:
        game.act(seat, int(action))
    except (_BadRequest, TypeError, ValueError, OverflowError):
        return False
    return True
