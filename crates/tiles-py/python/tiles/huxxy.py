"""huxxy, the two-deck rummy of the COMP10001 course: the five reference functions under their
own names and with Python values, calls of them as text, bot games and tournaments.

Cards are strings: a value from ``A234567890JQK`` (``0`` is ten) and a suit from ``SHDC``;
``XX`` is a joker (the bonus game). A play is a tuple ``(player, type, details)``.
"""

import ast as _ast
import typing as _t

from ._request import ask as _ask

__all__ = [
    "eval",
    "game",
    "tournament",
    "comp10001huxxy_score",
    "comp10001huxxy_valid_table",
    "comp10001huxxy_valid_play",
    "comp10001huxxy_play",
    "comp10001huxxy_bonus_play",
    "Card",
    "Play",
    "Bots",
]

Card = str
Play = tuple
Bots = _t.Union[str, _t.Sequence[str]]


def eval(*, call: str) -> dict[str, _t.Any]:  # noqa: A001 - the operation's name
    """A call of one of the five reference functions, as text
    (``"comp10001huxxy_score(['4C', '2H', 'KS'])"``; the prefix is optional), answered as
    Python prints the result: ``{"result": "19"}``."""
    return _ask("huxxy/eval", call=call)


def game(*, seed: int = 0, jokers: bool = False, bots: Bots = "search,greedy,greedy,greedy") -> dict[str, _t.Any]:
    """One game between four bots (``search`` or ``greedy``, in seat order), turn by turn."""
    return _ask("huxxy/game", seed=seed, jokers=jokers, bots=bots)


def tournament(
    *,
    games: int = 1000,
    seed: int = 1,
    jokers: bool = False,
    bots: Bots = "search,greedy,greedy,greedy",
) -> dict[str, _t.Any]:
    """Many games between bots, the line-up turning round one seat per game."""
    return _ask("huxxy/tournament", games=games, seed=seed, jokers=jokers, bots=bots)


def _reference(name: str, *arguments: _t.Any) -> _t.Any:
    """The reference function ``name`` called with ``arguments``: they are written as Python
    literals, read and answered by the engine, and its printed answer read back."""
    call = f"comp10001huxxy_{name}({', '.join(repr(argument) for argument in arguments)})"
    return _ast.literal_eval(eval(call=call)["result"])


def comp10001huxxy_score(cards: _t.Sequence[Card]) -> int:
    """The points of ``cards`` (face values; a joker counts 48)."""
    return _reference("score", cards)


def comp10001huxxy_valid_table(groups: _t.Sequence[_t.Sequence[Card]]) -> bool:
    """Whether every group on the table is a valid run or N-of-a-kind."""
    return _reference("valid_table", groups)


def comp10001huxxy_valid_play(
    play: Play,
    play_history: _t.Sequence[Play],
    active_player: int,
    hand: _t.Sequence[Card],
    table: _t.Sequence[_t.Sequence[Card]],
) -> bool:
    """Whether ``play`` is valid for ``active_player`` holding ``hand`` with ``table`` on the
    table, after ``play_history``."""
    return _reference("valid_play", play, play_history, active_player, hand, table)


def comp10001huxxy_play(
    play_history: _t.Sequence[Play],
    active_player: int,
    hand: _t.Sequence[Card],
    table: _t.Sequence[_t.Sequence[Card]],
) -> Play:
    """The reference bot's next play in the basic game: a tuple ``(player, type, details)``."""
    return _reference("play", play_history, active_player, hand, table)


def comp10001huxxy_bonus_play(
    play_history: _t.Sequence[Play],
    active_player: int,
    hand: _t.Sequence[Card],
    table: _t.Sequence[_t.Sequence[Card]],
) -> Play:
    """The reference bot's next play in the joker game."""
    return _reference("bonus_play", play_history, active_player, hand, table)
