"""The Wallenstein observation vector straight from the engine state: the environments' fast path.

:func:`encode_game(g, seat) <encode_game>` returns exactly ``encode(g.observe(seat))`` (the
reference, :func:`wallenstein.rl.encoding.encode`, stays the definition) without building the
observation dict: it reads only the parts of ``g.s`` that :mod:`wallenstein.observe` shows the seat,
under the same conditions. ``tests/rl/test_rl_fast_encoding.py`` compares both on thousands of
positions (both editions, every module, 3-5 players, every seat) and runs the hidden-twin test on
this path, so any drift from the observation rules fails there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from tabletop.rl.spec import Vector
from wallenstein.actions import COURT_SEQUENCE, card_name
from wallenstein.board import AUCTION_BOX, BUILDING_BITS, EMPTY, N_BOXES
from wallenstein.court_state import COURT_BOXES
from wallenstein.edition2002 import F_ATTACK
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
    L_BUILD,
    L_CARDS,
    L_COURT,
    L_CURRENT,
    L_DRAFT,
    L_EMPTY,
    L_EVENT,
    L_FIGHT,
    L_GAME,
    L_LEADERS,
    L_LK,
    L_MOVE,
    L_NEXT_BOX,
    L_OWNER,
    L_PENDING,
    L_PHASE,
    L_PLANS,
    L_PLAYER,
    L_POSITION,
    L_REVOLT,
    L_SEASON,
    L_TILES,
    L_TOWER,
    L_WINTER,
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

if TYPE_CHECKING:
    from wallenstein.game import Game

_NC = len(CARD_CODES)
# A plan or bid code's card slot (what ``_CARD[card_name(code)]`` gives; an uncovered box the last).
_CARD_SLOT = {code: _NO_CARD if code == EMPTY else _CARD[str(card_name(code))] for code in CARD_CODES}
# An engine box number (actions 0-9, the bid 10, court boxes 11-13) is its box slot in the vector.
assert _BOX["bid"] == AUCTION_BOX and _BOX["convert3"] == N_BOXES and len(_BOX) == PLAN_BOXES
_COUNTIES = np.arange(N)
_OWNER_BASE = L_OWNER + _COUNTIES * 7
_BUILD_BITS = tuple((k, bit) for k, bit in enumerate(BUILDING_BITS))
_BOARD_END = L_REVOLT + N
assert L_OWNER == 0 and L_ARMIES == L_OWNER + 7 * N and L_BUILD == L_ARMIES + N and L_REVOLT == L_BUILD + 3 * N
_BOARDS: dict[tuple[int, ...], Vector] = {}
_BOARD_CACHE = 1024  # entries of ~2 KB each; cleared when full


def _slot(code: int) -> int:
    hit = _CARD_SLOT.get(code)
    return hit if hit is not None else _CARD[str(card_name(code))]


def _board_block(
    owner: list[int], armies: list[int], buildings: list[int], revolts: list[int], me: int, players: int
) -> Vector:
    """Entries ``[0, _BOARD_END)``: owner one-hot (seat slot, neutral, out of play), armies,
    buildings, revolts of every county."""
    vec = np.zeros(_BOARD_END, dtype=np.float32)
    own = np.asarray(owner)
    slot = np.where(own >= 0, (own - me) % players, np.where(own == OUT_OF_PLAY, 6, 5))
    vec[_OWNER_BASE + slot] = 1.0
    a = np.asarray(armies, dtype=np.float64)  # as _num: float64, then stored
    vec[L_ARMIES : L_ARMIES + N] = np.clip(a / 20, 0.0, 1.0)
    r = np.asarray(revolts, dtype=np.float64)
    vec[L_REVOLT : L_REVOLT + N] = np.clip(r / 2, 0.0, 1.0)
    b = np.asarray(buildings)
    for k, bit in _BUILD_BITS:
        vec[L_BUILD + k + 3 * np.flatnonzero(b & bit)] = 1.0
    vec.flags.writeable = False
    return vec


def encode_game(g: Game, seat: int | None) -> Vector:
    """``encode(g.observe(seat))``, computed from the state (see the module's doc)."""
    s = g.s
    P = s.players
    me = seat or 0
    phase = s.phase
    season = s.season
    vec = np.zeros(OBS_SIZE, dtype=np.float32)
    ones: list[int] = []
    at: list[int] = []
    val: list[float] = []
    one = ones.append

    # Counties: the board changes far less often than decisions are taken (not at all while
    # planning), so its block is cached per (board, seat slot) and copied in.
    key = (me, P, *s.owner, *s.armies, *s.buildings, *s.revolts)
    board = _BOARDS.get(key)
    if board is None:
        board = _board_block(s.owner, s.armies, s.buildings, s.revolts, me, P)
        if len(_BOARDS) >= _BOARD_CACHE:
            _BOARDS.clear()
        _BOARDS[key] = board
    vec[:_BOARD_END] = board

    planning = phase == PLANNING
    for p in range(P):
        base = L_PLAYER + ((p - me) % P) * 7
        one(base)
        at += (base + 1, base + 2, base + 3, base + 4, base + 5)
        val += (
            _num(s.thalers[p], 40),
            _num(s.grain[p], 30),
            _num(s.vp[p], 150),
            _num(s.supply[p], MAX_ARMIES),
            _num(s.owner.count(p), N),
        )
        if planning and s.plan_fill[p] == g.plan_size:
            one(base + 6)
    one(L_PHASE + phase)
    one(L_SEASON + season)
    at.append(L_YEAR)
    val.append(_num(s.year, 3))
    if g.is2002:
        one(L_GAME)
    for m in g.config["modules"]:
        one(L_GAME + 1 + _MODULES.index(m))
    one(L_GAME + 1 + len(_MODULES) + P - 3)
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
    in_season = phase in _SEASON_PHASES and season != WINTER and s.action_cards
    if in_season:
        shown = _revealed_action_count(g)
        for k, a in enumerate(s.action_cards[:shown]):
            one(L_CARDS + k * 10 + a)
        for t in s.tiles:
            one(L_TILES + t)
    if phase == MOVE or (phase == COMMIT and season != WINTER):
        one(L_CURRENT + s.act)
    if s.bid_order:
        for p in range(P):
            one(L_BID + ((p - me) % P) * _NC + _slot(s.bids[p]))
    for p in range(P):
        if s.position[p] >= 0:
            one(L_POSITION + ((p - me) % P) * SEATS + s.position[p])

    plans = s.plans
    # Plan cards turned up in the season (observe._revealed_plans), and the seat's own.
    if phase in _SEASON_PHASES and not planning and season != WINTER:
        turned = phase == LEADER_MOVE
        acting = phase == MOVE or phase == COMMIT
        order_index = {p: i for i, p in enumerate(s.order)}
        for p in range(P):
            base = L_PLANS + ((p - me) % P) * PLAN_BOXES * _NC
            pb = p * N_BOXES
            for k, action in enumerate(s.action_cards):
                if turned or p == seat or (acting and (k < s.act or (k == s.act and order_index[p] <= s.turn))):
                    one(base + action * _NC + _slot(plans[pb + action]))
            if p == seat and not g.is2002:
                one(base + AUCTION_BOX * _NC + _slot(plans[pb + AUCTION_BOX]))
    if seat is not None and planning:
        fill = s.plan_fill[seat]
        court_plans = s.court.plans if s.court is not None else []
        pb = seat * N_BOXES
        for bx in COURT_SEQUENCE[:fill]:
            if g.is2002 and bx == AUCTION_BOX:
                continue
            code = plans[pb + bx] if bx < N_BOXES else court_plans[seat * COURT_BOXES + bx - N_BOXES]
            one(L_PLANS + bx * _NC + _slot(code))
        if fill < g.plan_size:
            one(L_NEXT_BOX + COURT_SEQUENCE[fill])
    if phase == MOVE:
        one(L_MOVE + s.move_from)
        one(L_MOVE + N + (0 if s.move_kind == 0 else 1))
    if season == WINTER:
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
    if g.is2002 and in_season:  # edition2002.declared_empty: uncovered boxes of complete plans
        for p in range(P):
            if s.plan_fill[p] == N_BOXES:
                base = L_EMPTY + ((p - me) % P) * 10
                ones += [base + bx for bx in range(10) if plans[p * N_BOXES + bx] == EMPTY]
    court = s.court
    if court is not None:
        for p in range(P):
            base = L_COURT + ((p - me) % P) * 3
            at += (base, base + 1, base + 2)
            val += (_num(court.supply[p], 10), _num(court.hall[p], 10), _num(court.audience[p], 10))
            if court.shown or p == seat:
                pbase = L_PLANS + ((p - me) % P) * PLAN_BOXES * _NC + N_BOXES * _NC
                cards = court.plans[p * COURT_BOXES : (p + 1) * COURT_BOXES]
                ones += [pbase + j * _NC + _slot(code) for j, code in enumerate(cards)]
        ones += [L_COURT + SEATS * 3 + n - 1 for n in court.display if n]
        ones += [L_COURT + SEATS * 3 + FAVOURS + f - 1 for f in court.gone]
    mods = s.mods
    if "landsknechte" in g.modules:
        for p in range(P):
            at.append(L_LK + (p - me) % P)
            val.append(_num(mods.lk_top[p] + 1, 4))
        if phase == LK_BENEFIT:
            one(L_LK + SEATS + (s.order[mods.lk_turn] - me) % P)
    if "military_leaders" in g.modules:
        for p, c in enumerate(mods.leader):
            if c >= 0:
                one(L_LEADERS + ((p - me) % P) * N + c)
        for c, n in enumerate(mods.statues):
            if n:
                at.append(L_LEADERS + SEATS * N + c)
                val.append(_num(n, 3))
    vec[ones] = 1.0
    vec[at] = val
    return vec


__all__ = ["encode_game"]
