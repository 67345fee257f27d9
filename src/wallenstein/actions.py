"""Decisions as small immutable values with a stable, human-readable JSON form.

An :class:`Action` is a named tuple ``(kind, a, b, cards)``; equal actions compare equal, so
``action in game.legal_actions(seat)`` works. Card codes: a county card is its board index, money
card v is ``MONEY + v``, a 2002 blank land card is ``BLANK``, an uncovered box is ``EMPTY``.

JSON forms (county keys from the data file; cards as a county key, ``"money:v"``, ``"blank"`` or null)::

    {"type": "plan_card", "box": "tax", "card": "burgund"}      one box of the plan (bid first)
    {"type": "plan", "boxes": {"palace": ..., ...}, "bid": "money:2"}   a whole plan at once
        (with the Emperor's Court also "court": {"convert3": ..., "convert2": ..., "convert1": ...};
        a dice tower card is "tower")
    {"type": "position", "position": 3}                         a place in player order, 1..5
    {"type": "move", "to": "anhalt", "armies": 3}               move/attack from the acting county
    {"type": "stay"}                                            deploy 1: move nothing
    {"type": "draft_take", "county": "mark"}                    draft: take a face-up county card
    {"type": "draft_deck"}                                      draft: take the deck's top card
    {"type": "draft_refresh"}                                   draft: same two cards as last time
    {"type": "draft_group", "armies": 4}                        draft: the group put there
    {"type": "revolt_next", "county": "anhalt"}                 winter: which revolt comes next
    {"type": "favour", "card": 8}                               court: take favour card 8
    {"type": "favour_pass"}                                     court: take no favour card
    {"type": "favour_county", "county": "anhalt"}               court: where a favour takes effect
    {"type": "favour_event", "remove": true}                    court: favour 1, remove the event or not
    {"type": "move_only", "to": "anhalt", "armies": 2}          2002 deploy 1: move without adding the army
    {"type": "commit", "armies": 3}                             2002: armies the defender throws in
    {"type": "landsknechte", "benefit": "thalers"}              Landsknechte: the benefit taken
    {"type": "leader_place", "county": "mark"}                  Military Leaders: place (or return)
    {"type": "leader_move", "county": "mark"}                   Military Leaders: the move after action 10
    {"type": "leader_draft", "place": true}                     Military Leaders: leader in the claimed county?
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tabletop.action_json import action_text, check_fields, json_int, typed_action
from tabletop.errors import IllegalAction
from wallenstein.board import ACTIONS, AUCTION_BOX, BLANK, BOARD, COURT_BOX_NAMES, EMPTY, MONEY, N_BOXES, TOWER

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
FAVOUR = "favour"
FAVOUR_PASS = "favour_pass"
FAVOUR_COUNTY = "favour_county"
FAVOUR_EVENT = "favour_event"
MOVE_ONLY = "move_only"
COMMIT = "commit"
LANDSKNECHTE = "landsknechte"
LEADER_PLACE = "leader_place"
LEADER_MOVE = "leader_move"
LEADER_DRAFT = "leader_draft"
# Landsknechte benefits by index (landsknechte.BENEFITS is this tuple).
LK_BENEFITS: tuple[str, ...] = ("thalers", "grain", "armies", "vp")

BOX_NAMES: tuple[str, ...] = (*ACTIONS, "bid", *COURT_BOX_NAMES)
# Boxes are planned bid first: the bid is the only box whose legality depends on money.
PLAN_SEQUENCE: tuple[int, ...] = (AUCTION_BOX, *range(10))
# With the Emperor's Court the three court boxes follow, in the order they are resolved.
COURT_SEQUENCE: tuple[int, ...] = (*PLAN_SEQUENCE, N_BOXES, N_BOXES + 1, N_BOXES + 2)


def _box_cards(
    boxes: dict[str, str | None] | list[int] | tuple[int, ...], names: tuple[str, ...], part: str, wrong_size: str
) -> list[int]:
    """The card codes of one part of a plan (``part``: "action" or "court"), given as a dict of box
    name to card or as the codes in the order of ``names``; IllegalAction for an unknown box or, with
    codes, ``wrong_size`` when there are not as many as ``names``."""
    if isinstance(boxes, dict):
        unknown = set(boxes) - set(names)
        if unknown:
            raise IllegalAction(f"unknown {part} box(es) {sorted(unknown)}; boxes are {list(names)}")
        return [parse_card(boxes.get(name)) for name in names]
    codes = [int(x) for x in boxes]
    if len(codes) != len(names):
        raise IllegalAction(wrong_size)
    return codes


def card_name(code: int) -> str | None:
    if code == EMPTY:
        return None
    if code == TOWER:
        return "tower"
    if code == BLANK:
        return "blank"
    if code >= MONEY:
        return f"money:{code - MONEY}"
    return BOARD.keys[code]


def parse_card(value: Any) -> int:
    if value is None:
        return EMPTY
    if not isinstance(value, str):
        raise IllegalAction(f"a card is a county key, 'money:0'..'money:4', 'blank', 'tower' or null, not {value!r}")
    if value == "tower":
        return TOWER
    if value == "blank":
        return BLANK
    if value.startswith("money:"):
        digits = value[6:]
        # One ASCII digit: int() would also take "-0", "+1", " 2" or other scripts' digits.
        if not (digits.isascii() and digits.isdigit()):
            raise IllegalAction(f"bad money card {value[:20]!r}: write money:0 to money:4")
        v = int(digits)
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


# The fields each type of decision takes in its JSON form (a whole plan may add "court").
_FIELDS: dict[str, set[str]] = {
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
    FAVOUR: {"card"},
    FAVOUR_PASS: set(),
    FAVOUR_COUNTY: {"county"},
    FAVOUR_EVENT: {"remove"},
    MOVE_ONLY: {"to", "armies"},
    COMMIT: {"armies"},
    LANDSKNECHTE: {"benefit"},
    LEADER_PLACE: {"county"},
    LEADER_MOVE: {"county"},
    LEADER_DRAFT: {"place"},
}


class Action(NamedTuple):
    kind: str
    a: int = -1
    b: int = -1
    cards: tuple[int, ...] = ()

    # -- constructors -------------------------------------------------------------------------
    @staticmethod
    def plan(
        boxes: dict[str, str | None] | list[int] | tuple[int, ...],
        bid: str | int | None,
        court: dict[str, str | None] | list[int] | tuple[int, ...] | None = None,
    ) -> Action:
        """A whole plan: ``boxes`` maps action names to cards (or is 10 card codes), plus the bid;
        with the Emperor's Court, ``court`` maps the court boxes to cards (or is 3 card codes)."""
        codes = _box_cards(boxes, ACTIONS, "action", "a plan covers exactly the 10 action boxes")
        bid_code = bid if isinstance(bid, int) else parse_card(bid)
        if court is None:
            return Action(PLAN, cards=(*codes, bid_code))
        extra = _box_cards(court, COURT_BOX_NAMES, "court", "the court part of a plan covers exactly the 3 court boxes")
        return Action(PLAN, cards=(*codes, bid_code, *extra))

    # -- JSON -------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        k = self.kind
        if k == PLAN_CARD:
            return {"type": k, "box": BOX_NAMES[self.a], "card": card_name(self.b)}
        if k == PLAN:
            out: dict[str, Any] = {
                "type": k,
                "boxes": {name: card_name(self.cards[i]) for i, name in enumerate(ACTIONS)},
                "bid": card_name(self.cards[AUCTION_BOX]),
            }
            if len(self.cards) > N_BOXES:
                out["court"] = {name: card_name(self.cards[N_BOXES + i]) for i, name in enumerate(COURT_BOX_NAMES)}
            return out
        if k == POSITION_KIND:
            return {"type": k, "position": self.a + 1}
        if k == MOVE_KIND or k == MOVE_ONLY:
            return {"type": k, "to": BOARD.keys[self.a], "armies": self.b}
        if k in (DRAFT_TAKE, REVOLT_NEXT, FAVOUR_COUNTY, LEADER_PLACE, LEADER_MOVE):
            return {"type": k, "county": BOARD.keys[self.a]}
        if k == DRAFT_GROUP or k == COMMIT:
            return {"type": k, "armies": self.a}
        if k == FAVOUR:
            return {"type": k, "card": self.a}
        if k == FAVOUR_EVENT:
            return {"type": k, "remove": bool(self.a)}
        if k == LANDSKNECHTE:
            return {"type": k, "benefit": LK_BENEFITS[self.a]}
        if k == LEADER_DRAFT:
            return {"type": k, "place": bool(self.a)}
        return {"type": k}

    @staticmethod
    def from_json(obj: Any) -> Action:
        """Parse a decision from its JSON form (a dict or a JSON string); IllegalAction if malformed."""
        k, obj, got = typed_action(obj, _FIELDS)
        if k == PLAN and got == {"boxes", "bid", "court"}:
            if not isinstance(obj["boxes"], dict) or not isinstance(obj["court"], dict):
                raise IllegalAction("'boxes' and 'court' must map box names to cards")
            return Action.plan(obj["boxes"], obj["bid"], obj["court"])
        check_fields(k, got, _FIELDS)
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
            return Action(POSITION_KIND, json_int(obj["position"], "position", 1, 5) - 1)
        if k == MOVE_KIND or k == MOVE_ONLY:
            return Action(k, county_index(obj["to"]), json_int(obj["armies"], "armies", 1, 10_000))
        if k in (DRAFT_TAKE, REVOLT_NEXT, FAVOUR_COUNTY, LEADER_PLACE, LEADER_MOVE):
            return Action(k, county_index(obj["county"]))
        if k == DRAFT_GROUP:
            return Action(DRAFT_GROUP, json_int(obj["armies"], "armies", 1, 10))
        if k == COMMIT:
            return Action(COMMIT, json_int(obj["armies"], "armies", 0, 10_000))
        if k == FAVOUR:
            return Action(FAVOUR, json_int(obj["card"], "card", 1, 21))
        if k == FAVOUR_EVENT:
            if not isinstance(obj["remove"], bool):
                raise IllegalAction(f"'remove' must be true or false, not {obj['remove']!r}")
            return Action(FAVOUR_EVENT, int(obj["remove"]))
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
        return action_text(self)


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


def move_only_action(target: int, n: int) -> Action:
    return _interned(MOVE_ONLY, target, n)


def commit_action(n: int) -> Action:
    return _interned(COMMIT, n, -1)


STAY_ACTION = Action(STAY)
POSITION_ACTIONS = tuple(Action(POSITION_KIND, p) for p in range(5))


assert len(PLAN_SEQUENCE) == N_BOXES
