"""Battles and revolts through the cube tower (seed 000, "Combat rules"; rulings W-17..W-22).

Every battle drops the tray's content together with the fighting cubes; only the two sides' cubes
that come out count, everything else stays in the tray (W-19).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.chance import TowerDrop
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
    out = list(g.draw("tower", TowerDrop(g.tower, inside, dropped)))
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
    s.card_leaves(c)
    s.owner[c] = NEUTRAL


def fight_drop(g: Game, dropped: list[int], sides: tuple[int, ...]) -> list[int]:
    """Drop the cubes; of what falls out, the cubes of ``sides`` fight and everything else stays in
    the tray (W-19). Peasants that fought go back to the common supply. Returns what fell out."""
    s = g.s
    out = tower_drop(g, dropped)
    tray = out[:]
    for side in sides:
        tray[side] = 0
    s.tray = tray
    if s.players in sides:
        s.peasants += out[s.players]
    return out


def battle_sides(seat: int, defender: int, peasants: int, allied: bool) -> tuple[int, ...]:
    """The colours whose cubes fight in a battle: the attacker, the defending player (if any) and the
    peasants when they side with the defender."""
    return (seat,) + ((defender,) if defender >= 0 else ()) + ((peasants,) if allied else ())


def settle_battle(
    g: Game, seat: int, target: int, a: int, d_arm: int, d_peas: int, kept: int = 0, farmers_hold: bool = False
) -> str:
    """The outcome of a battle for ``target`` between ``a`` attacking cubes and the defender's ``d_arm``
    armies and ``d_peas`` peasants that came out; ``kept`` armies the defender held back (2002, W-18)
    stay in the county and share its fate (W-21); ``farmers_hold``: farmers who win keep a free land
    (2002, W-20) instead of devastating it. Losers' and winners' losses go back to supply."""
    s = g.s
    defender = s.owner[target]
    d = d_arm + d_peas
    if a > d:
        s.supply[seat] += d  # the winner loses as many as the loser had
        if defender >= 0:
            s.supply[defender] += d_arm + kept
        s.armies[target] = a - d
        s.card_leaves(target)
        s.owner[target] = seat  # the county card changes hands at once (W-22)
        return ATTACKER
    if d > a and defender < 0 and farmers_hold:
        s.supply[seat] += a  # 2002: the farmers hold the free land (seed 003, "Battle"; W-20)
        return DEFENDER
    if d > a and (d_arm > 0 or kept > 0):
        s.supply[seat] += a
        lost = max(0, a - d_peas)  # losses come from the peasants first
        s.supply[defender] += lost
        s.armies[target] = kept + d_arm - lost
        return DEFENDER
    # A real tie, or a win defended by peasants alone, which counts as a tie (W-20).
    s.supply[seat] += a
    if defender >= 0:
        s.supply[defender] += d_arm
    devastate(g, target)
    return TIE


def settle_revolt(g: Game, c: int, a: int, p: int, kept: int = 0) -> bool:
    """The outcome of a revolt in ``c``: the owner's ``a`` cubes against ``p`` peasants (peasants win
    ties); ``kept`` armies held back (2002) stay or go with the county. True if the owner keeps it."""
    s = g.s
    seat = s.owner[c]
    if a > p:
        s.supply[seat] += p
        s.armies[c] = kept + a - p
        return True
    s.supply[seat] += a
    devastate(g, c)
    return False


def take_peasants(g: Game, want: int) -> int:
    """Up to ``want`` peasants from the common supply for a fight; how many there were (W-06)."""
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


def attackers_drop(g: Game, seat: int, origin: int, n: int) -> list[int]:
    """The cubes a battle drops so far: the tray's content and the ``n`` attackers moved out of
    ``origin`` (both editions); the tray is empty until the tower's outcome refills it."""
    s = g.s
    s.armies[origin] -= n
    dropped = s.tray
    s.tray = [0] * (s.players + 1)
    dropped[seat] += n
    return dropped


def attack(g: Game, seat: int, origin: int, target: int, n: int) -> str:
    """Combat A/B into a county ``seat`` does not own: player vs player or vs a neutral county."""
    s = g.s
    peas = s.players
    defender = s.owner[target]
    dropped = attackers_drop(g, seat, origin, n)
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
        dropped[peas] += take_peasants(g, 2 if g.event_kind == "angry_peasants" else 1)
    allied = s.revolts[target] == 0  # peasants join a defender without revolt markers (W-19)
    out = fight_drop(g, dropped, battle_sides(seat, defender, peas, allied))
    a = out[seat]
    d_arm = out[defender] if defender >= 0 else 0
    d_peas = out[peas] if allied else 0
    result = settle_battle(g, seat, target, a, d_arm, d_peas)
    if g.logging:
        emit_battle(g, (seat, origin, target, defender, n), dropped, out, (a, d_arm + d_peas), result, extras=extras)
    if defender >= 0 and result != DEFENDER and s.mods.leader[defender] == target:
        county_lost(g, defender, target)  # Military Leaders: the leader leaves the board (W-31)
    return result


def emit_battle(
    g: Game,
    move: tuple[int, int, int, int, int],
    dropped: list[int],
    out: list[int],
    counts: tuple[int, int],
    result: str,
    **edition: object,
) -> None:
    """The public ``battle`` event of both editions: ``move`` is (attacker, origin, target, defender
    or -1, armies moved), ``counts`` the attacker's and the defender's cubes that fought; ``edition``
    holds the edition's own fields (2012: the extra armies; 2002: the commitment, the armies kept
    back and the farmers added), which stand after the armies moved."""
    seat, origin, target, defender, n = move
    g.emit(
        "battle",
        seat=seat,
        origin=BOARD.keys[origin],
        county=BOARD.keys[target],
        defender=defender if defender >= 0 else None,
        armies=n,
        **edition,
        dropped=g.colour_map(dropped),
        out=g.colour_map(out),
        attacker_count=counts[0],
        defender_count=counts[1],
        result=result,
    )


def revolt(g: Game, c: int, extra_peasants: int = 0, winter: bool = False, committed: int | None = None) -> bool:
    """Peasants against the owner of ``c``; True if the owner keeps the county (seed 000, revolts;
    seed 003, "Revolt"). ``committed``: the armies the owner throws in (2002, W-18), the others are
    held back and share the county's fate (W-21); None: all of them fight (2012)."""
    s = g.s
    peas = s.players
    seat = s.owner[c]
    dropped = s.tray
    s.tray = [0] * (peas + 1)
    fighting = s.armies[c] if committed is None else committed
    dropped[seat] += fighting
    s.armies[c] -= fighting
    kept = s.armies[c]
    dropped[peas] += take_peasants(g, s.revolts[c] + extra_peasants)
    out = fight_drop(g, dropped, (seat, peas))
    a, p = out[seat], out[peas]
    won = settle_revolt(g, c, a, p, kept)  # peasants win ties
    if g.logging:
        held = {} if committed is None else {"committed": committed, "kept": kept}
        g.emit(
            "revolt",
            seat=seat,
            county=BOARD.keys[c],
            winter=winter,
            **held,
            dropped=g.colour_map(dropped),
            out=g.colour_map(out),
            owner_count=a,
            peasant_count=p,
            result="owner" if won else "peasants",
        )
    if not won and s.mods.leader[seat] == c:
        county_lost(g, seat, c)  # Military Leaders: the leader leaves the board (W-31)
    return won
