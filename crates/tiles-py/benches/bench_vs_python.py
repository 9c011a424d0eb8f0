#!/usr/bin/env python3
"""The `tiles` package against the Python packages people use, side by side in one run.

    python3 crates/tiles-py/benches/bench_vs_python.py [--hands 100000] [--positions 100] [--runs 5]

- Shanten of the same random hands (13 and 14 tiles, drawn from a seeded wall): ours as one
  list call and as one call per hand; the `mahjong` package's `Shanten.calculate_shanten` and
  the `xiangting` package's `calculate_replacement_number` (minus one), a call per hand. How
  often each agrees with ours is printed too.
- The best move (most tiles) on the same Rummikub positions: `tiles.rummikub.solve` and the
  `rummikub-solver` package's `RuleSet.solve` (an integer programme), with the tiles each places.

It makes a virtual environment under target/py-bench (unless run inside one that has them),
installs the package from crates/tiles-py and the three others there, and runs itself in it.
Each figure is the median of --runs runs.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
VENV = ROOT / "target" / "py-bench"
PEERS = ["mahjong==2.1.0", "xiangting==6.0.2", "rummikub-solver==1.0.0", "riichienv==0.4.11",
         "numpy>=1.24", "pettingzoo>=1.24", "gymnasium>=0.29"]


def ensure_environment(script=__file__, modules=("mahjong", "pettingzoo", "riichienv", "rummikub_solver",
                                                  "tiles", "xiangting")):
    """Imports the packages compared (`modules`), or makes the virtual environment that has them
    (the peers and this package) and runs `script` again in it with the same arguments."""
    import importlib

    try:
        for module in modules:
            importlib.import_module(module)
    except ImportError:
        python = VENV / "bin" / "python"
        if os.environ.get("TILES_BENCH_VENV") == "1":
            raise
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *PEERS], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--force-reinstall", "--no-deps",
                        str(ROOT / "crates" / "tiles-py")], check=True)
        os.environ["TILES_BENCH_VENV"] = "1"
        os.execv(str(python), [str(python), script, *sys.argv[1:]])


def median_time(function, runs):
    times = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def random_hands(count, rng):
    """Hands of 13 and 14 tiles drawn from a wall of four copies: as mpsz text and as counts."""
    texts, counts = [], []
    wall = [kind for kind in range(34) for _ in range(4)]
    for index in range(count):
        drawn = rng.sample(wall, 13 + index % 2)
        per_kind = [0] * 34
        for kind in drawn:
            per_kind[kind] += 1
        text = ""
        for suit, letter in enumerate("mpsz"):
            size = 7 if letter == "z" else 9
            digits = "".join(str(n + 1) * per_kind[suit * 9 + n] for n in range(size))
            if digits:
                text += digits + letter
        texts.append(text)
        counts.append(per_kind)
    return texts, counts


def shanten(args):
    import tiles
    import xiangting
    from mahjong.shanten import Shanten

    texts, counts = random_hands(args.hands, random.Random(args.seed))
    reference = Shanten()
    ours_list_s, ours = median_time(lambda: tiles.mahjong.shanten(texts), args.runs)
    ours_each_s, _ = median_time(lambda: [tiles.mahjong.shanten([text])[0] for text in texts], max(1, args.runs // 2))
    theirs_s, theirs = median_time(lambda: [reference.calculate_shanten(c) for c in counts], max(1, args.runs // 2))
    four = xiangting.PlayerCount.FOUR
    xt_s, xt = median_time(lambda: [xiangting.calculate_replacement_number(c, four) - 1 for c in counts],
                           max(1, args.runs // 2))
    n = len(texts)
    print(f"shanten of {n:,} random 13- and 14-tile hands (seed {args.seed}), medians")
    rows = [
        ("tiles.mahjong.shanten (one list call)", ours_list_s),
        ("tiles.mahjong.shanten (a call per hand)", ours_each_s),
        ("xiangting.calculate_replacement_number - 1", xt_s),
        ("mahjong Shanten.calculate_shanten", theirs_s),
    ]
    for name, seconds in rows:
        print(f"  {name:45s} {seconds * 1e3:9.1f} ms {seconds / n * 1e9:9.0f} ns/hand"
              f" {theirs_s / seconds:8.1f}x the mahjong package")
    agree = sum(1 for a, b in zip(ours, theirs) if a == b)
    agree_xt = sum(1 for a, b in zip(ours, xt) if a == b)
    print(f"  agree with mahjong on {agree:,} of {n:,}; with xiangting on {agree_xt:,} of {n:,}")


def rummikub_positions(count, rng):
    """Tables of valid groups (runs and sets, two copies of each tile, no jokers) and racks of
    6 to 14 of the tiles left, a joker now and then."""
    colours = "KBOR"  # rummikub-solver's order: black, blue, orange, red
    positions = []
    for _ in range(count):
        left = {(c, n): 2 for c in colours for n in range(1, 14)}
        table = []
        for _ in range(rng.randint(3, 10)):
            if rng.random() < 0.5:
                colour, length = rng.choice(colours), rng.randint(3, 5)
                start = rng.randint(1, 14 - length)
                group = [(colour, n) for n in range(start, start + length)]
            else:
                number = rng.randint(1, 13)
                group = [(c, number) for c in rng.sample(colours, rng.randint(3, 4))]
            if all(left[tile] > 0 for tile in group):
                for tile in group:
                    left[tile] -= 1
                table.append(group)
        pool = [tile for tile, copies in left.items() for _ in range(copies)]
        rack = rng.sample(pool, rng.randint(6, 14))
        jokers = 1 if rng.random() < 0.3 else 0
        positions.append((table, rack, jokers))
    return positions


def rummikub(args):
    import rummikub_solver as rs
    import tiles

    rules = rs.RuleSet()
    index = {("KBOR"[i // 13], i % 13 + 1): i + 1 for i in range(52)}
    positions = rummikub_positions(args.positions, random.Random(args.seed))

    def ours_all():
        return [tiles.rummikub.solve(table=[[f"{c}{n}" for c, n in g] for g in table],
                                     rack=[f"{c}{n}" for c, n in rack] + ["J"] * jokers,
                                     objective="tiles")["tiles"]
                for table, rack, jokers in positions]

    def theirs_all():
        placed = []
        for table, rack, jokers in positions:
            state = rules.new_game()
            state.add_table(*(index[t] for g in table for t in g))
            state.add_rack(*(index[t] for t in rack), *([53] * jokers))
            state.initial = False
            solution = rules.solve(state, rs.SolverMode.TILE_COUNT)
            placed.append(len(solution.tiles) if solution else 0)
        return placed

    ours_s, ours = median_time(ours_all, args.runs)
    theirs_s, theirs = median_time(theirs_all, max(1, args.runs // 2))
    n = len(positions)
    print(f"best move (most tiles) on {n} random Rummikub positions (3-10 table groups, racks of 6-14), medians")
    print(f"  {'tiles.rummikub.solve':45s} {ours_s * 1e3:9.1f} ms {ours_s / n * 1e3:9.3f} ms/position")
    print(f"  {'rummikub-solver RuleSet.solve':45s} {theirs_s * 1e3:9.1f} ms {theirs_s / n * 1e3:9.3f} ms/position"
          f"   ours {theirs_s / ours_s:.1f}x faster")
    agree = sum(1 for a, b in zip(ours, theirs) if a == b)
    print(f"  the same number of tiles placed on {agree} of {n} positions")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    shanten(args)
    rummikub(args)


if __name__ == "__main__":
    ensure_environment()
    main()
