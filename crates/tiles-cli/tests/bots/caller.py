"""An mjai bot that calls and declares riichi: it pons any honour it holds two of (when it
may), declares riichi when a discard leaves its closed hand ready, wins by tsumo in riichi, and
otherwise discards a lone tile (no copy or neighbour in hand), else the tile it drew (after a
call, a tile it may). It keeps its hand from the
events, as a bot must. mjai.app's batch form: `python3 caller.py SEAT`.
"""
import json
import sys

HONOURS = ["E", "S", "W", "N", "P", "F", "C"]


def kind(tile):
    """0-33 for a tile name ("5mr" is a 5m)."""
    if tile in HONOURS:
        return 27 + HONOURS.index(tile)
    return "mps".index(tile[1]) * 9 + int(tile[0]) - 1


def complete(counts, sets_needed):
    """Whether counts (34) make sets_needed sets and a pair."""
    def sets(counts, needed):
        if needed == 0:
            return sum(counts) == 0
        first = next(i for i, c in enumerate(counts) if c)
        if counts[first] >= 3:
            counts[first] -= 3
            ok = sets(counts, needed - 1)
            counts[first] += 3
            if ok:
                return True
        if first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
            for i in range(3):
                counts[first + i] -= 1
            ok = sets(counts, needed - 1)
            for i in range(3):
                counts[first + i] += 1
            return ok
        return False

    for pair in range(34):
        if counts[pair] >= 2:
            counts[pair] -= 2
            ok = sets(counts, sets_needed)
            counts[pair] += 2
            if ok:
                return True
    return sets_needed == 4 and all(c in (0, 2) for c in counts) and counts.count(2) == 7


def counts_of(tiles):
    counts = [0] * 34
    for tile in tiles:
        counts[kind(tile)] += 1
    return counts


def ready(tiles, sets_needed):
    """Whether these tiles (3k + 1) wait on a tile the hand does not hold all four of."""
    counts = counts_of(tiles)
    for draw in range(34):
        if counts[draw] < 4:
            counts[draw] += 1
            ok = complete(counts, sets_needed)
            counts[draw] -= 1
            if ok:
                return True
    return False


class Bot:
    def __init__(self, seat):
        self.seat = seat
        self.hand = []
        self.melds = 0
        self.riichi = False
        self.riichi_discard = None
        self.left = 70
        self.scores = [25000] * 4
        self.drawn = None
        self.after_kan = False
        self.forbidden = None

    def react(self, event):
        """The answer if the seat may act after `event`, else None."""
        kind_ = event["type"]
        me = event.get("actor") == self.seat
        if kind_ == "start_kyoku":
            self.hand = list(event["tehais"][self.seat])
            self.melds, self.riichi, self.left = 0, False, 70
            self.scores = event["scores"]
            return None
        if kind_ == "tsumo":
            self.left -= 1
            if not me:
                return None
            self.drawn = event["pai"]
            self.hand.append(self.drawn)
            return self.on_turn()
        if kind_ == "reach" and me:
            tile = self.riichi_discard
            return {"type": "dahai", "actor": self.seat, "pai": tile, "tsumogiri": tile == self.drawn}
        if kind_ == "reach_accepted" and me:
            self.riichi = True
            return None
        if kind_ == "dahai":
            if me:
                self.hand.remove(event["pai"])
                return None
            return self.on_discard(event)
        if kind_ in ("pon", "chi", "daiminkan") and me:
            for tile in event["consumed"]:
                self.hand.remove(tile)
            self.melds += 1
            self.drawn = None
            self.forbidden = kind(event["pai"])
            choice = next(t for t in self.hand if kind(t) != self.forbidden)
            return {"type": "dahai", "actor": self.seat, "pai": choice, "tsumogiri": False}
        return None

    def on_turn(self):
        sets_needed = 4 - self.melds
        if self.riichi:
            if complete(counts_of(self.hand), sets_needed):
                return {"type": "hora", "actor": self.seat, "target": self.seat, "pai": self.drawn}
            return {"type": "dahai", "actor": self.seat, "pai": self.drawn, "tsumogiri": True}
        if self.melds == 0 and self.scores[self.seat] >= 1000 and self.left >= 4:
            for tile in sorted(set(self.hand), key=lambda t: t != self.drawn):
                rest = list(self.hand)
                rest.remove(tile)
                if ready(rest, sets_needed):
                    self.riichi_discard = tile
                    return {"type": "reach", "actor": self.seat}
        counts = counts_of(self.hand)

        def lone(tile):
            k = kind(tile)
            if counts[k] > 1:
                return False
            if k >= 27:
                return True
            return all(counts[n] == 0 for n in range(max(k - 2, k // 9 * 9), min(k + 3, k // 9 * 9 + 9)) if n != k)

        choice = next((t for t in sorted(self.hand, key=lambda t: kind(t) < 27) if lone(t)), self.drawn)
        return {"type": "dahai", "actor": self.seat, "pai": choice, "tsumogiri": choice == self.drawn}

    def on_discard(self, event):
        tile = event["pai"]
        same = [t for t in self.hand if kind(t) == kind(tile)]
        if (not self.riichi and tile in HONOURS and len(same) >= 2 and self.left > 0
                and len(self.hand) > 4):
            return {"type": "pon", "actor": self.seat, "target": event["actor"], "pai": tile,
                    "consumed": same[:2]}
        return None


def main():
    bot = Bot(int(sys.argv[1]))
    for line in sys.stdin:
        answer = None
        for event in json.loads(line):
            answer = bot.react(event)
        print(json.dumps(answer or {"type": "none"}), flush=True)


main()
