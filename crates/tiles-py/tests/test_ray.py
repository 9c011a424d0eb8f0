"""Tournaments and self-play split over Ray tasks, on a local Ray cluster the test starts:
the merged tournament is the one played in one go, and the self-play files hold the games."""

import gzip
import json

import pytest

ray = pytest.importorskip("ray")
np = pytest.importorskip("numpy")

import tiles  # noqa: E402
from tiles import huxxy, mahjong, rummikub  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_shards_cover_the_games_in_order():
    from tiles.ray import shards_of

    assert shards_of(10, 7, 3) == [(10, 3), (13, 2), (15, 2)]
    assert shards_of(0, 2, 5) == [(0, 1), (1, 1)]
    assert shards_of(0, 0, 4) == [(0, 0)]


def test_a_split_tournament_is_the_tournament_played_in_one_go(cluster):
    import tiles.ray

    request = {"games": 12, "seed": 3, "length": "east", "bots": "efficiency,random,efficiency,random"}
    assert tiles.ray.tournament("mahjong", shards=5, **request) == mahjong.tournament(**request)
    request = {"games": 9, "seed": 2, "bots": "search,greedy,greedy,greedy"}
    assert tiles.ray.tournament("huxxy", shards=4, **request) == huxxy.tournament(**request)
    request = {"games": 6, "seed": 4, "bots": "value,greedy"}
    assert tiles.ray.tournament("rummikub", shards=3, **request) == rummikub.tournament(**request)
    # A shard is a request of its own; a bad request fails before any task runs.
    with pytest.raises(tiles.BadRequest, match="bots: unknown bot"):
        tiles.ray.tournament("mahjong", games=4, bots="efficiency,efficiency,efficiency,smart")
    with pytest.raises(ValueError, match="game: expected huxxy, rummikub, mahjong"):
        tiles.ray.tournament("chess", games=1)


def test_self_play_under_a_rule_set_writes_it_in_the_records(cluster, tmp_path):
    import tiles.ray

    paths = tiles.ray.self_play(tmp_path / "sanma", games=2, seed=3, bots="efficiency", shards=1, length="east", rules="mahjong-soul-sanma")
    with gzip.open(paths[0], "rt", encoding="utf-8") as file:
        text = file.read()
    lines = text.splitlines()
    starts = [index for index, line in enumerate(lines) if json.loads(line)["type"] == "start_game"]
    assert len(starts) == 2
    first = json.loads(lines[0])
    assert first["rules"]["preset"] == "mahjong-soul-sanma length=east" and first["rules"]["players"] == 3
    verdict = mahjong.replay("\n".join(lines[: starts[1]]) + "\n")
    assert verdict["agree"] and verdict["players"] == 3, verdict


def test_self_play_writes_records_and_encoded_decisions(cluster, tmp_path):
    import tiles.ray

    paths = tiles.ray.self_play(tmp_path / "mjai", games=5, seed=40, bots="efficiency", shards=2, length="east")
    assert [path.rsplit("/", 1)[1] for path in paths] == ["shard-00000.mjai.gz", "shard-00001.mjai.gz"]
    records = []
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8") as file:
            lines = file.read().splitlines()
        starts = [index for index, line in enumerate(lines) if json.loads(line)["type"] == "start_game"]
        records += ["\n".join(lines[a:b]) + "\n" for a, b in zip(starts, starts[1:] + [len(lines)])]
    assert len(records) == 5
    for offset, record in enumerate(records):
        verdict = mahjong.replay(record)
        assert verdict["agree"], verdict
        game = mahjong.Game(seed=40 + offset, length="east")
        # The record is the seeded game's: the same first hand dealt.
        first = json.loads(record.splitlines()[1])
        assert first["tehais"][0] == json.loads(game.record().splitlines()[1])["tehais"][0]

    paths = tiles.ray.self_play(tmp_path / "npz", games=3, seed=7, bots=["random", "efficiency", "random", "efficiency"], format="npz", shards=2, length="east")
    total = 0
    for path in paths:
        data = np.load(path)
        decisions = len(data["actions"])
        assert data["observations"].shape == (decisions, 69, 34) and data["masks"].shape == (decisions, 387)
        # Every action taken was legal in its mask.
        assert (data["masks"][np.arange(decisions), data["actions"]] == 1).all()
        assert set(data["games"]) == set(data["seeds"])
        assert (data["scores"].sum(axis=1) == 100_000).all()
        total += len(data["seeds"])
    assert total == 3


def test_three_player_self_play_writes_encoded_decisions(cluster, tmp_path):
    import tiles.ray

    paths = tiles.ray.self_play(tmp_path / "sanma", games=3, seed=9, bots="efficiency", format="npz", shards=2, length="east", players=3)
    data = [np.load(path) for path in paths]
    assert all(part["observations"].shape[1:] == (72, 34) for part in data)
    assert all(part["masks"].shape[1] == 388 and part["scores"].shape[1] == 3 for part in data)
    assert sum(int(part["scores"].sum()) for part in data) == 3 * 105_000
