"""Arranged Wallenstein positions for the rulebook worked-example tests.

``arranged_game`` starts a normal game with a scripted tower, then clears the board: every county
is neutral (or out of play), every army is back in its owner's supply, no plan, no event, no bonus
tile. The tower fill (the first drop of every game) is scripted to leave everything inside, so the
tower holds 7 armies of each player and 10 peasants and the tray is empty. The helpers below move
pieces from the supplies onto the board, so the arranged position keeps every piece accounted for
(``wallenstein.invariants.check`` passes on it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wallenstein import Game, ScriptedTower, new_game
from wallenstein.board import BOARD, BUILDINGS, EMPTY, MONEY, N_BOXES
from wallenstein.state import MOVE, NEUTRAL

Outcome = Mapping[str, int] | Sequence[int]


def county(key: str) -> int:
    return BOARD.index(key)


def money(v: int) -> int:
    """The plan/bid code of money card ``v``."""
    return MONEY + v


def event_index(kind: str) -> int:
    """The first 2012 event card of this kind."""
    return next(e.index for e in BOARD.events if e.kind == kind)


def arranged_game(
    players: int = 4,
    outcomes: Sequence[Outcome] = (),
    seed: int = 0,
    planning: bool = False,
    fill: Outcome | None = None,
    scripted: bool = True,
    **options: Any,
) -> Game:
    """An empty board after the set-up; ``outcomes`` are the scripted tower drops after the fill.

    With ``planning`` the game stays in its first planning phase (to be driven through the public
    API); otherwise it is put in the action phase with player order 0..P-1, for calling the rule
    functions directly.

    ``fill`` scripts the tower fill (default: everything stays inside); ``scripted=False`` keeps the
    default tower model; ``options`` (edition, modules, printed) go to ``new_game``. The module and
    edition scenarios (court_scenario, lkml_scenario, scenario2002) build on this.
    """
    tower = ScriptedTower([fill if fill is not None else [0] * (players + 1), *outcomes]) if scripted else None
    g = new_game(players=players, seed=seed, tower=tower, **options)
    s = g.s
    for c, o in enumerate(s.owner):
        if o >= 0:
            s.supply[o] += s.armies[c]
            s.armies[c] = 0
            s.owner[c] = NEUTRAL
    if not planning:
        s.plans = [EMPTY] * (players * N_BOXES)
        s.plan_fill = [g.plan_size] * players
        s.order = list(range(players))
        s.position = [-1] * players
        s.event = -1
        s.act = 0
        s.turn = 0
        s.phase = MOVE
    g.refresh()
    return g


def give(g: Game, seat: int, key: str, armies: int) -> int:
    """``seat`` takes ``key`` with ``armies`` armies from its supply; returns the county index."""
    s = g.s
    c = county(key)
    assert s.owner[c] in (NEUTRAL, seat), f"{key} already belongs to seat {s.owner[c]}"
    assert armies >= 1 and s.supply[seat] >= armies
    s.owner[c] = seat
    s.supply[seat] -= armies
    s.armies[c] += armies
    return c


def build(g: Game, key: str, *kinds: str) -> None:
    """Put buildings (``"palace"``, ``"church"``, ``"trading_post"``) from the supply into ``key``."""
    s = g.s
    c = county(key)
    for kind in kinds:
        i = BUILDINGS.index(kind)
        bit = 1 << i
        assert not s.buildings[c] & bit
        s.bsupply[i] -= 1
        s.buildings[c] |= bit


def add_markers(g: Game, key: str, n: int) -> None:
    s = g.s
    s.markers -= n
    s.revolts[county(key)] += n


def set_event(g: Game, kind: str | None) -> None:
    g.s.event = -1 if kind is None else event_index(kind)


def give_tile(g: Game, seat: int, tile: int) -> None:
    """``seat`` holds bonus tile ``tile`` (it takes the position where the tile lies)."""
    s = g.s
    pos = s.tiles.index(tile)
    assert pos not in s.position, "another seat holds that tile"
    s.position[seat] = pos


def plan(g: Game, seat: int, action: int, key: str) -> None:
    """Put the card of ``key`` on ``seat``'s action box ``action``."""
    g.s.plans[seat * N_BOXES + action] = county(key)


def to_tray(g: Game, colour: int, n: int) -> None:
    """Move ``n`` cubes of ``colour`` (a seat, or ``players`` for the peasants) from supply to the tray."""
    s = g.s
    if colour == s.players:
        s.peasants -= n
    else:
        s.supply[colour] -= n
    s.tray[colour] += n


def last(g: Game, event: str) -> dict[str, Any]:
    """The last public log entry of the given kind (JSON: its fields are read as the test expects)."""
    return [e for e in g.log if e["e"] == event][-1]


def entries(g: Game, event: str) -> list[dict[str, Any]]:
    return [e for e in g.log if e["e"] == event]


def plan_lineup(g: Game, seat: int, bid: int) -> None:
    """Through ``apply``, a plan for a line-up seat that needs no decision: counties on the first 7
    boxes, money on deploy 1 and the two combat boxes; ``bid`` is a card code."""
    from wallenstein import Action

    mine = g.s.counties_of(seat)
    if bid < MONEY:
        mine.remove(bid)
    cash = [MONEY + v for v in range(5) if MONEY + v != bid]
    g.apply(seat, Action.plan([*mine[:7], *cash[:3]], bid))


def lueneburg(g: Game, tray: bool) -> int:
    """Seed 000's revolt example (``../shared/seeds/000_0e95b3a6bc0d281e.txt``, "Combat rules", revolt): Red
    (seat 0) holds Lüneburg with 4 armies, 2 revolt markers and a church; with ``tray`` the tray
    holds 2 yellow (seat 2) cubes and 1 peasant. Returns the county."""
    c = give(g, 0, "lueneburg", 4)
    add_markers(g, "lueneburg", 2)
    build(g, "lueneburg", "church")
    if tray:
        to_tray(g, 2, 2)
        to_tray(g, g.s.players, 1)
    return c
