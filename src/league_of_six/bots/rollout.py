"""A cheaper roll-out policy for League of Six's ``ismcts`` bot (``rollout=quick``).

The heuristic's storage decision (:func:`league_of_six.bots.heuristic.store_values`) looks one step
ahead with the engine: a clone of the game and an ``apply`` per row, and the civic leader figures
counted twice per row. It was more than half of a search's time (a profile of 12 decisions at 150
simulations: 13.3 of 22.8 s). A row nobody chose has all its spaces free (seed 001, "5. Storing
Goods"; L-05: the chooser, then the others clockwise, fill its spaces of their colours), so what
each seat places, and whether the chooser gets the row's bonus, follow from the wagons alone:
:func:`quick_store_values` computes that without the engine. Its values are the heuristic's except
where the engine plays on by itself after the row (a next row that is the only choice, the
round's end, the final majorities), which the heuristic counts in the row's value and this one
leaves out (6% of 1,331 storage decisions of 60 games differed in some row's value). Every other
decision is the heuristic's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from league_of_six.actions import Action
from league_of_six.bots.heuristic import Values, decide, leader_value
from league_of_six.components import N_GOODS
from league_of_six.game import Game
from league_of_six.state import STORE
from league_of_six.storing import bonus_piles


def quick_store_values(g: Game, seat: int, legal: Sequence[Action], v: Values) -> list[tuple[float, Action]]:
    """(value, row) for each storage row: what ``seat`` scores by choosing it (the row's bonus
    included), minus ``v.rival`` times the best rival's points from it."""
    s = g.s
    lay = g.layout
    P = s.players
    wagon = s.wagon
    colour, value = lay.colour, lay.value
    cards = g.comp.cards
    out = []
    for a in legal:
        r = lay.index[a.a][a.b]
        spaces = lay.fill[r]
        left = len(spaces)
        mine = rival = 0.0
        used = [False] * len(spaces)
        for i in range(P):
            p = (seat + i) % P
            base = p * N_GOODS
            taken = [0] * N_GOODS  # blocks of each colour this seat placed in the row
            points = 0
            for j, k in enumerate(spaces):
                c = colour[k]
                if not used[j] and wagon[base + c] > taken[c]:
                    used[j] = True
                    taken[c] += 1
                    points += value[k]
                    left -= 1
            if p == seat:
                mine = points
            elif points > rival:
                rival = points
        card = 0.0
        if left == 0:  # the row is full: its chooser takes the bonus
            bonus = lay.bonus[r]
            if lay.store[r] == 0:
                mine += bonus
            else:
                piles = bonus_piles(g, bonus)
                if piles:
                    card = max(
                        leader_value(g, seat, c.kind, c.figures, v) for c in (cards[s.faceup[f - 1]] for f in piles)
                    )
        out.append((mine + card - v.rival * rival, a))
    return out


def policy(g: Game, seat: int, legal: Sequence[Action], v: Values, rng: random.Random | None = None) -> Action:
    """The roll-out's decision: the heuristic's, with the storage rows valued by the quick version."""
    if g.s.phase == STORE and len(legal) > 1:
        options = quick_store_values(g, seat, legal, v)
        if v.noise and rng is not None:
            options = [(val + rng.gauss(0.0, v.noise), a) for val, a in options]
        return max(options, key=lambda o: o[0])[1]
    return decide(g, seat, legal, v, rng)


__all__ = ["policy", "quick_store_values"]
