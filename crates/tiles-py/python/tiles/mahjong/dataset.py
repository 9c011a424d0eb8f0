"""Riichi records as training data: :func:`write` turns record archives into shards of
decisions (the ``tiles-v1`` / ``tiles-sanma-v1`` planes the environments observe, the legal
action mask, the action the record shows, and the hand's and game's outcome for the seat), and
:class:`Dataset` reads them back as numpy batches, shuffled across shards, for any trainer.

A shard is a plain ``.npy`` file of fixed-size records: ``numpy.load(path, mmap_mode="r")``
reads it with numpy alone, and :func:`decode` (a few lines of numpy) unpacks its planes and
mask. The layout, byte for byte, is in the ``mahjong-game`` crate's README (*Records as
training data*) and in each dataset's ``manifest.json``.

:func:`write` needs nothing more; :class:`Dataset` and :func:`decode` need numpy (the ``rl``
extra). Neither imports PyTorch or JAX: a :class:`Dataset` is an iterable of dicts of arrays,
which a JAX loop takes as it is, and :meth:`Dataset.torch` makes a PyTorch
``IterableDataset`` of it for ``torch.utils.data.DataLoader`` (``batch_size=None``).
"""

from __future__ import annotations

import json as _json
import os as _os
import sys as _sys
import typing as _t

from .. import _tiles

__all__ = ["write", "Dataset", "Manifest", "decode", "suit_permutations", "permute_suits"]

_SUFFIXES = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def _size(value) -> int:
    if isinstance(value, bool):
        raise TypeError(f"shard_size: expected bytes (an int) or a size such as '256M', found {value!r}")
    if isinstance(value, int):
        if value <= 0:
            raise ValueError(f"shard_size: expected a positive number of bytes, found {value}")
        return value
    if isinstance(value, str):
        text = value.strip()
        scale = _SUFFIXES.get(text[-1:].upper(), 1)
        number = text[:-1] if scale > 1 else text
        if number.strip().isdigit() and int(number) > 0:
            return int(number) * scale
    raise ValueError(f"shard_size: expected bytes such as 268435456 or '256M', found {value!r}")


def write(
    records: _t.Union[str, _os.PathLike, _t.Sequence[_t.Union[str, _os.PathLike]]],
    out: _t.Union[str, _os.PathLike],
    *,
    shard_size: _t.Union[int, str] = "256M",
    split: _t.Sequence[float] = (0.9, 0.05, 0.05),
    terms: _t.Optional[str] = None,
    jobs: int = 0,
) -> dict:
    """Writes every decision of the records (files and directories: Tenhou mjlog, tenhou.net/6,
    mjai; gzipped or not; four players or three) into ``out`` as ``.npy`` shards and
    ``manifest.json``, as ``tiles mahjong dataset`` does. ``shard_size``: the most a shard
    holds (bytes, or ``'256M'``); ``split``: the shares of games for train, validation and
    test, each game's split following from its deals alone; ``terms``: the sources' terms, stated
    in the manifest; ``jobs``: threads (0, one a core).

    Returns ``files``, ``games``, ``decisions``, ``kinds`` (decisions by kind),
    ``hands_skipped``, ``duplicates``, ``problems`` (each file that gave no game, and why),
    ``shards`` and ``manifest`` (paths). Ctrl-C stops it (``KeyboardInterrupt``)."""
    if isinstance(records, (str, _os.PathLike)):
        records = [records]
    shares = [float(share) for share in split]
    if len(shares) != 3:
        raise ValueError(f"split: expected three shares (train, validation, test), found {len(shares)}")
    return _tiles.mahjong_dataset_write(
        [_os.fspath(path) for path in records], _os.fspath(out), _size(shard_size), shares, terms, int(jobs)
    )


class Manifest:
    """A dataset's ``manifest.json``: ``data`` (the parsed JSON), the shards by split and player
    count, and each encoding's layout."""

    def __init__(self, directory: _t.Union[str, _os.PathLike]):
        self.directory = _os.fspath(directory)
        path = _os.path.join(self.directory, "manifest.json")
        with open(path, encoding="utf-8") as file:
            self.data = _json.load(file)
        if self.data.get("format") != "tiles-mahjong-dataset":
            raise ValueError(f"{path}: not a tiles mahjong dataset's manifest")
        if self.data.get("version") != 1:
            raise ValueError(f"{path}: version {self.data.get('version')!r}; this reader knows version 1")

    def players(self) -> list[int]:
        """The player counts the dataset holds."""
        return sorted(int(players) for players in self.data["encodings"])

    def encoding(self, players: int) -> dict:
        """The encoding of games of ``players``: ``name``, ``channels``, ``actions`` and where each
        plane is stored (``flags``, ``counts``, ``wholes``)."""
        return self.data["encodings"][str(players)]

    def shards(self, split: str, players: int) -> list[str]:
        """The paths of a split's shards of games of ``players``, in order."""
        if split not in ("train", "validation", "test"):
            raise ValueError(f"split: expected train, validation or test, found {split!r}")
        return [
            _os.path.join(self.directory, shard["file"])
            for shard in self.data["shards"]
            if shard["split"] == split and shard["players"] == players
        ]


def _numpy():
    from .._extras import needs

    needs("rl", "numpy")
    import numpy as np

    return np


def decode(records, encoding: dict, planes=None, mask=None):
    """The planes (``uint8``, ``(n, channels, 34)``) and action mask (``int8``, ``(n, actions)``)
    of shard records (a structured array, or one record), given the manifest's ``encoding``;
    written into ``planes`` and ``mask`` when given.

    Flag planes are one bit plane each, count planes three (their values' bits 1, 2 and 4),
    whole planes one byte each (``scalars``), as the README's layout says."""
    np = _numpy()
    records = np.atleast_1d(records)
    count = len(records)
    flags = np.asarray(encoding["flags"])
    counts = np.asarray(encoding["counts"])
    wholes = np.asarray(encoding["wholes"])
    channels, actions = encoding["channels"], encoding["actions"]
    bit_planes = len(flags) + 3 * len(counts)
    bits = np.unpackbits(records["bits"], axis=1, count=bit_planes * 34, bitorder="little")
    bits = bits.reshape(count, bit_planes, 34)
    if planes is None:
        planes = np.empty((count, channels, 34), dtype=np.uint8)
    planes[:, flags] = bits[:, : len(flags)]
    low = len(flags)
    many = len(counts)
    planes[:, counts] = (
        bits[:, low : low + many]
        | (bits[:, low + many : low + 2 * many] << 1)
        | (bits[:, low + 2 * many : low + 3 * many] << 2)
    )
    planes[:, wholes] = records["scalars"][:, : len(wholes), None]
    unpacked = np.unpackbits(records["mask"], axis=1, count=actions, bitorder="little")
    if mask is None:
        mask = unpacked.view(np.int8)
    else:
        mask[...] = unpacked
    return planes, mask


# Suit permutations: the new suit of man, pin and sou.
_PERMUTATIONS = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]


def suit_permutations(players: int = 4, red_fives: _t.Sequence[int] = (1, 1, 1)) -> list[tuple]:
    """The suit permutations that keep a game of these rules a game of these rules: each suit
    goes to one with as many red fives, and with three players man (only 1m and 9m) stays."""
    return [
        permutation
        for permutation in _PERMUTATIONS
        if all(red_fives[suit] == red_fives[permutation[suit]] for suit in range(3))
        and (players == 4 or permutation[0] == 0)
    ]


def _tile_map(permutation) -> list[int]:
    """A tile number's (0-33 kinds, 34-36 red fives) image under the permutation."""
    image = []
    for number in range(37):
        if number < 27:
            image.append(permutation[number // 9] * 9 + number % 9)
        elif number < 34:
            image.append(number)
        else:
            image.append(34 + permutation[number - 34])
    return image


def _action_map(permutation, actions: int) -> list[int]:
    """Each action id's image under the permutation (see ``tiles.mahjong.encoding``)."""
    tiles = _tile_map(permutation)
    image = list(range(actions))
    for base in (0, 37, 74, 111):  # discards and riichi discards, from the hand or as drawn
        for number in range(37):
            image[base + number] = base + tiles[number]
    for index in range(126):  # chi: (suit × 7 + start) × 3 + position, × 2 + red
        red, rest = index % 2, index // 2
        position, run = rest % 3, rest // 3
        suit, start = run // 7, run % 7
        image[148 + index] = 148 + ((permutation[suit] * 7 + start) * 3 + position) * 2 + red
    for kind in range(34):  # pon, concealed kan
        image[274 + kind] = 274 + tiles[kind]
        image[312 + kind] = 312 + tiles[kind]
    for suit in range(3):  # pon with the red five
        image[308 + suit] = 308 + permutation[suit]
    for number in range(37):  # added kan
        image[346 + number] = 346 + tiles[number]
    return image


class _Augment:
    """Suit permutations of a batch: the columns of every plane, and the action ids."""

    def __init__(self, actions: int):
        np = _numpy()
        columns = np.array([_tile_map(permutation)[:34] for permutation in _PERMUTATIONS])
        # Inverse maps: each new column's old column, each new id's old id.
        self.sources = np.argsort(columns, axis=1)
        self.actions = np.array([_action_map(permutation, actions) for permutation in _PERMUTATIONS])
        self.action_sources = np.argsort(self.actions, axis=1)

    def __call__(self, rng, batch: dict, allowed) -> None:
        np = _numpy()
        count = len(batch["action"])
        # A permutation for each sample among those its game's rules allow.
        choice = (rng.random(count) * allowed["count"][batch["rules"]]).astype(np.int64)
        permutation = allowed["table"][batch["rules"], choice]
        planes, mask = batch["planes"], batch["mask"]
        # One gather per permutation (the first is the identity).
        for index in range(1, len(_PERMUTATIONS)):
            chosen = np.flatnonzero(permutation == index)
            if len(chosen):
                planes[chosen] = planes[chosen][:, :, self.sources[index]]
                mask[chosen] = mask[chosen][:, self.action_sources[index]]
        batch["action"] = self.actions[permutation, batch["action"]]
        batch["permutation"] = permutation


def permute_suits(planes, mask, action, permutation):
    """One sample (planes ``(channels, 34)``, mask, action id) with its suits permuted:
    ``permutation`` gives the new suit of man, pin and sou, as :func:`suit_permutations`
    lists them. Red fives go with their suit."""
    np = _numpy()
    tiles = _tile_map(permutation)
    columns = np.argsort(np.array(tiles[:34]))
    actions = np.array(_action_map(permutation, len(mask)))
    return planes[:, columns], mask[np.argsort(actions)], int(actions[action])


class Dataset:
    """The decisions of one split of a dataset as numpy batches.

    ``Dataset(directory, split="train", batch_size=1024, shuffle=True, seed=0, augment=False,
    players=None, mix=4, drop_last=False, worker=None)``. Iterating yields dicts: ``planes``
    (``uint8 (n, channels, 34)``), ``mask`` (``int8 (n, actions)``), ``action`` (``int64``),
    ``kind`` (the decision's kind, an index into :attr:`KINDS`), and the targets and places
    ``hand_delta``, ``final_points``, ``rank``, ``game``, ``hand``, ``seat``, ``turn``.

    With ``shuffle``, each pass (``set_epoch(n)``, or a new pass each iteration) takes the
    shards in a seeded order, ``mix`` at a time, and draws decisions from all of them at once
    in a seeded order: batches mix games across shards, and the same seed and epoch give the
    same batches. ``augment`` permutes each sample's suits at random among those its game's
    rules allow (red fives with their suit; man stays put with three players).
    ``worker=(index, count)`` reads every count-th shard from index (under PyTorch's
    ``DataLoader`` with workers, its worker info is used when ``worker`` is not given).
    """

    #: The decision kinds, as the manifest counts them.
    KINDS = tuple(_tiles.encoding_info()["kinds"])

    def __init__(
        self,
        directory,
        split: str = "train",
        *,
        batch_size: int = 1024,
        shuffle: bool = True,
        seed: int = 0,
        augment: bool = False,
        players: _t.Optional[int] = None,
        mix: int = 4,
        drop_last: bool = False,
        worker: _t.Optional[tuple] = None,
    ):
        np = _numpy()
        self.manifest = Manifest(directory)
        available = self.manifest.players()
        if players is None:
            if len(available) != 1:
                raise ValueError(f"players: the dataset holds games of {available} players; say which")
            players = available[0]
        if players not in available:
            raise ValueError(f"players: the dataset holds games of {available} players, not {players}")
        if batch_size < 1 or mix < 1:
            raise ValueError("batch_size and mix: expected at least 1")
        self.players = players
        self.split = split
        self.encoding = self.manifest.encoding(players)
        self.paths = self.manifest.shards(split, players)
        self.batch_size = int(batch_size)
        self.shuffle = shuffle
        self.seed = int(seed)
        self.augment = augment
        self.mix = int(mix)
        self.drop_last = drop_last
        self.worker = worker
        self.epoch = 0
        self._arrays = None
        games = self.manifest.data["games"]
        # Each game's rules, as a class of allowed permutations.
        classes: dict = {}
        self._rules = np.zeros(len(games), dtype=np.int64)
        for game in games:
            key = tuple(game["rules"]["red_fives"]) + (game["players"],)
            self._rules[game["id"]] = classes.setdefault(key, len(classes))
        table = np.zeros((max(len(classes), 1), 6), dtype=np.int64)
        count = np.ones(max(len(classes), 1), dtype=np.int64)
        for (*red, game_players), index in classes.items():
            allowed = [_PERMUTATIONS.index(p) for p in suit_permutations(game_players, red)]
            table[index, : len(allowed)] = allowed
            count[index] = len(allowed)
        self._allowed = {"table": table, "count": count}
        self._augment = _Augment(self.encoding["actions"]) if augment else None
        # Each action id's kind.
        kinds = _tiles.encoding_info()["action_kinds"][: self.encoding["actions"]]
        self._kinds = np.array(kinds, dtype=np.int64)

    def __len__(self) -> int:
        """The decisions of the split (of this worker's shards)."""
        return sum(len(array) for array in self._shards())

    def torch(self):
        """This dataset as a ``torch.utils.data.IterableDataset`` (PyTorch imported only now):
        ``DataLoader(data.torch(), batch_size=None, num_workers=2)`` gives its batches as they
        are, each worker reading its own shards. Arrays stay numpy's; ``torch.from_numpy``
        takes them without a copy."""
        from torch.utils.data import IterableDataset

        outer = self

        class _Torch(IterableDataset):
            def __iter__(self):
                return iter(outer)

            def __len__(self):
                return -(-len(outer) // outer.batch_size)

        return _Torch()

    def set_epoch(self, epoch: int) -> None:
        """The pass whose order the next iteration takes."""
        self.epoch = int(epoch)

    def _shards(self):
        np = _numpy()
        if self._arrays is None:
            self._arrays = [np.load(path, mmap_mode="r") for path in self.paths]
        index, count = self._worker()
        return self._arrays[index::count]

    def _worker(self):
        if self.worker is not None:
            return self.worker
        torch = _sys.modules.get("torch")
        if torch is not None:
            info = torch.utils.data.get_worker_info()
            if info is not None:
                return info.id, info.num_workers
        return 0, 1

    def __iter__(self):
        np = _numpy()
        shards = self._shards()
        epoch = self.epoch
        self.epoch += 1
        rng = np.random.default_rng([self.seed, epoch, *self._worker()])
        order = rng.permutation(len(shards)) if self.shuffle else np.arange(len(shards))
        carry = None
        for start in range(0, len(order), self.mix):
            group = [shards[i] for i in order[start : start + self.mix]]
            sizes = np.array([len(array) for array in group])
            total = int(sizes.sum())
            if total == 0:
                continue
            # Every decision of the group, as (shard, row), in a seeded order.
            which = np.repeat(np.arange(len(group)), sizes)
            rows = np.concatenate([np.arange(size) for size in sizes])
            if self.shuffle:
                shuffled = rng.permutation(total)
                which, rows = which[shuffled], rows[shuffled]
            begin = 0
            while begin < total:
                # A short batch left from the last group is filled from this one's first.
                wanted = self.batch_size - (0 if carry is None else len(carry))
                chunk = slice(begin, begin + wanted)
                records = self._gather(group, which[chunk], rows[chunk])
                begin += wanted
                if carry is not None:
                    records = np.concatenate([carry, records])
                    carry = None
                if len(records) < self.batch_size:
                    carry = records
                    break
                yield self._batch(rng, records)
        if carry is not None and len(carry) and not self.drop_last:
            yield self._batch(rng, carry)

    @staticmethod
    def _gather(group, which, rows):
        np = _numpy()
        if len(group) == 1:
            return group[0][rows]
        out = np.empty(len(rows), dtype=group[0].dtype)
        for index, array in enumerate(group):
            picked = which == index
            if picked.any():
                out[picked] = array[rows[picked]]
        return out

    def _batch(self, rng, records) -> dict:
        np = _numpy()
        planes, mask = decode(records, self.encoding)
        action = records["action"].astype(np.int64)
        batch = {
            "planes": planes,
            "mask": mask,
            "action": action,
            "kind": self._kinds[action],
            "hand_delta": records["hand_delta"].astype(np.int32),
            "final_points": records["final_points"].astype(np.int32),
            "rank": records["rank"].astype(np.int64),
            "game": records["game"].astype(np.int64),
            "hand": records["hand"].astype(np.int64),
            "seat": records["seat"].astype(np.int64),
            "turn": records["turn"].astype(np.int64),
        }
        if self._augment is not None:
            batch["rules"] = self._rules[batch["game"]]
            self._augment(rng, batch, self._allowed)
            del batch["rules"]
        return batch
