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
    assert discard.type == "discard" and discard.tile and not discard.riichi
    assert discard.to_dict() == {
        "type": "discard", "actor": 0, "pai": discard.tile,
        "tsumogiri": discard.tsumogiri, "riichi": False,
    }
    assert discard == game.legal_actions(0)[0] and hash(discard) == hash(game.legal_actions(0)[0])
    assert game.legal_actions(1) == []
    # An mjai-style dict names the same action.
    game.step({0: {"type": "dahai", "pai": discard.tile, "tsumogiri": discard.tsumogiri}})
    observation = game.observation(0)
    assert observation["rivers"][0][0]["pai"] == discard.tile
    assert observation["round"] == "E1-0" and observation["seat"] == 0
    assert len(observation["hand"]) == 13 and observation["drew"] is None


def test_an_observation_hides_the_other_seats_tiles():
    game = mahjong.Game(seed=2)
    observation = game.observation(1)
    start = next(event for event in observation["events"] if event["type"] == "start_kyoku")
    assert start["tehais"][0] == ["?"] * 13 and "?" not in start["tehais"][1]
    draw = next(event for event in observation["events"] if event["type"] == "tsumo")
    assert draw == {"type": "tsumo", "actor": 0, "pai": "?"}
    own = game.observation(0)
    assert own["drew"] is not None and own["legal"]
    assert next(event for event in own["events"] if event["type"] == "tsumo")["pai"] == own["drew"]


def test_wrong_steps_are_refused_with_the_reason():
    game = mahjong.Game(seed=1)
    with pytest.raises(tiles.BadRequest, match=r"actions: expected one for each of seats \[0\]"):
        game.step({})
    with pytest.raises(tiles.BadRequest, match="no legal action is"):
        game.step({0: {"type": "ron"}})
    with pytest.raises(tiles.BadRequest, match="seat 0 must decide"):
        game.step({1: {"type": "pass"}})
    with pytest.raises(TypeError, match="expected an Action or a dict"):
        game.step({0: "5m"})
    with pytest.raises(ValueError, match="seat: expected 0 to 3"):
        game.legal_actions(4)
    with pytest.raises(tiles.BadRequest, match="length: expected hanchan or east"):
        mahjong.Game(length="long")


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
