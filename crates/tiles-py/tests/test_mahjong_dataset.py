"""Records as training data: every shared record written as shards, each decision checked against
the live game replayed to that point, and the loader's shuffle, splits, augmentation and byte
layout."""

import json
import os
from pathlib import Path

import numpy as np
import pytest

from tiles import mahjong
from tiles.mahjong import dataset, encoding

LOGS = Path(__file__).resolve().parents[3] / "testdata" / "mahjong-game" / "logs"

RON, PASS = 384, 386


def precedence(action_id):
    """A claim's precedence: ron 3, pon and open kan 2, chi 1, pass 0."""
    if action_id == RON:
        return 3
    if 274 <= action_id <= 311:
        return 2
    if 148 <= action_id < 274:
        return 1
    return 0


def expected_samples(hand):
    """The samples a hand gives, worked out here from the live game: every decision, except a
    pass where another seat's claim took the tile and would have taken it from this seat's
    every option."""
    game = hand["game"]
    samples = []
    window = []

    def close():
        taken = max((precedence(sample[2]) for sample in window), default=0)
        for sample in window:
            action, lowest = sample[2], sample[4]
            if action != PASS or lowest > taken or lowest == 3:
                samples.append(sample[:4])
        window.clear()

    for seat, action in hand["moves"]:
        observation, mask = encoding.observe(game, seat)
        legal = np.flatnonzero(mask)
        claim = bool(mask[PASS])
        if not claim:
            close()
            samples.append((seat, observation, action, mask))
        else:
            lowest = min(precedence(int(option)) for option in legal if option != PASS)
            window.append((seat, observation, action, mask, lowest))
        game.act(seat, action)
    close()
    return samples


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("dataset")
    summary = dataset.write([LOGS], out, shard_size="4M", terms="the licences beside each folder")
    return out, summary


def shard_rows(out):
    """Every shard's records by file name."""
    return {path.name: np.load(path, mmap_mode="r") for path in Path(out).glob("*.npy")}


def test_every_decision_of_every_shared_record_is_what_the_live_game_gives(written):
    out, summary = written
    manifest = dataset.Manifest(out)
    assert summary["problems"] == []
    assert summary["games"] == len(manifest.data["games"]) > 300
    assert set(manifest.players()) == {3, 4}
    shards = shard_rows(out)
    checked = 0
    kinds = {kind: 0 for kind in dataset.Dataset.KINDS}
    for game in manifest.data["games"]:
        source = manifest.data["sources"][game["source"]]
        text = Path(source["path"]).read_text(encoding="utf-8")
        rows = shards[game["shard"]][game["first"] : game["first"] + game["decisions"]]
        info = manifest.encoding(game["players"])
        planes, masks = dataset.decode(rows, info)
        skipped = {skip["hand"] for skip in game["hands_skipped"]}
        at = 0
        for hand in mahjong.record_hands(text):
            assert hand["agree"] == (hand["hand"] not in skipped), hand["error"]
            if not hand["agree"]:
                continue
            for seat, observation, action, mask in expected_samples(hand):
                row = rows[at]
                assert (row["game"], row["hand"], row["seat"]) == (game["id"], hand["hand"], seat)
                assert row["action"] == action, (game["id"], hand["hand"], at)
                assert np.array_equal(planes[at], observation), (game["id"], hand["hand"], at)
                assert np.array_equal(masks[at], mask), (game["id"], hand["hand"], at)
                assert mask[action] == 1
                kinds[dataset.Dataset.KINDS[kind_of(action)]] += 1
                at += 1
        assert at == len(rows) == game["decisions"]
        seats = rows["seat"].astype(int)
        assert np.array_equal(rows["final_points"], np.array(game["final_points"])[seats])
        assert np.array_equal(rows["rank"], np.array(game["ranks"])[seats])
        checked += at
    assert checked == summary["decisions"] == manifest.data["counts"]["decisions"]
    assert kinds == summary["kinds"]
    # Kita and declined calls are there: a model can learn both.
    assert kinds["kita"] > 0 and kinds["pass"] > 0


def kind_of(action):
    bounds = [(74, 0), (148, 1), (274, 4), (311, 5), (312, 6), (346, 7), (383, 8), (384, 2), (385, 3), (386, 10), (387, 11)]
    for bound, kind in bounds:
        if action < bound:
            return kind
    return 9


def test_the_manifest_names_every_source_with_its_hash_counts_and_terms(written):
    import hashlib

    out, summary = written
    manifest = dataset.Manifest(out).data
    assert manifest["encodings"]["4"]["name"] == "tiles-v1"
    assert manifest["encodings"]["3"]["name"] == "tiles-sanma-v1"
    assert manifest["encodings"]["4"]["version"] == 1
    assert manifest["rule_set"] == "tenhou"
    assert manifest["terms"]["text"] == "the licences beside each folder"
    assert any("LICENSE-mahjax" in path for path in manifest["terms"]["files"])
    for source in manifest["sources"][:20]:
        data = Path(source["path"]).read_bytes()
        assert source["sha256"] == hashlib.sha256(data).hexdigest()
        assert source["bytes"] == len(data)
    assert sum(shard["decisions"] for shard in manifest["shards"]) == summary["decisions"]
    assert sum(game["decisions"] for game in manifest["games"]) == summary["decisions"]
    for shard in manifest["shards"]:
        assert shard["bytes"] <= 4 << 20 or shard["games"] == 1
        assert os.path.getsize(Path(out) / shard["file"]) == shard["bytes"]


def test_a_shard_is_the_documented_bytes(written):
    out, _ = written
    manifest = dataset.Manifest(out).data
    path = Path(out) / manifest["shards"][0]["file"]
    raw = path.read_bytes()
    # numpy's own header, then fixed 480-byte records.
    assert raw[:8] == b"\x93NUMPY\x01\x00"
    header = int.from_bytes(raw[8:10], "little")
    assert (10 + header) % 64 == 0
    records = np.load(path)
    assert records.dtype.itemsize == manifest["record_size"] == 480
    body = raw[10 + header :]
    assert len(body) == 480 * len(records)
    for field in manifest["fields"]:
        assert records.dtype.fields[field["name"]][1] == field["offset"]
    first = body[:480]
    row = records[0]
    assert int.from_bytes(first[462:464], "little") == row["action"]
    assert int.from_bytes(first[464:468], "little") == row["game"]
    assert int.from_bytes(first[468:472], "little", signed=True) == row["hand_delta"]
    assert int.from_bytes(first[472:476], "little", signed=True) == row["final_points"]
    assert tuple(first[476:480]) == (row["hand"], row["seat"], row["turn"], row["rank"])
    # The mask: bit id of the mask bytes, least significant first.
    mask_bytes = first[413:462]
    legal = [id for id in range(387) if mask_bytes[id // 8] >> (id % 8) & 1]
    assert row["action"] in legal
    # A plane decoded by hand: plane 0 (the hand's kinds held at least once) is bit plane 0.
    bits = first[:396]
    held = [column for column in range(34) if bits[column // 8] >> (column % 8) & 1]
    planes, _ = dataset.decode(records[:1], manifest["encodings"]["4"])
    assert held == list(np.flatnonzero(planes[0, 0]))


def test_splits_follow_the_games_and_not_the_run(tmp_path, written):
    out, _ = written
    games = {game["source"]: game for game in dataset.Manifest(out).data["games"]}
    sources = dataset.Manifest(out).data["sources"]
    # A few files alone land each game in the split it had among all.
    few = [sources[index]["path"] for index in list(games)[:12]]
    dataset.write(few, tmp_path / "few", shard_size="4M")
    again = dataset.Manifest(tmp_path / "few").data
    for game in again["games"]:
        path = again["sources"][game["source"]]["path"]
        before = next(g for g in games.values() if sources[g["source"]]["path"] == path)
        assert game["split"] == before["split"]
    splits = {game["split"] for game in games.values()}
    assert splits == {"train", "validation", "test"}


def test_the_loader_shuffles_across_shards_reproducibly_and_covers_every_decision(written):
    out, _ = written
    data = dataset.Dataset(out, "train", players=4, batch_size=500, seed=3, mix=3)
    assert len(data.paths) > 3
    first = [batch["game"].copy() for batch in data]
    data.set_epoch(0)
    again = [batch["game"].copy() for batch in data]
    assert all(np.array_equal(a, b) for a, b in zip(first, again)) and len(first) == len(again)
    other = [batch["game"].copy() for batch in data]  # the next epoch
    assert not all(np.array_equal(a, b) for a, b in zip(first, other))
    # Every decision once a pass.
    every = np.concatenate(first)
    assert len(every) == len(data)
    assert all(len(batch) == 500 for batch in first[:-1])
    # A batch draws from several shards' games, not one shard's run of games.
    manifest = dataset.Manifest(out).data
    shard_of = {game["id"]: game["shard"] for game in manifest["games"]}
    assert len({shard_of[int(game)] for game in first[0]}) > 1
    # Unshuffled, the records come in order.
    plain = dataset.Dataset(out, "validation", players=4, shuffle=False, batch_size=10_000)
    rows = np.concatenate([np.load(path)["action"] for path in plain.paths])
    assert np.array_equal(np.concatenate([batch["action"] for batch in plain]), rows)
    # Workers split the shards between them.
    parts = [
        np.concatenate([b["game"] for b in dataset.Dataset(out, "train", players=4, worker=(index, 2))])
        for index in range(2)
    ]
    assert sorted(np.concatenate(parts)) == sorted(every)


def test_suit_permutation_keeps_every_sample_a_legal_one(written):
    out, _ = written
    plain = dataset.Dataset(out, "train", players=4, batch_size=2000, seed=5)
    augmented = dataset.Dataset(out, "train", players=4, batch_size=2000, seed=5, augment=True)
    batch, permuted = next(iter(plain)), next(iter(augmented))
    assert np.array_equal(batch["game"], permuted["game"])
    assert (permuted["permutation"] > 0).any() and (permuted["permutation"] == 0).any()
    for index in range(len(batch["action"])):
        permutation = dataset._PERMUTATIONS[permuted["permutation"][index]]
        planes, mask, action = dataset.permute_suits(
            batch["planes"][index], batch["mask"][index], batch["action"][index], permutation
        )
        assert np.array_equal(planes, permuted["planes"][index])
        assert np.array_equal(mask, permuted["mask"][index])
        assert action == permuted["action"][index]
        assert permuted["mask"][index][permuted["action"][index]] == 1
    # Red fives go with their suit: a red five in hand (plane 4) sits at the permuted suit's 5.
    for index in np.flatnonzero(batch["planes"][:, 4].any(axis=1))[:50]:
        permutation = dataset._PERMUTATIONS[permuted["permutation"][index]]
        reds = {int(column) // 9 for column in np.flatnonzero(batch["planes"][index, 4])}
        moved = {int(column) // 9 for column in np.flatnonzero(permuted["planes"][index, 4])}
        assert moved == {permutation[suit] for suit in reds}
        assert all(int(column) % 9 == 4 for column in np.flatnonzero(permuted["planes"][index, 4]))
    # Three players: man stays (it holds only 1m and 9m).
    assert dataset.suit_permutations(3) == [(0, 1, 2), (0, 2, 1)]
    assert dataset.suit_permutations(4, (0, 1, 1)) == [(0, 1, 2), (0, 2, 1)]
    sanma = dataset.Dataset(out, "train", players=3, batch_size=100, augment=True, seed=1)
    for batch in sanma:
        assert set(batch["permutation"]) <= {0, 1}
        assert not batch["planes"][:, :51, 1:8].any()  # no 2m-8m in any tile plane


def test_bad_options_are_named(tmp_path):
    with pytest.raises(ValueError, match="shard_size"):
        dataset.write([LOGS], tmp_path, shard_size="lots")
    with pytest.raises(ValueError, match="split"):
        dataset.write([LOGS], tmp_path, split=(1, 0))
    with pytest.raises(Exception, match="split"):
        dataset.write([LOGS], tmp_path, split=(0, 0, 0))
    with pytest.raises(Exception, match="nothing-here: no such file"):
        dataset.write([tmp_path / "nothing-here"], tmp_path / "out")
    (tmp_path / "empty").mkdir()
    with pytest.raises(Exception, match="no record file"):
        dataset.write([tmp_path / "empty"], tmp_path / "out")
    with pytest.raises(ValueError, match="players"):
        dataset.write([LOGS / "tenhou-mjlog"], tmp_path / "mixed-not")
        dataset.Dataset(tmp_path / "mixed-not", players=3)


def test_decisions_by_kind_equal_an_independent_count_of_every_mjlog_record(written):
    # mjlog_count reads the records' tags itself and decides who could claim with the PyPI
    # mahjong package: nothing of ours.
    import mjlog_count

    out, _ = written
    manifest = dataset.Manifest(out).data
    checked = 0
    for game in manifest["games"]:
        source = manifest["sources"][game["source"]]
        if source["format"] != "mjlog":
            continue
        expected = mjlog_count.count(Path(source["path"]).read_text(encoding="utf-8"))
        assert game["kinds"] == expected, source["path"]
        checked += 1
    # 300 Phoenix hanchan, 13 more four-player games (.mjlog and .xml), 1 three-player.
    assert checked == 314


def test_pytorch_takes_it_as_an_iterable_dataset_with_workers(written, monkeypatch):
    # A stand-in for PyTorch's two names the loader uses (PyTorch itself is not installed
    # here): the base class, and the worker info each DataLoader worker sees.
    import sys
    import types

    out, _ = written
    info = [None]
    data_module = types.ModuleType("torch.utils.data")

    class IterableDataset:
        pass

    data_module.IterableDataset = IterableDataset
    data_module.get_worker_info = lambda: info[0]
    torch = types.ModuleType("torch")
    torch.utils = types.SimpleNamespace(data=data_module)
    monkeypatch.setitem(sys.modules, "torch", torch)
    monkeypatch.setitem(sys.modules, "torch.utils", torch.utils)
    monkeypatch.setitem(sys.modules, "torch.utils.data", data_module)
    data = dataset.Dataset(out, "train", players=4, batch_size=1000, seed=2)
    wrapped = data.torch()
    assert isinstance(wrapped, IterableDataset)
    assert len(wrapped) == -(-len(data) // 1000)
    seen = []
    for worker in range(3):
        info[0] = types.SimpleNamespace(id=worker, num_workers=3)
        data._arrays = None
        seen.append(np.concatenate([batch["game"] for batch in wrapped]))
    info[0] = None
    every = np.concatenate([batch["game"] for batch in data])
    assert sorted(np.concatenate(seen)) == sorted(every)
    assert all(len(part) for part in seen)
