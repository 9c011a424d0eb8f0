#!/usr/bin/env python3
"""Scores the same random winning hands with `tiles mahjong score --json` and with the Python
`mahjong` package (the field's reference library), side by side in one run, and reports both
throughputs and how often the two agree (han, fu, points and the yaku).

    python3 crates/mahjong/benches/score_vs_python.py [--hands 10000] [--seed 1] [--show 3]

It builds `tiles` in release mode and, unless `mahjong` is importable already, makes a virtual
environment under target/score-vs-python with mahjong 2.1.0 and runs itself there. Our time is
the whole `tiles` process over all the requests (start, JSON in, scoring, JSON out; from a
file to a file); the reference's is its `estimate_hand_value` calls alone. The hands: four sets and a pair (now and
then seven pairs or thirteen orphans), some sets called (chi, pon, open or concealed kan), red
fives, and a situation that can happen, drawn from a seeded generator.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
VENV = ROOT / "target" / "score-vs-python"


def ensure_reference():
    """Imports `mahjong`, or re-runs this script in a virtual environment that has it."""
    try:
        import mahjong  # noqa: F401
    except ImportError:
        python = VENV / "bin" / "python"
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
            subprocess.run([str(python), "-m", "pip", "install", "-q", "mahjong==2.1.0"], check=True)
        os.execv(str(python), [str(python), __file__, *sys.argv[1:]])


ensure_reference()

from mahjong.constants import EAST, NORTH, SOUTH, WEST  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules  # noqa: E402
from mahjong.meld import Meld  # noqa: E402

WINDS = [EAST, SOUTH, WEST, NORTH]
RED_IDS = {4: 16, 13: 52, 22: 88}  # the reference's ids of the red 5m, 5p, 5s

# Our rules as the reference's options. Its double-wind pair is always 4 fu, so the wrc preset
# is sent with that switch set to 4. Tenhou counts no single yakuman double (the reference's
# has_double_yakuman off).
RULES = {
    "tenhou": ("tenhou", OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False,
                                      kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False)),
    "wrc": ({"preset": "wrc", "double_wind_fu": 4},
            OptionalRules(has_open_tanyao=True, has_aka_dora=False, has_double_yakuman=False,
                          kazoe_limit=HandConstants.KAZOE_SANBAIMAN, kiriage=True)),
}

NAMES = {"Aka Dora": "aka dora", "Chankan": "chankan", "Chantai": "chanta", "Chiihou": "chiihou",
         "Chiitoitsu": "chiitoitsu", "Chinitsu": "chinitsu", "Chinroutou": "chinroutou",
         "Chuuren Poutou": "chuuren", "Daburu Chuuren Poutou": "junsei chuuren",
         "Dai Suushii": "daisuushii", "Daisangen": "daisangen", "Dora": "dora",
         "Double Riichi": "double riichi", "Haitei Raoyue": "haitei", "Honitsu": "honitsu",
         "Honroutou": "honroutou", "Houtei Raoyui": "houtei", "Iipeiko": "iipeikou",
         "Ippatsu": "ippatsu", "Ittsu": "ittsu", "Junchan": "junchan",
         "Kokushi Musou Juusanmen Matchi": "kokushi 13-sided", "Kokushi Musou": "kokushi",
         "Menzen Tsumo": "menzen tsumo", "Pinfu": "pinfu", "Riichi": "riichi",
         "Rinshan Kaihou": "rinshan", "Ryanpeikou": "ryanpeikou", "Ryuuiisou": "ryuuiisou",
         "San Ankou": "sanankou", "San Kantsu": "sankantsu", "Sanshoku Doujun": "sanshoku",
         "Sanshoku Doukou": "sanshoku doukou", "Shou Sangen": "shousangen",
         "Shousuushii": "shousuushii", "Suu Ankou Tanki": "suuankou tanki", "Suu Ankou": "suuankou",
         "Suu Kantsu": "suukantsu", "Tanyao": "tanyao", "Tenhou": "tenhou", "Toitoi": "toitoi",
         "Tsuu Iisou": "tsuuiisou", "Ura Dora": "ura dora", "Yakuhai (chun)": "chun",
         "Yakuhai (haku)": "haku", "Yakuhai (hatsu)": "hatsu"}


def our_yaku_name(name):
    if name.startswith("Yakuhai (round"):
        return "round wind"
    if name.startswith("Yakuhai (seat"):
        return "seat wind"
    return NAMES.get(name, "?" + name)


def tile_name(kind, red=False):
    if kind >= 27:
        return f"{kind - 26}z"
    return f"{0 if red else kind % 9 + 1}{'mps'[kind // 9]}"


def draw_shape(rng):
    """Tile counts of a complete hand and the sets to call, or None to draw again."""
    counts = [0] * 34
    style = rng.random()
    pool = list(range(34))
    if style < 0.3:
        suit = rng.randrange(3)
        pool = [suit * 9 + i for i in range(9)] + list(range(27, 34))
    if style < 0.03:
        orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        for k in orphans:
            counts[k] += 1
        counts[rng.choice(orphans)] += 1
        return counts, []
    if style < 0.09:
        for k in rng.sample(pool, 7):
            counts[k] += 2
        return counts, []
    sets = []
    for _ in range(100):
        if len(sets) == 4:
            break
        k = rng.choice(pool)
        if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
            if counts[k] < 4 and counts[k + 1] < 4 and counts[k + 2] < 4:
                for j in range(3):
                    counts[k + j] += 1
                sets.append(("run", k))
        elif counts[k] <= 1:
            counts[k] += 3
            sets.append(("triplet", k))
    if len(sets) < 4:
        return None
    for _ in range(50):
        k = rng.choice(pool)
        if counts[k] <= 2:
            counts[k] += 2
            break
    else:
        return None
    melds = []
    for kind, k in sets:
        r = rng.random()
        if r < 0.25:
            melds.append(("chi" if kind == "run" else "pon", k))
        elif r < 0.32 and kind == "triplet" and counts[k] == 3:
            counts[k] += 1
            melds.append((rng.choice(["kan", "ankan"]), k))
    return counts, melds


def draw(rng):
    """One case: our request, and the reference's arguments."""
    preset = "wrc" if rng.random() < 0.15 else "tenhou"
    shape = draw_shape(rng)
    if shape is None:
        return None
    counts, melds = shape
    red_on = preset == "tenhou"
    reds = set(RED_IDS.values()) if red_on else set()
    ids = {}
    for k in range(34):
        copies = [4 * k + i for i in range(4) if 4 * k + i not in reds]
        chosen = []
        if k in RED_IDS and red_on and counts[k] and (counts[k] == 4 or rng.random() < 0.4):
            chosen.append(RED_IDS[k])
        chosen += copies[: counts[k] - len(chosen)]
        rng.shuffle(chosen)
        ids[k] = chosen
    all_ids, ref_melds, meld_requests = [], [], []
    for kind, k in melds:
        kinds = [k, k + 1, k + 2] if kind == "chi" else [k] * (3 if kind == "pon" else 4)
        tiles = [ids[x].pop() for x in kinds]
        ref_type = {"chi": Meld.CHI, "pon": Meld.PON}.get(kind, Meld.KAN)
        ref_melds.append(Meld(meld_type=ref_type, tiles=tiles, opened=kind != "ankan"))
        all_ids += tiles
        meld_requests.append({"type": kind, "tiles": "".join(tile_name(t // 4, t in reds) for t in sorted(tiles))})
    concealed = sorted(t for k in range(34) for t in ids[k])
    all_ids += concealed
    win = rng.choice(concealed)
    hand = ""
    for suit in range(4):
        digits = "".join(tile_name(t // 4, t in reds)[0] for t in concealed if min(t // 4 // 9, 3) == suit)
        if digits:
            hand += digits + "mpsz"[suit]
    closed = all(kind == "ankan" for kind, _ in melds)
    tsumo = rng.random() < 0.45
    seat = rng.randrange(4)
    round_wind = rng.randrange(2) if rng.random() < 0.9 else rng.randrange(4)
    riichi = closed and rng.random() < 0.5
    double = riichi and rng.random() < 0.1
    kans = sum(1 for kind, _ in melds if kind in ("kan", "ankan"))
    haitei = tsumo and rng.random() < 0.05
    houtei = not tsumo and rng.random() < 0.05
    first_draw = not melds and tsumo and not riichi and rng.random() < 0.03
    flags = {
        "tsumo": tsumo, "riichi": riichi, "double_riichi": double,
        "ippatsu": riichi and rng.random() < 0.15,
        "rinshan": tsumo and kans > 0 and not haitei and rng.random() < 0.3,
        "chankan": not tsumo and not houtei and counts[win // 4] == 1 and rng.random() < 0.05,
        "haitei": haitei, "houtei": houtei,
        "tenhou": first_draw and seat == 0, "chiihou": first_draw and seat != 0,
    }
    left = [t for t in range(136) if t not in set(all_ids) and (red_on or t not in RED_IDS.values())]
    rng.shuffle(left)
    dora = left[: 1 + kans]
    ura = left[1 + kans: 2 + 2 * kans] if riichi else []
    honba, sticks = rng.choice([0, 0, 0, 1, 2]), rng.choice([0, 0, 1, 2])
    rules, options = RULES[preset]
    request = {"hand": hand, "melds": meld_requests, "win": tile_name(win // 4, win in reds), **flags,
               "seat_wind": "ESWN"[seat], "round_wind": "ESWN"[round_wind],
               "dora_indicators": [tile_name(t // 4, t in reds) for t in dora],
               "ura_indicators": [tile_name(t // 4, t in reds) for t in ura],
               "honba": honba, "riichi_sticks": sticks, "rules": rules}
    config = HandConfig(is_tsumo=tsumo, is_riichi=riichi and not double, is_daburu_riichi=double,
                        is_ippatsu=flags["ippatsu"], is_rinshan=flags["rinshan"], is_chankan=flags["chankan"],
                        is_haitei=haitei, is_houtei=houtei, is_tenhou=flags["tenhou"], is_chiihou=flags["chiihou"],
                        player_wind=WINDS[seat], round_wind=WINDS[round_wind], tsumi_number=honba,
                        kyoutaku_number=sticks, options=options)
    reference = (all_ids, win, ref_melds or None, dora, config, ura or None)
    return request, reference


def expected(result, tsumo):
    if result.error:
        return {"error": result.error}
    cost = result.cost
    total = cost["main"] + 2 * cost["additional"] if tsumo else cost["main"]
    return {"han": result.han, "fu": result.fu, "total": total,
            "yaku": sorted(our_yaku_name(y.name) for y in result.yaku)}


def agrees(ours, theirs):
    if "error" in theirs:
        return "error" in ours and ("no yaku" in ours["error"]) == (theirs["error"] == "no_yaku")
    if "error" in ours:
        return False
    fu_ok = ours["fu"] == theirs["fu"] or (ours["yakuman"] > 0 and ours["fu"] == 0)
    return (fu_ok and (ours["han"], ours["points"]["total"]) == (theirs["han"], theirs["total"])
            and sorted(y["name"] for y in ours["yaku"]) == theirs["yaku"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=3, help="disagreements to print")
    parser.add_argument("--runs", type=int, default=5, help="runs of each side; medians compared")
    args = parser.parse_args()

    subprocess.run(["cargo", "build", "--release", "-q", "-p", "tiles-cli"], cwd=ROOT, check=True)
    tiles = ROOT / "target" / "release" / "tiles"

    rng = random.Random(args.seed)
    cases = []
    while len(cases) < args.hands:
        case = draw(rng)
        if case is not None:
            cases.append(case)

    def reference_run():
        answers = []
        for request, (tiles136, win, melds, dora, config, ura) in cases:
            try:
                result = HandCalculator.estimate_hand_value(tiles136, win, melds=melds, dora_indicators=dora,
                                                            config=config, ura_dora_indicators=ura)
                answers.append(expected(result, request["tsumo"]))
            except Exception as error:  # the reference refuses some situations by raising
                answers.append({"error": str(error)})
        return answers

    requests = VENV.parent / "score-vs-python.requests.jsonl"
    responses = VENV.parent / "score-vs-python.responses.jsonl"
    requests.write_text("".join(json.dumps(request) + "\n" for request, _ in cases))

    def our_run():
        with open(requests, "rb") as stdin, open(responses, "wb") as stdout:
            subprocess.run([str(tiles), "mahjong", "score", "--json"], stdin=stdin, stdout=stdout)

    # The machine may be shared: each side runs several times, alternating, and the medians
    # are compared. Each run starts after a second's pause: on this kind of machine a run that
    # follows a burst of work (the other side's, or drawing the hands) is slowed for a while,
    # which would be measuring the machine, not the code.
    our_times, their_times = [], []
    for _ in range(args.runs):
        time.sleep(1.0)
        start = time.perf_counter()
        our_run()
        our_times.append(time.perf_counter() - start)
        time.sleep(1.0)
        start = time.perf_counter()
        theirs = reference_run()
        their_times.append(time.perf_counter() - start)
    our_seconds = sorted(our_times)[len(our_times) // 2]
    their_seconds = sorted(their_times)[len(their_times) // 2]
    ours = [json.loads(line) for line in responses.read_text().splitlines()]

    disagree = [(case, o, t) for case, o, t in zip(cases, ours, theirs) if not agrees(o, t)]
    n = len(cases)
    print(f"{n} winning hands (seed {args.seed}), median of {args.runs} runs each")
    print(f"  tiles mahjong score --json   {our_seconds * 1e3:9.1f} ms   {n / our_seconds:12,.0f} hands/s")
    print(f"  Python mahjong 2.1.0         {their_seconds * 1e3:9.1f} ms   {n / their_seconds:12,.0f} hands/s")
    print(f"  ratio                        {their_seconds / our_seconds:9.1f}x")
    print(f"  agree on han, fu, points and yaku: {n - len(disagree)} of {n}")
    for (request, _), o, t in disagree[: args.show]:
        print("request  ", json.dumps(request))
        print("ours     ", json.dumps({k: o.get(k) for k in ("han", "fu", "yaku", "points", "error") if k in o}))
        print("reference", json.dumps(t))
    return 1 if len(ours) != n else 0


if __name__ == "__main__":
    sys.exit(main())
