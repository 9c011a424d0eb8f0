"""Five Up dominoes: is a sequence of plays a legal game; its layout; its score."""

import typing as _t

from ._request import ask as _ask

__all__ = ["check", "Game"]

Game = _t.Union[str, _t.Sequence[_t.Sequence[int]]]


def check(
    *,
    game: Game,
    layout: bool = False,
    score: bool = False,
    players: int = 2,
    target: int = 61,
    units: str = "fives",
) -> dict[str, _t.Any]:
    """Is ``game`` (``"0-6 6-6 6-5"`` or ``[[0, 6], [6, 6], [6, 5]]``) a legal game of Five
    Up; with ``layout`` its layout, with ``score`` its score for ``players`` taking turns
    towards ``target`` in ``units`` (``fives`` or ``pips``)."""
    return _ask(
        "fiveup/check",
        game=game,
        layout=layout,
        score=score,
        players=players,
        target=target,
        units=units,
    )
