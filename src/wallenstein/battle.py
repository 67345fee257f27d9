"""Battles and revolts through the cube tower (seed 000, "Combat rules"; rulings W-17..W-22).

Every battle drops the tray's content together with the fighting cubes; only the two sides' cubes
that come out count, everything else stays in the tray (W-19).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wallenstein.board import B_CHURCH, B_PALACE, BOARD, BUILDING_BITS, T_ATTACK, T_DEFEND
from wallenstein.leaders import county_lost
from wallenstein.state import NEUTRAL

if TYPE_CHECKING:
    from wallenstein.game import Game

ATTACKER, DEFENDER, TIE = "attacker", "defender", "tie"


def tower_drop(g: Game, dropped: list[int]) -> list[int]:
    """Drop cubes into the tower (a recorded chance outcome); the inside content is updated."""
    s = g.s
    inside = s.inside
    out = list(g.draw("tower", lambda rng: tuple(g.tower.drop(inside, dropped, rng))))
    if len(out) != len(inside):
        raise g.corrupt(f"tower outcome {out} has the wrong number of colours")
    for c, o in enumerate(out):
        if not 0 <= o <= inside[c] + dropped[c]:
            raise g.corrupt(f"tower outcome {out} impossible for inside {inside} + dropped {dropped}")
        inside[c] += dropped[c] - o
    return out


def devastate(g: Game, c: int) -> None:
    """A county lost to a tie or a revolt: buildings, armies and revolt markers leave; card to the deck."""
    s = g.s
    b = s.buildings[c]
    for i, bit in enumerate(BUILDING_BITS):
        if b & bit:
            s.bsupply[i] += 1
    s.buildings[c] = 0
    s.markers += s.revolts[c]
    s.revolts[c] = 0
    if s.armies[c]:
        s.supply[s.owner[c]] += s.armies[c]
        s.armies[c] = 0
    s.owner[c] = NEUTRAL


def _take_peasants(g: Game, want: int) -> int:
    s = g.s
    k = min(want, s.peasants)  # W-06: add what the supply holds
    s.peasants -= k
    return k


def _extra_army(g: Game, seat: int, dropped: list[int]) -> int:
    """One army from ``seat``'s supply into the drop, if the supply has one (W-05, W-18)."""
    s = g.s
    if s.supply[seat] > 0:
        s.supply[seat] -= 1
        dropped[seat] += 1
        return 1
    return 0


def can_attack(g: Game, target: int) -> bool:
    """Church peace protects counties with a church from attacks, favours 10/11/18 all counties of
    their holder for the round (W-17)."""
    s = g.s
    if s.buildings[target] & B_CHURCH and g.event_kind == "church_peace":
        return False
    court = s.court
    return court is None or s.owner[target] < 0 or court.shield[s.owner[target]] != s.year * 4 + s.season


def attack(g: Game, seat: int, origin: int, target: int, n: int) -> str:
    """Combat A/B into a county ``seat`` does not own: player vs player or vs a neutral county."""
    s = g.s
    peas = s.players
    s.armies[origin] -= n
    defender = s.owner[target]
    dropped = s.tray
    s.tray = [0] * (peas + 1)
    dropped[seat] += n
    extras = {}
    if g.tile_of(seat) == T_ATTACK:
        extras["attack_tile"] = _extra_army(g, seat, dropped)
    if defender >= 0:
        dropped[defender] += s.armies[target]
        s.armies[target] = 0
        if g.tile_of(defender) == T_DEFEND:
            extras["defend_tile"] = _extra_army(g, defender, dropped)
        if g.event_kind == "palace_guard" and s.buildings[target] & B_PALACE:
            extras["palace_guard"] = _extra_army(g, defender, dropped)
    else:
        dropped[peas] += _take_peasants(g, 2 if g.event_kind == "angry_peasants" else 1)
    allied = s.revolts[target] == 0  # peasants join a defender without revolt markers (W-19)
    out = tower_drop(g, dropped)
    a = out[seat]
    d_arm = out[defender] if defender >= 0 else 0
    d_peas = out[peas] if allied else 0
    tray = out[:]
    tray[seat] = 0
    if defender >= 0:
        tray[defender] = 0
    if allied:
        tray[peas] = 0
    s.tray = tray
    s.peasants += d_peas  # peasants that fought always go back to the common supply
    d = d_arm + d_peas
    if a > d:
        result = ATTACKER
        s.supply[seat] += d  # the winner loses as many as the loser had
        if defender >= 0:
            s.supply[defender] += d_arm
        s.armies[target] = a - d
        s.owner[target] = seat  # the county card changes hands at once (W-22)
    elif d > a and d_arm > 0:
        result = DEFENDER
        s.supply[seat] += a
        lost_armies = max(0, a - d_peas)  # losses come from the peasants first
        s.supply[defender] += lost_armies
        s.armies[target] = d_arm - lost_armies
    else:
        # A real tie, or a win defended by peasants alone, which counts as a tie (W-20).
        result = TIE
        s.supply[seat] += a
        if defender >= 0:
            s.supply[defender] += d_arm
        devastate(g, target)
    if g.logging:
        g.emit(
            "battle",
            seat=seat,
            origin=BOARD.keys[origin],
            county=BOARD.keys[target],
            defender=defender if defender >= 0 else None,
            armies=n,
            extras=extras,
            dropped=g.colour_map(dropped),
            out=g.colour_map(out),
            attacker_count=a,
            defender_count=d,
            result=result,
        )
    if defender >= 0 and result != DEFENDER and s.mods.leader[defender] == target:
        county_lost(g, defender, target)  # Military Leaders: the leader leaves the board (W-31)
    return result


def revolt(g: Game, c: int, extra_peasants: int = 0, winter: bool = False) -> bool:
    """Peasants against the owner of ``c``; True if the owner keeps the county (seed 000, revolts)."""
    s = g.s
    peas = s.players
    seat = s.owner[c]
    dropped = s.tray
    s.tray = [0] * (peas + 1)
    dropped[seat] += s.armies[c]
    s.armies[c] = 0
    dropped[peas] += _take_peasants(g, s.revolts[c] + extra_peasants)
    out = tower_drop(g, dropped)
    a, p = out[seat], out[peas]
    tray = out[:]
    tray[seat] = 0
    tray[peas] = 0
    s.tray = tray
    s.peasants += p
    won = a > p
    if won:
        s.supply[seat] += p
        s.armies[c] = a - p
    else:
        s.supply[seat] += a
        devastate(g, c)
    if g.logging:
        g.emit(
            "revolt",
            seat=seat,
            county=BOARD.keys[c],
            winter=winter,
            dropped=g.colour_map(dropped),
            out=g.colour_map(out),
            owner_count=a,
            peasant_count=p,
            result="owner" if won else "peasants",
        )
    if not won and s.mods.leader[seat] == c:
        county_lost(g, seat, c)  # Military Leaders: the leader leaves the board (W-31)
    return won
