"""Expansion module 3, Military Leaders (seed 000, "Military Leaders - Expansion Module 3"; German
seed 004; rulings W-05, W-07, W-14, W-22, W-31; rules notes R-34..R-39 in
docs/rules/notes-landsknechte-leaders.md).

Each player has a military leader and 6 statues. The leader stands in one of the player's counties
and improves the actions performed there (``BUILD_DISCOUNT``, ``EXTRA_INCOME``, ``EXTRA_ARMIES``,
applied in perform.py after the event and the bonus tile, W-14). After the tenth action of every
season each leader must move to another county of its player; leaving for an adjacent county leaves
a statue behind. A leader entering a county with another player's statues takes them as trophies.
A leader whose county is lost leaves the board and comes back after winter. At the end of the game
every own statue on the board and every trophy scores 1 VP.

Placement: with the default line-up after the first player order (an order step, before the
Landsknechte check); with drafted counties while claiming them (``draft_offer``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wallenstein.actions import LEADER_DRAFT as DRAFT
from wallenstein.actions import LEADER_MOVE as MOVE
from wallenstein.actions import LEADER_PLACE as PLACE
from wallenstein.actions import Action
from wallenstein.board import BOARD
from wallenstein.state import LEADER_DRAFT, LEADER_MOVE, LEADER_PLACE, LEADER_RETURN, WINTER, own_module_state

if TYPE_CHECKING:
    from wallenstein.game import Game

STATUES = 6  # per player (seed 000 components; W-31)
BUILD_DISCOUNT = 1  # palace 2, church 1, trading post 0 thalers
EXTRA_INCOME = 1  # taxes and grain: the county's value plus one
EXTRA_ARMIES = 1  # deploy 6 / 4 / 2 instead of 5 / 3 / 1 (R-35: only what the supply holds)
OFF_BOARD = -1


def setup(g: Game) -> None:
    P = g.s.players
    m = own_module_state(g.s)
    m.leader = [OFF_BOARD] * P
    m.statues = [0] * BOARD.n
    m.statue_owner = [-1] * BOARD.n
    m.statue_supply = [STATUES] * P
    m.trophies = [0] * (P * P)


def decision_seat(g: Game) -> int:
    s = g.s
    if s.phase == LEADER_DRAFT:
        return s.draft_turn % s.players
    return s.order[s.mods.ml_turn]


# ---------------------------------------------------------------------------------------- placing
def place_step(g: Game) -> bool:
    """Default line-up: after the first player order, in player order, each player puts the leader
    in one of their counties (seed 000, Military Leaders set-up a)."""
    s = g.s
    if s.year != 1 or s.season != 0:
        return False
    return _placing(g, LEADER_PLACE)


def return_step(g: Game) -> bool:
    """After winter, in player order, leaders that left the board come back (W-31)."""
    return _placing(g, LEADER_RETURN)


def _placing(g: Game, phase: int) -> bool:
    s = g.s
    while s.mods.ml_turn < len(s.order):
        seat = s.order[s.mods.ml_turn]
        if s.mods.leader[seat] == OFF_BOARD:
            if seat in s.owner:
                s.phase = phase
                return True  # apply_place moves on to the next seat
            if g.logging:
                g.emit("leader_waits", seat=seat)  # no county to stand in (W-24)
        s.mods.ml_turn += 1
    s.mods.ml_turn = 0
    return False


def place_actions(g: Game, seat: int) -> list[Action]:
    return [Action(PLACE, c) for c, o in enumerate(g.s.owner) if o == seat]


def apply_place(g: Game, seat: int, action: Action) -> None:
    s = g.s
    s.mods.leader[seat] = action.a
    taken = _enter(g, seat, action.a)
    if g.logging:
        g.emit(
            "leader_place",
            seat=seat,
            county=BOARD.keys[action.a],
            trophies=taken,
            returning=s.season == WINTER,
        )
    s.mods.ml_turn += 1


# ---------------------------------------------------------------------------------------- the draft
def draft_offer(g: Game, seat: int) -> bool:
    """Drafted counties: after each claim a seat whose leader is not placed yet decides whether it
    stands here; on the last claim it must (seed 000, set-up b). True when the decision opens."""
    s = g.s
    if s.mods.leader[seat] != OFF_BOARD:
        return False
    s.phase = LEADER_DRAFT
    return True


def draft_actions(g: Game, seat: int) -> list[Action]:
    if not g.s.groups[seat]:
        return [Action(DRAFT, 1)]  # the last county claimed: the leader must go there
    return [Action(DRAFT, 0), Action(DRAFT, 1)]


def apply_draft(g: Game, seat: int, action: Action) -> None:
    s = g.s
    if action.a:
        s.mods.leader[seat] = s.draft_card
        if g.logging:
            g.emit("leader_place", seat=seat, county=BOARD.keys[s.draft_card], trophies={}, returning=False)


# ---------------------------------------------------------------------------------------- moving
def move_step(g: Game) -> bool:
    """After the tenth action, in player order, every leader on the board moves to another county of
    its player; with a single county it stays (W-31)."""
    s = g.s
    while s.mods.ml_turn < len(s.order):
        seat = s.order[s.mods.ml_turn]
        here = s.mods.leader[seat]
        if here >= 0:
            if any(o == seat and c != here for c, o in enumerate(s.owner)):
                s.phase = LEADER_MOVE
                return True  # apply_move moves on to the next seat
            if g.logging:
                g.emit("leader_stays", seat=seat, county=BOARD.keys[here])
        s.mods.ml_turn += 1
    s.mods.ml_turn = 0
    return False


def move_actions(g: Game, seat: int) -> list[Action]:
    here = g.s.mods.leader[seat]
    return [Action(MOVE, c) for c, o in enumerate(g.s.owner) if o == seat and c != here]


def apply_move(g: Game, seat: int, action: Action) -> None:
    """Leaving for an adjacent county builds a statue in the county left, if one is left in the
    supply (W-07); a distant move is a flight and builds none."""
    s = g.s
    origin, target = s.mods.leader[seat], action.a
    statue = target in BOARD.neighbours[origin] and s.mods.statue_supply[seat] > 0
    if statue:
        s.mods.statue_supply[seat] -= 1
        s.mods.statues[origin] += 1
        s.mods.statue_owner[origin] = seat
    s.mods.leader[seat] = target
    taken = _enter(g, seat, target)
    if g.logging:
        g.emit(
            "leader_move",
            seat=seat,
            origin=BOARD.keys[origin],
            county=BOARD.keys[target],
            adjacent=target in BOARD.neighbours[origin],
            statue=statue,
            trophies=taken,
        )
    s.mods.ml_turn += 1


def _enter(g: Game, seat: int, c: int) -> dict[str, int]:
    """A leader arrives in ``c``: another player's statues there become its trophies."""
    s = g.s
    owner = s.mods.statue_owner[c]
    if owner < 0 or owner == seat:
        return {}
    n = s.mods.statues[c]
    s.mods.trophies[seat * s.players + owner] += n
    s.mods.statues[c] = 0
    s.mods.statue_owner[c] = -1
    return {str(owner): n}


# ---------------------------------------------------------------------------------------- losing
def county_lost(g: Game, seat: int, c: int) -> None:
    """``seat`` lost ``c`` (conquest, a tie or a revolt): a leader standing there leaves the board
    until after winter (W-31). Statues stay."""
    s = g.s
    if s.mods.leader[seat] == c:
        s.mods.leader[seat] = OFF_BOARD
        if g.logging:
            g.emit("leader_lost", seat=seat, county=BOARD.keys[c])


# ---------------------------------------------------------------------------------------- the end
def statue_points(g: Game) -> list[dict[str, int]]:
    """1 VP per own statue on the board and per trophy (seed 000, Military Leaders, game end)."""
    s = g.s
    P = s.players
    detail = []
    for p in range(P):
        statues = sum(n for n, o in zip(s.mods.statues, s.mods.statue_owner, strict=True) if o == p)
        trophies = sum(s.mods.trophies[p * P : (p + 1) * P])
        detail.append({"statues": statues, "trophies": trophies})
    return detail


def final_step(g: Game) -> bool:
    s = g.s
    detail = statue_points(g)
    for p, row in enumerate(detail):
        s.vp[p] += row["statues"] + row["trophies"]
    if g.logging:
        g.emit("leader_points", detail=detail, vp=list(s.vp))
    return False
