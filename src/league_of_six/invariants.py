"""Conservation checks: every goods block, guard, influence point and civic leader card accounted for.

Any count that does not add up makes ``check(game)`` raise an AssertionError that names it; the
random-game tests call it after each decision, and it costs little enough for a careful simulation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from league_of_six import state
from league_of_six.components import MAX_OFFER, N_GOODS, PILE_FIGURES

if TYPE_CHECKING:
    from league_of_six.game import Game


def check(g: Game) -> None:
    s = g.s
    comp = g.comp
    P = s.players
    # Goods: supply + wagons + storage spaces = the goods in the box, colour by colour.
    stored = [0] * N_GOODS
    if s.store_tiles[0] >= 0:
        lay = g.layout
        assert len(s.space_owner) == len(lay.colour) and len(s.row_chooser) == len(lay.store), "rows out of step"
        for k, owner in enumerate(s.space_owner):
            if owner >= 0:
                stored[lay.colour[k]] += 1
    for c in range(N_GOODS):
        on_wagons = sum(s.wagon[p * N_GOODS + c] for p in range(P))
        total = s.supply[c] + on_wagons + stored[c]
        assert total == comp.goods[c], f"goods colour {c}: {total} blocks, not {comp.goods[c]}"
        assert s.supply[c] >= 0 and min(s.wagon) >= 0, "negative goods"
    # Guards: hands = the starting guards + guards from the bank - guards returned to it (L-04).
    assert min(s.guards) >= 0, f"negative guards {s.guards}"
    assert sum(s.guards) == state.START_GUARDS * P + s.guards_issued - s.guards_returned, "guards not accounted for"
    # Influence: never below 0; start + scored - paid to the king.
    assert min(s.influence) >= 0, f"negative influence {s.influence}"
    assert sum(s.influence) == state.START_INFLUENCE * P + s.influence_scored - s.influence_paid, "influence lost"
    assert s.influence_paid % 2 == 0, "influence is paid 2 per guard"
    # Cards: every civic leader card in exactly one place; face-up cards match the piles.
    assert len(s.card_at) == len(comp.cards), "card count changed"
    for c, at in enumerate(s.card_at):
        card = comp.cards[c]
        assert at < P, f"card {c} held by seat {at}"
        if card.gray:
            assert at == state.GRAY_SUPPLY or at >= 0, f"gray card {c} at {at}"
        else:
            assert at in (state.FACE_DOWN, state.FACE_UP, state.BOXED) or at >= 0, f"pile card {c} at {at}"
    for f in PILE_FIGURES:
        up = s.faceup[f - 1]
        pile = comp.pile_cards[f - 1]
        assert up == -1 or (up in pile and s.card_at[up] == state.FACE_UP), f"face-up card of pile {f} is wrong"
        assert sum(1 for c in pile if s.card_at[c] == state.FACE_UP) == (up >= 0), f"pile {f}: stray face-up card"
        # One card of each pile is turned up per round: rounds - face-down = cards turned up so far.
        down = sum(1 for c in pile if s.card_at[c] == state.FACE_DOWN)
        assert down == len(pile) - s.round, f"pile {f}: {down} face-down cards in round {s.round}"
    # Figures: each town's counter holds at most one figure, on 0..12.
    if s.phase != state.OVER:
        assert 1 <= s.round <= 6, f"round {s.round}"
        for t in range(6):
            holder = s.occupant[t]
            if holder >= 0:
                assert s.town_of[holder] == t and 0 <= s.counter[holder] <= MAX_OFFER, f"town {t} counter"
                assert not s.besieged[t], f"a figure holds besieged town {t}"
        assert sum(s.besieged) in (0, 6 - P), f"{sum(s.besieged)} besieged towns"
        if s.phase in (state.CHOOSE, state.OFFER, state.RESPOND):
            holders = [p for p in range(P) if s.counter[p] >= 0]
            assert all(s.occupant[s.town_of[p]] == p for p in holders), "a counter figure is not its town's holder"
        else:
            assert sorted(s.occupant) == sorted([*range(P), *([-1] * (6 - P))]), "every player holds one town"
        if s.phase in (state.OFFER, state.RESPOND):
            assert 0 <= s.c_offer <= MAX_OFFER, "offer out of range"
        if s.phase in (state.STORE, state.BONUS):
            assert sorted(s.horse_tile) == list(range(6 - P, 6)), f"horse tiles {s.horse_tile}"
