"""Phase 5, storing goods (seed 001, "5. Storing Goods"; L-05).

Horse tiles 5, 4, ... go to the players by horses collected (ties: higher town number). In that
order, round after round, each player chooses a row not chosen yet on the royal or the civic stores.
The chooser, then the players clockwise from the chooser's left, must each put every block they
can into the row's free spaces of the same colour, scoring each space's value. When the row is
full its chooser gets the bonus: royal rows that much influence, civic rows a face-up civic leader
card from a pile with at most that many figures (none if no such card is left; the pile is not
turned up again). Rows are chosen while some block could still go into some row that nobody chose
(LR-03); blocks that cannot be stored are lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from league_of_six.actions import LEADERS, Action, row_action
from league_of_six.components import GOODS, N_GOODS
from league_of_six.state import BONUS, STORE

if TYPE_CHECKING:
    from league_of_six.game import Game


def begin_storing(g: Game) -> None:
    s = g.s
    number = [t.number for t in g.comp.towns]
    s.store_order = sorted(range(s.players), key=lambda p: (-s.horses[p], -number[s.town_of[p]]))
    for rank, p in enumerate(s.store_order):
        s.horse_tile[p] = 5 - rank
    if g.logging:
        g.emit("horses", order=list(s.store_order), horses=[s.horses[p] for p in s.store_order])
    s.store_turn = 0
    next_row(g)


def useful_rows(g: Game) -> list[int]:
    """Rows nobody chose yet with a space for a colour some player still has (a row's spaces are
    all free until it is chosen, so its colour mask says what it takes)."""
    s = g.s
    held = 0
    wagon = s.wagon
    for i, n in enumerate(wagon):
        if n:
            held |= 1 << (i & 3)
    if not held:
        return []
    mask = g.layout.mask
    return [r for r, chooser in enumerate(s.row_chooser) if chooser < 0 and mask[r] & held]


def chooser(g: Game) -> int:
    s = g.s
    return s.store_order[s.store_turn % s.players]


def row_options(g: Game, seat: int) -> list[Action]:
    lay = g.layout
    return [row_action(lay.store[r], lay.number[r]) for r in useful_rows(g)]


def next_row(g: Game) -> None:
    """The next chooser in horse order picks a row, or the phase ends when no block fits anywhere."""
    s = g.s
    if useful_rows(g):
        s.phase = STORE
        return
    from league_of_six.cleanup import end_round

    end_round(g)


def choose_row(g: Game, seat: int, action: Action) -> None:
    s = g.s
    lay = g.layout
    r = lay.index[action.a][action.b]
    s.row_chooser[r] = seat
    P = s.players
    placed_by: list[dict[str, Any]] = []
    owner, wagon, colour, value = s.space_owner, s.wagon, lay.colour, lay.value
    spaces = lay.fill[r]
    for i in range(P):
        p = (seat + i) % P
        base = p * N_GOODS
        points = 0
        placed = []
        for k in spaces:
            c = colour[k]
            if owner[k] < 0 and wagon[base + c]:
                owner[k] = p
                wagon[base + c] -= 1
                points += value[k]
                placed.append(k)
        if placed:
            s.influence[p] += points
            s.influence_scored += points
            if g.logging:
                placed.sort()
                goods = [GOODS[colour[k]] for k in placed]
                placed_by.append({"seat": p, "goods": goods, "influence": points})
    full = all(owner[k] >= 0 for k in spaces)
    if g.logging:
        g.emit("row", seat=seat, **g.row_json(r), placed=placed_by, full=full)
    if full:
        bonus = lay.bonus[r]
        if lay.store[r] == 0:
            s.influence[seat] += bonus
            s.influence_scored += bonus
            if g.logging:
                g.emit("bonus", seat=seat, influence=bonus)
        else:
            piles = bonus_piles(g, bonus)
            if len(piles) > 1:
                s.bonus_limit = bonus
                s.phase = BONUS
                return
            if piles:
                take_leader(g, seat, piles[0])
                return
            if g.logging:
                g.emit("bonus", seat=seat, card=None)
    s.store_turn += 1
    next_row(g)


def bonus_piles(g: Game, limit: int) -> list[int]:
    """Figures of the piles whose face-up card a civic bonus of ``limit`` may take."""
    faceup = g.s.faceup
    return [f for f in range(1, min(limit, 4) + 1) if faceup[f - 1] >= 0]


def bonus_options(g: Game, seat: int) -> list[Action]:
    return [LEADERS[f] for f in bonus_piles(g, g.s.bonus_limit)]


def take_leader(g: Game, seat: int, figures: int) -> None:
    s = g.s
    card = s.faceup[figures - 1]
    s.faceup[figures - 1] = -1
    s.card_at[card] = seat
    s.bonus_limit = 0
    if g.logging:
        g.emit("bonus", seat=seat, card=g.card_json(card))
    s.store_turn += 1
    next_row(g)
