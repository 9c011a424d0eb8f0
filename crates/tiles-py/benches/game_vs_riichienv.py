#!/usr/bin/env python3
"""Whole games of four random bots driven from Python, step by step: `tiles.mahjong.Game`
against `riichienv`'s `RiichiEnv` (Tenhou rules, four players, hanchan, red fives), driven the
same way in one run.

    python3 crates/tiles-py/benches/game_vs_riichienv.py [--seconds 5] [--runs 5]

Each step, every seat that must decide picks uniformly among its legal actions
(`random.Random.choice`) and the game takes the choices as a dict; riichienv's loop is its
README's (`RandomAgent` over the observations `step` returns), ours the same over `to_act` and
`legal_actions(seat)`. Each run plays whole games for --seconds on one side, then the other;
the figure is the median of --runs runs of games per second. It runs in bench_vs_python.py's
virtual environment (target/py-bench, made on first use with this package and the peers).
"""

import argparse
import random
import statistics
import time

from bench_vs_python import ensure_environment


def tiles_games(seconds, rng, start):
    import tiles

    games = steps = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        game = tiles.mahjong.Game(seed=start + games)
        while not game.done:
            game.step({seat: rng.choice(game.legal_actions(seat)) for seat in game.to_act})
            steps += 1
        games += 1
    return games / (time.perf_counter() - began), steps / max(games, 1)


def riichienv_games(seconds, rng, start):
    from riichienv import GameRule, RiichiEnv

    games = steps = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        env = RiichiEnv(game_mode="4p-red-half", rule=GameRule.default_tenhou(), seed=start + games)
        observations = env.reset()
        while not env.done():
            observations = env.step(
                {seat: rng.choice(obs.legal_actions()) for seat, obs in observations.items()}
            )
            steps += 1
        games += 1
    return games / (time.perf_counter() - began), steps / max(games, 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    ensure_environment(__file__)
    ours, theirs, our_steps, their_steps = [], [], [], []
    rng = random.Random(1)
    for run in range(args.runs):
        rate, steps = tiles_games(args.seconds, rng, 1000 * run)
        ours.append(rate)
        our_steps.append(steps)
        rate, steps = riichienv_games(args.seconds, rng, 1000 * run)
        theirs.append(rate)
        their_steps.append(steps)
    mine, peer = statistics.median(ours), statistics.median(theirs)
    print(f"random hanchan driven from Python, median of {args.runs} runs of {args.seconds:g} s each")
    print(f"  tiles.mahjong.Game        {mine:8.1f} games/s  ({statistics.mean(our_steps):.0f} steps a game)")
    print(f"  riichienv RiichiEnv       {peer:8.1f} games/s  ({statistics.mean(their_steps):.0f} steps a game)")
    print(f"  ratio                     {mine / peer:8.2f}x")


if __name__ == "__main__":
    main()
