"""The Rummikub action puzzle: the preferred shortest TAKE/PUT/COMBINE answer."""

from __future__ import annotations

from typing import Any

from ._request import ask


def solve(*, puzzle: str) -> dict[str, Any]:
    """The preferred shortest answer to ``puzzle`` (the goal tile, the number of rows, one
    row per line), with the table after each action."""
    return ask("rummikub-puzzle/solve", puzzle=puzzle)


def check(*, puzzle: str, check: str) -> dict[str, Any]:
    """Is ``check`` (one action per line, optionally the final rows) legal, shortest and the
    preferred answer to ``puzzle``."""
    return ask("rummikub-puzzle/check", puzzle=puzzle, check=check)
