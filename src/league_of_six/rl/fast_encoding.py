"""The League of Six observation vector straight from the engine state: the environments' fast path.

:func:`encode_game(g, seat) <encode_game>` returns exactly ``encode(g.observe(seat))`` (the
reference, :func:`league_of_six.rl.encoding.encode`, stays the definition) without building the
observation dict: it reads only what :mod:`league_of_six.observe` shows the seat (every hand is
public, L-07; the piles' order never). ``tests/rl/test_rl_fast_encoding.py``
compares both on every decision of random games for 3-5 players and every seat, and runs the
hidden-twin test on this path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from league_of_six.components import MAX_OFFER, N_GOODS, N_STORAGE_TILES, PILE_FIGURES, ROUNDS, SIDES
from league_of_six.rl.encoding import (
    _PLAYER_W,
    _TILE_W,
    _TOWN,
    _TOWN_W,
    HAND_W,
    L_CONFLICT,
    L_GAME,
    L_HANDS,
    L_LEADERS,
    L_ORDER,
    L_PLAYER,
    L_ROWS,
    L_STORAGE,
    L_SUPPLY,
    L_TAX,
    L_TOWN,
    L_TRAVEL,
    OBS_SIZE,
    ROW,
    ROWS_SEEN,
    SEATS,
    SPACE,
    SPACES_SEEN,
    TAX_TILES,
    TOWNS,
    _num,
)
from league_of_six.state import CHOOSE, FACE_DOWN, GRAY_SUPPLY, OFFER, PHASES, RESPOND
from tabletop.compiled import load
from tabletop.rl.layout import scaled_table
from tabletop.rl.spec import Vector

if TYPE_CHECKING:
    from league_of_six.components import Layout
    from league_of_six.game import Game
    from league_of_six.state import State


NG = N_GOODS
_FIGS = len(PILE_FIGURES)


class _Rows:
    """What a storage layout shows that stays fixed while it is in use (each row's bonus, each
    space's colour and value, as the L_ROWS block), and where its chooser and fillers go."""

    def __init__(self, lay: Layout) -> None:
        self.layout = lay  # kept, so the id that keys the cache stays this layout's
        fixed = np.zeros(2 * ROWS_SEEN * ROW, dtype=np.float32)
        chooser_row: list[int] = []
        chooser_at: list[int] = []
        space: list[int] = []
        space_at: list[int] = []
        for r in range(len(lay.store)):
            number = lay.number[r]
            if number >= ROWS_SEEN:
                continue
            base = (lay.store[r] * ROWS_SEEN + number) * ROW
            fixed[base] = _num(lay.bonus[r], 4)
            chooser_row.append(r)
            chooser_at.append(L_ROWS + base + 1)
            first = lay.start[r]
            for j, k in enumerate(range(first, min(lay.start[r + 1], first + SPACES_SEEN))):
                s0 = base + 2 + SEATS + j * SPACE
                fixed[s0 + lay.colour[k]] = 1.0
                fixed[s0 + NG] = _num(lay.value[k], 2)
                space.append(k)
                space_at.append(L_ROWS + s0 + NG + 1)
        fixed.flags.writeable = False
        self.fixed = fixed
        self.chooser_row = np.array(chooser_row, dtype=np.intp)
        self.chooser_at = np.array(chooser_at, dtype=np.intp)
        self.space = np.array(space, dtype=np.intp)
        self.space_at = np.array(space_at, dtype=np.intp)


_ROWS: dict[int, _Rows] = {}


def _rows_of(lay: Layout) -> _Rows:
    hit = _ROWS.get(id(lay))
    if hit is None or hit.layout is not lay:
        if len(_ROWS) > 256:
            _ROWS.clear()
        hit = _ROWS[id(lay)] = _Rows(lay)
    return hit


def _rows_block(vec: Vector, g: Game, me: int) -> None:
    """The storage rows (block L_ROWS): the layout's fixed part, each row's chooser, each space's filler."""
    s = g.s
    P = s.players
    rows = _rows_of(g.layout)
    vec[L_ROWS : L_ROWS + len(rows.fixed)] = rows.fixed
    chooser = np.asarray(s.row_chooser)[rows.chooser_row]
    owner = np.asarray(s.space_owner)[rows.space]
    vec[rows.chooser_at + np.where(chooser < 0, SEATS, (chooser - me) % P)] = 1.0
    vec[rows.space_at + np.where(owner < 0, SEATS, (owner - me) % P)] = 1.0


_ROWS_END = L_ROWS + 2 * ROWS_SEEN * ROW
# Where each seat's hand goes for observer ``me`` of ``P`` players (seat order): its guards, then its
# cards' counts (as _hand_values gives them, seat after seat).
_GUARDS_AT = {
    (me, P): [L_HANDS + ((p - me) % P) * HAND_W for p in range(P)] for P in range(3, SEATS + 1) for me in range(P)
}
_HAND_AT = {
    (me, P): [L_HANDS + ((p - me) % P) * HAND_W + 1 + k for p in range(P) for k in range(HAND_W - 1)]
    for P in range(3, SEATS + 1)
    for me in range(P)
}
_HAND_INDEX = {key: np.array(at, dtype=np.intp) for key, at in _HAND_AT.items()}
Entries = tuple[list[int], list[int], list[float]]  # ones, then positions and values
Arrays = tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], Vector]  # the same as numpy arrays


def _arrays(entries: Entries) -> Arrays:
    ones, at, val = entries
    return np.array(ones, dtype=np.intp), np.array(at, dtype=np.intp), np.array(val, dtype=np.float32)


def _put(vec: Vector, entries: Arrays) -> None:
    vec[entries[0]] = 1.0
    vec[entries[1]] = entries[2]


def _leader_entries(g: Game) -> Entries:
    """The leader cards shown face up, the face-down piles' sizes and the gray supply."""
    s = g.s
    comp = g.comp
    cards = comp.cards
    card_at = s.card_at
    ones: list[int] = []
    at: list[int] = []
    val: list[float] = []
    for f, c in enumerate(s.faceup):
        if c >= 0:
            ones += (L_LEADERS + f * 4 + cards[c].kind, L_LEADERS + f * 4 + 3)
    for f, pile in enumerate(comp.pile_cards):
        at.append(L_LEADERS + 16 + f)
        val.append(_num([card_at[c] for c in pile].count(FACE_DOWN), 9))
    gray = [0, 0, 0]
    for c in comp.gray_cards:
        if card_at[c] == GRAY_SUPPLY:
            gray[cards[c].kind] += 1
    at += [L_LEADERS + 20 + k for k in range(3)]
    val += [_num(n, 6) for n in gray]
    return ones, at, val


def _hand_values(g: Game) -> list[float]:
    """Every seat's leader cards in hand, counted by kind and figures, then the gray ones by kind,
    seat after seat (at :data:`_HAND_AT`), in one pass over the cards."""
    cards = g.comp.cards
    width = 3 * _FIGS + 3
    counts = [0] * (width * g.s.players)
    for c, where in enumerate(g.s.card_at):
        if where >= 0:
            card = cards[c]
            counts[where * width + card.kind * _FIGS + min(card.figures, 4) - 1] += 1
            if card.gray:
                counts[where * width + 3 * _FIGS + card.kind] += 1
    return [_num(n, 3) for n in counts]


def _town_slots(g: Game) -> list[int]:
    """Each town's slot in the vector (towns by key, whatever the set-up's order)."""
    return [_TOWN[t.key] for t in g.comp.towns]


def _town_entries(g: Game) -> Entries:
    """The towns as every seat sees them: number, side, siege, tax tiles, place in the ring (the
    occupant, a seat slot, is :func:`_occupant_ones`)."""
    s = g.s
    ring = {t: i for i, t in enumerate(s.ring)}
    ones: list[int] = []
    at: list[int] = []
    val: list[float] = []
    one = ones.append
    town_slot = _town_slots(g)
    sides = g.sides
    for t, town in enumerate(g.comp.towns):
        base = L_TOWN + town_slot[t] * _TOWN_W
        at.append(base)
        val.append(_num(town.number, TOWNS))
        one(base + 1 + sides[t])
        if s.besieged[t]:
            one(base + 1 + len(SIDES))
        k = base + 2 + len(SIDES)
        tile = s.tile_at[t]
        if 0 <= tile < TAX_TILES:
            one(k + tile)
        if s.turned[t] >= 0:
            one(k + TAX_TILES + s.turned[t])
        if t in ring:
            one(k + TAX_TILES + 6 + SEATS + 1 + ring[t])
    return ones, at, val


def _occupant_ones(s: State, town_slot: list[int], me: int) -> list[int]:
    """Each town's occupant: a seat slot relative to ``me``, or nobody."""
    P = s.players
    return [
        L_TOWN + town_slot[t] * _TOWN_W + _OCCUPANT + (SEATS if o < 0 else (o - me) % P)
        for t, o in enumerate(s.occupant)
    ]


_OCCUPANT = 2 + len(SIDES) + TAX_TILES + 6  # the occupant's one-hot within a town's block


def _town_sources(g: Game) -> tuple[object, ...]:
    """Everything :func:`_town_entries` reads."""
    s = g.s
    return (g.comp, g.sides, s.besieged, s.tile_at, s.turned, s.ring)


def _seat_values(s: State) -> list[float]:
    """Every seat's influence, counter, wagon, horses and horse tile, in seat order (as
    :data:`_SEAT_VALUE_AT` places them; an absent counter or an empty wagon space is 0, as the
    zeros the reference leaves there)."""
    val: list[float] = []
    t6 = _BY_6
    for p in range(s.players):
        c = s.counter[p]
        x = s.influence[p]
        val += (_BY_60[x] if 0 <= x < _T else _num(x, 60), _num(c + 1, MAX_OFFER) if c >= 0 else 0.0)
        val += [t6[n] if 0 <= n < _T else _num(n, 6) for n in s.wagon[p * NG : (p + 1) * NG]]
        x = s.horses[p]
        val += (_BY_5[x] if 0 <= x < _T else _num(x, 5), _num(s.horse_tile[p] or 0, 6))
    return val


_T = 256  # the lookup tables' size (counts above it are computed)
_BY_60, _BY_6, _BY_5 = (scaled_table(scale, _T) for scale in (60, 6, 5))


# Where each seat's values go for observer ``me`` of ``P`` players (seat order, as _seat_values).
_SEAT_VALUE_AT = {
    (me, P): [
        x
        for p in range(P)
        for base in [L_PLAYER + ((p - me) % P) * _PLAYER_W]
        for x in (base + 1, base + 2 + TOWNS, *range(base + 3 + 2 * TOWNS, base + 3 + 2 * TOWNS + NG + 2))
    ]
    for P in range(3, SEATS + 1)
    for me in range(P)
}
_SEAT_VALUE_INDEX = {key: np.array(at, dtype=np.intp) for key, at in _SEAT_VALUE_AT.items()}


def _seat_ones(s: State, town_slot: list[int], me: int) -> list[int]:
    """Each seat's presence, town and road (seat slots relative to ``me``)."""
    P = s.players
    ones: list[int] = []
    one = ones.append
    town_of = s.town_of
    road_of = s.road_of
    for p in range(P):
        base = L_PLAYER + ((p - me) % P) * _PLAYER_W
        one(base)
        if town_of[p] >= 0:
            one(base + 2 + town_slot[town_of[p]])
        if road_of[p] >= 0:
            one(base + 3 + TOWNS + town_slot[road_of[p]])
    return ones


def _seat_sources(s: State) -> tuple[list[int], ...]:
    """Everything :func:`_seat_values` reads."""
    return (s.influence, s.counter, s.wagon, s.horses, s.horse_tile)


class _Memo:
    """What :class:`Encoder` keeps between calls: the storage rows block (per observer), the leader
    cards' entries and each seat's hand, with the components and copies of the state lists they
    came from, compared on every call (so any change is seen)."""

    def __init__(self) -> None:
        # Keyed by observer and player count (the seat slots depend on both).
        self._rows: dict[tuple[int, int], tuple[object, list[int], list[int], Vector]] = {}
        # Kept as numpy arrays (converted once when recomputed, then written as they are: numpy
        # converts a Python list of n entries at about 50 ns each, on every write).
        self._leaders: tuple[object, list[int], list[int], Arrays] | None = None
        self._hands: tuple[object, list[int], Vector] | None = None
        self._towns: tuple[tuple[object, ...], Arrays] | None = None
        self._seat_values: tuple[tuple[list[int], ...], Vector] | None = None

    def towns(self, g: Game) -> Arrays:
        """:func:`_town_entries`, the same for every observer: kept while what it read stays equal
        (compared with the state at the previous call, whoever asked)."""
        now = _town_sources(g)
        hit = self._towns
        if hit is not None and hit[0][0] is now[0] and hit[0][1:] == now[1:]:
            return hit[1]
        entries = _arrays(_town_entries(g))
        self._towns = ((now[0], *(x[:] if type(x) is list else x for x in now[1:])), entries)
        return entries

    def seat_values(self, s: State) -> Vector:
        """:func:`_seat_values`, the same for every observer (kept likewise)."""
        now = _seat_sources(s)
        hit = self._seat_values
        if hit is not None and hit[0] == now:
            return hit[1]
        values = np.array(_seat_values(s), dtype=np.float32)
        self._seat_values = (tuple(x[:] for x in now), values)
        return values

    def leaders(self, g: Game) -> Arrays:
        s = g.s
        hit = self._leaders
        if hit is not None and hit[0] is g.comp and hit[1] == s.card_at and hit[2] == s.faceup:
            return hit[3]
        entries = _arrays(_leader_entries(g))
        self._leaders = (g.comp, s.card_at[:], s.faceup[:], entries)
        return entries

    def hands(self, g: Game) -> Vector:
        """:func:`_hand_values`, the same for every observer (kept while the cards stay where they were)."""
        hit = self._hands
        if hit is not None and hit[0] is g.comp and hit[1] == g.s.card_at:
            return hit[2]
        values = np.array(_hand_values(g), dtype=np.float32)
        self._hands = (g.comp, g.s.card_at[:], values)
        return values

    def rows(self, vec: Vector, g: Game, me: int) -> None:
        s = g.s
        hit = self._rows.get((me, s.players))
        if hit is not None and hit[0] is g.layout and hit[1] == s.row_chooser and hit[2] == s.space_owner:
            vec[L_ROWS:_ROWS_END] = hit[3]
            return
        _rows_block(vec, g, me)
        self._rows[me, s.players] = (g.layout, s.row_chooser[:], s.space_owner[:], vec[L_ROWS:_ROWS_END].copy())


class Encoder:
    """:func:`encode_game` with a memory (:class:`_Memo`), for one environment: equal vectors. With the
    compiled encoder built (and ``compiled`` left true) each call is the compiled :func:`encode_game`,
    which needs no memory: a whole vector costs it less than comparing what the memory kept."""

    def __init__(self, compiled: bool = True) -> None:
        self._memo = _Memo()
        self._compiled = compiled and _compiled is not None

    def __call__(self, g: Game, seat: int | None) -> Vector:
        if self._compiled:
            return _compiled.encode_game(g, seat)  # type: ignore[no-any-return,union-attr]
        return encode_game(g, seat, self._memo)


def make_encoder() -> Callable[[Game, int | None], Vector]:
    """An environment's encoder: the compiled :func:`encode_game` itself where it is built (it needs no
    memory, and an environment then calls it with no Python frame between), else an :class:`Encoder`."""
    if _compiled is not None:
        return _compiled.encode_game  # type: ignore[no-any-return]
    return Encoder()


def encode_game(g: Game, seat: int | None, memo: _Memo | None = None) -> Vector:
    """``encode(g.observe(seat))``, computed from the state (see the module's doc); ``memo`` (of an
    :class:`Encoder`) keeps the parts that did not change since its last call."""
    s = g.s
    P = s.players
    me = seat or 0
    phase = s.phase
    town_slot = _town_slots(g)

    def who(p: int) -> int:  # a seat slot, or SEATS for nobody (-1)
        return SEATS if p < 0 else (p - me) % P

    vec = np.zeros(OBS_SIZE, dtype=np.float32)
    ones: list[int] = []
    at: list[int] = [L_GAME]
    val: list[float] = [_num(s.round, ROUNDS)]
    one = ones.append

    one(L_GAME + 1 + phase)
    one(L_GAME + 1 + len(PHASES) + P - 3)
    ones += [L_GAME + 1 + len(PHASES) + 3 + (p - me) % P for p in g.pending()]
    if memo is not None:  # the shared parts, kept as arrays
        _put(vec, memo.towns(g))
        vec[_SEAT_VALUE_INDEX[me, P]] = memo.seat_values(s)
        _put(vec, memo.leaders(g))
    else:
        for entries in (_town_entries(g), _leader_entries(g)):
            ones += entries[0]
            at += entries[1]
            val += entries[2]
        at += _SEAT_VALUE_AT[me, P]
        val += _seat_values(s)
    ones += _occupant_ones(s, town_slot, me)
    ones += _seat_ones(s, town_slot, me)
    for place, p in enumerate(s.order):
        one(L_ORDER + ((p - me) % P) * SEATS + place)
    for gi, n in enumerate(s.supply):
        at.append(L_SUPPLY + gi)
        val.append(_num(n, 12))
    for k, tile in enumerate(s.store_tiles):  # tile numbers, not seats
        one(L_STORAGE + k * _TILE_W + (N_STORAGE_TILES if tile < 0 else tile))
    if s.side != 0:
        one(L_STORAGE + 2 * _TILE_W)
    for place, p in enumerate(s.store_order):
        one(L_STORAGE + 2 * _TILE_W + 1 + ((p - me) % P) * SEATS + place)
    if s.store_tiles[0] >= 0:
        if memo is not None:
            memo.rows(vec, g, me)
        else:
            _rows_block(vec, g, me)
    at.append(L_TAX)
    val.append(_num(len(s.tax_deck), 18))
    if phase == OFFER or phase == RESPOND:
        where = s.town_of[s.mover]
        one(L_CONFLICT + town_slot[where])
        one(L_CONFLICT + TOWNS + (s.mover - me) % P)
        if s.occupant[where] >= 0:
            one(L_CONFLICT + TOWNS + SEATS + (s.occupant[where] - me) % P)
        if phase == RESPOND:
            at.append(L_CONFLICT + TOWNS + 2 * SEATS)
            val.append(_num(s.c_offer, MAX_OFFER))
            one(L_CONFLICT + TOWNS + 2 * SEATS + 1 + (s.c_by - me) % P)
    if phase == CHOOSE:
        one(L_TRAVEL + (s.mover - me) % P)
        if s.mover_from >= 0:
            one(L_TRAVEL + SEATS + town_slot[s.mover_from])
        if s.displaced:
            one(L_TRAVEL + SEATS + TOWNS)
    # Every seat's hand, public (L-07): guards, then the leader cards' counts.
    at += _GUARDS_AT[me, P]
    val += [_num(n, MAX_OFFER) for n in s.guards]
    if memo is not None:
        vec[_HAND_INDEX[me, P]] = memo.hands(g)
    else:
        at += _HAND_AT[me, P]
        val += _hand_values(g)
    vec[ones] = 1.0
    vec[at] = val
    return vec


# The compiled encoder (an optional build, setup.py): the same vectors, about ten times faster; None
# where it is not built (this module's Python then does it all). Loaded last: it takes the rules it
# shares with this module (phase sets, card slots, block layouts) from this module.
_compiled = load("league_of_six.rl._compiled")

__all__ = ["Encoder", "encode_game", "make_encoder"]
