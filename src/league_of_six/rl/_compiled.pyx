# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The League of Six observation vector, compiled: :func:`league_of_six.rl.fast_encoding.encode_game`
line for line, written straight into the vector.

An optional build (``setup.py``), like Wallenstein's (:mod:`wallenstein.rl._compiled`); without it the
environments use the Python encoder, which stays the reference with
:func:`league_of_six.rl.encoding.encode` above it. ``tests/rl/test_rl_fast_encoding.py`` checks that
all three give equal vectors on every decision of random games, for every seat.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport memcpy

from tabletop.rl._vector cimport PYX_SHA256, filled, item, num, put_within, rel


SOURCE_SHA256 = PYX_SHA256.decode("ascii")  # set by setup.py: tabletop.compiled.load compares it

import numpy as np

from league_of_six.components import MAX_OFFER as _MAX_OFFER, N_GOODS, N_STORAGE_TILES as _N_TILES, PILE_FIGURES
from league_of_six.components import ROUNDS as _ROUNDS, SIDES
from league_of_six.rl import encoding as E
from league_of_six.rl import fast_encoding as F  # (it loads this module last, once all it defines is there)
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
cdef Py_ssize_t TOWN_W = E._TOWN_W, PLAYER_W = E._PLAYER_W, TILE_W = E._TILE_W
cdef Py_ssize_t OCCUPANT = F._OCCUPANT
cdef double MAX_OFFER = _MAX_OFFER, ROUNDS = _ROUNDS

cdef Py_ssize_t L_GAME = E.L_GAME, L_TOWN = E.L_TOWN, L_ORDER = E.L_ORDER, L_PLAYER = E.L_PLAYER
cdef Py_ssize_t L_SUPPLY = E.L_SUPPLY, L_STORAGE = E.L_STORAGE, L_ROWS = E.L_ROWS, L_LEADERS = E.L_LEADERS
cdef Py_ssize_t L_TAX = E.L_TAX, L_CONFLICT = E.L_CONFLICT, L_TRAVEL = E.L_TRAVEL, L_HANDS = E.L_HANDS
cdef Py_ssize_t HAND_W = E.HAND_W


cdef inline int put(float* v, Py_ssize_t i, float x) except -1:
    return put_within(v, OBS_SIZE, i, x)

cdef long CHOOSE = S.CHOOSE, OFFER = S.OFFER, RESPOND = S.RESPOND
cdef long FACE_DOWN = S.FACE_DOWN, GRAY_SUPPLY = S.GRAY_SUPPLY


cdef inline Py_ssize_t who(long p, long me, long P) noexcept:
    """A seat slot, or SEATS for nobody (-1)."""
    return SEATS if p < 0 else rel(p, me, P)


cdef inline Py_ssize_t at(Py_ssize_t* table, Py_ssize_t n, long i) except -1:
    """``table[i]`` of a C table of ``n`` entries, refusing another index (a town or card no set has)."""
    if i < 0 or i >= n:
        raise IndexError(f"index {i} outside a table of {n}")
    return table[i]


cdef Py_ssize_t* _indices(list values) except NULL:
    """A C copy of a list of ints (freed by its owner's __dealloc__)."""
    cdef Py_ssize_t k, n = len(values)
    cdef Py_ssize_t* out = <Py_ssize_t*>PyMem_Malloc((n if n else 1) * sizeof(Py_ssize_t))
    if out == NULL:
        raise MemoryError()
    for k in range(n):
        out[k] = values[k]
    return out


cdef class _Parts:
    """What the vector reads from a component set (fixed for a game), in C arrays: each town's slot
    and number, and per civic leader card its kind, its face-down pile (or -1 for a gray card), whether
    it is gray and its slot among a hand's kind x figures counts."""

    cdef readonly object comp  # kept, so the id that keys the cache stays this set's
    cdef Py_ssize_t n_towns, n_cards
    cdef Py_ssize_t* town_slot
    cdef Py_ssize_t* town_number
    cdef Py_ssize_t* kind
    cdef Py_ssize_t* pile
    cdef Py_ssize_t* gray
    cdef Py_ssize_t* hand_slot

    def __init__(self, comp):
        self.comp = comp
        cards = comp.cards
        self.n_towns = len(comp.towns)
        self.n_cards = len(cards)
        pile = [-1] * len(cards)
        for f, ids in enumerate(comp.pile_cards):
            for c in ids:
                pile[c] = f
        self.town_slot = _indices([E._TOWN[t.key] for t in comp.towns])
        self.town_number = _indices([t.number for t in comp.towns])
        self.kind = _indices([c.kind for c in cards])
        self.pile = _indices(pile)
        self.gray = _indices([1 if c.gray else 0 for c in cards])
        self.hand_slot = _indices([c.kind * FIGS + min(c.figures, 4) - 1 for c in cards])

    def __dealloc__(self):
        PyMem_Free(self.town_slot)
        PyMem_Free(self.town_number)
        PyMem_Free(self.kind)
        PyMem_Free(self.pile)
        PyMem_Free(self.gray)
        PyMem_Free(self.hand_slot)


cdef class _Rows:
    """fast_encoding._Rows (the one place that lays a storage layout out) in C arrays: the fixed block
    as float32 bytes, and where the rows' choosers and the spaces' fillers go."""

    cdef readonly object layout
    cdef bytes fixed
    cdef Py_ssize_t n_rows, n_spaces
    cdef Py_ssize_t* chooser_row
    cdef Py_ssize_t* chooser_at
    cdef Py_ssize_t* space
    cdef Py_ssize_t* space_at

    def __init__(self, lay):
        rows = F._rows_of(lay)
        self.layout = lay
        self.fixed = rows.fixed.tobytes()
        self.n_rows = len(rows.chooser_row)
        self.n_spaces = len(rows.space)
        self.chooser_row = _indices(rows.chooser_row.tolist())
        self.chooser_at = _indices(rows.chooser_at.tolist())
        self.space = _indices(rows.space.tolist())
        self.space_at = _indices(rows.space_at.tolist())

    def __dealloc__(self):
        PyMem_Free(self.chooser_row)
        PyMem_Free(self.chooser_at)
        PyMem_Free(self.space)
        PyMem_Free(self.space_at)


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
    return filled(_zeros, OBS_SIZE, _F32, _encode, g, seat)


cdef int _encode(float* v, g, seat) except -1:
    s = g.s
    cdef long P = s.players
    cdef long me = 0 if seat is None else <long>seat
    cdef long phase = s.phase
    if not 3 <= P <= SEATS or not 0 <= me < P:
        raise ValueError(f"not a state the rules make: {P} players, seat {seat!r}")
    cdef _Parts parts = _parts_of(g.comp)
    cdef Py_ssize_t* town_slot = parts.town_slot
    cdef Py_ssize_t n_towns = parts.n_towns
    cdef Py_ssize_t t, p, k, f, base, n, c
    cdef long x, o
    cdef list lst

    put(v, L_GAME, num(s.round, ROUNDS))
    put(v, L_GAME + 1 + phase, 1.0)
    put(v, L_GAME + 1 + N_PHASES + P - 3, 1.0)
    for x in g.pending():
        put(v, L_GAME + 1 + N_PHASES + 3 + rel(x, me, P), 1.0)

    # The towns as every seat sees them (fast_encoding._town_entries).
    cdef list ring = s.ring
    cdef list besieged = s.besieged, tile_at = s.tile_at, turned = s.turned
    sides = g.sides
    cdef long ring_place[16]
    if n_towns > 16:
        raise ValueError("more than 16 towns")
    for t in range(n_towns):
        ring_place[t] = -1
    for k in range(len(ring)):
        x = item(ring, k)
        if 0 <= x < n_towns:  # (another number is no town: the Python encoder shows nothing for it)
            ring_place[x] = k
    for t in range(n_towns):
        base = L_TOWN + town_slot[t] * TOWN_W
        put(v, base, num(parts.town_number[t], TOWNS))
        put(v, base + 1 + <long>sides[t], 1.0)
        if besieged[t]:
            put(v, base + 1 + N_SIDES, 1.0)
        k = base + 2 + N_SIDES
        x = item(tile_at, t)
        if 0 <= x < TAX_TILES:
            put(v, k + x, 1.0)
        x = item(turned, t)
        if x >= 0:
            put(v, k + TAX_TILES + x, 1.0)
        if ring_place[t] >= 0:
            put(v, k + TAX_TILES + 6 + SEATS + 1 + ring_place[t], 1.0)

    # Every seat's values (fast_encoding._seat_values at _SEAT_VALUE_AT).
    cdef list influence = s.influence, counter = s.counter, wagon = s.wagon, horses = s.horses
    horse_tile = s.horse_tile
    for p in range(P):
        base = L_PLAYER + rel(p, me, P) * PLAYER_W
        put(v, base + 1, num(item(influence, p), 60.0))
        x = item(counter, p)
        put(v, base + 2 + TOWNS, num(x + 1, MAX_OFFER) if x >= 0 else 0.0)
        for k in range(NG):
            put(v, base + 3 + 2 * TOWNS + k, num(item(wagon, p * NG + k), 6.0))
        put(v, base + 3 + 2 * TOWNS + NG, num(item(horses, p), 5.0))
        ht = horse_tile[p]
        put(v, base + 3 + 2 * TOWNS + NG + 1, num(ht if ht else 0, 6.0))

    # The civic leaders (fast_encoding._leader_entries) and every seat's hand (_hand_values, public:
    # L-07), in one pass over where the cards are: the face-down piles' sizes, the gray supply by
    # kind, the hands.
    cdef list card_at = s.card_at
    cdef Py_ssize_t* kind = parts.kind
    lst = s.faceup
    for f in range(len(lst)):
        x = item(lst, f)
        if x >= 0:
            put(v, L_LEADERS + f * 4 + at(kind, parts.n_cards, x), 1.0)
            put(v, L_LEADERS + f * 4 + 3, 1.0)
    cdef long piles[8]
    cdef long gray[3]
    cdef long hand[5 * 32]  # seat x (kind x figures, gray per kind)
    cdef Py_ssize_t width = 3 * FIGS + 3
    if width > 32 or HAND_W != width + 1:
        raise ValueError("a hand's block is not the encoder's")
    for k in range(FIGS):
        piles[k] = 0
    gray[0] = gray[1] = gray[2] = 0
    for k in range(SEATS * width):
        hand[k] = 0
    if len(card_at) != parts.n_cards:
        raise ValueError("the state's cards are not its component set's")
    for c in range(parts.n_cards):
        x = item(card_at, c)
        if x == FACE_DOWN:
            if parts.pile[c] >= 0:
                piles[parts.pile[c]] += 1
        elif x == GRAY_SUPPLY:
            if parts.gray[c]:
                gray[kind[c]] += 1
        elif 0 <= x < P:
            hand[x * width + parts.hand_slot[c]] += 1
            if parts.gray[c]:
                hand[x * width + 3 * FIGS + kind[c]] += 1
    for f in range(FIGS):
        put(v, L_LEADERS + 16 + f, num(piles[f], 9.0))
    for k in range(3):
        put(v, L_LEADERS + 20 + k, num(gray[k], 6.0))
    cdef list guards = s.guards
    for p in range(P):
        base = L_HANDS + rel(p, me, P) * HAND_W
        put(v, base, num(item(guards, p), MAX_OFFER))
        for k in range(width):
            put(v, base + 1 + k, num(hand[p * width + k], 3.0))

    # Each town's occupant; each seat's presence, town and road.
    lst = s.occupant
    for t in range(len(lst)):
        put(v, L_TOWN + at(town_slot, n_towns, t) * TOWN_W + OCCUPANT + who(item(lst, t), me, P), 1.0)
    cdef list town_of = s.town_of, road_of = s.road_of
    for p in range(P):
        base = L_PLAYER + rel(p, me, P) * PLAYER_W
        put(v, base, 1.0)
        x = item(town_of, p)
        if x >= 0:
            put(v, base + 2 + at(town_slot, n_towns, x), 1.0)
        x = item(road_of, p)
        if x >= 0:
            put(v, base + 3 + TOWNS + at(town_slot, n_towns, x), 1.0)
    lst = s.order
    for k in range(len(lst)):
        put(v, L_ORDER + rel(item(lst, k), me, P) * SEATS + k, 1.0)
    lst = s.supply
    for k in range(len(lst)):
        put(v, L_SUPPLY + k, num(item(lst, k), 12.0))
    cdef list store_tiles = s.store_tiles
    for k in range(len(store_tiles)):
        x = item(store_tiles, k)
        put(v, L_STORAGE + k * TILE_W + (N_TILES if x < 0 else x), 1.0)
    if s.side != 0:
        put(v, L_STORAGE + 2 * TILE_W, 1.0)
    lst = s.store_order
    for k in range(len(lst)):
        put(v, L_STORAGE + 2 * TILE_W + 1 + rel(item(lst, k), me, P) * SEATS + k, 1.0)
    if item(store_tiles, 0) >= 0:
        _rows_block(v, g, s, me, P)
    put(v, L_TAX, num(len(s.tax_deck), 18.0))
    cdef long mover, where
    lst = s.occupant
    if phase == OFFER or phase == RESPOND:
        mover = s.mover
        where = item(town_of, mover)
        put(v, L_CONFLICT + at(town_slot, n_towns, where), 1.0)
        put(v, L_CONFLICT + TOWNS + rel(mover, me, P), 1.0)
        o = item(lst, where)
        if o >= 0:
            put(v, L_CONFLICT + TOWNS + SEATS + rel(o, me, P), 1.0)
        if phase == RESPOND:
            put(v, L_CONFLICT + TOWNS + 2 * SEATS, num(s.c_offer, MAX_OFFER))
            put(v, L_CONFLICT + TOWNS + 2 * SEATS + 1 + rel(s.c_by, me, P), 1.0)
    if phase == CHOOSE:
        put(v, L_TRAVEL + rel(s.mover, me, P), 1.0)
        x = s.mover_from
        if x >= 0:
            put(v, L_TRAVEL + SEATS + at(town_slot, n_towns, x), 1.0)
        if s.displaced:
            put(v, L_TRAVEL + SEATS + TOWNS, 1.0)
    return 0


cdef int _rows_block(float* v, g, s, long me, long P) except -1:
    """fast_encoding._rows_block: the layout's fixed part, each row's chooser, each space's filler."""
    tiles = s.store_tiles
    cdef _Rows rows = _rows_of(g.comp.layout(tiles[0], tiles[1], s.side))  # (Game.layout, without its frame)
    cdef Py_ssize_t k
    if L_ROWS * 4 + len(rows.fixed) > OBS_SIZE * 4:
        raise IndexError("the storage rows' block runs past the vector")
    memcpy(&v[L_ROWS], <const char*>rows.fixed, len(rows.fixed))
    cdef list chooser = s.row_chooser, owner = s.space_owner
    for k in range(rows.n_rows):
        put(v, rows.chooser_at[k] + who(item(chooser, rows.chooser_row[k]), me, P), 1.0)
    for k in range(rows.n_spaces):
        put(v, rows.space_at[k] + who(item(owner, rows.space[k]), me, P), 1.0)
    return 0
