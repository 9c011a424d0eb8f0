"""The `tiles` package: every function, bad input for each, the defaults against the API's, the
list calls against the one-hand analysis, and huxxy's reference examples through the five
functions with Python values."""

from __future__ import annotations

import ast
import collections.abc
import gc
import json
import random
import re
from pathlib import Path

import pytest

import tiles
from tiles import _tiles, fiveup, huxxy, mahjong, rummikub, rummikub_puzzle

TESTDATA = Path(__file__).resolve().parents[3] / "testdata"
PUZZLE = "3R\n2\n1 4R 5R 6R\n2 4B 4G 4Y"


def raw(operation: str, **fields):
    """The API's answer to exactly these fields (the others left to the API's defaults)."""
    return json.loads(_tiles.call_json(operation, json.dumps(fields)))


# Every operation: a call through its function, and the same request with only the required
# fields sent as JSON: equal answers show the functions' defaults are the API's.
CALLS = [
    (rummikub.group, "rummikub/group", {"tiles": "R5 J R7"}),
    (rummikub.arrange, "rummikub/arrange", {"tiles": ["R1", "R2", "R3", "K4", "B4", "O4"]}),
    (rummikub.solve, "rummikub/solve", {"table": [["R1", "R2", "R3"]], "rack": ["R4", "K9"]}),
    (rummikub.turn, "rummikub/turn", {"table": "R1 R2 R3", "rack": "R4", "after": "R1 R2 R3 R4"}),
    (rummikub.game, "rummikub/game", {}),
    (rummikub.tournament, "rummikub/tournament", {"games": 4}),
    (rummikub_puzzle.solve, "rummikub-puzzle/solve", {"puzzle": PUZZLE}),
    (rummikub_puzzle.check, "rummikub-puzzle/check", {"puzzle": PUZZLE, "check": "PUT 3R 1"}),
    (fiveup.check, "fiveup/check", {"game": "5-5 5-0 5-6"}),
    (huxxy.eval, "huxxy/eval", {"call": "score(['4C', '2H', 'KS'])"}),
    (huxxy.game, "huxxy/game", {}),
    (huxxy.tournament, "huxxy/tournament", {"games": 4}),
    (mahjong.analyze, "mahjong/analyze", {"hand": "123m456p789s1122z"}),
    (mahjong.score, "mahjong/score", {"hand": "123m456p789s11555z", "win": "5z"}),
    (mahjong.game, "mahjong/game", {"seed": 2}),
    (mahjong.replay, "mahjong/replay", {"record": (TESTDATA / "mahjong-game/logs/tenhou-json/double_ron.json").read_text()}),
    (mahjong.watch, "mahjong/watch", {"record": (TESTDATA / "mahjong-game/logs/tenhou-json/double_ron.json").read_text()}),
    (mahjong.review, "mahjong/review", {"record": (TESTDATA / "mahjong-game/logs/tenhou-sanma/sanma2.mjlog").read_text()}),
    (mahjong.tournament, "mahjong/tournament", {"games": 4, "length": "east"}),
    (mahjong.rules, "mahjong/rules", {"rules": "m-league", "rule": ["kiriage=false"]}),
]


@pytest.mark.parametrize("function, operation, fields", CALLS, ids=[c[1] for c in CALLS])
def test_every_operation_answers_as_the_api_with_its_defaults(function, operation, fields):
    answer = function(**fields)
    if operation == "mahjong/score":
        # A Score object whose dict is the response.
        assert isinstance(answer, mahjong.Score)
        answer = answer.to_dict()
    assert isinstance(answer, dict)
    assert answer == raw(operation, **fields)
    assert "error" not in answer


def test_every_api_operation_has_its_function():
    names = {name for name, _ in tiles.operations()}
    assert names == {operation for _, operation, _ in CALLS}


# Bad input for each function: a BadRequest (a ValueError) with the engine's message.
BAD = [
    (rummikub.group, {"tiles": "R1 X2"}, r"^tiles, column 4: expected a tile"),
    (rummikub.arrange, {"tiles": ["R1", "Z9"]}, r"^tiles\[1\]"),
    (rummikub.solve, {"rack": ["R1"], "objective": "most"}, r"objective"),
    (rummikub.turn, {"table": "R1 R2", "after": "R1 R2 R3"}, r"^table group 1 \(R1 R2\) is not valid"),
    (rummikub.game, {"bots": "human,solver", "moves": [{"action": "play", "table": "K1 K2 K3"}]}, r"^moves\[0\]: K1 is not on the table"),
    (rummikub.tournament, {"bots": "solver,robot"}, r"unknown bot"),
    (rummikub_puzzle.solve, {"puzzle": "3R\n2\n1 4R 5X"}, r"puzzle"),
    (rummikub_puzzle.check, {"puzzle": PUZZLE, "check": "JUMP 3R 1"}, r"check"),
    (fiveup.check, {"game": "0-"}, r"^game"),
    (fiveup.check, {"game": "0-6", "players": 0, "score": True}, r"at least one player"),
    (huxxy.eval, {"call": "frobnicate([])"}, r"expected a function"),
    (huxxy.game, {"bots": "search,nobody"}, r"bots"),
    (huxxy.tournament, {"games": 2, "bots": "search,nobody,greedy,greedy"}, r"bots"),
    (mahjong.analyze, {"hand": "123"}, r"^hand"),
    (mahjong.score, {"hand": "123m456p789s11223z", "win": "3z"}, r"not a complete hand|complete"),
    (mahjong.score, {"hand": "123m456p789s11555z", "win": "5z", "seat_wind": "X"}, r"seat_wind"),
]


@pytest.mark.parametrize("function, fields, message", BAD, ids=[f"{b[0].__module__}.{b[0].__name__}-{i}" for i, b in enumerate(BAD)])
def test_bad_input_raises_bad_request_with_the_engines_message(function, fields, message):
    with pytest.raises(tiles.BadRequest, match=message) as raised:
        function(**fields)
    assert isinstance(raised.value, ValueError)
    assert isinstance(raised.value, tiles.TilesError)


def test_an_unknown_operation_and_an_unknown_field():
    with pytest.raises(tiles.UnknownOperation, match="unknown operation"):
        _tiles.call("chess/mate", {})
    with pytest.raises(TypeError):
        rummikub.group(tile="R1")  # a misspelt keyword is Python's own error
    with pytest.raises(tiles.BadRequest, match="unknown field"):
        _tiles.call("rummikub/group", {"tile": "R1"})
    with pytest.raises(tiles.UnknownOperation, match="unknown operation"):
        _tiles.call_json("chess/mate", "{}")


def test_a_turn_refused_says_why_and_a_person_plays_a_game_by_its_moves():
    refused = rummikub.turn(rack="K8 K9 K10", after="K8 K9 K10")
    assert refused["valid"] is False
    assert refused["reason"] == "initial meld worth 27, 30 needed"
    moves = []
    while True:
        answer = rummikub.game(bots="human,greedy", seed=2, moves=moves)
        if answer["end"] is not None:
            break
        assert answer["to_move"] == 0 and answer["view"]["player"] == 0
        moves.append({"action": "draw"})
    assert sum(answer["scores"]) == 0
    assert answer["deal"][1] is None


def test_list_calls_agree_with_the_analysis_of_each_hand():
    rng = random.Random(7)
    kinds = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    hands = []
    for size in [13, 14] * 30 + [1, 2, 4, 5, 7, 8, 10, 11]:
        wall = [kind for kind in kinds for _ in range(4)]
        hands.append("".join(rng.sample(wall, size)))
    hands.append("123m456p789s11222z")
    shanten = mahjong.shanten(hands)
    complete = mahjong.is_complete(hands)
    assert len(shanten) == len(complete) == len(hands)
    for hand, value, done in zip(hands, shanten, complete):
        analysis = mahjong.analyze(hand=hand)
        assert value == analysis["shanten"]["overall"], hand
        assert done == bool(analysis["complete"]), hand
    assert complete[-1] and shanten[-1] == -1
    assert mahjong.shanten(()) == []


def test_list_calls_name_the_bad_hand():
    with pytest.raises(tiles.BadRequest, match=r"^hands\[1\]: "):
        mahjong.shanten(["123m", "12x"])
    with pytest.raises(tiles.BadRequest, match=r"^hands\[0\]: "):
        mahjong.shanten(["123m"])  # three tiles: no shanten
    with pytest.raises(tiles.BadRequest, match=r"^hands\[2\]: "):
        mahjong.is_complete(["1m", "2m", "55555m"])


# huxxy's reference examples: every call in the fixtures' snapshots whose arguments are
# Python literals, made through the five functions with Python values.
FUNCTIONS = {
    "score": huxxy.comp10001huxxy_score,
    "valid_table": huxxy.comp10001huxxy_valid_table,
    "valid_play": huxxy.comp10001huxxy_valid_play,
    "play": huxxy.comp10001huxxy_play,
    "bonus_play": huxxy.comp10001huxxy_bonus_play,
}
CALL = re.compile(r"^> (?:comp10001huxxy_)?(score|valid_table|valid_play|play|bonus_play)\((.*)\)$")


def reference_examples():
    examples = []
    for snapshot in sorted((TESTDATA / "huxxy").glob("*/snapshots/*.snap")):
        lines = snapshot.read_text().splitlines()
        for line, answer in zip(lines, lines[1:]):
            match = CALL.match(line)
            if not match:
                continue
            try:
                arguments = ast.literal_eval(f"({match.group(2)},)") if match.group(2) else ()
            except (SyntaxError, ValueError):
                continue  # not Python: the engine's own parse errors, checked by its fixtures
            examples.append(pytest.param(match.group(1), arguments, answer, id=f"{snapshot.stem}:{line[2:60]}"))
    return examples


EXAMPLES = reference_examples()


def test_there_are_reference_examples_of_every_function():
    assert {example.values[0] for example in EXAMPLES} == set(FUNCTIONS)
    assert len(EXAMPLES) >= 80


@pytest.mark.parametrize("name, arguments, answer", EXAMPLES)
def test_the_reference_functions_return_python_values(name, arguments, answer):
    function = FUNCTIONS[name]
    if answer.startswith("error:"):
        # A call of the wrong arity is Python's own TypeError here.
        with pytest.raises((tiles.BadRequest, TypeError)):
            function(*arguments)
        return
    result = function(*arguments)
    assert repr(result) == answer
    assert type(result) is type(ast.literal_eval(answer))


def test_the_readme_values():
    assert huxxy.comp10001huxxy_score(["4C", "2H", "KS"]) == 19
    assert huxxy.comp10001huxxy_valid_table([["4C", "5H", "6S"]]) is True
    assert huxxy.comp10001huxxy_play([], 0, ["4C", "5H", "6S", "KD"], []) == (0, 0, None)


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_the_reference_functions_refuse_a_card_that_is_not_one(name):
    arguments = {
        "score": (["4C", "ZZ"],),
        "valid_table": ([["4C", "ZZ", "6S"]],),
        "valid_play": ((0, 1, ("ZZ", 0)), [], 0, ["ZZ"], []),
        "play": ([], 0, ["4C", "ZZ"], []),
        "bonus_play": ([], 0, ["4C", "ZZ"], []),
    }[name]
    with pytest.raises(tiles.BadRequest, match="ZZ"):
        FUNCTIONS[name](*arguments)


# Requests and responses cross as Python objects: the same answers as the JSON text.
WINS = [
    {"hand": "123m456p789s11555z", "win": "5z"},
    {"hand": "234m234p234s678s22m", "win": "2m", "tsumo": True, "riichi": True, "dora_indicators": "1m"},
    {"hand": "123m456p99p", "win": "9p", "melds": [{"type": "pon", "tiles": "555z"}, {"type": "chi", "tiles": "789s"}]},
    {"hand": "19m19p19s1234567z1m", "win": "1m", "seat_wind": "S"},
]


def test_score_many_answers_as_score_each_with_errors_in_place():
    bad = {"hand": "123m456p789s11223z", "win": "3z"}
    requests = WINS + [bad] + WINS
    answers = mahjong.score_many(requests)
    assert len(answers) == len(requests)
    for request, answer in zip(requests, answers):
        if request is bad:
            with pytest.raises(tiles.BadRequest) as raised:
                mahjong.score(**request)
            assert answer == {"error": str(raised.value)}
        else:
            assert answer == mahjong.score(**request) == raw("mahjong/score", **request)
    many = mahjong.score_many(WINS * 500)
    assert many == [mahjong.score(**request) for request in WINS] * 500


def test_score_many_answers_as_a_sequence_with_columns():
    bad = {"hand": "123m456p789s11223z", "win": "3z"}
    requests = (WINS + [bad]) * 130  # 650 requests: chunks of the reading and a part one
    batch = mahjong.score_many(requests)
    expected = [mahjong.score(**request) if request is not bad else None for request in requests]
    assert isinstance(batch, mahjong.ScoreBatch) and isinstance(batch, collections.abc.Sequence)
    assert len(batch) == len(requests) and repr(batch) == "ScoreBatch(650 answers: 520 scored, 130 refused)"
    listed = batch.to_list()
    assert listed == list(batch) == [batch[i] for i in range(len(batch))]
    assert batch == listed and batch == mahjong.score_many(requests) and not batch != listed
    assert batch != listed[:-1] and batch != listed[1:] + listed[:1] and batch != "text" and batch != 5
    assert batch == tuple(listed) and batch != {index: one for index, one in enumerate(listed)}
    with pytest.raises(TypeError, match="unhashable"):
        hash(batch)
    assert batch[-1] == listed[-1] and batch[-650] == listed[0] and batch[3:12:4] == listed[3:12:4]
    assert batch[::-100] == listed[::-100] and batch[700:] == []
    for index in (650, -651, 10**30):
        with pytest.raises(IndexError, match="out of range"):
            batch[index]
    with pytest.raises(TypeError, match="integers or slices"):
        batch["0"]
    refused = {"error": mahjong.score_many([bad])[0]["error"]}
    assert [answer if answer is not None else refused for answer in expected] == listed
    # The columns, read at once: 0 where a request was refused.
    for column in ("han", "fu", "yakuman", "total", "base"):
        assert getattr(batch, column) == [getattr(one, column) if one is not None else 0 for one in expected]
    assert batch.scored == [one is not None for one in expected]
    assert batch.errors == [(index, refused["error"]) for index, one in enumerate(expected) if one is None]
    # Any sequence of requests: a tuple and an iterator give the same answers as the list.
    assert mahjong.score_many(tuple(requests)) == batch and mahjong.score_many(iter(requests)) == batch
    assert len(mahjong.score_many([])) == 0 and mahjong.score_many([]) == []
    # A list's subclass is read through its own iteration.
    class Backwards(list):
        def __iter__(self):
            return reversed(list(super().__iter__()))

    assert mahjong.score_many(Backwards(WINS)) == mahjong.score_many(WINS[::-1])


def test_analyze_many_answers_as_analyze_each():
    hands = ["123m456p789s1122z", "19m19p19s1234567z", {"hand": "123m456p78s", "melds": [{"type": "pon", "tiles": "555z"}]}, "12"]
    answers = mahjong.analyze_many(hands)
    assert answers[:3] == [mahjong.analyze(hand=h) if isinstance(h, str) else mahjong.analyze(**h) for h in hands[:3]]
    assert set(answers[3]) == {"error"} and answers[3]["error"].startswith("hand")


def test_list_calls_want_lists():
    for call in (mahjong.shanten, mahjong.is_complete, mahjong.analyze_many, mahjong.score_many):
        with pytest.raises(TypeError, match="expected a list"):
            call("123m456p789s1122z")
    with pytest.raises(TypeError, match=r"requests\[0\]: expected a dict"):
        mahjong.score_many(["123m456p789s11555z"])
    # Past the first chunks of the reading, after requests read the general way.
    with pytest.raises(TypeError, match=r"requests\[797\]: expected a dict of score fields, found a tuple"):
        mahjong.score_many(WINS * 100 + [dict(WINS[0], unknown=1)] + WINS * 99 + [(), "text"])
    with pytest.raises(TypeError, match=r"hands\[1\]: expected a hand"):
        mahjong.shanten(["123m", 5])


def test_a_wrong_type_names_the_field_in_the_schemas_words():
    cases = [
        (lambda: mahjong.score(hand="123m456p789s11555z", win="5z", honba=1.5), "honba: expected a whole number, 0 or more, found 1.5"),
        (lambda: mahjong.score(hand="123m456p789s11555z", win="5z", melds=["789s"]), 'melds[0]: expected a meld such as {"type": "pon", "tiles": "555z"}, found "789s"'),
        (lambda: mahjong.score(hand="123m456p789s11555z", win="5z", tsumo="yes"), 'tsumo: expected true or false, found "yes"'),
        (lambda: fiveup.check(game="0-6", players="two"), 'players: expected a whole number, 0 or more, found "two"'),
    ]
    for call, message in cases:
        with pytest.raises(tiles.BadRequest) as raised:
            call()
        assert str(raised.value) == message
    with pytest.raises(TypeError, match=r"^tiles: expected a string, a number, a boolean, None, a list or a dict, found a set$"):
        rummikub.group(tiles={"R1"})


def test_the_version_and_no_exported_imports():
    assert re.fullmatch(r"\d+\.\d+\.\d+", tiles.__version__)
    for module in (tiles, fiveup, huxxy, mahjong, rummikub, rummikub_puzzle):
        # A package's own submodules (tiles.mahjong.encoding, .pettingzoo…) need not be
        # exported: they are imported by name.
        own = module.__name__ + "."
        public = {
            name for name in dir(module)
            if not name.startswith("_")
            and (name in module.__all__
                 or not getattr(getattr(module, name), "__name__", "").startswith(own))
        }
        exported = {name for name in module.__all__ if not name.startswith("_")}
        assert public == exported, (module.__name__, public ^ exported)
        for name in ("Any", "ast", "json", "annotations", "Union", "Sequence", "ask"):
            assert not hasattr(module, name), (module.__name__, name)


def test_a_score_is_an_object_read_by_attribute_or_key():
    score = mahjong.score(hand="22334455667788p", win="8p", tsumo=True, riichi=True, dora_indicators=["1p"])
    response = raw("mahjong/score", hand="22334455667788p", win="8p", tsumo=True, riichi=True, dora_indicators=["1p"])
    assert score.to_dict() == response and score == response and score == mahjong.score(**{
        "hand": "22334455667788p", "win": "8p", "tsumo": True, "riichi": True, "dora_indicators": ["1p"]})
    assert (score.han, score.fu, score.yakuman, score.limit, score.total) == (
        response["han"], response["fu"], response["yakuman"], response["limit"], response["points"]["total"])
    assert score.yaku == [(one["name"], one["han"]) for one in response["yaku"]]
    assert score.points == response["points"] and score.fu_parts == response["fu_parts"]
    assert (score.base, score.reading, score.wait, score.hand) == (
        response["base"], response["reading"], response["wait"], response["hand"])
    assert score["points"]["total"] == score.total
    with pytest.raises(KeyError):
        score["nothing"]
    assert repr(score).startswith(f"Score({score.total}: ") and "chinitsu 6" in repr(score)
    # It holds no Python object, so the cyclic collector need not walk it.
    assert not gc.is_tracked(score)
    assert not any(gc.is_tracked(one) for one in mahjong.score_many([{"hand": "123m456p789s11555z", "win": "5z"}] * 3))


def test_rules_as_a_dict_read_as_the_api_reads_them():
    # Switches over a preset, and values the API refuses: the same answer or the same message
    # as the request sent as JSON.
    hand = dict(hand="123m456p789s11555z", win="5z", seat_wind="S", round_wind="S")
    rules = [
        {"preset": "wrc", "double_wind_fu": 4}, {"double_wind_fu": 2}, {"preset": "majsoul", "kiriage": True},
        {"red_fives": False, "open_tanyao": 0, "counted_yakuman": 1}, {},
        {"double_wind_fu": True}, {"double_wind_fu": 3}, {"kiriage": 2}, {"preset": 4}, {"preset": "nope"},
        {"nope": True}, {"kiriage": "yes"}, {"kiriage": None}, {"players": 5}, {"double_wind_fu": 4.0},
    ]
    for given in rules:
        try:
            expected = raw("mahjong/score", **hand, rules=given)
        except tiles.BadRequest as error:
            expected = {"error": str(error)}
        try:
            answer = mahjong.score(**hand, rules=given).to_dict()
        except tiles.BadRequest as error:
            answer = {"error": str(error)}
        assert answer == expected, given
        [many] = mahjong.score_many([dict(hand, rules=given)])
        assert (many if isinstance(many, dict) else many.to_dict()) == expected, given


def test_reading_a_request_runs_no_python_code():
    # The fields are read borrowed from the request, which is sound only if nothing the
    # request holds gets to run Python code while it is read: keys are matched by walking the
    # dicts (never a lookup, which would call a key's __eq__), numbers read as numbers.
    calls = []

    class Key(str):
        __hash__ = str.__hash__

        def __eq__(self, other):
            calls.append(("eq", str(self)))
            return str.__eq__(self, other)

    class Count(int):
        def __index__(self):
            calls.append(("index", int(self)))
            return int(self)

    request = dict(hand="123m456p789s99p", win="9p", honba=Count(2),
                   melds=[{Key("type"): "pon", Key("tiles"): "555z"}],
                   rules={Key("preset"): "wrc", Key("double_wind_fu"): 4})
    plain = dict(request, honba=2, melds=[{"type": "pon", "tiles": "555z"}],
                 rules={"preset": "wrc", "double_wind_fu": 4})
    calls.clear()
    answer = mahjong.score(**request)
    [many] = mahjong.score_many([request])
    assert calls == []
    assert answer == many == raw("mahjong/score", **plain)


def test_score_many_holds_what_it_reads():
    # A request read the general way (here for its unknown field) can run Python code, which
    # may change the requests read before it: they are answered as they were when read.
    before = dict(hand="123m456p789s11555z", win="5z", melds=[], dora_indicators=["1m"])
    expected = mahjong.score(**before)

    class Meddling(list):
        def __iter__(self):
            first = requests[0]
            first["hand"], first["win"] = "22m", "nothing"
            first["dora_indicators"][0] = "7z"
            # The list of requests itself, emptied: the requests read are held.
            requests.clear()
            return super().__iter__()

    # Text made at run time, so that the old values are freed when replaced (if not held).
    requests = [dict(before, hand="".join(["123m456p", "789s11555z"]), dora_indicators=["".join(["1", "m"])]),
                dict(hand="123m456p789s11555z", win="5z", melds=Meddling(), unknown=1)]
    meddled = requests[0]
    first, second = mahjong.score_many(requests)
    assert first == expected
    assert "unknown" in second["error"]
    assert meddled["win"] == "nothing" and requests == []


def test_score_reads_odd_values_as_the_api_reads_them():
    # The quick reading borrows a request's values: every kind of value in every field (and
    # fields missing or unknown) is answered by score and score_many alike, and as the API
    # answers the same request sent as JSON wherever JSON can carry it.
    class Text(str):
        pass

    class Count(int):
        pass

    class Items(list):
        pass

    class Fields(dict):
        pass

    odd = [None, True, False, 0, 1, -1, 2**40, 2**70, 1.5, "", "x", "E", "5z", "\ud800", b"1m", [], ["1m"],
           ("1m",), [None], [1], ["1m", 2], {"a": 1}, Text("1m"), Count(2), Items(["1m"]), "tenhou", "wrc",
           {"preset": "wrc"}, {"preset": 1}, {"kiriage": 2**70}, Fields(preset="majsoul"),
           [{"type": "pon", "tiles": "555z"}], [{"type": "pon"}], [{"type": "pon", "tiles": "555z", "x": 1}],
           [Fields(type="pon", tiles="555z")], [{Text("type"): "pon", "tiles": "555z"}], [{1: "pon", "tiles": "555z"}],
           [("pon", "555z")], Items([{"type": "chi", "tiles": "789s"}])]
    base = dict(hand="123m456p99p", win="9p", melds=[{"type": "pon", "tiles": "555z"}, {"type": "chi", "tiles": "789s"}],
                tsumo=True, seat_wind="S", round_wind="E", dora_indicators=["4z"], ura_indicators=[], honba=1,
                riichi_sticks=0, rules="tenhou")
    fields = ["hand", "win", "melds", "tsumo", "riichi", "seat_wind", "round_wind", "dora_indicators",
              "ura_indicators", "honba", "riichi_sticks", "rules", "kita", "players"]
    rng = random.Random(45)

    def outcome(call):
        try:
            answer = call()
        except Exception as error:  # the kind and the message, compared below
            return type(error).__name__, str(error)
        return answer if isinstance(answer, dict) else answer.to_dict()

    for _ in range(400):
        request = dict(base)
        for field in rng.sample(fields, rng.randrange(1, 4)):
            roll = rng.random()
            if roll < 0.1:
                request.pop(field, None)
            else:
                request[field] = rng.choice(odd)
        if rng.random() < 0.05:
            request["unknown"] = 1
        one = outcome(lambda: mahjong.score(**request))
        many = outcome(lambda: mahjong.score_many([request])[0])
        if isinstance(one, tuple) and one[0] == "BadRequest":
            assert many == {"error": one[1]}, request
        elif isinstance(one, tuple):
            # A value no request can hold raises, naming the list's item.
            assert many == (one[0], f"requests[0].{one[1]}"), request
        else:
            assert many == one, request
        try:
            text = json.dumps(request)
        except (TypeError, ValueError):
            continue
        if "\\ud800" in text or isinstance(one, tuple) and one[0] != "BadRequest":
            continue
        expected = outcome(lambda: json.loads(_tiles.call_json("mahjong/score", text)))
        assert one == expected, request


def test_score_takes_tuples_as_lists():
    as_lists = mahjong.score(hand="123m456p99p", win="9p", melds=[{"type": "pon", "tiles": "555z"}, {"type": "chi", "tiles": "789s"}], dora_indicators=["4z"])
    as_tuples = mahjong.score(hand="123m456p99p", win="9p", melds=({"type": "pon", "tiles": "555z"}, {"type": "chi", "tiles": "789s"}), dora_indicators=("4z",))
    assert as_lists == as_tuples == raw("mahjong/score", hand="123m456p99p", win="9p", melds=[{"type": "pon", "tiles": "555z"}, {"type": "chi", "tiles": "789s"}], dora_indicators=["4z"])


def test_score_for_three_players_with_norths_set_aside():
    request = dict(hand="234p456p789s11p567s", win="5s", tsumo=True, rinshan=True, seat_wind="S", kita=1)
    for given in ({"players": 3}, {"rules": "tenhou-sanma"}, {"rules": {"preset": "tenhou", "players": 3}}):
        score = mahjong.score(**request, **given)
        assert score == raw("mahjong/score", **request, **given)
        assert (score.han, score.fu) == (4, 20)
        assert ("nukidora", 1) in score.yaku and ("rinshan", 1) in score.yaku
        # Tsumo loss: the dealer 2,600 and the other 1,300, nobody for the absent seat.
        assert (score.points["dealer"], score.points["non_dealer"], score.total) == (2600, 1300, 3900)
    assert mahjong.score_many([dict(request, players=3)]) == [mahjong.score(**request, players=3)]
    with pytest.raises(tiles.BadRequest, match="three-player rule"):
        mahjong.score(**request)
    with pytest.raises(tiles.BadRequest, match="players: expected 3 or 4, found 5"):
        mahjong.score(**request, players=5)
    with pytest.raises(tiles.BadRequest, match="2m-8m"):
        mahjong.score(hand="234m456p789s11p567s", win="2m", players=3)


def test_analyze_for_three_players_draws_no_two_to_eight_man():
    four = mahjong.analyze(hand="19m234567p22678s5z")
    three = mahjong.analyze(hand="19m234567p22678s5z", players=3)
    assert any(e["tile"] == "2m" for e in four["effective"])
    assert [e["tile"] for e in three["effective"]] == ["1m", "9m", "2s", "5z"]
    assert three["shanten"] == four["shanten"]
    assert mahjong.analyze_many([{"hand": "19m234567p22678s5z", "players": 3}]) == [three]
    with pytest.raises(tiles.BadRequest, match="2m-8m"):
        mahjong.analyze(hand="159m234567p22678s", players=3)


def test_list_calls_leave_the_garbage_collector_as_it_was():
    import gc

    assert gc.isenabled()
    mahjong.score_many(WINS)
    mahjong.analyze_many(["123m456p789s1122z"])
    assert gc.isenabled()
    gc.disable()
    try:
        mahjong.score_many(WINS)
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize(
    "code, missing, extra",
    [
        ("import tiles.mahjong.pettingzoo", "numpy", "rl"),
        ("import tiles.mahjong.gymnasium", "gymnasium", "rl"),
        ("from tiles.mahjong import VecEnv", "numpy", "rl"),
        ("from tiles.mahjong import encoding; encoding.empty()", "numpy", "rl"),
        ("import tiles.ray", "ray", "ray"),
    ],
)
def test_what_an_extra_adds_names_the_extra_when_missing(code, missing, extra):
    # The module is hidden (None in sys.modules makes its import fail as a missing one would).
    import subprocess
    import sys

    script = f"import sys; sys.modules[{missing!r}] = None\n{code}"
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.returncode != 0
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("ModuleNotFoundError: this needs " + missing), run.stderr
    assert f'pip install "./crates/tiles-py[{extra}]"' in last, run.stderr
