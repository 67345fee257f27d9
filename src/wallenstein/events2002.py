"""The 25 event cards of the 2002 edition (seed 003, "Event Cards"; seed 002, "Year start").

What each card does is known from its printed number (seed 003's list): 1-5 crop failure in a
region, 6-10 good harvest in a region, 11-13 church peace, 14-18 troop shortage in a region,
19 palace guards, 20-21 combat-weary farmers, 22-23 angry farmers, 24-25 trade bonus.

Two printed facts are not known to us (W-29): the winter grain loss printed on each card, and which
region each regional card names. Both come from the printed-value table ``events_2002``: the
shipped stand-in (``data/standin_events_2002.json``) or a user's file. Its shape::

    {"winter_loss": [25 integers, card 1 first],
     "regions": {"crop_failure": [5 region names, cards 1-5],
                 "good_harvest": [5 region names, cards 6-10],
                 "troop_shortage": [5 region names, cards 14-18]}}

Each regional list names every region once (one card per region).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.errors import DataError
from wallenstein.board import BOARD

TABLE = "events_2002"
CARDS = 25
MAX_LOSS = 20  # sanity bound for a printed grain loss

# (kind, how many cards), in printed-number order (seed 003, "Event Cards").
DECK: tuple[tuple[str, int], ...] = (
    ("crop_failure", 5),
    ("good_harvest", 5),
    ("church_peace", 3),
    ("troop_shortage", 5),
    ("palace_guards", 1),
    ("combat_weary", 2),
    ("angry_farmers", 2),
    ("trade_bonus", 2),
)
KINDS: tuple[str, ...] = tuple(kind for kind, n in DECK for _ in range(n))
REGIONAL: tuple[str, ...] = ("crop_failure", "good_harvest", "troop_shortage")


@dataclass(frozen=True)
class Event2002:
    index: int  # position in the deck: printed number - 1
    kind: str
    region: int  # index in BOARD.regions for a regional card, else -1
    winter_loss: int

    @property
    def number(self) -> int:
        return self.index + 1


def validate(table: Any) -> None:
    """Raise DataError unless ``table`` is a well-formed ``events_2002`` table."""
    if not isinstance(table, dict):
        raise DataError("the events_2002 table must be an object with 'winter_loss' and 'regions'")
    unknown = set(table) - {"winter_loss", "regions"}
    if unknown or len(table) != 2:
        raise DataError(f"the events_2002 table has fields 'winter_loss' and 'regions', got {sorted(table)}")
    losses = table["winter_loss"]
    if not isinstance(losses, list) or len(losses) != CARDS:
        raise DataError(f"'winter_loss' must list {CARDS} numbers, card 1 first")
    for i, loss in enumerate(losses, 1):
        if isinstance(loss, bool) or not isinstance(loss, int) or not 0 <= loss <= MAX_LOSS:
            raise DataError(f"card {i}: winter loss must be an integer from 0 to {MAX_LOSS}, not {loss!r}")
    regions = table["regions"]
    if not isinstance(regions, dict) or sorted(regions) != sorted(REGIONAL):
        raise DataError(f"'regions' must map {list(REGIONAL)} to lists of region names")
    for kind in REGIONAL:
        names = regions[kind]
        if not isinstance(names, list) or sorted(map(str, names)) != sorted(BOARD.regions):
            raise DataError(f"regions for {kind!r} must name each of {list(BOARD.regions)} once, got {names!r}")


def build(table: Any) -> tuple[Event2002, ...]:
    """The 25 cards with the printed values of ``table`` (validated by the caller)."""
    cards = []
    seen: dict[str, int] = {}
    for i, kind in enumerate(KINDS):
        region = -1
        if kind in REGIONAL:
            k = seen.get(kind, 0)
            seen[kind] = k + 1
            region = BOARD.regions.index(table["regions"][kind][k])
        cards.append(Event2002(i, kind, region, int(table["winter_loss"][i])))
    return tuple(cards)


assert len(KINDS) == CARDS
