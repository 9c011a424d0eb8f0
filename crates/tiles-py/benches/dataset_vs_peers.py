#!/usr/bin/env python3
"""Records as training data, side by side in one run: the 300 Phoenix hanchan of 2021
(`testdata/mahjong-game/logs/tenhou-mjlog-phoenix-2021`) turned into decisions.

    python3 crates/tiles-py/benches/dataset_vs_peers.py [--runs 3]

- tiles, writing: `tiles.mahjong.dataset.write` of the records as shards (every core), from the
  mjlog files and from the same games as tenhou.net/6 and as mjai (one `.jsonl` a game),
  converted beforehand by `tiles mahjong convert`: decisions a second (wall clock) and a CPU-second (this process's
  CPU time, every thread).
- RiichiEnv: `MjaiReplay.from_jsonl` over the same mjai files, every seat's `Kyoku.steps`,
  with `encode()` and `mask()` on each observation (its features of one decision), one core:
  decisions a CPU-second.
- tiles, loading: `tiles.mahjong.dataset.Dataset` over the written shards, batches of 1,024
  shuffled across shards, on one core: decisions a second, with and without augmentation.

Each figure is the median of --runs runs, printed as a `figure:` line (as `cargo xtask bench`
reads them). It runs in the Python that has `tiles`, `riichienv` and numpy (the tests'
environment, `target/py-venv`, has them).
"""

import argparse
import glob
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PHOENIX = ROOT / "testdata" / "mahjong-game" / "logs" / "tenhou-mjlog-phoenix-2021"


def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def converted(scratch, to):
    """The Phoenix games converted by `tiles mahjong convert` (mjai: one plain `.jsonl` a
    game)."""
    out = scratch / to
    tiles = str(ROOT / "target" / "release" / "tiles")
    if not Path(tiles).exists():
        subprocess.run(["cargo", "build", "-q", "--release", "-p", "tiles-cli"], cwd=ROOT, check=True)
    subprocess.run([tiles, "mahjong", "convert", "--to", to, str(PHOENIX), "--out", str(out)],
                   check=True, stderr=subprocess.DEVNULL)
    import gzip

    for path in sorted(out.glob("*.json.gz")):
        (out / (path.name[: -len(".json.gz")] + ".jsonl")).write_bytes(gzip.decompress(path.read_bytes()))
        path.unlink()
    return out


def median(values):
    return statistics.median(values)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    import numpy as np
    import riichienv

    from tiles.mahjong import dataset

    scratch = Path(tempfile.mkdtemp(prefix="tiles-dataset-bench-"))
    try:
        mjai = converted(scratch, "mjai")
        tenhou6 = converted(scratch, "tenhou6")
        decisions = None
        for name, source in (("mjlog", PHOENIX), ("tenhou.net/6", tenhou6), ("mjai", mjai)):
            walls, cpus = [], []
            for _ in range(args.runs):
                start, start_cpu = time.perf_counter(), cpu()
                summary = dataset.write([source], scratch / "out")
                walls.append(time.perf_counter() - start)
                cpus.append(cpu() - start_cpu)
            decisions = summary["decisions"]
            wall, cpu_time = median(walls), median(cpus)
            print(f"figure: 300 Phoenix hanchan from {name} to shards, tiles.mahjong.dataset.write | "
                  f"every core ({os.cpu_count()}), median of {args.runs} | {wall * 1e3:.1f}ms "
                  f"({decisions / wall:,.0f} decisions/s, {decisions / cpu_time:,.0f} per CPU-second)")
        files = sorted(glob.glob(str(mjai / "*.jsonl")))
        times, counts = [], []
        for _ in range(args.runs):
            start = cpu()
            count = 0
            for path in files:
                replay = riichienv.MjaiReplay.from_jsonl(path)
                for kyoku in replay.take_kyokus():
                    for seat in range(4):
                        for observation, _action in kyoku.steps(seat):
                            observation.encode()
                            observation.mask()
                            count += 1
            times.append(cpu() - start)
            counts.append(count)
        print(f"figure: the same games from mjai, riichienv {riichienv.__version__ if hasattr(riichienv, '__version__') else ''} "
              f"MjaiReplay steps with encode() and mask() | one core, median of {args.runs} | "
              f"{median(times) * 1e3:.1f}ms ({counts[0] / median(times):,.0f} decisions per CPU-second, "
              f"{counts[0]:,} decisions)")
        out = scratch / "out"
        dataset.write([PHOENIX], out, shard_size="16M")
        for augment in (False, True):
            times = []
            for run in range(args.runs):
                data = dataset.Dataset(out, "train", batch_size=1024, seed=run, augment=augment)
                start = time.perf_counter()
                count = 0
                for batch in data:
                    count += len(batch["action"])
                times.append(time.perf_counter() - start)
            print(f"figure: loading the train split as numpy batches of 1,024, shuffled across shards"
                  f"{', suits permuted' if augment else ''} | one core, median of {args.runs} | "
                  f"{median(times) * 1e3:.1f}ms ({count / median(times):,.0f} decisions/s)")
        shard_bytes = sum(path.stat().st_size for path in out.glob("*.npy"))
        print(f"figure: bytes a decision on disk, shards with their headers | {decisions:,} decisions | "
              f"{shard_bytes / decisions:.1f} B")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    _ = np


if __name__ == "__main__":
    sys.exit(main())
