"""The facts of a finished Wallenstein game that the balance report needs, read from its public log
and its final public view only (nothing secret, nothing from the engine's hot path).

The schema is the one :mod:`tabletop.analysis` reads for every game (see there):

* ``order``: per season, each seat's place in player order (1 = first);
* ``items``: per category, per seat, the labels that seat had: ``bonus tile`` and ``bid`` (2012,
  per season taken), ``county`` held at the end, ``region`` where the seat holds the most counties
  at the end (ties included);
* ``events``: the event cards turned up, one label (the event) per season;
* ``tower``: per seat ``[cubes thrown in, cubes that came out]`` over every drop (the initial fill,
  battles, revolts): its luck;
* ``actions``: per action, ``[performed, skipped]`` over all seats.
"""

from __future__ import annotations

from typing import Any

from wallenstein.board import BOARD
from wallenstein.game import Game


def _ranks(places: dict[int, int], players: int) -> list[int]:
    """Places in player order (1..P) from any increasing key per seat (e.g. the tile position)."""
    seats = sorted(places, key=lambda p: places[p])
    return [seats.index(p) + 1 if p in places else 0 for p in range(players)]


def _bid_label(card: str | None) -> str:
    """A bid by its worth: no bid, a county card (worth 0 in the bid, W-09), or money k."""
    if card is None:
        return "no bid"
    return "money " + card[6:] if card.startswith("money:") else "county card"


def game_facts(game: Game) -> dict[str, Any]:
    """The report's facts of ``game`` (played with ``log=True``)."""
    P = game.players
    order: list[list[int]] = []
    positions: dict[int, int] = {}
    tiles: list[list[str]] = [[] for _ in range(P)]
    bids: list[list[str]] = [[] for _ in range(P)]
    events: list[str] = []
    tower = [[0, 0] for _ in range(P)]
    actions: dict[str, list[int]] = {}
    for e in game.log:
        kind = e["e"]
        if kind == "position":  # 2012: a seat takes a place on the bonus-tile track
            positions[e["seat"]] = e["position"]
            tiles[e["seat"]].append(e["tile"])
            if len(positions) == P:
                order.append(_ranks(positions, P))
                positions = {}
        elif kind == "leaders":  # 2002: the leader cards give the order
            order.append([e["order"].index(p) + 1 for p in range(P)])
        elif kind == "bids":
            for seat, card in e["bids"].items():
                bids[int(seat)].append(_bid_label(card))
        elif kind == "event":
            events.append(e["event"])
        elif kind in ("action", "skip"):
            counts = actions.setdefault(e["action"], [0, 0])
            counts[kind == "skip"] += 1
        if "dropped" in e and "out" in e:  # tower_fill, battle, revolt
            for p in range(P):
                tower[p][0] += e["dropped"].get(str(p), 0)
                tower[p][1] += e["out"].get(str(p), 0)
    counties: list[list[str]] = [[] for _ in range(P)]
    per_region = [[0] * P for _ in BOARD.regions]
    for key, county in game.observe(None)["counties"].items():
        owner = county["owner"]
        if owner is not None:
            counties[owner].append(key)
            per_region[BOARD.region_of[BOARD.keys.index(key)]][owner] += 1
    regions: list[list[str]] = [[] for _ in range(P)]
    for r, counts in enumerate(per_region):
        best = max(counts)
        for p in range(P):
            if best > 0 and counts[p] == best:
                regions[p].append(BOARD.regions[r])
    items: dict[str, list[list[str]]] = {"county": counties, "region": regions}
    if not game.is2002:
        items = {"bonus tile": tiles, "bid": bids, **items}
    return {"order": order, "items": items, "events": events, "tower": tower, "actions": actions}


__all__ = ["game_facts"]
