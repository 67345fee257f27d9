"""Arranged League of Six positions for the rulebook worked-example tests (seed 001,
``../shared/seeds/001_7c0a9294b8c55757.txt``).

``arranged_game`` starts a normal game with the examples' component set
(``los_examples_components.json``), then lays out round 1 as the examples need: the ring, the
besieged towns, tax tiles, and the choosing order. Every helper keeps goods, guards, influence and
cards accounted for, so ``league_of_six.invariants.check`` passes on the arranged positions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from league_of_six import Action, Game, new_game
from league_of_six.actions import row_action
from league_of_six.components import GOODS, KINDS, ROUNDS, TOWN_KEYS
from league_of_six.invariants import check
from league_of_six.setup import start_chooser
from league_of_six.state import BOXED, FACE_DOWN, FACE_UP, GRAY_SUPPLY, STORE

EXAMPLES = Path(__file__).resolve().parent / "los_examples_components.json"
RED, YELLOW, GREEN, BLUE, BLACK = range(5)
# The ring of the examples: Lauban next to Bautzen, Bautzen two towns from Kamenz, Zittau next to Kamenz.
RING = ("lauban", "bautzen", "gorlitz", "kamenz", "zittau", "lobau")


def town(key: str) -> int:
    return TOWN_KEYS.index(key)


def arranged_game(
    players: int = 4,
    ring: Sequence[str] = RING,
    besieged: Sequence[str] = ("gorlitz", "lobau"),
    choosing: Sequence[int] = (RED, YELLOW, GREEN, BLUE),
    tiles: Mapping[str, int] | None = None,
    seed: int = 0,
) -> Game:
    """Round 1 ready for choosing: ``choosing`` is the phase-2 order, ``tiles`` the tax tile per town
    (default: tile 0 in Kamenz, the other free towns the lowest remaining tiles)."""
    g = new_game(players=players, seed=seed, components=EXAMPLES)
    s = g.s
    s.ring = [town(k) for k in ring]
    s.besieged = [1 if k in besieged else 0 for k in TOWN_KEYS]
    free = [t for t in range(6) if not s.besieged[t]]
    wanted = dict(tiles) if tiles is not None else {"kamenz": 0}
    placed = {town(k): n for k, n in wanted.items()}
    spare = iter(n for n in range(len(g.comp.tax_tiles)) if n not in placed.values())
    s.tile_at = [-1] * 6
    for t in free:
        s.tile_at[t] = placed[t] if t in placed else next(spare)
    s.tax_deck = sorted(set(range(len(g.comp.tax_tiles))) - set(s.tile_at))
    s.order = list(reversed(choosing))
    s.turn = 0
    start_chooser(g)
    g.refresh()
    return g


def put(g: Game, towns: Mapping[int, tuple[str, int]]) -> None:
    """Stand figures on counters: ``{seat: (town key, number)}``."""
    s = g.s
    for seat, (key, number) in towns.items():
        t = town(key)
        s.town_of[seat] = t
        s.counter[seat] = number
        s.occupant[t] = seat
        s.road_of[seat] = -1


def load_wagon(g: Game, seat: int, goods: Mapping[str, int]) -> None:
    """Move goods from the supply onto a seat's wagon."""
    s = g.s
    for colour, n in goods.items():
        c = GOODS.index(colour)
        s.supply[c] -= n
        s.wagon[seat * 4 + c] += n


def start_storing(g: Game, order: Sequence[int], royal: int = 0, civic: int = 1) -> None:
    """Phase 5 with the given horse order and storage tiles (side of the current round)."""
    s = g.s
    s.store_tiles = [royal, civic]
    s.storage_left = [t for t in range(6) if t not in (royal, civic)]
    lay = g.layout
    s.row_chooser = [-1] * len(lay.store)
    s.space_owner = [-1] * len(lay.colour)
    s.store_order = list(order)
    for rank, p in enumerate(order):
        s.horse_tile[p] = 5 - rank
    s.store_turn = 0
    s.phase = STORE
    g.refresh()


def go(g: Game, seat: int, action: Action) -> None:
    """Apply ``action`` for ``seat``, which must be the one seat to decide; check the books after."""
    assert g.pending() == [seat], f"expected seat {seat} to decide, pending {g.pending()}"
    g.apply(seat, action)
    check(g)


def play_round(g: Game) -> None:
    """Play on through ``apply`` (each seat's first legal decision) until the next round's choosing."""
    start = g.s.round
    while g.s.round == start and not g.over:
        seat = g.pending()[0]
        g.apply(seat, g.legal_actions(seat)[0])
    check(g)


def final_round(g: Game) -> None:
    """Make the arranged round the last one: the civic leader cards not face up have been turned up
    and boxed by the earlier clean-ups (seed 001, "6. Cleanup")."""
    s = g.s
    s.round = ROUNDS
    s.card_at = [BOXED if at == FACE_DOWN else at for at in s.card_at]
    g.refresh()


def hand(g: Game, seat: int, kind: str, figures: int) -> None:
    """Put a civic leader card of ``kind`` with ``figures`` in a hand: from the box or the gray
    supply, else the face-up card of its pile (which then shows none)."""
    s = g.s
    fits = [c for c, card in enumerate(g.comp.cards) if KINDS[card.kind] == kind and card.figures == figures]
    c = next((c for c in fits if s.card_at[c] in (BOXED, GRAY_SUPPLY)), None)
    if c is None:
        c = next(c for c in fits if s.card_at[c] == FACE_UP)
        s.faceup[s.faceup.index(c)] = -1
    s.card_at[c] = seat


def set_guards(g: Game, guards: Sequence[int]) -> None:
    """Guards in hand, the difference to or from the bank."""
    s = g.s
    delta = sum(guards) - sum(s.guards)
    s.guards = list(guards)
    if delta > 0:
        s.guards_issued += delta
    else:
        s.guards_returned -= delta
    g.refresh()


def last_storing(g: Game, order: Sequence[int]) -> int:
    """Storing arranged so that one decision ends the round: the figures stand in the towns free of Hussites,
    the last seat in horse order holds a single blue block, and ``order[0]`` must choose a row for
    it. Returns ``order[0]``; its ``legal_actions(...)[0]`` stores the block, the round ends."""
    free = [k for k in RING if not g.s.besieged[town(k)]]
    put(g, {seat: (free[i], 0) for i, seat in enumerate(order)})
    load_wagon(g, order[-1], {"blue": 1})
    start_storing(g, order=order)
    check(g)
    return order[0]


def civic_row(g: Game, bonus: int) -> Action:
    """Storing arranged (Green first in horse order, then Red, Blue, Yellow) so that Green fills the
    civic row with ``bonus`` alone: Green holds exactly its goods, Red one block of each colour so
    that storing goes on. Returns the row's action for Green."""
    put(g, {RED: ("lauban", 0), YELLOW: ("zittau", 0), GREEN: ("bautzen", 0), BLUE: ("kamenz", 0)})
    start_storing(g, order=[GREEN, RED, BLUE, YELLOW])
    lay = g.layout
    r = next(i for i in range(len(lay.store)) if lay.store[i] == 1 and lay.bonus[i] == bonus)
    need: dict[str, int] = {}
    for k in range(lay.start[r], lay.start[r + 1]):
        need[GOODS[lay.colour[k]]] = need.get(GOODS[lay.colour[k]], 0) + 1
    load_wagon(g, GREEN, need)
    load_wagon(g, RED, {colour: 1 for colour in GOODS})
    check(g)
    return row_action(1, lay.number[r])
