"""The 21 favour cards of the Emperor's Court (seed 000 / 004, "The favor cards"; W-05, W-17, W-29).

Card kinds are fixed by the rulebook; the amounts on cards 2, 3, 5, 6, 8, 9, 13, 14, 15, 16, 19, 20
and the buildings of 7, 17, 21 are not in the text: they come from the printed-value table "favour"
(``data/standin_favour.json``, a stand-in a user can replace; see ``wallenstein.printed``).

A favour is applied at once when taken. Cards 1, 4, 7/17/21 and 12 may ask the taker a choice
(``options`` lists it, ``resolve`` carries it out); 4 is kept to parry a later revolt marker when the
taker has no county with a marker; 10, 11, 18 protect the taker's counties for the round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.errors import DataError
from wallenstein.actions import FAVOUR_COUNTY, FAVOUR_EVENT, Action
from wallenstein.board import BOARD, BUILDING_BITS, BUILDINGS
from wallenstein.printed import STANDIN_NOTE
from wallenstein.state import NEUTRAL

if TYPE_CHECKING:
    from wallenstein.game import Game

REMOVE_EVENT, THALERS, TRAY_ARMIES, REVOLT_MARKER, GRAIN, VP, BUILD, PROTECTION, DEPLOY3 = (
    "remove_event",
    "thalers",
    "tray_armies",
    "revolt_marker",
    "grain",
    "vp",
    "build",
    "protection",
    "deploy3",
)

# What each card does (seed 000, favour cards overview).
KIND: dict[int, str] = {
    1: REMOVE_EVENT,
    2: THALERS,
    3: TRAY_ARMIES,
    4: REVOLT_MARKER,
    5: GRAIN,
    6: VP,
    7: BUILD,
    8: TRAY_ARMIES,
    9: THALERS,
    10: PROTECTION,
    11: PROTECTION,
    12: DEPLOY3,
    13: VP,
    14: TRAY_ARMIES,
    15: GRAIN,
    16: THALERS,
    17: BUILD,
    18: PROTECTION,
    19: VP,
    20: GRAIN,
    21: BUILD,
}
AMOUNT_CARDS: tuple[int, ...] = tuple(n for n, k in KIND.items() if k in (THALERS, TRAY_ARMIES, GRAIN, VP))
BUILD_CARDS: tuple[int, ...] = tuple(n for n, k in KIND.items() if k == BUILD)
DEPLOY3_ARMIES = 3
TABLE = "favour"


# ---------------------------------------------------------------------------------- printed values
def check_table(table: Any) -> None:
    """Validator of the "favour" printed-value table (registered in ``printed.TABLES``)."""
    if not isinstance(table, dict) or set(table) != {"amounts", "buildings"}:
        raise DataError("the favour table is an object with exactly 'amounts' and 'buildings'")
    amounts, buildings = table["amounts"], table["buildings"]
    want = {str(n) for n in AMOUNT_CARDS}
    if not isinstance(amounts, dict) or set(amounts) != want:
        raise DataError(f"'amounts' must give exactly the cards {sorted(want, key=int)}")
    for card, value in amounts.items():
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 20:
            raise DataError(f"amount of favour card {card} must be an integer from 1 to 20, not {value!r}")
    want = {str(n) for n in BUILD_CARDS}
    if not isinstance(buildings, dict) or set(buildings) != want:
        raise DataError(f"'buildings' must give exactly the cards {sorted(want, key=int)}")
    for card, value in buildings.items():
        if value not in BUILDINGS:
            raise DataError(f"favour card {card} must build one of {list(BUILDINGS)}, not {value!r}")


def amount(g: Game, card: int) -> int:
    return int(g.printed(TABLE)["amounts"][str(card)])


def building(g: Game, card: int) -> int:
    """The building kind (index into ``BUILDINGS``) favour ``card`` gives."""
    return BUILDINGS.index(g.printed(TABLE)["buildings"][str(card)])


def describe(g: Game, card: int) -> dict[str, Any]:
    """A card as shown to everyone; printed values not known to us say they are stand-ins (W-29)."""
    out: dict[str, Any] = {"card": card, "favour": KIND[card]}
    if card in AMOUNT_CARDS:
        out["amount"] = amount(g, card)
    elif card in BUILD_CARDS:
        out["building"] = BUILDINGS[building(g, card)]
    if (card in AMOUNT_CARDS or card in BUILD_CARDS) and g.is_standin(TABLE):
        out["standin"] = STANDIN_NOTE
    return out


# ---------------------------------------------------------------------------------- effects
def take_effect(g: Game, seat: int, card: int) -> bool:
    """Apply favour ``card`` for ``seat``. True when the taker must choose how (see ``options``)."""
    s = g.s
    court = s.court
    assert court is not None
    kind = KIND[card]
    if kind in (REMOVE_EVENT, REVOLT_MARKER, BUILD, DEPLOY3):
        if options(g, seat, card):
            return True
        if kind == REVOLT_MARKER:
            court.parry[seat] = 1  # no county with a marker: kept to parry the next one
            _effect(g, seat, card, kept=True)
        else:
            _effect(g, seat, card, result="no effect")
        return False
    if kind == THALERS:
        n = amount(g, card)
        s.thalers[seat] += n
    elif kind == GRAIN:
        n = amount(g, card)
        s.grain[seat] += n
    elif kind == VP:
        n = amount(g, card)
        s.vp[seat] += n
    elif kind == TRAY_ARMIES:
        n = min(amount(g, card), s.supply[seat])  # as far as the supply allows (W-05, R-23)
        s.supply[seat] -= n
        s.tray[seat] += n
    else:  # PROTECTION for the rest of this round (W-17, R-28)
        court.shield[seat] = round_id(g)
        _effect(g, seat, card)
        return False
    _effect(g, seat, card, gained=n)
    return False


def round_id(g: Game) -> int:
    return g.s.year * 4 + g.s.season


def options(g: Game, seat: int, card: int) -> list[Action]:
    """The taker's choices for a favour that asks one, in canonical order ([] if it cannot apply)."""
    s = g.s
    kind = KIND[card]
    if kind == REMOVE_EVENT:
        return [Action(FAVOUR_EVENT, 0), Action(FAVOUR_EVENT, 1)] if s.event >= 0 else []
    owner = s.owner
    if kind == REVOLT_MARKER:
        targets = [c for c, o in enumerate(owner) if o == seat and s.revolts[c] > 0]
    elif kind == BUILD:
        kind_index = building(g, card)
        targets = [c for c, o in enumerate(owner) if o == seat and can_build_free(g, c, kind_index)]
    else:  # DEPLOY3: an own or a neutral county in play
        if s.supply[seat] == 0:
            return []
        targets = [c for c, o in enumerate(owner) if o == seat or o == NEUTRAL]
    return [Action(FAVOUR_COUNTY, c) for c in targets]


def can_build_free(g: Game, c: int, kind: int) -> bool:
    """The general building rules without the cost (seed 000, favour cards 7, 17, 21; W-07)."""
    s = g.s
    b = s.buildings[c]
    return not b & BUILDING_BITS[kind] and bin(b).count("1") < BOARD.sites[c] and s.bsupply[kind] > 0


def resolve(g: Game, seat: int, card: int, act: Action) -> None:
    """Carry out the taker's choice ``act`` (validated by the caller) for favour ``card``."""
    s = g.s
    kind = KIND[card]
    if kind == REMOVE_EVENT:
        if act.a:
            # The event is ignored for the rest of the round and its card leaves the game.
            removed = s.event
            s.year_events.remove(removed)
            s.event = -1
            _effect(g, seat, card, removed=g.event_json(removed))
        else:
            _effect(g, seat, card, removed=None)
        return
    c = act.a
    key = BOARD.keys[c]
    if kind == REVOLT_MARKER:
        s.revolts[c] -= 1
        s.markers += 1
        _effect(g, seat, card, county=key, revolt=s.revolts[c])
    elif kind == BUILD:
        b = building(g, card)
        s.bsupply[b] -= 1
        s.buildings[c] |= BUILDING_BITS[b]
        _effect(g, seat, card, county=key, building=BUILDINGS[b])
    else:
        n = min(DEPLOY3_ARMIES, s.supply[seat])  # as far as the supply allows (W-05, R-23)
        taken = s.owner[c] == NEUTRAL
        s.supply[seat] -= n
        s.armies[c] += n
        s.owner[c] = seat  # a neutral county's card comes without a battle
        _effect(g, seat, card, county=key, armies=n, taken=taken)


def parry(g: Game, seat: int, c: int) -> bool:
    """Favour 4 kept: the revolt marker about to go into ``seat``'s county ``c`` is parried (R-24)."""
    court = g.s.court
    if court is None or not court.parry[seat]:
        return False
    court.parry[seat] = 0
    if g.logging:
        g.emit("parry", seat=seat, county=BOARD.keys[c])
    return True


def _effect(g: Game, seat: int, card: int, **fields: Any) -> None:
    if g.logging:
        g.emit("favour_effect", seat=seat, card=card, favour=KIND[card], **fields)
