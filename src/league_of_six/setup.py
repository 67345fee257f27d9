"""Set-up of the game and phase 1 of each round (seed 001, "Setup" and "1. Setup").

Chance draws, each recorded in the history: the ring of town tiles, the first marker order, and
every round the civic leader cards turned up, the besieged towns, the tax tiles and the storage
tiles. Drawing a pile's top card when it is turned up is the same chance as shuffling the pile at
the start, and keeps no secret order in the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from league_of_six.components import PILE_FIGURES, Components
from league_of_six.state import CHOOSE, FACE_DOWN, FACE_UP, GRAY_SUPPLY, State
from tabletop.chance import Deal, Replenished, Subset, Tops

if TYPE_CHECKING:
    from league_of_six.game import Game


def initial_state(comp: Components, players: int) -> State:
    s = State(players)
    s.supply = list(comp.goods)
    s.card_at = [GRAY_SUPPLY if c.gray else FACE_DOWN for c in comp.cards]
    s.tax_deck = list(range(len(comp.tax_tiles)))
    return s


def setup_game(g: Game) -> None:
    s = g.s
    ring = g.draw("ring", Deal(range(6)))
    if sorted(ring) != list(range(6)):
        raise g.corrupt(f"the ring {ring} is not an arrangement of the six towns")
    s.ring = list(ring)
    P = s.players
    first = g.draw("order", Deal(range(P)))
    if sorted(first) != list(range(P)):
        raise g.corrupt(f"the marker order {first} is not an order of the {P} seats")
    s.order = list(reversed(first))  # ``order`` runs from most guards to fewest; round 1 chooses first..last
    if g.logging:
        g.emit("setup", ring=[g.comp.towns[t].key for t in s.ring], sides=list(g.side_names), choosing=list(first))
    begin_round(g)


def begin_round(g: Game) -> None:
    """Phase 1: turn up the civic leaders, draw the besieged towns, place tax and storage tiles."""
    s = g.s
    comp = g.comp
    P = s.players
    # Civic leaders: the top card of each pile.
    piles = tuple(tuple(c for c in comp.pile_cards[f - 1] if s.card_at[c] == FACE_DOWN) for f in PILE_FIGURES)
    up = g.draw("leaders", Tops(piles))
    if len(up) != len(piles) or any((c not in p) if p else c != -1 for c, p in zip(up, piles, strict=False)):
        raise g.corrupt(f"civic leaders {up} are not the tops of the piles")
    for f, c in enumerate(up):
        s.faceup[f] = c
        if c >= 0:
            s.card_at[c] = FACE_UP
    # Hussites: one town remains for each player.
    siege = g.draw("siege", Subset(range(6), 6 - P))
    if len(siege) != 6 - P or len(set(siege)) != len(siege) or not all(0 <= t < 6 for t in siege):
        raise g.corrupt(f"besieged towns {siege} are not {6 - P} different towns")
    for t in siege:
        s.besieged[t] = 1
    free = [t for t in range(6) if not s.besieged[t]]
    # Tax tiles: from the pile; when it runs out the used tiles are shuffled into a new pile.
    deck, used = s.tax_deck, s.tax_used

    tiles = g.draw("tax_tiles", Replenished(deck, used, P))
    _take_tiles(g, tiles)
    for t, tile in zip(free, tiles, strict=True):
        s.tile_at[t] = tile
    # Storage tiles: a fresh pair each round, side I in rounds 1-3 and side II in rounds 4-6.
    if s.round in (1, 4):
        s.storage_left = list(range(len(comp.storage)))
    left = s.storage_left
    pair = g.draw("storage", Deal(left, 2))
    if len(pair) != 2 or pair[0] == pair[1] or not all(x in left for x in pair):
        raise g.corrupt(f"storage tiles {pair} are not two of the unused tiles {left}")
    s.store_tiles = list(pair)
    s.storage_left = [x for x in left if x not in pair]
    lay = g.layout
    s.row_chooser = [-1] * len(lay.store)
    s.space_owner = [-1] * len(lay.colour)
    if g.logging:
        g.emit(
            "round",
            round=s.round,
            leaders=[g.card_json(c) if c >= 0 else None for c in s.faceup],
            besieged=[comp.towns[t].key for t in siege],
            tax_tiles={comp.towns[t].key: tile for t, tile in zip(free, tiles, strict=True)},
            storage={"royal": pair[0], "civic": pair[1], "side": "I" if s.side == 0 else "II"},
        )
    s.turn = 0
    start_chooser(g)


def _take_tiles(g: Game, tiles: tuple[int, ...]) -> None:
    s = g.s
    P = s.players
    deck, used = s.tax_deck, s.tax_used
    ok = len(tiles) == P and len(set(tiles)) == P
    if ok and len(deck) >= P:
        ok = all(t in deck for t in tiles)
        rest_deck, rest_used = [t for t in deck if t not in tiles], used
    elif ok:
        ok = all(t in tiles for t in deck) and all(t in deck or t in used for t in tiles)
        rest_deck, rest_used = sorted(t for t in used if t not in tiles), []
    if not ok:
        raise g.corrupt(f"tax tiles {tiles} cannot come from the pile {deck} (used: {used})")
    s.tax_deck = rest_deck
    s.tax_used = rest_used


def start_chooser(g: Game) -> None:
    """The next seat in phase-2 order (fewest guards first) chooses its town."""
    s = g.s
    seat = s.order[s.players - 1 - s.turn]
    s.mover = seat
    s.mover_from = s.road_of[seat]
    s.displaced = False
    s.phase = CHOOSE
