"""Phase 4, tax collection (seed 001, "4. Tax Collection"), and the horse tiles that open phase 5.

In phase-4 order (most guards spent first) each player turns the tax tile in their town: every arrow
points at an edge of the town tile, and the player collects what the pointed edges and the tile's
centre show: guards from the bank, goods blocks onto the wagon, horses (counted for the storing
order), and for two civic-leader figures in the centre the matching gray card. Goods the supply
no longer holds are not collected; no gray card left of that kind means none is taken (LR-02).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from league_of_six.actions import ROTATES, Action
from league_of_six.components import GUARD, HORSE, N_GOODS
from league_of_six.state import GRAY_SUPPLY, ROTATE

if TYPE_CHECKING:
    from league_of_six.game import Game


def begin_taxes(g: Game) -> None:
    s = g.s
    s.turn = 0
    s.phase = ROTATE


def collector(g: Game) -> int:
    return g.s.order[g.s.turn]


def rotate_options(g: Game, seat: int) -> list[Action]:
    s = g.s
    tile = s.tile_at[s.town_of[seat]]
    return [ROTATES[r] for r in g.comp.rotations[tile]]


def collect(g: Game, seat: int, rotation: int) -> None:
    s = g.s
    comp = g.comp
    town = s.town_of[seat]
    tile = s.tile_at[town]
    got = comp.gains[town][g.sides[town]][tile][rotation]
    s.turned[town] = rotation
    s.guards[seat] += got[GUARD]
    s.guards_issued += got[GUARD]
    s.horses[seat] += got[HORSE]
    goods = [0] * N_GOODS
    base = seat * N_GOODS
    for c in range(N_GOODS):
        n = min(got[c], s.supply[c])
        s.supply[c] -= n
        s.wagon[base + c] += n
        goods[c] = n
    card = -1
    leader = comp.tax_tiles[tile].leader
    if leader is not None:
        for c in comp.gray_cards:
            if s.card_at[c] == GRAY_SUPPLY and (comp.cards[c].kind, comp.cards[c].figures) == leader:
                s.card_at[c] = seat
                card = c
                break
    if g.logging:
        g.emit(
            "collect",
            seat=seat,
            town=comp.towns[town].key,
            tile=tile,
            turn=rotation,
            guards=got[GUARD],
            horses=got[HORSE],
            goods=goods,
            short=[got[c] - goods[c] for c in range(N_GOODS)],
            card=g.card_json(card) if card >= 0 else None,
            wanted_card=g.leader_json(leader) if leader is not None and card < 0 else None,
        )
    s.turn += 1
    if s.turn == s.players:
        from league_of_six.storing import begin_storing

        begin_storing(g)
