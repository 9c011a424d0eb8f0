"""The four-player game from Python: the step object, bot games, tournaments, records replayed,
and a differential test against RiichiEnv's own Tenhou-preset games."""

import json
import random

import pytest

import tiles
from tiles import mahjong


def play_random(seed, rng, length="east"):
    game = mahjong.Game(seed=seed, length=length)
    steps = 0
    while not game.done:
        deciding = game.to_act
        assert deciding, "a game not over has a seat to act"
        actions = {}
        for seat in deciding:
            legal = game.legal_actions(seat)
            assert legal and all(action.seat == seat for action in legal)
            actions[seat] = rng.choice(legal)
        game.step(actions)
        steps += 1
        assert steps < 100_000
    return game


def test_a_random_game_steps_to_its_end_and_its_record_replays():
    game = play_random(3, random.Random(3))
    result = game.result
    assert sorted(result["ranks"]) == [1, 2, 3, 4]
    assert sum(result["scores"]) == 100_000
    assert result["scores"] == game.scores
    for form in ("mjai", "tenhou", "tenhou6", "mjlog"):
        verdict = mahjong.replay(game.record(form))
        assert verdict["agree"], verdict
        assert verdict["final_got"] == result["scores"]
        assert [hand["round"] for hand in verdict["hands"]] == [hand["round"] for hand in result["hands"]]
    with pytest.raises(tiles.BadRequest, match=r"format: expected mjai, tenhou6 \(or tenhou\) or mjlog, found \"xml\""):
        game.record("xml")


def test_the_same_seed_and_choices_give_the_same_game():
    first = play_random(11, random.Random(5)).record()
    second = play_random(11, random.Random(5)).record()
    assert first == second
    assert play_random(12, random.Random(5)).record() != first


def test_actions_read_as_objects_and_as_dicts():
    game = mahjong.Game(seed=1)
    assert game.to_act == [0] and game.result is None and not game.done
    legal = game.legal_actions(0)
    discard = legal[0]
    assert discard.type == "dahai" and discard.tile and not discard.riichi
    assert discard.to_dict() == {
        "type": "dahai", "actor": 0, "pai": discard.tile, "tsumogiri": discard.tsumogiri,
    }
    assert discard == game.legal_actions(0)[0] and hash(discard) == hash(game.legal_actions(0)[0])
    assert game.legal_actions(1) == []
    # An mjai-style dict names the same action.
    game.step({0: {"type": "dahai", "pai": discard.tile, "tsumogiri": discard.tsumogiri}})
    observation = game.observation(0)
    assert observation["rivers"][0][0]["pai"] == discard.tile
    assert observation["round"] == "E1-0" and observation["seat"] == 0
    assert len(observation["hand"]) == 13 and observation["drew"] is None
    assert "events" not in observation


TYPES = {"dahai", "reach", "hora", "chi", "pon", "daiminkan", "ankan", "kakan", "ryukyoku", "none"}


def test_one_vocabulary_mjais_names_everywhere():
    """Every action a game offers is named as mjai names it, its dict is an mjai event, and
    that dict (and its id) is taken back by ``step``."""
    seen = set()
    for seed in range(60):
        if seen == TYPES:
            break
        game = mahjong.Game(seed=seed, length="east")
        rng = random.Random(seed)
        while not game.done:
            chosen = {}
            for seat in game.to_act:
                legal = game.legal_actions(seat)
                observed = game.observation(seat)["legal"]
                assert observed == [action.to_dict() for action in legal]
                for action in legal:
                    assert action.type in TYPES
                    seen.add(action.type)
                    assert action.to_dict()["type"] == action.type
                pick = rng.choice(legal)
                chosen[seat] = rng.choice([pick, pick.to_dict(), pick.id])
            game.step(chosen)
    assert seen == TYPES


def test_an_observation_hides_the_other_seats_tiles_and_events_come_once():
    game = mahjong.Game(seed=2)
    own = game.observation(0)
    assert own["drew"] is not None and own["legal"] and own["to_act"] == [0]
    seen = {seat: game.new_events(seat) for seat in range(4)}
    start = next(event for event in seen[1] if event["type"] == "start_kyoku")
    assert start["tehais"][0] == ["?"] * 13 and "?" not in start["tehais"][1]
    assert next(event for event in seen[1] if event["type"] == "tsumo") == {"type": "tsumo", "actor": 0, "pai": "?"}
    assert next(event for event in seen[0] if event["type"] == "tsumo")["pai"] == own["drew"]
    assert game.new_events(1) == []
    # Asked at every step, the new events add up to the whole game as each seat sees it.
    rng = random.Random(2)
    while not game.done:
        game.step({seat: rng.choice(game.legal_actions(seat)) for seat in game.to_act})
        for seat in range(4):
            seen[seat].extend(game.new_events(seat))
    whole = [json.loads(line) for line in game.record().splitlines()[1:]]

    def as_seen_by(seat, event):
        event = dict(event)
        if event["type"] == "tsumo" and event["actor"] != seat:
            event["pai"] = "?"
        if event["type"] == "start_kyoku":
            event["tehais"] = [hand if other == seat else ["?"] * 13 for other, hand in enumerate(event["tehais"])]
        return event

    for seat in range(4):
        assert seen[seat] == [as_seen_by(seat, event) for event in whole]


def test_a_game_copies_and_pickles():
    import copy
    import pickle

    def part_played():
        game = mahjong.Game(seed=9, length="east", red_fives=[0, 1, 1], open_tanyao=False)
        rng = random.Random(9)
        for _ in range(150):
            game.step({seat: rng.choice(game.legal_actions(seat)) for seat in game.to_act})
        game.new_events(2)
        return game

    for make in (copy.copy, copy.deepcopy, lambda game: pickle.loads(pickle.dumps(game))):
        game = part_played()
        other = make(game)
        assert other is not game and other.seed == 9
        assert other.record() == game.record()
        assert other.observation(1) == game.observation(1)
        assert other.new_events(2) == [] and other.new_events(0) == game.new_events(0)
        # A step of the copy leaves the original as it was.
        before = game.record()
        other.step({seat: other.legal_actions(seat)[0] for seat in other.to_act})
        assert game.record() == before != other.record()
        game.step({seat: game.legal_actions(seat)[0] for seat in game.to_act})
        # Both then play on the same way.
        rng = random.Random(4)
        while not game.done:
            chosen = {seat: rng.randrange(len(game.legal_actions(seat))) for seat in game.to_act}
            game.step({seat: game.legal_actions(seat)[index] for seat, index in chosen.items()})
            other.step({seat: other.legal_actions(seat)[index] for seat, index in chosen.items()})
        assert other.done and other.record() == game.record() and other.result == game.result
    with pytest.raises(ValueError, match="not a pickled tiles.mahjong.Game"):
        mahjong.Game().__setstate__(b"nonsense")


def test_encoded_observations_and_masks():
    np = pytest.importorskip("numpy")
    from tiles.mahjong import encoding

    assert (encoding.NAME, encoding.ACTIONS, encoding.SHAPE) == ("tiles-v1", 387, (69, 34))
    assert encoding.action_name(4) == "discard 5m" and encoding.action_name(386) == "pass"
    observation, mask = encoding.empty()
    game = mahjong.Game(seed=5, length="east")
    rng = random.Random(5)
    while not game.done:
        chosen = {}
        for seat in game.to_act:
            encoding.observe(game, seat, observation, mask)
            assert observation.dtype == np.uint8 and mask.dtype == np.int8
            ids = sorted(action.id for action in game.legal_actions(seat))
            assert list(np.flatnonzero(mask)) == ids == sorted(game.legal_ids(seat))
            hand = game.observation(seat)["hand"]
            assert int(observation[0:4].sum()) == len(hand)
            planes, legal = game.encode(seat)
            assert planes == observation.tobytes() and legal == mask.tobytes()
            chosen[seat] = int(rng.choice(np.flatnonzero(mask)))
        game.step(chosen)
    fresh, fresh_mask = encoding.observe(mahjong.Game(seed=5), 0)
    assert fresh.shape == encoding.SHAPE and fresh_mask.sum() > 0
    with pytest.raises(ValueError, match="observation: expected a writable C-contiguous array of 2346 items"):
        game.encode(0, np.zeros(10, dtype=np.uint8), np.zeros(387, dtype=np.uint8))
    assert encoding.action_name(387) == "kita"
    with pytest.raises(ValueError, match="id: expected 0 to 386 \\(387 with three players\\)"):
        encoding.action_name(388)


def test_wrong_steps_are_refused_with_the_reason():
    game = mahjong.Game(seed=1)
    with pytest.raises(tiles.BadRequest, match=r"actions: expected one for each of seats \[0\]"):
        game.step({})
    with pytest.raises(tiles.BadRequest, match="no legal action is"):
        game.step({0: {"type": "hora"}})
    with pytest.raises(tiles.BadRequest, match='unknown type "discard": expected dahai, reach'):
        game.step({0: {"type": "discard"}})
    with pytest.raises(tiles.BadRequest, match=r"action id 386 \(pass\) is not legal now"):
        game.step({0: 386})
    with pytest.raises(tiles.BadRequest, match="seat 0 must decide"):
        game.step({1: {"type": "none"}})
    with pytest.raises(TypeError, match="expected an Action, an action id or a dict"):
        game.step({0: "5m"})
    with pytest.raises(ValueError, match="seat: expected 0 to 3"):
        game.legal_actions(4)
    with pytest.raises(tiles.BadRequest, match="length: expected hanchan or east"):
        mahjong.Game(length="long")
    with pytest.raises(tiles.BadRequest, match="seed: expected a whole number from 0 to 18446744073709551615, found -1"):
        mahjong.Game(seed=-1)
    with pytest.raises(tiles.BadRequest, match="seed: expected a whole number .* found 'x'"):
        mahjong.Game(seed="x")


def test_games_tournaments_and_replays_through_the_api():
    played = mahjong.game(seed=5, length="east", record="none")
    assert played["record"] is None and played["hands"][0]["round"] == "E1-0"
    assert sum(played["final_scores"]) == 100_000
    table = mahjong.tournament(games=4, length="east", bots=["efficiency", "random", "random", "random"])
    assert [entry["bot"] for entry in table["entries"]] == ["efficiency", "random", "random", "random"]
    assert sum(sum(entry["placements"]) for entry in table["entries"]) == 16
    with pytest.raises(tiles.BadRequest, match="record: no hand could be read: .*a hand has 17 items"):
        mahjong.replay('{"log": [[[0, 0, 0]]]}')
    with pytest.raises(tiles.BadRequest, match="bots: unknown bot"):
        mahjong.game(bots="efficiency,efficiency,efficiency,smart")


MJAI_BOT = """
import json, sys
seat = int(sys.argv[1])
for line in sys.stdin:
    last = json.loads(line)[-1]
    if last["type"] == "tsumo" and last["actor"] == seat:
        print(json.dumps({"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}), flush=True)
    else:
        print(json.dumps({"type": "none"}), flush=True)
"""


def test_an_outside_mjai_bot_sits_at_the_table(tmp_path):
    import sys

    script = tmp_path / "bot.py"
    script.write_text(MJAI_BOT)
    outside = f"mjai:{sys.executable} {script}"
    played = mahjong.game(seed=3, length="east", bots=[outside, "efficiency", "efficiency", "efficiency"], record="mjai")
    assert "failure" not in played
    assert played["bots"][0] == outside
    assert all(hand["round"] for hand in played["hands"])
    assert mahjong.replay(record=played["record"])["hands"][0]["agree"]
    # A bot that answers nothing in time forfeits: it ranks last, and the game says why.
    script.write_text("import sys, time\nfor line in sys.stdin:\n    time.sleep(5)\n")
    late = mahjong.game(seed=3, length="east", bots=[outside, "efficiency", "efficiency", "efficiency"],
                        start_limit=0.5, answer_limit=0.5, record="none")
    assert late["failure"].startswith("seat 0 (mjai:") and "no answer within 0.5 s" in late["failure"]
    assert late["ranks"][0] == 4
    results = mahjong.tournament(games=4, length="east", bots=[outside, "random", "random", "random"],
                                 start_limit=0.5, answer_limit=0.5)
    assert results["duplicate"] is True
    assert [entry["forfeits"] for entry in results["entries"]] == [4, 0, 0, 0]


def test_a_lobbys_rules_play_step_by_step_and_through_the_api():
    game = mahjong.Game(seed=4, length="east", red_fives=[0, 1, 0], open_tanyao=False)
    start = json.loads(game.record("mjai").splitlines()[0])
    assert start["rules"] == {"length": "east", "red_fives": [0, 1, 0], "open_tanyao": False}
    played = mahjong.game(seed=4, length="east", red_fives=[0, 1, 0], open_tanyao=False)
    reds = {line["pai"] for line in map(json.loads, played["record"].splitlines())
            if str(line.get("pai", "")).endswith("r")}
    assert reds <= {"5pr"}
    verdict = mahjong.replay(played["record"])
    assert verdict["agree"], verdict
    table = mahjong.tournament(games=2, length="east", red_fives=False, open_tanyao=False)
    assert sum(sum(entry["placements"]) for entry in table["entries"]) == 8
    with pytest.raises(tiles.BadRequest, match="red_fives: 2 red 5m asked for"):
        mahjong.Game(red_fives=[2, 1, 1])
    with pytest.raises(TypeError, match="red_fives: expected True, False or"):
        mahjong.Game(red_fives="yes")


MPSZ = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}


def mpsz(tile):
    if tile in MPSZ:
        return MPSZ[tile]
    return ("0" + tile[1]) if tile.endswith("r") else tile


def kind(tile):
    return mpsz(tile).replace("0", "5")


def karaten_seats(lines):
    """The seats whose every wait, at the end of this hand, is a tile they hold all four of
    (concealed and called): waiting on a fifth copy."""
    hands, called = {}, {seat: [] for seat in range(4)}
    for event in lines:
        kind_ = event["type"]
        if kind_ == "start_kyoku":
            hands = {seat: list(event["tehais"][seat]) for seat in range(4)}
        elif kind_ == "tsumo":
            hands[event["actor"]].append(event["pai"])
        elif kind_ == "dahai":
            hands[event["actor"]].remove(event["pai"])
        elif kind_ == "kakan":
            # The added tile comes from the hand; the consumed three are the pon's, already called.
            hands[event["actor"]].remove(event["pai"])
            called[event["actor"]].append(event["pai"])
        elif kind_ in ("chi", "pon", "daiminkan", "ankan"):
            for tile in event["consumed"]:
                hands[event["actor"]].remove(tile)
            called[event["actor"]].extend(event["consumed"] + ([event["pai"]] if "pai" in event else []))
    seats = set()
    for seat, hand in hands.items():
        text = "".join(mpsz(tile) for tile in hand)
        waits = [] if len(hand) % 3 != 1 else mahjong.analyze(hand=text).get("waits") or []
        held = [kind(tile) for tile in hand + called[seat]]
        if waits and all(held.count(wait.replace("0", "5")) == 4 for wait in waits):
            seats.add(seat)
    return seats


def tenpai_payments(tenpai):
    count = len(tenpai)
    if count in (0, 4):
        return [0, 0, 0, 0]
    return [3000 // count if seat in tenpai else -3000 // (4 - count) for seat in range(4)]


def test_riichienv_tenhou_games_replay_hand_by_hand():
    """Differential: RiichiEnv plays seeded random games under its Tenhou preset and writes
    mjai; every hand replays here. The one difference allowed is Tenhou's: a seat waiting only
    on a tile it holds all four of (in hand and melds) is not tenpai at an exhaustive draw,
    where RiichiEnv pays it as tenpai."""
    from riichienv import GameRule, RiichiEnv

    rng = random.Random(7)
    hands = karaten = 0
    for seed in range(60):
        env = RiichiEnv(game_mode="4p-red-half", rule=GameRule.default_tenhou(), seed=seed)
        observations = env.reset()
        while not env.done():
            # RiichiEnv lists legal actions in an order that changes from process to process:
            # sorted, the same seeds play the same games every run.
            observations = env.step({seat: rng.choice(sorted(obs.legal_actions(), key=repr))
                                     for seat, obs in sorted(observations.items())})
        events = [event if isinstance(event, dict) else json.loads(event) for event in env.mjai_log]
        text = "".join(json.dumps(event) + "\n" for event in events)
        verdict = mahjong.replay(text)
        starts = [index for index, event in enumerate(events) if event["type"] == "start_kyoku"]
        for number, hand in enumerate(verdict["hands"]):
            hands += 1
            if hand["agree"]:
                continue
            lines = events[starts[number]: starts[number + 1] if number + 1 < len(starts) else len(events)]
            ending = next(event for event in lines if event["type"] in ("hora", "ryukyoku"))
            assert ending["type"] == "ryukyoku", (seed, hand)
            ours = {seat for seat in range(4) if hand["got"][seat] > 0}
            extra = karaten_seats(lines)
            assert extra and hand["expected"] == tenpai_payments(ours | extra), (seed, hand, extra)
            karaten += 1
    assert hands > 500 and karaten <= hands // 100, (hands, karaten)


def pick(mask, turn, seed=0):
    """A deterministic policy: a legal id chosen by a hash of the game's seed and turn."""
    import numpy as np

    legal = np.flatnonzero(mask)
    return int(legal[(turn * 2654435761 + seed * 40503) % 4294967291 % len(legal)])


def test_vecenv_games_equal_the_same_seeds_played_one_by_one():
    np = pytest.importorskip("numpy")
    env = mahjong.VecEnv(6, seed=100, length="east")
    assert env.num_envs == 6 and env.seeds == list(range(100, 106))
    observation, mask, seat = env.reset()
    turns = [0] * 6
    seen = {}  # (seed, turn) -> what the batch showed
    rewards = {}  # seed -> each seat's summed reward
    totals = np.zeros((6, 4))
    while env.finished < 10:
        seeds = env.seeds
        actions = []
        for index in range(6):
            seen[(seeds[index], turns[index])] = (
                observation[index].tobytes(), mask[index].tobytes(), int(seat[index]))
            actions.append(pick(mask[index], turns[index], seeds[index]))
        observation, mask, seat, reward, done = env.step(np.array(actions))
        totals += reward
        for index in range(6):
            turns[index] += 1
            if done[index]:
                rewards[seeds[index]] = totals[index].copy()
                totals[index] = 0
                turns[index] = 0
    results = env.results()
    assert len(results) == env.finished >= 10
    for result in results:
        game = mahjong.Game(seed=result["seed"], length="east")
        turn = 0
        while not game.done:
            acting = game.to_act[0]
            planes, legal = game.encode(acting)
            assert seen[(result["seed"], turn)] == (planes, legal, acting)
            game.act(acting, pick(np.frombuffer(legal, dtype=np.uint8), turn, result["seed"]))
            turn += 1
        assert game.result["scores"] == result["scores"] and game.result["ranks"] == result["ranks"]
        placement = {1: 90, 2: 45, 3: 0, 4: -135}
        wanted = [(score - 25000) * 0.001 + placement[rank]
                  for score, rank in zip(result["scores"], result["ranks"])]
        assert np.allclose(rewards[result["seed"]], wanted, atol=1e-3)
    # Finished games restarted on seeds not used before.
    assert len({result["seed"] for result in results} | set(env.seeds)) == len(results) + 6
    assert max(env.seeds) == 100 + 6 + env.finished - 1
    assert len({tuple(result["scores"]) for result in results}) > 1


def test_vecenv_refuses_an_illegal_action_and_moves_nothing():
    np = pytest.importorskip("numpy")
    env = mahjong.VecEnv(3, seed=1)
    observation, mask, seat = env.reset()
    before = observation.copy()
    actions = np.array([pick(mask[index], 0) for index in range(3)])
    actions[1] = 386  # pass, on a turn
    with pytest.raises(ValueError, match=r"actions\[1\]: 386 \(pass\) is not legal for seat 0 now"):
        env.step(actions)
    assert (env.observation == before).all()
    with pytest.raises(ValueError, match="actions: expected 3 items, found 2"):
        env.step(np.array([1, 2]))
    with pytest.raises(ValueError, match="num_envs: expected 1 to"):
        mahjong.VecEnv(0)


def test_game_rewards_add_up_to_the_final_points_and_placement():
    game = mahjong.Game(seed=21, length="east")
    rng = random.Random(21)
    total = [0.0] * 4
    while not game.done:
        game.step({seat: rng.choice(game.legal_actions(seat)) for seat in game.to_act})
        total = [a + b for a, b in zip(total, game.take_rewards(score_scale=0.01, placement=[3, 1, -1, -3]))]
    placement = {1: 3, 2: 1, 3: -1, 4: -3}
    wanted = [(score - 25000) * 0.01 + placement[rank]
              for score, rank in zip(game.result["scores"], game.result["ranks"])]
    assert all(abs(a - b) < 1e-3 for a, b in zip(total, wanted))
    assert game.take_rewards() == [0.0] * 4


def test_pettingzoo_environments_pass_pettingzoos_checks():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

    from tiles.mahjong import pettingzoo as riichi

    api_test(riichi.env(length="east"), num_cycles=300)
    seed_test(lambda: riichi.env(length="east"), num_cycles=300)
    parallel_api_test(riichi.parallel_env(length="east"), num_cycles=300)
    parallel_seed_test(lambda: riichi.parallel_env(length="east"), num_cycles=300)


def test_an_aec_step_imports_and_checks_nothing(monkeypatch):
    # The options are checked once, at construction: a step neither imports a module nor asks
    # the encoding for its shapes again (such checks once cost the AEC loop a fifth of its
    # time). Counted, not timed.
    np = pytest.importorskip("numpy")
    import builtins
    import importlib

    from tiles.mahjong import encoding
    from tiles.mahjong import pettingzoo as riichi

    env = riichi.raw_env(length="east")
    env.reset(seed=5)
    calls, inside = [], [False]
    real_import, real_import_module = builtins.__import__, importlib.import_module

    def counted(real):
        def call(*args, **kwargs):
            if inside[0]:
                calls.append(args[0])
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(builtins, "__import__", counted(real_import))
    monkeypatch.setattr(importlib, "import_module", counted(real_import_module))
    for name in ("empty", "shape_for", "actions_for", "name_for", "observe"):
        monkeypatch.setattr(encoding, name, lambda *a, name=name, **k: calls.append(name))

    def within(method):
        def call(*args):
            inside[0] = True
            try:
                return method(*args)
            finally:
                inside[0] = False

        return call

    last, step = within(env.last), within(env.step)
    rng = np.random.default_rng(5)
    for _, agent in zip(range(500), env.agent_iter()):
        observation, reward, termination, truncation, info = last()
        if termination or truncation:
            step(None)
            continue
        step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert calls == []


def test_a_pettingzoo_game_to_its_end_pays_as_the_game_does():
    np = pytest.importorskip("numpy")
    from tiles.mahjong import pettingzoo as riichi

    env = riichi.env(length="east", placement=(3, 1, -1, -3), score_scale=0.01)
    env.reset(seed=7)
    totals = {agent: 0.0 for agent in env.possible_agents}
    rng = np.random.default_rng(7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            assert observation["observation"].shape == (69, 34)
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
    game = env.unwrapped.game
    assert game.done
    placement = {1: 3, 2: 1, 3: -1, 4: -3}
    for seat, agent in enumerate(env.possible_agents):
        wanted = (game.result["scores"][seat] - 25000) * 0.01 + placement[game.result["ranks"][seat]]
        assert abs(totals[agent] - wanted) < 1e-3, (agent, totals[agent], wanted)
    # The same seed plays the same game.
    again = riichi.parallel_env(length="east")
    observations, _ = again.reset(seed=7)
    assert again.game.record() != "" and again.game.seed == game.seed
    # An illegal action ends the game for that agent with the penalty, or raises.
    strict = riichi.env(illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="is not legal now"):
        strict.step(386)
    lax = riichi.raw_env(illegal_reward=-5)
    lax.reset(seed=1)
    lax.step(386)
    assert lax.terminations["player_0"] and lax.rewards["player_0"] == -5


def test_the_gymnasium_environment_passes_gymnasiums_checker():
    gymnasium = pytest.importorskip("gymnasium")
    np = pytest.importorskip("numpy")
    from gymnasium.utils.env_checker import check_env

    import tiles.mahjong.gymnasium  # noqa: F401  (registers tiles/Riichi-v0)

    env = gymnasium.make("tiles/Riichi-v0", bots="efficiency", length="east")
    check_env(env.unwrapped)
    observation, info = env.reset(seed=3)
    assert info["seat"] == 0 and observation["action_mask"].sum() > 0
    total, done, steps = 0.0, False, 0
    rng = np.random.default_rng(3)
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
        steps += 1
    scores, ranks = info["scores"], info["ranks"]
    wanted = (scores[0] - 25000) * 0.001 + {1: 90, 2: 45, 3: 0, 4: -135}[ranks[0]]
    assert abs(total - wanted) < 1e-3 and steps > 10
    # The same seed, the same episode; a random seat each reset when asked.
    first = env.reset(seed=11)[0]["observation"]
    assert (env.reset(seed=11)[0]["observation"] == first).all()
    seats = {gymnasium.make("tiles/Riichi-v0", seat=None, bots=["random", "efficiency", "random"]).reset(seed=s)[1]["seat"] for s in range(12)}
    assert len(seats) > 1
    with pytest.raises(Exception, match="unknown bot"):
        gymnasium.make("tiles/Riichi-v0", bots="smart")


def test_a_three_player_game_steps_pickles_and_replays():
    import pickle

    rng = random.Random(8)
    game = mahjong.Game(seed=8, players=3)
    kinds = set()
    steps = 0
    while not game.done:
        actions = {}
        for seat in game.to_act:
            assert seat < 3
            legal = game.legal_actions(seat)
            kinds.update(action.type for action in legal)
            # Set a North aside whenever it may, so kita is played.
            kita = [action for action in legal if action.type == "kita"]
            actions[seat] = kita[0] if kita else rng.choice(legal)
        game.step(actions)
        steps += 1
        if steps == 80:
            observation = game.observation(0)
            assert len(observation["scores"]) == 3 and len(observation["rivers"]) == 3
            assert "kita" in observation and len(observation["kita"]) == 3
            copy = pickle.loads(pickle.dumps(game))
            assert copy.observation(2) == game.observation(2) and copy.record() == game.record()
    assert "kita" in kinds and "chi" not in kinds
    result = game.result
    assert sorted(result["ranks"]) == [1, 2, 3] and sum(result["scores"]) == 105_000
    assert all(len(hand["deltas"]) == 3 for hand in result["hands"])
    for form in ("mjai", "tenhou", "tenhou6", "mjlog"):
        verdict = mahjong.replay(game.record(form))
        assert verdict["agree"], verdict
        assert verdict["final_got"][:3] == result["scores"]
    with pytest.raises(ValueError, match="seat: expected 0 to 2, found 3"):
        game.legal_actions(3)
    # One check of a player count, one message, whichever entry point is given it.
    from tiles.mahjong import _rl, encoding

    for call in (
        lambda: mahjong.Game(players=5),
        lambda: mahjong.game(players=5),
        lambda: mahjong.tournament(players=5),
        lambda: tiles._tiles.mahjong_self_play([1], ["efficiency"] * 4, players=5),
        lambda: encoding.name_for(5),
        lambda: _rl.checked_options(players=5),
    ):
        with pytest.raises(tiles.BadRequest, match="players: expected 3 or 4, found 5"):
            call()
    with pytest.raises(tiles.BadRequest, match="players: expected 3 or 4, found 300"):
        mahjong.Game(players=300)
    with pytest.raises(tiles.BadRequest, match="players: expected 3 or 4, found '3'"):
        _rl.checked_options(players="3")
    played = mahjong.game(players=3, seed=2, bots="value,defence,efficiency", record="none")
    assert len(played["final_scores"]) == 3 and sum(played["final_scores"]) == 105_000
    standings = mahjong.tournament(players=3, games=3, bots=["value", "defence", "defence"])
    assert standings["players"] == 3 and standings["duplicate"] and standings["rank_points"][:3] == [20, 0, -20]


def test_three_player_environments_pass_their_checkers_and_step_in_batches():
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    import gymnasium
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

    import tiles.mahjong.gymnasium  # noqa: F401
    from tiles.mahjong import encoding
    from tiles.mahjong import pettingzoo as riichi

    # The three-player action space and planes.
    assert encoding.NAME_THREE == "tiles-sanma-v1" and encoding.ACTIONS_THREE == 388
    assert encoding.SHAPE_THREE == (72, 34)
    game = mahjong.Game(seed=4, players=3)
    observation, mask = encoding.observe(game, game.to_act[0])
    assert observation.shape == (72, 34) and mask.shape == (388,) and mask.sum() > 0
    # PettingZoo's own checks, three agents.
    api_test(riichi.env(players=3, length="east"), num_cycles=300)
    seed_test(lambda: riichi.env(players=3, length="east"), num_cycles=300)
    parallel_api_test(riichi.parallel_env(players=3, length="east"), num_cycles=300)
    parallel_seed_test(lambda: riichi.parallel_env(players=3, length="east"), num_cycles=300)
    env = riichi.env(players=3, length="east")
    env.reset(seed=3)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert env.action_space("player_1").n == 388
    with pytest.raises(ValueError, match="placement: expected three numbers"):
        riichi.env(players=3, placement=(90, 45, 0, -135))
    with pytest.raises(ValueError, match="encoding: expected 'tiles-sanma-v1'"):
        riichi.env(players=3, encoding="tiles-v1")
    # Gymnasium: one learning seat against two bots.
    single = gymnasium.make("tiles/Riichi-v0", players=3, bots=["defence", "value"], length="east")
    check_env(single.unwrapped)
    observation, info = single.reset(seed=5)
    assert observation["observation"].shape == (72, 34) and info["seat"] in (0, 1, 2)
    # VecEnv of three-player games: a kita id is played, rewards of three seats.
    batch = mahjong.VecEnv(8, seed=50, length="east", players=3)
    observation, mask, seat = batch.reset()
    assert observation.shape == (8, 72, 34) and mask.shape == (8, 388) and batch.reward.shape == (8, 3)
    kita = 0
    while batch.finished < 8:
        actions = batch.random_actions()
        kita += int((actions == 387).sum())
        observation, mask, seat, reward, done = batch.step(actions)
    assert kita > 0 and all(len(result["scores"]) == 3 for result in batch.results())
    for result in batch.results()[:3]:
        assert sum(result["scores"]) == 105_000 and sorted(result["ranks"]) == [1, 2, 3]


def test_records_from_a_path_bytes_or_gzip_and_bad_input_alike(tmp_path):
    """replay, watch, review and record_hands take a record's text, a path (str or Path) or its
    bytes, gzipped or not; what is no record raises the same BadRequest from each."""
    import gzip
    from pathlib import Path

    source = Path(__file__).resolve().parents[3] / "testdata" / "mahjong-game" / "logs" / "tenhou-json" / "double_ron.json"
    text = source.read_text()
    zipped = tmp_path / "double_ron.json.gz"
    zipped.write_bytes(gzip.compress(text.encode()))
    expected = mahjong.replay(text)
    assert expected["hands"] and expected["agree"]
    for record in [source, str(source), text.encode(), gzip.compress(text.encode()), zipped, str(zipped)]:
        assert mahjong.replay(record) == expected, record if not isinstance(record, bytes) else "bytes"
        assert mahjong.watch(record)["hands"] == mahjong.watch(text)["hands"]
        assert mahjong.review(record, seat=0)["summaries"] == mahjong.review(text, seat=0)["summaries"]
        assert len(mahjong.record_hands(record)) == len(mahjong.record_hands(text))
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, no record")
    picture = tmp_path / "picture.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    for bad, message in [
        (notes, "record: not a game record \\(an mjlog starts with <"),
        (str(notes), "record: not a game record \\(an mjlog starts with <"),
        ("hello", "record: not a game record \\(an mjlog starts with <"),
        (picture, "record: not a game record \\(it is not text\\)"),
        (b"\x1f\x8b broken", "record: gzipped, but the data is broken"),
    ]:
        for function in (mahjong.replay, mahjong.watch, mahjong.review):
            with pytest.raises(tiles.BadRequest, match=message):
                function(bad)
    with pytest.raises(TypeError, match="record: expected a record's text, a path or bytes"):
        mahjong.replay(42)
