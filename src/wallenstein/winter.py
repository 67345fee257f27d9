"""Winter: grain loss, supply revolts, scoring and the end of the year (seed 000, "Winter game
round"; rulings W-26..W-28)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.chance import Subset
from wallenstein.battle import revolt
from wallenstein.board import BOARD, BUILDING_BITS, BUILDINGS, SupplyRow
from wallenstein.edition2002 import F_WINTER, open_fight
from wallenstein.events2002 import TABLE as EVENTS_2002
from wallenstein.state import WINTER_ORDER

if TYPE_CHECKING:
    from wallenstein.game import Game

MAJORITY_AWARD = (3, 2, 1)  # palaces, churches, trading posts


def winter_loss(g: Game) -> int:
    """The grain every player loses in winter: the year's one event left (seed 000, "Winter")."""
    s = g.s
    return g.events[s.year_events[0]].winter_loss if s.year_events else 0


def supply_revolts(g: Game, seat: int) -> tuple[int, SupplyRow | None]:
    """How many of ``seat``'s counties revolt in winter for lack of grain (the supply chart), with the
    chart's row (None when the grain suffices); reads the grain held now."""
    s = g.s
    owned = len(s.counties_of(seat))
    row = BOARD.supply_row(owned - s.grain[seat])
    return (min(row.revolts, owned) if row is not None and owned else 0), row


def begin_winter(g: Game) -> None:
    s = g.s
    loss = winter_loss(g)
    for seat in range(s.players):
        s.grain[seat] = max(0, s.grain[seat] - loss)
    s.winter_turn = 0
    s.winter_drawn = False
    s.winter_queue = []
    if g.logging:
        note = {"standin": g.is_standin(EVENTS_2002)} if g.is2002 else {}  # W-29
        g.emit("winter", year=s.year, grain_loss=loss, grain=list(s.grain), **note)


def run_winter(g: Game) -> bool:
    """Resolve supply revolts in fall player order. True when a player must pick the next revolt."""
    s = g.s
    while s.winter_turn < len(s.order):
        seat = s.order[s.winter_turn]
        if not s.winter_drawn:
            s.winter_drawn = True
            owned = s.counties_of(seat)
            k, row = supply_revolts(g, seat)
            if row is not None and owned:
                drawn = g.draw("winter_revolts", Subset(owned, k))
                if any(c not in owned for c in drawn) or len(set(drawn)) != k:
                    raise g.corrupt(f"winter revolt draw {drawn} is not {k} counties of seat {seat}")
                s.winter_queue = list(drawn)
                s.winter_extra = row.extra_peasants
                if g.logging:
                    g.emit(
                        "supply_short",
                        seat=seat,
                        shortfall=len(owned) - s.grain[seat],
                        counties=[BOARD.keys[c] for c in drawn],
                        extra_peasants=row.extra_peasants,
                    )
        if len(s.winter_queue) >= 2:
            s.phase = WINTER_ORDER
            return True
        if s.winter_queue:
            if resolve_winter_revolt(g, s.winter_queue[0]):
                return True  # 2002: the owner decides how many armies fight
            continue
        s.winter_turn += 1
        s.winter_drawn = False
    return False


def resolve_winter_revolt(g: Game, c: int) -> bool:
    """Start the revolt in ``c``; True when it waits for the owner's commitment (2002, W-18)."""
    s = g.s
    s.winter_queue.remove(c)
    if s.owner[c] == s.order[s.winter_turn]:
        if g.is2002:
            return open_fight(g, (F_WINTER, -1, -1, c, 0, s.winter_extra))
        revolt(g, c, extra_peasants=s.winter_extra, winter=True)  # no marker is added in winter (W-26)
    return False


def score(g: Game) -> list[dict[str, int]]:
    """Winter scoring: 1 VP per county and per building, region majorities 3/2/1, ties minus 1."""
    detail, _ = tally(g)
    s = g.s
    for p in range(s.players):
        s.vp[p] += detail[p]["counties"] + detail[p]["buildings"] + detail[p]["majorities"]
    return detail


def tally(g: Game) -> tuple[list[dict[str, int]], list[list[list[int]]]]:
    """What winter scoring would give now, without giving it: each player's points by kind, and the
    building counts ``counts[region][kind][seat]`` (kind: palace, church, trading post)."""
    s = g.s
    players = s.players
    detail = [{"counties": 0, "buildings": 0, "majorities": 0} for _ in range(players)]
    counts = [[[0] * players for _ in BUILDINGS] for _ in BOARD.regions]
    for c, o in enumerate(s.owner):
        if o < 0:
            continue
        detail[o]["counties"] += 1
        b = s.buildings[c]
        for kind, bit in enumerate(BUILDING_BITS):
            if b & bit:
                detail[o]["buildings"] += 1
                counts[BOARD.region_of[c]][kind][o] += 1
    for region in counts:
        for kind, per_seat in enumerate(region):
            best = max(per_seat)
            if best == 0:
                continue  # W-27: a player needs at least one building of the type
            leaders = [p for p in range(players) if per_seat[p] == best]
            award = MAJORITY_AWARD[kind] - (1 if len(leaders) > 1 else 0)
            for p in leaders:
                detail[p]["majorities"] += award
    return detail, counts
