# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The Wallenstein observation vector, compiled: :func:`wallenstein.rl.fast_encoding.encode_game`
line for line, written straight into the vector (no index lists for numpy to convert).

An optional build (``setup.py``: a C compiler and Cython at install time); without it the environments
use the Python encoder, which stays the reference with :func:`wallenstein.rl.encoding.encode` above
it. ``tests/rl/test_rl_fast_encoding.py`` checks all three give equal vectors on every decision of
random games (both editions, every module, 3-5 players, every seat). The hot paths (the county and
seat blocks, orders, plans) read the state's lists in C; the modules' blocks go through Python
objects, as seldom as they change.
"""

from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer

from tabletop.rl._vector cimport PYX_SHA256, filled, item, num, put_within, rel


SOURCE_SHA256 = PYX_SHA256.decode("ascii")  # set by setup.py: tabletop.compiled.load compares it

import numpy as np

from wallenstein.actions import COURT_SEQUENCE
from wallenstein.board import AUCTION_BOX, BONUS_TILES, N_BOXES as _N_BOXES
from wallenstein.court_state import COURT_BOXES as _COURT_BOXES, EFFECT as _EFFECT, SPACE_COST
from wallenstein.edition2002 import F_ATTACK as _F_ATTACK
from wallenstein.favours import round_id
from wallenstein.observe import _SEASON_PHASES, _revealed_action_count
from wallenstein.rl import encoding as E
from wallenstein.rl import fast_encoding as F  # (it loads this module last, once all it defines is there)
from wallenstein import state as S

cdef Py_ssize_t OBS_SIZE = E.OBS_SIZE
cdef Py_ssize_t N = E.N
cdef Py_ssize_t SEATS = E.SEATS
cdef Py_ssize_t NC = len(E.CARD_CODES)
cdef Py_ssize_t NT = len(BONUS_TILES)
cdef Py_ssize_t PLAN_BOXES = E.PLAN_BOXES
cdef Py_ssize_t N_BOXES = _N_BOXES
cdef Py_ssize_t AUCTION = AUCTION_BOX
cdef Py_ssize_t COURT_BOXES = _COURT_BOXES
cdef Py_ssize_t FAVOURS = E.FAVOURS
cdef Py_ssize_t N_SPACES = len(SPACE_COST)
cdef Py_ssize_t MODULES_N = len(E._MODULES)
cdef double MAX_ARMIES = E.MAX_ARMIES

cdef Py_ssize_t L_OWNER = E.L_OWNER, L_ARMIES = E.L_ARMIES, L_BUILD = E.L_BUILD, L_REVOLT = E.L_REVOLT
cdef Py_ssize_t L_PLAYER = E.L_PLAYER, L_PHASE = E.L_PHASE, L_SEASON = E.L_SEASON, L_YEAR = E.L_YEAR
cdef Py_ssize_t L_GAME = E.L_GAME, L_PENDING = E.L_PENDING, L_TOWER = E.L_TOWER, L_EVENT = E.L_EVENT
cdef Py_ssize_t L_YEAR_EVENTS = E.L_YEAR_EVENTS, L_CARDS = E.L_CARDS, L_CURRENT = E.L_CURRENT
cdef Py_ssize_t L_TILES = E.L_TILES, L_BID = E.L_BID, L_POSITION = E.L_POSITION, L_PLANS = E.L_PLANS
cdef Py_ssize_t L_NEXT_BOX = E.L_NEXT_BOX, L_MOVE = E.L_MOVE, L_WINTER = E.L_WINTER, L_DRAFT = E.L_DRAFT
cdef Py_ssize_t L_FIGHT = E.L_FIGHT, L_EMPTY = E.L_EMPTY, L_COURT = E.L_COURT, L_LK = E.L_LK
cdef Py_ssize_t L_LEADERS = E.L_LEADERS, L_ORDER = E.L_ORDER, L_BID_ORDER = E.L_BID_ORDER, L_LOST = E.L_LOST
cdef Py_ssize_t L_SUPPLIES = E.L_SUPPLIES, L_FIGHT_MORE = E.L_FIGHT_MORE, L_WINTER_MORE = E.L_WINTER_MORE
cdef Py_ssize_t L_DRAFT_MORE = E.L_DRAFT_MORE, L_COURT_MORE = E.L_COURT_MORE, L_LEADERS_MORE = E.L_LEADERS_MORE


cdef inline int put(float* v, Py_ssize_t i, float x) except -1:
    return put_within(v, OBS_SIZE, i, x)


cdef long PLANNING = S.PLANNING, MOVE = S.MOVE, COMMIT = S.COMMIT, WINTER = S.WINTER
cdef long LEADER_MOVE = S.LEADER_MOVE, LEADER_DRAFT = S.LEADER_DRAFT, DRAFT_PICK = S.DRAFT_PICK
cdef long DRAFT_GROUP = S.DRAFT_GROUP, LK_BENEFIT = S.LK_BENEFIT, COURT_PHASE = S.COURT
cdef long EMPTY_CODE = -1
cdef long F_ATTACK = _F_ATTACK
cdef long EFFECT = _EFFECT

# observe._SEASON_PHASES and fast_encoding._MORE_PHASES, as bit sets of phase numbers (all below 64:
# checked here, and a state's phase in _encode).
cdef unsigned long SEASON_PHASES = 0, MORE_PHASES = 0
for _p in _SEASON_PHASES:
    assert 0 <= _p < 64
    SEASON_PHASES |= 1UL << _p
for _p in F._MORE_PHASES:
    assert 0 <= _p < 64
    MORE_PHASES |= 1UL << _p

# The plan order of the boxes (bid first, the ten actions, the court boxes).
cdef Py_ssize_t SEQ[32]
cdef Py_ssize_t SEQ_N = len(COURT_SEQUENCE)
for _i, _b in enumerate(COURT_SEQUENCE):
    SEQ[_i] = _b

# fast_encoding's card slots (_CARD_SLOT) as a table for codes -1..254; other codes through its _slot.
cdef Py_ssize_t SLOT[256]
for _c in range(-1, 255):
    SLOT[_c + 1] = F._CARD_SLOT.get(_c, -1)


cdef inline Py_ssize_t slot(long code) except -2:
    cdef Py_ssize_t hit = -1
    if -1 <= code < 255:
        hit = SLOT[code + 1]
    return hit if hit >= 0 else F._slot(code)


_zeros = np.zeros  # (a positional call of a kept reference: a few hundred ns less per vector)
_F32 = np.dtype(np.float32)


def encode_game(g, seat, memo=None):
    """``fast_encoding.encode_game(g, seat)``, compiled (``memo`` is accepted and not needed)."""
    return filled(_zeros, OBS_SIZE, _F32, _encode, g, seat)


cdef int _encode(float* v, g, seat) except -1:
    s = g.s
    cdef long P = s.players
    cdef long me = 0 if seat is None else <long>seat
    cdef bint has_seat = seat is not None
    cdef long phase = s.phase
    cdef long season = s.season
    cdef bint is2002 = g.is2002
    cdef bint planning = phase == PLANNING
    if not 3 <= P <= SEATS or not 0 <= phase < 64 or not 0 <= me < P:
        raise ValueError(f"not a state the rules make: {P} players, phase {phase}, seat {seat!r}")
    cdef Py_ssize_t i, k, p, n, base, shown, cut
    cdef long o, b, x
    cdef list owner = s.owner
    cdef list armies = s.armies
    cdef list buildings = s.buildings
    cdef list revolts = s.revolts
    cdef list plans = s.plans
    cdef list order
    cdef list lst

    # The counties: owner one-hot, armies, buildings, revolts (np.take's clip of the lookup tables).
    for i in range(N):
        o = item(owner, i)
        put(v, L_OWNER + i * 7 + (6 if o == -2 else 5 if o == -1 else rel(o, me, P)), 1.0)
        x = item(armies, i)
        put(v, L_ARMIES + i, num(min(max(x, 0), 255), 20.0))
        b = item(buildings, i)
        if b & 1:
            put(v, L_BUILD + i * 3, 1.0)
        if b & 2:
            put(v, L_BUILD + i * 3 + 1, 1.0)
        if b & 4:
            put(v, L_BUILD + i * 3 + 2, 1.0)
        x = item(revolts, i)
        put(v, L_REVOLT + i, num(min(max(x, 0), 63), 2.0))
    # The seats: presence, thalers, grain, VP, supply, counties.
    cdef list thalers = s.thalers, grain = s.grain, vp = s.vp, supply = s.supply
    cdef long held[8]
    for p in range(P):
        held[p] = 0
    for i in range(N):
        o = item(owner, i)
        if 0 <= o < P:
            held[o] += 1
    for p in range(P):
        base = L_PLAYER + rel(p, me, P) * 7
        put(v, base, 1.0)
        put(v, base + 1, num(item(thalers, p), 40.0))
        put(v, base + 2, num(item(grain, p), 30.0))
        put(v, base + 3, num(item(vp, p), 150.0))
        put(v, base + 4, num(item(supply, p), MAX_ARMIES))
        put(v, base + 5, num(held[p], N))
    put(v, L_PHASE + phase, 1.0)
    put(v, L_SEASON + season, 1.0)
    put(v, L_YEAR, num(s.year, 3.0))
    if is2002:
        put(v, L_GAME, 1.0)
    for m in g.config["modules"]:
        put(v, L_GAME + 1 + E._MODULES.index(m), 1.0)
    put(v, L_GAME + 1 + MODULES_N + P - 3, 1.0)
    if not planning:
        for x in g.pending():
            put(v, L_PENDING + rel(x, me, P), 1.0)
    cdef list counts
    for k in range(2):
        counts = s.tray if k == 0 else s.inside
        for i in range(len(counts)):
            x = item(counts, i)
            if x:
                put(v, L_TOWER + k * (SEATS + 1) + (SEATS if i == P else rel(i, me, P)), num(x, 20.0))
    x = s.event
    if x >= 0:
        put(v, L_EVENT + x, 1.0)
    for x in s.year_events:
        put(v, L_YEAR_EVENTS + x, 1.0)
    cdef list action_cards = s.action_cards
    cdef bint in_season = (SEASON_PHASES >> phase) & 1 and season != WINTER and len(action_cards) > 0
    cdef long act = s.act
    if in_season:
        shown = _revealed_action_count(g)
        for k in range(min(shown, len(action_cards))):
            put(v, L_CARDS + k * 10 + item(action_cards, k), 1.0)
        lst = s.tiles
        for k in range(len(lst)):
            put(v, L_TILES + item(lst, k) * NT + k, 1.0)
    if phase == MOVE or (phase == COMMIT and season != WINTER):
        put(v, L_CURRENT + act, 1.0)
    cdef list bid_order = s.bid_order
    if len(bid_order) > 0:
        lst = s.bids
        for p in range(P):
            put(v, L_BID + rel(p, me, P) * NC + slot(item(lst, p)), 1.0)
    lst = s.position
    for p in range(P):
        x = item(lst, p)
        if x >= 0:
            put(v, L_POSITION + rel(p, me, P) * SEATS + x, 1.0)

    # Plan cards turned up in the season (observe._revealed_plans), and the seat's own.
    cdef bint turned, acting
    cdef long turn
    order = s.order
    if (SEASON_PHASES >> phase) & 1 and not planning and season != WINTER:
        turned = phase == LEADER_MOVE
        acting = phase == MOVE or phase == COMMIT
        turn = s.turn
        n = len(action_cards)
        for p in range(P):
            base = L_PLANS + rel(p, me, P) * PLAN_BOXES * NC
            if turned or (has_seat and p == me):
                cut = n
            elif acting:  # the actions done, and the current one once p's turn in it came
                cut = act + 1 if order.index(p) <= turn else act
                if cut < 0:  # (a Python slice's end)
                    cut = max(0, cut + n)
                cut = min(cut, n)
            else:
                continue
            for k in range(cut):
                x = item(action_cards, k)
                put(v, base + x * NC + slot(item(plans, p * N_BOXES + x)), 1.0)
            if has_seat and p == me and not is2002:
                put(v, base + AUCTION * NC + slot(item(plans, p * N_BOXES + AUCTION)), 1.0)
    if planning:
        _planning_entries(v, g, s, seat, me, P, is2002)
    if phase == MOVE:
        put(v, L_MOVE + <long>s.move_from, 1.0)
        put(v, L_MOVE + N + (0 if s.move_kind == 0 else 1), 1.0)
    if season == WINTER:
        for x in s.winter_queue:
            put(v, L_WINTER + x, 1.0)
        x = s.winter_turn
        if x < len(order):
            put(v, L_WINTER + N + rel(item(order, x), me, P), 1.0)
    if phase == DRAFT_PICK or phase == DRAFT_GROUP or phase == LEADER_DRAFT:
        for x in s.faceup:
            put(v, L_DRAFT + x, 1.0)
        x = s.draft_card
        if x >= 0:
            put(v, L_DRAFT + N + x, 1.0)
        put(v, L_DRAFT + 2 * N, num(len(s.county_deck), N))
    cdef long kind, attacker, target, moved, extra
    if phase == COMMIT:
        kind, attacker, _origin, target, moved, extra = s.fight
        put(v, L_FIGHT + target, 1.0)
        if kind == F_ATTACK:
            put(v, L_FIGHT + N + rel(attacker, me, P), 1.0)
        o = item(owner, target)
        if o >= 0:
            put(v, L_FIGHT + N + SEATS + rel(o, me, P), 1.0)
        put(v, L_FIGHT + N + 2 * SEATS, num(item(armies, target), 20.0))
        put(v, L_FIGHT + N + 2 * SEATS + 1, num(moved if kind == F_ATTACK else item(revolts, target) + extra, 20.0))
    if is2002 and in_season and not planning:
        _declared_empty(v, s, me, P)
    court = s.court
    if court is not None:
        for p in range(P):
            base = L_COURT + rel(p, me, P) * 3
            put(v, base, num(court.supply[p], 10.0))
            put(v, base + 1, num(court.hall[p], 10.0))
            put(v, base + 2, num(court.audience[p], 10.0))
        if not planning:
            _court_plans(v, court, seat, me, P)
        for x in court.display:
            if x:
                put(v, L_COURT + SEATS * 3 + x - 1, 1.0)
        for x in court.gone:
            put(v, L_COURT + SEATS * 3 + FAVOURS + x - 1, 1.0)
    mods = s.mods
    modules = g.modules
    if "landsknechte" in modules:
        for p in range(P):
            put(v, L_LK + rel(p, me, P), num(mods.lk_top[p] + 1, 4.0))
        if phase == LK_BENEFIT:
            put(v, L_LK + SEATS + rel(order[mods.lk_turn], me, P), 1.0)
    if "military_leaders" in modules:
        for p, x in enumerate(mods.leader):
            if x >= 0:
                put(v, L_LEADERS + rel(p, me, P) * N + x, 1.0)
        for k, x in enumerate(mods.statues):
            if x:
                put(v, L_LEADERS + SEATS * N + k, num(x, 3.0))
    _public_more(v, g, s, me, P, modules)
    if (MORE_PHASES >> phase) & 1 or season == WINTER or court is not None:
        _phase_more(v, g, s, me, P)
    return 0


cdef int _planning_entries(float* v, g, s, seat, long me, long P, bint is2002) except -1:
    """fast_encoding._planning_entries: who has planned, who is pending, the seat's own plan cards and
    next box, the court boards' cards, the 2002 declared empty boxes."""
    cdef list fill = s.plan_fill
    cdef long size = g.plan_size
    cdef Py_ssize_t p, k, bx
    cdef long f, code
    for p in range(P):
        if item(fill, p) == size:
            put(v, L_PLAYER + rel(p, me, P) * 7 + 6, 1.0)
    for p in g.pending():
        put(v, L_PENDING + rel(p, me, P), 1.0)
    cdef list plans
    court = s.court
    if seat is not None:
        f = item(fill, me)
        plans = s.plans
        for k in range(min(f, SEQ_N)):
            bx = SEQ[k]
            if is2002 and bx == AUCTION:
                continue
            if bx < N_BOXES:
                code = item(plans, me * N_BOXES + bx)
            else:
                code = court.plans[me * COURT_BOXES + bx - N_BOXES]
            put(v, L_PLANS + bx * NC + slot(code), 1.0)
        if f < size and f < SEQ_N:
            put(v, L_NEXT_BOX + SEQ[f], 1.0)
    if court is not None:
        _court_plans(v, court, seat, me, P)
    if is2002 and len(s.action_cards) > 0 and s.season != WINTER:
        _declared_empty(v, s, me, P)
    return 0


cdef int _court_plans(float* v, court, seat, long me, long P) except -1:
    """fast_encoding._court_plans: the court boards' plan cards the seat sees."""
    cdef Py_ssize_t p, j, pbase
    cdef bint shown = court.shown
    cards = court.plans
    for p in range(P):
        if shown or (seat is not None and p == me):
            pbase = L_PLANS + rel(p, me, P) * PLAN_BOXES * NC + N_BOXES * NC
            for j in range(COURT_BOXES):
                put(v, pbase + j * NC + slot(cards[p * COURT_BOXES + j]), 1.0)
    return 0


cdef int _declared_empty(float* v, s, long me, long P) except -1:
    """2002 (edition2002.declared_empty): the uncovered boxes of complete plans."""
    cdef list fill = s.plan_fill
    cdef list plans = s.plans
    cdef Py_ssize_t p, bx, base
    for p in range(P):
        if item(fill, p) == N_BOXES:
            base = L_EMPTY + rel(p, me, P) * 10
            for bx in range(10):
                if item(plans, p * N_BOXES + bx) == EMPTY_CODE:
                    put(v, base + bx, 1.0)
    return 0


cdef int _public_more(float* v, g, s, long me, long P, modules) except -1:
    """fast_encoding._public_more: player and bid order, lost cards, supplies, event cards left, the
    leaders' statues, supplies and trophies."""
    cdef Py_ssize_t k, p, c, h, base
    cdef long mask
    cdef list lst = s.order
    for k in range(len(lst)):
        put(v, L_ORDER + rel(item(lst, k), me, P) * SEATS + k, 1.0)
    lst = s.bid_order
    for k in range(len(lst)):
        put(v, L_BID_ORDER + rel(item(lst, k), me, P) * SEATS + k, 1.0)
    lst = s.lost
    for p in range(len(lst)):
        mask = item(lst, p)
        if mask:
            base = L_LOST + rel(p, me, P) * N
            for c in range(N):
                if mask >> c & 1:
                    put(v, base + c, 1.0)
    bsupply = s.bsupply
    put(v, L_SUPPLIES, num(s.peasants, 20.0))
    put(v, L_SUPPLIES + 1, num(bsupply[0], 20.0))
    put(v, L_SUPPLIES + 2, num(bsupply[1], 20.0))
    put(v, L_SUPPLIES + 3, num(bsupply[2], 20.0))
    put(v, L_SUPPLIES + 4, num(s.markers, 40.0))
    put(v, L_SUPPLIES + 5, num(len(s.event_deck), 8.0))
    cdef long x
    if "military_leaders" in modules:
        mods = s.mods
        for c, x in enumerate(mods.statues):
            if x:
                put(v, L_LEADERS_MORE + c * SEATS + rel(mods.statue_owner[c], me, P), 1.0)
        base = L_LEADERS_MORE + N * SEATS
        for p in range(P):
            put(v, base + rel(p, me, P), num(mods.statue_supply[p], 6.0))
        trophies = mods.trophies
        for h in range(P):
            for c in range(P):
                x = trophies[h * P + c]
                if x:
                    put(v, base + SEATS + rel(h, me, P) * SEATS + rel(c, me, P), num(x, 3.0))
    return 0


cdef int _phase_more(float* v, g, s, long me, long P) except -1:
    """fast_encoding._phase_more: a 2002 fight, winter, the draft, the court, the leaders' draft."""
    cdef long phase = s.phase
    cdef Py_ssize_t p, k, base
    cdef long x
    cdef long cnt[10]
    if phase == COMMIT:
        fight = s.fight
        put(v, L_FIGHT_MORE + <long>fight[0], 1.0)
        if fight[0] == F_ATTACK:
            put(v, L_FIGHT_MORE + 3 + <long>fight[2], 1.0)
    if s.season == WINTER:
        put(v, L_WINTER_MORE, num(s.winter_extra, 3.0))
    if phase == DRAFT_PICK or phase == DRAFT_GROUP or phase == LEADER_DRAFT:
        groups = s.groups
        for p in range(P):
            for k in range(10):
                cnt[k] = 0
            for x in groups[p]:
                if not 1 <= x <= 10:
                    raise IndexError(f"an army group of {x}")
                cnt[x - 1] += 1
            base = L_DRAFT_MORE + rel(p, me, P) * 10
            for k in range(10):
                put(v, base + k, num(cnt[k], 2.0))
        put(v, L_DRAFT_MORE + SEATS * 10, num(s.draft_turn, 10.0))
        if phase == LEADER_DRAFT:
            put(v, L_LEADERS_MORE + N * SEATS + SEATS + SEATS * SEATS + <long>s.draft_card, 1.0)
    court = s.court
    if court is not None:
        put(v, L_COURT_MORE, num(len(court.deck), 10.0))
        base = L_COURT_MORE + 1
        for k, x in enumerate(court.display):
            if x:
                put(v, base + k * FAVOURS + x - 1, 1.0)
        base += N_SPACES * FAVOURS
        parry = court.parry
        shield = court.shield
        now = round_id(g)
        for p in range(P):
            if parry[p]:
                put(v, base + rel(p, me, P), 1.0)
            if shield[p] == now:
                put(v, base + SEATS + rel(p, me, P), 1.0)
        if phase == COURT_PHASE:
            for k, x in enumerate(court.queue):
                put(v, base + 2 * SEATS + rel(x, me, P) * SEATS + k, 1.0)
            if court.stage == EFFECT:
                put(v, base + 2 * SEATS + SEATS * SEATS + <long>court.ask - 1, 1.0)
    return 0


cdef class Planning:
    """fast_encoding._Planning, compiled: one seat's vector during a planning phase without the court and
    2002 rules, updated in place (the cards placed since the last call, the next box, who has planned)
    and handed out as a fresh copy."""

    cdef object vec
    cdef Py_buffer view
    cdef bint held
    cdef Py_ssize_t fill, next_box, players
    cdef signed char done[8]  # planned, by seat slot, as written (-1: not written yet)

    def __cinit__(self, base):
        self.held = False
        self.vec = base.copy()
        PyObject_GetBuffer(self.vec, &self.view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
        self.held = True
        if self.view.len != OBS_SIZE * 4:
            raise ValueError("not an observation vector")
        self.fill = 0
        self.next_box = -1
        self.players = 0
        for k in range(8):
            self.done[k] = -1

    def __dealloc__(self):
        if self.held:
            PyBuffer_Release(&self.view)

    def update(self, g, long seat):
        """The seat's vector now (a fresh array)."""
        cdef float* v = <float*>self.view.buf
        s = g.s
        cdef long P = s.players
        cdef list fill = s.plan_fill
        cdef long size = g.plan_size
        if not 3 <= P <= SEATS or not 0 <= seat < P:
            raise ValueError(f"not a state the rules make: {P} players, seat {seat}")
        cdef Py_ssize_t k, own, box
        cdef signed char d
        cdef list plans
        for k in range(P):
            d = item(fill, (seat + k) % P) == size
            if d != self.done[k]:
                put(v, L_PLAYER + 6 + 7 * k, d)
                put(v, L_PENDING + k, not d)
                self.done[k] = d
        own = item(fill, seat)
        if own > self.fill:
            plans = s.plans
            for k in range(self.fill, min(own, SEQ_N)):
                put(v, L_PLANS + SEQ[k] * NC + slot(item(plans, seat * N_BOXES + SEQ[k])), 1.0)
            self.fill = own
        box = SEQ[own] if own < size and own < SEQ_N else -1
        if box != self.next_box:
            if self.next_box >= 0:
                put(v, L_NEXT_BOX + self.next_box, 0.0)
            if box >= 0:
                put(v, L_NEXT_BOX + box, 1.0)
            self.next_box = box
        return self.vec.copy()
