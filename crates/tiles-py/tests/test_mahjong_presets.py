"""Rule sets from Python: named, shown and set field by field; games, tournaments, scores,
pickles and records under them; the learning environments pass PettingZoo's and Gymnasium's
checkers under a rule set other than Tenhou's."""

import pickle
import random

import pytest

import tiles
from tiles import mahjong


def test_a_rule_set_is_named_shown_and_set_field_by_field():
    mleague = mahjong.rules("m-league", rule=["kiriage=false"])
    assert mleague["rules"] == "m-league kiriage=false"
    assert mleague["preset"] == "m-league" and mleague["players"] == 4
    fields = {field["name"]: field["value"] for field in mleague["fields"]}
    assert fields["kiriage"] == "false" and fields["uma"] == "30,10,-10,-30"
    assert fields["multiple_ron"] == "head_bump" and fields["busting"] == "off"
    assert "wrc" in mleague["presets"]
    assert mahjong.rules("majsoul")["rules"] == "mahjong-soul"
    assert mahjong.rules(players=3)["rules"] == "tenhou-sanma"
    assert mahjong.rules("mahjong-soul", players=3)["rules"] == "mahjong-soul-sanma"
    assert mahjong.rules()["rules"] == "tenhou"
    with pytest.raises(tiles.BadRequest, match="unknown rules \"house\""):
        mahjong.rules("house")
    with pytest.raises(tiles.BadRequest, match="rule kiriage: \"maybe\" is not true or false"):
        mahjong.rules("wrc", rule=["kiriage=maybe"])
    with pytest.raises(tiles.BadRequest, match="unknown rule \"kiriag\""):
        mahjong.rules("wrc", rule=["kiriag=true"])
    with pytest.raises(tiles.BadRequest, match="unknown rules \"house\""):
        mahjong.Game(rules="house")


def test_the_scorer_takes_the_rule_sets_names():
    hand = dict(hand="19m19p19s1234567z1m", win="1m", seat_wind="S")
    assert mahjong.score(**hand).total == 32000
    assert mahjong.score(**hand, rules="mahjong-soul").total == 64000
    assert mahjong.score(**hand, rules="majsoul").total == 64000
    kiriage = dict(hand="234567m234678p55s", win="8p", seat_wind="S", riichi=True, dora_indicators="4m")
    assert mahjong.score(**kiriage).total == 7700
    assert mahjong.score(**kiriage, rules="m-league").total == 8000
    assert mahjong.score(**kiriage, rules={"preset": "m-league", "kiriage": False}).total == 7700
    renhou = dict(hand="234567m234678p55s", win="8p", seat_wind="S", renhou=True)
    assert mahjong.score(**renhou, rules="ema-2016").total == 8000
    assert mahjong.score(**renhou, rules="wrc").total == 12000
    assert mahjong.score(**renhou).total == 2000


def play(game, rng):
    steps = 0
    while not game.done:
        game.step({seat: rng.choice(game.legal_actions(seat)) for seat in game.to_act})
        steps += 1
        assert steps < 100_000
    return game


def test_games_under_a_rule_set_play_pickle_and_record_it():
    rng = random.Random(5)
    game = mahjong.Game(seed=5, rules="m-league", rule=["kiriage=false"], length="east")
    for _ in range(40):
        game.step({seat: rng.choice(game.legal_actions(seat)) for seat in game.to_act})
    again = pickle.loads(pickle.dumps(game))
    assert again.observation(0) == game.observation(0)
    play(game, rng)
    assert game.result["scores"] and sum(game.result["scores"]) <= 100_000
    record = game.record("mjai")
    assert '"preset":"m-league length=east kiriage=false"' in record
    replayed = mahjong.replay(record)
    assert replayed["agree"], replayed
    assert replayed["final_got"] == game.result["scores"]
    tenhou = mahjong.Game(seed=5)
    assert '"preset"' not in play(tenhou, rng).record("mjai")


def test_bot_games_and_tournaments_take_the_rule_set():
    played = mahjong.game(seed=3, rules="wrc", length="east", record="tenhou")
    assert sum(played["final_scores"]) <= 120_000 and '"preset":"wrc length=east"' in played["record"]
    sanma = mahjong.game(seed=3, rules="mahjong-soul-sanma", length="east", bots="efficiency")
    assert len(sanma["final_scores"]) == 3
    result = mahjong.tournament(games=4, rules="ema-2016", length="east", bots="efficiency,random,efficiency,random")
    assert result["games"] == 4 and len(result["entries"]) == 4
    with pytest.raises(tiles.BadRequest, match="rules: unknown rules"):
        mahjong.game(rules="house")


def test_the_environments_pass_their_checkers_under_m_league():
    pytest.importorskip("pettingzoo")
    gymnasium = pytest.importorskip("gymnasium")
    np = pytest.importorskip("numpy")
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, parallel_api_test, seed_test

    import tiles.mahjong.gymnasium  # noqa: F401  (registers tiles/Riichi-v0)
    from tiles.mahjong import pettingzoo as riichi

    api_test(riichi.env(rules="m-league", length="east"), num_cycles=300)
    seed_test(lambda: riichi.env(rules="m-league", length="east"), num_cycles=300)
    parallel_api_test(riichi.parallel_env(rules="m-league", length="east"), num_cycles=300)
    env = gymnasium.make("tiles/Riichi-v0", rules="m-league", length="east")
    check_env(env.unwrapped)
    sanma = gymnasium.make("tiles/Riichi-v0", rules="mahjong-soul-sanma", length="east")
    check_env(sanma.unwrapped)
    assert sanma.unwrapped.observation_space["action_mask"].shape == (388,)
    batch = mahjong.VecEnv(8, seed=1, rules="jpml-a", length="east")
    assert batch.players == 4 and batch.rules == "jpml-a length=east"
    observation, mask, seat = batch.reset()
    for _ in range(300):
        batch.step(batch.random_actions())
    assert observation.shape == (8, 69, 34) and np.all(mask.sum(axis=1) > 0)
    three = mahjong.VecEnv(4, seed=1, rules="tenhou-sanma")
    assert three.players == 3 and three.observation.shape == (4, 72, 34)


def test_a_record_without_rules_is_replayed_under_the_rules_asked_for():
    import json

    written = mahjong.game(seed=1, rules="m-league", record="mjai")["record"]
    lines = [json.loads(line) for line in written.splitlines()]
    del lines[0]["rules"]
    bare = "".join(json.dumps(line) + "\n" for line in lines)
    assert not mahjong.replay(bare)["agree"]
    assert mahjong.replay(bare, rules="m-league")["agree"]
    assert mahjong.watch(bare, rules="m-league")["hands"]
    assert mahjong.review(bare, rules="m-league", seat=0, bot="efficiency")["summaries"]
