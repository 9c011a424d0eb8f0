"""Rummikub: is a group valid, can tiles all be laid down, the best move onto a table.

Tiles are strings in the game's notation (``"R9"``, ``"J"``); where a field takes several
tiles it takes a list of names or one string of them (``"R1 R2 R3"``).
"""

from __future__ import annotations

from typing import Any, Sequence, Union

from ._request import ask

Tiles = Union[str, Sequence[str]]


def group(*, tiles: Tiles, rules: str = "standard") -> dict[str, Any]:
    """Is this group a valid run or set under ``rules`` (``codegolf``, ``standard`` or
    ``puzzle``), and if not, why not."""
    return ask("rummikub/group", rules=rules, tiles=tiles)


def arrange(*, tiles: Tiles, rules: str = "standard") -> dict[str, Any]:
    """Can all these tiles be laid down in valid groups: ``{"groups": [...]}`` or ``None``."""
    return ask("rummikub/arrange", rules=rules, tiles=tiles)


def solve(
    *,
    table: Union[str, Sequence[Tiles]] = (),
    rack: Tiles = (),
    rules: str = "standard",
    objective: str = "tiles",
) -> dict[str, Any]:
    """The best move from ``rack`` onto ``table`` (a list of groups, a string of groups
    separated by ``|``, or a flat list of tiles), which may be rearranged; ``objective`` is
    ``tiles``, ``value``, ``tiles-then-value`` or ``opening``."""
    return ask("rummikub/solve", rules=rules, table=table, rack=rack, objective=objective)
