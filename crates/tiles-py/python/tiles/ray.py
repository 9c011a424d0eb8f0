"""Tournaments and self-play beyond one machine, with Ray (the ``ray`` extra:
``pip install "./crates/tiles-py[ray]"`` from a clone of the repository).

A tournament's games are numbered and each is dealt and seated from the tournament's seed and
its number, so a tournament splits into shards of consecutive games that any machine can play:
:func:`tournament` runs the shards as Ray tasks and merges their standings into the response
the same tournament gives played in one go. :func:`self_play` plays seeded games of the
engine's bots in shards and writes each shard's records (mjai, gzipped) or its encoded
decisions (numpy ``.npz``).

On one machine, ``ray.init()`` is enough (or nothing: the first call starts a local Ray). On a
cluster, start Ray on each machine (``ray start --head`` on one, ``ray start
--address=HEAD:6379`` on the others, with ``tiles`` installed on each) and call
``ray.init(address="auto")`` before these functions.

Each task plays its shard on one core (``RAYON_NUM_THREADS=1`` in its worker): Ray spreads the
shards over the cores of the cluster.
"""

from __future__ import annotations

import gzip
import os
import typing as _t

from ._extras import needs

needs("ray", "ray", "numpy")

import ray as _ray  # noqa: E402

from . import _tiles
from ._request import ask as _ask

__all__ = ["tournament", "self_play", "shards_of"]

_TOURNAMENTS = ("huxxy", "rummikub", "mahjong")
_ONE_CORE = {"env_vars": {"RAYON_NUM_THREADS": "1"}}


def shards_of(first: int, games: int, shards: int) -> list[tuple[int, int]]:
    """``games`` games from game ``first`` in ``shards`` runs of consecutive games, as
    ``(first_game, games)`` pairs, the sizes differing by at most one."""
    shards = max(1, min(shards, games)) if games else 1
    size, extra = divmod(games, shards)
    runs, start = [], first
    for index in range(shards):
        count = size + (1 if index < extra else 0)
        runs.append((start, count))
        start += count
    return runs


def _cluster_cores() -> int:
    if not _ray.is_initialized():
        _ray.init()
    return max(1, int(_ray.cluster_resources().get("CPU", 1)))


@_ray.remote(num_cpus=1, runtime_env=_ONE_CORE)
def _play_shard(operation: str, request: dict) -> dict:
    from tiles import _tiles as native

    return native.call(operation, request)


def tournament(game: str, *, shards: _t.Optional[int] = None, **request) -> dict:
    """The tournament ``request`` names (the fields of ``{game}/tournament``: ``games``,
    ``seed``, ``bots``…), its games split into ``shards`` Ray tasks (by default one per core
    of the cluster); the response is the one the same tournament gives on one machine."""
    if game not in _TOURNAMENTS:
        raise ValueError(f"game: expected {', '.join(_TOURNAMENTS)}, found {game!r}")
    operation = f"{game}/tournament"
    request = dict(request)
    games = request.get("games", 1000)
    first = request.get("first_game", 0)
    # The request is checked on this machine first (merged from no shards, nothing is
    # played): a bad one fails before any task runs.
    _tiles.merge_tournaments(operation, request, [])
    count = shards if shards is not None else _cluster_cores()
    tasks = [
        _play_shard.remote(operation, {**request, "first_game": start, "games": size})
        for start, size in shards_of(first, games, count)
    ]
    return _tiles.merge_tournaments(operation, request, _ray.get(tasks))


@_ray.remote(num_cpus=1, runtime_env=_ONE_CORE)
def _self_play_shard(path: str, seeds: list, bots: list, options: dict, output: str) -> dict:
    from tiles import _tiles as native

    played = native.mahjong_self_play(seeds, bots, output=output, **options)
    if output == "mjai":
        with gzip.open(path, "wt", encoding="utf-8") as file:
            for record in played["records"]:
                file.write(record)
    else:
        import numpy as np

        from tiles.mahjong import encoding

        decisions = len(played["seats"])
        players = options.get("players", 4)
        np.savez_compressed(
            path,
            observations=np.frombuffer(played["observations"], dtype=np.uint8).reshape(
                (decisions,) + encoding.shape_for(players)
            ),
            masks=np.frombuffer(played["masks"], dtype=np.int8).reshape(
                decisions, encoding.actions_for(players)
            ),
            actions=np.frombuffer(played["actions"], dtype="<u2").astype(np.int16),
            seats=np.frombuffer(played["seats"], dtype=np.uint8).astype(np.int8),
            games=np.asarray(seeds, dtype=np.uint64)[np.frombuffer(played["games"], dtype="<u4")],
            seeds=np.asarray(seeds, dtype=np.uint64),
            scores=np.asarray(played["scores"], dtype=np.int32).reshape(len(seeds), players),
            ranks=np.asarray(played["ranks"], dtype=np.int8).reshape(len(seeds), players),
        )
    return {"path": path, "games": len(seeds)}


def self_play(
    directory: _t.Union[str, os.PathLike],
    *,
    games: int,
    seed: int = 0,
    bots: _t.Union[str, _t.Sequence[str]] = "efficiency",
    format: str = "mjai",
    shards: _t.Optional[int] = None,
    rules: _t.Optional[str] = None,
    rule: _t.Sequence[str] = (),
    length: _t.Optional[str] = None,
    red_fives: _t.Union[None, bool, _t.Sequence[int]] = None,
    open_tanyao: _t.Optional[bool] = None,
    players: _t.Optional[int] = None,
) -> list[str]:
    """Plays ``games`` mahjong games of the engine's ``bots`` (one name for all, or one per
    player; under ``rules`` with ``rule`` set, as :func:`tiles.mahjong.rules` names them;
    ``players=3`` plays the rule set's three-player form, encoded as ``tiles-sanma-v1``),
    dealt from seeds ``seed``, ``seed + 1``…, in ``shards`` Ray tasks, and writes one file per
    shard into ``directory``: ``format`` ``mjai`` writes ``shard-00000.mjai.gz``, each game's
    mjai record one after another; ``npz`` writes ``shard-00000.npz`` with every decision's
    ``observations`` (``tiles-v1`` planes), ``masks``, ``actions`` (ids), ``seats`` and
    ``games`` (its game's seed), and per game its ``seeds``, ``scores`` and ``ranks``. Returns
    the files' paths, in seed order."""
    if format not in ("mjai", "npz"):
        raise ValueError(f"format: expected mjai or npz, found {format!r}")
    red = red_fives if red_fives is None or isinstance(red_fives, bool) else list(red_fives)
    given = {"rules": rules, "rule": list(rule), "length": length, "red_fives": red,
             "open_tanyao": open_tanyao, "players": players}
    options = {key: value for key, value in given.items() if value is not None and value != []}
    # The players follow from the rules (a three-player rule set, or players=3).
    players = _ask("mahjong/rules", **options)["players"]
    options["players"] = players
    names = [bots] * players if isinstance(bots, str) else list(bots)
    # Checked here: bad options fail before any task runs.
    _tiles.mahjong_self_play([], names, **options)
    os.makedirs(directory, exist_ok=True)
    count = shards if shards is not None else _cluster_cores()
    output = "mjai" if format == "mjai" else "encoded"
    suffix = ".mjai.gz" if format == "mjai" else ".npz"
    tasks = []
    for index, (start, size) in enumerate(shards_of(0, games, count)):
        path = os.path.join(os.fspath(directory), f"shard-{index:05d}{suffix}")
        seeds = list(range(seed + start, seed + start + size))
        tasks.append(_self_play_shard.remote(path, seeds, names, options, output))
    return [result["path"] for result in _ray.get(tasks)]
