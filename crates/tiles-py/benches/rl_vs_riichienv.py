#!/usr/bin/env python3
"""A learning agent's loop, side by side in one run: random legal actions with the observation
and the action mask made at every decision, through `tiles.mahjong.Game`, the PettingZoo AEC
environment and `tiles.mahjong.VecEnv`, against `riichienv`'s `RiichiEnv` with `encode()` and
`mask()` at every decision (Tenhou rules, four players, hanchan, red fives).

    python3 crates/tiles-py/benches/rl_vs_riichienv.py [--seconds 5] [--runs 3] [--envs 256]

- Game loop: for each seat that must decide, `game.encode(seat, observation, mask)` into numpy
  arrays, a random choice among `game.legal_ids(seat)`, then `game.step`.
- AEC: `env.last()` (its observation and mask are made for the agent to act), a random legal
  id from the mask, `env.step`.
- VecEnv: `--envs` games; `env.step(env.random_actions())` (each game's observation, mask,
  seat, rewards and done written at every step), on one core (`RAYON_NUM_THREADS=1`) and on
  all, each in its own process.
- RiichiEnv: its README's loop (`RandomAgent` over the observations `step` returns), calling
  `encode()` and `mask()` on each observation.

Each run plays whole games for --seconds on each side in turn (VecEnv counts the games that
finish in that time, and decisions); figures are medians of --runs runs. It runs in
bench_vs_python.py's virtual environment (target/py-bench).
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

from bench_vs_python import ensure_environment


def game_loop(seconds, seed):
    from tiles import mahjong
    from tiles.mahjong import encoding

    rng = random.Random(seed)
    observation, mask = encoding.empty()
    raw_mask = mask.view("uint8")
    games = decisions = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        game = mahjong.Game(seed=seed + games)
        while not game.done:
            chosen = {}
            for seat in game.to_act:
                game.encode(seat, observation, raw_mask)
                chosen[seat] = rng.choice(game.legal_ids(seat))
                decisions += 1
            game.step(chosen)
        games += 1
    elapsed = time.perf_counter() - began
    return games / elapsed, decisions / elapsed


def aec_loop(seconds, seed, wrapped=False):
    import numpy as np

    from tiles.mahjong import pettingzoo as riichi

    rng = np.random.default_rng(seed)
    env = riichi.env() if wrapped else riichi.raw_env()
    games = decisions = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        env.reset(seed=seed + games)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - began
    return games / elapsed, decisions / elapsed


def vecenv_loop(seconds, seed, envs):
    from tiles import mahjong

    env = mahjong.VecEnv(envs, seed=seed)
    env.reset()
    steps = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        env.step(env.random_actions())
        steps += 1
    elapsed = time.perf_counter() - began
    return env.finished / elapsed, steps * envs / elapsed


def riichienv_loop(seconds, seed):
    from riichienv import GameRule, RiichiEnv

    rng = random.Random(seed)
    games = decisions = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        env = RiichiEnv(game_mode="4p-red-half", rule=GameRule.default_tenhou(), seed=seed + games)
        observations = env.reset()
        while not env.done():
            chosen = {}
            for seat, observation in observations.items():
                observation.encode()
                observation.mask()
                chosen[seat] = rng.choice(observation.legal_actions())
                decisions += 1
            observations = env.step(chosen)
        games += 1
    elapsed = time.perf_counter() - began
    return games / elapsed, decisions / elapsed


def vecenv_in_process(seconds, seed, envs, threads):
    """The VecEnv loop in a process of its own, with rayon's pool of `threads`."""
    environment = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    code = (
        "import json, sys; sys.path.insert(0, %r); import rl_vs_riichienv as bench; "
        "print(json.dumps(bench.vecenv_loop(%r, %r, %r)))"
        % (os.path.dirname(os.path.abspath(__file__)), seconds, seed, envs)
    )
    output = subprocess.run([sys.executable, "-c", code], env=environment, check=True,
                            capture_output=True, text=True).stdout
    return tuple(json.loads(output.strip().splitlines()[-1]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--envs", type=int, default=256)
    args = parser.parse_args()
    ensure_environment(__file__, ("numpy", "pettingzoo", "riichienv", "tiles"))
    sides = {
        "tiles.mahjong.Game loop": lambda run: game_loop(args.seconds, 1000 * run),
        "tiles AEC raw_env()": lambda run: aec_loop(args.seconds, 1000 * run),
        "tiles AEC env() (wrapped)": lambda run: aec_loop(args.seconds, 1000 * run, wrapped=True),
        "tiles VecEnv, one core": lambda run: vecenv_in_process(args.seconds, 1000 * run, args.envs, 1),
        "tiles VecEnv, two cores": lambda run: vecenv_in_process(args.seconds, 1000 * run, args.envs, 2),
        "riichienv RiichiEnv": lambda run: riichienv_loop(args.seconds, 1000 * run),
    }
    figures = {name: [] for name in sides}
    for run in range(args.runs):
        for name, side in sides.items():
            figures[name].append(side(run))
    peer = statistics.median(games for games, _ in figures["riichienv RiichiEnv"])
    print(f"random legal actions with the observation and mask at every decision, "
          f"median of {args.runs} runs of {args.seconds:g} s each (VecEnv: {args.envs} games)")
    for name, results in figures.items():
        games = statistics.median(games for games, _ in results)
        decisions = statistics.median(decisions for _, decisions in results)
        print(f"  {name:26} {games:8.1f} hanchan/s {decisions:10.0f} decisions/s "
              f"{games / peer:6.2f}x RiichiEnv")
    # What the AEC environment adds to each decision over the bare game loop (the same
    # observation, mask and random choice): a slip into its step path shows here first.
    per = {name: 1e6 / statistics.median(d for _, d in results) for name, results in figures.items()}
    for name in ("tiles AEC raw_env()", "tiles AEC env() (wrapped)"):
        print(f"figure: {name}, time a decision beyond the Game loop's | median of {args.runs} runs | "
              f"{per[name] - per['tiles.mahjong.Game loop']:.2f}µs")
    for name, results in figures.items():
        games = statistics.median(games for games, _ in results)
        print(f"figure: {name}, random legal actions with observation and mask | median of {args.runs} "
              f"runs of {args.seconds:g} s | {1e3 / games:.2f}ms ({games / peer:.2f}x RiichiEnv)")


if __name__ == "__main__":
    main()
