#!/usr/bin/env python3
"""A policy learned from records, at our table: the shared Phoenix games written as a dataset,
a small network trained to choose what the players chose, its accuracy on held-out games by
decision kind, and the policy seated as a bot against the engine's `efficiency` and `value`
bots.

    python3 crates/tiles-py/examples/policy_from_records.py [--epochs 4] [--games 48] [--torch]

With numpy alone it trains a one-hidden-layer network (Adam, masked softmax: only legal ids
count); with `--torch` (PyTorch installed) the same network in PyTorch. An example, not a test:
the figures it prints are in the package README.
"""

import argparse
import collections
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from tiles import mahjong
from tiles.mahjong import dataset, encoding

ROOT = Path(__file__).resolve().parents[3]
PHOENIX = ROOT / "testdata" / "mahjong-game" / "logs" / "tenhou-mjlog-phoenix-2021"


def features(planes):
    """The planes as float inputs: counts and flags as they are, whole planes scaled down."""
    x = planes.reshape(len(planes), -1).astype(np.float32)
    return x * (1.0 / 4.0)


class NumpyPolicy:
    """A network of one hidden layer, in numpy, trained with Adam."""

    def __init__(self, inputs, hidden, actions, seed):
        rng = np.random.default_rng(seed)
        self.params = {
            "w1": (rng.standard_normal((inputs, hidden)) * np.sqrt(2 / inputs)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": (rng.standard_normal((hidden, actions)) * np.sqrt(1 / hidden)).astype(np.float32),
            "b2": np.zeros(actions, np.float32),
        }
        self.moments = {key: (np.zeros_like(value), np.zeros_like(value)) for key, value in self.params.items()}
        self.steps = 0

    def logits(self, x):
        p = self.params
        hidden = np.maximum(x @ p["w1"] + p["b1"], 0)
        return hidden @ p["w2"] + p["b2"], hidden

    def train(self, x, mask, action, rate=1e-3):
        p = self.params
        logits, hidden = self.logits(x)
        logits = np.where(mask, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        n = len(x)
        loss = -np.log(probs[np.arange(n), action] + 1e-12).mean()
        grad = probs
        grad[np.arange(n), action] -= 1
        grad /= n
        grads = {"w2": hidden.T @ grad, "b2": grad.sum(axis=0)}
        back = (grad @ p["w2"].T) * (hidden > 0)
        grads["w1"] = x.T @ back
        grads["b1"] = back.sum(axis=0)
        self.steps += 1
        for key, g in grads.items():
            m, v = self.moments[key]
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            p[key] -= rate * m_hat / (np.sqrt(v_hat) + 1e-8)
        return loss

    def choose(self, x, mask):
        logits, _ = self.logits(x)
        return np.where(mask, logits, -np.inf).argmax(axis=1)


class TorchPolicy:
    """The same network in PyTorch."""

    def __init__(self, inputs, hidden, actions, seed):
        import torch

        torch.manual_seed(seed)
        self.torch = torch
        self.net = torch.nn.Sequential(
            torch.nn.Linear(inputs, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, actions)
        )
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=1e-3)

    def train(self, x, mask, action, rate=None):
        torch = self.torch
        logits = self.net(torch.from_numpy(x))
        logits = logits.masked_fill(~torch.from_numpy(mask), -1e9)
        loss = torch.nn.functional.cross_entropy(logits, torch.from_numpy(action))
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return float(loss)

    def choose(self, x, mask):
        torch = self.torch
        with torch.no_grad():
            logits = self.net(torch.from_numpy(x)).masked_fill(~torch.from_numpy(mask), -float("inf"))
        return logits.argmax(dim=1).numpy()


def accuracy_by_kind(policy, data):
    right, total = collections.Counter(), collections.Counter()
    for batch in data:
        chosen = policy.choose(features(batch["planes"]), batch["mask"].astype(bool))
        hits = chosen == batch["action"]
        for kind, hit in zip(batch["kind"], hits):
            name = dataset.Dataset.KINDS[kind]
            total[name] += 1
            right[name] += int(hit)
    return right, total


def play(policy, opponents, games, seed):
    """Hanchan with the policy in one seat (each seat in turn) and `opponents` in the others:
    the policy's places and final points."""
    places, points = [], []
    observation, mask = encoding.empty()
    raw = mask.view(np.uint8)
    for index in range(games):
        mine = index % 4
        game = mahjong.Game(seed=seed + index)
        bots = [None if seat == mine else opponents for seat in range(4)]
        while not game.done:
            game.play_bots(bots)
            if game.done:
                break
            game.encode(mine, observation, raw)
            choice = policy.choose(features(observation[None]), mask[None].astype(bool))[0]
            game.act(mine, int(choice))
        places.append(game.result["ranks"][mine])
        points.append(game.result["scores"][mine])
    return places, points


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--games", type=int, default=48, help="hanchan against each opponent")
    parser.add_argument("--torch", action="store_true", help="train with PyTorch")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out = Path(tempfile.mkdtemp(prefix="tiles-policy-"))
    start = time.perf_counter()
    summary = dataset.write([PHOENIX], out)
    print(f"dataset: {summary['decisions']:,} decisions of {summary['games']} games "
          f"in {time.perf_counter() - start:.2f} s")
    train = dataset.Dataset(out, "train", batch_size=512, seed=args.seed, augment=True)
    test = dataset.Dataset(out, "test", batch_size=4096, shuffle=False)
    inputs = encoding.CHANNELS * encoding.COLUMNS
    make = TorchPolicy if args.torch else NumpyPolicy
    policy = make(inputs, args.hidden, encoding.ACTIONS, args.seed)
    start = time.perf_counter()
    for epoch in range(args.epochs):
        train.set_epoch(epoch)
        losses = [policy.train(features(b["planes"]), b["mask"].astype(bool), b["action"]) for b in train]
        print(f"epoch {epoch + 1}: loss {statistics.mean(losses):.3f} "
              f"({time.perf_counter() - start:.0f} s, {len(train):,} decisions an epoch)")
    right, total = accuracy_by_kind(policy, test)
    print(f"held-out games ({len(test):,} decisions of the test split): "
          f"{sum(right.values()) / sum(total.values()):.1%} of decisions as the player chose")
    for kind in dataset.Dataset.KINDS:
        if total[kind]:
            print(f"  {kind:15} {right[kind] / total[kind]:6.1%} of {total[kind]:,}")
    for opponents in ("efficiency", "value"):
        start = time.perf_counter()
        places, points = play(policy, opponents, args.games, seed=10_000)
        share = collections.Counter(places)
        print(f"against three {opponents} bots, {args.games} hanchan: average place "
              f"{statistics.mean(places):.2f}, final points {statistics.mean(points):,.0f} "
              f"(1st-4th: {', '.join(str(share[p]) for p in (1, 2, 3, 4))}; "
              f"{time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
