"""An independent count of the decisions in Tenhou mjlog records, by kind, for checking a
dataset's counts: the records' tags read here with a regular expression, and whether a seat
could claim a discard worked out here from the tiles it holds (and the discards it let go), with the PyPI ``mahjong``
package deciding whether a hand wins with a yaku. Nothing of ours is used.

What counts, as the notes on Tenhou's game state it: every discard (a riichi discard apart),
call, kan, North, win and nine-terminals abort; and a declined claim where the record shows the
seat declined: it could ron (a winning hand with a yaku, not furiten), pon, open kan or chi the
tile, did not, and no other seat's claim took the tile in a way that would have taken it from
this seat's every option too (ron first, then pon and kan, then chi; two rons both stand).
Only hands the record finishes are counted.
"""

import re

from mahjong.agari import Agari
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

TAG = re.compile(r"<(\w+)([^>]*?)/?>")
ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')
DRAWS, DISCARDS = "TUVW", "DEFG"
KINDS = ("discard", "riichi", "tsumo", "ron", "chi", "pon", "daiminkan", "ankan", "kakan", "kita", "nine_terminals", "pass")
AGARI = Agari()
CALCULATOR = HandCalculator()
RULES = OptionalRules(has_open_tanyao=True, has_aka_dora=True)
TERMINALS = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}


def counts34(tiles):
    counts = [0] * 34
    for tile in tiles:
        counts[tile // 4] += 1
    return counts


def waits(tiles):
    """The kinds that complete a hand of these concealed tiles (shape alone, any reading)."""
    counts = counts34(tiles)
    found = set()
    for kind in range(34):
        if counts[kind] < 4:
            counts[kind] += 1
            if AGARI.is_agari(counts):
                found.add(kind)
            counts[kind] -= 1
    return found


def kokushi(tiles):
    """Whether 14 tiles are thirteen orphans."""
    counts = counts34(tiles)
    return all(counts[kind] for kind in TERMINALS)


class Seat:
    def __init__(self, tiles):
        self.closed = list(tiles)
        self.melds = []
        self.discarded = set()
        self.riichi = False
        self.passed_ron = False  # temporary furiten (for the rest of the hand after riichi)
        self._waits = None

    def changed(self):
        self._waits = None

    def waits(self):
        if self._waits is None:
            self._waits = waits(self.closed) if len(self.closed) % 3 == 1 else set()
        return self._waits

    def furiten(self):
        return self.passed_ron or bool(self.waits() & self.discarded)

    def remove(self, tile):
        self.closed.remove(tile)
        self.changed()


class Hand:
    """One hand's state, from INIT."""

    def __init__(self, attributes, players):
        seed = [int(part) for part in attributes["seed"].split(",")]
        self.round_wind = 27 + seed[0] // 4
        self.dealer = int(attributes["oya"])
        self.players = players
        self.seats = [Seat([int(t) for t in attributes[f"hai{s}"].split(",")]) for s in range(players)]
        self.live = (70 if players == 4 else 55)
        self.kans = 0

    def can_ron(self, seat, tile, chankan=False, kokushi_only=False, houtei=False):
        player = self.seats[seat]
        if tile // 4 not in player.waits() or player.furiten():
            return False
        tiles = player.closed + [tile]
        if kokushi_only:
            return kokushi(tiles)
        every = tiles + [t for meld in player.melds for t in meld.tiles]
        config = HandConfig(
            is_riichi=player.riichi,
            is_houtei=houtei,
            is_chankan=chankan,
            player_wind=27 + (seat - self.dealer) % self.players,
            round_wind=self.round_wind,
            options=RULES,
        )
        result = CALCULATOR.estimate_hand_value(every, tile, melds=player.melds, config=config)
        return result.error is None

    def call_options(self, seat, tile, discarder):
        """Precedences of the calls (not ron) the seat could make on the discard."""
        player = self.seats[seat]
        if player.riichi or self.live == 0:
            return []
        kind = tile // 4
        same = [t for t in player.closed if t // 4 == kind]
        options = []
        if len(same) >= 2 and self.leaves_a_discard(player.closed, same[:2], {kind}):
            options.append(2)
        if len(same) >= 3 and self.kans < 4:
            options.append(2)
        if self.players == 4 and seat == (discarder + 1) % 4 and kind < 27:
            number = kind % 9
            for low in (number - 2, number - 1, number):
                if low < 0 or low + 2 > 8:
                    continue
                others = [kind - number + n for n in (low, low + 1, low + 2) if n != number]
                used = []
                for other in others:
                    held = [t for t in player.closed if t // 4 == other]
                    if not held:
                        break
                    used.append(held[0])
                else:
                    forbidden = {kind}
                    if low == number:  # the tile taken is the run's low end
                        if number + 3 <= 8:
                            forbidden.add(kind + 3)
                    elif low == number - 2:  # its high end
                        if number - 3 >= 0:
                            forbidden.add(kind - 3)
                    if self.leaves_a_discard(player.closed, used, forbidden):
                        options.append(1)
        return options

    @staticmethod
    def leaves_a_discard(closed, used, forbidden):
        """Whether the hand keeps a tile it may discard after the call (kuikae)."""
        rest = list(closed)
        for tile in used:
            rest.remove(tile)
        return any(t // 4 not in forbidden for t in rest)


def count(text):
    """Decisions by kind in an mjlog record's finished hands."""
    tags = [(name, dict(ATTRIBUTE.findall(attributes))) for name, attributes in TAG.findall(text)]
    players = 4
    for name, attributes in tags:
        if name == "GO":
            players = 3 if int(attributes.get("type", 0)) & 0x10 else 4
    totals = dict.fromkeys(KINDS, 0)
    hand = None
    tally = None
    reach = [False] * 4
    for index, (name, attributes) in enumerate(tags):
        if name == "INIT":
            hand = Hand(attributes, players)
            tally = dict.fromkeys(KINDS, 0)
            reach = [False] * 4
        elif hand is None:
            continue
        elif name[0] in DRAWS and name[1:].isdigit():
            seat = DRAWS.index(name[0])
            hand.seats[seat].closed.append(int(name[1:]))
            hand.seats[seat].changed()
            hand.live -= 1
        elif name[0] in DISCARDS and name[1:].isdigit():
            seat = DISCARDS.index(name[0])
            tile = int(name[1:])
            player = hand.seats[seat]
            player.remove(tile)
            player.discarded.add(tile // 4)
            if not player.riichi:
                player.passed_ron = False
            if reach[seat]:
                tally["riichi"] += 1
                player.riichi = True
                reach[seat] = False
            else:
                tally["discard"] += 1
            window(hand, tags, index, seat, tile, tally, "discard")
        elif name == "REACH" and attributes.get("step") == "1":
            reach[int(attributes["who"])] = True
        elif name == "N":
            seat, code = int(attributes["who"]), int(attributes["m"])
            meld(hand, seat, code, tags, index, tally)
        elif name == "AGARI":
            winner, source = int(attributes["who"]), int(attributes["fromWho"])
            tally["tsumo" if winner == source else "ron"] += 1
            finish(totals, tally)
        elif name == "RYUUKYOKU":
            if attributes.get("type") == "yao9":
                tally["nine_terminals"] += 1
            if attributes.get("type") == "ron3":
                tally["ron"] += 3
            finish(totals, tally)
            hand = None
    return totals


def finish(totals, tally):
    for kind, value in tally.items():
        totals[kind] += value
    tally.clear()
    tally.update(dict.fromkeys(KINDS, 0))


def taken(tags, index):
    """What took the tile of the tag at `index`: each (seat, precedence) claim that follows."""
    claims = []
    for name, attributes in tags[index + 1 :]:
        if name == "AGARI":
            claims.append((int(attributes["who"]), 3))
            continue
        # A riichi stick placed, an indicator turned, a player leaving or coming back.
        if name in ("DORA", "BYE", "UN") or (name == "REACH" and attributes.get("step") == "2"):
            continue
        if name == "N":
            code = int(attributes["m"])
            claims.append((int(attributes["who"]), 1 if code & 0x4 else 2))
        if name == "RYUUKYOKU" and attributes.get("type") == "ron3":
            claims.extend((seat, 3) for seat in range(4))
        break
    return claims


def window(hand, tags, index, source, tile, tally, kind):
    """The seats that could claim the tile: their declines counted, furiten noted."""
    claims = taken(tags, index)
    if kind != "discard":
        claims = [claim for claim in claims if claim[1] == 3]
    claimed = {seat for seat, _ in claims}
    top = max((precedence for _, precedence in claims), default=0)
    for seat in range(hand.players):
        if seat == source:
            continue
        if kind == "discard":
            ron = hand.can_ron(seat, tile, houtei=hand.live == 0)
            options = hand.call_options(seat, tile, source)
        else:
            ron = hand.can_ron(seat, tile, chankan=kind == "kakan", kokushi_only=kind == "ankan")
            options = []
        if ron:
            options.append(3)
        # A winning tile let go, yaku or not, makes the seat furiten until its next discard
        # (for good after riichi): the records show a seat that let its wait go without a
        # yaku unable to ron the same tile as the hand's last discard, with houtei's yaku.
        player = hand.seats[seat]
        shape = tile // 4 in player.waits() and (kind != "ankan" or kokushi(player.closed + [tile]))
        if shape and seat not in claimed:
            player.passed_ron = True
        if not options or seat in claimed:
            continue
        lowest = min(options)
        if lowest > top or lowest == 3:
            tally["pass"] += 1


def meld(hand, seat, code, tags, index, tally):
    player = hand.seats[seat]
    if code & 0x4:  # chi
        base = code >> 10
        called = base % 3
        base //= 3
        first = (base // 7) * 9 + base % 7
        tiles = [(first + i) * 4 + ((code >> (3 + 2 * i)) & 3) for i in range(3)]
        for i, tile in enumerate(tiles):
            if i != called:
                player.remove(tile)
        player.melds.append(Meld(Meld.CHI, tiles=sorted(tiles), opened=True))
        tally["chi"] += 1
    elif code & 0x18:  # pon or added kan
        unused = (code >> 5) & 3
        base = (code >> 9) // 3
        if code & 0x8:
            tiles = [base * 4 + i for i in range(4) if i != unused]
            held = [t for t in player.closed if t in tiles]
            for tile in held[:2]:
                player.remove(tile)
            player.melds.append(Meld(Meld.PON, tiles=tiles, opened=True))
            tally["pon"] += 1
        else:
            added = base * 4 + unused
            player.remove(added)
            for existing in player.melds:
                if existing.type == Meld.PON and existing.tiles[0] // 4 == base:
                    existing.type = Meld.SHOUMINKAN
                    existing.tiles = [base * 4 + i for i in range(4)]
            tally["kakan"] += 1
            hand.kans += 1
            window(hand, tags, index, seat, added, tally, "kakan")
    elif code & 0x20:  # a North set aside
        north = code >> 8
        player.remove(north)
        tally["kita"] += 1
        window(hand, tags, index, seat, north, tally, "kita")
    else:  # a kan
        first = code >> 8
        base = first // 4
        tiles = [base * 4 + i for i in range(4)]
        if code & 3:
            for tile in [t for t in player.closed if t // 4 == base][:3]:
                player.remove(tile)
            player.melds.append(Meld(Meld.KAN, tiles=tiles, opened=True))
            tally["daiminkan"] += 1
        else:
            for tile in tiles:
                player.remove(tile)
            player.melds.append(Meld(Meld.KAN, tiles=tiles, opened=False))
            tally["ankan"] += 1
            window(hand, tags, index, seat, first, tally, "ankan")
        hand.kans += 1
