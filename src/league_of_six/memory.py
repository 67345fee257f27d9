"""What a bot remembers between its decisions: a card counter and a guard estimate per seat.

A bot sees ``observe(seat)`` only when it must decide. Like a player at the table it may remember
what it saw before: which civic leader cards were turned up, who took a gray card from a tax tile
centre (the tile and the gray supply are public), who took a face-up card as a civic row bonus, what
each figure collected and paid to reach its town. From that :class:`Memory` keeps

* ``held[p]``: civic leader cards seen going into seat ``p``'s hand;
* ``maybe``: cards one of a few seats took (two civic rows filled between two looks);
* ``unknown``: cards that left the table while the bot was not looking (taken or boxed: unknown);
* ``seen_up``: every pile card ever seen face up (the others are still face down);
* ``guards[p]``: an estimate of seat ``p``'s guards in hand (start 3, + guards collected, - travel
  and the number it stands on, + its share of the guards paid in offers, which go to other figures);
* ``storage_seen``: the storage tiles of each round (to know which tiles are left).

Everything here is computed from observations only, so it cannot leak a secret.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from league_of_six.components import GUARD, KINDS, TOWN_KEYS, Components

_TOWN = {k: i for i, k in enumerate(TOWN_KEYS)}


class Memory:
    def __init__(self, seat: int, players: int) -> None:
        self.seat = seat
        self.players = players
        self.held: list[set[int]] = [set() for _ in range(players)]
        self.unknown: set[int] = set()
        self.maybe: dict[int, list[int]] = {}  # card -> the other seats that may have taken it
        self.seen_up: set[int] = set()
        self.guards: list[float] = [3.0] * players
        self.storage_seen: dict[int, tuple[int, int]] = {}
        self.last_town: list[int] = [-1] * players
        self._round = 0
        self._faceup: dict[int, int] = {}  # pile figures -> card, at the last look this round
        self._gray: set[int] | None = None  # gray supply at the last look
        self._full_civic: set[int] = set()  # civic rows seen full this round
        self._taxed: set[int] = set()  # seats whose taxes were counted this round
        self._chosen = False  # the round's towns and counters counted
        self._gray_due: list[tuple[int, tuple[int, int]]] = []  # (seat, leader) owed a gray card

    def update(self, obs: dict[str, Any], comp: Components) -> None:
        """Take in one observation (call it with every observation the bot gets, in order)."""
        rnd = int(obs["round"])
        if rnd != self._round:
            # Face-up cards of the last look at an earlier round: taken later, or boxed.
            self.unknown.update(c for c in self._faceup.values() if c not in _hand_cards(obs))
            self._faceup = {}
            self._full_civic = set()
            self._taxed = set()
            self._chosen = False
            self._gray_due = []
            self._round = rnd
        st = obs["storage"]
        if st["royal_tile"] is not None:
            self.storage_seen[rnd] = (int(st["royal_tile"]), int(st["civic_tile"]))
        self._see_taxes(obs, comp)
        self._see_gray(obs, comp)
        self._see_faceup(obs)
        self._see_choosing(obs, comp)

    # ------------------------------------------------------------------ pieces of an update
    def _see_taxes(self, obs: dict[str, Any], comp: Components) -> None:
        for key, town in obs["towns"].items():
            p = town["holder"]
            if p is None or town["turned"] is None or p in self._taxed:
                continue
            self._taxed.add(p)
            t = _TOWN[key]
            side = 0 if town["side"] == "white" else 1
            got = comp.gains[t][side][town["tax_tile"]][town["turned"]]
            self.guards[p] += got[GUARD]
            leader = comp.tax_tiles[town["tax_tile"]].leader
            if leader is not None and p != self.seat:
                self._gray_due.append((p, leader))

    def _see_gray(self, obs: dict[str, Any], comp: Components) -> None:
        now = {int(c["card"]) for c in obs["civic_leaders"]["gray"]}
        gone = set() if self._gray is None else self._gray - now
        mine = _hand_cards(obs)
        for c in sorted(gone - mine):
            card = comp.cards[c]
            taker = -1
            for i, (p, leader) in enumerate(self._gray_due):
                if leader == (card.kind, card.figures):
                    taker = p
                    del self._gray_due[i]
                    break
            if taker >= 0:
                self.held[taker].add(c)
            else:
                self.unknown.add(c)
        self._gray = now

    def _see_faceup(self, obs: dict[str, Any]) -> None:
        up = {int(f): int(c["card"]) for f, c in obs["civic_leaders"]["faceup"].items() if c is not None}
        self.seen_up.update(up.values())
        mine = _hand_cards(obs)
        gone = [c for f, c in sorted(self._faceup.items()) if up.get(f) != c and c not in mine]
        # Civic rows filled since the last look: their choosers took the vanished cards, each a card
        # of at most the row's bonus in figures. Where several matchings fit, the card stays open.
        rows: list[tuple[int, int]] = []  # (chooser, bonus)
        for r, row in enumerate(obs["storage"]["rows"]):
            if row["store"] != "civic" or r in self._full_civic:
                continue
            if row["chosen_by"] is not None and all(sp["filled_by"] is not None for sp in row["spaces"]):
                self._full_civic.add(r)
                rows.append((int(row["chosen_by"]), int(row["bonus"])))
        figs = {c: f for f, c in self._faceup.items()}
        options: dict[int, set[int]] = {c: set() for c in gone}
        for match in permutations(range(len(rows)), len(gone)) if len(gone) <= len(rows) else ():
            if all(figs[c] <= rows[i][1] for c, i in zip(gone, match, strict=True)):
                for c, i in zip(gone, match, strict=True):
                    options[c].add(rows[i][0])
        for c in gone:
            takers = options[c] - {self.seat}
            if len(takers) == 1 and self.seat not in options[c]:
                self.held[takers.pop()].add(c)
            elif takers:
                self.maybe[c] = sorted(takers)
            else:
                self.unknown.add(c)
        self._faceup = up

    def _see_choosing(self, obs: dict[str, Any], comp: Components) -> None:
        if self._chosen or obs["phase"] not in ("rotate", "store", "bonus"):
            return
        self._chosen = True
        P = self.players
        ring = [_TOWN[k] for k in obs["ring"]]
        paid = 0
        for p, pl in enumerate(obs["players"]):
            t = _TOWN[pl["town"]] if pl["town"] is not None else -1
            counter = pl["counter"] or 0
            travel = 0
            if self._round > 1 and self.last_town[p] >= 0 and t >= 0:
                d = abs(ring.index(self.last_town[p]) - ring.index(t))
                travel = max(1, min(d, 6 - d))
            self.guards[p] -= travel + counter
            paid += counter
            self.last_town[p] = t
        for p in range(P):
            self.guards[p] = max(0.0, self.guards[p] + paid / P)

    def figures(self, comp: Components) -> list[list[int]]:
        """Civic leader figures per seat and kind that this memory has seen going into hands."""
        out = [[0] * len(KINDS) for _ in range(self.players)]
        for p, cards in enumerate(self.held):
            for c in cards:
                out[p][comp.cards[c].kind] += comp.cards[c].figures
        return out


def _hand_cards(obs: dict[str, Any]) -> set[int]:
    return {int(c["card"]) for c in obs.get("hand", {}).get("civic_leaders", [])}
