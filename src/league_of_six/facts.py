"""The facts of a finished League of Six game that the balance report needs, read from its public
log only, in the schema :mod:`tabletop.analysis` reads (see :mod:`wallenstein.facts`):

* ``order``: per round, each seat's place in the choosing order (the set-up order, then each
  reorder);
* ``items``: ``town`` chosen (per choice), ``offer`` (guards offered, made or accepted),
  ``majority`` (the kinds of civic leader in which the seat has the most figures at the end, ties
  included);
* ``events``: the towns besieged by the Hussites, per round;
* ``tower``: none (League of Six has no tower); ``actions``: none.
"""

from __future__ import annotations

from typing import Any

from league_of_six.game import Game


def game_facts(game: Game) -> dict[str, Any]:
    """The report's facts of ``game`` (played with ``log=True``)."""
    P = game.players
    order: list[list[int]] = []
    towns: list[list[str]] = [[] for _ in range(P)]
    offers: list[list[str]] = [[] for _ in range(P)]
    majority: list[list[str]] = [[] for _ in range(P)]
    events: list[str] = []
    for e in game.log:
        kind = e["e"]
        if kind in ("setup", "reorder"):
            seats = e["choosing"] if kind == "setup" else e["order"]
            order.append([seats.index(p) + 1 for p in range(P)])
        elif kind == "choose":
            towns[e["seat"]].append(e["town"])
        elif kind == "offer":
            offers[e["seat"]].append("made")
        elif kind == "accept":
            offers[e["seat"]].append("accepted")
        elif kind == "round":
            events.extend("besieged " + t for t in e["besieged"])
        elif kind == "final":
            for leader, held in e["majorities"].items():
                best = max(held["figures"])
                for p in range(P):
                    if best > 0 and held["figures"][p] == best:
                        majority[p].append(leader)
    items = {"town": towns, "offer": offers, "majority": majority}
    return {"order": order[:-1] or order, "items": items, "events": events, "tower": [], "actions": {}}


__all__ = ["game_facts"]
