"""The Wallenstein observation vector straight from the engine state: the environments' fast path.

:func:`encode_game(g, seat) <encode_game>` returns exactly ``encode(g.observe(seat))`` (the
reference, :func:`wallenstein.rl.encoding.encode`, stays the definition) without building the
observation dict: it reads only the parts of ``g.s`` that :mod:`wallenstein.observe` shows the seat,
under the same conditions. ``tests/rl/test_rl_fast_encoding.py`` compares both on thousands of
positions (both editions, every module, 3-5 players, every seat) and runs the hidden-twin test on
this path, so any drift from the observation rules fails there.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.compiled import load
from tabletop.rl.spec import Vector
from wallenstein.actions import COURT_SEQUENCE, card_name
from wallenstein.board import AUCTION_BOX, BONUS_TILES, BUILDING_BITS, EMPTY, N_BOXES
from wallenstein.court_state import COURT_BOXES, EFFECT, SPACE_COST
from wallenstein.edition2002 import F_ATTACK
from wallenstein.favours import round_id
from wallenstein.observe import _SEASON_PHASES, _revealed_action_count
from wallenstein.rl.encoding import (
    _BOX,
    _CARD,
    _MODULES,
    _NO_CARD,
    CARD_CODES,
    FAVOURS,
    L_ARMIES,
    L_BID,
    L_BID_ORDER,
    L_BUILD,
    L_CARDS,
    L_COURT,
    L_COURT_MORE,
    L_CURRENT,
    L_DRAFT,
    L_DRAFT_MORE,
    L_EMPTY,
    L_EVENT,
    L_EVENTS_LEFT,
    L_FIGHT,
    L_FIGHT_MORE,
    L_GAME,
    L_LEADERS,
    L_LEADERS_MORE,
    L_LK,
    L_LOST,
    L_MOVE,
    L_NEXT_BOX,
    L_ORDER,
    L_OWNER,
    L_PENDING,
    L_PHASE,
    L_PLANS,
    L_PLAYER,
    L_POSITION,
    L_REVOLT,
    L_SEASON,
    L_SUPPLIES,
    L_TILES,
    L_TOWER,
    L_WINTER,
    L_WINTER_MORE,
    L_YEAR,
    L_YEAR_EVENTS,
    MAX_ARMIES,
    OBS_SIZE,
    PLAN_BOXES,
    SEATS,
    N,
    _num,
)
from wallenstein.state import (
    COMMIT,
    DRAFT_GROUP,
    DRAFT_PICK,
    LEADER_DRAFT,
    LEADER_MOVE,
    LK_BENEFIT,
    MOVE,
    OUT_OF_PLAY,
    PLANNING,
    WINTER,
)
from wallenstein.state import COURT as COURT_PHASE

if TYPE_CHECKING:
    from wallenstein.game import Game
    from wallenstein.state import State


_NC = len(CARD_CODES)
_NT = len(BONUS_TILES)
assert L_SUPPLIES + 5 == L_EVENTS_LEFT  # written together
# A plan or bid code's card slot (what ``_CARD[card_name(code)]`` gives; an uncovered box the last).
_CARD_SLOT = {code: _NO_CARD if code == EMPTY else _CARD[str(card_name(code))] for code in CARD_CODES}
# An engine box number (actions 0-9, the bid 10, court boxes 11-13) is its box slot in the vector.
assert _BOX["bid"] == AUCTION_BOX and _BOX["convert3"] == N_BOXES and len(_BOX) == PLAN_BOXES
_OWNER_BASE = L_OWNER + np.arange(N) * 7
_BOARD_END = L_REVOLT + N
assert L_OWNER == 0 and L_ARMIES == L_OWNER + 7 * N and L_BUILD == L_ARMIES + N and L_REVOLT == L_BUILD + 3 * N
# Lookup tables, so the county block takes a few numpy calls and no Python loop over counties; their
# entries are the reference's own values (_num: a float64 quotient, stored as float32); np.take clips
# the index, so the tables reach far past any count a county can hold (a colour has 62 armies).
_ARMY_VALUE = np.array([_num(a, 20) for a in range(256)], dtype=np.float32)
_REVOLT_VALUE = np.array([_num(r, 2) for r in range(64)], dtype=np.float32)
_BUILD_ONES = np.array([[1.0 if b & bit else 0.0 for bit in BUILDING_BITS] for b in range(8)], dtype=np.float32)
assert sum(BUILDING_BITS) == 7
# An owner's slot in the one-hot, for observer ``me`` and ``P`` players: indexed by owner + 2
# (OUT_OF_PLAY -2, neutral -1, seats 0..P-1).
_OWNER_SLOT = {
    (me, P): np.array([6, 5, *((o - me) % P for o in range(P))], dtype=np.intp)
    for P in range(3, SEATS + 1)
    for me in range(P)
}
assert OUT_OF_PLAY == -2


def _slot(code: int) -> int:
    hit = _CARD_SLOT.get(code)
    return hit if hit is not None else _CARD[str(card_name(code))]


def _board_block(vec: Vector, s: State, me: int) -> None:
    """Entries ``[0, _BOARD_END)`` of ``vec`` (zeros): owner one-hot (seat slot, neutral, out of
    play), armies, buildings, revolts of every county."""
    own = np.asarray(s.owner)
    vec[_OWNER_BASE + _OWNER_SLOT[me, s.players][own + 2]] = 1.0
    vec[L_ARMIES : L_ARMIES + N] = np.take(_ARMY_VALUE, s.armies, mode="clip")
    vec[L_BUILD : L_BUILD + 3 * N] = _BUILD_ONES[s.buildings].ravel()
    vec[L_REVOLT : L_REVOLT + N] = np.take(_REVOLT_VALUE, s.revolts, mode="clip")


_BOARDS: dict[tuple[int, ...], Vector] = {}
_BOARD_CACHE = 1024  # entries of ~2 KB each; cleared when full


def _shared_board(s: State, me: int) -> Vector:
    """The county block for the stateless path, cached by value (board and observer): the board
    does not change while planning. Entries are read-only, so callers in any thread may share them."""
    key = (me, s.players, *s.owner, *s.armies, *s.buildings, *s.revolts)
    board = _BOARDS.get(key)
    if board is None:
        board = np.zeros(_BOARD_END, dtype=np.float32)
        _board_block(board, s, me)
        board.flags.writeable = False
        if len(_BOARDS) >= _BOARD_CACHE:
            _BOARDS.clear()
        _BOARDS[key] = board
    return board


def _court_plans(g: Game, seat: int | None, me: int, players: int) -> list[int]:
    """The court boards' plan cards the seat sees: all once revealed, else its own."""
    P = players
    court = g.s.court
    assert court is not None
    ones: list[int] = []
    for p in range(P):
        if court.shown or p == seat:
            pbase = L_PLANS + ((p - me) % P) * PLAN_BOXES * _NC + N_BOXES * _NC
            cards = court.plans[p * COURT_BOXES : (p + 1) * COURT_BOXES]
            ones += [pbase + j * _NC + _slot(code) for j, code in enumerate(cards)]
    return ones


def _declared_empty(g: Game, me: int, players: int) -> list[int]:
    """2002 (edition2002.declared_empty): the uncovered boxes of complete plans."""
    P = players
    s = g.s
    ones: list[int] = []
    for p in range(P):
        if s.plan_fill[p] == N_BOXES:
            base = L_EMPTY + ((p - me) % P) * 10
            ones += [base + bx for bx in range(10) if s.plans[p * N_BOXES + bx] == EMPTY]
    return ones


def _planning_entries(g: Game, seat: int | None, me: int, players: int) -> list[int]:
    """The ones that change while a planning phase lasts (nothing else does): who has planned, who is
    pending, the seat's own plan cards and next box, the court boards' cards, the 2002 declared
    empty boxes. They all lie in :data:`_PLANNING_BLOCKS`."""
    P = players
    s = g.s
    ones = [L_PLAYER + ((p - me) % P) * 7 + 6 for p in range(P) if s.plan_fill[p] == g.plan_size]
    ones += [L_PENDING + (p - me) % P for p in g.pending()]
    if seat is not None:
        fill = s.plan_fill[seat]
        plans = s.plans
        court_plans = s.court.plans if s.court is not None else []
        pb = seat * N_BOXES
        for bx in COURT_SEQUENCE[:fill]:
            if g.is2002 and bx == AUCTION_BOX:
                continue
            code = plans[pb + bx] if bx < N_BOXES else court_plans[seat * COURT_BOXES + bx - N_BOXES]
            ones.append(L_PLANS + bx * _NC + _slot(code))
        if fill < g.plan_size:
            ones.append(L_NEXT_BOX + COURT_SEQUENCE[fill])
    if s.court is not None:
        ones += _court_plans(g, seat, me, P)
    if g.is2002 and s.action_cards and s.season != WINTER:
        ones += _declared_empty(g, me, P)
    return ones


# Where _planning_entries writes: cleared in a planning base vector, then written per call.
_PLANNING_BLOCKS = (
    *((L_PLAYER + k * 7 + 6, 1) for k in range(SEATS)),
    (L_PENDING, SEATS),
    (L_PLANS, SEATS * PLAN_BOXES * _NC),
    (L_NEXT_BOX, PLAN_BOXES),
    (L_EMPTY, SEATS * 10),
)


class _Planning:
    """One seat's vector during a planning phase without the court and 2002 rules (where only its
    own plan cards, its next box and who has planned change), updated in place with scalar writes
    (between two decisions the engine runs so much Python that every numpy call costs about a
    microsecond): the cards placed since the last call, the next box, and the planned and pending
    flags when they changed."""

    def __init__(self, base: Vector) -> None:
        self.vec = base.copy()
        self.vec.flags.writeable = True
        self.fill = 0  # own plan cards written
        self.next_box = -1
        self.done: list[bool] = []  # planned, by seat slot, as written

    def update(self, g: Game, seat: int) -> Vector:
        s = g.s
        P = s.players
        vec = self.vec
        fill = s.plan_fill
        size = g.plan_size
        done = [fill[(seat + k) % P] == size for k in range(P)]  # by slot, relative to the seat
        if done != self.done:
            vec[L_PLAYER + 6 : L_PLAYER + 6 + 7 * P : 7] = done
            vec[L_PENDING : L_PENDING + P] = [not d for d in done]
            self.done = done
        own = fill[seat]
        if own > self.fill:
            plans = s.plans
            pb = seat * N_BOXES
            for bx in COURT_SEQUENCE[self.fill : own]:
                vec[L_PLANS + bx * _NC + _slot(plans[pb + bx])] = 1.0
            self.fill = own
        box = COURT_SEQUENCE[own] if own < size else -1
        if box != self.next_box:
            if self.next_box >= 0:
                vec[L_NEXT_BOX + self.next_box] = 0.0
            if box >= 0:
                vec[L_NEXT_BOX + box] = 1.0
            self.next_box = box
        return vec


class Encoder:
    """:func:`encode_game` with a memory, for one environment: equal vectors, fewer computed.

    While a planning phase lasts (most of the game's decisions) only :func:`_planning_entries`
    change, so the rest of a seat's vector is kept per seat (with those blocks cleared). Without the
    court and the 2002 rules that vector is updated in place (:class:`_Planning`: the new plan
    cards, the next box, who has planned); otherwise each call copies it and writes the planning
    entries. The memory holds for the same game object and state object in the same planning phase
    (year and season); anything else recomputes it. Vectors handed out are fresh arrays (callers
    may keep or change them).
    """

    def __init__(self, compiled: bool = True) -> None:
        self._game: object = None
        self._state: object = None
        self._when = (-1, -1)
        self._base: dict[int | None, Vector] = {}
        self._live: dict[int, _Planning] = {}
        self._twins: dict[int, Any] = {}  # the compiled path's _Planning twins
        self._memo = _Memo()
        self._compiled = compiled and _compiled is not None

    def __getstate__(self) -> dict[str, Any]:
        """A copy (``copy.deepcopy`` of an environment) starts the compiled twins afresh (they hold C
        buffers, and are a cache)."""
        state = self.__dict__.copy()
        state["_twins"] = {}
        return state

    def __call__(self, g: Game, seat: int | None) -> Vector:
        s = g.s
        if self._compiled:
            return self._call_compiled(_compiled, g, s, seat)
        if s.phase != PLANNING:
            return encode_game(g, seat, self._memo)
        when = (s.year, s.season)
        if self._game is not g or self._state is not s or self._when != when:
            self._game, self._state, self._when = g, s, when
            self._base = {}
            self._live = {}
        if seat is not None:
            live = self._live.get(seat)
            if live is not None:
                return live.update(g, seat).copy()
        base = self._base.get(seat)
        if base is None:
            base = encode_game(g, seat, self._memo)
            for start, length in _PLANNING_BLOCKS:
                base[start : start + length] = 0.0
            base.flags.writeable = False
            self._base[seat] = base
            if seat is not None and s.court is None and not g.is2002:
                live = self._live[seat] = _Planning(base)
                return live.update(g, seat).copy()
        vec = base.copy()
        P = s.players
        vec[_planning_entries(g, seat, seat or 0, P)] = 1.0
        return vec

    def _call_compiled(self, fast: Any, g: Game, s: State, seat: int | None) -> Vector:
        """The same memory over the compiled encoder: a full vector at once (a few microseconds), and
        while a planning phase without the court and 2002 rules lasts, each seat's vector updated in
        place (``_compiled.Planning``, the twin of :class:`_Planning`)."""
        if s.phase != PLANNING or seat is None or s.court is not None or g.is2002:
            return fast.encode_game(g, seat)  # type: ignore[no-any-return]
        when = (s.year, s.season)
        if self._game is not g or self._state is not s or self._when != when:
            self._game, self._state, self._when = g, s, when
            self._twins = {}
        live = self._twins.get(seat)
        if live is None:
            base = fast.encode_game(g, seat)
            for start, length in _PLANNING_BLOCKS:
                base[start : start + length] = 0.0
            live = self._twins[seat] = fast.Planning(base)
        return live.update(g, seat)  # type: ignore[no-any-return]


def _plan_rows(s: State, me: int) -> list[list[int]]:
    """Per seat, the entries of its plan cards on the season's action cards, in the cards' order."""
    P = s.players
    plans = s.plans
    rows = []
    for p in range(P):
        base = L_PLANS + ((p - me) % P) * PLAN_BOXES * _NC
        pb = p * N_BOXES
        rows.append([base + action * _NC + _slot(plans[pb + action]) for action in s.action_cards])
    return rows


def _seat_values(s: State) -> list[float]:
    """Every seat's thalers, grain, VP, supply and counties (scaled), in seat order."""
    val: list[float] = []
    for p in range(s.players):
        val += (
            _num(s.thalers[p], 40),
            _num(s.grain[p], 30),
            _num(s.vp[p], 150),
            _num(s.supply[p], MAX_ARMIES),
            _num(s.owner.count(p), N),
        )
    return val


# Where seat p's block goes for observer ``me`` of ``P`` players: its presence one, then the
# positions of its five values (seat order, as _seat_values).
_SEAT_AT = {
    (me, P): (
        [L_PLAYER + ((p - me) % P) * 7 for p in range(P)],
        [L_PLAYER + ((p - me) % P) * 7 + k for p in range(P) for k in range(1, 6)],
    )
    for P in range(3, SEATS + 1)
    for me in range(P)
}


def _seat_entries(s: State, me: int) -> tuple[list[int], list[int], list[float]]:
    """Each seat's block but the planned flag: ones, then positions and values."""
    ones, at = _SEAT_AT[me, s.players]
    return ones, at, _seat_values(s)


_SeatKey = tuple[list[int], list[int], list[int], list[int], list[int]]
_SEAT_AT_INDEX = {
    key: (np.array(ones, dtype=np.intp), np.array(at, dtype=np.intp)) for key, (ones, at) in _SEAT_AT.items()
}


class _Memo:
    """What :class:`Encoder` keeps between calls: per observer, the county block and the season's
    plan rows, each with copies of the state lists it was computed from, compared on every call (so
    a change is always seen; equal lists compare in C, far faster than encoding them again)."""

    def __init__(self) -> None:
        # Keyed by observer and player count (the seat slots depend on both).
        self._counties: tuple[list[int], list[int], list[int], Vector] | None = None
        self._owners: dict[tuple[int, int], tuple[list[int], Vector]] = {}
        self._rows: dict[tuple[int, int], tuple[list[int], list[int], list[list[int]]]] = {}
        self._seats: tuple[_SeatKey, Vector] | None = None

    def seats(self, vec: Vector, s: State, me: int) -> None:
        """The seats' entries into ``vec``: their values look the same to every observer, so they
        are kept once as an array (compared with the state at the previous call, whoever asked)
        and placed in ``me``'s slots with index arrays (no list for numpy to convert)."""
        now = (s.thalers, s.grain, s.vp, s.supply, s.owner)
        hit = self._seats
        if hit is None or hit[0] != now:
            values = np.array(_seat_values(s), dtype=np.float32)
            hit = self._seats = ((s.thalers[:], s.grain[:], s.vp[:], s.supply[:], s.owner[:]), values)
        ones, at = _SEAT_AT_INDEX[me, s.players]
        vec[ones] = 1.0
        vec[at] = hit[1]

    def board(self, vec: Vector, s: State, me: int) -> None:
        """The county block into ``vec``. Armies, buildings and revolts look the same to every
        observer: kept once, each compared with the state at the previous call (usually one
        decision ago, whoever asked) and recomputed with one numpy call when it changed. The owners'
        one-hot depends on the observer: kept per observer, rebuilt when an owner changed."""
        kept = self._counties
        if kept is None or len(kept[0]) != len(s.armies):
            kept = self._counties = ([], [], [], np.zeros(_BOARD_END - L_ARMIES, dtype=np.float32))
        armies, buildings, revolts, block = kept
        if armies != s.armies:
            block[: L_BUILD - L_ARMIES] = np.take(_ARMY_VALUE, s.armies, mode="clip")
            armies[:] = s.armies
        if buildings != s.buildings:
            block[L_BUILD - L_ARMIES : L_REVOLT - L_ARMIES] = _BUILD_ONES[s.buildings].ravel()
            buildings[:] = s.buildings
        if revolts != s.revolts:
            block[L_REVOLT - L_ARMIES :] = np.take(_REVOLT_VALUE, s.revolts, mode="clip")
            revolts[:] = s.revolts
        vec[L_ARMIES:_BOARD_END] = block
        hit = self._owners.get((me, s.players))
        if hit is None or hit[0] != s.owner:
            owners = np.zeros(L_ARMIES, dtype=np.float32)
            owners[_OWNER_BASE + _OWNER_SLOT[me, s.players][np.asarray(s.owner) + 2]] = 1.0
            hit = self._owners[me, s.players] = (s.owner[:], owners)
        vec[:L_ARMIES] = hit[1]

    def plan_rows(self, s: State, me: int) -> list[list[int]]:
        hit = self._rows.get((me, s.players))
        if hit is not None and hit[0] == s.plans and hit[1] == s.action_cards:
            return hit[2]
        rows = _plan_rows(s, me)
        self._rows[me, s.players] = (s.plans[:], s.action_cards[:], rows)
        return rows


def encode_game(g: Game, seat: int | None, memo: _Memo | None = None) -> Vector:
    """``encode(g.observe(seat))``, computed from the state (see the module's doc); ``memo`` (of an
    :class:`Encoder`) keeps parts that did not change since its last call."""
    s = g.s
    me = seat or 0
    vec = np.zeros(OBS_SIZE, dtype=np.float32)
    ones: list[int] = []
    at: list[int] = []
    val: list[float] = []
    if memo is not None:
        memo.board(vec, s, me)
        memo.seats(vec, s, me)
    else:
        vec[:_BOARD_END] = _shared_board(s, me)
        seats = _seat_entries(s, me)
        ones += seats[0]
        at += seats[1]
        val += seats[2]
    in_season = bool(s.phase in _SEASON_PHASES and s.season != WINTER and s.action_cards)
    _game_entries(g, me, in_season, ones, at, val)
    _plan_entries(g, seat, me, memo, ones)
    _acting_entries(g, me, in_season, ones, at, val)
    _module_entries(g, seat, me, ones, at, val)
    more = _public_more(g, me)
    ones += more[0]
    at += more[1]
    val += more[2]
    if s.phase in _MORE_PHASES or s.season == WINTER or s.court is not None:
        _phase_more(g, me, ones, at, val)
    vec[np.fromiter(ones, np.intp, len(ones))] = 1.0  # (a list converted by fromiter: about half the cost)
    vec[at] = val
    return vec


def _game_entries(g: Game, me: int, in_season: bool, ones: list[int], at: list[int], val: list[float]) -> None:
    """Phase, season, year, edition, modules, player count, pending seats, tower, events, the action
    cards turned up and bonus tiles, the current action, bids and positions."""
    s = g.s
    P = s.players
    phase = s.phase
    one = ones.append
    one(L_PHASE + phase)
    one(L_SEASON + s.season)
    at.append(L_YEAR)
    val.append(_num(s.year, 3))
    if g.is2002:
        one(L_GAME)
    for m in g.config["modules"]:
        one(L_GAME + 1 + _MODULES.index(m))
    one(L_GAME + 1 + len(_MODULES) + P - 3)
    if phase != PLANNING:
        for p in g.pending():
            one(L_PENDING + (p - me) % P)
    for k, counts in enumerate((s.tray, s.inside)):
        for i, n in enumerate(counts):
            if n:
                at.append(L_TOWER + k * (SEATS + 1) + (SEATS if i == P else (i - me) % P))
                val.append(_num(n, 20))
    if s.event >= 0:
        one(L_EVENT + s.event)
    for e in s.year_events:
        one(L_YEAR_EVENTS + e)
    if in_season:
        shown = _revealed_action_count(g)
        for k, a in enumerate(s.action_cards[:shown]):
            one(L_CARDS + k * 10 + a)
        for place, t in enumerate(s.tiles):
            one(L_TILES + t * _NT + place)
    if phase == MOVE or (phase == COMMIT and s.season != WINTER):
        one(L_CURRENT + s.act)
    if s.bid_order:
        for p in range(P):
            one(L_BID + ((p - me) % P) * _NC + _slot(s.bids[p]))
    for p in range(P):
        if s.position[p] >= 0:
            one(L_POSITION + ((p - me) % P) * SEATS + s.position[p])


def _plan_entries(g: Game, seat: int | None, me: int, memo: _Memo | None, ones: list[int]) -> None:
    """Plan cards turned up in the season (observe._revealed_plans) and the seat's own; while
    planning, the planning entries."""
    s = g.s
    phase = s.phase
    if phase == PLANNING:
        ones += _planning_entries(g, seat, me, s.players)
        return
    if phase not in _SEASON_PHASES or s.season == WINTER:
        return
    rows = memo.plan_rows(s, me) if memo is not None else _plan_rows(s, me)
    turned = phase == LEADER_MOVE
    acting = phase == MOVE or phase == COMMIT
    for p in range(s.players):
        row = rows[p]
        if turned or p == seat:
            ones += row
            if p == seat and not g.is2002:
                base = L_PLANS + ((p - me) % s.players) * PLAN_BOXES * _NC
                ones.append(base + AUCTION_BOX * _NC + _slot(s.plans[p * N_BOXES + AUCTION_BOX]))
        elif acting:  # the actions done, and the current one once p's turn in it came
            ones += row[: s.act + 1 if s.order.index(p) <= s.turn else s.act]


def _acting_entries(g: Game, me: int, in_season: bool, ones: list[int], at: list[int], val: list[float]) -> None:
    """The phase's own facts: the acting county, winter, the draft, a 2002 fight, boxes declared empty."""
    s = g.s
    P = s.players
    phase = s.phase
    one = ones.append
    if phase == MOVE:
        one(L_MOVE + s.move_from)
        one(L_MOVE + N + (0 if s.move_kind == 0 else 1))
    if s.season == WINTER:
        ones += [L_WINTER + c for c in s.winter_queue]
        if s.winter_turn < len(s.order):
            one(L_WINTER + N + (s.order[s.winter_turn] - me) % P)
    if phase in (DRAFT_PICK, DRAFT_GROUP, LEADER_DRAFT):
        ones += [L_DRAFT + c for c in s.faceup]
        if s.draft_card >= 0:
            one(L_DRAFT + N + s.draft_card)
        at.append(L_DRAFT + 2 * N)
        val.append(_num(len(s.county_deck), N))
    if phase == COMMIT:
        kind, attacker, _origin, target, moved, extra = s.fight
        one(L_FIGHT + target)
        if kind == F_ATTACK:
            one(L_FIGHT + N + (attacker - me) % P)
        if s.owner[target] >= 0:
            one(L_FIGHT + N + SEATS + (s.owner[target] - me) % P)
        at += (L_FIGHT + N + 2 * SEATS, L_FIGHT + N + 2 * SEATS + 1)
        val += (_num(s.armies[target], 20), _num(moved if kind == F_ATTACK else s.revolts[target] + extra, 20))
    if g.is2002 and in_season and phase != PLANNING:
        ones += _declared_empty(g, me, P)


def _module_entries(g: Game, seat: int | None, me: int, ones: list[int], at: list[int], val: list[float]) -> None:
    """The Big Box modules' blocks of v0: the court, Landsknechte, the military leaders."""
    s = g.s
    P = s.players
    court = s.court
    if court is not None:
        for p in range(P):
            base = L_COURT + ((p - me) % P) * 3
            at += (base, base + 1, base + 2)
            val += (_num(court.supply[p], 10), _num(court.hall[p], 10), _num(court.audience[p], 10))
        if s.phase != PLANNING:
            ones += _court_plans(g, seat, me, P)
        ones += [L_COURT + SEATS * 3 + n - 1 for n in court.display if n]
        ones += [L_COURT + SEATS * 3 + FAVOURS + f - 1 for f in court.gone]
    mods = s.mods
    if "landsknechte" in g.modules:
        for p in range(P):
            at.append(L_LK + (p - me) % P)
            val.append(_num(mods.lk_top[p] + 1, 4))
        if s.phase == LK_BENEFIT:
            ones.append(L_LK + SEATS + (s.order[mods.lk_turn] - me) % P)
    if "military_leaders" in g.modules:
        for p, c in enumerate(mods.leader):
            if c >= 0:
                ones.append(L_LEADERS + ((p - me) % P) * N + c)
        for c, n in enumerate(mods.statues):
            if n:
                at.append(L_LEADERS + SEATS * N + c)
                val.append(_num(n, 3))


def _bits(mask: int) -> list[int]:
    """The counties of a lost-cards bit mask, in board order (kept: a game meets few masks)."""
    hit = _BITS.get(mask)
    if hit is None:
        hit = _BITS[mask] = [c for c in range(N) if mask >> c & 1]
    return hit


_BITS: dict[int, list[int]] = {}


# Entries of the v1 blocks that are looked up rather than computed (the blocks change seldom but
# for a different observer or game each call, so keeping them per observer missed nearly always).
_ORDER_ONES: dict[tuple[int, int, int, tuple[int, ...]], list[int]] = {}  # at most 2 x 14 x 326 lists


def _order_ones(base: int, me: int, players: int, order: list[int]) -> list[int]:
    """The (seat x place) ones of a player or bid order, for observer ``me`` (looked up)."""
    key = (base, me, players, tuple(order))
    hit = _ORDER_ONES.get(key)
    if hit is None:
        hit = _ORDER_ONES[key] = [base + ((p - me) % players) * SEATS + k for k, p in enumerate(order)]
    return hit


@lru_cache(maxsize=4096)
def _supply_values(peasants: int, palaces: int, churches: int, posts: int, markers: int, events: int) -> list[float]:
    """The supplies and the event cards left, scaled (few combinations: looked up)."""
    return [
        _num(peasants, 20),
        _num(palaces, 20),
        _num(churches, 20),
        _num(posts, 20),
        _num(markers, 40),
        _num(events, 8),
    ]


def _public_more(g: Game, me: int) -> tuple[list[int], list[int], list[float]]:
    """The v1 blocks every seat sees alike and that change seldom: player and bid order, lost
    cards, supplies, event cards left, and the leaders' statues, supplies and trophies."""
    s = g.s
    P = s.players
    ones = _order_ones(L_ORDER, me, P, s.order) + _order_ones(L_BID_ORDER, me, P, s.bid_order)
    if any(s.lost):
        for p, mask in enumerate(s.lost):
            if mask:
                base = L_LOST + ((p - me) % P) * N
                ones += [base + c for c in _bits(mask)]
    bsupply = s.bsupply
    val = _supply_values(s.peasants, bsupply[0], bsupply[1], bsupply[2], s.markers, len(s.event_deck))[:]
    at = _SUPPLY_AT[:]
    if "military_leaders" in g.modules:
        mods = s.mods
        for c, n in enumerate(mods.statues):
            if n:
                ones.append(L_LEADERS_MORE + c * SEATS + (mods.statue_owner[c] - me) % P)
        base = L_LEADERS_MORE + N * SEATS
        for p in range(P):
            at.append(base + (p - me) % P)
            val.append(_num(mods.statue_supply[p], 6))
        trophies = mods.trophies
        for h in range(P):
            for o in range(P):
                if trophies[h * P + o]:
                    at.append(base + SEATS + ((h - me) % P) * SEATS + (o - me) % P)
                    val.append(_num(trophies[h * P + o], 3))
    return ones, at, val


_SUPPLY_AT = list(range(L_SUPPLIES, L_SUPPLIES + 6))


_MORE_PHASES = frozenset((COMMIT, DRAFT_PICK, DRAFT_GROUP, LEADER_DRAFT))  # and winter, the court


def _phase_more(g: Game, me: int, ones: list[int], at: list[int], val: list[float]) -> None:
    """The v1 blocks of a phase: a 2002 fight, winter, the draft, the court, the leaders' draft."""
    s = g.s
    P = s.players
    phase = s.phase
    if phase == COMMIT:
        kind, _attacker, origin, _target, _moved, _extra = s.fight
        ones.append(L_FIGHT_MORE + kind)
        if kind == F_ATTACK:
            ones.append(L_FIGHT_MORE + 3 + origin)
    if s.season == WINTER:
        at.append(L_WINTER_MORE)
        val.append(_num(s.winter_extra, 3))
    if phase in (DRAFT_PICK, DRAFT_GROUP, LEADER_DRAFT):
        for p in range(P):
            counts = [0] * 10
            for n in s.groups[p]:
                counts[n - 1] += 1
            base = L_DRAFT_MORE + ((p - me) % P) * 10
            at += range(base, base + 10)
            val += [_num(n, 2) for n in counts]
        at.append(L_DRAFT_MORE + SEATS * 10)
        val.append(_num(s.draft_turn, 10))
        if phase == LEADER_DRAFT:
            ones.append(L_LEADERS_MORE + N * SEATS + SEATS + SEATS * SEATS + s.draft_card)
    court = s.court
    if court is not None:
        at.append(L_COURT_MORE)
        val.append(_num(len(court.deck), 10))
        base = L_COURT_MORE + 1
        ones += [base + i * FAVOURS + n - 1 for i, n in enumerate(court.display) if n]
        base += len(SPACE_COST) * FAVOURS
        ones += [base + (p - me) % P for p in range(P) if court.parry[p]]
        now = round_id(g)
        ones += [base + SEATS + (p - me) % P for p in range(P) if court.shield[p] == now]
        if phase == COURT_PHASE:
            ones += [base + 2 * SEATS + ((p - me) % P) * SEATS + k for k, p in enumerate(court.queue)]
            if court.stage == EFFECT:
                ones.append(base + 2 * SEATS + SEATS * SEATS + court.ask - 1)


# The compiled encoder (an optional build, setup.py): the same vectors, several times faster; None
# where it is not built (this module's Python then does it all). Loaded last: it takes the rules it
# shares with this module (phase sets, card slots, block layouts) from this module.
_compiled = load("wallenstein.rl._compiled")

__all__ = ["Encoder", "encode_game"]
