"""Riichi mahjong: a hand's analysis (completeness, readings, shanten, waits, discards), the
score of a winning hand, list calls for throughput, and the game under Tenhou's rules (four
players, or three): bot games, tournaments, records replayed, and :class:`Game` step by step for bots.

Hands are mpsz notation (``"123m456p789s1122z"``, red fives ``0m``), called melds in brackets
(``[789s]`` open, ``{1111z}`` a concealed kan) or in ``melds``.
"""

import collections.abc as _abc
import gzip as _gzip
import os as _os
import typing as _t

from .. import _tiles
from .._request import ask as _ask

__all__ = [
    "Game",
    "Action",
    "Score",
    "ScoreBatch",
    "VecEnv",
    "game",
    "rules",
    "replay",
    "record_hands",
    "review",
    "watch",
    "tournament",
    "analyze",
    "analyze_many",
    "score",
    "score_many",
    "shanten",
    "is_complete",
    "Tiles",
    "Meld",
    "Record",
]

Tiles = _t.Union[str, _t.Sequence[str]]
Meld = _t.Mapping[str, str]


def analyze(*, hand: str, melds: _t.Sequence[Meld] = (), players: int = 4) -> dict[str, _t.Any]:
    """A hand's completeness, readings, shanten per form, waits, effective tiles and every
    discard ranked; ``players=3`` for the three-player set (no 2m-8m to hold, draw or wait
    on)."""
    return _ask("mahjong/analyze", hand=hand, melds=list(melds), players=players)


#: A winning hand's yaku, han, fu, limit and payments: ``score(*, hand, win, melds=(),
#: tsumo=False, riichi=False, double_riichi=False, ippatsu=False, rinshan=False,
#: chankan=False, haitei=False, houtei=False, tenhou=False, chiihou=False, seat_wind="E",
#: round_wind="E", dora_indicators=(), ura_indicators=(), honba=0, riichi_sticks=0,
#: rules="tenhou", kita=0, players=None)``. ``hand`` holds the concealed tiles including the
#: winning tile ``win``; ``rules`` is a rule set's name (``tenhou``, ``mahjong-soul`` or
#: ``majsoul``, ``m-league``, ``wrc``, ``ema-2016``, ``ema-2025``, ``jpml-a``, ``saikouisen``,
#: ``saikouisen-classic``, ``tenhou-sanma``, ``mahjong-soul-sanma``: its scoring rules) or a
#: dict of switches over one; ``renhou=True`` a non-dealer's ron before its first draw; ``kita`` counts the Norths set aside and ``players=3`` scores for
#: three players (tsumo loss, 200 a honba). Returns a
#: :class:`Score`. Native: the keyword arguments go straight into the engine's request, a call by
#: the million being the common case.
score = _tiles.score


def shanten(hands: _t.Sequence[str]) -> list[int]:
    """The shanten of each hand (the least over the standard form, seven pairs and thirteen
    orphans; -1 for a complete hand), in one call for the whole list."""
    return _tiles.shanten(hands)


def is_complete(hands: _t.Sequence[str]) -> list[bool]:
    """Whether each hand is complete, in one call for the whole list."""
    return _tiles.is_complete(hands)


def score_many(requests: _t.Sequence[_t.Mapping[str, _t.Any]]) -> "ScoreBatch":
    """:func:`score` for each request (a dict of its keyword arguments: ``{"hand": ...,
    "win": ..., "tsumo": True}``), in one call: the requests are read in place, with the GIL
    held (until the last is scored) while the other cores score the ones read before, so no
    other Python thread runs meanwhile. Returns a :class:`ScoreBatch`: each request's answer
    in its place, a :class:`Score`, or ``{"error": message}`` for a request the engine refuses
    (the others are still scored)."""
    return _tiles.score_many(requests)


def analyze_many(hands: _t.Sequence[_t.Union[str, _t.Mapping[str, _t.Any]]]) -> list[dict[str, _t.Any]]:
    """:func:`analyze` for each hand (its text, or a dict with ``hand`` and ``melds``), in one
    call on every core with the GIL released. The results are in order; a hand the engine
    refuses has ``{"error": message}`` in its place."""
    return _tiles.analyze_many(hands)


#: The game step by step: ``Game(seed=0, rules=None, rule=[], length=None, red_fives=None,
#: open_tanyao=None, players=None)`` (``rules`` a rule set, Tenhou's by default:
#: ``"m-league"``; ``rule`` fields set otherwise: ``["kiriage=false"]``; the other options
#: over the rule set's own: ``red_fives`` True, False or each suit's count ``[0, 1, 1]``;
#: ``players=3`` the rule set's three-player form, Tenhou's by default, seats 0-2),
#: ``to_act`` (the seats that must decide), ``legal_actions(seat)``, ``step({seat: action})``,
#: ``observation(seat)`` (a dict with the mjai events so far), ``done``, ``result``,
#: ``record("mjai" | "tenhou6" | "mjlog")``. The state stays in Rust; actions are small objects.
Game = _tiles.MahjongGame

#: A winning hand's score, as :func:`score` and :func:`score_many` give it: ``han``, ``fu``,
#: ``yakuman``, ``yaku`` (``(name, han)`` pairs), ``limit``, ``points``, ``total``,
#: ``fu_parts``, ``base``, ``reading``, ``wait``, ``hand``; ``to_dict()`` the JSON response;
#: ``score["points"]`` reads it by key.
Score = _tiles.MahjongScore

#: :func:`score_many`'s answer, a sequence: ``len(batch)``, ``batch[i]`` (a :class:`Score`, or
#: ``{"error": message}`` for a refused request), slices, iteration, ``to_list()``, ``==`` a
#: list of the same answers. The results stay in Rust until asked for: an item is made when it
#: is read, and the columns ``han``, ``fu``, ``yakuman``, ``total``, ``base`` (lists of ints,
#: 0 for a refused request), ``scored`` (bools) and ``errors`` (``(index, message)`` pairs)
#: read every answer at once.
ScoreBatch = _tiles.MahjongScoreBatch
_abc.Sequence.register(ScoreBatch)

#: One legal decision (``type``, ``tile``, ``tsumogiri``, ``riichi``, ``consumed``,
#: ``to_dict()``), as :meth:`Game.legal_actions` gives them.
Action = _tiles.MahjongAction


def rules(
    rules: _t.Optional[str] = None,
    *,
    rule: _t.Sequence[str] = (),
    length: _t.Optional[str] = None,
    red_fives: _t.Union[None, bool, _t.Sequence[int]] = None,
    open_tanyao: _t.Optional[bool] = None,
    players: _t.Optional[int] = None,
) -> dict[str, _t.Any]:
    """The rules these options name, as the game functions take them: ``rules`` a rule set
    (``tenhou`` by default, ``tenhou-sanma``, ``mahjong-soul`` or ``majsoul``,
    ``mahjong-soul-sanma``, ``m-league``, ``wrc``, ``ema-2016``, ``ema-2025``, ``jpml-a``,
    ``saikouisen``, ``saikouisen-classic``), ``rule`` fields set otherwise
    (``["kiriage=false"]``). Gives ``rules`` (as records write it: ``"m-league
    kiriage=false"``), ``preset``, ``presets`` (every rule set's name), ``players`` and
    ``fields`` (every field in order: its ``name``, ``value`` and the rule set's own,
    ``preset_value``), as the API's ``mahjong/rules`` answers."""
    return _ask("mahjong/rules", **_rules_fields(rules, rule, length, red_fives, open_tanyao, players))


def _red(red_fives):
    """Red fives as the engine takes them: None, True, False or a list of counts."""
    return red_fives if red_fives is None or isinstance(red_fives, bool) else list(red_fives)


def _rules_fields(rules, rule, length, red_fives, open_tanyao, players) -> dict[str, _t.Any]:
    """The rules fields of a game or tournament request, those given only."""
    given = {"rules": rules, "length": length, "red_fives": _red(red_fives),
             "open_tanyao": open_tanyao, "players": players}
    fields = {key: value for key, value in given.items() if value is not None}
    if rule:
        fields["rule"] = list(rule)
    return fields


def game(
    *,
    seed: int = 0,
    bots: _t.Union[str, _t.Sequence[str]] = "efficiency",
    rules: _t.Optional[str] = None,
    rule: _t.Sequence[str] = (),
    length: _t.Optional[str] = None,
    red_fives: _t.Union[None, bool, _t.Sequence[int]] = None,
    open_tanyao: _t.Optional[bool] = None,
    record: str = "mjai",
    answer_limit: float = 3.0,
    start_limit: float = 20.0,
    players: _t.Optional[int] = None,
) -> dict[str, _t.Any]:
    """A seeded game of bots (``efficiency`` or ``random``, or an outside bot speaking mjai:
    ``"mjai:python3 bot.py"``, run as ``python3 bot.py SEAT``, or ``"mjai-line:…"`` for one
    event a line): each hand's result, the final points and placements, and the ``record``
    (``mjai``, ``tenhou`` or ``none``), under ``rules`` (a rule set, Tenhou's by default, as
    :func:`rules` names them) with ``rule`` fields set otherwise (``["kiriage=false"]``).
    ``red_fives`` is True, False or each suit's count (``[0, 1, 1]``); ``open_tanyao`` False
    plays a lobby without kuitan (each over the rule set's own). An outside bot has
    ``answer_limit`` seconds to answer (``start_limit`` for events that start a game or hand);
    one that answers late, not in JSON or illegally forfeits the game (``failure`` says why).
    ``players=3`` plays the rule set's three-player form, Tenhou's by default (one bot per
    player)."""
    return _ask(
        "mahjong/game",
        seed=seed,
        bots=bots if isinstance(bots, str) else list(bots),
        record=record,
        answer_limit=answer_limit,
        start_limit=start_limit,
        **_rules_fields(rules, rule, length, red_fives, open_tanyao, players),
    )


def _assumed(rules, rule) -> dict[str, _t.Any]:
    """The ``rules`` and ``rule`` fields of a record request, those given only."""
    fields: dict[str, _t.Any] = {}
    if rules is not None:
        fields["rules"] = rules
    if rule:
        fields["rule"] = list(rule)
    return fields


Record = _t.Union[str, bytes, "_os.PathLike[str]"]

_NOT_TEXT = "not a game record (it is not text)"


def _record_text(record: Record) -> str:
    """A record as the functions take it: its text; a path (a ``str`` that names a file and
    does not start as a record does, ``<`` or ``{``, or any ``os.PathLike``); or its bytes,
    gzipped or not. Anything else is passed on as text, so every function refuses what is no
    record with the same message (``BadRequest``)."""
    if isinstance(record, _os.PathLike) or (
        isinstance(record, str)
        and not record.lstrip().startswith(("<", "{"))
        and "\n" not in record
        and len(record) < 4096
        and _os.path.isfile(record)
    ):
        try:
            with open(record, "rb") as file:
                record = file.read()
        except OSError as error:
            raise _tiles.BadRequest(f"record: {_os.fspath(record)}: {error.strerror}") from None
    if isinstance(record, (bytes, bytearray, memoryview)):
        data = bytes(record)
        if data[:2] == b"\x1f\x8b":
            try:
                data = _gzip.decompress(data)
            except (OSError, EOFError) as error:
                raise _tiles.BadRequest(f"record: gzipped, but the data is broken ({error})") from None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise _tiles.BadRequest(f"record: {_NOT_TEXT}") from None
    if not isinstance(record, str):
        raise TypeError(f"record: expected a record's text, a path or bytes, found {type(record).__name__}")
    return record


def replay(
    record: Record, *, rules: _t.Optional[str] = None, rule: _t.Sequence[str] = ()
) -> dict[str, _t.Any]:
    """A game record (Tenhou mjlog XML, tenhou.net/6 JSON or mjai events: its text, a path or
    its bytes, gzipped or not) fed through the engine: each hand's verdict, the final points,
    and where reading stopped. A record that states no rules (an mjai record of another tool)
    is read under ``rules`` with ``rule`` set (Tenhou's by default); one that states its rules
    keeps them. What is no record raises ``BadRequest``, as :func:`watch` and :func:`review`
    do."""
    return _ask("mahjong/replay", record=_record_text(record), **_assumed(rules, rule))


def record_hands(record: Record) -> list[dict[str, _t.Any]]:
    """Each hand of a record (Tenhou mjlog XML, tenhou.net/6 JSON or mjai events, as text) as
    the live game plays it: ``hand`` (its place), ``agree`` (whether the engine follows it to
    its end as recorded) and ``error``, ``game`` (a :class:`Game` dealt as the record deals the
    hand, before its first decision; it copies but does not pickle) and ``moves`` (each
    decision the record makes, passes on tiles a seat could claim among them, as ``(seat,
    action id)``: made in order with ``game.act``, they play the hand). What a shard of
    :mod:`tiles.mahjong.dataset` holds is what ``encoding.observe(game, seat)`` gives on the
    way. ``record`` is its text, a path or its bytes, as :func:`replay` takes it."""
    return _tiles.mahjong_record_hands(_record_text(record))


def watch(
    record: Record,
    *,
    hand: int = 0,
    every_hand: bool = False,
    rules: _t.Optional[str] = None,
    rule: _t.Sequence[str] = (),
) -> dict[str, _t.Any]:
    """A game record (as :func:`replay` takes it) shown event by event: a hand list with the
    engine's verdict on each hand, and hand number ``hand`` (0 the first) as positions, each
    the board after one more event with every seat's tiles (the API's ``mahjong/watch``);
    ``every_hand`` adds every hand's positions; ``rules`` and ``rule`` as for
    :func:`replay`."""
    fields: dict[str, _t.Any] = {"record": _record_text(record), "hand": hand, **_assumed(rules, rule)}
    if every_hand:
        fields["every_hand"] = True
    return _ask("mahjong/watch", **fields)


def review(
    record: Record,
    *,
    seat: _t.Optional[int] = None,
    bot: str = "value",
    threshold: _t.Optional[float] = None,
    rules: _t.Optional[str] = None,
    rule: _t.Sequence[str] = (),
) -> dict[str, _t.Any]:
    """Each decision of the record's ``seat`` (every seat if None) beside what ``bot`` does in
    the same position: the shanten and effective tiles each choice leaves, the value bot's
    estimates in points, the decisions flagged where the estimated loss is above
    ``threshold`` (1000 if None; far from ready, where the value bot values nothing, by the
    shape each choice leaves), and a summary per seat (the API's ``mahjong/review``);
    ``record`` as :func:`replay` takes it, ``rules`` and ``rule`` as for :func:`replay`."""
    fields: dict[str, _t.Any] = {"record": _record_text(record), "bot": bot, **_assumed(rules, rule)}
    if seat is not None:
        fields["seat"] = seat
    if threshold is not None:
        fields["threshold"] = threshold
    return _ask("mahjong/review", **fields)


def tournament(
    *,
    games: int = 1000,
    seed: int = 1,
    bots: _t.Union[str, _t.Sequence[str]] = "efficiency",
    rules: _t.Optional[str] = None,
    rule: _t.Sequence[str] = (),
    length: _t.Optional[str] = None,
    red_fives: _t.Union[None, bool, _t.Sequence[int]] = None,
    open_tanyao: _t.Optional[bool] = None,
    duplicate: _t.Optional[bool] = None,
    rank_points: _t.Optional[_t.Sequence[float]] = None,
    first_game: int = 0,
    answer_limit: float = 3.0,
    start_limit: float = 20.0,
    players: _t.Optional[int] = None,
) -> dict[str, _t.Any]:
    """Many games between a line-up under ``rules`` and ``rule`` (as for :func:`game`), the line-up turning one seat per
    game; ``duplicate`` plays each wall once per seat, four ways or three with ``players=3``
    (the default for one challenger against the rest of a kind). Per entry: placements and their rates, average rank with its 95%
    interval, ``rank_points`` a game (default Tenhou Phoenix's ``[90, 45, 0, -135]``, or
    ``[20, 0, -20]`` with ``players=3``), win, deal-in, call, riichi and bust rates, average
    win and deal-in points."""
    request = dict(
        games=games,
        seed=seed,
        bots=bots if isinstance(bots, str) else list(bots),
        first_game=first_game,
        answer_limit=answer_limit,
        start_limit=start_limit,
    )
    request.update(_rules_fields(rules, rule, length, red_fives, open_tanyao, players))
    if duplicate is not None:
        request["duplicate"] = duplicate
    if rank_points is not None:
        request["rank_points"] = list(rank_points)
    return _ask("mahjong/tournament", **request)


def __getattr__(name: str):
    # VecEnv needs numpy (the `rl` extra): imported when first asked for.
    if name == "VecEnv":
        from ._vecenv import VecEnv

        return VecEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | {"VecEnv"})
