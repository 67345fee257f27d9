"""League of Six for learning agents: the action catalogue ``league_of_six_v2`` and the encoder.

**Actions** (:data:`CATALOGUE`, index 0 the no-op): choose a town (6, also "travel on"), offer
1..12 guards, accept, turn the tax tile 0..5 edges, a storage row (royal or civic x row 1..12),
the civic row bonus (the pile of 1..4 figures).

**Observations** (:func:`encode`): a float32 vector in [0, 1] from ``observe(seat)`` only, seats
relative to the observing seat (slot 0 is "me"; five slots, padded). Blocks (:data:`LAYOUT`):
round, phase, player count, pending seats; each town (by key) with its number, side, siege, tax
tile, turn, holder and place on the ring; player order; each seat's influence, town, counter,
road, wagon goods, horses and horse tile; the goods supply; the storage tiles' owners, side,
storing order and every row (bonus, chooser, each space's colour, value and who filled it); the
face-up civic leaders, pile sizes and gray cards; tax tiles left; a standing conflict or offer;
the travelling figure; every seat's hand (guards, civic leaders by kind and figures, gray ones).
Counts ``x`` are ``x / (x + scale)`` (:func:`tabletop.rl.layout.scaled`: never clipped).

**Nothing visible is lost**: two observations of a seat that differ give different vectors, except
in the fields of :data:`NOT_ENCODED`, each left out for the reason it gives (names fixed by a block's
place, ids of identical cards, what only the finished game shows); ``tests/rl/test_rl_injective.py``
checks it field by field along random games.

Version 2 (``league_of_six_v2``, ruling L-07): hands are public on this table, so the last block
holds every seat's hand by seat slot (5 x 16 entries, slot 0 the observer's own), in every phase
and for a spectator too; 1,284 -> 1,348 entries, the same action catalogue (54 indices) and every
other block where v1 had it.

Version 1 (``league_of_six_v1``): the same blocks, but the last one was the observer's own hand only
(16 entries: guards, kind x figures, gray per kind), empty for a spectator and once the game was
over, because hands were kept secret then. It fixed the losses of v0: the storage tiles' numbers
were encoded as seat slots relative to the observer (with 3 players tiles 0 and 3 looked alike),
counts were clipped at their scale (guards above 12, space values above 2), a figure on counter 0
looked like none, and gray leader cards in hand were not told apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from league_of_six.actions import ACCEPT, CHOOSE, LEADERS, OFFERS, ROTATES, row_action
from league_of_six.components import (
    GOODS,
    KINDS,
    MAX_OFFER,
    N_STORAGE_TILES,
    PILE_FIGURES,
    ROUNDS,
    SIDES,
    TOWN_KEYS,
)
from league_of_six.state import PHASES
from tabletop.rl.catalogue import Catalogue
from tabletop.rl.layout import Entries, Layout, Rel, order_ones, relative_seats, scaled
from tabletop.rl.spec import Vector

VERSION = "league_of_six_v2"
SEATS = 5
TOWNS = len(TOWN_KEYS)
MAX_ROWS = 12  # per store, as the action's JSON form allows
ROWS_SEEN = 6  # rows per store the encoder shows (the stand-in layouts have at most 5)
SPACES_SEEN = 5  # spaces per row the encoder shows (the stand-in rows have at most 4)
TAX_TILES = 24

CATALOGUE = Catalogue(
    VERSION,
    [
        *CHOOSE,
        *OFFERS[1:],
        ACCEPT,
        *ROTATES,
        *(row_action(store, n) for store in (0, 1) for n in range(MAX_ROWS)),
        *LEADERS[1:],
    ],
)

_TOWN = {k: i for i, k in enumerate(TOWN_KEYS)}
_GOOD = {g: i for i, g in enumerate(GOODS)}
_KIND = {k: i for i, k in enumerate(KINDS)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_SIDE = {s: i for i, s in enumerate(SIDES)}
_STORE = {"royal": 0, "civic": 1}
NG = len(GOODS)
SPACE = NG + 1 + SEATS + 1  # colour, value, filled by a seat or nobody
ROW = 1 + SEATS + 1 + SPACES_SEEN * SPACE

LAYOUT = Layout()
L_GAME = LAYOUT.block("round x/(x+6), phase, 3/4/5 players, pending seats", 1 + len(PHASES) + 3 + SEATS)
L_TOWN = LAYOUT.block(
    "town: number x/(x+6), side, besieged, tax tile, turned, holder (seat or none), ring place",
    TOWNS * (1 + len(SIDES) + 1 + TAX_TILES + 6 + SEATS + 1 + TOWNS),
)
L_ORDER = LAYOUT.block("player order (seat x place)", SEATS * SEATS)
L_PLAYER = LAYOUT.block(
    "seat: present, influence x/(x+60), town, guard counter c as (c+1)/(c+13), road, wagon goods x/(x+6), "
    "horses x/(x+5), horse tile x/(x+6)",
    SEATS * (1 + 1 + TOWNS + 1 + TOWNS + NG + 2),
)
L_SUPPLY = LAYOUT.block("goods supply, x/(x+12)", NG)
L_STORAGE = LAYOUT.block(
    "royal and civic storage tile numbers (or none), side II, storing order",
    2 * (N_STORAGE_TILES + 1) + 1 + SEATS * SEATS,
)
L_ROWS = LAYOUT.block(
    "storage rows (store x row): bonus x/(x+4), chooser, spaces (colour, value x/(x+2), filled by)", 2 * ROWS_SEEN * ROW
)
L_LEADERS = LAYOUT.block(
    "civic leaders: face-up kind per pile, piles left x/(x+9), gray cards per kind x/(x+6)", 4 * 4 + 4 + 3
)
L_TAX = LAYOUT.block("tax tiles left, x/(x+18)", 1)
L_CONFLICT = LAYOUT.block("conflict: town, mover, holder, offer x/(x+12), offered by", TOWNS + 3 * SEATS + 1)
L_TRAVEL = LAYOUT.block("travel: seat, from town, displaced", SEATS + TOWNS + 1)
HAND_W = 1 + len(KINDS) * len(PILE_FIGURES) + len(KINDS)  # one seat's hand
L_HANDS = LAYOUT.block(
    "every seat's hand (L-07), by seat slot: guards x/(x+12), civic leaders (kind x figures) x/(x+3), "
    "gray ones per kind x/(x+3)",
    SEATS * HAND_W,
)
_TILE_W = N_STORAGE_TILES + 1  # a storage tile's number, or none
OBS_SIZE = LAYOUT.size
_TOWN_W = 1 + len(SIDES) + 1 + TAX_TILES + 6 + SEATS + 1 + TOWNS
_PLAYER_W = 1 + 1 + TOWNS + 1 + TOWNS + NG + 2


_num = scaled  # counts: x / (x + scale), never clipped (see tabletop.rl.layout.scaled)


def encode(obs: Mapping[str, Any]) -> Vector:
    """The observation vector of ``obs`` (a ``Game.observe(seat)`` result; a spectator is seat 0).

    Built from the observation dict only: two games that look the same to the seat encode the same.
    Ones are collected as flat indices (``ones``), counts as positions and values (``at``, ``val``).
    """
    rel = relative_seats(obs)
    e = Entries()
    _round_and_towns(obs, e, rel)
    _seats(obs, e, rel)
    _storage(obs, e, rel)
    _leaders_and_turn(obs, e, rel)
    return e.vector(OBS_SIZE)


def _who(rel: Rel, p: Any) -> int:
    """A seat's slot, or SEATS for nobody."""
    return SEATS if p is None else rel(p)


def _round_and_towns(obs: Mapping[str, Any], e: Entries, rel: Rel) -> None:
    """The round, phase, player count and pending seats; each town's number, side, siege, tiles, holder, ring place."""
    ones, at, val = e.ones, e.at, e.val
    one = ones.append
    at.append(L_GAME)
    val.append(_num(obs["round"], ROUNDS))
    one(L_GAME + 1 + _PHASE[obs["phase"]])
    one(L_GAME + 1 + len(PHASES) + int(obs["players_count"]) - 3)
    ones += [L_GAME + 1 + len(PHASES) + 3 + rel(p) for p in obs["pending"]]
    ring = {k: i for i, k in enumerate(obs["ring"])}
    for key, t in obs["towns"].items():
        base = L_TOWN + _TOWN[key] * _TOWN_W
        at.append(base)
        val.append(_num(t["number"], TOWNS))
        one(base + 1 + _SIDE[t["side"]])
        if t["besieged"]:
            one(base + 1 + len(SIDES))
        k = base + 2 + len(SIDES)
        if t["tax_tile"] is not None and t["tax_tile"] < TAX_TILES:
            one(k + t["tax_tile"])
        if t["turned"] is not None:
            one(k + TAX_TILES + t["turned"])
        one(k + TAX_TILES + 6 + _who(rel, t["holder"]))
        if key in ring:
            one(k + TAX_TILES + 6 + SEATS + 1 + ring[key])


def _seats(obs: Mapping[str, Any], e: Entries, rel: Rel) -> None:
    """The player order; each seat's influence, town, counter, road, wagon and horses; the goods' supply."""
    ones, at, val = e.ones, e.at, e.val
    one = ones.append
    ones += order_ones(L_ORDER, obs["order"], rel, SEATS)
    for p, pl in enumerate(obs["players"]):
        base = L_PLAYER + rel(p) * _PLAYER_W
        one(base)
        at.append(base + 1)
        val.append(_num(pl["influence"], 60))
        if pl["town"] is not None:
            one(base + 2 + _TOWN[pl["town"]])
        if pl["counter"] is not None:  # counter + 1: a figure on counter 0 differs from none
            at.append(base + 2 + TOWNS)
            val.append(_num(pl["counter"] + 1, MAX_OFFER))
        if pl["road"] is not None:
            one(base + 3 + TOWNS + _TOWN[pl["road"]])
        w = base + 3 + 2 * TOWNS
        for g, n in pl["wagon"].items():
            if n:
                at.append(w + _GOOD[g])
                val.append(_num(n, 6))
        at += [w + NG, w + NG + 1]
        val += [_num(pl["horses"], 5), _num(pl["horse_tile"] or 0, 6)]
    for g, n in obs["supply"].items():
        at.append(L_SUPPLY + _GOOD[g])
        val.append(_num(n, 12))


def _storage(obs: Mapping[str, Any], e: Entries, rel: Rel) -> None:
    """The storage board: its tiles, side and order, and the rows seen with their spaces."""
    ones, at, val = e.ones, e.at, e.val
    one = ones.append
    st = obs["storage"]
    for k, tile in enumerate((st["royal_tile"], st["civic_tile"])):  # tile numbers, not seats
        one(L_STORAGE + k * _TILE_W + (N_STORAGE_TILES if tile is None else tile))
    if st["side"] == "II":
        one(L_STORAGE + 2 * _TILE_W)
    ones += order_ones(L_STORAGE + 2 * _TILE_W + 1, st["order"], rel, SEATS)
    for row in st["rows"]:
        r = row["row"] - 1
        if r >= ROWS_SEEN:
            continue
        base = L_ROWS + (_STORE[row["store"]] * ROWS_SEEN + r) * ROW
        at.append(base)
        val.append(_num(row["bonus"], 4))
        one(base + 1 + _who(rel, row["chosen_by"]))
        for k, sp in enumerate(row["spaces"][:SPACES_SEEN]):
            s0 = base + 2 + SEATS + k * SPACE
            one(s0 + _GOOD[sp["colour"]])
            at.append(s0 + NG)
            val.append(_num(sp["value"], 2))
            one(s0 + NG + 1 + _who(rel, sp["filled_by"]))


def _leaders_and_turn(obs: Mapping[str, Any], e: Entries, rel: Rel) -> None:
    """Civic leaders (face up, piles, gray), tax tiles left, a conflict, a journey, and the hands."""
    ones, at, val = e.ones, e.at, e.val
    one = ones.append
    cl = obs["civic_leaders"]
    for f, card in cl["faceup"].items():
        if card is not None:
            one(L_LEADERS + (int(f) - 1) * 4 + _KIND[card["kind"]])
            one(L_LEADERS + (int(f) - 1) * 4 + 3)
    for f, n in cl["piles_left"].items():
        at.append(L_LEADERS + 16 + int(f) - 1)
        val.append(_num(n, 9))
    gray = [0, 0, 0]
    for card in cl["gray"]:
        gray[_KIND[card["kind"]]] += 1
    at += [L_LEADERS + 20 + k for k in range(3)]
    val += [_num(n, 6) for n in gray]
    at.append(L_TAX)
    val.append(_num(obs["tax_tiles_left"], 18))
    conflict = obs.get("conflict")
    if conflict is not None:
        one(L_CONFLICT + _TOWN[conflict["town"]])
        one(L_CONFLICT + TOWNS + rel(conflict["mover"]))
        if conflict["holder"] is not None and conflict["holder"] >= 0:
            one(L_CONFLICT + TOWNS + SEATS + rel(conflict["holder"]))
        if conflict["offer"] is not None:
            at.append(L_CONFLICT + TOWNS + 2 * SEATS)
            val.append(_num(conflict["offer"], MAX_OFFER))
        if conflict["offered_by"] is not None:
            one(L_CONFLICT + TOWNS + 2 * SEATS + 1 + rel(conflict["offered_by"]))
    travel = obs.get("travel")
    if travel is not None:
        one(L_TRAVEL + rel(travel["seat"]))
        if travel["from"] is not None:
            one(L_TRAVEL + SEATS + _TOWN[travel["from"]])
        if travel["displaced"]:
            one(L_TRAVEL + SEATS + TOWNS)
    _hands(obs, e, rel)


def _hands(obs: Mapping[str, Any], e: Entries, rel: Rel) -> None:
    """Each hand seen: guards, and civic leaders by kind and figures, gray ones by kind."""
    at, val = e.at, e.val
    for p, hand in obs["hands"].items():
        base = L_HANDS + rel(p) * HAND_W
        at.append(base)
        val.append(_num(hand["guards"], MAX_OFFER))
        counts = [0] * (HAND_W - 1)
        for card in hand["civic_leaders"]:
            counts[_KIND[card["kind"]] * len(PILE_FIGURES) + min(card["figures"], 4) - 1] += 1
            if card["gray"]:
                counts[len(KINDS) * len(PILE_FIGURES) + _KIND[card["kind"]]] += 1
        at += [base + 1 + k for k in range(len(counts))]
        val += [_num(n, 3) for n in counts]


# Fields of ``observe(seat)`` the vector leaves out on purpose ("*": any key or index), each with why;
# tests/rl/test_rl_injective.py checks that it loses nothing else the seat sees.
NOT_ENCODED: dict[str, str] = {
    "game": "the same for every observation of the game",
    "components": "the component set's name and stand-in flag: fixed for a game, not a position",
    "towns.*.name": "the town's printed name, fixed by its key (the block's place)",
    "storage.rows.*.store": "fixed by the row's place in the block (royal rows, then civic)",
    "storage.rows.*.row": "fixed by the row's place in the block",
    "civic_leaders.faceup.*.card": "the id of one of identical copies: its kind and figures are encoded",
    "civic_leaders.gray.*.card": "the id of one of identical copies: the gray cards are counted by kind",
    "hands.*.civic_leaders.*.card": "the id of one of identical copies: a hand is counted by kind, figures, gray",
    "hand": "the seat's own hand: the same as its entry in ``hands`` (slot 0 of the hands block)",
    "result": "the final result, shown only at game over; the rewards carry it",
}

__all__ = ["CATALOGUE", "LAYOUT", "NOT_ENCODED", "OBS_SIZE", "VERSION", "encode"]
