"""The Rummikub action puzzle: the preferred shortest TAKE/PUT/COMBINE answer."""

import typing as _t

from ._request import ask as _ask


__all__ = ["solve", "check"]

def solve(*, puzzle: str) -> dict[str, _t.Any]:
    """The preferred shortest answer to ``puzzle`` (the goal tile, the number of rows, one
    row per line), with the table after each action."""
    return _ask("rummikub-puzzle/solve", puzzle=puzzle)


def check(*, puzzle: str, check: str) -> dict[str, _t.Any]:
    """Is ``check`` (one action per line, optionally the final rows) legal, shortest and the
    preferred answer to ``puzzle``."""
    return _ask("rummikub-puzzle/check", puzzle=puzzle, check=check)
