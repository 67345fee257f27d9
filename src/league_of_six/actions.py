"""Decisions as small immutable values with a stable, human-readable JSON form.

An :class:`Action` is a named tuple ``(kind, a, b)``; equal actions compare equal, so
``action in game.legal_actions(seat)`` works. Towns are named by their key (``TOWN_KEYS``), which
every component set shares, so an action means the same whatever tiles are in use.

JSON forms::

    {"type": "choose", "town": "lauban"}          choose a town / travel on after accepting an offer
    {"type": "offer", "guards": 3}                offer guards to the town's other figure (a higher number)
    {"type": "accept"}                            accept the offer standing against you
    {"type": "rotate", "turn": 2}                 turn the tax tile 0..5 edges clockwise, then collect
    {"type": "row", "store": "royal", "row": 1}   choose a storage row (rows counted from 1, top first)
    {"type": "leader", "figures": 3}              civic row bonus: take the face-up card of that pile
"""

from __future__ import annotations

from typing import Any, NamedTuple

from league_of_six.components import MAX_OFFER, TOWN_KEYS
from tabletop.action_json import action_text, check_fields, json_int, typed_action
from tabletop.errors import IllegalAction

CHOOSE_KIND = "choose"
OFFER_KIND = "offer"
ACCEPT_KIND = "accept"
ROTATE_KIND = "rotate"
ROW_KIND = "row"
LEADER_KIND = "leader"

STORES = ("royal", "civic")

_FIELDS: dict[str, set[str]] = {
    CHOOSE_KIND: {"town"},
    OFFER_KIND: {"guards"},
    ACCEPT_KIND: set(),
    ROTATE_KIND: {"turn"},
    ROW_KIND: {"store", "row"},
    LEADER_KIND: {"figures"},
}


class Action(NamedTuple):
    kind: str
    a: int = -1
    b: int = -1

    def to_json(self) -> dict[str, Any]:
        k = self.kind
        if k == CHOOSE_KIND:
            return {"type": k, "town": TOWN_KEYS[self.a]}
        if k == OFFER_KIND:
            return {"type": k, "guards": self.a}
        if k == ROTATE_KIND:
            return {"type": k, "turn": self.a}
        if k == ROW_KIND:
            return {"type": k, "store": STORES[self.a], "row": self.b + 1}
        if k == LEADER_KIND:
            return {"type": k, "figures": self.a}
        return {"type": k}

    @staticmethod
    def from_json(obj: Any) -> Action:
        """Parse a decision from its JSON form (a dict or a JSON string); IllegalAction if malformed."""
        k, obj, got = typed_action(obj, _FIELDS)
        check_fields(k, got, _FIELDS)
        if k == CHOOSE_KIND:
            town = obj["town"]
            if town not in TOWN_KEYS:
                raise IllegalAction(f"unknown town {town!r}; towns are {list(TOWN_KEYS)}")
            return CHOOSE[TOWN_KEYS.index(town)]
        if k == OFFER_KIND:
            return OFFERS[json_int(obj["guards"], "guards", 1, MAX_OFFER)]
        if k == ROTATE_KIND:
            return ROTATES[json_int(obj["turn"], "turn", 0, 5)]
        if k == ROW_KIND:
            store = obj["store"]
            if store not in STORES:
                raise IllegalAction(f"unknown store {store!r}; stores are {list(STORES)}")
            return row_action(STORES.index(store), json_int(obj["row"], "row", 1, 12) - 1)
        if k == LEADER_KIND:
            return LEADERS[json_int(obj["figures"], "figures", 1, 4)]
        return ACCEPT

    def __str__(self) -> str:
        return action_text(self)


# Every decision is interned: listing legal actions allocates nothing in the hot loop.
CHOOSE = tuple(Action(CHOOSE_KIND, t) for t in range(len(TOWN_KEYS)))
OFFERS = tuple(Action(OFFER_KIND, n) for n in range(MAX_OFFER + 1))  # OFFERS[0] is never legal
ACCEPT = Action(ACCEPT_KIND)
ROTATES = tuple(Action(ROTATE_KIND, r) for r in range(6))
_ROWS = tuple(tuple(Action(ROW_KIND, st, n) for n in range(12)) for st in range(len(STORES)))
LEADERS = tuple(Action(LEADER_KIND, f) for f in range(5))  # LEADERS[0] is never legal


def row_action(store: int, number: int) -> Action:
    return _ROWS[store][number]
