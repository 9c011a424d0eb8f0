#!/usr/bin/env python3
"""Scoring winning hands from Python: `tiles.mahjong.score` (a call per hand) and
`tiles.mahjong.score_many` (one call for the list: a `ScoreBatch`, and its `to_list()` of
`Score` objects) against the pure-Python `mahjong` package's
`HandCalculator.estimate_hand_value`, on the same hands, side by side in one run.

    python3 crates/tiles-py/benches/score_vs_python.py [--hands 10000] [--seed 1] [--runs 5]

The JSON-text way (`json.dumps`, the native call, `json.loads`) runs beside them for
comparison. The hands are the scoring benchmark's (crates/mahjong/benches/score_vs_python.py
draws them): four sets and a pair (now and then seven pairs or thirteen orphans), some sets
called, red fives, and a situation that can happen. It runs in bench_vs_python.py's virtual
environment (target/py-bench, made on first use: this package, mahjong 2.1.0 and the other
peers). Each figure is the median of --runs runs, the sides alternating; it also checks that both of our calls give the same answers and counts how
often they agree with the reference (han, fu, points and yaku).
"""

import argparse
import importlib.util
import random
import statistics
import sys
import time

from bench_vs_python import ROOT, ensure_environment  # the same environment: target/py-bench


def hands_module():
    """The scoring benchmark's script, for its hands and its comparison with the reference."""
    path = ROOT / "crates" / "mahjong" / "benches" / "score_vs_python.py"
    spec = importlib.util.spec_from_file_location("score_hands", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    ensure_environment(__file__)
    import tiles
    from mahjong.hand_calculating.hand import HandCalculator

    hands = hands_module()
    rng = random.Random(args.seed)
    cases = []
    while len(cases) < args.hands:
        case = hands.draw(rng)
        if case is not None:
            cases.append(case)
    requests = [request for request, _ in cases]

    def per_call():
        answers = []
        for request in requests:
            try:
                answers.append(tiles.mahjong.score(**request))
            except tiles.BadRequest as error:
                answers.append({"error": str(error)})
        return answers

    def many():
        return tiles.mahjong.score_many(requests)

    def many_listed():
        # The batch's answers all made Python objects (a Score or a refusal's dict each), as
        # the reference's loop makes one per hand.
        return tiles.mahjong.score_many(requests).to_list()

    import json

    texts = [json.dumps(request) for request in requests]

    def json_text():
        # The way every call went before the objects crossed as they are: JSON text written,
        # read in Rust, answered as text and read again in Python.
        answers = []
        for text in texts:
            try:
                answers.append(json.loads(tiles._tiles.call_json("mahjong/score", text)))
            except tiles.BadRequest as error:
                answers.append({"error": str(error)})
        return answers

    def reference():
        answers = []
        for request, (tiles136, win, melds, dora, config, ura) in cases:
            try:
                result = HandCalculator.estimate_hand_value(tiles136, win, melds=melds, dora_indicators=dora,
                                                            config=config, ura_dora_indicators=ura)
                answers.append(hands.expected(result, request["tsumo"]))
            except Exception as error:  # the reference refuses some situations by raising
                answers.append({"error": str(error)})
        return answers

    sides = {"tiles.mahjong.score (a call per hand)": per_call,
             "tiles.mahjong.score_many (one call)": many,
             "score_many, every answer made an object": many_listed,
             "tiles through JSON text, a call per hand": json_text,
             "mahjong 2.1.0 estimate_hand_value": reference}
    times = {name: [] for name in sides}
    answers = {}
    for _ in range(args.runs):
        for name, side in sides.items():
            time.sleep(0.5)
            start = time.perf_counter()
            answers[name] = side()
            times[name].append(time.perf_counter() - start)
    n = len(cases)
    reference_seconds = statistics.median(times["mahjong 2.1.0 estimate_hand_value"])
    print(f"{n:,} winning hands (seed {args.seed}), median of {args.runs} runs each")
    for name, runs in times.items():
        seconds = statistics.median(runs)
        print(f"  {name:40s} {seconds * 1e3:9.1f} ms {seconds / n * 1e6:8.2f} µs/hand"
              f" {reference_seconds / seconds:8.1f}x the mahjong package")
    def as_dicts(answers):
        return [answer if isinstance(answer, dict) else answer.to_dict() for answer in answers]

    ours = as_dicts(answers["tiles.mahjong.score (a call per hand)"])
    listed = as_dicts(answers["tiles.mahjong.score_many (one call)"])
    assert ours == listed == as_dicts(answers["score_many, every answer made an object"]), \
        "score and score_many disagree"
    assert ours == answers["tiles through JSON text, a call per hand"], "objects and JSON text disagree"
    agree = sum(1 for o, t in zip(ours, answers["mahjong 2.1.0 estimate_hand_value"]) if hands.agrees(o, t))
    print(f"  score and score_many give the same {n:,} answers; they agree with the reference on {agree:,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
