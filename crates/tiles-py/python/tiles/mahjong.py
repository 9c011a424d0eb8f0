"""Riichi mahjong: a hand's analysis (completeness, readings, shanten, waits, discards), the
score of a winning hand, and list calls for throughput.

Hands are mpsz notation (``"123m456p789s1122z"``, red fives ``0m``), called melds in brackets
(``[789s]`` open, ``{1111z}`` a concealed kan) or in ``melds``.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence, Union

from . import _tiles
from ._request import ask

Tiles = Union[str, Sequence[str]]
Meld = Mapping[str, str]


def analyze(*, hand: str, melds: Sequence[Meld] = ()) -> dict[str, Any]:
    """A hand's completeness, readings, shanten per form, waits, effective tiles and every
    discard ranked."""
    return ask("mahjong/analyze", hand=hand, melds=list(melds))


def score(
    *,
    hand: str,
    win: str,
    melds: Sequence[Meld] = (),
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    seat_wind: str = "E",
    round_wind: str = "E",
    dora_indicators: Tiles = (),
    ura_indicators: Tiles = (),
    honba: int = 0,
    riichi_sticks: int = 0,
    rules: Union[str, Mapping[str, Any]] = "tenhou",
) -> dict[str, Any]:
    """A winning hand's yaku, han, fu, limit and payments. ``hand`` holds the concealed tiles
    including the winning tile ``win``; ``rules`` is ``tenhou``, ``wrc`` or a dict of switches
    over a preset."""
    return ask(
        "mahjong/score",
        hand=hand,
        melds=list(melds),
        win=win,
        tsumo=tsumo,
        riichi=riichi,
        double_riichi=double_riichi,
        ippatsu=ippatsu,
        rinshan=rinshan,
        chankan=chankan,
        haitei=haitei,
        houtei=houtei,
        tenhou=tenhou,
        chiihou=chiihou,
        seat_wind=seat_wind,
        round_wind=round_wind,
        dora_indicators=dora_indicators,
        ura_indicators=ura_indicators,
        honba=honba,
        riichi_sticks=riichi_sticks,
        rules=rules,
    )


def shanten(hands: Sequence[str]) -> list[int]:
    """The shanten of each hand (the least over the standard form, seven pairs and thirteen
    orphans; -1 for a complete hand), in one call for the whole list."""
    return _tiles.shanten(list(hands))


def is_complete(hands: Sequence[str]) -> list[bool]:
    """Whether each hand is complete, in one call for the whole list."""
    return _tiles.is_complete(list(hands))
