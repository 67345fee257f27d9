"""Decisions as small immutable values with a stable, human-readable JSON form.

An :class:`Action` is a named tuple ``(kind, a, b, cards)``; equal actions compare equal, so
``action in game.legal_actions(seat)`` works. Card codes: a county card is its board index, money
card v is ``MONEY + v``, an uncovered box is ``EMPTY``.

JSON forms (county keys from the data file; cards as a county key, ``"money:v"`` or null)::

    {"type": "plan_card", "box": "tax", "card": "burgund"}      one box of the plan (bid first)
    {"type": "plan", "boxes": {"palace": ..., ...}, "bid": "money:2"}   a whole plan at once
    {"type": "position", "position": 3}                         a place in player order, 1..5
    {"type": "move", "to": "anhalt", "armies": 3}               move/attack from the acting county
    {"type": "stay"}                                            deploy 1: move nothing
    {"type": "draft_take", "county": "mark"}                    draft: take a face-up county card
    {"type": "draft_deck"}                                      draft: take the deck's top card
    {"type": "draft_refresh"}                                   draft: same two cards as last time
    {"type": "draft_group", "armies": 4}                        draft: the group put there
    {"type": "revolt_next", "county": "anhalt"}                 winter: which revolt comes next
    {"type": "landsknechte", "benefit": "thalers"}              Landsknechte: the benefit taken
    {"type": "leader_place", "county": "mark"}                  Military Leaders: place (or return)
    {"type": "leader_move", "county": "mark"}                   Military Leaders: the move after action 10
    {"type": "leader_draft", "place": true}                     Military Leaders: leader in the claimed county?
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from tabletop.errors import IllegalAction
from wallenstein.board import ACTIONS, AUCTION_BOX, BOARD, EMPTY, MONEY, N_BOXES

PLAN_CARD = "plan_card"
PLAN = "plan"
POSITION_KIND = "position"
MOVE_KIND = "move"
STAY = "stay"
DRAFT_TAKE = "draft_take"
DRAFT_DECK = "draft_deck"
DRAFT_REFRESH = "draft_refresh"
DRAFT_GROUP = "draft_group"
REVOLT_NEXT = "revolt_next"
LANDSKNECHTE = "landsknechte"
LEADER_PLACE = "leader_place"
LEADER_MOVE = "leader_move"
LEADER_DRAFT = "leader_draft"
# Landsknechte benefits by index (landsknechte.BENEFITS is this tuple).
LK_BENEFITS: tuple[str, ...] = ("thalers", "grain", "armies", "vp")

BOX_NAMES: tuple[str, ...] = (*ACTIONS, "bid")
# Boxes are planned bid first: the bid is the only box whose legality depends on money.
PLAN_SEQUENCE: tuple[int, ...] = (AUCTION_BOX, *range(10))


def card_name(code: int) -> str | None:
    if code == EMPTY:
        return None
    if code >= MONEY:
        return f"money:{code - MONEY}"
    return BOARD.keys[code]


def parse_card(value: Any) -> int:
    if value is None:
        return EMPTY
    if not isinstance(value, str):
        raise IllegalAction(f"a card is a county key, 'money:0'..'money:4' or null, not {value!r}")
    if value.startswith("money:"):
        try:
            v = int(value[6:])
        except ValueError:
            raise IllegalAction(f"bad money card {value!r}") from None
        if not 0 <= v <= 4:
            raise IllegalAction(f"money cards go from 0 to 4, not {v}")
        return MONEY + v
    return county_index(value)


def county_index(key: Any) -> int:
    if not isinstance(key, str):
        raise IllegalAction(f"a county is named by its key (a string), not {key!r}")
    try:
        return BOARD.index(key)
    except KeyError:
        raise IllegalAction(f"unknown county {key!r}") from None


class Action(NamedTuple):
    kind: str
    a: int = -1
    b: int = -1
    cards: tuple[int, ...] = ()

    # -- constructors -------------------------------------------------------------------------
    @staticmethod
    def plan(boxes: dict[str, str | None] | list[int] | tuple[int, ...], bid: str | int | None) -> Action:
        """A whole plan: ``boxes`` maps action names to cards (or is 10 card codes), plus the bid."""
        if isinstance(boxes, dict):
            unknown = set(boxes) - set(ACTIONS)
            if unknown:
                raise IllegalAction(f"unknown action box(es) {sorted(unknown)}; boxes are {list(ACTIONS)}")
            codes = [parse_card(boxes.get(name)) for name in ACTIONS]
        else:
            codes = [int(x) for x in boxes]
            if len(codes) != 10:
                raise IllegalAction("a plan covers exactly the 10 action boxes")
        bid_code = bid if isinstance(bid, int) else parse_card(bid)
        return Action(PLAN, cards=(*codes, bid_code))

    # -- JSON -------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        k = self.kind
        if k == PLAN_CARD:
            return {"type": k, "box": BOX_NAMES[self.a], "card": card_name(self.b)}
        if k == PLAN:
            return {
                "type": k,
                "boxes": {name: card_name(self.cards[i]) for i, name in enumerate(ACTIONS)},
                "bid": card_name(self.cards[AUCTION_BOX]),
            }
        if k == POSITION_KIND:
            return {"type": k, "position": self.a + 1}
        if k == MOVE_KIND:
            return {"type": k, "to": BOARD.keys[self.a], "armies": self.b}
        if k in (DRAFT_TAKE, REVOLT_NEXT, LEADER_PLACE, LEADER_MOVE):
            return {"type": k, "county": BOARD.keys[self.a]}
        if k == DRAFT_GROUP:
            return {"type": k, "armies": self.a}
        if k == LANDSKNECHTE:
            return {"type": k, "benefit": LK_BENEFITS[self.a]}
        if k == LEADER_DRAFT:
            return {"type": k, "place": bool(self.a)}
        return {"type": k}

    @staticmethod
    def from_json(obj: Any) -> Action:
        """Parse a decision from its JSON form (a dict or a JSON string); IllegalAction if malformed."""
        if isinstance(obj, str | bytes):
            try:
                obj = json.loads(obj)
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                raise IllegalAction(f"malformed JSON: {exc}") from None
        if not isinstance(obj, dict):
            raise IllegalAction(f"an action is a JSON object with a 'type', not {obj!r}")
        k = obj.get("type")
        fields = {
            PLAN_CARD: {"box", "card"},
            PLAN: {"boxes", "bid"},
            POSITION_KIND: {"position"},
            MOVE_KIND: {"to", "armies"},
            STAY: set(),
            DRAFT_TAKE: {"county"},
            DRAFT_DECK: set(),
            DRAFT_REFRESH: set(),
            DRAFT_GROUP: {"armies"},
            REVOLT_NEXT: {"county"},
            LANDSKNECHTE: {"benefit"},
            LEADER_PLACE: {"county"},
            LEADER_MOVE: {"county"},
            LEADER_DRAFT: {"place"},
        }
        if k not in fields:
            raise IllegalAction(f"unknown action type {k!r}; known: {sorted(fields)}")
        got = set(obj) - {"type"}
        if got != fields[k]:
            raise IllegalAction(f"action {k!r} takes fields {sorted(fields[k])}, got {sorted(got)}")
        if k == PLAN_CARD:
            box = obj["box"]
            if box not in BOX_NAMES:
                raise IllegalAction(f"unknown box {box!r}; boxes are {list(BOX_NAMES)}")
            return Action(PLAN_CARD, BOX_NAMES.index(box), parse_card(obj["card"]))
        if k == PLAN:
            if not isinstance(obj["boxes"], dict):
                raise IllegalAction("'boxes' must map action names to cards")
            return Action.plan(obj["boxes"], obj["bid"])
        if k == POSITION_KIND:
            return Action(POSITION_KIND, _int(obj["position"], "position", 1, 5) - 1)
        if k == MOVE_KIND:
            return Action(MOVE_KIND, county_index(obj["to"]), _int(obj["armies"], "armies", 1, 10_000))
        if k in (DRAFT_TAKE, REVOLT_NEXT, LEADER_PLACE, LEADER_MOVE):
            return Action(k, county_index(obj["county"]))
        if k == DRAFT_GROUP:
            return Action(DRAFT_GROUP, _int(obj["armies"], "armies", 1, 10))
        if k == LANDSKNECHTE:
            benefit = obj["benefit"]
            if benefit not in LK_BENEFITS:
                raise IllegalAction(f"unknown Landsknechte benefit {benefit!r}; benefits are {list(LK_BENEFITS)}")
            return Action(k, LK_BENEFITS.index(benefit))
        if k == LEADER_DRAFT:
            if not isinstance(obj["place"], bool):
                raise IllegalAction(f"'place' must be true or false, not {obj['place']!r}")
            return Action(k, int(obj["place"]))
        return Action(k)

    def __str__(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)


def _int(value: Any, name: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise IllegalAction(f"{name!r} must be an integer from {lo} to {hi}, not {value!r}")
    return value


# Interned decisions, so that listing legal actions allocates nothing in the hot loop.
_INTERNED: dict[tuple[str, int, int], Action] = {}


def _interned(kind: str, a: int, b: int) -> Action:
    key = (kind, a, b)
    act = _INTERNED.get(key)
    if act is None:
        act = _INTERNED[key] = Action(kind, a, b)
    return act


def plan_card_action(box: int, code: int) -> Action:
    return _interned(PLAN_CARD, box, code)


def move_action(target: int, n: int) -> Action:
    return _interned(MOVE_KIND, target, n)


STAY_ACTION = Action(STAY)
POSITION_ACTIONS = tuple(Action(POSITION_KIND, p) for p in range(5))


assert len(PLAN_SEQUENCE) == N_BOXES
