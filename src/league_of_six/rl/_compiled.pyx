# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The League of Six observation vector, compiled: :func:`league_of_six.rl.fast_encoding.encode_game`
line for line, written straight into the vector.

An optional build (``setup.py``), like Wallenstein's (:mod:`wallenstein.rl._compiled`); without it the
environments use the Python encoder, which stays the reference with
:func:`league_of_six.rl.encoding.encode` above it. ``tests/rl/test_rl_fast_encoding.py`` checks that
all three give equal vectors on every decision of random games, for every seat.
"""

from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer

from tabletop.rl._vector cimport PYX_SHA256, item, num, rel


SOURCE_SHA256 = PYX_SHA256.decode("ascii")  # set by setup.py: tabletop.compiled.load compares it

import numpy as np

from league_of_six.components import MAX_OFFER as _MAX_OFFER, N_GOODS, N_STORAGE_TILES as _N_TILES, PILE_FIGURES
from league_of_six.components import ROUNDS as _ROUNDS, SIDES
from league_of_six.rl import encoding as E
from league_of_six import state as S

cdef Py_ssize_t OBS_SIZE = E.OBS_SIZE
cdef Py_ssize_t SEATS = E.SEATS
cdef Py_ssize_t TOWNS = E.TOWNS
cdef Py_ssize_t NG = N_GOODS
cdef Py_ssize_t FIGS = len(PILE_FIGURES)
cdef Py_ssize_t N_SIDES = len(SIDES)
cdef Py_ssize_t TAX_TILES = E.TAX_TILES
cdef Py_ssize_t N_TILES = _N_TILES
cdef Py_ssize_t N_PHASES = len(S.PHASES)
cdef Py_ssize_t ROWS_SEEN = E.ROWS_SEEN, SPACES_SEEN = E.SPACES_SEEN, ROW = E.ROW, SPACE = E.SPACE
cdef Py_ssize_t TOWN_W = E._TOWN_W, PLAYER_W = E._PLAYER_W, TILE_W = E._TILE_W
cdef Py_ssize_t OCCUPANT = 2 + len(SIDES) + E.TAX_TILES + 6  # fast_encoding._OCCUPANT
cdef double MAX_OFFER = _MAX_OFFER, ROUNDS = _ROUNDS

cdef Py_ssize_t L_GAME = E.L_GAME, L_TOWN = E.L_TOWN, L_ORDER = E.L_ORDER, L_PLAYER = E.L_PLAYER
cdef Py_ssize_t L_SUPPLY = E.L_SUPPLY, L_STORAGE = E.L_STORAGE, L_ROWS = E.L_ROWS, L_LEADERS = E.L_LEADERS
cdef Py_ssize_t L_TAX = E.L_TAX, L_CONFLICT = E.L_CONFLICT, L_TRAVEL = E.L_TRAVEL, L_HAND = E.L_HAND

cdef long CHOOSE = S.CHOOSE, OFFER = S.OFFER, RESPOND = S.RESPOND, OVER = S.OVER
cdef long FACE_DOWN = S.FACE_DOWN, GRAY_SUPPLY = S.GRAY_SUPPLY


cdef inline Py_ssize_t who(long p, long me, long P) noexcept:
    """A seat slot, or SEATS for nobody (-1)."""
    return SEATS if p < 0 else rel(p, me, P)


cdef class _Parts:
    """What the vector reads from a component set (fixed for a game): each town's slot and number,
    each card's kind, figures and grayness, the piles' and gray cards' ids, as C-friendly lists."""

    cdef readonly object comp  # kept, so the id that keys the cache stays this set's
    cdef list town_slot, town_number, kind, figures, gray, piles, gray_cards

    def __init__(self, comp):
        self.comp = comp
        self.town_slot = [E._TOWN[t.key] for t in comp.towns]
        self.town_number = [t.number for t in comp.towns]
        self.kind = [c.kind for c in comp.cards]
        self.figures = [c.figures for c in comp.cards]
        self.gray = [bool(c.gray) for c in comp.cards]
        self.piles = [list(pile) for pile in comp.pile_cards]
        self.gray_cards = list(comp.gray_cards)


cdef class _Rows:
    """fast_encoding._Rows for the compiled path: a storage layout's fixed entries, and where its rows'
    choosers and spaces' fillers go, as lists."""

    cdef readonly object layout
    cdef list fixed_at, fixed_val, chooser_row, chooser_at, space, space_at

    def __init__(self, lay):
        self.layout = lay
        self.fixed_at, self.fixed_val = [], []
        self.chooser_row, self.chooser_at, self.space, self.space_at = [], [], [], []
        cdef Py_ssize_t r, j, k, base, s0, first, end
        for r in range(len(lay.store)):
            number = lay.number[r]
            if number >= ROWS_SEEN:
                continue
            base = (lay.store[r] * ROWS_SEEN + number) * ROW
            self.fixed_at.append(L_ROWS + base)
            self.fixed_val.append(num(lay.bonus[r], 4.0))
            self.chooser_row.append(r)
            self.chooser_at.append(L_ROWS + base + 1)
            first = lay.start[r]
            end = min(lay.start[r + 1], first + SPACES_SEEN)
            for j, k in enumerate(range(first, end)):
                s0 = base + 2 + SEATS + j * SPACE
                self.fixed_at.append(L_ROWS + s0 + lay.colour[k])
                self.fixed_val.append(1.0)
                self.fixed_at.append(L_ROWS + s0 + NG)
                self.fixed_val.append(num(lay.value[k], 2.0))
                self.space.append(k)
                self.space_at.append(L_ROWS + s0 + NG + 1)


_PARTS = {}
_ROWS = {}


cdef object _kept(dict cache, object source, type make, Py_ssize_t limit, str attr):
    """``make(source)`` kept by the source's identity (``attr`` of a kept entry is its source)."""
    hit = cache.get(id(source))
    if hit is None or getattr(hit, attr) is not source:
        if len(cache) > limit:
            cache.clear()
        hit = cache[id(source)] = make(source)
    return hit


cdef inline _Parts _parts_of(comp):
    return <_Parts>_kept(_PARTS, comp, _Parts, 64, "comp")


cdef inline _Rows _rows_of(lay):
    return <_Rows>_kept(_ROWS, lay, _Rows, 256, "layout")


_zeros = np.zeros  # (a positional call of a kept reference: a few hundred ns less per vector)
_F32 = np.dtype(np.float32)


def encode_game(g, seat, memo=None):
    """``fast_encoding.encode_game(g, seat)``, compiled (``memo`` is accepted and not needed)."""
    vec = _zeros(OBS_SIZE, _F32)
    cdef Py_buffer view
    PyObject_GetBuffer(vec, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
    try:
        _encode(<float*>view.buf, g, seat)
    finally:
        PyBuffer_Release(&view)
    return vec


cdef int _encode(float* v, g, seat) except -1:
    s = g.s
    cdef long P = s.players
    cdef long me = 0 if seat is None else <long>seat
    cdef long phase = s.phase
    cdef _Parts parts = _parts_of(g.comp)
    cdef list town_slot = parts.town_slot
    cdef Py_ssize_t t, p, k, f, base, n, c
    cdef long x, o
    cdef list lst, lst2

    v[L_GAME] = num(s.round, ROUNDS)
    v[L_GAME + 1 + phase] = 1.0
    v[L_GAME + 1 + N_PHASES + P - 3] = 1.0
    for x in g.pending():
        v[L_GAME + 1 + N_PHASES + 3 + rel(x, me, P)] = 1.0

    # The towns as every seat sees them (fast_encoding._town_entries).
    cdef list ring = s.ring
    cdef list besieged = s.besieged, tile_at = s.tile_at, turned = s.turned
    sides = g.sides
    cdef long ring_place[16]
    for t in range(len(town_slot)):
        ring_place[t] = -1
    for k in range(len(ring)):
        ring_place[item(ring, k)] = k
    for t in range(len(town_slot)):
        base = L_TOWN + item(town_slot, t) * TOWN_W
        v[base] = num(item(parts.town_number, t), TOWNS)
        v[base + 1 + <long>sides[t]] = 1.0
        if besieged[t]:
            v[base + 1 + N_SIDES] = 1.0
        k = base + 2 + N_SIDES
        x = item(tile_at, t)
        if 0 <= x < TAX_TILES:
            v[k + x] = 1.0
        x = item(turned, t)
        if x >= 0:
            v[k + TAX_TILES + x] = 1.0
        if ring_place[t] >= 0:
            v[k + TAX_TILES + 6 + SEATS + 1 + ring_place[t]] = 1.0

    # Every seat's values (fast_encoding._seat_values at _SEAT_VALUE_AT).
    cdef list influence = s.influence, counter = s.counter, wagon = s.wagon, horses = s.horses
    horse_tile = s.horse_tile
    for p in range(P):
        base = L_PLAYER + rel(p, me, P) * PLAYER_W
        v[base + 1] = num(item(influence, p), 60.0)
        x = item(counter, p)
        v[base + 2 + TOWNS] = num(x + 1, MAX_OFFER) if x >= 0 else 0.0
        for k in range(NG):
            v[base + 3 + 2 * TOWNS + k] = num(item(wagon, p * NG + k), 6.0)
        v[base + 3 + 2 * TOWNS + NG] = num(item(horses, p), 5.0)
        ht = horse_tile[p]
        v[base + 3 + 2 * TOWNS + NG + 1] = num(ht if ht else 0, 6.0)

    # The civic leaders (fast_encoding._leader_entries).
    cdef list card_at = s.card_at
    cdef list kind = parts.kind
    lst = s.faceup
    for f in range(len(lst)):
        x = item(lst, f)
        if x >= 0:
            v[L_LEADERS + f * 4 + item(kind, x)] = 1.0
            v[L_LEADERS + f * 4 + 3] = 1.0
    for f in range(len(parts.piles)):
        lst2 = parts.piles[f]
        n = 0
        for c in range(len(lst2)):
            if item(card_at, item(lst2, c)) == FACE_DOWN:
                n += 1
        v[L_LEADERS + 16 + f] = num(n, 9.0)
    cdef long gray[3]
    gray[0] = gray[1] = gray[2] = 0
    lst2 = parts.gray_cards
    for c in range(len(lst2)):
        x = item(lst2, c)
        if item(card_at, x) == GRAY_SUPPLY:
            gray[item(kind, x)] += 1
    for k in range(3):
        v[L_LEADERS + 20 + k] = num(gray[k], 6.0)

    # Each town's occupant; each seat's presence, town and road.
    lst = s.occupant
    for t in range(len(lst)):
        v[L_TOWN + item(town_slot, t) * TOWN_W + OCCUPANT + who(item(lst, t), me, P)] = 1.0
    cdef list town_of = s.town_of, road_of = s.road_of
    for p in range(P):
        base = L_PLAYER + rel(p, me, P) * PLAYER_W
        v[base] = 1.0
        x = item(town_of, p)
        if x >= 0:
            v[base + 2 + item(town_slot, x)] = 1.0
        x = item(road_of, p)
        if x >= 0:
            v[base + 3 + TOWNS + item(town_slot, x)] = 1.0
    lst = s.order
    for k in range(len(lst)):
        v[L_ORDER + rel(item(lst, k), me, P) * SEATS + k] = 1.0
    lst = s.supply
    for k in range(len(lst)):
        v[L_SUPPLY + k] = num(item(lst, k), 12.0)
    cdef list store_tiles = s.store_tiles
    for k in range(len(store_tiles)):
        x = item(store_tiles, k)
        v[L_STORAGE + k * TILE_W + (N_TILES if x < 0 else x)] = 1.0
    if s.side != 0:
        v[L_STORAGE + 2 * TILE_W] = 1.0
    lst = s.store_order
    for k in range(len(lst)):
        v[L_STORAGE + 2 * TILE_W + 1 + rel(item(lst, k), me, P) * SEATS + k] = 1.0
    if item(store_tiles, 0) >= 0:
        _rows_block(v, g, s, me, P)
    v[L_TAX] = num(len(s.tax_deck), 18.0)
    cdef long mover, where
    lst = s.occupant
    if phase == OFFER or phase == RESPOND:
        mover = s.mover
        where = item(town_of, mover)
        v[L_CONFLICT + item(town_slot, where)] = 1.0
        v[L_CONFLICT + TOWNS + rel(mover, me, P)] = 1.0
        o = item(lst, where)
        if o >= 0:
            v[L_CONFLICT + TOWNS + SEATS + rel(o, me, P)] = 1.0
        if phase == RESPOND:
            v[L_CONFLICT + TOWNS + 2 * SEATS] = num(s.c_offer, MAX_OFFER)
            v[L_CONFLICT + TOWNS + 2 * SEATS + 1 + rel(s.c_by, me, P)] = 1.0
    if phase == CHOOSE:
        v[L_TRAVEL + rel(s.mover, me, P)] = 1.0
        x = s.mover_from
        if x >= 0:
            v[L_TRAVEL + SEATS + item(town_slot, x)] = 1.0
        if s.displaced:
            v[L_TRAVEL + SEATS + TOWNS] = 1.0
    if seat is not None and phase != OVER:  # the seat's own hand (the reference shows none at the end)
        v[L_HAND] = num(s.guards[me], MAX_OFFER)
        _hand(v, parts, card_at, me)
    return 0


cdef int _rows_block(float* v, g, s, long me, long P) except -1:
    """fast_encoding._rows_block: the layout's fixed part, each row's chooser, each space's filler."""
    cdef _Rows rows = _rows_of(g.layout)
    cdef Py_ssize_t k
    cdef list at = rows.fixed_at, val = rows.fixed_val
    for k in range(len(at)):
        v[item(at, k)] = <float>(<double>val[k])
    cdef list chooser = s.row_chooser, owner = s.space_owner
    at = rows.chooser_at
    val = rows.chooser_row
    for k in range(len(at)):
        v[item(at, k) + who(item(chooser, item(val, k)), me, P)] = 1.0
    at = rows.space_at
    val = rows.space
    for k in range(len(at)):
        v[item(at, k) + who(item(owner, item(val, k)), me, P)] = 1.0
    return 0


cdef int _hand(float* v, _Parts parts, list card_at, long seat) except -1:
    """fast_encoding._hand_values: the seat's leader cards by kind and figures, then its gray ones by kind."""
    cdef long counts[32]
    cdef Py_ssize_t c, k, n = 3 * FIGS + 3
    cdef long f
    for k in range(n):
        counts[k] = 0
    cdef list kind = parts.kind, figures = parts.figures, gray = parts.gray
    for c in range(len(card_at)):
        if item(card_at, c) == seat:
            f = item(figures, c)
            counts[item(kind, c) * FIGS + min(f, 4) - 1] += 1
            if gray[c]:
                counts[3 * FIGS + item(kind, c)] += 1
    for k in range(n):
        v[L_HAND + 1 + k] = num(counts[k], 3.0)
    return 0
