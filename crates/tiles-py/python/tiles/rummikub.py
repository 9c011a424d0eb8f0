"""Rummikub: is a group valid, can tiles all be laid down, the best move onto a table, is a
turn legal, whole games between bots (or with people) and tournaments.

Tiles are strings in the game's notation (``"R9"``, ``"J"``); where a field takes several
tiles it takes a list of names or one string of them (``"R1 R2 R3"``).
"""

import typing as _t

from ._request import ask as _ask

__all__ = ["group", "arrange", "solve", "turn", "game", "tournament", "Tiles", "Table"]

Tiles = _t.Union[str, _t.Sequence[str]]


def group(*, tiles: Tiles, rules: str = "standard") -> dict[str, _t.Any]:
    """Is this group a valid run or set under ``rules`` (``codegolf``, ``standard`` or
    ``puzzle``), and if not, why not."""
    return _ask("rummikub/group", rules=rules, tiles=tiles)


def arrange(*, tiles: Tiles, rules: str = "standard") -> dict[str, _t.Any]:
    """Can all these tiles be laid down in valid groups: ``{"groups": [...]}`` or ``None``."""
    return _ask("rummikub/arrange", rules=rules, tiles=tiles)


def solve(
    *,
    table: _t.Union[str, _t.Sequence[Tiles]] = (),
    rack: Tiles = (),
    rules: str = "standard",
    objective: str = "tiles",
) -> dict[str, _t.Any]:
    """The best move from ``rack`` onto ``table`` (a list of groups, a string of groups
    separated by ``|``, or a flat list of tiles), which may be rearranged; ``objective`` is
    ``tiles``, ``value``, ``tiles-then-value`` or ``opening``."""
    return _ask("rummikub/solve", rules=rules, table=table, rack=rack, objective=objective)


Table = _t.Union[str, _t.Sequence[Tiles]]


def turn(
    *,
    after: Table,
    table: Table = (),
    rack: Tiles = (),
    opened: bool = False,
    rules: str = "standard",
) -> dict[str, _t.Any]:
    """Is this turn legal: ``table`` before it, the player's ``rack``, the table ``after`` it
    (each a list of groups or a string of groups separated by ``|``), and whether the player
    has made the initial meld. ``{"valid": …, "reason": …, "placed": …, "value": …, "left": …,
    "steps": …}``; a position that cannot be (an invalid table before, a tile the rules don't
    have) raises :class:`tiles.BadRequest`."""
    return _ask("rummikub/turn", rules=rules, table=table, rack=rack, after=after, opened=opened)


def game(
    *,
    seed: int = 0,
    bots: _t.Union[str, _t.Sequence[str]] = "solver,greedy,greedy,greedy",
    players: _t.Optional[int] = None,
    moves: _t.Sequence[dict[str, _t.Any]] = (),
    rules: str = "standard",
) -> dict[str, _t.Any]:
    """A game between bots (``solver``, ``value`` or ``greedy``, in seat order), or with
    people at the seats named ``human``, whose ``moves`` so far (``{"action": "draw"}`` or
    ``{"action": "play", "table": [...]}``) are replayed: the game goes on to its end or to a
    person's turn (``to_move``, with what they see in ``view``)."""
    fields: dict[str, _t.Any] = {"rules": rules, "seed": seed, "bots": bots, "moves": list(moves)}
    if players is not None:
        fields["players"] = players
    return _ask("rummikub/game", **fields)


def tournament(
    *,
    games: int = 1000,
    seed: int = 1,
    bots: _t.Union[str, _t.Sequence[str]] = "solver,greedy,greedy,greedy",
    rules: str = "standard",
) -> dict[str, _t.Any]:
    """Many games between bots (one per player, 2 to 4), the line-up turning round one seat
    per game: per bot its wins, average rank, average score and forfeits."""
    return _ask("rummikub/tournament", rules=rules, games=games, seed=seed, bots=bots)
