"""Phase 6, clean-up (seed 001, "6. Cleanup"), and the end of the game ("End of the Game", L-06).

Unstored goods go back to the bank, as do the goods on the storage tiles; tax tiles are discarded,
Hussites leave, figures step onto the road in front of their towns, face-up civic leaders still on
the scoreboard leave the game, horse tiles go back. After round 6 the civic leader cards are revealed
and scored: 9/6/4/2 influence for the most figures of each kind (three players: 6/4/2), only for
players holding that kind; ties go to more guards in hand, then every tied player gets the lowest
value of the places they share. Most influence wins; ties go to more guards in hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from league_of_six.components import GOODS, KINDS, N_GOODS, ROUNDS
from league_of_six.state import BOXED, FACE_UP, OVER

if TYPE_CHECKING:
    from league_of_six.game import Game

AWARDS = {3: (6, 4, 2), 4: (9, 6, 4, 2), 5: (9, 6, 4, 2, 0)}


def end_round(g: Game) -> None:
    s = g.s
    P = s.players
    lost: list[dict[str, Any]] = []
    for p in range(P):
        base = p * N_GOODS
        row = s.wagon[base : base + N_GOODS]
        if any(row):
            lost.append({"seat": p, "goods": {GOODS[c]: n for c, n in enumerate(row) if n}})
        for c in range(N_GOODS):
            s.supply[c] += row[c]
            s.wagon[base + c] = 0
    lay = g.layout
    for k, owner in enumerate(s.space_owner):
        if owner >= 0:
            s.supply[lay.colour[k]] += 1
    if g.logging and lost:
        g.emit("lost", goods=lost)
    # Clean-up.
    for t in range(6):
        if s.tile_at[t] >= 0:
            s.tax_used.append(s.tile_at[t])
        s.tile_at[t] = -1
        s.turned[t] = -1
        s.besieged[t] = 0
        s.occupant[t] = -1
    s.tax_used.sort()
    for p in range(P):
        s.road_of[p] = s.town_of[p]
        s.town_of[p] = -1
        s.counter[p] = -1
        s.horses[p] = 0
        s.horse_tile[p] = 0
    for f, c in enumerate(s.faceup):
        if c >= 0 and s.card_at[c] == FACE_UP:
            s.card_at[c] = BOXED
        s.faceup[f] = -1
    s.store_tiles = [-1, -1]
    s.row_chooser = []
    s.space_owner = []
    s.store_order = []
    s.store_turn = 0
    if s.round == ROUNDS:
        final_scoring(g)
        return
    s.round += 1
    from league_of_six.setup import begin_round

    begin_round(g)


def figures(g: Game) -> list[list[int]]:
    """``figures[seat][kind]``: civic leader figures in each hand."""
    s = g.s
    out = [[0] * len(KINDS) for _ in range(s.players)]
    cards = g.comp.cards
    for c, at in enumerate(s.card_at):
        if at >= 0:
            out[at][cards[c].kind] += cards[c].figures
    return out


def majorities(players: int, counts: list[int], guards: list[int]) -> list[int]:
    """Influence each seat scores for one kind of civic leader (L-06)."""
    awards = AWARDS[players]
    ranked = sorted((p for p in range(players) if counts[p] > 0), key=lambda p: (-counts[p], -guards[p]))
    out = [0] * players
    i = 0
    while i < len(ranked):
        j = i
        key = (counts[ranked[i]], guards[ranked[i]])
        while j + 1 < len(ranked) and (counts[ranked[j + 1]], guards[ranked[j + 1]]) == key:
            j += 1
        value = awards[j] if j < len(awards) else 0  # the lowest value of the places they span
        for k in range(i, j + 1):
            out[ranked[k]] = value
        i = j + 1
    return out


def final_scoring(g: Game) -> None:
    s = g.s
    held = figures(g)
    detail: dict[str, Any] = {}
    for k, kind in enumerate(KINDS):
        counts = [held[p][k] for p in range(s.players)]
        points = majorities(s.players, counts, s.guards)
        for p, v in enumerate(points):
            s.influence[p] += v
            s.influence_scored += v
        detail[kind] = {"figures": counts, "influence": points}
    s.phase = OVER
    if g.logging:
        g.emit("final", guards=list(s.guards), majorities=detail, influence=list(s.influence))
        g.emit("game_over", **g.result())
