"""Bids, player order and bonus tiles (seed 000, "Determine player order"; ruling W-09)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.chance import Deal
from wallenstein.board import AUCTION_BOX, BONUS_TILES, EMPTY, MONEY, N_BOXES, TOWER
from wallenstein.state import POSITION

if TYPE_CHECKING:
    from wallenstein.game import Game


def bid_rank(code: int) -> int:
    """0 is strongest: money 4, 3, 2, 1, then county cards, then the 0 card, then no card (W-09).
    A dice tower card (Emperor's Court) is a "0" card."""
    if code == EMPTY:
        return 6
    if code == TOWER:
        return 5
    if code >= MONEY:
        v = code - MONEY
        return 5 if v == 0 else 4 - v
    return 4


def reveal_bids(g: Game) -> None:
    """Reveal and pay the bids; ties within a rank are drawn at random. Opens position choice."""
    s = g.s
    ranks: dict[int, list[int]] = {}
    for seat in range(s.players):
        code = s.plans[seat * N_BOXES + AUCTION_BOX]
        s.bids[seat] = code
        if code >= MONEY and code != TOWER:
            s.thalers[seat] -= code - MONEY
        ranks.setdefault(bid_rank(code), []).append(seat)
    order: list[int] = []
    for rank in sorted(ranks):
        tied = ranks[rank]
        if len(tied) > 1:
            drawn = g.draw("bid_tie", Deal(tied))
            if sorted(drawn) != tied:
                raise g.corrupt(f"bid tie draw {drawn} is not an order of seats {tied}")
            tied = list(drawn)
        order.extend(tied)
    s.bid_order = order
    s.pos_turn = 0
    s.position = [-1] * s.players
    s.phase = POSITION
    if g.logging:
        from wallenstein.actions import card_name

        g.emit("bids", bids={str(p): card_name(s.bids[p]) for p in range(s.players)}, bid_order=order)


def free_positions(g: Game) -> list[int]:
    taken = set(g.s.position)
    return [p for p in range(5) if p not in taken]


def take_position(g: Game, seat: int, pos: int) -> None:
    s = g.s
    s.position[seat] = pos
    s.pos_turn += 1
    if g.logging:
        g.emit("position", seat=seat, position=pos + 1, tile=BONUS_TILES[s.tiles[pos]])
    if s.pos_turn == len(s.bid_order):
        s.order = sorted(range(s.players), key=lambda p: s.position[p])
