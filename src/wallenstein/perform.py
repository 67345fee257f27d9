"""Performing the ten actions (seed 000, "Perform actions"; rulings W-05, W-05a, W-07, W-13..W-17,
W-22, W-22a).

A player performs an action if able, and skips it when it can be performed only in part. Modifiers
apply in the order event, then bonus tile, then the military leader standing in the county (W-14;
Military Leaders module, leaders.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wallenstein.actions import STAY_ACTION, Action, move_action
from wallenstein.battle import attack, can_attack, revolt
from wallenstein.board import (
    A_DEPLOY1,
    A_DEPLOY3,
    A_DEPLOY5,
    A_GRAIN,
    A_TAX,
    A_TRADING,
    BOARD,
    BUILDING_BITS,
    N_BOXES,
    T_DEPLOY6,
    T_GRAIN,
    T_TAX,
)
from wallenstein.favours import parry
from wallenstein.leaders import BUILD_DISCOUNT, EXTRA_ARMIES, EXTRA_INCOME
from wallenstein.state import MOVE, MOVE_COMBAT, MOVE_DEPLOY1

if TYPE_CHECKING:
    from wallenstein.game import Game


# Per income action: the county's yield, the capping event and cap, the floor event and floor, the tile.
_INCOME = {
    A_TAX: (BOARD.tax, "tax_max_5", 5, "tax_min_6", 6, T_TAX),
    A_GRAIN: (BOARD.grain, "grain_max_3", 3, "grain_min_4", 4, T_GRAIN),
}


def income_amount(g: Game, seat: int, c: int, action: int) -> int:
    """Taxes or grain collected in ``c``: the event's limit first, then the bonus tile, then the
    military leader (W-14)."""
    values, cap_event, cap, floor_event, floor, tile = _INCOME[action]
    amount = values[c]
    ev = g.event_kind
    if ev == cap_event:
        amount = min(amount, cap)
    elif ev == floor_event:
        amount = max(amount, floor)
    if g.tile_of(seat) == tile:
        amount += 1
    if g.s.mods.leader[seat] == c:
        amount += EXTRA_INCOME
    return amount


def tax_amount(g: Game, seat: int, c: int) -> int:
    return income_amount(g, seat, c, A_TAX)


def grain_amount(g: Game, seat: int, c: int) -> int:
    return income_amount(g, seat, c, A_GRAIN)


def printed_deploy(g: Game, action: int) -> int:
    """Armies the deploy card places under this season's event: what the supply must cover (W-05a)."""
    if action == A_DEPLOY5:
        return 3 if g.event_kind == "recruit_reduced" else 5
    return 2 if g.event_kind == "recruit_reduced" else 3


def deploy_amount(g: Game, seat: int, action: int) -> int:
    """Armies the deploy places with the bonus tile: the "6 armies" tile sets the number, whatever
    the event did (W-14)."""
    if action == A_DEPLOY5 and g.tile_of(seat) == T_DEPLOY6:
        return 6
    return printed_deploy(g, action)


# The log field marking an action improved by the military leader (absent otherwise), by
# ``leader == county`` (False/True index the tuple).
_LED: tuple[dict[str, bool], dict[str, bool]] = ({}, {"leader": True})


def build_cost(g: Game, seat: int, c: int, kind: int) -> int:
    """The building's price; a military leader in the county makes it cheaper (W-14)."""
    cost = BOARD.costs[kind]
    if g.s.mods.leader[seat] == c:
        cost -= BUILD_DISCOUNT
    return cost


def deploy_with_leader(g: Game, seat: int, c: int, n: int) -> int:
    """Armies deployed when ``n`` can be deployed: a military leader in the county adds his armies
    last, as many as the supply still holds (W-14, R-35)."""
    s = g.s
    if s.mods.leader[seat] == c:
        n += min(EXTRA_ARMIES, s.supply[seat] - n)
    return n


def can_build(g: Game, seat: int, c: int, kind: int) -> bool:
    s = g.s
    b = s.buildings[c]
    bit = BUILDING_BITS[kind]
    return (
        not b & bit
        and bin(b).count("1") < BOARD.sites[c]
        and s.bsupply[kind] > 0
        and s.thalers[seat] >= build_cost(g, seat, c, kind)
    )


def perform(g: Game, seat: int, action: int) -> bool:
    """Perform ``seat``'s planned ``action``. True when it waits for the player's move decision."""
    s = g.s
    c = planned_county(g, seat, action)
    if c < 0:
        return False
    if action <= A_TRADING:
        if not can_build(g, seat, c, action):
            g.skip(seat, action, c, "cannot build")
            return False
        s.thalers[seat] -= build_cost(g, seat, c, action)
        s.bsupply[action] -= 1
        s.buildings[c] |= BUILDING_BITS[action]
        calmed = 0
        if action == A_TRADING and g.event_kind == "trade_calms" and s.revolts[c] > 0:
            s.revolts[c] -= 1
            s.markers += 1
            calmed = 1
        g.did(seat, action, c, calmed=calmed, **_LED[s.mods.leader[seat] == c])
        return False
    if action == A_GRAIN or action == A_TAX:
        amount = income_amount(g, seat, c, action)
        if action == A_GRAIN:
            s.grain[seat] += amount
        else:
            s.thalers[seat] += amount
        g.did(seat, action, c, amount=amount, **_LED[s.mods.leader[seat] == c])
        # W-13: income first, then a revolt where a marker already lay, then one more marker.
        if s.revolts[c] > 0 and not revolt(g, c):
            return False
        if s.markers > 0 and not (s.court is not None and parry(g, seat, c)):  # R-04; favour 4
            s.markers -= 1
            s.revolts[c] += 1
            if g.logging:
                g.emit("marker", seat=seat, county=BOARD.keys[c], revolt=s.revolts[c])
        return False
    if action == A_DEPLOY5 or action == A_DEPLOY3:
        cost = BOARD.costs[action]
        if s.thalers[seat] < cost or s.supply[seat] < printed_deploy(g, action):
            g.skip(seat, action, c, "cannot pay" if s.thalers[seat] < cost else "army supply short")
            return False
        # W-05a: the printed deploy is performed; only extras the supply cannot give are cut.
        n = deploy_with_leader(g, seat, c, min(deploy_amount(g, seat, action), s.supply[seat]))
        s.thalers[seat] -= cost
        s.supply[seat] -= n
        s.armies[c] += n
        g.did(seat, action, c, armies=n, **_LED[s.mods.leader[seat] == c])
        return False
    if action == A_DEPLOY1:
        if s.thalers[seat] < 1 or s.supply[seat] < 1:
            g.skip(seat, action, c, "cannot pay" if s.thalers[seat] < 1 else "army supply short")
            return False  # W-15: the move is skipped with the deploy
        n = deploy_with_leader(g, seat, c, 1)
        s.thalers[seat] -= 1
        s.supply[seat] -= n
        s.armies[c] += n
        g.did(seat, action, c, armies=n, **_LED[s.mods.leader[seat] == c])
        return _open_move(g, c, MOVE_DEPLOY1)
    return open_combat(g, seat, action, c)


def planned_county(g: Game, seat: int, action: int) -> int:
    """The county whose card ``seat`` planned on ``action``'s box, or -1 when nothing is performed:
    no county card there (money, blank, empty box), or the county was lost since planning (W-22,
    W-22a: skipped, lost with the card for the season). Both editions."""
    s = g.s
    c = s.plans[seat * N_BOXES + action]
    if c < 0 or c >= len(s.owner):
        return -1
    if not s.holds_planned(seat, c):
        g.skip(seat, action, c, "county lost")
        return -1
    return c


def open_combat(g: Game, seat: int, action: int, c: int) -> bool:
    """Combat A / B from ``c`` (W-16, both editions): the move decision opens when the county has
    armies to move and a county to enter, else the action is skipped."""
    s = g.s
    if s.armies[c] < 2 or not move_targets(g, seat, c, MOVE_COMBAT):
        g.skip(seat, action, c, "no army to move" if s.armies[c] < 2 else "no county to enter")
        return False
    g.did(seat, action, c)
    return _open_move(g, c, MOVE_COMBAT)


def _open_move(g: Game, c: int, kind: int) -> bool:
    s = g.s
    s.move_from = c
    s.move_kind = kind
    if kind == MOVE_DEPLOY1 and not move_targets(g, s.owner[c], c, kind):
        return False
    s.phase = MOVE
    return True


def move_targets(g: Game, seat: int, origin: int, kind: int) -> list[int]:
    """Counties the armies of ``origin`` may enter: own neighbours, and for combat any neighbour
    in play that may be attacked (W-16, W-17)."""
    s = g.s
    owner = s.owner
    if kind == MOVE_DEPLOY1:
        return [t for t in BOARD.neighbours[origin] if owner[t] == seat]
    return [t for t in BOARD.neighbours[origin] if owner[t] == seat or (owner[t] >= -1 and can_attack(g, t))]


def move_actions(g: Game, seat: int) -> list[Action]:
    s = g.s
    origin = s.move_from
    most = s.armies[origin] - 1
    out = [STAY_ACTION] if s.move_kind == MOVE_DEPLOY1 else []
    for t in move_targets(g, seat, origin, s.move_kind):
        out.extend([move_action(t, n) for n in range(1, most + 1)])
    return out


def resolve_move(g: Game, seat: int, act: Action) -> None:
    """Carry out a move decision (validated by the caller): a plain move or an attack."""
    s = g.s
    origin = s.move_from
    if act.kind == "move":
        target, n = act.a, act.b
        if s.owner[target] == seat:
            s.armies[origin] -= n
            s.armies[target] += n
            if g.logging:
                g.emit("move", seat=seat, origin=BOARD.keys[origin], county=BOARD.keys[target], armies=n)
        else:
            attack(g, seat, origin, target, n)
    elif g.logging:
        g.emit("stay", seat=seat, county=BOARD.keys[origin])
    s.move_from = -1


__all__ = ["income_amount", "move_actions", "open_combat", "perform", "planned_county", "resolve_move"]
