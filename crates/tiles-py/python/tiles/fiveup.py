"""Five Up dominoes: is a sequence of plays a legal game; its layout; its score."""

from __future__ import annotations

from typing import Any, Sequence, Union

from ._request import ask

Game = Union[str, Sequence[Sequence[int]]]


def check(
    *,
    game: Game,
    layout: bool = False,
    score: bool = False,
    players: int = 2,
    target: int = 61,
    units: str = "fives",
) -> dict[str, Any]:
    """Is ``game`` (``"0-6 6-6 6-5"`` or ``[[0, 6], [6, 6], [6, 5]]``) a legal game of Five
    Up; with ``layout`` its layout, with ``score`` its score for ``players`` taking turns
    towards ``target`` in ``units`` (``fives`` or ``pips``)."""
    return ask(
        "fiveup/check",
        game=game,
        layout=layout,
        score=score,
        players=players,
        target=target,
        units=units,
    )
