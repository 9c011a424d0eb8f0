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
    for form in ("mjai", "tenhou"):
        verdict = mahjong.replay(game.record(form))
        assert verdict["agree"], verdict
        assert verdict["final_got"] == result["scores"]
        assert [hand["round"] for hand in verdict["hands"]] == [hand["round"] for hand in result["hands"]]


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
    with pytest.raises(ValueError, match="id: expected 0 to 386"):
        encoding.action_name(387)


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
    cut = mahjong.replay('{"log": [[[0, 0, 0]]]}')
    assert not cut["agree"] and "a hand has 17 items" in cut["read_error"]
    with pytest.raises(tiles.BadRequest, match="bots: unknown bot"):
        mahjong.game(bots="efficiency,efficiency,efficiency,smart")


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
        elif kind_ in ("chi", "pon", "daiminkan", "ankan", "kakan"):
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
            observations = env.step({seat: rng.choice(obs.legal_actions()) for seat, obs in observations.items()})
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
